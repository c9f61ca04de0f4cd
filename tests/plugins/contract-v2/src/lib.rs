//! A plugin built against contract `patience:plugin@2.0.0`, a major version
//! this host does not speak: the load must be refused, naming both versions.
//! Written against the contract directly (no SDK), with the contract copied
//! into `wit/` and only its version changed.

#![cfg(target_arch = "wasm32")]

wit_bindgen::generate!({ path: "wit", world: "plugin" });

use exports::patience::plugin::rules::{Game, Guest, GuestGame};
use patience::plugin::types::{
    Deal, GameMove, HudItem, Layout, Outcome, Setting, Solution, Status, VariantInfo, Verdict,
};

struct Future;

impl Guest for Future {
    type Game = FutureGame;

    fn info() -> VariantInfo {
        VariantInfo {
            id: "from-the-future".into(),
            name: "From the future".into(),
            version: "9.0.0".into(),
            summary: "Speaks contract 2.0.0.".into(),
            rules: String::new(),
            options: vec![],
        }
    }
}

struct FutureGame;

impl GuestGame for FutureGame {
    fn start(_deal: Deal, _settings: Vec<Setting>) -> Result<Game, String> {
        Ok(Game::new(FutureGame))
    }
    fn restore(_snapshot: Vec<u8>) -> Result<Game, String> {
        Ok(Game::new(FutureGame))
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
        vec![1]
    }
    fn solve(&self, _budget: u64, _optimal: bool) -> Solution {
        Solution { verdict: Verdict::Unknown, line: vec![], nodes: 0 }
    }
    fn resample(&self, _seed: u64) -> Option<Game> {
        None
    }
}

export!(Future);
