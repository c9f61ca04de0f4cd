//! The `Search` trait: what a variant may tell the generic solver to make
//! it faster. Every hook is optional.

use crate::deal::{Deal, DealRng};
use crate::layout::{HudItem, Layout, MoveInfo, Outcome, Status};
use crate::options::Settings;
use crate::variant::{Info, Variant};
use serde::{Deserialize, Serialize};

/// Hooks that speed up the generic solver ([`crate::solver`]) on one
/// variant. Each has a default that is always correct, so a variant
/// implements only those it has a use for, and says so when it exports:
/// `export_variant!(MyGame, search)`. A variant that does not implement
/// `Search` at all is solved with the defaults (see [`Plain`]).
///
/// The solver plays a position's moves on copies of the game, so every
/// hook answers about `self`, the position now.
pub trait Search: Variant {
    /// Whether the game is won: what the search looks for. Defaults to
    /// asking [`Variant::status`]; a variant whose status costs more than a
    /// glance (a message built each time) may answer directly.
    fn is_won(&self) -> bool {
        self.status().outcome == Outcome::Won
    }

    /// A step on the way to a win, for a game that has one: what it is, in
    /// a few words ("the level it started in is cleared"). Hints and fair
    /// players may aim a search at the step ([`crate::solver::solve_step`])
    /// when the whole game is too far to look through; the host shows it as
    /// a step and never counts it as a win. Defaults to none: the only goal
    /// is a won game.
    fn step() -> Option<&'static str> {
        None
    }

    /// Whether the search, which started at `start`, has reached the step
    /// ([`Search::step`]). Asked only of a game that has one.
    fn step_reached(&self, start: &Self) -> bool {
        let _ = start;
        false
    }

    /// The score so far, for a game that keeps one: what the best-score
    /// search ([`crate::solver::solve_best_score`]) maximises. Defaults to
    /// the score of [`Variant::status`].
    fn score(&self) -> Option<i64> {
        self.status().score
    }

    /// No line from here reaches a higher [`Search::score`] than this.
    /// Never below the real best: the best-score search gives up a
    /// position whose bound it has already reached, and reports the
    /// largest bound of what it had no budget left for. Defaults to none
    /// known (the search then gives up nothing, and a search out of budget
    /// reports no bound).
    fn score_bound(&self) -> Option<i64> {
        None
    }

    /// A key equal only for positions from which every line gains the
    /// same points: the best-score search searches a position again only
    /// when it arrives with a higher score. Defaults to the default
    /// [`Search::state_key`] (the position without its bookkeeping, which
    /// never changes what a move scores); a variant's own `state_key` may
    /// leave out what only decides points, so it is not the default.
    fn score_key(&self) -> u128 {
        crate::solver::hash_bytes(&crate::bookkeeping::position_bytes(self))
    }

    /// Appends to `out` the moves the search tries, in order (the search
    /// keeps one buffer for all positions). Defaults to every legal move;
    /// a variant may leave out a move that is never better than one it
    /// lists (anything but a free King, which can always go at once, say)
    /// and list likely winners first. Every move listed must be legal.
    fn search_actions(&self, out: &mut Vec<Self::Action>) {
        out.extend(self.actions());
    }

    /// The same for the shortest-line search
    /// ([`crate::solver::solve_optimal`]): a move may be left out only when
    /// a line at least as short is kept, so a shortcut that keeps a win but
    /// may cost a move does not belong here. Defaults to every legal move.
    fn shortest_actions(&self, out: &mut Vec<Self::Action>) {
        out.extend(self.actions());
    }

    /// Plays a move in the search. Defaults to `perform`. A variant may
    /// also drop from the search's copy what the search has shown it never
    /// needs again (a card it could only use the way a sibling line already
    /// tries, say), as long as every move the search then lists is still
    /// legal, and the same, in the real game.
    fn search_perform(&mut self, action: &Self::Action) {
        self.perform(action);
    }

    /// Whether the depth-first search pauses now and then for random dives
    /// ([`Search::dive_actions`]; see [`crate::solver::solve`]), spending
    /// up to half as much again as the search. Worth it for a game where
    /// most deals are winnable but the search's fixed move order often
    /// commits early to a hopeless line: a dive tends to find a win
    /// there at once. (The name is older than the dives: the search once
    /// restarted in shuffled orders instead.) Defaults to false.
    fn restarts(&self) -> bool {
        false
    }

    /// The moves a random dive of a restarting search ([`Search::restarts`])
    /// picks from, uniformly. Defaults to [`Search::search_actions`]; a
    /// variant may leave out moves a good player seldom makes (drawing while
    /// a removal is there), so that dives go where wins are. Every move
    /// listed must be legal.
    fn dive_actions(&self, out: &mut Vec<Self::Action>) {
        self.search_actions(out);
    }

    /// A key equal for equal positions (the search remembers the positions
    /// it has seen by their keys). Defaults to a 128-bit hash of the
    /// serialized game without its [`Bookkeeping`](crate::bookkeeping::Bookkeeping)
    /// fields (a score, a move count): a value kept in the game that the
    /// rules never read would otherwise make one position many. An exact
    /// bit-packed key is much cheaper, and a key below 2^64 takes half the
    /// memory.
    fn state_key(&self) -> u128 {
        crate::solver::hash_bytes(&crate::bookkeeping::position_bytes(self))
    }

    /// The bits of [`Search::state_key`] (one run of adjacent bits) that
    /// count something the game uses up for good, such as passes through
    /// the stock, where fewer used is never worse: every line from a
    /// position also works from the same position with less used up. The
    /// search then skips a position whose key it has seen with a smaller
    /// count. Asked once, of the start. Defaults to none.
    fn spent_bits(&self) -> u128 {
        0
    }

    /// True when the position certainly cannot be won any more, nor reach
    /// the step ([`Search::step`]), which lets the search give it up. Never
    /// true for a winnable position. Defaults to false.
    fn is_dead(&self) -> bool {
        false
    }

    /// A lower bound on the moves still needed to win, for the shortest-line
    /// search. Never more than the real number. Defaults to 0.
    fn moves_lower_bound(&self) -> u32 {
        0
    }

    /// The position whose [`Search::state_key`] is `key`, in a search that
    /// started at `start`, with the same future as the position the key
    /// was taken of. The shortest-line search keeps only keys and the moves
    /// between positions; it rebuilds a position from its key where this
    /// answers, and by replaying the moves to it where it does not.
    /// Defaults to `None`.
    fn from_key(start: &Self, key: u128) -> Option<Self> {
        let _ = (start, key);
        None
    }
}

/// Any variant, solved with the default hooks: what `export_variant!`
/// exports for a variant that does not implement [`Search`], and the way
/// to solve one natively (`solver::solve(&Plain(game), budget)`). It
/// plays, shows and saves exactly as the variant it wraps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Plain<V>(pub V);

impl<V: Variant> Variant for Plain<V> {
    type Action = V::Action;

    fn info() -> Info {
        V::info()
    }

    const SAVED_FORM: u32 = V::SAVED_FORM;

    fn easier_steps() -> Vec<crate::variant::EasierStep> {
        V::easier_steps()
    }

    fn restore_older(form: u32, bytes: &[u8]) -> Result<Self, String> {
        V::restore_older(form, bytes).map(Plain)
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        V::start(deal, settings).map(Plain)
    }

    fn layout(&self) -> Layout {
        self.0.layout()
    }

    fn hud(&self) -> Vec<HudItem> {
        self.0.hud()
    }

    fn actions(&self) -> Vec<Self::Action> {
        self.0.actions()
    }

    fn describe(&self, action: &Self::Action) -> MoveInfo {
        self.0.describe(action)
    }

    fn notation(&self, action: &Self::Action) -> String {
        self.0.notation(action)
    }

    fn perform(&mut self, action: &Self::Action) {
        self.0.perform(action);
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn lost_message(&self) -> String {
        self.0.lost_message()
    }

    fn explain(&self, notation: &str) -> String {
        self.0.explain(notation)
    }

    fn check(&self) -> Result<(), String> {
        self.0.check()
    }

    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        self.0.resample(rng).map(Plain)
    }
}

/// A variant exported without `search` is solved with every hook's default.
impl<V: Variant> Search for Plain<V> {}
