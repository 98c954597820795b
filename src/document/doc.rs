//! The document being edited: a challenge (possibly invalid), where it is saved, its undo
//! history (snapshots of the challenge) and a revision number that caches key on. Whether it
//! is modified compares its content with the content last opened or saved, so that undoing
//! back to the saved content clears the mark.

use std::path::PathBuf;

use super::edit::{Edit, TextField};
use super::spec_edit;
use crate::challenge::{self, Challenge, Checked, FORMAT_VERSION, Goal, Texts};
use crate::games::pawn_peak::Position;
use crate::games::{AnyPosition, with_game};

/// The most undo steps kept.
const MAX_UNDO: usize = 200;

/// The challenge being edited, its file and its history.
pub struct Document {
    /// The challenge as it would be saved.
    pub ch: Challenge,
    /// The file it was read from or last saved to.
    pub path: Option<PathBuf>,
    /// The content differs from the last opened or saved content (kept up to date by every
    /// change; read it, do not set it).
    pub dirty: bool,
    /// The content as last opened or saved (`None`: never saved, e.g. recovered work).
    saved_ch: Option<Challenge>,
    /// Goes up on every change: caches compare it.
    pub revision: u64,
    /// Goes up when the starting position changes (play mode resets on it).
    pub board_revision: u64,
    undo: Vec<Challenge>,
    redo: Vec<Challenge>,
    last_group: Option<String>,
    /// The challenge checked by validation, kept up to date with every change: what every
    /// panel reads (see [`Document::checked`]).
    checked: Result<Checked, Vec<challenge::Problem>>,
    /// When the only problems are missing English texts: the game part checked (the texts
    /// filled in for the check), so that Verify can prove the board meanwhile.
    game_part: Option<Checked>,
}

impl Document {
    /// A document holding `ch`, read from `path`.
    #[must_use]
    pub fn new(ch: Challenge, path: Option<PathBuf>) -> Document {
        let checked = challenge::validate(&ch);
        Document {
            saved_ch: Some(ch.clone()),
            game_part: game_part(&ch, &checked),
            checked,
            ch,
            path,
            dirty: false,
            revision: 0,
            board_revision: 0,
            undo: Vec::new(),
            redo: Vec::new(),
            last_group: None,
        }
    }

    /// The challenge as validation checked it at this revision: the checked challenge with
    /// its start and intended line, or every problem found. Validated once per change.
    ///
    /// # Errors
    /// The problems when the challenge is not valid.
    pub fn checked(&self) -> Result<&Checked, &[challenge::Problem]> {
        self.checked.as_ref().map_err(Vec::as_slice)
    }

    /// What Verify proves: the checked challenge, or its game part when the only problems
    /// are missing English texts (reported beside the verdict, in Problems).
    ///
    /// # Errors
    /// The problems when the game part itself is not valid.
    pub fn verifiable(&self) -> Result<&Checked, &[challenge::Problem]> {
        match (&self.checked, &self.game_part) {
            (Ok(c), _) | (Err(_), Some(c)) => Ok(c),
            (Err(p), None) => Err(p),
        }
    }

    /// The starting position the challenge's position fields describe in its game (the
    /// checks every challenge shares aside: see [`challenge::ChallengeGame::from_spec`]).
    ///
    /// # Errors
    /// The problems of the position fields.
    pub fn start(&self) -> Result<AnyPosition, Vec<challenge::Problem>> {
        let spec = &self.ch.position;
        with_game!(self.ch.game, G => <G as challenge::ChallengeGame>::from_spec(spec).map(AnyPosition::from))
    }

    /// Applies an edit, keeping an undo snapshot unless it continues the same `group` as the
    /// previous edit.
    ///
    /// # Errors
    /// A message when the edit cannot be made (the board cannot be built, a value out of
    /// range); the document is then unchanged.
    pub fn apply(&mut self, edit: Edit, group: Option<String>) -> Result<(), String> {
        let before = self.ch.clone();
        let board = edit.changes_board();
        // The texts and the id are not part of what a verification record vouches for.
        let keeps_record = matches!(edit, Edit::Replace(..) | Edit::Text(..) | Edit::Id(..));
        apply_to(&mut self.ch, edit)?;
        if self.ch == before {
            return Ok(());
        }
        if !keeps_record {
            // An exported file's verification record holds for the position, goal and line it
            // was made for: changing them makes it stale (undo brings it back).
            self.ch.verification = None;
        }
        if group.is_none() || group != self.last_group {
            self.undo.push(before);
            if self.undo.len() > MAX_UNDO {
                self.undo.remove(0);
            }
        }
        self.last_group = group;
        self.redo.clear();
        self.changed(board);
        Ok(())
    }

    /// A document holding recovered, unsaved work for `path`: modified, with no history.
    #[must_use]
    pub fn recovered(ch: Challenge, path: Option<PathBuf>) -> Document {
        let mut doc = Document::new(ch, path);
        doc.saved_ch = None;
        doc.dirty = true;
        doc
    }

    /// Its file was deleted by another program: the work is now only here, unsaved, so that
    /// whatever would discard it asks first (and autosave keeps it).
    pub fn file_lost(&mut self) {
        self.saved_ch = None;
        self.dirty = true;
    }

    /// Marks the document saved at `path`.
    pub fn saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.saved_ch = Some(self.ch.clone());
        self.dirty = false;
    }

    /// The document was exported to its own file (or, having none, to `path`, which becomes
    /// its file) as `ch`: its content with the verification record. It now holds `ch`,
    /// saved; undo still goes back to the edits before.
    pub fn exported(&mut self, ch: Challenge, path: PathBuf) {
        self.ch = ch;
        self.saved(path);
        self.revision += 1;
        self.checked = challenge::validate(&self.ch);
        self.game_part = game_part(&self.ch, &self.checked);
    }

    /// Undoes the last edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        let cur = std::mem::replace(&mut self.ch, prev);
        self.redo.push(cur);
        self.last_group = None;
        self.changed(true);
        true
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        let cur = std::mem::replace(&mut self.ch, next);
        self.undo.push(cur);
        self.last_group = None;
        self.changed(true);
        true
    }

    /// Whether there is something to undo / redo.
    #[must_use]
    pub fn can_undo(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// Ends the current edit group: the next edit gets its own undo step.
    pub fn break_group(&mut self) {
        self.last_group = None;
    }

    fn changed(&mut self, board: bool) {
        self.dirty = self.saved_ch.as_ref() != Some(&self.ch);
        self.checked = challenge::validate(&self.ch);
        self.game_part = game_part(&self.ch, &self.checked);
        self.revision += 1;
        if board {
            self.board_revision += 1;
        }
    }
}

/// The fields a missing English text is reported under.
const TEXT_FIELDS: [&str; 2] = ["title.en", "tutorial.en"];

/// `ch` checked with its missing English texts filled in, when those are its only problems.
fn game_part(
    ch: &Challenge,
    checked: &Result<Checked, Vec<challenge::Problem>>,
) -> Option<Checked> {
    let problems = checked.as_ref().err()?;
    if !problems
        .iter()
        .all(|p| TEXT_FIELDS.contains(&p.field.as_str()))
    {
        return None;
    }
    let mut filled = ch.clone();
    for texts in [&mut filled.title, &mut filled.tutorial] {
        if texts.get("en").is_none_or(|t| t.trim().is_empty()) {
            texts.insert("en".into(), "(missing)".into());
        }
    }
    challenge::validate(&filled).ok()
}

/// Applies one edit to a challenge.
fn apply_to(ch: &mut Challenge, edit: Edit) -> Result<(), String> {
    match edit {
        Edit::Height(sq, h) => {
            ch.position = spec_edit::with_heights(&ch.position, &[(sq, h)]);
            Ok(())
        }
        Edit::Heights(tiles) => {
            ch.position = spec_edit::with_heights(&ch.position, &tiles);
            Ok(())
        }
        Edit::Piece(sq, piece) => {
            ch.position = spec_edit::with_piece(&ch.position, sq, piece);
            Ok(())
        }
        Edit::MovePiece(from, to) => {
            ch.position = spec_edit::moved(&ch.position, from, to)?;
            Ok(())
        }
        Edit::Resize(w, h) => {
            ch.position = spec_edit::resized(&ch.position, w, h);
            Ok(())
        }
        Edit::Goal(n) => {
            ch.goal.player_moves = n;
            Ok(())
        }
        Edit::Id(id) => {
            ch.id = id;
            Ok(())
        }
        Edit::Text(field, lang, text) => {
            let texts = match field {
                TextField::Title => &mut ch.title,
                TextField::Tutorial => &mut ch.tutorial,
                TextField::Hint => &mut ch.hint,
            };
            if text.is_empty() {
                texts.remove(lang);
            } else {
                texts.insert(lang.to_string(), text);
            }
            Ok(())
        }
        Edit::PushMove(mv) => {
            ch.solution.push(mv);
            Ok(())
        }
        Edit::PopMove => {
            ch.solution.pop();
            Ok(())
        }
        Edit::ClearLine => {
            ch.solution.clear();
            Ok(())
        }
        Edit::CutLine(keep, then) => {
            ch.solution.truncate(keep);
            ch.solution.extend(then);
            Ok(())
        }
        Edit::Spec(spec) => {
            ch.position = *spec;
            Ok(())
        }
        Edit::Replace(new) => {
            *ch = *new;
            Ok(())
        }
    }
}

/// A new Pawn&Peak challenge on `pos` with placeholder texts and a one-move goal.
#[must_use]
pub fn template(pos: &Position, id: &str, title: &str) -> Challenge {
    template_for(
        challenge::GameName::PawnPeak,
        challenge::spec_of(pos),
        id,
        title,
    )
}

pub use crate::challenge::PLACEHOLDER_TUTORIAL;

/// Whether `text` is a text a new challenge starts with (see
/// [`challenge::is_placeholder_text`]): the editor selects it all when its field gets the
/// focus, so that typing replaces it.
#[must_use]
pub fn is_placeholder(text: &str) -> bool {
    challenge::is_placeholder_text(text)
}

/// A new challenge of `game` on `position` with placeholder texts and a one-move goal.
#[must_use]
pub fn template_for(
    game: challenge::GameName,
    position: challenge::PositionSpec,
    id: &str,
    title: &str,
) -> Challenge {
    let mut en = Texts::new();
    en.insert("en".into(), title.into());
    let mut tutorial = Texts::new();
    tutorial.insert("en".into(), PLACEHOLDER_TUTORIAL.into());
    Challenge {
        format_version: FORMAT_VERSION,
        id: id.into(),
        title: en,
        tutorial,
        hint: Texts::new(),
        game,
        position,
        goal: Goal { player_moves: 1 },
        solution: Vec::new(),
        teaches: Vec::new(),
        verification: None,
    }
}

/// An empty 5 × 5 board (no piece, all heights 0), Red to move. It is not a valid challenge
/// yet: the problems list asks for a piece per side.
#[must_use]
pub fn blank_position() -> Position {
    Position::empty(5, 5).expect("5 x 5 is a legal size")
}
