//! `patience explore`: one variant under every combination of its options
//! (see `patience_compare::explore`), and `patience merge` for its shards.

use crate::setup::{self, PluginArgs};
use crate::study_cli::{Format, MergeArgs, RunArgs};
use anyhow::{bail, Context, Result};
use patience_compare::explore::{self, Band, Explore, ExploreFile, Plan, Vary, MAX_COMBINATIONS};
use patience_compare::PlayerKind;
use patience_runtime::RuleSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BandBy {
    /// The solver's winnable %.
    Winnable,
    /// The expert's win %.
    Expert,
}

#[derive(clap::Args, Debug)]
pub struct ExploreArgs {
    /// A variant id, a rule set file (its values are where the options not
    /// varied start) or a plugin file.
    pub target: String,
    /// Options to vary, comma-separated or repeated: a name takes every
    /// value (each choice, both values of a flag, the whole numeric range),
    /// `name=LO..HI` part of a numeric range; `all` (the default) or `none`.
    #[arg(long, value_delimiter = ',', value_name = "OPTION[=LO..HI]")]
    pub vary: Vec<String>,
    /// Hold an option at a value (repeatable); else the rule set's value,
    /// else the default.
    #[arg(long, value_delimiter = ',', value_name = "NAME=VALUE")]
    pub fix: Vec<String>,
    /// How many deals (each combination gets the same ones).
    #[arg(long, default_value_t = 200)]
    pub deals: u64,
    /// The first deal number.
    #[arg(long, default_value_t = 1)]
    pub from: u64,
    /// Who plays: any of solver, expert, greedy, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "solver")]
    pub players: Vec<PlayerKind>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Show (and save) only the combinations whose win rate, in percent,
    /// lies in LO..HI (both included), e.g. `40..60`.
    #[arg(long, value_name = "LO..HI", value_parser = parse_band)]
    pub band: Option<(f64, f64)>,
    /// Whose win rate `--band` looks at [default: winnable].
    #[arg(long, value_enum, requires = "band")]
    pub by: Option<BandBy>,
    /// Write each combination shown as a rule set file into DIR.
    #[arg(long, value_name = "DIR")]
    pub save_rulesets: Option<PathBuf>,
    /// Refuse to run more combinations than this.
    #[arg(long, value_name = "N", default_value_t = MAX_COMBINATIONS)]
    pub max_combinations: u64,
    /// Solve every combination on every deal, even where the plugin's
    /// declared rule order settles the verdict (a win stands for every
    /// easier combination, a loss for every harder one): slower, and a
    /// check of the order.
    #[arg(long)]
    pub solve_every_combination: bool,
}

fn parse_band(text: &str) -> Result<(f64, f64), String> {
    let shape = || format!("`{text}` is not a band: write LO..HI in percent, e.g. 40..60");
    let (low, high) = text.split_once("..").ok_or_else(shape)?;
    let low: f64 = low.trim().trim_end_matches('%').parse().map_err(|_| shape())?;
    let high: f64 = high.trim().trim_end_matches('%').parse().map_err(|_| shape())?;
    if !(0.0..=100.0).contains(&low) || !(0.0..=100.0).contains(&high) || low > high {
        return Err(format!("band {text}: write LO..HI with 0 ≤ LO ≤ HI ≤ 100"));
    }
    Ok((low, high))
}

fn print(file: &ExploreFile, format: Format, band: Option<&Band>) -> Result<()> {
    match format {
        Format::Table => print!("{}", explore::table(file, band)),
        Format::Csv => print!("{}", explore::csv(file, band)),
        Format::Json => print!("{}", explore::json(file)?),
    }
    Ok(())
}

pub fn explore(plugin_args: &PluginArgs, args: &ExploreArgs) -> Result<ExitCode> {
    let catalog = setup::catalog_with(plugin_args, &[&args.target])?;
    let rule_set: RuleSet = setup::resolve_target(&args.target, &catalog)?;
    let plugin = catalog.find(&rule_set.plugin).expect("resolve_target checked it").clone();
    let vary = Vary::parse(&args.vary)?;
    let plan = Plan::new(
        &plugin.info.id,
        &plugin.info.name,
        &plugin.info.options,
        &rule_set.options,
        &vary,
        &args.fix,
        args.max_combinations,
    )?;
    let mut players = args.players.clone();
    players.sort();
    players.dedup();
    let band = args.band.map(|(low, high)| {
        let by = match args.by.unwrap_or(BandBy::Winnable) {
            BandBy::Winnable => PlayerKind::Solver,
            BandBy::Expert => PlayerKind::Expert,
        };
        Band { low, high, by }
    });
    if let Some(band) = &band
        && !players.contains(&band.by)
    {
        let (by, player) = if band.by == PlayerKind::Solver { ("winnable", "solver") } else { ("expert", "expert") };
        bail!("--band by {by} needs the {player} among --players");
    }
    if args.save_rulesets.is_some() && args.run.shard.is_some() {
        bail!("--save-rulesets needs every deal: run without --shard, or merge the shards first");
    }
    let explore = Explore {
        plan,
        plugin,
        from: args.from,
        deals: args.deals,
        players,
        budget: args.run.budget,
        expert: args.run.expert(),
        use_rule_order: !args.solve_every_combination,
        shard: args.run.shard,
    };
    let count = explore.plan.count();
    let jobs = args.run.jobs();
    let bar = args.run.progress_bar(explore.task_count(), "(combination, deal)");
    let began = Instant::now();
    let file = explore.run(jobs, &|| bar.inc(1), &AtomicBool::new(false))?;
    bar.finish_and_clear();
    eprintln!(
        "{count} combination{}, {} results in {:.1} s on {jobs} threads",
        if count == 1 { "" } else { "s" },
        file.study.records.len(),
        began.elapsed().as_secs_f64()
    );
    print(&file, args.run.format, band.as_ref())?;
    if let Some(dir) = &args.save_rulesets {
        save_rule_sets(&file, &explore.plan, band.as_ref(), dir)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// This command as typed, less `--save-rulesets DIR`, for descriptions.
fn command_line() -> String {
    let mut words = vec!["patience".to_string()];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--save-rulesets" {
            args.next();
            continue;
        }
        if arg.starts_with("--save-rulesets=") {
            continue;
        }
        let plain = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_=.,/:+".contains(c));
        words.push(if plain { arg } else { format!("'{}'", arg.replace('\'', "'\\''")) });
    }
    words.join(" ")
}

/// Writes each combination kept by `band` as a rule set file in `dir`.
fn save_rule_sets(file: &ExploreFile, plan: &Plan, band: Option<&Band>, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let analysis = explore::analyse(file);
    let command = command_line();
    let mut stems: Vec<String> = Vec::new();
    let kept = explore::kept(&analysis, band);
    for combo in &kept {
        let name = explore::rule_set_name(plan, combo.index);
        let description = format!("Measured by `{command}`: {}.", explore::measured(file, combo));
        let mut stem = explore::file_stem(&name);
        if stems.contains(&stem) {
            stem = format!("{stem}-{}", combo.index + 1);
        }
        let path = dir.join(format!("{stem}.toml"));
        std::fs::write(&path, explore::rule_set_toml(plan, combo.index, &name, &description))
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
        stems.push(stem);
    }
    if kept.is_empty() {
        eprintln!("no combination in the band: no rule set written");
    }
    Ok(())
}

/// `patience merge`: explore shards merge into an exploration; anything
/// else is a compare merge.
pub fn merge(args: &MergeArgs) -> Result<ExitCode> {
    let mut explores = Vec::new();
    let mut others = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let value: serde_json::Value =
            serde_json::from_str(&text).with_context(|| format!("{} is not a JSON file", path.display()))?;
        if value.get("explore").is_some() {
            let file: ExploreFile = serde_json::from_value(value)
                .with_context(|| format!("{} is not an explore JSON file", path.display()))?;
            explores.push(file);
        } else {
            others.push(path);
        }
    }
    if explores.is_empty() {
        return crate::study_cli::merge(args);
    }
    if let Some(other) = others.first() {
        bail!("{} is not from `patience explore`: explore shards merge only with each other", other.display());
    }
    let merged = ExploreFile::merge(explores)?;
    print(&merged, args.format, None)?;
    Ok(ExitCode::SUCCESS)
}
