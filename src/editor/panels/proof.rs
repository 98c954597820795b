//! The Proof tab: the proof browser ([`crate::editor::proof_browser`]) at the top of its own
//! panel, so that stepping through it needs no scrolling.

use eframe::egui;

use super::{PanelCx, SidePanel};

/// The proof browser.
pub struct ProofPanel;

impl SidePanel for ProofPanel {
    fn id(&self) -> &'static str {
        "proof"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Proof".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        cx.verify.proof_ui(ui, cx.doc);
    }
}
