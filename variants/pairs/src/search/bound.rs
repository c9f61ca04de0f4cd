//! The lower bound on the moves still needed, for the shortest-line search
//! (the `moves_lower_bound` hook): never more than the real number.

use super::partners_in;
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
    pub(crate) fn lower_bound(&self) -> u32 {
        let pyramid_kings = (self.ranks.pyramid[Rank::KING] & self.pyramid_left).count_ones();
        match self.options.win {
            Win::Pyramid => {
                pyramid_kings + (self.pyramid_cards_left() - pyramid_kings).div_ceil(2) + self.draws_needed()
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
