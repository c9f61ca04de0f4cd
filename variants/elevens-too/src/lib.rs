//! # Elevens Too
//!
//! PySolFC's Elevens Too (game 595), on the shared rules of
//! `patience-cells`: Elevens whose cells wait for the reserve's set.

use patience_cells::{table, PairRule, Refill, Removal, Rules, SetRule, Table};

/// The rules of Elevens Too.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ElevensToo;

impl Rules for ElevensToo {
    const ID: &'static str = "elevens-too";
    const NAME: &'static str = "Elevens Too";
    const SUMMARY: &'static str = "Elevens, but while a Jack, Queen or King waits in the reserve no cell is refilled.";
    const INTRO: &'static str = "PySolFC's Elevens Too (game 595): Elevens' nine cells, pairs and J-Q-K set, but the \
stock refills **nothing** while the reserve holds part of a set, not even cells emptied by pairs in the meantime (the \
program's page says only the face cards' cells wait; its code holds back every refill, and so does this game).";
    const REFILL: Refill = Refill::WhileReserveEmpty;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11), "two cards making 11 (A+10, 2+9, 3+8, 4+7, 5+6)");
    const SET: Option<SetRule> = Some(SetRule::JQK);

    fn table() -> &'static Table {
        table!(Table::default().cells(3, 3, 0.0, 0.0).reserve_at(4.25, 0.0).stock_at(4.25, 1.65).discard_at(5.5, 1.65))
    }
}

/// A game of Elevens Too.
pub type Game = patience_cells::CellsGame<ElevensToo>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<ElevensToo>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 5, "the dead rules are put to the test: {dead} positions");
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<ElevensToo>();
    }

    #[test]
    fn no_cell_is_refilled_while_the_reserve_holds_cards() {
        // Cells Jd 5h 6c / Qs Ks 2h / 3h 4h 9c; the stock: Ah, 7d, 8d, …
        let game = start_with::<ElevensToo>(&deck_starting("Jd 5h 6c Qs Ks 2h 3h 4h 9c Ah 7d 8d"));
        let waiting = play(game, "Jd>reserve, 5h+6c");
        assert_eq!(tops(&waiting)[..3], ["-", "-", "-"], "the Jack's cell and the pair's wait");
        let done = play(waiting, "Qs>reserve, Ks>reserve");
        assert!(done.reserve().is_empty());
        assert_eq!(tops(&done)[..5], ["Ah", "7d", "8d", "Ac", "2c"], "every empty cell refilled, in cell order");
        assert_eq!(done.stock_len(), 43 - 5);
    }
}
