//! Games that clear the table by building on one pile (Golf, TriPeaks): a
//! free card leaves the table onto the pile's top card when its rank fits
//! that card (one above or below, say) and becomes the new top, and a stock
//! turns its next card onto the pile when asked.
//!
//! What such a game needs beyond [`Tableau`]: the free cards that fit
//! ([`Tableau::free_of_ranks`]), the ranks one apart ([`neighbours`]), and a
//! test the solver can use on any shape, that every card left can still be
//! given a card of its own to go onto ([`Tableau::can_be_built_off`]).

use super::{bit, bits, Mask, Shape, Tableau, MAX_POSITIONS};
use crate::card::{CardId, ACE, KING};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of ranks, bit `r` for rank `r` (1 = Ace … 13 = King).
pub type Ranks = u16;

/// The ranks one above and one below `rank`; with `wrap`, Kings and Aces
/// are neighbours too (… Q K A 2 …).
pub const fn neighbours(rank: u8, wrap: bool) -> Ranks {
    let below = if rank > ACE { 1 << (rank - 1) } else if wrap { 1 << KING } else { 0 };
    let above = if rank < KING { 1 << (rank + 1) } else if wrap { 1 << ACE } else { 0 };
    below | above
}

impl Tableau {
    /// The rank of the card dealt at `position`, seen or not (see
    /// [`Tableau::card`]), read straight from its code (`copy × 52 + suit ×
    /// 13 + rank − 1`): the solver asks it of many cards at every position.
    fn rank(&self, position: usize) -> u8 {
        self.cards.codes[position] % 13 + 1
    }

    /// The present positions of each rank: `[r]` holds those of rank `r`.
    pub fn by_rank(&self) -> [Mask; 14] {
        let mut by_rank = [0; 14];
        for position in bits(self.present) {
            by_rank[self.rank(position) as usize] |= bit(position);
        }
        by_rank
    }

    /// The free positions whose card's rank is in `ranks`.
    pub fn free_of_ranks(&self, shape: &Shape, ranks: Ranks) -> Mask {
        if shape.len() <= 64 { self.free_of_ranks_in::<u64>(shape, ranks) } else { self.free_of_ranks_in::<u128>(shape, ranks) }
    }

    fn free_of_ranks_in<W: Word>(&self, shape: &Shape, ranks: Ranks) -> Mask {
        let present = W::of(self.present);
        let mut free = W::ZERO;
        for p in each(present) {
            if W::of(shape.covered_by(p)) & present == W::ZERO && ranks & 1 << self.rank(p) != 0 {
                free |= W::bit(p);
            }
        }
        free.mask()
    }

    /// Whether every card left on the table can still be given a card of
    /// its own to be played onto, in a game where a card leaves the table
    /// only onto the pile's top card: false means the table can never be
    /// cleared. `onto(rank)` gives the ranks a card of `rank` may be played
    /// onto; `to_come` are the cards that will lie on top of the pile apart
    /// from the table's own: its top card now, and the stock.
    ///
    /// Each card on top takes at most one card from the table (the next
    /// card on the pile covers it), so this is a matching of the cards left
    /// to cards to go onto. A card may go onto a card to come of a rank it
    /// fits, or onto a table card of such a rank that does not lie under
    /// it, with no card left lying on the one and under the other (that
    /// card would have to go after the first and before the second).
    pub fn can_be_built_off(&self, shape: &Shape, onto: impl Fn(u8) -> Ranks, to_come: impl IntoIterator<Item = CardId>) -> bool {
        let mut supply = [0u8; 14];
        for card in to_come {
            supply[card.code() as usize % 13 + 1] += 1;
        }
        if shape.len() <= 64 {
            Matching::<u64>::new(self, shape, onto, supply).complete()
        } else {
            Matching::<u128>::new(self, shape, onto, supply).complete()
        }
    }
}

/// The masks the layer's loops at every position of a search compute with:
/// 64 bits wide for a shape of at most 64 positions, as 128-bit arithmetic
/// takes twice the instructions (and more inside wasm).
trait Word: Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + BitOrAssign + BitAndAssign {
    const ZERO: Self;
    /// The low bits of `mask` (all of it, for a shape that fits).
    fn of(mask: Mask) -> Self;
    fn mask(self) -> Mask;
    fn bit(position: usize) -> Self;
    /// The lowest position set, and the rest.
    fn pop(self) -> (usize, Self);
}

impl Word for u64 {
    const ZERO: u64 = 0;
    fn of(mask: Mask) -> u64 {
        mask as u64
    }
    fn mask(self) -> Mask {
        self as Mask
    }
    fn bit(position: usize) -> u64 {
        1 << position
    }
    fn pop(self) -> (usize, u64) {
        (self.trailing_zeros() as usize, self & (self - 1))
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    fn of(mask: Mask) -> u128 {
        mask
    }
    fn mask(self) -> Mask {
        self
    }
    fn bit(position: usize) -> u128 {
        1 << position
    }
    fn pop(self) -> (usize, u128) {
        (self.trailing_zeros() as usize, self & (self - 1))
    }
}

/// The positions set in `word`, lowest first.
fn each<W: Word>(mut word: W) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (word != W::ZERO).then(|| {
            let (position, rest) = word.pop();
            word = rest;
            position
        })
    })
}

/// No card goes onto this table card yet (in [`Matching::owner`]).
const NONE: u8 = u8::MAX;

/// The bipartite matching of [`Tableau::can_be_built_off`]: each card left
/// goes onto a table card (at most one card onto each) or onto a card to
/// come of some rank (at most as many as there are of it).
struct Matching<'a, W: Word> {
    shape: &'a Shape,
    present: W,
    /// The rank of each card left.
    rank: [u8; MAX_POSITIONS],
    /// The cards left of each rank.
    by_rank: [W; 14],
    /// The table cards a card of each rank may go onto, wherever it lies.
    table_of: [W; 14],
    /// The ranks of cards to come a card of each rank may go onto.
    to_come_of: [Ranks; 14],
    /// The cards to come of each rank that no card goes onto yet.
    supply: [u8; 14],
    /// The cards that go onto a card to come of each rank.
    holders: [W; 14],
    /// The card that goes onto each table card.
    owner: [u8; MAX_POSITIONS],
}

impl<'a, W: Word> Matching<'a, W> {
    fn new(tableau: &Tableau, shape: &'a Shape, onto: impl Fn(u8) -> Ranks, supply: [u8; 14]) -> Matching<'a, W> {
        let present = W::of(tableau.present);
        let mut matching = Matching {
            shape,
            present,
            rank: [0; MAX_POSITIONS],
            by_rank: [W::ZERO; 14],
            table_of: [W::ZERO; 14],
            to_come_of: [0; 14],
            supply,
            holders: [W::ZERO; 14],
            owner: [NONE; MAX_POSITIONS],
        };
        for p in each(present) {
            matching.rank[p] = tableau.rank(p);
            matching.by_rank[matching.rank[p] as usize] |= W::bit(p);
        }
        let with_supply = (ACE..=KING).filter(|&rank| supply[rank as usize] > 0).fold(0, |set, rank| set | 1 << rank);
        for rank in ACE as usize..=KING as usize {
            let fits = onto(rank as u8);
            matching.to_come_of[rank] = fits & with_supply;
            for other in each(fits as u64) {
                matching.table_of[rank] |= matching.by_rank[other];
            }
        }
        matching
    }

    /// Whether every card left gets something to go onto. Cards of a rank
    /// are alike to the cards to come: each rank's cards are given what is
    /// left of the ranks they fit, then the rest one by one a free table
    /// card, and the others a place along augmenting paths.
    fn complete(mut self) -> bool {
        let mut waiting = W::ZERO;
        for rank in ACE as usize..=KING as usize {
            let mut cards = self.by_rank[rank];
            let mut ranks = self.to_come_of[rank];
            while cards != W::ZERO && ranks != 0 {
                let other = ranks.trailing_zeros() as usize;
                if self.supply[other] == 0 {
                    ranks &= ranks - 1;
                    continue;
                }
                let (x, rest) = cards.pop();
                cards = rest;
                self.holders[other] |= W::bit(x);
                self.supply[other] -= 1;
            }
            for x in each(cards) {
                let table = self.table(x);
                if table == W::ZERO && self.to_come_of[rank] == 0 {
                    return false;
                }
                if !self.give_table(x, table) {
                    waiting |= W::bit(x);
                }
            }
        }
        each(waiting).all(|x| self.augment(x, &mut { W::ZERO }, &mut 0))
    }

    /// The table cards `x` may go onto: of a rank it fits, not under it,
    /// and with no card left lying on `x` and under them.
    fn table(&self, x: usize) -> W {
        let on_x = W::of(self.shape.above(x)) & self.present;
        let mut table = self.table_of[self.rank[x] as usize] & !W::of(self.shape.below(x)) & !W::bit(x);
        for w in each(table & on_x) {
            if on_x & W::of(self.shape.below(w)) != W::ZERO {
                table &= !W::bit(w);
            }
        }
        table
    }

    /// Gives `x` a card to come of one of `ranks` that no card goes onto
    /// yet, if there is one.
    fn give_to_come(&mut self, x: usize, ranks: Ranks) -> bool {
        let Some(rank) = each(ranks as u64).find(|&rank| self.supply[rank] > 0) else { return false };
        self.supply[rank] -= 1;
        self.holders[rank] |= W::bit(x);
        true
    }

    /// Gives `x` a card of `table` that no card goes onto yet, if there is one.
    fn give_table(&mut self, x: usize, table: W) -> bool {
        let Some(w) = each(table).find(|&w| self.owner[w] == NONE) else { return false };
        self.owner[w] = x as u8;
        true
    }

    /// Kuhn's augmenting path: gives card `x` something to go onto, moving
    /// cards already given along a path of ranks and table cards not yet
    /// seen in this search.
    fn augment(&mut self, x: usize, seen_table: &mut W, seen_ranks: &mut Ranks) -> bool {
        let table = self.table(x) & !*seen_table;
        let ranks = self.to_come_of[self.rank[x] as usize] & !*seen_ranks;
        if self.give_to_come(x, ranks) || self.give_table(x, table) {
            return true;
        }
        for rank in each(ranks as u64) {
            *seen_ranks |= 1 << rank;
            for holder in each(self.holders[rank]) {
                if self.augment(holder, seen_table, seen_ranks) {
                    self.holders[rank] = self.holders[rank] & !W::bit(holder) | W::bit(x);
                    return true;
                }
            }
        }
        for w in each(table) {
            *seen_table |= W::bit(w);
            if self.augment(self.owner[w] as usize, seen_table, seen_ranks) {
                self.owner[w] = x as u8;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{shuffled_decks, DealRng};
    use std::collections::HashSet;

    #[test]
    fn neighbours_are_one_rank_apart_and_wrap_joins_kings_and_aces() {
        assert_eq!(neighbours(7, false), 1 << 6 | 1 << 8);
        assert_eq!(neighbours(KING, false), 1 << QUEEN);
        assert_eq!(neighbours(KING, true), 1 << QUEEN | 1 << ACE);
        assert_eq!(neighbours(ACE, false), 1 << 2);
        assert_eq!(neighbours(ACE, true), 1 << 2 | 1 << KING);
    }

    #[test]
    fn the_free_cards_of_some_ranks() {
        let shape = Shape::pyramid(3);
        let tableau = Tableau::deal(&shape, &mut shuffled_decks(1, 1).into_iter());
        let bottom = bit(3) | bit(4) | bit(5);
        let all_ranks = (ACE..=KING).fold(0, |set, rank| set | 1 << rank);
        assert_eq!(tableau.free_of_ranks(&shape, all_ranks), bottom);
        let rank = tableau.card(4).rank();
        assert_eq!(tableau.free_of_ranks(&shape, 1 << rank) & bit(4), bit(4));
        assert_eq!(tableau.free_of_ranks(&shape, all_ranks & !(1 << rank)) & bit(4), 0);
        let by_rank = tableau.by_rank();
        assert_eq!(by_rank.iter().fold(0, |all, &mask| all | mask), shape.all());
        assert!(by_rank[rank as usize] & bit(4) != 0);
    }

    use crate::card::QUEEN;

    /// A small game of building on one pile: a shape with some cards gone,
    /// the pile's top, and a stock in the order it is drawn.
    #[derive(Clone, Debug)]
    struct Building {
        shape: Shape,
        tableau: Tableau,
        top: CardId,
        stock: Vec<CardId>,
        wrap: bool,
    }

    impl Building {
        fn fits(&self, card: CardId, onto: CardId) -> bool {
            neighbours(card.rank(), self.wrap) & 1 << onto.rank() != 0
        }

        fn to_come(&self) -> Vec<CardId> {
            [self.top].into_iter().chain(self.stock.iter().copied()).collect()
        }

        /// Whether some line of plays and draws clears the table.
        fn can_be_cleared(&self) -> bool {
            let mut seen = HashSet::new();
            let mut stack = vec![(self.tableau.present(), 0usize, self.top)];
            while let Some((present, drawn, top)) = stack.pop() {
                if present == 0 {
                    return true;
                }
                if !seen.insert((present, drawn, top)) {
                    continue;
                }
                for p in bits(self.shape.free(present)) {
                    if self.fits(self.tableau.card(p), top) {
                        stack.push((present & !bit(p), drawn, self.tableau.card(p)));
                    }
                }
                if drawn < self.stock.len() {
                    stack.push((present, drawn + 1, self.stock[drawn]));
                }
            }
            false
        }

        /// The model of [`Tableau::can_be_built_off`] by brute force: every
        /// card left tries every card it may go onto, each card to come and
        /// each table card taking one at most.
        fn has_a_matching(&self) -> bool {
            let present: Vec<usize> = bits(self.tableau.present()).collect();
            let to_come = self.to_come();
            let may_go_onto_table = |x: usize, w: usize| {
                let on_x = self.shape.above(x) & self.tableau.present();
                w != x
                    && self.fits(self.tableau.card(x), self.tableau.card(w))
                    && self.shape.below(x) & bit(w) == 0
                    && !(on_x & bit(w) != 0 && on_x & self.shape.below(w) != 0)
            };
            fn assign(i: usize, cards: &[usize], used_table: Mask, used_to_come: u64, game: &Building, to_come: &[CardId], table: &dyn Fn(usize, usize) -> bool) -> bool {
                let Some(&x) = cards.get(i) else { return true };
                let card = game.tableau.card(x);
                for (j, &onto) in to_come.iter().enumerate() {
                    if used_to_come & 1 << j == 0 && game.fits(card, onto) && assign(i + 1, cards, used_table, used_to_come | 1 << j, game, to_come, table) {
                        return true;
                    }
                }
                for &w in cards {
                    if used_table & bit(w) == 0 && table(x, w) && assign(i + 1, cards, used_table | bit(w), used_to_come, game, to_come, table) {
                        return true;
                    }
                }
                false
            }
            assign(0, &present, 0, 0, self, &to_come, &may_go_onto_table)
        }

        fn check(&self) -> bool {
            let wrap = self.wrap;
            self.tableau.can_be_built_off(&self.shape, |rank| neighbours(rank, wrap), self.to_come())
        }
    }

    /// Small games: one of the usual shapes (one of them past 64
    /// positions), some free cards taken, a top card and a short stock.
    fn games(count: u64) -> impl Iterator<Item = Building> {
        (0..count).map(|seed| {
            let mut rng = DealRng::new(seed);
            let shape = match rng.below(6) {
                0 => Shape::pyramid(4),
                1 => Shape::peaks(1),
                2 => Shape::inverted(4),
                3 => Shape::piles(3, 3),
                4 => Shape::pyramid(3).beside(Shape::piles(2, 2)),
                // Past 64 positions, with most of it gone: the wide masks.
                _ => Shape::grid(6, 11).beside(Shape::pyramid(3)),
            };
            let mut cards = shuffled_decks(seed, 2).into_iter();
            let mut tableau = Tableau::deal(&shape, &mut cards);
            let keep = if shape.len() > 64 { 5 } else { 3 + rng.below(6) as u32 };
            while tableau.left() > keep {
                let free: Vec<usize> = bits(tableau.free(&shape)).collect();
                tableau.take(free[rng.below(free.len() as u64) as usize]);
            }
            let top = cards.next().unwrap();
            let stock = cards.take(rng.below(14) as usize).collect();
            Building { shape, tableau, top, stock, wrap: rng.below(2) == 0 }
        })
    }

    #[test]
    fn the_matching_is_found_exactly_when_there_is_one() {
        let (mut found, mut none) = (0, 0);
        for game in games(3000) {
            let expected = game.has_a_matching();
            assert_eq!(game.check(), expected, "{game:?}");
            if expected { found += 1 } else { none += 1 }
        }
        eprintln!("{found} found, {none} none");
        assert!(found > 300 && none > 300, "both answers are tried ({found} found, {none} none)");
    }

    /// A table the test calls hopeless can never be cleared, and the test
    /// calls some tables hopeless that every card could still go from.
    #[test]
    fn a_table_that_cannot_be_built_off_is_never_cleared() {
        let (mut hopeless, mut cleared) = (0, 0);
        for game in games(3000) {
            let clearable = game.can_be_cleared();
            if !game.check() {
                hopeless += 1;
                assert!(!clearable, "a clearable table called hopeless: {game:?}");
            }
            cleared += usize::from(clearable);
        }
        eprintln!("{hopeless} hopeless, {cleared} cleared");
        assert!(hopeless > 300 && cleared > 300, "{hopeless} hopeless, {cleared} cleared");
    }
}
