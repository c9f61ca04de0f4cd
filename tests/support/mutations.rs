//! The mutation list, `tests/mutations.toml`: each entry loosens one of the
//! solver's rules by one case (read by `examples/mutations.rs`, which
//! checks a test catches each, and by `mutation_list.rs`, which checks each
//! still applies).

use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Mutations {
    mutation: Vec<Mutation>,
}

#[derive(Deserialize)]
pub struct Mutation {
    pub name: String,
    /// The file it changes, from the repository's root.
    pub file: String,
    /// The text it replaces (its first occurrence).
    pub find: String,
    pub replace: String,
    /// Arguments to `cargo test --release` that must catch it.
    pub tests: String,
}

/// The repository's root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every mutation of the list under `root`.
pub fn list(root: &Path) -> anyhow::Result<Vec<Mutation>> {
    let text = std::fs::read_to_string(root.join("tests/mutations.toml"))?;
    Ok(toml::from_str::<Mutations>(&text)?.mutation)
}
