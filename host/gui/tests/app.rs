//! The desktop app, driven like a player would: egui_kittest clicks the
//! real app's widgets, found by their accessible labels ("7 of diamonds,
//! playable", "stock, 24 cards", menu entries by name).
//!
//! Snapshots (PNG, rendered on the CPU through wgpu) live in
//! `tests/snapshots/` at the top of the repository. To accept a changed
//! look, run `UPDATE_SNAPSHOTS=1 cargo test --release -p patience-gui` and
//! look at the new images before committing them.

mod common;

use common::*;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_engine::deal::Deal;
use patience_engine::layout::{Face, Outcome, SlotKind};
use patience_engine::options::OptionValue;
use patience_gui::{PatienceApp, Tone};
use patience_runtime::RuleSet;
use std::time::Duration;

/// A click where a player would click a card that others overlap: near
/// its top, the part always in view.
fn click_top_of(harness: &mut Harness<'_, PatienceApp>, label: &str) {
    let rect = harness.get_by_label(label).rect();
    let pos = rect.center_top() + egui::vec2(0.0, rect.height() * 0.15);
    harness.hover_at(pos);
    harness.step();
    harness.drag_at(pos);
    harness.drop_at(pos);
    harness.run();
}

/// The primary button pressed at `from`, moved to `to` and released there.
fn drag_and_drop(harness: &mut Harness<'_, PatienceApp>, from: egui::Pos2, to: egui::Pos2) {
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    harness.hover_at(from);
    harness.step();
    harness.event(button(from, true));
    harness.step();
    for fraction in [0.25, 0.5, 0.75, 1.0] {
        harness.hover_at(from + (to - from) * fraction);
        harness.step();
    }
    harness.event(button(to, false));
    harness.step();
    harness.remove_cursor();
    harness.run();
}

fn type_into(harness: &mut Harness<'_, PatienceApp>, label: &str, text: &str) {
    let field = harness.get_by_label(label);
    field.focus();
    field.type_text(text);
    harness.run();
}

#[test]
fn every_bundled_variant_starts_from_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let plugins: Vec<(String, String)> =
        catalog().plugins().iter().map(|p| (p.info.id.clone(), p.info.name.clone())).collect();
    assert_eq!(plugins.len(), patience_bundled::BUNDLED.len());
    for (id, name) in plugins {
        // The menu is longer than the window: its filter (which has the
        // keyboard when it opens) brings the entry into view.
        click_button(&mut harness, "Variants");
        harness.event(egui::Event::Text(id.clone()));
        harness.run();
        click_button(&mut harness, &name);
        let table = harness.state().table().expect("a game is on the table");
        assert_eq!(table.plugin().info.id, id);
        assert_eq!(table.moves_made(), 0);
        assert!(table.layout().slots.iter().any(|s| s.playable), "{id}: something is playable");
        // Every face-up playable card is on screen under its spoken name.
        for slot in table.layout().slots.iter().filter(|s| s.playable) {
            if let Face::Up(_) = slot.face {
                // As a screen reader hears it (a second deck's copy says so).
                let label = patience_gui::slot_label(slot);
                assert!(harness.query_by_label(&label).is_some(), "{id}: no card `{label}` on screen");
            }
        }
        // Replay deal 1, so the snapshot is the same every time.
        type_into(&mut harness, "Replay deal:", "1");
        click_button(&mut harness, "Play deal");
        assert_eq!(harness.state().table().unwrap().deal(), &Deal::Seed(1));
        harness.get_by_label_contains("Deal 1");
        harness.remove_cursor();
        harness.run();
        harness.snapshot_options(format!("opening-{id}"), &snapshot_options());
    }
}

#[test]
fn the_seed_001_game_is_won_by_clicking_cards_and_the_stock() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let moves: Vec<&str> = SEED_001_MOVES.split(',').map(str::trim).collect();
    for (index, notation) in moves.iter().enumerate() {
        assert!(harness.query_by_label_contains("You won").is_none(), "won too early, before move {index}");
        play_by_clicks(&mut harness, notation);
        assert_eq!(moves_made(&harness), index + 1, "move {} `{notation}` was not played", index + 1);
    }
    let table = harness.state().table().unwrap();
    assert_eq!(table.status().outcome, Outcome::Won);
    assert_eq!(table.move_log().len(), moves.len());
    harness.get_by_label("You won!");
    harness.get_by_label(&format!("{} moves · 4:07", moves.len()));
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("won-game", &snapshot_options());

    // The win is counted, shown, and still there after a restart of the app.
    let record = harness.state().stats().record("relaxed", "Relaxed, three passes").cloned().expect("a record");
    assert_eq!((record.played, record.won, record.streak), (1, 1, 1));
    click_button(&mut harness, "Statistics");
    harness.get_by_label("100%");
    drop(harness);
    let reopened = app_in(dir.path());
    let record = reopened.stats().record("relaxed", "Relaxed, three passes").expect("persisted");
    assert_eq!((record.played, record.won), (1, 1));
}

#[test]
fn undo_and_redo_restore_the_exact_layout() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let layout = |h: &Harness<'_, PatienceApp>| h.state().table().unwrap().layout().clone();
    let mut layouts = vec![layout(&harness)];
    for notation in ["Kh", "6c+7d", "draw", "3h+Td"] {
        play_by_clicks(&mut harness, notation);
        layouts.push(layout(&harness));
    }
    assert_eq!(moves_made(&harness), 4);
    // Ctrl+Z, U and the Undo button all take a move back.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(layout(&harness), layouts[3]);
    harness.key_press(egui::Key::U);
    harness.run();
    assert_eq!(layout(&harness), layouts[2]);
    click_button(&mut harness, "Undo");
    assert_eq!(layout(&harness), layouts[1]);
    // The board shows it: the King of hearts is back.
    harness.get_by_label("7 of diamonds, playable");
    // Ctrl+Y and Ctrl+Shift+Z play them again.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.run();
    assert_eq!(layout(&harness), layouts[2]);
    harness.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    harness.run();
    assert_eq!(layout(&harness), layouts[3]);
    click_button(&mut harness, "Redo");
    assert_eq!(layout(&harness), layouts[4]);
    assert_eq!(moves_made(&harness), 4);
    // Undo to the start, any depth.
    for _ in 0..4 {
        harness.key_press(egui::Key::U);
        harness.run();
    }
    assert_eq!(layout(&harness), layouts[0]);
    assert!(!harness.state().table().unwrap().can_undo());
}

#[test]
fn an_illegal_click_is_explained_in_the_status_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let relaxed = rule_set("Relaxed, three passes");
    harness.state_mut().start_with_deck(relaxed.clone(), seed_001_deck());
    harness.run();
    let mut reference = patience_tests::start("relaxed", Deal::Cards(seed_001_deck()), &[("passes", "3")]);

    // A covered card alone.
    click_top_of(&mut harness, &card_label("5s", false));
    let line = harness.state().table().unwrap().line().cloned().expect("an explanation");
    assert_eq!(line.tone, Tone::Explanation);
    assert_eq!(line.text, reference.explain("5s").unwrap());
    harness.get_by_label_contains(&line.text);

    // Two free cards that do not make 13.
    click(&mut harness, &card_label("6c", true));
    assert!(harness.state().table().unwrap().selection().is_some());
    click(&mut harness, &card_label("9s", true));
    let line = harness.state().table().unwrap().line().cloned().unwrap();
    assert_eq!(line.tone, Tone::Explanation);
    assert_eq!(line.text, reference.explain("6c+9s").unwrap());
    harness.get_by_label_contains(&line.text);
    assert_eq!(moves_made(&harness), 0, "nothing was played");
}

#[test]
fn a_card_dropped_on_its_partner_plays_the_pair() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let from = harness.get_by_label(&card_label("6c", true)).rect().center();
    let to = harness.get_by_label(&card_label("7d", true)).rect().center();
    drag_and_drop(&mut harness, from, to);
    assert_eq!(harness.state().table().unwrap().move_log(), vec!["6c+7d".to_string()]);
}

#[test]
fn the_options_panel_changes_a_rule() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let relaxed_name = catalog().find("relaxed").unwrap().info.name.clone();
    click_button(&mut harness, "Variants");
    click_button(&mut harness, &relaxed_name);
    let passes = |h: &Harness<'_, PatienceApp>| {
        let table = h.state().table().unwrap();
        table.view().hud.iter().find(|item| item.key == "passes").map(|item| item.value.clone())
    };
    assert_eq!(passes(&harness).as_deref(), Some("1 of 1"));

    click_button(&mut harness, "Options");
    harness.get_by_label("passes").click();
    harness.run();
    harness.get_by_role_and_label(Role::Button, "3").click();
    harness.run();
    click_button(&mut harness, "New game with these options");

    let table = harness.state().table().unwrap();
    assert!(table.rule_set().options.contains(&("passes".to_string(), OptionValue::Choice("3".into()))));
    assert_eq!(passes(&harness).as_deref(), Some("1 of 3"));
    harness.get_by_label("1 of 3");
    // The options are remembered for this variant.
    let saved = &harness.state().settings().options;
    assert_eq!(saved.get("plugin:relaxed").and_then(|o| o.get("passes")).map(String::as_str), Some("3"));
}

#[test]
fn side_by_side_deals_the_same_deal_to_two_rule_sets() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    click_button(&mut harness, "Side by side");
    harness.get_by_label("Relaxed, one pass").click();
    harness.run();
    harness.get_by_label("Relaxed, three passes").click();
    harness.run();
    type_into(&mut harness, "Deal number:", "7");
    click_button(&mut harness, "Deal side by side");

    let side = harness.state().side_by_side();
    assert_eq!(side.panes.len(), 2);
    let faces = |index: usize| -> Vec<Face> {
        let layout = harness.state().side_by_side().panes[index].table.layout();
        layout.slots.iter().filter(|s| s.kind == SlotKind::Pyramid).map(|s| s.face).collect()
    };
    assert_eq!(faces(0), faces(1), "the same deal in both panes");
    for pane in &side.panes {
        assert_eq!(pane.table.deal(), &Deal::Seed(7));
    }
    assert_eq!(side.differences, vec!["passes — Relaxed, one pass: 1 · Relaxed, three passes: 3".to_string()]);
    harness.get_by_label("passes — Relaxed, one pass: 1 · Relaxed, three passes: 3");
    let stock_in = |pane: &str| harness.get_by_label(pane).get_by_label_contains("stock, ").rect();
    let (first, second) = (stock_in("Relaxed, one pass, Deal 7"), stock_in("Relaxed, three passes, Deal 7"));
    assert!(first.right() < second.left() && first.top() == second.top(), "the panes stand next to each other");

    // Each pane plays on its own: draw in the second only.
    harness.get_by_label("Relaxed, three passes, Deal 7").get_by_label_contains("stock, ").click();
    harness.run();
    let side = harness.state().side_by_side();
    assert_eq!(side.panes[0].table.moves_made(), 0);
    assert_eq!(side.panes[1].table.moves_made(), 1);
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("side-by-side", &snapshot_options());
}

#[test]
fn a_failing_plugin_shows_a_banner_and_the_app_goes_on() {
    let runtime = patience_tests::runtime();
    let hostile = patience_tests::load_fixture(&runtime, "hostile.wasm").unwrap();
    for (attack, call) in [("panic-in-apply", "apply"), ("loop-in-moves", "moves")] {
        let dir = tempfile::tempdir().unwrap();
        let mut catalog = catalog();
        catalog.insert(hostile.clone()).unwrap();
        let app = PatienceApp::new(catalog, Vec::new(), dir.path().to_path_buf()).with_fixed_clock(Duration::ZERO);
        let mut harness = harness(app);
        let rule_set = RuleSet {
            options: vec![("attack".to_string(), OptionValue::Choice(attack.to_string()))],
            ..RuleSet::defaults("hostile")
        };
        harness.state_mut().start(rule_set, Deal::Seed(1));
        harness.run();
        // One good step, then the plugin misbehaves.
        click(&mut harness, "face-down card");
        assert_eq!(moves_made(&harness), 1);
        if harness.state().table().unwrap().fault().is_none() {
            click(&mut harness, "face-down card");
        }
        let fault = harness.state().table().unwrap().fault().map(str::to_string).expect("a fault banner");
        assert!(fault.contains("hostile") && fault.contains(&format!("`{call}`")), "{attack}: {fault}");
        harness.get_by_label_contains("plugin `hostile`");
        // The game is back at its last good state, and the app still works.
        assert_eq!(moves_made(&harness), 1, "{attack}");
        click_button(&mut harness, "Undo");
        assert_eq!(moves_made(&harness), 0, "{attack}");
        click_button(&mut harness, "Dismiss");
        assert!(harness.state().table().unwrap().fault().is_none());
        click_button(&mut harness, "New game");
        assert!(harness.state().table().is_some());
    }
}

#[test]
fn keys_draw_restart_and_deal_anew() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start(rule_set("Relaxed, one pass"), Deal::Seed(5));
    harness.run();
    let stock_label = |h: &Harness<'_, PatienceApp>| {
        let table = h.state().table().unwrap();
        let stock = table.layout().slots.iter().find(|s| s.kind == SlotKind::Stock).unwrap();
        stock.label.clone().unwrap()
    };
    assert_eq!(stock_label(&harness), "24");
    harness.key_press(egui::Key::D);
    harness.run();
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_eq!(stock_label(&harness), "22");
    harness.get_by_label("stock, 22 cards");
    harness.key_press(egui::Key::R);
    harness.run();
    assert_eq!(moves_made(&harness), 0);
    assert_eq!(harness.state().table().unwrap().deal(), &Deal::Seed(5));
    harness.key_press(egui::Key::N);
    harness.run();
    assert_ne!(harness.state().table().unwrap().deal(), &Deal::Seed(5), "N deals a new game");
    // The abandoned game (two draws) was counted as played, not won.
    let record = harness.state().stats().record("relaxed", "Relaxed, one pass").cloned().unwrap();
    assert_eq!((record.played, record.won), (1, 0));
}

#[test]
fn damaged_files_are_moved_aside_and_the_app_starts_fresh() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stats.toml"), "[records\nnot toml at all").unwrap();
    std::fs::write(dir.path().join("settings.toml"), "last_choice = 12").unwrap();
    let mut harness = harness(app_in(dir.path()));
    assert!(dir.path().join("stats.toml.broken-1").exists());
    assert!(dir.path().join("settings.toml.broken-1").exists());
    harness.get_by_label_contains("Your statistics file could not be read");
    harness.get_by_label_contains("Your settings file could not be read");
    assert!(harness.state().table().is_some(), "a game starts all the same");
    // Both files are written afresh, and read back.
    harness.key_press(egui::Key::D);
    harness.run();
    harness.key_press(egui::Key::N);
    harness.run();
    let reopened = app_in(dir.path());
    assert!(reopened.notices().is_empty(), "{:?}", reopened.notices());
    assert_eq!(reopened.stats().rows().len(), 1);
}

#[test]
fn the_last_variant_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let speed = catalog().find("speedpyramid").unwrap().info.name.clone();
    click_button(&mut harness, "Variants");
    click_button(&mut harness, &speed);
    drop(harness);
    let harness = self::harness(app_in(dir.path()));
    assert_eq!(harness.state().table().unwrap().plugin().info.id, "speedpyramid");
    assert_eq!(harness.state().settings().last_choice.as_deref(), Some("plugin:speedpyramid"));
}

#[test]
fn the_rules_are_readable_in_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    click_button(&mut harness, "Rules");
    let name = harness.state().table().unwrap().plugin().info.name.clone();
    harness.get_by_label_contains(&format!("Rules — {name}"));
}

#[test]
fn a_game_in_progress_is_resumed_at_the_next_start_and_a_damaged_save_is_moved_aside() {
    let data = tempfile::tempdir().unwrap();
    let relaxed = RuleSet::defaults("relaxed");
    let moves_before;
    {
        let mut app = PatienceApp::new(catalog(), Vec::new(), data.path().to_path_buf());
        app.start(relaxed.clone(), Deal::Seed(12));
        let table = app.table_mut().expect("a game");
        table.play_notation("draw");
        table.play_notation("draw");
        moves_before = table.move_log();
        assert_eq!(moves_before.len(), 2);
        // Quitting keeps the game: it is resumed, not counted as lost.
        app.exit();
    }
    let harness_one = harness(PatienceApp::new(catalog(), Vec::new(), data.path().to_path_buf()));
    let table = harness_one.state().table().expect("the saved game is back");
    assert_eq!(table.move_log(), moves_before);
    assert_eq!(table.deal(), &Deal::Seed(12));
    assert!(!table.is_winnable_only(), "a save without marks is a random deal");
    drop(harness_one);

    std::fs::write(data.path().join(patience_gui::GAME_FILE), "format = 1\nplugin = ").unwrap();
    let harness_two = harness(PatienceApp::new(catalog(), Vec::new(), data.path().to_path_buf()));
    let app = harness_two.state();
    assert!(app.table().is_some(), "the app starts normally with a new game");
    assert!(app.table().unwrap().move_log().is_empty());
    assert!(app.notices().iter().any(|n| n.contains("could not be used") && n.contains("broken-1")), "{:?}", app.notices());
    assert!(data.path().join(format!("{}.broken-1", patience_gui::GAME_FILE)).exists());
}
