//! Whether the cards left can all leave as runs of three: the counting
//! behind the dead rule of the games whose only way out is a run of
//! three ranks in a row (Triple Alliance).
//!
//! With t_r runs starting at rank r (r, r+1, r+2 round the circle), rank r
//! is in the runs starting at r−2, r−1 and r, so c_r = t_(r−2) + t_(r−1) +
//! t_r for the c_r cards of rank r. Then t_r − t_(r−3) = c_r − c_(r−1), and
//! stepping by three visits all thirteen ranks (13 and 3 have no common
//! factor): every t_r is one unknown x plus a known number, and c_Ace fixes
//! x. So the split, when there is one, is unique, and checking it costs
//! thirteen steps.

/// Whether `counts` (cards of each rank, Ace first) split into runs of
/// three ranks in a row, a King next to an Ace, every card in one.
pub fn splits_into_runs_of_three(counts: &[i32; 13]) -> bool {
    let mut offset = [0i32; 13];
    let mut rank = 0;
    for _ in 0..12 {
        let next = (rank + 3) % 13;
        offset[next] = offset[rank] + counts[next] - counts[(next + 12) % 13];
        rank = next;
    }
    let three_x = counts[0] - (offset[11] + offset[12] + offset[0]);
    if three_x.rem_euclid(3) != 0 {
        return false;
    }
    let x = three_x.div_euclid(3);
    offset.iter().all(|&o| x + o >= 0)
}

/// Whether `counts` split into runs of three once `left` cards (any ranks)
/// are set aside.
pub fn splits_leaving(counts: &[i32; 13], left: u8) -> bool {
    splits_leaving_from(counts, left, 0)
}

/// `splits_leaving` with the cards set aside of rank `from` or higher (the
/// ones set aside are a set: each is tried once, in rising order).
fn splits_leaving_from(counts: &[i32; 13], left: u8, from: usize) -> bool {
    if left == 0 {
        return splits_into_runs_of_three(counts);
    }
    (from..13).any(|rank| {
        counts[rank] > 0 && {
            let mut fewer = *counts;
            fewer[rank] -= 1;
            splits_leaving_from(&fewer, left - 1, rank)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::deal::DealRng;

    /// The same question by trying every run: a plain search.
    fn splits_by_search(counts: &mut [i32; 13]) -> bool {
        let Some(first) = counts.iter().position(|&c| c > 0) else { return true };
        // The lowest rank left is in a run starting at it or one or two before.
        (0..3).any(|back| {
            let start = (first + 13 - back) % 13;
            let run = [start, (start + 1) % 13, (start + 2) % 13];
            if run.iter().any(|&r| counts[r] == 0) {
                return false;
            }
            run.iter().for_each(|&r| counts[r] -= 1);
            let found = splits_by_search(counts);
            run.iter().for_each(|&r| counts[r] += 1);
            found
        })
    }

    #[test]
    fn the_count_agrees_with_a_search_of_every_run() {
        let mut rng = DealRng::new(3);
        let mut splits = 0;
        for case in 0..3000 {
            let mut counts = [0i32; 13];
            // Some made of runs (they split), some of random cards.
            if case % 2 == 0 {
                for _ in 0..1 + rng.below(8) {
                    let start = rng.below(13) as usize;
                    (0..3).for_each(|k| counts[(start + k) % 13] += 1);
                }
            } else {
                for _ in 0..rng.below(16) {
                    counts[rng.below(13) as usize] += 1;
                }
            }
            let by_search = splits_by_search(&mut counts.clone());
            assert_eq!(splits_into_runs_of_three(&counts), by_search, "{counts:?}");
            splits += u32::from(by_search);
        }
        assert!(splits > 1500 && splits < 3000, "both answers are tried: {splits}");
        // A whole deck is 52 cards: no split, but one with any card set
        // aside (Triple Alliance is won with one card left), and two decks
        // with two set aside.
        assert!(!splits_into_runs_of_three(&[4; 13]) && splits_leaving(&[4; 13], 1));
        assert!(!splits_leaving(&[8; 13], 1) && splits_leaving(&[8; 13], 2));
    }

    /// Setting cards aside in rising order of rank finds a split exactly
    /// when trying them in every order does.
    #[test]
    fn setting_aside_in_rising_order_is_setting_aside_in_any() {
        fn in_any_order(counts: &[i32; 13], left: u8) -> bool {
            left == 0 && splits_into_runs_of_three(counts)
                || left > 0
                    && (0..13).any(|rank| {
                        counts[rank] > 0 && {
                            let mut fewer = *counts;
                            fewer[rank] -= 1;
                            in_any_order(&fewer, left - 1)
                        }
                    })
        }
        let mut rng = DealRng::new(5);
        let mut splits = 0;
        for case in 0..2000 {
            let mut counts = [0i32; 13];
            for _ in 0..1 + rng.below(8) {
                let start = rng.below(13) as usize;
                (0..3).for_each(|k| counts[(start + k) % 13] += 1);
            }
            for _ in 0..rng.below(4) {
                counts[rng.below(13) as usize] += 1;
            }
            let left = (case % 3) as u8;
            let expected = in_any_order(&counts, left);
            assert_eq!(splits_leaving(&counts, left), expected, "{counts:?} leaving {left}");
            splits += u32::from(expected);
        }
        assert!(splits > 300 && splits < 1700, "both answers are tried: {splits}");
    }
}
