//! # Pyramid (classic)
//!
//! The original goal: remove all 52 cards, going through the stock once.
//! The rules are shared with the other pair games (`patience-pairs`); this
//! crate only names the variant and sets its defaults.

use patience_pairs::{DrawMode, PairGame, Passes, Profile, Win};

/// The classic pair game's names and defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassicProfile;

impl Profile for ClassicProfile {
    const ID: &'static str = "classic";
    const NAME: &'static str = "Pyramid (classic)";
    const SUMMARY: &'static str = "Clear all 52 cards in pairs making 13, going through the stock once.";
    const INTRO: &'static str = "The original Pyramid: remove pairs of available cards whose values make 13, and Kings \
alone, until **all 52 cards** are gone: the pyramid, the stock and the waste. The stock is gone \
through once. By default the whole pyramid lies face up.";
    const DEFAULT_WIN: Win = Win::All;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::OneCard;
}

/// A game of classic Pyramid.
pub type Classic = PairGame<ClassicProfile>;

patience_engine::export_variant!(Classic, search);
