//! What the player can choose to play: every plugin in the catalog with its
//! default rules, then every rule set file found, each with the name,
//! version and short description the menu shows.

use patience_runtime::{Catalog, RuleSet};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Choice {
    /// Stable across runs, for the settings file: `plugin:ID` or
    /// `rule set:PATH`.
    pub key: String,
    pub title: String,
    pub version: String,
    pub description: String,
    /// Where it came from: the plugin's source, or the rule set's file.
    pub origin: String,
    pub rule_set: RuleSet,
}

/// The catalog's plugins, then the rule sets whose plugin is loaded.
pub fn choices(catalog: &Catalog, rule_sets: &[RuleSet]) -> Vec<Choice> {
    let mut all: Vec<Choice> = catalog
        .plugins()
        .iter()
        .map(|plugin| Choice {
            key: format!("plugin:{}", plugin.info.id),
            title: plugin.info.name.clone(),
            version: plugin.info.version.clone(),
            description: plugin.info.summary.clone(),
            origin: plugin.source.to_string(),
            rule_set: RuleSet { name: plugin.info.name.clone(), ..RuleSet::defaults(&plugin.info.id) },
        })
        .collect();
    for rule_set in rule_sets {
        let Some(plugin) = catalog.find(&rule_set.plugin) else { continue };
        let origin = rule_set.path.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
        all.push(Choice {
            key: format!("rule set:{}", origin),
            title: rule_set.name.clone(),
            version: plugin.info.version.clone(),
            description: rule_set.description.clone().unwrap_or_else(|| {
                format!("{} with {}", plugin.info.name, rule_set.settings_summary())
            }),
            origin,
            rule_set: rule_set.clone(),
        });
    }
    all
}

/// Every `*.toml` rule set in `dirs` (sorted by file name, missing
/// directories skipped), and one sentence per file that could not be used.
pub fn load_rule_sets(dirs: &[PathBuf], catalog: &Catalog) -> (Vec<RuleSet>, Vec<String>) {
    let mut rule_sets = Vec::new();
    let mut problems = Vec::new();
    for dir in dirs {
        for path in toml_files(dir) {
            match RuleSet::load(&path, catalog) {
                Ok(rule_set) => rule_sets.push(rule_set),
                Err(error) => problems.push(format!("Rule set not loaded: {error:#}")),
            }
        }
    }
    (rule_sets, problems)
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    files.sort();
    files
}
