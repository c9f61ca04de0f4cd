//! The catalog: every plugin the host can offer, bundled or from disk, and
//! the one place its rules live. No two plugins share an id, and no source
//! provides two plugins; a plugin that fails to load is listed as a problem
//! with its reason (it never stops the others from loading), and a source's
//! problems are dropped once it loads.

use crate::plugin::{LoadedPlugin, Runtime, Source};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub struct LoadProblem {
    pub source: Source,
    pub message: String,
}

/// Why a plugin was not taken in: another source already provides its id.
#[derive(Clone, Debug, PartialEq)]
pub struct IdTaken {
    pub id: String,
    /// Where the plugin that keeps the id came from.
    pub by: Source,
}

impl fmt::Display for IdTaken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "plugin id `{}` is already provided by {}", self.id, self.by)
    }
}

impl std::error::Error for IdTaken {}

#[derive(Clone, Default, Debug)]
pub struct Catalog {
    plugins: Vec<Arc<LoadedPlugin>>,
    problems: Vec<LoadProblem>,
}

/// Where to look for plugins when none is given: `plugins/` beside the
/// executable and `plugins/` in the working directory.
pub fn default_plugin_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|d| d.join("plugins"))) {
        dirs.push(dir);
    }
    dirs.push(PathBuf::from("plugins"));
    dirs
}

impl Catalog {
    /// Loads the bundled plugins (`(file name, bytes)`), then every `*.wasm`
    /// in `dirs` (missing directories are fine). Later plugins with an id
    /// already taken are refused, so the first (bundled) one wins.
    pub fn load(runtime: &Arc<Runtime>, bundled: &[(&str, &[u8])], dirs: &[PathBuf]) -> Catalog {
        let mut catalog = Catalog::default();
        for (name, bytes) in bundled {
            catalog.add(runtime, bytes, Source::Bundled(name.to_string()));
        }
        let mut seen_dirs = Vec::new();
        for dir in dirs {
            let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if seen_dirs.contains(&canonical) {
                continue;
            }
            seen_dirs.push(canonical);
            catalog.load_dir(runtime, dir);
        }
        catalog
    }

    fn load_dir(&mut self, runtime: &Arc<Runtime>, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "wasm"))
            .collect();
        files.sort();
        for path in files {
            match crate::plugin::read_plugin_file(&path) {
                Ok(bytes) => self.add(runtime, &bytes, Source::File(path)),
                Err(error) => self.record_problem(Source::File(path), format!("{error:#}")),
            }
        }
    }

    /// Loads one plugin into the catalog ([`Catalog::insert`]), or records
    /// why it could not be.
    pub fn add(&mut self, runtime: &Arc<Runtime>, bytes: &[u8], source: Source) {
        match runtime.load(bytes, source.clone()) {
            Ok(plugin) => {
                if let Err(taken) = self.insert(plugin) {
                    self.record_problem(source, taken.to_string());
                }
            }
            Err(error) => self.record_problem(source, format!("{error:#}")),
        }
    }

    /// Takes in a plugin, new or a new version of one: it takes the place
    /// of the plugin its source provided before (even under another id) and
    /// returns it, or joins the end. A plugin whose id another source
    /// already provides is refused and the one in use stays: the first one
    /// wins. Once a source loads, its old problems are past.
    pub fn insert(&mut self, plugin: Arc<LoadedPlugin>) -> Result<Option<Arc<LoadedPlugin>>, IdTaken> {
        if let Some(other) = self.plugins.iter().find(|p| p.info.id == plugin.info.id && p.source != plugin.source) {
            return Err(IdTaken { id: plugin.info.id.clone(), by: other.source.clone() });
        }
        self.problems.retain(|problem| problem.source != plugin.source);
        match self.plugins.iter().position(|p| p.source == plugin.source) {
            Some(index) => Ok(Some(std::mem::replace(&mut self.plugins[index], plugin))),
            None => {
                self.plugins.push(plugin);
                Ok(None)
            }
        }
    }

    /// Takes in a plugin that wins over the one with its id, whatever that
    /// one's source (a plugin file named on the command line over the
    /// bundled plugin): it takes that plugin's place and returns it. With no
    /// such plugin, this is [`Catalog::insert`]. A plugin its own source
    /// provided before, under another id, goes too.
    pub fn insert_overriding(&mut self, plugin: Arc<LoadedPlugin>) -> Option<Arc<LoadedPlugin>> {
        let Some(index) = self.plugins.iter().position(|p| p.info.id == plugin.info.id && p.source != plugin.source) else {
            return self.insert(plugin).expect("no other source provides the id");
        };
        let overridden = std::mem::replace(&mut self.plugins[index], Arc::clone(&plugin));
        self.plugins.retain(|p| p.source != plugin.source || Arc::ptr_eq(p, &plugin));
        self.problems.retain(|problem| problem.source != plugin.source);
        Some(overridden)
    }

    fn record_problem(&mut self, source: Source, message: String) {
        self.problems.push(LoadProblem { source, message });
    }

    /// In catalog order: bundled first, then plugin files as they came.
    pub fn plugins(&self) -> &[Arc<LoadedPlugin>] {
        &self.plugins
    }

    /// The plugins that could not be loaded, and why.
    pub fn problems(&self) -> &[LoadProblem] {
        &self.problems
    }

    pub fn find(&self, id: &str) -> Option<&Arc<LoadedPlugin>> {
        self.plugins.iter().find(|plugin| plugin.info.id == id)
    }

    /// The plugin `source` provides, if it loaded.
    pub fn from_source(&self, source: &Source) -> Option<&Arc<LoadedPlugin>> {
        self.plugins.iter().find(|plugin| &plugin.source == source)
    }

    pub fn ids(&self) -> Vec<&str> {
        self.plugins.iter().map(|plugin| plugin.info.id.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use std::sync::OnceLock;

    /// A real plugin, compiled once; the test plugins share its code under
    /// the ids and sources each test needs.
    fn compiled() -> &'static Arc<LoadedPlugin> {
        static COMPILED: OnceLock<Arc<LoadedPlugin>> = OnceLock::new();
        COMPILED.get_or_init(|| {
            let runtime = Arc::new(Runtime::new(Limits::default(), None).unwrap());
            let bundled = &patience_bundled::BUNDLED[0];
            runtime.load(bundled.bytes, Source::Bundled(bundled.file_name.to_string())).unwrap()
        })
    }

    fn plugin(id: &str, source: Source) -> Arc<LoadedPlugin> {
        let base = compiled();
        Arc::new(LoadedPlugin {
            runtime: Arc::clone(&base.runtime),
            pre: base.pre.clone(),
            info: crate::PluginInfo { id: id.to_string(), ..base.info.clone() },
            easier: base.easier.clone(),
            line_check: base.line_check.clone(),
            steps: base.steps.clone(),
            step: base.step.clone(),
            best_score: base.best_score.clone(),
            source,
            hash: base.hash.clone(),
        })
    }

    fn file(name: &str) -> Source {
        Source::File(PathBuf::from(name))
    }

    fn bundled(name: &str) -> Source {
        Source::Bundled(name.to_string())
    }

    /// The catalog's ids, each with its source.
    fn listing(catalog: &Catalog) -> Vec<(String, String)> {
        let listing: Vec<(String, String)> = catalog.plugins().iter().map(|p| (p.info.id.clone(), p.source.to_string())).collect();
        for (index, plugin) in catalog.plugins().iter().enumerate() {
            let later = &catalog.plugins()[index + 1..];
            assert!(later.iter().all(|p| p.info.id != plugin.info.id), "two plugins with one id: {listing:?}");
            assert!(later.iter().all(|p| p.source != plugin.source), "two plugins from one source: {listing:?}");
        }
        listing
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(id, source)| (id.to_string(), source.to_string())).collect()
    }

    fn problem(source: Source) -> LoadProblem {
        LoadProblem { source, message: "broken".to_string() }
    }

    #[test]
    fn a_new_plugin_joins_the_end() {
        let mut catalog = Catalog::default();
        assert!(catalog.insert(plugin("a", bundled("a.wasm"))).unwrap().is_none());
        assert!(catalog.insert(plugin("b", file("b.wasm"))).unwrap().is_none());
        assert_eq!(listing(&catalog), pairs(&[("a", "bundled (a.wasm)"), ("b", "b.wasm")]));
        assert_eq!(catalog.ids(), ["a", "b"]);
        assert_eq!(catalog.find("b").unwrap().source, file("b.wasm"));
        assert_eq!(catalog.from_source(&bundled("a.wasm")).unwrap().info.id, "a");
        assert!(catalog.find("c").is_none() && catalog.from_source(&file("a.wasm")).is_none());
    }

    #[test]
    fn a_new_version_from_the_same_source_takes_the_old_ones_place() {
        let mut catalog = Catalog::default();
        let old = plugin("a", file("a.wasm"));
        catalog.insert(Arc::clone(&old)).unwrap();
        catalog.insert(plugin("b", file("b.wasm"))).unwrap();
        let new = plugin("a", file("a.wasm"));
        let replaced = catalog.insert(Arc::clone(&new)).unwrap().expect("the old version is returned");
        assert!(Arc::ptr_eq(&replaced, &old));
        assert!(Arc::ptr_eq(catalog.find("a").unwrap(), &new));
        assert_eq!(listing(&catalog), pairs(&[("a", "a.wasm"), ("b", "b.wasm")]), "same place");
    }

    #[test]
    fn a_source_that_now_provides_another_id_drops_the_old_id() {
        let mut catalog = Catalog::default();
        catalog.insert(plugin("a", file("a.wasm"))).unwrap();
        catalog.insert(plugin("b", file("b.wasm"))).unwrap();
        let replaced = catalog.insert(plugin("c", file("a.wasm"))).unwrap().unwrap();
        assert_eq!(replaced.info.id, "a");
        assert_eq!(listing(&catalog), pairs(&[("c", "a.wasm"), ("b", "b.wasm")]));
        assert!(catalog.find("a").is_none());
    }

    #[test]
    fn the_same_id_from_another_source_is_refused_and_the_first_stays() {
        let mut catalog = Catalog::default();
        let first = plugin("a", bundled("a.wasm"));
        catalog.insert(Arc::clone(&first)).unwrap();
        catalog.problems.push(problem(file("copy.wasm")));
        let taken = catalog.insert(plugin("a", file("copy.wasm"))).unwrap_err();
        assert_eq!(taken, IdTaken { id: "a".to_string(), by: bundled("a.wasm") });
        assert_eq!(taken.to_string(), "plugin id `a` is already provided by bundled (a.wasm)");
        assert!(Arc::ptr_eq(catalog.find("a").unwrap(), &first));
        assert_eq!(listing(&catalog), pairs(&[("a", "bundled (a.wasm)")]));
        assert_eq!(catalog.problems(), [problem(file("copy.wasm"))], "a refused source keeps its problems");
    }

    #[test]
    fn a_source_that_loads_drops_its_old_problems_and_only_its_own() {
        let mut catalog = Catalog::default();
        catalog.problems.push(problem(file("a.wasm")));
        catalog.problems.push(problem(file("b.wasm")));
        catalog.problems.push(problem(file("a.wasm")));
        catalog.insert(plugin("a", file("a.wasm"))).unwrap();
        assert_eq!(catalog.problems(), [problem(file("b.wasm"))]);
        catalog.insert_overriding(plugin("b", file("b.wasm")));
        assert!(catalog.problems().is_empty());
    }

    #[test]
    fn add_records_why_a_plugin_was_not_taken_in() {
        let base = compiled();
        let bytes = patience_bundled::BUNDLED[0].bytes;
        let mut catalog = Catalog::default();
        catalog.add(&base.runtime, b"not a plugin", file("junk.wasm"));
        assert_eq!(catalog.problems().len(), 1);
        assert_eq!(catalog.problems()[0].source, file("junk.wasm"));
        assert!(catalog.plugins().is_empty());
        catalog.insert(plugin(&base.info.id, bundled("first.wasm"))).unwrap();
        catalog.add(&base.runtime, bytes, file("second.wasm"));
        assert_eq!(catalog.problems()[1].source, file("second.wasm"));
        assert_eq!(catalog.problems()[1].message, format!("plugin id `{}` is already provided by bundled (first.wasm)", base.info.id));
        assert_eq!(listing(&catalog), pairs(&[(&base.info.id, "bundled (first.wasm)")]));
    }

    #[test]
    fn an_overriding_plugin_takes_the_place_of_its_id_from_any_source() {
        let mut catalog = Catalog::default();
        let bundled_a = plugin("a", bundled("a.wasm"));
        catalog.insert(Arc::clone(&bundled_a)).unwrap();
        catalog.insert(plugin("b", bundled("b.wasm"))).unwrap();
        let replaced = catalog.insert_overriding(plugin("a", file("mine.wasm"))).expect("the bundled a is returned");
        assert!(Arc::ptr_eq(&replaced, &bundled_a));
        assert_eq!(listing(&catalog), pairs(&[("a", "mine.wasm"), ("b", "bundled (b.wasm)")]), "same place");
    }

    #[test]
    fn an_overriding_plugin_with_a_new_id_is_inserted() {
        let mut catalog = Catalog::default();
        catalog.insert(plugin("a", bundled("a.wasm"))).unwrap();
        assert!(catalog.insert_overriding(plugin("c", file("c.wasm"))).is_none());
        let again = catalog.insert_overriding(plugin("c", file("c.wasm"))).expect("its own old version");
        assert_eq!(again.source, file("c.wasm"));
        assert_eq!(listing(&catalog), pairs(&[("a", "bundled (a.wasm)"), ("c", "c.wasm")]));
    }

    #[test]
    fn an_overriding_plugin_also_replaces_what_its_source_provided_before() {
        let mut catalog = Catalog::default();
        catalog.insert(plugin("a", bundled("a.wasm"))).unwrap();
        catalog.insert(plugin("old", file("mine.wasm"))).unwrap();
        catalog.insert(plugin("b", bundled("b.wasm"))).unwrap();
        let replaced = catalog.insert_overriding(plugin("a", file("mine.wasm"))).unwrap();
        assert_eq!(replaced.source, bundled("a.wasm"));
        assert_eq!(listing(&catalog), pairs(&[("a", "mine.wasm"), ("b", "bundled (b.wasm)")]));
    }
}
