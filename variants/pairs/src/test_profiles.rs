//! Profiles for tests, the crate's own and its integration tests': one
//! waste pile and three, with the relaxed defaults. Not for plugins.

use crate::Profile;
use crate::options::{DrawMode, Passes, Win};

/// One waste pile, relaxed defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OnePile;

impl Profile for OnePile {
    const ID: &'static str = "test-one-pile";
    const NAME: &'static str = "Test: one pile";
    const SUMMARY: &'static str = "test";
    const INTRO: &'static str = "A test profile.";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::OneCard;
}

/// Three waste piles, relaxed defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThreePiles;

impl Profile for ThreePiles {
    const ID: &'static str = "test-three-piles";
    const NAME: &'static str = "Test: three piles";
    const SUMMARY: &'static str = "test";
    const INTRO: &'static str = "A test profile.";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::ThreePiles;
}
