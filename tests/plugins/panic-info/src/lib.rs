//! The misbehaviour: a panic in `info`, the first call the host makes when
//! it loads a plugin. The load must fail with the panic's message, and the
//! host must go on loading the others. The game (never reached) is the
//! shared [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{Flaw, Turnover};

pub struct Nameless;

impl Flaw for Nameless {
    fn info() -> Info {
        panic!("the panic-info fixture will not say who it is")
    }
}

patience_engine::export_variant!(Turnover<Nameless>);
