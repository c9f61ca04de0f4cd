//! The Explore panel: one variant's rule space, two of its options at a
//! time. Every other option is held at a value the player picks (its
//! default unless told) or averaged: varied too, each heat-map cell summing
//! the combinations that share its two values. Every combination is dealt
//! the same deals and solved in the background (the `patience explore`
//! library), with a progress bar and a Cancel button; then a heat map of
//! the winnable % per cell and what each varied option does on the same
//! deals. A clicked cell lists its combinations; the one picked is a click
//! away from being played, dealt side by side or saved as a rule set file.
//! The variant and its options come from the catalog's option specs.

use crate::background::{progress_ui, threads_beside_the_window, CountedJob};
use crate::theme;
use egui::{
    Align2, Button, Color32, ComboBox, DragValue, FontId, Grid, Rect, RichText, ScrollArea, Sense, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo,
};
use patience_compare::explore::{self, Analysis, ComboRow, Effect, Explore, ExploreFile, Plan, Vary, VaryItem};
use patience_compare::players::ExpertConfig;
use patience_compare::stats::percent_with_interval;
use patience_compare::PlayerKind;
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use patience_runtime::{LoadedPlugin, RuleSet};
use std::collections::BTreeMap;
use std::sync::Arc;

pub const MAX_DEALS: u64 = 100_000;
/// Solver nodes per deal, as in the Compare panel and `patience explore`.
pub const EXPLORE_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;
/// A numeric option with more values than this offers only its least,
/// default and greatest value to hold at: a list of thousands helps nobody
/// (and averaging it would pass the combination cap anyway).
const MAX_LISTED_VALUES: i64 = 64;

const CELL: Vec2 = Vec2::new(92.0, 40.0);
const ROW_LABELS: f32 = 120.0;
const HEADER: f32 = 40.0;
const LOW: Color32 = Color32::from_rgb(0x8e, 0x2b, 0x2b);
const MIDDLE: Color32 = Color32::from_rgb(0xb0, 0x84, 0x1c);
const HIGH: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x45);
const UNPLAYED: Color32 = Color32::from_gray(70);
const CELL_TEXT: Color32 = Color32::from_gray(250);

/// What the panel asks the app for; each carries a combination index of
/// the last exploration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExploreAction {
    Run,
    Cancel,
    /// Play the combination on a new deal.
    Play(usize),
    /// Put the combination among Side by side's picks and go there.
    AddToSideBySide(usize),
    /// Write the combination as a rule set file.
    Save(usize),
}

/// How an option other than the two axes takes part in an exploration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Other {
    /// Varied with the axes; each cell sums its combinations.
    Averaged,
    /// Held at this value, as the option writes it (`3`, `true`, `all`).
    Held(String),
}

impl Other {
    /// What its picker shows.
    pub fn text(&self) -> &str {
        match self {
            Other::Averaged => "averaged",
            Other::Held(value) => value.as_str(),
        }
    }
}

pub struct ExplorePanel {
    /// The plugin id.
    pub plugin: Option<String>,
    /// The option across (one column per value) and down (one row per value).
    pub x: Option<String>,
    pub y: Option<String>,
    /// What the player picked for the other options, by name; an option not
    /// here is held at its default.
    pub others: BTreeMap<String, Other>,
    pub deals: u64,
    pub from: u64,
    pub running: Option<RunningExplore>,
    pub outcome: Option<ExploreOutcome>,
    /// The combination picked: the best of the clicked cell, or one of its
    /// combinations picked from the list under the map.
    pub selected: Option<usize>,
    /// Why the last exploration did not finish, or could not start.
    pub problem: Option<String>,
}

impl Default for ExplorePanel {
    fn default() -> ExplorePanel {
        ExplorePanel {
            plugin: None,
            x: None,
            y: None,
            others: BTreeMap::new(),
            deals: 100,
            from: 1,
            running: None,
            outcome: None,
            selected: None,
            problem: None,
        }
    }
}

/// An exploration on its way.
pub struct RunningExplore {
    /// Counts finished (combination, deal) tasks.
    pub job: CountedJob<ExploreFile>,
    plan: Plan,
    axes: (String, String),
    specs: Vec<OptionSpec>,
}

/// One cell of the heat map: the combinations with its two values (one
/// unless options are averaged) and the solver's counts summed over them.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Combination (= rule set) indices in the plan, best first.
    pub combinations: Vec<usize>,
    /// Value indices across and down.
    pub x: usize,
    pub y: usize,
    pub winnable: u64,
    pub solved: u64,
    pub unknown: u64,
    pub errors: u64,
}

impl Cell {
    pub fn percent(&self) -> Option<f64> {
        (self.solved > 0).then(|| 100.0 * self.winnable as f64 / self.solved as f64)
    }

    /// What the cell shows: `45%`, or `–` when nothing was solved.
    pub fn text(&self) -> String {
        self.percent().map_or_else(|| "–".to_string(), |p| format!("{p:.0}%"))
    }

    /// The combination a click on the cell picks: its best.
    pub fn best(&self) -> usize {
        self.combinations[0]
    }

    fn add(&mut self, combo: &ComboRow) {
        self.combinations.push(combo.index);
        self.winnable += combo.row.winnable;
        self.solved += combo.row.solved;
        self.unknown += combo.row.unknown;
        self.errors += combo.row.errors;
    }
}

/// A finished exploration and everything shown of it, worked out once.
pub struct ExploreOutcome {
    pub plan: Plan,
    pub file: ExploreFile,
    pub analysis: Analysis,
    /// The options across and down, and their values.
    pub x_name: String,
    pub y_name: String,
    pub x_values: Vec<String>,
    pub y_values: Vec<String>,
    /// The other options varied, summed in each cell.
    pub averaged: Vec<String>,
    /// The options held away from their defaults, worded for rule set
    /// names (`win all`).
    held_away: Vec<String>,
    /// Row by row, then across.
    pub cells: Vec<Cell>,
}

impl ExploreOutcome {
    pub fn new(plan: Plan, file: ExploreFile, (x_name, y_name): (String, String), specs: &[OptionSpec]) -> ExploreOutcome {
        let analysis = explore::analyse(&file);
        let axes = &file.explore.axes;
        let position = |name: &str| axes.iter().position(|axis| axis.name == name).unwrap_or(0);
        let (xa, ya) = (position(&x_name), position(&y_name));
        let values = |axis: usize| axes.get(axis).map(|a| a.values.clone()).unwrap_or_default();
        let (x_values, y_values) = (values(xa), values(ya));
        let mut cells: Vec<Cell> = (0..y_values.len())
            .flat_map(|y| (0..x_values.len()).map(move |x| Cell { combinations: Vec::new(), x, y, winnable: 0, solved: 0, unknown: 0, errors: 0 }))
            .collect();
        // The analysis lists the combinations best first, so each cell's
        // list is too.
        for combo in &analysis.rows {
            let digits = explore::digits(axes, combo.index);
            let (x, y) = (digits.get(xa).copied().unwrap_or(0), digits.get(ya).copied().unwrap_or(0));
            if let Some(cell) = cells.get_mut(y * x_values.len() + x) {
                cell.add(combo);
            }
        }
        cells.retain(|cell| !cell.combinations.is_empty());
        let averaged = axes.iter().filter(|axis| axis.name != x_name && axis.name != y_name).map(|axis| axis.name.clone()).collect();
        let held_away = held_away(&plan, specs);
        ExploreOutcome { x_values, y_values, plan, file, analysis, x_name, y_name, averaged, held_away, cells }
    }

    /// `passes=3, stock_top_playable=true`
    pub fn cell_name(&self, cell: &Cell) -> String {
        format!("{}={}, {}={}", self.x_name, self.x_values[cell.x], self.y_name, self.y_values[cell.y])
    }

    /// What a cell is announced as (and found by in tests):
    /// `passes=3, stock_top_playable=true: 45% winnable`.
    pub fn cell_label(&self, cell: &Cell) -> String {
        format!("{}: {} winnable", self.cell_name(cell), cell.text())
    }

    /// The cell combination `index` is summed in.
    pub fn cell_of(&self, index: usize) -> Option<&Cell> {
        self.cells.iter().find(|cell| cell.combinations.contains(&index))
    }

    /// Combination `index`'s own numbers.
    pub fn row(&self, index: usize) -> Option<&ComboRow> {
        self.analysis.rows.iter().find(|row| row.index == index)
    }

    /// Combination `index` by its averaged options' values, as the cell's
    /// list shows it: `win=all`.
    pub fn averaged_values(&self, index: usize) -> String {
        let axes = &self.file.explore.axes;
        let digits = explore::digits(axes, index);
        let parts: Vec<String> = axes
            .iter()
            .zip(digits)
            .filter(|(axis, _)| self.averaged.contains(&axis.name))
            .map(|(axis, digit)| format!("{}={}", axis.name, axis.values[digit]))
            .collect();
        parts.join(", ")
    }

    /// Combination `index`'s name as a rule set: the library's name of its
    /// varied values, then any option held away from its default, so two
    /// explorations holding different values never give one name.
    pub fn rule_set_name(&self, index: usize) -> String {
        let name = explore::rule_set_name(&self.plan, index);
        if self.held_away.is_empty() { name } else { format!("{name}, {}", self.held_away.join(", ")) }
    }

    /// What was measured of combination `index`, as a rule set's
    /// description says it.
    pub fn description(&self, index: usize) -> String {
        let measured = self.row(index).map(|row| explore::measured(&self.file, row)).unwrap_or_default();
        format!("From Explore rule space: {measured}")
    }

    /// Combination `index` as a rule set to play, named by its values (not
    /// saved to a file).
    pub fn rule_set(&self, index: usize) -> RuleSet {
        RuleSet { name: self.rule_set_name(index), description: Some(self.description(index)), ..self.plan.rule_set(index) }
    }

    /// Combination `index` as the text of a rule set file.
    pub fn rule_set_toml(&self, index: usize) -> String {
        explore::rule_set_toml(&self.plan, index, &self.rule_set_name(index), &self.description(index))
    }
}

/// The held options whose value is not the default, worded as
/// `explore::rule_set_name` words varied ones: `win all`, `face down`,
/// `no face down`.
fn held_away(plan: &Plan, specs: &[OptionSpec]) -> Vec<String> {
    plan.fixed
        .iter()
        .filter(|(name, value)| specs.iter().find(|spec| &spec.name == name).is_some_and(|spec| spec.normalize(&spec.default) != *value))
        .map(|(name, value)| {
            let name = name.replace('_', " ");
            match value {
                OptionValue::Flag(true) => name,
                OptionValue::Flag(false) => format!("no {name}"),
                other => format!("{name} {other}"),
            }
        })
        .collect()
}

/// The values an option can be held at, as it writes them.
fn option_values(spec: &OptionSpec) -> Vec<String> {
    match &spec.kind {
        OptionKind::Flag => vec!["false".to_string(), "true".to_string()],
        OptionKind::Int { min, max } if max.saturating_sub(*min) < MAX_LISTED_VALUES => (*min..=*max).map(|n| n.to_string()).collect(),
        OptionKind::Int { min, max } => {
            let mut values = vec![min.to_string(), spec.default.to_string(), max.to_string()];
            values.dedup();
            values
        }
        OptionKind::Choice(_) => spec.choices().into_iter().map(str::to_string).collect(),
    }
}

impl ExplorePanel {
    pub fn can_run(&self) -> bool {
        self.running.is_none() && self.plugin.is_some() && self.axes().is_some() && self.deals > 0
    }

    /// The two options, when two different ones are picked.
    fn axes(&self) -> Option<(String, String)> {
        match (&self.x, &self.y) {
            (Some(x), Some(y)) if x != y => Some((x.clone(), y.clone())),
            _ => None,
        }
    }

    /// How option `spec` takes part when it is not an axis.
    pub fn other(&self, spec: &OptionSpec) -> Other {
        self.others.get(&spec.name).cloned().unwrap_or_else(|| Other::Held(spec.default.to_string()))
    }

    /// Picks the variant `plugin` with its first two options as the axes
    /// and the others at their defaults.
    pub fn pick_plugin(&mut self, plugin: &LoadedPlugin) {
        if self.plugin.as_deref() == Some(plugin.info.id.as_str()) {
            return;
        }
        let mut names = plugin.info.options.iter().map(|spec| spec.name.clone());
        self.plugin = Some(plugin.info.id.clone());
        self.x = names.next();
        self.y = names.next();
        self.others.clear();
    }

    /// The plan for the variant `name` with option `specs`: the two axes
    /// and the averaged options varied, the others held. Refused (with the
    /// library's reason) past the combination cap.
    pub fn plan(&self, name: &str, specs: &[OptionSpec], (x, y): &(String, String)) -> anyhow::Result<Plan> {
        let mut vary = vec![VaryItem { name: x.clone(), range: None }, VaryItem { name: y.clone(), range: None }];
        let mut fix = Vec::new();
        for spec in specs.iter().filter(|spec| &spec.name != x && &spec.name != y) {
            match self.other(spec) {
                Other::Averaged => vary.push(VaryItem { name: spec.name.clone(), range: None }),
                Other::Held(value) => fix.push(format!("{}={value}", spec.name)),
            }
        }
        let id = self.plugin.as_deref().unwrap_or_default();
        Plan::new(id, name, specs, &[], &Vary::Options(vary), &fix, explore::MAX_COMBINATIONS)
    }

    /// Plans the picked options of `plugin` and runs every combination in
    /// the background.
    pub fn start(&mut self, plugin: Arc<LoadedPlugin>) {
        let Some(axes) = self.axes() else {
            self.problem = Some("Pick two different options to explore.".to_string());
            return;
        };
        let specs = plugin.info.options.clone();
        let plan = match self.plan(&plugin.info.name, &specs, &axes) {
            Ok(plan) => plan,
            Err(error) => {
                // The library words it for the command line; here an
                // averaged option is held with its picker.
                self.problem = Some(format!("{error:#}\nHere: hold one of the averaged options at a value."));
                return;
            }
        };
        let explore = Explore {
            plan: plan.clone(),
            plugin,
            from: self.from,
            deals: self.deals,
            players: vec![PlayerKind::Solver],
            budget: EXPLORE_BUDGET,
            expert: ExpertConfig::default(),
            shard: None,
            use_rule_order: true,
        };
        let job = CountedJob::spawn("exploration", explore.task_count(), move |count_one, cancel| {
            explore.run(threads_beside_the_window(), count_one, cancel)
        });
        self.problem = None;
        self.running = Some(RunningExplore { job, plan, axes, specs });
    }

    pub fn cancel(&mut self) {
        if let Some(running) = &self.running {
            running.job.cancel();
        }
    }

    /// Takes the exploration's result when it has come. True while it runs.
    pub fn poll(&mut self) -> bool {
        let Some(running) = &self.running else { return false };
        let Some(result) = running.job.poll() else { return true };
        let running = self.running.take().expect("checked above");
        match result {
            Ok(file) => {
                self.selected = None;
                self.outcome = Some(ExploreOutcome::new(running.plan, file, running.axes, &running.specs));
            }
            Err(error) => self.problem = Some(running.job.ended_without_result(&error)),
        }
        false
    }
}

/// Picking the variant, the two options, what the others do, the deals;
/// Run, or progress and Cancel.
pub fn setup_ui(ui: &mut Ui, panel: &mut ExplorePanel, plugins: &[Arc<LoadedPlugin>]) -> Option<ExploreAction> {
    let mut action = None;
    let plugin = panel.plugin.as_ref().and_then(|id| plugins.iter().find(|p| &p.info.id == id)).cloned();
    ui.add_enabled_ui(panel.running.is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            if let Some(picked) = plugin_picker(ui, plugin.as_deref(), plugins) {
                panel.pick_plugin(&picked);
            }
            let names: Vec<String> = plugin.iter().flat_map(|p| p.info.options.iter().map(|spec| spec.name.clone())).collect();
            option_picker(ui, "Across", &mut panel.x, &names);
            option_picker(ui, "Down", &mut panel.y, &names);
        });
        if let Some(plugin) = &plugin {
            others_ui(ui, panel, &plugin.info.options);
        }
    });
    if plugin.as_ref().is_some_and(|p| p.info.options.len() < 2) {
        ui.label(RichText::new("This variant has fewer than two options: there is no rule space to map.").color(theme::PLAYABLE));
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Deals:");
        ui.add(DragValue::new(&mut panel.deals).range(1..=MAX_DEALS).speed(1.0)).labelled_by(label.id);
        let label = ui.label("first deal:");
        ui.add(DragValue::new(&mut panel.from).range(1..=crate::MAX_DEAL_NUMBER).speed(1.0)).labelled_by(label.id);
        let planned = plugin.as_ref().zip(panel.axes()).and_then(|(p, axes)| panel.plan(&p.info.name, &p.info.options, &axes).ok());
        let size = planned.map_or(String::new(), |plan| format!("· {} combinations × {} deals ", plan.count(), panel.deals));
        ui.label(RichText::new(format!("{size}· solved by the solver")).weak());
        ui.separator();
        if ui.add_enabled(panel.can_run(), Button::new(RichText::new("▶ Explore").strong())).clicked() {
            action = Some(ExploreAction::Run);
        }
    });
    if let Some(running) = &panel.running {
        if progress_ui(ui, &running.job) {
            action = Some(ExploreAction::Cancel);
        }
    }
    if let Some(problem) = &panel.problem {
        ui.label(RichText::new(problem).color(theme::PLAYABLE));
    }
    action
}

/// The variant combo box; the plugin picked, if one was.
fn plugin_picker(ui: &mut Ui, current: Option<&LoadedPlugin>, plugins: &[Arc<LoadedPlugin>]) -> Option<Arc<LoadedPlugin>> {
    let mut picked = None;
    let label = ui.label("Variant:");
    let shown = current.map_or("pick one", |plugin| plugin.info.name.as_str());
    let combo = ComboBox::from_id_salt("explore variant").selected_text(shown).width(190.0).show_ui(ui, |ui| {
        for plugin in plugins {
            let chosen = current.is_some_and(|c| c.info.id == plugin.info.id);
            if ui.selectable_label(chosen, &plugin.info.name).clicked() {
                picked = Some(Arc::clone(plugin));
            }
        }
    });
    combo.response.labelled_by(label.id);
    picked
}

fn option_picker(ui: &mut Ui, what: &str, value: &mut Option<String>, names: &[String]) {
    let label = ui.label(format!("{what}:"));
    let combo = ComboBox::from_id_salt(("explore axis", what)).selected_text(value.as_deref().unwrap_or("–")).show_ui(ui, |ui| {
        for name in names {
            ui.selectable_value(value, Some(name.clone()), name);
        }
    });
    combo.response.labelled_by(label.id);
}

/// One picker per option that is not an axis: averaged, or held at one of
/// its values.
fn others_ui(ui: &mut Ui, panel: &mut ExplorePanel, specs: &[OptionSpec]) {
    let axes = [panel.x.clone(), panel.y.clone()];
    let others: Vec<&OptionSpec> = specs.iter().filter(|spec| !axes.contains(&Some(spec.name.clone()))).collect();
    if others.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Other options:").weak());
        for spec in others {
            let mut other = panel.other(spec);
            if other_picker(ui, spec, &mut other) {
                panel.others.insert(spec.name.clone(), other);
            }
        }
    });
}

/// `win: [averaged ▾]`; true when the player picked something.
fn other_picker(ui: &mut Ui, spec: &OptionSpec, other: &mut Other) -> bool {
    let before = other.clone();
    let label = ui.label(format!("{}:", spec.name));
    let combo = ComboBox::from_id_salt(("explore other", &spec.name)).selected_text(other.text().to_string()).width(90.0).show_ui(ui, |ui| {
        ui.selectable_value(other, Other::Averaged, "averaged");
        for value in option_values(spec) {
            ui.selectable_value(other, Other::Held(value.clone()), value);
        }
    });
    combo.response.labelled_by(label.id).on_hover_text(&spec.help);
    *other != before
}

/// The results: the heat map and, beside it, what each option does; under
/// the map, the picked combination and what can be done with it.
pub fn results_ui(ui: &mut Ui, outcome: &ExploreOutcome, selected: &mut Option<usize>) -> Option<ExploreAction> {
    let mut action = None;
    ScrollArea::both().auto_shrink(false).show(ui, |ui| {
        summary_ui(ui, outcome);
        ui.add_space(6.0);
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                if let Some(index) = heat_map(ui, outcome, *selected) {
                    *selected = Some(index);
                }
                ui.add_space(6.0);
                action = selection_ui(ui, outcome, selected);
            });
            ui.add_space(24.0);
            ui.vertical(|ui| effects_ui(ui, outcome));
        });
    });
    action
}

/// One line: the variant, the size, the deals, and what the options other
/// than the axes were held at or averaged over.
fn summary_ui(ui: &mut Ui, outcome: &ExploreOutcome) {
    let study = &outcome.file.study;
    let last = study.from + study.deals.saturating_sub(1);
    let held: Vec<String> = outcome.plan.fixed.iter().map(|(name, value)| format!("{name}={value}")).collect();
    let held = if held.is_empty() { String::new() } else { format!(" · held: {}", held.join(", ")) };
    let averaged =
        if outcome.averaged.is_empty() { String::new() } else { format!(" · averaged in each cell: {}", outcome.averaged.join(", ")) };
    let text = format!(
        "{}: {} combinations · deals {}–{last} · winnable % by the solver (budget {} nodes per deal){held}{averaged}",
        outcome.plan.plugin_name,
        outcome.plan.count(),
        study.from,
        study.budget
    );
    ui.label(RichText::new(text).weak());
}

/// Fill for a winnable fraction: red through amber to green.
fn heat(fraction: f64) -> Color32 {
    let t = fraction.clamp(0.0, 1.0) as f32;
    if t < 0.5 { LOW.lerp_to_gamma(MIDDLE, t * 2.0) } else { MIDDLE.lerp_to_gamma(HIGH, (t - 0.5) * 2.0) }
}

/// One cell per pair of values, painted; the best combination of the cell
/// clicked, if any.
fn heat_map(ui: &mut Ui, outcome: &ExploreOutcome, selected: Option<usize>) -> Option<usize> {
    let title = if outcome.averaged.is_empty() { "Winnable % per combination" } else { "Winnable % per cell, averaged" };
    ui.label(RichText::new(format!("{title} — hover for the 95% interval, click to pick")).strong());
    let (columns, rows) = (outcome.x_values.len() as f32, outcome.y_values.len() as f32);
    let size = Vec2::new(ROW_LABELS + columns * CELL.x, HEADER + rows * CELL.y);
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals().clone();
    let text_colour = visuals.text_color();
    let small = FontId::proportional(12.0);
    let origin = rect.min + Vec2::new(ROW_LABELS, HEADER);
    painter.text(
        rect.min + Vec2::new(ROW_LABELS + columns * CELL.x / 2.0, 2.0),
        Align2::CENTER_TOP,
        format!("{} (across)", outcome.x_name),
        FontId::proportional(13.0),
        text_colour,
    );
    // On the top line, beside the x option's name: the row labels' column
    // is too narrow for a long option name above the first column's value.
    painter.text(rect.min + Vec2::new(4.0, 2.0), Align2::LEFT_TOP, format!("{} (down)", outcome.y_name), FontId::proportional(13.0), text_colour);
    for (x, value) in outcome.x_values.iter().enumerate() {
        let at = origin + Vec2::new((x as f32 + 0.5) * CELL.x, -4.0);
        painter.text(at, Align2::CENTER_BOTTOM, value, small.clone(), text_colour);
    }
    for (y, value) in outcome.y_values.iter().enumerate() {
        let at = origin + Vec2::new(-8.0, (y as f32 + 0.5) * CELL.y);
        painter.text(at, Align2::RIGHT_CENTER, value, small.clone(), text_colour);
    }
    let mut clicked = None;
    for cell in &outcome.cells {
        let cell_rect = Rect::from_min_size(origin + Vec2::new(cell.x as f32 * CELL.x, cell.y as f32 * CELL.y), CELL).shrink(1.5);
        let picked = selected.is_some_and(|index| cell.combinations.contains(&index));
        if cell_ui(ui, outcome, cell, cell_rect, picked) {
            clicked = Some(cell.best());
        }
    }
    clicked
}

/// Paints one cell; true when it was clicked.
fn cell_ui(ui: &mut Ui, outcome: &ExploreOutcome, cell: &Cell, rect: Rect, selected: bool) -> bool {
    let response = ui.interact(rect, ui.scope_id().with(("explore cell", cell.x, cell.y)), Sense::click());
    let label = outcome.cell_label(cell);
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &label));
    let fill = cell.percent().map_or(UNPLAYED, |p| heat(p / 100.0));
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, fill);
    if selected || response.hovered() {
        let stroke = if selected { Stroke::new(3.0, theme::SELECTED) } else { Stroke::new(1.5, CELL_TEXT) };
        painter.rect_stroke(rect, 3.0, stroke, StrokeKind::Inside);
    }
    painter.text(rect.center(), Align2::CENTER_CENTER, cell.text(), FontId::proportional(17.0), CELL_TEXT);
    let response = response.on_hover_text(cell_details(outcome, cell));
    response.clicked()
}

/// The hover text: the interval and the counts.
fn cell_details(outcome: &ExploreOutcome, cell: &Cell) -> String {
    let mut text = format!(
        "{}\nwinnable {}\n{} of {} deals winnable · {} unknown (counted as not won)",
        outcome.cell_name(cell),
        percent_with_interval(cell.winnable, cell.solved),
        cell.winnable,
        cell.solved,
        cell.unknown
    );
    if cell.combinations.len() > 1 {
        text.push_str(&format!("\nthe sum of {} combinations of {}", cell.combinations.len(), outcome.averaged.join(", ")));
    }
    if cell.errors > 0 {
        text.push_str(&format!(" · {} plugin faults left out", cell.errors));
    }
    text
}

/// The picked combination: the cell's combinations to pick from when it
/// has several, and the buttons that play, deal side by side or save it.
fn selection_ui(ui: &mut Ui, outcome: &ExploreOutcome, selected: &mut Option<usize>) -> Option<ExploreAction> {
    let Some((index, cell)) = selected.and_then(|index| outcome.cell_of(index).map(|cell| (index, cell))) else {
        ui.label(RichText::new("Click a cell to play its rule set, deal it side by side or save it.").weak());
        return None;
    };
    if cell.combinations.len() > 1 {
        ui.label(format!("{}: {} combinations — pick one", outcome.cell_name(cell), cell.combinations.len()));
        if let Some(picked) = combinations_ui(ui, outcome, cell, index) {
            *selected = Some(picked);
        }
        ui.add_space(4.0);
    }
    let index = selected.unwrap_or(index);
    ui.label(RichText::new(outcome.rule_set_name(index)).strong());
    let (won, solved) = outcome.row(index).map_or((0, 0), |row| (row.row.winnable, row.row.solved));
    ui.label(format!("winnable {}", percent_with_interval(won, solved)));
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button("▶ Play this rule set").clicked() {
            action = Some(ExploreAction::Play(index));
        }
        if ui.button("Add to Side by side").clicked() {
            action = Some(ExploreAction::AddToSideBySide(index));
        }
        let save = ui.button("Save as rule set…").on_hover_text("Writes it as a rule set file in your data folder and adds it to the Variants menu");
        if save.clicked() {
            action = Some(ExploreAction::Save(index));
        }
    });
    action
}

/// The combinations a cell sums, best first, each with its winnable %;
/// the one clicked, if any.
fn combinations_ui(ui: &mut Ui, outcome: &ExploreOutcome, cell: &Cell, selected: usize) -> Option<usize> {
    let mut picked = None;
    Grid::new("explore cell combinations").num_columns(2).spacing([14.0, 2.0]).show(ui, |ui| {
        for &index in &cell.combinations {
            if ui.selectable_label(index == selected, outcome.averaged_values(index)).clicked() {
                picked = Some(index);
            }
            let (won, solved) = outcome.row(index).map_or((0, 0), |row| (row.row.winnable, row.row.solved));
            ui.label(format!("winnable {}", percent_with_interval(won, solved)));
            ui.end_row();
        }
    });
    picked
}

/// What each option does: the library's paired effects, one line per change.
fn effects_ui(ui: &mut Ui, outcome: &ExploreOutcome) {
    ui.label(RichText::new("What each option does").strong());
    ui.label(RichText::new("paired on the same deals, averaged over the other varied options' values").weak());
    Grid::new("explore effects").striped(true).num_columns(6).spacing([14.0, 4.0]).show(ui, |ui| {
        for heading in ["Option", "Change", "Lost, now won", "Won, now lost", "Pairs", "Net, 95% interval"] {
            ui.label(RichText::new(heading).strong());
        }
        ui.end_row();
        for effect in &outcome.analysis.effects {
            effect_row(ui, effect);
        }
    });
    ui.label(RichText::new("net: points of deals won; an unknown verdict counts as lost").small().weak());
}

fn effect_row(ui: &mut Ui, effect: &Effect) {
    ui.label(&effect.option);
    ui.label(format!("{} to {}", effect.from, effect.to));
    ui.label(effect.gained.to_string());
    ui.label(effect.lost.to_string());
    ui.label(effect.pairs.to_string());
    ui.label(explore::effect_text(effect));
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_runs_from_red_through_amber_to_green() {
        assert_eq!(heat(0.0), LOW);
        assert_eq!(heat(0.5), MIDDLE);
        assert_eq!(heat(1.0), HIGH);
        assert_eq!(heat(2.0), HIGH, "clamped");
    }

    #[test]
    fn a_cell_shows_a_whole_percentage_or_a_dash() {
        let cell = Cell { combinations: vec![0], x: 0, y: 0, winnable: 3, solved: 8, unknown: 0, errors: 0 };
        assert_eq!(cell.text(), "38%");
        assert_eq!(Cell { solved: 0, winnable: 0, ..cell }.text(), "–");
    }

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::int("a", 1, 8, 1, "a"),
            OptionSpec::int("b", 1, 8, 1, "b"),
            OptionSpec::choice("c", &["x", "y", "z"], "x", "c"),
            OptionSpec::flag("d", false, "d"),
        ]
    }

    fn panel() -> (ExplorePanel, (String, String)) {
        let panel = ExplorePanel { plugin: Some("test".into()), x: Some("a".into()), y: Some("b".into()), ..ExplorePanel::default() };
        (panel, ("a".to_string(), "b".to_string()))
    }

    #[test]
    fn the_other_options_are_held_at_their_defaults_unless_told() {
        let (mut panel, axes) = panel();
        let plan = panel.plan("Test", &specs(), &axes).unwrap();
        assert_eq!(plan.count(), 64);
        assert_eq!(plan.fixed, vec![("c".to_string(), OptionValue::Choice("x".into())), ("d".to_string(), OptionValue::Flag(false))]);
        panel.others.insert("c".into(), Other::Held("z".into()));
        panel.others.insert("d".into(), Other::Averaged);
        let plan = panel.plan("Test", &specs(), &axes).unwrap();
        assert_eq!(plan.count(), 128, "d is varied too");
        assert_eq!(plan.fixed, vec![("c".to_string(), OptionValue::Choice("z".into()))]);
        assert_eq!(held_away(&plan, &specs()), vec!["c z".to_string()]);
    }

    #[test]
    fn averaging_past_the_cap_is_refused_with_the_count() {
        let (mut panel, axes) = panel();
        panel.others.insert("c".into(), Other::Averaged);
        panel.others.insert("d".into(), Other::Averaged);
        let error = panel.plan("Test", &specs(), &axes).unwrap_err().to_string();
        assert!(error.contains("384 combinations"), "{error}");
    }

    #[test]
    fn an_option_offers_its_values_to_hold_at() {
        assert_eq!(option_values(&OptionSpec::flag("f", true, "")), ["false", "true"]);
        assert_eq!(option_values(&OptionSpec::int("n", 2, 4, 3, "")), ["2", "3", "4"]);
        assert_eq!(option_values(&OptionSpec::int("n", 0, 1000, 7, "")), ["0", "7", "1000"]);
        assert_eq!(option_values(&OptionSpec::choice("c", &["x", "y"], "x", "").with_alias("true", "y")), ["x", "y"]);
    }
}
