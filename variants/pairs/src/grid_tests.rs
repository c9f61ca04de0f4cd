//! The solver against an exhaustive search on every combination of the pair
//! games' options: passes (1, 2, 3, unlimited) × win (pyramid, all) × waste
//! piles (1, 3) × face_down × overlap_pairs (none, pyramid, waste, both) ×
//! stock_top_playable.
//!
//! Every pruning rule, shortcut, key compression and dominance rule of the
//! solver must keep its verdict here; each one states the options it holds
//! for, and a rule loosened by one case makes one of these tests fail. The
//! exhaustive search below uses none of them: it tries every legal move and
//! recognises repeats by the whole position.

use crate::Profile;
use crate::moves::Action;
use crate::options::{Overlap, Passes};
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::layout::Outcome;
use patience_engine::options::{parse_given, Settings};
use patience_engine::solver::{solve, solve_optimal, Verdict};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

const PASSES: [&str; 4] = ["1", "2", "3", "unlimited"];
const FLAGS: [&str; 2] = ["false", "true"];

/// Every combination of the options for one `win`, as text.
pub(crate) fn grid(win: &'static str) -> Vec<Vec<(&'static str, &'static str)>> {
    let mut combinations = Vec::new();
    for passes in PASSES {
        for face_down in FLAGS {
            for overlap in Overlap::CHOICES {
                for stock_top in FLAGS {
                    combinations.push(vec![
                        ("passes", passes),
                        ("win", win),
                        ("face_down", face_down),
                        ("overlap_pairs", overlap),
                        ("stock_top_playable", stock_top),
                    ]);
                }
            }
        }
    }
    combinations
}

pub(crate) fn settings_of<P: Profile>(options: &[(&str, &str)]) -> Settings {
    let specs = PairGame::<P>::info().options;
    Settings::resolve(&specs, &parse_given(&specs, options).unwrap()).unwrap()
}

/// Everything a move can change in a game, verbatim: the cards left in the
/// pyramid and the talon, the order of the stock and of each waste pile,
/// and the pass. Within one search (one deal, one set of options) two games
/// are the same position exactly when these are equal; packed so that the
/// exhaustive searches hash a few words instead of every card of the deal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct WholePosition {
    left: u64,
    pass: u32,
    pile_lengths: [u8; 4],
    pile_cards: [u8; crate::geometry::TALON_CARDS],
}

impl WholePosition {
    pub(crate) fn of<P: Profile>(game: &PairGame<P>) -> WholePosition {
        let mut position = WholePosition {
            left: u64::from(game.pyramid_left) | u64::from(game.talon_gone) << 32,
            pass: game.pass,
            pile_lengths: [0; 4],
            pile_cards: [0; crate::geometry::TALON_CARDS],
        };
        let piles = std::iter::once(&game.stock).chain(&game.waste);
        let mut cards = position.pile_cards.iter_mut();
        for (length, pile) in position.pile_lengths.iter_mut().zip(piles) {
            *length = pile.ids().len() as u8;
            pile.ids().iter().zip(cards.by_ref()).for_each(|(&id, card)| *card = id);
        }
        position
    }
}

/// The position as the rules see it: with unlimited passes the pass count
/// changes nothing (a turn-over is always allowed), so it is set aside and
/// the search ends.
fn rules_position<P: Profile>(game: &PairGame<P>) -> WholePosition {
    let mut position = WholePosition::of(game);
    if game.options.passes == Passes::Unlimited {
        position.pass = 1;
    }
    position
}

/// Whether a win is left from `start`, and the fewest moves to one, by
/// breadth-first search over whole positions: every legal move, no key, no
/// pruning. `None` past `limit` positions.
pub(crate) fn shortest_win<P: Profile>(start: &PairGame<P>, limit: usize) -> Option<Option<usize>> {
    let mut depth = FxHashMap::from_iter([(rules_position(start), 0usize)]);
    let mut queue = VecDeque::from([(start.clone(), 0usize)]);
    while let Some((game, here)) = queue.pop_front() {
        if game.status().outcome == Outcome::Won {
            return Some(Some(here));
        }
        for action in game.actions() {
            let mut child = game.clone();
            child.perform(&action);
            let position = rules_position(&child);
            if !depth.contains_key(&position) {
                if depth.len() >= limit {
                    return None;
                }
                depth.insert(position, here + 1);
                queue.push_back((child, here + 1));
            }
        }
    }
    Some(None)
}

/// Plays `line` with the real rules; whether it is legal and wins.
fn line_wins<P: Profile>(start: &PairGame<P>, line: &[Action]) -> bool {
    let mut game = start.clone();
    for action in line {
        if !game.actions().contains(action) {
            return false;
        }
        game.perform(action);
    }
    game.status().outcome == Outcome::Won
}

/// Along a shortest `line` from `start`, the lower bound never exceeds the
/// moves left.
fn bound_holds_along<P: Profile>(start: &PairGame<P>, line: &[Action], context: &str) {
    let mut game = start.clone();
    for (done, action) in line.iter().enumerate() {
        let bound = game.lower_bound() as usize;
        assert!(bound <= line.len() - done, "{context}: bound {bound} > {} moves left", line.len() - done);
        game.perform(action);
    }
}

/// Cards still on the table.
pub(crate) fn cards_left<P: Profile>(game: &PairGame<P>) -> u32 {
    game.pyramid_left.count_ones() + (!game.talon_gone & crate::geometry::FULL_TALON).count_ones()
}

/// A removal three times in four when there is one, so that many
/// positions stay winnable for long.
pub(crate) fn mostly_removals(actions: &[Action], rng: &mut DealRng) -> Action {
    let removals: Vec<Action> =
        actions.iter().copied().filter(|a| matches!(a, Action::Pair(..) | Action::King(_))).collect();
    let from = if !removals.is_empty() && rng.below(4) != 0 { &removals } else { actions };
    from[rng.below(from.len() as u64) as usize]
}

/// What a part of the grid compared.
#[derive(Default, Debug)]
struct Tally {
    positions: u32,
    won: u32,
    lost: u32,
    lengths_checked: u32,
}

/// For each combination: positions reached by random play from `deals`
/// deals, once at most `few` cards are left; each is solved (any line and a
/// shortest one) and searched exhaustively. The verdicts must agree, a line
/// must win by the real rules, and the shortest line must be as short as the
/// exhaustive search's.
fn compare_on_grid<P: Profile>(win: &'static str, deals: u64, few: u32, limit: usize) -> Tally {
    let mut total = Tally::default();
    let began = std::time::Instant::now();
    for options in grid(win) {
        let settings = settings_of::<P>(&options);
        let mut rng = DealRng::new(0x6121D);
        let mut tally = Tally::default();
        for seed in 0..deals {
            let mut game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
            // (With unlimited passes a game with no removal left never ends.)
            for _ in 0..WALK_MOVES {
                if cards_left(&game) <= few || game.is_over() {
                    break;
                }
                let action = mostly_removals(&game.actions(), &mut rng);
                game.perform(&action);
            }
            let Some(shortest) = shortest_win(&game, limit) else { continue };
            let found = solve(&game, 50_000_000);
            let context = format!("{} seed {seed} {options:?}", P::ID);
            assert_eq!(found.verdict == Verdict::Winnable, shortest.is_some(), "{context}: {found:?}");
            assert_ne!(found.verdict, Verdict::Unknown, "{context}");
            tally.positions += 1;
            match shortest {
                Some(moves) => {
                    assert!(line_wins(&game, &found.line), "{context}: the line wins");
                    let optimal = solve_optimal(&game, 50_000_000);
                    assert!(line_wins(&game, &optimal.line), "{context}: the shortest line wins");
                    assert_eq!(optimal.line.len(), moves, "{context}: the shortest line is shortest");
                    bound_holds_along(&game, &optimal.line, &context);
                    tally.won += 1;
                    tally.lengths_checked += 1;
                }
                None => {
                    assert_eq!(solve_optimal(&game, 50_000_000).verdict, Verdict::NotWinnable, "{context}");
                    tally.lost += 1;
                }
            }
        }
        assert!(tally.positions * 10 >= deals as u32 * 8, "{} {options:?}: only {tally:?} compared", P::ID);
        total.positions += tally.positions;
        total.won += tally.won;
        total.lost += tally.lost;
        total.lengths_checked += tally.lengths_checked;
    }
    eprintln!("{} win {win}: {total:?} in {:.1} s", P::ID, began.elapsed().as_secs_f64());
    total
}

/// Deals per combination, the most cards left in a compared position, and
/// the most positions the exhaustive search may visit. `PATIENCE_GRID_DEALS`
/// runs more deals per combination (the longer run quoted in the docs).
const FEW: u32 = 21;
const WALK_MOVES: usize = 500;
const LIMIT: usize = 100_000;
static DEALS: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| {
    std::env::var("PATIENCE_GRID_DEALS").ok().and_then(|deals| deals.parse().ok()).unwrap_or(30)
});

#[test]
fn one_pile_win_pyramid_verdicts_agree_on_every_combination() {
    let tally = compare_on_grid::<OnePile>("pyramid", *DEALS, FEW, LIMIT);
    assert!(tally.won >= 100 && tally.lost >= 100, "{tally:?}");
}

#[test]
fn one_pile_win_all_verdicts_agree_on_every_combination() {
    let tally = compare_on_grid::<OnePile>("all", *DEALS, FEW, LIMIT);
    assert!(tally.won >= 50 && tally.lost >= 100, "{tally:?}");
}

#[test]
fn three_piles_win_pyramid_verdicts_agree_on_every_combination() {
    let tally = compare_on_grid::<ThreePiles>("pyramid", *DEALS, FEW, LIMIT);
    assert!(tally.won >= 100 && tally.lost >= 100, "{tally:?}");
}

#[test]
fn three_piles_win_all_verdicts_agree_on_every_combination() {
    let tally = compare_on_grid::<ThreePiles>("all", *DEALS, FEW, LIMIT);
    assert!(tally.won >= 50 && tally.lost >= 100, "{tally:?}");
}

/// Whole deals where the exhaustive search is cheap: the first pass of a
/// one-pass game with one pile and three. One test per option pair, so the
/// test threads share them.
fn whole_deals_agree(win: &str, stock_top: &str) {
    let options = [("win", win), ("stock_top_playable", stock_top)];
    for seed in 0..6 {
        for (verdict, expected) in
            [whole_deal_verdicts::<OnePile>(seed, &options), whole_deal_verdicts::<ThreePiles>(seed, &options)]
                .into_iter()
                .flatten()
        {
            assert_eq!(verdict, expected, "seed {seed} {options:?}");
        }
    }
}

#[test]
fn whole_deals_agree_where_an_exhaustive_search_is_cheap_closed_stock() {
    whole_deals_agree("pyramid", "false");
}

#[test]
fn whole_deals_agree_where_an_exhaustive_search_is_cheap_open_stock() {
    whole_deals_agree("pyramid", "true");
}

#[test]
fn whole_deals_agree_where_an_exhaustive_search_is_cheap_win_all() {
    whole_deals_agree("all", "true");
}

/// (the solver says winnable, the exhaustive search says winnable) for a
/// whole deal, if the exhaustive search finishes.
fn whole_deal_verdicts<P: Profile>(seed: u64, options: &[(&str, &str)]) -> Option<(bool, bool)> {
    let game = PairGame::<P>::start(&Deal::Seed(seed), &settings_of::<P>(options)).unwrap();
    let won = shortest_win(&game, 400_000)?.is_some();
    Some((solve(&game, 50_000_000).verdict == Verdict::Winnable, won))
}

