//! Which ranks go together, as data a rule and a search can both count
//! with: the pairs of a game ([`PairRule`]: cards making a sum, ranks one
//! apart, two of a kind), sets of ranks ([`ranks`]), and both with their
//! words ([`Removal`]). Suits never enter
//! here; a game whose pairs look at suits adds that test on top.

use crate::card::{Card, KING};

/// Which cards pair off, by rank, as a table: `partners[r]` has bit `s` set
/// when a card of rank `r` pairs with one of rank `s`. Built with const
/// functions, so a game's rule is a constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PairRule {
    partners: [u16; 14],
}

impl PairRule {
    pub const NONE: PairRule = PairRule { partners: [0; 14] };

    /// Two cards whose values make `total` (`sum(13)`: A+Q, 2+J, … 6+7).
    pub const fn sum(total: u8) -> PairRule {
        let mut rule = PairRule::NONE;
        let mut a = 1;
        while a <= 13 {
            if total > a && total - a <= 13 {
                rule = rule.and(a, total - a);
            }
            a += 1;
        }
        rule
    }

    /// Two cards making `total`, both of a value at most `highest`
    /// (Fifteens: 6+9 and 7+8, never a 10 or a face card).
    pub const fn sum_of_at_most(total: u8, highest: u8) -> PairRule {
        let mut rule = PairRule::NONE;
        let mut a = 1;
        while a <= highest {
            if total > a && total - a <= highest {
                rule = rule.and(a, total - a);
            }
            a += 1;
        }
        rule
    }

    /// Also a card of rank `a` with one of rank `b`.
    pub const fn and(mut self, a: u8, b: u8) -> PairRule {
        self.partners[a as usize] |= 1 << b;
        self.partners[b as usize] |= 1 << a;
        self
    }

    /// Cards whose ranks are at most `gap` apart (1: equal or neighbours),
    /// a King and an Ace never neighbours.
    pub const fn within(gap: u8) -> PairRule {
        let mut rule = PairRule::NONE;
        let mut a = 1;
        while a <= 13 {
            let mut b = 1;
            while b <= 13 {
                if (a as i8 - b as i8).abs() <= gap as i8 {
                    rule = rule.and(a, b);
                }
                b += 1;
            }
            a += 1;
        }
        rule
    }

    /// Cards exactly one rank apart (A-2 … Q-K; a King and an Ace are not).
    pub const fn neighbours() -> PairRule {
        let mut rule = PairRule::NONE;
        let mut a = 1;
        while a < 13 {
            rule = rule.and(a, a + 1);
            a += 1;
        }
        rule
    }

    /// The ranks a card of rank `rank` pairs with, one bit each.
    pub const fn partners(&self, rank: u8) -> u16 {
        self.partners[rank as usize]
    }

    pub const fn pairs(&self, a: Card, b: Card) -> bool {
        self.partners[a.rank as usize] & (1 << b.rank) != 0
    }

    /// Whether every rank pairs with at most one rank, and that one with it
    /// alone (each rank its own partner or another's, never two): where
    /// [`PairRule::pair_off_as_neighbours`] answers exactly.
    pub const fn pairs_back_alone(&self) -> bool {
        let mut rank = 1;
        while rank <= 13 {
            let partners = self.partners[rank];
            if partners != 0
                && (partners.count_ones() != 1 || self.partners[partners.trailing_zeros() as usize] != 1 << rank)
            {
                return false;
            }
            rank += 1;
        }
        true
    }

    /// Whether cards of `ranks`, lying in a row, can all leave in pairs of
    /// neighbours, each pair once the cards between them are gone (a talon
    /// whose cards pair only as stock top and waste top). Under a rule
    /// that [pairs back alone](PairRule::pairs_back_alone), removing
    /// neighbouring partners in any order leaves the same cards (of x y x,
    /// either pair leaves the same x), so one order answers for all: each
    /// card pairs with the nearest one before it still waiting, if that is
    /// its partner. More than 128 cards are said to pair off (never wrongly
    /// no, for the dead checks that ask).
    pub fn pair_off_as_neighbours(&self, ranks: impl IntoIterator<Item = u8>) -> bool {
        let mut waiting = [0u8; 128];
        let mut len = 0;
        for rank in ranks {
            if len > 0 && self.partners(waiting[len - 1]) & (1 << rank) != 0 {
                len -= 1;
            } else if let Some(slot) = waiting.get_mut(len) {
                *slot = rank;
                len += 1;
            } else {
                return true;
            }
        }
        len == 0
    }
}

/// A set of ranks, one bit each: `ranks(&[KING])`.
pub const fn ranks(ranks: &[u8]) -> u16 {
    let mut set = 0;
    let mut i = 0;
    while i < ranks.len() {
        set |= 1 << ranks[i];
        i += 1;
    }
    set
}

/// Which cards leave the table: pairs (by rank) and the ranks that leave
/// alone, with the words for both. Shared by the families whose cards
/// leave in pairs or alone (the pyramids, the adding games).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Removal {
    pub pairs: PairRule,
    /// The ranks that leave alone, one bit each.
    pub singles: u16,
    /// `pairs` in words: "two cards making 13".
    pub pairs_text: &'static str,
    /// `singles` in words ("a King"), if any.
    pub singles_text: Option<&'static str>,
}

impl Removal {
    /// Pyramid's: two cards making 13 (A+Q, 2+J, … 6+7), a King alone.
    pub const THIRTEEN: Removal = Removal::pairs(PairRule::sum(13), "two cards making 13").alone(ranks(&[KING]), "a King");

    /// Pairs only, nothing alone.
    pub const fn pairs(pairs: PairRule, pairs_text: &'static str) -> Removal {
        Removal { pairs, singles: 0, pairs_text, singles_text: None }
    }

    /// Also `singles` leave alone, said as `text` ("a King").
    pub const fn alone(mut self, singles: u16, text: &'static str) -> Removal {
        self.singles = singles;
        self.singles_text = Some(text);
        self
    }

    /// Whether a card of `rank` leaves alone.
    pub const fn leaves_alone(&self, rank: u8) -> bool {
        self.singles & (1 << rank) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{ACE, JACK, KING, QUEEN};

    /// Whether `row` can leave in pairs of neighbours, trying every pair
    /// at every step.
    fn pair_off_by_every_order(rule: &PairRule, row: &[u8]) -> bool {
        row.is_empty()
            || (0..row.len().saturating_sub(1)).any(|i| {
                rule.partners(row[i]) & (1 << row[i + 1]) != 0
                    && pair_off_by_every_order(rule, &[&row[..i], &row[i + 2..]].concat())
            })
    }

    /// Rows of up to ten cards of four ranks, under sums and under two of
    /// a kind: the one order gives every order's answer.
    #[test]
    fn pairing_off_as_neighbours_in_one_order_answers_for_every_order() {
        let (mut yes, mut no) = (0, 0);
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for rule in [PairRule::sum(13), PairRule::NONE.and(4, 4).and(5, 5).and(6, 7)] {
            for _ in 0..3000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let len = (state % 6) as usize * 2;
                let row: Vec<u8> = (0..len).map(|k| [4, 5, 6, 7, 8, 9][(state >> (8 + 3 * k)) as usize % 6]).collect();
                let expected = pair_off_by_every_order(&rule, &row);
                assert_eq!(rule.pair_off_as_neighbours(row.iter().copied()), expected, "{row:?}");
                if expected { yes += 1 } else { no += 1 }
            }
        }
        assert!(yes > 500 && no > 500, "both answers are tried ({yes} yes, {no} no)");
    }

    #[test]
    fn pair_rules_are_symmetric_tables_of_ranks() {
        let thirteen = PairRule::sum(13);
        assert_eq!(thirteen.partners(ACE), 1 << QUEEN);
        assert_eq!(thirteen.partners(KING), 0, "nothing makes 13 with a King");
        assert_eq!(PairRule::sum(12).and(QUEEN, KING).partners(KING), 1 << QUEEN);
        assert_eq!(PairRule::sum_of_at_most(15, 9).partners(6), 1 << 9);
        assert_eq!(PairRule::sum_of_at_most(15, 9).partners(5), 0, "5 + 10: the 10 is too high");
        assert_eq!(PairRule::within(1).partners(7), 1 << 6 | 1 << 7 | 1 << 8);
        assert_eq!(PairRule::neighbours().partners(7), 1 << 6 | 1 << 8);
        assert_eq!(PairRule::neighbours().partners(KING), 1 << QUEEN, "no wrap");
        assert_eq!(ranks(&[JACK, QUEEN, KING]), 1 << 11 | 1 << 12 | 1 << 13);
        assert!(thirteen.pairs_back_alone() && PairRule::NONE.and(5, 5).and(6, 7).pairs_back_alone());
        assert!(!PairRule::within(1).pairs_back_alone() && !PairRule::neighbours().pairs_back_alone());
        for rule in [PairRule::sum(11), PairRule::within(1), PairRule::neighbours(), PairRule::sum_of_at_most(15, 9)] {
            for a in 1..=13u8 {
                for b in 1..=13u8 {
                    assert_eq!(rule.partners(a) >> b & 1, rule.partners(b) >> a & 1);
                }
            }
        }
    }
}
