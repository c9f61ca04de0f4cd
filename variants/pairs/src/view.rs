//! What the host shows: the layout, HUD, status messages and move
//! descriptions. Nothing here may reveal a face-down pyramid card.

use crate::Profile;
use crate::geometry::{
    BOARD_HEIGHT, BOARD_WIDTH, PYRAMID_CARDS, STOCK_SLOT, TALON_Y, WASTE_SLOTS, pyramid_xy, row_of, talon_xs,
};
use crate::moves::{Action, Place};
use crate::options::Win;
use crate::table::{PairGame, cards};
use patience_engine::layout::{Face, HudItem, Layout, MoveInfo, Slot, SlotKind};

impl<P: Profile> PairGame<P> {
    pub(crate) fn build_layout(&self) -> Layout {
        let over = self.is_over();
        // Cards a legal move touches; with `overlap_pairs` that includes a
        // covered card whose only coverer is its partner.
        let mut in_a_move = 0u32;
        if !over {
            let mut removals = Vec::new();
            self.push_removals(&mut removals);
            for action in &removals {
                if let Action::Pair(Place::Pyramid(position), _) = action {
                    in_a_move |= 1 << position;
                }
            }
        }
        let free = self.free_mask();
        let mut slots: Vec<Slot> =
            (0..PYRAMID_CARDS).map(|position| self.pyramid_slot(position, free, in_a_move, over)).collect();
        slots.push(self.stock_slot(over));
        for pile in 0..self.piles() {
            slots.push(self.waste_slot(pile, over));
        }
        Layout { width: BOARD_WIDTH, height: BOARD_HEIGHT, slots }
    }

    fn pyramid_slot(&self, position: usize, free: u32, in_a_move: u32, over: bool) -> Slot {
        let (x, y) = pyramid_xy(position);
        let is_free = free & (1 << position) != 0;
        let face = if !self.is_present(position) {
            Face::Empty
        } else if is_free || !self.options.face_down {
            Face::Up(self.pyramid[position])
        } else {
            Face::Down
        };
        let playable = !over && (is_free || in_a_move & (1 << position) != 0);
        Slot::new(position as u32, SlotKind::Pyramid, x, y, face)
            .z(row_of(position) as i32)
            .playable(playable)
    }

    fn stock_slot(&self, over: bool) -> Slot {
        let face = match self.stock.top() {
            None => Face::Empty,
            Some(id) if self.options.stock_top_playable => Face::Up(self.talon_card(id)),
            Some(_) => Face::Down,
        };
        let playable = !over && (self.can_draw() || self.can_recycle());
        Slot::new(STOCK_SLOT, SlotKind::Stock, talon_xs(self.piles()).0, TALON_Y, face)
            .playable(playable)
            .label(self.stock.len().to_string())
    }

    fn waste_slot(&self, pile: usize, over: bool) -> Slot {
        let top = self.waste[pile].top();
        let face = top.map_or(Face::Empty, |id| Face::Up(self.talon_card(id)));
        Slot::new(WASTE_SLOTS[pile], SlotKind::Waste, talon_xs(self.piles()).1[pile], TALON_Y, face)
            .playable(!over && top.is_some())
            .label(self.waste[pile].len().to_string())
    }

    pub(crate) fn hud_items(&self) -> Vec<HudItem> {
        vec![
            HudItem::new("stock", "Stock", self.stock.len()),
            HudItem::new("waste", "Waste", self.waste_total()),
            HudItem::new("passes", "Pass", format!("{} of {}", self.pass, self.options.passes.total_text())),
            HudItem::new("pyramid", "Pyramid", self.pyramid_cards_left()),
            HudItem::new("removed", "Removed", self.removed_count()),
        ]
    }

    pub(crate) fn won_message(&self) -> String {
        match self.options.win {
            Win::Pyramid => {
                format!("Pyramid cleared with {} left in the stock", cards(self.stock.len() as u64))
            }
            Win::All => "All 52 cards removed".to_string(),
        }
    }

    pub(crate) fn lost_message(&self) -> String {
        let pyramid = match self.pyramid_cards_left() {
            1 => "1 pyramid card remains".to_string(),
            n => format!("{n} pyramid cards remain"),
        };
        let waste = self.waste_total();
        match self.options.win {
            Win::All if waste > 0 => {
                format!("No moves left: {pyramid}, and {} in the waste", cards(waste as u64))
            }
            _ => format!("No moves left: {pyramid}"),
        }
    }

    pub(crate) fn describe_action(&self, action: &Action) -> MoveInfo {
        let notation = self.notation_of(action);
        match *action {
            Action::King(place) => {
                MoveInfo { notation, label: self.card_at(place).pretty(), slots: vec![place.slot()] }
            }
            Action::Pair(first, second) => {
                let (a, b) = (self.card_at(first), self.card_at(second));
                let mut slots = vec![first.slot(), second.slot()];
                slots.dedup();
                MoveInfo { notation, label: format!("{} + {}", a.pretty(), b.pretty()), slots }
            }
            Action::Draw => MoveInfo {
                notation,
                label: if self.piles() == 1 { "Draw".to_string() } else { "Draw three".to_string() },
                slots: vec![STOCK_SLOT],
            },
            Action::Recycle => MoveInfo { notation, label: "Turn the waste over".to_string(), slots: vec![STOCK_SLOT] },
        }
    }

    /// An action's notation alone (`describe_action` builds its label and
    /// slots too).
    pub(crate) fn notation_of(&self, action: &Action) -> String {
        match *action {
            Action::King(place) => self.card_at(place).to_string(),
            Action::Pair(first, second) => format!("{}+{}", self.card_at(first), self.card_at(second)),
            Action::Draw => "draw".to_string(),
            Action::Recycle => "recycle".to_string(),
        }
    }
}
