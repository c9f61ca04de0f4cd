//! Measured difficulty: per rule set, how often the solver proves a deal
//! winnable and how often the expert player wins, with 95% intervals, and
//! the plain word (easy / medium / hard / very hard) those numbers earn.
//!
//! The numbers come from study files — the JSON that `patience compare
//! --format json` writes — kept in `rulesets/difficulty/` in the
//! repository (made by the commands in `docs/architecture.md`, "The
//! difficulty files") and built into the binary as counts per rule set
//! ([`Difficulty::bundled`]); more can be put in `difficulty/` beside any
//! rule set folder ([`Difficulty::add_dirs`]). A rule set is matched to its figures by plugin and option
//! values (every option, defaults filled in), never by name, so a custom
//! rule set that happens to equal a studied one gets its figures too.
//! [`check_drift`] re-runs the first deals of a file with the plugins at
//! hand and names every record that came out differently.

use crate::choices::Choice;
use anyhow::{bail, Context, Result};
use patience_compare::players::PlayerKind;
use patience_compare::stats::wilson_interval;
use patience_compare::study::{self, StudyFile};
use patience_compare::{report, Study};
use patience_engine::options::{OptionSpec, OptionValue};
use patience_runtime::{Catalog, RuleSet};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// The folder, inside a rule set directory, that holds the study files.
pub const STUDY_DIR: &str = "difficulty";

/// The words and where they start, all in one place. The word is decided
/// by the lower end of the expert's 95% interval — what a fair, careful
/// player can count on — so a rule set is only called easy when the
/// measurement shows it, not when it merely might be. (The solver's
/// winnable % is always at least the expert's, so it never makes a rule
/// set sound harder than this.)
pub const WORDS: [(Word, f64); 4] = [(Word::Easy, 0.50), (Word::Medium, 0.20), (Word::Hard, 0.03), (Word::VeryHard, 0.0)];

/// The words of a game that keeps a score, by what share of the best
/// score a deal allows the expert reaches (its mean score over the mean
/// best, on the same deals). A scoring game is rarely won outright
/// (Speedpyramid's five levels), and its score says how far a player got
/// and how well; the share reads it against what was possible.
pub const SCORE_WORDS: [(Word, f64); 4] = [(Word::Easy, 0.50), (Word::Medium, 0.25), (Word::Hard, 0.10), (Word::VeryHard, 0.0)];

/// "Well over half": a first game for a newcomer must be winnable with a
/// 95% interval that starts at 60% or higher — and the expert must win it
/// a fair share of the time (its word easy or medium): the solver sees
/// every hidden card, so a rule set it wins on every deal can still be one
/// a player never finishes (a bundled one is exactly that).
pub const KIND_WINNABLE_FROM: f64 = 0.60;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Word {
    Easy,
    Medium,
    Hard,
    VeryHard,
}

impl Word {
    pub fn text(self) -> &'static str {
        match self {
            Word::Easy => "easy",
            Word::Medium => "medium",
            Word::Hard => "hard",
            Word::VeryHard => "very hard",
        }
    }
}

/// One rule set's measured numbers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Deals the solver looked at, and those it proved winnable (an
    /// undecided deal counts as not proven).
    pub solved: u64,
    pub winnable: u64,
    /// Deals the solver left undecided: the winnable figure is then a
    /// lower bound, and the text says so.
    pub undecided: u64,
    /// Games the expert played, and won.
    pub expert_games: u64,
    pub expert_won: u64,
    /// A game that keeps a score: what the expert and the best-score
    /// search reached (all zero for a game without one).
    pub scores: ScoreFigures,
}

/// What a study of a scoring game measured, as sums (so that studies add
/// up): the expert's final scores and levels, and the best scores found.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreFigures {
    /// The expert's games that ended with a score; the sum of those
    /// scores, and of the levels the games ended in.
    pub expert_games: u64,
    pub expert_sum: i64,
    pub expert_levels: u64,
    /// Deals the best-score search looked at; the sum of the best scores
    /// it found; on how many that score is proved the best.
    pub best_deals: u64,
    pub best_sum: i64,
    pub best_proved: u64,
    /// On the deals that have both: the expert's score sum and the best.
    pub paired_expert: i64,
    pub paired_best: i64,
}

impl ScoreFigures {
    fn add(&mut self, other: ScoreFigures) {
        self.expert_games += other.expert_games;
        self.expert_sum += other.expert_sum;
        self.expert_levels += other.expert_levels;
        self.best_deals += other.best_deals;
        self.best_sum += other.best_sum;
        self.best_proved += other.best_proved;
        self.paired_expert += other.paired_expert;
        self.paired_best += other.paired_best;
    }

    /// Whether the best score was measured: the figures of a scoring game.
    pub fn measured(&self) -> bool {
        self.best_deals > 0 && self.paired_best > 0
    }

    /// The expert's score as a share of the best score, on the same deals.
    /// Where the best is only the best found, the share is at most this.
    pub fn share(&self) -> Option<f64> {
        (self.paired_best > 0).then(|| self.paired_expert as f64 / self.paired_best as f64)
    }

    pub fn proved(&self) -> bool {
        self.best_proved == self.best_deals
    }

    /// `expert reaches level 2.7, scores 1,930 · best ≥ 22,714 of 500
    /// deals (expert ≤ 9% of it)`
    pub fn text(&self) -> String {
        let mean = |sum: i64, count: u64| sum as f64 / count.max(1) as f64;
        let expert = if self.expert_games == 0 {
            "expert: not measured".to_string()
        } else {
            let level = self.expert_levels as f64 / self.expert_games as f64;
            format!("expert reaches level {level:.1}, scores {}", thousands(mean(self.expert_sum, self.expert_games)))
        };
        let (at_least, at_most) = if self.proved() { ("", "") } else { ("≥ ", "≤ ") };
        let best = format!("best {at_least}{} of {} deals", thousands(mean(self.best_sum, self.best_deals)), self.best_deals);
        match self.share() {
            Some(share) if self.expert_games > 0 => format!("{expert} · {best} (expert {at_most}{:.0}% of it)", 100.0 * share),
            _ => format!("{expert} · {best}"),
        }
    }
}

/// `22,714`
fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.abs());
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    if value < -0.5 { format!("-{out}") } else { out }
}

impl Figures {
    fn add(&mut self, other: Figures) {
        self.solved += other.solved;
        self.winnable += other.winnable;
        self.undecided += other.undecided;
        self.expert_games += other.expert_games;
        self.expert_won += other.expert_won;
        self.scores.add(other.scores);
    }

    pub fn winnable_rate(&self) -> Option<f64> {
        (self.solved > 0).then(|| self.winnable as f64 / self.solved as f64)
    }

    pub fn expert_rate(&self) -> Option<f64> {
        (self.expert_games > 0).then(|| self.expert_won as f64 / self.expert_games as f64)
    }

    /// The word: for a scoring game whose best scores were measured, from
    /// the expert's share of them ([`SCORE_WORDS`]); otherwise from the
    /// expert's wins ([`WORDS`]). None without expert games.
    pub fn word(&self) -> Option<Word> {
        if self.expert_games == 0 {
            return None;
        }
        if self.scores.measured() {
            let share = self.scores.share()?;
            return SCORE_WORDS.iter().find(|(_, from)| share >= *from).map(|(word, _)| *word);
        }
        let (low, _) = wilson_interval(self.expert_won, self.expert_games);
        WORDS.iter().find(|(_, from)| low >= *from).map(|(word, _)| *word)
    }

    /// Winnable well over half the time, and won by the expert a fair
    /// share of it (see [`KIND_WINNABLE_FROM`]).
    pub fn is_kind(&self) -> bool {
        let winnable = self.solved > 0 && wilson_interval(self.winnable, self.solved).0 >= KIND_WINNABLE_FROM;
        winnable && matches!(self.word(), Some(Word::Easy | Word::Medium))
    }

    /// `winnable 66% [64–68] of 2000 deals`; where the solver left deals
    /// open the share is a lower bound, and says so: `winnable at least
    /// 65% [63–67] of 2000 deals, 179 undecided`.
    pub fn winnable_text(&self) -> String {
        if self.solved == 0 {
            return "winnable: not measured".to_string();
        }
        let share = percent(self.winnable, self.solved);
        match self.undecided {
            0 => format!("winnable {share} of {} deals", self.solved),
            undecided => format!("winnable at least {share} of {} deals, {undecided} undecided", self.solved),
        }
    }

    /// `expert wins 59% [56–61] of 500`
    pub fn expert_text(&self) -> String {
        if self.expert_games == 0 {
            return "expert: not measured".to_string();
        }
        format!("expert wins {} of {}", percent(self.expert_won, self.expert_games), self.expert_games)
    }

    /// `winnable 66% [64–68] of 2000 deals · expert wins 59% [56–61] of 500`:
    /// the numbers of a menu entry. A scoring game's say what the expert
    /// reaches against the best instead of how often it wins.
    pub fn numbers_text(&self) -> String {
        if self.scores.measured() {
            return format!("{} · {}", self.winnable_text(), self.scores.text());
        }
        format!("{} · {}", self.winnable_text(), self.expert_text())
    }
}

/// What the menu says of a rule set's difficulty, as one line of text:
/// `easy · winnable 66% [64–68] of 2000 deals · expert wins 70% [66–74] of
/// 500`, or `difficulty not measured` (what `patience list` prints).
pub fn difficulty_line(figures: Option<&Figures>) -> String {
    match figures {
        None => NOT_MEASURED.to_string(),
        Some(figures) => match figures.word() {
            Some(word) => format!("{} · {}", word.text(), figures.numbers_text()),
            None => figures.numbers_text(),
        },
    }
}

/// What an entry without figures says.
pub const NOT_MEASURED: &str = "difficulty not measured";

/// `66% [64–68]`, with a decimal near 0% and 100%, where whole percents
/// would hide the interval.
fn percent(successes: u64, trials: u64) -> String {
    let (low, high) = wilson_interval(successes, trials);
    let rate = successes as f64 / trials as f64;
    let digits = if high < 0.1 || low > 0.99 { 1 } else { 0 };
    format!("{:.digits$}% [{:.digits$}–{:.digits$}]", 100.0 * rate, 100.0 * low, 100.0 * high)
}

/// Every rule set's figures, by plugin and options, and the studies they
/// were added up from.
#[derive(Clone, Debug, Default)]
pub struct Difficulty {
    figures: BTreeMap<String, Figures>,
    studies: Vec<HeldStudy>,
}

/// A study taken in: its file name, whether it was built into the binary,
/// and its line per rule set — what tells a copy of it from another study.
#[derive(Clone, Debug, PartialEq)]
struct HeldStudy {
    file_name: String,
    bundled: bool,
    rows: Vec<StudiedRow>,
}

/// One rule set's line of a study: how it was named and set up, and its
/// counts.
#[derive(Clone, Debug, PartialEq)]
struct StudiedRow {
    name: String,
    plugin: String,
    settings: String,
    figures: Figures,
}

impl From<&patience_bundled_rulesets::StudiedRuleSet> for StudiedRow {
    fn from(line: &patience_bundled_rulesets::StudiedRuleSet) -> StudiedRow {
        StudiedRow {
            name: line.name.to_string(),
            plugin: line.plugin.to_string(),
            settings: line.settings.to_string(),
            figures: Figures {
                solved: line.solved,
                winnable: line.winnable,
                undecided: line.unknown,
                expert_games: line.expert_games,
                expert_won: line.expert_won,
                scores: ScoreFigures {
                    expert_games: line.expert_scored,
                    expert_sum: line.expert_score_sum,
                    expert_levels: line.expert_level_sum,
                    best_deals: line.best_deals,
                    best_sum: line.best_score_sum,
                    best_proved: line.best_proved,
                    paired_expert: line.paired_expert_sum,
                    paired_best: line.paired_best_sum,
                },
            },
        }
    }
}

/// A study file's lines, counted as `patience compare` reports them (and
/// as `patience-bundled-rulesets` sums them up at build time).
fn rows_of(file: &StudyFile) -> Vec<StudiedRow> {
    file.rule_sets
        .iter()
        .enumerate()
        .zip(report::rows(file))
        .map(|((index, label), row)| StudiedRow {
            name: label.name.clone(),
            plugin: label.plugin.clone(),
            settings: label.settings.clone(),
            figures: Figures {
                solved: row.solved,
                winnable: row.winnable,
                undecided: row.unknown,
                expert_games: row.expert_games,
                expert_won: row.expert_won,
                scores: score_figures(file, index),
            },
        })
        .collect()
}

/// The score sums of rule set `index` of `file`.
fn score_figures(file: &StudyFile, index: usize) -> ScoreFigures {
    let mut scores = ScoreFigures::default();
    for record in file.records.iter().filter(|record| record.rule_set == index) {
        let expert = record.expert.as_ref().and_then(|play| Some((play.score?, play.level.unwrap_or(0))));
        if let Some((score, level)) = expert {
            scores.expert_games += 1;
            scores.expert_sum += score;
            scores.expert_levels += u64::from(level);
        }
        if let Some(best) = &record.best {
            scores.best_deals += 1;
            scores.best_sum += best.score;
            scores.best_proved += u64::from(best.proved());
            if let Some((score, _)) = expert {
                scores.paired_expert += score;
                scores.paired_best += best.score;
            }
        }
    }
    scores
}

impl Difficulty {
    /// The figures built into the binary: the repository's study files as
    /// they were at build time (`patience-bundled-rulesets`), so a binary
    /// copied anywhere still knows them. One sentence for every rule set
    /// the plugins at hand no longer take.
    pub fn bundled(catalog: &Catalog) -> (Difficulty, Vec<String>) {
        let mut difficulty = Difficulty::default();
        let mut problems = Vec::new();
        for study in patience_bundled_rulesets::STUDIES {
            let rows = study.rule_sets.iter().map(StudiedRow::from).collect();
            let said = difficulty.add_rows(study.file_name, true, rows, catalog);
            problems.extend(said.into_iter().map(|problem| format!("bundled study {}: {problem}", study.file_name)));
        }
        (difficulty, problems)
    }

    /// The study files in `DIR/difficulty/*.json` of each rule set
    /// directory, and one sentence for every file that could not be used
    /// (the file is left as it is).
    pub fn load(rule_set_dirs: &[PathBuf], catalog: &Catalog) -> (Difficulty, Vec<String>) {
        let mut difficulty = Difficulty::default();
        let problems = difficulty.add_dirs(rule_set_dirs, catalog);
        (difficulty, problems)
    }

    /// Takes in the study files of `DIR/difficulty/*.json` of each rule set
    /// directory (see [`Difficulty::load`]). A file that is a copy of a
    /// study already taken in (the repository's own files, beside the
    /// figures built from them) is skipped quietly; one named like a
    /// built-in study but holding other figures is skipped and named — the
    /// built-in figures are the ones the binary was made with.
    pub fn add_dirs(&mut self, rule_set_dirs: &[PathBuf], catalog: &Catalog) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = Vec::new();
        for dir in rule_set_dirs {
            // The same directory named twice must not count twice.
            let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if seen.contains(&canonical) {
                continue;
            }
            seen.push(canonical);
            for path in json_files(&dir.join(STUDY_DIR)) {
                let file = match read_study(&path) {
                    Ok(file) => file,
                    Err(error) => {
                        problems.push(format!("Difficulty figures not loaded: {error:#}"));
                        continue;
                    }
                };
                let rows = rows_of(&file);
                let file_name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
                // A copy of a study already held (the files beside the
                // binary are those built into it); a study of other deals
                // that happens to sum up alike has another name.
                if self.studies.iter().any(|held| held.rows == rows && held.file_name == file_name) {
                    continue;
                }
                if self.studies.iter().any(|held| held.bundled && held.file_name == file_name) {
                    problems.push(format!(
                        "Difficulty figures not loaded: {} differs from the study {file_name} built into this program, whose figures are shown (rename the file to add its figures)",
                        path.display()
                    ));
                    continue;
                }
                let said = self.add_rows(&file_name, false, rows, catalog);
                problems.extend(said.into_iter().map(|problem| format!("{}: {problem}", path.display())));
            }
        }
        problems
    }

    /// Takes in a study's numbers; rule sets of plugins that are not loaded
    /// are skipped, and one whose settings the plugin no longer takes is
    /// named in the answer.
    pub fn add_study(&mut self, file: &StudyFile, catalog: &Catalog) -> Vec<String> {
        self.add_rows("", false, rows_of(file), catalog)
    }

    fn add_rows(&mut self, file_name: &str, bundled: bool, rows: Vec<StudiedRow>, catalog: &Catalog) -> Vec<String> {
        let mut problems = Vec::new();
        // A plugin's defaults and a rule set file naming the same values
        // are one rule set played twice on the same deals: count it once.
        let mut seen = Vec::new();
        for row in &rows {
            let Some(plugin) = catalog.find(&row.plugin) else { continue };
            let options = match parse_settings(&row.settings, &plugin.info.options) {
                Ok(options) => options,
                Err(error) => {
                    problems.push(format!("rule set “{}” skipped: {error}", row.name));
                    continue;
                }
            };
            let key = key(&row.plugin, &options, &plugin.info.options);
            if seen.contains(&key) {
                continue;
            }
            self.figures.entry(key.clone()).or_default().add(row.figures);
            seen.push(key);
        }
        self.studies.push(HeldStudy { file_name: file_name.to_string(), bundled, rows });
        problems
    }

    /// Measured figures for `rule_set` (some for a measured plugin only).
    pub fn figures(&self, rule_set: &RuleSet, catalog: &Catalog) -> Option<Figures> {
        let plugin = catalog.find(&rule_set.plugin)?;
        self.figures.get(&key(&rule_set.plugin, &rule_set.options, &plugin.info.options)).copied()
    }

    /// Remembers figures measured in the app.
    pub fn insert(&mut self, rule_set: &RuleSet, catalog: &Catalog, figures: Figures) {
        if let Some(plugin) = catalog.find(&rule_set.plugin) {
            self.figures.insert(key(&rule_set.plugin, &rule_set.options, &plugin.info.options), figures);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.figures.is_empty()
    }

    /// The choice a newcomer should start with: of the `candidates`
    /// (indices into `choices`, in the menu's order) winnable well over
    /// half the time and fairly often won ([`Figures::is_kind`]), the one
    /// a fair player wins most often (the best expert %); a tie goes to
    /// the better winnable %, then to the menu's order. None when nothing
    /// there measured is kind enough.
    pub fn kindest(&self, choices: &[Choice], candidates: &[usize], catalog: &Catalog) -> Option<(usize, Figures)> {
        let mut best: Option<(usize, Figures)> = None;
        for (index, choice) in candidates.iter().map(|&index| (index, &choices[index])) {
            let Some(figures) = self.figures(&choice.rule_set, catalog).filter(Figures::is_kind) else { continue };
            let rank = |f: &Figures| (f.expert_rate().unwrap_or(0.0), f.winnable_rate().unwrap_or(0.0));
            if best.as_ref().is_none_or(|(_, held)| rank(&figures) > rank(held)) {
                best = Some((index, figures));
            }
        }
        best
    }
}

/// A study file, or an error saying which file and what is wrong with it.
pub fn read_study(path: &Path) -> Result<StudyFile> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}: cannot read the study file", path.display()))?;
    parse_study(&text).with_context(|| format!("{}", path.display()))
}

/// A study file from its text: the JSON of `patience compare --format
/// json`, of one whole study (a single shard is refused: merge first).
pub fn parse_study(text: &str) -> Result<StudyFile> {
    let file: StudyFile = serde_json::from_str(text).context("not a study file of `patience compare --format json`")?;
    if file.format != study::FORMAT {
        bail!("study format {} — this version reads format {}", file.format, study::FORMAT);
    }
    if let Some((index, count)) = file.shard {
        bail!("only shard {index} of {count}: join the shards with `patience merge` first");
    }
    Ok(file)
}

/// `passes=3, win=all` (a study's settings column) as option values.
pub fn parse_settings(settings: &str, specs: &[OptionSpec]) -> Result<Vec<(String, OptionValue)>, String> {
    let mut options = Vec::new();
    for part in settings.split(", ").filter(|part| !part.trim().is_empty()) {
        let Some((name, value)) = part.split_once('=') else { return Err(format!("`{part}` is not name=value")) };
        let Some(spec) = specs.iter().find(|spec| spec.name == name.trim()) else {
            return Err(format!("the plugin has no option `{}`", name.trim()));
        };
        options.push((spec.name.clone(), spec.parse(value).map_err(|why| format!("option `{name}`: {why}"))?));
    }
    Ok(options)
}

/// `plugin:name=value,…` over every option of the plugin, in spec order,
/// with defaults filled in: two rule sets with the same key play the same.
fn key(plugin: &str, options: &[(String, OptionValue)], specs: &[OptionSpec]) -> String {
    let values: Vec<String> = specs
        .iter()
        .map(|spec| {
            let value = options.iter().find(|(name, _)| name == &spec.name).map_or(&spec.default, |(_, value)| value);
            format!("{}={value}", spec.name)
        })
        .collect();
    format!("{plugin}:{}", values.join(","))
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

/// Plays the first `solver_deals` deals of every rule set in `file` again
/// with the solver (and the first `expert_deals` with the expert, where the
/// file has expert records), with the plugins in `catalog`, under the
/// file's budgets. Returns one line per record that came out differently
/// in what the figures are made of: whether the solver proves the deal
/// winnable, and the expert's whole game (won, score, level, moves). Not
/// compared: the solver's line length, node count and time — the path its
/// search happened to take, which work on its speed changes (a draw-three
/// line went from 34 to 35 moves that way) — and an "unknown" that a
/// stronger solver now decides as not winnable, which leaves the winnable
/// figure as it was (an unknown that turns winnable is reported).
pub fn check_drift(file: &StudyFile, catalog: &Catalog, solver_deals: u64, expert_deals: u64, jobs: usize) -> Result<Vec<String>> {
    let mut rule_sets = Vec::new();
    for label in &file.rule_sets {
        let plugin = catalog.find(&label.plugin).with_context(|| format!("no plugin `{}` for rule set “{}”", label.plugin, label.name))?;
        let options = parse_settings(&label.settings, &plugin.info.options).map_err(anyhow::Error::msg)?;
        let rule_set = RuleSet { name: label.name.clone(), options, ..RuleSet::defaults(&label.plugin) };
        rule_sets.push((rule_set, plugin.clone()));
    }
    let mut differences = Vec::new();
    for (player, deals) in [(PlayerKind::Solver, solver_deals), (PlayerKind::Expert, expert_deals)] {
        if !file.players.contains(&player) || deals == 0 {
            continue;
        }
        let study = Study {
            rule_sets: rule_sets.clone(),
            from: file.from,
            deals: deals.min(file.deals),
            players: vec![player],
            budget: file.budget,
            best_budget: file.best_budget,
            expert: file.expert,
            shard: None,
        };
        let again = study.run(jobs, &|| (), &AtomicBool::new(false))?;
        for record in &again.records {
            let name = &file.rule_sets[record.rule_set].name;
            let Some(old) = file.records.iter().find(|r| r.rule_set == record.rule_set && r.deal == record.deal) else {
                differences.push(format!("“{name}” deal {}: missing from the file", record.deal));
                continue;
            };
            let same = match player {
                PlayerKind::Solver => {
                    let answer = |r: &study::DealRecord| r.solver.as_ref().map(|s| s.verdict == "winnable");
                    answer(old) == answer(record)
                }
                _ => old.expert == record.expert,
            };
            if !same || old.error != record.error {
                differences.push(format!(
                    "“{name}” deal {} ({player:?}): the file says {} but the plugin now gives {}",
                    record.deal,
                    describe(old, player),
                    describe(record, player)
                ));
            }
        }
    }
    Ok(differences)
}

fn describe(record: &study::DealRecord, player: PlayerKind) -> String {
    if let Some(error) = &record.error {
        return format!("an error ({error})");
    }
    match player {
        PlayerKind::Solver => record.solver.as_ref().map_or("nothing".to_string(), |s| match s.length {
            Some(length) => format!("{} in {length} moves", s.verdict),
            None => s.verdict.clone(),
        }),
        _ => record.expert.as_ref().map_or("nothing".to_string(), |p| format!("{p:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(expert_won: u64, expert_games: u64) -> Figures {
        Figures { solved: 100, winnable: 90, undecided: 0, expert_games, expert_won, ..Figures::default() }
    }

    #[test]
    fn the_word_follows_the_lower_end_of_the_experts_interval() {
        assert_eq!(figures(300, 500).word(), Some(Word::Easy));
        // 52% of 100: the interval reaches below half, so not "easy".
        assert_eq!(figures(52, 100).word(), Some(Word::Medium));
        assert_eq!(figures(65, 500).word(), Some(Word::Hard));
        assert_eq!(figures(4, 500).word(), Some(Word::VeryHard));
        assert_eq!(figures(0, 0).word(), None);
    }

    #[test]
    fn kind_means_winnable_well_over_half_with_room_for_chance() {
        let kind = Figures { solved: 2000, winnable: 1400, undecided: 0, expert_games: 100, expert_won: 45, ..Figures::default() };
        assert!(kind.is_kind());
        let borderline = Figures { solved: 100, winnable: 62, ..kind };
        assert!(!borderline.is_kind(), "62 of 100 might be 52%");
        let never_won = Figures { solved: 2000, winnable: 2000, undecided: 0, expert_games: 100, expert_won: 0, ..Figures::default() };
        assert!(!never_won.is_kind(), "the solver wins, players do not");
        let unplayed = Figures { expert_games: 0, expert_won: 0, ..kind };
        assert!(!unplayed.is_kind(), "no expert figures, no promise");
        assert!(!Figures::default().is_kind());
    }

    #[test]
    fn percentages_keep_a_decimal_only_where_they_are_tiny() {
        assert_eq!(Figures { solved: 2000, winnable: 1316, ..Figures::default() }.winnable_text(), "winnable 66% [64–68] of 2000 deals");
        assert_eq!(Figures { solved: 2000, winnable: 2, ..Figures::default() }.winnable_text(), "winnable 0.1% [0.0–0.4] of 2000 deals");
        assert_eq!(Figures { solved: 2000, winnable: 2000, ..Figures::default() }.winnable_text(), "winnable 100.0% [99.8–100.0] of 2000 deals");
        assert_eq!(
            Figures { solved: 2000, winnable: 1304, undecided: 179, ..Figures::default() }.winnable_text(),
            "winnable at least 65% [63–67] of 2000 deals, 179 undecided"
        );
    }

    #[test]
    fn the_line_of_text_says_the_word_then_the_numbers() {
        let measured = Figures { solved: 2000, winnable: 1336, undecided: 0, expert_games: 500, expert_won: 351, ..Figures::default() };
        assert_eq!(difficulty_line(Some(&measured)), "easy · winnable 67% [65–69] of 2000 deals · expert wins 70% [66–74] of 500");
        let solver_only = Figures { expert_games: 0, expert_won: 0, ..measured };
        assert_eq!(difficulty_line(Some(&solver_only)), "winnable 67% [65–69] of 2000 deals · expert: not measured");
        assert_eq!(difficulty_line(None), "difficulty not measured");
    }

    /// A scoring game's word and line read from the expert's share of the
    /// best score, never from its wins (none, in Speedpyramid).
    #[test]
    fn a_scoring_game_is_worded_by_the_share_of_the_best_score_the_expert_reaches() {
        let scores = ScoreFigures {
            expert_games: 500,
            expert_sum: 500 * 1930,
            expert_levels: 500 * 27 / 10,
            best_deals: 500,
            best_sum: 500 * 22714,
            best_proved: 3,
            paired_expert: 500 * 1930,
            paired_best: 500 * 22714,
        };
        let never_won = Figures { solved: 2000, winnable: 1848, undecided: 152, expert_games: 500, expert_won: 0, scores };
        assert_eq!(never_won.word(), Some(Word::VeryHard), "8% of the best");
        assert_eq!(
            difficulty_line(Some(&never_won)),
            "very hard · winnable at least 92% [91–93] of 2000 deals, 152 undecided · expert reaches level 2.7, scores 1,930 · \
             best ≥ 22,714 of 500 deals (expert ≤ 8% of it)"
        );
        let closer = Figures { scores: ScoreFigures { paired_expert: 500 * 6000, ..scores }, ..never_won };
        assert_eq!(closer.word(), Some(Word::Medium), "26% of the best");
        let proved = ScoreFigures { best_proved: 500, ..scores };
        assert!(proved.text().ends_with("best 22,714 of 500 deals (expert 8% of it)"), "{}", proved.text());
        let unmeasured = Figures { scores: ScoreFigures::default(), ..never_won };
        assert_eq!(unmeasured.word(), Some(Word::VeryHard), "without best scores: by wins");
        assert!(unmeasured.numbers_text().contains("expert wins 0.0%"));
    }

    #[test]
    fn settings_parse_against_the_specs_and_bad_ones_are_named() {
        let specs = vec![OptionSpec::choice("passes", &["1", "2", "3"], "1", "passes"), OptionSpec::flag("face_down", false, "face down")];
        assert_eq!(parse_settings("passes=3", &specs).unwrap(), vec![("passes".to_string(), OptionValue::Choice("3".into()))]);
        assert_eq!(key("p", &[], &specs), "p:passes=1,face_down=false");
        assert!(parse_settings("passes=7", &specs).unwrap_err().contains("passes"));
        assert!(parse_settings("colour=red", &specs).unwrap_err().contains("colour"));
    }

    #[test]
    fn a_broken_or_partial_study_file_is_refused_with_a_reason() {
        let error = format!("{:#}", parse_study("{\"format\": 1, \"rule_sets\": [").unwrap_err());
        assert!(error.contains("not a study file"), "{error}");
        let shard = r#"{"format":1,"rule_sets":[],"players":["solver"],"budget":1,"expert":{"samples":1,"budget":1},"from":1,"deals":2,"shard":[1,2],"records":[]}"#;
        assert!(format!("{:#}", parse_study(shard).unwrap_err()).contains("patience merge"));
    }
}
