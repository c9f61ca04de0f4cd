//! Shared helpers for the end-to-end tests: the bundled plugins and the
//! misbehaving fixtures, loaded through the real runtime.

use patience_engine::deal::Deal;
use patience_engine::options::{parse_given, OptionValue};
use patience_runtime::{plugin::Source, Catalog, Game, LoadedPlugin, Limits, Runtime};
use std::sync::{Arc, OnceLock};

pub mod mutations;

include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));

/// The bytes of fixture `name` (`hostile.wasm`, `forbidden-import.wasm`).
pub fn fixture(name: &str) -> &'static [u8] {
    FIXTURES.iter().find(|(file, _)| *file == name).map(|(_, bytes)| *bytes).unwrap_or_else(|| panic!("no fixture {name}"))
}

pub fn bundled() -> Vec<(&'static str, &'static [u8])> {
    patience_bundled::BUNDLED.iter().map(|p| (p.file_name, p.bytes)).collect()
}

/// Limits small enough that hostile fixtures fail fast (solving gets no
/// more memory than the rest).
pub fn test_limits() -> Limits {
    Limits { memory_bytes: 32 << 20, solve_memory_bytes: 32 << 20, call_fuel: 200_000_000, ..Limits::default() }
}

/// One runtime and catalog of the bundled plugins for the whole test binary
/// (compiling takes a moment; sharing it is what the app does too). The
/// bundled plugins run under the app's default limits: what a player gets.
/// (Under `test_limits` the solver's table would have less room than a
/// player's.)
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let runtime = Arc::new(Runtime::new(Limits::default(), Some(compile_cache_dir())).expect("a runtime"));
        let catalog = Catalog::load(&runtime, &bundled(), &[]);
        assert!(catalog.problems().is_empty(), "bundled plugins failed to load: {:?}", catalog.problems());
        catalog
    })
}

/// Where the test binaries keep the bundled plugins' compiled code, beside
/// them in `target/<profile>/`: each binary that loads the catalog, and
/// each `patience` process the command-line tests start, would otherwise
/// compile every bundled plugin again, which cost more than many of the
/// binaries' tests. The app's own cache: entries are named by the plugin's
/// bytes and wasmtime's compatibility hash, written atomically.
pub fn compile_cache_dir() -> std::path::PathBuf {
    // target/<profile>/deps/<test binary> or target/<profile>/examples/<example>
    let beside_the_binaries = std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.parent()?.to_path_buf()));
    beside_the_binaries.unwrap_or_else(std::env::temp_dir).join("test-compile-cache")
}

pub fn plugin(id: &str) -> &'static Arc<LoadedPlugin> {
    catalog().find(id).unwrap_or_else(|| panic!("no bundled plugin {id}"))
}

pub fn runtime() -> Arc<Runtime> {
    Arc::new(Runtime::new(test_limits(), None).expect("a runtime"))
}

pub fn load_fixture(runtime: &Arc<Runtime>, name: &str) -> anyhow::Result<Arc<LoadedPlugin>> {
    runtime.load(fixture(name), Source::Bundled(name.to_string()))
}

/// Settings from `("passes", "3")` pairs, parsed against the plugin's specs.
pub fn settings(plugin: &LoadedPlugin, pairs: &[(&str, &str)]) -> Vec<(String, OptionValue)> {
    parse_given(&plugin.info.options, pairs).unwrap_or_else(|problem| panic!("{problem}"))
}

pub fn start(id: &str, deal: Deal, pairs: &[(&str, &str)]) -> Game {
    let plugin = plugin(id);
    Game::start(plugin, &deal, &settings(plugin, pairs)).expect("the game starts")
}
