//! The pair games' declared rule order ([`crate::options::easier_steps`])
//! against an exhaustive search. For each declared step, under every
//! combination of the other options, positions reached by random play with
//! the harder value, once few cards are left, are searched with both
//! values: a position won with the harder value must be won with the easier
//! one. (A deal is a position, so the host may spread a deal's verdict by
//! the order.) A step declared the wrong way round, or between two values
//! that are not ordered, fails here; so does every mutation of the list in
//! `tests/mutations.toml`.

use crate::Profile;
use crate::grid_tests::{cards_left, mostly_removals, settings_of, shortest_win};
use crate::options::{easier_steps, GameOptions, Overlap};
use crate::table::PairGame;
use crate::test_profiles::{OnePile, ThreePiles};
use patience_engine::deal::{Deal, DealRng};
use patience_engine::options::OptionValue;
use patience_engine::Variant;

const PASSES: [&str; 4] = ["1", "2", "3", "unlimited"];
const WINS: [&str; 2] = ["pyramid", "all"];
const FLAGS: [&str; 2] = ["false", "true"];

/// Every option's values, as text, in the plugin's order.
fn values_of(option: &str) -> &'static [&'static str] {
    match option {
        "passes" => &PASSES,
        "win" => &WINS,
        "face_down" | "stock_top_playable" => &FLAGS,
        "overlap_pairs" => &Overlap::CHOICES,
        other => panic!("an option the test does not know: {other}"),
    }
}

const OPTIONS: [&str; 5] = ["passes", "win", "face_down", "overlap_pairs", "stock_top_playable"];

/// Every combination of the options other than `held`, with `held` at `value`.
fn combinations_with(held: &'static str, value: &'static str) -> Vec<Vec<(&'static str, &'static str)>> {
    let mut all: Vec<Vec<(&'static str, &'static str)>> = vec![Vec::new()];
    for option in OPTIONS {
        let values: Vec<&'static str> = if option == held { vec![value] } else { values_of(option).to_vec() };
        all = all
            .into_iter()
            .flat_map(|prefix| {
                values.iter().map(move |v| {
                    let mut next = prefix.clone();
                    next.push((option, *v));
                    next
                })
            })
            .collect();
    }
    all
}

fn text(value: &OptionValue) -> &'static str {
    let text = value.to_string();
    OPTIONS
        .iter()
        .flat_map(|option| values_of(option).iter())
        .find(|known| **known == text)
        .copied()
        .unwrap_or_else(|| panic!("a value the test does not know: {text}"))
}

/// What the steps were checked on.
#[derive(Default, Debug)]
struct Tally {
    positions: u32,
    won_harder: u32,
    won_only_easier: u32,
}

/// Checks every declared step on `deals` deals per combination.
fn check_steps<P: Profile>(deals: u64, few: u32) -> Tally {
    let mut tally = Tally::default();
    for step in easier_steps() {
        let (harder, easier) = (text(&step.harder), text(&step.easier));
        let option: &'static str = OPTIONS.iter().find(|o| **o == step.option).expect("a known option");
        for options in combinations_with(option, harder) {
            let harder_settings = settings_of::<P>(&options);
            let easier_options: Vec<(&str, &str)> =
                options.iter().map(|&(name, value)| if name == option { (name, easier) } else { (name, value) }).collect();
            let easier_game_options = GameOptions::from_settings::<P>(&settings_of::<P>(&easier_options));
            let mut rng = DealRng::new(0x0DE5);
            for seed in 0..deals {
                let mut game = PairGame::<P>::start(&Deal::Seed(seed), &harder_settings).unwrap();
                for _ in 0..500 {
                    if cards_left(&game) <= few || game.is_over() {
                        break;
                    }
                    let action = mostly_removals(&game.actions(), &mut rng);
                    game.perform(&action);
                }
                let mut relaxed = game.clone();
                relaxed.options = easier_game_options;
                let (Some(won_harder), Some(won_easier)) = (shortest_win(&game, 100_000), shortest_win(&relaxed, 100_000))
                else {
                    continue;
                };
                tally.positions += 1;
                if won_harder.is_some() {
                    tally.won_harder += 1;
                    assert!(
                        won_easier.is_some(),
                        "{}: {option} {harder} → {easier} is declared easier, but seed {seed} with {options:?} is won \
                         only with {harder}",
                        P::ID
                    );
                } else if won_easier.is_some() {
                    tally.won_only_easier += 1;
                }
            }
        }
    }
    tally
}

#[test]
fn every_declared_easier_step_keeps_every_win_with_one_pile() {
    let tally = check_steps::<OnePile>(6, 18);
    assert!(tally.positions > 2_000 && tally.won_harder > 200 && tally.won_only_easier > 100, "{tally:?}");
}

#[test]
fn every_declared_easier_step_keeps_every_win_with_three_piles() {
    let tally = check_steps::<ThreePiles>(6, 18);
    assert!(tally.positions > 2_000 && tally.won_harder > 400 && tally.won_only_easier > 60, "{tally:?}");
}
