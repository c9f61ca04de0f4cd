//! The solver hooks: an exact position key, sound pruning and an admissible
//! lower bound. The engine's generic solver calls these for every position
//! it visits, so they avoid allocation.
//!
//! `impl Search for PairGame` (in `table`) answers each hook with one of
//! these, a file per concern:
//!
//! | hook | answered by | in |
//! |---|---|---|
//! | `state_key`, `spent_bits` | `position_key`, `pass_key_bits` (pass dominance) | [`keys`] |
//! | `search_actions`, `shortest_actions` | `king_goes_at_once`, `forced_removal` | [`forced`] |
//! | `search_perform` | `buried_for_nothing` (and, for the key, `stuck_for_good`) | [`trim`] |
//! | `is_dead` | `cannot_win`: one [`dead::DeadRule`] at a time (the last one, the last pair in its phases, searches a small game), then the game with the talon in any order | [`dead`], [`phases`], [`relaxed`] |
//! | `moves_lower_bound` | `lower_bound` | [`bound`] |
//!
//! [`ranks`] holds what the dead-position rules count with: [`Rank`] (which
//! knows its partner), the table [`PerRank`] and the counts of the cards
//! left. Every shortcut states the options it holds for; `grid_tests`
//! holds each to an exhaustive search on every combination, and
//! `tests/mutations.toml` loosens each by one case to see a test fail.

mod bound;
mod dead;
mod forced;
mod keys;
mod phases;
mod ranks;
mod relaxed;
mod trim;
#[cfg(test)]
mod tests;

pub(crate) use forced::Line;
pub(crate) use ranks::{PerRank, Rank};

use crate::Profile;
use crate::geometry::{DIRECT_NEIGHBOURS, NEVER_TOGETHER};
use crate::table::PairGame;

impl<P: Profile> PairGame<P> {
    /// Whether pyramid overlap pairs are in play: not with `face_down`,
    /// where the covered card cannot be chosen.
    fn pyramid_overlap(&self) -> bool {
        self.options.overlap_pairs.pyramid() && !self.options.face_down
    }
}

/// The cards of `cards` (a mask) that the pyramid card at `position` can
/// ever be available together with.
fn partners_in(position: usize, cards: u32, overlap: bool) -> u32 {
    let mut mask = cards & !NEVER_TOGETHER[position];
    if overlap {
        mask |= cards & DIRECT_NEIGHBOURS[position];
    }
    mask
}
