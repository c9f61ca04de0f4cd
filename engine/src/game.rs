//! A game as the contract sees it: move ids, apply with checks, snapshots,
//! solving. The wasm export glue is a thin type conversion over this, so the
//! same code runs in native tests.

use crate::deal::Deal;
use crate::layout::{Outcome, Status};
use crate::options::{OptionValue, Settings};
use crate::search::Search;
use crate::solver::{self, BestScore, Solution};
use crate::variant::Variant;
use crate::layout::MoveInfo;

/// The first byte of a snapshot: the SDK's framing. `1` is followed by
/// the game in saved form 0; `2` by the saved form (four bytes, little
/// endian) and then the game. Form 0 keeps the first framing, so every
/// snapshot written before saved forms existed reads unchanged.
const FRAMING_FORM_ZERO: u8 = 1;
const FRAMING_WITH_FORM: u8 = 2;

pub fn encode<V: Variant>(game: &V) -> Vec<u8> {
    let mut bytes = if V::SAVED_FORM == 0 {
        vec![FRAMING_FORM_ZERO]
    } else {
        let mut framing = vec![FRAMING_WITH_FORM];
        framing.extend(V::SAVED_FORM.to_le_bytes());
        framing
    };
    bytes.extend(postcard::to_allocvec(game).expect("serializing a game to memory cannot fail"));
    bytes
}

/// Reads a game saved in the current saved form, or in an older one
/// through [`Variant::restore_older`].
fn decode_snapshot<V: Variant>(bytes: &[u8]) -> Result<V, String> {
    let (&framing, rest) = bytes.split_first().ok_or("the snapshot is empty")?;
    let (form, body) = match framing {
        FRAMING_FORM_ZERO => (0, rest),
        FRAMING_WITH_FORM if rest.len() >= 4 => {
            let (form, body) = rest.split_at(4);
            (u32::from_le_bytes(form.try_into().expect("four bytes")), body)
        }
        FRAMING_WITH_FORM => return Err("the snapshot is cut short".into()),
        other => return Err(format!("the snapshot has framing {other}, this plugin reads 1 and 2")),
    };
    match form.cmp(&V::SAVED_FORM) {
        core::cmp::Ordering::Equal => read_saved(body),
        core::cmp::Ordering::Less => V::restore_older(form, body),
        core::cmp::Ordering::Greater => Err(format!(
            "the game was saved by a newer version of the plugin (saved form {form}; this version reads forms up to {})",
            V::SAVED_FORM
        )),
    }
}

/// Reads a game value of type `T` from the bytes of a snapshot's saved
/// form: what [`Variant::restore_older`] calls with the type the game had
/// in that form.
pub fn read_saved<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    postcard::from_bytes(body).map_err(|e| format!("the snapshot is damaged: {e}"))
}

/// The status the host sees: `game.status()`, except that a game still
/// being played with no legal move left is lost, with
/// [`Variant::lost_message`]. The export glue answers with it, so a plugin
/// never reports a game it cannot go on with as still playing.
pub fn status<V: Variant>(game: &V) -> Status {
    status_and_actions(game).0
}

/// [`status`], and the position's actions while the game goes on (none once
/// it is over): one list of actions answers both, where listing them is
/// what a position costs.
fn status_and_actions<V: Variant>(game: &V) -> (Status, Vec<V::Action>) {
    let status = game.status();
    if status.outcome != Outcome::Playing {
        return (status, Vec::new());
    }
    let actions = game.actions();
    if actions.is_empty() {
        return (Status { outcome: Outcome::Lost, message: game.lost_message(), ..status }, actions);
    }
    (status, actions)
}

/// Plays `moves` random legal moves of `game` (chosen by `seed`) and
/// checks at every position that each listed move's
/// [`Variant::notation`] is the notation [`Variant::describe`] gives it:
/// the test a variant (or an SDK layer) that overrides `notation` owes.
/// `Err` names the first move where the two differ.
pub fn notations_agree<V: Variant>(game: &V, seed: u64, moves: usize) -> Result<(), String> {
    let mut rng = crate::deal::DealRng::new(seed);
    let mut game = game.clone();
    for played in 0..moves {
        let actions = game.actions();
        for action in &actions {
            let (short, described) = (game.notation(action), game.describe(action).notation);
            if short != described {
                return Err(format!("after {played} moves, {action:?}: `notation` gives `{short}`, `describe` `{described}`"));
            }
        }
        if actions.is_empty() {
            break;
        }
        game.perform(&actions[rng.below(actions.len() as u64) as usize]);
    }
    Ok(())
}

/// A move as listed to the host: its id is its index in `Variant::actions`.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedMove {
    pub id: u32,
    pub info: MoveInfo,
}

#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    pub state: V,
}

impl<V: Variant> Game<V> {
    pub fn start(deal: &Deal, given: &[(String, OptionValue)]) -> Result<Game<V>, String> {
        let settings = Settings::resolve(&V::info().options, given)?;
        Ok(Game { state: V::start(deal, &settings)? })
    }

    pub fn restore(bytes: &[u8]) -> Result<Game<V>, String> {
        let state: V = decode_snapshot(bytes)?;
        state.check().map_err(|e| format!("the snapshot is not a valid game: {e}"))?;
        Ok(Game { state })
    }

    pub fn snapshot(&self) -> Vec<u8> {
        encode(&self.state)
    }

    /// The game in `snapshot` with `line` played (notations as
    /// [`Game::moves`] lists them), and its status after the last move:
    /// the check of a claimed winning line in one call (the contract's
    /// `line-check`). `Err` names the first move that is not legal.
    pub fn play_line(snapshot: &[u8], line: &[String]) -> Result<Status, String> {
        let mut game = Game::<V>::restore(snapshot)?;
        for (index, notation) in line.iter().enumerate() {
            let refused = |why: String| format!("move {} (`{notation}`) is not legal: {why}", index + 1);
            let (now, mut actions) = status_and_actions(&game.state);
            if now.outcome != Outcome::Playing {
                return Err(refused(format!("the game is over: {}", now.message)));
            }
            let Some(found) = game.listed_as(&actions, notation) else {
                return Err(refused(game.explain(notation)));
            };
            let action = actions.swap_remove(found);
            game.state.perform(&action);
        }
        Ok(game.status())
    }

    /// Which of `actions` (this position's) is listed as `notation`: the
    /// exact notation, else as the host matches a typed move (pairs in
    /// either order, any case).
    fn listed_as(&self, actions: &[V::Action], notation: &str) -> Option<usize> {
        let exact = actions.iter().position(|action| self.state.notation(action) == notation);
        exact.or_else(|| {
            let wanted = crate::card::canonical_notation(notation);
            actions.iter().position(|action| crate::card::canonical_notation(&self.state.notation(action)) == wanted)
        })
    }

    pub fn moves(&self) -> Vec<ListedMove> {
        self.state
            .actions()
            .iter()
            .enumerate()
            .map(|(id, action)| ListedMove { id: id as u32, info: self.state.describe(action) })
            .collect()
    }

    /// The status the host sees (see [`status`]).
    pub fn status(&self) -> Status {
        status(&self.state)
    }

    pub fn apply(&mut self, id: u32) -> Result<Status, String> {
        let (status, mut actions) = status_and_actions(&self.state);
        if status.outcome != Outcome::Playing {
            return Err(format!("the game is over: {}", status.message));
        }
        let count = actions.len();
        if id as usize >= count {
            return Err(format!("there is no move {id}: the position has {count} legal moves"));
        }
        let action = actions.swap_remove(id as usize);
        self.state.perform(&action);
        Ok(self.status())
    }

    pub fn explain(&self, notation: &str) -> String {
        let status = self.status();
        if status.outcome != Outcome::Playing {
            return format!("the game is over: {}", status.message);
        }
        self.state.explain(notation)
    }

    pub fn resample(&self, seed: u64) -> Option<Game<V>> {
        let mut rng = crate::deal::DealRng::new(seed);
        self.state.resample(&mut rng).map(|state| Game { state })
    }

    /// Solves the game from here, the line in notation. For a variant
    /// without [`Search`] hooks, solve a `Game<Plain<V>>`.
    pub fn solve(&self, budget: u64, optimal: bool) -> Solution<String>
    where
        V: Search,
    {
        let found = if optimal {
            solver::solve_optimal(&self.state, budget)
        } else {
            solver::solve(&self.state, budget)
        };
        self.in_notation(found)
    }

    /// A line from here to the variant's step ([`Search::step`]) or a win,
    /// in notation.
    pub fn solve_step(&self, budget: u64) -> Solution<String>
    where
        V: Search,
    {
        self.in_notation(solver::solve_step(&self.state, budget))
    }

    /// The line from here to the highest score found within `budget`
    /// positions ([`solver::solve_best_score`]), in notation; `None` for a
    /// game that keeps no score.
    pub fn solve_best_score(&self, budget: u64) -> Option<BestScore<String>>
    where
        V: Search,
    {
        let best = solver::solve_best_score(&self.state, budget)?;
        Some(BestScore { line: self.notations(&best.line), score: best.score, bound: best.bound, nodes: best.nodes })
    }

    /// A solution with its moves turned into notation by replaying them.
    fn in_notation(&self, found: Solution<V::Action>) -> Solution<String> {
        Solution { verdict: found.verdict, line: self.notations(&found.line), nodes: found.nodes }
    }

    /// The notations of `line`, played from here.
    fn notations(&self, line: &[V::Action]) -> Vec<String> {
        let mut replay = self.state.clone();
        line.iter()
            .map(|action| {
                let notation = replay.notation(action);
                replay.perform(action);
                notation
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::search::Plain;
    use crate::solver::Verdict;
    use crate::variant::Info;
    use serde::{Deserialize, Serialize};

    /// Steps down to 0, where no move is left; its `status` never says lost.
    #[derive(Clone, Serialize, Deserialize)]
    struct Steps {
        left: u8,
        won_at_zero: bool,
    }

    impl Variant for Steps {
        type Action = ();

        fn info() -> Info {
            Info { id: "steps".into(), name: "Steps".into(), version: "0".into(), summary: String::new(), rules: String::new(), options: vec![] }
        }

        fn start(_deal: &Deal, _settings: &Settings) -> Result<Self, String> {
            Ok(Steps { left: 1, won_at_zero: false })
        }

        fn layout(&self) -> Layout {
            Layout::default()
        }

        fn actions(&self) -> Vec<()> {
            if self.left > 0 { vec![()] } else { vec![] }
        }

        fn describe(&self, _action: &()) -> MoveInfo {
            MoveInfo { notation: "step".into(), label: String::new(), slots: vec![] }
        }

        fn perform(&mut self, _action: &()) {
            self.left -= 1;
        }

        fn status(&self) -> Status {
            let won = self.won_at_zero && self.left == 0;
            if won { Status::won("done") } else { Status::playing() }.with_score(self.left as i64)
        }
    }

    #[test]
    fn a_game_with_no_move_left_is_lost_unless_it_is_won() {
        let mut game = Game::<Steps>::start(&Deal::Seed(0), &[]).unwrap();
        assert_eq!(game.status(), Status::playing().with_score(1));
        assert_eq!(game.apply(0), Ok(Status::lost("No moves left").with_score(0)), "the score stays");
        assert_eq!(game.status().outcome, Outcome::Lost);
        assert_eq!(game.apply(0), Err("the game is over: No moves left".to_string()));
        assert_eq!(game.explain("step"), "the game is over: No moves left");
        let mut winning = Game { state: Steps { left: 1, won_at_zero: true } };
        assert_eq!(winning.apply(0), Ok(Status::won("done").with_score(0)));
    }

    /// `Steps` as a later version of the plugin has it, with a field added
    /// (and its saved form raised). Postcard writes the nested game's
    /// fields in line, so the old form is the new one cut short.
    #[derive(Clone, Serialize, Deserialize)]
    struct StepsWithHint<const READS_OLDER: bool> {
        steps: Steps,
        hint: bool,
    }

    impl<const READS_OLDER: bool> Variant for StepsWithHint<READS_OLDER> {
        type Action = ();
        const SAVED_FORM: u32 = 1;

        fn info() -> Info {
            Steps::info()
        }
        fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
            Ok(StepsWithHint { steps: Steps::start(deal, settings)?, hint: true })
        }
        fn layout(&self) -> Layout {
            self.steps.layout()
        }
        fn actions(&self) -> Vec<()> {
            self.steps.actions()
        }
        fn describe(&self, action: &()) -> MoveInfo {
            self.steps.describe(action)
        }
        fn perform(&mut self, action: &()) {
            self.steps.perform(action);
        }
        fn status(&self) -> Status {
            self.steps.status()
        }
        fn restore_older(form: u32, bytes: &[u8]) -> Result<Self, String> {
            if !READS_OLDER {
                return Err(format!("form {form} is not read"));
            }
            Ok(StepsWithHint { steps: read_saved(bytes)?, hint: false })
        }
    }

    #[test]
    fn a_game_saved_before_a_field_was_added_reads_back_through_restore_older() {
        let old = Game { state: Steps { left: 7, won_at_zero: true } }.snapshot();
        assert_eq!(old[0], 1, "form 0 keeps the first framing");
        let upgraded = Game::<StepsWithHint<true>>::restore(&old).expect("the old form is read");
        assert_eq!((upgraded.state.steps.left, upgraded.state.steps.won_at_zero, upgraded.state.hint), (7, true, false));
        let again = Game::<StepsWithHint<true>>::restore(&upgraded.snapshot()).expect("the new form is read");
        assert_eq!((again.state.steps.left, again.state.hint), (7, false));

        let refused = Game::<StepsWithHint<false>>::restore(&old).err().expect("no reader for form 0");
        assert!(refused.contains("form 0"), "{refused}");
        let newer = Game::<Steps>::restore(&upgraded.snapshot()).err().expect("form 1 is newer than Steps reads");
        assert!(newer.contains("newer version of the plugin"), "{newer}");
        // Without a raised saved form, the old bytes do not read as the new type.
        assert!(read_saved::<StepsWithHint<true>>(&old[1..]).is_err());
    }

    #[test]
    fn a_line_is_played_from_a_snapshot_and_its_first_illegal_move_named() {
        let snapshot = Game { state: Steps { left: 1, won_at_zero: true } }.snapshot();
        let line = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(Game::<Steps>::play_line(&snapshot, &line(&["step"])).map(|s| s.outcome), Ok(Outcome::Won));
        assert_eq!(Game::<Steps>::play_line(&snapshot, &[]).map(|s| s.outcome), Ok(Outcome::Playing));
        // Matched as a typed move is (any case, pairs in either order).
        assert_eq!(Game::<Steps>::play_line(&snapshot, &line(&["STEP"])).map(|s| s.outcome), Ok(Outcome::Won));
        let refused = Game::<Steps>::play_line(&snapshot, &line(&["step", "step"])).unwrap_err();
        assert!(refused.starts_with("move 2 (`step`) is not legal: the game is over"), "{refused}");
        assert!(Game::<Steps>::play_line(&snapshot, &line(&["jump"])).unwrap_err().starts_with("move 1 (`jump`)"));
    }

    /// `Steps` with a `notation` that differs from its `describe` on the
    /// last step.
    #[derive(Clone, Serialize, Deserialize)]
    struct MisnamedLastStep(Steps);

    impl Variant for MisnamedLastStep {
        type Action = ();
        fn info() -> Info {
            Steps::info()
        }
        fn start(deal: &Deal, settings: &Settings) -> Result<Self, String> {
            Steps::start(deal, settings).map(MisnamedLastStep)
        }
        fn layout(&self) -> Layout {
            self.0.layout()
        }
        fn actions(&self) -> Vec<()> {
            self.0.actions()
        }
        fn describe(&self, action: &()) -> MoveInfo {
            self.0.describe(action)
        }
        fn notation(&self, _action: &()) -> String {
            if self.0.left == 1 { "last".into() } else { "step".into() }
        }
        fn perform(&mut self, action: &()) {
            self.0.perform(action);
        }
        fn status(&self) -> Status {
            self.0.status()
        }
    }

    #[test]
    fn notations_agree_names_the_first_move_whose_notation_is_not_described() {
        let steps = Steps { left: 3, won_at_zero: true };
        assert_eq!(notations_agree(&steps, 1, 10), Ok(()));
        let misnamed = notations_agree(&MisnamedLastStep(steps), 1, 10).unwrap_err();
        assert!(misnamed.starts_with("after 2 moves") && misnamed.contains("`last`"), "{misnamed}");
        // The check of a line and the solver go by `notation`.
        let snapshot = Game { state: MisnamedLastStep(Steps { left: 1, won_at_zero: true }) }.snapshot();
        let played = Game::<MisnamedLastStep>::play_line(&snapshot, &["last".to_string()]);
        assert_eq!(played.map(|s| s.outcome), Ok(Outcome::Won));
        let found = Game { state: Plain(MisnamedLastStep(Steps { left: 2, won_at_zero: true })) }.solve(10, false);
        assert_eq!(found.line, vec!["step".to_string(), "last".to_string()]);
    }

    #[test]
    fn a_variant_without_search_hooks_is_solved_and_saved_as_itself() {
        let game = Game { state: Plain(Steps { left: 2, won_at_zero: true }) };
        assert_eq!(game.snapshot(), encode(&game.state.0), "Plain adds nothing to a snapshot");
        let found = game.solve(10, false);
        assert_eq!((found.verdict, found.line), (Verdict::Winnable, vec!["step".to_string(), "step".to_string()]));
    }
}
