//! The Explore panel, driven through the real app with egui_kittest: pick
//! a variant and two options, explore a few deals in the background, and
//! find the library's own numbers in the heat map.

mod common;

use common::*;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_compare::explore::{self, Explore, Plan, Vary};
use patience_compare::players::ExpertConfig;
use patience_compare::PlayerKind;
use patience_engine::options::OptionValue;
use patience_gui::{Mode, PatienceApp};
use std::sync::atomic::AtomicBool;

const DEALS: u64 = 10;
/// Opens a combo box by its label and picks `item` in it.
fn pick(harness: &mut Harness<'_, PatienceApp>, combo: &str, item: &str) {
    click(harness, combo);
    harness.get_by_role_and_label(Role::Button, item).click();
    harness.run();
}

#[test]
fn the_explore_panel_maps_two_options_as_the_library_does_and_plays_a_cell() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    click_button(&mut harness, "View");
    click(&mut harness, "Explore rule space");
    assert_eq!(harness.state().mode(), Mode::Explore);

    let catalog = catalog();
    let plugin = catalog.find("relaxed").expect("the relaxed plugin").clone();
    pick(&mut harness, "Variant:", &plugin.info.name);
    pick(&mut harness, "Across:", "passes");
    pick(&mut harness, "Down:", "stock_top_playable");
    harness.get_by_label("Deals:").set_value_accesskit(DEALS as f64);
    harness.run();
    let panel = harness.state().explore();
    assert_eq!((panel.plugin.as_deref(), panel.x.as_deref(), panel.y.as_deref()), (Some("relaxed"), Some("passes"), Some("stock_top_playable")));
    click_button(&mut harness, "▶ Explore");
    assert!(harness.state().explore().running.is_some(), "the exploration runs in the background");
    wait_until(&mut harness, "the exploration", |app| app.explore().running.is_none());
    assert_eq!(harness.state().explore().problem, None);

    // The library on the same deals, directly.
    let vary = Vary::parse(&["passes", "stock_top_playable"]).unwrap();
    let plan = Plan::new("relaxed", &plugin.info.name, &plugin.info.options, &[], &vary, &[] as &[&str], explore::MAX_COMBINATIONS).unwrap();
    let expected = Explore {
        plan,
        plugin,
        from: 1,
        deals: DEALS,
        players: vec![PlayerKind::Solver],
        budget: patience_runtime::SOLVE_BUDGET,
        expert: ExpertConfig::default(),
        shard: None,
    }
    .run(2, &|| {}, &AtomicBool::new(false))
    .unwrap();
    let analysis = explore::analyse(&expected);

    let outcome = harness.state().explore().outcome.as_ref().expect("results");
    let verdicts = |file: &explore::ExploreFile| {
        file.study.records.iter().map(|r| (r.rule_set, r.deal, r.solver.as_ref().map(|s| s.verdict.clone()))).collect::<Vec<_>>()
    };
    assert_eq!(verdicts(&outcome.file), verdicts(&expected), "the same verdicts, deal by deal");
    assert_eq!(outcome.cells.len(), analysis.rows.len());
    assert_eq!(outcome.x_values.len() * outcome.y_values.len(), outcome.cells.len());
    let mut labels = Vec::new();
    for row in &analysis.rows {
        let (passes, top) = (&row.values[0], &row.values[1]);
        let percent = format!("{:.0}%", 100.0 * row.row.winnable as f64 / row.row.solved as f64);
        labels.push(format!("passes={passes}, stock_top_playable={top}: {percent} winnable"));
        // The number is painted in the cell, whose label carries it too.
        let cell = outcome.cells.iter().find(|cell| cell.index == row.index).unwrap();
        assert_eq!(cell.text(), percent);
    }
    for label in &labels {
        harness.get_by_label(label);
    }
    // What each option does: the library's effects, in the table.
    for effect in &analysis.effects {
        let text = explore::effect_text(effect);
        assert!(harness.query_all_by_label(&text).next().is_some(), "{text} in the effects table");
    }
    let more_passes = analysis.rows.iter().find(|r| r.values == ["unlimited", "true"]).unwrap();
    let fewest = analysis.rows.iter().find(|r| r.values == ["1", "false"]).unwrap();
    assert!(more_passes.row.winnable >= fewest.row.winnable, "more passes and a playable stock top never win fewer deals");

    // Click a cell: its rule set, a click away from being played.
    let target = labels.iter().find(|label| label.starts_with("passes=3, stock_top_playable=true")).unwrap().clone();
    click(&mut harness, &target);
    assert_eq!(harness.state().explore().selected, Some(more_index(&analysis, ["3", "true"])));
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("explore", &snapshot_options());

    click_button(&mut harness, "▶ Play this rule set");
    assert_eq!(harness.state().mode(), Mode::Single);
    let table = harness.state().table().expect("a game of the explored rule set");
    let options = &table.rule_set().options;
    assert!(options.contains(&("passes".to_string(), OptionValue::Choice("3".into()))), "{options:?}");
    assert!(options.contains(&("stock_top_playable".to_string(), OptionValue::Flag(true))), "{options:?}");
    assert_eq!(table.rule_set().plugin, "relaxed");
}

fn more_index(analysis: &explore::Analysis, values: [&str; 2]) -> usize {
    analysis.rows.iter().find(|r| r.values == values).unwrap().index
}
