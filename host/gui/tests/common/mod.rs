//! Helpers the app's test files share: the bundled catalog, rule sets and
//! menu groups (what the binary ships), an app in a scratch directory with
//! a fixed clock, a harness, and clicks the way a player makes them.
#![allow(dead_code)]

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::{Harness, SnapshotOptions};
use patience_engine::card::{parse_cards, Card};
use patience_gui::{bundled_rule_sets, Groups, PatienceApp};
use patience_runtime::{Catalog, RuleSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const SEED_001_DECK: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";
pub const SEED_001_MOVES: &str = "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, draw, Th+3c, draw, 6s+7s, 8s+5c, draw, Ac+Qh, draw, 9c+4d, draw, draw, Qs+Ad, Js+2d, draw, 3s+Tc, 7c+6h, draw, draw, 4s+9h, draw, Ah+Qd, draw, 8d+5s";

/// Frames to wait for a background job (a solve, a study), napping
/// between them so its threads get on.
pub const MAX_WAIT_FRAMES: usize = 6_000;
pub const NAP: Duration = Duration::from_millis(10);

/// Runs frames until `done` holds; panics after `MAX_WAIT_FRAMES`.
pub fn wait_until(harness: &mut Harness<'_, PatienceApp>, what: &str, done: impl Fn(&PatienceApp) -> bool) {
    for _ in 0..MAX_WAIT_FRAMES {
        if done(harness.state()) {
            harness.run();
            return;
        }
        harness.step();
        std::thread::sleep(NAP);
    }
    panic!("gave up waiting for {what}");
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn snapshot_options() -> SnapshotOptions {
    // The same machine renders the same pixels; the threshold only absorbs
    // rounding noise in llvmpipe's anti-aliasing.
    SnapshotOptions::new().output_path(repo_root().join("tests/snapshots")).threshold(1.0)
}

/// The bundled plugins, compiled once per test binary.
pub fn catalog() -> Catalog {
    patience_tests::catalog().clone()
}

/// The rule sets built into the binary.
pub fn rule_sets(catalog: &Catalog) -> Vec<RuleSet> {
    let (rule_sets, problems) = bundled_rule_sets(catalog);
    assert!(problems.is_empty(), "{problems:?}");
    rule_sets
}

/// The Variants menu's groups, as the binary has them.
pub fn groups() -> Groups {
    let bundled = patience_bundled::BUNDLED.iter().filter_map(|p| p.group.map(|g| (p.file_name.to_string(), g.to_string()))).collect();
    Groups::new(bundled, patience_bundled::GROUPS.iter().map(|g| g.to_string()).collect())
}

pub fn rule_set(name: &str) -> RuleSet {
    rule_sets(&catalog()).into_iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no rule set {name}"))
}

/// The app with its files in `dir`, dealing from deal 1, its clock fixed.
pub fn app_in(dir: &Path) -> PatienceApp {
    let catalog = catalog();
    let rule_sets = rule_sets(&catalog);
    PatienceApp::new(catalog, rule_sets, dir.to_path_buf())
        .with_groups(groups())
        .with_deal_numbers_from(1)
        .with_fixed_clock(Duration::from_secs(4 * 60 + 7))
}

/// The app in a window of the usual size, run until it settles. Cards
/// do not slide here (every snapshot shows them at rest); tests of the
/// slides switch animations on again.
pub fn harness(app: PatienceApp) -> Harness<'static, PatienceApp> {
    let app = app.with_animations(false);
    let mut harness = Harness::builder().with_size([1180.0, 800.0]).with_max_steps(24).wgpu().build_ui_state(as_window, app);
    harness.run();
    harness
}

/// Runs the app as its window does, in a root `Ui` over the whole screen
/// (the harness's own `ui` is framed with a margin). The tests need no
/// eframe of their own this way, so they build the app with the very
/// features `cargo run` builds it with, and reuse it.
pub fn as_window(ui: &mut egui::Ui, app: &mut PatienceApp) {
    let ctx = ui.ctx().clone();
    let (rect, id) = (ctx.viewport_rect(), ctx.viewport_id().root_ui_id());
    let mut root = egui::Ui::new(ctx, id, egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(rect));
    app.show(&mut root);
}

pub fn seed_001_deck() -> Vec<Card> {
    parse_cards(SEED_001_DECK).unwrap()
}

/// How a card is announced: "7 of diamonds" (", playable" when it is).
pub fn card_label(notation: &str, playable: bool) -> String {
    let card: Card = notation.parse().unwrap();
    if playable { format!("{}, playable", card.spoken()) } else { card.spoken() }
}

pub fn click(harness: &mut Harness<'_, PatienceApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

pub fn click_button(harness: &mut Harness<'_, PatienceApp>, label: &str) {
    harness.get_by_role_and_label(Role::Button, label).click();
    harness.run();
}

pub fn click_stock(harness: &mut Harness<'_, PatienceApp>) {
    harness.get_by_label_contains("stock, ").click();
    harness.run();
}

/// Plays a move the way a player would: the stock for `draw`, otherwise
/// each card of the move in turn.
pub fn play_by_clicks(harness: &mut Harness<'_, PatienceApp>, notation: &str) {
    if notation == "draw" {
        return click_stock(harness);
    }
    for card in notation.split('+') {
        click(harness, &card_label(card, true));
    }
}

pub fn moves_made(harness: &Harness<'_, PatienceApp>) -> usize {
    harness.state().table().expect("a game").moves_made()
}
