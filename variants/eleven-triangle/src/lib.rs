//! # Eleven Triangle
//!
//! PySolFC's Eleven Triangle (game 969), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_engine::card::{JACK, QUEEN, KING};
use patience_removal::{shape, PairRule, Removal, Rules, Shape, Stock, Win};

/// The rules of Eleven Triangle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ElevenTriangle;

impl Rules for ElevenTriangle {
    const ID: &'static str = "eleven-triangle";
    const NAME: &'static str = "Eleven Triangle";
    const SUMMARY: &'static str = "An inverted pyramid and three waste piles: pairs make 11, or two Jacks, Queens or Kings.";
    const INTRO: &'static str = "PySolFC's Eleven Triangle (game 969): an **inverted pyramid** of seven rows (seven cards at the \
top, one at the bottom), face up, so only its bottom point is free at the start; a closed stock \
deals one card onto each of three waste piles per draw, once through. Pairs make **11** (A+10, \
2+9, 3+8, 4+7, 5+6), or are **two Jacks, two Queens or two Kings**; no card leaves alone.";
    const STOCK: Stock = Stock::ThreeWastes;
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11).and(JACK, JACK).and(QUEEN, QUEEN).and(KING, KING), "two cards making 11, or two Jacks, two Queens or two Kings");

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::inverted(7))
    }
}

/// A game of Eleven Triangle.
pub type Game = patience_removal::RemovalGame<ElevenTriangle>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn only_the_point_starts_free() {
        let game = start::<ElevenTriangle>(5, &[]);
        assert_eq!(free_cards(&game), 1);
        assert_eq!(game.talon().stock_len(), 21, "one round dealt at the start");
    }

    #[test]
    fn pairs_make_11_or_are_two_court_cards_of_a_rank() {
        assert!(ElevenTriangle::pair(card("Ah"), card("Ts")) && ElevenTriangle::pair(card("Jh"), card("Js")));
        assert!(ElevenTriangle::pair(card("Kh"), card("Kc")) && !ElevenTriangle::pair(card("Th"), card("Tc")));
        assert!(!ElevenTriangle::pair(card("Jh"), card("Qs")) && !ElevenTriangle::single(card("Kc")));
    }
}
