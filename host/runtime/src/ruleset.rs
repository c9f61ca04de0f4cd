//! Rule sets: a plugin plus option values, written as TOML.
//!
//! ```toml
//! name = "Relaxed, three passes"   # optional, defaults to the file name
//! description = "The easy way."     # optional
//! plugin = "relaxed"
//! group = "Seed variants"           # optional: the app's menu group
//!
//! [options]
//! passes = 3
//! ```
//!
//! Every problem is reported with the file, the line and what is allowed.
//! Rule sets shipped inside the binary ([`load_bundled`]) are read the same
//! way, under the id that names them on the command line.

use crate::catalog::Catalog;
use anyhow::{bail, Result};
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    pub name: String,
    pub description: Option<String>,
    /// The plugin id.
    pub plugin: String,
    /// Option values in file order of names (sorted), checked against the
    /// plugin's option specs.
    pub options: Vec<(String, OptionValue)>,
    /// The file it was read from, if any.
    pub path: Option<PathBuf>,
    /// A rule set shipped inside the binary: its id (the file stem it was
    /// built from, `relaxed-3-passes`), by which the command line names it.
    pub id: Option<String>,
    /// The group of the app's Variants menu it is listed under, when it
    /// names one (otherwise its plugin's).
    pub group: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleSet {
    plugin: Spanned<String>,
    name: Option<String>,
    description: Option<String>,
    group: Option<Spanned<String>>,
    #[serde(default)]
    options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

impl RuleSet {
    /// A rule set of `plugin` with default options.
    pub fn defaults(plugin: &str) -> RuleSet {
        RuleSet {
            name: plugin.to_string(),
            description: None,
            plugin: plugin.to_string(),
            options: Vec::new(),
            path: None,
            id: None,
            group: None,
        }
    }

    /// Reads and checks a rule set file.
    pub fn load(path: &Path, catalog: &Catalog) -> Result<RuleSet> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| anyhow::anyhow!("{}: cannot read the rule set: {error}", path.display()))?;
        RuleSet::parse(&text, path, catalog)
    }

    /// Parses rule set text; `path` is used in messages and for the default
    /// name.
    pub fn parse(text: &str, path: &Path, catalog: &Catalog) -> Result<RuleSet> {
        let file = path.display();
        let raw: RawRuleSet = toml::from_str(text).map_err(|error| {
            let line = error.span().map(|span| line_of(text, span.start)).unwrap_or(1);
            anyhow::anyhow!("{file}:{line}: {}", error.message().trim_end())
        })?;
        let plugin_id = raw.plugin.get_ref();
        let Some(plugin) = catalog.find(plugin_id) else {
            bail!(
                "{file}:{}: unknown plugin `{plugin_id}` (available: {})",
                line_of(text, raw.plugin.span().start),
                catalog.ids().join(", ")
            );
        };
        let specs = &plugin.info.options;
        let mut options = Vec::new();
        for (name, value) in &raw.options {
            let line = line_of(text, name.span().start);
            let Some(spec) = specs.iter().find(|spec| &spec.name == name.get_ref()) else {
                let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
                bail!(
                    "{file}:{line}: unknown option `{}` for plugin `{plugin_id}` (options: {})",
                    name.get_ref(),
                    known.join(", ")
                );
            };
            let value = option_value(spec, value.get_ref()).map_err(|message| anyhow::anyhow!("{file}:{line}: {message}"))?;
            options.push((spec.name.clone(), value));
        }
        let name = raw.name.unwrap_or_else(|| {
            path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_else(|| plugin_id.clone())
        });
        if let Some(group) = raw.group.as_ref().filter(|group| group.get_ref().trim().is_empty()) {
            bail!("{file}:{}: `group` names the menu group to list the rule set under: it cannot be empty", line_of(text, group.span().start));
        }
        Ok(RuleSet {
            name,
            description: raw.description,
            plugin: plugin_id.clone(),
            options,
            path: Some(path.to_path_buf()),
            id: None,
            group: raw.group.map(Spanned::into_inner),
        })
    }

    /// Reads and checks a rule set shipped inside the binary: `text` is the
    /// file `file_name` of the repository's `rulesets/`, and `id` its stem.
    /// The checks are those of a file on disk; a problem is named as
    /// `bundled rule set pyramid.toml:LINE: …`.
    pub fn parse_bundled(id: &str, file_name: &str, text: &str, catalog: &Catalog) -> Result<RuleSet> {
        let label = PathBuf::from(format!("bundled rule set {file_name}"));
        let rule_set = RuleSet::parse(text, &label, catalog)?;
        Ok(RuleSet { path: None, id: Some(id.to_string()), ..rule_set })
    }

    /// The same rules, wherever they were read from: name, description,
    /// group, plugin and option values (in any order).
    pub fn same_rules(&self, other: &RuleSet) -> bool {
        let sorted = |rule_set: &RuleSet| {
            let mut options = rule_set.options.clone();
            options.sort();
            options
        };
        (&self.name, &self.description, &self.group, &self.plugin) == (&other.name, &other.description, &other.group, &other.plugin)
            && sorted(self) == sorted(other)
    }

    /// `passes=3, win=all` — the non-default settings, for tables and titles.
    pub fn settings_summary(&self) -> String {
        self.options.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(", ")
    }

    /// Sets one option from `name=value` text (the CLI's `--set`).
    pub fn set(&mut self, assignment: &str, specs: &[OptionSpec]) -> Result<()> {
        let Some((name, text)) = assignment.split_once('=') else {
            bail!("`--set {assignment}` should be `name=value`");
        };
        let name = name.trim();
        let Some(spec) = specs.iter().find(|spec| spec.name == name) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
            bail!("unknown option `{name}` for plugin `{}` (options: {})", self.plugin, known.join(", "));
        };
        let value = spec.parse(text).map_err(anyhow::Error::msg)?;
        self.options.retain(|(existing, _)| existing != name);
        self.options.push((spec.name.clone(), value));
        self.options.sort();
        Ok(())
    }
}

/// A rule set shipped inside the binary: its id, its file name and its
/// TOML text.
pub type BundledSource<'a> = (&'a str, &'a str, &'a str);

/// The rule sets shipped inside the binary, read against `catalog`, and one
/// sentence for each that cannot be offered: a file that does not read (it
/// is named with its line), one whose plugin is not loaded, and one whose
/// id a plugin in the catalog has (a plugin from the plugins directory,
/// say) — the id would name two things on the command line, and the plugin,
/// loaded first, keeps it.
pub fn load_bundled(sources: &[BundledSource<'_>], catalog: &Catalog) -> (Vec<RuleSet>, Vec<String>) {
    let mut rule_sets: Vec<RuleSet> = Vec::new();
    let mut problems = Vec::new();
    for &(id, file_name, text) in sources {
        if let Some(plugin) = catalog.find(id) {
            problems.push(format!("bundled rule set `{id}` ({file_name}) not offered: its id is the id of the plugin from {}", plugin.source));
            continue;
        }
        if rule_sets.iter().any(|held| held.id.as_deref() == Some(id)) {
            problems.push(format!("bundled rule set `{id}` ({file_name}) not offered: another bundled rule set has the id `{id}`"));
            continue;
        }
        match RuleSet::parse_bundled(id, file_name, text, catalog) {
            Ok(rule_set) => rule_sets.push(rule_set),
            Err(error) => problems.push(format!("{error:#}")),
        }
    }
    (rule_sets, problems)
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn option_value(spec: &OptionSpec, value: &toml::Value) -> Result<OptionValue, String> {
    let refusal = || format!("option `{}` cannot be {value}: it takes {}", spec.name, spec.allowed());
    let value = match (&spec.kind, value) {
        (OptionKind::Flag, toml::Value::Boolean(v)) => OptionValue::Flag(*v),
        (OptionKind::Int { .. }, toml::Value::Integer(v)) => OptionValue::Int(*v),
        (OptionKind::Choice(_), toml::Value::String(v)) => spec.parse(v).map_err(|_| refusal())?,
        (OptionKind::Choice(_), toml::Value::Integer(v)) => spec.parse(&v.to_string()).map_err(|_| refusal())?,
        // An older rule set's flag, where the option has since become a
        // choice that keeps `true`/`false` as aliases.
        (OptionKind::Choice(_), toml::Value::Boolean(v)) => spec.parse(&v.to_string()).map_err(|_| refusal())?,
        _ => return Err(refusal()),
    };
    spec.check(&value).map_err(|_| refusal())?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::plugin::{LoadedPlugin, Runtime, Source};
    use std::sync::Arc;

    /// A catalog of one real bundled plugin (the first), and the same code
    /// again under the id `pyramid`, as a plugin from the plugins directory;
    /// and the real one's id. Compiled once for the tests here.
    fn catalog_with_a_plugin_named_pyramid() -> (Catalog, String) {
        static BUILT: std::sync::OnceLock<(Catalog, String)> = std::sync::OnceLock::new();
        BUILT.get_or_init(build_catalog).clone()
    }

    fn build_catalog() -> (Catalog, String) {
        let runtime = Arc::new(Runtime::new(Limits::default(), None).unwrap());
        let bundled = &patience_bundled::BUNDLED[0];
        let real = runtime.load(bundled.bytes, Source::Bundled(bundled.file_name.to_string())).unwrap();
        let named_pyramid = Arc::new(LoadedPlugin {
            runtime: Arc::clone(&real.runtime),
            pre: real.pre.clone(),
            info: crate::PluginInfo { id: "pyramid".to_string(), ..real.info.clone() },
            easier: real.easier.clone(),
            line_check: real.line_check.clone(),
            steps: real.steps.clone(),
            step: real.step.clone(),
            best_score: real.best_score.clone(),
            source: Source::File(PathBuf::from("plugins/pyramid.wasm")),
            hash: real.hash.clone(),
        });
        let id = real.info.id.clone();
        let mut catalog = Catalog::default();
        catalog.insert(real).unwrap();
        catalog.insert(named_pyramid).unwrap();
        (catalog, id)
    }

    #[test]
    fn a_bundled_rule_set_reads_like_a_file_and_keeps_its_id() {
        let (catalog, plugin) = catalog_with_a_plugin_named_pyramid();
        let text = format!("name = \"Mine\"\nplugin = \"{plugin}\"\ngroup = \"Pyramid family\"\n");
        let (rule_sets, problems) = load_bundled(&[("mine", "mine.toml", &text)], &catalog);
        assert!(problems.is_empty(), "{problems:?}");
        let mine = &rule_sets[0];
        assert_eq!((mine.id.as_deref(), mine.path.as_deref(), mine.group.as_deref()), (Some("mine"), None, Some("Pyramid family")));
        let from_disk = RuleSet::parse(&text, Path::new("elsewhere/mine.toml"), &catalog).unwrap();
        assert!(mine.same_rules(&from_disk) && from_disk.id.is_none());
    }

    #[test]
    fn a_broken_bundled_rule_set_is_named_and_the_others_load() {
        let (catalog, plugin) = catalog_with_a_plugin_named_pyramid();
        let good = format!("plugin = \"{plugin}\"\n");
        let broken = format!("plugin = \"{plugin}\"\n\n[options]\ncolour = \"red\"\n");
        let (rule_sets, problems) = load_bundled(&[("broken", "broken.toml", &broken), ("good", "good.toml", &good)], &catalog);
        assert_eq!(rule_sets.iter().map(|r| r.id.as_deref()).collect::<Vec<_>>(), [Some("good")]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].starts_with("bundled rule set broken.toml:4: unknown option `colour`"), "{}", problems[0]);
        let empty_group = format!("plugin = \"{plugin}\"\ngroup = \" \"\n");
        let error = RuleSet::parse(&empty_group, Path::new("g.toml"), &catalog).unwrap_err().to_string();
        assert!(error.starts_with("g.toml:2: `group`"), "{error}");
    }

    #[test]
    fn a_rule_set_id_that_a_plugin_has_is_refused_never_shadowed() {
        let (catalog, plugin) = catalog_with_a_plugin_named_pyramid();
        let text = format!("plugin = \"{plugin}\"\n");
        let sources = [("pyramid", "pyramid.toml", text.as_str()), ("twice", "twice.toml", &text), ("twice", "twice.toml", &text)];
        let (rule_sets, problems) = load_bundled(&sources, &catalog);
        assert_eq!(rule_sets.len(), 1, "only the first `twice`");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0], "bundled rule set `pyramid` (pyramid.toml) not offered: its id is the id of the plugin from plugins/pyramid.wasm");
        assert!(problems[1].contains("another bundled rule set has the id `twice`"), "{}", problems[1]);
        assert!(catalog.find("pyramid").is_some(), "the plugin keeps its id");
    }
}
