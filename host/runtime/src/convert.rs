//! Conversions from the contract's generated types to the engine's types.
//! Anything that cannot be a valid engine value (a rank of 14, a suit of 9)
//! is refused here, before validation proper.

use crate::bindings::patience::plugin::types as wit;
use anyhow::{anyhow, Result};
use patience_engine::card::{Card, CardId, Suit, MAX_DECKS};
use patience_engine::deal::Deal;
use patience_engine::layout::{Face, HudItem, Layout, Look, Outcome, Slot, SlotKind, Status};
use patience_engine::options::{OptionKind, OptionSpec, OptionValue};
use patience_engine::solver::Verdict;
use patience_engine::Info;

/// A card and the deck it comes from (the upper bits of its suit, contract
/// 1.1; a game of one deck sends only 0–3).
pub fn card(card: wit::Card) -> Result<CardId> {
    let copy = card.suit / 4;
    Suit::from_index(card.suit % 4)
        .and_then(|suit| Card::new(card.rank, suit))
        .filter(|_| copy < MAX_DECKS)
        .map(|face| CardId::new(face, copy))
        .ok_or_else(|| anyhow!("rank {} of suit {} is not a card", card.rank, card.suit))
}

pub fn card_to_wit(card: Card) -> wit::Card {
    wit::Card { rank: card.rank, suit: card.suit.index() }
}

pub fn deal_to_wit(deal: &Deal) -> wit::Deal {
    match deal {
        Deal::Seed(seed) => wit::Deal::Seed(*seed),
        Deal::Cards(cards) => wit::Deal::Cards(cards.iter().copied().map(card_to_wit).collect()),
    }
}

pub fn option_value(value: wit::OptionValue) -> OptionValue {
    match value {
        wit::OptionValue::Flag(v) => OptionValue::Flag(v),
        wit::OptionValue::Int(v) => OptionValue::Int(v),
        wit::OptionValue::Choice(v) => OptionValue::Choice(v),
    }
}

pub fn option_value_to_wit(value: &OptionValue) -> wit::OptionValue {
    match value {
        OptionValue::Flag(v) => wit::OptionValue::Flag(*v),
        OptionValue::Int(v) => wit::OptionValue::Int(*v),
        OptionValue::Choice(v) => wit::OptionValue::Choice(v.clone()),
    }
}

pub fn settings_to_wit(settings: &[(String, OptionValue)]) -> Vec<wit::Setting> {
    settings
        .iter()
        .map(|(name, value)| wit::Setting { name: name.clone(), value: option_value_to_wit(value) })
        .collect()
}

pub fn info(info: wit::VariantInfo) -> Result<Info> {
    Ok(Info {
        id: info.id,
        name: info.name,
        version: info.version,
        summary: info.summary,
        rules: info.rules,
        options: info
            .options
            .into_iter()
            .map(|spec| OptionSpec {
                name: spec.name,
                help: spec.help,
                kind: match spec.kind {
                    wit::OptionKind::Flag => OptionKind::Flag,
                    wit::OptionKind::Int(range) => OptionKind::Int { min: range.min, max: range.max },
                    wit::OptionKind::Choice(choices) => OptionKind::Choice(choices),
                },
                default: option_value(spec.default),
            })
            .collect(),
    })
}

pub fn layout(layout: wit::Layout) -> Result<Layout> {
    let slots = layout
        .slots
        .into_iter()
        .map(|slot| {
            let (face, copy) = match slot.face {
                wit::Face::Empty => (Face::Empty, 0),
                wit::Face::Up(c) => {
                    let id = card(c).map_err(|e| anyhow!("slot {}: {e}", slot.id))?;
                    (Face::Up(id.card()), id.copy())
                }
                wit::Face::Down => (Face::Down, 0),
                wit::Face::Joker => (Face::Joker, 0),
            };
            Ok(Slot {
                id: slot.id,
                kind: slot_kind(slot.kind),
                x: slot.x,
                y: slot.y,
                z: slot.z,
                face,
                look: match slot.look {
                    wit::Look::Card => Look::Card,
                    wit::Look::Tablet => Look::Tablet,
                },
                playable: slot.playable,
                label: slot.label,
                copy,
            })
        })
        .collect::<Result<_>>()?;
    Ok(Layout { width: layout.width, height: layout.height, slots })
}

fn slot_kind(kind: wit::SlotKind) -> SlotKind {
    match kind {
        wit::SlotKind::Pyramid => SlotKind::Pyramid,
        wit::SlotKind::Stock => SlotKind::Stock,
        wit::SlotKind::Waste => SlotKind::Waste,
        wit::SlotKind::Foundation => SlotKind::Foundation,
        wit::SlotKind::Field => SlotKind::Field,
        wit::SlotKind::Discard => SlotKind::Discard,
        wit::SlotKind::Reserve => SlotKind::Reserve,
        wit::SlotKind::Jokers => SlotKind::Jokers,
        wit::SlotKind::Bonus => SlotKind::Bonus,
        wit::SlotKind::Other => SlotKind::Other,
    }
}

pub fn hud(items: Vec<wit::HudItem>) -> Vec<HudItem> {
    items.into_iter().map(|i| HudItem { key: i.key, label: i.label, value: i.value }).collect()
}

pub fn status(status: wit::Status) -> Status {
    Status {
        outcome: match status.outcome {
            wit::Outcome::Playing => Outcome::Playing,
            wit::Outcome::Won => Outcome::Won,
            wit::Outcome::Lost => Outcome::Lost,
        },
        message: status.message,
        score: status.score,
        level: status.level,
    }
}

pub fn solution(solution: wit::Solution) -> patience_engine::solver::Solution<String> {
    patience_engine::solver::Solution { verdict: verdict(solution.verdict), line: solution.line, nodes: solution.nodes }
}

pub fn verdict(verdict: wit::Verdict) -> Verdict {
    match verdict {
        wit::Verdict::Winnable => Verdict::Winnable,
        wit::Verdict::NotWinnable => Verdict::NotWinnable,
        wit::Verdict::Unknown => Verdict::Unknown,
    }
}
