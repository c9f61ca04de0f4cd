//! # Double Pyramid
//!
//! PySolFC's Double Pyramid (game 699), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of Double Pyramid.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DoublePyramid;

impl Rules for DoublePyramid {
    const ID: &'static str = "double-pyramid";
    const NAME: &'static str = "Double Pyramid";
    const SUMMARY: &'static str = "Two decks, one pyramid of nine rows, an open stock and three passes.";
    const INTRO: &'static str = "PySolFC's Double Pyramid (game 699): **two decks** (104 cards); one pyramid of **nine rows** (45 \
cards, the nine of the bottom row free at the start), face up, and Pyramid's open stock of the \
other 59.";
    const DECKS: u8 = 2;
    const STOCK: Stock = Stock::OPEN_TOP;
    const PASSES: Passes = Passes::Limited(3);
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(9))
    }
}

/// A game of Double Pyramid.
pub type Game = patience_removal::RemovalGame<DoublePyramid>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn nine_rows_of_two_decks() {
        let game = start::<DoublePyramid>(9, &[]);
        assert_eq!((game.tableau().left(), free_cards(&game)), (45, 9));
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (58, 1));
    }
}
