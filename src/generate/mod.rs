//! Generate: sound tutorial candidates for a theme, on demand (issue "Generate"). Random
//! starts of the size asked ([`setup`]) go through a cheap filter (for a win in one, a player
//! move that shows a theme asked) and the solver (a forced win in exactly the goal's moves
//! with one key move); the solver's main line becomes the intended line and only the full
//! verification admits a candidate: sound, teaching every theme asked ([`candidate`]), and no
//! near-duplicate of an earlier one or of a library's entry. `--like` makes variants of an
//! existing tutorial instead ([`like`]). Same seed, same candidates: trial `k` draws from its
//! own generator, so shards of the trials give the same candidates as the whole run.

pub mod candidate;
pub mod like;
pub mod setup;

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::challenge::{Checked, GameName, Sizes};
use crate::game::GameState;
use crate::games::with_game;
use crate::library::duplicates::same_puzzle;
use crate::solver::{Control, Stop};
use crate::themes::{Start, Theme, Themed};
pub use candidate::{Candidate, Listed, Rejected};
use setup::{Shape, random_spec, trial_rng};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Request {
    /// The game.
    pub game: GameName,
    /// The themes every candidate must teach (at least one).
    pub themes: Vec<&'static str>,
    /// The goal: win within (exactly) this many player moves.
    pub moves: u32,
    /// Files and ranks.
    pub size: (u8, u8),
    /// Pieces on the board, both sides together.
    pub pieces: u8,
    /// How many candidates to find.
    pub count: usize,
    /// The run's seed.
    pub seed: u64,
    /// How many trials at most (the trials are numbered from 0).
    pub tries: u64,
    /// Only the trials `k` with `k % n == i - 1`: shard `(i, n)`.
    pub shard: Option<(u64, u64)>,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Found {
    /// The candidates admitted, in trial order.
    pub candidates: Vec<Candidate>,
    /// Trials made.
    pub tried: u64,
    /// Trials each reason turned down: invalid, filtered, not sound, not the themes,
    /// duplicates, stopped.
    pub rejected: [u64; 6],
    /// The limit that stopped the run, if one did.
    pub stopped: Option<Stop>,
    /// Trials that came near the themes: a win in one whose start has a move showing them
    /// (past the cheap filter), or a sound start whose verification looked for them.
    pub near: u64,
    /// The run gave up: none of its first [`PROBE`] trials came near the themes (they cannot be
    /// taught on this board, or hardly ever).
    pub hopeless: bool,
    /// The run did not start: a theme asked can never come into play in its game
    /// ([`Start::Never`]): the theme and why.
    pub impossible: Option<(&'static str, &'static str)>,
}

/// Trials after which a run none of whose trials came near the themes gives up.
pub const PROBE: u64 = 2000;

/// Why a request cannot be met at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RequestError(pub String);

/// The themes of `ids` in `game`.
///
/// # Errors
/// An id that names no theme of `game` (the message lists its themes).
pub fn themes_of(game: GameName, ids: &[String]) -> Result<Vec<&'static Theme>, RequestError> {
    let known = crate::themes::catalogue(game);
    ids.iter()
        .map(|id| {
            known.iter().find(|t| t.id == id).ok_or_else(|| {
                let all: Vec<&str> = known.iter().map(|t| t.id).collect();
                let owner = crate::games::GAMES
                    .into_iter()
                    .find(|g| crate::themes::catalogue(*g).iter().any(|t| t.id == id));
                RequestError(match owner {
                    Some(g) => {
                        format!("--theme {id}: a theme of {g}, not of {game}: give --game {g}")
                    }
                    None => format!(
                        "--theme {id}: no game has this theme; {game}'s themes are {}",
                        all.join(", ")
                    ),
                })
            })
        })
        .collect()
}

/// The pieces a start of `themes` has when `--pieces` is not given: 4, or 8 for a capture
/// chain ([`Start::Chain`]: two captures need two enemy pieces and two of the player's in
/// line, which four random pieces seldom are).
#[must_use]
pub fn default_pieces(themes: &[&Theme]) -> u8 {
    if themes.iter().any(|t| t.start == Start::Chain) {
        8
    } else {
        4
    }
}

/// The first theme of `ids` that can never come into play in its game, and why.
#[must_use]
pub fn never(ids: &[&'static str]) -> Option<(&'static str, &'static str)> {
    ids.iter().find_map(|&id| match crate::themes::find(id) {
        Some((
            _,
            Theme {
                start: Start::Never(why),
                ..
            },
        )) => Some((id, why)),
        _ => None,
    })
}

/// The trials a run makes at most by default: 20 000 per candidate asked.
#[must_use]
pub fn default_tries(count: usize) -> u64 {
    20_000 * count as u64
}

/// Why a board of `size` with `pieces` pieces cannot hold a start of `game`, in words naming
/// the flag (`--size`, `--pieces`); `None` when it can.
#[must_use]
pub fn board_problem(game: GameName, (w, h): (u8, u8), pieces: u8) -> Option<String> {
    let sizes = game.authoring().sizes;
    let ok = match sizes {
        Sizes::Rect { width, height } => {
            (width.0..=width.1).contains(&w) && (height.0..=height.1).contains(&h)
        }
        Sizes::Square(sizes) => w == h && sizes.contains(&w),
    };
    if !ok {
        let allowed = match sizes {
            Sizes::Rect { width, height } => format!(
                "has {} to {} files and {} to {} ranks",
                width.0, width.1, height.0, height.1
            ),
            Sizes::Square(sizes) => {
                let list: Vec<String> = sizes.iter().map(ToString::to_string).collect();
                let list = match list.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => list.join(""),
                };
                format!("is square, {list} tiles a side")
            }
        };
        return Some(format!("--size {w}x{h}: a {game} board {allowed}"));
    }
    let tiles = u16::from(w) * u16::from(h);
    (u16::from(pieces) > tiles)
        .then(|| format!("--pieces {pieces}: a {w}x{h} board has {tiles} tiles"))
}

/// How many trials the run makes at once (a batch: the candidates are kept in trial order).
const BATCH: u64 = 64;

/// Runs `req`, dropping candidates that are the same puzzle as one of `library`;
/// `progress(tried, admitted)` after each batch of trials.
#[must_use]
pub fn generate(
    req: &Request,
    library: &[Checked],
    control: Control<'_>,
    progress: &(dyn Fn(u64, usize) + Sync),
) -> Found {
    let mut found = Found {
        impossible: never(&req.themes),
        ..Found::default()
    };
    if found.impossible.is_some() {
        return found;
    }
    let needs: Vec<Start> = req
        .themes
        .iter()
        .filter_map(|id| crate::themes::find(id).map(|(_, t)| t.start))
        .collect();
    let (shard, of) = req.shard.unwrap_or((1, 1));
    let mine = (0..req.tries).filter(|k| k % of == shard - 1);
    let trials: Vec<u64> = mine.collect();
    let stop = AtomicBool::new(false);
    for batch in trials.chunks(usize::try_from(BATCH).unwrap_or(64)) {
        let results: Vec<(u64, Result<Candidate, Rejected>)> = batch
            .par_iter()
            .map(|&k| {
                (
                    k,
                    if stop.load(Ordering::Relaxed) {
                        Err(Rejected::Stopped(Stop::Cancelled))
                    } else {
                        trial(req, &needs, k, control)
                    },
                )
            })
            .collect();
        for (_, r) in results {
            found.tried += 1;
            let near = match r {
                Ok(_) | Err(Rejected::Themes) => true,
                Err(Rejected::NotSound) => req.moves == 1,
                Err(_) => false,
            };
            found.near += u64::from(near);
            match r.and_then(|c| unique(c, &found.candidates, library)) {
                Ok(c) if found.candidates.len() < req.count => found.candidates.push(c),
                Ok(_) => {}
                Err(why) => {
                    found.rejected[reason_index(why)] += 1;
                    if let Rejected::Stopped(s) = why
                        && s != Stop::NodeLimit
                    {
                        found.stopped.get_or_insert(s);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        progress(found.tried, found.candidates.len());
        // A run of filtered trials never reaches the solver's own check of the flag.
        if control.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            found.stopped.get_or_insert(Stop::Cancelled);
        }
        if found.candidates.len() >= req.count || found.stopped.is_some() {
            break;
        }
        if found.tried >= PROBE && found.near == 0 {
            found.hopeless = true;
            break;
        }
    }
    found
}

fn reason_index(r: Rejected) -> usize {
    match r {
        Rejected::Invalid => 0,
        Rejected::Filtered => 1,
        Rejected::NotSound => 2,
        Rejected::Themes => 3,
        Rejected::Duplicate => 4,
        Rejected::Stopped(_) => 5,
    }
}

/// `c`, unless it is the same puzzle as an earlier candidate or a library entry.
pub(super) fn unique(
    c: Candidate,
    earlier: &[Candidate],
    library: &[Checked],
) -> Result<Candidate, Rejected> {
    let dup = earlier
        .iter()
        .map(|e| &e.checked)
        .chain(library)
        .any(|o| same_puzzle(o, &c.checked).is_some());
    if dup { Err(Rejected::Duplicate) } else { Ok(c) }
}

/// Trial `k`: a random start, the filter, the solver, the full verification.
fn trial(
    req: &Request,
    needs: &[Start],
    k: u64,
    control: Control<'_>,
) -> Result<Candidate, Rejected> {
    let mut rng = trial_rng(req.seed, k);
    let shape = Shape {
        game: req.game,
        size: req.size,
        pieces: req.pieces,
        moves: req.moves,
    };
    // Besides what the themes need, a quarter of the trials each get a tight limit, an exited
    // piece or starting scores: the ends through which a win in few moves can come.
    let mut needs = needs.to_vec();
    for extra in [Start::TightLimit, Start::OneExited, Start::Scores] {
        if rng.usize(..4) == 0 && !needs.contains(&extra) {
            needs.push(extra);
        }
    }
    let spec = random_spec(shape, &needs, &mut rng).ok_or(Rejected::Invalid)?;
    let side = format!("{:?}", spec.side_to_move);
    let id = format!(
        "generated-{}-{}-{k}",
        req.themes.first().copied().unwrap_or("theme"),
        req.seed
    );
    let ch = candidate::challenge_of(
        req.game,
        spec,
        req.moves,
        Vec::new(),
        &req.themes,
        id,
        &side,
    );
    let plain = {
        let mut p = ch.clone();
        p.teaches.clear();
        p
    };
    let start = crate::challenge::validate(&plain).map_err(|_| Rejected::Invalid)?;
    if req.moves == 1 && !shows_at_once(start.start(), &req.themes) {
        return Err(Rejected::Filtered);
    }
    let checked = candidate::solved(ch, control)?;
    let report = candidate::admitted(&checked, control)?;
    Ok(Candidate {
        trial: k,
        checked: candidate::noted(checked, &report),
        report,
    })
}

/// The cheap filter of a win in one: some move of the player shows every theme asked (by its
/// kind or by the end it brings).
fn shows_at_once(start: &crate::games::AnyPosition, themes: &[&str]) -> bool {
    with_game!(start.game(), G => {
        let Some(p) = <G as crate::games::Member>::own_position(start) else { return false };
        p.legal_moves().into_iter().any(|m| {
            let mut shown: Vec<&str> = p.shown_by_move(m).into_iter().map(|(id, _)| id).collect();
            if let Some(o) = p.play(m).outcome() {
                shown.extend(G::shown_by_end(p, o.reason).into_iter().map(|(id, _)| id));
            }
            themes.iter().all(|t| shown.contains(t))
        })
    })
}
