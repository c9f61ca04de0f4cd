//! What the player can choose to play: every plugin in the catalog with its
//! default rules, then every rule set (from a file, or made in the app and
//! not saved), each with the name, version and short description the menu
//! shows; and the folder in the data directory where the app saves rule
//! sets, never over an existing file.

use anyhow::Context;
use patience_runtime::{Catalog, RuleSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder in the data directory that rule sets saved by the app go to.
pub const SAVED_RULE_SETS: &str = "rulesets";
const PLUGIN_KEY: &str = "plugin:";

#[derive(Clone, Debug)]
pub struct Choice {
    /// Stable across runs, for the settings file: `plugin:ID`,
    /// `rule set:PATH`, or `unsaved:NAME` for a rule set with no file.
    pub key: String,
    pub title: String,
    pub version: String,
    pub description: String,
    /// Where it came from: the plugin's source, or the rule set's file.
    pub origin: String,
    pub rule_set: RuleSet,
}

impl Choice {
    /// A rule set rather than a plugin's default rules.
    pub fn is_rule_set(&self) -> bool {
        !self.key.starts_with(PLUGIN_KEY)
    }
}

/// The key of a rule set's choice: by its file, or by its name when it has
/// none (its name then tells it apart, as the app keeps one per name).
pub fn rule_set_key(rule_set: &RuleSet) -> String {
    match &rule_set.path {
        Some(path) => format!("rule set:{}", path.display()),
        None => format!("unsaved:{}", rule_set.name),
    }
}

/// The catalog's plugins, then the rule sets whose plugin is loaded.
pub fn choices(catalog: &Catalog, rule_sets: &[RuleSet]) -> Vec<Choice> {
    let mut all: Vec<Choice> = catalog
        .plugins()
        .iter()
        .map(|plugin| Choice {
            key: format!("{PLUGIN_KEY}{}", plugin.info.id),
            title: plugin.info.name.clone(),
            version: plugin.info.version.clone(),
            description: plugin.info.summary.clone(),
            origin: plugin.source.to_string(),
            rule_set: RuleSet { name: plugin.info.name.clone(), ..RuleSet::defaults(&plugin.info.id) },
        })
        .collect();
    for rule_set in rule_sets {
        let Some(plugin) = catalog.find(&rule_set.plugin) else { continue };
        let origin = rule_set.path.as_deref().map_or_else(|| "not saved to a file".to_string(), |p| p.display().to_string());
        all.push(Choice {
            key: rule_set_key(rule_set),
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

/// Where the app saves rule sets in `data_dir`; read at start with the
/// other rule set folders.
pub fn saved_rule_sets_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(SAVED_RULE_SETS)
}

/// Writes `text` as `STEM.toml` in `dir` (made if missing), or, when that
/// file exists, as `STEM-2.toml`, `STEM-3.toml`, …: an existing file is
/// never overwritten (each name is claimed with create-new, so not even by
/// a file that appears meanwhile). Returns the file written.
pub fn save_rule_set(dir: &Path, stem: &str, text: &str) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = if stem.is_empty() { "rule-set" } else { stem };
    for number in 1u32.. {
        let name = if number == 1 { format!("{stem}.toml") } else { format!("{stem}-{number}.toml") };
        let path = dir.join(name);
        let mut file = match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error).with_context(|| format!("cannot create {}", path.display())),
        };
        file.write_all(text.as_bytes()).and_then(|()| file.sync_all()).with_context(|| format!("cannot write {}", path.display()))?;
        return Ok(path);
    }
    unreachable!("some number is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_rule_set_never_overwrites_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(SAVED_RULE_SETS);
        let first = save_rule_set(&folder, "easy", "one").unwrap();
        let second = save_rule_set(&folder, "easy", "two").unwrap();
        let third = save_rule_set(&folder, "easy", "three").unwrap();
        assert_eq!([&first, &second, &third].map(|p| p.file_name().unwrap().to_string_lossy().into_owned()), ["easy.toml", "easy-2.toml", "easy-3.toml"]);
        assert_eq!(std::fs::read_to_string(first).unwrap(), "one");
        assert_eq!(std::fs::read_to_string(third).unwrap(), "three");
    }

    #[test]
    fn a_rule_set_without_a_file_is_keyed_by_its_name() {
        let mut rule_set = RuleSet::defaults("relaxed");
        rule_set.name = "Mine".into();
        assert_eq!(rule_set_key(&rule_set), "unsaved:Mine");
        rule_set.path = Some(PathBuf::from("/r/mine.toml"));
        assert_eq!(rule_set_key(&rule_set), "rule set:/r/mine.toml");
    }
}
