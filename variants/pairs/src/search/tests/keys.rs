//! Position keys (`keys`): the packed talon sequence fits its bits, and the
//! pass dominance (`pass_key_bits`) names the bits that hold the pass and
//! rests on an earlier pass never being worse.

use super::{random_walk_to, settings, winnable_by_brute_force};
use crate::Profile;
use crate::geometry::TALON_CARDS;
use crate::grid_tests::{mostly_removals, settings_of};
use crate::search::keys::{SEQUENCE_BITS, SEQUENCE_OFFSET};
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};

#[test]
fn every_talon_sequence_fits_its_bits() {
    let total = SEQUENCE_OFFSET[TALON_CARDS + 1];
    assert!(total <= 1u128 << SEQUENCE_BITS, "{total}");
    assert!(total > 1u128 << (SEQUENCE_BITS - 1), "the bound is tight");
    // Sizes (15 bits) + pyramid (28) end where the pass (2) starts.
    const { assert!(SEQUENCE_BITS + 15 + 28 == 124) };
}

/// What the solver's pass dominance (`pass_key_bits`) rests on: a position
/// is never won where the same position one pass earlier is lost. Along
/// random games with two passes (and with the stock top open), second-pass
/// positions and their first-pass twins are brute-forced.
#[test]
fn pass_key_bits_a_position_is_no_better_than_its_twin_one_pass_earlier() {
    let mut rng = DealRng::new(0x7A55);
    let (mut compared, mut won) = (0, 0);
    for options in [&[("passes", "2")][..], &[("passes", "2"), ("stock_top_playable", "true")]] {
        let settings = settings(options);
        for seed in 0..200 {
            let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
            let late = |game: &PairGame<OnePile>| game.pass == 2 && game.stock.len() <= 10;
            let Some(game) = random_walk_to(game, &mut rng, mostly_removals, late) else { continue };
            let mut twin = game.clone();
            twin.pass = 1;
            assert!(twin.check().is_ok(), "seed {seed}: {:?}", twin.check());
            let later = winnable_by_brute_force(&game, 300_000);
            let earlier = winnable_by_brute_force(&twin, 300_000);
            if let (Some(later), Some(earlier)) = (later, earlier) {
                assert!(earlier || !later, "seed {seed} {options:?}: won only in the later pass");
                compared += 1;
                won += later as u32;
            }
        }
    }
    assert!(compared >= 200 && won >= 10, "{compared} positions compared, {won} of them won");
}

/// The other half of what pass dominance rests on: the key with the pass
/// that `pass_key_bits` names lowered is the key of the same position one
/// pass earlier (with the cards stuck for good taken off, which the key
/// counts as removed), so the search's lookup finds that twin. Along random
/// games, one pile and three (where no bits are named), two and three
/// passes, with the stock top open and not.
#[test]
fn pass_key_bits_hold_the_pass() {
    fn twins_checked<P: Profile>(options: &[(&str, &str)], deals: u64) -> u32 {
        let settings = settings_of::<P>(options);
        let mut rng = DealRng::new(0x9A55);
        let mut checked = 0;
        for seed in 0..deals {
            let mut game = PairGame::<P>::start(&Deal::Seed(seed), &settings).unwrap();
            let bits = game.pass_key_bits();
            let shift = bits.trailing_zeros();
            for _ in 0..300 {
                let key = game.position_key();
                let counted = if bits == 0 { 0 } else { (key & bits) >> shift };
                if counted > 0 {
                    let mut twin = game.without_stuck_cards();
                    twin.pass -= 1;
                    let lowered = key & !bits | (counted - 1) << shift;
                    assert_eq!(twin.position_key(), lowered, "{} seed {seed} {options:?}", P::ID);
                    checked += 1;
                }
                let actions = game.actions();
                if actions.is_empty() {
                    break;
                }
                game.perform(&mostly_removals(&actions, &mut rng));
            }
        }
        checked
    }
    let options: [&[(&str, &str)]; 4] = [
        &[("passes", "2")],
        &[("passes", "3")],
        &[("passes", "2"), ("stock_top_playable", "true")],
        &[("passes", "3"), ("win", "all"), ("stock_top_playable", "true")],
    ];
    for options in options {
        let checked = twins_checked::<OnePile>(options, 40);
        assert!(checked >= 100, "{options:?}: only {checked} positions checked");
        twins_checked::<ThreePiles>(options, 40);
    }
}
