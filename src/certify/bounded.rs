//! The checker of the bounded proofs that `solve --proof FILE.json` writes for a win within
//! N player moves (`solver::proof`: `{"game", "position", "max_moves", "tree"}`), with the
//! plain rules of [`super::plain`]. A tree holds when, from its position: at `{"end": r}` the
//! match is over, won by the player, for reason `r`; at `{"play": m, "then": …}` the player
//! is to move, has a move left and `m` is legal; at `{"defences": […]}` the defender is to
//! move and the entries are every legal defence, each once, sorted by text.
//!
//! Breakthrough only for now: the plain rules of Pawn&Peak and Seega are still the tests'
//! (`tests/plain/`), and move here the same way.

use serde_json::Value;

use super::check::{CheckError, Checked};
use super::plain::breakthrough::{Board, End};

fn refuted(msg: String) -> CheckError {
    CheckError::Refuted(msg)
}

/// Checks a bounded proof given as JSON.
///
/// # Errors
/// [`CheckError::Refuted`] naming the node that fails, or the field that is missing.
pub fn check_bounded(doc: &Value) -> Result<Checked, CheckError> {
    let field = |name: &str| {
        doc.get(name)
            .ok_or_else(|| refuted(format!("the certificate has no field '{name}'")))
    };
    let game = field("game")?.as_str().unwrap_or_default();
    if game != "breakthrough" {
        return Err(refuted(format!(
            "game '{game}': check-proof checks bounded proofs of Breakthrough only (the plain rules of the other games are not in the checker yet)"
        )));
    }
    let position = field("position")?.as_str().unwrap_or_default();
    let root = Board::parse(position).map_err(|e| refuted(format!("position: {e}")))?;
    let max = field("max_moves")?
        .as_u64()
        .ok_or_else(|| refuted("max_moves: not a whole number".into()))?;
    let mut w = Tree {
        white: root.white_to_move,
        nodes: 0,
        plies: 0,
    };
    w.node(&root, root.end_now(), field("tree")?, max, 0, "tree")?;
    Ok(Checked {
        winner: if w.white { "white" } else { "black" }.into(),
        records: w.nodes,
        reached: w.nodes,
        loser_nodes: 0,
        plies: w.plies,
    })
}

struct Tree {
    /// Whether the player (the side to move at the start) is White.
    white: bool,
    nodes: u64,
    plies: u32,
}

impl Tree {
    fn node(
        &mut self,
        b: &Board,
        end: Option<End>,
        node: &Value,
        left: u64,
        ply: u32,
        at: &str,
    ) -> Result<(), CheckError> {
        self.nodes += 1;
        self.plies = self.plies.max(ply);
        if let Some(reason) = node.get("end") {
            return match end {
                Some(End::Win(w, r)) if w == self.white && Some(r) == reason.as_str() => Ok(()),
                _ => Err(refuted(format!(
                    "{at}: a wrong end: the tree says {reason}, the match there is {end:?}"
                ))),
            };
        }
        if end.is_some() {
            return Err(refuted(format!(
                "{at}: the match is over ({end:?}) but the tree goes on"
            )));
        }
        let mut moves = Vec::new();
        b.moves(&mut moves);
        if let Some(play) = node.get("play") {
            if b.white_to_move != self.white {
                return Err(refuted(format!(
                    "{at}: 'play' where the defender is to move"
                )));
            }
            if left == 0 {
                return Err(refuted(format!(
                    "{at}: a path too long: more player moves than max_moves"
                )));
            }
            let text = play.as_str().unwrap_or_default();
            let Some(&m) = moves.iter().find(|&&m| b.text(m) == text) else {
                return Err(refuted(format!(
                    "{at}: an illegal move '{text}' in {}",
                    b.to_text()
                )));
            };
            let (next, e) = b.play(m);
            let then = node
                .get("then")
                .ok_or_else(|| refuted(format!("{at}: 'play' without 'then'")))?;
            return self.node(&next, e, then, left - 1, ply + 1, &format!("{at} {text}"));
        }
        let Some(defs) = node.get("defences").and_then(Value::as_array) else {
            return Err(refuted(format!(
                "{at}: a node is 'end', 'play' or 'defences'"
            )));
        };
        if b.white_to_move == self.white {
            return Err(refuted(format!(
                "{at}: 'defences' where the player is to move"
            )));
        }
        let mut legal: Vec<String> = moves.iter().map(|&m| b.text(m)).collect();
        legal.sort();
        let listed: Vec<&str> = defs
            .iter()
            .map(|d| d.get("move").and_then(Value::as_str).unwrap_or_default())
            .collect();
        if listed != legal {
            let missing: Vec<&String> = legal
                .iter()
                .filter(|t| !listed.contains(&t.as_str()))
                .collect();
            return Err(refuted(format!(
                "{at}: the defences are not every legal move once, sorted (missing: {missing:?}; listed: {listed:?})"
            )));
        }
        for (d, text) in defs.iter().zip(&listed) {
            let m = moves
                .iter()
                .copied()
                .find(|&m| b.text(m) == *text)
                .unwrap_or(moves[0]);
            let (next, e) = b.play(m);
            let then = d
                .get("then")
                .ok_or_else(|| refuted(format!("{at} {text}: no 'then'")))?;
            self.node(&next, e, then, left, ply + 1, &format!("{at} {text}"))?;
        }
        Ok(())
    }
}
