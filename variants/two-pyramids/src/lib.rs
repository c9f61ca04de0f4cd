//! # Two Pyramids
//!
//! PySolFC's Two Pyramids (game 677), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of Two Pyramids.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TwoPyramids;

impl Rules for TwoPyramids {
    const ID: &'static str = "two-pyramids";
    const NAME: &'static str = "Two Pyramids";
    const SUMMARY: &'static str = "Two decks, two pyramids side by side, an open stock and three passes.";
    const INTRO: &'static str = "PySolFC's Two Pyramids (game 677): **two decks** (104 cards); **two pyramids** of seven rows \
side by side, face up (14 cards free at the start), and Pyramid's open stock of the other 48. A \
pair may take one card from each pyramid.";
    const DECKS: u8 = 2;
    const STOCK: Stock = Stock::OPEN_TOP;
    const PASSES: Passes = Passes::Limited(3);
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7).beside(Shape::pyramid(7)))
    }
}

/// A game of Two Pyramids.
pub type Game = patience_removal::RemovalGame<TwoPyramids>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn two_decks_two_pyramids() {
        let game = start::<TwoPyramids>(8, &[]);
        assert_eq!((game.tableau().left(), free_cards(&game)), (56, 14));
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (47, 1));
    }
}
