//! The misbehaviour: the face-down stock is labelled with its top card (a
//! label meant to help while debugging), so hidden information leaks;
//! `patience check` must report the leak. The game is the shared
//! [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

pub struct Leaky;

impl Flaw for Leaky {
    fn info() -> Info {
        fixture_info("leaky", "Leaky fixture", "Turns the stock over; its label shows the hidden top card.")
    }

    fn amend_layout(game: &Turnover<Self>, layout: &mut Layout) {
        layout.slots[0].label = game.stock.last().map(Card::to_string); // the bug
    }
}

patience_engine::export_variant!(Turnover<Leaky>);
