//! The Texts tab: the id and the title, tutorial and hint in each language
//! ([`crate::editor::texts`]); read-only during a play-test.

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::tools::Tool;

/// The challenge's texts.
pub struct TextsPanel;

impl SidePanel for TextsPanel {
    fn id(&self) -> &'static str {
        "texts"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Texts".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let testing = cx.tools.tool == Tool::PlayTest;
        let edits = ui
            .add_enabled_ui(!testing, |ui| crate::editor::texts::ui(ui, &cx.doc.ch))
            .inner;
        for (e, g) in edits {
            cx.out.push(Command::Edit(e, g));
        }
    }
}
