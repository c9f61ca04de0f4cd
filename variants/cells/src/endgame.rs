//! The search of the last deals of a stock that deals onto each pile
//! (Baroness). Two deals from the end little is left to choose: the
//! cards on the table and those the deals will put there are known, each
//! card is on its pile, gone, or moved alone into an emptied pile, where
//! the next deals cover it. So a position is the cards gone, the card
//! moved to the bottom of each pile and the deals made, an exact key of
//! two words, and a move a few bit operations. Looked through here with a
//! small table of its own, a position costs a fraction of what the
//! solver's search pays for it (a copy of the game, a key of its piles
//! hashed, a lookup in a table of millions); most of that search's
//! positions on Baroness were in the last deals.
//!
//! The solver asks at each such position ([`crate::search`]'s
//! `search_actions`): a lost one lists no move, a won one lists its moves
//! with the next of the win found first, and one too large to look
//! through here lists its moves as before.

use crate::game::{Action, CellsGame, Group, Place};
use crate::{Refill, Rules, Stock, Win};
use patience_engine::card::CardId;
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::TypeId;
use std::cell::RefCell;

/// The most positions one ending is looked through for here; a larger one
/// is left to the solver's own search.
const LIMIT: usize = 1 << 16;

/// The most piles (reserve places included) and cards an ending holds.
const MAX_PILES: usize = 8;
const MAX_CARDS: usize = 64;

/// What looking through an ending found: with a winning line, move by
/// move (`Ending<Vec<Action>>`), or the next move of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending<Won = Vec<Action>> {
    Won(Won),
    Lost,
    /// More than [`LIMIT`] positions: not decided here.
    TooLarge,
}

/// A move of an ending, by the cards' indices in [`Endgame::cards`].
#[derive(Copy, Clone, Debug)]
enum Step {
    Alone(u8),
    Pair(u8, u8),
    /// The top card of its pile moves into empty pile `to`.
    Shift { card: u8, to: u8 },
    Draw,
}

/// The cards of an ending, fixed once the search starts: the cards on the
/// table, then those the deals left will put there, each dealt onto its
/// **home** pile. A card of a later deal lies above every earlier card of
/// its pile, so the cards are numbered in the order they are dealt: a
/// pile's top is its highest-numbered card still there. Where a card moved
/// alone into an emptied pile lies under every card dealt onto it later,
/// each pile holds at most one such card, at its bottom.
struct Endgame {
    cards: [CardId; MAX_CARDS],
    count: usize,
    home: [u8; MAX_CARDS],
    /// The cards of each pile's home.
    homes: [u64; MAX_PILES],
    /// How many cards are on the table after each number of deals.
    dealt: [u8; MAX_DEALS + 1],
    deals: u8,
    piles: usize,
    /// The piles whose top may move into an empty pile, and which may
    /// take one (not the reserve places), as bits.
    movable: u32,
    /// The fewest cards a pile gives one from while deals are left: one
    /// (which card the next deal covers depends on where a lone card
    /// lies), once none are left two (a lone card's move changes nothing).
    least_while_dealing: u8,
    /// For each card, the cards it pairs with, as bits.
    partners: [u64; MAX_CARDS],
    /// The cards that leave alone, and of those the ones that pair with
    /// nothing.
    alone: u64,
    alone_only: u64,
    /// For each card of a rank that pairs only with one rank, whose cards
    /// pair only with it (a 4 and a 9 making 13), the cards of those two
    /// ranks; 0 for the rest.
    closed: [u64; MAX_CARDS],
}

/// The most deals left where the search looks a position through.
const MAX_DEALS: usize = 2;

/// A position of an ending.
#[derive(Copy, Clone)]
struct Position {
    gone: u64,
    /// The card (its number and one) moved alone into each pile while it
    /// was empty, and still there; 0 for none.
    bottom: [u8; MAX_PILES],
    deals: u8,
}

impl Position {
    /// Exact: the cards gone, each pile's bottom card, the deals made.
    fn key(&self) -> u128 {
        let bottoms = self.bottom.iter().fold(0u128, |word, &card| word << 7 | u128::from(card));
        u128::from(self.gone) | bottoms << 64 | u128::from(self.deals) << 122
    }

    /// The cards moved out of their home piles and still in play.
    fn moved(&self) -> u64 {
        self.bottom.iter().filter(|&&card| card != 0).fold(0, |mask, &card| mask | 1 << (card - 1))
    }

    /// Takes `card` off the bottom of the pile it was moved to, if it lies
    /// there.
    fn lift(&mut self, card: u8) {
        if let Some(slot) = self.bottom.iter_mut().find(|slot| **slot == card + 1) {
            *slot = 0;
        }
    }
}

impl Endgame {
    /// The ending of `game`, if it is one this search looks through
    /// ([`Endgame::applies`]).
    fn of<R: Rules>(game: &CellsGame<R>) -> Option<Endgame> {
        if !Endgame::applies(game) {
            return None;
        }
        let Stock::OntoEachPile { piles: dealt_onto, extra } = R::STOCK else { return None };
        let specs = &game.table().piles;
        // Every slot past `count` is never read: any card fills them.
        let filler = game.piles.iter().find_map(|pile| pile.last()).or_else(|| game.stock.last())?;
        let mut endgame = Endgame {
            cards: [filler; MAX_CARDS],
            count: 0,
            home: [0; MAX_CARDS],
            homes: [0; MAX_PILES],
            dealt: [0; MAX_DEALS + 1],
            deals: 0,
            piles: specs.len(),
            movable: 0,
            least_while_dealing: 1,
            partners: [0; MAX_CARDS],
            alone: 0,
            alone_only: 0,
            closed: [0; MAX_CARDS],
        };
        let mut by_rank = [0u64; 14];
        let mut place = |endgame: &mut Endgame, card: CardId, pile: usize| {
            if endgame.count == MAX_CARDS {
                return false;
            }
            by_rank[card.rank() as usize] |= 1 << endgame.count;
            endgame.cards[endgame.count] = card;
            endgame.home[endgame.count] = pile as u8;
            endgame.homes[pile] |= 1 << endgame.count;
            endgame.count += 1;
            true
        };
        for (i, spec) in specs.iter().enumerate() {
            if R::MOVES_TO_EMPTY && !spec.receives_only_from_stock {
                endgame.movable |= 1 << i;
            }
            for card in game.piles[i].iter() {
                if !place(&mut endgame, card, i) {
                    return None;
                }
            }
        }
        endgame.dealt[0] = endgame.count as u8;
        // The deals as `perform` makes them: from the stock's top onto
        // piles 0, 1, …, the last one into the extra piles too.
        let mut stock = game.stock.iter().rev();
        while stock.len() > 0 {
            let last = stock.len() == dealt_onto as usize + extra.len();
            for pile in (0..dealt_onto).chain(extra.iter().copied().filter(|_| last)) {
                if let Some(card) = stock.next()
                    && !place(&mut endgame, card, pile as usize)
                {
                    return None;
                }
            }
            endgame.deals += 1;
            endgame.dealt[endgame.deals as usize] = endgame.count as u8;
        }
        let cards = &endgame.cards[..endgame.count];
        let cards_of = |ranks: u16| (1..=13).filter(|rank| ranks & 1 << rank != 0).fold(0u64, |mask, rank| mask | by_rank[rank]);
        for (i, &a) in cards.iter().enumerate() {
            // Where pairs go by rank, a card's partners are the cards of
            // its partner ranks; otherwise each pair is asked.
            endgame.partners[i] = if CellsGame::<R>::suits_matter() {
                cards.iter().enumerate().filter(|&(j, &b)| j != i && R::pair(a, b)).fold(0, |mask, (j, _)| mask | 1 << j)
            } else {
                cards_of(R::REMOVAL.pairs.partners(a.rank())) & !(1 << i)
            };
            if R::single(a) {
                endgame.alone |= 1 << i;
                if endgame.partners[i] == 0 {
                    endgame.alone_only |= 1 << i;
                }
            }
            if let Some(ranks) = CellsGame::<R>::closed_ranks(a.rank()).filter(|_| !CellsGame::<R>::suits_matter()) {
                endgame.closed[i] = cards_of(ranks);
            }
        }
        Some(endgame)
    }

    /// Whether `game` is in an ending this search looks through: a game
    /// whose stock deals onto each pile, with no set, nothing refilled and
    /// every card to leave, at most [`MAX_DEALS`] deals from the end.
    fn applies<R: Rules>(game: &CellsGame<R>) -> bool {
        let Stock::OntoEachPile { piles, extra } = R::STOCK else { return false };
        R::SET.is_none()
            && R::REFILL == Refill::Never
            && R::WIN == Win::AllBut(0)
            && game.stock.len() <= (MAX_DEALS - 1) * piles as usize + piles as usize + extra.len()
            && game.waste.is_empty()
            && game.reserve.is_empty()
            && game.table().piles.len() <= MAX_PILES
    }

    fn all(&self) -> u64 {
        if self.count == 64 { u64::MAX } else { (1u64 << self.count) - 1 }
    }

    fn start(&self) -> Position {
        Position { gone: 0, bottom: [0; MAX_PILES], deals: 0 }
    }

    /// The top card of each pile (its number and one; 0 for an empty
    /// pile) and how many cards it holds.
    fn tops(&self, at: &Position) -> [(u8, u8); MAX_PILES] {
        let on_table = ((1u128 << self.dealt[at.deals as usize]) - 1) as u64;
        let in_home = on_table & !at.gone & !at.moved();
        let mut tops = [(0u8, 0u8); MAX_PILES];
        for (pile, top) in tops.iter_mut().enumerate().take(self.piles) {
            let own = self.homes[pile] & in_home;
            let bottom = at.bottom[pile];
            let count = own.count_ones() as u8 + u8::from(bottom != 0);
            *top = if own != 0 { (64 - own.leading_zeros() as u8, count) } else { (bottom, count) };
        }
        tops
    }

    /// The moves from `at`, in the order they are tried: a card that leaves
    /// alone and pairs with nothing at once and alone (its leaving takes
    /// nothing any other line needs: see `forced_removal` in
    /// [`crate::search`]), else cards alone, pairs, moves into an empty
    /// pile (a pile's only card too while deals are left: which card the
    /// next deal covers depends on it), and the next deal.
    fn steps(&self, at: &Position, out: &mut Vec<Step>) {
        let tops = self.tops(at);
        let available = tops[..self.piles].iter().filter(|(top, _)| *top != 0).fold(0u64, |mask, (top, _)| mask | 1 << (top - 1));
        let forced = available & self.alone_only;
        if forced != 0 {
            return out.push(Step::Alone(forced.trailing_zeros() as u8));
        }
        // A pair of two ranks that pair only with each other goes at once
        // when every card of those ranks left is available (see
        // `forced_removal` in [`crate::search`]).
        let mut offered = available;
        while offered != 0 {
            let a = offered.trailing_zeros() as usize;
            offered &= offered - 1;
            let closed = self.closed[a];
            if closed != 0 && closed & !at.gone & !available == 0 {
                let with = self.partners[a] & offered;
                if with != 0 {
                    return out.push(Step::Pair(a as u8, with.trailing_zeros() as u8));
                }
            }
        }
        let mut singles = available & self.alone;
        while singles != 0 {
            out.push(Step::Alone(singles.trailing_zeros() as u8));
            singles &= singles - 1;
        }
        let mut rest = available;
        while rest != 0 {
            let a = rest.trailing_zeros();
            rest &= rest - 1;
            let mut with = self.partners[a as usize] & rest;
            while with != 0 {
                out.push(Step::Pair(a as u8, with.trailing_zeros() as u8));
                with &= with - 1;
            }
        }
        let deals_left = at.deals < self.deals;
        let least = if deals_left { self.least_while_dealing } else { 2 };
        let movable = |pile: &usize| (self.movable >> pile) & 1 != 0;
        let takes = |pile: &usize| movable(pile) && tops[*pile].1 == 0;
        let empty = (0..self.piles).filter(takes).fold(0u32, |mask, pile| mask | 1 << pile);
        let shifts = |lone: bool, out: &mut Vec<Step>| {
            if empty == 0 {
                return;
            }
            let from = (0..self.piles).filter(movable).filter(|&pile| tops[pile].1 >= least && (tops[pile].1 == 1) == lone);
            for from in from {
                let mut to = empty;
                while to != 0 {
                    out.push(Step::Shift { card: tops[from].0 - 1, to: to.trailing_zeros() as u8 });
                    // Once nothing is dealt, the empty piles are alike.
                    to = if deals_left { to & (to - 1) } else { 0 };
                }
            }
        };
        shifts(false, out);
        if deals_left {
            // A pile's only card moved matters only to the next deal: tried
            // after it, as the solver's search does, so that a line moves
            // one only where the deal needs it elsewhere (a fair player
            // votes on a line's first move over deals it imagines, and a
            // move good only for one of them wins no votes).
            out.push(Step::Draw);
            shifts(true, out);
        }
    }

    fn play(&self, mut at: Position, step: Step) -> Position {
        let mut take = |card: u8| {
            at.lift(card);
            at.gone |= 1 << card;
        };
        match step {
            Step::Alone(card) => take(card),
            Step::Pair(a, b) => {
                take(a);
                take(b);
            }
            Step::Shift { card, to } => {
                at.lift(card);
                // Back in its home pile, emptied, a card lies as it was
                // dealt: one position, one key.
                if self.home[card as usize] != to {
                    at.bottom[to as usize] = card + 1;
                }
            }
            Step::Draw => at.deals += 1,
        }
        at
    }

    /// Depth first from `at`, remembering the positions seen (a card may
    /// move to and fro between empty piles); the line to a win in `line`.
    /// `Err` when the table is full.
    fn search(&self, at: Position, seen: &mut FxHashSet<u128>, steps: &mut Vec<Step>, line: &mut Vec<Step>) -> Result<bool, ()> {
        if at.gone == self.all() {
            return Ok(true);
        }
        if seen.len() >= LIMIT {
            return Err(());
        }
        if !seen.insert(at.key()) {
            return Ok(false);
        }
        let first = steps.len();
        self.steps(&at, steps);
        for index in first..steps.len() {
            let step = steps[index];
            line.push(step);
            if self.search(self.play(at, step), seen, steps, line)? {
                steps.truncate(first);
                return Ok(true);
            }
            line.pop();
        }
        steps.truncate(first);
        Ok(false)
    }
}

/// Looks through the ending `game` is in, if it is one ([`Endgame::of`]).
pub(crate) fn look_through<R: Rules>(game: &CellsGame<R>) -> Option<Ending> {
    let endgame = Endgame::of(game)?;
    let start = endgame.start();
    SCRATCH.with(|scratch| {
        let (seen, steps, line) = &mut *scratch.borrow_mut();
        seen.clear();
        line.clear();
        let found = endgame.search(start, seen, steps, line);
        if seen.capacity() > 1 << 12 {
            // Clearing a table costs its size: a large one is not kept.
            *seen = FxHashSet::default();
        }
        Some(match found {
            Err(()) => Ending::TooLarge,
            Ok(false) => Ending::Lost,
            Ok(true) => Ending::Won(actions_of(game, &endgame, line)),
        })
    })
}

type Scratch = (FxHashSet<u128>, Vec<Step>, Vec<Step>);

thread_local! {
    /// The table and buffers of a search, kept from one to the next: the
    /// solver asks at a great many positions, each a small search, and
    /// allocating them each time cost more than searching in wasm.
    static SCRATCH: RefCell<Scratch> = RefCell::new((FxHashSet::default(), Vec::new(), Vec::new()));
}

/// The line `line` as the game's moves from `game`: each card found where
/// it lies now, a card moved into the first empty pile that takes one.
fn actions_of<R: Rules>(game: &CellsGame<R>, endgame: &Endgame, line: &[Step]) -> Vec<Action> {
    let mut game = *game;
    let mut actions = Vec::with_capacity(line.len());
    for &step in line {
        let place = |game: &CellsGame<R>, card: u8| {
            let card = endgame.cards[card as usize];
            let pile = (0..endgame.piles).find(|&pile| game.piles[pile].last() == Some(card)).expect("a card of the line is on top");
            pile as u8
        };
        let action = match step {
            Step::Alone(card) => Action::Remove(Group::of(&[Place::Pile(place(&game, card))])),
            Step::Pair(a, b) => {
                let (a, b) = (place(&game, a), place(&game, b));
                Action::Remove(Group::of(&[Place::Pile(a.min(b)), Place::Pile(a.max(b))]))
            }
            Step::Shift { card, to } => Action::Shift { from: place(&game, card), to },
            Step::Draw => Action::Draw,
        };
        patience_engine::Variant::perform(&mut game, &action);
        actions.push(action);
    }
    actions
}

/// The most moves remembered from the winning lines found.
const REMEMBERED: usize = 1 << 16;

thread_local! {
    /// The next move of each position of the winning lines found, by the
    /// game and the position's key with its piles in their places and the
    /// stock's cards (the move names places; the stock is the future).
    static NEXT: RefCell<FxHashMap<(TypeId, u128), Action>> = RefCell::new(FxHashMap::default());
}

/// Whether `game`, if this search looks it through, is lost, or won and
/// by which next move. The solver plays a win a position at a time, and
/// a search from the next position may find another line (a card moved
/// back where it came from, say): so the lines found are remembered, and
/// the next move is the one remembered.
pub(crate) fn next_of_a_win<R: Rules>(game: &CellsGame<R>) -> Option<Ending<Action>> {
    if !Endgame::applies(game) {
        return None;
    }
    let key = (TypeId::of::<R>(), game.placed_key());
    if let Some(action) = NEXT.with(|next| next.borrow().get(&key).copied()) {
        return Some(Ending::Won(action));
    }
    Some(match look_through(game)? {
        Ending::TooLarge => Ending::TooLarge,
        Ending::Lost => Ending::Lost,
        Ending::Won(line) => {
            // A game won already has no next move: its moves as ever.
            let Some(&first) = line.first() else { return Some(Ending::TooLarge) };
            NEXT.with(|next| {
                let mut next = next.borrow_mut();
                if next.len() + line.len() > REMEMBERED {
                    next.clear();
                }
                // Each position's move is the one played from its last
                // visit on the line, and only up to the first position a
                // line found before goes through, which then leads on: a
                // move remembered leads along its own line or into an older
                // one, so following them never comes round to a position.
                let mut at = *game;
                let mut keys = Vec::with_capacity(line.len());
                for action in &line {
                    keys.push((TypeId::of::<R>(), at.placed_key()));
                    patience_engine::Variant::perform(&mut at, action);
                }
                let mut index = 0;
                while index < line.len() && !next.contains_key(&keys[index]) {
                    let last = keys.iter().rposition(|key| *key == keys[index]).expect("itself");
                    next.insert(keys[index], line[last]);
                    index = last + 1;
                }
                Ending::Won(next.get(&key).copied().unwrap_or(first))
            })
        }
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::table::Table;
    use crate::testing::{start, Plain};
    use crate::{PairRule, Removal};
    use patience_engine::card::KING;
    use patience_engine::deal::DealRng;
    use patience_engine::solver::{solve, Verdict};
    use patience_engine::Variant;

    /// Baroness: five piles, a card onto each a draw, the last draw's two
    /// extra cards into reserve places; 13s and Kings leave, a top card
    /// moves into an empty pile.
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub(crate) struct Fives;

    impl Rules for Fives {
        const ID: &'static str = "fives";
        const NAME: &'static str = "Fives";
        const SUMMARY: &'static str = "A test table.";
        const INTRO: &'static str = "A test table.";
        const REFILL: Refill = Refill::Never;
        const STOCK: Stock = Stock::OntoEachPile { piles: 5, extra: &[5, 6] };
        const REMOVAL: Removal = Removal::pairs(PairRule::sum(13), "two cards making 13").alone(crate::ranks(&[KING]), "a King");
        const MOVES_TO_EMPTY: bool = true;

        fn table() -> &'static Table {
            crate::table!(Table::default().row_of(5, 1, 0.0, 0.0, false).draw_cell(6.75, 0.0).draw_cell(8.0, 0.0).stock_at(6.75, 1.9))
        }
    }

    /// The same game, but an Ace and a Queen pair only of one suit: each
    /// pair asked of the rules.
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
    struct SuitedFives;

    impl Rules for SuitedFives {
        const ID: &'static str = "suited-fives";
        const NAME: &'static str = "Suited Fives";
        const SUMMARY: &'static str = "A test table.";
        const INTRO: &'static str = "A test table.";
        const SUITS_MATTER: bool = true;
        const REFILL: Refill = Refill::Never;
        const STOCK: Stock = Fives::STOCK;
        const REMOVAL: Removal = Fives::REMOVAL;
        const MOVES_TO_EMPTY: bool = true;

        fn pair(a: CardId, b: CardId) -> bool {
            let ace_and_queen = a.rank().min(b.rank()) == patience_engine::card::ACE;
            Fives::pair(a, b) && (!ace_and_queen || a.card().suit == b.card().suit)
        }

        fn table() -> &'static Table {
            Fives::table()
        }
    }

    /// Positions of random games of `R` (removals preferred, so that cards
    /// are left for a search) this search looks through: as each of the
    /// last deals is reached, and a few random moves on from there, so
    /// that some have cards moved into emptied piles.
    fn endings<R: Rules>(count: usize) -> Vec<CellsGame<R>> {
        let mut rng = DealRng::new(5);
        let mut found = Vec::new();
        let mut random_move = |game: &CellsGame<R>| {
            let actions = game.actions();
            let removals: Vec<Action> = actions.iter().copied().filter(|action| matches!(action, Action::Remove(_))).collect();
            let from = if !removals.is_empty() && rng.below(4) != 0 { removals } else { actions };
            (!from.is_empty()).then(|| from[rng.below(from.len() as u64) as usize])
        };
        for seed in 1.. {
            let mut game = start::<R>(seed);
            let mut stock_seen = usize::MAX;
            loop {
                if Endgame::applies(&game) && game.stock.len() != stock_seen && !game.is_won() {
                    stock_seen = game.stock.len();
                    found.push(game);
                    let mut aside = game;
                    for _ in 0..2 {
                        match random_move(&aside) {
                            Some(action) if action != Action::Draw => aside.perform(&action),
                            _ => break,
                        }
                        if !aside.is_won() {
                            found.push(aside);
                        }
                    }
                }
                let Some(action) = random_move(&game) else { break };
                game.perform(&action);
            }
            if found.len() >= count {
                return found;
            }
        }
        unreachable!()
    }

    /// Every position decided as a plain search of every legal move decides
    /// it, and every win found is a line of legal moves that wins; both
    /// verdicts met often, with deals left and without.
    fn assert_endings_decided_as_a_plain_search_decides<R: Rules>(least_won: usize) {
        let mut met = std::collections::BTreeMap::new();
        for ending in endings::<R>(800) {
            let plain = solve(&Plain(ending), 300_000);
            if plain.verdict == Verdict::Unknown {
                continue;
            }
            let won = match look_through(&ending).expect("an ending") {
                Ending::TooLarge => panic!("{}: an ending too large: {ending:?}", R::NAME),
                Ending::Lost => false,
                Ending::Won(line) => {
                    let mut game = ending;
                    for action in &line {
                        assert!(game.actions().contains(action), "{}: {action:?} is not legal in {game:?}", R::NAME);
                        game.perform(action);
                    }
                    assert!(game.is_won(), "{}: the line ends in {game:?}", R::NAME);
                    true
                }
            };
            assert_eq!(won, plain.verdict == Verdict::Winnable, "{}: {ending:?}", R::NAME);
            *met.entry((ending.stock.is_empty(), won)).or_insert(0) += 1;
        }
        for key in [(true, true), (true, false), (false, true), (false, false)] {
            let least = if key.1 { least_won } else { 40 };
            assert!(met.get(&key).copied().unwrap_or(0) >= least, "{}: (stock empty, won): {met:?}", R::NAME);
        }
    }

    #[test]
    fn endings_are_decided_as_a_plain_search_decides() {
        assert_endings_decided_as_a_plain_search_decides::<Fives>(30);
    }

    #[test]
    fn endings_whose_pairs_look_at_suits_are_decided_as_a_plain_search_decides() {
        // Fewer are won: an Ace and a Queen pair one way in four.
        assert_endings_decided_as_a_plain_search_decides::<SuitedFives>(10);
    }

    /// Some winning lines need a card moved into an empty pile: the
    /// sample puts that part of the search to the test.
    #[test]
    fn some_endings_are_won_only_by_moving_a_card_into_an_empty_pile() {
        let needs_a_move = endings::<Fives>(400).into_iter().filter(|ending| {
            let Some(Ending::Won(line)) = look_through(ending) else { return false };
            let mut without = Endgame::of(ending).expect("an ending");
            without.movable = 0;
            let start = without.start();
            line.iter().any(|action| matches!(action, Action::Shift { .. }))
                && without.search(start, &mut FxHashSet::default(), &mut Vec::new(), &mut Vec::new()) == Ok(false)
        });
        assert!(needs_a_move.count() >= 5);
    }

    /// Some wins need a pile's only card moved while deals are left, so
    /// that the next deal covers another card: found before such moves
    /// on the solver's winning lines of deals of Baroness's rules (the
    /// lines move one only where a deal needs it: few do).
    #[test]
    fn some_positions_are_won_only_by_moving_a_lone_card_before_a_deal() {
        let mut found = 0;
        for seed in 1..=300 {
            let mut game = start::<Fives>(seed);
            let solution = solve(&game, 200_000);
            for action in &solution.line {
                let lone = matches!(action, Action::Shift { from, .. } if game.piles[*from as usize].len() == 1);
                if lone && let Some(mut without) = Endgame::of(&game) {
                    assert!(matches!(look_through(&game), Some(Ending::Won(_))), "on a winning line: {game:?}");
                    without.least_while_dealing = 2;
                    let start = without.start();
                    if without.search(start, &mut FxHashSet::default(), &mut Vec::new(), &mut Vec::new()) == Ok(false) {
                        found += 1;
                    }
                }
                game.perform(action);
            }
            if found >= 1 {
                return;
            }
        }
        panic!("no position of deals 1–300 is won only by a lone card moved before a deal");
    }

    /// Where a position is won the solver lists the moves it would list
    /// anyway, the next of a win first, and the first moves listed lead to
    /// a win without coming round to a position again; where it is lost,
    /// none.
    #[test]
    fn the_solver_lists_the_next_move_of_a_win_first_and_none_where_lost() {
        use patience_engine::Search;
        for ending in endings::<Fives>(200) {
            let won = matches!(look_through(&ending).expect("an ending"), Ending::Won(_));
            let (mut game, mut seen) = (ending, std::collections::HashSet::new());
            while !game.is_won() {
                assert!(seen.insert(game.placed_key()), "a position comes round again: {game:?}");
                let (mut listed, mut anyway) = (Vec::new(), Vec::new());
                game.search_actions(&mut listed);
                if !won {
                    assert!(listed.is_empty(), "{listed:?} in a lost {game:?}");
                    break;
                }
                game.moves_to_search(&mut anyway);
                let mut sorted = listed.clone();
                sorted.sort_by_key(|action| format!("{action:?}"));
                anyway.sort_by_key(|action| format!("{action:?}"));
                assert_eq!(sorted, anyway, "{game:?}");
                game.perform(&listed[0]);
            }
        }
    }
}
