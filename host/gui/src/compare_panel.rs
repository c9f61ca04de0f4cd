//! The Compare panel: the same deals dealt to two or more rule sets,
//! solved and played by the fair players in a background study (the one
//! `patience compare` runs), with a progress bar and a Cancel button; then
//! the results as tables, a bar chart with 95% Wilson intervals as error
//! bars, and the deals on which two rule sets disagree, each a click away
//! from being dealt side by side.

use crate::background::{progress_ui, threads_beside_the_window, CountedJob};
use crate::choices::Choice;
use crate::theme;
use egui::{Button, Color32, DragValue, Grid, RichText, ScrollArea, Ui};
use egui_plot::{Bar, BarChart, ColorConflictHandling, Corner, GridInput, GridMark, Legend, Line, Plot, PlotPoint, Text};
use patience_compare::players::ExpertConfig;
use patience_compare::report::{self, Pair, Row};
use patience_compare::stats::{percent_with_interval, wilson_interval};
use patience_compare::{PlayerKind, Study, StudyFile};
use patience_runtime::{LoadedPlugin, RuleSet};
use std::sync::Arc;

pub const MIN_RULE_SETS: usize = 2;
pub const MAX_DEALS: u64 = 100_000;
/// Solver nodes per deal: the `patience compare` default, so the panel
/// and the command line give the same numbers.
pub const STUDY_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;
/// Deal numbers shown per disagreeing pair before "and N more".
const LISTED_DEALS: usize = 60;

/// What the panel asks the app for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareAction {
    Run,
    Cancel,
    /// Deal `deal` to entrants `first` and `second` side by side.
    Open { first: usize, second: usize, deal: u64 },
}

/// One rule set as the study got it.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The menu choice it came from.
    pub key: String,
    pub title: String,
    pub rule_set: RuleSet,
}

pub struct ComparePanel {
    /// Keys of the picked choices, in the order they were picked.
    pub picked: Vec<String>,
    pub deals: u64,
    pub from: u64,
    pub solver: bool,
    pub expert: bool,
    pub greedy: bool,
    /// The best-score search, for games that keep a score.
    pub best: bool,
    pub running: Option<RunningStudy>,
    pub outcome: Option<StudyOutcome>,
    /// Why the last study did not finish, or could not start.
    pub problem: Option<String>,
    /// Test hook: every deal reads as having taken this many microseconds,
    /// so snapshots do not depend on the machine's speed.
    pub fixed_micros: Option<u64>,
}

impl Default for ComparePanel {
    fn default() -> ComparePanel {
        ComparePanel {
            picked: Vec::new(),
            deals: 100,
            from: 1,
            solver: true,
            // The expert solves several completions per move: the slowest
            // player by far, so it is opt-in.
            expert: false,
            greedy: true,
            best: false,
            running: None,
            outcome: None,
            problem: None,
            fixed_micros: None,
        }
    }
}

/// A study on its way.
pub struct RunningStudy {
    /// Counts finished (rule set, deal) tasks.
    pub job: CountedJob<StudyFile>,
    entrants: Vec<Entrant>,
}

/// Two rule sets and the deals one wins and the other does not.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub first: usize,
    pub second: usize,
    pub deals: Vec<u64>,
}

/// A finished study and everything shown of it, worked out once.
pub struct StudyOutcome {
    pub file: StudyFile,
    pub entrants: Vec<Entrant>,
    pub rows: Vec<Row>,
    pub pairs: Vec<Pair>,
    pub disagreements: Vec<Disagreement>,
}

impl StudyOutcome {
    pub fn new(file: StudyFile, entrants: Vec<Entrant>) -> StudyOutcome {
        let rows = report::rows(&file);
        let pairs = report::pairs(&file);
        let count = file.rule_sets.len();
        let disagreements = (0..count)
            .flat_map(|first| (first + 1..count).map(move |second| (first, second)))
            .map(|(first, second)| Disagreement { first, second, deals: report::disagreements(&file, first, second) })
            .collect();
        StudyOutcome { file, entrants, rows, pairs, disagreements }
    }
}

impl ComparePanel {
    pub fn players(&self) -> Vec<PlayerKind> {
        let chosen = [
            (self.solver, PlayerKind::Solver),
            (self.expert, PlayerKind::Expert),
            (self.greedy, PlayerKind::Greedy),
            (self.best, PlayerKind::Best),
        ];
        chosen.into_iter().filter(|(on, _)| *on).map(|(_, player)| player).collect()
    }

    pub fn can_run(&self) -> bool {
        self.running.is_none() && self.picked.len() >= MIN_RULE_SETS && !self.players().is_empty() && self.deals > 0
    }

    /// Starts the study of `entrants` (each with its plugin) in the
    /// background.
    pub fn start(&mut self, entrants: Vec<(Entrant, Arc<LoadedPlugin>)>) {
        let study = Study {
            rule_sets: entrants.iter().map(|(entrant, plugin)| (entrant.rule_set.clone(), Arc::clone(plugin))).collect(),
            from: self.from,
            deals: self.deals,
            players: self.players(),
            budget: STUDY_BUDGET,
            best_budget: patience_runtime::BEST_SCORE_BUDGET,
            expert: ExpertConfig::default(),
            shard: None,
        };
        let job = CountedJob::spawn("study", study.task_count(), move |count_one, cancel| {
            study.run(threads_beside_the_window(), count_one, cancel)
        });
        self.problem = None;
        self.running = Some(RunningStudy { job, entrants: entrants.into_iter().map(|(e, _)| e).collect() });
    }

    pub fn cancel(&mut self) {
        if let Some(running) = &self.running {
            running.job.cancel();
        }
    }

    /// Takes the study's result when it has come. True while it runs.
    pub fn poll(&mut self) -> bool {
        let Some(running) = &self.running else { return false };
        let Some(result) = running.job.poll() else { return true };
        let running = self.running.take().expect("checked above");
        match result {
            Ok(mut file) => {
                if let Some(micros) = self.fixed_micros {
                    file.records.iter_mut().for_each(|record| record.micros = micros);
                }
                self.outcome = Some(StudyOutcome::new(file, running.entrants));
            }
            Err(error) => self.problem = Some(running.job.ended_without_result(&error)),
        }
        false
    }
}

/// Picking rule sets, deals and players; Run, or progress and Cancel.
pub fn setup_ui(ui: &mut Ui, panel: &mut ComparePanel, choices: &[Choice], groups: &[(String, Vec<usize>)]) -> Option<CompareAction> {
    let mut action = None;
    ui.label(RichText::new("Pick two or more variants or rule sets to deal the same deals to:").strong());
    for (group, members) in groups {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{group}:")).weak());
            for &index in members {
                pick_checkbox(ui, panel, &choices[index]);
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Deals:");
        ui.add(DragValue::new(&mut panel.deals).range(1..=MAX_DEALS).speed(1.0)).labelled_by(label.id);
        let label = ui.label("first deal:");
        ui.add(DragValue::new(&mut panel.from).range(1..=crate::MAX_DEAL_NUMBER).speed(1.0)).labelled_by(label.id);
        ui.separator();
        ui.label("Players:");
        ui.checkbox(&mut panel.solver, "solver").on_hover_text("Is the deal winnable at all? (the plugin's solver, seeing every card)");
        ui.checkbox(&mut panel.expert, "expert").on_hover_text("A fair player that searches completions of what it has not seen (slow)");
        ui.checkbox(&mut panel.greedy, "greedy").on_hover_text("A simple fair baseline: clears the most board cards it can");
        ui.checkbox(&mut panel.best, "best score")
            .on_hover_text("The highest score each deal allows, for games that keep a score (a search that sees every card)");
        ui.separator();
        if ui.add_enabled(panel.can_run(), Button::new(RichText::new("▶ Run study").strong())).clicked() {
            action = Some(CompareAction::Run);
        }
    });
    if let Some(running) = &panel.running {
        if progress_ui(ui, &running.job) {
            action = Some(CompareAction::Cancel);
        }
    }
    if let Some(problem) = &panel.problem {
        ui.label(RichText::new(problem).color(theme::PLAYABLE));
    }
    action
}

fn pick_checkbox(ui: &mut Ui, panel: &mut ComparePanel, choice: &Choice) {
    let mut picked = panel.picked.contains(&choice.key);
    let response = ui.add_enabled(panel.running.is_none(), egui::Checkbox::new(&mut picked, &choice.title));
    if response.on_hover_text(&choice.description).changed() {
        if picked {
            panel.picked.push(choice.key.clone());
        } else {
            panel.picked.retain(|key| key != &choice.key);
        }
    }
}

/// The results: per rule set, paired, as a chart, and the disagreements.
pub fn results_ui(ui: &mut Ui, outcome: &StudyOutcome) -> Option<CompareAction> {
    let mut action = None;
    ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
        study_summary(ui, &outcome.file);
        ui.add_space(4.0);
        rows_ui(ui, &outcome.rows);
        ui.add_space(8.0);
        if !outcome.pairs.is_empty() {
            pairs_ui(ui, &outcome.pairs);
            ui.add_space(8.0);
        }
        chart_ui(ui, &outcome.rows);
        ui.add_space(8.0);
        action = disagreements_ui(ui, outcome);
    });
    action
}

fn study_summary(ui: &mut Ui, file: &StudyFile) {
    let players: Vec<String> = file.players.iter().map(PlayerKind::to_string).collect();
    let last = file.from + file.deals - 1;
    let text = format!(
        "Deals {}–{last} ({} each) · players: {} · solver budget {} nodes per deal",
        file.from,
        file.deals,
        players.join(", "),
        thousands(file.budget)
    );
    ui.label(RichText::new(text).weak());
}

/// `1,000,000`
fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `–` where a player did not play.
fn played(won: u64, games: u64) -> String {
    if games == 0 { "–".to_string() } else { percent_with_interval(won, games) }
}

fn optional(value: Option<f64>, decimals: usize) -> String {
    value.map_or_else(|| "–".to_string(), |v| format!("{v:.decimals$}"))
}

fn rows_ui(ui: &mut Ui, rows: &[Row]) {
    ui.label(RichText::new("Per rule set (95% Wilson intervals in brackets)").strong());
    let scored = rows.iter().any(|row| row.best_games > 0);
    Grid::new("study rows").striped(true).spacing([18.0, 4.0]).show(ui, |ui| {
        let mut headings = vec!["Rule set", "Deals", "Winnable", "Expert", "Greedy", "Mean score"];
        if scored {
            headings.extend(["Best score", "Of best"]);
        }
        headings.extend(["Level", "Solution length", "Unknown", "ms/deal"]);
        for heading in headings {
            ui.label(RichText::new(heading).strong());
        }
        ui.end_row();
        for row in rows {
            ui.label(RichText::new(&row.name).strong()).on_hover_text(&row.settings);
            ui.label(row.deals.to_string());
            ui.label(played(row.winnable, row.solved));
            ui.label(played(row.expert_won, row.expert_games));
            ui.label(played(row.greedy_won, row.greedy_games));
            ui.label(optional(row.mean_score, 0));
            if scored {
                let proved = format!("proved best on {} of {} deals; elsewhere the best found", row.best_proved, row.best_games);
                ui.label(report::best_cell(row)).on_hover_text(proved);
                ui.label(report::score_of_best_cell(row)).on_hover_text("The mean score as a share of the best score");
            }
            ui.label(optional(row.mean_level, 2));
            ui.label(optional(row.mean_length, 1));
            ui.label(if row.solved == 0 { "–".to_string() } else { row.unknown.to_string() });
            ui.label(format!("{:.1}", row.ms_per_deal));
            ui.end_row();
        }
    });
    for row in rows.iter().filter(|row| row.errors > 0) {
        let deals = if row.errors == 1 { "1 deal ended in a plugin fault and is".to_string() } else { format!("{} deals ended in a plugin fault and are", row.errors) };
        let text = format!("⚠ {}: {deals} left out of its percentages.", row.name);
        ui.label(RichText::new(text).color(theme::PLAYABLE));
    }
}

fn pairs_ui(ui: &mut Ui, pairs: &[Pair]) {
    ui.label(RichText::new(format!("Paired, by the {} (the same deals)", pairs[0].measure)).strong());
    Grid::new("study pairs").striped(true).num_columns(6).spacing([18.0, 4.0]).show(ui, |ui| {
        for heading in ["First", "Second", "Only first wins", "Only second wins", "Both", "Neither"] {
            ui.label(RichText::new(heading).strong());
        }
        ui.end_row();
        for pair in pairs {
            ui.label(&pair.first);
            ui.label(&pair.second);
            ui.label(pair.only_first.to_string());
            ui.label(pair.only_second.to_string());
            ui.label(pair.both.to_string());
            ui.label(pair.neither.to_string());
            ui.end_row();
        }
    });
}

/// One measure in the chart: its name, colour and (won, games) per row.
struct Series {
    name: &'static str,
    color: Color32,
    counts: fn(&Row) -> (u64, u64),
}

const SERIES: [Series; 3] = [
    Series { name: "winnable (solver)", color: Color32::from_rgb(0x4c, 0xa8, 0xe0), counts: |row| (row.winnable, row.solved) },
    Series { name: "expert wins", color: Color32::from_rgb(0xf2, 0xc9, 0x4c), counts: |row| (row.expert_won, row.expert_games) },
    Series { name: "greedy wins", color: Color32::from_rgb(0xe0, 0x6c, 0x4c), counts: |row| (row.greedy_won, row.greedy_games) },
];

const ERROR_BAR: Color32 = Color32::from_gray(235);
const VALUE_TEXT: Color32 = Color32::from_gray(220);

/// Bars per rule set and measure, in percent, with the Wilson interval
/// as an error bar on each.
fn chart_ui(ui: &mut Ui, rows: &[Row]) {
    let shown: Vec<&Series> = SERIES.iter().filter(|s| rows.iter().any(|row| (s.counts)(row).1 > 0)).collect();
    if shown.is_empty() {
        return;
    }
    ui.label(RichText::new("Win rates with 95% intervals").strong());
    let names: Vec<String> = rows.iter().map(|row| row.name.clone()).collect();
    let group = 0.8;
    let width = group / shown.len() as f64;
    let legend = Legend::default()
        .position(Corner::RightTop)
        .follow_insertion_order(true)
        .color_conflict_handling(ColorConflictHandling::PickFirst);
    Plot::new("study chart")
        .height(230.0)
        .legend(legend)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_grid([false, true])
        .include_x(-0.5)
        .include_x(rows.len() as f64 - 0.5)
        .include_y(0.0)
        // Headroom above 100% for the legend, so it never hides a bar.
        .include_y(125.0)
        .x_grid_spacer(one_mark_per_rule_set)
        .y_grid_spacer(quarters)
        .x_axis_formatter(move |mark, _| rule_set_name(&names, mark.value))
        .y_axis_formatter(|mark, _| if mark.value > 100.0 || mark.value < 0.0 { String::new() } else { format!("{}%", mark.value) })
        .show(ui, |plot| {
            for (index, series) in shown.iter().enumerate() {
                let offset = (index as f64 - (shown.len() as f64 - 1.0) / 2.0) * width;
                let mut bars = Vec::new();
                let mut whiskers = Vec::new();
                let mut values = Vec::new();
                for (x, row) in rows.iter().enumerate() {
                    let (won, games) = (series.counts)(row);
                    if games == 0 {
                        continue;
                    }
                    let at = x as f64 + offset;
                    let percent = 100.0 * won as f64 / games as f64;
                    let (low, high) = wilson_interval(won, games);
                    let label = format!("{}: {}", row.name, percent_with_interval(won, games));
                    bars.push(Bar::new(at, percent).width(width * 0.85).name(label).fill(series.color.gamma_multiply(0.85)));
                    whiskers.extend(error_bar(series.name, at, 100.0 * low, 100.0 * high, width * 0.14));
                    let value = RichText::new(format!("{percent:.0}%")).size(13.0).color(VALUE_TEXT);
                    values.push(Text::new(series.name, PlotPoint::new(at, 100.0 * high + 7.0), value));
                }
                // The bars first: the legend takes the colour of the first
                // item of a name, and the whiskers share the bars' name so
                // the legend shows and hides both.
                plot.bar_chart(BarChart::new(series.name, bars).color(series.color));
                for whisker in whiskers {
                    plot.line(whisker);
                }
                for value in values {
                    plot.text(value);
                }
            }
        });
}

/// A vertical whisker from `low` to `high` with a cap at each end, as
/// three separate strokes (one path doubling back over itself draws its
/// shared stretches twice as bold).
fn error_bar(name: &str, x: f64, low: f64, high: f64, cap: f64) -> [Line<'static>; 3] {
    let stroke = |points: Vec<[f64; 2]>| Line::new(name, points).color(ERROR_BAR).width(1.5).allow_hover(false);
    [stroke(vec![[x, low], [x, high]]), stroke(vec![[x - cap, low], [x + cap, low]]), stroke(vec![[x - cap, high], [x + cap, high]])]
}

/// Grid marks at the rule sets' places only (0, 1, 2, …).
fn one_mark_per_rule_set(input: GridInput) -> Vec<GridMark> {
    let (first, last) = (input.bounds.0.ceil().max(0.0) as i64, input.bounds.1.floor() as i64);
    (first..=last).map(|x| GridMark { value: x as f64, step_size: 1.0 }).collect()
}

/// Lines at 0, 25, 50, 75 and 100%, and none in the legend's headroom.
fn quarters(_input: GridInput) -> Vec<GridMark> {
    (0..=4).map(|quarter| GridMark { value: f64::from(quarter) * 25.0, step_size: 25.0 }).collect()
}

fn rule_set_name(names: &[String], x: f64) -> String {
    if x.fract() != 0.0 || x < 0.0 {
        return String::new();
    }
    names.get(x as usize).cloned().unwrap_or_default()
}

fn disagreements_ui(ui: &mut Ui, outcome: &StudyOutcome) -> Option<CompareAction> {
    let mut action = None;
    let measure = outcome.pairs.first().map_or("solver", |pair| pair.measure);
    ui.label(RichText::new(format!("Deals where two rule sets disagree (by the {measure}) — click one to play it side by side")).strong());
    for disagreement in &outcome.disagreements {
        let (first, second) = (&outcome.entrants[disagreement.first].title, &outcome.entrants[disagreement.second].title);
        if disagreement.deals.is_empty() {
            ui.label(format!("{first} and {second} agree on every deal."));
            continue;
        }
        ui.label(format!("{first} vs {second}: {} deals", disagreement.deals.len()));
        ui.horizontal_wrapped(|ui| {
            for &deal in disagreement.deals.iter().take(LISTED_DEALS) {
                let button = ui.small_button(format!("Deal {deal}")).on_hover_text(format!("Deal {deal} to {first} and {second} side by side"));
                if button.clicked() {
                    action = Some(CompareAction::Open { first: disagreement.first, second: disagreement.second, deal });
                }
            }
            if disagreement.deals.len() > LISTED_DEALS {
                ui.label(format!("and {} more", disagreement.deals.len() - LISTED_DEALS));
            }
        });
    }
    action
}
