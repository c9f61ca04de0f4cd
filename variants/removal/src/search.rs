//! The solver's hooks for every removal game: an exact position key, pass
//! dominance, removals that can be made at once, dead positions, and a
//! lower bound. Each shortcut states the stocks and options it holds for;
//! `tests` holds each to a plain search, and `tests/mutations.toml`
//! loosens each by one case to see a test fail.

use crate::game::{Action, Available, Place, RemovalGame};
use crate::{Passes, Rules, Stock, Win};
use patience_engine::tableau::{bit, bits, Mask, Shape};
use patience_engine::Search;

/// Where each part of the key lies: the shape's cards (one bit per
/// position), then the talon's removed cards (one bit per id), how much of
/// the pass is dealt, the pass (limited passes only) and, for three waste
/// piles, the removed sets at the redeals.
struct KeyLayout {
    talon_at: u32,
    drawn_at: u32,
    pass_at: u32,
    pass_bits: u32,
    redeals_at: u32,
    redeals: u32,
    end: u32,
}

/// The cards in play by rank, in one mask each: the shape's positions at
/// their own bits, talon card `id` at bit `shape length + id`.
struct ByRank {
    cards: [u128; 14],
}

impl ByRank {
    fn of(&self, ranks: u16) -> u128 {
        bits(ranks as Mask).fold(0, |mask, rank| mask | self.cards[rank])
    }
}

/// Which talon cards can still be available together with which, in the
/// same bits as [`ByRank`].
#[derive(Copy, Clone)]
enum TalonMeets {
    /// Any two may yet meet (a later pass can bring any card up).
    Any,
    /// The last pass of one closed waste: a talon card is available only as
    /// the waste's top, when every other talon card lies under it or in the
    /// closed stock, so talon cards meet only shape cards.
    ShapeOnly,
    /// The last pass of one waste with an open stock top: waste cards lie
    /// on each other for good; a stock card meets any talon card (the stock
    /// top meets the waste top, a card drawn meets the next stock top).
    OpenTop { waste: u128 },
    /// The last pass of three piles: cards of one pile, and stock cards
    /// that will land on it, lie on each other for good.
    Piles([u128; 3]),
    /// The last pass of one closed waste whose top pairs with the card
    /// directly under it, without a bottom slot: a waste card leaves only
    /// as the top, or as the card under the top together with the top, so
    /// the waste goes from the top down, and a waste card meets no waste
    /// card but the two next to it (one further down would need the card
    /// between gone first, which leaves only with the one on it). Besides
    /// those, a waste card meets stock cards (each can be drawn onto it)
    /// and a stock card any talon card.
    UnderTop { waste: u128, order: WasteOrder },
}

/// The waste's cards from the bottom up, by talon id.
#[derive(Copy, Clone)]
struct WasteOrder {
    ids: [u8; WasteOrder::MOST],
    len: u8,
}

impl WasteOrder {
    /// Wastes longer than this (none of the family's) are not ordered:
    /// their cards are taken to meet any talon card.
    const MOST: usize = 64;

    fn of(waste: impl Iterator<Item = u8>) -> Option<WasteOrder> {
        let mut order = WasteOrder { ids: [0; WasteOrder::MOST], len: 0 };
        for id in waste {
            *order.ids.get_mut(order.len as usize)? = id;
            order.len += 1;
        }
        Some(order)
    }

    fn ids(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }

    /// The ids of the cards directly under and on card `id` of the waste.
    fn next_to(&self, id: u8) -> impl Iterator<Item = u8> + '_ {
        let ids = self.ids();
        let at = ids.iter().position(|&other| other == id).expect("a waste card is in the waste");
        [at.checked_sub(1), Some(at + 1)].into_iter().flatten().filter_map(move |k| ids.get(k).copied())
    }
}

struct Meeting {
    shape_len: usize,
    in_play: u128,
    talon: TalonMeets,
}

impl Meeting {
    /// The cards in play that the card at bit `x` can ever be available
    /// together with (`x` itself not among them).
    fn meets(&self, shape: &Shape, x: usize) -> u128 {
        if x < self.shape_len {
            return self.in_play & !shape.above(x) & !shape.below(x) & !bit(x);
        }
        let talon_bits = self.in_play & !(bit(self.shape_len) - 1);
        let shape_bits = self.in_play & (bit(self.shape_len) - 1);
        let others = match self.talon {
            TalonMeets::Any => talon_bits,
            TalonMeets::ShapeOnly => 0,
            TalonMeets::OpenTop { waste } if waste & bit(x) != 0 => talon_bits & !waste,
            TalonMeets::OpenTop { .. } => talon_bits,
            TalonMeets::Piles(piles) => talon_bits & !piles.iter().copied().find(|pile| pile & bit(x) != 0).unwrap_or(0),
            TalonMeets::UnderTop { waste, ref order } if waste & bit(x) != 0 => {
                let beside = order.next_to((x - self.shape_len) as u8).fold(0, |mask, id| mask | bit(self.shape_len + id as usize));
                talon_bits & (!waste | beside)
            }
            TalonMeets::UnderTop { .. } => talon_bits,
        };
        (shape_bits | others) & !bit(x)
    }
}

impl<R: Rules> RemovalGame<R> {
    fn key_layout(&self) -> KeyLayout {
        let talon = self.talon().len() as u32;
        let talon_at = self.shape().len() as u32;
        let drawn_at = talon_at + talon;
        let pass_at = drawn_at + 7;
        let pass_bits = match self.passes_allowed() {
            Passes::Limited(_) => 2,
            Passes::Unlimited => 0,
        };
        let redeals_at = pass_at + pass_bits;
        let redeals = match (R::STOCK, self.passes_allowed()) {
            (Stock::ThreeWastes, Passes::Limited(n)) => u32::from(n.saturating_sub(1).min(2)),
            _ => 0,
        };
        let end = if R::STOCK.has_stock() { redeals_at + redeals * talon } else { talon_at };
        KeyLayout { talon_at, drawn_at, pass_at, pass_bits, redeals_at, redeals, end }
    }

    /// Whether the exact key fits in 128 bits (it does for every game of
    /// the family; a larger one would be hashed instead).
    pub fn key_is_exact(&self) -> bool {
        self.key_layout().end <= 128
    }

    fn by_rank(&self) -> ByRank {
        let in_play = self.tableau().present() | (self.talon().left() as u128) << self.shape().len();
        ByRank { cards: self.ranks.map(|mask| mask & in_play) }
    }

    /// No redeal is left: the waste piles only ever lose cards from now on.
    fn in_the_last_pass(&self) -> bool {
        match self.passes_allowed() {
            Passes::Limited(n) => self.talon().pass() >= n,
            Passes::Unlimited => false,
        }
    }

    /// Who can still meet whom (see [`TalonMeets`]). A bottom slot brings
    /// buried cards up, and so does the card under the top before the last
    /// pass: with them every talon card may meet any.
    fn meeting(&self) -> Meeting {
        let (talon, at) = (self.talon(), self.shape().len());
        let in_play = self.tableau().present() | (talon.left() as u128) << at;
        let mask = |ids: &mut dyn Iterator<Item = u8>| ids.fold(0u128, |m, id| m | bit(at + id as usize));
        let last = self.in_the_last_pass();
        let talon = match R::STOCK {
            Stock::Waste { under_top: false, bottom_slot: false, open_top, .. } if last => {
                if open_top { TalonMeets::OpenTop { waste: mask(&mut talon.waste(0, 1)) } } else { TalonMeets::ShapeOnly }
            }
            Stock::Waste { under_top: true, bottom_slot: false, open_top: false, draw: 1, .. } if last => {
                match WasteOrder::of(talon.waste(0, 1)) {
                    Some(order) => TalonMeets::UnderTop { waste: mask(&mut order.ids().iter().copied()), order },
                    None => TalonMeets::Any,
                }
            }
            Stock::ThreeWastes if last => {
                let drawn = talon.drawn() as usize;
                let mut piles = [0u128; 3];
                for (pile, mask_of) in piles.iter_mut().enumerate() {
                    let stock = talon.stock_with_positions().filter(|&(k, _)| k % 3 == pile).map(|(_, id)| id);
                    *mask_of = mask(&mut talon.waste(pile, 3).chain(stock));
                }
                let _ = drawn;
                TalonMeets::Piles(piles)
            }
            _ => TalonMeets::Any,
        };
        Meeting { shape_len: at, in_play, talon }
    }

    /// Where removing a card now never costs a win, because taking a card
    /// out of the talon changes no later deal: no stock; one waste pile
    /// dealt one card at a time (turning over keeps the order; an open top,
    /// the card under the top and a bottom slot included); three piles
    /// with one pass (no redeal to regroup). Every card is then at least as
    /// available with a card gone as with it there.
    fn removals_keep_the_deal(&self) -> bool {
        match R::STOCK {
            Stock::None => true,
            Stock::Waste { draw, .. } => draw == 1,
            Stock::ThreeWastes => self.passes_allowed() == Passes::Limited(1),
        }
    }

    /// A removal every winning line makes sooner or later, available now,
    /// where making it at once keeps a win (see
    /// [`RemovalGame::removals_keep_the_deal`]): a card that leaves only
    /// alone (it pairs with nothing); or a card that must leave and has one
    /// partner left in play, available now, with that partner. In the
    /// shortest search only a card that must leave goes at once (a talon
    /// card need not when the shape is the goal); a line is no longer for
    /// making a move it makes anyway earlier.
    fn removal_at_once(&self, available: &Available, shortest: bool) -> Option<Action> {
        if !self.removals_keep_the_deal() {
            return None;
        }
        let must_go = |place: Place| R::WIN == Win::All || matches!(place, Place::Shape(_));
        let cards = available.as_slice();
        for &(place, card) in cards {
            let rank = card.rank();
            if place != Place::UnderTop && R::REMOVAL.singles & (1 << rank) != 0 && R::REMOVAL.pairs.partners(rank) == 0 {
                if !shortest || must_go(place) {
                    return Some(Action::Single(place));
                }
            }
        }
        let by_rank = self.by_rank();
        for (i, &(place, card)) in cards.iter().enumerate() {
            let rank = card.rank();
            if R::REMOVAL.singles & (1 << rank) != 0 || !must_go(place) {
                continue;
            }
            let itself = u32::from(R::REMOVAL.pairs.partners(rank) & (1 << rank) != 0);
            if by_rank.of(R::REMOVAL.pairs.partners(rank)).count_ones() - itself != 1 {
                continue;
            }
            let partner = cards.iter().enumerate().find(|&(j, &other)| j != i && Self::may_pair((place, card), other));
            if let Some((_, &(other, _))) = partner {
                return Some(Action::Pair(place, other));
            }
        }
        None
    }

    /// True when a card that must leave for the win never can: it cannot
    /// leave alone, and every card it pairs with is gone or can never be
    /// available with it (see [`Meeting::meets`]: one lies on the other on
    /// the shape, or, in the last pass, in a waste pile).
    fn has_a_stranded_card(&self, by_rank: &ByRank, meeting: &Meeting) -> bool {
        let shape = self.shape();
        let shape_bits = self.tableau().present();
        let talon_bits = meeting.in_play & !shape_bits;
        let must_go = if R::WIN == Win::All { meeting.in_play } else { shape_bits };
        for rank in 1..=13u8 {
            let mine = by_rank.cards[rank as usize] & must_go;
            if mine == 0 || R::REMOVAL.singles & (1 << rank) != 0 {
                continue;
            }
            let partners = by_rank.of(R::REMOVAL.pairs.partners(rank));
            for x in bits(mine) {
                // A shape card meets every talon card: the quick answer first.
                let met = if x < meeting.shape_len && partners & talon_bits != 0 {
                    true
                } else {
                    partners & meeting.meets(shape, x) != 0
                };
                if !met {
                    return true;
                }
            }
        }
        false
    }

    /// The rules that ask who can meet whom: a stranded card, or an
    /// unmatched couple.
    fn lacks_partners(&self, by_rank: &ByRank, meeting: &Meeting) -> bool {
        self.has_a_stranded_card(by_rank, meeting) || self.has_an_unmatched_couple(by_rank, meeting)
    }

    /// True when two ranks that pair only with each other (A and Q when
    /// pairs make 13), neither leaving alone, cannot all be matched: every
    /// card of the two that must leave needs a partner of the other rank of
    /// its own that it can meet (see [`Meeting::meets`]).
    fn has_an_unmatched_couple(&self, by_rank: &ByRank, meeting: &Meeting) -> bool {
        let shape = self.shape();
        let meets = |x: usize| meeting.meets(shape, x);
        let shape_bits = self.tableau().present();
        for rank in 1..=13u8 {
            let partners = R::REMOVAL.pairs.partners(rank);
            if partners.count_ones() != 1 || R::REMOVAL.singles & (1 << rank) != 0 {
                continue;
            }
            let other = partners.trailing_zeros() as u8;
            if other <= rank || R::REMOVAL.pairs.partners(other) != 1 << rank || R::REMOVAL.singles & (1 << other) != 0 {
                continue;
            }
            let (mine, theirs) = (by_rank.cards[rank as usize], by_rank.cards[other as usize]);
            let matched = if R::WIN == Win::All {
                // Every card goes, one of each rank at a time.
                mine.count_ones() == theirs.count_ones() && matchable(mine, theirs, &meets)
            } else {
                matchable(mine & shape_bits, theirs, &meets) && matchable(theirs & shape_bits, mine, &meets)
            };
            if !matched {
                return true;
            }
        }
        false
    }

    /// Removals in the order the search tries them: those taking the fewest
    /// shape cards first (a talon card is available for a while, a free
    /// shape card for good, so the talon's are used while they can be),
    /// then drawing and turning over.
    fn push_search_moves(&self, available: &Available, out: &mut Vec<Action>) {
        let first = out.len();
        self.push_moves_of(available, out);
        let shape_cards = |action: &Action| -> u8 {
            match action {
                Action::Single(Place::Shape(_)) => 1,
                Action::Pair(a, b) => u8::from(matches!(a, Place::Shape(_))) + u8::from(matches!(b, Place::Shape(_))),
                Action::Single(_) | Action::Draw | Action::Recycle => 0,
            }
        };
        out[first..].sort_by_key(|action| (matches!(action, Action::Draw | Action::Recycle), shape_cards(action)));
    }
}

/// Whether every card of `cards` can be given a partner of its own among
/// `partners`, as `meets` says which it can meet. Kuhn's augmenting paths
/// on masks (the sets are small), each card's partners asked of `meets`
/// once, and a free partner taken at once where there is one.
fn matchable(cards: u128, partners: u128, meets: &dyn Fn(usize) -> u128) -> bool {
    /// More cards of a rank than two decks hold: said matchable (which is
    /// never wrongly dead).
    const MOST: usize = 16;
    /// Finds card `k` a partner: a free one if it has one, or else one
    /// whose card can move on to another (an augmenting path).
    fn augment(k: usize, options: &[u128], seen: &mut u128, owner: &mut [u8; 128], taken: &mut u128) -> bool {
        let free = options[k] & !*taken;
        if free != 0 {
            let q = free.trailing_zeros() as usize;
            owner[q] = k as u8;
            *taken |= bit(q);
            return true;
        }
        for q in bits(options[k] & !*seen) {
            *seen |= bit(q);
            if augment(owner[q] as usize, options, seen, owner, taken) {
                owner[q] = k as u8;
                return true;
            }
        }
        false
    }
    let mut options = [0u128; MOST];
    let mut len = 0;
    for card in bits(cards) {
        let Some(slot) = options.get_mut(len) else {
            return true;
        };
        *slot = meets(card) & partners;
        if *slot == 0 {
            return false;
        }
        len += 1;
    }
    let options = &options[..len];
    let (mut owner, mut taken) = ([0u8; 128], 0u128);
    (0..len).all(|k| augment(k, options, &mut 0, &mut owner, &mut taken))
}

impl<R: Rules> Search for RemovalGame<R> {
    fn search_actions(&self, out: &mut Vec<Action>) {
        let available = self.available();
        match self.removal_at_once(&available, false) {
            Some(action) => out.push(action),
            None => self.push_search_moves(&available, out),
        }
    }

    fn shortest_actions(&self, out: &mut Vec<Action>) {
        let available = self.available();
        match self.removal_at_once(&available, true) {
            Some(action) => out.push(action),
            None => self.push_moves_of(&available, out),
        }
    }

    /// Most deals of the family's larger games are winnable, and a win
    /// the search's fixed order finds only after millions of positions a
    /// dive often finds in hundreds.
    fn restarts(&self) -> bool {
        true
    }

    /// A dive removes while it can, and draws only when nothing goes.
    fn dive_actions(&self, out: &mut Vec<Action>) {
        let available = self.available();
        if let Some(action) = self.removal_at_once(&available, false) {
            return out.push(action);
        }
        let first = out.len();
        self.push_removals_of(&available, out);
        if out.len() == first {
            self.push_moves_of(&available, out);
        }
    }

    fn state_key(&self) -> u128 {
        let layout = self.key_layout();
        if layout.end > 128 {
            return patience_engine::solver::hash_bytes(&patience_engine::game::encode(self));
        }
        let talon = self.talon();
        let mut key = self.tableau().present();
        if R::STOCK.has_stock() {
            key |= (talon.removed() as u128) << layout.talon_at;
            key |= (talon.drawn() as u128) << layout.drawn_at;
            if layout.pass_bits > 0 {
                key |= (talon.pass() as u128) << layout.pass_at;
            }
            for (i, &removed) in talon.redeals().iter().enumerate().take(layout.redeals as usize) {
                key |= (removed as u128) << (layout.redeals_at + i as u32 * talon.len() as u32);
            }
        }
        key
    }

    /// The pass, with one waste pile and limited passes: the same position
    /// with a pass less used is never worse. (With three piles a redeal
    /// reorders the stock, so a later pass is another position.)
    fn spent_bits(&self) -> u128 {
        let layout = self.key_layout();
        let one_pile = matches!(R::STOCK, Stock::Waste { .. });
        if !one_pile || layout.pass_bits == 0 || layout.end > 128 {
            return 0;
        }
        0b11 << layout.pass_at
    }

    fn is_dead(&self) -> bool {
        self.lacks_partners(&self.by_rank(), &self.meeting())
            || (R::STOCK.has_stock() && Self::relaxed_game_is_narrow() && self.lost_with_the_talon_in_any_order())
    }

    /// A move removes at most two cards.
    fn moves_lower_bound(&self) -> u32 {
        self.cards_to_go().div_ceil(2)
    }
}

#[cfg(test)]
pub(crate) fn stranded(game: &RemovalGame<impl Rules>) -> bool {
    game.is_dead()
}

/// Whether `game` is dead by the rules that ask who meets whom, and would
/// not be if every talon card could meet any: where the waste's order
/// (see [`TalonMeets`]) decides.
#[cfg(test)]
pub(crate) fn dead_by_the_waste_order(game: &RemovalGame<impl Rules>) -> bool {
    let (by_rank, meeting) = (game.by_rank(), game.meeting());
    let ordered = matches!(meeting.talon, TalonMeets::UnderTop { .. });
    let meeting_any = Meeting { talon: TalonMeets::Any, ..meeting };
    ordered && game.lacks_partners(&by_rank, &meeting) && !game.lacks_partners(&by_rank, &meeting_any)
}

#[cfg(test)]
pub(crate) fn goes_at_once<R: Rules>(game: &RemovalGame<R>) -> Option<Action> {
    game.removal_at_once(&game.available(), false)
}

#[cfg(test)]
mod matching {
    use super::{bit, bits, matchable};

    /// Whether every card can have a partner of its own, by trying every
    /// assignment.
    fn by_brute_force(cards: &[usize], options: &dyn Fn(usize) -> u128, taken: u128) -> bool {
        let Some((&card, rest)) = cards.split_first() else { return true };
        bits(options(card) & !taken).any(|q| by_brute_force(rest, options, taken | bit(q)))
    }

    /// Random graphs of up to seven cards and seven partners, the taking of
    /// a free partner first included: the answer is the brute force's.
    #[test]
    fn matchable_agrees_with_trying_every_assignment() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let (n, m) = (1 + next() % 7, 1 + next() % 7);
            let cards: u128 = (0..n).fold(0, |mask, k| mask | bit(k as usize));
            let partners: u128 = (0..m).fold(0, |mask, k| mask | bit(64 + k as usize));
            let edges = next();
            let meets = |card: usize| (0..m as usize).filter(|&q| edges >> (card * 7 + q) % 64 & 1 != 0).fold(0, |mask, q| mask | bit(64 + q));
            let listed: Vec<usize> = bits(cards).collect();
            let expected = by_brute_force(&listed, &|card| meets(card) & partners, 0);
            assert_eq!(matchable(cards, partners, &meets), expected, "cards {n}, partners {m}, edges {edges:#x}");
            if expected { yes += 1 } else { no += 1 }
        }
        assert!(yes > 1000 && no > 1000, "both answers are tried ({yes} yes, {no} no)");
    }
}
