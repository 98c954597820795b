//! The position's fields besides the tiles, for every game, drawn from the game's field list
//! ([`crate::challenge::Authoring`]): board size, side to move, Pawn&Peak's scores and exited
//! pieces, Seega's pieces in hand and chain square, move counter and limit, and the goal.
//!
//! Number fields commit on Enter or when they lose the focus (never on each keystroke); typed
//! text that is not a whole number in the field's range is refused with a mark after the
//! field and a status message (never clamped), and a value never changes another field: the move limit cannot go
//! below the move counter, and a
//! resize that would remove pieces comes back as a [`Change::Resize`] for the editor to ask
//! about first.

use eframe::egui;

use super::edit::Edit;
use super::focus;
use crate::challenge::{Challenge, ExitedSpec, InHand, PositionSpec, Scores, Sizes};
use crate::games::pawn_peak::rules::MAX_START_SCORE;
use crate::games::pawn_peak::{PieceKind, Side};

/// What the fields ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// An edit, with its undo group.
    Edit(Edit, Option<String>),
    /// A new board size (the editor asks first when pieces would be removed).
    Resize(u8, u8),
    /// The Chain square's "On board" button: the chain tool on (`true`) or off.
    ChainTool(bool),
}

/// A labelled number field that commits on Enter or focus loss; returns the new value when it
/// changed.
///
/// A value outside `range` that the document already holds (a file written by hand) is shown
/// as it is, never clamped. Typed text that is not a whole number in `range` is refused, not
/// clamped: the value stays, the field is outlined in the error colour, and a status message
/// ([`take_posted`]) quotes what was typed and says what
/// the field takes, until the next commit of that field or a change of its value.
pub(crate) fn number<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    let mut v = value;
    let ctx = ui.ctx().clone();
    let (escaped, focused_key) = escaped_while_typing(&ctx, label);
    let (lo, hi) = (range.start().to_f64(), range.end().to_f64());
    // Set by the parser, which egui calls only when the typed text is committed.
    let committed: std::cell::RefCell<Option<Result<(), String>>> = Default::default();
    let parse = |text: &str| {
        let checked = whole_number(text, lo, hi);
        *committed.borrow_mut() = Some(checked.as_ref().map(|_| ()).map_err(Clone::clone));
        checked.ok()
    };
    let key = egui::Id::unique(("peakforge-number-refused", label));
    let refused = standing_refusal(&ctx, key, value.to_f64());
    ui.horizontal(|ui| {
        let l = ui.label(label);
        let r = ui
            .add(
                egui::DragValue::new(&mut v)
                    .range(range)
                    .clamp_existing_to_range(false)
                    .custom_parser(parse)
                    .speed(0.1)
                    .update_while_editing(false),
            )
            .labelled_by(l.id);
        focus::take(&r, label);
        let focused = r.has_focus();
        ctx.data_mut(|d| d.insert_temp(focused_key, focused));
        // Marked on the field itself, taking no room: a word after it pushed the field beside
        // it (Height after Width) away from under the pointer.
        if let Some(why) = &refused {
            let stroke = egui::Stroke::new(1.5, ui.visuals().error_fg_color);
            ui.painter()
                .rect_stroke(r.rect, 2.0, stroke, egui::StrokeKind::Outside);
            r.on_hover_text(why);
        }
    });
    if escaped {
        // What was typed is dropped, refused or not.
        v = value;
        let _ = committed.take();
    }
    match committed.into_inner() {
        Some(Err(why)) => {
            let why = format!("{label}: {why}; it stays {}.", value.to_f64());
            ctx.data_mut(|d| d.insert_temp(key, (value.to_f64(), why.clone())));
            post(&ctx, label, Some(why));
            ctx.request_repaint();
        }
        Some(Ok(())) => {
            ctx.data_mut(|d| d.remove::<(f64, String)>(key));
            post(&ctx, label, None);
        }
        None => {}
    }
    (v != value).then_some(v)
}

/// Whether the field `label` is inside the frames after an Esc pressed while it was being
/// typed in (then what egui commits is dropped: egui's DragValue commits the text on the frame
/// after the field lost its focus, when Esc is no longer among the keys pressed), and the
/// key under which the field records, each frame, whether it has the focus.
fn escaped_while_typing(ctx: &egui::Context, label: &str) -> (bool, egui::Id) {
    let focused_key = egui::Id::unique(("peakforge-number-focused", label));
    let escaped_key = egui::Id::unique(("peakforge-number-escaped", label));
    let frame = ctx.cumulative_frame_nr();
    let was_focused = ctx
        .data(|d| d.get_temp::<bool>(focused_key))
        .unwrap_or(false);
    // The raw events: the editor's Esc shortcut may have consumed the key already (the field
    // lost its focus at the start of this frame, so the keys were no longer the field's).
    let escape = ctx.input(|i| {
        i.raw.events.iter().any(|e| {
            matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::Escape,
                    pressed: true,
                    ..
                }
            )
        })
    });
    if was_focused && escape {
        ctx.data_mut(|d| d.insert_temp(escaped_key, frame + 2));
    }
    let escaped = match ctx.data(|d| d.get_temp::<u64>(escaped_key)) {
        Some(until) if frame <= until => true,
        Some(_) => {
            ctx.data_mut(|d| d.remove::<u64>(escaped_key));
            false
        }
        None => false,
    };
    (escaped, focused_key)
}

/// The refusal stored under `key` while it still holds (the field still shows `value`, the
/// value it was refused at); a stale one (an undo, another edit changed the value) is
/// forgotten.
fn standing_refusal(ctx: &egui::Context, key: egui::Id, value: f64) -> Option<String> {
    match ctx.data(|d| d.get_temp::<(f64, String)>(key)) {
        Some((at, why)) if at == value => Some(why),
        Some(_) => {
            ctx.data_mut(|d| d.remove::<(f64, String)>(key));
            None
        }
        None => None,
    }
}

/// What the number fields said this frame, for the status message: a field's refusal, or
/// `None` when a field took a value (its earlier refusal no longer holds).
pub(crate) type Posted = Vec<(String, Option<String>)>;

fn mailbox() -> egui::Id {
    egui::Id::unique("peakforge-number-posted")
}

fn post(ctx: &egui::Context, label: &str, message: Option<String>) {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Posted>(mailbox())
            .push((label.to_string(), message));
    });
}

/// Takes what the number fields posted this frame ([`Posted`]).
pub(crate) fn take_posted(ctx: &egui::Context) -> Posted {
    ctx.data_mut(|d| d.remove_temp::<Posted>(mailbox()))
        .unwrap_or_default()
}

/// `text` as a whole number from `lo` to `hi`, or why not (quoting `text`).
fn whole_number(text: &str, lo: f64, hi: f64) -> Result<f64, String> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    let n: i64 = match t.parse() {
        Ok(n) => n,
        // A whole number too long for any field is out of range, not "not a whole number".
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(format!(
                "\u{201c}{}\u{201d} is not in {lo}\u{2013}{hi}",
                crate::excerpt::cut(t)
            ));
        }
        Err(_) => {
            return Err(format!(
                "\u{201c}{}\u{201d} is not a whole number",
                crate::excerpt::cut(t)
            ));
        }
    };
    #[expect(
        clippy::cast_precision_loss,
        reason = "field values are far below 2^52"
    )]
    let x = n as f64;
    if x < lo || x > hi {
        return Err(format!("\u{201c}{t}\u{201d} is not in {lo}\u{2013}{hi}"));
    }
    Ok(x)
}

/// A spec edit with its undo group.
fn spec(s: PositionSpec, group: &str) -> Change {
    Change::Edit(Edit::Spec(Box::new(s)), Some(group.to_string()))
}

/// Draws the fields of `ch` and returns what they ask for; `chain_tool`: whether the board's
/// clicks set the chain square ([`crate::editor::tools::Tool::Chain`]).
pub fn ui(ui: &mut egui::Ui, ch: &Challenge, chain_tool: bool) -> Vec<Change> {
    let mut out = Vec::new();
    let a = ch.game.authoring();
    let p = &ch.position;
    match a.sizes {
        Sizes::Rect { width, height } => {
            ui.horizontal(|ui| {
                if let Some(w) = number(ui, "Width", p.width, width.0..=width.1) {
                    out.push(Change::Resize(w, p.height));
                }
                if let Some(h) = number(ui, "Height", p.height, height.0..=height.1) {
                    out.push(Change::Resize(p.width, h));
                }
            });
        }
        Sizes::Square(sizes) => {
            let mut size = p.width;
            ui.horizontal(|ui| {
                let l = ui.label("Board size");
                egui::ComboBox::from_id_salt("board-size")
                    .selected_text(format!("{size} × {size}"))
                    .show_ui(ui, |ui| {
                        for &n in sizes {
                            ui.selectable_value(&mut size, n, format!("{n} × {n}"));
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
            if (size, size) != (p.width, p.height) {
                out.push(Change::Resize(size, size));
            }
        }
    }
    ui.horizontal(|ui| {
        ui.label("Side to move:");
        for side in a.sides {
            let on = p.side_to_move == side;
            if ui.radio(on, format!("{side:?}")).clicked() && !on {
                let mut s = p.clone();
                s.side_to_move = side;
                out.push(spec(s, "side"));
            }
        }
    });
    if a.scores_and_exits {
        let scores = p.scores.unwrap_or_default();
        let set = |red, blue| {
            let mut s = p.clone();
            s.scores = Some(Scores { red, blue });
            spec(s, "scores")
        };
        // Pairs share a row: the fields fit the 1280 × 800 window without scrolling.
        ui.horizontal(|ui| {
            if let Some(r) = number(ui, "Red score", scores.red, 0..=MAX_START_SCORE) {
                out.push(set(r, scores.blue));
            }
            if let Some(b) = number(ui, "Blue score", scores.blue, 0..=MAX_START_SCORE) {
                out.push(set(scores.red, b));
            }
        });
    }
    if let Some(most) = a.in_hand {
        hands_ui(ui, p, most(p.width), &mut out);
        chain_ui(ui, p, chain_tool, &mut out);
    }
    if let Some(c) = number(ui, "Move counter", p.move_counter, 0..=p.move_limit) {
        let mut s = p.clone();
        s.move_counter = c;
        out.push(spec(s, "counter"));
    }
    // Never below the counter: a limit never changes the counter.
    let least = p.move_counter.max(1);
    if let Some(l) = number(ui, "Move limit", p.move_limit, least..=u16::MAX) {
        let mut s = p.clone();
        s.move_limit = l;
        out.push(spec(s, "counter"));
    }
    if let Some(g) = number(
        ui,
        "Goal: win within player moves",
        ch.goal.player_moves,
        1..=u32::from(u16::MAX),
    ) {
        out.push(Change::Edit(Edit::Goal(g), Some("goal".into())));
    }
    if a.scores_and_exits {
        exited_ui(ui, p, &mut out);
    }
    out
}

/// Seega's pieces in hand per side (at most `most`).
fn hands_ui(ui: &mut egui::Ui, p: &PositionSpec, most: u8, out: &mut Vec<Change>) {
    let hands = p.in_hand.unwrap_or_default();
    let set = |white: u8, black: u8| {
        let mut s = p.clone();
        s.in_hand = (white > 0 || black > 0).then_some(InHand { white, black });
        spec(s, "in-hand")
    };
    // A row each: paired, they would widen the panel (Seega has no scores or exits: the
    // fields fit the window anyway).
    if let Some(w) = number(ui, "White in hand", hands.white, 0..=most) {
        out.push(set(w, hands.black));
    }
    if let Some(b) = number(ui, "Black in hand", hands.black, 0..=most) {
        out.push(set(hands.white, b));
    }
}

/// Seega's chain square (empty: no chain), typed or, with "On board", clicked on the board.
fn chain_ui(ui: &mut egui::Ui, p: &PositionSpec, chain_tool: bool, out: &mut Vec<Change>) {
    let mut chain = p.chain.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        let l = ui.label("Chain square");
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut chain)
                    .hint_text("none")
                    .desired_width(50.0),
            )
            .labelled_by(l.id);
        // A clicked problem of the chain (`position.chain`) puts the keyboard here.
        focus::take(&r, "Chain square");
        r.on_hover_text("The square of the piece that must continue capturing (SG-5); empty: none");
        if ui
            .selectable_label(chain_tool, "On board")
            .on_hover_text(
                "Click a square on the board to make it the chain square; click the chain \
                 square again for none",
            )
            .clicked()
        {
            out.push(Change::ChainTool(!chain_tool));
        }
    });
    let chain = chain.trim().to_string();
    if (!chain.is_empty()).then_some(&chain) != p.chain.as_ref() {
        let mut s = p.clone();
        s.chain = (!chain.is_empty()).then_some(chain);
        out.push(spec(s, "chain"));
    }
}

/// Pawn&Peak's exited pieces: on one row, a remove button for each ("RP ×"); below, the add
/// buttons, disabled at two. The rows keep their height whatever is exited, so nothing moves
/// under the pointer as pieces are added or removed.
fn exited_ui(ui: &mut egui::Ui, p: &PositionSpec, out: &mut Vec<Change>) {
    let exited: Vec<ExitedSpec> = p.exited.iter().flatten().copied().collect();
    let set = |rest: Vec<ExitedSpec>| {
        let mut s = p.clone();
        s.exited = Some(rest);
        spec(s, "exited")
    };
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        ui.label("Exited pieces:");
        if exited.is_empty() {
            ui.weak("none");
        }
        for (i, e) in exited.iter().enumerate() {
            let r = ui
                .small_button(format!("{} \u{d7}", piece_code(e.0, e.1)))
                .on_hover_text(format!("Remove the exited {} {}", e.0.name(), e.1.name()));
            focus::take(&r, &format!("Remove exited {}", i + 1));
            if r.clicked() {
                let mut rest = exited.clone();
                rest.remove(i);
                out.push(set(rest));
            }
        }
    });
    let room = exited.len() < 2;
    ui.add_enabled_ui(room, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label("Add exited:");
            for side in [Side::Red, Side::Blue] {
                for kind in PieceKind::ALL {
                    let hover = if room {
                        format!("Add an exited {} {}", side.name(), kind.name())
                    } else {
                        "Two pieces have exited: remove one first".to_string()
                    };
                    let r = ui.small_button(piece_code(side, kind));
                    if r.on_hover_text(hover).clicked() {
                        let mut more = exited.clone();
                        more.push(ExitedSpec(side, kind));
                        out.push(set(more));
                    }
                }
            }
        });
    });
}

/// A piece in two letters: side and kind ("BP", Blue's Protector).
fn piece_code(side: Side, kind: PieceKind) -> String {
    let s = if side == Side::Red { "R" } else { "B" };
    format!("{s}{}", kind.letter())
}

#[cfg(test)]
mod tests {
    use super::whole_number;

    #[test]
    fn a_whole_number_too_long_is_out_of_range_and_junk_is_not_a_number() {
        assert_eq!(whole_number(" 42 ", 0.0, 100.0), Ok(42.0));
        let long = "9".repeat(20);
        assert_eq!(
            whole_number(&long, 0.0, 65535.0),
            Err(format!("\u{201c}{long}\u{201d} is not in 0\u{2013}65535"))
        );
        assert!(
            whole_number("-99999999999999999999", 0.0, 9.0)
                .unwrap_err()
                .contains("not in")
        );
        for junk in ["abc", "5.0", "", "-", "1e3"] {
            assert!(
                whole_number(junk, 0.0, 9.0)
                    .unwrap_err()
                    .contains("is not a whole number"),
                "{junk}"
            );
        }
    }
}
