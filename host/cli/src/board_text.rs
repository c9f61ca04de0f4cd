//! A layout drawn as text, from the slots alone.
//!
//! Each slot is printed at its position: four columns per card width, one
//! line per distinct row position, so overlapping pyramid rows come out as a
//! pyramid. `Kh` a face-up card (`Kh2` the second deck's), `##` face down, `..` empty, `JK` a joker;
//! a `*` marks what is playable now; a slot's label follows in parentheses.

use patience_engine::layout::{Face, HudItem, Layout, Slot, Status};

const COLUMNS_PER_CARD: f32 = 4.0;

fn cell(slot: &Slot) -> String {
    let face = match slot.face {
        Face::Up(_) => slot.card_id().expect("a face-up slot shows a card").to_string(),
        Face::Down => "##".to_string(),
        Face::Empty => "..".to_string(),
        Face::Joker => "JK".to_string(),
    };
    let mark = if slot.playable { "*" } else { "" };
    match &slot.label {
        Some(label) => format!("{face}{mark}({label})"),
        None => format!("{face}{mark}"),
    }
}

pub fn board(layout: &Layout) -> String {
    let mut slots: Vec<&Slot> = layout.slots.iter().collect();
    slots.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    let mut lines: Vec<(f32, String)> = Vec::new();
    for slot in slots {
        let text = cell(slot);
        let column = (slot.x * COLUMNS_PER_CARD).round().max(0.0) as usize;
        let line = match lines.last_mut() {
            Some((y, line)) if (*y - slot.y).abs() < 0.05 => line,
            _ => {
                lines.push((slot.y, String::new()));
                &mut lines.last_mut().expect("just pushed").1
            }
        };
        let width = line.chars().count();
        let padding = if width == 0 { column } else { column.saturating_sub(width).max(1) };
        line.push_str(&" ".repeat(padding));
        line.push_str(&text);
    }
    lines.into_iter().map(|(_, line)| line + "\n").collect()
}

pub fn hud(items: &[HudItem]) -> String {
    items.iter().map(|item| format!("{}: {}", item.label, item.value)).collect::<Vec<_>>().join(" · ")
}

pub fn status(status: &Status) -> String {
    let outcome = format!("{:?}", status.outcome).to_lowercase();
    let mut text = if status.message.is_empty() { outcome } else { format!("{outcome} — {}", status.message) };
    if let Some(score) = status.score {
        text.push_str(&format!(" (score {score})"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::card::Card;
    use patience_engine::layout::{Slot, SlotKind};

    #[test]
    fn overlapping_rows_form_a_pyramid() {
        let card = |text: &str| Face::Up(text.parse::<Card>().unwrap());
        let layout = Layout {
            width: 3.0,
            height: 3.0,
            slots: vec![
                Slot::new(0, SlotKind::Pyramid, 0.5, 0.0, card("Kh")),
                Slot::new(1, SlotKind::Pyramid, 0.0, 0.7, card("Qs")).playable(true),
                Slot::new(2, SlotKind::Pyramid, 1.0, 0.7, Face::Down),
                Slot::new(3, SlotKind::Stock, 0.0, 2.0, Face::Down).label("24"),
            ],
        };
        assert_eq!(board(&layout), "  Kh\nQs* ##\n##(24)\n");
    }
}
