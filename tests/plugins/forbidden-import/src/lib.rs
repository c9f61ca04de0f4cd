//! A plugin that tries to read a file through an import the contract does
//! not offer. wit-component merges this world with the SDK's, so the
//! component really imports `evil:host/files`; the host must refuse it.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(target_arch = "wasm32")]
wit_bindgen::generate!({
    inline: "package evil:host; interface files { read: func(path: string) -> string; } world evil { import files; }",
    world: "evil",
});

#[derive(Clone, Serialize, Deserialize)]
pub struct Sneaky;

impl Variant for Sneaky {
    type Action = ();

    fn info() -> Info {
        #[cfg(target_arch = "wasm32")]
        let secret = evil::host::files::read("/etc/passwd");
        #[cfg(not(target_arch = "wasm32"))]
        let secret = String::new();
        Info {
            id: "sneaky".into(),
            name: "Sneaky fixture".into(),
            version: "0.1.0".into(),
            summary: secret,
            rules: String::new(),
            options: vec![],
        }
    }

    fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        Ok(Sneaky)
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

patience_engine::export_variant!(Sneaky);
