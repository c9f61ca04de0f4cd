//! Hot reload: a background thread looks at the plugin directories about
//! once a second (file sizes and modification times: no platform watcher
//! to build or to misbehave), and loads every `*.wasm` that is new or has
//! changed through the runtime, off the UI thread — compiling a plugin
//! can take seconds. The app takes the loaded plugins from a channel (see
//! `PatienceApp::take_reloads`), puts them in the catalog and replays open
//! games onto them.

use patience_runtime::plugin::Source;
use patience_runtime::{LoadedPlugin, Runtime};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// How often the directories are looked at.
pub const INTERVAL: Duration = Duration::from_secs(1);

/// A plugin file that changed (or appeared), and what loading it gave.
pub struct Reload {
    pub path: PathBuf,
    pub result: Result<Arc<LoadedPlugin>, String>,
}

/// What a file looked like when last seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
}

/// Everything the looking needs, shared by the thread and [`PluginWatch::check_now`].
struct Watched {
    runtime: Arc<Runtime>,
    dirs: Vec<PathBuf>,
    /// The last stamp of every file, behind a lock held for a whole look
    /// (reading, loading and sending), so two looks never report one change
    /// twice or half of it.
    known: Mutex<HashMap<PathBuf, Stamp>>,
}

pub struct PluginWatch {
    watched: Arc<Watched>,
    sender: Sender<Reload>,
    receiver: Receiver<Reload>,
    stop: Arc<AtomicBool>,
}

impl PluginWatch {
    /// Watches `dirs`, loading changed plugins with `runtime`. Files there
    /// now count as loaded already (the catalog has them); the thread
    /// starts looking one interval from now.
    pub fn start(runtime: Arc<Runtime>, dirs: Vec<PathBuf>) -> PluginWatch {
        // A directory named twice (`plugins` and the same one beside the
        // executable) would report each change twice; the catalog skips
        // such repeats in the same way.
        let mut distinct: Vec<PathBuf> = Vec::new();
        let mut seen = Vec::new();
        for dir in dirs {
            let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if !seen.contains(&canonical) {
                seen.push(canonical);
                distinct.push(dir);
            }
        }
        let dirs = distinct;
        let known = dirs.iter().flat_map(|dir| wasm_files(dir)).map(|path| (path.clone(), stamp(&path))).collect();
        let watched = Arc::new(Watched { runtime, dirs, known: Mutex::new(known) });
        let (sender, receiver) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (thread_watched, thread_sender, thread_stop) = (Arc::clone(&watched), sender.clone(), Arc::clone(&stop));
        let spawned = std::thread::Builder::new()
            .name("plugin watch".to_string())
            .spawn(move || watch_loop(&thread_watched, &thread_sender, &thread_stop));
        if let Err(error) = spawned {
            // Hot reload is a convenience: the app runs on without it.
            eprintln!("plugins will not be reloaded: no watcher thread ({error})");
        }
        PluginWatch { watched, sender, receiver, stop }
    }

    /// Looks at the directories now, on this thread (a test hook, and the
    /// "Reload plugins" menu entry): changes found are waiting in
    /// [`PluginWatch::take`] when it returns.
    pub fn check_now(&self) {
        look(&self.watched, &self.sender);
    }

    /// The reloads found so far, oldest first.
    pub fn take(&self) -> Vec<Reload> {
        self.receiver.try_iter().collect()
    }
}

impl Drop for PluginWatch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn watch_loop(watched: &Watched, sender: &Sender<Reload>, stop: &AtomicBool) {
    // Short naps, so a closed window does not wait a whole interval for
    // this thread.
    let nap = Duration::from_millis(100);
    let naps = (INTERVAL.as_millis() / nap.as_millis()).max(1);
    loop {
        for _ in 0..naps {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            std::thread::sleep(nap);
        }
        look(watched, sender);
    }
}

/// One look: every new or changed `*.wasm` is loaded and sent.
fn look(watched: &Watched, sender: &Sender<Reload>) {
    let Ok(mut known) = watched.known.lock() else { return };
    for dir in &watched.dirs {
        for path in wasm_files(dir) {
            let now = stamp(&path);
            if known.get(&path) == Some(&now) {
                continue;
            }
            let result = load(&watched.runtime, &path);
            if result.is_err() && stamp(&path) != now {
                // Still being written: look again next time rather than
                // report a half-written file.
                continue;
            }
            known.insert(path.clone(), now);
            // Nobody listening: the app is closing.
            let _ = sender.send(Reload { path, result });
        }
    }
}

fn load(runtime: &Arc<Runtime>, path: &Path) -> Result<Arc<LoadedPlugin>, String> {
    let bytes = patience_runtime::plugin::read_plugin_file(path).map_err(|error| format!("it could not be read: {error:#}"))?;
    runtime.load(&bytes, Source::File(path.to_path_buf())).map_err(|error| format!("{error:#}"))
}

fn stamp(path: &Path) -> Stamp {
    let metadata = std::fs::metadata(path).ok();
    Stamp { modified: metadata.as_ref().and_then(|m| m.modified().ok()), len: metadata.map_or(0, |m| m.len()) }
}

/// The `*.wasm` files in `dir`, as the catalog names them (`dir/name`).
fn wasm_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "wasm"))
        .collect();
    files.sort();
    files
}
