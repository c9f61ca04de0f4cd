//! The demo: the solver or a fair player plays the game on the table, one
//! move per tick, so the board animates move by move. Moves are worked
//! out in a background thread on a copy of the game (the solver's whole
//! line once; a player's choice afresh at every step) and applied to the
//! real table here, where the player can pause, step, or stop and take
//! over at any time.

use crate::background::{Job, Poll};
use crate::hint::{self, Answer};
use crate::table::{Position, Table};
use patience_compare::players::{self, ExpertConfig};
use patience_compare::PlayerKind;
use patience_engine::layout::Outcome;
use patience_runtime::{Game, LoadedPlugin};
use std::collections::{HashSet, VecDeque};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

pub const MIN_SPEED: f32 = 0.5;
pub const MAX_SPEED: f32 = 20.0;

/// The demo's settings, and the run in progress if any.
pub struct Demo {
    /// Who plays the next demo.
    pub player: PlayerKind,
    /// Moves shown per second.
    pub speed: f32,
    pub run: Option<DemoRun>,
    /// How the last demo ended, until the next one starts.
    pub ended: Option<String>,
}

impl Default for Demo {
    fn default() -> Demo {
        Demo { player: PlayerKind::Solver, speed: 2.0, run: None, ended: None }
    }
}

/// Moves worked out in the background, for the position they start from.
type Thought = Result<Vec<String>, String>;

pub struct DemoRun {
    pub player: PlayerKind,
    pub paused: bool,
    /// Play one move now, paused or not.
    pub step_requested: bool,
    pub moves_played: usize,
    /// The position the queue (or the thinking) starts from; anything
    /// else on the table means someone else moved.
    position: Position,
    queue: VecDeque<String>,
    thinking: Option<Job<Thought>>,
    /// When (egui time) the next move may be shown.
    next_due: f64,
    /// Positions a player has been in: a player back in one is going
    /// round in circles through the stock, and gives up as the study's
    /// players do.
    seen: HashSet<u64>,
}

/// What a tick did, for the app to act on.
#[derive(Debug, PartialEq)]
pub enum Tick {
    /// Nothing to do until `after` seconds from now (or a thread answers).
    Wait { after: f64 },
    /// The demo is over, for this reason.
    Ended(String),
}

impl Demo {
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Starts a demo of `self.player` on `table`, from where it stands.
    pub fn start(&mut self, table: &Table) {
        self.ended = None;
        self.run = Some(DemoRun {
            player: self.player,
            paused: false,
            step_requested: false,
            moves_played: 0,
            position: table.position(),
            queue: VecDeque::new(),
            thinking: None,
            next_due: 0.0,
            seen: HashSet::new(),
        });
    }

    pub fn stop(&mut self, why: impl Into<String>) {
        if self.run.take().is_some() {
            self.ended = Some(why.into());
        }
    }

    /// One frame of the demo at egui time `now`: takes the thread's
    /// answer, starts thinking when no move is known, and plays the next
    /// move when it is due.
    pub fn tick(&mut self, table: &mut Table, now: f64) -> Tick {
        let speed = self.speed.clamp(MIN_SPEED, MAX_SPEED);
        let Some(run) = &mut self.run else { return Tick::Ended(String::new()) };
        match run.tick(table, now, speed) {
            Tick::Ended(why) => {
                self.stop(why.clone());
                Tick::Ended(why)
            }
            wait => wait,
        }
    }

    /// What the demo bar says about the run.
    pub fn describe(&self) -> String {
        let Some(run) = &self.run else { return self.ended.clone().unwrap_or_default() };
        let who = capitalized(player_name(run.player));
        let doing = if run.paused {
            "paused"
        } else if run.thinking.is_some() {
            "thinking…"
        } else {
            "playing"
        };
        let planned = if plans_a_line(run.player) && !run.queue.is_empty() {
            format!(", {} to go", run.queue.len())
        } else {
            String::new()
        };
        let moves = if run.moves_played == 1 { "move" } else { "moves" };
        format!("{who} {doing} — {} {moves} played{planned}", run.moves_played)
    }
}

impl DemoRun {
    fn tick(&mut self, table: &mut Table, now: f64, speed: f32) -> Tick {
        if table.position() != self.position {
            return Tick::Ended("Demo stopped: the game changed under it — it is yours to play.".to_string());
        }
        if table.is_over() {
            let result = if table.status().outcome == Outcome::Won { "won" } else { "lost" };
            return Tick::Ended(format!("Demo over: {} {result} the game in {} moves.", player_name(self.player), self.moves_played));
        }
        if let Some(job) = &self.thinking {
            match job.poll() {
                Poll::Pending => return Tick::Wait { after: 0.05 },
                Poll::Ready(Ok(moves)) => self.queue.extend(moves),
                Poll::Ready(Err(why)) => return Tick::Ended(format!("Demo stopped: {why}")),
                Poll::Lost => return Tick::Ended("Demo stopped: the player's thread died.".to_string()),
            }
            self.thinking = None;
        }
        let Some(next) = self.queue.front().cloned() else {
            return self.think(table);
        };
        let due = self.step_requested || (!self.paused && now >= self.next_due);
        if !due {
            let after = if self.paused { 0.5 } else { self.next_due - now };
            return Tick::Wait { after };
        }
        self.queue.pop_front();
        self.step_requested = false;
        table.play_notation(&next);
        if table.position() == self.position {
            // Nothing changed: the plugin refused the move it offered.
            return Tick::Ended(format!("Demo stopped: the move `{next}` could not be played."));
        }
        self.moves_played += 1;
        self.position = table.position();
        self.next_due = now + 1.0 / f64::from(speed);
        Tick::Wait { after: 1.0 / f64::from(speed) }
    }

    /// Starts working out the next move(s) from the table's position.
    fn think(&mut self, table: &mut Table) -> Tick {
        let snapshot = table.snapshot();
        if !plans_a_line(self.player) && !self.seen.insert(fingerprint(&snapshot)) {
            let who = player_name(self.player);
            return Tick::Ended(format!("Demo over: {who} is back in a position it has been in (going round in circles) and gives up."));
        }
        let plugin = Arc::clone(table.plugin());
        let player = self.player;
        // Each decision gets its own seed, like the study's expert.
        let seed = self.moves_played as u64;
        self.thinking = Some(Job::spawn("demo player", move || think(player, &plugin, &snapshot, seed)));
        Tick::Wait { after: 0.05 }
    }
}

/// Whether `player` works out a whole line at once (the solver, the
/// best-score search) rather than one move at a time.
fn plans_a_line(player: PlayerKind) -> bool {
    matches!(player, PlayerKind::Solver | PlayerKind::Best)
}

/// The moves `player` would make from the position in `snapshot`: the
/// solver's whole winning line, or a player's one choice.
fn think(player: PlayerKind, plugin: &Arc<LoadedPlugin>, snapshot: &[u8], seed: u64) -> Thought {
    match player {
        PlayerKind::Solver => match hint::solve_from(plugin, snapshot, hint::HINT_BUDGET) {
            Answer::Line(line) => Ok(line),
            Answer::NoWin => Err("the solver finds no win from here.".to_string()),
            Answer::NotFound => Err("the solver found no win within its budget.".to_string()),
            Answer::Failed(why) => Err(why),
        },
        PlayerKind::Greedy | PlayerKind::Expert => player_choice(player, plugin, snapshot, seed).map_err(|error| format!("{error:#}")),
        PlayerKind::Best => best_line(plugin, snapshot),
    }
}

/// The line to the best score the search finds from `snapshot`.
fn best_line(plugin: &Arc<LoadedPlugin>, snapshot: &[u8]) -> Thought {
    let found = Game::restore(plugin, snapshot).and_then(|mut copy| copy.solve_best_score(patience_runtime::BEST_SCORE_BUDGET));
    match found {
        Ok(Some(best)) if best.line.is_empty() => Err("no move scores more from here.".to_string()),
        Ok(Some(best)) => Ok(best.line),
        Ok(None) => Err("this game keeps no score.".to_string()),
        Err(error) => Err(format!("The best-score search failed: {error}")),
    }
}

fn player_choice(player: PlayerKind, plugin: &Arc<LoadedPlugin>, snapshot: &[u8], seed: u64) -> anyhow::Result<Vec<String>> {
    let mut copy = Game::restore(plugin, snapshot)?;
    let moves = copy.moves()?;
    let chosen = if player == PlayerKind::Expert {
        players::expert_choice(&mut copy, &moves, ExpertConfig::default(), seed)?
    } else {
        let layout = copy.layout()?;
        players::greedy_choice(&layout, &moves).cloned()
    };
    match chosen {
        Some(chosen) => Ok(vec![chosen.notation]),
        None => anyhow::bail!("{} has no move to make.", player_name(player)),
    }
}

fn fingerprint(snapshot: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    snapshot.hash(&mut hasher);
    hasher.finish()
}

/// How sentences name a player: "the solver", "greedy".
pub fn player_name(player: PlayerKind) -> &'static str {
    match player {
        PlayerKind::Solver => "the solver",
        PlayerKind::Expert => "the expert",
        PlayerKind::Greedy => "greedy",
        PlayerKind::Best => "the best-score search",
    }
}

/// `the solver` → `The solver`, for the start of a sentence.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
