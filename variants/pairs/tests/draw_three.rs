//! Draw-three: three waste piles (the draw-three rules in
//! `src/rules_text.rs`), on the three-pile test profile.

mod common;

use common::*;
use patience_engine::Variant;
use patience_engine::card::Card;
use patience_engine::layout::{Face, Outcome};

fn stock_of(deck: &[Card]) -> Vec<Card> {
    deck[28..].to_vec()
}

#[test]
fn a_draw_turns_one_card_onto_each_pile_in_order() {
    let deck = deck_with(&[]);
    let t = stock_of(&deck);
    let mut game: Three = start(&deck, &[]);
    play(&mut game, "draw");
    assert_eq!(
        (game.waste_cards(0), game.waste_cards(1), game.waste_cards(2)),
        (vec![t[0]], vec![t[1]], vec![t[2]])
    );
    play(&mut game, "draw");
    assert_eq!(game.waste_cards(0), vec![t[0], t[3]], "a draw covers the previous tops");
    assert_eq!(game.waste_cards(1), vec![t[1], t[4]]);
    assert_eq!(game.waste_cards(2), vec![t[2], t[5]]);
    assert_eq!(game.stock_len(), 18);
    let layout = game.layout();
    for (pile, slot) in [29, 30, 31].into_iter().enumerate() {
        let shown = layout.slots.iter().find(|s| s.id == slot).expect("three waste slots");
        assert_eq!(shown.face, Face::Up(t[3 + pile]));
        assert_eq!(shown.label.as_deref(), Some("2"));
        assert!(shown.playable);
    }
}

#[test]
fn the_tops_of_all_three_piles_are_available_to_each_other_and_the_pyramid() {
    let deck = deck_with(&[(21, "Qc"), (28, "4h"), (29, "9h"), (30, "Ks"), (31, "Ah")]);
    let mut game: Three = start(&deck, &[]);
    play(&mut game, "draw");
    assert!(has_move(&game, "4h+9h"), "two waste tops pair");
    assert!(has_move(&game, "Ks"), "a King on pile 3 goes alone");
    let pair = game.actions().into_iter().find(|a| same_move(&game.describe(a).notation, "4h+9h")).unwrap();
    assert_eq!(game.describe(&pair).slots, vec![29, 30]);
    play(&mut game, "draw"); // Ah onto pile 1, over 4h
    assert!(has_move(&game, "Qc+Ah"));
    assert!(!has_move(&game, "4h+9h"), "4h is covered now");
}

#[test]
fn a_covered_pile_card_returns_when_the_top_goes() {
    let deck = deck_with(&[(21, "9c"), (28, "4h"), (31, "Kd")]);
    let mut game: Three = start(&deck, &[]);
    draw(&mut game, 2);
    assert_eq!(game.waste_cards(0), vec![card("4h"), card("Kd")]);
    assert!(!has_move(&game, "4h+9c"));
    assert_eq!(game.explain("4h+9c"), "4h is not available: it is under Kd on waste pile 1");
    play(&mut game, "Kd");
    assert!(has_move(&game, "9c+4h"));
}

#[test]
fn turning_over_gathers_pile_1_then_2_then_3_bottom_to_top() {
    let deck = deck_with(&[]);
    let t = stock_of(&deck);
    let mut game: Three = start(&deck, &[("passes", "2")]);
    draw(&mut game, 8);
    assert_eq!(game.stock_len(), 0);
    assert_eq!(game.waste_len(0) + game.waste_len(1) + game.waste_len(2), 24);
    play(&mut game, "recycle");
    let expected: Vec<Card> = (0..3).flat_map(|pile| (pile..24).step_by(3)).map(|i| t[i]).collect();
    assert_eq!(game.stock_cards(), expected, "the first card drawn next is the bottom of pile 1");
    assert_eq!(game.pass(), 2);
    play(&mut game, "draw");
    assert_eq!(
        (game.waste_cards(0), game.waste_cards(1), game.waste_cards(2)),
        (vec![t[0]], vec![t[3]], vec![t[6]])
    );
    draw(&mut game, 7);
    assert!(!has_move(&game, "recycle"), "two passes used");
    assert_eq!(game.explain("recycle"), "No passes left: this game allows 2 passes through the stock");
}

#[test]
fn a_short_last_draw_turns_as_many_cards_as_there_are_from_pile_1() {
    let deck = deck_with(&[(28, "Ks"), (29, "Kh")]);
    let mut game: Three = start(&deck, &[("passes", "2")]);
    play_all(&mut game, "draw, Ks, Kh");
    draw(&mut game, 7);
    play(&mut game, "recycle");
    assert_eq!(game.stock_len(), 22);
    draw(&mut game, 7);
    assert_eq!(game.stock_len(), 1);
    let before = [game.waste_len(0), game.waste_len(1), game.waste_len(2)];
    play(&mut game, "draw");
    assert_eq!(
        [game.waste_len(0), game.waste_len(1), game.waste_len(2)],
        [before[0] + 1, before[1], before[2]]
    );
}

#[test]
fn one_pass_means_no_turn_over_with_three_piles_either() {
    let mut game: Three = start(&deck_with(&[]), &[]);
    draw(&mut game, 8);
    assert!(!has_move(&game, "draw") && !has_move(&game, "recycle"));
}

#[test]
fn draw_three_wins_all_with_pairs_between_piles() {
    // Each draw of the clearable stock turns (x, 13-x, y), then (y's
    // partner, z, 13-z): tops of different piles pair, and removing pile 3's
    // top brings y back.
    let mut game: Three = start(&clearable_deck(), &[("win", "all")]);
    play_all(&mut game, CLEAR_PYRAMID);
    play_all(
        &mut game,
        "draw, Ah+Qh, draw, 3h+Th, Jh+2h, draw, 4h+9h, draw, 6h+7h, 8h+5h, \
         draw, As+Qs, draw, 3s+Ts, Js+2s, draw, 4s+9s, draw, 6s+7s",
    );
    assert_eq!(game.status().outcome, Outcome::Playing);
    play(&mut game, "8s+5s");
    assert_eq!(game.status().outcome, Outcome::Won);
}

#[test]
fn three_pile_layout_has_every_slot() {
    let game: Three = start(&deck_with(&[]), &[]);
    let ids: Vec<u32> = game.layout().slots.iter().map(|s| s.id).collect();
    assert_eq!(ids, (0..32).collect::<Vec<_>>());
    let one: One = start(&deck_with(&[]), &[]);
    let ids: Vec<u32> = one.layout().slots.iter().map(|s| s.id).collect();
    assert_eq!(ids, (0..30).collect::<Vec<_>>());
}
