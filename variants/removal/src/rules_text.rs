//! The rules text a removal game shows: its own introduction, then the
//! rules made from its constants, so the text always says what the code
//! does.

use crate::{Passes, Rules, Stock, Win};

fn passes_text(passes: Passes) -> String {
    match passes {
        Passes::Limited(1) => "The stock is gone through **once**.".to_string(),
        Passes::Limited(n) => format!(
            "When the stock is empty the waste may be turned over (`recycle`) into a new stock, in the same \
             order: **{n} passes** in all."
        ),
        Passes::Unlimited => "When the stock is empty the waste may be turned over (`recycle`) into a new stock, in \
                              the same order, **as often as you like**."
            .to_string(),
    }
}

fn stock_text<R: Rules>() -> String {
    let passes = passes_text(R::PASSES);
    let option = "The option `passes` (1, 2, 3 or unlimited) changes how often.";
    match R::STOCK {
        Stock::None => "* **No stock**: every card is dealt at the start.".to_string(),
        Stock::Waste { draw, open_top, first_draw, under_top, bottom_slot } => {
            let mut text = if draw == 1 {
                "* **Stock**: `draw` turns the top stock card onto the waste, where only the top card is available."
                    .to_string()
            } else {
                format!(
                    "* **Stock**: `draw` turns the next {draw} stock cards onto the waste one after another; only the \
                     waste's top card is available."
                )
            };
            if open_top {
                text += " The stock's top card lies **face up and is available** too, so removals can dig into the stock.";
            }
            if bottom_slot {
                text += " The oldest card on the waste lies apart in a **slot of its own** and is available too; when \
                         it goes, the next oldest takes its place.";
            }
            if under_top {
                text += " The waste's top card may also pair with **the card directly under it** (which pairs with \
                         nothing else).";
            }
            if first_draw {
                text += " Play starts with one draw made.";
            }
            format!("{text} {passes} {option}")
        }
        Stock::ThreeWastes => format!(
            "* **Stock**: `draw` deals one card onto each of **three waste piles**; the three tops are available and may \
             pair with each other. Play starts with one draw made. {passes} Turning over gathers pile 1, then 2, then 3, \
             each from its top, face down onto the stock, and deals the first round at once. The option `passes` \
             (1, 2 or 3) changes how often."
        ),
    }
}

/// The whole rules text (markdown) of game `R`.
pub fn markdown<R: Rules>() -> String {
    let singles = match R::REMOVAL.singles_text {
        Some(singles) => format!(" {} leaves alone.", capitalised(singles)),
        None => " No card leaves alone.".to_string(),
    };
    let win = match R::WIN {
        Win::All => format!("* **Win** by removing all {} cards.", 52 * R::DECKS as u32),
        Win::Shape => "* **Win** by clearing the table; what is left of the stock and waste does not matter.".to_string(),
    };
    let decks = if R::DECKS > 1 {
        format!("\n\n{} decks are shuffled together; a card of the second deck is written with a 2 after it (`Qh2`).", R::DECKS)
    } else {
        String::new()
    };
    format!(
        "# {name}\n\n{intro}{decks}\n\n\
         * **Remove** {pairs}.{singles} A card is **available** when no card lies on it; a card can never pair with a \
         card it covers. Removing is always optional.\n\
         {stock}\n\
         {win} The game is lost when no move is left.\n\n\
         Notation: a card (`Kh`) removes it alone, two cards (`6c+7d`) remove a pair, `draw` draws, `recycle` turns \
         the waste over.\n",
        name = R::NAME,
        intro = R::INTRO.trim(),
        pairs = R::REMOVAL.pairs_text,
        stock = stock_text::<R>(),
    )
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
