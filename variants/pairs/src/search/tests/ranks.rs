//! Rank counting (`ranks`): the rank types and the pyramid's matching.

use crate::search::ranks::{max_matching, PerRank, Rank, RankPair};
use patience_engine::card::{ACE, KING};

#[test]
fn a_rank_pairs_with_the_one_making_13_and_a_king_with_none() {
    for rank in (ACE..KING).map(|rank| Rank::new(rank).unwrap()) {
        let partner = rank.partner().unwrap();
        assert_eq!(partner.partner(), Some(rank));
        let pair = rank.pair().unwrap();
        assert_eq!(Some(pair), partner.pair());
        assert!([pair.low(), pair.high()].contains(&rank) && [pair.low(), pair.high()].contains(&partner));
    }
    assert_eq!(Rank::KING.partner(), None);
    assert_eq!(Rank::KING.pair(), None);
    assert_eq!(Rank::new(0), None);
    assert_eq!(Rank::new(14), None);
    assert_eq!(RankPair::ALL.map(|pair| (pair.low(), pair.high())).len(), 6);
    let mut table = PerRank::ZERO;
    table[Rank::KING] += 1;
    assert_eq!(table[Rank::new(13).unwrap()], 1, "a rank's number indexes the same entry");
}

#[test]
fn matching_finds_the_largest_set_of_disjoint_pairs() {
    assert_eq!(max_matching(&[]), 0);
    assert_eq!(max_matching(&[0b1, 0b1]), 1);
    assert_eq!(max_matching(&[0b11, 0b1]), 2, "the first must leave card 0 to the second");
    assert_eq!(max_matching(&[0b111, 0b001, 0b010, 0b100]), 3);
    assert_eq!(max_matching(&[0b1 << 27, 0b11 << 26, 0b1 << 26]), 2);
    assert_eq!(max_matching(&[0, 0b10]), 1);
}
