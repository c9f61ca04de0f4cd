//! # Triangle
//!
//! PySolFC's Triangle (game 700), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of Triangle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Triangle;

impl Rules for Triangle {
    const ID: &'static str = "triangle";
    const NAME: &'static str = "Triangle";
    const SUMMARY: &'static str = "Pyramid upside down: only the point starts free; pairs make 13; three passes with an open stock.";
    const INTRO: &'static str = "PySolFC's Triangle (game 700, also called Funnel): an **inverted pyramid** of seven rows, face \
up; at the start only the single card of the bottom row is free. In each row the end cards lie \
under one card of the next row, the inner cards under two. Stock and pairs as Pyramid.";
    const STOCK: Stock = Stock::OPEN_TOP;
    const PASSES: Passes = Passes::Limited(3);
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::inverted(7))
    }
}

/// A game of Triangle.
pub type Game = patience_removal::RemovalGame<Triangle>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn only_the_point_starts_free_and_the_stock_is_open() {
        let game = start::<Triangle>(6, &[]);
        assert_eq!(free_cards(&game), 1);
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (23, 1));
        assert_eq!(game.passes_allowed(), Passes::Limited(3));
    }
}
