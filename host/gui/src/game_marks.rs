//! What the app knows of the saved game beyond what the runtime's save file
//! (`game.toml`, a format the runtime owns) carries: whether "winnable
//! deals only" dealt it, so a resumed game is still counted apart in the
//! statistics.
//!
//! The marks live beside the save in `game-marks.toml` and name the game
//! they belong to (plugin, rule set, deal number): marks left by another
//! game never apply. Every field has a default, so a missing file, or one
//! from an older or newer app, reads as a game with no marks.

use crate::storage;
use patience_engine::deal::Deal;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const FILE_NAME: &str = "game-marks.toml";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameMarks {
    /// The game the marks belong to.
    pub plugin: String,
    pub rule_set: String,
    pub seed: Option<u64>,
    /// Dealt by "winnable deals only".
    pub winnable_only: bool,
}

impl GameMarks {
    /// The marks of a game of `plugin`'s rule set `rule_set` on `deal`.
    pub fn of(plugin: &str, rule_set: &str, deal: &Deal, winnable_only: bool) -> GameMarks {
        let seed = match deal {
            Deal::Seed(seed) => Some(*seed),
            Deal::Cards(_) => None,
        };
        GameMarks { plugin: plugin.to_string(), rule_set: rule_set.to_string(), seed, winnable_only }
    }

    /// Whether these marks are those of that game (an explicit deck is
    /// never dealt by the search, so it never matches).
    pub fn belong_to(&self, plugin: &str, rule_set: &str, deal: &Deal) -> bool {
        self.seed.is_some() && *self == GameMarks::of(plugin, rule_set, deal, self.winnable_only)
    }
}

/// The marks saved in `dir`, and a notice when the file was damaged (it is
/// moved aside).
pub fn load(dir: &Path) -> storage::Loaded<GameMarks> {
    storage::load(&dir.join(FILE_NAME), "saved game marks")
}

pub fn save(dir: &Path, marks: &GameMarks) -> anyhow::Result<()> {
    storage::save(&dir.join(FILE_NAME), marks)
}

/// Drops the marks with the game they belong to.
pub fn remove(dir: &Path) {
    let _ = std::fs::remove_file(dir.join(FILE_NAME));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_apply_only_to_their_own_game() {
        let marks = GameMarks::of("classic", "Classic, one pass", &Deal::Seed(17), true);
        assert!(marks.belong_to("classic", "Classic, one pass", &Deal::Seed(17)));
        assert!(!marks.belong_to("classic", "Classic, one pass", &Deal::Seed(18)));
        assert!(!marks.belong_to("classic", "Classic, three passes", &Deal::Seed(17)));
        assert!(!marks.belong_to("relaxed", "Classic, one pass", &Deal::Seed(17)));
        assert!(!GameMarks::default().belong_to("classic", "Classic, one pass", &Deal::Seed(17)));
    }

    #[test]
    fn a_missing_file_or_field_means_no_marks() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = load(dir.path());
        assert_eq!(loaded.value, GameMarks::default());
        assert!(loaded.notice.is_none());
        std::fs::write(dir.path().join(FILE_NAME), "plugin = \"classic\"\nrule_set = \"Classic\"\nseed = 3\n").unwrap();
        let loaded = load(dir.path());
        assert!(loaded.value.belong_to("classic", "Classic", &Deal::Seed(3)));
        assert!(!loaded.value.winnable_only);
        let marks = GameMarks::of("classic", "Classic", &Deal::Seed(3), true);
        save(dir.path(), &marks).unwrap();
        assert_eq!(load(dir.path()).value, marks);
        remove(dir.path());
        assert_eq!(load(dir.path()).value, GameMarks::default());
    }
}
