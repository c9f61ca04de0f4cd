//! # Triple Alliance
//!
//! PySolFC's Triple Alliance (game 619), on the shared rules of
//! `patience-cells`: this crate is the game's table, set and win.

use patience_cells::{table, PairRule, Refill, Removal, Rules, SetRule, Table, Win};

/// The rules of Triple Alliance.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TripleAlliance;

impl Rules for TripleAlliance {
    const ID: &'static str = "triple-alliance";
    const NAME: &'static str = "Triple Alliance";
    const SUMMARY: &'static str = "Eighteen piles, all cards open: runs of three ranks in a row leave; win with one card left.";
    const INTRO: &'static str = "PySolFC's Triple Alliance (game 619; also called Triplets): every card is dealt at the start, \
face up, in eighteen piles, sixteen of three cards and two of two (two rounds to all eighteen, then one to the first sixteen). No two cards pair: pile tops go into the three free cells one at a time, each keeping the cells \
a start of a run (5, then 6 or 4, then the one that makes three in a row; a King and an Ace are neighbours), and the run \
goes when the cells are full. Nothing else leaves the cells.";
    const REFILL: Refill = Refill::Never;
    const REMOVAL: Removal = Removal::pairs(PairRule::NONE, "never two cards");
    const SET: Option<SetRule> = Some(SetRule::Run { len: 3 });
    const WIN: Win = Win::AllBut(1);

    fn table() -> &'static Table {
        table!((0..18)
            .fold(Table::default(), |table, pile| {
                let (row, column) = (pile / 9, pile % 9);
                table.pile(column as f32 * 1.25, row as f32 * 2.4, if pile < 16 { 3 } else { 2 }, false)
            })
            .reserve_at(0.0, 4.7)
            .discard_at(4.5, 4.7))
    }
}

/// A game of Triple Alliance.
pub type Game = patience_cells::CellsGame<TripleAlliance>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<TripleAlliance>(POSITIONS, CARDS_LEFT);
        let dead = assert_search_agrees_with_plain(&positions, 300_000);
        assert!(dead >= 20, "the dead rules are put to the test: {dead} positions");
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<TripleAlliance>();
    }

    #[test]
    fn eighteen_piles_dealt_in_rounds() {
        let game = start::<TripleAlliance>(12);
        assert_eq!(game.table().piles.len(), 18);
        assert!((0..16).all(|i| game.pile(i).len() == 3) && (16..18).all(|i| game.pile(i).len() == 2));
        assert_eq!(game.stock_len(), 0);
    }

    #[test]
    fn a_run_of_three_in_any_order_that_stays_in_a_row_leaves() {
        let game = start::<TripleAlliance>(12);
        let reserve_moves = |game: &Game| game.actions().into_iter().filter(|action| matches!(action, Action::ToReserve(_))).count();
        assert_eq!(reserve_moves(&game), 18, "an empty cell takes any pile top");
        let first = game.actions().into_iter().find(|action| matches!(action, Action::ToReserve(_))).expect("a card to start");
        let mut started = game;
        started.perform(&first);
        let rank = started.reserve()[0].rank();
        let next_to = |r: u8| [rank % 13 + 1, (rank + 11) % 13 + 1].contains(&r);
        for action in started.actions() {
            if let Action::ToReserve(place) = action {
                let card = game.pile(match place { Place::Pile(i) => i as usize, _ => unreachable!() }).last().unwrap();
                assert!(next_to(card.rank()), "{card} after a {rank}: only a neighbour (King and Ace too)");
            }
        }
        for action in game.actions() {
            if let Action::Set(group) = action {
                let mut ranks: Vec<u8> = group.places().iter().map(|&p| game.describe(&Action::Remove(patience_cells::game::Group::of(&[p]))).notation.parse::<patience_engine::card::CardId>().unwrap().rank()).collect();
                ranks.sort();
                let wraps = ranks == [1, 2, 13] || ranks == [1, 12, 13];
                assert!(wraps || (ranks[1] == ranks[0] + 1 && ranks[2] == ranks[1] + 1), "{ranks:?} in a row");
            }
        }
        let wrapping = start_with_tops::<TripleAlliance>("Kh Ah 2h", "");
        assert!(moves(&wrapping).iter().any(|m| patience_engine::card::canonical_notation(m) == patience_engine::card::canonical_notation("Kh+Ah+2h")), "K-A-2 wraps");
    }
}
