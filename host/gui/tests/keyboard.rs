//! Playing with the keyboard alone, through the real app and the real
//! plugins: arrows move the cursor, Enter and Space select and play, Esc
//! cancels, Tab reaches the buttons; what happens is announced through
//! AccessKit (a polite live region), and the card under the cursor has the
//! keyboard focus, so a screen reader reads it.
//!
//! The tests steer the cursor the way a player looking at the board
//! would: up or down until the target's row, then left or right along it.

mod common;

use common::*;
use egui::accesskit::{Live, Role, Toggled};
use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use patience_engine::card::Card;
use patience_engine::deal::Deal;
use patience_engine::layout::{Face, Outcome, SlotKind};
use patience_gui::{slot_label, HintView, PatienceApp, Tone};

/// Two slot tops closer than this are in one row (a quarter card).
const SAME_ROW: f32 = 0.35;
/// Arrow presses allowed to reach one slot.
const MAX_STEPS: usize = 40;

fn press(harness: &mut Harness<'_, PatienceApp>, key: Key) {
    harness.key_press(key);
    harness.run();
}

fn cursor(harness: &Harness<'_, PatienceApp>) -> Option<u32> {
    harness.state().cursor()
}

/// The slot holding `card` face up.
fn slot_of(harness: &Harness<'_, PatienceApp>, card: &str) -> u32 {
    let card: Card = card.parse().unwrap();
    let layout = harness.state().table().unwrap().layout();
    layout.slots.iter().find(|s| s.face == Face::Up(card)).unwrap_or_else(|| panic!("{card} is not on the board")).id
}

fn stock(harness: &Harness<'_, PatienceApp>) -> u32 {
    harness.state().table().unwrap().layout().slots.iter().find(|s| s.kind == SlotKind::Stock).expect("a stock").id
}

/// Arrow keys until the cursor is on `target`: up or down to its row, then
/// along the row. Panics when the cursor does not get there.
fn go_to(harness: &mut Harness<'_, PatienceApp>, target: u32) {
    // Back where it was before (or unmoved), the cursor is in a row the
    // target is not in, though level with it (a card fanned a little
    // below another is a row of its own): a person then tries Up or Down.
    let mut been: Vec<u32> = Vec::new();
    for _ in 0..MAX_STEPS {
        let Some(at) = cursor(harness) else {
            press(harness, Key::ArrowDown);
            assert!(cursor(harness).is_some(), "an arrow shows the cursor");
            continue;
        };
        if at == target {
            return;
        }
        let layout = harness.state().table().unwrap().layout();
        let place = |id: u32| layout.slots.iter().find(|s| s.id == id).map(|s| (s.x, s.y)).unwrap();
        let ((x, y), (to_x, to_y)) = (place(at), place(target));
        // In the target's column (a fanned pile), up or down; else along
        // the row first when the target is level with the cursor.
        let column = (to_x - x).abs() < 0.5;
        let key = if been.contains(&at) {
            if to_y < y { Key::ArrowUp } else { Key::ArrowDown }
        } else if column && to_y < y {
            Key::ArrowUp
        } else if column && to_y > y {
            Key::ArrowDown
        } else if to_y < y - SAME_ROW {
            Key::ArrowUp
        } else if to_y > y + SAME_ROW {
            Key::ArrowDown
        } else if to_x < x {
            Key::ArrowLeft
        } else {
            Key::ArrowRight
        };
        been.push(at);
        press(harness, key);
    }
    panic!("the cursor did not reach slot {target} in {MAX_STEPS} key presses (it is on {:?})", cursor(harness));
}

fn go_to_card(harness: &mut Harness<'_, PatienceApp>, card: &str) {
    let slot = slot_of(harness, card);
    go_to(harness, slot);
}

/// Plays the legal move `notation` with keys only: the cursor to each of
/// the move's playable slots in turn, Enter on the first and Space on the
/// others, until the move is played; a pick that waits (a move inside a
/// bigger one) is played by Enter on its last card again. Returns the
/// move's notation as the plugin writes it (a pair in either order is one
/// move).
fn play_by_keys(harness: &mut Harness<'_, PatienceApp>, notation: &str) -> String {
    let table = harness.state().table().unwrap();
    let chosen = table.legal_move(notation).unwrap_or_else(|| panic!("`{notation}` is not legal here")).clone();
    let playable = |id: &u32| table.layout().slots.iter().any(|s| s.id == *id && s.playable);
    let targets: Vec<u32> = chosen.slots.iter().copied().filter(playable).collect();
    let before = table.moves_made();
    let played = |harness: &Harness<'_, PatienceApp>| harness.state().table().unwrap().moves_made() > before;
    for (index, &target) in targets.iter().enumerate() {
        let picked = harness.state().table().unwrap().selection().is_some_and(|s| s.slots.contains(&target));
        if played(harness) || picked {
            continue;
        }
        go_to(harness, target);
        press(harness, if index == 0 { Key::Enter } else { Key::Space });
    }
    if !played(harness) && harness.state().table().unwrap().selection().is_some() {
        press(harness, Key::Enter);
    }
    let table = harness.state().table().unwrap();
    assert_eq!(table.moves_made(), before + 1, "`{notation}` was played");
    assert_eq!(table.move_log().last(), Some(&chosen.notation), "`{notation}` was played");
    chosen.notation
}

/// The live region a screen reader reads out, holding `text`.
fn announced(harness: &Harness<'_, PatienceApp>, text: &str) -> bool {
    // A label's words are its value in AccessKit.
    let words = |node: &egui_kittest::kittest::AccessKitNode<'_>| if node.role() == Role::Label { node.value() } else { node.label() };
    harness.query_by(|node| node.live() == Live::Polite && words(node).is_some_and(|said| said.contains(text))).is_some()
}

#[test]
fn the_seed_001_game_is_won_with_keys_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    assert_eq!(cursor(&harness), None, "no cursor until a key asks for it");
    let moves: Vec<&str> = SEED_001_MOVES.split(',').map(str::trim).collect();
    let mut played = Vec::new();
    for (index, notation) in moves.iter().enumerate() {
        assert!(harness.query_by_label_contains("You won").is_none(), "won too early, before move {index}");
        played.push(play_by_keys(&mut harness, notation));
        // Every result is announced.
        let said = harness.state().table().unwrap().line().cloned().expect("a status line");
        assert!(announced(&harness, &said.text), "move {} `{notation}`: {said:?} is not announced", index + 1);
    }
    let table = harness.state().table().unwrap();
    assert_eq!(table.status().outcome, Outcome::Won);
    assert_eq!(table.move_log(), played);
    assert!(announced(&harness, "You won!"), "the win is announced");

    // The win offers the same deal again, reached with Tab.
    let focused_label = |h: &Harness<'_, PatienceApp>| h.query_by(|node| node.is_focused()).and_then(|node| node.accesskit_node().label());
    for _ in 0..60 {
        if focused_label(&harness).as_deref() == Some("Same deal again") {
            break;
        }
        press(&mut harness, Key::Tab);
    }
    assert_eq!(focused_label(&harness).as_deref(), Some("Same deal again"));
    assert_eq!(harness.query_all_by_role_and_label(Role::Button, "New game").count(), 2, "the toolbar's and the banner's");
    press(&mut harness, Key::Enter);
    let table = harness.state().table().unwrap();
    assert_eq!((table.moves_made(), table.status().outcome), (0, Outcome::Playing));
    assert_eq!(table.layout().slots.iter().find(|s| s.id == 0).map(|s| s.face), Some(Face::Up("5s".parse().unwrap())), "the same deal");
    let record = harness.state().stats().record("relaxed", "Relaxed, three passes").cloned().expect("a record");
    assert_eq!((record.played, record.won), (1, 1));
}

#[test]
fn the_cursor_selects_offers_partners_cancels_and_explains() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let mut reference = patience_tests::start("relaxed", Deal::Cards(seed_001_deck()), &[("passes", "3")]);

    // The first arrow shows the cursor on the first playable card in
    // reading order, the 6 of clubs at the left of the bottom row, and
    // gives that card the keyboard focus.
    press(&mut harness, Key::ArrowRight);
    assert_eq!(cursor(&harness), Some(slot_of(&harness, "6c")));
    assert!(harness.get_by_label(&card_label("6c", true)).is_focused(), "the card under the cursor has the focus");

    // Enter selects it and says so; its partner is one to the right.
    press(&mut harness, Key::Enter);
    let selection = harness.state().table().unwrap().selection().cloned().expect("6c is selected");
    assert_eq!(selection.slots, vec![slot_of(&harness, "6c")]);
    assert_eq!(selection.partners, vec![slot_of(&harness, "7d")]);
    assert_eq!(harness.get_by_label(&card_label("6c", true)).accesskit_node().toggled(), Some(Toggled::True), "selected");
    assert!(announced(&harness, "selected: pick a highlighted card"));
    press(&mut harness, Key::ArrowRight);
    assert_eq!(cursor(&harness), Some(slot_of(&harness, "7d")));
    assert!(harness.get_by_label(&card_label("7d", true)).is_focused());
    harness.remove_cursor();
    harness.run();
    harness.snapshot_options("keyboard-cursor", &snapshot_options());

    // Esc drops the selection; the cursor stays.
    press(&mut harness, Key::Escape);
    assert!(harness.state().table().unwrap().selection().is_none());
    assert_eq!(cursor(&harness), Some(slot_of(&harness, "7d")));
    assert!(announced(&harness, "Selection cancelled."));

    // Two free cards that do not make 13: the plugin's reason is announced.
    press(&mut harness, Key::Enter);
    go_to_card(&mut harness, "9s");
    press(&mut harness, Key::Enter);
    let line = harness.state().table().unwrap().line().cloned().unwrap();
    assert_eq!(line.tone, Tone::Explanation);
    assert_eq!(line.text, reference.explain("7d+9s").unwrap());
    assert!(announced(&harness, &line.text));

    // A covered card: the apex, up at the top of the pyramid.
    go_to_card(&mut harness, "5s");
    press(&mut harness, Key::Space);
    let line = harness.state().table().unwrap().line().cloned().unwrap();
    assert_eq!(line.text, reference.explain("5s").unwrap());
    assert!(announced(&harness, &line.text));
    assert_eq!(moves_made(&harness), 0, "nothing was played");

    // Into the stock: Enter there draws.
    let stock = stock(&harness);
    go_to(&mut harness, stock);
    press(&mut harness, Key::Enter);
    assert_eq!(harness.state().table().unwrap().move_log(), ["draw"]);

    // Esc with nothing selected hides the cursor; Space then draws, as
    // it always has.
    press(&mut harness, Key::Escape);
    assert_eq!(cursor(&harness), None);
    press(&mut harness, Key::Space);
    assert_eq!(harness.state().table().unwrap().move_log(), ["draw", "draw"]);
}

#[test]
fn a_group_of_cards_is_picked_one_by_one_and_played_with_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    // The first bundled game whose opening offers a move of three cards or
    // more (an adding game: a Jack, Queen and King, cards making 15).
    let group = catalog().plugins().iter().find_map(|plugin| {
        harness.state_mut().start(patience_runtime::RuleSet::defaults(&plugin.info.id), Deal::Seed(1));
        harness.run();
        let table = harness.state().table().unwrap();
        let playable = |id: &u32| table.layout().slots.iter().any(|s| s.id == *id && s.playable);
        table.view().moves.iter().find(|m| m.slots.iter().filter(|id| playable(id)).count() > 2).cloned()
    });
    let group = group.expect("a bundled game with a move of three cards or more");
    let cards: Vec<u32> = {
        let layout = harness.state().table().unwrap().layout();
        group.slots.iter().copied().filter(|id| layout.slots.iter().any(|s| s.id == *id && s.playable)).collect()
    };

    // Enter on each card but the last picks it; every picked card is
    // marked selected and the pick is announced.
    for &card in &cards[..cards.len() - 1] {
        go_to(&mut harness, card);
        press(&mut harness, Key::Enter);
    }
    let selection = harness.state().table().unwrap().selection().cloned().expect("a pick");
    assert_eq!(selection.slots, cards[..cards.len() - 1]);
    for &card in &selection.slots {
        let slot = harness.state().table().unwrap().layout().slots.iter().find(|s| s.id == card).cloned().unwrap();
        let label = slot_label(&slot);
        let selected = harness.query_all_by_label(&label).any(|node| node.accesskit_node().toggled() == Some(Toggled::True));
        assert!(selected, "{label} shows as selected");
    }
    let said = harness.state().table().unwrap().line().cloned().expect("a status line");
    assert!(said.text.contains("pick a highlighted card"), "{said:?}");
    assert!(announced(&harness, &said.text));

    // Enter on the last card plays the group.
    go_to(&mut harness, cards[cards.len() - 1]);
    press(&mut harness, Key::Enter);
    let table = harness.state().table().unwrap();
    assert_eq!(table.move_log(), vec![group.notation.clone()]);
    assert!(table.selection().is_none());
}

#[test]
fn the_cursor_leaves_a_played_card_for_the_nearest_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    go_to_card(&mut harness, "Kh");
    let king = cursor(&harness).unwrap();
    press(&mut harness, Key::Enter);
    assert_eq!(harness.state().table().unwrap().move_log(), ["Kh"]);
    let at = cursor(&harness).expect("the cursor stays on the board");
    assert_ne!(at, king, "the King's place is empty now");
    let slot = harness.state().table().unwrap().layout().slots.iter().find(|s| s.id == at).cloned().unwrap();
    assert_ne!(slot.face, Face::Empty);
    assert!(harness.get_by_label(&patience_gui::slot_label(&slot)).is_focused());
}

#[test]
fn tab_reaches_the_buttons_the_menus_and_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start_with_deck(rule_set("Relaxed, three passes"), seed_001_deck());
    harness.run();
    let focused_label = |h: &Harness<'_, PatienceApp>| h.query_by(|node| node.is_focused()).and_then(|node| node.accesskit_node().label());
    let mut seen: Vec<String> = Vec::new();
    for _ in 0..60 {
        press(&mut harness, Key::Tab);
        let Some(label) = focused_label(&harness) else { continue };
        if seen.first() == Some(&label) {
            break;
        }
        seen.push(label);
    }
    for wanted in ["Game", "Variants", "View", "Demo", "Help", "New game", "Restart", "💡 Hint", "Options", "Rules", "Statistics", "Side by side"] {
        assert!(seen.iter().any(|label| label == wanted), "Tab never reaches `{wanted}`: {seen:?}");
    }
    // The board is one stop, on the card the cursor starts at.
    let six = card_label("6c", true);
    let cards: Vec<&String> = seen.iter().filter(|label| label.contains(" of ") || label.contains("stock")).collect();
    assert_eq!(cards, vec![&six], "{seen:?}");

    // Enter on a button reached with Tab presses it: the rules open.
    for _ in 0..60 {
        if focused_label(&harness).as_deref() == Some("Rules") {
            break;
        }
        press(&mut harness, Key::Tab);
    }
    assert_eq!(focused_label(&harness).as_deref(), Some("Rules"));
    assert!(harness.query_by_label_contains("Rules — ").is_none());
    press(&mut harness, Key::Enter);
    harness.get_by_label_contains("Rules — ");

    // On the board, the cursor shows where Tab stopped.
    for _ in 0..60 {
        if focused_label(&harness).as_deref() == Some(six.as_str()) {
            break;
        }
        press(&mut harness, Key::Tab);
    }
    assert_eq!(cursor(&harness), Some(slot_of(&harness, "6c")));
    press(&mut harness, Key::ArrowRight);
    assert_eq!(cursor(&harness), Some(slot_of(&harness, "7d")), "arrows move the cursor, not egui's focus");
    assert!(harness.get_by_label(&card_label("7d", true)).is_focused());
}

fn hud_value(harness: &Harness<'_, PatienceApp>, key: &str) -> String {
    let table = harness.state().table().unwrap();
    table.view().hud.iter().find(|item| item.key == key).map(|item| item.value.clone()).unwrap_or_else(|| panic!("no `{key}` in the HUD"))
}

#[test]
fn a_speedpyramid_level_is_cleared_with_keys_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start(rule_set("Speedpyramid, 5 jokers"), Deal::Seed(3));
    harness.run();
    assert_eq!(hud_value(&harness, "level"), "1 of 5");

    // H asks the plugin's solver for a line that clears this level.
    press(&mut harness, Key::H);
    for _ in 0..MAX_WAIT_FRAMES {
        if !matches!(harness.state().hint(), HintView::Thinking | HintView::Nothing) {
            break;
        }
        harness.step();
        std::thread::sleep(NAP);
    }
    let HintView::Move { line, .. } = harness.state().hint() else {
        panic!("a line that clears the level, not {:?}", harness.state().hint());
    };

    // A tablet that does not fit is explained, not played.
    let table = harness.state().table().unwrap();
    let misfit = table
        .layout()
        .slots
        .iter()
        .find(|s| s.kind == SlotKind::Field && s.playable && !table.view().moves.iter().any(|m| m.slots.contains(&s.id)))
        .map(|s| s.id);
    if let Some(misfit) = misfit {
        go_to(&mut harness, misfit);
        press(&mut harness, Key::Enter);
        let said = harness.state().table().unwrap().line().cloned().unwrap();
        assert_eq!(said.tone, Tone::Explanation);
        assert!(announced(&harness, &said.text));
        assert_eq!(moves_made(&harness), 0);
    }

    for notation in &line {
        play_by_keys(&mut harness, notation);
    }
    let table = harness.state().table().unwrap();
    assert_eq!(table.status().outcome, Outcome::Playing);
    assert_eq!(hud_value(&harness, "level"), "2 of 5", "the level was cleared by {} key-played moves", line.len());
    // The cursor is still on the board of the new level.
    let at = cursor(&harness).expect("a cursor");
    assert!(table.layout().slots.iter().any(|s| s.id == at && (s.face != Face::Empty || s.playable)));
}

#[test]
fn a_variant_is_chosen_from_the_menu_with_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let speed = catalog().find("speedpyramid").unwrap().info.name.clone();
    assert_ne!(harness.state().table().unwrap().plugin().info.id, "speedpyramid");
    let focused_label = |h: &Harness<'_, PatienceApp>| h.query_by(|node| node.is_focused()).and_then(|node| node.accesskit_node().label());
    let tab_to = |harness: &mut Harness<'_, PatienceApp>, label: &str| {
        for _ in 0..60 {
            if focused_label(harness).as_deref() == Some(label) {
                return;
            }
            press(harness, Key::Tab);
        }
        panic!("Tab never reaches `{label}`");
    };
    tab_to(&mut harness, "Variants");
    press(&mut harness, Key::Enter);
    // The menu's entries come next in the Tab order.
    tab_to(&mut harness, &speed);
    press(&mut harness, Key::Enter);
    assert_eq!(harness.state().table().unwrap().plugin().info.id, "speedpyramid");
}

#[test]
fn the_arrows_reach_every_card_and_pile_of_every_bundled_variant() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    let ids: Vec<String> = catalog().plugins().iter().map(|p| p.info.id.clone()).collect();
    assert_eq!(ids.len(), patience_bundled::BUNDLED.len());
    assert_eq!(patience_bundled::BUNDLED.iter().filter(|plugin| plugin.group == Some("Seed variants")).count(), 4, "the four seed variants");
    for id in ids {
        harness.state_mut().start(patience_runtime::RuleSet::defaults(&id), Deal::Seed(1));
        harness.run();
        let layout = harness.state().table().unwrap().layout().clone();
        let visited: Vec<u32> = layout.slots.iter().filter(|s| s.face != Face::Empty || s.playable).map(|s| s.id).collect();
        assert!(visited.len() >= 6, "{id}: a dealt board, not {}", visited.len());
        // Every card that shows, played or not.
        for slot in visited {
            go_to(&mut harness, slot);
        }
        // The stock, where there is one face down to draw from, is among
        // them, and Enter there draws (an open stock top is a card to pick
        // instead; a stock that only refills the piles is never clicked).
        if !layout.slots.iter().any(|s| s.kind == SlotKind::Stock && s.face == Face::Down && s.playable) {
            continue;
        }
        let stock = stock(&harness);
        go_to(&mut harness, stock);
        press(&mut harness, Key::Enter);
        assert_eq!(harness.state().table().unwrap().move_log(), ["draw"], "{id}");
        assert_eq!(moves_made(&harness), 1, "{id}: only the draw was played");
    }
}

/// Elevens' cells: a Jack, a Queen and a King, and cards that pair off.
const ELEVENS_DECK: &str = "Jd 5h 6c Qs Ks 2h 3h 4h 9c Ah 7d 8d";

fn elevens_deck() -> Vec<Card> {
    let first = patience_engine::card::parse_cards(ELEVENS_DECK).unwrap();
    first.iter().copied().chain(patience_engine::deal::fresh_deck().into_iter().filter(|c| !first.contains(c))).collect()
}

#[test]
fn a_jack_queen_and_king_leave_elevens_together_with_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = harness(app_in(dir.path()));
    harness.state_mut().start(patience_runtime::RuleSet::defaults("elevens"), Deal::Cards(elevens_deck()));
    harness.run();
    for card in ["Jd", "Qs"] {
        go_to_card(&mut harness, card);
        press(&mut harness, Key::Enter);
    }
    let said = harness.state().table().unwrap().line().cloned().expect("a status line");
    assert!(said.text.contains("J♦ + Q♠") && said.text.contains("pick a highlighted card"), "{said:?}");
    go_to_card(&mut harness, "Ks");
    press(&mut harness, Key::Enter);
    let table = harness.state().table().unwrap();
    assert_eq!(table.move_log().len(), 1, "one move took all three");
    assert_eq!(patience_engine::card::canonical_notation(&table.move_log()[0]), patience_engine::card::canonical_notation("Jd+Qs+Ks"));
    assert_eq!(hud_value(&harness, "removed"), "3");
}
