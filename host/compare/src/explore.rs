//! Exploring a variant's options: the same deals under every combination of
//! the options varied, then what each option does.
//!
//! * [`Plan`]: which options vary and over which values — taken from the
//!   plugin's option specs only (every choice of a choice option, both
//!   values of a flag, each value of a numeric range or of a sub-range),
//!   and what the others are held at (`--fix`, else the rule set's value,
//!   else the default). More than a limit of combinations is refused.
//! * [`Explore`]: runs the combinations as a [`Study`] — the same players,
//!   threads and sharding as `patience compare` — a few combinations at a
//!   time, so a worker holds only a few plugin instances at once.
//! * [`ExploreFile`]: the results; its JSON is a compare [`StudyFile`] with
//!   an `explore` object beside, and shards merge exactly.
//! * [`analyse`]: one row per combination, sorted by the win rate; for each
//!   option and each change of its value, the paired difference on the same
//!   deals (see [`Effect`]); and the pairs of options that interact.
//! * [`rule_set_toml`]: a combination written as a rule set file.

use crate::players::ExpertConfig;
use crate::report::{self, Row};
use crate::stats::percent_with_interval;
use crate::study::{RuleSetOrder, Study, StudyFile};
use crate::PlayerKind;
use anyhow::{anyhow, bail, Result};
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use patience_runtime::{LoadedPlugin, RuleSet};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The most combinations an exploration runs unless told otherwise: more
/// is refused, with the count, asking for fewer options (`--vary`).
pub const MAX_COMBINATIONS: u64 = 256;

/// Combinations per [`Study`] run: each worker keeps one plugin instance
/// per combination of a run, and an instance keeps the memory its solver
/// grew to, so a run takes only a few.
const COMBINATIONS_PER_RUN: usize = 4;

/// The 95% normal quantile.
const Z: f64 = 1.959_963_984_540_054;

/// Interaction lines printed in the table (the strongest first).
pub const MAX_INTERACTION_LINES: usize = 12;

/// What `--vary` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vary {
    /// Every option not fixed.
    All,
    /// No option: one combination.
    Nothing,
    /// These options, in any order (a combination lists them in the
    /// plugin's order).
    Options(Vec<VaryItem>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaryItem {
    pub name: String,
    /// `jokers=1..5`: part of a numeric option's range.
    pub range: Option<(i64, i64)>,
}

impl Vary {
    /// Reads `--vary` items: `all` (also when there are none), `none`,
    /// or option names, each perhaps with a sub-range `name=LO..HI`.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Vary> {
        let items: Vec<&str> = items.iter().map(|item| item.as_ref().trim()).filter(|item| !item.is_empty()).collect();
        match items.as_slice() {
            [] | ["all"] => return Ok(Vary::All),
            ["none"] => return Ok(Vary::Nothing),
            _ => {}
        }
        if items.iter().any(|item| *item == "all" || *item == "none") {
            bail!("--vary all and --vary none stand alone: give either one of them or option names");
        }
        let mut list: Vec<VaryItem> = Vec::new();
        for item in items {
            let (name, range) = match item.split_once('=') {
                None => (item, None),
                Some((name, range)) => {
                    let name = name.trim();
                    let shape = || anyhow!("--vary {item}: write a range as {name}=LO..HI, e.g. {name}=1..5");
                    let (low, high) = range.split_once("..").ok_or_else(shape)?;
                    let low: i64 = low.trim().parse().map_err(|_| shape())?;
                    let high: i64 = high.trim().parse().map_err(|_| shape())?;
                    if low > high {
                        bail!("--vary {item}: the range is empty ({low} is above {high})");
                    }
                    (name, Some((low, high)))
                }
            };
            if list.iter().any(|seen| seen.name == name) {
                bail!("--vary names `{name}` twice");
            }
            list.push(VaryItem { name: name.to_string(), range });
        }
        Ok(Vary::Options(list))
    }
}

/// How an option's values were taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AxisKind {
    Flag,
    Range,
    Choice,
}

/// One option varied, and its values in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Axis {
    pub name: String,
    pub kind: AxisKind,
    pub values: Vec<String>,
}

impl Axis {
    /// The changes of value whose effect is measured, as value indices:
    /// false → true for a flag, each step up for a range, every pair of
    /// choices (in the plugin's order) for a choice.
    pub fn changes(&self) -> Vec<(usize, usize)> {
        let n = self.values.len();
        match self.kind {
            AxisKind::Flag | AxisKind::Range => (1..n).map(|j| (j - 1, j)).collect(),
            AxisKind::Choice => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
        }
    }
}

/// What an exploration varies and holds, ready to be run.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The plugin id.
    pub plugin: String,
    pub plugin_name: String,
    /// How many options the plugin has at all.
    pub option_count: usize,
    pub axes: Vec<Axis>,
    values: Vec<Vec<OptionValue>>,
    /// Every option not varied, with the value it is held at, in the
    /// plugin's order.
    pub fixed: Vec<(String, OptionValue)>,
    /// The plugin's option names, in its order.
    order: Vec<String>,
}

fn values_of(spec: &OptionSpec, range: Option<(i64, i64)>) -> (AxisKind, u128) {
    match &spec.kind {
        OptionKind::Flag => (AxisKind::Flag, 2),
        OptionKind::Int { min, max } => {
            let (low, high) = range.unwrap_or((*min, *max));
            (AxisKind::Range, if high < low { 0 } else { (i128::from(high) - i128::from(low) + 1) as u128 })
        }
        OptionKind::Choice(_) => (AxisKind::Choice, spec.choices().len() as u128),
    }
}

fn listed(specs: &[OptionSpec]) -> String {
    if specs.is_empty() {
        "it has none".to_string()
    } else {
        format!("options: {}", specs.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "))
    }
}

impl Plan {
    /// The plan for `plugin` (id and name) with option `specs`: `base` is
    /// the rule set's values, `fix` the `--fix NAME=VALUE` texts. Refuses an
    /// unknown option (naming the valid ones), a value or range the option
    /// does not take, an option both varied and fixed, and more than `max`
    /// combinations (giving the count).
    pub fn new<S: AsRef<str>>(
        plugin: &str,
        plugin_name: &str,
        specs: &[OptionSpec],
        base: &[(String, OptionValue)],
        vary: &Vary,
        fix: &[S],
        max: u64,
    ) -> Result<Plan> {
        let find = |name: &str, how: &str| {
            specs
                .iter()
                .find(|spec| spec.name == name)
                .ok_or_else(|| anyhow!("{how}: `{plugin}` has no option `{name}` ({})", listed(specs)))
        };
        let mut fixed_given: Vec<(String, OptionValue)> = Vec::new();
        for text in fix {
            let text = text.as_ref().trim();
            let Some((name, value)) = text.split_once('=') else { bail!("--fix {text}: write NAME=VALUE, e.g. passes=3") };
            let spec = find(name.trim(), &format!("--fix {text}"))?;
            let value = spec.parse(value).map_err(|message| anyhow!("--fix {text}: {message}"))?;
            if fixed_given.iter().any(|(seen, _)| *seen == spec.name) {
                bail!("--fix names `{}` twice", spec.name);
            }
            fixed_given.push((spec.name.clone(), value));
        }
        let is_fixed = |name: &str| fixed_given.iter().any(|(fixed, _)| fixed == name);
        let mut varied: Vec<(&OptionSpec, Option<(i64, i64)>)> = Vec::new();
        match vary {
            Vary::All => varied.extend(specs.iter().filter(|spec| !is_fixed(&spec.name)).map(|spec| (spec, None))),
            Vary::Nothing => {}
            Vary::Options(items) => {
                for item in items {
                    let spec = find(&item.name, &format!("--vary {}", item.name))?;
                    if is_fixed(&spec.name) {
                        bail!("`{}` is both varied (--vary) and fixed (--fix): choose one", spec.name);
                    }
                    if let Some((low, high)) = item.range {
                        let OptionKind::Int { min, max } = spec.kind else {
                            bail!(
                                "--vary {}={low}..{high}: only a numeric option takes a range; `{}` takes {}",
                                spec.name,
                                spec.name,
                                spec.allowed()
                            );
                        };
                        if low < min || high > max {
                            bail!("--vary {}={low}..{high}: `{}` takes {}", spec.name, spec.name, spec.allowed());
                        }
                    }
                    varied.push((spec, item.range));
                }
            }
        }
        // The plugin's order, whatever the order of --vary.
        let position = |name: &str| specs.iter().position(|spec| spec.name == name).unwrap_or(usize::MAX);
        varied.sort_by_key(|(spec, _)| position(&spec.name));

        let sizes: Vec<(AxisKind, u128)> = varied.iter().map(|(spec, range)| values_of(spec, *range)).collect();
        if let Some(((spec, _), _)) = varied.iter().zip(&sizes).find(|(_, (_, size))| *size == 0) {
            bail!("option `{}` has no values to vary", spec.name);
        }
        let count = sizes.iter().fold(1u128, |product, (_, size)| product.saturating_mul(*size));
        if count > u128::from(max) {
            let factors: Vec<String> =
                varied.iter().zip(&sizes).map(|((spec, _), (_, size))| format!("{} ({size})", spec.name)).collect();
            let example: Vec<&str> = varied.iter().take(2).map(|(spec, _)| spec.name.as_str()).collect();
            bail!(
                "{count} combinations of the options varied ({}) are more than {max}: vary fewer with --vary \
                 (e.g. --vary {}), narrow a numeric one (--vary NAME=LO..HI) or hold some with --fix NAME=VALUE",
                factors.join(" × "),
                example.join(",")
            );
        }

        let mut axes = Vec::new();
        let mut values = Vec::new();
        for ((spec, range), (kind, _)) in varied.iter().zip(&sizes) {
            let list: Vec<OptionValue> = match &spec.kind {
                OptionKind::Flag => vec![OptionValue::Flag(false), OptionValue::Flag(true)],
                OptionKind::Int { min, max } => {
                    let (low, high) = range.unwrap_or((*min, *max));
                    (low..=high).map(OptionValue::Int).collect()
                }
                OptionKind::Choice(_) => spec.choices().into_iter().map(|c| OptionValue::Choice(c.to_string())).collect(),
            };
            axes.push(Axis { name: spec.name.clone(), kind: *kind, values: list.iter().map(ToString::to_string).collect() });
            values.push(list);
        }
        let fixed = specs
            .iter()
            .filter(|spec| !axes.iter().any(|axis| axis.name == spec.name))
            .map(|spec| {
                let given = fixed_given.iter().chain(base).find(|(name, _)| *name == spec.name);
                let value = given.map(|(_, value)| spec.normalize(value)).unwrap_or_else(|| spec.default.clone());
                (spec.name.clone(), value)
            })
            .collect();
        Ok(Plan {
            plugin: plugin.to_string(),
            plugin_name: plugin_name.to_string(),
            option_count: specs.len(),
            axes,
            values,
            fixed,
            order: specs.iter().map(|spec| spec.name.clone()).collect(),
        })
    }

    /// How many combinations.
    pub fn count(&self) -> usize {
        combination_count(&self.axes)
    }

    /// Every option's value in combination `index`, in the plugin's order.
    pub fn options(&self, index: usize) -> Vec<(String, OptionValue)> {
        let digits = digits(&self.axes, index);
        let mut options: Vec<(String, OptionValue)> = self.fixed.clone();
        for ((axis, values), digit) in self.axes.iter().zip(&self.values).zip(digits) {
            options.push((axis.name.clone(), values[digit].clone()));
        }
        options.sort_by_key(|(name, _)| self.order.iter().position(|known| known == name));
        options
    }

    /// The rule set of combination `index`, named by its varied values.
    pub fn rule_set(&self, index: usize) -> RuleSet {
        RuleSet {
            name: label(&self.axes, index).unwrap_or_else(|| self.plugin.clone()),
            description: None,
            plugin: self.plugin.clone(),
            options: self.options(index),
            path: None,
            id: None,
            group: None,
        }
    }

    pub fn info(&self) -> ExploreInfo {
        ExploreInfo {
            plugin_name: self.plugin_name.clone(),
            option_count: self.option_count,
            axes: self.axes.clone(),
            fixed: self.fixed.iter().map(|(name, value)| (name.clone(), value.to_string())).collect(),
        }
    }
}

fn combination_count(axes: &[Axis]) -> usize {
    axes.iter().map(|axis| axis.values.len()).product()
}

/// Combination `index` as one value index per axis; the first axis varies
/// slowest.
pub fn digits(axes: &[Axis], mut index: usize) -> Vec<usize> {
    let mut digits = vec![0; axes.len()];
    for (slot, axis) in digits.iter_mut().zip(axes).rev() {
        *slot = index % axis.values.len();
        index /= axis.values.len();
    }
    digits
}

fn stride(axes: &[Axis], axis: usize) -> usize {
    axes[axis + 1..].iter().map(|axis| axis.values.len()).product()
}

/// `passes=3, stock_top_playable=true`; None when nothing varies.
fn label(axes: &[Axis], index: usize) -> Option<String> {
    if axes.is_empty() {
        return None;
    }
    let digits = digits(axes, index);
    Some(axes.iter().zip(digits).map(|(axis, d)| format!("{}={}", axis.name, axis.values[d])).collect::<Vec<_>>().join(", "))
}

/// What an exploration varied, stored beside the study in its JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExploreInfo {
    pub plugin_name: String,
    /// How many options the plugin has (0: "it has no options").
    pub option_count: usize,
    pub axes: Vec<Axis>,
    /// The options held, with their values.
    pub fixed: Vec<(String, String)>,
}

/// An exploration's results: a compare study (one rule set per
/// combination, in combination order) and what was varied.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExploreFile {
    pub explore: ExploreInfo,
    #[serde(flatten)]
    pub study: StudyFile,
}

impl ExploreFile {
    /// Merges shard files of one exploration, exactly as one run would
    /// have produced it (see [`StudyFile::merge`]).
    pub fn merge(files: Vec<ExploreFile>) -> Result<ExploreFile> {
        let Some(first) = files.first() else { bail!("nothing to merge") };
        let explore = first.explore.clone();
        if let Some(index) = files.iter().position(|file| file.explore != explore) {
            bail!("file {} explores other options than file 1 (the options varied or held differ)", index + 1);
        }
        let study = StudyFile::merge(files.into_iter().map(|file| file.study).collect())?;
        Ok(ExploreFile { explore, study })
    }
}

/// An exploration ready to run: the plan, the plugin, and the study's
/// settings (as for `patience compare`).
pub struct Explore {
    pub plan: Plan,
    pub plugin: Arc<LoadedPlugin>,
    pub from: u64,
    pub deals: u64,
    pub players: Vec<PlayerKind>,
    pub budget: u64,
    pub expert: ExpertConfig,
    pub shard: Option<(u64, u64)>,
    /// Spread the solver's verdicts by the plugin's declared rule order
    /// ([`Explore::rule_order`]) instead of solving every combination.
    pub use_rule_order: bool,
}

impl Explore {
    /// The combinations ordered by the plugin's declared rule order: one is
    /// no harder than another when each varied option's value is, by a
    /// chain of declared steps, no harder. `None` when the plugin declares
    /// no order that ties two of these combinations.
    pub fn rule_order(&self) -> Option<RuleSetOrder> {
        let per_axis: Vec<Vec<Vec<bool>>> = self
            .plan
            .axes
            .iter()
            .zip(&self.plan.values)
            .map(|(axis, values)| patience_runtime::rule_order::value_order(&self.plugin.easier, &axis.name, values))
            .collect();
        let digits: Vec<Vec<usize>> = (0..self.plan.count()).map(|index| digits(&self.plan.axes, index)).collect();
        let order = RuleSetOrder::new(self.plan.count(), |a, b| {
            per_axis.iter().zip(digits[a].iter().zip(&digits[b])).all(|(order, (&x, &y))| order[x][y])
        });
        (!order.is_trivial()).then_some(order)
    }

    fn study(&self, combinations: std::ops::Range<usize>) -> Study {
        Study {
            rule_sets: combinations.map(|index| (self.plan.rule_set(index), self.plugin.clone())).collect(),
            from: self.from,
            deals: self.deals,
            players: self.players.clone(),
            budget: self.budget,
            best_budget: patience_runtime::BEST_SCORE_BUDGET,
            expert: self.expert,
            shard: self.shard,
        }
    }

    /// Every (combination, deal) this run plays.
    pub fn task_count(&self) -> u64 {
        self.study(0..self.plan.count()).task_count()
    }

    /// Runs every combination on the same deals, on `jobs` threads; the
    /// result is the same for any `jobs`. `progress` is called after each
    /// (combination, deal); `cancel` stops early with an error.
    pub fn run(&self, jobs: usize, progress: &(dyn Fn() + Sync), cancel: &AtomicBool) -> Result<ExploreFile> {
        let count = self.plan.count();
        let whole = self.study(0..count);
        let order = self.use_rule_order.then(|| self.rule_order()).flatten();
        if let Some(order) = order.filter(|_| self.players.contains(&PlayerKind::Solver)) {
            let study = whole.run_ordered(&order, jobs, progress, cancel)?;
            return Ok(ExploreFile { explore: self.plan.info(), study });
        }
        let mut records = Vec::new();
        for start in (0..count).step_by(COMBINATIONS_PER_RUN) {
            let end = (start + COMBINATIONS_PER_RUN).min(count);
            let part = self.study(start..end).run(jobs, progress, cancel)?;
            records.extend(part.records.into_iter().map(|mut record| {
                record.rule_set += start;
                record
            }));
        }
        let study = whole.file(records);
        Ok(ExploreFile { explore: self.plan.info(), study })
    }
}

// ----- analysis -----

/// The player whose wins the rows are sorted by and the effects measured
/// with: the solver's verdict when it ran, else the expert's, else greedy.
pub fn measure(file: &StudyFile) -> PlayerKind {
    [PlayerKind::Solver, PlayerKind::Expert, PlayerKind::Greedy]
        .into_iter()
        .find(|player| file.players.contains(player))
        .unwrap_or(PlayerKind::Solver)
}

/// One combination's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboRow {
    /// The combination (= rule set) index.
    pub index: usize,
    /// Its value of each varied option.
    pub values: Vec<String>,
    pub row: Row,
}

impl ComboRow {
    /// (won, played) by `player`: the solver's winnable verdicts, or games won.
    pub fn wins(&self, player: PlayerKind) -> (u64, u64) {
        match player {
            PlayerKind::Solver => (self.row.winnable, self.row.solved),
            PlayerKind::Expert => (self.row.expert_won, self.row.expert_games),
            PlayerKind::Greedy => (self.row.greedy_won, self.row.greedy_games),
            // A score search wins nothing.
            PlayerKind::Best => (0, 0),
        }
    }

    /// The win rate by `player` in percent, if it played.
    pub fn percent(&self, player: PlayerKind) -> Option<f64> {
        let (won, played) = self.wins(player);
        (played > 0).then(|| 100.0 * won as f64 / played as f64)
    }
}

/// What changing one option from one value to another does, on the same
/// deals, averaged over the combinations of the other options: combination
/// c with the option at `from` is paired with the same c at `to`.
///
/// `net` is in fractions of deals (+0.12: 12 points more won). It is the
/// mean over deals of each deal's difference (won at `to` minus won at
/// `from`, each 0 or 1) averaged over the pairs on that deal; the deals are
/// the independent unit. The 95% interval is Agresti and Min's for paired
/// proportions, taken over those per-deal differences: half a deal added
/// to each of the four (won, lost) cells — a pseudo-deal of weight ½ at +1,
/// ½ at −1 and 1 at 0 — then `centre ± 1.96·√(var/(deals + 2))` with the
/// centre and variance of the padded differences. Unlike the plain normal
/// (Wald) interval it keeps a width when no deal changes: no change on 50
/// deals does not prove the effect is exactly zero. A
/// solver's `unknown` counts as not won, as in the winnable %.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub option: String,
    pub from: String,
    pub to: String,
    /// Pairs (combination, deal) lost at `from` and won at `to`.
    pub gained: u64,
    /// Pairs won at `from` and lost at `to`.
    pub lost: u64,
    /// Pairs compared.
    pub pairs: u64,
    /// Deals with at least one pair.
    pub deals: u64,
    pub net: f64,
    /// The 95% interval's centre (a little closer to 0 than `net`) and
    /// half-width; None without deals.
    pub centre: f64,
    pub half_width: Option<f64>,
}

impl Effect {
    /// The 95% interval, when there were deals.
    pub fn interval(&self) -> Option<(f64, f64)> {
        self.half_width.map(|half| (self.centre - half, self.centre + half))
    }
}

/// The effect of one option depending strongly on another's value: its
/// effect at two values of `by` differs by more than the two 95% intervals'
/// half-widths together (the intervals do not overlap).
#[derive(Clone, Debug, PartialEq)]
pub struct Interaction {
    pub option: String,
    pub from: String,
    pub to: String,
    pub by: String,
    /// The value of `by` where the effect is largest, and the effect there.
    pub high: (String, Effect),
    /// Where it is smallest.
    pub low: (String, Effect),
}

impl Interaction {
    pub fn gap(&self) -> f64 {
        self.high.1.net - self.low.1.net
    }
}

/// Everything the table shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub measure: PlayerKind,
    /// One per combination, by win rate (highest first; ties in
    /// combination order).
    pub rows: Vec<ComboRow>,
    pub effects: Vec<Effect>,
    /// Strongest first.
    pub interactions: Vec<Interaction>,
}

/// Who won each deal under each combination, by one player.
struct Outcomes {
    /// `[combination][deal index]`
    won: Vec<Vec<Option<bool>>>,
    deal_count: usize,
}

impl Outcomes {
    fn new(file: &StudyFile, player: PlayerKind) -> Outcomes {
        let mut deals: Vec<u64> = file.records.iter().map(|r| r.deal).collect();
        deals.sort_unstable();
        deals.dedup();
        let mut won = vec![vec![None; deals.len()]; file.rule_sets.len()];
        for record in &file.records {
            let outcome = match player {
                PlayerKind::Solver => record.solver.as_ref().map(|s| s.verdict == "winnable"),
                PlayerKind::Expert => record.expert.as_ref().map(|p| p.won),
                PlayerKind::Greedy => record.greedy.as_ref().map(|p| p.won),
                PlayerKind::Best => None,
            };
            if let (Some(row), Ok(deal)) = (won.get_mut(record.rule_set), deals.binary_search(&record.deal)) {
                row[deal] = outcome;
            }
        }
        Outcomes { won, deal_count: deals.len() }
    }

    /// The paired effect over `pairs` of (combination at `from`,
    /// combination at `to`).
    fn effect(&self, pairs: &[(usize, usize)], option: &str, from: &str, to: &str) -> Effect {
        let (mut gained, mut lost, mut compared) = (0, 0, 0);
        let mut per_deal = Vec::new();
        for deal in 0..self.deal_count {
            let (mut sum, mut count) = (0i64, 0u64);
            for &(a, b) in pairs {
                let (Some(Some(x)), Some(Some(y))) = (self.won.get(a).map(|r| r[deal]), self.won.get(b).map(|r| r[deal]))
                else {
                    continue;
                };
                count += 1;
                match (x, y) {
                    (false, true) => {
                        gained += 1;
                        sum += 1;
                    }
                    (true, false) => {
                        lost += 1;
                        sum -= 1;
                    }
                    _ => {}
                }
            }
            compared += count;
            if count > 0 {
                per_deal.push(sum as f64 / count as f64);
            }
        }
        let n = per_deal.len();
        let net = if n == 0 { 0.0 } else { per_deal.iter().sum::<f64>() / n as f64 };
        let padded = n as f64 + 2.0;
        let centre = per_deal.iter().sum::<f64>() / padded;
        let second_moment = (per_deal.iter().map(|d| d * d).sum::<f64>() + 1.0) / padded;
        let half_width = (n >= 1).then(|| Z * ((second_moment - centre * centre).max(0.0) / padded).sqrt());
        Effect {
            option: option.to_string(),
            from: from.to_string(),
            to: to.to_string(),
            gained,
            lost,
            pairs: compared,
            deals: n as u64,
            net,
            centre,
            half_width,
        }
    }
}

/// The (from, to) combination pairs for changing axis `axis` from value
/// `i` to `j`, optionally only where axis `b` has value `v`.
fn pairs_for(axes: &[Axis], axis: usize, (i, j): (usize, usize), only: Option<(usize, usize)>) -> Vec<(usize, usize)> {
    let step = stride(axes, axis);
    (0..combination_count(axes))
        .filter(|&index| {
            let digits = digits(axes, index);
            digits[axis] == i && only.is_none_or(|(b, v)| digits[b] == v)
        })
        .map(|index| (index, index + (j - i) * step))
        .collect()
}

pub fn analyse(file: &ExploreFile) -> Analysis {
    let study = &file.study;
    let axes = &file.explore.axes;
    let measure = measure(study);
    let mut rows: Vec<ComboRow> = report::rows(study)
        .into_iter()
        .enumerate()
        .map(|(index, row)| {
            let values = if axes.is_empty() {
                Vec::new()
            } else {
                axes.iter().zip(digits(axes, index)).map(|(axis, d)| axis.values[d].clone()).collect()
            };
            ComboRow { index, values, row }
        })
        .collect();
    // By win rate, exactly (cross-multiplied); rows nobody played go last.
    rows.sort_by(|a, b| {
        let ((wa, pa), (wb, pb)) = (a.wins(measure), b.wins(measure));
        let rate = |w: u64, p: u64, q: u64| if p == 0 { -1i128 } else { i128::from(w) * i128::from(q.max(1)) };
        let (ka, kb) = (rate(wa, pa, pb), rate(wb, pb, pa));
        kb.cmp(&ka).then(a.index.cmp(&b.index))
    });

    let outcomes = Outcomes::new(study, measure);
    let mut effects = Vec::new();
    let mut interactions = Vec::new();
    for (a, axis) in axes.iter().enumerate() {
        for (i, j) in axis.changes() {
            let (from, to) = (&axis.values[i], &axis.values[j]);
            effects.push(outcomes.effect(&pairs_for(axes, a, (i, j), None), &axis.name, from, to));
            for (b, other) in axes.iter().enumerate().filter(|(b, _)| *b != a) {
                let at: Vec<(usize, Effect)> = (0..other.values.len())
                    .map(|v| (v, outcomes.effect(&pairs_for(axes, a, (i, j), Some((b, v))), &axis.name, from, to)))
                    .filter(|(_, effect)| effect.half_width.is_some())
                    .collect();
                let Some(high) = at.iter().reduce(|best, e| if e.1.net > best.1.net { e } else { best }) else { continue };
                let Some(low) = at.iter().reduce(|best, e| if e.1.net < best.1.net { e } else { best }) else { continue };
                let widths = high.1.half_width.unwrap_or(0.0) + low.1.half_width.unwrap_or(0.0);
                if high.1.net - low.1.net > widths {
                    interactions.push(Interaction {
                        option: axis.name.clone(),
                        from: from.clone(),
                        to: to.clone(),
                        by: other.name.clone(),
                        high: (other.values[high.0].clone(), high.1.clone()),
                        low: (other.values[low.0].clone(), low.1.clone()),
                    });
                }
            }
        }
    }
    interactions.sort_by(|x, y| y.gap().total_cmp(&x.gap()));
    Analysis { measure, rows, effects, interactions }
}

/// `--band LO..HI`: keep the combinations whose win rate by `by` (in
/// percent) lies in the band, both ends included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    pub low: f64,
    pub high: f64,
    /// The solver (winnable %) or the expert.
    pub by: PlayerKind,
}

impl Band {
    pub fn keeps(&self, row: &ComboRow) -> bool {
        row.percent(self.by).is_some_and(|p| p >= self.low && p <= self.high)
    }

    fn describe(&self) -> String {
        let what = if self.by == PlayerKind::Solver { "winnable".to_string() } else { self.by.to_string() };
        format!("{what} {}–{}%", self.low, self.high)
    }
}

/// The rows kept by `band` (all without one), in table order.
pub fn kept(analysis: &Analysis, band: Option<&Band>) -> Vec<ComboRow> {
    analysis.rows.iter().filter(|row| band.is_none_or(|band| band.keeps(row))).cloned().collect()
}

// ----- output -----

fn points(fraction: f64) -> String {
    let value = 100.0 * fraction;
    // No "-0.0".
    if value.abs() < 0.05 { "0.0".to_string() } else { format!("{value:+.1}") }
}

/// `+12.0 pts [+3.1, +20.9]`
pub fn effect_text(effect: &Effect) -> String {
    match effect.interval() {
        Some((low, high)) => format!("{} pts [{}, {}]", points(effect.net), points(low), points(high)),
        None => format!("{} pts", points(effect.net)),
    }
}

fn deal_range(study: &StudyFile) -> String {
    let last = study.from + study.deals.saturating_sub(1);
    let shard = study.shard.map(|(i, n)| format!(", shard {i}/{n} of them")).unwrap_or_default();
    format!("deals {}–{last}{shard}", study.from)
}

/// The first lines: what was explored.
fn header(file: &ExploreFile) -> String {
    let study = &file.study;
    let info = &file.explore;
    let (plugin, version) =
        study.rule_sets.first().map(|l| (l.plugin.as_str(), l.plugin_version.as_str())).unwrap_or(("?", "?"));
    let players: Vec<String> = study.players.iter().map(ToString::to_string).collect();
    let mut out = format!("{plugin} {version} ({})", info.plugin_name);
    if info.axes.is_empty() {
        if info.option_count == 0 {
            out.push_str(&format!(": `{plugin}` has no options, so there is one combination: one row"));
        } else {
            out.push_str(": no option varied (all are held), so there is one combination: one row");
        }
    } else {
        let factors: Vec<String> = info.axes.iter().map(|a| format!("{} ({})", a.name, a.values.len())).collect();
        out.push_str(&format!(": {} combinations of {}", combination_count(&info.axes), factors.join(" × ")));
    }
    out.push_str(&format!("\n{}; players: {}; solver budget {}\n", deal_range(study), players.join(", "), study.budget));
    if !info.fixed.is_empty() {
        let held: Vec<String> = info.fixed.iter().map(|(name, value)| format!("{name}={value}")).collect();
        out.push_str(&format!("held: {}\n", held.join(", ")));
    }
    out
}

/// The human table: what was explored, one row per combination (kept by
/// `band`), what each option does, and the interactions.
/// How many solver verdicts of each combination were implied by the
/// plugin's rule order rather than solved.
pub fn implied_counts(file: &ExploreFile) -> Vec<u64> {
    let mut counts = vec![0; file.study.rule_sets.len()];
    for record in &file.study.records {
        if record.solver.as_ref().is_some_and(|solver| solver.implied_by.is_some()) {
            counts[record.rule_set] += 1;
        }
    }
    counts
}

pub fn table(file: &ExploreFile, band: Option<&Band>) -> String {
    let analysis = analyse(file);
    let study = &file.study;
    let axes = &file.explore.axes;
    let implied = implied_counts(file);
    let any_implied = implied.iter().any(|&count| count > 0);
    let mut out = header(file);
    if any_implied {
        let total: u64 = implied.iter().sum();
        let verdicts = study.records.iter().filter(|record| record.solver.is_some()).count();
        out.push_str(&format!(
            "{total} of {verdicts} verdicts implied by the plugin's declared rule order, not solved (a win stands for \
             every easier combination, a loss for every harder one; --solve-every-combination solves each); \
             length: the mean over the lines found\n"
        ));
    }
    out.push('\n');

    let played = |player| study.players.contains(&player);
    let any_errors = analysis.rows.iter().any(|r| r.row.errors > 0);
    let mut head: Vec<String> = axes.iter().map(|a| a.name.clone()).collect();
    if axes.is_empty() {
        head.push("rule set".into());
    }
    head.push("deals".into());
    for (player, name) in [(PlayerKind::Solver, "winnable"), (PlayerKind::Expert, "expert"), (PlayerKind::Greedy, "greedy")] {
        if played(player) {
            head.push(name.into());
        }
    }
    if played(PlayerKind::Solver) {
        head.push("unknown".into());
        if any_implied {
            head.push("implied".into());
        }
        head.push("length".into());
    }
    if any_errors {
        head.push("errors".into());
    }
    head.push("ms/deal".into());
    let mut grid = vec![head];
    let rows = kept(&analysis, band);
    for combo in &rows {
        let row = &combo.row;
        let mut cells = combo.values.clone();
        if axes.is_empty() {
            cells.push(row.name.clone());
        }
        cells.push(row.deals.to_string());
        for player in [PlayerKind::Solver, PlayerKind::Expert, PlayerKind::Greedy] {
            if played(player) {
                let (won, games) = combo.wins(player);
                cells.push(percent_with_interval(won, games));
            }
        }
        if played(PlayerKind::Solver) {
            cells.push(row.unknown.to_string());
            if any_implied {
                cells.push(implied[combo.index].to_string());
            }
            cells.push(row.mean_length.map(|v| format!("{v:.1}")).unwrap_or_else(|| "–".into()));
        }
        if any_errors {
            cells.push(row.errors.to_string());
        }
        cells.push(format!("{:.2}", row.ms_per_deal));
        grid.push(cells);
    }
    if let Some(band) = band {
        out.push_str(&format!(
            "band {}: {} of {} combinations kept\n",
            band.describe(),
            rows.len(),
            analysis.rows.len()
        ));
    }
    if !rows.is_empty() {
        out.push_str(&report::aligned(&grid, axes.len().max(1)));
    }

    if axes.is_empty() || analysis.effects.is_empty() {
        return out;
    }
    let by = if analysis.measure == PlayerKind::Solver { "the solver's verdicts".to_string() } else { format!("{} wins", analysis.measure) };
    out.push_str(&format!(
        "\nwhat each option does ({by}, paired on the same deals, over every combination of the other options):\n"
    ));
    let mut grid = vec![["option", "change", "lost→won", "won→lost", "pairs", "net, 95% interval"].map(String::from).to_vec()];
    for effect in &analysis.effects {
        grid.push(vec![
            effect.option.clone(),
            format!("{} → {}", effect.from, effect.to),
            effect.gained.to_string(),
            effect.lost.to_string(),
            effect.pairs.to_string(),
            effect_text(effect),
        ]);
    }
    out.push_str(&report::aligned(&grid, 2));
    out.push_str(
        "net: points of deals won (an unknown verdict counts as lost), the mean over deals of each deal's difference \
         averaged over the other options' combinations;\n95% interval: Agresti–Min (paired, half a deal added to each won/lost cell) over deals, \
         the deals being independent\n",
    );
    if axes.len() >= 2 {
        if analysis.interactions.is_empty() {
            out.push_str("interactions: none strong (no option's effect differs between two values of another by more than both intervals' half-widths together)\n");
        } else {
            out.push_str("interactions (an option's effect differs between two values of another by more than both intervals' half-widths together):\n");
            for interaction in analysis.interactions.iter().take(MAX_INTERACTION_LINES) {
                out.push_str(&format!(
                    "  {} {} → {} does {} when {}={} but {} when {}={}\n",
                    interaction.option,
                    interaction.from,
                    interaction.to,
                    effect_text(&interaction.high.1),
                    interaction.by,
                    interaction.high.0,
                    effect_text(&interaction.low.1),
                    interaction.by,
                    interaction.low.0,
                ));
            }
            if analysis.interactions.len() > MAX_INTERACTION_LINES {
                out.push_str(&format!("  … and {} more\n", analysis.interactions.len() - MAX_INTERACTION_LINES));
            }
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

/// One line per combination (kept by `band`), in table order: the varied
/// options' values, then plain counts; timing last.
pub fn csv(file: &ExploreFile, band: Option<&Band>) -> String {
    let analysis = analyse(file);
    let implied = implied_counts(file);
    let mut head: Vec<String> = file.explore.axes.iter().map(|a| csv_field(&a.name)).collect();
    head.extend(
        "deals,winnable,unknown,solved,expert_won,expert_games,greedy_won,greedy_games,mean_length,errors,implied,ms_per_deal"
            .split(',')
            .map(String::from),
    );
    let mut out = head.join(",") + "\n";
    for combo in kept(&analysis, band) {
        let row = &combo.row;
        let mut cells: Vec<String> = combo.values.iter().map(|v| csv_field(v)).collect();
        cells.extend([
            row.deals.to_string(),
            row.winnable.to_string(),
            row.unknown.to_string(),
            row.solved.to_string(),
            row.expert_won.to_string(),
            row.expert_games.to_string(),
            row.greedy_won.to_string(),
            row.greedy_games.to_string(),
            row.mean_length.map(|v| format!("{v:.4}")).unwrap_or_default(),
            row.errors.to_string(),
            implied[combo.index].to_string(),
            format!("{:.3}", row.ms_per_deal),
        ]);
        out.push_str(&(cells.join(",") + "\n"));
    }
    out
}

/// All the data, for `patience merge` and scripts (no band applied).
pub fn json(file: &ExploreFile) -> Result<String> {
    Ok(serde_json::to_string_pretty(file)? + "\n")
}

// ----- rule set files -----

/// `Pyramid (relaxed): passes 3, stock top playable` — the plugin's name
/// and the varied values (a flag by its name, or `no` and its name).
pub fn rule_set_name(plan: &Plan, index: usize) -> String {
    let digits = digits(&plan.axes, index);
    let parts: Vec<String> = plan
        .axes
        .iter()
        .zip(digits)
        .map(|(axis, d)| {
            let name = axis.name.replace('_', " ");
            match (axis.kind, axis.values[d].as_str()) {
                (AxisKind::Flag, "true") => name,
                (AxisKind::Flag, _) => format!("no {name}"),
                (_, value) => format!("{name} {value}"),
            }
        })
        .collect();
    if parts.is_empty() { format!("{} (explored)", plan.plugin_name) } else { format!("{}: {}", plan.plugin_name, parts.join(", ")) }
}

/// A file name for a rule set name: lowercase letters, digits and `-`.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            stem.push(c);
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    stem.trim_end_matches('-').to_string()
}

/// A TOML string (JSON's escapes are all valid TOML basic-string escapes).
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string serialises")
}

fn toml_key(name: &str) -> String {
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        name.to_string()
    } else {
        toml_string(name)
    }
}

/// What the numbers of `combo` were: `winnable 45.0% [35.6–54.8] (solver,
/// budget 20000000), expert 30.0% [...]; 2 unknown; deals 1–100`.
pub fn measured(file: &ExploreFile, combo: &ComboRow) -> String {
    let study = &file.study;
    let mut parts = Vec::new();
    for (player, name) in [(PlayerKind::Solver, "winnable"), (PlayerKind::Expert, "expert"), (PlayerKind::Greedy, "greedy")] {
        if study.players.contains(&player) {
            let (won, games) = combo.wins(player);
            parts.push(format!("{name} {}", percent_with_interval(won, games)));
        }
    }
    let mut text = parts.join(", ");
    if study.players.contains(&PlayerKind::Solver) {
        text.push_str(&format!(" ({} unknown, solver budget {})", combo.row.unknown, study.budget));
    }
    format!("{text} on {}", deal_range(study))
}

/// Combination `index` as a rule set file: every option written out, and a
/// description with `description`.
pub fn rule_set_toml(plan: &Plan, index: usize, name: &str, description: &str) -> String {
    let mut out = format!(
        "name = {}\ndescription = {}\nplugin = {}\n\n[options]\n",
        toml_string(name),
        toml_string(description),
        toml_string(&plan.plugin)
    );
    for (option, value) in plan.options(index) {
        let value = match value {
            OptionValue::Flag(flag) => flag.to_string(),
            OptionValue::Int(number) => number.to_string(),
            OptionValue::Choice(choice) => toml_string(&choice),
        };
        out.push_str(&format!("{} = {value}\n", toml_key(&option)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::{self, DealRecord, RuleSetLabel, SolverRecord};

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice("passes", &["1", "2", "3", "unlimited"], "1", "passes"),
            OptionSpec::flag("face_down", false, "face down"),
            OptionSpec::int("jokers", 0, 9, 3, "jokers"),
            OptionSpec::choice("overlap", &["none", "both"], "none", "overlap").with_alias("true", "both"),
        ]
    }

    fn plan(vary: &[&str], fix: &[&str]) -> Result<Plan> {
        Plan::new("test", "Test", &specs(), &[], &Vary::parse(vary)?, fix, MAX_COMBINATIONS)
    }

    #[test]
    fn vary_reads_names_ranges_all_and_none() {
        assert_eq!(Vary::parse::<&str>(&[]).unwrap(), Vary::All);
        assert_eq!(Vary::parse(&["none"]).unwrap(), Vary::Nothing);
        let Vary::Options(items) = Vary::parse(&["passes", "jokers=1..5"]).unwrap() else { panic!() };
        assert_eq!(items[1], VaryItem { name: "jokers".into(), range: Some((1, 5)) });
        assert!(Vary::parse(&["jokers=5..1"]).unwrap_err().to_string().contains("empty"));
        assert!(Vary::parse(&["jokers=1-5"]).unwrap_err().to_string().contains("LO..HI"));
        assert!(Vary::parse(&["all", "passes"]).is_err());
    }

    #[test]
    fn every_value_of_every_option_varied_aliases_left_out() {
        let plan = plan(&["all"], &[]).unwrap();
        assert_eq!(plan.count(), 4 * 2 * 10 * 2);
        assert_eq!(plan.axes[3].values, ["none", "both"], "no alias");
        let plan = self::plan(&["jokers=1..3", "passes"], &["face_down=true"]).unwrap();
        assert_eq!(plan.axes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["passes", "jokers"], "plugin order");
        assert_eq!(plan.count(), 12);
        assert_eq!(plan.fixed, [("face_down".into(), OptionValue::Flag(true)), ("overlap".into(), OptionValue::Choice("none".into()))]);
        // Combination 5: passes index 1, jokers index 2.
        assert_eq!(digits(&plan.axes, 5), [1, 2]);
        let options = plan.options(5);
        assert_eq!(options[0], ("passes".into(), OptionValue::Choice("2".into())));
        assert_eq!(options[2], ("jokers".into(), OptionValue::Int(3)));
        assert_eq!(plan.rule_set(5).name, "passes=2, jokers=3");
        assert_eq!(rule_set_name(&plan, 5), "Test: passes 2, jokers 3");
    }

    #[test]
    fn bad_names_values_and_too_many_combinations_are_refused() {
        let error = plan(&["pases"], &[]).unwrap_err().to_string();
        assert!(error.contains("`pases`") && error.contains("options: passes, face_down, jokers, overlap"), "{error}");
        let error = plan(&["passes"], &["jokrs=3"]).unwrap_err().to_string();
        assert!(error.contains("`jokrs`"), "{error}");
        assert!(plan(&["passes"], &["jokers=12"]).unwrap_err().to_string().contains("0 to 9"));
        assert!(plan(&["passes=1..2"], &[]).unwrap_err().to_string().contains("only a numeric option"));
        assert!(plan(&["jokers=0..12"], &[]).unwrap_err().to_string().contains("0 to 9"));
        assert!(plan(&["passes"], &["passes=3"]).unwrap_err().to_string().contains("both varied"));
        let error = Plan::new("test", "Test", &specs(), &[], &Vary::All, &[] as &[&str], 100).unwrap_err().to_string();
        assert!(error.contains("160 combinations") && error.contains("--vary"), "{error}");
    }

    #[test]
    fn changes_are_steps_for_ranges_and_flags_and_every_pair_of_choices() {
        let plan = plan(&["all"], &[]).unwrap();
        assert_eq!(plan.axes[0].changes().len(), 6);
        assert_eq!(plan.axes[1].changes(), [(0, 1)]);
        assert_eq!(plan.axes[2].changes().len(), 9);
    }

    fn file(axes: Vec<Axis>, outcomes: &[&[bool]]) -> ExploreFile {
        let rule_sets = outcomes
            .iter()
            .enumerate()
            .map(|(i, _)| RuleSetLabel { name: i.to_string(), plugin: "t".into(), plugin_version: "1".into(), settings: String::new() })
            .collect();
        let mut records = Vec::new();
        for (rule_set, wins) in outcomes.iter().enumerate() {
            for (deal, won) in wins.iter().enumerate() {
                records.push(DealRecord {
                    rule_set,
                    deal: deal as u64 + 1,
                    solver: Some(SolverRecord { verdict: if *won { "winnable" } else { "not-winnable" }.into(), length: None, nodes: 1, implied_by: None }),
                    expert: None,
                    greedy: None,
                    best: None,
                    error: None,
                    micros: 0,
                });
            }
        }
        ExploreFile {
            explore: ExploreInfo { plugin_name: "T".into(), option_count: axes.len(), axes, fixed: Vec::new() },
            study: StudyFile {
                format: study::FORMAT,
                rule_sets,
                players: vec![PlayerKind::Solver],
                budget: 1,
                best_budget: 1,
                expert: ExpertConfig::default(),
                from: 1,
                deals: outcomes[0].len() as u64,
                shard: None,
                records,
            },
        }
    }

    fn flag(name: &str) -> Axis {
        Axis { name: name.into(), kind: AxisKind::Flag, values: vec!["false".into(), "true".into()] }
    }

    #[test]
    fn effects_are_paired_differences_with_a_normal_interval_over_deals() {
        // One option, 10 deals: off wins deals 1–2, on wins 1–6 and loses 2.
        let off = [true, true, false, false, false, false, false, false, false, false];
        let on = [true, false, true, true, true, true, true, false, false, false];
        let analysis = analyse(&file(vec![flag("a")], &[&off, &on]));
        let effect = &analysis.effects[0];
        assert_eq!((effect.gained, effect.lost, effect.pairs, effect.deals), (5, 1, 10, 10));
        assert!((effect.net - 0.4).abs() < 1e-12);
        // Differences: five +1, one −1, four 0, padded with ½ at +1, ½ at
        // −1 and 1 at 0: 12 in all, sum 4, sum of squares 7.
        let (centre, second) = (4.0 / 12.0, 7.0 / 12.0);
        assert!((effect.centre - centre).abs() < 1e-12);
        let half = Z * ((second - centre * centre) / 12.0_f64).sqrt();
        assert!((effect.half_width.unwrap() - half).abs() < 1e-12);
        assert_eq!(analysis.rows[0].index, 1, "the better combination first");
    }

    #[test]
    fn an_option_that_changed_no_deal_still_gets_an_interval_around_zero() {
        let same = [true, false, true, false, true, false, true, false, true, false];
        let effect = &analyse(&file(vec![flag("a")], &[&same, &same])).effects[0];
        assert_eq!((effect.gained, effect.lost, effect.net), (0, 0, 0.0));
        let (low, high) = effect.interval().unwrap();
        assert!(low < 0.0 && high > 0.0, "no change on 10 deals is not proof of no effect: [{low}, {high}]");
        assert!(high < 0.25, "but it bounds the effect: [{low}, {high}]");
        assert_eq!(effect_text(effect), "0.0 pts [-16.3, +16.3]");
    }

    #[test]
    fn an_effect_that_flips_with_another_option_is_an_interaction() {
        // a helps only when b is on: combinations (a, b) = 00, 01, 10, 11.
        let never = [false; 12];
        let always = [true; 12];
        let analysis = analyse(&file(vec![flag("a"), flag("b")], &[&never, &never, &never, &always]));
        let effect = &analysis.effects[0];
        assert_eq!((effect.gained, effect.lost, effect.pairs), (12, 0, 24));
        assert!((effect.net - 0.5).abs() < 1e-12);
        let first = &analysis.interactions[0];
        assert_eq!((first.option.as_str(), first.by.as_str()), ("a", "b"));
        assert_eq!((first.high.0.as_str(), first.low.0.as_str()), ("true", "false"));
        let quiet = analyse(&file(vec![flag("a"), flag("b")], &[&never, &never, &always, &always]));
        assert!(quiet.interactions.is_empty(), "{:?}", quiet.interactions);
    }

    #[test]
    fn rule_set_text_writes_every_option() {
        let plan = plan(&["passes", "face_down"], &[]).unwrap();
        let text = rule_set_toml(&plan, 5, &rule_set_name(&plan, 5), "measured \"so\"");
        assert!(text.contains("name = \"Test: passes 3, face down\""), "{text}");
        assert!(text.contains("description = \"measured \\\"so\\\"\""), "{text}");
        assert!(text.contains("passes = \"3\"\nface_down = true\njokers = 3\noverlap = \"none\"\n"), "{text}");
        assert_eq!(file_stem("Pyramid (relaxed): passes 3, no face down"), "pyramid-relaxed-passes-3-no-face-down");
    }
}
