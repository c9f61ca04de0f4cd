//! Hint, Compare, Demo, hot reload and sliding cards, driven through the real app with
//! egui_kittest like `app.rs` does. Background work (the solver, the
//! study, a reloaded plugin) runs on its own threads; the tests poll the
//! app frame by frame, a bounded number of times, until it has answered.

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_compare::stats::percent_with_interval;
use patience_engine::deal::Deal;
use patience_engine::layout::{Outcome, SlotKind};
use patience_gui::{load_rule_sets, slot_label, HintView, Mode, PatienceApp};
use patience_runtime::plugin::Source;
use patience_runtime::Catalog;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// The common app, with the compare panel's timings fixed too.
fn app_in(dir: &Path) -> PatienceApp {
    common::app_in(dir).with_fixed_study_time(Duration::from_micros(12_300))
}

/// Waits for the solver's answer to a hint just asked for.
fn wait_for_hint(harness: &mut Harness<'_, PatienceApp>) {
    harness.run();
    wait_until(harness, "the hint", |app| !matches!(app.hint(), HintView::Thinking | HintView::Nothing));
}

#[test]
fn a_hint_is_a_legal_move_of_a_winning_line_and_a_lost_position_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();

    harness.key_press(egui::Key::H);
    wait_for_hint(&mut harness);
    let HintView::Move { label, slots, line } = harness.state().hint() else {
        panic!("a hinted move, not {:?}", harness.state().hint());
    };
    // Legal here: one of the table's moves, with the slots the board marks.
    let table = harness.state().table().unwrap();
    let hinted = table.legal_move(&line[0]).expect("the hinted move is legal").clone();
    assert_eq!((hinted.label.clone(), hinted.slots.clone()), (label.clone(), slots));
    // Part of a winning line: the whole line wins a fresh game of the deal.
    let mut reference = patience_tests::start("relaxed", Deal::Cards(seed_001_deck()), &[("passes", "3")]);
    for step in &line {
        reference.play(step).unwrap_or_else(|error| panic!("`{step}` of the hinted line: {error}"));
    }
    assert_eq!(reference.status().unwrap().outcome, Outcome::Won);
    harness.get_by_label(&format!("💡 Hint: {label} — the first move of a winning line ({} moves)", line.len()));
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("hint", &snapshot_options());

    // Playing the hinted move makes the hint stale: it is no longer shown.
    play_by_clicks(&mut harness, &hinted.notation);
    assert_eq!(moves_made(&harness), 1);
    assert_eq!(harness.state().hint(), HintView::Nothing);

    // The toolbar button asks too.
    click_button(&mut harness, "💡 Hint");
    wait_for_hint(&mut harness);
    assert!(matches!(harness.state().hint(), HintView::Move { .. }), "{:?}", harness.state().hint());

    // Draw through the stock twice and into a third pass without playing
    // a card: from there the deal cannot be won any more.
    harness.key_press(egui::Key::R);
    harness.run();
    for _ in 0..54 {
        harness.key_press(egui::Key::D);
        harness.run();
    }
    assert_eq!(moves_made(&harness), 54, "every draw and recycle was played");
    harness.key_press(egui::Key::H);
    wait_for_hint(&mut harness);
    let HintView::Said(text) = harness.state().hint() else {
        panic!("a verdict, not {:?}", harness.state().hint());
    };
    assert!(text.starts_with("No win from here"), "{text}");
    harness.get_by_label_contains("No win from here");
}

#[test]
fn the_compare_panel_runs_a_study_shows_it_opens_a_disagreement_and_cancels() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    click_button(&mut harness, "View");
    click(&mut harness, "Compare rule sets");
    assert_eq!(harness.state().mode(), Mode::Compare);
    click(&mut harness, "Relaxed, one pass");
    click(&mut harness, "Relaxed, three passes");
    harness.get_by_label("Deals:").set_value_accesskit(20.0);
    harness.run();
    click_button(&mut harness, "▶ Run study");
    assert!(harness.state().compare().running.is_some(), "the study runs in the background");
    wait_until(&mut harness, "the study", |app| app.compare().running.is_none());

    let outcome = harness.state().compare().outcome.as_ref().expect("results");
    assert_eq!(outcome.file.records.len(), 40, "20 deals for each of 2 rule sets");
    let rows = outcome.rows.clone();
    let disagreement = outcome.disagreements[0].clone();
    assert_eq!(rows.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Relaxed, one pass", "Relaxed, three passes"]);
    for row in &rows {
        assert_eq!(row.deals, 20);
        assert_eq!(row.errors, 0, "{}: no deal ends in a plugin fault under the app's limits", row.name);
        // The name stands in the table (and elsewhere: the pickers, the
        // paired table), with its percentages.
        assert!(harness.query_all_by_label(&row.name).count() >= 2, "{} is in the table", row.name);
        let winnable = percent_with_interval(row.winnable, row.solved);
        let greedy = percent_with_interval(row.greedy_won, row.greedy_games);
        assert!(harness.query_all_by_label(&winnable).next().is_some(), "{winnable}");
        assert!(harness.query_all_by_label(&greedy).next().is_some(), "{greedy}");
    }
    assert!(rows[1].winnable > rows[0].winnable, "three passes win more deals than one");
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("compare", &snapshot_options());

    // A deal the two disagree on opens side by side.
    let deal = *disagreement.deals.first().expect("the rule sets disagree on some deal");
    let deal_button = format!("Deal {deal}");
    harness.get_by_label(&deal_button).scroll_to_me();
    harness.run();
    click(&mut harness, &deal_button);
    assert_eq!(harness.state().mode(), Mode::SideBySide);
    let side = harness.state().side_by_side();
    let titles: Vec<&str> = side.panes.iter().map(|pane| pane.title.as_str()).collect();
    assert_eq!(titles, ["Relaxed, one pass", "Relaxed, three passes"]);
    for pane in &side.panes {
        assert_eq!(pane.table.deal(), &Deal::Seed(deal));
    }
    harness.get_by_label(&format!("Relaxed, three passes, Deal {deal}"));

    // A long study can be cancelled; the last results stay.
    click_button(&mut harness, "View");
    click(&mut harness, "Compare rule sets");
    harness.get_by_label("Deals:").set_value_accesskit(50_000.0);
    harness.run();
    click_button(&mut harness, "▶ Run study");
    harness.step();
    click_button(&mut harness, "Cancel");
    wait_until(&mut harness, "the cancelled study to stop", |app| app.compare().running.is_none());
    let problem = harness.state().compare().problem.clone().expect("a word about the cancelled study");
    assert!(problem.starts_with("Cancelled after"), "{problem}");
    harness.get_by_label_contains("Cancelled after");
    assert_eq!(harness.state().compare().outcome.as_ref().unwrap().file.deals, 20);
}

#[test]
fn the_solver_demo_plays_the_seed_001_deck_to_the_won_banner() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    click_button(&mut harness, "Demo");
    click_button(&mut harness, "Watch the solver play");
    assert!(harness.state().demo().is_running());
    // Move by move: the board shows each position in turn.
    wait_until(&mut harness, "the first demo move", |app| app.table().unwrap().moves_made() >= 1);
    assert!(harness.state().table().unwrap().status().outcome == Outcome::Playing);
    wait_until(&mut harness, "the demo to win", |app| !app.demo().is_running());
    let table = harness.state().table().unwrap();
    assert_eq!(table.status().outcome, Outcome::Won);
    let moves = table.moves_made();
    harness.get_by_label("You won!");
    harness.get_by_label_contains(&format!("Demo over: the solver won the game in {moves} moves."));
    // A game the demo won counts like any other.
    let record = harness.state().stats().record("relaxed", "Relaxed, three passes").cloned().expect("a record");
    assert_eq!((record.played, record.won), (1, 1));
}

#[test]
fn a_greedy_demo_pauses_steps_and_hands_the_game_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    harness.state_mut().set_demo_speed(0.5);
    click_button(&mut harness, "Demo");
    click_button(&mut harness, "Watch greedy play");
    wait_until(&mut harness, "greedy's first move", |app| app.table().unwrap().moves_made() >= 1);
    click_button(&mut harness, "⏸ Pause");
    let paused_at = moves_made(&harness);
    // Paused: time passes, nothing is played.
    for _ in 0..20 {
        harness.step();
    }
    assert_eq!(moves_made(&harness), paused_at);
    click_button(&mut harness, "⏭ Step");
    wait_until(&mut harness, "one step", |app| app.table().unwrap().moves_made() == paused_at + 1);
    click_button(&mut harness, "⏹ Stop and take over");
    assert!(!harness.state().demo().is_running());
    harness.get_by_label_contains("the game is yours to play");
    // The player goes on from where greedy stopped.
    harness.key_press(egui::Key::D);
    harness.run();
    assert_eq!(moves_made(&harness), paused_at + 2);
}

#[test]
fn a_changed_plugin_file_is_reloaded_and_the_game_replayed_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let plugins = tempfile::tempdir().unwrap();
    let file = plugins.path().join("relaxed.wasm");
    let relaxed_bytes = patience_tests::bundled().into_iter().find(|(name, _)| *name == "relaxed.wasm").expect("bundled relaxed").1;
    std::fs::write(&file, relaxed_bytes).unwrap();
    let runtime = patience_tests::runtime();
    let catalog = Catalog::load(&runtime, &[], &[plugins.path().to_path_buf()]);
    assert_eq!(catalog.ids(), ["relaxed"], "{:?}", catalog.problems());
    // Only relaxed is in this catalog: the other rule sets are skipped.
    let rule_sets = load_rule_sets(&[repo_root().join("rulesets")], &catalog).0;
    let app = PatienceApp::new(catalog, rule_sets, dir.path().to_path_buf())
        .with_fixed_clock(Duration::ZERO)
        .with_plugin_watch(Arc::clone(&runtime), vec![plugins.path().to_path_buf()]);
    let mut harness = harness(app);
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    for notation in ["Kh", "6c+7d", "draw"] {
        play_by_clicks(&mut harness, notation);
    }
    let before = Arc::clone(harness.state().table().unwrap().plugin());
    assert_eq!(before.source, Source::File(file.clone()));

    // A new build of the plugin lands (written aside, then moved in, as
    // build tools do).
    replace_file(&file, relaxed_bytes);
    harness.state_mut().check_plugins_now();
    harness.run();
    let table = harness.state().table().unwrap();
    assert!(!Arc::ptr_eq(table.plugin(), &before), "the game runs on the new load");
    assert!(Arc::ptr_eq(table.plugin(), harness.state().catalog().find("relaxed").unwrap()));
    assert_eq!(table.move_log(), ["Kh", "6c+7d", "draw"]);
    let version = &before.info.version;
    let notice = format!("relaxed {version} reloaded from {}; your game was replayed on it (3 moves).", file.display());
    assert!(harness.state().notices().contains(&notice), "{:?}", harness.state().notices());
    harness.get_by_label(&notice);
    // The game goes on on the new version.
    play_by_clicks(&mut harness, "3h+Td");
    assert_eq!(moves_made(&harness), 4);

    // A broken build is refused; the game and the catalog keep the last
    // good version.
    let good = Arc::clone(harness.state().table().unwrap().plugin());
    replace_file(&file, b"not a plugin at all");
    harness.state_mut().check_plugins_now();
    harness.run();
    let refused = harness.state().notices().last().cloned().unwrap();
    assert!(refused.contains("changed but could not be loaded") && refused.ends_with(&format!("relaxed {version} stays in use.")), "{refused}");
    harness.get_by_label_contains("changed but could not be loaded");
    assert!(Arc::ptr_eq(harness.state().table().unwrap().plugin(), &good));
    assert!(Arc::ptr_eq(harness.state().catalog().find("relaxed").unwrap(), &good));
}

/// Replaces `path` at once (a rename), with a modification time that
/// differs from the old one however coarse the file system's clock.
fn replace_file(path: &Path, bytes: &[u8]) {
    let aside = path.with_extension("part");
    std::fs::write(&aside, bytes).unwrap();
    let later = SystemTime::now() + Duration::from_secs(60);
    std::fs::File::options().write(true).open(&aside).unwrap().set_modified(later).unwrap();
    std::fs::rename(&aside, path).unwrap();
}

fn in_flight(harness: &Harness<'_, PatienceApp>) -> Vec<(u32, egui::Rect)> {
    harness.state().cards_in_flight(&harness.ctx)
}

/// The accessible label of the stock (the open stock shows its top card).
fn stock(harness: &Harness<'_, PatienceApp>) -> String {
    let table = harness.state().table().unwrap();
    slot_label(table.layout().slots.iter().find(|s| s.kind == SlotKind::Stock).unwrap())
}

#[test]
fn a_drawn_card_slides_to_its_new_place_and_animations_can_be_switched_off() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_in(dir.path()).with_animations(true);
    // Frames a sixtieth of a second apart, so a slide spans several.
    let mut harness = Harness::builder().with_size([1180.0, 800.0]).with_step_dt(1.0 / 60.0).with_max_steps(60).wgpu().build_ui_state(common::as_window, app);
    harness.run();
    harness.state_mut().start_with_deck(rule_set("Relaxed, open stock"), seed_001_deck());
    harness.run();
    assert!(in_flight(&harness).is_empty(), "a new deal just appears");

    // The open stock's top card goes to the waste: the frame after the
    // key (D) draws it on its way, while its widget already waits at the
    // new place.
    let label = stock(&harness);
    let old = harness.get_by_label(&label).rect().center();
    harness.key_press(egui::Key::D);
    harness.step();
    assert_eq!(moves_made(&harness), 1);
    harness.step();
    let new = harness.get_by_label(&label).rect().center();
    let flying = in_flight(&harness);
    assert_eq!(flying.len(), 1, "{flying:?}");
    let now = flying[0].1.center();
    assert!(old.distance(new) > 50.0, "the card changes place: {old:?} → {new:?}");
    assert!(old.distance(now) > 1.0 && now.distance(new) > 1.0, "between {old:?} and {new:?}: {now:?}");
    assert!((old.distance(now) + now.distance(new) - old.distance(new)).abs() < 1.0, "on the way: {now:?}");
    // After the slide's time it is at its place, and nothing moves.
    harness.run();
    assert!(in_flight(&harness).is_empty());
    assert_eq!(harness.get_by_label(&label).rect().center(), new);

    // A draw mid-slide puts the first card in its place at once and
    // starts the next card's slide, from the stock again.
    harness.key_press(egui::Key::D);
    harness.step();
    harness.step();
    harness.key_press(egui::Key::D);
    harness.step();
    assert_eq!(moves_made(&harness), 3);
    harness.step();
    let flying = in_flight(&harness);
    assert_eq!(flying.len(), 1, "only the last card slides: {flying:?}");
    let now = flying[0].1.center();
    assert!(now.distance(old) < now.distance(new), "it has just left the stock: {now:?}");
    harness.run();
    assert!(in_flight(&harness).is_empty());

    // With the stock face down, the drawn card was never seen: it slides
    // from the stock all the same.
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let old = harness.get_by_label(&stock(&harness)).rect().center();
    harness.key_press(egui::Key::D);
    harness.step();
    harness.step();
    assert_eq!(moves_made(&harness), 1);
    let flying = in_flight(&harness);
    assert_eq!(flying.len(), 1, "the drawn card slides: {flying:?}");
    let waste = {
        let table = harness.state().table().unwrap();
        slot_label(table.layout().slots.iter().find(|s| s.id == flying[0].0).unwrap())
    };
    let new = harness.get_by_label(&waste).rect().center();
    let now = flying[0].1.center();
    assert!(old.distance(now) > 1.0 && now.distance(new) > 1.0, "between {old:?} and {new:?}: {now:?}");
    assert!((old.distance(now) + now.distance(new) - old.distance(new)).abs() < 1.0, "on the way: {now:?}");
    harness.run();
    assert!(in_flight(&harness).is_empty());

    // View → Animations off: cards just appear, and the choice is kept.
    click_button(&mut harness, "View");
    harness.get_by_label("Animations").click();
    harness.run();
    assert!(!harness.state().settings().animations);
    harness.key_press(egui::Key::D);
    harness.step();
    harness.step();
    assert_eq!(moves_made(&harness), 2);
    assert!(in_flight(&harness).is_empty(), "no slide with animations off");
    drop(harness);
    assert!(!common::app_in(dir.path()).settings().animations, "remembered in the settings");
}

#[test]
fn a_jack_queen_and_king_leave_elevens_together_by_mouse_and_a_wrong_card_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let first = patience_engine::card::parse_cards("Jd 5h 6c Qs Ks 2h 3h 4h 9c Ah 7d 8d").unwrap();
    let deck = first.iter().copied().chain(patience_engine::deal::fresh_deck().into_iter().filter(|c| !first.contains(c))).collect();
    harness.state_mut().start(patience_runtime::RuleSet::defaults("elevens"), Deal::Cards(deck));
    harness.run();
    click(&mut harness, &card_label("Jd", true));
    click(&mut harness, &card_label("Qs", true));
    // A card that is no part of the set: the plugin says why, the pick stays.
    click(&mut harness, &card_label("5h", true));
    let table = harness.state().table().unwrap();
    assert_eq!(table.selection().map(|s| s.slots.len()), Some(2), "the Jack and the Queen are still picked");
    let said = table.line().cloned().expect("an explanation");
    assert_eq!(said.tone, patience_gui::Tone::Explanation);
    assert!(said.text.contains("set"), "{said:?}");
    click(&mut harness, &card_label("Ks", true));
    let table = harness.state().table().unwrap();
    assert_eq!(table.move_log().len(), 1);
    assert_eq!(patience_engine::card::canonical_notation(&table.move_log()[0]), patience_engine::card::canonical_notation("Jd+Qs+Ks"));
    harness.snapshot_options("elevens-set", &snapshot_options());
}
