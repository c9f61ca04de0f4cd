//! Counting the cards left by rank, and whether they can still pair off.
//!
//! A removal takes one card of a rank and one of its partner rank (the two
//! make 13; a King goes alone), so the dead-position rules (`dead`) reason
//! per pair of ranks. Here: the rank types ([`Rank`], [`RankPair`] and the
//! table [`PerRank`]), the counts of the cards left ([`RankCounts`]), the
//! checks whether every pair of ranks can pair off, and the most disjoint
//! pairs the pyramid can form on its own (a maximum matching).

use super::partners_in;
use crate::Profile;
use crate::geometry::bits;
use crate::table::PairGame;
use core::cell::Cell;
use core::ops::{Index, IndexMut};
use patience_engine::card::{ACE, Card, KING};

/// A card rank, 1 (Ace) to 13 (King).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rank(u8);

impl Rank {
    pub(crate) const KING: Rank = Rank(KING);

    /// Ace to Queen: the ranks that pair.
    pub(crate) const NON_KINGS: [Rank; 12] = {
        let mut ranks = [Rank(ACE); 12];
        let mut i = 0;
        while i < 12 {
            ranks[i] = Rank(ACE + i as u8);
            i += 1;
        }
        ranks
    };

    /// The rank of `card`. (Only for cards of a checked game: a rank out
    /// of range makes tables panic.)
    #[inline]
    pub(crate) fn of(card: Card) -> Rank {
        Rank(card.rank)
    }

    /// `rank` if it is one, 1 to 13.
    pub(crate) fn new(rank: u8) -> Option<Rank> {
        (ACE..=KING).contains(&rank).then_some(Rank(rank))
    }

    /// The rank as a number, 1 to 13.
    pub(crate) fn get(self) -> u8 {
        self.0
    }

    pub(crate) fn is_king(self) -> bool {
        self.0 == KING
    }

    /// The rank a card of this one pairs with: the two make 13. `None` for
    /// a King, which goes alone.
    #[inline]
    pub(crate) fn partner(self) -> Option<Rank> {
        (self.0 != KING).then(|| Rank(13 - self.0))
    }

    /// The pair of ranks this one belongs to; `None` for a King.
    #[inline]
    pub(crate) fn pair(self) -> Option<RankPair> {
        (self.0 != KING).then(|| RankPair(self.0.min(13 - self.0)))
    }
}

/// A rank and its partner: Ace and Queen, 2 and Jack, …, 6 and 7. Named by
/// the lower one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RankPair(u8);

impl RankPair {
    pub(crate) const ALL: [RankPair; 6] =
        [RankPair(1), RankPair(2), RankPair(3), RankPair(4), RankPair(5), RankPair(6)];

    /// Ace to 6.
    #[inline]
    pub(crate) fn low(self) -> Rank {
        Rank(self.0)
    }

    /// Queen to 7.
    #[inline]
    pub(crate) fn high(self) -> Rank {
        Rank(13 - self.0)
    }

    /// 0 to 5, for tables of the six pairs.
    #[inline]
    fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// One `T` for each rank, indexed by [`Rank`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PerRank<T>([T; 14]); // index 0 unused

impl<T: Copy> PerRank<T> {
    pub(crate) const fn splat(value: T) -> PerRank<T> {
        PerRank([value; 14])
    }

    #[inline]
    pub(crate) fn map<U>(self, f: impl FnMut(T) -> U) -> PerRank<U> {
        PerRank(self.0.map(f))
    }
}

impl PerRank<u32> {
    pub(crate) const ZERO: PerRank<u32> = PerRank::splat(0);
}

impl<T> Index<Rank> for PerRank<T> {
    type Output = T;

    #[inline]
    fn index(&self, rank: Rank) -> &T {
        &self.0[rank.0 as usize]
    }
}

impl<T> IndexMut<Rank> for PerRank<T> {
    #[inline]
    fn index_mut(&mut self, rank: Rank) -> &mut T {
        &mut self.0[rank.0 as usize]
    }
}

/// Whether two talon cards can pair, for the counting checks (a forced
/// talon card must go; an optional one may help).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum TalonPairs {
    /// One waste pile, no open stock top, no waste overlap pairs.
    Never,
    /// A forced card with an optional one, never two forced cards: three
    /// piles (a forced card on one pile with a card on another), or one
    /// pile with an open stock top and no waste overlap pairs (a forced
    /// waste card with a stock card, never with another waste card).
    ForcedWithOptional,
    /// Any two: one pile with waste overlap pairs, where two waste cards
    /// pair once the cards between them are gone.
    Any,
}

/// The cards left, counted by rank, and (for the rank pairs where it
/// matters) how many disjoint pairs the pyramid could form on its own.
/// The pyramid cards counted must all go.
#[derive(Clone)]
pub(super) struct RankCounts {
    /// The pyramid cards, as position masks.
    pyramid_positions: PerRank<u32>,
    /// How many pyramid cards: `pyramid_positions` counted.
    pyramid_count: PerRank<u32>,
    /// Talon cards still on the table.
    pub(super) talon_count: PerRank<u32>,
    /// Pyramid cards that may serve as partners but need not go (see
    /// `split`); none in the usual checks.
    spare_count: PerRank<u32>,
    /// For each rank pair: the most disjoint pyramid pairs of its two
    /// ranks whose two cards can be available together. Computed on first
    /// use (most checks are settled by counts alone).
    pyramid_pairs: [Cell<Option<u32>>; 6],
    overlap: bool,
}

impl RankCounts {
    pub(super) fn of<P: Profile>(game: &PairGame<P>) -> RankCounts {
        let pyramid_positions = game.ranks.pyramid.map(|dealt| dealt & game.pyramid_left);
        let talon_left = !game.talon_gone;
        RankCounts {
            pyramid_positions,
            pyramid_count: pyramid_positions.map(u32::count_ones),
            talon_count: game.ranks.talon.map(|dealt| (dealt & talon_left).count_ones()),
            spare_count: PerRank::ZERO,
            pyramid_pairs: Default::default(),
            overlap: game.pyramid_overlap(),
        }
    }

    /// For a moment when only the pyramid cards in `must_go` need to be
    /// gone: those must pair off; the others (but `exclude`) may help as
    /// spare partners.
    pub(super) fn split(&self, must_go: u32, exclude: usize) -> RankCounts {
        let pyramid_positions = self.pyramid_positions.map(|cards| cards & must_go);
        let spare_positions = self.pyramid_positions.map(|cards| cards & !must_go & !(1 << exclude));
        RankCounts {
            pyramid_positions,
            pyramid_count: pyramid_positions.map(u32::count_ones),
            spare_count: spare_positions.map(u32::count_ones),
            pyramid_pairs: Default::default(),
            ..self.clone()
        }
    }

    /// The same without the pyramid card at `position` (of rank `rank`).
    pub(super) fn without_pyramid_card(&self, position: usize, rank: Rank) -> RankCounts {
        let mut fewer = self.clone();
        fewer.pyramid_positions[rank] &= !(1 << position);
        fewer.pyramid_count[rank] -= 1;
        if let Some(pair) = rank.pair() {
            fewer.pyramid_pairs[pair.index()].set(None);
        }
        fewer
    }

    /// Whether every rank pair can pair off with `forced` talon cards plus
    /// some prefix of the ranks `then_forced` (each card of it forced too),
    /// and the `optional` ones free to help, when talon cards pair only
    /// with pyramid cards.
    pub(super) fn some_prefix_works(
        &self,
        forced: PerRank<u32>,
        optional: &PerRank<u32>,
        then_forced: impl Iterator<Item = Rank>,
    ) -> bool {
        self.some_walk_works(forced, *optional, then_forced.map(|rank| (rank, true)), TalonPairs::Never)
    }

    /// The general form: the walk adds cards one at a time, each forced
    /// (`true`) or optional; true if after some prefix of it (possibly
    /// none) every rank pair can pair off.
    pub(super) fn some_walk_works(
        &self,
        mut forced: PerRank<u32>,
        mut optional: PerRank<u32>,
        walk: impl Iterator<Item = (Rank, bool)>,
        talon_pairs: TalonPairs,
    ) -> bool {
        // One more card changes only its own rank pair, so keep a verdict
        // per rank pair and update the one that changed.
        let mut pair_ok = [true; 6];
        for pair in RankPair::ALL {
            pair_ok[pair.index()] = self.pair_possible(pair, &forced, &optional, talon_pairs);
        }
        let mut failing = pair_ok.iter().filter(|ok| !**ok).count();
        if failing == 0 {
            return true;
        }
        for (rank, is_forced) in walk {
            let (Some(partner), Some(pair)) = (rank.partner(), rank.pair()) else {
                continue; // a King, removed alone
            };
            if is_forced {
                forced[rank] += 1;
                let partners = self.pyramid_count[partner] + self.spare_count[partner];
                if talon_pairs == TalonPairs::Never && forced[rank] > partners {
                    return false; // more forced cards than partners: a longer prefix only forces more
                }
            } else {
                optional[rank] += 1;
            }
            let ok = self.pair_possible(pair, &forced, &optional, talon_pairs);
            if ok != pair_ok[pair.index()] {
                pair_ok[pair.index()] = ok;
                if ok { failing -= 1 } else { failing += 1 }
            }
            if failing == 0 {
                return true;
            }
        }
        false
    }

    #[inline]
    fn pair_possible(
        &self,
        pair: RankPair,
        forced: &PerRank<u32>,
        optional: &PerRank<u32>,
        talon_pairs: TalonPairs,
    ) -> bool {
        let spares = self.spare_count[pair.low()] + self.spare_count[pair.high()] != 0;
        match talon_pairs {
            TalonPairs::Never => self.pair_feasible(pair, forced, optional),
            TalonPairs::ForcedWithOptional if spares => {
                self.pair_feasible_across_piles_with_spares(pair, forced, optional)
            }
            TalonPairs::ForcedWithOptional => self.pair_feasible_across_piles(pair, forced, optional),
            TalonPairs::Any => self.pair_feasible_among_talon_cards(pair, forced, optional),
        }
    }

    /// `pair_feasible` when a forced talon card may also pair with an
    /// optional talon card (one on another pile), though not with another
    /// forced one. With `k` pyramid-pyramid pairs, the best is to give each
    /// forced card a leftover pyramid partner where one is left; everything
    /// still unpaired takes optional cards.
    fn pair_feasible_across_piles(&self, pair: RankPair, forced: &PerRank<u32>, optional: &PerRank<u32>) -> bool {
        let (a, b) = (pair.low(), pair.high());
        let (pa, pb) = (self.pyramid_count[a] as i64, self.pyramid_count[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let (oa, ob) = (optional[a] as i64, optional[b] as i64);
        let works = |k: i64| {
            let a_with_forced_b = (pa - k).min(fb);
            let b_with_forced_a = (pb - k).min(fa);
            let needing_an_optional_b = (pa - k - a_with_forced_b) + (fa - b_with_forced_a);
            let needing_an_optional_a = (pb - k - b_with_forced_a) + (fb - a_with_forced_b);
            needing_an_optional_b <= ob && needing_an_optional_a <= oa
        };
        // Counts alone settle most cases; only then the pyramid's own pairs.
        works(0) || (1..=pa.min(pb)).any(|k| works(k) && self.pyramid_pairs_at_least(pair, k))
    }

    /// `pair_feasible` when any two talon cards may pair. Some pairs take
    /// two cards that must go: `k` two pyramid cards (at most the pairs the
    /// pyramid can form), `x` a pyramid a and a forced talon b, `y` a forced
    /// talon a and a pyramid b, and as many as are left two forced talon
    /// cards; every card that must go and is left then takes an optional
    /// talon card or a spare pyramid card (see `split`) of the partner rank.
    #[inline(never)]
    fn pair_feasible_among_talon_cards(&self, pair: RankPair, forced: &PerRank<u32>, optional: &PerRank<u32>) -> bool {
        let (a, b) = (pair.low(), pair.high());
        let (pa, pb) = (self.pyramid_count[a] as i64, self.pyramid_count[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let oa = optional[a] as i64 + self.spare_count[a] as i64;
        let ob = optional[b] as i64 + self.spare_count[b] as i64;
        let works = |k: i64| {
            (0..=(pa - k).min(fb)).any(|x| {
                (0..=(pb - k).min(fa)).any(|y| {
                    let z = (fa - y).min(fb - x);
                    let a_left = pa - k - x + fa - y - z;
                    let b_left = pb - k - y + fb - x - z;
                    a_left <= ob && b_left <= oa
                })
            })
        };
        (0..=pa.min(pb)).any(|k| works(k) && self.pyramid_pairs_at_least(pair, k))
    }

    /// `pair_feasible_across_piles` with spare pyramid cards (see `split`),
    /// from counts alone (any two pyramid cards are taken to be able to
    /// pair, which only makes the check more lenient). Some pairs take two
    /// cards that must go: `both` two pyramid cards, `with_forced_b` a
    /// pyramid a and a forced talon b, `with_forced_a` the other way round
    /// (never two forced talon cards). Every card that must go and is left
    /// then takes a spare pyramid card or an optional talon card of the
    /// partner rank.
    #[inline(never)]
    fn pair_feasible_across_piles_with_spares(
        &self,
        pair: RankPair,
        forced: &PerRank<u32>,
        optional: &PerRank<u32>,
    ) -> bool {
        let (a, b) = (pair.low(), pair.high());
        let (ma, mb) = (self.pyramid_count[a] as i64, self.pyramid_count[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let helpers_a = self.spare_count[a] as i64 + optional[a] as i64;
        let helpers_b = self.spare_count[b] as i64 + optional[b] as i64;
        (0..=ma.min(mb)).any(|both| {
            (0..=(ma - both).min(fb)).any(|with_forced_b| {
                (0..=fa.min(mb - both)).any(|with_forced_a| {
                    let a_left = ma - both - with_forced_b + fa - with_forced_a;
                    let b_left = mb - both - with_forced_a + fb - with_forced_b;
                    a_left <= helpers_b && b_left <= helpers_a
                })
            })
        })
    }

    /// Whether the pyramid can form `needed` disjoint pairs of the two
    /// ranks of `pair`. One pair needs only some partner for some card,
    /// which is far cheaper than the full matching, and by far the most
    /// common question.
    #[inline]
    fn pyramid_pairs_at_least(&self, pair: RankPair, needed: i64) -> bool {
        match needed {
            ..=0 => true,
            1 => {
                let high_cards = self.pyramid_positions[pair.high()];
                bits(self.pyramid_positions[pair.low()])
                    .any(|position| partners_in(position, high_cards, self.overlap) != 0)
            }
            _ => needed <= self.pyramid_pairs(pair) as i64,
        }
    }

    fn pyramid_pairs(&self, pair: RankPair) -> u32 {
        let cached = &self.pyramid_pairs[pair.index()];
        cached.get().unwrap_or_else(|| {
            let pairs = pyramid_pairs_possible(
                self.pyramid_positions[pair.low()],
                self.pyramid_positions[pair.high()],
                self.overlap,
            );
            cached.set(Some(pairs));
            pairs
        })
    }

    /// Whether every rank pair can pair off when the pyramid cards must all
    /// go, the `forced` talon cards must go (each with a pyramid partner)
    /// and the `optional` talon cards may help.
    pub(super) fn feasible(&self, forced: &PerRank<u32>, optional: &PerRank<u32>) -> bool {
        RankPair::ALL.into_iter().all(|pair| self.pair_feasible(pair, forced, optional))
    }

    /// The same for the two ranks a and b of `pair`. With `m`
    /// pyramid-pyramid pairs, the pyramid b's left over must take all
    /// forced a's and at most all optional a's, and the same the other way
    /// round; `m` can be anything up to the most pairs the pyramid can form.
    #[inline]
    fn pair_feasible(&self, pair: RankPair, forced: &PerRank<u32>, optional: &PerRank<u32>) -> bool {
        let (a, b) = (pair.low(), pair.high());
        if self.spare_count[a] + self.spare_count[b] != 0 {
            return self.pair_feasible_with_spares(pair, forced, optional);
        }
        let (pa, pb) = (self.pyramid_count[a] as i64, self.pyramid_count[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let (oa, ob) = (optional[a] as i64, optional[b] as i64);
        let least = 0.max(pb - fa - oa).max(pa - fb - ob);
        let most = (pb - fa).min(pa - fb);
        // Counts alone settle most cases; only then the pyramid's own pairs.
        least <= most && self.pyramid_pairs_at_least(pair, least)
    }

    /// `pair_feasible` with spare pyramid cards (see `split`), from counts
    /// alone (any two pyramid cards are taken to be able to pair, which
    /// only makes the check more lenient). Each forced talon card takes a
    /// pyramid partner: some number of them a spare, the rest one that must
    /// go anyway; the pyramid cards that must go and are left over then
    /// pair with each other, and the surplus on one side takes spares or
    /// optional talon cards.
    #[inline(never)]
    fn pair_feasible_with_spares(&self, pair: RankPair, forced: &PerRank<u32>, optional: &PerRank<u32>) -> bool {
        let (a, b) = (pair.low(), pair.high());
        let (ma, mb) = (self.pyramid_count[a] as i64, self.pyramid_count[b] as i64);
        let (qa, qb) = (self.spare_count[a] as i64, self.spare_count[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let (oa, ob) = (optional[a] as i64, optional[b] as i64);
        ((fa - mb).max(0)..=fa.min(qb)).any(|a_on_spares| {
            ((fb - ma).max(0)..=fb.min(qa)).any(|b_on_spares| {
                let ma_left = ma - (fb - b_on_spares);
                let mb_left = mb - (fa - a_on_spares);
                if ma_left >= mb_left {
                    ma_left - mb_left <= qb - a_on_spares + ob
                } else {
                    mb_left - ma_left <= qa - b_on_spares + oa
                }
            })
        })
    }
}

/// The largest set of disjoint pairs between the pyramid cards `a_cards`
/// and `b_cards` (masks, at most four each) in which both cards of a pair
/// can be available together.
pub(super) fn pyramid_pairs_possible(a_cards: u32, b_cards: u32, overlap: bool) -> u32 {
    if a_cards == 0 || b_cards == 0 {
        return 0;
    }
    let mut partners = [0u32; 4];
    let mut count = 0;
    let mut everyone_with_everyone = true;
    for (slot, position) in partners.iter_mut().zip(bits(a_cards)) {
        *slot = partners_in(position, b_cards, overlap);
        everyone_with_everyone &= *slot == b_cards;
        count += 1;
    }
    if everyone_with_everyone {
        return a_cards.count_ones().min(b_cards.count_ones());
    }
    max_matching(&partners[..count])
}

/// The size of a maximum matching: `partners[i]` is the mask of pyramid
/// positions the i-th card may pair with. Augmenting paths (Kuhn), which is
/// instant for at most four cards a side.
pub(super) fn max_matching(partners: &[u32]) -> u32 {
    let mut owner = [u8::MAX; 32];
    (0..partners.len()).filter(|&i| augment(i, partners, &mut owner, &mut 0)).count() as u32
}

/// Tries to pair card `i`, moving earlier pairings along if needed.
fn augment(i: usize, partners: &[u32], owner: &mut [u8; 32], visited: &mut u32) -> bool {
    let mut options = partners[i] & !*visited;
    while options != 0 {
        let position = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << position;
        let current = owner[position];
        if current == u8::MAX || augment(current as usize, partners, owner, visited) {
            owner[position] = i as u8;
            return true;
        }
    }
    false
}
