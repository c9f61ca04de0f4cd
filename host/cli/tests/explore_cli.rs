//! `patience explore`, run as a user would: the same deals under every
//! combination of a variant's options, what each option does, shards,
//! bands and the rule set files it writes. Every run is small: a few deals,
//! the solver only, small budgets.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch_dir(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "patience-explore-{}-{name}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `patience` in `dir` (a scratch directory: no stray `plugins/`).
fn patience_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .current_dir(dir)
        .env("PATIENCE_CACHE_DIR", patience_tests::compile_cache_dir())
        .env_remove("PATIENCE_PLUGINS")
        .output()
        .expect("patience runs")
}

fn patience(args: &[&str]) -> Output {
    patience_in(&scratch_dir("run"), args)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `patience` and expects success; returns its standard output.
fn succeed(args: &[&str]) -> String {
    let output = patience(args);
    assert!(output.status.success(), "`patience {}` failed:\n{}", args.join(" "), stderr(&output));
    stdout(&output)
}

fn fail(args: &[&str]) -> String {
    let output = patience(args);
    assert!(!output.status.success(), "`patience {}` should fail:\n{}", args.join(" "), stdout(&output));
    stderr(&output)
}

fn rule_set(name: &str) -> String {
    workspace().join("rulesets").join(name).display().to_string()
}

/// The command with `extra` appended.
fn with(base: &[&str], extra: &[&str]) -> Vec<String> {
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn run(args: &[String]) -> String {
    succeed(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Output without timing: the last CSV column, or a table line's last cell
/// when it is a number with decimals (`ms/deal`, the only column allowed to
/// differ between runs; it is right-aligned and last, so the other columns
/// line up the same whatever it holds).
fn without_timing(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.contains(',') && !line.contains(' ') {
                return line.rsplit_once(',').map_or(line, |(rest, _)| rest).to_string();
            }
            match line.trim_end().rsplit_once(' ') {
                Some((rest, last)) if last.contains('.') && last.parse::<f64>().is_ok() => rest.trim_end().to_string(),
                _ => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// CSV lines as (header, rows of fields).
fn csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().map(|line| line.split(',').map(String::from).collect::<Vec<_>>());
    let header = lines.next().expect("a header");
    (header, lines.collect())
}

fn column(header: &[String], name: &str) -> usize {
    header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name} in {header:?}"))
}

/// The effect line `option from → to …` of a table, split in words.
fn effect_line(table: &str, option: &str, from: &str, to: &str) -> Vec<String> {
    table
        .lines()
        .map(|line| line.split_whitespace().map(String::from).collect::<Vec<_>>())
        .find(|words| words.len() > 6 && words[0] == option && words[1] == from && words[2] == "→" && words[3] == to)
        .unwrap_or_else(|| panic!("no effect line for {option} {from} → {to}:\n{table}"))
}

const RELAXED_TWO: [&str; 8] =
    ["explore", "relaxed", "--vary", "passes,stock_top_playable", "--deals", "8", "--budget", "100000"];

#[test]
fn relaxed_passes_and_open_stock_give_a_sorted_row_each_and_what_each_option_does() {
    let table = run(&with(&RELAXED_TWO, &[]));
    assert!(table.contains("8 combinations of passes (4) × stock_top_playable (2)"), "{table}");
    assert!(table.contains("held: win=pyramid, face_down=false, overlap_pairs=none"), "{table}");
    assert!(table.contains("what each option does"), "{table}");
    for (from, to) in [("1", "2"), ("1", "3"), ("1", "unlimited"), ("2", "3"), ("2", "unlimited"), ("3", "unlimited")] {
        effect_line(&table, "passes", from, to);
    }
    let flag = effect_line(&table, "stock_top_playable", "false", "true");
    assert_eq!(flag[6], "32", "each of 4 passes values × 8 deals is a pair: {flag:?}");
    assert!(table.contains("95% interval: Agresti–Min"), "{table}");
    assert!(table.contains("interactions"), "{table}");

    let text = run(&with(&RELAXED_TWO, &["--format", "csv"]));
    let (header, rows) = csv(&text);
    assert_eq!(header[..2], ["passes", "stock_top_playable"]);
    assert_eq!(rows.len(), 8, "{text}");
    let mut seen: Vec<(String, String)> = rows.iter().map(|r| (r[0].clone(), r[1].clone())).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 8, "every combination once: {text}");
    let (won, solved) = (column(&header, "winnable"), column(&header, "solved"));
    let rates: Vec<f64> = rows.iter().map(|r| r[won].parse::<f64>().unwrap() / r[solved].parse::<f64>().unwrap()).collect();
    assert!(rates.windows(2).all(|w| w[0] >= w[1]), "sorted by winnable %, highest first: {text}");
    assert!(rates[0] > rates[7], "passes matter: {text}");
}

#[test]
fn speedpyramid_varies_its_jokers_over_the_range_a_step_at_a_time() {
    let base = ["explore", "speedpyramid", "--vary", "start_jokers", "--fix", "levels=1", "--deals", "3", "--budget", "20000"];
    let table = run(&with(&base, &[]));
    assert!(table.contains("10 combinations of start_jokers (10)"), "{table}");
    assert!(table.contains("held: levels=1"), "{table}");
    for jokers in 0..9 {
        effect_line(&table, "start_jokers", &jokers.to_string(), &(jokers + 1).to_string());
    }
    assert!(!table.contains("0 → 2"), "a range changes a step at a time: {table}");

    let part = run(&with(&["explore", "speedpyramid", "--vary", "start_jokers=1..3", "--fix", "levels=1"], &["--deals", "2", "--budget", "20000", "--format", "csv"]));
    let (_, rows) = csv(&part);
    let mut values: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    values.sort();
    assert_eq!(values, ["1", "2", "3"], "{part}");
}

/// `patience build` of a crate in this workspace into `dir/plugins` (its
/// cargo build has a target directory of its own, so it never waits for
/// this test's build).
fn build_plugin(dir: &Path, crate_dir: &str) -> String {
    let crate_dir = workspace().join(crate_dir);
    let built = patience_in(dir, &["build", crate_dir.to_str().unwrap(), "--out", "plugins"]);
    assert!(built.status.success(), "building {}:\n{}", crate_dir.display(), stderr(&built));
    stdout(&built)
}

#[test]
fn the_example_plugin_is_explored_with_no_host_changes() {
    let dir = scratch_dir("golf");
    assert!(build_plugin(&dir, "examples/golf").contains("built `golf`"));
    let output = patience_in(&dir, &["--plugins", "plugins", "explore", "golf", "--deals", "3", "--budget", "20000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert!(table.contains("4 combinations of wrap (2) × face_down (2)"), "{table}");
    effect_line(&table, "wrap", "false", "true");
    effect_line(&table, "face_down", "false", "true");
}

#[test]
fn a_plugin_without_options_or_with_none_varied_gives_one_row_and_says_so() {
    let dir = scratch_dir("leaky");
    build_plugin(&dir, "tests/plugins/leaky");
    let output = patience_in(&dir, &["explore", "plugins/leaky.wasm", "--deals", "2", "--budget", "1000", "--format", "csv"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 2, "a header and one row: {}", stdout(&output));
    let output = patience_in(&dir, &["explore", "plugins/leaky.wasm", "--deals", "2", "--budget", "1000"]);
    let table = stdout(&output);
    assert!(table.contains("`leaky` has no options, so there is one combination: one row"), "{table}");
    assert!(!table.contains("what each option does"), "{table}");

    let table = succeed(&["explore", "relaxed", "--vary", "none", "--deals", "2", "--budget", "1000"]);
    assert!(table.contains("no option varied (all are held), so there is one combination: one row"), "{table}");
    assert!(table.contains("held: passes=1, win=pyramid"), "{table}");
}

#[test]
fn too_many_combinations_are_refused_with_the_count() {
    let error = fail(&["explore", "relaxed", "--max-combinations", "100"]);
    assert!(error.contains("128 combinations") && error.contains("more than 100") && error.contains("--vary"), "{error}");
    assert!(error.contains("passes (4) × win (2) × face_down (2) × overlap_pairs (4) × stock_top_playable (2)"), "{error}");
    let help = succeed(&["explore", "--help"]);
    assert!(help.contains("--max-combinations") && help.contains("[default: 256]"), "{help}");
}

#[test]
fn a_bad_option_name_or_value_is_an_error_naming_it_and_the_valid_ones() {
    let error = fail(&["explore", "relaxed", "--vary", "pases"]);
    assert!(error.contains("`pases`") && error.contains("options: passes, win, face_down, overlap_pairs, stock_top_playable"), "{error}");
    let error = fail(&["explore", "relaxed", "--vary", "passes", "--fix", "jokers=3"]);
    assert!(error.contains("`jokers`") && error.contains("options: passes"), "{error}");
    let error = fail(&["explore", "relaxed", "--vary", "passes", "--fix", "win=most"]);
    assert!(error.contains("one of pyramid, all"), "{error}");
    let error = fail(&["explore", "relaxed", "--vary", "passes=1..3"]);
    assert!(error.contains("only a numeric option takes a range"), "{error}");
    let error = fail(&["explore", "speedpyramid", "--vary", "start_jokers=0..12"]);
    assert!(error.contains("from 0 to 9"), "{error}");
}

#[test]
fn any_number_of_jobs_gives_the_same_output() {
    for format in ["table", "csv"] {
        let one = run(&with(&RELAXED_TWO, &["--jobs", "1", "--format", format]));
        let two = run(&with(&RELAXED_TWO, &["--jobs", "2", "--format", format]));
        assert_eq!(without_timing(&one), without_timing(&two), "{format}");
    }
}

/// A JSON result with the timings zeroed.
fn without_micros(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).expect("JSON");
    for record in value["records"].as_array_mut().expect("records") {
        record["micros"] = 0.into();
    }
    value
}

#[test]
fn merged_shards_are_exactly_the_unsharded_run() {
    let dir = scratch_dir("shards");
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let json = run(&with(&RELAXED_TWO, &["--shard", shard, "--format", "json"]));
        let path = dir.join(format!("part{}.json", &shard[..1]));
        std::fs::write(&path, json).unwrap();
        files.push(path.display().to_string());
    }
    let merge = |format: &str| {
        let mut args = vec!["merge", "--format", format];
        args.extend(files.iter().map(String::as_str));
        succeed(&args)
    };
    let whole_json = run(&with(&RELAXED_TWO, &["--format", "json"]));
    assert_eq!(without_micros(&merge("json")), without_micros(&whole_json));
    let whole_table = run(&with(&RELAXED_TWO, &[]));
    assert_eq!(without_timing(&merge("table")), without_timing(&whole_table));
    assert!(merge("table").contains("what each option does"));

    let incomplete = patience(&["merge", &files[0], &files[1]]);
    assert!(!incomplete.status.success());
    assert!(stderr(&incomplete).contains("incomplete"), "{}", stderr(&incomplete));

    // An explore shard and a compare shard do not merge.
    let compare = succeed(&["compare", "relaxed", "--deals", "8", "--players", "solver", "--budget", "1000", "--format", "json", "--shard", "3/3"]);
    let compare_file = dir.join("compare.json");
    std::fs::write(&compare_file, compare).unwrap();
    let mixed = patience(&["merge", &files[0], &files[1], compare_file.to_str().unwrap()]);
    assert!(!mixed.status.success());
    assert!(stderr(&mixed).contains("not from `patience explore`"), "{}", stderr(&mixed));
}

#[test]
fn an_option_effect_is_what_compare_says_of_the_two_rule_sets() {
    let budget = "100000";
    let table = succeed(&["explore", &rule_set("relaxed-1-pass.toml"), "--vary", "passes", "--deals", "50", "--budget", budget]);
    let effect = effect_line(&table, "passes", "1", "3");
    let (gained, lost, pairs) = (&effect[4], &effect[5], &effect[6]);
    assert_eq!(pairs, "50");

    let compared = succeed(&[
        "compare",
        &rule_set("relaxed-1-pass.toml"),
        &rule_set("relaxed-3-passes.toml"),
        "--deals",
        "50",
        "--budget",
        budget,
        "--players",
        "solver",
    ]);
    // `Relaxed, one pass  Relaxed, three passes  only-first only-second both neither`
    let line = compared
        .lines()
        .find(|line| line.starts_with("Relaxed, one pass") && line.contains("Relaxed, three passes"))
        .unwrap_or_else(|| panic!("no paired line:\n{compared}"));
    let counts: Vec<&str> = line.split_whitespace().rev().take(4).collect();
    let (only_second, only_first) = (counts[2], counts[3]);
    assert_eq!((gained.as_str(), lost.as_str()), (only_second, only_first), "explore:\n{table}\ncompare:\n{compared}");
    assert!(gained.parse::<u32>().unwrap() > 10, "three passes win more deals: {table}");
}

#[test]
fn a_band_keeps_the_combinations_in_it_and_saves_them_as_loadable_rule_sets() {
    let dir = scratch_dir("band");
    let saved = dir.join("saved");
    let base = with(&RELAXED_TWO, &["--band", "30..80"]);
    let csv_text = run(&with(&base.iter().map(String::as_str).collect::<Vec<_>>(), &["--format", "csv"]));
    let (header, rows) = csv(&csv_text);
    let (won, solved) = (column(&header, "winnable"), column(&header, "solved"));
    for row in &rows {
        let percent = 100.0 * row[won].parse::<f64>().unwrap() / row[solved].parse::<f64>().unwrap();
        assert!((30.0..=80.0).contains(&percent), "{row:?}");
    }
    let unbanded = run(&with(&RELAXED_TWO, &["--format", "csv"]));
    assert!(rows.len() < unbanded.lines().count() - 1, "the band leaves some out:\n{unbanded}");
    assert!(!rows.is_empty(), "some combination is in the band:\n{unbanded}");

    let mut args: Vec<&str> = base.iter().map(String::as_str).collect();
    let saved_arg = saved.display().to_string();
    args.extend(["--save-rulesets", &saved_arg]);
    let table = succeed(&args);
    assert!(table.contains(&format!("band winnable 30–80%: {} of 8 combinations kept", rows.len())), "{table}");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&saved).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), rows.len(), "one file per kept combination: {files:?}");
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("name = \"Pyramid (relaxed): passes "), "{text}");
        assert!(text.contains("patience explore relaxed --vary passes,stock_top_playable") && text.contains("winnable "), "{text}");
        assert!(!text.contains("--save-rulesets"), "{text}");
        let shown = succeed(&["show", file.to_str().unwrap()]);
        assert!(shown.contains("rule set Pyramid (relaxed): passes "), "{shown}");
    }
    // The files are the rule sets measured: compare gives the same numbers.
    let mut compare = vec!["compare", "--deals", "8", "--budget", "100000", "--players", "solver", "--format", "csv"];
    let paths: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    compare.extend(paths.iter().map(String::as_str));
    let compared = succeed(&compare);
    let (compare_header, compare_rows) = csv(&compared);
    let mut measured: Vec<String> = rows.iter().map(|r| r[won].clone()).collect();
    // The names and settings hold commas; count the plain numbers from the end.
    let from_end = compare_header.len() - column(&compare_header, "winnable");
    let mut again: Vec<String> = compare_rows.iter().map(|r| r[r.len() - from_end].clone()).collect();
    measured.sort();
    again.sort();
    assert_eq!(measured, again, "{csv_text}\n{compared}");
}

/// Each record's solver verdict, and whether the rule order implied it, by
/// (combination, deal).
fn verdicts(json: &str) -> Vec<((u64, u64), String, bool)> {
    let value: serde_json::Value = serde_json::from_str(json).expect("JSON");
    value["records"]
        .as_array()
        .expect("records")
        .iter()
        .map(|record| {
            let solver = &record["solver"];
            (
                (record["rule_set"].as_u64().unwrap(), record["deal"].as_u64().unwrap()),
                solver["verdict"].as_str().expect("a verdict").to_string(),
                solver.get("implied_by").is_some_and(|by| !by.is_null()),
            )
        })
        .collect()
}

#[test]
fn verdicts_implied_by_the_rule_order_are_the_verdicts_solving_gives() {
    let base = [
        "explore", "relaxed", "--vary", "win,face_down,stock_top_playable", "--fix", "passes=1", "--deals", "16", "--format", "json",
    ];
    let ordered = verdicts(&run(&with(&base, &[])));
    let every = verdicts(&run(&with(&base, &["--solve-every-combination"])));
    assert_eq!(ordered.len(), 8 * 16);
    assert_eq!(ordered.len(), every.len());
    let implied = ordered.iter().filter(|(_, _, implied)| *implied).count();
    assert!(implied > ordered.len() / 2, "relaxed declares its order, so most verdicts are implied: {implied}");
    assert!(every.iter().all(|(_, _, implied)| !implied), "--solve-every-combination solves each");
    for ((key, by_order, _), (other_key, solved, _)) in ordered.iter().zip(&every) {
        assert_eq!(key, other_key);
        assert_eq!(by_order, solved, "combination {} deal {}", key.0, key.1);
    }
    let table = run(&with(&["explore", "relaxed", "--vary", "win,stock_top_playable", "--fix", "passes=1", "--deals", "6"], &[]));
    assert!(table.contains("implied by the plugin's declared rule order"), "{table}");
}
