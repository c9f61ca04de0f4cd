//! Finding a deal the solver proves winnable: from a deal number on, the
//! first one whose solver verdict is "winnable" (a claimed win is replayed
//! by the runtime before it counts). The app's "winnable deals only" and
//! `patience show|play --winnable` both deal from here.

use anyhow::Result;
use patience_engine::deal::Deal;
use patience_engine::options::OptionValue;
use patience_engine::solver::Verdict;
use patience_runtime::{Game, LoadedPlugin};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Positions the solver may look at per deal: the default of `compare`, so
/// a deal proven here is proven there too.
pub const SEARCH_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;

/// Deals tried before giving up: a rule set that is winnable on fewer than
/// about one deal in a thousand is not worth waiting for.
pub const MAX_TRIES: u64 = 5_000;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Deal `number` is winnable; `tried` deals were solved to find it.
    Deal { number: u64, tried: u64 },
    /// None of the `tried` deals from the first one was proven winnable.
    Nothing { tried: u64 },
    Cancelled,
}

/// Solves deal `from`, `from + 1`, … under `options` until one is proven
/// winnable, at most `max_tries` of them. `progress` hears each deal number
/// before it is solved; setting `cancel` stops between deals.
pub fn next_winnable(
    plugin: &Arc<LoadedPlugin>,
    options: &[(String, OptionValue)],
    from: u64,
    max_tries: u64,
    cancel: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Found> {
    let mut game: Option<Game> = None;
    for tried in 0..max_tries {
        if cancel.load(Ordering::Relaxed) {
            return Ok(Found::Cancelled);
        }
        let number = from.wrapping_add(tried);
        progress(number);
        let deal = Deal::Seed(number);
        let game = match &mut game {
            Some(game) => {
                game.start_again(&deal, options)?;
                game
            }
            None => game.insert(Game::start(plugin, &deal, options)?),
        };
        if game.solve(SEARCH_BUDGET, false)?.verdict == Verdict::Winnable {
            return Ok(Found::Deal { number, tried: tried + 1 });
        }
    }
    Ok(Found::Nothing { tried: max_tries })
}
