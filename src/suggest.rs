//! Repairs for a cooked or unsound challenge (issue 15 item 4, `peakforge suggest`): small
//! edits of the file model that make the challenge sound (one key move, a forced win within
//! the goal, the intended line legal, forced and ending in the win), each proved by the
//! solver. The edits are made on the [`Challenge`] as a file holds it (its
//! [`crate::challenge::PositionSpec`] and goal), so one code path serves every game; a
//! candidate the game's validation refuses is dropped.
//!
//! Candidates, in the order offered (fewest things changed on the board first):
//! 1. the goal one player move less or more; 2. the move limit one ply less or more;
//! 3. one tile's height one level lower or higher (Pawn&Peak's terrain); 4. one piece
//!    removed; 5. one piece added on an empty square (every side and kind of the game);
//! 6. one piece moved to an empty square. Within a kind, the repair whose difficulty rating
//!    is highest comes first (it keeps most of the challenge), then by the edit's text.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::challenge::{Challenge, Checked, Goal, PieceSpec, PositionSpec, validate};
use crate::solver::Control;
use crate::verify::{Status, VerifyReport, verify_unchecked, verify_without_themes};

/// What kind of edit a suggestion makes, in the order suggestions are offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EditKind {
    /// The goal one player move less or more.
    Goal,
    /// The move limit one ply less or more.
    MoveLimit,
    /// One tile's height one level lower or higher.
    Height,
    /// One piece taken off the board.
    RemovePiece,
    /// One piece put on an empty square.
    AddPiece,
    /// One piece moved to an empty square.
    MovePiece,
}

/// One candidate edit: its kind, a sentence saying it, and the challenge after it.
#[derive(Debug, Clone)]
pub struct Edit {
    /// The kind of edit.
    pub kind: EditKind,
    /// What it does, e.g. `remove Blue Scout on b5`, `height of c3 2 -> 3`.
    pub text: String,
    /// The challenge after the edit (without a verification record).
    pub challenge: Challenge,
}

/// A proved repair: the edit and the verification of the challenge after it (sound).
#[derive(Debug, Clone)]
pub struct Suggestion {
    /// The edit.
    pub edit: Edit,
    /// The verification after the edit (`status` is `sound`).
    pub report: VerifyReport,
}

/// What [`suggest`] found.
#[derive(Debug, Clone)]
pub struct Suggestions {
    /// The verification of the challenge as it is.
    pub original: VerifyReport,
    /// The repairs, best first (empty when the challenge is already sound).
    pub suggestions: Vec<Suggestion>,
    /// Candidate edits verified (those the game's validation accepts).
    pub tried: usize,
    /// Candidates whose verification a limit stopped (not offered).
    pub unknown: usize,
    /// Time taken.
    pub elapsed: Duration,
}

/// The square name of file `f`, rank `r` (0-based): `a1` is the bottom left.
fn square(f: u8, r: u8) -> String {
    format!("{}{}", char::from(b'a' + f), u32::from(r) + 1)
}

fn piece_text(p: &PieceSpec) -> String {
    format!("{:?} {:?} on {}", p.1, p.2, p.0)
}

/// Every candidate edit of `ch`, in [`EditKind`] order (not yet validated).
#[must_use]
pub fn candidates(ch: &Challenge) -> Vec<Edit> {
    let mut base = ch.clone();
    base.verification = None;
    let mut out = Vec::new();
    let mut push = |kind, text: String, edit: &dyn Fn(&mut Challenge)| {
        let mut c = base.clone();
        edit(&mut c);
        out.push(Edit {
            kind,
            text,
            challenge: c,
        });
    };
    let goal = ch.goal.player_moves;
    for g in [goal.saturating_sub(1), goal.saturating_add(1)] {
        if g != goal && g > 0 {
            push(
                EditKind::Goal,
                format!("goal {goal} -> {g} player moves"),
                &|c| {
                    c.goal = Goal { player_moves: g };
                },
            );
        }
    }
    let limit = ch.position.move_limit;
    for l in [limit.saturating_sub(1), limit.saturating_add(1)] {
        if l != limit {
            push(
                EditKind::MoveLimit,
                format!("move limit {limit} -> {l}"),
                &|c| {
                    c.position.move_limit = l;
                },
            );
        }
    }
    let spec = &ch.position;
    if let Some(rows) = &spec.terrain {
        for (i, row) in rows.iter().enumerate() {
            for (f, b) in row.bytes().enumerate() {
                let Some(h) = char::from(b).to_digit(10) else {
                    continue;
                };
                let rank = rows.len().saturating_sub(1 + i);
                for nh in [h.checked_sub(1), (h < 9).then_some(h + 1)]
                    .into_iter()
                    .flatten()
                {
                    let sq = square(f as u8, rank as u8);
                    push(
                        EditKind::Height,
                        format!("height of {sq} {h} -> {nh}"),
                        &|c| {
                            if let Some(t) = c.position.terrain.as_mut() {
                                let mut bytes = t[i].clone().into_bytes();
                                bytes[f] = b'0' + nh as u8;
                                t[i] = String::from_utf8(bytes).unwrap_or_default();
                            }
                        },
                    );
                }
            }
        }
    }
    for (i, p) in spec.pieces.iter().enumerate() {
        push(
            EditKind::RemovePiece,
            format!("remove {}", piece_text(p)),
            &|c| {
                c.position.pieces.remove(i);
            },
        );
    }
    let empty = empty_squares(spec);
    // The game's own sides and kinds (no candidate the validation would only refuse).
    let authoring = ch.game.authoring();
    for sq in &empty {
        for side in authoring.sides {
            for &kind in authoring.kinds {
                let p = PieceSpec(sq.clone(), side, kind);
                push(
                    EditKind::AddPiece,
                    format!("add {}", piece_text(&p)),
                    &|c| {
                        c.position.pieces.push(p.clone());
                    },
                );
            }
        }
    }
    for (i, p) in spec.pieces.iter().enumerate() {
        for sq in &empty {
            push(
                EditKind::MovePiece,
                format!("move {} to {sq}", piece_text(p)),
                &|c| {
                    c.position.pieces[i].0 = sq.clone();
                },
            );
        }
    }
    out
}

/// The squares of the board that no piece (and no Seega chain) names, bottom rank first.
fn empty_squares(spec: &PositionSpec) -> Vec<String> {
    let mut out = Vec::new();
    for r in 0..spec.height {
        for f in 0..spec.width {
            let sq = square(f, r);
            if !spec.pieces.iter().any(|p| p.0.eq_ignore_ascii_case(&sq)) {
                out.push(sq);
            }
        }
    }
    out
}

/// Verifies `ch` (of any game, already read from `file`) and, unless it is sound, every
/// candidate edit ([`candidates`]) that the game's validation accepts, each within
/// `control`'s limits (as `verify`), files' worth of work spread over rayon's threads. An
/// edit is offered when the challenge after it is sound; those a limit stopped are counted
/// in [`Suggestions::unknown`] and not offered.
#[must_use]
pub fn suggest(file: &str, ch: &Challenge, control: Control<'_>) -> Suggestions {
    suggest_counting(file, ch, control, &|_, _| {})
}

/// [`suggest`], calling `done(k, n)` each time the verification of a candidate edit ends (`k`
/// of the `n` the game's validation accepts, in any order): the editor's progress line.
#[must_use]
pub fn suggest_counting(
    file: &str,
    ch: &Challenge,
    control: Control<'_>,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Suggestions {
    let clock = Instant::now();
    let mut plain = ch.clone();
    plain.verification = None;
    let original = verify_unchecked(file, &plain, control);
    let mut found = Suggestions {
        original,
        suggestions: Vec::new(),
        tried: 0,
        unknown: 0,
        elapsed: Duration::ZERO,
    };
    if matches!(found.original.status, Status::Sound | Status::Invalid) {
        found.elapsed = clock.elapsed();
        return found;
    }
    let valid: Vec<(Edit, Checked)> = candidates(&plain)
        .into_iter()
        .filter_map(|e| validate(&e.challenge).ok().map(|c| (e, c)))
        .collect();
    found.tried = valid.len();
    // Each candidate with the limits and the cancel flag; progress is per search, which
    // means little across candidates verified at once, so it is left out.
    let control = Control {
        progress: None,
        ..control
    };
    let total = valid.len();
    let finished = AtomicUsize::new(0);
    // A candidate reached after the cancel flag is not verified at all (a small search may
    // end before it looks at the flag): it is unknown.
    let cancelled = || control.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let reports: Vec<(Edit, Option<VerifyReport>)> = valid
        .into_par_iter()
        .map(|(e, checked)| {
            let r = (!cancelled()).then(|| verify_without_themes(file, &checked, control));
            done(finished.fetch_add(1, Ordering::Relaxed) + 1, total);
            (e, r)
        })
        .collect();
    for (edit, report) in reports {
        match report {
            Some(report) if report.status == Status::Sound => {
                found.suggestions.push(Suggestion { edit, report });
            }
            Some(report) if report.status != Status::Unknown => {}
            _ => found.unknown += 1,
        }
    }
    let rating = |s: &Suggestion| s.report.difficulty.as_ref().map_or(0.0, |d| d.rating);
    found.suggestions.sort_by(|a, b| {
        a.edit
            .kind
            .cmp(&b.edit.kind)
            .then(rating(b).total_cmp(&rating(a)))
            .then_with(|| a.edit.text.cmp(&b.edit.text))
    });
    found.elapsed = clock.elapsed();
    found
}
