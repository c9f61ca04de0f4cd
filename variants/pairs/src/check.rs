//! Validation of a restored game: a snapshot may come from a damaged file,
//! so refuse anything the rules could not have produced.

use crate::Profile;
use crate::geometry::{FULL_PYRAMID, FULL_TALON, TALON_CARDS};
use crate::options::Passes;
use crate::table::{PairGame, Pile};
use patience_engine::card::{ACE, Card, KING};

impl<P: Profile> PairGame<P> {
    pub(crate) fn check_state(&self) -> Result<(), String> {
        self.check_options()?;
        self.check_cards()?;
        if self.pyramid_left & !FULL_PYRAMID != 0 {
            return Err(format!("the pyramid mask {:#x} names positions beyond 28", self.pyramid_left));
        }
        self.check_talon_places()?;
        self.check_talon_order()
    }

    fn check_options(&self) -> Result<(), String> {
        if self.options.draw != P::DRAW {
            return Err(format!(
                "the game was saved by a plugin that draws {:?}, not {}",
                self.options.draw,
                P::ID
            ));
        }
        if let Passes::Limited(n) = self.options.passes {
            if !(1..=3).contains(&n) {
                return Err(format!("{n} passes is not an option (1, 2, 3 or unlimited)"));
            }
            if self.pass > n as u32 {
                return Err(format!("pass {} of {n} is past the last pass", self.pass));
            }
        }
        if self.pass == 0 {
            return Err("the pass number is 0; passes count from 1".to_string());
        }
        Ok(())
    }

    /// 52 real cards, each exactly once.
    fn check_cards(&self) -> Result<(), String> {
        let cards: Vec<Card> = self.pyramid.iter().chain(self.talon.iter()).copied().collect();
        if let Some(bad) = cards.iter().find(|card| !(ACE..=KING).contains(&card.rank)) {
            return Err(format!("a card has rank {}, not 1 to 13", bad.rank));
        }
        patience_engine::deal::check_full_deck(&cards)
    }

    /// Every talon card is exactly once in the stock, in a waste pile, or
    /// removed.
    fn check_talon_places(&self) -> Result<(), String> {
        if self.talon_gone & !FULL_TALON != 0 {
            return Err(format!("the removed-talon mask {:#x} names cards beyond 24", self.talon_gone));
        }
        let piles: Vec<(&str, &Pile)> = [("the stock", &self.stock)]
            .into_iter()
            .chain(
                self.waste
                    .iter()
                    .enumerate()
                    .map(|(k, pile)| (["waste pile 1", "waste pile 2", "waste pile 3"][k], pile)),
            )
            .collect();
        for (name, pile) in &piles {
            if pile.stored_len() > TALON_CARDS {
                return Err(format!("{name} holds {} cards, more than 24", pile.stored_len()));
            }
        }
        for (k, pile) in self.waste.iter().enumerate().skip(self.piles()) {
            if !pile.is_empty() {
                return Err(format!(
                    "waste pile {} is used, but this game has {} waste pile(s)",
                    k + 1,
                    self.piles()
                ));
            }
        }
        let mut seen = self.talon_gone;
        for (name, pile) in &piles {
            for &id in pile.ids() {
                if id as usize >= TALON_CARDS {
                    return Err(format!("{name} names talon card {id}, beyond 24"));
                }
                if seen & (1 << id) != 0 {
                    return Err(format!(
                        "{} is in {name} and also somewhere else (or removed)",
                        self.talon_card(id)
                    ));
                }
                seen |= 1 << id;
            }
        }
        if seen != FULL_TALON {
            let lost =
                (0..TALON_CARDS as u8).find(|&id| seen & (1 << id) == 0).expect("some card is missing");
            return Err(format!(
                "{} is neither in the stock, nor on the waste, nor removed",
                self.talon_card(lost)
            ));
        }
        Ok(())
    }

    /// The orders the rules can produce. One pile: the waste (bottom to
    /// top) then the stock (top to bottom) is the dealt order minus removed
    /// cards, in every pass. Three piles, first pass: each pile and the
    /// stock keep the dealt order and everything on the waste was dealt
    /// before everything still in the stock; unless the stock top is
    /// playable (then taking it shifts the piles later cards land on), the
    /// card dealt `i`-th lies on pile `i % 3` (the solver's key relies on it).
    fn check_talon_order(&self) -> Result<(), String> {
        fn increasing(ids: impl Iterator<Item = u8>) -> bool {
            let ids: Vec<u8> = ids.collect();
            ids.windows(2).all(|pair| pair[0] < pair[1])
        }
        let stock_top_down = || self.stock.ids().iter().rev().copied();
        if self.piles() == 1 {
            let sequence = self.waste[0].ids().iter().copied().chain(stock_top_down());
            if !increasing(sequence) {
                return Err("the waste and stock are not in an order the game can produce".to_string());
            }
        } else if self.pass == 1 {
            let piles_ordered = self.waste.iter().all(|pile| increasing(pile.ids().iter().copied()));
            let first_in_stock = self.stock.top().unwrap_or(TALON_CARDS as u8);
            let waste_before_stock =
                self.waste.iter().flat_map(|pile| pile.ids()).all(|&id| id < first_in_stock);
            if !piles_ordered || !increasing(stock_top_down()) || !waste_before_stock {
                return Err(
                    "the waste piles and stock are not in an order the first pass can produce".to_string()
                );
            }
            let on_its_pile =
                |(pile, cards): (usize, &Pile)| cards.ids().iter().all(|&id| id as usize % 3 == pile);
            if !self.options.stock_top_playable && !self.waste.iter().enumerate().all(on_its_pile) {
                return Err("a waste card lies on a pile the first pass cannot have dealt it to".to_string());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::options::{DrawMode, GameOptions, Overlap, Passes, Win};
    use crate::test_profiles::{OnePile, ThreePiles};
    use crate::table::PairGame;
    use patience_engine::card::Card;
    use patience_engine::deal::shuffled_deck;

    fn game() -> PairGame<OnePile> {
        let options = GameOptions {
            passes: Passes::Limited(2),
            win: Win::Pyramid,
            face_down: false,
            overlap_pairs: Overlap::None,
            stock_top_playable: false,
            draw: DrawMode::OneCard,
        };
        let mut game = PairGame::new(&shuffled_deck(3), options).unwrap();
        for _ in 0..5 {
            game.draw();
        }
        game
    }

    fn refused(change: impl FnOnce(&mut PairGame<OnePile>), expected: &str) {
        let mut damaged = game();
        change(&mut damaged);
        let error = damaged.check_state().expect_err("the damage is refused");
        assert!(error.contains(expected), "{error} (expected: {expected})");
    }

    #[test]
    fn a_sound_game_passes() {
        game().check_state().unwrap();
        let mut turned = game();
        for _ in 0..19 {
            turned.draw();
        }
        turned.recycle();
        turned.check_state().unwrap();
    }

    #[test]
    fn damaged_games_are_refused() {
        refused(|g| g.pyramid[3] = g.pyramid[4], "twice");
        refused(|g| g.talon[0] = Card { rank: 14, ..g.talon[0] }, "rank 14");
        refused(|g| g.pyramid_left |= 1 << 30, "beyond 28");
        refused(|g| g.talon_gone |= 1 << 0, "also somewhere else");
        refused(|g| g.talon_gone |= 1 << 25, "beyond 24");
        refused(
            |g| {
                g.stock.pop();
            },
            "neither in the stock",
        );
        refused(
            |g| {
                let top = g.stock.top().unwrap();
                g.waste[0].push(top);
            },
            "also somewhere else",
        );
        refused(
            |g| {
                let top = g.stock.pop().unwrap();
                g.waste[1].push(top);
            },
            "waste pile 2 is used",
        );
        refused(|g| g.waste[0].ids.swap(0, 1), "not in an order");
        refused(|g| g.stock.len = 30, "more than 24");
        refused(|g| g.pass = 0, "passes count from 1");
        refused(|g| g.pass = 3, "past the last pass");
        refused(|g| g.options.passes = Passes::Limited(7), "7 passes");
        refused(|g| g.options.draw = DrawMode::ThreePiles, "saved by a plugin");
    }

    #[test]
    fn a_first_pass_card_must_lie_on_the_pile_it_was_dealt_to() {
        let options = GameOptions { draw: DrawMode::ThreePiles, ..game().options };
        let mut game = PairGame::<ThreePiles>::new(&shuffled_deck(3), options).unwrap();
        game.draw();
        game.draw();
        game.check_state().unwrap();
        // Cards 0 and 3 on pile 1, 1 and 4 on pile 2: swap the two piles.
        game.waste.swap(0, 1);
        let error = game.check_state().unwrap_err();
        assert!(error.contains("cannot have dealt it to"), "{error}");
        game.options.stock_top_playable = true;
        game.check_state().expect("taking the open stock top shifts the piles");
    }
}
