//! An on-disk cache of compiled components, so a second start does not
//! recompile. Entries are keyed by the SHA-256 of the component bytes and a
//! fingerprint of the wasmtime version and engine settings (wasmtime's own
//! compatibility hash); a stale or
//! damaged entry is simply recompiled and replaced.

use anyhow::Result;
use sha2::{Digest, Sha256};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use wasmtime::component::Component;
use wasmtime::Engine;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CacheOutcome {
    /// Compiled now (no cache, or no usable entry).
    Compiled,
    /// Loaded precompiled code from the cache.
    Hit,
}

#[derive(Clone, Debug)]
pub struct ComponentCache {
    dir: PathBuf,
}

/// The default cache directory: `$PATIENCE_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/patience/components`, else `~/.cache/patience/components`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PATIENCE_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))?;
    Some(base.join("patience").join("components"))
}

pub fn content_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

impl ComponentCache {
    pub fn new(dir: impl Into<PathBuf>) -> ComponentCache {
        ComponentCache { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn entry_path(&self, engine: &Engine, hash: &str) -> PathBuf {
        // wasmtime's compatibility hash covers its own version and every
        // engine setting that changes the compiled code.
        let mut fingerprint = std::collections::hash_map::DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut fingerprint);
        self.dir.join(format!("{hash}-{:016x}.cwasm", fingerprint.finish()))
    }

    /// The compiled component for `bytes`, from the cache or compiled now
    /// (and then stored). Failing to write the cache is not an error.
    pub fn load_or_compile(&self, engine: &Engine, bytes: &[u8], hash: &str) -> Result<(Component, CacheOutcome)> {
        let path = self.entry_path(engine, hash);
        if path.exists() {
            // SAFETY: the file was written by `precompile_component` for an
            // engine with the same fingerprint, into the user's own cache
            // directory; wasmtime checks its header and version on load.
            if let Ok(component) = unsafe { Component::deserialize_file(engine, &path) } {
                return Ok((component, CacheOutcome::Hit));
            }
        }
        let compiled = engine.precompile_component(bytes)?;
        let _ = crate::files::write_atomically(&path, &compiled);
        // SAFETY: `compiled` was produced just now by this very engine.
        let component = unsafe { Component::deserialize(engine, &compiled) }?;
        Ok((component, CacheOutcome::Compiled))
    }
}
