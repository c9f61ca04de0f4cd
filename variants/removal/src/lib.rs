//! # patience-removal: games where cards leave in pairs or alone
//!
//! The Pyramid family's rules, once, on the SDK's tableau layer
//! ([`patience_engine::tableau`]): cards are dealt onto a [`Shape`] (a
//! pyramid, an inverted one, several side by side, reserve piles), the rest
//! forms a talon ([`Stock`]: none, one waste pile, three waste piles, or
//! Aisleriot's waste), and a free card leaves the table alone or with a
//! partner it makes a pair with. A game is a [`Rules`] type — its shape,
//! stock, pair and single rules, win — and one line:
//! `export_variant!(RemovalGame<MyRules>, search)`.
//!
//! What every such game shares lives here, written and tested once: the
//! talon and its passes ([`talon`]), the moves and the layout ([`game`]),
//! the explanations ([`explain`]), the rules text ([`rules_text`]) and the
//! solver's hooks ([`search`]).

pub mod explain;
pub mod game;
mod relaxed;
pub mod rules_text;
pub mod search;
pub mod talon;
pub mod testing;

pub use game::{Action, Place, RemovalGame};
pub use patience_engine::tableau::Shape;
pub use talon::Talon;

pub use patience_engine::ranks::{ranks, PairRule, Removal};

use patience_engine::card::Card;
use patience_engine::options::Flag;
use serde::{Deserialize, Serialize};

/// How the cards not dealt onto the shape are played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stock {
    /// Everything is dealt onto the shape.
    None,
    /// A stock dealt onto one waste pile, `draw` cards at a time; only the
    /// waste's top card is available.
    Waste {
        draw: u8,
        /// The stock's top card lies face up and is available too
        /// (PySolFC's Pyramid).
        open_top: bool,
        /// Play starts with one draw already made.
        first_draw: bool,
        /// The waste's top may pair with the card directly under it (that
        /// card pairs with nothing else): Aisleriot's Treize (and Thirteen, which
        /// ships as a rule set of the pair games).
        under_top: bool,
        /// The oldest card on the waste lies apart, in a slot of its own,
        /// and is available too: Aisleriot's Treize and Yield.
        bottom_slot: bool,
    },
    /// One card onto each of three waste piles per draw, the three tops
    /// available; play starts with one draw made. A redeal gathers pile 1,
    /// then 2, then 3, each from its top, face down onto the stock, and
    /// deals one round at once (PySolFC's Apophis).
    ThreeWastes,
}

impl Stock {
    /// PySolFC's Pyramid stock: one card at a time, the stock's top face up
    /// and available, one draw made at the start.
    pub const OPEN_TOP: Stock =
        Stock::Waste { draw: 1, open_top: true, first_draw: true, under_top: false, bottom_slot: false };

    pub fn has_stock(self) -> bool {
        self != Stock::None
    }

    pub fn waste_piles(self) -> usize {
        match self {
            Stock::None => 0,
            Stock::Waste { .. } => 1,
            Stock::ThreeWastes => 3,
        }
    }
}

/// How many times the player may go through the stock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Passes {
    Limited(u8),
    Unlimited,
}

impl Passes {
    pub fn choice(self) -> String {
        match self {
            Passes::Limited(n) => n.to_string(),
            Passes::Unlimited => "unlimited".to_string(),
        }
    }

    pub fn allows(self, pass: u8) -> bool {
        match self {
            Passes::Limited(n) => pass <= n,
            Passes::Unlimited => true,
        }
    }
}

/// What must leave the table to win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Every card, the talon's too.
    All,
    /// Every card of the shape, whatever is left of the talon.
    Shape,
}

/// One game of the family: everything that sets it apart, as data.
/// Implemented by a zero-sized type in the game's crate.
pub trait Rules: Copy + Clone + core::fmt::Debug + Default + PartialEq + Eq + core::hash::Hash + Send + Sync + 'static {
    /// The plugin id (`giza`).
    const ID: &'static str;
    /// The name in menus (`Giza`).
    const NAME: &'static str;
    const VERSION: &'static str = "1.0.0";
    /// One line for menus.
    const SUMMARY: &'static str;
    /// The game's own part of the rules text (markdown): where it comes
    /// from and how it is laid out. The rest is made from the constants.
    const INTRO: &'static str;
    const DECKS: u8 = 1;
    const STOCK: Stock;
    /// The default of the option `passes` (games with a stock).
    const PASSES: Passes = Passes::Limited(1);
    const WIN: Win;
    /// Which cards leave, and how that is said.
    const REMOVAL: Removal;
    /// A flag choosing the other shape of [`Rules::shape`] (a program's
    /// quirk the sources differ on), if the game has one.
    const SHAPE_FLAG: Option<Flag> = None;

    /// The shape the cards are dealt onto, in dealing order; `flag` is the
    /// value of [`Rules::SHAPE_FLAG`]. Built once (see [`shape!`]).
    fn shape(flag: bool) -> &'static Shape;

    /// Whether two cards leave together.
    fn pair(a: Card, b: Card) -> bool {
        Self::REMOVAL.pairs.pairs(a, b)
    }

    /// Whether a card leaves alone.
    fn single(card: Card) -> bool {
        Self::REMOVAL.leaves_alone(card.rank)
    }
}

/// A Pyramid shape of one kind or another, built on first use and kept:
/// `fn shape(_: bool) -> &'static Shape { shape!(Shape::pyramid(7)) }`.
#[macro_export]
macro_rules! shape {
    ($shape:expr) => {{
        static SHAPE: std::sync::LazyLock<$crate::Shape> = std::sync::LazyLock::new(|| $shape);
        &SHAPE
    }};
}

#[cfg(test)]
mod tests;
