//! Measuring one rule set's difficulty in the background — the solver on
//! some deals, then the expert on fewer — with progress and a cancel, for
//! a custom rule set the study files have no figures for.

use crate::background::CountedJob;
use crate::difficulty::Figures;
use patience_compare::players::ExpertConfig;
use patience_compare::{report, PlayerKind, Study};
use patience_runtime::{LoadedPlugin, RuleSet};
use std::sync::Arc;

/// Deals the solver and the expert play when measuring in the app: enough
/// for intervals a few points wide on the solver, while the expert (by far
/// the slower) keeps it to minutes.
pub const SOLVER_DEALS: u64 = 1_000;
pub const EXPERT_DEALS: u64 = 100;

/// The solver's budget per deal: the host's one solving budget.
pub const BUDGET: u64 = patience_runtime::SOLVE_BUDGET;

pub struct Measure {
    pub running: Option<Measuring>,
    /// What the last measurement ended with, if not figures.
    pub problem: Option<String>,
    pub solver_deals: u64,
    pub expert_deals: u64,
}

impl Default for Measure {
    fn default() -> Measure {
        Measure { running: None, problem: None, solver_deals: SOLVER_DEALS, expert_deals: EXPERT_DEALS }
    }
}

/// A measurement on its way.
pub struct Measuring {
    pub rule_set: RuleSet,
    /// Counts finished games.
    pub job: CountedJob<Figures>,
}

impl Measure {
    /// Starts measuring `rule_set` (one thread: the window keeps a core).
    pub fn start(&mut self, rule_set: RuleSet, plugin: Arc<LoadedPlugin>) {
        self.cancel();
        let studies: Vec<Study> = [(PlayerKind::Solver, self.solver_deals), (PlayerKind::Expert, self.expert_deals)]
            .into_iter()
            .filter(|(_, deals)| *deals > 0)
            .map(|(player, deals)| Study {
                rule_sets: vec![(rule_set.clone(), Arc::clone(&plugin))],
                from: 1,
                deals,
                players: vec![player],
                budget: BUDGET,
                best_budget: patience_runtime::BEST_SCORE_BUDGET,
                expert: ExpertConfig::default(),
                shard: None,
            })
            .collect();
        let total = studies.iter().map(Study::task_count).sum();
        let job = CountedJob::spawn("measuring", total, move |count_one, cancel| {
            let mut figures = Figures::default();
            for study in studies {
                let file = study.run(1, count_one, cancel)?;
                for row in report::rows(&file) {
                    figures.solved += row.solved;
                    figures.winnable += row.winnable;
                    figures.expert_games += row.expert_games;
                    figures.expert_won += row.expert_won;
                }
            }
            Ok(figures)
        });
        self.problem = None;
        self.running = Some(Measuring { rule_set, job });
    }

    /// Stops the measurement; nothing of it is kept.
    pub fn cancel(&mut self) {
        if let Some(running) = self.running.take() {
            running.job.cancel();
            let (done, total) = running.job.progress();
            self.problem = Some(format!("Measuring cancelled after {done} of {total} games; nothing was kept."));
        }
    }

    /// The figures, once they have come (with the rule set they are for).
    pub fn poll(&mut self) -> Option<(RuleSet, Figures)> {
        let result = self.running.as_ref()?.job.poll()?;
        let running = self.running.take().expect("checked above");
        match result {
            Ok(figures) => Some((running.rule_set, figures)),
            Err(error) => {
                self.problem = Some(format!("Measuring failed: {error:#}"));
                None
            }
        }
    }
}
