//! The side panels of [`EditorApp`]: the tools and position fields on the left, the right
//! side's panels ([`crate::editor::panels`]) with their shared state lent to them. During a
//! play-test the position fields are read-only: nothing edits the document then.

use eframe::egui;

use super::{Command, EditorApp};
use crate::editor::edit::Edit;
use crate::editor::fields::{self, Change};
use crate::editor::panels::PanelCx;
use crate::editor::resize::ResizeQuestion;
use crate::editor::spec_edit;
use crate::editor::tools::{self, Tool};

impl EditorApp {
    pub(super) fn left_panel(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::ScrollArea::vertical()
            .id_salt("left")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let top = ui.cursor().top();
                ui.heading("Tools");
                if tools::ui(ui, &mut self.tools, self.doc.ch.game) {
                    self.flatten(out);
                }
                let edits = self.tools.tool.edits();
                if edits {
                    ui.separator();
                    ui.label("Board");
                    self.board_tools_ui(ui, out);
                }
                keep_tools_height(ui, top, edits);
                ui.separator();
                ui.heading("Position");
                let testing = self.tools.tool == Tool::PlayTest;
                let changes = ui
                    .add_enabled_ui(!testing, |ui| {
                        fields::ui(ui, &self.doc.ch, self.tools.tool == Tool::Chain)
                    })
                    .inner;
                for change in changes {
                    self.field_change(ui.ctx(), change, out);
                }
            });
    }

    /// A position field's change: an edit, or a resize (asked about first when it would
    /// remove pieces).
    fn field_change(&mut self, ctx: &egui::Context, change: Change, out: &mut Vec<Command>) {
        match change {
            Change::Edit(e, g) => out.push(Command::Edit(e, g)),
            // On: the next board click sets the chain square; off: the tool before it.
            Change::ChainTool(true) => {
                self.chain_back = self.tools.tool;
                self.tools.tool = Tool::Chain;
            }
            Change::ChainTool(false) => self.tools.tool = self.chain_back,
            Change::Resize(w, h) => {
                let lost = spec_edit::dropped_by_resize(&self.doc.ch.position, w, h);
                if lost.is_empty() {
                    self.resize_ask = None;
                    out.push(Command::Edit(Edit::Resize(w, h), Some("size".into())));
                } else {
                    self.resize_ask = Some(ResizeQuestion {
                        size: (w, h),
                        lost,
                        asked_in_frame: ctx.cumulative_frame_nr(),
                    });
                }
            }
        }
    }

    pub(super) fn right_panel(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let mut cx = PanelCx {
            doc: &self.doc,
            tools: &self.tools,
            play: &mut self.play,
            playtest: &mut self.playtest,
            verify: &mut self.verify,
            suggest: &mut self.suggest,
            problems: &self.problems,
            export: &mut self.export,
            out,
        };
        self.panels.ui(ui, &mut cx);
    }
}

/// The other modes show fewer tools than Edit board: they keep its tools' height (as last
/// drawn), so the Position fields below stay where they are as the mode changes.
fn keep_tools_height(ui: &mut egui::Ui, top: f32, edits: bool) {
    let id = egui::Id::unique("peakforge-edit-tools-height");
    let used = ui.cursor().top() - top;
    if edits {
        ui.ctx().data_mut(|d| d.insert_temp(id, used));
    } else if let Some(h) = ui.ctx().data(|d| d.get_temp::<f32>(id))
        && h > used
    {
        ui.add_space(h - used);
    }
}
