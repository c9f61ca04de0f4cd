//! How often each level can be cleared, by perfect play, with 0 to 5
//! jokers in hand: the solver on each level alone (dealt from the deal's
//! own deck for that level), deals 1..=DEALS.
//!
//! `cargo run --release -p patience-variant-speedpyramid --example level_table -- [DEALS] [BUDGET] [THREADS] [LEVEL]`

use patience_engine::deal::DealRng;
use patience_engine::solver::{solve, Verdict};
use patience_variant_speedpyramid::difficulty::game_at;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

const JOKERS: [u32; 6] = [0, 1, 2, 3, 4, 5];

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("a number"));
    let deals = args.next().unwrap_or(200);
    let budget = args.next().unwrap_or(20_000_000);
    let threads = args.next().unwrap_or(2);
    let only = args.next();
    let clock = Instant::now();
    println!("| level | {} |", JOKERS.map(|j| format!("{j} jokers")).join(" | "));
    println!("|---|{}", "---|".repeat(JOKERS.len()));
    for level in 1..=5u8 {
        if only.is_some_and(|only| only != level as u64) {
            continue;
        }
        let next = AtomicU64::new(1);
        // (cleared, unknown) per joker count
        let counts: Vec<[(u64, u64); 6]> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = [(0u64, 0u64); 6];
                        loop {
                            let deal = next.fetch_add(1, Ordering::Relaxed);
                            if deal > deals {
                                return mine;
                            }
                            let mut rng = DealRng::new(deal);
                            let deck = (0..level).map(|_| rng.deck()).last().expect("a level");
                            // More jokers never hurt: once cleared with j, cleared with more.
                            let mut cleared_with = None;
                            for (i, &jokers) in JOKERS.iter().enumerate() {
                                if cleared_with.is_some() {
                                    mine[i].0 += 1;
                                    continue;
                                }
                                let game = game_at(level, level, jokers, deck.clone());
                                match solve(&game, budget).verdict {
                                    Verdict::Winnable => {
                                        cleared_with = Some(jokers);
                                        mine[i].0 += 1;
                                    }
                                    Verdict::NotWinnable => {}
                                    Verdict::Unknown => mine[i].1 += 1,
                                }
                            }
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("a worker")).collect()
        });
        let cells: Vec<String> = (0..JOKERS.len())
            .map(|i| {
                let (cleared, unknown) = counts.iter().fold((0, 0), |(c, u), w| (c + w[i].0, u + w[i].1));
                let share = 100.0 * cleared as f64 / deals as f64;
                if unknown > 0 { format!("{share:.1}% (+{unknown} ?)") } else { format!("{share:.1}%") }
            })
            .collect();
        println!("| {level} | {} |", cells.join(" | "));
    }
    eprintln!("{deals} deals in {:.1} s", clock.elapsed().as_secs_f64());
}
