//! Builds every plugin crate under `variants/` marked
//! `[package.metadata.patience] embed = "bundled"` to a component and writes
//! `bundled.rs`, which embeds them. Nothing here knows which variants exist.

use patience_plugin_build::{embed_plugins, Embed, Table};

fn main() {
    embed_plugins("variants", Embed::Bundled, Table {
        file: "bundled.rs",
        declaration: "pub static BUNDLED: &[BundledPlugin]",
        entry: |file_name, bytes| format!("BundledPlugin {{ file_name: {file_name}, bytes: {bytes} }}"),
    });
}
