//! # Thirteen
//!
//! Aisleriot's Thirteen (thirteen.scm), on the shared rules of `patience-removal`: this crate is
//! the game's shape, stock, pairs and win, and nothing else.

use patience_removal::{shape, Removal, Rules, Shape, Stock, Win};

/// The rules of Thirteen.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Thirteen;

impl Rules for Thirteen {
    const ID: &'static str = "thirteen";
    const NAME: &'static str = "Thirteen";
    const SUMMARY: &'static str = "Aisleriot's pyramid: covered cards face down, the waste top pairs with the card under it, one pass.";
    const INTRO: &'static str = "GNOME Aisleriot's Thirteen (`thirteen.scm`): a pyramid of seven rows whose **covered cards lie \
face down**, turned up once both cards on them are gone; the stock of 24 is closed and gone \
through once, and the waste starts empty. **The waste's top may pair with the card directly \
under it.** (Aisleriot's own win test looks at the wrong slot and can declare a win with cards \
left; here all 52 must go, as its help text says.)";
    const STOCK: Stock = Stock::Waste { draw: 1, open_top: false, first_draw: false, under_top: true, bottom_slot: false };
    const WIN: Win = Win::All;
    const REMOVAL: Removal = Removal::THIRTEEN;

    fn shape(_: bool) -> &'static Shape {
        shape!(Shape::pyramid(7).face_down_while_covered())
    }
}

/// A game of Thirteen.
pub type Game = patience_removal::RemovalGame<Thirteen>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use patience_removal::testing::*;

    #[test]
    fn covered_cards_lie_face_down_and_the_waste_starts_empty() {
        let game = start::<Thirteen>(12, &[]);
        assert_eq!(game.tableau().hidden(Thirteen::shape(false)).count_ones(), 21, "rows 1 to 6");
        assert_eq!((game.talon().stock_len(), game.talon().waste_len()), (24, 0));
    }

    #[test]
    fn the_waste_top_pairs_with_the_card_under_it() {
        // A deal whose first two stock cards make 13: Qh then Ac.
        let mut deck: Vec<Card> = shuffled_deck(1).into_iter().filter(|c| *c != card("Qh") && *c != card("Ac")).collect();
        deck.insert(28, card("Qh"));
        deck.insert(29, card("Ac"));
        let mut game = start_with::<Thirteen>(deck, &[]);
        game.perform(&Action::Draw);
        game.perform(&Action::Draw);
        assert!(game.actions().contains(&Action::Pair(Place::WasteTop(0), Place::UnderTop)), "{:?}", game.actions());
    }
}
