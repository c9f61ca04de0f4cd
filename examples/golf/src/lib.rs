//! # Pyramid Golf (Elevator): an example patience plugin
//!
//! Written only against the public SDK (`patience-engine`), the way an
//! outside author writes a plugin; nothing in the host knows this variant.
//! Build it with `patience build examples/golf`, check it with
//! `patience check`, drop the `.wasm` into a plugins directory.
//!
//! The rules (also in [`RULES`]): 28 cards form a pyramid, covered cards
//! face down; one card starts the waste, the other 23 are the stock. Play
//! an uncovered pyramid card onto the waste when it is one rank above or
//! below the waste card (suits do not matter; with `wrap`, Kings and Aces
//! are neighbours), or turn the next stock card onto the waste. Clear the
//! pyramid to win.
//!
//! What it shows an author:
//!
//! * the whole game is one serializable value ([`Golf`]), settings included,
//!   each option declared once (`WRAP`, `FACE_DOWN`);
//! * hidden information: a covered card is [`Face::Down`], and no text
//!   (labels, move names, explanations) ever names it;
//! * `status` says only when the game is won: with no move left the SDK
//!   reports it lost, with [`Variant::lost_message`];
//! * [`Variant::resample`], so fair players can play it, and two of the
//!   solver's [`Search`] hooks: an exact, cheap [`Search::state_key`] and a
//!   lower bound.

pub mod pyramid;

use patience_engine::card::Card;
use patience_engine::deal::DealRng;
use patience_engine::prelude::*;
use pyramid::{CARDS, STOCK_SLOT, WASTE_SLOT};
use serde::{Deserialize, Serialize};

/// The rules as the host shows them.
pub const RULES: &str = "\
# Pyramid Golf

Also known as **Elevator**. Clear the pyramid by building on the waste pile.

* **Deal**: 28 cards in a pyramid of seven rows; a card is *covered* while a \
card of the row below overlaps it. Covered cards lie face down and are turned \
up once both cards covering them are gone. The next card starts the waste \
pile; the remaining 23 cards are the stock.
* **Play**: move an uncovered pyramid card onto the waste when its rank is one \
above or one below the waste card, whatever the suits (a 7 goes on a 6 or an \
8). With the option `wrap`, Kings and Aces are neighbours too.
* **Draw**: turn the top stock card onto the waste (one card at a time, one \
pass through the stock).
* **Win** by clearing the pyramid. The game is lost when no card can be \
played and the stock is empty.

Notation: a card (`Kh`, `7c`) plays it onto the waste; `draw` turns the next \
stock card.
";

/// The options, each declared once: `info` lists them, `start` reads them.
const WRAP: Flag = Flag::new("wrap", false, "Kings and Aces are neighbours (… Q K A 2 …)");
const FACE_DOWN: Flag = Flag::new("face_down", true, "Covered pyramid cards lie face down until uncovered");

/// The values of `WRAP` and `FACE_DOWN` in one game. Part of the game
/// value, so saved games keep their rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub wrap: bool,
    pub face_down: bool,
}

/// A game of Pyramid Golf in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Golf {
    /// The 28 pyramid positions (see [`pyramid`]); `None` once played.
    pyramid: Vec<Option<Card>>,
    /// The stock, top card last.
    stock: Vec<Card>,
    /// The waste, top card last. Never empty: the deal starts it.
    waste: Vec<Card>,
    rules: Rules,
}

/// One legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play the card at this pyramid position onto the waste.
    Play(usize),
    /// Turn the top stock card onto the waste.
    Draw,
}

impl Golf {
    /// A game dealt from a 52-card deck in dealing order: the pyramid row by
    /// row from the apex, then the first waste card, then the stock from
    /// the top.
    pub fn deal(deck: &[Card], rules: Rules) -> Golf {
        assert_eq!(deck.len(), 52, "a Golf deal takes one full deck");
        let pyramid = deck[..CARDS].iter().copied().map(Some).collect();
        let waste = vec![deck[CARDS]];
        let stock = deck[CARDS + 1..].iter().rev().copied().collect();
        Golf { pyramid, stock, waste, rules }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn waste_top(&self) -> Card {
        *self.waste.last().expect("the waste is never empty")
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    pub fn pyramid_left(&self) -> usize {
        self.pyramid.iter().flatten().count()
    }

    /// The card at a pyramid position, if it is still there.
    pub fn card_at(&self, position: usize) -> Option<Card> {
        self.pyramid[position]
    }

    /// Still in the pyramid and no card of the row below covers it.
    pub fn is_free(&self, position: usize) -> bool {
        let present = |p: usize| self.pyramid[p].is_some();
        present(position) && pyramid::covered_by(position).is_none_or(|cover| !cover.into_iter().any(present))
    }

    /// What the player can see of a pyramid position. Cards only ever leave
    /// the pyramid, so a card once uncovered stays uncovered: "free" and
    /// "seen" are the same thing here.
    fn is_visible(&self, position: usize) -> bool {
        self.pyramid[position].is_some() && (!self.rules.face_down || self.is_free(position))
    }

    /// One rank apart, or King and Ace with `wrap`.
    pub fn are_neighbours(&self, a: Card, b: Card) -> bool {
        let gap = a.rank.abs_diff(b.rank);
        gap == 1 || (self.rules.wrap && gap == KING - ACE)
    }

    fn is_won(&self) -> bool {
        self.pyramid.iter().all(Option::is_none)
    }

    fn slot(&self, position: usize, playable: bool) -> Slot {
        let (x, y) = pyramid::xy(position);
        let face = match self.pyramid[position] {
            None => Face::Empty,
            Some(card) if self.is_visible(position) => Face::Up(card),
            Some(_) => Face::Down,
        };
        Slot::new(position as u32, SlotKind::Pyramid, x, y, face)
            .z(pyramid::row_of(position) as i32)
            .playable(playable)
    }

    /// Why the card `card` cannot be played now. Face-down pyramid cards and
    /// stock cards get the same answer, so the explanation never tells
    /// where a hidden card lies.
    fn why_not(&self, card: Card) -> String {
        if self.waste_top() == card {
            return format!("{card} is the waste card: play a pyramid card onto it");
        }
        if self.waste.contains(&card) {
            return format!("{card} is already on the waste");
        }
        let seen_at = (0..CARDS).find(|&p| self.pyramid[p] == Some(card) && self.is_visible(p));
        let Some(position) = seen_at else {
            return format!("{card} is not available: only uncovered pyramid cards are played");
        };
        if !self.is_free(position) {
            return format!("{card} is covered: clear the two cards below it first");
        }
        let top = self.waste_top();
        let wrap_hint = if !self.rules.wrap && card.rank.abs_diff(top.rank) == KING - ACE {
            " (Kings and Aces are neighbours only with the option `wrap`)"
        } else {
            ""
        };
        format!("{card} is not one rank above or below the waste card {top}{wrap_hint}")
    }

    /// Checks that a restored game could have come from a real deal.
    fn check_state(&self) -> Result<(), String> {
        if self.pyramid.len() != CARDS {
            return Err(format!("the pyramid has {} positions, not {CARDS}", self.pyramid.len()));
        }
        if self.waste.is_empty() {
            return Err("the waste is empty".into());
        }
        let all: Vec<Card> = self.pyramid.iter().flatten().chain(&self.stock).chain(&self.waste).copied().collect();
        patience_engine::deal::check_full_deck(&all)?;
        // A card leaves the pyramid only once uncovered: whatever covered a
        // missing card must be missing too.
        for position in (0..CARDS).filter(|&p| self.pyramid[p].is_none()) {
            let still_covered = pyramid::covered_by(position).is_some_and(|cover| cover.iter().any(|&p| self.pyramid[p].is_some()));
            if still_covered {
                return Err(format!("pyramid position {position} was played while still covered"));
            }
        }
        Ok(())
    }
}

impl Variant for Golf {
    type Action = Action;

    fn info() -> Info {
        Info {
            id: "golf".into(),
            name: "Pyramid Golf".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            summary: "Play uncovered pyramid cards one rank above or below the waste card; covered cards lie face down."
                .into(),
            rules: RULES.into(),
            options: vec![WRAP.spec(), FACE_DOWN.spec()],
        }
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let rules = Rules { wrap: WRAP.read(settings), face_down: FACE_DOWN.read(settings) };
        Ok(Golf::deal(&deal.deck()?, rules))
    }

    fn layout(&self) -> Layout {
        let actions = self.actions();
        let playable = |position: usize| actions.contains(&Action::Play(position));
        let mut slots: Vec<Slot> = (0..CARDS).map(|position| self.slot(position, playable(position))).collect();
        let (x, y) = pyramid::stock_xy();
        let stock_face = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        slots.push(
            Slot::new(STOCK_SLOT, SlotKind::Stock, x, y, stock_face)
                .playable(actions.contains(&Action::Draw))
                .label(self.stock.len().to_string()),
        );
        let (x, y) = pyramid::waste_xy();
        slots.push(Slot::new(WASTE_SLOT, SlotKind::Waste, x, y, Face::Up(self.waste_top())).label(self.waste.len().to_string()));
        Layout { width: pyramid::BOARD_WIDTH, height: pyramid::BOARD_HEIGHT, slots }
    }

    fn hud(&self) -> Vec<HudItem> {
        vec![
            HudItem::new("stock", "Stock", self.stock.len()),
            HudItem::new("waste", "Waste", self.waste.len()),
            HudItem::new("pyramid", "Pyramid", self.pyramid_left()),
        ]
    }

    fn actions(&self) -> Vec<Action> {
        if self.is_won() {
            return Vec::new();
        }
        let top = self.waste_top();
        let mut actions: Vec<Action> = (0..CARDS)
            .filter(|&p| self.is_free(p) && self.pyramid[p].is_some_and(|card| self.are_neighbours(card, top)))
            .map(Action::Play)
            .collect();
        if !self.stock.is_empty() {
            actions.push(Action::Draw);
        }
        actions
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        match *action {
            Action::Play(position) => {
                let card = self.pyramid[position].expect("only present cards are played");
                MoveInfo {
                    notation: card.to_string(),
                    label: format!("{} onto {}", card.pretty(), self.waste_top().pretty()),
                    slots: vec![position as u32, WASTE_SLOT],
                }
            }
            Action::Draw => {
                MoveInfo { notation: "draw".into(), label: "Draw from the stock".into(), slots: vec![STOCK_SLOT] }
            }
        }
    }

    fn perform(&mut self, action: &Action) {
        let card = match *action {
            Action::Play(position) => self.pyramid[position].take(),
            Action::Draw => self.stock.pop(),
        };
        self.waste.push(card.expect("`actions` lists only moves that have a card to move"));
    }

    fn status(&self) -> Status {
        let status = if self.is_won() { Status::won("The pyramid is cleared") } else { Status::playing() };
        status.with_score((CARDS - self.pyramid_left()) as i64)
    }

    fn lost_message(&self) -> String {
        format!("No moves left: {} pyramid cards remain", self.pyramid_left())
    }

    fn explain(&self, notation: &str) -> String {
        let text = notation.trim();
        if text.eq_ignore_ascii_case("draw") {
            return if self.stock.is_empty() {
                "The stock is empty: there is nothing to draw".into()
            } else {
                "`draw` is a legal move now".into()
            };
        }
        let Ok(card) = text.parse::<Card>() else {
            return format!("`{text}` is not a move: write `draw` or a card such as Kh or 7c");
        };
        if self.actions().iter().any(|action| matches!(*action, Action::Play(p) if self.pyramid[p] == Some(card))) {
            return format!("`{card}` is a legal move now");
        }
        self.why_not(card)
    }

    fn check(&self) -> Result<(), String> {
        self.check_state()
    }

    /// Every card the player has not seen — face-down pyramid cards and the
    /// stock — is shuffled and dealt back into the same places. Free
    /// pyramid cards and the whole waste were seen and stay put.
    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        let hidden: Vec<usize> = (0..CARDS).filter(|&p| self.pyramid[p].is_some() && !self.is_visible(p)).collect();
        let mut unseen: Vec<Card> = hidden.iter().map(|&p| self.pyramid[p].expect("present")).collect();
        unseen.extend(&self.stock);
        rng.shuffle(&mut unseen);
        let mut copy = self.clone();
        let (for_pyramid, for_stock) = unseen.split_at(hidden.len());
        for (&position, &card) in hidden.iter().zip(for_pyramid) {
            copy.pyramid[position] = Some(card);
        }
        copy.stock = for_stock.to_vec();
        Some(copy)
    }
}

impl Search for Golf {
    /// Within one deal the future depends only on which pyramid cards are
    /// left (28 bits), how many stock cards are left (the stock order is
    /// fixed) and the waste card. That is exact and far cheaper than the
    /// default hash of the whole game.
    fn state_key(&self) -> u128 {
        let left = (0..CARDS).filter(|&p| self.pyramid[p].is_some()).fold(0u128, |mask, p| mask | 1 << p);
        left | (self.stock.len() as u128) << 28 | (self.waste_top().deck_index() as u128) << 33
    }

    /// Every pyramid card still needs one move of its own.
    fn moves_lower_bound(&self) -> u32 {
        self.pyramid_left() as u32
    }
}

patience_engine::export_variant!(Golf, search);

#[cfg(test)]
mod tests;
