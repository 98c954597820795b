//! The live problems list: [`validate`] re-run only when the document changes.

use eframe::egui;

use super::doc::Document;
use crate::challenge::{Problem, validate};

/// Cached validation of the document.
#[derive(Default)]
pub struct Problems {
    revision: Option<u64>,
    /// The problems found at that revision (empty: the challenge is valid).
    pub list: Vec<Problem>,
}

impl Problems {
    /// Re-validates when the document changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision != Some(doc.revision) {
            self.revision = Some(doc.revision);
            self.list = validate(&doc.ch).err().unwrap_or_default();
        }
    }

    /// Draws the list.
    pub fn ui(&self, ui: &mut egui::Ui) {
        if self.list.is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(40, 160, 70),
                "Valid challenge: no problem found.",
            );
        }
        for p in &self.list {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("• {}: {}", p.field, p.message),
            );
        }
    }
}
