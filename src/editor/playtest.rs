//! Play-test mode: the designer plays the challenge as the player (the side to move) against
//! the solver's best defence, which a [`super::worker`] thread picks (the reply that resists
//! longest, or one that wins at once; on Breakthrough, among replies that hold out past the
//! goal, one that wins the match when there is one: [`super::verdict::defence`]), with Resign, Restart and a take-back of the player's own
//! last move (with the defence's answer to it). The game ends in a win, a
//! draw, the player's goal running out, or a resignation, and says who won and why.
//!
//! Every rule set plays the same way through [`AnyPosition`]: a position of the challenge's
//! game (chosen once by [`crate::challenge::validate`]) whose moves are texts, entered by
//! clicking as the line recorder does ([`super::entry`]). A side may
//! move several times in a row (a Seega capture chain, a placement turn): the player then
//! moves again, and the defence answers as many plies as it has to.

use std::time::Duration;

use eframe::egui;

use super::doc::Document;
use super::entry::{Candidate, Entry, Pick, candidates};
use super::worker::{Polled, Worker};
use crate::board_view::{Drawn, MoveMark, Style};
use crate::game::{GameState, Outcome, Player};
use crate::games::{AnyMove, AnyPosition};
use crate::solver::{self, Control, Limits, Prover, Stop};

/// How long the defence may think before it plays its first legal move.
pub const DEFENCE_TIME: Duration = Duration::from_secs(30);

/// The defence's reply, and a note when the solver could not finish.
type Reply = (AnyMove, Option<String>);

/// What the play-test panel asks of the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Switch to play-test mode.
    Start,
    /// Leave play-test mode for editing.
    Stop,
}

/// The play-test game's state.
#[derive(Default)]
pub struct PlayTest {
    /// The document revision the game was set up for.
    revision: Option<u64>,
    start: Option<AnyPosition>,
    goal: u32,
    /// The position now.
    pos: Option<AnyPosition>,
    /// The moves played from the start, both sides, each with whether the solver played it.
    played: Vec<(AnyMove, bool)>,
    /// The player's moves played.
    player_moves: u32,
    /// The player's move being entered.
    pub entry: Entry,
    /// The legal moves of the position now, as they are entered.
    pub moves: Vec<Candidate>,
    /// The defence being searched: its answer, `None` without a legal move.
    job: Option<Worker<Option<Reply>>>,
    /// The last move: the position it was played in, the move, and whether the solver
    /// played it.
    last: Option<(AnyPosition, AnyMove, bool)>,
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
        match doc.checked() {
            Ok(checked) => {
                self.start = Some(checked.start().clone());
                self.goal = checked.goal();
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
        self.pos = self.start.clone();
        self.played.clear();
        self.player_moves = 0;
        self.entry.clear();
        self.moves = self.pos.as_ref().map(candidates).unwrap_or_default();
        self.last = None;
        self.end = None;
    }

    /// The position now (`None` before a valid start).
    #[must_use]
    pub fn position(&self) -> Option<&AnyPosition> {
        self.pos.as_ref()
    }

    /// The moves played so far, both sides, in words.
    #[must_use]
    pub fn played(&self) -> Vec<String> {
        self.start
            .as_ref()
            .map(|s| {
                let moves: Vec<AnyMove> = self.played.iter().map(|&(m, _)| m).collect();
                s.line_texts(&moves)
            })
            .unwrap_or_default()
    }

    /// The last move played, in words, and whether the solver played it (else the player
    /// did).
    #[must_use]
    pub fn last_move(&self) -> Option<(String, bool)> {
        self.last
            .as_ref()
            .map(|(before, mv, solver)| (before.move_text(*mv), *solver))
    }

    /// The last move in words: "Last move: you played b3xc4" or "… the solver played d3-b2".
    #[must_use]
    pub fn last_move_text(&self) -> Option<String> {
        let (text, solver) = self.last_move()?;
        let who = if solver { "the solver" } else { "you" };
        Some(format!("Last move: {who} played {text}"))
    }

    /// The last move as a mark on the board (drawn from the position it was played in),
    /// labelled "you" or "solver".
    #[must_use]
    pub fn last_mark(&self) -> Option<MoveMark> {
        let (before, mv, solver) = self.last.as_ref()?;
        Some(MoveMark {
            shape: before.shape(*mv),
            label: if *solver { "solver" } else { "you" }.to_string(),
            style: if *solver {
                Style::Defence
            } else {
                Style::Solver
            },
        })
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

    fn player(&self) -> Option<Player> {
        self.start.as_ref().map(|p| p.to_move())
    }

    /// A click on the board (a tile, or the exit band) on the player's turn: goes on
    /// entering the player's move, playing it once complete.
    pub fn click(&mut self, ctx: &egui::Context, pick: Pick) {
        let Some(pos) = &self.pos else { return };
        if self.end.is_some() || self.job.is_some() || Some(pos.to_move()) != self.player() {
            return;
        }
        if let Some(mv) = self.entry.click(&self.moves, pick) {
            self.play(ctx, mv, false);
        }
    }

    /// The exit the player's move being entered can end with: its square and label.
    #[must_use]
    pub fn exit_offer(&self) -> Option<String> {
        self.entry.exit(&self.moves).map(|c| c.label.text.clone())
    }

    /// Plays `mv` (legal in the position now), the player's or the solver's.
    fn play(&mut self, ctx: &egui::Context, mv: AnyMove, solver: bool) {
        let Some(before) = self.pos.take() else {
            return;
        };
        let next = before.play(mv);
        self.entry.clear();
        self.last = Some((before, mv, solver));
        self.played.push((mv, solver));
        if !solver {
            self.player_moves += 1;
        }
        self.moves = candidates(&next);
        self.pos = Some(next);
        self.go_on(ctx);
    }

    /// After a ply: ends the game when it is over; else the defence answers when it is its
    /// turn (again, after a ply of its own), or the player moves (again).
    fn go_on(&mut self, ctx: &egui::Context) {
        if self.check_end() {
            return;
        }
        if let Some(pos) = &self.pos
            && Some(pos.to_move()) != self.player()
        {
            let pos = pos.clone();
            self.spawn_defence(ctx, pos);
        }
    }

    /// Ends the game when the match is over, or when the player has used the goal's moves and
    /// the defence has answered. True when it ended.
    fn check_end(&mut self) -> bool {
        let (Some(pos), Some(player)) = (&self.pos, self.player()) else {
            return false;
        };
        let word = |p: Player| pos.side_word(p);
        if let Some(o) = pos.outcome() {
            self.end = Some(describe_outcome(
                o,
                player,
                &word,
                self.player_moves,
                self.goal,
            ));
        } else if pos.to_move() == player && self.player_moves >= self.goal {
            self.end = Some(format!(
                "{} held out: {} did not win within the goal's {} move(s). {} wins the play-test.",
                word(player.opponent()),
                word(player),
                self.goal,
                word(player.opponent())
            ));
        }
        self.end.is_some()
    }

    fn spawn_defence(&mut self, ctx: &egui::Context, pos: AnyPosition) {
        let left = self.goal.saturating_sub(self.player_moves);
        let limits = Limits {
            max_time: Some(DEFENCE_TIME),
            ..super::settings::search_limits()
        };
        let spawned = Worker::spawn("peakforge-playtest", ctx, limits, move |control, _| {
            // A live position has a legal move (PP-8.4); without one there is no reply.
            let first = pos.legal_moves().into_iter().next()?;
            Some(match super::verdict::defence(&pos, left, control) {
                Ok(m) => (m.unwrap_or(first), None),
                Err(stop) => (
                    first,
                    Some(format!(
                        "the solver stopped ({}): the defence played its first legal move",
                        stop.describe()
                    )),
                ),
            })
        });
        match spawned {
            Ok(w) => self.job = Some(w),
            Err(e) => self.note = Some(format!("cannot start the defence: {e}")),
        }
    }

    /// Takes the defence's reply when it came; call once per frame.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let Some(job) = &mut self.job else { return };
        match job.poll(ctx) {
            Polled::Running => {}
            Polled::Done(Some((mv, note))) => {
                self.job = None;
                self.note = note;
                self.play(ctx, mv, true);
            }
            Polled::Done(None) | Polled::Gone => {
                self.job = None;
                self.note = Some("the defence stopped without a move".into());
            }
        }
    }

    /// Whether the player has a move of their own to take back.
    #[must_use]
    pub fn can_take_back(&self) -> bool {
        self.played.iter().any(|&(_, solver)| !solver)
    }

    /// Takes back the player's own last move and everything after it (the defence's answer,
    /// or its search): the player is to move again where they were.
    pub fn take_back(&mut self) {
        let Some(i) = self.played.iter().rposition(|&(_, solver)| !solver) else {
            return;
        };
        let Some(start) = self.start.clone() else {
            return;
        };
        self.job = None;
        self.end = None;
        self.played.truncate(i);
        self.player_moves = self.player_moves.saturating_sub(1);
        let mut pos = start;
        self.last = None;
        for &(mv, solver) in &self.played {
            let next = pos.play(mv);
            self.last = Some((pos, mv, solver));
            pos = next;
        }
        self.entry.clear();
        self.moves = candidates(&pos);
        self.pos = Some(pos);
    }

    /// Draws the panel: whose turn, the moves played, Exit, Resign, Restart, Stop and the
    /// result. `active`: play-test is the current mode; returns what the user asks of the
    /// editor (start play-test, or stop it).
    pub fn ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context, active: bool) -> Option<Request> {
        if !active {
            ui.weak("Play the challenge as the player against the solver's best defence.");
            if ui.button("Start play-test").clicked() {
                self.restart();
                return Some(Request::Start);
            }
            return None;
        }
        let (Some(player), Some(pos)) = (self.player(), &self.pos) else {
            if let Some(n) = &self.note {
                ui.colored_label(ui.visuals().warn_fg_color, n);
            }
            return None;
        };
        let (me, them) = (pos.side_word(player), pos.side_word(player.opponent()));
        let my_turn = pos.to_move() == player;
        // The buttons come first: they stay in place whatever the lines below say.
        let mut request = None;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.end.is_none(), egui::Button::new("Resign"))
                .clicked()
            {
                self.job = None;
                self.end = Some(format!("{me} resigned: {them} wins the play-test."));
            }
            if ui
                .add_enabled(self.can_take_back(), egui::Button::new("Take back my move"))
                .on_hover_text("Take back your last move and the defence's answer to it")
                .clicked()
            {
                self.take_back();
            }
            if ui.button("Restart").clicked() {
                self.restart();
            }
            if ui
                .button("Stop play-test")
                .on_hover_text("Back to editing the challenge")
                .clicked()
            {
                self.job = None;
                request = Some(Request::Stop);
            }
        });
        if let Some(n) = &self.note {
            ui.colored_label(ui.visuals().warn_fg_color, n);
        }
        ui.label(format!(
            "You play {me}; the solver defends {them}. Goal: win within {} move(s); {} used.",
            self.goal, self.player_moves
        ));
        // One row says whose turn it is, or how the play-test ended: the rows below stay
        // where they are as it ends (the turn's row went, and they moved up).
        if self.job.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("{them} is thinking…"));
            });
        } else if let Some(end) = &self.end {
            ui.colored_label(ui.visuals().strong_text_color(), end);
        } else if my_turn {
            ui.weak("Your move: click a piece, then a destination (or a placement's tiles).");
        } else {
            ui.label("");
        }
        if !self.played.is_empty() {
            ui.label(format!("Moves: {}", self.played().join(" ")));
        }
        if let Some(last) = self.last_move_text() {
            ui.label(egui::RichText::new(last).strong());
        }
        if let (Some(label), Some(sq)) = (self.exit_offer(), self.entry.tiles().first())
            && ui.button(format!("Play exit {sq} ({label})")).clicked()
        {
            self.click(ctx, Pick::Exit);
        }
        request
    }
}

/// The result in words: who won (or a draw), the reason, and whether the goal was met; `word`
/// names a side.
fn describe_outcome(
    o: Outcome,
    player: Player,
    word: &dyn Fn(Player) -> String,
    player_moves: u32,
    goal: u32,
) -> String {
    let reason = o.reason.as_str();
    match o.winner {
        Some(w) if w == player && player_moves <= goal => format!(
            "{} wins ({reason}) in {player_moves} move(s), within the goal of {goal}.",
            word(w)
        ),
        Some(w) if w == player => format!(
            "{} wins ({reason}), but in {player_moves} move(s): the goal asks {goal}.",
            word(w)
        ),
        Some(w) => format!("{} wins ({reason}): the defence beat you.", word(w)),
        None => format!("Draw ({reason}): {} did not win.", word(player)),
    }
}

/// The defence the solver picks in `pos` (the defender to move) against a player with `left`
/// moves, in any game: a reply that wins at once; else the reply that resists longest (the
/// solver's main-line choice), preferring one that does not lose at once. `None` when there is
/// no legal move.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn best_defence<G: GameState>(
    pos: &G,
    left: u32,
    control: Control<'_>,
) -> Result<Option<G::Move>, Stop> {
    Ok(defence_and_length(pos, left, control)?.map(|(m, _)| m))
}

/// [`best_defence`], with the player moves the player then needs to win: `u32::MAX` when the
/// defence holds out past `left` (or wins at once).
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn defence_and_length<G: GameState>(
    pos: &G,
    left: u32,
    control: Control<'_>,
) -> Result<Option<(G::Move, u32)>, Stop> {
    let defender = pos.to_move();
    let moves = pos.legal_moves();
    let wins_for = |m: G::Move, side: Player| {
        pos.play(m)
            .outcome()
            .is_some_and(|o: Outcome| o.winner == Some(side))
    };
    if let Some(&m) = moves.iter().find(|&&m| wins_for(m, defender)) {
        return Ok(Some((m, u32::MAX)));
    }
    let player = defender.opponent();
    let mut prover = Prover::new(player, control);
    let (best, len) = solver::longest_defences(pos, left, &mut prover)?;
    Ok(best
        .iter()
        .copied()
        .find(|&m| !wins_for(m, player))
        .or_else(|| best.first().copied())
        .map(|m| (m, len))
        .or_else(|| moves.first().map(|&m| (m, 0))))
}
