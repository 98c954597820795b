//! The Problems tab: the one list of the document's problems and the last verification's
//! findings that hold for it ([`crate::editor::problems`]); a click shows where each is.

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::editor::command::Command;
use crate::editor::problems::{Clicked, found};

/// The Problems list.
pub struct ProblemsPanel;

impl SidePanel for ProblemsPanel {
    fn id(&self) -> &'static str {
        "problems"
    }

    fn title(&self, cx: &PanelCx<'_>) -> String {
        let n = cx.problems.count(&found(cx.verify, cx.doc));
        format!("Problems ({n})")
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let entries = found(cx.verify, cx.doc);
        match cx.problems.ui(ui, &entries) {
            Some(Clicked::Field(p)) => cx.out.push(Command::PointAt(p)),
            Some(Clicked::Show(v)) => cx.out.push(Command::Show(v)),
            Some(Clicked::Note(t)) => cx.out.push(Command::Say(t)),
            None => {}
        }
    }
}
