//! Rule sets: a plugin plus option values, written as TOML.
//!
//! ```toml
//! name = "Relaxed, three passes"   # optional, defaults to the file name
//! description = "The easy way."     # optional
//! plugin = "relaxed"
//!
//! [options]
//! passes = 3
//! ```
//!
//! Every problem is reported with the file, the line and what is allowed.

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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleSet {
    plugin: Spanned<String>,
    name: Option<String>,
    description: Option<String>,
    #[serde(default)]
    options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

impl RuleSet {
    /// A rule set of `plugin` with default options.
    pub fn defaults(plugin: &str) -> RuleSet {
        RuleSet { name: plugin.to_string(), description: None, plugin: plugin.to_string(), options: Vec::new(), path: None }
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
        Ok(RuleSet { name, description: raw.description, plugin: plugin_id.clone(), options, path: Some(path.to_path_buf()) })
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
