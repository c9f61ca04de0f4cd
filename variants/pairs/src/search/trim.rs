//! Trimming the search's copy of the game: talon cards that will never be
//! played again, which the search may treat as gone. Waste cards stuck for
//! good count as removed in the key (`stuck_for_good`, used by `keys`);
//! the waste piles a draw buries for nothing are dropped from the copy
//! before the draw (`buried_for_nothing`, used by the `search_perform`
//! hook in `table`).

use super::Rank;
use crate::Profile;
use crate::geometry::{bits, FULL_TALON};
use crate::options::Win;
use crate::table::{PairGame, Pile};

impl<P: Profile> PairGame<P> {
    /// One pile, last pass, the goal the pyramid: waste cards that can
    /// never be played again. A card that is not a King and has no partner
    /// left that could ever be available with it (a pyramid card, or with
    /// the stock top open a stock card) never leaves, and so neither does
    /// anything beneath it.
    ///
    /// With waste overlap pairs a waste card may also pair with any stock
    /// card (drawn onto it once the cards between are gone), any waste card
    /// above it (the same), and the card directly beneath it (while it
    /// stays, that card stays directly beneath it). With none of these, it
    /// never leaves, and the card beneath it can leave neither as the top
    /// nor paired with the top: nothing beneath leaves either.
    pub(crate) fn stuck_for_good(&self) -> u32 {
        let applies = self.piles() == 1 && self.options.win == Win::Pyramid;
        if !applies || self.passes_remain() {
            return 0;
        }
        // With one pile the waste holds the talon cards dealt before the
        // stock's, bottom to top in dealt order (`check` holds restored
        // games to this), so "beneath" is "dealt earlier".
        let Some(waste_top) = self.waste[0].top() else { return 0 };
        let waste = !self.talon_gone & ((2u32 << waste_top) - 1);
        let stock = !self.talon_gone & FULL_TALON & !waste;
        let waste_overlap = self.options.overlap_pairs.waste();
        let stock_pairs = self.options.stock_top_playable || waste_overlap;
        let mut never_leave = 0;
        for rank in Rank::NON_KINGS {
            let Some(partner) = rank.partner() else { continue };
            let in_stock = if stock_pairs { self.ranks.talon[partner] & stock } else { 0 };
            if self.ranks.pyramid[partner] & self.pyramid_left == 0 && in_stock == 0 {
                never_leave |= self.ranks.talon[rank];
            }
        }
        let mut candidates = waste & never_leave;
        while candidates != 0 {
            // The highest first: it is stuck with everything beneath it.
            let card = 31 - candidates.leading_zeros();
            candidates &= !(1 << card);
            let beneath = waste & ((1u32 << card) - 1);
            if waste_overlap {
                let partner = Rank::of(self.talon[card as usize]).partner().expect("never_leave holds no King");
                let above = waste & !((2u32 << card) - 1);
                let directly_beneath = beneath.checked_ilog2().map_or(0, |id| 1 << id);
                if self.ranks.talon[partner] & (above | directly_beneath) != 0 {
                    continue;
                }
            }
            return beneath | 1 << card;
        }
        0
    }

    /// The same position with the cards that can never be played again
    /// (`stuck_for_good`) taken off the table: it has the same key and the
    /// same future. Tests hold the position key to this.
    pub fn without_stuck_cards(&self) -> PairGame<P> {
        let stuck = self.stuck_for_good();
        let mut game = self.clone();
        for id in bits(stuck) {
            game.waste[0].remove(id as u8);
        }
        game.talon_gone |= stuck;
        game
    }

    /// The waste piles a draw now buries for good, as far as the search
    /// needs to know (a mask of pile numbers). In the last pass, with the
    /// pyramid as the goal: when the top of a pile the draw covers could
    /// only ever pair with cards available now (free pyramid cards, the
    /// other piles' tops, an open stock top), a line that draws over it
    /// and later digs it out to pair it with one of them is matched by the
    /// line that pairs them now and otherwise plays the same moves (the
    /// draws land one card lower, and cards going earlier only free others
    /// earlier), which the search also tries. So after the draw that top
    /// is never played again, and nothing beneath it can be either.
    ///
    /// With waste overlap pairs, one pile only: every stock card counts as
    /// a partner to come (drawn onto the top once the cards between are
    /// gone), and the top must not pair with the card directly beneath it.
    /// Then nothing drawn later ever pairs with the top or sits beneath it
    /// in a pair, so the cards drawn one lower in the matching line meet
    /// only more partners. (Three piles with waste overlap pairs: never.)
    pub(crate) fn buried_for_nothing(&self) -> u32 {
        let waste_overlap = self.options.overlap_pairs.waste();
        if self.options.win != Win::Pyramid || (waste_overlap && self.piles() == 3) || self.passes_remain() {
            return 0;
        }
        let free = self.free_mask();
        let stock_top = match self.stock.top() {
            Some(id) if self.options.stock_top_playable => 1u32 << id,
            _ => 0,
        };
        let tops = self.waste[..self.piles()].iter().filter_map(Pile::top).fold(0u32, |tops, id| tops | 1 << id);
        let covered = self.piles().min(self.stock.len());
        (0..covered)
            .filter(|&pile| {
                let Some(top) = self.waste[pile].top() else { return false };
                let Some(partner) = Rank::of(self.talon[top as usize]).partner() else {
                    return false; // a King
                };
                let pyramid_later = self.ranks.pyramid[partner] & self.pyramid_left & !free;
                // Talon cards that could be available with it later: with
                // one pile only stock cards, and only with an open stock
                // top; with three, the other piles' cards and the stock
                // cards that will land on them (stock card `i` from the top
                // lands on pile `i % 3`; those landing on this pile lie
                // above it). With three piles and an open stock top, taking
                // a stock card moves every later card to another pile, and
                // pairing with the stock top now is no match for pairing
                // later, so every stock card counts.
                let talon_later = if self.piles() == 1 {
                    if waste_overlap {
                        let beneath = self.waste[pile].under_top().map_or(0, |id| 1 << id);
                        self.stock.mask() | beneath
                    } else if self.options.stock_top_playable {
                        self.stock.mask() & !stock_top
                    } else {
                        0
                    }
                } else {
                    let other_piles =
                        (0..3).filter(|&other| other != pile).fold(0u32, |mask, other| mask | self.waste[other].mask());
                    let stock_later = if self.options.stock_top_playable {
                        self.stock.mask()
                    } else {
                        self.stock.ids().iter().rev().enumerate().fold(0u32, |mask, (at, &id)| {
                            if at % 3 == pile { mask } else { mask | 1 << id }
                        })
                    };
                    (other_piles & !tops) | stock_later
                };
                pyramid_later == 0 && self.ranks.talon[partner] & talon_later == 0
            })
            .fold(0, |piles, pile| piles | 1 << pile)
    }
}
