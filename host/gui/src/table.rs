//! One game at the table: a [`Session`] plus what the player sees of it (the
//! latest layout, HUD, legal moves and status), the picked cards, the
//! status line and the game clock.
//!
//! Clicks become moves by one generic rule that knows no variant. A move
//! *takes* a pick when it touches every picked slot; what it still needs
//! are its other playable slots. A pick *is* a move when a move takes it
//! and needs nothing more.
//!
//! * Nothing picked: the moves that touch the clicked slot are the
//!   candidates. When none needs another playable card (a King, a draw from
//!   the stock, a tablet sent to a discard pile) the first is applied at
//!   once; otherwise the card is picked and the cards the candidates still
//!   need (its partners) are highlighted; with no candidate the plugin
//!   explains (`Game::explain` with the card).
//! * Clicking a partner adds it to the pick. When the pick is then a move
//!   and no bigger move takes it, that move is applied (two clicks play a
//!   pair, three a group of three); when bigger moves take it too, the pick
//!   waits: its partners light up, and a click on a picked card (Enter on
//!   it) plays the move it already is.
//! * Clicking a picked card plays the pick when it is a move; one picked
//!   card alone plays its own move or is let go; otherwise that card is
//!   unpicked.
//! * Clicking any other card explains why it does not fit, in the plugin's
//!   words: with one card picked the two cards (`Qh+Ad`) and the pick is
//!   dropped; with more, the whole group (`Jh+Qc+5d`) and the pick stays.
//! * Dragging a card onto another is the pick of both: played when it is a
//!   move no bigger one takes, kept with its partners lit when bigger ones
//!   take it, explained otherwise. While several cards are picked, a drag
//!   between a picked card and another adds the other one to the pick.
//!   Esc drops the pick.

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

/// The picked cards and the slots that can join them: what the board
/// marks as selected and highlights, and what the next click builds on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The picked slots in click order, the first picked first.
    pub slots: Vec<u32>,
    /// The playable slots that extend the pick toward a legal move.
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

/// What a pick of slots amounts to, decided from the view alone.
#[derive(Clone, Debug, PartialEq)]
pub enum PickPlan {
    /// The pick is a legal move and no bigger move takes it: play it now.
    Apply(Move),
    /// Bigger moves take the pick: `partners` extend it, and `complete` is
    /// the move the pick already is, if any (played on a second click).
    Extend { partners: Vec<u32>, complete: Option<Move> },
    /// No legal move takes every picked slot.
    Explain,
}

/// What the table does about a click or a drop, decided from the view and
/// the pick alone, so the rule can be tested without a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// Play this move (the pick goes with it).
    Apply(Move),
    /// Pick these cards and light up their partners.
    Pick(Selection),
    /// Nothing was picked and this slot alone is no move: the plugin says why.
    ExplainSlot(u32),
    /// The picked card and this one are no move: the plugin says why, and
    /// the pick is dropped.
    ExplainPair(u32, u32),
    /// The picked cards plus the last one are no move: the plugin says why,
    /// and the pick stays, so one wrong click does not undo a long pick.
    ExplainGroup(Vec<u32>),
    /// The one picked card clicked again has no move of its own: let go.
    Deselect,
}

fn is_playable(view: &View, slot: u32) -> bool {
    view.layout.slots.iter().any(|s| s.id == slot && s.playable)
}

/// The playable slots `candidate` needs besides the picked ones, or `None`
/// when it does not take every picked slot. Unplayable slots (a discard
/// pile, the foundation) come with the move and are never picked.
fn still_needed(view: &View, candidate: &Move, pick: &[u32]) -> Option<Vec<u32>> {
    if !pick.iter().all(|slot| candidate.slots.contains(slot)) {
        return None;
    }
    Some(candidate.slots.iter().copied().filter(|&s| !pick.contains(&s) && is_playable(view, s)).collect())
}

/// The first move the pick already is: it takes every picked slot and needs
/// no other playable one. Several would be ambiguous; the plugin's order
/// decides.
fn complete_move(view: &View, pick: &[u32]) -> Option<Move> {
    view.moves.iter().find(|m| still_needed(view, m, pick).is_some_and(|needed| needed.is_empty())).cloned()
}

/// The playable slots that some move taking the pick still needs, each
/// once, in the plugin's order of moves.
fn partners_of(view: &View, pick: &[u32]) -> Vec<u32> {
    let mut partners: Vec<u32> = Vec::new();
    for needed in view.moves.iter().filter_map(|m| still_needed(view, m, pick)) {
        for slot in needed {
            if !partners.contains(&slot) {
                partners.push(slot);
            }
        }
    }
    partners
}

/// Decides what a pick amounts to (see the module header).
pub fn plan_pick(view: &View, pick: &[u32]) -> PickPlan {
    let partners = partners_of(view, pick);
    match complete_move(view, pick) {
        Some(chosen) if partners.is_empty() => PickPlan::Apply(chosen),
        complete if !partners.is_empty() => PickPlan::Extend { partners, complete },
        _ => PickPlan::Explain,
    }
}

/// Decides what a click on `slot` does with nothing picked (see the module
/// header).
pub fn plan_click(view: &View, slot: u32) -> ClickPlan {
    match plan_pick(view, &[slot]) {
        PickPlan::Apply(chosen) => ClickPlan::Apply(chosen),
        PickPlan::Extend { partners, .. } => ClickPlan::Select(partners),
        PickPlan::Explain => ClickPlan::Explain,
    }
}

/// The pick of `slots`, with its partners.
fn pick_of(view: &View, slots: Vec<u32>) -> Selection {
    let partners = partners_of(view, &slots);
    Selection { slots, partners }
}

/// `pick` grown by `slot`: played when it is a move no bigger one takes,
/// kept otherwise; `refused` when no move takes it.
fn grow(view: &View, pick: &[u32], slot: u32, refused: Decision) -> Decision {
    let grown: Vec<u32> = pick.iter().copied().chain([slot]).collect();
    match plan_pick(view, &grown) {
        PickPlan::Apply(chosen) => Decision::Apply(chosen),
        PickPlan::Extend { partners, .. } => Decision::Pick(Selection { slots: grown, partners }),
        PickPlan::Explain => refused,
    }
}

/// Why `slot` cannot join the pick, asked in the words that fit its size.
fn refusal(pick: &[u32], slot: u32) -> Decision {
    match pick {
        [only] => Decision::ExplainPair(*only, slot),
        _ => Decision::ExplainGroup(pick.iter().copied().chain([slot]).collect()),
    }
}

/// A click on a picked card: the pick is played when it is a move; one
/// card alone plays its own move or is let go; else the card is unpicked.
fn click_picked(view: &View, pick: &[u32], slot: u32) -> Decision {
    if let Some(chosen) = complete_move(view, pick) {
        return Decision::Apply(chosen);
    }
    let rest: Vec<u32> = pick.iter().copied().filter(|&s| s != slot).collect();
    if rest.is_empty() { Decision::Deselect } else { Decision::Pick(pick_of(view, rest)) }
}

/// Decides what a click on `slot` does, given the current pick (see the
/// module header).
pub fn decide_click(view: &View, selection: Option<&Selection>, slot: u32) -> Decision {
    let Some(selection) = selection else {
        return match plan_click(view, slot) {
            ClickPlan::Apply(chosen) => Decision::Apply(chosen),
            ClickPlan::Select(partners) => Decision::Pick(Selection { slots: vec![slot], partners }),
            ClickPlan::Explain => Decision::ExplainSlot(slot),
        };
    };
    let pick = &selection.slots;
    if pick.contains(&slot) {
        click_picked(view, pick, slot)
    } else if selection.partners.contains(&slot) {
        grow(view, pick, slot, refusal(pick, slot))
    } else {
        refusal(pick, slot)
    }
}

/// Decides what dropping the card dragged from `from` on `to` does, given
/// the current pick (see the module header).
pub fn decide_drop(view: &View, selection: Option<&Selection>, from: u32, to: u32) -> Decision {
    if let Some(selection) = selection.filter(|s| s.slots.len() > 1) {
        let picked = |slot: u32| selection.slots.contains(&slot);
        match (picked(from), picked(to)) {
            (true, true) => {
                return match complete_move(view, &selection.slots) {
                    Some(chosen) => Decision::Apply(chosen),
                    None => Decision::Pick(selection.clone()),
                }
            }
            (true, false) => return decide_click(view, Some(selection), to),
            (false, true) => return decide_click(view, Some(selection), from),
            (false, false) => {}
        }
    }
    grow(view, &[from], to, Decision::ExplainPair(from, to))
}

/// What a card is called in the status line: its pretty name, or the
/// slot's label when it holds no card face up.
fn slot_name(view: &View, slot: u32) -> String {
    match view.layout.slots.iter().find(|s| s.id == slot) {
        Some(found) => match found.face {
            Face::Up(card) => card.pretty(),
            _ => crate::labels::slot_label(found),
        },
        None => "That".to_string(),
    }
}

/// The status line that goes with a pick: what is picked, and how to go on
/// (the pick that already is a move says how to play it).
pub fn pick_prompt(view: &View, selection: &Selection) -> String {
    let names: Vec<String> = selection.slots.iter().map(|&slot| slot_name(view, slot)).collect();
    let picked = names.join(" + ");
    match names.last() {
        Some(last) if names.len() > 1 && complete_move(view, &selection.slots).is_some() => {
            format!("{picked} is a move: click {last} again (or press Enter on it) to play it, or pick a highlighted card.")
        }
        _ => format!("{picked} selected: pick a highlighted card."),
    }
}

/// The cards on `slots` in notation, joined by `+` (`Jh+Qc+Ks`), as the
/// plugin reads a group; `None` when a slot holds no card face up.
fn group_notation(view: &View, slots: &[u32]) -> Option<String> {
    let cards: Option<Vec<String>> = slots.iter().map(|&slot| card_notation(view, slot)).collect();
    cards.map(|cards| cards.join("+"))
}

fn card_notation(view: &View, slot: u32) -> Option<String> {
    view.layout.slots.iter().find(|s| s.id == slot)?.card_id().map(|card| card.to_string())
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

    /// Whether the board has a stock to draw from (the layout shows one).
    /// Whether clicking the stock does something now (some games refill
    /// their piles from a stock the player never clicks).
    pub fn can_draw(&self) -> bool {
        self.view.layout.slots.iter().any(|slot| slot.kind == SlotKind::Stock && slot.playable)
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
        let decision = decide_click(&self.view, self.selection.as_ref(), slot);
        self.carry_out(decision);
    }

    /// Does what a click or a drop was decided to mean.
    fn carry_out(&mut self, decision: Decision) {
        match decision {
            Decision::Apply(chosen) => self.apply(chosen),
            Decision::Pick(selection) => {
                self.line = Some(Line::info(pick_prompt(&self.view, &selection)));
                self.selection = Some(selection);
            }
            Decision::ExplainSlot(slot) => {
                self.selection = None;
                self.explain_slot(slot);
            }
            Decision::ExplainPair(a, b) => {
                self.selection = None;
                self.explain_pair(a, b);
            }
            Decision::ExplainGroup(slots) => self.explain_group(&slots),
            Decision::Deselect => {
                self.selection = None;
                self.line = None;
            }
        }
    }

    /// Drops the selection (Esc), saying so.
    pub fn cancel_selection(&mut self) {
        if self.selection.take().is_some() {
            self.line = Some(Line::info("Selection cancelled."));
        }
    }

    /// A card dragged from `from` and dropped on `to` (see the module
    /// header).
    pub fn drop_on(&mut self, from: u32, to: u32) {
        if from == to || self.is_over() {
            return;
        }
        let decision = decide_drop(&self.view, self.selection.as_ref(), from, to);
        self.carry_out(decision);
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

    fn explain_pair(&mut self, a: u32, b: u32) {
        self.explain_group(&[a, b]);
    }

    /// Why the cards on `slots` are no move, in the plugin's words; when one
    /// of them is no card face up, why the last one cannot be played.
    fn explain_group(&mut self, slots: &[u32]) {
        match (group_notation(&self.view, slots), slots.last()) {
            (Some(group), _) => self.explain(&group),
            (None, Some(&last)) => self.explain_slot(last),
            (None, None) => {}
        }
    }

    /// Why a click on `slot` does nothing: the plugin explains a card (or a
    /// move it has offered on this slot before); the host only speaks for
    /// what holds no card.
    fn explain_slot(&mut self, slot: u32) {
        if let Some(card) = card_notation(&self.view, slot) {
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

    /// An adding game: slots 0..=5 are free cards (J♥ Q♣ K♠ 5♥ 6♣ 4♦) and
    /// 10 an unplayable reserve. The court cards leave together or the Jack
    /// alone to the reserve; 5♥ 6♣ make a pair and, with 4♦, a run.
    fn adding_view() -> View {
        let free = |id: u32, x: f32, text: &str| Slot::new(id, SlotKind::Field, x, 0.0, card(text)).playable(true);
        View {
            layout: Layout {
                width: 7.0,
                height: 3.0,
                slots: vec![
                    free(0, 0.0, "Jh"),
                    free(1, 1.0, "Qc"),
                    free(2, 2.0, "Ks"),
                    free(3, 3.0, "5h"),
                    free(4, 4.0, "6c"),
                    free(5, 5.0, "4d"),
                    Slot::new(10, SlotKind::Reserve, 0.0, 1.5, Face::Empty),
                ],
            },
            hud: vec![],
            moves: vec![
                mv(0, "Jh>reserve", &[0, 10]),
                mv(1, "Jh+Qc+Ks", &[0, 1, 2]),
                mv(2, "5h+6c", &[3, 4]),
                mv(3, "5h+6c+4d", &[3, 4, 5]),
            ],
            status: Status::playing(),
        }
    }

    fn picked(slots: &[u32], partners: &[u32]) -> Decision {
        Decision::Pick(Selection { slots: slots.to_vec(), partners: partners.to_vec() })
    }

    /// The pick a decision leaves, to feed the next click.
    fn pick_after(decision: Decision) -> Selection {
        match decision {
            Decision::Pick(selection) => selection,
            other => panic!("expected a pick, got {other:?}"),
        }
    }

    #[test]
    fn a_group_of_three_is_played_on_its_third_click() {
        let v = adding_view();
        let first = decide_click(&v, None, 0);
        assert_eq!(first, picked(&[0], &[1, 2]));
        let second = decide_click(&v, Some(&pick_after(first)), 2);
        assert_eq!(second, picked(&[0, 2], &[1]));
        assert_eq!(pick_prompt(&v, &pick_after(second.clone())), "J♥ + K♠ selected: pick a highlighted card.");
        let third = decide_click(&v, Some(&pick_after(second)), 1);
        assert_eq!(third, Decision::Apply(mv(1, "Jh+Qc+Ks", &[0, 1, 2])));
    }

    #[test]
    fn a_pick_that_is_a_move_inside_a_bigger_one_waits_for_a_second_click() {
        let v = adding_view();
        let pair = pick_after(decide_click(&v, Some(&pick_after(decide_click(&v, None, 3))), 4));
        assert_eq!(pair, Selection { slots: vec![3, 4], partners: vec![5] });
        let prompt = "5♥ + 6♣ is a move: click 6♣ again (or press Enter on it) to play it, or pick a highlighted card.";
        assert_eq!(pick_prompt(&v, &pair), prompt);
        assert_eq!(decide_click(&v, Some(&pair), 4), Decision::Apply(mv(2, "5h+6c", &[3, 4])));
        assert_eq!(decide_click(&v, Some(&pair), 5), Decision::Apply(mv(3, "5h+6c+4d", &[3, 4, 5])));
    }

    #[test]
    fn a_card_with_a_move_of_its_own_and_a_group_is_picked_and_plays_alone_when_clicked_again() {
        let v = adding_view();
        let jack = pick_after(decide_click(&v, None, 0));
        assert_eq!(pick_prompt(&v, &jack), "J♥ selected: pick a highlighted card.");
        assert_eq!(decide_click(&v, Some(&jack), 0), Decision::Apply(mv(0, "Jh>reserve", &[0, 10])));
    }

    #[test]
    fn clicking_a_picked_card_of_an_unfinished_pick_unpicks_it() {
        let v = adding_view();
        let two = Selection { slots: vec![0, 1], partners: vec![2] };
        let queen = pick_after(decide_click(&v, Some(&two), 0));
        assert_eq!(queen, Selection { slots: vec![1], partners: vec![0, 2] });
        assert_eq!(decide_click(&v, Some(&queen), 1), Decision::Deselect, "the last picked card, unpicked, ends the pick");

        let mut v = adding_view();
        v.moves.push(mv(4, "4d+Jh+Qc+Ks", &[5, 0, 1, 2]));
        let three = Selection { slots: vec![5, 0, 2], partners: vec![1] };
        assert_eq!(decide_click(&v, Some(&three), 0), picked(&[5, 2], &[0, 1]), "the others keep their order");
    }

    #[test]
    fn a_wrong_card_explains_the_whole_group_and_keeps_a_pick_of_two() {
        let v = adding_view();
        let two = Selection { slots: vec![0, 1], partners: vec![2] };
        assert_eq!(decide_click(&v, Some(&two), 3), Decision::ExplainGroup(vec![0, 1, 3]));
        assert_eq!(group_notation(&v, &[0, 1, 3]).as_deref(), Some("Jh+Qc+5h"));
        assert_eq!(group_notation(&v, &[0, 10]), None, "an empty reserve has no notation");
        let one = Selection { slots: vec![0], partners: vec![1, 2] };
        assert_eq!(decide_click(&v, Some(&one), 3), Decision::ExplainPair(0, 3), "one picked card: as ever");
    }

    #[test]
    fn a_drag_onto_part_of_a_bigger_move_picks_both() {
        let v = adding_view();
        assert_eq!(decide_drop(&v, None, 0, 1), picked(&[0, 1], &[2]));
        assert_eq!(decide_drop(&v, None, 3, 4), picked(&[3, 4], &[5]), "a pair inside a run waits too");
        assert_eq!(decide_drop(&v, None, 0, 10), Decision::Apply(mv(0, "Jh>reserve", &[0, 10])));
        assert_eq!(decide_drop(&v, None, 0, 3), Decision::ExplainPair(0, 3));
    }

    #[test]
    fn a_drag_from_a_pick_of_two_adds_the_card_it_lands_on() {
        let v = adding_view();
        let two = Selection { slots: vec![0, 1], partners: vec![2] };
        assert_eq!(decide_drop(&v, Some(&two), 1, 2), Decision::Apply(mv(1, "Jh+Qc+Ks", &[0, 1, 2])));
        assert_eq!(decide_drop(&v, Some(&two), 2, 0), Decision::Apply(mv(1, "Jh+Qc+Ks", &[0, 1, 2])));
        assert_eq!(decide_drop(&v, Some(&two), 1, 3), Decision::ExplainGroup(vec![0, 1, 3]));
    }

    #[test]
    fn pairs_play_on_the_second_click_or_drop_as_before() {
        let v = view(vec![mv(0, "6c+7s", &[1, 3]), mv(1, "Kh", &[0])]);
        let six = pick_after(decide_click(&v, None, 1));
        assert_eq!(six, Selection { slots: vec![1], partners: vec![3] });
        assert_eq!(pick_prompt(&v, &six), "6♣ selected: pick a highlighted card.");
        assert_eq!(decide_click(&v, Some(&six), 3), Decision::Apply(mv(0, "6c+7s", &[1, 3])));
        assert_eq!(decide_click(&v, Some(&six), 1), Decision::Deselect);
        assert_eq!(decide_click(&v, Some(&six), 2), Decision::ExplainPair(1, 2));
        assert_eq!(decide_drop(&v, None, 3, 1), Decision::Apply(mv(0, "6c+7s", &[1, 3])));
        assert_eq!(decide_drop(&v, Some(&six), 0, 1), Decision::ExplainPair(0, 1));
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
