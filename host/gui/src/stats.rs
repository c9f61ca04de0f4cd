//! Statistics per variant and rule set: games played and won, win rate,
//! best and mean time and moves of the won games, best score, current and
//! best winning streak — kept apart for games dealt by "winnable deals
//! only", and reset per rule set.

use crate::table::GameResult;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

pub const FILE_NAME: &str = "stats.toml";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    pub played: u32,
    pub won: u32,
    pub best_score: Option<i64>,
    /// Wins in a row, up to the last game.
    pub streak: u32,
    pub best_streak: u32,
    /// Won games whose time and moves were recorded (files written before
    /// these were kept have wins without them), and their totals.
    pub timed_wins: u32,
    pub won_millis: u64,
    pub won_moves: u64,
    /// The fastest win, in milliseconds, and the win with fewest moves.
    pub best_millis: Option<u64>,
    pub best_moves: Option<u32>,
}

impl Record {
    /// Won games in percent of played ones.
    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| 100.0 * f64::from(self.won) / f64::from(self.played))
    }

    /// The mean time of a won game.
    pub fn mean_time(&self) -> Option<Duration> {
        (self.timed_wins > 0).then(|| Duration::from_millis(self.won_millis / u64::from(self.timed_wins)))
    }

    pub fn best_time(&self) -> Option<Duration> {
        self.best_millis.map(Duration::from_millis)
    }

    /// The mean number of moves of a won game.
    pub fn mean_moves(&self) -> Option<f64> {
        (self.timed_wins > 0).then(|| self.won_moves as f64 / f64::from(self.timed_wins))
    }

    pub fn add(&mut self, result: &GameResult) {
        self.played += 1;
        if result.won {
            self.won += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
            let millis = result.time.as_millis() as u64;
            let moves = result.moves as u32;
            self.timed_wins += 1;
            self.won_millis += millis;
            self.won_moves += u64::from(moves);
            self.best_millis = Some(self.best_millis.map_or(millis, |best| best.min(millis)));
            self.best_moves = Some(self.best_moves.map_or(moves, |best| best.min(moves)));
        } else {
            self.streak = 0;
        }
        if let Some(score) = result.score {
            self.best_score = Some(self.best_score.map_or(score, |best| best.max(score)));
        }
    }
}

/// Which deals a record counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Deals {
    /// Whatever deal number came up.
    Random,
    /// Only deals the solver proved winnable.
    WinnableOnly,
}

impl Deals {
    pub fn text(self) -> &'static str {
        match self {
            Deals::Random => "any deal",
            Deals::WinnableOnly => "winnable only",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Plugin id → rule set name → record, for games on any deal.
    pub records: BTreeMap<String, BTreeMap<String, Record>>,
    /// The same for games dealt by "winnable deals only".
    pub winnable: BTreeMap<String, BTreeMap<String, Record>>,
}

impl Stats {
    pub fn add(&mut self, result: &GameResult) {
        let records = if result.winnable_only { &mut self.winnable } else { &mut self.records };
        records.entry(result.plugin.clone()).or_default().entry(result.rule_set.clone()).or_default().add(result);
    }

    /// The record of games on any deal.
    pub fn record(&self, plugin: &str, rule_set: &str) -> Option<&Record> {
        self.record_of(plugin, rule_set, Deals::Random)
    }

    pub fn record_of(&self, plugin: &str, rule_set: &str, deals: Deals) -> Option<&Record> {
        self.map(deals).get(plugin)?.get(rule_set)
    }

    fn map(&self, deals: Deals) -> &BTreeMap<String, BTreeMap<String, Record>> {
        match deals {
            Deals::Random => &self.records,
            Deals::WinnableOnly => &self.winnable,
        }
    }

    /// Every record with its plugin id, rule set name and kind of deals,
    /// sorted by plugin and rule set, any deal before winnable only.
    pub fn rows(&self) -> Vec<(&str, &str, Deals, &Record)> {
        let mut rows: Vec<_> = [Deals::Random, Deals::WinnableOnly]
            .into_iter()
            .flat_map(|deals| {
                self.map(deals).iter().flat_map(move |(plugin, sets)| {
                    sets.iter().map(move |(name, record)| (plugin.as_str(), name.as_str(), deals, record))
                })
            })
            .collect();
        rows.sort_by_key(|(plugin, name, deals, _)| (*plugin, *name, *deals == Deals::WinnableOnly));
        rows
    }

    /// Forgets one rule set's records, both kinds of deals. True if there
    /// was anything to forget.
    pub fn reset(&mut self, plugin: &str, rule_set: &str) -> bool {
        let mut removed = false;
        for records in [&mut self.records, &mut self.winnable] {
            if let Some(sets) = records.get_mut(plugin) {
                removed |= sets.remove(rule_set).is_some();
                if sets.is_empty() {
                    records.remove(plugin);
                }
            }
        }
        removed
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty() && self.winnable.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(won: bool, score: Option<i64>, moves: usize, seconds: u64, winnable_only: bool) -> GameResult {
        GameResult { plugin: "p".into(), rule_set: "r".into(), won, score, moves, time: Duration::from_secs(seconds), winnable_only }
    }

    #[test]
    fn streaks_scores_times_and_rates_add_up() {
        let mut stats = Stats::default();
        for (won, score, moves, seconds) in [(true, Some(10), 40, 100), (true, Some(30), 30, 300), (false, Some(20), 5, 7), (true, None, 50, 200)] {
            stats.add(&result(won, score, moves, seconds, false));
        }
        let record = stats.record("p", "r").unwrap();
        assert_eq!((record.played, record.won, record.streak, record.best_streak), (4, 3, 1, 2));
        assert_eq!(record.best_score, Some(30));
        assert_eq!(record.win_rate(), Some(75.0));
        assert_eq!(record.best_time(), Some(Duration::from_secs(100)));
        assert_eq!(record.mean_time(), Some(Duration::from_secs(200)));
        assert_eq!((record.best_moves, record.mean_moves()), (Some(30), Some(40.0)));
    }

    #[test]
    fn winnable_only_games_count_apart_and_reset_clears_both() {
        let mut stats = Stats::default();
        stats.add(&result(true, None, 30, 60, true));
        stats.add(&result(false, None, 3, 6, false));
        assert_eq!(stats.record_of("p", "r", Deals::WinnableOnly).map(|r| (r.played, r.won)), Some((1, 1)));
        assert_eq!(stats.record("p", "r").map(|r| (r.played, r.won)), Some((1, 0)));
        let kinds: Vec<Deals> = stats.rows().iter().map(|row| row.2).collect();
        assert_eq!(kinds, [Deals::Random, Deals::WinnableOnly]);
        assert!(stats.reset("p", "r"));
        assert!(stats.is_empty());
        assert!(!stats.reset("p", "r"));
    }

    #[test]
    fn files_from_before_times_were_kept_still_load() {
        let old = "[records.p.r]\nplayed = 5\nwon = 2\nstreak = 1\nbest_streak = 2\n";
        let stats: Stats = toml::from_str(old).unwrap();
        let record = stats.record("p", "r").unwrap();
        assert_eq!((record.played, record.won, record.mean_time()), (5, 2, None));
    }
}
