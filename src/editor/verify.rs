//! The Verify panel: runs [`verify`] (every game) on the document's checked challenge on a
//! named worker thread, shows live progress
//! with a Cancel button, then the verdict and the solver's messages. A report remembers the
//! challenge content it was made for: it holds again when undo or redo brings that content
//! back.

use std::time::Duration;

use eframe::egui::{self, Color32, RichText};

use super::doc::Document;
use super::edit::Edit;
use super::findings::{Findings, Shown, View};
use super::proof_browser::ProofBrowser;
use super::worker::{Polled, Worker};
use crate::challenge::Challenge;
use crate::games::AnyMove;
use crate::solver::Limits;
use crate::verify::{Finding, Status, VerifyReport, verify};

/// An intended first move and the defence that holds against it (`None`: the move ends the
/// match without the player's win).
type Refutation = crate::solver::refute::Refutation<AnyMove>;

/// A verification running on its worker thread: its answer is the report, and for an unsound
/// challenge the refutation of its intended first move.
struct Job {
    worker: Worker<Box<(VerifyReport, Option<Refutation>)>>,
    /// The challenge being verified.
    made_for: Challenge,
}

/// The Verify panel's state.
pub struct VerifyPanel {
    job: Option<Job>,
    /// The last finished report and the challenge it was made for.
    report: Option<(VerifyReport, Challenge)>,
    /// Time limit in seconds (0: none).
    time_limit: u32,
    error: Option<String>,
    /// The last report's cooks, duals, short solution and main line, to show on the board.
    findings: Option<Findings>,
    /// The refutation of an unsound challenge's intended first move.
    refutation: Option<Refutation>,
    /// What the opened file's stored verification record says ("matches", or why not).
    stored: Option<String>,
    /// The proof browser of the last sound or cooked report.
    browser: ProofBrowser,
    /// Earlier reports of this document, newest last (at most [`EARLIER_REPORTS`]): when an
    /// undo brings back content verified before, its report is shown again, not the last one
    /// marked stale.
    earlier: Vec<(VerifyReport, Challenge, Option<Refutation>)>,
    /// The document revision [`VerifyPanel::follow`] last looked at (`None`: look again).
    followed: Option<u64>,
    /// The last Verify proved the game part only: the texts have problems.
    texts_note: Option<String>,
}

/// How many earlier reports [`VerifyPanel`] keeps.
pub const EARLIER_REPORTS: usize = 8;

impl Default for VerifyPanel {
    fn default() -> Self {
        VerifyPanel {
            job: None,
            report: None,
            time_limit: 120,
            error: None,
            findings: None,
            refutation: None,
            stored: None,
            browser: ProofBrowser::default(),
            earlier: Vec::new(),
            followed: None,
            texts_note: None,
        }
    }
}

impl VerifyPanel {
    /// Whether a verification is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The last finished report and the challenge it was made for.
    #[must_use]
    pub fn report(&self) -> Option<(&VerifyReport, &Challenge)> {
        self.report.as_ref().map(|(r, ch)| (r, ch))
    }

    /// Forgets the report and cancels a running verification (a new document was opened),
    /// keeping the time limit.
    pub fn reset(&mut self) {
        // Dropping the worker cancels it.
        self.job = None;
        self.report = None;
        self.error = None;
        self.findings = None;
        self.refutation = None;
        self.stored = None;
        self.browser.reset();
        self.earlier.clear();
        self.followed = None;
    }

    /// Shows again the report made for the document as it is now, when the last report was
    /// made for other content and an earlier one for this (an undo back past a repair).
    /// Looks once per document revision (and again after a new report).
    pub fn follow(&mut self, doc: &Document) {
        if self.job.is_some() || self.followed == Some(doc.revision) {
            return;
        }
        self.followed = Some(doc.revision);
        if self.report.as_ref().is_none_or(|(_, ch)| *ch == doc.ch) {
            return;
        }
        let Some(i) = self.earlier.iter().rposition(|(_, ch, _)| *ch == doc.ch) else {
            return;
        };
        let (report, made_for, refutation) = self.earlier.remove(i);
        self.present(report, made_for, refutation);
        self.browser.reset();
    }

    /// Makes `report` (made for `made_for`) the one shown, the current one kept among the
    /// earlier ones.
    fn present(
        &mut self,
        report: VerifyReport,
        made_for: Challenge,
        refutation: Option<Refutation>,
    ) {
        self.keep_earlier();
        self.findings = Findings::new(&report, made_for.goal.player_moves);
        if let (Some(f), Some(r)) = (&mut self.findings, refutation) {
            f.set_refutation(r);
        }
        self.refutation = refutation;
        self.report = Some((report, made_for));
        self.stored = None;
        self.followed = None;
    }

    /// Moves the current report to the earlier ones.
    fn keep_earlier(&mut self) {
        if let Some((report, made_for)) = self.report.take() {
            self.earlier
                .push((report, made_for, self.refutation.take()));
            if self.earlier.len() > EARLIER_REPORTS {
                self.earlier.remove(0);
            }
        }
    }

    /// The limits of the panel's searches: the time limit and the editor's memory budget.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            max_time: (self.time_limit > 0).then(|| Duration::from_secs(self.time_limit.into())),
            ..super::settings::search_limits()
        }
    }

    /// Whether the proof browser is searching its tree.
    #[must_use]
    pub fn browsing_search(&self) -> bool {
        self.browser.running()
    }

    /// Shows finding `view` on the board.
    pub fn show(&mut self, view: View) {
        self.browser.showing = false;
        if let Some(f) = &mut self.findings {
            f.view = Some(view);
        }
    }

    /// The last report's findings on the board (cooks, tries, duals, the main line).
    #[must_use]
    pub fn findings(&self) -> Option<&Findings> {
        self.findings.as_ref()
    }

    /// Shows the document's stored verification record (an opened export): when it matches,
    /// its verdict stands as the last report for the content as it is (Export needs no new
    /// Verify); else the panel says why it does not.
    pub fn show_stored(&mut self, doc: &Document) {
        let file = doc
            .path
            .as_ref()
            .map_or_else(|| "(unsaved)".to_string(), |p| p.display().to_string());
        let checked = doc.checked().map_err(<[_]>::len);
        self.stored = match super::stored::check(&doc.ch, checked, &file) {
            None => None,
            Some(Ok(report)) => {
                self.findings = Findings::new(&report, doc.ch.goal.player_moves);
                self.report = Some((report, doc.ch.clone()));
                Some(format!(
                    "Stored verification record: {}",
                    super::stored::MATCHES
                ))
            }
            Some(Err(why)) => Some(format!(
                "Stored verification record: does not match ({why}): verify again"
            )),
        };
    }

    /// The report made for `old` now stands for `new` (the same content, now carrying its
    /// verification record after an export to the document's own file).
    pub fn rebind(&mut self, old: &Challenge, new: &Challenge) {
        if let Some((_, made_for)) = &mut self.report
            && made_for == old
        {
            *made_for = new.clone();
        }
    }

    /// What the board shows of the findings (position, arrows, caption), when one is picked.
    #[must_use]
    pub fn shown(&self) -> Option<Shown> {
        if let Some(s) = self.browser.shown() {
            return Some(s);
        }
        self.findings.as_ref()?.shown()
    }

    /// Goes back from a finding to the document's own board.
    pub fn close_view(&mut self) {
        self.browser.showing = false;
        if let Some(f) = &mut self.findings {
            f.view = None;
        }
    }

    /// Starts verifying the document's challenge on a worker thread.
    pub fn start(&mut self, ctx: &egui::Context, doc: &Document) {
        if self.job.is_some() {
            return;
        }
        self.error = None;
        // Missing English texts do not stop the proof of the board: they are listed in
        // Problems, and said beside the verdict.
        let checked = match doc.verifiable() {
            Ok(c) => c.clone(),
            Err(problems) => {
                self.error = Some(format!(
                    "invalid: fix the {} problem(s) in the Problems tab first",
                    problems.len()
                ));
                return;
            }
        };
        self.texts_note = doc.checked().err().map(|p| {
            format!(
                "The board was verified; the texts have {} problem(s) (Problems tab): Export \
                 waits for them.",
                p.len()
            )
        });
        let file = doc
            .path
            .as_ref()
            .map_or_else(|| "(unsaved)".to_string(), |p| p.display().to_string());
        let limits = self.limits();
        self.browser.reset();
        let spawned = Worker::spawn("peakforge-verify", ctx, limits, move |control, _| {
            let report = verify(&file, &checked, control);
            let refutation = (report.status == Status::Unsound)
                .then(|| super::verdict::refute_intended(&report, &checked, control))
                .flatten();
            Box::new((report, refutation))
        });
        match spawned {
            Ok(worker) => {
                self.job = Some(Job {
                    worker,
                    made_for: doc.ch.clone(),
                });
            }
            Err(e) => self.error = Some(format!("cannot start the verifier: {e}")),
        }
    }

    /// Takes the worker's messages; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        self.browser.poll(ctx);
        let Some(job) = &mut self.job else {
            return;
        };
        let (done, gone) = match job.worker.poll(ctx) {
            Polled::Running => (None, false),
            Polled::Done(d) => (Some(*d), false),
            Polled::Gone => (None, true),
        };
        if let Some((report, refutation)) = done
            && let Some(job) = self.job.take()
        {
            self.present(report, job.made_for, refutation);
        } else if gone {
            self.error = Some("the verifier stopped without a report".into());
            self.job = None;
        }
    }

    /// The fixed header of the right side: Verify, Cancel and the time limit; the verdict in
    /// one line (its whole headline in the tooltip); the search's progress or the verdict's
    /// state in one line. Always three rows of the same height: nothing below moves when the
    /// verdict comes, goes stale or a search starts.
    pub fn header_ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        let row = ui.spacing().interact_size.y;
        ui.horizontal(|ui| {
            ui.set_min_height(row);
            let hint = super::shortcuts::hint(
                ui.ctx(),
                "Prove the challenge sound, cooked or unsound",
                &[super::shortcuts::VERIFY],
            );
            if ui
                .add_enabled(self.job.is_none(), egui::Button::new("Verify"))
                .on_hover_text(hint)
                .clicked()
            {
                self.start(ui.ctx(), doc);
            }
            if ui
                .add_enabled(self.job.is_some(), egui::Button::new("Cancel verify"))
                .on_hover_text("Stop the verification")
                .clicked()
                && let Some(job) = &self.job
            {
                job.worker.cancel();
            }
            let label = ui.label("Time limit (s, 0 = none)");
            ui.add_enabled(
                self.job.is_none(),
                egui::DragValue::new(&mut self.time_limit).range(0..=3600),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            ui.set_min_height(row);
            match &self.report {
                Some((report, _)) => {
                    badge(ui, report.status);
                    // The badge says the status: the line says why.
                    let faults = report.faults();
                    let headline = if faults.is_empty() {
                        format!("Verdict: {}", report.status.words())
                    } else {
                        format!("Verdict: {}", faults.join("; "))
                    };
                    // A cut line shows itself whole on hover (egui's own tooltip).
                    ui.add(egui::Label::new(RichText::new(&headline).strong()).truncate());
                }
                None => {
                    ui.weak("Not verified yet: Verify (F5) proves it.");
                }
            }
        });
        ui.horizontal(|ui| {
            ui.set_min_height(row);
            let (text, color) = self.state_line(doc, ui.visuals());
            if self.job.is_some() {
                ui.spinner();
            }
            ui.add(egui::Label::new(RichText::new(&text).color(color)).truncate());
        });
    }

    /// The header's third line: the progress, an error, or whether the verdict still holds.
    fn state_line(&self, doc: &Document, v: &egui::Visuals) -> (String, Color32) {
        if let Some(job) = &self.job {
            return (job.worker.progress_text("verifying"), v.text_color());
        }
        if let Some(e) = &self.error {
            return (e.clone(), v.error_fg_color);
        }
        match (&self.report, &self.stored) {
            (Some((_, made_for)), _) if *made_for == doc.ch && self.texts_note.is_some() => {
                (self.texts_note.clone().unwrap_or_default(), v.warn_fg_color)
            }
            (Some((_, made_for)), _) if *made_for != doc.ch => (
                "The challenge changed since this verdict: Verify again.".into(),
                v.warn_fg_color,
            ),
            (Some(_), Some(s)) => (s.clone(), v.text_color()),
            (Some((r, _)), None) => (
                format!("{} nodes, {} ms", r.nodes, r.millis),
                v.weak_text_color(),
            ),
            (None, Some(s)) => (s.clone(), v.warn_fg_color),
            (None, None) => (String::new(), v.weak_text_color()),
        }
    }

    /// The Verify tab: the report's key moves, main line and messages, then its findings
    /// (cooks, tries, duals, short solution) and the main-line stepper.
    /// Returns the edit of "Use the solver's line", offered when the report holds and its
    /// main line is not the line recorded (a weaker defence recorded, or a line that fails).
    pub fn details_ui(&mut self, ui: &mut egui::Ui, doc: &Document) -> Option<Edit> {
        let Some((report, made_for)) = &self.report else {
            ui.weak("Verify (F5) to see the solver's findings here.");
            return None;
        };
        let mut edit = None;
        if let Some(job) = &self.job
            && let Some(p) = job.worker.last().filter(|p| !p.best_line.is_empty())
        {
            ui.weak(format!("best line so far: {}", p.best_line.join(" ")));
        }
        if !report.key_moves.is_empty() {
            ui.label(format!("Key moves: {}", report.key_texts().join(", ")));
        }
        if !report.main_line.is_empty() {
            let main = report.main_line_texts();
            ui.label(format!("Main line: {}", main.join(" ")));
            let weak = report
                .findings
                .iter()
                .any(|f| matches!(f, Finding::WeakDefence { .. }));
            let differs = main != doc.ch.solution;
            let live = *made_for == doc.ch;
            // Shown for as long as this report is (disabled once used, or once the challenge
            // changed): the findings below keep their place.
            // Only a winning line is offered (an unsound report's main line is a defence).
            if (weak || !report.line_problems.is_empty())
                && !report.key_moves.is_empty()
                && ui
                    .add_enabled(live && differs, egui::Button::new("Use the solver's line"))
                    .on_hover_text(
                        "Record the solver's main line as the intended line (one undo step)",
                    )
                    .on_disabled_hover_text(if live {
                        "The intended line is the solver's main line."
                    } else {
                        "The challenge changed since this report: Verify (F5) again."
                    })
                    .clicked()
            {
                let mut ch = doc.ch.clone();
                ch.solution = main;
                ch.verification = None;
                edit = Some(Edit::Replace(Box::new(ch)));
            }
        }
        for m in report.messages() {
            ui.label(format!("• {m}"));
        }
        let live = *made_for == doc.ch;
        if let Some(f) = &mut self.findings {
            ui.separator();
            let before = f.view;
            f.ui(ui, live);
            if f.view != before {
                self.browser.showing = false;
            }
        }
        edit
    }

    /// The Proof tab: the proof browser of a sound or cooked verdict that holds.
    pub fn proof_ui(&mut self, ui: &mut egui::Ui, doc: &Document) {
        let offered = self.report.as_ref().is_some_and(|(r, made_for)| {
            *made_for == doc.ch && matches!(r.status, Status::Sound | Status::Cooked)
        });
        if !offered && !self.browser.running() {
            ui.weak("A sound or cooked verdict for the challenge as it is: then browse its proof.");
        }
        let limits = self.limits();
        if self.browser.ui(ui, doc, offered, limits)
            && let Some(f) = &mut self.findings
        {
            f.view = None;
        }
    }
}

/// A coloured verdict badge.
fn badge(ui: &mut egui::Ui, status: Status) {
    let color = match status {
        Status::Sound => Color32::from_rgb(30, 150, 60),
        Status::Cooked | Status::LineFails => Color32::from_rgb(200, 120, 0),
        Status::Unsound | Status::Invalid => Color32::from_rgb(200, 40, 40),
        Status::Unknown => Color32::from_rgb(110, 110, 110),
    };
    let text = RichText::new(format!(" {} ", status.words()))
        .color(Color32::WHITE)
        .background_color(color)
        .strong();
    ui.label(text);
}
