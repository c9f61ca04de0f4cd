//! # Apophis
//!
//! PySolFC's Apophis (game 658), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of Apophis.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Apophis;

impl Rules for Apophis {
    const ID: &'static str = "apophis";
    const NAME: &'static str = "Apophis";
    const SUMMARY: &'static str = "Pyramid with three waste piles: a draw deals a card onto each; three passes.";
    const INTRO: &'static str = "PySolFC's Apophis (game 658): a pyramid of seven rows, face up, and a closed stock that deals \
one card onto each of **three waste piles** per draw. The three tops are available, and may pair \
with each other too.";
    const STOCK: Stock = Stock::ThreeWastes;
    const PASSES: Passes = Passes::Limited(3);
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7))
    }
}

/// A game of Apophis.
pub type Game = patience_removal::RemovalGame<Apophis>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn three_piles_start_with_a_card_each() {
        let game = start::<Apophis>(4, &[]);
        assert_eq!(game.talon().stock_len(), 21);
        assert_eq!((0..3).map(|pile| game.talon().waste(pile, 3).count()).collect::<Vec<_>>(), [1, 1, 1]);
        assert_eq!(game.passes_allowed(), Passes::Limited(3));
    }

    #[test]
    fn pairs_make_13_and_kings_go_alone() {
        assert!(Apophis::pair(card("4h"), card("9s")) && Apophis::single(card("Ks")) && !Apophis::single(card("Qs")));
    }
}
