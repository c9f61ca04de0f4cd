//! # Suit Elevens
//!
//! PySolFC's Suit Elevens (game 596), on the shared rules of
//! `patience-cells`: Elevens of fifteen cells, where everything is of one
//! suit.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, SetRule, Table};
use patience_engine::card::{CardId, JACK, KING, QUEEN};

/// The rules of Suit Elevens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SuitElevens;

impl Rules for SuitElevens {
    const ID: &'static str = "suit-elevens";
    const NAME: &'static str = "Suit Elevens";
    const SUMMARY: &'static str = "Fifteen cells: pairs making 11 of one suit leave, and a Jack, Queen and King of one suit together.";
    const INTRO: &'static str = "PySolFC's Suit Elevens (game 596): fifteen cells in three rows of five, one card each; \
the other 37 cards are the stock, which refills every emptied cell at once.";
    const SUITS_MATTER: bool = true;
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11), "two cards **of the same suit** making 11 (A+10, 2+9, 3+8, 4+7, 5+6)");
    const SET: Option<SetRule> = Some(SetRule::Distinct { ranks: ranks(&[JACK, QUEEN, KING]), same_suit: true });

    fn table() -> &'static Table {
        table!(Table::default().cells(3, 5, 0.0, 0.0).reserve_at(0.0, 4.95).stock_at(6.75, 0.0).discard_at(6.75, 1.65))
    }

    fn pair(a: CardId, b: CardId) -> bool {
        Self::REMOVAL.pairs.pairs(a.card(), b.card()) && a.card().suit == b.card().suit
    }
}

/// A game of Suit Elevens.
pub type Game = patience_cells::CellsGame<SuitElevens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<SuitElevens>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<SuitElevens>();
    }

    #[test]
    fn fifteen_cells_and_a_stock_of_37() {
        let game = start::<SuitElevens>(2);
        assert_eq!((game.table().piles.len(), game.stock_len()), (15, 37));
    }

    #[test]
    fn pairs_and_sets_are_of_one_suit() {
        let game = start_with::<SuitElevens>(&deck_starting("5h 6h 6c Jh Qh Kh Qc 2d 3d 4d 7s 8s 9s As Ts"));
        let listed = moves(&game);
        assert!(listed.contains(&"5h+6h".to_string()) && !listed.contains(&"5h+6c".to_string()));
        assert!(listed.contains(&"As+Ts".to_string()));
        assert!(listed.iter().any(|m| patience_engine::card::canonical_notation(m) == patience_engine::card::canonical_notation("Jh+Qh+Kh")));
        let game = play(game, "Jh>reserve");
        assert!(!moves(&game).contains(&"Qc>reserve".to_string()), "a Queen of another suit is refused");
        assert!(moves(&game).contains(&"Qh>reserve".to_string()));
    }
}
