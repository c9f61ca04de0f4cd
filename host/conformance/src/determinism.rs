//! `determinism`: the host replays games from their deal and moves (undo,
//! saved games, solver lines, comparisons), so the same deal and moves must
//! give the same game every time, and asking twice must give the same
//! answer. A plugin has no clock or randomness to draw on, so what varies
//! is state kept outside the game value: a `static` counter, a cache.

use crate::options::settings_for;
use crate::probe::{game_rng, pick, Context, Tracked};
use crate::report::CheckId;
use crate::view::{difference, read_view, View};
use crate::Findings;
use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_runtime::GameError;

/// The random-choice stream of this pass (see [`game_rng`]).
const PASS: u64 = 1;

pub fn check(ctx: &Context, findings: &mut Findings) {
    let games = ctx.config.determinism_games();
    let mut positions = 0;
    for game in 0..games {
        positions += play_twice(ctx, game, findings);
    }
    findings.get(CheckId::Determinism).covered =
        format!("{games} deals played twice side by side; {positions} positions compared, each asked twice");
}

/// Plays deal `seed + game` in two games at once, comparing everything after
/// every move. Returns the positions compared.
fn play_twice(ctx: &Context, game: u32, findings: &mut Findings) -> u32 {
    let deal = Deal::Seed(ctx.config.seed + u64::from(game));
    let settings = settings_for(&ctx.plugin.info.options, game, ctx.config.seed);
    let (Ok(mut first), Ok(mut second)) = (ctx.start(deal.clone(), settings.clone()), ctx.start(deal, settings)) else {
        return 0; // the playouts report games that do not start
    };
    let mut rng = game_rng(ctx.config.seed, PASS, game);
    let mut positions = 0;
    while positions <= ctx.config.max_moves {
        positions += 1;
        let compared = compare(ctx, &mut first, &mut second);
        let view = match compared {
            Ok(Ok(Some(view))) => view,
            Ok(Ok(None)) => break,
            Ok(Err(problem)) => {
                findings.fail(CheckId::Determinism, ctx.failure(&first, format!("not deterministic: {problem}")));
                break;
            }
            Err(error) => {
                let what = "the position read once, but reading it again (or in a second game of the same deal) failed";
                findings.error(CheckId::Determinism, ctx.failure(&first, what), &error);
                break;
            }
        };
        if view.moves.is_empty() || view.status.outcome != Outcome::Playing {
            break;
        }
        let chosen = &view.moves[pick(&mut rng, view.moves.len())];
        if ctx.apply(&mut first, chosen).is_err() || ctx.apply(&mut second, chosen).is_err() {
            break; // the playouts report moves that do not apply
        }
    }
    positions
}

/// Compares the two games and the first one with itself; the first game's
/// view, or what differs. A position that cannot be read at all is the
/// playouts' to report: then `Ok(Ok(None))`.
fn compare(ctx: &Context, first: &mut Tracked, second: &mut Tracked) -> Result<Result<Option<View>, String>, GameError> {
    let Ok(view) = read_view(ctx, first) else { return Ok(Ok(None)) };
    let again = read_view(ctx, first)?;
    if let Some(difference) = difference(&view, &again) {
        return Ok(Err(format!("asking the same game twice, with no move in between, gave different answers: {difference}")));
    }
    let other = read_view(ctx, second)?;
    if let Some(difference) = difference(&view, &other) {
        return Ok(Err(format!("two games of the same deal differ after the same moves: {difference}")));
    }
    let snapshot = ctx.call(first, "snapshot", |game| game.snapshot())?;
    let other_snapshot = ctx.call(second, "snapshot", |game| game.snapshot())?;
    if snapshot != other_snapshot {
        return Ok(Err(
            "two games of the same deal give different snapshots after the same moves (is something serialized in a varying order, e.g. a HashMap?)"
                .to_string(),
        ));
    }
    Ok(Ok(Some(view)))
}
