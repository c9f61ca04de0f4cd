//! How many runs a set of tablets needs at least: the count behind
//! Speedpyramid's dead rule and its score bound.
//!
//! A run is a series of tablets each one rank above or below the one
//! before, King and Ace neighbours: a walk on the circle of the 13 ranks
//! that stops at rank r once for every tablet of rank r played. Between two
//! runs the player must draw or play a joker, so a field that needs k runs
//! costs at least k − 1 draws and jokers (k when its first run cannot go
//! onto the discard pile as it is).
//!
//! The count: k runs through n tablets take n − k steps between ranks. A
//! tablet is passed by at most two steps, so if e_r steps go between
//! ranks r and r + 1, then e_(r−1) + e_r ≤ 2·c_r, c_r the tablets of rank
//! r. So k ≥ n − E, E the most steps those limits allow; and a set of
//! ranks not joined by steps needs a run of its own. The most steps on a
//! line of ranks are found greedily from one end (a step taken as early as
//! possible never costs a later one); round the whole circle, once for
//! each number of steps between King and Ace.

/// The least number of runs that play every tablet of `counts` (tablets
/// per rank, Ace first).
pub fn runs_needed(counts: &[u8; 13]) -> u32 {
    if counts.iter().all(|&c| c == 0) {
        return 0;
    }
    let Some(gap) = counts.iter().position(|&c| c == 0) else {
        return around_the_circle(counts);
    };
    // Lines of ranks between the ranks no tablet has, starting after one.
    let mut runs = 0;
    let mut line: Vec<u32> = Vec::new();
    for offset in 1..=13 {
        let count = counts[(gap + offset) % 13];
        if count == 0 {
            runs += runs_on_a_line(&line);
            line.clear();
        } else {
            line.push(count as u32);
        }
    }
    runs
}

fn runs_on_a_line(counts: &[u32]) -> u32 {
    if counts.is_empty() {
        return 0;
    }
    let tablets: u32 = counts.iter().sum();
    let room: Vec<u32> = counts.iter().map(|&c| 2 * c).collect();
    (tablets - most_steps(&room)).max(1)
}

fn around_the_circle(counts: &[u8; 13]) -> u32 {
    let tablets: u32 = counts.iter().map(|&c| c as u32).sum();
    let (ace, king) = (2 * counts[0] as u32, 2 * counts[12] as u32);
    let most = (0..=ace.min(king))
        .map(|wrapping| {
            let mut room: Vec<u32> = counts.iter().map(|&c| 2 * c as u32).collect();
            room[0] -= wrapping;
            room[12] -= wrapping;
            wrapping + most_steps(&room)
        })
        .max()
        .expect("at least no step round");
    (tablets - most).max(1)
}

/// The most steps along a line of ranks whose tablets allow `room[i]`
/// step ends each.
fn most_steps(room: &[u32]) -> u32 {
    let mut left = room.first().copied().unwrap_or(0);
    let mut steps = 0;
    for &next in &room[1..] {
        let taken = left.min(next);
        steps += taken;
        left = next - taken;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_engine::deal::DealRng;
    use std::collections::HashMap;

    fn adjacent(a: usize, b: usize) -> bool {
        (a + 1) % 13 == b || (b + 1) % 13 == a
    }

    /// The least number of runs by trying every order: a run goes on while
    /// the next tablet is one rank away from the last.
    fn fewest_runs(left: [u8; 13], last: Option<usize>, memo: &mut HashMap<([u8; 13], Option<usize>), u32>) -> u32 {
        if left.iter().all(|&c| c == 0) {
            return 0;
        }
        if let Some(&known) = memo.get(&(left, last)) {
            return known;
        }
        let fewest = (0..13)
            .filter(|&rank| left[rank] > 0)
            .map(|rank| {
                let mut next = left;
                next[rank] -= 1;
                let new_run = !last.is_some_and(|last| adjacent(last, rank));
                u32::from(new_run) + fewest_runs(next, Some(rank), memo)
            })
            .min()
            .expect("a tablet is left");
        memo.insert((left, last), fewest);
        fewest
    }

    #[test]
    fn the_count_is_never_more_than_the_fewest_runs_a_search_finds() {
        let mut rng = DealRng::new(11);
        let mut exact = 0;
        for case in 0..600 {
            let mut counts = [0u8; 13];
            let tablets = 1 + rng.below(if case < 300 { 6 } else { 9 });
            // Some cases on few neighbouring ranks, some round the circle.
            let spread = if case % 3 == 0 { 13 } else { 2 + rng.below(5) };
            let first = rng.below(13);
            for _ in 0..tablets {
                let rank = ((first + rng.below(spread)) % 13) as usize;
                counts[rank] = (counts[rank] + 1).min(4);
            }
            let fewest = fewest_runs(counts, None, &mut HashMap::new());
            let counted = runs_needed(&counts);
            assert!(counted <= fewest, "{counts:?}: counted {counted}, but {fewest} runs do");
            exact += u32::from(counted == fewest);
        }
        // A count that is a bound in name only would be no use.
        assert!(exact >= 570, "exact in {exact} of 600 cases");
    }

    #[test]
    fn examples() {
        let of = |ranks: &[usize]| {
            let mut counts = [0u8; 13];
            ranks.iter().for_each(|&r| counts[r - 1] += 1);
            runs_needed(&counts)
        };
        assert_eq!(of(&[]), 0);
        assert_eq!(of(&[5, 6, 7]), 1);
        assert_eq!(of(&[5, 7]), 2, "a gap");
        assert_eq!(of(&[5, 5, 5]), 3, "no two of a kind in a row");
        assert_eq!(of(&[5, 5, 6]), 1, "5 6 5");
        assert_eq!(of(&[13, 1, 2]), 1, "K A 2 wraps");
        assert_eq!(of(&[1, 1, 1, 1, 2]), 3, "A 2 A, A, A");
        let whole_deck: Vec<usize> = (1..=13).flat_map(|r| [r; 4]).collect();
        assert_eq!(of(&whole_deck), 1, "round the circle four times");
    }
}
