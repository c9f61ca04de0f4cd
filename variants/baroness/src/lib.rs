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
    fn a_top_card_moves_into_an_empty_pile_and_a_lone_one_only_while_the_stock_deals() {
        // Piles Kh 5c 6c 7c 8c; the first draw: Kd 2h 3h 4h 9h.
        let game = start_from::<Baroness>("Kh 5c 6c 7c 8c Kd 2h 3h 4h 9h");
        let game = play(game, "Kh");
        assert!(moves(&game).contains(&"5c>1".to_string()), "a lone card moves: the next draw covers it in pile 1 {:?}", moves(&game));
        let moved = play(game, "5c>1, draw");
        assert_eq!(moved.pile(0).len(), 2, "the draw covered 5c in pile 1");
        assert_eq!(tops(&moved)[1], "2h", "and dealt 2h alone into pile 2");
        let game = play(game, "draw, Kd");
        assert!(moves(&game).contains(&"2h>1".to_string()), "{:?}", moves(&game));
        let game = play(game, "2h>1");
        assert_eq!((tops(&game)[0].as_str(), tops(&game)[1].as_str()), ("2h", "5c"));
        assert!(game.explain("3h>2").contains("not empty"), "{}", game.explain("3h>2"));
    }

    /// The whole deck, its last cards `last` (the last deal: one onto each
    /// pile, then the two reserve places).
    fn ending_with(last: &str) -> Game {
        let last: Vec<&str> = last.split(' ').collect();
        let deck = deck_starting("");
        let first = deck.split(' ').filter(|card| !last.contains(card));
        start_with::<Baroness>(&first.chain(last.iter().copied()).collect::<Vec<_>>().join(" "))
    }

    /// The last deal covers every pile: when no card it puts on a pile can
    /// leave (alone, or with a card of that deal), nothing is ever bared
    /// again and the game is lost from the start.
    #[test]
    fn a_last_deal_that_bares_nothing_loses_from_the_start() {
        let lost = [("Jh 5h Ah 7h Jc Th 3c", "the reserve places' pair bares nothing"), ("Jh 5h Ah 7h Jc Th Kc", "nor their King")];
        for (last, why) in lost {
            let game = ending_with(last);
            assert_eq!(game.stock_len(), 47);
            assert!(game.is_dead(), "{last}: {why}");
            assert_eq!(solve(&game, 10).verdict, Verdict::NotWinnable, "{last}");
        }
        let open = [
            ("Jh 5h Ah 7h Jc Th 2c", "J+2: a pile's card and a reserve place's"),
            ("Jh 5h Ah 7h Kc Th 3c", "a King on a pile"),
            ("Jh 5h Ah 7h 6c Th 3c", "7+6 on two piles"),
        ];
        for (last, why) in open {
            assert!(!ending_with(last).is_dead(), "{last}: {why}");
        }
    }

    /// The cards the last deal covers lie on every pile: when none of
    /// them can go first (alone, with another of them, or with a card of
    /// the last deal once the one on it has gone), they never leave.
    /// Here the next-to-last deal is Ah 2h 3h 4h 5h, which make no 13.
    #[test]
    fn cards_the_last_deal_covers_that_can_never_go_first_lose_from_the_start() {
        const COVERED: &str = "Ah 2h 3h 4h 5h";
        // Qc lies on its only partner; 6c 7c 6d 7d pair among themselves.
        let lost = format!("{COVERED} Qc 6c 7c 6d 7d Kc 2c");
        let game = ending_with(&lost);
        assert!(!ending_with(&lost[COVERED.len() + 1..]).is_dead(), "the last deal alone is not stuck");
        assert!(game.is_dead(), "{lost}");
        assert_eq!(solve(&game, 10).verdict, Verdict::NotWinnable, "{lost}");
        let dealt = play(game, "draw, draw, draw, draw, draw, draw, draw, draw");
        assert_eq!(dealt.stock_len(), 7);
        assert!(dealt.is_dead(), "and once they are dealt, the tops");
        assert_eq!(solve(&Plain(dealt), 300_000).verdict, Verdict::NotWinnable, "a plain search agrees");
        let open = [
            ("Ah 2h 3h 4h 9h Qc 6c 7c 6d 7d Kc 2c", "4h+9h before the last deal"),
            ("Ah 2h 3h 4h Kh Qc 6c 7c 6d 7d Kc 2c", "a King"),
            ("Ah 2h 3h 4h 5h 6c Qc 7c 6d 7d Kc 2c", "Qc on 2h: 6c+7c bare Ah, which goes with Qc"),
            ("Ah 2h 3h 4h 5h Qc 6c 7c 6d 7d Jc 2c", "6c+7c bare 2h, which goes with a reserve place's Jc"),
            ("Ah 2h 3h 4h 5h Qc 6d 6c Tc 6s 7c Kc", "6c goes with a reserve place's 7c, and bares 3h for Tc"),
        ];
        for (last, why) in open {
            let game = ending_with(last);
            assert!(!game.is_dead(), "{last}: {why}");
        }
    }

    /// The rule for a row that later deals cover, on real deals: 647 and
    /// 772 are lost from the start (two deals before the last, a row none
    /// of whose cards can go first), while 146 and 181 are won, and no
    /// position of their winning lines is called dead (a rule that waited
    /// for every later deal's card on a row card's pile to leave before it
    /// calls both lost at the start).
    #[test]
    fn rows_later_deals_cover_on_real_deals() {
        for seed in [647, 772] {
            assert!(start::<Baroness>(seed).is_dead(), "deal {seed}");
        }
        for seed in [146, 181] {
            let game = start::<Baroness>(seed);
            let solution = solve(&game, 100_000);
            assert_eq!(solution.verdict, Verdict::Winnable, "deal {seed}");
            let mut state = game;
            for action in &solution.line {
                assert!(!state.is_dead(), "deal {seed}: a position of a winning line called dead: {state:?}");
                state.search_perform(action);
            }
            assert!(state.is_won(), "deal {seed}");
        }
    }

    /// A King leaves at once, the search's only move; a pair of whose ranks
    /// cards lie elsewhere (here in the stock) is one move of many.
    #[test]
    fn a_free_king_is_the_searchs_only_move_and_a_pair_one_of_many() {
        let game = start_from::<Baroness>("Kh Ah Qh 7c 8c");
        let mut listed = Vec::new();
        game.search_actions(&mut listed);
        assert_eq!(listed.iter().map(|action| game.describe(action).notation).collect::<Vec<_>>(), ["Kh"]);
        let game = play(game, "Kh");
        listed.clear();
        game.search_actions(&mut listed);
        let notations: Vec<String> = listed.iter().map(|action| game.describe(action).notation).collect();
        assert!(notations.len() > 1 && notations.contains(&"Ah+Qh".to_string()), "{notations:?}");
    }

    /// Once the stock is empty, the piles' order no longer matters: a lone
    /// card stays where it is.
    #[test]
    fn a_lone_card_stays_once_the_stock_is_empty() {
        // Four Kings leave at once; each of the eight draws deals a pair
        // making 13 onto piles 1 and 2 (which then leave) and the last one
        // 3c onto pile 1, 4c onto pile 2 and its partner 9c into a reserve.
        let pairs = ["Ah Qh", "Ad Qd", "Ac Qc", "As Qs", "2h Jh", "2d Jd", "2c Jc", "2s Js"];
        let named: Vec<&str> = "Kh Kd Kc Ks 5c 3c 4c 9c".split(' ').chain(pairs.iter().flat_map(|p| p.split(' '))).collect();
        let deck = deck_starting(&named.join(" "));
        let mut rest = deck.split(' ').skip(named.len());
        let mut order: Vec<&str> = vec!["Kh", "Kd", "Kc", "Ks", "5c"];
        for pair in pairs {
            order.extend(pair.split(' '));
            order.extend(rest.by_ref().take(3));
        }
        order.extend(["3c", "4c"]);
        order.extend(rest.by_ref().take(3));
        order.push("9c");
        order.extend(rest);
        let mut game = play(start_with::<Baroness>(&order.join(" ")), "Kh, Kd, Kc, Ks");
        for pair in pairs {
            game = play(game, &format!("draw, {}", pair.replace(' ', "+")));
        }
        let game = play(game, "draw, 4c+9c");
        assert_eq!((game.stock_len(), game.pile(0).len(), game.pile(1).len()), (0, 1, 0));
        assert!(!moves(&game).contains(&"3c>2".to_string()), "{:?}", moves(&game));
        assert!(game.explain("3c>2").contains("change nothing"), "{}", game.explain("3c>2"));
    }
}
