//! The editor's document operations as a byte stream ([`document_ops`]): the bytes, read by
//! `arbitrary`'s [`Unstructured`], pick a starting document and then a sequence of the edits
//! the editor's panels make (paint terrain, place, remove and move pieces, resize, set the
//! fields and counters, record the intended line, texts, New/Open), undo, redo and save.

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use peakforge::challenge::{
    Challenge, ExitedSpec, GAMES, InHand, KindName, PositionSpec, Scores, SideName,
};
use peakforge::document::doc::{self, Document};
use peakforge::document::edit::{Edit, TextField};
use peakforge::document::spec_edit::Stamp;
use peakforge::game::GameState;
use peakforge::games::board::Square;
use peakforge::games::pawn_peak::{PieceKind, Side};

use super::{challenges, round_trip};

/// The most operations read from one input: fewer than the 200 undo steps a document keeps,
/// so that undoing everything must reach the start.
const MAX_OPS: usize = 150;

const SIDES: [SideName; 4] = [
    SideName::Red,
    SideName::Blue,
    SideName::White,
    SideName::Black,
];
const KINDS: [KindName; 5] = [
    KindName::Scout,
    KindName::Protector,
    KindName::Guardian,
    KindName::Pawn,
    KindName::Stone,
];
const LANGS: [&str; 3] = ["en", "fr", "de"];

/// Runs the operations the bytes describe on a document. Properties: nothing panics; an edit
/// refused leaves the document as it was; the modified mark says whether the content differs
/// from the last saved; every save (the editor's own and its autosave) writes RON and JSON
/// that read back equal; at the end, undo
/// as far as it goes returns the starting challenge, and as many redos return the last one.
///
/// # Panics
/// When a property fails.
pub fn document_ops(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(start) = start_document(&mut u) else {
        return;
    };
    let mut d = Document::new(start.clone(), None);
    let mut saved = start.clone();
    // The states whose save was checked: a state saved again is not re-checked.
    let mut checked = Vec::new();
    for _ in 0..MAX_OPS {
        if u.is_empty() {
            break;
        }
        let before = d.ch.clone();
        let revision = d.revision;
        match step(&mut d, &mut u, &mut saved, &mut checked) {
            Ok(Step::Refused) => assert_eq!(d.ch, before, "a refused edit changed the document"),
            Ok(Step::Done) => {}
            Err(_) => break,
        }
        if d.ch != before {
            assert!(d.revision > revision, "a change without a new revision");
        }
        assert_eq!(d.dirty, d.ch != saved, "the modified mark is wrong");
    }
    let end = d.ch.clone();
    // The editor reads the starting position and validates after every change.
    let _ = peakforge::challenge::validate(&end);
    let mut undone = 0;
    while d.undo() {
        undone += 1;
    }
    assert_eq!(
        d.ch, start,
        "undoing everything does not return to the start"
    );
    assert_eq!(
        d.dirty,
        d.ch != saved,
        "the modified mark is wrong after undoing everything"
    );
    for _ in 0..undone {
        assert!(d.redo(), "a redo step went missing");
    }
    assert_eq!(d.ch, end, "redoing everything does not return to the end");
}

/// Checks that `ch` saved reads back equal ([`round_trip`]) unless a state equal to it was
/// checked before (writing and reading back is most of an input's time).
fn round_trip_once(ch: &Challenge, checked: &mut Vec<Challenge>) {
    if !checked.contains(ch) {
        round_trip(ch);
        checked.push(ch.clone());
    }
}

/// What one operation did.
enum Step {
    /// Applied (or a no-op).
    Done,
    /// An edit the document refused.
    Refused,
}

/// The document to start with: a bundled challenge, or a new one (each game's standard
/// start, the blank Pawn&Peak board).
fn start_document(u: &mut Unstructured<'_>) -> Result<Challenge> {
    let bundled = challenges();
    let pick = u.int_in_range(0..=bundled.len() + GAMES.len())?;
    Ok(if let Some(ch) = bundled.get(pick) {
        ch.clone()
    } else if let Some(&game) = GAMES.get(pick - bundled.len()) {
        doc::template_for(game, game.standard_spec(), "new", "New challenge")
    } else {
        doc::template(&doc::blank_position(), "new", "New challenge")
    })
}

fn square(u: &mut Unstructured<'_>) -> Result<Square> {
    Ok(Square::new(
        u.int_in_range(0..=15)?,
        u.int_in_range(0..=15)?,
    ))
}

fn text(u: &mut Unstructured<'_>) -> Result<String> {
    let n = u.int_in_range(0..=12)?;
    Ok(String::from_utf8_lossy(u.bytes(n)?).into_owned())
}

fn stamp(u: &mut Unstructured<'_>) -> Result<Stamp> {
    Ok(Stamp {
        side: *u.choose(&SIDES)?,
        kind: *u.choose(&KINDS)?,
    })
}

/// A move to record: a legal move after the intended line when the line is legal and the
/// match goes on (as the editor's Play / record mode offers), else any text.
fn move_to_record(d: &Document, u: &mut Unstructured<'_>) -> Result<String> {
    if u.ratio(1, 8)? {
        return text(u);
    }
    let Ok(mut pos) = d.start() else {
        return text(u);
    };
    for t in &d.ch.solution {
        match pos.parse_move(t) {
            Ok(mv) => pos = pos.play(mv),
            Err(_) => return text(u),
        }
    }
    let legal = pos.legal_moves();
    if legal.is_empty() || pos.outcome().is_some() {
        return text(u);
    }
    let mv = legal[u.choose_index(legal.len())?];
    Ok(pos.move_text(mv))
}

/// One field of the position panel changed, or the size as a hand-written file may give it.
fn spec_field(spec: &PositionSpec, u: &mut Unstructured<'_>) -> Result<PositionSpec> {
    let mut s = spec.clone();
    match u.int_in_range(0..=7)? {
        0 => s.side_to_move = *u.choose(&SIDES)?,
        1 => {
            s.scores = if u.arbitrary()? {
                Some(Scores {
                    red: u.arbitrary()?,
                    blue: u.arbitrary()?,
                })
            } else {
                None
            }
        }
        2 => {
            let side = if u.arbitrary()? {
                Side::Red
            } else {
                Side::Blue
            };
            let kind = *u.choose(&[PieceKind::Scout, PieceKind::Protector, PieceKind::Guardian])?;
            let mut list = s.exited.take().unwrap_or_default();
            if u.arbitrary()? {
                list.push(ExitedSpec(side, kind));
            } else {
                list.pop();
            }
            s.exited = (!list.is_empty()).then_some(list);
        }
        3 => {
            s.in_hand = if u.arbitrary()? {
                Some(InHand {
                    white: u.arbitrary()?,
                    black: u.arbitrary()?,
                })
            } else {
                None
            }
        }
        4 => {
            s.chain = if u.arbitrary()? {
                Some(square(u)?.to_string())
            } else {
                None
            }
        }
        5 => s.move_counter = u.arbitrary()?,
        6 => s.move_limit = u.arbitrary()?,
        _ => {
            s.width = u.int_in_range(0..=20)?;
            s.height = u.int_in_range(0..=20)?;
        }
    }
    Ok(s)
}

/// Reads and performs one operation.
fn step(
    d: &mut Document,
    u: &mut Unstructured<'_>,
    saved: &mut Challenge,
    checked: &mut Vec<Challenge>,
) -> Result<Step> {
    let edit = match u.int_in_range(0..=18)? {
        0 => Edit::Height(square(u)?, u.int_in_range(0..=11)?),
        1 => {
            let n = u.int_in_range(1..=9)?;
            let mut tiles = Vec::with_capacity(n);
            for _ in 0..n {
                tiles.push((square(u)?, u.int_in_range(0..=11)?));
            }
            Edit::Heights(tiles)
        }
        2 => Edit::Piece(square(u)?, Some(stamp(u)?)),
        3 => Edit::Piece(square(u)?, None),
        4 => Edit::MovePiece(square(u)?, square(u)?),
        5 => Edit::Resize(u.int_in_range(1..=16)?, u.int_in_range(1..=16)?),
        6 => Edit::Goal(u.arbitrary()?),
        7 => Edit::Id(text(u)?),
        8 => Edit::Text(*u.choose(&TextField::ALL)?, u.choose(&LANGS)?, text(u)?),
        9 => Edit::PushMove(move_to_record(d, u)?),
        10 => Edit::PopMove,
        11 => Edit::ClearLine,
        12 => {
            let keep = u.int_in_range(0..=d.ch.solution.len() + 1)?;
            let then = if u.arbitrary()? {
                Some(move_to_record(d, u)?)
            } else {
                None
            };
            Edit::CutLine(keep, then)
        }
        13 => Edit::Spec(Box::new(spec_field(&d.ch.position, u)?)),
        14 => Edit::Replace(Box::new(u.choose(challenges())?.clone())),
        15 => {
            d.undo();
            return Ok(Step::Done);
        }
        16 => {
            d.redo();
            return Ok(Step::Done);
        }
        17 => {
            d.break_group();
            return Ok(Step::Done);
        }
        _ => {
            // Save: what is written reads back equal.
            round_trip_once(&d.ch, checked);
            d.saved("fuzz.ron".into());
            *saved = d.ch.clone();
            return Ok(Step::Done);
        }
    };
    // The panels group their edits (a stroke, typing in a field, a spin box) or not.
    let group = match u.int_in_range(0..=2)? {
        0 => edit.group(),
        1 => None,
        _ => Some("spec".to_string()),
    };
    Ok(match d.apply(edit, group) {
        Ok(()) => Step::Done,
        Err(_) => Step::Refused,
    })
}
