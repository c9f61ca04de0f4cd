//! # Tens
//!
//! PySolFC's Tens (game 916), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill, pairs and set, and nothing else.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, SetRule, Table};
use patience_engine::card::{JACK, KING, QUEEN};

/// The rules of Tens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tens;

impl Rules for Tens {
    const ID: &'static str = "tens";
    const NAME: &'static str = "Tens";
    const SUMMARY: &'static str = "Thirteen cells: pairs making 10 leave; tens and face cards leave four of a kind.";
    const INTRO: &'static str = "PySolFC's Tens (game 916; also called Take Ten): thirteen cells, a row of seven over a \
row of six, one card each; the other 39 cards are the stock. 10s, Jacks, Queens and Kings never pair: four of a kind \
gather in the four reserve places, and no cell is refilled while they wait.";
    const REFILL: Refill = Refill::WhileReserveEmpty;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(10), "two cards making 10 (A+9, 2+8, 3+7, 4+6, 5+5)");
    const SET: Option<SetRule> = Some(SetRule::Kind { ranks: ranks(&[10, JACK, QUEEN, KING]), count: 4 });

    fn table() -> &'static Table {
        table!(Table::default()
            .row_of(7, 1, 0.0, 0.0, true)
            .row_of(6, 1, 0.625, 1.65, true)
            .reserve_at(0.0, 3.3)
            .stock_at(9.0, 0.0)
            .discard_at(9.0, 1.65))
    }
}

/// A game of Tens.
pub type Game = patience_cells::CellsGame<Tens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Tens>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 5, "the dead rules are put to the test: {dead} positions");
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Tens>();
    }

    #[test]
    fn thirteen_cells_and_a_stock_of_39() {
        let game = start::<Tens>(3);
        assert_eq!((game.table().piles.len(), game.stock_len()), (13, 39));
    }

    #[test]
    fn pairs_make_ten_and_four_of_a_kind_leave_together() {
        let game = start_with::<Tens>(&deck_starting("5h 5c Th Tc Td Ts 2h 8c Jh Qc 3d 7d Ks"));
        assert!(moves(&game).contains(&"5h+5c".to_string()) && moves(&game).contains(&"2h+8c".to_string()));
        let game = play(game, "Th>reserve");
        assert!(!moves(&game).contains(&"Jh>reserve".to_string()), "the reserve holds 10s only now");
        let game = play(game, "2h+8c");
        assert_eq!([&tops(&game)[2], &tops(&game)[6], &tops(&game)[7]], ["-", "-", "-"], "nothing refilled while the 10 waits");
        let done = play(game, "Tc+Td+Ts");
        assert_eq!((done.reserve().len(), done.removed()), (0, 6));
        assert!(tops(&done).iter().all(|top| top != "-"), "every cell refilled once the reserve emptied");
    }
}
