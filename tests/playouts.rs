//! Random legal games through the wasm plugins (proptest): after every move
//! the layout is valid, no card shows twice, cards are conserved, and
//! snapshot → restore gives the identical game.

use patience_engine::deal::Deal;
use patience_engine::layout::{Face, Layout, SlotKind};
use patience_runtime::{validate, Game};
use patience_tests::{plugin, start};
use proptest::prelude::*;
use std::collections::HashSet;

fn hud_number(game: &mut Game, key: &str) -> i64 {
    let item = game.hud().unwrap().into_iter().find(|h| h.key == key).unwrap_or_else(|| panic!("hud {key}"));
    item.value.parse().unwrap_or_else(|_| panic!("hud {key} = {} is not a number", item.value))
}

fn label_number(layout: &Layout, kind: SlotKind) -> i64 {
    layout
        .slots
        .iter()
        .filter(|s| s.kind == kind)
        .map(|s| s.label.as_deref().unwrap_or("0").parse::<i64>().unwrap())
        .sum()
}

fn on_board(layout: &Layout) -> i64 {
    layout
        .slots
        .iter()
        .filter(|s| matches!(s.kind, SlotKind::Pyramid | SlotKind::Field) && s.face != Face::Empty)
        .count() as i64
}

/// Cards that are still somewhere: the board, the stock and (for the pair
/// games) the waste piles. The pair games also count removed cards.
fn accounted(game: &mut Game, layout: &Layout, pair_game: bool) -> i64 {
    let in_play = on_board(layout) + label_number(layout, SlotKind::Stock);
    if pair_game { in_play + label_number(layout, SlotKind::Waste) + hud_number(game, "removed") } else { in_play }
}

fn check_layout(layout: &Layout) {
    validate::layout(layout).expect("the layout validates");
    let mut shown = HashSet::new();
    for slot in &layout.slots {
        if let Face::Up(card) = slot.face {
            assert!(shown.insert(card), "{card} shows twice");
        }
    }
}

fn random_game(id: &str, seed: u64, choices: &[u16]) {
    let pair_game = id != "speedpyramid";
    let mut game = start(id, Deal::Seed(seed), &[]);
    let mut layout = game.layout().unwrap();
    check_layout(&layout);
    let mut count = accounted(&mut game, &layout, pair_game);
    if pair_game {
        assert_eq!(count, 52);
    }
    let mut level = game.status().unwrap().level;
    for &choice in choices {
        let moves = game.moves().unwrap();
        if moves.is_empty() {
            break;
        }
        let chosen = &moves[choice as usize % moves.len()];
        let status = game.apply(chosen.id).unwrap();
        layout = game.layout().unwrap();
        check_layout(&layout);
        let now = accounted(&mut game, &layout, pair_game);
        if pair_game {
            assert_eq!(now, 52, "{id} seed {seed}: cards conserved after {}", chosen.notation);
        } else if status.level == level {
            // A joker moves no tablet; a draw or a tablet play moves one.
            let expected = if chosen.notation == "joker" { count } else { count - 1 };
            assert_eq!(now, expected, "{id} seed {seed}: tablets conserved after {}", chosen.notation);
        }
        count = now;
        level = status.level;
        let snapshot = game.snapshot().unwrap();
        let mut copy = Game::restore(plugin(id), &snapshot).unwrap();
        assert_eq!(copy.layout().unwrap(), layout);
        assert_eq!(copy.moves().unwrap(), game.moves().unwrap());
        assert_eq!(copy.hud().unwrap(), game.hud().unwrap());
        assert_eq!(copy.status().unwrap(), game.status().unwrap());
        assert_eq!(copy.snapshot().unwrap(), snapshot);
    }
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn classic_random_games(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 120)) {
        random_game("classic", seed, &choices);
    }

    #[test]
    fn relaxed_random_games(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 120)) {
        random_game("relaxed", seed, &choices);
    }

    #[test]
    fn draw_three_random_games(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 120)) {
        random_game("draw-three", seed, &choices);
    }

    #[test]
    fn speedpyramid_random_games(seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 200)) {
        random_game("speedpyramid", seed, &choices);
    }
}
