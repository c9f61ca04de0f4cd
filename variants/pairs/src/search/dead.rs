//! Dead positions: the `is_dead` hook (`cannot_win`). Each rule is a named
//! predicate ([`DeadRule`]) that every position from which the goal is
//! still in reach satisfies, with the argument why; a position that fails
//! one that applies is given up. The counting they share is in `ranks`.

use super::ranks::{PerRank, Rank, RankCounts, TalonPairs};
use super::partners_in;
use crate::Profile;
use crate::geometry::{bits, BURIED_UNDER, COVERING, DIRECT_NEIGHBOURS, FULL_TALON, NEVER_TOGETHER, TALON_CARDS};
use crate::options::Win;
use crate::table::PairGame;

/// The rules that call a position dead, each named after its predicate: a
/// method of the game, true unless the goal is certainly out of reach.
/// Which apply depends on the options and the pass (`dead_rules`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum DeadRule {
    /// `ranks_pair_off`: by the counts alone, every pair of ranks can still
    /// pair off.
    RanksPairOff,
    /// `some_dig_depth_works`: the waste cards down to some depth can go,
    /// and the cards below it need not.
    SomeDigDepthWorks,
    /// `last_pair_possible`: some pyramid card can go last, with a partner
    /// that can wait for it.
    LastPairPossible,
    /// `upper_cards_can_wait` (the cone rule): each card of rows 1 and 2
    /// with no pyramid partner has a talon partner that can wait until the
    /// cards covering it are gone.
    UpperCardsCanWait,
    /// `last_pair_in_its_phases`: `last_pair_possible` with the pyramid's
    /// shape kept, in a phase before the last card's talon partner comes
    /// and a phase after.
    LastPairInItsPhases,
    /// `last_partner_has_nothing_below`: with all 52 cards to go, the last
    /// pyramid card can have a talon partner with nothing but Kings under it.
    LastPartnerHasNothingBelow,
    /// `waste_cards_can_leave`: with all 52 to go, last pass: each waste
    /// card has a partner it can still meet.
    WasteCardsCanLeave,
}

impl<P: Profile> PairGame<P> {
    /// True only when the goal is certainly out of reach (never for a
    /// winnable position): some rule that applies (`dead_rules`) fails.
    ///
    /// Each removal takes one card of a rank and one of the complementary
    /// rank (Kings go alone), so it is checked per pair of ranks (a, 13-a)
    /// whether the remaining cards can still pair off:
    /// * every pyramid card needs its own partner: a talon card, or a
    ///   pyramid card it can be available together with (not one it buries
    ///   or is buried by; `overlap_pairs` rescues the direct relation);
    /// * when talon cards can only pair with pyramid cards (one waste pile,
    ///   neither `stock_top_playable` nor `overlap_pairs`), a talon card
    ///   that must go needs a pyramid partner of its own: to win `all`
    ///   every talon card must go, and in the last pass the waste is a
    ///   stack, so using a waste card means first removing every card
    ///   above it.
    pub(crate) fn cannot_win(&self) -> bool {
        if self.is_won() {
            return false;
        }
        let counts = RankCounts::of(self);
        self.dead_rules().iter().any(|&rule| !self.rule_holds(rule, &counts))
            || (self.talon_order_may_be_the_obstacle() && !self.goal_reached_with_the_talon_in_any_order(&counts))
    }

    /// Whether the talon-in-any-order check is worth asking. Not in the
    /// last pass when talon cards pair only with pyramid cards: there the
    /// rules above already reason about the order of the one waste pile,
    /// and measured, the check then gives up almost nothing more for its
    /// cost. (Leaving a sound check out is always sound.)
    fn talon_order_may_be_the_obstacle(&self) -> bool {
        !self.talon_cards_pair_only_with_pyramid() || self.passes_remain()
    }

    /// The rules that apply to this position, in the order they are asked.
    /// The counting rule always does, but where `some_dig_depth_works` (its
    /// stronger form for one pile in the last pass, without waste overlap
    /// pairs) takes its place. To clear the pyramid, the last pass adds the
    /// rules about the last pair and the cone rule wherever a pyramid card
    /// pairs with a talon card only as a pile top or the open stock top
    /// (three piles: the last-pair rule alone; measured, the cone rule
    /// there cost more time than it saved). With all 52 to go, one pile and
    /// talon cards pairing only with pyramid cards, the last pass adds the
    /// last-partner rule and the cone rule (whose argument does not depend
    /// on the goal). With all 52 to go and three piles, or one pile where
    /// talon cards meet (waste overlap pairs or the stock top open), the
    /// last pass adds the waste rule: not while a turn-over is left, which
    /// deals the waste out again in another order. And a line that removes
    /// all 52 clears the pyramid first, so with all 52 to go the last pass
    /// also asks the rules for clearing the pyramid under the same options
    /// (with the stock top open, not the dig-depth rule nor the phase rule:
    /// measured there, they cost more time than they saved).
    pub(super) fn dead_rules(&self) -> &'static [DeadRule] {
        use DeadRule::*;
        let talon_alone = self.talon_cards_pair_only_with_pyramid();
        let last_pass = !self.passes_remain();
        match self.options.win {
            Win::All if talon_alone && last_pass => {
                &[RanksPairOff, LastPartnerHasNothingBelow, UpperCardsCanWait, LastPairInItsPhases]
            }
            Win::All if self.only_pile_tops_pair() && last_pass => {
                &[RanksPairOff, WasteCardsCanLeave, LastPairPossible]
            }
            Win::All if self.waste_cards_pair_with_each_other_alone() && last_pass => {
                &[RanksPairOff, WasteCardsCanLeave, LastPairPossible, UpperCardsCanWait, LastPairInItsPhases]
            }
            Win::All if self.stock_cards_pair_only_with_waste_tops() && last_pass => {
                &[RanksPairOff, WasteCardsCanLeave, LastPairPossible, UpperCardsCanWait]
            }
            Win::All if last_pass => &[RanksPairOff, WasteCardsCanLeave],
            Win::All => &[RanksPairOff],
            Win::Pyramid if talon_alone && last_pass => {
                &[SomeDigDepthWorks, LastPairPossible, UpperCardsCanWait, LastPairInItsPhases]
            }
            Win::Pyramid if self.only_pile_tops_pair() && last_pass => &[RanksPairOff, LastPairPossible],
            Win::Pyramid if self.waste_cards_pair_with_each_other_alone() && last_pass => {
                &[RanksPairOff, LastPairPossible, UpperCardsCanWait, LastPairInItsPhases]
            }
            Win::Pyramid if self.stock_cards_pair_only_with_waste_tops() && last_pass => {
                &[SomeDigDepthWorks, LastPairPossible, UpperCardsCanWait, LastPairInItsPhases]
            }
            Win::Pyramid => &[RanksPairOff],
        }
    }

    /// Whether `rule` holds here (`counts`: this position's).
    pub(super) fn rule_holds(&self, rule: DeadRule, counts: &RankCounts) -> bool {
        match rule {
            DeadRule::RanksPairOff => self.ranks_pair_off(counts),
            DeadRule::SomeDigDepthWorks => self.some_dig_depth_works(counts),
            DeadRule::LastPairPossible => self.last_pair_possible(counts),
            DeadRule::UpperCardsCanWait => self.upper_cards_can_wait(counts),
            DeadRule::LastPairInItsPhases => self.last_pair_in_its_phases(),
            DeadRule::LastPartnerHasNothingBelow => self.last_partner_has_nothing_below(),
            DeadRule::WasteCardsCanLeave => self.waste_cards_can_leave(),
        }
    }

    /// `all` to win, last pass: every waste card must leave, and one
    /// leaves only as its pile's top or the card under it, so each pile
    /// goes from the top down: a card never meets a card of its own pile
    /// that lies below the one directly under it (that one leaves first,
    /// or with it), nor one above the one directly on it (which cannot
    /// leave while a card above it stays, except with it). So a waste card
    /// other than a King pairs with a pyramid card, a stock card (one pile:
    /// drawn onto it with waste overlap pairs, or as the open stock top,
    /// and `dead_rules` asks this only where one of the two holds; three
    /// piles: also as another pile's top), a card of another pile (three
    /// piles: the tops are available together), or a neighbour in its own
    /// pile (waste overlap pairs). True if each has one of those left.
    fn waste_cards_can_leave(&self) -> bool {
        let rank_of = |id: u8| Rank::of(self.talon[id as usize]);
        let piles = &self.waste[..self.piles()];
        let in_piles = piles.iter().fold(0, |mask, pile| mask | pile.mask());
        let stock = self.stock.mask();
        piles.iter().all(|pile| {
            let waste = pile.ids();
            let elsewhere = stock | (in_piles & !pile.mask());
            waste.iter().enumerate().all(|(at, &id)| {
                let Some(partner) = rank_of(id).partner() else { return true };
                self.ranks.pyramid[partner] & self.pyramid_left != 0
                    || self.ranks.talon[partner] & elsewhere != 0
                    || (self.options.overlap_pairs.waste()
                        && [at.checked_sub(1), Some(at + 1)]
                            .into_iter()
                            .flatten()
                            .filter_map(|next| waste.get(next))
                            .any(|&next| rank_of(next) == partner))
            })
        })
    }

    /// Every pair of ranks can still pair off (see `cannot_win`): the
    /// pyramid cards must all go, and the talon cards help. With `all` to
    /// win and talon cards pairing only with pyramid cards, every talon
    /// card must go too, each with a pyramid partner of its own.
    fn ranks_pair_off(&self, counts: &RankCounts) -> bool {
        if self.options.win == Win::All && self.talon_cards_pair_only_with_pyramid() {
            counts.feasible(&counts.talon_count, &PerRank::ZERO)
        } else {
            counts.feasible(&PerRank::ZERO, &counts.talon_count)
        }
    }

    /// Talon pairs are impossible with one waste pile when neither the stock
    /// top nor waste overlap pairs are playable: only one talon card is ever
    /// available at a time.
    pub(super) fn talon_cards_pair_only_with_pyramid(&self) -> bool {
        self.piles() == 1 && !self.options.stock_top_playable && !self.options.overlap_pairs.waste()
    }

    /// One waste pile, the stock top open and no waste overlap pairs: a
    /// waste card pairs with a pyramid card or the stock top, never with
    /// another waste card.
    pub(super) fn stock_cards_pair_only_with_waste_tops(&self) -> bool {
        self.piles() == 1 && self.options.stock_top_playable && !self.options.overlap_pairs.waste()
    }

    /// One waste pile with waste overlap pairs and the stock top closed:
    /// a talon card pairs with a pyramid card as the waste top, or with
    /// another waste card (the top and the card beneath it).
    fn waste_cards_pair_with_each_other_alone(&self) -> bool {
        self.piles() == 1 && !self.options.stock_top_playable && self.options.overlap_pairs.waste()
    }

    /// Three waste piles, and neither the stock top nor waste overlap pairs:
    /// only the tops of the three piles are available talon cards.
    fn only_pile_tops_pair(&self) -> bool {
        self.piles() == 3 && !self.options.stock_top_playable && !self.options.overlap_pairs.waste()
    }

    /// Last pass, one waste pile, no waste overlap pairs, the pyramid to
    /// clear: some number D of waste cards, taken from the top, will ever
    /// be removed (the rest stay buried for good: a waste card leaves only
    /// as the top, and in the last pass the waste is never turned over).
    /// Those D must each pair with a pyramid card (or be a King), or, with
    /// the stock top open, with a stock card (the stock top and the waste
    /// top); never with each other: the talon cards available are the
    /// waste top and the stock top, and the stock top is never a card on
    /// the waste now. Stock cards may help; deeper waste cards cannot.
    /// True if some D lets every rank pair off.
    ///
    /// (With waste overlap pairs two waste cards pair once the cards
    /// between them are gone; a form of this rule letting them, measured,
    /// called no more positions dead than the counting rule.)
    fn some_dig_depth_works(&self, counts: &RankCounts) -> bool {
        // With one pile every waste card was dealt before every stock card
        // (`check` holds restored games to this), so the stock is the
        // talon left above the waste top.
        let dealt_after_waste = match self.waste[0].top() {
            Some(top) => !((2u32 << top) - 1),
            None => !0,
        };
        let in_stock = !self.talon_gone & dealt_after_waste;
        let stock = self.ranks.talon.map(|dealt| (dealt & in_stock).count_ones());
        let waste_from_top = self.waste[0].ids().iter().rev().map(|&id| Rank::of(self.talon[id as usize]));
        if self.options.stock_top_playable {
            let walk = waste_from_top.map(|rank| (rank, true));
            counts.some_walk_works(PerRank::ZERO, stock, walk, TalonPairs::ForcedWithOptional)
        } else {
            counts.some_prefix_works(PerRank::ZERO, &stock, waste_from_top)
        }
    }

    /// Last pass, talon cards available only as pile tops (one pile: then
    /// they pair only with pyramid cards; three piles: with pyramid cards
    /// and the tops of the other piles): look at the last removal of a
    /// pyramid card other than a King (Kings go alone whenever they are
    /// free). Either it pairs two pyramid cards, or one pyramid card `X`
    /// with a talon card `t`. In the second case every other pyramid card
    /// but Kings is gone by then, so `X` buries none of them, and everything
    /// on the waste above `t` has been removed first: the waste cards above
    /// it now and every stock card drawn onto it up to then. Nothing below
    /// `t` can be used before the end. True if a last pair of pyramid cards
    /// is possible, or some `X`, `t` and prefix let every rank pair off.
    /// (The apex, unless a King, is always `X`.)
    fn last_pair_possible(&self, counts: &RankCounts) -> bool {
        let Some(can_be_last) = self.pyramid_cards_that_can_go_last() else { return true };
        if self.last_pair_can_be_in_the_pyramid(can_be_last) {
            return true;
        }
        bits(can_be_last).any(|x| {
            let others = counts.without_pyramid_card(x, Rank::of(self.pyramid[x]));
            if self.piles() == 1 {
                self.talon_partner_waits(x, &others)
            } else {
                self.talon_partner_waits_on_three_piles(x, &others)
            }
        })
    }

    /// `last_pair_possible`'s reasoning for the cards of rows 1 and 2: such
    /// a card `P` goes only once every card covering it is gone. If no
    /// pyramid card beside it can be its partner, it pairs with a talon
    /// card `t` that waits for it, so by then the cards covering `P` are
    /// gone, and so is everything on the waste above `t`, each with a
    /// pyramid partner (from anywhere in the pyramid). True unless some
    /// such `P` has no `t` that works.
    fn upper_cards_can_wait(&self, counts: &RankCounts) -> bool {
        (1..=5).all(|p| {
            if !self.is_present(p) {
                return true;
            }
            let Some(partner) = Rank::of(self.pyramid[p]).partner() else { return true };
            let candidates = self.ranks.pyramid[partner] & self.pyramid_left;
            let beside = partners_in(p, candidates, self.pyramid_overlap());
            beside != 0 || self.talon_partner_waits(p, &counts.split(COVERING[p] & self.pyramid_left, p))
        })
    }

    /// The non-King pyramid cards that bury no other non-King pyramid card
    /// left: the only ones that can go last. `None` when only Kings are left.
    pub(super) fn pyramid_cards_that_can_go_last(&self) -> Option<u32> {
        let left = self.pyramid_left & !self.ranks.pyramid[Rank::KING];
        let can_be_last =
            bits(left).filter(|&position| BURIED_UNDER[position] & left == 0).fold(0, |mask, p| mask | 1 << p);
        (can_be_last != 0).then_some(can_be_last)
    }

    /// Whether two of `can_be_last` can pair with each other, or (with
    /// pyramid overlap pairs) one of them with a card covering it directly:
    /// such a pair can go last though its upper card buries the other.
    pub(super) fn last_pair_can_be_in_the_pyramid(&self, can_be_last: u32) -> bool {
        bits(can_be_last).any(|x| {
            let Some(partner) = Rank::of(self.pyramid[x]).partner() else { return false };
            let partners = self.ranks.pyramid[partner] & self.pyramid_left;
            partners & can_be_last & !NEVER_TOGETHER[x] != 0
                || (self.pyramid_overlap() && partners & DIRECT_NEIGHBOURS[x] != 0)
        })
    }

    /// `all` to win, last pass, one pile, talon cards pairing only with
    /// pyramid cards: the last removal of a non-King pyramid card is the
    /// last removal of anything but Kings. If it pairs pyramid card `X` with
    /// talon card `t`, every other talon card but Kings is gone before it,
    /// so none may lie under `t` on the waste (it could not leave while `t`
    /// stays). True if a last pair of pyramid cards is possible, or some `X`
    /// has a partner still in the stock or with only Kings beneath it.
    fn last_partner_has_nothing_below(&self) -> bool {
        let Some(can_be_last) = self.pyramid_cards_that_can_go_last() else { return true };
        if self.last_pair_can_be_in_the_pyramid(can_be_last) {
            return true;
        }
        let waste = self.waste[0].ids();
        let lowest_non_king = waste.iter().position(|&id| !Rank::of(self.talon[id as usize]).is_king());
        let in_reach = |id: u8| match waste.iter().position(|&w| w == id) {
            None => true, // in the stock
            Some(at) => lowest_non_king.is_none_or(|lowest| at <= lowest),
        };
        let talon_left = !self.talon_gone & FULL_TALON;
        bits(can_be_last).any(|x| {
            let Some(partner) = Rank::of(self.pyramid[x]).partner() else { return false };
            let partners = self.ranks.talon[partner] & talon_left;
            bits(partners).any(|t| in_reach(t as u8))
        })
    }

    /// One waste pile: some talon card can be the partner of pyramid card
    /// `x` when the pyramid cards `counts` counts (those that must, or may,
    /// be gone by then) have paired off.
    fn talon_partner_waits(&self, x: usize, counts: &RankCounts) -> bool {
        if self.options.stock_top_playable {
            return self.talon_partner_waits_with_the_stock_open(x, counts);
        }
        // With waste overlap pairs two of the cards above `t` may pair.
        let talon_pairs = if self.options.overlap_pairs.waste() { TalonPairs::Any } else { TalonPairs::Never };
        let prefix_works = |forced, optional, walk: &[Rank]| {
            counts.some_walk_works(forced, optional, walk.iter().map(|&rank| (rank, true)), talon_pairs)
        };
        let Some(partner) = Rank::of(self.pyramid[x]).partner() else { return false };
        let rank_of = |id: u8| Rank::of(self.talon[id as usize]);
        let waste = self.waste[0].ids();
        let mut waste_counts = PerRank::ZERO;
        waste.iter().for_each(|&id| waste_counts[rank_of(id)] += 1);
        let (stock, stock_len) = self.stock_ranks_from_top();
        let stock = &stock[..stock_len];
        // A partner still in the stock, the deepest first: the most cards
        // can help before it is drawn, so it is the likeliest to work.
        for at in (0..stock.len()).rev().filter(|&at| stock[at] == partner) {
            let mut optional = waste_counts;
            stock[..at].iter().for_each(|&rank| optional[rank] += 1);
            if prefix_works(PerRank::ZERO, optional, &stock[at + 1..]) {
                return true;
            }
        }
        for (at, &id) in waste.iter().enumerate() {
            if rank_of(id) == partner {
                let mut forced = PerRank::ZERO;
                waste[at + 1..].iter().for_each(|&above| forced[rank_of(above)] += 1);
                if prefix_works(forced, PerRank::ZERO, stock) {
                    return true;
                }
            }
        }
        false
    }

    /// `talon_partner_waits` with one pile and the stock top open (and no
    /// waste overlap pairs). A partner `t` still in the stock always can:
    /// it pairs as the stock top once the cards above it are drawn, which
    /// buries nothing it needs, and every other talon card may help first.
    /// A partner on the waste pairs only as its top: every card above it
    /// now, and every stock card drawn onto it before then, has gone, each
    /// with a pyramid card or a stock card (the stock top, never another
    /// waste card), and nothing beneath it can be used before. Stock cards
    /// may help (as the stock top they need not be drawn).
    fn talon_partner_waits_with_the_stock_open(&self, x: usize, counts: &RankCounts) -> bool {
        let Some(partner) = Rank::of(self.pyramid[x]).partner() else { return false };
        if self.ranks.talon[partner] & self.stock.mask() != 0 {
            return true;
        }
        let rank_of = |id: u8| Rank::of(self.talon[id as usize]);
        let mut stock = PerRank::ZERO;
        self.stock.ids().iter().for_each(|&id| stock[rank_of(id)] += 1);
        let waste = self.waste[0].ids();
        waste.iter().enumerate().filter(|&(_, &id)| rank_of(id) == partner).any(|(at, _)| {
            let mut forced = PerRank::ZERO;
            waste[at + 1..].iter().for_each(|&above| forced[rank_of(above)] += 1);
            counts.some_walk_works(forced, stock, core::iter::empty(), TalonPairs::ForcedWithOptional)
        })
    }

    /// `talon_partner_waits` with three piles. A card above `t` on its
    /// pile may pair with a pyramid card or with a card on another pile,
    /// never with another card above `t` (only one of them is ever a top).
    /// Stock card `i` (from the top) lands on pile `i % 3`: draws take three
    /// cards while three are left, and only draws take cards from the stock.
    fn talon_partner_waits_on_three_piles(&self, x: usize, counts: &RankCounts) -> bool {
        let Some(partner) = Rank::of(self.pyramid[x]).partner() else { return false };
        let rank_of = |id: u8| Rank::of(self.talon[id as usize]);
        let mut everywhere = PerRank::ZERO;
        for pile in &self.waste {
            pile.ids().iter().for_each(|&id| everywhere[rank_of(id)] += 1);
        }
        let (stock, stock_len) = self.stock_ranks_from_top();
        let stock = &stock[..stock_len];
        let walk_from = |from: usize, pile: usize| {
            stock[from..].iter().enumerate().map(move |(offset, &rank)| (rank, (from + offset) % 3 == pile))
        };
        // A partner still in the stock, the deepest first (see
        // `talon_partner_waits`).
        for at in (0..stock.len()).rev().filter(|&at| stock[at] == partner) {
            let mut optional = everywhere;
            stock[..at].iter().for_each(|&rank| optional[rank] += 1);
            let walk = walk_from(at + 1, at % 3);
            if counts.some_walk_works(PerRank::ZERO, optional, walk, TalonPairs::ForcedWithOptional) {
                return true;
            }
        }
        for (p, pile) in self.waste.iter().enumerate() {
            let ids = pile.ids();
            for (at, &id) in ids.iter().enumerate() {
                if rank_of(id) != partner {
                    continue;
                }
                let (mut forced, mut optional) = (PerRank::ZERO, everywhere);
                for &other in ids {
                    optional[rank_of(other)] -= 1; // this pile's cards: forced above t, useless below
                }
                ids[at + 1..].iter().for_each(|&above| forced[rank_of(above)] += 1);
                if counts.some_walk_works(forced, optional, walk_from(0, p), TalonPairs::ForcedWithOptional) {
                    return true;
                }
            }
        }
        false
    }

    /// The ranks of the stock cards from the top down (the first `len` of
    /// the array), without allocating: this runs for most positions.
    fn stock_ranks_from_top(&self) -> ([Rank; TALON_CARDS], usize) {
        let mut ranks = [Rank::KING; TALON_CARDS];
        for (slot, &id) in ranks.iter_mut().zip(self.stock.ids().iter().rev()) {
            *slot = Rank::of(self.talon[id as usize]);
        }
        (ranks, self.stock.len())
    }
}
