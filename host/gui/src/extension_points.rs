//! Places kept for features others will add; nothing here is visible yet.
//!
//! * **Hint (H)**: `hint_button` is called from the toolbar after Undo/Redo,
//!   with the table being played. A hint would ask the plugin's solver
//!   (`Game::solve`, through a method to add on `Table`) for the next move
//!   of a winning line and select its slots; the key H is deliberately not
//!   bound in `PatienceApp::keyboard`, ready for it.
//! * **Compare**: `compare_menu_entry` is called at the end of the View
//!   menu. A compare panel (e.g. solver statistics of several rule sets over
//!   many deals) would get an entry there and a `Mode` of its own in
//!   `app.rs`, next to `Mode::SideBySide`.

use crate::table::Table;
use egui::Ui;

/// The Hint button's place in the toolbar. Shows nothing yet.
pub fn hint_button(_ui: &mut Ui, _table: &Table) {}

/// The Compare entry's place in the View menu. Shows nothing yet.
pub fn compare_menu_entry(_ui: &mut Ui) {}
