//! # The Lucky Number
//!
//! PySolFC's The Lucky Number (game 937), on the shared rules of
//! `patience-cells`: this crate is the game's table, stock, refill, pairs
//! and set.

use patience_cells::{table, PairRule, Refill, Removal, Rules, SetRule, Stock, Table};

/// The rules of The Lucky Number.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TheLuckyNumber;

impl Rules for TheLuckyNumber {
    const ID: &'static str = "the-lucky-number";
    const NAME: &'static str = "The Lucky Number";
    const SUMMARY: &'static str = "Two decks, twelve piles of four: pairs making 11 leave, J-Q-K together; piles refill only when empty.";
    const INTRO: &'static str = "PySolFC's The Lucky Number (game 937): two decks, twelve piles of four cards in three rows \
of four; one card starts the waste and the other 55 are the stock, gone through once. A pair is two pile tops, or a pile \
top and the waste's top. Jacks, Queens and Kings gather one of each rank in the three reserve places; while they wait, \
nothing is drawn and nothing refilled.";
    const DECKS: u8 = 2;
    const REFILL: Refill = Refill::FromWasteWhileReserveEmpty;
    const STOCK: Stock = Stock::Waste;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11), "two cards making 11 (A+10, 2+9, 3+8, 4+7, 5+6)");
    const SET: Option<SetRule> = Some(SetRule::JQK);

    fn table() -> &'static Table {
        table!((0..3)
            .fold(Table::default(), |table, row| table.row_of(4, 4, 0.0, row as f32 * 2.55, true))
            .reserve_at(0.0, 7.65)
            .stock_at(5.5, 0.0)
            .waste_at(6.75, 0.0)
            .discard_at(6.75, 2.55))
    }
}

/// A game of The Lucky Number.
pub type Game = patience_cells::CellsGame<TheLuckyNumber>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<TheLuckyNumber>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    /// Dives take a pair while there is one, draw when none is there, and
    /// try what else the search would only when they can do neither.
    #[test]
    fn dives_remove_while_they_can_and_then_draw() {
        let leaves = |action: &Action| matches!(action, Action::Remove(_) | Action::Set(_));
        let (mut removing, mut drawing, mut other) = (0, 0, 0);
        for seed in 1..=30 {
            let mut game = start::<TheLuckyNumber>(seed);
            let mut rng = patience_engine::deal::DealRng::new(seed);
            loop {
                let (mut searched, mut dived) = (Vec::new(), Vec::new());
                game.search_actions(&mut searched);
                game.dive_actions(&mut dived);
                if searched.iter().any(leaves) {
                    assert_eq!(dived, searched.iter().copied().filter(leaves).collect::<Vec<_>>(), "deal {seed}: {game:?}");
                    removing += 1;
                } else if searched.contains(&Action::Draw) {
                    assert_eq!(dived, [Action::Draw], "deal {seed}: {game:?}");
                    drawing += 1;
                } else {
                    assert_eq!(dived, searched, "deal {seed}: {game:?}");
                    other += usize::from(!dived.is_empty());
                }
                if dived.is_empty() {
                    break;
                }
                game.search_perform(&dived[rng.below(dived.len() as u64) as usize]);
            }
        }
        assert!(removing > 100 && drawing > 100 && other > 0, "every kind of position is met ({removing} removing, {drawing} drawing, {other} else)");
    }

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<TheLuckyNumber>();
    }

    #[test]
    fn twelve_piles_of_four_a_waste_card_and_a_stock_of_55() {
        let game = start::<TheLuckyNumber>(7);
        assert_eq!(game.table().piles.len(), 12);
        assert!((0..12).all(|i| game.pile(i).len() == 4));
        assert_eq!((game.waste().len(), game.stock_len()), (1, 55));
    }

    #[test]
    fn no_draw_while_the_reserve_holds_cards_and_empty_piles_refill_from_the_waste() {
        let (game, face) = (1..)
            .map(start::<TheLuckyNumber>)
            .find_map(|game| game.actions().into_iter().find(|a| matches!(a, Action::ToReserve(_))).map(|face| (game, face)))
            .expect("a deal with a face card on top");
        let mut waiting = game;
        waiting.perform(&face);
        assert!(!moves(&waiting).contains(&"draw".to_string()), "no draw while the reserve holds a card");
        assert!(waiting.explain("draw").contains("reserve"), "{}", waiting.explain("draw"));
        assert!(moves(&game).contains(&"draw".to_string()));
        let drawn = play(game, "draw");
        assert_eq!((drawn.waste().len(), drawn.stock_len()), (2, 54));
    }
}
