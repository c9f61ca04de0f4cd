//! Builds every plugin crate under `variants/` marked
//! `[package.metadata.patience] embed = "bundled"` to a component and writes
//! `bundled.rs`, which embeds them, each with the menu group its manifest
//! names, and the workspace's order of those groups. Nothing here knows
//! which variants exist.

use patience_plugin_build::{embed_plugins, Embed, Table};

fn main() {
    embed_plugins("variants", Embed::Bundled, Table {
        file: "bundled.rs",
        declaration: "pub static BUNDLED: &[BundledPlugin]",
        entry: |file_name, bytes, group| format!("BundledPlugin {{ file_name: {file_name}, bytes: {bytes}, group: {group} }}"),
        groups: Some("pub static GROUPS: &[&str]"),
    });
}
