//! What may be removed now, and playing a move.

use crate::Profile;
use crate::geometry::{bits, COVERED_BY, STOCK_SLOT, WASTE_SLOTS};
use crate::search::Rank;
use crate::table::PairGame;
use patience_engine::card::{Card, KING};

/// Where a card that takes part in a move lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pyramid position, 0..28.
    Pyramid(u8),
    /// The top of the stock (only with `stock_top_playable`).
    StockTop,
    /// The top of waste pile 0, 1 or 2.
    WasteTop(u8),
    /// The card directly under the top of a waste pile (only in an
    /// `overlap_pairs` pair with that top).
    UnderWasteTop(u8),
}

impl Place {
    /// The slot the card is shown in (a card under a waste top belongs to
    /// the waste pile's slot).
    pub fn slot(self) -> u32 {
        match self {
            Place::Pyramid(position) => position as u32,
            Place::StockTop => STOCK_SLOT,
            Place::WasteTop(pile) | Place::UnderWasteTop(pile) => WASTE_SLOTS[pile as usize],
        }
    }
}

/// A legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A King removed alone.
    King(Place),
    /// Two cards summing to 13, the lower slot first.
    Pair(Place, Place),
    /// Turn stock card(s) onto the waste.
    Draw,
    /// Turn the waste over into a new stock.
    Recycle,
}

/// The talon cards available now: the stock top (with `stock_top_playable`)
/// and the waste tops, in slot order. A fixed array: this runs for every
/// position the solver visits.
pub(crate) struct TalonTops {
    items: [(Place, Card); 4],
    len: usize,
}

impl TalonTops {
    fn push(&mut self, place: Place, card: Card) {
        self.items[self.len] = (place, card);
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[(Place, Card)] {
        &self.items[..self.len]
    }
}

/// Two values make 13.
pub(crate) fn makes_13(a: Card, b: Card) -> bool {
    a.rank + b.rank == 13
}

impl<P: Profile> PairGame<P> {
    /// The card at `place` (the place must hold one).
    pub(crate) fn card_at(&self, place: Place) -> Card {
        let talon_id = match place {
            Place::Pyramid(position) => return self.pyramid[position as usize],
            Place::StockTop => self.stock.top(),
            Place::WasteTop(pile) => self.waste[pile as usize].top(),
            Place::UnderWasteTop(pile) => self.waste[pile as usize].under_top(),
        };
        self.talon_card(talon_id.expect("a move only names places that hold a card"))
    }

    pub(crate) fn talon_tops(&self) -> TalonTops {
        let filler = (Place::StockTop, self.pyramid[0]);
        let mut tops = TalonTops { items: [filler; 4], len: 0 };
        if let Some(id) = self.stock.top().filter(|_| self.options.stock_top_playable) {
            tops.push(Place::StockTop, self.talon_card(id));
        }
        for pile in 0..self.piles() {
            if let Some(id) = self.waste[pile].top() {
                tops.push(Place::WasteTop(pile as u8), self.talon_card(id));
            }
        }
        tops
    }

    /// Appends every legal removal: Kings, then pairs of available cards,
    /// then `overlap_pairs` pairs. The available cards are in slot order
    /// (free pyramid cards by position, the stock top, the waste tops);
    /// Kings follow it, pairs follow it by their first card, then by their
    /// second. A pyramid card's partners come from the rank masks rather
    /// than from trying every other available card.
    pub(crate) fn push_removals(&self, out: &mut Vec<Action>) {
        let free = self.free_mask();
        let tops = self.talon_tops();
        let tops = tops.as_slice();
        for position in bits(self.ranks.pyramid[Rank::KING] & free) {
            out.push(Action::King(Place::Pyramid(position as u8)));
        }
        for &(place, card) in tops {
            if card.rank == KING {
                out.push(Action::King(place));
            }
        }
        for position in bits(free) {
            let card = self.pyramid[position];
            let Some(partner_rank) = Rank::of(card).partner() else { continue };
            let later_partners = self.ranks.pyramid[partner_rank] & free & !((2u32 << position) - 1);
            for partner in bits(later_partners) {
                out.push(Action::Pair(Place::Pyramid(position as u8), Place::Pyramid(partner as u8)));
            }
            for &(place, top) in tops {
                if makes_13(card, top) {
                    out.push(Action::Pair(Place::Pyramid(position as u8), place));
                }
            }
        }
        for (i, &(first, a)) in tops.iter().enumerate() {
            for &(second, b) in &tops[i + 1..] {
                if makes_13(a, b) {
                    out.push(Action::Pair(first, second));
                }
            }
        }
        if self.options.overlap_pairs.any() {
            self.push_overlap_pairs(out);
        }
    }

    /// `overlap_pairs`: a card covered only by its partner may pair with it.
    /// In the pyramid: a card whose one remaining coverer is free (not with
    /// `face_down`, where the covered card is face down and cannot be
    /// chosen). On a waste pile: the card directly under the top with the
    /// top.
    fn push_overlap_pairs(&self, out: &mut Vec<Action>) {
        if self.options.overlap_pairs.pyramid() && !self.options.face_down {
            for position in bits(self.pyramid_left) {
                if let Some(coverer) = self.only_coverer(position)
                    && self.is_free(coverer)
                    && makes_13(self.pyramid[position], self.pyramid[coverer])
                {
                    out.push(Action::Pair(Place::Pyramid(position as u8), Place::Pyramid(coverer as u8)));
                }
            }
        }
        let waste_piles = if self.options.overlap_pairs.waste() { self.piles() } else { 0 };
        for pile in 0..waste_piles {
            let waste = &self.waste[pile];
            if let (Some(top), Some(under)) = (waste.top(), waste.under_top())
                && makes_13(self.talon_card(top), self.talon_card(under))
            {
                out.push(Action::Pair(Place::UnderWasteTop(pile as u8), Place::WasteTop(pile as u8)));
            }
        }
    }

    /// The one card still covering `position`, if exactly one is left.
    pub(crate) fn only_coverer(&self, position: usize) -> Option<usize> {
        let coverers = self.pyramid_left & COVERED_BY[position];
        (coverers.count_ones() == 1).then(|| coverers.trailing_zeros() as usize)
    }

    pub(crate) fn has_removal(&self) -> bool {
        let mut removals = Vec::new();
        self.push_removals(&mut removals);
        !removals.is_empty()
    }

    pub(crate) fn play(&mut self, action: &Action) {
        match *action {
            Action::King(place) => {
                let target = self.target(place);
                self.remove(target);
            }
            Action::Pair(first, second) => {
                // Resolve both before removing either: taking a waste top
                // changes what "under the top" means.
                let (first, second) = (self.target(first), self.target(second));
                self.remove(first);
                self.remove(second);
            }
            Action::Draw => self.draw(),
            Action::Recycle => self.recycle(),
        }
    }

    fn target(&self, place: Place) -> Target {
        let (pile, id) = match place {
            Place::Pyramid(position) => return Target::Pyramid(position),
            Place::StockTop => (TalonPile::Stock, self.stock.top()),
            Place::WasteTop(pile) => (TalonPile::Waste(pile), self.waste[pile as usize].top()),
            Place::UnderWasteTop(pile) => (TalonPile::Waste(pile), self.waste[pile as usize].under_top()),
        };
        Target::Talon(pile, id.expect("a move only names places that hold a card"))
    }

    fn remove(&mut self, target: Target) {
        match target {
            Target::Pyramid(position) => self.pyramid_left &= !(1 << position),
            Target::Talon(pile, id) => {
                self.talon_gone |= 1 << id;
                let pile = match pile {
                    TalonPile::Stock => &mut self.stock,
                    TalonPile::Waste(pile) => &mut self.waste[pile as usize],
                };
                let taken = pile.remove(id);
                debug_assert!(taken, "talon card {id} was not where the move said");
            }
        }
    }
}

/// A card to take off the table, resolved from a [`Place`]: a pyramid
/// position, or a talon card and the pile it lies on.
#[derive(Copy, Clone)]
enum Target {
    Pyramid(u8),
    Talon(TalonPile, u8),
}

#[derive(Copy, Clone)]
enum TalonPile {
    Stock,
    Waste(u8),
}
