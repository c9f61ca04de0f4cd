//! What the host sees: the board, the HUD, move names, status and
//! explanations. Nothing here may show the card of a covered tablet, a stock
//! tablet or a set-aside card.

use crate::levels::{self, spots};
use crate::state::{Action, Pile, SpeedPyramid, BONUS_PYRAMID_LEVELS};
use patience_engine::card::Card;
use patience_engine::layout::{
    Face, HudItem, Layout, Look, MoveInfo, Slot, SlotKind, Status, CARD_HEIGHT,
};

// Slot ids. Field tablets are 0..field size (see `levels`); the other slots
// have the same ids in every level.
pub const STOCK_SLOT: u32 = 52;
pub const DISCARD_SLOT: u32 = 53;
pub const JOKER_SLOT: u32 = 54;
/// Bonus-pyramid level `k` (1..=5) is slot `BONUS_SLOT_FIRST + k - 1`.
pub const BONUS_SLOT_FIRST: u32 = 55;

/// Horizontal distance between the stock, the discard pile and the jokers.
const PILE_STEP: f32 = 1.5;
/// The bonus pyramid's levels overlap like a small stack.
const BONUS_STEP: f32 = 0.6;

fn piles_y() -> f32 {
    levels::MARGIN + levels::field_height() + 0.8
}

fn board_width() -> f32 {
    let piles = 3.0 * PILE_STEP + 0.5 + (BONUS_PYRAMID_LEVELS as f32 - 1.0) * BONUS_STEP + 1.0;
    levels::widest_field().max(piles) + 2.0 * levels::MARGIN
}

fn board_height() -> f32 {
    piles_y() + CARD_HEIGHT + levels::MARGIN
}

fn tablet(slot: Slot) -> Slot {
    slot.look(Look::Tablet)
}

impl SpeedPyramid {
    pub fn layout(&self) -> Layout {
        let mut slots = self.field_slots();
        slots.extend(self.pile_slots());
        slots.extend(self.bonus_slots());
        Layout { width: board_width(), height: board_height(), slots }
    }

    /// The tablets still on the field; lower rows lie on higher ones, so
    /// their z is their row. Every readable tablet is playable (clickable)
    /// while the game goes on, as in the original: clicking one that does
    /// not fit gets the host an explanation instead of a move.
    fn field_slots(&self) -> Vec<Slot> {
        let game_goes_on = !self.actions().is_empty();
        spots(self.level)
            .iter()
            .enumerate()
            .filter(|(number, _)| self.field[*number].is_some())
            .map(|(number, spot)| {
                let readable = self.readable_card(number);
                let face = readable.map_or(Face::Down, Face::Up);
                tablet(Slot::new(number as u32, SlotKind::Field, spot.x, spot.y, face))
                    .z(spot.row as i32)
                    .playable(readable.is_some() && game_goes_on)
            })
            .collect()
    }

    fn pile_slots(&self) -> Vec<Slot> {
        let actions = self.actions();
        let y = piles_y();
        let x = levels::MARGIN;
        let stock_face = if self.stock.is_empty() { Face::Empty } else { Face::Down };
        let stock = tablet(Slot::new(STOCK_SLOT, SlotKind::Stock, x, y, stock_face))
            .playable(actions.contains(&Action::Draw))
            .label(self.stock.len().to_string());
        let top_face = match self.top() {
            Pile::Tablet(card) => Face::Up(card),
            Pile::Joker => Face::Joker,
        };
        let discard = tablet(Slot::new(DISCARD_SLOT, SlotKind::Discard, x + PILE_STEP, y, top_face));
        let joker_face = if self.jokers > 0 { Face::Joker } else { Face::Empty };
        let jokers = tablet(Slot::new(JOKER_SLOT, SlotKind::Jokers, x + 2.0 * PILE_STEP, y, joker_face))
            .playable(actions.contains(&Action::Joker))
            .label(self.jokers.to_string());
        vec![stock, discard, jokers]
    }

    /// Five overlapping slots at the right edge, level 1 on the left; a
    /// built level shows a tablet's back, an unbuilt one is empty.
    fn bonus_slots(&self) -> Vec<Slot> {
        let row_width = (BONUS_PYRAMID_LEVELS as f32 - 1.0) * BONUS_STEP + 1.0;
        let left = board_width() - levels::MARGIN - row_width;
        (1..=BONUS_PYRAMID_LEVELS)
            .map(|bonus_level| {
                let built = bonus_level <= self.bonus_levels;
                let face = if built { Face::Down } else { Face::Empty };
                let x = left + (bonus_level - 1) as f32 * BONUS_STEP;
                let id = BONUS_SLOT_FIRST + bonus_level as u32 - 1;
                tablet(Slot::new(id, SlotKind::Bonus, x, piles_y(), face))
                    .z(bonus_level as i32)
                    .label(bonus_level.to_string())
            })
            .collect()
    }

    pub fn hud(&self) -> Vec<HudItem> {
        vec![
            HudItem::new("score", "Score", self.score),
            HudItem::new("level", "Level", format!("{} of {}", self.level, self.config.levels)),
            HudItem::new("jokers", "Jokers", self.jokers),
            HudItem::new("series", "Series", self.series),
            HudItem::new("bonus", "Bonus pyramid", format!("{} / {BONUS_PYRAMID_LEVELS}", self.bonus_levels)),
            HudItem::new("stock", "Stock", self.stock.len()),
        ]
    }

    pub fn describe(&self, action: &Action) -> MoveInfo {
        let notation = self.notation(action);
        match *action {
            Action::Play(number) => {
                let card = self.field[number].expect("only tablets on the field are described");
                MoveInfo { notation, label: format!("Play {}", card.pretty()), slots: vec![number as u32, DISCARD_SLOT] }
            }
            Action::Draw => MoveInfo { notation, label: "Draw".into(), slots: vec![STOCK_SLOT] },
            Action::Joker => MoveInfo { notation, label: "Play a joker".into(), slots: vec![JOKER_SLOT] },
        }
    }

    /// A move's notation alone (what `describe` gives it).
    pub fn notation(&self, action: &Action) -> String {
        match *action {
            Action::Play(number) => self.field[number].expect("only tablets on the field are described").to_string(),
            Action::Draw => "draw".into(),
            Action::Joker => "joker".into(),
        }
    }

    pub fn status(&self) -> Status {
        let status = if self.won {
            Status::won(match self.config.levels {
                1 => "The level is cleared".to_string(),
                levels => format!("All {levels} levels cleared"),
            })
        } else {
            Status::playing()
        };
        status.with_score(self.score).with_level(self.level as u32)
    }

    /// The message of a game lost with no move left.
    pub fn lost_message(&self) -> String {
        format!(
            "No tablet fits, the stock is empty and no jokers are left: game over in level {} with {} points",
            self.level, self.score
        )
    }

    /// Why `notation` is not legal now. Only public facts are named: the
    /// readable tablets, the discard pile (every card on it was seen), the
    /// counts of stock and jokers.
    pub fn explain(&self, notation: &str) -> String {
        let word = notation.trim();
        match word.to_ascii_lowercase().as_str() {
            "draw" => return self.explain_draw(),
            "joker" => return self.explain_joker(),
            _ => {}
        }
        match word.parse::<Card>() {
            Ok(card) => self.explain_tablet(card),
            Err(_) => format!(
                "`{word}` is not a move: write `draw`, `joker` or a readable tablet such as `7h`"
            ),
        }
    }

    fn explain_draw(&self) -> String {
        if self.stock.is_empty() { "the stock is empty".into() } else { "draw is legal now".into() }
    }

    fn explain_joker(&self) -> String {
        if self.jokers == 0 { "no jokers left".into() } else { "a joker can be played now".into() }
    }

    fn explain_tablet(&self, card: Card) -> String {
        let readable = (0..self.field.len()).any(|number| self.readable_card(number) == Some(card));
        if !readable {
            let discarded = self.discard.contains(&Pile::Tablet(card));
            return if discarded {
                format!("{card} is already on the discard pile")
            } else {
                // Deliberately the same sentence whether the card lies under
                // another tablet, in the stock or in the box.
                format!("{card} is not a readable tablet on the field (a tablet becomes readable when nothing covers it)")
            };
        }
        match self.top() {
            Pile::Tablet(top) if !self.fits_on_top(card) => format!(
                "{card} cannot go on {top}: it must be one higher or lower (a King and an Ace are neighbours)"
            ),
            _ => format!("{card} can be played now"),
        }
    }
}
