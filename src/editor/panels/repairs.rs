//! The Repairs tab: Suggest and its repairs ([`crate::editor::suggest`]), the whole list in
//! the panel's own scroll area with its count above it.

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::tools::Tool;

/// Suggest's repairs.
pub struct RepairsPanel;

impl SidePanel for RepairsPanel {
    fn id(&self) -> &'static str {
        "repairs"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Repairs".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let limits = cx.verify.limits();
        let report = cx.verify.report();
        let testing = cx.tools.tool == Tool::PlayTest;
        let edit = ui
            .add_enabled_ui(!testing, |ui| cx.suggest.ui(ui, cx.doc, report, limits))
            .inner;
        if let Some(e) = edit {
            cx.out.push(Command::Edit(e, None));
        }
    }
}
