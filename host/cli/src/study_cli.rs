//! `patience solve`, `patience compare` and `patience merge`.

use crate::setup::{self, GameArgs, PluginArgs};
use anyhow::{bail, Context, Result};
use patience_compare::players::ExpertConfig;
use patience_compare::study::verdict_name;
use patience_compare::{report, PlayerKind, Study, StudyFile};
use patience_engine::solver::Verdict;
use patience_runtime::{Game, Limits, BEST_SCORE_BUDGET, SOLVE_BUDGET};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Find a line with the fewest moves (A*).
    #[arg(long, conflicts_with = "best_score")]
    pub optimal: bool,
    /// Find the highest score the deal allows (a game that keeps a score):
    /// proved best, or the best found and a bound when the budget runs out.
    #[arg(long)]
    pub best_score: bool,
    /// Positions the solver may expand before answering "unknown"
    /// [default: 20000000; with --best-score 1000000].
    #[arg(long)]
    pub budget: Option<u64>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Csv,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// Variant ids, rule set files or plugin files; each gets the same deals.
    #[arg(required = true)]
    pub targets: Vec<String>,
    /// How many deals.
    #[arg(long, default_value_t = 1000)]
    pub deals: u64,
    /// The first deal number.
    #[arg(long, default_value_t = 1)]
    pub from: u64,
    /// Who plays: any of solver, expert, greedy, comma-separated; and
    /// best, the best-score search (a game that keeps a score).
    #[arg(long, value_delimiter = ',', default_value = "solver,expert,greedy")]
    pub players: Vec<PlayerKind>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// How a study runs and prints, the same for `compare` and `explore`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Run only shard I of N (every N-th deal); merge the JSON outputs with
    /// `patience merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Positions the solver may expand per deal before answering "unknown".
    #[arg(long, default_value_t = SOLVE_BUDGET)]
    pub budget: u64,
    /// Positions the best-score search (player `best`) may expand per deal.
    #[arg(long, default_value_t = BEST_SCORE_BUDGET)]
    pub best_budget: u64,
    /// Completions the expert searches per decision.
    #[arg(long, default_value_t = ExpertConfig::default().samples)]
    pub expert_samples: u32,
    /// Solver nodes per expert completion.
    #[arg(long, default_value_t = ExpertConfig::default().budget)]
    pub expert_budget: u64,
}

impl RunArgs {
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    }

    pub fn expert(&self) -> ExpertConfig {
        ExpertConfig { samples: self.expert_samples, budget: self.expert_budget }
    }

    /// A progress bar on stderr counting `unit`.
    pub fn progress_bar(&self, tasks: u64, unit: &str) -> indicatif::ProgressBar {
        let bar = indicatif::ProgressBar::new(tasks);
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {unit} · {{elapsed}} · eta {{eta}}"))
                .expect("a valid template"),
        );
        bar
    }
}

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// JSON files written by `patience compare --format json --shard I/N`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// `I/N` of `--shard`, for `compare` and `explore`.
pub(crate) fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let shape = || format!("`{text}` is not a shard: write I/N, e.g. 2/8");
    let (index, count) = text.split_once('/').ok_or_else(shape)?;
    let index: u64 = index.trim().parse().map_err(|_| shape())?;
    let count: u64 = count.trim().parse().map_err(|_| shape())?;
    if index == 0 || index > count {
        return Err(format!("shard {index}/{count}: I must be between 1 and N"));
    }
    Ok((index, count))
}

pub fn solve(plugin_args: &PluginArgs, args: &SolveArgs) -> Result<ExitCode> {
    let catalog = setup::catalog_with(plugin_args, &[&args.game.target])?;
    let (rule_set, plugin) = args.game.rule_set(&catalog)?;
    let deal = args.game.deal()?;
    let mut game = Game::start(plugin, &deal, &rule_set.options)?;
    if args.best_score {
        return best_score(&mut game, args.budget.unwrap_or(BEST_SCORE_BUDGET), &setup::describe_deal(&deal));
    }
    let budget = args.budget.unwrap_or(SOLVE_BUDGET);
    let began = Instant::now();
    let solution = game.solve(budget, args.optimal)?;
    let elapsed = began.elapsed();
    println!("{} {} — {}", plugin.info.name, plugin.info.version, setup::describe_deal(&deal));
    println!("verdict: {}", verdict_name(solution.verdict));
    if !solution.line.is_empty() {
        println!("line ({} moves{}): {}", solution.line.len(), if args.optimal { ", fewest" } else { "" }, solution.line.join(", "));
    }
    println!("nodes: {} · time: {:.1} ms", solution.nodes, elapsed.as_secs_f64() * 1e3);
    if solution.verdict == Verdict::Unknown {
        println!("{}", undecided_because(solution.nodes, budget, plugin.runtime().limits()));
    }
    if let Some(step) = plugin.step.clone().filter(|_| solution.verdict != Verdict::Winnable) {
        // Not a win, but what a player can still aim for.
        let reached = game.solve_step(budget)?;
        let said = match reached.verdict {
            Verdict::Winnable => format!("reached in {} moves: {}", reached.line.len(), reached.line.join(", ")),
            Verdict::NotWinnable => "no line reaches it".to_string(),
            Verdict::Unknown => "undecided".to_string(),
        };
        println!("step ({step}): {said}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `solve --best-score`: the best line found, and whether it is the best.
fn best_score(game: &mut Game, budget: u64, deal: &str) -> Result<ExitCode> {
    let plugin = std::sync::Arc::clone(game.plugin());
    let began = Instant::now();
    let Some(best) = game.solve_best_score(budget)? else {
        bail!("{} keeps no score (or has no best-score search): --best-score is for games that do", plugin.describe());
    };
    let elapsed = began.elapsed();
    println!("{} {} — {deal}", plugin.info.name, plugin.info.version);
    match best.bound {
        _ if best.proved() => println!("best score: {} (proved: no line scores more)", best.score),
        Some(bound) => println!("best score found: {} · no line scores more than {bound}", best.score),
        None => println!("best score found: {} · no bound known", best.score),
    }
    println!("line ({} moves): {}", best.line.len(), best.line.join(", "));
    println!("nodes: {} · time: {:.1} ms", best.nodes, elapsed.as_secs_f64() * 1e3);
    if !best.proved() {
        println!("{}", undecided_because(best.nodes, budget, plugin.runtime().limits()).replacen("undecided", "not proved", 1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Which limit stopped a search that answered "unknown", and what to raise:
/// the budget if it was spent, otherwise the memory the search was given.
fn undecided_because(nodes: u64, budget: u64, limits: &Limits) -> String {
    if nodes >= budget {
        format!("undecided: the budget of {budget} positions ran out (raise it with --budget)")
    } else {
        format!(
            "undecided: the search's tables filled the {} MiB a solve may use (raise `solve_memory_mib` \
             under [limits] in the host config, or pass --config FILE)",
            limits.memory_for(true) >> 20
        )
    }
}

fn print(file: &StudyFile, format: Format) -> Result<()> {
    match format {
        Format::Table => print!("{}", report::table(file)),
        Format::Csv => print!("{}", report::csv(file)),
        Format::Json => print!("{}", report::json(file)?),
    }
    Ok(())
}

pub fn compare(plugin_args: &PluginArgs, args: &CompareArgs) -> Result<ExitCode> {
    let targets: Vec<&str> = args.targets.iter().map(String::as_str).collect();
    let catalog = setup::catalog_with(plugin_args, &targets)?;
    let mut rule_sets = Vec::new();
    for target in &args.targets {
        let rule_set = setup::resolve_target(target, &catalog)?;
        let plugin = catalog.find(&rule_set.plugin).expect("resolve_target checked it").clone();
        rule_sets.push((rule_set, plugin));
    }
    let mut players = args.players.clone();
    players.sort();
    players.dedup();
    let study = Study {
        rule_sets,
        from: args.from,
        deals: args.deals,
        players,
        budget: args.run.budget,
        best_budget: args.run.best_budget,
        expert: args.run.expert(),
        shard: args.run.shard,
    };
    let jobs = args.run.jobs();
    let bar = args.run.progress_bar(study.task_count(), "deals");
    let began = Instant::now();
    let file = study.run(jobs, &|| bar.inc(1), &AtomicBool::new(false))?;
    bar.finish_and_clear();
    eprintln!("{} results in {:.1} s on {jobs} threads", file.records.len(), began.elapsed().as_secs_f64());
    print(&file, args.run.format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn merge(args: &MergeArgs) -> Result<ExitCode> {
    let mut files = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let file: StudyFile =
            serde_json::from_str(&text).with_context(|| format!("{} is not a compare JSON file", path.display()))?;
        files.push(file);
    }
    if files.is_empty() {
        bail!("nothing to merge");
    }
    let merged = StudyFile::merge(files)?;
    print(&merged, args.format)?;
    Ok(ExitCode::SUCCESS)
}
