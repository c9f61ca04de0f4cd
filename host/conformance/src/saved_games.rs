//! `saved games`: games saved by the plugin's previous release still read
//! back in this one. A game's snapshot is its value serialized field by
//! field, so a field added, removed or reordered without raising
//! `Variant::SAVED_FORM` (and reading the older form in
//! `Variant::restore_older`) makes every saved game unreadable. Asked only
//! when the author names the previous build (`--previous old.wasm`).

use crate::options::settings_for;
use crate::probe::{describe_error, game_rng, pick, Context, Tracked};
use crate::report::{CheckId, Failure};
use crate::Findings;
use patience_engine::deal::Deal;
use patience_engine::layout::Outcome;
use patience_runtime::Game;
use std::sync::Arc;

/// The random-choice stream of this pass (see [`game_rng`]).
const PASS: u64 = 5;

/// Moves between two saved positions of one game.
const SAVE_EVERY: usize = 7;

pub fn check(ctx: &Context, previous: Option<&Arc<patience_runtime::LoadedPlugin>>, findings: &mut Findings) {
    let Some(previous) = previous else {
        findings.get(CheckId::SavedGames).skipped = Some("no previous build given (`--previous old.wasm`)".into());
        return;
    };
    let (old, new) = (&previous.info, &ctx.plugin.info);
    if old.id != new.id {
        let what = format!("the previous build is plugin `{}`, not `{}`: give a build of this plugin", old.id, new.id);
        return findings.fail(CheckId::SavedGames, Failure::new(what));
    }
    let old_config = crate::Config { plugin_path: ctx.config.previous.clone(), ..ctx.config.clone() };
    let old_ctx = Context::new(previous.clone(), &old_config);
    let games = ctx.config.determinism_games();
    let mut saved = 0;
    for game in 0..games {
        saved += save_and_read_back(ctx, &old_ctx, game, findings);
    }
    findings.get(CheckId::SavedGames).covered =
        format!("{saved} positions of {games} games saved by version {} restored in version {}", old.version, new.version);
}

/// Plays deal `seed + game` with the previous build, saving every few moves,
/// and restores each save in this one. Returns the positions saved.
fn save_and_read_back(ctx: &Context, old_ctx: &Context, game: u32, findings: &mut Findings) -> u32 {
    let deal = Deal::Seed(ctx.config.seed + u64::from(game));
    // Options the previous build declared; a new one takes its default.
    let settings = settings_for(&old_ctx.plugin.info.options, game, ctx.config.seed);
    let Ok(mut tracked) = old_ctx.start(deal, settings) else {
        return 0; // the previous build's own faults are not this check's
    };
    let mut rng = game_rng(ctx.config.seed, PASS, game);
    let mut saved = 0;
    loop {
        if tracked.played.len() % SAVE_EVERY == 0 {
            saved += 1;
            if let Err(failure) = read_back(ctx, old_ctx, &mut tracked) {
                findings.fail(CheckId::SavedGames, failure);
                return saved;
            }
        }
        let Ok(moves) = old_ctx.call(&mut tracked, "moves", Game::moves) else { return saved };
        let playing = matches!(old_ctx.call(&mut tracked, "status", Game::status), Ok(s) if s.outcome == Outcome::Playing);
        if moves.is_empty() || !playing || tracked.played.len() >= ctx.config.max_moves as usize {
            return saved;
        }
        let chosen = moves[pick(&mut rng, moves.len())].clone();
        if old_ctx.apply(&mut tracked, &chosen).is_err() {
            return saved;
        }
    }
}

/// Restores `tracked`'s snapshot (from the previous build) in this build.
fn read_back(ctx: &Context, old_ctx: &Context, tracked: &mut Tracked) -> Result<(), Failure> {
    let Ok(snapshot) = old_ctx.call(tracked, "snapshot", Game::snapshot) else { return Ok(()) };
    let (old, new) = (&old_ctx.plugin.info.version, &ctx.plugin.info.version);
    let problem = match ctx.restore(tracked, &snapshot) {
        Ok(mut restored) => match ctx.call(&mut restored, "status", Game::status) {
            Ok(_) => return Ok(()),
            Err(error) => format!("a game saved by version {old} reads back in version {new} but cannot say its status: {}", describe_error(&error)),
        },
        Err(error) => format!(
            "a game saved by version {old} does not read back in version {new}: {} (raise `SAVED_FORM` and read the older form in `restore_older`)",
            describe_error(&error)
        ),
    };
    let saved_there = format!("{} --save old-game.toml", old_ctx.reproduce(tracked));
    let resumed_here = format!("patience --plugins {} resume --save old-game.toml", ctx.plugins_dir());
    Err(Failure { what: problem, place: old_ctx.place(tracked), reproduce: vec![saved_there, resumed_here] })
}
