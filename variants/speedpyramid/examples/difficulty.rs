//! Prints how often a greedy player clears each level with each number of
//! jokers, and how whole games end — the figures behind the level design.
//!
//! `cargo run --release -p patience-variant-speedpyramid --example difficulty [DEALS]`

use patience_variant_speedpyramid::difficulty::{clear_rate, greedy_game};

fn main() {
    let deals: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    for level in 1..=5 {
        let rates: Vec<String> = [0, 1, 2, 3, 4, 5, 7]
            .iter()
            .map(|&jokers| format!("J{jokers} {:.1}%", 100.0 * clear_rate(level, jokers, deals)))
            .collect();
        println!("level {level} cleared by the greedy player: {}", rates.join(", "));
    }
    for jokers in [0, 3, 5, 9] {
        let mut cleared = [0u32; 6];
        let mut score = 0;
        for seed in 0..deals {
            let (levels, points) = greedy_game(seed, jokers);
            cleared[levels as usize] += 1;
            score += points;
        }
        println!(
            "whole games with {jokers} starting jokers: deals by levels cleared (0..=5) {cleared:?}, mean score {}",
            score / deals as i64
        );
    }
}
