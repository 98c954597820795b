//! The reviewer's view of a solved position (issue 15): the refutation of every non-key first
//! move and, on request, the whole solution tree, searched after [`super::solve`] within what
//! is left of its limits.

use super::proof::{self, ProofNode};
use super::refute::{self, Refutation};
use super::{Control, Prover, Solution, Stop, Verdict};
use crate::game::GameState;

/// What [`review`] found.
#[derive(Debug, Clone)]
pub struct Review<M> {
    /// Every legal first move that is not a key move, sorted by text, with its refutation.
    pub refutations: Vec<Refutation<M>>,
    /// The solution tree of the win (when asked for with [`Proof::Tree`] and the verdict is
    /// a win).
    pub proof: Option<ProofNode>,
    /// The solution tree's size ([`ProofNode::defender_moves`]), when asked for with
    /// [`Proof::Size`] or [`Proof::Tree`] and the verdict is a win.
    pub proof_size: Option<u64>,
    /// Nodes searched by the review (refutations, proof), beyond the solve's.
    pub nodes: u64,
}

/// How much of the solution tree [`review`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// Neither the tree nor its size.
    Skip,
    /// Its size only, walked without keeping the tree (what the difficulty needs).
    Size,
    /// The whole tree (a certificate), and its size.
    Tree,
}

/// Refutes every non-key first move of `pos` for the bound `sol` searched and, with a win,
/// gives as much of the solution tree as `proof` asks; within `control`'s limits less what the
/// solve already used (`sol.nodes`, `sol.elapsed`).
///
/// # Errors
/// [`Stop`] when a limit or cancel stopped it, or `sol` itself is unknown: nothing is
/// reported then (unknown stays unknown).
pub fn review<G: GameState>(
    pos: &G,
    sol: &Solution<G::Move>,
    proof: Proof,
    control: Control<'_>,
) -> Result<Review<G::Move>, Stop> {
    if let Verdict::Unknown(stop) = sol.verdict {
        return Err(stop);
    }
    let control = Control {
        limits: control.limits.after(sol.nodes, sol.elapsed),
        ..control
    };
    let mut prover = Prover::new(pos.to_move(), control);
    review_with(pos, sol, proof, &mut prover)
}

/// [`review`] with `prover`, which may be the one that solved `sol` (its table warm, its
/// limits counting on from the solve's nodes and time).
pub(crate) fn review_with<G: GameState>(
    pos: &G,
    sol: &Solution<G::Move>,
    proof: Proof,
    prover: &mut Prover<'_, G>,
) -> Result<Review<G::Move>, Stop> {
    if let Verdict::Unknown(stop) = sol.verdict {
        return Err(stop);
    }
    let before = prover.nodes();
    let refutations = refute::refutations(pos, &sol.key_moves, sol.max_moves, prover)?;
    let win = sol.verdict == Verdict::Win;
    let (tree, proof_size) = match proof {
        Proof::Tree if win => {
            let tree = proof::proof_tree(pos, sol.max_moves, prover)?;
            let size = tree.as_ref().map(ProofNode::defender_moves);
            (tree, size)
        }
        Proof::Size if win => (None, proof::proof_size(pos, sol.max_moves, prover)?),
        _ => (None, None),
    };
    Ok(Review {
        refutations,
        proof: tree,
        proof_size,
        nodes: prover.nodes() - before,
    })
}
