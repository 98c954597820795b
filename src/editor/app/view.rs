//! The central board view of [`EditorApp`]: which board is shown (a solver finding, the
//! play-test game, the line being recorded, the document, or a read-only preview of an
//! unbuildable board) and what its pointer events do; where a clicked problem points.

use eframe::egui;

use super::{Command, EditorApp};
use crate::challenge;
use crate::editor::board::{self, Arrow, Overlay};
use crate::editor::edit::Edit;
use crate::editor::focus;
use crate::editor::playtest::PositionText;
use crate::editor::problems::Target;
use crate::editor::tools::Tool;
use crate::editor::white_black;
use crate::game::GameState;
use crate::games::pawn_peak::{Position, Square};

impl EditorApp {
    /// Shows where a problem is: its tiles on the board, or its field focused.
    pub(super) fn point_at(&mut self, ctx: &egui::Context, p: &challenge::Problem) {
        match crate::editor::problems::target(p, &self.doc.ch) {
            Some(Target::Squares(squares)) => {
                let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
                self.message = Some(format!(
                    "{}: {} (highlighted on the board)",
                    p.field,
                    names.join(" ")
                ));
                self.highlight = (squares, self.doc.revision);
                self.verify.close_view();
                if !self.tools.tool.edits() {
                    self.tools.tool = Tool::default();
                }
            }
            Some(Target::Field(label)) => {
                focus::ask(ctx, &label);
                self.message = Some(format!("{}: see the field \"{label}\"", p.field));
            }
            None => self.message = Some(format!("{}: {}", p.field, p.message)),
        }
    }

    /// The position the board shows: a solver finding, the play-test game, the line being
    /// recorded, or the document's start.
    pub(super) fn shown_position(&self) -> Option<Position> {
        if let Some(shown) = self.verify.shown() {
            return shown.position.pawn_peak();
        }
        match self.tools.tool {
            Tool::Play => self.play.shown(),
            Tool::PlayTest => self.playtest.position(),
            _ => self.play.start,
        }
    }

    /// The status bar's words for the tile under the pointer, in any game.
    pub(super) fn hover_line(&self) -> Option<String> {
        let sq = self.hovered?;
        let game = self.doc.ch.game;
        if game != challenge::GameName::PawnPeak {
            let spec = self.white_black_shown().spec;
            return (sq.file() < spec.width && sq.rank() < spec.height)
                .then(|| format!("{sq} · {}", white_black::board::tile_text(&spec, game, sq)));
        }
        let pos = self.shown_position()?;
        pos.contains(sq)
            .then(|| crate::editor::status::hover_text(&pos, sq))
    }

    /// The caption of a solver finding shown on the board, with a way back.
    fn finding_caption(&mut self, ui: &mut egui::Ui, caption: &str) {
        ui.horizontal(|ui| {
            ui.label(caption);
            if ui.button("Back to the board").clicked() {
                self.verify.close_view();
            }
        });
    }

    /// A solver finding on the board, read-only, with its caption and a way back.
    fn finding(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(shown) = self.verify.shown() else {
            return false;
        };
        let Some(pos) = shown.position.pawn_peak() else {
            return false;
        };
        let arrows: Vec<Arrow> = shown
            .arrows
            .iter()
            .filter_map(|a| {
                Some(Arrow {
                    mv: pos.parse_move(&a.text).ok()?,
                    label: a.label.clone(),
                    color: a.color,
                })
            })
            .collect();
        self.finding_caption(ui, &shown.caption);
        let overlay = Overlay {
            arrows: &arrows,
            ..Overlay::default()
        };
        self.hovered = board::show(ui, &pos, &overlay).hovered;
        true
    }

    /// The play-test game on the board: clicks select and play the player's moves.
    fn play_test_board(&mut self, ui: &mut egui::Ui) {
        let Some(pos) = self.playtest.position() else {
            ui.centered_and_justified(|ui| {
                ui.label(
                    "Play-test needs a valid challenge: fix the problems listed on the right.",
                );
            });
            return;
        };
        let overlay = Overlay {
            selected: self.playtest.selected,
            moves: &self.playtest.moves,
            ..Overlay::default()
        };
        let ev = board::show(ui, &pos, &overlay);
        self.hovered = ev.hovered;
        let ctx = ui.ctx().clone();
        if ev.exit_clicked {
            self.playtest.exit(&ctx);
        } else if let Some(sq) = ev.clicked {
            self.playtest.click(&ctx, sq);
        }
    }

    /// What a Breakthrough or Seega board shows now: a solver finding, the play-test game, the
    /// line being recorded, or the document's start.
    fn white_black_shown(&self) -> WhiteBlackShown {
        let doc_spec = || self.doc.ch.position.clone();
        if let Some(shown) = self.verify.shown() {
            return WhiteBlackShown {
                spec: shown.position.spec(),
                mode: Mode::Finding(shown.caption),
                targets: Vec::new(),
                arrows: shown.arrows,
            };
        }
        let (spec, mode, targets) = if self.tools.tool == Tool::PlayTest {
            (
                self.playtest.spec().unwrap_or_else(doc_spec),
                Mode::PlayTest,
                self.playtest.targets(),
            )
        } else if self.recorder.on {
            match self.recorder.shown(&self.doc.ch) {
                Some((spec, targets)) => (spec, Mode::Record, targets),
                None => (doc_spec(), Mode::Record, Vec::new()),
            }
        } else {
            (doc_spec(), Mode::Edit, Vec::new())
        };
        WhiteBlackShown {
            spec,
            mode,
            targets,
            arrows: Vec::new(),
        }
    }

    /// A Breakthrough or Seega board: a solver finding (read-only), the play-test game (clicks
    /// enter the player's moves), the line being recorded (clicks record moves), or the file's
    /// spec edited with the palette.
    fn white_black_board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let game = self.doc.ch.game;
        let shown = self.white_black_shown();
        let no_game = shown.mode == Mode::PlayTest && self.playtest.spec().is_none();
        let no_line = shown.mode == Mode::Record && self.recorder.shown(&self.doc.ch).is_none();
        match &shown.mode {
            Mode::Finding(caption) => self.finding_caption(ui, caption),
            _ if no_game => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "Play-test needs a valid challenge: fix the problems listed on the right.",
                );
            }
            _ if no_line => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "Recording: the line cannot be replayed (see the Intended line panel); the \
                     start is shown.",
                );
            }
            _ => {}
        }
        let spec = &shown.spec;
        if game == challenge::GameName::Seega {
            white_black::status::ui(ui, spec);
        }
        let picked: &[Square] = match shown.mode {
            Mode::Record => &self.recorder.picked,
            Mode::PlayTest => &self.playtest.picked,
            _ => &[],
        };
        let marks = white_black::board::Marks {
            highlight: if shown.mode == Mode::Edit {
                self.highlighted()
            } else {
                &[]
            },
            chain: white_black::spec::chain_square(spec),
            picked,
            targets: &shown.targets,
            arrows: &shown.arrows,
        };
        let ev = white_black::board::show(ui, spec, game, &marks);
        self.hovered = ev.hovered;
        let Some(sq) = ev.clicked else {
            return;
        };
        let edit = match shown.mode {
            Mode::Finding(_) => None,
            Mode::PlayTest => {
                self.playtest.click(ui.ctx(), sq);
                None
            }
            Mode::Record => self.recorder.click(&self.doc.ch, sq),
            Mode::Edit => white_black::panel::click_edit(&self.doc.ch, self.brush, sq),
        };
        if let Some(e) = edit {
            out.push(Command::Edit(e, None));
        }
    }

    pub(super) fn board(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        if self.doc.ch.game != challenge::GameName::PawnPeak {
            self.white_black_board(ui, out);
            return;
        }
        if self.finding(ui) {
            return;
        }
        if self.tools.tool == Tool::PlayTest {
            self.play_test_board(ui);
            return;
        }
        let playing = self.tools.tool == Tool::Play;
        let shown = if playing {
            self.play.shown()
        } else {
            self.play.start
        };
        let Some(pos) = shown else {
            if let Some(pos) = self.problems.preview {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "Preview: the board cannot be edited until the problems on the right are \
                     fixed; click one to see where it is.",
                );
                let overlay = Overlay {
                    highlight: self.highlighted(),
                    ..Overlay::default()
                };
                self.hovered = board::show(ui, &pos, &overlay).hovered;
                return;
            }
            ui.centered_and_justified(|ui| {
                ui.label("The board cannot be drawn: fix the position problems listed on the right, or start a New challenge.");
            });
            return;
        };
        let overlay = if playing {
            Overlay {
                selected: self.play.selected,
                moves: &self.play.moves,
                ..Overlay::default()
            }
        } else {
            Overlay {
                dragging: self.canvas.dragged(),
                highlight: self.highlighted(),
                ..Overlay::default()
            }
        };
        let ev = board::show(ui, &pos, &overlay);
        self.hovered = ev.hovered;
        if playing {
            if ev.exit_clicked {
                if let Some(mv) = self.play.exit_move()
                    && let Some(e) = self.play.record(mv.text())
                {
                    out.push(Command::Edit(e, None));
                }
            } else if let Some(sq) = ev.clicked
                && let Some(e) = self.play.click(sq)
            {
                out.push(Command::Edit(e, None));
            }
            return;
        }
        for (e, group) in self.canvas.edits(&ev, &pos, &self.tools) {
            out.push(Command::Edit(e, group));
        }
    }

    /// Flatten all: every tile to the chosen height, one undo step.
    pub(super) fn flatten(&mut self, out: &mut Vec<Command>) {
        match self.doc.board() {
            Some(pos) if self.tools.tool.edits() => {
                let changes = crate::editor::terrain::flatten(&pos, self.tools.height);
                if !changes.is_empty() {
                    out.push(Command::Edit(Edit::Heights(changes), None));
                }
            }
            Some(_) => {
                self.message = Some("Flatten works in the Edit board mode.".into());
            }
            None => {
                self.message =
                    Some("The board cannot be flattened until its problems are fixed.".into());
            }
        }
    }
}

/// What a Breakthrough or Seega board does with a click.
#[derive(Debug, PartialEq)]
enum Mode {
    /// Nothing: a solver finding (with this caption) is shown.
    Finding(String),
    /// Enters the player's move in the play-test game.
    PlayTest,
    /// Records a move of the intended line.
    Record,
    /// Edits the position with the palette.
    Edit,
}

/// A Breakthrough or Seega board as shown: the position, what clicks do, the squares that
/// continue a move being entered, and the solver's moves drawn.
struct WhiteBlackShown {
    spec: challenge::PositionSpec,
    mode: Mode,
    targets: Vec<Square>,
    arrows: Vec<crate::editor::findings::MoveArrow>,
}
