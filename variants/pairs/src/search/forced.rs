//! Moves the search may make first and alone: a King that can go at once
//! (`king_goes_at_once`) and a removal every winning line makes
//! (`forced_removal`). The `search_actions` and `shortest_actions` hooks
//! (`PairGame::push_search_actions` in `table`) try only that move when
//! there is one.

use super::partners_in;
use super::Rank;
use crate::Profile;
use crate::geometry::FULL_TALON;
use crate::moves::{Action, Place};
use crate::options::Win;
use crate::table::PairGame;

/// What a search looks for: a shortcut may keep a win yet cost a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Any winning line.
    Any,
    /// A shortest one.
    Shortest,
}

impl<P: Profile> PairGame<P> {
    /// Whether the free King at `place` can go at once in a search for
    /// `line`: every line that keeps it a while longer is matched by one
    /// that removes it now, so the search need try nothing else.
    /// * A pyramid King: always. It only frees cards and the talon does not
    ///   change; every winning line removes it, so the match is as short.
    /// * A talon King, for a shortest line: only when the goal is `all`
    ///   (every line removes it then). With `pyramid` taking it is a move
    ///   the shortest line may never make.
    /// * A talon King, with one waste pile: wherever it is. The talon keeps
    ///   its dealt order whatever is removed, and a King on the waste or the
    ///   stock only stands in the way.
    /// * With three piles, only a waste top in the last pass: taking a stock
    ///   card changes which pile every later card lands on, and a waste card
    ///   left until the turn-over changes where the next pass's cards land,
    ///   so keeping a King a while can be the only way to win.
    pub(crate) fn king_goes_at_once(&self, place: Place, line: Line) -> bool {
        match place {
            Place::Pyramid(_) => true,
            _ if line == Line::Shortest && self.options.win != Win::All => false,
            _ if self.piles() == 1 => true,
            Place::WasteTop(_) => !self.passes_remain(),
            Place::StockTop | Place::UnderWasteTop(_) => false,
        }
    }

    /// A removal every winning line makes, which can therefore be made now:
    /// a card that must go (every pyramid card; talon cards too when the
    /// goal is `all`) whose only possible partner left is the one it can
    /// pair with now. Making a removal earlier than a winning line does
    /// keeps the rest of that line legal: pyramid cards only get freer,
    /// and a waste top taken early just lets later cards land on the card
    /// beneath it. (Not a waste card of a three-pile game that will be
    /// gathered up again, which would shift where later draws land.)
    ///
    /// An open stock top taken early, with one waste pile: the line's draw
    /// of that card (each, if it comes round again) is left out, and so is
    /// a turn-over of a waste holding nothing else (passes are then left
    /// over, which never hurts). Every other draw turns up the same card
    /// as in the line, since one pile keeps the talon in its dealt order
    /// whatever is removed, and every other move finds its cards available:
    /// the card was no other card's partner in the line, so nothing the
    /// line does needs it beneath or above another card. With three piles
    /// taking a stock card changes the pile every later card lands on, so
    /// not there.
    pub(crate) fn forced_removal(&self, actions: &[Action]) -> Option<Action> {
        let talon_may_move_early = self.piles() == 1 || !self.passes_remain();
        actions.iter().copied().find(|action| {
            let Action::Pair(first, second) = *action else { return false };
            let movable = |place: Place| match place {
                Place::Pyramid(_) => true,
                Place::WasteTop(_) => talon_may_move_early,
                Place::StockTop => self.piles() == 1,
                Place::UnderWasteTop(_) => false,
            };
            movable(first)
                && movable(second)
                && (self.only_partner_left(first) || self.only_partner_left(second))
        })
    }

    /// Whether the card at `place` must be removed and has exactly one
    /// card left it could ever pair with (which, for a legal pair, is the
    /// other card of that pair).
    fn only_partner_left(&self, place: Place) -> bool {
        let talon_left = !self.talon_gone & FULL_TALON;
        match place {
            Place::Pyramid(position) => {
                let position = position as usize;
                let Some(partner) = Rank::of(self.pyramid[position]).partner() else { return false };
                let candidates = self.ranks.pyramid[partner] & self.pyramid_left;
                let in_pyramid = partners_in(position, candidates, self.options.overlap_pairs.pyramid());
                let in_talon = self.ranks.talon[partner] & talon_left;
                in_pyramid.count_ones() + in_talon.count_ones() == 1
            }
            Place::WasteTop(pile) if self.options.win == Win::All => {
                let Some(id) = self.waste[pile as usize].top() else { return false };
                let Some(partner) = Rank::of(self.talon[id as usize]).partner() else { return false };
                let in_pyramid = self.ranks.pyramid[partner] & self.pyramid_left;
                let in_talon = self.ranks.talon[partner] & talon_left & !(1 << id);
                in_pyramid.count_ones() + in_talon.count_ones() == 1
            }
            _ => false,
        }
    }
}
