//! The misbehaviour: `solve` claims a win with a move the game never
//! lists. Written against the contract directly, so it exports no
//! `line-check`: the host must check the line move by move, and refuse it.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "../../../engine/wit", world: "plugin" });

patience_fixture_bare::bare_plugin! {
    id: "unchecked-false-win",
    name: "Unchecked false win",
    summary: "Claims a win with a move it does not have.",
    snapshot: Vec::new(),
    solution: Solution { verdict: Verdict::Winnable, line: vec!["fly".into()], nodes: 1 },
}
