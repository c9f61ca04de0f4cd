//! The talon in any order: a relaxation of the game that the dead-position
//! check (`cannot_win`) asks after its rules.
//!
//! In the relaxed game every talon card left can be played at any moment,
//! as if the stock and the waste piles were one open bag of ranks: a free
//! pyramid card pairs with any talon card of its partner rank. The pyramid
//! keeps its shape: a card leaves only when free (or, with pyramid overlap
//! pairs, together with the one card still covering it), Kings alone, two
//! pyramid cards together only when both are free. Every legal move of the
//! real game is a move here (draws and turn-overs do nothing), for every
//! option — passes, piles, `face_down`, `overlap_pairs`,
//! `stock_top_playable` — so a position whose relaxation cannot reach the
//! goal cannot reach it in the real game either.
//!
//! With unlimited passes and the pyramid to clear the relaxation is the
//! game itself (any talon card can be brought to a waste top at any time),
//! so there it decides every deal at once; with fewer passes it gives up
//! the positions whose pyramid cannot come apart whatever the order the
//! talon came in.
//!
//! With one waste pile, its stock top open, no waste overlap pairs and all
//! 52 to go, the talon cards left when the pyramid is gone pair with each
//! other only as stock top and waste top: neighbours in the talon's order
//! (drawing and turning over keep it) once the cards between them are
//! gone. There the relaxed game keeps which talon cards are left rather
//! than how many of each rank (`Relaxation::in_order`), and they must pair
//! off in order (`PairRule::pair_off_as_neighbours`). A pyramid card still pairs
//! with any talon card left, so this is still every line of the real game;
//! with unlimited passes it is the game itself there too. Only with more
//! than one pass, and not with waste overlap pairs (neighbours as well, so
//! the argument holds with them): measured there, the search in order cost
//! more time than its fewer positions saved (on every option combination
//! of deals 1–100 with waste overlap pairs; threefold on Pyramid Thirteen,
//! one pass, for 3% fewer positions, where the last pass's own rules
//! already see most of what it would).
//!
//! The relaxed game is small (a pyramid shape and the talon ranks left), so
//! it is searched exactly, with its verdicts remembered per deal (a
//! thread-local table: the solver's hooks take `&self`). The same table
//! keeps what other hooks remember of the deal: the phase games' verdicts
//! (`phases`) and the pyramid's part of the lower bound (`bound`).

use super::bound::PyramidPart;
use super::phases::PhaseVerdicts;
use super::ranks::{PerRank, Rank, RankCounts};
use crate::Profile;
use crate::geometry::{bits, free_positions, COVERED_BY, FULL_TALON, PYRAMID_CARDS, TALON_CARDS};
use patience_engine::ranks::PairRule;
use crate::options::{GameOptions, Win};
use crate::table::PairGame;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// How many talon cards of each rank are left, four bits per rank 1..=12
/// (Kings are left out: they go alone, at any time); where the relaxation
/// keeps the talon in order (`Relaxation::in_order`), which talon cards are
/// left, one bit each, Kings left out too.
pub(super) type Bag = u64;

pub(super) fn bag_count(bag: Bag, rank: Rank) -> u64 {
    (bag >> (4 * rank.get())) & 0xF
}

pub(super) fn one_of(rank: Rank) -> Bag {
    1 << (4 * rank.get())
}

/// What must hold once the pyramid is gone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Finish {
    /// Nothing: the pyramid was the goal.
    PyramidOnly,
    /// Every talon card gone too, pairing with each other: the cards of
    /// each pair of ranks left must match in number.
    TalonPairsOff,
    /// Every talon card gone too, but talon cards pair only with pyramid
    /// cards: none may be left.
    TalonGoneWithThePyramid,
}

/// The relaxed game of one deal under one set of options.
#[derive(Copy, Clone, Debug)]
pub(super) struct Relaxation {
    /// The rank of the card dealt to each pyramid position.
    ranks: [Rank; PYRAMID_CARDS],
    /// The rank of each talon card.
    talon_ranks: [Rank; TALON_CARDS],
    /// The talon cards dealt each rank.
    talon_positions: PerRank<u32>,
    /// The talon is kept as its cards in order, not counted by rank: one
    /// waste pile, its stock top open, no waste overlap pairs, all 52 to
    /// go, more than one pass.
    pub(super) in_order: bool,
    /// The positions dealt each rank (Kings too).
    pub(super) positions: PerRank<u32>,
    /// Pyramid overlap pairs: a card may pair with the one card still
    /// covering it.
    overlap: bool,
    finish: Finish,
}

/// The pair games' pairs, for the talon kept in order.
const THIRTEEN: PairRule = PairRule::sum(13);

/// A search of the relaxed game that visits more positions than this
/// gives up and calls the position alive.
const SEARCH_LIMIT: u32 = 200_000;
/// Remembered verdicts per deal before the table is emptied: a few MiB,
/// well inside the memory a plugin is given.
const TABLE_LIMIT: usize = 1 << 18;

/// Remembered verdicts of the phase games (`phases`) per deal before the
/// table is emptied: its entries are larger, and fewer are asked again.
const PHASE_TABLE_LIMIT: usize = 1 << 16;

/// Verdicts of the relaxed game: (pyramid left, bag) → winnable.
type Verdicts = FxHashMap<(u32, Bag), bool>;

/// The deal and options a relaxation is of: the deal as the masks that were
/// built from it (`RankMasks::built`: the phase games' verdicts depend on
/// the talon's order too, so it must be the same cards, not only the same
/// pyramid), and the options. Compared on every query.
type GameKey = (u64, GameOptions);

#[derive(Default)]
struct Known {
    /// The game the verdicts are of, and its relaxed game.
    game: Option<(GameKey, Relaxation)>,
    verdicts: Verdicts,
    /// The verdicts of `phases`, of the same game.
    in_phases: PhaseVerdicts,
    /// The pyramid's part of the lower bound (`bound`), per cards left.
    pyramid_parts: PyramidParts,
}

/// The pyramid's part of the lower bound, per set of pyramid cards left.
pub(super) type PyramidParts = FxHashMap<u32, PyramidPart>;

/// Remembered parts of the bound per deal before the table is emptied.
const PARTS_TABLE_LIMIT: usize = 1 << 16;

thread_local! {
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
}

/// Runs `with` on the relaxed game of `game`'s deal and options, and the
/// verdicts remembered of it: built (and the verdicts forgotten) when the
/// deal or the options changed; a table that grew past its limit is
/// emptied.
pub(super) fn with_relaxation<P: Profile, R>(
    game: &PairGame<P>,
    with: impl FnOnce(&Relaxation, &mut Verdicts, &mut PhaseVerdicts) -> R,
) -> R {
    KNOWN.with_borrow_mut(|known| {
        known.of(game);
        if known.verdicts.len() > TABLE_LIMIT {
            known.verdicts.clear();
        }
        if known.in_phases.len() > PHASE_TABLE_LIMIT {
            known.in_phases.clear();
        }
        let Known { game: Some((_, relaxation)), verdicts, in_phases, .. } = known else {
            unreachable!("`of` just set the game")
        };
        with(relaxation, verdicts, in_phases)
    })
}

/// Runs `with` on the parts of the lower bound remembered of `game`'s deal
/// and options (forgotten when they changed, or the table grew past its
/// limit).
pub(super) fn with_pyramid_parts<P: Profile, R>(game: &PairGame<P>, with: impl FnOnce(&mut PyramidParts) -> R) -> R {
    KNOWN.with_borrow_mut(|known| {
        known.of(game);
        if known.pyramid_parts.len() > PARTS_TABLE_LIMIT {
            known.pyramid_parts.clear();
        }
        with(&mut known.pyramid_parts)
    })
}

impl Known {
    /// Makes what is known of `game`'s deal and options: kept, or the
    /// relaxed game built, forgetting everything known of the last deal.
    fn of<P: Profile>(&mut self, game: &PairGame<P>) {
        let of = (game.ranks.built, game.options);
        if !matches!(self.game, Some((key, _)) if key == of) {
            self.game = Some((of, Relaxation::of(game)));
            self.verdicts.clear();
            self.in_phases.clear();
            self.pyramid_parts.clear();
        }
    }
}

impl<P: Profile> PairGame<P> {
    /// True unless the goal is out of reach even with the talon in any
    /// order (see the module comment): the relaxed game from here is won.
    /// `counts`: this position's.
    pub(super) fn goal_reached_with_the_talon_in_any_order(&self, counts: &RankCounts) -> bool {
        with_relaxation(self, |relaxation, verdicts, _| {
            let left = relaxation.without_free_kings(self.pyramid_left);
            let bag = if relaxation.in_order {
                // Kings leave alone at any time and stand between no pair.
                u64::from(!self.talon_gone & FULL_TALON & !self.ranks.talon[Rank::KING])
            } else {
                Rank::NON_KINGS.iter().map(|&rank| u64::from(counts.talon_count[rank]) * one_of(rank)).sum()
            };
            let won = relaxation.search(left, bag, verdicts, &mut 0);
            if won == Some(true) && left != 0 {
                verdicts.insert((left, bag), true);
            }
            won.unwrap_or(true)
        })
    }
}

impl Relaxation {
    fn of<P: Profile>(game: &PairGame<P>) -> Relaxation {
        let finish = match game.options.win {
            Win::Pyramid => Finish::PyramidOnly,
            Win::All if game.talon_cards_pair_only_with_pyramid() => Finish::TalonGoneWithThePyramid,
            Win::All => Finish::TalonPairsOff,
        };
        Relaxation {
            ranks: game.pyramid.map(Rank::of),
            talon_ranks: game.talon.map(Rank::of),
            talon_positions: game.ranks.talon,
            in_order: finish == Finish::TalonPairsOff
                && game.stock_cards_pair_only_with_waste_tops()
                && game.options.pass_remains_after(1),
            positions: game.ranks.pyramid,
            overlap: game.pyramid_overlap(),
            finish,
        }
    }

    pub(super) fn rank(&self, position: usize) -> Rank {
        self.ranks[position]
    }

    /// Whether the relaxed game is won from (`left`, `bag`); `None` when
    /// the search passed `SEARCH_LIMIT` positions.
    fn winnable(&self, left: u32, bag: Bag, verdicts: &mut Verdicts, visits: &mut u32) -> Option<bool> {
        self.search(self.without_free_kings(left), bag, verdicts, visits)
    }

    /// `winnable` for a `left` without free Kings. The lost positions
    /// found on the way are remembered (a win is found along one line, so
    /// remembering the positions on it saves little and costs a table
    /// entry each).
    fn search(&self, left: u32, bag: Bag, verdicts: &mut Verdicts, visits: &mut u32) -> Option<bool> {
        if left == 0 {
            return Some(self.finished(bag));
        }
        if let Some(&known) = verdicts.get(&(left, bag)) {
            return Some(known);
        }
        *visits += 1;
        if *visits > SEARCH_LIMIT {
            return None;
        }
        let won = self.some_move_wins(left, bag, verdicts, visits)?;
        if !won {
            verdicts.insert((left, bag), false);
        }
        Some(won)
    }

    /// Tries every removal from (`left`, `bag`) until one leads to a win.
    fn some_move_wins(&self, left: u32, bag: Bag, verdicts: &mut Verdicts, visits: &mut u32) -> Option<bool> {
        if self.in_order {
            let next = |left, talon| self.winnable(left, u64::from(talon), verdicts, visits);
            return self.removals_in_order(left, bag as u32, next);
        }
        self.removals(left, bag, 0, |left, bag| self.winnable(left, bag, verdicts, visits))
    }

    /// `removals` with the talon kept in order (`talon`: the talon cards
    /// left, no Kings): a free pyramid card pairs with any talon card of its
    /// partner rank.
    fn removals_in_order(&self, left: u32, talon: u32, mut next: impl FnMut(u32, u32) -> Option<bool>) -> Option<bool> {
        if self.pyramid_removals(left, 0, |left| next(left, talon))? {
            return Some(true);
        }
        for x in bits(free_positions(left)) {
            let Some(partner) = self.rank(x).partner() else { continue };
            for t in bits(talon & self.talon_positions[partner]) {
                if next(left & !(1 << x), talon & !(1 << t))? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// Every removal from (`left`, `bag`) that leaves the pyramid cards of
    /// `kept` where they are: pairs of pyramid cards first (they spend no
    /// talon card), then pyramid cards with the talon. `next` is asked of
    /// each position one leads to, until it answers true (or `None`: a
    /// search that gave up).
    pub(super) fn removals(
        &self,
        left: u32,
        bag: Bag,
        kept: u32,
        mut next: impl FnMut(u32, Bag) -> Option<bool>,
    ) -> Option<bool> {
        if self.pyramid_removals(left, kept, |left| next(left, bag))? {
            return Some(true);
        }
        let free = free_positions(left) & !kept;
        for x in bits(free) {
            let Some(partner) = self.rank(x).partner() else { continue };
            if bag_count(bag, partner) > 0 && next(left & !(1 << x), bag - one_of(partner))? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The removals of two pyramid cards from `left` that leave the cards of
    /// `kept` where they are, as `removals` tries them.
    fn pyramid_removals(&self, left: u32, kept: u32, mut next: impl FnMut(u32) -> Option<bool>) -> Option<bool> {
        let all_free = free_positions(left);
        let free = all_free & !kept;
        for x in bits(free) {
            let Some(partner) = self.rank(x).partner() else { continue };
            for y in bits(free & !((2u32 << x) - 1)) {
                if self.rank(y) == partner && next(left & !(1 << x | 1 << y))? {
                    return Some(true);
                }
            }
        }
        if self.overlap {
            for x in bits(left & !all_free & !kept) {
                let coverers = left & COVERED_BY[x];
                let y = coverers.trailing_zeros() as usize;
                if coverers.count_ones() == 1
                    && free & coverers != 0
                    && self.rank(x).partner() == Some(self.rank(y))
                    && next(left & !(1 << x | 1 << y))?
                {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// `left` without its free Kings, and the Kings they free, and so on:
    /// taking a King costs nothing and only frees cards, so it never hurts.
    pub(super) fn without_free_kings(&self, mut left: u32) -> u32 {
        loop {
            let kings = free_positions(left) & self.positions[Rank::KING];
            if kings == 0 {
                return left;
            }
            left &= !kings;
        }
    }

    /// Whether the goal is reached once the pyramid is gone, `bag` left:
    /// with the talon in order, its cards left pair off as neighbours
    /// (stock top and waste top).
    fn finished(&self, bag: Bag) -> bool {
        if self.in_order {
            return THIRTEEN.pair_off_as_neighbours(bits(bag as u32).map(|t| self.talon_ranks[t].get()));
        }
        match self.finish {
            Finish::PyramidOnly => true,
            Finish::TalonGoneWithThePyramid => bag == 0,
            Finish::TalonPairsOff => Rank::NON_KINGS
                .iter()
                .all(|&rank| rank.partner().is_some_and(|partner| bag_count(bag, rank) == bag_count(bag, partner))),
        }
    }
}
