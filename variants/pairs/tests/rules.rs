//! The pair games' rules (as the plugins state them, `src/rules_text.rs`),
//! one test (or a few) per rule, on the one-pile test profile (the relaxed
//! defaults).

mod common;

use common::*;
use patience_engine::Variant;
use patience_engine::layout::{Face, Outcome};

/// The deal of the worked example game in the rules' source document (seed 001).
const SEED_001: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc \
                        Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";

fn playable_pyramid_slots<V: Variant>(game: &V) -> Vec<u32> {
    game.layout().slots.iter().filter(|s| s.id < 28 && s.playable).map(|s| s.id).collect()
}

fn face(game: &One, slot: u32) -> Face {
    game.layout().slots.iter().find(|s| s.id == slot).expect("slot exists").face
}

// ----- Deck, deal and values -----

#[test]
fn the_pyramid_is_dealt_row_by_row_and_the_stock_from_the_top() {
    let deck = cards(SEED_001);
    let mut game: One = start(&deck, &[]);
    for (position, &dealt) in deck[..28].iter().enumerate() {
        assert_eq!(face(&game, position as u32), Face::Up(dealt), "position {position}");
    }
    assert_eq!(game.stock_cards(), deck[28..].to_vec());
    draw(&mut game, 1);
    assert_eq!(game.waste_cards(0), vec![deck[28]], "index 28 is drawn first");
}

#[test]
fn values_sum_to_13_whatever_the_suits() {
    // Ace + Queen, 2 + Jack, 3 + 10 of different suits and colours pair.
    let mut game: One = start(&clearable_deck(), &[]);
    play_all(&mut game, "Ks, Ad+Qd, 2d+Jd, 3d+Td");
    // 4d + 9d are free now; a heart 9 from the stock would pair with 4d too.
    assert!(has_move(&game, "4d+9d"));
    assert!(!has_move(&game, "4d+5d"), "4 + 5 is not 13");
}

// ----- The pyramid: free cards -----

#[test]
fn at_the_start_only_the_bottom_row_is_free() {
    let game: One = start(&cards(SEED_001), &[]);
    assert_eq!(playable_pyramid_slots(&game), (21..28).collect::<Vec<_>>());
}

#[test]
fn a_pyramid_card_is_free_only_when_both_covering_cards_are_gone() {
    let mut game: One = start(&cards(SEED_001), &[]);
    play(&mut game, "Kh"); // position 23: 4c (16) is still covered by 7d (22)
    assert!(!playable_pyramid_slots(&game).contains(&16));
    assert!(game.explain("4c+9s").contains("4c is covered by 7d"), "{}", game.explain("4c+9s"));
    play(&mut game, "6c+7d");
    let free = playable_pyramid_slots(&game);
    assert!(free.contains(&15) && free.contains(&16), "As and 4c are free now: {free:?}");
    assert!(has_move(&game, "4c+9s"));
}

// ----- Removals -----

#[test]
fn a_free_king_is_removed_alone_from_the_pyramid() {
    let mut game: One = start(&cards(SEED_001), &[]);
    let info = game.describe(game.actions().iter().find(|a| game.describe(a).notation == "Kh").unwrap());
    assert_eq!((info.label.as_str(), info.slots.as_slice()), ("K♥", &[23][..]));
    play(&mut game, "Kh");
    assert_eq!(face(&game, 23), Face::Empty);
    assert_eq!(game.pyramid_cards_left(), 27);
}

#[test]
fn a_covered_king_cannot_be_removed() {
    let game: One = start(&deck_with(&[(20, "Kd"), (26, "2c"), (27, "3c")]), &[]);
    assert!(!has_move(&game, "Kd"));
    assert_eq!(game.explain("Kd"), "Kd is covered by 2c and 3c");
}

#[test]
fn a_king_on_top_of_the_waste_is_removed_alone_and_uncovers_the_card_below() {
    let deck = deck_with(&[(21, "4h"), (28, "9h"), (29, "Ks")]);
    let mut game: One = start(&deck, &[]);
    draw(&mut game, 2);
    assert!(!has_move(&game, "4h+9h"), "9h is covered by Ks on the waste");
    assert_eq!(game.explain("4h+9h"), "9h is not available: it is under Ks on the waste");
    let king = game.actions().into_iter().find(|a| game.describe(a).notation == "Ks").expect("Ks is legal");
    assert_eq!(game.describe(&king).slots, vec![29]);
    game.perform(&king);
    assert!(has_move(&game, "4h+9h"), "the covered waste card is available again");
    play(&mut game, "9h+4h");
    assert_eq!(game.waste_len(0), 0);
    assert_eq!(game.removed_count(), 3);
}

#[test]
fn only_the_top_of_the_waste_is_available() {
    let deck = deck_with(&[(21, "4h"), (28, "9h"), (29, "2c")]);
    let mut game: One = start(&deck, &[]);
    draw(&mut game, 2);
    assert!(!has_move(&game, "4h+9h"));
    assert!(notations(&game).iter().all(|n| !n.contains("9h")));
}

#[test]
fn a_waste_card_pairs_with_a_free_pyramid_card() {
    let mut game: One = start(&cards(SEED_001), &[]);
    play_all(&mut game, "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, draw");
    assert!(has_move(&game, "Th+3c"));
    play(&mut game, "3c+Th");
    assert_eq!(game.waste_len(0), 0);
}

#[test]
fn a_card_may_not_pair_with_a_card_covering_it() {
    // 5d (20) is covered by Kh (26) and 8c (27); with Kh gone, 8c alone.
    let mut game: One = start(&deck_with(&[(20, "5d"), (26, "Kh"), (27, "8c")]), &[]);
    play(&mut game, "Kh");
    assert!(!has_move(&game, "5d+8c"));
    assert_eq!(game.explain("8c+5d"), "8c covers 5d: a card cannot be paired with a card it covers");
}

#[test]
fn a_lone_card_that_is_not_a_king_is_refused() {
    let game: One = start(&cards(SEED_001), &[]);
    assert!(!has_move(&game, "Qc"));
    assert_eq!(
        game.explain("Qc"),
        "Qc is not a King: only a King is removed alone; Qc needs a partner making 13 (an Ace)"
    );
}

#[test]
fn removing_is_optional_drawing_is_always_allowed_while_the_stock_has_cards() {
    let game: One = start(&cards(SEED_001), &[]);
    let moves = notations(&game);
    assert!(moves.contains(&"Kh".to_string()) && moves.contains(&"draw".to_string()));
    assert_eq!(moves.last().map(String::as_str), Some("draw"), "removals come first: {moves:?}");
}

// ----- overlap_pairs -----

#[test]
fn overlap_pairs_allow_a_card_covered_only_by_its_partner() {
    let deck = deck_with(&[(20, "5d"), (26, "Kh"), (27, "8c")]);
    let mut game: One = start(&deck, &[("overlap_pairs", "true")]);
    assert!(!has_move(&game, "5d+8c"), "5d is still covered by Kh as well");
    assert_eq!(
        game.explain("5d+8c"),
        "5d is covered by Kh as well as by 8c: a card pairs only with the one card still covering it"
    );
    play(&mut game, "Kh");
    assert!(has_move(&game, "5d+8c"));
    let layout = game.layout();
    assert!(layout.slots[20].playable, "the covered card of an overlap pair can be chosen");
    play(&mut game, "5d+8c");
    assert_eq!(game.pyramid_cards_left(), 25);
}

#[test]
fn overlap_pairs_need_the_partner_to_be_free() {
    // 6d (12) is covered by Kh (17) and 7c (18); Kh is covered by 2c (23)
    // and Jc (24); 7c by Jc and Ks (25).
    let deck = deck_with(&[(12, "6d"), (17, "Kh"), (18, "7c"), (23, "2c"), (24, "Jc"), (25, "Ks")]);
    let mut game: One = start(&deck, &[("overlap_pairs", "true")]);
    play_all(&mut game, "2c+Jc, Kh");
    assert!(!has_move(&game, "6d+7c"), "6d is covered only by 7c, but 7c is not free");
    assert_eq!(game.explain("6d+7c"), "7c is covered by Ks");
    play(&mut game, "Ks");
    assert!(has_move(&game, "6d+7c"));
}

#[test]
fn overlap_pairs_apply_to_the_card_under_the_waste_top() {
    let deck = deck_with(&[(28, "6s"), (29, "7c")]);
    let mut plain: One = start(&deck, &[]);
    draw(&mut plain, 2);
    assert!(!has_move(&plain, "6s+7c"));
    assert_eq!(
        plain.explain("7c+6s"),
        "7c covers 6s on the waste: a card cannot be paired with a card it covers"
    );
    let mut overlap: One = start(&deck, &[("overlap_pairs", "true")]);
    draw(&mut overlap, 2);
    let action =
        overlap.actions().into_iter().find(|a| same_move(&overlap.describe(a).notation, "6s+7c")).unwrap();
    assert_eq!(overlap.describe(&action).slots, vec![29]);
    overlap.perform(&action);
    assert_eq!(overlap.waste_len(0), 0);
}

#[test]
fn overlap_pairs_do_not_reach_face_down_cards() {
    let deck = deck_with(&[(20, "5d"), (26, "Kh"), (27, "8c")]);
    let mut game: One = start(&deck, &[("overlap_pairs", "true"), ("face_down", "true")]);
    play(&mut game, "Kh");
    assert!(!has_move(&game, "5d+8c"), "5d is face down, so it cannot be chosen");
    assert_eq!(game.explain("5d+8c"), "5d is not available");
}

// ----- Passes -----

#[test]
fn one_pass_never_turns_the_waste_over() {
    let mut game: One = start(&cards(SEED_001), &[]);
    assert_eq!(
        game.explain("recycle"),
        "The stock still has 24 cards: the waste is turned over only when the stock is empty"
    );
    draw(&mut game, 24);
    assert!(!has_move(&game, "recycle") && !has_move(&game, "draw"));
    assert_eq!(game.explain("recycle"), "No passes left: this game allows only 1 pass through the stock");
    assert_eq!(game.explain("draw"), "The stock is empty: there is nothing to draw");
}

#[test]
fn turning_the_waste_over_keeps_the_order_and_counts_the_pass() {
    let deck = clearable_deck();
    let mut game: One = start(&deck, &[("passes", "2")]);
    draw(&mut game, 1); // Ah
    play(&mut game, "Ah+Qd");
    draw(&mut game, 23);
    assert_eq!(game.explain("draw"), "The stock is empty: turn the waste over first (`recycle`)");
    let turn = game
        .actions()
        .into_iter()
        .find(|a| game.describe(a).notation == "recycle")
        .expect("recycle is legal");
    let info = game.describe(&turn);
    assert_eq!((info.label.as_str(), info.slots.as_slice()), ("Turn the waste over", &[28][..]));
    game.perform(&turn);
    assert_eq!(game.pass(), 2);
    assert_eq!(game.stock_cards(), deck[29..].to_vec(), "same order, without the removed Ah");
    assert_eq!(game.waste_len(0), 0);
    draw(&mut game, 23);
    assert!(!has_move(&game, "recycle"));
    assert_eq!(game.explain("recycle"), "No passes left: this game allows 2 passes through the stock");
}

#[test]
fn three_passes_allow_two_turn_overs() {
    let mut game: One = start(&cards(SEED_001), &[("passes", "3")]);
    for pass in 1..=3 {
        assert_eq!(game.pass(), pass);
        draw(&mut game, 24);
        if pass < 3 {
            play(&mut game, "recycle");
        }
    }
    assert!(!has_move(&game, "recycle"));
}

#[test]
fn unlimited_passes_always_turn_the_waste_over() {
    let mut game: One = start(&cards(SEED_001), &[("passes", "unlimited")]);
    for _ in 0..5 {
        draw(&mut game, 24);
        play(&mut game, "recycle");
    }
    assert_eq!(game.pass(), 6);
    let hud = game.hud();
    assert_eq!(hud.iter().find(|h| h.key == "passes").unwrap().value, "6 of ∞");
}

#[test]
fn an_empty_waste_cannot_be_turned_over() {
    let mut game: One =
        start(&clearable_deck(), &[("passes", "2"), ("stock_top_playable", "true"), ("win", "all")]);
    for pair in [
        "Ah+Qh", "2h+Jh", "3h+Th", "4h+9h", "5h+8h", "6h+7h", "As+Qs", "2s+Js", "3s+Ts", "4s+9s", "5s+8s",
        "6s+7s",
    ] {
        draw(&mut game, 1);
        play(&mut game, pair);
    }
    assert_eq!(game.stock_len() + game.waste_total(), 0);
    assert!(!has_move(&game, "recycle"));
    assert_eq!(game.explain("recycle"), "The waste is empty: there is nothing to turn over");
}

// ----- Winning and losing -----

#[test]
fn win_pyramid_is_won_when_the_pyramid_is_cleared_whatever_is_left() {
    let mut game: One = start(&clearable_deck(), &[]);
    play_all(&mut game, CLEAR_PYRAMID);
    let status = game.status();
    assert_eq!(status.outcome, Outcome::Won);
    assert_eq!(status.message, "Pyramid cleared with 24 cards left in the stock");
    assert!(game.actions().is_empty(), "no moves once the game is over");
    assert!(game.layout().slots.iter().all(|s| !s.playable));
}

#[test]
fn win_all_needs_every_card_removed() {
    let mut game: One = start(&clearable_deck(), &[("win", "all"), ("stock_top_playable", "true")]);
    play_all(&mut game, CLEAR_PYRAMID);
    assert_eq!(game.status().outcome, Outcome::Playing, "the stock still has cards");
    for pair in [
        "Ah+Qh", "2h+Jh", "3h+Th", "4h+9h", "5h+8h", "6h+7h", "As+Qs", "2s+Js", "3s+Ts", "4s+9s", "5s+8s",
        "6s+7s",
    ] {
        draw(&mut game, 1);
        assert_eq!(game.status().outcome, Outcome::Playing);
        play(&mut game, pair);
    }
    assert_eq!(game.status().outcome, Outcome::Won);
    assert_eq!(game.status().message, "All 52 cards removed");
}

#[test]
fn win_all_is_lost_when_the_talon_cannot_pair_off() {
    let mut game: One = start(&clearable_deck(), &[("win", "all")]);
    play_all(&mut game, CLEAR_PYRAMID);
    draw(&mut game, 24);
    let status = game.status();
    assert_eq!(status.outcome, Outcome::Lost);
    assert_eq!(status.message, "No moves left: 0 pyramid cards remain, and 24 cards in the waste");
    assert!(game.actions().is_empty());
}

#[test]
fn the_game_is_lost_when_nothing_can_be_removed_and_the_stock_is_spent() {
    let deck = deck_with(&[
        (21, "Ac"),
        (22, "Ad"),
        (23, "2c"),
        (24, "2d"),
        (25, "3c"),
        (26, "3d"),
        (27, "4c"),
        (51, "5h"),
    ]);
    let mut game: One = start(&deck, &[]);
    draw(&mut game, 24);
    let status = game.status();
    assert_eq!(status.outcome, Outcome::Lost);
    assert_eq!(status.message, "No moves left: 28 pyramid cards remain");
    assert!(game.actions().is_empty());
}

#[test]
fn an_empty_stock_alone_does_not_end_the_game() {
    let mut game: One = start(&clearable_deck(), &[]);
    draw(&mut game, 24);
    assert_eq!(game.stock_len(), 0);
    assert_eq!(game.status().outcome, Outcome::Playing);
    assert!(!has_move(&game, "draw") && !has_move(&game, "recycle"));
    play_all(&mut game, CLEAR_PYRAMID);
    assert_eq!(game.status().message, "Pyramid cleared with 0 cards left in the stock");
}

// ----- stock_top_playable -----

#[test]
fn the_stock_top_is_hidden_unless_stock_top_playable() {
    let deck = deck_with(&[(21, "4c"), (28, "9h")]);
    let plain: One = start(&deck, &[]);
    let stock = plain.layout().slots.into_iter().find(|s| s.id == 28).unwrap();
    assert_eq!((stock.face, stock.playable, stock.label.as_deref()), (Face::Down, true, Some("24")));
    assert!(!has_move(&plain, "4c+9h"));
    assert_eq!(plain.explain("4c+9h"), "9h is not available");

    let open: One = start(&deck, &[("stock_top_playable", "true")]);
    let stock = open.layout().slots.into_iter().find(|s| s.id == 28).unwrap();
    assert_eq!(stock.face, Face::Up(card("9h")));
    let pair = open.actions().into_iter().find(|a| same_move(&open.describe(a).notation, "4c+9h")).unwrap();
    assert_eq!(open.describe(&pair).slots, vec![21, 28]);
}

#[test]
fn a_king_on_top_of_the_stock_is_removed_alone_with_stock_top_playable() {
    let mut game: One = start(&deck_with(&[(28, "Ks"), (29, "5c")]), &[("stock_top_playable", "true")]);
    play(&mut game, "Ks");
    assert_eq!(game.stock_len(), 23);
    assert_eq!(game.stock_cards()[0], card("5c"));
}

#[test]
fn the_stock_shows_empty_once_drawn_out() {
    let mut game: One = start(&cards(SEED_001), &[]);
    draw(&mut game, 24);
    let layout = game.layout();
    let stock = layout.slots.iter().find(|s| s.id == 28).unwrap();
    assert_eq!((stock.face, stock.label.as_deref(), stock.playable), (Face::Empty, Some("0"), false));
    let waste = layout.slots.iter().find(|s| s.id == 29).unwrap();
    assert_eq!((waste.face, waste.label.as_deref()), (Face::Up(card("Ks")), Some("24")));
}

// ----- face_down -----

#[test]
fn face_down_hides_covered_pyramid_cards_until_freed() {
    let mut game: One = start(&cards(SEED_001), &[("face_down", "true")]);
    for position in 0..21 {
        assert_eq!(face(&game, position), Face::Down, "position {position}");
    }
    play_all(&mut game, "Kh, 6c+7d");
    assert_eq!(face(&game, 15), Face::Up(card("As")));
    assert_eq!(face(&game, 16), Face::Up(card("4c")));
    assert_eq!(face(&game, 17), Face::Down, "8h is still covered by 9s");
}

#[test]
fn face_down_cards_leak_nowhere() {
    let mut game: One = start(&cards(SEED_001), &[("face_down", "true"), ("passes", "3")]);
    play_all(&mut game, "Kh, 6c+7d, 3h+Td, draw, draw");
    let layout = game.layout();
    let hidden: Vec<_> =
        (0..28).filter(|&p| layout.slots[p].face == Face::Down).map(|p| cards(SEED_001)[p]).collect();
    assert!(hidden.len() >= 15, "{hidden:?}");
    let mut shown = String::new();
    for slot in &layout.slots {
        shown += &format!("{:?} {:?}\n", slot.face, slot.label);
    }
    for action in game.actions() {
        let info = game.describe(&action);
        shown += &format!("{} {}\n", info.notation, info.label);
    }
    for item in game.hud() {
        shown += &format!("{} {} {}\n", item.key, item.label, item.value);
    }
    shown += &game.status().message;
    for card in &hidden {
        assert!(
            !shown.contains(&card.to_string()) && !shown.contains(&card.pretty()),
            "{card} leaks:\n{shown}"
        );
        assert!(!shown.contains(&format!("{card:?}")), "{card} leaks:\n{shown}");
        // Asked about directly, a hidden card gets the answer any card
        // hidden in the stock gets.
        let why = game.explain(&card.to_string());
        if card.rank == 13 {
            assert_eq!(why, format!("{card} is not available"));
        } else {
            assert!(why.starts_with(&format!("{card} is not a King: ")), "{why}");
        }
    }
    assert_eq!(game.explain("Ks"), "Ks is not available", "a King inside the stock");
    // Every hidden card in a pair making 13 with a visible card is only
    // "not available", never "covered by ...".
    let visible: Vec<_> =
        layout.slots.iter().filter_map(|s| if let Face::Up(c) = s.face { Some(c) } else { None }).collect();
    for card in &hidden {
        for partner in visible.iter().filter(|v| v.rank + card.rank == 13) {
            let why = game.explain(&format!("{partner}+{card}"));
            assert_eq!(why, format!("{card} is not available"), "{partner}+{card}");
        }
    }
}
