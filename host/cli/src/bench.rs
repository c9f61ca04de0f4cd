//! `patience bench`: what a plugin call costs, and what loading costs.
//!
//! * load, cold: every bundled plugin compiled from scratch (no cache);
//! * load, cached: the same from the compiled-code cache;
//! * step: one playing step as the app does it — `moves`, `apply`, `layout`
//!   — averaged over random games of every plugin.

use crate::setup::{self, PluginArgs};
use anyhow::Result;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::layout::Outcome;
use patience_runtime::{plugin::Source, Catalog, Game, Limits, Runtime};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Playing steps measured per plugin.
    #[arg(long, default_value_t = 20_000)]
    pub steps: usize,
}

fn per_plugin(total: Duration, plugins: usize) -> String {
    format!("{:.1} ms total, {:.1} ms per plugin", total.as_secs_f64() * 1e3, total.as_secs_f64() * 1e3 / plugins as f64)
}

pub fn run(_plugin_args: &PluginArgs, args: &BenchArgs) -> Result<ExitCode> {
    let bundled = setup::bundled();
    let count = bundled.len();

    let cold = Instant::now();
    let runtime = Arc::new(Runtime::new(Limits::default(), None)?);
    for (name, bytes) in &bundled {
        runtime.load(bytes, Source::Bundled(name.to_string()))?;
    }
    println!("load, cold (compile):   {}", per_plugin(cold.elapsed(), count));

    let cache_dir = std::env::temp_dir().join(format!("patience-bench-cache-{}", std::process::id()));
    let cached_runtime = Arc::new(Runtime::new(Limits::default(), Some(cache_dir.clone()))?);
    for (name, bytes) in &bundled {
        cached_runtime.load(bytes, Source::Bundled(name.to_string()))?; // fills the cache
    }
    let cached = Instant::now();
    let runtime_from_cache = Arc::new(Runtime::new(Limits::default(), Some(cache_dir.clone()))?);
    for (name, bytes) in &bundled {
        runtime_from_cache.load(bytes, Source::Bundled(name.to_string()))?;
    }
    println!("load, cached:           {}", per_plugin(cached.elapsed(), count));
    let _ = std::fs::remove_dir_all(&cache_dir);

    let catalog = Catalog::load(&runtime_from_cache, &bundled, &[]);
    for plugin in catalog.plugins() {
        let mut rng = DealRng::new(0xBE7C);
        let mut seed = 0;
        let mut game = Game::start(plugin, &Deal::Seed(seed), &[])?;
        let mut steps = 0;
        let mut busy = Duration::ZERO;
        while steps < args.steps {
            let began = Instant::now();
            let moves = game.moves()?;
            let outcome = if moves.is_empty() {
                Outcome::Lost
            } else {
                let chosen = &moves[rng.below(moves.len() as u64) as usize];
                let status = game.apply(chosen.id)?;
                game.layout()?;
                status.outcome
            };
            busy += began.elapsed();
            steps += 1;
            if outcome != Outcome::Playing {
                seed += 1;
                game = Game::start(plugin, &Deal::Seed(seed), &[])?;
            }
        }
        println!(
            "step (moves+apply+layout), {:14} {:6.1} µs  ({} steps, {} games)",
            format!("{}:", plugin.info.id),
            busy.as_secs_f64() * 1e6 / steps as f64,
            steps,
            seed + 1
        );
    }
    Ok(ExitCode::SUCCESS)
}
