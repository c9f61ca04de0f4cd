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

    /// A King on the waste does not always go at once: the next redeal gathers the piles in an order that depends on it. (A
    /// position found by a plain search.)
    #[test]
    fn a_king_on_the_waste_does_not_always_go_at_once() {
        let game = play(start::<Apophis>(1838, &[]), "5h+8c, 6h+7d, 8h+5s, draw, Jh+2c, Js+2d, 9s+4s, draw, 4d+9c, 3h+Tc, 3d+Ts, draw, draw, draw, Kc, draw, Ad+Qs, 5d+8d, 2s+Jd, 6c+7h, Ah+Qc, 4c+9h, Kh, draw, recycle, draw, draw, Td+3c, draw, 5c+8s, Ks, draw");
        assert_eq!(solve(&game, 1_000_000).verdict, Verdict::Winnable);
        let after = play(game, "Kd");
        assert_eq!(solve(&Plain(after), 3_000_000).verdict, Verdict::NotWinnable, "taking Kd at once loses the win");
    }
}
