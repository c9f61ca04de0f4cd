//! # Relaxed Exit
//!
//! PySolFC's Relaxed Exit (game 674), on the shared rules of
//! `patience-cells`: this crate is the game's table, deal and pairs.

use patience_cells::{table, PairRule, Refill, Removal, Rules, Table};
use patience_engine::card::{CardId, JACK, KING, QUEEN};
use patience_engine::options::Flag;

/// The rules of Relaxed Exit.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RelaxedExit;

impl Rules for RelaxedExit {
    const ID: &'static str = "relaxed-exit";
    const NAME: &'static str = "Relaxed Exit";
    const SUMMARY: &'static str = "Exit, where a Queen pairs with any King.";
    const INTRO: &'static str = "PySolFC's Relaxed Exit (game 674): every card is dealt at the start, face up, \
in ten piles of five (pile by pile) and a reserve pile of two; only the top cards are available, and an emptied pile \
stays empty. A pair is two cards making 11, two Jacks, or a Queen with any King.";
    const REFILL: Refill = Refill::Never;
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(11).and(JACK, JACK).and(QUEEN, KING), "two cards making 11 (A+10 … 5+6), two Jacks, or a Queen with any King");
    const DEAL_FLAG: Option<Flag> = Some(THREE_JACKS);

    fn table() -> &'static Table {
        exit_table()
    }

    fn adjust_deal(cards: &mut [CardId], fix: bool) {
        if fix {
            fix_three_jacks(cards);
        }
    }
}

/// PySolFC's deal of Exit: a pile dealt three Jacks cannot be cleared, so
/// before the deal the first pile holding two Jacks or more, if it holds
/// exactly three, swaps its middle one with the reserve's top card (its
/// bottom card, if the top is a Jack).
pub fn fix_three_jacks(cards: &mut [CardId]) {
    const PILES: usize = 10;
    const DEPTH: usize = 5;
    let is_jack = |card: &CardId| card.rank() == JACK;
    let Some(pile) = (0..PILES).find(|&pile| cards[pile * DEPTH..(pile + 1) * DEPTH].iter().filter(|c| is_jack(c)).count() >= 2) else {
        return;
    };
    let jacks: Vec<usize> = (pile * DEPTH..(pile + 1) * DEPTH).filter(|&i| is_jack(&cards[i])).collect();
    if jacks.len() != 3 {
        return;
    }
    let (bottom, top) = (PILES * DEPTH, PILES * DEPTH + 1);
    let reserve = if is_jack(&cards[top]) { bottom } else { top };
    cards.swap(jacks[1], reserve);
}

const THREE_JACKS: Flag = Flag::new("fix_three_jacks", true, "Deal as PySolFC does: a pile dealt three Jacks gives its middle one to the reserve");

fn exit_table() -> &'static Table {
    table!(Table::default()
        .row_of(5, 5, 0.0, 0.0, false)
        .row_of(5, 5, 0.0, 3.05, false)
        .pile(7.0, 0.0, 2, false)
        .dealt_pile_by_pile()
        .discard_at(7.0, 3.05))
}

/// A game of Relaxed Exit.
pub type Game = patience_cells::CellsGame<RelaxedExit>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<RelaxedExit>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 16;

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<RelaxedExit>();
    }

    #[test]
    fn ten_piles_of_five_and_a_reserve_of_two_dealt_pile_by_pile() {
        let game = start_from::<RelaxedExit>("Ac 2c 3c 4c 5c");
        assert_eq!(game.table().piles.len(), 11);
        assert!((0..10).all(|i| game.pile(i).len() == 5) && game.pile(10).len() == 2 && game.stock_len() == 0);
        assert_eq!(game.pile(0).to_vec().iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["Ac", "2c", "3c", "4c", "5c"]);
    }

    #[test]
    fn a_pile_dealt_three_jacks_gives_the_middle_one_to_the_reserve() {
        let mut cards: Vec<CardId> = patience_engine::deal::fresh_decks(1);
        let jacks: Vec<usize> = cards.iter().enumerate().filter(|(_, c)| c.rank() == JACK).map(|(i, _)| i).take(3).collect();
        for (slot, &jack) in [0, 2, 4].iter().zip(&jacks) {
            cards.swap(*slot, jack);
        }
        let top = cards[51];
        fix_three_jacks(&mut cards);
        assert_eq!(cards[2], top, "the middle Jack went to the reserve's top");
        assert_eq!(cards[51].rank(), JACK);
    }

    #[test]
    fn a_queen_pairs_with_a_king_two_jacks_pair_and_cards_make_eleven() {
        let game = start_from::<RelaxedExit>("2c 3c 4c 5c Qh 6c 7c 8c 9c Kh Tc Ac 2d 3d Kc 4d 5d 6d 7d Jd 8d 9d Td Ad Js 2h 3h 4h 5h 6h");
        let listed = moves(&game);
        assert!(listed.contains(&"Qh+Kc".to_string()) && listed.contains(&"Jd+Js".to_string()));
        assert_eq!(listed.contains(&"Qh+Kh".to_string()), true, "a Queen and a King of one suit");
    }
}
