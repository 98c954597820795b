//! Autosave and crash recovery: [`AUTOSAVE_AFTER`] after the last change (and at least every
//! [`AUTOSAVE_AT_MOST`] while changes keep coming), a modified document is written atomically
//! to a recovery file, with its own file's path made absolute; at the next start, a recovery
//! file newer than the document is offered back ("Recover unsaved work" / "Discard"). A
//! successful save, undoing back to the saved content, and "Discard" when quitting delete it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};
use std::{env, fs, io};

use eframe::egui;
use serde::{Deserialize, Serialize};

use super::doc::Document;
use crate::challenge::{self, Challenge};

/// How long the document must stay unchanged before it is autosaved (the debounce).
pub const AUTOSAVE_AFTER: Duration = Duration::from_millis(1500);

/// The longest a change waits for its autosave while further changes keep coming (a long
/// drag, steady typing).
pub const AUTOSAVE_AT_MOST: Duration = Duration::from_secs(5);

/// The environment variable naming the recovery file (for tests and for several editors at
/// once); empty turns autosave off.
pub const RECOVERY_ENV: &str = "PEAKFORGE_RECOVERY";

/// What a recovery file holds: the unsaved challenge and the file it belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoveryFile {
    /// The document's own file, when it had one: an absolute path (so that recovering in
    /// another working folder saves to the same file).
    pub document: Option<PathBuf>,
    /// The challenge as it was when autosaved.
    pub challenge: Challenge,
}

/// The recovery file: `$PEAKFORGE_RECOVERY`, else `$XDG_STATE_HOME/peakforge/recovery.ron`, else
/// `~/.local/state/peakforge/recovery.ron`; `None` when none can be named (autosave off).
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    if let Some(p) = env::var_os(RECOVERY_ENV) {
        return (!p.is_empty()).then(|| PathBuf::from(p));
    }
    let state = env::var_os("XDG_STATE_HOME")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("peakforge").join("recovery.ron"))
}

/// `path` made absolute against the current folder (unchanged when it already is, or when the
/// current folder cannot be read). Symbolic links are kept: the file saved is the one named.
#[must_use]
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Writes `doc` to the recovery file at `path` atomically (the project's
/// [`challenge::write_atomic`]), creating its folder; the document's path is stored absolute.
///
/// # Errors
/// A message naming the file and the I/O or serialisation error.
pub fn write(path: &Path, doc: &Document) -> Result<(), String> {
    let rec = RecoveryFile {
        document: doc.path.as_deref().map(absolute),
        challenge: doc.ch.clone(),
    };
    let cfg = ron::ser::PrettyConfig::new().escape_strings(false);
    let mut text = ron::ser::to_string_pretty(&rec, cfg).map_err(|e| e.to_string())?;
    text.push('\n');
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    challenge::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

/// The recovery file at `path` when it is worth offering: it exists and is newer than the
/// document it belongs to (or that document has no file).
///
/// # Errors
/// A message when the file exists but cannot be read or parsed.
pub fn offer(path: &Path) -> Result<Option<RecoveryFile>, String> {
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let rec: RecoveryFile = ron::Options::default()
        .from_str(&text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let saved_at = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let autosaved = meta.modified().unwrap_or(SystemTime::now());
    let newer = rec
        .document
        .as_deref()
        .and_then(saved_at)
        .is_none_or(|doc_time| autosaved > doc_time);
    Ok(newer.then_some(rec))
}

/// The most editors at once that each get a recovery file of their own.
pub const MAX_SLOTS: usize = 16;

/// The recovery file of slot `n` of `base`: `base` itself for slot 0, then `recovery-2.ron`,
/// `recovery-3.ron`, … beside it.
#[must_use]
pub fn slot_path(base: &Path, n: usize) -> PathBuf {
    if n == 0 {
        return base.to_path_buf();
    }
    let stem = base
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match base.extension() {
        Some(e) => format!("{stem}-{}.{}", n + 1, e.to_string_lossy()),
        None => format!("{stem}-{}", n + 1),
    };
    base.with_file_name(name)
}

/// Claims a recovery file of `base` for this editor, so that two editors at once never
/// share one (the second overwrote the first's, and a crash lost one's work): each slot's
/// file has a lock file beside it (`recovery.ron.lock`), held by the editor that uses it for
/// as long as it runs (released by the system when it dies, even by `kill -9`). Of the slots
/// no running editor holds, the first with work to offer is taken, else the first free one.
/// Returns the file, its lock and what [`offer`] found in it (read once); without a lock to
/// be had (a read-only folder), `base` unlocked, as before.
#[must_use]
pub fn claim(base: &Path) -> Claimed {
    if let Some(dir) = base.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = fs::create_dir_all(dir);
    }
    let mut free: Option<Claimed> = None;
    for n in 0..MAX_SLOTS {
        let path = slot_path(base, n);
        let lock_path = lock_path(&path);
        // A slot with no work and no lock is no use once a free slot is held: no lock file
        // is made for it (one lock file per running editor, not one per slot).
        if free.is_some() && !path.exists() && !lock_path.exists() {
            continue;
        }
        let existed = lock_path.exists();
        let Ok(lock) = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
        else {
            break;
        };
        if lock.try_lock().is_err() {
            continue; // a running editor's
        }
        let found = offer(&path);
        let slot = Claimed {
            path,
            lock: Some(lock),
            found,
        };
        if matches!(slot.found, Ok(Some(_))) {
            if let Some(f) = free.take() {
                f.release();
            }
            return slot;
        }
        if free.is_none() {
            free = Some(slot);
        } else if !existed {
            slot.release();
        }
    }
    free.unwrap_or_else(|| Claimed {
        path: base.to_path_buf(),
        lock: None,
        found: offer(base),
    })
}

/// The lock file beside the recovery file `path`.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".lock");
    PathBuf::from(name)
}

/// A recovery file claimed by [`claim`].
pub struct Claimed {
    /// The file this editor autosaves to.
    pub path: PathBuf,
    /// The lock held on it while this editor runs (`None`: none could be had).
    pub lock: Option<fs::File>,
    /// What [`offer`] found in it at start.
    pub found: Result<Option<RecoveryFile>, String>,
}

impl Claimed {
    /// Lets the slot go: the lock released and its file removed.
    fn release(mut self) {
        if self.lock.take().is_some() {
            let _ = fs::remove_file(lock_path(&self.path));
        }
    }
}

/// Deletes the recovery file; a missing file is fine.
pub fn remove(path: &Path) {
    let _ = fs::remove_file(path);
}

/// What the user chose about a recovery file.
#[derive(Debug)]
pub enum Choice {
    /// Edit the recovered challenge.
    Recover(Box<RecoveryFile>),
    /// Delete the recovery file.
    Discard,
}

/// The autosave's debounce clock and a pending recovery offer.
pub struct Autosave {
    /// The recovery file; `None`: autosave off.
    pub path: Option<PathBuf>,
    /// How long the document must stay unchanged before it is written ([`AUTOSAVE_AFTER`];
    /// zero: at the first frame after each change).
    pub after: Duration,
    /// The content seen at the last frame, and when it last changed.
    seen: Option<(Challenge, Instant)>,
    /// When the oldest change not yet written was seen.
    waiting_since: Option<Instant>,
    /// The challenge last written, so that an unchanged document is not written again.
    written: Option<Challenge>,
    /// Autosave is over for this session (the user quit without saving).
    stopped: bool,
    /// A recovery file found at start, waiting for the user's choice.
    pub offer: Option<RecoveryFile>,
    /// The lock that makes [`Autosave::path`] this editor's alone ([`claim`]); its file is
    /// removed when the editor ends.
    lock: Option<fs::File>,
}

impl Drop for Autosave {
    fn drop(&mut self) {
        if self.lock.take().is_some()
            && let Some(p) = &self.path
        {
            let _ = fs::remove_file(lock_path(p));
        }
    }
}

impl Autosave {
    /// Autosave to a recovery file of `base` that this editor claims ([`claim`]: `base`
    /// itself unless another running editor holds it), with the work found there offered;
    /// none when `None`. Returns a message when a recovery file exists but cannot be read.
    #[must_use]
    pub fn new(base: Option<PathBuf>) -> (Autosave, Option<String>) {
        let (path, lock, found) = match base.as_deref().map(claim) {
            Some(c) => (Some(c.path), c.lock, Some(c.found)),
            None => (None, None, None),
        };
        let (offer, message) = match found {
            Some(Ok(o)) => (o, None),
            Some(Err(e)) => (None, Some(format!("Recovery file ignored: {e}"))),
            None => (None, None),
        };
        let a = Autosave {
            path,
            after: AUTOSAVE_AFTER,
            seen: None,
            waiting_since: None,
            written: None,
            stopped: false,
            offer,
            lock,
        };
        (a, message)
    }

    /// Call once per frame: writes the modified document once it has stayed unchanged for
    /// [`Autosave::after`] (or has waited [`AUTOSAVE_AT_MOST`]), asking for a repaint when
    /// a write will be due; deletes the recovery file written earlier when the document is
    /// no longer modified (undone back to its saved content). Returns an error message.
    pub fn tick(&mut self, ctx: &egui::Context, doc: &Document) -> Option<String> {
        let path = self.path.clone()?;
        if self.offer.is_some() || self.stopped {
            return None;
        }
        let now = Instant::now();
        if !doc.dirty || self.written.as_ref() == Some(&doc.ch) {
            if !doc.dirty && self.written.is_some() {
                self.clear();
            }
            self.waiting_since = None;
            self.seen = None;
            return None;
        }
        let changed_at = match &self.seen {
            Some((ch, at)) if *ch == doc.ch => *at,
            _ => {
                self.seen = Some((doc.ch.clone(), now));
                now
            }
        };
        let since = *self.waiting_since.get_or_insert(now);
        let due = (changed_at + self.after).min(since + AUTOSAVE_AT_MOST.max(self.after));
        if now < due {
            ctx.request_repaint_after(due - now);
            return None;
        }
        self.waiting_since = None;
        self.written = Some(doc.ch.clone());
        write(&path, doc)
            .err()
            .map(|e| format!("Autosave failed: {e}"))
    }

    /// The document was saved (or its changes discarded): delete the recovery file.
    pub fn clear(&mut self) {
        self.written = None;
        self.waiting_since = None;
        self.seen = None;
        if let Some(p) = &self.path {
            remove(p);
        }
    }

    /// The user quit without saving: delete the recovery file and write none again in this
    /// session (the frames drawn while the window closes must not bring it back).
    pub fn stop(&mut self) {
        self.clear();
        self.stopped = true;
    }

    /// The document now holds `ch` as autosaved (after recovering it).
    pub fn mark_written(&mut self, ch: &Challenge) {
        self.written = Some(ch.clone());
    }

    /// The "Recover unsaved work" / "Discard" prompt while an offer is pending.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<Choice> {
        let rec = self.offer.as_ref()?;
        let what = rec.document.as_ref().map_or_else(
            || "an unsaved new challenge".to_string(),
            |p| p.display().to_string(),
        );
        let mut choice = None;
        egui::Modal::new(egui::Id::unique("recovery prompt")).show(ctx, |ui| {
            ui.heading("Unsaved work found");
            ui.label(format!(
                "The editor stopped with unsaved changes to {what} (challenge \"{}\").",
                rec.challenge.id
            ));
            ui.horizontal(|ui| {
                if ui
                    .button("Recover unsaved work")
                    .on_hover_text("Edit the autosaved challenge; Save writes it to its file.")
                    .clicked()
                {
                    choice = Some(true);
                }
                if ui
                    .button("Discard")
                    .on_hover_text("Delete the autosave and keep the file as it is.")
                    .clicked()
                {
                    choice = Some(false);
                }
            });
        });
        match choice? {
            true => self.offer.take().map(|r| Choice::Recover(Box::new(r))),
            false => {
                self.offer = None;
                self.clear();
                Some(Choice::Discard)
            }
        }
    }
}
