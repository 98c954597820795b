//! The Suggest button (issue 15 item 4 in the editor): for a cooked or unsound challenge, runs
//! [`suggest_counting`] on a worker thread ([`super::worker`]) with the Verify panel's limits
//! (each edit within them, as `peakforge suggest`), progress and Cancel; lists the proved
//! repairs best first, each in words; one click applies one as one undo step
//! ([`Edit::Replace`] with the challenge after the edit). The list remembers the challenge it
//! was made for: while the document holds other content it is folded to a note that it is
//! stale (undo brings it back).

use eframe::egui;

use super::doc::Document;
use super::edit::Edit;
use super::worker::{Polled, Worker};
use crate::challenge::Challenge;
use crate::solver::Limits;
use crate::suggest::{Suggestion, Suggestions, suggest_counting};
use crate::verify::{Status, VerifyReport};

/// The Suggest panel's state.
#[derive(Default)]
pub struct SuggestPanel {
    job: Option<(Worker<Suggestions>, Challenge)>,
    /// The last finished search and the challenge it was made for.
    found: Option<(Suggestions, Challenge)>,
    message: Option<String>,
    /// The repair last applied, in words, and the challenge it made (the note shows while the
    /// document holds it).
    applied: Option<(String, Challenge)>,
}

/// A repair in words: the edit and what the solver proved after it, e.g. `remove Red Scout
/// on e4 — sound, key c4xc5 unique`.
#[must_use]
pub fn describe(s: &Suggestion) -> String {
    let key = s.report.key_texts().join(", ");
    format!("{} — sound, key {key} unique", s.edit.text)
}

impl SuggestPanel {
    /// Whether the search is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Forgets the list and stops a running search (a new document).
    pub fn reset(&mut self) {
        *self = SuggestPanel::default();
    }

    /// The repairs of the last search, best first, when it was made for `ch`.
    #[must_use]
    pub fn repairs_for(&self, ch: &Challenge) -> Option<&[Suggestion]> {
        let (found, made_for) = self.found.as_ref()?;
        (made_for == ch).then_some(found.suggestions.as_slice())
    }

    /// Starts the search for repairs of the document's challenge.
    pub fn start(&mut self, ctx: &egui::Context, doc: &Document, limits: Limits) {
        if self.job.is_some() {
            return;
        }
        self.message = None;
        self.found = None;
        let ch = doc.ch.clone();
        let file = doc
            .path
            .as_ref()
            .map_or_else(|| "(unsaved)".to_string(), |p| p.display().to_string());
        let work_ch = ch.clone();
        let spawned = Worker::spawn("peakforge-suggest", ctx, limits, move |control, note| {
            let done = |k: usize, n: usize| note(format!("edit {k} of {n} verified"));
            suggest_counting(&file, &work_ch, control, &done)
        });
        match spawned {
            Ok(w) => self.job = Some((w, ch)),
            Err(e) => self.message = Some(format!("cannot start Suggest: {e}")),
        }
    }

    /// Takes the worker's answer; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some((worker, _)) = &mut self.job else {
            return;
        };
        let polled = worker.poll(ctx);
        let cancelled = worker.cancelled();
        let found = match polled {
            Polled::Running => return,
            Polled::Gone => None,
            Polled::Done(f) => Some(f),
        };
        let Some((_, made_for)) = self.job.take() else {
            return;
        };
        self.message = match found {
            // A cancelled search offers nothing, not the part it had verified.
            _ if cancelled => Some("Suggest cancelled: no repairs listed.".into()),
            None => Some("Suggest stopped without an answer.".into()),
            Some(f) => {
                let text = summary(&f);
                self.found = Some((f, made_for));
                Some(text)
            }
        };
    }

    /// Draws the Suggest button (offered when `report` holds for the document and is cooked,
    /// unsound or a failing line), its progress and the repairs; returns the edit of a repair
    /// clicked.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        doc: &Document,
        report: Option<(&VerifyReport, &Challenge)>,
        limits: Limits,
    ) -> Option<Edit> {
        if let Some((worker, _)) = &self.job {
            worker.ui(ui, "suggesting repairs", Some("Cancel suggest"));
            return None;
        }
        let offered = report.is_some_and(|(r, ch)| {
            *ch == doc.ch
                && matches!(
                    r.status,
                    Status::Cooked | Status::Unsound | Status::LineFails
                )
        });
        if offered
            && ui
                .button("Suggest")
                .on_hover_text(
                    "Search small edits that make the challenge sound, each proved by the solver \
                     within the Verify time limit",
                )
                .clicked()
        {
            self.start(ui.ctx(), doc, limits);
            return None;
        }
        if let Some((text, made)) = &self.applied
            && *made == doc.ch
        {
            ui.label(format!("Applied: {text} (Ctrl+Z undoes it)."));
        }
        let Some((found, made_for)) = self.found.as_ref() else {
            if let Some(m) = &self.message {
                ui.label(m);
            }
            return None;
        };
        if *made_for != doc.ch {
            // Kept for undo, which brings the challenge they were found for back.
            ui.weak(format!(
                "{} repair(s) were found for the challenge before its last change: undo it, \
                 or Verify and Suggest again.",
                found.suggestions.len()
            ));
            return None;
        }
        if let Some(m) = &self.message {
            ui.label(m);
        }
        let mut chosen = None;
        if !found.suggestions.is_empty() {
            ui.label("Repairs, best first (click one to apply it):");
        }
        egui::ScrollArea::vertical()
            .id_salt("repairs")
            .max_height(200.0)
            .show(ui, |ui| {
                for s in &found.suggestions {
                    let rating = s.report.difficulty.as_ref().map_or(0.0, |d| d.rating);
                    if ui
                        .button(describe(s))
                        .on_hover_text(format!(
                            "Apply this edit (rating after it {rating:.1}); one undo step"
                        ))
                        .clicked()
                    {
                        chosen = Some(s);
                    }
                }
            });
        let s = chosen?;
        self.applied = Some((s.edit.text.clone(), s.edit.challenge.clone()));
        Some(Edit::Replace(Box::new(s.edit.challenge.clone())))
    }
}

/// The search's outcome in a line: how many repairs of how many edits, the unknown, the time.
fn summary(f: &Suggestions) -> String {
    match f.original.status {
        Status::Sound => "The challenge is already sound: nothing to repair.".into(),
        Status::Invalid => "The challenge is invalid: fix its problems first.".into(),
        _ if f.suggestions.is_empty() => format!(
            "No repair found among {} edit(s) ({} unknown: a limit stopped them), {} ms.",
            f.tried,
            f.unknown,
            f.elapsed.as_millis()
        ),
        _ => format!(
            "{} repair(s) of {} edit(s) tried ({} unknown, not offered), {} ms.",
            f.suggestions.len(),
            f.tried,
            f.unknown,
            f.elapsed.as_millis()
        ),
    }
}
