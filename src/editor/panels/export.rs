//! The Export tab: writes the verified challenge with its verification record
//! ([`crate::editor::export`]).

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;

/// Export a verified file.
pub struct ExportTab;

impl SidePanel for ExportTab {
    fn id(&self) -> &'static str {
        "export"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Export file".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let running = cx.verify.running();
        let report = cx.verify.report();
        if let Some(e) = cx.export.ui(ui, cx.doc, report, running) {
            cx.out.push(Command::Exported(Box::new(e)));
        }
    }
}
