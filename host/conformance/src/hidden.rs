//! `hidden cards`: nothing the player is shown may depend on a card they
//! have not seen — not a label on a face-down slot, not a move's name, not
//! the HUD, the status or an explanation.
//!
//! The contract never tells the host what a face-down card is, so the check
//! cannot compare texts against the hidden cards directly. Instead it deals
//! the same explicit deck twice, with two cards that are unseen at the
//! start swapped in the second deck, and plays both games with the same
//! moves. As long as neither card has been turned up, a player cannot tell
//! the two games apart, so everything shown must be identical; the first
//! difference is a leak. Once one of the two cards shows face up, the games
//! may rightly differ and the comparison of that pair ends.
//!
//! This needs the plugin to accept explicit decks (`deal::cards` with the 52
//! cards, or each card twice for a game of two decks); a plugin that
//! refuses them is skipped, with the reason.

use crate::options::settings_for;
use crate::probe::{deal_ref, game_rng, pick, Context, Tracked};
use crate::report::{CheckId, Failure};
use crate::view::{difference, read_view, View};
use crate::Findings;
use patience_engine::card::Card;
use patience_engine::deal::{shuffled_decks, Deal, DealRng};
use patience_engine::layout::{Face, Outcome};
use patience_runtime::{notation, GameError};

const PASS: u64 = 4;

#[derive(Default)]
struct Tally {
    pairs: u32,
    positions: u64,
    nothing_hidden: u32,
}

/// Whether the pass can go on.
enum Flow {
    Continue,
    /// The plugin does not take explicit decks: the check cannot run.
    ExplicitDecksRefused(String),
}

pub fn check(ctx: &Context, findings: &mut Findings) {
    if !findings.get(CheckId::Determinism).passed() {
        // Two games would differ anyway, so a difference says nothing
        // about hidden cards.
        findings.get(CheckId::HiddenCards).skipped =
            Some("the plugin is not deterministic (see above), so a leak cannot be told from noise".to_string());
        return;
    }
    let mut tally = Tally::default();
    for game in 0..ctx.config.hidden_games() {
        if let Flow::ExplicitDecksRefused(reason) = play_pair(ctx, game, &mut tally, findings) {
            findings.get(CheckId::HiddenCards).skipped = Some(format!(
                "the plugin refuses explicit decks ({reason}), which this check deals; accept `Deal::Cards` with the 52 cards to have hidden information checked"
            ));
            return;
        }
    }
    findings.get(CheckId::HiddenCards).covered = if tally.pairs == 0 {
        format!("no card is hidden at the start of any of the {} deals tried: nothing to check", tally.nothing_hidden)
    } else {
        format!(
            "{} deals played twice with two unseen cards swapped; {} positions compared",
            tally.pairs, tally.positions
        )
    };
}

/// Deals deck `seed + game` and the same deck with two unseen cards
/// swapped, and compares the two games move by move.
fn play_pair(ctx: &Context, game: u32, tally: &mut Tally, findings: &mut Findings) -> Flow {
    let settings = settings_for(&ctx.plugin.info.options, game, ctx.config.seed);
    // One deck, or two for a game that refuses one.
    let decks = |count: u8| -> Vec<Card> {
        shuffled_decks(ctx.config.seed + u64::from(game), count).into_iter().map(|card| card.card()).collect()
    };
    let mut deck = decks(1);
    let mut started = ctx.start(Deal::Cards(deck.clone()), settings.clone());
    if let Err(GameError::Refused(_)) = started {
        let two = decks(2);
        if let Ok(game) = ctx.start(Deal::Cards(two.clone()), settings.clone()) {
            (deck, started) = (two, Ok(game));
        }
    }
    let mut first = match started {
        Ok(first) => first,
        Err(GameError::Refused(reason)) => return Flow::ExplicitDecksRefused(reason),
        Err(error) => {
            let mut failure = Failure::new("an explicit deck does not start");
            failure.place.deal = Some(deal_ref(&Deal::Cards(deck)));
            findings.error(CheckId::HiddenCards, failure, &error);
            return Flow::Continue;
        }
    };
    let opening = match read_view(ctx, &mut first) {
        Ok(view) => view,
        Err(error) => {
            findings.error(CheckId::HiddenCards, ctx.failure(&first, "with an explicit deck"), &error);
            return Flow::Continue;
        }
    };
    let mut rng = game_rng(ctx.config.seed, PASS, game);
    let Some((a, b)) = two_unseen_cards(&deck, &opening, &mut rng) else {
        tally.nothing_hidden += 1;
        return Flow::Continue;
    };
    let swapped: Vec<Card> = deck.iter().map(|&c| if c == a { b } else if c == b { a } else { c }).collect();
    let mut second = match ctx.start(Deal::Cards(swapped), settings) {
        Ok(second) => second,
        Err(error) => {
            findings.error(CheckId::HiddenCards, ctx.failure(&first, format!("the same deck with {a} and {b} swapped")), &error);
            return Flow::Continue;
        }
    };
    tally.pairs += 1;
    compare_until_revealed(ctx, &mut first, &mut second, (a, b), &mut rng, tally, findings);
    Flow::Continue
}

/// Two different cards of the deck that no slot shows face up (in any of
/// their copies, for a game of two decks: every copy is swapped).
fn two_unseen_cards(deck: &[Card], opening: &View, rng: &mut DealRng) -> Option<(Card, Card)> {
    let shown: Vec<Card> = opening.layout.slots.iter().filter_map(|slot| face_up(slot.face)).collect();
    let mut unseen: Vec<Card> = deck.iter().copied().filter(|card| !shown.contains(card)).collect();
    let mut first_copies = std::collections::HashSet::new();
    unseen.retain(|&card| first_copies.insert(card));
    if unseen.len() < 2 {
        return None;
    }
    let a = unseen.swap_remove(pick(rng, unseen.len()));
    let b = unseen[pick(rng, unseen.len())];
    Some((a, b))
}

fn face_up(face: Face) -> Option<Card> {
    match face {
        Face::Up(card) => Some(card),
        _ => None,
    }
}

/// True once some slot shows different face-up cards in the two games:
/// one of the swapped cards has been turned up.
fn revealed(first: &View, second: &View) -> bool {
    first.layout.slots.iter().zip(&second.layout.slots).any(|(x, y)| match (face_up(x.face), face_up(y.face)) {
        (Some(one), Some(other)) => one != other,
        _ => false,
    })
}

fn compare_until_revealed(
    ctx: &Context,
    first: &mut Tracked,
    second: &mut Tracked,
    (a, b): (Card, Card),
    rng: &mut DealRng,
    tally: &mut Tally,
    findings: &mut Findings,
) {
    let leak = |ctx: &Context, first: &Tracked, second: &Tracked, what: String| {
        let mut failure = ctx.failure(
            first,
            format!("hidden information leaks: {what}, yet the two deals differ only in where the unseen cards {a} and {b} lie"),
        );
        failure.reproduce.push(ctx.reproduce(second));
        failure
    };
    loop {
        let (one, other) = match (read_view(ctx, first), read_view(ctx, second)) {
            (Ok(one), Ok(other)) => (one, other),
            _ => return, // the playouts report positions that do not read
        };
        if revealed(&one, &other) {
            return;
        }
        if let Some(what) = difference(&one, &other) {
            return findings.fail(CheckId::HiddenCards, leak(ctx, first, second, what));
        }
        if let Some(what) = explanation_difference(ctx, first, second, &one, [a, b]) {
            return findings.fail(CheckId::HiddenCards, leak(ctx, first, second, what));
        }
        tally.positions += 1;
        let over = one.status.outcome != Outcome::Playing || one.moves.is_empty();
        if over || first.played.len() as u32 >= ctx.config.max_moves {
            return;
        }
        let chosen = &one.moves[pick(rng, one.moves.len())];
        if ctx.apply(first, chosen).is_err() || ctx.apply(second, chosen).is_err() {
            return; // the playouts report moves that do not apply
        }
    }
}

/// Asks both games why the two unseen cards (alone and as a pair) cannot
/// be played; the answers must not differ.
fn explanation_difference(ctx: &Context, first: &mut Tracked, second: &mut Tracked, view: &View, [a, b]: [Card; 2]) -> Option<String> {
    let probes = [a.to_string(), b.to_string(), format!("{a}+{b}")];
    for probe in probes.iter().filter(|probe| notation::find(&view.moves, probe).is_none()) {
        let one = ctx.call(first, "explain", |game| game.explain(probe)).ok()?;
        let other = ctx.call(second, "explain", |game| game.explain(probe)).ok()?;
        if one != other {
            return Some(format!("asked why `{probe}` is not legal, one game answers `{one}` and the other `{other}`"));
        }
    }
    None
}
