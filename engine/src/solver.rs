//! The generic solver: works for any [`Variant`], inside the plugin, with
//! full knowledge of the deal (it answers "is this deal winnable", not "would
//! a person win it").
//!
//! * [`solve`]: depth-first search in the variant's move order with a
//!   transposition table of visited positions. Repeated positions are never
//!   expanded twice, so games with unlimited passes terminate.
//! * [`solve_optimal`]: A* with the variant's admissible lower bound, giving
//!   a line with the fewest moves.
//!
//! Both stop after `budget` expanded positions and answer `Unknown`; the
//! table never holds more than `budget + 1` keys, so memory is bounded by
//! the budget.

use crate::variant::Variant;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

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

/// 128-bit FNV-1a: the default position key of a variant.
pub fn hash_bytes(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62272e_07bb0142_62b82175_6295c58d;
    const PRIME: u128 = 0x00000000_01000000_00000000_0000013b;
    bytes.iter().fold(OFFSET, |hash, &byte| (hash ^ byte as u128).wrapping_mul(PRIME))
}

/// Keys are either exact bit patterns or already hashes; one multiply and a
/// fold spread them well enough for a hash table, much faster than SipHash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ byte as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let mixed = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

pub type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;
pub type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

struct Frame<V: Variant> {
    state: V,
    actions: Vec<V::Action>,
    next: usize,
}

/// Depth-first search for any winning line.
pub fn solve<V: Variant>(start: &V, budget: u64) -> Solution<V::Action> {
    if start.solver_goal(start) {
        return Solution { verdict: Verdict::Winnable, line: Vec::new(), nodes: 0 };
    }
    if start.is_dead() {
        return Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes: 1 };
    }
    let mut seen = KeySet::default();
    seen.insert(start.state_key());
    let mut nodes = 1;
    let mut stack = vec![Frame { actions: start.solver_actions(), state: start.clone(), next: 0 }];
    while let Some(top) = stack.last_mut() {
        let Some(action) = top.actions.get(top.next).cloned() else {
            stack.pop();
            continue;
        };
        top.next += 1;
        let mut child = top.state.clone();
        child.perform(&action);
        if child.solver_goal(start) {
            // Each frame's `next - 1` is the action taken from it; for the
            // top frame that is `action` itself.
            let line = stack.iter().map(|frame| frame.actions[frame.next - 1].clone()).collect();
            return Solution { verdict: Verdict::Winnable, line, nodes };
        }
        if !seen.insert(child.state_key()) || child.is_dead() {
            continue;
        }
        if nodes >= budget {
            return Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes };
        }
        nodes += 1;
        let actions = child.solver_actions();
        if !actions.is_empty() {
            stack.push(Frame { state: child, actions, next: 0 });
        }
    }
    Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes }
}

struct Node<V: Variant> {
    state: V,
    parent: usize,
    action: Option<V::Action>,
    depth: u32,
}

/// A* for a shortest winning line, using `Variant::moves_lower_bound`.
pub fn solve_optimal<V: Variant>(start: &V, budget: u64) -> Solution<V::Action> {
    let mut nodes_store: Vec<Node<V>> =
        vec![Node { state: start.clone(), parent: usize::MAX, action: None, depth: 0 }];
    let mut best_depth = KeyMap::default();
    best_depth.insert(start.state_key(), 0u32);
    // (f, -depth for deeper-first ties, index)
    let mut open = BinaryHeap::new();
    open.push(Reverse((start.moves_lower_bound(), 0u32, 0usize)));
    let mut expanded = 0;
    while let Some(Reverse((_, _, index))) = open.pop() {
        let node = &nodes_store[index];
        if node.state.solver_goal(start) {
            let mut line = Vec::new();
            let mut at = index;
            while let Some(action) = nodes_store[at].action.clone() {
                line.push(action);
                at = nodes_store[at].parent;
            }
            line.reverse();
            return Solution { verdict: Verdict::Winnable, line, nodes: expanded };
        }
        if best_depth.get(&node.state.state_key()).is_some_and(|&best| best < node.depth) {
            continue; // a shorter way here was found after this entry was queued
        }
        if expanded >= budget {
            return Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: expanded };
        }
        expanded += 1;
        let depth = node.depth + 1;
        let parent_state = node.state.clone();
        for action in parent_state.solver_actions() {
            let mut child = parent_state.clone();
            child.perform(&action);
            let key = child.state_key();
            if best_depth.get(&key).is_some_and(|&best| best <= depth) || child.is_dead() {
                continue;
            }
            best_depth.insert(key, depth);
            let estimate = depth + child.moves_lower_bound();
            nodes_store.push(Node { state: child, parent: index, action: Some(action), depth });
            open.push(Reverse((estimate, u32::MAX - depth, nodes_store.len() - 1)));
        }
    }
    Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes: expanded }
}
