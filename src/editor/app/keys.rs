//! What the keyboard path does in [`EditorApp`] besides the tool keys: Export (Ctrl+E) to the
//! path typed in "Export to", with the same checks as the button; an existing file is never
//! overwritten from the keyboard (the button asks first).

use super::EditorApp;
use crate::editor::export;

impl EditorApp {
    /// Exports the verified challenge to the typed path, or says why not.
    pub(super) fn export_now(&mut self) {
        let typed = self.export.path_text.trim().to_string();
        let why = export::refusal(self.verify.report(), self.verify.running(), &self.doc);
        let path = std::path::PathBuf::from(&typed);
        let message = match (why, self.verify.report()) {
            (Some(why), _) => format!("Cannot export: {why}"),
            _ if typed.is_empty() => {
                format!(
                    "Cannot export: type a path in Export to ({}).",
                    export::CHOOSE_HINT
                )
            }
            _ if path.exists() && !path.is_file() => format!(
                "Cannot export: {} is not a regular file (a folder or a device): type a file's \
                 path.",
                path.display()
            ),
            _ if path.exists() => format!(
                "Cannot export: {} exists; use the Export button to overwrite it.",
                path.display()
            ),
            (None, Some((report, _))) => match export::export(&self.doc, report, &path) {
                Ok(ch) => {
                    let message = format!(
                        "Exported to {} (sound, key move {}).",
                        path.display(),
                        report.key_texts().join(", ")
                    );
                    // As the button does: the export state, Recent files, the document.
                    let e = export::Exported { path, ch };
                    self.export.last = Some(e.clone());
                    self.exported(e);
                    message
                }
                Err(e) => format!("Cannot export: {e}"),
            },
            (None, None) => "Cannot export: verify the challenge first.".to_string(),
        };
        self.export.message = Some(message);
    }
}
