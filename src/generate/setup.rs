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
    let hands = match (authoring.in_hand, authoring.sizes) {
        (Some(most), Sizes::Square(_)) => Some(hands(shape, most(w), needs, rng)),
        _ => None,
    };
    spec.pieces = match hands {
        Some((hand, crowded)) if crowded => full_board(shape, hand, rng)?,
        _ => scattered(
            shape,
            hands.is_some_and(|(h, _)| h != InHand::default()),
            needs,
            rng,
        )?,
    };
    spec.side_to_move = authoring.sides[0];
    if authoring.terrain {
        spec.terrain = Some(terrain(shape.size, needs, rng));
        if needs.contains(&Start::Boxed) {
            perch_defenders(&mut spec, rng);
        }
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
    if let Some((hand, _)) = hands {
        spec.in_hand = Some(hand);
        // A win in one of a chain: the start is in the middle of the player's chain (the
        // rules refuse it when that piece cannot capture: an invalid trial).
        spec.chain =
            (needs.contains(&Start::Chain) && shape.moves == 1 && hand == InHand::default())
                .then(|| spec.pieces.iter().find(|p| p.1 == authoring.sides[0]))
                .flatten()
                .map(|p| p.0.clone());
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

/// `count` pieces of the game's sides and kinds on random squares (the centre left empty when
/// `placing`: no piece is placed on Seega's refuge); the first two are one of each side, the
/// others either side. With [`Start::Boxed`], the defender's pieces are the slow kinds that
/// terrain can hold (not the first kind, the Scout, whose special move ignores heights).
fn scattered(
    shape: Shape,
    placing: bool,
    needs: &[Start],
    rng: &mut fastrand::Rng,
) -> Option<Vec<PieceSpec>> {
    let authoring = shape.game.authoring();
    let mut squares = shuffled_squares(shape.size, placing, rng);
    let count = usize::from(shape.pieces.max(2));
    if count > squares.len() {
        return None;
    }
    if needs.contains(&Start::Clustered) {
        cluster(&mut squares, count);
    }
    let kinds = authoring.kinds;
    let boxed = needs.contains(&Start::Boxed) && kinds.len() > 1;
    Some(
        squares[..count]
            .iter()
            .enumerate()
            .map(|(i, sq)| {
                let s = if i < 2 { i } else { rng.usize(..2) };
                let kind = if boxed && s == 1 {
                    kinds[rng.usize(1..kinds.len())]
                } else {
                    kinds[rng.usize(..kinds.len())]
                };
                PieceSpec(sq.to_string(), authoring.sides[s], kind)
            })
            .collect(),
    )
}

/// Every square of a board of `(w, h)` in random order, the centre (Seega's refuge) left out
/// when `placing`.
fn shuffled_squares((w, h): (u8, u8), placing: bool, rng: &mut fastrand::Rng) -> Vec<Square> {
    let centre = Square::new(w / 2, h / 2);
    let mut squares: Vec<Square> = (0..h)
        .flat_map(|r| (0..w).map(move |f| Square::new(f, r)))
        .filter(|&sq| !placing || sq != centre)
        .collect();
    rng.shuffle(&mut squares);
    squares
}

/// The first `count` of the shuffled `squares` reordered into a cluster ([`Start::Clustered`]):
/// each next to an earlier one wherever the shuffle offers one.
fn cluster(squares: &mut [Square], count: usize) {
    for i in 1..count.min(squares.len()) {
        let next = (i..squares.len()).find(|&j| {
            squares[..i].iter().any(|s| {
                let (df, dr) = (
                    s.file().abs_diff(squares[j].file()),
                    s.rank().abs_diff(squares[j].rank()),
                );
                df + dr == 1
            })
        });
        if let Some(j) = next {
            squares.swap(i, j);
        }
    }
}

/// The pieces in hand of a start that needs them ([`Start::InHand`]): the player one or two,
/// the defender none or one, so that few placements are open and one can be the key; for a
/// win in one, whether the board must be full ([`full_board`]). Without the need, none.
fn hands(shape: Shape, most: u8, needs: &[Start], rng: &mut fastrand::Rng) -> (InHand, bool) {
    if !needs.contains(&Start::InHand) || most == 0 {
        return (InHand::default(), false);
    }
    let hand = InHand {
        white: rng.u8(1..=most.min(2)),
        black: rng.u8(0..=1),
    };
    (hand, shape.moves == 1)
}

/// A board as full as `hand` allows: each side has all its pieces but those in hand and
/// maybe one more, so the empty tiles are the hands' and at most two; the centre (the refuge)
/// stays empty. A placement then wins at once only by leaving the side to move blocked or by
/// reaching the move limit ahead (SG-2, SG-6).
fn full_board(shape: Shape, hand: InHand, rng: &mut fastrand::Rng) -> Option<Vec<PieceSpec>> {
    let authoring = shape.game.authoring();
    let most = authoring.in_hand.map_or(0, |f| f(shape.size.0));
    let squares = shuffled_squares(shape.size, true, rng);
    let white = most.checked_sub(hand.white + rng.u8(0..=1))?;
    let black = most.checked_sub(hand.black + rng.u8(0..=1))?;
    let sides = std::iter::repeat_n(authoring.sides[0], usize::from(white))
        .chain(std::iter::repeat_n(authoring.sides[1], usize::from(black)));
    let kind = authoring.kinds[0];
    let pieces: Vec<PieceSpec> = squares
        .iter()
        .zip(sides)
        .map(|(sq, side)| PieceSpec(sq.to_string(), side, kind))
        .collect();
    (pieces.len() == usize::from(white) + usize::from(black)).then_some(pieces)
}

/// Random terrain rows: a quarter of the tiles a hill of 1 to 3 (half with
/// [`Start::Terrain`]); with [`Start::Boxed`] half the tiles are hills and the hills steeper.
fn terrain((w, h): (u8, u8), needs: &[Start], rng: &mut fastrand::Rng) -> Vec<String> {
    let boxed = needs.contains(&Start::Boxed);
    let hills = if needs.contains(&Start::Terrain) || boxed {
        2
    } else {
        4
    };
    (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    let up = rng.usize(..hills) == 0;
                    char::from(b'0' + if up { rng.u8(1..=3) } else { 0 })
                })
                .collect()
        })
        .collect()
}

/// [`Start::Boxed`]: each of the defender's pieces on a peak of 4 to 6, a step off which
/// costs more than a Guardian or a Protector has wherever its neighbours are low (PP-4.2).
fn perch_defenders(spec: &mut PositionSpec, rng: &mut fastrand::Rng) {
    let defender = spec.pieces.get(1).map(|p| p.1);
    let Some(rows) = spec.terrain.as_mut() else {
        return;
    };
    let height = rows.len();
    for p in spec.pieces.iter().filter(|p| Some(p.1) == defender) {
        let Ok(sq) = Square::parse(&p.0) else {
            continue;
        };
        // Rows run from the top rank down.
        let row = height - 1 - usize::from(sq.rank());
        let mut tiles: Vec<u8> = rows[row].bytes().collect();
        tiles[usize::from(sq.file())] = b'0' + rng.u8(4..=6);
        rows[row] = String::from_utf8(tiles).unwrap_or_default();
    }
}
