//! `limits`: how the plugin stands against the sandbox's limits.
//!
//! * A call that runs out of fuel or memory under the real limits is a
//!   failure, whichever check ran into it (see `Findings::error`).
//! * Headroom: the runtime does not report a call's fuel or memory use, so
//!   a few playouts and a solve are rerun with a quarter of the memory and
//!   a tenth of the fuel; failing there is a note: the plugin is close to
//!   the limit and bigger deals or slower machines may push it over.
//! * Time: the slowest call of each kind; an ordinary call slower than
//!   `Config::slow_call` is a note (the app makes several after every move).

use crate::options::settings_for;
use crate::probe::{describe_error, game_rng, is_limit_fault, pick, Context, Tracked};
use crate::report::CheckId;
use crate::view::read_view;
use crate::Findings;
use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_runtime::{GameError, Limits};
use std::time::Duration;

const PASS: u64 = 5;
/// Playouts rerun with reduced limits.
const HEADROOM_GAMES: u32 = 5;
const MEMORY_SHARE: usize = 4;
const FUEL_SHARE: u64 = 10;
/// Calls whose time matters after every move (solve, start and restore
/// are expected to take longer).
const ORDINARY_CALLS: [&str; 7] = ["layout", "hud", "moves", "status", "apply", "explain", "snapshot"];

pub fn check(ctx: &Context, findings: &mut Findings) {
    let limits = &ctx.config.limits;
    let slow_notes = slow_call_notes(ctx);
    let headroom = headroom_note(ctx);
    let result = findings.get(CheckId::Limits);
    result.warnings.extend(slow_notes);
    let headroom_text = match headroom {
        None => "fine with a quarter of the memory and a tenth of the fuel".to_string(),
        Some(note) => {
            result.warnings.push(note);
            "close to the limits (see the note)".to_string()
        }
    };
    result.covered = format!(
        "limits {} MiB per game, {} fuel per call, {} per solve; {headroom_text}; slowest calls: {}",
        limits.memory_bytes >> 20,
        limits.call_fuel,
        limits.solve_fuel,
        slowest_summary(ctx)
    );
}

fn millis(duration: Duration) -> String {
    let ms = duration.as_secs_f64() * 1e3;
    if ms >= 10.0 { format!("{ms:.0} ms") } else { format!("{ms:.2} ms") }
}

/// `solve 12 ms, start 0.41 ms, …`, slowest first.
fn slowest_summary(ctx: &Context) -> String {
    let timings = ctx.timings.borrow();
    let mut calls: Vec<(&str, Duration)> = timings.calls.iter().map(|(name, time)| (*name, time.slowest)).collect();
    calls.sort_by_key(|&(_, slowest)| std::cmp::Reverse(slowest));
    calls.iter().map(|(name, slowest)| format!("{name} {}", millis(*slowest))).collect::<Vec<_>>().join(", ")
}

fn slow_call_notes(ctx: &Context) -> Vec<String> {
    let timings = ctx.timings.borrow();
    ORDINARY_CALLS
        .iter()
        .filter_map(|name| timings.calls.get(name).map(|time| (name, time)))
        .filter(|(_, time)| time.slowest > ctx.config.slow_call)
        .map(|(name, time)| {
            format!(
                "`{name}` took {} at {} (mean {} over {} calls): the app calls layout, hud, moves and status after every move, keep each under {}",
                millis(time.slowest),
                time.slowest_at,
                millis(time.total / time.count.max(1) as u32),
                time.count,
                millis(ctx.config.slow_call)
            )
        })
        .collect()
}

/// Reruns a few playouts and a solve with reduced limits; a note when the
/// plugin fails there.
fn headroom_note(ctx: &Context) -> Option<String> {
    let full = &ctx.config.limits;
    let reduced = Limits {
        memory_bytes: full.memory_bytes / MEMORY_SHARE,
        solve_memory_bytes: full.solve_memory_bytes / MEMORY_SHARE,
        call_fuel: full.call_fuel / FUEL_SHARE,
        solve_fuel: full.solve_fuel / FUEL_SHARE,
        ..full.clone()
    };
    let what = format!(
        "with a quarter of the memory ({} MiB) and a tenth of the fuel ({} per call)",
        reduced.memory_bytes >> 20,
        reduced.call_fuel
    );
    let plugin = ctx.plugin.under_limits(reduced);
    let small = Context::new(plugin, ctx.config);
    for game in 0..HEADROOM_GAMES.min(ctx.config.games) {
        if let Some(problem) = playout_problem(&small, game) {
            return Some(format!("{what} {problem}: the plugin comes close to the limits"));
        }
    }
    let settings = settings_for(&small.plugin.info.options, 0, ctx.config.seed);
    let mut tracked = small.start(Deal::Seed(ctx.config.seed), settings).ok()?;
    match small.call(&mut tracked, "solve", |game| game.solve(ctx.config.solve_budget, false)) {
        Err(error) if is_limit_fault(&error) => Some(format!(
            "{what} solving deal {} with a budget of {} nodes fails ({}): the solver comes close to the limits",
            ctx.config.seed,
            ctx.config.solve_budget,
            describe_error(&error)
        )),
        _ => None,
    }
}

/// Plays one game with reduced limits; which call hit a limit and where,
/// if any did. Other failures are the other checks' business.
fn playout_problem(ctx: &Context, game: u32) -> Option<String> {
    let settings = settings_for(&ctx.plugin.info.options, game, ctx.config.seed);
    let mut tracked = ctx.start(Deal::Seed(ctx.config.seed + u64::from(game)), settings).ok()?;
    let mut rng = game_rng(ctx.config.seed, PASS, game);
    while (tracked.played.len() as u32) < ctx.config.max_moves {
        let view = match read_view(ctx, &mut tracked) {
            Ok(view) => view,
            Err(error) => return limit_problem(ctx, &tracked, &error),
        };
        if view.moves.is_empty() || view.status.outcome != Outcome::Playing {
            return None;
        }
        let chosen = view.moves[pick(&mut rng, view.moves.len())].clone();
        if let Err(error) = ctx.apply(&mut tracked, &chosen) {
            return limit_problem(ctx, &tracked, &error);
        }
    }
    None
}

fn limit_problem(ctx: &Context, tracked: &Tracked, error: &GameError) -> Option<String> {
    is_limit_fault(error).then(|| format!("{} at {}", describe_error(error), ctx.place(tracked)))
}
