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
//! * [`tableau`]: cards covered by cards — shapes (pyramids, inverted
//!   pyramids, peaks, reserve piles) and the cards dealt onto them: what is
//!   free, what is seen, slots, checks, resampling and explanations;
//! * [`game`]: a game as the contract sees it (move ids, snapshots, the
//!   status the host sees), for native tests.
//!
//! The crate compiles natively too, so rules are unit-tested with plain
//! `cargo test`; the contract glue exists only on `wasm32`.
//!
//! ## The smallest complete plugin
//!
//! Turn the deck onto the waste one card at a time; the two top waste cards
//! pair off when they are of a rank. The SDK does the rest: move ids,
//! snapshots, checked settings, "no move left and not won is lost", and a
//! solver.
//!
//! ```rust
//! use patience_engine::prelude::*;
//! use serde::{Deserialize, Serialize};
//!
//! const BY_SUIT: Flag = Flag::new("by_suit", false, "Two cards of a suit pair off too");
//!
//! #[derive(Clone, Serialize, Deserialize)]
//! pub struct Twins { stock: Vec<Card>, waste: Vec<Card>, by_suit: bool }
//!
//! #[derive(Clone, Debug, PartialEq)]
//! pub enum Move { Draw, Pair }
//!
//! impl Twins {
//!     fn pair_on_top(&self) -> bool {
//!         matches!(self.waste[..], [.., a, b] if a.rank == b.rank || (self.by_suit && a.suit == b.suit))
//!     }
//! }
//!
//! impl Variant for Twins {
//!     type Action = Move;
//!
//!     fn info() -> Info {
//!         Info {
//!             id: "twins".into(), name: "Twins".into(), version: "1.0.0".into(),
//!             summary: "Pair off the two top waste cards when they are of a rank.".into(),
//!             rules: "`draw` turns the next stock card onto the waste; `pair` removes the two top waste \
//!                     cards when they are of a rank. Remove all 52 cards to win.".into(),
//!             options: vec![BY_SUIT.spec()],
//!         }
//!     }
//!
//!     fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
//!         let stock = deal.deck()?.into_iter().rev().collect(); // the first card dealt on top
//!         Ok(Twins { stock, waste: Vec::new(), by_suit: BY_SUIT.read(settings) })
//!     }
//!
//!     fn layout(&self) -> Layout {
//!         let up = |card: Option<&Card>| card.map_or(Face::Empty, |&card| Face::Up(card));
//!         let stock = if self.stock.is_empty() { Face::Empty } else { Face::Down };
//!         let slots = vec![
//!             Slot::new(0, SlotKind::Stock, 0.0, 0.0, stock).playable(!self.stock.is_empty()),
//!             Slot::new(1, SlotKind::Waste, 1.5, 0.0, up(self.waste.iter().nth_back(1))),
//!             Slot::new(2, SlotKind::Waste, 1.8, 0.0, up(self.waste.last())).z(1).playable(self.pair_on_top()),
//!         ];
//!         Layout { width: 3.0, height: CARD_HEIGHT, slots }
//!     }
//!
//!     fn actions(&self) -> Vec<Move> {
//!         let pair = self.pair_on_top().then_some(Move::Pair);
//!         pair.into_iter().chain((!self.stock.is_empty()).then_some(Move::Draw)).collect()
//!     }
//!
//!     fn describe(&self, action: &Move) -> MoveInfo {
//!         let (notation, label, slot) = match action {
//!             Move::Draw => ("draw", "Draw a card", 0),
//!             Move::Pair => ("pair", "Pair off the top two", 2),
//!         };
//!         MoveInfo { notation: notation.into(), label: label.into(), slots: vec![slot] }
//!     }
//!
//!     fn perform(&mut self, action: &Move) {
//!         match action {
//!             Move::Draw => self.waste.extend(self.stock.pop()),
//!             Move::Pair => self.waste.truncate(self.waste.len() - 2),
//!         }
//!     }
//!
//!     fn status(&self) -> Status {
//!         let won = self.stock.is_empty() && self.waste.is_empty();
//!         if won { Status::won("All 52 cards are paired off") } else { Status::playing() }
//!     }
//! }
//!
//! patience_engine::export_variant!(Twins);
//! ```
//!
//! It builds with `patience build` and passes `patience check`. To make the
//! solver faster, implement [`Search`] and export with
//! `export_variant!(Twins, search)`; see `docs/plugins.md` for the whole
//! guide and `examples/golf` for a larger plugin.

pub mod card;
pub mod deal;
pub mod game;
pub mod layout;
pub mod log;
pub mod options;
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
