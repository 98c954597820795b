//! The Line tab: the intended line to browse and edit ([`crate::editor::play::PlayState`]).
//! Browsing the line switches to Play / record; during a play-test its buttons are disabled
//! (nothing edits the document then).

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::tools::Tool;

/// The intended line.
pub struct LinePanel;

impl SidePanel for LinePanel {
    fn id(&self) -> &'static str {
        "line"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Line".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let testing = cx.tools.tool == Tool::PlayTest;
        let mut playing = cx.tools.tool == Tool::Play;
        let valid = cx.problems.list.is_empty();
        let edits = ui
            .add_enabled_ui(!testing, |ui| cx.play.ui(ui, cx.doc, valid, &mut playing))
            .inner;
        for e in edits {
            cx.out.push(Command::Edit(e, None));
        }
        if playing && cx.tools.tool != Tool::Play && !testing {
            cx.out.push(Command::Tool(Tool::Play));
        }
    }
}
