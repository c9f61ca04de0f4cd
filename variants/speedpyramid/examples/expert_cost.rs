//! What the expert player's searches cost natively: for each decision, six
//! completions of the unseen tablets solved with a 20,000-position budget.
//!
//! `cargo run --release -p patience-variant-speedpyramid --example expert_cost [DEALS]`

use patience_engine::deal::{Deal, DealRng};
use patience_engine::game::Game;
use patience_engine::solver::{solve, Verdict};
use patience_engine::Variant;
use patience_variant_speedpyramid::SpeedPyramid;
use std::time::Instant;

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let started = Instant::now();
    let (mut searches, mut nodes, mut unknown, mut won) = (0u64, 0u64, 0u64, 0u64);
    for seed in 0..deals {
        let mut game = Game::<SpeedPyramid>::start(&Deal::Seed(seed), &[]).expect("a seed deals").state;
        let mut rng = DealRng::new(seed);
        for _ in 0..3000 {
            let actions = Variant::actions(&game);
            if actions.is_empty() {
                break;
            }
            let mut choice = actions[0];
            if actions.len() > 1 {
                for _ in 0..6 {
                    let Some(sample) = Variant::resample(&game, &mut rng) else { break };
                    let found = solve(&sample, 20_000);
                    searches += 1;
                    nodes += found.nodes;
                    match found.verdict {
                        Verdict::Unknown => unknown += 1,
                        Verdict::Winnable => {
                            won += 1;
                            if let Some(first) = found.line.first() {
                                choice = *first;
                            }
                        }
                        Verdict::NotWinnable => {}
                    }
                }
            }
            Variant::perform(&mut game, &choice);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{deals} games: {searches} searches, {:.1} ms per game, {:.0} positions per search, {:.1} µs per search; unknown {:.0}%, winnable {:.0}%",
        seconds * 1e3 / deals as f64,
        nodes as f64 / searches.max(1) as f64,
        seconds * 1e6 / searches.max(1) as f64,
        100.0 * unknown as f64 / searches.max(1) as f64,
        100.0 * won as f64 / searches.max(1) as f64,
    );
}
