//! The Variants menu for thirty-odd games: grouped from data (the seed
//! variants, the Pyramid family, the plugins directory, the player's own
//! rule sets), a filter box that has the keyboard when the menu opens, and
//! every choice — bundled game, PySolFC rule set, plugin from disk — taken
//! by Side by side and Compare too.

mod common;

use common::*;
use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use patience_gui::{load_rule_sets, Mode, PatienceApp, PLUGINS_DIRECTORY, YOUR_RULE_SETS};
use patience_runtime::plugin::Source;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The bundled catalog plus a plugin from a plugins directory (a test
/// fixture with an id of its own), and a rule set the player saved in the
/// data directory `dir`.
fn app_with_a_plugin_and_a_saved_rule_set(dir: &Path) -> PatienceApp {
    let mut catalog = catalog();
    let runtime = Arc::new(patience_runtime::Runtime::new(patience_runtime::Limits::default(), None).unwrap());
    let from_disk = runtime.load(patience_tests::fixture("hostile.wasm"), Source::File(PathBuf::from("plugins/hostile.wasm"))).unwrap();
    catalog.insert(from_disk).unwrap();
    let saved = patience_gui::saved_rule_sets_dir(dir);
    std::fs::create_dir_all(&saved).unwrap();
    std::fs::write(saved.join("mine.toml"), "name = \"My relaxed\"\nplugin = \"relaxed\"\n\n[options]\npasses = 2\n").unwrap();
    let (mut rule_sets, problems) = load_rule_sets(&[saved], &catalog);
    assert!(problems.is_empty(), "{problems:?}");
    rule_sets.splice(0..0, common::rule_sets(&catalog));
    PatienceApp::new(catalog, rule_sets, dir.to_path_buf()).with_groups(groups()).with_deal_numbers_from(1)
}

/// The titles of group `name` as the menu shows it now.
fn titles_in(app: &PatienceApp, name: &str) -> Vec<String> {
    let groups = app.menu_groups();
    let (_, members) = groups.iter().find(|(group, _)| group == name).unwrap_or_else(|| panic!("no group {name} in {groups:?}"));
    members.iter().map(|&index| app.choices()[index].title.clone()).collect()
}

/// The figures built into the binary.
fn difficulty() -> patience_gui::Difficulty {
    let (difficulty, problems) = patience_gui::Difficulty::bundled(&catalog());
    assert!(problems.is_empty(), "{problems:?}");
    difficulty
}

fn open_menu(harness: &mut Harness<'_, PatienceApp>) {
    click_button(harness, "Variants");
    harness.run();
}

fn type_text(harness: &mut Harness<'_, PatienceApp>, text: &str) {
    harness.event(egui::Event::Text(text.to_string()));
    harness.run();
}

#[test]
fn the_menu_groups_every_choice_as_the_data_says() {
    let dir = tempfile::tempdir().unwrap();
    let app = app_with_a_plugin_and_a_saved_rule_set(dir.path());
    let groups: Vec<String> = app.menu_groups().into_iter().map(|(group, _)| group).collect();
    assert_eq!(&groups[..2], ["Seed variants", "Pyramid family"], "the workspace's order first: {groups:?}");
    assert_eq!(&groups[groups.len() - 2..], [PLUGINS_DIRECTORY, YOUR_RULE_SETS], "{groups:?}");
    let seed = titles_in(&app, "Seed variants");
    for title in ["Pyramid (classic)", "Pyramid (relaxed)", "Pyramid (draw three)", "Speedpyramid", "Relaxed, three passes", "Classic, one pass"] {
        assert!(seed.iter().any(|t| t == title), "{title} not among the seed variants: {seed:?}");
    }
    let family = titles_in(&app, "Pyramid family");
    for title in ["Giza", "King Tut", "Two Pyramids", "Pyramid", "Relaxed Pyramid", "Pyramid Thirteen"] {
        assert!(family.iter().any(|t| t == title), "{title} not in the Pyramid family: {family:?}");
    }
    assert!(!seed.iter().any(|t| t == "Relaxed Pyramid"), "a rule set's own group wins over its plugin's");
    assert_eq!(titles_in(&app, PLUGINS_DIRECTORY).len(), 1);
    assert_eq!(titles_in(&app, YOUR_RULE_SETS), ["My relaxed"]);
    // Every choice is in exactly one group.
    let listed: usize = app.menu_groups().iter().map(|(_, members)| members.len()).sum();
    assert_eq!(listed, app.choices().len());

    // On screen: a header per group, and the entries under it.
    let mut harness = harness(app);
    open_menu(&mut harness);
    for group in &groups {
        harness.get_by_label(group);
    }
    harness.get_by_label("My relaxed");
}

#[test]
fn the_filter_has_the_keyboard_narrows_by_name_id_or_description_and_esc_clears_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()).with_difficulty(difficulty()));
    open_menu(&mut harness);
    assert!(harness.get_by_label("Filter").is_focused(), "the filter box has the keyboard");
    assert!(harness.query_by_label("Giza").is_some());

    // By name: letters go to the box, not to the game's shortcuts (N would
    // deal a new game).
    let deal = harness.state().table().unwrap().deal().clone();
    type_text(&mut harness, "thirteen N");
    assert_eq!(harness.state().menu_filter(), "thirteen N");
    assert_eq!(harness.state().table().unwrap().deal(), &deal, "N was typed, not played");
    let app = harness.state();
    let shown: Vec<&str> = app.menu_groups().iter().flat_map(|(_, members)| members.clone()).map(|i| app.choices()[i].title.as_str()).collect();
    assert!(shown.contains(&"Pyramid Thirteen") && shown.contains(&"Thirteen") && !shown.contains(&"Giza"), "{shown:?}");
    assert!(harness.query_by_label("Giza").is_none(), "Giza is filtered out");
    harness.get_by_label("Pyramid Thirteen");

    // Esc empties the box and shows everything again; the menu stays.
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(harness.state().menu_filter(), "");
    harness.get_by_label("Giza");

    // By id, and by what the description says.
    type_text(&mut harness, "king-tut");
    assert_eq!(titles_in(harness.state(), "Pyramid family"), ["King Tut"]);
    assert_eq!(harness.state().menu_groups().len(), 1, "groups without a match are left out");
    harness.key_press(Key::Escape);
    harness.run();
    type_text(&mut harness, "pysolfc's");
    let pysolfc = titles_in(harness.state(), "Pyramid family");
    for title in ["Pyramid", "Relaxed Pyramid", "Pyramid Thirteen"] {
        assert!(pysolfc.iter().any(|t| t == title), "{title}: {pysolfc:?}");
    }
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("variants-menu-filtered", &snapshot_options());

    // Nothing matches: said so.
    harness.key_press(Key::Escape);
    harness.run();
    type_text(&mut harness, "no such game");
    harness.get_by_label_contains("Nothing matches “no such game”");
    // Esc clears, a second Esc closes the menu, and it opens unfiltered.
    harness.key_press(Key::Escape);
    harness.run();
    harness.key_press(Key::Escape);
    harness.run();
    assert!(harness.query_by_label("Filter").is_none(), "the menu is closed");
    open_menu(&mut harness);
    assert_eq!(harness.state().menu_filter(), "");
}

#[test]
fn an_entry_picked_from_a_filtered_list_is_played_and_the_menu_closes() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    open_menu(&mut harness);
    type_text(&mut harness, "giza");
    click_button(&mut harness, "Giza");
    let table = harness.state().table().expect("a game");
    assert_eq!(table.plugin().info.id, "giza");
    assert!(harness.query_by_label("Filter").is_none(), "the menu closed");
    assert_eq!(harness.state().menu_filter(), "", "and forgot the filter");

    // Enter plays the first entry shown.
    open_menu(&mut harness);
    type_text(&mut harness, "pyramid-thirteen");
    harness.key_press(Key::Enter);
    harness.run();
    let table = harness.state().table().unwrap();
    assert_eq!((table.plugin().info.id.as_str(), table.rule_set().name.as_str()), ("classic", "Pyramid Thirteen"));
    assert_eq!(harness.state().settings().last_choice.as_deref(), Some("bundled:pyramid-thirteen"));
}

#[test]
fn the_open_menu_shows_its_groups_with_a_difficulty_line_for_each_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()).with_difficulty(difficulty()));
    while !harness.state().notices().is_empty() {
        harness.state_mut().run_command(patience_gui::Command::DismissNotice(0));
    }
    open_menu(&mut harness);
    // Every entry's last line is its difficulty, measured or not.
    let entries = harness.state().choices().len();
    let measured = ["expert wins", "expert reaches level", "expert: not measured"]
        .iter()
        .map(|text| harness.query_all_by_label_contains(text).count())
        .sum::<usize>();
    let unmeasured = harness.query_all_by_label("difficulty not measured").count();
    assert_eq!(measured + unmeasured, entries);
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("variants-menu", &snapshot_options());
}

#[test]
fn side_by_side_and_compare_take_a_family_game_a_pysolfc_rule_set_and_a_seed_variant() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()).with_fixed_study_time(std::time::Duration::from_micros(100)));
    click_button(&mut harness, "Side by side");
    for title in ["Two Pyramids", "Pyramid Thirteen", "Relaxed, three passes"] {
        harness.get_by_label(title).click();
        harness.run();
    }
    let field = harness.get_by_label("Deal number:");
    field.focus();
    field.type_text("4");
    harness.run();
    click_button(&mut harness, "Deal side by side");
    let side = harness.state().side_by_side();
    assert_eq!(side.problem, None);
    let panes: Vec<(&str, &str)> = side.panes.iter().map(|pane| (pane.title.as_str(), pane.table.plugin().info.id.as_str())).collect();
    assert_eq!(panes, [("Two Pyramids", "two-pyramids"), ("Pyramid Thirteen", "classic"), ("Relaxed, three passes", "relaxed")]);

    click_button(&mut harness, "Back to single game");
    click_button(&mut harness, "View");
    click(&mut harness, "Compare rule sets");
    assert_eq!(harness.state().mode(), Mode::Compare);
    for title in ["Giza", "Pyramid", "Relaxed Pyramid"] {
        harness.get_by_label(title).click();
        harness.run();
    }
    harness.get_by_label("Deals:").set_value_accesskit(3.0);
    harness.run();
    click_button(&mut harness, "▶ Run study");
    wait_until(&mut harness, "the study", |app| app.compare().running.is_none());
    let outcome = harness.state().compare().outcome.as_ref().expect("results");
    let rows: Vec<(&str, u64, u64)> = outcome.rows.iter().map(|row| (row.name.as_str(), row.deals, row.errors)).collect();
    assert_eq!(rows, [("Giza", 3, 0), ("Pyramid", 3, 0), ("Relaxed Pyramid", 3, 0)]);
}
