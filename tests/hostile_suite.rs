//! The hostile-plugin suite: fixture plugins written to misbehave in every
//! way a plugin can — in every contract function where it makes sense — and
//! for each, the host's promise:
//!
//! * a clear error naming the plugin, the call and what it did;
//! * the open game back at its last good state (or, when even that state
//!   cannot be restored, a game that says so on every call and can still be
//!   undone, restarted or resumed from its save);
//! * the host still serving other plugins, in the same runtime;
//! * memory back where it was (no store, and no memory, kept per load or
//!   per game).
//!
//! The fixtures live in `tests/plugins/`: `hostile` (option `attack`, and
//! `in` for the function), `panic-info`, `contract-v2`, `wasi-import`,
//! `forbidden-import`, `snapshot-trap` and `unchecked-false-win`.

use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_engine::options::OptionValue;
use patience_engine::solver::Verdict;
use patience_runtime::plugin::{live_stores, Source};
use patience_runtime::{Catalog, Game, GameError, HostConfig, Limits, LoadedPlugin, PluginFault, RuleSet, Runtime, SavedGame, Session};
use patience_tests::{bundled, fixture, test_limits};
use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock, RwLockReadGuard};
use std::time::{Duration, Instant};

// ----- The test bench -----

/// The leak test measures the whole process, so it runs alone: it takes
/// this lock for writing, every other test for reading.
static EXCLUSIVE: RwLock<()> = RwLock::new(());

fn shared() -> RwLockReadGuard<'static, ()> {
    EXCLUSIVE.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The support crate's test limits (32 MiB, 200 M fuel a call), with a
/// solve budget small enough that an endless loop in `solve` ends quickly.
fn limits() -> Limits {
    Limits { solve_fuel: 1_000_000_000, ..test_limits() }
}

/// One runtime for the suite, serving the hostile plugin and a well-behaved
/// bundled one side by side.
struct Bench {
    runtime: Arc<Runtime>,
    hostile: Arc<LoadedPlugin>,
    relaxed: Arc<LoadedPlugin>,
}

fn bench() -> &'static Bench {
    static BENCH: OnceLock<Bench> = OnceLock::new();
    BENCH.get_or_init(|| {
        let runtime = Arc::new(Runtime::new(limits(), None).expect("a runtime"));
        let hostile = load(&runtime, "hostile.wasm").expect("the hostile fixture loads");
        let relaxed_bytes = bundled().into_iter().find(|(name, _)| *name == "relaxed.wasm").expect("relaxed is bundled").1;
        let relaxed = runtime.load(relaxed_bytes, Source::Bundled("relaxed.wasm".into())).expect("relaxed loads");
        Bench { runtime, hostile, relaxed }
    })
}

fn load(runtime: &Arc<Runtime>, name: &str) -> anyhow::Result<Arc<LoadedPlugin>> {
    runtime.load(fixture(name), Source::Bundled(name.to_string()))
}

/// A runtime with room for giant answers: 512 MiB of memory per game and
/// the fuel to fill it, so that the output limit (16 MiB) is what stops them.
fn roomy_runtime() -> Arc<Runtime> {
    let limits = Limits { memory_bytes: 512 << 20, call_fuel: 5_000_000_000, ..limits() };
    Arc::new(Runtime::new(limits, None).expect("a runtime"))
}

const KINDS: [&str; 4] = ["panic", "loop", "memory", "recursion"];

/// The hostile fixture's settings for `attack`: `panic-in-layout` is
/// `attack=panic, in=layout`.
fn settings(attack: &str) -> Vec<(String, OptionValue)> {
    let choice = |name: &str, value: &str| (name.to_string(), OptionValue::Choice(value.to_string()));
    match attack.split_once("-in-") {
        Some((kind, function)) if KINDS.contains(&kind) => vec![choice("attack", kind), choice("in", function)],
        _ => vec![choice("attack", attack)],
    }
}

fn start(plugin: &Arc<LoadedPlugin>, attack: &str) -> Game {
    Game::start(plugin, &Deal::Seed(1), &settings(attack)).expect("the hostile game starts")
}

/// A hostile game with `attack`, one step in (most attacks start then).
fn hostile_game_in(plugin: &Arc<LoadedPlugin>, attack: &str) -> Game {
    let mut game = start(plugin, attack);
    game.play("step").expect("the first step is harmless");
    game
}

fn hostile_game(attack: &str) -> Game {
    hostile_game_in(&bench().hostile, attack)
}

fn fault<T: std::fmt::Debug>(result: Result<T, GameError>) -> PluginFault {
    match result {
        Err(GameError::Fault(fault)) => fault,
        other => panic!("expected a plugin fault, got {other:?}"),
    }
}

/// The game is at `before`, as the host holds it and as the (rebuilt)
/// plugin instance answers.
fn assert_at(game: &mut Game, before: &[u8], what: &str) {
    assert_eq!(game.current_snapshot(), before, "{what}: the host holds the last good state");
    assert_eq!(game.snapshot().expect("the instance answers"), before, "{what}: the instance is at the last good state");
}

/// The same runtime still serves another plugin and a calm hostile game.
fn assert_host_serves() {
    let bench = bench();
    let mut other = Game::start(&bench.relaxed, &Deal::Seed(3), &[]).expect("relaxed starts");
    let first = other.moves().expect("relaxed lists moves")[0].clone();
    other.apply(first.id).expect("relaxed plays");
    other.layout().expect("relaxed lays out");
    let mut calm = start(&bench.hostile, "none");
    for _ in 0..5 {
        calm.play("step").expect("a calm hostile game plays");
    }
    assert_eq!(calm.status().unwrap().outcome, Outcome::Won);
}

// ----- Misbehaviour in every contract function -----

/// `kind` (panic, loop, memory, recursion) in contract function `function`:
/// the right fault, the game back at its last good state, the host serving.
fn misbehaves(kind: &str, function: &str) {
    let _shared = shared();
    let bench = bench();
    let attack = format!("{kind}-in-{function}");
    let (fault, steps) = match function {
        // No good state yet: the start fails, with nothing to restore.
        "start" => {
            let fault = fault(Game::start(&bench.hostile, &Deal::Seed(1), &settings(&attack)).map(drop));
            assert!(!fault.recovered, "{fault}");
            (fault, 0)
        }
        // The snapshot after the first step fails: the step is undone.
        "snapshot" => {
            let mut game = start(&bench.hostile, &attack);
            let before = game.current_snapshot().to_vec();
            let fault = fault(game.play("step"));
            assert!(fault.recovered, "{fault}");
            assert_at(&mut game, &before, &attack);
            (fault, 1)
        }
        // Restoring a snapshot (undo, redo, load) fails: the game that was
        // to be replaced is untouched.
        "restore" => {
            let mut game = hostile_game(&attack);
            let before = game.current_snapshot().to_vec();
            let fault = fault(game.reset_to(&before));
            assert!(!fault.recovered, "{fault}");
            assert_at(&mut game, &before, &attack);
            assert_eq!(game.status().unwrap().outcome, Outcome::Playing);
            let again = self::fault(Game::restore(&bench.hostile, &before).map(drop));
            assert_eq!(again.call, "restore");
            (fault, 1)
        }
        _ => {
            let mut game = hostile_game(&attack);
            let before = game.current_snapshot().to_vec();
            let result = match function {
                "layout" => game.layout().map(drop),
                "hud" => game.hud().map(drop),
                "moves" => game.moves().map(drop),
                "apply" => game.play("step").map(drop),
                "status" => game.status().map(drop),
                "explain" => game.explain("teleport").map(drop),
                "solve" => game.solve(10_000, false).map(drop),
                "resample" => game.resample(7).map(drop),
                other => unreachable!("no contract function {other}"),
            };
            let fault = fault(result);
            assert!(fault.recovered, "{fault}");
            assert!(fault.to_string().contains("(the game was restored to its last good state)"), "{fault}");
            assert_at(&mut game, &before, &attack);
            // The rebuilt instance answers what the attack spares.
            if function != "layout" {
                game.layout().expect("the rebuilt game lays out");
            }
            (fault, 1)
        }
    };
    assert_eq!(fault.call, function, "{fault}");
    assert!(fault.plugin.starts_with("`hostile` 0.1.0 from bundled (hostile.wasm)"), "{fault}");
    // A panic's message comes with its place: `panicked at src/lib.rs:…`.
    let (expected, message) = match kind {
        // (The solver may meet the attack a step or more further on.)
        "panic" if function == "solve" => ("it panicked: ".to_string(), "steps (in `solve`)".to_string()),
        "panic" => ("it panicked: ".to_string(), format!("the hostile fixture panics on purpose after {steps} steps (in `{function}`)")),
        "loop" => {
            let fuel = if function == "solve" { limits().solve_fuel } else { limits().call_fuel };
            (format!("it ran out of fuel: more than {fuel} instructions in one call"), String::new())
        }
        "memory" => ("it tried to use more than 32 MiB of memory".to_string(), String::new()),
        "recursion" => ("it overflowed its stack".to_string(), String::new()),
        other => unreachable!("no kind {other}"),
    };
    assert!(fault.problem.starts_with(&expected), "{attack}: expected `{expected}…`, got: {fault}");
    assert!(fault.problem.contains(&message), "{attack}: expected `{message}`, got: {fault}");
    assert_host_serves();
}

macro_rules! misbehaviour_tests {
    ($($name:ident: $kind:literal in $function:literal;)*) => {
        $(
            #[test]
            fn $name() {
                misbehaves($kind, $function);
            }
        )*
    };
}

misbehaviour_tests! {
    panic_in_start: "panic" in "start";
    panic_in_restore: "panic" in "restore";
    panic_in_layout: "panic" in "layout";
    panic_in_hud: "panic" in "hud";
    panic_in_moves: "panic" in "moves";
    panic_in_apply: "panic" in "apply";
    panic_in_status: "panic" in "status";
    panic_in_explain: "panic" in "explain";
    panic_in_snapshot: "panic" in "snapshot";
    panic_in_solve: "panic" in "solve";
    panic_in_resample: "panic" in "resample";
    loop_in_start: "loop" in "start";
    loop_in_restore: "loop" in "restore";
    loop_in_layout: "loop" in "layout";
    loop_in_hud: "loop" in "hud";
    loop_in_moves: "loop" in "moves";
    loop_in_apply: "loop" in "apply";
    loop_in_status: "loop" in "status";
    loop_in_explain: "loop" in "explain";
    loop_in_snapshot: "loop" in "snapshot";
    loop_in_solve: "loop" in "solve";
    loop_in_resample: "loop" in "resample";
    memory_in_start: "memory" in "start";
    memory_in_restore: "memory" in "restore";
    memory_in_layout: "memory" in "layout";
    memory_in_hud: "memory" in "hud";
    memory_in_moves: "memory" in "moves";
    memory_in_apply: "memory" in "apply";
    memory_in_status: "memory" in "status";
    memory_in_explain: "memory" in "explain";
    memory_in_snapshot: "memory" in "snapshot";
    memory_in_solve: "memory" in "solve";
    memory_in_resample: "memory" in "resample";
    recursion_in_start: "recursion" in "start";
    recursion_in_restore: "recursion" in "restore";
    recursion_in_layout: "recursion" in "layout";
    recursion_in_hud: "recursion" in "hud";
    recursion_in_moves: "recursion" in "moves";
    recursion_in_apply: "recursion" in "apply";
    recursion_in_status: "recursion" in "status";
    recursion_in_explain: "recursion" in "explain";
    recursion_in_snapshot: "recursion" in "snapshot";
    recursion_in_solve: "recursion" in "solve";
    recursion_in_resample: "recursion" in "resample";
}

// ----- Invalid answers -----

/// An invalid answer is refused with the reason; the game itself is fine
/// (the plugin's state did not change), so it plays on.
fn refuses(attack: &str, call: &str, expected: &str) {
    let mut game = hostile_game(attack);
    let before = game.current_snapshot().to_vec();
    let result = match call {
        "layout" => game.layout().map(drop),
        "moves" => game.moves().map(drop),
        "hud" => game.hud().map(drop),
        "status" => game.status().map(drop),
        "explain" => game.explain("teleport").map(drop),
        other => unreachable!("no call {other}"),
    };
    let fault = fault(result);
    assert_eq!(fault.call, call, "{attack}: {fault}");
    assert!(fault.problem.starts_with("it returned something invalid: "), "{attack}: {fault}");
    assert!(fault.problem.contains(expected), "{attack}: expected `{expected}`, got: {fault}");
    assert_at(&mut game, &before, attack);
}

#[test]
fn invalid_layouts_are_refused_with_the_reason() {
    let _shared = shared();
    for (attack, expected) in [
        ("duplicate-slot", "slot id 1 appears twice"),
        ("card-twice", "card As is shown twice (again in slot 2)"),
        ("nan-position", "slot 1 is at (NaN, 0), outside the 4 × 1.4 board"),
        ("far-position", "outside the 4 × 1.4 board"),
        ("infinite-board", "the board size inf × 1.4 is not finite"),
        ("bad-card", "slot 2: rank 14 of suit 3 is not a card"),
        ("control-label", "the label of slot 1 contains control characters"),
        ("long-label", "the label of slot 1 is 201 bytes long, more than the 200 allowed"),
        ("many-slots", "the layout has 2001 slots, more than 2000"),
    ] {
        refuses(attack, "layout", expected);
    }
    assert_host_serves();
}

#[test]
fn invalid_moves_hud_and_texts_are_refused_with_the_reason() {
    let _shared = shared();
    refuses("missing-slot", "moves", "move `step` points at slot 99, which is not in the layout");
    refuses("empty-notation", "moves", "move 0 has no notation");
    refuses("many-moves", "moves", "5001 moves listed, more than 5000");
    refuses("many-hud", "hud", "33 HUD items, more than 32");
    // (`long-status` answers the very first step with it: see below.)
    refuses("long-explain", "explain", "the explanation is 3000 bytes long");
    assert_host_serves();
}

#[test]
fn an_invalid_answer_to_apply_does_not_leave_the_plugin_a_move_ahead() {
    let _shared = shared();
    // `long-status` answers the first step with an overlong status: the host
    // refuses the move, so the plugin must be put back where the host is.
    let mut game = start(&bench().hostile, "long-status");
    let before = game.current_snapshot().to_vec();
    let fault = fault(game.play("step"));
    assert_eq!(fault.call, "apply");
    assert!(fault.problem.contains("the status message is 3000 bytes long, more than the 2000 allowed"), "{fault}");
    assert!(fault.recovered, "{fault}");
    assert_at(&mut game, &before, "long-status");
    assert_host_serves();
}

// ----- Giant and malformed answers -----

/// Giant answers fail cleanly twice over: within the test limits the plugin
/// runs out of memory building them; given room (512 MiB), the output limit
/// (16 MiB) stops the host from copying them.
fn too_big(attack: &str, call: &str) {
    for (runtime, expected) in [
        (Arc::clone(&bench().runtime), "it tried to use more than 32 MiB of memory"),
        (roomy_runtime(), "it tried to hand the host more than 16 MiB of data in one answer or log line"),
    ] {
        let plugin = load(&runtime, "hostile.wasm").unwrap();
        let mut game = if call == "snapshot" { start(&plugin, attack) } else { hostile_game_in(&plugin, attack) };
        let before = game.current_snapshot().to_vec();
        let result = match call {
            "layout" => game.layout().map(drop),
            "moves" => game.moves().map(drop),
            "snapshot" => game.play("step").map(drop),
            other => unreachable!("no call {other}"),
        };
        let fault = fault(result);
        assert_eq!(fault.call, call, "{attack}: {fault}");
        assert!(fault.problem.starts_with(expected), "{attack}: expected `{expected}`, got: {fault}");
        assert!(fault.recovered, "{fault}");
        assert_at(&mut game, &before, attack);
    }
    assert_host_serves();
}

#[test]
fn a_million_slots_are_stopped() {
    let _shared = shared();
    too_big("giant-slots", "layout");
}

#[test]
fn a_100_mb_label_is_stopped() {
    let _shared = shared();
    too_big("giant-string", "layout");
}

#[test]
fn a_100_mb_move_notation_is_stopped() {
    let _shared = shared();
    too_big("giant-notation", "moves");
}

#[test]
fn a_100_mb_snapshot_is_stopped() {
    let _shared = shared();
    too_big("giant-snapshot", "snapshot");
}

#[test]
fn labels_aliasing_one_buffer_cannot_make_the_host_copy_gigabytes() {
    let _shared = shared();
    // 2,000 labels pointing at one 1 MiB buffer: 2 GB if copied one by one.
    let mut game = hostile_game("aliased-labels");
    let before = game.current_snapshot().to_vec();
    let fault = fault(game.layout());
    assert!(fault.problem.starts_with("it tried to hand the host more than 16 MiB of data"), "{fault}");
    assert!(fault.recovered);
    assert_at(&mut game, &before, "aliased-labels");
    assert_host_serves();
}

#[test]
fn malformed_answers_are_refused_not_trusted() {
    let _shared = shared();
    for (attack, expected) in [("invalid-utf8", "utf-8"), ("wild-pointer", "out of bounds")] {
        let mut game = hostile_game(attack);
        let before = game.current_snapshot().to_vec();
        let fault = fault(game.layout());
        assert_eq!(fault.call, "layout");
        assert!(fault.problem.starts_with("it returned malformed data: "), "{attack}: {fault}");
        assert!(fault.problem.contains(expected), "{attack}: {fault}");
        assert!(fault.recovered);
        assert_at(&mut game, &before, attack);
    }
    assert_host_serves();
}

#[test]
fn a_log_flood_costs_the_plugin_fuel_and_ends_like_a_loop() {
    let _shared = shared();
    // The same 4 MiB line, logged for ever: every line is copied by the
    // host, so it is charged to the plugin's fuel.
    let began = Instant::now();
    let mut game = hostile_game("log-flood");
    let before = game.current_snapshot().to_vec();
    let fault = fault(game.layout());
    assert!(fault.problem.starts_with("it ran out of fuel"), "{fault}");
    assert!(began.elapsed() < Duration::from_secs(30), "the flood took {:?}", began.elapsed());
    assert!(fault.recovered);
    assert_at(&mut game, &before, "log-flood");
    assert!(game.log().len() <= limits().log_lines, "the kept log is bounded");
    assert!(game.log().iter().all(|line| line.message.len() <= 4096 + '…'.len_utf8()), "kept lines are cut");
    assert_host_serves();
}

// ----- Snapshots that cannot be restored -----

#[test]
fn when_the_last_good_state_cannot_be_restored_the_game_says_so_and_can_be_undone() {
    let _shared = shared();
    let bench = bench();
    // After one step, `bad-restore` refuses its own snapshots and `hud`
    // panics: the host cannot rebuild the instance.
    let mut game = start(&bench.hostile, "bad-restore");
    let opening = game.current_snapshot().to_vec();
    game.play("step").unwrap();
    let after_step = game.current_snapshot().to_vec();
    let fault = fault(game.hud());
    assert_eq!(fault.call, "hud");
    assert!(!fault.recovered, "{fault}");
    assert!(fault.problem.starts_with("it panicked: "), "{fault}");
    assert!(fault.problem.contains("the hostile fixture panics in `hud` so that the host must restore it"), "{fault}");
    assert!(
        fault.problem.contains(
            "its last good state could not be restored either (`restore` refused it: \
             the snapshot is not a valid game: this fixture refuses its own snapshots)"
        ),
        "{fault}"
    );
    // Every later call says why, without touching the dead instance...
    for result in [game.status().map(drop), game.moves().map(drop), game.layout().map(drop)] {
        let later = self::fault(result);
        assert!(later.problem.starts_with("the game cannot go on: after the plugin failed in `hud`"), "{later}");
        assert!(later.problem.ends_with("undo, restart or load a saved game"), "{later}");
    }
    // ...the host still holds the last good state (for saving)...
    assert_eq!(game.current_snapshot(), after_step);
    // ...and an earlier state (undo) brings the game back.
    game.reset_to(&opening).expect("the opening restores");
    assert_at(&mut game, &opening, "undone");
    for _ in 0..5 {
        game.play("step").unwrap();
    }
    assert_eq!(game.status().unwrap().outcome, Outcome::Won);
    assert_host_serves();
}

#[test]
fn a_session_whose_game_cannot_be_restored_is_undone_or_resumed_from_its_save() {
    let _shared = shared();
    let bench = bench();
    let rule_set = RuleSet {
        name: "bad restore".into(),
        description: None,
        plugin: "hostile".into(),
        options: settings("bad-restore"),
        path: None,
        id: None,
        group: None,
    };
    let mut session = Session::start(&bench.hostile, rule_set, Deal::Seed(1)).unwrap();
    session.play("step").unwrap();
    fault(session.game().hud());
    fault(session.game().status());
    // The save holds the move log: resuming replays it on a fresh game.
    let saved = SavedGame::parse(&SavedGame::of(&session).to_toml()).unwrap();
    let catalog = Catalog::load(&bench.runtime, &[("hostile.wasm", fixture("hostile.wasm"))], &[]);
    let mut resumed = saved.resume(&catalog).expect("the save resumes").session;
    assert_eq!(resumed.move_log(), ["step"]);
    assert_eq!(resumed.current_snapshot(), session.current_snapshot());
    assert_eq!(resumed.game().status().unwrap().outcome, Outcome::Playing);
    // Undo rebuilds the game from the state before the step.
    assert!(session.undo().unwrap());
    assert_eq!(session.game().status().unwrap().outcome, Outcome::Playing);
    assert_eq!(session.game().moves().unwrap().len(), 1);
    assert_host_serves();
}

#[test]
fn a_plugin_that_restores_anything_but_cannot_snapshot_does_not_send_the_host_round_in_circles() {
    let _shared = shared();
    // Every new game is snapshotted at once; recovering from that failure
    // would make a new game, snapshot it, fail, recover... until the host's
    // stack overflowed. Now the start simply fails.
    let runtime = &bench().runtime;
    let plugin = load(runtime, "snapshot-trap.wasm").expect("the snapshot-trap fixture loads");
    let fault = fault(Game::start(&plugin, &Deal::Seed(1), &[]).map(drop));
    assert_eq!(fault.call, "snapshot");
    assert!(!fault.recovered);
    assert!(fault.problem.contains("it aborted (hit `unreachable`)"), "{fault}");
    let fault = self::fault(Game::restore(&plugin, b"whatever").map(drop));
    assert_eq!(fault.call, "snapshot");
    assert_host_serves();
}

// ----- False claims -----

#[test]
fn a_solver_claiming_a_false_win_is_caught_by_the_replay() {
    let _shared = shared();
    let bench = bench();
    // From the opening, the lying solver offers one step as a win.
    assert!(bench.hostile.checks_lines_in_one_call(), "an SDK plugin exports line-check");
    let mut game = start(&bench.hostile, "false-win");
    let fault = fault(game.solve(1_000, false));
    assert_eq!(fault.call, "solve");
    assert!(fault.problem.contains("its claimed winning line does not win"), "{fault}");
    // One step in, it claims the game is already won (an empty line).
    game.play("step").unwrap();
    let before = game.current_snapshot().to_vec();
    let fault = self::fault(game.solve(1_000, true));
    assert!(fault.problem.contains("its claimed winning line does not win"), "{fault}");
    // The check plays on a copy: the game itself is untouched.
    assert_at(&mut game, &before, "false-win");
    // An honest solver's line is accepted.
    let mut honest = hostile_game("none");
    let solution = honest.solve(1_000, false).unwrap();
    assert_eq!(solution.verdict, Verdict::Winnable);
    assert_eq!(solution.line, vec!["step"; 4]);
    assert_host_serves();
}

#[test]
fn a_plugin_without_line_check_has_its_claimed_win_checked_move_by_move() {
    let _shared = shared();
    let plugin = load(&bench().runtime, "unchecked-false-win.wasm").expect("the unchecked-false-win fixture loads");
    assert!(!plugin.checks_lines_in_one_call());
    let mut game = Game::start(&plugin, &Deal::Seed(1), &[]).unwrap();
    let fault = fault(game.solve(1_000, false));
    assert_eq!(fault.call, "solve");
    assert!(fault.problem.contains("its winning line fails at move 1 (`fly`)"), "{fault}");
    assert_host_serves();
}

// ----- Plugins refused at load -----

#[test]
fn a_panic_in_info_fails_the_load_with_its_message() {
    let _shared = shared();
    let error = format!("{:#}", load(&bench().runtime, "panic-info.wasm").unwrap_err());
    assert!(error.starts_with("the plugin failed in `info`: it panicked: "), "{error}");
    assert!(error.ends_with("the panic-info fixture will not say who it is"), "{error}");
    assert_host_serves();
}

#[test]
fn a_newer_contract_version_is_refused_naming_both_versions() {
    let _shared = shared();
    let error = format!("{:#}", load(&bench().runtime, "contract-v2.wasm").unwrap_err());
    assert!(error.contains("@2.0.0"), "{error}");
    assert!(error.contains("built against contract 2.0.0, but this host speaks 1.1.0"), "{error}");
    assert_host_serves();
}

#[test]
fn wasi_and_unknown_imports_are_refused_naming_the_import() {
    let _shared = shared();
    let error = format!("{:#}", load(&bench().runtime, "wasi-import.wasm").unwrap_err());
    assert!(error.starts_with("the plugin imports `wasi:filesystem/"), "{error}");
    assert!(error.contains("@0.2.0`"), "{error}");
    assert!(error.contains("may import only `patience:plugin/host`"), "{error}");
    let error = format!("{:#}", load(&bench().runtime, "forbidden-import.wasm").unwrap_err());
    assert!(error.starts_with("the plugin imports `evil:host/files`"), "{error}");
    assert_host_serves();
}

#[test]
fn broken_binaries_are_refused_with_the_reason() {
    let _shared = shared();
    let runtime = &bench().runtime;
    let refuse = |bytes: &[u8]| format!("{:#}", runtime.load(bytes, Source::Bundled("broken.wasm".into())).unwrap_err());
    assert!(refuse(b"").contains("not a WebAssembly file"));
    assert!(refuse(b"PK\x03\x04 a zip file").contains("not a WebAssembly file"));
    assert!(refuse(b"\0asm\x01\0\0\0").contains("core WebAssembly module, not a component"));
    assert!(refuse(b"\0asm\x2a\0\0\0").contains("unsupported WebAssembly binary version"));
    // Truncated anywhere, or with junk after it.
    let bytes = fixture("hostile.wasm");
    for cut in (1..16).map(|sixteenth| bytes.len() * sixteenth / 16).chain([8, 9, bytes.len() - 1]) {
        let error = refuse(&bytes[..cut]);
        assert!(!error.is_empty(), "cut at {cut}");
    }
    let mut junk = bytes.to_vec();
    junk.extend_from_slice(b"\x7f\x05junk!");
    refuse(&junk);
    assert_host_serves();
}

#[test]
fn a_catalog_lists_every_hostile_file_as_a_problem_and_loads_the_rest() {
    let _shared = shared();
    let dir = std::env::temp_dir().join(format!("patience-hostile-suite-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let refused = ["panic-info.wasm", "contract-v2.wasm", "wasi-import.wasm", "forbidden-import.wasm"];
    for name in refused {
        std::fs::write(dir.join(name), fixture(name)).unwrap();
    }
    std::fs::write(dir.join("truncated.wasm"), &fixture("hostile.wasm")[..1000]).unwrap();
    std::fs::write(dir.join("hostile.wasm"), fixture("hostile.wasm")).unwrap();
    // A 100 MiB file (sparse: nothing is written) is refused by its size,
    // before it is read.
    let giant = std::fs::File::create(dir.join("giant.wasm")).unwrap();
    giant.set_len(100 << 20).unwrap();
    let catalog = Catalog::load(&bench().runtime, &bundled(), std::slice::from_ref(&dir));
    let problem_files: Vec<String> = catalog
        .problems()
        .iter()
        .map(|problem| match &problem.source {
            Source::File(path) => path.file_name().unwrap().to_string_lossy().into_owned(),
            other => panic!("a bundled plugin failed: {other}"),
        })
        .collect();
    let mut expected: Vec<&str> = refused.iter().copied().chain(["truncated.wasm", "giant.wasm"]).collect();
    expected.sort();
    assert_eq!(problem_files, expected);
    let giant = catalog.problems().iter().find(|p| p.source.to_string().contains("giant.wasm")).unwrap();
    assert!(giant.message.contains("100.0 MiB, more than the 64 MiB"), "{}", giant.message);
    assert!(catalog.problems().iter().all(|problem| !problem.message.is_empty()));
    assert!(catalog.find("hostile").is_some());
    assert_eq!(catalog.plugins().len(), bundled().len() + 1, "every bundled plugin and the hostile one: {:?}", catalog.ids());
    std::fs::remove_dir_all(&dir).unwrap();
}

// ----- Limits from the host config -----

#[test]
fn the_limits_come_from_the_host_config() {
    let _shared = shared();
    let config = HostConfig::parse(
        "[limits]\nmemory_mib = 16\ncall_fuel = 50_000_000\noutput_mib = 1\nmax_slots = 3\nmax_moves = 10\nlog_lines = 3\n",
        Path::new("config.toml"),
    )
    .unwrap();
    let runtime = Arc::new(Runtime::new(config.limits, None).unwrap());
    let plugin = load(&runtime, "hostile.wasm").unwrap();
    let problem = |attack: &str, call: fn(&mut Game) -> Result<(), GameError>| {
        let mut game = hostile_game_in(&plugin, attack);
        fault(call(&mut game)).problem
    };
    let layout: fn(&mut Game) -> Result<(), GameError> = |game| game.layout().map(drop);
    let moves: fn(&mut Game) -> Result<(), GameError> = |game| game.moves().map(drop);
    assert!(problem("memory-in-layout", layout).starts_with("it tried to use more than 16 MiB of memory"));
    assert!(problem("loop-in-moves", moves).starts_with("it ran out of fuel: more than 50000000 instructions"));
    assert!(problem("aliased-labels", layout).starts_with("it tried to hand the host more than 1 MiB of data"));
    assert!(problem("many-slots", layout).contains("the layout has 2001 slots, more than 3"));
    assert!(problem("many-moves", moves).contains("5001 moves listed, more than 10"));
    let mut flood = hostile_game_in(&plugin, "log-flood");
    fault(flood.layout());
    assert!(flood.log().len() <= 3);
}

// ----- Memory returns to where it was -----

/// The process's resident memory, from `/proc/self/statm`.
fn resident_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: usize = statm.split_whitespace().nth(1).and_then(|field| field.parse().ok()).expect("statm's second field");
    pages * 4096
}

#[test]
fn memory_returns_to_where_it_was_after_loads_faults_and_games() {
    let _alone = EXCLUSIVE.write().unwrap_or_else(|poisoned| poisoned.into_inner());
    let runtime = Arc::new(Runtime::new(limits(), None).unwrap());
    // One round: load the plugin anew (compiling it), play games that make
    // their instance grab all 32 MiB, panic, loop and fail to restore, fail
    // a load, then drop everything.
    let round = || {
        let plugin = load(&runtime, "hostile.wasm").unwrap();
        for (attack, call) in [("memory-in-layout", "layout"), ("panic-in-apply", "apply"), ("loop-in-moves", "moves"), ("bad-restore", "hud")] {
            let mut game = hostile_game_in(&plugin, attack);
            let result = match call {
                "layout" => game.layout().map(drop),
                "apply" => game.play("step").map(drop),
                "moves" => game.moves().map(drop),
                _ => game.hud().map(drop),
            };
            fault(result);
        }
        let mut calm = hostile_game_in(&plugin, "none");
        calm.solve(1_000, false).unwrap();
        load(&runtime, "panic-info.wasm").unwrap_err();
    };
    for _ in 0..2 {
        round();
    }
    let stores = live_stores();
    let resident = resident_bytes();
    let rounds = 8;
    for _ in 0..rounds {
        round();
    }
    assert_eq!(live_stores(), stores, "every store made in {rounds} rounds was dropped");
    let grown = resident_bytes().saturating_sub(resident);
    eprintln!("resident memory: {} MiB before, grown by {} KiB over {rounds} rounds", resident >> 20, grown >> 10);
    // Each round touches over 32 MiB of plugin memory and compiles the
    // plugin: a leak of either would grow by far more (a few MiB is the
    // allocator's noise).
    assert!(grown < 24 << 20, "resident memory grew by {} MiB over {rounds} rounds", grown >> 20);
}
