//! The tool panel: edit or play mode, the height brush, the piece palette and the eraser.

use eframe::egui::{self, Color32, RichText};

use super::style;
use crate::games::pawn_peak::{Piece, PieceKind, Side};

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Paint this height (click or drag).
    Height(u8),
    /// Place this piece.
    Place(Piece),
    /// Remove pieces.
    Erase,
    /// Play/record the intended line.
    Play,
}

impl Default for Tool {
    fn default() -> Self {
        Tool::Height(1)
    }
}

/// Draws the tool choices and updates `tool`.
pub fn ui(ui: &mut egui::Ui, tool: &mut Tool) {
    ui.horizontal(|ui| {
        let editing = *tool != Tool::Play;
        if ui.selectable_label(editing, "Edit board").clicked() && !editing {
            *tool = Tool::default();
        }
        if ui.selectable_label(!editing, "Play / record").clicked() {
            *tool = Tool::Play;
        }
    });
    ui.separator();
    ui.label("Height brush");
    for row in [0..=4u8, 5..=9u8] {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 3.0;
            for h in row {
                let text = RichText::new(format!("  {h}  "))
                    .color(style::terrain_text(h))
                    .background_color(style::terrain(h))
                    .strong();
                if ui
                    .selectable_label(*tool == Tool::Height(h), text)
                    .on_hover_text(format!("Paint height {h}"))
                    .clicked()
                {
                    *tool = Tool::Height(h);
                }
            }
        });
    }
    ui.label("Pieces");
    for side in [Side::Red, Side::Blue] {
        ui.horizontal(|ui| {
            for kind in PieceKind::ALL {
                let piece = Piece::new(side, kind);
                let text = RichText::new(format!("{} {}", side_word(side), kind.name()))
                    .color(Color32::WHITE)
                    .background_color(style::side(side));
                if ui
                    .selectable_label(*tool == Tool::Place(piece), text)
                    .on_hover_text(format!(
                        "Place a {} {} (strength {}, movement {})",
                        side.name(),
                        kind.name(),
                        kind.strength(),
                        kind.movement()
                    ))
                    .clicked()
                {
                    *tool = Tool::Place(piece);
                }
            }
        });
    }
    if ui
        .selectable_label(*tool == Tool::Erase, "Erase piece")
        .clicked()
    {
        *tool = Tool::Erase;
    }
    ui.weak("Right-click a tile to erase its piece.");
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Red => "Red",
        Side::Blue => "Blue",
    }
}
