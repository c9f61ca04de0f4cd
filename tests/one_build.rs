//! `cargo test --release` right after `cargo run --release` builds none of
//! the app's dependencies again: the test build's dev-dependencies switch
//! on no feature of a crate the app uses that the app does not switch on
//! itself (host/cli/Cargo.toml lists the ones it turns on for this).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Each package of a `cargo tree` with the features it is built with.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--prefix", "none", "--format", "{p}|{f}"])
        .args(args)
        .current_dir(workspace)
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo tree: {}", String::from_utf8_lossy(&output.stderr));
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        if let Some((package, features)) = line.trim_end_matches(" (*)").split_once('|') {
            packages.entry(package.to_string()).or_default().insert(features.to_string());
        }
    }
    packages
}

#[test]
fn the_app_and_its_tests_build_their_dependencies_alike() {
    let app = features(&["--package", "patience", "--edges", "normal,build"]);
    let tests = features(&["--edges", "normal,build,dev"]);
    assert!(app.len() > 100, "the app's tree: {} packages", app.len());
    let differ: Vec<String> = app
        .iter()
        .filter(|(package, features)| tests.get(*package) != Some(features))
        .map(|(package, features)| format!("{package}: the app {features:?}, the tests {:?}", tests.get(package)))
        .collect();
    assert!(differ.is_empty(), "built twice, once per feature set (add the tests' features to host/cli/Cargo.toml):\n{}", differ.join("\n"));
}
