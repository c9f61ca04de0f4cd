//! The options the three pair games share (same names, different defaults)
//! and their values as a game holds them.

use crate::Profile;
use patience_engine::options::{OptionSpec, OptionValue, Settings};
use patience_engine::EasierStep;
use serde::{Deserialize, Serialize};

/// How many times the player may go through the stock.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Passes {
    /// 1, 2 or 3 passes (a restored game with anything else is refused).
    Limited(u8),
    Unlimited,
}

impl Passes {
    /// The option's choice text: `1`, `2`, `3`, `unlimited`.
    pub fn choice(self) -> String {
        match self {
            Passes::Limited(n) => n.to_string(),
            Passes::Unlimited => "unlimited".to_string(),
        }
    }

    fn from_choice(text: &str) -> Passes {
        match text {
            "unlimited" => Passes::Unlimited,
            number => Passes::Limited(number.parse().expect("the engine checked the choice")),
        }
    }

    /// `3` or `∞`, for the HUD.
    pub fn total_text(self) -> String {
        match self {
            Passes::Limited(n) => n.to_string(),
            Passes::Unlimited => "∞".to_string(),
        }
    }
}

/// What has to be removed to win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Win {
    /// All 28 pyramid cards, whatever is left in stock and waste.
    Pyramid,
    /// All 52 cards.
    All,
}

impl Win {
    pub fn choice(self) -> &'static str {
        match self {
            Win::Pyramid => "pyramid",
            Win::All => "all",
        }
    }

    fn from_choice(text: &str) -> Win {
        if text == "all" { Win::All } else { Win::Pyramid }
    }
}

/// Which pairs of a card with the one card still covering it are allowed
/// (option `overlap_pairs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Overlap {
    /// Neither.
    None,
    /// A pyramid card covered only by its partner may pair with it.
    Pyramid,
    /// The card directly under a waste top may pair with that top.
    Waste,
    /// Both.
    Both,
}

impl Overlap {
    pub const CHOICES: [&'static str; 4] = ["none", "pyramid", "waste", "both"];

    pub fn choice(self) -> &'static str {
        match self {
            Overlap::None => "none",
            Overlap::Pyramid => "pyramid",
            Overlap::Waste => "waste",
            Overlap::Both => "both",
        }
    }

    fn from_choice(text: &str) -> Overlap {
        match text {
            "pyramid" => Overlap::Pyramid,
            "waste" => Overlap::Waste,
            "both" => Overlap::Both,
            _ => Overlap::None,
        }
    }

    /// Pyramid pairs of a card with its last covering card.
    pub fn pyramid(self) -> bool {
        matches!(self, Overlap::Pyramid | Overlap::Both)
    }

    /// Waste pairs of the top with the card directly under it.
    pub fn waste(self) -> bool {
        matches!(self, Overlap::Waste | Overlap::Both)
    }

    pub fn any(self) -> bool {
        self != Overlap::None
    }
}

/// How the stock is dealt onto the waste. This is fixed per plugin, not an
/// option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawMode {
    /// One card at a time onto one waste pile.
    OneCard,
    /// Up to three cards at a time, one onto each of three waste piles.
    ThreePiles,
}

impl DrawMode {
    /// The number of waste piles.
    pub fn piles(self) -> usize {
        match self {
            DrawMode::OneCard => 1,
            DrawMode::ThreePiles => 3,
        }
    }
}

/// Everything a game was started with. Kept in the game, so a restored game
/// plays by the same rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    pub passes: Passes,
    pub win: Win,
    pub face_down: bool,
    pub overlap_pairs: Overlap,
    pub stock_top_playable: bool,
    /// Copied from the profile; a snapshot of another draw mode is refused.
    pub draw: DrawMode,
}

pub const PASSES: &str = "passes";
pub const WIN: &str = "win";
pub const FACE_DOWN: &str = "face_down";
pub const OVERLAP_PAIRS: &str = "overlap_pairs";
pub const STOCK_TOP_PLAYABLE: &str = "stock_top_playable";

/// The option specs, with the profile's defaults.
pub fn specs<P: Profile>() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            PASSES,
            &["1", "2", "3", "unlimited"],
            &P::DEFAULT_PASSES.choice(),
            "How many times you may go through the stock; between passes the waste is turned over into a new stock.",
        ),
        OptionSpec::choice(
            WIN,
            &["pyramid", "all"],
            P::DEFAULT_WIN.choice(),
            "pyramid: win by removing the 28 pyramid cards; all: every one of the 52 cards must go.",
        ),
        OptionSpec::flag(
            FACE_DOWN,
            P::DEFAULT_FACE_DOWN,
            "Pyramid cards that are still covered lie face down until they are freed.",
        ),
        OptionSpec::choice(
            OVERLAP_PAIRS,
            &Overlap::CHOICES,
            Overlap::None.choice(),
            "Allow pairing a card with the one card still covering it: pyramid (a pyramid card covered only by its \
             partner), waste (the card directly under a waste top, with the top), both, or none.",
        )
        // Rule sets from before the option had four values.
        .with_alias("true", Overlap::Both.choice())
        .with_alias("false", Overlap::None.choice()),
        OptionSpec::flag(
            STOCK_TOP_PLAYABLE,
            false,
            "The top card of the stock lies face up and can be played.",
        ),
    ]
}

/// The pair games' rule order: each step allows every move the harder
/// value allows, and more, and wins no later, whatever the other options —
/// more passes (a turn-over only adds moves); `pyramid` as the goal (a line
/// that clears all 52 cards cleared the pyramid on the way); covered cards
/// face up (face down only forbids pyramid overlap pairs); each kind of
/// overlap pair, and an open stock top (each only adds moves). `pyramid`
/// and `waste` overlap pairs are not ordered: each wins deals the other
/// loses. Checked against a plain search in `order_tests.rs`.
pub fn easier_steps() -> Vec<EasierStep> {
    let choice = |text: &str| OptionValue::Choice(text.to_string());
    let mut steps: Vec<EasierStep> = ["1", "2", "3", "unlimited"]
        .windows(2)
        .map(|pair| EasierStep::new(PASSES, choice(pair[0]), choice(pair[1])))
        .collect();
    steps.push(EasierStep::new(WIN, choice(Win::All.choice()), choice(Win::Pyramid.choice())));
    steps.push(EasierStep::new(FACE_DOWN, OptionValue::Flag(true), OptionValue::Flag(false)));
    for (harder, easier) in
        [(Overlap::None, Overlap::Pyramid), (Overlap::None, Overlap::Waste), (Overlap::Pyramid, Overlap::Both), (Overlap::Waste, Overlap::Both)]
    {
        steps.push(EasierStep::new(OVERLAP_PAIRS, choice(harder.choice()), choice(easier.choice())));
    }
    steps.push(EasierStep::new(STOCK_TOP_PLAYABLE, OptionValue::Flag(false), OptionValue::Flag(true)));
    steps
}

impl GameOptions {
    /// Reads resolved settings (the engine has already checked every value).
    pub fn from_settings<P: Profile>(settings: &Settings) -> GameOptions {
        GameOptions {
            passes: Passes::from_choice(settings.choice(PASSES)),
            win: Win::from_choice(settings.choice(WIN)),
            face_down: settings.flag(FACE_DOWN),
            overlap_pairs: Overlap::from_choice(settings.choice(OVERLAP_PAIRS)),
            stock_top_playable: settings.flag(STOCK_TOP_PLAYABLE),
            draw: P::DRAW,
        }
    }

    /// Whether a pass after pass number `pass` is allowed.
    pub fn pass_remains_after(&self, pass: u32) -> bool {
        match self.passes {
            Passes::Limited(n) => pass < n as u32,
            Passes::Unlimited => true,
        }
    }
}
