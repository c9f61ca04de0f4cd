//! Cards slide to where a move put them — this module's one job.
//!
//! It compares the layout before a change of the game (a move by click,
//! key, demo, undo or redo) with the layout after it, and finds the cards
//! that changed place: a card is known by the face it shows, so only
//! face-up cards that appear once in each layout can be followed; face-down
//! cards, jokers and empty slots simply appear where they are. Each moved
//! card then slides for [`DURATION`] from its old place to its new one,
//! easing out, timed by egui's input clock (so tests step it like frames).
//!
//! A slide never blocks anything: the board takes clicks at the cards' new
//! places all along, and a new change (or any command) snaps the slide at
//! once before the next one starts. A new game, or animations switched off
//! in the View menu, just shows the new layout. Nothing here knows which
//! variant is played: only slots, positions and faces.

use crate::table::Position;
use patience_engine::card::Card;
use patience_engine::layout::{Face, Layout, Slot};
use std::collections::HashMap;

/// How long a slide takes, in seconds.
pub const DURATION: f64 = 0.18;

/// One card on its way to slot `slot` of the new layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    pub slot: u32,
    /// Where the card was and where it goes, in board units of the old and
    /// the new layout.
    pub from: [f32; 2],
    pub to: [f32; 2],
    /// What `slot` showed before the card came (the card it lands on, an
    /// empty foundation): shown there until the card arrives. `None` shows
    /// nothing (the slot did not exist, or held a card that moves too).
    pub under: Option<Slot>,
}

/// The cards that changed place between `old` and `new`, in the new
/// layout's order.
pub fn slides(old: &Layout, new: &Layout) -> Vec<Slide> {
    let before = unique_cards(old);
    let after = unique_cards(new);
    let mut moving: Vec<(&Slot, &Slot)> = Vec::new();
    for slot in &new.slots {
        let Some(card) = identity(slot.face) else { continue };
        let (Some(Some(was)), Some(Some(_))) = (before.get(&card), after.get(&card)) else { continue };
        if (was.x, was.y) != (slot.x, slot.y) {
            moving.push((was, slot));
        }
    }
    let flying = |face: Face| identity(face).is_some_and(|card| moving.iter().any(|(_, to)| to.face == Face::Up(card)));
    moving
        .iter()
        .map(|(was, to)| Slide {
            slot: to.id,
            from: [was.x, was.y],
            to: [to.x, to.y],
            under: old.slots.iter().find(|s| s.id == to.id && (s.x, s.y) == (to.x, to.y) && !flying(s.face)).cloned(),
        })
        .collect()
}

/// The card a face stands for, when the face tells.
fn identity(face: Face) -> Option<Card> {
    match face {
        Face::Up(card) => Some(card),
        _ => None,
    }
}

/// Each face-up card of `layout` and its slot; `None` for a card shown
/// more than once (two decks), which cannot be told apart.
fn unique_cards(layout: &Layout) -> HashMap<Card, Option<&Slot>> {
    let mut cards: HashMap<Card, Option<&Slot>> = HashMap::new();
    for slot in &layout.slots {
        if let Some(card) = identity(slot.face) {
            cards.entry(card).and_modify(|seen| *seen = None).or_insert(Some(slot));
        }
    }
    cards
}

/// Fast at first, gentle at the end: the fraction of the way covered
/// after `t` of the time (both 0..=1).
pub fn ease_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t).powi(3)
}

/// The slides of one change, started at `started` (egui's input time).
#[derive(Clone, Debug, PartialEq)]
pub struct Motion {
    pub started: f64,
    /// The old layout's size: where its cards were on screen depends on it.
    pub from_size: [f32; 2],
    pub slides: Vec<Slide>,
}

impl Motion {
    /// The eased fraction of the way the cards have come at `now`; `None`
    /// once they have arrived.
    pub fn progress(&self, now: f64) -> Option<f32> {
        let t = (now - self.started) / DURATION;
        (t < 1.0).then(|| ease_out(t.max(0.0) as f32))
    }
}

/// What the board draws this frame: the slides and how far they have come.
#[derive(Copy, Clone, Debug)]
pub struct Sliding<'a> {
    pub motion: &'a Motion,
    pub progress: f32,
}

impl Sliding<'_> {
    /// The slide of the card now in slot `slot`, if it is on its way.
    pub fn of(&self, slot: u32) -> Option<&Slide> {
        self.motion.slides.iter().find(|slide| slide.slot == slot)
    }
}

/// The app's animation: the position it last saw and the slides running.
#[derive(Debug, Default)]
pub struct Animation {
    seen: Option<(Position, Layout)>,
    motion: Option<Motion>,
    /// The player dropped a card where it goes this frame.
    dropped: bool,
}

impl Animation {
    /// Once a frame, after the frame's commands and background work: a new
    /// position of the same game starts its slides at `now` (a slide still
    /// running is snapped first); another game, or animations switched
    /// off, just shows the new layout.
    pub fn follow(&mut self, now: f64, enabled: bool, current: Option<(Position, &Layout)>) {
        let enabled = enabled && !std::mem::take(&mut self.dropped);
        if self.motion.as_ref().is_some_and(|motion| motion.progress(now).is_none()) {
            self.motion = None;
        }
        let Some((position, layout)) = current else {
            self.seen = None;
            self.motion = None;
            return;
        };
        if self.seen.as_ref().is_some_and(|(seen, _)| *seen == position) {
            return;
        }
        let previous = self.seen.replace((position, layout.clone()));
        self.motion = None;
        let Some((before, old)) = previous.filter(|_| enabled) else { return };
        if !before.same_game(&position) {
            return;
        }
        let slides = slides(&old, layout);
        if !slides.is_empty() {
            self.motion = Some(Motion { started: now, from_size: [old.width, old.height], slides });
        }
    }

    /// Every card at its place at once (a click, a key, any command).
    pub fn snap(&mut self) {
        self.motion = None;
    }

    /// The player dragged a card and dropped it where it goes: this
    /// frame's change just shows (the card would otherwise jump back to
    /// where it was dragged from and slide again).
    pub fn dropped(&mut self) {
        self.dropped = true;
    }

    /// The slides to draw at `now`, while there are any.
    pub fn sliding(&self, now: f64) -> Option<Sliding<'_>> {
        let motion = self.motion.as_ref()?;
        Some(Sliding { motion, progress: motion.progress(now)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Clock, Table};
    use patience_engine::deal::Deal;
    use patience_engine::layout::SlotKind;
    use patience_runtime::RuleSet;
    use std::time::Duration;

    fn up(text: &str) -> Face {
        Face::Up(text.parse::<Card>().unwrap())
    }

    fn layout(slots: Vec<Slot>) -> Layout {
        Layout { width: 6.0, height: 4.0, slots }
    }

    #[test]
    fn a_card_that_moved_slides_from_its_old_place_to_its_new_one() {
        let old = layout(vec![
            Slot::new(0, SlotKind::Field, 0.0, 0.0, up("Kh")),
            Slot::new(1, SlotKind::Field, 1.0, 0.0, up("6c")),
            Slot::new(5, SlotKind::Foundation, 4.0, 2.0, up("5c")),
        ]);
        let new = layout(vec![
            Slot::new(0, SlotKind::Field, 0.0, 0.0, up("Kh")),
            Slot::new(1, SlotKind::Field, 1.0, 0.0, Face::Empty),
            Slot::new(5, SlotKind::Foundation, 4.0, 2.0, up("6c")),
        ]);
        let slides = slides(&old, &new);
        // The king stayed: no slide. The six goes onto the foundation and
        // the five shows there until it lands.
        assert_eq!(slides.len(), 1, "{slides:?}");
        let slide = &slides[0];
        assert_eq!((slide.slot, slide.from, slide.to), (5, [1.0, 0.0], [4.0, 2.0]));
        assert_eq!(slide.under.as_ref().map(|slot| slot.face), Some(up("5c")));
    }

    #[test]
    fn cards_without_an_identity_just_appear() {
        let old = layout(vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down),
            Slot::new(1, SlotKind::Waste, 1.0, 0.0, Face::Empty),
            Slot::new(2, SlotKind::Field, 2.0, 0.0, up("7d")),
            Slot::new(3, SlotKind::Field, 3.0, 0.0, up("7d")),
        ]);
        let new = layout(vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down),
            Slot::new(1, SlotKind::Waste, 1.0, 0.0, up("Qs")),
            // Two sevens of diamonds: which went where cannot be told.
            Slot::new(2, SlotKind::Field, 2.0, 1.0, up("7d")),
            Slot::new(3, SlotKind::Field, 3.0, 1.0, up("7d")),
        ]);
        assert!(slides(&old, &new).is_empty());
    }

    #[test]
    fn the_way_eases_out_and_ends_at_the_new_place() {
        assert_eq!(ease_out(0.0), 0.0);
        assert_eq!(ease_out(1.0), 1.0);
        assert!(ease_out(0.5) > 0.5, "more than half the way at half the time");
        let motion = Motion { started: 10.0, from_size: [1.0, 1.0], slides: Vec::new() };
        assert_eq!(motion.progress(10.0), Some(0.0));
        assert!(motion.progress(10.0 + DURATION / 2.0).is_some_and(|p| p > 0.5 && p < 1.0));
        assert_eq!(motion.progress(10.0 + DURATION * 1.01), None);
    }

    /// A relaxed game on deal 1 with the stock's top card face up: a draw
    /// takes it to the waste.
    fn table() -> Table {
        let plugin = patience_tests::plugin("relaxed");
        let rule_set = RuleSet { options: patience_tests::settings(plugin, &[("stock_top_playable", "true")]), ..RuleSet::defaults("relaxed") };
        Table::start(plugin, rule_set, Deal::Seed(1), Clock::Fixed(Duration::ZERO)).unwrap()
    }

    fn follow(animation: &mut Animation, now: f64, table: &Table) {
        animation.follow(now, true, Some((table.position(), table.layout())));
    }

    #[test]
    fn a_move_slides_its_cards_and_a_new_move_mid_slide_snaps_the_old_one() {
        let mut table = table();
        let mut animation = Animation::default();
        follow(&mut animation, 0.0, &table);
        assert!(animation.sliding(0.0).is_none(), "a new game just appears");
        let before = table.layout().clone();
        table.play_notation("draw");
        assert_eq!(table.moves_made(), 1);
        follow(&mut animation, 1.0, &table);
        let sliding = animation.sliding(1.0 + DURATION / 3.0).expect("the move's cards slide");
        let expected = slides(&before, table.layout());
        assert!(!expected.is_empty());
        assert_eq!(sliding.motion.slides, expected);
        assert!(sliding.progress > 0.0 && sliding.progress < 1.0);

        // Undo mid-slide: the first slide is snapped, and the cards slide
        // back from where the move put them.
        let after_move = table.layout().clone();
        table.undo();
        follow(&mut animation, 1.05, &table);
        let back = animation.sliding(1.06).expect("the undo slides too");
        assert_eq!(back.motion.started, 1.05);
        assert_eq!(back.motion.slides, slides(&after_move, table.layout()));
        for slide in &back.motion.slides {
            assert!(expected.iter().any(|s| s.to == slide.from), "{slide:?} starts where the move left it");
        }
        assert!(animation.sliding(1.05 + DURATION * 1.01).is_none(), "and lands");

        // A command snaps at once; without a change nothing new starts.
        animation.snap();
        assert!(animation.sliding(1.07).is_none());
        follow(&mut animation, 1.08, &table);
        assert!(animation.sliding(1.08).is_none());
    }

    #[test]
    fn switched_off_or_a_new_game_shows_the_layout_at_once() {
        let mut table = table();
        let mut animation = Animation::default();
        animation.follow(0.0, false, Some((table.position(), table.layout())));
        table.play_notation("draw");
        animation.follow(1.0, false, Some((table.position(), table.layout())));
        assert!(animation.sliding(1.01).is_none());
        let mut other = self::table();
        follow(&mut animation, 2.0, &other);
        assert!(animation.sliding(2.01).is_none(), "another table's layout is no move");
        // A card dropped where it goes is already there.
        animation.dropped();
        other.play_notation("draw");
        follow(&mut animation, 3.0, &other);
        assert!(animation.sliding(3.01).is_none());
        other.undo();
        follow(&mut animation, 4.0, &other);
        assert!(animation.sliding(4.01).is_some(), "only that once");
    }
}
