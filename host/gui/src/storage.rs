//! Where the app keeps what it remembers, and how it writes it.
//!
//! Files are TOML in the data directory: `$PATIENCE_DATA_DIR`, else
//! `$XDG_DATA_HOME/patience`, else `~/.local/share/patience`. Writes are
//! atomic (a temporary file, fsync, rename, fsync of the directory), so a
//! crash leaves the old file or the new one, never half of one. A file that
//! cannot be read is moved aside as `NAME.broken-N` and the app starts
//! fresh, saying so: a damaged file must never keep the app from starting.

use patience_runtime::files;
use serde::{Serialize, de::DeserializeOwned};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The data directory the environment asks for (the runtime's, so saved
/// games, settings and statistics live side by side).
pub fn default_data_dir() -> PathBuf {
    files::data_dir()
}

/// A value read from disk, and what the player should be told about it.
pub struct Loaded<T> {
    pub value: T,
    pub notice: Option<String>,
}

/// Reads `path`; a missing file gives the default, a broken one is moved
/// aside (with a notice) and gives the default too.
pub fn load<T: DeserializeOwned + Default>(path: &Path, what: &str) -> Loaded<T> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Loaded { value: T::default(), notice: None },
        Err(error) => return set_aside(path, what, &error.to_string()),
    };
    match toml::from_str(&text) {
        Ok(value) => Loaded { value, notice: None },
        Err(error) => set_aside(path, what, error.message()),
    }
}

fn set_aside<T: Default>(path: &Path, what: &str, problem: &str) -> Loaded<T> {
    let notice = match files::set_aside(path) {
        Ok(aside) => format!(
            "Your {what} file could not be read ({}), so it was moved to {} and {what} start afresh.",
            problem.trim(),
            aside.display()
        ),
        Err(error) => format!(
            "Your {what} file {} could not be read ({}) nor moved aside ({error:#}); {what} start afresh.",
            path.display(),
            problem.trim()
        ),
    };
    Loaded { value: T::default(), notice: Some(notice) }
}

/// Writes `value` to `path` atomically, creating the directory if needed.
pub fn save<T: Serialize>(path: &Path, value: &T) -> anyhow::Result<()> {
    let text = toml::to_string_pretty(value)?;
    files::write_atomically(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn saved_values_load_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep").join("numbers.toml");
        let value: BTreeMap<String, u32> = [("a".to_string(), 1), ("b".to_string(), 2)].into();
        save(&path, &value).unwrap();
        let loaded: Loaded<BTreeMap<String, u32>> = load(&path, "numbers");
        assert_eq!(loaded.value, value);
        assert!(loaded.notice.is_none());
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn broken_files_are_moved_aside_with_a_notice() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        fs::write(&path, "this is = = not toml").unwrap();
        fs::write(dir.path().join("stats.toml.broken-1"), "an older casualty").unwrap();
        let loaded: Loaded<BTreeMap<String, u32>> = load(&path, "statistics");
        assert!(loaded.value.is_empty());
        let notice = loaded.notice.expect("a notice");
        assert!(notice.contains("stats.toml.broken-2"), "{notice}");
        assert!(!path.exists());
        assert!(dir.path().join("stats.toml.broken-2").exists());
    }
}
