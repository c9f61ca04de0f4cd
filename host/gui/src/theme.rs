//! The look of the table: colours and proportions shared by every painter,
//! and the egui style the app starts with.

use egui::Color32;

/// The table: a deep green baize.
pub const FELT: Color32 = Color32::from_rgb(0x1d, 0x5e, 0x37);
/// Slightly darker felt, for empty slots and the HUD strip.
pub const FELT_SHADE: Color32 = Color32::from_rgb(0x16, 0x4a, 0x2b);
/// Lines drawn on the felt (empty-slot outlines).
pub const FELT_LINE: Color32 = Color32::from_rgba_premultiplied(0xb4, 0xd8, 0xbf, 0x90);

pub const CARD_FACE: Color32 = Color32::from_rgb(0xfd, 0xfc, 0xf7);
pub const CARD_EDGE: Color32 = Color32::from_rgb(0x8c, 0x8c, 0x84);
pub const SHADOW: Color32 = Color32::from_black_alpha(70);
pub const RED: Color32 = Color32::from_rgb(0xc8, 0x14, 0x2c);
pub const BLACK: Color32 = Color32::from_rgb(0x16, 0x18, 0x1c);
/// Face-card frames: a muted gold.
pub const COURT: Color32 = Color32::from_rgb(0xc9, 0xa2, 0x3c);

pub const BACK: Color32 = Color32::from_rgb(0x1f, 0x3f, 0x8f);
pub const BACK_PATTERN: Color32 = Color32::from_rgb(0x3a, 0x5f, 0xb5);

pub const STONE: Color32 = Color32::from_rgb(0x9b, 0x9c, 0x96);
pub const STONE_DARK: Color32 = Color32::from_rgb(0x6e, 0x70, 0x6a);
pub const STONE_LIGHT: Color32 = Color32::from_rgb(0xc9, 0xca, 0xc3);
pub const ENGRAVING: Color32 = Color32::from_rgb(0x3d, 0x3e, 0x3a);

/// A card that can be played now: a warm outline.
pub const PLAYABLE: Color32 = Color32::from_rgb(0xf2, 0xc9, 0x4c);
/// The picked cards.
pub const SELECTED: Color32 = Color32::from_rgb(0xff, 0x8a, 0x1f);
/// Cards that can join the picked ones in a move.
pub const PARTNER: Color32 = Color32::from_rgb(0x4c, 0xe0, 0xd2);
/// The keyboard cursor.
pub const CURSOR: Color32 = Color32::from_rgb(0xff, 0xff, 0xff);
/// The cards of a hinted move.
pub const HINT: Color32 = Color32::from_rgb(0xd9, 0x7c, 0xff);
/// Laid over face-up cards that are blocked, so playable ones stand out.
pub const BLOCKED_VEIL: Color32 = Color32::from_black_alpha(46);

pub const BADGE: Color32 = Color32::from_rgb(0x20, 0x24, 0x2a);
pub const BADGE_TEXT: Color32 = Color32::from_rgb(0xf4, 0xf4, 0xf0);

pub const WON: Color32 = Color32::from_rgb(0x2e, 0x7d, 0x32);
pub const LOST: Color32 = Color32::from_rgb(0x6d, 0x4c, 0x41);
pub const FAULT: Color32 = Color32::from_rgb(0x9b, 0x1c, 0x1c);
pub const NOTICE: Color32 = Color32::from_rgb(0x7a, 0x5b, 0x0c);

/// A card's corner radius, in card widths.
pub const CORNER: f32 = 0.08;

/// The style the app uses everywhere: egui's dark theme, a little roomier.
pub fn apply(ctx: &egui::Context) {
    ctx.set_visuals(egui::Visuals::dark());
    ctx.global_style_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(8.0, 3.0);
    });
}
