//! What the editor keeps between runs: its preferences ([`Prefs`]) read at start and written
//! by eframe's storage, and the [`eframe::App`] it is.

use eframe::egui;

use super::EditorApp;
use crate::editor::prefs::{self, Prefs};

impl EditorApp {
    /// What the editor remembers between runs ([`Prefs`]).
    #[must_use]
    pub fn prefs(&self) -> Prefs {
        Prefs {
            tool: prefs::tool_name(self.tools.tool).map(str::to_string),
            height: Some(self.tools.height),
            brush: Some(self.tools.size),
            last_folder: self.files.last_folder.clone(),
            panel: Some(self.panels.shown().to_string()),
            panels: self.panels.kept(),
        }
    }

    /// The editor with the preferences remembered from an earlier run.
    #[must_use]
    pub fn with_prefs(mut self, p: &Prefs) -> EditorApp {
        self.tools = prefs::tools_from(p, self.tools);
        self.files.last_folder.clone_from(&p.last_folder);
        if let Some(id) = &p.panel {
            self.panels.show(id);
        }
        self.panels.restore(&p.panels);
        self
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.prefs());
    }
}
