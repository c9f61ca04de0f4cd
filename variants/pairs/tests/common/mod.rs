//! Helpers shared by the integration tests: test profiles (one waste pile
//! and three) and small functions to build decks and play by notation.
#![allow(dead_code)]

use patience_engine::Variant;
use patience_engine::card::{Card, parse_cards};
use patience_engine::deal::{Deal, fresh_deck};
use patience_engine::options::{parse_given, Settings};
use patience_pairs::{PairGame, Profile};

pub use patience_pairs::test_profiles::{OnePile, ThreePiles};

pub type One = PairGame<OnePile>;
pub type Three = PairGame<ThreePiles>;

pub fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards parse")
}

pub fn card(text: &str) -> Card {
    text.parse().expect("a test card parses")
}

/// A deck with the given cards at the given dealing positions (0..28
/// pyramid, 28.. stock from the top) and every other card filling the
/// remaining positions in fresh-deck order.
pub fn deck_with(fixed: &[(usize, &str)]) -> Vec<Card> {
    let mut deck: Vec<Option<Card>> = vec![None; 52];
    for &(at, text) in fixed {
        assert!(deck[at].is_none(), "position {at} given twice");
        deck[at] = Some(card(text));
    }
    let used: Vec<Card> = deck.iter().flatten().copied().collect();
    let mut rest = fresh_deck().into_iter().filter(|c| !used.contains(c));
    deck.into_iter().map(|c| c.unwrap_or_else(|| rest.next().expect("52 cards"))).collect()
}

/// A deck from a pyramid (28 cards) and a stock (24 cards, top first).
pub fn deck_of(pyramid: &str, stock: &str) -> Vec<Card> {
    let mut deck = cards(pyramid);
    assert_eq!(deck.len(), 28, "pyramid");
    deck.extend(cards(stock));
    assert_eq!(deck.len(), 52, "stock");
    deck
}

/// Starts a game with options written as text, e.g. `[("passes", "3")]`.
pub fn start<P: Profile>(deck: &[Card], options: &[(&str, &str)]) -> PairGame<P> {
    let specs = PairGame::<P>::info().options;
    let given = parse_given(&specs, options).expect("options that parse");
    let settings = Settings::resolve(&specs, &given).expect("settings resolve");
    PairGame::<P>::start(&Deal::Cards(deck.to_vec()), &settings).expect("the deal starts")
}

/// Notation of every legal move.
pub fn notations<V: Variant>(game: &V) -> Vec<String> {
    game.actions().iter().map(|a| game.describe(a).notation).collect()
}

/// `6c+7d` and `7d+6c` are the same move.
pub fn same_move(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let mut parts: Vec<String> = s.split('+').map(|p| p.trim().to_ascii_lowercase()).collect();
        parts.sort();
        parts
    };
    norm(a) == norm(b)
}

pub fn has_move<V: Variant>(game: &V, notation: &str) -> bool {
    notations(game).iter().any(|n| same_move(n, notation))
}

/// Plays the legal move written `notation` (either order for a pair).
pub fn play<V: Variant>(game: &mut V, notation: &str) {
    let action = game
        .actions()
        .into_iter()
        .find(|a| same_move(&game.describe(a).notation, notation))
        .unwrap_or_else(|| {
            panic!("`{notation}` is not legal; legal: {:?}; why: {}", notations(game), game.explain(notation))
        });
    game.perform(&action);
}

pub fn play_all<V: Variant>(game: &mut V, moves: &str) {
    for notation in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        play(game, notation);
    }
}

/// Draws `count` times.
pub fn draw<V: Variant>(game: &mut V, count: usize) {
    for _ in 0..count {
        play(game, "draw");
    }
}

/// A deck whose pyramid clears by itself, row by row from the bottom, with
/// pairs side by side and a King at the end of four rows. Its stock holds
/// two of every rank but the King, as complementary neighbours: A Q 2 J 3 T
/// 4 9 5 8 6 7, twice.
pub const CLEARABLE_PYRAMID: &str =
    "Kc  6c 7c  5c 8c Kd  3c Tc 4c 9c  Ac Qc 2c Jc Kh  4d 9d 5d 8d 6d 7d  Ad Qd 2d Jd 3d Td Ks";
pub const CLEARABLE_STOCK: &str = "Ah Qh 2h Jh 3h Th 4h 9h 5h 8h 6h 7h As Qs 2s Js 3s Ts 4s 9s 5s 8s 6s 7s";
/// The moves that clear that pyramid.
pub const CLEAR_PYRAMID: &str =
    "Ks, Ad+Qd, 2d+Jd, 3d+Td, 4d+9d, 5d+8d, 6d+7d, Kh, Ac+Qc, 2c+Jc, 3c+Tc, 4c+9c, Kd, 5c+8c, 6c+7c, Kc";

pub fn clearable_deck() -> Vec<Card> {
    deck_of(CLEARABLE_PYRAMID, CLEARABLE_STOCK)
}
