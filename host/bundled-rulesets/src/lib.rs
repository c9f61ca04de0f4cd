//! # patience-bundled-rulesets: the rule sets and difficulty figures inside the binary
//!
//! `build.rs` reads the repository's `rulesets/*.toml` and the study files
//! in `rulesets/difficulty/*.json` at build time. This crate only hands
//! them out: each rule set's TOML text under its id (its file stem), and,
//! per study file, the counts the app's difficulty figures are made of
//! (the files themselves are 11 MB of per-deal records). A binary copied
//! anywhere knows them; the host reads the rule sets exactly as it reads
//! rule set files from disk — same checks, no special trust.
//!
//! It is a crate of its own, apart from the bundled plugins, so that a
//! change to a plugin does not rebuild what reads the rule sets, and a
//! change to a rule set does not rebuild the plugins.

/// One rule set file of `rulesets/`.
pub struct BundledRuleSet {
    /// The file stem, `relaxed-3-passes`: how the command line names it.
    pub id: &'static str,
    /// `relaxed-3-passes.toml`, for messages.
    pub file_name: &'static str,
    /// The file's TOML text, as written.
    pub text: &'static str,
}

/// One study file of `rulesets/difficulty/`, summed up per rule set.
pub struct BundledStudy {
    /// `solver.json`.
    pub file_name: &'static str,
    pub rule_sets: &'static [StudiedRuleSet],
}

/// A rule set's line of a study: how it was named and set up, and what the
/// solver and the expert did on its deals (the same counts as
/// `patience_compare::report::rows` gives for the file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StudiedRuleSet {
    pub name: &'static str,
    pub plugin: &'static str,
    /// `passes=3, stock_top_playable=true`: the study's settings column.
    pub settings: &'static str,
    /// Deals the solver looked at; of those, proved winnable; left undecided.
    pub solved: u64,
    pub winnable: u64,
    pub unknown: u64,
    /// Games the expert played, and won.
    pub expert_games: u64,
    pub expert_won: u64,
    /// A game that keeps a score: the expert's games that ended with one,
    /// the sum of those scores and of the levels they ended in.
    pub expert_scored: u64,
    pub expert_score_sum: i64,
    pub expert_level_sum: u64,
    /// Deals the best-score search looked at, the sum of its best scores,
    /// and on how many the score is proved the best.
    pub best_deals: u64,
    pub best_score_sum: i64,
    pub best_proved: u64,
    /// On the deals with both: the expert's score sum and the best's.
    pub paired_expert_sum: i64,
    pub paired_best_sum: i64,
}

include!(concat!(env!("OUT_DIR"), "/rulesets.rs"));
