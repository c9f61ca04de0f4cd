//! # Pyramid Dozen
//!
//! PySolFC's Pyramid Dozen (game 846), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_engine::card::{QUEEN, KING};
use patience_removal::{shape, PairRule, Removal, Rules, Shape, Stock, Win};

/// The rules of Pyramid Dozen.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PyramidDozen;

impl Rules for PyramidDozen {
    const ID: &'static str = "pyramid-dozen";
    const NAME: &'static str = "Pyramid Dozen";
    const SUMMARY: &'static str = "An open pyramid and six reserve piles: pair cards to 12, or a Queen with a King; no card leaves alone.";
    const INTRO: &'static str = "PySolFC's Pyramid Dozen (game 846). Every card lies face up: a pyramid of seven rows, and below \
it six reserve piles of four cards, of which only the top card is available (four rounds of one \
card to each pile, then the pyramid). There is no stock. Pairs make **12** (A+J, 2+10, 3+9, 4+8, \
5+7, 6+6), and a Queen pairs with a King; **no card leaves alone**, Kings included.";
    const STOCK: Stock = Stock::None;
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(12).and(QUEEN, KING), "two cards making 12, or a Queen and a King");

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::default().with(Shape::piles(6, 4), 0.3, 6.1).with(Shape::pyramid(7), 0.0, 0.0))
    }
}

/// A game of Pyramid Dozen.
pub type Game = patience_removal::RemovalGame<PyramidDozen>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn six_piles_of_four_then_the_pyramid() {
        let game = start::<PyramidDozen>(2, &[]);
        assert_eq!(game.tableau().left(), 52);
        assert_eq!(free_cards(&game), 7 + 6);
        assert_eq!(game.tableau().card(6).card(), shuffled_deck(2)[6], "the second round starts after six cards");
    }

    #[test]
    fn pairs_make_12_or_a_queen_and_a_king_and_nothing_leaves_alone() {
        assert!(PyramidDozen::pair(card("Ah"), card("Js")) && PyramidDozen::pair(card("6c"), card("6d")));
        assert!(PyramidDozen::pair(card("Qh"), card("Ks")) && PyramidDozen::pair(card("Kh"), card("Qs")));
        assert!(!PyramidDozen::pair(card("Ah"), card("Qs")) && !PyramidDozen::pair(card("Kh"), card("Kd")));
        assert!(!PyramidDozen::single(card("Kd")));
    }
}
