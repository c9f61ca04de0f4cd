//! # Up and Down
//!
//! PySolFC's Up and Down (game 701), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of Up and Down.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UpAndDown;

impl Rules for UpAndDown {
    const ID: &'static str = "up-and-down";
    const NAME: &'static str = "Up and Down";
    const SUMMARY: &'static str = "Two decks, an upright and an inverted pyramid side by side, an open stock and three passes.";
    const INTRO: &'static str = "PySolFC's Up and Down (game 701): **two decks** (104 cards); an upright pyramid and an \
**inverted** one of seven rows side by side, dealt in that order, face up (7 + 1 cards free at \
the start), and Pyramid's open stock of the other 48.";
    const DECKS: u8 = 2;
    const STOCK: Stock = Stock::OPEN_TOP;
    const PASSES: Passes = Passes::Limited(3);
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7).beside(Shape::inverted(7)))
    }
}

/// A game of Up and Down.
pub type Game = patience_removal::RemovalGame<UpAndDown>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn an_upright_and_an_inverted_pyramid() {
        let game = start::<UpAndDown>(10, &[]);
        assert_eq!((game.tableau().left(), free_cards(&game)), (56, 8));
        assert_eq!(game.talon().stock_len(), 47);
    }
}
