//! # Pyramid (relaxed)
//!
//! Win by clearing the 28 pyramid cards, whatever is left in the stock. The
//! rules are shared with the other pair games (`patience-pairs`); this crate
//! only names the variant and sets its defaults.

use patience_pairs::{DrawMode, PairGame, Passes, Profile, Win};

/// The relaxed pair game's names and defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RelaxedProfile;

impl Profile for RelaxedProfile {
    const ID: &'static str = "relaxed";
    const NAME: &'static str = "Pyramid (relaxed)";
    const SUMMARY: &'static str =
        "Clear the 28 pyramid cards in pairs making 13; the stock need not be emptied.";
    const INTRO: &'static str = "Relaxed Pyramid: remove pairs of available cards whose values make 13, and Kings alone. \
The game is won as soon as the **pyramid** is cleared, whatever is left in the stock and waste. \
One pass through the stock is the classic and hardest setting; for an easier game play with \
`passes = 2` (the easy setting) or 3.";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::OneCard;
}

/// A game of relaxed Pyramid.
pub type Relaxed = PairGame<RelaxedProfile>;

patience_engine::export_variant!(Relaxed, search);
