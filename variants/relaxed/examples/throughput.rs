//! How many one-pass relaxed deals the native solver decides per second.
//! `cargo run --release -p patience-variant-relaxed --example throughput [deals] [budget]`

use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::solver::Verdict;
use patience_variant_relaxed::Relaxed;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().map_or(2000, |a| a.parse().expect("deals: a number"));
    let budget: u64 = args.next().map_or(2_000_000, |a| a.parse().expect("budget: a number"));
    let started = Instant::now();
    let (mut won, mut lost, mut unknown, mut nodes, mut max_nodes) = (0, 0, 0, 0u64, 0u64);
    for seed in 0..deals {
        let game = Game::<Relaxed>::start(&Deal::Seed(seed), &[]).expect("a seed always deals");
        let solution = game.solve(budget, false);
        nodes += solution.nodes;
        max_nodes = max_nodes.max(solution.nodes);
        match solution.verdict {
            Verdict::Winnable => won += 1,
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{deals} one-pass relaxed deals in {seconds:.3} s: {:.0} deals/s; winnable {won}, not winnable {lost}, unknown {unknown}; {:.0} nodes/deal on average, {max_nodes} at most, {:.1} M nodes/s",
        deals as f64 / seconds,
        nodes as f64 / deals as f64,
        nodes as f64 / seconds / 1e6,
    );
}
