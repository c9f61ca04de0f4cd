//! `layouts`, `moves` and `snapshots`: hundreds of random playouts. At
//! every position:
//!
//! * the layout, HUD, move list and status pass the runtime's validation
//!   (unique slot ids, no card shown twice, finite positions on the board,
//!   moves pointing at existing slots, bounded texts) and agree with each
//!   other ([`sanity_problems`]); `explain` answers;
//! * snapshot → restore gives the identical position and snapshot;
//! * every listed move (up to [`MOVES_TRIED`], sampled) applies on a copy,
//!   and the position after it reads cleanly; unlisted move ids are refused
//!   and change nothing.
//!
//! Then one listed move is chosen at random and the playout goes on. At its
//! end, its moves played as one line from the start, the way a claimed win
//! is checked (`line-check`), must end where they ended one by one.

use crate::options::settings_for;
use crate::probe::{deal_ref, describe_error, game_rng, pick, settings_text, Context, Tracked};
use crate::report::{CheckId, Failure, Place};
use crate::solver::Verdicts;
use crate::view::{difference, read_view, View};
use crate::Findings;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::layout::Outcome;
use patience_engine::solver::Verdict;
use patience_runtime::{notation, GameError, Move};
use std::collections::{HashMap, HashSet};

const PASS: u64 = 3;
/// Listed moves tried on copies at one position; beyond that a sample.
const MOVES_TRIED: usize = 12;

/// What the playouts covered, for the report.
#[derive(Default)]
struct Tally {
    games: u32,
    positions: u64,
    applied: u64,
    refused: u64,
    restored: u64,
    won: u32,
    /// Playouts replayed as one line.
    lines: u64,
}

pub fn check(ctx: &Context, verdicts: &Verdicts, findings: &mut Findings) {
    let mut tally = Tally::default();
    for game in 0..ctx.config.games {
        play(ctx, game, verdicts, &mut tally, findings);
    }
    findings.get(CheckId::Layouts).covered = format!(
        "{} random playouts ({} won), {} positions: layouts, HUDs, move lists and statuses validated",
        tally.games, tally.won, tally.positions
    );
    findings.get(CheckId::Moves).covered = format!(
        "{} listed moves applied, {} unlisted move ids tried, {} playouts replayed as one line",
        tally.applied, tally.refused, tally.lines
    );
    findings.get(CheckId::Snapshots).covered =
        format!("{} positions restored from their snapshot and compared", tally.restored);
}

/// One playout of deal `seed + game`, until it ends, fails or runs long.
fn play(ctx: &Context, game: u32, verdicts: &Verdicts, tally: &mut Tally, findings: &mut Findings) {
    let deal = Deal::Seed(ctx.config.seed + u64::from(game));
    let settings = settings_for(&ctx.plugin.info.options, game, ctx.config.seed);
    let place = Place { deal: Some(deal_ref(&deal)), settings: settings_text(&settings), moves_played: None };
    let mut tracked = match ctx.start(deal, settings) {
        Ok(tracked) => tracked,
        Err(error) => {
            let failure = Failure { what: "the game does not start".into(), place, reproduce: Vec::new() };
            return findings.error(CheckId::Info, failure, &error);
        }
    };
    tally.games += 1;
    if play_from(ctx, game, &mut tracked, verdicts, tally, findings) {
        check_line_replay(ctx, &mut tracked, tally, findings);
    }
    findings.keep_log(&tracked.game);
}

/// The playout's moves, played as one line from its start through the
/// check a claimed win gets, end in the status they reached one by one.
fn check_line_replay(ctx: &Context, tracked: &mut Tracked, tally: &mut Tally, findings: &mut Findings) {
    let Ok(reached) = ctx.call(tracked, "status", |game| game.status()) else { return };
    let mut start = match ctx.start(tracked.deal.clone(), tracked.settings.clone()) {
        Ok(start) => start,
        Err(error) => return findings.error(CheckId::Moves, ctx.failure(tracked, "starting the deal again"), &error),
    };
    match ctx.call(&mut start, "play-line", |game| game.play_line_elsewhere(&tracked.played)) {
        Ok(status) if status == reached => tally.lines += 1,
        Ok(status) => {
            let what = format!(
                "the playout's moves, played as one line from the start (as a claimed win is checked), end {:?} (`{}`, score {:?}), but one by one {:?} (`{}`, score {:?}): `play-line` must find each move by the notation `moves` lists",
                status.outcome, status.message, status.score, reached.outcome, reached.message, reached.score
            );
            findings.fail(CheckId::Moves, ctx.failure(tracked, what));
        }
        Err(error) => findings.error(CheckId::Moves, ctx.failure(tracked, "the playout's moves, played as one line from the start"), &error),
    }
}

/// The playout loop of [`play`]: true when the playout ended (won, lost
/// or long enough) without a failure.
fn play_from(ctx: &Context, game: u32, tracked: &mut Tracked, verdicts: &Verdicts, tally: &mut Tally, findings: &mut Findings) -> bool {
    let mut rng = game_rng(ctx.config.seed, PASS, game);
    loop {
        let view = match read_view(ctx, tracked) {
            Ok(view) => view,
            Err(error) => {
                findings.error(CheckId::Layouts, ctx.failure(tracked, ""), &error);
                return false;
            }
        };
        tally.positions += 1;
        if !check_position(ctx, tracked, &view, &mut rng, tally, findings) {
            return false;
        }
        if view.status.outcome != Outcome::Playing || view.moves.is_empty() {
            if view.status.outcome == Outcome::Won {
                tally.won += 1;
                if verdicts.get(&game) == Some(&Verdict::NotWinnable) {
                    let what = "the solver says this deal cannot be won, but a random playout won it";
                    findings.fail(CheckId::Solver, ctx.failure(tracked, what));
                }
            }
            return true;
        }
        if tracked.played.len() as u32 >= ctx.config.max_moves {
            return true;
        }
        let chosen = view.moves[pick(&mut rng, view.moves.len())].clone();
        if let Err(error) = ctx.apply(tracked, &chosen) {
            let what = format!("move `{}` is listed but does not apply", chosen.notation);
            findings.error(CheckId::Moves, ctx.failure(tracked, what), &error);
            return false;
        }
    }
}

/// Every check of one position; false when something failed (the playout
/// stops there: what follows a failure is noise).
fn check_position(
    ctx: &Context,
    tracked: &mut Tracked,
    view: &View,
    rng: &mut DealRng,
    tally: &mut Tally,
    findings: &mut Findings,
) -> bool {
    let problems = sanity_problems(view);
    for problem in &problems {
        findings.fail(CheckId::Layouts, ctx.failure(tracked, problem.clone()));
    }
    let snapshot = match ctx.call(tracked, "snapshot", |game| game.snapshot()) {
        Ok(snapshot) => snapshot,
        Err(error) => {
            findings.error(CheckId::Snapshots, ctx.failure(tracked, ""), &error);
            return false;
        }
    };
    // An inconsistent position ends the playout, but the moves listed there
    // are still tried: "listed but refused" is the more telling failure.
    let rest = check_explain(ctx, tracked, view, rng, findings)
        && check_restore(ctx, tracked, view, &snapshot, tally, findings)
        && check_listed_moves(ctx, tracked, view, &snapshot, rng, tally, findings)
        && check_unlisted_ids(ctx, tracked, view, &snapshot, tally, findings);
    problems.is_empty() && rest
}

/// What is inconsistent in one position, beyond what the runtime validates.
pub fn sanity_problems(view: &View) -> Vec<String> {
    let mut problems = Vec::new();
    let outcome = view.status.outcome;
    if outcome == Outcome::Playing && view.moves.is_empty() {
        problems.push(
            "no move is listed but the status is `playing`: a game with no legal move must be lost (or won)".to_string(),
        );
    }
    if outcome != Outcome::Playing && !view.moves.is_empty() {
        problems.push(format!(
            "the game is over ({outcome:?}: `{}`) but {} moves are still listed: list no moves once the game is over",
            view.status.message,
            view.moves.len()
        ));
    }
    let mut by_notation: HashMap<String, &Move> = HashMap::new();
    for listed in &view.moves {
        if let Some(separator) = [',', ';', '\n'].into_iter().find(|&c| listed.notation.contains(c)) {
            problems.push(format!(
                "move notation `{}` contains `{}`: the command line splits move lists there",
                listed.notation.escape_debug(),
                separator.escape_debug()
            ));
        }
        if let Some(earlier) = by_notation.insert(notation::canonical(&listed.notation), listed) {
            problems.push(format!(
                "moves {} and {} are both written `{}`: moves are named by their notation (command line, solver lines), so one of them can never be played",
                earlier.id, listed.id, listed.notation
            ));
        }
    }
    let mut keys = HashSet::new();
    for item in &view.hud {
        if !keys.insert(item.key.as_str()) {
            problems.push(format!("the HUD key `{}` appears twice: keys name HUD values and must be unique", item.key));
        }
    }
    problems
}

/// `explain` answers, in words, for a word that is no move and for a move
/// that is not legal.
fn check_explain(ctx: &Context, tracked: &mut Tracked, view: &View, rng: &mut DealRng, findings: &mut Findings) -> bool {
    let card = patience_engine::card::Card::from_deck_index(pick(rng, 52) as u8).expect("0..52 are cards");
    let probes = ["not-a-move".to_string(), card.to_string()];
    for probe in probes.iter().filter(|probe| notation::find(&view.moves, probe).is_none()) {
        match ctx.call(tracked, "explain", |game| game.explain(probe)) {
            Ok(answer) if answer.trim().is_empty() => {
                let what = format!("`explain` gave an empty answer for `{probe}`: say in one sentence why it is not legal");
                findings.fail(CheckId::Layouts, ctx.failure(tracked, what));
                return false;
            }
            Ok(_) => {}
            Err(error) => {
                findings.error(CheckId::Layouts, ctx.failure(tracked, format!("explaining `{probe}`")), &error);
                return false;
            }
        }
    }
    true
}

/// snapshot → restore → the same position and the same snapshot.
fn check_restore(
    ctx: &Context,
    tracked: &Tracked,
    view: &View,
    snapshot: &[u8],
    tally: &mut Tally,
    findings: &mut Findings,
) -> bool {
    let outcome = ctx.restore(tracked, snapshot).and_then(|mut restored| {
        let restored_view = read_view(ctx, &mut restored)?;
        let restored_snapshot = ctx.call(&mut restored, "snapshot", |game| game.snapshot())?;
        Ok((restored_view, restored_snapshot))
    });
    let problem = match outcome {
        Err(error) => {
            findings.error(CheckId::Snapshots, ctx.failure(tracked, "restoring the game from its snapshot"), &error);
            return false;
        }
        Ok((restored_view, restored_snapshot)) => match difference(view, &restored_view) {
            Some(difference) => Some(format!("the game restored from a snapshot differs from the original: {difference}")),
            None if restored_snapshot != snapshot => Some(
                "a restored game's snapshot differs from the snapshot it was restored from: the game does not survive a round trip"
                    .to_string(),
            ),
            None => None,
        },
    };
    tally.restored += 1;
    if let Some(problem) = problem {
        findings.fail(CheckId::Snapshots, ctx.failure(tracked, problem));
        return false;
    }
    true
}

/// Every listed move (or a sample) applies on a copy, its status is the
/// one the game then reports, and the position after it reads cleanly.
fn check_listed_moves(
    ctx: &Context,
    tracked: &Tracked,
    view: &View,
    snapshot: &[u8],
    rng: &mut DealRng,
    tally: &mut Tally,
    findings: &mut Findings,
) -> bool {
    for index in sample(view.moves.len(), rng) {
        let listed = &view.moves[index];
        let mut copy = match ctx.restore(tracked, snapshot) {
            Ok(copy) => copy,
            Err(error) => {
                findings.error(CheckId::Snapshots, ctx.failure(tracked, "restoring the game from its snapshot"), &error);
                return false;
            }
        };
        let status = match ctx.apply(&mut copy, listed) {
            Ok(status) => status,
            Err(GameError::Refused(reason)) => {
                let what = format!("move `{}` (id {}) is listed, but `apply` refuses it: {reason}", listed.notation, listed.id);
                findings.fail(CheckId::Moves, ctx.failure(tracked, what));
                return false;
            }
            Err(error) => {
                let what = format!("move `{}` (id {}) is listed, but applying it fails", listed.notation, listed.id);
                findings.error(CheckId::Moves, ctx.failure(tracked, what), &error);
                return false;
            }
        };
        tally.applied += 1;
        match read_view(ctx, &mut copy) {
            Ok(after) if after.status != status => {
                let what = format!(
                    "`apply` of `{}` answered the status {:?} `{}`, but `status` then says {:?} `{}`",
                    listed.notation, status.outcome, status.message, after.status.outcome, after.status.message
                );
                findings.fail(CheckId::Moves, ctx.failure(&copy, what));
                return false;
            }
            Ok(_) => {}
            Err(error) => {
                findings.error(CheckId::Layouts, ctx.failure(&copy, ""), &error);
                return false;
            }
        }
    }
    true
}

/// Indices of the moves to try: all of them, or a random sample.
fn sample(count: usize, rng: &mut DealRng) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..count).collect();
    if count > MOVES_TRIED {
        for i in 0..MOVES_TRIED {
            let j = i + pick(rng, count - i);
            indices.swap(i, j);
        }
        indices.truncate(MOVES_TRIED);
    }
    indices
}

/// Move ids that were not listed are refused, and refusing changes nothing.
fn check_unlisted_ids(
    ctx: &Context,
    tracked: &Tracked,
    view: &View,
    snapshot: &[u8],
    tally: &mut Tally,
    findings: &mut Findings,
) -> bool {
    let next_free = view.moves.iter().map(|m| m.id).max().map_or(0, |max| max.saturating_add(1));
    let mut copy = match ctx.restore(tracked, snapshot) {
        Ok(copy) => copy,
        Err(error) => {
            findings.error(CheckId::Snapshots, ctx.failure(tracked, "restoring the game from its snapshot"), &error);
            return false;
        }
    };
    for id in [next_free, u32::MAX] {
        let problem = match ctx.call(&mut copy, "apply", |game| game.apply(id)) {
            Ok(_) => Some(format!("move id {id} is not listed, but `apply` accepted it")),
            Err(GameError::Refused(_)) => match ctx.call(&mut copy, "snapshot", |game| game.snapshot()) {
                Ok(after) if after != snapshot => Some(format!("`apply` refused the unlisted move id {id} but changed the game")),
                Ok(_) => None,
                Err(error) => Some(format!("after refusing move id {id}: {}", describe_error(&error))),
            },
            Err(error) => Some(format!(
                "`apply` with the unlisted move id {id} should be refused, but {}",
                describe_error(&error)
            )),
        };
        if let Some(problem) = problem {
            findings.fail(CheckId::Moves, ctx.failure(tracked, problem));
            return false;
        }
        tally.refused += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::layout::{HudItem, Layout, Status};

    fn mv(id: u32, notation: &str) -> Move {
        Move { id, notation: notation.into(), label: notation.into(), slots: vec![] }
    }

    fn view(moves: Vec<Move>, status: Status) -> View {
        View { layout: Layout::default(), hud: vec![HudItem::new("stock", "Stock", 3)], moves, status }
    }

    #[test]
    fn a_consistent_position_has_no_problems() {
        assert!(sanity_problems(&view(vec![mv(0, "draw"), mv(1, "6c+7d")], Status::playing())).is_empty());
        assert!(sanity_problems(&view(vec![], Status::lost("stuck"))).is_empty());
    }

    #[test]
    fn status_and_moves_must_agree() {
        let stuck = sanity_problems(&view(vec![], Status::playing()));
        assert!(stuck[0].contains("no move is listed but the status is `playing`"), "{stuck:?}");
        let over = sanity_problems(&view(vec![mv(0, "step")], Status::won("done")));
        assert!(over[0].contains("the game is over (Won: `done`) but 1 moves are still listed"), "{over:?}");
    }

    #[test]
    fn moves_must_be_told_apart_by_notation() {
        let same = sanity_problems(&view(vec![mv(0, "6c+7d"), mv(1, "7D+6c")], Status::playing()));
        assert!(same[0].contains("moves 0 and 1 are both written `7D+6c`"), "{same:?}");
        let comma = sanity_problems(&view(vec![mv(0, "a,b")], Status::playing()));
        assert!(comma[0].contains("contains `,`"), "{comma:?}");
    }

    #[test]
    fn hud_keys_are_unique() {
        let mut twice = view(vec![mv(0, "draw")], Status::playing());
        twice.hud.push(HudItem::new("stock", "Stock again", 4));
        assert!(sanity_problems(&twice)[0].contains("HUD key `stock` appears twice"));
    }

    #[test]
    fn samples_are_distinct_and_bounded() {
        let mut rng = DealRng::new(3);
        assert_eq!(sample(4, &mut rng), [0, 1, 2, 3]);
        let mut many = sample(40, &mut rng);
        assert_eq!(many.len(), MOVES_TRIED);
        many.sort();
        many.dedup();
        assert_eq!(many.len(), MOVES_TRIED);
    }
}
