//! The game with its talon in any order: a dead check for games with a
//! stock.
//!
//! Let every talon card still in play be available at any time, as often
//! as it is needed, to pair with a free shape card (once). Every line of
//! the real game is a line of this relaxed game (a talon card the real game
//! pairs with a shape card, it pairs the same way here; talon cards paired
//! with each other or alone are left to the end, where they pair off
//! alone), so a position whose relaxed game cannot be won cannot be won at
//! all. The relaxed game's positions are the shape's cards left and how
//! many talon cards of each rank are left: far fewer than the real game's,
//! and they repeat, so their verdicts are remembered per deal.
//!
//! With one waste pile, its stock top open and every card to go, the
//! relaxed game keeps the talon's order where the real game keeps it: two
//! talon cards pair only as the waste top and the stock top, which are next
//! to each other in the talon's order (drawing and turning over keep it),
//! so they pair only once every card that lay between them is gone. There
//! the relaxed game's positions hold which talon cards are left, not how
//! many of each rank, and the cards left when the shape is gone must pair
//! off as neighbours (see [`Relaxed::pairs_off_in_order`]). That is still
//! every line of the real game (any pass count; with unlimited passes it
//! is the real game itself), and it sees deals the counts cannot: a deal
//! whose talon cards must pair with each other across cards that cannot
//! leave first.

use crate::game::RemovalGame;
use crate::{Rules, Stock, Win};
use patience_engine::tableau::{bit, bits, Mask};
use std::cell::RefCell;
use rustc_hash::FxHashMap;

/// The talon cards left: by rank, four bits a rank (two decks hold 8); or,
/// where the talon's order is kept ([`RemovalGame::talon_order_kept`]),
/// one bit per talon card (a one-pile talon holds at most 64).
type Pool = u64;

fn count(pool: Pool, rank: u8) -> u64 {
    pool >> (4 * rank as u32) & 0xf
}

fn one(rank: u8) -> Pool {
    1 << (4 * rank as u32)
}

/// Positions one relaxed search may expand before it gives up (and the
/// position counts as alive: giving up is always sound).
const RELAXED_BUDGET: u64 = 5_000;

/// Verdicts remembered, per thread, for one deal at a time: a deal is known
/// by its game and where every rank was dealt.
#[derive(Default)]
struct Remembered {
    deal: Option<(core::any::TypeId, [u128; 14])>,
    won: FxHashMap<(Mask, Pool), bool>,
    asked: Asked,
}

/// What the questions of one deal have found so far, which decides whether
/// the next is worth asking (not asking is always sound; it only prunes
/// less).
#[derive(Default)]
struct Asked {
    /// Questions so far, and how many found a position lost: where the
    /// relaxed game almost never finds one (a game rarely lost, such as
    /// most two-deck games), it stops being asked.
    asked: u32,
    found_lost: u32,
    /// Questions that ran out of [`RELAXED_BUDGET`]: each costs the whole
    /// budget and answers nothing, so a deal where they outnumber the
    /// positions found lost (by more than [`GIVE_UPS_FORGIVEN`]) stops
    /// asking — on two decks they cost more than the search they serve.
    gave_up: u32,
}

impl Asked {
    fn worth_asking(&self) -> bool {
        let finds_enough = self.asked < TRIAL || self.found_lost * WORTH_ASKING >= self.asked;
        finds_enough && self.gave_up <= self.found_lost + GIVE_UPS_FORGIVEN
    }

    fn record(&mut self, lost: bool, gave_up: bool) {
        self.asked += 1;
        self.found_lost += u32::from(lost);
        self.gave_up += u32::from(gave_up);
    }
}

/// After this many questions of one deal, the relaxed game is asked only
/// if it found at least one position in [`WORTH_ASKING`] lost.
const TRIAL: u32 = 256;
const WORTH_ASKING: u32 = 64;

/// Questions given up on a deal beyond the positions found lost before it
/// stops being asked.
const GIVE_UPS_FORGIVEN: u32 = 8;

/// The most verdicts remembered before the table starts afresh (small, as
/// it grows outside the memory the solver's own tables live within).
const REMEMBERED: usize = 1 << 16;

thread_local! {
    static REMEMBERED_VERDICTS: RefCell<Remembered> = RefCell::new(Remembered::default());
}

impl<R: Rules> RemovalGame<R> {
    /// Whether the relaxed game is worth searching: every rank pairs with
    /// one rank at most (pairs making a sum, two of a kind), so a free card
    /// has one kind of talon partner. With wider rules (neighbouring ranks)
    /// the relaxed game branches as much as the real one.
    pub(crate) fn relaxed_game_is_narrow() -> bool {
        (1..=13).all(|rank| R::REMOVAL.pairs.partners(rank).count_ones() <= 1)
    }

    /// Whether the relaxed game keeps the talon's order (see the module):
    /// one waste pile dealt one card at a time, its stock top open, no
    /// other talon card available (no card under the top, no bottom slot),
    /// every card to go (with the shape the goal, what the talon keeps does
    /// not matter); and each rank pairs with one rank that pairs back with
    /// it alone, or leaves alone and pairs with nothing, which makes the
    /// cards left over pair off by `PairRule::pair_off_as_neighbours`. One
    /// deck: with eight cards of a rank the game in order branches too
    /// much for its budget, and measured on the two-deck games (deals
    /// 1–100 at 50,000 positions) it cost more time than it saved and left
    /// Up and Down one deal more undecided.
    pub(crate) fn talon_order_kept() -> bool {
        let one_open_pile = matches!(
            R::STOCK,
            Stock::Waste { draw: 1, open_top: true, under_top: false, bottom_slot: false, .. }
        );
        let alone_means_alone =
            (1..=13u8).all(|rank| R::REMOVAL.singles & (1 << rank) == 0 || R::REMOVAL.pairs.partners(rank) == 0);
        R::WIN == Win::All && R::DECKS == 1 && one_open_pile && R::REMOVAL.pairs.pairs_back_alone() && alone_means_alone
    }

    /// The talon's cards left by rank, one bit per card, and the relaxed
    /// game's pool of them: their counts, or (`in_order`) the cards.
    fn talon_pool(&self, in_order: bool) -> ([u64; 14], Pool) {
        let shape_len = self.shape().len();
        let mut talon_by_rank = [0u64; 14];
        let mut pool: Pool = 0;
        for rank in 1..=13u8 {
            let talon = (self.ranks[rank as usize] >> shape_len) as u64 & self.talon().left();
            talon_by_rank[rank as usize] = talon;
            if !in_order {
                pool += one(rank) * u64::from(talon.count_ones());
            } else if R::REMOVAL.singles & (1 << rank) == 0 {
                // A card that leaves alone can leave at any time, and pairs
                // with nothing: it never stands between two others.
                pool |= talon;
            }
        }
        (talon_by_rank, pool)
    }

    /// True when the game with its talon in any order cannot be won from
    /// here (see the module).
    pub(crate) fn lost_with_the_talon_in_any_order(&self) -> bool {
        let in_order = Self::talon_order_kept();
        let (talon_by_rank, pool) = self.talon_pool(in_order);
        let deal = (core::any::TypeId::of::<R>(), self.ranks);
        REMEMBERED_VERDICTS.with(|cell| {
            let mut remembered = cell.borrow_mut();
            if remembered.deal != Some(deal) || remembered.won.len() > REMEMBERED {
                remembered.deal = Some(deal);
                remembered.won.clear();
                remembered.asked = Asked::default();
            }
            if !remembered.asked.worth_asking() {
                return false;
            }
            let root = (self.tableau().present(), pool);
            let mut search =
                Relaxed { game: self, won: &mut remembered.won, nodes: 0, gave_up: false, in_order, talon_by_rank };
            let won = search.can_win(root.0, root.1);
            let gave_up = search.gave_up;
            if gave_up {
                // Not asked again: it would give up again.
                remembered.won.insert(root, true);
            }
            remembered.asked.record(!won, gave_up);
            !won
        })
    }
}

struct Relaxed<'a, R: Rules> {
    game: &'a RemovalGame<R>,
    won: &'a mut FxHashMap<(Mask, Pool), bool>,
    nodes: u64,
    /// Set once the budget ran out: what is found from then on is not
    /// remembered (a "won" may be a search given up).
    gave_up: bool,
    /// The pool is talon cards, in order ([`RemovalGame::talon_order_kept`]).
    in_order: bool,
    /// The talon's cards of each rank, one bit per card.
    talon_by_rank: [u64; 14],
}

impl<R: Rules> Relaxed<'_, R> {
    fn rank(&self, position: usize) -> u8 {
        self.game.tableau().card(position).rank()
    }

    /// Whether the shape's cards `present` can all go with `pool` to help;
    /// true also when the search gives up.
    fn can_win(&mut self, present: Mask, pool: Pool) -> bool {
        if present == 0 {
            let talon_pairs_off = if self.in_order { self.pairs_off_in_order(pool) } else { pairs_off::<R>(pool) };
            return R::WIN == Win::Shape || talon_pairs_off;
        }
        if let Some(&won) = self.won.get(&(present, pool)) {
            return won;
        }
        self.nodes += 1;
        if self.nodes > RELAXED_BUDGET {
            self.gave_up = true;
            return true;
        }
        let won = self.can_win_by_a_move(present, pool);
        if !self.gave_up {
            self.won.insert((present, pool), won);
        }
        won
    }

    fn can_win_by_a_move(&mut self, present: Mask, pool: Pool) -> bool {
        let free = self.game.shape().free(present);
        let singles = R::REMOVAL.singles;
        for p in bits(free) {
            let rank = self.rank(p);
            if singles & (1 << rank) != 0 && self.can_win(present & !bit(p), pool) {
                return true;
            }
            let partners = R::REMOVAL.pairs.partners(rank);
            for s in bits(partners as Mask).map(|s| s as u8) {
                if self.in_order {
                    for t in bits((pool & self.talon_by_rank[s as usize]) as Mask) {
                        if self.can_win(present & !bit(p), pool & !(1 << t)) {
                            return true;
                        }
                    }
                } else if count(pool, s) > 0 && self.can_win(present & !bit(p), pool - one(s)) {
                    return true;
                }
            }
            for q in bits(free & (Mask::MAX << p << 1)) {
                if partners & (1 << self.rank(q)) != 0 && self.can_win(present & !bit(p) & !bit(q), pool) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the talon cards `left` (in order, none that leaves alone)
    /// can all pair off as neighbours, each pair once the cards between
    /// them are gone.
    fn pairs_off_in_order(&self, left: Pool) -> bool {
        let talon = self.game.talon();
        R::REMOVAL.pairs.pair_off_as_neighbours(bits(left as Mask).map(|id| talon.card(id as u8).rank()))
    }
}

/// Whether `game` is lost by the relaxed game that keeps the talon's order
/// and won by the one that counts ranks (each from a table of its own; a
/// search given up counts as won): what keeping the order adds.
#[cfg(test)]
pub(crate) fn dead_by_the_talon_order<R: Rules>(game: &RemovalGame<R>) -> bool {
    let won = |in_order: bool| {
        let (talon_by_rank, pool) = game.talon_pool(in_order);
        let mut table = FxHashMap::default();
        let mut search = Relaxed { game, won: &mut table, nodes: 0, gave_up: false, in_order, talon_by_rank };
        search.can_win(game.tableau().present(), pool)
    };
    RemovalGame::<R>::talon_order_kept() && !won(true) && won(false)
}

/// Whether the talon cards left (`pool`) can all leave among themselves:
/// for ranks that pair only with one other rank, as many of each; for a
/// rank that pairs only with itself, an even number; ranks that leave
/// alone, any number. Under any other rule it says yes (never wrongly no).
fn pairs_off<R: Rules>(pool: Pool) -> bool {
    (1..=13u8).all(|rank| {
        let partners = R::REMOVAL.pairs.partners(rank);
        let n = count(pool, rank);
        if n == 0 || R::REMOVAL.singles & (1 << rank) != 0 {
            return true;
        }
        match partners.count_ones() {
            0 => false,
            1 if partners == 1 << rank => n % 2 == 0,
            1 => {
                let other = partners.trailing_zeros() as u8;
                R::REMOVAL.pairs.partners(other) != 1 << rank || R::REMOVAL.singles & (1 << other) != 0 || count(pool, other) == n
            }
            _ => true,
        }
    })
}
