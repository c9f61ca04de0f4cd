//! # Fifteens
//!
//! PySolFC's Fifteens (game 597), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill, pairs and set.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, SetRule, Table};
use patience_engine::card::{JACK, KING, QUEEN};

/// The rules of Fifteens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fifteens;

impl Rules for Fifteens {
    const ID: &'static str = "fifteens";
    const NAME: &'static str = "Fifteens";
    const SUMMARY: &'static str = "Sixteen cells: cards making 15 leave together, two or more; or a 10, Jack, Queen and King.";
    const INTRO: &'static str = "PySolFC's Fifteens (game 597): sixteen cells in four rows of four, one card each; the \
other 36 cards are the stock. Any cell card may go into the reserve pile, which shows its total; it goes when its cards \
make exactly 15 (none above 9), or are exactly a 10, a Jack, a Queen and a King. A reserve that can no longer do either \
is dead, and so is the game. No cell is refilled while the reserve holds cards. (PySolFC also lets the reserve's top \
card be dropped back onto a cell, where it lies on the cell's card: an accident of its code, not a rule, and not \
copied here.)";
    const REFILL: Refill = Refill::WhileReserveEmpty;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum_of_at_most(15, 9), "two cards of 9 or less making 15 (6+9, 7+8)");
    const SET: Option<SetRule> = Some(SetRule::Sum { total: 15, highest: 9, or_each_of: ranks(&[10, JACK, QUEEN, KING]) });

    fn table() -> &'static Table {
        table!(Table::default().cells(4, 4, 0.0, 0.0).reserve_at(5.5, 0.0).stock_at(5.5, 4.95).discard_at(6.75, 4.95))
    }
}

/// A game of Fifteens.
pub type Game = patience_cells::CellsGame<Fifteens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Fifteens>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 10, "the dead rules are put to the test: {dead} positions");
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Fifteens>();
    }

    #[test]
    fn sixteen_cells_and_a_stock_of_36() {
        let game = start::<Fifteens>(5);
        assert_eq!((game.table().piles.len(), game.stock_len()), (16, 36));
    }

    #[test]
    fn cards_making_fifteen_leave_in_any_number() {
        let game = start_with::<Fifteens>(&deck_starting("6h 9c 7d 8s Ah 2c 3d 4h 5s 5c 5d Th Jc Qd Ks 2h"));
        let listed: Vec<String> = moves(&game).iter().map(|m| patience_engine::card::canonical_notation(m)).collect();
        for group in ["6h+9c", "7d+8s", "ah+2c+3d+4h+5s", "5c+5d+5s", "th+jc+qd+ks"] {
            assert!(listed.contains(&patience_engine::card::canonical_notation(group)), "{group}");
        }
        let game = play(game, "5c>reserve, 5d>reserve");
        assert_eq!([&tops(&game)[9], &tops(&game)[10]], ["-", "-"], "no refill while the reserve holds cards");
        let game = play(game, "5s>reserve");
        assert!(tops(&game).iter().all(|top| top != "-"), "the fifteen went, the cells refilled");
    }

    #[test]
    fn a_reserve_past_fifteen_is_dead_and_the_game_lost() {
        let game = start_with::<Fifteens>(&deck_starting("9h 8c 7d 8s Ah 2c 3d 4h 5s 5c 5d Th Jc Qd Ks 2h"));
        let game = play(game, "9h>reserve, 8c>reserve");
        assert!(game.reserve_is_dead() && game.actions().is_empty());
        assert_eq!(game.status().outcome, patience_engine::layout::Outcome::Lost);
    }
}
