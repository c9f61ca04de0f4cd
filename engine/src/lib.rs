//! # patience-engine: the plugin SDK
//!
//! Everything a rule plugin needs, and nothing about hosting plugins:
//!
//! * [`Variant`]: the trait a plugin implements, the rules of one game;
//! * [`export_variant!`]: the one line that exports it through the WIT
//!   contract (`wit/patience.wit`) when built for `wasm32-unknown-unknown`;
//! * [`card`]: cards, values and notation (`Kh`, `Td`, `10d`, `K♥`);
//! * [`deal`]: the frozen, documented deal function (deal number → deck)
//!   and its generator, which also shuffles ([`deal::DealRng::shuffle`]);
//! * [`layout`]: slots, faces, HUD values, move descriptions, status;
//! * [`options`]: options declared once as constants ([`options::Flag`],
//!   [`options::Int`], [`options::Choice`]) and the settings a game starts
//!   with;
//! * [`solver`]: the generic solver every plugin carries, and [`Search`],
//!   the hooks a variant may implement to make it faster;
//! * [`ranks`]: which ranks go together — pairs making a sum, ranks one
//!   apart, sets of ranks — as constants a rule and a search count with;
//! * [`tableau`]: cards covered by cards — shapes (pyramids, inverted
//!   pyramids, peaks, reserve piles) and the cards dealt onto them: what is
//!   free, what is seen, slots, checks, resampling and explanations;
//! * [`bookkeeping`]: a score or other value the rules never read, kept
//!   in the game but out of the solver's position key;
//! * [`game`]: a game as the contract sees it (move ids, snapshots, the
//!   status the host sees), for native tests.
//!
//! The crate compiles natively too, so rules are unit-tested with plain
//! `cargo test`; the contract glue exists only on `wasm32`.
//!
//! ## The smallest complete plugin
//!
//! Deal the deck into a pyramid and six piles; two free cards of a rank
//! (or of a suit) pair off until the table is cleared. The tableau layer
//! knows which card covers which, deals, shows covered pile cards face
//! down; the SDK does the rest: move ids, snapshots, checked settings, "no
//! move left and not won is lost", and a solver.
//!
//! ```rust
//! use patience_engine::prelude::*;
//! use patience_engine::tableau::{bit, bits, Shape, Tableau};
//! use serde::{Deserialize, Serialize};
//! use std::sync::LazyLock;
//!
//! /// A pyramid of 28 cards and, below it, six piles of four, face down but for their tops.
//! static TABLE: LazyLock<Shape> =
//!     LazyLock::new(|| Shape::pyramid(7).with(Shape::piles(6, 4).face_down_while_covered(), 0.0, 6.0));
//!
//! const BY_SUIT: Flag = Flag::new("by_suit", true, "Two cards of a suit pair off too");
//!
//! #[derive(Clone, Serialize, Deserialize)]
//! pub struct Pairs { table: Tableau, by_suit: bool }
//!
//! #[derive(Clone, Debug, PartialEq)]
//! pub struct Pair(usize, usize);
//!
//! impl Variant for Pairs {
//!     type Action = Pair;
//!
//!     fn info() -> Info {
//!         Info {
//!             id: "pairs".into(), name: "Pairs".into(), version: "1.0.0".into(),
//!             summary: "Pair off free cards of a rank or a suit until the table is cleared.".into(),
//!             rules: "A card is free once no card lies on it. Two free cards of a rank (or, with `by_suit`, \
//!                     of a suit) pair off: `7c+7h`. Clear the table to win.".into(),
//!             options: vec![BY_SUIT.spec()],
//!         }
//!     }
//!
//!     fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
//!         let table = Tableau::deal(&TABLE, &mut deal.cards(1)?.into_iter()); // in the shape's order
//!         Ok(Pairs { table, by_suit: BY_SUIT.read(settings) })
//!     }
//!
//!     fn layout(&self) -> Layout {
//!         let playable = self.actions().iter().fold(0, |mask, Pair(a, b)| mask | bit(*a) | bit(*b));
//!         let slots = self.table.slots(&TABLE, SlotKind::Pyramid, playable); // covered pile cards: backs
//!         Layout { width: TABLE.width(), height: TABLE.height(), slots }
//!     }
//!
//!     fn actions(&self) -> Vec<Pair> {
//!         let free: Vec<usize> = bits(self.table.free(&TABLE)).collect();
//!         let card = |p: usize| self.table.card(p).card(); // free, so face up
//!         let pair = |a: Card, b: Card| a.rank == b.rank || (self.by_suit && a.suit == b.suit);
//!         let all = free.iter().flat_map(|&a| free.iter().filter(move |&&b| a < b).map(move |&b| Pair(a, b)));
//!         all.filter(|Pair(a, b)| pair(card(*a), card(*b))).collect()
//!     }
//!
//!     fn describe(&self, Pair(a, b): &Pair) -> MoveInfo {
//!         let (x, y) = (self.table.card(*a), self.table.card(*b));
//!         let label = format!("{} + {}", x.pretty(), y.pretty());
//!         MoveInfo { notation: format!("{x}+{y}"), label, slots: vec![*a as u32, *b as u32] }
//!     }
//!
//!     fn perform(&mut self, Pair(a, b): &Pair) {
//!         self.table.take(*a);
//!         self.table.take(*b);
//!     }
//!
//!     fn status(&self) -> Status {
//!         if self.table.is_clear() { Status::won("All 52 cards are paired off") } else { Status::playing() }
//!     }
//! }
//!
//! patience_engine::export_variant!(Pairs);
//! ```
//!
//! It builds with `patience build` and passes `patience check`. `patience
//! new` writes the same game with explanations, the check of a restored
//! game, `resample` and unit tests. To make the solver faster, implement
//! [`Search`] and export with `export_variant!(Pairs, search)`; see
//! `docs/plugins.md` for the whole guide and `examples/golf` for a larger
//! plugin.

pub mod bookkeeping;
pub mod card;
pub mod deal;
pub mod game;
pub mod layout;
pub mod log;
pub mod options;
pub mod ranks;
pub mod search;
pub mod solver;
pub mod tableau;
pub mod variant;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod export;

pub use search::Search;
pub use variant::{EasierStep, Info, Variant};

/// The version of the WIT contract this SDK builds plugins against.
pub const CONTRACT_VERSION: &str = "1.1.0";

/// The contract itself, for tools that build components.
pub const CONTRACT_WIT: &str = include_str!("../wit/patience.wit");

pub mod prelude {
    pub use crate::bookkeeping::Bookkeeping;
    pub use crate::card::{Card, CardId, Suit, ACE, JACK, KING, QUEEN};
    pub use crate::deal::Deal;
    pub use crate::layout::{
        Face, HudItem, Layout, Look, MoveInfo, Outcome, Slot, SlotKind, Status, CARD_HEIGHT, CARD_WIDTH,
    };
    pub use crate::options::{Choice, Flag, Int, OptionKind, OptionSpec, OptionValue, Settings};
    pub use crate::search::Search;
    pub use crate::variant::{EasierStep, Info, Variant};
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

#[cfg(test)]
mod tests {
    /// The smallest plugin at the top of this crate's documentation (which
    /// `cargo test` compiles) is the one `docs/plugins.md` shows.
    #[test]
    fn the_guide_shows_the_smallest_plugin_that_compiles() {
        let in_docs = |text: &str, open: &str, line_start: &str| -> String {
            let body = &text[text.find(open).expect("the example is there") + open.len()..];
            let body = &body[..body.find(&format!("{line_start}```\n")).expect("the example ends")];
            body.lines().map(|line| line.strip_prefix(line_start).unwrap_or(line.trim_start_matches("//!"))).collect::<Vec<_>>().join("\n")
        };
        let crate_doc = in_docs(include_str!("lib.rs"), "//! ```rust\n", "//! ");
        let guide = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/plugins.md");
        let Ok(guide) = std::fs::read_to_string(guide) else { return }; // the SDK without the repository
        let start = guide.find("## The smallest plugin").expect("the guide has the section");
        assert_eq!(in_docs(&guide[start..], "```rust\n", ""), crate_doc, "docs/plugins.md and lib.rs differ");
    }
}
