//! The Library tab's changes to the menu: move, add and remove entries, each saving
//! `index.json` atomically through one function that undoes a failed save.

use std::path::Path;

use super::LibraryPanel;
use crate::editor::panels::PanelCx;
use crate::library::{Index, index};

impl LibraryPanel {
    /// Moves entry `from` to `to` and saves the index.
    pub(super) fn move_selected(&mut self, from: usize, to: usize) {
        self.change(Some(to), |idx| {
            index::move_entry(idx, from, to)
                .then(|| format!("{} moved to place {}", idx.challenges[to].id, to + 1))
                .ok_or_else(String::new)
        });
    }

    /// Adds the document's file to the menu (at the end) and saves the index: the file must
    /// be saved in the library's folder, where the index names it by its file name.
    pub(super) fn add_document(&mut self, cx: &PanelCx<'_>) {
        let Some((file, _)) = &self.open else { return };
        let folder = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let doc = cx.doc;
        let Some(path) = doc.path.as_deref().filter(|p| index::in_folder(p, &folder)) else {
            self.said = Some(format!(
                "Save the document in the library's folder ({}) first: the index names its \
                 files by their names there.",
                folder.display()
            ));
            return;
        };
        let entry = index::Entry {
            order: 0,
            id: doc.ch.id.clone(),
            file: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            game: doc.ch.game,
            title: doc.ch.title.clone(),
            exceptions: Vec::new(),
        };
        let n = self.open.as_ref().map_or(0, |(_, i)| i.challenges.len());
        self.change(Some(n), |idx| {
            let id = entry.id.clone();
            index::add_entry(idx, entry).map(|()| format!("{id} added at place {}", n + 1))
        });
    }

    /// Removes the selected entry from the menu (its file stays) and saves the index, at the
    /// second click: the first says what goes with it (its exceptions, written by hand, which
    /// Add document cannot bring back), in the message row (nothing moves).
    pub(super) fn remove_selected(&mut self, at: usize) {
        let Some(entry) = self.open.as_ref().and_then(|(_, i)| i.challenges.get(at)) else {
            return;
        };
        if self.removing.as_deref() != Some(entry.id.as_str()) {
            let n = entry.exceptions.len();
            let also = match n {
                0 => String::new(),
                1 => " and its exception".to_string(),
                n => format!(" and its {n} exceptions"),
            };
            self.said = Some(format!(
                "Remove {} from the menu{also}? Its file stays. Click Remove entry again to \
                 remove it.",
                entry.id
            ));
            self.removing = Some(entry.id.clone());
            return;
        }
        self.change(None, |idx| {
            index::remove_entry(idx, at)
                .map(|e| format!("{} removed from the menu (its file {} stays)", e.id, e.file))
                .ok_or_else(String::new)
        });
    }

    /// Applies `edit` to the open index and saves it atomically, selecting `select`; an edit
    /// that changes nothing says why (an empty reason: nothing to say), and a failed save
    /// undoes the edit, so what is shown is what the file holds.
    fn change(
        &mut self,
        select: Option<usize>,
        edit: impl FnOnce(&mut Index) -> Result<String, String>,
    ) {
        self.removing = None;
        match self.reload_if_changed() {
            Ok(false) => {}
            Ok(true) => {
                self.said = Some(format!("{}; nothing was changed.", self.reloaded_words()));
                return;
            }
            Err(e) => {
                self.said = Some(format!("Nothing was changed: {e}"));
                return;
            }
        }
        let Some((file, idx)) = &mut self.open else {
            return;
        };
        let before = idx.clone();
        let done = match edit(idx) {
            Ok(done) => done,
            Err(why) => {
                *idx = before;
                if !why.is_empty() {
                    self.said = Some(format!("Not changed: {why}."));
                }
                return;
            }
        };
        match index::write(idx, file) {
            Ok(()) => {
                self.selected = select;
                self.scroll_to_selected = true;
                self.said = Some(format!("{done}: index.json saved."));
            }
            Err(e) => {
                *idx = before;
                self.said = Some(format!("Cannot save index.json: {e}"));
            }
        }
    }

    /// Takes `index.json` as it is on disk when it differs from the open index (another
    /// program, or a hand, changed it): `Ok(true)` then, with the list showing the file. A
    /// change is never written over it (a move wrote the list as it was read, dropping an
    /// entry added since).
    ///
    /// # Errors
    /// The file cannot be read now.
    pub(super) fn reload_if_changed(&mut self) -> Result<bool, String> {
        let Some((file, idx)) = &mut self.open else {
            return Ok(false);
        };
        let (_, on_disk) = index::read(file).map_err(|e| e.to_string())?;
        if on_disk == *idx {
            return Ok(false);
        }
        *idx = on_disk;
        self.selected = None;
        Ok(true)
    }

    /// The words for a list that [`LibraryPanel::reload_if_changed`] took from disk.
    pub(super) fn reloaded_words(&self) -> String {
        let n = self.open.as_ref().map_or(0, |(_, i)| i.challenges.len());
        format!(
            "index.json was changed by another program: the list shows it as it is now ({n} entries)"
        )
    }
}
