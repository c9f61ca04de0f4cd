//! The numbers behind the level design: a native greedy player that sees
//! only readable tablets, and positions at any level. Used by the tests that
//! pin the difficulty and by `examples/difficulty.rs`, which prints the
//! clear rates per level and joker count:
//! `cargo run --release -p patience-variant-speedpyramid --example difficulty`.

use crate::levels::spots;
use crate::state::{Action, Config, SpeedPyramid};
use patience_engine::card::Card;
use patience_engine::deal::{Deal, DealRng};
use patience_engine::game::Game;
use patience_engine::options::OptionValue;

/// A game at `level` of `levels` with `jokers` jokers, dealt from `deck`;
/// later levels get decks of deal number 1000 + level.
pub fn game_at(level: u8, levels: u8, jokers: u32, deck: Vec<Card>) -> SpeedPyramid {
    let mut game = SpeedPyramid {
        config: Config { start_jokers: jokers.clamp(3, 9) as u8, levels },
        level,
        upcoming: std::rc::Rc::new((level + 1..=levels).map(|later| DealRng::new(1000 + later as u64).deck()).collect()),
        field: Vec::new(),
        stock: Vec::new(),
        discard: Vec::new(),
        set_aside: Default::default(),
        jokers,
        score: 0,
        series: 0,
        bonus_levels: 0,
        won: false,
    };
    game.deal_level(deck);
    game.check().expect("the test built a valid game");
    game
}

/// The longest chain of currently readable tablets starting with `first`
/// (a person can see this much ahead), depth-limited.
pub fn visible_chain(first: (usize, u8), readable: &[(usize, u8)], depth: u32) -> u32 {
    if depth >= 6 {
        return 1;
    }
    let rest: Vec<(usize, u8)> = readable.iter().copied().filter(|&(t, _)| t != first.0).collect();
    let longest = rest
        .iter()
        .filter(|&&(_, rank)| crate::state::ranks_adjacent(first.1, rank))
        .map(|&next| visible_chain(next, &rest, depth + 1))
        .max()
        .unwrap_or(0);
    1 + longest
}

/// How many tablets `tablet` lies on.
pub fn lies_on(level: u8, tablet: usize) -> usize {
    spots(level).iter().filter(|spot| spot.covered_by.contains(&tablet)).count()
}

/// A player who sees only what a person sees: plays the fitting tablet with
/// the longest visible chain (then the one uncovering most), draws when
/// stuck, and plays jokers only once the stock is empty.
pub fn greedy_move(game: &SpeedPyramid) -> Option<Action> {
    let actions = game.actions();
    let readable: Vec<(usize, u8)> =
        (0..game.field.len()).filter_map(|t| game.readable_card(t).map(|c| (t, c.rank))).collect();
    let best_play = readable
        .iter()
        .filter(|&&(t, _)| actions.contains(&Action::Play(t)))
        .max_by_key(|&&(t, rank)| (visible_chain((t, rank), &readable, 0), lies_on(game.level, t), std::cmp::Reverse(t)));
    if let Some(&(tablet, _)) = best_play {
        return Some(Action::Play(tablet));
    }
    [Action::Draw, Action::Joker].into_iter().find(|action| actions.contains(action))
}

pub fn greedy_clears_level(mut game: SpeedPyramid) -> bool {
    let level = game.level;
    while let Some(action) = greedy_move(&game) {
        game.perform(action);
        if game.won || game.level != level {
            return true;
        }
    }
    false
}

/// The share of deals 0..`deals` whose `level`, started with `jokers`
/// jokers, the greedy player clears.
pub fn clear_rate(level: u8, jokers: u32, deals: u64) -> f64 {
    let cleared = (0..deals)
        .filter(|&seed| greedy_clears_level(game_at(level, level, jokers, DealRng::new(seed).deck())))
        .count();
    cleared as f64 / deals as f64
}

/// Plays a whole game greedily: (levels cleared, score).
pub fn greedy_game(seed: u64, start_jokers: i64) -> (u8, i64) {
    let mut game = Game::<SpeedPyramid>::start(&Deal::Seed(seed), &[("start_jokers".into(), OptionValue::Int(start_jokers))]).unwrap().state;
    while let Some(action) = greedy_move(&game) {
        game.perform(action);
    }
    let cleared = if game.won { game.level } else { game.level - 1 };
    (cleared, game.score)
}
