//! A plugin that lists a move `apply` refuses, for the conformance tests.
//!
//! The game: the deck is the stock, face down; `draw` turns its top card
//! onto the waste; five draws win. The bug, a common one: `status` says the
//! game is won after five draws, but `actions` goes on listing `draw`
//! (the contract wants no moves once the game is over), so the SDK's
//! `apply` refuses the listed move: "the game is over".

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

const DRAWS_TO_WIN: usize = 5;

#[derive(Clone, Serialize, Deserialize)]
pub struct Five {
    stock: Vec<Card>,
    waste: Vec<Card>,
}

impl Variant for Five {
    type Action = ();

    fn info() -> Info {
        Info {
            id: "refused-move".into(),
            name: "Refused move fixture".into(),
            version: "0.1.0".into(),
            summary: "Five draws win, but `draw` stays listed.".into(),
            rules: "Draw five cards to win.".into(),
            options: vec![],
        }
    }

    fn start(deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        let mut stock = deal.deck()?;
        stock.reverse();
        Ok(Five { stock, waste: Vec::new() })
    }

    fn layout(&self) -> Layout {
        let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let waste = self.waste.last().map_or(Face::Empty, |&card| Face::Up(card));
        let slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, stock).playable(!self.stock.is_empty()).label(self.stock.len().to_string()),
            Slot::new(1, SlotKind::Waste, 1.5, 0.0, waste).label(self.waste.len().to_string()),
        ];
        Layout { width: 3.0, height: 1.4, slots }
    }

    fn actions(&self) -> Vec<()> {
        // The bug: this should also be empty once `status` says the game is won.
        if self.stock.is_empty() { vec![] } else { vec![()] }
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        MoveInfo { notation: "draw".into(), label: "Draw".into(), slots: vec![0] }
    }

    fn perform(&mut self, _action: &()) {
        self.waste.extend(self.stock.pop());
    }

    fn status(&self) -> Status {
        if self.waste.len() >= DRAWS_TO_WIN { Status::won("Five cards drawn") } else { Status::playing() }
    }
}

patience_engine::export_variant!(Five);
