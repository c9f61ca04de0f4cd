//! One game, played inside its own sandboxed instance.
//!
//! Every call runs with a fuel budget in a store with a memory cap. When the
//! plugin traps, the instance is thrown away, a new one is made and the last
//! good snapshot restored, so the player loses nothing; the error names the
//! plugin, the call and what went wrong (a panic's message included).

use crate::bindings;
use crate::convert;
use crate::limits::Limits;
use crate::notation;
use crate::plugin::{LoadedPlugin, LogLine, StoreState};
use crate::validate::{self, Move};
use patience_engine::deal::Deal;
use patience_engine::layout::{HudItem, Layout, Status};
use patience_engine::options::OptionValue;
use patience_engine::solver::{BestScore, Solution, Verdict};
use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;
use wasmtime::component::ResourceAny;
use wasmtime::Store;

/// A plugin misbehaved: it trapped or returned something invalid.
#[derive(Clone, Debug, PartialEq)]
pub struct PluginFault {
    /// `relaxed` 1.0.0 from bundled (relaxed.wasm)
    pub plugin: String,
    /// The contract function that failed.
    pub call: &'static str,
    /// What the plugin did.
    pub problem: String,
    /// Whether the game was rebuilt from its last good state.
    pub recovered: bool,
}

impl fmt::Display for PluginFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "plugin {} failed in `{}`: {}", self.plugin, self.call, self.problem)?;
        if self.recovered {
            write!(f, " (the game was restored to its last good state)")?;
        }
        Ok(())
    }
}

impl std::error::Error for PluginFault {}

#[derive(Clone, Debug, PartialEq)]
pub enum GameError {
    /// The move is not legal now; `reason` is the plugin's explanation.
    IllegalMove { notation: String, reason: String },
    /// The plugin declined a request (bad deal, bad settings, bad snapshot).
    Refused(String),
    Fault(PluginFault),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove { notation, reason } => write!(f, "illegal move `{notation}`: {reason}"),
            GameError::Refused(message) => write!(f, "{message}"),
            GameError::Fault(fault) => write!(f, "{fault}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Turns a wasmtime error from a call into one sentence about the plugin.
/// `memory_refused`: the call was refused memory it asked for, so a failure
/// that is not plainly something else is put down to the memory limit.
pub(crate) fn describe_trap(
    error: &wasmtime::Error,
    last_log: Option<&str>,
    limits: &Limits,
    solving: bool,
    memory_refused: bool,
) -> String {
    let panic = last_log.and_then(|line| line.strip_prefix("panic: "));
    let memory = || {
        let limit = limits.memory_for(solving) >> 20;
        let key = if solving { "solve_memory_mib" } else { "memory_mib" };
        format!("it tried to use more than {limit} MiB of memory (the limit `{key}` in the host config)")
    };
    if let Some(trap) = error.downcast_ref::<wasmtime::Trap>() {
        return match trap {
            wasmtime::Trap::OutOfFuel => {
                if solving {
                    format!(
                        "it ran out of fuel: more than {} instructions in one call (an endless loop, or a search \
                         longer than the limit `solve_fuel` in the host config allows)",
                        limits.solve_fuel
                    )
                } else {
                    format!("it ran out of fuel: more than {} instructions in one call (an endless loop?)", limits.call_fuel)
                }
            }
            wasmtime::Trap::StackOverflow => "it overflowed its stack (endless recursion?)".to_string(),
            _ if memory_refused => memory(),
            wasmtime::Trap::UnreachableCodeReached => match panic {
                Some(message) => format!("it panicked: {message}"),
                None => "it aborted (hit `unreachable`)".to_string(),
            },
            other => format!("it trapped: {other}"),
        };
    }
    let text = format!("{error:#}");
    if memory_refused || (text.contains("memory") && (text.contains("grow") || text.contains("limit"))) {
        return memory();
    }
    // wasmtime's "hostcall fuel", which the runtime sets to the output limit.
    if text.contains("too much data is being copied") {
        return format!(
            "it tried to hand the host more than {} MiB of data in one answer or log line",
            limits.output_bytes >> 20
        );
    }
    // The answer itself could not be read: bad UTF-8, a pointer outside its
    // memory, a misaligned list.
    if ["utf-8", "out of bounds", "not aligned", "invalid discriminant"].iter().any(|sign| text.contains(sign)) {
        return format!("it returned malformed data: {text}");
    }
    match panic {
        Some(message) => format!("it panicked: {message}"),
        None => format!("it failed: {text}"),
    }
}

/// Everything a player can see of a position: what the app shows, and what
/// the conformance check compares between two readings.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub layout: Layout,
    pub hud: Vec<HudItem>,
    pub moves: Vec<Move>,
    pub status: Status,
}

/// A game in progress in its own sandboxed instance.
pub struct Game {
    plugin: Arc<LoadedPlugin>,
    store: Store<StoreState>,
    instance: bindings::Plugin,
    handle: ResourceAny,
    /// The state after the last successful start, restore or apply.
    last_good: Vec<u8>,
    /// Slot ids of the latest layout, for checking moves; `None` when a move
    /// has been applied since.
    slot_ids: Option<HashSet<u32>>,
    /// Set when the plugin failed and its last good state could not be
    /// restored either: the instance is dead, and every call says so (with
    /// this reason) until [`Game::reset_to`] rebuilds the game from another
    /// snapshot. `last_good` still holds the state, for saving.
    broken: Option<String>,
}

type Guest<'a> = bindings::exports::patience::plugin::rules::GuestGame<'a>;

impl Game {
    /// Starts a game of `plugin` with `deal` and `settings` (options not
    /// named take their defaults).
    pub fn start(plugin: &Arc<LoadedPlugin>, deal: &Deal, settings: &[(String, OptionValue)]) -> Result<Game, GameError> {
        let wit_deal = convert::deal_to_wit(deal);
        let wit_settings = convert::settings_to_wit(settings);
        Game::create(plugin, "start", |store, guest| guest.call_start(store, &wit_deal, &wit_settings))
    }

    /// Starts `deal` afresh in this game's instance, dropping the game it
    /// held. For a worker that goes through many deals: instantiating costs
    /// more than many a whole solve. A game whose instance has failed gets
    /// a fresh instance instead, and a failure here marks it so.
    pub fn start_again(&mut self, deal: &Deal, settings: &[(String, OptionValue)]) -> Result<(), GameError> {
        if self.broken.is_some() {
            *self = Game::start(&self.plugin, deal, settings)?;
            return Ok(());
        }
        let wit_deal = convert::deal_to_wit(deal);
        let wit_settings = convert::settings_to_wit(settings);
        let started = self.call_with("start", false, false, |store, guest, _| guest.call_start(store, &wit_deal, &wit_settings));
        let handle = match started {
            Ok(Ok(handle)) => handle,
            Ok(Err(message)) => return Err(GameError::Refused(message)),
            Err(error) => return Err(self.mark_broken(error)),
        };
        let previous = std::mem::replace(&mut self.handle, handle);
        if let Err(error) = previous.resource_drop(&mut self.store) {
            let fault = PluginFault {
                plugin: self.plugin.describe(),
                call: "drop",
                problem: describe_trap(&error, None, self.plugin.runtime().limits(), false, self.store.data().limits.refused),
                recovered: false,
            };
            return Err(self.mark_broken(GameError::Fault(fault)));
        }
        self.slot_ids = None;
        self.store.data_mut().log.clear();
        match self.call_with("snapshot", false, false, |store, guest, game| guest.call_snapshot(store, game)) {
            Ok(snapshot) => {
                self.last_good = snapshot;
                Ok(())
            }
            Err(error) => Err(self.mark_broken(error)),
        }
    }

    /// After a failure outside the recovering calls: the instance may be
    /// unusable, so the next [`Game::start_again`] builds a new one.
    fn mark_broken(&mut self, error: GameError) -> GameError {
        if let GameError::Fault(fault) = &error {
            self.broken = Some(format!("the plugin failed in `{}`: {}", fault.call, fault.problem));
        }
        error
    }

    /// A game rebuilt from a snapshot made by [`Game::snapshot`].
    pub fn restore(plugin: &Arc<LoadedPlugin>, snapshot: &[u8]) -> Result<Game, GameError> {
        Game::create(plugin, "restore", |store, guest| guest.call_restore(store, snapshot))
    }

    fn create(
        plugin: &Arc<LoadedPlugin>,
        call: &'static str,
        make: impl FnOnce(&mut Store<StoreState>, &Guest<'_>) -> wasmtime::Result<Result<ResourceAny, String>>,
    ) -> Result<Game, GameError> {
        let runtime = plugin.runtime();
        let mut store = runtime.new_store(runtime.limits().call_fuel);
        let fault = |store: &Store<StoreState>, error: wasmtime::Error| {
            let last = store.data().log.last().map(|line| line.message.clone());
            GameError::Fault(PluginFault {
                plugin: plugin.describe(),
                call,
                problem: describe_trap(&error, last.as_deref(), runtime.limits(), false, store.data().limits.refused),
                recovered: false,
            })
        };
        let instance = match plugin.pre.instantiate(&mut store) {
            Ok(instance) => instance,
            Err(error) => return Err(fault(&store, error)),
        };
        let handle = match make(&mut store, &instance.patience_plugin_rules().game()) {
            Ok(Ok(handle)) => handle,
            Ok(Err(message)) => return Err(GameError::Refused(message)),
            Err(error) => return Err(fault(&store, error)),
        };
        let mut game =
            Game { plugin: Arc::clone(plugin), store, instance, handle, last_good: Vec::new(), slot_ids: None, broken: None };
        // No recovery here: there is no good state yet, and recovering would
        // create a game again — for ever, with a plugin that restores
        // anything but cannot snapshot.
        game.last_good = game.call_with("snapshot", false, false, |store, guest, game| guest.call_snapshot(store, game))?;
        Ok(game)
    }

    pub fn plugin(&self) -> &Arc<LoadedPlugin> {
        &self.plugin
    }

    /// The linear memory the game's instance holds, in bytes: the most it
    /// ever grew to (wasm memory never shrinks).
    pub fn memory_bytes(&self) -> usize {
        self.store.data().limits.memory_used
    }

    /// What the plugin logged recently (oldest first).
    pub fn log(&self) -> &[LogLine] {
        &self.store.data().log
    }

    /// Runs one contract call with a fresh fuel budget; on a trap, rebuilds
    /// the instance from the last good snapshot and reports a fault.
    fn call<R>(
        &mut self,
        call: &'static str,
        solving: bool,
        run: impl FnOnce(&mut Store<StoreState>, &Guest<'_>, ResourceAny) -> wasmtime::Result<R>,
    ) -> Result<R, GameError> {
        self.call_with(call, solving, true, run)
    }

    /// [`Game::call`], rebuilding the instance after a trap only if
    /// `recover`.
    fn call_with<R>(
        &mut self,
        call: &'static str,
        solving: bool,
        recover: bool,
        run: impl FnOnce(&mut Store<StoreState>, &Guest<'_>, ResourceAny) -> wasmtime::Result<R>,
    ) -> Result<R, GameError> {
        if let Some(reason) = &self.broken {
            return Err(GameError::Fault(PluginFault {
                plugin: self.plugin.describe(),
                call,
                problem: format!("the game cannot go on: {reason}"),
                recovered: false,
            }));
        }
        let limits = self.plugin.runtime().limits().clone();
        let fuel = if solving { limits.solve_fuel } else { limits.call_fuel };
        self.store.set_fuel(fuel).expect("fuel is enabled");
        let limiter = &mut self.store.data_mut().limits;
        limiter.memory_limit = limits.memory_for(solving);
        limiter.refused = false;
        let logged_before = self.store.data().lines_logged;
        let guest = self.instance.patience_plugin_rules().game();
        match run(&mut self.store, &guest, self.handle) {
            Ok(value) => Ok(value),
            Err(error) => {
                // Only a line logged during this call can be its panic message.
                let data = self.store.data();
                let fresh = (data.lines_logged > logged_before).then(|| data.log.last()).flatten();
                let problem = describe_trap(&error, fresh.map(|l| l.message.as_str()), &limits, solving, data.limits.refused);
                if !recover {
                    return Err(GameError::Fault(PluginFault { plugin: self.plugin.describe(), call, problem, recovered: false }));
                }
                Err(self.recover_after(call, problem))
            }
        }
    }

    /// After the plugin failed in `call` with `problem`: rebuilds the game
    /// from its last good state, or, if even that fails, marks it broken.
    fn recover_after(&mut self, call: &'static str, mut problem: String) -> GameError {
        let recovered = match self.recover() {
            Ok(()) => true,
            Err(failure) => {
                let why = match failure {
                    GameError::Fault(fault) => format!("`{}` failed: {}", fault.call, fault.problem),
                    other => format!("`restore` refused it: {other}"),
                };
                problem = format!("{problem}; its last good state could not be restored either ({why})");
                self.broken = Some(format!(
                    "after the plugin failed in `{call}`, its last good state could not be restored ({why}); \
                     undo, restart or load a saved game"
                ));
                false
            }
        };
        GameError::Fault(PluginFault { plugin: self.plugin.describe(), call, problem, recovered })
    }

    /// A plugin answered, but with something invalid.
    fn invalid(&self, call: &'static str, error: anyhow::Error) -> GameError {
        GameError::Fault(PluginFault {
            plugin: self.plugin.describe(),
            call,
            problem: format!("it returned something invalid: {error:#}"),
            recovered: false,
        })
    }

    /// A new instance with the last good state. The old store goes with
    /// everything the failed instance allocated.
    fn recover(&mut self) -> Result<(), GameError> {
        let rebuilt = Game::restore(&self.plugin, &self.last_good)?;
        let log = std::mem::take(&mut self.store.data_mut().log);
        *self = rebuilt;
        self.store.data_mut().log = log;
        Ok(())
    }

    pub fn layout(&mut self) -> Result<Layout, GameError> {
        let raw = self.call("layout", false, |store, guest, game| guest.call_layout(store, game))?;
        let layout = convert::layout(raw).map_err(|e| self.invalid("layout", e))?;
        let ids = validate::layout_within(&layout, self.plugin.runtime().limits()).map_err(|e| self.invalid("layout", e))?;
        self.slot_ids = Some(ids);
        Ok(layout)
    }

    pub fn hud(&mut self) -> Result<Vec<HudItem>, GameError> {
        let raw = self.call("hud", false, |store, guest, game| guest.call_hud(store, game))?;
        let hud = convert::hud(raw);
        validate::hud(&hud).map_err(|e| self.invalid("hud", e))?;
        Ok(hud)
    }

    /// The listed moves as the plugin answered, not yet validated.
    fn raw_moves(&mut self) -> Result<Vec<Move>, GameError> {
        let raw = self.call("moves", false, |store, guest, game| guest.call_moves(store, game))?;
        Ok(raw.into_iter().map(|m| Move { id: m.id, notation: m.notation, label: m.label, slots: m.slots }).collect())
    }

    pub fn moves(&mut self) -> Result<Vec<Move>, GameError> {
        let moves = self.raw_moves()?;
        if self.slot_ids.is_none() {
            self.layout()?;
        }
        let ids = self.slot_ids.as_ref().expect("layout() just set it");
        validate::moves_within(&moves, ids, self.plugin.runtime().limits()).map_err(|e| self.invalid("moves", e))?;
        Ok(moves)
    }

    pub fn status(&mut self) -> Result<Status, GameError> {
        let raw = self.call("status", false, |store, guest, game| guest.call_status(store, game))?;
        let status = convert::status(raw);
        validate::status(&status).map_err(|e| self.invalid("status", e))?;
        Ok(status)
    }

    /// Applies move `id` from the latest [`Game::moves`].
    pub fn apply(&mut self, id: u32) -> Result<Status, GameError> {
        let result = self.call("apply", false, |store, guest, game| guest.call_apply(store, game, id))?;
        self.slot_ids = None;
        match result {
            Ok(raw) => {
                let status = convert::status(raw);
                if let Err(error) = validate::status(&status) {
                    // The move happened inside the plugin, but the host will
                    // not record it: put the plugin back where the host is.
                    return Err(self.recover_after("apply", format!("it returned something invalid: {error:#}")));
                }
                self.last_good = self.snapshot()?;
                Ok(status)
            }
            Err(message) => Err(GameError::Refused(message)),
        }
    }

    /// Plays a move written in notation (`draw`, `Kh`, `6c+7d`; pairs in
    /// either order). An illegal move is explained by the plugin.
    pub fn play(&mut self, text: &str) -> Result<(Move, Status), GameError> {
        let moves = self.moves()?;
        match notation::find(&moves, text) {
            Some(found) => {
                let found = found.clone();
                let status = self.apply(found.id)?;
                Ok((found, status))
            }
            None => {
                let reason = self.explain(text.trim())?;
                Err(GameError::IllegalMove { notation: text.trim().to_string(), reason })
            }
        }
    }

    /// The status after `line`, played by the plugin's `line-check` in a
    /// fresh instance from the state the host holds: one call.
    fn play_line_in_one_call(
        &mut self,
        indices: &bindings::line_check::LineCheckOnlyIndices,
        line: &[String],
        call: &'static str,
    ) -> Result<Status, GameError> {
        let snapshot = &self.last_good;
        let played = self.call_in_fresh_instance("play-line", false, |store, instance| {
            indices.load(&mut *store, instance)?.patience_plugin_line_check().call_play_line(store, snapshot, line)
        })?;
        match played {
            Ok(raw) => {
                let status = convert::status(raw);
                validate::status(&status).map_err(|e| self.invalid("play-line", e))?;
                Ok(status)
            }
            Err(why) => Err(self.invalid(call, anyhow::anyhow!("{} fails: {why}", claimed_line(call)))),
        }
    }

    /// `run` on an instance of its own, restored from nothing (for the
    /// optional exports that take a snapshot): a trap is a fault of `call`,
    /// and the game the host holds is untouched. `solving` gives the call
    /// a solve's fuel.
    fn call_in_fresh_instance<T>(
        &self,
        call: &'static str,
        solving: bool,
        run: impl FnOnce(&mut Store<StoreState>, &wasmtime::component::Instance) -> wasmtime::Result<T>,
    ) -> Result<T, GameError> {
        let runtime = self.plugin.runtime();
        let fuel = if solving { runtime.limits().solve_fuel } else { runtime.limits().call_fuel };
        let mut store = runtime.new_store(fuel);
        let done = self.plugin.pre.instance_pre().instantiate(&mut store).and_then(|instance| run(&mut store, &instance));
        done.map_err(|error| {
            let last = store.data().log.last().map(|line| line.message.clone());
            let problem = describe_trap(&error, last.as_deref(), runtime.limits(), solving, store.data().limits.refused);
            GameError::Fault(PluginFault { plugin: self.plugin.describe(), call, problem, recovered: true })
        })
    }

    /// The status after `line`, played through the host on a fresh copy:
    /// for plugins without `line-check`.
    fn play_line_move_by_move(&mut self, line: &[String], call: &'static str) -> Result<Status, GameError> {
        let mut copy = Game::restore(&self.plugin, &self.last_good)?;
        let mut status = copy.status()?;
        for (index, step) in line.iter().enumerate() {
            status = copy.replay_step(step).map_err(|error| {
                self.invalid(call, anyhow::anyhow!("{} fails at move {} (`{step}`): {error}", claimed_line(call), index + 1))
            })?;
        }
        Ok(status)
    }

    /// One move of a line being checked, on a copy thrown away after: the
    /// move listed under that notation, applied. Unlike [`Game::play`] it
    /// asks for no layout and keeps no snapshot per move (the two cost more
    /// than the search on short lines); the moves and the status are
    /// validated as ever.
    fn replay_step(&mut self, text: &str) -> Result<Status, GameError> {
        let moves = self.raw_moves()?;
        validate::move_texts(&moves, self.plugin.runtime().limits()).map_err(|e| self.invalid("moves", e))?;
        let Some(id) = notation::find(&moves, text).map(|found| found.id) else {
            let reason = self.explain(text.trim())?;
            return Err(GameError::IllegalMove { notation: text.trim().to_string(), reason });
        };
        self.slot_ids = None;
        match self.call("apply", false, |store, guest, game| guest.call_apply(store, game, id))? {
            Ok(raw) => {
                let status = convert::status(raw);
                validate::status(&status).map_err(|e| self.invalid("apply", e))?;
                Ok(status)
            }
            Err(message) => Err(GameError::Refused(message)),
        }
    }

    pub fn explain(&mut self, text: &str) -> Result<String, GameError> {
        let reason = self.call("explain", false, |store, guest, game| guest.call_explain(store, game, text))?;
        validate::message("the explanation", &reason).map_err(|e| self.invalid("explain", e))?;
        Ok(reason)
    }

    /// The state after the last successful start, restore or apply, as the
    /// host holds it (no plugin call).
    pub fn current_snapshot(&self) -> &[u8] {
        &self.last_good
    }

    pub fn snapshot(&mut self) -> Result<Vec<u8>, GameError> {
        self.call("snapshot", false, |store, guest, game| guest.call_snapshot(store, game))
    }

    /// Puts the game back to an earlier snapshot (undo, redo, load).
    pub fn reset_to(&mut self, snapshot: &[u8]) -> Result<(), GameError> {
        let log = std::mem::take(&mut self.store.data_mut().log);
        *self = Game::restore(&self.plugin, snapshot)?;
        self.store.data_mut().log = log;
        Ok(())
    }

    /// A copy of this game with every card the player has not seen dealt
    /// anew (see the contract's `resample`), as a separate game with its own
    /// instance. `None` when the plugin does not support it.
    pub fn resample(&mut self, seed: u64) -> Result<Option<Game>, GameError> {
        let sample = self.call("resample", false, |store, guest, game| {
            let Some(handle) = guest.call_resample(&mut *store, game, seed)? else { return Ok(None) };
            let guest_game = guest.call_snapshot(&mut *store, handle);
            handle.resource_drop(&mut *store)?;
            guest_game.map(Some)
        })?;
        match sample {
            Some(snapshot) => Game::restore(&self.plugin, &snapshot).map(Some),
            None => Ok(None),
        }
    }

    /// Asks the plugin's solver for a winning line from here. The host does
    /// not trust a claimed win: it replays the line on a copy of the game,
    /// and a line that does not win is reported as a fault. `Winnable`
    /// means a line that ends in a won game; an older plugin's line that
    /// only clears a level (contract 1.0 allowed it) is a step, not a win,
    /// and the verdict is `Unknown`.
    pub fn solve(&mut self, budget: u64, optimal: bool) -> Result<Solution<String>, GameError> {
        let solution = self.plugin_solve(budget, optimal)?;
        if solution.verdict == Verdict::Winnable && self.check_line(&solution.line, "solve")? == LineEnd::Step {
            return Ok(Solution { verdict: Verdict::Unknown, line: Vec::new(), nodes: solution.nodes });
        }
        Ok(solution)
    }

    /// A line from here to the plugin's step ([`LoadedPlugin::step`]) or a
    /// win, checked like [`Game::solve`]'s: what hints and fair players
    /// aim for in a game too long to search whole at every move. A plugin
    /// without a step is asked for a win; an older plugin without the
    /// `steps` export, for what its `solve` answers (a win or a level).
    pub fn solve_step(&mut self, budget: u64) -> Result<Solution<String>, GameError> {
        let plugin = Arc::clone(&self.plugin);
        let solution = match (&plugin.steps, &plugin.step) {
            (Some(indices), Some(_)) => self.solve_step_in_plugin(indices, budget)?,
            (Some(_), None) => return self.solve(budget, false),
            (None, _) => self.plugin_solve(budget, false)?,
        };
        if solution.verdict == Verdict::Winnable {
            self.check_line(&solution.line, "solve-step")?;
        }
        Ok(solution)
    }

    /// The plugin's `solve`, unchecked.
    fn plugin_solve(&mut self, budget: u64, optimal: bool) -> Result<Solution<String>, GameError> {
        let raw = self.call("solve", true, |store, guest, game| guest.call_solve(store, game, budget, optimal))?;
        Ok(convert::solution(raw))
    }

    /// The plugin's `solve-step`, in a fresh instance from the state the
    /// host holds.
    fn solve_step_in_plugin(
        &mut self,
        indices: &bindings::steps::StepsOnlyIndices,
        budget: u64,
    ) -> Result<Solution<String>, GameError> {
        let snapshot = &self.last_good;
        let found = self.call_in_fresh_instance("solve-step", true, |store, instance| {
            indices.load(&mut *store, instance)?.patience_plugin_steps().call_solve_step(store, snapshot, budget)
        })?;
        match found {
            Ok(raw) => Ok(convert::solution(raw)),
            Err(why) => Err(self.invalid("solve-step", anyhow::anyhow!("it could not restore its own game: {why}"))),
        }
    }

    /// Replays a claimed line in a fresh instance, restored from the state
    /// the host holds, under the plugin's own rules: where it ends, or a
    /// fault when it ends neither in a win nor at a later level.
    fn check_line(&mut self, line: &[String], call: &'static str) -> Result<LineEnd, GameError> {
        let status = self.played_line(line, call)?;
        if status.outcome == patience_engine::layout::Outcome::Won {
            return Ok(LineEnd::Won);
        }
        // A step ends at a later level; an empty line is one only at the
        // start of a level (a game with levels, standing at the end of one).
        let before = self.status()?.level;
        let levelled_up = if line.is_empty() { status.level.is_some() } else { status.level.is_some() && status.level > before };
        if levelled_up {
            Ok(LineEnd::Step)
        } else {
            Err(self.invalid(call, anyhow::anyhow!("its claimed winning line does not win")))
        }
    }
}

impl Game {
    /// The status after `line` (notations as [`Game::moves`] lists them),
    /// played from here the way a claimed win is checked: in a fresh
    /// instance, in one call where the plugin has `line-check`. This game
    /// is untouched. A move that is not legal is a fault.
    pub fn play_line_elsewhere(&mut self, line: &[String]) -> Result<Status, GameError> {
        self.played_line(line, "play-line")
    }

    /// The status after `line`, played under the plugin's own rules in a
    /// fresh instance from the state the host holds (in one call where the
    /// plugin has `line-check`); a move that is not legal is a fault of
    /// `call`, which claimed the line.
    fn played_line(&mut self, line: &[String], call: &'static str) -> Result<Status, GameError> {
        let plugin = Arc::clone(&self.plugin);
        match &plugin.line_check {
            Some(indices) => self.play_line_in_one_call(indices, line, call),
            None => self.play_line_move_by_move(line, call),
        }
    }

    /// The line from here to the highest score the plugin's best-score
    /// search finds within `budget` positions, and its bound. Checked like
    /// a win: the line is replayed in a fresh instance and must end at the
    /// score claimed, and the bound may not be below it. `None` for a
    /// plugin without the search or a game that keeps no score.
    pub fn solve_best_score(&mut self, budget: u64) -> Result<Option<BestScore<String>>, GameError> {
        let plugin = Arc::clone(&self.plugin);
        let Some(indices) = &plugin.best_score else { return Ok(None) };
        let snapshot = &self.last_good;
        let found = self.call_in_fresh_instance("solve-best-score", true, |store, instance| {
            indices.load(&mut *store, instance)?.patience_plugin_best_score().call_solve_best_score(store, snapshot, budget)
        })?;
        let best = match found {
            Ok(Some(best)) => best,
            Ok(None) => return Ok(None),
            Err(why) => {
                return Err(self.invalid("solve-best-score", anyhow::anyhow!("it could not restore its own game: {why}")));
            }
        };
        let reached = self.played_line(&best.line, "solve-best-score")?.score;
        if reached != Some(best.score) {
            let reached = reached.map_or("no score".to_string(), |score| format!("a score of {score}"));
            let claim = anyhow::anyhow!("its best line ends with {reached}, not the {} it claims", best.score);
            return Err(self.invalid("solve-best-score", claim));
        }
        if let Some(bound) = best.bound.filter(|&bound| bound < best.score) {
            let claim = anyhow::anyhow!("its bound {bound} is below the score {} its own line reaches", best.score);
            return Err(self.invalid("solve-best-score", claim));
        }
        Ok(Some(BestScore { score: best.score, line: best.line, bound: best.bound, nodes: best.nodes }))
    }
}

/// How a fault names the line `call` claimed.
fn claimed_line(call: &str) -> &'static str {
    match call {
        "solve-best-score" => "its best line",
        "play-line" => "the line",
        _ => "its winning line",
    }
}

/// Where a checked line ends.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum LineEnd {
    Won,
    /// At a later level, not won.
    Step,
}
