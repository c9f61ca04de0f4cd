//! Embeds the repository's `rulesets/*.toml` (as text, under their file
//! stems) and sums up each study file of `rulesets/difficulty/*.json` per
//! rule set, into `rulesets.rs`. A file that cannot be used stops the build
//! with one sentence naming it.

use serde::Deserialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What the figures need of a study file (`patience compare --format
/// json`); every other field is left unread.
#[derive(Deserialize)]
struct StudyFile {
    rule_sets: Vec<Label>,
    shard: Option<(u64, u64)>,
    records: Vec<Record>,
}

#[derive(Deserialize)]
struct Label {
    name: String,
    plugin: String,
    settings: String,
}

#[derive(Deserialize)]
struct Record {
    rule_set: usize,
    solver: Option<Solver>,
    expert: Option<Play>,
    #[serde(default)]
    best: Option<Best>,
}

#[derive(Deserialize)]
struct Solver {
    verdict: String,
}

#[derive(Deserialize)]
struct Play {
    won: bool,
    score: Option<i64>,
    level: Option<u32>,
}

#[derive(Deserialize)]
struct Best {
    score: i64,
    bound: Option<i64>,
}

fn main() {
    if let Err(error) = run() {
        println!("cargo::error={error}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let rulesets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets");
    let rulesets = rulesets.canonicalize().map_err(|error| format!("{}: {error}", rulesets.display()))?;
    println!("cargo::rerun-if-changed={}", rulesets.display());
    let mut out = String::from("pub static RULE_SETS: &[BundledRuleSet] = &[\n");
    for path in files(&rulesets, "toml")? {
        let file_name = file_name(&path);
        let id = file_name.trim_end_matches(".toml");
        if !is_id(id) {
            return Err(format!(
                "{}: a bundled rule set's file stem is its id on the command line, so it must be lowercase letters, digits and single hyphens (`relaxed-3-passes`)",
                path.display()
            ));
        }
        writeln!(out, "    BundledRuleSet {{ id: {id:?}, file_name: {file_name:?}, text: include_str!({:?}) }},", path.display().to_string()).unwrap();
    }
    out.push_str("];\n\npub static STUDIES: &[BundledStudy] = &[\n");
    for path in files(&rulesets.join("difficulty"), "json")? {
        writeln!(out, "    BundledStudy {{ file_name: {:?}, rule_sets: &[", file_name(&path)).unwrap();
        for line in summary(&path)? {
            writeln!(out, "        {line},").unwrap();
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").map_err(|_| "OUT_DIR is set by cargo".to_string())?).join("rulesets.rs");
    std::fs::write(&target, out).map_err(|error| format!("writing {}: {error}", target.display()))
}

/// One `StudiedRuleSet { … }` per rule set of the study file at `path`.
fn summary(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let file: StudyFile = serde_json::from_str(&text)
        .map_err(|error| format!("{}: not a study file of `patience compare --format json`: {error}", path.display()))?;
    if let Some((index, count)) = file.shard {
        return Err(format!("{}: only shard {index} of {count}: join the shards with `patience merge` first", path.display()));
    }
    let mut lines = Vec::new();
    for (index, label) in file.rule_sets.iter().enumerate() {
        let records = || file.records.iter().filter(move |record| record.rule_set == index);
        let solver = || records().filter_map(|record| record.solver.as_ref());
        let expert = || records().filter_map(|record| record.expert.as_ref());
        let count = |n: usize| n as u64;
        // The scores as the app sums them (`patience_gui`'s `score_figures`).
        let scored = || records().filter_map(|record| Some((record.expert.as_ref()?.score?, record.expert.as_ref()?.level.unwrap_or(0))));
        let best = || records().filter_map(|record| record.best.as_ref());
        let paired = || records().filter_map(|record| Some((record.expert.as_ref()?.score?, record.best.as_ref()?.score)));
        lines.push(format!(
            "StudiedRuleSet {{ name: {:?}, plugin: {:?}, settings: {:?}, solved: {}, winnable: {}, unknown: {}, expert_games: {}, expert_won: {}, \
             expert_scored: {}, expert_score_sum: {}, expert_level_sum: {}, best_deals: {}, best_score_sum: {}, best_proved: {}, \
             paired_expert_sum: {}, paired_best_sum: {} }}",
            label.name,
            label.plugin,
            label.settings,
            count(solver().count()),
            count(solver().filter(|s| s.verdict == "winnable").count()),
            count(solver().filter(|s| s.verdict == "unknown").count()),
            count(expert().count()),
            count(expert().filter(|p| p.won).count()),
            count(scored().count()),
            scored().map(|(score, _)| score).sum::<i64>(),
            scored().map(|(_, level)| u64::from(level)).sum::<u64>(),
            count(best().count()),
            best().map(|b| b.score).sum::<i64>(),
            count(best().filter(|b| b.bound == Some(b.score)).count()),
            paired().map(|(expert, _)| expert).sum::<i64>(),
            paired().map(|(_, best)| best).sum::<i64>(),
        ));
    }
    Ok(lines)
}

/// The files of `dir` ending in `.ext`, sorted by name; none when `dir`
/// does not exist.
fn files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(format!("{}: {error}", dir.display())),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == ext))
        .collect();
    // By stem: `pyramid` before `pyramid-thirteen`.
    files.sort_by_key(|path| path.file_stem().map(|stem| stem.to_os_string()));
    Ok(files)
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default()
}

/// `relaxed-3-passes`: lowercase letters and digits, in words joined by
/// single hyphens.
fn is_id(id: &str) -> bool {
    !id.is_empty() && id.split('-').all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}
