//! Position keys (`keys`): the packed talon sequence fits its bits, and the
//! pass dominance (`pass_key_bits`) rests on an earlier pass never being
//! worse.

use super::{random_walk_to, settings, winnable_by_brute_force};
use crate::geometry::TALON_CARDS;
use crate::grid_tests::mostly_removals;
use crate::search::keys::{SEQUENCE_BITS, SEQUENCE_OFFSET};
use crate::table::PairGame;
use crate::test_profiles::OnePile;
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
