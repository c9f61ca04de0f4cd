//! # patience-fixture-base: the little game the fixture plugins share
//!
//! [`Turnover`]: the deck is the stock, face down; `draw` turns its top card
//! onto the waste, fanned out so the card beneath the top shows beside it;
//! the game is won when the stock is empty. Sound as it stands.
//!
//! A fixture is a type that implements [`Flaw`]: its own [`Info`] and the one
//! thing it gets wrong, then `export_variant!(Turnover<MyFlaw>)`.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;

/// One fixture: who it says it is, and where it goes wrong. The hooks
/// default to the sound game.
pub trait Flaw: Sized + 'static {
    fn info() -> Info;

    /// Spoils `layout`, the sound layout of `game`. By default, does not.
    fn amend_layout(_game: &Turnover<Self>, _layout: &mut Layout) {}

    fn status(game: &Turnover<Self>) -> Status {
        game.sound_status()
    }

    /// The notation of the draw, for the line check. By default, the one
    /// the move list gives.
    fn notation(_game: &Turnover<Self>) -> String {
        "draw".into()
    }
}

/// The info of a fixture, every field but these three the same for all.
pub fn fixture_info(id: &str, name: &str, summary: impl Into<String>) -> Info {
    Info {
        id: id.into(),
        name: name.into(),
        version: "0.1.0".into(),
        summary: summary.into(),
        rules: "Draw every card to win.".into(),
        options: vec![],
    }
}

/// The game, with flaw `F`. Slots: 0 the stock, 1 the card beneath the top
/// of the waste, 2 the top of the waste.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Turnover<F> {
    pub stock: Vec<Card>,
    pub waste: Vec<Card>,
    #[serde(skip)]
    flaw: PhantomData<fn() -> F>,
}

impl<F> Clone for Turnover<F> {
    fn clone(&self) -> Self {
        Turnover { stock: self.stock.clone(), waste: self.waste.clone(), flaw: PhantomData }
    }
}

impl<F> Turnover<F> {
    fn sound_layout(&self) -> Layout {
        let up = |card: Option<&Card>| card.map_or(Face::Empty, |&card| Face::Up(card));
        let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let slots = vec![
            Slot::new(0, SlotKind::Stock, 0.0, 0.0, stock).playable(!self.stock.is_empty()).label(self.stock.len().to_string()),
            Slot::new(1, SlotKind::Waste, 1.5, 0.0, up(self.waste.iter().rev().nth(1))),
            Slot::new(2, SlotKind::Waste, 1.8, 0.0, up(self.waste.last())).z(1).label(self.waste.len().to_string()),
        ];
        Layout { width: 3.0, height: 1.4, slots }
    }

    pub fn sound_status(&self) -> Status {
        if self.stock.is_empty() { Status::won("The stock is turned over") } else { Status::playing() }
    }
}

impl<F: Flaw> Variant for Turnover<F> {
    type Action = ();

    fn info() -> Info {
        F::info()
    }

    fn start(deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        let mut stock = deal.deck()?;
        stock.reverse();
        Ok(Turnover { stock, waste: Vec::new(), flaw: PhantomData })
    }

    fn layout(&self) -> Layout {
        let mut layout = self.sound_layout();
        F::amend_layout(self, &mut layout);
        layout
    }

    fn actions(&self) -> Vec<()> {
        if self.stock.is_empty() { vec![] } else { vec![()] }
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        MoveInfo { notation: "draw".into(), label: "Draw".into(), slots: vec![0] }
    }

    fn notation(&self, _action: &()) -> String {
        F::notation(self)
    }

    fn perform(&mut self, _action: &()) {
        self.waste.extend(self.stock.pop());
    }

    fn status(&self) -> Status {
        F::status(self)
    }
}
