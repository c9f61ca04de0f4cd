//! The five level layouts and their geometry.
//!
//! Every field pyramid is a triangle of tablets: row 0 (the top) holds one
//! tablet, row `r` holds `r + 1`. Tablet `(r, i)` is covered by `(r + 1, i)`
//! and `(r + 1, i + 1)` of the same pyramid, so the bottom row is readable at
//! the start and the top is the last tablet of its pyramid.
//!
//! Field tablets are numbered (and get slot ids) pyramid by pyramid from left
//! to right, inside a pyramid row by row from the top, each row from left to
//! right. So the first tablet of each pyramid is its top.

use std::sync::OnceLock;

/// What one level deals: its field pyramids and its stock.
#[derive(Debug, PartialEq, Eq)]
pub struct LevelPlan {
    /// The number of rows of each field pyramid, left to right.
    pub pyramids: &'static [u8],
    /// Tablets dealt to the stock, counting the one turned onto the discard
    /// pile when the level starts.
    pub stock: u8,
}

impl LevelPlan {
    pub fn field_size(&self) -> usize {
        self.pyramids.iter().map(|&rows| triangle(rows)).sum()
    }

    /// Cards of the level's deck that are neither field nor stock: they stay
    /// in the box, unseen.
    pub fn set_aside(&self) -> usize {
        52 - self.field_size() - self.stock as usize
    }
}

/// The levels, easiest first. Each has more field tablets, fewer stock
/// tablets and at least as many pyramids as the one before. Levels 3 and 5
/// leave 3 cards of their deck in the box, to thin the stock further.
///
/// The numbers were tuned with the greedy player of the tests (it sees only
/// readable tablets, draws when stuck and plays jokers once the stock is
/// empty), which clears each level started with 3 jokers in about 98 %,
/// 73 %, 56 %, 44 % and 17 % of deals, and level 5 with 5 jokers in about
/// 42 % (`tests::level_five_is_rarely_cleared_with_fewer_than_five_jokers`).
pub const LEVELS: [LevelPlan; 5] = [
    // 1. One pyramid and a generous stock: 15 field, 37 stock.
    LevelPlan { pyramids: &[5], stock: 37 },
    // 2. Two pyramids: 30 field, 22 stock.
    LevelPlan { pyramids: &[5, 5], stock: 22 },
    // 3. A tall pyramid between two small ones: 33 field, 16 stock, 3 aside.
    LevelPlan { pyramids: &[3, 6, 3], stock: 16 },
    // 4. Two tall pyramids around a small one: 45 field, 7 stock.
    LevelPlan { pyramids: &[6, 2, 6], stock: 7 },
    // 5. The pharaoh's great pyramid between two guards: 48 field, and the
    //    stock is only the opening tablet (3 aside). Jokers and series are
    //    all a player has.
    LevelPlan { pyramids: &[4, 7, 4], stock: 1 },
];

pub fn plan(level: u8) -> &'static LevelPlan {
    &LEVELS[level as usize - 1]
}

/// Tablets in a triangle of `rows` rows.
pub fn triangle(rows: u8) -> usize {
    let rows = rows as usize;
    rows * (rows + 1) / 2
}

/// Horizontal gap between two field pyramids, in card widths.
const PYRAMID_GAP: f32 = 0.5;
/// Vertical distance between two rows of a pyramid: half a tablet, so a row
/// visibly lies on the one above it.
const ROW_STEP: f32 = 0.7;
/// Space around the board's content.
pub const MARGIN: f32 = 0.5;

/// Where one field tablet lies and which tablets lie on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    pub pyramid: u8,
    pub row: u8,
    pub x: f32,
    pub y: f32,
    /// The tablets that cover this one (none for the bottom row).
    pub covered_by: Vec<usize>,
    /// The same as a mask over tablet numbers (a field has fewer than 64).
    pub covered_mask: u64,
    /// True for the top tablet of a pyramid (row 0).
    pub is_top: bool,
}

/// The spots of one level, indexed by field tablet number.
pub fn spots(level: u8) -> &'static [Spot] {
    static ALL: OnceLock<Vec<Vec<Spot>>> = OnceLock::new();
    let all = ALL.get_or_init(|| (1..=LEVELS.len() as u8).map(build_spots).collect());
    &all[level as usize - 1]
}

fn field_width(plan: &LevelPlan) -> f32 {
    let rows: f32 = plan.pyramids.iter().map(|&rows| rows as f32).sum();
    rows + PYRAMID_GAP * (plan.pyramids.len() as f32 - 1.0)
}

fn tallest_pyramid() -> u8 {
    LEVELS.iter().flat_map(|plan| plan.pyramids.iter().copied()).max().unwrap_or(1)
}

/// The height of the field area: the tallest pyramid of any level, so the
/// stock and the bonus pyramid stay in place from level to level.
pub fn field_height() -> f32 {
    (tallest_pyramid() as f32 - 1.0) * ROW_STEP + patience_engine::layout::CARD_HEIGHT
}

/// The width every level's field fits in.
pub fn widest_field() -> f32 {
    LEVELS.iter().map(field_width).fold(0.0, f32::max)
}

fn build_spots(level: u8) -> Vec<Spot> {
    let plan = plan(level);
    let tallest = tallest_pyramid();
    // Centre the level's field on the board; pyramids stand on one baseline.
    let mut left = MARGIN + (widest_field() - field_width(plan)) / 2.0;
    let mut spots = Vec::with_capacity(plan.field_size());
    for (pyramid, &rows) in plan.pyramids.iter().enumerate() {
        let first = spots.len();
        let row_start = |row: u8| first + triangle(row);
        for row in 0..rows {
            for index in 0..=row {
                let covered_by = if row + 1 < rows {
                    let below = row_start(row + 1) + index as usize;
                    vec![below, below + 1]
                } else {
                    Vec::new()
                };
                let covered_mask = covered_by.iter().fold(0u64, |mask, &cover| mask | 1 << cover);
                spots.push(Spot {
                    covered_mask,
                    pyramid: pyramid as u8,
                    row,
                    x: left + (rows - 1 - row) as f32 * 0.5 + index as f32,
                    y: MARGIN + (tallest - rows + row) as f32 * ROW_STEP,
                    covered_by,
                    is_top: row == 0,
                });
            }
        }
        left += rows as f32 + PYRAMID_GAP;
    }
    spots
}
