//! Where the positions of a tableau lie and which cover which.
//!
//! A [`Shape`] is a list of positions, each with its place on the board (the
//! top-left corner, in card units), the positions lying directly on it, and
//! whether its card is dealt face down. Positions are numbered in the order
//! they are dealt. The constructors build the usual shapes; [`Shape::with`]
//! puts several side by side (their positions dealt in the order added).
//!
//! ```text
//!  pyramid(3)          inverted(3)         piles(2, 3)        peaks (TriPeaks)
//!      0                 0   1   2          0   1   (round 0)      0        1        2
//!    1   2                 3   4            2   3   (round 1)     3 4      5 6      7 8
//!  3   4   5                 5              4   5   (round 2)    9 . . . . . . . . 17
//!                                            each card lies       18 . . . . . . . . . 27
//!  2 covers 5? no: row r, i lies on          on the one dealt
//!  row r+1, i and i+1 (3 and 4 cover 1)      before it
//! ```

use crate::layout::CARD_HEIGHT;

/// A set of positions, one bit each: a shape has at most [`MAX_POSITIONS`].
pub type Mask = u128;

/// The most positions a shape may have (the bits of a [`Mask`]).
pub const MAX_POSITIONS: usize = 128;

/// How far each row of a pyramid lies below the one above: half a card,
/// so that a card shows its upper half above the two cards on it.
pub const ROW_STEP: f32 = CARD_HEIGHT / 2.0;

/// How far each card of a reserve pile lies below the one it covers.
pub const PILE_STEP: f32 = 0.3;

/// The space between two shapes put side by side, and between piles.
pub const GAP: f32 = 0.25;

/// One position of a shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// Top-left corner on the board, in card units.
    pub x: f32,
    pub y: f32,
    /// Drawing order: a card lying on another is drawn after it.
    pub z: i32,
    /// The positions lying directly on this one.
    pub covered_by: Mask,
    /// Dealt face down, and turned up once nothing lies on it.
    pub face_down: bool,
}

/// The positions of a tableau and which cover which.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Shape {
    positions: Vec<Position>,
    /// Each position's `covered_by`, packed: [`Shape::free`] runs for
    /// every position the solver visits.
    covered_by: Vec<Mask>,
    /// For each position, the positions it lies on directly.
    lies_on: Vec<Mask>,
    /// For each position, every position lying on it, directly or not.
    above: Vec<Mask>,
    /// For each position, every position it lies on, directly or not.
    below: Vec<Mask>,
}

/// The positions set in `mask`, lowest first.
pub fn bits(mut mask: Mask) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        let position = (mask != 0).then(|| mask.trailing_zeros() as usize)?;
        mask &= mask - 1;
        Some(position)
    })
}

/// The mask of one position.
pub const fn bit(position: usize) -> Mask {
    1 << position
}

impl Shape {
    /// A shape of the given positions, numbered in order. Each covering
    /// position must come later than the positions it covers (as in every
    /// shape dealt from the back of the table to the front), so a shape has
    /// no cycle.
    pub fn new(positions: Vec<Position>) -> Shape {
        assert!(positions.len() <= MAX_POSITIONS, "a shape has at most {MAX_POSITIONS} positions");
        for (p, position) in positions.iter().enumerate() {
            assert!(position.covered_by & (bit(p + 1) - 1) == 0, "position {p} is covered by a position dealt before it");
            assert!(position.covered_by >> positions.len() == 0, "position {p} is covered by a position the shape does not have");
        }
        let n = positions.len();
        let mut above = vec![0; n];
        for p in (0..n).rev() {
            above[p] = bits(positions[p].covered_by).fold(positions[p].covered_by, |mask, q| mask | above[q]);
        }
        let mut below = vec![0; n];
        for p in 0..n {
            for q in bits(above[p]) {
                below[q] |= bit(p);
            }
        }
        let covered_by: Vec<Mask> = positions.iter().map(|position| position.covered_by).collect();
        let lies_on = (0..n).map(|p| (0..n).filter(|&q| covered_by[q] & bit(p) != 0).fold(0, |mask, q| mask | bit(q))).collect();
        Shape { positions, covered_by, lies_on, above, below }
    }

    /// The upright pyramid of `rows` rows: row `r` (0 at the top) has
    /// `r + 1` cards, each lying half on the two below it, row by row from
    /// the apex, left to right.
    pub fn pyramid(rows: usize) -> Shape {
        let start = |row: usize| row * (row + 1) / 2;
        let positions = (0..rows)
            .flat_map(|row| (0..=row).map(move |index| (row, index)))
            .map(|(row, index)| Position {
                x: (rows - 1 - row) as f32 * 0.5 + index as f32,
                y: row as f32 * ROW_STEP,
                z: row as i32,
                covered_by: if row + 1 < rows { bit(start(row + 1) + index) | bit(start(row + 1) + index + 1) } else { 0 },
                face_down: false,
            })
            .collect();
        Shape::new(positions)
    }

    /// The inverted pyramid of `rows` rows: row `r` (0 at the top) has
    /// `rows − r` cards; a card lies under the cards of the next row
    /// half a card to its left and right (one for the ends of a row).
    /// Only the single card of the last row starts free.
    pub fn inverted(rows: usize) -> Shape {
        let start = |row: usize| (0..row).map(|r| rows - r).sum::<usize>();
        let positions = (0..rows)
            .flat_map(|row| (0..rows - row).map(move |index| (row, index)))
            .map(|(row, index)| {
                let next = row + 1;
                let mut covered_by = 0;
                if next < rows {
                    let width = rows - next;
                    if index > 0 {
                        covered_by |= bit(start(next) + index - 1);
                    }
                    if index < width {
                        covered_by |= bit(start(next) + index);
                    }
                }
                Position { x: row as f32 * 0.5 + index as f32, y: row as f32 * ROW_STEP, z: row as i32, covered_by, face_down: false }
            })
            .collect();
        Shape::new(positions)
    }

    /// TriPeaks: `peaks` pyramids of three rows side by side (1, 2 and 3
    /// cards each), on a bottom row of `3 × peaks + 1` cards that covers
    /// their third rows together. Dealt row by row from the tops.
    pub fn peaks(peaks: usize) -> Shape {
        let mut positions = Vec::new();
        let row_sizes = [peaks, 2 * peaks, 3 * peaks, 3 * peaks + 1];
        let starts = [0, peaks, 3 * peaks, 6 * peaks];
        for (row, &size) in row_sizes.iter().enumerate() {
            for index in 0..size {
                let (x, covered_by) = match row {
                    // Within a peak, card i of a row lies under i and i + 1 of the next.
                    0 => (1.5 + 3.0 * index as f32, bit(starts[1] + 2 * index) | bit(starts[1] + 2 * index + 1)),
                    1 => {
                        let (peak, i) = (index / 2, index % 2);
                        let third = starts[2] + 3 * peak + i;
                        (1.0 + 3.0 * peak as f32 + i as f32, bit(third) | bit(third + 1))
                    }
                    2 => (0.5 + index as f32, bit(starts[3] + index) | bit(starts[3] + index + 1)),
                    _ => (index as f32, 0),
                };
                positions.push(Position { x, y: row as f32 * ROW_STEP, z: row as i32, covered_by, face_down: false });
            }
        }
        Shape::new(positions)
    }

    /// `count` reserve piles of `depth` cards side by side, each card lying
    /// on the one below it, so only a pile's top card is free. Dealt in
    /// rounds, one card to each pile per round: position `round × count +
    /// pile`.
    pub fn piles(count: usize, depth: usize) -> Shape {
        let positions = (0..depth)
            .flat_map(|round| (0..count).map(move |pile| (round, pile)))
            .map(|(round, pile)| Position {
                x: pile as f32 * (1.0 + GAP),
                y: round as f32 * PILE_STEP,
                z: round as i32,
                covered_by: if round + 1 < depth { bit((round + 1) * count + pile) } else { 0 },
                face_down: false,
            })
            .collect();
        Shape::new(positions)
    }

    /// A grid of `rows` rows of `columns` cards, none covering another.
    pub fn grid(rows: usize, columns: usize) -> Shape {
        let positions = (0..rows * columns)
            .map(|p| Position {
                x: (p % columns) as f32 * (1.0 + GAP),
                y: (p / columns) as f32 * (CARD_HEIGHT + GAP),
                z: 0,
                covered_by: 0,
                face_down: false,
            })
            .collect();
        Shape::new(positions)
    }

    /// This shape and `other` on one board, `other`'s top-left corner at
    /// (`x`, `y`) and its positions numbered (and dealt) after this one's.
    /// No card of one covers a card of the other.
    pub fn with(self, other: Shape, x: f32, y: f32) -> Shape {
        let offset = self.len();
        assert!(offset + other.len() <= MAX_POSITIONS, "a shape has at most {MAX_POSITIONS} positions");
        let mut positions = self.positions;
        positions.extend(other.positions.into_iter().map(|position| Position {
            x: position.x + x,
            y: position.y + y,
            covered_by: position.covered_by << offset,
            ..position
        }));
        Shape::new(positions)
    }

    /// `other` to the right of this shape, a gap between them, tops level.
    pub fn beside(self, other: Shape) -> Shape {
        let x = self.width() + GAP;
        self.with(other, x, 0.0)
    }

    /// Every position that starts covered is dealt face down (and turned
    /// up when freed); the free ones start face up.
    pub fn face_down_while_covered(mut self) -> Shape {
        for position in &mut self.positions {
            position.face_down = position.covered_by != 0;
        }
        self
    }

    /// The same shape with `covered_by` of `position` replaced: for rules
    /// that copy a program's quirk (a cover entry it lacks). Positions must
    /// still be covered only by later ones.
    pub fn with_cover(mut self, position: usize, covered_by: Mask) -> Shape {
        self.positions[position].covered_by = covered_by;
        Shape::new(self.positions)
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Every position.
    pub fn all(&self) -> Mask {
        if self.len() == MAX_POSITIONS { Mask::MAX } else { bit(self.len()) - 1 }
    }

    pub fn position(&self, position: usize) -> &Position {
        &self.positions[position]
    }

    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The positions lying directly on `position`.
    pub fn covered_by(&self, position: usize) -> Mask {
        self.covered_by[position]
    }

    /// The positions `position` lies on directly: those that taking its
    /// card may free.
    pub fn lies_on(&self, position: usize) -> Mask {
        self.lies_on[position]
    }

    /// Every position lying on `position`, directly or through others:
    /// while any of them is on the table, `position` is not free.
    pub fn above(&self, position: usize) -> Mask {
        self.above[position]
    }

    /// Every position `position` lies on, directly or through others.
    pub fn below(&self, position: usize) -> Mask {
        self.below[position]
    }

    /// Whether the cards at `a` and `b` can never both be free: one lies on
    /// the other, directly or through others.
    pub fn one_on_the_other(&self, a: usize, b: usize) -> bool {
        self.above[a] & bit(b) != 0 || self.below[a] & bit(b) != 0
    }

    /// The positions of `present` that nothing in `present` lies on.
    #[inline]
    pub fn free(&self, present: Mask) -> Mask {
        bits(present).filter(|&p| self.covered_by[p] & present == 0).fold(0, |mask, p| mask | bit(p))
    }

    /// The positions dealt face down.
    pub fn face_down(&self) -> Mask {
        self.positions.iter().enumerate().filter(|(_, p)| p.face_down).fold(0, |mask, (p, _)| mask | bit(p))
    }

    /// The right edge of the rightmost card.
    pub fn width(&self) -> f32 {
        self.positions.iter().map(|p| p.x + 1.0).fold(0.0, f32::max)
    }

    /// The bottom edge of the lowest card.
    pub fn height(&self) -> f32 {
        self.positions.iter().map(|p| p.y + CARD_HEIGHT).fold(0.0, f32::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn covers(shape: &Shape, position: usize) -> Vec<usize> {
        bits(shape.covered_by(position)).collect()
    }

    #[test]
    fn a_pyramid_is_numbered_row_by_row_and_each_card_lies_under_two() {
        let shape = Shape::pyramid(7);
        assert_eq!(shape.len(), 28);
        assert_eq!(covers(&shape, 0), [1, 2]);
        assert_eq!(covers(&shape, 8), [12, 13]);
        assert_eq!(covers(&shape, 21), [] as [usize; 0]);
        assert_eq!(shape.free(shape.all()), 0b111_1111 << 21, "the bottom row starts free");
        assert_eq!(shape.above(0).count_ones(), 27, "everything lies on the apex");
        assert!(shape.one_on_the_other(0, 27) && !shape.one_on_the_other(21, 27) && !shape.one_on_the_other(1, 2));
    }

    #[test]
    fn an_inverted_pyramid_starts_with_only_its_point_free() {
        let shape = Shape::inverted(7);
        assert_eq!(shape.len(), 28);
        assert_eq!(covers(&shape, 0), [7], "the ends of a row lie under one card");
        assert_eq!(covers(&shape, 1), [7, 8]);
        assert_eq!(covers(&shape, 6), [12]);
        assert_eq!(covers(&shape, 7), [13]);
        assert_eq!(shape.free(shape.all()), bit(27));
        let without_point = shape.all() & !bit(27);
        assert_eq!(shape.free(without_point), bit(25) | bit(26), "then both cards of row 6");
    }

    #[test]
    fn tripeaks_has_three_peaks_on_a_bottom_row_of_ten() {
        let shape = Shape::peaks(3);
        assert_eq!(shape.len(), 28);
        assert_eq!(shape.free(shape.all()), (bit(10) - 1) << 18, "only the bottom row is free");
        assert_eq!(covers(&shape, 0), [3, 4]);
        assert_eq!(covers(&shape, 2), [7, 8]);
        assert_eq!(covers(&shape, 4), [10, 11]);
        assert_eq!(covers(&shape, 5), [12, 13], "peak two's second row");
        assert_eq!(covers(&shape, 17), [26, 27]);
        assert!(!shape.one_on_the_other(0, 1) && !shape.one_on_the_other(0, 12));
        assert!(shape.one_on_the_other(2, 27));
    }

    #[test]
    fn piles_are_dealt_in_rounds_and_show_their_tops() {
        let shape = Shape::piles(8, 3);
        assert_eq!(shape.len(), 24);
        assert_eq!(covers(&shape, 0), [8]);
        assert_eq!(covers(&shape, 8), [16]);
        assert_eq!(shape.free(shape.all()), (bit(8) - 1) << 16);
    }

    #[test]
    fn shapes_side_by_side_stay_separate() {
        let shape = Shape::pyramid(2).beside(Shape::pyramid(7)).beside(Shape::pyramid(6));
        assert_eq!(shape.len(), 3 + 28 + 21);
        assert_eq!(shape.free(shape.all()).count_ones(), 2 + 7 + 6);
        assert_eq!(covers(&shape, 3), [4, 5], "the second pyramid's apex, renumbered");
        assert!(!shape.one_on_the_other(0, 3));
        assert!(shape.position(3).x >= 2.0 + GAP);
    }

    #[test]
    fn face_down_while_covered_hides_all_but_the_free_cards() {
        let shape = Shape::pyramid(7).face_down_while_covered();
        assert_eq!(shape.face_down(), shape.all() & !shape.free(shape.all()));
    }

    fn any_shape() -> impl Strategy<Value = Shape> {
        let part = prop_oneof![
            (1usize..10).prop_map(Shape::pyramid),
            (1usize..10).prop_map(Shape::inverted),
            (1usize..4).prop_map(Shape::peaks),
            (1usize..9, 1usize..5).prop_map(|(count, depth)| Shape::piles(count, depth)),
            (1usize..4, 1usize..6).prop_map(|(rows, columns)| Shape::grid(rows, columns)),
        ];
        // Side by side while they fit: three large parts (three pyramids
        // of nine rows) would pass the limit `with` refuses.
        proptest::collection::vec(part, 1..4).prop_map(|parts| {
            parts.into_iter().reduce(|shape, part| if shape.len() + part.len() <= MAX_POSITIONS { shape.beside(part) } else { shape }).unwrap()
        })
    }

    proptest! {
        /// Whatever the shape: `above` and `below` are each other's mirror
        /// and the closure of `covered_by`; a card is free exactly when
        /// nothing on the table lies on it; taking free cards one by one
        /// clears any shape; no two cards of one shape lie at one place.
        #[test]
        fn every_shape_is_consistent(shape in any_shape(), order in any::<u64>()) {
            let n = shape.len();
            for p in 0..n {
                prop_assert_eq!(shape.above(p) & bit(p), 0, "no position lies on itself");
                prop_assert_eq!(shape.covered_by(p) & !shape.above(p), 0);
                for q in bits(shape.lies_on(p)) {
                    prop_assert!(shape.covered_by(q) & bit(p) != 0, "{} lies on {} only if {} is covered by it", p, q, q);
                }
                prop_assert_eq!(shape.lies_on(p) & !shape.below(p), 0);
                for q in bits(shape.above(p)) {
                    prop_assert!(shape.below(q) & bit(p) != 0);
                    prop_assert_eq!(shape.above(q) & !shape.above(p), 0, "what lies on q lies on p");
                }
                for q in 0..n {
                    let (a, b) = (shape.position(p), shape.position(q));
                    prop_assert!(p == q || a.x != b.x || a.y != b.y, "positions {} and {} coincide", p, q);
                }
            }
            let mut present = shape.all();
            let mut rng = crate::deal::DealRng::new(order);
            while present != 0 {
                let free = shape.free(present);
                prop_assert!(free != 0, "a shape with cards left always has a free one");
                for p in bits(present) {
                    prop_assert_eq!(free & bit(p) != 0, shape.above(p) & present == 0);
                }
                let choices: Vec<usize> = bits(free).collect();
                present &= !bit(choices[rng.below(choices.len() as u64) as usize]);
            }
        }
    }
}
