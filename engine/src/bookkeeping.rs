//! Bookkeeping: values a game keeps (and saves) that never change what can
//! happen next, such as a score or a count of moves, left out of the
//! solver's default position key.
//!
//! The default [`Search::state_key`](crate::Search::state_key) hashes the
//! whole serialized game, so two positions with the same cards but
//! different scores would count as two: the search would explore the same
//! position once per score that reaches it. A field wrapped in
//! [`Bookkeeping`] is saved, restored, undone and copied like any other,
//! but the default key does not see it.
//!
//! Wrap only what the rules never read: a value that decides a legal move
//! or the outcome (passes left, a level that deals a new layout) is part of
//! the position and must stay in the key.

use core::cell::Cell;
use core::ops::{Deref, DerefMut};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value kept in the game and its snapshots but not in the default
/// position key (see the module). Reads and writes as the value inside:
/// `*game.score += 2`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bookkeeping<T>(pub T);

impl<T> Deref for Bookkeeping<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Bookkeeping<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

std::thread_local! {
    /// Set while the position key is being serialized.
    static KEYING: Cell<bool> = const { Cell::new(false) };
}

impl<T: Serialize> Serialize for Bookkeeping<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if KEYING.with(Cell::get) { serializer.serialize_unit() } else { self.0.serialize(serializer) }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Bookkeeping<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Bookkeeping)
    }
}

/// The game serialized without its bookkeeping: what the default position
/// key hashes.
pub fn position_bytes<V: Serialize>(game: &V) -> Vec<u8> {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            KEYING.with(|keying| keying.set(false));
        }
    }
    KEYING.with(|keying| keying.set(true));
    let _reset = Reset;
    postcard::to_allocvec(game).expect("serializing a game to memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::layout::{Layout, MoveInfo, Status};
    use crate::options::Settings;
    use crate::solver::{solve, Verdict};
    use crate::{Info, Search, Variant};

    /// Take the tokens 0..N in any order; each take scores its token times
    /// the takes made before it, so the score depends on the order. The
    /// goal cannot be reached: the search must see every position.
    #[derive(Clone, Serialize, Deserialize)]
    struct Tokens<Score> {
        left: u16,
        taken: u16,
        score: Score,
    }

    const N: u16 = 9;

    trait Add: Clone + Serialize + for<'de> Deserialize<'de> + 'static {
        fn add(&mut self, points: u64);
        fn zero() -> Self;
    }
    impl Add for u64 {
        fn add(&mut self, points: u64) {
            *self += points;
        }
        fn zero() -> Self {
            0
        }
    }
    impl Add for Bookkeeping<u64> {
        fn add(&mut self, points: u64) {
            **self += points;
        }
        fn zero() -> Self {
            Bookkeeping(0)
        }
    }

    impl<Score: Add> Variant for Tokens<Score> {
        type Action = u16;
        fn info() -> Info {
            Info { id: "tokens".into(), name: "tokens".into(), version: "0".into(), summary: String::new(), rules: String::new(), options: vec![] }
        }
        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Ok(Tokens { left: (1 << N) - 1, taken: 0, score: Score::zero() })
        }
        fn layout(&self) -> Layout {
            Layout::default()
        }
        fn actions(&self) -> Vec<u16> {
            (0..N).filter(|t| self.left & 1 << t != 0).collect()
        }
        fn describe(&self, token: &u16) -> MoveInfo {
            MoveInfo { notation: token.to_string(), label: String::new(), slots: vec![] }
        }
        fn perform(&mut self, token: &u16) {
            self.left &= !(1 << token);
            self.score.add(u64::from(*token) * u64::from(self.taken));
            self.taken += 1;
        }
        fn status(&self) -> Status {
            Status::playing()
        }
    }
    impl<Score: Add> Search for Tokens<Score> {}

    fn start<Score: Add>() -> Tokens<Score> {
        Tokens::start(&Deal::Seed(1), &Settings::default()).unwrap()
    }

    #[test]
    fn a_score_kept_as_bookkeeping_does_not_split_positions() {
        let plain = solve(&start::<u64>(), u64::MAX);
        let kept = solve(&start::<Bookkeeping<u64>>(), u64::MAX);
        assert_eq!((plain.verdict, kept.verdict), (Verdict::NotWinnable, Verdict::NotWinnable));
        assert_eq!(kept.nodes, 1 << N, "one position per set of tokens left");
        assert!(plain.nodes > 4 * kept.nodes, "the score splits positions: {} against {}", plain.nodes, kept.nodes);
    }

    #[test]
    fn bookkeeping_is_saved_and_restored_but_not_keyed() {
        let mut game = start::<Bookkeeping<u64>>();
        for token in [3, 5, 1] {
            game.perform(&token);
        }
        let mut other = start::<Bookkeeping<u64>>();
        for token in [1, 5, 3] {
            other.perform(&token);
        }
        assert_ne!(*game.score, *other.score, "the orders score differently");
        assert_eq!(game.state_key(), other.state_key(), "and reach one position");
        let restored = crate::game::Game::<Tokens<Bookkeeping<u64>>>::restore(&crate::game::encode(&game)).unwrap();
        assert_eq!(*restored.state.score, *game.score, "the snapshot keeps the score");
    }
}
