//! Why a move is not legal, in one sentence. Every card on the table, the
//! waste and the reserve lies face up; a card in the stock is named only
//! as "not in play", the same answer as a card already gone, so an
//! explanation never tells where in the stock a card lies.

use crate::game::{CellsGame, Place};
use crate::sets::rank_name;
use crate::{Rules, Stock};
use patience_engine::card::CardId;
use patience_engine::tableau::parse_cards_move;
use patience_engine::Variant;

/// Where the player sees a card.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Seen {
    Available(Place),
    /// In pile `pile`, under `above` cards.
    UnderPile { pile: usize, top: CardId },
    UnderWaste,
    InReserve,
    /// Removed, or in the stock.
    NotInPlay,
}

pub fn explain<R: Rules>(game: &CellsGame<R>, notation: &str) -> String {
    let text = notation.trim();
    let listed = game.actions().iter().any(|action| patience_engine::card::canonical_notation(&game.describe(action).notation) == patience_engine::card::canonical_notation(text));
    if listed {
        return format!("`{text}` is a legal move now");
    }
    if text.eq_ignore_ascii_case("draw") {
        return why_no_draw(game);
    }
    if let Some((card, target)) = text.split_once('>') {
        let Ok(card) = card.trim().parse::<CardId>() else { return not_a_move(text) };
        return match target.trim() {
            "reserve" => why_not_to_reserve(game, card),
            pile => match pile.parse::<usize>() {
                Ok(pile) => why_no_shift(game, card, pile),
                Err(_) => not_a_move(text),
            },
        };
    }
    let Some(cards) = parse_cards_move(text) else { return not_a_move(text) };
    if let Some(why) = cards.iter().find_map(|&card| unavailable(game, card)) {
        return why;
    }
    match cards[..] {
        [card] => why_not_alone::<R>(game, card),
        [a, b] if R::SET.is_none() || !R::SET.is_some_and(|set| set.accepts(&game.reserve(), a) || set.accepts(&game.reserve(), b)) => {
            why_not_a_pair::<R>(a, b)
        }
        _ => why_not_a_set(game, &cards),
    }
}

fn not_a_move(text: &str) -> String {
    format!("`{text}` is not a move: write a card (Kh), cards joined by + (5h+6c, Jh+Qc+Ks), Jh>reserve, or draw")
}

fn seen<R: Rules>(game: &CellsGame<R>, card: CardId) -> Seen {
    if let Some(&(place, _)) = game.available().iter().find(|(_, c)| *c == card) {
        return Seen::Available(place);
    }
    for pile in 0..game.table().piles.len() {
        let cards = game.pile(pile);
        if cards.iter().any(|c| c == card) {
            return Seen::UnderPile { pile, top: cards.last().expect("a pile holding the card") };
        }
    }
    if game.waste().iter().any(|c| c == card) {
        return Seen::UnderWaste;
    }
    if game.reserve().contains(&card) {
        return Seen::InReserve;
    }
    Seen::NotInPlay
}

/// Why `card` cannot be used now, when it cannot.
fn unavailable<R: Rules>(game: &CellsGame<R>, card: CardId) -> Option<String> {
    match seen(game, card) {
        Seen::Available(_) => None,
        Seen::UnderPile { pile, top } => Some(format!("{card} lies under {top} in pile {}: only a pile's top card can be played", pile + 1)),
        Seen::UnderWaste => Some(format!("{card} is under the waste's top card: only the top is available")),
        Seen::InReserve => Some(format!("{card} is in the reserve: it stays there until its set is complete")),
        Seen::NotInPlay => Some(format!("{card} is not on the table: it has been removed or is still in the stock")),
    }
}

fn why_not_alone<R: Rules>(game: &CellsGame<R>, card: CardId) -> String {
    if R::SET.is_some_and(|set| set.accepts(&game.reserve(), card)) {
        return format!("{card} does not leave alone: it goes to the reserve (`{card}>reserve`)");
    }
    let alone = R::REMOVAL.singles_text.map_or(String::from("no card leaves alone"), |text| format!("only {text} leaves alone"));
    format!("{card} does not leave alone: {alone}; it leaves with a partner ({})", R::REMOVAL.pairs_text)
}

fn why_not_a_pair<R: Rules>(a: CardId, b: CardId) -> String {
    format!("{} and {} are not a pair: a pair is {}", a.pretty(), b.pretty(), R::REMOVAL.pairs_text)
}

fn why_not_a_set<R: Rules>(game: &CellsGame<R>, cards: &[CardId]) -> String {
    let named = cards.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" + ");
    let Some(set) = R::SET else {
        return format!("{named}: cards leave alone or in pairs here, never {} at a time", cards.len());
    };
    let held = game.reserve();
    let holding = if held.is_empty() {
        String::new()
    } else {
        format!(" It holds {} already.", held.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(", "))
    };
    format!("{named} do not complete the reserve's set, which is {}.{holding}", set.text())
}

fn why_not_to_reserve<R: Rules>(game: &CellsGame<R>, card: CardId) -> String {
    let Some(set) = R::SET else { return "This game has no reserve".to_string() };
    if let Some(why) = unavailable(game, card) {
        return why;
    }
    let held = game.reserve();
    if held.iter().any(|h| h.rank() == card.rank()) && !matches!(set, crate::SetRule::Kind { .. }) {
        return format!("The reserve holds a {} already: its set is {}", rank_name(card.rank()), set.text());
    }
    format!("The reserve does not take {card}: its set is {}", set.text())
}

fn why_no_shift<R: Rules>(game: &CellsGame<R>, card: CardId, pile: usize) -> String {
    if !R::MOVES_TO_EMPTY {
        return "Cards never move from pile to pile here: they only leave".to_string();
    }
    if let Some(why) = unavailable(game, card) {
        return why;
    }
    let piles = game.table().piles.len();
    if pile == 0 || pile > piles {
        return format!("There is no pile {pile}: the piles are 1 to {piles}");
    }
    if !game.pile(pile - 1).is_empty() {
        return format!("Pile {pile} is not empty: a card moves only into an empty pile");
    }
    "A pile's only card moves into an empty pile only while the stock deals onto each pile: now that would change nothing"
        .to_string()
}

fn why_no_draw<R: Rules>(game: &CellsGame<R>) -> String {
    if game.stock_len() == 0 {
        return "The stock is empty".to_string();
    }
    match R::STOCK {
        Stock::RefillOnly => "There is no drawing here: the stock only refills emptied places".to_string(),
        Stock::Waste => "No draw while the reserve holds cards: complete its set first".to_string(),
        Stock::ToPile { draws, pile } if game.draws() >= draws => format!("All {draws} draws are used; pile {} stays as it is", pile + 1),
        Stock::ToPile { .. } => "The extra place must be empty to draw".to_string(),
        Stock::OntoEachPile { .. } => "`draw` is a legal move now".to_string(),
    }
}
