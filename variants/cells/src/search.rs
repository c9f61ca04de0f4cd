//! The solver's hooks for every cells game: the moves it tries (one card at
//! a time into the reserve; a set put in at once is the same moves, and
//! where sets or runs of three can go in one move the search makes them
//! so: see `sets_go_at_once`, `runs_go_at_once`) and a position key that
//! sees what the rules see.
//!
//! **The key.** The rules never ask which pile a card lies in, only what
//! lies on what: piles alike (cells, say, all refilled from the stock) can
//! trade places without changing what can happen. So the key lists the
//! piles of each kind sorted by their cards, the reserve as the set it is,
//! and every card by what it is, not by which deck it came from: two
//! positions that differ only by that are one; where no rule looks at a
//! suit ([`Rules::SUITS_MATTER`]), a card is its rank alone. A stock that
//! deals one card onto each pile in turn (Baroness) tells the piles apart
//! while it has cards.
//!
//! **Dead positions.** While the reserve holds part of a set and no card
//! can come from the stock until it goes (refills wait for an empty
//! reserve, or there is no stock), the set must be made of what is on the
//! table now: if it cannot be, the game is lost. Where runs of three are
//! the only way out (Triple Alliance), a card taken into the reserve only
//! bares the one under it, so the set must be made of pile tops taken one
//! after another; and the cards left must split into runs of three, but
//! for those the win allows to stay ([`crate::partition`]). Where a face
//! card and three numbers making 18 are the way out (Eighteens), the
//! numbers left must be three for every face card and add up to 18 each,
//! with the Aces the sets may take. And where every card must go and no
//! card moves between piles, a card that leaves only with a partner and
//! lies above every partner left in its own pile never leaves.

use crate::game::{Action, CellsGame, Group, Place};
use crate::sets::SetRule;
use crate::endgame::Ending;
use crate::{partition, PairRule, Refill, Rules, Stock, Win};
use patience_engine::tableau::{Cards, Pile};
use patience_engine::card::CardId;
use patience_engine::Search;
use std::any::TypeId;
use std::cell::RefCell;

impl<R: Rules> CellsGame<R> {
    /// Whether the rules ever look at a card's suit.
    pub(crate) fn suits_matter() -> bool {
        R::SUITS_MATTER || matches!(R::SET, Some(SetRule::Distinct { same_suit: true, .. }))
    }

    /// A card as the rules see it: its rank (and suit, where suits
    /// matter), never its deck.
    fn face(card: CardId) -> u8 {
        if Self::suits_matter() { card.card().deck_index() } else { card.rank() }
    }

    /// Whether the reserve's set can still be completed from `pool`
    /// (cards of it not yet tried: `untried`, one bit each).
    fn completes_from(set: SetRule, held: &mut Vec<CardId>, pool: &[CardId], untried: u128) -> bool {
        let mut faces_tried = 0u64;
        for index in (0..pool.len()).filter(|&k| untried & (1 << k) != 0) {
            let card = pool[index];
            // Alike cards are tried once.
            let face = 1u64 << Self::face(card);
            if faces_tried & face != 0 || !set.accepts(held, card) {
                continue;
            }
            faces_tried |= face;
            held.push(card);
            let done = set.complete(held) || (set.completable(held) && Self::completes_from(set, held, pool, untried & !(1 << index)));
            held.pop();
            if done {
                return true;
            }
        }
        false
    }

    /// Whether the search may put a whole set into the reserve at once, and
    /// never start one card by card: a game of single-card cells refilled
    /// only while the reserve is empty, with no draws. There, a pair or a
    /// single made while a set waits could as well be made before the set
    /// starts (its cards were in the cells already, since nothing comes
    /// while the reserve holds cards), and the cells then hold the same
    /// cards once the set is gone, the stock's next cards in the emptied
    /// places in another order. So every winning line has one whose sets
    /// each go in one move.
    fn sets_go_at_once() -> bool {
        R::SET.is_some()
            && R::REFILL == Refill::WhileReserveEmpty
            && R::STOCK == Stock::RefillOnly
            && !R::MOVES_TO_EMPTY
            && R::table().piles.iter().all(|pile| pile.dealt <= 1 && pile.refilled)
    }

    /// Whether the search may make a run of three pile tops in one move,
    /// and start one card by card only with a top whose card beneath may
    /// join it: a game whose cards leave only as runs of three and where
    /// nothing else ever moves (no stock, no waste, no moves to an empty
    /// pile). There a run, once started, is the next three moves, and ends
    /// in the same position whatever order its cards came in. If all three
    /// were pile tops when it started, it is the one move. If not, one of
    /// them was bared during it by another of them, taken before it from
    /// the same pile; the run can then be made in an order that starts
    /// with a card whose card beneath is in the run: the uppermost of a
    /// pile's cards in it, which is a neighbour of a card of the run or
    /// its middle rank, and so may go first. So every winning line has one
    /// made of such moves.
    fn runs_go_at_once() -> bool {
        Self::only_runs_remove()
            && !R::MOVES_TO_EMPTY
            && R::REFILL == Refill::Never
            && R::STOCK == Stock::RefillOnly
    }

    /// A removal the search makes at once, listing no other move, in a
    /// game won by removing everything where nothing refills, no set is
    /// gathered and pairs go by rank: an available card that leaves alone
    /// and pairs with nothing (a King of Baroness), or an available pair of
    /// two ranks that pair only with each other (a 4 and a 9 making 13, two
    /// Jacks) when every card of those ranks in play is available. Every
    /// winning line removes those cards among themselves, sooner or later,
    /// and any two of them that pair leave the rest still able to. Made
    /// now, the game is the same but for the cards gone: the other moves
    /// stay legal (a pile's only card moves into an empty pile wherever the
    /// piles' order matters: [`CellsGame::lone_cards_move`]), the cards
    /// beneath are bared sooner, and a pile the cards leave empty takes
    /// what the pile with them would have held.
    fn forced_removal(&self) -> Option<Action> {
        if R::REFILL != Refill::Never || R::SET.is_some() || R::WIN != Win::AllBut(0) || Self::suits_matter() {
            return None;
        }
        let available = self.available();
        let pairs = R::REMOVAL.pairs;
        if let Some(&(place, _)) = available.iter().find(|(_, card)| R::single(*card) && pairs.partners(card.rank()) == 0) {
            return Some(Action::Remove(Group::of(&[place])));
        }
        // Every card of `ranks` in play is on offer when none lies under a
        // pile's top, in the stock, or under the waste's top (asked card by
        // card, stopping at the first: counting every card in play at every
        // position cost a tenth of Baroness's search).
        let all_on_offer = |ranks: u16| !self.cards_not_available().any(|card| ranks & (1 << card.rank()) != 0);
        for (i, &(a, card_a)) in available.iter().enumerate() {
            let Some(ranks) = Self::closed_ranks(card_a.rank()).filter(|&ranks| all_on_offer(ranks)) else { continue };
            let partner = |card_b: CardId| ranks & (1 << card_b.rank()) != 0 && R::pair(card_a, card_b);
            if let Some(&(b, _)) = available[i + 1..].iter().find(|(_, card_b)| partner(*card_b)) {
                return Some(Action::Remove(Group::of(&[a, b])));
            }
        }
        None
    }

    /// Where every card of `rank` leaves only with a card of one other
    /// rank, whose cards leave only with it: the two ranks, as bits.
    pub(crate) fn closed_ranks(rank: u8) -> Option<u16> {
        let pairs = R::REMOVAL.pairs;
        let partners = pairs.partners(rank);
        let only = partners.is_power_of_two() && Self::leaves_only_in_pairs(rank);
        let other = partners.trailing_zeros() as u8;
        (only && pairs.partners(other) == 1 << rank && Self::leaves_only_in_pairs(other)).then_some(partners | 1 << rank)
    }

    /// Whether the card under pile `i`'s top may make a run of three with
    /// the top: its rank one or two from the top's, King and Ace neighbours.
    fn bares_a_run_card(&self, pile: usize) -> bool {
        let cards = &self.piles[pile];
        let (Some(top), Some(under)) = (cards.last(), cards.len().checked_sub(2).and_then(|at| cards.get(at))) else {
            return false;
        };
        let apart = (top.rank() + 13 - under.rank()) % 13;
        matches!(apart, 1 | 2 | 11 | 12)
    }

    /// Whether a card of `rank` leaves only with a partner: it never
    /// leaves alone, and no set takes it.
    fn leaves_only_in_pairs(rank: u8) -> bool {
        let set_takes = match R::SET {
            None => false,
            Some(SetRule::Distinct { ranks, .. } | SetRule::Kind { ranks, .. }) => ranks & (1 << rank) != 0,
            Some(_) => true,
        };
        !R::REMOVAL.leaves_alone(rank) && !set_takes
    }

    /// Whether pile `pile` holds a card that leaves only with a partner
    /// (`leaves_only_in_pairs`) and every card in play it may pair with
    /// (by rank: a rule that also asks the suits pairs fewer) lies beneath
    /// it in the same pile. `in_play` counts every card in play by rank.
    /// Such a card never leaves while it stays in the pile, nor does the
    /// pile empty.
    fn pile_is_locked(&self, pile: usize, in_play: &[u8; 14]) -> bool {
        let mut beneath = [0u8; 14];
        for card in self.piles[pile].iter() {
            let rank = card.rank();
            if Self::leaves_only_in_pairs(rank) {
                let partners = R::REMOVAL.pairs.partners(rank);
                let elsewhere = |other: u8| in_play[other as usize] - u8::from(other == rank) - beneath[other as usize];
                if (1..=13u8).filter(|&other| partners & (1 << other) != 0).all(|other| elsewhere(other) == 0) {
                    return true;
                }
            }
            beneath[rank as usize] += 1;
        }
        false
    }

    /// True when every card must leave and some never can, for a card that
    /// leaves only with a partner lies above all its partners in its pile
    /// (`pile_is_locked`): nothing takes a card off a pile but leaving. Not
    /// where a top may move into an empty pile (Baroness): there a locked
    /// pile opens once another pile empties, so the position is dead only
    /// while no pile is empty and every pile is locked, which on Baroness'
    /// deals 1–200 called no position dead that was not already, and cost
    /// a tenth more time.
    fn piles_are_locked(&self) -> bool {
        if R::WIN != Win::AllBut(0) || R::MOVES_TO_EMPTY {
            return false;
        }
        let in_play = self.ranks_in_play();
        (0..self.table().piles.len()).any(|i| self.pile_is_locked(i, &in_play))
    }

    /// The deals left in a game won by removing everything whose stock deals
    /// a card onto each pile in turn (Baroness), when the rules about them
    /// apply: no set, a reserve place for each of the last deal's extra
    /// cards, and the stock holding whole deals.
    fn deals_left(&self) -> Option<DealsLeft<'_>> {
        let Stock::OntoEachPile { piles, extra } = R::STOCK else { return None };
        let (piles, last) = (piles as usize, piles as usize + extra.len());
        let left = self.stock.len();
        let whole_deals = left >= last && (left - last) % piles == 0;
        if R::WIN != Win::AllBut(0) || R::SET.is_some() || last != self.table().piles.len() || !whole_deals {
            return None;
        }
        Some(DealsLeft { stock: &self.stock, piles, extra: extra.len(), deals: 1 + (left - last) / piles })
    }

    /// True when a row of cards that lies on every pile can never lose its
    /// first card: the piles' tops (if none is empty and whole deals are
    /// left) or a deal still in the stock, the last one included. Until one
    /// of them leaves, no pile empties and nothing under them is bared, so
    /// the first of them to leave goes alone, with another of them, or with
    /// a card of a later deal in another pile, once every card the deals so
    /// far put on its own pile has left alone or with such a card. The
    /// reserve places' cards count from the last deal on: for the last
    /// deal's own row at once (they may pair among themselves, but bare
    /// nothing). If none can, that row never leaves, and every win makes
    /// every deal.
    fn a_row_on_every_pile_is_stuck(&self) -> bool {
        let Some(deals) = self.deals_left() else { return false };
        STOCK_ROWS.with(|rows| {
            let mut rows = rows.borrow_mut();
            let facts = rows.facts::<R>(&self.stock, || StockFacts::of::<R>(&deals));
            facts.a_row_is_stuck || {
                let tops: Vec<CardId> = self.piles[..deals.piles].iter().filter_map(|pile| pile.last()).collect();
                tops.len() == deals.piles && Self::row_is_stuck(&tops, &facts.ways_for_the_tops)
            }
        })
    }

    /// For a row lying on every pile with deals `first..` still to come
    /// onto it, for each pile: whether the cards those deals put onto it
    /// by some deal can all leave alone or with cards they put onto other
    /// piles by then (the reserve places' cards once every deal is made),
    /// and the cards the row's card may then leave with (those of the
    /// latest such deal: they only grow with the deals). A question of the
    /// stock alone.
    fn ways_out(deals: &DealsLeft, first: usize) -> Vec<(bool, Vec<CardId>)> {
        let (piles, count) = (deals.piles, deals.deals);
        let free_elsewhere = |pile: usize, upto: usize| {
            (first..upto)
                .flat_map(move |deal| (0..piles).filter(move |&other| other != pile).map(move |other| deals.onto(deal, other)))
                .chain(deals.extras().filter(move |_| upto == count))
        };
        let leaves = |card: CardId, pile: usize, upto: usize| R::single(card) || free_elsewhere(pile, upto).any(|other| R::pair(card, other));
        (0..piles)
            .map(|m| match (first..=count).rev().find(|&upto| (first..upto).all(|deal| leaves(deals.onto(deal, m), m, upto))) {
                Some(upto) => (true, free_elsewhere(m, upto).collect()),
                None => (false, Vec::new()),
            })
            .collect()
    }

    /// Whether a row a deal still in the stock puts on every pile is stuck
    /// (see `a_row_on_every_pile_is_stuck`): a question of the stock alone.
    fn a_stock_row_is_stuck(deals: &DealsLeft) -> bool {
        (0..deals.deals).any(|deal| {
            let row: Vec<CardId> = (0..deals.piles).map(|pile| deals.onto(deal, pile)).collect();
            Self::row_is_stuck(&row, &Self::ways_out(deals, deal + 1))
        })
    }

    /// Whether `row`, lying on every pile with `ways` out from under the
    /// deals still to come onto it ([`CellsGame::ways_out`]), can never
    /// lose its first card (see `a_row_on_every_pile_is_stuck`).
    fn row_is_stuck(row: &[CardId], ways: &[(bool, Vec<CardId>)]) -> bool {
        let can_go_first = |m: usize| {
            let card = row[m];
            let (cleared, free) = &ways[m];
            (0..row.len()).any(|x| x != m && R::pair(card, row[x])) || *cleared && (R::single(card) || free.iter().any(|&other| R::pair(card, other)))
        };
        !(0..row.len()).any(can_go_first)
    }

    /// Every card still in play: on the piles, in the reserve, the stock
    /// and the waste.
    fn cards_in_play(&self) -> impl Iterator<Item = CardId> + '_ {
        let piles = self.piles.iter().flat_map(|pile| pile.iter());
        piles.chain(self.reserve.iter()).chain(self.stock.iter()).chain(self.waste.iter())
    }

    /// Every card in play but those available, in a game without a
    /// reserve: under the piles' tops, in the stock, under the waste's
    /// top.
    fn cards_not_available(&self) -> impl Iterator<Item = CardId> + '_ {
        let specs = self.table().piles.len();
        let under_tops = self.piles[..specs].iter().flat_map(|pile| pile.iter().take(pile.len().saturating_sub(1)));
        let under_waste = self.waste.iter().take(self.waste.len().saturating_sub(1));
        self.stock.iter().chain(under_tops).chain(under_waste)
    }

    /// How many cards of each rank are in play (`cards_in_play`).
    fn ranks_in_play(&self) -> [u8; 14] {
        let mut in_play = [0u8; 14];
        self.cards_in_play().for_each(|card| in_play[card.rank() as usize] += 1);
        in_play
    }

    /// Whether runs of three are the only way cards leave.
    fn only_runs_remove() -> bool {
        matches!(R::SET, Some(SetRule::Run { len: 3 })) && R::REMOVAL.pairs == PairRule::NONE && R::REMOVAL.singles == 0
    }

    /// True when cards leave only as runs of three and the cards left
    /// cannot all go that way, but for those the win allows to stay
    /// ([`crate::partition`]).
    fn runs_cannot_take_every_card(&self) -> bool {
        let Win::AllBut(left) = R::WIN else { return false };
        if !Self::only_runs_remove() {
            return false;
        }
        let mut counts = [0i32; 13];
        let in_play = self.cards_in_play();
        in_play.for_each(|card| counts[card.rank() as usize - 1] += 1);
        !partition::splits_leaving(&counts, left)
    }

    /// True, in a game won by removing everything whose cards leave as a
    /// face card with three numbers making `total` or (Aces) alone, when
    /// the cards left cannot all go: every face card needs three numbers,
    /// so with F faces, N numbers 2–10 (summing to S) and A Aces, the sets
    /// take 3F − N Aces (between none and A) and S plus those Aces must
    /// make `total` × F.
    fn faces_and_numbers_do_not_add_up(&self) -> bool {
        let (Some(SetRule::FaceAndThree { total }), Win::AllBut(0)) = (R::SET, R::WIN) else { return false };
        if R::REMOVAL.pairs != PairRule::NONE || R::REMOVAL.singles & !(1 << patience_engine::card::ACE) != 0 {
            return false;
        }
        let (mut faces, mut numbers, mut sum, mut aces) = (0i32, 0i32, 0i32, 0i32);
        let in_play = self.cards_in_play();
        for card in in_play {
            match card.rank() {
                patience_engine::card::ACE => aces += 1,
                rank if rank > 10 => faces += 1,
                rank => {
                    numbers += 1;
                    sum += rank as i32;
                }
            }
        }
        let aces_in_sets = 3 * faces - numbers;
        !(0..=aces).contains(&aces_in_sets) || sum + aces_in_sets != total as i32 * faces
    }

    /// Where only the reserve takes cards off the piles and nothing else
    /// comes: whether the set can be completed by taking pile tops, each
    /// card taken baring the one under it.
    fn completes_by_taking_tops(set: SetRule, held: &mut Vec<CardId>, piles: &mut [Cards<{ crate::table::PILE_CAPACITY }>]) -> bool {
        for i in 0..piles.len() {
            let Some(card) = piles[i].last() else { continue };
            if !set.accepts(held, card) {
                continue;
            }
            held.push(card);
            piles[i].pop();
            let done = set.complete(held) || Self::completes_by_taking_tops(set, held, piles);
            piles[i].push(card);
            held.pop();
            if done {
                return true;
            }
        }
        false
    }

    /// True when the reserve holds part of a set that the cards still to
    /// come can never complete. While it holds cards, a game that refills
    /// only an empty reserve's table gets no card from the stock (nor does
    /// one without a stock): the set must be made of what is on the table
    /// and the waste now, wherever it lies there.
    fn reserve_cannot_be_completed(&self) -> bool {
        let Some(set) = R::SET else { return false };
        if self.reserve.is_empty() {
            return false;
        }
        let stock_comes = match R::REFILL {
            Refill::AtOnce => true,
            Refill::Never | Refill::WhileReserveEmpty | Refill::FromWasteWhileReserveEmpty => {
                matches!(R::STOCK, Stock::ToPile { .. } | Stock::OntoEachPile { .. })
            }
        };
        if stock_comes {
            return false;
        }
        if Self::only_runs_remove() && !R::MOVES_TO_EMPTY && self.waste.is_empty() {
            let mut piles = self.piles;
            return !Self::completes_by_taking_tops(set, &mut self.reserve.to_vec(), &mut piles[..self.table().piles.len()]);
        }
        // A top card that may leave the reserve alone (an Eighteens Ace)
        // takes the set back a card: each of those shorter reserves may
        // be the one completed.
        let held = self.reserve.to_vec();
        let mut shorter = held.len();
        while shorter > 0 && matches!(set, SetRule::FaceAndThree { .. }) && R::single(held[shorter - 1]) {
            shorter -= 1;
        }
        (shorter..=held.len()).all(|len| len > 0 && !self.completes_from_the_table(set, &held[..len]))
    }

    /// Whether some cards on the table and the waste complete `held`.
    fn completes_from_the_table(&self, set: SetRule, held: &[CardId]) -> bool {
        // Cards alike are one to the set: of each face, as many as the
        // set has room for.
        let room = set.capacity() - held.len();
        let mut counts = [0usize; 64];
        let mut pool: Vec<CardId> = Vec::with_capacity(64);
        for card in self.piles.iter().flat_map(|pile| pile.iter()).chain(self.waste.iter()) {
            let count = &mut counts[Self::face(card) as usize];
            if *count < room && pool.len() < 128 {
                *count += 1;
                pool.push(card);
            }
        }
        let untried = if pool.len() >= 128 { u128::MAX } else { (1u128 << pool.len()) - 1 };
        Self::completes_from(set, &mut held.to_vec(), &pool, untried)
    }
    /// Whether piles of the same kind may trade places in the key: not
    /// while a stock that deals onto each pile in turn has cards, which is
    /// when a pile's only card may move ([`CellsGame::lone_cards_move`]).
    fn piles_are_alike(&self) -> bool {
        !self.lone_cards_move()
    }

    /// A pile as one number: its kind, its length and its cards' faces,
    /// six bits each (a pile holds at most 16 cards: 98 bits).
    fn pile_word(kind: u8, pile: &patience_engine::tableau::Cards<{ crate::table::PILE_CAPACITY }>) -> u128 {
        let cards = pile.iter().fold(0u128, |word, card| word << 6 | (Self::face(card) as u128 + 1));
        (kind as u128) << 126 | (pile.len() as u128) << 120 | cards
    }

    /// The key's words (see the module): the piles, sorted where they are
    /// alike, then the reserve as a set, the waste, and the counts.
    pub(crate) fn key_words(&self) -> ([u128; crate::table::MAX_PILES + 8], usize) {
        self.key_words_sorting(self.piles_are_alike())
    }

    /// A key that also tells apart piles that trade places and sees the
    /// stock's cards (the key sees only how many: the rest of one deal's
    /// stock is the same at the same count), for remembering a move by the
    /// places it names, in any deal.
    pub(crate) fn placed_key(&self) -> u128 {
        let (words, len) = self.key_words_sorting(false);
        Self::face_words(&self.stock).fold(hash_words(&words[..len]), |key, word| hash_words(&[key, word]))
    }

    /// The faces of `cards` in order, 21 to a word, six bits each.
    fn face_words(cards: &patience_engine::tableau::Pile) -> impl Iterator<Item = u128> + '_ {
        let mut faces = cards.iter().map(Self::face);
        core::iter::from_fn(move || {
            (faces.len() > 0).then(|| faces.by_ref().take(21).fold(0u128, |word, face| word << 6 | (face as u128 + 1)))
        })
    }

    /// The key's words, the piles sorted or in their places.
    fn key_words_sorting(&self, sort: bool) -> ([u128; crate::table::MAX_PILES + 8], usize) {
        let specs = &self.table().piles;
        let mut words = [0u128; crate::table::MAX_PILES + 8];
        for (i, spec) in specs.iter().enumerate() {
            let kind = u8::from(spec.refilled) | u8::from(spec.receives_only_from_stock) << 1;
            words[i] = Self::pile_word(kind, &self.piles[i]);
        }
        let mut len = specs.len();
        if sort {
            words[..len].sort_unstable();
        }
        let mut reserve = [0u8; 16];
        for (slot, card) in reserve.iter_mut().zip(self.reserve.iter()) {
            *slot = Self::face(card) + 1;
        }
        reserve[..self.reserve.len()].sort_unstable();
        words[len] = u128::from_le_bytes(reserve);
        len += 1;
        for word in Self::face_words(&self.waste) {
            words[len] = word;
            len += 1;
        }
        words[len] = (self.stock.len() as u128) << 16 | (self.draws as u128) << 8 | self.removed as u128;
        (words, len + 1)
    }

    /// The moves the solver's search tries: every legal move but the set
    /// groups, removals first, then cards into the reserve, moves into
    /// empty piles, and drawing last. A card that would leave the reserve
    /// unable ever to make its set is not put there (the game would be
    /// lost at once).
    pub(crate) fn moves_to_search(&self, out: &mut Vec<Action>) {
        if let Some(forced) = self.forced_removal() {
            return out.push(forced);
        }
        let first = out.len();
        let (whole_sets, whole_runs) = (Self::sets_go_at_once(), Self::runs_go_at_once());
        if (whole_sets || whole_runs) && self.reserve.is_empty() {
            // The whole set at once, never a card of it alone (see
            // `sets_go_at_once`); a run of tops in one move, a card alone
            // only to bare one of its run (see `runs_go_at_once`).
            let mut mine = Vec::new();
            self.push_moves(true, &mut mine);
            out.extend(mine.into_iter().filter(|action| match action {
                Action::ToReserve(Place::Pile(pile)) if whole_runs => self.bares_a_run_card(*pile as usize),
                Action::ToReserve(_) => false,
                _ => true,
            }));
            return;
        }
        self.push_moves(false, out);
        if R::MOVES_TO_EMPTY {
            // A pile's only card moved into an empty pile matters only to
            // the next deal: tried after it, so that a line moves lone
            // cards only where the deal needs them elsewhere.
            let lone = |action: &Action| matches!(action, Action::Shift { from, .. } if self.piles[*from as usize].len() == 1);
            out[first..].sort_by_key(lone);
        }
        if let Some(set) = R::SET.filter(SetRule::can_die) {
            let held = self.reserve.to_vec();
            let mut index = first;
            while index < out.len() {
                let dead = match out[index] {
                    Action::ToReserve(place) => {
                        let mut more = held.clone();
                        more.push(self.card_at(place).expect("a card there"));
                        !set.complete(&more) && !set.completable(&more)
                    }
                    _ => false,
                };
                if dead {
                    out.remove(index);
                } else {
                    index += 1;
                }
            }
        }
    }
}

/// What the stock alone decides about the rows on every pile: whether a
/// row still in it is stuck, and the ways out from under the deals still
/// to come for the row of the piles' tops ([`CellsGame::ways_out`]).
struct StockFacts {
    a_row_is_stuck: bool,
    ways_for_the_tops: Vec<(bool, Vec<CardId>)>,
}

impl StockFacts {
    fn of<R: Rules>(deals: &DealsLeft) -> StockFacts {
        StockFacts { a_row_is_stuck: CellsGame::<R>::a_stock_row_is_stuck(deals), ways_for_the_tops: CellsGame::<R>::ways_out(deals, 0) }
    }
}

/// [`StockFacts`] for the last stock asked about of each length, and its
/// game's rules.
#[derive(Default)]
struct StockRows(Vec<Option<(TypeId, Pile, StockFacts)>>);

impl StockRows {
    /// The facts of `stock`: the ones kept, or `make`'s.
    fn facts<R: Rules>(&mut self, stock: &Pile, make: impl FnOnce() -> StockFacts) -> &StockFacts {
        if self.0.len() <= stock.len() {
            self.0.resize_with(stock.len() + 1, || None);
        }
        let slot = &mut self.0[stock.len()];
        if !matches!(slot, Some((rules, kept, _)) if *rules == TypeId::of::<R>() && kept == stock) {
            *slot = Some((TypeId::of::<R>(), *stock, make()));
        }
        &slot.as_ref().expect("just kept").2
    }
}

thread_local! {
    /// What the stock decides ([`StockFacts`]) holds whatever lies on the
    /// table, and one deal's search meets only a few stocks (one of each
    /// length): working it out again at every position was much of
    /// Baroness's search.
    static STOCK_ROWS: RefCell<StockRows> = RefCell::new(StockRows::default());
}

/// The whole deals a stock that deals onto each pile still holds
/// ([`CellsGame::deals_left`]).
#[derive(Copy, Clone)]
struct DealsLeft<'a> {
    stock: &'a patience_engine::tableau::Pile,
    piles: usize,
    extra: usize,
    deals: usize,
}

impl DealsLeft<'_> {
    /// The card deal `deal` (0 the next) puts onto pile `pile`. Deals take
    /// the stock from its top (its last card) onto piles 0, 1, …; the last
    /// one is the stock's first cards, the reserve places' first.
    fn onto(&self, deal: usize, pile: usize) -> CardId {
        let (left, last) = (self.stock.len(), self.piles + self.extra);
        let index = if deal + 1 == self.deals { last - 1 - pile } else { left - 1 - deal * self.piles - pile };
        self.stock.get(index).expect("a stock card")
    }

    /// The cards the last deal puts into the reserve places.
    fn extras(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.extra).map(|index| self.stock.get(index).expect("a stock card"))
    }
}

/// A 128-bit hash of `words`, a word at a time (the key is a few dozen
/// words; hashing them byte by byte cost more than the rest of a move), in
/// two 64-bit lanes: wasm has no 128-bit multiply, and a `u128` product
/// there is a call of some forty instructions.
fn hash_words(words: &[u128]) -> u128 {
    // Each lane takes both halves of a word, each through a multiply, so
    // a difference in a word cannot be cancelled by one in the next
    // except by chance, in both lanes at once.
    const K: [u64; 4] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0xff51_afd7_ed55_8ccd];
    let (mut a, mut b) = (0x6c62_272e_07bb_0142_u64, 0x62b8_2175_6295_c58d_u64);
    for &word in words {
        let (low, high) = (word as u64, (word >> 64) as u64);
        a = ((a ^ low).wrapping_mul(K[0]).rotate_left(31) ^ high).wrapping_mul(K[1]);
        b = ((b ^ high).wrapping_mul(K[2]).rotate_left(27) ^ low).wrapping_mul(K[3]);
    }
    u128::from(finish(a)) << 64 | u128::from(finish(b))
}

/// MurmurHash3's finaliser: every bit of a lane reaches every bit of it.
fn finish(lane: u64) -> u64 {
    let lane = (lane ^ lane >> 33).wrapping_mul(0xff51_afd7_ed55_8ccd);
    let lane = (lane ^ lane >> 33).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    lane ^ lane >> 33
}

impl<R: Rules> Search for CellsGame<R> {
    fn is_won(&self) -> bool {
        CellsGame::is_won(self)
    }

    /// The moves of `moves_to_search`, but where the search of the last
    /// deals ([`crate::endgame`]) decides the position.
    fn search_actions(&self, out: &mut Vec<Action>) {
        // Near the end of a stock that deals onto each pile: a lost
        // position lists no move, a won one its moves with the next of a
        // win first (all of them, so that the search stays whole even
        // where that move leads somewhere it has been).
        let next = match crate::endgame::next_of_a_win(self) {
            Some(Ending::Lost) => return,
            Some(Ending::Won(next)) => Some(next),
            Some(Ending::TooLarge) | None => None,
        };
        let first = out.len();
        self.moves_to_search(out);
        if let Some(at) = next.and_then(|next| out[first..].iter().position(|action| *action == next)) {
            out[first..=first + at].rotate_right(1);
        }
    }

    fn is_dead(&self) -> bool {
        !self.is_won()
            && (self.reserve_cannot_be_completed()
                || self.runs_cannot_take_every_card()
                || self.faces_and_numbers_do_not_add_up()
                || self.piles_are_locked()
                || self.a_row_on_every_pile_is_stuck())
    }

    /// Most deals of the family's slower games are winnable (The Lucky
    /// Number, Triple Alliance of two decks), and a win found by a fixed
    /// move order can take millions of positions where a dive takes
    /// thousands. Not where the stock deals onto every pile
    /// (Baroness): two deals in five are lost there, and a lost deal pays
    /// for the dives before the search that proves it.
    fn restarts(&self) -> bool {
        !matches!(R::STOCK, Stock::OntoEachPile { .. })
    }

    /// A dive plays as a good player does: it removes while it can (a
    /// pair, a card alone, a whole set), draws when nothing leaves, and
    /// only when it cannot draw either starts a set in the reserve or moves
    /// a card. Random dives that drew or filled the reserve while a pair
    /// was there, or filled the reserve (which stops the draws) while they
    /// could draw, wandered: on The Lucky Number's deals that filled the
    /// search table, the first dive of this one wins.
    fn dive_actions(&self, out: &mut Vec<Action>) {
        let first = out.len();
        self.search_actions(out);
        let leaves = |action: &Action| matches!(action, Action::Remove(_) | Action::Set(_));
        let draws = |action: &Action| matches!(action, Action::Draw);
        let preferred: &dyn Fn(&Action) -> bool = if out[first..].iter().any(leaves) {
            &leaves
        } else if out[first..].iter().any(draws) {
            &draws
        } else {
            return;
        };
        let mut kept = first;
        for index in first..out.len() {
            if preferred(&out[index]) {
                out.swap(kept, index);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn state_key(&self) -> u128 {
        let (words, len) = self.key_words();
        hash_words(&words[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;
    use crate::testing::{start_from, with_piles_swapped};
    use crate::Removal;

    /// Two piles of three never refilled, two cells refilled at once.
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    struct Mixed;

    impl Rules for Mixed {
        const ID: &'static str = "mixed";
        const NAME: &'static str = "Mixed";
        const SUMMARY: &'static str = "A test table.";
        const INTRO: &'static str = "A test table.";
        const REFILL: Refill = Refill::AtOnce;
        const REMOVAL: Removal = Removal::pairs(PairRule::sum(13), "two cards making 13");

        fn table() -> &'static Table {
            crate::table!(Table::default().pile(0.0, 0.0, 3, false).pile(1.25, 0.0, 3, false).cells(1, 2, 0.0, 3.0).stock_at(4.0, 0.0))
        }
    }

    #[test]
    fn piles_of_one_kind_trade_places_in_the_key_and_of_two_kinds_never() {
        let game = start_from::<Mixed>("2c 3c 9c 4c 5c 6c 7c 8c");
        assert_eq!(game.state_key(), with_piles_swapped(&game, 0, 1).state_key(), "two piles never refilled");
        assert_eq!(game.state_key(), with_piles_swapped(&game, 2, 3).state_key(), "two cells");
        assert_ne!(game.state_key(), with_piles_swapped(&game, 1, 2).state_key(), "a pile and a cell");
    }

    /// The facts kept for a stock are its own: deals in turn, each drawn
    /// to the same stock length, are answered as when worked out afresh,
    /// and the answers differ between them (so that one kept for another
    /// stock of that length would show).
    #[test]
    fn a_stuck_stock_row_is_kept_for_its_own_stock() {
        use crate::endgame::tests::Fives;
        use crate::testing::start;
        let mut answers = [0usize; 2];
        for draws in 0..8 {
            for seed in 1..=200 {
                let mut game = start::<Fives>(seed);
                for _ in 0..draws {
                    patience_engine::Variant::perform(&mut game, &Action::Draw);
                }
                let deals = game.deals_left().expect("whole deals left");
                let afresh = StockFacts::of::<Fives>(&deals);
                let (kept_stuck, kept_ways) = STOCK_ROWS.with(|rows| {
                    let mut rows = rows.borrow_mut();
                    let kept = rows.facts::<Fives>(&game.stock, || StockFacts::of::<Fives>(&deals));
                    (kept.a_row_is_stuck, kept.ways_for_the_tops.clone())
                });
                assert_eq!(kept_stuck, afresh.a_row_is_stuck, "deal {seed} after {draws} draws");
                assert_eq!(kept_ways, afresh.ways_for_the_tops, "deal {seed} after {draws} draws");
                answers[usize::from(afresh.a_row_is_stuck)] += 1;
            }
        }
        assert!(answers[0] > 0 && answers[1] > 0, "stuck and not: {answers:?}");
    }

    #[test]
    fn where_suits_never_matter_the_key_sees_ranks() {
        let game = start_from::<Mixed>("2c 3c 9c 4c 5c 6c 7c 8c");
        let other = start_from::<Mixed>("2d 3c 9c 4c 5c 6c 7c 8c");
        assert_eq!(game.state_key(), other.state_key());
        let other_rank = start_from::<Mixed>("3d 2c 9c 4c 5c 6c 7c 8c");
        assert_ne!(game.state_key(), other_rank.state_key());
    }
}
