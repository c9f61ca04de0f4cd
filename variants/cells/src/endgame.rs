//! The search after the last deal of a stock that deals onto each pile
//! (Baroness). Nothing comes any more: what is left is the cards the last
//! deal left on the piles, each either still in its pile, gone, or moved
//! alone into an emptied pile. So a position is two sets of those cards
//! (gone, moved), an exact key of two words, and a move is a few bit
//! operations. Looked through here with a small table of its own, an
//! ending costs a fraction of what the solver's search pays for the same
//! positions (a copy of the game, a key of its piles hashed, a lookup in
//! a table of millions); most of that search's positions on Baroness were
//! after the last deal.
//!
//! The solver asks at each position after the last deal
//! ([`crate::search`]'s `search_actions`): an ending that is lost lists no
//! move, one that is won lists the next move of the line found, and one
//! too large to look through here lists every move as before.

use crate::game::{Action, CellsGame, Group, Place};
use crate::{Refill, Rules, Stock, Win};
use patience_engine::card::CardId;
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::TypeId;
use std::cell::RefCell;

/// The most positions one ending is looked through for here; a larger one
/// is left to the solver's own search.
pub(crate) const LIMIT: usize = 1 << 16;

/// The most piles (reserve places included) and cards an ending holds.
const MAX_PILES: usize = 8;
const MAX_CARDS: usize = 64;

/// What looking through an ending found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A winning line, move by move.
    Won(Vec<Action>),
    Lost,
    /// More than [`LIMIT`] positions: not decided here.
    TooLarge,
}

/// A move of an ending, by the cards' indices in [`Endgame::cards`].
#[derive(Copy, Clone, Debug)]
enum Step {
    Alone(u8),
    Pair(u8, u8),
    /// The top card of its pile moves into an empty pile.
    Shift(u8),
}

/// The cards of an ending, fixed once the last deal is made.
struct Endgame {
    /// Every card on the table, pile after pile, each from the bottom up.
    cards: [CardId; MAX_CARDS],
    count: usize,
    /// The pile each card lies in.
    pile_of: [u8; MAX_CARDS],
    /// Where each pile's cards start in `cards`.
    first: [u8; MAX_PILES],
    piles: usize,
    /// The piles whose top may move into an empty pile, and which may
    /// take one (not the reserve places), as bits.
    movable: u32,
    /// For each card, the cards it pairs with, as bits.
    partners: [u64; MAX_CARDS],
    /// The cards that leave alone, and of those the ones that pair with
    /// nothing.
    alone: u64,
    alone_only: u64,
}

/// A position of an ending.
#[derive(Copy, Clone)]
struct Position {
    gone: u64,
    /// Cards moved alone into an emptied pile and not gone.
    moved: u64,
    /// How many of each pile's own cards are still in it.
    height: [u8; MAX_PILES],
}

impl Position {
    fn key(&self) -> u128 {
        u128::from(self.gone) | u128::from(self.moved) << 64
    }
}

impl Endgame {
    /// The ending of `game`, if it is one this search looks through: the
    /// stock that dealt onto each pile is empty, nothing else is in play,
    /// and every card must leave, alone or in pairs.
    fn of<R: Rules>(game: &CellsGame<R>) -> Option<Endgame> {
        if !Endgame::applies(game) {
            return None;
        }
        let specs = &game.table().piles;
        // Every slot past `count` is never read: any card fills them.
        let filler = game.piles.iter().find_map(|pile| pile.last())?;
        let mut endgame = Endgame {
            cards: [filler; MAX_CARDS],
            count: 0,
            pile_of: [0; MAX_CARDS],
            first: [0; MAX_PILES],
            piles: specs.len(),
            movable: 0,
            partners: [0; MAX_CARDS],
            alone: 0,
            alone_only: 0,
        };
        let mut by_rank = [0u64; 14];
        for (i, spec) in specs.iter().enumerate() {
            endgame.first[i] = endgame.count as u8;
            if R::MOVES_TO_EMPTY && !spec.receives_only_from_stock {
                endgame.movable |= 1 << i;
            }
            for card in game.piles[i].iter() {
                if endgame.count == MAX_CARDS {
                    return None;
                }
                by_rank[card.rank() as usize] |= 1 << endgame.count;
                endgame.cards[endgame.count] = card;
                endgame.pile_of[endgame.count] = i as u8;
                endgame.count += 1;
            }
        }
        let cards = &endgame.cards[..endgame.count];
        for (i, &a) in cards.iter().enumerate() {
            // Where pairs go by rank, a card's partners are the cards of
            // its partner ranks; otherwise each pair is asked.
            endgame.partners[i] = if CellsGame::<R>::suits_matter() {
                cards.iter().enumerate().filter(|&(j, &b)| j != i && R::pair(a, b)).fold(0, |mask, (j, _)| mask | 1 << j)
            } else {
                let ranks = R::REMOVAL.pairs.partners(a.rank());
                (1..=13).filter(|rank| ranks & 1 << rank != 0).fold(0, |mask, rank| mask | by_rank[rank]) & !(1 << i)
            };
            if R::single(a) {
                endgame.alone |= 1 << i;
                if endgame.partners[i] == 0 {
                    endgame.alone_only |= 1 << i;
                }
            }
        }
        Some(endgame)
    }

    /// Whether `game` is in an ending this search looks through.
    fn applies<R: Rules>(game: &CellsGame<R>) -> bool {
        matches!(R::STOCK, Stock::OntoEachPile { .. })
            && R::SET.is_none()
            && R::REFILL == Refill::Never
            && R::WIN == Win::AllBut(0)
            && game.stock.is_empty()
            && game.waste.is_empty()
            && game.reserve.is_empty()
            && game.table().piles.len() <= MAX_PILES
    }

    fn all(&self) -> u64 {
        if self.count == 64 { u64::MAX } else { (1u64 << self.count) - 1 }
    }

    fn start(&self, game_piles: impl Fn(usize) -> usize) -> Position {
        let mut height = [0u8; MAX_PILES];
        for (pile, slot) in height.iter_mut().enumerate().take(self.piles) {
            *slot = game_piles(pile) as u8;
        }
        Position { gone: 0, moved: 0, height }
    }

    /// The cards that may leave now (pile tops and cards moved alone), as
    /// bits, and whether an empty pile may take a card.
    fn available(&self, at: &Position) -> (u64, bool) {
        let mut available = at.moved;
        let mut occupied = at.moved.count_ones();
        for pile in 0..self.piles {
            let height = at.height[pile];
            if height > 0 {
                available |= 1 << (self.first[pile] + height - 1);
                occupied += (self.movable >> pile) & 1;
            }
        }
        (available, occupied < self.movable.count_ones())
    }

    /// The moves from `at`, in the order they are tried: a card that leaves
    /// alone and pairs with nothing at once and alone (its leaving takes
    /// nothing any other line needs: see `forced_removal` in
    /// [`crate::search`]), else cards alone, pairs, then moves into an
    /// empty pile of a card that bares another.
    fn steps(&self, at: &Position, out: &mut Vec<Step>) {
        let (available, room) = self.available(at);
        let forced = available & self.alone_only;
        if forced != 0 {
            return out.push(Step::Alone(forced.trailing_zeros() as u8));
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
        if room {
            for pile in (0..self.piles).filter(|&pile| (self.movable >> pile) & 1 != 0 && at.height[pile] >= 2) {
                out.push(Step::Shift(self.first[pile] + at.height[pile] - 1));
            }
        }
    }

    fn play(&self, mut at: Position, step: Step) -> Position {
        let mut take = |card: u8| {
            let bit = 1u64 << card;
            if at.moved & bit != 0 {
                at.moved &= !bit;
            } else {
                at.height[self.pile_of[card as usize] as usize] -= 1;
            }
            at.gone |= bit;
        };
        match step {
            Step::Alone(card) => take(card),
            Step::Pair(a, b) => {
                take(a);
                take(b);
            }
            Step::Shift(card) => {
                at.height[self.pile_of[card as usize] as usize] -= 1;
                at.moved |= 1 << card;
            }
        }
        at
    }

    /// Depth first from `at`, remembering the positions found lost; the
    /// line to a win in `line`. `Err` when the table is full.
    fn search(&self, at: Position, lost: &mut FxHashSet<u128>, steps: &mut Vec<Step>, line: &mut Vec<Step>) -> Result<bool, ()> {
        if at.gone == self.all() {
            return Ok(true);
        }
        if lost.contains(&at.key()) {
            return Ok(false);
        }
        if lost.len() >= LIMIT {
            return Err(());
        }
        let first = steps.len();
        self.steps(&at, steps);
        for index in first..steps.len() {
            let step = steps[index];
            line.push(step);
            if self.search(self.play(at, step), lost, steps, line)? {
                steps.truncate(first);
                return Ok(true);
            }
            line.pop();
        }
        steps.truncate(first);
        lost.insert(at.key());
        Ok(false)
    }
}

/// Looks through the ending `game` is in, if it is one ([`Endgame::of`]).
pub(crate) fn look_through<R: Rules>(game: &CellsGame<R>) -> Option<Ending> {
    let endgame = Endgame::of(game)?;
    let start = endgame.start(|pile| game.piles[pile].len());
    let (mut lost, mut steps, mut line) = (FxHashSet::default(), Vec::new(), Vec::new());
    Some(match endgame.search(start, &mut lost, &mut steps, &mut line) {
        Err(()) => Ending::TooLarge,
        Ok(false) => Ending::Lost,
        Ok(true) => Ending::Won(actions_of(game, &endgame, &line)),
    })
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
            Step::Shift(card) => {
                let empty = (0..endgame.piles).find(|&pile| (endgame.movable >> pile) & 1 != 0 && game.piles[pile].is_empty());
                Action::Shift { from: place(&game, card), to: empty.expect("an empty pile") as u8 }
            }
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
    /// game and the position's key with its piles in their places (the
    /// move names them): the solver plays a line one position at a time.
    static NEXT: RefCell<FxHashMap<(TypeId, u128), Action>> = RefCell::new(FxHashMap::default());
}

/// What the solver may play at `game` if it is after the last deal:
/// `Some(None)` when the ending is lost, `Some(Some(move))` for the next
/// move of a winning line; `None` when this search does not decide it.
pub(crate) fn next_move<R: Rules>(game: &CellsGame<R>) -> Option<Option<Action>> {
    if !Endgame::applies(game) {
        return None;
    }
    let key = (TypeId::of::<R>(), game.placed_key());
    if let Some(action) = NEXT.with(|next| next.borrow().get(&key).copied()) {
        return Some(Some(action));
    }
    match look_through(game)? {
        Ending::TooLarge => None,
        Ending::Lost => Some(None),
        Ending::Won(line) => {
            let first = line.first().copied();
            NEXT.with(|next| {
                let mut next = next.borrow_mut();
                if next.len() + line.len() > REMEMBERED {
                    next.clear();
                }
                let mut at = *game;
                for action in line {
                    next.insert((TypeId::of::<R>(), at.placed_key()), action);
                    patience_engine::Variant::perform(&mut at, &action);
                }
            });
            // An ending already won has no move left; the solver never asks.
            Some(first)
        }
    }
}

#[cfg(test)]
mod tests {
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
    struct Fives;

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

    /// Positions after the last deal of random games of `R` (removals
    /// preferred, so that cards are left for a search), and a few random
    /// moves on from them.
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
            while !game.stock.is_empty() {
                let Some(action) = random_move(&game) else { break };
                game.perform(&action);
            }
            if game.stock.is_empty() && !game.is_won() {
                found.push(game);
                for _ in 0..3 {
                    if let Some(action) = random_move(&game) {
                        game.perform(&action);
                        if !game.is_won() {
                            found.push(game);
                        }
                    }
                }
            }
            if found.len() >= count {
                return found;
            }
        }
        unreachable!()
    }

    /// Every ending decided as a plain search of every legal move decides
    /// it, and every win found is a line of legal moves that wins; both
    /// verdicts met often.
    fn assert_endings_decided_as_a_plain_search_decides<R: Rules>(least_won: usize) {
        let (mut won, mut lost) = (0, 0);
        for ending in endings::<R>(400) {
            let plain = solve(&Plain(ending), 200_000);
            assert_ne!(plain.verdict, Verdict::Unknown, "{}: a plain search decides every ending: {ending:?}", R::NAME);
            match look_through(&ending).expect("an ending") {
                Ending::TooLarge => panic!("{}: an ending too large: {ending:?}", R::NAME),
                Ending::Lost => {
                    assert_eq!(plain.verdict, Verdict::NotWinnable, "{}: called lost, but won: {ending:?}", R::NAME);
                    lost += 1;
                }
                Ending::Won(line) => {
                    assert_eq!(plain.verdict, Verdict::Winnable, "{}: {ending:?}", R::NAME);
                    let mut game = ending;
                    for action in &line {
                        assert!(game.actions().contains(action), "{}: {action:?} is not legal in {game:?}", R::NAME);
                        game.perform(action);
                    }
                    assert!(game.is_won(), "{}: the line ends in {game:?}", R::NAME);
                    won += 1;
                }
            }
        }
        assert!(won >= least_won && lost >= 40, "{}: {won} won, {lost} lost", R::NAME);
    }

    #[test]
    fn endings_are_decided_as_a_plain_search_decides() {
        assert_endings_decided_as_a_plain_search_decides::<Fives>(40);
    }

    #[test]
    fn endings_whose_pairs_look_at_suits_are_decided_as_a_plain_search_decides() {
        // Fewer are won: an Ace and a Queen pair one way in four.
        assert_endings_decided_as_a_plain_search_decides::<SuitedFives>(15);
    }

    /// Some winning lines need a card moved into an empty pile: the
    /// sample puts that part of the search to the test.
    #[test]
    fn some_endings_are_won_only_by_moving_a_card_into_an_empty_pile() {
        let needs_a_move = endings::<Fives>(400).into_iter().filter(|ending| {
            let Some(Ending::Won(line)) = look_through(ending) else { return false };
            let mut without = Endgame::of(ending).expect("an ending");
            without.movable = 0;
            let start = without.start(|pile| ending.piles[pile].len());
            line.iter().any(|action| matches!(action, Action::Shift { .. }))
                && without.search(start, &mut FxHashSet::default(), &mut Vec::new(), &mut Vec::new()) == Ok(false)
        });
        assert!(needs_a_move.count() >= 5);
    }

    /// The solver plays an ending's line a position at a time: every
    /// position of it lists the line's next move alone, and a lost one
    /// lists none.
    #[test]
    fn the_solver_lists_the_next_move_of_a_win_and_none_in_a_lost_ending() {
        use patience_engine::Search;
        for ending in endings::<Fives>(60) {
            match look_through(&ending).expect("an ending") {
                Ending::Won(line) => {
                    let mut game = ending;
                    for action in line {
                        let mut listed = Vec::new();
                        game.search_actions(&mut listed);
                        assert_eq!(listed, [action]);
                        game.perform(&action);
                    }
                }
                _ => {
                    let mut listed = Vec::new();
                    ending.search_actions(&mut listed);
                    assert!(listed.is_empty(), "{listed:?}");
                }
            }
        }
    }
}
