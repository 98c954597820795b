//! The Seega status line: the phase (placement while a side has pieces in hand, else movement,
//! SG-2, SG-3), the pieces in hand and the piece that must continue a capture chain (SG-5).

use eframe::egui;

use super::spec::chain_square;
use crate::challenge::PositionSpec;

/// The status of a Seega spec in words, e.g. `Phase: placement · In hand: White 12, Black 12 ·
/// Chain: none`.
#[must_use]
pub fn seega_status(spec: &PositionSpec) -> String {
    let hands = spec.in_hand.unwrap_or_default();
    let phase = if hands.white > 0 || hands.black > 0 {
        "placement"
    } else {
        "movement"
    };
    let chain = match (chain_square(spec), spec.chain.as_deref()) {
        (Some(sq), _) => format!("the piece on {sq} must continue capturing"),
        (None, Some(bad)) => format!("'{bad}' is not a square"),
        (None, None) => "none".to_string(),
    };
    format!(
        "Phase: {phase} · In hand: White {}, Black {} · Chain: {chain}",
        hands.white, hands.black
    )
}

/// Draws the status line.
pub fn ui(ui: &mut egui::Ui, spec: &PositionSpec) {
    ui.label(egui::RichText::new(seega_status(spec)).strong());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::white_black::new;

    #[test]
    fn placement_with_pieces_in_hand_then_movement_with_a_chain() {
        let mut spec = new::seega_start();
        assert_eq!(
            seega_status(&spec),
            "Phase: placement · In hand: White 12, Black 12 · Chain: none"
        );
        spec.in_hand = None;
        spec.chain = Some("b2".into());
        assert_eq!(
            seega_status(&spec),
            "Phase: movement · In hand: White 0, Black 0 · Chain: the piece on b2 must continue capturing"
        );
    }
}
