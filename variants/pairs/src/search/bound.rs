//! The lower bound on the moves still needed, for the shortest-line search
//! (the `moves_lower_bound` hook): never more than the real number.

use super::ranks::{pyramid_pairs_possible, RankPair};
use super::PerRank;
use super::Rank;
use super::relaxed::with_pyramid_parts;
use crate::Profile;
use crate::geometry::{bits, FULL_TALON, TALON_CARDS};
use crate::options::Win;
use crate::table::PairGame;

/// The pyramid's part of the bound to clear it, for one set of cards left.
#[derive(Copy, Clone, Debug)]
pub(super) struct PyramidPart {
    /// Non-King pyramid cards left.
    cards: u32,
    /// The most disjoint pairs of them that can be available together.
    pairs: u32,
    /// Talon cards of each rank that must pair with pyramid cards.
    needed: PerRank<u32>,
    /// Pyramid cards each rank's talon cards could pair with.
    partners: PerRank<u32>,
}

impl PyramidPart {
    /// The cards left outside those pairs, each to pair with a talon card.
    fn unpaired(&self) -> u32 {
        self.cards - 2 * self.pairs
    }
}

impl<P: Profile> PairGame<P> {
    /// Moves still needed, never overestimated: a King needs a move of its
    /// own, any other move removes at most two cards; to win `all` every
    /// stock card must also be drawn first (unless the stock top is
    /// playable), at most one per waste pile per draw.
    ///
    /// To clear the pyramid, a move removes two pyramid cards only when it
    /// pairs two of them, and two pyramid cards pair only if they can be
    /// available together; so the moves removing the pyramid's cards are at
    /// least its cards less the most disjoint such pairs it can form
    /// (`pyramid_pairs_possible`, per pair of ranks). Each card of a rank
    /// outside those pairs takes a talon card of the partner rank, which
    /// may first have to be uncovered (`uncovering_needed`).
    pub(crate) fn lower_bound(&self) -> u32 {
        match self.options.win {
            Win::Pyramid => with_pyramid_parts(self, |parts| {
                self.bound_to_clear_the_pyramid(parts.entry(self.pyramid_left).or_insert_with(|| self.pyramid_part()))
            }),
            Win::All => {
                let pyramid_kings = (self.ranks.pyramid[Rank::KING] & self.pyramid_left).count_ones();
                let talon_left = !self.talon_gone & FULL_TALON;
                let kings = pyramid_kings + (self.ranks.talon[Rank::KING] & talon_left).count_ones();
                let cards = self.pyramid_cards_left() + talon_left.count_ones();
                let draws = if self.options.stock_top_playable {
                    0
                } else {
                    (self.stock.len() as u32).div_ceil(self.piles() as u32)
                };
                kings + (cards - kings).div_ceil(2) + draws
            }
        }
    }

    /// `lower_bound` to clear the pyramid, given its part that depends on
    /// the pyramid cards left alone.
    pub(super) fn bound_to_clear_the_pyramid(&self, part: &PyramidPart) -> u32 {
        let pyramid_kings = (self.ranks.pyramid[Rank::KING] & self.pyramid_left).count_ones();
        pyramid_kings + part.cards - part.pairs + self.uncovering_needed(part)
    }

    /// The part of the bound to clear the pyramid that depends on the
    /// pyramid cards left alone (remembered per deal by `lower_bound`).
    pub(super) fn pyramid_part(&self) -> PyramidPart {
        let overlap = self.pyramid_overlap();
        let (mut cards, mut pairs) = (0, 0);
        let (mut needed, mut partners) = (PerRank::ZERO, PerRank::ZERO);
        for pair in RankPair::ALL {
            let low = self.ranks.pyramid[pair.low()] & self.pyramid_left;
            let high = self.ranks.pyramid[pair.high()] & self.pyramid_left;
            let most = pyramid_pairs_possible(low, high, overlap);
            cards += (low | high).count_ones();
            pairs += most;
            needed[pair.high()] = low.count_ones() - most;
            needed[pair.low()] = high.count_ones() - most;
            partners[pair.high()] = low.count_ones();
            partners[pair.low()] = high.count_ones();
        }
        PyramidPart { cards, pairs, needed, partners }
    }

    /// To clear the pyramid: the moves, besides removals of pyramid cards,
    /// that uncover the talon cards the pyramid needs (`part.needed`: at
    /// least that many of each rank pair with pyramid cards), never
    /// overestimated. Each talon card has its cost (`uncovering`); of a
    /// rank that needs `n`, the `n`-th cheapest card at least is used, and
    /// the line pays for the dearest card it uses. (None with three piles
    /// and an open stock top, where cards leave the stock top in more ways.)
    fn uncovering_needed(&self, part: &PyramidPart) -> u32 {
        let needed = &part.needed;
        let cost = if self.piles() == 1 {
            self.uncovering(part.unpaired(), &part.partners)
        } else if !self.options.stock_top_playable {
            self.draws_to()
        } else {
            return 0;
        };
        let talon_left = !self.talon_gone & FULL_TALON;
        Rank::NON_KINGS
            .into_iter()
            .filter(|&rank| needed[rank] > 0)
            .filter_map(|rank| {
                let mut costs = [0u32; 4];
                let mut count = 0;
                for id in bits(self.ranks.talon[rank] & talon_left) {
                    costs[count] = cost[id];
                    count += 1;
                }
                let costs = &mut costs[..count];
                costs.sort_unstable();
                // Too few cards of the rank: the position is lost, and the
                // dearest card is still a bound on the line's cost.
                costs.get(needed[rank] as usize - 1).or(costs.last()).copied()
            })
            .max()
            .unwrap_or(0)
    }

    /// The draws until each talon card lies on the waste (0 for one that
    /// does), with the stock top closed: the cards above it in the stock
    /// leave only by draws of up to one card per waste pile.
    fn draws_to(&self) -> [u32; TALON_CARDS] {
        let piles = self.piles();
        let mut draws_to = [0u32; TALON_CARDS];
        for (from_top, &id) in self.stock.ids().iter().rev().enumerate() {
            draws_to[id as usize] = (from_top / piles) as u32 + 1;
        }
        draws_to
    }

    /// One pile: for each talon card `t`, the moves that must come before
    /// it pairs with a pyramid card and that `lower_bound` does not count
    /// as removals of pyramid cards, never overestimated.
    ///
    /// With the stock top closed, a stock card needs the draws down to it
    /// (`draws_to`). Otherwise `t` pairs as a stock or waste top, so the
    /// `d` cards above it on its pile have left: each by a draw (from the
    /// stock), with a King alone, paired with another talon card (two a
    /// move), or paired with a pyramid card. `lower_bound` counts a removal
    /// for each pyramid card outside the most disjoint pyramid pairs,
    /// leaving `unpaired` such cards to pair with talon cards; each further
    /// talon pairing costs half a move more (two of those pyramid cards
    /// pair with talon cards instead of each other), and `t` is one of
    /// them. So `p` of the `d` paired with pyramid cards cost at least
    /// `(d - p) / 2 + (p + 1 - unpaired) / 2` moves, which for every `p` up
    /// to those that could (`p` at most the pyramid partners of their
    /// ranks left) is at least `(d - min(possible, unpaired - 1)) / 2`.
    ///
    /// A waste card can also come round again while a turn-over is left:
    /// the turn-over (a move) needs the stock empty, so every stock card
    /// leaves first, at the cost above for the whole stock (with the stock
    /// top closed its draws, and one more to draw the card again).
    fn uncovering(&self, unpaired: u32, pyramid_partners: &PerRank<u32>) -> [u32; TALON_CARDS] {
        let cost_of = |above: u32, could_pair: u32| {
            above.saturating_sub(could_pair.min(unpaired.saturating_sub(1))).div_ceil(2)
        };
        // With the stock top closed a stock card costs its draws; the cost
        // of every other card is dug out below.
        let mut digging = if self.options.stock_top_playable { [0u32; TALON_CARDS] } else { self.draws_to() };
        // The cost of each card of `pile` (top first), and of emptying it.
        let mut dig = |pile: &[u8]| {
            // Pyramid partners not yet taken by a card above.
            let mut partners_left = *pyramid_partners;
            let (mut count, mut could_pair) = (0u32, 0u32);
            for &id in pile.iter().rev() {
                digging[id as usize] = cost_of(count, could_pair);
                let rank = Rank::of(self.talon[id as usize]);
                count += 1;
                if partners_left[rank] > 0 {
                    partners_left[rank] -= 1;
                    could_pair += 1;
                }
            }
            cost_of(count, could_pair)
        };
        let emptying_the_stock = if self.options.stock_top_playable {
            dig(self.stock.ids())
        } else {
            // Every stock card drawn, and after the turn-over the card
            // drawn again.
            self.stock.len() as u32 + 1
        };
        dig(self.waste[0].ids());
        if self.passes_remain() {
            let round_again = emptying_the_stock + 1;
            for &id in self.waste[0].ids() {
                digging[id as usize] = digging[id as usize].min(round_again);
            }
        }
        digging
    }
}
