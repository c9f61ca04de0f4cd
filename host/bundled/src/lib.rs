//! # patience-bundled: the plugins that ship inside the `patience` binary
//!
//! `build.rs` compiles every plugin crate under `variants/` to a WebAssembly
//! component at build time; this crate only hands out the bytes, with the
//! group of the Variants menu each crate's manifest names. The host loads
//! them exactly like plugins found on disk — bundled plugins get no special
//! trust.

/// One embedded plugin component.
pub struct BundledPlugin {
    /// `classic.wasm`: the plugin crate's directory name (`variants/classic`).
    pub file_name: &'static str,
    pub bytes: &'static [u8],
    /// `[package.metadata.patience] group` of its crate (`"Seed variants"`).
    pub group: Option<&'static str>,
}

// Also `GROUPS`: the menu's groups in the order the workspace manifest
// gives them (`[workspace.metadata.patience] groups`).
include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
