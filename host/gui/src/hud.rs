//! The words around the board: the plugin's HUD items, the status line,
//! the won / lost banner, the fault and notice banners, and the small
//! "busy" wheel shown while background work runs.

use crate::table::{format_duration, Line, Table, Tone};
use crate::theme;
use egui::{Align, Color32, Frame, Layout, Margin, RichText, Sense, Shape, Stroke, Ui, vec2};
use patience_engine::layout::{HudItem, Outcome};

/// Every HUD item the plugin gives, as `label value` chips, followed by
/// the move count and the clock.
pub fn hud_ui(ui: &mut Ui, items: &[HudItem], moves: usize, time: &str) {
    ui.horizontal_wrapped(|ui| {
        for item in items {
            chip(ui, &item.label, &item.value);
        }
        chip(ui, "Moves", &moves.to_string());
        chip(ui, "Time", time);
    });
}

fn chip(ui: &mut Ui, label: &str, value: &str) {
    Frame::new()
        .fill(theme::FELT_SHADE)
        .corner_radius(6.0)
        .inner_margin(Margin::symmetric(8, 3))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 5.0;
                ui.label(RichText::new(label).color(Color32::from_gray(200)).size(12.0));
                ui.label(RichText::new(value).color(Color32::WHITE).strong().size(15.0));
            });
        });
}

/// The status line: what just happened or why something could not be done;
/// with nothing to say, how to play (drawing only where the stock can be clicked now).
pub fn status_line_ui(ui: &mut Ui, line: Option<&Line>, can_draw: bool) {
    let Some(line) = line else {
        let how = if can_draw { "Click a card to play it; click the stock to draw." } else { "Click a card to play it." };
        ui.label(RichText::new(how).color(Color32::from_gray(200)));
        return;
    };
    let text = match line.tone {
        Tone::Info => RichText::new(&line.text).color(Color32::from_gray(235)),
        Tone::Explanation => RichText::new(format!("✋ {}", line.text)).color(Color32::from_rgb(0xff, 0xd5, 0x80)),
    };
    let label = ui.label(text);
    announce(ui, &label);
}

/// Makes a label a polite live region: a screen reader reads it out when
/// its text changes (a move played, why a move is not allowed, a win).
pub fn announce(ui: &Ui, label: &egui::Response) {
    ui.ctx().accesskit_node_builder(label.id, |node| node.set_live(egui::accesskit::Live::Polite));
}

/// What the outcome banner asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BannerAction {
    NewGame,
    Restart,
    Undo,
}

/// "You won" / "Game over" with the plugin's message, the move count and
/// the time, and what to do next: a new game or the same deal again (or,
/// when lost, an undo). Shown over the top of the board.
pub fn outcome_banner_ui(ui: &mut Ui, table: &Table) -> Option<BannerAction> {
    let status = table.status();
    let (title, fill) = match status.outcome {
        Outcome::Won => ("You won!", theme::WON),
        Outcome::Lost => ("Game over", theme::LOST),
        Outcome::Playing => return None,
    };
    let mut action = None;
    Frame::new()
        .fill(fill)
        .corner_radius(10.0)
        .stroke(egui::Stroke::new(2.0, Color32::from_white_alpha(120)))
        .inner_margin(Margin::symmetric(24, 14))
        .shadow(egui::epaint::Shadow { offset: [0, 4], blur: 16, spread: 0, color: Color32::from_black_alpha(120) })
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                let title = ui.label(RichText::new(title).size(28.0).strong().color(Color32::WHITE));
                announce(ui, &title);
                if !status.message.is_empty() {
                    ui.label(RichText::new(&status.message).color(Color32::WHITE));
                }
                let mut summary = format!("{} moves · {}", table.moves_made(), format_duration(table.elapsed()));
                if let Some(score) = status.score {
                    summary.push_str(&format!(" · score {score}"));
                }
                ui.label(RichText::new(summary).color(Color32::WHITE).size(16.0));
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    if ui.button("New game").clicked() {
                        action = Some(BannerAction::NewGame);
                    }
                    if ui.button("Same deal again").clicked() {
                        action = Some(BannerAction::Restart);
                    }
                    // A lost game may be saved a few moves back.
                    if status.outcome == Outcome::Lost && ui.button("Undo").clicked() {
                        action = Some(BannerAction::Undo);
                    }
                });
            });
        });
    action
}

/// Confetti over the board for a won game: card-coloured flakes and suit
/// signs strewn from a fixed pattern, so every win looks the same (and a
/// snapshot of it too) and nothing has to be redrawn every frame.
pub fn celebrate(painter: &egui::Painter, rect: egui::Rect) {
    let colours = [theme::SELECTED, theme::PARTNER, theme::PLAYABLE, theme::HINT, Color32::WHITE, theme::RED];
    let mut seed: u32 = 0x2545_f491;
    let mut next = move || {
        // xorshift: a fixed sequence of numbers in 0..1.
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed % 10_000) as f32 / 10_000.0
    };
    let size = (rect.width().min(rect.height()) / 70.0).clamp(3.0, 9.0);
    for index in 0..90 {
        let centre = egui::pos2(rect.left() + next() * rect.width(), rect.top() + next() * rect.height());
        let colour = colours[index % colours.len()];
        let angle = next() * std::f32::consts::TAU;
        if index % 9 == 0 {
            let suit = ["♠", "♥", "♦", "♣"][index / 9 % 4];
            painter.text(centre, egui::Align2::CENTER_CENTER, suit, egui::FontId::proportional(size * 3.5), colour);
            continue;
        }
        let (along, across) = (vec2(angle.cos(), angle.sin()) * size, vec2(-angle.sin(), angle.cos()) * size * 0.45);
        let corners = vec![centre - along - across, centre + along - across, centre + along + across, centre - along + across];
        painter.add(Shape::convex_polygon(corners, colour, Stroke::NONE));
    }
}

/// A full-width coloured bar with a message and a dismiss button; true
/// when dismissed.
pub fn banner_ui(ui: &mut Ui, fill: Color32, text: &str) -> bool {
    let mut dismissed = false;
    Frame::new().fill(fill).corner_radius(4.0).inner_margin(Margin::symmetric(10, 6)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            dismissed = ui.button("Dismiss").clicked();
            ui.with_layout(Layout::left_to_right(Align::Center).with_main_wrap(true), |ui| {
                ui.label(RichText::new(text).color(Color32::WHITE));
            });
        });
    });
    dismissed
}

/// A turning arc, like egui's spinner, but it asks for no repaint of its
/// own: whoever shows it is waiting on a background thread and already
/// repaints a few times a second to poll it. (egui's spinner repaints at
/// once, every frame, which keeps a CPU core busy for a wheel.)
pub fn busy_ui(ui: &mut Ui, color: Color32) {
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let radius = rect.height() * 0.5 - 2.0;
    let start = ui.input(|i| i.time) * std::f64::consts::TAU;
    let points: Vec<egui::Pos2> = (0..=16)
        .map(|i| {
            let angle = start + f64::from(i) / 16.0 * 240f64.to_radians();
            rect.center() + radius * vec2(angle.cos() as f32, angle.sin() as f32)
        })
        .collect();
    ui.painter().add(Shape::line(points, Stroke::new(2.5, color)));
}
