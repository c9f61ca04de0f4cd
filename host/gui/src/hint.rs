//! The hint: the next move of a winning line from the position on the
//! table, found by the plugin's own solver on a copy of the game in a
//! background thread. The answer belongs to the position it was asked
//! for: once the table has moved on, it is neither shown nor used.

use crate::background::{Job, Poll};
use crate::table::{Position, Table};
use patience_engine::solver::Verdict;
use patience_runtime::{Game, LoadedPlugin};
use std::sync::Arc;

/// Positions the solver may look at for one hint: the host's one solving
/// budget, so a hint is decided wherever `compare` decides the deal.
pub const HINT_BUDGET: u64 = patience_runtime::SOLVE_BUDGET;

/// What the solver said about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A winning line from the position; its first move is the hint.
    Line(Vec<String>),
    /// The solver proved there is no win from here.
    NoWin,
    /// The budget ran out before the solver could tell.
    NotFound,
    /// The plugin failed while solving.
    Failed(String),
}

/// Where the hint stands.
pub enum HintState {
    Idle,
    Thinking { position: Position, job: Job<Answer> },
    Answered { position: Position, answer: Answer },
}

/// What to show for the position on the table now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintView {
    Nothing,
    Thinking,
    /// The hinted move: its label and its slots, and the whole line.
    Move { label: String, slots: Vec<u32>, line: Vec<String> },
    Said(String),
}

pub struct Hint {
    pub state: HintState,
    pub budget: u64,
}

impl Default for Hint {
    fn default() -> Hint {
        Hint { state: HintState::Idle, budget: HINT_BUDGET }
    }
}

impl Hint {
    /// Starts looking for a hint from the table's position, unless that is
    /// already being done or done.
    pub fn ask(&mut self, table: &mut Table) {
        let position = table.position();
        let known = match &self.state {
            HintState::Thinking { position: asked, .. } | HintState::Answered { position: asked, .. } => *asked == position,
            HintState::Idle => false,
        };
        if known {
            return;
        }
        if table.is_over() {
            let answer = Answer::Failed("The game is over: there is nothing left to hint.".to_string());
            self.state = HintState::Answered { position, answer };
            return;
        }
        let plugin = Arc::clone(table.plugin());
        let snapshot = table.snapshot();
        let budget = self.budget;
        let job = Job::spawn("hint", move || solve_from(&plugin, &snapshot, budget));
        self.state = HintState::Thinking { position, job };
    }

    /// Takes the solver's answer when it has come. True while still waiting
    /// (the app keeps repainting to poll again).
    pub fn poll(&mut self) -> bool {
        let HintState::Thinking { position, job } = &self.state else { return false };
        let answer = match job.poll() {
            Poll::Pending => return true,
            Poll::Ready(answer) => answer,
            Poll::Lost => Answer::Failed("The solver stopped without an answer.".to_string()),
        };
        self.state = HintState::Answered { position: *position, answer };
        false
    }

    /// What to show on `table` now: a stale answer shows nothing.
    pub fn view(&self, table: &Table) -> HintView {
        match &self.state {
            HintState::Thinking { position, .. } if *position == table.position() => HintView::Thinking,
            HintState::Answered { position, answer } if *position == table.position() => answer_view(answer, table),
            _ => HintView::Nothing,
        }
    }

    /// Forgets the hint (a new game: the old answer can never apply).
    pub fn clear(&mut self) {
        self.state = HintState::Idle;
    }
}

fn answer_view(answer: &Answer, table: &Table) -> HintView {
    match answer {
        Answer::Line(line) => {
            let Some(first) = line.first() else {
                return HintView::Said("The game is won already.".to_string());
            };
            match table.legal_move(first) {
                Some(hinted) => HintView::Move { label: hinted.label.clone(), slots: hinted.slots.clone(), line: line.clone() },
                // The plugin's solver named a move its own move list lacks.
                None => HintView::Said(format!("Hint: {first}")),
            }
        }
        Answer::NoWin => HintView::Said("No win from here: the solver proved every line loses.".to_string()),
        Answer::NotFound => HintView::Said("No win found within the solver's budget (it may still exist).".to_string()),
        Answer::Failed(why) => HintView::Said(why.clone()),
    }
}

/// The solver on a copy of the game rebuilt from `snapshot`: the game on
/// the table is never touched from this thread.
pub fn solve_from(plugin: &Arc<LoadedPlugin>, snapshot: &[u8], budget: u64) -> Answer {
    // A game with a step (the end of a level) is hinted towards it: the
    // whole game is too long to search at every move.
    let solved = Game::restore(plugin, snapshot).and_then(|mut copy| copy.solve_step(budget));
    match solved {
        Ok(solution) => match solution.verdict {
            Verdict::Winnable => Answer::Line(solution.line),
            Verdict::NotWinnable => Answer::NoWin,
            Verdict::Unknown => Answer::NotFound,
        },
        Err(error) => Answer::Failed(format!("The solver failed: {error}")),
    }
}
