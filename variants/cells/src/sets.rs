//! The sets a reserve collects: which card it takes next, when it is
//! complete (and goes), and when it can never be completed any more.
//!
//! Every rule decides from the cards it holds, so that a reserve filled one
//! card at a time and a set put in at once agree.

use patience_engine::card::{CardId, JACK, KING, QUEEN};

use patience_engine::ranks::ranks;

/// How a game's reserve is shown: one cell per card, or a pile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReserveLook {
    Cells(u8),
    Pile,
}

/// What a reserve collects.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetRule {
    /// One card of each rank of `ranks` (Elevens' J-Q-K), all of one suit
    /// when `same_suit`.
    Distinct { ranks: u16, same_suit: bool },
    /// `count` cards of one rank, a rank of `ranks` (Tens: four 10s, four
    /// Jacks, …).
    Kind { ranks: u16, count: u8 },
    /// Number cards of value at most `highest` making `total` (Fifteens:
    /// 5+5+5, 1+2+3+4+5), or else exactly one card of each of
    /// `or_each_of` (10-J-Q-K) and nothing more.
    Sum { total: u8, highest: u8, or_each_of: u16 },
    /// One face card and three number cards of different ranks making
    /// `total` (Eighteens); an Ace on top may leave alone again.
    FaceAndThree { total: u8 },
    /// `len` ranks in a row, King and Ace neighbours (Triple Alliance),
    /// gathered in any order as long as the cards held stay in a row.
    Run { len: u8 },
}

fn is_face(card: CardId) -> bool {
    card.rank() >= JACK
}

fn suit_bit(card: CardId) -> u8 {
    1 << (card.code() % 52 / 13)
}

/// What a reserve holds, as much as any set asks of it, kept up card by
/// card: the search tries groups a card at a time, and asking of each
/// card the cards under it again was most of its work where sets are
/// large (Eighteens, Fifteens).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    len: u8,
    /// The ranks held, one bit each (Ace at bit 1).
    ranks: u16,
    /// Some rank is held twice.
    repeated: bool,
    /// The suits held, one bit each.
    suits: u8,
    /// The sum of the ranks; the highest rank.
    sum: u32,
    highest: u8,
    /// The number cards (A–10): how many, and their sum; the face cards.
    numbers: u8,
    number_sum: u32,
    faces: u8,
}

impl Holding {
    pub fn of(held: impl IntoIterator<Item = CardId>) -> Holding {
        held.into_iter().fold(Holding::default(), Holding::with)
    }

    /// This and `card` on top.
    pub fn with(self, card: CardId) -> Holding {
        let rank = card.rank();
        let face = is_face(card);
        Holding {
            len: self.len + 1,
            ranks: self.ranks | 1 << rank,
            repeated: self.repeated || self.ranks & 1 << rank != 0,
            suits: self.suits | suit_bit(card),
            sum: self.sum + u32::from(rank),
            highest: self.highest.max(rank),
            numbers: self.numbers + u8::from(!face),
            number_sum: self.number_sum + if face { 0 } else { u32::from(rank) },
            faces: self.faces + u8::from(face),
        }
    }
}

/// A face and three: whether number cards of the ranks `usable` says
/// (never one held), one of each at most, can make the one to three
/// numbers `held` has three making `total`. `None` for no number held or
/// more than three, which [`SetRule::can_complete`] and
/// [`SetRule::can_complete_from`] answer each their own way.
fn numbers_reach(held: &Holding, total: u8, usable: impl Fn(u32) -> bool) -> Option<bool> {
    let total = u32::from(total);
    let need = total.saturating_sub(held.number_sum);
    match held.numbers {
        3 => Some(held.number_sum == total),
        2 => Some(usable(need)),
        1 => Some((1..=10u32).any(|x| x < need - x.min(need) && usable(x) && usable(need - x))),
        _ => None,
    }
}

/// Whether the ranks of `set` (one bit each, Ace at bit 1) lie in a row
/// round the circle of ranks: where some rank is missing, exactly one
/// rank of the set has no rank below it in the set (King below Ace).
/// (The search asks this for every card it tries in a run.)
fn in_a_row(set: u16) -> bool {
    let ranks = set >> 1;
    if ranks.count_ones() == 0 || ranks.count_ones() == 13 {
        return true;
    }
    let below_each = (ranks << 1 | ranks >> 12) & 0x1fff;
    (ranks & !below_each).count_ones() == 1
}

impl SetRule {
    /// J, Q and K, one of each: Elevens' set.
    pub const JQK: SetRule = SetRule::Distinct { ranks: ranks(&[JACK, QUEEN, KING]), same_suit: false };

    /// Most cards the reserve holds before its set goes.
    pub fn capacity(&self) -> usize {
        match *self {
            SetRule::Distinct { ranks, .. } => ranks.count_ones() as usize,
            SetRule::Kind { count, .. } => count as usize,
            SetRule::Sum { total, .. } => total as usize,
            SetRule::FaceAndThree { .. } => 4,
            SetRule::Run { len } => len as usize,
        }
    }

    pub fn look(&self) -> ReserveLook {
        match *self {
            SetRule::Sum { .. } | SetRule::FaceAndThree { .. } => ReserveLook::Pile,
            _ => ReserveLook::Cells(self.capacity() as u8),
        }
    }

    /// Whether the reserve holding `held` takes `card` next.
    pub fn accepts(&self, held: &[CardId], card: CardId) -> bool {
        self.takes(&Holding::of(held.iter().copied()), card)
    }

    /// Whether the reserve holding `held` is complete: its cards go.
    pub fn complete(&self, held: &[CardId]) -> bool {
        self.is_complete(&Holding::of(held.iter().copied()))
    }

    /// Whether a reserve that took its cards one by one can be dead: only
    /// a set that takes what it may never complete (a sum past its total,
    /// a face card that leaves no number to fit) can be. One of the others
    /// holds only what still leads to its set.
    pub fn can_die(&self) -> bool {
        matches!(self, SetRule::Sum { .. } | SetRule::FaceAndThree { .. })
    }

    /// Whether cards of some ranks could still complete the reserve
    /// holding `held` (whether or not such cards are left): false for a
    /// dead reserve, which never goes.
    pub fn completable(&self, held: &[CardId]) -> bool {
        self.can_complete(&Holding::of(held.iter().copied()))
    }

    /// [`SetRule::accepts`], of what a reserve holds.
    pub fn takes(&self, held: &Holding, card: CardId) -> bool {
        if held.len as usize >= self.capacity() {
            return false;
        }
        let rank = card.rank();
        let bit = 1u16 << rank;
        match *self {
            SetRule::Distinct { ranks, same_suit } => {
                ranks & bit != 0 && held.ranks & bit == 0 && (!same_suit || held.suits & !suit_bit(card) == 0)
            }
            SetRule::Kind { ranks, .. } => ranks & bit != 0 && held.ranks & !bit == 0,
            // Anything: a set that can no longer make its total is dead,
            // and the game then lost (`completable`).
            SetRule::Sum { .. } => true,
            SetRule::FaceAndThree { total } => {
                if held.ranks & bit != 0 {
                    return false;
                }
                if is_face(card) {
                    return held.faces == 0;
                }
                let sum = held.number_sum + u32::from(rank);
                sum <= u32::from(total) && (held.numbers != 2 || sum == u32::from(total))
            }
            SetRule::Run { .. } => held.ranks & bit == 0 && in_a_row(held.ranks | bit),
        }
    }

    /// [`SetRule::complete`], of what a reserve holds.
    pub fn is_complete(&self, held: &Holding) -> bool {
        match *self {
            SetRule::Distinct { ranks, .. } => held.ranks == ranks,
            SetRule::Kind { count, .. } => held.len == count,
            SetRule::Sum { total, highest, or_each_of } => {
                let numbers = held.highest <= highest;
                let each_once = held.len as u32 == or_each_of.count_ones() && held.ranks == or_each_of;
                (numbers && held.len >= 2 && held.sum == u32::from(total)) || each_once
            }
            SetRule::FaceAndThree { total } => held.len == 4 && held.faces == 1 && held.number_sum == u32::from(total),
            SetRule::Run { len } => held.len == len,
        }
    }

    /// Whether cards of `ranks` (one bit each), at most one of each rank,
    /// could complete the reserve holding `held`: where a set's cards are
    /// of different ranks (the distinct sets, a face and three), what the
    /// cards left to try can give; any other set answers
    /// [`SetRule::can_complete`]. Never false where such cards complete it.
    pub fn can_complete_from(&self, held: &Holding, ranks: u16) -> bool {
        let offered = ranks & !held.ranks;
        match *self {
            SetRule::Distinct { ranks: wanted, .. } => wanted & !held.ranks & !offered == 0,
            SetRule::FaceAndThree { total } => {
                const FACES: u16 = 0b111 << JACK;
                let faces_ok = held.faces > 0 || offered & FACES != 0;
                let has = |rank: u32| (1..=10).contains(&rank) && offered & (1 << rank) != 0;
                let numbers_ok = numbers_reach(held, total, has).unwrap_or_else(|| {
                    let need = u32::from(total);
                    held.numbers == 0
                        && (1..=10u32).any(|x| {
                            (x + 1..=10).any(|y| x + y < need && has(x) && has(y) && need - x - y > y && has(need - x - y))
                        })
                });
                faces_ok && numbers_ok
            }
            _ => self.can_complete(held),
        }
    }

    /// [`SetRule::completable`], of what a reserve holds.
    pub fn can_complete(&self, held: &Holding) -> bool {
        match *self {
            SetRule::Sum { total, highest, or_each_of } => {
                let numbers = held.highest <= highest;
                let distinct_of_each = held.ranks & !or_each_of == 0 && !held.repeated;
                (numbers && held.sum <= u32::from(total)) || distinct_of_each
            }
            SetRule::FaceAndThree { total } => {
                // A face card still fits (the faces are never a number's
                // rank); the numbers must reach the total with ranks not held.
                let free = |rank: u32| (1..=10).contains(&rank) && held.ranks & (1 << rank) == 0;
                numbers_reach(held, total, free).unwrap_or(true)
            }
            _ => true,
        }
    }

    /// The set in words: "a Jack, a Queen and a King".
    pub fn text(&self) -> String {
        match *self {
            SetRule::Distinct { ranks, same_suit } => {
                let names: Vec<&str> = (1..=13u8).filter(|r| ranks & (1 << r) != 0).map(rank_name).collect();
                let suit = if same_suit { ", all of one suit" } else { "" };
                format!("one each of {}{suit}", list(&names))
            }
            SetRule::Kind { ranks, count } => {
                let names: Vec<String> = (1..=13u8).filter(|r| ranks & (1 << r) != 0).map(|r| format!("{}s", rank_name(r))).collect();
                format!("{count} of a kind: {count} {}", list_or(&names))
            }
            SetRule::Sum { total, highest, or_each_of } => {
                let names: Vec<&str> = (1..=13u8).filter(|r| or_each_of & (1 << r) != 0).map(rank_name).collect();
                format!("cards of value {highest} at most making {total}, two or more of them; or exactly one each of {}", list(&names))
            }
            SetRule::FaceAndThree { total } => {
                format!("one face card (J, Q or K) and three number cards of different ranks (Ace = 1) making {total}")
            }
            SetRule::Run { len } => format!("{len} cards of ranks in a row, a King next to an Ace (Q-K-A, K-A-2)"),
        }
    }
}

pub(crate) fn rank_name(rank: u8) -> &'static str {
    ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"][rank as usize]
}

fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn list_or(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of ranks: in a row exactly when it is `n` ranks from
    /// some rank on, round the circle.
    #[test]
    fn in_a_row_is_a_window_round_the_circle() {
        let window = |set: u16| {
            let n = set.count_ones();
            (0..13u32).any(|first| (0..n).fold(0u16, |window, k| window | 1 << ((first + k) % 13 + 1)) == set)
        };
        let mut rows = 0;
        for ranks in 0u16..1 << 13 {
            let set = ranks << 1;
            assert_eq!(in_a_row(set), window(set), "{set:#b}");
            rows += usize::from(window(set));
        }
        assert_eq!(rows, 2 + 12 * 13, "the empty set, the whole circle, and 13 runs of each length 1-12");
    }

    fn cards(text: &str) -> Vec<CardId> {
        text.split_whitespace().map(|c| c.parse().expect("a card")).collect()
    }

    /// Whether the cards, put in one after another in this order, are all
    /// taken and end complete.
    fn fills(rule: SetRule, text: &str) -> bool {
        let mut held = Vec::new();
        for card in cards(text) {
            if !rule.accepts(&held, card) {
                return false;
            }
            held.push(card);
        }
        rule.complete(&held)
    }

    #[test]
    fn jack_queen_king_one_of_each() {
        assert!(fills(SetRule::JQK, "Jh Qc Ks") && fills(SetRule::JQK, "Ks Jh Qc"));
        assert!(!SetRule::JQK.accepts(&cards("Jh"), "Jd".parse().unwrap()), "no rank twice");
        assert!(!SetRule::JQK.accepts(&[], "Th".parse().unwrap()));
        let suited = SetRule::Distinct { ranks: ranks(&[JACK, QUEEN, KING]), same_suit: true };
        assert!(fills(suited, "Jh Qh Kh") && !fills(suited, "Jh Qh Ks"));
    }

    #[test]
    fn four_of_a_kind() {
        let tens = SetRule::Kind { ranks: ranks(&[10, JACK, QUEEN, KING]), count: 4 };
        assert!(fills(tens, "Th Tc Td Ts") && fills(tens, "Kh Kc Kd Ks"));
        assert!(!fills(tens, "Th Tc Jd") && !fills(tens, "9h 9c 9d 9s"));
        assert!(!tens.complete(&cards("Th Tc Td")));
    }

    #[test]
    fn fifteen_in_numbers_or_ten_jack_queen_king() {
        let fifteen = SetRule::Sum { total: 15, highest: 9, or_each_of: ranks(&[10, JACK, QUEEN, KING]) };
        assert!(fills(fifteen, "5h 5c 5d") && fills(fifteen, "Ah 2c 3d 4s 5h") && fills(fifteen, "6h 9c"));
        assert!(fills(fifteen, "Th Jc Qd Ks") && fills(fifteen, "Ks Th Qd Jc"));
        assert!(!fifteen.complete(&cards("Th 5c")), "a 10 never counts as a number");
        assert!(fifteen.completable(&cards("7h 7c")) && !fifteen.completable(&cards("9h 8c")), "17 is past 15");
        assert!(!fifteen.completable(&cards("Th 5c")) && !fifteen.completable(&cards("Jh Jc")));
        assert!(fifteen.completable(&cards("Jh Qc")));
    }

    #[test]
    fn eighteen_is_a_face_and_three_numbers() {
        let eighteen = SetRule::FaceAndThree { total: 18 };
        assert!(fills(eighteen, "Kh 9c 5d 4s") && fills(eighteen, "9c 5d Qh 4s") && fills(eighteen, "Ah 7c Td Jh"));
        assert!(!fills(eighteen, "Kh 9c 9d"), "no rank twice");
        assert!(!fills(eighteen, "Kh Qc"), "one face card");
        assert!(!eighteen.accepts(&cards("9c 5d"), "3h".parse().unwrap()), "two numbers: the third must make 18");
        assert!(!eighteen.accepts(&cards("Tc 9d"), "Ah".parse().unwrap()), "past 18");
        assert!(eighteen.completable(&cards("Jh 9c 8d")), "an Ace makes 18");
        assert!(!eighteen.completable(&cards("Jh Tc 8d")), "two numbers make 18 already: a third cannot");
    }

    #[test]
    fn a_run_of_three_in_any_order_that_stays_in_a_row() {
        let run = SetRule::Run { len: 3 };
        assert!(fills(run, "5h 6c 4d") && fills(run, "Qh Kc Ad") && fills(run, "Kh Ac 2d"));
        assert!(!fills(run, "5h 7c 6d"), "5 then 7 is not in a row");
        assert!(!fills(run, "Jh Qc Kd Ah"), "three, not four");
        assert!(!fills(run, "2h Ac Kd Qs"));
    }

    /// Whether some cards (of any ranks and suits) complete `held`: every
    /// way tried.
    fn completable_by_search(rule: SetRule, held: &[CardId]) -> bool {
        if rule.complete(held) {
            return true;
        }
        held.len() < rule.capacity()
            && patience_engine::deal::fresh_decks(1).into_iter().any(|card| {
                rule.accepts(held, card) && completable_by_search(rule, &[held, &[card]].concat())
            })
    }

    #[test]
    fn completable_says_what_a_search_of_every_card_says() {
        let mut rng = patience_engine::deal::DealRng::new(5);
        let deck = patience_engine::deal::fresh_decks(1);
        // (A sum of up to fifteen cards is too deep to search this way; its
        // closed form has its own test above.)
        for rule in [SetRule::FaceAndThree { total: 18 }, SetRule::JQK, SetRule::Run { len: 3 }] {
            for _ in 0..300 {
                let mut held = Vec::new();
                for _ in 0..rng.below(4) {
                    let card = deck[rng.below(52) as usize];
                    if rule.accepts(&held, card) && !rule.complete(&[held.as_slice(), &[card]].concat()) {
                        held.push(card);
                    }
                }
                assert_eq!(rule.completable(&held), completable_by_search(rule, &held), "{rule:?} {held:?}");
            }
        }
    }

    use patience_engine::card::{JACK, KING, QUEEN};

    /// The rules asked of the cards held, one by one, as they were before
    /// [`Holding`] summed them up: the reference the summary must agree
    /// with.
    mod plain {
        use super::super::{in_a_row, is_face, SetRule};
        use patience_engine::card::CardId;

        fn numbers_held(held: &[CardId]) -> (usize, u32) {
            held.iter().filter(|&&h| !is_face(h)).fold((0, 0), |(count, sum), h| (count + 1, sum + u32::from(h.rank())))
        }

        pub fn accepts(rule: SetRule, held: &[CardId], card: CardId) -> bool {
            if held.len() >= rule.capacity() {
                return false;
            }
            let rank = card.rank();
            match rule {
                SetRule::Distinct { ranks, same_suit } => {
                    ranks & (1 << rank) != 0
                        && !held.iter().any(|h| h.rank() == rank)
                        && (!same_suit || held.iter().all(|h| h.card().suit == card.card().suit))
                }
                SetRule::Kind { ranks, .. } => ranks & (1 << rank) != 0 && held.iter().all(|h| h.rank() == rank),
                SetRule::Sum { .. } => true,
                SetRule::FaceAndThree { total } => {
                    if held.iter().any(|h| h.rank() == rank) {
                        return false;
                    }
                    if is_face(card) {
                        return !held.iter().any(|&h| is_face(h));
                    }
                    let (numbers, sum) = numbers_held(held);
                    let sum = sum + u32::from(rank);
                    sum <= u32::from(total) && (numbers != 2 || sum == u32::from(total))
                }
                SetRule::Run { .. } => {
                    let set = held.iter().fold(0u16, |set, h| set | 1 << h.rank());
                    set & (1 << rank) == 0 && in_a_row(set | 1 << rank)
                }
            }
        }

        pub fn complete(rule: SetRule, held: &[CardId]) -> bool {
            match rule {
                SetRule::Distinct { ranks, .. } => held.iter().fold(0u16, |set, h| set | 1 << h.rank()) == ranks,
                SetRule::Kind { count, .. } => held.len() == count as usize,
                SetRule::Sum { total, highest, or_each_of } => {
                    let sum: u32 = held.iter().map(|h| h.rank() as u32).sum();
                    let numbers = held.iter().all(|h| h.rank() <= highest);
                    let each_once = held.len() == or_each_of.count_ones() as usize
                        && held.iter().fold(0u16, |set, h| set | 1 << h.rank()) == or_each_of;
                    (numbers && held.len() >= 2 && sum == total as u32) || each_once
                }
                SetRule::FaceAndThree { total } => {
                    let faces = held.iter().filter(|&&h| is_face(h)).count();
                    let (_, sum) = numbers_held(held);
                    held.len() == 4 && faces == 1 && sum == u32::from(total)
                }
                SetRule::Run { len } => held.len() == len as usize,
            }
        }

        pub fn completable(rule: SetRule, held: &[CardId]) -> bool {
            match rule {
                SetRule::Sum { total, highest, or_each_of } => {
                    let sum: u32 = held.iter().map(|h| h.rank() as u32).sum();
                    let numbers = held.iter().all(|h| h.rank() <= highest);
                    let distinct_of_each = held.iter().all(|h| or_each_of & (1 << h.rank()) != 0)
                        && held.iter().fold(0u16, |set, h| set | 1 << h.rank()).count_ones() as usize == held.len();
                    (numbers && sum <= total as u32) || distinct_of_each
                }
                SetRule::FaceAndThree { total } => {
                    let (numbers, sum) = numbers_held(held);
                    let ranks = held.iter().fold(0u16, |set, h| set | 1 << h.rank());
                    let free = |rank: u32| (1..=10).contains(&rank) && ranks & (1 << rank) == 0;
                    let need = u32::from(total).saturating_sub(sum);
                    match numbers {
                        3 => sum == u32::from(total),
                        2 => free(need),
                        1 => (1..=10u32).any(|x| x < need && free(x) && free(need - x) && x != need - x),
                        _ => true,
                    }
                }
                _ => true,
            }
        }
    }

    /// Every set rule of the family (and a few more), on random reserves of
    /// two decks' cards, taken or not: what the summary answers is what the
    /// cards one by one answer.
    #[test]
    fn a_holding_answers_as_the_cards_it_sums_up() {
        let rules = [
            SetRule::JQK,
            SetRule::Distinct { ranks: ranks(&[JACK, QUEEN, KING]), same_suit: true },
            SetRule::Distinct { ranks: ranks(&[10, JACK, QUEEN, KING]), same_suit: false },
            SetRule::Kind { ranks: ranks(&[10, JACK, QUEEN, KING]), count: 4 },
            SetRule::Sum { total: 15, highest: 9, or_each_of: ranks(&[10, JACK, QUEEN, KING]) },
            SetRule::Sum { total: 10, highest: 10, or_each_of: 0 },
            SetRule::FaceAndThree { total: 18 },
            SetRule::FaceAndThree { total: 12 },
            SetRule::Run { len: 3 },
            SetRule::Run { len: 5 },
        ];
        let deck = patience_engine::deal::fresh_decks(2);
        let mut rng = patience_engine::deal::DealRng::new(18);
        let (mut taken, mut refused, mut complete, mut dead) = (0, 0, 0, 0);
        for rule in rules {
            for _ in 0..2_000 {
                // Cards the rule takes, mostly, and now and then any card
                // (a reserve as `completable` may be asked of).
                let mut held = Vec::new();
                for _ in 0..rng.below(6) {
                    let card = deck[rng.below(deck.len() as u64) as usize];
                    if rng.below(4) == 0 || plain::accepts(rule, &held, card) {
                        held.push(card);
                    }
                }
                let holding = Holding::of(held.iter().copied());
                let card = deck[rng.below(deck.len() as u64) as usize];
                let takes = plain::accepts(rule, &held, card);
                assert_eq!(rule.takes(&holding, card), takes, "{rule:?} {held:?} takes {card:?}");
                assert_eq!(rule.is_complete(&holding), plain::complete(rule, &held), "{rule:?} {held:?} complete");
                assert_eq!(rule.can_complete(&holding), plain::completable(rule, &held), "{rule:?} {held:?} completable");
                assert_eq!(holding.with(card), Holding::of(held.iter().copied().chain([card])));
                if takes { taken += 1 } else { refused += 1 }
                complete += usize::from(plain::complete(rule, &held));
                dead += usize::from(!plain::completable(rule, &held));
            }
        }
        assert!(taken > 2_000 && refused > 2_000 && complete > 100 && dead > 100, "{taken} {refused} {complete} {dead}");
    }

    /// Whether cards of `ranks`, one of each at most (of the suit of the
    /// first card held, or clubs), taken one by one, complete `held`.
    fn completes_with_ranks(rule: SetRule, held: Holding, suit: u8, ranks: u16) -> bool {
        (1..=13u8).filter(|&rank| ranks & 1 << rank != 0).any(|rank| {
            let card = CardId::from_code(suit * 13 + rank - 1).expect("a card");
            rule.takes(&held, card)
                && (rule.is_complete(&held.with(card)) || completes_with_ranks(rule, held.with(card), suit, ranks & !(1 << rank)))
        })
    }

    /// The sets of cards of different ranks: giving up a group that the
    /// ranks left cannot complete gives up exactly those that no cards of
    /// those ranks complete (a search of every choice says which).
    #[test]
    fn can_complete_from_says_what_a_search_of_the_ranks_left_says() {
        let rules = [
            SetRule::FaceAndThree { total: 18 },
            SetRule::FaceAndThree { total: 12 },
            SetRule::JQK,
            SetRule::Distinct { ranks: ranks(&[10, JACK, QUEEN, KING]), same_suit: false },
            SetRule::Distinct { ranks: ranks(&[JACK, QUEEN, KING]), same_suit: true },
        ];
        let deck = patience_engine::deal::fresh_decks(1);
        let mut rng = patience_engine::deal::DealRng::new(11);
        let (mut yes, mut no) = (0, 0);
        for rule in rules {
            for _ in 0..3_000 {
                let mut held = Vec::new();
                for _ in 0..rng.below(4) {
                    let card = deck[rng.below(52) as usize];
                    if rule.accepts(&held, card) && !rule.complete(&[held.as_slice(), &[card]].concat()) {
                        held.push(card);
                    }
                }
                // Few ranks left, mostly: where the answer turns on one.
                let ranks_left = if rng.below(2) == 0 {
                    (0..rng.below(5)).fold(0u16, |mask, _| mask | 1 << (1 + rng.below(13)))
                } else {
                    (rng.below(1 << 13) as u16) << 1
                };
                let suit = held.first().map_or(0, |card: &CardId| card.code() / 13);
                let expected = completes_with_ranks(rule, Holding::of(held.iter().copied()), suit, ranks_left);
                let answer = rule.can_complete_from(&Holding::of(held.iter().copied()), ranks_left);
                assert_eq!(answer, expected, "{rule:?} {held:?} ranks left {ranks_left:#b}");
                if expected { yes += 1 } else { no += 1 }
            }
        }
        assert!(yes > 1_000 && no > 1_000, "both answers are tried ({yes} yes, {no} no)");
    }

    #[test]
    fn the_texts_name_the_set() {
        assert_eq!(SetRule::JQK.text(), "one each of Jack, Queen and King");
    }
}
