//! Refutations (issue 15 item 1): for every legal first move that does not win within the
//! bound, a defence after which the player cannot win within the moves left, and whether
//! that defence is the only one (a *try*, the near miss composers care about).
//!
//! What an entry means, for a first move `m` that is not a key move and `n` the bound
//! searched (player moves, `m` included):
//! - the defender is to move after `m`: `defence` is the first defence after which the
//!   player does not win within `n - 1` further player moves, in the *refutation order*: the
//!   game's priority ([`GameState::move_priority`], highest first: in Pawn&Peak the
//!   defender's exits, then its captures, then its moves that advance most), ties by move
//!   text; `unique` says it is the only such defence (every other defence loses within
//!   `n - 1`). The order is the game's alone, never the search's history, so the entry is
//!   the same whatever the table size, the threads or the limits.
//! - the match is over after `m` (without the player's win, else `m` would be a key move):
//!   `defence` is `None`, `unique` is `false`;
//! - the player moves again after `m` (a Seega capture chain, SG-5, or placing again while
//!   the defender has nothing in hand, SG-8): `defence` is `None`, `unique` is `false`; the
//!   entry then says that no continuation of the player's turn wins within the `n - 1`
//!   player moves left, whatever the defender does (the refutation is the position itself,
//!   not one reply).
//!
//! In every case: after `m` and then `defence` (when there is one) the player has no win
//! within the moves left. That is what `tests/proof_check.rs` checks with a plain minimax.

use super::{Prover, Stop, sorted_by_text};
use crate::game::GameState;

/// One refuted first move (see the module documentation for what the fields mean).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refutation<M> {
    /// The first move that does not win within the bound.
    pub mv: M,
    /// The first refuting defence in the refutation order (see the module documentation);
    /// `None` when the move ends the match or the player moves again.
    pub defence: Option<M>,
    /// Whether `defence` is the only refuting defence (the move is a *try*).
    pub unique: bool,
}

/// The refutation of every legal first move of `pos` (player to move) that is not one of
/// `keys`, sorted by move text, for a bound of `n` player moves. `keys` are the winning
/// first moves (empty for an unsound challenge: then every first move is refuted).
///
/// # Errors
/// [`Stop`] when a limit or cancel stopped the search: nothing is reported then.
pub fn refutations<G: GameState>(
    pos: &G,
    keys: &[G::Move],
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Vec<Refutation<G::Move>>, Stop> {
    let mut out = Vec::new();
    if pos.outcome().is_some() {
        return Ok(out);
    }
    for m in sorted_by_text(pos, pos.legal_moves()) {
        if keys.contains(&m) {
            continue;
        }
        out.push(refute(pos, m, n, prover)?);
    }
    Ok(out)
}

/// The refutation of one first move `m` that does not win within `n` (see the module docs).
///
/// # Errors
/// [`Stop`] from the search.
pub fn refute<G: GameState>(
    pos: &G,
    m: G::Move,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Refutation<G::Move>, Stop> {
    let player = pos.to_move();
    let child = pos.play(m);
    prover.tick()?;
    let none = Refutation {
        mv: m,
        defence: None,
        unique: false,
    };
    if child.outcome().is_some() || child.to_move() == player {
        return Ok(none);
    }
    let left = n.saturating_sub(1);
    // What the table proves already (the key search disproved `m`, so it usually holds the
    // position after the defence that refuted it): known refuters cost nothing.
    let defences = refutation_order(&child, child.legal_moves());
    let mut known = prover.known_after(&child, &defences, left);
    // The first refuting defence in order: every one before it is proved to lose.
    let mut first = None;
    for (i, &r) in defences.iter().enumerate() {
        let wins = match known[i] {
            Some(w) => w,
            None => {
                let after = child.play(r);
                prover.tick()?;
                let w = prover.wins_from(&after, left)?;
                known[i] = Some(w);
                w
            }
        };
        if !wins {
            first = Some(i);
            break;
        }
    }
    let Some(first) = first else {
        // Cannot happen for a move that is not a key move; say so rather than name none.
        return Ok(none);
    };
    // A second refuter, among those after the first (every earlier one loses): a known one
    // first, else searched in order until one is found.
    let rest = first + 1..defences.len();
    let mut second = rest.clone().any(|i| known[i] == Some(false));
    if !second {
        for i in rest {
            if known[i].is_some() {
                continue; // a known loser
            }
            let after = child.play(defences[i]);
            prover.tick()?;
            if !prover.wins_from(&after, left)? {
                second = true;
                break;
            }
        }
    }
    Ok(Refutation {
        mv: m,
        defence: Some(defences[first]),
        unique: !second,
    })
}

/// `moves` (the defender's) in the refutation order: the game's priority, highest first,
/// ties by move text.
fn refutation_order<G: GameState>(pos: &G, moves: Vec<G::Move>) -> Vec<G::Move> {
    let mut moves = sorted_by_text(pos, moves);
    moves.sort_by_key(|&m| std::cmp::Reverse(pos.move_priority(m)));
    moves
}

/// A refutation as move texts, as `solve --json` and `verify --json` print it:
/// `{"move": "<first move>", "defence": "<defence>" | null, "unique": bool}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RefutationText {
    /// The first move's text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The refuting defence's text, or `null` (see the module documentation).
    pub defence: Option<String>,
    /// Whether the move is a try: refuted by this defence alone.
    pub unique: bool,
}

/// The texts of refutations of first moves from `pos`.
#[must_use]
pub fn texts<G: GameState>(pos: &G, refutations: &[Refutation<G::Move>]) -> Vec<RefutationText> {
    refutations
        .iter()
        .map(|r| RefutationText {
            mv: pos.move_text(r.mv),
            defence: r.defence.map(|d| pos.play(r.mv).move_text(d)),
            unique: r.unique,
        })
        .collect()
}
