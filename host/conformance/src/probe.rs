//! Calling the plugin through the real runtime: every call is timed, and
//! every game remembers how it got where it is, so a failure can say where
//! it happened and how to see it again.

use crate::report::{DealRef, Failure, Place};
use crate::Config;
use patience_engine::card::format_cards;
use patience_engine::deal::Deal;
use patience_engine::options::OptionValue;
use patience_engine::deal::DealRng;
use patience_engine::layout::Status;
use patience_runtime::{Game, GameError, LoadedPlugin, Move};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long one kind of call took, over the whole check.
#[derive(Clone, Debug, Default)]
pub struct CallTime {
    pub count: u64,
    pub total: Duration,
    pub slowest: Duration,
    pub slowest_at: Place,
}

/// Call times by contract function (`layout`, `moves`, …).
#[derive(Clone, Debug, Default)]
pub struct Timings {
    pub calls: BTreeMap<&'static str, CallTime>,
}

impl Timings {
    fn record(&mut self, call: &'static str, took: Duration, place: impl FnOnce() -> Place) {
        let entry = self.calls.entry(call).or_default();
        entry.count += 1;
        entry.total += took;
        if took > entry.slowest {
            entry.slowest = took;
            entry.slowest_at = place();
        }
    }
}

/// A game under test and its history.
pub struct Tracked {
    pub game: Game,
    pub deal: Deal,
    pub settings: Vec<(String, OptionValue)>,
    /// The moves played so far, in notation.
    pub played: Vec<String>,
}

/// What every check needs: the plugin, the configuration, the timings.
pub struct Context<'a> {
    pub plugin: Arc<LoadedPlugin>,
    pub config: &'a Config,
    pub timings: RefCell<Timings>,
}

impl<'a> Context<'a> {
    pub fn new(plugin: Arc<LoadedPlugin>, config: &'a Config) -> Context<'a> {
        Context { plugin, config, timings: RefCell::new(Timings::default()) }
    }

    pub fn start(&self, deal: Deal, settings: Vec<(String, OptionValue)>) -> Result<Tracked, GameError> {
        let began = Instant::now();
        let game = Game::start(&self.plugin, &deal, &settings);
        let place = || Place { deal: Some(deal_ref(&deal)), settings: settings_text(&settings), moves_played: Some(0) };
        self.timings.borrow_mut().record("start", began.elapsed(), place);
        Ok(Tracked { game: game?, deal, settings, played: Vec::new() })
    }

    /// A second game restored from `snapshot`, with `from`'s history.
    pub fn restore(&self, from: &Tracked, snapshot: &[u8]) -> Result<Tracked, GameError> {
        let began = Instant::now();
        let game = Game::restore(&self.plugin, snapshot);
        self.timings.borrow_mut().record("restore", began.elapsed(), || self.place(from));
        Ok(Tracked { game: game?, deal: from.deal.clone(), settings: from.settings.clone(), played: from.played.clone() })
    }

    /// Runs one runtime call on `tracked`, timed.
    pub fn call<R>(
        &self,
        tracked: &mut Tracked,
        name: &'static str,
        run: impl FnOnce(&mut Game) -> Result<R, GameError>,
    ) -> Result<R, GameError> {
        let began = Instant::now();
        let result = run(&mut tracked.game);
        let took = began.elapsed();
        self.timings.borrow_mut().record(name, took, || self.place(tracked));
        result
    }

    /// Applies `chosen` (from the latest `moves`) and records it.
    pub fn apply(&self, tracked: &mut Tracked, chosen: &Move) -> Result<Status, GameError> {
        let status = self.call(tracked, "apply", |game| game.apply(chosen.id))?;
        tracked.played.push(chosen.notation.clone());
        Ok(status)
    }

    pub fn place(&self, tracked: &Tracked) -> Place {
        Place {
            deal: Some(deal_ref(&tracked.deal)),
            settings: settings_text(&tracked.settings),
            moves_played: Some(tracked.played.len() as u32),
        }
    }

    /// A `patience play` command line that reaches `tracked`'s position.
    pub fn reproduce(&self, tracked: &Tracked) -> String {
        let mut command = format!("patience --plugins {} play {}", self.plugins_dir(), self.plugin.info.id);
        match &tracked.deal {
            Deal::Seed(seed) => command.push_str(&format!(" --seed {seed}")),
            Deal::Cards(cards) => command.push_str(&format!(" --deck \"{}\"", format_cards(cards))),
        }
        for setting in settings_text(&tracked.settings) {
            command.push_str(&format!(" --set {setting}"));
        }
        if !tracked.played.is_empty() {
            command.push_str(&format!(" --moves \"{}\"", tracked.played.join(", ")));
        }
        command
    }

    /// The `--plugins` directory that holds the plugin's file, as a shell word.
    pub fn plugins_dir(&self) -> String {
        let dir = self.config.plugin_path.as_deref().and_then(Path::parent).filter(|dir| !dir.as_os_str().is_empty());
        shell_word(&dir.map(|dir| dir.display().to_string()).unwrap_or_else(|| ".".to_string()))
    }

    /// A failure at `tracked`'s position, with the command line to see it.
    pub fn failure(&self, tracked: &Tracked, what: impl Into<String>) -> Failure {
        Failure { what: what.into(), place: self.place(tracked), reproduce: vec![self.reproduce(tracked)] }
    }
}

/// The random choices of one game of one pass: the same every run.
pub fn game_rng(seed: u64, pass: u64, game: u32) -> DealRng {
    DealRng::new(seed ^ pass.wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(game).wrapping_mul(0x9FB2_1C65_1E98_DF25))
}

/// A random index below `len` (which must not be 0).
pub fn pick(rng: &mut DealRng, len: usize) -> usize {
    rng.below(len as u64) as usize
}

pub fn deal_ref(deal: &Deal) -> DealRef {
    match deal {
        Deal::Seed(seed) => DealRef::Seed(*seed),
        Deal::Cards(cards) => DealRef::Deck(format_cards(cards)),
    }
}

pub fn settings_text(settings: &[(String, OptionValue)]) -> Vec<String> {
    settings.iter().map(|(name, value)| format!("{name}={value}")).collect()
}

fn shell_word(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// A runtime error as one sentence: which call, what the plugin did.
pub fn describe_error(error: &GameError) -> String {
    match error {
        GameError::Fault(fault) => format!("`{}` failed: {}", fault.call, fault.problem),
        GameError::Refused(message) => format!("the plugin refused: {message}"),
        GameError::IllegalMove { notation, reason } => format!("`{notation}` is not legal: {reason}"),
    }
}

/// Whether a failure is the plugin hitting the sandbox's fuel or memory
/// limit (reported under "limits", whichever check ran into it).
pub fn is_limit_fault(error: &GameError) -> bool {
    match error {
        GameError::Fault(fault) => ["ran out of fuel", "MiB of memory", "MiB of data"].iter().any(|sign| fault.problem.contains(sign)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_runtime::PluginFault;

    fn fault(problem: &str) -> GameError {
        GameError::Fault(PluginFault { plugin: "x".into(), call: "moves", problem: problem.into(), recovered: true })
    }

    #[test]
    fn limit_faults_are_told_from_other_faults() {
        assert!(is_limit_fault(&fault("it ran out of fuel: more than 5 instructions in one call")));
        assert!(is_limit_fault(&fault("it tried to use more than 64 MiB of memory")));
        assert!(!is_limit_fault(&fault("it panicked: oops")));
        assert!(!is_limit_fault(&GameError::Refused("ran out of fuel".into())));
        assert_eq!(describe_error(&fault("it panicked: oops")), "`moves` failed: it panicked: oops");
    }

    #[test]
    fn command_line_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("target/plugin"), "target/plugin");
        assert_eq!(shell_word("my plugins"), "'my plugins'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }

    #[test]
    fn every_pass_and_game_gets_its_own_random_stream() {
        let first = game_rng(1, 1, 0).next_u64();
        assert_eq!(first, game_rng(1, 1, 0).next_u64(), "repeatable");
        assert_ne!(first, game_rng(1, 2, 0).next_u64());
        assert_ne!(first, game_rng(1, 1, 1).next_u64());
    }
}
