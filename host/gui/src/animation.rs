//! Cards slide to where a move put them, and fade where a move took them
//! away — this module's one job.
//!
//! It compares the layout before a change of the game (a move by click,
//! key, demo, undo or redo) with the layout after it, and finds the cards
//! that changed place: a card is known by the face it shows, so only
//! face-up cards that appear once in each layout can be followed; jokers,
//! empty slots and face-down cards that stay face down simply appear where
//! they are. Each moved card then slides for [`DURATION`] from its old
//! place to its new one, easing out, timed by egui's input clock (so tests
//! step it like frames).
//!
//! Two more rules, both read from the layout alone:
//! - A face-up card that no slot showed before (it was face down) comes
//!   from the stock when the stock gave cards: the layout has exactly one
//!   slot of kind `Stock`, the same slot before and after, and the number
//!   its label shows (its card count) went down. The card slides from the
//!   stock's old place. Without such a stock (no stock, two stocks, no
//!   count on the label, a count that did not go down) it just appears.
//! - A face-up card shown before and nowhere after (removed, or covered
//!   with nothing sliding onto it) fades out at its old place over the
//!   same [`DURATION`], shrinking a little. A card covered by a card that
//!   slides onto it is shown under that card instead (see [`Slide::under`]).
//!
//! Neither ever blocks anything: sliding and fading cards are only painted,
//! the board takes clicks at the cards' new places all along, and a new
//! change (or any command) snaps them at once before the next one starts.
//! A new game, or animations switched off in the View menu, just shows the
//! new layout. Nothing here knows which variant is played: only slots,
//! slot kinds, labels, positions and faces.

use crate::table::Position;
use patience_engine::card::CardId;
use patience_engine::layout::{Layout, Slot, SlotKind};
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

/// A card shown before a change and nowhere after it, fading out at its
/// old place.
#[derive(Clone, Debug, PartialEq)]
pub struct Fade {
    /// The slot that showed it, as it was: its place is in board units of
    /// the old layout.
    pub was: Slot,
}

/// The cards that changed place between `old` and `new`, in the new
/// layout's order: face-up cards shown in both at different places, and
/// newly face-up cards the stock gave (see the module's rules).
pub fn slides(old: &Layout, new: &Layout) -> Vec<Slide> {
    let before = unique_cards(old);
    let after = unique_cards(new);
    let stock = giving_stock(old, new);
    let mut moving: Vec<(&Slot, &Slot)> = Vec::new();
    for slot in &new.slots {
        let Some(card) = identity(slot) else { continue };
        let Some(Some(_)) = after.get(&card) else { continue };
        let was = match before.get(&card) {
            Some(Some(was)) => *was,
            // Shown before, but more than once: which one cannot be told.
            Some(None) => continue,
            // Face down before: from the stock, if it gave cards.
            None => match stock {
                Some(stock) => stock,
                None => continue,
            },
        };
        if (was.x, was.y) != (slot.x, slot.y) {
            moving.push((was, slot));
        }
    }
    let flying = |slot: &Slot| identity(slot).is_some_and(|card| moving.iter().any(|(_, to)| identity(to) == Some(card)));
    moving
        .iter()
        .map(|(was, to)| Slide {
            slot: to.id,
            from: [was.x, was.y],
            to: [to.x, to.y],
            under: old.slots.iter().find(|s| s.id == to.id && (s.x, s.y) == (to.x, to.y) && !flying(s)).cloned(),
        })
        .collect()
}

/// The face-up cards of `old` (each shown once) that `new` shows nowhere,
/// in the old layout's order; except a card that `slides` show under the
/// card sliding onto its slot.
pub fn fades(old: &Layout, new: &Layout, slides: &[Slide]) -> Vec<Fade> {
    let before = unique_cards(old);
    let after = unique_cards(new);
    let shown_under = |slot: &Slot| slides.iter().any(|slide| slide.under.as_ref().is_some_and(|under| under.id == slot.id));
    old.slots
        .iter()
        .filter(|slot| identity(slot).is_some_and(|card| matches!(before.get(&card), Some(Some(_))) && !after.contains_key(&card)))
        .filter(|slot| !shown_under(slot))
        .map(|slot| Fade { was: slot.clone() })
        .collect()
}

/// The stock that gave cards between `old` and `new`: the one slot of kind
/// `Stock` in each layout, the same slot, whose label's number (its card
/// count) went down. Its old slot, whose place new cards come from.
fn giving_stock<'a>(old: &'a Layout, new: &Layout) -> Option<&'a Slot> {
    fn only_stock(layout: &Layout) -> Option<&Slot> {
        let mut stocks = layout.slots.iter().filter(|slot| slot.kind == SlotKind::Stock);
        match (stocks.next(), stocks.next()) {
            (Some(stock), None) => Some(stock),
            _ => None,
        }
    }
    let count = |slot: &Slot| slot.label.as_deref()?.trim().parse::<u64>().ok();
    let (was, is) = (only_stock(old)?, only_stock(new)?);
    (was.id == is.id && count(is)? < count(was)?).then_some(was)
}

/// The card a slot shows, with its deck, when its face tells.
fn identity(slot: &Slot) -> Option<CardId> {
    slot.card_id()
}

/// Each face-up card of `layout` and its slot; `None` for a card shown
/// more than once (a plugin that does not say which deck each copy comes
/// from), which cannot be told apart.
fn unique_cards(layout: &Layout) -> HashMap<CardId, Option<&Slot>> {
    let mut cards: HashMap<CardId, Option<&Slot>> = HashMap::new();
    for slot in &layout.slots {
        if let Some(card) = identity(slot) {
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
    pub fades: Vec<Fade>,
}

impl Motion {
    /// The eased fraction of the way the cards have come at `now`; `None`
    /// once they have arrived.
    pub fn progress(&self, now: f64) -> Option<f32> {
        let t = (now - self.started) / DURATION;
        (t < 1.0).then(|| ease_out(t.max(0.0) as f32))
    }
}

/// What the board draws this frame: the slides and fades and how far they
/// have come.
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

    /// How much of a fading card still shows: from 1 down to 0 as the
    /// slides come.
    pub fn opacity(&self) -> f32 {
        1.0 - self.progress
    }
}

/// The app's animation: the position it last saw and the slides and fades
/// running.
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
        let fades = fades(&old, layout, &slides);
        if !slides.is_empty() || !fades.is_empty() {
            self.motion = Some(Motion { started: now, from_size: [old.width, old.height], slides, fades });
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

    /// The slides and fades to draw at `now`, while there are any.
    pub fn sliding(&self, now: f64) -> Option<Sliding<'_>> {
        let motion = self.motion.as_ref()?;
        Some(Sliding { motion, progress: motion.progress(now)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Clock, Table};
    use patience_engine::card::Card;
    use patience_engine::deal::Deal;
    use patience_engine::layout::{Face, SlotKind};
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

    /// A face-down stock of `count` cards at (0, 0) and a waste at (1, 0)
    /// showing `waste`.
    fn talon(count: Option<u32>, waste: Face) -> Vec<Slot> {
        let stock = Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down);
        let stock = match count {
            Some(count) => stock.label(count.to_string()),
            None => stock,
        };
        vec![stock, Slot::new(1, SlotKind::Waste, 1.0, 0.0, waste)]
    }

    #[test]
    fn a_card_drawn_face_down_from_the_stock_slides_from_the_stock() {
        let old = layout(talon(Some(24), up("5c")));
        let new = layout(talon(Some(23), up("Qs")));
        let slides = slides(&old, &new);
        assert_eq!(slides.len(), 1, "{slides:?}");
        let slide = &slides[0];
        assert_eq!((slide.slot, slide.from, slide.to), (1, [0.0, 0.0], [1.0, 0.0]));
        // The five it covers shows until the queen lands: it does not fade.
        assert_eq!(slide.under.as_ref().map(|slot| slot.face), Some(up("5c")));
        assert!(fades(&old, &new, &slides).is_empty());
    }

    #[test]
    fn without_a_stock_that_gave_cards_a_new_card_just_appears() {
        let draw = |old: Vec<Slot>, new: Vec<Slot>| slides(&layout(old), &layout(new));
        // No stock at all.
        let waste = |face| vec![Slot::new(1, SlotKind::Waste, 1.0, 0.0, face)];
        assert!(draw(waste(Face::Empty), waste(up("Qs"))).is_empty());
        // A stock without a count, or one whose count did not go down.
        assert!(draw(talon(None, Face::Empty), talon(None, up("Qs"))).is_empty());
        assert!(draw(talon(Some(3), Face::Empty), talon(Some(3), up("Qs"))).is_empty());
        assert!(draw(talon(Some(3), up("Qs")), talon(Some(4), up("5c"))).is_empty());
        // Two stocks: which one gave it cannot be told.
        let two = |count: u32, face| {
            let mut slots = talon(Some(count), face);
            slots.push(Slot::new(2, SlotKind::Stock, 2.0, 0.0, Face::Down).label(count.to_string()));
            slots
        };
        assert!(draw(two(5, Face::Empty), two(4, up("Qs"))).is_empty());
    }

    #[test]
    fn a_card_taken_away_fades_where_it_was() {
        let old = layout(vec![
            Slot::new(0, SlotKind::Pyramid, 0.0, 0.0, up("Kh")),
            Slot::new(1, SlotKind::Pyramid, 1.0, 0.0, up("6c")),
            Slot::new(2, SlotKind::Pyramid, 2.0, 0.0, up("2d")),
            Slot::new(3, SlotKind::Waste, 3.0, 2.0, up("7d")),
        ]);
        // The king, and the pair of the six and the waste's seven, are
        // removed; the waste shows the card the seven covered.
        let new = layout(vec![
            Slot::new(0, SlotKind::Pyramid, 0.0, 0.0, Face::Empty),
            Slot::new(1, SlotKind::Pyramid, 1.0, 0.0, Face::Empty),
            Slot::new(2, SlotKind::Pyramid, 2.0, 0.0, up("2d")),
            Slot::new(3, SlotKind::Waste, 3.0, 2.0, up("Jc")),
        ]);
        let slides = slides(&old, &new);
        assert!(slides.is_empty(), "{slides:?}");
        let fades = fades(&old, &new, &slides);
        let faded: Vec<(u32, [f32; 2], Face)> = fades.iter().map(|f| (f.was.id, [f.was.x, f.was.y], f.was.face)).collect();
        assert_eq!(faded, vec![(0, [0.0, 0.0], up("Kh")), (1, [1.0, 0.0], up("6c")), (3, [3.0, 2.0], up("7d"))]);

        // A fade alone is a motion: it runs for the slides' time, fading.
        let motion = Motion { started: 0.0, from_size: [6.0, 4.0], slides, fades };
        let sliding = Sliding { motion: &motion, progress: motion.progress(DURATION / 2.0).unwrap() };
        assert!(sliding.opacity() > 0.0 && sliding.opacity() < 0.5, "{}", sliding.opacity());
        assert_eq!(motion.progress(DURATION * 1.01), None);
    }

    #[test]
    fn the_way_eases_out_and_ends_at_the_new_place() {
        assert_eq!(ease_out(0.0), 0.0);
        assert_eq!(ease_out(1.0), 1.0);
        assert!(ease_out(0.5) > 0.5, "more than half the way at half the time");
        let motion = Motion { started: 10.0, from_size: [1.0, 1.0], slides: Vec::new(), fades: Vec::new() };
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
    fn a_draw_from_a_face_down_stock_slides_from_the_stock() {
        let plugin = patience_tests::plugin("relaxed");
        let mut table = Table::start(plugin, RuleSet::defaults("relaxed"), Deal::Seed(1), Clock::Fixed(Duration::ZERO)).unwrap();
        let stock = table.layout().slots.iter().find(|slot| slot.kind == SlotKind::Stock).unwrap().clone();
        assert_eq!(stock.face, Face::Down);
        let mut animation = Animation::default();
        follow(&mut animation, 0.0, &table);
        table.play_notation("draw");
        assert_eq!(table.moves_made(), 1);
        follow(&mut animation, 1.0, &table);
        let sliding = animation.sliding(1.01).expect("the drawn card slides");
        assert_eq!(sliding.motion.slides.len(), 1, "{:?}", sliding.motion.slides);
        assert_eq!(sliding.motion.slides[0].from, [stock.x, stock.y]);
        let to = table.layout().slots.iter().find(|slot| slot.id == sliding.motion.slides[0].slot).unwrap();
        assert_eq!(to.kind, SlotKind::Waste);
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
