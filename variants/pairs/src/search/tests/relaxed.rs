//! The talon in any order (`goal_reached_with_the_talon_in_any_order`):
//! with unlimited passes and the pyramid to clear it is the game itself;
//! on every other combination of the options it never gives up a position
//! an exhaustive search wins (and it does give some up).

use super::built;
use crate::Profile;
use crate::search::dead::DeadRule;
use crate::search::ranks::RankCounts;
use crate::grid_tests::{cards_left, grid, mostly_removals, settings_of, shortest_win};
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};

/// Whether the relaxed game from `game` is won.
fn reached<P: Profile>(game: &PairGame<P>) -> bool {
    game.goal_reached_with_the_talon_in_any_order(&RankCounts::of(game))
}

/// Positions reached by random play (mostly removals) from `deals` deals
/// under `options`, once at most `few` cards are left, with the exhaustive
/// search's verdict: (relaxation says the goal is in reach, won).
fn verdicts_along_random_games<P: Profile>(options: &[(&str, &str)], deals: u64, few: u32) -> Vec<(bool, bool)> {
    let settings = settings_of::<P>(options);
    let mut rng = DealRng::new(0xBA6);
    let mut verdicts = Vec::new();
    for seed in 0..deals {
        let mut game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
        for _ in 0..500 {
            if cards_left(&game) <= few || game.is_over() {
                break;
            }
            game.perform(&mostly_removals(&game.actions(), &mut rng));
        }
        if let Some(shortest) = shortest_win(&game, 100_000) {
            verdicts.push((reached(&game), shortest.is_some()));
        }
    }
    verdicts
}

/// Unlimited passes, the pyramid to clear: any talon card can be brought to
/// a waste top at any time, so the relaxation decides exactly as the game,
/// on every combination of piles, `face_down`, `overlap_pairs` and
/// `stock_top_playable`.
fn the_game_itself<P: Profile>() {
    let (mut won, mut lost) = (0, 0);
    for options in grid("pyramid").into_iter().filter(|options| options.contains(&("passes", "unlimited"))) {
        for (reached, winnable) in verdicts_along_random_games::<P>(&options, 24, 24) {
            assert_eq!(reached, winnable, "{} {options:?}", P::ID);
            if winnable { won += 1 } else { lost += 1 }
        }
    }
    assert!(won >= 50 && lost >= 50, "{} won {won}, lost {lost}", P::ID);
}

#[test]
fn with_unlimited_passes_and_the_pyramid_to_clear_it_is_the_game_with_one_pile() {
    the_game_itself::<OnePile>();
}

#[test]
fn with_unlimited_passes_and_the_pyramid_to_clear_it_is_the_game_with_three_piles() {
    the_game_itself::<ThreePiles>();
}

/// One pile, all 52 to go, the stock top open and no waste overlap pairs,
/// unlimited passes: the relaxation keeps the talon in order, a pyramid
/// card can have any talon card brought to it, and two talon cards pair as
/// stock top and waste top, neighbours once the cards between them are
/// gone, so it decides exactly as the game, with and without `face_down`
/// and pyramid overlap pairs. (Counting the talon by rank, it called
/// positions alive that are lost.)
#[test]
fn with_unlimited_passes_all_52_to_go_and_the_stock_top_open_it_is_the_game_with_one_pile() {
    let talon_order_kept = |options: &Vec<(&str, &str)>| {
        options.contains(&("stock_top_playable", "true"))
            && !options.contains(&("overlap_pairs", "waste"))
            && !options.contains(&("overlap_pairs", "both"))
    };
    let (mut won, mut lost) = (0, 0);
    let combinations =
        grid("all").into_iter().filter(|options| options.contains(&("passes", "unlimited")) && talon_order_kept(options));
    for options in combinations {
        for (reached, winnable) in verdicts_along_random_games::<OnePile>(&options, 64, 24) {
            assert_eq!(reached, winnable, "{options:?}");
            if winnable { won += 1 } else { lost += 1 }
        }
    }
    assert!(won >= 40 && lost >= 40, "won {won}, lost {lost}");
}

/// Every combination of the options: a position the relaxation gives up is
/// lost. Returns how many it gave up.
fn never_gives_up_a_win<P: Profile>(win: &'static str) -> u32 {
    let mut given_up = 0;
    for options in grid(win) {
        for (reached, winnable) in verdicts_along_random_games::<P>(&options, 8, 22) {
            assert!(reached || !winnable, "{} {options:?}: a winnable position was given up", P::ID);
            given_up += u32::from(!reached);
        }
    }
    given_up
}

#[test]
fn it_never_gives_up_a_win_with_one_pile() {
    let given_up = never_gives_up_a_win::<OnePile>("pyramid") + never_gives_up_a_win::<OnePile>("all");
    assert!(given_up >= 200, "only {given_up} positions given up");
}

#[test]
fn it_never_gives_up_a_win_with_three_piles() {
    let given_up = never_gives_up_a_win::<ThreePiles>("pyramid") + never_gives_up_a_win::<ThreePiles>("all");
    assert!(given_up >= 200, "only {given_up} positions given up");
}

/// The 5 of row 5 is covered only by the 8 of row 6: with pyramid overlap
/// pairs the two pair, and the relaxation must know it; without, the 8
/// has no partner but the card it covers, and the position is lost.
#[test]
fn a_pyramid_overlap_pair_keeps_the_goal_in_reach() {
    let pyramid = [(20, "5h"), (26, "8d")];
    for (overlap, winnable) in [("pyramid", true), ("both", true), ("none", false), ("waste", false)] {
        let options = [("overlap_pairs", overlap), ("passes", "unlimited")];
        let game = built::<OnePile>(&options, 1, &pyramid, &[&["Kc"]], &["Kd"]);
        assert_eq!(shortest_win(&game, 10_000).unwrap().is_some(), winnable, "{overlap}");
        assert_eq!(reached(&game), winnable, "{overlap}");
    }
}

/// All 52 to go: the last two talon cards pair with each other (the stock
/// top with the waste top), which the relaxation must allow where talon
/// cards can pair; with the stock closed and one pile they cannot.
#[test]
fn talon_cards_pairing_with_each_other_keep_the_goal_in_reach() {
    let pyramid = [(27, "Kh")];
    for (stock_top, winnable) in [("true", true), ("false", false)] {
        let options = [("win", "all"), ("stock_top_playable", stock_top), ("passes", "unlimited")];
        let game = built::<OnePile>(&options, 1, &pyramid, &[&["5c"]], &["8d"]);
        assert_eq!(shortest_win(&game, 10_000).unwrap().is_some(), winnable, "stock top open: {stock_top}");
        assert_eq!(reached(&game), winnable, "stock top open: {stock_top}");
    }
}

/// What the dead check remembers of a deal (the relaxed game's and the
/// phase games' verdicts) is of that deal alone, not of every deal with the
/// same pyramid. The 10 of row 5 goes last with the 3 on top of the stock;
/// the 9 covering it needs the 4. With the 5 after the 4 the game is won
/// (the 5 is never drawn); with the 5 before it, the 5 buries the 3 for
/// good, which the last pair in its phases sees. Asked one after the
/// other, in either order, each position gets its own answer.
#[test]
fn what_is_remembered_of_a_deal_is_not_used_for_another_with_the_same_pyramid() {
    let pyramid = [(15, "Td"), (21, "9c")];
    let won = built::<OnePile>(&[], 1, &pyramid, &[], &["3c", "4d", "5h"]);
    let lost = built::<OnePile>(&[], 1, &pyramid, &[], &["3c", "5h", "4d"]);
    assert_eq!(won.pyramid, lost.pyramid);
    assert!(shortest_win(&won, 10_000).unwrap().is_some());
    assert_eq!(shortest_win(&lost, 10_000).unwrap(), None);
    let holds = |game: &PairGame<OnePile>| game.rule_holds(DeadRule::LastPairInItsPhases, &RankCounts::of(game));
    assert!(holds(&won));
    assert!(!holds(&lost), "after the won position");
    assert!(holds(&won), "after the lost position");
}
