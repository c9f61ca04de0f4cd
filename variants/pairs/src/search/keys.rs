//! Position keys and pass dominance: the `state_key` and `spent_bits`
//! hooks. Equal keys mean equal positions (the deal and options are fixed
//! for one search), so the search recognises a position it has seen; the
//! pass bits let it skip a position it has seen with more passes left.

use crate::Profile;
use crate::geometry::{bits, FULL_TALON, TALON_CARDS};
use crate::options::Passes;
use crate::table::{PairGame, Pile};

/// `P(24, k)`: sequences of `k` distinct talon cards.
const fn arrangements(k: usize) -> u128 {
    let mut product = 1u128;
    let mut i = 0;
    while i < k {
        product *= (TALON_CARDS - i) as u128;
        i += 1;
    }
    product
}

/// `SEQUENCE_OFFSET[m]`: how many sequences of distinct talon cards are
/// shorter than `m`, so (length, rank within length) packs into one number.
pub(super) const SEQUENCE_OFFSET: [u128; TALON_CARDS + 2] = {
    let mut offsets = [0u128; TALON_CARDS + 2];
    let mut m = 1;
    while m < TALON_CARDS + 2 {
        offsets[m] = offsets[m - 1] + arrangements(m - 1);
        m += 1;
    }
    offsets
};

/// Where the removed talon cards, the stock size and the pass sit in the
/// keys of positions whose talon lies in dealt order (the pyramid is bits
/// 0..28), and the pass in the keys that spell out the arrangement.
const DEALT_ORDER_GONE_SHIFT: u32 = 28;
const DEALT_ORDER_STOCK_SHIFT: u32 = 52;
const DEALT_ORDER_PASS_SHIFT: u32 = 57;
const ARRANGEMENT_PASS_SHIFT: u32 = 124;

/// Bits the packed talon sequence needs: every sequence of distinct talon
/// cards numbers below `SEQUENCE_OFFSET[25]` ≈ e·24! < 2^81.
pub(super) const SEQUENCE_BITS: u32 = 81;

impl<P: Profile> PairGame<P> {
    /// The pass, as it matters for the future: with unlimited passes the
    /// count changes nothing, so positions that differ only in it are the
    /// same (and the search space stays finite).
    fn pass_code(&self) -> u128 {
        match self.options.passes {
            Passes::Limited(_) => self.pass.saturating_sub(1).min(3) as u128,
            Passes::Unlimited => 0,
        }
    }

    /// Equal keys mean equal positions (the deal and options are fixed for
    /// one search).
    pub(crate) fn position_key(&self) -> u128 {
        if self.piles() == 1 {
            self.one_pile_key()
        } else if self.pass == 1 && !self.options.stock_top_playable {
            self.first_pass_three_pile_key()
        } else {
            self.three_pile_key()
        }
    }

    /// With one waste pile, the waste (bottom to top) followed by the stock
    /// (top to bottom) is always the dealt talon order minus the removed
    /// cards: a draw moves the boundary, a turn-over keeps the order. So the
    /// removed set and the stock size say where every talon card is.
    /// Cards that can never be played again count as removed (see
    /// `stuck_for_good`): positions that differ only in those have the
    /// same future.
    /// Bits: pyramid 0..28, removed talon 28..52, stock size 52..57, pass 57..59.
    fn one_pile_key(&self) -> u128 {
        self.dealt_order_key(self.talon_gone | self.stuck_for_good())
    }

    /// The key of a position whose talon lies in dealt order: the pyramid,
    /// the talon cards `gone`, the stock size and the pass.
    fn dealt_order_key(&self, gone: u32) -> u128 {
        self.pyramid_left as u128
            | (gone as u128) << DEALT_ORDER_GONE_SHIFT
            | (self.stock.len() as u128) << DEALT_ORDER_STOCK_SHIFT
            | self.pass_code() << DEALT_ORDER_PASS_SHIFT
    }

    /// Three piles in the first pass, without an open stock top: card `i`
    /// of the talon lands on pile `i % 3` when drawn (`check` holds restored
    /// games to this), so as with one pile the removed set and the stock
    /// size say where every talon card is. (`three_pile_key` sets the top
    /// bit, which keeps its keys apart from these; these fit in 64 bits,
    /// which the solver's table stores at half the size.)
    fn first_pass_three_pile_key(&self) -> u128 {
        self.dealt_order_key(self.talon_gone)
    }

    /// Three piles reorder the talon at each turn-over, so the key spells
    /// out the arrangement: the sequence pile 1, pile 2, pile 3 (each bottom
    /// to top), stock (top to bottom) is ranked into 81 bits, followed by the
    /// three pile sizes (5 bits each), the pyramid (28), the pass (2) and
    /// a top bit set (see `first_pass_three_pile_key`).
    fn three_pile_key(&self) -> u128 {
        // The rank in mixed radix 24, 23, 22, ...: digit `i` is how many
        // unused cards have a smaller id. Horner's rule in two 64-bit
        // halves (24·23·…·13 and 12! both fit), joined by one 128-bit
        // multiplication: 128-bit arithmetic is a library call in wasm.
        const FIRST_HALF: usize = TALON_CARDS / 2;
        let mut used = 0u32;
        let (mut first, mut second, mut second_radix) = (0u64, 0u64, 1u64);
        let mut length = 0usize;
        let sequence =
            self.waste[..3].iter().flat_map(|pile| pile.ids().iter()).chain(self.stock.ids().iter().rev());
        for &id in sequence {
            let smaller_unused = (!used & ((1u32 << id) - 1) & FULL_TALON).count_ones() as u64;
            let radix = (TALON_CARDS - length) as u64;
            if length < FIRST_HALF {
                first = first * radix + smaller_unused;
            } else {
                second = second * radix + smaller_unused;
                second_radix *= radix;
            }
            used |= 1 << id;
            length += 1;
        }
        let rank = first as u128 * second_radix as u128 + second as u128;
        let packed = SEQUENCE_OFFSET[length] + rank;
        let sizes = self.waste[0].len() as u128
            | (self.waste[1].len() as u128) << 5
            | (self.waste[2].len() as u128) << 10;
        packed
            | sizes << SEQUENCE_BITS
            | (self.pyramid_left as u128) << (SEQUENCE_BITS + 15)
            | self.pass_code() << ARRANGEMENT_PASS_SHIFT
            | 1 << 127
    }

    /// The position whose key is `key` in a search that started here
    /// (same deal and options), for keys that keep the talon in dealt
    /// order: one pile, or three in the first pass with the stock top
    /// closed. `None` for the keys that spell out an arrangement. Cards
    /// stuck for good were counted as removed in the key and are removed
    /// here, so the position is `without_stuck_cards` of the one the key
    /// was taken of: the same future. (With unlimited passes the key has
    /// no pass: it is taken to be the first.)
    pub(crate) fn from_position_key(&self, key: u128) -> Option<PairGame<P>> {
        if key >> 127 != 0 {
            return None;
        }
        let mut game = self.clone();
        game.pyramid_left = key as u32 & ((1 << DEALT_ORDER_GONE_SHIFT) - 1);
        game.talon_gone = (key >> DEALT_ORDER_GONE_SHIFT) as u32 & FULL_TALON;
        let stock_len = (key >> DEALT_ORDER_STOCK_SHIFT) as usize & 31;
        game.pass = ((key >> DEALT_ORDER_PASS_SHIFT) & 3) as u32 + 1;
        game.stock = Pile::EMPTY;
        game.waste = [Pile::EMPTY; 3];
        let left = !game.talon_gone & FULL_TALON;
        let on_waste = (left.count_ones() as usize).checked_sub(stock_len)?;
        let mut in_stock = 0u32;
        for (at, id) in bits(left).enumerate() {
            if at < on_waste {
                // One pile: all on the first; three: card `i` on pile `i % 3`.
                game.waste[if game.piles() == 1 { 0 } else { id % 3 }].push(id as u8);
            } else {
                in_stock |= 1 << id;
            }
        }
        // The stock's top is the card dealt first, so it is pushed last.
        while in_stock != 0 {
            let id = 31 - in_stock.leading_zeros();
            in_stock &= !(1 << id);
            game.stock.push(id as u8);
        }
        Some(game)
    }

    /// The key bits of the pass, for the search's `spent_bits` (pass
    /// dominance): the same position in an earlier pass has more passes
    /// left, so every line from here works from there too. One pile only:
    /// with three piles a turn-over rearranges the talon, and the same
    /// arrangement hardly ever comes back in a later pass. (With unlimited
    /// passes the key has no pass in it to begin with.)
    pub(crate) fn pass_key_bits(&self) -> u128 {
        if self.piles() == 1 { 3 << DEALT_ORDER_PASS_SHIFT } else { 0 }
    }
}
