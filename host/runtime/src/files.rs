//! Files the host keeps for the player: where they live, how they are
//! written (atomically: temporary file, fsync, rename, fsync of the
//! directory — a crash leaves the old file or the new one, never half of
//! one) and how a damaged one is moved aside instead of being lost.

use anyhow::{Context, Result};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The data directory: `$PATIENCE_DATA_DIR`, else `$XDG_DATA_HOME/patience`,
/// else `~/.local/share/patience`.
pub fn data_dir() -> PathBuf {
    let env = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    if let Some(dir) = env("PATIENCE_DATA_DIR") {
        return dir;
    }
    if let Some(dir) = env("XDG_DATA_HOME") {
        return dir.join("patience");
    }
    env("HOME").unwrap_or_else(|| PathBuf::from(".")).join(".local").join("share").join("patience")
}

/// Writes `bytes` to `path` so that a crash at any moment leaves either the
/// previous content or the new one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // Unique per write, so two writers (threads or processes) of the same
    // file never share a temporary file.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let write_number = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let temp = dir.join(format!(".{name}.{}-{write_number}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        // The rename itself must reach the disk too.
        if let Ok(directory) = File::open(dir) {
            let _ = directory.sync_all();
        }
        Ok(())
    };
    write().with_context(|| format!("writing {}", path.display())).inspect_err(|_| {
        let _ = fs::remove_file(&temp);
    })
}

/// Moves a damaged file out of the way as `NAME.broken-N` (the first free
/// N) and returns where it went. Nothing is ever deleted or overwritten.
pub fn set_aside(path: &Path) -> Result<PathBuf> {
    let name = path.file_name().and_then(|n| n.to_str()).context("the file has no name")?;
    let aside = (1..10_000)
        .map(|n| path.with_file_name(format!("{name}.broken-{n}")))
        .find(|candidate| !candidate.exists())
        .context("no free name to move the file aside")?;
    fs::rename(path, &aside).with_context(|| format!("moving {} aside", path.display()))?;
    Ok(aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("patience-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_writes_replace_the_whole_file_and_leave_no_temporaries() {
        let dir = scratch("atomic");
        let path = dir.join("game.toml");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second, longer");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn damaged_files_are_moved_aside_never_overwritten() {
        let dir = scratch("aside");
        let path = dir.join("stats.toml");
        fs::write(&path, "one").unwrap();
        let first = set_aside(&path).unwrap();
        fs::write(&path, "two").unwrap();
        let second = set_aside(&path).unwrap();
        assert_eq!(first.file_name().unwrap(), "stats.toml.broken-1");
        assert_eq!(second.file_name().unwrap(), "stats.toml.broken-2");
        assert_eq!(fs::read_to_string(first).unwrap(), "one");
        assert_eq!(fs::read_to_string(second).unwrap(), "two");
        assert!(!path.exists());
    }
}
