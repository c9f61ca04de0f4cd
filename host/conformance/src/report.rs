//! The conformance report: one entry per check, each failure saying what
//! went wrong, where (deal and move) and how to see it again.

use std::fmt;

/// The checks, in the order they run and are reported.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CheckId {
    /// The component loads, is a patience plugin and instantiates.
    Load,
    /// Info and option specs are sane; every declared option value starts a game.
    Info,
    /// The same deal and moves give the same answers, every time.
    Determinism,
    /// Every layout, move list, HUD and status is valid and consistent.
    Layouts,
    /// Every listed move applies; unlisted move ids are refused.
    Moves,
    /// snapshot → restore gives the identical game.
    Snapshots,
    /// Nothing shown depends on a card the player has not seen.
    HiddenCards,
    /// Calls stay well within the fuel, memory and time limits.
    Limits,
    /// Winning lines from the plugin's solver replay.
    Solver,
    /// Games saved by the previous build read back.
    SavedGames,
}

impl CheckId {
    pub const ALL: [CheckId; 10] = [
        CheckId::Load,
        CheckId::Info,
        CheckId::Determinism,
        CheckId::Layouts,
        CheckId::Moves,
        CheckId::Snapshots,
        CheckId::HiddenCards,
        CheckId::Limits,
        CheckId::Solver,
        CheckId::SavedGames,
    ];

    /// The short name printed in the report (and matched by tests).
    pub fn name(self) -> &'static str {
        match self {
            CheckId::Load => "load",
            CheckId::Info => "info",
            CheckId::Determinism => "determinism",
            CheckId::Layouts => "layouts",
            CheckId::Moves => "moves",
            CheckId::Snapshots => "snapshots",
            CheckId::HiddenCards => "hidden cards",
            CheckId::Limits => "limits",
            CheckId::Solver => "solver",
            CheckId::SavedGames => "saved games",
        }
    }
}

/// How a game was dealt, for "where" and for reproducing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealRef {
    Seed(u64),
    /// An explicit deck (the hidden-card check deals those), in notation.
    Deck(String),
}

impl fmt::Display for DealRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealRef::Seed(seed) => write!(f, "deal {seed}"),
            DealRef::Deck(_) => write!(f, "an explicit deck"),
        }
    }
}

/// Where a failure showed: which game, after how many moves.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Place {
    pub deal: Option<DealRef>,
    /// Non-default settings of that game, as `name=value`.
    pub settings: Vec<String>,
    /// Moves played before the problem showed (0: at the start).
    pub moves_played: Option<u32>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(deal) = &self.deal {
            parts.push(deal.to_string());
        }
        if !self.settings.is_empty() {
            parts.push(format!("with {}", self.settings.join(", ")));
        }
        match self.moves_played {
            Some(0) => parts.push("at the start".to_string()),
            Some(n) => parts.push(format!("after move {n}")),
            None => {}
        }
        write!(f, "{}", parts.join(", "))
    }
}

/// One thing that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What is wrong, in one or two sentences.
    pub what: String,
    pub place: Place,
    /// Command lines that show the problem (`patience … play …`).
    pub reproduce: Vec<String>,
}

impl Failure {
    pub fn new(what: impl Into<String>) -> Failure {
        Failure { what: what.into(), place: Place::default(), reproduce: Vec::new() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    /// Could not run, with the reason (not a failure).
    Skipped(String),
}

/// The result of one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    pub id: CheckId,
    /// What was covered: "200 games, 8123 positions".
    pub covered: String,
    /// The first failures (see [`MAX_FAILURES_SHOWN`]).
    pub failures: Vec<Failure>,
    /// Failures beyond those kept.
    pub more_failures: usize,
    /// Worth knowing, but not failures (e.g. close to a limit).
    pub warnings: Vec<String>,
    pub skipped: Option<String>,
}

/// Failures kept per check: the first few say enough.
pub const MAX_FAILURES_SHOWN: usize = 5;

impl CheckResult {
    pub fn new(id: CheckId) -> CheckResult {
        CheckResult { id, covered: String::new(), failures: Vec::new(), more_failures: 0, warnings: Vec::new(), skipped: None }
    }

    pub fn verdict(&self) -> Verdict {
        if !self.failures.is_empty() {
            Verdict::Fail
        } else if let Some(reason) = &self.skipped {
            Verdict::Skipped(reason.clone())
        } else {
            Verdict::Pass
        }
    }

    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    pub fn fail(&mut self, failure: Failure) {
        // The same problem found again in another game is noise.
        if self.failures.iter().any(|known| known.what == failure.what) {
            self.more_failures += 1;
        } else if self.failures.len() < MAX_FAILURES_SHOWN {
            self.failures.push(failure);
        } else {
            self.more_failures += 1;
        }
    }
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// `golf 1.0.0 (Pyramid Golf)`, once loaded.
    pub plugin: Option<String>,
    /// Where the plugin came from (a path), if known.
    pub source: String,
    pub checks: Vec<CheckResult>,
    /// Distinct warnings and errors the plugin logged during the check
    /// (`[warn] …`, `[error] panic: …`), the first few.
    pub log: Vec<String>,
}

impl Report {
    /// True when no check failed (skipped checks do not fail).
    pub fn passed(&self) -> bool {
        self.checks.iter().all(CheckResult::passed)
    }

    pub fn check(&self, id: CheckId) -> &CheckResult {
        self.checks.iter().find(|check| check.id == id).expect("every check is in the report")
    }

    /// Every failure message, for tests and scripts.
    pub fn failure_messages(&self) -> Vec<String> {
        self.checks
            .iter()
            .flat_map(|check| check.failures.iter().map(move |f| format!("{}: {}", check.id.name(), f.what)))
            .collect()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.plugin {
            Some(plugin) => writeln!(f, "patience check: {plugin} from {}", self.source)?,
            None => writeln!(f, "patience check: {}", self.source)?,
        }
        let width = CheckId::ALL.iter().map(|id| id.name().len()).max().unwrap_or(0);
        for check in &self.checks {
            let mark = match check.verdict() {
                Verdict::Pass => "pass",
                Verdict::Fail => "FAIL",
                Verdict::Skipped(_) => "skip",
            };
            let about = match &check.skipped {
                Some(reason) if check.failures.is_empty() => reason.as_str(),
                _ => check.covered.as_str(),
            };
            writeln!(f, "  [{mark}] {:width$}  {about}", check.id.name())?;
            for failure in &check.failures {
                writeln!(f, "         - {}", failure.what)?;
                let place = failure.place.to_string();
                if !place.is_empty() {
                    writeln!(f, "           where: {place}")?;
                }
                for (index, command) in failure.reproduce.iter().enumerate() {
                    let lead = if index == 0 { "reproduce:" } else { "      and:" };
                    writeln!(f, "           {lead} {command}")?;
                }
            }
            if check.more_failures > 0 {
                writeln!(f, "         - … and {} more like these", check.more_failures)?;
            }
            for warning in &check.warnings {
                writeln!(f, "         note: {warning}")?;
            }
        }
        if !self.log.is_empty() {
            writeln!(f, "  plugin log (warnings and errors):")?;
            for line in &self.log {
                writeln!(f, "    {line}")?;
            }
        }
        let failed: Vec<&str> = self.checks.iter().filter(|c| !c.passed()).map(|c| c.id.name()).collect();
        if failed.is_empty() {
            write!(f, "result: all {} checks passed", self.checks.iter().filter(|c| c.skipped.is_none()).count())?;
            let skipped = self.checks.iter().filter(|c| c.skipped.is_some()).count();
            if skipped > 0 {
                write!(f, " ({skipped} skipped)")?;
            }
            writeln!(f)
        } else {
            writeln!(f, "result: FAILED ({})", failed.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_like_a_sentence() {
        let place = Place { deal: Some(DealRef::Seed(7)), settings: vec!["wrap=true".into()], moves_played: Some(3) };
        assert_eq!(place.to_string(), "deal 7, with wrap=true, after move 3");
        let start = Place { deal: Some(DealRef::Seed(1)), settings: vec![], moves_played: Some(0) };
        assert_eq!(start.to_string(), "deal 1, at the start");
    }

    #[test]
    fn repeated_failures_are_counted_not_listed() {
        let mut check = CheckResult::new(CheckId::Moves);
        for _ in 0..3 {
            check.fail(Failure::new("same problem"));
        }
        for n in 0..10 {
            check.fail(Failure::new(format!("problem {n}")));
        }
        assert_eq!(check.failures.len(), MAX_FAILURES_SHOWN);
        assert_eq!(check.more_failures, 2 + 10 - (MAX_FAILURES_SHOWN - 1));
        assert_eq!(check.verdict(), Verdict::Fail);
    }

    #[test]
    fn the_report_says_what_failed() {
        let mut moves = CheckResult::new(CheckId::Moves);
        moves.covered = "10 moves".into();
        let mut failure = Failure::new("move `Kh` does not apply");
        failure.place = Place { deal: Some(DealRef::Seed(4)), settings: vec![], moves_played: Some(2) };
        failure.reproduce.push("patience play x --seed 4".into());
        moves.fail(failure);
        let mut solver = CheckResult::new(CheckId::Solver);
        solver.skipped = Some("no solver".into());
        let log = vec!["[warn] odd deal".to_string()];
        let report = Report { plugin: Some("x 1.0.0".into()), source: "x.wasm".into(), checks: vec![moves, solver], log };
        let text = report.to_string();
        assert!(!report.passed());
        assert!(text.contains("[FAIL] moves"), "{text}");
        assert!(text.contains("where: deal 4, after move 2"), "{text}");
        assert!(text.contains("reproduce: patience play x --seed 4"), "{text}");
        assert!(text.contains("[skip] solver"), "{text}");
        assert!(text.contains("result: FAILED (moves)"), "{text}");
        assert!(text.contains("plugin log (warnings and errors):\n    [warn] odd deal"), "{text}");
        assert_eq!(report.failure_messages(), ["moves: move `Kh` does not apply"]);
    }
}
