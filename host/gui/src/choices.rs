//! What the player can choose to play: every plugin in the catalog with its
//! default rules, then every rule set (built into the binary, from a file,
//! or made in the app and not saved), each with the name, version, short
//! description and menu group the menu shows; the rule sets on disk joined
//! to the built-in ones; and the folder in the data directory where the app
//! saves rule sets, never over an existing file.
//!
//! The groups come from data: a bundled plugin's crate names its group, a
//! rule set file may name one (else it is its plugin's), plugins from disk
//! and the player's own rule sets have one each here.

use anyhow::Context;
use patience_runtime::plugin::Source;
use patience_runtime::{Catalog, RuleSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder in the data directory that rule sets saved by the app go to.
pub const SAVED_RULE_SETS: &str = "rulesets";
const PLUGIN_KEY: &str = "plugin:";

/// The group of plugins loaded from a plugins directory.
pub const PLUGINS_DIRECTORY: &str = "Plugins directory";
/// The group of the rule sets the player saved (from Explore) or made in
/// the app without saving.
pub const YOUR_RULE_SETS: &str = "Your rule sets";
/// The group of a bundled plugin whose crate names none.
pub const OTHER_VARIANTS: &str = "Other variants";

#[derive(Clone, Debug)]
pub struct Choice {
    /// Stable across runs, for the settings file: `plugin:ID`,
    /// `bundled:ID` for a rule set built into the binary, `rule set:PATH`,
    /// or `unsaved:NAME` for a rule set with no file.
    pub key: String,
    /// What names it on the command line: the plugin's id or the bundled
    /// rule set's; none for other rule sets (a path names those).
    pub id: Option<String>,
    pub title: String,
    pub version: String,
    pub description: String,
    /// Where it came from: the plugin's source, or the rule set's file.
    pub origin: String,
    /// The group of the Variants menu it is listed under.
    pub group: String,
    pub rule_set: RuleSet,
}

/// Where the menu's groups come from: each bundled plugin's group by its
/// file name (`classic.wasm`), the order of the groups, and the folder
/// holding the player's own rule sets.
#[derive(Clone, Debug, Default)]
pub struct Groups {
    bundled: Vec<(String, String)>,
    order: Vec<String>,
    saved_dir: Option<PathBuf>,
}

impl Groups {
    /// `bundled`: `(file name, group)` of each bundled plugin whose crate
    /// names one; `order`: the groups the menu lists first, in order.
    pub fn new(bundled: Vec<(String, String)>, order: Vec<String>) -> Groups {
        Groups { bundled, order, saved_dir: None }
    }

    /// Rule sets in `dir` (the data directory's saved ones) are the
    /// player's own.
    pub fn with_saved_dir(mut self, dir: PathBuf) -> Groups {
        self.saved_dir = Some(dir);
        self
    }

    /// A plugin's group: its crate's for a bundled plugin, the plugins
    /// directory's for one from disk.
    fn of_plugin(&self, source: &Source) -> String {
        match source {
            Source::Bundled(file_name) => self
                .bundled
                .iter()
                .find(|(name, _)| name == file_name)
                .map_or_else(|| OTHER_VARIANTS.to_string(), |(_, group)| group.clone()),
            Source::File(_) => PLUGINS_DIRECTORY.to_string(),
        }
    }

    /// A rule set's group: the one it names; the player's own for one saved
    /// in the data directory or not saved at all; else its plugin's.
    fn of_rule_set(&self, rule_set: &RuleSet, plugin_group: String) -> String {
        if let Some(group) = &rule_set.group {
            return group.clone();
        }
        let canonical = |path: &Path| path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        let saved = match (&rule_set.path, &self.saved_dir) {
            (Some(path), Some(dir)) => path.parent().is_some_and(|parent| canonical(parent) == canonical(dir)),
            (None, _) => rule_set.id.is_none(),
            (Some(_), None) => false,
        };
        if saved { YOUR_RULE_SETS.to_string() } else { plugin_group }
    }

    /// The groups in the order the menu lists them: those the workspace
    /// orders, then the others as their first choice comes, then the plugins
    /// directory, and the player's own rule sets last.
    pub fn in_order(&self, choices: &[Choice]) -> Vec<String> {
        let mut groups: Vec<String> = self.order.iter().filter(|group| choices.iter().any(|c| &&c.group == group)).cloned().collect();
        for choice in choices {
            let last = [PLUGINS_DIRECTORY, YOUR_RULE_SETS].contains(&choice.group.as_str());
            if !last && !groups.contains(&choice.group) {
                groups.push(choice.group.clone());
            }
        }
        for last in [PLUGINS_DIRECTORY, YOUR_RULE_SETS] {
            if choices.iter().any(|choice| choice.group == last) && !groups.iter().any(|group| group == last) {
                groups.push(last.to_string());
            }
        }
        groups
    }
}

impl Choice {
    /// A rule set rather than a plugin's default rules.
    pub fn is_rule_set(&self) -> bool {
        !self.key.starts_with(PLUGIN_KEY)
    }
}

/// The key of a rule set's choice: by its id when it is built in, by its
/// file, or by its name when it has neither (its name then tells it apart,
/// as the app keeps one per name).
pub fn rule_set_key(rule_set: &RuleSet) -> String {
    match (&rule_set.id, &rule_set.path) {
        (Some(id), _) => format!("bundled:{id}"),
        (None, Some(path)) => format!("rule set:{}", path.display()),
        (None, None) => format!("unsaved:{}", rule_set.name),
    }
}

/// The catalog's plugins, then the rule sets whose plugin is loaded, each
/// in its group.
pub fn choices(catalog: &Catalog, rule_sets: &[RuleSet], groups: &Groups) -> Vec<Choice> {
    let mut all: Vec<Choice> = catalog
        .plugins()
        .iter()
        .map(|plugin| Choice {
            key: format!("{PLUGIN_KEY}{}", plugin.info.id),
            id: Some(plugin.info.id.clone()),
            title: plugin.info.name.clone(),
            version: plugin.info.version.clone(),
            description: plugin.info.summary.clone(),
            origin: plugin.source.to_string(),
            group: groups.of_plugin(&plugin.source),
            rule_set: RuleSet { name: plugin.info.name.clone(), ..RuleSet::defaults(&plugin.info.id) },
        })
        .collect();
    for rule_set in rule_sets {
        let Some(plugin) = catalog.find(&rule_set.plugin) else { continue };
        let origin = match (&rule_set.id, &rule_set.path) {
            (Some(id), _) => format!("bundled rule set `{id}`"),
            (None, Some(path)) => path.display().to_string(),
            (None, None) => "not saved to a file".to_string(),
        };
        all.push(Choice {
            key: rule_set_key(rule_set),
            id: rule_set.id.clone(),
            title: rule_set.name.clone(),
            version: plugin.info.version.clone(),
            description: rule_set.description.clone().unwrap_or_else(|| {
                format!("{} with {}", plugin.info.name, rule_set.settings_summary())
            }),
            origin,
            group: groups.of_rule_set(rule_set, groups.of_plugin(&plugin.source)),
            rule_set: rule_set.clone(),
        });
    }
    all
}

/// Does `choice` match what was typed in the menu's filter? Every word of
/// it must be found, ignoring case, in the name, the id or the description.
pub fn matches_filter(choice: &Choice, filter: &str) -> bool {
    let haystack = format!("{} {} {}", choice.title, choice.id.as_deref().unwrap_or(""), choice.description).to_lowercase();
    filter.to_lowercase().split_whitespace().all(|word| haystack.contains(word))
}

/// The built-in rule sets, joined by those read from disk. A file whose
/// stem is a built-in rule set's id does not add a second entry: when it
/// holds the same rules (the repository's own `rulesets/`, say) it is left
/// out quietly; when it holds others it is left out and named, since the
/// built-in one keeps the id (the command line names it by that id too).
pub fn join_rule_sets(bundled: Vec<RuleSet>, from_disk: Vec<RuleSet>) -> (Vec<RuleSet>, Vec<String>) {
    let mut all = bundled;
    let mut problems = Vec::new();
    for rule_set in from_disk {
        let stem = rule_set.path.as_deref().and_then(Path::file_stem).map(|stem| stem.to_string_lossy().into_owned());
        let Some(built_in) = all.iter().find(|held| held.id.is_some() && held.id == stem) else {
            all.push(rule_set);
            continue;
        };
        if !built_in.same_rules(&rule_set) {
            let path = rule_set.path.as_deref().map(Path::display).map(|p| p.to_string()).unwrap_or_default();
            let id = built_in.id.as_deref().unwrap_or_default();
            problems.push(format!(
                "Rule set not loaded: {path} is named like the built-in rule set `{id}` (“{}”) but holds other rules: rename the file to offer it too",
                built_in.name
            ));
        }
    }
    (all, problems)
}

/// The rule sets built into the binary (the repository's `rulesets/` at
/// build time), read like files on disk, and one sentence for each that
/// cannot be offered.
pub fn bundled_rule_sets(catalog: &Catalog) -> (Vec<RuleSet>, Vec<String>) {
    let sources: Vec<_> = patience_bundled_rulesets::RULE_SETS.iter().map(|r| (r.id, r.file_name, r.text)).collect();
    let (rule_sets, problems) = patience_runtime::load_bundled(&sources, catalog);
    (rule_sets, problems.into_iter().map(|problem| format!("Rule set not loaded: {problem}")).collect())
}

/// The built-in rule sets joined by those in `dirs` ([`join_rule_sets`]),
/// and one sentence for each that could not be used.
pub fn all_rule_sets(catalog: &Catalog, dirs: &[PathBuf]) -> (Vec<RuleSet>, Vec<String>) {
    let (bundled, mut problems) = bundled_rule_sets(catalog);
    let (from_disk, unread) = load_rule_sets(dirs, catalog);
    problems.extend(unread);
    let (all, left_out) = join_rule_sets(bundled, from_disk);
    problems.extend(left_out);
    (all, problems)
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
    fn a_rule_set_is_keyed_by_its_id_its_file_or_else_its_name() {
        let mut rule_set = RuleSet::defaults("relaxed");
        rule_set.name = "Mine".into();
        assert_eq!(rule_set_key(&rule_set), "unsaved:Mine");
        rule_set.path = Some(PathBuf::from("/r/mine.toml"));
        assert_eq!(rule_set_key(&rule_set), "rule set:/r/mine.toml");
        let built_in = RuleSet { id: Some("mine".into()), path: None, ..rule_set };
        assert_eq!(rule_set_key(&built_in), "bundled:mine");
    }

    fn named(name: &str, id: Option<&str>, path: Option<&str>) -> RuleSet {
        RuleSet { name: name.into(), id: id.map(Into::into), path: path.map(PathBuf::from), ..RuleSet::defaults("relaxed") }
    }

    #[test]
    fn a_file_named_like_a_built_in_rule_set_adds_nothing_and_is_named_when_it_differs() {
        let bundled = vec![named("Easy", Some("easy"), None), named("Hard", Some("hard"), None)];
        let copy = named("Easy", None, Some("rulesets/easy.toml"));
        let other = named("Not hard at all", None, Some("/home/me/hard.toml"));
        let mine = named("Mine", None, Some("/home/me/mine.toml"));
        let (all, problems) = join_rule_sets(bundled, vec![copy, other, mine]);
        assert_eq!(all.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Easy", "Hard", "Mine"]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("/home/me/hard.toml") && problems[0].contains("`hard`") && problems[0].contains("rename"), "{}", problems[0]);
    }

    #[test]
    fn groups_come_from_the_plugin_the_file_or_the_folder() {
        let groups = Groups::new(vec![("easy.wasm".into(), "Seed variants".into())], vec!["Pyramid family".into(), "Seed variants".into()])
            .with_saved_dir(PathBuf::from("/data/rulesets"));
        assert_eq!(groups.of_plugin(&Source::Bundled("easy.wasm".into())), "Seed variants");
        assert_eq!(groups.of_plugin(&Source::Bundled("plain.wasm".into())), OTHER_VARIANTS);
        assert_eq!(groups.of_plugin(&Source::File("plugins/x.wasm".into())), PLUGINS_DIRECTORY);
        let plugin_group = || "Seed variants".to_string();
        let own = RuleSet { group: Some("Pyramid family".into()), ..named("A", Some("a"), None) };
        assert_eq!(groups.of_rule_set(&own, plugin_group()), "Pyramid family");
        assert_eq!(groups.of_rule_set(&named("B", Some("b"), None), plugin_group()), "Seed variants");
        assert_eq!(groups.of_rule_set(&named("C", None, Some("/data/rulesets/c.toml")), plugin_group()), YOUR_RULE_SETS);
        assert_eq!(groups.of_rule_set(&named("D", None, None), plugin_group()), YOUR_RULE_SETS, "made in the app, not saved");
        assert_eq!(groups.of_rule_set(&named("E", None, Some("rulesets/e.toml")), plugin_group()), "Seed variants");
    }

    fn choice(title: &str, id: Option<&str>, description: &str, group: &str) -> Choice {
        Choice {
            key: title.into(),
            id: id.map(Into::into),
            title: title.into(),
            version: "1.0.0".into(),
            description: description.into(),
            origin: String::new(),
            group: group.into(),
            rule_set: RuleSet::defaults("relaxed"),
        }
    }

    #[test]
    fn the_groups_are_ordered_by_the_workspace_then_as_they_come_with_the_players_last() {
        let groups = Groups::new(Vec::new(), vec!["Seed variants".into(), "Pyramid family".into(), "Unused".into()]);
        let choices = [
            choice("a", None, "", YOUR_RULE_SETS),
            choice("b", None, "", "Pyramid family"),
            choice("c", None, "", PLUGINS_DIRECTORY),
            choice("d", None, "", "Newcomers"),
            choice("e", None, "", "Seed variants"),
        ];
        assert_eq!(groups.in_order(&choices), ["Seed variants", "Pyramid family", "Newcomers", PLUGINS_DIRECTORY, YOUR_RULE_SETS]);
    }

    #[test]
    fn the_filter_looks_at_the_name_the_id_and_the_description_for_every_word() {
        let giza = choice("Giza", Some("giza"), "A pyramid and eight open piles of three", "Pyramid family");
        for filter in ["", "GIZA", "giz", "piles", "eight  OPEN", "pyramid giza"] {
            assert!(matches_filter(&giza, filter), "{filter:?}");
        }
        for filter in ["tut", "giza tut", "family"] {
            assert!(!matches_filter(&giza, filter), "{filter:?}");
        }
    }
}
