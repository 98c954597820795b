//! The editor's document operations as a byte stream ([`document_ops`]): the bytes, read by
//! `arbitrary`'s [`Unstructured`], pick a starting document and then a sequence of the edits
//! the editor's panels make (paint terrain, place, remove and move pieces, resize, set the
//! fields and counters, record the intended line, texts, New/Open), undo, redo and save.

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use peakforge::challenge::{
    Challenge, ExitedSpec, Format, GAMES, GameName, InHand, KindName, PositionSpec, Scores,
    SideName,
};
use peakforge::document::doc::{self, Document};
use peakforge::document::edit::{Edit, TextField};
use peakforge::document::spec_edit::Stamp;
use peakforge::game::GameState;
use peakforge::games::AnyPosition;
use peakforge::games::board::Square;
use peakforge::games::pawn_peak::{PieceKind, Side};

use super::{challenges, round_trip_in};

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
/// from the last saved; every save (the editor's own and its autosave) writes RON
/// that reads back equal; at the end, undo
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
    let mut memo = Memo::default();
    for _ in 0..MAX_OPS {
        if u.is_empty() {
            break;
        }
        let before = d.ch.clone();
        let revision = d.revision;
        match step(&mut d, &mut u, &mut saved, &mut memo) {
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

/// What one input's operations keep between them so as not to redo work (most of an input's
/// time was writing and reading back saves, and replaying the intended line).
#[derive(Default)]
struct Memo {
    /// The states whose save was checked: a state saved again is not re-checked.
    checked: Vec<Challenge>,
    /// The game and position the line below was played from.
    start: Option<(GameName, PositionSpec)>,
    /// The intended line played.
    line: Vec<String>,
    /// The position after it; `None` when the start is not a position or a move of the line
    /// is not legal (the same for any longer line from the same start).
    after: Option<AnyPosition>,
}

impl Memo {
    /// Checks that `ch`, saved as the editor saves it (RON), reads back equal, unless a state
    /// equal to it was checked before. (JSON, the export's format, is `challenge_json`'s.)
    fn save(&mut self, ch: &Challenge) {
        if !self.checked.contains(ch) {
            round_trip_in(ch, Format::Ron);
            self.checked.push(ch.clone());
        }
    }

    /// The position after the document's intended line, played from its start: from the
    /// last one when the start is the same and the line extends the last (a recorded move).
    fn after_line(&mut self, d: &Document) -> Option<&AnyPosition> {
        let same_start = self
            .start
            .as_ref()
            .is_some_and(|(g, p)| *g == d.ch.game && *p == d.ch.position);
        if !same_start || !d.ch.solution.starts_with(&self.line) {
            self.start = Some((d.ch.game, d.ch.position.clone()));
            self.line.clear();
            self.after = d.start().ok();
        }
        for t in &d.ch.solution[self.line.len()..] {
            self.after = self
                .after
                .take()
                .and_then(|pos| pos.parse_move(t).ok().map(|mv| pos.play(mv)));
            self.line.push(t.clone());
        }
        self.after.as_ref()
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
fn move_to_record(d: &Document, u: &mut Unstructured<'_>, memo: &mut Memo) -> Result<String> {
    if u.ratio(1, 8)? {
        return text(u);
    }
    let Some(pos) = memo.after_line(d) else {
        return text(u);
    };
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
    memo: &mut Memo,
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
        9 => Edit::PushMove(move_to_record(d, u, memo)?),
        10 => Edit::PopMove,
        11 => Edit::ClearLine,
        12 => {
            let keep = u.int_in_range(0..=d.ch.solution.len() + 1)?;
            let then = if u.arbitrary()? {
                Some(move_to_record(d, u, memo)?)
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
            memo.save(&d.ch);
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
