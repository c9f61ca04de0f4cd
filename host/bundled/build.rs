//! Builds every plugin crate under `variants/` (package name
//! `patience-variant-*`) to a component and writes `bundled.rs`, which
//! embeds them. Nothing here knows which variants exist.

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let workspace = manifest_dir.join("../..").canonicalize().expect("the workspace root exists");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    for watched in ["engine", "variants", "Cargo.lock", "Cargo.toml"] {
        println!("cargo::rerun-if-changed={}", workspace.join(watched).display());
    }
    let built = patience_plugin_build::build_all_for_embedding(
        &workspace,
        &workspace.join("variants"),
        "patience-variant-",
        &out_dir,
    );
    let built = match built {
        Ok(built) => built,
        Err(error) => {
            // One clear sentence, not a backtrace: this is what a new user sees.
            println!("cargo::error={error:#}");
            std::process::exit(1);
        }
    };
    let entries: String = built
        .iter()
        .map(|(file_name, path)| {
            format!("    BundledPlugin {{ file_name: {file_name:?}, bytes: include_bytes!({:?}) }},\n", path.display().to_string())
        })
        .collect();
    std::fs::write(out_dir.join("bundled.rs"), format!("pub static BUNDLED: &[BundledPlugin] = &[\n{entries}];\n"))
        .expect("writing bundled.rs");
}
