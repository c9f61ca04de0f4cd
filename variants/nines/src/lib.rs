//! # Nines
//!
//! PySolFC's Nines (game 961), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill, pairs, single and set.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, SetRule, Table};
use patience_engine::card::{JACK, KING, QUEEN};

/// The rules of Nines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nines;

impl Rules for Nines {
    const ID: &'static str = "nines";
    const NAME: &'static str = "Nines";
    const SUMMARY: &'static str = "Nine cells: pairs making 9 and 9s leave; a 10, Jack, Queen and King leave together.";
    const INTRO: &'static str = "PySolFC's Nines (game 961): nine cells in three rows of three, one card each; the other \
43 cards are the stock. 10s and face cards gather one of each rank in the four reserve places, and no cell is refilled \
while they wait (the program's page says \"like Tens\", which has thirteen cells; its code deals nine).";
    const REFILL: Refill = Refill::WhileReserveEmpty;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(9), "two cards making 9 (A+8, 2+7, 3+6, 4+5)").alone(ranks(&[9]), "a 9");
    const SET: Option<SetRule> = Some(SetRule::Distinct { ranks: ranks(&[10, JACK, QUEEN, KING]), same_suit: false });

    fn table() -> &'static Table {
        table!(Table::default().cells(3, 3, 0.0, 0.0).reserve_at(0.0, 4.95).stock_at(4.25, 0.0).discard_at(4.25, 1.65))
    }
}

/// A game of Nines.
pub type Game = patience_cells::CellsGame<Nines>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Nines>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 15, "the dead rules are put to the test: {dead} positions");
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Nines>();
    }

    #[test]
    fn nine_cells_four_reserve_places_and_a_stock_of_43() {
        let game = start::<Nines>(4);
        assert_eq!((game.table().piles.len(), game.stock_len()), (9, 43));
        assert_eq!(game.layout().slots.iter().filter(|s| s.kind == patience_engine::layout::SlotKind::Reserve).count(), 4);
    }

    #[test]
    fn pairs_make_nine_a_nine_leaves_alone_and_ten_to_king_go_together() {
        let game = start_with::<Nines>(&deck_starting("9h Ah 8c Th Jc Qd Ks 2h 3h"));
        let listed = moves(&game);
        assert!(listed.contains(&"9h".to_string()) && listed.contains(&"Ah+8c".to_string()));
        assert!(listed.iter().any(|m| patience_engine::card::canonical_notation(m) == patience_engine::card::canonical_notation("Th+Jc+Qd+Ks")));
        let done = play(game, "Th+Jc+Qd+Ks");
        assert_eq!(done.removed(), 4);
    }
}
