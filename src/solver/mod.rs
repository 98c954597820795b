//! The exhaustive solver (DESIGN.md "The solver's job"): whether the side to move forces a win
//! within N of its own moves, the shortest win, every winning first move (the key; more than
//! one is a cook), the main line with the longest-resisting defence, duals, short solutions and
//! the check of an intended line. Generic over [`GameState`].

pub mod breakthrough_proof;
mod control;
pub mod headroom;
pub mod known;
mod order;
pub mod plain;
pub mod proof;
pub mod refute;
mod review;
mod search;
mod split;
mod table;
pub mod threads;

pub(crate) use control::Meter;
pub use control::{
    CHECK_EVERY_NODES, Control, DEFAULT_MAX_MEMORY_MIB, DEFAULT_TABLE_BYTES, Limits, Progress,
    Stop, WORKING_SHARE,
};
pub use review::{Proof, Review, review};
pub use search::Prover;

/// A winning move of the side to move of a Breakthrough position (`None` when it loses), by
/// the same proof search as [`who_wins`].
pub use breakthrough_proof::best_move;
/// The move of perfect play of a Breakthrough position's side to move (the fastest win, or the
/// longest resistance), with who wins and in how many plies, by the proof search of
/// [`who_wins`].
pub use breakthrough_proof::perfect_move;
/// Who wins a Breakthrough position with perfect play, and with `length` in how many plies:
/// the proof search of [`breakthrough_proof`], for boards of at most 64 tiles where the move
/// limit cannot come before the end of the match (so no draw is possible). Pawn&Peak and
/// Seega have no such search: their matches can be drawn (a move limit, a blocked board), so
/// "who wins" is the bounded question of [`solve`] there.
pub use breakthrough_proof::prove as who_wins;

use std::time::Duration;

use crate::game::GameState;

/// The solver's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The player forces a win within the bound.
    Win,
    /// Proved: the player cannot force a win within the bound.
    NoWin,
    /// A limit or cancel stopped the search.
    Unknown(Stop),
}

impl Verdict {
    /// `win`, `no_win` or `unknown`, as the CLI prints it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::NoWin => "no_win",
            Verdict::Unknown(_) => "unknown",
        }
    }
}

/// A point in the main line where the player has more than one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dual<M> {
    /// Index in the main line of the player's move (0 is the key move).
    pub ply: usize,
    /// The main line's move there.
    pub played: M,
    /// The other moves that also win within the moves left.
    pub alternatives: Vec<M>,
}

/// Everything [`solve`] found. Moves are the game's moves; lists of moves are sorted by text.
#[derive(Debug, Clone)]
pub struct Solution<M> {
    /// The answer.
    pub verdict: Verdict,
    /// The bound searched: at most this many player moves.
    pub max_moves: u32,
    /// The shortest forced win in player moves, when `verdict` is `Win`.
    pub player_moves: Option<u32>,
    /// Every first move that wins within `max_moves`, sorted by move text.
    pub key_moves: Vec<M>,
    /// The main line: the key move that wins fastest, then at each defender move the defence
    /// that resists longest, until the match ends.
    pub line: Vec<M>,
    /// Duals along the main line (after the key move).
    pub duals: Vec<Dual<M>>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes searched until the verdict, the shortest win and the key moves were known (before
    /// the main line and duals): what the plain minimax's answer is compared with.
    pub answer_nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The default bound: the player moves left before the move limit (every second ply, the
/// player's first, when the sides alternate; every ply left otherwise, as a Seega player may
/// chain captures), or 64 for games without a limit.
#[must_use]
pub fn default_bound<G: GameState>(pos: &G) -> u32 {
    pos.plies_left().map_or(64, |p| {
        if pos.sides_alternate() {
            p.div_ceil(2)
        } else {
            p
        }
    })
}

/// The bound a search uses: `max_moves`, or [`default_bound`], and never more than the player
/// moves left before the move limit.
#[must_use]
pub fn bound<G: GameState>(pos: &G, max_moves: Option<u32>) -> u32 {
    max_moves
        .unwrap_or_else(|| default_bound(pos))
        .min(default_bound(pos))
}

impl<M> Solution<M> {
    /// A solution before any search: `no_win` within `max_moves`, nothing found yet.
    #[must_use]
    pub fn unsolved(max_moves: u32) -> Solution<M> {
        Solution {
            verdict: Verdict::NoWin,
            max_moves,
            player_moves: None,
            key_moves: Vec::new(),
            line: Vec::new(),
            duals: Vec::new(),
            nodes: 0,
            answer_nodes: 0,
            elapsed: Duration::ZERO,
        }
    }
}

fn sorted_by_text<G: GameState>(pos: &G, mut moves: Vec<G::Move>) -> Vec<G::Move> {
    moves.sort_by_cached_key(|&m| pos.move_text(m));
    moves
}

/// Solves `pos` for its side to move: win within `max_moves` player moves (`None`: before the
/// move limit, see [`default_bound`]).
#[must_use]
pub fn solve<G: GameState>(
    pos: &G,
    max_moves: Option<u32>,
    control: Control<'_>,
) -> Solution<G::Move> {
    let mut prover = Prover::new(pos.to_move(), control);
    solve_with(pos, max_moves, &mut prover)
}

/// What [`solve_reviewed`] gives: the solution, and its review or the reason the review
/// stopped.
pub type Reviewed<M> = (Solution<M>, Result<Review<M>, Stop>);

/// [`solve`], then [`review`] of the answer with the same prover: the review starts from the
/// solve's table (what the key search proved about every first move) and its clock and node
/// count, so the limits bound both together, as [`review`] after [`solve`] does.
///
/// # Errors
/// The review's [`Stop`] (the solution is returned either way).
pub fn solve_reviewed<G: GameState>(
    pos: &G,
    max_moves: Option<u32>,
    proof: Proof,
    control: Control<'_>,
) -> Reviewed<G::Move> {
    let mut prover = Prover::new(pos.to_move(), control);
    let sol = solve_with(pos, max_moves, &mut prover);
    let review = review::review_with(pos, &sol, proof, &mut prover);
    (sol, review)
}

fn solve_with<G: GameState>(
    pos: &G,
    max_moves: Option<u32>,
    prover: &mut Prover<'_, G>,
) -> Solution<G::Move> {
    let max = bound(pos, max_moves);
    let control = prover.meter.control;
    let mut sol = Solution::unsolved(max);
    let threads = control.limits.thread_count();
    let r = analyse(pos, max, prover, threads, &mut sol);
    if let Err(stop) = r {
        // A stopped search proves nothing: no partial answer is reported ("never a guess").
        sol.verdict = Verdict::Unknown(stop);
        sol.player_moves = None;
        sol.key_moves.clear();
        sol.line.clear();
        sol.duals.clear();
        sol.answer_nodes = 0;
    }
    sol.nodes = prover.nodes();
    if sol.answer_nodes == 0 {
        // No win (or stopped): the whole search was the answer.
        sol.answer_nodes = sol.nodes;
    }
    sol.elapsed = prover.meter.start.elapsed();
    sol
}

fn analyse<G: GameState>(
    pos: &G,
    max: u32,
    prover: &mut Prover<'_, G>,
    threads: usize,
    sol: &mut Solution<G::Move>,
) -> Result<(), Stop> {
    if pos.outcome().is_some() {
        return Ok(());
    }
    let Some(shortest) = prover.shortest_win(pos, max)? else {
        return Ok(());
    };
    sol.verdict = Verdict::Win;
    sol.player_moves = Some(shortest);
    // Every key move: the root split over `threads` threads (in text order with one).
    let moves = sorted_by_text(pos, pos.legal_moves());
    sol.key_moves = split::winning_moves(pos, &moves, max, prover, threads)?;
    sol.answer_nodes = prover.nodes();

    main_line(pos, shortest, max, prover, sol)
}

/// The first move by text of the player in `pos` that wins within `n`.
fn first_winning_move<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Option<G::Move>, Stop> {
    for m in sorted_by_text(pos, pos.legal_moves()) {
        if prover.move_wins(pos, m, n)? {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// Winning moves of the player in `pos` within `n`, sorted by text.
fn winning_moves<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<Vec<G::Move>, Stop> {
    let mut out = Vec::new();
    for m in sorted_by_text(pos, pos.legal_moves()) {
        if prover.move_wins(pos, m, n)? {
            out.push(m);
        }
    }
    Ok(out)
}

/// The defences of `pos` (defender to move) that resist longest against a player who has at
/// most `n` moves left, and how many player moves the win then takes (`u32::MAX` when a
/// defence escapes); sorted by text.
///
/// # Errors
/// [`Stop`] from the search.
pub fn longest_defences<G: GameState>(
    pos: &G,
    n: u32,
    prover: &mut Prover<'_, G>,
) -> Result<(Vec<G::Move>, u32), Stop> {
    let mut best = Vec::new();
    let mut best_len = 0;
    for r in sorted_by_text(pos, pos.legal_moves()) {
        let child = pos.play(r);
        let len = if child.outcome().is_some() {
            0
        } else {
            prover.shortest_win(&child, n)?.unwrap_or(u32::MAX)
        };
        if len > best_len || best.is_empty() {
            if len > best_len {
                best.clear();
            }
            best_len = best_len.max(len);
        }
        if len == best_len {
            best.push(r);
        }
    }
    Ok((best, best_len))
}

/// Makes `line` (moves from `root`) the best line the progress callback reports.
fn report_line<G: GameState>(root: &G, line: &[G::Move], prover: &mut Prover<'_, G>) {
    prover.meter.best_line = root.line_texts(line).into();
}

/// The main line from `root`: whoever is to move plays, the player the first move (by text)
/// that wins within the moves it needs, the defender the first longest-resisting defence
/// (one side may move several times in a row: a Seega chain).
fn main_line<G: GameState>(
    root: &G,
    shortest: u32,
    max: u32,
    prover: &mut Prover<'_, G>,
    sol: &mut Solution<G::Move>,
) -> Result<(), Stop> {
    let player = root.to_move();
    let mut pos = root.clone();
    let mut need = shortest;
    let mut k = 0u32; // player moves made
    while pos.outcome().is_none() {
        if pos.to_move() != player {
            let (defs, len) = longest_defences(&pos, need, prover)?;
            let Some(&r) = defs.first() else { break };
            if len == u32::MAX {
                break; // cannot happen on a proven line; stop rather than loop
            }
            sol.line.push(r);
            report_line(root, &sol.line, prover);
            pos = pos.play(r);
            need = len;
            continue;
        }
        if need == 0 {
            break;
        }
        // The first move by text that wins within `need`, and after the key move every move
        // that wins within the moves allowed (the same search when they are as many).
        // The key move: a move that wins within `need` ≤ `max` is a key move, so only the key
        // moves (by text) are tried, and with `need == max` the first of them wins.
        let allowed = max - k;
        let (first, all) = if k == 0 {
            let mut first = None;
            for (i, &m) in sol.key_moves.iter().enumerate() {
                if need == max && i == 0 || prover.move_wins(&pos, m, need)? {
                    first = Some(m);
                    break;
                }
            }
            (first, None)
        } else if allowed == need {
            let all = winning_moves(&pos, need, prover)?;
            (all.first().copied(), Some(all))
        } else {
            let first = first_winning_move(&pos, need, prover)?;
            (first, Some(winning_moves(&pos, allowed, prover)?))
        };
        let Some(m) = first else { break };
        if let Some(all) = all
            && all.len() > 1
        {
            sol.duals.push(Dual {
                ply: sol.line.len(),
                played: m,
                alternatives: all.into_iter().filter(|&x| x != m).collect(),
            });
        }
        sol.line.push(m);
        report_line(root, &sol.line, prover);
        pos = pos.play(m);
        k += 1;
        need -= 1;
    }
    Ok(())
}
