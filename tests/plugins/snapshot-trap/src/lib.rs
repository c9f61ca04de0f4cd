//! A plugin written against the contract directly (no SDK): `restore`
//! accepts any bytes, even none, and `snapshot` always traps. The host takes
//! a snapshot of every new game and, after a trap, restores the last good
//! one; it must not go round that circle for ever.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "../../../engine/wit", world: "plugin" });

use exports::patience::plugin::rules::{Game, Guest, GuestGame};
use patience::plugin::types::{
    Deal, GameMove, HudItem, Layout, Outcome, Setting, Solution, Status, VariantInfo, Verdict,
};

struct Trap;

impl Guest for Trap {
    type Game = TrapGame;

    fn info() -> VariantInfo {
        VariantInfo {
            id: "snapshot-trap".into(),
            name: "Snapshot trap".into(),
            version: "0.1.0".into(),
            summary: "Restores anything, snapshots nothing.".into(),
            rules: String::new(),
            options: vec![],
        }
    }
}

struct TrapGame;

impl GuestGame for TrapGame {
    fn start(_deal: Deal, _settings: Vec<Setting>) -> Result<Game, String> {
        Ok(Game::new(TrapGame))
    }
    fn restore(_snapshot: Vec<u8>) -> Result<Game, String> {
        Ok(Game::new(TrapGame))
    }
    fn layout(&self) -> Layout {
        Layout { width: 1.0, height: 1.4, slots: vec![] }
    }
    fn hud(&self) -> Vec<HudItem> {
        vec![]
    }
    fn moves(&self) -> Vec<GameMove> {
        vec![]
    }
    fn apply(&self, _id: u32) -> Result<Status, String> {
        Err("no moves".into())
    }
    fn status(&self) -> Status {
        Status { outcome: Outcome::Playing, message: String::new(), score: None, level: None }
    }
    fn explain(&self, _notation: String) -> String {
        "no moves".into()
    }
    fn snapshot(&self) -> Vec<u8> {
        core::arch::wasm32::unreachable()
    }
    fn solve(&self, _budget: u64, _optimal: bool) -> Solution {
        Solution { verdict: Verdict::Unknown, line: vec![], nodes: 0 }
    }
    fn resample(&self, _seed: u64) -> Option<Game> {
        None
    }
}

export!(Trap);
