//! Painting what one slot shows, as vector shapes: playing cards (corner
//! indices, pips or a court frame), backs, empty outlines, stone tablets
//! and jokers, plus the emphasis (playable, blocked, selected, partner) and
//! the small count badge. Everything is geometry, so cards stay crisp at
//! any size; nothing here knows which variant is being played.

use crate::theme;
use egui::epaint::TextShape;
use egui::{Color32, CornerRadius, FontFamily, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2};
use patience_engine::card::{Card, Suit};
use patience_engine::layout::{Face, Look, Slot, SlotKind};
use std::f32::consts::{PI, TAU};

/// How a slot is emphasised, besides its content.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Emphasis {
    /// Nothing to say (empty slots, face-down cards that cannot be used).
    Plain,
    /// Can be played now.
    Playable,
    /// Face up but blocked: veiled so the playable cards stand out.
    Blocked,
    /// A card the player picked.
    Selected,
    /// A card that can join the picked ones in a move.
    Partner,
    /// Part of the move a hint suggests.
    Hinted,
}

/// Paints `slot` into `rect` (the card's full size on screen).
pub fn paint_slot(painter: &Painter, rect: Rect, slot: &Slot, emphasis: Emphasis) {
    let w = rect.width();
    match (slot.look, slot.face) {
        (_, Face::Empty) => paint_empty(painter, rect, slot.playable && slot.kind == SlotKind::Stock),
        (Look::Card, Face::Up(card)) => paint_card_face(painter, rect, card),
        (Look::Card, Face::Down) => paint_card_back(painter, rect),
        (Look::Card, Face::Joker) => paint_joker_card(painter, rect),
        (Look::Tablet, Face::Up(card)) => paint_tablet_face(painter, rect, card),
        (Look::Tablet, Face::Down) => paint_tablet_back(painter, rect),
        (Look::Tablet, Face::Joker) => paint_tablet_joker(painter, rect),
    }
    let radius = radius(w);
    match emphasis {
        Emphasis::Plain => {}
        Emphasis::Blocked => {
            painter.rect_filled(rect, radius, theme::BLOCKED_VEIL);
        }
        Emphasis::Playable => {
            painter.rect_stroke(rect, radius, Stroke::new(outline_width(w, 0.035), theme::PLAYABLE), StrokeKind::Outside);
        }
        Emphasis::Selected => {
            let glow = theme::SELECTED.gamma_multiply(0.35);
            painter.rect_stroke(rect.expand(2.0), radius, Stroke::new(outline_width(w, 0.06), glow), StrokeKind::Outside);
            painter.rect_stroke(rect, radius, Stroke::new(outline_width(w, 0.04), theme::SELECTED), StrokeKind::Outside);
        }
        Emphasis::Partner => {
            painter.rect_filled(rect, radius, theme::PARTNER.gamma_multiply(0.18));
            painter.rect_stroke(rect, radius, Stroke::new(outline_width(w, 0.04), theme::PARTNER), StrokeKind::Outside);
        }
        Emphasis::Hinted => {
            // A glow as well as an outline: a hint must be seen at a glance.
            let glow = theme::HINT.gamma_multiply(0.4);
            painter.rect_filled(rect, radius, theme::HINT.gamma_multiply(0.14));
            painter.rect_stroke(rect.expand(2.5), radius, Stroke::new(outline_width(w, 0.07), glow), StrokeKind::Outside);
            painter.rect_stroke(rect, radius, Stroke::new(outline_width(w, 0.045), theme::HINT), StrokeKind::Outside);
        }
    }
}

/// The keyboard cursor around a slot: a white ring on a dark halo, set a
/// little off the card so it reads on felt and on cards alike, with a
/// pointer above it. Painted after every slot, so a card lying on the one
/// under the cursor does not hide the ring.
pub fn paint_cursor(painter: &Painter, rect: Rect) {
    let w = rect.width();
    let gap = (w * 0.07).max(3.0);
    let ring = rect.expand(gap);
    let radius = CornerRadius::same((w * theme::CORNER + gap).round().clamp(2.0, 255.0) as u8);
    let width = (w * 0.06).clamp(2.5, 6.0);
    painter.rect_stroke(ring, radius, Stroke::new(width + 4.0, Color32::from_black_alpha(190)), StrokeKind::Middle);
    painter.rect_stroke(ring, radius, Stroke::new(width, theme::CURSOR), StrokeKind::Middle);
    let size = (w * 0.2).max(8.0);
    let tip = pos2(ring.center().x, ring.top() - width);
    let pointer = vec![tip, tip + vec2(-size, -size), tip + vec2(size, -size)];
    painter.add(Shape::convex_polygon(pointer, theme::CURSOR, Stroke::new(1.5, Color32::from_black_alpha(200))));
}

/// A small pill with a slot's label (a pile's count), over the card's
/// top-right corner. Painted after every slot so no card hides it.
pub fn paint_badge(painter: &Painter, rect: Rect, text: &str) {
    let w = rect.width();
    let size = (w * 0.2).clamp(9.0, 16.0);
    let galley = painter.layout_no_wrap(text.to_string(), FontId::new(size, FontFamily::Proportional), theme::BADGE_TEXT);
    let padding = vec2(size * 0.45, size * 0.15);
    let pill_size = galley.size() + 2.0 * padding;
    let pill_size = vec2(pill_size.x.max(pill_size.y), pill_size.y);
    let center = pos2(rect.right() - w * 0.08, rect.top() + w * 0.02);
    let pill = Rect::from_center_size(center, pill_size);
    painter.rect(pill, pill_size.y / 2.0, theme::BADGE, Stroke::new(1.0, theme::FELT_LINE), StrokeKind::Inside);
    painter.galley(pill.center() - galley.size() / 2.0, galley, theme::BADGE_TEXT);
}

fn radius(width: f32) -> CornerRadius {
    CornerRadius::same((width * theme::CORNER).round().clamp(2.0, 255.0) as u8)
}

fn outline_width(width: f32, fraction: f32) -> f32 {
    (width * fraction).clamp(1.5, 5.0)
}

fn shadow(painter: &Painter, rect: Rect) {
    let w = rect.width();
    painter.rect_filled(rect.translate(vec2(w * 0.02, w * 0.035)), radius(w), theme::SHADOW);
}

fn suit_color(suit: Suit) -> Color32 {
    if suit.is_red() { theme::RED } else { theme::BLACK }
}

/// `A`, `7`, `10`, `Q`: the corner index of a card.
pub fn rank_text(rank: u8) -> String {
    match rank {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        n => n.to_string(),
    }
}

// ---------------------------------------------------------------------------
// Playing cards

fn paint_card_face(painter: &Painter, rect: Rect, card: Card) {
    let w = rect.width();
    shadow(painter, rect);
    painter.rect(rect, radius(w), theme::CARD_FACE, Stroke::new(1.0, theme::CARD_EDGE), StrokeKind::Inside);
    let color = suit_color(card.suit);
    corner_index(painter, rect, card, color, false);
    corner_index(painter, rect, card, color, true);
    match card.rank {
        1 => paint_suit(painter, rect.center(), w * 0.42, card.suit, color, false),
        11..=13 => court(painter, rect, card, color),
        rank => pips(painter, rect, rank, card.suit, color),
    }
}

/// The rank above a small suit, in the top-left corner (or, turned
/// around, the bottom-right one). Overlapping rows leave the top of a card
/// visible, so the top-left index is what a player reads most.
fn corner_index(painter: &Painter, rect: Rect, card: Card, color: Color32, turned: bool) {
    let w = rect.width();
    let text = rank_text(card.rank);
    let size = if text.len() > 1 { w * 0.22 } else { w * 0.26 };
    let galley = painter.layout_no_wrap(text, FontId::new(size, FontFamily::Proportional), color);
    let column_center = w * 0.13;
    let top = w * 0.05;
    let text_size = galley.size();
    let suit_size = w * 0.15;
    let suit_y = top + text_size.y * 0.92 + suit_size * 0.5;
    if !turned {
        let pos = pos2(rect.left() + column_center - text_size.x / 2.0, rect.top() + top);
        bold_galley(painter, pos, galley, color, 0.0);
        paint_suit(painter, pos2(rect.left() + column_center, rect.top() + suit_y), suit_size, card.suit, color, false);
    } else {
        let pos = pos2(rect.right() - column_center + text_size.x / 2.0, rect.bottom() - top);
        bold_galley(painter, pos, galley, color, PI);
        paint_suit(painter, pos2(rect.right() - column_center, rect.bottom() - suit_y), suit_size, card.suit, color, true);
    }
}

/// Text drawn twice, a hair apart: the default font is light, and card
/// indices must read at a glance.
fn bold_galley(painter: &Painter, pos: Pos2, galley: std::sync::Arc<egui::Galley>, color: Color32, angle: f32) {
    let nudge = (galley.size().y * 0.035).max(0.5);
    let direction = if angle == 0.0 { 1.0 } else { -1.0 };
    painter.add(TextShape::new(pos, galley.clone(), color).with_angle(angle));
    painter.add(TextShape::new(pos + vec2(nudge * direction, 0.0), galley, color).with_angle(angle));
}

/// Where the pips of a number card go, as fractions of the card's width
/// and height; pips in the lower half are turned, as on real cards.
fn pip_positions(rank: u8) -> Vec<(f32, f32)> {
    const L: f32 = 0.32;
    const C: f32 = 0.5;
    const R: f32 = 0.68;
    let pair = |y: f32| [(L, y), (R, y)];
    let mut spots: Vec<(f32, f32)> = Vec::new();
    match rank {
        2 => spots.extend([(C, 0.22), (C, 0.78)]),
        3 => spots.extend([(C, 0.22), (C, 0.5), (C, 0.78)]),
        4 | 5 => {
            spots.extend(pair(0.22));
            spots.extend(pair(0.78));
            if rank == 5 {
                spots.push((C, 0.5));
            }
        }
        6..=8 => {
            for y in [0.22, 0.5, 0.78] {
                spots.extend(pair(y));
            }
            if rank >= 7 {
                spots.push((C, 0.36));
            }
            if rank == 8 {
                spots.push((C, 0.64));
            }
        }
        _ => {
            for y in [0.22, 0.413, 0.587, 0.78] {
                spots.extend(pair(y));
            }
            if rank == 9 {
                spots.push((C, 0.5));
            } else {
                spots.extend([(C, 0.317), (C, 0.683)]);
            }
        }
    }
    spots
}

fn pips(painter: &Painter, rect: Rect, rank: u8, suit: Suit, color: Color32) {
    let w = rect.width();
    let size = w * 0.17;
    for (fx, fy) in pip_positions(rank) {
        let center = rect.min + vec2(fx * w, fy * rect.height());
        paint_suit(painter, center, size, suit, color, fy > 0.5);
    }
}

/// Jack, Queen and King: a gold frame with a large letter and suit.
fn court(painter: &Painter, rect: Rect, card: Card, color: Color32) {
    let w = rect.width();
    let h = rect.height();
    let frame = Rect::from_min_max(rect.min + vec2(w * 0.26, h * 0.12), rect.max - vec2(w * 0.26, h * 0.12));
    painter.rect(frame, radius(w * 0.6), color.gamma_multiply(0.07), Stroke::new((w * 0.02).max(1.0), theme::COURT), StrokeKind::Inside);
    let letter = rank_text(card.rank);
    let galley = painter.layout_no_wrap(letter, FontId::new(w * 0.38, FontFamily::Proportional), color);
    let pos = pos2(frame.center().x - galley.size().x / 2.0, frame.center().y - galley.size().y * 0.78);
    bold_galley(painter, pos, galley, color, 0.0);
    paint_suit(painter, frame.center() + vec2(0.0, h * 0.15), w * 0.24, card.suit, color, false);
}

fn paint_card_back(painter: &Painter, rect: Rect) {
    let w = rect.width();
    shadow(painter, rect);
    painter.rect(rect, radius(w), theme::CARD_FACE, Stroke::new(1.0, theme::CARD_EDGE), StrokeKind::Inside);
    let inner = rect.shrink(w * 0.06);
    painter.rect_filled(inner, radius(w * 0.6), theme::BACK);
    let lattice = painter.with_clip_rect(inner.shrink(w * 0.03).intersect(painter.clip_rect()));
    let step = (w * 0.12).max(3.0);
    let stroke = Stroke::new((w * 0.015).max(1.0), theme::BACK_PATTERN);
    let mut offset = -inner.height();
    while offset < inner.width() {
        let a = pos2(inner.left() + offset, inner.top());
        lattice.line_segment([a, a + vec2(inner.height(), inner.height())], stroke);
        let b = pos2(inner.right() - offset, inner.top());
        lattice.line_segment([b, b + vec2(-inner.height(), inner.height())], stroke);
        offset += step;
    }
    painter.rect_stroke(inner.shrink(w * 0.03), radius(w * 0.5), Stroke::new((w * 0.012).max(1.0), theme::BACK_PATTERN), StrokeKind::Inside);
}

fn paint_joker_card(painter: &Painter, rect: Rect) {
    let w = rect.width();
    shadow(painter, rect);
    painter.rect(rect, radius(w), theme::CARD_FACE, Stroke::new(1.0, theme::CARD_EDGE), StrokeKind::Inside);
    star(painter, rect.center(), w * 0.3, theme::COURT, Stroke::new((w * 0.015).max(1.0), theme::BLACK));
    joker_word(painter, rect, theme::RED);
}

fn joker_word(painter: &Painter, rect: Rect, color: Color32) {
    let w = rect.width();
    let font = FontId::new(w * 0.16, FontFamily::Proportional);
    let galley = painter.layout_no_wrap("JOKER".into(), font, color);
    let pos = pos2(rect.center().x - galley.size().x / 2.0, rect.top() + w * 0.06);
    bold_galley(painter, pos, galley.clone(), color, 0.0);
    let turned = pos2(rect.center().x + galley.size().x / 2.0, rect.bottom() - w * 0.06);
    bold_galley(painter, turned, galley, color, PI);
}

/// An empty place; `turns_over` for an empty stock the waste can be
/// turned onto again. (Other empty places a card can go to, a reserve or
/// an empty pile, are lit as partners when a card is picked.)
fn paint_empty(painter: &Painter, rect: Rect, turns_over: bool) {
    let w = rect.width();
    let inner = rect.shrink(w * 0.03);
    painter.rect(inner, radius(w), theme::FELT_SHADE, Stroke::new((w * 0.02).max(1.0), theme::FELT_LINE), StrokeKind::Inside);
    if turns_over {
        // Turning the waste over: a circular arrow says so without words.
        recycle_symbol(painter, inner.center(), w * 0.22, theme::FELT_LINE);
    }
}

fn recycle_symbol(painter: &Painter, center: Pos2, radius: f32, color: Color32) {
    let stroke = Stroke::new((radius * 0.18).max(1.5), color);
    let points: Vec<Pos2> = (0..=24)
        .map(|i| {
            let angle = -PI / 2.0 + 0.15 + (TAU - 0.9) * i as f32 / 24.0;
            center + radius * Vec2::angled(angle)
        })
        .collect();
    let end = *points.last().expect("24 points");
    painter.line(points, stroke);
    let tangent = Vec2::angled(-PI / 2.0 + 0.15 + TAU - 0.9 + PI / 2.0);
    let normal = (end - center).normalized();
    let head = radius * 0.45;
    painter.add(Shape::convex_polygon(
        vec![end + tangent * head, end + normal * head * 0.6, end - normal * head * 0.6],
        color,
        Stroke::NONE,
    ));
}

// ---------------------------------------------------------------------------
// Stone tablets

fn stone(painter: &Painter, rect: Rect, fill: Color32) {
    let w = rect.width();
    shadow(painter, rect);
    painter.rect(rect, radius(w * 0.8), fill, Stroke::new(1.0, theme::STONE_DARK), StrokeKind::Inside);
    // A bevel: light from the top left.
    let inset = w * 0.05;
    let inner = rect.shrink(inset);
    let bevel = (w * 0.025).max(1.0);
    painter.line_segment([inner.left_bottom(), inner.left_top()], Stroke::new(bevel, theme::STONE_LIGHT));
    painter.line_segment([inner.left_top(), inner.right_top()], Stroke::new(bevel, theme::STONE_LIGHT));
    painter.line_segment([inner.right_top(), inner.right_bottom()], Stroke::new(bevel, theme::STONE_DARK));
    painter.line_segment([inner.right_bottom(), inner.left_bottom()], Stroke::new(bevel, theme::STONE_DARK));
}

/// Text cut into stone: a dark groove with a light lip below it.
fn engrave(painter: &Painter, center: Pos2, text: &str, size: f32, color: Color32) {
    let font = FontId::new(size, FontFamily::Proportional);
    let lip = painter.layout_no_wrap(text.to_string(), font.clone(), theme::STONE_LIGHT);
    let groove = painter.layout_no_wrap(text.to_string(), font, color);
    let pos = center - groove.size() / 2.0;
    let offset = (size * 0.03).max(0.75);
    painter.galley(pos + vec2(offset, offset), lip, theme::STONE_LIGHT);
    bold_galley(painter, pos, groove, color, 0.0);
}

fn engraved_suit_color(suit: Suit) -> Color32 {
    if suit.is_red() { Color32::from_rgb(0x8a, 0x1c, 0x1c) } else { theme::ENGRAVING }
}

fn paint_tablet_face(painter: &Painter, rect: Rect, card: Card) {
    let w = rect.width();
    stone(painter, rect, theme::STONE);
    let color = engraved_suit_color(card.suit);
    let rank = rank_text(card.rank);
    // Small index at the top left, readable when a tablet is half covered.
    engrave(painter, rect.min + vec2(w * 0.2, w * 0.2), &rank, w * 0.22, theme::ENGRAVING);
    paint_suit(painter, rect.min + vec2(w * 0.2, w * 0.42), w * 0.13, card.suit, color, false);
    engrave(painter, rect.center() + vec2(0.0, -rect.height() * 0.04), &rank, w * 0.5, theme::ENGRAVING);
    paint_suit(painter, rect.center() + vec2(0.0, rect.height() * 0.25), w * 0.2, card.suit, color, false);
}

fn paint_tablet_back(painter: &Painter, rect: Rect) {
    let w = rect.width();
    stone(painter, rect, theme::STONE_DARK);
    let ring = Stroke::new((w * 0.03).max(1.0), theme::STONE);
    painter.circle_stroke(rect.center(), w * 0.22, ring);
    painter.circle_stroke(rect.center(), w * 0.1, ring);
}

fn paint_tablet_joker(painter: &Painter, rect: Rect) {
    let w = rect.width();
    stone(painter, rect, theme::STONE);
    star(painter, rect.center() + vec2(w * 0.015, w * 0.015), w * 0.3, theme::STONE_LIGHT, Stroke::NONE);
    star(painter, rect.center(), w * 0.3, theme::ENGRAVING, Stroke::NONE);
    engrave(painter, pos2(rect.center().x, rect.top() + w * 0.16), "JOKER", w * 0.15, theme::ENGRAVING);
}

// ---------------------------------------------------------------------------
// Shapes

/// A five-pointed star: a pentagon and five triangles, all convex.
fn star(painter: &Painter, center: Pos2, outer: f32, fill: Color32, stroke: Stroke) {
    let inner = outer * 0.42;
    let point = |i: usize, r: f32| center + r * Vec2::angled(-PI / 2.0 + i as f32 * TAU / 10.0);
    let inner_points: Vec<Pos2> = (0..5).map(|k| point(2 * k + 1, inner)).collect();
    if stroke != Stroke::NONE {
        let outline: Vec<Pos2> = (0..10).map(|i| point(i, if i % 2 == 0 { outer } else { inner })).collect();
        painter.add(Shape::closed_line(outline, Stroke::new(stroke.width * 2.0, stroke.color)));
    }
    painter.add(Shape::convex_polygon(inner_points.clone(), fill, Stroke::NONE));
    for k in 0..5 {
        let tip = point(2 * k, outer);
        let left = inner_points[(k + 4) % 5];
        let right = inner_points[k];
        painter.add(Shape::convex_polygon(vec![left, tip, right], fill, Stroke::NONE));
    }
}

/// A suit symbol of height `size` centred on `center`, built from circles
/// and convex polygons; `turned` draws it upside down.
pub fn paint_suit(painter: &Painter, center: Pos2, size: f32, suit: Suit, color: Color32, turned: bool) {
    let s = size / 2.0;
    let flip = if turned { -1.0 } else { 1.0 };
    // Unit coordinates: x and y in -1..1, y down (before turning).
    let at = |x: f32, y: f32| center + vec2(x * s, y * s * flip);
    let circle = |x: f32, y: f32, r: f32| Shape::circle_filled(at(x, y), r * s, color);
    let polygon = |points: &[(f32, f32)]| {
        let mut points: Vec<Pos2> = points.iter().map(|&(x, y)| at(x, y)).collect();
        if turned {
            points.reverse();
        }
        Shape::convex_polygon(points, color, Stroke::NONE)
    };
    let shapes = match suit {
        Suit::Diamonds => vec![polygon(&[(0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0)])],
        Suit::Hearts => vec![
            circle(-0.46, -0.42, 0.5),
            circle(0.46, -0.42, 0.5),
            polygon(&[(-0.94, -0.3), (0.0, -0.42), (0.94, -0.3), (0.0, 0.95)]),
        ],
        Suit::Spades => vec![
            circle(-0.46, 0.2, 0.46),
            circle(0.46, 0.2, 0.46),
            polygon(&[(0.0, -1.0), (0.9, 0.1), (0.0, 0.3), (-0.9, 0.1)]),
            polygon(&[(0.0, 0.25), (0.32, 1.0), (-0.32, 1.0)]),
        ],
        Suit::Clubs => vec![
            circle(0.0, -0.5, 0.4),
            circle(-0.5, 0.16, 0.4),
            circle(0.5, 0.16, 0.4),
            circle(0.0, 0.05, 0.25),
            polygon(&[(0.0, 0.0), (0.3, 1.0), (-0.3, 1.0)]),
        ],
    };
    painter.extend(shapes);
}
