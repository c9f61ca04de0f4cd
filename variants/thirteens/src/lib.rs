//! # Thirteens
//!
//! PySolFC's Thirteens (game 593), on the shared rules of `patience-cells`:
//! this crate is the game's table, refill and pairs, and nothing else.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, Table};
use patience_engine::card::KING;

/// The rules of Thirteens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Thirteens;

impl Rules for Thirteens {
    const ID: &'static str = "thirteens";
    const NAME: &'static str = "Thirteens";
    const SUMMARY: &'static str = "Ten cells: pairs making 13 and Kings leave, and the stock refills them at once.";
    const INTRO: &'static str = "PySolFC's Thirteens (game 593; also called Helsinki, Good Thirteen): ten cells in two \
rows of five, one card each; the other 42 cards are the stock, which refills every emptied cell at once.";
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(13), "two cards making 13 (A+Q, 2+J, 3+10, 4+9, 5+8, 6+7)").alone(ranks(&[KING]), "a King");

    fn table() -> &'static Table {
        table!(Table::default().cells(2, 5, 0.0, 0.0).stock_at(6.75, 0.0).discard_at(6.75, 1.65))
    }
}

/// A game of Thirteens.
pub type Game = patience_cells::CellsGame<Thirteens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Thirteens>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Thirteens>();
    }

    #[test]
    fn ten_cells_and_a_stock_of_42() {
        let game = start::<Thirteens>(1);
        assert_eq!((game.table().piles.len(), game.stock_len()), (10, 42));
    }

    #[test]
    fn pairs_make_13_kings_leave_alone_and_cells_refill() {
        let game = start_with::<Thirteens>(&deck_starting("6h 7c Kd Qs As 2h 3h 4h 5d 9c 8d 8s"));
        let listed = moves(&game);
        for legal in ["6h+7c", "Kd", "Qs+As", "4h+9c"] {
            assert!(listed.iter().any(|m| canonical(m) == canonical(legal)), "{legal} in {listed:?}");
        }
        assert!(!listed.contains(&"Qs".to_string()), "only a King leaves alone");
        let game = play(game, "Kd");
        assert_eq!(tops(&game)[2], "8d", "the King's cell gets the stock's top card");
        assert!(game.explain("2h+3h").contains("not a pair"), "{}", game.explain("2h+3h"));
    }

    fn canonical(notation: &str) -> String {
        patience_engine::card::canonical_notation(notation)
    }
}
