//! # Ides of March
//!
//! PySolFC's Ides of March (game 974), on the shared rules of
//! `patience-cells`: this crate is the game's table, refill and pairs.

use patience_cells::{table, PairRule, Refill, Removal, Rules, Table};
use patience_engine::card::ACE;

/// The rules of Ides of March.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct IdesOfMarch;

impl Rules for IdesOfMarch {
    const ID: &'static str = "ides-of-march";
    const NAME: &'static str = "Ides of March";
    const SUMMARY: &'static str = "Hurricane with pairs making 15, or two Aces.";
    const INTRO: &'static str = "PySolFC's Ides of March (game 974; also called XV): Hurricane's ring of ten piles of three and three centre cells, \
the 19 others in the stock, which refills the centre cells at once and never the piles.";
    const REFILL: Refill = Refill::AtOnce;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(15).and(ACE, ACE), "two cards making 15 (2+K, 3+Q, 4+J, 5+10, 6+9, 7+8), or two Aces");

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

/// A game of Ides of March.
pub type Game = patience_cells::CellsGame<IdesOfMarch>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<IdesOfMarch>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<IdesOfMarch>();
    }

    #[test]
    fn ten_piles_of_three_three_centre_cells_and_a_stock_of_19() {
        let game = start::<IdesOfMarch>(10);
        assert_eq!(game.table().piles.len(), 13);
        assert!((0..10).all(|i| game.pile(i).len() == 3) && (10..13).all(|i| game.pile(i).len() == 1));
        assert_eq!(game.stock_len(), 19);
    }

    #[test]
    fn only_the_centre_cells_are_refilled() {
        // Round one: a card to each of the ten piles and the three cells;
        // then two more rounds to the piles. Stock: Qs, Ks, …
        let game = start_from::<IdesOfMarch>("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Ah Kd Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qs Ks");
        let game = play(game, "Ah+Ad");
        assert_eq!([&tops(&game)[10], &tops(&game)[12 - 0]], ["Qs", "Ks"], "both centre cells refilled");
        assert_eq!(game.stock_len(), 17);
        let game = play(game, "5h+Th");
        assert_eq!(game.stock_len(), 17, "piles are never refilled");
    }
}
