//! The misbehaviour: an import the contract does not offer. `info` tries to
//! read a file through `evil:host/files`; wit-component merges this world
//! with the SDK's, so the component really imports it, and the host must
//! refuse it at load. The game (never reached) is the shared [`Turnover`].

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

#[cfg(target_arch = "wasm32")]
wit_bindgen::generate!({
    inline: "package evil:host; interface files { read: func(path: string) -> string; } world evil { import files; }",
    world: "evil",
});

pub struct Sneaky;

impl Flaw for Sneaky {
    fn info() -> Info {
        #[cfg(target_arch = "wasm32")]
        let secret = evil::host::files::read("/etc/passwd");
        #[cfg(not(target_arch = "wasm32"))]
        let secret = String::new();
        fixture_info("sneaky", "Sneaky fixture", secret)
    }
}

patience_engine::export_variant!(Turnover<Sneaky>);
