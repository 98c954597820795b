//! Who wins a Breakthrough position, and in how many plies, without a move bound: a boolean
//! depth-first proof search with a transposition table on bitboards (`bitboard.rs`, boards of
//! at most 64 tiles), then the length by bounded searches that reuse the proof's table and
//! start from the bound the proof itself gives.
//!
//! # Scores
//! A position's value for the side to move is a score: `WIN - k` when it wins in `k` plies
//! (its winning move included) against the longest defence, `k - WIN` when it loses in `k`
//! plies against the fastest win (`-WIN` once it has lost). Breakthrough cannot be drawn
//! when the move limit cannot be reached before the match ends ([`prove`] checks it: every
//! move advances a pawn one rank), so every score is one of these. The parent's score is the
//! best over its moves of the child's score negated and moved one ply towards 0. Every search
//! is a test "score ≥ γ" (`Search::test`): γ = 1 asks "does the side to move win?", γ =
//! `WIN - n` "does it win within `n` plies?", γ = `n + 1 - WIN` "does it survive `n` plies?".
//! Tests are *fail-soft*: besides the answer they return a proven bound (`score ≥ v ≥ γ` or
//! `score ≤ v < γ`), so the proof "wins" (γ = 1) already bounds the length, and the length
//! is found by tests from that bound towards the truth (MTD(f), `Search::length`), each
//! moving the bound. The table keeps, per position, the proven bounds `lo ≤ score ≤ hi`, so
//! the proof's bounds answer many of the later tests at once (the proof seeds the length).
//! At every position the children's entries are read before any child is searched (enhanced
//! transposition cutoff): one the table shows failing ends the search.
//!
//! # The exact rules used before any move is generated (side to move S, opponent O)
//! 1. *Win at once*: S wins with its next move if it has a pawn on its last rank before the
//!    far rank (BT-3): that pawn's forward diagonals on the board (one at least, width ≥ 2,
//!    D-12) are empty or hold an O pawn (a move or a capture); an S pawn there would already
//!    be on the far rank and the match over. S also wins at once by taking O's last pawn.
//!    Its score is then `WIN - 1`, the best there is.
//! 2. Otherwise S cannot win before its second move (`WIN - 3` at best) and O cannot win
//!    before its first (`2 - WIN` at worst).
//! 3. *Threats*: an O pawn on O's last rank before its far rank wins at O's next move by
//!    rule 1 unless S's move removes it, and S's move removes a pawn only by taking it (it
//!    cannot block: the pawn's diagonals stay moves or captures whatever S puts there). So
//!    with two or more such O pawns S loses in 2 plies (score `2 - WIN`, one move takes one
//!    pawn), and with one, only S's captures of that pawn can do better than `2 - WIN`: the
//!    others are not searched.
//! 4. *Mirror*: the rules are symmetric left to right, so a position and its mirror image
//!    have the same score; the table stores the smaller of the two (by pawn sets).
//! 5. *Distances*: S needs as many moves as its nearest pawn's ranks to go, or O's pawns,
//!    whichever is fewer, to win, and O likewise: bounds on the score both ways.
//! 6. *A win in 3 plies*: S steps onto its last rank before the far rank where no O pawn
//!    attacks (and O has no pawn one rank from its own far rank).
//! 7. *Unstoppable runners*: an S pawn that no O pawn can ever reach or block, at most as far
//!    as O's nearest pawn, wins for S; an O pawn no S pawn can reach, nearer than S's nearest,
//!    wins for O (both bound the score). Rules 5–7 are argued in `rules.rs` and checked on
//!    every position of four small boards ([`static_bounds`]).
//!
//! `tests/breakthrough_proof.rs` checks the answers against the plain minimax and the
//! existing prover (`crate::solver::known`) on small boards and random positions, and each rule
//! against a search without it.

mod fastest;
mod perfect;
mod records;
mod rules;
mod search;
mod strategy;
mod survival;
mod table;
pub mod union;

pub use perfect::perfect_move;
pub use records::Records;
pub use strategy::{Strategy, best_move, certificates, key, record, strategy};
pub use survival::survival;

use super::{Control, Meter, Stop};
use crate::game::Player;
use crate::games::breakthrough::Position;
use crate::games::breakthrough::bitboard::Geometry;
use rules::Rules;
use table::Table;

/// The score of a win in 0 plies (see the module docs).
pub const WIN: i32 = 1 << 14;

/// Longer than any match on 64 tiles (each ply advances a pawn; ≤ 64 pawns × 15 ranks).
const MAX_PLIES: i32 = 4096;

/// What [`prove`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    /// The side that forces the win.
    pub winner: Player,
    /// The plies the match lasts when the winner wins fastest and the loser resists longest
    /// (`None` when the length was not asked for).
    pub plies: Option<u32>,
    /// Positions searched by the proof (those whose moves were generated).
    pub proof_nodes: u64,
    /// Positions searched for the length, after the proof.
    pub length_nodes: u64,
    /// The table's memory, in bytes.
    pub table_bytes: usize,
}

/// Why [`prove`] gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    /// The position is not one this search handles (the message says why).
    #[error("{0}")]
    Unsuited(String),
    /// A bug: the search contradicted its own proof (the message says where). Never a
    /// reason to try another search.
    #[error("internal error: {0}")]
    Internal(String),
    /// A limit or cancel stopped the search after `nodes` positions.
    #[error("stopped: {} after {nodes} nodes", .stop.describe())]
    Stopped {
        /// What stopped it.
        stop: Stop,
        /// Positions searched until then.
        nodes: u64,
        /// What was proven before a limit met by the length or by a certificate's walk of
        /// `prove`, `certificates` or `survival`: the winner, and the length's bounds;
        /// `None` when the proof itself was stopped (and from `perfect_move`, `strategy`
        /// and `best_move`, which answer one thing only).
        proven: Option<Proven>,
    },
}

/// What a search stopped after its proof had proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proven {
    /// The side that forces the win.
    pub winner: Player,
    /// The length proven so far (exact when both bounds meet); `None` when the length was
    /// not asked for.
    pub plies: Option<PlyBounds>,
}

/// Proven bounds on the plies of the match with perfect play: `at_least ≤ plies ≤ at_most`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PlyBounds {
    /// A proven lower bound on the plies of perfect play.
    pub at_least: u32,
    /// A proven upper bound on the plies of perfect play.
    pub at_most: u32,
}

impl PlyBounds {
    /// The bounds of a length known exactly.
    #[must_use]
    pub const fn exact(plies: u32) -> Self {
        Self {
            at_least: plies,
            at_most: plies,
        }
    }

    /// The length, when both bounds meet.
    #[must_use]
    pub const fn known(self) -> Option<u32> {
        if self.at_least == self.at_most {
            Some(self.at_least)
        } else {
            None
        }
    }
}

impl ProveError {
    /// The error, with `proven` said when it is a stop that says nothing proven yet.
    #[must_use]
    pub fn knowing(self, proven: Proven) -> Self {
        match self {
            Self::Stopped {
                stop,
                nodes,
                proven: None,
            } => Self::Stopped {
                stop,
                nodes,
                proven: Some(proven),
            },
            e => e,
        }
    }
}

/// Decides `pos`: who wins with perfect play and, when `length`, in how many plies. The table
/// gets `control.limits.table_bytes` (default [`default_table_bytes`] of the board, within
/// the memory budget `control.limits.max_memory` when there is one); answers
/// never depend on its size. Limits and cancel are honoured.
///
/// # Errors
/// [`ProveError::Unsuited`] on boards of more than 64 tiles, or when the move limit could be
/// reached before the match ends (a draw is then possible); [`ProveError::Stopped`].
pub fn prove(pos: &Position, length: bool, control: Control<'_>) -> Result<Proof, ProveError> {
    let (mut s, start, side) = match prepare(pos, control)? {
        Prepared::Over(winner, table_bytes) => {
            return Ok(Proof {
                winner,
                plies: length.then_some(0),
                proof_nodes: 0,
                length_nodes: 0,
                table_bytes,
            });
        }
        Prepared::Ready(s, start, side) => (s, start, side),
    };
    let me: Player = pos.side_to_move().into();
    let root = s.test(start, side, 1).map_err(|e| s.stopped(e))?;
    let first_wins = root >= 1;
    let proof_nodes = s.meter.nodes;
    let winner = if first_wins { me } else { me.opponent() };
    let plies = if length {
        Some(s.proven_length(start, side, root, winner)?)
    } else {
        None
    };
    Ok(Proof {
        winner,
        plies,
        proof_nodes,
        length_nodes: s.meter.nodes - proof_nodes,
        table_bytes: s.table.bytes(),
    })
}

/// The ranks the pawns `white` and `black` have still to go: every ply advances one pawn one
/// rank, and a pawn's last step ends the match, so the match lasts at most as many plies.
fn ranks_to_go(geo: &Geometry, white: u64, black: u64) -> u32 {
    [white, black]
        .into_iter()
        .enumerate()
        .map(|(sd, mut b)| {
            let mut total = 0;
            while b != 0 {
                let rank = b.trailing_zeros() / geo.width;
                b &= b - 1;
                total += if sd == 0 { geo.height - 1 - rank } else { rank };
            }
            total
        })
        .sum()
}

/// A position ready for the search, or one already over.
enum Prepared<'a> {
    /// The match is over: its winner, and the table's bytes.
    Over(Player, usize),
    /// The search, the pawns and the side to move (0 White).
    Ready(Box<Search<'a>>, Pawns, usize),
}

/// [`prepare`] for a search that needs a live match: a finished one is
/// [`ProveError::Unsuited`], "the match is over: `why`".
fn prepare_live<'a>(
    pos: &Position,
    control: Control<'a>,
    why: &str,
) -> Result<(Box<Search<'a>>, Pawns, usize), ProveError> {
    match prepare(pos, control)? {
        Prepared::Over(..) => Err(ProveError::Unsuited(format!("the match is over: {why}"))),
        Prepared::Ready(s, start, side) => Ok((s, start, side)),
    }
}

/// The search of `pos` with its table, after the checks of [`prove`].
fn prepare<'a>(pos: &Position, control: Control<'a>) -> Result<Prepared<'a>, ProveError> {
    let (geo, [white, black]) = pos.bitboards().ok_or_else(|| {
        ProveError::Unsuited(format!(
            "the proof search takes boards of at most 64 tiles, not {}×{}",
            pos.width(),
            pos.height()
        ))
    })?;
    // Without a table size: the board's default, within the memory budget when there is one.
    let bytes = control.limits.table_bytes.unwrap_or_else(|| {
        let default = default_table_bytes(geo.width * geo.height);
        match control.limits.max_memory {
            Some(_) => default.min(control.limits.memory_per_thread().0),
            None => default,
        }
    });
    let s = Search {
        geo,
        rules: Rules::new(&geo),
        table: Table::new(bytes, geo.width, geo.height),
        meter: Meter::new(control),
        history: [[0; 64 * 3]; 2],
        // Tiles off the board (the board has fewer than 64) are never looked up.
        mirror_tile: std::array::from_fn(|t| geo.mirror(1 << t).trailing_zeros().min(63) as u8),
    };
    if let Some(o) = pos.outcome() {
        let winner = o.winner.ok_or_else(|| {
            ProveError::Unsuited(format!("the match is drawn ({})", o.reason.as_str()))
        })?;
        return Ok(Prepared::Over(winner, s.table.bytes()));
    }
    if let Some(why) = limit_could_come_first(pos) {
        return Err(ProveError::Unsuited(why));
    }
    let start = Pawns::new(&geo, white, black);
    Ok(Prepared::Ready(Box::new(s), start, pos.side_index()))
}

/// Why the proof search does not take `pos` (more than 64 tiles, a finished match, a move
/// limit that could come first), or `None` when it does: what `solve --split` checks before
/// it writes jobs that would each answer nothing.
#[must_use]
pub fn unsuited(pos: &Position) -> Option<String> {
    if pos.bitboards().is_none() {
        return Some(format!(
            "the proof search takes boards of at most 64 tiles, not {}×{}",
            pos.width(),
            pos.height()
        ));
    }
    if pos.outcome().is_some() {
        return Some("the match is over in this position".to_string());
    }
    limit_could_come_first(pos)
}

/// Why the move limit of `pos` could be reached before the match ends (a draw), if it could:
/// the limit can only draw after a ply that does not win.
fn limit_could_come_first(pos: &Position) -> Option<String> {
    let (geo, [white, black]) = pos.bitboards()?;
    let ranks = ranks_to_go(&geo, white, black);
    (u32::from(pos.move_count()) + ranks > u32::from(pos.move_limit())).then(|| {
        format!(
            "the move limit {} could be reached before the match ends (a draw is possible)",
            pos.move_limit()
        )
    })
}

/// The table's size when none is asked for: 2^`tiles` bytes, from 1 MiB to 512 MiB (5 × 5:
/// 32 MiB; 6 × 5: 512 MiB). Measured (issue 16): on 5 × 5 every size from 32 to 128 MiB takes
/// the same user time when its memory was in use already, but fresh memory costs this virtual
/// machine dearly (right after another program freed its memory, 128 MiB took 0.27 s more,
/// 32 MiB 0.06 s); on 6 × 5, 512 MiB takes 38.9 s, 256 MiB 42.9 s, 1 GiB 47 s and 4 GiB 71.5 s
/// with their system time (docs/breakthrough.md).
#[must_use]
pub fn default_table_bytes(tiles: u32) -> usize {
    1usize << tiles.clamp(20, 29)
}

/// The bounds `(lo, hi)` on the score (see the module docs) that the search reads from the
/// pawns of an unfinished position alone, before generating its moves (rules 1, 2, 3 and
/// 5–7): the score is proven to lie in `lo..=hi`. `None` on boards of more than 64 tiles or
/// when the match is over. For tests and analysis; the search uses the same code.
#[must_use]
pub fn static_bounds(pos: &Position) -> Option<(i32, i32)> {
    if pos.outcome().is_some() {
        return None;
    }
    let (g, [white, black]) = pos.bitboards()?;
    let side = pos.side_index();
    let (me, opp) = if side == 0 {
        (white, black)
    } else {
        (black, white)
    };
    Some(Rules::new(&g).all_bounds(&g, me, opp, side))
}

/// One move: its destination tile, and its kind (0 straight, 1 towards file `a`, 2 away).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    to: u8,
    kind: u8,
}

impl Mv {
    /// The move in one byte: its kind above its destination, so that codes ascend in the
    /// order moves are generated (by kind, then destination).
    fn code(self) -> u8 {
        self.kind << 6 | self.to
    }
    fn from_code(c: u8) -> Mv {
        Mv {
            to: c & 63,
            kind: c >> 6,
        }
    }
    /// The move packed below its priority (24 bits): packed moves compare as their
    /// priorities, equal priorities in the order of generation.
    fn pack(self, priority: u32) -> u32 {
        priority << 8 | u32::from(0xff - self.code())
    }
    fn unpack(packed: u32) -> Mv {
        Mv::from_code(0xff - packed as u8)
    }
}

/// No move stored.
const NO_MOVE: u8 = 0xff;

struct Search<'a> {
    geo: Geometry,
    rules: Rules,
    table: Table,
    meter: Meter<'a>,
    /// Per side, per destination and kind: how often the move refuted (history heuristic).
    history: [[u32; 64 * 3]; 2],
    /// Each tile's mirror image (file `a` ↔ the last file).
    mirror_tile: [u8; 64],
}

/// The threshold of a test on `score`: thresholds strictly between the scores of the
/// slowest loss and the slowest win all mean "wins", and are folded to 1.
fn fold(gamma: i32) -> i32 {
    if gamma > MAX_PLIES - WIN && gamma <= WIN - MAX_PLIES {
        1
    } else {
        gamma
    }
}

/// A bound on the parent's score from the negation `x` of a bound on a child's, moved one ply
/// towards 0: monotone, and sound for lower and upper bounds alike (values strictly between
/// the slowest loss and the slowest win are no scores, so they map to ±1).
fn up(x: i32) -> i32 {
    if x > 0 {
        (x - 1).max(1)
    } else {
        (x + 1).min(-1)
    }
}

/// The threshold a child (opponent to move) must *fail* for the parent to reach `gamma`:
/// `score(parent) ≥ γ` through a move iff the child's score, negated and moved one ply
/// towards 0, is ≥ γ, iff `score(child) < 1 - γ'` with γ' = γ + 1 (γ > 0) or γ − 1 (γ ≤ 0).
fn child_gamma(gamma: i32) -> i32 {
    let g = if gamma > 0 { gamma + 1 } else { gamma - 1 };
    fold(1 - g)
}

/// Both sides' pawn sets and those of the mirror image (rule 4), kept together so that a
/// move updates the mirror instead of recomputing it.
#[derive(Clone, Copy)]
struct Pawns {
    w: u64,
    b: u64,
    mw: u64,
    mb: u64,
}

impl Pawns {
    fn new(g: &Geometry, w: u64, b: u64) -> Pawns {
        Pawns {
            w,
            b,
            mw: g.mirror(w),
            mb: g.mirror(b),
        }
    }

    /// The smaller (by pawn sets, White's first) of the position and its mirror image, and
    /// whether it is the mirror image.
    #[inline]
    fn canonical(&self) -> ((u64, u64), bool) {
        if (self.mw, self.mb) < (self.w, self.b) {
            ((self.mw, self.mb), true)
        } else {
            ((self.w, self.b), false)
        }
    }
}

/// What the move order of one position needs, worked out once for all its moves.
struct Order {
    side: usize,
    opp: u64,
    /// The tiles O's pawns attack.
    attacked: u64,
    /// The tiles S's pawns attack: by one pawn at least, and by two.
    covered: u64,
    covered_twice: u64,
}

impl Order {
    fn new(g: &Geometry, me: u64, opp: u64, side: usize) -> Order {
        let [_, l, r] = g.steps(me, side);
        Order {
            side,
            opp,
            attacked: g.attacks(opp, 1 - side),
            covered: l | r,
            covered_twice: l & r,
        }
    }
}
