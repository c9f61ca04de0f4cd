//! Why a move is not legal, in one sentence. A face-down pyramid card and
//! the stock's hidden cards get the same answer ("is not available"), so an
//! explanation never tells where a hidden card lies.

use crate::Profile;
use crate::geometry::COVERED_BY;
use crate::moves::Action;
use crate::options::Passes;
use crate::table::{PairGame, cards};
use patience_engine::card::{ACE, Card, JACK, KING, QUEEN};

/// A move as the player wrote it.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Request {
    Draw,
    Recycle,
    Single(Card),
    Pair(Card, Card),
}

fn parse(text: &str) -> Option<Request> {
    let text = text.trim();
    match text.to_ascii_lowercase().as_str() {
        "draw" => return Some(Request::Draw),
        "recycle" => return Some(Request::Recycle),
        _ => {}
    }
    let cards: Vec<Card> = text.split('+').map(|part| part.parse().ok()).collect::<Option<_>>()?;
    match cards[..] {
        [card] => Some(Request::Single(card)),
        [a, b] => Some(Request::Pair(a, b)),
        _ => None,
    }
}

/// Where a card is now.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Location {
    Pyramid(usize),
    /// `depth` 0 is the top.
    Stock {
        depth: usize,
    },
    Waste {
        pile: usize,
        depth: usize,
    },
    Removed,
}

/// `A`, `7`, `10`, `Q`: a value as written in sums.
fn value_name(rank: u8) -> String {
    match rank {
        ACE => "A".to_string(),
        JACK => "J".to_string(),
        QUEEN => "Q".to_string(),
        KING => "K".to_string(),
        n => n.to_string(),
    }
}

/// `an Ace`, `a 5`, `an 8`, `a Queen`.
fn rank_with_article(rank: u8) -> String {
    match rank {
        ACE => "an Ace".to_string(),
        8 => "an 8".to_string(),
        JACK => "a Jack".to_string(),
        QUEEN => "a Queen".to_string(),
        KING => "a King".to_string(),
        n => format!("a {n}"),
    }
}

impl<P: Profile> PairGame<P> {
    pub(crate) fn explain_notation(&self, notation: &str) -> String {
        let Some(request) = parse(notation) else {
            return format!(
                "`{}` is not a move: write draw, recycle, a card like Kh or a pair like 6c+7d",
                notation.trim()
            );
        };
        if self.is_legal(request) {
            return format!("`{}` is a legal move now", notation.trim());
        }
        match request {
            Request::Draw => self.why_no_draw(),
            Request::Recycle => self.why_no_recycle(),
            Request::Single(card) => self.why_not_alone(card),
            Request::Pair(a, b) => self.why_not_a_pair(a, b),
        }
    }

    fn is_legal(&self, request: Request) -> bool {
        use patience_engine::Variant;
        self.actions().iter().any(|action| match (*action, request) {
            (Action::Draw, Request::Draw) | (Action::Recycle, Request::Recycle) => true,
            (Action::King(place), Request::Single(card)) => self.card_at(place) == card,
            (Action::Pair(first, second), Request::Pair(a, b)) => {
                let (x, y) = (self.card_at(first), self.card_at(second));
                (x, y) == (a, b) || (x, y) == (b, a)
            }
            _ => false,
        })
    }

    fn why_no_draw(&self) -> String {
        if self.can_recycle() {
            "The stock is empty: turn the waste over first (`recycle`)".to_string()
        } else {
            "The stock is empty: there is nothing to draw".to_string()
        }
    }

    fn why_no_recycle(&self) -> String {
        if !self.stock.is_empty() {
            format!(
                "The stock still has {}: the waste is turned over only when the stock is empty",
                cards(self.stock.len() as u64)
            )
        } else if self.waste_total() == 0 {
            "The waste is empty: there is nothing to turn over".to_string()
        } else {
            match self.options.passes {
                Passes::Limited(1) => {
                    "No passes left: this game allows only 1 pass through the stock".to_string()
                }
                Passes::Limited(n) => {
                    format!("No passes left: this game allows {n} passes through the stock")
                }
                Passes::Unlimited => "The waste cannot be turned over now".to_string(),
            }
        }
    }

    fn why_not_alone(&self, card: Card) -> String {
        if card.rank != KING {
            return format!(
                "{card} is not a King: only a King is removed alone; {card} needs a partner making 13 ({})",
                rank_with_article(13 - card.rank)
            );
        }
        self.why_unavailable(card)
    }

    fn why_not_a_pair(&self, a: Card, b: Card) -> String {
        if a == b {
            return format!("{a} cannot be paired with itself");
        }
        if a.rank + b.rank != 13 {
            let king = if a.rank == KING || b.rank == KING { ": a King is removed alone" } else { "" };
            return format!(
                "{} and {} make {}, not 13{king}",
                value_name(a.rank),
                value_name(b.rank),
                a.rank + b.rank
            );
        }
        for card in [a, b] {
            if self.locate(card) == Location::Removed {
                return format!("{card} is not on the table");
            }
        }
        if let Some(refusal) = self.covering_refusal(a, b).or_else(|| self.covering_refusal(b, a)) {
            return refusal;
        }
        for card in [a, b] {
            if !self.is_available(self.locate(card)) {
                return self.why_unavailable(card);
            }
        }
        format!("`{a}+{b}` is not a legal move now")
    }

    /// The refusal when `upper` directly covers `lower` and the player can
    /// see both: a pair may not take away its own blocker (unless
    /// `overlap_pairs` allows this very case).
    fn covering_refusal(&self, upper: Card, lower: Card) -> Option<String> {
        match (self.locate(upper), self.locate(lower)) {
            (Location::Pyramid(q), Location::Pyramid(p)) if COVERED_BY[p] & (1 << q) != 0 => {
                if !self.is_visible(Location::Pyramid(p)) {
                    return None;
                }
                if !self.options.overlap_pairs.pyramid() {
                    return Some(format!(
                        "{upper} covers {lower}: a card cannot be paired with a card it covers"
                    ));
                }
                let others = self.pyramid_left & COVERED_BY[p] & !(1 << q);
                if others != 0 {
                    let other = self.pyramid[others.trailing_zeros() as usize];
                    Some(format!(
                        "{lower} is covered by {other} as well as by {upper}: a card pairs only with the one card still covering it"
                    ))
                } else if !self.is_free(q) {
                    // The overlap pair is fine but its upper card is not free.
                    Some(self.why_unavailable(upper))
                } else {
                    None
                }
            }
            (Location::Waste { pile, depth: 0 }, Location::Waste { pile: lower_pile, depth: 1 })
                if pile == lower_pile && !self.options.overlap_pairs.waste() =>
            {
                Some(format!(
                    "{upper} covers {lower} on the waste: a card cannot be paired with a card it covers"
                ))
            }
            _ => None,
        }
    }

    fn why_unavailable(&self, card: Card) -> String {
        let location = self.locate(card);
        match location {
            Location::Removed => format!("{card} is not on the table"),
            _ if !self.is_visible(location) => format!("{card} is not available"),
            Location::Pyramid(p) => {
                let coverers: Vec<String> = (0..28)
                    .filter(|&q| COVERED_BY[p] & self.pyramid_left & (1 << q) != 0)
                    .map(|q| self.pyramid[q].to_string())
                    .collect();
                format!("{card} is covered by {}", coverers.join(" and "))
            }
            Location::Waste { pile, depth } if depth > 0 => {
                let top =
                    self.talon_card(self.waste[pile].top().expect("a pile with a buried card has a top"));
                let on = if self.piles() == 1 {
                    "the waste".to_string()
                } else {
                    format!("waste pile {}", pile + 1)
                };
                format!("{card} is not available: it is under {top} on {on}")
            }
            _ => format!("`{card}` is a legal move now"),
        }
    }

    fn locate(&self, card: Card) -> Location {
        if let Some(p) = self.pyramid.iter().position(|&c| c == card) {
            return if self.is_present(p) { Location::Pyramid(p) } else { Location::Removed };
        }
        let id = self.talon.iter().position(|&c| c == card).expect("every card is dealt") as u8;
        if let Some(depth) = self.stock.ids().iter().rev().position(|&x| x == id) {
            return Location::Stock { depth };
        }
        for pile in 0..self.piles() {
            if let Some(depth) = self.waste[pile].ids().iter().rev().position(|&x| x == id) {
                return Location::Waste { pile, depth };
            }
        }
        Location::Removed
    }

    /// Whether the player can see the card: not a face-down pyramid card,
    /// not a card inside the stock. (Waste cards were seen face up when
    /// drawn.)
    fn is_visible(&self, location: Location) -> bool {
        match location {
            Location::Pyramid(p) => !self.options.face_down || self.is_free(p),
            Location::Stock { depth } => depth == 0 && self.options.stock_top_playable,
            Location::Waste { .. } => true,
            Location::Removed => true,
        }
    }

    fn is_available(&self, location: Location) -> bool {
        match location {
            Location::Pyramid(p) => self.is_free(p),
            Location::Stock { depth } => depth == 0 && self.options.stock_top_playable,
            Location::Waste { depth, .. } => depth == 0,
            Location::Removed => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_parses_case_insensitively_in_either_order() {
        let card = |text: &str| text.parse::<Card>().unwrap();
        assert_eq!(parse(" Draw "), Some(Request::Draw));
        assert_eq!(parse("RECYCLE"), Some(Request::Recycle));
        assert_eq!(parse("kh"), Some(Request::Single(card("Kh"))));
        assert_eq!(parse("10d+3c"), Some(Request::Pair(card("Td"), card("3c"))));
        assert_eq!(parse("6c + 7d"), Some(Request::Pair(card("6c"), card("7d"))));
        for bad in ["", "xx", "6c+", "6c+7d+Kh", "drw", "+"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn values_and_articles_read_naturally() {
        assert_eq!(value_name(12), "Q");
        assert_eq!(value_name(10), "10");
        assert_eq!(rank_with_article(ACE), "an Ace");
        assert_eq!(rank_with_article(8), "an 8");
        assert_eq!(rank_with_article(5), "a 5");
    }
}
