//! Dead positions (`dead`): each rule ([`DeadRule`]) alone calls a position
//! built for it dead, and the position is lost by an exhaustive search;
//! along random games, every position only one rule calls dead is lost.

use super::{any_move, built, random_walk_to, winnable_by_brute_force};
use crate::Profile;
use crate::grid_tests::shortest_win;
use crate::search::dead::DeadRule;
use crate::search::ranks::RankCounts;
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::solver::{solve, Verdict};

/// The rules that apply to `game` and fail there.
fn failing_rules<P: Profile>(game: &PairGame<P>) -> Vec<DeadRule> {
    let counts = RankCounts::of(game);
    game.dead_rules().iter().copied().filter(|&rule| !game.rule_holds(rule, &counts)).collect()
}

/// `game` is called dead by `rule` and by no other rule that applies, and
/// it is lost: by an exhaustive search, and by the solver.
fn only_it_calls_dead_and_it_is_lost<P: Profile>(rule: DeadRule, game: &PairGame<P>) {
    only_they_call_dead_and_it_is_lost(&[rule], game);
}

/// `game` is called dead by `rules` and by no other rule that applies, and
/// it is lost.
fn only_they_call_dead_and_it_is_lost<P: Profile>(rules: &[DeadRule], game: &PairGame<P>) {
    assert_eq!(failing_rules(game), rules, "{game:?}");
    assert!(game.cannot_win());
    assert_eq!(shortest_win(game, 100_000), Some(None), "lost");
    assert_eq!(solve(game, 100_000).verdict, Verdict::NotWinnable);
}

/// Checks positions built for `rule` (every rule has some: the match is
/// exhaustive). In the comments the waste is bottom to top, the stock top
/// first; rows count from the apex, 0 to 6.
fn built_positions_only_it_calls_dead(rule: DeadRule) {
    match rule {
        DeadRule::RanksPairOff => {
            // Passes remain, so the counting rule is the only one. The 5
            // has no 8 left anywhere.
            let game = built::<OnePile>(&[("passes", "2")], 1, &[(27, "5h")], &[], &["Kc", "Qd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // All 52 to go, talon cards pairing only with pyramid cards:
            // the 3 needs a pyramid 10.
            let options = [("win", "all"), ("passes", "2")];
            let game = built::<OnePile>(&options, 1, &[(27, "5h")], &[], &["8c", "3d"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
        }
        DeadRule::SomeDigDepthWorks => {
            // Last pass. The 5 and 8 of row 6 pair (so the last pair can be
            // in the pyramid); the 4 needs the 9 under the 2, which has no
            // Jack left.
            let pyramid = [(21, "5h"), (22, "8d"), (23, "4c")];
            let game = built::<OnePile>(&[], 1, &pyramid, &[&["9s", "2h"]], &["Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same, the stock top open: the 9 is under the 2, which has
            // no Jack left, in the pyramid or the stock. The counting rule
            // would pair the 4 with that 9.
            let options = [("stock_top_playable", "true")];
            let game = built::<OnePile>(&options, 1, &pyramid, &[&["9s", "2h"]], &["Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            assert!(game.rule_holds(DeadRule::RanksPairOff, &RankCounts::of(&game)), "not by the counts alone");
        }
        DeadRule::LastPairPossible => {
            // Last pass. The 10 of row 6 covers the 5 of row 5: the 5 goes
            // last, with the 8 on the waste, but the 10 needs the 3 under
            // that 8. The counts alone would pair them all.
            // The rule in its phases says the same (it is this rule with
            // the pyramid's shape kept, and applies to one pile whose cards
            // pair only with pyramid cards; this rule stays as the cheaper
            // first test there).
            let pyramid = [(15, "5h"), (21, "Td")];
            let game = built::<OnePile>(&[], 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
            only_they_call_dead_and_it_is_lost(&[rule, DeadRule::LastPairInItsPhases], &game);
            // The same with three piles (only the pile tops pair), in the
            // last of two passes.
            let game = built::<ThreePiles>(&[("passes", "2")], 2, &pyramid, &[&["3c", "8s"], &["Kd"]], &[]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // One pile, the stock top open: the same, the 3 having no 10 in
            // the stock either (and the rule in its phases the same).
            let game = built::<OnePile>(&[("stock_top_playable", "true")], 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
            only_they_call_dead_and_it_is_lost(&[rule, DeadRule::LastPairInItsPhases], &game);
            // One pile, waste overlap pairs (and in the pyramid too): the
            // same, the 3 and the 8 not making 13 (and the rule in its
            // phases the same again).
            for overlap in ["waste", "both"] {
                let game = built::<OnePile>(&[("overlap_pairs", overlap)], 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
                only_they_call_dead_and_it_is_lost(&[rule, DeadRule::LastPairInItsPhases], &game);
            }
            // An 8 in the stock can always wait for the 5, even with the 3
            // under the other 8 lost: the 10 pairs with the 3 of the stock.
            let game =
                built::<OnePile>(&[("stock_top_playable", "true")], 1, &pyramid, &[&["3c", "8s"]], &["Kd", "8h", "3d"]);
            assert!(game.rule_holds(rule, &RankCounts::of(&game)));
            assert_eq!(solve(&game, 10_000).verdict, Verdict::Winnable);
        }
        DeadRule::UpperCardsCanWait => {
            // Last pass. The 5 of row 2 is covered by the 10 of row 3 and
            // pairs only with the 8 on the waste, but the 10 needs the 3
            // under that 8. The 6 and 7 of row 6 can go last, so the
            // last-pair rule has nothing to say.
            let pyramid = [(3, "5h"), (6, "Td"), (26, "6c"), (27, "7d")];
            let game = built::<OnePile>(&[], 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same with the stock top open (no 10 in the stock), with
            // waste overlap pairs, and with all 52 cards to go.
            for options in [[("stock_top_playable", "true")], [("overlap_pairs", "waste")], [("win", "all")]] {
                let game = built::<OnePile>(&options, 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
                only_it_calls_dead_and_it_is_lost(rule, &game);
            }
        }
        DeadRule::LastPairInItsPhases => {
            // Last pass. The 10 of row 4 goes last (the 5 of row 5 covers
            // it, the 9 of row 6 the 5), with the 3 of the stock. The 8
            // before that 3 is the 5's only partner, but the 5 is free only
            // once the 4 after it has come: by then the 8 lies under the 3
            // for good. By the counts alone the 8 pairs with the 5.
            let pyramid = [(10, "Td"), (15, "5h"), (21, "9c")];
            let game = built::<OnePile>(&[], 1, &pyramid, &[], &["8s", "3c", "4d", "Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same in the last of two passes, the 8 on the waste.
            let game = built::<OnePile>(&[("passes", "2")], 2, &pyramid, &[&["8s"]], &["3c", "4d", "Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same with all 52 to go (the 3 in the stock is in reach,
            // so the last partner has nothing below it).
            let game = built::<OnePile>(&[("win", "all")], 1, &pyramid, &[], &["8s", "3c", "4d", "Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same with the stock top open: the 3 can pair from the
            // stock top, but the 4 that frees the 5 lies beneath it.
            let game = built::<OnePile>(&[OPEN_STOCK], 1, &pyramid, &[], &["8s", "3c", "4d", "Kd"]);
            only_it_calls_dead_and_it_is_lost(rule, &game);
            // The same with waste overlap pairs (no two of the talon cards
            // make 13).
            for overlap in ["waste", "both"] {
                let game = built::<OnePile>(&[("overlap_pairs", overlap)], 1, &pyramid, &[], &["8s", "3c", "4d", "Kd"]);
                only_it_calls_dead_and_it_is_lost(rule, &game);
            }
            // With all to go, a partner on the waste with nothing beneath
            // it can wait: the 4 frees the 5, which pairs with the 8.
            let game = built::<OnePile>(&[("win", "all")], 1, &[(15, "5h"), (21, "9c")], &[&["8s"]], &["4d", "Kd"]);
            assert!(game.rule_holds(rule, &RankCounts::of(&game)));
            assert_eq!(solve(&game, 10_000).verdict, Verdict::Winnable);
        }
        DeadRule::LastPartnerHasNothingBelow => {
            // All 52 to go, last pass: the 5 goes last, with the 8 on the
            // waste, but the 3 under that 8 must go before it. The counts
            // alone would pair them all.
            // The rule in its phases says the same (its stronger form;
            // this rule stays as the cheaper first test).
            let pyramid = [(15, "5h"), (21, "Td")];
            let game = built::<OnePile>(&[("win", "all")], 1, &pyramid, &[&["3c", "8s"]], &["Kd"]);
            only_they_call_dead_and_it_is_lost(&[rule, DeadRule::LastPairInItsPhases], &game);
        }
        DeadRule::WasteCardsCanLeave => {
            // All 52 to go, last pass, one pile where talon cards meet: the
            // 5 on top of the waste has its only 8 below the King under
            // it, which cannot leave while the 5 lies on it. The counts
            // alone would pair the 5 with that 8.
            let pyramid = [(27, "Kh")];
            for options in waste_cards_meet() {
                let game = built::<OnePile>(&options, 1, &pyramid, &[&["8c", "Kd", "5s"]], &["Jh"]);
                only_it_calls_dead_and_it_is_lost(rule, &game);
            }
            // Three piles, with every setting of the options, in the last
            // of two passes (the first deals card k to pile k mod 3): the
            // same pile beside two empty ones.
            for options in waste_cards_meet_on_three_piles() {
                let options = options.map(|(name, value)| (name, if name == "passes" { "2" } else { value }));
                let game = built::<ThreePiles>(&options, 2, &pyramid, &[&["8c", "Kd", "5s"], &[], &[]], &["Jh"]);
                only_it_calls_dead_and_it_is_lost(rule, &game);
            }
        }
    }
}

/// The options under which talon cards meet on one pile with all 52 to
/// go (so `waste_cards_can_leave` applies in the last pass): waste overlap
/// pairs, the stock top open, or both.
fn waste_cards_meet() -> [[(&'static str, &'static str); 4]; 3] {
    let with = |overlap, stock_top| [("win", "all"), ("passes", "1"), ("overlap_pairs", overlap), ("stock_top_playable", stock_top)];
    [with("waste", "false"), with("none", "true"), with("both", "true")]
}

/// Three piles with all 52 to go: the waste rule applies in the last pass
/// whatever the talon's options.
fn waste_cards_meet_on_three_piles() -> [[(&'static str, &'static str); 4]; 4] {
    let with = |overlap, stock_top| [("win", "all"), ("passes", "1"), ("overlap_pairs", overlap), ("stock_top_playable", stock_top)];
    [with("none", "false"), with("waste", "false"), with("none", "true"), with("both", "true")]
}

#[test]
fn waste_cards_can_leave_alone_calls_a_built_position_dead() {
    built_positions_only_it_calls_dead(DeadRule::WasteCardsCanLeave);
}

/// Each partner the rule allows a waste card is one it can meet: in each
/// position below the card has only that partner, the position is
/// winnable, and the rule holds.
#[test]
fn waste_cards_can_leave_holds_for_each_way_a_waste_card_meets_its_partner() {
    let rule = DeadRule::WasteCardsCanLeave;
    let holds_and_winnable = |options: &[(&str, &str)], pass, pyramid: &[(usize, &str)], waste: &[&str], stock: &[&str]| {
        let game = built::<OnePile>(options, pass, pyramid, &[waste], stock);
        assert!(!failing_rules(&game).contains(&rule), "{options:?} {waste:?} {stock:?}");
        assert!(matches!(shortest_win(&game, 100_000), Some(Some(_))), "winnable: {options:?} {waste:?} {stock:?}");
    };
    let king = [(27, "Kh")];
    for options in waste_cards_meet() {
        // A stock card, drawn onto it (overlap) or as the open stock top.
        holds_and_winnable(&options, 1, &king, &["5s"], &["8h"]);
        // A pyramid card.
        holds_and_winnable(&options, 1, &[(27, "8h")], &["5s"], &[]);
    }
    // Its neighbours on the waste, with waste overlap pairs: the one under
    // it (for the 5) and the one on it (for the 8).
    for options in [waste_cards_meet()[0], waste_cards_meet()[2]] {
        holds_and_winnable(&options, 1, &king, &["8c", "5s"], &[]);
    }
    // Passes remain: the waste comes round again in another order, and the
    // rule does not apply (the 5 pairs with the 8 after the turn-over,
    // once the King has gone alone).
    let two_passes = [("win", "all"), ("passes", "2"), ("overlap_pairs", "waste")];
    holds_and_winnable(&two_passes, 1, &king, &["8c", "Kd", "5s"], &[]);
}

/// Three piles: a card of another pile, and a stock card that lands on
/// another pile (neither overlap pairs nor an open stock top), are
/// partners a waste card meets.
#[test]
fn waste_cards_can_leave_on_three_piles_holds_for_a_partner_on_another_pile() {
    let rule = DeadRule::WasteCardsCanLeave;
    let king = [(27, "Kh")];
    for options in waste_cards_meet_on_three_piles() {
        let holds_and_winnable = |waste: &[&[&str]], stock: &[&str]| {
            let game = built::<ThreePiles>(&options, 1, &king, waste, stock);
            assert!(!failing_rules(&game).contains(&rule), "{options:?} {waste:?} {stock:?}");
            assert!(matches!(shortest_win(&game, 100_000), Some(Some(_))), "winnable: {options:?} {waste:?} {stock:?}");
        };
        // The 8 on the second pile.
        holds_and_winnable(&[&["5s"], &["8h"], &[]], &[]);
        // The 8 in the stock, dealt onto the second pile.
        holds_and_winnable(&[&["5s"], &[], &[]], &["Kd", "8h"]);
    }
}

#[test]
fn last_pair_in_its_phases_alone_calls_built_positions_dead() {
    built_positions_only_it_calls_dead(DeadRule::LastPairInItsPhases);
}

#[test]
fn ranks_pair_off_alone_calls_built_positions_dead() {
    built_positions_only_it_calls_dead(DeadRule::RanksPairOff);
}

#[test]
fn some_dig_depth_works_alone_calls_a_built_position_dead() {
    built_positions_only_it_calls_dead(DeadRule::SomeDigDepthWorks);
}

/// With the stock top open, `some_dig_depth_works` lets the waste cards it
/// digs pair with stock cards: a position won only that way is not called
/// dead. (Leaving the stock cards out makes this fail.) With waste overlap
/// pairs, where two waste cards may pair, it does not apply.
#[test]
fn some_dig_depth_works_lets_waste_cards_pair_with_an_open_stock_top() {
    // The Jack on the waste with the 2 on top of the stock, then the 5 of
    // row 6 with the 8 at the bottom of the waste.
    let options = [("stock_top_playable", "true")];
    let game = built::<OnePile>(&options, 1, &[(27, "5h")], &[&["8s", "Jc"]], &["2d"]);
    assert_eq!(game.dead_rules()[0], DeadRule::SomeDigDepthWorks);
    assert!(shortest_win(&game, 10_000).unwrap().is_some(), "won");
    assert!(!game.cannot_win());
    assert_eq!(solve(&game, 10_000).verdict, Verdict::Winnable);
    for options in [&[("overlap_pairs", "waste")][..], &[("overlap_pairs", "both"), ("stock_top_playable", "true")]] {
        // The Jack with the 2 beneath it, then the 5 with the 8.
        let game = built::<OnePile>(options, 1, &[(27, "5h")], &[&["8s", "2d", "Jc"]], &["Kd"]);
        assert!(!game.dead_rules().contains(&DeadRule::SomeDigDepthWorks), "{options:?}");
        assert_eq!(solve(&game, 10_000).verdict, Verdict::Winnable, "{options:?}");
    }
}

#[test]
fn last_pair_possible_alone_calls_built_positions_dead() {
    built_positions_only_it_calls_dead(DeadRule::LastPairPossible);
}

#[test]
fn upper_cards_can_wait_alone_calls_a_built_position_dead() {
    built_positions_only_it_calls_dead(DeadRule::UpperCardsCanWait);
}

#[test]
fn last_partner_has_nothing_below_alone_calls_a_built_position_dead() {
    built_positions_only_it_calls_dead(DeadRule::LastPartnerHasNothingBelow);
}

/// Plays random games of `deals` deals with `options` until some rule
/// calls the position dead; each position only `rule` calls dead is
/// brute-forced and must be lost, and there must be at least 20 of them
/// (the rule has something to say). One test per rule and option set, so
/// the test threads share them.
fn only_lost_positions_are_called_dead(options: &[(&str, &str)], deals: u64, rule: DeadRule) {
    brute_force_where_called_dead::<OnePile>(options, deals, rule, |failing| !failing.is_empty(), |failing| failing == [rule]);
}

/// Plays random games of `deals` deals with `options` until `rule` calls
/// the position dead, whatever the other rules say; each such position
/// is brute-forced and must be lost (at least 20 of them). For a rule
/// another one says the same of, or earlier in the game: there are too
/// few positions only it calls dead.
fn rule_calls_only_lost_positions_dead(options: &[(&str, &str)], deals: u64, rule: DeadRule) {
    brute_force_where_called_dead::<OnePile>(options, deals, rule, |failing| failing.contains(&rule), |_| true);
}

/// The walk both share: each game stops where the failing rules make
/// `stop` true; if they also make `check` true, the position is
/// brute-forced and must be lost. At least 20 must be checked.
fn brute_force_where_called_dead<P: Profile>(
    options: &[(&str, &str)],
    deals: u64,
    rule: DeadRule,
    stop: impl Fn(&[DeadRule]) -> bool,
    check: impl Fn(&[DeadRule]) -> bool,
) {
    let settings = crate::grid_tests::settings_of::<P>(options);
    let mut rng = DealRng::new(0xC0DE);
    let mut confirmed = 0;
    for seed in 0..deals {
        let game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
        let called_dead = |game: &PairGame<P>| stop(&failing_rules(game));
        let Some(game) = random_walk_to(game, &mut rng, any_move, called_dead) else { continue };
        if check(&failing_rules(&game))
            && let Some(winnable) = winnable_by_brute_force(&game, 300_000)
        {
            assert!(!winnable, "seed {seed}: a winnable position was called dead");
            confirmed += 1;
        }
    }
    assert!(confirmed >= 20, "{options:?} {rule:?}: only {confirmed} positions checked");
}

/// Along random games, in the last pass with all 52 to go, for each way
/// talon cards meet on one pile, and in the last of two passes.
#[test]
fn waste_cards_can_leave_with_waste_overlap_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&waste_cards_meet()[0], 100, DeadRule::WasteCardsCanLeave);
}

#[test]
fn waste_cards_can_leave_with_an_open_stock_top_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&waste_cards_meet()[1], 100, DeadRule::WasteCardsCanLeave);
}

#[test]
fn waste_cards_can_leave_with_both_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&waste_cards_meet()[2], 100, DeadRule::WasteCardsCanLeave);
}

#[test]
fn waste_cards_can_leave_on_three_piles_calls_only_lost_positions_dead() {
    for options in waste_cards_meet_on_three_piles() {
        let (stop, check) = (|failing: &[DeadRule]| failing.contains(&DeadRule::WasteCardsCanLeave), |_: &[DeadRule]| true);
        brute_force_where_called_dead::<ThreePiles>(&options, 400, DeadRule::WasteCardsCanLeave, stop, check);
    }
}

#[test]
fn waste_cards_can_leave_in_the_last_of_two_passes_calls_only_lost_positions_dead() {
    let options = [("win", "all"), ("passes", "2"), ("overlap_pairs", "both"), ("stock_top_playable", "true")];
    rule_calls_only_lost_positions_dead(&options, 200, DeadRule::WasteCardsCanLeave);
}

/// `upper_cards_can_wait` (the cone rule) is the subtlest.
#[test]
fn upper_cards_can_wait_alone_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[], 400, DeadRule::UpperCardsCanWait);
}

/// All 52 cards to go.
#[test]
fn last_partner_has_nothing_below_alone_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[("win", "all")], 100, DeadRule::LastPartnerHasNothingBelow);
}

#[test]
fn upper_cards_can_wait_with_all_to_go_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[("win", "all")], 100, DeadRule::UpperCardsCanWait);
}

/// The stock top open (where, before the last-pair and cone rules came,
/// the dig-depth rule was the only one in the last pass).
const OPEN_STOCK: (&str, &str) = ("stock_top_playable", "true");

#[test]
fn some_dig_depth_works_with_an_open_stock_top_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[OPEN_STOCK], 100, DeadRule::SomeDigDepthWorks);
}

#[test]
fn some_dig_depth_works_with_an_open_stock_top_and_pyramid_overlap_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("overlap_pairs", "pyramid"), OPEN_STOCK], 300, DeadRule::SomeDigDepthWorks);
}

/// Two passes reach the last pass less often: more deals.
#[test]
fn some_dig_depth_works_with_an_open_stock_top_and_two_passes_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[("passes", "2"), OPEN_STOCK], 200, DeadRule::SomeDigDepthWorks);
}

#[test]
fn last_pair_possible_with_an_open_stock_top_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[OPEN_STOCK], 100, DeadRule::LastPairPossible);
}

#[test]
fn upper_cards_can_wait_with_an_open_stock_top_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[OPEN_STOCK], 300, DeadRule::UpperCardsCanWait);
}

/// Waste overlap pairs, where two talon cards above a partner may pair
/// with each other.
#[test]
fn last_pair_possible_with_waste_overlap_calls_only_lost_positions_dead() {
    rule_calls_only_lost_positions_dead(&[("overlap_pairs", "waste")], 100, DeadRule::LastPairPossible);
    rule_calls_only_lost_positions_dead(&[("overlap_pairs", "both")], 100, DeadRule::LastPairPossible);
}

#[test]
fn upper_cards_can_wait_with_waste_overlap_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("overlap_pairs", "waste")], 300, DeadRule::UpperCardsCanWait);
    only_lost_positions_are_called_dead(&[("overlap_pairs", "both")], 300, DeadRule::UpperCardsCanWait);
}

/// The last pair in its phases, wherever it applies (one pile, talon
/// cards pairing only with pyramid cards, the pyramid to clear): in the
/// one pass, with pyramid overlap pairs, and in the last of two passes.
#[test]
fn last_pair_in_its_phases_alone_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[], 300, DeadRule::LastPairInItsPhases);
}

#[test]
fn last_pair_in_its_phases_with_pyramid_overlap_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("overlap_pairs", "pyramid")], 300, DeadRule::LastPairInItsPhases);
}

/// Waste overlap pairs: the cards above the partner may pair with each
/// other.
#[test]
fn last_pair_in_its_phases_with_waste_overlap_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("overlap_pairs", "waste")], 100, DeadRule::LastPairInItsPhases);
    only_lost_positions_are_called_dead(&[("overlap_pairs", "both")], 100, DeadRule::LastPairInItsPhases);
}

#[test]
fn last_pair_in_its_phases_with_an_open_stock_top_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[OPEN_STOCK], 300, DeadRule::LastPairInItsPhases);
}

#[test]
fn last_pair_in_its_phases_with_all_to_go_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("win", "all")], 2000, DeadRule::LastPairInItsPhases);
}

#[test]
fn last_pair_in_its_phases_in_the_last_of_two_passes_calls_only_lost_positions_dead() {
    only_lost_positions_are_called_dead(&[("passes", "2")], 800, DeadRule::LastPairInItsPhases);
}
