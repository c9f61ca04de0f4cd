//! The `Variant` trait: everything a rule plugin answers.

use crate::deal::Deal;
use crate::layout::{HudItem, Layout, MoveInfo, Status};
use crate::options::{OptionSpec, OptionValue, Settings};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// What a variant tells about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Stable machine name: lowercase letters, digits and `-`.
    pub id: String,
    pub name: String,
    pub version: String,
    /// One line for menus.
    pub summary: String,
    /// The rules as markdown.
    pub rules: String,
    pub options: Vec<OptionSpec>,
}

/// One step of a variant's rule order: with every other option the same,
/// every deal winnable with `option` = `harder` is winnable with `option` =
/// `easier` (typically `easier` allows every move `harder` does, and more,
/// and wins no later). See [`Variant::easier_steps`].
#[derive(Clone, Debug, PartialEq)]
pub struct EasierStep {
    pub option: String,
    pub harder: OptionValue,
    pub easier: OptionValue,
}

impl EasierStep {
    pub fn new(option: &str, harder: OptionValue, easier: OptionValue) -> EasierStep {
        EasierStep { option: option.to_string(), harder, easier }
    }
}

/// The rules of one solitaire. A value of the implementing type is one game
/// in progress; it must hold everything about the game (including its
/// settings), because the host saves and restores games as the serialized
/// value.
///
/// A plugin is `impl Variant for MyGame` plus `export_variant!(MyGame);`.
/// The solver works on any variant; one that implements
/// [`crate::Search`] as well is solved faster.
pub trait Variant: Clone + Serialize + DeserializeOwned + 'static {
    /// One legal move, as the variant represents it internally.
    type Action: Clone + PartialEq + core::fmt::Debug;

    fn info() -> Info;

    /// The option changes that only ever make a deal easier to win. The
    /// host takes their closure per option and, exploring the rule space,
    /// lets a win stand for every easier combination and a loss for every
    /// harder one instead of solving each. Declare a step only when it
    /// holds with every value of the other options, and test it against a
    /// plain search (as `variants/pairs` does). None by default.
    fn easier_steps() -> Vec<EasierStep> {
        Vec::new()
    }

    /// A new game. `settings` already holds every declared option, checked.
    fn start(deal: &Deal, settings: &Settings) -> Result<Self, String>;

    fn layout(&self) -> Layout;

    fn hud(&self) -> Vec<HudItem> {
        Vec::new()
    }

    /// Every legal move now, in a stable order. Empty once the game is over.
    fn actions(&self) -> Vec<Self::Action>;

    fn describe(&self, action: &Self::Action) -> MoveInfo;

    /// `describe(action).notation` alone: what the check of a claimed line
    /// compares with every listed move, and what the solver writes its
    /// lines in. Override it where `describe` builds more than the
    /// notation (labels, slots), giving the same text;
    /// [`crate::game::notations_agree`] tests that.
    fn notation(&self, action: &Self::Action) -> String {
        self.describe(action).notation
    }

    /// Plays a move that `actions` listed.
    fn perform(&mut self, action: &Self::Action);

    /// Won, lost or still being played, with the score and level to show.
    /// A game that is not won and has no legal move left is lost, and the
    /// SDK says so (with [`Variant::lost_message`]): `status` need not look
    /// for moves. Return `Status::lost` yourself only for another way of
    /// losing, or to answer a lost game without listing its moves.
    fn status(&self) -> Status;

    /// What the player is told when the game is lost because no legal move
    /// is left.
    fn lost_message(&self) -> String {
        "No moves left".to_string()
    }

    /// Why `notation` is not a legal move now, in one sentence for the
    /// player. Called only for moves that are not in `actions`.
    fn explain(&self, notation: &str) -> String {
        format!("`{notation}` is not a legal move now")
    }

    /// Checks a game that was just restored from bytes, which may come from a
    /// damaged file: refuse anything the rules could not have produced.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }

    /// The saved form of this game type: 0 until the type changes in a
    /// released plugin. Snapshots (saved games, undo) are the value
    /// serialized field by field, so adding a field makes older ones
    /// unreadable as the new type: raise this number with the change, and
    /// read the older forms in [`Variant::restore_older`].
    const SAVED_FORM: u32 = 0;

    /// A game saved in an older saved form `form` (below
    /// [`Variant::SAVED_FORM`]), from its bytes: read it as the type it
    /// had then (`patience_engine::game::read_saved::<GameV0>(bytes)`) and
    /// convert. The restored game is then checked as any other. By default
    /// older forms are refused.
    fn restore_older(form: u32, bytes: &[u8]) -> Result<Self, String> {
        let _ = bytes;
        Err(format!(
            "the game was saved in saved form {form}, which this version of the plugin no longer reads (it reads form {})",
            Self::SAVED_FORM
        ))
    }

    /// A copy of this game with every card the player has not seen dealt
    /// anew from `rng`, consistent with all the player has seen (what is face
    /// up, what was drawn and in which order). Fair players search such
    /// copies instead of the real game, so they never use hidden
    /// information. `None`: not supported (fair players fall back to
    /// simpler play).
    fn resample(&self, rng: &mut crate::deal::DealRng) -> Option<Self> {
        let _ = rng;
        None
    }
}
