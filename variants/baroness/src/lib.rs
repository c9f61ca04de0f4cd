//! # Baroness
//!
//! PySolFC's Baroness (game 657), on the shared rules of `patience-cells`:
//! this crate is the game's table, stock and pairs.

use patience_cells::{ranks, table, PairRule, Refill, Removal, Rules, Stock, Table};
use patience_engine::card::KING;

/// The rules of Baroness.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Baroness;

impl Rules for Baroness {
    const ID: &'static str = "baroness";
    const NAME: &'static str = "Baroness";
    const SUMMARY: &'static str = "Five piles: each draw deals a card onto every pile; pairs making 13 and Kings leave.";
    const INTRO: &'static str = "PySolFC's Baroness (game 657; also called Five Piles, Foxfire 13): five piles of one card \
each and a stock of 47. Each `draw` deals one card onto each pile, empty or not: eight such draws, and the ninth deals the \
last seven cards, one onto each pile and one into each of two reserve places, whose cards pair like any other but never \
move. (The program's page says the cards are dealt \"to the foundation\", meaning the five piles, and does not mention \
moving a card into an empty pile, which its code allows.)";
    const REFILL: Refill = Refill::Never;
    const STOCK: Stock = Stock::OntoEachPile { piles: 5, extra: &[5, 6] };
    const REMOVAL: Removal = Removal::pairs(PairRule::sum(13), "two cards making 13 (A+Q, 2+J, 3+10, 4+9, 5+8, 6+7)").alone(ranks(&[KING]), "a King");
    const MOVES_TO_EMPTY: bool = true;

    fn table() -> &'static Table {
        table!(Table::default()
            .row_of(5, 1, 0.0, 0.0, false)
            .draw_cell(6.75, 0.0)
            .draw_cell(8.0, 0.0)
            .stock_at(6.75, 1.9)
            .discard_at(8.0, 1.9))
    }
}

/// A game of Baroness.
pub type Game = patience_cells::CellsGame<Baroness>;

patience_engine::export_variant!(Game, search);

#[cfg(test)]
mod tests {
    use super::*;
    use patience_cells::testing::*;

    /// The key, the moves and the dead rules against a plain search.
    #[test]
    fn the_solver_agrees_with_a_plain_search() {
        let positions = late_positions::<Baroness>(POSITIONS, CARDS_LEFT);
        assert_search_agrees_with_plain(&positions, 300_000);
    }

    // Earlier than the others: while the stock still deals onto each pile
    // in turn, the piles are told apart (the key's one exception).
    const POSITIONS: usize = 400;
    const CARDS_LEFT: u32 = 24;

    /// The next draw deals a card onto each pile in turn: piles that trade
    /// places are another position while the stock has cards, and the
    /// same once it is empty.
    #[test]
    fn piles_are_told_apart_only_while_the_stock_deals() {
        let game = start_from::<Baroness>("Kh 5c 6c 7c 8c");
        assert_ne!(game.state_key(), with_piles_swapped(&game, 1, 2).state_key());
        let dealt = play(game, "draw, draw, draw, draw, draw, draw, draw, draw, draw");
        assert_eq!(dealt.stock_len(), 0);
        assert_eq!(dealt.state_key(), with_piles_swapped(&dealt, 1, 2).state_key());
    }

    #[test]
    fn suits_matter_as_declared() {
        assert_suits_as_declared::<Baroness>();
    }

    #[test]
    fn eight_draws_of_five_and_a_last_one_of_seven() {
        let mut game = start::<Baroness>(11);
        assert_eq!(game.stock_len(), 47);
        for draws in 1..=8 {
            game = play(game, "draw");
            assert_eq!(game.stock_len(), 47 - 5 * draws);
        }
        assert!(game.pile(5).is_empty() && game.pile(6).is_empty());
        let game = play(game, "draw");
        assert_eq!(game.stock_len(), 0);
        assert!(game.pile(5).len() == 1 && game.pile(6).len() == 1, "the last two cards go to the reserve places");
        assert!((0..5).all(|i| game.pile(i).len() >= 1));
    }

    #[test]
    fn a_top_card_moves_into_an_empty_pile_but_never_a_lone_one() {
        // Piles Kh 5c 6c 7c 8c; the first draw: Kd 2h 3h 4h 9h.
        let game = start_from::<Baroness>("Kh 5c 6c 7c 8c Kd 2h 3h 4h 9h");
        let game = play(game, "Kh");
        assert!(!moves(&game).iter().any(|m| m.contains('>')), "each pile holds one card: nothing worth moving");
        let game = play(game, "draw, Kd");
        assert!(moves(&game).contains(&"2h>1".to_string()), "{:?}", moves(&game));
        let game = play(game, "2h>1");
        assert_eq!((tops(&game)[0].as_str(), tops(&game)[1].as_str()), ("2h", "5c"));
        assert!(game.explain("3h>2").contains("not empty"), "{}", game.explain("3h>2"));
    }
}
