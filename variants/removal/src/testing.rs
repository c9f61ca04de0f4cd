//! Helpers for the games' own unit tests: start a game by deal number or
//! explicit deck, with options written as text, and look at it.

pub use crate::game::{Action, Place, RemovalGame};
pub use crate::Passes;
pub use patience_engine::card::Card;
pub use patience_engine::deal::shuffled_deck;
pub use patience_engine::search::Plain;
pub use patience_engine::solver::{solve, Verdict};
pub use patience_engine::{Search, Variant};

use crate::Rules;
use patience_engine::deal::Deal;
use patience_engine::options::Settings;

/// A card from its notation.
pub fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn settings<R: Rules>(options: &[(&str, &str)]) -> Settings {
    let specs = RemovalGame::<R>::info().options;
    let given: Vec<_> = options
        .iter()
        .map(|(name, value)| {
            let spec = specs.iter().find(|spec| spec.name == *name).expect("the game has the option");
            (name.to_string(), spec.parse(value).expect("a value the option takes"))
        })
        .collect();
    Settings::resolve(&specs, &given).expect("valid settings")
}

/// Deal number `seed` of game `R`, with `options` (`("passes", "3")`).
pub fn start<R: Rules>(seed: u64, options: &[(&str, &str)]) -> RemovalGame<R> {
    RemovalGame::<R>::start(&Deal::Seed(seed), &settings::<R>(options)).expect("the game starts")
}

/// Game `R` dealt from `deck` in dealing order (the shape's positions in
/// order, then the stock from its top).
pub fn start_with<R: Rules>(deck: Vec<Card>, options: &[(&str, &str)]) -> RemovalGame<R> {
    RemovalGame::<R>::start(&Deal::Cards(deck), &settings::<R>(options)).expect("the game starts")
}

/// `game` after `moves`, written as the game writes them (`Ad+Qs, draw`).
pub fn play<R: Rules>(mut game: RemovalGame<R>, moves: &str) -> RemovalGame<R> {
    for notation in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        let action = game
            .actions()
            .into_iter()
            .find(|action| game.describe(action).notation == notation)
            .unwrap_or_else(|| panic!("`{notation}` is not a legal move: {}", game.explain(notation)));
        game.perform(&action);
    }
    game
}

/// How many cards of the shape are free.
pub fn free_cards<R: Rules>(game: &RemovalGame<R>) -> u32 {
    game.tableau().free(game.shape()).count_ones()
}

/// The same game with every card taken off the shape (whatever the rules
/// say), to look at how it ends.
pub fn with_the_shape_cleared<R: Rules>(game: &RemovalGame<R>) -> RemovalGame<R> {
    let mut cleared = *game;
    for position in 0..game.shape().len() {
        if cleared.tableau.is_present(position) {
            cleared.take_from_shape(position);
        }
    }
    cleared
}
