//! The app's state and what it does: starting games (from the menu, a
//! typed deal number, the options panel, an explicit deck), the side-by-side
//! deal, hints, demos, rule-set studies, reloading changed plugins, and
//! keeping statistics and settings.
//!
//! The panels (`panels.rs`) only report what the player asked for as
//! [`Command`]s; all the doing happens here, in [`PatienceApp::run_command`].

use crate::animation::Animation;
use crate::board::BoardEvent;
use crate::choices::{self, Choice, Groups};
use crate::compare_panel::{ComparePanel, Entrant};
use crate::deal_search::{DealSearch, SearchEnd};
use crate::demo::{Demo, Tick};
use crate::difficulty::Difficulty;
use crate::explore_panel::ExplorePanel;
use crate::game_marks::{self, GameMarks};
use crate::hint::{Hint, HintView};
use crate::keyboard::{Cursor, Step};
use crate::measure::Measure;
use crate::options_panel::OptionsDraft;
use crate::plugin_watch::{PluginWatch, Reload};
use crate::rules_window::RulesWindow;
use crate::settings::{self, Settings};
use crate::side_by_side::{self, Compared, PaneAction, Pane, SideBySide};
use crate::stats::{self, Stats};
use crate::stats_window::StatsAction;
use crate::storage;
use crate::table::{Clock, GameResult, Table};
use patience_compare::explore;
use patience_compare::PlayerKind;
use patience_engine::card::Card;
use patience_engine::deal::{Deal, DealRng};
use patience_runtime::plugin::Source;
use patience_runtime::{Catalog, GameError, LoadedPlugin, RuleSet, Runtime, SavedGame};

/// The single game in progress, saved after every move (in the data dir).
pub const GAME_FILE: &str = "game.toml";
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Deal numbers offered by "New game" run from 1 to this.
pub const MAX_DEAL_NUMBER: u64 = 1_000_000;

/// Everything the player can ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    NewGame,
    Restart,
    Undo,
    Redo,
    Draw,
    /// Replay the deal number typed in the toolbar.
    PlayDeal,
    /// Start choice `n` of the menu on a new deal.
    Choose(usize),
    /// Esc in the Variants menu's filter: show every choice again.
    ClearMenuFilter,
    StartWithOptions,
    ToggleOptions,
    OpenRules,
    OpenStats,
    ShowSingle,
    ShowSideBySide,
    DealSideBySide,
    Board(BoardEvent),
    Pane(usize, PaneAction),
    /// Hides the fault banner (and the could-not-start one).
    DismissFault,
    DismissNotice(usize),
    /// Ask the solver for the next move of a winning line (H).
    Hint,
    ShowCompare,
    RunStudy,
    CancelStudy,
    /// Deal a deal two studied rule sets disagree on side by side.
    OpenDisagreement { first: usize, second: usize, deal: u64 },
    /// View → Explore rule space.
    ShowExplore,
    RunExplore,
    CancelExplore,
    /// Play combination `n` of the last exploration on a new deal.
    PlayExplored(usize),
    /// Put combination `n` of the last exploration among Side by side's
    /// picks, and show Side by side.
    AddExploredToSideBySide(usize),
    /// Save combination `n` of the last exploration as a rule set file.
    SaveExplored(usize),
    StartDemo(PlayerKind),
    /// Pause or resume the demo.
    PauseDemo,
    StepDemo,
    StopDemo,
    DismissDemo,
    /// Look at the plugin directories now instead of within a second.
    ReloadPlugins,
    /// An arrow key: moves the keyboard cursor on the board (the first
    /// key only shows it).
    MoveCursor(Step),
    /// Shows the keyboard cursor where it starts (Tab reached the board).
    ShowCursor,
    /// Enter / Space: the slot under the cursor, as if clicked.
    Activate,
    /// Esc: drops the selection, or else hides the cursor.
    Cancel,
    /// Game → Winnable deals only, for the rule set being played.
    ToggleWinnableOnly,
    /// Stop looking for a winnable deal.
    CancelDealSearch,
    /// Measure the difficulty of the rule set in the options panel.
    MeasureDifficulty,
    CancelMeasure,
    /// The statistics window's reset.
    Stats(StatsAction),
    /// View → Animations: cards slide to their places, or just appear.
    ToggleAnimations,
    Quit,
}

impl Command {
    /// Commands with which the player plays the game on the table
    /// themselves: a demo in progress stops for them.
    fn takes_over(&self) -> bool {
        matches!(
            self,
            Command::NewGame
                | Command::Restart
                | Command::Undo
                | Command::Redo
                | Command::Draw
                | Command::PlayDeal
                | Command::Choose(_)
                | Command::StartWithOptions
                | Command::Board(_)
                | Command::Activate
        )
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Single,
    SideBySide,
    Compare,
    Explore,
}

/// Where new deal numbers come from.
pub(crate) enum DealNumbers {
    Random(DealRng),
    /// Tests: 1, 2, 3, …
    Counting(u64),
}

impl DealNumbers {
    fn next(&mut self) -> u64 {
        match self {
            DealNumbers::Random(rng) => rng.below(MAX_DEAL_NUMBER) + 1,
            DealNumbers::Counting(next) => {
                *next += 1;
                *next - 1
            }
        }
    }
}

pub struct PatienceApp {
    pub(crate) catalog: Catalog,
    /// The rule set files read at start or saved since, and the rule sets
    /// made here without a file (an explored combination dealt side by
    /// side), kept to rebuild the choices when a plugin is reloaded.
    pub(crate) rule_sets: Vec<RuleSet>,
    pub(crate) choices: Vec<Choice>,
    /// Which group of the Variants menu each choice goes in.
    pub(crate) groups: Groups,
    /// What is typed in the Variants menu's filter box.
    pub(crate) menu_filter: String,
    /// The Variants menu was open last frame (so the filter takes the
    /// keyboard only when it opens, not on every frame).
    pub(crate) menu_open: bool,
    /// The key of the choice being played (for the menu and the settings).
    pub(crate) current_choice: Option<String>,
    pub(crate) table: Option<Table>,
    /// The keyboard cursor on the single game's board.
    pub(crate) cursor: Cursor,
    /// The single game's cards sliding after a move.
    pub(crate) animation: Animation,
    /// Why no game is on the table.
    pub(crate) start_problem: Option<String>,
    pub(crate) first_game_pending: bool,
    pub(crate) mode: Mode,
    pub(crate) deal_entry: String,
    pub(crate) options_open: bool,
    pub(crate) draft: Option<OptionsDraft>,
    pub(crate) rules: RulesWindow,
    pub(crate) stats_open: bool,
    pub(crate) side: SideBySide,
    pub(crate) hint: Hint,
    pub(crate) demo: Demo,
    pub(crate) compare: ComparePanel,
    pub(crate) explore: ExplorePanel,
    pub(crate) watch: Option<PluginWatch>,
    pub(crate) data_dir: PathBuf,
    pub(crate) settings: Settings,
    pub(crate) stats: Stats,
    pub(crate) notices: Vec<String>,
    pub(crate) deals: DealNumbers,
    pub(crate) clock: Clock,
    pub(crate) commands: Vec<Command>,
    pub(crate) quit_requested: bool,
    pub(crate) styled: bool,
    /// Measured difficulty per rule set (the study files, and what was
    /// measured in this run).
    pub(crate) difficulty: Difficulty,
    pub(crate) measure: Measure,
    /// "Winnable deals only" looking for the next deal.
    pub(crate) deal_search: DealSearch,
    /// No settings file existed: the first game is chosen for a newcomer.
    pub(crate) first_launch: bool,
    /// The rule set (plugin, name) whose statistics reset waits for a yes.
    pub(crate) stats_reset: Option<(String, String)>,
}

impl PatienceApp {
    /// An app over `catalog` and the `rule_sets` read from disk, keeping its
    /// settings and statistics in `data_dir`. The first game starts on the
    /// first frame (the last variant played, or the first one).
    pub fn new(catalog: Catalog, rule_sets: Vec<RuleSet>, data_dir: PathBuf) -> PatienceApp {
        let first_launch = !data_dir.join(settings::FILE_NAME).exists();
        let loaded_settings = storage::load::<Settings>(&data_dir.join(settings::FILE_NAME), "settings");
        let loaded_stats = storage::load::<Stats>(&data_dir.join(stats::FILE_NAME), "statistics");
        let mut notices: Vec<String> = catalog
            .problems()
            .iter()
            .map(|problem| format!("Plugin {} not loaded: {}", problem.source, problem.message))
            .collect();
        notices.extend(loaded_settings.notice);
        notices.extend(loaded_stats.notice);
        let groups = Groups::default().with_saved_dir(choices::saved_rule_sets_dir(&data_dir));
        let choices = choices::choices(&catalog, &rule_sets, &groups);
        let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64);
        PatienceApp {
            catalog,
            rule_sets,
            choices,
            groups,
            menu_filter: String::new(),
            menu_open: false,
            current_choice: None,
            table: None,
            cursor: Cursor::default(),
            animation: Animation::default(),
            start_problem: None,
            first_game_pending: true,
            mode: Mode::Single,
            deal_entry: String::new(),
            options_open: false,
            draft: None,
            rules: RulesWindow::default(),
            stats_open: false,
            side: SideBySide::default(),
            hint: Hint::default(),
            demo: Demo::default(),
            compare: ComparePanel::default(),
            explore: ExplorePanel::default(),
            watch: None,
            data_dir,
            settings: loaded_settings.value,
            stats: loaded_stats.value,
            notices,
            deals: DealNumbers::Random(DealRng::new(seed)),
            clock: Clock::Real,
            commands: Vec::new(),
            quit_requested: false,
            styled: false,
            difficulty: Difficulty::default(),
            measure: Measure::default(),
            deal_search: DealSearch::default(),
            first_launch,
            stats_reset: None,
        }
    }

    /// The groups of the Variants menu: each bundled plugin's (by its file
    /// name) and the order the menu lists them in (see [`Groups::new`]).
    pub fn with_groups(mut self, groups: Groups) -> PatienceApp {
        self.groups = groups.with_saved_dir(choices::saved_rule_sets_dir(&self.data_dir));
        self.choices = choices::choices(&self.catalog, &self.rule_sets, &self.groups);
        self
    }

    /// The Variants menu as it shows now: each group in order with the
    /// indices of its choices that pass the filter; groups left empty by
    /// the filter are left out.
    pub fn menu_groups(&self) -> Vec<(String, Vec<usize>)> {
        self.grouped(self.menu_filter.trim())
    }

    /// Every choice by group, as the Side by side and Compare pickers
    /// list them.
    pub(crate) fn all_groups(&self) -> Vec<(String, Vec<usize>)> {
        self.grouped("")
    }

    fn grouped(&self, filter: &str) -> Vec<(String, Vec<usize>)> {
        self.groups
            .in_order(&self.choices)
            .into_iter()
            .map(|group| {
                let members = (0..self.choices.len())
                    .filter(|&index| self.choices[index].group == group && choices::matches_filter(&self.choices[index], filter))
                    .collect::<Vec<_>>();
                (group, members)
            })
            .filter(|(_, members)| !members.is_empty())
            .collect()
    }

    /// What is typed in the Variants menu's filter.
    pub fn menu_filter(&self) -> &str {
        &self.menu_filter
    }

    /// The measured difficulty the menus show (see `difficulty`); on a
    /// first launch the kindest rule set in it is the first game.
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> PatienceApp {
        self.difficulty = difficulty;
        self
    }

    /// Test hook: how many deals measuring a rule set takes.
    pub fn with_measure_sizes(mut self, solver_deals: u64, expert_deals: u64) -> PatienceApp {
        self.measure.solver_deals = solver_deals;
        self.measure.expert_deals = expert_deals;
        self
    }

    pub fn difficulty(&self) -> &Difficulty {
        &self.difficulty
    }

    /// Measuring a rule set: (finished, all) games, while it runs.
    pub fn measuring(&self) -> Option<(u64, u64)> {
        self.measure.running.as_ref().map(|running| running.job.progress())
    }

    /// True while "winnable deals only" looks for the next deal.
    pub fn is_searching_deal(&self) -> bool {
        self.deal_search.is_running()
    }

    /// Whether "winnable deals only" is on for the rule set being played.
    pub fn winnable_only(&self) -> bool {
        self.current_choice.as_ref().is_some_and(|key| self.settings.winnable_only.contains(key))
    }

    /// Notices to show at the top (e.g. rule set files that did not load).
    pub fn with_notices(mut self, notices: Vec<String>) -> PatienceApp {
        self.notices.extend(notices);
        self
    }

    /// Test hook: new games get deal numbers `first`, `first + 1`, …
    pub fn with_deal_numbers_from(mut self, first: u64) -> PatienceApp {
        self.deals = DealNumbers::Counting(first);
        self
    }

    /// Test hook: cards slide after a move (`true`) or just appear, as
    /// View → Animations sets it. The tests' harness switches them off, so
    /// every snapshot shows cards at rest.
    pub fn with_animations(mut self, on: bool) -> PatienceApp {
        self.settings.animations = on;
        self
    }

    /// Test hook: every game clock shows `elapsed`.
    pub fn with_fixed_clock(mut self, elapsed: Duration) -> PatienceApp {
        self.clock = Clock::Fixed(elapsed);
        self
    }

    /// Test hook: every deal of a study reads as taking `per_deal`, so the
    /// Compare panel looks the same on any machine.
    pub fn with_fixed_study_time(mut self, per_deal: Duration) -> PatienceApp {
        self.compare.fixed_micros = Some(per_deal.as_micros() as u64);
        self
    }

    /// Watches `plugin_dirs` and reloads a plugin file that changes (see
    /// `plugin_watch`), loading it with `runtime` (the one the catalog was
    /// loaded with, so limits and the code cache stay the same).
    pub fn with_plugin_watch(mut self, runtime: Arc<Runtime>, plugin_dirs: Vec<PathBuf>) -> PatienceApp {
        self.watch = Some(PluginWatch::start(runtime, plugin_dirs));
        self
    }

    /// Test hook (and Game → Reload plugins): looks at the plugin
    /// directories now and takes in whatever changed.
    pub fn check_plugins_now(&mut self) {
        if let Some(watch) = &self.watch {
            watch.check_now();
        }
        self.take_reloads();
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// What the hint shows for the game on the table now.
    pub fn hint(&self) -> HintView {
        self.table.as_ref().map_or(HintView::Nothing, |table| self.hint.view(table))
    }

    pub fn demo(&self) -> &Demo {
        &self.demo
    }

    pub fn compare(&self) -> &ComparePanel {
        &self.compare
    }

    pub fn explore(&self) -> &ExplorePanel {
        &self.explore
    }

    /// Test hook: sets the demo's speed, in moves per second.
    pub fn set_demo_speed(&mut self, moves_per_second: f32) {
        self.demo.speed = moves_per_second.clamp(crate::demo::MIN_SPEED, crate::demo::MAX_SPEED);
    }

    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Test hook: the single game, to play moves on directly.
    pub fn table_mut(&mut self) -> Option<&mut Table> {
        self.table.as_mut()
    }

    pub fn side_by_side(&self) -> &SideBySide {
        &self.side
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// Why the last game could not be started, if it could not.
    pub fn start_problem(&self) -> Option<&str> {
        self.start_problem.as_deref()
    }

    /// Starts `rule_set` on `deal` in the single-game view.
    pub fn start(&mut self, rule_set: RuleSet, deal: Deal) {
        let key = self
            .choices
            .iter()
            .find(|choice| choice.rule_set.plugin == rule_set.plugin && choice.rule_set.path == rule_set.path && choice.rule_set.id == rule_set.id)
            .map(|choice| choice.key.clone());
        self.start_keyed(rule_set, deal, key);
    }

    /// Where the single game in progress is saved after every move, to be
    /// resumed at the next start.
    pub fn saved_game_path(&self) -> PathBuf {
        self.data_dir.join(GAME_FILE)
    }

    /// Resumes the game saved by the last run, if there is one still in
    /// play. A damaged save is moved aside by the runtime and named in a
    /// notice; a plugin change or a move that no longer applies too.
    fn resume_saved_game(&mut self) -> bool {
        let saved = match SavedGame::read(&self.saved_game_path()) {
            Ok(Some(saved)) => saved,
            Ok(None) => return false,
            Err(problem) => {
                self.notices.push(format!("{problem:#}"));
                return false;
            }
        };
        let resumed = match saved.resume_among(&self.catalog, &self.rule_sets) {
            Ok(resumed) => resumed,
            Err(problem) => {
                self.notices.push(format!("The saved game could not be resumed: {problem:#}"));
                return false;
            }
        };
        self.notices.extend(resumed.notice);
        let key = self
            .choices
            .iter()
            .find(|c| c.rule_set.plugin == resumed.session.rule_set.plugin && c.rule_set.name == resumed.session.rule_set.name)
            .map(|c| c.key.clone());
        match Table::from_session(resumed.session, self.clock) {
            Ok(mut table) if !table.is_over() => {
                table.autosave_to(Some(self.saved_game_path()));
                let marks = game_marks::load(&self.data_dir);
                self.notices.extend(marks.notice);
                let rule_set = table.rule_set();
                if marks.value.winnable_only && marks.value.belong_to(&rule_set.plugin, &rule_set.name, table.deal()) {
                    table.mark_winnable_only();
                }
                self.draft = Some(OptionsDraft::for_rule_set(table.rule_set(), &table.plugin().info.options));
                self.table = Some(table);
                self.current_choice = key.or_else(|| self.current_choice.clone());
                true
            }
            _ => false,
        }
    }

    /// Starts a game; `key` names the menu choice it counts as (for the
    /// menu's mark and the settings).
    fn start_keyed(&mut self, rule_set: RuleSet, deal: Deal, key: Option<String>) {
        self.first_game_pending = false;
        self.deal_search.cancel();
        self.hint.clear();
        self.mode = Mode::Single;
        self.leave_table();
        let Some(plugin) = self.catalog.find(&rule_set.plugin).cloned() else {
            self.start_problem = Some(format!("No plugin `{}` is loaded.", rule_set.plugin));
            return;
        };
        self.draft = Some(OptionsDraft::for_rule_set(&rule_set, &plugin.info.options));
        match Table::start(&plugin, rule_set, deal, self.clock) {
            Ok(mut table) => {
                table.autosave_to(Some(self.saved_game_path()));
                self.table = Some(table);
                self.start_problem = None;
            }
            Err(error) => self.start_problem = Some(start_error(&plugin.info.name, error)),
        }
        if key.is_some() {
            self.current_choice = key;
            self.settings.last_choice = self.current_choice.clone();
        }
        self.save_settings();
    }

    /// Starts `rule_set` on an explicit deck (the order the plugin
    /// documents) — how a known game is replayed card for card.
    pub fn start_with_deck(&mut self, rule_set: RuleSet, deck: Vec<Card>) {
        self.start(rule_set, Deal::Cards(deck));
    }

    /// Starts menu choice `index` (with the options saved for it) on `deal`.
    pub fn start_choice(&mut self, index: usize, deal: Deal) {
        let Some(choice) = self.choices.get(index).cloned() else { return };
        let rule_set = self.rule_set_with_saved_options(&choice);
        self.start_keyed(rule_set, deal, Some(choice.key));
    }

    /// Side by side: deals `deal` to each rule set.
    pub fn start_side_by_side(&mut self, rule_sets: Vec<(String, RuleSet)>, deal: u64) {
        self.mode = Mode::SideBySide;
        self.leave_panes();
        let mut panes = Vec::new();
        let mut compared = Vec::new();
        let mut problems = Vec::new();
        for (title, rule_set) in rule_sets {
            let Some(plugin) = self.catalog.find(&rule_set.plugin).cloned() else { continue };
            compared.push(Compared::new(&title, &plugin.info.name, &rule_set, &plugin.info.options));
            match Table::start(&plugin, rule_set, Deal::Seed(deal), self.clock) {
                Ok(table) => panes.push(Pane { title, table }),
                Err(error) => problems.push(format!("{title}: {}", start_error(&plugin.info.name, error))),
            }
        }
        self.side.differences = side_by_side::differences(&compared);
        self.side.panes = panes;
        self.side.deal_entry = deal.to_string();
        self.side.problem = (!problems.is_empty()).then(|| problems.join("; "));
    }

    /// Runs one command, as if the player had asked for it.
    pub fn run_command(&mut self, command: Command) {
        if command.takes_over() && self.demo.is_running() {
            self.demo.stop("Demo stopped: you took over.");
        }
        match command {
            Command::NewGame => self.new_game(),
            Command::Restart => self.restart(),
            Command::Undo => self.with_table(Table::undo),
            Command::Redo => self.with_table(Table::redo),
            Command::Draw => self.with_table(Table::draw),
            Command::PlayDeal => self.play_typed_deal(),
            Command::Choose(index) => self.deal_choice(index),
            Command::ClearMenuFilter => self.menu_filter.clear(),
            Command::StartWithOptions => self.start_with_options(),
            Command::ToggleOptions => self.options_open = !self.options_open,
            Command::OpenRules => self.rules.open = true,
            Command::OpenStats => self.stats_open = true,
            Command::ShowSingle => self.mode = Mode::Single,
            Command::ShowSideBySide => self.mode = Mode::SideBySide,
            Command::DealSideBySide => self.deal_side_by_side(),
            Command::Board(event) => {
                if let (BoardEvent::Clicked(slot), Some(table)) = (event, &self.table) {
                    self.cursor.put(table.layout(), slot);
                }
                if let BoardEvent::Dropped { .. } = event {
                    self.animation.dropped();
                }
                self.with_table(|table| play_event(table, event));
            }
            Command::MoveCursor(step) => {
                if let Some(table) = &self.table {
                    self.cursor.step(table.layout(), step);
                }
            }
            Command::ShowCursor => {
                if let Some(table) = &self.table {
                    self.cursor.show(table.layout());
                }
            }
            Command::Activate => self.activate(),
            Command::Cancel => self.cancel(),
            Command::ToggleWinnableOnly => self.toggle_winnable_only(),
            Command::CancelDealSearch => self.deal_search.cancel(),
            Command::MeasureDifficulty => self.measure_difficulty(),
            Command::CancelMeasure => self.measure.cancel(),
            Command::Stats(action) => self.stats_action(action),
            Command::ToggleAnimations => {
                self.settings.animations = !self.settings.animations;
                self.animation.snap();
                self.save_settings();
            }
            Command::Pane(index, action) => self.pane_action(index, action),
            Command::DismissFault => {
                self.start_problem = None;
                self.with_table(Table::dismiss_fault);
            }
            Command::DismissNotice(index) => {
                if index < self.notices.len() {
                    self.notices.remove(index);
                }
            }
            Command::Hint => self.ask_hint(),
            Command::ShowCompare => self.mode = Mode::Compare,
            Command::RunStudy => self.run_study(),
            Command::CancelStudy => self.compare.cancel(),
            Command::OpenDisagreement { first, second, deal } => self.open_disagreement(first, second, deal),
            Command::ShowExplore => self.mode = Mode::Explore,
            Command::RunExplore => self.run_explore(),
            Command::CancelExplore => self.explore.cancel(),
            Command::PlayExplored(index) => self.play_explored(index),
            Command::AddExploredToSideBySide(index) => self.add_explored_to_side_by_side(index),
            Command::SaveExplored(index) => self.save_explored(index),
            Command::StartDemo(player) => self.start_demo(player),
            Command::PauseDemo => {
                if let Some(run) = &mut self.demo.run {
                    run.paused = !run.paused;
                }
            }
            Command::StepDemo => {
                if let Some(run) = &mut self.demo.run {
                    run.step_requested = true;
                }
            }
            Command::StopDemo => self.demo.stop("Demo stopped: the game is yours to play."),
            Command::DismissDemo => self.demo.ended = None,
            Command::ReloadPlugins => self.check_plugins_now(),
            Command::Quit => self.quit_requested = true,
        }
        self.collect_results();
    }

    /// Enter or Space: the slot under the keyboard cursor is clicked; a
    /// hidden cursor only appears.
    fn activate(&mut self) {
        let Some(table) = &mut self.table else { return };
        match self.cursor.slot() {
            Some(slot) => {
                table.click(slot);
                self.cursor.focus_pending = true;
            }
            None => self.cursor.show(table.layout()),
        }
    }

    /// Esc: the selection is dropped; with nothing selected the cursor goes.
    fn cancel(&mut self) {
        let selected = self.table.as_ref().is_some_and(|table| table.selection().is_some());
        if selected {
            self.with_table(Table::cancel_selection);
            self.cursor.focus_pending = self.cursor.slot().is_some();
        } else {
            self.cursor.hide();
        }
    }

    /// Keeps the keyboard cursor on the board the table shows now (a move,
    /// an undo or a new game may have taken its card away).
    pub(crate) fn follow_cursor(&mut self) {
        match &self.table {
            Some(table) if self.mode == Mode::Single => self.cursor.follow(table.layout()),
            _ => self.cursor.hide(),
        }
    }

    /// Starts the slides of a move the table just made (at `now`, egui's
    /// input time), once a frame after its commands and background work.
    pub(crate) fn follow_moves(&mut self, now: f64) {
        let current = self.table.as_ref().map(|table| (table.position(), table.layout()));
        self.animation.follow(now, self.settings.animations, current);
    }

    /// Where the single game's board painted the cards still sliding in
    /// the last frame, by slot (their widgets are at their new places
    /// already); empty when every card is at rest.
    pub fn cards_in_flight(&self, ctx: &egui::Context) -> Vec<(u32, egui::Rect)> {
        crate::board::in_flight(ctx, crate::keyboard::board_id())
    }

    /// The slot the keyboard cursor is on, when it is shown.
    pub fn cursor(&self) -> Option<u32> {
        self.cursor.slot()
    }

    fn ask_hint(&mut self) {
        self.mode = Mode::Single;
        if let Some(table) = &mut self.table {
            self.hint.ask(table);
        }
    }

    fn start_demo(&mut self, player: PlayerKind) {
        self.mode = Mode::Single;
        self.demo.player = player;
        match &self.table {
            Some(table) if table.is_over() => self.demo.ended = Some("The game is over: start a new game to watch a demo.".to_string()),
            Some(table) => self.demo.start(table),
            None => {}
        }
    }

    /// Background work, once a frame: a hint's answer, the demo's next
    /// move, the study's progress, reloaded plugins. Returns how soon to
    /// look again, when something is still on its way.
    pub(crate) fn background_work(&mut self, now: f64) -> Option<Duration> {
        let mut again: Option<f64> = None;
        if self.hint.poll() {
            again = sooner(again, 0.05);
        }
        if self.demo.is_running() {
            match &mut self.table {
                Some(table) => {
                    if let Tick::Wait { after } = self.demo.tick(table, now) {
                        again = sooner(again, after);
                    }
                    self.collect_results();
                }
                None => self.demo.stop("Demo stopped: there is no game."),
            }
        }
        if self.compare.poll() {
            again = sooner(again, 0.1);
        }
        if self.explore.poll() {
            again = sooner(again, 0.1);
        }
        if let Some(end) = self.deal_search.poll() {
            self.take_searched_deal(end);
        }
        if self.deal_search.is_running() {
            again = sooner(again, 0.1);
        }
        if let Some((rule_set, figures)) = self.measure.poll() {
            self.difficulty.insert(&rule_set, &self.catalog, figures);
        }
        if self.measure.running.is_some() {
            again = sooner(again, 0.2);
        }
        if self.watch.is_some() {
            self.take_reloads();
            again = sooner(again, crate::plugin_watch::INTERVAL.as_secs_f64());
        }
        // Never zero: an immediate repaint every frame would spin the CPU.
        again.map(|seconds| Duration::from_secs_f64(seconds.max(0.01)))
    }

    /// Starts a study of the picked rule sets in the Compare panel.
    fn run_study(&mut self) {
        let mut entrants = Vec::new();
        for key in self.compare.picked.clone() {
            let Some(choice) = self.choices.iter().find(|c| c.key == key) else { continue };
            let rule_set = self.rule_set_with_saved_options(choice);
            let Some(plugin) = self.catalog.find(&rule_set.plugin).cloned() else { continue };
            entrants.push((Entrant { key: choice.key.clone(), title: choice.title.clone(), rule_set }, plugin));
        }
        if entrants.len() < crate::compare_panel::MIN_RULE_SETS {
            self.compare.problem = Some("Pick at least two variants or rule sets to compare.".to_string());
            return;
        }
        self.compare.start(entrants);
    }

    /// Explores the variant picked in the Explore panel.
    fn run_explore(&mut self) {
        let plugin = self.explore.plugin.as_ref().and_then(|id| self.catalog.find(id)).cloned();
        match plugin {
            Some(plugin) => self.explore.start(plugin),
            None => self.explore.problem = Some("Pick a variant to explore.".to_string()),
        }
    }

    /// A new deal of an explored combination, counted under its variant's
    /// menu choice.
    fn play_explored(&mut self, index: usize) {
        let Some(outcome) = &self.explore.outcome else { return };
        let rule_set = outcome.rule_set(index);
        let key = self
            .choices
            .iter()
            .find(|choice| choice.rule_set.plugin == rule_set.plugin && !choice.is_rule_set())
            .map(|choice| choice.key.clone());
        self.deal(rule_set, key);
        self.mode = Mode::Single;
    }

    /// Puts an explored combination among Side by side's picks — as the
    /// rule set it was saved as, if it was, else as a rule set without a
    /// file; the oldest pick makes room when all are taken — and shows Side
    /// by side, with the exploration's first deal ready when no deal number
    /// is typed.
    fn add_explored_to_side_by_side(&mut self, index: usize) {
        let Some(outcome) = &self.explore.outcome else { return };
        let rule_set = outcome.rule_set(index);
        let first_deal = outcome.file.study.from;
        let saved = self.choices.iter().find(|choice| choice.is_rule_set() && same_rules(&choice.rule_set, &rule_set));
        let key = match saved {
            Some(choice) => choice.key.clone(),
            None => self.keep_unsaved(rule_set),
        };
        if !self.side.picked.contains(&key) {
            if self.side.picked.len() >= side_by_side::MAX_PANES {
                let dropped = self.side.picked.remove(0);
                let title = self.choices.iter().find(|choice| choice.key == dropped).map_or(dropped.clone(), |choice| choice.title.clone());
                self.notices.push(format!(
                    "Side by side deals at most {} rule sets: \u{201c}{title}\u{201d} was unpicked to make room.",
                    side_by_side::MAX_PANES
                ));
            }
            self.side.picked.push(key);
        }
        if self.side.deal_entry.trim().is_empty() {
            self.side.deal_entry = first_deal.to_string();
        }
        self.mode = Mode::SideBySide;
    }

    /// Keeps a rule set that has no file among the app's rule sets (one per
    /// name: a newer one of the same name replaces the older) and makes it
    /// a choice; returns the choice's key.
    fn keep_unsaved(&mut self, rule_set: RuleSet) -> String {
        let key = choices::rule_set_key(&rule_set);
        self.rule_sets.retain(|kept| choices::rule_set_key(kept) != key);
        self.rule_sets.push(rule_set);
        self.choices = choices::choices(&self.catalog, &self.rule_sets, &self.groups);
        key
    }

    /// Saves an explored combination as a rule set file in the data
    /// directory's rule set folder (a new file, never over another), reads
    /// it back as any rule set file is read and adds it to the menu; an
    /// unsaved copy of it (dealt side by side) gives way to the file.
    fn save_explored(&mut self, index: usize) {
        let Some(outcome) = &self.explore.outcome else { return };
        let unsaved = choices::rule_set_key(&outcome.rule_set(index));
        let name = outcome.rule_set_name(index);
        let text = outcome.rule_set_toml(index);
        let dir = choices::saved_rule_sets_dir(&self.data_dir);
        let saved = choices::save_rule_set(&dir, &explore::file_stem(&name), &text).and_then(|path| RuleSet::load(&path, &self.catalog));
        let rule_set = match saved {
            Ok(rule_set) => rule_set,
            Err(error) => {
                self.notices.push(format!("\u{201c}{name}\u{201d} could not be saved as a rule set: {error:#}"));
                return;
            }
        };
        let key = choices::rule_set_key(&rule_set);
        let path = rule_set.path.clone().unwrap_or_default();
        self.rule_sets.retain(|kept| choices::rule_set_key(kept) != unsaved);
        self.rule_sets.push(rule_set);
        self.choices = choices::choices(&self.catalog, &self.rule_sets, &self.groups);
        for picked in self.side.picked.iter_mut().chain(self.compare.picked.iter_mut()).filter(|picked| **picked == unsaved) {
            *picked = key.clone();
        }
        self.notices.push(format!("Saved \u{201c}{name}\u{201d} as {}: it is in the Variants menu now.", path.display()));
    }

    fn open_disagreement(&mut self, first: usize, second: usize, deal: u64) {
        let Some(outcome) = &self.compare.outcome else { return };
        let picked: Vec<Entrant> = [first, second].iter().filter_map(|&index| outcome.entrants.get(index).cloned()).collect();
        self.side.picked = picked.iter().map(|entrant| entrant.key.clone()).collect();
        self.start_side_by_side(picked.into_iter().map(|entrant| (entrant.title, entrant.rule_set)).collect(), deal);
    }

    /// Takes in the plugins the watcher reloaded.
    pub(crate) fn take_reloads(&mut self) {
        let Some(watch) = &self.watch else { return };
        for reload in watch.take() {
            self.apply_reload(reload);
        }
    }

    /// A changed plugin file: a new version goes into the catalog (a file
    /// that fails to load keeps the old one), and open games of the plugin
    /// are replayed onto it.
    fn apply_reload(&mut self, reload: Reload) {
        let source = Source::File(reload.path.clone());
        let path = reload.path.display();
        let plugin = match reload.result {
            Ok(plugin) => plugin,
            Err(error) => {
                let kept = self.catalog.from_source(&source).map_or(String::new(), |old| format!(" {} stays in use.", version_of(old)));
                self.notices.push(format!("Plugin {path} changed but could not be loaded: {error}.{kept}"));
                return;
            }
        };
        // Replaces the file's old version (and drops its old problems), or
        // refuses an id another source provides.
        let previous = match self.catalog.insert(Arc::clone(&plugin)) {
            Ok(previous) => previous,
            Err(taken) => {
                self.notices.push(format!("Plugin {path} not loaded: {taken}."));
                return;
            }
        };
        self.choices = choices::choices(&self.catalog, &self.rule_sets, &self.groups);
        let notice = match previous {
            None => format!("{} added from {path}.", version_of(&plugin)),
            Some(previous) => format!("{} reloaded from {path}{}", version_of(&plugin), self.replay_games(&previous, &plugin)),
        };
        self.notices.push(notice);
    }

    /// Replays the open games of `previous`'s plugin onto `plugin`; says
    /// what happened, as the end of a sentence.
    fn replay_games(&mut self, previous: &Arc<LoadedPlugin>, plugin: &Arc<LoadedPlugin>) -> String {
        let id = &previous.info.id;
        let of_plugin = |table: &Table| &table.plugin().info.id == id;
        if &plugin.info.id != id {
            let open = self.table.as_ref().is_some_and(of_plugin) || self.side.panes.iter().any(|pane| of_plugin(&pane.table));
            let games = if open { format!("; open games of `{id}` stay on {}", version_of(previous)) } else { String::new() };
            return format!(" — it now provides `{}` instead of `{id}`{games}.", plugin.info.id);
        }
        let mut said = Vec::new();
        if let Some(table) = self.table.as_ref().filter(|table| of_plugin(table)) {
            match table.replay_onto(plugin) {
                Ok(replayed) => {
                    said.push(format!("your game was replayed on it ({} moves)", replayed.moves_made()));
                    self.demo.stop("Demo stopped: the plugin was reloaded.");
                    self.table = Some(replayed);
                }
                Err(failure) => said.push(format!("{failure} — your game was kept on {}", version_of(previous))),
            }
        }
        for pane in self.side.panes.iter_mut().filter(|pane| of_plugin(&pane.table)) {
            match pane.table.replay_onto(plugin) {
                Ok(replayed) => {
                    said.push(format!("the side-by-side game \u{201c}{}\u{201d} was replayed on it", pane.title));
                    pane.table = replayed;
                }
                Err(failure) => {
                    said.push(format!("in the side-by-side game \u{201c}{}\u{201d} {failure} — it was kept on {}", pane.title, version_of(previous)))
                }
            }
        }
        if said.is_empty() { ".".to_string() } else { format!("; {}.", said.join("; ")) }
    }

    fn with_table(&mut self, act: impl FnOnce(&mut Table)) {
        if let Some(table) = &mut self.table {
            act(table);
        }
    }

    fn rule_set_with_saved_options(&self, choice: &Choice) -> RuleSet {
        let Some(plugin) = self.catalog.find(&choice.rule_set.plugin) else { return choice.rule_set.clone() };
        let Some(saved) = self.settings.options.get(&choice.key) else { return choice.rule_set.clone() };
        let specs = &plugin.info.options;
        let mut draft = OptionsDraft::for_rule_set(&choice.rule_set, specs);
        for (name, value) in settings::from_text(saved, specs) {
            if let Some(slot) = draft.values.iter_mut().find(|(n, _)| *n == name) {
                slot.1 = value;
            }
        }
        draft.apply_to(&choice.rule_set, specs)
    }

    fn current_rule_set(&self) -> Option<RuleSet> {
        if let Some(table) = &self.table {
            return Some(table.rule_set().clone());
        }
        let choice = self.current_choice_index().and_then(|index| self.choices.get(index))?;
        Some(self.rule_set_with_saved_options(choice))
    }

    pub(crate) fn current_choice_index(&self) -> Option<usize> {
        let key = self.current_choice.as_ref()?;
        self.choices.iter().position(|choice| &choice.key == key)
    }

    pub(crate) fn first_game(&mut self) {
        self.first_game_pending = false;
        if self.resume_saved_game() {
            return;
        }
        if self.choices.is_empty() {
            self.start_problem = Some("No plugins are loaded: there is nothing to play.".to_string());
            return;
        }
        let last = self.settings.last_choice.clone();
        let last = last.and_then(|key| self.choices.iter().position(|c| c.key == key));
        let index = match (last, self.kind_first_game()) {
            (Some(index), _) => index,
            (None, Some(index)) => index,
            (None, None) => 0,
        };
        self.deal_choice(index);
    }

    /// On a first launch, the kindest measured rule set of the menu's
    /// first group, announced in one line; None otherwise, or when nothing
    /// measured there is kind enough.
    fn kind_first_game(&mut self) -> Option<usize> {
        if !self.first_launch {
            return None;
        }
        // The menu's first group is the game the app is about; the
        // families and plugins beside it may hold kinder games (Triple
        // Alliance is won by the expert on every deal) but not a first one.
        let (_, first_group) = self.all_groups().into_iter().next()?;
        let (index, figures) = self.difficulty.kindest(&self.choices, &first_group, &self.catalog)?;
        let title = &self.choices[index].title;
        let winnable = figures.winnable_text();
        self.notices.push(format!("Welcome! Your first game is {title} — {winnable}. Pick another rule set from the Variants menu at any time."));
        Some(index)
    }

    /// Starts menu choice `index` (with its saved options) on a new deal.
    fn deal_choice(&mut self, index: usize) {
        let Some(choice) = self.choices.get(index).cloned() else { return };
        let rule_set = self.rule_set_with_saved_options(&choice);
        self.deal(rule_set, Some(choice.key));
    }

    /// A new deal of `rule_set`: the next deal number, or with "winnable
    /// deals only" on for `key`, the next one from there the solver proves
    /// winnable (looked for in the background).
    fn deal(&mut self, rule_set: RuleSet, key: Option<String>) {
        let number = self.deals.next();
        let wanted = key.as_ref().is_some_and(|key| self.settings.winnable_only.contains(key));
        match self.catalog.find(&rule_set.plugin).cloned() {
            Some(plugin) if wanted => {
                self.first_game_pending = false;
                if key.is_some() {
                    self.current_choice = key.clone();
                    self.settings.last_choice = key.clone();
                }
                self.deal_search.start(plugin, rule_set, key, number);
            }
            _ => {
                self.deal_search.cancel();
                self.start_keyed(rule_set, Deal::Seed(number), key);
            }
        }
    }

    /// The search for a winnable deal ended: deal it, or say why not.
    fn take_searched_deal(&mut self, end: SearchEnd) {
        match end {
            SearchEnd::Found { rule_set, key, number } => {
                self.start_keyed(rule_set, Deal::Seed(number), key);
                if let Some(table) = &mut self.table {
                    table.mark_winnable_only();
                    // The save file does not carry the mark: kept beside
                    // it, a resumed game is still counted apart.
                    let marks = GameMarks::of(&table.rule_set().plugin, &table.rule_set().name, table.deal(), true);
                    if let Err(error) = game_marks::save(&self.data_dir, &marks) {
                        self.notices.push(format!("The saved game could not be marked as winnable-only in {}: {error:#}", self.data_dir.display()));
                    }
                }
            }
            SearchEnd::Said(text) => self.notices.push(text),
        }
    }

    fn toggle_winnable_only(&mut self) {
        let Some(key) = self.current_choice.clone() else { return };
        if !self.settings.winnable_only.remove(&key) {
            self.settings.winnable_only.insert(key);
        } else {
            self.deal_search.cancel();
        }
        self.save_settings();
    }

    fn new_game(&mut self) {
        if self.deal_search.is_running() {
            return;
        }
        let Some(rule_set) = self.current_rule_set() else { return };
        self.deal(rule_set, self.current_choice.clone());
    }

    /// The rule set the options panel describes now: its values on the
    /// menu choice the game came from, and that choice.
    pub(crate) fn draft_rule_set(&self) -> Option<(RuleSet, Option<Choice>)> {
        let (Some(draft), Some(table)) = (self.draft.as_ref(), &self.table) else { return None };
        let plugin = self.catalog.find(&draft.plugin)?;
        let base = self
            .current_choice_index()
            .map(|index| self.choices[index].clone())
            .filter(|choice| choice.rule_set.plugin == draft.plugin);
        let base_rule_set = base.as_ref().map_or_else(|| table.rule_set().clone(), |choice| choice.rule_set.clone());
        Some((draft.apply_to(&base_rule_set, &plugin.info.options), base))
    }

    fn measure_difficulty(&mut self) {
        let Some((rule_set, _)) = self.draft_rule_set() else { return };
        let Some(plugin) = self.catalog.find(&rule_set.plugin).cloned() else { return };
        self.measure.start(rule_set, plugin);
    }

    fn stats_action(&mut self, action: StatsAction) {
        match action {
            StatsAction::AskReset { plugin, rule_set } => self.stats_reset = Some((plugin, rule_set)),
            StatsAction::KeepRecords => self.stats_reset = None,
            StatsAction::ConfirmReset => {
                let Some((plugin, rule_set)) = self.stats_reset.take() else { return };
                if self.stats.reset(&plugin, &rule_set) {
                    self.save_stats();
                }
            }
        }
    }

    fn restart(&mut self) {
        let abandoned = self.table.as_mut().and_then(Table::abandon);
        self.count(abandoned.into_iter().collect());
        self.with_table(Table::restart);
    }

    fn play_typed_deal(&mut self) {
        match self.deal_entry.trim().parse::<u64>() {
            Ok(number) => {
                let Some(rule_set) = self.current_rule_set() else { return };
                self.start_keyed(rule_set, Deal::Seed(number), self.current_choice.clone());
                self.deal_entry.clear();
            }
            Err(_) => {
                self.start_problem = None;
                self.notices.push(format!("`{}` is not a deal number: type a whole number such as 1234.", self.deal_entry.trim()));
            }
        }
    }

    fn start_with_options(&mut self) {
        // Options apply to the menu choice the game came from, so a rule
        // set's name is not buried under several "(custom: …)".
        let Some((rule_set, base)) = self.draft_rule_set() else { return };
        let Some(draft) = self.draft.clone() else { return };
        let Some(plugin) = self.catalog.find(&draft.plugin).cloned() else { return };
        let specs = &plugin.info.options;
        if let Some(choice) = &base {
            let changed: Vec<_> = draft
                .values
                .iter()
                .filter(|(name, value)| specs.iter().find(|s| &s.name == name).is_none_or(|s| &s.default != value))
                .cloned()
                .collect();
            self.settings.options.insert(choice.key.clone(), settings::to_text(&changed));
        }
        self.deal(rule_set, base.map(|choice| choice.key));
    }

    fn deal_side_by_side(&mut self) {
        let Ok(deal) = self.side.deal_entry.trim().parse::<u64>() else {
            self.side.problem = Some("Type a deal number (a whole number) to deal side by side.".to_string());
            return;
        };
        let picked: Vec<(String, RuleSet)> = self
            .side
            .picked
            .clone()
            .iter()
            .filter_map(|key| self.choices.iter().find(|c| &c.key == key))
            .map(|choice| (choice.title.clone(), self.rule_set_with_saved_options(choice)))
            .collect();
        self.start_side_by_side(picked, deal);
    }

    fn pane_action(&mut self, index: usize, action: PaneAction) {
        let Some(pane) = self.side.panes.get_mut(index) else { return };
        match action {
            PaneAction::Board(event) => play_event(&mut pane.table, event),
            PaneAction::Undo => pane.table.undo(),
            PaneAction::Redo => pane.table.redo(),
            PaneAction::Restart => {
                let abandoned = pane.table.abandon();
                pane.table.restart();
                self.count(abandoned.into_iter().collect());
            }
        }
    }

    /// Counts the game on the table before it is replaced.
    pub(crate) fn leave_table(&mut self) {
        if let Some(table) = self.table.as_mut() {
            // A game left behind is over for good: it must not come back at
            // the next start.
            table.keep_saved_game();
            let _ = std::fs::remove_file(self.data_dir.join(GAME_FILE));
            game_marks::remove(&self.data_dir);
        }
        let abandoned = self.table.as_mut().and_then(Table::abandon);
        self.count(abandoned.into_iter().collect());
        self.table = None;
    }

    pub(crate) fn leave_panes(&mut self) {
        let abandoned = self.side.panes.iter_mut().filter_map(|pane| pane.table.abandon()).collect();
        self.count(abandoned);
        self.side.panes.clear();
    }

    /// Takes the results of games that just ended into the statistics.
    fn collect_results(&mut self) {
        let mut results: Vec<_> = self.table.as_mut().and_then(Table::take_result).into_iter().collect();
        results.extend(self.side.panes.iter_mut().filter_map(|pane| pane.table.take_result()));
        self.count(results);
    }

    fn count(&mut self, results: Vec<GameResult>) {
        for result in &results {
            self.stats.add(result);
        }
        if !results.is_empty() {
            self.save_stats();
        }
    }

    fn save_stats(&mut self) {
        if let Err(error) = storage::save(&self.data_dir.join(stats::FILE_NAME), &self.stats) {
            self.notices.push(format!("Statistics could not be saved in {}: {error:#}", self.data_dir.display()));
        }
    }

    pub(crate) fn save_settings(&mut self) {
        if let Err(error) = storage::save(&self.data_dir.join(settings::FILE_NAME), &self.settings) {
            self.notices.push(format!("Settings could not be saved in {}: {error:#}", self.data_dir.display()));
        }
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

}

/// The same name, plugin and option values (in any order).
fn same_rules(a: &RuleSet, b: &RuleSet) -> bool {
    let sorted = |rule_set: &RuleSet| {
        let mut options = rule_set.options.clone();
        options.sort();
        options
    };
    a.name == b.name && a.plugin == b.plugin && sorted(a) == sorted(b)
}

/// A board event, as the table understands it.
fn play_event(table: &mut Table, event: BoardEvent) {
    match event {
        BoardEvent::Clicked(slot) => table.click(slot),
        BoardEvent::Dropped { from, to } => table.drop_on(from, to),
    }
}

/// The earlier of a planned look (if any) and one in `seconds`.
fn sooner(planned: Option<f64>, seconds: f64) -> Option<f64> {
    Some(planned.map_or(seconds, |planned| planned.min(seconds)))
}

/// `relaxed 1.0.1`: a plugin's id and version, as notices name it.
fn version_of(plugin: &LoadedPlugin) -> String {
    format!("{} {}", plugin.info.id, plugin.info.version)
}

fn start_error(variant: &str, error: GameError) -> String {
    match error {
        GameError::Fault(fault) => fault.to_string(),
        other => format!("{variant}: {other}"),
    }
}
