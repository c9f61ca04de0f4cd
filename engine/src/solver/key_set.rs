//! The tables the searches keep: [`KeySet`], the positions the depth-first
//! search has seen, and [`KeyMap`], the best depth of each position the
//! shortest-line search has queued. Both hash 128-bit position keys, and
//! both grow only while the host grants memory (see [`headroom_granted`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Memory kept free whenever a table grows: the rest of the search (its
/// path, its move buffer) and the answer still need some, and a failed
/// small allocation would end the call instead of answering `Unknown`.
const HEADROOM_BYTES: usize = 2 << 20;

/// Keys are either exact bit patterns or already hashes; one multiply and a
/// fold spread them well enough for a hash table, much faster than SipHash.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

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
/// Cheaper than a general hash set for what the search does at every
/// position (insert a 128-bit key, learn whether it was new), inside wasm
/// too, where the general set has no SIMD to probe with.
///
/// While every key fits in 64 bits (many variants' keys do) the slots are
/// 64 bits wide: half the memory, so twice the keys per cache line. The
/// first wider key widens them.
pub(crate) struct KeySet {
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
pub(crate) enum Insert {
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

/// A slot of a [`KeySet`]: a key as it is stored, 64 or 128 bits wide.
trait Word: Copy + Eq {
    const EMPTY: Self;
    fn key(self) -> u128;
    /// The slot for `key`, which fits.
    fn of(key: u128) -> Self;
}

impl Word for u64 {
    const EMPTY: u64 = 0;
    fn key(self) -> u128 {
        self as u128
    }
    fn of(key: u128) -> u64 {
        key as u64
    }
}

impl Word for u128 {
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
    pub(crate) fn with_limit(limit: usize) -> KeySet {
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
    /// side by side, in one or two cache lines: the keys the search looks
    /// up right after an insert, which differ from it only in what is
    /// spent (see [`crate::Search::spent_bits`]).
    pub(crate) fn hashing_only(self, bits: u128) -> KeySet {
        KeySet { hashed_bits: bits, ..self }
    }

    /// Adds `key` unless it is there already or the set is full.
    pub(crate) fn insert(&mut self, key: u128) -> Insert {
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
        if !at_limit && !self.cannot_grow && (self.len + 1) * 4 > self.capacity() * 3 && !self.grow() {
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

    pub(crate) fn contains(&self, key: u128) -> bool {
        match &self.slots {
            _ if key == 0 => self.holds_zero,
            Slots::Narrow(_) if key >> 64 != 0 => false,
            Slots::Narrow(slots) => find(slots, key, self.hashed_bits).is_ok(),
            Slots::Wide(slots) => find(slots, key, self.hashed_bits).is_ok(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len + self.holds_zero as usize
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

    /// Doubles the slots, or where the memory for that is refused, adds a
    /// half, a quarter or an eighth of them; false, and nothing changed,
    /// if even that was refused. The tables a set outgrew are freed, but
    /// in the sandbox they stay below the next one, too small for it, so
    /// the last doubling before the memory limit would need about four
    /// times the table: the smaller steps use the room that is left.
    fn grow(&mut self) -> bool {
        let capacity = self.capacity();
        [capacity, capacity / 2, capacity / 4, capacity / 8].into_iter().any(|more| match &mut self.slots {
            Slots::Narrow(slots) => regrown(slots, capacity + more, self.hashed_bits),
            Slots::Wide(slots) => regrown(slots, capacity + more, self.hashed_bits),
        })
    }
}

/// `count` empty slots, if the memory for them and the headroom are
/// granted.
fn empty_slots<T: Word>(count: usize) -> Option<Vec<T>> {
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
pub(crate) fn headroom_granted() -> bool {
    Vec::<u8>::new().try_reserve_exact(HEADROOM_BYTES).is_ok()
}

/// Replaces `slots` with `count` slots holding the same keys; false if the
/// memory was refused.
fn regrown<T: Word>(slots: &mut Vec<T>, count: usize, bits: u128) -> bool {
    let Some(larger) = empty_slots::<T>(count) else { return false };
    let old = core::mem::replace(slots, larger);
    for slot in old.into_iter().filter(|&slot| slot != T::EMPTY) {
        put(slots, slot.key(), bits);
    }
    true
}

/// [`KeySet::insert`] for nonzero `key` on one width of slots: refused if
/// `full`.
fn insert_into<T: Word>(slots: &mut [T], key: u128, bits: u128, full: bool) -> Insert {
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
fn put<T: Word>(slots: &mut [T], key: u128, bits: u128) {
    let Err(at) = find(slots, key, bits) else { unreachable!("the key is new") };
    slots[at] = T::of(key);
}

/// Where nonzero `key` is (`Ok`), or the empty slot its probe ended at.
fn find<T: Word>(slots: &[T], key: u128, bits: u128) -> Result<usize, usize> {
    let wanted = T::of(key);
    let mut at = slot_of(slots.len(), key, bits);
    loop {
        match slots[at] {
            slot if slot == T::EMPTY => return Err(at),
            slot if slot == wanted => return Ok(at),
            _ => at = if at + 1 == slots.len() { 0 } else { at + 1 },
        }
    }
}

/// Where `key`'s probe starts in `slots` slots (fewer than 2^32): the top
/// 32 bits of the Fibonacci hash, the well-mixed ones, scaled to the
/// table, which need not be a power of two (see [`KeySet::grow`]).
fn slot_of(slots: usize, key: u128, hashed_bits: u128) -> usize {
    (((spread(key & hashed_bits) >> 32) * slots as u64) >> 32) as usize
}

/// A map from position keys, hashed with [`KeyHasher`].
pub(crate) type KeyMap<V> = HashMap<SplitKey, V, BuildHasherDefault<KeyHasher>>;

/// A position key kept as its two halves: a `u128` aligns what holds it to
/// 16 bytes, which makes a [`KeyMap`] entry of a key and a `u32` (and a
/// queue entry) a third larger, and the map's lookups miss the cache more.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct SplitKey([u64; 2]);

impl SplitKey {
    pub(crate) fn new(key: u128) -> SplitKey {
        SplitKey([key as u64, (key >> 64) as u64])
    }

    pub(crate) fn get(self) -> u128 {
        u128::from(self.0[1]) << 64 | u128::from(self.0[0])
    }
}

impl Hash for SplitKey {
    /// As the whole key (an array would be hashed byte by byte).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.get());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table bound for the tests: three quarters of 2^20 slots.
    const SMALL_TABLE: usize = 3 << 18;

    #[test]
    fn a_split_key_gives_back_its_key_and_hashes_as_it() {
        let hash = |key: u128| {
            let mut hasher = KeyHasher::default();
            hasher.write_u128(key);
            hasher.finish()
        };
        for key in [0, 1, u128::from(u64::MAX), 1 << 64, u128::MAX, 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210] {
            assert_eq!(SplitKey::new(key).get(), key);
            let mut hasher = KeyHasher::default();
            SplitKey::new(key).hash(&mut hasher);
            assert_eq!(hasher.finish(), hash(key), "{key:#x}");
        }
        assert_eq!(std::mem::size_of::<(SplitKey, u32)>(), 24);
    }

    #[test]
    fn the_key_set_keeps_every_key_once_across_growth() {
        let mut set = KeySet::default();
        assert_eq!(set.len(), 0);
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
    fn a_table_grown_by_less_than_double_keeps_and_finds_every_key() {
        let mut set = KeySet::default();
        for i in 1..=2_000u128 {
            set.insert(i * 0x9e37_79b9);
        }
        let before = set.capacity();
        for step in [before / 2, before / 4, before / 8] {
            let count = set.capacity() + step;
            let Slots::Narrow(slots) = &mut set.slots else { panic!("narrow keys") };
            assert!(regrown(slots, count, !0));
            assert_eq!(set.capacity(), count);
            assert!((1..=2_000u128).all(|i| set.contains(i * 0x9e37_79b9)), "every key found in {count} slots");
        }
        // Fill the last table to its fullest, so probes run past its end
        // and wrap to its start.
        set.cannot_grow = true;
        let mut added = 2_000u128;
        while set.insert((added + 1) * 0x9e37_79b9) == Insert::New {
            added += 1;
        }
        assert_eq!(set.len(), set.capacity() * FULLEST / 16);
        assert!((1..=added).all(|i| set.insert(i * 0x9e37_79b9) == Insert::AlreadyThere));
        assert!(!set.contains(u128::from(u64::MAX)));
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
}
