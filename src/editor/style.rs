//! Colours of the editor's board: the terrain ramp (the one of [`crate::board_view`]) and the
//! highlights, as egui colours.

use crate::board_view::{self, Palette, Style};
use crate::game::Player;
use eframe::egui::Color32;

/// The fill of a tile of height `h` (clamped to 9): [`board_view::height_colour`].
#[must_use]
pub fn terrain(h: u8) -> Color32 {
    let (r, g, b) = board_view::height_colour(h);
    Color32::from_rgb(r, g, b)
}

/// A text colour readable on a tile of height `h`.
#[must_use]
pub fn terrain_text(h: u8) -> Color32 {
    if board_view::light_text_on(h) {
        Color32::from_rgb(240, 240, 240)
    } else {
        Color32::from_rgb(40, 40, 40)
    }
}

/// The disc colour of a side's pieces in `palette`.
#[must_use]
pub fn side(palette: Palette, side: Player) -> Color32 {
    let ((r, g, b), _) = palette.disc(side);
    Color32::from_rgb(r, g, b)
}

/// The text colour on a side's discs in `palette`.
#[must_use]
pub fn side_ink(palette: Palette, side: Player) -> Color32 {
    let (_, (r, g, b)) = palette.disc(side);
    Color32::from_rgb(r, g, b)
}

/// The colour of a move drawn in `style`.
#[must_use]
pub fn arrow(style: Style) -> Color32 {
    match style {
        Style::Player | Style::Solver => SOLVER,
        Style::Defence => Color32::from_rgb(110, 110, 110),
        Style::Alternative => ALTERNATIVE,
    }
}

/// Highlight of a selected piece.
pub const SELECTED: Color32 = Color32::from_rgb(255, 215, 0);
/// Highlight of a normal destination.
pub const DESTINATION: Color32 = Color32::from_rgb(255, 255, 255);
/// A tile that continues a move being entered (a dot).
pub const TARGET: Color32 = Color32::from_rgb(40, 120, 230);
/// Highlight of a capture destination.
pub const CAPTURE: Color32 = Color32::from_rgb(255, 80, 40);
/// Highlight of an exit.
pub const EXIT: Color32 = Color32::from_rgb(40, 200, 90);
/// The piece that must continue a capture chain.
pub const CHAIN: Color32 = Color32::from_rgb(240, 170, 0);
/// Outline of a tile a problem points at.
pub const PROBLEM: Color32 = Color32::from_rgb(255, 40, 200);
/// Arrows of the solver's key moves and main line.
pub const SOLVER: Color32 = Color32::from_rgb(30, 110, 255);
/// Arrows of other winning moves (cooks, duals).
pub const ALTERNATIVE: Color32 = Color32::from_rgb(255, 140, 0);
