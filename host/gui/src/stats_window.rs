//! The statistics window: one row per variant, rule set and kind of deals
//! (any deal, or winnable only), with a reset per rule set that asks first.

use crate::stats::{Record, Stats};
use crate::table::format_duration;
use egui::{Context, Grid, RichText, Ui, Window};
use patience_runtime::Catalog;

/// What the player asked for in the window.
#[derive(Clone, Debug, PartialEq)]
pub enum StatsAction {
    /// Reset this plugin's rule set — asks first.
    AskReset { plugin: String, rule_set: String },
    ConfirmReset,
    KeepRecords,
}

const HEADINGS: [&str; 13] =
    ["Variant", "Rule set", "Deals", "Played", "Won", "Win %", "Best time", "Mean time", "Fewest moves", "Mean moves", "Best score", "Streak (best)", ""];

/// `asking` is the rule set whose reset waits for a yes.
pub fn stats_window(ctx: &Context, open: &mut bool, stats: &Stats, catalog: &Catalog, asking: Option<&(String, String)>) -> Option<StatsAction> {
    let mut action = None;
    Window::new("Statistics").id(egui::Id::unique("statistics window")).open(open).show(ctx, |ui| {
        if stats.is_empty() {
            ui.label("No games finished yet.");
            return;
        }
        if let Some((plugin, rule_set)) = asking {
            action = confirm_ui(ui, plugin, rule_set);
        }
        ui.label(RichText::new("Times and moves are those of won games.").small().weak());
        Grid::new("statistics").striped(true).num_columns(HEADINGS.len()).show(ui, |ui| {
            for heading in HEADINGS {
                ui.label(RichText::new(heading).strong());
            }
            ui.end_row();
            let mut previous: Option<(&str, &str)> = None;
            for (plugin, rule_set, deals, record) in stats.rows() {
                let variant = catalog.find(plugin).map_or(plugin, |p| p.info.name.as_str());
                let first_of_rule_set = previous != Some((plugin, rule_set));
                previous = Some((plugin, rule_set));
                ui.label(variant);
                ui.label(rule_set);
                ui.label(deals.text());
                record_cells(ui, record);
                if first_of_rule_set && ui.small_button("Reset…").on_hover_text(format!("Forget every game of {rule_set}")).clicked() {
                    action = Some(StatsAction::AskReset { plugin: plugin.to_string(), rule_set: rule_set.to_string() });
                } else if !first_of_rule_set {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    });
    action
}

fn record_cells(ui: &mut Ui, record: &Record) {
    let dash = || "—".to_string();
    ui.label(record.played.to_string());
    ui.label(record.won.to_string());
    ui.label(record.win_rate().map_or_else(dash, |rate| format!("{rate:.0}%")));
    ui.label(record.best_time().map_or_else(dash, format_duration));
    ui.label(record.mean_time().map_or_else(dash, format_duration));
    ui.label(record.best_moves.map_or_else(dash, |moves| moves.to_string()));
    ui.label(record.mean_moves().map_or_else(dash, |moves| format!("{moves:.1}")));
    ui.label(record.best_score.map_or_else(dash, |score| score.to_string()));
    ui.label(format!("{} ({})", record.streak, record.best_streak));
}

fn confirm_ui(ui: &mut Ui, plugin: &str, rule_set: &str) -> Option<StatsAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Forget every game of {rule_set} ({plugin}), on any deal and winnable only?")).strong());
        if ui.button("Reset").clicked() {
            action = Some(StatsAction::ConfirmReset);
        }
        if ui.button("Keep").clicked() {
            action = Some(StatsAction::KeepRecords);
        }
    });
    ui.separator();
    action
}
