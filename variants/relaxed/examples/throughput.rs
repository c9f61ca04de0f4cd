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
    let mut per_deal = Vec::new();
    for seed in 0..deals {
        let game = Game::<Relaxed>::start(&Deal::Seed(seed), &[]).expect("a seed always deals");
        let solution = game.solve(budget, false);
        nodes += solution.nodes;
        per_deal.push(solution.nodes);
        max_nodes = max_nodes.max(solution.nodes);
        match solution.verdict {
            Verdict::Winnable => won += 1,
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    per_deal.sort_unstable();
    let percentile = |p: f64| per_deal[((per_deal.len() - 1) as f64 * p) as usize];
    let top_share = per_deal.iter().rev().take(per_deal.len() / 100).sum::<u64>() as f64 / nodes.max(1) as f64;
    println!(
        "nodes per deal: median {}, 90% {}, 99% {}; the costliest 1% of deals take {:.0}% of all nodes",
        percentile(0.5), percentile(0.9), percentile(0.99), top_share * 100.0
    );
    println!(
        "{deals} one-pass relaxed deals in {seconds:.3} s: {:.0} deals/s; winnable {won}, not winnable {lost}, unknown {unknown}; {:.0} nodes/deal on average, {max_nodes} at most, {:.1} M nodes/s",
        deals as f64 / seconds,
        nodes as f64 / deals as f64,
        nodes as f64 / seconds / 1e6,
    );
}
