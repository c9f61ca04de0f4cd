//! # patience-cells: games of open cells and piles
//!
//! The adding and pairing games of `../shared/family.md`'s families B and
//! C, once: cards lie face up in **cells** and **piles** whose top cards are
//! available; they leave in pairs ([`PairRule`]: making 11, 13, 14 …), alone
//! (a King), or as **sets** collected one card at a time in a **reserve**
//! ([`SetRule`]: J-Q-K, four of a kind, cards making 15 or 18, a run of
//! three), which goes as soon as it is complete. Emptied cells are
//! **refilled** from the stock, at once or only while the reserve is empty
//! ([`Refill`]); a few games draw by hand ([`Stock`]). A game is a
//! [`Rules`] type — its table, stock, pairs, singles, set and win — and one
//! line: `export_variant!(CellsGame<MyRules>, search)`.
//!
//! What every such game shares lives here, written and tested once: the
//! table and the dealing ([`table`]), the moves and the layout ([`game`],
//! [`view`]), the explanations ([`explain`]), the rules text
//! ([`rules_text`]) and the solver's hooks ([`search`]).
//!
//! A move may take any number of cards: a pair (`5h+6c`), a card alone
//! (`Kh`), a card into the reserve (`Jh>reserve`), or the cards that
//! complete the reserve's set at once (`Jh+Qc+Ks`, in any order), which is
//! those reserve moves one after another.

mod endgame;
pub mod explain;
pub mod game;
pub mod partition;
pub mod rules_text;
pub mod search;
pub mod sets;
pub mod table;
pub mod testing;
pub mod view;

pub use game::{Action, CellsGame, Place};
pub use patience_engine::ranks::{ranks, PairRule, Removal};
pub use sets::SetRule;
pub use table::{PileSpec, Table};

use patience_engine::card::CardId;

/// When emptied cells and piles get a card from the stock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Refill {
    /// Nothing is refilled (everything is dealt at the start).
    Never,
    /// After every move, each pile it emptied gets the top stock card, in
    /// the order of the move's cards.
    AtOnce,
    /// Only while the reserve is empty: then, after a move, every empty
    /// pile gets a card, in pile order (PySolFC's Elevens Too: a set being
    /// collected holds back every refill).
    WhileReserveEmpty,
    /// As [`Refill::WhileReserveEmpty`], from the waste's top while it has
    /// cards, then from the stock (The Lucky Number).
    FromWasteWhileReserveEmpty,
}

/// What the stock does besides refilling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stock {
    /// Nothing: it only refills (or there is none).
    RefillOnly,
    /// `draw` turns its top card onto a waste pile whose top is available;
    /// one pass; only while the reserve is empty; one card is turned at
    /// the start (The Lucky Number).
    Waste,
    /// `draw` puts its top card into the extra pile `pile` while that is
    /// empty, at most `draws` times a game (Eight Cards).
    ToPile { pile: u8, draws: u8 },
    /// `draw` deals one card onto each of the first `piles` piles; the
    /// last draw, when exactly `piles + extra.len()` cards are left, deals
    /// the rest into the piles `extra` too (Baroness).
    OntoEachPile { piles: u8, extra: &'static [u8] },
}

/// What must happen to win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Every card removed but `left` (0: all of them).
    AllBut(u8),
    /// The stock dealt out, whatever is on the table (Neptune).
    StockEmpty,
}

/// One game of the family: everything that sets it apart, as data.
/// Implemented by a zero-sized type in the game's crate.
pub trait Rules: Copy + Clone + core::fmt::Debug + Default + PartialEq + Eq + core::hash::Hash + Send + Sync + 'static {
    /// The plugin id (`elevens`).
    const ID: &'static str;
    /// The name in menus (`Elevens`).
    const NAME: &'static str;
    const VERSION: &'static str = "1.0.0";
    /// One line for menus.
    const SUMMARY: &'static str;
    /// The game's own part of the rules text (markdown): where it comes
    /// from and how it is laid out. The rest is made from the constants.
    const INTRO: &'static str;
    const DECKS: u8 = 1;
    const REFILL: Refill;
    const STOCK: Stock = Stock::RefillOnly;
    const REMOVAL: Removal;
    /// The set collected in the reserve, if the game has one.
    const SET: Option<SetRule> = None;
    /// A pile's top card may move into an empty pile (Baroness; a pile
    /// of one card never does, which would change nothing). Piles of
    /// [`PileSpec::receives_only_from_stock`] neither give nor take.
    const MOVES_TO_EMPTY: bool = false;
    const WIN: Win = Win::AllBut(0);

    /// The table: its piles, in dealing order, and where the reserve and
    /// the stock lie. Built once (see [`table!`]).
    fn table() -> &'static Table;

    /// Whether a move ever depends on a card's suit: true for a game whose
    /// [`Rules::pair`] looks at suits (or whose set is of one suit). When
    /// false, the solver's key sees ranks only, so that positions differing
    /// only by suits are one; `testing::assert_suits_as_declared` holds a
    /// game to what it declares.
    const SUITS_MATTER: bool = false;

    /// Whether two cards leave together. Defaults to [`Rules::REMOVAL`]'s
    /// ranks; a game whose pairs look at suits adds that here (and says so
    /// in [`Rules::SUITS_MATTER`]).
    fn pair(a: CardId, b: CardId) -> bool {
        Self::REMOVAL.pairs.partners(a.rank()) & (1 << b.rank()) != 0
    }

    /// Whether a card leaves alone.
    fn single(card: CardId) -> bool {
        Self::REMOVAL.leaves_alone(card.rank())
    }

    /// Changes the dealt order before the deal (a program's deal filter),
    /// given the game's options. Defaults to none.
    fn adjust_deal(cards: &mut [CardId], flag: bool) {
        let _ = (cards, flag);
    }

    /// A flag the game offers, passed to [`Rules::adjust_deal`].
    const DEAL_FLAG: Option<patience_engine::options::Flag> = None;
}

/// A game's table, built on first use and kept:
/// `fn table() -> &'static Table { table!(Table::cells(3, 3).with_reserve(…)) }`.
#[macro_export]
macro_rules! table {
    ($table:expr) => {{
        static TABLE: std::sync::LazyLock<$crate::Table> = std::sync::LazyLock::new(|| $table);
        &TABLE
    }};
}
