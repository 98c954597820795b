//! The status bar: the document's file and whether it is modified, its game, and the tile
//! under the pointer (square, height, piece); and the hands line of a game with pieces in hand
//! (the phase, SG-2, SG-3; the pieces in hand; the piece that must continue a chain, SG-5).

use eframe::egui;

use super::doc::Document;
use crate::challenge::PositionSpec;
use crate::games::board::Square;

/// The hands line of `spec`, e.g. `Phase: placement · In hand: White 12, Black 12 · Chain:
/// none`.
#[must_use]
pub fn hands_line(spec: &PositionSpec) -> String {
    let hands = spec.in_hand.unwrap_or_default();
    let phase = if hands.white > 0 || hands.black > 0 {
        "placement"
    } else {
        "movement"
    };
    let chain = match (
        spec.chain.as_deref().and_then(|c| Square::parse(c).ok()),
        spec.chain.as_deref(),
    ) {
        // Said as it is, not as the rule would have it: the Problems list says why.
        (Some(sq), _) if phase == "placement" => {
            format!("{sq} (none in placement: see Problems)")
        }
        (Some(sq), _) if crate::document::spec_edit::piece_at(spec, sq).is_none() => {
            format!("{sq} (no piece there: see Problems)")
        }
        (Some(sq), _) => format!("the piece on {sq} must continue capturing"),
        (None, Some(bad)) => format!("'{bad}' is not a square"),
        (None, None) => "none".to_string(),
    };
    format!(
        "Phase: {phase} · In hand: White {}, Black {} · Chain: {chain}",
        hands.white, hands.black
    )
}

/// Draws the bar; `hover` is the hovered tile in words.
pub fn ui(ui: &mut egui::Ui, doc: &Document, hover: Option<String>) {
    ui.horizontal(|ui| {
        let name = doc
            .path
            .as_ref()
            .map_or_else(|| "(unsaved)".to_string(), |p| p.display().to_string());
        ui.label(format!(
            "{name}{}",
            if doc.dirty { " •modified" } else { "" }
        ));
        ui.separator();
        ui.label(format!("Game: {}", doc.ch.game.as_str()));
        ui.separator();
        match hover {
            Some(text) => {
                ui.label(text);
            }
            None => {
                ui.weak("Hover a tile to see it.");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge::GameName;

    #[test]
    fn placement_with_pieces_in_hand_then_movement_with_a_chain() {
        let mut spec = GameName::Seega.standard_spec();
        assert_eq!(
            hands_line(&spec),
            "Phase: placement · In hand: White 12, Black 12 · Chain: none"
        );
        spec.chain = Some("b2".into());
        assert!(hands_line(&spec).ends_with("Chain: b2 (none in placement: see Problems)"));
        spec.in_hand = None;
        assert!(hands_line(&spec).ends_with("Chain: b2 (no piece there: see Problems)"));
        spec.pieces.push(crate::challenge::PieceSpec(
            "b2".into(),
            crate::challenge::SideName::White,
            crate::challenge::KindName::Stone,
        ));
        assert_eq!(
            hands_line(&spec),
            "Phase: movement · In hand: White 0, Black 0 · Chain: the piece on b2 must continue capturing"
        );
    }
}
