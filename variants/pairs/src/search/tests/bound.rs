//! The lower bound remembers its pyramid part per deal (`lower_bound`):
//! what it remembers must be what it would compute. (That the bound never
//! overestimates is held to the exhaustive search in `grid_tests` and
//! `tests/solver.rs`.)

use super::{any_move, settings};
use crate::table::PairGame;
use crate::test_profiles::OnePile;
use patience_engine::Variant;
use patience_engine::deal::{Deal, DealRng};

/// Along random games of several deals, with and without pyramid overlap
/// pairs (a deal's options are part of what is remembered), the bound is
/// the one computed afresh. Positions of one deal often share their upper
/// rows, so a table that told them apart by less than all the cards left
/// would answer wrongly here.
#[test]
fn the_remembered_pyramid_part_is_the_one_computed_afresh() {
    let mut rng = DealRng::new(0xB0D);
    let mut positions = 0;
    for overlap in ["none", "pyramid"] {
        let settings = settings(&[("overlap_pairs", overlap), ("passes", "3")]);
        for seed in 0..40 {
            let mut game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
            for _ in 0..200 {
                let fresh = game.bound_to_clear_the_pyramid(&game.pyramid_part());
                assert_eq!(game.lower_bound(), fresh, "seed {seed} {overlap}: {game:?}");
                positions += 1;
                let actions = game.actions();
                if actions.is_empty() {
                    break;
                }
                game.perform(&any_move(&actions, &mut rng));
            }
        }
    }
    assert!(positions >= 5_000, "{positions}");
}

/// A deal resampled from a face-down game (what the expert player solves)
/// is a deal of its own to what the hooks remember, though every copy of
/// a game shares what it remembers: its rows came out of the shuffle
/// anew, so the pyramid part remembered of the game it was sampled from
/// (asked first here) must not answer for it.
#[test]
fn a_resampled_deal_is_remembered_apart_from_the_game_it_was_sampled_from() {
    let mut rng = DealRng::new(0x5A3);
    let settings = settings(&[("face_down", "true"), ("passes", "3")]);
    let mut told_apart = 0;
    for seed in 0..40 {
        let game = PairGame::<OnePile>::start(&Deal::Seed(seed), &settings).unwrap();
        let sample = Variant::resample(&game, &mut rng).expect("face-down rows to resample");
        let (of_game, of_sample) = (game.lower_bound(), sample.lower_bound());
        assert_eq!(of_sample, sample.bound_to_clear_the_pyramid(&sample.pyramid_part()), "seed {seed}");
        told_apart += usize::from(of_game != of_sample);
    }
    assert!(told_apart >= 10, "the samples' bounds differ from their games' in only {told_apart} of 40");
}
