//! A game as the contract sees it: move ids, apply with checks, snapshots,
//! solving. The wasm export glue is a thin type conversion over this, so the
//! same code runs in native tests.

use crate::deal::Deal;
use crate::layout::{Outcome, Status};
use crate::options::{OptionValue, Settings};
use crate::search::Search;
use crate::solver::{self, Solution};
use crate::variant::Variant;
use crate::layout::MoveInfo;

/// Snapshot format version, the first byte of every snapshot.
const SNAPSHOT_VERSION: u8 = 1;

pub fn encode<V: Variant>(game: &V) -> Vec<u8> {
    let mut bytes = vec![SNAPSHOT_VERSION];
    bytes.extend(postcard::to_allocvec(game).expect("serializing a game to memory cannot fail"));
    bytes
}

/// The status the host sees: `game.status()`, except that a game still
/// being played with no legal move left is lost, with
/// [`Variant::lost_message`]. The export glue answers with it, so a plugin
/// never reports a game it cannot go on with as still playing.
pub fn status<V: Variant>(game: &V) -> Status {
    let status = game.status();
    if status.outcome == Outcome::Playing && game.actions().is_empty() {
        return Status { outcome: Outcome::Lost, message: game.lost_message(), ..status };
    }
    status
}

/// A move as listed to the host: its id is its index in `Variant::actions`.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedMove {
    pub id: u32,
    pub info: MoveInfo,
}

#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    pub state: V,
}

impl<V: Variant> Game<V> {
    pub fn start(deal: &Deal, given: &[(String, OptionValue)]) -> Result<Game<V>, String> {
        let settings = Settings::resolve(&V::info().options, given)?;
        Ok(Game { state: V::start(deal, &settings)? })
    }

    pub fn restore(bytes: &[u8]) -> Result<Game<V>, String> {
        let (&version, body) = bytes.split_first().ok_or("the snapshot is empty")?;
        if version != SNAPSHOT_VERSION {
            return Err(format!(
                "the snapshot has format {version}, this plugin reads format {SNAPSHOT_VERSION}"
            ));
        }
        let state: V = postcard::from_bytes(body).map_err(|e| format!("the snapshot is damaged: {e}"))?;
        state.check().map_err(|e| format!("the snapshot is not a valid game: {e}"))?;
        Ok(Game { state })
    }

    pub fn snapshot(&self) -> Vec<u8> {
        encode(&self.state)
    }

    pub fn moves(&self) -> Vec<ListedMove> {
        self.state
            .actions()
            .iter()
            .enumerate()
            .map(|(id, action)| ListedMove { id: id as u32, info: self.state.describe(action) })
            .collect()
    }

    /// The status the host sees (see [`status`]).
    pub fn status(&self) -> Status {
        status(&self.state)
    }

    pub fn apply(&mut self, id: u32) -> Result<Status, String> {
        let status = self.status();
        if status.outcome != Outcome::Playing {
            return Err(format!("the game is over: {}", status.message));
        }
        let mut actions = self.state.actions();
        let count = actions.len();
        if id as usize >= count {
            return Err(format!("there is no move {id}: the position has {count} legal moves"));
        }
        let action = actions.swap_remove(id as usize);
        self.state.perform(&action);
        Ok(self.status())
    }

    pub fn explain(&self, notation: &str) -> String {
        let status = self.status();
        if status.outcome != Outcome::Playing {
            return format!("the game is over: {}", status.message);
        }
        self.state.explain(notation)
    }

    pub fn resample(&self, seed: u64) -> Option<Game<V>> {
        let mut rng = crate::deal::DealRng::new(seed);
        self.state.resample(&mut rng).map(|state| Game { state })
    }

    /// Solves the game from here, the line in notation. For a variant
    /// without [`Search`] hooks, solve a `Game<Plain<V>>`.
    pub fn solve(&self, budget: u64, optimal: bool) -> Solution<String>
    where
        V: Search,
    {
        let found = if optimal {
            solver::solve_optimal(&self.state, budget)
        } else {
            solver::solve(&self.state, budget)
        };
        // Turn actions into notation by replaying them.
        let mut replay = self.state.clone();
        let line = found
            .line
            .iter()
            .map(|action| {
                let notation = replay.describe(action).notation;
                replay.perform(action);
                notation
            })
            .collect();
        Solution { verdict: found.verdict, line, nodes: found.nodes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::search::Plain;
    use crate::solver::Verdict;
    use crate::variant::Info;
    use serde::{Deserialize, Serialize};

    /// Steps down to 0, where no move is left; its `status` never says lost.
    #[derive(Clone, Serialize, Deserialize)]
    struct Steps {
        left: u8,
        won_at_zero: bool,
    }

    impl Variant for Steps {
        type Action = ();

        fn info() -> Info {
            Info { id: "steps".into(), name: "Steps".into(), version: "0".into(), summary: String::new(), rules: String::new(), options: vec![] }
        }

        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Ok(Steps { left: 1, won_at_zero: false })
        }

        fn layout(&self) -> Layout {
            Layout::default()
        }

        fn actions(&self) -> Vec<()> {
            if self.left > 0 { vec![()] } else { vec![] }
        }

        fn describe(&self, _action: &()) -> MoveInfo {
            MoveInfo { notation: "step".into(), label: String::new(), slots: vec![] }
        }

        fn perform(&mut self, _action: &()) {
            self.left -= 1;
        }

        fn status(&self) -> Status {
            let won = self.won_at_zero && self.left == 0;
            if won { Status::won("done") } else { Status::playing() }.with_score(self.left as i64)
        }
    }

    #[test]
    fn a_game_with_no_move_left_is_lost_unless_it_is_won() {
        let mut game = Game::<Steps>::start(&Deal::Seed(0), &[]).unwrap();
        assert_eq!(game.status(), Status::playing().with_score(1));
        assert_eq!(game.apply(0), Ok(Status::lost("No moves left").with_score(0)), "the score stays");
        assert_eq!(game.status().outcome, Outcome::Lost);
        assert_eq!(game.apply(0), Err("the game is over: No moves left".to_string()));
        assert_eq!(game.explain("step"), "the game is over: No moves left");
        let mut winning = Game { state: Steps { left: 1, won_at_zero: true } };
        assert_eq!(winning.apply(0), Ok(Status::won("done").with_score(0)));
    }

    #[test]
    fn a_variant_without_search_hooks_is_solved_and_saved_as_itself() {
        let game = Game { state: Plain(Steps { left: 2, won_at_zero: true }) };
        assert_eq!(game.snapshot(), encode(&game.state.0), "Plain adds nothing to a snapshot");
        let found = game.solve(10, false);
        assert_eq!((found.verdict, found.line), (Verdict::Winnable, vec!["step".to_string(), "step".to_string()]));
    }
}
