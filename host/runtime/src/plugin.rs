//! Loading a plugin: check the binary, compile (or take it from the cache),
//! check its imports and exports, instantiate once and read its info.

use crate::bindings::{self, patience::plugin::host};
use crate::cache::{self, CacheOutcome, ComponentCache};
use crate::convert;
use crate::limits::Limits;
use crate::rule_order::{self, EasierStep};
use crate::validate;
use anyhow::{anyhow, bail, Result};
use patience_engine::Info;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{Config, Engine, Store, StoreContextMut};

/// The one interface a plugin may import, and the types it shares.
const ALLOWED_IMPORTS: [&str; 2] = ["patience:plugin/host", "patience:plugin/types"];
const RULES_EXPORT: &str = "patience:plugin/rules";

/// Where a plugin came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Embedded in the binary, under this file name.
    Bundled(String),
    File(PathBuf),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Bundled(name) => write!(f, "bundled ({name})"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A plugin's info, checked.
pub type PluginInfo = Info;

/// A log line a plugin sent through its one import.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub level: host::LogLevel,
    pub message: String,
}

/// What every store holds: its memory limiter and the plugin's recent log.
pub(crate) struct StoreState {
    pub(crate) limits: GameLimiter,
    pub(crate) log: Vec<LogLine>,
    max_log_lines: usize,
    /// Lines ever logged, including those dropped from `log`.
    pub(crate) lines_logged: u64,
}

/// Caps what one store (one game) may allocate. Unlike wasmtime's
/// `StoreLimits`, whose memory limit is per memory, the memory limit here is
/// for all of the store's memories together: a component holds several core
/// instances, and a core module may declare many memories, so a per-memory
/// cap alone would let a plugin use it many times over. Tables (arrays of
/// function references, allocated by the host outside any memory) are
/// capped too. A refused memory growth is what wasm says it is (the
/// `memory.grow` answers -1), so a plugin can live within what it is given
/// (the solver's tables do); one that cannot fails, and the host names the
/// memory limit as the reason. Any other refusal traps, naming the limit.
pub(crate) struct GameLimiter {
    /// The memory limit of the call under way (see `Limits::memory_for`).
    pub(crate) memory_limit: usize,
    /// Bytes of linear memory the store's memories hold now (they never
    /// shrink, and live as long as the store).
    pub(crate) memory_used: usize,
    /// Set when a growth was refused during the call under way.
    pub(crate) refused: bool,
}

/// Most elements one table may have: a plugin's table holds its indirect
/// call targets (hundreds in a typical plugin), 8 bytes each on the host.
const MAX_TABLE_ELEMENTS: usize = 100_000;
/// Most instances, memories and tables in one store: a plugin component
/// has a few core instances with one memory and a table or two.
const MAX_INSTANCES: usize = 16;
const MAX_MEMORIES: usize = 16;
const MAX_TABLES: usize = 16;

impl wasmtime::ResourceLimiter for GameLimiter {
    // (wasmtime itself holds each memory and table to the maximum its module
    // declares, and reports going past it through the `*_grow_failed` hooks.)
    fn memory_growing(&mut self, current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        let total = self.memory_used.saturating_add(desired.saturating_sub(current));
        if total > self.memory_limit {
            self.refused = true;
            return Ok(false);
        }
        self.memory_used = total;
        Ok(true)
    }

    fn memory_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(error.context("growing memory failed"))
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        if desired > MAX_TABLE_ELEMENTS {
            wasmtime::bail!("the table limit stops growing a table to {desired} elements (at most {MAX_TABLE_ELEMENTS})");
        }
        Ok(true)
    }

    fn table_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(error.context("growing a table failed"))
    }

    fn instances(&self) -> usize {
        MAX_INSTANCES
    }

    fn tables(&self) -> usize {
        MAX_TABLES
    }

    fn memories(&self) -> usize {
        MAX_MEMORIES
    }
}

/// Log lines longer than this are cut: a plugin cannot flood the host.
const MAX_LOG_LINE: usize = 4096;

impl StoreState {
    /// Keeps a log line: cut to `MAX_LOG_LINE`, the oldest dropped beyond
    /// `max_log_lines`.
    fn keep_log_line(&mut self, level: host::LogLevel, mut message: String) {
        if message.len() > MAX_LOG_LINE {
            let cut = (0..=MAX_LOG_LINE).rev().find(|&i| message.is_char_boundary(i)).unwrap_or(0);
            message.truncate(cut);
            message.push('…');
        }
        self.lines_logged += 1;
        // At least one line is kept: it may be a panic's message.
        while self.log.len() >= self.max_log_lines.max(1) {
            self.log.remove(0);
        }
        self.log.push(LogLine { level, message });
    }
}

impl host::Host for StoreState {
    fn log(&mut self, level: host::LogLevel, message: String) {
        self.keep_log_line(level, message);
    }
}

impl crate::bindings::patience::plugin::types::Host for StoreState {}

/// Stores alive in this process (one per game, one per load while `info` is
/// read). Everything a plugin instance holds lives in its store, so a count
/// that returns to where it was means nothing leaked.
static LIVE_STORES: AtomicUsize = AtomicUsize::new(0);

/// How many plugin stores are alive now (see [`LIVE_STORES`]).
pub fn live_stores() -> usize {
    LIVE_STORES.load(Ordering::SeqCst)
}

impl Drop for StoreState {
    fn drop(&mut self) {
        LIVE_STORES.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `log`, charging the plugin one unit of fuel per byte the host had to copy
/// and check. Without the charge a plugin could send the same 16 MiB line
/// millions of times for a handful of instructions each: a flood that fuel
/// would never stop, keeping the host busy for hours.
fn charged_log(
    mut store: StoreContextMut<'_, StoreState>,
    (level, message): (host::LogLevel, String),
) -> wasmtime::Result<()> {
    let cost = message.len() as u64;
    let fuel = store.get_fuel()?;
    if fuel < cost {
        store.set_fuel(0)?;
        return Err(wasmtime::Trap::OutOfFuel.into());
    }
    store.set_fuel(fuel - cost)?;
    store.data_mut().keep_log_line(level, message);
    Ok(())
}

/// The wasmtime engine, the linker with the one host import, and the
/// compile cache. Cheap to share: load any number of plugins through one.
#[derive(Clone)]
pub struct Runtime {
    engine: Engine,
    linker: Linker<StoreState>,
    limits: Limits,
    cache: Option<ComponentCache>,
}

impl Runtime {
    /// A runtime with `limits`, caching compiled code in `cache_dir` (none:
    /// always compile).
    pub fn new(limits: Limits, cache_dir: Option<PathBuf>) -> Result<Runtime> {
        let mut config = Config::new();
        config.consume_fuel(true);
        let engine = Engine::new(&config)?;
        let mut linker = Linker::new(&engine);
        bindings::Plugin::add_to_linker::<StoreState, HasSelf<StoreState>>(&mut linker, |state| state)?;
        // The generated `log` cannot charge the plugin for what it sends:
        // replace it with one that can (see `charged_log`).
        linker.allow_shadowing(true);
        linker.instance(&format!("patience:plugin/host@{}", crate::CONTRACT_VERSION))?.func_wrap("log", charged_log)?;
        linker.allow_shadowing(false);
        Ok(Runtime { engine, linker, limits, cache: cache_dir.map(ComponentCache::new) })
    }

    /// A runtime with default limits and the default cache directory.
    pub fn with_defaults() -> Result<Runtime> {
        Runtime::new(Limits::default(), cache::default_dir())
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    pub(crate) fn new_store(&self, fuel: u64) -> Store<StoreState> {
        let limits = GameLimiter { memory_limit: self.limits.memory_bytes, memory_used: 0, refused: false };
        let state = StoreState { limits, log: Vec::new(), max_log_lines: self.limits.log_lines, lines_logged: 0 };
        LIVE_STORES.fetch_add(1, Ordering::SeqCst);
        let mut store = Store::new(&self.engine, state);
        store.limiter(|state| &mut state.limits);
        store.set_fuel(fuel).expect("fuel is enabled");
        // What one answer (or one log line) may make the host copy out of
        // the plugin's memory. Without it a plugin could point thousands of
        // strings at one buffer and have the host copy each.
        store.set_hostcall_fuel(self.limits.output_bytes);
        store
    }

    /// Loads a plugin from component bytes. Every refusal names the problem.
    pub fn load(self: &Arc<Self>, bytes: &[u8], source: Source) -> Result<Arc<LoadedPlugin>> {
        self.load_reporting(bytes, source).map(|(plugin, _)| plugin)
    }

    /// [`Runtime::load`], also telling whether the compiled code came from
    /// the cache.
    pub fn load_reporting(self: &Arc<Self>, bytes: &[u8], source: Source) -> Result<(Arc<LoadedPlugin>, CacheOutcome)> {
        check_binary_kind(bytes)?;
        let hash = cache::content_hash(bytes);
        let (component, outcome) = match &self.cache {
            Some(cache) => cache.load_or_compile(&self.engine, bytes, &hash)?,
            None => (Component::new(&self.engine, bytes)?, CacheOutcome::Compiled),
        };
        check_imports_and_exports(&self.engine, &component)?;
        let instance_pre = self.linker.instantiate_pre(&component)?;
        let pre = bindings::PluginPre::new(instance_pre)?;
        let (info, easier, step) = read_info(self, &pre)?;
        let line_check = bindings::line_check::LineCheckOnlyIndices::new(pre.instance_pre()).ok();
        let steps = bindings::steps::StepsOnlyIndices::new(pre.instance_pre()).ok();
        let best_score = bindings::best_score::BestScoreOnlyIndices::new(pre.instance_pre()).ok();
        let plugin =
            LoadedPlugin { runtime: Arc::clone(self), pre, info, easier, line_check, steps, step, best_score, source, hash };
        Ok((Arc::new(plugin), outcome))
    }
}

/// A loaded, checked plugin, ready to start games.
#[derive(Clone)]
pub struct LoadedPlugin {
    pub(crate) runtime: Arc<Runtime>,
    pub(crate) pre: bindings::PluginPre<StoreState>,
    pub info: PluginInfo,
    /// The plugin's declared rule order (empty when it declares none).
    pub easier: Vec<EasierStep>,
    /// Where the optional `line-check` export is, when the plugin has it.
    pub(crate) line_check: Option<bindings::line_check::LineCheckOnlyIndices>,
    /// Where the optional `steps` export is, when the plugin has it.
    pub(crate) steps: Option<bindings::steps::StepsOnlyIndices>,
    /// The game's step on the way to a win ("the level it started in is
    /// cleared"), when it has one: see [`crate::Game::solve_step`].
    pub step: Option<String>,
    /// Where the optional `best-score` export is, when the plugin has it.
    pub(crate) best_score: Option<bindings::best_score::BestScoreOnlyIndices>,
    pub source: Source,
    /// SHA-256 of the component bytes.
    pub hash: String,
}

impl fmt::Debug for LoadedPlugin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LoadedPlugin({} {} from {})", self.info.id, self.info.version, self.source)
    }
}

impl LoadedPlugin {
    /// `relaxed 1.0.0 (bundled (relaxed.wasm))`: how errors name a plugin.
    pub fn describe(&self) -> String {
        format!("`{}` {} from {}", self.info.id, self.info.version, self.source)
    }

    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// The same compiled plugin, its games run under `limits` instead:
    /// limits are the store's, not the code's, so nothing is compiled again
    /// (`patience check` tries a plugin under reduced limits this way).
    pub fn under_limits(&self, limits: Limits) -> Arc<LoadedPlugin> {
        let runtime = Runtime { limits, ..(*self.runtime).clone() };
        Arc::new(LoadedPlugin { runtime: Arc::new(runtime), ..self.clone() })
    }

    /// Whether a claimed winning line is checked in one call (the plugin
    /// exports `line-check`, as every SDK plugin does) or move by move.
    pub fn checks_lines_in_one_call(&self) -> bool {
        self.line_check.is_some()
    }
}

/// The largest plugin file the host reads or compiles. The bundled plugins
/// are well under 1 MiB; compiling takes time and memory in proportion.
pub const MAX_PLUGIN_BYTES: u64 = 64 << 20;

/// Reads a plugin file, refusing one larger than [`MAX_PLUGIN_BYTES`]
/// before reading it.
pub fn read_plugin_file(path: &std::path::Path) -> Result<Vec<u8>> {
    let size = std::fs::metadata(path)?.len();
    check_size(size)?;
    Ok(std::fs::read(path)?)
}

fn check_size(size: u64) -> Result<()> {
    if size > MAX_PLUGIN_BYTES {
        bail!(
            "the file is {:.1} MiB, more than the {} MiB a plugin may be",
            size as f64 / (1 << 20) as f64,
            MAX_PLUGIN_BYTES >> 20
        );
    }
    Ok(())
}

fn check_binary_kind(bytes: &[u8]) -> Result<()> {
    check_size(bytes.len() as u64)?;
    if bytes.len() < 8 || &bytes[..4] != b"\0asm" {
        bail!("not a WebAssembly file (it does not start with the `\\0asm` header)");
    }
    match bytes[4..8] {
        [0x0d, 0x00, 0x01, 0x00] => Ok(()),
        [0x01, 0x00, 0x00, 0x00] => bail!(
            "this is a core WebAssembly module, not a component: turn it into a component \
             (e.g. `patience build <crate-dir>` or wit-component's ComponentEncoder)"
        ),
        _ => bail!("unsupported WebAssembly binary version {:?}", &bytes[4..8]),
    }
}

/// Splits `patience:plugin/host@1.0.0` into the name and the version.
fn split_version(name: &str) -> (&str, Option<&str>) {
    match name.split_once('@') {
        Some((base, version)) => (base, Some(version)),
        None => (name, None),
    }
}

fn same_major(version: Option<&str>) -> bool {
    let major = |v: &str| v.split('.').next().map(str::to_string);
    version.and_then(major) == major(crate::CONTRACT_VERSION)
}

fn check_imports_and_exports(engine: &Engine, component: &Component) -> Result<()> {
    let ty = component.component_type();
    for (name, _) in ty.imports(engine) {
        let (base, version) = split_version(name);
        if !ALLOWED_IMPORTS.contains(&base) {
            bail!(
                "the plugin imports `{name}`, but a plugin may import only `patience:plugin/host` \
                 (its log function): no files, clock, network or other host functions"
            );
        }
        if !same_major(version) {
            bail!(
                "the plugin imports `{name}`, built against contract {}, but this host speaks {}",
                version.unwrap_or("(unversioned)"),
                crate::CONTRACT_VERSION
            );
        }
    }
    let rules = ty
        .exports(engine)
        .find(|(name, _)| split_version(name).0 == RULES_EXPORT);
    match rules {
        Some((name, _)) if !same_major(split_version(name).1) => bail!(
            "the plugin exports `{name}`, built against contract {}, but this host speaks {}",
            split_version(name).1.unwrap_or("(unversioned)"),
            crate::CONTRACT_VERSION
        ),
        Some(_) => Ok(()),
        None => bail!("the plugin does not export `{RULES_EXPORT}`: it is not a patience plugin"),
    }
}

/// The plugin's info and its rule order (the optional `rule-order`
/// export), both checked.
fn read_info(runtime: &Runtime, pre: &bindings::PluginPre<StoreState>) -> Result<(PluginInfo, Vec<EasierStep>, Option<String>)> {
    let mut store = runtime.new_store(runtime.limits.call_fuel);
    let failed = |store: &Store<StoreState>, what: &str, trap: &wasmtime::Error| {
        let log = store.data().log.last().map(|line| line.message.clone());
        anyhow!(
            "the plugin failed in `{what}`: {}",
            crate::game::describe_trap(trap, log.as_deref(), &runtime.limits, false, store.data().limits.refused)
        )
    };
    let instance = pre.instance_pre().instantiate(&mut store).map_err(|e| anyhow!("instantiating the plugin: {e:#}"))?;
    let plugin = bindings::Plugin::new(&mut store, &instance)?;
    let raw = plugin.patience_plugin_rules().call_info(&mut store).map_err(|trap| failed(&store, "info", &trap))?;
    let info = convert::info(raw)?;
    validate::info(&info)?;
    let easier = match bindings::rule_order::RuleOrderOnlyIndices::new(pre.instance_pre()) {
        Err(_) => Vec::new(),
        Ok(indices) => {
            let order = indices.load(&mut store, &instance)?;
            let steps = order
                .patience_plugin_rule_order()
                .call_easier_steps(&mut store)
                .map_err(|trap| failed(&store, "easier-steps", &trap))?;
            let steps = steps
                .into_iter()
                .map(|step| EasierStep {
                    option: step.name,
                    harder: convert::option_value(step.harder),
                    easier: convert::option_value(step.easier),
                })
                .collect();
            rule_order::checked(steps, &info.options)?
        }
    };
    let step = match bindings::steps::StepsOnlyIndices::new(pre.instance_pre()) {
        Err(_) => None,
        Ok(indices) => {
            let steps = indices.load(&mut store, &instance)?;
            let step = steps.patience_plugin_steps().call_step(&mut store).map_err(|trap| failed(&store, "step", &trap))?;
            if let Some(step) = &step {
                validate::message("the step", step)?;
            }
            step
        }
    };
    Ok((info, easier, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::{Instance, Module};

    /// A core module with three memories of 20 MiB each.
    const THREE_MEMORIES: &[u8] = &[
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // header
        0x05, 0x0a, 0x03, 0x00, 0xc0, 0x02, 0x00, 0xc0, 0x02, 0x00, 0xc0, 0x02, // 3 × (min 320 pages)
    ];

    /// A core module with a table of ten million functions (80 MB of host
    /// memory, outside every memory limit).
    const HUGE_TABLE: &[u8] = &[
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // header
        0x04, 0x07, 0x01, 0x70, 0x00, 0x80, 0xad, 0xe2, 0x04, // 1 × funcref, min 10,000,000
    ];

    fn instantiate(bytes: &[u8]) -> wasmtime::Result<Instance> {
        let runtime = Runtime::new(Limits { memory_bytes: 32 << 20, ..Limits::default() }, None).unwrap();
        let mut store = runtime.new_store(1_000_000);
        let module = Module::new(&runtime.engine, bytes)?;
        Instance::new(&mut store, &module, &[])
    }

    #[test]
    fn the_memory_limit_is_for_all_memories_together() {
        let error = instantiate(THREE_MEMORIES).unwrap_err();
        assert!(format!("{error:#}").contains("memory"), "{error:#}");
    }

    #[test]
    fn tables_cannot_make_the_host_allocate_without_bound() {
        instantiate(HUGE_TABLE).unwrap_err();
    }
}
