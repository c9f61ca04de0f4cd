//! Writes `OUT_DIR/wit/patience.wit`: the real contract,
//! `engine/wit/patience.wit`, with only its package version changed to
//! 2.0.0, a major version the host does not speak.

use std::path::Path;

const CONTRACT: &str = "../../../engine/wit/patience.wit";
const PACKAGE: &str = "package patience:plugin@";
const VERSION: &str = "2.0.0";

fn main() {
    println!("cargo::rerun-if-changed={CONTRACT}");
    let contract = std::fs::read_to_string(CONTRACT).expect("the engine's contract is readable");
    let line = contract.lines().find(|line| line.starts_with(PACKAGE)).expect("the contract names its package");
    let version = line.trim_start_matches(PACKAGE).trim_end_matches(';');
    assert!(!version.starts_with("2."), "the host now speaks contract {version}: this fixture must speak another major version");
    let other = contract.replacen(line, &format!("{PACKAGE}{VERSION};"), 1);
    let dir = Path::new(&std::env::var("OUT_DIR").expect("set by cargo")).join("wit");
    std::fs::create_dir_all(&dir).expect("creating OUT_DIR/wit");
    std::fs::write(dir.join("patience.wit"), other).expect("writing OUT_DIR/wit/patience.wit");
}
