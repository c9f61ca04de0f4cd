//! `solver`: the plugin's solver (every SDK plugin carries one) must return
//! winning lines that replay. The runtime replays every claimed win itself
//! and reports a line that does not win as a fault; this pass asks from the
//! start of a few deals, from the middle of one, and for an optimal line.
//! The verdicts are kept so the playouts can catch a deal the solver calls
//! unwinnable being won.

use crate::options::settings_for;
use crate::probe::{game_rng, pick, Context, Tracked};
use crate::report::CheckId;
use crate::Findings;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::layout::Outcome;
use patience_engine::solver::Verdict;
use std::collections::HashMap;

const PASS: u64 = 2;
/// Random moves played before the mid-game solve.
const MIDGAME_MOVES: u32 = 5;

/// The verdict for each playout game number that was solved from its start.
pub type Verdicts = HashMap<u32, Verdict>;

pub fn check(ctx: &Context, findings: &mut Findings) -> Verdicts {
    let mut verdicts = Verdicts::new();
    let mut searched = false;
    for game in 0..ctx.config.solve_deals.min(ctx.config.games.max(1)) {
        let Some(mut tracked) = start(ctx, game) else { continue };
        if let Some((verdict, nodes)) = solve(ctx, &mut tracked, ctx.config.solve_budget, false, findings) {
            verdicts.insert(game, verdict);
            searched |= nodes > 0 || verdict != Verdict::Unknown;
        }
    }
    if let Some(mut tracked) = start(ctx, 0) {
        solve(ctx, &mut tracked, ctx.config.solve_budget / 5, true, findings);
        let mut rng = game_rng(ctx.config.seed, PASS, 0);
        if play_randomly(ctx, &mut tracked, &mut rng, MIDGAME_MOVES) {
            solve(ctx, &mut tracked, ctx.config.solve_budget, false, findings);
        }
    }
    let result = findings.get(CheckId::Solver);
    if !searched && result.failures.is_empty() {
        result.skipped = Some("the plugin has no solver: it answers `unknown` without searching".to_string());
    }
    let count = |wanted: Verdict| verdicts.values().filter(|&&v| v == wanted).count();
    result.covered = format!(
        "{} deals solved ({} winnable, {} not winnable, {} unknown within {} nodes); winning lines, an optimal line and a mid-game line replayed",
        verdicts.len(),
        count(Verdict::Winnable),
        count(Verdict::NotWinnable),
        count(Verdict::Unknown),
        ctx.config.solve_budget
    );
    verdicts
}

fn start(ctx: &Context, game: u32) -> Option<Tracked> {
    let settings = settings_for(&ctx.plugin.info.options, game, ctx.config.seed);
    ctx.start(Deal::Seed(ctx.config.seed + u64::from(game)), settings).ok()
}

/// One solve; a fault (including a line that does not replay) is a failure.
fn solve(ctx: &Context, tracked: &mut Tracked, budget: u64, optimal: bool, findings: &mut Findings) -> Option<(Verdict, u64)> {
    match ctx.call(tracked, "solve", |game| game.solve(budget, optimal)) {
        Ok(solution) => Some((solution.verdict, solution.nodes)),
        Err(error) => {
            let what = if optimal { "the optimal solve" } else { "the solve" };
            findings.error(CheckId::Solver, ctx.failure(tracked, what), &error);
            None
        }
    }
}

/// Plays up to `moves` random moves; false when the game ended or failed.
fn play_randomly(ctx: &Context, tracked: &mut Tracked, rng: &mut DealRng, moves: u32) -> bool {
    for _ in 0..moves {
        let Ok(listed) = ctx.call(tracked, "moves", |game| game.moves()) else { return false };
        if listed.is_empty() {
            return false;
        }
        match ctx.apply(tracked, &listed[pick(rng, listed.len())]) {
            Ok(status) if status.outcome == Outcome::Playing => {}
            _ => return false,
        }
    }
    true
}
