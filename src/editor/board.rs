//! The board painter, for every game: it paints a [`BoardView`] (terrain shading with heights
//! in the one colour ramp, or a plain chequer; file letters and rank numbers; pieces as discs
//! with their letter and badge; marked tiles; the destinations of the move being entered with
//! their labels; the solver's moves as arrows or rings) and reports pointer events; it changes
//! nothing. Each tile is an accessibility node named `square c4`, the tile in words as its
//! value.

use eframe::egui::{
    self, Align2, Color32, FontId, Painter, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Vec2,
    WidgetInfo, pos2, vec2,
};

pub use super::camera::Camera;
use super::style;
use crate::board_view::{BoardView, Disc, End, LabelKind, MarkKind, Palette};
use crate::game::Player;
use crate::games::board::Square;

/// Cells of margin for the rank numbers (left) and file letters (bottom).
const LABEL_CELLS: f32 = 0.6;
/// Cells of the exit bands above and below the board (games whose moves leave it).
const EXIT_CELLS: f32 = 0.7;
/// The largest tile, in points, at zoom 1 (the board fitted to its space).
const MAX_CELL: f32 = 96.0;
/// What happened on the board this frame.
#[derive(Default, Debug)]
pub struct BoardEvents {
    /// A tile clicked with the primary button.
    pub clicked: Option<Square>,
    /// A tile clicked with the secondary button.
    pub secondary: Option<Square>,
    /// The tile under the primary button while it is held (for brushes).
    pub held: Option<Square>,
    /// The primary button went down on the board this frame: a new brush stroke.
    pub stroke_start: bool,
    /// An exit band with a destination label was clicked.
    pub exit_clicked: bool,
    /// The tile under the pointer.
    pub hovered: Option<Square>,
    /// A drag started on this tile (where the button went down).
    pub drag_from: Option<Square>,
    /// The tile under the pointer while a drag goes on.
    pub drag_over: Option<Square>,
    /// The drag ended this frame (the button was released).
    pub drag_stopped: bool,
}

/// Geometry of the board inside the space given to it.
pub(super) struct Geometry {
    /// The tiles' rectangle.
    pub(super) tiles: Rect,
    pub(super) cell: f32,
    pub(super) width: u8,
    pub(super) height: u8,
}

impl Geometry {
    /// The board in `space` seen through `camera`, whose pan is first kept where the board
    /// stays in sight ([`Camera::keep_in_sight`]).
    fn new(space: Rect, view: &BoardView, camera: &mut Camera) -> Geometry {
        let (width, height) = (view.width.max(1), view.height.max(1));
        let band = if view.exits { EXIT_CELLS } else { 0.2 };
        let cols = f32::from(width) + LABEL_CELLS + 0.2;
        let rows = f32::from(height) + LABEL_CELLS + 2.0 * band;
        let cell = (space.width() / cols)
            .min(space.height() / rows)
            .clamp(8.0, MAX_CELL)
            * camera.zoom;
        let size = vec2(cols * cell, rows * cell);
        camera.keep_in_sight(size, space.size());
        let outer = Rect::from_center_size(space.center() + camera.pan, size);
        let min = outer.min + vec2(LABEL_CELLS * cell, band * cell);
        let tiles =
            Rect::from_min_size(min, vec2(f32::from(width) * cell, f32::from(height) * cell));
        Geometry {
            tiles,
            cell,
            width,
            height,
        }
    }

    pub(super) fn tile(&self, sq: Square) -> Rect {
        let x = self.tiles.min.x + f32::from(sq.file()) * self.cell;
        let y = self.tiles.min.y + f32::from(self.height - 1 - sq.rank()) * self.cell;
        Rect::from_min_size(pos2(x, y), Vec2::splat(self.cell))
    }

    fn square_at(&self, p: Pos2) -> Option<Square> {
        if !self.tiles.contains(p) {
            return None;
        }
        let f = ((p.x - self.tiles.min.x) / self.cell) as u8;
        let r = ((p.y - self.tiles.min.y) / self.cell) as u8;
        (f < self.width && r < self.height).then(|| Square::new(f, self.height - 1 - r))
    }

    /// The exit band tile beyond the far edge of `side`, on the file of `from`.
    fn exit_rect(&self, side: Player, from: Square) -> Rect {
        let x = self.tiles.min.x + f32::from(from.file()) * self.cell;
        let band = EXIT_CELLS * self.cell;
        let y = match side {
            Player::First => self.tiles.min.y - band,
            Player::Second => self.tiles.max.y + LABEL_CELLS * self.cell,
        };
        Rect::from_min_size(pos2(x, y), vec2(self.cell, band))
    }

    /// Where an arrow starting on `from` ends.
    pub(super) fn end(&self, from: Square, end: End) -> Pos2 {
        match end {
            End::Tile(to) => self.tile(to).center(),
            End::Exit(side) => self.exit_rect(side, from).center(),
        }
    }

    pub(super) fn font(&self, share: f32) -> FontId {
        FontId::proportional((self.cell * share).max(7.0))
    }
}

fn rgb((r, g, b): (u8, u8, u8)) -> Color32 {
    Color32::from_rgb(r, g, b)
}

/// Draws `view` in all the space left in `ui`, seen through `camera` (which the wheel and the
/// middle button move), and returns the pointer events; the piece on `dragging` is drawn under
/// the pointer (a piece being moved).
pub fn show(
    ui: &mut egui::Ui,
    view: &BoardView,
    dragging: Option<Square>,
    camera: &mut Camera,
) -> BoardEvents {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Board"));
    super::camera::steer(ui, &response, camera);
    let geo = Geometry::new(response.rect, view, camera);
    accessible_tiles(ui, &geo, view, response.id);
    for sq in view.squares() {
        draw_tile(&painter, &geo, view, sq);
    }
    for &(sq, kind) in &view.marks {
        draw_mark(&painter, &geo, sq, kind);
    }
    let exit = draw_labels(&painter, &geo, view);
    for m in &view.moves {
        super::board_moves::draw_move(&painter, &geo, m);
    }
    // Last: an exit arrow crosses the file letters, which stay readable on their own chips.
    super::board_coords::draw_coordinates(&painter, &geo);

    let mut ev = BoardEvents::default();
    let hover = response.hover_pos();
    ev.hovered = hover.and_then(|p| geo.square_at(p));
    if let Some(from) = dragging
        && let (Some(piece), Some(p)) = (view.piece_at(from), hover)
    {
        painter.rect_stroke(
            geo.tile(from).shrink(1.0),
            3.0,
            Stroke::new(3.0, style::SELECTED),
            StrokeKind::Inside,
        );
        let rect = Rect::from_center_size(p, Vec2::splat(geo.cell));
        draw_piece(&painter, &geo, view, rect, piece);
    }
    if response.drag_started() {
        let origin = ui.input(|i| i.pointer.press_origin());
        ev.drag_from = origin.and_then(|p| geo.square_at(p));
    }
    if response.dragged() {
        ev.drag_over = response
            .interact_pointer_pos()
            .or(hover)
            .and_then(|p| geo.square_at(p));
    }
    ev.drag_stopped = response.drag_stopped();
    if let Some(sq) = ev.hovered {
        painter.rect_stroke(
            geo.tile(sq).shrink(1.0),
            2.0,
            Stroke::new(2.0, Color32::from_rgb(255, 255, 160)),
            StrokeKind::Inside,
        );
    }
    let pointer = response.interact_pointer_pos().or(hover);
    if response.clicked()
        && let Some(p) = pointer
    {
        ev.clicked = geo.square_at(p);
        ev.exit_clicked = exit.is_some_and(|r| r.contains(p));
    }
    if response.secondary_clicked() {
        ev.secondary = pointer.and_then(|p| geo.square_at(p));
    }
    let (pressed, down) = ui.input(|i| (i.pointer.primary_pressed(), i.pointer.primary_down()));
    if response.is_pointer_button_down_on() && down {
        ev.held = pointer.and_then(|p| geo.square_at(p));
        ev.stroke_start = pressed;
    } else if pressed && ev.clicked.is_some() {
        // Pressed and released within one frame (a quick click): a one-tile stroke.
        ev.held = ev.clicked;
        ev.stroke_start = true;
    }
    ev
}

/// One accessibility node per tile, named `square c4` with the tile in words as its value,
/// so that screen readers and UI tests can find and click squares. They only sense hover:
/// clicks and drags at their place still reach the board below.
fn accessible_tiles(ui: &egui::Ui, geo: &Geometry, view: &BoardView, board: egui::Id) {
    for sq in view.squares() {
        let r = ui.interact(
            geo.tile(sq),
            board.with(("tile", sq.index())),
            Sense::hover(),
        );
        r.widget_info(|| {
            let mut info = WidgetInfo::labeled(Role::Button, true, format!("square {sq}"));
            info.current_text_value = Some(view.tile_text(sq));
            info
        });
    }
}

fn draw_tile(painter: &Painter, geo: &Geometry, view: &BoardView, sq: Square) {
    let rect = geo.tile(sq);
    match view.height_at(sq) {
        Some(h) => {
            painter.rect_filled(rect.shrink(0.5), 2.0, style::terrain(h));
            painter.text(
                rect.min + vec2(0.08, 0.04) * geo.cell,
                Align2::LEFT_TOP,
                h,
                geo.font(0.22),
                style::terrain_text(h),
            );
        }
        None => {
            let refuge = view.marked(sq, MarkKind::Refuge);
            painter.rect_filled(
                rect.shrink(0.5),
                2.0,
                rgb(crate::board_view::plain_tile_colour(sq, refuge)),
            );
            // The refuge's cross (SG-1) belongs to the tile: a stone standing there covers it
            // (drawn as a mark, it was crossed out on top of the stone), as in `render`.
            if refuge {
                let r = rect.shrink(geo.cell * 0.2);
                let s = Stroke::new(2.0, Color32::from_rgb(160, 136, 80));
                painter.line_segment([r.left_top(), r.right_bottom()], s);
                painter.line_segment([r.right_top(), r.left_bottom()], s);
            }
        }
    }
    if let Some(piece) = view.piece_at(sq) {
        draw_piece(painter, geo, view, rect, piece);
    }
}

fn draw_mark(painter: &Painter, geo: &Geometry, sq: Square, kind: MarkKind) {
    let rect = geo.tile(sq);
    match kind {
        // Drawn with its tile (draw_tile), under a stone.
        MarkKind::Refuge => {}
        MarkKind::Chain => {
            painter.circle_stroke(
                rect.center(),
                geo.cell * 0.42,
                Stroke::new(3.0, style::CHAIN),
            );
        }
        MarkKind::Problem => {
            painter.rect_stroke(
                rect.shrink(1.0),
                3.0,
                Stroke::new(4.0, style::PROBLEM),
                StrokeKind::Inside,
            );
        }
        MarkKind::Selected => {
            painter.rect_stroke(
                rect.shrink(1.0),
                3.0,
                Stroke::new(3.0, style::SELECTED),
                StrokeKind::Inside,
            );
        }
        MarkKind::Brush => {
            painter.rect_stroke(
                rect.shrink(1.5),
                2.0,
                Stroke::new(2.0, Color32::from_rgba_unmultiplied(255, 255, 255, 200)),
                StrokeKind::Inside,
            );
        }
        MarkKind::Region => {
            painter.rect_filled(
                rect.shrink(0.5),
                2.0,
                Color32::from_rgba_unmultiplied(60, 140, 255, 60),
            );
            painter.rect_stroke(
                rect.shrink(0.5),
                2.0,
                Stroke::new(1.5, Color32::from_rgb(60, 140, 255)),
                StrokeKind::Inside,
            );
        }
        MarkKind::Cursor => {
            painter.rect_stroke(
                rect.shrink(4.0),
                2.0,
                Stroke::new(2.0, Color32::from_rgb(20, 90, 220)),
                StrokeKind::Inside,
            );
        }
    }
}

fn draw_piece(painter: &Painter, geo: &Geometry, view: &BoardView, rect: Rect, piece: &Disc) {
    let c = rect.center();
    let r = geo.cell * 0.33;
    let (fill, ink) = view.palette.disc(piece.side);
    let rim = if view.palette == Palette::WhiteBlack && piece.side == Player::Second {
        Color32::WHITE
    } else {
        Color32::BLACK
    };
    painter.circle(c, r, rgb(fill), Stroke::new(1.5, rim));
    if !piece.letter.is_empty() {
        painter.text(
            c,
            Align2::CENTER_CENTER,
            &piece.letter,
            FontId::proportional((geo.cell * 0.36).max(8.0)),
            rgb(ink),
        );
    }
    if let Some(badge) = &piece.badge {
        let at = rect.max - vec2(0.06, 0.04) * geo.cell;
        let galley = painter.layout_no_wrap(badge.clone(), geo.font(0.2), Color32::WHITE);
        let brect = Align2::RIGHT_BOTTOM
            .anchor_size(at, galley.size())
            .expand(1.5);
        painter.rect_filled(brect, 3.0, Color32::from_black_alpha(170));
        painter.galley(brect.min + vec2(1.5, 1.5), galley, Color32::WHITE);
    }
}

/// Draws the destinations of the move being entered; returns the exit band's rectangle when
/// one is offered.
fn draw_labels(painter: &Painter, geo: &Geometry, view: &BoardView) -> Option<Rect> {
    let from = view
        .marks
        .iter()
        .find(|m| m.1 == MarkKind::Selected)
        .map(|m| m.0);
    let mut exit = None;
    for label in &view.labels {
        match label.at {
            End::Exit(side) => {
                let Some(from) = from else { continue };
                let band = geo.exit_rect(side, from);
                draw_exit(painter, geo, band, side, &label.text);
                exit = Some(band);
            }
            End::Tile(to) => {
                let rect = geo.tile(to);
                match label.kind {
                    LabelKind::Capture => {
                        painter.rect_stroke(
                            rect.shrink(2.0),
                            3.0,
                            Stroke::new(3.0, style::CAPTURE),
                            StrokeKind::Inside,
                        );
                        if let Some(detail) = &label.detail {
                            super::board_moves::tag(
                                painter,
                                geo,
                                rect.center_top() + vec2(0.0, 0.04 * geo.cell),
                                detail,
                                Align2::CENTER_TOP,
                                style::CAPTURE,
                            );
                        }
                        if !label.text.is_empty() {
                            super::board_moves::tag(
                                painter,
                                geo,
                                rect.right_top() + vec2(-0.06, 0.04) * geo.cell,
                                &label.text,
                                Align2::RIGHT_TOP,
                                Color32::BLACK,
                            );
                        }
                    }
                    LabelKind::Step if label.text.is_empty() => {
                        painter.circle_filled(rect.center(), geo.cell * 0.12, style::TARGET);
                    }
                    LabelKind::Step => {
                        painter.circle(
                            rect.center(),
                            geo.cell * 0.24,
                            Color32::from_black_alpha(90),
                            Stroke::new(2.5, style::DESTINATION),
                        );
                        painter.text(
                            rect.center(),
                            Align2::CENTER_CENTER,
                            &label.text,
                            geo.font(0.3),
                            Color32::WHITE,
                        );
                    }
                }
            }
        }
    }
    exit
}

fn draw_exit(painter: &Painter, geo: &Geometry, band: Rect, side: Player, text: &str) {
    painter.rect_filled(band.shrink(1.0), 3.0, style::EXIT.gamma_multiply(0.35));
    let dir = match side {
        Player::First => -1.0,
        Player::Second => 1.0,
    };
    let len = band.height() * 0.8;
    let origin = band.center() - vec2(geo.cell * 0.2, dir * len / 2.0);
    painter.arrow(origin, vec2(0.0, dir * len), Stroke::new(3.0, style::EXIT));
    painter.text(
        band.center() + vec2(geo.cell * 0.12, 0.0),
        Align2::LEFT_CENTER,
        text,
        geo.font(0.2),
        painter.ctx().global_style().visuals.strong_text_color(),
    );
}
