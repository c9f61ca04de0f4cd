//! A plugin that lists the host's directories through WASI's file system
//! interfaces. wit-component merges this world with the SDK's, so the
//! component really imports `wasi:filesystem/…@0.2.0`; the host must refuse
//! it at load, naming the import.

use patience_engine::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(target_arch = "wasm32")]
wit_bindgen::generate!({
    inline: "
        package wasi:filesystem@0.2.0;
        interface types {
            resource descriptor {
                read: func(length: u64, offset: u64) -> result<tuple<list<u8>, bool>, u8>;
            }
        }
        interface preopens {
            use types.{descriptor};
            get-directories: func() -> list<tuple<descriptor, string>>;
        }
        world files { import preopens; }
    ",
    world: "files",
});

#[derive(Clone, Serialize, Deserialize)]
pub struct Snoop;

impl Variant for Snoop {
    type Action = ();

    fn info() -> Info {
        #[cfg(target_arch = "wasm32")]
        let found: Vec<String> = wasi::filesystem::preopens::get_directories().into_iter().map(|(_, path)| path).collect();
        #[cfg(not(target_arch = "wasm32"))]
        let found: Vec<String> = Vec::new();
        Info {
            id: "snoop".into(),
            name: "Snoop fixture".into(),
            version: "0.1.0".into(),
            summary: found.join(", "),
            rules: String::new(),
            options: vec![],
        }
    }

    fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
        Ok(Snoop)
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

patience_engine::export_variant!(Snoop);
