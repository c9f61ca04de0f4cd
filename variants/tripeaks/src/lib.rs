//! # TriPeaks
//!
//! The bundled `tripeaks` plugin, written directly on the SDK's tableau
//! layer ([`patience_engine::tableau`]) the way an outside author writes a
//! game: the layer has the peaks (who covers whom, face down until free),
//! the stock and the waste, what the player has seen, and the solver's key
//! and dead-position test; this crate is the one rule, one rank up or down.

use patience_engine::card::CardId;
use patience_engine::deal::DealRng;
use patience_engine::prelude::*;
use patience_engine::tableau::{neighbours, bits, Mask, Ranks, Shape, Tableau, Waste};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// The rules as the host shows them.
pub const RULES: &str = include_str!("rules.md");

const WRAP: Flag = Flag::new("wrap", true, "Kings and Aces are neighbours (… Q K A 2 …)");

/// Three peaks on a shared bottom row, covered cards face down.
pub static PEAKS: LazyLock<Shape> = LazyLock::new(|| Shape::peaks(3).face_down_while_covered());

const STOCK_SLOT: u32 = 28;
const WASTE_SLOT: u32 = 29;

/// A game of TriPeaks in progress, its option included.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TriPeaks {
    tableau: Tableau,
    waste: Waste<52>,
    wrap: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The card at this position of the peaks onto the waste.
    Play(u8),
    Draw,
}

impl TriPeaks {
    /// The ranks a card of `rank` goes onto.
    fn onto(&self) -> impl Fn(u8) -> Ranks + use<> {
        let wrap = self.wrap;
        move |rank| neighbours(rank, wrap)
    }

    /// The free cards one rank above or below the waste card.
    pub fn playable(&self) -> Mask {
        self.waste.playable(&self.tableau, &PEAKS, self.onto())
    }

    /// The legal moves: the plays, then the draw; none once won.
    fn moves(&self) -> impl Iterator<Item = Action> + '_ {
        let draw = (self.waste.can_draw() && !self.tableau.is_clear()).then_some(Action::Draw);
        bits(self.playable()).map(|p| Action::Play(p as u8)).chain(draw)
    }
}

impl Variant for TriPeaks {
    type Action = Action;

    fn info() -> Info {
        Info {
            id: "tripeaks".into(), name: "TriPeaks".into(), version: "1.0.0".into(),
            summary: "Clear three peaks by playing cards one rank above or below the waste card.".into(),
            rules: RULES.into(),
            options: vec![WRAP.spec()],
        }
    }

    /// Kings and Aces as neighbours only add moves.
    fn easier_steps() -> Vec<EasierStep> {
        vec![EasierStep::new("wrap", OptionValue::Flag(false), OptionValue::Flag(true))]
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let mut cards = deal.cards(1)?.into_iter();
        let tableau = Tableau::deal(&PEAKS, &mut cards);
        Ok(TriPeaks { tableau, waste: Waste::deal(cards), wrap: WRAP.read(settings) })
    }

    fn layout(&self) -> Layout {
        let mut slots = self.tableau.slots(&PEAKS, SlotKind::Pyramid, self.playable());
        let (x, y) = (PEAKS.width() / 2.0 - 1.2, PEAKS.height() + 0.5);
        slots.extend(self.waste.slots([STOCK_SLOT, WASTE_SLOT], x, y, self.moves().any(|a| a == Action::Draw)));
        Layout { width: PEAKS.width(), height: y + CARD_HEIGHT, slots }
    }

    fn hud(&self) -> Vec<HudItem> {
        let (stock, waste) = (self.waste.stock().len(), self.waste.waste().len());
        vec![HudItem::new("stock", "Stock", stock), HudItem::new("waste", "Waste", waste), HudItem::new("peaks", "Peaks", self.tableau.left())]
    }

    fn actions(&self) -> Vec<Action> {
        self.moves().collect()
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        let Action::Play(p) = *action else {
            return MoveInfo { notation: "draw".into(), label: "Draw".into(), slots: vec![STOCK_SLOT] };
        };
        let card = self.tableau.card(p as usize); // free, so face up
        let label = format!("{} onto {}", card.pretty(), self.waste.top().pretty());
        MoveInfo { notation: card.to_string(), label, slots: vec![p as u32, WASTE_SLOT] }
    }

    fn perform(&mut self, action: &Action) {
        match *action {
            Action::Play(p) => self.waste.play(self.tableau.take(p as usize)),
            Action::Draw => self.waste.draw(),
        }
    }

    fn status(&self) -> Status {
        if self.tableau.is_clear() { Status::won("The peaks are cleared") } else { Status::playing() }
    }

    fn lost_message(&self) -> String {
        format!("No moves left: {} cards remain on the peaks", self.tableau.left())
    }

    /// Asked only of moves not listed.
    fn explain(&self, notation: &str) -> String {
        let (text, top) = (notation.trim(), self.waste.top());
        match text.parse::<CardId>() {
            _ if text.eq_ignore_ascii_case("draw") => "The stock is empty: there is nothing to draw".into(),
            Err(_) => format!("`{text}` is not a move: write `draw` or a card such as Kh or 7c"),
            Ok(card) => self.waste.why_not(&self.tableau, &PEAKS, card).unwrap_or_else(|| match card.rank().abs_diff(top.rank()) {
                12 => format!("{card} does not go onto {top}: Kings and Aces are neighbours only with the option `wrap`"),
                _ => format!("{card} does not go onto {top}: it is not one rank above or below"),
            }),
        }
    }

    fn check(&self) -> Result<(), String> {
        self.tableau.check(&PEAKS)?;
        self.waste.check(&self.tableau, &PEAKS, 1)
    }

    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        let (tableau, waste) = self.waste.resample(&self.tableau, &PEAKS, rng);
        Some(TriPeaks { tableau, waste, ..*self })
    }
}

impl Search for TriPeaks {
    /// Plays before the draw, those lying on the most cards first: they
    /// open the way into the peaks.
    fn search_actions(&self, out: &mut Vec<Action>) {
        let first = out.len();
        out.extend(self.moves());
        out[first..].sort_by_key(|action| match *action {
            Action::Play(p) => core::cmp::Reverse((PEAKS.below(p as usize).count_ones() + 1, p)),
            Action::Draw => core::cmp::Reverse((0, 0)),
        });
    }

    /// Exact: the rule looks only at ranks (see [`Waste::key`]).
    fn state_key(&self) -> u128 {
        self.waste.key(&self.tableau, &PEAKS)
    }

    /// Fewer cards drawn below a top played from the peaks is never worse
    /// (see [`Waste::key`]). For every value of `wrap`.
    fn spent_bits(&self) -> u128 {
        Waste::<52>::spent_bits(&PEAKS)
    }

    /// Some card left can never go, for want of a card of its own to go
    /// onto (see [`Tableau::can_be_built_off`]). For every value of `wrap`.
    fn is_dead(&self) -> bool {
        !self.tableau.can_be_built_off(&PEAKS, self.onto(), self.waste.to_come())
    }

    /// Every card left needs a move of its own.
    fn moves_lower_bound(&self) -> u32 {
        self.tableau.left()
    }
}

patience_engine::export_variant!(TriPeaks, search);

#[cfg(test)]
mod tests;
