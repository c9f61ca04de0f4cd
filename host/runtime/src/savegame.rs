//! Saved games: what is needed to rebuild a game exactly — the plugin (id,
//! version, content hash), the rule set, the deal, the move log and the last
//! snapshot — as versioned TOML text.
//!
//! A game is resumed by replaying its move log on a fresh game, which also
//! rebuilds the undo history. If the plugin changed since the save, that
//! replay is the only way back; a move that no longer applies is named and
//! the game continues from just before it.

use crate::catalog::Catalog;
use crate::files;
use crate::game::GameError;
use crate::ruleset::RuleSet;
use crate::session::Session;
use anyhow::{anyhow, bail, Context, Result};
use patience_engine::card::{format_cards, parse_cards};
use patience_engine::deal::Deal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The save format this host writes and the newest it reads.
pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: u32,
    plugin: String,
    plugin_version: String,
    plugin_hash: String,
    rule_set: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cards: Option<String>,
    moves: Vec<String>,
    /// The last snapshot, hex.
    snapshot: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
}

/// A saved game, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub plugin: String,
    pub plugin_version: String,
    pub plugin_hash: String,
    pub rule_set_name: String,
    /// Option values as text, checked against the plugin on resume.
    pub options: Vec<(String, String)>,
    pub deal: Deal,
    pub moves: Vec<String>,
    pub snapshot: Vec<u8>,
}

/// A resumed game and what the player should be told about it.
pub struct Resumed {
    pub session: Session,
    pub notice: Option<String>,
}

/// The default autosave file: `<data dir>/autosave.toml`.
pub fn default_autosave_path() -> PathBuf {
    files::data_dir().join("autosave.toml")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Result<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        bail!("the snapshot is not hex");
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|_| anyhow!("the snapshot is not hex")))
        .collect()
}

impl SavedGame {
    /// The saved form of a session now.
    pub fn of(session: &Session) -> SavedGame {
        let plugin = session.plugin();
        SavedGame {
            plugin: plugin.info.id.clone(),
            plugin_version: plugin.info.version.clone(),
            plugin_hash: plugin.hash.clone(),
            rule_set_name: session.rule_set.name.clone(),
            options: session.rule_set.options.iter().map(|(name, value)| (name.clone(), value.to_string())).collect(),
            deal: session.deal.clone(),
            moves: session.move_log().into_iter().map(str::to_string).collect(),
            snapshot: session.current_snapshot().to_vec(),
        }
    }

    pub fn to_toml(&self) -> String {
        let (seed, cards) = match &self.deal {
            Deal::Seed(seed) => (Some(*seed), None),
            Deal::Cards(cards) => (None, Some(format_cards(cards))),
        };
        let file = SaveFile {
            format: SAVE_FORMAT,
            plugin: self.plugin.clone(),
            plugin_version: self.plugin_version.clone(),
            plugin_hash: self.plugin_hash.clone(),
            rule_set: self.rule_set_name.clone(),
            seed,
            cards,
            moves: self.moves.clone(),
            snapshot: hex(&self.snapshot),
            options: self.options.iter().cloned().collect(),
        };
        toml::to_string(&file).expect("a save file always serializes")
    }

    /// Reads save text. Damaged text, a truncated file and a file from a
    /// newer version each get a clear error.
    pub fn parse(text: &str) -> Result<SavedGame> {
        // Look at the format first, so a newer file is named as such rather
        // than as damaged.
        if let Ok(table) = text.parse::<toml::Table>()
            && let Some(format) = table.get("format").and_then(toml::Value::as_integer)
            && format > SAVE_FORMAT as i64
        {
            bail!("it was written by a newer patience (save format {format}; this version reads up to {SAVE_FORMAT})");
        }
        let file: SaveFile = toml::from_str(text).map_err(|e| anyhow!("it is damaged: {}", e.message().trim()))?;
        if file.format != SAVE_FORMAT {
            bail!("it has save format {}, this version reads {SAVE_FORMAT}", file.format);
        }
        let deal = match (file.seed, &file.cards) {
            (Some(seed), None) => Deal::Seed(seed),
            (None, Some(cards)) => Deal::Cards(parse_cards(cards).map_err(|e| anyhow!("it is damaged: {e}"))?),
            _ => bail!("it is damaged: it needs exactly one of `seed` and `cards`"),
        };
        Ok(SavedGame {
            plugin: file.plugin,
            plugin_version: file.plugin_version,
            plugin_hash: file.plugin_hash,
            rule_set_name: file.rule_set,
            options: file.options.into_iter().collect(),
            deal,
            moves: file.moves,
            snapshot: unhex(&file.snapshot).context("it is damaged")?,
        })
    }

    pub fn write(&self, path: &Path) -> Result<()> {
        files::write_atomically(path, self.to_toml().as_bytes())
    }

    /// Reads a save file. No file: `Ok(None)`. A file that cannot be used
    /// is moved aside (never deleted) and the error says why and where it
    /// went.
    pub fn read(path: &Path) -> Result<Option<SavedGame>> {
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| anyhow!("it is damaged: not text")),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(anyhow!("cannot read the saved game {}: {error}", path.display())),
        };
        match text.and_then(|text| SavedGame::parse(&text)) {
            Ok(saved) => Ok(Some(saved)),
            Err(problem) => {
                let aside = files::set_aside(path)?;
                Err(anyhow!(
                    "the saved game {} could not be used: {problem:#}; it was moved to {}",
                    path.display(),
                    aside.display()
                ))
            }
        }
    }

    /// Rebuilds the game by replaying its moves with the plugin in
    /// `catalog`. A move that no longer applies stops the replay there and
    /// is named in the notice.
    pub fn resume(&self, catalog: &Catalog) -> Result<Resumed> {
        let Some(plugin) = catalog.find(&self.plugin) else {
            bail!("the saved game needs plugin `{}`, which is not installed", self.plugin);
        };
        let mut rule_set = RuleSet::defaults(&self.plugin);
        rule_set.name = self.rule_set_name.clone();
        for (name, value) in &self.options {
            rule_set.set(&format!("{name}={value}"), &plugin.info.options).context("the saved options no longer fit")?;
        }
        let session = Session::start(plugin, rule_set, self.deal.clone()).map_err(anyhow::Error::new)?;
        let changed = plugin.hash != self.plugin_hash;
        let notice = changed.then(|| {
            format!(
                "plugin `{}` changed since the game was saved (version {} then, {} now); the game was rebuilt from its {} moves",
                self.plugin,
                self.plugin_version,
                plugin.info.version,
                self.moves.len()
            )
        });
        let mut resumed = self.replay_into(session, notice)?;
        if !changed && resumed.notice.is_none() && resumed.session.current_snapshot() != self.snapshot.as_slice() {
            resumed.notice = Some("the replayed game differs from the saved snapshot; the replay was kept".to_string());
        }
        Ok(resumed)
    }

    /// [`SavedGame::resume`], but a game saved with a plugin that has since
    /// become a rule set of another plugin (one of `bundled` whose id is
    /// the saved plugin's) resumes on that rule set.
    pub fn resume_among(&self, catalog: &Catalog, bundled: &[RuleSet]) -> Result<Resumed> {
        let successor = bundled.iter().find(|rule_set| rule_set.id.as_deref() == Some(self.plugin.as_str()));
        match successor {
            Some(rule_set) if catalog.find(&self.plugin).is_none() => self.resume_as(rule_set, catalog),
            _ => self.resume(catalog),
        }
    }

    /// Rebuilds the game on `rule_set` instead of its own plugin: the same
    /// deal, and the saved moves replayed by their notation, as far as
    /// they apply.
    fn resume_as(&self, rule_set: &RuleSet, catalog: &Catalog) -> Result<Resumed> {
        let Some(plugin) = catalog.find(&rule_set.plugin) else {
            bail!("the saved game's rule set `{}` needs plugin `{}`, which is not installed", rule_set.name, rule_set.plugin);
        };
        let session = Session::start(plugin, rule_set.clone(), self.deal.clone()).map_err(anyhow::Error::new)?;
        let notice = format!(
            "plugin `{}` (version {}) is now the rule set {} of plugin `{}`; the game was rebuilt from its {} moves",
            self.plugin,
            self.plugin_version,
            rule_set.name,
            rule_set.plugin,
            self.moves.len()
        );
        self.replay_into(session, Some(notice))
    }

    /// Plays the saved moves in `session`; a move that no longer applies
    /// stops the replay there and is named in the notice instead.
    fn replay_into(&self, mut session: Session, mut notice: Option<String>) -> Result<Resumed> {
        for (index, notation) in self.moves.iter().enumerate() {
            match session.play(notation) {
                Ok(_) => {}
                Err(GameError::IllegalMove { reason, .. }) => {
                    notice = Some(format!(
                        "move {} `{notation}` no longer applies ({reason}); the game continues from just before it",
                        index + 1
                    ));
                    break;
                }
                Err(other) => return Err(anyhow::Error::new(other).context(format!("replaying move {}", index + 1))),
            }
        }
        Ok(Resumed { session, notice })
    }
}
