//! Prints, natively, the best score the best-score search finds for each
//! deal, its bound, and what it cost:
//! `cargo run --release -p patience-variant-speedpyramid --example best_score -- [DEALS] [BUDGET]`

use patience_engine::deal::Deal;
use patience_engine::options::Settings;
use patience_engine::solver::solve_best_score;
use patience_engine::Variant;
use patience_variant_speedpyramid::SpeedPyramid;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("a number"));
    let deals = args.next().unwrap_or(5);
    let budget = args.next().unwrap_or(1_000_000);
    let settings = Settings::resolve(&SpeedPyramid::info().options, &[]).expect("the defaults");
    for seed in 1..=deals {
        let game = SpeedPyramid::start(&Deal::Seed(seed), &settings).expect("a deal");
        let clock = Instant::now();
        let best = solve_best_score(&game, budget).expect("a scoring game");
        let bound = best.bound.map_or("none".to_string(), |bound| bound.to_string());
        println!(
            "deal {seed}: best {} (bound {bound}, {}) in {} moves, {} positions, {:.2} s",
            best.score,
            if best.proved() { "proved" } else { "not proved" },
            best.line.len(),
            best.nodes,
            clock.elapsed().as_secs_f64()
        );
    }
}
