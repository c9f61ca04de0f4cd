//! The solver's hooks for every cells game: the moves it tries (one card at
//! a time into the reserve; a set put in at once is the same moves) and
//! a position key that sees what the rules see.
//!
//! **The key.** The rules never ask which pile a card lies in, only what
//! lies on what: piles alike (cells, say, all refilled from the stock) can
//! trade places without changing what can happen. So the key lists the
//! piles of each kind sorted by their cards, the reserve as the set it is,
//! and every card by what it is, not by which deck it came from: two
//! positions that differ only by that are one; where no rule looks at a
//! suit ([`Rules::SUITS_MATTER`]), a card is its rank alone. The exceptions
//! keep their order: a stock that deals one card onto each pile in turn
//! (Baroness) tells the piles apart.
//!
//! **Dead positions.** While the reserve holds part of a set and no card
//! can come from the stock until it goes (refills wait for an empty
//! reserve, or there is no stock), the set must be made of what is on the
//! table now: if it cannot be, the game is lost.

use crate::game::{Action, CellsGame};
use crate::sets::SetRule;
use crate::{Refill, Rules, Stock};
use patience_engine::card::CardId;
use patience_engine::Search;

impl<R: Rules> CellsGame<R> {
    /// Whether the rules ever look at a card's suit.
    fn suits_matter() -> bool {
        R::SUITS_MATTER || matches!(R::SET, Some(SetRule::Distinct { same_suit: true, .. }))
    }

    /// A card as the rules see it: its rank (and suit, where suits
    /// matter), never its deck.
    fn face(card: CardId) -> u8 {
        if Self::suits_matter() { card.card().deck_index() } else { card.rank() }
    }

    /// Whether the reserve's set can still be completed from `pool`.
    fn completes_from(set: SetRule, held: &mut Vec<CardId>, pool: &[CardId]) -> bool {
        for (index, &card) in pool.iter().enumerate() {
            // Alike cards are tried once.
            if pool[..index].iter().any(|&earlier| Self::face(earlier) == Self::face(card)) || !set.accepts(held, card) {
                continue;
            }
            held.push(card);
            let rest: Vec<CardId> = pool.iter().enumerate().filter(|&(k, _)| k != index).map(|(_, &c)| c).collect();
            let done = set.complete(held) || (set.completable(held) && Self::completes_from(set, held, &rest));
            held.pop();
            if done {
                return true;
            }
        }
        false
    }

    /// True when the reserve holds part of a set that the cards still to
    /// come can never complete. While it holds cards, a game that refills
    /// only an empty reserve's table gets no card from the stock (nor does
    /// one without a stock): the set must be made of what is on the table
    /// and the waste now, wherever it lies there.
    fn reserve_cannot_be_completed(&self) -> bool {
        let Some(set) = R::SET else { return false };
        if self.reserve.is_empty() {
            return false;
        }
        let stock_comes = match R::REFILL {
            Refill::AtOnce => true,
            Refill::Never | Refill::WhileReserveEmpty | Refill::FromWasteWhileReserveEmpty => {
                matches!(R::STOCK, Stock::ToPile { .. } | Stock::OntoEachPile { .. })
            }
        };
        if stock_comes {
            return false;
        }
        let pool: Vec<CardId> = self.piles.iter().flat_map(|pile| pile.iter()).chain(self.waste.iter()).collect();
        !Self::completes_from(set, &mut self.reserve.to_vec(), &pool)
    }
    /// Whether piles of the same kind may trade places in the key.
    fn piles_are_alike() -> bool {
        !matches!(R::STOCK, Stock::OntoEachPile { .. })
    }

    /// The bytes of the key (see the module).
    pub(crate) fn key_bytes(&self) -> Vec<u8> {
        let specs = &self.table().piles;
        let mut piles: Vec<(u8, Vec<u8>)> = specs
            .iter()
            .zip(&self.piles)
            .map(|(spec, pile)| (u8::from(spec.refilled) | u8::from(spec.receives_only_from_stock) << 1, pile.iter().map(Self::face).collect()))
            .collect();
        if Self::piles_are_alike() {
            piles.sort_unstable();
        }
        let mut bytes = Vec::with_capacity(2 * 52 * R::DECKS as usize + 2 * specs.len() + 8);
        for (kind, cards) in piles {
            bytes.push(0x80 | kind);
            bytes.extend(cards);
        }
        let mut reserve: Vec<u8> = self.reserve.iter().map(Self::face).collect();
        reserve.sort_unstable();
        bytes.push(0xf0);
        bytes.extend(reserve);
        bytes.push(0xf1);
        bytes.extend(self.waste.iter().map(Self::face));
        bytes.extend([0xf2, self.stock.len() as u8, self.draws, self.removed]);
        bytes
    }
}

impl<R: Rules> Search for CellsGame<R> {
    fn is_won(&self) -> bool {
        CellsGame::is_won(self)
    }

    /// Every legal move but the set groups: removals first, then cards into
    /// the reserve, moves into empty piles, and drawing last. A card that
    /// would leave the reserve unable ever to make its set is not put there
    /// (the game would be lost at once).
    fn search_actions(&self, out: &mut Vec<Action>) {
        let first = out.len();
        self.push_moves(false, out);
        if let Some(set) = R::SET {
            let held = self.reserve.to_vec();
            let mut index = first;
            while index < out.len() {
                let dead = match out[index] {
                    Action::ToReserve(place) => {
                        let mut more = held.clone();
                        more.push(self.card_at(place).expect("a card there"));
                        !set.complete(&more) && !set.completable(&more)
                    }
                    _ => false,
                };
                if dead {
                    out.remove(index);
                } else {
                    index += 1;
                }
            }
        }
    }

    fn is_dead(&self) -> bool {
        !self.is_won() && self.reserve_cannot_be_completed()
    }

    fn state_key(&self) -> u128 {
        patience_engine::solver::hash_bytes(&self.key_bytes())
    }
}
