//! The game state and the rules that change it: dealing, playing, scoring.

use crate::levels::{self, plan, spots};
use crate::runs;
use patience_engine::card::{Card, ACE, KING};
use patience_engine::deal::{check_full_deck, Deal, DealRng};
use patience_engine::solver::hash_bytes;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// The most levels a game has, and the most decks an explicit deal may give.
pub const MAX_LEVELS: u8 = levels::LEVELS.len() as u8;
/// The largest `start_jokers` option.
pub const MAX_START_JOKERS: u8 = 9;
/// Tablets in a full bonus pyramid.
pub const BONUS_PYRAMID_LEVELS: u8 = 5;
/// Every this many tablets of one series add a bonus-pyramid level.
const SERIES_PER_BONUS_LEVEL: u32 = 4;
/// Every this many tablets of one series earn a joker (until the bonus
/// pyramid is finished).
const SERIES_PER_EXTRA_JOKER: u32 = 8;

// Points, each multiplied by the level number.
const BONUS_LEVEL_POINTS: i64 = 20;
const BONUS_PYRAMID_POINTS: i64 = 100;
const TOP_POINTS_PER_TABLET_LEFT: i64 = 10;
const LAST_TOP_POINTS: i64 = 100;

/// The options a game was started with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub start_jokers: u8,
    pub levels: u8,
}

/// What lies on the discard pile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pile {
    Tablet(Card),
    Joker,
}

/// One move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Put the readable field tablet with this number onto the discard pile.
    Play(usize),
    /// Turn the top stock tablet onto the discard pile.
    Draw,
    /// Put a joker onto the discard pile.
    Joker,
}

/// A game in progress. Everything the rules need is here; the geometry of a
/// level comes from [`levels`].
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct SpeedPyramid {
    pub(crate) config: Config,
    /// The current level, 1-based. Stays at the last level once won.
    pub(crate) level: u8,
    /// The decks of the levels after this one, next level first. Shared
    /// between copies, like `set_aside`: the solver copies the game for
    /// every position it visits, and neither changes within a level.
    #[serde(with = "shared")]
    pub(crate) upcoming: Rc<Vec<Vec<Card>>>,
    /// The field tablets by number; `None` once played.
    pub(crate) field: Vec<Option<Card>>,
    /// The stock; the top is the last card.
    pub(crate) stock: Vec<Card>,
    /// The discard pile; the top is the last entry. Never empty.
    pub(crate) discard: Vec<Pile>,
    /// Cards of this level's deck that are neither field nor stock.
    #[serde(with = "shared")]
    pub(crate) set_aside: Rc<Vec<Card>>,
    pub(crate) jokers: u32,
    pub(crate) score: i64,
    /// Field tablets played in a row since the last draw or joker.
    pub(crate) series: u32,
    /// Bonus-pyramid levels built in this level, 0..=5.
    pub(crate) bonus_levels: u8,
    /// True once the last level is cleared.
    pub(crate) won: bool,
}

/// Whether no tablet covering `tablet` is on the field, the field being
/// `on_field` (see `SpeedPyramid::field_mask`).
fn uncovered(spots: &[levels::Spot], tablet: usize, on_field: u64) -> bool {
    spots[tablet].covered_mask & on_field == 0
}

/// Whether `card` may go onto a discard pile topped by `top`.
fn fits_on(top: Pile, card: Card) -> bool {
    match top {
        Pile::Joker => true,
        Pile::Tablet(top) => ranks_adjacent(card.rank, top.rank),
    }
}

/// Two ranks follow each other, King and Ace included.
pub fn ranks_adjacent(a: u8, b: u8) -> bool {
    a.abs_diff(b) == 1 || (a.min(b) == ACE && a.max(b) == KING)
}

/// The bonus for finishing a level with `jokers` unused jokers and `stock`
/// tablets left in the stock: level × (100·J + 10·S·(1 + J)).
pub fn level_end_bonus(level: u8, jokers: u32, stock: usize) -> i64 {
    let (level, jokers, stock) = (level as i64, jokers as i64, stock as i64);
    level * (100 * jokers + 10 * stock * (1 + jokers))
}

impl SpeedPyramid {
    /// A new game from the decks of its levels (at least `config.levels`).
    pub fn new(config: Config, decks: Vec<Vec<Card>>) -> SpeedPyramid {
        let mut decks = decks;
        decks.truncate(config.levels as usize);
        let first = decks.remove(0);
        let mut game = SpeedPyramid {
            jokers: config.start_jokers as u32,
            config,
            level: 1,
            upcoming: Rc::new(decks),
            field: Vec::new(),
            stock: Vec::new(),
            discard: Vec::new(),
            set_aside: Rc::default(),
            score: 0,
            series: 0,
            bonus_levels: 0,
            won: false,
        };
        game.deal_level(first);
        game
    }

    /// Lays out the current level from `deck`: the first cards become the
    /// field tablets in number order, the next ones the stock (the first of
    /// them is turned onto the discard pile, the second is the stock's top),
    /// and the rest stay in the box.
    pub(crate) fn deal_level(&mut self, deck: Vec<Card>) {
        let plan = plan(self.level);
        let field_size = plan.field_size();
        let stock_end = field_size + plan.stock as usize;
        self.field = deck[..field_size].iter().map(|&card| Some(card)).collect();
        self.discard = vec![Pile::Tablet(deck[field_size])];
        self.stock = deck[field_size + 1..stock_end].iter().rev().copied().collect();
        self.set_aside = Rc::new(deck[stock_end..].to_vec());
        // The opening turn is a stock tablet: no series carries into a level.
        self.series = 0;
        self.bonus_levels = 0;
    }

    /// A copy in which everything the player has not seen is dealt anew:
    /// the unreadable field tablets, the stock and the set-aside cards of
    /// this level are shuffled among themselves, and every later level gets
    /// a fresh deck. Readable tablets, the discard pile and all counters
    /// stay as they are.
    pub fn resample(&self, rng: &mut DealRng) -> SpeedPyramid {
        let mut sample = self.clone();
        let hidden_tablets: Vec<usize> =
            (0..self.field.len()).filter(|&t| self.field[t].is_some() && !self.is_readable(t)).collect();
        let mut unseen: Vec<Card> = hidden_tablets.iter().filter_map(|&t| self.field[t]).collect();
        unseen.extend(&self.stock);
        unseen.extend(self.set_aside.iter());
        rng.shuffle(&mut unseen);
        let mut dealt = unseen.into_iter();
        for &tablet in &hidden_tablets {
            sample.field[tablet] = dealt.next();
        }
        sample.stock = dealt.by_ref().take(self.stock.len()).collect();
        sample.set_aside = Rc::new(dealt.collect());
        sample.upcoming = Rc::new(self.upcoming.iter().map(|_| rng.deck()).collect());
        sample
    }

    // ----- Questions about the position -----

    pub fn top(&self) -> Pile {
        *self.discard.last().expect("the discard pile is never empty")
    }

    /// The tablets still on the field, as a mask over tablet numbers.
    fn field_mask(&self) -> u64 {
        let mut mask = 0u64;
        for (tablet, card) in self.field.iter().enumerate() {
            mask |= (card.is_some() as u64) << tablet;
        }
        mask
    }

    /// A tablet is readable when it is still on the field and nothing covers it.
    pub fn is_readable(&self, tablet: usize) -> bool {
        self.field[tablet].is_some() && uncovered(spots(self.level), tablet, self.field_mask())
    }

    /// The card of a readable tablet; `None` for covered or played ones.
    pub fn readable_card(&self, tablet: usize) -> Option<Card> {
        self.is_readable(tablet).then(|| self.field[tablet]).flatten()
    }

    /// True when `card` may go onto the discard pile now.
    pub fn fits_on_top(&self, card: Card) -> bool {
        fits_on(self.top(), card)
    }

    pub fn field_left(&self) -> usize {
        self.field.iter().filter(|tablet| tablet.is_some()).count()
    }

    /// Every legal move: tablet plays in slot order, then draw, then joker.
    pub fn actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.push_actions(&mut actions);
        actions
    }

    /// [`SpeedPyramid::actions`], appended to `out` (the solver's one
    /// buffer for the whole search).
    pub fn push_actions(&self, out: &mut Vec<Action>) {
        if self.won {
            return;
        }
        // Asked once per position, not once per tablet: the solver lists
        // the moves of every position it visits.
        let (spots, top, on_field) = (spots(self.level), self.top(), self.field_mask());
        for (tablet, card) in self.field.iter().enumerate() {
            if let Some(card) = card
                && uncovered(spots, tablet, on_field)
                && fits_on(top, *card)
            {
                out.push(Action::Play(tablet));
            }
        }
        if !self.stock.is_empty() {
            out.push(Action::Draw);
        }
        if self.jokers > 0 {
            out.push(Action::Joker);
        }
    }

    // ----- Moves -----

    pub fn perform(&mut self, action: Action) {
        match action {
            Action::Play(tablet) => self.play_tablet(tablet),
            Action::Draw => {
                let card = self.stock.pop().expect("draw is listed only with a stock");
                self.discard.push(Pile::Tablet(card));
                self.series = 0;
            }
            Action::Joker => {
                self.jokers -= 1;
                self.discard.push(Pile::Joker);
                self.series = 0;
            }
        }
    }

    fn play_tablet(&mut self, tablet: usize) {
        let card = self.field[tablet].take().expect("only tablets on the field are played");
        self.discard.push(Pile::Tablet(card));
        self.series += 1;
        self.score += 2 * self.series as i64;
        self.score_series_milestones();
        if spots(self.level)[tablet].is_top {
            self.score_pyramid_top();
        }
        if self.field_left() == 0 {
            self.finish_level();
        }
    }

    /// Bonus-pyramid levels every 4 tablets of a series, extra jokers every 8.
    /// The bonus pyramid is looked at first: the tablet that finishes it
    /// earns the completion jokers but no 8-series joker any more.
    fn score_series_milestones(&mut self) {
        let level = self.level as i64;
        let unfinished = self.bonus_levels < BONUS_PYRAMID_LEVELS;
        if unfinished && self.series.is_multiple_of(SERIES_PER_BONUS_LEVEL) {
            self.bonus_levels += 1;
            self.score += BONUS_LEVEL_POINTS * level;
            if self.bonus_levels == BONUS_PYRAMID_LEVELS {
                self.score += BONUS_PYRAMID_POINTS * level;
                self.jokers += self.level as u32;
            }
        }
        let still_unfinished = self.bonus_levels < BONUS_PYRAMID_LEVELS;
        if still_unfinished && self.series.is_multiple_of(SERIES_PER_EXTRA_JOKER) {
            self.jokers += 1;
        }
    }

    /// 10 × tablets left × level for a pyramid's top; 100 × level when it was
    /// the field's last tablet.
    fn score_pyramid_top(&mut self) {
        let level = self.level as i64;
        let left = self.field_left() as i64;
        self.score += if left == 0 { LAST_TOP_POINTS * level } else { TOP_POINTS_PER_TABLET_LEFT * left * level };
    }

    /// Scores the level-end bonus and deals the next level, or ends the game.
    fn finish_level(&mut self) {
        self.score += level_end_bonus(self.level, self.jokers, self.stock.len());
        if self.level >= self.config.levels || self.upcoming.is_empty() {
            self.won = true;
            return;
        }
        self.level += 1;
        let deck = Rc::make_mut(&mut self.upcoming).remove(0);
        self.deal_level(deck);
    }

    // ----- The solver's view -----

    /// True at the first position of a level after level 1, i.e. right after
    /// a move cleared a level, and once the game is won.
    pub fn level_just_cleared(&self) -> bool {
        self.won || (self.level > 1 && self.discard.len() == 1)
    }

    /// An exact key of everything that decides the rest of the level: which
    /// tablets are left, the stock's size (its order is fixed), the discard
    /// top, jokers, the series modulo 8 (only its multiples of 4 and 8
    /// matter for what comes) and the bonus pyramid. The score and the cards
    /// under the discard top cannot change what is still possible, so they
    /// are left out: positions that differ only there are one for the solver.
    pub fn state_key(&self) -> u128 {
        self.key(self.series % SERIES_PER_EXTRA_JOKER)
    }

    /// The key of everything that decides what the rest of the game can
    /// score: [`SpeedPyramid::state_key`] with the whole series, as the
    /// n-th tablet of a series scores 2n.
    pub fn score_key(&self) -> u128 {
        self.key(self.series)
    }

    /// No line from here scores more than this: the rest of this level and
    /// every later level each at their most (see [`LevelLeft`]), up to the
    /// first level that cannot be cleared even so.
    pub fn score_bound(&self) -> i64 {
        if self.won {
            return self.score;
        }
        let now = self.level_left();
        let mut most = now.most_played();
        let Some((bonus, mut jokers)) = now.most_at_end(self.jokers) else { return self.score + most };
        most += bonus;
        for (offset, deck) in self.upcoming.iter().enumerate() {
            let later = LevelLeft::fresh(self.level + 1 + offset as u8, deck);
            most += later.most_played();
            let Some((bonus, out)) = later.most_at_end(jokers) else { break };
            most += bonus;
            jokers = out;
        }
        self.score + most
    }

    /// True when this level cannot be cleared any more: its field needs
    /// more runs than draws and jokers (those earned on the way counted)
    /// can start (see [`runs`](crate::runs)).
    pub fn level_is_lost(&self) -> bool {
        !self.won && self.level_left().most_at_end(self.jokers).is_none()
    }

    /// What is left of the current level.
    pub(crate) fn level_left(&self) -> LevelLeft {
        let spots = spots(self.level);
        let mut counts = [0u8; 13];
        let mut in_pyramid = [0usize; 3];
        for (spot, tablet) in spots.iter().zip(&self.field) {
            if let Some(card) = tablet {
                counts[card.rank as usize - 1] += 1;
                in_pyramid[spot.pyramid as usize] += 1;
            }
        }
        let runs = runs::runs_needed(&counts);
        // A pyramid whose top is gone is gone.
        let (mut standing, mut standing_count) = ([0; 3], 0);
        for &size in in_pyramid.iter().filter(|&&size| size > 0) {
            standing[standing_count] = size;
            standing_count += 1;
        }
        LevelLeft {
            level: self.level,
            field: self.field_left(),
            standing,
            standing_count,
            series: self.series,
            bonus_levels: self.bonus_levels,
            stock: self.stock.len(),
            runs,
            resets: resets_needed(runs, &counts, self.top()),
        }
    }

    fn key(&self, series: u32) -> u128 {
        let field_mask = self.field_mask() as u128;
        let top = match self.top() {
            Pile::Tablet(card) => card.deck_index() as u128,
            Pile::Joker => 52,
        };
        let mut key = field_mask; // bits 0..52
        key |= (self.stock.len() as u128) << 52; // 6 bits
        key |= top << 58; // 6 bits
        key |= (self.jokers.min(255) as u128) << 64; // 8 bits
        key |= (series as u128) << 72; // 6 bits
        key |= (self.bonus_levels as u128) << 78; // 3 bits
        key |= (self.level as u128) << 81; // 3 bits
        key |= (self.won as u128) << 84;
        key |= (self.level_just_cleared() as u128) << 85;
        key
    }
}

/// What is left of a level, for the dead rule and the score bound.
pub(crate) struct LevelLeft {
    level: u8,
    field: usize,
    /// The tablets left in each pyramid whose top is still there.
    standing: [usize; 3],
    standing_count: usize,
    series: u32,
    bonus_levels: u8,
    stock: usize,
    /// Runs the field needs at least, and the draws and jokers to start
    /// them (see [`resets_needed`]).
    runs: u32,
    resets: u32,
}

/// The draws and jokers needed at least to play every tablet of `counts`
/// (tablets per rank, Ace first) onto a pile topped by `top`: one between
/// every two runs, and one first when no tablet fits on the top.
fn resets_needed(runs: u32, counts: &[u8; 13], top: Pile) -> u32 {
    let first_fits = match top {
        Pile::Joker => true,
        Pile::Tablet(card) => {
            let below = (card.rank as usize + 11) % 13;
            let above = card.rank as usize % 13;
            counts[below] > 0 || counts[above] > 0
        }
    };
    if runs == 0 || first_fits { runs.saturating_sub(1) } else { runs }
}

impl LevelLeft {
    /// A level not yet begun, dealt from `deck`.
    fn fresh(level: u8, deck: &[Card]) -> LevelLeft {
        let plan = plan(level);
        let field = plan.field_size();
        let mut counts = [0u8; 13];
        deck[..field].iter().for_each(|card| counts[card.rank as usize - 1] += 1);
        let runs = runs::runs_needed(&counts);
        let mut standing = [0; 3];
        for (size, &rows) in standing.iter_mut().zip(plan.pyramids) {
            *size = levels::triangle(rows);
        }
        LevelLeft {
            level,
            field,
            standing,
            standing_count: plan.pyramids.len(),
            series: 0,
            bonus_levels: 0,
            stock: plan.stock as usize - 1,
            runs,
            resets: resets_needed(runs, &counts, Pile::Tablet(deck[field])),
        }
    }

    /// How many tablets from here on end at a multiple of `every` in the
    /// series they belong to, at most.
    fn milestones(&self, every: u32) -> u32 {
        (self.series + self.field as u32) / every - self.series / every
    }

    /// Bonus-pyramid levels the rest of the level can build, at most.
    fn bonus_levels_to_build(&self) -> u32 {
        let unbuilt = (BONUS_PYRAMID_LEVELS - self.bonus_levels.min(BONUS_PYRAMID_LEVELS)) as u32;
        self.milestones(SERIES_PER_BONUS_LEVEL).min(unbuilt)
    }

    fn finishes_the_bonus_pyramid(&self) -> bool {
        self.bonus_levels < BONUS_PYRAMID_LEVELS
            && self.bonus_levels_to_build() == (BONUS_PYRAMID_LEVELS - self.bonus_levels) as u32
    }

    /// The most points the tablets left can score, the level-end bonus
    /// not counted.
    pub(crate) fn most_played(&self) -> i64 {
        let level = self.level as i64;
        let (series, field) = (self.series as i64, self.field as i64);
        // The most when the runs are one long series going on from the one
        // now and single tablets.
        let singles = (self.runs as i64 - 1).clamp(0, field);
        let long = field - singles;
        let mut points = long * (2 * series + long + 1) + 2 * singles;
        points += BONUS_LEVEL_POINTS * level * self.bonus_levels_to_build() as i64;
        if self.finishes_the_bonus_pyramid() {
            points += BONUS_PYRAMID_POINTS * level;
        }
        points + self.most_for_tops()
    }

    /// The most the pyramid tops left can score: a top leaves last of its
    /// pyramid, so the field then holds at most what the pyramids whose
    /// tops are still there hold (and nothing only after the last top);
    /// every order of the pyramids is tried.
    fn most_for_tops(&self) -> i64 {
        let sizes = &self.standing[..self.standing_count];
        let orders: &[&[usize]] = match sizes.len() {
            0 => &[&[]],
            1 => &[&[0]],
            2 => &[&[0, 1], &[1, 0]],
            _ => &[&[0, 1, 2], &[0, 2, 1], &[1, 0, 2], &[1, 2, 0], &[2, 0, 1], &[2, 1, 0]],
        };
        let points_of = |order: &[usize]| {
            let mut left = self.field as i64;
            let mut points = 0;
            for &pyramid in order {
                left -= sizes[pyramid] as i64;
                points += if left <= 0 { LAST_TOP_POINTS } else { TOP_POINTS_PER_TABLET_LEFT * left };
            }
            points
        };
        orders.iter().map(|order| points_of(order)).max().unwrap_or(0) * self.level as i64
    }

    /// Entered with `jokers`: the most the level-end bonus can be and the
    /// most jokers it can hand on; `None` when the level cannot be cleared
    /// (more resets needed than draws and jokers to make them).
    pub(crate) fn most_at_end(&self, jokers: u32) -> Option<(i64, u32)> {
        let mut most_jokers = jokers + self.milestones(SERIES_PER_EXTRA_JOKER);
        if self.finishes_the_bonus_pyramid() {
            most_jokers += self.level as u32;
        }
        let (resets, stock) = (self.resets as usize, self.stock);
        if resets > stock + most_jokers as usize {
            return None;
        }
        // Each reset spends a draw or a joker; try every split.
        let fewest_draws = resets.saturating_sub(most_jokers as usize);
        let bonus = (fewest_draws..=resets.min(stock))
            .map(|draws| level_end_bonus(self.level, most_jokers - (resets - draws) as u32, stock - draws))
            .max()
            .expect("a split exists");
        Some((bonus, most_jokers - (resets - resets.min(stock)) as u32))
    }
}

// ----- Deals -----

/// The decks of levels 1..=`levels`, in order.
///
/// A deal number `n` shuffles them with one `DealRng::new(n)`, one `deck()`
/// per level. An explicit deal gives 1 to 5 whole decks (52 cards each); the
/// levels beyond them are shuffled by `DealRng::new(extension_seed(cards))`.
pub fn level_decks(deal: &Deal, levels: u8) -> Result<Vec<Vec<Card>>, String> {
    let levels = levels as usize;
    match deal {
        Deal::Seed(seed) => {
            let mut rng = DealRng::new(*seed);
            Ok((0..levels).map(|_| rng.deck()).collect())
        }
        Deal::Cards(cards) => {
            let mut decks = given_decks(cards)?;
            let mut rng = DealRng::new(extension_seed(cards));
            while decks.len() < levels {
                decks.push(rng.deck());
            }
            decks.truncate(levels);
            Ok(decks)
        }
    }
}

fn given_decks(cards: &[Card]) -> Result<Vec<Vec<Card>>, String> {
    let deck_count = cards.len() / 52;
    if cards.is_empty() || !cards.len().is_multiple_of(52) || deck_count > MAX_LEVELS as usize {
        return Err(format!(
            "a Speedpyramid deal is one whole deck per level: 52, 104, 156, 208 or 260 cards, not {}",
            cards.len()
        ));
    }
    cards
        .chunks(52)
        .enumerate()
        .map(|(index, deck)| {
            let level = index + 1;
            check_full_deck(deck).map_err(|error| format!("deck {level} (for level {level}): {error}"))?;
            Ok(deck.to_vec())
        })
        .collect()
}

/// The seed for the levels an explicit deal leaves out: the 128-bit FNV-1a
/// hash (`solver::hash_bytes`) of the given cards' deck indices (one byte
/// each, in deal order), truncated to its low 64 bits.
pub fn extension_seed(cards: &[Card]) -> u64 {
    let indices: Vec<u8> = cards.iter().map(|card| card.deck_index()).collect();
    hash_bytes(&indices) as u64
}

// ----- Checking a restored game -----

impl SpeedPyramid {
    /// Refuses any state the rules could not have produced.
    pub fn check(&self) -> Result<(), String> {
        self.check_counters()?;
        self.check_current_deck()?;
        self.check_covering()?;
        for (offset, deck) in self.upcoming.iter().enumerate() {
            let level = self.level as usize + 1 + offset;
            check_full_deck(deck).map_err(|e| format!("the deck of level {level}: {e}"))?;
        }
        Ok(())
    }

    fn check_counters(&self) -> Result<(), String> {
        let config = &self.config;
        if !(1..=MAX_LEVELS).contains(&config.levels) {
            return Err(format!("the game has {} levels; 1 to {MAX_LEVELS} are possible", config.levels));
        }
        if config.start_jokers > MAX_START_JOKERS {
            return Err(format!("{} starting jokers is more than {MAX_START_JOKERS}", config.start_jokers));
        }
        if !(1..=config.levels).contains(&self.level) {
            return Err(format!("level {} is outside 1 to {}", self.level, config.levels));
        }
        let decks_needed = (config.levels - self.level) as usize;
        if self.upcoming.len() != decks_needed {
            let found = self.upcoming.len();
            return Err(format!("{decks_needed} decks for later levels are needed, not {found}"));
        }
        let field_size = plan(self.level).field_size();
        if self.field.len() != field_size {
            let (level, found) = (self.level, self.field.len());
            return Err(format!("level {level} has {field_size} field tablets, not {found}"));
        }
        let played = self.field.len() - self.field_left();
        if self.won != (self.field_left() == 0) || (self.won && self.level != config.levels) {
            return Err("a level with an empty field must be the won last level".into());
        }
        if self.series as usize > played {
            return Err(format!("a series of {} with only {played} tablets played", self.series));
        }
        let mut series_on_top = self.discard.iter().rev().take(self.series as usize);
        if series_on_top.any(|pile| *pile == Pile::Joker) {
            return Err("the current series would contain a joker".into());
        }
        if self.bonus_levels > BONUS_PYRAMID_LEVELS {
            let built = self.bonus_levels;
            return Err(format!("the bonus pyramid has {built} levels, at most {BONUS_PYRAMID_LEVELS}"));
        }
        if self.jokers > self.most_jokers_possible() {
            return Err(format!("{} jokers are more than this game could have earned", self.jokers));
        }
        if self.score < 0 {
            return Err(format!("the score {} is negative", self.score));
        }
        Ok(())
    }

    /// The starting jokers plus everything levels 1..=current could give:
    /// the bonus-pyramid jokers and one per 8 field tablets.
    fn most_jokers_possible(&self) -> u32 {
        let earned: usize = (1..=self.level)
            .map(|level| level as usize + plan(level).field_size() / SERIES_PER_EXTRA_JOKER as usize)
            .sum();
        self.config.start_jokers as u32 + earned as u32
    }

    /// Field, stock, discard pile and set-aside cards are exactly one deck.
    fn check_current_deck(&self) -> Result<(), String> {
        let plan = plan(self.level);
        if !matches!(self.discard.first(), Some(Pile::Tablet(_))) {
            return Err("the discard pile must start with the stock tablet turned at level start".into());
        }
        if self.set_aside.len() != plan.set_aside() {
            let (level, expected, found) = (self.level, plan.set_aside(), self.set_aside.len());
            return Err(format!("level {level} sets {expected} cards aside, not {found}"));
        }
        if self.stock.len() >= plan.stock as usize {
            return Err(format!("the stock of level {} holds at most {} tablets", self.level, plan.stock - 1));
        }
        let discarded = self.discard.iter().filter_map(|pile| match pile {
            Pile::Tablet(card) => Some(*card),
            Pile::Joker => None,
        });
        let mut cards: Vec<Card> = self.field.iter().flatten().copied().collect();
        cards.extend(&self.stock);
        cards.extend(discarded);
        cards.extend(self.set_aside.iter());
        check_full_deck(&cards).map_err(|e| format!("the tablets of level {}: {e}", self.level))
    }

    /// No played tablet may still be covered.
    fn check_covering(&self) -> Result<(), String> {
        let (spots, on_field) = (spots(self.level), self.field_mask());
        for tablet in 0..spots.len() {
            if self.field[tablet].is_none() && !uncovered(spots, tablet, on_field) {
                return Err(format!("tablet {tablet} was played while still covered"));
            }
        }
        Ok(())
    }
}

/// Serde for a shared value: written and read as the value itself.
mod shared {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::rc::Rc;

    pub fn serialize<S: Serializer, T: Serialize>(value: &Rc<T>, serializer: S) -> Result<S::Ok, S::Error> {
        value.as_ref().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Rc<T>, D::Error> {
        T::deserialize(deserializer).map(Rc::new)
    }
}

/// A copy has room for one more discard: the solver copies a position and
/// then plays one move onto the pile, which would otherwise reallocate it.
impl Clone for SpeedPyramid {
    fn clone(&self) -> SpeedPyramid {
        let mut discard = Vec::with_capacity(self.discard.len() + 1);
        discard.extend_from_slice(&self.discard);
        SpeedPyramid {
            config: self.config.clone(),
            level: self.level,
            upcoming: Rc::clone(&self.upcoming),
            field: self.field.clone(),
            stock: self.stock.clone(),
            discard,
            set_aside: Rc::clone(&self.set_aside),
            jokers: self.jokers,
            score: self.score,
            series: self.series,
            bonus_levels: self.bonus_levels,
            won: self.won,
        }
    }
}
