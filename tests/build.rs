//! Builds the misbehaving fixture plugins under `tests/plugins/` (marked
//! `[package.metadata.patience] embed = "fixture"`) to components for the
//! sandbox tests, and writes `fixtures.rs`, which embeds them.

use patience_plugin_build::{embed_plugins, Embed, Table};

fn main() {
    embed_plugins("tests/plugins", Embed::Fixture, Table {
        file: "fixtures.rs",
        declaration: "pub static FIXTURES: &[(&str, &[u8])]",
        // Fixtures are never offered in a menu.
        entry: |file_name, bytes, _group| format!("({file_name}, {bytes})"),
        groups: None,
    });
}
