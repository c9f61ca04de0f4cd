//! Builds the misbehaving fixture plugins under `tests/plugins/` (package
//! names `patience-fixture-*`) to components for the sandbox tests.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let workspace = manifest_dir.join("..").canonicalize().expect("the workspace root exists");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    for watched in ["engine", "tests/plugins"] {
        println!("cargo::rerun-if-changed={}", workspace.join(watched).display());
    }
    let built = patience_plugin_build::build_all_for_embedding(
        &workspace,
        &manifest_dir.join("plugins"),
        "patience-fixture-",
        &out_dir,
    )
    .unwrap_or_else(|error| {
        println!("cargo::error={error:#}");
        std::process::exit(1);
    });
    let entries: String = built
        .iter()
        .map(|(file_name, path)| format!("    ({file_name:?}, include_bytes!({:?})),\n", path.display().to_string()))
        .collect();
    std::fs::write(out_dir.join("fixtures.rs"), format!("pub static FIXTURES: &[(&str, &[u8])] = &[\n{entries}];\n"))
        .expect("writing fixtures.rs");
}
