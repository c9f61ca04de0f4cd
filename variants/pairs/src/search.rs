//! The solver hooks: an exact position key, sound dead-position pruning and
//! an admissible lower bound. The engine's generic solver calls these for
//! every position it visits, so they avoid allocation.

use crate::Profile;
use crate::geometry::{bits, BURIED_UNDER, COVERING, DIRECT_NEIGHBOURS, FULL_TALON, NEVER_TOGETHER, TALON_CARDS};
use crate::moves::{Action, Place};
use crate::options::{Passes, Win};
use crate::table::{PairGame, Pile};
use patience_engine::card::KING;

/// What a search looks for: a shortcut may keep a win yet cost a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Any winning line.
    Any,
    /// A shortest one.
    Shortest,
}

/// `P(24, k)`: sequences of `k` distinct talon cards.
const fn arrangements(k: usize) -> u128 {
    let mut product = 1u128;
    let mut i = 0;
    while i < k {
        product *= (TALON_CARDS - i) as u128;
        i += 1;
    }
    product
}

/// `SEQUENCE_OFFSET[m]`: how many sequences of distinct talon cards are
/// shorter than `m`, so (length, rank within length) packs into one number.
const SEQUENCE_OFFSET: [u128; TALON_CARDS + 2] = {
    let mut offsets = [0u128; TALON_CARDS + 2];
    let mut m = 1;
    while m < TALON_CARDS + 2 {
        offsets[m] = offsets[m - 1] + arrangements(m - 1);
        m += 1;
    }
    offsets
};

/// Where the pass sits in the keys of positions whose talon lies in dealt
/// order, and in the keys that spell out the arrangement.
const DEALT_ORDER_PASS_SHIFT: u32 = 57;
const ARRANGEMENT_PASS_SHIFT: u32 = 124;

/// Bits the packed talon sequence needs: every sequence of distinct talon
/// cards numbers below `SEQUENCE_OFFSET[25]` ≈ e·24! < 2^81.
const SEQUENCE_BITS: u32 = 81;

impl<P: Profile> PairGame<P> {
    /// The pass, as it matters for the future: with unlimited passes the
    /// count changes nothing, so positions that differ only in it are the
    /// same (and the search space stays finite).
    fn pass_code(&self) -> u128 {
        match self.options.passes {
            Passes::Limited(_) => self.pass.saturating_sub(1).min(3) as u128,
            Passes::Unlimited => 0,
        }
    }

    /// Equal keys mean equal positions (the deal and options are fixed for
    /// one search).
    pub(crate) fn position_key(&self) -> u128 {
        if self.piles() == 1 {
            self.one_pile_key()
        } else if self.pass == 1 && !self.options.stock_top_playable {
            self.first_pass_three_pile_key()
        } else {
            self.three_pile_key()
        }
    }

    /// With one waste pile, the waste (bottom to top) followed by the stock
    /// (top to bottom) is always the dealt talon order minus the removed
    /// cards: a draw moves the boundary, a turn-over keeps the order. So the
    /// removed set and the stock size say where every talon card is.
    /// Cards that can never be played again count as removed (see
    /// `stuck_for_good`): positions that differ only in those have the
    /// same future.
    /// Bits: pyramid 0..28, removed talon 28..52, stock size 52..57, pass 57..59.
    fn one_pile_key(&self) -> u128 {
        self.dealt_order_key(self.talon_gone | self.stuck_for_good())
    }

    /// The key of a position whose talon lies in dealt order: the pyramid,
    /// the talon cards `gone`, the stock size and the pass.
    fn dealt_order_key(&self, gone: u32) -> u128 {
        self.pyramid_left as u128
            | (gone as u128) << 28
            | (self.stock.len() as u128) << 52
            | self.pass_code() << DEALT_ORDER_PASS_SHIFT
    }

    /// One pile, last pass, the goal the pyramid: waste cards that can
    /// never be played again. A card that is not a King and has no partner
    /// left that could ever be available with it (a pyramid card, or with
    /// the stock top open a stock card) never leaves, and so neither does
    /// anything beneath it. With waste overlap pairs it could pair with the card
    /// on top of it, so then nothing counts as stuck.
    pub(crate) fn stuck_for_good(&self) -> u32 {
        let applies = self.piles() == 1 && self.options.win == Win::Pyramid && !self.options.overlap_pairs.waste();
        if !applies || self.passes_remain() {
            return 0;
        }
        // With one pile the waste holds the talon cards dealt before the
        // stock's, bottom to top in dealt order (`check` holds restored
        // games to this), so "beneath" is "dealt earlier".
        let Some(waste_top) = self.waste[0].top() else { return 0 };
        let waste = !self.talon_gone & ((2u32 << waste_top) - 1);
        let stock = !self.talon_gone & FULL_TALON & !waste;
        let mut never_leave = 0;
        for rank in 1..KING as usize {
            let partner = 13 - rank;
            let in_stock = if self.options.stock_top_playable { self.ranks.talon[partner] & stock } else { 0 };
            if self.ranks.pyramid[partner] & self.pyramid_left == 0 && in_stock == 0 {
                never_leave |= self.ranks.talon[rank];
            }
        }
        match waste & never_leave {
            0 => 0,
            stuck => waste & ((2u32 << (31 - stuck.leading_zeros())) - 1),
        }
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

    /// Three piles in the first pass, without an open stock top: card `i`
    /// of the talon lands on pile `i % 3` when drawn (`check` holds restored
    /// games to this), so as with one pile the removed set and the stock
    /// size say where every talon card is. (`three_pile_key` sets the top
    /// bit, which keeps its keys apart from these; these fit in 64 bits,
    /// which the solver's table stores at half the size.)
    fn first_pass_three_pile_key(&self) -> u128 {
        self.dealt_order_key(self.talon_gone)
    }

    /// Three piles reorder the talon at each turn-over, so the key spells
    /// out the arrangement: the sequence pile 1, pile 2, pile 3 (each bottom
    /// to top), stock (top to bottom) is ranked into 81 bits, followed by the
    /// three pile sizes (5 bits each), the pyramid (28), the pass (2) and
    /// a top bit set (see `first_pass_three_pile_key`).
    fn three_pile_key(&self) -> u128 {
        // The rank in mixed radix 24, 23, 22, ...: digit `i` is how many
        // unused cards have a smaller id. Horner's rule in two 64-bit
        // halves (24·23·…·13 and 12! both fit), joined by one 128-bit
        // multiplication: 128-bit arithmetic is a library call in wasm.
        const FIRST_HALF: usize = TALON_CARDS / 2;
        let mut used = 0u32;
        let (mut first, mut second, mut second_radix) = (0u64, 0u64, 1u64);
        let mut length = 0usize;
        let sequence =
            self.waste[..3].iter().flat_map(|pile| pile.ids().iter()).chain(self.stock.ids().iter().rev());
        for &id in sequence {
            let smaller_unused = (!used & ((1u32 << id) - 1) & FULL_TALON).count_ones() as u64;
            let radix = (TALON_CARDS - length) as u64;
            if length < FIRST_HALF {
                first = first * radix + smaller_unused;
            } else {
                second = second * radix + smaller_unused;
                second_radix *= radix;
            }
            used |= 1 << id;
            length += 1;
        }
        let rank = first as u128 * second_radix as u128 + second as u128;
        let packed = SEQUENCE_OFFSET[length] + rank;
        let sizes = self.waste[0].len() as u128
            | (self.waste[1].len() as u128) << 5
            | (self.waste[2].len() as u128) << 10;
        packed
            | sizes << SEQUENCE_BITS
            | (self.pyramid_left as u128) << (SEQUENCE_BITS + 15)
            | self.pass_code() << ARRANGEMENT_PASS_SHIFT
            | 1 << 127
    }

    /// The key bits of the pass, for the search's `spent_bits`: the same
    /// position in an earlier pass has more passes left, so every line from
    /// here works from there too. One pile only: with three piles a
    /// turn-over rearranges the talon, and the same arrangement hardly ever
    /// comes back in a later pass. (With unlimited passes the key has no
    /// pass in it to begin with.)
    pub(crate) fn pass_key_bits(&self) -> u128 {
        if self.piles() == 1 { 3 << DEALT_ORDER_PASS_SHIFT } else { 0 }
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
    /// (Not with waste overlap pairs, which make the card beneath a partner.)
    pub(crate) fn buried_for_nothing(&self) -> u32 {
        if self.options.win != Win::Pyramid || self.options.overlap_pairs.waste() || self.passes_remain() {
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
                let rank = self.talon[top as usize].rank;
                if rank == KING {
                    return false;
                }
                let partner = 13 - rank as usize;
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
                    if self.options.stock_top_playable { self.stock.mask() & !stock_top } else { 0 }
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

    /// Whether the free King at `place` can go at once in a search for
    /// `line`: every line that keeps it a while longer is matched by one
    /// that removes it now, so the search need try nothing else.
    /// * A pyramid King: always. It only frees cards and the talon does not
    ///   change; every winning line removes it, so the match is as short.
    /// * A talon King, for a shortest line: only when the goal is `all`
    ///   (every line removes it then). With `pyramid` taking it is a move
    ///   the shortest line may never make.
    /// * A talon King, with one waste pile: wherever it is. The talon keeps
    ///   its dealt order whatever is removed, and a King on the waste or the
    ///   stock only stands in the way.
    /// * With three piles, only a waste top in the last pass: taking a stock
    ///   card changes which pile every later card lands on, and a waste card
    ///   left until the turn-over changes where the next pass's cards land,
    ///   so keeping a King a while can be the only way to win.
    pub(crate) fn king_goes_at_once(&self, place: Place, line: Line) -> bool {
        match place {
            Place::Pyramid(_) => true,
            _ if line == Line::Shortest && self.options.win != Win::All => false,
            _ if self.piles() == 1 => true,
            Place::WasteTop(_) => !self.passes_remain(),
            Place::StockTop | Place::UnderWasteTop(_) => false,
        }
    }

    /// A removal every winning line makes, which can therefore be made now:
    /// a card that must go (every pyramid card; talon cards too when the
    /// goal is `all`) whose only possible partner left is the one it can
    /// pair with now. Making a removal earlier than a winning line does
    /// keeps the rest of that line legal: pyramid cards only get freer,
    /// and a waste top taken early just lets later cards land on the card
    /// beneath it. (Not a stock top, whose draw the line may rely on, and
    /// not a waste card of a three-pile game that will be gathered up
    /// again, which would shift where later draws land.)
    pub(crate) fn forced_removal(&self, actions: &[Action]) -> Option<Action> {
        let talon_may_move_early = self.piles() == 1 || !self.passes_remain();
        actions.iter().copied().find(|action| {
            let Action::Pair(first, second) = *action else { return false };
            let movable = |place: Place| match place {
                Place::Pyramid(_) => true,
                Place::WasteTop(_) => talon_may_move_early,
                Place::StockTop | Place::UnderWasteTop(_) => false,
            };
            movable(first)
                && movable(second)
                && (self.only_partner_left(first) || self.only_partner_left(second))
        })
    }

    /// Whether the card at `place` must be removed and has exactly one
    /// card left it could ever pair with (which, for a legal pair, is the
    /// other card of that pair).
    fn only_partner_left(&self, place: Place) -> bool {
        let talon_left = !self.talon_gone & FULL_TALON;
        match place {
            Place::Pyramid(position) => {
                let position = position as usize;
                let partner = 13 - self.pyramid[position].rank as usize;
                let candidates = self.ranks.pyramid[partner] & self.pyramid_left;
                let in_pyramid = partners_in(position, candidates, self.options.overlap_pairs.pyramid());
                let in_talon = self.ranks.talon[partner] & talon_left;
                in_pyramid.count_ones() + in_talon.count_ones() == 1
            }
            Place::WasteTop(pile) if self.options.win == Win::All => {
                let Some(id) = self.waste[pile as usize].top() else { return false };
                let partner = 13 - self.talon[id as usize].rank as usize;
                let in_pyramid = self.ranks.pyramid[partner] & self.pyramid_left;
                let in_talon = self.ranks.talon[partner] & talon_left & !(1 << id);
                in_pyramid.count_ones() + in_talon.count_ones() == 1
            }
            _ => false,
        }
    }

    /// True only when the goal is certainly out of reach (never for a
    /// winnable position).
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
        let ranks = RankPairs::of(self);
        let talon_alone = self.talon_cards_pair_only_with_pyramid();
        match self.options.win {
            Win::All if talon_alone => {
                !ranks.feasible(&ranks.talon, &ZERO_COUNTS)
                    || (!self.passes_remain() && !self.last_partner_has_nothing_below())
            }
            Win::All => !ranks.feasible(&ZERO_COUNTS, &ranks.talon),
            Win::Pyramid if talon_alone && !self.passes_remain() => {
                !self.some_dig_depth_works(&ranks)
                    || !self.last_pair_possible(&ranks)
                    || !self.upper_cards_can_wait(&ranks)
            }
            Win::Pyramid if self.only_pile_tops_pair() && !self.passes_remain() => {
                !ranks.feasible(&ZERO_COUNTS, &ranks.talon) || !self.last_pair_possible(&ranks)
            }
            Win::Pyramid => !ranks.feasible(&ZERO_COUNTS, &ranks.talon),
        }
    }

    /// Talon pairs are impossible with one waste pile when neither the stock
    /// top nor waste overlap pairs are playable: only one talon card is ever
    /// available at a time.
    fn talon_cards_pair_only_with_pyramid(&self) -> bool {
        self.piles() == 1 && !self.options.stock_top_playable && !self.options.overlap_pairs.waste()
    }

    /// Three waste piles, and neither the stock top nor waste overlap pairs:
    /// only the tops of the three piles are available talon cards.
    fn only_pile_tops_pair(&self) -> bool {
        self.piles() == 3 && !self.options.stock_top_playable && !self.options.overlap_pairs.waste()
    }

    /// Whether pyramid overlap pairs are in play: not with `face_down`,
    /// where the covered card cannot be chosen.
    fn pyramid_overlap(&self) -> bool {
        self.options.overlap_pairs.pyramid() && !self.options.face_down
    }

    /// Last pass, one waste pile: some number D of waste cards, taken from
    /// the top, will ever be removed (the rest stay buried for good). Those
    /// D must each pair with a pyramid card (or be a King); stock cards may
    /// help; deeper waste cards cannot. True if some D lets every rank pair
    /// off.
    fn some_dig_depth_works(&self, ranks: &RankPairs) -> bool {
        // With one pile every waste card was dealt before every stock card
        // (`check` holds restored games to this), so the stock is the
        // talon left above the waste top.
        let dealt_after_waste = match self.waste[0].top() {
            Some(top) => !((2u32 << top) - 1),
            None => !0,
        };
        let in_stock = !self.talon_gone & dealt_after_waste;
        let stock = self.ranks.talon.map(|dealt| (dealt & in_stock).count_ones());
        let waste_from_top = self.waste[0].ids().iter().rev().map(|&id| self.talon[id as usize].rank as usize);
        ranks.some_prefix_works(ZERO_COUNTS, &stock, waste_from_top)
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
    fn last_pair_possible(&self, ranks: &RankPairs) -> bool {
        let Some(can_be_last) = self.pyramid_cards_that_can_go_last() else { return true };
        if self.last_pair_can_be_in_the_pyramid(can_be_last) {
            return true;
        }
        bits(can_be_last).any(|x| {
            let others = ranks.without_pyramid_card(x, self.pyramid[x].rank as usize);
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
    fn upper_cards_can_wait(&self, ranks: &RankPairs) -> bool {
        (1..=5).all(|p| {
            if !self.is_present(p) || self.pyramid[p].rank == KING {
                return true;
            }
            let partner_rank = 13 - self.pyramid[p].rank as usize;
            let candidates = self.ranks.pyramid[partner_rank] & self.pyramid_left;
            let beside = partners_in(p, candidates, self.pyramid_overlap());
            beside != 0 || self.talon_partner_waits(p, &ranks.split(COVERING[p] & self.pyramid_left, p))
        })
    }

    /// The non-King pyramid cards that bury no other non-King pyramid card
    /// left: the only ones that can go last. `None` when only Kings are left.
    fn pyramid_cards_that_can_go_last(&self) -> Option<u32> {
        let left = self.pyramid_left & !self.ranks.pyramid[KING as usize];
        let can_be_last =
            bits(left).filter(|&position| BURIED_UNDER[position] & left == 0).fold(0, |mask, p| mask | 1 << p);
        (can_be_last != 0).then_some(can_be_last)
    }

    /// Whether two of `can_be_last` can pair with each other, or (with
    /// pyramid overlap pairs) one of them with a card covering it directly:
    /// such a pair can go last though its upper card buries the other.
    fn last_pair_can_be_in_the_pyramid(&self, can_be_last: u32) -> bool {
        bits(can_be_last).any(|x| {
            let partner_rank = 13 - self.pyramid[x].rank as usize;
            let partners = self.ranks.pyramid[partner_rank] & self.pyramid_left;
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
        let lowest_non_king = waste.iter().position(|&id| self.talon[id as usize].rank != KING);
        let in_reach = |id: u8| match waste.iter().position(|&w| w == id) {
            None => true, // in the stock
            Some(at) => lowest_non_king.is_none_or(|lowest| at <= lowest),
        };
        let talon_left = !self.talon_gone & FULL_TALON;
        bits(can_be_last).any(|x| {
            let partners = self.ranks.talon[13 - self.pyramid[x].rank as usize] & talon_left;
            bits(partners).any(|t| in_reach(t as u8))
        })
    }

    /// One waste pile: some talon card can be the partner of pyramid card
    /// `x` when the pyramid cards `ranks` counts (those that must, or may,
    /// be gone by then) have paired off.
    fn talon_partner_waits(&self, x: usize, ranks: &RankPairs) -> bool {
        let partner_rank = 13 - self.pyramid[x].rank as usize;
        let rank_of = |id: u8| self.talon[id as usize].rank as usize;
        let waste = self.waste[0].ids();
        let mut waste_counts = ZERO_COUNTS;
        waste.iter().for_each(|&id| waste_counts[rank_of(id)] += 1);
        let (stock, stock_len) = self.stock_ranks_from_top();
        let stock = &stock[..stock_len];
        // A partner still in the stock, the deepest first: the most cards
        // can help before it is drawn, so it is the likeliest to work.
        for at in (0..stock.len()).rev().filter(|&at| stock[at] == partner_rank) {
            let mut optional = waste_counts;
            stock[..at].iter().for_each(|&rank| optional[rank] += 1);
            if ranks.some_prefix_works(ZERO_COUNTS, &optional, stock[at + 1..].iter().copied()) {
                return true;
            }
        }
        for (at, &id) in waste.iter().enumerate() {
            if rank_of(id) == partner_rank {
                let mut forced = ZERO_COUNTS;
                waste[at + 1..].iter().for_each(|&above| forced[rank_of(above)] += 1);
                if ranks.some_prefix_works(forced, &ZERO_COUNTS, stock.iter().copied()) {
                    return true;
                }
            }
        }
        false
    }

    /// `talon_partner_waits` with three piles. A card above `t` on its
    /// pile may pair with a pyramid card or with a card on another pile,
    /// never with another card above `t` (only one of them is ever a top).
    /// Stock card `i` (from the top) lands on pile `i % 3`: draws take three
    /// cards while three are left, and only draws take cards from the stock.
    fn talon_partner_waits_on_three_piles(&self, x: usize, ranks: &RankPairs) -> bool {
        let partner_rank = 13 - self.pyramid[x].rank as usize;
        let rank_of = |id: u8| self.talon[id as usize].rank as usize;
        let mut everywhere = ZERO_COUNTS;
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
        for at in (0..stock.len()).rev().filter(|&at| stock[at] == partner_rank) {
            let mut optional = everywhere;
            stock[..at].iter().for_each(|&rank| optional[rank] += 1);
            if ranks.some_walk_works(ZERO_COUNTS, optional, walk_from(at + 1, at % 3), TalonPairs::AcrossPiles) {
                return true;
            }
        }
        for (p, pile) in self.waste.iter().enumerate() {
            let ids = pile.ids();
            for (at, &id) in ids.iter().enumerate() {
                if rank_of(id) != partner_rank {
                    continue;
                }
                let (mut forced, mut optional) = (ZERO_COUNTS, everywhere);
                for &other in ids {
                    optional[rank_of(other)] -= 1; // this pile's cards: forced above t, useless below
                }
                ids[at + 1..].iter().for_each(|&above| forced[rank_of(above)] += 1);
                if ranks.some_walk_works(forced, optional, walk_from(0, p), TalonPairs::AcrossPiles) {
                    return true;
                }
            }
        }
        false
    }

    /// The ranks of the stock cards from the top down (the first `len` of
    /// the array), without allocating: this runs for most positions.
    fn stock_ranks_from_top(&self) -> ([usize; TALON_CARDS], usize) {
        let mut ranks = [0usize; TALON_CARDS];
        for (slot, &id) in ranks.iter_mut().zip(self.stock.ids().iter().rev()) {
            *slot = self.talon[id as usize].rank as usize;
        }
        (ranks, self.stock.len())
    }

    /// Moves still needed, never overestimated: a King needs a move of its
    /// own, any other move removes at most two cards; to win `all` every
    /// stock card must also be drawn first (unless the stock top is
    /// playable), at most one per waste pile per draw.
    pub(crate) fn lower_bound(&self) -> u32 {
        let pyramid_kings = (self.ranks.pyramid[KING as usize] & self.pyramid_left).count_ones();
        match self.options.win {
            Win::Pyramid => {
                pyramid_kings + (self.pyramid_cards_left() - pyramid_kings).div_ceil(2) + self.draws_needed()
            }
            Win::All => {
                let talon_left = !self.talon_gone & FULL_TALON;
                let kings = pyramid_kings + (self.ranks.talon[KING as usize] & talon_left).count_ones();
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
}

impl<P: Profile> PairGame<P> {
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
        let non_kings = self.pyramid_left & !self.ranks.pyramid[KING as usize];
        bits(non_kings)
            .filter_map(|position| {
                let partner = 13 - self.pyramid[position].rank as usize;
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

const ZERO_COUNTS: [u32; 14] = [0; 14];

/// Whether two talon cards can pair, for the counting checks.
#[derive(Copy, Clone, PartialEq, Eq)]
enum TalonPairs {
    /// One waste pile, no open stock top, no overlap pairs.
    Never,
    /// Three piles: a forced card (on one pile) with a card on another.
    AcrossPiles,
}

/// The remaining cards by rank, and (for the rank pairs where it matters)
/// how many disjoint pairs the pyramid could form on its own.
#[derive(Clone)]
struct RankPairs {
    /// Pyramid cards per rank, as position masks.
    pyramid_cards: [u32; 14],
    /// Pyramid cards per rank.
    pyramid: [u32; 14],
    /// Talon cards still on the table per rank.
    talon: [u32; 14],
    /// Pyramid cards per rank that may serve as partners but need not go
    /// (see `split`); none in the usual checks.
    spare: [u32; 14],
    /// For a in 1..=6: the most disjoint pyramid pairs of ranks a and 13-a
    /// whose two cards can be available together. Computed on first use
    /// (most checks are settled by counts alone).
    pyramid_pairs: [core::cell::Cell<Option<u32>>; 7],
    overlap: bool,
}

impl RankPairs {
    fn of<P: Profile>(game: &PairGame<P>) -> RankPairs {
        let pyramid_cards = game.ranks.pyramid.map(|dealt| dealt & game.pyramid_left);
        let talon_left = !game.talon_gone;
        RankPairs {
            pyramid_cards,
            pyramid: pyramid_cards.map(u32::count_ones),
            talon: game.ranks.talon.map(|dealt| (dealt & talon_left).count_ones()),
            spare: ZERO_COUNTS,
            pyramid_pairs: Default::default(),
            overlap: game.pyramid_overlap(),
        }
    }

    /// For a moment when only the pyramid cards in `must_go` need to be
    /// gone: those must pair off; the others (but `exclude`) may help as
    /// spare partners.
    fn split(&self, must_go: u32, exclude: usize) -> RankPairs {
        let pyramid_cards = self.pyramid_cards.map(|cards| cards & must_go);
        let spare_cards = self.pyramid_cards.map(|cards| cards & !must_go & !(1 << exclude));
        RankPairs {
            pyramid_cards,
            pyramid: pyramid_cards.map(u32::count_ones),
            spare: spare_cards.map(u32::count_ones),
            pyramid_pairs: Default::default(),
            ..self.clone()
        }
    }

    /// The same without the pyramid card at `position` (of rank `rank`).
    fn without_pyramid_card(&self, position: usize, rank: usize) -> RankPairs {
        let mut fewer = self.clone();
        fewer.pyramid_cards[rank] &= !(1 << position);
        fewer.pyramid[rank] -= 1;
        fewer.pyramid_pairs[rank.min(13 - rank)].set(None);
        fewer
    }

    /// Whether every rank pair can pair off with `forced` talon cards plus
    /// some prefix of the ranks `then_forced` (each card of it forced too),
    /// and the `optional` ones free to help, when talon cards pair only
    /// with pyramid cards.
    fn some_prefix_works(
        &self,
        forced: [u32; 14],
        optional: &[u32; 14],
        then_forced: impl Iterator<Item = usize>,
    ) -> bool {
        self.some_walk_works(forced, *optional, then_forced.map(|rank| (rank, true)), TalonPairs::Never)
    }

    /// The general form: the walk adds cards one at a time, each forced
    /// (`true`) or optional; true if after some prefix of it (possibly
    /// none) every rank pair can pair off.
    fn some_walk_works(
        &self,
        mut forced: [u32; 14],
        mut optional: [u32; 14],
        walk: impl Iterator<Item = (usize, bool)>,
        talon_pairs: TalonPairs,
    ) -> bool {
        // One more card changes only its own rank pair, so keep a verdict
        // per rank pair and update the one that changed.
        let mut pair_ok = [true; 7];
        for (a, ok) in pair_ok.iter_mut().enumerate().skip(1) {
            *ok = self.pair_possible(a, &forced, &optional, talon_pairs);
        }
        let mut failing = pair_ok.iter().filter(|ok| !**ok).count();
        if failing == 0 {
            return true;
        }
        for (rank, is_forced) in walk {
            if rank == KING as usize {
                continue; // removed alone
            }
            if is_forced {
                forced[rank] += 1;
                let partners = self.pyramid[13 - rank] + self.spare[13 - rank];
                if talon_pairs == TalonPairs::Never && forced[rank] > partners {
                    return false; // more forced cards than partners: a longer prefix only forces more
                }
            } else {
                optional[rank] += 1;
            }
            let a = rank.min(13 - rank);
            let ok = self.pair_possible(a, &forced, &optional, talon_pairs);
            if ok != pair_ok[a] {
                pair_ok[a] = ok;
                if ok { failing -= 1 } else { failing += 1 }
            }
            if failing == 0 {
                return true;
            }
        }
        false
    }

    #[inline]
    fn pair_possible(&self, a: usize, forced: &[u32; 14], optional: &[u32; 14], talon_pairs: TalonPairs) -> bool {
        match talon_pairs {
            TalonPairs::Never => self.pair_feasible(a, forced, optional),
            TalonPairs::AcrossPiles => self.pair_feasible_across_piles(a, forced, optional),
        }
    }

    /// `pair_feasible` when a forced talon card may also pair with an
    /// optional talon card (one on another pile), though not with another
    /// forced one. With `k` pyramid-pyramid pairs, the best is to give each
    /// forced card a leftover pyramid partner where one is left; everything
    /// still unpaired takes optional cards.
    fn pair_feasible_across_piles(&self, a: usize, forced: &[u32; 14], optional: &[u32; 14]) -> bool {
        let b = 13 - a;
        let (pa, pb) = (self.pyramid[a] as i64, self.pyramid[b] as i64);
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
        works(0) || (1..=pa.min(pb)).any(|k| works(k) && self.pyramid_pairs_at_least(a, k))
    }

    /// Whether the pyramid can form `needed` disjoint pairs of ranks a and
    /// 13-a. One pair needs only some partner for some card, which is far
    /// cheaper than the full matching, and by far the most common question.
    #[inline]
    fn pyramid_pairs_at_least(&self, a: usize, needed: i64) -> bool {
        match needed {
            ..=0 => true,
            1 => {
                let b_cards = self.pyramid_cards[13 - a];
                bits(self.pyramid_cards[a]).any(|position| partners_in(position, b_cards, self.overlap) != 0)
            }
            _ => needed <= self.pyramid_pairs(a) as i64,
        }
    }

    fn pyramid_pairs(&self, a: usize) -> u32 {
        let cached = &self.pyramid_pairs[a];
        cached.get().unwrap_or_else(|| {
            let pairs =
                pyramid_pairs_possible(self.pyramid_cards[a], self.pyramid_cards[13 - a], self.overlap);
            cached.set(Some(pairs));
            pairs
        })
    }

    /// Whether every rank pair can pair off when the pyramid cards must all
    /// go, the `forced` talon cards must go (each with a pyramid partner)
    /// and the `optional` talon cards may help.
    fn feasible(&self, forced: &[u32; 14], optional: &[u32; 14]) -> bool {
        (1..=6).all(|a| self.pair_feasible(a, forced, optional))
    }

    /// The same for ranks a and 13-a. With `m` pyramid-pyramid pairs, the
    /// pyramid b's left over must take all forced a's and at most all
    /// optional a's, and the same the other way round; `m` can be anything
    /// up to the most pairs the pyramid can form.
    #[inline]
    fn pair_feasible(&self, a: usize, forced: &[u32; 14], optional: &[u32; 14]) -> bool {
        let b = 13 - a;
        if self.spare[a] + self.spare[b] != 0 {
            return self.pair_feasible_with_spares(a, forced, optional);
        }
        let (pa, pb) = (self.pyramid[a] as i64, self.pyramid[b] as i64);
        let (fa, fb) = (forced[a] as i64, forced[b] as i64);
        let (oa, ob) = (optional[a] as i64, optional[b] as i64);
        let least = 0.max(pb - fa - oa).max(pa - fb - ob);
        let most = (pb - fa).min(pa - fb);
        // Counts alone settle most cases; only then the pyramid's own pairs.
        least <= most && self.pyramid_pairs_at_least(a, least)
    }

    /// `pair_feasible` with spare pyramid cards (see `split`), from counts
    /// alone (any two pyramid cards are taken to be able to pair, which
    /// only makes the check more lenient). Each forced talon card takes a
    /// pyramid partner: some number of them a spare, the rest one that must
    /// go anyway; the pyramid cards that must go and are left over then
    /// pair with each other, and the surplus on one side takes spares or
    /// optional talon cards.
    #[inline(never)]
    fn pair_feasible_with_spares(&self, a: usize, forced: &[u32; 14], optional: &[u32; 14]) -> bool {
        let b = 13 - a;
        let (ma, mb) = (self.pyramid[a] as i64, self.pyramid[b] as i64);
        let (qa, qb) = (self.spare[a] as i64, self.spare[b] as i64);
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
fn pyramid_pairs_possible(a_cards: u32, b_cards: u32, overlap: bool) -> u32 {
    if a_cards == 0 || b_cards == 0 {
        return 0;
    }
    let mut partners = [0u32; 4];
    let mut count = 0;
    for (slot, position) in partners.iter_mut().zip(bits(a_cards)) {
        *slot = partners_in(position, b_cards, overlap);
        count += 1;
    }
    max_matching(&partners[..count])
}

/// The cards of `cards` (a mask) that the pyramid card at `position` can
/// ever be available together with.
fn partners_in(position: usize, cards: u32, overlap: bool) -> u32 {
    let mut mask = cards & !NEVER_TOGETHER[position];
    if overlap {
        mask |= cards & DIRECT_NEIGHBOURS[position];
    }
    mask
}

/// The size of a maximum matching: `partners[i]` is the mask of pyramid
/// positions the i-th card may pair with. Augmenting paths (Kuhn), which is
/// instant for at most four cards a side.
fn max_matching(partners: &[u32]) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::PYRAMID_CARDS;
    use crate::options::GameOptions;
    use crate::test_profiles::{OnePile, ThreePiles};
    use patience_engine::card::{Card, Suit};
    use patience_engine::solver::Verdict;
    use patience_engine::Variant;
    use patience_engine::deal::{Deal, DealRng};
    use patience_engine::options::{parse_given, Settings};

    /// The one-pile test profile's settings with `options` (name, value).
    fn settings(options: &[(&str, &str)]) -> Settings {
        settings_of::<OnePile>(options)
    }

    /// Profile `P`'s settings with `options`.
    fn settings_of<P: Profile>(options: &[(&str, &str)]) -> Settings {
        let specs = PairGame::<P>::info().options;
        Settings::resolve(&specs, &parse_given(&specs, options).unwrap()).unwrap()
    }

    /// Whether a win is left, by trying every legal move (no pruning, and
    /// whole positions rather than keys to recognise repeats). `None` past
    /// `limit` positions.
    fn winnable_by_brute_force<P: Profile>(start: &PairGame<P>, limit: usize) -> Option<bool> {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start.clone()];
        while let Some(game) = stack.pop() {
            if game.is_won() {
                return Some(true);
            }
            for action in game.actions() {
                let mut child = game.clone();
                child.perform(&action);
                if seen.insert(child.clone()) {
                    if seen.len() > limit {
                        return None;
                    }
                    stack.push(child);
                }
            }
        }
        Some(false)
    }

    /// Plays moves chosen by `pick` from `game` until `arrived` holds; that
    /// position, or `None` if the game ends first.
    fn random_walk_to<P: Profile>(
        mut game: PairGame<P>,
        rng: &mut DealRng,
        pick: impl Fn(&[Action], &mut DealRng) -> Action,
        arrived: impl Fn(&PairGame<P>) -> bool,
    ) -> Option<PairGame<P>> {
        loop {
            if arrived(&game) {
                return Some(game);
            }
            let actions = game.actions();
            if actions.is_empty() {
                return None;
            }
            game.perform(&pick(&actions, rng));
        }
    }

    /// Any legal move, all equally likely.
    fn any_move(actions: &[Action], rng: &mut DealRng) -> Action {
        actions[rng.below(actions.len() as u64) as usize]
    }

    /// The removals (pairs and Kings) among `actions`.
    fn removals(actions: &[Action]) -> Vec<Action> {
        actions.iter().copied().filter(|a| matches!(a, Action::Pair(..) | Action::King(_))).collect()
    }

    /// A removal whenever there is one, so that most positions stay
    /// winnable for long.
    fn removals_first(actions: &[Action], rng: &mut DealRng) -> Action {
        let removals = removals(actions);
        if removals.is_empty() { any_move(actions, rng) } else { any_move(&removals, rng) }
    }

    /// A removal three times in four when there is one, so that more
    /// positions stay winnable.
    fn mostly_removals(actions: &[Action], rng: &mut DealRng) -> Action {
        let removals = removals(actions);
        if !removals.is_empty() && rng.below(4) != 0 { any_move(&removals, rng) } else { any_move(actions, rng) }
    }

    /// Plays random games of `deals` deals with `options` until `others`
    /// (the older checks) call the position dead or `rule` alone does; each
    /// position only `rule` calls dead is brute-forced. Returns how many.
    fn positions_only_a_rule_calls_dead_are_really_lost(
        options: &[(&str, &str)],
        deals: u64,
        others: impl Fn(&PairGame<OnePile>, &RankPairs) -> bool,
        rule: impl Fn(&PairGame<OnePile>, &RankPairs) -> bool,
    ) -> u32 {
        let settings = settings(options);
        let mut rng = DealRng::new(0xC0DE);
        let mut confirmed = 0;
        for seed in 0..deals {
            let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
            let called_dead = |game: &PairGame<OnePile>| {
                let ranks = RankPairs::of(game);
                !others(game, &ranks) || !rule(game, &ranks)
            };
            let Some(game) = random_walk_to(game, &mut rng, any_move, called_dead) else { continue };
            if others(&game, &RankPairs::of(&game))
                && let Some(winnable) = winnable_by_brute_force(&game, 300_000)
            {
                assert!(!winnable, "seed {seed}: a winnable position was called dead");
                confirmed += 1;
            }
        }
        confirmed
    }

    /// The cone rule (`upper_cards_can_wait`) is the subtlest pruning:
    /// along random games, every position only it calls dead must really be
    /// lost, and it must have something to say.
    #[test]
    fn positions_only_the_cone_rule_calls_dead_are_really_lost() {
        let confirmed = positions_only_a_rule_calls_dead_are_really_lost(
            &[],
            400,
            |game, ranks| game.some_dig_depth_works(ranks) && game.last_pair_possible(ranks),
            |game, ranks| game.upper_cards_can_wait(ranks),
        );
        assert!(confirmed >= 20, "only {confirmed} positions checked");
    }

    /// The same for `last_partner_has_nothing_below`, when all 52 cards
    /// must go.
    #[test]
    fn positions_only_the_win_all_last_pair_rule_calls_dead_are_really_lost() {
        let confirmed = positions_only_a_rule_calls_dead_are_really_lost(
            &[("win", "all")],
            4000,
            |_, ranks| ranks.feasible(&ranks.talon, &ZERO_COUNTS),
            |game, _| game.last_partner_has_nothing_below(),
        );
        assert!(confirmed >= 20, "only {confirmed} positions checked");
    }

    /// Along random games, a position with cards stuck for good has the
    /// key of, and is won exactly when, the position without them.
    #[test]
    fn stuck_cards_change_nothing_but_the_key() {
        let mut rng = DealRng::new(0x57AC);
        let mut confirmed = 0;
        for options in [&[][..], &[("stock_top_playable", "true")], &[("passes", "2")]] {
            let settings = settings(options);
            for seed in 0..150 {
                let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
                let stuck = |game: &PairGame<OnePile>| game.stuck_for_good() != 0;
                let Some(game) = random_walk_to(game, &mut rng, any_move, stuck) else { continue };
                let without = game.without_stuck_cards();
                assert!(without.check().is_ok(), "seed {seed}: {:?}", without.check());
                assert_eq!(game.position_key(), without.position_key(), "seed {seed}");
                let with_them = winnable_by_brute_force(&game, 200_000);
                let without_them = winnable_by_brute_force(&without, 200_000);
                if let (Some(with_them), Some(without_them)) = (with_them, without_them) {
                    assert_eq!(with_them, without_them, "seed {seed} {options:?}");
                    confirmed += 1;
                }
            }
        }
        assert!(confirmed >= 100, "only {confirmed} positions compared");
    }

    /// What the solver's pass dominance rests on: a position is never won
    /// where the same position one pass earlier is lost. Along random games
    /// with two passes (and with the stock top open), second-pass positions
    /// and their first-pass twins are brute-forced.
    #[test]
    fn a_position_is_no_better_than_its_twin_one_pass_earlier() {
        let mut rng = DealRng::new(0x7A55);
        let (mut compared, mut won) = (0, 0);
        for options in [&[("passes", "2")][..], &[("passes", "2"), ("stock_top_playable", "true")]] {
            let settings = settings(options);
            for seed in 0..200 {
                let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
                let late = |game: &PairGame<OnePile>| game.pass == 2 && game.stock.len() <= 10;
                let Some(game) = random_walk_to(game, &mut rng, mostly_removals, late) else { continue };
                let mut twin = game.clone();
                twin.pass = 1;
                assert!(twin.check().is_ok(), "seed {seed}: {:?}", twin.check());
                let later = winnable_by_brute_force(&game, 300_000);
                let earlier = winnable_by_brute_force(&twin, 300_000);
                if let (Some(later), Some(earlier)) = (later, earlier) {
                    assert!(earlier || !later, "seed {seed} {options:?}: won only in the later pass");
                    compared += 1;
                    won += later as u32;
                }
            }
        }
        assert!(compared >= 200 && won >= 10, "{compared} positions compared, {won} of them won");
    }

    /// What the solver's dropping of a waste pile a draw buries for good
    /// (`buried_for_nothing`) rests on: along random games, positions where
    /// a draw would drop one are solved (the search drops piles all the way
    /// down) and brute-forced with every move of the real game; the
    /// verdicts agree. With one pile, an open stock top and three piles.
    fn dropping_buried_piles_changes_no_verdict<P: Profile>(options: &[(&str, &str)], deals: u64) -> (u32, u32) {
        let settings = settings_of::<P>(options);
        let mut rng = DealRng::new(0xB0B);
        let (mut compared, mut won) = (0, 0);
        for seed in 0..deals {
            let game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
            let drops = |game: &PairGame<P>| game.buried_for_nothing() != 0;
            let Some(game) = random_walk_to(game, &mut rng, removals_first, drops) else { continue };
            let solved = patience_engine::solver::solve(&game, 10_000_000);
            if let Some(winnable) = winnable_by_brute_force(&game, 300_000) {
                assert_eq!(solved.verdict == Verdict::Winnable, winnable, "seed {seed} {options:?}");
                compared += 1;
                won += winnable as u32;
            }
        }
        (compared, won)
    }

    #[test]
    fn dropping_a_waste_buried_for_good_changes_no_verdict() {
        let one_pile: [(&[(&str, &str)], u64); 4] = [
            (&[], 300),
            (&[("stock_top_playable", "true")], 300),
            (&[("passes", "2")], 200),
            (&[("passes", "3"), ("stock_top_playable", "true")], 200),
        ];
        let mut won_anywhere = 0;
        for (options, deals) in one_pile {
            let (compared, won) = dropping_buried_piles_changes_no_verdict::<OnePile>(options, deals);
            assert!(compared >= 50, "{options:?}: only {compared} positions compared");
            won_anywhere += won;
        }
        let mut won_with_three = 0;
        // (With an open stock top the rule fires rarely: every stock card
        // counts as a partner to come.)
        let three_piles: [(&[(&str, &str)], u64, u32); 4] = [
            (&[], 150, 30),
            (&[("passes", "2")], 100, 30),
            (&[("stock_top_playable", "true")], 150, 30),
            (&[("passes", "2"), ("stock_top_playable", "true")], 300, 20),
        ];
        for (options, deals, at_least) in three_piles {
            let (compared, won) = dropping_buried_piles_changes_no_verdict::<ThreePiles>(options, deals);
            assert!(compared >= at_least, "three piles {options:?}: only {compared} positions compared");
            won_with_three += won;
        }
        assert!(won_with_three >= 10 && won_anywhere >= 20, "won: {won_with_three} with three piles, {won_anywhere} with one");
    }

    /// The open stock top's part of the rule, on a position built for it:
    /// the waste top 10 has no pyramid partner, but a 3 waits deeper in
    /// the stock, and the only win draws over the 10 and digs it out again
    /// to pair it with that 3 (uncovering the 4 the pyramid's 9 needs).
    #[test]
    fn a_waste_top_whose_partner_waits_deeper_in_an_open_stock_is_not_dropped() {
        // Pyramid: 6 at 15, covered only by the 2 at 21; a 9 at 27. Talon,
        // in dealt order: 4 10 (the waste) 7 J 3 (the stock, 7 on top).
        let fixed = [(15, "6h"), (21, "2c"), (27, "9s"), (28, "4d"), (29, "Th"), (30, "7c"), (31, "Jd"), (32, "3s")];
        let mut deck = Deal::Seed(0).deck().unwrap();
        for (at, card) in fixed {
            let card: Card = card.parse().unwrap();
            let from = deck.iter().position(|&dealt| dealt == card).unwrap();
            deck.swap(at, from);
        }
        let options = GameOptions::from_settings::<OnePile>(&settings(&[("stock_top_playable", "true")]));
        let mut game = PairGame::<OnePile>::new(&deck, options).unwrap();
        game.pyramid_left = 1 << 15 | 1 << 21 | 1 << 27;
        game.talon_gone = FULL_TALON & !0b11111;
        game.waste[0] = Pile::EMPTY;
        [0, 1].into_iter().for_each(|id| game.waste[0].push(id));
        game.stock = Pile::EMPTY;
        [4, 3, 2].into_iter().for_each(|id| game.stock.push(id));
        assert_eq!(game.check(), Ok(()));
        assert_eq!(game.actions(), vec![Action::Draw], "only a draw is possible");
        assert_eq!(game.buried_for_nothing(), 0, "the 10 still has a partner to come");
        assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
        let solved = patience_engine::solver::solve(&game, 10_000);
        assert_eq!(solved.verdict, Verdict::Winnable);
    }

    /// The open stock top's part of the rule with three piles, on a
    /// position built for it: the 10 on pile 1 has no partner now, and the
    /// 3 in the stock lies where a draw would put it on pile 1 above the
    /// 10. But after the draw the 3 is the open stock top: the only win
    /// draws, pairs the 5 on pile 1 with the 8 on pile 2, pairs the 10
    /// with the 3 and the 4 beneath it with the apex 9.
    #[test]
    fn a_three_pile_top_whose_partner_becomes_the_open_stock_top_is_not_dropped() {
        // Talon in dealt order: 4 10 (pile 1), then the stock 5 8 J 3.
        let fixed = [(0, "9s"), (28, "4d"), (29, "Th"), (30, "5c"), (31, "8d"), (32, "Jd"), (33, "3s")];
        let mut deck = Deal::Seed(0).deck().unwrap();
        for (at, card) in fixed {
            let card: Card = card.parse().unwrap();
            let from = deck.iter().position(|&dealt| dealt == card).unwrap();
            deck.swap(at, from);
        }
        let settings = settings_of::<ThreePiles>(&[("passes", "1"), ("stock_top_playable", "true")]);
        let mut game = PairGame::<ThreePiles>::new(&deck, GameOptions::from_settings::<ThreePiles>(&settings)).unwrap();
        game.pyramid_left = 1;
        game.talon_gone = FULL_TALON & !0b11_1111;
        game.waste = [Pile::EMPTY; 3];
        [0, 1].into_iter().for_each(|id| game.waste[0].push(id));
        game.stock = Pile::EMPTY;
        [5, 4, 3, 2].into_iter().for_each(|id| game.stock.push(id));
        assert_eq!(game.check_state(), Ok(()));
        assert_eq!(game.actions(), vec![Action::Draw], "only a draw is possible");
        assert_eq!(game.buried_for_nothing(), 0, "the 10 still has a partner to come");
        assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
        assert_eq!(patience_engine::solver::solve(&game, 10_000).verdict, Verdict::Winnable);
    }

    /// A small last-pass position of three piles with an open stock top,
    /// built at random for the rules that are switched off there (the
    /// three-pile last-pair rule, the buried-pile rule's stock part):
    /// taking the stock top shifts the pile every later card lands on, so
    /// those rules' "card i lands on pile i % 3" does not hold. A few
    /// pyramid cards (a card and all it covers), up to nine talon cards
    /// spread over the piles and the stock, and ranks from two rank pairs
    /// and Kings so that pairs are plenty.
    fn small_open_stock_position(rng: &mut DealRng) -> Option<PairGame<ThreePiles>> {
        let passes = 1 + rng.below(2) as u32;
        let options = [("passes", ["1", "2"][passes as usize - 1]), ("stock_top_playable", "true")];
        let options = GameOptions::from_settings::<ThreePiles>(&settings_of::<ThreePiles>(&options));
        let mut pyramid_left = 0;
        for _ in 0..1 + rng.below(2) {
            let p = rng.below(10) as usize; // rows 1 to 4
            pyramid_left |= 1 << p | BURIED_UNDER[p];
        }
        if pyramid_left.count_ones() > 8 {
            return None;
        }
        let mut talon_left: Vec<u8> = (0..TALON_CARDS as u8).collect();
        while talon_left.len() > 3 + rng.below(7) as usize {
            talon_left.remove(rng.below(talon_left.len() as u64) as usize);
        }
        let (a, b) = (1 + rng.below(6) as u8, 1 + rng.below(6) as u8);
        let mut ranks = vec![a, 13 - a, b, 13 - b, KING];
        ranks.sort();
        ranks.dedup();
        let mut pool: Vec<Card> =
            ranks.into_iter().flat_map(|rank| Suit::ALL.map(|suit| Card { rank, suit })).collect();
        let places: Vec<usize> =
            bits(pyramid_left).chain(talon_left.iter().map(|&id| PYRAMID_CARDS + id as usize)).collect();
        if places.len() > pool.len() {
            return None;
        }
        let mut deck = Deal::Seed(rng.below(1 << 20)).deck().unwrap();
        for &place in &places {
            let card = pool.swap_remove(rng.below(pool.len() as u64) as usize);
            let from = deck.iter().position(|&dealt| dealt == card).unwrap();
            if places.contains(&from) && from < place {
                return None; // already placed: try another position
            }
            deck.swap(place, from);
        }
        let mut game = PairGame::<ThreePiles>::new(&deck, options).unwrap();
        game.pass = passes;
        game.pyramid_left = pyramid_left;
        game.talon_gone = FULL_TALON;
        game.waste = [Pile::EMPTY; 3];
        game.stock = Pile::EMPTY;
        let in_stock = rng.below(talon_left.len() as u64 + 1) as usize;
        let (on_piles, stock) = talon_left.split_at(talon_left.len() - in_stock);
        for &id in on_piles {
            game.waste[rng.below(3) as usize].push(id);
            game.talon_gone &= !(1 << id);
        }
        for &id in stock.iter().rev() {
            game.stock.push(id);
            game.talon_gone &= !(1 << id);
        }
        game.check_state().ok()?;
        Some(game)
    }

    /// The solver's verdict on small open-stock three-pile positions
    /// equals a search over every legal move. Loosening the last-pair
    /// rule or the buried-pile rule to an open stock top makes it fail.
    #[test]
    fn small_three_pile_positions_with_an_open_stock_are_solved_right() {
        let mut rng = DealRng::new(0x09E7);
        let (mut compared, mut won) = (0, 0);
        while compared < 4_000 {
            let Some(game) = small_open_stock_position(&mut rng) else { continue };
            let Some(winnable) = winnable_by_brute_force(&game, 100_000) else { continue };
            let solved = patience_engine::solver::solve(&game, 1_000_000);
            assert_eq!(solved.verdict == Verdict::Winnable, winnable, "{game:?}");
            compared += 1;
            won += winnable as u32;
        }
        assert!(won >= 400 && compared - won >= 400, "{won} of {compared} won");
    }

    #[test]
    fn matching_finds_the_largest_set_of_disjoint_pairs() {
        assert_eq!(max_matching(&[]), 0);
        assert_eq!(max_matching(&[0b1, 0b1]), 1);
        assert_eq!(max_matching(&[0b11, 0b1]), 2, "the first must leave card 0 to the second");
        assert_eq!(max_matching(&[0b111, 0b001, 0b010, 0b100]), 3);
        assert_eq!(max_matching(&[0b1 << 27, 0b11 << 26, 0b1 << 26]), 2);
        assert_eq!(max_matching(&[0, 0b10]), 1);
    }

    #[test]
    fn every_talon_sequence_fits_its_bits() {
        let total = SEQUENCE_OFFSET[TALON_CARDS + 1];
        assert!(total <= 1u128 << SEQUENCE_BITS, "{total}");
        assert!(total > 1u128 << (SEQUENCE_BITS - 1), "the bound is tight");
        // Sizes (15 bits) + pyramid (28) end where the pass (2) starts.
        const { assert!(SEQUENCE_BITS + 15 + 28 == 124) };
    }
}
