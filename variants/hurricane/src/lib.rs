//! # Hurricane
//!
//! PySolFC's Hurricane (game 735), on the shared rules of
//! `patience-cells`: this crate is the game's table, refill and pairs.

use patience_cells::{table, PairRule, Refill, Removal, Rules, Table};

/// The rules of Hurricane.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hurricane;

impl Rules for Hurricane {
    const ID: &'static str = "hurricane";
    const NAME: &'static str = "Hurricane";
    const SUMMARY: &'static str = "A ring of ten piles and three centre cells: pairs making 14 leave; only the centre refills.";
    const INTRO: &'static str = "PySolFC's Hurricane (game 735): ten piles of three cards in a ring, and three centre cells of one card each; the \
other 19 cards are the stock, which refills the centre cells at once and never the piles.";
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(14), "two cards making 14 (A+K, 2+Q, 3+J, 4+10, 5+9, 6+8, 7+7)");

    fn table() -> &'static Table {
        table!(Table::default()
            // The ring, clockwise from the top left: four piles along the
            // top, one on the right, four along the bottom, one on the left.
            .row_of(4, 3, 1.25, 0.0, false)
            .pile(6.25, 2.4, 3, false)
            .pile(5.0, 4.8, 3, false)
            .pile(3.75, 4.8, 3, false)
            .pile(2.5, 4.8, 3, false)
            .pile(1.25, 4.8, 3, false)
            .pile(0.0, 2.4, 3, false)
            // The three centre cells, refilled.
            .row_of(3, 1, 1.875, 2.4, true)
            .stock_at(8.0, 0.0)
            .discard_at(8.0, 2.4))
    }
}

/// A game of Hurricane.
pub type Game = patience_cells::CellsGame<Hurricane>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Hurricane>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Hurricane>();
    }

    #[test]
    fn ten_piles_of_three_three_centre_cells_and_a_stock_of_19() {
        let game = start::<Hurricane>(10);
        assert_eq!(game.table().piles.len(), 13);
        assert!((0..10).all(|i| game.pile(i).len() == 3) && (10..13).all(|i| game.pile(i).len() == 1));
        assert_eq!(game.stock_len(), 19);
    }

    #[test]
    fn only_the_centre_cells_are_refilled() {
        // Round one: a card to each of the ten piles and the three cells;
        // then two more rounds to the piles. Stock: Qs, Ks, …
        let game = start_from::<Hurricane>("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Ah Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qs Ks");
        let game = play(game, "Ah+Kd");
        assert_eq!([&tops(&game)[10], &tops(&game)[12 - 1]], ["Qs", "Ks"], "both centre cells refilled");
        assert_eq!(game.stock_len(), 17);
        let game = play(game, "4h+Th");
        assert_eq!(game.stock_len(), 17, "piles are never refilled");
    }
}
