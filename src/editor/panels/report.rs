//! The Verify tab: the last report's key moves, main line and messages, and its findings on
//! the board (cooks, tries, duals, the short solution, the main-line stepper).

use eframe::egui;

use super::{PanelCx, SidePanel};

/// The solver's findings.
pub struct ReportPanel;

impl SidePanel for ReportPanel {
    fn id(&self) -> &'static str {
        "verify"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Findings".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let testing = cx.tools.tool == crate::editor::tools::Tool::PlayTest;
        if let Some(e) = cx.verify.details_ui(ui, cx.doc).filter(|_| !testing) {
            cx.out.push(crate::editor::command::Command::Edit(e, None));
        }
    }
}
