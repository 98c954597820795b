//! Turning a [`Challenge`] as read into a checked starting [`Position`] (RULES.md PP-9), with
//! every problem found, each naming its field.

use super::model::{Challenge, ExitedSpec, PieceSpec, PositionSpec, Scores};
use crate::games::pawn_peak::{Piece, Position, Square, rules};

/// One problem in a challenge: the field at fault (a path such as `position.pieces[2]`) and
/// what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field path, e.g. `position.terrain[3]`.
    pub field: String,
    /// What is wrong, with the rule where one applies.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

fn problem(field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        field: field.into(),
        message: message.into(),
    }
}

/// Builds the position a [`PositionSpec`] describes, without the live-start checks of PP-9.
///
/// # Errors
/// Every problem found: sizes, terrain rows, heights, squares, two pieces on one square, more
/// than two exited pieces, counter above the limit.
pub fn build_position(spec: &PositionSpec) -> Result<Position, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut pos = match Position::empty(spec.width, spec.height) {
        Ok(p) => p,
        Err(e) => return Err(vec![problem("position.width/height", e.0)]),
    };
    if spec.terrain.len() != usize::from(spec.height) {
        problems.push(problem(
            "position.terrain",
            format!(
                "{} rows for a board {} ranks high: one row per rank, top rank first",
                spec.terrain.len(),
                spec.height
            ),
        ));
    }
    for (i, row) in spec
        .terrain
        .iter()
        .enumerate()
        .take(usize::from(spec.height))
    {
        let field = format!("position.terrain[{i}]");
        if row.chars().count() != usize::from(spec.width) {
            problems.push(problem(
                &field,
                format!(
                    "'{row}' has {} heights; the board is {} wide",
                    row.chars().count(),
                    spec.width
                ),
            ));
            continue;
        }
        let rank = spec.height - 1 - i as u8;
        for (f, c) in row.chars().enumerate() {
            match c.to_digit(10) {
                Some(h) => {
                    let _ = pos.set_height(Square::new(f as u8, rank), h as u8);
                }
                None => problems.push(problem(
                    &field,
                    format!("'{c}' is not a height 0..{} (D-2)", rules::MAX_HEIGHT),
                )),
            }
        }
    }
    for (i, PieceSpec(sq, side, kind)) in spec.pieces.iter().enumerate() {
        let field = format!("position.pieces[{i}]");
        match Square::parse(sq) {
            Err(e) => problems.push(problem(field, e)),
            Ok(s) if !pos.contains(s) => {
                problems.push(problem(
                    field,
                    format!("{s} is off the {}×{} board", spec.width, spec.height),
                ));
            }
            Ok(s) => {
                if let Some(other) = pos.piece_at(s) {
                    problems.push(problem(
                        field,
                        format!(
                            "{s} already holds a {:?} {}: two pieces on one square",
                            other.side,
                            other.kind.name()
                        ),
                    ));
                } else {
                    let _ = pos.set_piece(s, Some(Piece::new(*side, *kind)));
                }
            }
        }
    }
    pos.set_side_to_move(spec.side_to_move);
    let Scores { red, blue } = spec.scores;
    pos.set_scores(red, blue);
    let exited: Vec<Piece> = spec
        .exited
        .iter()
        .map(|ExitedSpec(s, k)| Piece::new(*s, *k))
        .collect();
    if let Err(e) = pos.set_exited(&exited) {
        problems.push(problem("position.exited", e.0));
    }
    if let Err(e) = pos.set_counter(spec.move_counter, spec.move_limit) {
        problems.push(problem("position.move_counter", e.0));
    }
    if problems.is_empty() {
        Ok(pos)
    } else {
        Err(problems)
    }
}

/// Checks a challenge and returns its starting position (PP-9.1, PP-9.2).
///
/// # Errors
/// Every problem found: those of [`build_position`], plus a side without pieces, more than one
/// piece already exited, the counter at the limit, a finished start, a goal of 0 moves, a
/// missing English title or tutorial, an empty id, an unsupported format version.
pub fn validate(ch: &Challenge) -> Result<Position, Vec<Problem>> {
    let mut problems = Vec::new();
    if ch.format_version != super::model::FORMAT_VERSION {
        problems.push(problem(
            "format_version",
            format!(
                "version {} is not supported; this build reads version {}",
                ch.format_version,
                super::model::FORMAT_VERSION
            ),
        ));
    }
    if ch.id.is_empty()
        || !ch
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        problems.push(problem(
            "id",
            format!("'{}' must be non-empty letters, digits, '-' or '_'", ch.id),
        ));
    }
    for (name, texts) in [("title", &ch.title), ("tutorial", &ch.tutorial)] {
        if texts.get("en").is_none_or(|t| t.trim().is_empty()) {
            problems.push(problem(
                format!("{name}.en"),
                "the English text is required",
            ));
        }
    }
    if ch.goal.player_moves == 0 {
        problems.push(problem(
            "goal.player_moves",
            "the goal must allow at least one player move",
        ));
    }
    if ch.position.exited.len() > 1 {
        problems.push(problem(
            "position.exited",
            "at most one piece may have exited at the start: a second exit ends the match (PP-9.1)",
        ));
    }
    if ch.position.move_counter >= ch.position.move_limit {
        problems.push(problem(
            "position.move_counter",
            format!(
                "the counter {} must be below the limit {} at the start (PP-9.1)",
                ch.position.move_counter, ch.position.move_limit
            ),
        ));
    }
    let pos = match build_position(&ch.position) {
        Ok(p) => Some(p),
        Err(mut e) => {
            problems.append(&mut e);
            None
        }
    };
    if let Some(pos) = &pos {
        use crate::games::pawn_peak::Side;
        for side in [Side::Red, Side::Blue] {
            if pos.piece_count(side) == 0 {
                problems.push(problem(
                    "position.pieces",
                    format!(
                        "{} has no piece: each side needs at least one (PP-9.1)",
                        side.name()
                    ),
                ));
            }
        }
        if problems.is_empty()
            && let Some(o) = pos.outcome()
        {
            problems.push(problem("position", format!("the start is already finished ({}): a challenge starts from a live position (PP-9.1)", o.reason.as_str())));
        }
    }
    match pos {
        Some(p) if problems.is_empty() => Ok(p),
        _ => Err(problems),
    }
}

/// The [`PositionSpec`] describing a position (for the editor and `export`).
#[must_use]
pub fn spec_of(pos: &Position) -> PositionSpec {
    use crate::games::pawn_peak::Side;
    let terrain = (0..pos.height())
        .rev()
        .map(|r| {
            (0..pos.width())
                .map(|f| char::from(b'0' + pos.height_at(Square::new(f, r))))
                .collect()
        })
        .collect();
    let mut pieces: Vec<(Square, Piece)> = pos.pieces().collect();
    pieces.sort_by_key(|(s, p)| (p.side, std::cmp::Reverse(s.rank()), s.file()));
    PositionSpec {
        width: pos.width(),
        height: pos.height(),
        terrain,
        pieces: pieces
            .into_iter()
            .map(|(s, p)| PieceSpec(s.to_string(), p.side, p.kind))
            .collect(),
        side_to_move: pos.side_to_move(),
        scores: Scores {
            red: pos.score(Side::Red),
            blue: pos.score(Side::Blue),
        },
        exited: pos
            .exited()
            .into_iter()
            .map(|p| ExitedSpec(p.side, p.kind))
            .collect(),
        move_counter: pos.move_count(),
        move_limit: pos.move_limit(),
    }
}
