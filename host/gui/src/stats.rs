//! Statistics per variant and rule set: games played and won, win rate,
//! best score and winning streaks.

use crate::table::GameResult;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
}

impl Record {
    /// Won games in percent of played ones.
    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| 100.0 * f64::from(self.won) / f64::from(self.played))
    }

    pub fn add(&mut self, result: &GameResult) {
        self.played += 1;
        if result.won {
            self.won += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        if let Some(score) = result.score {
            self.best_score = Some(self.best_score.map_or(score, |best| best.max(score)));
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Plugin id → rule set name → record.
    pub records: BTreeMap<String, BTreeMap<String, Record>>,
}

impl Stats {
    pub fn add(&mut self, result: &GameResult) {
        self.records
            .entry(result.plugin.clone())
            .or_default()
            .entry(result.rule_set.clone())
            .or_default()
            .add(result);
    }

    pub fn record(&self, plugin: &str, rule_set: &str) -> Option<&Record> {
        self.records.get(plugin)?.get(rule_set)
    }

    /// Every record with its plugin id and rule set name, sorted.
    pub fn rows(&self) -> Vec<(&str, &str, &Record)> {
        self.records
            .iter()
            .flat_map(|(plugin, sets)| sets.iter().map(move |(name, record)| (plugin.as_str(), name.as_str(), record)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn result(won: bool, score: Option<i64>) -> GameResult {
        GameResult { plugin: "p".into(), rule_set: "r".into(), won, score, moves: 3, time: Duration::ZERO }
    }

    #[test]
    fn streaks_scores_and_rates_add_up() {
        let mut stats = Stats::default();
        for (won, score) in [(true, Some(10)), (true, Some(30)), (false, Some(20)), (true, None)] {
            stats.add(&result(won, score));
        }
        let record = stats.record("p", "r").unwrap();
        assert_eq!((record.played, record.won, record.streak, record.best_streak), (4, 3, 1, 2));
        assert_eq!(record.best_score, Some(30));
        assert_eq!(record.win_rate(), Some(75.0));
    }
}
