//! A plugin that panics in `info`, the first call the host makes when it
//! loads a plugin: the load must fail with the panic's message, and the host
//! must go on loading the others.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize)]
pub struct Nameless;

impl Variant for Nameless {
    type Action = ();

    fn info() -> Info {
        panic!("the panic-info fixture will not say who it is")
    }

    fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        Ok(Nameless)
    }

    fn layout(&self) -> Layout {
        Layout { width: 1.0, height: 1.4, slots: vec![] }
    }

    fn actions(&self) -> Vec<()> {
        vec![]
    }

    fn describe(&self, _action: &()) -> MoveInfo {
        MoveInfo { notation: "none".into(), label: "None".into(), slots: vec![] }
    }

    fn perform(&mut self, _action: &()) {}

    fn status(&self) -> Status {
        Status::playing()
    }
}

patience_engine::export_variant!(Nameless);
