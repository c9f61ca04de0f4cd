//! # patience-pairs: the rules the pair games share
//!
//! Pyramid "pair games": remove free Kings alone and pairs of available cards
//! summing to 13 from a 28-card pyramid, with a stock dealt onto one waste
//! pile (classic, relaxed) or three (draw-three). The rules are written once
//! here as [`PairGame<P>`]; a plugin crate is a [`Profile`] (names, defaults,
//! draw mode) plus `export_variant!(PairGame<ItsProfile>, search)`.
//!
//! The precise rules, as implemented, are in [`rules_text::markdown`]; every
//! choice the sources leave open is decided and documented there.

pub mod geometry;
pub mod options;
pub mod rules_text;

mod check;
mod explain;
#[cfg(test)]
mod grid_tests;
mod moves;
#[cfg(test)]
mod order_tests;
mod search;
mod table;
#[doc(hidden)]
pub mod test_profiles;
mod view;

pub use moves::{Action, Place};
pub use options::{DrawMode, GameOptions, Overlap, Passes, Win};
pub use table::PairGame;

/// What distinguishes one pair-game plugin from another. Implemented by a
/// zero-sized marker type in each plugin crate.
pub trait Profile:
    Copy + Clone + core::fmt::Debug + Default + PartialEq + Eq + core::hash::Hash + Send + Sync + 'static
{
    /// The plugin id: `classic`, `relaxed`, `draw-three`.
    const ID: &'static str;
    /// The name in menus.
    const NAME: &'static str;
    const VERSION: &'static str = "1.1.0";
    /// One line for menus.
    const SUMMARY: &'static str;
    /// The variant's own opening of the rules text (markdown); the shared
    /// rules follow it.
    const INTRO: &'static str;
    const DEFAULT_WIN: Win;
    const DEFAULT_PASSES: Passes;
    const DEFAULT_FACE_DOWN: bool = false;
    const DRAW: DrawMode;

    /// The full rules text (markdown) returned in `Info.rules`.
    fn rules() -> String {
        rules_text::markdown::<Self>()
    }
}
