//! Breakthrough and Seega positions in challenge files (RULES.md BT-1, BT-4, BT-5; SG-1, SG-2,
//! SG-5, SG-7): White and Black pieces on a board without terrain; Seega adds the pieces in
//! hand and the chain. The spec is checked field by field (size, squares, sides, kinds), then
//! written as the game's position string and read by the game's own parser, so that the rules
//! of a position live in one place (the parser) and its faults come back naming the spec's
//! fields.

use std::str::FromStr;

use super::model::{GameName, InHand, KindName, PieceSpec, PositionSpec};
use super::validate::{ChallengeGame, Problem, problem, unused_fields};
use crate::games::board::placement;
use crate::games::breakthrough::{self, Side};
use crate::games::pawn_peak::{PositionError, Square};
use crate::games::seega;

/// The board array (side codes by [`Square`] index) of a spec's pieces on a `width` × `height`
/// board; each piece must be White or Black, of `kind`, on the board, alone on its square.
fn board_of(spec: &PositionSpec, kind: KindName, problems: &mut Vec<Problem>) -> [u8; 256] {
    let mut board = [0u8; 256];
    for (i, PieceSpec(sq, side, k)) in spec.pieces.iter().enumerate() {
        let field = format!("position.pieces[{i}]");
        let Some(side) = side.white_black() else {
            problems.push(problem(
                field,
                format!("{side:?} is not a side here: White or Black"),
            ));
            continue;
        };
        if *k != kind {
            problems.push(problem(
                field,
                format!("{k:?} is not a piece here: every piece is a {kind:?}"),
            ));
            continue;
        }
        match Square::parse(sq) {
            Err(e) => problems.push(problem(field, e)),
            Ok(s) if s.file() >= spec.width || s.rank() >= spec.height => problems.push(problem(
                field,
                format!("{s} is off the {}×{} board", spec.width, spec.height),
            )),
            Ok(s) if board[s.index()] != 0 => problems.push(problem(
                field,
                format!("{s} already holds a piece: two pieces on one square"),
            )),
            Ok(s) => board[s.index()] = side.code(),
        }
    }
    board
}

/// The side-to-move field of a position string (`w`/`b`).
fn side_field(spec: &PositionSpec, problems: &mut Vec<Problem>) -> char {
    match spec.side_to_move.white_black() {
        Some(s) => s.side_letter(),
        None => {
            problems.push(problem(
                "position.side_to_move",
                format!("{:?} is not a side here: White or Black", spec.side_to_move),
            ));
            'w'
        }
    }
}

/// Reads a position string built from a spec with the game's parser; a fault comes back as a
/// problem of the spec field the string's field was built from.
fn parsed<G: FromStr<Err = PositionError>>(text: &str) -> Result<G, Vec<Problem>> {
    text.parse().map_err(|e: PositionError| {
        let field = match e.field {
            "placement" => "position.pieces",
            "side" => "position.side_to_move",
            "hands" => "position.in_hand",
            "chain" => "position.chain",
            "counter" => "position.move_counter",
            _ => "position",
        };
        vec![problem(field, e.reason)]
    })
}

impl ChallengeGame for breakthrough::Position {
    const GAME: GameName = GameName::Breakthrough;

    /// BT-1 (D-12 sizes), BT-4, BT-5: pawns of White and Black, no terrain, scores, exited
    /// pieces, pieces in hand or chain.
    fn from_spec(spec: &PositionSpec) -> Result<Self, Vec<Problem>> {
        let mut problems = unused_fields(spec, GameName::Breakthrough);
        if let Err(e) = breakthrough::Position::empty(spec.width, spec.height) {
            problems.push(problem("position.width/height", e.0));
            return Err(problems);
        }
        let board = board_of(spec, KindName::Pawn, &mut problems);
        let side = side_field(spec, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        parsed(&format!(
            "{} {side} {}/{}",
            placement::text(spec.width, spec.height, &board),
            spec.move_counter,
            spec.move_limit
        ))
    }

    /// The pawns by square, no field of another game.
    fn to_spec(&self) -> PositionSpec {
        board_spec(
            (self.width(), self.height()),
            self.squares()
                .filter_map(|sq| self.pawn_at(sq).map(|s| (sq, s)))
                .collect(),
            KindName::Pawn,
            (self.side_to_move(), self.move_count(), self.move_limit()),
        )
    }
}

impl ChallengeGame for seega::Position {
    const GAME: GameName = GameName::Seega;

    /// SG-1 (D-16 sizes), SG-2, SG-5, SG-7: stones of White and Black, the pieces in hand
    /// (none when absent) and the chain, no terrain, scores or exited pieces; no more pieces on
    /// the board and in hand than a side starts with.
    fn from_spec(spec: &PositionSpec) -> Result<Self, Vec<Problem>> {
        let mut problems = unused_fields(spec, GameName::Seega);
        let size = seega::Position::start(spec.width).map(|p| p.size());
        if spec.width != spec.height || size.is_err() {
            let why = size.err().map_or(String::new(), |e| format!(": {}", e.0));
            problems.push(problem(
                "position.width/height",
                format!(
                    "{}×{}: a Seega board is square, 5×5, 7×7 or 9×9 (D-16){why}",
                    spec.width, spec.height
                ),
            ));
            return Err(problems);
        }
        let board = board_of(spec, KindName::Stone, &mut problems);
        let side = side_field(spec, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        let InHand { white, black } = spec.in_hand.unwrap_or_default();
        let pos: seega::Position = parsed(&format!(
            "{} {side} {white}:{black} {} {}/{}",
            placement::text(spec.width, spec.height, &board),
            spec.chain.as_deref().unwrap_or("-"),
            spec.move_counter,
            spec.move_limit
        ))?;
        let most = seega::rules::pieces_per_side(pos.size());
        for side in [Side::White, Side::Black] {
            let total = u16::from(pos.on_board(side)) + u16::from(pos.in_hand(side));
            if total > u16::from(most) {
                problems.push(problem(
                    "position.in_hand",
                    format!(
                        "{} has {total} pieces on the board and in hand; a side has {most} on a {n}×{n} board (SG-1)",
                        side.name(),
                        n = pos.size()
                    ),
                ));
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(problems)
        }
    }

    /// The stones by square, the pieces in hand and the chain.
    fn to_spec(&self) -> PositionSpec {
        PositionSpec {
            in_hand: Some(InHand {
                white: self.in_hand(Side::White),
                black: self.in_hand(Side::Black),
            }),
            chain: self.chain().map(|s| s.to_string()),
            ..board_spec(
                (self.size(), self.size()),
                self.squares()
                    .filter_map(|sq| self.piece_at(sq).map(|s| (sq, s)))
                    .collect(),
                KindName::Stone,
                (self.side_to_move(), self.move_count(), self.move_limit()),
            )
        }
    }
}

/// The spec of a board of White and Black pieces of one `kind`: its `(width, height)`, the
/// pieces by square, and the `(side to move, move counter, move limit)`; no field of
/// Pawn&Peak or Seega.
fn board_spec(
    size: (u8, u8),
    pieces: Vec<(Square, Side)>,
    kind: KindName,
    (to_move, counter, limit): (Side, u16, u16),
) -> PositionSpec {
    PositionSpec {
        width: size.0,
        height: size.1,
        terrain: None,
        pieces: pieces
            .into_iter()
            .map(|(sq, s)| PieceSpec(sq.to_string(), s.into(), kind))
            .collect(),
        side_to_move: to_move.into(),
        scores: None,
        exited: None,
        in_hand: None,
        chain: None,
        move_counter: counter,
        move_limit: limit,
    }
}
