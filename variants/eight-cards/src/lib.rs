//! # Eight Cards
//!
//! PySolFC's Eight Cards (game 929), on the shared rules of
//! `patience-cells`: this crate is the game's table, stock, refill, pairs
//! and singles.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, Stock, Table};
use patience_engine::card::{JACK, KING, QUEEN};

/// The rules of Eight Cards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct EightCards;

impl Rules for EightCards {
    const ID: &'static str = "eight-cards";
    const NAME: &'static str = "Eight Cards";
    const SUMMARY: &'static str = "Eight cells and an extra one: pairs making 11 and face cards leave; two draws a game.";
    const INTRO: &'static str = "PySolFC's Eight Cards (game 929; also called Acht Karten): eight cells in two rows of \
four, one card each, refilled from the stock at once, and an extra cell, empty at the start and never refilled: twice a \
game `draw` puts the stock's top card there.";
    const REFILL: Refill = Refill::AtOnce;
    const STOCK: Stock = Stock::ToPile { pile: 8, draws: 2 };
    const REMOVAL: Removal =
        Removal::pairs(PairRule::sum(11), "two cards making 11 (A+10, 2+9, 3+8, 4+7, 5+6)").alone(ranks(&[JACK, QUEEN, KING]), "a Jack, a Queen or a King");

    fn table() -> &'static Table {
        table!(Table::default().cells(2, 4, 0.0, 0.0).draw_cell(5.5, 0.0).stock_at(5.5, 1.65).discard_at(6.75, 1.65))
    }
}

/// A game of Eight Cards.
pub type Game = patience_cells::CellsGame<EightCards>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<EightCards>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<EightCards>();
    }

    #[test]
    fn eight_cells_an_empty_extra_cell_and_a_stock_of_44() {
        let game = start::<EightCards>(8);
        assert_eq!((game.table().piles.len(), game.stock_len()), (9, 44));
        assert!(game.pile(8).is_empty());
    }

    #[test]
    fn two_draws_into_the_extra_cell_while_it_is_empty() {
        let game = start_from::<EightCards>("2c 3c 4c 5c 6c 7c 8c Ah Kd 9d Td");
        assert!(moves(&game).contains(&"draw".to_string()));
        let game = play(game, "draw");
        assert_eq!(tops(&game)[8], "Kd");
        assert!(!moves(&game).contains(&"draw".to_string()), "the extra cell is occupied");
        let game = play(game, "Kd, draw");
        assert_eq!(tops(&game)[8], "9d", "the second draw");
        let game = play(game, "2c+9d");
        assert_eq!(tops(&game)[8], "-", "the extra cell is never refilled");
        assert!(!moves(&game).contains(&"draw".to_string()), "two draws a game");
        assert!(game.explain("draw").contains("All 2 draws"), "{}", game.explain("draw"));
    }
}
