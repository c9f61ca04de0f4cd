//! The pair games' rules (`variants/pairs/src/rules_text.rs`), tested through the real wasm
//! plugins and the runtime — what the host sees, not the native crate.
//!
//! Slot ids (documented by the pair-game plugins): pyramid 0..=27 row by
//! row from the apex, stock 28, waste piles 29, 30, 31.

use patience_engine::card::{parse_cards, Card};
use patience_engine::deal::{fresh_deck, shuffled_deck, Deal};
use patience_engine::layout::{Face, Layout, Outcome};
use patience_runtime::{Game, GameError};
use patience_tests::{plugin, start};

const STOCK: u32 = 28;
const WASTE: u32 = 29;

const SEED_001_DECK: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";
const SEED_001_MOVES: &str = "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, draw, Th+3c, draw, 6s+7s, 8s+5c, draw, Ac+Qh, draw, 9c+4d, draw, draw, Qs+Ad, Js+2d, draw, 3s+Tc, 7c+6h, draw, draw, 4s+9h, draw, Ah+Qd, draw, 8d+5s";

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// A deck with the given cards at the given positions and the rest of the
/// deck, in fresh-deck order, everywhere else.
fn arranged(fixed: &[(usize, &str)]) -> Deal {
    let placed: Vec<(usize, Card)> = fixed.iter().map(|(at, text)| (*at, text.parse().unwrap())).collect();
    let mut rest = fresh_deck().into_iter().filter(|card| !placed.iter().any(|(_, p)| p == card));
    let deck = (0..52)
        .map(|at| placed.iter().find(|(p, _)| *p == at).map(|(_, c)| *c).unwrap_or_else(|| rest.next().unwrap()))
        .collect();
    Deal::Cards(deck)
}

fn face(layout: &Layout, id: u32) -> Face {
    layout.slots.iter().find(|slot| slot.id == id).unwrap().face
}

fn notations(game: &mut Game) -> Vec<String> {
    game.moves().unwrap().into_iter().map(|m| m.notation).collect()
}

fn play_all(game: &mut Game, moves: &str) -> Outcome {
    let mut outcome = Outcome::Playing;
    for step in moves.split(',') {
        outcome = game.play(step).unwrap_or_else(|e| panic!("{step}: {e}")).1.outcome;
    }
    outcome
}

fn illegal_reason(game: &mut Game, text: &str) -> String {
    match game.play(text) {
        Err(GameError::IllegalMove { reason, .. }) => reason,
        other => panic!("`{text}` should be illegal, got {other:?}"),
    }
}

fn hud_value(game: &mut Game, key: &str) -> String {
    game.hud().unwrap().into_iter().find(|item| item.key == key).unwrap_or_else(|| panic!("no hud {key}")).value
}

#[test]
fn the_seed_001_example_game_is_won_with_13_cards_in_the_stock() {
    let mut game = start("relaxed", Deal::Cards(cards(SEED_001_DECK)), &[("passes", "3")]);
    assert_eq!(play_all(&mut game, SEED_001_MOVES), Outcome::Won);
    assert_eq!(hud_value(&mut game, "stock"), "13");
    assert!(game.moves().unwrap().is_empty(), "a finished game has no moves");
}

#[test]
fn a_card_cannot_pair_with_the_card_covering_it() {
    // Seed 001 after `Kc`: Qh (row 4) covers Ad (row 3).
    let mut game = start("relaxed", Deal::Cards(cards(SEED_001_DECK)), &[("passes", "3")]);
    play_all(&mut game, "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc");
    let reason = illegal_reason(&mut game, "Qh+Ad");
    assert!(reason.contains("Qh covers Ad"), "{reason}");
}

#[test]
fn overlap_pairs_allows_exactly_a_card_covered_only_by_its_partner() {
    // Row 5 index 0 (slot 15) is covered by slots 21 and 22 of the bottom row.
    let deal = arranged(&[(15, "Ad"), (21, "Qh"), (22, "Kc")]);
    for overlap in ["false", "true"] {
        let mut game = start("relaxed", deal.clone(), &[("overlap_pairs", overlap)]);
        // Still covered by Qh and Kc: never allowed.
        assert!(!notations(&mut game).iter().any(|m| m.contains("Ad")), "overlap={overlap}");
        game.play("Kc").unwrap();
        let allowed = notations(&mut game).iter().any(|m| m == "Ad+Qh" || m == "Qh+Ad");
        assert_eq!(allowed, overlap == "true", "covered only by its partner, overlap={overlap}");
        if overlap == "true" {
            game.play("Qh+Ad").unwrap();
            let layout = game.layout().unwrap();
            assert_eq!(face(&layout, 15), Face::Empty);
            assert_eq!(face(&layout, 21), Face::Empty);
        }
    }
}

#[test]
fn a_pyramid_card_is_free_only_when_both_coverers_are_gone() {
    // Slot 15 is covered by 21 and 22; remove one King, then the other.
    let deal = arranged(&[(15, "Qd"), (21, "Kc"), (22, "Kh"), (28, "Ac")]);
    let mut game = start("relaxed", deal, &[]);
    let playable = |game: &mut Game, id: u32| game.layout().unwrap().slots.iter().find(|s| s.id == id).unwrap().playable;
    assert!(!playable(&mut game, 15));
    game.play("Kc").unwrap();
    assert!(!playable(&mut game, 15), "one coverer gone is not enough");
    game.play("Kh").unwrap();
    assert!(playable(&mut game, 15));
    game.play("draw").unwrap();
    game.play("Ac+Qd").unwrap();
}

#[test]
fn the_waste_returns_covered_cards_in_order_and_recycles_in_the_same_order() {
    let deal = Deal::Seed(11);
    let deck = shuffled_deck(11);
    let mut game = start("relaxed", deal, &[("passes", "2")]);
    assert_eq!(hud_value(&mut game, "passes"), "1 of 2");
    for drawn in 0..24 {
        game.play("draw").unwrap();
        assert_eq!(face(&game.layout().unwrap(), WASTE), Face::Up(deck[28 + drawn]), "draw {drawn}");
    }
    assert_eq!(face(&game.layout().unwrap(), STOCK), Face::Empty);
    let reason = illegal_reason(&mut game, "draw");
    assert!(reason.to_lowercase().contains("stock is empty"), "{reason}");
    game.play("recycle").unwrap();
    assert_eq!(hud_value(&mut game, "passes"), "2 of 2");
    assert_eq!(face(&game.layout().unwrap(), WASTE), Face::Empty);
    game.play("draw").unwrap();
    assert_eq!(face(&game.layout().unwrap(), WASTE), Face::Up(deck[28]), "same order after recycling");
    for _ in 1..24 {
        game.play("draw").unwrap();
    }
    assert!(!notations(&mut game).contains(&"recycle".to_string()), "no pass left");
    let reason = illegal_reason(&mut game, "recycle");
    assert!(reason.contains("pass"), "{reason}");
}

#[test]
fn unlimited_passes_never_run_out() {
    let mut game = start("relaxed", Deal::Seed(5), &[("passes", "unlimited")]);
    for _ in 0..5 {
        for _ in 0..24 {
            game.play("draw").unwrap();
        }
        game.play("recycle").unwrap();
    }
    assert_eq!(game.status().unwrap().outcome, Outcome::Playing);
}

#[test]
fn a_removal_from_the_waste_uncovers_the_card_below() {
    let deal = arranged(&[(28, "5h"), (29, "Kd")]);
    let mut game = start("relaxed", deal, &[]);
    game.play("draw").unwrap();
    game.play("draw").unwrap();
    assert_eq!(face(&game.layout().unwrap(), WASTE), Face::Up("Kd".parse().unwrap()));
    game.play("Kd").unwrap();
    assert_eq!(face(&game.layout().unwrap(), WASTE), Face::Up("5h".parse().unwrap()));
}

#[test]
fn win_all_needs_every_card_win_pyramid_only_the_pyramid() {
    let deal = Deal::Cards(cards(SEED_001_DECK));
    let mut relaxed = start("relaxed", deal.clone(), &[("passes", "3")]);
    assert_eq!(play_all(&mut relaxed, SEED_001_MOVES), Outcome::Won);
    let mut classic = start("classic", deal.clone(), &[("passes", "3")]);
    assert_eq!(play_all(&mut classic, SEED_001_MOVES), Outcome::Playing, "classic wants all 52 cards");
    assert!(notations(&mut classic).contains(&"draw".to_string()));
    let mut relaxed_all = start("relaxed", deal, &[("passes", "3"), ("win", "all")]);
    assert_eq!(play_all(&mut relaxed_all, SEED_001_MOVES), Outcome::Playing);
}

#[test]
fn the_game_is_lost_only_when_no_removal_stock_or_pass_is_left() {
    let mut saw_removals_after_the_stock = false;
    for seed in 0..40 {
        let mut game = start("relaxed", Deal::Seed(seed), &[]);
        while notations(&mut game).contains(&"draw".to_string()) {
            game.play("draw").unwrap();
        }
        // The stock is empty and there is no pass left; the game goes on
        // while a removal is possible.
        loop {
            let moves = game.moves().unwrap();
            let status = game.status().unwrap();
            if moves.is_empty() {
                assert_ne!(status.outcome, Outcome::Playing, "seed {seed}: no moves but still playing");
                break;
            }
            assert_eq!(status.outcome, Outcome::Playing, "seed {seed}: moves left, so not over");
            assert!(moves.iter().all(|m| m.notation != "draw" && m.notation != "recycle"));
            saw_removals_after_the_stock = true;
            game.apply(moves[0].id).unwrap();
        }
    }
    assert!(saw_removals_after_the_stock, "some deal had removals left after the stock ran out");
}

#[test]
fn face_down_cards_never_cross_the_contract() {
    let deck = shuffled_deck(21);
    let hidden: Vec<Card> = deck[..21].to_vec();
    let mut game = start("relaxed", Deal::Seed(21), &[("face_down", "true")]);
    let layout = game.layout().unwrap();
    for id in 0..21 {
        assert_eq!(face(&layout, id), Face::Down, "covered slot {id}");
    }
    for id in 21..28 {
        assert_eq!(face(&layout, id), Face::Up(deck[id as usize]), "bottom row slot {id}");
    }
    let leaks = |game: &mut Game| -> Vec<String> {
        let mut texts: Vec<String> = game.moves().unwrap().into_iter().flat_map(|m| [m.notation, m.label]).collect();
        texts.extend(game.hud().unwrap().into_iter().map(|h| h.value));
        texts.extend(game.layout().unwrap().slots.into_iter().filter_map(|s| s.label));
        texts.push(game.status().unwrap().message);
        let layout = game.layout().unwrap();
        hidden
            .iter()
            .enumerate()
            .filter(|(at, _)| face(&layout, *at as u32) == Face::Down)
            .filter(|(_, card)| texts.iter().any(|t| t.contains(&card.to_string()) || t.contains(&card.pretty())))
            .map(|(_, card)| card.to_string())
            .collect()
    };
    assert!(leaks(&mut game).is_empty());
    // Play a while; freed cards turn face up, covered ones stay hidden.
    for _ in 0..30 {
        let moves = game.moves().unwrap();
        let Some(chosen) = moves.iter().find(|m| m.notation != "draw").or(moves.first()) else { break };
        game.apply(chosen.id).unwrap();
        assert!(leaks(&mut game).is_empty());
        // Asking about a hidden card must tell no more than asking about an
        // unseen stock card of the same rank: the same sentence with the
        // card swapped. (Cards leave the stock only by drawing, from the
        // front, so the stock is the end of the deck.)
        let layout = game.layout().unwrap();
        let in_stock: usize = hud_value(&mut game, "stock").parse().unwrap();
        let stock = &deck[52 - in_stock..];
        for (at, card) in hidden.iter().enumerate() {
            let Some(twin) = stock.iter().find(|c| c.rank == card.rank) else { continue };
            if face(&layout, at as u32) != Face::Down {
                continue;
            }
            let about_hidden = game.explain(&card.to_string()).unwrap().replace(&card.to_string(), "X");
            let about_twin = game.explain(&twin.to_string()).unwrap().replace(&twin.to_string(), "X");
            assert_eq!(about_hidden, about_twin, "explain reveals something about hidden {card}");
            let pair = format!("{card}+{twin}");
            assert!(!game.explain(&pair).unwrap().contains("cover"), "a pair with a hidden card reveals its position");
        }
    }
    let open = start("relaxed", Deal::Seed(21), &[]).layout().unwrap();
    assert_eq!(face(&open, 0), Face::Up(deck[0]), "without face_down everything shows");
}

#[test]
fn stock_top_playable_shows_and_uses_the_top_stock_card() {
    let deal = arranged(&[(28, "Ks"), (29, "3d")]);
    let mut plain = start("relaxed", deal.clone(), &[]);
    assert_eq!(face(&plain.layout().unwrap(), STOCK), Face::Down);
    assert!(!notations(&mut plain).contains(&"Ks".to_string()));
    let mut open = start("relaxed", deal, &[("stock_top_playable", "true")]);
    assert_eq!(face(&open.layout().unwrap(), STOCK), Face::Up("Ks".parse().unwrap()));
    let king = open.moves().unwrap().into_iter().find(|m| m.notation == "Ks").expect("the stock King is removable");
    assert!(king.slots.contains(&STOCK));
    open.apply(king.id).unwrap();
    assert_eq!(face(&open.layout().unwrap(), STOCK), Face::Up("3d".parse().unwrap()));
}

#[test]
fn draw_three_deals_onto_three_piles_and_every_top_is_available() {
    let deck = shuffled_deck(4);
    let mut game = start("draw-three", Deal::Seed(4), &[]);
    game.play("draw").unwrap();
    let layout = game.layout().unwrap();
    for pile in 0..3 {
        let slot = layout.slots.iter().find(|s| s.id == WASTE + pile).unwrap();
        assert_eq!(slot.face, Face::Up(deck[28 + pile as usize]), "pile {pile}");
        assert!(slot.playable, "pile {pile} top is available");
    }
    assert_eq!(hud_value(&mut game, "stock"), "21");
}

#[test]
fn a_deal_number_gives_the_engine_deck_through_every_pair_plugin() {
    for id in ["classic", "relaxed", "draw-three"] {
        for seed in [0, 1, 7, u64::MAX] {
            let deck = shuffled_deck(seed);
            let layout = start(id, Deal::Seed(seed), &[]).layout().unwrap();
            for at in 0..28 {
                assert_eq!(face(&layout, at), Face::Up(deck[at as usize]), "{id} seed {seed} slot {at}");
            }
        }
    }
}

#[test]
fn snapshot_and_restore_give_the_identical_game() {
    for id in ["classic", "relaxed", "draw-three", "speedpyramid"] {
        let mut game = start(id, Deal::Seed(99), &[]);
        for step in 0..40 {
            let moves = game.moves().unwrap();
            if moves.is_empty() {
                break;
            }
            game.apply(moves[step % moves.len()].id).unwrap();
            let snapshot = game.snapshot().unwrap();
            let mut copy = Game::restore(plugin(id), &snapshot).unwrap();
            assert_eq!(copy.layout().unwrap(), game.layout().unwrap(), "{id} step {step}");
            assert_eq!(copy.moves().unwrap(), game.moves().unwrap());
            assert_eq!(copy.hud().unwrap(), game.hud().unwrap());
            assert_eq!(copy.status().unwrap(), game.status().unwrap());
            assert_eq!(copy.snapshot().unwrap(), snapshot);
        }
        let broken = Game::restore(plugin(id), b"\x01garbage").err().expect("garbage is refused");
        assert!(matches!(broken, GameError::Refused(_)), "{id}: {broken}");
    }
}

#[test]
fn bad_settings_are_refused_by_the_plugin_with_the_reason() {
    let plugin = plugin("relaxed");
    let error = Game::start(plugin, &Deal::Seed(1), &[("passes".into(), patience_engine::options::OptionValue::Choice("4".into()))])
        .err()
        .unwrap();
    assert!(error.to_string().contains("one of 1, 2, 3, unlimited"), "{error}");
    let short = Game::start(plugin, &Deal::Cards(cards("Ah 2h")), &[]).err().unwrap();
    assert!(short.to_string().contains("52 cards"), "{short}");
}

#[test]
fn resampling_redeals_only_what_the_player_has_not_seen() {
    let mut game = start("relaxed", Deal::Seed(30), &[("face_down", "true")]);
    game.play("draw").unwrap();
    let layout = game.layout().unwrap();
    let mut hidden_differs = false;
    for seed in 0..12 {
        let mut sample = game.resample(seed).unwrap().expect("pair games resample");
        let sampled = sample.layout().unwrap();
        assert_eq!(sampled, layout, "everything shown stays the same");
        assert_eq!(sample.moves().unwrap(), game.moves().unwrap());
        sample.play("draw").unwrap();
        let mut real = Game::restore(plugin("relaxed"), game.current_snapshot()).unwrap();
        real.play("draw").unwrap();
        hidden_differs |= face(&sample.layout().unwrap(), WASTE) != face(&real.layout().unwrap(), WASTE);
    }
    assert!(hidden_differs, "the unseen stock is really dealt anew");
}
