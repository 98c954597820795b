//! The tool panel: edit or play mode, the height brush, the piece palette and the eraser.

use eframe::egui::{self, Color32, RichText, Role, WidgetInfo};

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
        let hint = |what| super::shortcuts::hint(ui.ctx(), what, &[super::shortcuts::PLAY]);
        let (edit_hint, play_hint) = (
            hint("Paint heights and place pieces"),
            hint("Click pieces and destinations to record the intended line"),
        );
        if ui
            .selectable_label(editing, "Edit board")
            .on_hover_text(edit_hint)
            .clicked()
            && !editing
        {
            *tool = Tool::default();
        }
        if ui
            .selectable_label(!editing, "Play / record")
            .on_hover_text(play_hint)
            .clicked()
        {
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
                let selected = *tool == Tool::Height(h);
                let r = ui
                    .selectable_label(selected, text)
                    .on_hover_text(format!("Paint height {h}"));
                // Named for screen readers and UI tests: the visible text is the bare digit.
                r.widget_info(|| {
                    WidgetInfo::selected(Role::Button, true, selected, format!("Height {h}"))
                });
                if r.clicked() {
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
                let text = RichText::new(format!("{} {}", style::side_word(side), kind.name()))
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
