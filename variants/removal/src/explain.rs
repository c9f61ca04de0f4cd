//! Why a move is not legal, in one sentence. Only what the player sees is
//! named: a face-down card and a card in the stock get the same answer
//! ("is not available"), so an explanation never tells where a hidden card
//! lies.

use crate::game::{Action, Place, RemovalGame};
use crate::{Passes, Rules};
use patience_engine::card::CardId;
use patience_engine::tableau::{bits, parse_cards_move};
use patience_engine::Variant;

/// Where the player knows a card to be.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Seen {
    Available(Place),
    /// On the shape, something lying on it.
    Covered(usize),
    /// On a waste pile under its top.
    Buried,
    Removed,
    /// Face down, or in the stock: nowhere the player can see.
    Unseen,
}

pub fn explain<R: Rules>(game: &RemovalGame<R>, notation: &str) -> String {
    let text = notation.trim();
    let legal = |wanted: &dyn Fn(&Action) -> bool| game.actions().iter().any(wanted);
    match text.to_ascii_lowercase().as_str() {
        "draw" if legal(&|a| *a == Action::Draw) => return format!("`{text}` is a legal move now"),
        "draw" => return why_no_draw(game),
        "recycle" if legal(&|a| *a == Action::Recycle) => return format!("`{text}` is a legal move now"),
        "recycle" => return why_no_recycle(game),
        _ => {}
    }
    let Some(cards) = parse_cards_move(text) else {
        return format!("`{text}` is not a move: write draw, recycle, a card like Kh or a pair like 6c+7d");
    };
    let is_listed = |action: &Action| match (*action, &cards[..]) {
        (Action::Single(place), [card]) => game.card_at(place) == *card,
        (Action::Pair(a, b), [x, y]) => {
            let (a, b) = (game.card_at(a), game.card_at(b));
            (a, b) == (*x, *y) || (a, b) == (*y, *x)
        }
        _ => false,
    };
    if legal(&is_listed) {
        return format!("`{text}` is a legal move now");
    }
    match cards[..] {
        [card] => why_not_alone(game, card),
        [a, b] => why_not_a_pair(game, a, b),
        _ => format!("`{text}` is not a move: cards leave alone or in pairs here"),
    }
}

fn seen<R: Rules>(game: &RemovalGame<R>, card: CardId) -> Seen {
    let shape = game.shape();
    let tableau = game.tableau();
    if let Some(&(place, _)) = game.available().as_slice().iter().find(|(_, c)| *c == card) {
        return Seen::Available(place);
    }
    if let Some(position) = tableau.locate(shape, card) {
        return Seen::Covered(position);
    }
    let talon = game.talon();
    let gone_from_shape = bits(shape.all() & !tableau.present()).any(|p| tableau.card(p) == card);
    let gone_from_talon = (0..talon.len() as u8).any(|id| talon.removed() & (1 << id) != 0 && talon.card(id) == card);
    if gone_from_shape || gone_from_talon {
        return Seen::Removed;
    }
    let on_a_waste = (0..game.piles()).any(|pile| talon.waste(pile, game.piles()).any(|id| talon.card(id) == card));
    if on_a_waste { Seen::Buried } else { Seen::Unseen }
}

/// Why `card` is not available, for a card that is not.
fn why_unavailable<R: Rules>(game: &RemovalGame<R>, card: CardId, seen: Seen) -> String {
    match seen {
        Seen::Covered(position) => game.tableau().why_covered(game.shape(), position),
        Seen::Buried => format!("{card} is under the waste's top card: only the top is available"),
        Seen::Removed => format!("{card} has already been removed"),
        Seen::Unseen | Seen::Available(_) => format!("{card} is not available"),
    }
}

fn why_not_alone<R: Rules>(game: &RemovalGame<R>, card: CardId) -> String {
    match seen(game, card) {
        Seen::Available(Place::UnderTop) => format!("{card} lies under the waste's top: it can only pair with the top"),
        Seen::Available(_) => match R::REMOVAL.singles_text {
            Some(singles) => format!("{card} cannot leave alone: only {singles} does; pair it ({})", R::REMOVAL.pairs_text),
            None => format!("No card leaves alone in {}: pair {card} ({})", R::NAME, R::REMOVAL.pairs_text),
        },
        other => why_unavailable(game, card, other),
    }
}

fn why_not_a_pair<R: Rules>(game: &RemovalGame<R>, a: CardId, b: CardId) -> String {
    if a == b {
        return format!("{a} cannot pair with itself");
    }
    if !R::pair(a.card(), b.card()) {
        return format!("{a} and {b} are not a pair: pairs are {}", R::REMOVAL.pairs_text);
    }
    let (seen_a, seen_b) = (seen(game, a), seen(game, b));
    let on_the_shape = |seen: Seen| match seen {
        Seen::Covered(p) => Some(p),
        Seen::Available(Place::Shape(p)) => Some(p as usize),
        _ => None,
    };
    if let (Some(p), Some(q)) = (on_the_shape(seen_a), on_the_shape(seen_b))
        && let Some(why) = game.tableau().why_never_together(game.shape(), p, q)
    {
        return why;
    }
    for (card, seen) in [(a, seen_a), (b, seen_b)] {
        if !matches!(seen, Seen::Available(_)) {
            return why_unavailable(game, card, seen);
        }
    }
    for (card, seen) in [(a, seen_a), (b, seen_b)] {
        if seen == Seen::Available(Place::UnderTop) {
            return format!("{card} lies under the waste's top: it can only pair with the top");
        }
    }
    format!("{a} and {b} cannot be removed together now")
}

fn why_no_draw<R: Rules>(game: &RemovalGame<R>) -> String {
    if !R::STOCK.has_stock() {
        return format!("{} has no stock: every card is on the table", R::NAME);
    }
    if game.can_recycle() {
        "The stock is empty: turn the waste over first (`recycle`)".to_string()
    } else {
        "The stock is empty: there is nothing to draw".to_string()
    }
}

fn why_no_recycle<R: Rules>(game: &RemovalGame<R>) -> String {
    let talon = game.talon();
    if !R::STOCK.has_stock() {
        return format!("{} has no stock to turn over", R::NAME);
    }
    if talon.stock_top().is_some() {
        return format!("The stock still has {} cards: the waste is turned over only when the stock is empty", talon.stock_len());
    }
    if talon.left() == 0 {
        return "The waste is empty: there is nothing to turn over".to_string();
    }
    match game.passes_allowed() {
        Passes::Limited(1) => "The stock is gone through once only: the waste is never turned over".to_string(),
        Passes::Limited(n) => format!("All {n} passes are used: the waste cannot be turned over again"),
        Passes::Unlimited => "The waste cannot be turned over now".to_string(),
    }
}
