//! Everything a plugin returns is checked here before the host uses it: a
//! buggy or hostile plugin must not be able to crash or confuse the host.

use crate::limits::Limits;
use anyhow::{bail, Result};
use patience_engine::layout::{HudItem, Layout, Status};
use patience_engine::options::{OptionKind, OptionSpec};
use patience_engine::Info;
use std::collections::HashSet;

/// The default bounds on slots and moves ([`Limits`] can change them).
pub const MAX_SLOTS: usize = 2_000;
pub const MAX_MOVES: usize = 5_000;
pub const MAX_HUD_ITEMS: usize = 32;
pub const MAX_OPTIONS: usize = 64;
pub const MAX_BOARD: f32 = 500.0;
pub const MAX_SHORT_TEXT: usize = 200;
pub const MAX_MESSAGE: usize = 2_000;
pub const MAX_RULES_TEXT: usize = 200_000;

/// A move as the host sees it, after validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub id: u32,
    pub notation: String,
    pub label: String,
    pub slots: Vec<u32>,
}

fn text(what: &str, value: &str, max: usize) -> Result<()> {
    if value.len() > max {
        bail!("{what} is {} bytes long, more than the {max} allowed", value.len());
    }
    if value.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        bail!("{what} contains control characters");
    }
    Ok(())
}

pub fn info(info: &Info) -> Result<()> {
    let id_ok = !info.id.is_empty()
        && info.id.len() <= 40
        && info.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        bail!("the plugin id `{}` is not 1–40 lowercase letters, digits or `-`", info.id.escape_debug());
    }
    text("the plugin name", &info.name, 80)?;
    if info.name.trim().is_empty() {
        bail!("the plugin name is empty");
    }
    text("the version", &info.version, 40)?;
    text("the summary", &info.summary, 300)?;
    text("the rules text", &info.rules, MAX_RULES_TEXT)?;
    if info.options.len() > MAX_OPTIONS {
        bail!("the plugin declares {} options, more than {MAX_OPTIONS}", info.options.len());
    }
    let mut names = HashSet::new();
    for spec in &info.options {
        option_spec(spec)?;
        if !names.insert(spec.name.as_str()) {
            bail!("option `{}` is declared twice", spec.name);
        }
    }
    Ok(())
}

fn option_spec(spec: &OptionSpec) -> Result<()> {
    let name_ok = !spec.name.is_empty()
        && spec.name.len() <= 40
        && spec.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !name_ok {
        bail!("option name `{}` is not 1–40 lowercase letters, digits or `_`", spec.name.escape_debug());
    }
    text("an option's help", &spec.help, 500)?;
    match &spec.kind {
        OptionKind::Int { min, max } if min > max => bail!("option `{}` has min {min} above max {max}", spec.name),
        OptionKind::Choice(choices) if choices.is_empty() || choices.len() > 64 => {
            bail!("option `{}` has {} choices (1–64 allowed)", spec.name, choices.len())
        }
        OptionKind::Choice(choices) => {
            for choice in choices {
                match choice.split_once(patience_engine::options::ALIAS_MARK) {
                    None => text("a choice", choice, 40)?,
                    Some((alias, target)) => {
                        text("an alias", alias, 40)?;
                        if alias.is_empty() || !spec.choices().contains(&target) {
                            bail!("option `{}` has an alias `{choice}` for no choice of its own", spec.name);
                        }
                    }
                }
            }
            if spec.choices().is_empty() {
                bail!("option `{}` has aliases but no choices", spec.name);
            }
        }
        _ => {}
    }
    spec.check(&spec.default).map_err(|e| anyhow::anyhow!("the default is invalid: {e}"))
}

/// Slot ids unique, positions finite and on the board, no card twice,
/// labels bounded. Returns the set of slot ids for checking moves.
pub fn layout(layout: &Layout) -> Result<HashSet<u32>> {
    layout_within(layout, &Limits::default())
}

/// [`layout`] with the slot count bounded by `limits`.
pub fn layout_within(layout: &Layout, limits: &Limits) -> Result<HashSet<u32>> {
    let max_slots = limits.max_slots;
    let size_ok = |v: f32| v.is_finite() && v > 0.0 && v <= MAX_BOARD;
    if !size_ok(layout.width) || !size_ok(layout.height) {
        bail!("the board size {} × {} is not finite and within 0–{MAX_BOARD}", layout.width, layout.height);
    }
    if layout.slots.len() > max_slots {
        bail!("the layout has {} slots, more than {max_slots}", layout.slots.len());
    }
    let mut ids = HashSet::with_capacity(layout.slots.len());
    let mut cards = HashSet::new();
    for slot in &layout.slots {
        if !ids.insert(slot.id) {
            bail!("slot id {} appears twice", slot.id);
        }
        let inside = |v: f32, max: f32| v.is_finite() && (-1.0..=max + 1.0).contains(&v);
        if !inside(slot.x, layout.width) || !inside(slot.y, layout.height) {
            bail!("slot {} is at ({}, {}), outside the {} × {} board", slot.id, slot.x, slot.y, layout.width, layout.height);
        }
        if let Some(card) = slot.card_id()
            && !cards.insert(card)
        {
            bail!("card {card} is shown twice (again in slot {})", slot.id);
        }
        if let Some(label) = &slot.label {
            text(&format!("the label of slot {}", slot.id), label, MAX_SHORT_TEXT)?;
        }
    }
    Ok(ids)
}

pub fn moves(moves: &[Move], slot_ids: &HashSet<u32>) -> Result<()> {
    moves_within(moves, slot_ids, &Limits::default())
}

/// [`moves`] with the move count bounded by `limits`.
pub fn moves_within(moves: &[Move], slot_ids: &HashSet<u32>, limits: &Limits) -> Result<()> {
    move_texts(moves, limits)?;
    for m in moves {
        if let Some(missing) = m.slots.iter().find(|id| !slot_ids.contains(id)) {
            bail!("move `{}` points at slot {missing}, which is not in the layout", m.notation);
        }
    }
    Ok(())
}

/// Everything [`moves_within`] checks but the slots, which need the
/// layout: counts, unique ids, notations and labels.
pub fn move_texts(moves: &[Move], limits: &Limits) -> Result<()> {
    let max_moves = limits.max_moves;
    if moves.len() > max_moves {
        bail!("{} moves listed, more than {max_moves}", moves.len());
    }
    let mut ids = HashSet::with_capacity(moves.len());
    for m in moves {
        if !ids.insert(m.id) {
            bail!("move id {} is listed twice", m.id);
        }
        if m.notation.trim().is_empty() {
            bail!("move {} has no notation", m.id);
        }
        // Named only when wrong: this runs for every move of every line checked.
        text("the notation", &m.notation, 100).map_err(|e| anyhow::anyhow!("move {}: {e}", m.id))?;
        text("the label", &m.label, MAX_SHORT_TEXT).map_err(|e| anyhow::anyhow!("move {}: {e}", m.id))?;
        if m.slots.len() > 16 {
            bail!("move {} touches {} slots", m.id, m.slots.len());
        }
    }
    Ok(())
}

pub fn hud(items: &[HudItem]) -> Result<()> {
    if items.len() > MAX_HUD_ITEMS {
        bail!("{} HUD items, more than {MAX_HUD_ITEMS}", items.len());
    }
    for item in items {
        text("a HUD key", &item.key, 40)?;
        text("a HUD label", &item.label, 80)?;
        text("a HUD value", &item.value, 80)?;
    }
    Ok(())
}

pub fn status(status: &Status) -> Result<()> {
    text("the status message", &status.message, MAX_MESSAGE)
}

pub fn message(what: &str, value: &str) -> Result<()> {
    text(what, value, MAX_MESSAGE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::card::Card;
    use patience_engine::layout::{Face, Slot, SlotKind};

    fn board(slots: Vec<Slot>) -> Layout {
        Layout { width: 10.0, height: 10.0, slots }
    }

    fn up(id: u32, card: &str) -> Slot {
        Slot::new(id, SlotKind::Pyramid, 1.0, 1.0, Face::Up(card.parse::<Card>().unwrap()))
    }

    #[test]
    fn a_good_layout_passes() {
        let ids = layout(&board(vec![up(0, "Kh"), up(1, "Qs")])).unwrap();
        assert_eq!(ids.len(), 2);
    }

    #[test]
    fn bad_layouts_are_named() {
        let error = |l: Layout| layout(&l).unwrap_err().to_string();
        assert!(error(board(vec![up(0, "Kh"), up(0, "Qs")])).contains("slot id 0 appears twice"));
        assert!(error(board(vec![up(0, "Kh"), up(1, "Kh")])).contains("card Kh is shown twice"));
        let mut nan = up(0, "Kh");
        nan.x = f32::NAN;
        assert!(error(board(vec![nan])).contains("outside"));
        let mut far = up(0, "Kh");
        far.y = 50.0;
        assert!(error(board(vec![far])).contains("outside"));
        assert!(error(Layout { width: f32::INFINITY, height: 1.0, slots: vec![] }).contains("board size"));
        let long = up(0, "Kh").label("x".repeat(1000));
        assert!(error(board(vec![long])).contains("more than"));
    }

    #[test]
    fn moves_must_point_at_existing_slots() {
        let ids: HashSet<u32> = [0, 1].into();
        let mv = |id, slots: Vec<u32>| Move { id, notation: "draw".into(), label: "Draw".into(), slots };
        moves(&[mv(0, vec![0, 1])], &ids).unwrap();
        assert!(moves(&[mv(0, vec![7])], &ids).unwrap_err().to_string().contains("slot 7"));
        assert!(moves(&[mv(0, vec![]), mv(0, vec![])], &ids).unwrap_err().to_string().contains("twice"));
    }
}
