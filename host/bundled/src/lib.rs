//! # patience-bundled: the plugins that ship inside the `patience` binary
//!
//! `build.rs` compiles every plugin crate under `variants/` to a WebAssembly
//! component at build time; this crate only hands out the bytes. The host
//! loads them exactly like plugins found on disk — bundled plugins get no
//! special trust.

/// One embedded plugin component.
pub struct BundledPlugin {
    /// `classic.wasm`: the plugin crate's directory name (`variants/classic`).
    pub file_name: &'static str,
    pub bytes: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
