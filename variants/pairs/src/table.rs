//! The game state and the [`Variant`] implementation, which delegates to the
//! other modules: `moves` (what is legal, playing it), `view` (layout, HUD,
//! status, move descriptions), `explain`, `check` and `search` (the
//! solver's hooks, which [`Search`] answers with).

use crate::Profile;
use crate::geometry::{bits, free_positions, COVERED_BY, FULL_PYRAMID, FULL_TALON, PYRAMID_CARDS, TALON_CARDS};
use crate::moves::Action;
use crate::search::{Line, PerRank, Rank};
use crate::options::{self, GameOptions, Win};
use core::marker::PhantomData;
use patience_engine::card::Card;
use patience_engine::deal::Deal;
use patience_engine::layout::{HudItem, Layout, MoveInfo, Status};
use patience_engine::options::Settings;
use patience_engine::{EasierStep, Info, Search, Variant};
use serde::{Deserialize, Serialize};

/// A pile of talon cards (the stock or one waste pile), as talon indices
/// from the bottom to the top. Fixed size so cloning a game never allocates
/// (the solver clones one per position).
#[derive(Copy, Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Pile {
    pub(crate) ids: [u8; TALON_CARDS],
    pub(crate) len: u8,
}

/// Piles are equal when they hold the same cards in the same order (what
/// lies beyond the length is left over from earlier cards).
impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.ids() == other.ids()
    }
}

impl Eq for Pile {}

impl core::hash::Hash for Pile {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.ids().hash(state);
    }
}

impl Pile {
    pub(crate) const EMPTY: Pile = Pile { ids: [0; TALON_CARDS], len: 0 };

    /// The length, clamped so a damaged snapshot cannot make us panic
    /// before `check` refuses it.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        (self.len as usize).min(TALON_CARDS)
    }

    /// The raw stored length, for `check`.
    #[inline]
    pub(crate) fn stored_len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bottom to top.
    #[inline]
    pub(crate) fn ids(&self) -> &[u8] {
        &self.ids[..self.len()]
    }

    #[inline]
    pub(crate) fn top(&self) -> Option<u8> {
        self.ids().last().copied()
    }

    /// The card directly under the top.
    #[inline]
    pub(crate) fn under_top(&self) -> Option<u8> {
        let ids = self.ids();
        (ids.len() >= 2).then(|| ids[ids.len() - 2])
    }

    #[inline]
    pub(crate) fn push(&mut self, id: u8) {
        self.ids[self.len()] = id;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u8> {
        let top = self.top()?;
        self.len -= 1;
        Some(top)
    }

    /// The cards of the pile, as a mask of talon ids.
    #[inline]
    pub(crate) fn mask(&self) -> u32 {
        self.ids().iter().fold(0, |mask, &id| mask | 1 << id)
    }

    /// Takes card `id` out of the pile, wherever it is; false if absent.
    #[inline]
    pub(crate) fn remove(&mut self, id: u8) -> bool {
        if self.top() == Some(id) {
            self.len -= 1;
            return true;
        }
        let len = self.len();
        let Some(at) = self.ids[..len].iter().rposition(|&x| x == id) else {
            return false;
        };
        self.ids.copy_within(at + 1..len, at);
        self.len -= 1;
        true
    }
}

/// One game of a pair game in progress. `P` supplies names, defaults and the
/// draw mode; everything else about the game is in the value (options too),
/// because the host saves games by serializing it.
///
/// Cards are identified by where they were dealt: pyramid position 0..28
/// (row by row from the apex) or talon index 0..24 (the order the stock is
/// first drawn in). The cards themselves never move in these arrays; the
/// masks and piles say where they are now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "", from = "Saved<P>", into = "Saved<P>")]
pub struct PairGame<P: Profile> {
    pub(crate) options: GameOptions,
    pub(crate) pyramid: [Card; PYRAMID_CARDS],
    pub(crate) talon: [Card; TALON_CARDS],
    /// Bit `p` set: pyramid position `p` is still on the table.
    pub(crate) pyramid_left: u32,
    /// Bit `t` set: talon card `t` has been removed.
    pub(crate) talon_gone: u32,
    pub(crate) stock: Pile,
    /// Pile 1, 2, 3; one-pile games use only the first.
    pub(crate) waste: [Pile; 3],
    /// The current pass through the stock, from 1.
    pub(crate) pass: u32,
    /// Where each rank was dealt, derived from the cards (not saved): lets
    /// the solver hooks count cards by rank with a few bit operations.
    pub(crate) ranks: RankMasks,
    pub(crate) profile: PhantomData<P>,
}

/// Everything but what is derived from the cards (the rank masks), the
/// cards a byte each: tests that tell positions apart by a hash of the whole
/// game hash it millions of times.
impl<P: Profile> core::hash::Hash for PairGame<P> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.options.hash(state);
        let mut cards = [0u8; PYRAMID_CARDS + TALON_CARDS];
        for (byte, card) in cards.iter_mut().zip(self.pyramid.iter().chain(&self.talon)) {
            *byte = card.rank << 2 | card.suit as u8;
        }
        state.write(&cards);
        state.write_u32(self.pyramid_left);
        state.write_u32(self.talon_gone);
        self.stock.hash(state);
        self.waste.hash(state);
        state.write_u32(self.pass);
    }
}

/// Where each rank was dealt, as masks (never counts): for each rank, the
/// pyramid positions (`pyramid`) and the talon indices (`talon`) dealt a
/// card of it. The solver's hooks count the cards left from these
/// (`search::ranks`).
#[derive(Copy, Clone, Debug)]
pub(crate) struct RankMasks {
    /// Bit `p` set: pyramid position `p` was dealt a card of the rank.
    pub(crate) pyramid: PerRank<u32>,
    /// Bit `t` set: talon card `t` is of the rank.
    pub(crate) talon: PerRank<u32>,
    /// A number no other `RankMasks::of` in this process was given: the
    /// masks of a game and of every copy of it (each position the solver
    /// derives from it) share it, so the tables the solver's hooks keep per
    /// deal tell "the same deal" by one compare instead of the masks'. Not
    /// part of the value: masks of the same cards are equal.
    pub(crate) built: u64,
}

impl PartialEq for RankMasks {
    fn eq(&self, other: &RankMasks) -> bool {
        self.pyramid == other.pyramid && self.talon == other.talon
    }
}

impl Eq for RankMasks {}

/// Hands out [`RankMasks::built`].
static MASKS_BUILT: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

impl RankMasks {
    fn of(pyramid: &[Card], talon: &[Card]) -> RankMasks {
        let built = MASKS_BUILT.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
        let mut masks = RankMasks { pyramid: PerRank::splat(0), talon: PerRank::splat(0), built };
        // A rank out of range (a damaged snapshot) is left out here and
        // refused by `check`.
        for (position, card) in pyramid.iter().enumerate() {
            if let Some(rank) = Rank::new(card.rank) {
                masks.pyramid[rank] |= 1 << position;
            }
        }
        for (id, card) in talon.iter().enumerate() {
            if let Some(rank) = Rank::new(card.rank) {
                masks.talon[rank] |= 1 << id;
            }
        }
        masks
    }
}

/// What a snapshot holds: the game without what is derived from it.
#[derive(Serialize, Deserialize)]
struct Saved<P: Profile> {
    options: GameOptions,
    pyramid: [Card; PYRAMID_CARDS],
    talon: [Card; TALON_CARDS],
    pyramid_left: u32,
    talon_gone: u32,
    stock: Pile,
    waste: [Pile; 3],
    pass: u32,
    #[serde(skip)]
    profile: PhantomData<P>,
}

impl<P: Profile> From<Saved<P>> for PairGame<P> {
    fn from(saved: Saved<P>) -> PairGame<P> {
        PairGame {
            ranks: RankMasks::of(&saved.pyramid, &saved.talon),
            options: saved.options,
            pyramid: saved.pyramid,
            talon: saved.talon,
            pyramid_left: saved.pyramid_left,
            talon_gone: saved.talon_gone,
            stock: saved.stock,
            waste: saved.waste,
            pass: saved.pass,
            profile: PhantomData,
        }
    }
}

impl<P: Profile> From<PairGame<P>> for Saved<P> {
    fn from(game: PairGame<P>) -> Saved<P> {
        Saved {
            options: game.options,
            pyramid: game.pyramid,
            talon: game.talon,
            pyramid_left: game.pyramid_left,
            talon_gone: game.talon_gone,
            stock: game.stock,
            waste: game.waste,
            pass: game.pass,
            profile: PhantomData,
        }
    }
}

impl<P: Profile> PairGame<P> {
    /// A new game on `deck` (52 cards in dealing order: the pyramid row by
    /// row from the apex, then the stock from the top).
    pub fn new(deck: &[Card], options: GameOptions) -> Result<PairGame<P>, String> {
        patience_engine::deal::check_full_deck(deck)?;
        let mut pyramid = [deck[0]; PYRAMID_CARDS];
        pyramid.copy_from_slice(&deck[..PYRAMID_CARDS]);
        let mut talon = [deck[0]; TALON_CARDS];
        talon.copy_from_slice(&deck[PYRAMID_CARDS..]);
        let mut stock = Pile::EMPTY;
        // Stored bottom to top: talon card 0 is the top, drawn first.
        for id in (0..TALON_CARDS as u8).rev() {
            stock.push(id);
        }
        Ok(PairGame {
            options,
            pyramid,
            talon,
            pyramid_left: FULL_PYRAMID,
            talon_gone: 0,
            stock,
            waste: [Pile::EMPTY; 3],
            pass: 1,
            ranks: RankMasks::of(&pyramid, &talon),
            profile: PhantomData,
        })
    }

    /// The options this game was started with.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The number of waste piles (1 or 3), fixed by the profile.
    pub(crate) fn piles(&self) -> usize {
        P::DRAW.piles()
    }

    pub fn pyramid_cards_left(&self) -> u32 {
        self.pyramid_left.count_ones()
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// Cards on waste pile `pile` (0-based).
    pub fn waste_len(&self, pile: usize) -> usize {
        self.waste[pile].len()
    }

    /// The cards of waste pile `pile`, bottom to top.
    pub fn waste_cards(&self, pile: usize) -> Vec<Card> {
        self.waste[pile].ids().iter().map(|&id| self.talon[id as usize]).collect()
    }

    /// The stock, top (next to be drawn) first.
    pub fn stock_cards(&self) -> Vec<Card> {
        self.stock.ids().iter().rev().map(|&id| self.talon[id as usize]).collect()
    }

    pub fn waste_total(&self) -> usize {
        self.waste.iter().map(Pile::len).sum()
    }

    /// The current pass through the stock, from 1.
    pub fn pass(&self) -> u32 {
        self.pass
    }

    /// Cards removed so far, pyramid and talon.
    pub fn removed_count(&self) -> u32 {
        (PYRAMID_CARDS as u32 - self.pyramid_cards_left()) + self.talon_gone.count_ones()
    }

    pub(crate) fn is_present(&self, position: usize) -> bool {
        self.pyramid_left & (1 << position) != 0
    }

    /// On the table and not covered: both covering cards are gone.
    pub(crate) fn is_free(&self, position: usize) -> bool {
        self.is_present(position) && self.pyramid_left & COVERED_BY[position] == 0
    }

    /// Every free pyramid position, as a mask.
    pub(crate) fn free_mask(&self) -> u32 {
        free_positions(self.pyramid_left)
    }

    pub(crate) fn talon_card(&self, id: u8) -> Card {
        self.talon[id as usize]
    }

    pub(crate) fn is_won(&self) -> bool {
        match self.options.win {
            Win::Pyramid => self.pyramid_left == 0,
            Win::All => self.pyramid_left == 0 && self.talon_gone == FULL_TALON,
        }
    }

    pub(crate) fn can_draw(&self) -> bool {
        !self.stock.is_empty()
    }

    pub(crate) fn passes_remain(&self) -> bool {
        self.options.pass_remains_after(self.pass)
    }

    pub(crate) fn can_recycle(&self) -> bool {
        self.stock.is_empty() && self.waste_total() > 0 && self.passes_remain()
    }

    /// Turns up to one card per waste pile: the first onto pile 1, the
    /// second onto pile 2, the third onto pile 3.
    pub(crate) fn draw(&mut self) {
        for pile in 0..self.piles() {
            let Some(id) = self.stock.pop() else { break };
            self.waste[pile].push(id);
        }
    }

    /// Turns the waste over into a new stock: pile 1 bottom to top, then
    /// pile 2, then pile 3, so the next card drawn is the bottom of pile 1.
    /// With one pile this is the classic "same order" turn-over.
    pub(crate) fn recycle(&mut self) {
        let mut stock = Pile::EMPTY;
        for pile in self.waste[..self.piles()].iter().rev() {
            for &id in pile.ids().iter().rev() {
                stock.push(id);
            }
        }
        self.stock = stock;
        self.waste = [Pile::EMPTY; 3];
        self.pass = self.pass.saturating_add(1);
    }

    /// True when the game is over: won, or no move left.
    pub(crate) fn is_over(&self) -> bool {
        self.is_won() || !self.has_any_action()
    }

    fn has_any_action(&self) -> bool {
        self.can_draw() || self.can_recycle() || self.has_removal()
    }
}

impl<P: Profile> PairGame<P> {
    /// The moves a search for `line` tries: every legal move, or only a
    /// King that may go at once, or only a removal every winning line
    /// makes (see `forced_removal`).
    fn push_search_actions(&self, out: &mut Vec<Action>, line: Line) {
        let first = out.len();
        self.push_actions(out);
        let only = {
            let actions = &out[first..];
            let king_now =
                |action: &Action| matches!(*action, Action::King(place) if self.king_goes_at_once(place, line));
            actions.iter().copied().find(king_now).or_else(|| self.forced_removal(actions))
        };
        if let Some(only) = only {
            out.truncate(first);
            out.push(only);
        }
    }

    /// Appends every legal move: removals, then a draw or a turn-over.
    fn push_actions(&self, out: &mut Vec<Action>) {
        if self.is_won() {
            return;
        }
        self.push_removals(out);
        if self.can_draw() {
            out.push(Action::Draw);
        } else if self.can_recycle() {
            out.push(Action::Recycle);
        }
    }
}

impl<P: Profile> Variant for PairGame<P> {
    type Action = Action;

    fn easier_steps() -> Vec<EasierStep> {
        crate::options::easier_steps()
    }

    fn info() -> Info {
        Info {
            id: P::ID.to_string(),
            name: P::NAME.to_string(),
            version: P::VERSION.to_string(),
            summary: P::SUMMARY.to_string(),
            rules: P::rules(),
            options: options::specs::<P>(),
        }
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        PairGame::new(&deal.deck()?, GameOptions::from_settings::<P>(settings))
    }

    fn layout(&self) -> Layout {
        self.build_layout()
    }

    fn hud(&self) -> Vec<HudItem> {
        self.hud_items()
    }

    fn actions(&self) -> Vec<Action> {
        let mut actions = Vec::with_capacity(12);
        self.push_actions(&mut actions);
        actions
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        self.describe_action(action)
    }

    fn notation(&self, action: &Action) -> String {
        self.notation_of(action)
    }

    fn perform(&mut self, action: &Action) {
        self.play(action);
    }

    fn status(&self) -> Status {
        if self.is_won() {
            Status::won(self.won_message())
        } else if self.has_any_action() {
            Status::playing()
        } else {
            Status::lost(self.lost_message())
        }
    }

    fn explain(&self, notation: &str) -> String {
        self.explain_notation(notation)
    }

    fn check(&self) -> Result<(), String> {
        self.check_state()
    }

    /// Deals anew what the player has not seen: face-down pyramid cards
    /// and, during the first pass, the stock cards not yet turned up (the
    /// open top stays when `stock_top_playable`). From the second pass on
    /// the whole talon has been seen, in order.
    fn resample(&self, rng: &mut patience_engine::deal::DealRng) -> Option<Self> {
        let hidden_pyramid: Vec<usize> = if self.options.face_down {
            (0..PYRAMID_CARDS).filter(|&p| self.is_present(p) && !self.is_free(p)).collect()
        } else {
            Vec::new()
        };
        let mut hidden_talon: Vec<usize> =
            if self.pass == 1 { self.stock.ids().iter().map(|&id| id as usize).collect() } else { Vec::new() };
        if self.options.stock_top_playable
            && let Some(top) = self.stock.top()
        {
            hidden_talon.retain(|&id| id != top as usize);
        }
        let mut unseen: Vec<Card> = hidden_pyramid
            .iter()
            .map(|&p| self.pyramid[p])
            .chain(hidden_talon.iter().map(|&t| self.talon[t]))
            .collect();
        rng.shuffle(&mut unseen);
        let mut sample = self.clone();
        let mut dealt = unseen.into_iter();
        for &p in &hidden_pyramid {
            sample.pyramid[p] = dealt.next().expect("as many cards as places");
        }
        for &t in &hidden_talon {
            sample.talon[t] = dealt.next().expect("as many cards as places");
        }
        sample.ranks = RankMasks::of(&sample.pyramid, &sample.talon);
        Some(sample)
    }

}

impl<P: Profile> Search for PairGame<P> {
    fn is_won(&self) -> bool {
        PairGame::is_won(self)
    }

    /// A King that may go at once (see `king_goes_at_once`) is the only
    /// move tried when there is one.
    ///
    /// Likewise a removal every winning line must make (see
    /// `forced_removal`) is the only move tried.
    fn search_actions(&self, out: &mut Vec<Action>) {
        self.push_search_actions(out, Line::Any);
    }

    /// The same, but a talon King nothing needs to take is not taken
    /// first (see `king_goes_at_once`).
    fn shortest_actions(&self, out: &mut Vec<Action>) {
        self.push_search_actions(out, Line::Shortest);
    }

    /// Before drawing, drops the waste piles the draw buries for nothing
    /// (see `buried_for_nothing`): the search's copy of the game then
    /// lists the same moves, minus ones it never needs.
    fn search_perform(&mut self, action: &Action) {
        if *action == Action::Draw {
            for pile in bits(self.buried_for_nothing()) {
                self.talon_gone |= self.waste[pile].mask();
                self.waste[pile] = Pile::EMPTY;
            }
        }
        self.play(action);
    }

    fn state_key(&self) -> u128 {
        self.position_key()
    }

    /// One pile: the pass count, where an earlier pass is never worse.
    fn spent_bits(&self) -> u128 {
        self.pass_key_bits()
    }

    fn is_dead(&self) -> bool {
        self.cannot_win()
    }

    fn moves_lower_bound(&self) -> u32 {
        self.lower_bound()
    }

    fn from_key(start: &Self, key: u128) -> Option<Self> {
        start.from_position_key(key)
    }
}

/// `1 card`, `13 cards`.
pub(crate) fn cards(count: impl Into<u64>) -> String {
    let count = count.into();
    if count == 1 { "1 card".to_string() } else { format!("{count} cards") }
}
