//! Profiles for the crate's own unit tests: one waste pile and three, with
//! the relaxed defaults.

use crate::Profile;
use crate::options::{DrawMode, Passes, Win};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct OnePile;

impl Profile for OnePile {
    const ID: &'static str = "one";
    const NAME: &'static str = "One";
    const SUMMARY: &'static str = "";
    const INTRO: &'static str = "";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::OneCard;
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct ThreePiles;

impl Profile for ThreePiles {
    const ID: &'static str = "three";
    const NAME: &'static str = "Three";
    const SUMMARY: &'static str = "";
    const INTRO: &'static str = "";
    const DEFAULT_WIN: Win = Win::Pyramid;
    const DEFAULT_PASSES: Passes = Passes::Limited(1);
    const DRAW: DrawMode = DrawMode::ThreePiles;
}
