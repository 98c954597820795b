//! Pawn&Peak positions in challenge files (RULES.md PP-9.1): terrain rows, pieces, scores and
//! exited pieces to a [`Position`] and back.

use super::model::{ExitedSpec, GameName, PieceSpec, PositionSpec, Scores};
use super::validate::{ChallengeGame, Problem, problem, unused_fields};
use crate::games::pawn_peak::{Piece, PieceKind, Position, Side, Square, rules};

/// Builds the position a [`PositionSpec`] describes, without the live-start checks of PP-9
/// (the editor shows boards being authored, finished or not).
///
/// # Errors
/// Every problem found: sizes, missing or bad terrain rows, heights, squares, sides and kinds
/// that are not Pawn&Peak's, two pieces on one square, more than two exited pieces, counter
/// above the limit, Seega's fields given.
pub fn build_position(spec: &PositionSpec) -> Result<Position, Vec<Problem>> {
    let mut problems = unused_fields(spec, GameName::PawnPeak);
    let mut pos = match Position::empty(spec.width, spec.height) {
        Ok(p) => p,
        Err(e) => return Err(vec![problem("position.width/height", e.0)]),
    };
    let terrain: &[String] = spec.terrain.as_deref().unwrap_or_default();
    if spec.terrain.is_none() {
        problems.push(problem(
            "position.terrain",
            "a pawn-peak challenge needs its terrain: one row of heights per rank, top rank first",
        ));
    } else if terrain.len() != usize::from(spec.height) {
        problems.push(problem(
            "position.terrain",
            format!(
                "{} rows for a board {} ranks high: one row per rank, top rank first",
                terrain.len(),
                spec.height
            ),
        ));
    }
    for (i, row) in terrain.iter().enumerate().take(usize::from(spec.height)) {
        let field = format!("position.terrain[{i}]");
        if row.chars().count() != usize::from(spec.width) {
            problems.push(problem(
                &field,
                format!(
                    "{} has {} heights; the board is {} wide",
                    crate::excerpt::Excerpt(row),
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
        let (Some(side), Some(kind)) = (side.pawn_peak(), kind.pawn_peak()) else {
            problems.push(problem(
                field,
                format!(
                    "{side:?} {kind:?} is not a Pawn&Peak piece: sides Red and Blue, kinds Scout, Protector, Guardian"
                ),
            ));
            continue;
        };
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
                    let _ = pos.set_piece(s, Some(Piece::new(side, kind)));
                }
            }
        }
    }
    match spec.side_to_move.pawn_peak() {
        Some(side) => pos.set_side_to_move(side),
        None => problems.push(problem(
            "position.side_to_move",
            format!(
                "{:?} is not a Pawn&Peak side: Red or Blue",
                spec.side_to_move
            ),
        )),
    }
    let Scores { red, blue } = spec.scores.unwrap_or_default();
    if let Err(e) = pos.set_scores(red, blue) {
        problems.push(problem("position.scores", e.0));
    }
    let exited: Vec<Piece> = spec
        .exited
        .iter()
        .flatten()
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

impl ChallengeGame for Position {
    const GAME: GameName = GameName::PawnPeak;

    /// [`build_position`], then PP-9.1: at most one piece already exited and not a Guardian
    /// (its first exit has won, PP-8.1), a piece per side.
    fn from_spec(spec: &PositionSpec) -> Result<Position, Vec<Problem>> {
        let mut problems = Vec::new();
        if spec.exited.as_ref().is_some_and(|e| e.len() > 1) {
            problems.push(problem(
                "position.exited",
                "at most one piece may have exited at the start: a second exit ends the match (PP-9.1)",
            ));
        }
        if let Some(ExitedSpec(side, PieceKind::Guardian)) =
            spec.exited.as_ref().and_then(|e| e.first())
        {
            problems.push(problem(
                "position.exited[0]",
                format!(
                    "{}'s Guardian made the first exit, which has already won the match (PP-8.1): a challenge starts from a live position (PP-9.1)",
                    side.name()
                ),
            ));
        }
        let pos = match build_position(spec) {
            Ok(p) => Some(p),
            Err(mut e) => {
                problems.append(&mut e);
                None
            }
        };
        if let Some(pos) = &pos {
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
        }
        match pos {
            Some(p) if problems.is_empty() => Ok(p),
            _ => Err(problems),
        }
    }

    /// [`spec_of`].
    fn to_spec(&self) -> PositionSpec {
        spec_of(self)
    }
}

/// The [`PositionSpec`] describing a Pawn&Peak position (for the editor).
#[must_use]
pub fn spec_of(pos: &Position) -> PositionSpec {
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
        terrain: Some(terrain),
        pieces: pieces
            .into_iter()
            .map(|(s, p)| PieceSpec(s.to_string(), p.side.into(), p.kind.into()))
            .collect(),
        side_to_move: pos.side_to_move().into(),
        scores: Some(Scores {
            red: pos.score(Side::Red),
            blue: pos.score(Side::Blue),
        }),
        exited: Some(
            pos.exited()
                .into_iter()
                .map(|p| ExitedSpec(p.side, p.kind))
                .collect(),
        ),
        in_hand: None,
        chain: None,
        move_counter: pos.move_count(),
        move_limit: pos.move_limit(),
    }
}
