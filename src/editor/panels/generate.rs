//! The Generate tab ([`crate::generate`] in the editor): game, theme, moves, files, ranks,
//! piece count, candidates and seed, each a labelled field; Generate runs on a worker thread
//! ([`crate::editor::worker`]) with the trials made so far and Cancel; the candidates found
//! are listed each as a small board with its rating and themes. "Open candidate k" puts it in
//! place as a new document ([`Command::Adopt`]); "Replace with candidate k" makes the current
//! document the candidate as one undo step ([`Edit::Replace`]).

use eframe::egui;

use super::{PanelCx, SidePanel};
use crate::board_view::BoardView;
use crate::challenge::{Challenge, GameName};
use crate::editor::command::Command;
use crate::editor::edit::Edit;
use crate::editor::worker::{Polled, Worker};
use crate::game::Player;
use crate::games::GAMES;
use crate::generate::{self, Candidate, Found, Request};

/// The Generate tab's fields, its run and its candidates.
pub struct GenerateTab {
    game: GameName,
    theme: &'static str,
    moves: u32,
    width: u8,
    height: u8,
    pieces: u8,
    count: usize,
    seed: u64,
    job: Option<Worker<Found>>,
    found: Vec<Shown>,
    said: Option<String>,
}

/// A candidate as the tab shows it, read once when the run ends (not every frame): its
/// board, caption and themes.
struct Shown {
    candidate: Candidate,
    view: BoardView,
    caption: String,
    themes: String,
}

impl Shown {
    fn of(i: usize, candidate: Candidate) -> Shown {
        let r = &candidate.report;
        let rating = r.difficulty.as_ref().map_or(0.0, |d| d.rating);
        let themes: Vec<&str> = r.themes.iter().flatten().map(|t| t.id).collect();
        Shown {
            view: BoardView::of(candidate.checked.start()),
            caption: format!(
                "Candidate {i}: key {}, rating {rating}",
                r.key_texts().join(", ")
            ),
            themes: themes.join(", "),
            candidate,
        }
    }
}

impl Default for GenerateTab {
    fn default() -> Self {
        GenerateTab {
            game: GameName::PawnPeak,
            theme: "pp-5-exit",
            moves: 1,
            width: 5,
            height: 5,
            pieces: 4,
            count: 3,
            seed: 1,
            job: None,
            found: Vec::new(),
            said: None,
        }
    }
}

impl SidePanel for GenerateTab {
    fn id(&self) -> &'static str {
        "generate"
    }

    fn title(&self, _cx: &PanelCx<'_>) -> String {
        "Generate".into()
    }

    fn poll(&mut self, ctx: &egui::Context) {
        let Some(worker) = &mut self.job else {
            return;
        };
        let cancelled = worker.cancelled();
        let found = match worker.poll(ctx) {
            Polled::Running => return,
            Polled::Gone => None,
            Polled::Done(f) => Some(f),
        };
        self.job = None;
        self.said = Some(match found {
            None => "Generate stopped without an answer.".into(),
            Some(f) => {
                let text = summary(&f, cancelled);
                self.found = (f.candidates.into_iter().enumerate())
                    .map(|(i, c)| Shown::of(i + 1, c))
                    .collect();
                text
            }
        });
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelCx<'_>) {
        let running = self.job.is_some();
        ui.add_enabled_ui(!running, |ui| self.fields(ui));
        if let Some(worker) = &self.job {
            worker.ui(ui, "generating", Some("Cancel generate"));
        } else if ui
            .button("Generate candidates")
            .on_hover_text("Random starts proved sound and teaching the theme by the solver")
            .clicked()
        {
            self.start(ui.ctx(), cx.verify.limits());
        }
        if let Some(m) = &self.said {
            ui.label(m);
        }
        for (i, c) in self.found.iter().enumerate() {
            ui.separator();
            candidate_ui(ui, i + 1, c, cx.out);
        }
    }
}

impl GenerateTab {
    /// The labelled fields.
    fn fields(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("generate-fields")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Game");
                egui::ComboBox::from_id_salt("generate-game")
                    .selected_text(self.game.authoring().title)
                    .show_ui(ui, |ui| {
                        for g in GAMES {
                            ui.selectable_value(&mut self.game, g, g.authoring().title);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let themes = crate::themes::catalogue(self.game);
                let before = self.theme;
                if !themes.iter().any(|t| t.id == self.theme) {
                    self.theme = themes.first().map_or("", |t| t.id);
                }
                let label = ui.label("Theme");
                egui::ComboBox::from_id_salt("generate-theme")
                    .selected_text(self.theme)
                    .width(200.0)
                    .show_ui(ui, |ui| {
                        for t in themes {
                            ui.selectable_value(&mut self.theme, t.id, t.id)
                                .on_hover_text(t.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                // Another theme: its default piece count (a capture chain needs more pieces).
                if self.theme != before
                    && let Some((_, t)) = crate::themes::find(self.theme)
                {
                    self.pieces = generate::default_pieces(&[&t]);
                }
                number(ui, "Moves", &mut self.moves, 1..=8);
                number(ui, "Files", &mut self.width, 2..=16);
                number(ui, "Ranks", &mut self.height, 2..=16);
                number(ui, "Piece count", &mut self.pieces, 2..=32);
                number(ui, "Candidates", &mut self.count, 1..=50);
                number(ui, "Seed", &mut self.seed, 0..=u64::MAX);
            });
    }

    /// Starts the run with the fields' request, or says why it cannot.
    fn start(&mut self, ctx: &egui::Context, limits: crate::solver::Limits) {
        let size = (self.width, self.height);
        if let Some(why) = generate::board_problem(self.game, size, self.pieces) {
            self.said = Some(why);
            return;
        }
        let req = Request {
            game: self.game,
            themes: vec![self.theme],
            moves: self.moves,
            size,
            pieces: self.pieces,
            count: self.count,
            seed: self.seed,
            tries: generate::default_tries(self.count),
            shard: None,
        };
        self.found.clear();
        self.said = None;
        let spawned = Worker::spawn("peakforge-generate", ctx, limits, move |control, note| {
            let progress = |tried: u64, admitted: usize| {
                note(format!("{tried} trials, {admitted} admitted"));
            };
            generate::generate(&req, &[], control, &progress)
        });
        match spawned {
            Ok(w) => self.job = Some(w),
            Err(e) => self.said = Some(format!("cannot start Generate: {e}")),
        }
    }
}

/// A labelled number field.
fn number<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
) {
    let label = ui.label(name);
    ui.add(egui::DragValue::new(value).range(range))
        .labelled_by(label.id);
    ui.end_row();
}

/// What a finished run says.
fn summary(f: &Found, cancelled: bool) -> String {
    let n = f.candidates.len();
    if cancelled {
        return format!(
            "Generate cancelled after {} trials: {n} candidate(s) kept.",
            f.tried
        );
    }
    if let Some((theme, why)) = f.impossible {
        return format!("No candidate: {theme} cannot be taught in this game: {why}.");
    }
    if f.hopeless {
        return format!(
            "No candidate: none of the first {} trials came near the theme on this board.",
            f.tried
        );
    }
    let stop = f
        .stopped
        .map(|s| format!(" ({})", s.describe()))
        .unwrap_or_default();
    format!("{n} candidate(s) from {} trials{stop}.", f.tried)
}

/// One candidate: its board, rating and themes, and its two buttons.
fn candidate_ui(ui: &mut egui::Ui, i: usize, c: &Shown, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        small_board(ui, &c.view);
        ui.vertical(|ui| {
            ui.label(&c.caption);
            ui.weak(&c.themes);
            ui.horizontal(|ui| {
                let ch: &Challenge = c.candidate.checked.challenge();
                if ui
                    .button(format!("Open candidate {i}"))
                    .on_hover_text("Open the candidate as a new document")
                    .clicked()
                {
                    out.push(Command::Adopt(
                        Box::new(ch.clone()),
                        format!("Candidate {i} opened as a new challenge."),
                    ));
                }
                if ui
                    .button(format!("Replace with candidate {i}"))
                    .on_hover_text("Make the current document this candidate (one undo step)")
                    .clicked()
                {
                    out.push(Command::Edit(Edit::Replace(Box::new(ch.clone())), None));
                }
            });
        });
    });
}

/// The board of `view` drawn small: tiles shaded by height, pieces as discs with letters.
fn small_board(ui: &mut egui::Ui, view: &BoardView) {
    let tile = 14.0;
    let (w, h) = (f32::from(view.width), f32::from(view.height));
    let (rect, _) = ui.allocate_exact_size(egui::vec2(w * tile, h * tile), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let at = |f: u8, r: u8| {
        let min = rect.min + egui::vec2(f32::from(f) * tile, (h - 1.0 - f32::from(r)) * tile);
        egui::Rect::from_min_size(min, egui::vec2(tile, tile))
    };
    for r in 0..view.height {
        for f in 0..view.width {
            let height = view.terrain.as_ref().map_or(0, |t| {
                t[usize::from(r) * usize::from(view.width) + usize::from(f)]
            });
            let shade = 225 - 35 * height.min(3);
            let fill = egui::Color32::from_rgb(shade, shade, shade.saturating_sub(20));
            painter.rect_filled(at(f, r).shrink(0.5), 0.0, fill);
        }
    }
    for d in &view.pieces {
        let ((fr, fg, fb), (tr, tg, tb)) = view.palette.disc(d.side);
        let c = at(d.square.file(), d.square.rank()).center();
        painter.circle_filled(c, tile * 0.42, egui::Color32::from_rgb(fr, fg, fb));
        if d.side == Player::First && view.palette == crate::board_view::Palette::WhiteBlack {
            painter.circle_stroke(c, tile * 0.42, (1.0, egui::Color32::DARK_GRAY));
        }
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            &d.letter,
            egui::FontId::proportional(9.0),
            egui::Color32::from_rgb(tr, tg, tb),
        );
    }
}
