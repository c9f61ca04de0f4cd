//! What a game shows: slots on a board, HUD values, moves and status.
//! These mirror the records of the WIT contract one to one.

use crate::card::{Card, CardId};

/// The size of a card in board units: every position is in these units.
pub const CARD_WIDTH: f32 = 1.0;
pub const CARD_HEIGHT: f32 = 1.4;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SlotKind {
    Pyramid,
    Stock,
    Waste,
    Foundation,
    Field,
    Discard,
    Reserve,
    Jokers,
    Bonus,
    Other,
}

/// How the host draws a slot's content: as a playing card or a stone tablet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Card,
    Tablet,
}

/// What a slot shows. `Down` deliberately has no card: a face-down card's
/// identity never leaves the plugin.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Empty,
    Up(Card),
    Down,
    Joker,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    pub id: u32,
    pub kind: SlotKind,
    pub x: f32,
    pub y: f32,
    pub z: i32,
    pub face: Face,
    pub look: Look,
    pub playable: bool,
    pub label: Option<String>,
    /// Which deck the face-up card comes from, in a game of several decks
    /// (0, the first, otherwise). Two slots may show the same card only
    /// from different decks.
    pub copy: u8,
}

impl Slot {
    /// A card slot at (x, y), not playable, no label.
    pub fn new(id: u32, kind: SlotKind, x: f32, y: f32, face: Face) -> Slot {
        Slot { id, kind, x, y, z: 0, face, look: Look::Card, playable: false, label: None, copy: 0 }
    }

    pub fn z(mut self, z: i32) -> Slot {
        self.z = z;
        self
    }

    pub fn playable(mut self, playable: bool) -> Slot {
        self.playable = playable;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Slot {
        self.label = Some(label.into());
        self
    }

    /// A slot showing `card` face up, with its deck.
    pub fn card(id: u32, kind: SlotKind, x: f32, y: f32, card: CardId) -> Slot {
        Slot::new(id, kind, x, y, Face::Up(card.card())).copy(card.copy())
    }

    pub fn copy(mut self, copy: u8) -> Slot {
        self.copy = copy;
        self
    }

    /// The card shown, with its deck, if it is face up.
    pub fn card_id(&self) -> Option<CardId> {
        match self.face {
            Face::Up(card) => Some(CardId::new(card, self.copy)),
            _ => None,
        }
    }

    pub fn look(mut self, look: Look) -> Slot {
        self.look = look;
        self
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layout {
    pub width: f32,
    pub height: f32,
    pub slots: Vec<Slot>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HudItem {
    pub key: String,
    pub label: String,
    pub value: String,
}

impl HudItem {
    pub fn new(key: &str, label: &str, value: impl ToString) -> HudItem {
        HudItem { key: key.to_string(), label: label.to_string(), value: value.to_string() }
    }
}

/// How a variant presents one of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// CLI notation: `draw`, `recycle`, `Kh`, `6c+7d`, `joker`.
    pub notation: String,
    /// For people: `6♣ + 7♦`.
    pub label: String,
    /// The slots the move touches, in the order a player would click them.
    pub slots: Vec<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Playing,
    Won,
    Lost,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub outcome: Outcome,
    pub message: String,
    pub score: Option<i64>,
    pub level: Option<u32>,
}

impl Status {
    pub fn playing() -> Status {
        Status { outcome: Outcome::Playing, message: String::new(), score: None, level: None }
    }

    pub fn won(message: impl Into<String>) -> Status {
        Status { outcome: Outcome::Won, message: message.into(), score: None, level: None }
    }

    pub fn lost(message: impl Into<String>) -> Status {
        Status { outcome: Outcome::Lost, message: message.into(), score: None, level: None }
    }

    pub fn with_score(mut self, score: i64) -> Status {
        self.score = Some(score);
        self
    }

    pub fn with_level(mut self, level: u32) -> Status {
        self.level = Some(level);
        self
    }
}
