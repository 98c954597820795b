//! Pawn&Peak (RULES.md PP-1 to PP-11): a 3..16-wide board with terrain heights, Scouts,
//! Protectors and Guardians that move along cheapest paths, capture with support and score by
//! exiting past the far edge.

mod edit;
mod movegen;
mod moves;
mod notation;
mod play;
mod position;
mod removed;
pub mod rules;
mod sink;
mod types;
mod zobrist;

pub use movegen::Reach;
pub use moves::{CaptureTerms, Move, MoveKind};
pub use position::Position;
pub use removed::Removed;
pub use types::{Piece, PieceKind, Side};
// The shared vocabulary, re-exported for Pawn&Peak's users.
pub use crate::games::board::{EditError, PositionError, Square};

use crate::game::{GameState, Outcome, Player};

// Search tuning (move order only: it never changes an answer, only the work): exits first,
// then captures by the defence they beat, then advances by ranks gained toward the exit. The
// values were set by hand; what measured them is `peakforge bench --solver` on
// benches/full-board.txt (docs/speed.md "The solver on full boards": the node counts there are with these values).
/// Priority of an exit (an exit may win at once, PP-8.1).
const EXIT_PRIORITY: i32 = 40;
/// Base priority of a capture, to which the captured piece's defence (PP-6.2) is added.
const CAPTURE_PRIORITY: i32 = 20;
/// How much more a Guardian's rank gain counts than another piece's: a Guardian's first exit
/// wins (PP-8.1). With it (and defences in generation order) line 17 of the benches went from
/// 766,244 to 153,516 nodes (docs/speed.md).
const GUARDIAN_GAIN_WEIGHT: i32 = 2;

impl GameState for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.side_to_move().into()
    }

    fn describe_origin(&self, square: &str) -> Option<String> {
        let sq = match Square::parse(square) {
            Ok(sq) => sq,
            Err(e) => return Some(e),
        };
        let kind = self
            .piece_at(sq)
            .map(|p| (p.side.name(), p.kind.name().to_lowercase()));
        let occupant = self
            .contains(sq)
            .then(|| kind.as_ref().map(|(side, k)| (*side, k.as_str())));
        Some(crate::game::origin_note(
            &sq.to_string(),
            (self.width(), self.height()),
            occupant,
            self.side_to_move().name(),
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.moves_into(out);
    }

    fn play(&self, mv: Move) -> Position {
        self.after(mv)
    }

    fn key(&self) -> u64 {
        self.full_key()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.text()
    }

    /// Exits first (40), then captures (20 + defense: stronger victims first; a defense is at
    /// most 3 + 4 supports), then moves that advance most: the ranks gained (−5..=5), counted
    /// twice for a Guardian, whose first exit wins the match at once (PP-8.1). A span under 64
    /// values, which the solver sorts by counting.
    fn move_priority(&self, mv: Move) -> i32 {
        match mv.kind {
            MoveKind::Exit => EXIT_PRIORITY,
            MoveKind::Capture => CAPTURE_PRIORITY + i32::from(mv.defense),
            MoveKind::Normal | MoveKind::Special => {
                let side = self.side_to_move();
                let gain = i32::from(self.distance_to_exit(side, mv.from))
                    - i32::from(self.distance_to_exit(side, mv.to));
                let guardian = Piece::from_code(self.board[mv.from.index()])
                    .is_some_and(|p| p.kind == PieceKind::Guardian);
                if guardian {
                    GUARDIAN_GAIN_WEIGHT * gain
                } else {
                    gain
                }
            }
        }
    }

    /// Defences in generation order (rank 1 first), after the last refutation: on the
    /// full-board benches the priorities, which favour the defender's own exits, captures and
    /// advances, cost more nodes at defences than they saved (a win in 3: 204,000 nodes
    /// against 9,800), and the sort's time.
    const PRIORITIZE_DEFENCES: bool = false;

    fn plies_left(&self) -> Option<u32> {
        Some(u32::from(
            self.move_limit().saturating_sub(self.move_count()),
        ))
    }

    fn side_name(&self, player: Player) -> &'static str {
        Side::from(player).name()
    }

    /// One piece's moves, searched until `mv` is found.
    fn is_legal_cheaply(&self, mv: Move) -> Option<bool> {
        Some(self.is_legal(mv))
    }

    fn win_in_one_candidates_into(&self, out: &mut Vec<Move>) {
        if !self.removed.is_none() {
            // The scan knows the rules in force; without some, every move is a candidate.
            self.moves_into(out);
            return;
        }
        self.candidates_given(self.last_move_wins(), out);
    }

    /// An exit that wins at once (a guardian exit, or a second exit that puts the mover
    /// ahead: `Position::exit_wins_at_once`) ends the match in the mover's favour whatever
    /// else holds, so one found answers `true` (without the other pieces' exits, and without
    /// playing it). Otherwise `Position::last_move_wins` decides: no candidate, `false`; only
    /// exits, of which none wins at once, `false`; captures of the opponent's last piece to
    /// look for, or any move a candidate, `None` (the solver plays them).
    fn wins_in_one_known(&self) -> Option<bool> {
        if !self.removed.is_none() {
            return None;
        }
        self.known_by_exits()
            .or_else(|| Self::known_given(self.last_move_wins()))
    }

    /// As the two hooks, with `Position::last_move_wins` scanned once.
    fn last_move_into(&self, out: &mut Vec<Move>) -> Option<bool> {
        if !self.removed.is_none() {
            self.moves_into(out);
            return None;
        }
        if let Some(w) = self.known_by_exits() {
            return Some(w);
        }
        let scan = self.last_move_wins();
        let known = Self::known_given(scan);
        if known.is_none() {
            self.candidates_given(scan, out);
        }
        known
    }

    /// A move ends the match with the opponent winning only at the move limit (PP-8.3) or as
    /// the match's second exit, decided by the score (PP-8.1). A guardian exit, an elimination
    /// and PP-8.4 all make the mover win.
    fn may_lose_at_once(&self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        if u32::from(self.count) + 1 >= u32::from(self.limit) || !self.removed.is_none() {
            return true;
        }
        self.exited_len >= 1 && self.can_exit_any(self.side)
    }

    /// The pieces (square and code, in board order), side to move, scores, exited pieces,
    /// counter, limit and outcome, bit-packed: exact between positions of one match (same
    /// board size and terrain, see [`GameState::match_key`]). `None` beyond 16 pieces.
    fn packed_key(&self) -> Option<[u64; 4]> {
        let mut w = BitWriter::default();
        w.put(u64::from(self.count), 16);
        w.put(u64::from(self.limit), 16);
        w.put(u64::from(self.scores[0]), 16);
        w.put(u64::from(self.scores[1]), 16);
        w.put(self.side.index() as u64, 1);
        w.put(u64::from(self.exited_len), 2);
        for i in 0..usize::from(self.exited_len.min(2)) {
            w.put(u64::from(self.exited[i]), 3);
        }
        w.put(Outcome::code(self.outcome), 5);
        // Piece codes are 1..=6, never 0: the unused tail of zeros cannot be read as a piece,
        // so different piece lists always give different keys.
        for (sq, code) in self.occupied() {
            if w.bits + 11 > 256 {
                return None;
            }
            w.put(u64::from(code), 3);
            w.put(sq.index() as u64, 8);
        }
        Some(w.words)
    }

    /// Board size, terrain and the rules taken away ([`Removed`]), which
    /// [`Position::packed_key`] leaves out.
    fn match_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325
            ^ u64::from(self.removed.bits()) << 16
            ^ u64::from(self.width) << 8
            ^ u64::from(self.height);
        for &t in &self.heights {
            h = (h ^ u64::from(t)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }
}

/// Which moves of the side to move can win within that one move (the search hooks
/// [`GameState::win_in_one_candidates_into`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LastMove {
    /// None can.
    Nothing,
    /// Only exits (when `exits`) and captures (when `captures`) can.
    Only { exits: bool, captures: bool },
    /// Any move might.
    Any,
}

/// Appends bit fields to a 256-bit key.
#[derive(Default)]
struct BitWriter {
    words: [u64; 4],
    bits: usize,
}

impl BitWriter {
    fn put(&mut self, value: u64, width: usize) {
        debug_assert!(width < 64 && value < 1 << width && self.bits + width <= 256);
        let (i, off) = (self.bits / 64, self.bits % 64);
        self.words[i] |= value << off;
        if off + width > 64 {
            self.words[i + 1] |= value >> (64 - off);
        }
        self.bits += width;
    }
}

impl Position {
    /// Whether some piece of `side` is close enough to its far edge to exit this turn: an exit
    /// costs at least one point per rank to the edge plus the crossing step (PP-5.1), and the
    /// Scout's special move cannot exit (PP-7.2).
    fn can_exit_any(&self, side: Side) -> bool {
        self.pieces_of(side)
            .any(|(sq, p)| self.distance_to_exit(side, sq) < p.kind.movement())
    }

    /// Whether an exit now by a piece of `kind` of the side to move would end the match at
    /// once with that side winning (PP-8.1): a Guardian's first exit (guardian exit), or the
    /// match's second exit when it puts the mover's score above the opponent's (two exits;
    /// equal scores draw). Any other exit leaves the match going on (PP-8.2 cannot follow: an
    /// exit removes none of the opponent's pieces).
    fn exit_wins_at_once(&self, kind: PieceKind) -> bool {
        let (me, them) = (self.side.index(), self.side.opponent().index());
        match self.exited_len {
            0 => kind == PieceKind::Guardian,
            // As play adds it (saturating; starting scores are at most 9 999, D-20).
            _ => self.scores[me].saturating_add(u16::from(kind.exit_value())) > self.scores[them],
        }
    }

    /// A cheap necessary condition for the piece of `kind` on `sq` (of the side to move) to
    /// win at once by exiting: its exit would win ([`Position::exit_wins_at_once`]) and its
    /// far edge is near enough (an exit costs at least one point per rank to the edge plus
    /// the crossing step, PP-5.1; the Scout's special move cannot exit, PP-7.2).
    fn exit_may_win(&self, sq: Square, kind: PieceKind) -> bool {
        self.distance_to_exit(self.side, sq) < kind.movement() && self.exit_wins_at_once(kind)
    }

    /// The pieces of `side`, rank 1 first, files `a` first.
    fn pieces_of(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let base = 1 + 3 * side.index() as u8;
        self.occupied_by(side)
            .map(move |(sq, c)| (sq, Piece::new(side, PieceKind::ALL[usize::from(c - base)])))
    }

    /// Empty tiles a piece of `kind` on `sq` can surely move to in one step, whatever else is
    /// on the board: orthogonal neighbours within its movement (PP-4.2), and for a Scout its
    /// diagonal neighbours (PP-7.1). At most two are reported.
    fn sure_steps(&self, sq: Square, kind: PieceKind) -> ([Square; 2], usize) {
        let (mut out, mut n) = ([sq; 2], 0);
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        let h = i32::from(self.heights[sq.index()]);
        let scout = kind == PieceKind::Scout;
        for (df, dr, diagonal) in [
            (-1, 0, false),
            (1, 0, false),
            (0, -1, false),
            (0, 1, false),
            (-1, -1, true),
            (1, -1, true),
            (-1, 1, true),
            (1, 1, true),
        ] {
            if n == 2 {
                break;
            }
            if diagonal && !scout || !self.on_board(f + df, r + dr) {
                continue;
            }
            let to = Square::new((f + df) as u8, (r + dr) as u8);
            if self.board[to.index()] != 0 {
                continue;
            }
            let cost = 1 + (i32::from(self.heights[to.index()]) - h).abs();
            if diagonal || cost <= i32::from(kind.movement()) {
                out[n] = to;
                n += 1;
            }
        }
        (out, n)
    }

    /// [`GameState::win_in_one_candidates_into`] given the last-move scan `scan`.
    fn candidates_given(&self, scan: LastMove, out: &mut Vec<Move>) {
        match scan {
            LastMove::Nothing => {}
            LastMove::Any => self.moves_into(out),
            LastMove::Only {
                exits: true,
                captures: false,
            } => {
                // Only exits that win at once: one per piece at most, without the piece's
                // other moves.
                let me = self.side;
                for (sq, p) in self.pieces_of(me) {
                    if self.exit_may_win(sq, p.kind)
                        && let Some(m) = self.exit_move(sq, p)
                    {
                        out.push(m);
                    }
                }
            }
            LastMove::Only { exits, captures } => {
                let start = out.len();
                let me = self.side;
                for (sq, p) in self.pieces_of(me) {
                    if captures || exits && self.exit_may_win(sq, p.kind) {
                        self.piece_moves_into(sq, out);
                    }
                }
                let mut i = start;
                while i < out.len() {
                    let keep = match out[i].kind {
                        MoveKind::Exit => {
                            exits
                                && self
                                    .piece_at(out[i].from)
                                    .is_some_and(|p| self.exit_wins_at_once(p.kind))
                        }
                        MoveKind::Capture => captures,
                        MoveKind::Normal | MoveKind::Special => false,
                    };
                    if keep {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// The first half of [`GameState::wins_in_one_known`]: `Some(true)` when an exit wins
    /// at once, `Some(false)` when the match is over, else `None`.
    fn known_by_exits(&self) -> Option<bool> {
        if self.outcome.is_some() {
            return Some(false);
        }
        self.pieces_of(self.side)
            .any(|(sq, p)| self.exit_may_win(sq, p.kind) && self.exit_move(sq, p).is_some())
            .then_some(true)
    }

    /// The second half, given the last-move scan (no exit wins at once): no candidate, or
    /// only exits, `false`; captures or any move to try, `None`.
    fn known_given(scan: LastMove) -> Option<bool> {
        match scan {
            LastMove::Nothing
            | LastMove::Only {
                captures: false, ..
            } => Some(false),
            LastMove::Any | LastMove::Only { captures: true, .. } => None,
        }
    }

    /// Which moves of the side to move can win within that one move (PP-8): the match ends in
    /// the mover's favour at once, or every reply ends it so.
    ///
    /// Far from the move limit, when two opponent pieces each have a sure step to two different
    /// empty tiles, one of the two steps stays legal after any move (one move fills at most
    /// one empty tile and removes at most one piece). So the mover cannot leave the opponent
    /// without a legal move (PP-8.4), and no move wins by its replies: that step is a reply
    /// that ends nothing (no exit, no capture, no limit; PP-8). The mover then needs a move
    /// that ends the match at once: an exit (guardian exit or second exit) or a capture of
    /// the opponent's last piece. Otherwise every move is a candidate.
    fn last_move_wins(&self) -> LastMove {
        if self.outcome.is_some() {
            return LastMove::Nothing;
        }
        // PP-8.3: the limit falls on this move or on the reply.
        if u32::from(self.count) + 2 >= u32::from(self.limit) {
            return LastMove::Any;
        }
        let them = self.side.opponent();
        let mut first: Option<([Square; 2], usize)> = None;
        let mut unblockable = false;
        for (sq, p) in self.pieces_of(them) {
            let (steps, n) = self.sure_steps(sq, p.kind);
            if n == 0 {
                continue;
            }
            match first {
                None => first = Some((steps, n)),
                Some((a, na)) => {
                    // Two different pieces, two different tiles.
                    if steps[..n].iter().any(|t| a[..na].iter().any(|u| u != t)) {
                        unblockable = true;
                        break;
                    }
                }
            }
        }
        // Two enemy sure steps to different tiles: after any move of ours one of them stays a
        // legal reply, and that reply (onto an empty tile: no exit, no capture, the limit
        // ruled out above) ends nothing, so no move wins by its replies, whatever they could
        // also do (a second exit that ends the match by the score, say): only a move that
        // ends the match at once in our favour can win. That is an exit that wins at once
        // ([`Position::exit_wins_at_once`]: a first exit that is not a Guardian's ends
        // nothing, a second one that does not put us ahead is a draw or a loss), or the
        // capture of the opponent's last piece (PP-8.2); a normal or special move never ends
        // the match at once here (no elimination, PP-8.4 and the limit ruled out above).
        if !unblockable {
            return LastMove::Any;
        }
        let exits = self
            .pieces_of(self.side)
            .any(|(sq, p)| self.exit_may_win(sq, p.kind));
        let captures = self.piece_count(them) <= 1;
        if exits || captures {
            LastMove::Only { exits, captures }
        } else {
            LastMove::Nothing
        }
    }
}
