//! Summaries of a study: one row per rule set, and a paired table saying,
//! for each two rule sets, on how many deals one wins and the other not.

use crate::stats::percent_with_interval;
use crate::study::{DealRecord, StudyFile};
use anyhow::Result;

/// One rule set's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub settings: String,
    pub deals: u64,
    pub solved: u64,
    pub winnable: u64,
    pub unknown: u64,
    pub expert_games: u64,
    pub expert_won: u64,
    pub greedy_games: u64,
    pub greedy_won: u64,
    /// The strongest fair player's mean final score (the expert's, else
    /// greedy's), lost games included.
    pub mean_score: Option<f64>,
    /// The best-score search's mean score over the deals it searched, and
    /// on how many of them that score is proved the best (elsewhere it is
    /// the best found, a lower bound).
    pub mean_best: Option<f64>,
    pub best_games: u64,
    pub best_proved: u64,
    /// The fair player's scores as a share of the best scores, summed over
    /// the deals both have.
    pub score_of_best: Option<f64>,
    pub mean_level: Option<f64>,
    pub mean_length: Option<f64>,
    pub errors: u64,
    pub ms_per_deal: f64,
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0u64), |(sum, count), v| (sum + v, count + 1));
    (count > 0).then(|| sum / count as f64)
}

pub fn rows(file: &StudyFile) -> Vec<Row> {
    file.rule_sets
        .iter()
        .enumerate()
        .map(|(index, label)| {
            let records: Vec<&DealRecord> = file.records.iter().filter(|r| r.rule_set == index).collect();
            let solver: Vec<_> = records.iter().filter_map(|r| r.solver.as_ref()).collect();
            let expert: Vec<_> = records.iter().filter_map(|r| r.expert.as_ref()).collect();
            let greedy: Vec<_> = records.iter().filter_map(|r| r.greedy.as_ref()).collect();
            // Scores and levels come from the strongest player that ran.
            let scored = if expert.is_empty() { &greedy } else { &expert };
            let best: Vec<_> = records.iter().filter_map(|r| r.best.as_ref()).collect();
            let player_score = |r: &DealRecord| if expert.is_empty() { r.greedy.as_ref() } else { r.expert.as_ref() }.and_then(|p| p.score);
            let (played, bested) = records
                .iter()
                .filter_map(|r| Some((player_score(r)?, r.best.as_ref()?.score)))
                .fold((0i64, 0i64), |(played, bested), (score, best)| (played + score, bested + best));
            Row {
                name: label.name.clone(),
                settings: label.settings.clone(),
                deals: records.len() as u64,
                solved: solver.len() as u64,
                winnable: solver.iter().filter(|s| s.verdict == "winnable").count() as u64,
                unknown: solver.iter().filter(|s| s.verdict == "unknown").count() as u64,
                expert_games: expert.len() as u64,
                expert_won: expert.iter().filter(|p| p.won).count() as u64,
                greedy_games: greedy.len() as u64,
                greedy_won: greedy.iter().filter(|p| p.won).count() as u64,
                mean_score: mean(scored.iter().filter_map(|p| p.score).map(|s| s as f64)),
                mean_best: mean(best.iter().map(|b| b.score as f64)),
                best_games: best.len() as u64,
                best_proved: best.iter().filter(|b| b.proved()).count() as u64,
                score_of_best: (bested > 0).then(|| played as f64 / bested as f64),
                mean_level: mean(scored.iter().filter_map(|p| p.level).map(f64::from)),
                mean_length: mean(solver.iter().filter_map(|s| s.length).map(f64::from)),
                errors: records.iter().filter(|r| r.error.is_some()).count() as u64,
                ms_per_deal: mean(records.iter().map(|r| r.micros as f64 / 1000.0)).unwrap_or(0.0),
            }
        })
        .collect()
}

/// For two rule sets: deals only the first wins, only the second, both,
/// neither — by the solver's verdict when it ran, else by the expert.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub first: String,
    pub second: String,
    pub measure: &'static str,
    pub only_first: u64,
    pub only_second: u64,
    pub both: u64,
    pub neither: u64,
}

fn wins(record: &DealRecord) -> Option<bool> {
    match (&record.solver, &record.expert, &record.greedy) {
        (Some(solver), _, _) => Some(solver.verdict == "winnable"),
        (None, Some(expert), _) => Some(expert.won),
        (None, None, Some(greedy)) => Some(greedy.won),
        _ => None,
    }
}

/// Every record by (rule set, deal): a study of a million deals is looked
/// up in many ways, and a scan per look-up would take hours.
fn records_by_key(file: &StudyFile) -> std::collections::HashMap<(usize, u64), &crate::DealRecord> {
    file.records.iter().map(|record| ((record.rule_set, record.deal), record)).collect()
}

pub fn pairs(file: &StudyFile) -> Vec<Pair> {
    let measure = if file.players.contains(&crate::PlayerKind::Solver) {
        "solver"
    } else if file.players.contains(&crate::PlayerKind::Expert) {
        "expert"
    } else {
        "greedy"
    };
    let by_key = records_by_key(file);
    let outcome = |rule_set: usize, deal: u64| by_key.get(&(rule_set, deal)).and_then(|r| wins(r));
    let deals: Vec<u64> = {
        let mut deals: Vec<u64> = file.records.iter().map(|r| r.deal).collect();
        deals.sort_unstable();
        deals.dedup();
        deals
    };
    let mut result = Vec::new();
    for a in 0..file.rule_sets.len() {
        for b in a + 1..file.rule_sets.len() {
            let mut pair = Pair {
                first: file.rule_sets[a].name.clone(),
                second: file.rule_sets[b].name.clone(),
                measure,
                only_first: 0,
                only_second: 0,
                both: 0,
                neither: 0,
            };
            for &deal in &deals {
                match (outcome(a, deal), outcome(b, deal)) {
                    (Some(true), Some(false)) => pair.only_first += 1,
                    (Some(false), Some(true)) => pair.only_second += 1,
                    (Some(true), Some(true)) => pair.both += 1,
                    (Some(false), Some(false)) => pair.neither += 1,
                    _ => {}
                }
            }
            result.push(pair);
        }
    }
    result
}

/// Deals on which rule sets `a` and `b` disagree (one wins, the other not).
pub fn disagreements(file: &StudyFile, a: usize, b: usize) -> Vec<u64> {
    let by_key = records_by_key(file);
    let mut deals = Vec::new();
    for record in file.records.iter().filter(|r| r.rule_set == a) {
        let other = by_key.get(&(b, record.deal)).copied();
        if let (Some(x), Some(y)) = (wins(record), other.and_then(wins))
            && x != y
        {
            deals.push(record.deal);
        }
    }
    deals
}

fn optional(value: Option<f64>, decimals: usize) -> String {
    value.map(|v| format!("{v:.decimals$}")).unwrap_or_else(|| "–".to_string())
}

const HEADERS: [&str; 13] = [
    "rule set", "deals", "winnable", "expert", "greedy", "score", "best", "of best", "level", "length", "unknown", "errors", "ms/deal",
];

/// The best-score column: the mean best score, marked `≥` where some of
/// it is only the best found.
pub fn best_cell(row: &Row) -> String {
    match row.mean_best {
        None => "–".to_string(),
        Some(best) if row.best_proved == row.best_games => format!("{best:.0}"),
        Some(best) => format!("≥ {best:.0}"),
    }
}

/// The fair player's score as a share of the best, marked `≤` where the
/// best is only the best found.
pub fn score_of_best_cell(row: &Row) -> String {
    match row.score_of_best {
        None => "–".to_string(),
        Some(share) if row.best_proved == row.best_games => format!("{:.0}%", 100.0 * share),
        Some(share) => format!("≤ {:.0}%", 100.0 * share),
    }
}

fn row_cells(row: &Row) -> Vec<String> {
    let played = |won, games| if games == 0 { "–".to_string() } else { percent_with_interval(won, games) };
    vec![
        row.name.clone(),
        row.deals.to_string(),
        played(row.winnable, row.solved),
        played(row.expert_won, row.expert_games),
        played(row.greedy_won, row.greedy_games),
        optional(row.mean_score, 0),
        best_cell(row),
        score_of_best_cell(row),
        optional(row.mean_level, 2),
        optional(row.mean_length, 1),
        if row.solved == 0 { "–".into() } else { row.unknown.to_string() },
        row.errors.to_string(),
        format!("{:.2}", row.ms_per_deal),
    ]
}

/// `table` as text columns two spaces apart: the first `left` columns
/// aligned left (names), the rest right (figures).
pub(crate) fn aligned(table: &[Vec<String>], left: usize) -> String {
    let widths: Vec<usize> =
        (0..table[0].len()).map(|c| table.iter().map(|row| row[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for row in table {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let pad = " ".repeat(widths[c] - cell.chars().count());
                if c < left { format!("{cell}{pad}") } else { format!("{pad}{cell}") }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// The human table: rows, then the paired comparison.
pub fn table(file: &StudyFile) -> String {
    let mut grid = vec![HEADERS.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    grid.extend(rows(file).iter().map(row_cells));
    let mut out = aligned(&grid, 1);
    let pairs = pairs(file);
    if !pairs.is_empty() {
        out.push_str(&format!("\npaired, by {} (same deals):\n", pairs[0].measure));
        let mut grid = vec![vec![
            "first".to_string(),
            "second".to_string(),
            "only first".to_string(),
            "only second".to_string(),
            "both".to_string(),
            "neither".to_string(),
        ]];
        for pair in &pairs {
            grid.push(vec![
                pair.first.clone(),
                pair.second.clone(),
                pair.only_first.to_string(),
                pair.only_second.to_string(),
                pair.both.to_string(),
                pair.neither.to_string(),
            ]);
        }
        out.push_str(&aligned(&grid, 1));
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

/// One line per rule set, plain numbers (fractions, not percentages).
pub fn csv(file: &StudyFile) -> String {
    let mut out = String::from(
        "rule_set,settings,deals,winnable,unknown,solved,expert_won,expert_games,greedy_won,greedy_games,mean_score,\
         mean_best_score,best_games,best_proved,score_of_best,mean_level,mean_length,errors,ms_per_deal\n",
    );
    for row in rows(file) {
        let opt = |v: Option<f64>| v.map(|v| format!("{v:.4}")).unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}\n",
            csv_field(&row.name),
            csv_field(&row.settings),
            row.deals,
            row.winnable,
            row.unknown,
            row.solved,
            row.expert_won,
            row.expert_games,
            row.greedy_won,
            row.greedy_games,
            opt(row.mean_score),
            opt(row.mean_best),
            row.best_games,
            row.best_proved,
            opt(row.score_of_best),
            opt(row.mean_level),
            opt(row.mean_length),
            row.errors,
            row.ms_per_deal
        ));
    }
    out
}

pub fn json(file: &StudyFile) -> Result<String> {
    Ok(serde_json::to_string_pretty(file)? + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{ExpertConfig, PlayRecord};
    use crate::study::RuleSetLabel;

    fn played(won: bool, score: i64) -> Option<PlayRecord> {
        Some(PlayRecord { won, score: Some(score), level: None, moves: 10 })
    }

    fn study(records: Vec<DealRecord>) -> StudyFile {
        let label = RuleSetLabel { name: "r".into(), plugin: "p".into(), plugin_version: "1.0.0".into(), settings: String::new() };
        let deals = records.len() as u64;
        StudyFile {
            format: crate::study::FORMAT,
            rule_sets: vec![label],
            players: vec![],
            budget: 1,
            best_budget: 1,
            expert: ExpertConfig::default(),
            from: 1,
            deals,
            shard: None,
            records,
        }
    }

    fn record(deal: u64, expert: Option<PlayRecord>, greedy: Option<PlayRecord>) -> DealRecord {
        DealRecord { rule_set: 0, deal, solver: None, expert, greedy, best: None, error: None, micros: 0 }
    }

    /// What the guide says of the score column: the mean final score
    /// (`Status::with_score`) of the expert's games, won and lost alike;
    /// of the greedy player's when the expert did not play.
    #[test]
    fn the_score_column_is_the_mean_final_score_of_the_strongest_player() {
        let both = study(vec![record(1, played(true, 30), played(true, 100)), record(2, played(false, 10), played(false, 100))]);
        assert_eq!(rows(&both)[0].mean_score, Some(20.0), "the expert's, lost games included");
        let greedy_only = study(vec![record(1, None, played(true, 7)), record(2, None, played(false, 1))]);
        assert_eq!(rows(&greedy_only)[0].mean_score, Some(4.0));
        let unscored = study(vec![record(1, Some(PlayRecord { won: true, score: None, level: None, moves: 3 }), None)]);
        assert_eq!(rows(&unscored)[0].mean_score, None, "no score: an empty column");
    }
}
