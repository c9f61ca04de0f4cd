//! The Explore panel: one variant's rule space, two of its options at a
//! time. Every combination of the two options' values is dealt the same
//! deals and solved in the background (the `patience explore` library, with
//! the other options at their defaults), with a progress bar and a Cancel
//! button; then a heat map of the winnable % per combination, a click away
//! from playing it, and what each of the two options does on the same
//! deals. The variant and its options come from the catalog's option specs.

use crate::background::{Job, Poll};
use crate::theme;
use egui::{
    Align2, Button, Color32, ComboBox, DragValue, FontId, Grid, ProgressBar, Rect, RichText, ScrollArea, Sense, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo,
};
use patience_compare::explore::{self, Analysis, Effect, Explore, ExploreFile, Plan, Vary, VaryItem};
use patience_compare::players::ExpertConfig;
use patience_compare::stats::percent_with_interval;
use patience_compare::PlayerKind;
use patience_runtime::{LoadedPlugin, RuleSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

pub const MAX_DEALS: u64 = 100_000;
/// Solver nodes per deal, as in the Compare panel and `patience explore`.
pub const EXPLORE_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;

const CELL: Vec2 = Vec2::new(92.0, 40.0);
const ROW_LABELS: f32 = 120.0;
const HEADER: f32 = 40.0;
const LOW: Color32 = Color32::from_rgb(0x8e, 0x2b, 0x2b);
const MIDDLE: Color32 = Color32::from_rgb(0xb0, 0x84, 0x1c);
const HIGH: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x45);
const UNPLAYED: Color32 = Color32::from_gray(70);
const CELL_TEXT: Color32 = Color32::from_gray(250);

/// What the panel asks the app for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExploreAction {
    Run,
    Cancel,
    /// Play combination `index` of the last exploration on a new deal.
    Play(usize),
}

pub struct ExplorePanel {
    /// The plugin id.
    pub plugin: Option<String>,
    /// The option across (one column per value) and down (one row per value).
    pub x: Option<String>,
    pub y: Option<String>,
    pub deals: u64,
    pub from: u64,
    pub running: Option<RunningExplore>,
    pub outcome: Option<ExploreOutcome>,
    /// The combination clicked in the heat map.
    pub selected: Option<usize>,
    /// Why the last exploration did not finish, or could not start.
    pub problem: Option<String>,
}

impl Default for ExplorePanel {
    fn default() -> ExplorePanel {
        ExplorePanel { plugin: None, x: None, y: None, deals: 100, from: 1, running: None, outcome: None, selected: None, problem: None }
    }
}

/// An exploration on its way.
pub struct RunningExplore {
    done: Arc<AtomicU64>,
    total: u64,
    cancel: Arc<AtomicBool>,
    job: Job<anyhow::Result<ExploreFile>>,
    plan: Plan,
    axes: (String, String),
}

impl RunningExplore {
    /// (finished, all) (combination, deal) tasks.
    pub fn progress(&self) -> (u64, u64) {
        (self.done.load(Ordering::Relaxed).min(self.total), self.total)
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// One cell of the heat map: a combination and the solver's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The combination (= rule set) index in the plan.
    pub index: usize,
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
    pub cells: Vec<Cell>,
}

impl ExploreOutcome {
    pub fn new(plan: Plan, file: ExploreFile, (x_name, y_name): (String, String)) -> ExploreOutcome {
        let analysis = explore::analyse(&file);
        let axes = &file.explore.axes;
        let position = |name: &str| axes.iter().position(|axis| axis.name == name).unwrap_or(0);
        let (xa, ya) = (position(&x_name), position(&y_name));
        let values = |axis: usize| axes.get(axis).map(|a| a.values.clone()).unwrap_or_default();
        let mut cells: Vec<Cell> = analysis
            .rows
            .iter()
            .map(|combo| {
                let digits = explore::digits(axes, combo.index);
                Cell {
                    index: combo.index,
                    x: digits.get(xa).copied().unwrap_or(0),
                    y: digits.get(ya).copied().unwrap_or(0),
                    winnable: combo.row.winnable,
                    solved: combo.row.solved,
                    unknown: combo.row.unknown,
                    errors: combo.row.errors,
                }
            })
            .collect();
        cells.sort_by_key(|cell| (cell.y, cell.x));
        ExploreOutcome { x_values: values(xa), y_values: values(ya), plan, file, analysis, x_name, y_name, cells }
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

    /// Combination `index` as a rule set to play, named by its values.
    pub fn rule_set(&self, index: usize) -> RuleSet {
        RuleSet { name: explore::rule_set_name(&self.plan, index), ..self.plan.rule_set(index) }
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

    /// Picks the variant `plugin` with its first two options as the axes.
    pub fn pick_plugin(&mut self, plugin: &LoadedPlugin) {
        if self.plugin.as_deref() == Some(plugin.info.id.as_str()) {
            return;
        }
        let mut names = plugin.info.options.iter().map(|spec| spec.name.clone());
        self.plugin = Some(plugin.info.id.clone());
        self.x = names.next();
        self.y = names.next();
    }

    /// Plans the two picked options of `plugin` (the others at their
    /// defaults) and runs every combination in the background.
    pub fn start(&mut self, plugin: Arc<LoadedPlugin>) {
        let Some((x, y)) = self.axes() else {
            self.problem = Some("Pick two different options to explore.".to_string());
            return;
        };
        let vary = Vary::Options(vec![VaryItem { name: x.clone(), range: None }, VaryItem { name: y.clone(), range: None }]);
        let info = &plugin.info;
        let no_fix: &[&str] = &[];
        let plan = match Plan::new(&info.id, &info.name, &info.options, &[], &vary, no_fix, explore::MAX_COMBINATIONS) {
            Ok(plan) => plan,
            Err(error) => {
                self.problem = Some(format!("{error:#}"));
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
        };
        let done = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let total = explore.task_count();
        let (counter, stop) = (Arc::clone(&done), Arc::clone(&cancel));
        let job = Job::spawn("explore", move || run_explore(&explore, &counter, &stop));
        self.problem = None;
        self.running = Some(RunningExplore { done, total, cancel, job, plan, axes: (x, y) });
    }

    pub fn cancel(&mut self) {
        if let Some(running) = &self.running {
            running.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes the exploration's result when it has come. True while it runs.
    pub fn poll(&mut self) -> bool {
        let Some(running) = &self.running else { return false };
        let result = match running.job.poll() {
            Poll::Pending => return true,
            Poll::Ready(result) => result,
            Poll::Lost => Err(anyhow::anyhow!("the exploration's thread died")),
        };
        let running = self.running.take().expect("checked above");
        match result {
            Ok(file) => {
                self.selected = None;
                self.outcome = Some(ExploreOutcome::new(running.plan, file, running.axes));
            }
            Err(_) if running.is_cancelled() => {
                let (done, total) = running.progress();
                self.problem = Some(format!("Cancelled after {done} of {total} deals; nothing was kept."));
            }
            Err(error) => self.problem = Some(format!("The exploration failed: {error:#}")),
        }
        false
    }
}

/// The exploration on this thread, leaving one core to the window.
fn run_explore(explore: &Explore, done: &AtomicU64, cancel: &AtomicBool) -> anyhow::Result<ExploreFile> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let count_one = || {
        done.fetch_add(1, Ordering::Relaxed);
    };
    explore.run(cores.saturating_sub(1).max(1), &count_one, cancel)
}

/// Picking the variant, the two options, the deals; Run, or progress and
/// Cancel.
pub fn setup_ui(ui: &mut Ui, panel: &mut ExplorePanel, plugins: &[Arc<LoadedPlugin>]) -> Option<ExploreAction> {
    let mut action = None;
    let plugin = panel.plugin.as_ref().and_then(|id| plugins.iter().find(|p| &p.info.id == id)).cloned();
    ui.horizontal_wrapped(|ui| {
        ui.add_enabled_ui(panel.running.is_none(), |ui| {
            if let Some(picked) = plugin_picker(ui, plugin.as_deref(), plugins) {
                panel.pick_plugin(&picked);
            }
            let names: Vec<String> = plugin.iter().flat_map(|p| p.info.options.iter().map(|spec| spec.name.clone())).collect();
            option_picker(ui, "Across", &mut panel.x, &names);
            option_picker(ui, "Down", &mut panel.y, &names);
        });
    });
    if plugin.as_ref().is_some_and(|p| p.info.options.len() < 2) {
        ui.label(RichText::new("This variant has fewer than two options: there is no rule space to map.").color(theme::PLAYABLE));
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Deals:");
        ui.add(DragValue::new(&mut panel.deals).range(1..=MAX_DEALS).speed(1.0)).labelled_by(label.id);
        let label = ui.label("first deal:");
        ui.add(DragValue::new(&mut panel.from).range(1..=crate::MAX_DEAL_NUMBER).speed(1.0)).labelled_by(label.id);
        ui.label(RichText::new("· the other options at their defaults · solved by the solver").weak());
        ui.separator();
        if ui.add_enabled(panel.can_run(), Button::new(RichText::new("▶ Explore").strong())).clicked() {
            action = Some(ExploreAction::Run);
        }
    });
    if let Some(running) = &panel.running {
        action = progress_ui(ui, running).or(action);
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

fn progress_ui(ui: &mut Ui, running: &RunningExplore) -> Option<ExploreAction> {
    let (done, total) = running.progress();
    let fraction = if total == 0 { 1.0 } else { done as f32 / total as f32 };
    let mut cancel = false;
    ui.horizontal(|ui| {
        let text = if running.is_cancelled() { format!("cancelling… {done} / {total}") } else { format!("{done} / {total} deals") };
        ui.add(ProgressBar::new(fraction).text(text).desired_width(ui.available_width() - 90.0));
        cancel = ui.add_enabled(!running.is_cancelled(), Button::new("Cancel")).clicked();
    });
    cancel.then_some(ExploreAction::Cancel)
}

/// The results: the heat map and, beside it, what each option does; under
/// the map, the clicked combination and its Play button.
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
                action = selection_ui(ui, outcome, *selected);
            });
            ui.add_space(24.0);
            ui.vertical(|ui| effects_ui(ui, outcome));
        });
    });
    action
}

fn summary_ui(ui: &mut Ui, outcome: &ExploreOutcome) {
    let study = &outcome.file.study;
    let last = study.from + study.deals.saturating_sub(1);
    let held: Vec<String> = outcome.plan.fixed.iter().map(|(name, value)| format!("{name}={value}")).collect();
    let held = if held.is_empty() { String::new() } else { format!(" · held: {}", held.join(", ")) };
    let text = format!(
        "{}: {} combinations · deals {}–{last} · winnable % by the solver (budget {} nodes per deal){held}",
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

/// One cell per combination, painted; the combination clicked, if any.
fn heat_map(ui: &mut Ui, outcome: &ExploreOutcome, selected: Option<usize>) -> Option<usize> {
    ui.label(RichText::new("Winnable % per combination — hover for the 95% interval, click to pick").strong());
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
        if cell_ui(ui, outcome, cell, cell_rect, selected == Some(cell.index)) {
            clicked = Some(cell.index);
        }
    }
    clicked
}

/// Paints one cell; true when it was clicked.
fn cell_ui(ui: &mut Ui, outcome: &ExploreOutcome, cell: &Cell, rect: Rect, selected: bool) -> bool {
    let response = ui.interact(rect, ui.scope_id().with(("explore cell", cell.index)), Sense::click());
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
    if cell.errors > 0 {
        text.push_str(&format!(" · {} plugin faults left out", cell.errors));
    }
    text
}

/// The clicked combination, and the button to play it.
fn selection_ui(ui: &mut Ui, outcome: &ExploreOutcome, selected: Option<usize>) -> Option<ExploreAction> {
    let Some(cell) = selected.and_then(|index| outcome.cells.iter().find(|cell| cell.index == index)) else {
        ui.label(RichText::new("Click a cell to play its rule set.").weak());
        return None;
    };
    ui.label(RichText::new(explore::rule_set_name(&outcome.plan, cell.index)).strong());
    ui.label(format!("winnable {}", percent_with_interval(cell.winnable, cell.solved)));
    ui.button("▶ Play this rule set").clicked().then_some(ExploreAction::Play(cell.index))
}

/// What each option does: the library's paired effects, one line per change.
fn effects_ui(ui: &mut Ui, outcome: &ExploreOutcome) {
    ui.label(RichText::new("What each option does").strong());
    ui.label(RichText::new("paired on the same deals, averaged over the other option's values").weak());
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
        let cell = Cell { index: 0, x: 0, y: 0, winnable: 3, solved: 8, unknown: 0, errors: 0 };
        assert_eq!(cell.text(), "38%");
        assert_eq!(Cell { solved: 0, winnable: 0, ..cell }.text(), "–");
    }
}
