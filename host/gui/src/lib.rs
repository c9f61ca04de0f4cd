//! # patience-gui: the desktop app
//!
//! An eframe/egui window to play every variant the catalog holds. The app
//! never knows which variant it runs: the board, the HUD, the options and
//! the rules all come from the plugin (layout, hud, moves, status, info).
//!
//! * `app` — the app's state and the commands that change it;
//! * `panels` — the window: menus, toolbar, banners, felt, keyboard;
//! * `table` — one game being played and the generic click-to-move rule;
//! * `board` / `cards` / `labels` — the board widget, vector card painting
//!   and accessible labels;
//! * `hud`, `options_panel`, `rules_window`, `stats_window`,
//!   `side_by_side` — the other panels;
//! * `choices`, `settings`, `stats`, `storage` — what can be played and
//!   what is remembered between runs;
//! * `extension_points` — where Hint and Compare will go.
//!
//! Run it with [`run`]; tests drive [`PatienceApp`] with egui_kittest
//! (`tests/app.rs`), finding cards by their accessible labels.
//!
//! ## Snapshots
//!
//! The tests render PNG snapshots on the CPU (wgpu on Mesa llvmpipe) into
//! `tests/snapshots/` at the top of the repository and compare them with
//! kittest's per-pixel threshold. After an intended change of the look, run
//! `UPDATE_SNAPSHOTS=1 cargo test --release -p patience-gui` (only failing
//! images are rewritten; `UPDATE_SNAPSHOTS=force` rewrites all), look at
//! the images, and commit them.

mod app;
mod board;
mod cards;
mod choices;
mod extension_points;
mod hud;
mod labels;
mod options_panel;
mod panels;
mod rules_window;
mod settings;
mod side_by_side;
mod stats;
mod stats_window;
mod storage;
mod table;
mod theme;

pub use app::{Command, Mode, PatienceApp, MAX_DEAL_NUMBER};
pub use board::BoardEvent;
pub use choices::{load_rule_sets, Choice};
pub use labels::slot_label;
pub use settings::Settings;
pub use side_by_side::{differences, Compared, Pane, PaneAction, SideBySide};
pub use stats::{Record, Stats};
pub use storage::default_data_dir;
pub use table::{plan_click, ClickPlan, Clock, GameResult, Line, Selection, Table, Tone, View};

use patience_engine::deal::Deal;
use patience_runtime::Catalog;
use std::path::PathBuf;

/// The window's size when none was saved.
const DEFAULT_WINDOW: [f32; 2] = [1180.0, 800.0];

/// Opens the window (title "patience") on `catalog` and the rule set files
/// found in `rule_set_dirs`, and returns when it is closed. Settings and
/// statistics live in [`default_data_dir`].
pub fn run(catalog: Catalog, rule_set_dirs: Vec<PathBuf>) -> anyhow::Result<()> {
    let (rule_sets, problems) = load_rule_sets(&rule_set_dirs, &catalog);
    let app = PatienceApp::new(catalog, rule_sets, default_data_dir()).with_notices(problems);
    let size = app.settings().window.unwrap_or(DEFAULT_WINDOW);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("patience")
            .with_inner_size(size)
            .with_min_inner_size([520.0, 400.0]),
        ..Default::default()
    };
    eframe::run_native("patience", options, Box::new(|_creation| Ok(Box::new(app))))
        .map_err(|error| anyhow::anyhow!("the window could not be opened: {error}"))
}

/// `Deal 1234`, or `Explicit deck`.
pub fn deal_text(deal: &Deal) -> String {
    match deal {
        Deal::Seed(number) => format!("Deal {number}"),
        Deal::Cards(_) => "Explicit deck".to_string(),
    }
}
