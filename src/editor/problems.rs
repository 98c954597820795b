//! The one Problems list: the document's validation ([`Document::checked`]: the rules of its
//! game) and the intended line's legality (a typed [`LineProblem`] with its index), read once
//! per document revision, so the list is live while editing; after Verify, the report's
//! findings that hold for the document join it (the line failing at move k, cooks, the
//! refutation of an unsound challenge). Each entry is clickable: it points at the tiles at
//! fault on the board, focuses the field at fault, or shows the finding on the board.

use eframe::egui;

use super::doc::Document;
use super::edit::TextField;
use super::findings::{Findings, View};
use super::spec_edit::Stamp;
use super::verify::VerifyPanel;
use crate::challenge::{Challenge, LineProblem, Problem, Sizes};
use crate::games::board::Square;
use crate::verify::{Finding, Status};

/// Where a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// These tiles of the board.
    Squares(Vec<Square>),
    /// The field (or button) with this label.
    Field(String),
}

/// Where problem `p` of `ch` is, when the editor can point at it.
#[must_use]
pub fn target(p: &Problem, ch: &Challenge) -> Option<Target> {
    let field = |l: &str| Some(Target::Field(l.to_string()));
    let pos = &ch.position;
    if let Some(i) = index_of(&p.field, "position.pieces[") {
        let sq = Square::parse(&pos.pieces.get(i)?.0).ok()?;
        return (sq.file() < pos.width && sq.rank() < pos.height)
            .then(|| Target::Squares(vec![sq]));
    }
    if let Some(i) = index_of(&p.field, "position.terrain[") {
        let rank = pos.height.checked_sub(1 + u8::try_from(i).ok()?)?;
        return Some(Target::Squares(
            (0..pos.width).map(|f| Square::new(f, rank)).collect(),
        ));
    }
    if let Some(label) = text_label(&p.field) {
        return field(&label);
    }
    match p.field.as_str() {
        "id" => field("Id"),
        "title.en" => field("Title (English)"),
        "tutorial.en" => field("Tutorial (English)"),
        "goal.player_moves" => field("Goal: win within player moves"),
        "position.move_counter" => field("Move counter"),
        "position.width/height" => match ch.game.authoring().sizes {
            Sizes::Square(_) => field("Board size"),
            Sizes::Rect { .. } => field("Width"),
        },
        "position.exited" => field("Remove exited 1"),
        "position.in_hand" => field("White in hand"),
        "position.chain" => field("Chain square"),
        // A side short of pieces: the palette's piece of the side that has none on the board
        // (the last kind: the Guardian in Pawn&Peak).
        "position.pieces" => {
            let a = ch.game.authoring();
            let side = a
                .sides
                .iter()
                .copied()
                .find(|&s| !pos.pieces.iter().any(|p| p.1 == s))
                .unwrap_or(a.sides[0]);
            let kind = *a.kinds.last()?;
            field(&Stamp { side, kind }.name())
        }
        _ => None,
    }
}

/// The Texts tab's label of a text field path: `title.fr` is "Title (French)".
#[must_use]
pub fn text_label(path: &str) -> Option<String> {
    let (field, lang) = path.split_once('.')?;
    let field = TextField::ALL
        .into_iter()
        .find(|f| f.label().eq_ignore_ascii_case(field))?;
    let lang = match lang {
        "en" => "English",
        "fr" => "French",
        _ => return None,
    };
    Some(format!("{} ({lang})", field.label()))
}

/// What the challenge still lacks without being invalid, each a problem to click: the texts
/// missing in a shipped language (the one wording of [`Finding::MissingText`]), the texts and
/// the id still the template's.
#[must_use]
pub fn warnings(ch: &Challenge) -> Vec<Problem> {
    let mut out: Vec<Problem> = crate::verify::missing_texts(ch)
        // A missing English title or tutorial is a problem already.
        .filter(|m| m.lang != "en" || m.field == "hint")
        .map(|m| Problem {
            field: format!("{}.{}", m.field, m.lang),
            message: Finding::MissingText(m).to_string(),
        })
        .collect();
    // The library check refuses them: said here before the challenge joins the menu.
    out.extend(
        crate::challenge::placeholder_texts(ch).map(|(field, message)| Problem {
            field,
            message: format!("warning: {message}"),
        }),
    );
    if crate::challenge::is_placeholder_id(&ch.id) {
        out.push(Problem {
            field: "id".into(),
            message: format!(
                "warning: the id is still the template's \"{}\": name the challenge (it \
                 follows the English title until you change it)",
                ch.id
            ),
        });
    }
    out
}

/// The index in a field path like `position.pieces[3]` after `prefix`.
fn index_of(field: &str, prefix: &str) -> Option<usize> {
    field.strip_prefix(prefix)?.strip_suffix(']')?.parse().ok()
}

/// An entry of the list from the last verification (or the intended line): its text and the
/// finding it shows on the board when clicked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The entry, in words.
    pub text: String,
    /// What the board shows when it is clicked (`None`: nothing to show).
    pub view: Option<View>,
    /// The field a click puts the keyboard in, when the entry is about one (a goal shorter
    /// than the intended line: `goal.player_moves`).
    pub field: Option<&'static str>,
}

impl Entry {
    /// An entry that shows `view` on the board when clicked.
    fn shows(text: String, view: Option<View>) -> Entry {
        Entry {
            text,
            view,
            field: None,
        }
    }

    /// The entry of a problem of the intended line.
    fn of_line(p: &LineProblem) -> Entry {
        Entry {
            text: p.to_string(),
            view: None,
            field: p.field(),
        }
    }
}

/// What a click on the list asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Clicked {
    /// A problem of the challenge's fields.
    Field(Problem),
    /// A finding to show on the board.
    Show(View),
    /// An entry with nothing to show: its text.
    Note(String),
}

/// Cached validation of the document.
#[derive(Default)]
pub struct Problems {
    revision: Option<u64>,
    /// The problems found at that revision (empty: the challenge is valid).
    pub list: Vec<Problem>,
    /// What the challenge still lacks at that revision ([`warnings`]).
    pub warnings: Vec<Problem>,
    /// The intended line's legality problem at that revision
    /// ([`crate::challenge::Checked::line_problem`]).
    pub line: Vec<LineProblem>,
}

impl Problems {
    /// Takes the document's problems when it changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision != Some(doc.revision) {
            self.revision = Some(doc.revision);
            self.warnings = warnings(&doc.ch);
            match doc.checked() {
                Ok(checked) => {
                    self.list = Vec::new();
                    self.line = checked
                        .line_problem()
                        .into_iter()
                        .chain(checked.longer_than_goal())
                        .cloned()
                        .collect();
                }
                Err(problems) => {
                    // As the command line: after the first few of a kind, one line says how
                    // many more (50,000 pieces on one square are not 50,000 entries).
                    let located = problems.iter().cloned().map(|p| (None, p)).collect();
                    self.list = crate::challenge::summarise(located)
                        .into_iter()
                        .map(|(_, p)| p)
                        .collect();
                    self.line = Vec::new();
                }
            }
        }
    }

    /// How many entries the list shows with `found` from the last verification, warnings
    /// included: the tab's count is what there is to read in it.
    #[must_use]
    pub fn count(&self, found: &[Entry]) -> usize {
        let line = if found.is_empty() { self.line.len() } else { 0 };
        self.list.len() + self.warnings.len() + line + found.len()
    }

    /// Draws the list with `found`, the last verification's findings that hold for the
    /// document (they replace the live line check, which they include); returns what was
    /// clicked.
    pub fn ui(&self, ui: &mut egui::Ui, found: &[Entry]) -> Option<Clicked> {
        let live: Vec<Entry> = if found.is_empty() {
            self.line.iter().map(Entry::of_line).collect()
        } else {
            Vec::new()
        };
        if self.list.is_empty() && live.is_empty() && found.is_empty() {
            let valid = match self.warnings.len() {
                0 => "Valid challenge: no problem found.".to_string(),
                n => format!("Valid challenge: no problem found; {n} warning(s) below."),
            };
            ui.colored_label(egui::Color32::from_rgb(40, 160, 70), valid);
        }
        let mut clicked = None;
        let entry = |ui: &mut egui::Ui, text: String| {
            let text = egui::RichText::new(text).color(ui.visuals().error_fg_color);
            ui.add(egui::Button::new(text).frame(false).wrap())
                .on_hover_text("Show where it is")
                .clicked()
        };
        for p in &self.list {
            if entry(ui, format!("• {}: {}", p.field, p.message)) {
                clicked = Some(Clicked::Field(p.clone()));
            }
        }
        for w in &self.warnings {
            let text =
                egui::RichText::new(format!("• {}", w.message)).color(ui.visuals().warn_fg_color);
            if ui
                .add(egui::Button::new(text).frame(false).wrap())
                .on_hover_text("Show where it is")
                .clicked()
            {
                clicked = Some(Clicked::Field(w.clone()));
            }
        }
        for f in live.iter().chain(found) {
            if entry(ui, format!("• {}", f.text)) {
                clicked = Some(match (f.view, f.field) {
                    (Some(v), _) => Clicked::Show(v),
                    (None, Some(field)) => Clicked::Field(Problem {
                        field: field.into(),
                        message: f.text.clone(),
                    }),
                    (None, None) => Clicked::Note(f.text.clone()),
                });
            }
        }
        clicked
    }
}

/// The last report's findings for the Problems list, when the report holds for `doc`
/// (empty otherwise): unsound with its refutation, each cook, each intended-line problem,
/// a short solution.
#[must_use]
pub fn found(verify: &VerifyPanel, doc: &Document) -> Vec<Entry> {
    let Some((report, made_for)) = verify.report() else {
        return Vec::new();
    };
    if *made_for != doc.ch {
        return Vec::new();
    }
    let goal = made_for.goal.player_moves;
    let mut out = Vec::new();
    if report.status == Status::Unsound {
        let text = match verify.findings().and_then(Findings::intended_words) {
            Some(words) => format!("unsound: {words}"),
            None => format!("unsound: {}", Finding::NoWin { goal }),
        };
        let view = verify
            .findings()
            .and_then(|f| f.intended)
            .map(View::Refutation);
        out.push(Entry::shows(text, view));
    }
    let keys = verify
        .findings()
        .map(Findings::key_texts)
        .unwrap_or_default();
    if keys.len() > 1 {
        let intended = made_for.solution.first();
        for (i, k) in keys.iter().enumerate() {
            let whose = if intended == Some(k) {
                " (the intended key)"
            } else {
                ""
            };
            let text = format!(
                "cooked: key move {} of {}: {k} wins{whose}",
                i + 1,
                keys.len()
            );
            out.push(Entry::shows(text, Some(View::Key(i))));
        }
    }
    out.extend(report.line_problems.iter().map(Entry::of_line));
    if let Some(shortest) = report.player_moves.filter(|&k| k < goal) {
        let text = Finding::Short { shortest, goal }.to_string();
        out.push(Entry::shows(text, Some(View::Short)));
    }
    if report.status == Status::Invalid && out.is_empty() {
        for text in report.messages() {
            out.push(Entry::shows(text, None));
        }
    }
    out
}
