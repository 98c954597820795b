//! The solver's findings after Verify, shown on the board: each key move (several are cooks),
//! each dual, the short solution, and the main line stepped through ply by ply. Built once when
//! a report arrives (the moves parsed against the start it was made for, in the challenge's
//! own game through [`AnyPosition`]); nothing is searched here.

use eframe::egui;

use super::playtest::PositionText;
use crate::board_view::Style;
use crate::challenge::Challenge;
use crate::challenge::validate;
use crate::games::AnyPosition;
use crate::verify::VerifyReport;

/// What the board shows from the findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The start with this key move (index in the key moves).
    Key(usize),
    /// The position of this dual (index in the duals) with its winning moves.
    Dual(usize),
    /// The start with the whole (short) main line drawn.
    Short,
    /// The position after this many plies of the main line, with the next move.
    Line(usize),
    /// The refutation of a first move (this index in the refutations): the position after
    /// it with the defence that holds against it (issue 15: `VerifyReport::refutations`).
    Refutation(usize),
}

/// A move drawn as an arrow: its text (in the position shown), a short label on it (a ply
/// number, "key"; may be empty) and its style.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveArrow {
    /// The move's text.
    pub text: String,
    /// The label at the arrow's head.
    pub label: String,
    /// The arrow's style (its colour).
    pub style: Style,
}

/// What the board shows for the current view: the position, the arrows on it and a caption.
pub struct Shown {
    /// The position.
    pub position: AnyPosition,
    /// The moves drawn on it.
    pub arrows: Vec<MoveArrow>,
    /// What is shown, in words.
    pub caption: String,
}

/// A dual, parsed: the ply in the main line, the move played there and the other winners.
struct Dual {
    ply: usize,
    played: String,
    alternatives: Vec<String>,
}

/// The report's moves, parsed, and what is shown.
pub struct Findings {
    /// The key moves (legal at the start).
    keys: Vec<String>,
    /// The main line's moves and the positions before each (and after the last); the first
    /// position is the start.
    line: Vec<String>,
    positions: Vec<AnyPosition>,
    duals: Vec<Dual>,
    /// The shortest win, when it is shorter than the goal: (shortest, goal).
    short: Option<(u32, u32)>,
    /// The refutations of first moves: the move, the position after it, the defence that
    /// holds (`None`: the move ends the match, or the player moves again), and whether the
    /// move is a try (refuted by that defence alone).
    refutations: Vec<(String, AnyPosition, Option<String>, bool)>,
    /// The refutation of the intended first move (an unsound challenge), as an index.
    pub intended: Option<usize>,
    /// What the board shows (`None`: the document itself).
    pub view: Option<View>,
}

impl Findings {
    /// The findings of `report`, made for `ch`; `None` when `ch` has no valid start.
    #[must_use]
    pub fn new(report: &VerifyReport, ch: &Challenge) -> Option<Findings> {
        let start = validate(ch).ok()?;
        let keys = report
            .key_moves
            .iter()
            .filter_map(|t| start.move_text_of(t))
            .collect();
        let mut positions = vec![start];
        let mut line = Vec::new();
        for t in &report.main_line {
            let pos = &positions[positions.len() - 1];
            let (Some(text), Some(next)) = (pos.move_text_of(t), pos.after(t)) else {
                break;
            };
            line.push(text);
            positions.push(next);
        }
        let duals = report
            .duals
            .iter()
            .filter_map(|d| {
                let pos = positions.get(d.ply)?;
                Some(Dual {
                    ply: d.ply,
                    played: pos.move_text_of(&d.played)?,
                    alternatives: d
                        .alternatives
                        .iter()
                        .filter_map(|t| pos.move_text_of(t))
                        .collect(),
                })
            })
            .collect();
        let goal = ch.goal.player_moves;
        let short = report.player_moves.filter(|&k| k < goal).map(|k| (k, goal));
        Some(Findings {
            keys,
            line,
            positions,
            duals,
            short,
            refutations: Vec::new(),
            intended: None,
            view: None,
        })
        .map(|mut f| {
            for r in report.refutations.iter().flatten() {
                f.add_refutation(&r.mv, r.defence.clone(), r.unique);
            }
            f
        })
    }

    /// Adds a refutation of first move `mv` (legal at the start); returns its index (the
    /// existing one when `mv` has one).
    fn add_refutation(&mut self, mv: &str, defence: Option<String>, unique: bool) -> Option<usize> {
        let start = self.positions.first()?;
        let text = start.move_text_of(mv)?;
        if let Some(i) = self.refutations.iter().position(|r| r.0 == text) {
            return Some(i);
        }
        let after = start.after(&text)?;
        self.refutations.push((text, after, defence, unique));
        Some(self.refutations.len() - 1)
    }

    /// Adds the refutation of the intended first move `try_move` (legal at the start): the
    /// defence that holds against it.
    pub fn set_refutation(&mut self, try_move: &str, defence: Option<String>) {
        self.intended = self.add_refutation(try_move, defence, false);
    }

    /// The key moves (several: the challenge is cooked).
    #[must_use]
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// The position, arrows and caption the board shows for the current view.
    #[must_use]
    pub fn shown(&self) -> Option<Shown> {
        let arrow = |mv: &str, label: &str, style| MoveArrow {
            text: mv.to_string(),
            label: label.to_string(),
            style,
        };
        let at = |ply: usize| self.positions.get(ply).cloned();
        let (position, arrows, caption) = match self.view? {
            View::Key(i) => {
                let mv = self.keys.get(i)?;
                let mut arrows: Vec<MoveArrow> = self
                    .keys
                    .iter()
                    .filter(|&m| m != mv)
                    .map(|m| arrow(m, "", Style::Alternative))
                    .collect();
                // A cook is drawn as a cook, not as "the" key.
                let label = if self.keys.len() > 1 { "cook" } else { "key" };
                arrows.push(arrow(mv, label, Style::Solver));
                let what = if self.keys.len() > 1 {
                    "cook"
                } else {
                    "key move"
                };
                (
                    at(0)?,
                    arrows,
                    format!("Showing the {what} {mv} at the start."),
                )
            }
            View::Dual(i) => {
                let d = self.duals.get(i)?;
                let mut arrows: Vec<MoveArrow> = d
                    .alternatives
                    .iter()
                    .map(|m| arrow(m, "dual", Style::Alternative))
                    .collect();
                arrows.push(arrow(&d.played, "main", Style::Solver));
                (
                    at(d.ply)?,
                    arrows,
                    format!(
                        "Showing the dual at ply {}: {} and {} all win.",
                        d.ply + 1,
                        d.played,
                        d.alternatives.join(", ")
                    ),
                )
            }
            View::Short => {
                let (k, goal) = self.short?;
                let arrows = self
                    .line
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let style = if i % 2 == 0 {
                            Style::Solver
                        } else {
                            Style::Alternative
                        };
                        arrow(m, &(i + 1).to_string(), style)
                    })
                    .collect();
                (
                    at(0)?,
                    arrows,
                    format!(
                        "Showing the short solution: a win in {k} move(s), the goal asks {goal}."
                    ),
                )
            }
            View::Refutation(i) => {
                let (try_move, after, defence, _) = self.refutations.get(i)?;
                match defence {
                    Some(d) => (
                        after.clone(),
                        vec![arrow(d, "refutes", Style::Defence)],
                        format!("Showing the refutation: after {try_move}, the defence {d} holds."),
                    ),
                    None => (
                        at(0)?,
                        vec![arrow(try_move, "try", Style::Alternative)],
                        format!("Showing the try {try_move}: it ends the match without a win."),
                    ),
                }
            }
            View::Line(ply) => {
                let next = self.line.get(ply);
                let arrows = next
                    .map(|m| vec![arrow(m, "next", Style::Solver)])
                    .unwrap_or_default();
                let next =
                    next.map_or_else(|| "end of the line".to_string(), |m| format!("next {m}"));
                (
                    at(ply)?,
                    arrows,
                    format!(
                        "Showing the main line after ply {ply} of {} ({next}).",
                        self.line.len()
                    ),
                )
            }
        };
        Some(Shown {
            position,
            arrows,
            caption,
        })
    }

    /// Lists the findings as clickable entries and the main-line stepper. `live`: the report
    /// still holds for the document (else the entries are disabled).
    pub fn ui(&mut self, ui: &mut egui::Ui, live: bool) {
        if !live {
            self.view = None;
        }
        let mut pick = None;
        ui.add_enabled_ui(live, |ui| {
            if self.keys.len() > 1 {
                ui.label(format!("Cooks: {} winning first moves", self.keys.len()));
            }
            for (i, m) in self.keys.iter().enumerate() {
                let what = if self.keys.len() > 1 { "cook" } else { "key" };
                if ui
                    .selectable_label(self.view == Some(View::Key(i)), format!("{what} {m}"))
                    .on_hover_text("Show it on the board")
                    .clicked()
                {
                    pick = Some(View::Key(i));
                }
            }
            // The tries (first moves refuted by one defence alone) with their refutations.
            for (i, (m, _, d, unique)) in self.refutations.iter().enumerate() {
                if !unique {
                    continue;
                }
                let entry = match d {
                    Some(d) => format!("try {m}? refuted by {d}"),
                    None => format!("try {m}? it ends the match"),
                };
                if ui
                    .selectable_label(self.view == Some(View::Refutation(i)), entry)
                    .on_hover_text("Show the refutation on the board")
                    .clicked()
                {
                    pick = Some(View::Refutation(i));
                }
            }
            for (i, d) in self.duals.iter().enumerate() {
                let entry = format!(
                    "dual at ply {}: {} or {}",
                    d.ply + 1,
                    d.played,
                    d.alternatives.join(", ")
                );
                if ui
                    .selectable_label(self.view == Some(View::Dual(i)), entry)
                    .on_hover_text("Show the position and the winning moves")
                    .clicked()
                {
                    pick = Some(View::Dual(i));
                }
            }
            if let Some((k, goal)) = self.short
                && ui
                    .selectable_label(
                        self.view == Some(View::Short),
                        format!("short solution: a win in {k}, the goal asks {goal}"),
                    )
                    .on_hover_text("Show the winning line on the board")
                    .clicked()
            {
                pick = Some(View::Short);
            }
            self.stepper_ui(ui, &mut pick);
        });
        if pick.is_some() {
            self.view = if pick == self.view { None } else { pick };
        }
    }

    fn stepper_ui(&self, ui: &mut egui::Ui, pick: &mut Option<View>) {
        if self.line.is_empty() {
            return;
        }
        let ply = match self.view {
            Some(View::Line(p)) => Some(p),
            _ => None,
        };
        ui.horizontal_wrapped(|ui| {
            ui.label("Step through the main line:");
            if ui
                .add_enabled(ply.is_some_and(|p| p > 0), egui::Button::new("Step back"))
                .on_hover_text("Show the position one ply earlier")
                .clicked()
            {
                *pick = ply.map(|p| View::Line(p - 1));
            }
            if ui
                .add_enabled(
                    ply.is_none_or(|p| p < self.line.len()),
                    egui::Button::new("Step forward"),
                )
                .on_hover_text("Play the solver's main line one ply further")
                .clicked()
            {
                *pick = Some(View::Line(ply.map_or(0, |p| p + 1)));
            }
            match ply {
                Some(p) => ui.label(format!("ply {p} of {}", self.line.len())),
                None => ui.weak(format!("{} plies", self.line.len())),
            };
        });
    }
}
