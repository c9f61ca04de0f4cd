//! The misbehaviour: a card shown twice. From the third draw on, the card
//! fanned out beneath the top of the waste is the top card again (an
//! off-by-one); the runtime refuses such a layout, and `patience check`
//! must report it with the card and the slot. The game is the shared
//! [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

pub struct Twice;

impl Flaw for Twice {
    fn info() -> Info {
        fixture_info("duplicate-card", "Duplicate card fixture", "Turns the stock over; shows a card twice after three draws.")
    }

    fn amend_layout(game: &Turnover<Self>, layout: &mut Layout) {
        let skip = if game.waste.len() >= 3 { 0 } else { 1 }; // the bug: should always be 1
        layout.slots[1].face = game.waste.iter().rev().nth(skip).map_or(Face::Empty, |&card| Face::Up(card));
    }
}

patience_engine::export_variant!(Turnover<Twice>);
