//! The solver's findings after Verify, shown on the board: each key move (several are cooks),
//! each dual, the short solution, the tries' refutations, and the main line stepped through
//! ply by ply. Built once when a report arrives, from its typed moves (nothing is parsed or
//! searched here); the words are made when the board or the panel draws them.

use eframe::egui;

use crate::board_view::{Drawn, MoveMark, Shape, Style};
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition};
use crate::solver::refute::Refutation;
use crate::verify::{Dual, Finding, VerifyReport};

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

/// A move drawn as an arrow, made for the screen from a typed move and the position it is
/// played in: its text, its shape on the board, a short label on it (a ply number, "key"; may
/// be empty) and its style.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveArrow {
    /// The move's text.
    pub text: String,
    /// The arrow or rings, drawn as they are.
    pub shape: Shape,
    /// The label at the arrow's head.
    pub label: String,
    /// The arrow's style (its colour).
    pub style: Style,
}

impl MoveArrow {
    /// The arrow of `mv`, played in `pos`.
    #[must_use]
    pub fn of(pos: &AnyPosition, mv: AnyMove, label: &str, style: Style) -> MoveArrow {
        MoveArrow {
            text: pos.move_text(mv),
            shape: pos.shape(mv),
            label: label.to_string(),
            style,
        }
    }

    /// The mark the board view draws.
    #[must_use]
    pub fn mark(&self) -> MoveMark {
        MoveMark {
            shape: self.shape.clone(),
            label: self.label.clone(),
            style: self.style,
        }
    }
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

/// The report's moves and what is shown.
pub struct Findings {
    /// The key moves (legal at the start).
    keys: Vec<AnyMove>,
    /// The main line's moves.
    line: Vec<AnyMove>,
    /// The start, then the position after each move of the main line.
    positions: Vec<AnyPosition>,
    duals: Vec<Dual>,
    /// The shortest win, when it is shorter than the goal: (shortest, goal).
    short: Option<(u32, u32)>,
    /// The refutations of first moves, with the position after each first move.
    refutations: Vec<(Refutation<AnyMove>, AnyPosition)>,
    /// The refutation of the intended first move (an unsound challenge), as an index.
    pub intended: Option<usize>,
    /// What the board shows (`None`: the document itself).
    pub view: Option<View>,
}

impl Findings {
    /// The findings of `report`, made for a challenge whose goal is `goal`; `None` when the
    /// report has no start (an invalid file).
    #[must_use]
    pub fn new(report: &VerifyReport, goal: u32) -> Option<Findings> {
        let start = report.start.clone()?;
        let mut positions = vec![start];
        for &m in &report.main_line {
            let next = positions[positions.len() - 1].play(m);
            positions.push(next);
        }
        let short = report.player_moves.filter(|&k| k < goal).map(|k| (k, goal));
        let mut f = Findings {
            keys: report.key_moves.clone(),
            line: report.main_line.clone(),
            positions,
            duals: report.duals.clone(),
            short,
            refutations: Vec::new(),
            intended: None,
            view: None,
        };
        for r in report.refutations.iter().flatten() {
            f.add_refutation(*r);
        }
        Some(f)
    }

    /// Adds a refutation of a first move (legal at the start); returns its index (the
    /// existing one when that move has one).
    fn add_refutation(&mut self, r: Refutation<AnyMove>) -> usize {
        if let Some(i) = self.refutations.iter().position(|(x, _)| x.mv == r.mv) {
            return i;
        }
        let after = self.positions[0].play(r.mv);
        self.refutations.push((r, after));
        self.refutations.len() - 1
    }

    /// Adds the refutation of the intended first move: the defence that holds against it.
    pub fn set_refutation(&mut self, r: Refutation<AnyMove>) {
        self.intended = Some(self.add_refutation(r));
    }

    /// The refutation of the intended first move, in words: "after b3xc4, the defence d3-b2
    /// holds" or "b3xc4 ends the match without a win".
    #[must_use]
    pub fn intended_words(&self) -> Option<String> {
        let (r, after) = self.refutations.get(self.intended?)?;
        let mv = self.positions[0].move_text(r.mv);
        Some(match r.defence {
            Some(d) => format!("after {mv}, the defence {} holds", after.move_text(d)),
            None => format!("{mv} ends the match without a win"),
        })
    }

    /// The key moves' texts (several: the challenge is cooked).
    #[must_use]
    pub fn key_texts(&self) -> Vec<String> {
        self.keys
            .iter()
            .map(|&m| self.positions[0].move_text(m))
            .collect()
    }

    /// The position, arrows and caption the board shows for the current view.
    #[must_use]
    pub fn shown(&self) -> Option<Shown> {
        let start = &self.positions[0];
        let (position, arrows, caption) = match self.view? {
            View::Key(i) => {
                let mv = *self.keys.get(i)?;
                let mut arrows: Vec<MoveArrow> = self
                    .keys
                    .iter()
                    .filter(|&&m| m != mv)
                    .map(|&m| MoveArrow::of(start, m, "", Style::Alternative))
                    .collect();
                // A cook is drawn as a cook, not as "the" key.
                let (label, what) = if self.keys.len() > 1 {
                    ("cook", "cook")
                } else {
                    ("key", "key move")
                };
                arrows.push(MoveArrow::of(start, mv, label, Style::Solver));
                let caption = format!("Showing the {what} {} at the start.", start.move_text(mv));
                (start.clone(), arrows, caption)
            }
            View::Dual(i) => {
                let d = self.duals.get(i)?;
                let mut arrows: Vec<MoveArrow> = d
                    .alternatives
                    .iter()
                    .map(|&m| MoveArrow::of(&d.at, m, "dual", Style::Alternative))
                    .collect();
                arrows.push(MoveArrow::of(&d.at, d.played, "main", Style::Solver));
                let caption = format!(
                    "Showing the dual at ply {}: {} and {} all win.",
                    d.ply + 1,
                    d.at.move_text(d.played),
                    d.alternatives()
                );
                (d.at.clone(), arrows, caption)
            }
            View::Short => {
                let (k, goal) = self.short?;
                let player = start.to_move();
                // Each move drawn from the position it is played in.
                let arrows = self
                    .line
                    .iter()
                    .zip(&self.positions)
                    .enumerate()
                    .map(|(i, (&m, at))| {
                        let style = if at.to_move() == player {
                            Style::Solver
                        } else {
                            Style::Alternative
                        };
                        MoveArrow::of(at, m, &(i + 1).to_string(), style)
                    })
                    .collect();
                let caption = format!(
                    "Showing the short solution: a win in {k} move(s), the goal asks {goal}."
                );
                (start.clone(), arrows, caption)
            }
            View::Refutation(i) => {
                let (r, after) = self.refutations.get(i)?;
                let try_move = start.move_text(r.mv);
                match r.defence {
                    Some(d) => (
                        after.clone(),
                        vec![MoveArrow::of(after, d, "refutes", Style::Defence)],
                        format!(
                            "Showing the refutation: after {try_move}, the defence {} holds.",
                            after.move_text(d)
                        ),
                    ),
                    None => (
                        start.clone(),
                        vec![MoveArrow::of(start, r.mv, "try", Style::Alternative)],
                        format!("Showing the try {try_move}: it ends the match without a win."),
                    ),
                }
            }
            View::Line(ply) => {
                let at = self.positions.get(ply)?;
                let next = self
                    .line
                    .get(ply)
                    .map(|&m| MoveArrow::of(at, m, "next", Style::Solver));
                let words = next.as_ref().map_or_else(
                    || "end of the line".to_string(),
                    |a| format!("next {}", a.text),
                );
                let caption = format!(
                    "Showing the main line after ply {ply} of {} ({words}).",
                    self.line.len()
                );
                (at.clone(), next.into_iter().collect(), caption)
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
        let start = &self.positions[0];
        ui.add_enabled_ui(live, |ui| {
            let cooked = self.keys.len() > 1;
            if cooked {
                ui.label(format!("Cooks: {} winning first moves", self.keys.len()));
            }
            for (i, &m) in self.keys.iter().enumerate() {
                let what = if cooked { "cook" } else { "key" };
                if ui
                    .selectable_label(
                        self.view == Some(View::Key(i)),
                        format!("{what} {}", start.move_text(m)),
                    )
                    .on_hover_text("Show it on the board")
                    .clicked()
                {
                    pick = Some(View::Key(i));
                }
            }
            // The tries (first moves refuted by one defence alone) with their refutations.
            for (i, (r, after)) in self.refutations.iter().enumerate() {
                if !r.unique {
                    continue;
                }
                let m = start.move_text(r.mv);
                let entry = match r.defence {
                    Some(d) => format!("try {m}? refuted by {}", after.move_text(d)),
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
                let entry = Finding::Dual(d.clone()).to_string();
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
                        Finding::Short { shortest: k, goal }.to_string(),
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
                // The first step plays the first ply (the start is Step back's, at ply 0).
                *pick = Some(View::Line(ply.map_or(1, |p| p + 1).min(self.line.len())));
            }
            match ply {
                Some(p) => ui.label(format!("ply {p} of {}", self.line.len())),
                None => ui.weak(format!("{} plies", self.line.len())),
            };
        });
    }
}
