//! The proof certificate (issue 15 item 2): the whole solution tree of a win, written so that
//! anyone can check it with nothing but the rules (`solve --proof FILE.json`).
//!
//! A node is one of (JSON shapes):
//! - `{"end": "<reason>"}`: a finished position the player has won (the [`crate::game::Reason`]
//!   names of the CLI: `guardian_exit`, `breakthrough`, …);
//! - `{"play": "<move>", "then": NODE}`: the player is to move; one winning move, the first by
//!   move text among those that win fastest;
//! - `{"defences": [{"move": "<defence>", "then": NODE}, …]}`: the defender is to move; every
//!   legal defence, each once, sorted by move text.
//!
//! Along every path the player makes at most `max_moves` moves. A Seega chain (the same side
//! moving again) is simply a `play` whose `then` is another `play` (or `defences` whose
//! entries lead to `defences`).

use serde::{Deserialize, Serialize};

use super::{Prover, Stop, sorted_by_text};
use crate::game::GameState;

/// A node of the solution tree (see the module documentation for the JSON shapes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ProofNode {
    /// A finished position the player won, and why the match ended.
    End {
        /// The reason's JSON name.
        end: String,
    },
    /// The player is to move: the move it plays, and what follows.
    Play {
        /// The player's move text.
        play: String,
        /// The node after it.
        then: Box<ProofNode>,
    },
    /// The defender is to move: every legal defence, sorted by move text.
    Defences {
        /// Each defence and the node after it.
        defences: Vec<ProofDefence>,
    },
}

/// One defence of a [`ProofNode::Defences`] node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofDefence {
    /// The defence's move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The node after it.
    pub then: ProofNode,
}

/// A whole certificate: `{"game", "position", "max_moves", "tree"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certificate {
    /// The rule set's name (`pawn-peak`, `breakthrough`, `seega`).
    pub game: String,
    /// The starting position string (RULES.md PP-10, BT-5, SG-7).
    pub position: String,
    /// The most player moves along any path of the tree.
    pub max_moves: u32,
    /// The solution tree from the start.
    pub tree: ProofNode,
}

impl ProofNode {
    /// The defender moves the tree lists: how many defences the player must have an answer
    /// ready for (the proof's size).
    #[must_use]
    pub fn defender_moves(&self) -> u64 {
        match self {
            ProofNode::End { .. } => 0,
            ProofNode::Play { then, .. } => then.defender_moves(),
            ProofNode::Defences { defences } => {
                defences.iter().map(|d| 1 + d.then.defender_moves()).sum()
            }
        }
    }

    /// The most player moves along any path from this node.
    #[must_use]
    pub fn depth(&self) -> u32 {
        match self {
            ProofNode::End { .. } => 0,
            ProofNode::Play { then, .. } => 1 + then.depth(),
            ProofNode::Defences { defences } => {
                defences.iter().map(|d| d.then.depth()).max().unwrap_or(0)
            }
        }
    }
}

/// The solution tree of `pos` for the prover's player within `n` player moves, or `None`
/// when the player has no forced win within `n`. Each player node plays the first move by
/// text among the fastest winning ones, so the tree is as shallow as the win allows. Every
/// tree node counts as one node against the prover's limits.
///
/// # Errors
/// [`Stop`] when a limit or cancel stopped the search (no partial tree is given).
pub fn proof_tree<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Option<ProofNode>, Stop> {
    if !prover.wins_from(pos, n)? {
        return Ok(None);
    }
    Ok(walk(pos, n, prover, true)?.0)
}

/// The size of the solution tree [`proof_tree`] would give (its
/// [`ProofNode::defender_moves`]), walked without keeping it in memory; `None` without a
/// forced win within `n`.
///
/// # Errors
/// [`Stop`] as [`proof_tree`].
pub fn proof_size<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Option<u64>, Stop> {
    if !prover.wins_from(pos, n)? {
        return Ok(None);
    }
    Ok(Some(walk(pos, n, prover, false)?.1))
}

/// Walks the tree below `pos`, from which the player wins within `n` (already proved): the
/// tree itself when `keep`, and the defender moves it lists.
fn walk<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
    keep: bool,
) -> Result<(Option<ProofNode>, u64), Stop> {
    prover.tick()?;
    let player = prover.player();
    if let Some(o) = pos.outcome() {
        debug_assert_eq!(
            o.winner,
            Some(player),
            "a proven line ends in the player's win"
        );
        let end = keep.then(|| ProofNode::End {
            end: o.reason.as_str().to_string(),
        });
        return Ok((end, 0));
    }
    if pos.to_move() == player {
        let fastest = prover.shortest_win(pos, n)?.unwrap_or(n).max(1);
        for m in sorted_by_text(pos, pos.legal_moves()) {
            if prover.move_wins(pos, m, fastest)? {
                let (then, size) = walk(&pos.play(m), fastest - 1, prover, keep)?;
                let node = then.map(|t| ProofNode::Play {
                    play: pos.move_text(m),
                    then: Box::new(t),
                });
                return Ok((node, size));
            }
        }
        unreachable!("a position the player wins within {n} has a winning move");
    }
    let mut defences = Vec::new();
    let mut size = 0;
    for r in sorted_by_text(pos, pos.legal_moves()) {
        let (then, s) = walk(&pos.play(r), n, prover, keep)?;
        size += 1 + s;
        if let Some(then) = then {
            defences.push(ProofDefence {
                mv: pos.move_text(r),
                then,
            });
        }
    }
    Ok((keep.then_some(ProofNode::Defences { defences }), size))
}

/// The certificate of `pos` (`game` names its rule set) within `n` player moves, or `None`
/// without a forced win.
///
/// # Errors
/// [`Stop`] as [`proof_tree`].
pub fn certificate<G: GameState>(
    pos: &G,
    game: &str,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Option<Certificate>, Stop> {
    Ok(proof_tree(pos, n, prover)?.map(|tree| Certificate {
        game: game.to_string(),
        position: pos.to_string(),
        max_moves: n,
        tree,
    }))
}
