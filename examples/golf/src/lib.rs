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
//! * the SDK's tableau layer ([`patience_engine::tableau`]) doing the
//!   pyramid: which card covers which, dealing, what is face down, the
//!   slots, the check of a restored game, `resample` and the "covered by"
//!   explanations, so that no text can name a face-down card;
//! * `status` says only when the game is won: with no move left the SDK
//!   reports it lost, with [`Variant::lost_message`];
//! * [`Variant::resample`], so fair players can play it, and two of the
//!   solver's [`Search`] hooks: an exact, cheap [`Search::state_key`] and a
//!   lower bound.

use patience_engine::card::CardId;
use patience_engine::deal::{check_card_ids, DealRng};
use patience_engine::prelude::*;
use patience_engine::tableau::{bits, neighbours, Mask, Pile, Shape, Tableau};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

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

/// The pyramid, numbered row by row from the apex (also the slot ids), with
/// its covered cards face down or face up.
static PYRAMID: LazyLock<Shape> = LazyLock::new(|| Shape::pyramid(7));
static FACE_DOWN_PYRAMID: LazyLock<Shape> = LazyLock::new(|| Shape::pyramid(7).face_down_while_covered());

pub const STOCK_SLOT: u32 = 28;
pub const WASTE_SLOT: u32 = 29;
/// The first card after the pyramid starts the waste; the rest is the stock.
const STOCK_CARDS: usize = 23;

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
    tableau: Tableau,
    /// Top card last.
    stock: Pile,
    /// Top card last; the deal starts it, so it is never empty.
    waste: Pile,
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
        let mut cards = deck.iter().map(|&card| CardId::from(card));
        let tableau = Tableau::deal(Golf::shape_for(rules), &mut cards);
        let waste = cards.next().into_iter().collect();
        Golf { tableau, stock: cards.rev().collect(), waste, rules }
    }

    fn shape_for(rules: Rules) -> &'static Shape {
        if rules.face_down { &FACE_DOWN_PYRAMID } else { &PYRAMID }
    }

    pub fn shape(&self) -> &'static Shape {
        Golf::shape_for(self.rules)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn tableau(&self) -> &Tableau {
        &self.tableau
    }

    pub fn waste_top(&self) -> CardId {
        self.waste.last().expect("the waste is never empty")
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The uncovered cards one rank above or below the waste card.
    pub fn playable(&self) -> Mask {
        self.tableau.free_of_ranks(self.shape(), neighbours(self.waste_top().rank(), self.rules.wrap))
    }

    /// Why `card` cannot be played now. Face-down pyramid cards and stock
    /// cards get the same answer, so it never tells where a hidden card lies.
    fn why_not(&self, card: CardId) -> String {
        let top = self.waste_top();
        match self.tableau.locate(self.shape(), card) {
            _ if card == top => format!("{card} is the waste card: play a pyramid card onto it"),
            _ if self.waste.iter().any(|c| c == card) => format!("{card} is already on the waste"),
            None => format!("{card} is not available: only uncovered pyramid cards are played"),
            Some(p) if !self.tableau.is_free(self.shape(), p) => self.tableau.why_covered(self.shape(), p),
            Some(_) if card.rank().abs_diff(top.rank()) == KING - ACE => format!(
                "{card} is not one rank above or below the waste card {top} (Kings and Aces are neighbours only with the option `wrap`)"
            ),
            Some(_) => format!("{card} is not one rank above or below the waste card {top}"),
        }
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
        let mut slots = self.tableau.slots(self.shape(), SlotKind::Pyramid, self.playable());
        let y = self.shape().height() + 0.5;
        let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let can_draw = !self.stock.is_empty() && !self.tableau.is_clear();
        slots.push(Slot::new(STOCK_SLOT, SlotKind::Stock, 2.3, y, stock).playable(can_draw).label(self.stock.len().to_string()));
        slots.push(Slot::card(WASTE_SLOT, SlotKind::Waste, 3.7, y, self.waste_top()).label(self.waste.len().to_string()));
        Layout { width: self.shape().width(), height: y + CARD_HEIGHT, slots }
    }

    fn hud(&self) -> Vec<HudItem> {
        vec![
            HudItem::new("stock", "Stock", self.stock.len()),
            HudItem::new("waste", "Waste", self.waste.len()),
            HudItem::new("pyramid", "Pyramid", self.tableau.left()),
        ]
    }

    fn actions(&self) -> Vec<Action> {
        if self.tableau.is_clear() {
            return Vec::new();
        }
        let draw = (!self.stock.is_empty()).then_some(Action::Draw);
        bits(self.playable()).map(Action::Play).chain(draw).collect()
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        match *action {
            Action::Play(position) => {
                let card = self.tableau.card(position); // free, so face up
                let label = format!("{} onto {}", card.pretty(), self.waste_top().pretty());
                MoveInfo { notation: card.to_string(), label, slots: vec![position as u32, WASTE_SLOT] }
            }
            Action::Draw => {
                MoveInfo { notation: "draw".into(), label: "Draw from the stock".into(), slots: vec![STOCK_SLOT] }
            }
        }
    }

    fn perform(&mut self, action: &Action) {
        let card = match *action {
            Action::Play(position) => self.tableau.take(position),
            Action::Draw => self.stock.pop().expect("`actions` lists a draw only while the stock has cards"),
        };
        self.waste.push(card);
    }

    fn status(&self) -> Status {
        let status = if self.tableau.is_clear() { Status::won("The pyramid is cleared") } else { Status::playing() };
        status.with_score(28 - self.tableau.left() as i64)
    }

    fn lost_message(&self) -> String {
        format!("No moves left: {} pyramid cards remain", self.tableau.left())
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
        let Ok(card) = text.parse::<CardId>() else {
            return format!("`{text}` is not a move: write `draw` or a card such as Kh or 7c");
        };
        if bits(self.playable()).any(|p| self.tableau.card(p) == card) {
            return format!("`{card}` is a legal move now");
        }
        self.why_not(card)
    }

    /// Refuses what no deal could have come to: a card missing or twice, a
    /// card gone from under one still there, a played card not on the waste.
    fn check(&self) -> Result<(), String> {
        self.tableau.check(self.shape())?;
        if self.waste.is_empty() || self.stock.len() > STOCK_CARDS {
            return Err(format!("a waste of {} cards and a stock of {} is no deal's", self.waste.len(), self.stock.len()));
        }
        let played = self.shape().all() & !self.tableau.present();
        if let Some(p) = bits(played).find(|&p| !self.waste.iter().any(|card| card == self.tableau.card(p))) {
            return Err(format!("pyramid position {p} was played, but its card is not on the waste"));
        }
        let cards: Vec<CardId> = self.tableau.cards_left().chain(self.stock.iter()).chain(self.waste.iter()).collect();
        check_card_ids(&cards, 1)
    }

    /// Every card the player has not seen — face-down pyramid cards and the
    /// stock — is shuffled and dealt back into the same places. Uncovered
    /// pyramid cards and the whole waste were seen and stay put.
    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        let mut unseen = self.stock.to_vec();
        let tableau = self.tableau.resample(self.shape(), rng, &mut unseen);
        Some(Golf { tableau, stock: unseen.into_iter().collect(), ..self.clone() })
    }
}

impl Search for Golf {
    /// Within one deal the future depends only on which pyramid cards are
    /// left (28 bits), how many stock cards are left (the stock order is
    /// fixed) and the waste card. That is exact and far cheaper than the
    /// default hash of the whole game.
    fn state_key(&self) -> u128 {
        let waste_top = self.waste_top().code() as u128;
        self.tableau.present() | (self.stock.len() as u128) << 28 | waste_top << 33
    }

    /// Every pyramid card still needs one move of its own.
    fn moves_lower_bound(&self) -> u32 {
        self.tableau.left()
    }
}

patience_engine::export_variant!(Golf, search);

#[cfg(test)]
mod tests;
