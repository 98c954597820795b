//! The checker of strategy certificates (docs/certificates.md) with the plain rules of
//! [`super::plain`]: nothing of the engine or the solver is used.
//!
//! It reads the records (module `lookup`: the sorted keys), checks the body's digest, then
//! walks the strategy from the start (module `walk`). For a winner's strategy: at a position
//! with the winner to move, a move that wins at once is found by itself, otherwise the record
//! of the position (or of its mirror image, when the header says keys are mirrored) must
//! exist and its move must be legal; after the winner's move every legal move of the loser is
//! followed. Each record reached is checked once. Finally the longest line must end before
//! the move limit (no draw on any line), and within the header's claim of plies, if it makes
//! one. A length certificate (the loser's strategy) is walked the same way with the sides
//! swapped: every line must last the header's `survives` plies.

use std::io::{BufReader, Read};

use super::format::{Header, ReadError};
use super::lookup::Lookup;
use super::plain::breakthrough::Board;
use super::walk::{Aim, walk};

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The rule set, as the certificate names it (`breakthrough`).
    pub game: String,
    /// The position the certificate starts from, as it names it.
    pub position: String,
    /// The winner, `white` or `black`.
    pub winner: String,
    /// The records in the file.
    pub records: u64,
    /// The records the walk reached (each checked once).
    pub reached: u64,
    /// Positions of the side without records (the loser; the winner, for a length
    /// certificate) whose every move was followed.
    pub other_nodes: u64,
    /// The longest match the strategy allows, in plies.
    pub plies: u32,
}

/// Why a certificate does not hold (or cannot be read).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The file could not be read or is damaged.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The certificate is readable but proves nothing.
    #[error("{why}")]
    Refuted {
        /// Where it fails.
        why: String,
        /// What its header or document claims, when they were read.
        claim: Option<Claim>,
    },
}

/// What a certificate claims: its kind, and what it starts from, as it names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// Which kind of certificate the file is.
    pub kind: super::Kind,
    /// The rule set (`breakthrough`, `pawn-peak`, `seega`).
    pub game: String,
    /// The position string.
    pub position: String,
}

impl CheckError {
    /// A refusal saying `why`, its claim not yet named.
    pub(crate) fn refuted(why: impl Into<String>) -> Self {
        CheckError::Refuted {
            why: why.into(),
            claim: None,
        }
    }

    /// This error, a refusal naming the certificate's kind, game and position.
    pub(crate) fn claiming(self, kind: super::Kind, game: &str, position: &str) -> Self {
        match self {
            CheckError::Refuted { why, claim: None } => CheckError::Refuted {
                why,
                claim: Some(Claim {
                    kind,
                    game: game.into(),
                    position: position.into(),
                }),
            },
            other => other,
        }
    }
}

/// Checks the certificate whose header is `header` and whose body follows in `body`.
///
/// # Errors
/// [`CheckError::Read`] for a damaged file, [`CheckError::Refuted`] when it does not hold.
pub fn check_strategy<R: Read>(header: &Header, body: BufReader<R>) -> Result<Checked, CheckError> {
    let bad = |m: String| CheckError::Read(ReadError::Bad(m));
    if header.game != "breakthrough" {
        return Err(bad(format!(
            "header: game '{}': strategy certificates are of Breakthrough",
            header.game
        )));
    }
    let root = Board::parse(&header.position).map_err(|e| bad(format!("header: position: {e}")))?;
    if (root.width, root.height) != (header.width as usize, header.height as usize) {
        return Err(bad(format!(
            "header: width {} and height {} are not the position's {} × {}",
            header.width, header.height, root.width, root.height
        )));
    }
    let tiles = root.width * root.height;
    if tiles > 64 {
        return Err(bad(format!("header: {tiles} tiles: at most 64")));
    }
    let white_wins = match header.winner.as_str() {
        "white" => true,
        "black" => false,
        w => return Err(bad(format!("header: winner '{w}': 'white' or 'black'"))),
    };
    if let Some(end) = root.end_now() {
        return Err(CheckError::refuted(format!(
            "the position is already over ({end:?}): nothing to prove"
        )));
    }
    let records = Lookup::read(header, body, (root.width, root.height))?;
    // The counter is checked once the longest line is known (below); for a length
    // certificate the move limit is the winner's certificate's concern (a draw is no win of
    // the winner).
    let mut start = root.clone();
    start.count = 0;
    start.limit = u32::MAX;
    let aim = header.survives.map_or(Aim::Win, Aim::Survive);
    let walked = walk(&records, &start, white_wins, aim)?;
    let plies = match header.survives {
        Some(need) => need,
        None => within_claims(header, &root, walked.plies)?,
    };
    Ok(Checked {
        game: header.game.clone(),
        position: header.position.clone(),
        winner: header.winner.clone(),
        records: header.records,
        reached: walked.reached,
        other_nodes: walked.other_nodes,
        plies,
    })
}

/// The longest line `plies` of a winner's strategy from `root`, when it ends before the move
/// limit (no line can be drawn) and within the header's claim of plies, if it makes one.
///
/// # Errors
/// [`CheckError::Refuted`] saying which bound it passes.
fn within_claims(header: &Header, root: &Board, plies: u32) -> Result<u32, CheckError> {
    if u64::from(root.count) + u64::from(plies) > u64::from(root.limit) {
        return Err(CheckError::refuted(format!(
            "a line of {plies} plies from move {} passes the move limit {}: a draw is possible",
            root.count, root.limit
        )));
    }
    if let Some(claim) = header.plies
        && plies > claim
    {
        return Err(CheckError::refuted(format!(
            "a path too long: the strategy allows a match of {plies} plies, the header claims at most {claim}"
        )));
    }
    Ok(plies)
}
