//! The host config file: the sandbox's [`Limits`], as TOML.
//!
//! It lives at `<data dir>/config.toml` ([`default_path`]; the CLI and the
//! app take `--config FILE` instead). A missing default file means the
//! defaults; every key is optional:
//!
//! ```toml
//! [limits]
//! memory_mib = 64                 # linear memory per game, MiB (1–4096)
//! solve_memory_mib = 512          # linear memory during a `solve` call, MiB (1–4096)
//! call_fuel = 500_000_000         # fuel (≈ wasm instructions) per call
//! solve_fuel = 1_000_000_000_000  # fuel per `solve` call
//! log_lines = 64                  # log lines kept per game
//! output_mib = 16                 # most data one answer may hand the host, MiB
//! max_slots = 2_000               # most slots in a layout
//! max_moves = 5_000               # most moves listed at once
//! ```
//!
//! An unknown key or table, a value of the wrong type or out of range is an
//! error naming the file, the line and what is allowed.

use crate::files;
use crate::limits::Limits;
use anyhow::{anyhow, bail, Result};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The host's settings, read from a config file (or the defaults).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HostConfig {
    pub limits: Limits,
    /// The file it was read from; `None` for the built-in defaults.
    pub path: Option<PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    limits: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

/// Every key of `[limits]`: its name, the values it takes and their unit.
const KEYS: [(&str, i64, i64, &str); 8] = [
    ("memory_mib", 1, MAX_MEMORY_MIB, " (MiB)"),
    ("solve_memory_mib", 1, MAX_MEMORY_MIB, " (MiB)"),
    ("call_fuel", 1, i64::MAX, ""),
    ("solve_fuel", 1, i64::MAX, ""),
    ("log_lines", 1, 100_000, ""),
    ("output_mib", 1, MAX_MEMORY_MIB, " (MiB)"),
    ("max_slots", 1, 1_000_000, ""),
    ("max_moves", 1, 1_000_000, ""),
];

/// `<data dir>/config.toml`.
pub fn default_path() -> PathBuf {
    files::data_dir().join("config.toml")
}

/// Wasm32 memories cannot grow past 4 GiB.
const MAX_MEMORY_MIB: i64 = 4096;

impl HostConfig {
    /// Reads the config file at `path`, which must exist.
    pub fn load(path: &Path) -> Result<HostConfig> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| anyhow!("{}: cannot read the config file: {error}", path.display()))?;
        HostConfig::parse(&text, path)
    }

    /// Reads [`default_path`] if it exists; the defaults otherwise.
    pub fn load_default() -> Result<HostConfig> {
        let path = default_path();
        if path.exists() { HostConfig::load(&path) } else { Ok(HostConfig::default()) }
    }

    /// Parses config text; `path` is used in messages.
    pub fn parse(text: &str, path: &Path) -> Result<HostConfig> {
        let file = path.display();
        let raw: RawConfig = toml::from_str(text).map_err(|error| {
            let line = error.span().map(|span| line_of(text, span.start)).unwrap_or(1);
            anyhow!("{file}:{line}: {}", error.message().trim_end())
        })?;
        let mut limits = Limits::default();
        for (key, value) in &raw.limits {
            let (name, line) = (key.get_ref().as_str(), line_of(text, key.span().start));
            let Some(&(_, min, max, unit)) = KEYS.iter().find(|(known, ..)| *known == name) else {
                let known: Vec<&str> = KEYS.iter().map(|(known, ..)| *known).collect();
                bail!("{file}:{line}: unknown limit `{name}` (limits: {})", known.join(", "));
            };
            let line = line_of(text, value.span().start);
            let number = value.get_ref().as_integer().filter(|number| (min..=max).contains(number));
            let Some(number) = number else {
                let range = if max == i64::MAX { format!("a whole number, at least {min}") } else { format!("a whole number from {min} to {max}") };
                bail!("{file}:{line}: `{name}` cannot be {}: it takes {range}{unit}", value.get_ref());
            };
            match name {
                "memory_mib" => limits.memory_bytes = (number as usize) << 20,
                "solve_memory_mib" => limits.solve_memory_bytes = (number as usize) << 20,
                "call_fuel" => limits.call_fuel = number as u64,
                "solve_fuel" => limits.solve_fuel = number as u64,
                "log_lines" => limits.log_lines = number as usize,
                "output_mib" => limits.output_bytes = (number as usize) << 20,
                "max_slots" => limits.max_slots = number as usize,
                "max_moves" => limits.max_moves = number as usize,
                other => unreachable!("limit `{other}` is in KEYS"),
            }
        }
        Ok(HostConfig { limits, path: Some(path.to_path_buf()) })
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<HostConfig> {
        HostConfig::parse(text, Path::new("config.toml"))
    }

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn an_empty_file_means_the_defaults() {
        assert_eq!(parse("").unwrap().limits, Limits::default());
        assert_eq!(parse("[limits]\n").unwrap().limits, Limits::default());
    }

    #[test]
    fn every_limit_can_be_set() {
        let config = parse(
            "# mine\n[limits]\nmemory_mib = 128\nsolve_memory_mib = 1024\ncall_fuel = 1_000_000\nsolve_fuel = 2_000_000_000\n\
             log_lines = 10\noutput_mib = 4\nmax_slots = 300\nmax_moves = 400\n",
        )
        .unwrap();
        let expected = Limits {
            memory_bytes: 128 << 20,
            solve_memory_bytes: 1024 << 20,
            call_fuel: 1_000_000,
            solve_fuel: 2_000_000_000,
            log_lines: 10,
            output_bytes: 4 << 20,
            max_slots: 300,
            max_moves: 400,
        };
        assert_eq!(config.limits, expected);
        assert_eq!(config.path.as_deref(), Some(Path::new("config.toml")));
    }

    #[test]
    fn unknown_keys_are_named_with_their_line() {
        let message = error("[limits]\nmemory_mib = 64\nmemroy_mib = 32\n");
        assert_eq!(
            message,
            "config.toml:3: unknown limit `memroy_mib` (limits: memory_mib, solve_memory_mib, call_fuel, solve_fuel, \
             log_lines, output_mib, max_slots, max_moves)"
        );
        let message = error("[limits]\n\n[plugins]\ndir = \"x\"\n");
        assert!(message.starts_with("config.toml:3: "), "{message}");
        assert!(message.contains("plugins"), "{message}");
        let message = error("memory_mib = 64\n");
        assert!(message.starts_with("config.toml:1: ") && message.contains("memory_mib"), "{message}");
    }

    #[test]
    fn bad_values_are_named_with_their_line_and_what_is_allowed() {
        let message = error("[limits]\nmemory_mib = 0\n");
        assert_eq!(message, "config.toml:2: `memory_mib` cannot be 0: it takes a whole number from 1 to 4096 (MiB)");
        let message = error("[limits]\n\ncall_fuel = -5\n");
        assert_eq!(message, "config.toml:3: `call_fuel` cannot be -5: it takes a whole number, at least 1");
        let message = error("[limits]\nmemory_mib = 5000\n");
        assert!(message.contains("from 1 to 4096"), "{message}");
        let message = error("[limits]\nlog_lines = \"many\"\n");
        assert_eq!(message, "config.toml:2: `log_lines` cannot be \"many\": it takes a whole number from 1 to 100000");
        let message = error("[limits]\noutput_mib = 1.5\n");
        assert!(message.starts_with("config.toml:2: `output_mib` cannot be 1.5"), "{message}");
        let message = error("[limits\n");
        assert!(message.starts_with("config.toml:1: "), "{message}");
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let message = HostConfig::load(Path::new("/nonexistent/patience.toml")).unwrap_err().to_string();
        assert!(message.starts_with("/nonexistent/patience.toml: cannot read"), "{message}");
    }
}
