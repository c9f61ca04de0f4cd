//! The table of a cells game: its piles (a cell is a pile dealt one card),
//! where each lies, how many cards it is dealt and whether it is refilled;
//! where the reserve, the stock, the waste and the discards lie; and the
//! order the deal goes in. Built once per game with [`Table`]'s builder.

use patience_engine::layout::CARD_HEIGHT;

/// Space between two cards side by side.
pub const GAP: f32 = 0.25;
/// How far each card of a pile lies below the one it lies on.
pub const FAN: f32 = 0.3;
/// The most piles a table has, and the most cards a pile holds.
pub const MAX_PILES: usize = 18;
pub const PILE_CAPACITY: usize = 16;

/// One pile (or cell).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PileSpec {
    /// Where its first card lies (card units).
    pub x: f32,
    pub y: f32,
    /// Cards dealt onto it at the start.
    pub dealt: u8,
    /// Whether it gets a card from the stock when emptied (by the game's
    /// [`crate::Refill`]).
    pub refilled: bool,
    /// Cards only come to it from the stock's draws (Eight Cards' extra
    /// cell, Baroness' two reserve cells): it never gives a card to, nor
    /// takes one from, another pile.
    pub receives_only_from_stock: bool,
}

/// How the dealt cards go onto the piles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DealOrder {
    /// Round after round, one card to each pile still to get one.
    Rounds,
    /// Pile after pile, each getting all its cards (Exit).
    PileByPile,
}

/// A game's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub piles: Vec<PileSpec>,
    pub deal: DealOrder,
    /// Where the reserve's first card lies, the stock, the waste and the
    /// discards.
    pub reserve_at: (f32, f32),
    pub stock_at: (f32, f32),
    pub waste_at: (f32, f32),
    pub discard_at: (f32, f32),
}

impl Default for Table {
    fn default() -> Table {
        Table { piles: Vec::new(), deal: DealOrder::Rounds, reserve_at: (0.0, 0.0), stock_at: (0.0, 0.0), waste_at: (0.0, 0.0), discard_at: (0.0, 0.0) }
    }
}

/// The x of column `column`.
pub fn column_x(column: usize) -> f32 {
    column as f32 * (1.0 + GAP)
}

/// The y of cell row `row`.
pub fn row_y(row: usize) -> f32 {
    row as f32 * (CARD_HEIGHT + GAP)
}

impl Table {
    /// `rows` rows of `columns` cells, one card each, refilled, from
    /// (`x`, `y`); row by row.
    pub fn cells(self, rows: usize, columns: usize, x: f32, y: f32) -> Table {
        (0..rows).fold(self, |table, row| table.row_of(columns, 1, x, y + row_y(row), true))
    }

    /// `count` piles side by side from (`x`, `y`), each dealt `dealt`
    /// cards, fanned down so that all show; refilled or not.
    pub fn row_of(mut self, count: usize, dealt: u8, x: f32, y: f32, refilled: bool) -> Table {
        for column in 0..count {
            self.piles.push(PileSpec { x: x + column_x(column), y, dealt, refilled, receives_only_from_stock: false });
        }
        self
    }

    /// One pile at (`x`, `y`).
    pub fn pile(mut self, x: f32, y: f32, dealt: u8, refilled: bool) -> Table {
        self.piles.push(PileSpec { x, y, dealt, refilled, receives_only_from_stock: false });
        self
    }

    /// An empty cell at (`x`, `y`) that only the stock's draws fill.
    pub fn draw_cell(mut self, x: f32, y: f32) -> Table {
        self.piles.push(PileSpec { x, y, dealt: 0, refilled: false, receives_only_from_stock: true });
        self
    }

    /// Piles dealt one after another, each whole, instead of in rounds.
    pub fn dealt_pile_by_pile(mut self) -> Table {
        self.deal = DealOrder::PileByPile;
        self
    }

    pub fn reserve_at(mut self, x: f32, y: f32) -> Table {
        self.reserve_at = (x, y);
        self
    }

    pub fn stock_at(mut self, x: f32, y: f32) -> Table {
        self.stock_at = (x, y);
        self
    }

    pub fn waste_at(mut self, x: f32, y: f32) -> Table {
        self.waste_at = (x, y);
        self
    }

    pub fn discard_at(mut self, x: f32, y: f32) -> Table {
        self.discard_at = (x, y);
        self
    }

    /// Cards dealt onto the table.
    pub fn dealt(&self) -> usize {
        self.piles.iter().map(|pile| pile.dealt as usize).sum()
    }

    /// Which pile each dealt card goes to, in dealing order.
    pub fn deal_order(&self) -> Vec<usize> {
        match self.deal {
            DealOrder::PileByPile => self.piles.iter().enumerate().flat_map(|(i, pile)| std::iter::repeat_n(i, pile.dealt as usize)).collect(),
            DealOrder::Rounds => {
                let rounds = self.piles.iter().map(|pile| pile.dealt).max().unwrap_or(0);
                (0..rounds).flat_map(|round| self.piles.iter().enumerate().filter(move |(_, pile)| pile.dealt > round).map(|(i, _)| i)).collect()
            }
        }
    }

    /// Refuses a table the game state cannot hold.
    pub fn check(&self) -> Result<(), String> {
        if self.piles.is_empty() || self.piles.len() > MAX_PILES {
            return Err(format!("a table has 1 to {MAX_PILES} piles, not {}", self.piles.len()));
        }
        if let Some(pile) = self.piles.iter().find(|pile| pile.dealt as usize > PILE_CAPACITY) {
            return Err(format!("a pile is dealt {} cards, more than {PILE_CAPACITY}", pile.dealt));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_deal_one_card_to_each_pile_still_to_get_one() {
        // Triple Alliance: two rounds to all 18 piles, then one to the first 16.
        let table = (0..18).fold(Table::default(), |table, i| table.pile(i as f32, 0.0, if i < 16 { 3 } else { 2 }, false));
        let order = table.deal_order();
        assert_eq!(order.len(), 52);
        assert_eq!(&order[..18], &(0..18).collect::<Vec<_>>()[..]);
        assert_eq!(&order[36..], &(0..16).collect::<Vec<_>>()[..]);
        let exit = Table::default().row_of(2, 5, 0.0, 0.0, false).pile(5.0, 0.0, 2, false).dealt_pile_by_pile();
        assert_eq!(exit.deal_order(), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2]);
    }

    #[test]
    fn cells_are_rows_of_single_refilled_cards() {
        let table = Table::default().cells(3, 3, 0.0, 0.0);
        assert_eq!((table.piles.len(), table.dealt()), (9, 9));
        assert!(table.piles.iter().all(|pile| pile.refilled && pile.dealt == 1));
        assert_eq!(table.piles[4].x, column_x(1));
        assert_eq!(table.piles[4].y, row_y(1));
        assert!(table.check().is_ok());
    }
}
