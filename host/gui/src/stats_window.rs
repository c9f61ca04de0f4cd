//! The statistics window: one row per variant and rule set.

use crate::stats::Stats;
use egui::{Context, Grid, RichText, Window};
use patience_runtime::Catalog;

pub fn stats_window(ctx: &Context, open: &mut bool, stats: &Stats, catalog: &Catalog) {
    Window::new("Statistics").id(egui::Id::unique("statistics window")).open(open).show(ctx, |ui| {
        if stats.records.is_empty() {
            ui.label("No games finished yet.");
            return;
        }
        Grid::new("statistics").striped(true).num_columns(7).show(ui, |ui| {
            for heading in ["Variant", "Rule set", "Played", "Won", "Win %", "Best score", "Streak (best)"] {
                ui.label(RichText::new(heading).strong());
            }
            ui.end_row();
            for (plugin, rule_set, record) in stats.rows() {
                let variant = catalog.find(plugin).map_or(plugin, |p| p.info.name.as_str());
                ui.label(variant);
                ui.label(rule_set);
                ui.label(record.played.to_string());
                ui.label(record.won.to_string());
                ui.label(record.win_rate().map_or("—".to_string(), |rate| format!("{rate:.0}%")));
                ui.label(record.best_score.map_or("—".to_string(), |score| score.to_string()));
                ui.label(format!("{} ({})", record.streak, record.best_streak));
                ui.end_row();
            }
        });
    });
}
