//! # Neptune
//!
//! PySolFC's Neptune (game 854), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill, pairs and win.

use patience_cells::{table, PairRule, Refill, Removal, Rules, Table, Win};

/// The rules of Neptune.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Neptune;

impl Rules for Neptune {
    const ID: &'static str = "neptune";
    const NAME: &'static str = "Neptune";
    const SUMMARY: &'static str = "Eight cells: cards one rank apart leave in pairs; won when the stock is dealt out.";
    const INTRO: &'static str = "PySolFC's Neptune (game 854; also called Mixtures): eight cells in two rows of four, one \
card each, refilled from the stock at once. Removing every card is impossible (the page says so), so the goal is to deal \
the whole stock out.";
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::neighbours(), "two cards one rank apart (A+2 … Q+K; a King and an Ace are not)");
    const WIN: Win = Win::StockEmpty;

    fn table() -> &'static Table {
        table!(Table::default().cells(2, 4, 0.0, 0.0).stock_at(5.5, 0.0).discard_at(5.5, 1.65))
    }
}

/// A game of Neptune.
pub type Game = patience_cells::CellsGame<Neptune>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Neptune>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Neptune>();
    }

    #[test]
    fn pairs_are_one_rank_apart_without_wrap_and_kings_never_leave_alone() {
        let game = start_from::<Neptune>("Kh Qc Ah 2c 5d 5s 9h Td");
        let listed = moves(&game);
        for legal in ["Kh+Qc", "Ah+2c", "9h+Td"] {
            assert!(listed.contains(&legal.to_string()), "{legal} in {listed:?}");
        }
        assert!(!listed.contains(&"5d+5s".to_string()) && !listed.contains(&"Kh+Ah".to_string()) && !listed.contains(&"Kh".to_string()));
    }

    #[test]
    fn won_the_moment_the_stock_is_dealt_out() {
        let mut game = start::<Neptune>(9);
        game = play(game, "");
        assert!(!game.is_won() && game.stock_len() == 44);
        let solved = solve(&game, 5_000_000);
        if solved.verdict == Verdict::Winnable {
            solved.line.iter().for_each(|action| game.perform(action));
            assert!(game.is_won() && game.stock_len() == 0);
        }
    }
}
