//! # Eighteens
//!
//! PySolFC's Eighteens (game 950), on the shared rules of
//! `patience-cells`: this crate is the game's table, refill, single and set.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, SetRule, Table};
use patience_engine::card::ACE;

/// The rules of Eighteens.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Eighteens;

impl Rules for Eighteens {
    const ID: &'static str = "eighteens";
    const NAME: &'static str = "Eighteens";
    const SUMMARY: &'static str = "Two decks, twelve cells: a face card and three numbers making 18 leave together; Aces alone.";
    const INTRO: &'static str = "PySolFC's Eighteens (game 950; also called Steel Wheels): two decks, twelve cells in three \
rows of four, one card each; the other 92 cards are the stock. No two cards pair: the reserve pile gathers one face card \
(J, Q or K) and three number cards of different ranks making 18 (an Ace counts 1 there), and no cell is refilled while it \
holds cards. An Ace leaves alone, from a cell or from the top of the reserve.";
    const DECKS: u8 = 2;
    const REFILL: Refill = Refill::WhileReserveEmpty;
    const REMOVAL: Removal = Removal::pairs(PairRule::NONE, "never two cards alone").alone(ranks(&[ACE]), "an Ace");
    const SET: Option<SetRule> = Some(SetRule::FaceAndThree { total: 18 });

    fn table() -> &'static Table {
        table!(Table::default().cells(3, 4, 0.0, 0.0).reserve_at(5.5, 0.0).stock_at(5.5, 3.3).discard_at(6.75, 3.3))
    }
}

/// A game of Eighteens.
pub type Game = patience_cells::CellsGame<Eighteens>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Eighteens>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 5, "the dead rules are put to the test: {dead} positions");
    }

    // Won deals are rare (about one in a hundred): the random games of
    // the lost ones seldom get far, so positions start earlier.
    const POSITIONS: usize = 120;
    const CARDS_LEFT: u32 = 40;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Eighteens>();
    }

    #[test]
    fn twelve_cells_and_a_stock_of_92() {
        let game = start::<Eighteens>(6);
        assert_eq!((game.table().piles.len(), game.stock_len()), (12, 92));
    }

    #[test]
    fn a_face_and_three_numbers_making_18_go_and_an_ace_leaves_alone() {
        let game = start_from::<Eighteens>("Kh 9c 5d 4s Ah 7c Td Jh 2c 3c 6c 8c");
        let listed: Vec<String> = moves(&game).iter().map(|m| patience_engine::card::canonical_notation(m)).collect();
        assert!(listed.contains(&"Ah".to_string()), "an Ace leaves alone");
        for set in ["Kh+9c+5d+4s", "Jh+Td+6c+2c", "Kh+Td+7c+Ah"] {
            assert!(listed.contains(&patience_engine::card::canonical_notation(set)), "{set}");
        }
        assert!(game.actions().iter().all(|action| !matches!(action, Action::Remove(group) if group.places().len() == 2)), "no pairs");
        let two = play(game, "9c>reserve, 5d>reserve");
        assert!(!moves(&two).contains(&"3c>reserve".to_string()), "the third number must make 18");
        assert!(moves(&two).contains(&"4s>reserve".to_string()));
        let ace = play(game, "Ah>reserve");
        assert!(moves(&ace).contains(&"Ah".to_string()), "an Ace on top of the reserve may leave alone");
    }
}
