//! The board scales with the window and with Ctrl+plus / Ctrl+minus, and a
//! small window shrinks the cards rather than cutting them off.

mod common;

use common::*;
use egui::{Key, Modifiers, Rect};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_engine::deal::Deal;
use patience_gui::PatienceApp;

/// Every card's rectangle on screen: the nodes named "… of …" that are
/// taller than wide (not the HUD's "Pass 1 of 3").
fn cards(harness: &Harness<'_, PatienceApp>) -> Vec<Rect> {
    harness.query_all_by_label_contains(" of ").map(|node| node.rect()).filter(|rect| rect.height() > rect.width()).collect()
}

fn width(rects: &[Rect]) -> f32 {
    rects.iter().map(Rect::width).fold(0.0, f32::max)
}

#[test]
fn zoom_keys_and_window_size_scale_the_board_and_it_always_fits() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start(rule_set("Relaxed, three passes"), Deal::Seed(1));
    harness.run();
    let normal = width(&cards(&harness));
    assert_eq!(cards(&harness).len(), 28, "the pyramid's cards");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Plus);
    harness.run();
    assert!(harness.ctx.zoom_factor() > 1.0, "Ctrl+plus zooms in");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    harness.run();
    assert!(harness.ctx.zoom_factor() < 1.0, "Ctrl+minus zooms out");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    harness.run();
    assert_eq!(harness.ctx.zoom_factor(), 1.0, "Ctrl+0 resets");

    // The smallest window the app allows: every card smaller, none cut off.
    harness.set_size(egui::vec2(520.0, 400.0));
    harness.run();
    let small = cards(&harness);
    assert_eq!(small.len(), 28);
    assert!(width(&small) < normal * 0.7, "cards shrink: {} → {}", normal, width(&small));
    let screen = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(520.0, 400.0));
    for rect in &small {
        assert!(screen.contains_rect(*rect), "a card at {rect:?} is cut off");
    }
}
