//! The Play-test tab: the game against the solver's defence ([`crate::editor::playtest`]).

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::playtest::Request;
use crate::editor::tools::Tool;

/// The play-test game.
pub struct TestPanel;

impl SidePanel for TestPanel {
    fn id(&self) -> &'static str {
        "play-test"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Test game".into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let active = cx.tools.tool == Tool::PlayTest;
        let ctx = ui.ctx().clone();
        match cx.playtest.ui(ui, &ctx, active) {
            Some(Request::Start) => cx.out.push(Command::Tool(Tool::PlayTest)),
            Some(Request::Stop) => cx.out.push(Command::Tool(Tool::default())),
            None => {}
        }
    }
}
