//! # Treize
//!
//! Aisleriot's Treize (treize.scm), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Removal, Rules, Shape, Stock, Win};

/// The rules of Treize.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Treize;

impl Rules for Treize {
    const ID: &'static str = "treize";
    const NAME: &'static str = "Treize";
    const SUMMARY: &'static str = "Aisleriot's pyramid with the waste's oldest card apart: it, the top and the card under the top are in play.";
    const INTRO: &'static str = "GNOME Aisleriot's Treize (`treize.scm`): a pyramid of seven rows, face up, and a closed stock of \
24 gone through once. The waste has two parts: the **oldest card lies apart** in a slot of its \
own (when it goes, the next oldest takes its place), and the others form the waste pile, whose \
top **may also pair with the card directly under it**.";
    const STOCK: Stock = Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: true, bottom_slot: true };
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7))
    }
}

/// A game of Treize.
pub type Game = patience_removal::RemovalGame<Treize>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn the_first_card_drawn_lies_apart() {
        let mut game = start::<Treize>(13, &[]);
        assert_eq!(game.talon().waste_len(), 0, "the waste starts empty");
        game.perform(&Action::Draw);
        let layout = game.layout();
        let bottom = game.talon().card(0);
        assert!(layout.slots.iter().any(|slot| slot.card_id() == Some(bottom) && slot.playable), "the oldest card is in play");
    }
}
