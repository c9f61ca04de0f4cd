//! Native unit tests: the rules, what the player sees, and the hooks the
//! host relies on (snapshots, `resample`, `state_key`, the solver). They run
//! with plain `cargo test -p patience-example-golf`, no wasm involved.

use super::*;
use patience_engine::card::parse_cards;
use patience_engine::deal::shuffled_deck;
use patience_engine::card::Card;
use patience_engine::game::Game;
use patience_engine::options::OptionValue;
use patience_engine::solver::{self, Verdict};

fn start(seed: u64, options: &[(&str, bool)]) -> Golf {
    let given: Vec<(String, OptionValue)> =
        options.iter().map(|(name, value)| (name.to_string(), OptionValue::Flag(*value))).collect();
    Game::<Golf>::start(&Deal::Seed(seed), &given).expect("the deal starts").state
}

fn card(text: &str) -> CardId {
    text.parse().unwrap()
}

fn notations(game: &Golf) -> Vec<String> {
    game.actions().iter().map(|action| game.describe(action).notation).collect()
}

fn face(game: &Golf, slot: u32) -> Face {
    game.layout().slots.iter().find(|s| s.id == slot).expect("slot exists").face
}

/// A deck whose pyramid, waste card and stock start are given; the rest of
/// the deck follows in a fixed order.
fn deck_starting_with(first: &str) -> Vec<Card> {
    let mut deck = parse_cards(first).unwrap();
    let rest: Vec<Card> = patience_engine::deal::fresh_deck().into_iter().filter(|c| !deck.contains(c)).collect();
    deck.extend(rest);
    deck
}

const DEFAULT_RULES: Rules = Rules { wrap: false, face_down: true };

#[test]
fn the_deal_shows_the_bottom_row_and_hides_the_rest() {
    let deck = shuffled_deck(4);
    let game = start(4, &[]);
    let layout = game.layout();
    assert_eq!(layout.slots.len(), 30);
    for position in 0..21 {
        assert_eq!(face(&game, position as u32), Face::Down, "position {position} is covered");
    }
    for (position, &card) in deck.iter().enumerate().take(28).skip(21) {
        assert_eq!(face(&game, position as u32), Face::Up(card), "position {position}");
    }
    assert_eq!(face(&game, WASTE_SLOT), Face::Up(deck[28]));
    let stock = layout.slots.iter().find(|s| s.id == STOCK_SLOT).unwrap();
    assert_eq!((stock.face, stock.label.as_deref()), (Face::Down, Some("23")));
}

#[test]
fn without_face_down_every_card_shows() {
    let deck = shuffled_deck(4);
    let game = start(4, &[("face_down", false)]);
    for (position, &card) in deck.iter().enumerate().take(28) {
        assert_eq!(face(&game, position as u32), Face::Up(card));
    }
}

#[test]
fn cards_one_rank_apart_go_onto_the_waste() {
    // Bottom row 2c 3c 4c 5c 6c 7c 8c; waste 5d.
    let pyramid = "Ac Ad Ah As 2d 2h 2s 3d 3h 3s 4d 4h 4s 6d 6h 6s 7d 7h 7s 8d 8h 2c 3c 4c 5c 6c 7c 8c";
    let game = Golf::deal(&deck_starting_with(&format!("{pyramid} 5d")), DEFAULT_RULES);
    assert_eq!(notations(&game), ["4c", "6c", "draw"]);
    let mut game = game;
    game.perform(&Action::Play(23)); // 4c
    assert_eq!(game.waste_top(), card("4c"));
    assert_eq!(notations(&game), ["3c", "5c", "draw"]);
}

#[test]
fn kings_and_aces_are_neighbours_only_with_wrap() {
    let pyramid = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c Kc 9c 9d 9h 9s Tc Td";
    let deck = deck_starting_with(&format!("{pyramid} Ac"));
    let plain = Golf::deal(&deck, DEFAULT_RULES);
    assert_eq!(notations(&plain), ["draw"]);
    assert!(plain.explain("Kc").contains("only with the option `wrap`"), "{}", plain.explain("Kc"));
    let wrapping = Golf::deal(&deck, Rules { wrap: true, face_down: true });
    assert_eq!(notations(&wrapping), ["Kc", "draw"]);
}

#[test]
fn uncovering_a_card_turns_it_up() {
    let pyramid = "Ac Ad Ah As 2d 2h 2s 3d 3h 3s 4d 4h 4s 6d 6h 6s 7d 7h 7s 8d 8h 2c 3c 4c 5c 6c 7c 8c";
    let mut game = Golf::deal(&deck_starting_with(&format!("{pyramid} 5d")), DEFAULT_RULES);
    assert_eq!(face(&game, 15), Face::Down, "6s at position 15 is covered by 2c and 3c");
    game.perform(&Action::Play(23)); // 4c
    game.perform(&Action::Play(22)); // 3c
    assert_eq!(face(&game, 15), Face::Down, "2c still covers it");
    game.perform(&Action::Play(21)); // 2c
    assert_eq!(face(&game, 15), Face::Up(card("6s").card()), "both coverers gone");
}

#[test]
fn drawing_turns_the_next_stock_card() {
    let deck = shuffled_deck(9);
    let mut game = start(9, &[]);
    game.perform(&Action::Draw);
    assert_eq!(game.waste_top(), CardId::from(deck[29]));
    assert_eq!(game.stock_len(), 22);
    for _ in 0..22 {
        game.perform(&Action::Draw);
    }
    assert!(!notations(&game).contains(&"draw".to_string()));
    assert_eq!(game.explain("draw"), "The stock is empty: there is nothing to draw");
}

#[test]
fn the_game_is_lost_when_nothing_can_move() {
    let mut game = start(9, &[]);
    while game.stock_len() > 0 {
        game.perform(&Action::Draw);
    }
    // Play whatever is still playable, then nothing is left to do.
    while let Some(action) = game.actions().first().copied() {
        game.perform(&action);
    }
    // `status` need not say so: the SDK reports the game lost, as the host sees it.
    let status = patience_engine::game::status(&game);
    assert_eq!(status.outcome, Outcome::Lost, "{status:?}");
    assert!(status.message.starts_with("No moves left: ") && status.score.is_some(), "{status:?}");
    assert!(game.actions().is_empty());
}

#[test]
fn a_solved_line_wins_and_ends_the_game() {
    let winnable = (0..200)
        .map(|seed| (seed, start(seed, &[])))
        .find_map(|(seed, game)| {
            let found = solver::solve(&game, 200_000);
            (found.verdict == Verdict::Winnable).then_some((seed, game, found.line))
        })
        .expect("some of the first 200 deals are winnable");
    let (seed, mut game, line) = winnable;
    for action in &line {
        assert!(game.actions().contains(action), "deal {seed}: {action:?} is legal");
        game.perform(action);
    }
    assert_eq!(game.status().outcome, Outcome::Won);
    assert_eq!(game.status().score, Some(28));
    assert!(game.actions().is_empty(), "no moves once won");
}

#[test]
fn the_optimal_line_is_no_longer_than_any_line() {
    for seed in 0..60 {
        let game = start(seed, &[]);
        let any = solver::solve(&game, 100_000);
        if any.verdict != Verdict::Winnable {
            continue;
        }
        let best = solver::solve_optimal(&game, 400_000);
        assert_eq!(best.verdict, Verdict::Winnable, "deal {seed}");
        assert!(best.line.len() <= any.line.len() && best.line.len() >= 28, "deal {seed}");
        return;
    }
    panic!("no winnable deal among the first 60");
}

#[test]
fn explanations_never_tell_where_a_hidden_card_is() {
    let deck = shuffled_deck(11);
    let game = start(11, &[]);
    let face_down = deck[0];
    let in_stock = deck[40];
    let answer = |card: Card| game.explain(&card.to_string()).replace(&card.to_string(), "X");
    assert_eq!(answer(face_down), answer(in_stock));
    assert!(game.explain("hello").contains("is not a move"));
    assert!(game.explain(&deck[28].to_string()).contains("is the waste card"));
}

#[test]
fn labels_and_hud_give_counts_only() {
    let game = start(5, &[]);
    let hud: Vec<(String, String)> = game.hud().into_iter().map(|item| (item.key, item.value)).collect();
    assert_eq!(hud, [("stock".into(), "23".into()), ("waste".into(), "1".into()), ("pyramid".into(), "28".into())]);
}

#[test]
fn snapshots_restore_the_same_game() {
    let mut game = Game::<Golf>::start(&Deal::Seed(21), &[("wrap".into(), OptionValue::Flag(true))]).unwrap();
    game.apply(game.moves().len() as u32 - 1).unwrap(); // draw
    let restored = Game::<Golf>::restore(&game.snapshot()).unwrap();
    assert_eq!(restored.state, game.state);
    assert!(restored.state.rules().wrap, "the options travel with the game");
}

#[test]
fn damaged_games_are_refused() {
    let game = start(2, &[]);
    let mut twice = game.clone();
    twice.stock.set(0, twice.waste_top());
    assert!(twice.check().unwrap_err().contains("twice"));
    let mut floating = game.clone();
    let apex = floating.tableau.take(0); // gone while all its coverers are there
    floating.waste.push(apex);
    assert!(floating.check().unwrap_err().contains("position 0 is empty although a card still lies on it"));
    let mut lost_card = game.clone(); // a draw, and a played card put back in the stock
    let drawn = lost_card.stock.pop().unwrap();
    lost_card.waste.push(drawn);
    let bottom = lost_card.tableau.take(27);
    lost_card.stock.push(bottom);
    assert!(lost_card.check().unwrap_err().contains("its card is not on the waste"));
    assert_eq!(game.check(), Ok(()));
}

#[test]
fn resampling_keeps_what_was_seen_and_reshuffles_the_rest() {
    let mut game = start(8, &[]);
    game.perform(&Action::Draw);
    let mut rng = DealRng::new(99);
    let sample = game.resample(&mut rng).expect("golf supports resampling");
    let layout_without_labels = |g: &Golf| g.layout();
    assert_eq!(layout_without_labels(&sample), layout_without_labels(&game), "the player sees no difference");
    assert_eq!(sample.check(), Ok(()), "still one full deck");
    assert_ne!(sample, game, "the hidden cards moved");
    let differing = (0..21).filter(|&p| sample.tableau().card(p) != game.tableau().card(p)).count();
    assert!(differing > 5, "face-down cards were redealt ({differing} changed)");
}

#[test]
fn state_keys_tell_positions_apart() {
    let game = start(3, &[]);
    let mut seen = std::collections::HashSet::new();
    seen.insert(game.state_key());
    for action in game.actions() {
        let mut next = game.clone();
        next.perform(&action);
        assert!(seen.insert(next.state_key()), "{action:?} leads to a new key");
        assert_eq!(next.clone().state_key(), next.state_key());
    }
}
