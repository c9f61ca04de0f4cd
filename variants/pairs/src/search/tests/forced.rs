//! Moves made first and alone (`forced`): a removal every winning line
//! makes (`forced_removal`), here with an open stock top.

use super::{built, random_walk_to, removals_first, winnable_by_brute_force};
use crate::grid_tests::{cards_left, settings_of};
use crate::moves::{Action, Place};
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Search;
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};

/// One pile, the stock top open: the 5 of row 6 has one partner left, the
/// 8 on top of the stock, so pairing them is the only move the search
/// tries (not the draw, nor the Jack with the 2). With three piles taking
/// the stock top would move the later cards to other piles, so it is not
/// forced there.
#[test]
fn an_open_stock_top_that_is_the_only_partner_left_is_taken_at_once() {
    let options = [("stock_top_playable", "true")];
    let pyramid = [(26, "Jd"), (27, "5h")];
    let game = built::<OnePile>(&options, 1, &pyramid, &[&["2c", "2s"]], &["8s", "Kd"]);
    let pair = Action::Pair(Place::Pyramid(27), Place::StockTop);
    assert!(game.actions().contains(&pair) && game.actions().len() > 2, "{:?}", game.actions());
    let mut tried = Vec::new();
    game.search_actions(&mut tried);
    assert_eq!(tried, vec![pair]);
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
    assert_eq!(patience_engine::solver::solve(&game, 10_000).verdict, patience_engine::solver::Verdict::Winnable);
    let game = built::<ThreePiles>(&options, 1, &pyramid, &[&["2c"], &["2s"]], &["8s", "Kd"]);
    assert_eq!(game.forced_removal(&game.actions()), None);
}

/// Along random games with one pile and an open stock top, whenever the
/// stock top is taken at once (`forced_removal`) the position is won
/// exactly when the position after that move is, by brute force: every
/// pass count but unlimited, both goals, the overlap pairs.
#[test]
fn taking_an_open_stock_top_early_keeps_every_win() {
    let option_sets: [&[(&str, &str)]; 5] = [
        &[("stock_top_playable", "true")],
        &[("stock_top_playable", "true"), ("passes", "2")],
        &[("stock_top_playable", "true"), ("win", "all"), ("passes", "3")],
        &[("stock_top_playable", "true"), ("overlap_pairs", "both")],
        &[("stock_top_playable", "true"), ("overlap_pairs", "waste"), ("passes", "3"), ("win", "all")],
    ];
    let mut rng = DealRng::new(0x5707);
    let (mut compared, mut won) = (0, 0);
    for options in option_sets {
        let settings = settings_of::<OnePile>(options);
        for seed in 0..150 {
            let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
            // (Late enough for the brute force to finish.)
            let takes_stock_top = |game: &PairGame<OnePile>| {
                cards_left(game) <= 26
                    && matches!(game.forced_removal(&game.actions()), Some(Action::Pair(_, Place::StockTop)))
            };
            let Some(game) = random_walk_to(game, &mut rng, removals_first, takes_stock_top) else { continue };
            let mut after = game.clone();
            after.perform(&game.forced_removal(&game.actions()).unwrap());
            let before = winnable_by_brute_force(&game, 50_000);
            if let (Some(before), Some(after)) = (before, winnable_by_brute_force(&after, 50_000)) {
                assert_eq!(before, after, "seed {seed} {options:?}");
                compared += 1;
                won += before as u32;
            }
        }
    }
    assert!(compared >= 150 && won >= 20, "{compared} positions compared, {won} won");
}
