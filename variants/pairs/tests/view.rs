//! The layout contract, the HUD, move descriptions, snapshots and restored
//! games that must be refused.

mod common;

use common::*;
use patience_engine::Variant;
use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::options::parse_given;
use patience_engine::layout::{CARD_HEIGHT, CARD_WIDTH, SlotKind};

const SEED_001: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc \
                        Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";

fn overlaps(a: (f32, f32), b: (f32, f32)) -> bool {
    (a.0 - b.0).abs() < CARD_WIDTH && (a.1 - b.1).abs() < CARD_HEIGHT
}

#[test]
fn every_slot_is_on_the_board_with_stable_ids_and_kinds() {
    let game: Three = start(&deck_with(&[]), &[]);
    let layout = game.layout();
    for slot in &layout.slots {
        assert!(slot.x >= 0.0 && slot.x + CARD_WIDTH <= layout.width, "slot {} x", slot.id);
        assert!(slot.y >= 0.0 && slot.y + CARD_HEIGHT <= layout.height, "slot {} y", slot.id);
        let kind = match slot.id {
            0..=27 => SlotKind::Pyramid,
            28 => SlotKind::Stock,
            _ => SlotKind::Waste,
        };
        assert_eq!(slot.kind, kind, "slot {}", slot.id);
    }
}

#[test]
fn pyramid_rows_overlap_like_a_pyramid_and_the_talon_row_overlaps_nothing() {
    for layout in
        [start::<OnePile>(&deck_with(&[]), &[]).layout(), start::<ThreePiles>(&deck_with(&[]), &[]).layout()]
    {
        let at = |id: u32| {
            let slot = &layout.slots[id as usize];
            (slot.x, slot.y)
        };
        // Row 1 sits half a card right of row 2's first card, half a card
        // height higher; z grows downwards.
        let (apex, left, right) = (at(0), at(1), at(2));
        assert_eq!((apex.0 - left.0, right.0 - apex.0), (0.5, 0.5));
        assert!((left.1 - apex.1 - CARD_HEIGHT / 2.0).abs() < 1e-6);
        assert!(layout.slots[21].z > layout.slots[15].z && layout.slots[15].z > layout.slots[0].z);
        for talon in 28..layout.slots.len() as u32 {
            for other in 0..layout.slots.len() as u32 {
                if other != talon {
                    assert!(!overlaps(at(talon), at(other)), "slot {talon} overlaps {other}");
                }
            }
        }
    }
}

#[test]
fn a_removed_pyramid_card_leaves_an_empty_unplayable_slot() {
    let mut game: One = start(&cards(SEED_001), &[]);
    play(&mut game, "Kh");
    let slot = &game.layout().slots[23];
    assert_eq!((slot.face, slot.playable), (patience_engine::layout::Face::Empty, false));
}

#[test]
fn the_hud_counts_stock_waste_passes_pyramid_and_removed() {
    let mut game: One = start(&cards(SEED_001), &[("passes", "3")]);
    play_all(&mut game, "Kh, 6c+7d, draw, draw");
    let hud: Vec<(String, String)> = game.hud().into_iter().map(|h| (h.key, h.value)).collect();
    let expected =
        [("stock", "22"), ("waste", "2"), ("passes", "1 of 3"), ("pyramid", "25"), ("removed", "3")];
    assert_eq!(hud, expected.map(|(k, v)| (k.to_string(), v.to_string())).to_vec());
}

#[test]
fn moves_have_notation_labels_and_slots() {
    let mut game: One = start(&cards(SEED_001), &[]);
    play(&mut game, "Kh");
    let infos: Vec<_> = game.actions().iter().map(|a| game.describe(a)).collect();
    let pair = infos.iter().find(|i| i.notation == "6c+7d").expect("6c+7d is listed as written");
    assert_eq!((pair.label.as_str(), pair.slots.as_slice()), ("6♣ + 7♦", &[21, 22][..]));
    let draw = infos.last().unwrap();
    assert_eq!(
        (draw.notation.as_str(), draw.label.as_str(), draw.slots.as_slice()),
        ("draw", "Draw", &[28][..])
    );
    let ten = infos.iter().find(|i| i.notation == "3h+Td").expect("tens print as T");
    assert_eq!(ten.label, "3♥ + 10♦");
}

fn game_of(deck: &str, options: &[(&str, &str)]) -> Game<One> {
    let given = parse_given(&One::info().options, options).unwrap();
    Game::start(&Deal::Cards(cards(deck)), &given).unwrap()
}

fn apply<V: Variant>(game: &mut Game<V>, notation: &str) {
    let id = game.moves().into_iter().find(|m| same_move(&m.info.notation, notation)).expect("legal").id;
    game.apply(id).unwrap();
}

#[test]
fn a_snapshot_restores_the_same_game() {
    let mut game = game_of(SEED_001, &[("passes", "3"), ("face_down", "true"), ("overlap_pairs", "true")]);
    for notation in ["Kh", "6c+7d", "draw", "draw", "3h+Td"] {
        apply(&mut game, notation);
    }
    let restored = Game::<One>::restore(&game.snapshot()).expect("a fresh snapshot restores");
    assert_eq!(restored.state, game.state);
    assert_eq!(restored.state.layout(), game.state.layout());
    assert_eq!(restored.moves(), game.moves());
    assert_eq!(restored.state.status(), game.state.status());
    assert_eq!(restored.state.hud(), game.state.hud());
    assert_eq!(restored.state.options(), game.state.options());
}

#[test]
fn a_three_pile_snapshot_restores_after_a_turn_over() {
    let mut game: Game<Three> = Game::start(
        &Deal::Seed(7),
        &[("passes".into(), patience_engine::options::OptionValue::Choice("3".into()))],
    )
    .unwrap();
    for _ in 0..8 {
        apply(&mut game, "draw");
    }
    apply(&mut game, "recycle");
    apply(&mut game, "draw");
    let restored = Game::<Three>::restore(&game.snapshot()).unwrap();
    assert_eq!(restored.state, game.state);
    assert_eq!(restored.moves(), game.moves());
}

#[test]
fn a_snapshot_of_another_draw_mode_is_refused() {
    let one = game_of(SEED_001, &[]);
    let error = Game::<Three>::restore(&one.snapshot()).unwrap_err();
    assert!(error.contains("not a valid game"), "{error}");
}

#[test]
fn damaged_snapshots_are_refused_without_panicking() {
    let mut game = game_of(SEED_001, &[("passes", "2")]);
    for notation in ["Kh", "6c+7d", "draw", "draw"] {
        apply(&mut game, notation);
    }
    let bytes = game.snapshot();
    assert!(Game::<One>::restore(&[]).is_err());
    assert!(Game::<One>::restore(&bytes[..bytes.len() / 2]).is_err(), "a truncated snapshot");
    let mut refused = 0;
    for at in 1..bytes.len() {
        for flip in [1u8, 0x10, 0xff] {
            let mut damaged = bytes.clone();
            damaged[at] ^= flip;
            match Game::<One>::restore(&damaged) {
                Err(_) => refused += 1,
                // Whatever passes the check must be a playable game.
                Ok(restored) => {
                    let _ = (
                        restored.state.layout(),
                        restored.moves(),
                        restored.state.status(),
                        restored.state.hud(),
                    );
                    let _ = restored.solve(200, false);
                }
            }
        }
    }
    assert!(refused > bytes.len(), "most damage is caught: {refused} of {}", 3 * bytes.len());
}

#[test]
fn the_short_notation_of_every_move_is_the_one_its_description_gives() {
    let settings: [&[(&str, &str)]; 3] = [
        &[],
        &[("passes", "3"), ("overlap_pairs", "both"), ("stock_top_playable", "true")],
        &[("passes", "unlimited"), ("win", "all"), ("face_down", "true"), ("overlap_pairs", "waste")],
    ];
    for options in settings {
        for seed in 1..=20 {
            let given = parse_given(&One::info().options, options).unwrap();
            let one: Game<One> = Game::start(&Deal::Seed(seed), &given).unwrap();
            let three: Game<Three> = Game::start(&Deal::Seed(seed), &given).unwrap();
            let agree = |found: Result<(), String>| found.unwrap_or_else(|e| panic!("{options:?}, deal {seed}: {e}"));
            agree(patience_engine::game::notations_agree(&one.state, seed, 300));
            agree(patience_engine::game::notations_agree(&three.state, seed, 300));
        }
    }
}
