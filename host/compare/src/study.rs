//! A study: the same deal numbers under several rule sets, each deal solved
//! and played by the chosen players. Results are per-deal records, in a
//! fixed order whatever the number of threads, so a study split into shards
//! and merged gives exactly the same records as one run.

use crate::players::{self, ExpertConfig, PlayRecord, PlayerKind};
use anyhow::{bail, Result};
use patience_engine::deal::Deal;
use patience_engine::solver::Verdict;
use patience_engine::options::OptionValue;
use patience_runtime::{Game, GameError, LoadedPlugin, RuleSet};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Which rule sets of a study are no harder than which: `no_harder(a, b)`
/// when every deal winnable under rule set `a` is winnable under `b` (from
/// the plugin's declared rule order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSetOrder {
    no_harder: Vec<Vec<bool>>,
}

impl RuleSetOrder {
    /// The order with `no_harder(a, b)` for every pair `relation` says;
    /// every rule set is no harder than itself.
    pub fn new(count: usize, relation: impl Fn(usize, usize) -> bool) -> RuleSetOrder {
        RuleSetOrder { no_harder: (0..count).map(|a| (0..count).map(|b| a == b || relation(a, b)).collect()).collect() }
    }

    pub fn len(&self) -> usize {
        self.no_harder.len()
    }

    pub fn is_empty(&self) -> bool {
        self.no_harder.is_empty()
    }

    pub fn no_harder(&self, a: usize, b: usize) -> bool {
        self.no_harder[a][b]
    }

    /// True when no two different rule sets are ordered: nothing to infer.
    pub fn is_trivial(&self) -> bool {
        (0..self.len()).all(|a| (0..self.len()).all(|b| a == b || !self.no_harder(a, b)))
    }

    /// The rule set to solve next among the `open` ones: one that no open
    /// rule set is strictly easier than (a loss there settles the most), of
    /// those the one with the most open rule sets no easier than it; ties
    /// to the lowest index. Wins are usually quick to find and losses slow
    /// to prove, so proving each loss once, as easy as it comes, is what
    /// saves the most time.
    pub fn next_probe(&self, open: &[bool]) -> Option<usize> {
        let strictly_easier = |a: usize, b: usize| self.no_harder(a, b) && !self.no_harder(b, a);
        (0..self.len())
            .filter(|&c| open[c] && !(0..self.len()).any(|other| open[other] && strictly_easier(c, other)))
            .max_by_key(|&c| ((0..self.len()).filter(|&other| open[other] && self.no_harder(other, c)).count(), std::cmp::Reverse(c)))
    }
}

/// The solver's answer for one deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolverRecord {
    pub verdict: String,
    /// Moves in the winning line, when winnable.
    pub length: Option<u32>,
    pub nodes: u64,
    /// The rule set whose solved verdict gave this one by the plugin's
    /// declared rule order (see [`RuleSetOrder`]); `None` when solved here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implied_by: Option<usize>,
}

/// The best-score search's answer for one deal (a game that keeps a score).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestRecord {
    /// The highest score found; its line was replayed to it.
    pub score: i64,
    /// No line scores more: equal to `score` when proved, `None` when
    /// unknown.
    pub bound: Option<i64>,
    pub length: u32,
    pub nodes: u64,
}

impl BestRecord {
    pub fn proved(&self) -> bool {
        self.bound == Some(self.score)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// Index into the study's rule sets.
    pub rule_set: usize,
    pub deal: u64,
    pub solver: Option<SolverRecord>,
    pub expert: Option<PlayRecord>,
    pub greedy: Option<PlayRecord>,
    /// The best-score search's, for a game that keeps a score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<BestRecord>,
    /// A plugin fault on this deal, if any (the study goes on).
    pub error: Option<String>,
    /// Time spent on this deal, all players together.
    pub micros: u64,
}

/// How a rule set is named in results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSetLabel {
    pub name: String,
    pub plugin: String,
    pub plugin_version: String,
    /// `passes=3, win=all`
    pub settings: String,
}

/// Everything a study produced; also the JSON format of `--format json`
/// and the input of `patience merge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyFile {
    pub format: u32,
    pub rule_sets: Vec<RuleSetLabel>,
    pub players: Vec<PlayerKind>,
    pub budget: u64,
    /// Best-score search nodes per deal (the `best` player).
    #[serde(default = "default_best_budget")]
    pub best_budget: u64,
    pub expert: ExpertConfig,
    pub from: u64,
    pub deals: u64,
    /// `(i, n)`: this file holds shard i of n (1-based); `None` for all.
    pub shard: Option<(u64, u64)>,
    pub records: Vec<DealRecord>,
}

pub const FORMAT: u32 = 1;

fn default_best_budget() -> u64 {
    patience_runtime::BEST_SCORE_BUDGET
}

pub struct Study {
    pub rule_sets: Vec<(RuleSet, Arc<LoadedPlugin>)>,
    pub from: u64,
    pub deals: u64,
    pub players: Vec<PlayerKind>,
    /// Solver node budget per deal.
    pub budget: u64,
    /// Best-score search node budget per deal (the `best` player).
    pub best_budget: u64,
    pub expert: ExpertConfig,
    pub shard: Option<(u64, u64)>,
}

impl Study {
    /// The deal numbers this run covers: shard i of n takes every n-th deal
    /// starting with the i-th.
    pub fn deal_numbers(&self) -> Vec<u64> {
        let all = self.from..self.from + self.deals;
        match self.shard {
            None => all.collect(),
            Some((index, count)) => all.filter(|deal| (deal - self.from) % count == index - 1).collect(),
        }
    }

    /// Every (rule set, deal) this run will play.
    pub fn task_count(&self) -> u64 {
        self.deal_numbers().len() as u64 * self.rule_sets.len() as u64
    }

    /// Runs the study on `jobs` threads. `progress` is called after each
    /// finished (rule set, deal); setting `cancel` stops early with an
    /// error.
    pub fn run(&self, jobs: usize, progress: &(dyn Fn() + Sync), cancel: &AtomicBool) -> Result<StudyFile> {
        self.check_shard()?;
        let tasks: Vec<(usize, u64)> = self
            .deal_numbers()
            .into_iter()
            .flat_map(|deal| (0..self.rule_sets.len()).map(move |rule_set| (rule_set, deal)))
            .collect();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build()?;
        let records: Vec<Option<DealRecord>> = pool.install(|| {
            tasks
                .par_iter()
                // One instance per rule set per worker, reused deal after deal.
                .map_init(Workspace::default, |workspace, &(rule_set, deal)| {
                    if cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                    let record = self.run_one(workspace, rule_set, deal);
                    progress();
                    Some(record)
                })
                .collect()
        });
        if cancel.load(Ordering::Relaxed) {
            bail!("cancelled");
        }
        Ok(self.file(records.into_iter().flatten().collect()))
    }

    /// Refuses a shard that does not exist.
    fn check_shard(&self) -> Result<()> {
        if let Some((index, count)) = self.shard
            && (count == 0 || index == 0 || index > count)
        {
            bail!("--shard {index}/{count}: write I/N with 1 ≤ I ≤ N");
        }
        Ok(())
    }

    /// This study's results file, its records in (rule set, deal) order.
    pub fn file(&self, mut records: Vec<DealRecord>) -> StudyFile {
        records.sort_by_key(|r| (r.rule_set, r.deal));
        StudyFile {
            format: FORMAT,
            rule_sets: self.labels(),
            players: self.players.clone(),
            budget: self.budget,
            best_budget: self.best_budget,
            expert: self.expert,
            from: self.from,
            deals: self.deals,
            shard: self.shard,
            records,
        }
    }

    /// [`Study::run`] for rule sets ordered by `order`: on each deal the
    /// solver runs on the easiest rule set not yet decided, and each verdict
    /// decides every rule set the order ties to it (a win every easier one,
    /// a loss every harder one), so far fewer deals are solved. The other
    /// players play every rule set. Records are those of [`Study::run`]
    /// but for the implied verdicts (no length, no nodes, `implied_by`), and
    /// the same for any `jobs` and any sharding.
    pub fn run_ordered(
        &self,
        order: &RuleSetOrder,
        jobs: usize,
        progress: &(dyn Fn() + Sync),
        cancel: &AtomicBool,
    ) -> Result<StudyFile> {
        if order.len() != self.rule_sets.len() {
            bail!("the rule order covers {} rule sets, the study has {}", order.len(), self.rule_sets.len());
        }
        self.check_shard()?;
        let deals = self.deal_numbers();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build()?;
        let per_deal: Vec<Option<Vec<DealRecord>>> = pool.install(|| {
            deals
                .par_iter()
                .map_init(Workspace::default, |workspace, &deal| self.run_deal_ordered(workspace, order, deal, progress, cancel))
                .collect()
        });
        if cancel.load(Ordering::Relaxed) {
            bail!("cancelled");
        }
        Ok(self.file(per_deal.into_iter().flatten().flatten().collect()))
    }

    /// One deal under every rule set, the solver's verdicts spread by
    /// `order`; `None` when cancelled.
    fn run_deal_ordered(
        &self,
        workspace: &mut Workspace,
        order: &RuleSetOrder,
        deal: u64,
        progress: &(dyn Fn() + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<DealRecord>> {
        let count = self.rule_sets.len();
        let mut records: Vec<DealRecord> = (0..count)
            .map(|rule_set| DealRecord { rule_set, deal, solver: None, expert: None, greedy: None, best: None, error: None, micros: 0 })
            .collect();
        if self.players.contains(&PlayerKind::Solver) {
            let mut open: Vec<bool> = vec![true; count];
            while let Some(probe) = order.next_probe(&open) {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let began = Instant::now();
                let record = &mut records[probe];
                let solved = self.shared_game(workspace, record).map_err(anyhow::Error::from).and_then(|game| {
                    game.solve(self.budget, false).map_err(anyhow::Error::from)
                });
                record.micros += began.elapsed().as_micros() as u64;
                open[probe] = false;
                let solution = match solved {
                    Ok(solution) => solution,
                    Err(error) => {
                        record.error = Some(format!("{error:#}"));
                        continue;
                    }
                };
                let verdict = verdict_name(solution.verdict).to_string();
                record.solver = Some(SolverRecord {
                    verdict: verdict.clone(),
                    length: (solution.verdict == Verdict::Winnable).then_some(solution.line.len() as u32),
                    nodes: solution.nodes,
                    implied_by: None,
                });
                let implied: Vec<usize> = match solution.verdict {
                    Verdict::Winnable => (0..count).filter(|&other| open[other] && order.no_harder(probe, other)).collect(),
                    Verdict::NotWinnable => (0..count).filter(|&other| open[other] && order.no_harder(other, probe)).collect(),
                    Verdict::Unknown => Vec::new(),
                };
                for other in implied {
                    open[other] = false;
                    records[other].solver =
                        Some(SolverRecord { verdict: verdict.clone(), length: None, nodes: 0, implied_by: Some(probe) });
                }
            }
        }
        for record in &mut records {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            if record.error.is_none() {
                let began = Instant::now();
                if let Err(error) = self.play_fair(workspace, record) {
                    record.error = Some(format!("{error:#}"));
                }
                record.micros += began.elapsed().as_micros() as u64;
            }
            progress();
        }
        Some(records)
    }

    /// The fair players of this study (all but the solver) on `record`.
    fn play_fair(&self, workspace: &mut Workspace, record: &mut DealRecord) -> Result<()> {
        for player in &self.players {
            match player {
                PlayerKind::Solver => {}
                PlayerKind::Expert => {
                    let game = self.shared_game(workspace, record)?;
                    record.expert = Some(players::play_expert(game, self.expert, record.deal)?);
                }
                PlayerKind::Greedy => {
                    let game = self.shared_game(workspace, record)?;
                    record.greedy = Some(players::play_greedy(game)?);
                }
                PlayerKind::Best => {
                    let game = self.shared_game(workspace, record)?;
                    record.best = self.best_score(game)?;
                }
            }
        }
        Ok(())
    }

    /// The record's deal, just started under its rule set, in the game of
    /// the first rule set with the same plugin: one instance per plugin per
    /// worker, however many rule sets.
    fn shared_game<'w>(&self, workspace: &'w mut Workspace, record: &DealRecord) -> Result<&'w mut Game, GameError> {
        let (rule_set, plugin) = &self.rule_sets[record.rule_set];
        let slot = self.rule_sets.iter().position(|(_, other)| Arc::ptr_eq(other, plugin)).unwrap_or(record.rule_set);
        workspace.fresh_game(slot, plugin, &Deal::Seed(record.deal), &rule_set.options)
    }

    pub fn labels(&self) -> Vec<RuleSetLabel> {
        self.rule_sets
            .iter()
            .map(|(rule_set, plugin)| RuleSetLabel {
                name: rule_set.name.clone(),
                plugin: plugin.info.id.clone(),
                plugin_version: plugin.info.version.clone(),
                settings: rule_set.settings_summary(),
            })
            .collect()
    }

    fn run_one(&self, workspace: &mut Workspace, rule_set: usize, deal: u64) -> DealRecord {
        let began = Instant::now();
        let mut record =
            DealRecord { rule_set, deal, solver: None, expert: None, greedy: None, best: None, error: None, micros: 0 };
        if let Err(error) = self.fill(workspace, &mut record) {
            record.error = Some(format!("{error:#}"));
        }
        record.micros = began.elapsed().as_micros() as u64;
        record
    }

    fn fill(&self, workspace: &mut Workspace, record: &mut DealRecord) -> Result<()> {
        for player in &self.players {
            let game = self.fresh_game(workspace, record)?;
            match player {
                PlayerKind::Solver => {
                    let solution = game.solve(self.budget, false)?;
                    record.solver = Some(SolverRecord {
                        verdict: verdict_name(solution.verdict).to_string(),
                        length: (solution.verdict == Verdict::Winnable).then_some(solution.line.len() as u32),
                        nodes: solution.nodes,
                        implied_by: None,
                    });
                }
                PlayerKind::Expert => record.expert = Some(players::play_expert(game, self.expert, record.deal)?),
                PlayerKind::Greedy => record.greedy = Some(players::play_greedy(game)?),
                PlayerKind::Best => record.best = self.best_score(game)?,
            }
        }
        Ok(())
    }

    /// The best-score search from the start of `game`; `None` for a game
    /// that keeps no score.
    fn best_score(&self, game: &mut Game) -> Result<Option<BestRecord>> {
        let best = game.solve_best_score(self.best_budget)?;
        Ok(best.map(|best| BestRecord { score: best.score, bound: best.bound, length: best.line.len() as u32, nodes: best.nodes }))
    }

    /// The record's deal, just started under its rule set, in `workspace`.
    fn fresh_game<'w>(&self, workspace: &'w mut Workspace, record: &DealRecord) -> Result<&'w mut Game, GameError> {
        let (rule_set, plugin) = &self.rule_sets[record.rule_set];
        workspace.fresh_game(record.rule_set, plugin, &Deal::Seed(record.deal), &rule_set.options)
    }
}

/// What one worker keeps between deals: a game (and so an instance) per
/// rule set.
#[derive(Default)]
struct Workspace {
    games: Vec<Option<Game>>,
}

impl Workspace {
    /// Rule set `index`'s game, started on `deal`.
    fn fresh_game(
        &mut self,
        index: usize,
        plugin: &Arc<LoadedPlugin>,
        deal: &Deal,
        options: &[(String, OptionValue)],
    ) -> Result<&mut Game, GameError> {
        if self.games.len() <= index {
            self.games.resize_with(index + 1, || None);
        }
        let slot = &mut self.games[index];
        match slot {
            Some(game) => game.start_again(deal, options)?,
            None => *slot = Some(Game::start(plugin, deal, options)?),
        }
        Ok(slot.as_mut().expect("just filled"))
    }
}

pub fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Winnable => "winnable",
        Verdict::NotWinnable => "not-winnable",
        Verdict::Unknown => "unknown",
    }
}

impl StudyFile {
    /// Merges shard files of one study into one file, exactly as a single
    /// run would have produced it. Refuses files of different studies and
    /// incomplete or overlapping sets of shards, naming what is wrong.
    pub fn merge(files: Vec<StudyFile>) -> Result<StudyFile> {
        let Some(first) = files.first() else { bail!("nothing to merge") };
        let mut merged = StudyFile { shard: None, records: Vec::new(), ..first.clone() };
        for (index, file) in files.iter().enumerate() {
            if file.format != FORMAT {
                bail!("file {} has format {}, this version reads {FORMAT}", index + 1, file.format);
            }
            let same_study = file.rule_sets == merged.rule_sets
                && file.players == merged.players
                && file.budget == merged.budget
                && file.best_budget == merged.best_budget
                && file.expert == merged.expert
                && file.from == merged.from
                && file.deals == merged.deals;
            if !same_study {
                bail!("file {} is from a different study (rule sets, players, budget or deals differ)", index + 1);
            }
            merged.records.extend(file.records.iter().cloned());
        }
        merged.records.sort_by_key(|r| (r.rule_set, r.deal));
        let before = merged.records.len();
        merged.records.dedup_by_key(|r| (r.rule_set, r.deal));
        if merged.records.len() != before {
            bail!("the files overlap: some deals appear in more than one shard");
        }
        let expected = merged.deals * merged.rule_sets.len() as u64;
        if merged.records.len() as u64 != expected {
            let missing = (merged.from..merged.from + merged.deals)
                .find(|deal| !merged.records.iter().any(|r| r.deal == *deal))
                .map(|deal| format!(" (deal {deal} is missing)"))
                .unwrap_or_default();
            bail!("the shards are incomplete: {} of {expected} results{missing}", merged.records.len());
        }
        Ok(merged)
    }
}
