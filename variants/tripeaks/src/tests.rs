//! The rules as issue 27 states them, what the player is shown, and the
//! solver's hooks held to a plain search.

use super::*;
use patience_engine::deal::{shuffled_deck, Deal};
use patience_engine::game::Game;
use patience_engine::search::Plain;
use patience_engine::solver::{solve, Verdict};
use std::collections::HashMap;

fn start(seed: u64, wrap: bool) -> TriPeaks {
    Game::<TriPeaks>::start(&Deal::Seed(seed), &[("wrap".into(), OptionValue::Flag(wrap))]).expect("the deal starts").state
}

fn card(text: &str) -> CardId {
    text.parse().unwrap()
}

/// A game dealt from `first` (the peaks from the tops, the waste card,
/// the stock from its top), the rest of the deck after it in a fixed order.
fn dealt(first: &str, wrap: bool) -> TriPeaks {
    let mut deck = patience_engine::card::parse_cards(first).unwrap();
    deck.extend(patience_engine::deal::fresh_deck().into_iter().filter(|c| !deck.contains(c)).collect::<Vec<_>>());
    Game::<TriPeaks>::start(&Deal::Cards(deck), &[("wrap".into(), OptionValue::Flag(wrap))]).unwrap().state
}

/// The bottom row (positions 18–27) is `bottom`, the waste card `waste`;
/// the peaks above hold ranks that none of the tests play.
fn with_bottom_row(bottom: &str, waste: &str, wrap: bool) -> TriPeaks {
    let peaks = "Qc Qd Qh Js Jc Jd Jh Ts Tc Td Th 9s 9c 9d 9h 8s 8c 8d";
    dealt(&format!("{peaks} {bottom} {waste}"), wrap)
}

fn notations(game: &TriPeaks) -> Vec<String> {
    game.actions().iter().map(|action| game.describe(action).notation).collect()
}

fn face(game: &TriPeaks, slot: u32) -> Face {
    game.layout().slots.iter().find(|s| s.id == slot).expect("the slot is there").face
}

fn play(game: &mut TriPeaks, notation: &str) {
    let action = game.actions().into_iter().find(|a| game.describe(a).notation == notation);
    game.perform(&action.unwrap_or_else(|| panic!("{notation} is legal in {:?}", notations(game))));
}

#[test]
fn three_peaks_of_four_rows_with_only_the_bottom_row_face_up() {
    let deck = shuffled_deck(4);
    let game = start(4, true);
    let layout = game.layout();
    assert_eq!(layout.slots.len(), 30);
    for position in 0..18 {
        assert_eq!(face(&game, position), Face::Down, "position {position} is covered");
    }
    for position in 18..28 {
        assert_eq!(face(&game, position), Face::Up(deck[position as usize]), "the bottom row, position {position}");
    }
    assert_eq!(face(&game, WASTE_SLOT), Face::Up(deck[28]), "the next card starts the waste");
    let stock = layout.slots.iter().find(|s| s.id == STOCK_SLOT).unwrap();
    assert_eq!((stock.face, stock.label.as_deref()), (Face::Down, Some("23")));
    let rows: Vec<f32> = (0..28).map(|p| PEAKS.position(p).y).collect();
    for (row, (from, to)) in [(0, 3), (3, 9), (9, 18), (18, 28)].into_iter().enumerate() {
        assert!(rows[from..to].iter().all(|&y| y == rows[from]), "row {row} is level");
    }
}

#[test]
fn a_free_card_one_rank_above_or_below_the_waste_card_goes_onto_it() {
    let mut game = with_bottom_row("2c 3c 4c 5c 6c 7c Ks Ac Ad Kc", "5d", true);
    assert_eq!(notations(&game), ["4c", "6c", "draw"], "whatever the suits");
    play(&mut game, "4c");
    assert_eq!(game.waste.top(), card("4c"));
    assert_eq!(notations(&game), ["3c", "5c", "draw"]);
    assert_eq!(game.describe(&Action::Play(19)).label, "3♣ onto 4♣");
}

#[test]
fn kings_and_aces_are_neighbours_unless_wrap_is_off() {
    let wrapping = with_bottom_row("2c 3c 4c 5c 6c 7c Ks Qs Ad Kc", "Ac", true);
    assert_eq!(notations(&wrapping), ["2c", "Ks", "Kc", "draw"]);
    let plain = with_bottom_row("2c 3c 4c 5c 6c 7c Ks Qs Ad Kc", "Ac", false);
    assert_eq!(notations(&plain), ["2c", "draw"]);
    assert!(plain.explain("Kc").contains("neighbours only with the option `wrap`"), "{}", plain.explain("Kc"));
    assert_eq!(TriPeaks::info().options[0].default, OptionValue::Flag(true), "on by default");
}

#[test]
fn a_card_turns_up_when_both_cards_on_it_are_gone() {
    let mut game = with_bottom_row("2c 3c 4c 5c 6c 7c Ks Qs Ad Kc", "5d", true);
    assert_eq!(face(&game, 10), Face::Down, "Th at position 10 lies under 3c and 4c");
    play(&mut game, "4c");
    assert_eq!(face(&game, 10), Face::Down, "3c still covers it");
    play(&mut game, "3c");
    assert_eq!(face(&game, 10), Face::Up(card("Th").card()), "both gone");
}

#[test]
fn the_stock_is_gone_through_once() {
    let deck = shuffled_deck(9);
    let mut game = start(9, true);
    game.perform(&Action::Draw);
    assert_eq!(game.waste.top(), CardId::from(deck[29]), "the stock is dealt from its top");
    for _ in 0..22 {
        game.perform(&Action::Draw);
    }
    assert!(!notations(&game).contains(&"draw".to_string()), "no second pass");
    assert_eq!(game.explain("draw"), "The stock is empty: there is nothing to draw");
}

#[test]
fn clearing_the_peaks_wins_and_no_move_left_loses() {
    let mut game = start(9, true);
    while game.waste.can_draw() {
        game.perform(&Action::Draw);
    }
    while let Some(action) = game.actions().first().copied() {
        game.perform(&action);
    }
    let status = patience_engine::game::status(&game);
    assert_eq!(status.outcome, Outcome::Lost, "{status:?}");
    assert!(status.message.starts_with("No moves left: "), "{status:?}");

    let (mut game, line) = (1..100)
        .map(|seed| start(seed, true))
        .find_map(|game| {
            let found = solve(&game, 1_000_000);
            (found.verdict == Verdict::Winnable).then_some((game, found.line))
        })
        .expect("a winnable deal among the first hundred");
    for action in &line {
        assert!(game.actions().contains(action), "{action:?} is legal");
        game.perform(action);
    }
    assert_eq!(game.status().outcome, Outcome::Won);
    assert!(game.actions().is_empty(), "no moves once won");
}

#[test]
fn explanations_name_only_what_the_player_sees() {
    let deck = shuffled_deck(11);
    let game = start(11, true);
    let (face_down, in_stock) = (CardId::from(deck[0]), CardId::from(deck[40]));
    let answer = |card: CardId| game.explain(&card.to_string()).replace(&card.to_string(), "X");
    assert_eq!(answer(face_down), answer(in_stock), "a face-down card and a stock card get one answer");
    assert!(answer(face_down).contains("not available"));
    assert!(game.explain(&deck[28].to_string()).contains("is on the waste already"));
    assert!(game.explain("hello").contains("is not a move"));
    let mut played = with_bottom_row("2c 3c 4c 5c 6c 7c Ks Qs Ad Kc", "5d", true);
    play(&mut played, "4c");
    assert_eq!(played.explain("5d"), "5d is on the waste already");
    assert_eq!(played.explain("7c"), "7c does not go onto 4c: it is not one rank above or below");
}

#[test]
fn labels_and_the_hud_give_counts_only() {
    let game = start(5, true);
    let hud: Vec<(String, String)> = game.hud().into_iter().map(|item| (item.key, item.value)).collect();
    assert_eq!(hud, [("stock".into(), "23".into()), ("waste".into(), "1".into()), ("peaks".into(), "28".into())]);
}

#[test]
fn snapshots_restore_the_same_game_and_damaged_ones_are_refused() {
    let mut game = Game::<TriPeaks>::start(&Deal::Seed(21), &[("wrap".into(), OptionValue::Flag(false))]).unwrap();
    game.apply(game.moves().len() as u32 - 1).unwrap(); // draw
    let restored = Game::<TriPeaks>::restore(&game.snapshot()).unwrap();
    assert_eq!(restored.state, game.state);
    assert!(!restored.state.wrap, "the option travels with the game");

    let game = start(2, true);
    assert_eq!(game.check(), Ok(()));
    let mut twice = game;
    twice.waste = Waste::deal(std::iter::repeat_n(game.waste.top(), 24));
    assert!(twice.check().unwrap_err().contains("twice"));
    let mut floating = game;
    let apex = floating.tableau.take(0); // gone while the cards on it are there
    floating.waste.play(apex);
    assert!(floating.check().unwrap_err().contains("position 0 is empty although a card still lies on it"));
    let mut lost = game; // a card gone from the peaks but not onto the waste
    let bottom = lost.tableau.take(27);
    assert!(lost.check().unwrap_err().contains(&format!("{bottom} was played from the table but is not on the waste")));
}

#[test]
fn resampling_keeps_what_was_seen_and_deals_the_rest_anew() {
    let mut game = start(8, true);
    game.perform(&Action::Draw);
    let sample = game.resample(&mut DealRng::new(99)).expect("tripeaks resamples");
    assert_eq!(sample.layout(), game.layout(), "the player sees no difference");
    assert_eq!(sample.check(), Ok(()), "still one whole deck");
    let moved = (0..18).filter(|&p| sample.tableau.card(p) != game.tableau.card(p)).count();
    assert!(moved > 5, "face-down cards were dealt anew ({moved} changed)");
    assert_ne!(sample.waste.stock(), game.waste.stock(), "and the stock");
    assert_eq!(sample.waste.waste(), game.waste.waste());
}

// ----- the solver's hooks -----

/// Positions of random play on `deals` deals under `wrap`, once at most
/// `cards` are left in the peaks, and positions on a winning line and one
/// move off it: small enough for a plain search to decide.
fn endgames(deals: u64, cards: u32, wrap: bool) -> Vec<TriPeaks> {
    let mut found = Vec::new();
    for deal in 1..=deals {
        let mut rng = DealRng::new(deal ^ 0x7e4);
        let mut game = start(deal, wrap);
        for _ in 0..60 {
            let actions = game.actions();
            if actions.is_empty() {
                break;
            }
            if game.tableau.left() <= cards && rng.below(3) == 0 {
                found.push(game);
            }
            // Mostly plays, so that play gets somewhere.
            let plays = actions.len() - usize::from(actions.last() == Some(&Action::Draw));
            let pick = if plays > 0 && rng.below(4) > 0 { rng.below(plays as u64) } else { rng.below(actions.len() as u64) };
            game.perform(&actions[pick as usize]);
        }
        let first = start(deal, wrap);
        let mut game = first;
        for action in solve(&first, 2_000_000).line {
            game.perform(&action);
            if game.tableau.left() <= cards && !game.actions().is_empty() && rng.below(4) == 0 {
                found.push(game);
                let actions = game.actions();
                let mut off = game;
                off.perform(&actions[rng.below(actions.len() as u64) as usize]);
                found.push(off);
            }
        }
    }
    found
}

fn plain(game: &TriPeaks) -> Verdict {
    solve(&Plain(*game), 5_000_000).verdict
}

/// Every hook against the plain search (every move, a hashed key, no
/// dominance, no dead positions): the same verdict on every endgame, and a
/// position called dead is lost.
fn agree_with_a_plain_search(wrap: bool) {
    let (mut won, mut lost, mut dead) = (0, 0, 0);
    for game in endgames(80, 12, wrap) {
        let expected = plain(&game);
        assert_ne!(expected, Verdict::Unknown, "the plain search decides endgames");
        assert_eq!(solve(&game, 5_000_000).verdict, expected, "wrap {wrap}: the pruned search disagrees on {game:?}");
        if game.is_dead() {
            dead += 1;
            assert_eq!(expected, Verdict::NotWinnable, "wrap {wrap}: a winnable position called dead: {game:?}");
        }
        if expected == Verdict::Winnable { won += 1 } else { lost += 1 }
    }
    eprintln!("wrap {wrap}: {won} won, {lost} lost, {dead} dead");
    assert!(won >= 50 && lost >= 50 && dead >= 20, "wrap {wrap}: too few endgames ({won} won, {lost} lost, {dead} dead)");
}

#[test]
fn the_search_agrees_with_a_plain_search_with_wrap() {
    agree_with_a_plain_search(true);
}

#[test]
fn the_search_agrees_with_a_plain_search_without_wrap() {
    agree_with_a_plain_search(false);
}

#[test]
fn the_search_tries_every_legal_move() {
    for game in endgames(20, 28, true) {
        let mut listed = Vec::new();
        game.search_actions(&mut listed);
        let mut legal = game.actions();
        assert_eq!(listed.len(), legal.len());
        legal.retain(|action| !listed.contains(action));
        assert!(legal.is_empty(), "{legal:?} left out of the search");
    }
}

/// Two positions of one deal share a key exactly when they have the same
/// cards left, the same number drawn, a waste top of the same rank, and a
/// top that came from the same place.
#[test]
fn keys_tell_positions_apart() {
    for deal in 1..=20 {
        let mut by_key: HashMap<u128, (Mask, usize, u8, bool)> = HashMap::new();
        let mut rng = DealRng::new(deal);
        for _ in 0..30 {
            let mut game = start(deal, true);
            while let Some(&action) = game.actions().get(rng.below(game.actions().len().max(1) as u64) as usize) {
                game.perform(&action);
                let what = (game.tableau.present(), game.waste.drawn(), game.waste.top().rank(), game.tableau.took(game.waste.top()));
                if let Some(other) = by_key.insert(game.state_key(), what) {
                    assert_eq!(other, what, "deal {deal}: two positions share key {:#x}", game.state_key());
                }
            }
        }
        let distinct: std::collections::HashSet<_> = by_key.values().collect();
        assert_eq!(distinct.len(), by_key.len(), "deal {deal}: one position under two keys");
    }
}

#[test]
fn wrap_only_ever_helps() {
    assert_eq!(TriPeaks::easier_steps().len(), 1);
    for game in endgames(40, 12, false) {
        if plain(&game) == Verdict::Winnable {
            assert_eq!(plain(&TriPeaks { wrap: true, ..game }), Verdict::Winnable, "{game:?}");
        }
    }
}
