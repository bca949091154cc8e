//! The canvas every room draws on: the pixmap, pixels per EMU, the thread's [`Ink`], and the
//! primitives (rectangles filled and stroked, lines) in EMU or px.

use crate::Ink;
use specrender_fonts::FontBook;
use specrender_model::Rect;
use specrender_spec::deck::Rgb;
use specrender_spec::units::Emu;
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Rect as SkRect, Stroke, Transform};

/// Pixels per EMU and the pixmap.
pub(crate) struct Canvas<'a, 'i> {
    pub(crate) pm: Pixmap,
    pub(crate) s: f32,
    pub(crate) book: &'a FontBook,
    /// The thread's shaping faces and glyph masks.
    pub(crate) ink: &'i mut Ink<'a>,
    /// What could not be drawn (see `frame.rs`).
    pub(crate) notes: Vec<String>,
    /// The theme's body faces (Latin, East Asian): a placeholder's label is set in them.
    pub(crate) body: [String; 2],
}

pub(crate) fn color(c: Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

pub(crate) fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

impl Canvas<'_, '_> {
    pub(crate) fn px(&self, v: Emu) -> f32 {
        v as f32 * self.s
    }

    pub(crate) fn sk_rect(&self, r: &Rect) -> Option<SkRect> {
        SkRect::from_xywh(
            self.px(r.x),
            self.px(r.y),
            self.px(r.w).max(0.5),
            self.px(r.h).max(0.5),
        )
    }

    pub(crate) fn fill_rect(&mut self, r: &Rect, c: Color) {
        if let Some(sr) = self.sk_rect(r) {
            self.pm
                .fill_rect(sr, &paint(c), Transform::identity(), None);
        }
    }

    pub(crate) fn stroke_rect(&mut self, r: &Rect, c: Color, width_px: f32) {
        if let Some(sr) = self.sk_rect(r) {
            self.stroke_sk(sr, c, width_px);
        }
    }

    pub(crate) fn stroke_sk(&mut self, sr: SkRect, c: Color, width_px: f32) {
        let path = PathBuilder::from_rect(sr);
        let st = Stroke {
            width: width_px,
            ..Stroke::default()
        };
        self.pm
            .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
    }

    pub(crate) fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Color, width_px: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
        if let Some(path) = pb.finish() {
            let st = Stroke {
                width: width_px.max(0.5),
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
        }
    }
}
