//! Building the runtime and the catalog, and resolving what the user named:
//! a plugin id, a bundled rule set's id, a rule set file or a plugin file.

use anyhow::{anyhow, bail, Context, Result};
use patience_engine::card::parse_cards;
use patience_engine::deal::Deal;
use patience_runtime::plugin::{read_plugin_file, Source};
use patience_runtime::{catalog, Catalog, HostConfig, LoadedPlugin, Limits, RuleSet, Runtime};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where plugins come from and how they are run.
#[derive(clap::Args, Debug, Clone)]
pub struct PluginArgs {
    /// Extra directory to load `*.wasm` plugins from (repeatable). Default:
    /// `plugins/` beside the executable and in the working directory.
    #[arg(long = "plugins", value_name = "DIR", global = true, env = "PATIENCE_PLUGINS")]
    pub plugin_dirs: Vec<PathBuf>,
    /// Do not use the compiled-code cache.
    #[arg(long, global = true)]
    pub no_cache: bool,
    /// Memory limit per game, in MiB (default 64, or `memory_mib` in the
    /// config file; this flag wins).
    #[arg(long, value_name = "MIB", global = true)]
    pub memory_limit: Option<usize>,
    /// Host config file (TOML, a `[limits]` table: memory_mib,
    /// solve_memory_mib, call_fuel, solve_fuel, log_lines, output_mib,
    /// max_slots, max_moves). Default:
    /// `config.toml` in the data directory, if it exists.
    #[arg(long = "config", value_name = "FILE", global = true, env = "PATIENCE_CONFIG")]
    pub config: Option<PathBuf>,
}

pub fn bundled() -> Vec<(&'static str, &'static [u8])> {
    patience_bundled::BUNDLED.iter().map(|plugin| (plugin.file_name, plugin.bytes)).collect()
}

/// The app's menu groups, as the bundled plugins' manifests and the
/// workspace's name and order them.
pub fn menu_groups() -> patience_gui::Groups {
    let bundled = patience_bundled::BUNDLED
        .iter()
        .filter_map(|plugin| plugin.group.map(|group| (plugin.file_name.to_string(), group.to_string())))
        .collect();
    patience_gui::Groups::new(bundled, patience_bundled::GROUPS.iter().map(|group| group.to_string()).collect())
}

/// The rule sets built into the binary, as `(id, file name, text)`.
fn bundled_rule_set_sources() -> Vec<patience_runtime::ruleset::BundledSource<'static>> {
    patience_bundled_rulesets::RULE_SETS.iter().map(|r| (r.id, r.file_name, r.text)).collect()
}

/// The rule sets built into the binary, read against `catalog`, and one
/// sentence for each that cannot be offered.
pub fn bundled_rule_sets(catalog: &Catalog) -> (Vec<RuleSet>, Vec<String>) {
    patience_runtime::load_bundled(&bundled_rule_set_sources(), catalog)
}

/// The sandbox's limits: the config file's (`--config`, else the default
/// file if it exists, else the defaults), then `--memory-limit`.
pub fn limits(args: &PluginArgs) -> Result<Limits> {
    let config = match &args.config {
        Some(path) => HostConfig::load(path)?,
        None => HostConfig::load_default()?,
    };
    let mut limits = config.limits;
    if let Some(mib) = args.memory_limit {
        if !(1..=4096).contains(&mib) {
            bail!("--memory-limit {mib}: the memory limit per game takes 1–4096 (MiB)");
        }
        limits.memory_bytes = mib << 20;
    }
    Ok(limits)
}

pub fn runtime(args: &PluginArgs) -> Result<Arc<Runtime>> {
    let limits = limits(args)?;
    let cache = if args.no_cache { None } else { patience_runtime::cache::default_dir() };
    Ok(Arc::new(Runtime::new(limits, cache)?))
}

/// The directories plugins are loaded from.
pub fn plugin_dirs(args: &PluginArgs) -> Vec<PathBuf> {
    if args.plugin_dirs.is_empty() { catalog::default_plugin_dirs() } else { args.plugin_dirs.clone() }
}

/// The bundled plugins and those in `dirs`; problems with individual
/// plugins are warnings, not errors.
pub fn load_catalog(runtime: &Arc<Runtime>, dirs: &[PathBuf]) -> Catalog {
    let catalog = Catalog::load(runtime, &bundled(), dirs);
    for problem in catalog.problems() {
        eprintln!("warning: plugin {} not loaded: {}", problem.source, problem.message);
    }
    catalog
}

pub fn catalog(args: &PluginArgs) -> Result<Catalog> {
    catalog_with(args, &[])
}

/// The catalog, plus the plugin files among `targets` (`my-variant.wasm`):
/// each takes the place of any plugin with the same id, so a plugin being
/// written can be tried without copying it into `plugins/`.
pub fn catalog_with(args: &PluginArgs, targets: &[&str]) -> Result<Catalog> {
    let runtime = runtime(args)?;
    let mut catalog = load_catalog(&runtime, &plugin_dirs(args));
    for target in targets.iter().filter(|target| is_plugin_file(target)) {
        let path = Path::new(target);
        let bytes = read_plugin_file(path).with_context(|| format!("reading the plugin {target}"))?;
        let plugin = runtime
            .load(&bytes, Source::File(path.to_path_buf()))
            .with_context(|| format!("loading the plugin {target}"))?;
        catalog.insert_overriding(plugin);
    }
    Ok(catalog)
}

fn is_plugin_file(target: &str) -> bool {
    target.ends_with(".wasm")
}

/// How a game is chosen on the command line.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// A variant id (`relaxed`), a rule set file (`rulesets/relaxed-3-passes.toml`)
    /// or a plugin file (`my-variant.wasm`).
    pub target: String,
    /// The deal number.
    #[arg(long, conflicts_with = "deck")]
    pub seed: Option<u64>,
    /// An explicit deal: 52 cards (e.g. "5s 9h Qd …"), in the order the
    /// variant documents (pair games: the pyramid row by row from the apex,
    /// then the stock from the top).
    #[arg(long)]
    pub deck: Option<String>,
    /// Set an option: `--set passes=3` (repeatable; overrides a rule set).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub settings: Vec<String>,
}

/// The deal number used when none is given.
pub const DEFAULT_SEED: u64 = 1;

impl GameArgs {
    pub fn deal(&self) -> Result<Deal> {
        match (&self.deck, self.seed) {
            (Some(deck), _) => Ok(Deal::Cards(parse_cards(deck)?)),
            (None, seed) => Ok(Deal::Seed(seed.unwrap_or(DEFAULT_SEED))),
        }
    }

    /// The rule set named by `target`, with `--set` applied, and its plugin.
    pub fn rule_set<'a>(&self, catalog: &'a Catalog) -> Result<(RuleSet, &'a Arc<LoadedPlugin>)> {
        let mut rule_set = resolve_target(&self.target, catalog)?;
        let plugin = catalog.find(&rule_set.plugin).expect("resolve_target checked the plugin");
        for assignment in &self.settings {
            rule_set.set(assignment, &plugin.info.options)?;
        }
        Ok((rule_set, plugin))
    }
}

/// What `target` names: a plugin file, a rule set file, a plugin's id (its
/// default rules) or a bundled rule set's id. A plugin and a bundled rule
/// set never share an id silently: the plugin keeps it, and naming it says
/// so.
pub fn resolve_target(target: &str, catalog: &Catalog) -> Result<RuleSet> {
    let path = Path::new(target);
    if is_plugin_file(target) {
        let plugin = catalog
            .from_source(&Source::File(path.to_path_buf()))
            .ok_or_else(|| anyhow!("the plugin file {target} is not in the catalog"))?;
        return Ok(RuleSet::defaults(&plugin.info.id));
    }
    if target.ends_with(".toml") || path.is_file() {
        return RuleSet::load(path, catalog);
    }
    let sources = bundled_rule_set_sources();
    let bundled = sources.iter().find(|(id, _, _)| *id == target);
    if let Some(plugin) = catalog.find(target) {
        if let Some((_, file_name, _)) = bundled {
            eprintln!("warning: `{target}` names the plugin from {}; the bundled rule set {file_name} of that id is not offered", plugin.source);
        }
        return Ok(RuleSet::defaults(target));
    }
    match bundled {
        Some(&(id, file_name, text)) => RuleSet::parse_bundled(id, file_name, text, catalog),
        None => {
            let rule_sets: Vec<&str> = sources.iter().map(|(id, _, _)| *id).collect();
            bail!(
                "no variant `{target}` and no such rule set file (variants: {}; rule sets: {})",
                catalog.ids().join(", "),
                rule_sets.join(", ")
            )
        }
    }
}

pub fn describe_deal(deal: &Deal) -> String {
    match deal {
        Deal::Seed(seed) => format!("deal {seed}"),
        Deal::Cards(_) => "explicit deck".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(config: Option<PathBuf>, memory_limit: Option<usize>) -> PluginArgs {
        PluginArgs { plugin_dirs: Vec::new(), no_cache: true, memory_limit, config }
    }

    fn config_file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("patience-setup-{}-{name}.toml", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn the_config_file_sets_the_limits_and_the_memory_flag_wins() {
        let path = config_file("good", "[limits]\nmemory_mib = 32\ncall_fuel = 1_000_000\n");
        let limits = limits(&args(Some(path.clone()), None)).unwrap();
        assert_eq!((limits.memory_bytes, limits.call_fuel), (32 << 20, 1_000_000));
        let limits = limits_with_flag(&path, 128);
        assert_eq!((limits.memory_bytes, limits.call_fuel), (128 << 20, 1_000_000));
        std::fs::remove_file(path).unwrap();
    }

    fn limits_with_flag(path: &Path, mib: usize) -> Limits {
        limits(&args(Some(path.to_path_buf()), Some(mib))).unwrap()
    }

    #[test]
    fn a_bad_config_file_or_flag_is_an_error_naming_it() {
        let path = config_file("bad", "[limits]\nmemory_mib = 64\ncall_fule = 5\n");
        let error = limits(&args(Some(path.clone()), None)).unwrap_err().to_string();
        assert!(error.starts_with(&format!("{}:3: ", path.display())), "{error}");
        assert!(error.contains("call_fule"), "{error}");
        std::fs::remove_file(&path).unwrap();
        let error = limits(&args(Some(path.clone()), None)).unwrap_err().to_string();
        assert!(error.contains("cannot read the config file"), "{error}");
        let good = config_file("flag", "");
        let error = limits(&args(Some(good.clone()), Some(0))).unwrap_err().to_string();
        assert!(error.contains("--memory-limit 0"), "{error}");
        std::fs::remove_file(good).unwrap();
    }
}
