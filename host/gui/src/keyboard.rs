//! The keyboard cursor on the board: which slot it is on and where the
//! arrow keys take it. Everything is computed from the layout's geometry —
//! slot positions and whether a slot holds anything — so it works for
//! every plugin without knowing the game.
//!
//! * Slots whose tops lie within a quarter of a card's height of each other
//!   form a *row*; rows are ordered top to bottom, a row left to right. A
//!   card fanned a little below another in the same column (the cards of a
//!   reserve pile) starts a row of its own.
//! * Left / Right go to the neighbour in the row; Up / Down go to the row
//!   above / below, to the slot nearest the column the cursor started in
//!   (so Up then Down comes back to the same card, like a text cursor).
//! * The cursor visits what can be seen or played: a slot that is empty and
//!   not playable (a removed pyramid card, an empty waste pile) is skipped.
//!   When the card under the cursor goes, the cursor moves to the nearest
//!   slot left.

use egui::Id;
use patience_engine::layout::{Face, Layout, CARD_HEIGHT};

/// Tops closer than this (in board units) are one row.
const ROW_TOLERANCE: f32 = CARD_HEIGHT / 4.0;
/// A card lower than another of its column by more than this is fanned
/// below it (a waste fanned sideways keeps its cards level).
const FAN_LEVEL: f32 = 0.05;

/// The id of the single game's board widget; each slot's widget is
/// `BOARD_ID.with(slot id)`, which is what keyboard focus is given to.
pub fn board_id() -> Id {
    Id::unique("patience board")
}

/// The widget id of slot `slot` on the single game's board.
pub fn slot_widget_id(slot: u32) -> Id {
    board_id().with(slot)
}

/// An arrow key.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Up,
    Down,
    Left,
    Right,
}

/// A place the cursor can be: a slot's id and its top-left corner in board
/// units (every slot is one card in size).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Spot {
    pub id: u32,
    pub x: f32,
    pub y: f32,
    pub playable: bool,
}

/// The slots the cursor can visit, in the layout's order.
pub fn spots(layout: &Layout) -> Vec<Spot> {
    layout
        .slots
        .iter()
        .filter(|slot| slot.face != Face::Empty || slot.playable)
        .map(|slot| Spot { id: slot.id, x: slot.x, y: slot.y, playable: slot.playable })
        .collect()
}

/// The spots grouped into rows, top to bottom, each left to right.
pub fn rows(spots: &[Spot]) -> Vec<Vec<Spot>> {
    let mut sorted = spots.to_vec();
    sorted.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    let mut rows: Vec<Vec<Spot>> = Vec::new();
    for spot in sorted {
        // A card fanned a little below another in its column (a reserve
        // pile) is a row of its own, so Up and Down go through the pile.
        let fanned_below = |row: &[Spot]| row.iter().any(|s| (s.x - spot.x).abs() < 0.5 && spot.y - s.y > FAN_LEVEL);
        match rows.last_mut() {
            Some(row) if spot.y - row[0].y < ROW_TOLERANCE && !fanned_below(row) => row.push(spot),
            _ => rows.push(vec![spot]),
        }
    }
    for row in &mut rows {
        row.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    rows
}

/// Where the cursor starts: the first playable spot in reading order
/// (top row first, left to right), else the first spot.
pub fn start(spots: &[Spot]) -> Option<u32> {
    let ordered: Vec<Spot> = rows(spots).into_iter().flatten().collect();
    ordered.iter().find(|spot| spot.playable).or(ordered.first()).map(|spot| spot.id)
}

/// The spot one `step` away from `from`, and the column Up / Down aim at
/// (`goal_x`, the x the vertical moves started from). `None` at an edge.
pub fn step(spots: &[Spot], from: u32, step: Step, goal_x: Option<f32>) -> Option<u32> {
    let rows = rows(spots);
    let (row, index) = rows.iter().enumerate().find_map(|(r, row)| row.iter().position(|s| s.id == from).map(|i| (r, i)))?;
    let here = rows[row][index];
    let goal = goal_x.unwrap_or(here.x);
    match step {
        Step::Left => index.checked_sub(1).map(|i| rows[row][i].id),
        Step::Right => rows[row].get(index + 1).map(|spot| spot.id),
        Step::Up => row.checked_sub(1).map(|r| nearest_in_row(&rows[r], goal)),
        Step::Down => rows.get(row + 1).map(|target| nearest_in_row(target, goal)),
    }
}

/// The spot of a (non-empty) row whose left edge is nearest `x`; the left
/// one of two equally near.
fn nearest_in_row(row: &[Spot], x: f32) -> u32 {
    let mut best = row[0];
    for spot in &row[1..] {
        if (spot.x - x).abs() < (best.x - x).abs() {
            best = *spot;
        }
    }
    best.id
}

/// The spot nearest the point (x, y), for a cursor whose slot went away.
pub fn nearest(spots: &[Spot], x: f32, y: f32) -> Option<u32> {
    let distance = |spot: &Spot| (spot.x - x).powi(2) + (spot.y - y).powi(2);
    spots.iter().min_by(|a, b| distance(a).total_cmp(&distance(b))).map(|spot| spot.id)
}

/// The keyboard cursor of the single game. Hidden until a key asks for it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cursor {
    slot: Option<u32>,
    /// The column Up / Down aim at, kept across vertical moves.
    goal_x: Option<f32>,
    /// Where the cursor's slot was, to stay near it when it goes.
    at: Option<(f32, f32)>,
    /// Keyboard focus should be moved to the cursor's slot widget.
    pub focus_pending: bool,
}

impl Cursor {
    /// The slot the cursor is on, when it is shown.
    pub fn slot(&self) -> Option<u32> {
        self.slot
    }

    /// Shows the cursor (at its start when it was hidden).
    pub fn show(&mut self, layout: &Layout) {
        if self.slot.is_none() {
            let spots = spots(layout);
            self.place(&spots, start(&spots));
        }
        self.follow(layout);
    }

    /// Moves the cursor one step; a hidden cursor only appears.
    pub fn step(&mut self, layout: &Layout, direction: Step) {
        let Some(from) = self.slot else { return self.show(layout) };
        let spots = spots(layout);
        let here_x = spots.iter().find(|s| s.id == from).map(|s| s.x);
        let goal = self.goal_x.or(here_x);
        if let Some(to) = step(&spots, from, direction, goal) {
            let vertical = matches!(direction, Step::Up | Step::Down);
            self.place(&spots, Some(to));
            self.goal_x = if vertical { goal } else { None };
        }
        self.focus_pending = true;
    }

    /// Puts the cursor on `slot` (a card clicked while the cursor shows).
    pub fn put(&mut self, layout: &Layout, slot: u32) {
        if self.slot.is_some() {
            let spots = spots(layout);
            if spots.iter().any(|s| s.id == slot) {
                self.place(&spots, Some(slot));
            }
        }
    }

    pub fn hide(&mut self) {
        *self = Cursor::default();
    }

    /// Keeps the cursor on something the layout still shows: when its slot
    /// went (or was emptied), the nearest spot left takes it.
    pub fn follow(&mut self, layout: &Layout) {
        let Some(slot) = self.slot else { return };
        let spots = spots(layout);
        if let Some(spot) = spots.iter().find(|s| s.id == slot) {
            self.at = Some((spot.x, spot.y));
            return;
        }
        let (x, y) = self.at.unwrap_or((0.0, 0.0));
        let next = nearest(&spots, x, y);
        self.place(&spots, next);
        self.focus_pending = true;
    }

    fn place(&mut self, spots: &[Spot], slot: Option<u32>) {
        self.slot = slot;
        self.goal_x = None;
        self.at = slot.and_then(|id| spots.iter().find(|s| s.id == id)).map(|s| (s.x, s.y));
        self.focus_pending = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::card::Card;
    use patience_engine::layout::{Slot, SlotKind};

    fn spot(id: u32, x: f32, y: f32) -> Spot {
        Spot { id, x, y, playable: false }
    }

    /// A three-row pyramid (ids 0; 1 2; 3 4 5), rows half a card apart
    /// and overlapping, with a stock (10) and a waste (11) below.
    fn pyramid() -> Vec<Spot> {
        vec![
            spot(0, 1.0, 0.0),
            spot(1, 0.5, 0.7),
            spot(2, 1.5, 0.7),
            spot(3, 0.0, 1.4),
            spot(4, 1.0, 1.4),
            spot(5, 2.0, 1.4),
            spot(10, 0.6, 3.2),
            spot(11, 1.8, 3.2),
        ]
    }

    fn ids(row: &[Spot]) -> Vec<u32> {
        row.iter().map(|s| s.id).collect()
    }

    #[test]
    fn rows_follow_the_tops_of_the_slots() {
        let rows = rows(&pyramid());
        let rows: Vec<Vec<u32>> = rows.iter().map(|r| ids(r)).collect();
        assert_eq!(rows, vec![vec![0], vec![1, 2], vec![3, 4, 5], vec![10, 11]]);
        // A slot a little lower than its neighbours is still in their row;
        // half a card lower is the next row.
        let rows_of = |spots: &[Spot]| super::rows(spots).iter().map(|r| ids(r)).collect::<Vec<_>>();
        assert_eq!(rows_of(&[spot(1, 2.0, 0.0), spot(2, 0.0, 0.2)]), vec![vec![2, 1]]);
        assert_eq!(rows_of(&[spot(1, 2.0, 0.0), spot(2, 0.0, 0.7)]), vec![vec![1], vec![2]]);
    }

    #[test]
    fn up_and_down_go_through_the_cards_of_a_fanned_pile() {
        // Two piles of three, each card 0.3 below the one it lies on, and a
        // waste fanned sideways at one height.
        let spots = vec![
            spot(0, 0.0, 5.0),
            spot(1, 1.2, 5.0),
            spot(2, 0.0, 5.3),
            spot(3, 1.2, 5.3),
            spot(4, 0.0, 5.6),
            spot(5, 1.2, 5.6),
            spot(6, 3.0, 5.0),
            spot(7, 3.3, 5.0),
        ];
        let rows: Vec<Vec<u32>> = rows(&spots).iter().map(|r| ids(r)).collect();
        assert_eq!(rows, vec![vec![0, 1, 6, 7], vec![2, 3], vec![4, 5]]);
        assert_eq!(step(&spots, 5, Step::Up, None), Some(3));
        assert_eq!(step(&spots, 3, Step::Up, None), Some(1));
        assert_eq!(step(&spots, 6, Step::Right, None), Some(7), "the sideways fan is one row");
    }

    #[test]
    fn left_and_right_move_along_a_row_and_stop_at_its_ends() {
        let spots = pyramid();
        assert_eq!(step(&spots, 3, Step::Right, None), Some(4));
        assert_eq!(step(&spots, 4, Step::Right, None), Some(5));
        assert_eq!(step(&spots, 5, Step::Right, None), None);
        assert_eq!(step(&spots, 3, Step::Left, None), None);
        assert_eq!(step(&spots, 11, Step::Left, None), Some(10));
    }

    #[test]
    fn up_and_down_go_to_the_nearest_slot_of_the_next_row() {
        let spots = pyramid();
        assert_eq!(step(&spots, 0, Step::Up, None), None);
        assert_eq!(step(&spots, 0, Step::Down, None), Some(1), "two equally near: the left one");
        assert_eq!(step(&spots, 5, Step::Up, None), Some(2));
        // From the bottom of the pyramid into the stock and the waste.
        assert_eq!(step(&spots, 3, Step::Down, None), Some(10));
        assert_eq!(step(&spots, 5, Step::Down, None), Some(11));
        assert_eq!(step(&spots, 11, Step::Up, None), Some(5));
        assert_eq!(step(&spots, 10, Step::Down, None), None);
        // The column aimed at decides, not the slot now under the cursor.
        assert_eq!(step(&spots, 1, Step::Down, Some(1.0)), Some(4));
    }

    #[test]
    fn empty_rows_are_skipped() {
        // The middle row is gone: Down from the apex lands on the bottom row.
        let spots: Vec<Spot> = pyramid().into_iter().filter(|s| s.id != 1 && s.id != 2).collect();
        assert_eq!(step(&spots, 0, Step::Down, None), Some(4));
    }

    #[test]
    fn the_cursor_starts_on_the_first_playable_slot_in_reading_order() {
        let mut spots = pyramid();
        assert_eq!(start(&spots), Some(0), "nothing playable: the first slot");
        spots[5].playable = true;
        spots[3].playable = true;
        spots[7].playable = true;
        assert_eq!(start(&spots), Some(3));
        assert_eq!(start(&[]), None);
    }

    fn layout() -> Layout {
        let card = |text: &str| Face::Up(text.parse::<Card>().unwrap());
        Layout {
            width: 3.0,
            height: 4.6,
            slots: vec![
                Slot::new(0, SlotKind::Pyramid, 1.0, 0.0, card("Kh")),
                Slot::new(1, SlotKind::Pyramid, 0.5, 0.7, card("6c")).playable(true),
                Slot::new(2, SlotKind::Pyramid, 1.5, 0.7, card("7d")).playable(true),
                Slot::new(10, SlotKind::Stock, 0.6, 2.4, Face::Down).playable(true),
                Slot::new(11, SlotKind::Waste, 1.8, 2.4, Face::Empty),
            ],
        }
    }

    #[test]
    fn empty_unplayable_slots_are_not_visited() {
        let spots = spots(&layout());
        assert_eq!(spots.iter().map(|s| s.id).collect::<Vec<_>>(), vec![0, 1, 2, 10]);
        assert_eq!(step(&spots, 10, Step::Right, None), None, "the empty waste is skipped");
    }

    #[test]
    fn the_cursor_keeps_its_column_and_moves_off_a_card_that_goes() {
        let mut layout = layout();
        let mut cursor = Cursor::default();
        cursor.step(&layout, Step::Down);
        assert_eq!(cursor.slot(), Some(1), "the first key shows the cursor where it starts");
        cursor.step(&layout, Step::Right);
        cursor.step(&layout, Step::Up);
        assert_eq!(cursor.slot(), Some(0));
        cursor.step(&layout, Step::Down);
        assert_eq!(cursor.slot(), Some(2), "back down to the card it came from");
        // The 7 is played: the cursor goes to the nearest card left.
        layout.slots[2].face = Face::Empty;
        layout.slots[2].playable = false;
        cursor.follow(&layout);
        assert_eq!(cursor.slot(), Some(0));
        cursor.hide();
        assert_eq!(cursor.slot(), None);
        cursor.put(&layout, 1);
        assert_eq!(cursor.slot(), None, "a click does not show a hidden cursor");
    }
}
