//! A plugin whose face-down stock is labelled with its top card, for the
//! conformance tests: `patience check` must report the leak.
//!
//! The game: the deck is the stock, face down; `draw` turns its top card
//! onto the waste; the game is won when the stock is empty. The bug: the
//! stock's label was meant to help while debugging and names the card
//! nobody should see.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize)]
pub struct Peek {
    stock: Vec<Card>,
    waste: Vec<Card>,
}

impl Variant for Peek {
    type Action = ();

    fn info() -> Info {
        Info {
            id: "leaky".into(),
            name: "Leaky fixture".into(),
            version: "0.1.0".into(),
            summary: "Turns the stock over; its label shows the hidden top card.".into(),
            rules: "Draw every card to win.".into(),
            options: vec![],
        }
    }

    fn start(deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        let mut stock = deal.deck()?;
        stock.reverse();
        Ok(Peek { stock, waste: Vec::new() })
    }

    fn layout(&self) -> Layout {
        let waste = self.waste.last().map_or(Face::Empty, |&card| Face::Up(card));
        let mut stock = Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Empty);
        if let Some(top) = self.stock.last() {
            stock = Slot::new(0, SlotKind::Stock, 0.0, 0.0, Face::Down).playable(true).label(top.to_string()); // the bug
        }
        let slots = vec![stock, Slot::new(1, SlotKind::Waste, 1.5, 0.0, waste).label(self.waste.len().to_string())];
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

patience_engine::export_variant!(Peek);
