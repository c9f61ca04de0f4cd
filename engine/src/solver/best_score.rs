//! The best score a deal allows, for a game that keeps a score
//! ([`Search::score`]): first beam searches for a good line, then a
//! depth-first branch and bound to beat it and to bound the best.
//!
//! Every move of [`Variant::actions`] is tried (a move the win search may
//! leave out can still score).
//!
//! **Beams** of widening width (1, 2, 4, … as the budget allows) keep,
//! move after move, the positions with the highest [`Search::score_bound`]:
//! on a long game they find far better lines within a budget than a
//! depth-first search, which commits to its first moves. They take three
//! quarters of the budget.
//!
//! The **branch and bound** has the rest. Two things keep it from looking
//! at a position twice, or at all:
//!
//! * **Memo**: what a position can still gain depends only on the position
//!   ([`Search::score_key`]), never on the points that got there. A
//!   position searched to the end is remembered with the most it can gain
//!   and the move that gains it, and is not searched again, by any line. A
//!   position searched in part (a cut below it, the budget) is remembered
//!   with a bound on what it can gain.
//! * **Bound**: a position whose [`Search::score_bound`] (or remembered
//!   bound) cannot beat the best score found is cut.
//!
//! For a game of levels whose key holds the level and what one level hands
//! the next (Speedpyramid: the jokers), the memo is a search per level
//! from what comes in to the best that goes out: each level is searched
//! once per way of entering it.
//!
//! When the budget runs out the answer is the best line found and a bound:
//! a position given up counts at its own bound, so what the start can gain
//! is bounded by what its children were found or bounded to gain (`None`
//! when the game supplies no bound). A position met again below itself (a
//! game that can repeat one) is given up the same way.

use crate::search::Search;
use crate::variant::Variant;
use std::collections::{HashMap, HashSet};

/// The highest score found from a position.
#[derive(Clone, Debug, PartialEq)]
pub struct BestScore<M> {
    /// The highest score a line found reaches (the position's own score
    /// when no move improves it).
    pub score: i64,
    /// The moves to it.
    pub line: Vec<M>,
    /// No line from the position reaches more than this; equal to `score`
    /// when the search finished (the score is the best), `None` when the
    /// search gave up a position and the game has no [`Search::score_bound`].
    pub bound: Option<i64>,
    /// Positions expanded.
    pub nodes: u64,
}

impl<M> BestScore<M> {
    /// Whether `score` is shown to be the best.
    pub fn proved(&self) -> bool {
        self.bound == Some(self.score)
    }
}

/// The most a position can still gain: exactly, or a bound (`None`: no
/// bound known).
#[derive(Copy, Clone, Debug, PartialEq)]
struct Gain {
    most: Option<i64>,
    exact: bool,
}

/// What the memo keeps of a position: its [`Gain`], and when exact and
/// positive, the move that gains it.
struct Known<A> {
    gain: Gain,
    best: Option<A>,
}

/// A position being searched, and what its children searched so far gain.
struct Frame<V: Variant> {
    state: V,
    key: u128,
    score: i64,
    actions: Vec<V::Action>,
    next: usize,
    /// Over the children so far, their move's points included; stopping
    /// here gains 0.
    gain: Gain,
    /// The most an exactly known child gains, and its move.
    best_exact: i64,
    best: Option<V::Action>,
}

impl<V: Variant> Frame<V> {
    /// Counts in a child reached by `action`, which scored `points`.
    fn take(&mut self, action: &V::Action, points: i64, child: Gain) {
        self.gain.most = match (self.gain.most, child.most) {
            (Some(mine), Some(theirs)) => Some(mine.max(points + theirs)),
            _ => None,
        };
        match child.most {
            Some(theirs) if child.exact => {
                if points + theirs > self.best_exact {
                    self.best_exact = points + theirs;
                    self.best = Some(action.clone());
                }
            }
            _ => self.gain.exact = false,
        }
    }
}

struct BranchAndBound<V: Search> {
    memo: HashMap<u128, Known<V::Action>>,
    on_path: HashSet<u128>,
    found: BestScore<V::Action>,
    path: Vec<V::Action>,
    budget: u64,
}

/// The highest score reachable from `start` within `budget` expanded
/// positions (see the module); `None` for a game that keeps no score.
pub fn solve_best_score<V: Search>(start: &V, budget: u64) -> Option<BestScore<V::Action>> {
    let score = start.score()?;
    // Most of the budget goes to the beams: on a long game they find far
    // better lines than a depth-first search that commits to its first
    // moves, which then has the rest to beat them and to bound the score.
    let (beamed, line, beam_nodes) = widening_beams(start, budget / 4 * 3);
    let found = BestScore { score: beamed.max(score), line, bound: None, nodes: beam_nodes };
    Some(branch_and_bound(start, budget, found))
}

/// The branch and bound of the module from `start`, out to beat `found`
/// (a line from `start`, and the expansions already spent of `budget`).
fn branch_and_bound<V: Search>(start: &V, budget: u64, found: BestScore<V::Action>) -> BestScore<V::Action> {
    let score = start.score().unwrap_or(i64::MIN);
    let mut search = BranchAndBound { memo: HashMap::new(), on_path: HashSet::new(), found, path: Vec::new(), budget };
    let gain = search.run(start.clone());
    search.found.bound = gain.most.map(|most| (score + most).max(search.found.score));
    search.found
}

/// Beam searches of widths 1, 2, 4, … while `budget` expansions last: the
/// best score seen on the way, its line, and the expansions spent. A beam
/// keeps, move after move, the positions with the highest bound (then
/// score), one per key: a good line found at once gives the branch and
/// bound something to beat.
fn widening_beams<V: Search>(start: &V, budget: u64) -> (i64, Vec<V::Action>, u64) {
    let mut best = (start.score().unwrap_or(i64::MIN), Vec::new());
    let mut nodes = 0;
    let mut width = 1;
    while nodes < budget {
        let (score, line, spent, ended) = beam(start, width, budget - nodes);
        nodes += spent;
        if score > best.0 {
            best = (score, line);
        }
        if ended != BeamEnd::Narrowed {
            // Out of budget, or a beam that left nothing out: a wider one
            // finds no more.
            break;
        }
        // A beam costs about its width: the next is twice as wide, or as
        // wide as what is left allows.
        let left = budget - nodes;
        if left < spent {
            break;
        }
        let affordable = (width as u64).saturating_mul(left) / spent.max(1) * 9 / 10;
        width = (affordable as usize).min(width * 2).max(width + 1);
    }
    (best.0, best.1, nodes)
}

/// How a beam search ended.
#[derive(Copy, Clone, PartialEq, Eq)]
enum BeamEnd {
    OutOfBudget,
    /// At the end of the game, having left out positions on the way.
    Narrowed,
    /// At the end of the game, having kept every position.
    Whole,
}

/// One beam search of `width` (see [`widening_beams`]): the best score
/// seen, its line, the expansions spent, and how it ended.
fn beam<V: Search>(start: &V, width: usize, budget: u64) -> (i64, Vec<V::Action>, u64, BeamEnd) {
    // Every move made, as (the move before it, the move): lines are read
    // back from the best.
    let mut trail: Vec<(usize, Option<V::Action>)> = vec![(usize::MAX, None)];
    let mut best = (start.score().unwrap_or(i64::MIN), 0);
    let mut layer: Vec<(V, usize)> = vec![(start.clone(), 0)];
    let mut nodes = 0;
    let mut narrowed = false;
    while !layer.is_empty() {
        let mut next: HashMap<u128, (i64, i64, V, usize)> = HashMap::new();
        for (state, at) in layer {
            if nodes >= budget {
                return (best.0, line_to(&trail, best.1), nodes, BeamEnd::OutOfBudget);
            }
            nodes += 1;
            for action in state.actions() {
                let mut child = state.clone();
                child.perform(&action);
                let score = child.score().unwrap_or(i64::MIN);
                trail.push((at, Some(action)));
                let here = trail.len() - 1;
                if score > best.0 {
                    best = (score, here);
                }
                let rank = child.score_bound().unwrap_or(score);
                let kept = next.entry(child.score_key()).or_insert((i64::MIN, i64::MIN, child.clone(), here));
                if (rank, score) > (kept.0, kept.1) {
                    *kept = (rank, score, child, here);
                }
            }
        }
        let mut ranked: Vec<(i64, i64, V, usize)> = next.into_values().collect();
        ranked.sort_by_key(|&(rank, score, _, _)| std::cmp::Reverse((rank, score)));
        narrowed |= ranked.len() > width;
        ranked.truncate(width);
        layer = ranked.into_iter().map(|(_, _, state, at)| (state, at)).collect();
    }
    let ended = if narrowed { BeamEnd::Narrowed } else { BeamEnd::Whole };
    (best.0, line_to(&trail, best.1), nodes, ended)
}

/// The moves from the start to `at` in a beam's trail.
fn line_to<A: Clone>(trail: &[(usize, Option<A>)], mut at: usize) -> Vec<A> {
    let mut line = Vec::new();
    while let (before, Some(action)) = &trail[at] {
        line.push(action.clone());
        at = *before;
    }
    line.reverse();
    line
}

impl<V: Search> BranchAndBound<V> {
    /// Searches from `start`: what it can gain.
    fn run(&mut self, start: V) -> Gain {
        let mut stack: Vec<Frame<V>> = Vec::new();
        if let Some(settled) = self.visit(start, &mut stack) {
            return settled;
        }
        loop {
            let top = stack.last_mut().expect("a position is being searched");
            if top.next < top.actions.len() {
                let action = top.actions[top.next].clone();
                top.next += 1;
                let mut child = top.state.clone();
                child.perform(&action);
                let points = child.score().unwrap_or(top.score) - top.score;
                self.path.push(action.clone());
                if let Some(settled) = self.visit(child, &mut stack) {
                    self.path.pop();
                    stack.last_mut().expect("the parent").take(&action, points, settled);
                }
                continue;
            }
            let frame = stack.pop().expect("the frame just looked at");
            self.on_path.remove(&frame.key);
            let gain = Gain { most: frame.gain.most, exact: frame.gain.exact };
            let best = if gain.exact { frame.best } else { None };
            if self.memo.try_reserve(1).is_ok() {
                self.memo.insert(frame.key, Known { gain, best });
            }
            let Some(parent) = stack.last_mut() else { return gain };
            let action = self.path.pop().expect("the move to the frame");
            parent.take(&action, frame.score - parent.score, gain);
        }
    }

    /// Looks at `state`, reached by the path: what it gains when that is
    /// settled without searching it, or `None` with its frame pushed.
    fn visit(&mut self, state: V, stack: &mut Vec<Frame<V>>) -> Option<Gain> {
        let score = state.score().unwrap_or(i64::MIN);
        if score > self.found.score {
            self.found.score = score;
            self.found.line = self.path.clone();
        }
        let key = state.score_key();
        let bound = state.score_bound().map(|bound| bound.saturating_sub(score).max(0));
        if self.on_path.contains(&key) {
            return Some(Gain { most: bound, exact: false });
        }
        let known = self.memo.get(&key).map(|known| known.gain);
        if let Some(gain @ Gain { most: Some(_), exact: true }) = known {
            self.follow_known(state, score);
            return Some(gain);
        }
        let most = match (bound, known.and_then(|known| known.most)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let cut = most.is_some_and(|most| score.saturating_add(most) <= self.found.score);
        if cut || self.found.nodes >= self.budget {
            return Some(Gain { most, exact: false });
        }
        self.found.nodes += 1;
        let actions = state.actions();
        if actions.is_empty() {
            let gain = Gain { most: Some(0), exact: true };
            if self.memo.try_reserve(1).is_ok() {
                self.memo.insert(key, Known { gain, best: None });
            }
            return Some(gain);
        }
        self.on_path.insert(key);
        let gain = Gain { most: Some(0), exact: true };
        stack.push(Frame { state, key, score, actions, next: 0, gain, best_exact: 0, best: None });
        None
    }

    /// Plays the remembered best moves from `state` (reached by the path,
    /// with `score`) and keeps the line if it beats the best found. The
    /// line is replayed rather than trusted: a memo that could not grow
    /// may have lost a move on the way.
    fn follow_known(&mut self, mut state: V, mut score: i64) {
        let mut line = Vec::new();
        while let Some(Known { best: Some(action), .. }) = self.memo.get(&state.score_key()) {
            let action = action.clone();
            state.perform(&action);
            score = state.score().unwrap_or(score);
            line.push(action);
        }
        if score > self.found.score {
            self.found.score = score;
            self.found.line = self.path.iter().cloned().chain(line).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::layout::{Layout, MoveInfo, Outcome, Status};
    use crate::options::Settings;
    use crate::variant::Info;
    use serde::{Deserialize, Serialize};

    /// A toy scoring game: a row of numbers; each move takes the leftmost
    /// or the rightmost one and scores it times the move's number (so the
    /// order matters, and greedy play is not best). Its every line is
    /// searched by [`best_by_brute_force`] to hold the search to.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Row {
        values: Vec<i64>,
        taken: u32,
        score: i64,
        /// With `bounded`, the game says what it can at most still gain.
        bounded: bool,
        /// With `low_bound`, that bound is too low by one: a mistake the
        /// search must not hide (its bound then falls below a score found).
        low_bound: bool,
    }

    impl Variant for Row {
        type Action = bool;
        fn info() -> Info {
            Info {
                id: "row".into(),
                name: "Row".into(),
                version: "1.0.0".into(),
                summary: String::new(),
                rules: String::new(),
                options: Vec::new(),
            }
        }
        fn start(_: &Deal, _: &Settings) -> Result<Self, String> {
            Err("built in the test".into())
        }
        fn layout(&self) -> Layout {
            Layout::default()
        }
        fn actions(&self) -> Vec<bool> {
            match self.values.len() {
                0 => vec![],
                1 => vec![true],
                _ => vec![true, false],
            }
        }
        fn describe(&self, left: &bool) -> MoveInfo {
            let notation = if *left { "left" } else { "right" };
            MoveInfo { notation: notation.into(), label: notation.into(), slots: Vec::new() }
        }
        fn perform(&mut self, left: &bool) {
            self.taken += 1;
            let value = if *left { self.values.remove(0) } else { self.values.pop().expect("a value") };
            self.score += value * self.taken as i64;
        }
        fn status(&self) -> Status {
            let outcome = if self.values.is_empty() { Outcome::Won } else { Outcome::Playing };
            Status { outcome, message: String::new(), score: Some(self.score), level: None }
        }
    }

    impl Search for Row {
        fn score_bound(&self) -> Option<i64> {
            if !self.bounded {
                return None;
            }
            // Every value left, at the largest factor it could get.
            let most = self.taken as i64 + self.values.len() as i64;
            let gain: i64 = self.values.iter().map(|v| (*v).max(0) * most).sum();
            Some(self.score + gain - i64::from(self.low_bound))
        }
        fn score_key(&self) -> u128 {
            crate::solver::hash_bytes(&postcard::to_allocvec(&(&self.values, self.taken)).expect("encodes"))
        }
    }

    fn best_by_brute_force(row: &Row) -> i64 {
        row.actions().iter().fold(row.score, |best, action| {
            let mut child = row.clone();
            child.perform(action);
            best.max(best_by_brute_force(&child))
        })
    }

    fn rows(bounded: bool) -> impl Iterator<Item = Row> {
        let mut rng = crate::deal::DealRng::new(7);
        (0..200).map(move |_| {
            let len = 1 + rng.below(11) as usize;
            let values = (0..len).map(|_| rng.below(19) as i64 - 6).collect();
            Row { values, taken: 0, score: 0, bounded, low_bound: false }
        })
    }

    fn replayed(row: &Row, line: &[bool]) -> i64 {
        let mut row = row.clone();
        line.iter().for_each(|action| row.perform(action));
        row.score
    }

    #[test]
    fn finds_the_best_score_and_proves_it_with_or_without_a_bound() {
        for bounded in [false, true] {
            for row in rows(bounded) {
                let best = solve_best_score(&row, u64::MAX).expect("a scoring game");
                assert_eq!(best.score, best_by_brute_force(&row), "{row:?}");
                assert_eq!(replayed(&row, &best.line), best.score, "the line scores what it says: {row:?}");
                assert!(best.proved(), "{row:?}");
            }
        }
    }

    #[test]
    fn out_of_budget_it_keeps_a_line_and_a_bound_never_below_the_best() {
        for row in rows(true) {
            let truth = best_by_brute_force(&row);
            for budget in [0, 1, 3, 10] {
                let best = solve_best_score(&row, budget).expect("a scoring game");
                assert_eq!(replayed(&row, &best.line), best.score);
                let bound = best.bound.expect("the game bounds itself");
                assert!(best.score <= truth && truth <= bound, "{row:?} at {budget}: {best:?}, best {truth}");
            }
            let unbounded = Row { bounded: false, ..row.clone() };
            let stopped = solve_best_score(&unbounded, 0).expect("a scoring game");
            if !row.values.is_empty() {
                assert_eq!(stopped.bound, None, "no bound is made up");
            }
        }
    }

    fn nothing_found(row: &Row) -> BestScore<bool> {
        BestScore { score: row.score, line: Vec::new(), bound: None, nodes: 0 }
    }

    /// The beams find the best on games this small; the branch and bound
    /// must too, from nothing.
    #[test]
    fn the_branch_and_bound_alone_finds_and_proves_the_best() {
        for bounded in [false, true] {
            for row in rows(bounded) {
                let best = branch_and_bound(&row, u64::MAX, nothing_found(&row));
                assert_eq!(best.score, best_by_brute_force(&row), "{row:?}");
                assert_eq!(replayed(&row, &best.line), best.score);
                assert!(best.proved(), "{row:?}");
            }
        }
    }

    #[test]
    fn a_beam_line_scores_what_it_says() {
        for row in rows(true) {
            for budget in [1, 5, 50] {
                let (score, line, nodes) = widening_beams(&row, budget);
                assert_eq!(replayed(&row, &line), score);
                assert!(score <= best_by_brute_force(&row) && nodes <= budget);
            }
        }
    }

    #[test]
    fn a_bound_too_low_costs_the_branch_and_bound_the_best_line() {
        // The search trusts the game's bound: a bound one too low must be
        // able to lose the best line, or the bound is never used to cut.
        let wrong = rows(true)
            .map(|row| Row { low_bound: true, ..row })
            .filter(|row| branch_and_bound(row, u64::MAX, nothing_found(row)).score != best_by_brute_force(row))
            .count();
        assert!(wrong > 0, "a bound below the truth must be able to cost the best line");
    }
}
