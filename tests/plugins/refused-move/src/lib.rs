//! The misbehaviour: a listed move that `apply` refuses. `status` says the
//! game is won after five draws, but the shared [`Turnover`]'s `actions`
//! goes on listing `draw` until the stock is empty (the contract wants no
//! moves once the game is over), so the SDK's `apply` refuses the listed
//! move: "the game is over". A common bug; `patience check` must report it.

use patience_engine::prelude::*;
use patience_fixture_base::{fixture_info, Flaw, Turnover};

const DRAWS_TO_WIN: usize = 5;

pub struct Five;

impl Flaw for Five {
    fn info() -> Info {
        let info = fixture_info("refused-move", "Refused move fixture", "Five draws win, but `draw` stays listed.");
        Info { rules: "Draw five cards to win.".into(), ..info }
    }

    fn status(game: &Turnover<Self>) -> Status {
        if game.waste.len() >= DRAWS_TO_WIN { Status::won("Five cards drawn") } else { Status::playing() }
    }
}

patience_engine::export_variant!(Turnover<Five>);
