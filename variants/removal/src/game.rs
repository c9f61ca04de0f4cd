//! The game: its state, its moves, what the host is shown, and the
//! [`Variant`] implementation every removal game shares.

use crate::talon::Talon;
use crate::{Passes, Rules, Stock, Win};
use core::marker::PhantomData;
use patience_engine::card::CardId;
use patience_engine::deal::{check_card_ids, Deal, DealRng};
use patience_engine::layout::{Face, HudItem, Layout, MoveInfo, Slot, SlotKind, Status, CARD_HEIGHT};
use patience_engine::options::{Choice, OptionSpec, Settings};
use patience_engine::tableau::{bit, bits, Mask, Shape, Tableau};
use patience_engine::{EasierStep, Info, Variant};
use serde::{Deserialize, Serialize};

/// Where a card that takes part in a move lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A position of the shape.
    Shape(u8),
    /// The stock's top card (open-top stocks).
    StockTop,
    /// The top of waste pile 0, 1 or 2.
    WasteTop(u8),
    /// The card directly under the waste's top (it pairs only with the top).
    UnderTop,
    /// The oldest waste card, lying apart (Treize, Yield).
    Bottom,
}

/// Where a card is kept: a shape position, or a talon id.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Located {
    Shape(usize),
    Talon(u8),
}

/// A legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Single(Place),
    Pair(Place, Place),
    Draw,
    Recycle,
}

/// The passes choices a game offers: three piles change their order at
/// each redeal, which the exact key follows for at most three passes.
const PASSES_CHOICES: [&str; 4] = ["1", "2", "3", "unlimited"];

/// One game of `R` in progress; everything about it is in the value (the
/// options too), so the host saves and restores it as it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemovalGame<R: Rules> {
    pub(crate) tableau: Tableau,
    pub(crate) talon: Talon,
    pub(crate) passes: Passes,
    /// The value of `R::SHAPE_FLAG`.
    pub(crate) flag: bool,
    /// Where the cards of each rank were dealt, one bit each: shape
    /// position `p` at bit `p`, talon id `i` at bit `shape length + i`. The
    /// solver counts with it at every position; `check` holds it to the cards.
    pub(crate) ranks: [u128; 14],
    /// The shape's free positions, kept as cards leave (the solver asks at
    /// every position); `check` holds it to the tableau.
    pub(crate) free: Mask,
    #[serde(skip)]
    pub(crate) rules: PhantomData<R>,
}

/// Where the cards of each rank lie in `tableau` and `talon` (see
/// [`RemovalGame::ranks`]).
fn rank_masks(tableau: &Tableau, shape_len: usize, talon: &Talon) -> [u128; 14] {
    let mut ranks = [0u128; 14];
    for p in 0..shape_len {
        ranks[tableau.card(p).rank() as usize] |= 1 << p;
    }
    for id in 0..talon.len() {
        ranks[talon.card(id as u8).rank() as usize] |= 1 << (shape_len + id);
    }
    ranks
}

/// The cards available now, with where they lie: a fixed array, as this
/// runs for every position the solver visits.
pub(crate) struct Available {
    items: [(Place, CardId); 64],
    len: usize,
    /// The ranks among them, one bit each.
    ranks: u16,
}

impl Available {
    fn push(&mut self, place: Place, card: CardId) {
        self.items[self.len] = (place, card);
        self.len += 1;
        self.ranks |= 1 << card.rank();
    }

    pub(crate) fn as_slice(&self) -> &[(Place, CardId)] {
        &self.items[..self.len]
    }
}

fn passes_option<R: Rules>() -> Choice {
    let default: &'static str = match R::PASSES {
        Passes::Limited(1) => "1",
        Passes::Limited(2) => "2",
        Passes::Limited(3) => "3",
        _ => "unlimited",
    };
    let choices: &'static [&'static str] = if R::STOCK == Stock::ThreeWastes { &PASSES_CHOICES[..3] } else { &PASSES_CHOICES };
    Choice::new("passes", choices, default, "How many times the stock may be gone through")
}

impl<R: Rules> RemovalGame<R> {
    pub fn shape(&self) -> &'static Shape {
        R::shape(self.flag)
    }

    pub fn tableau(&self) -> &Tableau {
        &self.tableau
    }

    pub fn talon(&self) -> &Talon {
        &self.talon
    }

    pub fn passes_allowed(&self) -> Passes {
        self.passes
    }

    pub(crate) fn piles(&self) -> usize {
        R::STOCK.waste_piles()
    }

    fn draw_count(&self) -> usize {
        match R::STOCK {
            Stock::Waste { draw, .. } => draw as usize,
            _ => 3,
        }
    }

    pub(crate) fn open_top(&self) -> bool {
        matches!(R::STOCK, Stock::Waste { open_top: true, .. })
    }

    /// The first talon slot's id: the shape's positions come first.
    fn stock_slot(&self) -> u32 {
        self.shape().len() as u32
    }

    pub(crate) fn slot_of(&self, place: Place) -> u32 {
        let stock = self.stock_slot();
        match place {
            Place::Shape(p) => p as u32,
            Place::StockTop => stock,
            Place::WasteTop(pile) => stock + 1 + pile as u32,
            Place::Bottom => stock + 4,
            Place::UnderTop => stock + 5,
        }
    }

    pub(crate) fn card_at(&self, place: Place) -> CardId {
        match self.locate(place) {
            Located::Shape(p) => self.tableau.card(p),
            Located::Talon(id) => self.talon.card(id),
        }
    }

    fn bottom_slot(&self) -> bool {
        matches!(R::STOCK, Stock::Waste { bottom_slot: true, .. })
    }

    /// The top of waste pile `pile`; with a bottom slot, the pile is the
    /// waste less its oldest card.
    fn waste_top(&self, pile: usize) -> Option<u8> {
        let top = self.talon.waste_top(pile, self.piles().max(1))?;
        (!self.bottom_slot() || self.talon.waste_len() >= 2).then_some(top)
    }

    /// The card under the waste top that may pair with it, if the rules
    /// allow such pairs and there is one (in the pile, past the bottom slot).
    fn under_top(&self) -> Option<u8> {
        let Stock::Waste { under_top: true, bottom_slot, .. } = R::STOCK else { return None };
        self.talon.under_top().filter(|_| !bottom_slot || self.talon.waste_len() >= 3)
    }

    pub(crate) fn available(&self) -> Available {
        let mut available = Available { items: [(Place::StockTop, CardId::from_code(0).expect("a card")); 64], len: 0, ranks: 0 };
        for p in bits(self.free) {
            available.push(Place::Shape(p as u8), self.tableau.card(p));
        }
        if self.open_top()
            && let Some(id) = self.talon.stock_top()
        {
            available.push(Place::StockTop, self.talon.card(id));
        }
        for pile in 0..self.piles() {
            if let Some(id) = self.waste_top(pile) {
                available.push(Place::WasteTop(pile as u8), self.talon.card(id));
            }
        }
        if self.bottom_slot()
            && let Some(id) = self.talon.bottom()
        {
            available.push(Place::Bottom, self.talon.card(id));
        }
        if let Some(id) = self.under_top() {
            available.push(Place::UnderTop, self.talon.card(id));
        }
        available
    }

    /// Whether the cards at `a` and `b` may leave together: a pair by the
    /// rules, and the card under the waste top pairs only with the top.
    pub(crate) fn may_pair(a: (Place, CardId), b: (Place, CardId)) -> bool {
        let under = |x: Place, y: Place| x == Place::UnderTop && y != Place::WasteTop(0);
        !under(a.0, b.0) && !under(b.0, a.0) && R::REMOVAL.pairs.partners(a.1.rank()) & (1 << b.1.rank()) != 0
    }

    /// Appends every removal now: singles, then pairs.
    pub(crate) fn push_removals(&self, out: &mut Vec<Action>) {
        self.push_removals_of(&self.available(), out);
    }

    /// [`RemovalGame::push_removals`] of the cards `available` now.
    pub(crate) fn push_removals_of(&self, available: &Available, out: &mut Vec<Action>) {
        let cards = available.as_slice();
        for &(place, card) in cards {
            if place != Place::UnderTop && R::REMOVAL.singles & (1 << card.rank()) != 0 {
                out.push(Action::Single(place));
            }
        }
        for (i, &a) in cards.iter().enumerate() {
            if R::REMOVAL.pairs.partners(a.1.rank()) & available.ranks == 0 {
                continue;
            }
            for &b in &cards[i + 1..] {
                if Self::may_pair(a, b) {
                    out.push(Action::Pair(a.0, b.0));
                }
            }
        }
    }

    pub(crate) fn can_draw(&self) -> bool {
        R::STOCK.has_stock() && self.talon.stock_top().is_some()
    }

    pub(crate) fn can_recycle(&self) -> bool {
        R::STOCK.has_stock()
            && self.talon.stock_top().is_none()
            && self.talon.left() != 0
            && self.passes.allows(self.talon.pass().saturating_add(1))
    }

    /// Every legal move, whether or not the game can still be won.
    pub(crate) fn push_moves(&self, out: &mut Vec<Action>) {
        self.push_moves_of(&self.available(), out);
    }

    /// [`RemovalGame::push_moves`] with the cards `available` now.
    pub(crate) fn push_moves_of(&self, available: &Available, out: &mut Vec<Action>) {
        if self.is_won() {
            return;
        }
        self.push_removals_of(available, out);
        if self.can_draw() {
            out.push(Action::Draw);
        }
        if self.can_recycle() {
            out.push(Action::Recycle);
        }
    }

    pub(crate) fn is_won(&self) -> bool {
        self.tableau.is_clear() && (R::WIN == Win::Shape || self.talon.left() == 0)
    }

    /// With unlimited passes a draw or a redeal is always there: the game
    /// is stuck when no removal comes up in a whole round of the talon.
    pub(crate) fn is_stuck(&self) -> bool {
        if self.passes != Passes::Unlimited {
            return false;
        }
        let mut game = *self;
        let mut removals = Vec::new();
        for _ in 0..=2 * (self.talon.len() + 1) {
            game.push_removals(&mut removals);
            if !removals.is_empty() {
                return false;
            }
            if game.can_draw() {
                game.perform(&Action::Draw);
            } else if game.can_recycle() {
                game.perform(&Action::Recycle);
            } else {
                return false;
            }
        }
        true
    }

    /// Where the card at `place` is kept: a shape position or a talon id.
    fn locate(&self, place: Place) -> Located {
        let id = match place {
            Place::Shape(p) => return Located::Shape(p as usize),
            Place::StockTop => self.talon.stock_top(),
            Place::WasteTop(pile) => self.waste_top(pile as usize),
            Place::UnderTop => self.under_top(),
            Place::Bottom => self.talon.bottom(),
        };
        Located::Talon(id.expect("a move names only places that hold a card"))
    }

    fn take_at(&mut self, located: Located) {
        match located {
            Located::Shape(p) => self.take_from_shape(p),
            Located::Talon(id) => {
                self.talon.take(id);
            }
        }
    }

    /// Takes the card at shape position `p`, and frees what it lay on.
    pub(crate) fn take_from_shape(&mut self, p: usize) {
        let shape = self.shape();
        self.tableau.take(p);
        let present = self.tableau.present();
        self.free &= !bit(p);
        for q in bits(shape.lies_on(p) & present) {
            if shape.covered_by(q) & present == 0 {
                self.free |= bit(q);
            }
        }
    }

    /// Cards left to remove for the win.
    pub fn cards_to_go(&self) -> u32 {
        let talon = if R::WIN == Win::All { self.talon.left().count_ones() } else { 0 };
        self.tableau.left() + talon
    }

    fn talon_y(&self) -> f32 {
        self.shape().height() + 0.5
    }

    /// The x of the stock and of each talon slot after it.
    /// How far each card fanned under the waste's top lies to its left.
    const FAN: f32 = 0.3;

    /// Cards of the last draw shown under the waste's top, so every card
    /// drawn is seen (a draw of three turns up three).
    fn fanned(&self) -> usize {
        match R::STOCK {
            Stock::Waste { draw, under_top: false, .. } => draw as usize - 1,
            _ => 0,
        }
    }

    fn talon_xs(&self) -> [f32; 6] {
        let step = 1.0 + 0.4;
        let fan = self.fanned() as f32 * Self::FAN;
        let row = match R::STOCK {
            Stock::ThreeWastes => 4.0 * step,
            Stock::Waste { bottom_slot: true, .. } => 3.0 * step + 0.3,
            _ => 2.0 * step + 0.3 + fan,
        };
        let x = ((self.shape().width() - row) / 2.0).max(0.0);
        match R::STOCK {
            Stock::ThreeWastes => [x, x + step, x + 2.0 * step, x + 3.0 * step, 0.0, 0.0],
            // stock, (pile top), ..., bottom slot, under the top
            Stock::Waste { bottom_slot: true, .. } => [x, x + 2.0 * step + 0.3, 0.0, 0.0, x + step, x + 2.0 * step],
            _ => [x, x + step + 0.3 + fan, 0.0, 0.0, 0.0, x + step],
        }
    }

    fn talon_slots(&self, playable: bool) -> Vec<Slot> {
        if !R::STOCK.has_stock() {
            return Vec::new();
        }
        let (xs, y) = (self.talon_xs(), self.talon_y());
        let up = |id: Option<u8>| id.map_or(Face::Empty, |id| Face::Up(self.talon.card(id).card()));
        let copy = |id: Option<u8>| id.map_or(0, |id| self.talon.card(id).copy());
        let stock_top = self.talon.stock_top();
        let stock_face = match stock_top {
            Some(_) if self.open_top() => up(stock_top),
            Some(_) => Face::Down,
            None => Face::Empty,
        };
        let stock_copy = if self.open_top() { copy(stock_top) } else { 0 };
        let mut slots = vec![Slot::new(self.stock_slot(), SlotKind::Stock, xs[0], y, stock_face)
            .copy(stock_copy)
            .playable(playable && (self.can_draw() || self.can_recycle() || (self.open_top() && stock_top.is_some())))
            .label(self.talon.stock_len().to_string())];
        let under = |id: Option<u8>, slot: Slot| Slot { face: up(id), ..slot }.copy(copy(id));
        for pile in 0..self.piles() {
            let top = self.waste_top(pile);
            let count = self.talon.waste(pile, self.piles()).count() - usize::from(self.bottom_slot() && self.talon.bottom().is_some());
            let slot = Slot::new(self.slot_of(Place::WasteTop(pile as u8)), SlotKind::Waste, xs[1 + pile], y, Face::Empty);
            slots.push(under(top, slot).z(1).playable(playable && top.is_some()).label(count.to_string()));
        }
        if self.bottom_slot() {
            let bottom = self.talon.bottom();
            let slot = Slot::new(self.slot_of(Place::Bottom), SlotKind::Waste, xs[4], y, Face::Empty);
            slots.push(under(bottom, slot).playable(playable && bottom.is_some()));
        }
        if matches!(R::STOCK, Stock::Waste { under_top: true, .. }) {
            let card = self.under_top();
            let slot = Slot::new(self.slot_of(Place::UnderTop), SlotKind::Waste, xs[5], y, Face::Empty);
            slots.push(under(card, slot).playable(playable && card.is_some()));
        }
        let mut beneath = self.talon.waste(0, 1).rev().skip(1);
        for i in 1..=self.fanned() {
            let slot = Slot::new(self.slot_of(Place::UnderTop) + i as u32, SlotKind::Waste, xs[1] - i as f32 * Self::FAN, y, Face::Empty);
            slots.push(under(beneath.next(), slot).z(1 - i as i32));
        }
        slots
    }

    fn board_size(&self) -> (f32, f32) {
        let shape = self.shape();
        if !R::STOCK.has_stock() {
            return (shape.width(), shape.height());
        }
        let talon_right = self.talon_xs().iter().fold(0.0f32, |m, &x| m.max(x)) + 1.0;
        (shape.width().max(talon_right), self.talon_y() + CARD_HEIGHT)
    }
}

impl<R: Rules> Variant for RemovalGame<R> {
    type Action = Action;

    fn info() -> Info {
        let mut options: Vec<OptionSpec> = Vec::new();
        if R::STOCK.has_stock() {
            options.push(passes_option::<R>().spec());
        }
        options.extend(R::SHAPE_FLAG.map(|flag| flag.spec()));
        Info {
            id: R::ID.into(),
            name: R::NAME.into(),
            version: R::VERSION.into(),
            summary: R::SUMMARY.into(),
            rules: crate::rules_text::markdown::<R>(),
            options,
        }
    }

    fn easier_steps() -> Vec<EasierStep> {
        use patience_engine::options::OptionValue::Choice as C;
        if !R::STOCK.has_stock() {
            return Vec::new();
        }
        let choices = passes_option::<R>().spec().choices().into_iter().map(String::from).collect::<Vec<_>>();
        choices.windows(2).map(|pair| EasierStep::new("passes", C(pair[0].clone()), C(pair[1].clone()))).collect()
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let passes = if R::STOCK.has_stock() {
            match passes_option::<R>().read(settings) {
                "unlimited" => Passes::Unlimited,
                number => Passes::Limited(number.parse().expect("the engine checked the choice")),
            }
        } else {
            Passes::Limited(1)
        };
        let flag = R::SHAPE_FLAG.is_some_and(|flag| flag.read(settings));
        let mut cards = deal.cards(R::DECKS)?.into_iter();
        let tableau = Tableau::deal(R::shape(flag), &mut cards);
        let talon = Talon::deal(cards);
        let ranks = rank_masks(&tableau, R::shape(flag).len(), &talon);
        let free = tableau.free(R::shape(flag));
        let mut game = RemovalGame { tableau, talon, passes, flag, ranks, free, rules: PhantomData };
        let first_draw = match R::STOCK {
            Stock::Waste { first_draw, .. } => first_draw,
            Stock::ThreeWastes => true,
            Stock::None => false,
        };
        if first_draw {
            game.talon.draw(game.draw_count());
        }
        Ok(game)
    }

    fn layout(&self) -> Layout {
        let playing = !self.is_won() && !self.is_stuck();
        let free = if playing { self.tableau.free(self.shape()) } else { 0 };
        let mut slots = self.tableau.slots(self.shape(), SlotKind::Pyramid, free);
        slots.extend(self.talon_slots(playing));
        let (width, height) = self.board_size();
        Layout { width, height, slots }
    }

    fn hud(&self) -> Vec<HudItem> {
        let mut items = Vec::new();
        if R::STOCK.has_stock() {
            let passes = match self.passes {
                Passes::Limited(n) => n.to_string(),
                Passes::Unlimited => "∞".to_string(),
            };
            items.push(HudItem::new("stock", "Stock", self.talon.stock_len()));
            items.push(HudItem::new("waste", "Waste", self.talon.waste_len()));
            items.push(HudItem::new("passes", "Pass", format!("{} of {passes}", self.talon.pass())));
        }
        items.push(HudItem::new("table", "On the table", self.tableau.left()));
        items.push(HudItem::new("removed", "Removed", 52 * R::DECKS as u32 - self.tableau.left() - self.talon.left().count_ones()));
        items
    }

    fn actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        if !self.is_stuck() {
            self.push_moves(&mut actions);
        }
        actions
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        let notation = self.notation(action);
        let named = |place: Place| (self.card_at(place).pretty(), self.slot_of(place));
        match *action {
            Action::Single(place) => {
                let (label, slot) = named(place);
                MoveInfo { notation, label, slots: vec![slot] }
            }
            Action::Pair(a, b) => {
                let ((la, sa), (lb, sb)) = (named(a), named(b));
                MoveInfo { notation, label: format!("{la} + {lb}"), slots: vec![sa, sb] }
            }
            Action::Draw => MoveInfo { notation, label: "Draw".into(), slots: vec![self.stock_slot()] },
            Action::Recycle => MoveInfo { notation, label: "Turn the waste over".into(), slots: vec![self.stock_slot()] },
        }
    }

    fn notation(&self, action: &Action) -> String {
        match *action {
            Action::Single(place) => self.card_at(place).to_string(),
            Action::Pair(a, b) => format!("{}+{}", self.card_at(a), self.card_at(b)),
            Action::Draw => "draw".into(),
            Action::Recycle => "recycle".into(),
        }
    }

    fn perform(&mut self, action: &Action) {
        match *action {
            Action::Single(place) => self.take_at(self.locate(place)),
            Action::Pair(a, b) => {
                // Both places are read before either card goes: taking one
                // can move the other (the card under a waste top becomes the top).
                let (a, b) = (self.locate(a), self.locate(b));
                self.take_at(a);
                self.take_at(b);
            }
            Action::Draw => self.talon.draw(self.draw_count()),
            Action::Recycle => self.talon.redeal(self.piles().max(1)),
        }
    }

    fn status(&self) -> Status {
        if self.is_won() {
            let left = self.talon.left().count_ones();
            let message = match (R::WIN, left) {
                (Win::Shape, n) if n > 0 => format!("The table is cleared with {n} cards left in the talon"),
                _ => format!("All {} cards removed", 52 * R::DECKS as u32),
            };
            return Status::won(message);
        }
        if self.is_stuck() {
            return Status::lost(format!("No card can leave in a whole round of the stock: {}", self.lost_message()));
        }
        Status::playing()
    }

    fn lost_message(&self) -> String {
        match self.tableau.left() {
            1 => "1 card is left on the table".to_string(),
            n => format!("{n} cards are left on the table"),
        }
    }

    fn explain(&self, notation: &str) -> String {
        crate::explain::explain(self, notation)
    }

    fn check(&self) -> Result<(), String> {
        let shape = self.shape();
        self.tableau.check(shape)?;
        self.talon.check(self.piles().max(1))?;
        if let Passes::Limited(n) = self.passes
            && !(1..=3).contains(&n)
        {
            return Err(format!("{n} passes is not one of the choices"));
        }
        if !self.passes.allows(self.talon.pass()) {
            return Err("the talon is past its last pass".to_string());
        }
        let shown: Vec<CardId> = (0..shape.len()).map(|p| self.tableau.card(p)).chain(self.talon.all_cards()).collect();
        check_card_ids(&shown, R::DECKS)?;
        if self.free != self.tableau.free(shape) {
            return Err("the table of free positions does not match the cards".to_string());
        }
        if self.ranks != rank_masks(&self.tableau, shape.len(), &self.talon) {
            return Err("the table of where each rank lies does not match the cards".to_string());
        }
        Ok(())
    }

    /// The face-down cards of the shape and the stock the first pass has
    /// not dealt yet (less a face-up stock top) are dealt anew.
    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        let ids = self.talon.unseen(self.open_top());
        let mut unseen: Vec<CardId> = ids.iter().map(|&id| self.talon.card(id)).collect();
        let tableau = self.tableau.resample(self.shape(), rng, &mut unseen);
        let talon = self.talon.with_cards(&ids, &unseen);
        let ranks = rank_masks(&tableau, self.shape().len(), &talon);
        Some(RemovalGame { tableau, talon, ranks, ..*self })
    }
}
