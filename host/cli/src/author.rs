//! Commands for plugin authors:
//!
//! * `patience new <dir>`: a plugin crate from a template that builds and
//!   passes `patience check` unchanged;
//! * `patience build <crate-dir>`: the crate compiled to a component
//!   `.wasm`, with no tools beyond cargo and the wasm target;
//! * `patience check <plugin.wasm>`: the conformance report
//!   (`patience-conformance`); exit status 1 on any failure.

use crate::setup::{self, PluginArgs};
use anyhow::{bail, Context, Result};
use patience_plugin_build as plugin_build;
use patience_runtime::plugin::Source;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The SDK this binary was built with; `patience new` points new crates
/// at it unless told otherwise with `--sdk`.
const BUILT_WITH_SDK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../engine");

#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// Directory to create; its last component is the crate name and the
    /// plugin id (lowercase letters, digits and `-`, starting with a letter).
    pub path: PathBuf,
    /// The patience SDK (the `engine` directory of a patience checkout).
    /// Default: the one this binary was built from.
    #[arg(long, value_name = "DIR")]
    pub sdk: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The plugin crate's directory (holding its Cargo.toml).
    #[arg(default_value = ".")]
    pub crate_dir: PathBuf,
    /// A directory to copy `<plugin id>.wasm` into (such as the app's
    /// plugins directory), besides `plugin/` in the crate's cargo target
    /// directory, which every build refreshes.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The plugin component to check.
    pub plugin: PathBuf,
    /// Random playouts to run (the other checks scale with it).
    #[arg(long, default_value_t = patience_conformance::Config::default().games)]
    pub games: u32,
    /// The first deal number; also seeds every random choice, so the same
    /// command gives the same report.
    #[arg(long, default_value_t = patience_conformance::Config::default().seed)]
    pub seed: u64,
    /// Solver node budget per deal.
    #[arg(long, default_value_t = patience_conformance::Config::default().solve_budget)]
    pub solve_budget: u64,
    /// The plugin's previous build (its last release): games it saved must
    /// read back in this one.
    #[arg(long, value_name = "OLD_WASM")]
    pub previous: Option<PathBuf>,
}

// ----- patience new -----

pub fn new(args: &NewArgs) -> Result<ExitCode> {
    let name = crate_name(&args.path)?;
    if args.path.exists() && args.path.read_dir().map(|mut entries| entries.next().is_some()).unwrap_or(true) {
        bail!("{} already exists and is not empty: choose a new directory", args.path.display());
    }
    let sdk = find_sdk(args.sdk.as_deref())?;
    let files = template::files(&name, &sdk);
    for (relative, text) in &files {
        let path = args.path.join(relative);
        std::fs::create_dir_all(path.parent().expect("template files are inside the crate"))?;
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    // The SDK's lock file pins the dependency versions it is tested with;
    // cargo then keeps only what the new crate builds.
    let lock = sdk.join("../Cargo.lock");
    if lock.is_file() {
        std::fs::copy(&lock, args.path.join("Cargo.lock")).context("copying the SDK's Cargo.lock")?;
        prune_lock_file(&args.path);
    }
    let dir = args.path.display();
    println!("created the plugin crate `{name}` in {dir} (SDK: {})", sdk.display());
    println!();
    println!("next:");
    println!("  patience build {dir}");
    println!("  patience check {dir}/target/plugin/{name}.wasm");
    println!("  cargo test --manifest-path {dir}/Cargo.toml");
    Ok(ExitCode::SUCCESS)
}

/// Has cargo rewrite the new crate's lock file for the crate alone: any
/// command that resolves drops the packages nothing in the crate uses and
/// keeps the pinned versions of the rest. Offline, as every package the
/// SDK uses was downloaded to build this host; if cargo cannot, the full
/// lock file stays (it still builds).
fn prune_lock_file(crate_dir: &Path) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let pruned = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--manifest-path"])
        .arg(crate_dir.join("Cargo.toml"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    if !matches!(pruned, Ok(status) if status.success()) {
        eprintln!("note: cargo could not trim Cargo.lock to the new crate's packages; it keeps the SDK's whole lock file");
    }
}

/// The crate name (and plugin id) from the directory to create.
fn crate_name(path: &Path) -> Result<String> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
    let valid = (1..=40).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        bail!(
            "`{name}` cannot be a plugin name: use 1–40 lowercase letters, digits and `-`, starting with a letter (it becomes the crate name and the plugin id)"
        );
    }
    if ["test", "core", "std", "alloc", "self", "super", "crate", "proc-macro"].contains(&name.as_str()) {
        bail!("`{name}` is reserved by Rust: choose another name");
    }
    Ok(name)
}

fn find_sdk(given: Option<&Path>) -> Result<PathBuf> {
    let dir = given.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from(BUILT_WITH_SDK));
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    if plugin_build::package_name(&manifest).as_deref() != Some("patience-engine") {
        bail!(
            "no patience SDK at {}: pass `--sdk <dir>`, the `engine` directory of a patience checkout",
            dir.display()
        );
    }
    Ok(dir.canonicalize()?)
}

// ----- patience build -----

/// What cargo says about the crate to build.
struct CrateFacts {
    package: String,
    /// The file name (without `.wasm`) of the crate's cdylib.
    library: String,
    target_dir: PathBuf,
}

pub fn build(plugin_args: &PluginArgs, args: &BuildArgs) -> Result<ExitCode> {
    let crate_dir = args.crate_dir.canonicalize().with_context(|| format!("no directory {}", args.crate_dir.display()))?;
    if !crate_dir.join("Cargo.toml").is_file() {
        bail!("{} has no Cargo.toml: give the plugin crate's directory", crate_dir.display());
    }
    plugin_build::ensure_wasm_target_installed()?;
    let facts = crate_facts(&crate_dir)?;
    eprintln!("building {} for {} (cargo build --release)…", facts.package, plugin_build::WASM_TARGET);
    // A target directory of its own: the nested cargo must never wait for
    // the lock of a build that is running this command.
    let cargo_dir = facts.target_dir.join("plugin-build");
    let modules = plugin_build::build_modules(&crate_dir, &[&facts.package], "release", &cargo_dir)?;
    let module_path = modules.join(format!("{}.wasm", facts.library));
    let module = std::fs::read(&module_path).with_context(|| format!("reading {}", module_path.display()))?;
    let component = plugin_build::componentize(&module)?;
    // Every build refreshes `plugin/` in the target directory, so the file
    // there is never an older build than the one just copied elsewhere.
    let built_dir = facts.target_dir.join("plugin");
    let mut out_dirs = vec![built_dir.clone()];
    out_dirs.extend(args.out.clone());
    for dir in &out_dirs {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    out_dirs.dedup_by(|out, built| out.canonicalize().ok() == built.canonicalize().ok());
    let write_all = |file_name: &str| -> Result<Vec<PathBuf>> {
        let paths: Vec<PathBuf> = out_dirs.iter().map(|dir| dir.join(file_name)).collect();
        for path in &paths {
            std::fs::write(path, &component).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(paths)
    };

    // Load it as the app would: the file is named after the plugin id, and
    // a plugin that does not load is reported now rather than later.
    let runtime = setup::runtime(plugin_args)?;
    let unloaded_name = format!("{}.wasm", facts.package);
    match runtime.load(&component, Source::File(built_dir.join(&unloaded_name))) {
        Ok(plugin) => {
            let file_name = format!("{}.wasm", plugin.info.id);
            if file_name != unloaded_name {
                // What an earlier build that did not load left under the package's name.
                let _ = std::fs::remove_file(built_dir.join(&unloaded_name));
            }
            let paths = write_all(&file_name)?;
            let info = &plugin.info;
            let shown: Vec<String> = paths.iter().map(|path| path.display().to_string()).collect();
            println!("built `{}` {} ({}): {} ({} KiB)", info.id, info.version, info.name, shown.join(" and "), component.len() / 1024);
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            let paths = write_all(&unloaded_name)?;
            bail!("built {}, but it does not load as a plugin: {error:#}", paths[0].display())
        }
    }
}

/// Asks cargo for the crate's package name, cdylib and target directory.
fn crate_facts(crate_dir: &Path) -> Result<CrateFacts> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = crate_dir.join("Cargo.toml");
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--manifest-path"])
        .arg(&manifest)
        .output()
        .context("running `cargo metadata`")?;
    if !output.status.success() {
        bail!("cargo cannot read {}:\n{}", manifest.display(), String::from_utf8_lossy(&output.stderr));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).context("reading `cargo metadata`")?;
    let package = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|package| package["manifest_path"].as_str().map(Path::new) == Some(manifest.as_path()))
        .context("cargo does not list the crate itself")?;
    let name = package["name"].as_str().context("a package without a name")?.to_string();
    let is_cdylib = |target: &&serde_json::Value| {
        target["crate_types"].as_array().into_iter().flatten().any(|kind| kind.as_str() == Some("cdylib"))
    };
    let Some(library) = package["targets"].as_array().into_iter().flatten().find(is_cdylib) else {
        bail!("{name} builds no cdylib: add `[lib] crate-type = [\"cdylib\", \"rlib\"]` to its Cargo.toml");
    };
    let library = library["name"].as_str().context("a target without a name")?.replace('-', "_");
    let target_dir = PathBuf::from(metadata["target_directory"].as_str().context("no target directory")?);
    Ok(CrateFacts { package: name, library, target_dir })
}

// ----- patience check -----

pub fn check(plugin_args: &PluginArgs, args: &CheckArgs) -> Result<ExitCode> {
    let config = patience_conformance::Config {
        games: args.games,
        seed: args.seed,
        solve_budget: args.solve_budget,
        limits: setup::limits(plugin_args)?,
        cache_dir: if plugin_args.no_cache { None } else { patience_runtime::cache::default_dir() },
        taken_ids: bundled_ids(plugin_args)?,
        previous: args.previous.clone(),
        ..patience_conformance::Config::default()
    };
    eprintln!("checking {} ({} random playouts)…", args.plugin.display(), args.games);
    let report = patience_conformance::check_file(&args.plugin, &config);
    print!("{report}");
    Ok(if report.passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The ids of the bundled plugins: a plugin with one of them would never
/// be loaded by the app.
fn bundled_ids(plugin_args: &PluginArgs) -> Result<Vec<(String, String)>> {
    let runtime = setup::runtime(plugin_args)?;
    let mut ids = Vec::new();
    for (file_name, bytes) in setup::bundled() {
        if let Ok(plugin) = runtime.load(bytes, Source::Bundled(file_name.to_string())) {
            ids.push((plugin.info.id.clone(), format!("the bundled plugin {file_name}")));
        }
    }
    Ok(ids)
}

/// The crate `patience new` writes.
mod template {
    use std::path::Path;

    /// `my-variant` → `MyVariant`.
    pub fn type_name(name: &str) -> String {
        name.split('-')
            .map(|word| {
                let mut chars = word.chars();
                chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
            })
            .collect()
    }

    /// `my-variant` → `My variant`.
    pub fn title(name: &str) -> String {
        let spaced = name.replace('-', " ");
        let mut chars = spaced.chars();
        chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
    }

    fn toml_string(text: &str) -> String {
        format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
    }

    /// `(path inside the crate, contents)` of every file.
    pub fn files(name: &str, sdk: &Path) -> Vec<(&'static str, String)> {
        let fill = |text: &str| {
            text.replace("{{name}}", name)
                .replace("{{Type}}", &type_name(name))
                .replace("{{Title}}", &title(name))
                .replace("{{sdk}}", &toml_string(&sdk.display().to_string()))
        };
        vec![
            ("Cargo.toml", fill(CARGO_TOML)),
            ("src/lib.rs", fill(LIB_RS)),
            ("README.md", fill(README)),
            (".gitignore", "/target\n".to_string()),
        ]
    }

    const CARGO_TOML: &str = r#"[package]
name = "{{name}}"
version = "0.1.0"
edition = "2024"
publish = false

# A plugin is a cdylib (the WebAssembly module); rlib lets `cargo test` link it.
[lib]
crate-type = ["cdylib", "rlib"]

[dependencies]
patience-engine = { path = {{sdk}} }
serde = { version = "1", default-features = false, features = ["derive", "alloc"] }

# Its own workspace, so an enclosing one does not swallow it.
[workspace]

# `cargo test` runs the SDK's solver: optimized dependencies make that
# seconds, while this crate stays quick to rebuild.
[profile.dev.package."*"]
opt-level = 3

# Small, fast wasm; a panic aborts (the host reports its message).
[profile.release]
opt-level = 3
lto = true
codegen-units = 1
panic = "abort"
"#;

    const README: &str = r#"# {{Title}}

A rule plugin for patience, made by `patience new`. The guide is
`docs/plugins.md` in the patience repository.

```sh
cargo test                                   # native unit tests
patience build .                             # → target/plugin/{{name}}.wasm
patience check target/plugin/{{name}}.wasm   # the conformance report
mkdir -p plugins && cp target/plugin/{{name}}.wasm plugins/
patience --plugins plugins show {{name}}
```
"#;

    const LIB_RS: &str = r#"//! # {{Title}}: a patience rule plugin
//!
//! Made by `patience new`: a small working game to replace with your own
//! rules. It already builds (`patience build .`) and passes
//! `patience check`.
//!
//! The example rules: 28 cards in a pyramid and, below it, six piles of
//! four, face down but for their tops. A card is free once no card lies on
//! it. Two free cards of a rank (or, with `by_suit`, of a suit) pair off
//! (`7c+7h`). Clear the table to win.
//!
//! The SDK's tableau layer (`patience_engine::tableau`) does the table:
//! which card covers which, dealing, what is face down, the slots, the
//! check of a restored game, `resample` and the explanations, so no text
//! can name a face-down card.

use patience_engine::card::CardId;
use patience_engine::deal::{check_card_ids, DealRng};
use patience_engine::prelude::*;
use patience_engine::tableau::{bit, bits, parse_cards_move, Shape, Tableau};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

const RULES: &str = "\
# {{Title}}

28 cards are dealt into a pyramid, row by row from the apex, and the other \
24 into six piles of four below it, one card to each pile a round. A card is \
*free* once no card lies on it; the piles' cards lie face down until then.

* Two free cards of the **same rank** pair off and leave the table (`7c+7h`).
* With the option `by_suit` (on by default), two of the **same suit** do too.
* Clear the table to win. With no pair left, the game is lost.
";

/// The one option, declared once: `info` lists it, `start` reads it.
const BY_SUIT: Flag = Flag::new("by_suit", true, "Two cards of a suit pair off too");

/// The table, built once. Its positions, numbered in dealing order, are the
/// slot ids.
static TABLE: LazyLock<Shape> =
    LazyLock::new(|| Shape::pyramid(7).with(Shape::piles(6, 4).face_down_while_covered(), 0.0, 6.0));

/// A game in progress. It holds everything about the game, settings
/// included: the host saves and restores games as this value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct {{Type}} {
    /// The cards dealt onto the table, and which are still there.
    table: Tableau,
    by_suit: bool,
}

/// One legal move: the cards at two positions pair off.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pair(usize, usize);

impl {{Type}} {
    fn pair_off(&self, a: CardId, b: CardId) -> bool {
        a.rank() == b.rank() || (self.by_suit && a.card().suit == b.card().suit)
    }

    /// Why `a+b` is not a move now, in words that name only cards the
    /// player sees.
    fn why_not(&self, a: CardId, b: CardId) -> String {
        let seen = |card: CardId| self.table.locate(&TABLE, card).ok_or(format!("{card} is not on the table face up"));
        let (x, y) = match (seen(a), seen(b)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(why), _) | (_, Err(why)) => return why,
        };
        if let Some(why) = self.table.why_never_together(&TABLE, x, y) {
            return why;
        }
        match [x, y].into_iter().find(|&p| !self.table.is_free(&TABLE, p)) {
            Some(covered) => self.table.why_covered(&TABLE, covered),
            None if x == y => format!("{a} cannot pair off with itself"),
            None => format!("{a} and {b} are of neither a rank nor a suit (`by_suit` is {})", self.by_suit),
        }
    }
}

impl Variant for {{Type}} {
    type Action = Pair;

    fn info() -> Info {
        Info {
            id: "{{name}}".into(),
            name: "{{Title}}".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            summary: "Pair off free cards of a rank or a suit until the table is cleared.".into(),
            rules: RULES.into(),
            options: vec![BY_SUIT.spec()],
        }
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let table = Tableau::deal(&TABLE, &mut deal.cards(1)?.into_iter()); // in dealing order
        Ok({{Type}} { table, by_suit: BY_SUIT.read(settings) })
    }

    fn layout(&self) -> Layout {
        let playable = self.actions().iter().fold(0, |mask, &Pair(a, b)| mask | bit(a) | bit(b));
        Layout { width: TABLE.width(), height: TABLE.height(), slots: self.table.slots(&TABLE, SlotKind::Pyramid, playable) }
    }

    fn hud(&self) -> Vec<HudItem> {
        vec![HudItem::new("table", "On the table", self.table.left())]
    }

    fn actions(&self) -> Vec<Pair> {
        let free: Vec<usize> = bits(self.table.free(&TABLE)).collect();
        let pairs = free.iter().flat_map(|&a| free.iter().filter(move |&&b| a < b).map(move |&b| Pair(a, b)));
        pairs.filter(|&Pair(a, b)| self.pair_off(self.table.card(a), self.table.card(b))).collect()
    }

    fn describe(&self, &Pair(a, b): &Pair) -> MoveInfo {
        let (x, y) = (self.table.card(a), self.table.card(b)); // free, so face up
        MoveInfo { notation: format!("{x}+{y}"), label: format!("{} + {}", x.pretty(), y.pretty()), slots: vec![a as u32, b as u32] }
    }

    fn perform(&mut self, &Pair(a, b): &Pair) {
        self.table.take(a);
        self.table.take(b);
    }

    /// Won or playing: with no move left, the SDK reports the game lost (`lost_message`).
    fn status(&self) -> Status {
        if self.table.is_clear() { Status::won("All 52 cards are paired off") } else { Status::playing() }
    }

    fn lost_message(&self) -> String {
        format!("No pair left: {} cards remain", self.table.left())
    }

    fn explain(&self, notation: &str) -> String {
        match parse_cards_move(notation).as_deref() {
            Some(&[a, b]) => self.why_not(a, b),
            _ => format!("`{notation}` is not a move: write two cards, such as 7c+7h"),
        }
    }

    /// Refuse a damaged saved game: the table as play leaves it, and the
    /// 52 cards each dealt once.
    fn check(&self) -> Result<(), String> {
        self.table.check(&TABLE)?;
        let dealt: Vec<CardId> = (0..TABLE.len()).map(|p| self.table.card(p)).collect();
        check_card_ids(&dealt, 1)
    }

    /// The face-down cards, dealt anew: what fair players search.
    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        Some({{Type}} { table: self.table.resample(&TABLE, rng, &mut []), ..self.clone() })
    }
}

patience_engine::export_variant!({{Type}});

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::game::Game;

    fn start(seed: u64) -> {{Type}} {
        Game::<{{Type}}>::start(&Deal::Seed(seed), &[]).expect("the deal starts").state
    }

    #[test]
    fn the_pyramid_is_face_up_and_the_piles_show_their_tops() {
        let deck = patience_engine::deal::shuffled_deck(1);
        let faces: Vec<Face> = start(1).layout().slots.iter().map(|slot| slot.face).collect();
        assert_eq!(faces[0], Face::Up(deck[0]), "the apex is dealt first");
        assert_eq!(faces[28], Face::Down, "the first round of the piles lies under three more");
        assert_eq!(faces[51], Face::Up(deck[51]), "the last card dealt tops a pile");
    }

    #[test]
    fn free_cards_pair_off_and_covered_ones_are_explained() {
        let mut game = start(3);
        let pair = game.actions()[0];
        game.perform(&pair);
        assert_eq!(game.table.left(), 50);
        assert_eq!(game.check(), Ok(()));
        let apex = game.table.card(0);
        assert!(game.explain(&format!("{apex}+{apex}")).contains(&format!("{apex} is covered by ")));
        assert!(game.explain("hello").contains("is not a move"));
    }

    #[test]
    fn the_solver_wins_deal_1_and_its_line_replays_to_a_win() {
        // `Plain`: solved with the SDK's default hooks, as the plugin is
        // exported (`export_variant!` without `search`).
        let game = Game::<patience_engine::search::Plain<{{Type}}>>::start(&Deal::Seed(1), &[]).expect("the deal starts");
        let found = game.solve(1_000_000, false);
        assert_eq!(found.verdict, patience_engine::solver::Verdict::Winnable);
        let mut replay = game.clone();
        for notation in &found.line {
            let id = replay.moves().iter().find(|m| &m.info.notation == notation).expect("a listed move").id;
            replay.apply(id).expect("the move applies");
        }
        assert_eq!(replay.status().outcome, Outcome::Won);
    }
}
"#;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_crate_names_and_types() {
        assert_eq!(crate_name(Path::new("/tmp/my-golf")).unwrap(), "my-golf");
        for bad in ["My-Golf", "9lives", "golf-", "with space", "test", ""] {
            assert!(crate_name(Path::new(bad)).is_err(), "{bad}");
        }
        assert_eq!(template::type_name("my-golf2"), "MyGolf2");
        assert_eq!(template::title("my-golf"), "My golf");
    }

    #[test]
    fn the_template_names_the_sdk_and_the_plugin() {
        let files = template::files("my-golf", Path::new("/opt/patience/engine"));
        let manifest = &files.iter().find(|(path, _)| *path == "Cargo.toml").unwrap().1;
        assert!(manifest.contains("name = \"my-golf\""), "{manifest}");
        assert!(manifest.contains("patience-engine = { path = \"/opt/patience/engine\" }"), "{manifest}");
        assert!(manifest.contains("\n[workspace]\n"), "its own workspace: {manifest}");
        let lib = &files.iter().find(|(path, _)| *path == "src/lib.rs").unwrap().1;
        assert!(lib.contains("pub struct MyGolf {") && lib.contains("id: \"my-golf\".into()"));
        assert!(!lib.contains("{{"), "every placeholder is filled");
    }
}
