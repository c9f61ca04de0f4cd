//! # patience-engine: the plugin SDK
//!
//! Everything a rule plugin needs, and nothing about hosting plugins:
//!
//! * [`card`]: cards, values and notation (`Kh`, `Td`, `10d`, `K♥`);
//! * [`deal`]: the frozen, documented deal function (deal number → deck);
//! * [`layout`]: slots, faces, HUD values, move descriptions, status;
//! * [`options`]: option specs and resolved settings;
//! * [`Variant`]: the trait a plugin implements;
//! * [`export_variant!`]: the one line that exports it through the WIT
//!   contract (`wit/patience.wit`) when built for `wasm32-unknown-unknown`;
//! * [`solver`]: the generic solver every plugin carries.
//!
//! The crate compiles natively too, so rules are unit-tested with plain
//! `cargo test`; the contract glue exists only on `wasm32`.
//!
//! ```text
//! use patience_engine::prelude::*;
//!
//! #[derive(Clone, serde::Serialize, serde::Deserialize)]
//! struct MyGame { /* ... */ }
//!
//! impl Variant for MyGame { /* ... */ }
//!
//! patience_engine::export_variant!(MyGame);
//! ```

pub mod card;
pub mod deal;
pub mod game;
pub mod layout;
pub mod log;
pub mod options;
pub mod search;
pub mod solver;
pub mod variant;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod export;

pub use search::Search;
pub use variant::{Info, Variant};

/// The version of the WIT contract this SDK builds plugins against.
pub const CONTRACT_VERSION: &str = "1.0.0";

/// The contract itself, for tools that build components.
pub const CONTRACT_WIT: &str = include_str!("../wit/patience.wit");

pub mod prelude {
    pub use crate::card::{Card, Suit, ACE, JACK, KING, QUEEN};
    pub use crate::deal::Deal;
    pub use crate::layout::{
        Face, HudItem, Layout, Look, MoveInfo, Outcome, Slot, SlotKind, Status, CARD_HEIGHT, CARD_WIDTH,
    };
    pub use crate::options::{Choice, Flag, Int, OptionKind, OptionSpec, OptionValue, Settings};
    pub use crate::search::Search;
    pub use crate::variant::{Info, Variant};
}

/// Exports a [`Variant`] as a patience plugin: `export_variant!(MyGame);`,
/// or `export_variant!(MyGame, search);` when the type implements
/// [`Search`] too (the solver then uses its hooks; without `search` it
/// uses the defaults).
///
/// On `wasm32` this generates the contract's exports; natively it expands to
/// nothing but the check that a `search` type implements [`Search`], so the
/// same crate builds and unit-tests on the host.
#[macro_export]
macro_rules! export_variant {
    (@exports $game:ty) => {
        #[cfg(target_arch = "wasm32")]
        const _: () = {
            type PatiencePlugin = $crate::export::Plugin<$game>;
            $crate::export::bindings::export!(PatiencePlugin with_types_in $crate::export::bindings);
        };
    };
    ($variant:ty, search) => {
        const _: () = {
            fn implements_search<S: $crate::Search>() {}
            let _ = implements_search::<$variant>;
        };
        $crate::export_variant!(@exports $variant);
    };
    ($variant:ty) => {
        $crate::export_variant!(@exports $crate::search::Plain<$variant>);
    };
}
