//! Trimming the search's copy (`trim`): cards stuck for good
//! (`stuck_for_good`) and waste piles a draw buries for nothing
//! (`buried_for_nothing`) change no verdict.

use super::{any_move, built, random_walk_to, removals_first, settings, winnable_by_brute_force};
use crate::Profile;
use crate::geometry::{bits, BURIED_UNDER, PYRAMID_CARDS, TALON_CARDS};
use crate::grid_tests::settings_of;
use crate::moves::Action;
use crate::options::GameOptions;
use crate::table::{PairGame, Pile};
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Variant;
use patience_engine::card::{Card, Suit, KING};
use patience_engine::deal::{Deal, DealRng};
use patience_engine::solver::Verdict;

/// Along random games, a position with cards stuck for good
/// (`stuck_for_good`) has the key of, and is won exactly when, the
/// position without them.
#[test]
fn stuck_for_good_changes_nothing_but_the_key() {
    let mut rng = DealRng::new(0x57AC);
    let mut confirmed = 0;
    let option_sets: [&[(&str, &str)]; 5] = [
        &[],
        &[("stock_top_playable", "true")],
        &[("passes", "2")],
        &[("overlap_pairs", "waste")],
        &[("overlap_pairs", "both"), ("stock_top_playable", "true")],
    ];
    for options in option_sets {
        let settings = settings(options);
        for seed in 0..150 {
            let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
            let stuck = |game: &PairGame<OnePile>| game.stuck_for_good() != 0;
            let Some(game) = random_walk_to(game, &mut rng, any_move, stuck) else { continue };
            let without = game.without_stuck_cards();
            assert!(without.check().is_ok(), "seed {seed}: {:?}", without.check());
            assert_eq!(game.position_key(), without.position_key(), "seed {seed}");
            let with_them = winnable_by_brute_force(&game, 200_000);
            let without_them = winnable_by_brute_force(&without, 200_000);
            if let (Some(with_them), Some(without_them)) = (with_them, without_them) {
                assert_eq!(with_them, without_them, "seed {seed} {options:?}");
                confirmed += 1;
            }
        }
    }
    assert!(confirmed >= 150, "only {confirmed} positions compared");
}

/// With waste overlap pairs a waste card with no partner left in the
/// pyramid or the stock is still not stuck when its partner lies directly
/// beneath it, or anywhere above it; without one, it is stuck with
/// everything beneath it.
#[test]
fn stuck_for_good_with_waste_overlap_pairs_counts_the_waste_around_a_card() {
    let options = [("overlap_pairs", "waste")];
    // The Jack pairs with the 2 beneath it, then the 5 with the 8.
    let game = built::<OnePile>(&options, 1, &[(27, "5h")], &[&["8s", "2d", "Jc"]], &["Kd"]);
    assert_eq!(game.stuck_for_good(), 0);
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
    // The 2 has the Jack above it, the Jack the 2 directly beneath it:
    // the 10 drawn onto the 3 takes it, then the Jack and 2 pair.
    let game = built::<OnePile>(&options, 1, &[(27, "5h")], &[&["8s", "2d", "Jc", "3h"]], &["Td"]);
    assert_eq!(game.stuck_for_good(), 0);
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
    // The 3 has no 10 anywhere: it and the 8 beneath it stay for good.
    let game = built::<OnePile>(&options, 1, &[(27, "5h")], &[&["8s", "3c"]], &["Kd"]);
    assert_eq!(game.stuck_for_good(), 0b11);
    assert_eq!(game.position_key(), game.without_stuck_cards().position_key());
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(false));
}

/// What the solver's dropping of a waste pile a draw buries for good
/// (`buried_for_nothing`) rests on: along random games, positions where
/// a draw would drop one are solved (the search drops piles all the way
/// down) and brute-forced with every move of the real game; the
/// verdicts agree. With one pile, an open stock top and three piles.
fn buried_for_nothing_changes_no_verdict_on<P: Profile>(options: &[(&str, &str)], deals: u64) -> (u32, u32) {
    let settings = settings_of::<P>(options);
    let mut rng = DealRng::new(0xB0B);
    let (mut compared, mut won) = (0, 0);
    for seed in 0..deals {
        let game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
        let drops = |game: &PairGame<P>| game.buried_for_nothing() != 0;
        let Some(game) = random_walk_to(game, &mut rng, removals_first, drops) else { continue };
        let solved = patience_engine::solver::solve(&game, 10_000_000);
        if let Some(winnable) = winnable_by_brute_force(&game, 300_000) {
            assert_eq!(solved.verdict == Verdict::Winnable, winnable, "seed {seed} {options:?}");
            compared += 1;
            won += winnable as u32;
        }
    }
    (compared, won)
}

/// Options, as text.
type Options = &'static [(&'static str, &'static str)];

#[test]
fn buried_for_nothing_changes_no_verdict() {
    let one_pile: [(Options, u64); 7] = [
        (&[], 300),
        (&[("stock_top_playable", "true")], 300),
        (&[("passes", "2")], 200),
        (&[("passes", "3"), ("stock_top_playable", "true")], 200),
        (&[("overlap_pairs", "waste")], 300),
        (&[("overlap_pairs", "both")], 300),
        (&[("passes", "2"), ("overlap_pairs", "both"), ("stock_top_playable", "true")], 200),
    ];
    let mut won_anywhere = 0;
    for (options, deals) in one_pile {
        let (compared, won) = buried_for_nothing_changes_no_verdict_on::<OnePile>(options, deals);
        assert!(compared >= 50, "{options:?}: only {compared} positions compared");
        won_anywhere += won;
    }
    let mut won_with_three = 0;
    // (With an open stock top the rule fires rarely: every stock card
    // counts as a partner to come.)
    let three_piles: [(Options, u64, u32); 4] = [
        (&[], 150, 30),
        (&[("passes", "2")], 100, 30),
        (&[("stock_top_playable", "true")], 150, 30),
        (&[("passes", "2"), ("stock_top_playable", "true")], 300, 20),
    ];
    for (options, deals, at_least) in three_piles {
        let (compared, won) = buried_for_nothing_changes_no_verdict_on::<ThreePiles>(options, deals);
        assert!(compared >= at_least, "three piles {options:?}: only {compared} positions compared");
        won_with_three += won;
    }
    assert!(won_with_three >= 10 && won_anywhere >= 20, "won: {won_with_three} with three piles, {won_anywhere} with one");
}

/// The open stock top's part of `buried_for_nothing`, on a position built
/// for it: the waste top 10 has no pyramid partner, but a 3 waits deeper
/// in the stock, and the only win draws over the 10 and digs it out again
/// to pair it with that 3 (uncovering the 4 the pyramid's 9 needs).
#[test]
fn buried_for_nothing_keeps_a_waste_top_whose_partner_waits_deeper_in_an_open_stock() {
    // Pyramid: 6 at 15, covered only by the 2 at 21; a 9 at 27. Talon,
    // in dealt order: 4 10 (the waste) 7 J 3 (the stock, 7 on top).
    let pyramid = [(15, "6h"), (21, "2c"), (27, "9s")];
    let game = built::<OnePile>(&[("stock_top_playable", "true")], 1, &pyramid, &[&["4d", "Th"]], &["7c", "Jd", "3s"]);
    assert_eq!(game.actions(), vec![Action::Draw], "only a draw is possible");
    assert_eq!(game.buried_for_nothing(), 0, "the 10 still has a partner to come");
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
    let solved = patience_engine::solver::solve(&game, 10_000);
    assert_eq!(solved.verdict, Verdict::Winnable);
}

/// The waste overlap part of `buried_for_nothing`, on a position built for
/// it: the waste top 10 has no partner in the pyramid, but the 3 in the
/// stock can be drawn onto it, and the only win does that and pairs them,
/// uncovering the 4 the pyramid's 9 needs.
#[test]
fn buried_for_nothing_keeps_a_waste_top_a_stock_card_can_be_drawn_onto_with_waste_overlap_pairs() {
    for options in [&[("overlap_pairs", "waste")][..], &[("overlap_pairs", "both")]] {
        let game = built::<OnePile>(options, 1, &[(27, "9s")], &[&["4d", "Th"]], &["3s"]);
        assert_eq!(game.actions(), vec![Action::Draw], "only a draw is possible");
        assert_eq!(game.buried_for_nothing(), 0, "the 10 still has a partner to come");
        assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
        assert_eq!(patience_engine::solver::solve(&game, 10_000).verdict, Verdict::Winnable);
        // With no 3 left at all the draw drops the pile.
        let game = built::<OnePile>(options, 1, &[(27, "9s")], &[&["4d", "Th"]], &["Kc"]);
        assert_eq!(game.buried_for_nothing(), 1);
    }
}

/// The open stock top's part of `buried_for_nothing` with three piles, on
/// a position built for it: the 10 on pile 1 has no partner now, and the
/// 3 in the stock lies where a draw would put it on pile 1 above the
/// 10. But after the draw the 3 is the open stock top: the only win
/// draws, pairs the 5 on pile 1 with the 8 on pile 2, pairs the 10
/// with the 3 and the 4 beneath it with the apex 9.
#[test]
fn buried_for_nothing_keeps_a_three_pile_top_whose_partner_becomes_the_open_stock_top() {
    // Talon in dealt order: 4 10 (pile 1), then the stock 5 8 J 3.
    let options = [("passes", "1"), ("stock_top_playable", "true")];
    let game = built::<ThreePiles>(&options, 1, &[(0, "9s")], &[&["4d", "Th"]], &["5c", "8d", "Jd", "3s"]);
    assert_eq!(game.actions(), vec![Action::Draw], "only a draw is possible");
    assert_eq!(game.buried_for_nothing(), 0, "the 10 still has a partner to come");
    assert_eq!(winnable_by_brute_force(&game, 10_000), Some(true));
    assert_eq!(patience_engine::solver::solve(&game, 10_000).verdict, Verdict::Winnable);
}

/// A small last-pass position of three piles with an open stock top,
/// built at random for the rules that are switched off there (the
/// three-pile form of `last_pair_possible`, see `only_pile_tops_pair`,
/// and the stock part of `buried_for_nothing`): taking the stock top
/// shifts the pile every later card lands on, so those rules' "card i
/// lands on pile i % 3" does not hold. A few pyramid cards (a card and all
/// it covers), up to nine talon cards spread over the piles and the stock,
/// and ranks from two rank pairs and Kings so that pairs are plenty.
fn small_open_stock_position(rng: &mut DealRng) -> Option<PairGame<ThreePiles>> {
    let passes = 1 + rng.below(2) as u32;
    let options = [("passes", ["1", "2"][passes as usize - 1]), ("stock_top_playable", "true")];
    let options = GameOptions::from_settings::<ThreePiles>(&settings_of::<ThreePiles>(&options));
    let mut pyramid_left = 0;
    for _ in 0..1 + rng.below(2) {
        let p = rng.below(10) as usize; // rows 1 to 4
        pyramid_left |= 1 << p | BURIED_UNDER[p];
    }
    if pyramid_left.count_ones() > 8 {
        return None;
    }
    let mut talon_left: Vec<u8> = (0..TALON_CARDS as u8).collect();
    while talon_left.len() > 3 + rng.below(7) as usize {
        talon_left.remove(rng.below(talon_left.len() as u64) as usize);
    }
    let (a, b) = (1 + rng.below(6) as u8, 1 + rng.below(6) as u8);
    let mut ranks = vec![a, 13 - a, b, 13 - b, KING];
    ranks.sort();
    ranks.dedup();
    let mut pool: Vec<Card> =
        ranks.into_iter().flat_map(|rank| Suit::ALL.map(|suit| Card { rank, suit })).collect();
    let places: Vec<usize> =
        bits(pyramid_left).chain(talon_left.iter().map(|&id| PYRAMID_CARDS + id as usize)).collect();
    if places.len() > pool.len() {
        return None;
    }
    let mut deck = Deal::Seed(rng.below(1 << 20)).deck().unwrap();
    for &place in &places {
        let card = pool.swap_remove(rng.below(pool.len() as u64) as usize);
        let from = deck.iter().position(|&dealt| dealt == card).unwrap();
        if places.contains(&from) && from < place {
            return None; // already placed: try another position
        }
        deck.swap(place, from);
    }
    let mut game = PairGame::<ThreePiles>::new(&deck, options).unwrap();
    game.pass = passes;
    game.pyramid_left = pyramid_left;
    game.talon_gone = crate::geometry::FULL_TALON;
    game.waste = [Pile::EMPTY; 3];
    game.stock = Pile::EMPTY;
    let in_stock = rng.below(talon_left.len() as u64 + 1) as usize;
    let (on_piles, stock) = talon_left.split_at(talon_left.len() - in_stock);
    for &id in on_piles {
        game.waste[rng.below(3) as usize].push(id);
        game.talon_gone &= !(1 << id);
    }
    for &id in stock.iter().rev() {
        game.stock.push(id);
        game.talon_gone &= !(1 << id);
    }
    game.check_state().ok()?;
    Some(game)
}

/// The solver's verdict on small open-stock three-pile positions
/// equals a search over every legal move. Loosening `only_pile_tops_pair`
/// (the three-pile `last_pair_possible`) or `buried_for_nothing` to an
/// open stock top makes it fail.
#[test]
fn small_three_pile_positions_with_an_open_stock_are_solved_right() {
    let mut rng = DealRng::new(0x09E7);
    let (mut compared, mut won) = (0, 0);
    while compared < 4_000 {
        let Some(game) = small_open_stock_position(&mut rng) else { continue };
        let Some(winnable) = winnable_by_brute_force(&game, 100_000) else { continue };
        let solved = patience_engine::solver::solve(&game, 1_000_000);
        assert_eq!(solved.verdict == Verdict::Winnable, winnable, "{game:?}");
        compared += 1;
        won += winnable as u32;
    }
    assert!(won >= 400 && compared - won >= 400, "{won} of {compared} won");
}
