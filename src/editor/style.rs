//! Colours of the board: the terrain ramp by height and the sides' piece colours.

use crate::games::pawn_peak::Side;
use eframe::egui::Color32;

/// Tile colours for heights 0..=9: light sand (low) through greens and browns to dark slate
/// (high), so that lightness alone orders the heights.
const TERRAIN: [Color32; 10] = [
    Color32::from_rgb(240, 232, 196),
    Color32::from_rgb(214, 228, 170),
    Color32::from_rgb(180, 212, 140),
    Color32::from_rgb(146, 190, 118),
    Color32::from_rgb(150, 164, 96),
    Color32::from_rgb(156, 136, 84),
    Color32::from_rgb(134, 106, 70),
    Color32::from_rgb(108, 84, 62),
    Color32::from_rgb(86, 72, 66),
    Color32::from_rgb(62, 58, 64),
];

/// The fill of a tile of height `h` (clamped to 9).
#[must_use]
pub fn terrain(h: u8) -> Color32 {
    TERRAIN[usize::from(h.min(9))]
}

/// A text colour readable on a tile of height `h`.
#[must_use]
pub fn terrain_text(h: u8) -> Color32 {
    if h <= 4 {
        Color32::from_rgb(40, 40, 40)
    } else {
        Color32::from_rgb(240, 240, 240)
    }
}

/// The disc colour of a side's pieces.
#[must_use]
pub fn side(side: Side) -> Color32 {
    match side {
        Side::Red => Color32::from_rgb(200, 40, 40),
        Side::Blue => Color32::from_rgb(40, 90, 210),
    }
}

/// A side's name as the panels write it: `Red`, `Blue`.
#[must_use]
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}

/// Highlight of a selected piece.
pub const SELECTED: Color32 = Color32::from_rgb(255, 215, 0);
/// Highlight of a normal destination.
pub const DESTINATION: Color32 = Color32::from_rgb(255, 255, 255);
/// Highlight of a capture destination.
pub const CAPTURE: Color32 = Color32::from_rgb(255, 80, 40);
/// Highlight of an exit.
pub const EXIT: Color32 = Color32::from_rgb(40, 200, 90);
/// Outline of a tile a problem points at.
pub const PROBLEM: Color32 = Color32::from_rgb(255, 40, 200);
/// Arrows of the solver's key moves and main line.
pub const SOLVER: Color32 = Color32::from_rgb(30, 110, 255);
/// Arrows of other winning moves (cooks, duals).
pub const ALTERNATIVE: Color32 = Color32::from_rgb(255, 140, 0);
