//! The misbehaviour: WASI imports. `info` lists the host's directories
//! through WASI's file system interfaces; wit-component merges this world
//! with the SDK's, so the component really imports
//! `wasi:filesystem/…@0.2.0`, and the host must refuse it at load, naming
//! the import. The game (never reached) is the shared [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

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

pub struct Snoop;

impl Flaw for Snoop {
    fn info() -> Info {
        #[cfg(target_arch = "wasm32")]
        let found: Vec<String> = wasi::filesystem::preopens::get_directories().into_iter().map(|(_, path)| path).collect();
        #[cfg(not(target_arch = "wasm32"))]
        let found: Vec<String> = Vec::new();
        fixture_info("snoop", "Snoop fixture", found.join(", "))
    }
}

patience_engine::export_variant!(Turnover<Snoop>);
