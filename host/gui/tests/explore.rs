//! The Explore panel, driven through the real app with egui_kittest: pick
//! a variant and two options, explore a few deals in the background, and
//! find the library's own numbers in the heat map; average a third option
//! and find its combinations summed in each cell; play, save and deal side
//! by side a combination picked in a cell.

mod common;

use common::*;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_compare::explore::{self, Explore, ExploreFile, Plan, Vary};
use patience_compare::players::ExpertConfig;
use patience_compare::PlayerKind;
use patience_engine::deal::Deal;
use patience_engine::options::OptionValue;
use patience_gui::{load_rule_sets, saved_rule_sets_dir, Mode, PatienceApp};
use patience_runtime::RuleSet;
use std::sync::atomic::AtomicBool;

const DEALS: u64 = 10;
/// Deals of the explorations that average `win` (16 combinations).
const AVERAGED_DEALS: u64 = 12;
/// Opens a combo box by its label and picks `item` in it.
fn pick(harness: &mut Harness<'_, PatienceApp>, combo: &str, item: &str) {
    click(harness, combo);
    // A list longer than the box scrolls: bring the item into view first.
    harness.get_by_role_and_label(Role::Button, item).scroll_to_me();
    harness.run();
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
        use_rule_order: true,
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
        let cell = outcome.cells.iter().find(|cell| cell.combinations == [row.index]).unwrap();
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

/// The library's exploration of relaxed on deals 1..=`deals`, directly.
fn library_run(vary: &[&str], deals: u64) -> ExploreFile {
    let plugin = catalog().find("relaxed").expect("the relaxed plugin").clone();
    let vary = Vary::parse(vary).unwrap();
    let plan = Plan::new("relaxed", &plugin.info.name, &plugin.info.options, &[], &vary, &[] as &[&str], explore::MAX_COMBINATIONS).unwrap();
    Explore {
        plan,
        plugin,
        from: 1,
        deals,
        players: vec![PlayerKind::Solver],
        budget: patience_runtime::SOLVE_BUDGET,
        expert: ExpertConfig::default(),
        shard: None,
        use_rule_order: true,
    }
    .run(2, &|| {}, &AtomicBool::new(false))
    .unwrap()
}

/// The Explore panel on relaxed, passes across and stock_top_playable
/// down, `win` averaged, explored on `AVERAGED_DEALS` deals.
fn explore_with_win_averaged(dir: &std::path::Path) -> Harness<'static, PatienceApp> {
    let mut harness = harness(app_in(dir));
    click_button(&mut harness, "View");
    click(&mut harness, "Explore rule space");
    let name = catalog().find("relaxed").unwrap().info.name.clone();
    pick(&mut harness, "Variant:", &name);
    pick(&mut harness, "Across:", "passes");
    pick(&mut harness, "Down:", "stock_top_playable");
    pick(&mut harness, "win:", "averaged");
    harness.get_by_label("Deals:").set_value_accesskit(AVERAGED_DEALS as f64);
    harness.run();
    harness.get_by_label_contains("16 combinations × 12 deals");
    click_button(&mut harness, "▶ Explore");
    wait_until(&mut harness, "the exploration", |app| app.explore().running.is_none());
    assert_eq!(harness.state().explore().problem, None);
    harness
}

/// Clicks the cell `passes=P, stock_top_playable=S` (whatever its %).
fn click_cell(harness: &mut Harness<'_, PatienceApp>, values: &str) {
    harness.get_by_label_contains(&format!("{values}: ")).click();
    harness.run();
}

fn sorted(mut options: Vec<(String, OptionValue)>) -> Vec<(String, OptionValue)> {
    options.sort();
    options
}

#[test]
fn an_averaged_option_is_summed_in_each_cell_and_the_cell_lists_its_combinations() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = explore_with_win_averaged(dir.path());
    let expected = library_run(&["passes", "stock_top_playable", "win"], AVERAGED_DEALS);
    let analysis = explore::analyse(&expected);
    let axis = |name: &str| expected.explore.axes.iter().position(|axis| axis.name == name).unwrap();
    let (passes, top, win) = (axis("passes"), axis("stock_top_playable"), axis("win"));

    let outcome = harness.state().explore().outcome.as_ref().expect("results");
    let verdicts = |file: &ExploreFile| {
        file.study.records.iter().map(|r| (r.rule_set, r.deal, r.solver.as_ref().map(|s| s.verdict.clone()))).collect::<Vec<_>>()
    };
    assert_eq!(verdicts(&outcome.file), verdicts(&expected), "the same verdicts, deal by deal");
    assert_eq!(outcome.averaged, ["win"]);
    assert_eq!(outcome.cells.len(), 8, "one cell per pair of passes and stock_top_playable values");
    for cell in &outcome.cells {
        let (x, y) = (&outcome.x_values[cell.x], &outcome.y_values[cell.y]);
        let rows: Vec<_> = analysis.rows.iter().filter(|row| &row.values[passes] == x && &row.values[top] == y).collect();
        assert_eq!(rows.len(), 2, "win=pyramid and win=all");
        let sum = |count: fn(&explore::ComboRow) -> u64| rows.iter().map(|row| count(row)).sum::<u64>();
        let counts = (cell.winnable, cell.solved, cell.unknown);
        assert_eq!(counts, (sum(|r| r.row.winnable), sum(|r| r.row.solved), sum(|r| r.row.unknown)), "cell {x}, {y}");
        assert_eq!(cell.combinations, rows.iter().map(|row| row.index).collect::<Vec<_>>(), "its combinations, best first");
        harness.get_by_label(&outcome.cell_label(cell));
    }
    harness.get_by_label_contains("averaged in each cell: win");
    // Its effect is measured with the others'.
    assert!(analysis.effects.iter().any(|effect| effect.option == "win"));
    for effect in &analysis.effects {
        let text = explore::effect_text(effect);
        assert!(harness.query_all_by_label(&text).next().is_some(), "{text} in the effects table");
    }

    // A click picks the cell's best combination and lists both.
    click_cell(&mut harness, "passes=2, stock_top_playable=true");
    let outcome = harness.state().explore().outcome.as_ref().unwrap();
    let cell = outcome.cells.iter().find(|cell| outcome.cell_name(cell) == "passes=2, stock_top_playable=true").unwrap().clone();
    assert_eq!(harness.state().explore().selected, Some(cell.best()));
    let other = cell.combinations[1];
    let other_win = &analysis.rows.iter().find(|row| row.index == other).unwrap().values[win];
    harness.get_by_label(&format!("win={other_win}"));
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("explore", &snapshot_options());

    click(&mut harness, &format!("win={other_win}"));
    assert_eq!(harness.state().explore().selected, Some(other));
    click_button(&mut harness, "▶ Play this rule set");
    let table = harness.state().table().expect("a game of the picked combination");
    assert!(table.rule_set().options.contains(&("win".to_string(), OptionValue::Choice(other_win.clone()))));
}

#[test]
fn a_picked_combination_is_dealt_side_by_side_and_saved_as_a_rule_set_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = explore_with_win_averaged(dir.path());
    click_cell(&mut harness, "passes=3, stock_top_playable=false");
    click(&mut harness, "win=all");
    let outcome = harness.state().explore().outcome.as_ref().unwrap();
    let index = harness.state().explore().selected.unwrap();
    let rule_set = outcome.rule_set(index);
    let options = sorted(outcome.plan.options(index));
    assert!(options.contains(&("win".to_string(), OptionValue::Choice("all".into()))), "{options:?}");
    assert_eq!(rule_set.name, "Pyramid (relaxed): passes 3, win all, no stock top playable");

    // Side by side: among the picks, as a rule set with no file yet.
    click_button(&mut harness, "Add to Side by side");
    assert_eq!(harness.state().mode(), Mode::SideBySide);
    let unsaved = format!("unsaved:{}", rule_set.name);
    assert_eq!(harness.state().side_by_side().picked, [unsaved.as_str()]);
    let choice = harness.state().choices().iter().find(|choice| choice.key == unsaved).expect("a choice of its own");
    assert_eq!(sorted(choice.rule_set.options.clone()), options);
    harness.get_by_role_and_label(Role::CheckBox, "Pyramid (relaxed)").click();
    harness.run();
    click_button(&mut harness, "Deal side by side");
    let side = harness.state().side_by_side();
    assert_eq!(side.panes.len(), 2);
    let pane = side.panes.iter().find(|pane| pane.title == rule_set.name).expect("a pane of the explored rule set");
    assert_eq!(sorted(pane.table.rule_set().options.clone()), options);
    assert_eq!(pane.table.deal(), &Deal::Seed(1), "the exploration's first deal");
    assert!(side.differences.iter().any(|line| line.starts_with("win — ")), "{:?}", side.differences);

    // Saved as a file: read back with the same options, in the menu, and
    // the side-by-side pick follows it.
    click_button(&mut harness, "View");
    click(&mut harness, "Explore rule space");
    click_button(&mut harness, "Save as rule set…");
    let folder = saved_rule_sets_dir(dir.path());
    let first = folder.join("pyramid-relaxed-passes-3-win-all-no-stock-top-playable.toml");
    let saved = RuleSet::load(&first, harness.state().catalog()).expect("the saved rule set reads back");
    assert_eq!((saved.name.as_str(), saved.plugin.as_str()), (rule_set.name.as_str(), "relaxed"));
    assert_eq!(sorted(saved.options.clone()), options);
    assert!(saved.description.as_deref().is_some_and(|d| d.contains("winnable") && d.contains("deals 1–12")), "{:?}", saved.description);
    assert!(harness.state().notices().iter().any(|notice| notice.contains(&first.display().to_string())), "{:?}", harness.state().notices());
    let key = format!("rule set:{}", first.display());
    assert!(harness.state().choices().iter().any(|choice| choice.key == key), "in the menu");
    assert!(!harness.state().choices().iter().any(|choice| choice.key == unsaved), "the unsaved copy gave way");
    assert_eq!(harness.state().side_by_side().picked, [key, "plugin:relaxed".to_string()]);

    // Saving again never overwrites.
    let text = std::fs::read_to_string(&first).unwrap();
    click_button(&mut harness, "Save as rule set…");
    let second = folder.join("pyramid-relaxed-passes-3-win-all-no-stock-top-playable-2.toml");
    assert!(second.exists());
    assert_eq!(std::fs::read_to_string(&first).unwrap(), text, "the first file is untouched");

    // The next launch reads them back with the other rule sets.
    let (again, problems) = load_rule_sets(&[folder], &catalog());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(again.iter().map(|r| (r.name.clone(), sorted(r.options.clone()))).collect::<Vec<_>>(), vec![(rule_set.name.clone(), options); 2]);
}
