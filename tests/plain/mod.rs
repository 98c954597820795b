//! The tests' bridge to the plain Pawn&Peak rules of the certificate checker
//! (`peakforge::certify::plain::pawn_peak`, written from the rules text and sharing no code
//! with `src/games/pawn_peak`): an engine position read into a plain one through the engine's
//! public accessors only, and both move lists in the shape `moves --json` shows.

#![allow(dead_code, reason = "each test file uses only some of these helpers")]

pub use peakforge::certify::plain::pawn_peak::*;
use peakforge::games::pawn_peak::{Piece, PieceKind, Position, Side, Square};

/// A plain position from an engine's.
pub trait FromEngine {
    /// Reads a position through the engine's public accessors only.
    fn from_engine(p: &Position) -> Plain {
        let (w, h) = (usize::from(p.width()), usize::from(p.height()));
        let mut heights = vec![0; w * h];
        let mut pieces = vec![None; w * h];
        for r in 0..h {
            for f in 0..w {
                let sq = Square::new(f as u8, r as u8);
                heights[r * w + f] = p.height_at(sq);
                pieces[r * w + f] = p.piece_at(sq).map(from_piece);
            }
        }
        let outcome = peakforge::report::play_report(p);
        let end = outcome.reason.map(|reason| End {
            red_wins: outcome.winner.map(|s| s == "red"),
            reason,
        });
        Plain {
            w,
            h,
            heights,
            pieces,
            red_to_move: p.side_to_move() == Side::Red,
            scores: [
                u32::from(p.score(Side::Red)),
                u32::from(p.score(Side::Blue)),
            ],
            exited: p.exited().into_iter().map(from_piece).collect(),
            count: u32::from(p.move_count()),
            limit: u32::from(p.move_limit()),
            end,
        }
    }
}

impl FromEngine for Plain {}

fn from_piece(p: Piece) -> Pc {
    Pc {
        red: p.side == Side::Red,
        kind: match p.kind {
            PieceKind::Scout => Kind::Scout,
            PieceKind::Protector => Kind::Protector,
            PieceKind::Guardian => Kind::Guardian,
        },
    }
}

/// The engine's legal moves as `moves --json` shows them, sorted by text.
pub fn engine_moves(p: &Position) -> Vec<Shown> {
    peakforge::report::moves_report(p)
        .moves
        .into_iter()
        .map(|m| (m.text, m.kind, m.cost, m.attack, m.defense))
        .collect()
}

/// The plain generator's moves in the same shape.
pub fn plain_moves(p: &Plain) -> Vec<Shown> {
    let mut v: Vec<_> = p.moves().iter().map(PMove::shown).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}
