//! The lower bound on the moves still needed, for the shortest-line search
//! (the `moves_lower_bound` hook): never more than the real number.

use super::partners_in;
use super::ranks::{pyramid_pairs_possible, RankPair};
use super::PerRank;
use super::Rank;
use crate::Profile;
use crate::geometry::{bits, FULL_TALON, TALON_CARDS};
use crate::options::Win;
use crate::table::PairGame;

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
    /// (`pyramid_pairs_possible`, per pair of ranks).
    pub(crate) fn lower_bound(&self) -> u32 {
        let pyramid_kings = (self.ranks.pyramid[Rank::KING] & self.pyramid_left).count_ones();
        match self.options.win {
            Win::Pyramid => {
                let overlap = self.pyramid_overlap();
                let (mut cards, mut pairs) = (0, 0);
                for pair in RankPair::ALL {
                    let low = self.ranks.pyramid[pair.low()] & self.pyramid_left;
                    let high = self.ranks.pyramid[pair.high()] & self.pyramid_left;
                    cards += (low | high).count_ones();
                    pairs += pyramid_pairs_possible(low, high, overlap);
                }
                let more = if self.options.stock_top_playable {
                    self.open_stock_digging(cards - 2 * pairs)
                } else {
                    self.draws_needed()
                };
                pyramid_kings + cards - pairs + more
            }
            Win::All => {
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

    /// One pile, the stock top open: moves still needed besides removing the
    /// pyramid's cards, never overestimated. A pyramid card `X` with no
    /// pyramid partner it could ever be available with pairs with a talon
    /// card `t`, a stock or waste top. Before that the `d` cards above `t`
    /// leave: each by a draw, with a King alone, paired with another talon
    /// card (two a move), or paired with a pyramid card. `lower_bound`
    /// counts a removal for each pyramid card not in one of the most
    /// disjoint pyramid pairs, leaving `unpaired` such cards to pair with
    /// talon cards; each further talon pairing costs half a move more
    /// (two of those pyramid cards pair with talon cards instead of each
    /// other), and `t` is one of them. So `p` of the `d` paired with
    /// pyramid cards cost at least `(d - p) / 2 + (p + 1 - unpaired) / 2`
    /// moves, which for every `p` up to those that could (`p` at most the
    /// pyramid partners of their ranks left) is at least
    /// `(d - min(possible, unpaired - 1)) / 2`. A waste card needs at most
    /// one move while a turn-over is left. The largest, over every `X`, of
    /// the least over its partners `t`.
    fn open_stock_digging(&self, unpaired: u32) -> u32 {
        if self.piles() != 1 {
            return 0;
        }
        let pyramid_partners = |rank: Rank| rank.partner().map_or(0, |partner| {
            (self.ranks.pyramid[partner] & self.pyramid_left).count_ones()
        });
        let recycle_left = self.passes_remain();
        // The moves to uncover talon card `id` (0 if it is a top).
        let mut digging = [0u32; TALON_CARDS];
        for (pile, can_turn_over) in [(&self.stock, false), (&self.waste[0], recycle_left)] {
            let mut above = PerRank::ZERO;
            let (mut count, mut could_pair) = (0u32, 0u32);
            for &id in pile.ids().iter().rev() {
                let cost = count.saturating_sub(could_pair.min(unpaired.saturating_sub(1))).div_ceil(2);
                digging[id as usize] = if can_turn_over { cost.min(1) } else { cost };
                let rank = Rank::of(self.talon[id as usize]);
                above[rank] += 1;
                count += 1;
                if above[rank] <= pyramid_partners(rank) {
                    could_pair += 1;
                }
            }
        }
        let talon_left = !self.talon_gone & FULL_TALON;
        let overlap = self.pyramid_overlap();
        let non_kings = self.pyramid_left & !self.ranks.pyramid[Rank::KING];
        bits(non_kings)
            .filter_map(|position| {
                let partner = Rank::of(self.pyramid[position]).partner()?;
                let in_pyramid = self.ranks.pyramid[partner] & self.pyramid_left;
                if partners_in(position, in_pyramid, overlap) != 0 {
                    return None;
                }
                bits(self.ranks.talon[partner] & talon_left).map(|id| digging[id]).min()
            })
            .max()
            .unwrap_or(0)
    }

    /// Draws still needed, never overestimated: a pyramid card with no
    /// pyramid partner it could ever be available with needs a talon card,
    /// and one still in the stock is available only once the cards above
    /// it have gone, by draws of up to one card per waste pile. (None with
    /// an open stock top, whose cards can also leave by pairing.)
    fn draws_needed(&self) -> u32 {
        if self.options.stock_top_playable {
            return 0;
        }
        let piles = self.piles();
        // Draws until talon card `id` lies on the waste (0 if it does).
        let mut draws_to = [0u32; TALON_CARDS];
        for (from_top, &id) in self.stock.ids().iter().rev().enumerate() {
            draws_to[id as usize] = (from_top / piles) as u32 + 1;
        }
        let talon_left = !self.talon_gone & FULL_TALON;
        let overlap = self.pyramid_overlap();
        let non_kings = self.pyramid_left & !self.ranks.pyramid[Rank::KING];
        bits(non_kings)
            .filter_map(|position| {
                let partner = Rank::of(self.pyramid[position]).partner()?;
                let in_pyramid = self.ranks.pyramid[partner] & self.pyramid_left;
                if partners_in(position, in_pyramid, overlap) != 0 {
                    return None;
                }
                bits(self.ranks.talon[partner] & talon_left).map(|id| draws_to[id]).min()
            })
            .max()
            .unwrap_or(0)
    }
}
