//! # Yield
//!
//! Aisleriot's Yield (yield.scm), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_engine::options::Flag;
use patience_removal::{shape, Removal, Rules, Shape, Stock, Win};

/// The rules of Yield.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Yield;

impl Rules for Yield {
    const ID: &'static str = "yield";
    const NAME: &'static str = "Yield";
    const SUMMARY: &'static str = "Aisleriot's inverted pyramid, with Treize's waste: one pass.";
    const INTRO: &'static str = "GNOME Aisleriot's Yield (`yield.scm`): an **inverted pyramid** of seven rows, face up, only its \
bottom point free at the start; stock and waste exactly as Treize (the oldest waste card apart, \
the top pairing with the card under it, one pass). Aisleriot forgets that the second row's last \
card lies on the top row's last card, so it treats that card as free from the start; the option \
`aisleriot_cover` plays it so. By default the cover is the correct one.";
    const STOCK: Stock = Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: true, bottom_slot: true };
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;
    const SHAPE_FLAG: Option<Flag> = Some(Flag::new("aisleriot_cover", false, "As in Aisleriot, the top row's last card is free from the start although a card lies on it"));

    fn shape(aisleriot_cover: bool) -> &'static Shape {
        if aisleriot_cover { shape!(Shape::inverted(7).with_cover(6, 0)) } else { shape!(Shape::inverted(7)) }
    }
}

/// A game of Yield.
pub type Game = patience_removal::RemovalGame<Yield>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn the_correct_cover_frees_only_the_point() {
        let game = start::<Yield>(14, &[]);
        assert_eq!(free_cards(&game), 1);
    }

    #[test]
    fn aisleriots_cover_also_frees_the_top_rows_last_card() {
        let game = start::<Yield>(14, &[("aisleriot_cover", "true")]);
        assert_eq!(free_cards(&game), 2);
        assert!(game.tableau().is_free(Yield::shape(true), 6));
    }
}
