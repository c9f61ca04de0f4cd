//! The shared rules and the solver's hooks, held to a plain search.
//!
//! Each stock model gets a small game of its own here (the real games are
//! crates that depend on this one). Positions come from random play on
//! many deals, stopped when few cards are left, so a plain search (every
//! move, a hashed key, no pruning) decides them; the pruned search must
//! agree on every one, a position called dead must be lost, a card taken at
//! once must keep a win, and the key must tell positions apart exactly.

use crate::game::{Action, Place, RemovalGame};
use crate::{ranks, PairRule, Passes, Removal, Rules, Shape, Stock, Win};
use patience_engine::card::{ACE, KING};
use patience_engine::deal::{Deal, DealRng};
use patience_engine::options::{OptionValue, Settings};
use patience_engine::search::Plain;
use patience_engine::solver::{solve, Verdict};
use patience_engine::{Search, Variant};
use std::collections::HashMap;

macro_rules! test_rules {
    ($name:ident, $stock:expr, $passes:expr, $win:expr, $shape:expr, pair: $pair:expr, single: $single:expr) => {
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        struct $name;
        impl Rules for $name {
            const ID: &'static str = "test";
            const NAME: &'static str = stringify!($name);
            const SUMMARY: &'static str = "A test game.";
            const INTRO: &'static str = "A test game.";
            const STOCK: Stock = $stock;
            const PASSES: Passes = $passes;
            const WIN: Win = $win;
            const REMOVAL: Removal = Removal { pairs: $pair, singles: $single, pairs_text: "test pairs", singles_text: Some("a King") };
            fn shape(_: bool) -> &'static Shape {
                $crate::shape!($shape)
            }
        }
    };
}

const THIRTEEN: PairRule = PairRule::sum(13);
const KINGS: u16 = ranks(&[KING]);

test_rules!(OpenTop, Stock::OPEN_TOP, Passes::Limited(3), Win::All, Shape::pyramid(7), pair: THIRTEEN, single: KINGS);
test_rules!(OpenTopShape, Stock::OPEN_TOP, Passes::Limited(2), Win::Shape, Shape::inverted(7), pair: THIRTEEN, single: KINGS);
test_rules!(DrawThree, Stock::Waste { draw: 3, open_top: false, first_draw: true, under_top: false, bottom_slot: false },
    Passes::Unlimited, Win::Shape, Shape::pyramid(7), pair: THIRTEEN, single: KINGS);
test_rules!(ThreePiles, Stock::ThreeWastes, Passes::Limited(3), Win::All, Shape::pyramid(7), pair: THIRTEEN, single: KINGS);
test_rules!(UnderTop, Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: true, bottom_slot: true },
    Passes::Limited(1), Win::All, Shape::inverted(7), pair: THIRTEEN, single: KINGS);
test_rules!(UnderTopAlone, Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: true, bottom_slot: false },
    Passes::Limited(1), Win::All, Shape::pyramid(7).face_down_while_covered(), pair: THIRTEEN, single: KINGS);
test_rules!(AcesAlone, Stock::OPEN_TOP, Passes::Limited(2), Win::All, Shape::pyramid(7), pair: THIRTEEN, single: ranks(&[ACE, KING]));
test_rules!(Open, Stock::None, Passes::Limited(1), Win::All, Shape::piles(8, 3).with(Shape::pyramid(7), 1.0, 2.0), pair: THIRTEEN, single: KINGS);
test_rules!(OneCardShape, Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: false, bottom_slot: false },
    Passes::Limited(1), Win::Shape, Shape::piles(1, 1), pair: THIRTEEN, single: KINGS);
test_rules!(Neighbours, Stock::OPEN_TOP, Passes::Limited(1), Win::All, Shape::pyramid(7).face_down_while_covered(), pair: PairRule::within(1), single: 0);

/// Positions of game `R` from random play on `deals` deals (with each
/// passes value its option offers), once at most `cards` cards are left
/// to remove, and positions on and just off a winning line. (Set
/// `PATIENCE_REMOVAL_DEALS` for a longer run.)
fn endgames<R: Rules>(deals: u64, cards: u32) -> Vec<RemovalGame<R>> {
    endgames_preferring::<R>(deals, cards, |action| matches!(action, Action::Single(_) | Action::Pair(..)))
}

/// Endgames reached by random play that makes a move `preferred` three
/// times in four when it can, and along the solver's winning lines.
fn endgames_preferring<R: Rules>(deals: u64, cards: u32, preferred: fn(&Action) -> bool) -> Vec<RemovalGame<R>> {
    let passes = RemovalGame::<R>::info().options.iter().find(|o| o.name == "passes").map(|o| o.choices().iter().map(|c| c.to_string()).collect()).unwrap_or_else(|| vec!["1".to_string()]);
    let mut found = Vec::new();
    for deal in 0..deals {
        let choice = &passes[deal as usize % passes.len()];
        let given = if R::STOCK.has_stock() { vec![("passes".to_string(), OptionValue::Choice(choice.clone()))] } else { vec![] };
        let settings = Settings::resolve(&RemovalGame::<R>::info().options, &given).unwrap();
        let mut game = RemovalGame::<R>::start(&Deal::Seed(deal), &settings).unwrap();
        let mut rng = DealRng::new(deal ^ 0x5eed);
        for _ in 0..400 {
            let actions = game.actions();
            if actions.is_empty() {
                break;
            }
            if game.cards_to_go() <= cards {
                found.push(game);
                if rng.below(3) > 0 {
                    break;
                }
            }
            // Prefer removals, so play gets somewhere.
            let removals: Vec<&Action> = actions.iter().filter(|a| preferred(a)).collect();
            let action = if !removals.is_empty() && rng.below(4) > 0 {
                *removals[rng.below(removals.len() as u64) as usize]
            } else {
                actions[rng.below(actions.len() as u64) as usize]
            };
            game.perform(&action);
        }
        // Winning endgames: along a winning line, and one random move off it.
        let start = RemovalGame::<R>::start(&Deal::Seed(deal), &settings).unwrap();
        let line = solve(&start, 200_000);
        let mut game = start;
        let mut taken = 0;
        for action in line.line {
            if taken == 2 {
                break;
            }
            game.perform(&action);
            if game.cards_to_go() <= cards && !game.actions().is_empty() && rng.below(3) == 0 {
                taken += 1;
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

fn plain<R: Rules>(game: &RemovalGame<R>) -> Verdict {
    solve(&Plain(*game), 3_000_000).verdict
}

/// Every shortcut of the search against the plain search, on `R`'s endgames.
fn agree_with_a_plain_search<R: Rules>(deals: u64, cards: u32) {
    let deals = std::env::var("PATIENCE_REMOVAL_DEALS").ok().and_then(|n| n.parse().ok()).unwrap_or(deals);
    let (mut won, mut lost, mut dead, mut at_once) = (0, 0, 0, 0);
    for game in endgames::<R>(deals, cards) {
        let expected = plain(&game);
        assert_ne!(expected, Verdict::Unknown, "the plain search decides small endgames");
        let found = solve(&game, 3_000_000).verdict;
        assert_eq!(found, expected, "{}: the pruned search disagrees on {game:?}", R::NAME);
        if crate::search::stranded(&game) {
            dead += 1;
            assert_eq!(expected, Verdict::NotWinnable, "{}: a winnable position called dead: {game:?}", R::NAME);
        }
        if expected == Verdict::Winnable
            && let Some(action) = crate::search::goes_at_once(&game)
        {
            at_once += 1;
            let mut after = game;
            after.perform(&action);
            assert_eq!(plain(&after), Verdict::Winnable, "{}: taking {action:?} at once lost the win in {game:?}", R::NAME);
        }
        if expected == Verdict::Winnable { won += 1 } else { lost += 1 }
    }
    assert!(won >= 10 && lost >= 10, "{}: too few endgames of each kind ({won} won, {lost} lost)", R::NAME);
    assert!(dead >= 5, "{}: the dead rule is tried on only {dead} positions", R::NAME);
    eprintln!("{}: {won} won, {lost} lost, {dead} dead, {at_once} taken at once", R::NAME);
}

#[test]
fn one_waste_with_an_open_top_agrees_with_a_plain_search() {
    agree_with_a_plain_search::<OpenTop>(40, 14);
}

#[test]
fn clearing_the_shape_only_agrees_with_a_plain_search() {
    agree_with_a_plain_search::<OpenTopShape>(100, 12);
}

#[test]
fn three_cards_a_draw_agrees_with_a_plain_search() {
    agree_with_a_plain_search::<DrawThree>(60, 12);
}

#[test]
fn three_waste_piles_agree_with_a_plain_search() {
    agree_with_a_plain_search::<ThreePiles>(40, 14);
}

#[test]
fn the_card_under_the_top_and_a_bottom_slot_agree_with_a_plain_search() {
    agree_with_a_plain_search::<UnderTop>(90, 14);
}

#[test]
fn the_card_under_the_top_without_a_bottom_slot_agrees_with_a_plain_search() {
    agree_with_a_plain_search::<UnderTopAlone>(90, 14);
}

/// The last pass of a waste whose top pairs with the card under it goes
/// from the top down: positions dead only by that order (a card whose
/// partners lie in the waste, none next to it) are lost, and there are
/// enough of them to put each part of the rule to the test.
#[test]
fn positions_dead_by_the_waste_order_are_lost() {
    positions_dead_by_are_lost::<UnderTopAlone>(200, 14, crate::search::dead_by_the_waste_order, "the waste's order");
}

/// Every endgame of `R` (`deals`, `cards` as [`endgames`]) that `dead_by`
/// calls dead is lost by the plain search, and at least ten are.
fn positions_dead_by_are_lost<R: Rules>(deals: u64, cards: u32, dead_by: fn(&RemovalGame<R>) -> bool, rule: &str) {
    let mut dead = 0;
    for game in endgames::<R>(deals, cards) {
        if dead_by(&game) {
            dead += 1;
            assert_eq!(plain(&game), Verdict::NotWinnable, "dead by {rule}, but won: {game:?}");
        }
    }
    assert!(dead >= 10, "{rule} decides only {dead} positions");
}

/// With one open waste pile and every card to go, the relaxed game keeps
/// the talon's order (talon cards pair only as neighbours): positions it
/// finds lost where counting ranks would not are lost, and there are
/// enough of them to put it to the test. Endgames with the shape nearly
/// cleared, where what is left is mostly the talon.
#[test]
fn positions_dead_by_the_talon_order_are_lost() {
    positions_dead_by_are_lost::<OpenTop>(150, 16, crate::relaxed::dead_by_the_talon_order, "the talon's order");
}

#[test]
fn cards_that_pair_and_leave_alone_agree_with_a_plain_search() {
    agree_with_a_plain_search::<AcesAlone>(40, 14);
}

#[test]
fn a_game_without_a_stock_agrees_with_a_plain_search() {
    agree_with_a_plain_search::<Open>(40, 16);
}

#[test]
fn pairs_of_neighbours_without_singles_agree_with_a_plain_search() {
    agree_with_a_plain_search::<Neighbours>(40, 12);
}

/// Two positions of one deal have the same key exactly when they are the
/// same position; and two whose keys differ only in what is spent (the
/// pass) differ only there. Positions from random games, and from many games
/// that only draw, turn over and take Kings now or later (so the same cards
/// are gone at different passes).
fn keys_are_exact<R: Rules>(deals: u64) {
    for deal in 0..deals {
        let mut by_key: HashMap<u128, RemovalGame<R>> = HashMap::new();
        let mut by_unspent: HashMap<u128, RemovalGame<R>> = HashMap::new();
        let walks = (0..30).flat_map(|walk_number| talon_walk::<R>(deal, walk_number));
        for game in walk::<R>(deal).into_iter().chain(walks) {
            assert!(game.key_is_exact());
            let key = game.state_key();
            // With unlimited passes the pass under way does not matter.
            let position = if game.passes == Passes::Unlimited { RemovalGame { talon: game.talon.in_any_pass(), ..game } } else { game };
            if let Some(other) = by_key.insert(key, position) {
                assert_eq!(other, position, "{}: two positions share key {key:#x}", R::NAME);
            }
            let in_any_pass = RemovalGame { talon: game.talon.in_any_pass(), ..game };
            if let Some(other) = by_unspent.insert(key & !game.spent_bits(), in_any_pass) {
                assert_eq!(other, in_any_pass, "{}: positions whose keys differ only in what is spent differ elsewhere", R::NAME);
            }
        }
    }
}

/// Every position of one random game of deal `deal`.
fn walk<R: Rules>(deal: u64) -> Vec<RemovalGame<R>> {
    let settings = Settings::resolve(&RemovalGame::<R>::info().options, &[]).unwrap();
    let mut game = RemovalGame::<R>::start(&Deal::Seed(deal), &settings).unwrap();
    let mut rng = DealRng::new(deal);
    let mut all = vec![game];
    while all.len() < 300 {
        let actions = game.actions();
        if actions.is_empty() {
            break;
        }
        game.perform(&actions[rng.below(actions.len() as u64) as usize]);
        all.push(game);
    }
    all
}

/// The positions of one game of deal `deal` that only draws and turns
/// the waste over, and takes a King off the talon or leaves it, at random.
fn talon_walk<R: Rules>(deal: u64, walk_number: u64) -> Vec<RemovalGame<R>> {
    let settings = Settings::resolve(&RemovalGame::<R>::info().options, &[]).unwrap();
    let mut game = RemovalGame::<R>::start(&Deal::Seed(deal), &settings).unwrap();
    let mut rng = DealRng::new(deal * 1000 + walk_number);
    let mut all = vec![game];
    while all.len() < 200 {
        let actions: Vec<Action> = game
            .actions()
            .into_iter()
            .filter(|action| matches!(action, Action::Draw | Action::Recycle | Action::Single(Place::WasteTop(_) | Place::StockTop)))
            .collect();
        if actions.is_empty() {
            break;
        }
        game.perform(&actions[rng.below(actions.len() as u64) as usize]);
        all.push(game);
    }
    all
}

/// The shortest-line search keeps a shortest line: the same length as a
/// plain search's, on endgames of every stock model with a talon to leave.
fn shortest_lines_agree<R: Rules>(deals: u64, cards: u32) {
    // Pairs preferred over lone cards, so that some of the lone cards are
    // still in the talon when the shape is nearly cleared.
    let mut compared = 0;
    for game in endgames_preferring::<R>(deals, cards, |action| matches!(action, Action::Pair(..))) {
        let plain = patience_engine::solver::solve_optimal(&Plain(game), 2_000_000);
        if plain.verdict != Verdict::Winnable {
            continue;
        }
        let found = patience_engine::solver::solve_optimal(&game, 2_000_000);
        assert_eq!(found.line.len(), plain.line.len(), "{}: a shortest line is longer with the shortcuts: {game:?}", R::NAME);
        compared += 1;
    }
    assert!(compared >= 10, "{}: only {compared} shortest lines compared", R::NAME);
}

#[test]
fn shortest_lines_are_as_short_as_a_plain_search_finds() {
    shortest_lines_agree::<OpenTopShape>(30, 8);
    shortest_lines_agree::<UnderTop>(30, 8);
    shortest_lines_agree::<AcesAlone>(30, 8);
}

/// A King on the waste need not go when the shape is the goal: drawing
/// over it to the 8 that pairs with the shape's one card is a move shorter
/// than removing it on the way.
#[test]
fn a_talon_king_is_left_alone_by_the_shortest_search_when_the_shape_is_the_goal() {
    use crate::testing::{card, start_with};
    let first = ["5h", "Kc", "3s", "8d"].map(card);
    let deck: Vec<_> = first.into_iter().chain(patience_engine::deal::shuffled_deck(1).into_iter().filter(|c| !first.contains(c))).collect();
    let game = start_with::<OneCardShape>(deck, &[]);
    let plain = patience_engine::solver::solve_optimal(&Plain(game), 100_000);
    let found = patience_engine::solver::solve_optimal(&game, 100_000);
    assert_eq!(plain.line.len(), 4, "draw, draw, draw, 8d+5h: {:?}", plain.line);
    assert_eq!(found.line.len(), plain.line.len(), "{:?}", found.line);
}

#[test]
fn keys_tell_positions_apart() {
    keys_are_exact::<OpenTop>(20);
    keys_are_exact::<DrawThree>(20);
    keys_are_exact::<ThreePiles>(20);
    keys_are_exact::<UnderTop>(20);
    keys_are_exact::<Open>(20);
}

/// More passes only ever help: the easier steps the games declare.
#[test]
fn more_passes_never_lose_a_deal() {
    for game in endgames::<OpenTop>(20, 14) {
        if plain(&game) != Verdict::Winnable {
            continue;
        }
        for passes in [Passes::Limited(2), Passes::Limited(3), Passes::Unlimited] {
            if passes_at_least(passes, game.passes) {
                let easier = RemovalGame { passes, ..game };
                assert_eq!(plain(&easier), Verdict::Winnable, "{game:?} with {passes:?}");
            }
        }
    }
}

fn passes_at_least(passes: Passes, than: Passes) -> bool {
    match (passes, than) {
        (Passes::Unlimited, _) => true,
        (Passes::Limited(a), Passes::Limited(b)) => a >= b,
        (Passes::Limited(_), Passes::Unlimited) => false,
    }
}

#[test]
fn the_short_notation_of_every_move_is_the_one_its_description_gives() {
    fn agree<R: Rules>() {
        let settings = Settings::resolve(&RemovalGame::<R>::info().options, &[]).unwrap();
        for deal in 0..10 {
            let game = RemovalGame::<R>::start(&Deal::Seed(deal), &settings).unwrap();
            let found = patience_engine::game::notations_agree(&game, deal, 400);
            found.unwrap_or_else(|differ| panic!("{}, deal {deal}: {differ}", R::NAME));
        }
    }
    agree::<OpenTop>();
    agree::<DrawThree>();
    agree::<ThreePiles>();
    agree::<UnderTop>();
    agree::<AcesAlone>();
    agree::<Open>();
}
