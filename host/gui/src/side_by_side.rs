//! Side by side: two to four rule sets dealt the same deal number, each in
//! its own pane and playable on its own, with the differences in their
//! rules — computed from the option values alone — listed above the panes.

use crate::board::{self, BoardEvent, Marks};
use crate::choices::Choice;
use crate::hud;
use crate::table::{format_duration, Table};
use crate::theme;
use egui::{Color32, Frame, Margin, RichText, Ui, UiBuilder};
use patience_engine::layout::Outcome;
use patience_engine::options::{OptionSpec, OptionValue, Settings};
use patience_runtime::RuleSet;

pub const MIN_PANES: usize = 2;
pub const MAX_PANES: usize = 4;

pub struct Pane {
    pub title: String,
    pub table: Table,
}

#[derive(Default)]
pub struct SideBySide {
    /// Keys of the picked choices, in the order they were picked.
    pub picked: Vec<String>,
    pub deal_entry: String,
    pub panes: Vec<Pane>,
    pub differences: Vec<String>,
    /// Why the last deal could not be made.
    pub problem: Option<String>,
}

/// What a pane asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PaneAction {
    Board(BoardEvent),
    Undo,
    Redo,
    Restart,
}

/// One rule set as compared: its title, its plugin's name and every
/// option value (defaults filled in).
pub struct Compared {
    pub title: String,
    pub variant: String,
    pub values: Vec<(String, OptionValue)>,
}

impl Compared {
    pub fn new(title: &str, variant: &str, rule_set: &RuleSet, specs: &[OptionSpec]) -> Compared {
        let values = match Settings::resolve(specs, &rule_set.options) {
            Ok(settings) => settings.iter().map(|(name, value)| (name.clone(), value.clone())).collect(),
            Err(_) => rule_set.options.clone(),
        };
        Compared { title: title.to_string(), variant: variant.to_string(), values }
    }
}

/// One line per way the rule sets differ: `passes — A: 1 · B: 3`.
pub fn differences(compared: &[Compared]) -> Vec<String> {
    let mut lines = Vec::new();
    let listing = |value_of: &dyn Fn(&Compared) -> String| {
        compared.iter().map(|c| format!("{}: {}", c.title, value_of(c))).collect::<Vec<_>>().join(" · ")
    };
    if compared.windows(2).any(|pair| pair[0].variant != pair[1].variant) {
        lines.push(format!("variant — {}", listing(&|c| c.variant.clone())));
    }
    let mut names: Vec<&str> = Vec::new();
    for c in compared {
        for (name, _) in &c.values {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
    }
    for name in names {
        let value_of = |c: &Compared| {
            c.values.iter().find(|(n, _)| n == name).map_or("—".to_string(), |(_, value)| value.to_string())
        };
        let values: Vec<String> = compared.iter().map(value_of).collect();
        if values.windows(2).any(|pair| pair[0] != pair[1]) {
            lines.push(format!("{name} — {}", listing(&value_of)));
        }
    }
    if lines.is_empty() && !compared.is_empty() {
        lines.push("No differences: every pane plays by the same rules.".to_string());
    }
    lines
}

/// Picking the rule sets and the deal; true when "Deal side by side" was
/// pressed.
pub fn setup_ui(ui: &mut Ui, side: &mut SideBySide, choices: &[Choice], groups: &[(String, Vec<usize>)]) -> bool {
    ui.label(RichText::new(format!("Pick {MIN_PANES} to {MAX_PANES} variants or rule sets:")).strong());
    for (group, members) in groups {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{group}:")).weak());
            for &index in members {
                pick_checkbox(ui, side, &choices[index]);
            }
        });
    }
    let mut deal = false;
    ui.horizontal(|ui| {
        let label = ui.label("Deal number:");
        let field = ui.add(egui::TextEdit::singleline(&mut side.deal_entry).hint_text("deal number").desired_width(90.0));
        field.labelled_by(label.id);
        let enough = (MIN_PANES..=MAX_PANES).contains(&side.picked.len());
        deal = ui.add_enabled(enough, egui::Button::new("Deal side by side")).clicked();
    });
    if let Some(problem) = &side.problem {
        ui.label(RichText::new(problem).color(theme::PLAYABLE));
    }
    deal
}

fn pick_checkbox(ui: &mut Ui, side: &mut SideBySide, choice: &Choice) {
    let mut picked = side.picked.contains(&choice.key);
    let full = side.picked.len() >= MAX_PANES && !picked;
    let response = ui.add_enabled(!full, egui::Checkbox::new(&mut picked, &choice.title)).on_hover_text(&choice.description);
    if response.changed() {
        if picked {
            side.picked.push(choice.key.clone());
        } else {
            side.picked.retain(|key| key != &choice.key);
        }
    }
}

pub fn differences_ui(ui: &mut Ui, differences: &[String]) {
    Frame::new().fill(theme::FELT_SHADE).corner_radius(6.0).inner_margin(Margin::symmetric(10, 6)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new("Differences in rules").strong().color(Color32::WHITE));
        for line in differences {
            ui.label(RichText::new(line).color(Color32::from_gray(235)));
        }
    });
}

/// The panes next to each other; returns what one of them asked for.
pub fn panes_ui(ui: &mut Ui, panes: &[Pane]) -> Option<(usize, PaneAction)> {
    let mut action = None;
    ui.columns(panes.len().max(1), |columns| {
        for (index, (column, pane)) in columns.iter_mut().zip(panes).enumerate() {
            let label = format!("{}, {}", pane.title, crate::deal_text(pane.table.deal()));
            let builder = UiBuilder::new().id_salt(("pane", index)).accessibility_label(label);
            if let Some(asked) = column.scope_builder(builder, |ui| pane_ui(ui, pane)).inner {
                action = Some((index, asked));
            }
        }
    });
    action
}

fn pane_ui(ui: &mut Ui, pane: &Pane) -> Option<PaneAction> {
    let table = &pane.table;
    let mut action = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new(&pane.title).strong().size(16.0).color(Color32::WHITE));
        ui.label(RichText::new(crate::deal_text(table.deal())).color(theme::PLAYABLE));
    });
    let hud_text: Vec<String> = table.view().hud.iter().map(|item| format!("{} {}", item.label, item.value)).collect();
    ui.label(RichText::new(hud_text.join(" · ")).color(Color32::from_gray(225)));
    ui.horizontal(|ui| {
        if ui.add_enabled(table.can_undo(), egui::Button::new("Undo")).clicked() {
            action = Some(PaneAction::Undo);
        }
        if ui.add_enabled(table.can_redo(), egui::Button::new("Redo")).clicked() {
            action = Some(PaneAction::Redo);
        }
        if ui.button("Restart").clicked() {
            action = Some(PaneAction::Restart);
        }
    });
    outcome_line(ui, table);
    if let Some(fault) = table.fault() {
        ui.label(RichText::new(fault).color(theme::PLAYABLE));
    }
    hud::status_line_ui(ui, table.line(), table.can_draw());
    let picked = table.selection().map(|s| s.slots.clone()).unwrap_or_default();
    let partners = table.selection().map(|s| s.partners.clone()).unwrap_or_default();
    let marks = Marks { selected: &picked, partners: &partners, ..Marks::default() };
    if let Some(event) = board::board_ui(ui, ui.scope_id().with("board"), table.layout(), &marks) {
        action = Some(PaneAction::Board(event));
    }
    action
}

fn outcome_line(ui: &mut Ui, table: &Table) {
    let status = table.status();
    let (text, color) = match status.outcome {
        Outcome::Playing => return,
        Outcome::Won => ("Won", theme::PARTNER),
        Outcome::Lost => ("Lost", theme::PLAYABLE),
    };
    let summary = format!("{text} — {} moves · {}", table.moves_made(), format_duration(table.elapsed()));
    ui.label(RichText::new(summary).strong().color(color));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compared(title: &str, variant: &str, values: &[(&str, OptionValue)]) -> Compared {
        Compared {
            title: title.into(),
            variant: variant.into(),
            values: values.iter().map(|(n, v)| (n.to_string(), v.clone())).collect(),
        }
    }

    #[test]
    fn only_differing_options_are_listed() {
        let three = OptionValue::Choice("3".into());
        let one = OptionValue::Choice("1".into());
        let off = OptionValue::Flag(false);
        let lines = differences(&[
            compared("A", "V", &[("passes", one), ("face_down", off.clone())]),
            compared("B", "V", &[("passes", three), ("face_down", off)]),
        ]);
        assert_eq!(lines, vec!["passes — A: 1 · B: 3".to_string()]);
    }

    #[test]
    fn different_variants_and_missing_options_are_named() {
        let lines = differences(&[
            compared("A", "Pyramid", &[("passes", OptionValue::Int(1))]),
            compared("B", "Speed", &[("jokers", OptionValue::Int(3))]),
        ]);
        assert_eq!(lines, vec!["variant — A: Pyramid · B: Speed", "passes — A: 1 · B: —", "jokers — A: — · B: 3"]);
    }

    #[test]
    fn identical_rules_say_so() {
        let same = [compared("A", "V", &[("x", OptionValue::Int(1))]), compared("B", "V", &[("x", OptionValue::Int(1))])];
        assert_eq!(differences(&same), vec!["No differences: every pane plays by the same rules.".to_string()]);
    }
}
