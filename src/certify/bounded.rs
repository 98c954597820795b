//! The checker of the bounded proofs that `solve --proof FILE.json` writes for a win within
//! N player moves (`solver::proof`: `{"game", "position", "max_moves", "tree"}`), for every
//! game, with the plain rules of [`super::plain`]. A tree holds when, from its position: at
//! `{"end": r}` the match is over, won by the player, for reason `r`; at `{"play": m, "then":
//! …}` the player is to move, has a move left and `m` is legal; at `{"defences": […]}` the
//! defender is to move and the entries are every legal defence, each once, sorted by text. A
//! side that moves again (a Seega capture chain) is a `play` whose `then` is another `play`;
//! every ply of the player counts against `max_moves`.

use serde_json::Value;

use super::check::{CheckError, Checked};
use super::plain::breakthrough::Board;
use super::plain::{Bt, Rules, pawn_peak, seega};

/// Checks a bounded proof given as JSON.
///
/// # Errors
/// [`CheckError::Refuted`] naming the node that fails, or the field that is missing.
pub fn check_bounded(doc: &Value) -> Result<Checked, CheckError> {
    // A document without the fields of a bounded proof is not one (exit 2, as a damaged
    // file): it claims nothing to refute.
    let not_one = |why: String| {
        CheckError::Read(super::format::ReadError::Bad(format!(
            "not a bounded proof of `solve --proof` ({{\"game\", \"position\", \"max_moves\", \
             \"tree\"}}): {why}"
        )))
    };
    let field = |name: &str| {
        doc.get(name)
            .ok_or_else(|| not_one(format!("no field '{name}'")))
    };
    let text = |name: &str| {
        field(name)?
            .as_str()
            .ok_or_else(|| not_one(format!("{name}: not a string")))
    };
    let game = text("game")?;
    let position = text("position")?;
    let max = field("max_moves")?
        .as_u64()
        .ok_or_else(|| not_one("max_moves: not a whole number".into()))?;
    let tree = field("tree")?;
    // A position the rules refuse is a claim about no position: refuted (exit 1).
    let bad = |e: String| CheckError::refuted(format!("position: {e}"));
    let checked = match game {
        "breakthrough" => {
            let b = Board::parse(position).map_err(bad)?;
            check_tree(&Bt::new(b), tree, max, ("white", "black"))
        }
        "pawn-peak" => check_tree(
            &pawn_peak::Plain::parse(position).map_err(bad)?,
            tree,
            max,
            ("red", "blue"),
        ),
        "seega" => check_tree(
            &seega::Plain::parse(position).map_err(bad)?,
            tree,
            max,
            ("white", "black"),
        ),
        other => Err(not_one(format!(
            "game '{other}': 'pawn-peak', 'breakthrough' or 'seega'"
        ))),
    }?;
    Ok(Checked {
        game: game.into(),
        position: position.into(),
        ..checked
    })
}

/// Checks `tree` from `root`, the player the side to move; `names` the first side's and the
/// second's.
fn check_tree<R: Rules>(
    root: &R,
    tree: &Value,
    max: u64,
    names: (&str, &str),
) -> Result<Checked, CheckError> {
    let mut w = Tree {
        player: root.first_to_move(),
        nodes: 0,
        plies: 0,
    };
    w.node(root, tree, max, 0, "tree")?;
    Ok(Checked {
        game: String::new(),
        position: String::new(),
        winner: if w.player { names.0 } else { names.1 }.into(),
        records: w.nodes,
        reached: w.nodes,
        other_nodes: 0,
        plies: w.plies,
    })
}

struct Tree {
    /// Whether the player (the side to move at the start) is the first side.
    player: bool,
    nodes: u64,
    plies: u32,
}

impl Tree {
    fn node<R: Rules>(
        &mut self,
        b: &R,
        node: &Value,
        left: u64,
        ply: u32,
        at: &str,
    ) -> Result<(), CheckError> {
        self.nodes += 1;
        self.plies = self.plies.max(ply);
        let end = b.end();
        if let Some(reason) = node.get("end") {
            return match &end {
                Some((Some(w), r)) if *w == self.player && Some(r.as_str()) == reason.as_str() => {
                    Ok(())
                }
                _ => Err(CheckError::refuted(format!(
                    "{at}: a wrong end: the tree says {reason}, the match there is {}",
                    describe(end.as_ref())
                ))),
            };
        }
        if end.is_some() {
            return Err(CheckError::refuted(format!(
                "{at}: the match is over ({}) but the tree goes on",
                describe(end.as_ref())
            )));
        }
        let moves = b.moves();
        if let Some(play) = node.get("play") {
            if b.first_to_move() != self.player {
                return Err(CheckError::refuted(format!(
                    "{at}: 'play' where the defender is to move"
                )));
            }
            if left == 0 {
                return Err(CheckError::refuted(format!(
                    "{at}: a path too long: more player moves than max_moves"
                )));
            }
            let text = play.as_str().unwrap_or_default();
            let Some((_, next)) = moves.iter().find(|(t, _)| t == text) else {
                return Err(CheckError::refuted(format!(
                    "{at}: an illegal move '{text}' in {}",
                    b.text()
                )));
            };
            let then = node
                .get("then")
                .ok_or_else(|| CheckError::refuted(format!("{at}: 'play' without 'then'")))?;
            return self.node(next, then, left - 1, ply + 1, &format!("{at} {text}"));
        }
        let Some(defs) = node.get("defences").and_then(Value::as_array) else {
            return Err(CheckError::refuted(format!(
                "{at}: a node is 'end', 'play' or 'defences'"
            )));
        };
        if b.first_to_move() == self.player {
            return Err(CheckError::refuted(format!(
                "{at}: 'defences' where the player is to move"
            )));
        }
        let mut legal: Vec<&str> = moves.iter().map(|(t, _)| t.as_str()).collect();
        legal.sort_unstable();
        let listed: Vec<&str> = defs
            .iter()
            .map(|d| d.get("move").and_then(Value::as_str).unwrap_or_default())
            .collect();
        if listed != legal {
            let missing: Vec<&&str> = legal.iter().filter(|t| !listed.contains(t)).collect();
            return Err(CheckError::refuted(format!(
                "{at}: the defences are not every legal move once, sorted (missing: {missing:?}; listed: {listed:?})"
            )));
        }
        for (d, text) in defs.iter().zip(&listed) {
            let Some((_, next)) = moves.iter().find(|(t, _)| t == text) else {
                continue; // every listed move is legal: checked above
            };
            let then = d
                .get("then")
                .ok_or_else(|| CheckError::refuted(format!("{at} {text}: no 'then'")))?;
            self.node(next, then, left, ply + 1, &format!("{at} {text}"))?;
        }
        Ok(())
    }
}

/// An end in words: "won by the first side (breakthrough)", "a draw (move_limit)", "not over".
fn describe(end: Option<&(Option<bool>, String)>) -> String {
    match end {
        None => "not over".into(),
        Some((Some(true), r)) => format!("won by the first side ({r})"),
        Some((Some(false), r)) => format!("won by the second side ({r})"),
        Some((None, r)) => format!("a draw ({r})"),
    }
}
