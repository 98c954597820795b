//! The board's zoom and pan ([`Camera`]): Ctrl + the mouse wheel zooms at the pointer, the
//! wheel pans a zoomed board, a middle-button drag pans; the keys (+, -, Home) and the status
//! bar's buttons do the same.

use eframe::egui::{self, Vec2};

/// The zoom's bounds: the board fitted to its space times this.
pub const ZOOM: (f32, f32) = (0.5, 4.0);

/// How the board is looked at: its zoom (1: fitted to the space) and how far it is panned
/// from the centre, in points. Ctrl + the mouse wheel zooms at the pointer, the middle button
/// or the wheel (once zoomed in) pans; [`Camera::fit`] goes back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// The zoom factor.
    pub zoom: f32,
    /// The pan, in points.
    pub pan: Vec2,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            zoom: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

impl Camera {
    /// Zooms by `factor` (within [`ZOOM`]).
    pub fn zoom_by(&mut self, factor: f32) {
        let z = (self.zoom * factor).clamp(ZOOM.0, ZOOM.1);
        self.pan *= z / self.zoom;
        self.zoom = z;
    }

    /// The board fitted to its space, centred.
    pub fn fit(&mut self) {
        *self = Camera::default();
    }

    /// Keeps the pan where a board of `board` points stays in sight in a view of `view`
    /// points: a board smaller than the view on an axis stays whole in it, a larger one
    /// leaves no empty space at the view's edges (zooming out at the view's corner pushed the
    /// board out of sight).
    pub fn keep_in_sight(&mut self, board: Vec2, view: Vec2) {
        let slack = ((board - view) / 2.0).abs();
        self.pan = self.pan.clamp(-slack, slack);
    }

    /// The zoom in words: `150 %`.
    #[must_use]
    pub fn words(&self) -> String {
        format!("{:.0} %", self.zoom * 100.0)
    }
}

/// The wheel and the middle button over the board: Ctrl + wheel zooms at the pointer, the
/// wheel pans once zoomed in, a middle-button drag pans.
pub(super) fn steer(ui: &egui::Ui, response: &egui::Response, camera: &mut Camera) {
    if !response.hovered() {
        return;
    }
    let (zoom, scroll, middle, pointer) = ui.input(|i| {
        (
            i.zoom_delta(),
            i.smooth_scroll_delta,
            i.pointer.middle_down().then(|| i.pointer.delta()),
            i.pointer.hover_pos(),
        )
    });
    if (zoom - 1.0).abs() > f32::EPSILON {
        let before = camera.zoom;
        camera.zoom_by(zoom);
        // Zoom at the pointer: the point under it stays under it.
        if let Some(p) = pointer {
            camera.pan -= (p - response.rect.center()) * (camera.zoom / before - 1.0);
        }
    } else if camera.zoom > 1.0 {
        camera.pan += scroll;
    }
    if let Some(d) = middle {
        camera.pan += d;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_stays_in_sight_whatever_the_pan() {
        let view = Vec2::new(400.0, 300.0);
        let mut camera = Camera {
            zoom: 0.5,
            pan: Vec2::new(-900.0, 700.0),
        };
        // Smaller than the view: whole in it (its centre within the slack).
        camera.keep_in_sight(Vec2::new(200.0, 150.0), view);
        assert_eq!(camera.pan, Vec2::new(-100.0, 75.0));
        // Larger: its edges never come inside the view's.
        camera.pan = Vec2::new(-900.0, 10.0);
        camera.keep_in_sight(Vec2::new(1000.0, 900.0), view);
        assert_eq!(camera.pan, Vec2::new(-300.0, 10.0));
    }
}
