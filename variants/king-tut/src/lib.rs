//! # King Tut
//!
//! PySolFC's King Tut (game 681), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Passes, Removal, Rules, Shape, Stock, Win};

/// The rules of King Tut.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KingTut;

impl Rules for KingTut {
    const ID: &'static str = "king-tut";
    const NAME: &'static str = "King Tut";
    const SUMMARY: &'static str = "Pyramid with a closed stock dealt three at a time, unlimited passes: clear the pyramid.";
    const INTRO: &'static str = "PySolFC's King Tut (game 681, also called Tut's Tomb): a pyramid of seven rows, face up, and a \
**closed** stock: a draw turns the **next three cards** onto the waste one after another (the \
last is the available top), and the waste is turned over as often as you like. Play starts with \
one draw made. **Clear the pyramid** to win; the game is lost once no card can leave in a whole \
round of the stock.";
    const STOCK: Stock = Stock::Waste { draw: 3, open_top: false, first_draw: true, under_top: false, bottom_slot: false };
    const PASSES: Passes = Passes::Unlimited;
    const WIN: Win = Win::Shape;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7))
    }
}

/// A game of King Tut.
pub type Game = patience_removal::RemovalGame<KingTut>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn a_draw_turns_three_cards() {
        let mut game = start::<KingTut>(7, &[]);
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (21, 3));
        game.perform(&Action::Draw);
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (18, 6));
        assert_eq!(game.passes_allowed(), Passes::Unlimited);
    }

    #[test]
    fn clearing_the_pyramid_wins_whatever_is_left() {
        let game = with_the_shape_cleared(&start::<KingTut>(7, &[]));
        assert_eq!(game.status().outcome, patience_engine::layout::Outcome::Won);
        assert!(game.talon().left() != 0);
    }

    /// A King on the waste does not always go at once: with three cards a draw, the groups of the next pass depend on it. (A
    /// position found by a plain search.)
    #[test]
    fn a_king_on_the_waste_does_not_always_go_at_once() {
        let game = play(start::<KingTut>(76, &[]), "Ad+Qs, 9c+4d, 3s+Tc, draw, Th+3h, 7d+6h, 2s+Js, Ah+Qd, 3d+Ts, 7s+6s, 5c+8h, draw, draw, draw");
        assert_eq!(solve(&game, 1_000_000).verdict, Verdict::Winnable);
        let after = play(game, "Kc");
        assert_eq!(solve(&Plain(after), 3_000_000).verdict, Verdict::NotWinnable, "taking Kc at once loses the win");
    }
}
