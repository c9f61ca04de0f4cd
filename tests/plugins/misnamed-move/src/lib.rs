//! The misbehaviour: a line check that goes by other names than the move
//! list. From the third draw on, [`Variant::notation`] (what `play-line`
//! compares a claimed line with) says `turn` while `describe` (what
//! `moves` lists) still says `draw`: every move applies one by one, but
//! the same moves played as one line are refused at the third, so a true
//! winning line would be reported as a fault. `patience check` must report
//! it. The game is the shared [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

pub struct Renamed;

impl Flaw for Renamed {
    fn info() -> Info {
        fixture_info("misnamed-move", "Misnamed move fixture", "Turns the stock over; its line check renames the draw.")
    }

    fn notation(game: &Turnover<Self>) -> String {
        if game.waste.len() >= 2 { "turn".into() } else { "draw".into() }
    }
}

patience_engine::export_variant!(Turnover<Renamed>);
