//! Cards, their values and their notation.
//!
//! Notation: a rank (`A 2 … 9 T J Q K`, also `10`) followed by a suit letter
//! (`c d h s`) or symbol (`♣ ♦ ♥ ♠`, outlined forms too), case-insensitive:
//! `Kh`, `Td`, `10d`, `K♥`. Cards print as `Kh`, `Td`.

use core::fmt;
use core::str::FromStr;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(index: u8) -> Option<Suit> {
        Suit::ALL.get(index as usize).copied()
    }

    pub fn letter(self) -> char {
        ['c', 'd', 'h', 's'][self as usize]
    }

    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    fn parse(c: char) -> Option<Suit> {
        Some(match c.to_ascii_lowercase() {
            'c' | '♣' | '♧' => Suit::Clubs,
            'd' | '♦' | '♢' => Suit::Diamonds,
            'h' | '♥' | '♡' => Suit::Hearts,
            's' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

/// A playing card. Ranks run 1 (Ace) to 13 (King); the rank is also the
/// card's value in the pair games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub rank: u8,
    pub suit: Suit,
}

pub const ACE: u8 = 1;
pub const JACK: u8 = 11;
pub const QUEEN: u8 = 12;
pub const KING: u8 = 13;

impl Card {
    /// A card, or `None` when `rank` is not 1..=13.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        (ACE..=KING).contains(&rank).then_some(Card { rank, suit })
    }

    /// The position of the card in a fresh deck: clubs A–K, diamonds,
    /// hearts, spades (0..52).
    pub fn deck_index(self) -> u8 {
        self.suit.index() * 13 + self.rank - 1
    }

    pub fn from_deck_index(index: u8) -> Option<Card> {
        let suit = Suit::from_index(index / 13)?;
        Card::new(index % 13 + 1, suit)
    }

    pub fn rank_char(self) -> char {
        b"A23456789TJQK"[self.rank as usize - 1] as char
    }

    /// `K♥` — for people. (`Display` gives the ASCII notation `Kh`.)
    pub fn pretty(self) -> String {
        let rank = match self.rank {
            10 => "10".to_string(),
            _ => self.rank_char().to_string(),
        };
        format!("{rank}{}", self.suit.symbol())
    }

    /// `King of hearts`
    pub fn spoken(self) -> String {
        let rank = match self.rank {
            ACE => "Ace".to_string(),
            JACK => "Jack".to_string(),
            QUEEN => "Queen".to_string(),
            KING => "King".to_string(),
            n => n.to_string(),
        };
        format!("{rank} of {}", self.suit.name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Two chars, not `write!`: notations are written for every move
        // listed while a line is checked.
        use fmt::Write as _;
        f.write_char(self.rank_char())?;
        f.write_char(self.suit.letter())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError {
    pub input: String,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a card: write a rank (A 2-9 T J Q K, or 10) and a suit (c d h s or ♣ ♦ ♥ ♠), e.g. Kh, Td, 10d, K♥",
            self.input
        )
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(input: &str) -> Result<Card, CardParseError> {
        let error = || CardParseError { input: input.to_string() };
        let text = input.trim();
        let suit_char = text.chars().last().ok_or_else(error)?;
        let suit = Suit::parse(suit_char).ok_or_else(error)?;
        let rank_text = &text[..text.len() - suit_char.len_utf8()];
        let rank = match rank_text.to_ascii_uppercase().as_str() {
            "A" | "1" => ACE,
            "T" | "10" => 10,
            "J" => JACK,
            "Q" => QUEEN,
            "K" => KING,
            digit if digit.len() == 1 && (b'2'..=b'9').contains(&digit.as_bytes()[0]) => {
                digit.as_bytes()[0] - b'0'
            }
            _ => return Err(error()),
        };
        Card::new(rank, suit).ok_or_else(error)
    }
}

/// Parses cards separated by white space or commas: `"5s 9h, Qd"`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardParseError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(str::parse)
        .collect()
}

/// The canonical form of one move's notation: parts split at `+`, cards
/// printed in standard notation, words lowercased, parts sorted, so that
/// `6C+7d`, `7d+6c` and `7♦ + 6♣` are one move. The host matches typed
/// moves this way, and so does the check of a claimed line.
pub fn canonical_notation(text: &str) -> String {
    let mut parts: Vec<String> = text
        .split('+')
        .map(str::trim)
        .map(|part| match part.parse::<CardId>() {
            Ok(card) => card.to_string(),
            Err(_) => part.to_lowercase(),
        })
        .collect();
    parts.sort();
    parts.join("+")
}

/// Prints cards in notation, separated by single spaces.
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

/// Most decks a game may deal ([`CardId`] numbers every card of them in a
/// byte; the contract carries a card's deck in the upper bits of its suit).
pub const MAX_DECKS: u8 = 4;

/// One physical card of a deal that may use several decks: the card and
/// which deck it came from (`copy` 0 is the first deck). A game of one deck
/// only ever has copy 0, and its cards print exactly as [`Card`]s do.
///
/// Notation: the card, then the deck's number from the second deck on:
/// `Qh` is the first deck's Queen of hearts, `Qh2` the second deck's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(u8);

impl CardId {
    /// `copy` must be below [`MAX_DECKS`].
    pub fn new(card: Card, copy: u8) -> CardId {
        assert!(copy < MAX_DECKS, "copy {copy} is beyond the {MAX_DECKS} decks a game may deal");
        CardId(copy * 52 + card.deck_index())
    }

    /// The id with this code (`copy × 52 + deck index`), if it is one.
    pub fn from_code(code: u8) -> Option<CardId> {
        (code < 52 * MAX_DECKS).then_some(CardId(code))
    }

    /// `copy × 52 + deck index`: 0..52 for the first deck, 52..104 for the
    /// second, and so on. Dense, for tables and masks.
    pub fn code(self) -> u8 {
        self.0
    }

    #[inline]
    pub fn card(self) -> Card {
        let index = self.0 % 52;
        Card { rank: index % 13 + 1, suit: Suit::ALL[(index / 13) as usize] }
    }

    pub fn copy(self) -> u8 {
        self.0 / 52
    }

    #[inline]
    pub fn rank(self) -> u8 {
        self.0 % 52 % 13 + 1
    }

    /// For people: `Q♥`, whichever deck it came from.
    pub fn pretty(self) -> String {
        self.card().pretty()
    }
}

impl From<Card> for CardId {
    fn from(card: Card) -> CardId {
        CardId::new(card, 0)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.copy() {
            0 => write!(f, "{}", self.card()),
            copy => write!(f, "{}{}", self.card(), copy + 1),
        }
    }
}

impl FromStr for CardId {
    type Err = CardParseError;

    /// A card (`Qh`, `10h`, `Q♥`), optionally followed by its deck's number
    /// (`Qh2`; `Qh1` is `Qh`).
    fn from_str(input: &str) -> Result<CardId, CardParseError> {
        let text = input.trim();
        let card_part = text.trim_end_matches(|c: char| c.is_ascii_digit());
        let number = &text[card_part.len()..];
        if number.is_empty() {
            return text.parse::<Card>().map(CardId::from);
        }
        let error = || CardParseError { input: input.to_string() };
        let deck: u8 = number.parse().map_err(|_| error())?;
        if deck == 0 || deck > MAX_DECKS {
            return Err(error());
        }
        Ok(CardId::new(card_part.parse::<Card>().map_err(|_| error())?, deck - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn notation_forms_agree() {
        let king_of_hearts = Card { rank: KING, suit: Suit::Hearts };
        for text in ["Kh", "kh", "KH", "K♥", "K♡", " Kh "] {
            assert_eq!(card(text), king_of_hearts, "{text}");
        }
        let ten_of_diamonds = Card { rank: 10, suit: Suit::Diamonds };
        for text in ["Td", "td", "10d", "10♦", "T♢"] {
            assert_eq!(card(text), ten_of_diamonds, "{text}");
        }
        assert_eq!(card("As"), Card { rank: ACE, suit: Suit::Spades });
        assert_eq!(card("7c"), Card { rank: 7, suit: Suit::Clubs });
    }

    #[test]
    fn printing_round_trips_for_every_card() {
        for index in 0..52 {
            let c = Card::from_deck_index(index).unwrap();
            assert_eq!(c.deck_index(), index);
            assert_eq!(card(&c.to_string()), c);
            assert_eq!(card(&c.pretty()), c);
        }
        assert_eq!(card("Td").to_string(), "Td");
        assert_eq!(card("10d").pretty(), "10♦");
        assert_eq!(card("Qs").spoken(), "Queen of spades");
    }

    #[test]
    fn bad_cards_are_refused_with_a_helpful_message() {
        for text in ["", "K", "h", "1", "11h", "0s", "Kx", "KKh", "Zh", "Dh"] {
            let error = text.parse::<Card>().unwrap_err();
            assert!(error.to_string().contains("is not a card"), "{text}: {error}");
        }
    }

    #[test]
    fn card_lists_parse_with_spaces_and_commas() {
        let cards = parse_cards("5s 9h,Qd,  10c").unwrap();
        assert_eq!(format_cards(&cards), "5s 9h Qd Tc");
        assert!(parse_cards("5s xx").is_err());
    }
    #[test]
    fn card_ids_name_their_deck_from_the_second_on() {
        let queen = card("Qh");
        assert_eq!(CardId::from(queen).to_string(), "Qh");
        assert_eq!(CardId::new(queen, 1).to_string(), "Qh2");
        assert_eq!(CardId::new(queen, 1).card(), queen);
        assert_eq!(CardId::new(queen, 1).copy(), 1);
        for text in ["Qh2", "q♥2", " Qh2 "] {
            assert_eq!(text.parse::<CardId>().unwrap(), CardId::new(queen, 1), "{text}");
        }
        assert_eq!("Qh1".parse::<CardId>().unwrap(), CardId::from(queen));
        assert_eq!("10d2".parse::<CardId>().unwrap(), CardId::new(card("Td"), 1));
        assert_eq!("2c2".parse::<CardId>().unwrap(), CardId::new(card("2c"), 1));
        for bad in ["Qh0", "Qh5", "Q2", "2", "Qx2"] {
            assert!(bad.parse::<CardId>().is_err(), "{bad}");
        }
        for code in 0..104 {
            let id = CardId::from_code(code).unwrap();
            assert_eq!(id.to_string().parse::<CardId>().unwrap(), id);
            assert_eq!(CardId::new(id.card(), id.copy()), id);
        }
    }
}
