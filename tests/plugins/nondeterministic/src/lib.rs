//! A plugin whose layout changes from one call to the next, for the
//! conformance tests: `patience check` must report it as not deterministic.
//!
//! The game: the deck is the stock, face down; `draw` turns its top card
//! onto the waste; the game is won when the stock is empty. The bug: the
//! waste is nudged sideways on every other `layout` call, by a counter kept
//! in a `static` — state outside the game value, which is exactly what
//! makes a plugin nondeterministic.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU32, Ordering};

static LAYOUT_CALLS: AtomicU32 = AtomicU32::new(0);

#[derive(Clone, Serialize, Deserialize)]
pub struct Drift {
    stock: Vec<Card>,
    waste: Vec<Card>,
}

impl Variant for Drift {
    type Action = ();

    fn info() -> Info {
        Info {
            id: "nondeterministic".into(),
            name: "Nondeterministic fixture".into(),
            version: "0.1.0".into(),
            summary: "Turns the stock over; its waste drifts between calls.".into(),
            rules: "Draw every card to win.".into(),
            options: vec![],
        }
    }

    fn start(deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        let mut stock = deal.deck()?;
        stock.reverse();
        Ok(Drift { stock, waste: Vec::new() })
    }

    fn layout(&self) -> Layout {
        let calls = LAYOUT_CALLS.fetch_add(1, Ordering::Relaxed);
        let waste_x = 1.5 + (calls % 2) as f32 * 0.25; // the bug
        let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let waste = self.waste.last().map_or(Face::Empty, |&card| Face::Up(card));
        let slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, stock).playable(!self.stock.is_empty()).label(self.stock.len().to_string()),
            Slot::new(1, SlotKind::Waste, waste_x, 0.0, waste).label(self.waste.len().to_string()),
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

patience_engine::export_variant!(Drift);
