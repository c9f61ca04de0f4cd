//! The shape of the pyramid: positions, who covers whom, where each card is
//! drawn on the board.
//!
//! Positions are numbered row by row from the apex, left to right: row `r`
//! (0 = apex) index `i` is position `r(r+1)/2 + i`. The position is also the
//! slot id the host sees.
//!
//! ```text
//!                 0                 row 0   (each card is covered by the
//!               1   2               row 1    two cards below it)
//!             3   4   5
//!           6   7   8   9
//!        10  11  12  13  14
//!      15  16  17  18  19  20
//!    21  22  23  24  25  26  27     row 6: uncovered at the start
//!
//!            [stock 28] [waste 29]
//! ```

use patience_engine::layout::CARD_HEIGHT;

pub const ROWS: usize = 7;
pub const CARDS: usize = 28;

/// Slot ids of the two piles below the pyramid.
pub const STOCK_SLOT: u32 = 28;
pub const WASTE_SLOT: u32 = 29;

/// Rows overlap by half a card, so each card sits between its two coverers.
const ROW_STEP: f32 = CARD_HEIGHT / 2.0;
/// The stock and waste row starts half a card below the bottom pyramid row.
const PILES_Y: f32 = (ROWS - 1) as f32 * ROW_STEP + CARD_HEIGHT + 0.5;
pub const BOARD_WIDTH: f32 = ROWS as f32;
pub const BOARD_HEIGHT: f32 = PILES_Y + CARD_HEIGHT;

pub const fn position(row: usize, index: usize) -> usize {
    row * (row + 1) / 2 + index
}

pub fn row_of(position: usize) -> usize {
    (0..ROWS).rev().find(|&row| self::position(row, 0) <= position).expect("row 0 starts at 0")
}

/// The two positions directly covering `position` (none for the bottom row).
pub fn covered_by(position: usize) -> Option<[usize; 2]> {
    let row = row_of(position);
    let index = position - self::position(row, 0);
    (row + 1 < ROWS).then(|| [self::position(row + 1, index), self::position(row + 1, index + 1)])
}

/// Top-left corner of a pyramid position, in card units.
pub fn xy(position: usize) -> (f32, f32) {
    let row = row_of(position);
    let index = position - self::position(row, 0);
    ((ROWS - 1 - row) as f32 * 0.5 + index as f32, row as f32 * ROW_STEP)
}

pub fn stock_xy() -> (f32, f32) {
    (2.3, PILES_Y)
}

pub fn waste_xy() -> (f32, f32) {
    (3.7, PILES_Y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_covers_follow_the_numbering() {
        assert_eq!(row_of(0), 0);
        assert_eq!(row_of(2), 1);
        assert_eq!(row_of(21), 6);
        assert_eq!(row_of(27), 6);
        assert_eq!(covered_by(0), Some([1, 2]));
        assert_eq!(covered_by(8), Some([12, 13]));
        assert_eq!(covered_by(21), None);
    }

    #[test]
    fn everything_is_on_the_board() {
        for position in 0..CARDS {
            let (x, y) = xy(position);
            assert!(x >= 0.0 && x + 1.0 <= BOARD_WIDTH && y + CARD_HEIGHT < stock_xy().1, "{position}");
        }
        assert!(waste_xy().0 + 1.0 <= BOARD_WIDTH && waste_xy().1 + CARD_HEIGHT <= BOARD_HEIGHT);
    }
}
