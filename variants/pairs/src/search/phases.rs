//! The last pair in its phases: `last_pair_possible`'s argument (and, with
//! all 52 to go, `last_partner_has_nothing_below`'s) with the pyramid's
//! shape kept, for one waste pile whose cards pair only with pyramid
//! cards, in the last pass.
//!
//! Look at the last removal of a non-King pyramid card in a winning line.
//! If it pairs two pyramid cards, `last_pair_can_be_in_the_pyramid` holds.
//! Otherwise it pairs a card `X` that buries no other non-King card (it
//! could not go before `X`) with a talon card `t`, and `t` lies on the
//! waste from the moment it is there until the end:
//! * no card beneath `t` is removed after that moment;
//! * every card on the waste above `t`, now or drawn later, is removed
//!   before `X`, each with a pyramid card (or alone, a King). Draws take
//!   the stock in order, so the stock cards removed after `t` arrived are
//!   the first cards of the stock after `t`, all of them.
//!
//! So the line falls into two phases: before `t` arrives (none, when `t` is
//! on the waste now), when the talon cards used are the waste cards now and
//! the stock cards before `t`; and after, when they are the cards above
//! `t` and the first stock cards after it, each used. Relaxing the order
//! of the talon within each phase gives a small game on the pyramid's real
//! shape (the relaxed game of `relaxed`, with a bag of ranks per phase):
//! if in it no phase one leads to a phase two that leaves `X` the last
//! non-King card and exactly a run of stock cards after `t` unused, for any
//! `X` and `t`, the position is lost. Unlike the counting rules, it sees
//! that the talon cards of phase one can only help with the pyramid cards
//! free before `t` arrives.
//!
//! With the stock top open, `t` may also pair as the stock top, never
//! drawn: then the stock cards after it are never reached, and the line is
//! one of the phase game's with nothing done in phase two. The cards above
//! `t` on the waste may pair with stock cards, so the phase game lets any
//! card of phase two be left.
//!
//! With all 52 to go, talon cards leave only with pyramid cards, so after
//! `X` none can: every talon card but Kings is gone by then. None may lie
//! beneath `t`, so phase one uses every card before `t`, and phase two
//! every card after it. Where talon cards may pair with each other (waste
//! overlap pairs, the stock top open) that does not follow; but a line
//! that removes all 52 clears the pyramid first, so the game of clearing
//! the pyramid is asked instead.

use super::ranks::{Rank, RankPair};
use super::relaxed::{bag_count, one_of, with_relaxation, Bag, Relaxation};
use crate::Profile;
use crate::geometry::{bits, TALON_CARDS};
use crate::options::{GameOptions, Win};
use crate::table::PairGame;
use rustc_hash::FxHashMap;

/// A search of one phase game that visits more positions than this gives
/// up and calls the position alive.
const SEARCH_LIMIT: u32 = 20_000;

/// A position of a phase game, under the `X` and stock after `t` it is of.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct PhaseKey {
    left: u32,
    /// The stock cards after `t` (as talon indices): they fix the runs that
    /// may be left unused, and the bag of phase two.
    after: u32,
    bag: Bag,
    last: u8,
    first_phase: bool,
}

/// Verdicts of the phase games of one deal: position → can still finish.
pub(super) type PhaseVerdicts = FxHashMap<PhaseKey, bool>;

impl<P: Profile> PairGame<P> {
    /// True unless, in the phase game (see the module comment), no card
    /// can go last with a talon partner, and no pair of pyramid cards can.
    pub(super) fn last_pair_in_its_phases(&self) -> bool {
        if self.piles() != 1 {
            return true; // argued for one waste pile only
        }
        let Some(can_be_last) = self.pyramid_cards_that_can_go_last() else { return true };
        if self.last_pair_can_be_in_the_pyramid(can_be_last) {
            return true;
        }
        let rank_of = |id: u8| Rank::of(self.talon[id as usize]);
        let bag_of = |ids: &[u8]| ids.iter().map(|&id| rank_of(id)).filter(|rank| !rank.is_king()).map(one_of).sum::<Bag>();
        let waste = self.waste[0].ids();
        let talon_pairs = self.options.overlap_pairs.waste();
        let open_stock = self.options.stock_top_playable;
        if talon_pairs && open_stock {
            return true; // the stock top may pair with two talon cards: not proved
        }
        // Where talon cards may still pair after `X`, the argument for all
        // 52 does not hold; but a line that removes all 52 clears the
        // pyramid first, so the argument for the pyramid alone does.
        let everything_goes = self.options.win == Win::All && !talon_pairs && !open_stock;
        let mut draws = [0u8; TALON_CARDS];
        let draws = {
            let stock = self.stock.ids();
            stock.iter().rev().zip(draws.iter_mut()).for_each(|(&id, slot)| *slot = id);
            &draws[..stock.len()]
        };
        with_relaxation(self, |relaxation, _, verdicts| {
            bits(can_be_last).any(|x| {
                let Some(partner) = relaxation.rank(x).partner() else { return false };
                // `t` on the stock, the deepest first: the most cards help
                // before it comes.
                let on_stock = (0..draws.len()).rev().filter(|&at| rank_of(draws[at]) == partner).any(|at| {
                    let before = bag_of(waste) + bag_of(&draws[..at]);
                    let after = &draws[at + 1..];
                    let mut phases = Phases::new(relaxation, x, after, rank_of, everything_goes, self.options, verdicts);
                    phases.query(self.pyramid_left, before, true)
                });
                on_stock
                    || (0..waste.len()).filter(|&at| rank_of(waste[at]) == partner).any(|at| {
                        if everything_goes && bag_of(&waste[..at]) != 0 {
                            return false; // a card beneath `t` would stay
                        }
                        // (With the stock open, the cards above `t` may go with
                        // stock cards: this phase game lets any be left.)
                        let mut phases =
                            Phases::new(relaxation, x, draws, rank_of, everything_goes, self.options, verdicts);
                        let bag = phases.bag_after + bag_of(&waste[at + 1..]);
                        phases.query(self.pyramid_left, bag, false)
                    })
            })
        })
    }
}

/// The phase game for one `X` (`last`) and one run of stock cards after `t`.
struct Phases<'a> {
    relaxation: &'a Relaxation,
    last: usize,
    after: u32,
    /// The ranks of the stock cards after `t`.
    bag_after: Bag,
    /// The bags of the runs that may be left unused: the last `n` stock
    /// cards after `t`, for every `n`.
    unused_runs: [Bag; TALON_CARDS + 1],
    runs: usize,
    /// All 52 to go: every talon card but Kings is used, those before `t`
    /// in the first phase.
    everything_goes: bool,
    /// The stock closed: the stock cards after `t` the second phase uses
    /// are a run, all drawn and each removed. With it open they need not
    /// be (one may pair as the stock top), so any may be left.
    runs_used: bool,
    /// Waste overlap pairs: two talon cards of the second phase may pair
    /// with each other (the top and the card beneath it, both above `t`).
    talon_pairs: bool,
    verdicts: &'a mut PhaseVerdicts,
    visits: u32,
}

impl<'a> Phases<'a> {
    /// `after`: the stock cards after `t`, in the order they are drawn.
    fn new(
        relaxation: &'a Relaxation,
        last: usize,
        after: &[u8],
        rank_of: impl Fn(u8) -> Rank,
        everything_goes: bool,
        options: GameOptions,
        verdicts: &'a mut PhaseVerdicts,
    ) -> Phases<'a> {
        let runs_used = !options.stock_top_playable;
        let mut unused_runs = [0; TALON_CARDS + 1];
        for (n, &id) in after.iter().rev().enumerate() {
            let rank = rank_of(id);
            unused_runs[n + 1] = unused_runs[n] + if rank.is_king() { 0 } else { one_of(rank) };
        }
        Phases {
            relaxation,
            last,
            after: after.iter().fold(0, |mask, &id| mask | 1 << id),
            bag_after: unused_runs[after.len()],
            unused_runs,
            runs: if everything_goes || !runs_used { 1 } else { after.len() + 1 },
            everything_goes,
            runs_used,
            talon_pairs: options.overlap_pairs.waste(),
            verdicts,
            visits: 0,
        }
    }

    /// Whether the phase game from (`left`, `bag`) in the first phase or
    /// the second can end as it must (true when the search gave up). A
    /// win is remembered here, where it answers the whole query.
    fn query(&mut self, left: u32, bag: Bag, first_phase: bool) -> bool {
        let left = self.relaxation.without_free_kings(left);
        let won = if first_phase { self.first(left, bag) } else { self.second(left, bag) };
        if won == Some(true) {
            let key = PhaseKey { left, after: self.after, bag, last: self.last as u8, first_phase };
            self.verdicts.insert(key, true);
        }
        won.unwrap_or(true)
    }

    /// Phase one from (`left`, `bag`): the cards of `bag` may help; phase
    /// two may begin at any moment.
    fn first(&mut self, left: u32, bag: Bag) -> Option<bool> {
        let relaxation = self.relaxation;
        let left = relaxation.without_free_kings(left);
        if (bag == 0 || !self.everything_goes) && self.second(left, self.bag_after)? {
            return Some(true);
        }
        self.remembered(left, bag, true, |phases| {
            relaxation.removals(left, bag, 1 << phases.last, |left, bag| phases.first(left, bag))
        })
    }

    /// Phase two from (`left`, `bag`): it ends with `X` the last non-King
    /// card and the cards left in `bag` a run the line never drew.
    fn second(&mut self, left: u32, bag: Bag) -> Option<bool> {
        let relaxation = self.relaxation;
        let left = relaxation.without_free_kings(left);
        if left & !relaxation.positions[Rank::KING] == 1 << self.last {
            return Some(self.unused_runs[..self.runs].iter().any(|&unused| self.pair_off_but(bag, unused)));
        }
        self.remembered(left, bag, false, |phases| {
            relaxation.removals(left, bag, 1 << phases.last, |left, bag| phases.second(left, bag))
        })
    }

    /// Whether the cards of `bag` but those of `unused` can go with each
    /// other: none left at all without talon pairs.
    fn pair_off_but(&self, bag: Bag, unused: Bag) -> bool {
        if !self.runs_used {
            return true;
        }
        if !self.talon_pairs {
            return bag == unused;
        }
        RankPair::ALL.iter().all(|pair| {
            let (low, high) = (pair.low(), pair.high());
            let (bag_low, unused_low) = (bag_count(bag, low), bag_count(unused, low));
            let (bag_high, unused_high) = (bag_count(bag, high), bag_count(unused, high));
            bag_low >= unused_low && bag_high >= unused_high && bag_low - unused_low == bag_high - unused_high
        })
    }

    /// Whether, by the counts alone, the phase game from (`left`, `bag`)
    /// can end as it must: for some run left unused, every other card of
    /// the second phase's bag pairs with a pyramid card (or, with talon
    /// pairs, with another of them), and every
    /// non-King pyramid card but `X` pairs with one of those, with another
    /// pyramid card or (in the first phase) with a card of `bag`.
    fn ranks_pair_off(&self, left: u32, bag: Bag, first_phase: bool) -> bool {
        let left = left & !(1 << self.last);
        let positions = &self.relaxation.positions;
        let (optional, second) = match (first_phase, self.everything_goes, self.runs_used) {
            (true, _, false) => (bag + self.bag_after, 0),
            (false, _, false) => (bag, 0),
            (true, false, true) => (bag, self.bag_after),
            (true, true, true) => (0, bag + self.bag_after),
            (false, _, true) => (0, bag),
        };
        self.unused_runs[..self.runs].iter().any(|&unused| {
            RankPair::ALL.iter().all(|pair| {
                let (low, high) = (pair.low(), pair.high());
                let count = |bag: Bag, rank: Rank| bag_count(bag, rank) as i64;
                let forced_low = count(second, low) - count(unused, low);
                let forced_high = count(second, high) - count(unused, high);
                // Forced cards pairing with each other need no pyramid
                // card, and leave the difference of the rest unchanged.
                let with_talon = if self.talon_pairs { forced_low.min(forced_high).max(0) } else { 0 };
                let (forced_low, forced_high) = (forced_low - with_talon, forced_high - with_talon);
                // The pyramid cards of each rank the forced cards leave.
                let low_left = i64::from((left & positions[low]).count_ones()) - forced_high;
                let high_left = i64::from((left & positions[high]).count_ones()) - forced_low;
                let with_each_other = low_left.min(high_left);
                forced_low >= 0
                    && forced_high >= 0
                    && with_each_other >= 0
                    && low_left - count(optional, high) <= with_each_other
                    && high_left - count(optional, low) <= with_each_other
            })
        })
    }

    /// `search`'s verdict on (`left`, `bag`) of a phase, looked up or
    /// searched and remembered (only losses: a win is found along one
    /// line, and ends the whole query).
    fn remembered(
        &mut self,
        left: u32,
        bag: Bag,
        first_phase: bool,
        search: impl FnOnce(&mut Self) -> Option<bool>,
    ) -> Option<bool> {
        let key = PhaseKey { left, after: self.after, bag, last: self.last as u8, first_phase };
        if let Some(&known) = self.verdicts.get(&key) {
            return Some(known);
        }
        if !self.ranks_pair_off(left, bag, first_phase) {
            self.verdicts.insert(key, false);
            return Some(false);
        }
        self.visits += 1;
        if self.visits > SEARCH_LIMIT {
            return None;
        }
        let won = search(self)?;
        if !won {
            self.verdicts.insert(key, false);
        }
        Some(won)
    }
}
