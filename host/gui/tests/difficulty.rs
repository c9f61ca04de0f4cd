//! Difficulty you can see, a kind first game, winnable deals only, and the
//! statistics per rule set — through the real app and the real plugins.
//! The study files in `rulesets/difficulty/` are checked against the
//! plugins here: a record that the plugins no longer give fails the build.
//! So are the figures built into the binary against the files.

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_compare::study::{DealRecord, StudyFile};
use patience_compare::PlayerKind;
use patience_engine::deal::Deal;
use patience_engine::solver::Verdict;
use patience_gui::{check_drift, read_study, Command, Deals, Difficulty, PatienceApp, StatsAction, Word};
use patience_runtime::{Game, RuleSet};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// Deals of each rule set the drift check plays again, at most: the solver
/// on the first 20, the expert (seconds a game in Speedpyramid and the
/// two-deck games) on the first 2.
const DRIFT_SOLVER_DEALS: u64 = 20;
const DRIFT_EXPERT_DEALS: u64 = 2;

/// A player's share of the drift check per rule set, in the time the study
/// recorded: it plays the first deals whose recorded times add up to this,
/// and at least `DRIFT_MIN_SOLVER_DEALS` (the solver) or one deal (the
/// expert). A rule set of seconds a deal (Speedpyramid's whole game) then
/// costs what one of milliseconds does, and every rule set is still played
/// again.
const DRIFT_SOLVER_MICROS_PER_RULE_SET: u64 = 3_000_000;
const DRIFT_EXPERT_MICROS_PER_RULE_SET: u64 = 3_000_000;
const DRIFT_MIN_SOLVER_DEALS: u64 = 2;

/// Games the expert played per rule set in the study files: at least 200
/// (the seed variants' rule sets have 500), for intervals under ±7 points.
const EXPERT_GAMES: u64 = 200;

fn study_dir() -> PathBuf {
    repo_root().join("rulesets")
}

/// The figures built into the binary, as the app gets them.
fn difficulty() -> Difficulty {
    static READ: OnceLock<Difficulty> = OnceLock::new();
    READ.get_or_init(|| {
        let (difficulty, problems) = Difficulty::bundled(&catalog());
        assert!(problems.is_empty(), "{problems:?}");
        assert!(!difficulty.is_empty(), "no study files were built in from {}", study_dir().join("difficulty").display());
        difficulty
    })
    .clone()
}

/// The figures read from the study files in the repository.
fn difficulty_from_the_files() -> Difficulty {
    let (difficulty, problems) = Difficulty::load(&[study_dir()], &catalog());
    assert!(problems.is_empty(), "{problems:?}");
    difficulty
}

#[test]
fn the_figures_built_in_are_the_files_figures_and_the_files_beside_them_add_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_in(dir.path());
    let (built_in, from_files) = (difficulty(), difficulty_from_the_files());
    let mut both = difficulty();
    let problems = both.add_dirs(&[study_dir()], app.catalog());
    assert!(problems.is_empty(), "the repository's own files are copies of what is built in: {problems:?}");
    let mut measured = 0;
    for choice in app.choices() {
        let figures = built_in.figures(&choice.rule_set, app.catalog());
        assert_eq!(figures, from_files.figures(&choice.rule_set, app.catalog()), "{}", choice.title);
        assert_eq!(figures, both.figures(&choice.rule_set, app.catalog()), "{}: counted twice", choice.title);
        measured += usize::from(figures.is_some());
    }
    assert!(measured >= 19, "only {measured} choices measured");

    // A file named like a built-in study but holding other figures is not
    // added, and is named.
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(elsewhere.path().join("difficulty")).unwrap();
    let solver = study_files().into_iter().find(|path| path.file_name().unwrap() == "solver.json").expect("solver.json");
    let mut changed = read_study(&solver).unwrap();
    changed.records.retain(|record| record.deal <= 10);
    changed.deals = 10;
    std::fs::write(elsewhere.path().join("difficulty/solver.json"), serde_json::to_string(&changed).unwrap()).unwrap();
    let mut again = difficulty();
    let problems = again.add_dirs(&[elsewhere.path().to_path_buf()], app.catalog());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("solver.json") && problems[0].contains("built into this program"), "{}", problems[0]);
    let relaxed = patience_runtime::RuleSet::defaults("relaxed");
    assert_eq!(again.figures(&relaxed, app.catalog()), built_in.figures(&relaxed, app.catalog()));
}

fn choice_index(app: &PatienceApp, title: &str) -> usize {
    app.choices().iter().position(|c| c.title == title).unwrap_or_else(|| panic!("no choice {title}"))
}

fn study_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(study_dir().join("difficulty"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_study_files_cover_every_rule_set_with_enough_deals() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_in(dir.path());
    let difficulty = difficulty();
    assert!(app.choices().len() >= 19);
    for choice in app.choices() {
        let figures = difficulty.figures(&choice.rule_set, app.catalog()).unwrap_or_else(|| panic!("no figures for {}", choice.title));
        assert!(figures.solved >= 2_000, "{}: the solver on {} deals", choice.title, figures.solved);
        assert!(figures.expert_games >= EXPERT_GAMES, "{}: the expert on {} deals", choice.title, figures.expert_games);
    }
}

/// The study of one of `file`'s rule sets.
fn only_rule_set(file: &StudyFile, index: usize) -> StudyFile {
    let records = file.records.iter().filter(|record| record.rule_set == index).map(|record| DealRecord { rule_set: 0, ..record.clone() });
    StudyFile { rule_sets: vec![file.rule_sets[index].clone()], records: records.collect(), ..file.clone() }
}

/// How many of the first deals of a one-rule-set study the drift check
/// plays again: at least `min`, at most `most`, and beyond `min` only while
/// their recorded times add up to `micros` (see the constants above).
fn drift_deals(file: &StudyFile, min: u64, most: u64, micros: u64) -> u64 {
    let mut recorded = 0;
    let mut deals = 0;
    for deal in file.from..file.from + most.min(file.deals) {
        let took = file.records.iter().find(|record| record.deal == deal).map_or(0, |record| record.micros);
        if deals >= min && recorded + took > micros {
            break;
        }
        recorded += took;
        deals += 1;
    }
    deals
}

/// The drift check's work: one rule set of one study file each, with the
/// deals each player plays again.
struct DriftJob {
    path: PathBuf,
    one: StudyFile,
    solver_deals: u64,
    expert_deals: u64,
}

fn drift_jobs() -> Vec<DriftJob> {
    let mut jobs = Vec::new();
    for path in study_files() {
        let file = read_study(&path).unwrap();
        for index in 0..file.rule_sets.len() {
            let one = only_rule_set(&file, index);
            let solver_deals = if file.players.contains(&PlayerKind::Solver) {
                drift_deals(&one, DRIFT_MIN_SOLVER_DEALS, DRIFT_SOLVER_DEALS, DRIFT_SOLVER_MICROS_PER_RULE_SET)
            } else {
                0
            };
            // The expert takes seconds a game: only the files of the first
            // deals are played again with it.
            let expert_deals = if file.players.contains(&PlayerKind::Expert) && file.from == 1 {
                drift_deals(&one, 1, DRIFT_EXPERT_DEALS, DRIFT_EXPERT_MICROS_PER_RULE_SET)
            } else {
                0
            };
            jobs.push(DriftJob { path: path.clone(), one, solver_deals, expert_deals });
        }
    }
    jobs
}

#[test]
fn the_study_files_agree_with_the_plugins_and_the_check_catches_a_changed_record() {
    let catalog = catalog();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Each worker takes the next rule set and plays it on one thread: a rule
    // set of a few slow deals then keeps one core busy, not both idle in turn.
    let jobs = drift_jobs();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let differences: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut found = Vec::new();
                    while let Some(job) = jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                        let differences = check_drift(&job.one, &catalog, job.solver_deals, job.expert_deals, 1).unwrap();
                        found.extend(differences.into_iter().map(|difference| format!("{}: {difference}", job.path.display())));
                    }
                    found
                })
            })
            .collect();
        handles.into_iter().flat_map(|handle| handle.join().expect("a drift-checking thread")).collect()
    });
    assert!(
        differences.is_empty(),
        "study files no longer match the plugins — regenerate them (docs/architecture.md, \"The difficulty files\"):\n{}",
        differences.join("\n")
    );
    let replayed = |player: fn(&DriftJob) -> u64| jobs.iter().filter(|job| player(job) > 0).count();
    assert!(replayed(|job| job.solver_deals) >= 19 && replayed(|job| job.expert_deals) >= 19, "the drift check plays too few rule sets again");

    // The check can fail: one record changed in a copy of the solver's file
    // (its first rule set only, to keep it quick) is named.
    let solver = study_files().into_iter().find(|path| read_study(path).unwrap().players == [PlayerKind::Solver]).expect("a solver study");
    let mut copy = read_study(&solver).unwrap();
    copy.rule_sets.truncate(1);
    copy.records.retain(|record| record.rule_set == 0);
    let record = copy.records.iter_mut().find(|record| record.deal == copy.from + 3).unwrap();
    let verdict = &mut record.solver.as_mut().unwrap().verdict;
    *verdict = if verdict == "winnable" { "not-winnable".to_string() } else { "winnable".to_string() };
    let differences = check_drift(&copy, &catalog, DRIFT_SOLVER_DEALS, 0, workers).unwrap();
    assert_eq!(differences.len(), 1, "{differences:?}");
    assert!(differences[0].contains(&format!("deal {}", copy.from + 3)), "{differences:?}");
}

#[test]
fn a_broken_study_file_is_named_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let studies = dir.path().join("difficulty");
    std::fs::create_dir_all(&studies).unwrap();
    let broken = studies.join("broken.json");
    std::fs::write(&broken, "{\"format\": 1, \"rule_sets\": [oops").unwrap();
    let (difficulty, problems) = Difficulty::load(&[dir.path().to_path_buf()], &catalog());
    assert!(difficulty.is_empty());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("broken.json") && problems[0].contains("not a study file"), "{}", problems[0]);
    assert!(broken.exists(), "the file is kept for the player to look at");
}

#[test]
fn the_variants_menu_shows_each_rule_sets_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()).with_difficulty(difficulty()));
    while !harness.state().notices().is_empty() {
        harness.state_mut().run_command(Command::DismissNotice(0));
    }
    harness.state_mut().start(rule_set("Relaxed, three passes"), Deal::Seed(1));
    harness.run();
    click_button(&mut harness, "Variants");
    // Every entry says how hard it is, in numbers and in a word, or that
    // no study has played it.
    let app = harness.state();
    let with_figures = app.choices().iter().filter(|c| app.difficulty().figures(&c.rule_set, app.catalog()).is_some()).count();
    assert!(with_figures >= 19, "{with_figures}");
    let expert_not_measured = harness.query_all_by_label_contains("expert: not measured").count();
    let by_score = harness.query_all_by_label_contains("expert reaches level").count();
    assert!(by_score >= 3, "the Speedpyramid entries read from scores: {by_score}");
    assert_eq!(harness.query_all_by_label_contains("expert wins").count() + by_score + expert_not_measured, with_figures);
    assert_eq!(expert_not_measured, 0, "every bundled game has the expert's figures");
    assert_eq!(harness.query_all_by_label("difficulty not measured").count(), app.choices().len() - with_figures);
    for word in [Word::Easy, Word::VeryHard] {
        assert!(harness.query_all_by_label(word.text()).next().is_some(), "no `{}` in the menu", word.text());
    }
    // The rule sets further down, where the easy ones are.
    harness.get_by_label("Relaxed, unlimited passes").scroll_to_me();
    harness.run();
    harness.snapshot_options("variants-difficulty", &snapshot_options());
}

#[test]
fn a_first_launch_opens_the_kindest_rule_set_and_says_so_then_the_last_one_played() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = catalog();
    let difficulty = difficulty();
    let mut harness = harness(app_in(dir.path()).with_difficulty(difficulty.clone()));
    let table = harness.state().table().expect("a game");
    let rule_set = table.rule_set().clone();
    let figures = difficulty.figures(&rule_set, &catalog).expect("measured");
    // Of the menu's first group, winnable well over half the time, and
    // no measured rule set there that is too is more often won by the
    // expert. (Games of the other groups may be kinder: Triple Alliance
    // is won by the expert on every deal.)
    assert!(figures.is_kind(), "{figures:?}");
    let (first_group, members) = harness.state().menu_groups().into_iter().next().expect("a group");
    assert_eq!(first_group, "Seed variants");
    let choices = harness.state().choices();
    assert!(members.iter().any(|&i| choices[i].rule_set == rule_set), "{} is of the first group", rule_set.name);
    for choice in members.iter().map(|&i| &choices[i]) {
        if let Some(other) = difficulty.figures(&choice.rule_set, &catalog).filter(|f| f.is_kind()) {
            assert!(other.expert_rate() <= figures.expert_rate(), "{} is kinder", choice.title);
        }
    }
    let notice = harness.state().notices().iter().find(|n| n.starts_with("Welcome!")).expect("the one-line note").clone();
    assert!(notice.contains("Variants menu") && !notice.contains('\n'), "{notice}");
    harness.snapshot_options("first-launch", &snapshot_options());

    // The player picks something else; the next start opens that, quietly.
    let other = choice_index(harness.state(), "Relaxed, one pass");
    harness.state_mut().run_command(Command::Choose(other));
    harness.run();
    drop(harness);
    let again = harness_again(dir.path(), difficulty);
    assert_eq!(again.state().table().unwrap().rule_set().name, "Relaxed, one pass");
    assert!(again.state().notices().iter().all(|n| !n.starts_with("Welcome!")));
}

fn harness_again(dir: &std::path::Path, difficulty: Difficulty) -> Harness<'static, PatienceApp> {
    harness(app_in(dir).with_difficulty(difficulty))
}

#[test]
fn winnable_deals_only_deals_proven_deals_counts_them_apart_and_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    // Classic one pass: about one deal in a thousand is winnable, so the
    // search has to skip a good many.
    let classic = choice_index(harness.state(), "Classic, one pass");
    harness.state_mut().run_command(Command::Choose(classic));
    harness.state_mut().run_command(Command::ToggleWinnableOnly);
    assert!(harness.state().winnable_only());
    let before = harness.state().table().unwrap().deal().clone();
    harness.state_mut().run_command(Command::NewGame);
    assert!(harness.state().is_searching_deal());
    harness.run();
    wait_until(&mut harness, "a winnable deal", |app| !app.is_searching_deal());
    let table = harness.state().table().unwrap();
    assert!(table.is_winnable_only());
    let Deal::Seed(number) = table.deal().clone() else { panic!("a deal number") };
    assert_ne!(Deal::Seed(number), before);
    assert!(number > 3, "deals 1–3 of classic are not winnable, yet {number} was dealt");
    // The deal number shows, and the solver agrees.
    harness.get_by_label_contains(&format!("Deal {number}"));
    let plugin = table.plugin().clone();
    let mut game = Game::start(&plugin, &Deal::Seed(number), &table.rule_set().options).unwrap();
    assert_eq!(game.solve(1_000_000, false).unwrap().verdict, Verdict::Winnable);

    // A game left after a move counts as a winnable-only game.
    let line = game.solve(1_000_000, false).unwrap().line;
    harness.state_mut().table_mut().unwrap().play_notation(&line[0]);
    harness.state_mut().run_command(Command::Restart);
    let stats = harness.state().stats();
    assert_eq!(stats.record_of("classic", "Classic, one pass", Deals::WinnableOnly).map(|r| r.played), Some(1));
    assert!(stats.record("classic", "Classic, one pass").is_none());

    // Replaying the same number by hand plays the same deal.
    let same = table_rule_set(&harness);
    harness.state_mut().start(same, Deal::Seed(number));
    assert_eq!(harness.state().table().unwrap().deal(), &Deal::Seed(number));
    drop(harness);
    let again = app_in(dir.path());
    let mut again = common::harness(again);
    assert_eq!(again.state().table().unwrap().rule_set().name, "Classic, one pass");
    assert!(again.state().winnable_only(), "the toggle is remembered per rule set");
    let relaxed = choice_index(again.state(), "Relaxed, one pass");
    again.state_mut().run_command(Command::Choose(relaxed));
    assert!(!again.state().winnable_only());
}

#[test]
fn a_winnable_only_game_resumed_at_the_next_start_still_counts_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let relaxed = choice_index(harness.state(), "Relaxed, three passes");
    harness.state_mut().run_command(Command::Choose(relaxed));
    harness.state_mut().run_command(Command::ToggleWinnableOnly);
    harness.state_mut().run_command(Command::NewGame);
    wait_until(&mut harness, "a winnable deal", |app| !app.is_searching_deal());
    let table = harness.state().table().unwrap();
    assert!(table.is_winnable_only());
    let deal = table.deal().clone();
    let mut game = Game::start(table.plugin(), &deal, &table.rule_set().options).unwrap();
    let line = game.solve(1_000_000, false).unwrap().line;
    harness.state_mut().table_mut().unwrap().play_notation(&line[0]);
    // Closing the app keeps the game, to be resumed.
    harness.state_mut().exit();
    drop(harness);

    let mut again = common::harness(app_in(dir.path()));
    let table = again.state().table().expect("the saved game is back");
    assert_eq!((table.deal(), table.move_log()), (&deal, vec![line[0].clone()]));
    assert!(table.is_winnable_only(), "the resumed game is still a winnable-only deal");
    again.get_by_label("· proven winnable");
    for notation in &line[1..] {
        again.state_mut().table_mut().unwrap().play_notation(notation);
    }
    again.state_mut().run_command(Command::Cancel);
    let stats = again.state().stats();
    let record = stats.record_of("relaxed", "Relaxed, three passes", Deals::WinnableOnly).cloned().expect("a winnable-only record");
    assert_eq!((record.played, record.won), (1, 1));
    assert!(stats.record("relaxed", "Relaxed, three passes").is_none(), "not counted as a random deal");

    // The next game is dealt afresh: a game that is not winnable-only and
    // resumed from the same directory is not marked by what was left.
    again.state_mut().run_command(Command::ToggleWinnableOnly);
    again.state_mut().run_command(Command::NewGame);
    again.state_mut().table_mut().unwrap().play_notation("draw");
    again.state_mut().exit();
    drop(again);
    let third = common::harness(app_in(dir.path()));
    let table = third.state().table().expect("the plain game is back");
    assert_eq!(table.move_log(), ["draw"]);
    assert!(!table.is_winnable_only());
}

fn table_rule_set(harness: &Harness<'_, PatienceApp>) -> RuleSet {
    harness.state().table().unwrap().rule_set().clone()
}

#[test]
fn a_custom_rule_set_is_measured_in_the_background_and_can_be_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()).with_difficulty(difficulty()).with_measure_sizes(30, 3));
    harness.state_mut().start(rule_set("Relaxed, three passes"), Deal::Seed(1));
    harness.state_mut().run_command(Command::ToggleOptions);
    harness.run();
    // The studied rule set has its figures in the panel.
    harness.get_by_label_contains("expert wins");
    // Change an option: the draft is a custom rule set nobody measured.
    harness.get_by_label("face_down").click();
    harness.run();
    harness.get_by_label("Not measured yet: no study has played these rules.");
    click_button(&mut harness, "Measure difficulty");
    assert!(harness.state().measuring().is_some());
    click_button(&mut harness, "Cancel measuring");
    assert!(harness.state().measuring().is_none());
    harness.get_by_label_contains("Measuring cancelled after");

    click_button(&mut harness, "Measure difficulty");
    wait_until(&mut harness, "the measurement", |app| app.measuring().is_none());
    harness.get_by_label_contains("of 30 deals · expert wins");
}

#[test]
fn statistics_keep_time_and_moves_and_reset_per_rule_set_after_asking() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    for name in ["Relaxed, one pass", "Relaxed, three passes"] {
        harness.state_mut().start_with_deck(rule_set(name), seed_001_deck());
        for notation in SEED_001_MOVES.split(", ") {
            harness.state_mut().table_mut().unwrap().play_notation(notation);
        }
        harness.state_mut().run_command(Command::Cancel);
    }
    let record = harness.state().stats().record("relaxed", "Relaxed, one pass").cloned().expect("a record");
    assert_eq!((record.played, record.won, record.best_moves), (1, 1, Some(31)));
    assert_eq!(record.best_time(), Some(Duration::from_secs(4 * 60 + 7)));
    harness.state_mut().run_command(Command::OpenStats);
    harness.run();
    harness.get_by_label("Fewest moves");
    // The clock, and the best and mean time of each won rule set.
    assert_eq!(harness.query_all_by_label("4:07").count(), 5);

    harness.state_mut().run_command(Command::Stats(StatsAction::AskReset { plugin: "relaxed".into(), rule_set: "Relaxed, one pass".into() }));
    harness.run();
    harness.get_by_label_contains("Forget every game of Relaxed, one pass");
    click_button(&mut harness, "Keep");
    assert!(harness.state().stats().record("relaxed", "Relaxed, one pass").is_some());
    harness.state_mut().run_command(Command::Stats(StatsAction::AskReset { plugin: "relaxed".into(), rule_set: "Relaxed, one pass".into() }));
    harness.run();
    click_button(&mut harness, "Reset");
    assert!(harness.state().stats().record("relaxed", "Relaxed, one pass").is_none());
    assert!(harness.state().stats().record("relaxed", "Relaxed, three passes").is_some(), "only that rule set");
    drop(harness);
    let reopened = app_in(dir.path());
    assert!(reopened.stats().record("relaxed", "Relaxed, one pass").is_none(), "the reset was saved");
}
