//! How many deals the solver decides per second when compiled natively: the
//! figure to hold the in-wasm one (`patience compare <variant> --players
//! solver --jobs 1`) against.
//!
//! `cargo run --release -p patience-variant-relaxed --example throughput -- [variant] [deals] [name=value…]`
//!
//! `variant` is `relaxed` (default), `classic` or `draw-three`; options as in
//! a rule set, e.g. `passes=3 stock_top_playable=true`. With
//! `THROUGHPUT_VERDICTS=1` each deal's verdict goes to stderr, one line per
//! deal: run two builds and `diff` them to see which verdicts a change moved.
//! With `THROUGHPUT_OPTIMAL=1` it times the shortest-line search
//! (`--optimal`) instead, and the verdict lines carry each line's length.

use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::options::parse_given;
use patience_engine::solver::Verdict;
use patience_engine::Search;
use patience_variant_classic::Classic;
use patience_variant_draw_three::DrawThree;
use patience_variant_relaxed::Relaxed;
use std::time::Instant;

/// The default node budget of `patience solve` and `compare`
/// (`SOLVE_BUDGET` in `host/runtime/src/limits.rs`, which this crate does
/// not depend on).
const BUDGET: u64 = 20_000_000;

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let variant = match args.peek().map(String::as_str) {
        Some(name) if name.parse::<u64>().is_err() && !name.contains('=') => args.next().unwrap(),
        _ => "relaxed".to_string(),
    };
    let deals: u64 = match args.peek() {
        Some(text) if !text.contains('=') => args.next().unwrap().parse().expect("deals: a number"),
        _ => 2000,
    };
    let options: Vec<(String, String)> = args
        .map(|arg| {
            let (name, value) = arg.split_once('=').expect("options are name=value");
            (name.to_string(), value.to_string())
        })
        .collect();
    match variant.as_str() {
        "relaxed" => measure::<Relaxed>(deals, &options),
        "classic" => measure::<Classic>(deals, &options),
        "draw-three" => measure::<DrawThree>(deals, &options),
        other => panic!("unknown variant {other}: relaxed, classic or draw-three"),
    }
}

fn measure<V: Search>(deals: u64, options: &[(String, String)]) {
    let given = parse_given(&V::info().options, options).unwrap_or_else(|problem| panic!("{problem}"));
    let optimal = std::env::var_os("THROUGHPUT_OPTIMAL").is_some();
    let print_verdicts = std::env::var_os("THROUGHPUT_VERDICTS").is_some();
    let started = Instant::now();
    let (mut won, mut lost, mut unknown, mut nodes) = (0, 0, 0, 0u64);
    let mut per_deal = Vec::new();
    let mut nodes_in_wins = 0u64;
    for seed in 0..deals {
        let game = Game::<V>::start(&Deal::Seed(seed), &given).expect("a seed always deals");
        let solution = game.solve(BUDGET, optimal);
        if print_verdicts {
            eprintln!("{seed} {:?} {}", solution.verdict, solution.line.len());
        }
        nodes += solution.nodes;
        per_deal.push(solution.nodes);
        match solution.verdict {
            Verdict::Winnable => {
                won += 1;
                nodes_in_wins += solution.nodes;
            }
            Verdict::NotWinnable => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    per_deal.sort_unstable();
    let percentile = |p: f64| per_deal[((per_deal.len() - 1) as f64 * p) as usize];
    let top_share = per_deal.iter().rev().take(per_deal.len() / 100).sum::<u64>() as f64 / nodes.max(1) as f64;
    println!(
        "{} {options:?}, {deals} deals, native: {:.3} ms per deal, {:.0} deals/s; winnable {won}, not winnable {lost}, unknown {unknown}",
        V::info().id,
        seconds * 1e3 / deals as f64,
        deals as f64 / seconds,
    );
    println!(
        "nodes per deal: mean {:.0}, median {}, 90% {}, 99% {}, max {}; the costliest 1% of deals take {:.0}% of all nodes; {:.1} M nodes/s",
        nodes as f64 / deals as f64,
        percentile(0.5),
        percentile(0.9),
        percentile(0.99),
        per_deal.last().unwrap(),
        top_share * 100.0,
        nodes as f64 / seconds / 1e6,
    );
    println!(
        "mean nodes of a winnable deal {:.0}, of a not winnable one {:.0}",
        nodes_in_wins as f64 / won.max(1) as f64,
        (nodes - nodes_in_wins) as f64 / (deals - won).max(1) as f64,
    );
}
