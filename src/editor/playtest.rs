//! Play-test mode: the designer plays the challenge as the player (the side to move) against
//! the solver's best defence, which a named worker thread picks (the reply that resists
//! longest, or one that wins at once), with Resign and Restart. The game ends in a win, a
//! draw, the player's goal running out, or a resignation, and says who won and why.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use eframe::egui;

use super::doc::Document;
use super::play::{exit_of, move_to, select_piece};
use super::style::side_word;
use crate::challenge;
use crate::game::{GameState, Outcome, Player};
use crate::games::pawn_peak::{Move, Position, Side, Square};
use crate::solver::{self, Control, Limits, Prover, Stop};

/// How long the defence may think before it plays its first legal move.
pub const DEFENCE_TIME: Duration = Duration::from_secs(30);

/// The defence's reply, and a note when the solver could not finish.
type Reply = (Move, Option<String>);

/// A defence being computed on its worker thread.
struct Job {
    rx: Receiver<Reply>,
    cancel: Arc<AtomicBool>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The play-test game's state.
#[derive(Default)]
pub struct PlayTest {
    /// The document revision the game was set up for.
    revision: Option<u64>,
    start: Option<Position>,
    goal: u32,
    /// The position now.
    pos: Option<Position>,
    /// The moves played, both sides.
    played: Vec<String>,
    /// The player's moves played.
    player_moves: u32,
    /// The selected piece of the player.
    pub selected: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
    job: Option<Job>,
    /// How the game ended.
    end: Option<String>,
    /// Why the game cannot be played, or a note about the defence.
    note: Option<String>,
}

impl PlayTest {
    /// Sets the game up again when the document changed since it began.
    pub fn sync(&mut self, doc: &Document) {
        if self.revision == Some(doc.revision) {
            return;
        }
        self.revision = Some(doc.revision);
        match challenge::validate(&doc.ch) {
            Ok(start) => {
                self.start = Some(start);
                self.goal = doc.ch.goal.player_moves;
                self.note = None;
            }
            Err(problems) => {
                self.start = None;
                self.note = Some(format!(
                    "fix the {} problem(s) listed below to play-test",
                    problems.len()
                ));
            }
        }
        self.restart();
    }

    /// Starts the game again from the challenge's start.
    pub fn restart(&mut self) {
        self.job = None;
        self.pos = self.start;
        self.played.clear();
        self.player_moves = 0;
        self.selected = None;
        self.moves.clear();
        self.end = None;
    }

    /// The position to draw.
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        self.pos
    }

    /// How the game ended, when it has.
    #[must_use]
    pub fn end(&self) -> Option<&str> {
        self.end.as_deref()
    }

    /// Whether the defence is thinking.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    fn player(&self) -> Option<Side> {
        self.start.map(|p| p.side_to_move())
    }

    /// A click on the board: plays a highlighted destination, or selects a piece.
    pub fn click(&mut self, ctx: &egui::Context, sq: Square) {
        let Some(pos) = self.pos else { return };
        if self.end.is_some() || self.job.is_some() {
            return;
        }
        if let Some(mv) = move_to(&self.moves, sq) {
            self.play_player(ctx, mv);
            return;
        }
        self.selected = if self.selected == Some(sq) {
            self.moves.clear();
            None
        } else {
            select_piece(&pos, sq, &mut self.moves)
        };
    }

    /// Plays the selected piece's exit, when it has one.
    pub fn exit(&mut self, ctx: &egui::Context) {
        if let Some(mv) = exit_of(&self.moves)
            && self.end.is_none()
            && self.job.is_none()
        {
            self.play_player(ctx, mv);
        }
    }

    fn play_player(&mut self, ctx: &egui::Context, mv: Move) {
        let Some(pos) = self.pos else { return };
        self.selected = None;
        self.moves.clear();
        self.played.push(mv.text());
        self.player_moves += 1;
        let next = pos.after(mv);
        self.pos = Some(next);
        if !self.check_end() {
            self.spawn_defence(ctx, next);
        }
    }

    /// Ends the game when the match is over, or when the player has used the goal's moves and
    /// the defence has answered. True when it ended.
    fn check_end(&mut self) -> bool {
        let (Some(pos), Some(player)) = (self.pos, self.player()) else {
            return false;
        };
        if let Some(o) = pos.outcome() {
            self.end = Some(describe_outcome(o, player, self.player_moves, self.goal));
        } else if pos.side_to_move() == player && self.player_moves >= self.goal {
            self.end = Some(format!(
                "{} held out: {} did not win within the goal's {} move(s). {} wins the play-test.",
                side_word(player.opponent()),
                side_word(player),
                self.goal,
                side_word(player.opponent())
            ));
        }
        self.end.is_some()
    }

    fn spawn_defence(&mut self, ctx: &egui::Context, pos: Position) {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let left = self.goal.saturating_sub(self.player_moves);
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("peakforge-playtest".into())
            .spawn(move || {
                let control = Control {
                    limits: Limits {
                        max_time: Some(DEFENCE_TIME),
                        ..Limits::default()
                    },
                    cancel: Some(&flag),
                    progress: None,
                };
                // A live position has a legal move (PP-8.4); without one the channel closes.
                let Some(first) = pos.legal_moves().first().copied() else {
                    return;
                };
                let reply = match best_defence(&pos, left, control) {
                    Ok(m) => (m.unwrap_or(first), None),
                    Err(stop) => (
                        first,
                        Some(format!(
                            "the solver stopped ({}): the defence played its first legal move",
                            stop.describe()
                        )),
                    ),
                };
                if !flag.load(Ordering::Relaxed) {
                    let _ = tx.send(reply);
                    ctx.request_repaint();
                }
            });
        match spawned {
            Ok(_) => self.job = Some(Job { rx, cancel }),
            Err(e) => self.note = Some(format!("cannot start the defence: {e}")),
        }
    }

    /// Takes the defence's reply when it came; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some(job) = &self.job else { return };
        match job.rx.try_recv() {
            Ok((mv, note)) => {
                self.job = None;
                if let Some(pos) = self.pos {
                    self.played.push(mv.text());
                    self.pos = Some(pos.after(mv));
                    self.note = note;
                    self.check_end();
                }
            }
            Err(TryRecvError::Empty) => ctx.request_repaint_after(Duration::from_millis(100)),
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.note = Some("the defence stopped without a move".into());
            }
        }
    }

    /// Draws the panel: whose turn, the moves played, Exit, Resign, Restart and the result.
    /// `active`: play-test is the current mode; returns true when the user asks to start it.
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context, active: bool) -> bool {
        let mut start = false;
        if !active {
            ui.weak("Play the challenge as the player against the solver's best defence.");
            if ui.button("Start play-test").clicked() {
                self.restart();
                start = true;
            }
            return start;
        }
        if let Some(n) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, n);
        }
        let (Some(player), Some(pos)) = (self.player(), self.pos) else {
            return false;
        };
        ui.label(format!(
            "You play {}; the solver defends {}. Goal: win within {} move(s); {} used.",
            side_word(player),
            side_word(player.opponent()),
            self.goal,
            self.player_moves
        ));
        if self.job.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("{} is thinking…", side_word(player.opponent())));
            });
        } else if self.end.is_none() && pos.side_to_move() == player {
            ui.weak("Your move: click a piece, then a destination.");
        }
        if !self.played.is_empty() {
            ui.label(format!("Moves: {}", self.played.join(" ")));
        }
        if let (Some(mv), Some(sq)) = (exit_of(&self.moves), self.selected)
            && ui
                .button(format!("Play exit {sq} (cost {})", mv.cost))
                .clicked()
        {
            self.exit(ctx);
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.end.is_none(), egui::Button::new("Resign"))
                .clicked()
            {
                self.job = None;
                self.end = Some(format!(
                    "{} resigned: {} wins the play-test.",
                    side_word(player),
                    side_word(player.opponent())
                ));
            }
            if ui.button("Restart").clicked() {
                self.restart();
            }
        });
        if let Some(end) = &self.end {
            ui.colored_label(ui.visuals().strong_text_color(), end);
        }
        false
    }
}

/// The result in words: who won (or a draw), the reason, and whether the goal was met.
fn describe_outcome(o: Outcome, player: Side, player_moves: u32, goal: u32) -> String {
    let reason = o.reason.as_str();
    match o.winner.map(Side::from) {
        Some(w) if w == player && player_moves <= goal => format!(
            "{} wins ({reason}) in {player_moves} move(s), within the goal of {goal}.",
            side_word(w)
        ),
        Some(w) if w == player => format!(
            "{} wins ({reason}), but in {player_moves} move(s): the goal asks {goal}.",
            side_word(w)
        ),
        Some(w) => format!("{} wins ({reason}): the defence beat you.", side_word(w)),
        None => format!("Draw ({reason}): {} did not win.", side_word(player)),
    }
}

/// The defence the solver picks in `pos` (the defender to move) against a player with `left`
/// moves: a reply that wins at once; else the reply that resists longest (PP: the solver's
/// main-line choice), preferring one that does not lose at once. `None` when there is no legal
/// move.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn best_defence(pos: &Position, left: u32, control: Control<'_>) -> Result<Option<Move>, Stop> {
    let defender: Player = pos.to_move();
    let moves = pos.legal_moves();
    let wins_for = |m: Move, side: Player| {
        pos.play(m)
            .outcome()
            .is_some_and(|o: Outcome| o.winner == Some(side))
    };
    if let Some(&m) = moves.iter().find(|&&m| wins_for(m, defender)) {
        return Ok(Some(m));
    }
    let player = defender.opponent();
    let mut prover = Prover::new(player, control);
    let (best, _) = solver::longest_defences(pos, left, &mut prover)?;
    Ok(best
        .iter()
        .copied()
        .find(|&m| !wins_for(m, player))
        .or_else(|| best.first().copied())
        .or_else(|| moves.first().copied()))
}
