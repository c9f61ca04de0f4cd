//! The rules text a cells game shows: its own introduction, then the rules
//! made from its constants, so the text always says what the code does.

use crate::{Refill, Rules, Stock, Win};

fn refill_text<R: Rules>() -> &'static str {
    match R::REFILL {
        Refill::Never => "Nothing is refilled: an empty place stays empty.",
        Refill::AtOnce => "A place emptied by a move gets the stock's top card **at once**.",
        Refill::WhileReserveEmpty => {
            "Emptied places are refilled from the stock **only while the reserve is empty**: while it holds part of a \
             set, no place is refilled; when it empties, every empty place gets a card, in order."
        }
        Refill::FromWasteWhileReserveEmpty => {
            "A pile is refilled only when all its cards are gone, and only while the reserve is empty: then every \
             empty pile gets one card, **from the waste's top** while the waste has cards, else from the stock."
        }
    }
}

fn stock_text<R: Rules>() -> String {
    match R::STOCK {
        Stock::RefillOnly => String::new(),
        Stock::Waste => "* **Draw** (`draw`) turns the stock's top card onto the waste, whose top card is available; \
                         only while the reserve is empty, and once through the stock. One card starts on the waste.\n"
            .to_string(),
        Stock::ToPile { draws, pile } => format!(
            "* **Draw** (`draw`) puts the stock's top card into the extra place (pile {}) while it is empty, **{draws} times** \
             a game at most. The extra place is never refilled.\n",
            pile + 1
        ),
        Stock::OntoEachPile { piles, extra } => format!(
            "* **Draw** (`draw`) deals one card onto each of the {piles} piles, empty or not; the last draw deals the last \
             {} cards, one onto each pile and one into each of the {} reserve places.\n",
            piles as usize + extra.len(),
            extra.len()
        ),
    }
}

/// The whole rules text (markdown) of game `R`.
pub fn markdown<R: Rules>() -> String {
    let singles = match R::REMOVAL.singles_text {
        Some(singles) => format!(" {} leaves alone.", capitalised(singles)),
        None => " No card leaves alone.".to_string(),
    };
    let set = match R::SET {
        Some(set) => format!(
            "* **The reserve** collects a set, one card at a time (`Jh>reserve`): {}. A card in the reserve stays there; \
             the moment the set is complete it goes. All its cards at once may be written as one move (`Jh+Qc+Ks`, in any \
             order).\n",
            set.text()
        ),
        None => String::new(),
    };
    let shift = if R::MOVES_TO_EMPTY && matches!(R::STOCK, Stock::OntoEachPile { .. }) {
        "* A pile's top card may move into an **empty pile** (`Kh>3`); a pile's only card too, while the stock has cards \
         (the next deal then covers it in its new pile), not once it is empty.\n"
    } else if R::MOVES_TO_EMPTY {
        "* A pile's top card may move into an **empty pile** (`Kh>3`), but not a pile's only card.\n"
    } else {
        ""
    };
    let win = match R::WIN {
        Win::AllBut(0) => format!("* **Win** by removing all {} cards.", 52 * R::DECKS as u32),
        Win::AllBut(left) => format!("* **Win** by removing all but {left} of the {} cards.", 52 * R::DECKS as u32),
        Win::StockEmpty => "* **Win** when the stock is dealt out, whatever is left on the table.".to_string(),
    };
    let decks = if R::DECKS > 1 {
        format!("\n\n{} decks are shuffled together; a card of the second deck is written with a 2 after it (`Qh2`).", R::DECKS)
    } else {
        String::new()
    };
    let refill = if R::table().dealt() < 52 * R::DECKS as usize { format!(" {}", refill_text::<R>()) } else { String::new() };
    format!(
        "# {name}\n\n{intro}{decks}\n\n\
         * **Remove** {pairs}.{singles} Only the top card of each pile is available; every card lies face up.{refill}\n\
         {set}{shift}{stock}{win} The game is lost when no move is left.\n\n\
         **Winnable** means a line of moves that wins with this deal's stock order, which the solver sees and a player \
         does not: the stock is the whole of the game's chance.\n\n\
         Notation: a card (`Kh`) removes it alone, cards joined by + (`5h+6c`) remove a pair or complete a set, \
         `Jh>reserve` puts a card into the reserve, `draw` draws.\n",
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
