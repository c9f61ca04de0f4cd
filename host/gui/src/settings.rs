//! What the app remembers between runs besides statistics: the last
//! variant or rule set, the options chosen for each, which are played on
//! winnable deals only, and the window size.

use patience_engine::options::{OptionSpec, OptionValue};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

pub const FILE_NAME: &str = "settings.toml";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The key of the last choice played (see `choices::Choice::key`).
    pub last_choice: Option<String>,
    /// Options set in the options panel, per choice key: option name →
    /// value as text (as `--set` takes it).
    pub options: BTreeMap<String, BTreeMap<String, String>>,
    /// The choice keys played with "winnable deals only".
    pub winnable_only: BTreeSet<String>,
    /// The window's inner size in points.
    pub window: Option<[f32; 2]>,
}

/// Values as text, for the settings file.
pub fn to_text(values: &[(String, OptionValue)]) -> BTreeMap<String, String> {
    values.iter().map(|(name, value)| (name.clone(), value.to_string())).collect()
}

/// Values read back against the plugin's specs; anything that no longer
/// fits (the plugin changed) is dropped rather than refused.
pub fn from_text(text: &BTreeMap<String, String>, specs: &[OptionSpec]) -> Vec<(String, OptionValue)> {
    text.iter()
        .filter_map(|(name, value)| {
            let spec = specs.iter().find(|spec| &spec.name == name)?;
            Some((name.clone(), spec.parse(value).ok()?))
        })
        .collect()
}
