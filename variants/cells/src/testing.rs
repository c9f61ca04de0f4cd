//! Helpers for the games' own unit tests: start a game by deal number or
//! explicit deck, play moves by notation, and look at it.

pub use crate::game::{Action, CellsGame, Place};
pub use patience_engine::card::{Card, CardId};
pub use patience_engine::deal::shuffled_deck;
pub use patience_engine::search::Plain;
pub use patience_engine::solver::{solve, Verdict};
pub use patience_engine::{Search, Variant};

use crate::Rules;
use patience_engine::deal::Deal;
use patience_engine::options::Settings;

/// A card from its notation.
pub fn card(text: &str) -> CardId {
    text.parse().expect("a card")
}

fn settings<R: Rules>() -> Settings {
    Settings::resolve(&CellsGame::<R>::info().options, &[]).expect("the defaults")
}

/// Deal number `seed` of game `R`.
pub fn start<R: Rules>(seed: u64) -> CellsGame<R> {
    CellsGame::<R>::start(&Deal::Seed(seed), &settings::<R>()).expect("the game starts")
}

/// Game `R` dealt from `cards` in dealing order (the table in its dealing
/// order, then the stock from its top); a whole deck, or two.
pub fn start_with<R: Rules>(cards: &str) -> CellsGame<R> {
    let cards = patience_engine::card::parse_cards(cards).expect("cards");
    CellsGame::<R>::start(&Deal::Cards(cards), &settings::<R>()).expect("the game starts")
}

/// A whole deck in dealing order: `first` (the table, then the stock's
/// top cards), then the rest of a fresh deck.
pub fn deck_starting(first: &str) -> String {
    let first = patience_engine::card::parse_cards(first).expect("cards");
    let rest = patience_engine::deal::fresh_deck().into_iter().filter(|card| !first.contains(card));
    first.iter().copied().chain(rest).map(|card| card.to_string()).collect::<Vec<_>>().join(" ")
}

/// The notations of every legal move.
pub fn moves<R: Rules>(game: &CellsGame<R>) -> Vec<String> {
    game.actions().iter().map(|action| game.describe(action).notation).collect()
}

/// `game` after `moves`, written as the game writes them (cards of a
/// group in any order).
pub fn play<R: Rules>(mut game: CellsGame<R>, moves: &str) -> CellsGame<R> {
    for notation in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        let wanted = patience_engine::card::canonical_notation(notation);
        let action = game
            .actions()
            .into_iter()
            .find(|action| patience_engine::card::canonical_notation(&game.describe(action).notation) == wanted)
            .unwrap_or_else(|| panic!("`{notation}` is not a legal move: {}", game.explain(notation)));
        game.perform(&action);
    }
    game
}

/// The top card of each pile, as notation (`-` for an empty pile).
pub fn tops<R: Rules>(game: &CellsGame<R>) -> Vec<String> {
    (0..game.table().piles.len()).map(|i| game.pile(i).last().map_or("-".to_string(), |c| c.to_string())).collect()
}

/// Game `R` dealt with `first` (the table in its dealing order, then the
/// stock's top cards), the rest of its decks after them in fresh order.
pub fn start_from<R: Rules>(first: &str) -> CellsGame<R> {
    let first: Vec<CardId> = first.split_whitespace().map(card).collect();
    let rest = patience_engine::deal::fresh_decks(R::DECKS).into_iter().filter(|c| !first.contains(c));
    let cards: Vec<Card> = first.iter().copied().chain(rest).map(|c| c.card()).collect();
    CellsGame::<R>::start(&Deal::Cards(cards), &settings::<R>()).expect("the game starts")
}

/// Game `R` whose piles' top cards are `tops` (pile 1's first; `-` leaves
/// a pile's top to the rest), then the stock's top cards `stock`; every
/// other card in fresh order.
pub fn start_with_tops<R: Rules>(tops: &str, stock: &str) -> CellsGame<R> {
    let order = R::table().deal_order();
    let wanted: Vec<Option<CardId>> = tops.split_whitespace().map(|t| (t != "-").then(|| card(t))).collect();
    let stock: Vec<CardId> = stock.split_whitespace().map(card).collect();
    let placed: Vec<CardId> = wanted.iter().flatten().chain(&stock).copied().collect();
    let mut rest = patience_engine::deal::fresh_decks(R::DECKS).into_iter().filter(|c| !placed.contains(c));
    let mut cards: Vec<Option<CardId>> = vec![None; order.len()];
    for (pile, top) in wanted.iter().enumerate() {
        if let (Some(top), Some(last)) = (top, order.iter().rposition(|&p| p == pile)) {
            cards[last] = Some(*top);
        }
    }
    let mut all: Vec<CardId> = cards.into_iter().map(|c| c.unwrap_or_else(|| rest.next().expect("cards enough"))).collect();
    all.extend(stock);
    all.extend(rest);
    // A deal names cards without their deck: the first of two alike is the
    // first deck's. Each placed card's twin goes after it, so that the
    // placed card is the one its notation names.
    for &placed_card in &placed {
        let at = all.iter().position(|&c| c == placed_card).expect("placed");
        if let Some(twin) = all[..at].iter().position(|&c| c.card() == placed_card.card()) {
            let later = (at + 1..all.len()).find(|&k| !placed.iter().any(|p| p.card() == all[k].card())).expect("a card to swap with");
            all.swap(twin, later);
        }
    }
    let cards: Vec<Card> = all.iter().map(|c| c.card()).collect();
    CellsGame::<R>::start(&Deal::Cards(cards), &settings::<R>()).expect("the game starts")
}

/// Holds game `R` to its [`Rules::SUITS_MATTER`]: when it says suits never
/// matter, no pair or single changes with the suits of its cards; when it
/// says they do, some pair does.
pub fn assert_suits_as_declared<R: Rules>() {
    let deck: Vec<CardId> = patience_engine::deal::fresh_decks(1);
    let clubs = |card: CardId| CardId::new(Card::new(card.rank(), patience_engine::card::Suit::from_index(0).expect("clubs")).expect("a card"), 0);
    let by_rank = deck.iter().all(|&a| R::single(a) == R::single(clubs(a)))
        && deck.iter().all(|&a| deck.iter().all(|&b| a == b || R::pair(a, b) == R::pair(clubs(a), clubs(b)) || a.rank() == b.rank()));
    assert_eq!(!by_rank, R::SUITS_MATTER, "{}: SUITS_MATTER says {}, the pairs say {}", R::NAME, R::SUITS_MATTER, !by_rank);
}

/// Positions late in games of `R` (at most `cards_left` cards not yet
/// removed): along the solver's winning lines of deals `1..`, each with a
/// random move off the line, and along random games (removals preferred)
/// of the deals it finds lost. Small enough for a plain search to look
/// through, and both won and lost ones.
pub fn late_positions<R: Rules>(count: usize, cards_left: u32) -> Vec<CellsGame<R>> {
    let mut rng = patience_engine::deal::DealRng::new(17);
    let mut positions = Vec::new();
    let random_move = |game: &CellsGame<R>, rng: &mut patience_engine::deal::DealRng| {
        let actions = game.actions();
        let removals: Vec<&Action> = actions.iter().filter(|a| !matches!(a, Action::Draw)).collect();
        let to_reserve: Vec<&Action> = actions.iter().filter(|a| matches!(a, Action::ToReserve(_))).collect();
        if actions.is_empty() {
            None
        } else if !to_reserve.is_empty() && rng.below(3) == 0 {
            Some(*to_reserve[rng.below(to_reserve.len() as u64) as usize])
        } else if !removals.is_empty() && rng.below(5) != 0 {
            Some(*removals[rng.below(removals.len() as u64) as usize])
        } else {
            Some(actions[rng.below(actions.len() as u64) as usize])
        }
    };
    for seed in 1u64..2_000 {
        let mut game = start::<R>(seed);
        let solved = solve(&game, 30_000);
        let mut line = solved.line.into_iter();
        loop {
            let late = game.total() - game.removed() <= cards_left;
            if late {
                positions.push(game);
                // Off the line by one to three random moves.
                let mut aside = game;
                for _ in 0..1 + rng.below(3) {
                    match random_move(&aside, &mut rng) {
                        Some(off) => aside.perform(&off),
                        None => break,
                    }
                }
                positions.push(aside);
                if positions.len() >= count {
                    positions.truncate(count);
                    return positions;
                }
            }
            let next = if solved.verdict == Verdict::Winnable { line.next() } else { random_move(&game, &mut rng) };
            match next {
                Some(action) => game.perform(&action),
                None => break,
            }
        }
    }
    panic!("only {} late positions: lower the count or raise cards_left", positions.len())
}

/// Holds the solver of game `R` (its key, its moves, its dead positions)
/// to a plain search of every legal move on `positions`: the same verdict
/// wherever both decide, and no position the solver calls dead is won by
/// the plain search; and the solver's lines are written in the notation
/// the move list gives (each listed move's `notation` is its `describe`'s,
/// there and in a few random moves on). Returns how many positions the
/// solver called dead, for the caller to check the rule was put to the
/// test.
pub fn assert_search_agrees_with_plain<R: Rules>(positions: &[CellsGame<R>], budget: u64) -> usize {
    let mut dead = 0;
    let mut decided = 0;
    for (index, position) in positions.iter().enumerate() {
        if let Err(differ) = patience_engine::game::notations_agree(position, index as u64, 5) {
            panic!("{}: {differ}: {position:?}", R::NAME);
        }
        let plain = solve(&Plain(*position), budget);
        let searched = solve(position, budget);
        if position.is_dead() {
            dead += 1;
            assert_ne!(plain.verdict, Verdict::Winnable, "{}: called dead, but won: {position:?}", R::NAME);
        }
        if plain.verdict != Verdict::Unknown && searched.verdict != Verdict::Unknown {
            decided += 1;
            assert_eq!(searched.verdict, plain.verdict, "{}: {position:?}", R::NAME);
        }
    }
    assert!(decided * 2 >= positions.len(), "{}: only {decided} of {} positions decided by both", R::NAME, positions.len());
    dead
}

/// `game` with piles `a` and `b` trading places (for tests of the key).
pub fn with_piles_swapped<R: Rules>(game: &CellsGame<R>, a: usize, b: usize) -> CellsGame<R> {
    let mut swapped = *game;
    swapped.piles.swap(a, b);
    swapped
}
