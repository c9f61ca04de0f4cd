//! The generic solver: works for any [`Variant`], inside the plugin, with
//! full knowledge of the deal (it answers "is this deal winnable", not "would
//! a person win it").
//!
//! * [`solve`]: depth-first search in the variant's move order with a
//!   transposition table of visited positions. Repeated positions are never
//!   expanded twice, so games with unlimited passes terminate.
//! * [`solve_optimal`]: first [`solve`] (which settles lost deals and gives
//!   a line to beat), then A* with the variant's admissible lower bound for
//!   a shorter line. Its nodes are compact (parent and move); a position is
//!   rebuilt by replaying its moves from the start.
//!
//! Both stop after `budget` expanded positions and answer `Unknown`. Their
//! memory is what the plugin is given: the tables grow with fallible
//! allocations, and a search whose next growth the host refuses answers
//! `Unknown` instead of failing. Natively (tests, benchmarks), where
//! memory never runs out, [`TABLE_LIMIT`] bounds the table instead.

use crate::variant::Variant;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// The most positions the depth-first search remembers. Inside a plugin
/// (wasm) there is no fixed bound: the table grows while the host grants
/// memory. Natively it stops at three quarters of 2^24 slots (128 MiB of
/// 64-bit slots), the most a plugin could get from the largest usual
/// memory limit.
pub const TABLE_LIMIT: usize = if cfg!(target_family = "wasm") { usize::MAX } else { 3 << 22 };

/// Memory kept free whenever a table grows: the rest of the search (its
/// path, its move buffer) and the answer still need some, and a failed
/// small allocation would end the call instead of answering `Unknown`.
const HEADROOM_BYTES: usize = 2 << 20;

/// The depth-first search asks `is_dead` on every `DEAD_CHECK_EVERY`-th
/// level of the path only (the start and its children always). A thorough
/// dead check costs more than expanding a position, and most positions
/// pass it; a dead one left unchecked is caught one level further down,
/// after its few children are generated (`cargo run --release --example
/// throughput` compares spacings).
const DEAD_CHECK_EVERY: usize = 2;

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
        let mixed = spread(key);
        self.0 = mixed ^ (mixed >> 29);
    }
}

/// Folds a 128-bit key to 64 bits and multiplies by the golden ratio: the
/// high bits of the result depend on every bit of the key.
fn spread(key: u128) -> u64 {
    (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The set of positions the depth-first search has seen: open addressing
/// with linear probing over a flat array of keys, doubling as it fills.
/// Cheaper than a general hash set for what the search does millions of
/// times per second (insert a 128-bit key, learn whether it was new), inside
/// wasm too, where the general set has no SIMD to probe with.
///
/// While every key fits in 64 bits (many variants' keys do) the slots are
/// 64 bits wide: half the memory, so twice the keys per cache line. The
/// first wider key widens them.
pub struct KeySet {
    slots: Slots,
    len: usize,
    holds_zero: bool,
    /// The most keys it takes (see [`Insert::Full`]).
    limit: usize,
    /// The key bits the hash sees (see [`KeySet::hashing_only`]).
    hashed_bits: u128,
    /// Set once memory for a larger table was refused: the set then fills
    /// its slots further, up to [`FULLEST`], and refuses keys after that.
    cannot_grow: bool,
}

/// How full (in sixteenths) a table that cannot grow may get: probes grow
/// longer, but the search goes on.
const FULLEST: usize = 15;

/// What [`KeySet::insert`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Insert {
    New,
    AlreadyThere,
    /// The key is new but the set holds its limit: it was not added.
    Full,
}

/// The slots of a [`KeySet`]; 0 marks an empty one.
enum Slots {
    Narrow(Vec<u64>),
    Wide(Vec<u128>),
}

/// A key as a slot holds it.
trait Slot: Copy + Eq {
    const EMPTY: Self;
    fn key(self) -> u128;
    /// The slot for `key`, which fits.
    fn of(key: u128) -> Self;
}

impl Slot for u64 {
    const EMPTY: u64 = 0;
    fn key(self) -> u128 {
        self as u128
    }
    fn of(key: u128) -> u64 {
        key as u64
    }
}

impl Slot for u128 {
    const EMPTY: u128 = 0;
    fn key(self) -> u128 {
        self
    }
    fn of(key: u128) -> u128 {
        key
    }
}

impl Default for KeySet {
    fn default() -> KeySet {
        KeySet::with_limit(usize::MAX)
    }
}

impl KeySet {
    /// A set that never holds more than `limit` keys, so never more memory
    /// than that needs: it refuses a new key instead of growing past it.
    pub fn with_limit(limit: usize) -> KeySet {
        KeySet {
            slots: Slots::Narrow(vec![0; 1 << 12]),
            len: 0,
            holds_zero: false,
            limit,
            hashed_bits: !0,
            cannot_grow: false,
        }
    }

    /// The same, hashing only the key bits in `bits`: keys that differ
    /// only elsewhere start their probes at the same slot and so end up
    /// side by side, in one or two cache lines. For the keys a
    /// [`Variant::dominated`] check asks about right after an insert.
    pub fn hashing_only(self, bits: u128) -> KeySet {
        KeySet { hashed_bits: bits, ..self }
    }

    /// Adds `key` unless it is there already or the set is full.
    pub fn insert(&mut self, key: u128) -> Insert {
        if key == 0 {
            return match (self.holds_zero, self.len() >= self.limit) {
                (true, _) => Insert::AlreadyThere,
                (false, true) => Insert::Full,
                (false, false) => {
                    self.holds_zero = true;
                    Insert::New
                }
            };
        }
        if key >> 64 != 0 && matches!(self.slots, Slots::Narrow(_)) {
            // A wide key is new to narrow slots.
            if self.len() >= self.limit || !self.widen() {
                return Insert::Full;
            }
        }
        let at_limit = self.len() >= self.limit;
        // At most three quarters full while memory allows, so probes stay
        // short; a table that cannot grow fills further.
        if !at_limit && !self.cannot_grow && (self.len + 1) * 4 > self.capacity() * 3 && !self.double() {
            self.cannot_grow = true;
        }
        let full = at_limit || (self.cannot_grow && (self.len + 1) * 16 > self.capacity() * FULLEST);
        let bits = self.hashed_bits;
        let inserted = match &mut self.slots {
            Slots::Narrow(slots) => insert_into(slots, key, bits, full),
            Slots::Wide(slots) => insert_into(slots, key, bits, full),
        };
        if inserted == Insert::New {
            self.len += 1;
        }
        inserted
    }

    pub fn contains(&self, key: u128) -> bool {
        match &self.slots {
            _ if key == 0 => self.holds_zero,
            Slots::Narrow(_) if key >> 64 != 0 => false,
            Slots::Narrow(slots) => find(slots, key, self.hashed_bits).is_ok(),
            Slots::Wide(slots) => find(slots, key, self.hashed_bits).is_ok(),
        }
    }

    pub fn len(&self) -> usize {
        self.len + self.holds_zero as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn capacity(&self) -> usize {
        match &self.slots {
            Slots::Narrow(slots) => slots.len(),
            Slots::Wide(slots) => slots.len(),
        }
    }

    /// Makes the slots 128 bits wide (once a key needs it); false, and
    /// nothing changed, if the memory for them was refused.
    fn widen(&mut self) -> bool {
        let Slots::Narrow(narrow) = &self.slots else { return true };
        let Some(mut wide) = empty_slots::<u128>(narrow.len()) else { return false };
        for key in narrow.iter().filter(|&&key| key != 0) {
            put(&mut wide, *key as u128, self.hashed_bits);
        }
        self.slots = Slots::Wide(wide);
        true
    }

    /// Doubles the slots; false, and nothing changed, if the memory for
    /// them was refused.
    fn double(&mut self) -> bool {
        match &mut self.slots {
            Slots::Narrow(slots) => doubled(slots, self.hashed_bits),
            Slots::Wide(slots) => doubled(slots, self.hashed_bits),
        }
    }
}

/// `count` empty slots, if the memory for them and the headroom are
/// granted.
fn empty_slots<T: Slot>(count: usize) -> Option<Vec<T>> {
    let mut slots = Vec::new();
    slots.try_reserve_exact(count).ok()?;
    if !headroom_granted() {
        return None;
    }
    slots.resize(count, T::EMPTY);
    Some(slots)
}

/// Whether [`HEADROOM_BYTES`] more could be had now. The probe is given
/// back at once: it stays with the allocator for the small allocations
/// still to come. Every search table checks it after growing, so the
/// memory limit ends a search with `Unknown`, never with a failed small
/// allocation.
fn headroom_granted() -> bool {
    Vec::<u8>::new().try_reserve_exact(HEADROOM_BYTES).is_ok()
}

/// Replaces `slots` with twice as many holding the same keys; false if the
/// memory was refused.
fn doubled<T: Slot>(slots: &mut Vec<T>, bits: u128) -> bool {
    let Some(larger) = empty_slots::<T>(slots.len() * 2) else { return false };
    let old = core::mem::replace(slots, larger);
    for slot in old.into_iter().filter(|&slot| slot != T::EMPTY) {
        put(slots, slot.key(), bits);
    }
    true
}

/// [`KeySet::insert`] for nonzero `key` on one width of slots: refused if
/// `full`.
fn insert_into<T: Slot>(slots: &mut [T], key: u128, bits: u128, full: bool) -> Insert {
    match find(slots, key, bits) {
        Ok(_) => Insert::AlreadyThere,
        Err(_) if full => Insert::Full,
        Err(empty) => {
            slots[empty] = T::of(key);
            Insert::New
        }
    }
}

/// Puts nonzero `key`, which is not there yet, into its slot.
fn put<T: Slot>(slots: &mut [T], key: u128, bits: u128) {
    let Err(at) = find(slots, key, bits) else { unreachable!("the key is new") };
    slots[at] = T::of(key);
}

/// Where nonzero `key` is (`Ok`), or the empty slot its probe ended at.
fn find<T: Slot>(slots: &[T], key: u128, bits: u128) -> Result<usize, usize> {
    let mask = slots.len() - 1;
    let wanted = T::of(key);
    let mut at = slot_of(slots.len(), key, bits);
    loop {
        match slots[at] {
            slot if slot == T::EMPTY => return Err(at),
            slot if slot == wanted => return Ok(at),
            _ => at = (at + 1) & mask,
        }
    }
}

/// Where `key`'s probe starts in `slots` slots. Fibonacci hashing: the top
/// bits of the product are the well-mixed ones.
fn slot_of(slots: usize, key: u128, hashed_bits: u128) -> usize {
    (spread(key & hashed_bits) >> (64 - slots.trailing_zeros())) as usize
}

pub type KeyMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// A position on the search path. Its moves are `actions[first..end]` of
/// the search's one shared buffer, which grows and shrinks with the path.
struct Frame<V: Variant> {
    state: V,
    first: usize,
    end: usize,
    next: usize,
}

/// Depth-first search for any winning line.
pub fn solve<V: Variant>(start: &V, budget: u64) -> Solution<V::Action> {
    solve_remembering(start, budget, TABLE_LIMIT)
}

/// [`solve`], remembering at most `table_limit` positions.
fn solve_remembering<V: Variant>(start: &V, budget: u64, table_limit: usize) -> Solution<V::Action> {
    if start.solver_goal(start) {
        return Solution { verdict: Verdict::Winnable, line: Vec::new(), nodes: 0 };
    }
    if start.is_dead() {
        return Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes: 1 };
    }
    let mut seen = KeySet::with_limit(table_limit).hashing_only(!start.dominance_key_bits());
    seen.insert(start.state_key());
    let mut nodes = 1;
    let mut actions = Vec::with_capacity(1024);
    start.solver_actions_into(&mut actions);
    let mut stack = vec![Frame { state: start.clone(), first: 0, end: actions.len(), next: 0 }];
    while let Some(top) = stack.last_mut() {
        if top.next == top.end {
            actions.truncate(top.first);
            stack.pop();
            continue;
        }
        let action = actions[top.next].clone();
        top.next += 1;
        let mut child = top.state.clone();
        child.solver_perform(&action);
        if child.solver_goal(start) {
            // Each frame's `next - 1` is the action taken from it; for the
            // top frame that is `action` itself.
            let line = stack.iter().map(|frame| actions[frame.next - 1].clone()).collect();
            return Solution { verdict: Verdict::Winnable, line, nodes };
        }
        let key = child.state_key();
        match seen.insert(key) {
            Insert::New => {}
            Insert::AlreadyThere => continue,
            Insert::Full => return Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes },
        }
        if child.dominated(key, &|other| seen.contains(other)) {
            continue;
        }
        // The child's depth is `stack.len()`.
        // (`== 1` alone would never hold with a spacing of 1.)
        if stack.len() % DEAD_CHECK_EVERY == 1 % DEAD_CHECK_EVERY && child.is_dead() {
            continue;
        }
        if nodes >= budget {
            return Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes };
        }
        nodes += 1;
        let first = actions.len();
        child.solver_actions_into(&mut actions);
        if actions.len() > first {
            stack.push(Frame { state: child, first, end: actions.len(), next: first });
        }
    }
    Solution { verdict: Verdict::NotWinnable, line: Vec::new(), nodes }
}

/// How the optimal search reached a position: from node `parent` by
/// `action`. The position itself is rebuilt when needed (see
/// [`replay_to`]), so a node costs a few bytes, not a whole game.
struct Step<A> {
    parent: u32,
    action: A,
}

/// The moves from the start to node `index`, in order.
fn line_to<A: Clone>(steps: &[Step<A>], mut index: u32) -> Vec<A> {
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
fn replay_to<V: Variant>(start: &V, steps: &[Step<V::Action>], index: u32) -> V {
    let mut state = start.clone();
    for action in line_to(steps, index) {
        state.solver_perform(&action);
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

impl<T: Ord> Grows for BinaryHeap<T> {
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
/// `Variant::moves_lower_bound` over lines shorter than the best found so
/// far. A* ends when no line left could be shorter. `budget` counts the
/// positions both searches expand.
pub fn solve_optimal<V: Variant>(start: &V, budget: u64) -> Solution<V::Action> {
    let any = solve(start, budget);
    if any.verdict != Verdict::Winnable || any.line.is_empty() {
        return any;
    }
    let mut best = any.line;
    let mut nodes = any.nodes;
    let unknown = |nodes| Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes };
    let mut steps: Vec<Step<V::Action>> = Vec::new();
    let mut best_depth: KeyMap<u32> = KeyMap::default();
    best_depth.insert(start.state_key(), 0);
    // (moves at least, most moves made first among ties, node): the
    // deepest of equal estimates is nearest a win, which lowers the bar.
    let mut open = BinaryHeap::new();
    open.push(Reverse((start.moves_lower_bound(), u32::MAX, ROOT)));
    let mut actions = Vec::new();
    while let Some(Reverse((estimate, depth_left, index))) = open.pop() {
        let depth = u32::MAX - depth_left;
        if estimate as usize >= best.len() {
            break; // no line left can be shorter
        }
        let state = if index == ROOT { start.clone() } else { replay_to(start, &steps, index) };
        if best_depth.get(&state.state_key()).is_some_and(|&known| known < depth) {
            continue; // a shorter way here was found after this entry was queued
        }
        if nodes >= budget {
            return unknown(nodes);
        }
        nodes += 1;
        let depth = depth + 1;
        actions.clear();
        state.optimal_actions_into(&mut actions);
        for action in &actions {
            let mut child = state.clone();
            child.solver_perform(action);
            if child.solver_goal(start) {
                if (depth as usize) < best.len() {
                    best = line_to(&steps, index);
                    best.push(action.clone());
                }
                continue;
            }
            let key = child.state_key();
            if best_depth.get(&key).is_some_and(|&known| known <= depth) {
                continue;
            }
            let estimate = depth + child.moves_lower_bound();
            if estimate as usize >= best.len() || child.is_dead() {
                continue;
            }
            if !(room_for_one(&mut best_depth) && room_for_one(&mut steps) && room_for_one(&mut open)) {
                return unknown(nodes);
            }
            best_depth.insert(key, depth);
            steps.push(Step { parent: index, action: action.clone() });
            open.push(Reverse((estimate, u32::MAX - depth, (steps.len() - 1) as u32)));
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

    #[test]
    fn the_key_set_keeps_every_key_once_across_growth() {
        let mut set = KeySet::default();
        assert!(set.is_empty());
        assert_eq!(set.insert(0), Insert::New, "the key 0 is a key like any other");
        assert_eq!(set.insert(0), Insert::AlreadyThere);
        // Keys that differ only in their high bits, and enough of them to
        // double the table several times.
        for i in 1..=20_000u128 {
            assert_eq!(set.insert(i << 100), Insert::New, "{i}");
            assert_eq!(set.insert(i), Insert::New, "{i}");
        }
        assert_eq!(set.len(), 40_001);
        for i in 1..=20_000u128 {
            assert!(set.contains(i) && set.contains(i << 100), "{i} is found");
            assert_eq!((set.insert(i << 100), set.insert(i)), (Insert::AlreadyThere, Insert::AlreadyThere), "{i}");
        }
        assert!(!set.contains(20_001) && !set.contains(3 << 64));
        assert_eq!(set.len(), 40_001);
    }

    #[test]
    fn keys_the_hash_does_not_tell_apart_are_still_kept_apart() {
        let level_bits = 3u128 << 57;
        let mut set = KeySet::default().hashing_only(!level_bits);
        for i in 1..=10_000u128 {
            for level in 0..4 {
                assert_eq!(set.insert(i | level << 57), Insert::New, "{i} at level {level}");
            }
        }
        assert_eq!(set.len(), 40_000);
        assert!((1..=10_000u128).all(|i| (0..4).all(|level| set.contains(i | level << 57))));
        assert!(!set.contains(10_001 | 1 << 57));
    }

    #[test]
    fn a_full_key_set_refuses_new_keys_and_never_grows_past_its_bound() {
        let mut set = KeySet::with_limit(SMALL_TABLE);
        for i in 1..=SMALL_TABLE as u128 {
            assert_eq!(set.insert(i), Insert::New);
        }
        assert_eq!(set.insert(0), Insert::Full);
        assert_eq!(set.insert(u128::MAX), Insert::Full);
        assert_eq!(set.insert(7), Insert::AlreadyThere, "a known key is still known");
        assert_eq!(set.len(), SMALL_TABLE);
        assert!(set.capacity() <= 1 << 20, "the table stayed at 8 MB: {} slots", set.capacity());
        assert!(matches!(set.slots, Slots::Narrow(_)), "a refused key does not widen the slots");
    }

    #[test]
    fn a_table_refused_more_memory_fills_further_and_then_refuses_new_keys() {
        let mut set = KeySet::default();
        set.cannot_grow = true; // as after a refused allocation
        let slots = set.capacity();
        let fullest = slots * FULLEST / 16;
        for i in 1..=fullest as u128 {
            assert_eq!(set.insert(i), Insert::New, "{i} of {fullest}");
        }
        assert_eq!(set.insert(fullest as u128 + 1), Insert::Full);
        assert_eq!(set.insert(1), Insert::AlreadyThere, "a known key is still known");
        assert_eq!(set.capacity(), slots, "it did not grow");
        assert_eq!(set.insert(1 << 100), Insert::Full, "a wide key is refused too");
    }

    #[test]
    fn the_first_wide_key_widens_the_slots_and_keeps_every_key() {
        let mut set = KeySet::default();
        for i in 1..=5_000u128 {
            assert_eq!(set.insert(i << 40), Insert::New);
        }
        assert!(matches!(set.slots, Slots::Narrow(_)), "keys below 2^64 stay narrow");
        assert!(!set.contains(1 << 100), "a wide key is not in narrow slots");
        assert_eq!(set.insert(1 << 100), Insert::New);
        assert!(matches!(set.slots, Slots::Wide(_)));
        assert_eq!(set.insert(1 << 100), Insert::AlreadyThere);
        assert_eq!(set.len(), 5_001);
        assert!((1..=5_000u128).all(|i| set.contains(i << 40)), "every narrow key survived");
        assert_eq!(set.insert(5_000 << 40), Insert::AlreadyThere);
    }

    /// Each step leads to eight places, seven of which are dominated: the
    /// table fills with keys no position is expanded for, and still stops
    /// at its bound.
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

        fn state_key(&self) -> u128 {
            self.at as u128
        }

        fn dominated(&self, _key: u128, _searched: &dyn Fn(u128) -> bool) -> bool {
            !self.at.is_multiple_of(8)
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
    /// good, which `dominance` tells the solver.
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

        fn state_key(&self) -> u128 {
            (self.at as u128) << 64 | self.spent as u128
        }

        fn is_dead(&self) -> bool {
            self.at > self.target || self.spent > self.allowance
        }

        fn dominated(&self, _key: u128, searched: &dyn Fn(u128) -> bool) -> bool {
            self.dominance && (0..self.spent).any(|less| searched((self.at as u128) << 64 | less as u128))
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
