//! The generic solver: works on any variant, inside the plugin, with full
//! knowledge of the deal (it answers "is this deal winnable", not "would a
//! person win it"). It asks its questions through [`Search`], whose hooks a
//! variant may implement to speed it up; [`Plain`] solves a variant that
//! does not, with the defaults.
//!
//! * [`solve`]: depth-first search in the variant's move order with a
//!   transposition table of visited positions. Repeated positions are never
//!   expanded twice, so games with unlimited passes terminate.
//! * [`solve_optimal`]: first [`solve`] (which settles lost deals and gives
//!   a line to beat), then A* with the variant's admissible lower bound for
//!   a shorter line. Its nodes are compact (parent and move); a position is
//!   rebuilt by replaying its moves from the start.
//!
//! * [`solve_best_score`]: branch and bound for the highest score a deal
//!   allows, for a game that keeps one.
//!
//! Each stops after `budget` expanded positions (the first two answer
//! `Unknown`, the third its best line and a bound). Their
//! memory is what the plugin is given: the tables grow with fallible
//! allocations, and a search whose next growth the host refuses answers
//! `Unknown` instead of failing. Natively (tests, benchmarks), where
//! memory never runs out, [`TABLE_LIMIT`] bounds the table instead.

mod best_score;
mod key_set;

pub use best_score::{solve_best_score, BestScore};

use crate::search::Search;
#[cfg(doc)]
use crate::search::Plain;
use crate::variant::Variant;
use key_set::{headroom_granted, Insert, KeyMap, KeySet, SplitKey};

/// The most positions the depth-first search remembers. Inside a plugin
/// (wasm) there is no fixed bound: the table grows while the host grants
/// memory. Natively it stops at three quarters of 2^24 slots (128 MiB of
/// 64-bit slots), the most a plugin could get from the largest usual
/// memory limit.
pub const TABLE_LIMIT: usize = if cfg!(target_family = "wasm") { usize::MAX } else { 3 << 22 };

/// The depth-first search asks `is_dead` on every `DEAD_CHECK_EVERY`-th
/// level of the path only (the start and its children always). A thorough
/// dead check costs more than expanding a position, and most positions
/// pass it; a dead one left unchecked is caught one level further down,
/// after its few children are generated. (`cargo run --release -p
/// patience-variant-relaxed --example throughput` times a build; with the
/// pair games' dead rules, spacings of 2 and 4 each lost to 3 on some
/// bundled rule set.)
const DEAD_CHECK_EVERY: usize = 3;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Winnable,
    NotWinnable,
    Unknown,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    pub verdict: Verdict,
    /// The winning line when `Winnable`, empty otherwise.
    pub line: Vec<M>,
    /// Positions expanded.
    pub nodes: u64,
}

/// What a search is for: the positions that end it, and those it may give
/// up. [`solve`] searches for a [`Win`], [`solve_step`] for a [`Step`].
trait Goal<V> {
    /// Whether `state`, reached by a search from `start`, ends the search.
    fn reached(&self, state: &V, start: &V) -> bool;

    /// True when no line from `state` reaches the goal: the search gives
    /// it up. Never true when one does.
    fn hopeless(&self, state: &V) -> bool;
}

/// A won game: what [`solve`] and [`solve_optimal`] search for.
struct Win;

impl<V: Search> Goal<V> for Win {
    fn reached(&self, state: &V, _start: &V) -> bool {
        state.is_won()
    }

    fn hopeless(&self, state: &V) -> bool {
        Search::is_dead(state)
    }
}

/// The variant's step ([`Search::step`]), or a win on the way.
struct Step;

impl<V: Search> Goal<V> for Step {
    fn reached(&self, state: &V, start: &V) -> bool {
        state.step_reached(start) || Win.reached(state, start)
    }

    fn hopeless(&self, state: &V) -> bool {
        Search::is_dead(state)
    }
}

/// 128-bit FNV-1a: the default position key of a variant.
pub fn hash_bytes(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e_07bb0142_62b82175_6295c58d;
    const PRIME: u128 = 0x00000000_01000000_00000000_0000013b;
    bytes.iter().fold(OFFSET, |hash, &byte| (hash ^ byte as u128).wrapping_mul(PRIME))
}

/// Where in a position's key a variant counts what it has used up (see
/// [`Search::spent_bits`]).
#[derive(Copy, Clone)]
struct Spent {
    bits: u128,
    shift: u32,
}

impl Spent {
    fn of(bits: u128) -> Spent {
        let shift = if bits == 0 { 0 } else { bits.trailing_zeros() };
        debug_assert!((bits >> shift) & ((bits >> shift).wrapping_add(1)) == 0, "spent_bits must be adjacent bits");
        Spent { bits, shift }
    }

    /// Whether `seen` holds `key` with less used up: a position at least
    /// as good, searched already.
    fn less_was_seen(self, key: u128, seen: &KeySet) -> bool {
        let used = (key & self.bits) >> self.shift;
        (0..used).any(|less| seen.contains(key & !self.bits | less << self.shift))
    }
}

/// A position on the search path. Its moves are `actions[first..end]` of
/// the search's one shared buffer, which grows and shrinks with the path.
struct Frame<V: Variant> {
    state: V,
    first: usize,
    end: usize,
    next: usize,
}

/// A variant that dives ([`Search::restarts`]) first dives after this many
/// positions of its depth-first search, then each time the search has
/// expanded twice as many.
pub const FIRST_DIVES_AFTER: u64 = 2_000;

/// Depth-first search for any winning line.
///
/// A variant that restarts ([`Search::restarts`]) interleaves the search
/// with random dives: games played out with random moves of
/// [`Search::dive_actions`], given up at a dead position or one they have
/// been in. Each time the depth-first search has expanded twice as many
/// positions as the last time, it pauses and dives for half as many steps
/// as it has expanded since; a dive that wins is the winning line. The
/// search itself goes on where it paused, so a deal it proves lost costs
/// half as much again, no more. The dives are seeded by their round and
/// the position's key, so a deal is always searched the same way.
pub fn solve<V: Search>(start: &V, budget: u64) -> Solution<V::Action> {
    solve_towards(start, budget, &Win)
}

/// A line from `start` to the step of a game that has one
/// ([`Search::step`]), or to a win; [`solve`] for a game without.
pub fn solve_step<V: Search>(start: &V, budget: u64) -> Solution<V::Action> {
    match V::step() {
        Some(_) => solve_towards(start, budget, &Step),
        None => solve(start, budget),
    }
}

/// The depth-first search of [`solve`] (with its dives, for a variant that
/// restarts) towards any `goal`.
fn solve_towards<V: Search, G: Goal<V>>(start: &V, budget: u64, goal: &G) -> Solution<V::Action> {
    let mut search = match DepthFirst::new(start, goal, TABLE_LIMIT) {
        Ok(search) => search,
        Err(settled) => return settled,
    };
    if !start.restarts() {
        return search.run(budget).unwrap_or(Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: search.nodes });
    }
    let (mut dived, mut round, mut pause_at) = (0u64, 0u64, FIRST_DIVES_AFTER);
    loop {
        let searched_before = search.nodes;
        let until = pause_at.min(budget.saturating_sub(dived));
        if let Some(found) = search.run(until) {
            return Solution { nodes: found.nodes + dived, ..found };
        }
        let left = budget.saturating_sub(search.nodes + dived);
        if left == 0 {
            return Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: search.nodes + dived };
        }
        let dives = dive(start, goal, ((search.nodes - searched_before) / 2).clamp(1, left), round);
        dived += dives.nodes;
        if dives.verdict == Verdict::Winnable {
            return Solution { nodes: search.nodes + dived, ..dives };
        }
        round += 1;
        pause_at = pause_at.saturating_mul(2);
    }
}

/// Random dives from `start` until one reaches the goal or `budget`
/// steps are played: each move picked at random from
/// [`Search::dive_actions`], a dive given up at a position with no move, a
/// dead one, or one it has been in before.
fn dive<V: Search, G: Goal<V>>(start: &V, goal: &G, budget: u64, round: u64) -> Solution<V::Action> {
    let mut rng = crate::deal::DealRng::new(round.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ start.state_key() as u64);
    let mut nodes = 0;
    let mut actions = Vec::new();
    let mut line = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while nodes < budget {
        let mut state = start.clone();
        line.clear();
        seen.clear();
        loop {
            actions.clear();
            state.dive_actions(&mut actions);
            if actions.is_empty() || nodes >= budget {
                break;
            }
            nodes += 1;
            let action = actions.swap_remove(rng.below(actions.len() as u64) as usize);
            state.search_perform(&action);
            line.push(action);
            if goal.reached(&state, start) {
                return Solution { verdict: Verdict::Winnable, line: std::mem::take(&mut line), nodes };
            }
            if !seen.insert(state.state_key()) || (line.len() % DEAD_CHECK_EVERY == 0 && goal.hopeless(&state)) {
                break;
            }
        }
    }
    Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes }
}

/// The depth-first search of [`solve`], which can pause when it reaches a
/// budget and go on later exactly where it was.
struct DepthFirst<'a, V: Search, G: Goal<V>> {
    start: &'a V,
    goal: &'a G,
    spent: Spent,
    seen: KeySet,
    /// Positions expanded.
    nodes: u64,
    /// The moves of every frame on the stack, in one buffer.
    actions: Vec<V::Action>,
    stack: Vec<Frame<V>>,
    /// A position the search was about to expand when it paused.
    pending: Option<V>,
}

impl<'a, V: Search, G: Goal<V>> DepthFirst<'a, V, G> {
    /// A search from `start`, remembering at most `table_limit` positions;
    /// or the solution at once, for a start that is won or dead.
    fn new(start: &'a V, goal: &'a G, table_limit: usize) -> Result<DepthFirst<'a, V, G>, Solution<V::Action>> {
        if goal.reached(start, start) {
            return Err(Solution { verdict: Verdict::Winnable, line: Vec::new(), nodes: 0 });
        }
        if goal.hopeless(start) {
            return Err(Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes: 1 });
        }
        let spent = Spent::of(start.spent_bits());
        // Keys that differ only in what is spent hash alike, so the lookups of
        // `Spent::less_was_seen` land next to the key just inserted.
        let mut seen = KeySet::with_limit(table_limit).hashing_only(!spent.bits);
        seen.insert(start.state_key());
        let mut actions = Vec::with_capacity(1024);
        start.search_actions(&mut actions);
        let stack = vec![Frame { state: start.clone(), first: 0, end: actions.len(), next: 0 }];
        Ok(DepthFirst { start, goal, spent, seen, nodes: 1, actions, stack, pending: None })
    }

    /// Pushes the frame of a position about to be expanded.
    fn expand(&mut self, child: V) {
        self.nodes += 1;
        let first = self.actions.len();
        child.search_actions(&mut self.actions);
        if self.actions.len() > first {
            self.stack.push(Frame { state: child, first, end: self.actions.len(), next: first });
        }
    }

    /// Searches on until a verdict, or until `budget` positions are
    /// expanded in all (then `None`: call again with a larger budget to go
    /// on). Running out of memory is a verdict: `Unknown`.
    fn run(&mut self, budget: u64) -> Option<Solution<V::Action>> {
        if let Some(child) = self.pending.take() {
            if self.nodes >= budget {
                self.pending = Some(child);
                return None;
            }
            self.expand(child);
        }
        let start = self.start;
        while let Some(top) = self.stack.last_mut() {
            if top.next == top.end {
                self.actions.truncate(top.first);
                self.stack.pop();
                continue;
            }
            let action = self.actions[top.next].clone();
            top.next += 1;
            let mut child = top.state.clone();
            child.search_perform(&action);
            if self.goal.reached(&child, start) {
                // Each frame's `next - 1` is the action taken from it; for the
                // top frame that is `action` itself.
                let line = self.stack.iter().map(|frame| self.actions[frame.next - 1].clone()).collect();
                return Some(Solution { verdict: Verdict::Winnable, line, nodes: self.nodes });
            }
            let key = child.state_key();
            match self.seen.insert(key) {
                Insert::New => {}
                Insert::AlreadyThere => continue,
                Insert::Full => return Some(Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: self.nodes }),
            }
            if self.spent.less_was_seen(key, &self.seen) {
                continue;
            }
            // The child's depth is `stack.len()`.
            // (`== 1` alone would never hold with a spacing of 1.)
            if self.stack.len() % DEAD_CHECK_EVERY == 1 % DEAD_CHECK_EVERY && self.goal.hopeless(&child) {
                continue;
            }
            if self.nodes >= budget {
                self.pending = Some(child);
                return None;
            }
            self.expand(child);
        }
        Some(Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes: self.nodes })
    }
}

/// The depth-first search of [`solve`] without dives, remembering at most
/// `table_limit` positions.
#[cfg(test)]
fn solve_remembering<V: Search>(start: &V, budget: u64, table_limit: usize) -> Solution<V::Action> {
    match DepthFirst::new(start, &Win, table_limit) {
        Ok(mut search) => search.run(budget).unwrap_or(Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: search.nodes }),
        Err(settled) => settled,
    }
}

/// How the optimal search reached a position: from node `parent` by
/// `action`. The position itself is rebuilt when needed (from its key, or
/// by [`replay_to`]), so a node costs a few bytes, not a whole game.
struct Arrival<A> {
    parent: u32,
    action: A,
}

/// A node waiting in the optimal search's queue: its index in the search's
/// steps, and its position's key (to skip it unbuilt when a shorter way
/// there was found since, and to rebuild it: [`Search::from_key`]).
struct Queued {
    index: u32,
    key: SplitKey,
}

/// The optimal search's queue, which hands out first the node of the lowest
/// estimate of the moves from the start to a win through it, and among
/// equal estimates the one of the most moves made (the deepest is nearest a
/// win, which lowers the bar). Both are below the length of the best line
/// found (nothing longer is queued), so there is a bucket per pair, in the
/// order they are handed out, and taking the next node is a step along
/// them rather than a binary heap's sifting through its whole depth (which
/// took a sixth of the search's time).
struct Open {
    /// Bucket `estimate * width + (width - 1 - depth)`, grown as needed.
    buckets: Vec<Vec<Queued>>,
    /// Every estimate and depth queued is below this.
    width: usize,
    /// No bucket before this one holds a node.
    next: usize,
}

impl Open {
    fn new(width: usize) -> Open {
        Open { buckets: Vec::new(), width, next: 0 }
    }

    fn bucket(&self, estimate: u32, depth: u32) -> usize {
        let (estimate, depth) = (estimate as usize, depth as usize);
        debug_assert!(estimate < self.width && depth < self.width);
        estimate * self.width + (self.width - 1 - depth)
    }

    /// Queues `node`; false if memory was refused (see [`room_for_one`]).
    fn push(&mut self, estimate: u32, depth: u32, node: Queued) -> bool {
        let at = self.bucket(estimate, depth);
        if at >= self.buckets.len() {
            let more = at + 1 - self.buckets.len();
            if self.buckets.try_reserve(more).is_err() || !headroom_granted() {
                return false;
            }
            self.buckets.resize_with(at + 1, Vec::new);
        }
        // Grown as a vector grows by itself (a bucket may stay small), but
        // fallibly.
        let bucket = &mut self.buckets[at];
        if bucket.len() == bucket.capacity() && !(bucket.try_reserve(1).is_ok() && headroom_granted()) {
            return false;
        }
        bucket.push(node);
        self.next = self.next.min(at);
        true
    }

    /// The next node with its estimate and depth.
    fn pop(&mut self) -> Option<(u32, u32, Queued)> {
        while self.next < self.buckets.len() {
            if let Some(node) = self.buckets[self.next].pop() {
                let estimate = (self.next / self.width) as u32;
                let depth = (self.width - 1 - self.next % self.width) as u32;
                return Some((estimate, depth, node));
            }
            self.next += 1;
        }
        None
    }
}

/// The moves from the start to node `index`, in order.
fn line_to<A: Clone>(steps: &[Arrival<A>], mut index: u32) -> Vec<A> {
    let mut line = Vec::new();
    while index != ROOT {
        let step = &steps[index as usize];
        line.push(step.action.clone());
        index = step.parent;
    }
    line.reverse();
    line
}

/// The node `parent` of the first moves: the start itself.
const ROOT: u32 = u32::MAX;

/// The position of node `index`, replayed from `start`.
fn replay_to<V: Search>(start: &V, steps: &[Arrival<V::Action>], index: u32) -> V {
    let mut state = start.clone();
    for action in line_to(steps, index) {
        state.search_perform(&action);
    }
    state
}

/// A collection the optimal search keeps, grown fallibly.
trait Grows {
    fn has_spare(&self) -> bool;
    /// Doubles the capacity (at least 1,024 more); false if refused.
    fn try_grow(&mut self) -> bool;
}

impl<T> Grows for Vec<T> {
    fn has_spare(&self) -> bool {
        self.len() < self.capacity()
    }
    fn try_grow(&mut self) -> bool {
        self.try_reserve(self.len().max(1024)).is_ok()
    }
}

impl<V> Grows for KeyMap<V> {
    fn has_spare(&self) -> bool {
        self.len() < self.capacity()
    }
    fn try_grow(&mut self) -> bool {
        self.try_reserve(self.len().max(1024)).is_ok()
    }
}

/// Whether `table` can take one more entry, growing it if needed, with
/// the headroom still free afterwards: false when memory was refused.
fn room_for_one(table: &mut impl Grows) -> bool {
    table.has_spare() || (table.try_grow() && headroom_granted())
}

/// A shortest winning line: the depth-first [`solve`] first, which settles
/// a position that cannot be won and gives a line to beat; then A* with
/// [`Search::moves_lower_bound`] over lines shorter than the best found so
/// far. A* ends when no line left could be shorter. `budget` counts the
/// positions both searches expand.
pub fn solve_optimal<V: Search>(start: &V, budget: u64) -> Solution<V::Action> {
    let any = solve(start, budget);
    if any.verdict != Verdict::Winnable || any.line.is_empty() {
        return any;
    }
    let mut best = any.line;
    let mut nodes = any.nodes;
    let unknown = |nodes| Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes };
    let mut steps: Vec<Arrival<V::Action>> = Vec::new();
    let mut best_depth: KeyMap<u32> = KeyMap::default();
    let start_key = SplitKey::new(start.state_key());
    best_depth.insert(start_key, 0);
    let mut open = Open::new(best.len());
    let start_estimate = start.moves_lower_bound();
    if (start_estimate as usize) < best.len() && !open.push(start_estimate, 0, Queued { index: ROOT, key: start_key }) {
        return unknown(nodes);
    }
    let mut actions = Vec::new();
    while let Some((estimate, depth, queued)) = open.pop() {
        let (index, key) = (queued.index, queued.key);
        if estimate as usize >= best.len() {
            break; // no line left can be shorter
        }
        if best_depth.get(&key).is_some_and(|&known| known < depth) {
            continue; // a shorter way here was found after this entry was queued
        }
        let state = match index {
            ROOT => start.clone(),
            _ => V::from_key(start, key.get()).unwrap_or_else(|| replay_to(start, &steps, index)),
        };
        // Asked here rather than of every child: most children are never
        // taken from the queue (their estimate reaches the best length),
        // and the dead check costs more than queueing one.
        if index != ROOT && Search::is_dead(&state) {
            continue;
        }
        if nodes >= budget {
            return unknown(nodes);
        }
        nodes += 1;
        let depth = depth + 1;
        actions.clear();
        state.shortest_actions(&mut actions);
        for action in &actions {
            let mut child = state.clone();
            child.search_perform(action);
            if Win.reached(&child, start) {
                if (depth as usize) < best.len() {
                    best = line_to(&steps, index);
                    best.push(action.clone());
                }
                continue;
            }
            let key = SplitKey::new(child.state_key());
            if best_depth.get(&key).is_some_and(|&known| known <= depth) {
                continue;
            }
            let estimate = depth + child.moves_lower_bound();
            if estimate as usize >= best.len() {
                continue;
            }
            if !(room_for_one(&mut best_depth) && room_for_one(&mut steps)) {
                return unknown(nodes);
            }
            let child_index = steps.len() as u32;
            if !open.push(estimate, depth, Queued { index: child_index, key }) {
                return unknown(nodes);
            }
            best_depth.insert(key, depth);
            steps.push(Arrival { parent: index, action: action.clone() });
        }
    }
    Solution { verdict: Verdict::Winnable, line: best, nodes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::layout::{Layout, MoveInfo, Status};
    use crate::options::Settings;
    use crate::variant::Info;
    use serde::{Deserialize, Serialize};

    /// What the toy variants below say about themselves.
    fn toy_info(id: &str) -> Info {
        Info { id: id.into(), name: id.into(), version: "0".into(), summary: String::new(), rules: String::new(), options: vec![] }
    }

    fn step_info(step: u64) -> MoveInfo {
        MoveInfo { notation: format!("+{step}"), label: String::new(), slots: vec![] }
    }

    /// A counter that can count up forever: the goal (`target`) is far, so
    /// only the bounds stop the search.
    #[derive(Clone, Serialize, Deserialize)]
    struct Climb {
        at: u64,
        target: u64,
    }

    impl Variant for Climb {
        type Action = u64;

        fn info() -> Info {
            toy_info("climb")
        }

        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Ok(Climb { at: 0, target: u64::MAX })
        }

        fn layout(&self) -> Layout {
            Layout::default()
        }

        fn actions(&self) -> Vec<u64> {
            vec![1, 2]
        }

        fn describe(&self, step: &u64) -> MoveInfo {
            step_info(*step)
        }

        fn perform(&mut self, step: &u64) {
            self.at += step;
        }

        fn status(&self) -> Status {
            if self.at == self.target { Status::won("there") } else { Status::playing() }
        }
    }

    impl Search for Climb {
        fn state_key(&self) -> u128 {
            self.at as u128
        }
    }

    /// A table bound for the tests: three quarters of 2^20 slots.
    const SMALL_TABLE: usize = 3 << 18;

    #[test]
    fn the_table_bound_answers_unknown_instead_of_growing_without_end() {
        let start = Climb { at: 0, target: u64::MAX };
        let found = solve_remembering(&start, u64::MAX, SMALL_TABLE);
        assert_eq!(found.verdict, Verdict::Unknown);
        assert!(found.nodes as usize <= SMALL_TABLE + 1, "{}", found.nodes);
        let optimal = solve_optimal(&start, 100_000);
        assert_eq!((optimal.verdict, optimal.nodes), (Verdict::Unknown, 100_000));
    }

    /// Each step leads to eight places, seven of which are dominated (the
    /// place past a multiple of 8 counts as spent): the table fills with
    /// keys no position is expanded for, and still stops at its bound.
    #[derive(Clone, Serialize, Deserialize)]
    struct Fan {
        at: u64,
    }

    impl Variant for Fan {
        type Action = u64;

        fn info() -> Info {
            toy_info("fan")
        }

        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Ok(Fan { at: 0 })
        }

        fn layout(&self) -> Layout {
            Layout::default()
        }

        fn actions(&self) -> Vec<u64> {
            (1..=8).collect()
        }

        fn describe(&self, step: &u64) -> MoveInfo {
            step_info(*step)
        }

        fn perform(&mut self, step: &u64) {
            self.at += step;
        }

        fn status(&self) -> Status {
            Status::playing()
        }
    }

    impl Search for Fan {
        fn state_key(&self) -> u128 {
            ((self.at / 8) << 8 | self.at % 8) as u128
        }

        fn spent_bits(&self) -> u128 {
            0xff
        }
    }

    #[test]
    fn dominated_positions_count_against_the_table_bound() {
        let found = solve_remembering(&Fan { at: 0 }, u64::MAX, SMALL_TABLE);
        assert_eq!(found.verdict, Verdict::Unknown);
        assert!(found.nodes as usize <= SMALL_TABLE / 8 + 1, "{} positions expanded", found.nodes);
    }

    /// Steps of 1 cost 1, steps of 2 cost 3; the goal must be reached
    /// within an allowance. The same place reached for less is at least as
    /// good, which `dominance` tells the solver: what was spent is in the
    /// key's low bits.
    #[derive(Clone, Serialize, Deserialize)]
    struct Allowance {
        at: u64,
        spent: u64,
        target: u64,
        allowance: u64,
        dominance: bool,
    }

    impl Variant for Allowance {
        type Action = u64;

        fn info() -> Info {
            toy_info("allowance")
        }

        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Err("built by the tests".into())
        }

        fn layout(&self) -> Layout {
            Layout::default()
        }

        fn actions(&self) -> Vec<u64> {
            vec![1, 2]
        }

        fn describe(&self, step: &u64) -> MoveInfo {
            step_info(*step)
        }

        fn perform(&mut self, step: &u64) {
            self.at += step;
            self.spent += if *step == 1 { 1 } else { 3 };
        }

        fn status(&self) -> Status {
            let there = self.at == self.target && self.spent <= self.allowance;
            if there { Status::won("there") } else { Status::playing() }
        }
    }

    impl Search for Allowance {
        fn state_key(&self) -> u128 {
            (self.at as u128) << 64 | self.spent as u128
        }

        fn spent_bits(&self) -> u128 {
            if self.dominance { u64::MAX as u128 } else { 0 }
        }

        fn is_dead(&self) -> bool {
            self.at > self.target || self.spent > self.allowance
        }
    }

    #[test]
    fn dominated_positions_are_skipped_and_the_verdicts_stand() {
        for (allowance, winnable) in [(30, true), (29, false)] {
            let plain = Allowance { at: 0, spent: 0, target: 30, allowance, dominance: false };
            let pruned = Allowance { dominance: true, ..plain.clone() };
            let (without, with) = (solve(&plain, 1 << 20), solve(&pruned, 1 << 20));
            let expected = if winnable { Verdict::Winnable } else { Verdict::NotWinnable };
            assert_eq!((without.verdict, with.verdict), (expected, expected), "allowance {allowance}");
            if winnable {
                let mut end = pruned.clone();
                with.line.iter().for_each(|step| end.perform(step));
                assert!(end.at == 30 && end.spent <= allowance, "the line wins: {:?}", with.line);
            } else {
                assert!(with.nodes * 2 < without.nodes, "{} vs {} positions", with.nodes, without.nodes);
            }
        }
    }

    /// The queue hands out the lowest estimate first and, among equal
    /// estimates, the deepest node, also when a node is queued with an
    /// estimate lower than the last one handed out (a bound that is not
    /// consistent), and every node queued comes out once.
    #[test]
    fn the_optimal_searchs_queue_hands_out_the_lowest_estimate_and_then_the_deepest() {
        let mut rng = crate::deal::DealRng::new(7);
        let mut open = Open::new(40);
        let mut waiting = Vec::new();
        let (mut queued, mut handed_out) = (0, 0);
        for round in 0..2_000u32 {
            for _ in 0..rng.below(3) {
                let estimate = rng.below(40) as u32;
                let depth = rng.below(u64::from(estimate) + 1) as u32;
                assert!(open.push(estimate, depth, Queued { index: round, key: SplitKey::new(u128::from(round) << 70 | 5) }));
                waiting.push((estimate, depth));
                queued += 1;
            }
            if let Some((estimate, depth, node)) = open.pop() {
                let first = waiting.iter().copied().min_by_key(|&(e, d)| (e, core::cmp::Reverse(d))).unwrap();
                assert_eq!((estimate, depth), first, "round {round}");
                assert_eq!(node.key.get(), u128::from(node.index) << 70 | 5);
                waiting.swap_remove(waiting.iter().position(|&w| w == first).unwrap());
                handed_out += 1;
            }
        }
        while open.pop().is_some() {
            handed_out += 1;
        }
        assert_eq!(handed_out, queued);
        assert!(queued > 1_500, "{queued}");
    }

    #[test]
    fn a_reachable_goal_is_found_and_the_optimal_line_is_shortest() {
        let start = Climb { at: 0, target: 9 };
        let found = solve(&start, 1_000);
        assert_eq!(found.verdict, Verdict::Winnable);
        assert_eq!(found.line.iter().sum::<u64>(), 9);
        let optimal = solve_optimal(&start, 1_000);
        assert_eq!(optimal.line.len(), 5, "{:?}", optimal.line); // 2+2+2+2+1
        assert!(optimal.line.len() <= found.line.len());
    }
}
