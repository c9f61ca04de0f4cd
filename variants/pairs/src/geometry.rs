//! The shape of the table: pyramid positions, who covers whom, slot ids and
//! where each slot is drawn.
//!
//! Pyramid positions are numbered row by row from the apex, left to right:
//! row `r` (0 = apex) index `i` is position `r(r+1)/2 + i`, so the apex is 0
//! and the bottom row is 21..=27. The position is also the slot id.

/// Rows of the pyramid.
pub const ROWS: usize = 7;
/// Cards in the pyramid.
pub const PYRAMID_CARDS: usize = 28;
/// Cards in the talon (stock and waste together).
pub const TALON_CARDS: usize = 24;
/// Every pyramid position, as a bit mask.
pub const FULL_PYRAMID: u32 = (1 << PYRAMID_CARDS) - 1;
/// Every talon card, as a bit mask over talon indices.
pub const FULL_TALON: u32 = (1 << TALON_CARDS) - 1;

/// Slot id of the stock.
pub const STOCK_SLOT: u32 = 28;
/// Slot ids of the waste piles: pile 1, 2, 3 (one-pile games use only 29).
pub const WASTE_SLOTS: [u32; 3] = [29, 30, 31];

/// The position of row `row`, index `index`.
pub const fn position(row: usize, index: usize) -> usize {
    row * (row + 1) / 2 + index
}

/// The positions (bit numbers) set in `mask`, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        let position = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(position)
    })
}

/// The row a position is in.
pub const fn row_of(position: usize) -> usize {
    let mut row = 0;
    while (row + 1) * (row + 2) / 2 <= position {
        row += 1;
    }
    row
}

/// The index of a position within its row.
pub const fn index_in_row(p: usize) -> usize {
    p - position(row_of(p), 0)
}

/// The positions of `left` that no position of `left` covers, for all rows
/// at once: position `p` of row `r` is covered by `p + r + 1` and
/// `p + r + 2`, so shifting `left` down by those amounts lines each card
/// up with the cards covering it.
pub fn free_positions(left: u32) -> u32 {
    let mut covered = 0;
    let mut row = 0;
    while row + 1 < ROWS {
        covered |= ((left >> (row + 1)) | (left >> (row + 2))) & ROW_MASKS[row];
        row += 1;
    }
    left & !covered
}

/// The positions of each row, as masks.
pub const ROW_MASKS: [u32; ROWS] = {
    let mut masks = [0u32; ROWS];
    let mut row = 0;
    while row < ROWS {
        masks[row] = ((1 << (row + 1)) - 1) << position(row, 0);
        row += 1;
    }
    masks
};

/// For each position, the (at most two) positions directly covering it:
/// row r+1, indices i and i+1. Empty for the bottom row.
pub const COVERED_BY: [u32; PYRAMID_CARDS] = {
    let mut masks = [0u32; PYRAMID_CARDS];
    let mut p = 0;
    while p < PYRAMID_CARDS {
        let (row, index) = (row_of(p), index_in_row(p));
        if row + 1 < ROWS {
            masks[p] = (1 << position(row + 1, index)) | (1 << position(row + 1, index + 1));
        }
        p += 1;
    }
    masks
};

/// For each position, every position it covers directly or through other
/// cards: none of them can be free while this card is on the table.
pub const BURIED_UNDER: [u32; PYRAMID_CARDS] = {
    let mut masks = [0u32; PYRAMID_CARDS];
    // Rows from the apex down: a card buries what it covers directly plus
    // everything those cards bury, which is already computed.
    let mut p = 0;
    while p < PYRAMID_CARDS {
        let mut q = 0;
        while q < p {
            if COVERED_BY[q] & (1 << p) != 0 {
                masks[p] |= (1 << q) | masks[q];
            }
            q += 1;
        }
        p += 1;
    }
    masks
};

/// For each position, every position covering it directly or through
/// other cards: all of them are gone before it is free.
pub const COVERING: [u32; PYRAMID_CARDS] = {
    let mut masks = [0u32; PYRAMID_CARDS];
    let mut p = 0;
    while p < PYRAMID_CARDS {
        let mut q = 0;
        while q < PYRAMID_CARDS {
            if BURIED_UNDER[q] & (1 << p) != 0 {
                masks[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    masks
};

/// For each position, the positions that can never be available at the same
/// time as it: those it buries and those burying it.
pub const NEVER_TOGETHER: [u32; PYRAMID_CARDS] = {
    let mut masks = [0u32; PYRAMID_CARDS];
    let mut p = 0;
    while p < PYRAMID_CARDS {
        masks[p] = BURIED_UNDER[p] | COVERING[p];
        p += 1;
    }
    masks
};

/// For each position, the positions in a direct covering relation with it
/// (covering it or covered by it): the only pairs `overlap_pairs` adds.
pub const DIRECT_NEIGHBOURS: [u32; PYRAMID_CARDS] = {
    let mut masks = [0u32; PYRAMID_CARDS];
    let mut p = 0;
    while p < PYRAMID_CARDS {
        let mut q = 0;
        while q < PYRAMID_CARDS {
            if COVERED_BY[p] & (1 << q) != 0 || COVERED_BY[q] & (1 << p) != 0 {
                masks[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    masks
};

/// Gap between the bottom of the pyramid and the stock row, in card units.
const TALON_GAP: f32 = 0.5;
/// Vertical distance between pyramid rows: half a card's height.
pub const ROW_STEP: f32 = patience_engine::layout::CARD_HEIGHT / 2.0;
/// The pyramid is 7 cards wide.
pub const BOARD_WIDTH: f32 = ROWS as f32;
/// Top of the stock and waste row.
pub const TALON_Y: f32 = (ROWS - 1) as f32 * ROW_STEP + patience_engine::layout::CARD_HEIGHT + TALON_GAP;
/// Everything fits above this.
pub const BOARD_HEIGHT: f32 = TALON_Y + patience_engine::layout::CARD_HEIGHT;

/// Top-left corner of a pyramid position: each row is shifted half a card
/// right of the one below it, so a card sits centred on its two coverers.
pub fn pyramid_xy(position: usize) -> (f32, f32) {
    let (row, index) = (row_of(position), index_in_row(position));
    let x = (ROWS - 1 - row) as f32 * 0.5 + index as f32;
    (x, row as f32 * ROW_STEP)
}

/// Left edges of the stock and the waste piles in the talon row, centred
/// under the pyramid. One pile: stock and waste side by side; three piles:
/// the stock then the three piles, a little further apart.
pub fn talon_xs(piles: usize) -> (f32, [f32; 3]) {
    if piles == 1 { (2.3, [3.7, 0.0, 0.0]) } else { (1.05, [2.55, 3.75, 4.95]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_positions_are_those_no_card_left_covers() {
        let mut state = 0x9E37_79B9u32;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let left = state & FULL_PYRAMID;
            let one_by_one = (0..PYRAMID_CARDS)
                .filter(|&p| left & (1 << p) != 0 && left & COVERED_BY[p] == 0)
                .fold(0, |free, p| free | 1 << p);
            assert_eq!(free_positions(left), one_by_one, "{left:#x}");
        }
        assert_eq!(free_positions(FULL_PYRAMID), ROW_MASKS[ROWS - 1], "at the start the bottom row is free");
    }

    #[test]
    fn positions_run_row_by_row_from_the_apex() {
        assert_eq!(position(0, 0), 0);
        assert_eq!(position(1, 1), 2);
        assert_eq!(position(6, 0), 21);
        assert_eq!(position(6, 6), 27);
        for p in 0..PYRAMID_CARDS {
            assert_eq!(position(row_of(p), index_in_row(p)), p);
        }
    }

    #[test]
    fn each_card_is_covered_by_the_two_below_it() {
        assert_eq!(COVERED_BY[0], (1 << 1) | (1 << 2));
        // Row 3 index 2 (position 8) is covered by row 4 indices 2 and 3.
        assert_eq!(COVERED_BY[8], (1 << 12) | (1 << 13));
        assert!(COVERED_BY[21..].iter().all(|&mask| mask == 0), "the bottom row is uncovered");
    }

    #[test]
    fn burial_is_transitive() {
        // The apex is buried under every other card.
        assert!(BURIED_UNDER[1..].iter().all(|&mask| mask & 1 != 0), "every card buries the apex");
        // A bottom-row corner buries exactly one card per row above it.
        assert_eq!(BURIED_UNDER[21].count_ones(), 6);
        // Row 6 index 3 buries rows 5..0: 2 + 3 + 4 + 3 + 2 + 1 cards.
        assert_eq!(BURIED_UNDER[24].count_ones(), 15);
        assert_eq!(NEVER_TOGETHER[0], FULL_PYRAMID & !1);
        // The apex is covered by every other card, a bottom card by none.
        assert_eq!(COVERING[0], FULL_PYRAMID & !1);
        assert!(COVERING[21..].iter().all(|&mask| mask == 0));
        assert_eq!(COVERING[10], COVERED_BY[10] | COVERED_BY[15] | COVERED_BY[16]);
    }

    #[test]
    fn layout_rows_overlap_like_a_pyramid() {
        let (x0, y0) = pyramid_xy(0);
        let (x1, y1) = pyramid_xy(1);
        assert_eq!((x0 - x1, y1 - y0), (0.5, ROW_STEP));
        assert!(pyramid_xy(27).0 + 1.0 <= BOARD_WIDTH);
        assert!(pyramid_xy(27).1 + 1.4 < TALON_Y);
    }
}
