//! The window's panels: menu bar, toolbar, banners, the demo bar, options,
//! status line, the felt with the board, the side-by-side view, the
//! Compare view and the windows.
//! Each panel is one function that draws from the app's state and only
//! pushes [`Command`]s; `PatienceApp::run_command` does the work after the
//! frame is laid out.

use crate::app::{Command, Mode, PatienceApp};
use crate::board::{self, Marks};
use crate::choices::Choice;
use crate::compare_panel::{self, CompareAction};
use crate::explore_panel::{self, ExploreAction};
use crate::demo::{self, player_name};
use crate::difficulty::{self, Figures, Word};
use crate::hint::HintView;
use crate::hud::{self, BannerAction};
use crate::keyboard::{self, Step};
use crate::options_panel;
use crate::side_by_side;
use crate::stats_window::stats_window;
use crate::table::{format_duration, Clock, Table, Tone};
use crate::theme;
use egui::containers::menu::{MenuButton, MenuConfig};
use egui::{Align, EventFilter, FocusDirection, UiKind, Button, CentralPanel, CollapsingHeader, Color32, Context, Frame, Key, KeyboardShortcut, Layout, Margin, Modifiers, Panel, PopupCloseBehavior, RichText, ScrollArea, Slider, TextEdit, Ui, UiBuilder};
use patience_compare::PlayerKind;
use patience_engine::layout::Outcome;
use std::time::Duration;

impl PatienceApp {
    /// Keys act on the single game; side-by-side panes are played with
    /// the mouse (each pane has its own buttons). Letters work unless a
    /// text field has the keyboard; the board's keys (arrows, Enter, Space,
    /// Esc) work when no widget has it or the cursor's slot has it, so a
    /// button reached with Tab still takes Enter and Space itself.
    fn keyboard(&mut self, ctx: &Context) {
        // While the Variants menu is open, keys are the menu's.
        if ctx.text_edit_focused() || self.mode != Mode::Single || self.menu_open {
            return;
        }
        let shortcut = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key)));
        let command = if shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) || shortcut(Modifiers::COMMAND, Key::Y) {
            Some(Command::Redo)
        } else if shortcut(Modifiers::COMMAND, Key::Z) || shortcut(Modifiers::NONE, Key::U) {
            Some(Command::Undo)
        } else if shortcut(Modifiers::NONE, Key::D) {
            Some(Command::Draw)
        } else if shortcut(Modifiers::NONE, Key::N) {
            Some(Command::NewGame)
        } else if shortcut(Modifiers::NONE, Key::R) {
            Some(Command::Restart)
        } else if shortcut(Modifiers::NONE, Key::H) {
            Some(Command::Hint)
        } else {
            None
        };
        self.commands.extend(command);
        self.board_keys(ctx);
    }

    /// Arrows move the cursor, Enter and Space play at it (Space draws
    /// while no cursor shows), Esc cancels.
    fn board_keys(&mut self, ctx: &Context) {
        let focused = ctx.memory(|memory| memory.focused());
        let home = self.board_home().map(keyboard::slot_widget_id);
        if focused.is_some() && focused != home {
            return;
        }
        if focused.is_some() && self.cursor.slot().is_none() {
            // Tab reached the board.
            self.commands.push(Command::ShowCursor);
        }
        let pressed = |key: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        for (key, step) in [(Key::ArrowUp, Step::Up), (Key::ArrowDown, Step::Down), (Key::ArrowLeft, Step::Left), (Key::ArrowRight, Step::Right)] {
            if pressed(key) {
                self.commands.push(Command::MoveCursor(step));
                // The cursor moves, not egui's focus.
                ctx.memory_mut(|memory| memory.move_focus(FocusDirection::None));
            }
        }
        if pressed(Key::Enter) {
            self.commands.push(Command::Activate);
        }
        if pressed(Key::Space) {
            self.commands.push(if self.cursor.slot().is_some() { Command::Activate } else { Command::Draw });
        }
        if pressed(Key::Escape) {
            self.commands.push(Command::Cancel);
        }
    }

    /// The slot of the board that Tab stops at: the cursor's, else where
    /// the cursor would start.
    fn board_home(&self) -> Option<u32> {
        let table = self.table.as_ref()?;
        self.cursor.slot().or_else(|| keyboard::start(&keyboard::spots(table.layout())))
    }

    /// Keyboard focus goes where the cursor went, so a screen reader reads
    /// the card under it.
    fn focus_cursor(&mut self, ctx: &Context) {
        if !std::mem::take(&mut self.cursor.focus_pending) {
            return;
        }
        if let Some(slot) = self.cursor.slot() {
            ctx.memory_mut(|memory| memory.request_focus(keyboard::slot_widget_id(slot)));
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| self.game_menu(ui));
            // Clicks inside (the filter box, a group's header) keep it open;
            // picking an entry closes it.
            let config = MenuConfig::new().close_behavior(PopupCloseBehavior::CloseOnClickOutside);
            let (_, open) = MenuButton::new("Variants").config(config).ui(ui, |ui| self.variants_menu(ui));
            // The next time it opens, it shows everything.
            if self.menu_open && open.is_none() {
                self.commands.push(Command::ClearMenuFilter);
            }
            self.menu_open = open.is_some();
            ui.menu_button("View", |ui| self.view_menu(ui));
            ui.menu_button("Demo", |ui| self.demo_menu(ui));
            ui.menu_button("Help", |ui| self.help_menu(ui));
        });
    }

    fn game_menu(&mut self, ui: &mut Ui) {
        let has_table = self.table.is_some();
        let entries = [
            ("New game (N)", Command::NewGame, true),
            ("Restart (R)", Command::Restart, has_table),
            ("Undo (Ctrl+Z)", Command::Undo, self.table.as_ref().is_some_and(Table::can_undo)),
            ("Redo (Ctrl+Y)", Command::Redo, self.table.as_ref().is_some_and(Table::can_redo)),
            ("Draw (D)", Command::Draw, has_table),
            ("Hint (H)", Command::Hint, self.can_hint()),
        ];
        for (text, command, enabled) in entries {
            if ui.add_enabled(enabled, Button::new(text)).clicked() {
                self.commands.push(command);
            }
        }
        self.winnable_only_toggle(ui);
        for (text, command, enabled) in [
            ("Statistics…", Command::OpenStats, true),
            ("Reload plugins", Command::ReloadPlugins, self.watch.is_some()),
            ("Quit", Command::Quit, true),
        ] {
            if ui.add_enabled(enabled, Button::new(text)).clicked() {
                self.commands.push(command);
            }
        }
    }

    /// "Winnable deals only", remembered per rule set.
    fn winnable_only_toggle(&mut self, ui: &mut Ui) {
        let mut on = self.winnable_only();
        let hover = "New games of this rule set deal only deal numbers the solver proves winnable (looked for in the background; statistics count them apart)";
        let toggle = egui::Checkbox::new(&mut on, "Winnable deals only");
        if ui.add_enabled(self.current_choice.is_some(), toggle).on_hover_text(hover).clicked() {
            self.commands.push(Command::ToggleWinnableOnly);
        }
    }

    /// The filter box, then every choice in its group (the groups fold),
    /// each with its difficulty line.
    fn variants_menu(&mut self, ui: &mut Ui) {
        ui.set_width(VARIANTS_MENU_WIDTH);
        let groups = self.menu_groups();
        self.menu_filter_ui(ui, &groups);
        ui.separator();
        // As tall as the window allows below the filter.
        let height = (ui.ctx().content_rect().height() - 110.0).max(260.0);
        // The popup's first size is egui's default area size: without a
        // minimum the list would stay that short.
        ScrollArea::vertical().max_height(height).min_scrolled_height(height).show(ui, |ui| {
            if groups.is_empty() {
                ui.label(RichText::new(format!("Nothing matches “{}”: Esc shows every variant again.", self.menu_filter.trim())).weak());
            }
            // Filtering opens every group that has a match.
            let open = (!self.menu_filter.trim().is_empty()).then_some(true);
            for (group, members) in &groups {
                let header = CollapsingHeader::new(RichText::new(group).strong().size(15.0)).id_salt(("variants group", group)).default_open(true).open(open);
                header.show(ui, |ui| self.menu_group_ui(ui, members));
            }
        });
    }

    /// The entries of one group; picking one closes the menu.
    fn menu_group_ui(&mut self, ui: &mut Ui, members: &[usize]) {
        for &index in members {
            let choice = &self.choices[index];
            let current = self.current_choice.as_ref() == Some(&choice.key);
            let figures = self.difficulty.figures(&choice.rule_set, &self.catalog);
            if choice_entry(ui, choice, current, figures) {
                self.commands.push(Command::Choose(index));
                ui.close_kind(UiKind::Menu);
            }
        }
    }

    /// Type to narrow the menu; it has the keyboard as soon as the menu
    /// opens. Esc clears it (and closes the menu once it is empty); Enter
    /// plays the first entry shown.
    fn menu_filter_ui(&mut self, ui: &mut Ui, groups: &[(String, Vec<usize>)]) {
        // Taken before the popup sees it, so a first Esc only clears.
        if !self.menu_filter.is_empty() && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            self.commands.push(Command::ClearMenuFilter);
        }
        ui.horizontal(|ui| {
            let label = ui.label("Filter");
            // Esc stays with the box (egui would take the keyboard from it).
            let keys = EventFilter { escape: true, horizontal_arrows: true, vertical_arrows: true, ..EventFilter::default() };
            let field = TextEdit::singleline(&mut self.menu_filter).hint_text("name, id or description").desired_width(f32::INFINITY).event_filter(keys);
            let field = ui.add(field).labelled_by(label.id);
            if !self.menu_open {
                field.request_focus();
            }
            let first = groups.first().and_then(|(_, members)| members.first());
            if let Some(&index) = first.filter(|_| field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))) {
                self.commands.push(Command::Choose(index));
                ui.close_kind(UiKind::Menu);
            }
        });
    }

    fn view_menu(&mut self, ui: &mut Ui) {
        if ui.radio(self.mode == Mode::Single, "Single game").clicked() {
            self.commands.push(Command::ShowSingle);
        }
        if ui.radio(self.mode == Mode::SideBySide, "Side by side").clicked() {
            self.commands.push(Command::ShowSideBySide);
        }
        if ui.radio(self.mode == Mode::Compare, "Compare rule sets").clicked() {
            self.commands.push(Command::ShowCompare);
        }
        if ui.radio(self.mode == Mode::Explore, "Explore rule space").clicked() {
            self.commands.push(Command::ShowExplore);
        }
        if ui.checkbox(&mut self.options_open, "Options panel").clicked() {
            ui.close();
        }
        let mut animations = self.settings.animations;
        let toggle = ui.checkbox(&mut animations, "Animations").on_hover_text("Cards slide to where a move puts them");
        if toggle.clicked() {
            self.commands.push(Command::ToggleAnimations);
            ui.close();
        }
    }

    /// Who plays the demo, and how fast.
    fn demo_menu(&mut self, ui: &mut Ui) {
        let can_start = self.table.as_ref().is_some_and(|table| !table.is_over());
        let scored = self.table.as_ref().is_some_and(|table| table.status().score.is_some());
        let best = scored.then_some(PlayerKind::Best);
        for player in [PlayerKind::Solver, PlayerKind::Expert, PlayerKind::Greedy].into_iter().chain(best) {
            let text = format!("Watch {} play", player_name(player));
            if ui.add_enabled(can_start, Button::new(text)).clicked() {
                self.commands.push(Command::StartDemo(player));
            }
        }
        ui.separator();
        demo_speed_ui(ui, &mut self.demo.speed);
        if self.demo.is_running() && ui.button("Stop the demo").clicked() {
            self.commands.push(Command::StopDemo);
        }
    }

    fn can_hint(&self) -> bool {
        self.table.as_ref().is_some_and(|table| !table.is_over())
    }

    fn help_menu(&mut self, ui: &mut Ui) {
        if ui.add_enabled(self.table.is_some(), Button::new("Rules of this variant")).clicked() {
            self.commands.push(Command::OpenRules);
        }
        ui.label(RichText::new("Keys: arrows move the cursor · Enter or Space select and play · Esc cancel · Tab the buttons").small());
        ui.label(RichText::new("D draw (Space too while no cursor shows) · H hint · N new game · R restart · U or Ctrl+Z undo · Ctrl+Y or Ctrl+Shift+Z redo").small());
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            self.title_ui(ui);
        });
        ui.horizontal_wrapped(|ui| {
            let has_table = self.table.is_some();
            let can_undo = self.table.as_ref().is_some_and(Table::can_undo);
            let can_redo = self.table.as_ref().is_some_and(Table::can_redo);
            for (text, command, enabled) in [
                ("New game", Command::NewGame, true),
                ("Restart", Command::Restart, has_table),
                ("Undo", Command::Undo, can_undo),
                ("Redo", Command::Redo, can_redo),
            ] {
                if ui.add_enabled(enabled, Button::new(text)).clicked() {
                    self.commands.push(command);
                }
            }
            let thinking = self.hint() == HintView::Thinking;
            if ui.add_enabled(self.can_hint() && !thinking, Button::new("💡 Hint")).on_hover_text("The next move of a winning line (H)").clicked() {
                self.commands.push(Command::Hint);
            }
            let demo_hover = format!("Watch {} play this deal (choose who in the Demo menu)", player_name(self.demo.player));
            if ui.add_enabled(self.can_hint() && !self.demo.is_running(), Button::new("▶ Demo")).on_hover_text(demo_hover).clicked() {
                self.commands.push(Command::StartDemo(self.demo.player));
            }
            ui.separator();
            self.deal_entry_ui(ui);
            ui.separator();
            if ui.selectable_label(self.options_open, "Options").clicked() {
                self.commands.push(Command::ToggleOptions);
            }
            if ui.add_enabled(has_table, Button::new("Rules")).clicked() {
                self.commands.push(Command::OpenRules);
            }
            if ui.button("Statistics").clicked() {
                self.commands.push(Command::OpenStats);
            }
            if ui.button("Side by side").clicked() {
                self.commands.push(Command::ShowSideBySide);
            }
        });
    }

    fn title_ui(&self, ui: &mut Ui) {
        let Some(table) = &self.table else {
            ui.label(RichText::new("No game").strong().size(17.0));
            return;
        };
        let info = &table.plugin().info;
        ui.label(RichText::new(&info.name).strong().size(17.0));
        ui.label(RichText::new(&info.version).weak());
        let rule_set = table.rule_set();
        if rule_set.name != info.name {
            ui.label(RichText::new(format!("— {}", rule_set.name)).size(15.0));
        }
        ui.label(RichText::new(format!("· {}", crate::deal_text(table.deal()))).strong().size(15.0).color(theme::PLAYABLE));
        if table.is_winnable_only() {
            ui.label(RichText::new("· proven winnable").size(15.0).color(theme::PLAYABLE))
                .on_hover_text("Dealt by “Winnable deals only”: the solver found a win for this deal");
        }
    }

    fn deal_entry_ui(&mut self, ui: &mut Ui) {
        let label = ui.label("Replay deal:");
        let field = ui.add(TextEdit::singleline(&mut self.deal_entry).hint_text("deal number").desired_width(110.0));
        let field = field.labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.add_enabled(!self.deal_entry.trim().is_empty(), Button::new("Play deal")).clicked() || entered {
            self.commands.push(Command::PlayDeal);
        }
    }

    fn banners(&mut self, ui: &mut Ui) {
        for (index, notice) in self.notices.iter().enumerate() {
            if hud::banner_ui(ui, theme::NOTICE, notice) {
                self.commands.push(Command::DismissNotice(index));
            }
        }
        if let Some(problem) = &self.start_problem
            && hud::banner_ui(ui, theme::FAULT, &format!("The game could not be started: {problem}"))
        {
            self.commands.push(Command::DismissFault);
        }
        if let Some(fault) = self.table.as_ref().and_then(Table::fault)
            && hud::banner_ui(ui, theme::FAULT, &format!("⚠ {fault}"))
        {
            self.commands.push(Command::DismissFault);
        }
    }

    /// The running demo: who plays, how far, and the controls to pause,
    /// step, stop (and take over) and set the speed.
    fn demo_bar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Demo").strong().color(theme::HINT));
            let Some(run) = &self.demo.run else {
                ui.label(self.demo.describe());
                if ui.button("Dismiss").clicked() {
                    self.commands.push(Command::DismissDemo);
                }
                return;
            };
            if !run.paused {
                hud::busy_ui(ui, theme::HINT);
            }
            ui.label(self.demo.describe());
            ui.separator();
            let pause = if run.paused { "▶ Resume" } else { "⏸ Pause" };
            if ui.button(pause).clicked() {
                self.commands.push(Command::PauseDemo);
            }
            if ui.add_enabled(run.paused, Button::new("⏭ Step")).clicked() {
                self.commands.push(Command::StepDemo);
            }
            if ui.button("⏹ Stop and take over").clicked() {
                self.commands.push(Command::StopDemo);
            }
            ui.separator();
            demo_speed_ui(ui, &mut self.demo.speed);
        });
    }

    fn has_banners(&self) -> bool {
        !self.notices.is_empty() || self.start_problem.is_some() || self.table.as_ref().is_some_and(|t| t.fault().is_some())
    }

    fn options_panel(&mut self, ui: &mut Ui) {
        let Some(table) = &self.table else {
            ui.label("Start a game to see its options.");
            return;
        };
        let specs = table.plugin().info.options.clone();
        if self.draft.is_none() {
            return;
        }
        ScrollArea::vertical().show(ui, |ui| {
            if let Some(draft) = &mut self.draft
                && options_panel::options_ui(ui, draft, &specs)
            {
                self.commands.push(Command::StartWithOptions);
            }
            ui.separator();
            self.options_difficulty(ui);
        });
    }

    /// How hard the rule set in the options panel is: its figures, or an
    /// offer to measure it, or the measurement's progress.
    fn options_difficulty(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Difficulty").strong());
        let Some((rule_set, _)) = self.draft_rule_set() else { return };
        if let Some(figures) = self.difficulty.figures(&rule_set, &self.catalog) {
            difficulty_ui(ui, &figures);
            return;
        }
        match &self.measure.running {
            Some(running) if running.rule_set == rule_set => {
                let (done, total) = running.job.progress();
                ui.label(format!("Measuring {}: the solver, then the expert…", rule_set.name));
                ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(format!("{done} of {total} games")));
                if ui.button("Cancel measuring").clicked() {
                    self.commands.push(Command::CancelMeasure);
                }
            }
            _ => {
                ui.label("Not measured yet: no study has played these rules.");
                let text = format!(
                    "Measure it: the solver on {} deals and the expert on {} (in the background)",
                    self.measure.solver_deals, self.measure.expert_deals
                );
                if ui.button("Measure difficulty").on_hover_text(text).clicked() {
                    self.commands.push(Command::MeasureDifficulty);
                }
            }
        }
        if let Some(problem) = &self.measure.problem {
            ui.label(RichText::new(problem).small().weak());
        }
    }

    /// The hint when there is one for this position, else what just
    /// happened.
    fn status_bar(&mut self, ui: &mut Ui) {
        if let Some(searching) = self.deal_search.describe() {
            ui.horizontal(|ui| {
                hud::busy_ui(ui, theme::HINT);
                ui.label(RichText::new(searching).color(theme::HINT));
                if ui.button("Cancel").clicked() {
                    self.commands.push(Command::CancelDealSearch);
                }
            });
        }
        let Some(table) = &self.table else {
            ui.label("Choose a variant from the Variants menu.");
            return;
        };
        match self.hint() {
            HintView::Nothing => hud::status_line_ui(ui, table.line(), table.can_draw()),
            hint => {
                hint_line_ui(ui, &hint);
                // Why a move was refused matters even while a hint shows.
                if let Some(line) = table.line().filter(|line| line.tone == Tone::Explanation) {
                    hud::status_line_ui(ui, Some(line), table.can_draw());
                }
            }
        }
    }

    fn felt(&mut self, ui: &mut Ui) {
        let Some(table) = &self.table else { return };
        hud::hud_ui(ui, &table.view().hud, table.moves_made(), &format_duration(table.elapsed()));
        ui.add_space(4.0);
        let board_rect = ui.available_rect_before_wrap();
        let picked = table.selection().map(|s| s.slots.clone()).unwrap_or_default();
        let partners = table.selection().map(|s| s.partners.clone()).unwrap_or_default();
        let hinted = match self.hint() {
            HintView::Move { slots, .. } => slots,
            _ => Vec::new(),
        };
        let marks = Marks {
            selected: &picked,
            partners: &partners,
            hinted: &hinted,
            cursor: self.cursor.slot(),
            tab_stop: self.board_home(),
            sliding: self.animation.sliding(ui.input(|i| i.time)),
        };
        if let Some(event) = board::board_ui(ui, keyboard::board_id(), table.layout(), &marks) {
            self.commands.push(Command::Board(event));
        }
        if table.is_over() {
            if table.status().outcome == Outcome::Won {
                hud::celebrate(ui.painter(), board_rect);
            }
            let width = (board_rect.width() * 0.6).clamp(260.0, 520.0);
            let banner_rect = egui::Rect::from_center_size(
                egui::pos2(board_rect.center().x, board_rect.top() + board_rect.height() * 0.28),
                egui::vec2(width, 10.0),
            );
            let builder = UiBuilder::new().max_rect(banner_rect).layout(Layout::top_down(Align::Center));
            let action = ui.scope_builder(builder, |ui| hud::outcome_banner_ui(ui, table)).inner;
            self.commands.extend(action.map(|action| match action {
                BannerAction::NewGame => Command::NewGame,
                BannerAction::Restart => Command::Restart,
                BannerAction::Undo => Command::Undo,
            }));
        }
    }

    fn single_ui(&mut self, ui: &mut Ui) {
        Panel::top("toolbar").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 6))).show(ui, |ui| self.toolbar(ui));
        if self.has_banners() {
            Panel::top("banners").show(ui, |ui| self.banners(ui));
        }
        if self.demo.is_running() || self.demo.ended.is_some() {
            Panel::top("demo bar").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 4))).show(ui, |ui| self.demo_bar(ui));
        }
        if self.options_open {
            Panel::right("options").resizable(true).default_size(270.0).show(ui, |ui| self.options_panel(ui));
        }
        Panel::bottom("status line").show(ui, |ui| self.status_bar(ui));
        CentralPanel::default().frame(felt_frame()).show(ui, |ui| self.felt(ui));
    }

    fn side_by_side_ui(&mut self, ui: &mut Ui) {
        let groups = self.all_groups();
        Panel::top("side by side setup").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 6))).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Side by side").strong().size(17.0));
                if ui.button("Back to single game").clicked() {
                    self.commands.push(Command::ShowSingle);
                }
            });
            if side_by_side::setup_ui(ui, &mut self.side, &self.choices, &groups) {
                self.commands.push(Command::DealSideBySide);
            }
        });
        if !self.notices.is_empty() {
            Panel::top("banners").show(ui, |ui| self.banners(ui));
        }
        CentralPanel::default().frame(felt_frame()).show(ui, |ui| self.panes(ui));
    }

    fn compare_ui(&mut self, ui: &mut Ui) {
        let groups = self.all_groups();
        Panel::top("compare setup").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 6))).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Compare rule sets").strong().size(17.0));
                if ui.button("Back to single game").clicked() {
                    self.commands.push(Command::ShowSingle);
                }
            });
            if let Some(action) = compare_panel::setup_ui(ui, &mut self.compare, &self.choices, &groups) {
                self.commands.push(compare_command(action));
            }
        });
        if !self.notices.is_empty() {
            Panel::top("banners").show(ui, |ui| self.banners(ui));
        }
        CentralPanel::default().frame(Frame::central_panel(ui.style()).inner_margin(Margin::symmetric(12, 8))).show(ui, |ui| self.study_results(ui));
    }

    fn study_results(&mut self, ui: &mut Ui) {
        let Some(outcome) = &self.compare.outcome else {
            let text = if self.compare.running.is_some() {
                "The study is running: the results appear here when every deal has been played."
            } else {
                "Pick rule sets, the number of deals and the players above, and run the study."
            };
            ui.label(RichText::new(text).size(15.0));
            return;
        };
        if let Some(action) = compare_panel::results_ui(ui, outcome) {
            self.commands.push(compare_command(action));
        }
    }

    fn explore_ui(&mut self, ui: &mut Ui) {
        Panel::top("explore setup").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 6))).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Explore rule space").strong().size(17.0));
                if ui.button("Back to single game").clicked() {
                    self.commands.push(Command::ShowSingle);
                }
            });
            if let Some(action) = explore_panel::setup_ui(ui, &mut self.explore, self.catalog.plugins()) {
                self.commands.push(explore_command(action));
            }
        });
        if !self.notices.is_empty() {
            Panel::top("banners").show(ui, |ui| self.banners(ui));
        }
        CentralPanel::default().frame(Frame::central_panel(ui.style()).inner_margin(Margin::symmetric(12, 8))).show(ui, |ui| self.explore_results(ui));
    }

    fn explore_results(&mut self, ui: &mut Ui) {
        let Some(outcome) = &self.explore.outcome else {
            let text = if self.explore.running.is_some() {
                "Every combination is being solved: the map appears here when every deal has been played."
            } else {
                "Pick a variant, two of its options, what the others do and the deals above, and explore."
            };
            ui.label(RichText::new(text).size(15.0));
            return;
        };
        if let Some(action) = explore_panel::results_ui(ui, outcome, &mut self.explore.selected) {
            self.commands.push(explore_command(action));
        }
    }

    fn panes(&mut self, ui: &mut Ui) {
        if self.side.panes.is_empty() {
            ui.label(RichText::new("Pick two to four variants or rule sets above, type a deal number, and deal.").size(16.0));
            return;
        }
        side_by_side::differences_ui(ui, &self.side.differences);
        ui.add_space(6.0);
        if let Some((index, action)) = side_by_side::panes_ui(ui, &self.side.panes) {
            self.commands.push(Command::Pane(index, action));
        }
    }

    fn windows(&mut self, ctx: &Context) {
        if self.rules.open
            && let Some(table) = &self.table
        {
            let plugin = table.plugin().clone();
            self.rules.show(ctx, &plugin);
        }
        if self.stats_open {
            let action = stats_window(ctx, &mut self.stats_open, &self.stats, &self.catalog, self.stats_reset.as_ref());
            self.commands.extend(action.map(Command::Stats));
        }
    }

    fn remember_window_size(&mut self, ctx: &Context) {
        if let Some(rect) = ctx.input(|i| i.viewport().inner_rect) {
            self.settings.window = Some([rect.width().round(), rect.height().round()]);
        }
    }

    fn run_commands(&mut self, ctx: &Context) {
        let commands = std::mem::take(&mut self.commands);
        if !commands.is_empty() {
            // What the commands changed is drawn on the next frame; cards
            // still sliding are put in their places first.
            ctx.request_repaint();
            self.animation.snap();
        }
        for command in commands {
            self.run_command(command);
        }
        self.follow_cursor();
        self.focus_cursor(ctx);
        if self.quit_requested {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

fn compare_command(action: CompareAction) -> Command {
    match action {
        CompareAction::Run => Command::RunStudy,
        CompareAction::Cancel => Command::CancelStudy,
        CompareAction::Open { first, second, deal } => Command::OpenDisagreement { first, second, deal },
    }
}

fn explore_command(action: ExploreAction) -> Command {
    match action {
        ExploreAction::Run => Command::RunExplore,
        ExploreAction::Cancel => Command::CancelExplore,
        ExploreAction::Play(index) => Command::PlayExplored(index),
        ExploreAction::AddToSideBySide(index) => Command::AddExploredToSideBySide(index),
        ExploreAction::Save(index) => Command::SaveExplored(index),
    }
}

fn demo_speed_ui(ui: &mut Ui, speed: &mut f32) {
    ui.add(Slider::new(speed, demo::MIN_SPEED..=demo::MAX_SPEED).logarithmic(true).text("moves per second"));
}

/// The hint in the status line, in the hint's colour.
fn hint_line_ui(ui: &mut Ui, hint: &HintView) {
    ui.horizontal(|ui| match hint {
        HintView::Thinking => {
            hud::busy_ui(ui, theme::HINT);
            ui.label(RichText::new("Looking for a winning line…").color(theme::HINT));
        }
        HintView::Move { label, line, .. } => {
            let text = format!("💡 Hint: {label} — the first move of a winning line ({} moves)", line.len());
            let label = ui.label(RichText::new(text).strong().color(theme::HINT));
            hud::announce(ui, &label);
        }
        HintView::Said(text) => {
            let label = ui.label(RichText::new(format!("💡 {text}")).color(Color32::from_rgb(0xff, 0xd5, 0x80)));
            hud::announce(ui, &label);
        }
        HintView::Nothing => {}
    });
}

/// The Variants menu's width: room for a difficulty line on one line.
const VARIANTS_MENU_WIDTH: f32 = 460.0;

/// One menu entry: the name (clickable), then version and description,
/// then the measured difficulty.
fn choice_entry(ui: &mut Ui, choice: &Choice, current: bool, figures: Option<Figures>) -> bool {
    let clicked = ui.selectable_label(current, RichText::new(&choice.title).strong()).on_hover_text(&choice.origin).clicked();
    ui.label(RichText::new(format!("{} · {}", choice.version, choice.description)).small().weak());
    match figures {
        Some(figures) => difficulty_ui(ui, &figures),
        None => _ = ui.label(RichText::new(difficulty::NOT_MEASURED).small().weak()),
    }
    ui.add_space(2.0);
    clicked
}

/// The word in its colour, then the solver's and the expert's numbers.
fn difficulty_ui(ui: &mut Ui, figures: &Figures) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        if let Some(word) = figures.word() {
            ui.label(RichText::new(word.text()).small().strong().color(word_colour(word)));
        }
        ui.label(RichText::new(figures.numbers_text()).small());
    });
}

fn word_colour(word: Word) -> Color32 {
    match word {
        Word::Easy => Color32::from_rgb(0x7c, 0xd9, 0x7c),
        Word::Medium => Color32::from_rgb(0xe6, 0xd0, 0x6a),
        Word::Hard => Color32::from_rgb(0xf0, 0x9a, 0x55),
        Word::VeryHard => Color32::from_rgb(0xf0, 0x6a, 0x6a),
    }
}

fn felt_frame() -> Frame {
    Frame::new().fill(theme::FELT).inner_margin(Margin::same(8))
}

impl PatienceApp {
    /// One frame of the whole app in the window's root `ui`: what the
    /// window runs, and what the tests run without one.
    pub fn show(&mut self, ui: &mut Ui) {
        if !self.styled {
            theme::apply(ui.ctx());
            self.styled = true;
            // The style takes effect from the next pass on.
            ui.ctx().request_repaint();
        }
        if self.first_game_pending {
            self.first_game();
        }
        let ctx = ui.ctx().clone();
        // A demo move or a reloaded plugin may have taken the cursor's card.
        self.follow_cursor();
        self.keyboard(&ctx);
        self.remember_window_size(&ctx);
        Panel::top("menu bar").show(ui, |ui| self.menu_bar(ui));
        match self.mode {
            Mode::Single => self.single_ui(ui),
            Mode::SideBySide => self.side_by_side_ui(ui),
            Mode::Compare => self.compare_ui(ui),
            Mode::Explore => self.explore_ui(ui),
        }
        self.windows(&ctx);
        self.run_commands(&ctx);
        let now = ctx.input(|i| i.time);
        if let Some(after) = self.background_work(now) {
            ctx.request_repaint_after(after);
        }
        self.follow_moves(now);
        if self.animation.sliding(now).is_some() {
            ctx.request_repaint();
        }
        if self.clock == Clock::Real && self.table.as_ref().is_some_and(|t| !t.is_over()) {
            // The clock on the HUD ticks once a second.
            ctx.request_repaint_after(Duration::from_secs(1));
        }
    }

    /// Leaving the app: studies stop, and the game in progress stays saved.
    pub fn exit(&mut self) {
        // A study would otherwise play on for nobody until the process ends.
        self.compare.cancel();
        self.explore.cancel();
        self.measure.cancel();
        self.deal_search.cancel();
        // The game in progress stays saved, to be resumed next time: it is
        // neither lost nor won yet.
        if let Some(table) = self.table.as_mut()
            && !table.is_over()
        {
            table.keep_saved_game();
            self.table = None;
        }
        self.leave_table();
        self.leave_panes();
        self.save_settings();
    }
}

impl eframe::App for PatienceApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.exit();
    }
}
