//! The catalog: every plugin the host can offer, bundled or from disk. A
//! plugin that fails to load is listed as a problem with its reason; it
//! never stops the others from loading.

use crate::plugin::{LoadedPlugin, Runtime, Source};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub struct LoadProblem {
    pub source: Source,
    pub message: String,
}

#[derive(Default, Debug)]
pub struct Catalog {
    pub plugins: Vec<Arc<LoadedPlugin>>,
    pub problems: Vec<LoadProblem>,
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
                Err(error) => self.problems.push(LoadProblem { source: Source::File(path), message: format!("{error:#}") }),
            }
        }
    }

    /// Loads one plugin into the catalog, or records why it could not be.
    pub fn add(&mut self, runtime: &Arc<Runtime>, bytes: &[u8], source: Source) {
        match runtime.load(bytes, source.clone()) {
            Ok(plugin) => match self.find(&plugin.info.id) {
                Some(existing) => self.problems.push(LoadProblem {
                    source,
                    message: format!("plugin id `{}` is already provided by {}", plugin.info.id, existing.source),
                }),
                None => self.plugins.push(plugin),
            },
            Err(error) => self.problems.push(LoadProblem { source, message: format!("{error:#}") }),
        }
    }

    pub fn find(&self, id: &str) -> Option<&Arc<LoadedPlugin>> {
        self.plugins.iter().find(|plugin| plugin.info.id == id)
    }

    pub fn ids(&self) -> Vec<&str> {
        self.plugins.iter().map(|plugin| plugin.info.id.as_str()).collect()
    }
}
