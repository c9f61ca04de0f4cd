//! The sandbox, tested with plugins that misbehave on purpose: each gives a
//! clear error naming the plugin and what it did, the open game goes back to
//! its last good state, and the host keeps serving other plugins.

use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_runtime::{Game, GameError, Limits, PluginFault};
use patience_tests::{fixture, load_fixture, runtime, settings, start};

/// A hostile game with `attack`, one step in (the attacks start then).
fn hostile_game(attack: &str) -> Game {
    let runtime = runtime();
    let plugin = load_fixture(&runtime, "hostile.wasm").expect("the hostile fixture loads");
    let mut game = Game::start(&plugin, &Deal::Seed(1), &settings(&plugin, &[("attack", attack)])).unwrap();
    game.play("step").expect("the first step is harmless");
    game
}

fn fault(error: GameError) -> PluginFault {
    match error {
        GameError::Fault(fault) => fault,
        other => panic!("expected a plugin fault, got {other:?}"),
    }
}

/// After a fault the game is at its last good state (`before`) and other
/// plugins still work.
fn assert_recovered(game: &mut Game, before: &[u8], fault: &PluginFault) {
    assert!(fault.recovered, "{fault}");
    assert!(fault.plugin.contains("hostile"), "the fault names the plugin: {fault}");
    assert_eq!(game.snapshot().expect("the rebuilt instance answers"), before, "back to the last good state");
    let mut other = start("relaxed", Deal::Seed(3), &[]);
    assert!(!other.moves().unwrap().is_empty(), "another plugin still plays");
}

#[test]
fn an_endless_loop_runs_out_of_fuel() {
    let mut game = hostile_game("loop-in-moves");
    let before = game.snapshot().unwrap();
    let fault = fault(game.moves().unwrap_err());
    assert_eq!(fault.call, "moves");
    assert!(fault.problem.contains("ran out of fuel"), "{fault}");
    assert!(fault.to_string().contains("restored to its last good state"), "{fault}");
    // The rebuilt game still holds attack=loop-in-moves, so it still cannot
    // list moves, but everything else answers.
    assert_eq!(game.status().unwrap().outcome, Outcome::Playing);
    assert_recovered(&mut game, &before, &fault);
}

#[test]
fn a_memory_bomb_hits_the_memory_limit() {
    let mut game = hostile_game("memory-in-layout");
    let before = game.snapshot().unwrap();
    let fault = fault(game.layout().unwrap_err());
    assert!(fault.problem.contains("more than 32 MiB of memory"), "{fault}");
    assert_recovered(&mut game, &before, &fault);
}

#[test]
fn the_same_compiled_plugin_runs_under_other_limits() {
    let runtime = runtime();
    let plugin = load_fixture(&runtime, "hostile.wasm").expect("the hostile fixture loads");
    let smaller = plugin.under_limits(Limits { memory_bytes: 8 << 20, ..plugin.runtime().limits().clone() });
    assert_eq!(smaller.hash, plugin.hash, "the same code");
    let mut game = Game::start(&smaller, &Deal::Seed(1), &settings(&smaller, &[("attack", "memory-in-layout")])).unwrap();
    game.play("step").expect("the first step is harmless");
    let fault = fault(game.layout().unwrap_err());
    assert!(fault.problem.contains("more than 8 MiB of memory"), "{fault}");
    assert_eq!(plugin.runtime().limits().memory_bytes, 32 << 20, "the plugin it came from keeps its limits");
}

#[test]
fn a_panic_reports_its_message_and_the_game_goes_on() {
    let mut game = hostile_game("panic-in-apply");
    let before = game.snapshot().unwrap();
    let fault = fault(game.play("step").unwrap_err());
    assert_eq!(fault.call, "apply");
    assert!(fault.problem.contains("panicked"), "{fault}");
    assert!(fault.problem.contains("the hostile fixture panics on purpose after 1 steps"), "{fault}");
    assert_recovered(&mut game, &before, &fault);
}

#[test]
fn endless_recursion_overflows_the_stack_not_the_host() {
    let mut game = hostile_game("recursion-in-moves");
    let before = game.snapshot().unwrap();
    let fault = fault(game.moves().unwrap_err());
    assert!(fault.problem.contains("overflowed its stack"), "{fault}");
    assert_recovered(&mut game, &before, &fault);
}

#[test]
fn invalid_layouts_are_refused_with_the_reason() {
    for (attack, expected) in [
        ("duplicate-slot", "slot id 1 appears twice"),
        ("card-twice", "card As is shown twice"),
        ("nan-position", "outside"),
    ] {
        let mut game = hostile_game(attack);
        let fault = fault(game.layout().unwrap_err());
        assert!(fault.problem.contains("invalid") && fault.problem.contains(expected), "{attack}: {fault}");
    }
    let mut game = hostile_game("missing-slot");
    let fault = fault(game.moves().unwrap_err());
    assert!(fault.problem.contains("slot 99, which is not in the layout"), "{fault}");
}

#[test]
fn a_refused_start_is_an_error_not_a_fault() {
    let runtime = runtime();
    let plugin = load_fixture(&runtime, "hostile.wasm").unwrap();
    let error = Game::start(&plugin, &Deal::Seed(1), &settings(&plugin, &[("attack", "refuse-start")])).err().unwrap();
    assert_eq!(error, GameError::Refused("this fixture refuses to start".into()));
}

#[test]
fn a_forbidden_import_is_refused_at_load_naming_the_import() {
    let runtime = runtime();
    let error = load_fixture(&runtime, "forbidden-import.wasm").unwrap_err().to_string();
    assert!(error.contains("imports `evil:host/files`"), "{error}");
    assert!(error.contains("may import only `patience:plugin/host`"), "{error}");
}

#[test]
fn broken_binaries_are_refused_with_the_reason() {
    let runtime = runtime();
    let load = |bytes: &[u8]| {
        runtime.load(bytes, patience_runtime::Source::Bundled("test".into())).unwrap_err().to_string()
    };
    assert!(load(b"hello, world").contains("not a WebAssembly file"));
    assert!(load(b"\0asm\x01\0\0\0").contains("core WebAssembly module, not a component"));
    let bytes = fixture("hostile.wasm");
    let truncated = load(&bytes[..bytes.len() / 2]);
    assert!(!truncated.is_empty());
    // The runtime still loads good plugins afterwards.
    load_fixture(&runtime, "hostile.wasm").unwrap();
}

/// A deal whose search needs hundreds of thousands of positions (relaxed
/// with three passes, deal 462), solved with little memory for
/// solving: the solver's table takes what the host grants and answers
/// `unknown` when refused more, never an out-of-memory fault, and the game
/// plays on. (With the default memory for solving it is decided: see the
/// solver benchmark.)
#[test]
fn a_search_that_fills_the_memory_it_is_given_answers_unknown_and_the_game_plays_on() {
    use patience_engine::solver::Verdict;
    use patience_runtime::{plugin::Source, Limits, Runtime};
    use std::sync::Arc;
    let bytes = patience_tests::bundled().into_iter().find(|(file, _)| *file == "relaxed.wasm").unwrap().1;
    // The memory for solving is at least a game's: both small here.
    let limits = Limits { memory_bytes: 8 << 20, solve_memory_bytes: 8 << 20, ..Limits::default() };
    let runtime = Arc::new(Runtime::new(limits, None).unwrap());
    let plugin = runtime.load(bytes, Source::Bundled("relaxed.wasm".into())).unwrap();
    let options = settings(&plugin, &[("passes", "3")]);
    let mut small = Game::start(&plugin, &Deal::Seed(462), &options).unwrap();
    let solution = small.solve(u64::MAX, false).expect("no fault");
    assert_eq!(solution.verdict, Verdict::Unknown, "{} nodes", solution.nodes);
    assert!(solution.nodes > 100_000, "the table grew as far as it could: {} nodes", solution.nodes);
    small.play("draw").expect("the game plays on after the search");
}

/// The shortest-line search keeps a node per position it queues; with
/// little memory for solving it answers `unknown` when refused more (its
/// tables keep the same headroom as the depth-first one), never an
/// out-of-memory fault, and the game plays on. (Relaxed, three passes, open
/// stock, deal 84: the depth-first search fits, the shortest line needs
/// about a million positions.)
#[test]
fn a_shortest_line_search_that_fills_its_memory_answers_unknown_and_the_game_plays_on() {
    use patience_engine::solver::Verdict;
    use patience_runtime::{plugin::Source, Limits, Runtime};
    use std::sync::Arc;
    let bytes = patience_tests::bundled().into_iter().find(|(file, _)| *file == "relaxed.wasm").unwrap().1;
    let runtime = Arc::new(Runtime::new(Limits { solve_memory_bytes: 4 << 20, ..Limits::default() }, None).unwrap());
    let plugin = runtime.load(bytes, Source::Bundled("relaxed.wasm".into())).unwrap();
    let options = settings(&plugin, &[("passes", "3"), ("stock_top_playable", "true")]);
    let mut game = Game::start(&plugin, &Deal::Seed(84), &options).unwrap();
    assert_eq!(game.solve(u64::MAX, false).expect("no fault").verdict, Verdict::Winnable);
    let shortest = game.solve(u64::MAX, true).expect("no fault");
    assert_eq!(shortest.verdict, Verdict::Unknown, "{} nodes", shortest.nodes);
    game.play("draw").expect("the game plays on after the search");
}

/// A worker reuses one instance for deal after deal: each deal started
/// again must be exactly the deal a fresh instance would start, and solve
/// the same way.
#[test]
fn starting_again_in_the_same_instance_equals_a_fresh_start() {
    let mut reused = start("relaxed", Deal::Seed(0), &[]);
    for seed in 1..25 {
        reused.start_again(&Deal::Seed(seed), &[]).unwrap();
        let mut fresh = start("relaxed", Deal::Seed(seed), &[]);
        assert_eq!(reused.snapshot().unwrap(), fresh.snapshot().unwrap(), "seed {seed}");
        let (again, anew) = (reused.solve(20_000, false).unwrap(), fresh.solve(20_000, false).unwrap());
        assert_eq!((again.verdict, again.nodes, &again.line), (anew.verdict, anew.nodes, &anew.line), "seed {seed}");
    }
}

/// A start that fails inside the plugin leaves the instance unusable; the
/// next start again gets a new one.
#[test]
fn a_failed_start_again_is_followed_by_a_fresh_instance() {
    let runtime = runtime();
    let plugin = load_fixture(&runtime, "hostile.wasm").expect("the hostile fixture loads");
    let mut game = Game::start(&plugin, &Deal::Seed(1), &[]).unwrap();
    let panicking = settings(&plugin, &[("attack", "panic"), ("in", "start")]);
    let failure = fault(game.start_again(&Deal::Seed(2), &panicking).unwrap_err());
    assert_eq!(failure.call, "start");
    assert!(failure.problem.contains("panicked"), "{failure}");
    game.start_again(&Deal::Seed(3), &[]).expect("a fresh instance starts the next deal");
    game.play("step").expect("and plays it");
}
