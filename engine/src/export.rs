//! The contract glue: converts between the WIT types and the SDK types and
//! forwards every export to [`Game`]. Compiled only for `wasm32`; plugin
//! authors never see it (they write `export_variant!`).

use crate::card::{Card, Suit};
use crate::deal::Deal;
use crate::game::Game;
use crate::layout::{Face, HudItem, Layout, Look, Outcome, SlotKind, Status};
use crate::log::Level;
use crate::options::{OptionKind, OptionSpec, OptionValue};
use crate::solver::Verdict;
use crate::search::Search;
use core::cell::RefCell;
use core::marker::PhantomData;

pub mod bindings {
    wit_bindgen::generate!({
        path: "wit",
        world: "sdk-plugin",
        pub_export_macro: true,
        default_bindings_module: "patience_engine::export::bindings",
    });
}

use bindings::exports::patience::plugin::best_score as wit_best_score;
use bindings::exports::patience::plugin::line_check as wit_line_check;
use bindings::exports::patience::plugin::rule_order as wit_order;
use bindings::exports::patience::plugin::rules::{self as wit_rules, GuestGame};
use bindings::exports::patience::plugin::steps as wit_steps;
use bindings::patience::plugin::host;
use bindings::patience::plugin::types as wit;

pub(crate) fn log(level: Level, message: &str) {
    let level = match level {
        Level::Debug => host::LogLevel::Debug,
        Level::Info => host::LogLevel::Info,
        Level::Warn => host::LogLevel::Warn,
        Level::Error => host::LogLevel::Error,
    };
    host::log(level, message);
}

/// Sends a panic's message and location to the host before the trap, so the
/// player learns what went wrong instead of a bare `unreachable`.
fn install_panic_hook() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            log(Level::Error, &format!("panic: {info}"));
        }));
    });
}

/// The exported plugin for variant `V` (a `Plain` variant when it has no
/// search hooks of its own).
pub struct Plugin<V>(PhantomData<V>);

impl<V: Search> wit_rules::Guest for Plugin<V> {
    type Game = GameResource<V>;

    fn info() -> wit::VariantInfo {
        install_panic_hook();
        let info = V::info();
        wit::VariantInfo {
            id: info.id,
            name: info.name,
            version: info.version,
            summary: info.summary,
            rules: info.rules,
            options: info.options.into_iter().map(option_spec_to_wit).collect(),
        }
    }
}

impl<V: Search> wit_order::Guest for Plugin<V> {
    fn easier_steps() -> Vec<wit_order::EasierStep> {
        install_panic_hook();
        V::easier_steps()
            .into_iter()
            .map(|step| wit_order::EasierStep {
                name: step.option,
                harder: option_value_to_wit(step.harder),
                easier: option_value_to_wit(step.easier),
            })
            .collect()
    }
}

impl<V: Search> wit_line_check::Guest for Plugin<V> {
    fn play_line(snapshot: Vec<u8>, line: Vec<String>) -> Result<wit::Status, String> {
        install_panic_hook();
        Game::<V>::play_line(&snapshot, &line).map(status_to_wit)
    }
}

impl<V: Search> wit_steps::Guest for Plugin<V> {
    fn step() -> Option<String> {
        install_panic_hook();
        V::step().map(str::to_string)
    }

    fn solve_step(snapshot: Vec<u8>, budget: u64) -> Result<wit::Solution, String> {
        install_panic_hook();
        Game::<V>::restore(&snapshot).map(|game| solution_to_wit(game.solve_step(budget)))
    }
}

impl<V: Search> wit_best_score::Guest for Plugin<V> {
    fn solve_best_score(snapshot: Vec<u8>, budget: u64) -> Result<Option<wit_best_score::BestLine>, String> {
        install_panic_hook();
        let game = Game::<V>::restore(&snapshot)?;
        Ok(game.solve_best_score(budget).map(|best| wit_best_score::BestLine {
            score: best.score,
            line: best.line,
            bound: best.bound,
            nodes: best.nodes,
        }))
    }
}

pub struct GameResource<V: Search> {
    game: RefCell<Game<V>>,
}

impl<V: Search> GuestGame for GameResource<V> {
    fn start(deal: wit::Deal, settings: Vec<wit::Setting>) -> Result<wit_rules::Game, String> {
        install_panic_hook();
        let deal = match deal {
            wit::Deal::Seed(seed) => Deal::Seed(seed),
            wit::Deal::Cards(cards) => {
                Deal::Cards(cards.into_iter().map(card_from_wit).collect::<Result<_, _>>()?)
            }
        };
        let given: Vec<(String, OptionValue)> =
            settings.into_iter().map(|s| (s.name, option_value_from_wit(s.value))).collect();
        let game = Game::<V>::start(&deal, &given)?;
        Ok(wit_rules::Game::new(GameResource { game: RefCell::new(game) }))
    }

    fn restore(snapshot: Vec<u8>) -> Result<wit_rules::Game, String> {
        install_panic_hook();
        let game = Game::<V>::restore(&snapshot)?;
        Ok(wit_rules::Game::new(GameResource { game: RefCell::new(game) }))
    }

    fn layout(&self) -> wit::Layout {
        layout_to_wit(self.game.borrow().state.layout())
    }

    fn hud(&self) -> Vec<wit::HudItem> {
        self.game.borrow().state.hud().into_iter().map(hud_to_wit).collect()
    }

    fn moves(&self) -> Vec<wit::GameMove> {
        self.game
            .borrow()
            .moves()
            .into_iter()
            .map(|listed| wit::GameMove {
                id: listed.id,
                notation: listed.info.notation,
                label: listed.info.label,
                slots: listed.info.slots,
            })
            .collect()
    }

    fn apply(&self, id: u32) -> Result<wit::Status, String> {
        self.game.borrow_mut().apply(id).map(status_to_wit)
    }

    fn status(&self) -> wit::Status {
        status_to_wit(self.game.borrow().status())
    }

    fn explain(&self, notation: String) -> String {
        self.game.borrow().explain(&notation)
    }

    fn snapshot(&self) -> Vec<u8> {
        self.game.borrow().snapshot()
    }

    fn resample(&self, seed: u64) -> Option<wit_rules::Game> {
        let sample = self.game.borrow().resample(seed)?;
        Some(wit_rules::Game::new(GameResource { game: RefCell::new(sample) }))
    }

    fn solve(&self, budget: u64, optimal: bool) -> wit::Solution {
        solution_to_wit(self.game.borrow().solve(budget, optimal))
    }
}

fn solution_to_wit(found: crate::solver::Solution<String>) -> wit::Solution {
    wit::Solution {
        verdict: match found.verdict {
            Verdict::Winnable => wit::Verdict::Winnable,
            Verdict::NotWinnable => wit::Verdict::NotWinnable,
            Verdict::Unknown => wit::Verdict::Unknown,
        },
        line: found.line,
        nodes: found.nodes,
    }
}

/// A dealt card; its deck (the upper bits of `suit`, see the contract) is
/// left to [`Deal::cards`], which numbers copies in the order they come.
fn card_from_wit(card: wit::Card) -> Result<Card, String> {
    Suit::from_index(card.suit % 4)
        .and_then(|suit| Card::new(card.rank, suit))
        .ok_or_else(|| format!("rank {} suit {} is not a card", card.rank, card.suit))
}

/// A card with its deck in the upper bits of `suit` (contract 1.1).
fn card_to_wit(card: Card, copy: u8) -> wit::Card {
    wit::Card { rank: card.rank, suit: card.suit.index() + 4 * copy }
}

fn option_value_from_wit(value: wit::OptionValue) -> OptionValue {
    match value {
        wit::OptionValue::Flag(v) => OptionValue::Flag(v),
        wit::OptionValue::Int(v) => OptionValue::Int(v),
        wit::OptionValue::Choice(v) => OptionValue::Choice(v),
    }
}

fn option_value_to_wit(value: OptionValue) -> wit::OptionValue {
    match value {
        OptionValue::Flag(v) => wit::OptionValue::Flag(v),
        OptionValue::Int(v) => wit::OptionValue::Int(v),
        OptionValue::Choice(v) => wit::OptionValue::Choice(v),
    }
}

fn option_spec_to_wit(spec: OptionSpec) -> wit::OptionSpec {
    wit::OptionSpec {
        name: spec.name,
        help: spec.help,
        kind: match spec.kind {
            OptionKind::Flag => wit::OptionKind::Flag,
            OptionKind::Int { min, max } => wit::OptionKind::Int(wit::IntRange { min, max }),
            OptionKind::Choice(choices) => wit::OptionKind::Choice(choices),
        },
        default: option_value_to_wit(spec.default),
    }
}

fn layout_to_wit(layout: Layout) -> wit::Layout {
    wit::Layout {
        width: layout.width,
        height: layout.height,
        slots: layout
            .slots
            .into_iter()
            .map(|slot| wit::Slot {
                id: slot.id,
                kind: match slot.kind {
                    SlotKind::Pyramid => wit::SlotKind::Pyramid,
                    SlotKind::Stock => wit::SlotKind::Stock,
                    SlotKind::Waste => wit::SlotKind::Waste,
                    SlotKind::Foundation => wit::SlotKind::Foundation,
                    SlotKind::Field => wit::SlotKind::Field,
                    SlotKind::Discard => wit::SlotKind::Discard,
                    SlotKind::Reserve => wit::SlotKind::Reserve,
                    SlotKind::Jokers => wit::SlotKind::Jokers,
                    SlotKind::Bonus => wit::SlotKind::Bonus,
                    SlotKind::Other => wit::SlotKind::Other,
                },
                x: slot.x,
                y: slot.y,
                z: slot.z,
                face: match slot.face {
                    Face::Empty => wit::Face::Empty,
                    Face::Up(card) => wit::Face::Up(card_to_wit(card, slot.copy)),
                    Face::Down => wit::Face::Down,
                    Face::Joker => wit::Face::Joker,
                },
                look: match slot.look {
                    Look::Card => wit::Look::Card,
                    Look::Tablet => wit::Look::Tablet,
                },
                playable: slot.playable,
                label: slot.label,
            })
            .collect(),
    }
}

fn hud_to_wit(item: HudItem) -> wit::HudItem {
    wit::HudItem { key: item.key, label: item.label, value: item.value }
}

fn status_to_wit(status: Status) -> wit::Status {
    wit::Status {
        outcome: match status.outcome {
            Outcome::Playing => wit::Outcome::Playing,
            Outcome::Won => wit::Outcome::Won,
            Outcome::Lost => wit::Outcome::Lost,
        },
        message: status.message,
        score: status.score,
        level: status.level,
    }
}
