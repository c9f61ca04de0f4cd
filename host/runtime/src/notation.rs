//! Matching move notation typed by a person to the plugin's legal moves.
//! Pairs may be written in either order, cards in any accepted spelling
//! (`Th`, `10h`, `T♥`; `Th2` for the second deck's), words in any case:
//! `6C+7d` finds `7d+6c`.

use crate::validate::Move;

pub use patience_engine::card::canonical_notation as canonical;

/// The legal move that `text` names, if any.
pub fn find<'a>(moves: &'a [Move], text: &str) -> Option<&'a Move> {
    let wanted = canonical(text);
    moves.iter().find(|m| canonical(&m.notation) == wanted)
}

/// Splits a move list: `"Kh, 6c+7d, draw"` (commas, semicolons or new lines).
pub fn split_moves(text: &str) -> Vec<&str> {
    text.split([',', ';', '\n']).map(str::trim).filter(|m| !m.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(notation: &str) -> Move {
        Move { id: 0, notation: notation.into(), label: String::new(), slots: vec![] }
    }

    #[test]
    fn pairs_match_in_either_order_and_spelling() {
        let moves = [mv("draw"), mv("3c+Th"), mv("Kh")];
        assert_eq!(find(&moves, "Th+3c").unwrap().notation, "3c+Th");
        assert_eq!(find(&moves, " 10h + 3C ").unwrap().notation, "3c+Th");
        assert_eq!(find(&moves, "T♥+3♣").unwrap().notation, "3c+Th");
        assert_eq!(find(&moves, "DRAW").unwrap().notation, "draw");
        assert_eq!(find(&moves, "K♥").unwrap().notation, "Kh");
        assert!(find(&moves, "Kd").is_none());
        assert!(find(&moves, "recycle").is_none());
    }

    #[test]
    fn move_lists_split_on_commas() {
        assert_eq!(split_moves("Kh, 6c+7d,draw\n recycle;"), vec!["Kh", "6c+7d", "draw", "recycle"]);
    }
}
