//! `patience show|play --winnable`: the deal it picks is the first one the
//! solver proves winnable, and it says which.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn patience(args: &[&str]) -> Output {
    let scratch = std::env::temp_dir().join(format!("patience-winnable-cli-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .current_dir(workspace())
        .env("PATIENCE_DATA_DIR", &scratch)
        .env_remove("PATIENCE_PLUGINS")
        .output()
        .expect("patience runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The deal number on the `winnable deal:` line.
fn chosen(output: &Output) -> u64 {
    let text = stdout(output);
    let line = text.lines().next().unwrap_or_default();
    let number = line.strip_prefix("winnable deal: ").unwrap_or_else(|| panic!("first line: {line}\n{text}"));
    number.split_whitespace().next().unwrap().parse().unwrap()
}

fn verdict(target: &str, seed: u64) -> String {
    let output = patience(&["solve", target, "--seed", &seed.to_string(), "--budget", "1000000"]);
    let text = stdout(&output);
    text.lines().find_map(|line| line.strip_prefix("verdict: ")).unwrap_or_else(|| panic!("{text}")).to_string()
}

#[test]
fn show_deals_the_first_deal_the_solver_proves_winnable() {
    // Classic is winnable about once in a thousand deals: the search has
    // to skip many.
    let output = patience(&["show", "classic", "--winnable", "--seed", "1"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let number = chosen(&output);
    assert!(number > 1, "deal 1 of classic is not winnable, yet {number} was chosen");
    assert!(stdout(&output).contains(&format!("— deal {number}")), "{}", stdout(&output));
    assert_eq!(verdict("classic", number), "winnable");
    assert_ne!(verdict("classic", number - 1), "winnable");
}

#[test]
fn play_says_the_deal_and_plays_on_it_and_a_deck_cannot_be_searched() {
    let output = patience(&["play", "rulesets/relaxed-3-passes.toml", "--winnable", "--seed", "5", "--no-save", "--moves", "draw"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let number = chosen(&output);
    assert!(number >= 5);
    assert_eq!(verdict("rulesets/relaxed-3-passes.toml", number), "winnable");
    assert!(stdout(&output).contains("  1. draw"), "{}", stdout(&output));
    let refused = patience(&["show", "relaxed", "--winnable", "--deck", "5s 9h"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--deck"), "{}", String::from_utf8_lossy(&refused.stderr));
}
