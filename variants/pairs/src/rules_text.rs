//! The rules as the plugin implements them, as markdown for `Info.rules`.
//! The profile contributes its opening and its defaults; the rest is shared.

use crate::Profile;
use crate::options::{DrawMode, Passes, Win};

fn on_off(flag: bool) -> &'static str {
    if flag { "on" } else { "off" }
}

fn win_default(win: Win) -> &'static str {
    match win {
        Win::Pyramid => "`pyramid`",
        Win::All => "`all`",
    }
}

fn passes_default(passes: Passes) -> String {
    format!("`{}`", passes.choice())
}

/// The stock-and-waste section, which depends on the draw mode.
fn talon_section(draw: DrawMode) -> &'static str {
    match draw {
        DrawMode::OneCard => {
            "## Stock and waste

The other 24 cards form the **stock**, face down. A **draw** turns the top stock card face up onto the
**waste**. Drawing is always allowed while the stock has cards, even when a pair could be removed.
Only the top card of the waste is available; the waste may not be searched. A waste card that was
covered by later draws becomes available again once the cards above it are removed.
"
        }
        DrawMode::ThreePiles => {
            "## Stock and three waste piles

The other 24 cards form the **stock**, face down. A **draw** turns up to three stock cards, one onto
each of three **waste piles**, always in the same order: the first card onto pile 1, the second onto
pile 2, the third onto pile 3. With fewer than three cards left in the stock, a draw turns as many
as there are, onto pile 1 (and pile 2). A draw covers the previous tops. Drawing is always allowed
while the stock has cards, even when a pair could be removed.

The top card of **each** waste pile is available; nothing below a top may be searched. A covered card
becomes available again once the cards above it on its pile are removed.
"
        }
    }
}

/// How the waste is turned over, which depends on the draw mode.
fn recycle_text(draw: DrawMode) -> &'static str {
    match draw {
        DrawMode::OneCard => {
            "When the stock is empty and a pass remains, the player may **turn the waste over** into a new
stock in the same order, without shuffling: the card drawn first in the last pass is drawn first
again."
        }
        DrawMode::ThreePiles => {
            "When the stock is empty and a pass remains, the player may **turn the waste over** into a new
stock, without shuffling, always in this fixed order: pile 1 from its bottom card to its top, then
pile 2 the same way, then pile 3. The first card drawn next is the bottom card of pile 1, then the
card above it, and so on; the following draws deal these cards out onto the three piles again as
described above."
        }
    }
}

/// The full rules text for profile `P`.
pub fn markdown<P: Profile>() -> String {
    let draw = P::DRAW;
    format!(
        "# {name}

{intro}

## Deck and values

One 52-card deck, no jokers. Ace = 1, 2–10 their face value, Jack = 11, Queen = 12, King = 13.
Suits and colours never matter.

## The pyramid

28 cards are dealt face up in 7 rows of 1, 2, …, 7 cards, from the apex down. The card in row r
(0 = apex), position i is covered by the two cards below it: row r+1, positions i and i+1. A pyramid
card is **free** when both cards covering it are gone; removing only one of them is not enough. At
the start the 7 cards of the bottom row are free.

{talon}
## Available cards

The available cards are the free pyramid cards and the top card of {waste_tops}. With the option
`stock_top_playable` the top card of the stock also lies face up and is available.

## Removals

* A **King** that is available is removed alone.
* **Two available cards whose values sum to 13** are removed together: Ace + Queen, 2 + Jack,
  3 + 10, 4 + 9, 5 + 8, 6 + 7.

Both cards must be available *before* the removal: a card may never be paired with a card that covers
it, even though the removal would take the blocker away. Removing is always optional.

The option `overlap_pairs` allows a pair in which one card is covered *only* by its partner:
* `pyramid`: in the pyramid, a card whose one remaining covering card is free may pair with that
  card (its other covering card must already be gone);
* `waste`: on a waste pile, the card directly under the top may pair with the top;
* `both`: either; `none` (the default): neither. (`true` and `false`, from older rule sets, mean
  `both` and `none`.)

A card covered by its partner *and* by another card still may not be paired. The stock's hidden
cards never take part. With `face_down` also on, a covered pyramid card is face down and cannot be
chosen, so the option then applies to waste piles only.

## Passes

The option `passes` (1, 2, 3 or `unlimited`) says how many times the player may go through the stock.
{recycle} This is allowed only when the stock is empty, the waste is not, and a pass remains; each
turn-over starts the next pass. With `passes = 1` the waste is never turned over.

## Face-down cards

With the option `face_down`, pyramid cards that are still covered lie face down and are unknown until
they are freed. Nothing the game shows or says (cards, counts, moves, explanations) reveals a
face-down card.

## Winning and losing

* `win = pyramid`: the game is won as soon as all 28 pyramid cards are removed, whatever is left in
  the stock and waste.
* `win = all`: the game is won when all 52 cards are removed.

The game is lost when no removal is possible, the stock is empty and no turn-over is possible (no
pass left, or an empty waste). An empty stock alone does not end the game while removals remain.
With unlimited passes the game goes on as long as the waste has cards to turn over.

## Options and this variant's defaults

| option | values | default |
|---|---|---|
| `passes` | 1, 2, 3, unlimited | {passes} |
| `win` | pyramid, all | {win} |
| `face_down` | on/off | {face_down} |
| `overlap_pairs` | none, pyramid, waste, both | none |
| `stock_top_playable` | on/off | off |

## Notation

`draw` draws, `recycle` turns the waste over, a King alone is written as the card (`Kh`), a pair as
its two cards joined by `+` in either order (`6c+7d`). Ranks: A 2–9 T (or 10) J Q K; suits: c d h s.
",
        name = P::NAME,
        intro = P::INTRO,
        talon = talon_section(draw),
        waste_tops = if draw == DrawMode::OneCard { "the waste" } else { "each of the three waste piles" },
        recycle = recycle_text(draw),
        passes = passes_default(P::DEFAULT_PASSES),
        win = win_default(P::DEFAULT_WIN),
        face_down = on_off(P::DEFAULT_FACE_DOWN),
    )
}
