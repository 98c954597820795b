//! `generate --like FILE`: variants of an existing tutorial that stay sound and keep its
//! themes: its mirror image, the board shifted by one tile, the other side to play (the board
//! upside down, colours swapped), one piece moved to a neighbouring empty square, one removed,
//! one added. Each is verified in full; the ones that are sound and teach at least the
//! tutorial's themes are offered, in that order.

use rayon::prelude::*;

use crate::challenge::{self, Checked, PieceSpec};
use crate::document::transform::{mirrored, recoloured, shifted};
use crate::games::board::Square;
use crate::solver::Control;

use super::candidate::{self, Candidate};

/// One variant: what was changed, and the candidate.
#[derive(Debug, Clone)]
pub struct Variant {
    /// What was changed, in words: "mirror image", "moved c3 to c4", ….
    pub change: String,
    /// The candidate.
    pub candidate: Candidate,
}

/// The variants of `original` (at most `count`), each proved sound and teaching at least its
/// themes and none a near-duplicate of an entry of `library`; how many variants were tried, and how many of them were admitted (before the
/// first `count` were kept).
#[must_use]
pub fn variants(
    original: &Checked,
    original_themes: &[&'static str],
    library: &[Checked],
    count: usize,
    control: Control<'_>,
) -> (Vec<Variant>, usize, usize) {
    let tries = changes(original);
    let tried = tries.len();
    let mut out: Vec<Variant> = tries
        .into_par_iter()
        .enumerate()
        .filter_map(|(k, (change, checked))| {
            let mut ch = checked.challenge().clone();
            ch.id = format!("generated-{}-like-{}", original.challenge().id, k + 1);
            ch.teaches = original_themes.iter().map(ToString::to_string).collect();
            ch.format_version = challenge::FORMAT_VERSION;
            ch.solution.clear();
            // The tutorial's texts describe the original: the designer rewrites them.
            for texts in [&mut ch.title, &mut ch.tutorial, &mut ch.hint] {
                for text in texts.values_mut() {
                    if !text.starts_with(challenge::TO_WRITE) {
                        *text = format!("{} {text}", challenge::TO_WRITE);
                    }
                }
            }
            let solved = candidate::solved(ch, control).ok()?;
            let report = candidate::admitted(&solved, control).ok()?;
            let candidate = Candidate {
                trial: k as u64,
                checked: candidate::noted(solved, &report),
                report,
            };
            // What the library check would call a near-duplicate of an entry is left out.
            let candidate = super::unique(candidate, &[], library).ok()?;
            Some(Variant { change, candidate })
        })
        .collect();
    out.sort_by_key(|v| v.candidate.trial);
    let admitted = out.len();
    out.truncate(count);
    (out, tried, admitted)
}

/// Every variant to try, in order, with its change in words.
fn changes(original: &Checked) -> Vec<(String, Checked)> {
    let mut out = Vec::new();
    if let Some(m) = mirrored(original) {
        out.push(("mirror image".to_string(), m));
    }
    for (df, dr, dir) in [
        (1, 0, "right"),
        (-1, 0, "left"),
        (0, 1, "up"),
        (0, -1, "down"),
    ] {
        if let Some(s) = shifted(original, df, dr) {
            out.push((format!("shifted one tile {dir}"), s));
        }
    }
    if let Some(r) = recoloured(original) {
        out.push(("the other side to play".to_string(), r));
    }
    let ch = original.challenge();
    let (w, h) = (ch.position.width, ch.position.height);
    let empty = |sq: Square| {
        !ch.position
            .pieces
            .iter()
            .any(|p| Square::parse(&p.0) == Ok(sq))
    };
    for (i, p) in ch.position.pieces.iter().enumerate() {
        let Ok(sq) = Square::parse(&p.0) else {
            continue;
        };
        for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
            let to = sq
                .file()
                .checked_add_signed(df)
                .zip(sq.rank().checked_add_signed(dr))
                .filter(|&(f, r)| f < w && r < h)
                .map(|(f, r)| Square::new(f, r));
            if let Some(to) = to.filter(|&t| empty(t)) {
                let mut c = ch.clone();
                c.position.pieces[i].0 = to.to_string();
                push(&mut out, format!("moved {sq} to {to}"), c);
            }
        }
        let mut c = ch.clone();
        c.position.pieces.remove(i);
        push(&mut out, format!("removed {:?} {:?} on {sq}", p.1, p.2), c);
    }
    let authoring = ch.game.authoring();
    for r in 0..h {
        for f in 0..w {
            let sq = Square::new(f, r);
            if !empty(sq) {
                continue;
            }
            for side in authoring.sides {
                for &kind in authoring.kinds {
                    let mut c = ch.clone();
                    c.position
                        .pieces
                        .push(PieceSpec(sq.to_string(), side, kind));
                    push(&mut out, format!("added {side:?} {kind:?} on {sq}"), c);
                }
            }
        }
    }
    out
}

/// `ch` as a variant to try, when it is a valid challenge.
fn push(out: &mut Vec<(String, Checked)>, change: String, ch: challenge::Challenge) {
    if let Ok(c) = challenge::validate(&ch) {
        out.push((change, c));
    }
}
