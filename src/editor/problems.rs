//! The live problems list: [`validate`] (the rules of the document's game) re-run only when the document changes. Each entry is
//! clickable: it points at the tiles at fault on the board or focuses the field at fault.

use eframe::egui;

use super::doc::Document;
use crate::challenge::{Challenge, GameName, Problem, build_position, validate};
use crate::games::pawn_peak::{Position, Side, Square};

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
        "position.width/height" if ch.game == GameName::Seega => field("Board size"),
        "position.width/height" => field("Width"),
        "position.exited" => field("Remove exited 1"),
        "position.in_hand" => field("White in hand"),
        "position.chain" => field("Chain square"),
        "position.pieces" if ch.game != GameName::PawnPeak => field(&format!(
            "White {:?}",
            crate::editor::white_black::spec::kind_of(ch.game)
        )),
        "position.pieces" => {
            let side = if p.message.starts_with(Side::Blue.name()) {
                "Blue"
            } else {
                "Red"
            };
            field(&format!("{side} Guardian"))
        }
        _ => None,
    }
}

/// The board of `ch` without what `problems` find at fault (pieces on bad or taken squares,
/// bad terrain rows, exited pieces, a counter past the limit), when that much can be built.
#[must_use]
pub fn preview(ch: &Challenge, problems: &[Problem]) -> Option<Position> {
    let mut spec = ch.position.clone();
    let bad: Vec<usize> = problems
        .iter()
        .filter_map(|p| index_of(&p.field, "position.pieces["))
        .collect();
    let mut i = 0;
    spec.pieces.retain(|_| {
        i += 1;
        !bad.contains(&(i - 1))
    });
    let flat = "0".repeat(usize::from(spec.width));
    let terrain = spec.terrain.get_or_insert_with(Vec::new);
    terrain.resize(usize::from(spec.height), flat.clone());
    for row in terrain.iter_mut() {
        if row.len() != flat.len() || !row.bytes().all(|b| b.is_ascii_digit()) {
            row.clone_from(&flat);
        }
    }
    if problems.iter().any(|p| p.field == "position.exited") {
        spec.exited = None;
    }
    spec.move_counter = spec.move_counter.min(spec.move_limit);
    build_position(&spec).ok()
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
    /// When the board cannot be built: the board without the pieces and rows at fault, to
    /// show (read-only) where the problems are.
    pub preview: Option<Position>,
}

impl Problems {
    /// Re-validates when the document changed.
    pub fn refresh(&mut self, doc: &Document) {
        if self.revision != Some(doc.revision) {
            self.revision = Some(doc.revision);
            self.list = validate(&doc.ch).err().unwrap_or_default();
            self.preview = if doc.board().is_some() || doc.ch.game != GameName::PawnPeak {
                None
            } else {
                preview(&doc.ch, &self.list)
            };
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
