//! The Verify tab: the themes the verdict proves the challenge teaches, the last report's key
//! moves, main line and messages, and its findings on the board (cooks, tries, duals, the
//! short solution, the main-line stepper).

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::themes::Taught;

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
        if let Some(themes) = cx.verify.report().and_then(|(r, _)| r.themes.as_deref()) {
            themes_ui(ui, themes);
        }
        let testing = cx.tools.tool == crate::editor::tools::Tool::PlayTest;
        if let Some(e) = cx.verify.details_ui(ui, cx.doc).filter(|_| !testing) {
            cx.out.push(crate::editor::command::Command::Edit(e, None));
        }
    }
}

/// The themes under the verdict ([`crate::themes`]), each with its evidence in words.
fn themes_ui(ui: &mut egui::Ui, themes: &[Taught]) {
    if themes.is_empty() {
        ui.weak("Themes: none (the solution needs no rule that a tutorial teaches)");
        return;
    }
    let ids: Vec<&str> = themes.iter().map(|t| t.id).collect();
    ui.label(format!("Themes: {}", ids.join(", ")));
    for t in themes {
        ui.weak(format!("• {}: {}", t.id, t.evidence));
    }
}
