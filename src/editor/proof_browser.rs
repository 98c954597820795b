//! The proof browser (issue 15 item 5): after Verify of a sound or cooked challenge, walks the
//! solution tree of [`proof_tree`] as the main line's Step forward/back does: at a defender
//! node every legal defence is listed, choosing one shows the player's winning answer on the
//! board; back, forward and a way back to the start. The tree is searched once on a worker
//! thread ([`super::worker`]) with the Verify panel's time limit, the editor's memory budget and
//! a node cap ([`MAX_PROOF_NODES`]); a tree the limits stop is reported, never waited for.

use eframe::egui;

use super::doc::Document;
use super::findings::{MoveArrow, Shown};
use super::worker::{Polled, Worker};
use crate::board_view::Style;
use crate::challenge::{Challenge, Checked};
use crate::game::GameState;
use crate::games::{AnyPosition, with_position};
use crate::solver::proof::{ProofNode, proof_tree};
use crate::solver::{Limits, Prover, Stop};

/// The most nodes (the tree's own and the searches that pick each answer) the browser's
/// search visits: beyond it the tree is too large to browse here (`solve --proof` writes it
/// without this cap).
pub const MAX_PROOF_NODES: u64 = 2_000_000;

/// The most defences drawn as arrows at a defender node (more are listed only).
const MAX_DEFENCE_ARROWS: usize = 12;

/// The worker's answer: the tree, `None` without a forced win, or why it stopped.
type Answer = Result<Option<ProofNode>, Stop>;

/// One step down the tree: the player's move of a `play` node, or the defence with this index
/// of a `defences` node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Play,
    Defence(usize),
}

/// A searched tree and where the browser is in it.
struct Tree {
    root: ProofNode,
    /// The challenge it was searched for.
    made_for: Challenge,
    /// The steps from the root to the node shown.
    steps: Vec<Step>,
    /// The position before each step, and after the last (the first is the start).
    positions: Vec<AnyPosition>,
    /// The move of each step.
    moves: Vec<String>,
    /// The node's arrows and caption, read from the tree's move texts once per node shown
    /// (the board asks for them every frame).
    view: (Vec<MoveArrow>, String),
}

impl Tree {
    /// The node the steps lead to.
    fn node(&self) -> &ProofNode {
        let mut node = &self.root;
        for s in &self.steps {
            node = match (node, s) {
                (ProofNode::Play { then, .. }, Step::Play) => then,
                (ProofNode::Defences { defences }, Step::Defence(i)) => &defences[*i].then,
                _ => break,
            };
        }
        node
    }

    /// Takes `step` from the node shown (a step the node does not have is ignored).
    fn take(&mut self, step: Step) {
        let mv = match (self.node(), step) {
            (ProofNode::Play { play, .. }, Step::Play) => play.clone(),
            (ProofNode::Defences { defences }, Step::Defence(i)) if i < defences.len() => {
                defences[i].mv.clone()
            }
            _ => return,
        };
        // The tree is a certificate: its moves are texts, read once as each step is taken.
        let Some(next) = self
            .positions
            .last()
            .and_then(|p| p.parse_move(&mv).ok().map(|m| p.play(m)))
        else {
            return;
        };
        self.steps.push(step);
        self.moves.push(mv);
        self.positions.push(next);
        self.view = self.node_view();
    }

    fn back(&mut self) {
        if self.steps.pop().is_some() {
            self.moves.pop();
            self.positions.pop();
            self.view = self.node_view();
        }
    }

    /// The node's arrows (its moves read from their texts) and caption.
    fn node_view(&self) -> (Vec<MoveArrow>, String) {
        let Some(position) = self.positions.last() else {
            return (Vec::new(), String::new());
        };
        let last = self.steps.last().zip(self.moves.last());
        match self.node() {
            ProofNode::Play { play, .. } => {
                let (label, caption) = match last {
                    None => ("key", format!("Proof: the key {play} at the start.")),
                    Some((Step::Defence(_), d)) => (
                        "answer",
                        format!("Proof: after the defence {d}, the player answers {play}."),
                    ),
                    Some((Step::Play, _)) => (
                        "answer",
                        format!("Proof: the player moves again and plays {play}."),
                    ),
                };
                (
                    arrow(position, play, label, Style::Solver)
                        .into_iter()
                        .collect(),
                    caption,
                )
            }
            ProofNode::Defences { defences } => {
                let side = position.side_word(position.to_move());
                // Every defence drawn, while they are few enough to tell apart.
                let arrows = if defences.len() <= MAX_DEFENCE_ARROWS {
                    defences
                        .iter()
                        .filter_map(|d| arrow(position, &d.mv, "", Style::Defence))
                        .collect()
                } else {
                    Vec::new()
                };
                (
                    arrows,
                    format!(
                        "Proof: {side} to move, {} defence(s): choose one in the list.",
                        defences.len()
                    ),
                )
            }
            ProofNode::End { end } => (
                Vec::new(),
                format!("Proof: the player has won ({}).", end.replace('_', " ")),
            ),
        }
    }

    fn restart(&mut self) {
        self.steps.clear();
        self.moves.clear();
        self.positions.truncate(1);
        self.view = self.node_view();
    }
}

/// The proof browser's state (part of the Verify panel).
#[derive(Default)]
pub struct ProofBrowser {
    job: Option<(Worker<Answer>, Checked)>,
    tree: Option<Tree>,
    /// Why there is no tree (a limit stopped the search, no win).
    message: Option<String>,
    /// Whether the board shows the browser's node.
    pub showing: bool,
}

impl ProofBrowser {
    /// Whether the tree is being searched.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Forgets the tree and stops a running search.
    pub fn reset(&mut self) {
        *self = ProofBrowser::default();
    }

    /// Starts searching the solution tree of `checked` within its goal, with `limits` (and at
    /// most [`MAX_PROOF_NODES`] nodes).
    pub fn start(&mut self, ctx: &egui::Context, checked: &Checked, limits: Limits) {
        if self.job.is_some() {
            return;
        }
        self.tree = None;
        self.showing = false;
        self.message = None;
        let start = checked.start().clone();
        let n = checked.goal();
        let limits = Limits {
            max_nodes: Some(
                limits
                    .max_nodes
                    .map_or(MAX_PROOF_NODES, |m| m.min(MAX_PROOF_NODES)),
            ),
            ..limits
        };
        let spawned = Worker::spawn("peakforge-proof", ctx, limits, move |control, _| {
            with_position!(&start, p => {
                let mut prover = Prover::new(p.to_move(), control);
                proof_tree(p, n, &mut prover)
            })
        });
        match spawned {
            Ok(w) => self.job = Some((w, checked.clone())),
            Err(e) => self.message = Some(format!("cannot start the proof search: {e}")),
        }
    }

    /// Takes the worker's answer; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some((worker, _)) = &mut self.job else {
            return;
        };
        let answer = match worker.poll(ctx) {
            Polled::Running => return,
            Polled::Gone => None,
            Polled::Done(a) => Some(a),
        };
        let Some((_, checked)) = self.job.take() else {
            return;
        };
        match answer {
            Some(Ok(Some(root))) => {
                let (made_for, start) = checked.into_parts();
                let mut tree = Tree {
                    root,
                    made_for,
                    steps: Vec::new(),
                    positions: vec![start],
                    moves: Vec::new(),
                    view: (Vec::new(), String::new()),
                };
                tree.view = tree.node_view();
                self.tree = Some(tree);
                self.showing = true;
            }
            Some(Ok(None)) => {
                self.message = Some(format!(
                    "no proof: {}",
                    crate::verify::Finding::NoWin {
                        goal: checked.goal()
                    }
                ));
            }
            Some(Err(Stop::NodeLimit)) => {
                self.message = Some(format!(
                    "unknown: the proof is too large to browse here (more than {MAX_PROOF_NODES} \
                     nodes); `peakforge solve --proof FILE.json` writes it whole"
                ));
            }
            Some(Err(stop)) => {
                self.message = Some(format!(
                    "unknown: the proof search stopped ({})",
                    stop.describe()
                ));
            }
            None => {
                self.message = Some("the proof search stopped without a tree".into());
            }
        }
    }

    /// What the board shows: the node the browser is at, when it is showing.
    #[must_use]
    pub fn shown(&self) -> Option<Shown> {
        let tree = self.tree.as_ref().filter(|_| self.showing)?;
        let position = tree.positions.last()?.clone();
        let (arrows, caption) = tree.view.clone();
        Some(Shown {
            position,
            arrows,
            caption,
        })
    }

    /// Draws the browser: the button that searches the tree (when `offered`: the last report
    /// holds for the document and is sound or cooked), its progress, then the node with its
    /// defences and the steps. Returns whether the board should now show the browser's node.
    pub fn ui(&mut self, ui: &mut egui::Ui, doc: &Document, offered: bool, limits: Limits) -> bool {
        let ch = &doc.ch;
        if let Some((worker, _)) = &self.job {
            worker.ui(ui, "searching the proof", Some("Cancel proof search"));
            return false;
        }
        let live = self.tree.as_ref().is_some_and(|t| t.made_for == *ch);
        if offered && !live {
            ui.horizontal(|ui| {
                if ui
                    .button("Browse the proof")
                    .on_hover_text(
                        "Walk the solution tree: every defence, and the player's winning answer",
                    )
                    .clicked()
                    && let Ok(checked) = doc.checked()
                {
                    self.start(ui.ctx(), checked, limits);
                }
                if self.tree.is_some() {
                    ui.weak("(the challenge changed since the proof)");
                }
            });
        }
        if let Some(m) = &self.message {
            ui.colored_label(ui.visuals().warn_fg_color, m);
        }
        if !live {
            self.showing = false;
            return false;
        }
        let Some(tree) = &mut self.tree else {
            return false;
        };
        let mut step = None;
        let mut moved = false;
        ui.label(format!(
            "Proof: {} defender move(s), at most {} player move(s)",
            tree.root.defender_moves(),
            tree.root.depth()
        ));
        ui.horizontal_wrapped(|ui| {
            let at_start = tree.steps.is_empty();
            if ui
                .add_enabled(!at_start, egui::Button::new("Proof: start"))
                .on_hover_text("Back to the start of the proof")
                .clicked()
            {
                tree.restart();
                moved = true;
            }
            if ui
                .add_enabled(!at_start, egui::Button::new("Proof: back"))
                .on_hover_text("Take back the last move of the proof")
                .clicked()
            {
                tree.back();
                moved = true;
            }
            let answer = matches!(tree.node(), ProofNode::Play { .. });
            if ui
                .add_enabled(answer, egui::Button::new("Proof: play the answer"))
                .on_hover_text("Play the player's winning move")
                .clicked()
            {
                step = Some(Step::Play);
            }
            if !self.showing && ui.button("Proof: show").clicked() {
                moved = true;
            }
        });
        if !tree.moves.is_empty() {
            ui.weak(format!("Proof line: {}", tree.moves.join(" ")));
        }
        match tree.node() {
            ProofNode::Play { play, .. } => {
                ui.label(format!("The player's winning move here: {play}"));
            }
            ProofNode::End { end } => {
                ui.label(format!("The player has won ({}).", end.replace('_', " ")));
            }
            ProofNode::Defences { defences } => {
                ui.label(format!(
                    "{} defence(s), each answered; choose one:",
                    defences.len()
                ));
                ui.horizontal_wrapped(|ui| {
                    for (i, d) in defences.iter().enumerate() {
                        let answer = match &d.then {
                            ProofNode::Play { play, .. } => format!("answered by {play}"),
                            ProofNode::End { .. } => "it ends the match: the player wins".into(),
                            ProofNode::Defences { .. } => "the defence moves again".into(),
                        };
                        if ui
                            .selectable_label(false, format!("defence {}", d.mv))
                            .on_hover_text(answer)
                            .clicked()
                        {
                            step = Some(Step::Defence(i));
                        }
                    }
                });
            }
        }
        if let Some(s) = step {
            tree.take(s);
            moved = true;
        }
        if moved {
            self.showing = true;
        }
        moved
    }
}

/// The arrow of the certificate's move `text` in `pos` (`None` when it names no legal move).
fn arrow(pos: &AnyPosition, text: &str, label: &str, style: Style) -> Option<MoveArrow> {
    let mv = pos.parse_move(text).ok()?;
    Some(MoveArrow::of(pos, mv, label, style))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// Polls `b` until its search ends (at most 60 s).
    fn finish(b: &mut ProofBrowser, ctx: &egui::Context) {
        let until = Instant::now() + Duration::from_secs(60);
        while b.running() {
            assert!(Instant::now() < until, "the proof search did not end");
            b.poll(ctx);
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_tree_a_limit_stops_is_reported_and_a_whole_one_is_shown() {
        let ch = crate::challenge::load_valid(std::path::Path::new("challenges/05-support.ron"))
            .unwrap();
        let ctx = egui::Context::default();
        let mut b = ProofBrowser::default();
        let tight = Limits {
            max_nodes: Some(10),
            ..Limits::default()
        };
        b.start(&ctx, &ch, tight);
        finish(&mut b, &ctx);
        assert!(b.tree.is_none() && !b.showing && b.shown().is_none());
        let m = b.message.clone().unwrap_or_default();
        assert!(m.contains("too large to browse"), "{m}");
        b.start(&ctx, &ch, Limits::default());
        finish(&mut b, &ctx);
        assert!(b.message.is_none());
        let shown = b.shown().expect("the start of the proof");
        assert_eq!(shown.arrows.len(), 1);
        assert_eq!(shown.arrows[0].label, "key");
    }
}
