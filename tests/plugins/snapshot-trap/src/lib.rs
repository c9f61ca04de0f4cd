//! The misbehaviour: `snapshot` always traps (and `restore` accepts any
//! bytes, even none). The host takes a snapshot of every new game and,
//! after a trap, restores the last good one; it must not go round that
//! circle for ever. Written against the contract directly (no SDK, which
//! would never let a snapshot trap), with the shared bare game.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "../../../engine/wit", world: "plugin" });

patience_fixture_bare::bare_plugin! {
    id: "snapshot-trap",
    name: "Snapshot trap",
    summary: "Restores anything, snapshots nothing.",
    snapshot: core::arch::wasm32::unreachable(),
}
