//! The status bar: the document's file and whether it is modified, its game, and the tile
//! under the pointer (square, height, piece).

use eframe::egui;

use super::board;
use super::doc::Document;
use crate::games::pawn_peak::{Position, Square};

/// The text shown for the hovered tile: `c4 · height 2 · Red Guardian (…)`.
#[must_use]
pub fn hover_text(pos: &Position, sq: Square) -> String {
    format!("{sq} · {}", board::tile_text(pos, sq))
}

/// Draws the bar; `hover` is the hovered tile in words.
pub fn ui(ui: &mut egui::Ui, doc: &Document, hover: Option<String>) {
    ui.horizontal(|ui| {
        let name = doc
            .path
            .as_ref()
            .map_or_else(|| "(unsaved)".to_string(), |p| p.display().to_string());
        ui.label(format!(
            "{name}{}",
            if doc.dirty { " •modified" } else { "" }
        ));
        ui.separator();
        ui.label(format!("Game: {}", doc.ch.game.as_str()));
        ui.separator();
        match hover {
            Some(text) => {
                ui.label(text);
            }
            None => {
                ui.weak("Hover a tile to see it.");
            }
        }
    });
}
