//! The misbehaviour: the layout changes from one call to the next (slot 1
//! is nudged sideways on every other call, by a counter kept in a `static`:
//! state outside the game value, which is exactly what makes a plugin
//! nondeterministic); `patience check` must report it as not
//! deterministic. The game is the shared [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};
use std::sync::atomic::{AtomicU32, Ordering};

static LAYOUT_CALLS: AtomicU32 = AtomicU32::new(0);

pub struct Drift;

impl Flaw for Drift {
    fn info() -> Info {
        fixture_info("nondeterministic", "Nondeterministic fixture", "Turns the stock over; its waste drifts between calls.")
    }

    fn amend_layout(_game: &Turnover<Self>, layout: &mut Layout) {
        let calls = LAYOUT_CALLS.fetch_add(1, Ordering::Relaxed);
        layout.slots[1].x += (calls % 2) as f32 * 0.25; // the bug
    }
}

patience_engine::export_variant!(Turnover<Drift>);
