//! The solver's findings after Verify, shown on the board: each key move (several are cooks),
//! each dual, the short solution, and the main line stepped through ply by ply. Built once when
//! a report arrives (the moves parsed against the start it was made for); nothing is searched
//! here.

use eframe::egui;

use super::board::Arrow;
use super::style;
use crate::challenge::{self, Challenge};
use crate::game::GameState;
use crate::games::pawn_peak::{Move, Position};
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
}

/// A dual, parsed: the ply in the main line, the move played there and the other winners.
struct Dual {
    ply: usize,
    played: Move,
    alternatives: Vec<Move>,
}

/// The report's moves, parsed, and what is shown.
pub struct Findings {
    start: Position,
    keys: Vec<Move>,
    /// The main line's moves and the positions before each (and after the last).
    line: Vec<Move>,
    positions: Vec<Position>,
    duals: Vec<Dual>,
    /// The shortest win, when it is shorter than the goal: (shortest, goal).
    short: Option<(u32, u32)>,
    /// What the board shows (`None`: the document itself).
    pub view: Option<View>,
}

impl Findings {
    /// The findings of `report`, made for `ch`; `None` when `ch` has no valid start.
    #[must_use]
    pub fn new(report: &VerifyReport, ch: &Challenge) -> Option<Findings> {
        let start = challenge::validate(ch).ok()?;
        let keys = report
            .key_moves
            .iter()
            .filter_map(|t| start.parse_move(t).ok())
            .collect();
        let mut positions = vec![start];
        let mut line = Vec::new();
        for t in &report.main_line {
            let pos = positions[positions.len() - 1];
            let Ok(mv) = pos.parse_move(t) else { break };
            line.push(mv);
            positions.push(pos.after(mv));
        }
        let duals = report
            .duals
            .iter()
            .filter_map(|d| {
                let pos = positions.get(d.ply)?;
                Some(Dual {
                    ply: d.ply,
                    played: pos.parse_move(&d.played).ok()?,
                    alternatives: d
                        .alternatives
                        .iter()
                        .filter_map(|t| pos.parse_move(t).ok())
                        .collect(),
                })
            })
            .collect();
        let goal = ch.goal.player_moves;
        let short = report.player_moves.filter(|&k| k < goal).map(|k| (k, goal));
        Some(Findings {
            start,
            keys,
            line,
            positions,
            duals,
            short,
            view: None,
        })
    }

    /// The position, arrows and caption the board shows for the current view.
    #[must_use]
    pub fn shown(&self) -> Option<(Position, Vec<Arrow>, String)> {
        let arrow = |mv: Move, label: &str, color| Arrow {
            mv,
            label: label.to_string(),
            color,
        };
        let text = |pos: &Position, mv: Move| pos.move_text(mv);
        Some(match self.view? {
            View::Key(i) => {
                let mv = *self.keys.get(i)?;
                let mut arrows: Vec<Arrow> = self
                    .keys
                    .iter()
                    .filter(|&&m| m != mv)
                    .map(|&m| arrow(m, "", style::ALTERNATIVE))
                    .collect();
                arrows.push(arrow(mv, "key", style::SOLVER));
                let what = if self.keys.len() > 1 {
                    "cook"
                } else {
                    "key move"
                };
                (
                    self.start,
                    arrows,
                    format!("Showing the {what} {} at the start.", text(&self.start, mv)),
                )
            }
            View::Dual(i) => {
                let d = self.duals.get(i)?;
                let pos = *self.positions.get(d.ply)?;
                let mut arrows: Vec<Arrow> = d
                    .alternatives
                    .iter()
                    .map(|&m| arrow(m, "dual", style::ALTERNATIVE))
                    .collect();
                arrows.push(arrow(d.played, "main", style::SOLVER));
                (
                    pos,
                    arrows,
                    format!(
                        "Showing the dual at ply {}: {} and {} all win.",
                        d.ply + 1,
                        text(&pos, d.played),
                        self.moves_text(&pos, &d.alternatives)
                    ),
                )
            }
            View::Short => {
                let (k, goal) = self.short?;
                let arrows = self
                    .line
                    .iter()
                    .enumerate()
                    .map(|(i, &m)| {
                        let color = if i % 2 == 0 {
                            style::SOLVER
                        } else {
                            style::ALTERNATIVE
                        };
                        arrow(m, &(i + 1).to_string(), color)
                    })
                    .collect();
                (
                    self.start,
                    arrows,
                    format!(
                        "Showing the short solution: a win in {k} move(s), the goal asks {goal}."
                    ),
                )
            }
            View::Line(ply) => {
                let pos = *self.positions.get(ply)?;
                let arrows = self
                    .line
                    .get(ply)
                    .map(|&m| vec![arrow(m, "next", style::SOLVER)])
                    .unwrap_or_default();
                let next = self.line.get(ply).map_or_else(
                    || "end of the line".to_string(),
                    |&m| format!("next {}", text(&pos, m)),
                );
                (
                    pos,
                    arrows,
                    format!(
                        "Showing the main line after ply {ply} of {} ({next}).",
                        self.line.len()
                    ),
                )
            }
        })
    }

    fn moves_text(&self, pos: &Position, moves: &[Move]) -> String {
        moves
            .iter()
            .map(|&m| pos.move_text(m))
            .collect::<Vec<_>>()
            .join(", ")
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
            for (i, &m) in self.keys.iter().enumerate() {
                let what = if self.keys.len() > 1 { "cook" } else { "key" };
                if ui
                    .selectable_label(
                        self.view == Some(View::Key(i)),
                        format!("{what} {}", self.start.move_text(m)),
                    )
                    .on_hover_text("Show it on the board")
                    .clicked()
                {
                    pick = Some(View::Key(i));
                }
            }
            for (i, d) in self.duals.iter().enumerate() {
                let pos = self.positions[d.ply];
                let entry = format!(
                    "dual at ply {}: {} or {}",
                    d.ply + 1,
                    pos.move_text(d.played),
                    self.moves_text(&pos, &d.alternatives)
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
