//! # patience-fixture-bare: the game of the fixtures without the SDK
//!
//! Some fixtures are written against the contract directly, to do what the
//! SDK never would. They share one do-nothing game: no cards, no moves,
//! always playing; `restore` accepts any bytes. [`bare_plugin!`] writes it
//! into the calling crate, which must have run `wit_bindgen::generate!` for
//! world `plugin` at its root; the fixture names its one misbehaviour in
//! the `snapshot` it gives (or in the contract it generated).

/// `bare_plugin!(id: "…", name: "…", summary: "…", snapshot: <expr>);`
/// implements and exports the contract's `rules` with the do-nothing game;
/// `snapshot` answers with the expression, and `solve` with `solution:
/// <expr>` when given (an honest `unknown` otherwise).
#[macro_export]
macro_rules! bare_plugin {
    (id: $id:literal, name: $name:literal, summary: $summary:literal, snapshot: $snapshot:expr $(,)?) => {
        $crate::bare_plugin! {
            id: $id, name: $name, summary: $summary, snapshot: $snapshot,
            solution: Solution { verdict: Verdict::Unknown, line: vec![], nodes: 0 },
        }
    };
    (id: $id:literal, name: $name:literal, summary: $summary:literal, snapshot: $snapshot:expr, solution: $solution:expr $(,)?) => {
        use exports::patience::plugin::rules::{Game, Guest, GuestGame};
        use patience::plugin::types::{
            Deal, GameMove, HudItem, Layout, Outcome, Setting, Solution, Status, VariantInfo, Verdict,
        };

        struct BarePlugin;

        impl Guest for BarePlugin {
            type Game = BareGame;

            fn info() -> VariantInfo {
                VariantInfo {
                    id: $id.into(),
                    name: $name.into(),
                    version: "0.1.0".into(),
                    summary: $summary.into(),
                    rules: String::new(),
                    options: vec![],
                }
            }
        }

        struct BareGame;

        impl GuestGame for BareGame {
            fn start(_deal: Deal, _settings: Vec<Setting>) -> Result<Game, String> {
                Ok(Game::new(BareGame))
            }
            fn restore(_snapshot: Vec<u8>) -> Result<Game, String> {
                Ok(Game::new(BareGame))
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
                $snapshot
            }
            fn solve(&self, _budget: u64, _optimal: bool) -> Solution {
                $solution
            }
            fn resample(&self, _seed: u64) -> Option<Game> {
                None
            }
        }

        export!(BarePlugin);
    };
}
