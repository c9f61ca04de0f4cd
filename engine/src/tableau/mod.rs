//! # Cards covered by cards: the tableau layer
//!
//! Most solitaires of the Pyramid family (and TriPeaks, Golf, …) deal cards
//! onto a table where some lie on others: a card can be played once nothing
//! lies on it, and may be dealt face down until then. This module is that
//! machinery, written once:
//!
//! * [`Shape`]: the positions, where each is drawn and which cover which,
//!   with constructors for pyramids, inverted pyramids, TriPeaks' peaks,
//!   reserve piles and grids, and [`Shape::beside`] / [`Shape::with`] to
//!   put several on one board;
//! * [`Tableau`]: the cards on a shape's positions as a game goes: dealing,
//!   which cards are free, which are seen, taking one, the slots the host
//!   draws, the check of a restored game, resampling what the player has
//!   not seen, and the explanations ("Qh is covered by 5d and 8c").
//! * [`Pile`]: a stack of cards (a stock, a waste), cheap to copy.
//!
//! A face-down card cannot reach a label, a move name or an explanation
//! through this module: [`Tableau::slot`] shows it as [`Face::Down`], and
//! everything that names cards for people ([`Tableau::seen_card`],
//! [`Tableau::locate`], the explanations) sees only the cards the player
//! sees. [`Tableau::card`] gives the rules every card, for deciding what is
//! legal; a rule that names a card it took from there must first know the
//! card is free (and so face up).

pub mod building;
pub mod shape;
pub mod waste;

pub use building::{neighbours, Ranks};
pub use shape::{bit, bits, Mask, Position, Shape, MAX_POSITIONS};
pub use waste::{Build, Waste};

use crate::card::CardId;
use crate::deal::DealRng;
use crate::layout::{Face, Slot, SlotKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` cards in a fixed array, so that copying a game (which the
/// solver does for every position it visits) never allocates. Saved as
/// the list of its cards.
#[derive(Copy, Clone)]
pub struct Cards<const N: usize> {
    codes: [u8; N],
    len: u8,
}

impl<const N: usize> Cards<N> {
    pub const EMPTY: Cards<N> = Cards { codes: [0; N], len: 0 };

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, index: usize) -> Option<CardId> {
        (index < self.len()).then(|| CardId::from_code(self.codes[index]).expect("only card codes are stored"))
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = CardId> + ExactSizeIterator + '_ {
        self.codes[..self.len()].iter().map(|&code| CardId::from_code(code).expect("only card codes are stored"))
    }

    /// Adds a card at the end (the top, for a pile).
    pub fn push(&mut self, card: CardId) {
        let len = self.len();
        assert!(len < N, "more than {N} cards");
        self.codes[len] = card.code();
        self.len += 1;
    }

    /// Takes the card at the end.
    pub fn pop(&mut self) -> Option<CardId> {
        let card = self.last()?;
        self.len -= 1;
        Some(card)
    }

    pub fn last(&self) -> Option<CardId> {
        self.len.checked_sub(1).and_then(|index| self.get(index as usize))
    }

    /// Takes the card at `index` out, closing the gap.
    pub fn remove(&mut self, index: usize) -> CardId {
        let card = self.get(index).expect("the index is within the cards");
        let len = self.len();
        self.codes.copy_within(index + 1..len, index);
        self.len -= 1;
        card
    }

    pub fn set(&mut self, index: usize, card: CardId) {
        assert!(index < self.len(), "the index is within the cards");
        self.codes[index] = card.code();
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn to_vec(&self) -> Vec<CardId> {
        self.iter().collect()
    }
}

impl<const N: usize> FromIterator<CardId> for Cards<N> {
    fn from_iter<I: IntoIterator<Item = CardId>>(cards: I) -> Cards<N> {
        let mut all = Cards::EMPTY;
        cards.into_iter().for_each(|card| all.push(card));
        all
    }
}

impl<const N: usize> Default for Cards<N> {
    fn default() -> Cards<N> {
        Cards::EMPTY
    }
}

/// Equal when they hold the same cards in the same order (what lies past
/// the end is left over from earlier cards).
impl<const N: usize> PartialEq for Cards<N> {
    fn eq(&self, other: &Cards<N>) -> bool {
        self.codes[..self.len()] == other.codes[..other.len()]
    }
}

impl<const N: usize> Eq for Cards<N> {}

impl<const N: usize> core::hash::Hash for Cards<N> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.codes[..self.len()].hash(state);
    }
}

impl<const N: usize> core::fmt::Debug for Cards<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter().map(|card| card.to_string())).finish()
    }
}

impl<const N: usize> Serialize for Cards<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.codes[..self.len()])
    }
}

impl<'de, const N: usize> Deserialize<'de> for Cards<N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cards<N>, D::Error> {
        use serde::de::Error;
        let bytes: Vec<u8> = serde::Deserialize::deserialize(deserializer)?;
        if bytes.len() > N {
            return Err(D::Error::custom(format!("{} cards where at most {N} fit", bytes.len())));
        }
        let mut cards = Cards::EMPTY;
        for code in bytes {
            cards.push(CardId::from_code(code).ok_or_else(|| D::Error::custom(format!("{code} is not a card")))?);
        }
        Ok(cards)
    }
}

/// A pile of cards (a stock, a waste pile), bottom first: enough for the
/// stock of a two-deck game.
pub type Pile = Cards<104>;

/// The cards on a shape's positions: which card was dealt where, and which
/// positions still hold theirs. The shape itself is not part of the value
/// (a game's rules give it), so a game stays small and cheap to copy.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tableau {
    cards: Cards<MAX_POSITIONS>,
    present: Mask,
}

impl Tableau {
    /// Deals one card from `cards` onto each position of `shape`, in the
    /// shape's order (its positions are numbered as they are dealt).
    pub fn deal(shape: &Shape, cards: &mut impl Iterator<Item = CardId>) -> Tableau {
        let dealt: Cards<MAX_POSITIONS> = cards.take(shape.len()).collect();
        assert_eq!(dealt.len(), shape.len(), "the deal has a card for every position");
        Tableau { cards: dealt, present: shape.all() }
    }

    /// The positions that still hold their card.
    pub fn present(&self) -> Mask {
        self.present
    }

    pub fn is_present(&self, position: usize) -> bool {
        self.present & bit(position) != 0
    }

    /// How many cards are still on the table.
    pub fn left(&self) -> u32 {
        self.present.count_ones()
    }

    pub fn is_clear(&self) -> bool {
        self.present == 0
    }

    /// The card dealt at `position`, seen or not: for the rules to decide
    /// what is legal. Name it to the player only once it is free.
    pub fn card(&self, position: usize) -> CardId {
        self.cards.get(position).expect("the position is on the shape")
    }

    /// The cards on the table now, seen or not.
    pub fn cards_left(&self) -> impl Iterator<Item = CardId> + '_ {
        bits(self.present).map(|position| self.card(position))
    }

    /// The positions whose card nothing lies on.
    pub fn free(&self, shape: &Shape) -> Mask {
        shape.free(self.present)
    }

    pub fn is_free(&self, shape: &Shape, position: usize) -> bool {
        self.is_present(position) && shape.covered_by(position) & self.present == 0
    }

    /// The positions whose card the player has not seen: dealt face down
    /// and still covered. A card only ever leaves the table, so a card once
    /// free stays free: "free" and "seen" are the same for face-down cards.
    pub fn hidden(&self, shape: &Shape) -> Mask {
        self.present & shape.face_down() & !self.free(shape)
    }

    /// The card at `position` if the player sees it.
    pub fn seen_card(&self, shape: &Shape, position: usize) -> Option<CardId> {
        (self.is_present(position) && self.hidden(shape) & bit(position) == 0).then(|| self.card(position))
    }

    /// Whether `card` was dealt onto the table and has been taken off it
    /// (so the player has seen it).
    pub fn took(&self, card: CardId) -> bool {
        self.cards.codes[..self.cards.len()].iter().enumerate().any(|(p, &code)| code == card.code() && !self.is_present(p))
    }

    /// Takes the card at `position` off the table.
    pub fn take(&mut self, position: usize) -> CardId {
        assert!(self.is_present(position), "position {position} holds a card");
        self.present &= !bit(position);
        self.card(position)
    }

    /// What the host draws for `position`: its place, its card face up or
    /// down (or nothing), and whether the player may use it. The slot id is
    /// the position.
    pub fn slot(&self, shape: &Shape, position: usize, kind: SlotKind, playable: bool) -> Slot {
        let place = shape.position(position);
        let slot = match self.seen_card(shape, position) {
            Some(card) => Slot::card(position as u32, kind, place.x, place.y, card),
            None if self.is_present(position) => Slot::new(position as u32, kind, place.x, place.y, Face::Down),
            None => Slot::new(position as u32, kind, place.x, place.y, Face::Empty),
        };
        slot.z(place.z).playable(playable && self.is_present(position))
    }

    /// A slot for every position, in order, those in `playable` marked so.
    pub fn slots(&self, shape: &Shape, kind: SlotKind, playable: Mask) -> Vec<Slot> {
        (0..shape.len()).map(|p| self.slot(shape, p, kind, playable & bit(p) != 0)).collect()
    }

    /// Checks a tableau that was just restored from bytes against its
    /// shape: a card for every position, and no card gone while something
    /// still lies on it (a card leaves only once free). The game checks
    /// that its cards together are whole decks.
    pub fn check(&self, shape: &Shape) -> Result<(), String> {
        if self.cards.len() != shape.len() {
            return Err(format!("the tableau has {} cards for {} positions", self.cards.len(), shape.len()));
        }
        if self.present & !shape.all() != 0 {
            return Err("the tableau holds cards beyond its positions".to_string());
        }
        match bits(shape.all() & !self.present).find(|&p| shape.above(p) & self.present != 0) {
            Some(p) => Err(format!("position {p} is empty although a card still lies on it")),
            None => Ok(()),
        }
    }

    /// A copy in which the cards the player has not seen ([`Tableau::hidden`])
    /// and the `unseen` cards from elsewhere (a stock, say) are shuffled
    /// together by `rng` and dealt back: the hidden positions first, then
    /// `unseen` in its order. The free cards and the empty places stay.
    pub fn resample(&self, shape: &Shape, rng: &mut DealRng, unseen: &mut [CardId]) -> Tableau {
        let hidden: Vec<usize> = bits(self.hidden(shape)).collect();
        let mut all: Vec<CardId> = hidden.iter().map(|&p| self.card(p)).chain(unseen.iter().copied()).collect();
        rng.shuffle(&mut all);
        let mut copy = *self;
        for (&position, &card) in hidden.iter().zip(&all) {
            copy.cards.set(position, card);
        }
        unseen.copy_from_slice(&all[hidden.len()..]);
        copy
    }

    /// Where the player sees `card` on the table, if anywhere.
    pub fn locate(&self, shape: &Shape, card: CardId) -> Option<usize> {
        bits(self.present).find(|&p| self.card(p) == card && self.seen_card(shape, p).is_some())
    }

    /// Why the seen card at `position` is not free: "Qh is covered by 5d
    /// and 8c" (a face-down card on it is "a face-down card").
    pub fn why_covered(&self, shape: &Shape, position: usize) -> String {
        let card = self.seen_card(shape, position).expect("explanations name only seen cards");
        let on_it: Vec<String> = bits(shape.covered_by(position) & self.present)
            .map(|p| self.seen_card(shape, p).map_or("a face-down card".to_string(), |c| c.to_string()))
            .collect();
        format!("{card} is covered by {}: clear {} first", and_list(&on_it), if on_it.len() == 1 { "it" } else { "them" })
    }

    /// Why the seen cards at `a` and `b` can never be played together, if
    /// one lies on the other: "Qh covers Ad: a card cannot be paired with a
    /// card it covers".
    pub fn why_never_together(&self, shape: &Shape, a: usize, b: usize) -> Option<String> {
        let (upper, lower) = if shape.above(b) & bit(a) != 0 {
            (a, b)
        } else if shape.above(a) & bit(b) != 0 {
            (b, a)
        } else {
            return None;
        };
        let name = |p| self.seen_card(shape, p).expect("explanations name only seen cards");
        Some(format!("{} covers {}: a card cannot be paired with a card it covers", name(upper), name(lower)))
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The cards of a move written as cards joined with `+` (`Kh`, `6c+7d`,
/// `Jh+Qc+Ks`, `Qh2+Ac` in a game of two decks), or `None` when it is not
/// written so (a word such as `draw`).
pub fn parse_cards_move(text: &str) -> Option<Vec<CardId>> {
    text.split('+').map(|part| part.trim().parse::<CardId>().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::deal::shuffled_decks;

    fn dealt(shape: &Shape, seed: u64) -> Tableau {
        Tableau::deal(shape, &mut shuffled_decks(seed, 1).into_iter())
    }

    fn id(text: &str) -> CardId {
        text.parse().unwrap()
    }

    #[test]
    fn a_face_down_card_shows_as_down_until_freed_and_is_never_named() {
        let shape = Shape::pyramid(3).face_down_while_covered();
        let mut tableau = dealt(&shape, 1);
        let apex = tableau.card(0);
        assert_eq!(tableau.slot(&shape, 0, SlotKind::Pyramid, true).face, Face::Down);
        assert_eq!(tableau.seen_card(&shape, 0), None);
        assert_eq!(tableau.locate(&shape, apex), None, "a hidden card is nowhere to be seen");
        assert_eq!(tableau.hidden(&shape), 0b000_111);
        tableau.take(3);
        tableau.take(4);
        assert_eq!(tableau.hidden(&shape), 0b000_101, "position 1 is free, so turned up");
        let mut positions = Shape::pyramid(3).positions().to_vec();
        positions[1].face_down = true;
        let mixed = Shape::new(positions);
        let tableau = dealt(&mixed, 1);
        let (apex, right) = (tableau.card(0), tableau.card(2));
        assert_eq!(tableau.why_covered(&mixed, 0), format!("{apex} is covered by a face-down card and {right}: clear them first"));
    }

    #[test]
    fn explanations_name_what_lies_on_a_card() {
        let shape = Shape::pyramid(3);
        let tableau = dealt(&shape, 1);
        let (apex, left, right) = (tableau.card(0), tableau.card(1), tableau.card(2));
        assert_eq!(tableau.why_covered(&shape, 0), format!("{apex} is covered by {left} and {right}: clear them first"));
        let bottom = tableau.card(5);
        assert_eq!(
            tableau.why_never_together(&shape, 5, 0).unwrap(),
            format!("{bottom} covers {apex}: a card cannot be paired with a card it covers")
        );
        assert_eq!(tableau.why_never_together(&shape, 3, 5), None);
    }

    #[test]
    fn a_restored_tableau_is_checked_against_its_shape() {
        let shape = Shape::pyramid(3);
        let mut tableau = dealt(&shape, 2);
        tableau.check(&shape).unwrap();
        tableau.take(5);
        tableau.check(&shape).unwrap();
        let mut broken = tableau;
        broken.present &= !bit(0);
        assert!(broken.check(&shape).unwrap_err().contains("position 0 is empty"));
        assert!(tableau.check(&Shape::pyramid(4)).is_err(), "a tableau of another shape");
    }

    #[test]
    fn resampling_keeps_everything_seen_and_shuffles_the_rest() {
        let shape = Shape::pyramid(7).face_down_while_covered();
        let tableau = dealt(&shape, 3);
        let mut stock: Vec<CardId> = shuffled_decks(3, 1)[28..].to_vec();
        let before: Vec<CardId> = tableau.cards_left().chain(stock.iter().copied()).collect();
        let copy = tableau.resample(&shape, &mut DealRng::new(9), &mut stock);
        for p in bits(tableau.free(&shape)) {
            assert_eq!(copy.card(p), tableau.card(p), "free cards stay");
        }
        let mut after: Vec<CardId> = copy.cards_left().chain(stock.iter().copied()).collect();
        let mut sorted = before.clone();
        sorted.sort();
        after.sort();
        assert_eq!(after, sorted, "the same cards");
        assert_ne!(copy, tableau, "the hidden cards moved");
    }

    #[test]
    fn cards_save_as_their_list_and_refuse_what_is_not_a_card() {
        let pile: Pile = [id("Ah"), id("Qs2")].into_iter().collect();
        let bytes = postcard::to_allocvec(&pile).unwrap();
        assert_eq!(postcard::from_bytes::<Pile>(&bytes).unwrap(), pile);
        assert!(postcard::from_bytes::<Pile>(&[1, 250]).is_err());
        let too_many = [vec![105u8], vec![0u8; 105]].concat();
        assert!(postcard::from_bytes::<Pile>(&too_many).is_err());
        let mut pile = pile;
        assert_eq!(pile.pop(), Some(id("Qs2")));
        assert_eq!(pile.last(), Some(CardId::from(Card::new(1, crate::card::Suit::Hearts).unwrap())));
    }

    #[test]
    fn moves_written_as_cards_are_read_back() {
        assert_eq!(parse_cards_move("6c+7d"), Some(vec![id("6c"), id("7d")]));
        assert_eq!(parse_cards_move(" Jh + Qc+Ks2 "), Some(vec![id("Jh"), id("Qc"), id("Ks2")]));
        assert_eq!(parse_cards_move("draw"), None);
        assert_eq!(and_list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }
}
