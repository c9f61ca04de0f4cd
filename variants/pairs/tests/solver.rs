//! The solver hooks: the engine's solver, with this crate's key, pruning and
//! bound, must agree with a plain exhaustive search that uses none of them.

mod common;

use common::*;
use patience_engine::{Search, Variant};
use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_engine::options::{OptionValue, Settings};
use patience_engine::solver::{Verdict, solve, solve_optimal};
use patience_pairs::{PairGame, Profile};
use std::collections::{HashMap, HashSet};
use std::hash::Hasher;

fn seeded<P: Profile>(seed: u64, options: &[(&str, &str)]) -> PairGame<P> {
    let specs = PairGame::<P>::info().options;
    let given: Vec<(String, OptionValue)> = options
        .iter()
        .map(|(n, v)| (n.to_string(), specs.iter().find(|s| s.name == *n).unwrap().parse(v).unwrap()))
        .collect();
    PairGame::<P>::start(&Deal::Seed(seed), &Settings::resolve(&specs, &given).unwrap()).unwrap()
}

/// Collects the bytes a state's `Hash` writes, to hash them in one go.
struct StateBytes {
    bytes: [u8; 512],
    len: usize,
}

impl Hasher for StateBytes {
    fn finish(&self) -> u64 {
        unreachable!("whole_state_hash hashes the bytes itself")
    }

    fn write(&mut self, bytes: &[u8]) {
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }
}

/// 128 bits of hash over everything in the state (two independent 64-bit
/// hashes of the bytes its derived `Hash` writes): a collision among a few
/// million states is out of the question, and the table stays small.
fn whole_state_hash<V: std::hash::Hash>(state: &V) -> u128 {
    let mut written = StateBytes { bytes: [0; 512], len: 0 };
    state.hash(&mut written);
    let (mut low, mut high) = (0x243f_6a88_85a3_08d3u64, 0x1319_8a2e_0370_7344u64);
    for chunk in written.bytes[..written.len].chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        low = (low.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
        high = (high.rotate_left(5) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    let (low, high) = (low ^ low >> 29, high ^ high >> 29);
    (high as u128) << 64 | low as u128
}

/// Depth-first search over whole game states (identified by a hash of the
/// entire state): no key, no pruning, no bound. `None` when it needs more
/// than `limit` states.
fn plain_search<V: Variant + std::hash::Hash>(start: &V, limit: usize) -> Option<bool> {
    let mut seen: HashSet<u128> = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(whole_state_hash(start));
    while let Some(state) = stack.pop() {
        let actions = state.actions();
        // A finished game lists no moves: only then ask whether it was won.
        if actions.is_empty() && state.status().outcome == Outcome::Won {
            return Some(true);
        }
        for action in actions {
            let mut child = state.clone();
            child.perform(&action);
            if seen.len() >= limit {
                return None;
            }
            if seen.insert(whole_state_hash(&child)) {
                stack.push(child);
            }
        }
    }
    Some(false)
}

/// Plays `line` and says whether it ends in a win.
fn line_wins<V: Variant>(start: &V, line: &[V::Action]) -> bool {
    let mut game = start.clone();
    for action in line {
        assert!(game.actions().contains(action), "the line plays only legal moves");
        game.perform(action);
    }
    game.status().outcome == Outcome::Won
}

/// Compares the engine's verdict with the plain search on `seeds`.
fn cross_check<P: Profile>(
    seeds: std::ops::Range<u64>,
    options: &[(&str, &str)],
    limit: usize,
) -> (u32, u32) {
    let (mut winnable, mut decided) = (0, 0);
    for seed in seeds {
        let game = seeded::<P>(seed, options);
        let Some(expected) = plain_search(&game, limit) else { continue };
        let found = solve(&game, 20_000_000);
        assert_ne!(found.verdict, Verdict::Unknown, "seed {seed}");
        assert_eq!(found.verdict == Verdict::Winnable, expected, "seed {seed} {options:?}");
        if expected {
            assert!(line_wins(&game, &found.line), "seed {seed}: the line wins");
            winnable += 1;
        }
        decided += 1;
    }
    (winnable, decided)
}

/// Relaxed, one pass, on 300 deals: in two halves, so that the test
/// threads share them.
fn one_pass_relaxed_verdicts_agree(seeds: std::ops::Range<u64>) {
    let (winnable, decided) = cross_check::<OnePile>(seeds.clone(), &[], 3_000_000);
    assert!(decided as u64 + 2 >= seeds.end - seeds.start, "{seeds:?}: the plain search decided only {decided} deals");
    assert!(winnable >= 3, "{seeds:?}: some deals are winnable: {winnable}");
}

#[test]
fn one_pass_relaxed_verdicts_agree_with_a_plain_search_deals_0_to_150() {
    one_pass_relaxed_verdicts_agree(0..150);
}

#[test]
fn one_pass_relaxed_verdicts_agree_with_a_plain_search_deals_150_to_300() {
    one_pass_relaxed_verdicts_agree(150..300);
}

#[test]
fn win_all_verdicts_agree_with_a_plain_search() {
    let (_, decided) = cross_check::<OnePile>(0..20, &[("win", "all")], 2_000_000);
    assert!(decided >= 18, "{decided}");
    // A win needs the talon to pair too: with a playable stock top and
    // overlap pairs some deals are won.
    let options = [("stock_top_playable", "true"), ("win", "all"), ("overlap_pairs", "true")];
    let (_, decided) = cross_check::<OnePile>(0..8, &options, 2_000_000);
    assert!(decided >= 6, "{decided}");
}

#[test]
fn multi_pass_verdicts_agree_with_a_plain_search() {
    // Several passes make the plain search large: it decides only some.
    let (_, decided) = cross_check::<OnePile>(0..6, &[("passes", "2")], 600_000);
    assert!(decided >= 2, "{decided}");
    let (_, decided) = cross_check::<ThreePiles>(0..4, &[("passes", "2")], 600_000);
    assert!(decided >= 1, "{decided}");
}

#[test]
fn option_verdicts_agree_with_a_plain_search() {
    let (_, decided) = cross_check::<OnePile>(0..10, &[("overlap_pairs", "true")], 2_000_000);
    assert!(decided >= 9, "{decided}");
    let (_, decided) = cross_check::<OnePile>(0..10, &[("stock_top_playable", "true")], 2_000_000);
    assert!(decided >= 9, "{decided}");
    let (_, decided) =
        cross_check::<OnePile>(0..6, &[("face_down", "true"), ("overlap_pairs", "true")], 2_000_000);
    assert!(decided >= 5, "{decided}");
}

#[test]
fn draw_three_verdicts_agree_with_a_plain_search() {
    let (winnable, decided) = cross_check::<ThreePiles>(0..25, &[], 2_000_000);
    assert!(decided >= 24 && winnable >= 5, "{decided} decided, {winnable} winnable");
    let (_, decided) = cross_check::<ThreePiles>(0..10, &[("win", "all")], 2_000_000);
    assert!(decided >= 9, "{decided}");
}

/// Random walks through games: equal keys must mean equal positions and
/// different positions different keys (positions taken without the cards
/// that can never be played again, which the key counts as removed).
fn keys_are_exact<P: Profile>(options: &[(&str, &str)], seeds: u64) {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for seed in 0..seeds {
        let mut by_key: HashMap<u128, PairGame<P>> = HashMap::new();
        let mut by_state: HashMap<PairGame<P>, u128> = HashMap::new();
        for _walk in 0..40 {
            let mut game = seeded::<P>(seed, options);
            loop {
                let key = game.state_key();
                let position = game.without_stuck_cards();
                if let Some(other) = by_key.get(&key) {
                    assert_eq!(other, &position, "seed {seed}: one key, two positions");
                }
                if let Some(&other) = by_state.get(&position) {
                    assert_eq!(other, key, "seed {seed}: one position, two keys");
                }
                rebuilds_from_its_key(&seeded::<P>(seed, options), &position, key);
                by_key.insert(key, position.clone());
                by_state.insert(position, key);
                let actions = game.actions();
                if actions.is_empty() {
                    break;
                }
                game.perform(&actions[next(actions.len())]);
            }
        }
        assert!(by_key.len() > 100, "the walks visit many positions: {}", by_key.len());
    }
}

/// `Search::from_key` gives back `position` (taken without its stuck
/// cards) from its key, wherever the key keeps the talon in dealt order:
/// always with one pile, with three in the first pass with the stock top
/// closed (the other keys set the top bit).
fn rebuilds_from_its_key<P: Profile>(start: &PairGame<P>, position: &PairGame<P>, key: u128) {
    match PairGame::from_key(start, key) {
        Some(rebuilt) => assert_eq!(&rebuilt, position, "rebuilt from its key"),
        None => assert!(key >> 127 == 1, "a key in dealt order rebuilds"),
    }
}

#[test]
fn one_pile_keys_are_exact() {
    keys_are_exact::<OnePile>(&[("passes", "3")], 10);
    keys_are_exact::<OnePile>(&[], 10);
    keys_are_exact::<OnePile>(&[("stock_top_playable", "true")], 5);
    keys_are_exact::<OnePile>(
        &[("stock_top_playable", "true"), ("overlap_pairs", "true"), ("passes", "2")],
        5,
    );
}

#[test]
fn three_pile_keys_are_exact() {
    keys_are_exact::<ThreePiles>(&[("passes", "3")], 10);
    keys_are_exact::<ThreePiles>(&[], 5);
    keys_are_exact::<ThreePiles>(&[("stock_top_playable", "true"), ("passes", "3")], 5);
}

#[test]
fn unlimited_passes_share_keys_across_passes_and_the_search_ends() {
    let mut game = seeded::<OnePile>(5, &[("passes", "unlimited")]);
    let key = game.state_key();
    draw(&mut game, 24);
    play(&mut game, "recycle");
    assert_eq!(game.state_key(), key, "the same position one pass later");
    let found = solve(&seeded::<OnePile>(5, &[("passes", "unlimited")]), 5_000_000);
    assert_ne!(found.verdict, Verdict::Unknown);
}

/// The first `count` one-pass relaxed seeds the solver finds winnable.
fn winnable_seeds(count: usize) -> Vec<u64> {
    (0..)
        .filter(|&seed| solve(&seeded::<OnePile>(seed, &[]), 5_000_000).verdict == Verdict::Winnable)
        .take(count)
        .collect()
}

#[test]
fn the_optimal_line_is_never_longer_and_the_bound_never_overestimates() {
    for seed in winnable_seeds(8) {
        let game = seeded::<OnePile>(seed, &[]);
        let any = solve(&game, 5_000_000);
        let best = solve_optimal(&game, 5_000_000);
        assert_eq!(best.verdict, Verdict::Winnable, "seed {seed}");
        assert!(best.line.len() <= any.line.len(), "seed {seed}: {} > {}", best.line.len(), any.line.len());
        assert!(line_wins(&game, &best.line));
        // Along a shortest line, the moves left never fall below the bound,
        // and no position on it is called dead.
        let mut position = game.clone();
        for (done, action) in best.line.iter().enumerate() {
            assert!(
                position.moves_lower_bound() as usize <= best.line.len() - done,
                "seed {seed} move {done}"
            );
            assert!(!position.is_dead(), "seed {seed}: a position of a winning line is called dead");
            position.perform(action);
        }
    }
}

#[test]
fn win_all_bounds_count_every_card() {
    let mut game: One = start(&clearable_deck(), &[("win", "all"), ("stock_top_playable", "true")]);
    // 4 Kings alone + 24 pyramid cards in 12 pairs + 24 talon cards in 12 pairs.
    assert_eq!(game.moves_lower_bound(), 4 + 12 + 12);
    play_all(&mut game, CLEAR_PYRAMID);
    assert_eq!(game.moves_lower_bound(), 12);
    let mut drawn: One = start(&clearable_deck(), &[("win", "all")]);
    // Without a playable stock top, each of the 24 stock cards is drawn too.
    assert_eq!(drawn.moves_lower_bound(), 4 + 12 + 12 + 24);
    play_all(&mut drawn, CLEAR_PYRAMID);
    assert!(drawn.is_dead(), "talon cards cannot pair with each other");
}

/// The clearable deck with 7c at the apex (Kc moved to 7c's place) and
/// 6h in the pyramid (swapped with Kd): every 6 but 6s is in the pyramid.
fn apex_seven_deck() -> Vec<patience_engine::card::Card> {
    let mut deck = clearable_deck();
    deck.swap(0, 2); // 7c to the apex
    deck.swap(5, 38); // 6h into the pyramid, Kd into the stock
    deck
}

#[test]
fn dead_positions_are_recognised() {
    // The apex buries every other card, so its partner must come from the
    // talon: 6s is the only one.
    let deck = apex_seven_deck();
    assert!(!start::<OnePile>(&deck, &[]).is_dead());
    let mut no_six_left = deck.clone();
    no_six_left.swap(27, 50); // 6s into the pyramid, Ks into the stock
    assert!(start::<OnePile>(&no_six_left, &[]).is_dead());
}

/// The apex Qc needs an Ace; the only talon Ace is As, and the 5c dealt
/// after it can never leave the waste (the four 8s are all in the talon,
/// and talon cards cannot pair with each other).
fn ace_under_a_stuck_five_deck() -> Vec<patience_engine::card::Card> {
    deck_with(&[
        (0, "Qc"),
        (5, "Ac"),
        (9, "Ad"),
        (14, "Ah"),
        (28, "As"),
        (29, "5c"),
        (30, "8c"),
        (31, "8d"),
        (32, "8h"),
        (33, "8s"),
    ])
}

#[test]
fn a_waste_card_under_a_stuck_card_is_out_of_reach_in_the_last_pass() {
    let deck = ace_under_a_stuck_five_deck();
    let mut game: One = start(&deck, &[]);
    draw(&mut game, 2);
    assert!(game.is_dead(), "As is buried under 5c for good");
    let mut two_passes: One = start(&deck, &[("passes", "2")]);
    draw(&mut two_passes, 2);
    assert!(!two_passes.is_dead(), "a turn-over would bring As back");
}

#[test]
fn the_last_pyramid_card_needs_a_partner_that_can_wait_for_it() {
    // Same deal, one card drawn: As is the waste top, so digging is not the
    // problem. But the apex goes last, with As, so nothing may be drawn
    // onto As that cannot leave again — the 5c can't — and without drawing
    // the pyramid cannot be cleared.
    let deck = ace_under_a_stuck_five_deck();
    let mut game: One = start(&deck, &[]);
    draw(&mut game, 1);
    assert!(game.is_dead());
    assert_eq!(plain_search(&game, 3_000_000), Some(false), "and a plain search agrees");
}

/// Plays random games from many deals and, at every position `is_dead`
/// calls hopeless, asks the plain search (which uses no pruning) whether a
/// win is left. Dead means dead, not just "unlikely".
fn dead_positions_are_really_lost<P: Profile>(options: &[(&str, &str)], seeds: u64) -> u32 {
    let mut rng = patience_engine::deal::DealRng::new(0xDEAD);
    let mut checked = 0;
    for seed in 0..seeds {
        let mut game = seeded::<P>(seed, options);
        loop {
            if game.is_dead() {
                if let Some(winnable) = plain_search(&game, 400_000) {
                    assert!(!winnable, "seed {seed}: a winnable position was called dead");
                    checked += 1;
                }
                break;
            }
            let actions = game.actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.below(actions.len() as u64) as usize];
            game.perform(&action);
        }
    }
    checked
}

#[test]
fn dead_positions_along_random_games_are_really_lost() {
    let one_pile = dead_positions_are_really_lost::<OnePile>(&[], 100);
    let three_piles = dead_positions_are_really_lost::<ThreePiles>(&[], 40);
    assert!(one_pile >= 60 && three_piles >= 15, "checked {one_pile} and {three_piles} dead positions");
}

/// A deal of three piles with an open stock top that was once called lost:
/// the solver took the stock's King first, which shifts every later card to
/// another pile, and the only wins draw it first (it lands on pile 1, and
/// the cards after it land where their partners can reach them).
const KING_MUST_WAIT: &str = "4h 3d Td 7d 3c Tc 8s 6c 7c 6d 5c 8c 5d 8d 5h 4c 9c 4d 9d 4s 9s Jc Jd Js Jh Qc Qd Qh \
    8h 6h 6s 9h 3h 3s Kc 5s 2c 2d 2h 2s Ac Ad Ah Kd Kh Ks As Qs 7h 7s Th Ts";
const KING_MUST_WAIT_WIN: &str = "draw, draw, draw, Kc, 2c+Jc, 2d+Jd, 2h+Js, 2s+Jh, Ac+Qc, Ad+Qd, Ah+Qh, \
    4c+9c, 4d+9d, 4s+9s, 5c+8c, 5d+8d, 5h+8s, 6c+7c, 6d+7d, 3c+Tc, 3d+Td, 4h+9h";

#[test]
fn a_stock_king_with_three_piles_is_not_taken_before_everything_else() {
    let game: Three = start(&cards(KING_MUST_WAIT), &[("stock_top_playable", "true")]);
    let mut known_win = game.clone();
    play_all(&mut known_win, KING_MUST_WAIT_WIN);
    assert_eq!(known_win.status().outcome, Outcome::Won, "the line from the report wins");
    let found = solve(&game, 20_000_000);
    assert_eq!(found.verdict, Verdict::Winnable);
    assert!(line_wins(&game, &found.line));
    let shortest = solve_optimal(&game, 20_000_000);
    assert_eq!(shortest.verdict, Verdict::Winnable);
    assert!(line_wins(&game, &shortest.line) && shortest.line.len() <= KING_MUST_WAIT_WIN.split(',').count());
}
