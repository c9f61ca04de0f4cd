//! The window's panels: menu bar, toolbar, banners, options, status
//! line, the felt with the board, the side-by-side view and the windows.
//! Each panel is one function that draws from the app's state and only
//! pushes [`Command`]s; `PatienceApp::run_command` does the work after the
//! frame is laid out.

use crate::app::{Command, Mode, PatienceApp};
use crate::board::{self, Marks};
use crate::choices::Choice;
use crate::extension_points;
use crate::hud::{self, BannerAction};
use crate::options_panel;
use crate::side_by_side;
use crate::stats_window::stats_window;
use crate::table::{format_duration, Clock, Table};
use crate::theme;
use egui::{Align, Button, CentralPanel, Context, Frame, Key, KeyboardShortcut, Layout, Margin, Modifiers, Panel, RichText, ScrollArea, TextEdit, Ui, UiBuilder};
use std::time::Duration;

impl PatienceApp {
    /// Keys act on the single game; side-by-side panes are played with
    /// the mouse (each pane has its own buttons).
    fn keyboard(&mut self, ctx: &Context) {
        if ctx.egui_wants_keyboard_input() || self.mode != Mode::Single {
            return;
        }
        let shortcut = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key)));
        let command = if shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) || shortcut(Modifiers::COMMAND, Key::Y) {
            Some(Command::Redo)
        } else if shortcut(Modifiers::COMMAND, Key::Z) || shortcut(Modifiers::NONE, Key::U) {
            Some(Command::Undo)
        } else if shortcut(Modifiers::NONE, Key::D) || shortcut(Modifiers::NONE, Key::Space) {
            Some(Command::Draw)
        } else if shortcut(Modifiers::NONE, Key::N) {
            Some(Command::NewGame)
        } else if shortcut(Modifiers::NONE, Key::R) {
            Some(Command::Restart)
        } else {
            None
        };
        // H is kept free for the hint (see `extension_points`).
        self.commands.extend(command);
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| self.game_menu(ui));
            ui.menu_button("Variants", |ui| self.variants_menu(ui));
            ui.menu_button("View", |ui| self.view_menu(ui));
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
            ("Statistics…", Command::OpenStats, true),
            ("Quit", Command::Quit, true),
        ];
        for (text, command, enabled) in entries {
            if ui.add_enabled(enabled, Button::new(text)).clicked() {
                self.commands.push(command);
            }
        }
    }

    fn variants_menu(&mut self, ui: &mut Ui) {
        ScrollArea::vertical().max_height(520.0).show(ui, |ui| {
            ui.set_min_width(320.0);
            let first_rule_set = self.choices.iter().position(|c| c.rule_set.path.is_some());
            ui.label(RichText::new("Variants").strong());
            for (index, choice) in self.choices.iter().enumerate() {
                if Some(index) == first_rule_set {
                    ui.separator();
                    ui.label(RichText::new("Rule sets").strong());
                }
                let current = self.current_choice.as_ref() == Some(&choice.key);
                if choice_entry(ui, choice, current) {
                    self.commands.push(Command::Choose(index));
                }
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
        if ui.checkbox(&mut self.options_open, "Options panel").clicked() {
            ui.close();
        }
        extension_points::compare_menu_entry(ui);
    }

    fn help_menu(&mut self, ui: &mut Ui) {
        if ui.add_enabled(self.table.is_some(), Button::new("Rules of this variant")).clicked() {
            self.commands.push(Command::OpenRules);
        }
        ui.label(RichText::new("Keys: D or Space draw · N new game · R restart · U or Ctrl+Z undo · Ctrl+Y or Ctrl+Shift+Z redo").small());
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
            if let Some(table) = &self.table {
                extension_points::hint_button(ui, table);
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

    fn has_banners(&self) -> bool {
        !self.notices.is_empty() || self.start_problem.is_some() || self.table.as_ref().is_some_and(|t| t.fault().is_some())
    }

    fn options_panel(&mut self, ui: &mut Ui) {
        let Some(table) = &self.table else {
            ui.label("Start a game to see its options.");
            return;
        };
        let specs = table.plugin().info.options.clone();
        let Some(draft) = &mut self.draft else { return };
        ScrollArea::vertical().show(ui, |ui| {
            if options_panel::options_ui(ui, draft, &specs) {
                self.commands.push(Command::StartWithOptions);
            }
        });
    }

    fn status_bar(&self, ui: &mut Ui) {
        match &self.table {
            Some(table) => hud::status_line_ui(ui, table.line()),
            None => {
                ui.label("Choose a variant from the Variants menu.");
            }
        }
    }

    fn felt(&mut self, ui: &mut Ui) {
        let Some(table) = &self.table else { return };
        hud::hud_ui(ui, &table.view().hud, table.moves_made(), &format_duration(table.elapsed()));
        ui.add_space(4.0);
        let board_rect = ui.available_rect_before_wrap();
        let partners = table.selection().map(|s| s.partners.clone()).unwrap_or_default();
        let marks = Marks { selected: table.selection().map(|s| s.slot), partners: &partners };
        if let Some(event) = board::board_ui(ui, table.layout(), &marks) {
            self.commands.push(Command::Board(event));
        }
        if table.is_over() {
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
        if self.options_open {
            Panel::right("options").resizable(true).default_size(270.0).show(ui, |ui| self.options_panel(ui));
        }
        Panel::bottom("status line").show(ui, |ui| self.status_bar(ui));
        CentralPanel::default().frame(felt_frame()).show(ui, |ui| self.felt(ui));
    }

    fn side_by_side_ui(&mut self, ui: &mut Ui) {
        Panel::top("side by side setup").frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(10, 6))).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Side by side").strong().size(17.0));
                if ui.button("Back to single game").clicked() {
                    self.commands.push(Command::ShowSingle);
                }
            });
            if side_by_side::setup_ui(ui, &mut self.side, &self.choices) {
                self.commands.push(Command::DealSideBySide);
            }
        });
        if !self.notices.is_empty() {
            Panel::top("banners").show(ui, |ui| self.banners(ui));
        }
        CentralPanel::default().frame(felt_frame()).show(ui, |ui| self.panes(ui));
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
            stats_window(ctx, &mut self.stats_open, &self.stats, &self.catalog);
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
            // What the commands changed is drawn on the next frame.
            ctx.request_repaint();
        }
        for command in commands {
            self.run_command(command);
        }
        if self.quit_requested {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// One menu entry: the name (clickable), then version and description.
fn choice_entry(ui: &mut Ui, choice: &Choice, current: bool) -> bool {
    let clicked = ui.selectable_label(current, RichText::new(&choice.title).strong()).on_hover_text(&choice.origin).clicked();
    ui.label(RichText::new(format!("{} · {}", choice.version, choice.description)).small().weak());
    ui.add_space(2.0);
    clicked
}

fn felt_frame() -> Frame {
    Frame::new().fill(theme::FELT).inner_margin(Margin::same(8))
}

impl eframe::App for PatienceApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
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
        self.keyboard(&ctx);
        self.remember_window_size(&ctx);
        Panel::top("menu bar").show(ui, |ui| self.menu_bar(ui));
        match self.mode {
            Mode::Single => self.single_ui(ui),
            Mode::SideBySide => self.side_by_side_ui(ui),
        }
        self.windows(&ctx);
        self.run_commands(&ctx);
        if self.clock == Clock::Real && self.table.as_ref().is_some_and(|t| !t.is_over()) {
            // The clock on the HUD ticks once a second.
            ctx.request_repaint_after(Duration::from_secs(1));
        }
    }

    fn on_exit(&mut self) {
        self.leave_table();
        self.leave_panes();
        self.save_settings();
    }
}
