//! Difficulty figures of a solved challenge (issue 15 item 3), as `verify --json` prints them
//! in `"difficulty"`: the shortest win, the proof's size, the player's choices along the main
//! line, the number of tries, and one rating (docs/difficulty.md gives the formula and the
//! table of the shipped tutorials).

use serde::Serialize;

use crate::game::GameState;
use crate::solver::{Review, Solution};

/// The figures of one challenge with a forced win.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difficulty {
    /// The shortest forced win, in player moves.
    pub shortest_win: u32,
    /// The defender moves the solution tree lists (each one the player must answer): the
    /// proof's size ([`crate::solver::proof::ProofNode::defender_moves`]).
    pub proof_size: u64,
    /// The player's legal moves at each of its moves along the main line (key move first).
    pub choices: Vec<u32>,
    /// First moves refuted by exactly one defence.
    pub tries: u32,
    /// The rating: see [`rating`].
    pub rating: f64,
}

/// The rating, rounded to one decimal:
/// `2 × shortest_win + log2(1 + proof_size) + Σ log2(choices) / 2 + tries`.
///
/// Each player move counts 2; the proof's size in bits (doubling the defences to answer
/// adds one); the choices along the main line in bits, halved (a wide menu of moves is
/// harder to search by eye, but most moves are obviously bad); each try adds 1 (a near miss
/// that looks like the key).
#[must_use]
pub fn rating(shortest_win: u32, proof_size: u64, choices: &[u32], tries: u32) -> f64 {
    let bits: f64 = choices.iter().map(|&c| f64::from(c.max(1)).log2()).sum();
    let r = 2.0 * f64::from(shortest_win)
        + (1.0 + proof_size as f64).log2()
        + bits / 2.0
        + f64::from(tries);
    (r * 10.0).round() / 10.0
}

/// The figures of `pos` from its solution and review; `None` without a win, or without the
/// proof's size (the review must have been asked for it: `Proof::Size` or `Proof::Tree`).
#[must_use]
pub fn difficulty<G: GameState>(
    pos: &G,
    sol: &Solution<G::Move>,
    review: &Review<G::Move>,
) -> Option<Difficulty> {
    let shortest_win = sol.player_moves?;
    let proof_size = review.proof_size?;
    let player = pos.to_move();
    let mut choices = Vec::new();
    let mut p = pos.clone();
    for &m in &sol.line {
        if p.to_move() == player {
            choices.push(u32::try_from(p.legal_moves().len()).unwrap_or(u32::MAX));
        }
        p = p.play(m);
    }
    let tries =
        u32::try_from(review.refutations.iter().filter(|r| r.unique).count()).unwrap_or(u32::MAX);
    Some(Difficulty {
        shortest_win,
        proof_size,
        choices: choices.clone(),
        tries,
        rating: rating(shortest_win, proof_size, &choices, tries),
    })
}
