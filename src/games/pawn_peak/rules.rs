//! The decisions RULES.md takes where the guide is silent (**D-n**), in one place so that a
//! designer can see them and later change them. Each constant or function names its D-number.

/// D-1: the smallest board width or height a challenge may use (a standard match is 10 × 10).
pub const MIN_SIZE: u8 = 3;
/// D-1: the largest board width or height a challenge may use.
pub const MAX_SIZE: u8 = 16;
/// D-2: the highest terrain height; heights run 0..=MAX_HEIGHT.
pub const MAX_HEIGHT: u8 = 9;
/// D-4: the step that crosses the far edge always costs exactly this, whatever the heights.
pub const EXIT_STEP_COST: u8 = 1;
/// D-6: each supporting or reinforcing piece adds this much, whatever its strength.
pub const SUPPORT_PER_PIECE: u8 = 1;
/// D-8: the charge bonus of a Protector, given when its cheapest path to the target costs
/// exactly [`CHARGE_COST`] (a dearer path cannot be chosen to get it).
pub const CHARGE_BONUS: u8 = 1;
/// D-8: the cost of the cheapest path that gives a Protector its charge.
pub const CHARGE_COST: u8 = 4;
/// PP-8.3: the move limit of a standard match (plies, both sides).
pub const STANDARD_MOVE_LIMIT: u16 = 200;
/// The highest score a side may start with (the guide is silent; docs/decisions.md). A match
/// adds at most two exits of at most 3 points each (PP-8.1), so a score stays far below the
/// 16-bit counter that holds it and a winner is never decided by a clamped score.
pub const MAX_START_SCORE: u16 = 9_999;
/// D-3: the editor's standard-match template (a template, not a rule), as a position string.
pub const STANDARD_TEMPLATE: &str = "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 - r 0:0 - 0/200";

/// PP-4.2: the cost of one step between tiles of heights `from` and `to`:
/// `1 + |to − from|`, climbing and descending alike.
#[must_use]
pub fn step_cost(from: u8, to: u8) -> u8 {
    1 + from.abs_diff(to)
}

/// D-7: the moving piece never supports itself; support and reinforcement are counted on the
/// position before the move.
pub const MOVER_SUPPORTS_ITSELF: bool = false;

/// D-9: a Scout destination reachable both by a normal move and by the special move is one
/// move; it is listed as the normal move, with its cost.
pub const SPECIAL_YIELDS_TO_NORMAL: bool = true;

/// PP-8.3 with D-10 and D-11: the result at the move limit. `scores` are Red's and Blue's
/// scores (the challenge's starting score counts, D-10); `advancement` gives, for Red and Blue,
/// the smallest distance of a piece to its exit edge and the highest strength among that side's
/// pieces at that distance (`None` for a side without pieces). Returns the winner, `None` for a
/// draw.
#[must_use]
pub fn move_limit_winner(
    scores: [u16; 2],
    advancement: [Option<(u8, u8)>; 2],
) -> Option<super::Side> {
    use super::Side;
    use std::cmp::Ordering;
    // D-10: any point on the board's scores, the starting score included, means "scored".
    // (Tested one by one: adding two u16 scores could overflow.)
    if scores[0] > 0 || scores[1] > 0 {
        return match scores[0].cmp(&scores[1]) {
            Ordering::Greater => Some(Side::Red),
            Ordering::Less => Some(Side::Blue),
            Ordering::Equal => None,
        };
    }
    match advancement {
        [None, None] => None,
        [Some(_), None] => Some(Side::Red),
        [None, Some(_)] => Some(Side::Blue),
        // Smaller distance wins; D-11: at equal distance the higher strength wins.
        [Some((dr, sr)), Some((db, sb))] => match db.cmp(&dr).then(sr.cmp(&sb)) {
            Ordering::Greater => Some(Side::Red),
            Ordering::Less => Some(Side::Blue),
            Ordering::Equal => None,
        },
    }
}
