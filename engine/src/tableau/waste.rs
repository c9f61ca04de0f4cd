//! The stock and the waste of a game that builds on one pile (Golf,
//! TriPeaks): the first card dealt after the table starts the waste, the
//! rest is the stock, which is gone through once, one card at a time; a
//! card played from the table goes on top of the waste.
//!
//! [`Waste`] holds both piles and does for them what [`Tableau`] does for
//! the table: the deal, the slots, the check of a restored game, the cards
//! the player has not seen, the explanations, and the solver's exact key
//! and dead-position test for a game whose rule looks only at ranks.

use super::{bits, Cards, Mask, Ranks, Shape, Tableau};
use crate::card::CardId;
use crate::deal::{check_card_ids, DealRng};
use crate::layout::{Face, MoveInfo, Slot, SlotKind};
use serde::{Deserialize, Serialize};

/// A move of a game that builds on the waste.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Build {
    /// The card at this position of the table onto the waste.
    Play(u8),
    /// The stock's top card onto the waste.
    Draw,
}

/// The stock (dealt face down, the next card on top) and the waste pile it
/// is turned onto, up to `N` cards each in fixed arrays, so that copying a
/// game never allocates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Waste<const N: usize> {
    /// Top card last.
    stock: Cards<N>,
    /// Top card last; never empty, as the deal starts it.
    waste: Cards<N>,
    /// The cards the stock was dealt.
    dealt: u8,
}

/// How far apart the stock and the waste are drawn.
const PILE_STEP: f32 = 1.4;

impl<const N: usize> Waste<N> {
    /// The piles from the rest of a deal: its first card starts the waste,
    /// the others are the stock, the next card dealt on top.
    pub fn deal(cards: impl DoubleEndedIterator<Item = CardId>) -> Waste<N> {
        let mut cards = cards;
        let waste: Cards<N> = cards.next().into_iter().collect();
        let stock: Cards<N> = cards.rev().collect();
        assert!(!waste.is_empty() && stock.len() < 128, "a waste card, and a stock the key can count");
        Waste { dealt: stock.len() as u8, stock, waste }
    }

    /// The waste's top card, which a card played from the table goes onto.
    pub fn top(&self) -> CardId {
        self.waste.last().expect("the waste is never empty")
    }

    pub fn stock(&self) -> &Cards<N> {
        &self.stock
    }

    pub fn waste(&self) -> &Cards<N> {
        &self.waste
    }

    /// The stock cards turned onto the waste so far.
    pub fn drawn(&self) -> usize {
        self.dealt as usize - self.stock.len()
    }

    pub fn can_draw(&self) -> bool {
        !self.stock.is_empty()
    }

    /// Turns the stock's top card onto the waste.
    pub fn draw(&mut self) {
        let card = self.stock.pop().expect("a draw only while the stock has cards");
        self.waste.push(card);
    }

    /// Puts `card`, played from the table, on top of the waste.
    pub fn play(&mut self, card: CardId) {
        self.waste.push(card);
    }

    /// The cards that will lie on top of the waste apart from the table's:
    /// its top card now and the stock (see [`Tableau::can_be_built_off`]).
    pub fn to_come(&self) -> impl Iterator<Item = CardId> + '_ {
        self.stock.iter().chain([self.top()])
    }

    /// The free cards of the table that go onto the waste's top card now,
    /// when a card of rank `r` goes onto the ranks `onto(r)`.
    pub fn playable(&self, tableau: &Tableau, shape: &Shape, onto: impl Fn(u8) -> Ranks) -> Mask {
        let top = self.top().rank();
        tableau.free_of_ranks(shape, (1..=13).filter(|&rank| onto(rank) & 1 << top != 0).fold(0, |set, rank| set | 1 << rank))
    }

    /// The legal moves, in a stable order: the plays by position, then the
    /// draw; none once the table is clear.
    pub fn moves(&self, tableau: &Tableau, shape: &Shape, onto: impl Fn(u8) -> Ranks) -> Vec<Build> {
        let mut moves = Vec::new();
        self.push_moves(tableau, shape, onto, &mut moves);
        moves
    }

    fn push_moves(&self, tableau: &Tableau, shape: &Shape, onto: impl Fn(u8) -> Ranks, out: &mut Vec<Build>) {
        out.extend(bits(self.playable(tableau, shape, onto)).map(|p| Build::Play(p as u8)));
        out.extend((self.can_draw() && !tableau.is_clear()).then_some(Build::Draw));
    }

    /// Appends the legal moves in the order a search tries them: the plays
    /// lying on the most cards first (they open the way into the table),
    /// the draw last.
    pub fn search_moves(&self, tableau: &Tableau, shape: &Shape, onto: impl Fn(u8) -> Ranks, out: &mut Vec<Build>) {
        let first = out.len();
        self.push_moves(tableau, shape, onto, out);
        out[first..].sort_by_key(|action| match *action {
            Build::Play(p) => core::cmp::Reverse((shape.below(p as usize).count_ones() + 1, p)),
            Build::Draw => core::cmp::Reverse((0, 0)),
        });
    }

    /// How the host shows `action`, with the slot ids of the stock and the
    /// waste (those of the table are its positions). A play names its card,
    /// which is free, so face up.
    pub fn describe(&self, tableau: &Tableau, action: Build, ids: [u32; 2]) -> MoveInfo {
        let Build::Play(p) = action else {
            return MoveInfo { notation: "draw".into(), label: "Draw from the stock".into(), slots: vec![ids[0]] };
        };
        let card = tableau.card(p as usize);
        let label = format!("{} onto {}", card.pretty(), self.top().pretty());
        MoveInfo { notation: card.to_string(), label, slots: vec![p as u32, ids[1]] }
    }

    /// Plays `action`, a legal move.
    pub fn perform(&mut self, tableau: &mut Tableau, action: Build) {
        match action {
            Build::Play(p) => self.play(tableau.take(p as usize)),
            Build::Draw => self.draw(),
        }
    }

    /// The stock (its back, its count as label) at (`x`, `y`) and the waste
    /// (its top card, its count) beside it, with the slot ids `ids`.
    pub fn slots(&self, ids: [u32; 2], x: f32, y: f32, can_draw: bool) -> [Slot; 2] {
        let back = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let stock = Slot::new(ids[0], SlotKind::Stock, x, y, back).playable(can_draw).label(self.stock.len().to_string());
        let waste = Slot::card(ids[1], SlotKind::Waste, x + PILE_STEP, y, self.top()).label(self.waste.len().to_string());
        [stock, waste]
    }

    /// Why `card` cannot be played onto the waste now, if it is not a free
    /// card of the table: it is on the waste, it is not seen on the table
    /// (face down, in the stock: one answer for both), or the seen cards
    /// lying on it. `None` for a free card: the game says why it does not fit.
    pub fn why_not(&self, tableau: &Tableau, shape: &Shape, card: CardId) -> Option<String> {
        if self.waste.iter().any(|c| c == card) {
            return Some(format!("{card} is on the waste already"));
        }
        match tableau.locate(shape, card) {
            None => Some(format!("{card} is not available: only uncovered cards are played")),
            Some(position) if !tableau.is_free(shape, position) => Some(tableau.why_covered(shape, position)),
            Some(_) => None,
        }
    }

    /// Checks piles just restored from bytes with the table they go with:
    /// a waste card, every card taken off the table on the waste, and the
    /// cards of `decks` decks each once in all.
    pub fn check(&self, tableau: &Tableau, shape: &Shape, decks: u8) -> Result<(), String> {
        if self.waste.is_empty() || self.stock.len() > self.dealt as usize {
            return Err(format!("a waste of {} cards and a stock of {} is no deal's", self.waste.len(), self.stock.len()));
        }
        let taken = bits(shape.all() & !tableau.present()).map(|p| tableau.card(p));
        if let Some(card) = taken.into_iter().find(|&card| !self.waste.iter().any(|c| c == card)) {
            return Err(format!("{card} was played from the table but is not on the waste"));
        }
        let cards: Vec<CardId> = tableau.cards_left().chain(self.stock.iter()).chain(self.waste.iter()).collect();
        check_card_ids(&cards, decks)
    }

    /// A copy of the table and the piles with every card the player has not
    /// seen (the table's hidden ones and the stock) dealt anew; the waste
    /// was all seen.
    pub fn resample(&self, tableau: &Tableau, shape: &Shape, rng: &mut DealRng) -> (Tableau, Waste<N>) {
        let mut unseen = self.stock.to_vec();
        let tableau = tableau.resample(shape, rng, &mut unseen);
        (tableau, Waste { stock: unseen.into_iter().collect(), ..*self })
    }

    /// An exact position key for a game whose future depends only on the
    /// table's cards left, the cards drawn and the rank of the waste's top
    /// card (a rule of ranks, as with [`Waste::playable`]): the cards left,
    /// the top's rank, and the cards drawn, in [`Waste::spent_bits`] when
    /// the top was played from the table and apart when it was drawn (or
    /// dealt). Hashed when a shape is too large for the exact key.
    ///
    /// Among positions whose top was played from the table, the one with
    /// fewer cards drawn is never worse: it plays any line of the other,
    /// drawing the extra cards at that line's first draw, and is never on
    /// the search's way to the other (that takes a play, which leaves fewer
    /// cards). A drawn top is kept apart: the same position a draw earlier
    /// may be the one the search just drew from, and the extra draws would
    /// lead back to the position skipped.
    pub fn key(&self, tableau: &Tableau, shape: &Shape) -> u128 {
        let (n, drawn, rank) = (shape.len() as u32, self.drawn() as u128, self.top().rank() as u128);
        let played = tableau.took(self.top());
        if n + KEY_BITS > 128 {
            let fields = [tableau.present().to_le_bytes().as_slice(), &[drawn as u8, rank as u8, played as u8]].concat();
            return crate::solver::hash_bytes(&fields);
        }
        let key = tableau.present() | rank << (n + 7);
        if played { key | drawn << n } else { key | drawn << (n + 11) | 1 << (n + 18) }
    }

    /// The bits of [`Waste::key`] that count the cards drawn below a top
    /// played from the table: for [`crate::Search::spent_bits`].
    pub fn spent_bits(shape: &Shape) -> u128 {
        if shape.len() as u32 + KEY_BITS > 128 { 0 } else { 0x7f << shape.len() }
    }
}

/// The bits [`Waste::key`] needs past the table's: the cards drawn under a
/// played top (7), the top's rank (4), the cards drawn under a drawn top
/// (7), and which of the two it is.
const KEY_BITS: u32 = 19;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::shuffled_decks;
    use crate::tableau::{bit, neighbours};
    use std::collections::HashMap;

    fn dealt(seed: u64) -> (Shape, Tableau, Waste<52>) {
        let shape = Shape::peaks(1).face_down_while_covered();
        let mut cards = shuffled_decks(seed, 1).into_iter();
        let tableau = Tableau::deal(&shape, &mut cards);
        (shape, tableau, Waste::deal(cards))
    }

    #[test]
    fn the_first_card_after_the_table_starts_the_waste_and_the_next_tops_the_stock() {
        let deck = shuffled_decks(1, 1);
        let (shape, _, mut waste) = dealt(1);
        assert_eq!(waste.top(), deck[shape.len()]);
        assert_eq!(waste.stock().len(), 52 - shape.len() - 1);
        waste.draw();
        assert_eq!((waste.top(), waste.drawn()), (deck[shape.len() + 1], 1));
        let slots = waste.slots([20, 21], 0.0, 3.0, true);
        assert_eq!((slots[0].face, slots[0].label.as_deref()), (Face::Down, Some("40")), "the stock shows its back and count");
        assert_eq!(slots[1].card_id(), Some(deck[shape.len() + 1]));
    }

    #[test]
    fn explanations_name_only_seen_cards() {
        let (shape, tableau, waste) = dealt(2);
        let (hidden, in_stock) = (tableau.card(0), waste.stock().get(0).unwrap());
        let answer = |card: CardId| waste.why_not(&tableau, &shape, card).unwrap().replace(&card.to_string(), "X");
        assert_eq!(answer(hidden), answer(in_stock), "a face-down card and a stock card get one answer");
        assert!(waste.why_not(&tableau, &shape, waste.top()).unwrap().contains("on the waste already"));
        assert_eq!(waste.why_not(&tableau, &shape, tableau.card(6)), None, "a free card: the game's rule says");
        let open = Shape::peaks(1);
        let (covered, on_it) = (tableau.card(1), [tableau.card(3), tableau.card(4)]);
        assert_eq!(waste.why_not(&tableau, &open, covered).unwrap(), format!("{covered} is covered by {} and {}: clear them first", on_it[0], on_it[1]));
    }

    #[test]
    fn a_restored_game_is_checked_with_its_table() {
        let (shape, mut tableau, mut waste) = dealt(3);
        assert_eq!(waste.check(&tableau, &shape, 1), Ok(()));
        waste.play(tableau.take(6));
        assert_eq!(waste.check(&tableau, &shape, 1), Ok(()));
        let mut lost = waste;
        lost.waste.pop();
        assert!(lost.check(&tableau, &shape, 1).unwrap_err().contains("not on the waste"));
        let mut twice = waste;
        twice.stock.set(0, twice.top());
        assert!(twice.check(&tableau, &shape, 1).unwrap_err().contains("twice"));
    }

    #[test]
    fn resampling_deals_the_hidden_cards_and_the_stock_anew() {
        let (shape, tableau, waste) = dealt(4);
        let (copy, piles) = waste.resample(&tableau, &shape, &mut DealRng::new(5));
        assert_eq!(piles.waste(), waste.waste(), "the waste was seen");
        assert_ne!(piles.stock(), waste.stock());
        for p in bits(tableau.free(&shape)) {
            assert_eq!(copy.card(p), tableau.card(p), "a free card was seen");
        }
        assert_eq!(piles.check(&copy, &shape, 1), Ok(()), "the same cards");
    }

    #[test]
    fn the_playable_cards_fit_the_top() {
        let (shape, tableau, waste) = dealt(6);
        let onto = |rank| neighbours(rank, true);
        for p in 0..shape.len() {
            let fits = onto(tableau.card(p).rank()) & 1 << waste.top().rank() != 0;
            assert_eq!(waste.playable(&tableau, &shape, onto) & bit(p) != 0, fits && tableau.is_free(&shape, p), "position {p}");
        }
    }

    /// Along random games, two positions share a key exactly when they have
    /// the same cards left, the same number drawn, a top of the same rank,
    /// from the same place.
    #[test]
    fn keys_are_exact() {
        for seed in 0..20 {
            let mut rng = DealRng::new(seed);
            let mut by_key = HashMap::new();
            for _ in 0..20 {
                let (shape, mut tableau, mut waste) = dealt(seed);
                loop {
                    let what = (tableau.present(), waste.drawn(), waste.top().rank(), tableau.took(waste.top()));
                    if let Some(other) = by_key.insert(waste.key(&tableau, &shape), what) {
                        assert_eq!(other, what);
                    }
                    let playable: Vec<usize> = bits(waste.playable(&tableau, &shape, |rank| neighbours(rank, false))).collect();
                    match rng.below(playable.len() as u64 + 1) as usize {
                        i if i < playable.len() => waste.play(tableau.take(playable[i])),
                        _ if waste.can_draw() => waste.draw(),
                        _ => break,
                    }
                }
            }
            let distinct: std::collections::HashSet<_> = by_key.values().collect();
            assert_eq!(distinct.len(), by_key.len(), "one position under two keys");
        }
        let (shape, tableau, waste) = dealt(1);
        assert_eq!(Waste::<52>::spent_bits(&shape), 0x7f << 10);
        assert_eq!(waste.key(&tableau, &shape) & Waste::<52>::spent_bits(&shape), 0, "a dealt top: nothing spent");
    }
}
