//! # patience-conformance: is this plugin fit for the host?
//!
//! The library behind `patience check <plugin.wasm>`. It loads a rule
//! plugin through the real runtime (the same sandbox and validation the app
//! uses) and plays it, then reports check by check:
//!
//! | check          | what it asks |
//! |----------------|--------------|
//! | `load`         | the file is a component that speaks the contract, and instantiates |
//! | `info`         | name, version, summary, rules and option specs are sane; every declared option value starts a game; unknown options and bad values are refused |
//! | `determinism`  | the same deal and moves give identical layouts, moves and snapshots, and asking twice gives the same answer |
//! | `layouts`      | in hundreds of random playouts every layout, HUD, move list and status validates (unique slot ids, no card twice, finite positions, moves pointing at real slots) and agrees with itself |
//! | `moves`        | every listed move applies; unlisted move ids are refused and change nothing; a playout's moves replayed as one line (`play-line`) end where they ended one by one |
//! | `snapshots`    | snapshot → restore gives the identical game |
//! | `hidden cards` | two deals that differ only in where two unseen cards lie look identical until one of them is turned up |
//! | `limits`       | no call runs out of fuel or memory; how close calls come (time, and a rerun with a quarter of the memory and a tenth of the fuel) |
//! | `solver`       | winning lines from the plugin's solver replay; a deal it calls unwinnable is never won |
//! | `saved games`  | games saved by the previous build (`--previous`) read back in this one |
//!
//! Every failure says what is wrong, where (deal, settings, move number)
//! and gives a `patience play` command line that reaches the position.
//!
//! Everything goes through `patience-runtime`'s public API, so the checks
//! see exactly what the app sees.

mod determinism;
mod hidden;
mod info;
mod limits;
mod options;
mod playouts;
mod probe;
pub mod report;
mod saved_games;
mod solver;
mod view;

pub use report::{CheckId, CheckResult, DealRef, Failure, Place, Report, Verdict};

use patience_runtime::{plugin::Source, GameError, Limits, Runtime};
use probe::{describe_error, is_limit_fault, Context};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// What to check and how hard.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random playouts (deal numbers `seed`, `seed + 1`, …). The
    /// determinism and hidden-card checks replay a share of them.
    pub games: u32,
    /// The first deal number; also seeds every random choice, so a report
    /// is the same every time.
    pub seed: u64,
    /// A playout stops after this many moves (games with unlimited passes
    /// can go on for ever).
    pub max_moves: u32,
    /// Deals given to the plugin's solver.
    pub solve_deals: u32,
    /// Solver node budget per deal.
    pub solve_budget: u64,
    /// An ordinary call slower than this gets a note: the app calls
    /// `layout`, `moves`, `hud` and `status` after every move.
    pub slow_call: Duration,
    /// The sandbox limits to check against (the app's defaults unless the
    /// user asked for more).
    pub limits: Limits,
    /// Compiled-code cache (none: always compile).
    pub cache_dir: Option<PathBuf>,
    /// The plugin's file, for the command lines in the report.
    pub plugin_path: Option<PathBuf>,
    /// Plugin ids already taken (e.g. by the bundled plugins), with who
    /// takes them: the host refuses a second plugin with the same id.
    pub taken_ids: Vec<(String, String)>,
    /// The plugin's previous build, whose saved games this one must read.
    pub previous: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 200,
            seed: 1,
            max_moves: 400,
            solve_deals: 5,
            solve_budget: 100_000,
            slow_call: Duration::from_millis(50),
            limits: Limits::default(),
            cache_dir: None,
            plugin_path: None,
            taken_ids: Vec::new(),
            previous: None,
        }
    }
}

impl Config {
    /// Games played twice for the determinism check.
    fn determinism_games(&self) -> u32 {
        share(self.games, 8)
    }

    /// Deals played twice with swapped unseen cards.
    fn hidden_games(&self) -> u32 {
        share(self.games, 4)
    }
}

/// `games / divisor`, but at least 5 (or all of them when fewer).
fn share(games: u32, divisor: u32) -> u32 {
    (games / divisor).max(games.min(5))
}

/// The results being gathered, one per check.
pub(crate) struct Findings {
    results: BTreeMap<CheckId, CheckResult>,
    /// Distinct warning and error lines the plugin logged.
    log: Vec<String>,
}

/// Plugin log lines kept for the report.
const LOG_LINES_KEPT: usize = 10;

impl Findings {
    fn new() -> Findings {
        Findings { results: CheckId::ALL.iter().map(|&id| (id, CheckResult::new(id))).collect(), log: Vec::new() }
    }

    /// Keeps the warnings and errors a game logged (panics included), so
    /// the author sees what their plugin said while it was checked.
    pub(crate) fn keep_log(&mut self, game: &patience_runtime::Game) {
        for line in game.log() {
            let level = format!("{:?}", line.level).to_lowercase();
            let text = format!("[{level}] {}", line.message);
            let worth_keeping = level == "warn" || level == "error";
            if worth_keeping && self.log.len() < LOG_LINES_KEPT && !self.log.contains(&text) {
                self.log.push(text);
            }
        }
    }

    pub(crate) fn get(&mut self, id: CheckId) -> &mut CheckResult {
        self.results.get_mut(&id).expect("every check has a result")
    }

    pub(crate) fn fail(&mut self, id: CheckId, failure: Failure) {
        self.get(id).fail(failure);
    }

    /// A runtime error met by check `id`: hitting the fuel or memory limit
    /// is reported under `limits`, anything else under `id`.
    pub(crate) fn error(&mut self, id: CheckId, mut failure: Failure, error: &GameError) {
        let described = describe_error(error);
        failure.what = if failure.what.is_empty() { described } else { format!("{}: {described}", failure.what) };
        let id = if is_limit_fault(error) { CheckId::Limits } else { id };
        self.fail(id, failure);
    }

    fn skip_all_but(&mut self, done: &[CheckId], reason: &str) {
        for id in CheckId::ALL {
            if !done.contains(&id) {
                self.get(id).skipped = Some(reason.to_string());
            }
        }
    }

    fn into_report(self, plugin: Option<String>, source: String) -> Report {
        Report { plugin, source, checks: self.results.into_values().collect(), log: self.log }
    }
}

/// Checks the plugin file at `path`.
pub fn check_file(path: &Path, config: &Config) -> Report {
    let config = Config { plugin_path: Some(path.to_path_buf()), ..config.clone() };
    match patience_runtime::plugin::read_plugin_file(path) {
        Ok(bytes) => check_bytes(&bytes, &config),
        Err(error) => {
            let mut findings = Findings::new();
            findings.fail(CheckId::Load, Failure::new(format!("cannot read {}: {error:#}", path.display())));
            findings.skip_all_but(&[CheckId::Load], "the plugin did not load");
            findings.into_report(None, path.display().to_string())
        }
    }
}

/// Checks a plugin given as component bytes.
pub fn check_bytes(bytes: &[u8], config: &Config) -> Report {
    let source = config.plugin_path.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| "(bytes)".into());
    let mut findings = Findings::new();
    let plugin = match load(bytes, config, &source) {
        Ok((plugin, how)) => {
            findings.get(CheckId::Load).covered = how;
            plugin
        }
        Err(error) => {
            findings.fail(CheckId::Load, Failure::new(format!("{error:#}")));
            findings.skip_all_but(&[CheckId::Load], "the plugin did not load");
            return findings.into_report(None, source);
        }
    };
    let info = &plugin.info;
    let title = format!("{} {} ({})", info.id, info.version, info.name);
    let ctx = Context::new(plugin, config);
    if !info::check(&ctx, &mut findings) {
        findings.skip_all_but(&[CheckId::Load, CheckId::Info], "no game could be started");
        return findings.into_report(Some(title), source);
    }
    determinism::check(&ctx, &mut findings);
    let verdicts = solver::check(&ctx, &mut findings);
    playouts::check(&ctx, &verdicts, &mut findings);
    hidden::check(&ctx, &mut findings);
    limits::check(&ctx, &mut findings);
    match previous_build(config) {
        Ok(previous) => saved_games::check(&ctx, previous.as_ref(), &mut findings),
        Err(error) => findings.fail(CheckId::SavedGames, Failure::new(format!("{error:#}"))),
    }
    findings.into_report(Some(title), source)
}

/// The previous build named in `config`, loaded as the app would.
fn previous_build(config: &Config) -> anyhow::Result<Option<Arc<patience_runtime::LoadedPlugin>>> {
    let Some(path) = &config.previous else { return Ok(None) };
    let bytes = patience_runtime::plugin::read_plugin_file(path)
        .map_err(|error| anyhow::anyhow!("cannot read the previous build {}: {error:#}", path.display()))?;
    let source = path.display().to_string();
    let (plugin, _) = load(&bytes, config, &source).map_err(|error| error.context(format!("the previous build {source} does not load")))?;
    Ok(Some(plugin))
}

/// Loads the plugin as the app would; says how long compiling took.
fn load(bytes: &[u8], config: &Config, source: &str) -> anyhow::Result<(Arc<patience_runtime::LoadedPlugin>, String)> {
    let runtime = Arc::new(Runtime::new(config.limits.clone(), config.cache_dir.clone())?);
    let began = std::time::Instant::now();
    let (plugin, cache) = runtime.load_reporting(bytes, Source::File(PathBuf::from(source)))?;
    let how = match cache {
        patience_runtime::cache::CacheOutcome::Compiled => format!("compiled in {:.2} s", began.elapsed().as_secs_f64()),
        patience_runtime::cache::CacheOutcome::Hit => "taken from the compile cache".to_string(),
    };
    Ok((plugin, format!("a component for contract {}, {how}, instantiates", patience_runtime::CONTRACT_VERSION)))
}
