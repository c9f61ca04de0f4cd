//! A game as the contract sees it: move ids, apply with checks, snapshots,
//! solving. The wasm export glue is a thin type conversion over this, so the
//! same code runs in native tests.

use crate::deal::Deal;
use crate::layout::{Outcome, Status};
use crate::options::{OptionValue, Settings};
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

    pub fn apply(&mut self, id: u32) -> Result<Status, String> {
        let status = self.state.status();
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
        Ok(self.state.status())
    }

    pub fn explain(&self, notation: &str) -> String {
        let status = self.state.status();
        if status.outcome != Outcome::Playing {
            return format!("the game is over: {}", status.message);
        }
        self.state.explain(notation)
    }

    pub fn resample(&self, seed: u64) -> Option<Game<V>> {
        let mut rng = crate::deal::DealRng::new(seed);
        self.state.resample(&mut rng).map(|state| Game { state })
    }

    pub fn solve(&self, budget: u64, optimal: bool) -> Solution<String> {
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
