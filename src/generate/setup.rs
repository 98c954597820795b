//! Random starts for the generator, in any game: a board of the size asked with pieces of the
//! game's sides and kinds on random squares, terrain where the game has it, and what the
//! themes asked need set up ([`Start`]): a tight move limit, starting scores, an exited
//! piece, pieces in hand. Each trial draws from its own generator seeded by the run's seed
//! and the trial's number, so a trial is the same whatever ran before it (and in any shard).

use crate::challenge::{ExitedSpec, GameName, InHand, PieceSpec, PositionSpec, Scores, Sizes};
use crate::games::board::Square;
use crate::games::pawn_peak::{PieceKind, Side};
use crate::themes::Start;

/// What a trial sets up.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// The game.
    pub game: GameName,
    /// Files and ranks.
    pub size: (u8, u8),
    /// Pieces on the board, both sides together (at least one each).
    pub pieces: u8,
    /// The player's moves (the goal).
    pub moves: u32,
}

/// The generator of trial `trial` of a run seeded `seed`.
#[must_use]
pub fn trial_rng(seed: u64, trial: u64) -> fastrand::Rng {
    // SplitMix64's finaliser spreads consecutive trials over the seed space.
    let mut z = seed ^ trial.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    fastrand::Rng::with_seed(z ^ (z >> 31))
}

/// A random start of `shape` with what `needs` asks set up; `None` when the board has no room
/// for the pieces.
#[must_use]
pub fn random_spec(shape: Shape, needs: &[Start], rng: &mut fastrand::Rng) -> Option<PositionSpec> {
    let game = shape.game;
    let authoring = game.authoring();
    let (w, h) = shape.size;
    let mut spec = game.standard_spec();
    spec.width = w;
    spec.height = h;
    let tiles = usize::from(w) * usize::from(h);
    let count = usize::from(shape.pieces.max(2));
    if count > tiles {
        return None;
    }
    let mut squares: Vec<Square> = (0..h)
        .flat_map(|r| (0..w).map(move |f| Square::new(f, r)))
        .collect();
    rng.shuffle(&mut squares);
    spec.pieces = squares[..count]
        .iter()
        .enumerate()
        .map(|(i, sq)| {
            // The first two pieces are one of each side; the others any side.
            let side = authoring.sides[if i < 2 { i } else { rng.usize(..2) }];
            let kind = authoring.kinds[rng.usize(..authoring.kinds.len())];
            PieceSpec(sq.to_string(), side, kind)
        })
        .collect();
    spec.side_to_move = authoring.sides[0];
    if authoring.terrain {
        let hills = if needs.contains(&Start::Terrain) {
            2
        } else {
            4
        };
        spec.terrain = Some(
            (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| {
                            let up = rng.usize(..hills) == 0;
                            char::from(b'0' + if up { rng.u8(1..=3) } else { 0 })
                        })
                        .collect()
                })
                .collect(),
        );
    }
    if authoring.scores_and_exits {
        spec.scores = Some(if needs.contains(&Start::Scores) {
            Scores {
                red: rng.u16(0..=4),
                blue: rng.u16(1..=4),
            }
        } else {
            Scores::default()
        });
        spec.exited = Some(if needs.contains(&Start::OneExited) {
            let side = if rng.bool() { Side::Red } else { Side::Blue };
            // Not a Guardian: its first exit has won already (PP-8.1).
            let kind = if rng.bool() {
                PieceKind::Scout
            } else {
                PieceKind::Protector
            };
            vec![ExitedSpec(side, kind)]
        } else {
            Vec::new()
        });
    }
    if let (Some(most), Sizes::Square(_)) = (authoring.in_hand, authoring.sizes) {
        spec.in_hand = Some(if needs.contains(&Start::InHand) {
            let n = most(w).min(3);
            InHand {
                white: rng.u8(1..=n.max(1)),
                black: rng.u8(1..=n.max(1)),
            }
        } else {
            InHand::default()
        });
        spec.chain = None;
    }
    spec.move_counter = 0;
    spec.move_limit = if needs.contains(&Start::TightLimit) {
        // The match reaches the limit with the player's last move.
        u16::try_from((2 * shape.moves).saturating_sub(1)).unwrap_or(u16::MAX)
    } else {
        200
    };
    Some(spec)
}
