//! What the app remembers between runs besides statistics: the last
//! variant or rule set, the options chosen for each, which are played on
//! winnable deals only, whether cards slide when they move, and the window
//! size.

use patience_engine::options::{OptionSpec, OptionValue};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

pub const FILE_NAME: &str = "settings.toml";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Cards slide to where a move puts them (View → Animations). On
    /// unless switched off; settings files from before it read as on.
    pub animations: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { last_choice: None, options: BTreeMap::new(), winnable_only: BTreeSet::new(), window: None, animations: true }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animations_are_on_unless_switched_off() {
        assert!(Settings::default().animations);
        let older: Settings = toml::from_str("last_choice = \"plugin:relaxed\"\n").unwrap();
        assert!(older.animations, "a file from before the setting");
        let off = Settings { animations: false, ..Settings::default() };
        let read: Settings = toml::from_str(&toml::to_string(&off).unwrap()).unwrap();
        assert!(!read.animations);
    }
}
