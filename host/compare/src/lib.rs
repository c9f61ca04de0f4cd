//! # patience-compare: rule sets side by side, in honest numbers
//!
//! * [`players`]: fair players that see only what a person sees — the
//!   layout and the legal moves, never a face-down card or the stock order:
//!   `greedy` (a simple documented baseline) and `expert` (searches random
//!   completions of what it has not seen);
//! * [`study`]: deals the same deal numbers to every rule set and runs the
//!   solver and the players on each, in parallel, shardable;
//! * [`report`]: per-rule-set rows with 95% Wilson intervals, the paired
//!   table, and table / CSV / JSON output; shards merge back exactly;
//! * [`winnable`]: the next deal number the solver proves winnable;
//! * [`explore`]: one variant under every combination of its options, and
//!   what each option does (paired on the same deals).
//!
//! Everything goes through the plugin contract, so it works for any plugin.

pub mod explore;
pub mod players;
pub mod report;
pub mod stats;
pub mod study;
pub mod winnable;

pub use players::PlayerKind;
pub use study::{DealRecord, Study, StudyFile};
