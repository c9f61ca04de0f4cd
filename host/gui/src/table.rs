//! One game at the table: a [`Session`] plus what the player sees of it (the
//! latest layout, HUD, legal moves and status), the selected card, the
//! status line and the game clock.
//!
//! Clicks become moves by one generic rule that knows no variant:
//!
//! * the moves that touch the clicked slot are the candidates;
//! * a candidate whose other slots are all unplayable needs only this card
//!   (a King, a draw from the stock, a tablet sent to a discard pile): when
//!   it is the only kind of candidate, it is applied at once;
//! * otherwise the playable slots the candidates pair it with are its
//!   partners: the card is selected and the partners highlighted; clicking
//!   a partner (or dropping the card on one) applies the move touching both;
//! * anything else is explained by the plugin (`Game::explain` with the
//!   card, or the two cards as `Qh+Ad`), never ignored.

use patience_engine::deal::Deal;
use patience_engine::layout::{Face, Layout, Outcome, SlotKind, Status};
use patience_runtime::{notation, GameError, LoadedPlugin, Move, RuleSet, Session, View};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where game time comes from. Tests fix it, so banners and snapshots do
/// not depend on how fast the machine is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clock {
    Real,
    Fixed(Duration),
}

impl Clock {
    pub fn since(self, start: Instant) -> Duration {
        match self {
            Clock::Real => start.elapsed(),
            Clock::Fixed(duration) => duration,
        }
    }
}

/// `4:07`, `1:02:03`.
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 { format!("{hours}:{minutes:02}:{seconds:02}") } else { format!("{minutes}:{seconds:02}") }
}

/// The selected card and the slots it can be played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub slot: u32,
    pub partners: Vec<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tone {
    /// What just happened ("6♣ + 7♦").
    Info,
    /// Why something could not be done.
    Explanation,
}

/// The status line under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub tone: Tone,
}

impl Line {
    fn info(text: impl Into<String>) -> Line {
        Line { text: text.into(), tone: Tone::Info }
    }

    fn explanation(text: impl Into<String>) -> Line {
        Line { text: text.into(), tone: Tone::Explanation }
    }
}

/// How a finished game went, for the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub plugin: String,
    pub rule_set: String,
    pub won: bool,
    pub score: Option<i64>,
    pub moves: usize,
    pub time: Duration,
    /// Dealt by "winnable deals only": the statistics keep these apart.
    pub winnable_only: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Reporting {
    /// Not over yet (or over and taken back by undo before it was reported).
    Pending,
    /// Over; the statistics have not taken it yet.
    Ready(GameResult),
    /// Counted: undoing and finishing again does not count twice.
    Reported,
}

/// What a click on a slot means, decided from the view alone.
#[derive(Clone, Debug, PartialEq)]
pub enum ClickPlan {
    Apply(Move),
    Select(Vec<u32>),
    Explain,
}

/// The playable slots other than `slot` that `candidate` needs.
fn other_choices(view: &View, candidate: &Move, slot: u32) -> Vec<u32> {
    let playable = |id: u32| view.layout.slots.iter().any(|s| s.id == id && s.playable);
    candidate.slots.iter().copied().filter(|&s| s != slot && playable(s)).collect()
}

/// The first move on `slot` that needs no other card. Several of them on
/// one slot would be ambiguous; the plugin's order decides.
fn solo_move(view: &View, slot: u32) -> Option<Move> {
    view.moves.iter().find(|m| m.slots.contains(&slot) && other_choices(view, m, slot).is_empty()).cloned()
}

/// Decides what a click on `slot` does (see the module header).
pub fn plan_click(view: &View, slot: u32) -> ClickPlan {
    let mut partners: Vec<u32> = Vec::new();
    for candidate in view.moves.iter().filter(|m| m.slots.contains(&slot)) {
        for other in other_choices(view, candidate, slot) {
            if !partners.contains(&other) {
                partners.push(other);
            }
        }
    }
    if !partners.is_empty() {
        return ClickPlan::Select(partners);
    }
    match solo_move(view, slot) {
        Some(chosen) => ClickPlan::Apply(chosen),
        None => ClickPlan::Explain,
    }
}

/// Which position of which game: background work (a hint, a demo's next
/// move) is done for one position, and its answer is dropped when the
/// table has moved on since.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    table: u64,
    generation: u64,
}

impl Position {
    /// Both positions are of the same game (one table), whatever moves lie
    /// between them.
    pub fn same_game(&self, other: &Position) -> bool {
        self.table == other.table
    }
}

/// Why a game could not be replayed onto another version of its plugin.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayFailure {
    /// The move that no longer applies, counted from 1, and its notation;
    /// `None` when the game could not even be started again.
    pub step: Option<(usize, String)>,
    pub reason: String,
}

impl std::fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.step {
            Some((number, notation)) => write!(f, "move {number} `{notation}` no longer applies ({})", self.reason),
            None => write!(f, "the game cannot be started on it ({})", self.reason),
        }
    }
}

/// Every table gets its own number, so a position of a new game never
/// looks like one of the game it replaced.
static NEXT_TABLE: AtomicU64 = AtomicU64::new(1);

/// One game being played.
pub struct Table {
    session: Session,
    /// This table's number and how many times its position changed.
    position: Position,
    view: View,
    selection: Option<Selection>,
    line: Option<Line>,
    fault: Option<String>,
    clock: Clock,
    started: Instant,
    finished_after: Option<Duration>,
    reporting: Reporting,
    /// The notation of single-slot moves seen on each slot (`draw` on the
    /// stock), so a click there when it is not legal can still be
    /// explained by the plugin in its own words.
    solo_notation: HashMap<u32, String>,
    /// The deal was chosen because the solver proved it winnable.
    winnable_only: bool,
}

impl Table {
    /// Starts `rule_set` on `deal`. Fails when the plugin refuses or faults.
    pub fn start(plugin: &Arc<LoadedPlugin>, rule_set: RuleSet, deal: Deal, clock: Clock) -> Result<Table, GameError> {
        Table::from_session(Session::start(plugin, rule_set, deal)?, clock)
    }

    /// A table for a session that already exists (a resumed game).
    pub fn from_session(mut session: Session, clock: Clock) -> Result<Table, GameError> {
        let (view, problem) = read_view(&mut session, None);
        if let Some(error) = problem {
            return Err(error);
        }
        let position = Position { table: NEXT_TABLE.fetch_add(1, Ordering::Relaxed), generation: 0 };
        let mut table = Table {
            session,
            position,
            view,
            selection: None,
            line: None,
            fault: None,
            clock,
            started: Instant::now(),
            finished_after: None,
            reporting: Reporting::Pending,
            solo_notation: HashMap::new(),
            winnable_only: false,
        };
        table.remember_solo_moves();
        Ok(table)
    }

    /// Saves the game to `path` after every change (see
    /// `Session::autosave_to`); `None` stops saving.
    pub fn autosave_to(&mut self, path: Option<PathBuf>) {
        self.session.autosave_to(path);
    }

    /// Stops autosaving without touching the file: the game on disk stays
    /// there to be resumed.
    pub fn keep_saved_game(&mut self) {
        self.session.autosave_to(None);
    }

    pub fn view(&self) -> &View {
        &self.view
    }

    /// Where the game stands now (changes with every move, undo, redo
    /// or restart).
    pub fn position(&self) -> Position {
        self.position
    }

    /// The plugin's snapshot of the current position: what background
    /// work restores a copy of the game from.
    pub fn snapshot(&mut self) -> Vec<u8> {
        self.session.game().current_snapshot().to_vec()
    }

    /// Plays a legal move written in notation (a hint, a demo's move); a
    /// move that is not legal here is explained, like a click would be.
    pub fn play_notation(&mut self, text: &str) {
        self.selection = None;
        match notation::find(&self.view.moves, text).cloned() {
            Some(chosen) => self.apply(chosen),
            None => self.explain(text),
        }
    }

    /// The legal move that `text` names, if any.
    pub fn legal_move(&self, text: &str) -> Option<&Move> {
        notation::find(&self.view.moves, text)
    }

    /// This game started again on `plugin` (another version of its
    /// plugin) with every move of the log played again; the clock and
    /// what the statistics know carry over.
    pub fn replay_onto(&self, plugin: &Arc<LoadedPlugin>) -> Result<Table, ReplayFailure> {
        let log = self.move_log();
        let mut table = replay(plugin, self.rule_set().clone(), self.deal().clone(), &log, self.clock)?;
        table.started = self.started;
        table.finished_after = self.finished_after;
        table.reporting = self.reporting.clone();
        table.line = self.line.clone();
        table.winnable_only = self.winnable_only;
        table.refresh();
        Ok(table)
    }

    pub fn layout(&self) -> &Layout {
        &self.view.layout
    }

    pub fn status(&self) -> &Status {
        &self.view.status
    }

    pub fn selection(&self) -> Option<&Selection> {
        self.selection.as_ref()
    }

    pub fn line(&self) -> Option<&Line> {
        self.line.as_ref()
    }

    /// The last plugin fault, as a sentence naming the plugin.
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    pub fn dismiss_fault(&mut self) {
        self.fault = None;
    }

    pub fn rule_set(&self) -> &RuleSet {
        &self.session.rule_set
    }

    pub fn deal(&self) -> &Deal {
        &self.session.deal
    }

    pub fn plugin(&self) -> &Arc<LoadedPlugin> {
        self.session.plugin()
    }

    pub fn moves_made(&self) -> usize {
        self.session.move_log().len()
    }

    pub fn move_log(&self) -> Vec<String> {
        self.session.move_log().into_iter().map(str::to_string).collect()
    }

    pub fn can_undo(&self) -> bool {
        self.session.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    pub fn is_over(&self) -> bool {
        self.view.status.outcome != Outcome::Playing
    }

    /// Time played: frozen once the game is over.
    pub fn elapsed(&self) -> Duration {
        self.finished_after.unwrap_or_else(|| self.clock.since(self.started))
    }

    /// The result of a game that just ended, once.
    pub fn take_result(&mut self) -> Option<GameResult> {
        match std::mem::replace(&mut self.reporting, Reporting::Reported) {
            Reporting::Ready(result) => Some(result),
            other => {
                self.reporting = other;
                None
            }
        }
    }

    /// The result of leaving this game now: an unfinished game with moves
    /// in it counts as played and not won.
    pub fn abandon(&mut self) -> Option<GameResult> {
        if let Some(result) = self.take_result() {
            return Some(result);
        }
        if self.reporting == Reporting::Pending && self.moves_made() > 0 {
            self.reporting = Reporting::Reported;
            return Some(self.result(false));
        }
        None
    }

    fn result(&self, won: bool) -> GameResult {
        GameResult {
            plugin: self.rule_set().plugin.clone(),
            rule_set: self.rule_set().name.clone(),
            won,
            score: self.view.status.score,
            moves: self.moves_made(),
            time: self.elapsed(),
            winnable_only: self.winnable_only,
        }
    }

    /// Marks the game as dealt by "winnable deals only" (its deal was
    /// proven winnable), for the statistics and the title.
    pub fn mark_winnable_only(&mut self) {
        self.winnable_only = true;
    }

    pub fn is_winnable_only(&self) -> bool {
        self.winnable_only
    }

    /// A click on slot `slot` (see the module header).
    pub fn click(&mut self, slot: u32) {
        if self.is_over() {
            self.line = Some(Line::explanation("The game is over: start a new game, restart it, or undo."));
            return;
        }
        match self.selection.take() {
            Some(selected) if selected.slot == slot => match solo_move(&self.view, slot) {
                Some(chosen) => self.apply(chosen),
                None => self.line = None,
            },
            Some(selected) if selected.partners.contains(&slot) => self.apply_touching(selected.slot, slot),
            Some(selected) => self.explain_pair(selected.slot, slot),
            None => match plan_click(&self.view, slot) {
                ClickPlan::Apply(chosen) => self.apply(chosen),
                ClickPlan::Select(partners) => {
                    self.line = Some(Line::info(format!("{} selected: pick a highlighted card.", self.slot_name(slot))));
                    self.selection = Some(Selection { slot, partners });
                }
                ClickPlan::Explain => self.explain_slot(slot),
            },
        }
    }

    /// Drops the selection (Esc), saying so.
    pub fn cancel_selection(&mut self) {
        if self.selection.take().is_some() {
            self.line = Some(Line::info("Selection cancelled."));
        }
    }

    /// A card dragged from `from` and dropped on `to`.
    pub fn drop_on(&mut self, from: u32, to: u32) {
        if from == to || self.is_over() {
            return;
        }
        self.selection = None;
        if self.move_touching(from, to).is_some() {
            self.apply_touching(from, to);
        } else {
            self.explain_pair(from, to);
        }
    }

    /// Draws from the stock: the move whose only slot is the (first) slot
    /// of kind Stock.
    pub fn draw(&mut self) {
        let Some(stock) = self.view.layout.slots.iter().find(|s| s.kind == SlotKind::Stock).map(|s| s.id) else {
            self.line = Some(Line::explanation("This game has no stock to draw from."));
            return;
        };
        self.selection = None;
        match self.view.moves.iter().find(|m| m.slots == [stock]).cloned() {
            Some(chosen) => self.apply(chosen),
            None => self.explain_slot(stock),
        }
    }

    pub fn undo(&mut self) {
        self.selection = None;
        match self.session.undo() {
            Ok(true) => self.line = Some(Line::info("Move taken back.")),
            Ok(false) => self.line = Some(Line::explanation("Nothing to undo.")),
            Err(error) => self.show_error(error),
        }
        self.refresh();
    }

    pub fn redo(&mut self) {
        self.selection = None;
        match self.session.redo() {
            Ok(true) => self.line = Some(Line::info("Move played again.")),
            Ok(false) => self.line = Some(Line::explanation("Nothing to redo.")),
            Err(error) => self.show_error(error),
        }
        self.refresh();
    }

    /// Back to the opening position of the same deal. The caller reports
    /// the abandoned game first.
    pub fn restart(&mut self) {
        self.selection = None;
        match self.session.restart() {
            Ok(()) => {
                self.line = Some(Line::info("Restarted the same deal."));
                self.started = Instant::now();
                self.finished_after = None;
                self.reporting = Reporting::Pending;
            }
            Err(error) => self.show_error(error),
        }
        self.refresh();
    }

    fn apply(&mut self, chosen: Move) {
        self.selection = None;
        match self.session.apply(&chosen) {
            Ok(_) => self.line = Some(Line::info(chosen.label.clone())),
            Err(error) => self.show_error(error),
        }
        self.refresh();
    }

    fn move_touching(&self, a: u32, b: u32) -> Option<Move> {
        self.view.moves.iter().find(|m| m.slots.contains(&a) && m.slots.contains(&b)).cloned()
    }

    fn apply_touching(&mut self, a: u32, b: u32) {
        match self.move_touching(a, b) {
            Some(chosen) => self.apply(chosen),
            None => self.explain_pair(a, b),
        }
    }

    fn card_notation(&self, slot: u32) -> Option<String> {
        self.view.layout.slots.iter().find(|s| s.id == slot)?.card_id().map(|card| card.to_string())
    }

    fn slot_name(&self, slot: u32) -> String {
        match self.view.layout.slots.iter().find(|s| s.id == slot) {
            Some(found) => match found.face {
                Face::Up(card) => card.pretty(),
                _ => crate::labels::slot_label(found),
            },
            None => "That".to_string(),
        }
    }

    fn explain_pair(&mut self, a: u32, b: u32) {
        match (self.card_notation(a), self.card_notation(b)) {
            (Some(first), Some(second)) => self.explain(&format!("{first}+{second}")),
            _ => self.explain_slot(b),
        }
    }

    /// Why a click on `slot` does nothing: the plugin explains a card (or a
    /// move it has offered on this slot before); the host only speaks for
    /// what holds no card.
    fn explain_slot(&mut self, slot: u32) {
        if let Some(card) = self.card_notation(slot) {
            return self.explain(&card);
        }
        if let Some(notation) = self.solo_notation.get(&slot).cloned() {
            return self.explain(&notation);
        }
        let face = self.view.layout.slots.iter().find(|s| s.id == slot).map(|s| s.face);
        let text = match face {
            Some(Face::Down) => "That card is face down: it cannot be played until it is turned up.",
            Some(Face::Joker) => "The joker cannot be played now.",
            _ => "There is nothing to play there.",
        };
        self.line = Some(Line::explanation(text));
    }

    fn explain(&mut self, notation: &str) {
        match self.session.game().explain(notation) {
            Ok(reason) => self.line = Some(Line::explanation(reason)),
            Err(error) => self.show_error(error),
        }
    }

    fn show_error(&mut self, error: GameError) {
        match error {
            GameError::IllegalMove { reason, .. } => self.line = Some(Line::explanation(reason)),
            GameError::Refused(message) => self.line = Some(Line::explanation(message)),
            GameError::Fault(fault) => self.fault = Some(fault.to_string()),
        }
    }

    /// Reads the view again after anything changed. A fault keeps what
    /// could be read (a stale move list is dropped: its ids would be wrong).
    fn refresh(&mut self) {
        self.position.generation += 1;
        let (view, problem) = read_view(&mut self.session, Some(&self.view));
        self.view = view;
        if let Some(error) = problem {
            self.show_error(error);
        }
        self.remember_solo_moves();
        if self.is_over() {
            if self.finished_after.is_none() {
                self.finished_after = Some(self.clock.since(self.started));
            }
            if self.reporting == Reporting::Pending {
                let won = self.view.status.outcome == Outcome::Won;
                self.reporting = Reporting::Ready(self.result(won));
            }
        } else {
            self.finished_after = None;
            if matches!(self.reporting, Reporting::Ready(_)) {
                self.reporting = Reporting::Pending;
            }
        }
    }

    fn remember_solo_moves(&mut self) {
        for candidate in &self.view.moves {
            if let [slot] = candidate.slots[..] {
                self.solo_notation.insert(slot, candidate.notation.clone());
            }
        }
    }
}

/// `rule_set` on `deal` started on `plugin`, with `log` played move by
/// move; the first move that no longer applies is named.
pub fn replay(plugin: &Arc<LoadedPlugin>, rule_set: RuleSet, deal: Deal, log: &[String], clock: Clock) -> Result<Table, ReplayFailure> {
    let mut table = Table::start(plugin, rule_set, deal, clock).map_err(|error| ReplayFailure { step: None, reason: error.to_string() })?;
    for (index, step) in log.iter().enumerate() {
        let failure = |reason: String| ReplayFailure { step: Some((index + 1, step.clone())), reason };
        match table.session.play(step) {
            Ok(_) => {}
            Err(GameError::IllegalMove { reason, .. }) => return Err(failure(reason)),
            Err(error) => return Err(failure(error.to_string())),
        }
    }
    table.refresh();
    Ok(table)
}

/// Layout, HUD, moves and status from the game, and the first error. On
/// an error, what could not be read is taken from `previous` (but never
/// the moves: stale move ids would be wrong).
fn read_view(session: &mut Session, previous: Option<&View>) -> (View, Option<GameError>) {
    let game = session.game();
    let mut first_error = None;
    let mut note = |error: GameError| {
        if first_error.is_none() {
            first_error = Some(error);
        }
    };
    let layout = game.layout().map_err(&mut note).ok();
    let hud = game.hud().map_err(&mut note).ok();
    let moves = game.moves().map_err(&mut note).ok();
    let status = game.status().map_err(&mut note).ok();
    let view = View {
        layout: layout.or_else(|| previous.map(|v| v.layout.clone())).unwrap_or_default(),
        hud: hud.or_else(|| previous.map(|v| v.hud.clone())).unwrap_or_default(),
        moves: moves.unwrap_or_default(),
        status: status.or_else(|| previous.map(|v| v.status.clone())).unwrap_or_else(Status::playing),
    };
    (view, first_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::card::Card;
    use patience_engine::layout::Slot;

    fn card(text: &str) -> Face {
        Face::Up(text.parse::<Card>().unwrap())
    }

    fn mv(id: u32, notation: &str, slots: &[u32]) -> Move {
        Move { id, notation: notation.into(), label: notation.into(), slots: slots.to_vec() }
    }

    /// Slots 0..=3 are cards (0 and 1 playable, 2 blocked, 3 playable),
    /// 9 a playable stock and 10 an unplayable discard pile.
    fn view(moves: Vec<Move>) -> View {
        View {
            layout: Layout {
                width: 5.0,
                height: 3.0,
                slots: vec![
                    Slot::new(0, SlotKind::Pyramid, 0.0, 0.0, card("Kh")).playable(true),
                    Slot::new(1, SlotKind::Pyramid, 1.0, 0.0, card("6c")).playable(true),
                    Slot::new(2, SlotKind::Pyramid, 2.0, 0.0, card("7d")),
                    Slot::new(3, SlotKind::Pyramid, 3.0, 0.0, card("7s")).playable(true),
                    Slot::new(9, SlotKind::Stock, 0.0, 1.5, Face::Down).playable(true).label("24"),
                    Slot::new(10, SlotKind::Discard, 1.0, 1.5, card("5h")),
                ],
            },
            hud: vec![],
            moves,
            status: Status::playing(),
        }
    }

    #[test]
    fn a_move_on_one_card_applies_at_once() {
        let v = view(vec![mv(0, "Kh", &[0]), mv(1, "draw", &[9])]);
        assert_eq!(plan_click(&v, 0), ClickPlan::Apply(mv(0, "Kh", &[0])));
        assert_eq!(plan_click(&v, 9), ClickPlan::Apply(mv(1, "draw", &[9])));
    }

    #[test]
    fn a_move_onto_an_unplayable_pile_needs_only_the_card() {
        let v = view(vec![mv(0, "6c", &[1, 10])]);
        assert_eq!(plan_click(&v, 1), ClickPlan::Apply(mv(0, "6c", &[1, 10])));
    }

    #[test]
    fn pairs_select_and_offer_their_partners() {
        let v = view(vec![mv(0, "6c+7s", &[1, 3]), mv(1, "Kh", &[0])]);
        assert_eq!(plan_click(&v, 1), ClickPlan::Select(vec![3]));
        assert_eq!(plan_click(&v, 3), ClickPlan::Select(vec![1]));
    }

    #[test]
    fn cards_without_moves_are_explained() {
        let v = view(vec![mv(0, "Kh", &[0])]);
        assert_eq!(plan_click(&v, 2), ClickPlan::Explain);
        assert_eq!(plan_click(&v, 9), ClickPlan::Explain);
    }

    #[test]
    fn a_replay_names_the_first_move_that_no_longer_applies() {
        let plugin = patience_tests::plugin("relaxed");
        let rule_set = RuleSet { options: patience_tests::settings(plugin, &[("passes", "3")]), ..RuleSet::defaults("relaxed") };
        let deal = Deal::Seed(1);
        let mut reference = patience_tests::start("relaxed", deal.clone(), &[("passes", "3")]);
        let first = reference.moves().unwrap().first().unwrap().notation.clone();
        let log = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let clock = Clock::Fixed(Duration::ZERO);
        let replayed = replay(plugin, rule_set.clone(), deal.clone(), &log(&[&first, "draw"]), clock).unwrap();
        assert_eq!(replayed.move_log(), log(&[&first, "draw"]));
        let failure = replay(plugin, rule_set, deal, &log(&["draw", "Zz+9q"]), clock).err().expect("a failure");
        assert_eq!(failure.step, Some((2, "Zz+9q".to_string())));
        assert!(failure.to_string().starts_with("move 2 `Zz+9q` no longer applies ("), "{failure}");
    }

    #[test]
    fn durations_read_like_a_clock() {
        assert_eq!(format_duration(Duration::from_secs(95)), "1:35");
        assert_eq!(format_duration(Duration::from_secs(3723)), "1:02:03");
    }
}
