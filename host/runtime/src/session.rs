//! A session: one game as a player plays it — the rule set and deal it came
//! from, the move log, and undo/redo to any depth through snapshots.

use crate::game::{Game, GameError};
use crate::plugin::LoadedPlugin;
use crate::ruleset::RuleSet;
use crate::validate::Move;
use patience_engine::deal::Deal;
use patience_engine::layout::Status;
use std::path::PathBuf;
use std::sync::Arc;

/// One step of the history: the state before a move and the move.
#[derive(Clone, Debug)]
struct Step {
    before: Vec<u8>,
    notation: String,
}

pub struct Session {
    game: Game,
    pub rule_set: RuleSet,
    pub deal: Deal,
    /// Steps taken, oldest first; undo pops from here.
    done: Vec<Step>,
    /// Undone steps with the state after each; redo pops from here.
    undone: Vec<(Step, Vec<u8>)>,
    autosave: Option<PathBuf>,
    autosave_error: Option<String>,
}

impl Session {
    pub fn start(plugin: &Arc<LoadedPlugin>, rule_set: RuleSet, deal: Deal) -> Result<Session, GameError> {
        let game = Game::start(plugin, &deal, &rule_set.options)?;
        Ok(Session { game, rule_set, deal, done: Vec::new(), undone: Vec::new(), autosave: None, autosave_error: None })
    }

    pub fn game(&mut self) -> &mut Game {
        &mut self.game
    }

    pub fn plugin(&self) -> &Arc<LoadedPlugin> {
        self.game.plugin()
    }

    /// The state now, as the host holds it (no plugin call).
    pub fn current_snapshot(&self) -> &[u8] {
        self.game.current_snapshot()
    }

    /// After every change, write the game to `path` (atomically). A failed
    /// write never undoes a move: it is kept in [`Session::autosave_error`].
    pub fn autosave_to(&mut self, path: Option<PathBuf>) {
        self.autosave = path;
        self.persist();
    }

    /// Why the last autosave failed, if it did.
    pub fn autosave_error(&self) -> Option<&str> {
        self.autosave_error.as_deref()
    }

    fn persist(&mut self) {
        if let Some(path) = &self.autosave {
            let result = crate::savegame::SavedGame::of(self).write(path);
            self.autosave_error = result.err().map(|error| format!("{error:#}"));
        }
    }

    /// The moves played so far, in notation (a replayable log).
    pub fn move_log(&self) -> Vec<&str> {
        self.done.iter().map(|step| step.notation.as_str()).collect()
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Applies `chosen` (from the latest `moves()`); a new move clears redo.
    pub fn apply(&mut self, chosen: &Move) -> Result<Status, GameError> {
        let before = self.game.current_snapshot().to_vec();
        let status = self.game.apply(chosen.id)?;
        self.done.push(Step { before, notation: chosen.notation.clone() });
        self.undone.clear();
        self.persist();
        Ok(status)
    }

    /// Plays a move written in notation.
    pub fn play(&mut self, text: &str) -> Result<(Move, Status), GameError> {
        let before = self.game.current_snapshot().to_vec();
        let (played, status) = self.game.play(text)?;
        self.done.push(Step { before, notation: played.notation.clone() });
        self.undone.clear();
        self.persist();
        Ok((played, status))
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> Result<bool, GameError> {
        let Some(step) = self.done.pop() else { return Ok(false) };
        let after = self.game.current_snapshot().to_vec();
        if let Err(error) = self.game.reset_to(&step.before) {
            self.done.push(step);
            return Err(error);
        }
        self.undone.push((step, after));
        self.persist();
        Ok(true)
    }

    /// Plays an undone move again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, GameError> {
        let Some((step, after)) = self.undone.pop() else { return Ok(false) };
        if let Err(error) = self.game.reset_to(&after) {
            self.undone.push((step, after));
            return Err(error);
        }
        self.done.push(step);
        self.persist();
        Ok(true)
    }

    /// Back to the opening position of the same deal and rules.
    pub fn restart(&mut self) -> Result<(), GameError> {
        let plugin = Arc::clone(self.game.plugin());
        let autosave = self.autosave.take();
        *self = Session::start(&plugin, self.rule_set.clone(), self.deal.clone())?;
        self.autosave_to(autosave);
        Ok(())
    }
}
