//! Writing a plugin, end to end, the way an author does it:
//!
//! * the example plugin (`examples/golf`) builds with `patience build`,
//!   passes `patience check`, and once dropped into a plugins directory is
//!   listed, shown, solved and compared with no host changes;
//! * a crate made by `patience new` builds and passes `patience check`
//!   unchanged, and its own unit tests pass;
//! * deliberately broken fixtures (`tests/plugins/`) fail `check`, each with
//!   the message that names its bug, where it showed and how to see it.
//!
//! The command-line tests run the `patience` binary of this build.

use patience_conformance::{CheckId, Config, Report};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("host/cli is in the workspace")
}

/// A cargo target directory for the crates the tests create, kept between
/// runs under the outer build's target directory (found from this test
/// binary, `target/<profile>/deps/<test>`), so that their dependencies
/// are compiled once, not on every run.
fn authored_crates_target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let target_dir = exe.ancestors().nth(3).expect("target/<profile>/deps/<test>");
    target_dir.join("authored-crates")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("patience-authoring-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `patience` in `dir` with the test binaries' shared compile cache (the
/// bundled plugins are compiled once, not on every run) and no plugins
/// directory from the environment.
fn patience_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_patience"));
    command
        .args(args)
        .current_dir(dir)
        .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
        .env_remove("PATIENCE_PLUGINS");
    command
}

/// Runs `patience` in `dir` (see `patience_command`).
fn patience(dir: &Path, args: &[&str]) -> Output {
    patience_command(dir, args).env_remove("CARGO_TARGET_DIR").output().expect("patience runs")
}

/// Runs `patience` in `dir` with cargo building into `target_dir`, and
/// expects success; returns its standard output.
fn succeed_with_target_dir(dir: &Path, args: &[&str], target_dir: &Path) -> String {
    let output = patience_command(dir, args).env("CARGO_TARGET_DIR", target_dir).output().expect("patience runs");
    stdout_of_success(&output, args)
}

fn text(output: &Output) -> String {
    format!("{}\n{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Runs `patience` and expects success; returns its standard output.
fn succeed(dir: &Path, args: &[&str]) -> String {
    stdout_of_success(&patience(dir, args), args)
}

/// The standard output of `patience args`, which must have succeeded.
fn stdout_of_success(output: &Output, args: &[&str]) -> String {
    assert!(output.status.success(), "`patience {}` failed:\n{}", args.join(" "), text(output));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Few enough games to keep the suite quick; every check still runs.
const CHECK_GAMES: &str = "60";

#[test]
fn the_example_plugin_builds_passes_check_and_plays_without_host_changes() {
    let dir = scratch("golf");
    let golf_crate = workspace().join("examples/golf");
    let built = succeed(&dir, &["build", golf_crate.to_str().unwrap(), "--out", "plugins"]);
    assert!(built.contains("built `golf` 2.0.0 (Pyramid Golf)"), "{built}");
    assert!(dir.join("plugins/golf.wasm").is_file());

    let report = succeed(&dir, &["check", "plugins/golf.wasm", "--games", CHECK_GAMES]);
    assert!(report.contains("result: all 9 checks passed"), "{report}");
    assert!(report.contains("[pass] hidden cards") && report.contains("two unseen cards swapped"), "{report}");

    let list = succeed(&dir, &["--plugins", "plugins", "list"]);
    let golf = list.lines().find(|line| line.starts_with("golf")).unwrap_or_else(|| panic!("golf is listed: {list}"));
    assert!(golf.contains("Pyramid Golf") && golf.contains("plugins/golf.wasm"), "{golf}");

    // Deal 3: the bottom row face up, 21 covered cards face down.
    let deck = patience_engine::deal::shuffled_deck(3);
    let shown = succeed(&dir, &["--plugins", "plugins", "show", "golf", "--seed", "3"]);
    assert_eq!(shown.matches("##").count(), 22, "21 face-down pyramid cards and the stock: {shown}");
    assert!(shown.contains(&deck[28].to_string()) && shown.contains("Stock: 23"), "{shown}");

    let solved = succeed(&dir, &["--plugins", "plugins", "solve", "golf", "--seed", "3"]);
    assert!(solved.contains("verdict: "), "{solved}");

    let compared = succeed(
        &dir,
        &["--plugins", "plugins", "compare", "golf", "relaxed", "--deals", "4", "--players", "solver,expert,greedy", "--jobs", "1"],
    );
    assert!(compared.contains("golf") && compared.contains("relaxed"), "{compared}");
    let _ = std::fs::remove_dir_all(&dir); // kept when a step fails, to look at
}

#[test]
fn a_new_plugin_builds_and_passes_check_unchanged() {
    let dir = scratch("new");
    let created = succeed(&dir, &["new", "my-pairs"]);
    assert!(created.contains("created the plugin crate `my-pairs`"), "{created}");
    for file in ["Cargo.toml", "Cargo.lock", "src/lib.rs", "README.md"] {
        assert!(dir.join("my-pairs").join(file).is_file(), "{file} is created");
    }
    let lock = std::fs::read_to_string(dir.join("my-pairs/Cargo.lock")).unwrap();
    assert!(lock.contains("name = \"serde\"") && !lock.contains("name = \"wasmtime\""), "only what a plugin builds:\n{lock}");
    let again = patience(&dir, &["new", "my-pairs"]);
    assert!(!again.status.success() && text(&again).contains("already exists"), "{}", text(&again));

    // The new crate builds in a target directory kept between runs
    // (`CARGO_TARGET_DIR`, which `patience build` follows like cargo).
    let target_dir = authored_crates_target_dir();
    let built = succeed_with_target_dir(&dir, &["build", "my-pairs"], &target_dir);
    assert!(built.contains("built `my-pairs` 0.1.0 (My pairs)"), "{built}");
    let component = target_dir.join("plugin/my-pairs.wasm");
    let report = succeed(&dir, &["check", component.to_str().unwrap(), "--games", CHECK_GAMES]);
    assert!(report.contains("result: all 9 checks passed"), "{report}");

    let unit_tests = Command::new(env!("CARGO"))
        .args(["test", "--manifest-path", "my-pairs/Cargo.toml"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target_dir)
        .output()
        .expect("cargo runs");
    assert!(unit_tests.status.success(), "the template's own tests:\n{}", text(&unit_tests));
    assert!(text(&unit_tests).contains("3 passed"), "{}", text(&unit_tests));
    let _ = std::fs::remove_dir_all(&dir); // kept when a step fails, to look at
}

/// Edits `file` under `dir`, replacing `from` (which must be there) by `to`.
fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} holds `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// The guide's way to add a field to a released plugin's game: the second
/// release fails `check --previous` until it raises `SAVED_FORM` and reads
/// the old form in `restore_older`. Every build refreshes
/// `target/plugin/`, also when it copies the build elsewhere.
#[test]
fn a_released_plugin_gains_a_field_and_still_reads_its_saved_games() {
    let dir = scratch("evolve");
    succeed(&dir, &["new", "evolving"]);
    let target_dir = authored_crates_target_dir();
    let built = target_dir.join("plugin/evolving.wasm");
    succeed_with_target_dir(&dir, &["build", "evolving"], &target_dir);
    std::fs::create_dir_all(dir.join("released")).unwrap();
    std::fs::copy(&built, dir.join("released/evolving.wasm")).unwrap();

    // Release 0.2.0 counts the pairs made: a field the rules never read.
    edit(&dir, "evolving/Cargo.toml", "version = \"0.1.0\"", "version = \"0.2.0\"");
    edit(&dir, "evolving/src/lib.rs", "    by_suit: bool,\n}", "    by_suit: bool,\n    pairs_made: Bookkeeping<u32>,\n}");
    edit(&dir, "evolving/src/lib.rs", "by_suit: BY_SUIT.read(settings) })", "by_suit: BY_SUIT.read(settings), pairs_made: Bookkeeping(0) })");
    edit(&dir, "evolving/src/lib.rs", "        self.table.take(b);\n", "        self.table.take(b);\n        *self.pairs_made += 1;\n");
    let copied = succeed_with_target_dir(&dir, &["build", "evolving", "--out", "next"], &target_dir);
    assert!(copied.contains("built `evolving` 0.2.0") && copied.contains(" and "), "{copied}");
    let next = std::fs::read(dir.join("next/evolving.wasm")).unwrap();
    assert_eq!(std::fs::read(&built).unwrap(), next, "target/plugin holds the build just copied to --out");

    let check = |args: &[&str]| patience_command(&dir, args).env("CARGO_TARGET_DIR", &target_dir).output().unwrap();
    let refused = check(&["check", "next/evolving.wasm", "--games", "20", "--previous", "released/evolving.wasm"]);
    let report = text(&refused);
    assert!(!refused.status.success(), "{report}");
    assert!(report.contains("[FAIL] saved games") && report.contains("a game saved by version 0.1.0 does not read back in version 0.2.0"), "{report}");

    edit(
        &dir,
        "evolving/src/lib.rs",
        "    type Action = Pair;\n",
        r#"    type Action = Pair;

    const SAVED_FORM: u32 = 1;

    fn restore_older(_form: u32, bytes: &[u8]) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct Form0 {
            table: Tableau,
            by_suit: bool,
        }
        let Form0 { table, by_suit } = patience_engine::game::read_saved(bytes)?;
        let pairs_made = Bookkeeping((TABLE.len() as u32 - table.left() as u32) / 2);
        Ok(Evolving { table, by_suit, pairs_made })
    }
"#,
    );
    succeed_with_target_dir(&dir, &["build", "evolving", "--out", "next"], &target_dir);
    let report = succeed(&dir, &["check", "next/evolving.wasm", "--games", "20", "--previous", "released/evolving.wasm"]);
    assert!(report.contains("[pass] saved games") && report.contains("saved by version 0.1.0 restored in version 0.2.0"), "{report}");
    assert!(report.contains("result: all 10 checks passed"), "{report}");
    let _ = std::fs::remove_dir_all(&dir); // kept when a step fails, to look at
}

#[test]
fn new_refuses_names_that_cannot_be_plugin_ids() {
    let dir = scratch("bad-name");
    let output = patience(&dir, &["new", "My Golf"]);
    assert!(!output.status.success());
    assert!(text(&output).contains("cannot be a plugin name"), "{}", text(&output));
    assert!(!dir.join("My Golf").exists(), "nothing is created");
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- broken plugins -----

fn check_fixture(file: &str) -> Report {
    let config = Config { games: 40, plugin_path: Some(PathBuf::from(format!("fixtures/{file}"))), ..Config::default() };
    patience_conformance::check_bytes(patience_tests::fixture(file), &config)
}

/// The report fails check `id` with a message containing `needle`, says
/// where (a deal, a move number) and how to reproduce it.
fn assert_fails(report: &Report, id: CheckId, needle: &str) {
    assert!(!report.passed(), "{report}");
    let check = report.check(id);
    let failure = check
        .failures
        .iter()
        .find(|failure| failure.what.contains(needle))
        .unwrap_or_else(|| panic!("`{}` should fail with `{needle}`:\n{report}", id.name()));
    assert!(failure.place.deal.is_some() && failure.place.moves_played.is_some(), "{report}");
    assert!(failure.reproduce[0].starts_with("patience --plugins fixtures play "), "{report}");
    assert!(report.to_string().contains(&format!("[FAIL] {}", id.name())), "{report}");
}

#[test]
fn a_nondeterministic_plugin_fails_the_determinism_check() {
    let report = check_fixture("nondeterministic.wasm");
    assert_fails(&report, CheckId::Determinism, "not deterministic");
    assert_fails(&report, CheckId::Determinism, "slot 1 is at (1.5, 0, z 0) in one and (1.75, 0, z 0) in the other");
}

#[test]
fn a_plugin_showing_a_card_twice_fails_the_layout_check() {
    let report = check_fixture("duplicate-card.wasm");
    assert_fails(&report, CheckId::Layouts, "is shown twice (again in slot 2)");
    let failure = &report.check(CheckId::Layouts).failures[0];
    assert_eq!(failure.place.moves_played, Some(3), "the bug shows after the third draw: {report}");
    assert!(failure.reproduce[0].ends_with("--moves \"draw, draw, draw\""), "{report}");
}

#[test]
fn a_listed_move_that_does_not_apply_fails_the_moves_check() {
    let report = check_fixture("refused-move.wasm");
    assert_fails(&report, CheckId::Moves, "move `draw` (id 0) is listed, but `apply` refuses it: the game is over");
    assert_fails(&report, CheckId::Layouts, "the game is over (Won: `Five cards drawn`) but 1 moves are still listed");
}

#[test]
fn a_line_check_that_names_moves_otherwise_than_the_move_list_fails_the_moves_check() {
    let report = check_fixture("misnamed-move.wasm");
    assert_fails(&report, CheckId::Moves, "the playout's moves, played as one line from the start");
    assert!(report.to_string().contains("move 3 (`draw`) is not legal"), "names the move: {report}");
    for id in [CheckId::Determinism, CheckId::Layouts, CheckId::Snapshots] {
        assert!(report.check(id).passed(), "only the line check is wrong with it: {report}");
    }
}

#[test]
fn a_face_down_card_named_in_a_label_fails_the_hidden_card_check() {
    let report = check_fixture("leaky.wasm");
    assert_fails(&report, CheckId::HiddenCards, "hidden information leaks: the label of slot 0 (face down) is `");
    let failure = &report.check(CheckId::HiddenCards).failures[0];
    assert_eq!(failure.reproduce.len(), 2, "both deals of the pair can be replayed: {report}");
    assert!(failure.reproduce.iter().all(|line| line.contains("--deck \"")), "{report}");
    for id in [CheckId::Determinism, CheckId::Layouts, CheckId::Moves, CheckId::Snapshots] {
        assert!(report.check(id).passed(), "only the leak is wrong with it: {report}");
    }
}

#[test]
fn the_bundled_plugins_pass_check() {
    // Guards the checks against false alarms on plugins known to be sound.
    // Thirty-seven plugins: checked on every core, each plugin by one.
    let plugins = patience_tests::bundled();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut failed = Vec::new();
                    while let Some((file, bytes)) = plugins.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                        let cache_dir = Some(patience_tests::compile_cache_dir());
                        let config = Config { games: 30, solve_deals: 2, cache_dir, ..Config::default() };
                        let report = patience_conformance::check_bytes(bytes, &config);
                        if !report.passed() {
                            failed.push(format!("{file}:\n{report}"));
                        }
                    }
                    failed
                })
            })
            .collect();
        handles.into_iter().flat_map(|handle| handle.join().expect("a checking thread")).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn check_exits_with_failure_and_prints_the_report() {
    let dir = scratch("check-cli");
    std::fs::write(dir.join("leaky.wasm"), patience_tests::fixture("leaky.wasm")).unwrap();
    // An empty compile cache of its own: the binary's cold path (every
    // bundled plugin compiled and stored) runs here.
    let cold = |args: &[&str]| patience_command(&dir, args).env("PATIENCE_CACHE_DIR", dir.join("cache")).output().expect("patience runs");
    let output = cold(&["check", "leaky.wasm", "--games", "10"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("[FAIL] hidden cards"), "{report}");
    assert!(report.contains("reproduce: patience --plugins . play leaky --deck"), "{report}");
    assert!(report.contains("result: FAILED (hidden cards)"), "{report}");

    std::fs::write(dir.join("not-a-plugin.wasm"), b"hello").unwrap();
    let output = cold(&["check", "not-a-plugin.wasm"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output).contains("[FAIL] load") && text(&output).contains("not a WebAssembly file"), "{}", text(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

