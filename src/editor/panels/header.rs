//! The fixed header of the right side: Verify with its time limit, the verdict, and the
//! progress or the verdict's state, in three rows of fixed height
//! ([`crate::editor::verify::VerifyPanel::header_ui`]).

use eframe::egui;

use super::PanelCx;

/// Draws the header.
pub(super) fn ui(ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
    cx.verify.header_ui(ui, cx.doc);
}
