//! # Cheops
//!
//! PySolFC's Cheops (game 659), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, PairRule, Removal, Rules, Shape, Stock, Win};

/// The rules of Cheops.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cheops;

impl Rules for Cheops {
    const ID: &'static str = "cheops";
    const NAME: &'static str = "Cheops";
    const SUMMARY: &'static str = "Pair cards of equal or neighbouring ranks, through the stock once; no card leaves alone.";
    const INTRO: &'static str = "PySolFC's Cheops (game 659): Pyramid's layout and open stock, but a pair is two cards of **equal \
rank or ranks one apart** (7+7, 7+8; a King and an Ace are not neighbours). **No card leaves \
alone**, Kings included (the program's page does not say so; its code does).";
    const STOCK: Stock = Stock::OPEN_TOP;
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::pairs(PairRule::within(1), "two cards of equal rank or ranks one apart (no wrap from King to Ace)");

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7))
    }
}

/// A game of Cheops.
pub type Game = patience_removal::RemovalGame<Cheops>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn the_layout_and_stock_are_pyramids() {
        let game = start::<Cheops>(3, &[]);
        assert_eq!((game.tableau().left(), free_cards(&game)), (28, 7));
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (23, 1), "one draw made at the start");
        assert_eq!(game.passes_allowed(), Passes::Limited(1));
    }

    #[test]
    fn pairs_are_equal_or_neighbouring_ranks_without_wrap() {
        assert!(Cheops::pair(card("7h"), card("7s")) && Cheops::pair(card("7h"), card("8s")) && Cheops::pair(card("Qh"), card("Ks")));
        assert!(!Cheops::pair(card("Kh"), card("As")) && !Cheops::pair(card("7h"), card("9s")));
        assert!(!Cheops::single(card("Kd")));
    }
}
