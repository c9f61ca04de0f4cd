//! What a screen reader (and a test) hears for each slot: "7 of diamonds,
//! playable", "face-down card", "empty", "stock, 24 cards". Built from the
//! slot alone — its face, its kind and its label — never from a variant.

use patience_engine::layout::{Face, Slot, SlotKind};

/// The accessible label of a slot.
pub fn slot_label(slot: &Slot) -> String {
    match slot.face {
        Face::Up(card) if slot.copy > 0 => with_playable(format!("{}, deck {}", card.spoken(), slot.copy + 1), slot.playable),
        Face::Up(card) => with_playable(card.spoken(), slot.playable),
        Face::Joker => with_playable("joker".to_string(), slot.playable),
        Face::Down | Face::Empty => match pile_summary(slot) {
            Some(summary) => summary,
            None if slot.face == Face::Down => "face-down card".to_string(),
            None => "empty".to_string(),
        },
    }
}

fn with_playable(text: String, playable: bool) -> String {
    if playable { format!("{text}, playable") } else { text }
}

/// `stock, 24 cards`: a labelled pile says what it is and what its label
/// says (a count when the label is a number).
fn pile_summary(slot: &Slot) -> Option<String> {
    let label = slot.label.as_deref()?.trim();
    let kind = kind_name(slot.kind);
    Some(match label.parse::<u64>() {
        Ok(1) => format!("{kind}, 1 card"),
        Ok(count) => format!("{kind}, {count} cards"),
        Err(_) => format!("{kind}, {label}"),
    })
}

/// The contract's slot kinds, as words.
pub fn kind_name(kind: SlotKind) -> &'static str {
    match kind {
        SlotKind::Pyramid => "pyramid",
        SlotKind::Stock => "stock",
        SlotKind::Waste => "waste",
        SlotKind::Foundation => "foundation",
        SlotKind::Field => "field",
        SlotKind::Discard => "discard pile",
        SlotKind::Reserve => "reserve",
        SlotKind::Jokers => "jokers",
        SlotKind::Bonus => "bonus",
        SlotKind::Other => "pile",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::card::Card;

    fn card(text: &str) -> Face {
        Face::Up(text.parse::<Card>().unwrap())
    }

    #[test]
    fn labels_name_the_card_and_whether_it_can_be_played() {
        let playable = Slot::new(0, SlotKind::Pyramid, 0.0, 0.0, card("7d")).playable(true);
        assert_eq!(slot_label(&playable), "7 of diamonds, playable");
        let blocked = Slot::new(1, SlotKind::Pyramid, 0.0, 0.0, card("Kh"));
        assert_eq!(slot_label(&blocked), "King of hearts");
        assert_eq!(slot_label(&Slot::new(2, SlotKind::Pyramid, 0.0, 0.0, Face::Down)), "face-down card");
        assert_eq!(slot_label(&Slot::new(3, SlotKind::Pyramid, 0.0, 0.0, Face::Empty)), "empty");
        let joker = Slot::new(5, SlotKind::Jokers, 0.0, 0.0, Face::Joker).playable(true).label("3");
        assert_eq!(slot_label(&joker), "joker, playable");
    }

    #[test]
    fn labelled_piles_say_how_many_cards_they_hold() {
        let stock = Slot::new(4, SlotKind::Stock, 0.0, 0.0, Face::Down).playable(true).label("24");
        assert_eq!(slot_label(&stock), "stock, 24 cards");
        let waste = Slot::new(5, SlotKind::Waste, 0.0, 0.0, Face::Empty).label("1");
        assert_eq!(slot_label(&waste), "waste, 1 card");
        let bonus = Slot::new(6, SlotKind::Bonus, 0.0, 0.0, Face::Empty).label("level 2");
        assert_eq!(slot_label(&bonus), "bonus, level 2");
    }
}
