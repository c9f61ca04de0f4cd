//! The `Variant` trait: everything a rule plugin answers.

use crate::deal::Deal;
use crate::layout::{HudItem, Layout, MoveInfo, Outcome, Status};
use crate::options::{OptionSpec, Settings};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// What a variant tells about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Stable machine name: lowercase letters, digits and `-`.
    pub id: String,
    pub name: String,
    pub version: String,
    /// One line for menus.
    pub summary: String,
    /// The rules as markdown.
    pub rules: String,
    pub options: Vec<OptionSpec>,
}

/// The rules of one solitaire. A value of the implementing type is one game
/// in progress; it must hold everything about the game (including its
/// settings), because the host saves and restores games as the serialized
/// value.
///
/// A plugin is `impl Variant for MyGame` plus `export_variant!(MyGame);`.
pub trait Variant: Clone + Serialize + DeserializeOwned + 'static {
    /// One legal move, as the variant represents it internally.
    type Action: Clone + PartialEq + core::fmt::Debug;

    fn info() -> Info;

    /// A new game. `settings` already holds every declared option, checked.
    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String>;

    fn layout(&self) -> Layout;

    fn hud(&self) -> Vec<HudItem> {
        Vec::new()
    }

    /// Every legal move now, in a stable order. Empty once the game is over.
    fn actions(&self) -> Vec<Self::Action>;

    fn describe(&self, action: &Self::Action) -> MoveInfo;

    /// Plays a move that `actions` listed.
    fn perform(&mut self, action: &Self::Action);

    /// Won, lost or still being played, with the score and level to show.
    /// A game that is not won and has no legal move left is lost, and the
    /// SDK says so (with [`Variant::lost_message`]): `status` need not look
    /// for moves. Return `Status::lost` yourself only for another way of
    /// losing, or to answer a lost game without listing its moves.
    fn status(&self) -> Status;

    /// What the player is told when the game is lost because no legal move
    /// is left.
    fn lost_message(&self) -> String {
        "No moves left".to_string()
    }

    /// Why `notation` is not a legal move now, in one sentence for the
    /// player. Called only for moves that are not in `actions`.
    fn explain(&self, notation: &str) -> String {
        format!("`{notation}` is not a legal move now")
    }

    /// Checks a game that was just restored from bytes, which may come from a
    /// damaged file: refuse anything the rules could not have produced.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// A copy of this game with every card the player has not seen dealt
    /// anew from `rng`, consistent with all the player has seen (what is face
    /// up, what was drawn and in which order). Fair players search such
    /// copies instead of the real game, so they never use hidden
    /// information. `None`: not supported (fair players fall back to
    /// simpler play).
    fn resample(&self, rng: &mut crate::deal::DealRng) -> Option<Self> {
        let _ = rng;
        None
    }

    // ----- Hooks for the generic solver; the defaults are always correct. -----

    /// True when the solver, which started at `start`, has reached its
    /// goal. Defaults to a won game; a multi-level game may stop at the end
    /// of the level the search started in.
    fn solver_goal(&self, start: &Self) -> bool {
        let _ = start;
        self.status().outcome == Outcome::Won
    }

    /// The moves the solver tries, in order. Defaults to every legal move;
    /// a variant may leave out moves that are never better than another
    /// listed one (e.g. anything but a free King, which can always go at
    /// once). Every move listed must be legal.
    fn solver_actions(&self) -> Vec<Self::Action> {
        self.actions()
    }

    /// [`Variant::solver_actions`], appended to `out`: what the depth-first
    /// search calls, with one buffer for the whole search. Override it (and
    /// have `solver_actions` call it) to save an allocation per position.
    fn solver_actions_into(&self, out: &mut Vec<Self::Action>) {
        out.extend(self.solver_actions());
    }

    /// The moves the shortest-line search ([`crate::solver::solve_optimal`])
    /// tries, appended to `out`. Like [`Variant::solver_actions_into`], but
    /// a move may be left out only when a line at least as short is kept:
    /// a shortcut that keeps a win but may cost a move (taking a card no
    /// winning line needs to take) does not belong here. Defaults to every
    /// legal move.
    fn optimal_actions_into(&self, out: &mut Vec<Self::Action>) {
        out.extend(self.actions());
    }

    /// Plays a move in the solver's search. Defaults to `perform`. A
    /// variant may also drop from its copy what the search has shown it
    /// never needs to use again (a card it could only have used in a way a
    /// sibling line already tries, say), as long as every move the search
    /// then lists is still legal, and the same, in the real game.
    fn solver_perform(&mut self, action: &Self::Action) {
        self.perform(action);
    }

    /// A key equal for equal positions (for the transposition table). The
    /// default hashes the serialized game to 128 bits; a variant can give an
    /// exact and much cheaper key.
    fn state_key(&self) -> u128 {
        crate::solver::hash_bytes(&crate::game::encode(self))
    }

    /// True when `searched` holds the key of a position at least as good
    /// as this one (whose own key is `key`): the same position with more of
    /// something left that only helps (more passes through the stock, say),
    /// from which every line of this one is still legal and still reaches
    /// the goal. The depth-first search then skips this position. Never, by
    /// default.
    fn dominated(&self, key: u128, searched: &dyn Fn(u128) -> bool) -> bool {
        let _ = (key, searched);
        false
    }

    /// The bits of `state_key` in which the positions `dominated` asks
    /// about differ from this one (where a key keeps its pass count, say).
    /// The search's table hashes keys without them, so those lookups land
    /// next to this position's own entry. Only speed depends on it.
    fn dominance_key_bits(&self) -> u128 {
        0
    }

    /// True when the position can certainly not reach the goal any more
    /// (lets the solver prune). Must never be true for a winnable position.
    fn is_dead(&self) -> bool {
        false
    }

    /// A lower bound on the moves still needed to reach the goal (for the
    /// optimal search). Must never overestimate.
    fn moves_lower_bound(&self) -> u32 {
        0
    }
}
