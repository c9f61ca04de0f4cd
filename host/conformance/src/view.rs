//! Everything a player can see of a position — layout, HUD, legal moves,
//! status — read in one go, and the first difference between two of them
//! in words.

use crate::probe::{Context, Tracked};
use patience_engine::layout::{Face, HudItem, Layout, Slot, Status};
use patience_runtime::{GameError, Move};

pub use patience_runtime::View;

/// Reads the position, in the order the app does.
pub fn read_view(ctx: &Context, tracked: &mut Tracked) -> Result<View, GameError> {
    let layout = ctx.call(tracked, "layout", |game| game.layout())?;
    let hud = ctx.call(tracked, "hud", |game| game.hud())?;
    let moves = ctx.call(tracked, "moves", |game| game.moves())?;
    let status = ctx.call(tracked, "status", |game| game.status())?;
    Ok(View { layout, hud, moves, status })
}

pub fn face_text(face: Face) -> String {
    match face {
        Face::Empty => "empty".to_string(),
        Face::Up(card) => format!("{card} face up"),
        Face::Down => "face down".to_string(),
        Face::Joker => "a joker".to_string(),
    }
}

fn quoted(text: &Option<String>) -> String {
    match text {
        Some(text) => format!("`{text}`"),
        None => "no label".to_string(),
    }
}

/// The first difference between two slots with the same id.
fn slot_difference(a: &Slot, b: &Slot) -> Option<String> {
    let id = a.id;
    if a.face != b.face {
        return Some(format!("slot {id} is {} in one and {} in the other", face_text(a.face), face_text(b.face)));
    }
    let shown = face_text(a.face);
    if a.label != b.label {
        return Some(format!(
            "the label of slot {id} ({shown}) is {} in one and {} in the other",
            quoted(&a.label),
            quoted(&b.label)
        ));
    }
    if (a.x, a.y, a.z) != (b.x, b.y, b.z) {
        return Some(format!("slot {id} is at ({}, {}, z {}) in one and ({}, {}, z {}) in the other", a.x, a.y, a.z, b.x, b.y, b.z));
    }
    if a.playable != b.playable {
        return Some(format!("slot {id} ({shown}) is playable in one and not in the other"));
    }
    if a.kind != b.kind || a.look != b.look {
        return Some(format!("slot {id} is a {:?} ({:?}) in one and a {:?} ({:?}) in the other", a.kind, a.look, b.kind, b.look));
    }
    None
}

pub fn layout_difference(a: &Layout, b: &Layout) -> Option<String> {
    if (a.width, a.height) != (b.width, b.height) {
        return Some(format!("the board is {} × {} in one and {} × {} in the other", a.width, a.height, b.width, b.height));
    }
    if a.slots.len() != b.slots.len() {
        return Some(format!("one layout has {} slots, the other {}", a.slots.len(), b.slots.len()));
    }
    for (x, y) in a.slots.iter().zip(&b.slots) {
        if x.id != y.id {
            return Some(format!("the slots are listed in another order (slot {} in one where the other has slot {})", x.id, y.id));
        }
        if let Some(difference) = slot_difference(x, y) {
            return Some(difference);
        }
    }
    None
}

fn hud_difference(a: &[HudItem], b: &[HudItem]) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("one HUD has {} items, the other {}", a.len(), b.len()));
    }
    a.iter().zip(b).find(|(x, y)| x != y).map(|(x, y)| {
        format!("the HUD item `{}` reads `{}: {}` in one and `{}: {}` in the other", x.key, x.label, x.value, y.label, y.value)
    })
}

fn moves_difference(a: &[Move], b: &[Move]) -> Option<String> {
    let list = |moves: &[Move]| moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>().join(", ");
    if a.len() != b.len() || a.iter().zip(b).any(|(x, y)| x.notation != y.notation || x.id != y.id) {
        return Some(format!("the legal moves are [{}] in one and [{}] in the other", list(a), list(b)));
    }
    a.iter().zip(b).find(|(x, y)| x != y).map(|(x, y)| {
        if x.label != y.label {
            format!("move `{}` is labelled `{}` in one and `{}` in the other", x.notation, x.label, y.label)
        } else {
            format!("move `{}` touches slots {:?} in one and {:?} in the other", x.notation, x.slots, y.slots)
        }
    })
}

fn status_difference(a: &Status, b: &Status) -> Option<String> {
    (a != b).then(|| {
        format!(
            "the status is {:?} `{}` (score {:?}, level {:?}) in one and {:?} `{}` (score {:?}, level {:?}) in the other",
            a.outcome, a.message, a.score, a.level, b.outcome, b.message, b.score, b.level
        )
    })
}

/// The first difference a player could see between two positions.
pub fn difference(a: &View, b: &View) -> Option<String> {
    layout_difference(&a.layout, &b.layout)
        .or_else(|| hud_difference(&a.hud, &b.hud))
        .or_else(|| moves_difference(&a.moves, &b.moves))
        .or_else(|| status_difference(&a.status, &b.status))
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::layout::SlotKind;

    fn view(label: &str) -> View {
        View {
            layout: Layout {
                width: 2.0,
                height: 2.0,
                slots: vec![Slot::new(3, SlotKind::Stock, 0.0, 0.0, Face::Down).label(label)],
            },
            hud: vec![HudItem::new("stock", "Stock", 3)],
            moves: vec![Move { id: 0, notation: "draw".into(), label: "Draw".into(), slots: vec![3] }],
            status: Status::playing(),
        }
    }

    #[test]
    fn differences_are_named() {
        assert_eq!(difference(&view("Kh"), &view("Kh")), None);
        assert_eq!(
            difference(&view("Kh"), &view("3c")).unwrap(),
            "the label of slot 3 (face down) is `Kh` in one and `3c` in the other"
        );
        let mut other = view("Kh");
        other.moves[0].label = "Draw Kh".into();
        assert!(difference(&view("Kh"), &other).unwrap().contains("labelled `Draw` in one and `Draw Kh`"));
        other = view("Kh");
        other.status = Status::won("done");
        assert!(difference(&view("Kh"), &other).unwrap().contains("the status is Playing"));
    }
}
