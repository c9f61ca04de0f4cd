//! Tests of the solver hooks, a file per concern as the hooks: each
//! shortcut against a search over every legal move (`winnable_by_brute_force`
//! here, `grid_tests::shortest_win`), on positions reached by random play or
//! built by hand (`built`).

mod bound;
mod dead;
mod forced;
mod keys;
mod ranks;
mod relaxed;
mod trim;

use crate::Profile;
use crate::geometry::FULL_TALON;
use crate::grid_tests::{WholePosition, settings_of};
use crate::moves::Action;
use crate::options::GameOptions;
use crate::table::{PairGame, Pile};
use crate::test_profiles::OnePile;
use patience_engine::Variant;
use patience_engine::card::Card;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::options::Settings;

/// The one-pile test profile's settings with `options` (name, value).
fn settings(options: &[(&str, &str)]) -> Settings {
    settings_of::<OnePile>(options)
}

/// Whether a win is left, by trying every legal move (no pruning, and
/// whole positions rather than keys to recognise repeats). `None` past
/// `limit` positions.
fn winnable_by_brute_force<P: Profile>(start: &PairGame<P>, limit: usize) -> Option<bool> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![start.clone()];
    while let Some(game) = stack.pop() {
        if game.is_won() {
            return Some(true);
        }
        for action in game.actions() {
            let mut child = game.clone();
            child.perform(&action);
            if seen.insert(WholePosition::of(&child)) {
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

/// A position built by hand, in pass `pass` of a game with `options`: the
/// pyramid cards left (position, card), the waste piles (each bottom to
/// top) and the stock (top first). The talon is dealt in that order (pile
/// 1, 2, 3, then the stock from the top), so that one pile keeps the
/// dealt order; the rest of the deck fills the other places, removed.
fn built<P: Profile>(
    options: &[(&str, &str)],
    pass: u32,
    pyramid: &[(usize, &str)],
    waste: &[&[&str]],
    stock: &[&str],
) -> PairGame<P> {
    let card = |text: &str| text.parse::<Card>().unwrap();
    let talon: Vec<Card> = waste.iter().flat_map(|pile| pile.iter()).chain(stock).map(|&text| card(text)).collect();
    let mut places: Vec<Option<Card>> = vec![None; 52];
    pyramid.iter().for_each(|&(position, text)| places[position] = Some(card(text)));
    talon.iter().enumerate().for_each(|(id, &card)| places[28 + id] = Some(card));
    let rest: Vec<Card> =
        Deal::Seed(0).deck().unwrap().into_iter().filter(|card| !places.contains(&Some(*card))).collect();
    let mut rest = rest.into_iter();
    let deck: Vec<Card> = places.into_iter().map(|place| place.or_else(|| rest.next()).unwrap()).collect();
    let mut game = PairGame::<P>::new(&deck, GameOptions::from_settings::<P>(&settings_of::<P>(options))).unwrap();
    game.pass = pass;
    game.pyramid_left = pyramid.iter().fold(0, |mask, &(position, _)| mask | 1 << position);
    game.talon_gone = FULL_TALON & !((1 << talon.len()) - 1);
    game.waste = [Pile::EMPTY; 3];
    let mut id = 0..;
    for (pile, cards) in waste.iter().enumerate() {
        cards.iter().for_each(|_| game.waste[pile].push(id.next().unwrap()));
    }
    let stock_ids: Vec<u8> = stock.iter().map(|_| id.next().unwrap()).collect();
    game.stock = Pile::EMPTY;
    stock_ids.into_iter().rev().for_each(|id| game.stock.push(id));
    assert_eq!(game.check_state(), Ok(()));
    game
}
