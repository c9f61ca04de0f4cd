//! The misbehaviour: the wrong contract. Built against
//! `patience:plugin@2.0.0`, a major version this host does not speak: the
//! load must be refused, naming both versions. Written against the contract
//! directly (no SDK), with the shared bare game; the contract is the real
//! one with only its version changed, written by `build.rs`.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: concat!(env!("OUT_DIR"), "/wit"), world: "plugin" });

patience_fixture_bare::bare_plugin! {
    id: "from-the-future",
    name: "From the future",
    summary: "Speaks contract 2.0.0.",
    snapshot: vec![1],
}
