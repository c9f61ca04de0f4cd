//! What the host is shown of a cells game: the slots of the piles, the
//! reserve, the stock, the waste and the discards; the HUD; and each move's
//! notation, label and slots.
//!
//! Slot ids: card `d` of pile `i` is `16 i + d` (an empty pile shows one
//! empty place, `16 i`); the reserve's places are 300 onwards; the stock is
//! 400, the waste 401, the discards 402.

use crate::game::{Action, CellsGame, Place};
use crate::sets::{ReserveLook, SetRule};
use crate::table::{FAN, GAP, PILE_CAPACITY};
use crate::{Rules, Stock};
use patience_engine::card::CardId;
use patience_engine::layout::{Face, HudItem, Layout, MoveInfo, Slot, SlotKind, CARD_HEIGHT};

pub const RESERVE_SLOT: u32 = 300;
pub const STOCK_SLOT: u32 = 400;
pub const WASTE_SLOT: u32 = 401;
pub const DISCARD_SLOT: u32 = 402;

/// The slot of card `depth` of pile `pile`.
pub fn pile_slot(pile: usize, depth: usize) -> u32 {
    (pile * PILE_CAPACITY + depth) as u32
}

impl<R: Rules> CellsGame<R> {
    /// The slot of the card at `place`.
    pub fn slot_of(&self, place: Place) -> u32 {
        match place {
            Place::Pile(i) => pile_slot(i as usize, self.piles[i as usize].len().saturating_sub(1)),
            Place::Waste => WASTE_SLOT,
            Place::ReserveTop => RESERVE_SLOT + self.reserve.len().saturating_sub(1) as u32,
        }
    }

    /// The reserve place a card goes to: its next empty cell, or the top of
    /// a reserve pile.
    pub fn reserve_target(&self) -> u32 {
        match R::SET.map(|set| set.look()) {
            Some(ReserveLook::Pile) => RESERVE_SLOT + self.reserve.len().saturating_sub(1) as u32,
            _ => RESERVE_SLOT + self.reserve.len() as u32,
        }
    }

    /// Whether the game has a stock at all (more cards than the table is
    /// dealt).
    pub fn has_stock(&self) -> bool {
        self.table().dealt() < self.total() as usize
    }
}

fn up(card: CardId) -> Face {
    Face::Up(card.card())
}

/// The sum of the number cards in the reserve, for a set that counts.
fn reserve_sum(game: &[CardId], set: SetRule) -> Option<String> {
    let sum = |highest: u8| -> u32 { game.iter().filter(|c| c.rank() <= highest).map(|c| c.rank() as u32).sum() };
    match set {
        SetRule::Sum { total, highest, .. } => Some(format!("{} of {total}", sum(highest))),
        SetRule::FaceAndThree { total } => Some(format!("{} of {total}", sum(10))),
        _ => None,
    }
}

pub fn layout<R: Rules>(game: &CellsGame<R>) -> Layout {
    let mut moves = Vec::new();
    game.push_moves(true, &mut moves);
    let playable: Vec<u32> = moves.iter().flat_map(|action| describe(game, action).slots).collect();
    let is_playable = |id: u32| playable.contains(&id);
    let table = game.table();
    let mut slots = Vec::new();
    for (i, spec) in table.piles.iter().enumerate() {
        let pile = &game.piles[i];
        if pile.is_empty() {
            let id = pile_slot(i, 0);
            slots.push(Slot::new(id, SlotKind::Field, spec.x, spec.y, Face::Empty).playable(is_playable(id)));
        }
        for (depth, card) in pile.iter().enumerate() {
            let id = pile_slot(i, depth);
            let slot = Slot::new(id, SlotKind::Field, spec.x, spec.y + depth as f32 * FAN, up(card)).copy(card.copy()).z(depth as i32);
            slots.push(slot.playable(is_playable(id)));
        }
    }
    if let Some(set) = R::SET {
        let held = game.reserve();
        let (x, y) = table.reserve_at;
        match set.look() {
            ReserveLook::Cells(count) => {
                for k in 0..count as usize {
                    let id = RESERVE_SLOT + k as u32;
                    let face = held.get(k).map_or(Face::Empty, |&card| up(card));
                    let copy = held.get(k).map_or(0, |card| card.copy());
                    slots.push(Slot::new(id, SlotKind::Reserve, x + k as f32 * (1.0 + GAP), y, face).copy(copy).playable(is_playable(id)));
                }
            }
            ReserveLook::Pile => {
                let label = reserve_sum(&held, set);
                if held.is_empty() {
                    let slot = Slot::new(RESERVE_SLOT, SlotKind::Reserve, x, y, Face::Empty).playable(is_playable(RESERVE_SLOT));
                    slots.push(match &label {
                        Some(label) => slot.label(label.clone()),
                        None => slot,
                    });
                }
                for (k, &card) in held.iter().enumerate() {
                    let id = RESERVE_SLOT + k as u32;
                    let mut slot = Slot::new(id, SlotKind::Reserve, x, y + k as f32 * FAN, up(card)).copy(card.copy()).z(k as i32);
                    if k + 1 == held.len()
                        && let Some(label) = &label
                    {
                        slot = slot.label(label.clone());
                    }
                    slots.push(slot.playable(is_playable(id)));
                }
            }
        }
    }
    if game.has_stock() {
        let (x, y) = table.stock_at;
        let face = if game.stock_len() > 0 { Face::Down } else { Face::Empty };
        slots.push(Slot::new(STOCK_SLOT, SlotKind::Stock, x, y, face).label(game.stock_len().to_string()).playable(is_playable(STOCK_SLOT)));
    }
    if R::STOCK == Stock::Waste {
        let (x, y) = table.waste_at;
        let top = game.waste().last();
        let slot = Slot::new(WASTE_SLOT, SlotKind::Waste, x, y, top.map_or(Face::Empty, up)).copy(top.map_or(0, |c| c.copy()));
        slots.push(slot.label(game.waste().len().to_string()).playable(is_playable(WASTE_SLOT)));
    }
    let (x, y) = table.discard_at;
    let last = *game.last_removed;
    let discards = Slot::new(DISCARD_SLOT, SlotKind::Foundation, x, y, last.map_or(Face::Empty, up)).copy(last.map_or(0, |c| c.copy()));
    slots.push(discards.label(game.removed().to_string()));
    let width = slots.iter().map(|s| s.x + 1.0).fold(0.0, f32::max);
    let height = slots.iter().map(|s| s.y + CARD_HEIGHT).fold(0.0, f32::max);
    Layout { width, height, slots }
}

pub fn hud<R: Rules>(game: &CellsGame<R>) -> Vec<HudItem> {
    let mut items = Vec::new();
    if game.has_stock() {
        items.push(HudItem::new("stock", "Stock", game.stock_len()));
    }
    if let Stock::ToPile { draws, .. } = R::STOCK {
        items.push(HudItem::new("draws", "Draws left", draws.saturating_sub(game.draws())));
    }
    if let Some(set) = R::SET
        && let Some(sum) = reserve_sum(&game.reserve(), set)
    {
        items.push(HudItem::new("reserve", "Reserve", sum));
    }
    items.push(HudItem::new("removed", "Removed", game.removed()));
    items
}

pub fn describe<R: Rules>(game: &CellsGame<R>, action: &Action) -> MoveInfo {
    let card = |place: Place| game.card_at(place).expect("a move names places that hold a card");
    let notation = self::notation(game, action);
    match *action {
        Action::Remove(group) | Action::Set(group) => {
            let pretty = group.places().iter().map(|&p| card(p).pretty()).collect::<Vec<_>>().join(" + ");
            let label = if matches!(action, Action::Set(_)) { format!("{pretty}: a set") } else { pretty };
            MoveInfo { notation, label, slots: group.places().iter().map(|&p| game.slot_of(p)).collect() }
        }
        Action::ToReserve(place) => MoveInfo {
            notation,
            label: format!("{} to the reserve", card(place).pretty()),
            slots: vec![game.slot_of(place), game.reserve_target()],
        },
        Action::Draw => MoveInfo { notation, label: "Draw".into(), slots: vec![STOCK_SLOT] },
        Action::Shift { from, to } => MoveInfo {
            notation,
            label: format!("{} to the empty pile {}", card(Place::Pile(from)).pretty(), to + 1),
            slots: vec![game.slot_of(Place::Pile(from)), pile_slot(to as usize, 0)],
        },
    }
}

/// A move's notation alone (what `describe` gives it).
pub fn notation<R: Rules>(game: &CellsGame<R>, action: &Action) -> String {
    let card = |place: Place| game.card_at(place).expect("a move names places that hold a card");
    match *action {
        Action::Remove(group) | Action::Set(group) => {
            let mut notation = String::with_capacity(3 * group.places().len());
            for (index, &place) in group.places().iter().enumerate() {
                if index > 0 {
                    notation.push('+');
                }
                notation.push_str(&card(place).to_string());
            }
            notation
        }
        Action::ToReserve(place) => format!("{}>reserve", card(place)),
        Action::Draw => "draw".into(),
        Action::Shift { from, to } => format!("{}>{}", card(Place::Pile(from)), to + 1),
    }
}
