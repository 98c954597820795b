//! The live problems list: [`validate`] (the rules of the document's game) re-run only when
//! the document changes. Each entry is clickable: it points at the tiles at fault on the board
//! or focuses the field at fault.

use eframe::egui;

use super::doc::Document;
use super::spec_edit::Stamp;
use crate::challenge::{Challenge, Problem, Sizes, validate};
use crate::games::board::Square;

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
        // A side short of pieces: the palette's piece of that side (the last kind: the
        // Guardian in Pawn&Peak).
        "position.pieces" => {
            let a = ch.game.authoring();
            let second = format!("{:?}", a.sides[1]).to_lowercase();
            let side = if p.message.to_lowercase().starts_with(&second) {
                a.sides[1]
            } else {
                a.sides[0]
            };
            let kind = *a.kinds.last()?;
            field(&Stamp { side, kind }.name())
        }
        _ => None,
    }
}

/// The index in a field path like `position.pieces[3]` after `prefix`.
fn index_of(field: &str, prefix: &str) -> Option<usize> {
    field.strip_prefix(prefix)?.strip_suffix(']')?.parse().ok()
}

/// Cached validation of the document.
#[derive(Default)]
pub struct Problems {
    revision: Option<u64>,
    /// The problems found at that revision (empty: the challenge is valid).
    pub list: Vec<Problem>,
}

impl Problems {
    /// Re-validates when the document changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision != Some(doc.revision) {
            self.revision = Some(doc.revision);
            self.list = validate(&doc.ch).err().unwrap_or_default();
        }
    }

    /// Draws the list; returns the problem clicked.
    pub fn ui(&self, ui: &mut egui::Ui) -> Option<&Problem> {
        if self.list.is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(40, 160, 70),
                "Valid challenge: no problem found.",
            );
        }
        let mut clicked = None;
        for p in &self.list {
            let text = egui::RichText::new(format!("• {}: {}", p.field, p.message))
                .color(ui.visuals().error_fg_color);
            if ui
                .add(egui::Button::new(text).frame(false).wrap())
                .on_hover_text("Show where it is")
                .clicked()
            {
                clicked = Some(p);
            }
        }
        clicked
    }
}
