//! Explanations for moves that are not legal.

mod common;

use common::*;
use patience_engine::Variant;

const SEED_001: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc \
                        Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";

fn seed_001() -> One {
    start(&cards(SEED_001), &[])
}

#[test]
fn text_that_is_not_a_move() {
    for text in ["xx", "6c+", "Kh+6c+7d", "play"] {
        assert_eq!(
            seed_001().explain(text),
            format!("`{text}` is not a move: write draw, recycle, a card like Kh or a pair like 6c+7d")
        );
    }
}

#[test]
fn a_pair_that_does_not_make_13() {
    assert_eq!(seed_001().explain("Qc+5d"), "Q and 5 make 17, not 13");
    assert_eq!(seed_001().explain("Td+9s"), "10 and 9 make 19, not 13");
    assert_eq!(seed_001().explain("Kh+Qc"), "K and Q make 25, not 13: a King is removed alone");
    assert_eq!(seed_001().explain("Qc+Qc"), "Qc cannot be paired with itself");
}

#[test]
fn a_covered_card_names_its_coverers() {
    // As (15) is covered by 6c (21) and 7d (22).
    assert_eq!(seed_001().explain("As+Qc"), "As is covered by 6c and 7d");
}

#[test]
fn a_removed_card_is_not_on_the_table() {
    let mut game = seed_001();
    play(&mut game, "Kh");
    assert_eq!(game.explain("Kh"), "Kh is not on the table");
    play(&mut game, "6c+7d");
    assert_eq!(game.explain("6c+7h"), "6c is not on the table");
}

#[test]
fn a_card_in_the_stock_is_not_available() {
    assert_eq!(seed_001().explain("Ks"), "Ks is not available");
    assert_eq!(seed_001().explain("Qc+Ac"), "Ac is not available");
}

#[test]
fn legal_moves_are_said_to_be_legal() {
    assert_eq!(seed_001().explain("7d+6c"), "`7d+6c` is a legal move now");
    assert_eq!(seed_001().explain("draw"), "`draw` is a legal move now");
}

#[test]
fn explanations_do_not_depend_on_notation_case_or_ten_spelling() {
    assert_eq!(seed_001().explain("10d+3H"), "`10d+3H` is a legal move now");
    assert_eq!(seed_001().explain("DRAW"), "`DRAW` is a legal move now");
}
