//! # Speedpyramid
//!
//! Five levels of stone-tablet pyramids: play readable tablets one higher or
//! lower than the discard pile (King and Ace are neighbours), draw from the
//! stock, use jokers, build series. The rules, as the player reads them, are
//! in `rules.md` (shown by the host); `state` holds the rules as code,
//! `levels` the layouts, `view` what the host sees.

pub mod difficulty;
mod levels;
mod runs;
mod state;
mod view;

#[cfg(test)]
mod tests;

use patience_engine::deal::Deal;
use patience_engine::layout::{HudItem, Layout, MoveInfo, Status};
use patience_engine::options::{Int, Settings};
use patience_engine::{Info, Search, Variant};

pub use levels::{LevelPlan, LEVELS};
pub use state::{level_decks, Action, Config, SpeedPyramid};
pub use view::{BONUS_SLOT_FIRST, DISCARD_SLOT, JOKER_SLOT, STOCK_SLOT};

const RULES: &str = include_str!("rules.md");

const START_JOKERS: Int = Int::new(
    "start_jokers",
    0,
    state::MAX_START_JOKERS as i64,
    3,
    "Jokers at the start of the game (they carry over from level to level)",
);
const LEVEL_COUNT: Int = Int::new(
    "levels",
    1,
    state::MAX_LEVELS as i64,
    5,
    "How many levels the game has: it is won when the last of them is cleared",
);

impl Variant for SpeedPyramid {
    type Action = Action;

    fn info() -> Info {
        Info {
            id: "speedpyramid".into(),
            name: "Speedpyramid".into(),
            version: "1.0.0".into(),
            summary: "Five levels of stone-tablet pyramids: play tablets one higher or lower, chain series, save your jokers."
                .into(),
            rules: RULES.into(),
            options: vec![START_JOKERS.spec(), LEVEL_COUNT.spec()],
        }
    }

    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
        let config = Config { start_jokers: START_JOKERS.read(settings) as u8, levels: LEVEL_COUNT.read(settings) as u8 };
        let decks = level_decks(deal, config.levels)?;
        Ok(SpeedPyramid::new(config, decks))
    }

    fn layout(&self) -> Layout {
        SpeedPyramid::layout(self)
    }

    fn hud(&self) -> Vec<HudItem> {
        SpeedPyramid::hud(self)
    }

    fn actions(&self) -> Vec<Action> {
        SpeedPyramid::actions(self)
    }

    fn describe(&self, action: &Action) -> MoveInfo {
        SpeedPyramid::describe(self, action)
    }

    fn notation(&self, action: &Action) -> String {
        SpeedPyramid::notation(self, action)
    }

    fn perform(&mut self, action: &Action) {
        SpeedPyramid::perform(self, *action)
    }

    fn status(&self) -> Status {
        SpeedPyramid::status(self)
    }

    fn lost_message(&self) -> String {
        SpeedPyramid::lost_message(self)
    }

    fn explain(&self, notation: &str) -> String {
        SpeedPyramid::explain(self, notation)
    }

    fn check(&self) -> Result<(), String> {
        SpeedPyramid::check(self)
    }

    fn resample(&self, rng: &mut patience_engine::deal::DealRng) -> Option<Self> {
        Some(SpeedPyramid::resample(self, rng))
    }
}

impl Search for SpeedPyramid {
    fn step() -> Option<&'static str> {
        Some("the level it started in is cleared")
    }

    fn step_reached(&self, start: &Self) -> bool {
        self.level > start.level
    }

    fn search_actions(&self, out: &mut Vec<Action>) {
        self.push_actions(out);
    }

    fn state_key(&self) -> u128 {
        SpeedPyramid::state_key(self)
    }

    /// The level cannot be cleared: its field needs more runs than the
    /// draws and jokers left can start. Sound for the step too, which is
    /// this level cleared.
    fn is_dead(&self) -> bool {
        self.level_is_lost()
    }

    fn score_key(&self) -> u128 {
        SpeedPyramid::score_key(self)
    }

    fn score_bound(&self) -> Option<i64> {
        Some(SpeedPyramid::score_bound(self))
    }

    /// Sound: every remaining field tablet of this level needs a move of
    /// its own.
    fn moves_lower_bound(&self) -> u32 {
        if self.level_just_cleared() { 0 } else { self.field_left() as u32 }
    }
}

patience_engine::export_variant!(SpeedPyramid, search);
