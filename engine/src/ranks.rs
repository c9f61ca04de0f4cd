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
        for rule in [PairRule::sum(11), PairRule::within(1), PairRule::neighbours(), PairRule::sum_of_at_most(15, 9)] {
            for a in 1..=13u8 {
                for b in 1..=13u8 {
                    assert_eq!(rule.partners(a) >> b & 1, rule.partners(b) >> a & 1);
                }
            }
        }
    }
}
