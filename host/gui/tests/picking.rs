//! The click rule on every bundled game: each legal move can be played by
//! clicking its cards, a game of pairs plays as it did before groups, and
//! a group (three cards or more) is picked, explained and played at a real
//! table. The games are walked through a few deals move by move, so the
//! positions are the plugins' own.

use patience_engine::deal::Deal;
use patience_engine::layout::{Face, Slot};
use patience_gui::{decide_click, decide_drop, plan_click, ClickPlan, Clock, Decision, Selection, Table, Tone, View};
use patience_runtime::{Game, LoadedPlugin, Move, RuleSet};
use std::sync::Arc;
use std::time::Duration;

/// Deals per game and moves per deal: enough positions to meet every kind
/// of move, few enough to stay quick.
const DEALS: u64 = 3;
const STEPS: usize = 60;

fn view_of(game: &mut Game) -> View {
    let (layout, hud) = (game.layout().unwrap(), game.hud().unwrap());
    View { layout, hud, moves: game.moves().unwrap(), status: game.status().unwrap() }
}

fn is_playable(view: &View, slot: u32) -> bool {
    view.layout.slots.iter().any(|s| s.id == slot && s.playable)
}

/// The slots of `candidate` a player clicks: its playable ones.
fn clicked_slots(view: &View, candidate: &Move) -> Vec<u32> {
    candidate.slots.iter().copied().filter(|&slot| is_playable(view, slot)).collect()
}

/// Calls `check` on positions of the first deals of every bundled game,
/// walking each deal by a spread of its legal moves.
fn each_position(mut check: impl FnMut(&Arc<LoadedPlugin>, &View)) {
    for plugin in patience_tests::catalog().plugins() {
        for seed in 1..=DEALS {
            let mut game = Game::start(plugin, &Deal::Seed(seed), &[]).expect("the game starts");
            for step in 0..STEPS {
                let view = view_of(&mut game);
                if view.moves.is_empty() {
                    break;
                }
                check(plugin, &view);
                let chosen = view.moves[(step * 7 + seed as usize) % view.moves.len()].id;
                game.apply(chosen).expect("a legal move applies");
            }
        }
    }
}

/// Clicks `order` one slot after the other, then the last one again while
/// the pick still waits (a pick that is a move inside a bigger one).
fn click_through(view: &View, order: &[u32]) -> Decision {
    let mut selection: Option<Selection> = None;
    let mut decision = Decision::Deselect;
    for &slot in order.iter().chain(order.last()) {
        decision = decide_click(view, selection.as_ref(), slot);
        match &decision {
            Decision::Pick(picked) => selection = Some(picked.clone()),
            _ => return decision,
        }
    }
    decision
}

#[test]
fn every_legal_move_is_played_by_clicking_its_cards_in_either_order() {
    each_position(|plugin, view| {
        let same_cards = |a: &Move, b: &Move| {
            let sorted = |m: &Move| {
                let mut slots = clicked_slots(view, m);
                slots.sort();
                slots
            };
            sorted(a) == sorted(b)
        };
        for candidate in &view.moves {
            let mut order = clicked_slots(view, candidate);
            if order.is_empty() {
                continue;
            }
            for _ in 0..2 {
                match click_through(view, &order) {
                    // Two moves on the same cards (a King to either of two
                    // piles) are told apart by dragging, not by clicks.
                    Decision::Apply(played) if same_cards(&played, candidate) => {}
                    other => panic!("{}: clicking {order:?} for `{}` gave {other:?}", plugin.info.id, candidate.notation),
                }
                order.reverse();
            }
        }
    });
}

#[test]
fn in_a_game_of_pairs_a_second_click_or_a_drop_plays_the_move_touching_both() {
    each_position(|plugin, view| {
        let needs_a_group = |m: &Move| clicked_slots(view, m).len() > 2;
        if view.moves.iter().any(needs_a_group) {
            return;
        }
        let touching = |a: u32, b: u32| view.moves.iter().find(|m| m.slots.contains(&a) && m.slots.contains(&b)).cloned();
        for slot in &view.layout.slots {
            let ClickPlan::Select(partners) = plan_click(view, slot.id) else { continue };
            let selection = Selection { slots: vec![slot.id], partners: partners.clone() };
            for partner in partners {
                let expected = Decision::Apply(touching(slot.id, partner).expect("a partner shares a move"));
                assert_eq!(decide_click(view, Some(&selection), partner), expected, "{}", plugin.info.id);
            }
        }
        let dragged = view.layout.slots.iter().filter(|s| s.playable && matches!(s.face, Face::Up(_) | Face::Joker));
        for from in dragged.map(|s| s.id) {
            for to in view.layout.slots.iter().map(|s| s.id).filter(|&to| to != from) {
                let expected = touching(from, to).map_or(Decision::ExplainPair(from, to), Decision::Apply);
                assert_eq!(decide_drop(view, None, from, to), expected, "{}: {from} dropped on {to}", plugin.info.id);
            }
        }
    });
}

/// The first move of a bundled game that takes three cards or more, in the
/// opening position of one of the first deals: the plugin, the deal and the
/// move.
fn first_group_move() -> Option<(Arc<LoadedPlugin>, Deal, Move)> {
    for plugin in patience_tests::catalog().plugins() {
        for seed in 1..=DEALS {
            let mut game = Game::start(plugin, &Deal::Seed(seed), &[]).expect("the game starts");
            let view = view_of(&mut game);
            if let Some(group) = view.moves.iter().find(|m| clicked_slots(&view, m).len() > 2) {
                return Some((plugin.clone(), Deal::Seed(seed), group.clone()));
            }
        }
    }
    None
}

#[test]
fn a_group_is_picked_card_by_card_keeps_its_pick_through_a_wrong_card_and_is_played() {
    let (plugin, deal, group) = first_group_move().expect("a bundled game with moves of three cards or more");
    let rule_set = RuleSet::defaults(&plugin.info.id);
    let mut table = Table::start(&plugin, rule_set, deal.clone(), Clock::Fixed(Duration::ZERO)).unwrap();
    let cards = clicked_slots(table.view(), &group);
    let (last, first) = cards.split_last().unwrap();
    for &slot in first {
        table.click(slot);
    }
    let picked = table.selection().cloned().expect("the first cards are picked");
    assert_eq!(picked.slots, first);
    assert!(picked.partners.contains(last), "{picked:?} offers {last}");
    assert_eq!(table.line().map(|line| line.tone), Some(Tone::Info));

    // A face-up card that no move shares with the pick is explained by the
    // plugin, and the pick stays.
    let view = table.view();
    let unrelated = |s: &&Slot| !picked.slots.contains(&s.id) && !picked.partners.contains(&s.id);
    let stranger = view.layout.slots.iter().filter(unrelated).find(|s| matches!(s.face, Face::Up(_)));
    if let Some(stranger) = stranger.map(|s| s.id) {
        let named: Vec<String> = picked.slots.iter().chain([&stranger]).map(|&slot| card_of(view, slot)).collect();
        let group_text = named.join("+");
        table.click(stranger);
        assert_eq!(table.selection(), Some(&picked), "the pick stays");
        let mut reference = Game::start(&plugin, &deal, &[]).unwrap();
        let line = table.line().cloned().expect("an explanation");
        assert_eq!((line.tone, line.text), (Tone::Explanation, reference.explain(&group_text).unwrap()));
    }

    table.click(*last);
    if table.selection().is_some() {
        // The cards are a move inside a bigger one: a second click plays it.
        table.click(*last);
    }
    assert_eq!(table.move_log(), vec![group.notation.clone()], "the group was played");
    assert!(table.selection().is_none());
}

fn card_of(view: &View, slot: u32) -> String {
    let found = view.layout.slots.iter().find(|s| s.id == slot).unwrap();
    found.card_id().expect("a card face up").to_string()
}
