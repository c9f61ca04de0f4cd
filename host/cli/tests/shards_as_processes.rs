//! A study split the way a cluster splits it (docs/cluster.md): every
//! shard its own `patience` process, all started at once like the tasks of
//! a Slurm job array or a Kubernetes Indexed Job, each writing its JSON to
//! a file; then `patience merge` of those files. The merged records must be
//! the unsharded run's, deal for deal, everything but the timings.

use serde_json::Value;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;

/// Shards per study, each its own process, all running at once.
const SHARDS: u64 = 3;

/// A bundled variant and a bundled rule set file with many winnable deals;
/// the expert (random completions, seeded by the deal number) must play
/// each deal the same in whichever process gets it.
const COMPARE: &[&str] = &[
    "compare",
    "classic",
    "rulesets/relaxed-3-passes.toml",
    "--deals",
    "40",
    "--players",
    "solver,expert,greedy",
    "--expert-samples",
    "1",
    "--expert-budget",
    "2000",
];

/// Eight combinations of classic's options on the same 20 deals; the small
/// budget leaves some deals "unknown", which must merge back the same too.
const EXPLORE: &[&str] =
    &["explore", "classic", "--vary", "passes,stock_top_playable", "--deals", "20", "--players", "solver", "--budget", "20000"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch directory, removed when dropped (kept if the test fails, to
/// look at the shard files).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("patience-shards-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// One compiled-code cache for the whole test binary, filled once before
/// any study starts (compiling a plugin takes about a second, and every
/// process would otherwise compile each plugin again).
fn warm_cache() -> &'static Path {
    static CACHE: OnceLock<PathBuf> = OnceLock::new();
    CACHE.get_or_init(|| {
        let cache = patience_tests::compile_cache_dir();
        let output = Command::new(env!("CARGO_BIN_EXE_patience"))
            .args(["compare", "classic", "relaxed", "--deals", "1", "--players", "greedy"])
            .current_dir(workspace())
            .env("PATIENCE_CACHE_DIR", &cache)
            .env_remove("PATIENCE_PLUGINS")
            .output()
            .expect("patience runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        cache
    })
}

/// `patience` from the workspace root (where `rulesets/` is).
fn patience(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_patience"));
    command
        .args(args)
        .current_dir(workspace())
        .env("PATIENCE_CACHE_DIR", warm_cache())
        .env_remove("PATIENCE_PLUGINS")
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    command
}

fn finished(child: Child, what: &str) -> Output {
    let output = child.wait_with_output().expect("waiting for patience");
    assert!(output.status.success(), "{what} failed:\n{}", String::from_utf8_lossy(&output.stderr));
    output
}

fn json(text: &[u8], what: &str) -> Value {
    serde_json::from_slice(text).unwrap_or_else(|error| panic!("{what} is not JSON ({error})"))
}

/// The value with every `micros` (the time a deal took, the one thing
/// that differs between runs) taken out, wherever it is.
fn without_timings(mut value: Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("micros");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}

/// `(rule set, deal)` of every record, in file order.
fn keys(file: &Value) -> Vec<(u64, u64)> {
    file["records"]
        .as_array()
        .expect("records")
        .iter()
        .map(|record| (record["rule_set"].as_u64().unwrap(), record["deal"].as_u64().unwrap()))
        .collect()
}

/// Runs `study` whole and as `SHARDS` shard processes, all started at once
/// (each shard on one thread, the whole run on all of them), merges the shard files with
/// `patience merge`, and returns (whole, merged, shard files).
fn whole_and_merged(scratch: &Scratch, study: &[&str]) -> (Value, Value, Vec<PathBuf>) {
    fn with<'a>(study: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        study.iter().chain(extra).copied().collect()
    }
    let whole = patience(&with(study, &["--format", "json"])).stdout(Stdio::piped()).spawn().unwrap();
    let shards: Vec<(String, PathBuf, Child)> = (1..=SHARDS)
        .map(|index| {
            let shard = format!("{index}/{SHARDS}");
            let path = scratch.0.join(format!("shard-{index}.json"));
            let child = patience(&with(study, &["--shard", &shard, "--jobs", "1", "--format", "json"]))
                .stdout(File::create(&path).unwrap())
                .spawn()
                .unwrap();
            (shard, path, child)
        })
        .collect();
    let whole = json(&finished(whole, "the whole run").stdout, "the whole run");
    let mut files = Vec::new();
    for (shard, path, child) in shards {
        finished(child, &format!("shard {shard}"));
        files.push(path);
    }

    let mut merge_args = vec!["merge", "--format", "json"];
    merge_args.extend(files.iter().map(|path| path.to_str().unwrap()));
    let merged = patience(&merge_args).stdout(Stdio::piped()).spawn().unwrap();
    let merged = json(&finished(merged, "patience merge").stdout, "the merged result");
    (whole, merged, files)
}

/// What the test holds the merge to: the same study, and every record the
/// same but for its timing.
fn same_results(whole: &Value, merged: &Value) -> bool {
    without_timings(whole.clone()) == without_timings(merged.clone())
}

/// Runs `study` both ways and checks the merge; returns the whole run.
fn check(scratch: &Scratch, study: &[&str], rule_sets: u64, deals: u64) -> Value {
    let (whole, merged, files) = whole_and_merged(scratch, study);

    // The whole run is what it should be: every deal once per rule set.
    let all: Vec<(u64, u64)> = (0..rule_sets).flat_map(|r| (1..=deals).map(move |d| (r, d))).collect();
    assert_eq!(keys(&whole), all, "the whole run's records");
    assert!(whole["shard"].is_null());

    // Each shard holds exactly its own deals (every N-th, from the I-th).
    for (index, path) in (1..=SHARDS).zip(&files) {
        let shard = json(&std::fs::read(path).unwrap(), &path.display().to_string());
        assert_eq!(shard["shard"], serde_json::json!([index, SHARDS]), "{}", path.display());
        let mine: Vec<(u64, u64)> = all.iter().copied().filter(|(_, deal)| (deal - 1) % SHARDS == index - 1).collect();
        assert_eq!(keys(&shard), mine, "shard {index}/{SHARDS}");
    }

    // Merged shards are the one run.
    assert!(
        same_results(&whole, &merged),
        "merged shards differ from the whole run:\nwhole:  {}\nmerged: {}",
        without_timings(whole.clone()),
        without_timings(merged.clone())
    );

    // The comparison sees a dropped, a duplicated or a changed deal.
    let tamper = |change: &dyn Fn(&mut Vec<Value>)| {
        let mut file = merged.clone();
        change(file["records"].as_array_mut().unwrap());
        file
    };
    assert!(!same_results(&whole, &tamper(&|records| drop(records.remove(7)))));
    assert!(!same_results(&whole, &tamper(&|records| records.insert(7, records[6].clone()))));
    assert!(!same_results(&whole, &tamper(&|records| records[7]["solver"]["nodes"] = 12_345_678.into())));

    // And `patience merge` itself refuses a lost shard or a shard run twice.
    let path = |index: usize| files[index].to_str().unwrap();
    for (args, says) in [
        (vec!["merge", path(0), path(2)], "incomplete"),
        (vec!["merge", path(0), path(1), path(2), path(1)], "overlap"),
    ] {
        let output = patience(&args).stdout(Stdio::null()).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "`patience {}` succeeded", args.join(" "));
        assert!(stderr.contains(says), "`patience {}`: {stderr}", args.join(" "));
    }
    whole
}

#[test]
fn compare_shards_run_as_separate_processes_merge_into_the_one_run() {
    let scratch = Scratch::new("compare");
    let whole = check(&scratch, COMPARE, 2, 40);
    assert!(whole.get("explore").is_none());
}

#[test]
fn explore_shards_run_as_separate_processes_merge_into_the_one_run() {
    let scratch = Scratch::new("explore");
    let whole = check(&scratch, EXPLORE, 8, 20);
    // The explore object (what was varied) came through the merge too.
    assert_eq!(whole["explore"]["axes"][0]["name"], "passes");
}
