//! Relaxed Pyramid: its info and defaults, and the worked example game of the rules' source document (seed 001)
//! replayed move by move.

use patience_engine::Variant;
use patience_engine::card::parse_cards;
use patience_engine::deal::Deal;
use patience_engine::game::Game;
use patience_engine::layout::Outcome;
use patience_engine::options::{OptionKind, OptionValue};
use patience_engine::solver::Verdict;
use patience_variant_relaxed::Relaxed;

const SEED_001_DECK: &str = "5s 9h Qd 2d Js 6h 8s 4d Ad Tc 3c 7s Kc Qh 5c As 4c 8h Jd 2s 5d 6c 7d Kh 9s 3h Td Qc \
                             Th 6s Ac 9c 7c Qs 3s 2h 4s Ah 8d 2c 8c Jc 3d 6d 9d Kd 4h 5h 7h Jh Ts Ks";
const SEED_001_MOVES: &str = "Kh, 6c+7d, 3h+Td, 4c+9s, As+Qc, Jd+2s, 8h+5d, Kc, draw, Th+3c, draw, 6s+7s, 8s+5c, \
                              draw, Ac+Qh, draw, 9c+4d, draw, draw, Qs+Ad, Js+2d, draw, 3s+Tc, 7c+6h, draw, draw, \
                              4s+9h, draw, Ah+Qd, draw, 8d+5s";

fn same_move(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let mut parts: Vec<String> = s.split('+').map(|p| p.trim().to_ascii_lowercase()).collect();
        parts.sort();
        parts
    };
    norm(a) == norm(b)
}

fn seed_001(options: &[(&str, &str)]) -> Game<Relaxed> {
    let given: Vec<(String, OptionValue)> =
        options.iter().map(|(n, v)| (n.to_string(), OptionValue::Choice(v.to_string()))).collect();
    Game::start(&Deal::Cards(parse_cards(SEED_001_DECK).unwrap()), &given).unwrap()
}

fn apply(game: &mut Game<Relaxed>, notation: &str) {
    let listed = game.moves();
    let found = listed.iter().find(|m| same_move(&m.info.notation, notation));
    let id = found.unwrap_or_else(|| panic!("`{notation}` is not legal: {}", game.explain(notation))).id;
    game.apply(id).unwrap();
}

fn moves() -> Vec<&'static str> {
    SEED_001_MOVES.split(',').map(str::trim).collect()
}

#[test]
fn the_seed_001_game_is_won_with_13_cards_left_in_the_stock() {
    let mut game = seed_001(&[("passes", "3")]);
    let moves = moves();
    assert_eq!(moves.len(), 31);
    assert_eq!(moves.iter().filter(|m| **m == "draw").count(), 11);
    for (number, notation) in moves.iter().enumerate() {
        assert_eq!(game.state.status().outcome, Outcome::Playing, "before move {}", number + 1);
        apply(&mut game, notation);
    }
    let status = game.state.status();
    assert_eq!(status.outcome, Outcome::Won);
    assert_eq!(status.message, "Pyramid cleared with 13 cards left in the stock");
    assert_eq!(game.state.stock_len(), 13);
}

#[test]
fn in_seed_001_the_queen_may_not_take_the_ace_it_covers() {
    let mut game = seed_001(&[("passes", "3")]);
    for notation in &moves()[..14] {
        apply(&mut game, notation);
    }
    // Kc is gone, so Ad (row 3) is covered only by Qh.
    let listed: Vec<String> = game.moves().into_iter().map(|m| m.info.notation).collect();
    assert!(!listed.iter().any(|m| same_move(m, "Qh+Ad")), "{listed:?}");
    let why = game.explain("Qh+Ad");
    assert!(why.contains("Qh covers Ad"), "{why}");
    assert_eq!(game.explain("Ad+Qh"), why.replace("`Qh+Ad`", "`Ad+Qh`"));
    // With overlap pairs that very pair is allowed.
    let given = vec![
        ("passes".to_string(), OptionValue::Choice("3".into())),
        ("overlap_pairs".to_string(), OptionValue::Flag(true)),
    ];
    let mut overlap =
        Game::<Relaxed>::start(&Deal::Cards(parse_cards(SEED_001_DECK).unwrap()), &given).unwrap();
    for notation in &moves()[..14] {
        apply(&mut overlap, notation);
    }
    assert!(overlap.moves().iter().any(|m| same_move(&m.info.notation, "Qh+Ad")));
}

#[test]
fn the_seed_001_line_does_not_win_all() {
    let mut game = seed_001(&[("passes", "3"), ("win", "all")]);
    for notation in moves() {
        apply(&mut game, notation);
    }
    assert_eq!(game.state.status().outcome, Outcome::Playing);
    assert_eq!(game.state.pyramid_cards_left(), 0);
}

#[test]
fn the_solver_wins_seed_001_with_three_passes() {
    let game = seed_001(&[("passes", "3")]);
    let solution = game.solve(5_000_000, false);
    assert_eq!(solution.verdict, Verdict::Winnable);
    let mut replay = seed_001(&[("passes", "3")]);
    for notation in &solution.line {
        apply(&mut replay, notation);
    }
    assert_eq!(replay.state.status().outcome, Outcome::Won);
    let shortest = game.solve(5_000_000, true);
    assert_eq!(shortest.verdict, Verdict::Winnable);
    assert!(shortest.line.len() <= 31, "the book's line has 31 moves; the shortest {}", shortest.line.len());
    assert!(shortest.line.len() <= solution.line.len());
}

#[test]
fn relaxed_info_and_defaults() {
    let info = Relaxed::info();
    assert_eq!(
        (info.id.as_str(), info.name.as_str(), info.version.as_str()),
        ("relaxed", "Pyramid (relaxed)", "1.1.0")
    );
    let options: Vec<(&str, &OptionValue)> =
        info.options.iter().map(|o| (o.name.as_str(), &o.default)).collect();
    assert_eq!(
        options,
        vec![
            ("passes", &OptionValue::Choice("1".into())),
            ("win", &OptionValue::Choice("pyramid".into())),
            ("face_down", &OptionValue::Flag(false)),
            ("overlap_pairs", &OptionValue::Choice("none".into())),
            ("stock_top_playable", &OptionValue::Flag(false)),
        ]
    );
    assert_eq!(
        info.options[0].kind,
        OptionKind::Choice(vec!["1".into(), "2".into(), "3".into(), "unlimited".into()])
    );
    assert!(info.rules.contains("passes = 2"), "relaxed names the easy setting");
    assert!(info.rules.contains("the same order"));
    let game = Game::<Relaxed>::start(&Deal::Seed(1), &[]).unwrap();
    assert_eq!(game.state.layout().slots.len(), 30, "one waste pile");
}
