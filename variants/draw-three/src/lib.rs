//! # Pyramid (draw three)
//!
//! Relaxed Pyramid with the stock dealt three cards at a time onto three
//! waste piles. The rules are shared with the other pair games
//! (`patience-pairs`); this crate only names the variant and sets its
//! defaults and draw mode.

use patience_pairs::{DrawMode, PairGame, Passes, Profile, Win};

/// The draw-three pair game's names, defaults and draw mode.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawThreeProfile;

impl Profile for DrawThreeProfile {
    const ID: &'static str = "draw-three";
    const NAME: &'static str = "Pyramid (draw three)";
    const SUMMARY: &'static str =
        "Clear the pyramid in pairs making 13; the stock is dealt three at a time onto three waste piles.";
    const INTRO: &'static str = "Pyramid with three waste piles: each draw turns up to three stock cards, one onto each \
pile, and the top card of every pile is available. The game is won as soon as the **pyramid** is \
cleared, whatever is left in the stock and on the waste piles.";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::ThreePiles;
}

/// A game of draw-three Pyramid.
pub type DrawThree = PairGame<DrawThreeProfile>;

patience_engine::export_variant!(DrawThree, search);
