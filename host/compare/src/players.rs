//! Fair players: they see only what a person sees — the layout and the
//! legal moves — and never a face-down card or the stock order. They play
//! any plugin through the contract.
//!
//! * **greedy** (the baseline): takes the move that clears the most board
//!   cards (pyramid, field or reserve slots); otherwise a move that uses no
//!   stock and no joker; otherwise a draw or recycle; a joker last. Ties go
//!   to the plugin's first-listed move. It gives up when a position repeats
//!   (it is going round in circles through the stock).
//! * **best** (not a fair player): the plugin's best-score search, which
//!   sees every card, for a game that keeps a score: the highest score
//!   found for the deal and whether it is proved the best, to read the
//!   fair players' scores against.
//! * **expert**: at each decision it asks the plugin for several random
//!   completions of everything it has not seen (`resample`), solves each
//!   with the plugin's solver, and plays the first move that wins in the
//!   most completions; with no winning completion it plays like greedy.
//!   It never sees the real hidden cards: only the plugin's completions.

use anyhow::Result;
use patience_engine::layout::{Layout, Outcome, SlotKind};
use patience_engine::solver::Verdict;
use patience_runtime::{Game, Move};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    Solver,
    Expert,
    Greedy,
    Best,
}

impl std::str::FromStr for PlayerKind {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerKind, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "solver" => Ok(PlayerKind::Solver),
            "expert" => Ok(PlayerKind::Expert),
            "greedy" => Ok(PlayerKind::Greedy),
            "best" | "best-score" => Ok(PlayerKind::Best),
            other => Err(format!("unknown player `{other}` (players: solver, expert, greedy, best)")),
        }
    }
}

impl std::fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlayerKind::Solver => "solver",
            PlayerKind::Expert => "expert",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Best => "best",
        })
    }
}

/// How one played game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    pub won: bool,
    pub score: Option<i64>,
    pub level: Option<u32>,
    pub moves: u32,
}

/// How hard the expert thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpertConfig {
    /// Completions searched per decision.
    pub samples: u32,
    /// Solver nodes per completion.
    pub budget: u64,
}

impl Default for ExpertConfig {
    fn default() -> ExpertConfig {
        ExpertConfig { samples: 6, budget: 20_000 }
    }
}

/// A game longer than this is a runaway; it counts as lost.
const MAX_MOVES: u32 = 3_000;

fn board_slots(layout: &Layout) -> HashSet<u32> {
    layout
        .slots
        .iter()
        .filter(|slot| matches!(slot.kind, SlotKind::Pyramid | SlotKind::Field | SlotKind::Reserve))
        .map(|slot| slot.id)
        .collect()
}

fn kind_of(layout: &Layout, kind: SlotKind) -> HashSet<u32> {
    layout.slots.iter().filter(|slot| slot.kind == kind).map(|slot| slot.id).collect()
}

/// The greedy preference of a move: higher is better.
fn greedy_rank(mv: &Move, board: &HashSet<u32>, stock: &HashSet<u32>, jokers: &HashSet<u32>) -> (u8, usize) {
    let board_touched = mv.slots.iter().filter(|id| board.contains(id)).count();
    let tier = if board_touched > 0 {
        3
    } else if mv.slots.iter().any(|id| jokers.contains(id)) {
        0
    } else if mv.slots.iter().any(|id| stock.contains(id)) {
        1
    } else {
        2
    };
    (tier, board_touched)
}

/// The greedy player's choice among `moves` (None when there are none).
pub fn greedy_choice<'a>(layout: &Layout, moves: &'a [Move]) -> Option<&'a Move> {
    let board = board_slots(layout);
    let stock = kind_of(layout, SlotKind::Stock);
    let jokers = kind_of(layout, SlotKind::Jokers);
    // `max_by_key` keeps the last maximum; iterate in reverse so ties go to
    // the first-listed move.
    moves.iter().rev().max_by_key(|mv| greedy_rank(mv, &board, &stock, &jokers))
}

fn finish(game: &mut Game, moves: u32) -> Result<PlayRecord> {
    let status = game.status()?;
    Ok(PlayRecord { won: status.outcome == Outcome::Won, score: status.score, level: status.level, moves })
}

/// Plays the game to its end with `choose`; stops (as a loss) on a repeated
/// position or a runaway game.
fn play_with(game: &mut Game, mut choose: impl FnMut(&mut Game, &[Move], u32) -> Result<Option<Move>>) -> Result<PlayRecord> {
    let mut seen = HashSet::new();
    let mut played = 0;
    while played < MAX_MOVES {
        if game.status()?.outcome != Outcome::Playing {
            break;
        }
        if !seen.insert(game.current_snapshot().to_vec()) {
            break; // going round in circles
        }
        let moves = game.moves()?;
        let Some(chosen) = choose(game, &moves, played)? else { break };
        game.apply(chosen.id)?;
        played += 1;
    }
    finish(game, played)
}

pub fn play_greedy(game: &mut Game) -> Result<PlayRecord> {
    play_with(game, |game, moves, _| {
        let layout = game.layout()?;
        Ok(greedy_choice(&layout, moves).cloned())
    })
}

/// The expert's choice: votes from solved completions, else greedy.
pub fn expert_choice(game: &mut Game, moves: &[Move], config: ExpertConfig, seed: u64) -> Result<Option<Move>> {
    if moves.len() <= 1 {
        return Ok(moves.first().cloned());
    }
    let mut votes: HashMap<String, u32> = HashMap::new();
    // Two shortcuts that leave every choice as it was: a completion dealt
    // before (every one, in a game with nothing hidden) is not solved
    // again, and the samples stop once no later votes could change which
    // move has the most.
    let mut solved: HashMap<Vec<u8>, Option<String>> = HashMap::new();
    for sample in 0..config.samples {
        if settled(&votes, config.samples - sample) {
            break;
        }
        let sample_seed = seed ^ (u64::from(sample) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(mut completion) = game.resample(sample_seed)? else { break };
        let dealt = completion.snapshot()?;
        let first = match solved.get(&dealt) {
            Some(first) => first.clone(),
            None => {
                let solution = completion.solve_step(config.budget)?;
                let first = solution.line.first().filter(|_| solution.verdict == Verdict::Winnable).map(|first| patience_runtime::notation::canonical(first));
                solved.insert(dealt, first.clone());
                first
            }
        };
        if let Some(first) = first {
            *votes.entry(first).or_default() += 1;
        }
    }
    let layout = game.layout()?;
    let best_votes = votes.values().copied().max().unwrap_or(0);
    if best_votes > 0 {
        let favourites: Vec<Move> = moves
            .iter()
            .filter(|mv| votes.get(&patience_runtime::notation::canonical(&mv.notation)) == Some(&best_votes))
            .cloned()
            .collect();
        if let Some(choice) = greedy_choice(&layout, &favourites) {
            return Ok(Some(choice.clone()));
        }
    }
    Ok(greedy_choice(&layout, moves).cloned())
}

/// Whether one move leads the votes by more than the `remaining` samples
/// could close: then it has the most votes whatever they give.
fn settled(votes: &HashMap<String, u32>, remaining: u32) -> bool {
    let mut counts: Vec<u32> = votes.values().copied().collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    match counts.as_slice() {
        [] => false,
        [best] => *best > remaining,
        [best, second, ..] => *best > second + remaining,
    }
}

pub fn play_expert(game: &mut Game, config: ExpertConfig, seed: u64) -> Result<PlayRecord> {
    play_with(game, |game, moves, played| {
        expert_choice(game, moves, config, seed.wrapping_mul(31).wrapping_add(u64::from(played)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::layout::{Face, Slot};

    fn mv(id: u32, notation: &str, slots: &[u32]) -> Move {
        Move { id, notation: notation.into(), label: notation.into(), slots: slots.to_vec() }
    }

    #[test]
    fn the_votes_are_settled_only_when_no_remaining_sample_could_tie_the_leader() {
        let votes = |counts: &[u32]| -> HashMap<String, u32> { counts.iter().enumerate().map(|(i, &n)| (format!("m{i}"), n)).collect() };
        assert!(!settled(&votes(&[]), 3));
        assert!(settled(&votes(&[3]), 2));
        assert!(!settled(&votes(&[3]), 3), "another move could tie with three more votes");
        assert!(settled(&votes(&[4, 1]), 2));
        assert!(!settled(&votes(&[3, 1]), 2), "the second could tie");
        assert!(!settled(&votes(&[2, 2]), 0), "a tie is never settled");
    }

    #[test]
    fn greedy_prefers_board_cards_then_waste_then_stock_then_jokers() {
        let layout = Layout {
            width: 5.0,
            height: 5.0,
            slots: vec![
                Slot::new(0, SlotKind::Pyramid, 0.0, 0.0, Face::Down),
                Slot::new(1, SlotKind::Pyramid, 1.0, 0.0, Face::Down),
                Slot::new(2, SlotKind::Stock, 2.0, 0.0, Face::Down),
                Slot::new(3, SlotKind::Waste, 3.0, 0.0, Face::Down),
                Slot::new(4, SlotKind::Jokers, 4.0, 0.0, Face::Joker),
            ],
        };
        let all = [mv(0, "joker", &[4]), mv(1, "draw", &[2]), mv(2, "Kh", &[3]), mv(3, "Qs+Ac", &[0, 3]), mv(4, "6c+7d", &[0, 1])];
        assert_eq!(greedy_choice(&layout, &all).unwrap().notation, "6c+7d");
        assert_eq!(greedy_choice(&layout, &all[..4]).unwrap().notation, "Qs+Ac");
        assert_eq!(greedy_choice(&layout, &all[..3]).unwrap().notation, "Kh");
        assert_eq!(greedy_choice(&layout, &all[..2]).unwrap().notation, "draw");
        assert_eq!(greedy_choice(&layout, &all[..1]).unwrap().notation, "joker");
        let ties = [mv(0, "first", &[0]), mv(1, "second", &[1])];
        assert_eq!(greedy_choice(&layout, &ties).unwrap().notation, "first");
        assert!(greedy_choice(&layout, &[]).is_none());
    }

    #[test]
    fn player_names_parse() {
        assert_eq!("Expert".parse::<PlayerKind>().unwrap(), PlayerKind::Expert);
        assert!("oracle".parse::<PlayerKind>().unwrap_err().contains("solver, expert, greedy"));
    }
}
