//! A plugin that shows a card twice after a few moves, for the conformance
//! tests. The runtime refuses such a layout; `patience check` must report
//! it with the card and the slot.
//!
//! The game: the deck is the stock, face down; `draw` turns its top card
//! onto the waste, and the card beneath the top is shown fanned out beside
//! it; the game is won when the stock is empty. The bug: from the third
//! card on, the fanned-out card is the top card again (an off-by-one).

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize)]
pub struct Fan {
    stock: Vec<Card>,
    waste: Vec<Card>,
}

impl Fan {
    /// The card beneath the top of the waste.
    fn beneath_top(&self) -> Option<Card> {
        let skip = if self.waste.len() >= 3 { 0 } else { 1 }; // the bug: should always be 1
        self.waste.iter().rev().nth(skip).copied()
    }
}

impl Variant for Fan {
    type Action = ();

    fn info() -> Info {
        Info {
            id: "duplicate-card".into(),
            name: "Duplicate card fixture".into(),
            version: "0.1.0".into(),
            summary: "Turns the stock over; shows a card twice after three draws.".into(),
            rules: "Draw every card to win.".into(),
            options: vec![],
        }
    }

    fn start(deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        let mut stock = deal.deck()?;
        stock.reverse();
        Ok(Fan { stock, waste: Vec::new() })
    }

    fn layout(&self) -> Layout {
        let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let up = |card: Option<Card>| card.map_or(Face::Empty, Face::Up);
        let slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, stock).playable(!self.stock.is_empty()).label(self.stock.len().to_string()),
            Slot::new(1, SlotKind::Waste, 1.5, 0.0, up(self.beneath_top())),
            Slot::new(2, SlotKind::Waste, 1.8, 0.0, up(self.waste.last().copied())).z(1),
        ];
        Layout { width: 3.0, height: 1.4, slots }
    }

    fn actions(&self) -> Vec<()> {
        if self.stock.is_empty() { vec![] } else { vec![()] }
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        MoveInfo { notation: "draw".into(), label: "Draw".into(), slots: vec![0] }
    }

    fn perform(&mut self, _action: &()) {
        self.waste.extend(self.stock.pop());
    }

    fn status(&self) -> Status {
        if self.stock.is_empty() { Status::won("The stock is turned over") } else { Status::playing() }
    }
}

patience_engine::export_variant!(Fan);
