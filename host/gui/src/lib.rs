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
//! * `animation` — cards slide to where a move put them (View →
//!   Animations);
//! * `keyboard` — the keyboard cursor and where the arrow keys take it,
//!   from the layout's geometry alone;
//! * `hint` — the next move of a winning line (H), from the plugin's
//!   solver on a copy of the game;
//! * `demo` — the solver or a fair player plays the deal, move by move;
//! * `compare_panel` — a rule-set study with its tables and chart;
//! * `explore_panel` — one variant's rule space, two options at a time
//!   (the others held or averaged): a heat map of the winnable % and what
//!   each option does; a combination played, dealt side by side or saved;
//! * `difficulty` — measured difficulty per rule set from the study files,
//!   the word it earns, the kindest first game, and the drift check;
//!   `measure` — measuring a custom rule set in the background;
//! * `deal_search` — "winnable deals only": the next deal the solver
//!   proves winnable, looked for in the background;
//! * `plugin_watch` — reloads a plugin file that changed;
//! * `background` — threads for all of the above, so the window never
//!   waits;
//! * `choices`, `settings`, `stats`, `storage`, `game_marks` — what can
//!   be played (plugins and rule sets, built in or from disk, in the
//!   Variants menu's groups) and what is remembered between runs.
//!
//! Run it with [`run_watching`] (it also reloads changed plugin files);
//! tests drive [`PatienceApp`] with egui_kittest
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

mod animation;
mod app;
mod background;
mod board;
mod cards;
mod choices;
mod compare_panel;
mod deal_search;
mod demo;
mod difficulty;
mod explore_panel;
mod game_marks;
mod hint;
mod hud;
mod keyboard;
mod labels;
mod measure;
mod options_panel;
mod panels;
mod plugin_watch;
mod rules_window;
mod settings;
mod side_by_side;
mod stats;
mod stats_window;
mod storage;
mod table;
mod theme;

pub use app::{Command, Mode, PatienceApp, GAME_FILE, MAX_DEAL_NUMBER};
pub use board::BoardEvent;
pub use choices::{all_rule_sets, bundled_rule_sets, load_rule_sets, saved_rule_sets_dir, Choice, Groups, PLUGINS_DIRECTORY, YOUR_RULE_SETS};
pub use compare_panel::{ComparePanel, Disagreement, Entrant, StudyOutcome};
pub use demo::Demo;
pub use explore_panel::{Cell, ExploreOutcome, ExplorePanel};
pub use difficulty::{check_drift, difficulty_line, parse_study, read_study, Difficulty, Figures, Word};
pub use hint::HintView;
pub use keyboard::Step;
pub use labels::slot_label;
pub use settings::Settings;
pub use side_by_side::{differences, Compared, Pane, PaneAction, SideBySide};
pub use stats::{Deals, Record, Stats};
pub use stats_window::StatsAction;
pub use storage::default_data_dir;
pub use patience_runtime::View;
pub use table::{
    decide_click, decide_drop, pick_prompt, plan_click, plan_pick, replay, ClickPlan, Clock, Decision, GameResult, Line, PickPlan,
    Position, ReplayFailure, Selection, Table, Tone,
};

use patience_engine::deal::Deal;
use patience_runtime::{Catalog, Runtime};
use std::path::PathBuf;
use std::sync::Arc;

/// The window's size when none was saved.
const DEFAULT_WINDOW: [f32; 2] = [1180.0, 800.0];

/// Opens the window (title "patience") on `catalog`, the rule sets and
/// difficulty figures built into the binary, and the rule set files found
/// in `rule_set_dirs` and in the data directory's saved rule sets (see
/// [`saved_rule_sets_dir`]), with the menu's `groups`; returns when it is
/// closed. The `*.wasm`
/// files in `plugin_dirs` are watched: one that changes is loaded again with
/// `runtime` (the runtime `catalog` was loaded with, so limits and the code
/// cache stay the same) and open games of it are replayed on the new version.
pub fn run_watching(runtime: Arc<Runtime>, catalog: Catalog, groups: Groups, rule_set_dirs: Vec<PathBuf>, plugin_dirs: Vec<PathBuf>) -> anyhow::Result<()> {
    let data_dir = default_data_dir();
    let (rule_sets, mut problems) = all_rule_sets(&catalog, &with_saved_rule_sets(&rule_set_dirs, &data_dir));
    let (mut difficulty, unread) = Difficulty::bundled(&catalog);
    problems.extend(unread);
    problems.extend(difficulty.add_dirs(&rule_set_dirs, &catalog));
    let app = PatienceApp::new(catalog, rule_sets, data_dir)
        .with_groups(groups)
        .with_difficulty(difficulty)
        .with_notices(problems)
        .with_plugin_watch(runtime, plugin_dirs);
    open_window(app)
}

/// `dirs` and then the folder the app saves rule sets to, unless it is one
/// of them already (a rule set read twice would be listed twice).
fn with_saved_rule_sets(dirs: &[PathBuf], data_dir: &std::path::Path) -> Vec<PathBuf> {
    let saved = saved_rule_sets_dir(data_dir);
    let canonical = |dir: &std::path::Path| dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let same = |dir: &PathBuf| canonical(dir) == canonical(&saved);
    let mut all = dirs.to_vec();
    if !dirs.iter().any(same) {
        all.push(saved);
    }
    all
}

/// The window, at the size it had last time. Settings and statistics live
/// in [`default_data_dir`].
fn open_window(app: PatienceApp) -> anyhow::Result<()> {
    let size = app.settings().window.unwrap_or(DEFAULT_WINDOW);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("patience")
            .with_inner_size(size)
            .with_min_inner_size([520.0, 400.0]),
        // The test build also has wgpu (for snapshots); the window always
        // uses OpenGL.
        renderer: eframe::Renderer::Glow,
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
