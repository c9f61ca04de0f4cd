//! # Elevens
//!
//! PySolFC's Elevens (game 594), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill, pairs and set, and nothing else.

use patience_cells::{table, PairRule, Refill, Removal, Rules, SetRule, Table};

/// The rules of Elevens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Elevens;

impl Rules for Elevens {
    const ID: &'static str = "elevens";
    const NAME: &'static str = "Elevens";
    const SUMMARY: &'static str = "Nine cells: pairs making 11 leave, and a Jack, a Queen and a King together; the stock refills at once.";
    const INTRO: &'static str = "PySolFC's Elevens (game 594; also called Eleven Away): nine cells in three rows of \
three, one card each; the other 43 cards are the stock. A Jack, a Queen and a King never pair: they wait in the three \
reserve places until the set is complete.";
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11), "two cards making 11 (A+10, 2+9, 3+8, 4+7, 5+6)");
    const SET: Option<SetRule> = Some(SetRule::JQK);

    fn table() -> &'static Table {
        table!(Table::default().cells(3, 3, 0.0, 0.0).reserve_at(4.25, 0.0).stock_at(4.25, 1.65).discard_at(5.5, 1.65))
    }
}

/// A game of Elevens.
pub type Game = patience_cells::CellsGame<Elevens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Elevens>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Elevens>();
    }

    #[test]
    fn nine_cells_and_a_stock_of_43() {
        let game = start::<Elevens>(1);
        assert_eq!((game.table().piles.len(), game.stock_len()), (9, 43));
        assert!((0..9).all(|i| game.pile(i).len() == 1));
    }

    #[test]
    fn pairs_make_eleven_and_cells_refill_at_once() {
        // Cells 5h 6c Jd / Qs Ks 2h / 3h 4h 9c; stock Ah, 7d, …
        let game = start_with::<Elevens>(&deck_starting("5h 6c Jd Qs Ks 2h 3h 4h 9c Ah 7d"));
        assert!(moves(&game).contains(&"5h+6c".to_string()) && moves(&game).contains(&"2h+9c".to_string()));
        let game = play(game, "5h+6c");
        assert_eq!(tops(&game)[..2], ["Ah", "7d"], "the first card's cell first");
        assert_eq!(game.removed(), 2);
    }

    #[test]
    fn jack_queen_king_wait_in_the_reserve_and_go_together() {
        let game = start_with::<Elevens>(&deck_starting("5h 6c Jd Qs Ks 2h 3h 4h 9c Ah 7d 8d 8s"));
        assert!(!moves(&game).contains(&"Jd".to_string()), "a Jack never leaves alone");
        let one_by_one = play(game, "Jd>reserve, Qs>reserve");
        assert_eq!(one_by_one.reserve().len(), 2);
        assert_eq!(tops(&one_by_one)[2..5], ["Ah", "7d", "Ks"], "the cells refilled at once");
        assert!(!moves(&one_by_one).contains(&"Ah>reserve".to_string()));
        let done = play(one_by_one, "Ks>reserve");
        assert_eq!((done.reserve().len(), done.removed()), (0, 3));
        let at_once = play(game, "Ks+Jd+Qs");
        assert_eq!(at_once, done, "a set put in at once is the three reserve moves");
    }

    #[test]
    fn a_second_jack_cannot_join_the_reserve() {
        let game = start_with::<Elevens>(&deck_starting("Jh Jd 5c 6c 7c 8c 9c Tc Ac"));
        let game = play(game, "Jh>reserve");
        assert!(!moves(&game).contains(&"Jd>reserve".to_string()));
        assert!(game.explain("Jd>reserve").contains("holds a Jack already"), "{}", game.explain("Jd>reserve"));
    }
}
