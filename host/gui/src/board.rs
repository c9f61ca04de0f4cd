//! The board widget: a layout drawn from its slots alone, scaled to the
//! space it is given, in z order so overlapping rows look like what they
//! are. Every slot is an accessible, clickable, draggable widget; the board
//! reports what the player did and leaves the meaning to the table.
//! Cards still sliding after a move (see `animation`) are painted on their
//! way, over the others, while their widgets already take clicks at their
//! new places; cards a move took away fade out where they were, over the
//! board, taking no clicks.

use crate::animation::{Slide, Sliding};
use crate::cards::{self, Emphasis};
use crate::labels::slot_label;
use egui::{Id, LayerId, Order, Rect, Sense, Ui, Role, Vec2, WidgetInfo, vec2};
use patience_engine::layout::{Face, Layout, Slot, SlotKind, CARD_HEIGHT, CARD_WIDTH};

/// What the table wants emphasised besides playability, and the cards
/// still sliding to their places.
#[derive(Clone, Debug, Default)]
pub struct Marks<'a> {
    /// The picked cards.
    pub selected: &'a [u32],
    pub partners: &'a [u32],
    /// The slots of a hinted move.
    pub hinted: &'a [u32],
    /// The keyboard cursor, drawn over everything.
    pub cursor: Option<u32>,
    /// The one slot Tab stops at (the board is one stop, not one per card);
    /// no slot takes keyboard focus when `None`.
    pub tab_stop: Option<u32>,
    /// Cards on their way after a move; `None` draws every card at its place.
    pub sliding: Option<Sliding<'a>>,
}

/// What the player did on the board this frame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    Clicked(u32),
    Dropped { from: u32, to: u32 },
}

/// The payload of a drag: which board (side-by-side panes each have one)
/// and which slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct DraggedSlot {
    board: Id,
    slot: u32,
}

/// Board units to screen points: the layout centred in `rect`, as large
/// as fits.
#[derive(Copy, Clone, Debug)]
pub struct Geometry {
    origin: egui::Pos2,
    unit: f32,
}

impl Geometry {
    pub fn fit(layout: &Layout, rect: Rect) -> Geometry {
        Geometry::fit_size([layout.width, layout.height], rect)
    }

    /// The geometry of a layout of `size` (board units) in `rect`.
    pub fn fit_size(size: [f32; 2], rect: Rect) -> Geometry {
        let margin = 10.0;
        let width = size[0].max(CARD_WIDTH);
        let height = size[1].max(CARD_HEIGHT);
        let unit = ((rect.width() - 2.0 * margin) / width).min((rect.height() - 2.0 * margin) / height).max(8.0);
        let size = vec2(width, height) * unit;
        let origin = rect.center() - size / 2.0;
        Geometry { origin, unit }
    }

    /// A slot's card on screen, a hair smaller than its place so cards
    /// side by side keep a gap between them.
    pub fn slot_rect(&self, slot: &Slot) -> Rect {
        self.rect_at([slot.x, slot.y])
    }

    /// The card whose top-left corner is at `at` (board units) on screen.
    pub fn rect_at(&self, at: [f32; 2]) -> Rect {
        let place = Rect::from_min_size(
            self.origin + vec2(at[0], at[1]) * self.unit,
            vec2(CARD_WIDTH, CARD_HEIGHT) * self.unit,
        );
        place.shrink(self.unit * 0.025)
    }
}

/// The slots in painting order, which is also the order clicks see them
/// from the bottom up: empty slots first (an empty spot must not catch a
/// click meant for the card it used to cover), then lower z first, then
/// the plugin's order.
fn draw_order(layout: &Layout) -> Vec<&Slot> {
    let mut slots: Vec<&Slot> = layout.slots.iter().collect();
    slots.sort_by_key(|slot| (slot.face != Face::Empty, slot.z));
    slots
}

/// Empty slots left unpainted, so that empty places read quietly: on the
/// table (pyramid, field and reserve slots) an empty slot that overlaps
/// another slot is where a card was, and a cleared area shows as plain
/// felt, not as a grid of overlapping frames; elsewhere (a fanned discard
/// or waste pile) overlapping empty slots of one kind are one place, drawn
/// once, as the first of them. A lone empty place keeps its outline.
fn unpainted_empties(layout: &Layout, geometry: &Geometry) -> Vec<u32> {
    let overlaps = |a: &Slot, b: &Slot| {
        let shared = geometry.slot_rect(a).intersect(geometry.slot_rect(b));
        a.id != b.id && shared.is_positive() && shared.area() > 0.1 * geometry.slot_rect(a).area()
    };
    let on_the_table = |slot: &Slot| matches!(slot.kind, SlotKind::Pyramid | SlotKind::Field | SlotKind::Reserve);
    let slots = &layout.slots;
    slots
        .iter()
        .enumerate()
        .filter(|(_, slot)| slot.face == Face::Empty)
        .filter(|&(index, slot)| {
            if on_the_table(slot) {
                slots.iter().any(|other| overlaps(slot, other))
            } else {
                slots[..index].iter().any(|other| other.face == Face::Empty && other.kind == slot.kind && overlaps(slot, other))
            }
        })
        .map(|(_, slot)| slot.id)
        .collect()
}

fn emphasis(slot: &Slot, marks: &Marks) -> Emphasis {
    if marks.selected.contains(&slot.id) {
        Emphasis::Selected
    } else if marks.partners.contains(&slot.id) {
        Emphasis::Partner
    } else if marks.hinted.contains(&slot.id) {
        Emphasis::Hinted
    } else if slot.playable {
        Emphasis::Playable
    } else if matches!(slot.face, Face::Up(_) | Face::Joker) {
        Emphasis::Blocked
    } else {
        Emphasis::Plain
    }
}

/// Shows the board in all the space `ui` has left; each slot's widget id
/// is `board.with(slot id)`.
pub fn board_ui(ui: &mut Ui, board: Id, layout: &Layout, marks: &Marks) -> Option<BoardEvent> {
    let rect = ui.available_rect_before_wrap();
    ui.allocate_rect(rect, Sense::hover());
    let geometry = Geometry::fit(layout, rect);
    let unpainted = unpainted_empties(layout, &geometry);
    let mut event = None;
    for slot in draw_order(layout) {
        let slot_rect = geometry.slot_rect(slot);
        let slide = marks.sliding.as_ref().and_then(|sliding| sliding.of(slot.id));
        if let Some(happened) = slot_ui(ui, board, slot, slot_rect, marks, unpainted.contains(&slot.id), slide) {
            event = Some(happened);
        }
    }
    for slot in draw_order(layout) {
        if let Some(label) = &slot.label {
            cards::paint_badge(ui.painter(), geometry.slot_rect(slot), label);
        }
    }
    let flying = match &marks.sliding {
        Some(sliding) => paint_sliding(ui, layout, &geometry, rect, sliding, marks),
        None => Vec::new(),
    };
    ui.ctx().data_mut(|data| data.insert_temp(board.with(IN_FLIGHT), flying));
    if let Some(slot) = marks.cursor.and_then(|id| layout.slots.iter().find(|slot| slot.id == id)) {
        cards::paint_cursor(ui.painter(), geometry.slot_rect(slot));
    }
    event.or_else(|| dropped_on(ui, board, layout, &geometry))
}

/// A card of this board released over a slot: the topmost slot under the
/// pointer is the target (slots overlap, so asking each slot whether it
/// contains the pointer would let a covered one take the drop).
fn dropped_on(ui: &Ui, board: Id, layout: &Layout, geometry: &Geometry) -> Option<BoardEvent> {
    let released_at = ui.input(|i| i.pointer.any_released().then(|| i.pointer.latest_pos()).flatten())?;
    let dragged = egui::DragAndDrop::payload::<DraggedSlot>(ui.ctx()).filter(|d| d.board == board)?;
    let target = draw_order(layout).into_iter().rev().find(|slot| geometry.slot_rect(slot).contains(released_at))?;
    egui::DragAndDrop::clear_payload(ui.ctx());
    (target.id != dragged.slot).then_some(BoardEvent::Dropped { from: dragged.slot, to: target.id })
}

/// Where a board keeps the rects it painted its sliding cards at.
const IN_FLIGHT: &str = "cards in flight";

/// Where `board` painted the cards still on their way in its last frame,
/// by slot: empty when every card was at its place.
pub fn in_flight(ctx: &egui::Context, board: Id) -> Vec<(u32, Rect)> {
    ctx.data(|data| data.get_temp(board.with(IN_FLIGHT))).unwrap_or_default()
}

/// How much smaller a fading card gets by the time it is gone.
const FADE_SHRINK: f32 = 0.15;

/// Over every slot and badge: the cards fading out at their old places
/// (on the old layout's geometry), then the cards on their way, each
/// between its old place and its new one, in z order; and where each
/// card on its way was painted.
fn paint_sliding(ui: &Ui, layout: &Layout, geometry: &Geometry, rect: Rect, sliding: &Sliding, marks: &Marks) -> Vec<(u32, Rect)> {
    let old = Geometry::fit_size(sliding.motion.from_size, rect);
    let mut fading = ui.painter().clone();
    fading.multiply_opacity(sliding.opacity());
    for fade in &sliding.motion.fades {
        let place = old.slot_rect(&fade.was);
        let scaled = Rect::from_center_size(place.center(), place.size() * (1.0 - FADE_SHRINK * sliding.progress));
        cards::paint_slot(&fading, scaled, &fade.was, Emphasis::Plain);
    }
    let mut painted = Vec::new();
    for slot in draw_order(layout) {
        let Some(slide) = sliding.of(slot.id) else { continue };
        let on_the_way = old.rect_at(slide.from).lerp_towards(&geometry.slot_rect(slot), sliding.progress);
        cards::paint_slot(ui.painter(), on_the_way, slot, emphasis(slot, marks));
        painted.push((slot.id, on_the_way));
    }
    painted
}

/// One slot: painted, labelled for accessibility, clickable and draggable.
/// A card still sliding here is painted by `paint_sliding`; its place shows
/// what lay there before (`Slide::under`) until it lands.
fn slot_ui(ui: &mut Ui, board: Id, slot: &Slot, rect: Rect, marks: &Marks, unpainted: bool, slide: Option<&Slide>) -> Option<BoardEvent> {
    let sense = if marks.tab_stop == Some(slot.id) { Sense::click_and_drag() } else { Sense::CLICK | Sense::DRAG };
    let response = ui.interact(rect, board.with(slot.id), sense);
    let label = slot_label(slot);
    let selected = marks.selected.contains(&slot.id);
    response.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &label));
    let emphasis = emphasis(slot, marks);
    match slide {
        Some(slide) => {
            if let Some(under) = &slide.under {
                cards::paint_slot(ui.painter(), rect, under, Emphasis::Plain);
            }
        }
        None if unpainted && emphasis == Emphasis::Plain => {}
        None => cards::paint_slot(ui.painter(), rect, slot, emphasis),
    }

    if response.hovered() && slot.playable {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    if slot.playable && matches!(slot.face, Face::Up(_) | Face::Joker) {
        response.dnd_set_drag_payload(DraggedSlot { board, slot: slot.id });
    }
    if response.dragged() {
        paint_dragged(ui, slot, rect);
    }
    response.clicked().then_some(BoardEvent::Clicked(slot.id))
}

/// The dragged card follows the pointer, above everything else.
fn paint_dragged(ui: &Ui, slot: &Slot, rect: Rect) {
    let Some((origin, now)) = ui.input(|i| Some((i.pointer.press_origin()?, i.pointer.latest_pos()?))) else {
        return;
    };
    let painter = ui.ctx().layer_painter(LayerId::new(Order::Tooltip, Id::unique("dragged card")));
    let moved: Vec2 = now - origin;
    let lifted = rect.translate(moved + vec2(0.0, -4.0));
    cards::paint_slot(&painter, lifted, slot, Emphasis::Selected);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(slots: Vec<Slot>) -> Layout {
        Layout { width: 6.0, height: 4.0, slots }
    }

    #[test]
    fn empty_places_on_the_table_go_unpainted_and_a_fanned_pile_is_drawn_once() {
        let up = Face::Up("Kh".parse().unwrap());
        let board = layout(vec![
            // A removed apex half under two cards, one of them removed too.
            Slot::new(0, SlotKind::Pyramid, 0.5, 0.0, Face::Empty),
            Slot::new(1, SlotKind::Pyramid, 0.0, 0.7, up),
            Slot::new(2, SlotKind::Pyramid, 1.0, 0.7, Face::Empty),
            // An empty discard pile fanned over two slots, and a lone waste.
            Slot::new(3, SlotKind::Discard, 3.0, 2.0, Face::Empty),
            Slot::new(4, SlotKind::Discard, 3.3, 2.0, Face::Empty),
            Slot::new(5, SlotKind::Waste, 5.0, 2.0, Face::Empty),
        ]);
        let geometry = Geometry::fit(&board, Rect::from_min_size(egui::pos2(0.0, 0.0), vec2(600.0, 400.0)));
        assert_eq!(unpainted_empties(&board, &geometry), vec![0, 2, 4]);
    }
}
