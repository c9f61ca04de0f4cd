//! # Pharaohs
//!
//! PySolFC's Pharaohs (game 655), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Removal, Rules, Shape, Stock, Win};

/// The rules of Pharaohs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pharaohs;

impl Rules for Pharaohs {
    const ID: &'static str = "pharaohs";
    const NAME: &'static str = "Pharaohs";
    const SUMMARY: &'static str = "Three open pyramids of two, seven and six rows; no stock: pair cards to 13, Kings alone.";
    const INTRO: &'static str = "PySolFC's Pharaohs (game 655, also called Three Pharaohs): **three pyramids** of two, seven and \
six rows side by side (3 + 28 + 21 = 52 cards), dealt in that order, all face up, 2 + 7 + 6 \
cards free at the start. There is no stock. A pair may take cards from two pyramids. (The \
program's hint helper also marks equal ranks; they cannot be removed.)";
    const STOCK: Stock = Stock::None;
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(2).beside(Shape::pyramid(7)).beside(Shape::pyramid(6)))
    }
}

/// A game of Pharaohs.
pub type Game = patience_removal::RemovalGame<Pharaohs>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn three_pyramids_hold_the_whole_deck() {
        let game = start::<Pharaohs>(11, &[]);
        assert_eq!((game.tableau().left(), free_cards(&game)), (52, 15));
        assert!(game.talon().is_empty());
        assert!(!Pharaohs::pair(card("7h"), card("7s")), "equal ranks do not pair");
    }
}
