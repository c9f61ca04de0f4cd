//! The game: its state, the cards available, the moves and what they do
//! (removals, the reserve, refills, draws), and the [`Variant`]
//! implementation every cells game shares.

use crate::sets::{Holding, SetRule};
use crate::table::{MAX_PILES, PILE_CAPACITY};
use crate::{Refill, Rules, Stock, Table, Win};
use core::marker::PhantomData;
use patience_engine::bookkeeping::Bookkeeping;
use patience_engine::card::CardId;
use patience_engine::deal::{check_card_ids, Deal, DealRng};
use patience_engine::layout::{HudItem, Layout, MoveInfo, Status};
use patience_engine::options::{OptionSpec, Settings};
use patience_engine::tableau::{Cards, Pile};
use patience_engine::{Info, Variant};
use serde::{Deserialize, Serialize};

/// Where an available card lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The top of pile (or cell) `i`.
    Pile(u8),
    /// The top of the waste.
    Waste,
    /// The top of the reserve (an Ace there may leave alone: Eighteens).
    ReserveTop,
}

/// The most cards one move takes.
pub const MAX_GROUP: usize = 12;

/// The places of the cards one move takes, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    places: [Place; MAX_GROUP],
    len: u8,
}

impl Group {
    pub fn of(places: &[Place]) -> Group {
        assert!(places.len() <= MAX_GROUP, "at most {MAX_GROUP} cards a move");
        let mut group = Group { places: [Place::Waste; MAX_GROUP], len: places.len() as u8 };
        group.places[..places.len()].copy_from_slice(places);
        group
    }

    pub fn places(&self) -> &[Place] {
        &self.places[..self.len as usize]
    }
}

/// A legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The cards leave: one alone, or two as a pair.
    Remove(Group),
    /// The card goes into the reserve (and the reserve's set, complete,
    /// goes).
    ToReserve(Place),
    /// The cards go into the reserve one after another and complete its
    /// set, which goes: the reserve moves made at once.
    Set(Group),
    Draw,
    /// A pile's top card moves into an empty pile.
    Shift { from: u8, to: u8 },
}

/// One game of `R` in progress; everything about it is in the value (its
/// option too), so the host saves and restores it as it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellsGame<R: Rules> {
    pub(crate) piles: [Cards<PILE_CAPACITY>; MAX_PILES],
    /// The stock; its top is the last card.
    pub(crate) stock: Pile,
    pub(crate) waste: Pile,
    pub(crate) reserve: Cards<16>,
    /// Cards removed so far.
    pub(crate) removed: u8,
    /// Draws made (Eight Cards allows two).
    pub(crate) draws: u8,
    /// The value of `R::DEAL_FLAG`.
    pub(crate) flag: bool,
    /// The card that went last, shown on the discards.
    pub(crate) last_removed: Bookkeeping<Option<CardId>>,
    #[serde(skip)]
    pub(crate) rules: PhantomData<R>,
}

/// The cards available now, with where they lie.
pub(crate) type Available = Vec<(Place, CardId)>;

impl<R: Rules> CellsGame<R> {
    pub fn table(&self) -> &'static Table {
        R::table()
    }

    pub fn pile(&self, pile: usize) -> &Cards<PILE_CAPACITY> {
        &self.piles[pile]
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    pub fn waste(&self) -> &Pile {
        &self.waste
    }

    /// The cards in the reserve, first in first.
    pub fn reserve(&self) -> Vec<CardId> {
        self.reserve.to_vec()
    }

    pub fn removed(&self) -> u32 {
        self.removed as u32
    }

    pub fn draws(&self) -> u8 {
        self.draws
    }

    /// Every card of the game: 52 a deck.
    pub fn total(&self) -> u32 {
        52 * R::DECKS as u32
    }

    pub(crate) fn card_at(&self, place: Place) -> Option<CardId> {
        match place {
            Place::Pile(i) => self.piles[i as usize].last(),
            Place::Waste => self.waste.last(),
            Place::ReserveTop => self.reserve.last(),
        }
    }

    /// The cards available now: pile tops, the waste's top, and an Ace on
    /// top of a reserve that lets one leave again.
    pub(crate) fn available(&self) -> Available {
        let mut available = Vec::with_capacity(MAX_PILES + 2);
        for (i, pile) in self.piles[..self.table().piles.len()].iter().enumerate() {
            if let Some(card) = pile.last() {
                available.push((Place::Pile(i as u8), card));
            }
        }
        if let Some(card) = self.waste.last() {
            available.push((Place::Waste, card));
        }
        if matches!(R::SET, Some(SetRule::FaceAndThree { .. }))
            && let Some(card) = self.reserve.last()
            && R::single(card)
        {
            available.push((Place::ReserveTop, card));
        }
        available
    }

    pub fn is_won(&self) -> bool {
        match R::WIN {
            Win::AllBut(left) => self.removed() + left as u32 >= self.total(),
            Win::StockEmpty => self.stock.is_empty(),
        }
    }

    /// A reserve holding cards that can never make its set: it never goes,
    /// so the game cannot be won.
    pub fn reserve_is_dead(&self) -> bool {
        R::SET.is_some_and(|set| !self.reserve.is_empty() && !set.can_complete(&Holding::of(self.reserve.iter())))
    }

    pub(crate) fn is_over(&self) -> bool {
        self.is_won() || self.reserve_is_dead()
    }

    // ----- Moves -----

    /// Appends every removal and reserve move of the cards `available`:
    /// singles, pairs, cards into the reserve; with `sets`, the groups that
    /// complete the reserve's set too.
    pub(crate) fn push_removals_of(&self, available: &Available, sets: bool, out: &mut Vec<Action>) {
        for &(place, card) in available {
            if R::single(card) {
                out.push(Action::Remove(Group::of(&[place])));
            }
        }
        for (i, &(a, card_a)) in available.iter().enumerate() {
            if a == Place::ReserveTop {
                continue;
            }
            for &(b, card_b) in &available[i + 1..] {
                if b != Place::ReserveTop && R::pair(card_a, card_b) {
                    out.push(Action::Remove(Group::of(&[a, b])));
                }
            }
        }
        let Some(set) = R::SET else { return };
        let held = Holding::of(self.reserve.iter());
        for &(place, card) in available {
            if place != Place::ReserveTop && set.takes(&held, card) {
                out.push(Action::ToReserve(place));
            }
        }
        if sets {
            let first = out.len();
            self.push_sets(set, available, out);
            // A group that is also a pair is listed once, as the pair.
            let pairs: Vec<Group> = out[..first]
                .iter()
                .filter_map(|action| match action {
                    Action::Remove(group) => Some(*group),
                    _ => None,
                })
                .collect();
            let mut index = first;
            while index < out.len() {
                let Action::Set(group) = out[index] else { unreachable!("only sets follow") };
                if pairs.iter().any(|pair| same_places(pair, &group)) {
                    out.remove(index);
                } else {
                    index += 1;
                }
            }
        }
    }

    /// The groups of two or more available cards that, put into the
    /// reserve one after another, complete its set.
    fn push_sets(&self, set: SetRule, available: &Available, out: &mut Vec<Action>) {
        let cards: Vec<(Place, CardId)> = available.iter().copied().filter(|(place, _)| *place != Place::ReserveTop).collect();
        if let SetRule::Run { len } = set {
            return self.push_runs(len, &cards, out);
        }
        // Only a run depends on the order its cards come in (above); for
        // the rest one order (the table's) stands for all, so each group is
        // tried once, its cards in rising order of place.
        // `left[k]`: the ranks of `cards[k..]`, for giving up a group the
        // cards after it cannot complete.
        fn grow(
            set: SetRule,
            cards: &[(Place, CardId)],
            left: &[u16],
            held: Holding,
            chosen: &mut Vec<Place>,
            out: &mut Vec<Action>,
        ) {
            for (j, &(place, card)) in cards.iter().enumerate() {
                if !set.takes(&held, card) {
                    continue;
                }
                let held = held.with(card);
                chosen.push(place);
                if set.is_complete(&held) {
                    if chosen.len() >= 2 {
                        out.push(Action::Set(Group::of(chosen)));
                    }
                } else if chosen.len() < MAX_GROUP && set.can_complete_from(&held, left[j + 1]) {
                    grow(set, &cards[j + 1..], &left[j + 1..], held, chosen, out);
                }
                chosen.pop();
            }
        }
        let mut left = [0u16; MAX_PILES + 2];
        for k in (0..cards.len()).rev() {
            left[k] = left[k + 1] | 1 << cards[k].1.rank();
        }
        grow(set, &cards, &left[..=cards.len()], Holding::of(self.reserve.iter()), &mut Vec::with_capacity(MAX_GROUP), out);
    }

    /// `push_sets` for a run of `len` (a set that depends on the order its
    /// cards come in, which the search asks at every position): for each
    /// window of `len` ranks in a row round the circle that holds the
    /// reserve's ranks, one of `cards` for each rank it still needs, every
    /// way (two to [`MAX_GROUP`] cards, as for any set). The reserve then extends a neighbour at a time to the window,
    /// so each group goes in some order.
    fn push_runs(&self, len: u8, cards: &[(Place, CardId)], out: &mut Vec<Action>) {
        fn pick(needed: &[u8], cards: &[(Place, CardId)], chosen: &mut Vec<Place>, out: &mut Vec<Action>) {
            let Some((&rank, rest)) = needed.split_first() else {
                return out.push(Action::Set(Group::of(chosen)));
            };
            for &(place, _) in cards.iter().filter(|(_, card)| card.rank() == rank) {
                chosen.push(place);
                pick(rest, cards, chosen, out);
                chosen.pop();
            }
        }
        let held = self.reserve.iter().fold(0u16, |set, card| set | 1 << card.rank());
        let on_offer = cards.iter().fold(0u16, |set, (_, card)| set | 1 << card.rank());
        // A run of every rank is one window, whichever rank it starts at.
        let windows = if len >= 13 { 1 } else { 13 };
        for first in 0..windows {
            let window = (0..u32::from(len.min(13))).fold(0u16, |window, k| window | 1 << ((first + k) % 13 + 1));
            let needed = window & !held;
            let group = needed.count_ones() as usize;
            if held & !window != 0 || !(2..=MAX_GROUP).contains(&group) || needed & !on_offer != 0 {
                continue;
            }
            let needed: Vec<u8> = (1..=13u8).filter(|&rank| needed & 1 << rank != 0).collect();
            pick(&needed, cards, &mut Vec::with_capacity(len as usize), out);
        }
    }

    pub(crate) fn can_draw(&self) -> bool {
        if self.stock.is_empty() {
            return false;
        }
        match R::STOCK {
            Stock::RefillOnly => false,
            Stock::Waste => self.reserve.is_empty(),
            Stock::ToPile { pile, draws } => self.draws < draws && self.piles[pile as usize].is_empty(),
            Stock::OntoEachPile { .. } => true,
        }
    }

    /// Whether a pile's only card may move into an empty pile: while a
    /// stock deals a card onto each pile in turn, which card the next deal
    /// covers depends on the pile a card lies in; once it is empty (or in
    /// a game without such a stock) the move would change nothing.
    pub(crate) fn lone_cards_move(&self) -> bool {
        matches!(R::STOCK, Stock::OntoEachPile { .. }) && !self.stock.is_empty()
    }

    /// The moves of a pile's top card into an empty pile.
    fn push_shifts(&self, out: &mut Vec<Action>) {
        if !R::MOVES_TO_EMPTY {
            return;
        }
        let specs = &self.table().piles;
        let movable = |i: usize| !specs[i].receives_only_from_stock;
        let least = if self.lone_cards_move() { 1 } else { 2 };
        for from in (0..specs.len()).filter(|&i| movable(i) && self.piles[i].len() >= least) {
            for to in (0..specs.len()).filter(|&i| movable(i) && self.piles[i].is_empty()) {
                out.push(Action::Shift { from: from as u8, to: to as u8 });
            }
        }
    }

    /// Every legal move; with `sets`, the set groups too (the host lists
    /// them; the solver makes the same moves one card at a time).
    pub(crate) fn push_moves(&self, sets: bool, out: &mut Vec<Action>) {
        if self.is_over() {
            return;
        }
        self.push_removals_of(&self.available(), sets, out);
        self.push_shifts(out);
        if self.can_draw() {
            out.push(Action::Draw);
        }
    }

    fn take(&mut self, place: Place) -> CardId {
        let taken = match place {
            Place::Pile(i) => self.piles[i as usize].pop(),
            Place::Waste => self.waste.pop(),
            Place::ReserveTop => self.reserve.pop(),
        };
        taken.expect("a move names only places that hold a card")
    }

    fn discard(&mut self, card: CardId) {
        self.removed += 1;
        *self.last_removed = Some(card);
    }

    /// Puts `card` into the reserve; a complete set goes.
    fn into_reserve(&mut self, card: CardId) {
        self.reserve.push(card);
        let set = R::SET.expect("only a game with a reserve moves cards into it");
        if set.is_complete(&Holding::of(self.reserve.iter())) {
            for held in self.reserve.to_vec() {
                self.discard(held);
            }
            self.reserve.clear();
        }
    }

    /// Refills after a move that emptied `emptied` (piles, in the move's
    /// order), by the game's [`Refill`].
    fn refill(&mut self, emptied: &[usize]) {
        let specs = &self.table().piles;
        match R::REFILL {
            Refill::Never => {}
            Refill::AtOnce => {
                for &i in emptied {
                    if specs[i].refilled && self.piles[i].is_empty()
                        && let Some(card) = self.stock.pop()
                    {
                        self.piles[i].push(card);
                    }
                }
            }
            Refill::WhileReserveEmpty | Refill::FromWasteWhileReserveEmpty if self.reserve.is_empty() => {
                let from_waste = R::REFILL == Refill::FromWasteWhileReserveEmpty;
                for i in 0..specs.len() {
                    if specs[i].refilled && self.piles[i].is_empty() {
                        let card = if from_waste { self.waste.pop().or_else(|| self.stock.pop()) } else { self.stock.pop() };
                        match card {
                            Some(card) => self.piles[i].push(card),
                            None => break,
                        }
                    }
                }
            }
            Refill::WhileReserveEmpty | Refill::FromWasteWhileReserveEmpty => {}
        }
    }

    fn pile_of(place: Place) -> Option<usize> {
        match place {
            Place::Pile(i) => Some(i as usize),
            _ => None,
        }
    }

    /// The order in which the cards of `group` go into the reserve one by
    /// one (a run's cards must stay in a row on the way).
    fn set_order(&self, group: &Group) -> Vec<Place> {
        let set = R::SET.expect("a set move needs a reserve");
        let places = group.places();
        fn search(set: SetRule, cards: &[(Place, CardId)], held: Holding, order: &mut Vec<Place>) -> bool {
            if order.len() == cards.len() {
                return true;
            }
            for &(place, card) in cards {
                if order.contains(&place) || !set.takes(&held, card) {
                    continue;
                }
                order.push(place);
                if search(set, cards, held.with(card), order) {
                    return true;
                }
                order.pop();
            }
            false
        }
        let cards: Vec<(Place, CardId)> = places.iter().map(|&p| (p, self.card_at(p).expect("a card there"))).collect();
        let mut order = Vec::new();
        let found = search(set, &cards, Holding::of(self.reserve.iter()), &mut order);
        assert!(found, "a listed set goes into the reserve in some order");
        order
    }
}

fn same_places(a: &Group, b: &Group) -> bool {
    a.places().len() == b.places().len() && a.places().iter().all(|p| b.places().contains(p))
}

impl<R: Rules> Variant for CellsGame<R> {
    type Action = Action;

    fn info() -> Info {
        Info {
            id: R::ID.into(),
            name: R::NAME.into(),
            version: R::VERSION.into(),
            summary: R::SUMMARY.into(),
            rules: crate::rules_text::markdown::<R>(),
            options: R::DEAL_FLAG.map(|flag| flag.spec()).into_iter().collect::<Vec<OptionSpec>>(),
        }
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let table = R::table();
        table.check()?;
        let flag = R::DEAL_FLAG.is_some_and(|flag| flag.read(settings));
        let mut cards = deal.cards(R::DECKS)?;
        R::adjust_deal(&mut cards, flag);
        let mut piles = [Cards::EMPTY; MAX_PILES];
        let order = table.deal_order();
        for (&pile, &card) in order.iter().zip(&cards) {
            piles[pile].push(card);
        }
        let stock: Pile = cards[order.len()..].iter().rev().copied().collect();
        let mut game = CellsGame {
            piles,
            stock,
            waste: Pile::EMPTY,
            reserve: Cards::EMPTY,
            removed: 0,
            draws: 0,
            flag,
            last_removed: Bookkeeping(None),
            rules: PhantomData,
        };
        if R::STOCK == Stock::Waste
            && let Some(card) = game.stock.pop()
        {
            game.waste.push(card);
        }
        Ok(game)
    }

    fn layout(&self) -> Layout {
        crate::view::layout(self)
    }

    fn hud(&self) -> Vec<HudItem> {
        crate::view::hud(self)
    }

    fn actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.push_moves(true, &mut actions);
        actions
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        crate::view::describe(self, action)
    }

    fn notation(&self, action: &Action) -> String {
        crate::view::notation(self, action)
    }

    fn perform(&mut self, action: &Action) {
        match *action {
            Action::Remove(group) => {
                let mut emptied = Vec::new();
                for &place in group.places() {
                    let card = self.take(place);
                    self.discard(card);
                    emptied.extend(Self::pile_of(place).filter(|&i| self.piles[i].is_empty()));
                }
                self.refill(&emptied);
            }
            Action::ToReserve(place) => {
                let card = self.take(place);
                self.into_reserve(card);
                let emptied: Vec<usize> = Self::pile_of(place).filter(|&i| self.piles[i].is_empty()).into_iter().collect();
                self.refill(&emptied);
            }
            Action::Set(group) => {
                for place in self.set_order(&group) {
                    self.perform(&Action::ToReserve(place));
                }
            }
            Action::Draw => {
                self.draws += 1;
                match R::STOCK {
                    Stock::Waste => {
                        let card = self.stock.pop().expect("a draw is listed only with a stock");
                        self.waste.push(card);
                    }
                    Stock::ToPile { pile, .. } => {
                        let card = self.stock.pop().expect("a draw is listed only with a stock");
                        self.piles[pile as usize].push(card);
                    }
                    Stock::OntoEachPile { piles, extra } => {
                        let last = self.stock.len() == piles as usize + extra.len();
                        for pile in (0..piles).chain(extra.iter().copied().filter(|_| last)) {
                            if let Some(card) = self.stock.pop() {
                                self.piles[pile as usize].push(card);
                            }
                        }
                    }
                    Stock::RefillOnly => unreachable!("no draws"),
                }
            }
            Action::Shift { from, to } => {
                let card = self.piles[from as usize].pop().expect("a shift moves a card");
                self.piles[to as usize].push(card);
            }
        }
    }

    fn status(&self) -> Status {
        if self.is_won() {
            return Status::won(match R::WIN {
                Win::StockEmpty => "The stock is dealt out".to_string(),
                Win::AllBut(0) => format!("All {} cards removed", self.total()),
                Win::AllBut(_) => format!("{} cards removed", self.removed()),
            });
        }
        if self.reserve_is_dead() {
            return Status::lost(format!("The reserve can never make its set any more: {}", self.lost_message()));
        }
        Status::playing()
    }

    fn lost_message(&self) -> String {
        let on_table: usize = self.piles.iter().map(|pile| pile.len()).sum();
        match R::WIN {
            Win::StockEmpty => format!("{} cards are left in the stock", self.stock.len()),
            _ => format!("{} cards are left ({on_table} on the table)", self.total() - self.removed()),
        }
    }

    fn explain(&self, notation: &str) -> String {
        crate::explain::explain(self, notation)
    }

    fn check(&self) -> Result<(), String> {
        let table = self.table();
        table.check()?;
        if self.piles[table.piles.len()..].iter().any(|pile| !pile.is_empty()) {
            return Err("cards lie on piles the table does not have".to_string());
        }
        let held = self.reserve.to_vec();
        match R::SET {
            None if !held.is_empty() => return Err("the game has no reserve, but it holds cards".to_string()),
            Some(set) if held.len() >= set.capacity().max(1) || (!held.is_empty() && set.complete(&held)) => {
                return Err("the reserve holds a set that should have gone".to_string());
            }
            Some(set) => {
                let mut so_far = Vec::new();
                for &card in &held {
                    if !set.accepts(&so_far, card) {
                        return Err(format!("the reserve could not have taken {card}"));
                    }
                    so_far.push(card);
                }
            }
            None => {}
        }
        if R::STOCK != Stock::Waste && !self.waste.is_empty() {
            return Err("the game has no waste, but it holds cards".to_string());
        }
        let on_table: usize = self.piles.iter().map(|pile| pile.len()).sum::<usize>() + self.stock.len() + self.waste.len() + self.reserve.len();
        if on_table + self.removed() as usize != self.total() as usize {
            return Err(format!("{on_table} cards in play and {} removed are not {} cards", self.removed(), self.total()));
        }
        let mut shown: Vec<CardId> = self.piles.iter().flat_map(|pile| pile.to_vec()).collect();
        shown.extend(self.stock.iter().chain(self.waste.iter()).chain(self.reserve.iter()));
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = shown.iter().find(|card| !seen.insert(**card)) {
            return Err(format!("{twice} is in play twice"));
        }
        if self.removed() == 0 {
            check_card_ids(&shown, R::DECKS)?;
        }
        if let Stock::ToPile { draws, .. } = R::STOCK
            && self.draws > draws
        {
            return Err(format!("{} draws made, at most {draws} are allowed", self.draws));
        }
        Ok(())
    }

    /// The stock's order is all the player has not seen: every card on the
    /// table, the waste and the reserve lies face up.
    fn resample(&self, rng: &mut DealRng) -> Option<Self> {
        let mut unseen = self.stock.to_vec();
        rng.shuffle(&mut unseen);
        let mut sample = *self;
        sample.stock = unseen.into_iter().collect();
        Some(sample)
    }
}
