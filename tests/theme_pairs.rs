//! A test per theme (issue 23, "Themes, proved"): each theme of every game is found on a
//! challenge whose solution needs it, and NOT found on a near-identical challenge that does
//! not: the same position with the rule's means taken away (flat terrain, a piece removed,
//! the stone already placed), or one where the rule is still shown in the proof but the
//! challenge is sound without it (the "needs" half of the definition).
//!
//! The pairs are built from the shipped tutorials by exact text edits (each edited text must
//! occur exactly once, so a tutorial that changes fails here loudly instead of silently testing
//! something else). A negative must have a forced win: the themes are looked for only then, so
//! a negative without one could not fail.
//!
//! Not shown: `bt-3-no-legal-move`. In live Breakthrough the side to move always has a legal
//! move: its most advanced pawn has no pawn of its own diagonally ahead (none is further
//! ahead), and a diagonal step onto an empty square or onto an enemy pawn (a capture) is legal
//! on any board at least 2 files wide (D-12); a pawn on the far rank has already ended the
//! match (BT-3). So no main line ends by it, and no pair can be built.
//!
//! Seega's capture, elimination and blocked themes pair 19b-sg-last-stone (a capture takes the
//! last stone) with 25-sg-blocked (a step blocks the last stone): the same board, four stones,
//! a win in one, each the other's negative.
//! [`every_theme_has_a_pair_or_a_reason`] fails when a theme is added without either.

use std::path::Path;

use peakforge::challenge::{Format, parse, validate};
use peakforge::solver::Control;
use peakforge::verify::{Status, verify};

/// A challenge: a shipped tutorial with exact text edits (`from`, `to`).
struct Variant {
    file: &'static str,
    edits: &'static [(&'static str, &'static str)],
}

/// What a verification found: the verdict and the ids of the themes taught (`None` without a
/// forced win).
fn themes_of(v: &Variant) -> (Status, Option<Vec<String>>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("challenges")
        .join(format!("{}.ron", v.file));
    let mut text = std::fs::read_to_string(&path).expect("a shipped tutorial is readable");
    for (from, to) in v.edits {
        assert_eq!(
            text.matches(from).count(),
            1,
            "{}: the edited text {from:?} must occur exactly once",
            v.file
        );
        text = text.replacen(from, to, 1);
    }
    let mut ch = parse(&text, Format::Ron, &path).unwrap_or_else(|e| panic!("{}: {e}", v.file));
    // A declaration is what is tested here, not what the file claims.
    ch.teaches.clear();
    let checked = validate(&ch).unwrap_or_else(|p| panic!("{}: invalid: {p:?}", v.file));
    let report = verify(v.file, &checked, Control::default());
    let ids = report
        .themes
        .map(|t| t.iter().map(|t| t.id.to_string()).collect());
    (report.status, ids)
}

/// `theme` is found on `needs` and not on `without`, which still has a forced win.
fn pair(theme: &str, needs: &Variant, without: &Variant) {
    let (status, found) = themes_of(needs);
    let found = found.unwrap_or_else(|| panic!("{theme}: {} has no forced win", needs.file));
    assert!(
        found.iter().any(|t| t == theme),
        "{theme} not found on {} ({status:?}), which needs it: {found:?}",
        needs.file
    );
    let (status, found) = themes_of(without);
    let found = found.unwrap_or_else(|| {
        panic!(
            "{theme}: the near-identical {} has no forced win ({status:?}), so the test could not fail",
            without.file
        )
    });
    assert!(
        !found.iter().any(|t| t == theme),
        "{theme} found on {} ({status:?}), the near-identical challenge that does not need it: {found:?}",
        without.file
    );
}

const fn shipped(file: &'static str) -> Variant {
    Variant { file, edits: &[] }
}

/// One `#[test]` per theme: `name: theme, needs, without;`.
macro_rules! pairs {
    ($($name:ident: $theme:literal, $needs:expr, $without:expr;)*) => {
        $(#[test]
        fn $name() {
            pair($theme, &$needs, &$without);
        })*

        /// The themes with a pair.
        const PAIRED: &[&str] = &[$($theme),*];
    };
}

// ---- Pawn&Peak ----

/// 01-terrain with flat terrain: the same moves, none dearer than on flat ground.
const FLAT_01: Variant = Variant {
    file: "01-terrain",
    edits: &[("\"00210\"", "\"00000\""), ("\"00001\"", "\"00000\"")],
};
/// 02-exit-point with the Guardian one rank nearer and the other Guardian gone: the exit is in
/// the proof, but with the crossing free the challenge is still sound.
const EASY_EXIT_02: Variant = Variant {
    file: "02-exit-point",
    edits: &[
        ("(\"d3\", Red, Guardian)", "(\"d4\", Red, Guardian)"),
        ("(\"b4\", Red, Guardian),", ""),
        ("\"d3-exit\"", "\"d4-exit\""),
    ],
};
/// 04-protector-charge with a Red Scout next to the target: the key still charges, but its
/// support alone wins the capture (and the charge alone without the support): neither needed.
const SUPPORTED_04: Variant = Variant {
    file: "04-protector-charge",
    edits: &[("(\"e1\", Red, Protector)", "(\"c1\", Red, Scout)")],
};
/// 04a-reinforcement without the reinforcing Guardian: the key takes Blue's last piece.
const ALONE_04A: Variant = Variant {
    file: "04a-reinforcement",
    edits: &[("(\"e3\", Blue, Guardian),", "")],
};
/// 03-scout-special with the top rank flat: the Scout reaches it by a normal move.
const FLAT_03: Variant = Variant {
    file: "03-scout-special",
    edits: &[("\"55555\"", "\"00000\"")],
};
/// 11-second-exit with no earlier exit: the Guardian's exit is the match's first.
const FIRST_EXIT_11: Variant = Variant {
    file: "11-second-exit",
    edits: &[("(Blue, Protector),", "")],
};
/// 01-terrain one move before the limit: the key reaches it, but the Guardian's exit ends the
/// match first (PP-8's order).
const AT_LIMIT_01: Variant = Variant {
    file: "01-terrain",
    edits: &[("move_counter: 0", "move_counter: 199")],
};

// ---- Breakthrough ----

/// 18-bt-capture without the Black pawn on b5: the same race, no capture.
const NO_TARGET_18: Variant = Variant {
    file: "18-bt-capture",
    edits: &[("(\"b5\", Black, Pawn),", ""), ("\"a4xb5\"", "\"a4-b5\"")],
};
/// 16b-bt-last-pawn with a White pawn one step from the far rank, which the line advances.
const RACE_16B: Variant = Variant {
    file: "16b-bt-last-pawn",
    edits: &[
        ("(\"a1\", White, Pawn)", "(\"e4\", White, Pawn)"),
        ("\"c2xd3\"", "\"e4-e5\""),
    ],
};

// ---- Seega ----

/// 21a-sg-place with White's stone already placed on a1: a win in one without a placement.
const PLACED_21A: Variant = Variant {
    file: "21a-sg-place",
    edits: &[
        ("\"a1\",", ""),
        (
            "(\"a2\", Black, Stone),",
            "(\"a2\", Black, Stone), (\"a1\", White, Stone),",
        ),
        ("white: 1", "white: 0"),
        ("player_moves: 2", "player_moves: 1"),
    ],
};
/// 20-sg-custodian with the bracketing stone on b2 instead of the refuge c3.
const OFF_REFUGE_20: Variant = Variant {
    file: "20-sg-custodian",
    edits: &[
        ("(\"c3\", White, Stone)", "(\"b2\", White, Stone)"),
        ("\"d1-c1\"", "\"d1-d2\""),
    ],
};
/// 22-sg-chain without the stones the chain goes on to take: one capture, no chain.
const NO_CHAIN_22: Variant = Variant {
    file: "22-sg-chain",
    edits: &[
        ("(\"d4\", Black, Stone),", ""),
        ("(\"e4\", Black, Stone),", ""),
        ("(\"e3\", Black, Stone),", ""),
        ("\"d2-d3\",", ""),
        ("move_limit: 3", "move_limit: 2"),
        ("player_moves: 2", "player_moves: 1"),
    ],
};
/// 19b-sg-last-stone with the move limit at its one move: the capture takes the last stone,
/// which ends the match before the limit does.
const AT_LIMIT_19B: Variant = Variant {
    file: "19b-sg-last-stone",
    edits: &[("move_limit: 200", "move_limit: 1")],
};

pairs! {
    pp_4_terrain: "pp-4-terrain", shipped("01-terrain"), FLAT_01;
    pp_5_exit: "pp-5-exit", shipped("02-exit-point"), EASY_EXIT_02;
    pp_6_support: "pp-6-support", shipped("05-support"), SUPPORTED_04;
    pp_6_reinforcement: "pp-6-reinforcement", shipped("04a-reinforcement"), ALONE_04A;
    pp_6_charge: "pp-6-charge", shipped("04-protector-charge"), SUPPORTED_04;
    pp_7_scout_special: "pp-7-scout-special", shipped("03-scout-special"), FLAT_03;
    pp_8_guardian_exit: "pp-8-guardian-exit", FIRST_EXIT_11, shipped("11-second-exit");
    pp_8_two_exits: "pp-8-two-exits", shipped("11-second-exit"), FIRST_EXIT_11;
    pp_8_elimination: "pp-8-elimination", ALONE_04A, shipped("04a-reinforcement");
    pp_8_move_limit: "pp-8-move-limit", shipped("03-scout-special"), AT_LIMIT_01;
    pp_8_no_legal_move: "pp-8-no-legal-move", shipped("04a-reinforcement"), ALONE_04A;
    pp_9_starting_score: "pp-9-starting-score", shipped("11-second-exit"), FIRST_EXIT_11;
    bt_2_capture: "bt-2-capture", shipped("18-bt-capture"), NO_TARGET_18;
    bt_3_breakthrough: "bt-3-breakthrough", RACE_16B, shipped("16b-bt-last-pawn");
    bt_3_elimination: "bt-3-elimination", shipped("16b-bt-last-pawn"), RACE_16B;
    sg_2_placement: "sg-2-placement", shipped("21a-sg-place"), PLACED_21A;
    sg_4_capture: "sg-4-capture", shipped("19b-sg-last-stone"), shipped("25-sg-blocked");
    sg_4_refuge: "sg-4-refuge", shipped("20-sg-custodian"), OFF_REFUGE_20;
    sg_5_chain: "sg-5-chain", shipped("22-sg-chain"), NO_CHAIN_22;
    sg_6_elimination: "sg-6-elimination", shipped("19b-sg-last-stone"), shipped("25-sg-blocked");
    sg_6_blocked: "sg-6-blocked", shipped("25-sg-blocked"), shipped("19b-sg-last-stone");
    sg_6_move_limit: "sg-6-move-limit", shipped("20-sg-custodian"), AT_LIMIT_19B;
}

/// The themes no pair can show, each with its reason (see the module documentation).
const NOT_SHOWN: &[(&str, &str)] = &[(
    "bt-3-no-legal-move",
    "a live Breakthrough side always has a legal move (its most advanced pawn's diagonal step)",
)];

#[test]
fn every_theme_has_a_pair_or_a_reason() {
    for game in peakforge::games::GAMES {
        for t in peakforge::themes::catalogue(game) {
            let paired = PAIRED.contains(&t.id);
            let excused = NOT_SHOWN.iter().any(|(id, _)| *id == t.id);
            assert!(
                paired != excused,
                "{}: needs exactly one of a pair or a reason (paired {paired}, excused {excused})",
                t.id
            );
        }
    }
    for id in PAIRED.iter().chain(NOT_SHOWN.iter().map(|(id, _)| id)) {
        assert!(peakforge::themes::find(id).is_some(), "{id} is no theme");
    }
}
