//! The `patience` command line, run as a user (and a script) would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SEED_001_DECK: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";
const SEED_001_MOVES: &str = "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, draw, Th+3c, draw, 6s+7s, 8s+5c, draw, Ac+Qh, draw, 9c+4d, draw, draw, Qs+Ad, Js+2d, draw, 3s+Tc, 7c+6h, draw, draw, 4s+9h, draw, Ah+Qd, draw, 8d+5s";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `patience` in an empty scratch directory (so no stray `plugins/`
/// is picked up).
fn patience(args: &[&str]) -> Output {
    let scratch = scratch_dir("run");
    Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .current_dir(&scratch)
        .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
        .env_remove("PATIENCE_PLUGINS")
        .output()
        .expect("patience runs")
}

fn scratch_dir(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "patience-cli-{}-{name}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn ruleset(name: &str, text: &str) -> String {
    let path = scratch_dir("ruleset").join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Lines of `list`: one per bundled plugin, then one per bundled rule set.
fn bundled_count() -> usize {
    patience_bundled::BUNDLED.len() + patience_bundled_rulesets::RULE_SETS.len()
}

#[test]
fn list_shows_every_bundled_variant_with_version_and_source() {
    let output = patience(&["list"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), bundled_count(), "{text}");
    for (id, version) in [("classic", "1.1.0"), ("draw-three", "1.1.0"), ("relaxed", "1.1.0"), ("speedpyramid", "1.0.0")] {
        let line = lines.iter().find(|l| l.starts_with(&format!("{id} "))).unwrap_or_else(|| panic!("{id} missing: {text}"));
        let columns: Vec<&str> = line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        // id, name, version, source, then the difficulty (added at the end).
        assert_eq!((columns[0], columns[2], columns[3]), (id, version, format!("bundled ({id}.wasm)").as_str()), "{line}");
    }
}

/// A copy of the binary alone in an empty directory, run from another
/// empty one with an empty data directory: what it knows, it carries.
#[test]
fn a_binary_copied_anywhere_lists_the_bundled_rule_sets_with_their_difficulty() {
    let home = scratch_dir("copied");
    let binary = home.join("patience");
    std::fs::copy(env!("CARGO_BIN_EXE_patience"), &binary).unwrap();
    let (elsewhere, data) = (scratch_dir("elsewhere"), scratch_dir("data"));
    let output = Command::new(&binary)
        .arg("list")
        .current_dir(&elsewhere)
        .env("PATIENCE_DATA_DIR", &data)
        .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
        .env_remove("PATIENCE_PLUGINS")
        .output()
        .expect("the copy runs");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "nothing to warn about: {}", stderr(&output));
    let text = stdout(&output);
    let line = |id: &str| text.lines().find(|l| l.starts_with(&format!("{id} "))).unwrap_or_else(|| panic!("no `{id}` in:\n{text}"));
    for rule_set in patience_bundled_rulesets::RULE_SETS {
        let line = line(rule_set.id);
        assert!(line.contains(&format!("bundled ({})", rule_set.file_name)), "{line}");
        // Every bundled rule set was measured: the menu's line, word first.
        let difficulty = line.rsplit("  ").next().unwrap();
        let word = ["easy", "medium", "hard", "very hard"].into_iter().find(|word| difficulty.starts_with(&format!("{word} · ")));
        // (An undecided count, where there is one, comes after the deals.)
        // A scoring game says what the expert reaches against the best.
        let expert = difficulty.contains(" · expert wins ") || difficulty.contains(" · expert reaches level ");
        assert!(word.is_some() && difficulty.contains(" of 2000 deals") && expert, "{line}");
    }
    for (id, word) in [("pyramid", "medium"), ("relaxed-pyramid", "easy"), ("pyramid-thirteen", "very hard"), ("classic", "very hard")] {
        assert!(line(id).ends_with(" of 500") && line(id).contains(&format!("  {word} · winnable ")), "{}", line(id));
    }
    // A variant no study has played says so, in the same place.
    let unmeasured = text.lines().filter(|l| l.ends_with("  difficulty not measured")).count();
    let measured = text
        .lines()
        .filter(|l| [" · expert wins ", " · expert: not measured", " · expert reaches level "].iter().any(|said| l.contains(said)))
        .count();
    assert_eq!(unmeasured + measured, bundled_count(), "{text}");
    assert!(!data.join("settings.toml").exists() && std::fs::read_dir(&elsewhere).unwrap().next().is_none(), "`list` writes nothing");
}

/// Every bundled rule set is named by its file stem wherever a variant id
/// goes, and plays exactly as its file does.
#[test]
fn a_bundled_rule_set_is_named_by_its_id_on_every_command() {
    let by_id = patience(&["show", "relaxed-3-passes", "--seed", "1"]);
    assert!(by_id.status.success(), "{}", stderr(&by_id));
    let file = workspace().join("rulesets/relaxed-3-passes.toml");
    let by_file = patience(&["show", file.to_str().unwrap(), "--seed", "1"]);
    assert_eq!(stdout(&by_id), stdout(&by_file));
    assert!(stdout(&by_id).contains("rule set Relaxed, three passes — passes=3"), "{}", stdout(&by_id));
    let solved = patience(&["solve", "pyramid", "--seed", "2"]);
    assert!(solved.status.success() && stdout(&solved).contains("verdict:"), "{}", stderr(&solved));
    let played = patience(&["play", "pyramid-thirteen", "--seed", "2", "--moves", "draw", "--no-save"]);
    assert!(played.status.success(), "{}", stderr(&played));
    let compared = patience(&["compare", "pyramid", "relaxed-pyramid", "classic", "--deals", "4", "--players", "solver", "--format", "csv"]);
    assert!(compared.status.success(), "{}", stderr(&compared));
    let table = stdout(&compared);
    for name in ["Pyramid,", "Relaxed Pyramid,", "classic,"] {
        assert!(table.lines().any(|line| line.starts_with(name)), "{name}: {table}");
    }
    let explored = patience(&["explore", "relaxed-pyramid", "--vary", "passes", "--deals", "3"]);
    assert!(explored.status.success(), "{}", stderr(&explored));
    // The rule set's other options are the ones held.
    assert!(stdout(&explored).contains("held: win=pyramid, face_down=false, overlap_pairs=none, stock_top_playable=true"), "{}", stdout(&explored));
    let unknown = patience(&["show", "pyramid-fourteen"]);
    assert!(!unknown.status.success());
    let error = stderr(&unknown);
    assert!(error.contains("no variant `pyramid-fourteen`") && error.contains("rule sets: ") && error.contains("relaxed-pyramid"), "{error}");
}

/// One id, one thing: the first column of `list` never repeats, so no
/// bundled rule set has a plugin's id (or another rule set's), and none is
/// left out with a warning.
#[test]
fn no_two_variants_or_rule_sets_share_an_id() {
    let output = patience(&["list"]);
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    let text = stdout(&output);
    let mut ids: Vec<&str> = text.lines().map(|line| line.split_whitespace().next().unwrap()).collect();
    assert_eq!(ids.len(), bundled_count(), "every plugin and rule set is listed: {text}");
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before, "an id twice: {text}");
}

#[test]
fn show_draws_the_opening_layout() {
    let output = patience(&["show", "relaxed", "--seed", "7"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("deal 7"), "{text}");
    // Deal 7's apex card, then the seven cards of the bottom row, playable.
    let deck = patience_engine::deal::shuffled_deck(7);
    let first_line = text.lines().find(|l| !l.trim().is_empty() && !l.contains("deal")).unwrap();
    assert_eq!(first_line.trim(), deck[0].to_string());
    let bottom: Vec<String> = deck[21..28].iter().map(|c| format!("{c}*")).collect();
    assert!(text.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == bottom), "{text}");
    assert!(text.contains("Stock: 24"), "{text}");
    assert!(text.contains("status: playing"), "{text}");
}

#[test]
fn play_replays_the_seed_001_game_to_a_win() {
    let output = patience(&["play", "relaxed", "--set", "passes=3", "--deck", SEED_001_DECK, "--moves", SEED_001_MOVES]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains(" 31. "), "every move is printed: {text}");
    assert!(text.contains("status: won"), "{text}");
    assert!(text.contains("13 cards left in the stock"), "{text}");
    assert!(text.contains("Stock: 13"), "{text}");
    assert!(text.contains("legal moves (0):"), "{text}");
}

#[test]
fn play_prints_the_legal_moves_in_notation() {
    let output = patience(&["play", "relaxed", "--deck", SEED_001_DECK, "--moves", "Kh"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let moves: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("legal moves")).skip(1).collect();
    assert!(moves.contains(&"draw"), "{moves:?}");
    assert!(moves.iter().any(|m| *m == "6c+7d" || *m == "7d+6c"), "{moves:?}");
}

#[test]
fn an_illegal_move_stops_with_its_reason() {
    let moves = "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, Qh+Ad";
    let output = patience(&["play", "relaxed", "--set", "passes=3", "--deck", SEED_001_DECK, "--moves", moves]);
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("move 9 `Qh+Ad` is illegal") && error.contains("Qh covers Ad"), "{error}");
    let nonsense = patience(&["play", "relaxed", "--moves", "fly away"]);
    assert!(!nonsense.status.success());
    assert!(stderr(&nonsense).contains("`fly away`"), "{}", stderr(&nonsense));
}

#[test]
fn rule_set_files_work_and_bad_ones_name_file_line_and_what_is_allowed() {
    let good = ruleset("good.toml", "plugin = \"relaxed\"\n\n[options]\npasses = 3\n");
    let output = patience(&["show", &good]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("Pass: 1 of 3"), "{}", stdout(&output));

    let cases = [
        ("unknown-plugin.toml", "plugin = \"nonesuch\"\n", ":1: unknown plugin `nonesuch` (available: apophis, baroness, cheops, classic, "),
        ("unknown-option.toml", "plugin = \"relaxed\"\n[options]\npases = 3\n", ":3: unknown option `pases` for plugin `relaxed` (options: "),
        ("out-of-range.toml", "plugin = \"relaxed\"\n[options]\npasses = 4\n", ":3: option `passes` cannot be 4: it takes one of 1, 2, 3, unlimited"),
        ("wrong-type.toml", "plugin = \"relaxed\"\n[options]\nface_down = \"yes\"\n", ":3: option `face_down` cannot be \"yes\": it takes true or false"),
        ("syntax.toml", "plugin = \"relaxed\"\n[options\npasses = 3\n", ":2: "),
        ("unknown-key.toml", "plugin = \"relaxed\"\ncolour = \"red\"\n", ":2: unknown field `colour`"),
    ];
    for (name, text, expected) in cases {
        let path = ruleset(name, text);
        let output = patience(&["show", &path]);
        assert!(!output.status.success(), "{name} should fail");
        let error = stderr(&output);
        assert!(error.contains(&format!("{path}{expected}")), "{name}: {error}");
    }
}

#[test]
fn set_overrides_and_refuses_unknown_options() {
    let output = patience(&["show", "relaxed", "--set", "passes=unlimited"]);
    assert!(stdout(&output).contains("Pass: 1 of ∞"), "{}", stdout(&output));
    let output = patience(&["show", "relaxed", "--set", "pases=3"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("unknown option `pases`"), "{}", stderr(&output));
    let output = patience(&["show", "nonesuch"]);
    assert!(stderr(&output).contains("no variant `nonesuch`"), "{}", stderr(&output));
}

#[test]
fn the_bundled_rule_sets_all_load() {
    let dir = workspace().join("rulesets");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|extension| extension != "toml") {
            continue;
        }
        let output = patience(&["show", path.to_str().unwrap(), "--seed", "2"]);
        assert!(output.status.success(), "{}: {}", path.display(), stderr(&output));
        count += 1;
    }
    assert!(count >= 12, "the bundled rule sets are there");
}

#[test]
fn a_broken_plugin_in_the_plugins_dir_is_a_warning_not_a_failure() {
    let dir = scratch_dir("plugins");
    std::fs::write(dir.join("broken.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let output = patience(&["--plugins", dir.to_str().unwrap(), "list"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().count(), bundled_count());
    let warning = stderr(&output);
    assert!(warning.contains("broken.wasm") && warning.contains("core WebAssembly module, not a component"), "{warning}");
}

#[test]
fn speedpyramid_plays_draw_and_joker() {
    let output = patience(&["play", "speedpyramid", "--seed", "7", "--moves", "draw, joker"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("  1. draw") && text.contains("  2. joker"), "{text}");
}

/// Output after the header line: the position and the legal moves.
fn position_part(text: &str) -> String {
    text.lines().skip_while(|l| !l.trim().is_empty()).filter(|l| !l.contains(". ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_game_killed_at_any_moment_resumes_at_its_last_completed_move() {
    // 250 legal moves: draw through the stock and turn it over, again and again.
    let round = vec!["draw"; 24].join(", ") + ", recycle";
    let moves = vec![round; 10].join(", ");
    let scratch = scratch_dir("kill");
    let save = scratch.join("game.toml");
    let save_arg = save.to_str().unwrap();
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_patience"))
            .args(["play", "relaxed", "--seed", "4", "--set", "passes=unlimited", "--moves", &moves, "--save", save_arg])
            .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    // One full run warms the compile cache and tells how long a game takes,
    // so the kills below spread over the whole game.
    let began = std::time::Instant::now();
    assert!(run().wait().unwrap().success());
    let whole_game = began.elapsed();
    let mut resumed_counts = Vec::new();
    for attempt in 0..12u32 {
        let _ = std::fs::remove_file(&save);
        let mut child = run();
        std::thread::sleep(whole_game * (attempt + 1) / 13);
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if !save.exists() {
            continue; // killed before the first move was saved
        }
        let resumed = patience(&["resume", "--save", save_arg]);
        assert!(resumed.status.success(), "attempt {attempt}: {}", stderr(&resumed));
        let text = stdout(&resumed);
        let count: usize = text
            .split("resumed after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{text}"));
        // The same game, played to that move without interruption.
        let prefix: Vec<&str> = moves.split(", ").take(count).collect();
        let replayed = patience(&[
            "play", "relaxed", "--seed", "4", "--set", "passes=unlimited", "--moves", &prefix.join(", "), "--no-save",
        ]);
        assert_eq!(position_part(&text), position_part(&stdout(&replayed)), "attempt {attempt}, {count} moves");
        resumed_counts.push(count);
    }
    assert!(resumed_counts.len() >= 6, "most kills happened mid-game: {resumed_counts:?}");
    assert!(resumed_counts.iter().any(|&c| c > 0 && c < 250), "some kills landed mid-game: {resumed_counts:?}");
}

#[test]
fn a_damaged_save_is_moved_aside_with_a_clear_error() {
    let scratch = scratch_dir("damaged");
    let save = scratch.join("game.toml");
    std::fs::write(&save, "format = 1\nplugin = \"relaxed\"\nmoves = [\"draw\"").unwrap();
    let output = patience(&["resume", "--save", save.to_str().unwrap()]);
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("could not be used") && error.contains("damaged") && error.contains("broken-1"), "{error}");
    assert!(!save.exists());
    assert!(scratch.join("game.toml.broken-1").exists(), "moved aside, not deleted");
    // The next game starts normally and saves again.
    let output = patience(&["play", "relaxed", "--moves", "draw", "--save", save.to_str().unwrap()]);
    assert!(output.status.success());
    assert!(save.exists());
}

/// Thirteen was a plugin of its own (`thirteen`, version 1.0.0) until it
/// became a bundled rule set of `classic` under the same id: a game saved
/// with the plugin resumes on the rule set, its moves replayed.
#[test]
fn a_game_saved_by_a_plugin_that_became_a_rule_set_resumes_on_the_rule_set() {
    let scratch = scratch_dir("successor");
    let save = scratch.join("game.toml");
    let moves = ["Kc", "2s+Jh", "3h+Th", "draw"];
    let quoted: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    let old_save = format!(
        "format = 1\nplugin = \"thirteen\"\nplugin_version = \"1.0.0\"\nplugin_hash = \"0\"\n\
         rule_set = \"Thirteen\"\nseed = 18\nmoves = [{}]\nsnapshot = \"\"\n",
        quoted.join(", ")
    );
    std::fs::write(&save, &old_save).unwrap();
    let resumed = patience(&["resume", "--save", save.to_str().unwrap()]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let text = stdout(&resumed);
    assert!(text.contains("resumed after 4 moves"), "{text}");
    let note = stderr(&resumed);
    assert!(note.contains("plugin `thirteen` (version 1.0.0) is now the rule set Thirteen of plugin `classic`"), "{note}");
    let replayed = patience(&["play", "thirteen", "--seed", "18", "--moves", &moves.join(", "), "--no-save"]);
    assert_eq!(position_part(&text), position_part(&stdout(&replayed)));

    // A plugin that is gone with no rule set in its place is named.
    std::fs::write(&save, old_save.replace("\"thirteen\"", "\"fourteen\"")).unwrap();
    let refused = patience(&["resume", "--save", save.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("needs plugin `fourteen`, which is not installed"), "{}", stderr(&refused));
}

/// Thirteen's rules (`../shared/family.md`, A15) as its rule set plays
/// them: rows 1–6 face down, the waste empty at the start, one pass, and
/// the waste top pairing with the card under it, which pairs with nothing
/// else. Deal 18: the first two stock cards are Tc and 3s, and 3d lies
/// free in the pyramid.
#[test]
fn thirteen_deals_face_down_rows_and_pairs_the_waste_top_with_the_card_under_it() {
    let opening = stdout(&patience(&["show", "thirteen", "--seed", "18"]));
    assert_eq!(opening.matches("##").count(), 21 + 1, "rows 1 to 6 and the stock face down:\n{opening}");
    assert!(opening.contains("Stock: 24 · Waste: 0 · Pass: 1 of 1"), "{opening}");
    let played = patience(&["play", "thirteen", "--seed", "18", "--moves", "draw, draw", "--no-save"]);
    let text = stdout(&played);
    let moves: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("legal moves")).skip(1).collect();
    assert!(moves.contains(&"Tc+3s"), "the waste top 3s pairs with Tc under it: {moves:?}");
    assert!(!moves.iter().any(|m| m.contains("Tc") && m.contains("3d")), "Tc pairs with nothing else: {moves:?}");
}

/// CSV without the timing column (the last one), which is the only part
/// allowed to differ between runs.
fn without_timing(csv: &str) -> String {
    csv.lines().map(|line| line.rsplit_once(',').map_or(line, |(rest, _)| rest)).collect::<Vec<_>>().join("\n")
}

#[test]
fn compare_gives_the_same_numbers_for_any_jobs_and_merged_shards() {
    let base = ["compare", "relaxed", "rulesets/relaxed-3-passes.toml", "--deals", "24", "--players", "solver,greedy,expert", "--expert-samples", "2"];
    let run = |extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        let output = Command::new(env!("CARGO_BIN_EXE_patience"))
            .args(&args)
            .current_dir(workspace())
            .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        stdout(&output)
    };
    let one = run(&["--jobs", "1", "--format", "csv"]);
    let two = run(&["--jobs", "2", "--format", "csv"]);
    assert_eq!(without_timing(&one), without_timing(&two));
    assert!(one.lines().count() == 3, "{one}");

    let dir = scratch_dir("shards");
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let json = run(&["--shard", shard, "--format", "json"]);
        let path = dir.join(format!("part{}.json", &shard[..1]));
        std::fs::write(&path, json).unwrap();
        files.push(path.display().to_string());
    }
    let mut merge_args = vec!["merge", "--format", "csv"];
    merge_args.extend(files.iter().map(String::as_str));
    let merged = patience(&merge_args);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(without_timing(&stdout(&merged)), without_timing(&one));

    let incomplete = patience(&["merge", &files[0], &files[1]]);
    assert!(!incomplete.status.success());
    assert!(stderr(&incomplete).contains("incomplete"), "{}", stderr(&incomplete));
}

#[test]
fn solve_prints_a_line_that_play_accepts() {
    let output = patience(&["solve", "relaxed", "--set", "passes=3", "--deck", SEED_001_DECK]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("verdict: winnable"), "{text}");
    let line = text.lines().find_map(|l| l.split_once("): ").map(|(_, line)| line.to_string())).expect("a line");
    let played = patience(&["play", "relaxed", "--set", "passes=3", "--deck", SEED_001_DECK, "--moves", &line, "--no-save"]);
    assert!(played.status.success(), "{}", stderr(&played));
    assert!(stdout(&played).contains("status: won"));
    let optimal = patience(&["solve", "relaxed", "--set", "passes=3", "--deck", SEED_001_DECK, "--optimal"]);
    let optimal_text = stdout(&optimal);
    let length = |t: &str| -> usize { t.split("line (").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap() };
    assert!(length(&optimal_text) <= length(&text), "{optimal_text}");
}

/// `patience show … | head` closes the pipe early: the program must end
/// quietly, not panic about a broken pipe.
#[cfg(unix)]
#[test]
fn printing_into_a_closed_pipe_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(["show", "relaxed", "--seed", "3"])
        .current_dir(scratch_dir("pipe"))
        .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before anything is printed
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!errors.contains("panicked"), "{errors}");
    const SIGPIPE: i32 = 13; // on every Unix this runs on
    assert!(output.status.success() || output.status.signal() == Some(SIGPIPE), "{:?}", output.status);
}

/// A plugin file named on the command line is loaded and played, in place
/// of any plugin with the same id; a missing one is a clear error.
#[test]
fn a_plugin_file_can_be_named_instead_of_an_id() {
    let dir = scratch_dir("plugin-file");
    let relaxed = patience_bundled::BUNDLED.iter().find(|p| p.file_name == "relaxed.wasm").unwrap();
    let file = dir.join("my-relaxed.wasm");
    std::fs::write(&file, relaxed.bytes).unwrap();
    let file = file.display().to_string();
    let by_file = patience(&["show", &file, "--seed", "3"]);
    assert!(by_file.status.success(), "{}", stderr(&by_file));
    let by_id = patience(&["show", "relaxed", "--seed", "3"]);
    assert_eq!(stdout(&by_file), stdout(&by_id));
    let played = patience(&["play", &file, "--seed", "3", "--moves", "draw", "--no-save"]);
    assert!(played.status.success(), "{}", stderr(&played));
    let compared = patience(&["compare", &file, "--deals", "3", "--players", "greedy"]);
    assert!(compared.status.success(), "{}", stderr(&compared));
    let solved = patience(&["solve", &file, "--seed", "3"]);
    assert!(solved.status.success() && stdout(&solved).contains("verdict:"), "{}", stderr(&solved));
    let missing = patience(&["show", "no-such-plugin.wasm"]);
    assert!(!missing.status.success());
    assert!(stderr(&missing).contains("reading the plugin no-such-plugin.wasm"), "{}", stderr(&missing));
}

/// For each plugin id, the first deal its defaults were found winnable on
/// by the solver's study files (`rulesets/difficulty/`).
fn first_winnable_deals() -> std::collections::HashMap<String, u64> {
    let mut first = std::collections::HashMap::new();
    for entry in std::fs::read_dir(workspace().join("rulesets/difficulty")).unwrap() {
        let study = patience_gui::read_study(&entry.unwrap().path()).unwrap();
        for record in &study.records {
            let rule_set = &study.rule_sets[record.rule_set];
            if rule_set.settings.is_empty() && record.solver.as_ref().is_some_and(|solver| solver.verdict == "winnable") {
                first.entry(rule_set.plugin.clone()).and_modify(|deal: &mut u64| *deal = (*deal).min(record.deal)).or_insert(record.deal);
            }
        }
    }
    first
}

#[test]
fn a_step_is_reported_as_a_step_and_never_as_a_win() {
    // Too small a budget for the whole game of five levels, enough for the
    // end of the first.
    let output = patience(&["solve", "speedpyramid", "--seed", "1", "--budget", "2000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("verdict: unknown") && !text.contains("winnable"), "{text}");
    let prefix = "step (the level it started in is cleared): reached in ";
    let step = text.lines().find_map(|l| l.strip_prefix(prefix)).unwrap_or_else(|| panic!("no step line:\n{text}"));
    let (_, line) = step.split_once(" moves: ").expect("the step's line");
    let output = patience(&["play", "speedpyramid", "--seed", "1", "--moves", line, "--no-save"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let played = stdout(&output);
    assert!(played.contains("status: playing") && played.contains("Level: 2 of 5"), "the step ends at level 2, not won:\n{played}");
}

#[test]
fn a_solver_line_of_every_bundled_plugin_replays_to_a_win_through_play() {
    let first = first_winnable_deals();
    for plugin in patience_bundled::BUNDLED {
        let id = plugin.file_name.trim_end_matches(".wasm");
        let seed = first.get(id).unwrap_or_else(|| panic!("{id}: the study files show no winnable deal of its defaults")).to_string();
        solver_line_wins(id, &seed);
    }
}

/// `solve` calls deal `seed` of `id` winnable (as a study or `compare`
/// found it), and its line, played through `play`, wins.
fn solver_line_wins(id: &str, seed: &str) {
    let output = patience(&["solve", id, "--seed", seed]);
    assert!(output.status.success(), "{id} deal {seed}: {}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("verdict: winnable"), "{id} deal {seed}: found winnable before, solve does not say so:\n{text}");
    let line = text.lines().find_map(|l| l.strip_prefix("line (").and_then(|rest| rest.split_once("): ")).map(|(_, moves)| moves.to_string()));
    let line = line.expect("a winnable verdict prints its line");
    let output = patience(&["play", id, "--seed", seed, "--moves", &line, "--no-save"]);
    assert!(output.status.success(), "{id} deal {seed}: {}", stderr(&output));
    assert!(stdout(&output).contains("status: won"), "{id} deal {seed}: the solver's line does not win:\n{}", stdout(&output));
}

/// The first of deals 1–40 the solver finds winnable in `id`, by `compare`.
fn first_winnable_deal(id: &str) -> Option<String> {
    let output = patience(&["compare", id, "--deals", "40", "--players", "solver", "--format", "json"]);
    assert!(output.status.success(), "{id}: {}", stderr(&output));
    let path = scratch_dir(&format!("first-winnable-{id}")).join("study.json");
    std::fs::write(&path, &output.stdout).unwrap();
    let study = patience_gui::read_study(&path).unwrap();
    let winnable = |record: &&patience_compare::study::DealRecord| record.solver.as_ref().is_some_and(|s| s.verdict == "winnable");
    study.records.iter().filter(winnable).map(|record| record.deal).min().map(|deal| deal.to_string())
}

/// The family's games that are bundled rule sets of the pair games
/// (Pyramid, Pyramid Thirteen, Thirteen…), as the plugins above: a solver
/// line of each replays to a win, named by the rule set's id.
#[test]
fn a_solver_line_of_every_bundled_family_rule_set_replays_to_a_win_through_play() {
    let mut played = 0;
    for entry in std::fs::read_dir(workspace().join("rulesets")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if path.extension().is_none_or(|ext| ext != "toml") || !text.contains("group = \"Pyramid family\"") {
            continue;
        }
        let id = path.file_stem().unwrap().to_str().unwrap();
        let seed = first_winnable_deal(id).unwrap_or_else(|| panic!("{id}: no winnable deal among the first 40"));
        solver_line_wins(id, &seed);
        played += 1;
    }
    assert!(played >= 4, "Pyramid, Relaxed Pyramid, Pyramid Thirteen and Thirteen at least: {played}");
}

/// `solve --best-score` prints a score its line reaches through `play`, and
/// says whether it is proved the best.
#[test]
fn the_best_score_line_replays_to_its_score() {
    for seed in ["1", "2", "3"] {
        let output = patience(&["solve", "speedpyramid", "--seed", seed, "--best-score", "--budget", "20000"]);
        assert!(output.status.success(), "deal {seed}: {}", stderr(&output));
        let text = stdout(&output);
        let score = text
            .lines()
            .find_map(|l| l.strip_prefix("best score found: ").or_else(|| l.strip_prefix("best score: ")))
            .and_then(|rest| rest.split([' ', '(']).next())
            .unwrap_or_else(|| panic!("deal {seed}: no score printed:\n{text}"));
        assert!(text.contains("no line scores more than") || text.contains("proved"), "deal {seed}: no bound said:\n{text}");
        let line = text.lines().find_map(|l| l.strip_prefix("line (").and_then(|rest| rest.split_once("): ")).map(|(_, moves)| moves.to_string()));
        let played = patience(&["play", "speedpyramid", "--seed", seed, "--moves", &line.expect("a line"), "--no-save"]);
        assert!(played.status.success(), "deal {seed}: {}", stderr(&played));
        let status = stdout(&played).lines().find(|l| l.starts_with("status: ")).map(str::to_string).expect("a status line");
        assert!(status.ends_with(&format!("(score {score})")), "deal {seed}: the line ends {status}, not at {score}");
    }
    let unscored = patience(&["solve", "relaxed", "--seed", "1", "--best-score"]);
    assert!(!unscored.status.success() && stderr(&unscored).contains("keeps no score"), "{}", stderr(&unscored));
}

/// The best-score search's bound is a bound: no fair player's score is
/// ever above it, on the same deals.
#[test]
fn no_player_scores_above_the_best_score_bound() {
    let output = patience(&[
        "compare", "speedpyramid", "speedpyramid-5-jokers", "--deals", "2", "--players", "greedy,expert,best",
        "--best-budget", "20000", "--format", "json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let study = patience_gui::parse_study(&stdout(&output)).unwrap();
    assert_eq!(study.records.len(), 4);
    for record in &study.records {
        let best = record.best.as_ref().expect("speedpyramid keeps a score");
        let bound = best.bound.expect("speedpyramid bounds its score");
        assert!(best.score <= bound, "{record:?}");
        for played in [&record.greedy, &record.expert] {
            let score = played.as_ref().and_then(|p| p.score).expect("a scored game");
            assert!(score <= bound, "deal {}: a player scored {score}, above the bound {bound}", record.deal);
        }
    }
}
