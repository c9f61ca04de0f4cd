//! # Giza
//!
//! PySolFC's Giza (game 592), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Removal, Rules, Shape, Stock, Win};

/// The rules of Giza.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Giza;

impl Rules for Giza {
    const ID: &'static str = "giza";
    const NAME: &'static str = "Giza";
    const SUMMARY: &'static str = "An open pyramid and eight reserve piles: pair cards to 13, Kings alone, until all 52 are gone.";
    const INTRO: &'static str = "PySolFC's Giza (game 592). Every card lies face up: a pyramid of seven rows, and below it eight \
reserve piles of three cards, of which only the top card is available. The deal gives three \
rounds of one card to each pile, then the pyramid. There is no stock: a pair may be two pyramid \
cards, a pyramid card and a pile's top, or the tops of two piles.";
    const STOCK: Stock = Stock::None;
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::default().with(Shape::piles(8, 3), 0.0, 6.1).with(Shape::pyramid(7), 1.375, 0.0))
    }
}

/// A game of Giza.
pub type Game = patience_removal::RemovalGame<Giza>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn eight_piles_of_three_are_dealt_first_then_the_pyramid() {
        let game = start::<Giza>(1, &[]);
        let deck = shuffled_deck(1);
        assert_eq!(game.tableau().left(), 52, "every card is on the table");
        assert!(game.talon().is_empty(), "no stock");
        assert_eq!(free_cards(&game), 7 + 8, "the pyramid's bottom row and the piles' tops");
        assert_eq!(game.tableau().card(0).card(), deck[0], "the first card goes to pile 1");
        assert_eq!(game.tableau().card(8).card(), deck[8], "the second round lies on the first");
        assert_eq!(game.tableau().card(24).card(), deck[24], "then the pyramid's apex");
    }

    #[test]
    fn pairs_make_13_and_kings_go_alone() {
        assert!(Giza::pair(card("Ah"), card("Qs")) && Giza::pair(card("6c"), card("7c")));
        assert!(!Giza::pair(card("Kh"), card("Ks")) && !Giza::pair(card("6c"), card("6d")));
        assert!(Giza::single(card("Kd")) && !Giza::single(card("Qd")));
    }
}
