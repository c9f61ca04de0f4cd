//! The talon: the cards not dealt onto the shape, as a stock and its waste
//! piles, and the passes through it.
//!
//! Every talon card has an id, its place in the deal (`0` is dealt from the
//! stock first). A pass deals the stock in an order of ids, `drawn` of them
//! so far; a card leaves by being removed, wherever it lies. With one waste
//! pile the order never changes (turning the waste over keeps it), so the
//! stock is the ids from `drawn` on and the waste those before, less the
//! removed ones. With three piles, card `k` of a pass lies on pile `k mod 3`,
//! and a redeal gathers the piles into a new order; the removed sets at the
//! redeals fix every later order, so they are kept too (for an exact key).

use patience_engine::card::CardId;
use patience_engine::tableau::Cards;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most cards a talon holds (two decks less the smallest shape).
pub const MAX_TALON: usize = 64;

/// The talon ids of one pass, in the order they are dealt.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Order {
    ids: [u8; MAX_TALON],
    len: u8,
    /// Whether `ids` are `0..len` in turn (always with one waste pile):
    /// then the stock and the waste are ranges of ids, and the talon
    /// answers by masks instead of walking the order (the solver asks at
    /// every position). Follows from `ids`, so it is never stored.
    identity: bool,
}

impl Order {
    fn identity(len: usize) -> Order {
        let ids: [u8; MAX_TALON] = core::array::from_fn(|i| i as u8);
        Order::of(&ids[..len])
    }

    fn of(ids_in_order: &[u8]) -> Order {
        let mut ids = [0; MAX_TALON];
        ids[..ids_in_order.len()].copy_from_slice(ids_in_order);
        let identity = ids_in_order.iter().enumerate().all(|(i, &id)| i == id as usize);
        Order { ids, len: ids_in_order.len() as u8, identity }
    }

    fn as_slice(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }
}

impl Serialize for Order {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Order, D::Error> {
        let bytes: Vec<u8> = Deserialize::deserialize(deserializer)?;
        if bytes.len() > MAX_TALON {
            return Err(serde::de::Error::custom(format!("a talon of {} cards", bytes.len())));
        }
        Ok(Order::of(&bytes))
    }
}

/// A talon in play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Talon {
    /// The cards as dealt: id `i` is `cards[i]`.
    cards: Cards<MAX_TALON>,
    /// This pass's order of ids.
    order: Order,
    /// Removed cards, one bit per id.
    removed: u64,
    /// How many of `order` this pass has dealt.
    drawn: u8,
    /// The pass under way, from 1.
    pass: u8,
    /// Three piles: `removed` at the first and the second redeal.
    redeals: [u64; 2],
}

/// The mask of ids `0..n`.
const fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

fn lowest(ids: u64) -> Option<u8> {
    (ids != 0).then(|| ids.trailing_zeros() as u8)
}

fn highest(ids: u64) -> Option<u8> {
    (ids != 0).then(|| 63 - ids.leading_zeros() as u8)
}

impl Talon {
    pub fn deal(cards: impl Iterator<Item = CardId>) -> Talon {
        let cards: Cards<MAX_TALON> = cards.collect();
        Talon { cards, order: Order::identity(cards.len()), removed: 0, drawn: 0, pass: 1, redeals: [0; 2] }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn card(&self, id: u8) -> CardId {
        self.cards.get(id as usize).expect("a talon id")
    }

    pub fn pass(&self) -> u8 {
        self.pass
    }

    /// The ids still in play (not removed).
    pub fn left(&self) -> u64 {
        low(self.len()) & !self.removed
    }

    pub fn removed(&self) -> u64 {
        self.removed
    }

    pub fn drawn(&self) -> u8 {
        self.drawn
    }

    /// The removed sets at the redeals (three piles), for the key.
    pub fn redeals(&self) -> [u64; 2] {
        self.redeals
    }

    fn is_in(&self, id: u8) -> bool {
        self.removed & (1 << id) == 0
    }

    /// The stock, next card first.
    pub fn stock(&self) -> impl Iterator<Item = u8> + '_ {
        self.order.as_slice()[self.drawn as usize..].iter().copied().filter(|&id| self.is_in(id))
    }

    /// The stock, next card first, each with its place in the pass's order
    /// (with three piles, card `k` of a pass lands on pile `k mod 3`).
    pub fn stock_with_positions(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let drawn = self.drawn as usize;
        self.order.as_slice()[drawn..].iter().enumerate().map(move |(i, &id)| (drawn + i, id)).filter(|&(_, id)| self.is_in(id))
    }

    pub fn stock_top(&self) -> Option<u8> {
        match self.in_order() {
            Some((stock, _)) => lowest(stock),
            None => self.stock().next(),
        }
    }

    pub fn stock_len(&self) -> usize {
        match self.in_order() {
            Some((stock, _)) => stock.count_ones() as usize,
            None => self.stock().count(),
        }
    }

    /// With the ids dealt in order (see `Order::identity`): the stock's ids
    /// and the waste's, as masks.
    fn in_order(&self) -> Option<(u64, u64)> {
        let left = self.left();
        let drawn = low(self.drawn as usize);
        self.order.identity.then_some((left & !drawn, left & drawn))
    }

    /// Waste pile `pile` of `piles`, bottom first.
    pub fn waste(&self, pile: usize, piles: usize) -> impl DoubleEndedIterator<Item = u8> + '_ {
        self.order.as_slice()[..self.drawn as usize]
            .iter()
            .enumerate()
            .filter(move |&(k, &id)| k % piles == pile && self.is_in(id))
            .map(|(_, &id)| id)
    }

    pub fn waste_top(&self, pile: usize, piles: usize) -> Option<u8> {
        match self.in_order() {
            Some((_, waste)) if piles == 1 => highest(waste),
            _ => self.waste(pile, piles).next_back(),
        }
    }

    /// The card directly under the top of the (one) waste pile.
    pub fn under_top(&self) -> Option<u8> {
        match self.in_order() {
            Some((_, waste)) => highest(waste & !highest(waste).map_or(0, |top| 1 << top)),
            None => self.waste(0, 1).rev().nth(1),
        }
    }

    /// The oldest card on the (one) waste pile.
    pub fn bottom(&self) -> Option<u8> {
        match self.in_order() {
            Some((_, waste)) => lowest(waste),
            None => self.waste(0, 1).next(),
        }
    }

    /// How many cards the (one) waste pile holds.
    pub fn waste_len(&self) -> usize {
        match self.in_order() {
            Some((_, waste)) => waste.count_ones() as usize,
            None => self.waste(0, 1).count(),
        }
    }

    /// Deals `count` cards of the stock (fewer if it runs short): onto the
    /// one waste, or onto the piles in turn (`piles` 3: one round).
    pub fn draw(&mut self, count: usize) {
        let order = self.order.as_slice();
        let mut dealt = 0;
        let mut next = self.drawn as usize;
        while dealt < count && next < order.len() {
            if self.is_in(order[next]) {
                dealt += 1;
            }
            next += 1;
        }
        self.drawn = next as u8;
    }

    /// Turns the waste into a new stock: with one pile in the same order,
    /// with three gathered as the module says (and one round dealt).
    pub fn redeal(&mut self, piles: usize) {
        if piles == 3 {
            if let Some(slot) = self.redeals.get_mut(self.pass as usize - 1) {
                *slot = self.removed;
            }
            let (mut gathered, mut len) = ([0u8; MAX_TALON], 0);
            for id in (0..3).rev().flat_map(|pile| self.waste(pile, 3)) {
                gathered[len] = id;
                len += 1;
            }
            self.order = Order::of(&gathered[..len]);
        }
        self.drawn = 0;
        self.pass = self.pass.saturating_add(1);
        if piles == 3 {
            self.draw(3);
        }
    }

    pub fn take(&mut self, id: u8) -> CardId {
        debug_assert!(self.is_in(id), "talon card {id} is in play");
        self.removed |= 1 << id;
        self.card(id)
    }

    /// The ids the player has not seen: in the first pass, the stock (less
    /// its top when that lies face up). Every later pass deals cards seen.
    pub fn unseen(&self, open_top: bool) -> Vec<u8> {
        if self.pass > 1 {
            return Vec::new();
        }
        self.stock().skip(usize::from(open_top)).collect()
    }

    /// A copy in which the card of id `ids[i]` is `cards[i]`.
    pub fn with_cards(&self, ids: &[u8], cards: &[CardId]) -> Talon {
        let mut copy = *self;
        for (&id, &card) in ids.iter().zip(cards) {
            copy.cards.set(id as usize, card);
        }
        copy
    }

    /// The same talon in its first pass (positions of unlimited passes
    /// that differ only there are the same position).
    #[cfg(test)]
    pub(crate) fn in_any_pass(&self) -> Talon {
        Talon { pass: 1, ..*self }
    }

    /// Every card of the talon, in play or not.
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.cards.iter()
    }

    /// Checks a restored talon: its order a set of its ids in play, the
    /// counts within bounds.
    pub fn check(&self, piles: usize) -> Result<(), String> {
        let order = self.order.as_slice();
        if self.removed & !low(self.len()) != 0 || order.iter().any(|&id| id as usize >= self.len()) {
            return Err("the talon names cards it does not have".to_string());
        }
        if self.drawn as usize > order.len() || self.pass == 0 {
            return Err("the talon's stock is out of bounds".to_string());
        }
        let mut seen = 0u64;
        for &id in order {
            if seen & (1 << id) != 0 {
                return Err("the talon deals a card twice".to_string());
            }
            seen |= 1 << id;
        }
        let in_play = self.left();
        let ordered_in_play = seen & in_play;
        if ordered_in_play != in_play || (piles == 1 && seen != low(self.len())) {
            return Err("the talon lost a card".to_string());
        }
        // One pile deals in the order it was dealt, pass after pass (every
        // id is in the order once, above, so it is the ids in turn).
        if piles == 1 && !self.order.identity {
            return Err("the talon's one pile is out of its dealt order".to_string());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::deal::shuffled_decks;

    fn talon(n: usize) -> Talon {
        Talon::deal(shuffled_decks(1, 1).into_iter().take(n))
    }

    #[test]
    fn one_waste_keeps_its_order_through_the_passes() {
        let mut talon = talon(5);
        talon.draw(1);
        talon.draw(1);
        assert_eq!(talon.waste(0, 1).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(talon.stock_top(), Some(2));
        talon.take(1);
        talon.take(2);
        assert_eq!(talon.stock_top(), Some(3), "a removed stock card is skipped");
        talon.draw(3);
        assert_eq!(talon.stock_top(), None);
        assert_eq!(talon.waste(0, 1).collect::<Vec<_>>(), [0, 3, 4]);
        assert_eq!(talon.under_top(), Some(3));
        assert_eq!(talon.bottom(), Some(0));
        talon.redeal(1);
        assert_eq!((talon.pass(), talon.stock().collect::<Vec<_>>()), (2, vec![0, 3, 4]));
        talon.check(1).unwrap();
    }

    #[test]
    fn three_wastes_deal_in_rounds_and_gather_pile_one_first() {
        let mut talon = talon(7);
        talon.draw(3);
        talon.draw(3);
        talon.draw(3);
        // Piles: 1 = [0, 3, 6], 2 = [1, 4], 3 = [2, 5].
        assert_eq!(talon.waste(0, 3).collect::<Vec<_>>(), [0, 3, 6]);
        assert_eq!(talon.waste(1, 3).collect::<Vec<_>>(), [1, 4]);
        assert_eq!(talon.waste_top(2, 3), Some(5));
        talon.take(4);
        talon.redeal(3);
        // Gathered pile 1, 2, 3 each from the top, face down: the new stock
        // deals pile 3 bottom up, then 2, then 1; one round dealt at once.
        assert_eq!(talon.order.as_slice(), [2, 5, 1, 0, 3, 6]);
        assert_eq!(talon.waste(0, 3).collect::<Vec<_>>(), [2]);
        assert_eq!(talon.waste(2, 3).collect::<Vec<_>>(), [1]);
        assert_eq!(talon.redeals()[0], 1 << 4);
        talon.check(3).unwrap();
    }

    #[test]
    fn only_the_first_pass_has_unseen_cards() {
        let mut talon = talon(4);
        talon.draw(1);
        assert_eq!(talon.unseen(true), [2, 3]);
        assert_eq!(talon.unseen(false), [1, 2, 3]);
        talon.draw(3);
        talon.redeal(1);
        assert!(talon.unseen(false).is_empty());
    }

    #[test]
    fn a_damaged_talon_is_refused() {
        let mut bad = talon(4);
        bad.removed = 1 << 10;
        assert!(bad.check(1).is_err());
        let mut bad = talon(4);
        bad.order.ids[1] = 0;
        assert!(bad.check(1).is_err());
        let mut bad = talon(4);
        bad.drawn = 9;
        assert!(bad.check(1).is_err());
        let mut swapped = talon(4);
        swapped.order = Order::of(&[1, 0, 2, 3]);
        assert!(swapped.check(3).is_ok(), "three piles deal in a gathered order");
        assert_eq!(swapped.check(1).unwrap_err(), "the talon's one pile is out of its dealt order");
    }

    /// The masks' answers (ids dealt in order) are the walk's, at every
    /// step of a pass with removals and a redeal.
    #[test]
    fn the_masks_answer_as_the_walk_does() {
        let walked = |talon: &Talon| {
            let waste: Vec<u8> = talon.waste(0, 1).collect();
            let stock: Vec<u8> = talon.stock().collect();
            (stock.first().copied(), stock.len(), waste.last().copied(), waste.iter().rev().nth(1).copied(), waste.first().copied(), waste.len())
        };
        let asked = |talon: &Talon| {
            (talon.stock_top(), talon.stock_len(), talon.waste_top(0, 1), talon.under_top(), talon.bottom(), talon.waste_len())
        };
        let mut talon = talon(9);
        let mut checked = 0;
        for step in 0..40u32 {
            assert!(talon.order.identity);
            assert_eq!(asked(&talon), walked(&talon), "step {step}");
            checked += 1;
            match step % 5 {
                1 | 3 => {
                    let chosen = talon.waste(0, 1).nth(step as usize % 3);
                    if let Some(id) = chosen {
                        talon.take(id);
                    }
                }
                _ if talon.stock_top().is_some() => talon.draw(1 + step as usize % 2),
                _ => talon.redeal(1),
            }
        }
        assert!(checked == 40 && talon.left() != low(9), "cards were removed on the way");
    }
}
