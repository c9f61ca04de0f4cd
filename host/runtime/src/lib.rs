//! # patience-runtime: rule plugins, loaded and run in a sandbox
//!
//! A plugin is a WebAssembly component that exports the contract in
//! `engine/wit/patience.wit`. This crate
//!
//! * compiles components with wasmtime (and caches the compiled code on disk,
//!   keyed by content hash and wasmtime version) — [`Runtime`];
//! * refuses any plugin that imports more than the contract's log function,
//!   or that speaks another contract version — [`Runtime::load`];
//! * runs each game in its own store with a fuel budget per call, a
//!   memory cap and a cap on what one answer may hand the host (all
//!   [`Limits`], configurable in a [`config`] file), turns every trap into
//!   a [`PluginFault`] naming the plugin and what it did, and rebuilds the
//!   instance from the last good snapshot so the game goes on — [`Game`];
//! * validates everything a plugin returns before the host uses it —
//!   [`validate`];
//! * gathers plugins into a [`Catalog`] and reads rule sets from TOML (files,
//!   and those shipped inside the binary) —
//!   [`ruleset`];
//! * keeps a player's [`Session`]: move log, undo and redo to any depth.
//!
//! It knows nothing of any particular variant, and nothing of egui.

mod bindings;
pub mod cache;
pub mod catalog;
pub mod config;
mod convert;
pub mod files;
pub mod game;
pub mod limits;
pub mod notation;
pub mod plugin;
pub mod rule_order;
pub mod ruleset;
pub mod savegame;
pub mod session;
pub mod validate;

pub use catalog::{Catalog, IdTaken, LoadProblem};
pub use config::HostConfig;
pub use game::{Game, GameError, PluginFault, View};
pub use limits::{Limits, BEST_SCORE_BUDGET, SOLVE_BUDGET};
pub use plugin::{LoadedPlugin, PluginInfo, Runtime, Source};
pub use rule_order::EasierStep;
pub use ruleset::{load_bundled, RuleSet};
pub use savegame::SavedGame;
pub use session::Session;
pub use validate::Move;

/// The contract version this host speaks (`package patience:plugin@…`).
pub const CONTRACT_VERSION: &str = patience_engine::CONTRACT_VERSION;
