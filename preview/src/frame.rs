//! The look under a slide's boxes, drawn from the frame the deck was laid out on
//! (`LaidDeck.frame`): the background of the slide's layout (else its master's, else the
//! scheme's `bg1`), solid, gradient or pattern; the master's decorations when the layout shows
//! them, then the layout's own; the brand's logo. Colours are the look's
//! (`specrender_model::Look`, resolved once by layout: scheme colours through the master's
//! colour map, `lumMod`, `tint`, theme fill styles), so the preview shows what QC's contrast
//! checks read.
//!
//! The template's pictures — a picture background, a master's or layout's `p:pic`, a
//! rectangle filled with a picture — are drawn from the pixels the look decoded once
//! (`specrender_model::blip`), cropped (`a:srcRect`) and stretched, or tiled (`a:tile`, at
//! 96 dpi scaled by its `sx` / `sy`; a flip mirrors both axes), at their `a:alphaModFix`,
//! in drawing order with the other decorations, under the text; placed by the same rule QC
//! samples them with.
//!
//! What the look does not carry, the preview cannot draw: a group decoration, a graphic
//! frame, a connector's line colour, a picture that did not decode (an EMF, say) or is turned.
//! Each is drawn as a light outline of its box and named in the slide's notes. A custom geometry (`a:custGeom`, LibreOffice "Focus"'s
//! triangles) is filled with the paths the look carries when its points are numbers.
//! Approximated: a gradient is drawn top to bottom
//! with its stops evenly spaced (the model keeps the stops' colours, not their positions or
//! angle); a pattern as its background colour crossed by its foreground colour every 8 px;
//! other decorations as their bounding rectangle (the preset geometry is not kept); effects
//! (shadows, glow) are not drawn.

use crate::{color, paint, Canvas};
use specrender_model::blip::{PictureFill, Pixels};
use specrender_model::look::{Decoration, Paint, PathCmd, Surface};
use specrender_model::{LaidDeck, LaidSlide, Rect};
use tiny_skia::{
    Color, FilterQuality, GradientStop, IntSize, LinearGradient, PathBuilder, Pattern, Pixmap,
    Point, Rect as SkRect, SpreadMode, Stroke, Transform,
};

/// The light outline of something the preview cannot draw.
fn undrawn_color() -> Color {
    Color::from_rgba8(0xB4, 0xB4, 0xB4, 255)
}

/// Draws what lies under `slide`'s boxes (see the module docs).
pub(crate) fn draw_frame(c: &mut Canvas<'_, '_>, deck: &LaidDeck, slide: &LaidSlide) {
    let frame = &deck.frame;
    // The layout part the slide relates to (as the writer relates it: a fallback goes onto the
    // template's blank layout, else its first).
    let layout = frame.template_layout(slide.preset);
    let master = frame.look.masters.get(layout.map_or(0, |l| l.master));
    // Background: the layout's, else the master's, else bg1.
    let bg = layout
        .and_then(|l| l.background.as_ref())
        .or_else(|| master.and_then(|m| m.background.as_ref()));
    let full = Rect {
        x: 0,
        y: 0,
        w: deck.slide_size.cx,
        h: deck.slide_size.cy,
    };
    match bg {
        Some(f) => fill(c, f, &full, "background"),
        None => {
            let bg1 = master
                .and_then(|m| m.bg1)
                .map_or(color(deck.theme.colors.background), |[r, g, b]| {
                    Color::from_rgba8(r, g, b, 255)
                });
            c.pm.fill(bg1);
        }
    }
    let show_master = layout.is_none_or(|l| l.show_master_shapes);
    if let Some(m) = master.filter(|_| show_master) {
        for (i, d) in m.decorations.iter().enumerate() {
            decoration(c, d, "master", i);
        }
    }
    if show_master {
        logo(c, deck);
    }
    if let Some(l) = layout {
        for (i, d) in l.decorations.iter().enumerate() {
            decoration(c, d, "layout", i);
        }
    }
}

fn logo(c: &mut Canvas<'_, '_>, deck: &LaidDeck) {
    if let Some(l) = &deck.frame.logo {
        c.image(&l.image.bytes, [0; 4], 0, false, &l.rect);
    }
}

/// Decoration `i` of the master or layout (`whose`: which it is).
fn decoration(c: &mut Canvas<'_, '_>, d: &Decoration, whose: &str, i: usize) {
    let r = d.rect;
    let name = if d.name.is_empty() {
        format!("{whose} shape {} ({})", i + 1, d.kind)
    } else {
        format!("{whose} shape {} \"{}\" ({})", i + 1, d.name, d.kind)
    };
    match d.kind.as_str() {
        "sp" if d.rot.rem_euclid(21_600_000) != 0 => {
            c.undrawn(&r, format!("{name}: a turned shape is not drawn"))
        }
        "sp" => match d.geometry.as_str() {
            "" | "rect" => fill(c, &d.fill, &r, &name),
            "custGeom" => cust_geom(c, d, &name),
            g => {
                if d.fill.paint != Paint::Transparent {
                    c.undrawn(&r, format!("{name}: its geometry ({g}) is not drawn"));
                }
            }
        },
        "cxnSp" => c.undrawn(&r, format!("{name}: its line colour is not known")),
        "pic" if d.fill.picture.is_some() && d.rot.rem_euclid(21_600_000) != 0 => {
            c.undrawn(&r, format!("{name}: a turned picture is not drawn"))
        }
        "pic" if d.fill.picture.is_some() => fill(c, &d.fill, &r, &name),
        "pic" => c.undrawn(&r, format!("{name}: a picture of the template")),
        other => c.undrawn(&r, format!("{name}: a {other} is not drawn")),
    }
}

/// A `custGeom` decoration: its paths (as the look carries them), filled as the template
/// fills the shape; an outline and a note when they could not be read.
fn cust_geom(c: &mut Canvas<'_, '_>, d: &Decoration, name: &str) {
    let look = &d.fill.paint;
    if *look == Paint::Transparent {
        return;
    }
    let r = d.rect;
    let (Some(paths), Paint::Colors(cs)) = (&d.paths, look) else {
        c.undrawn(&r, format!("{name}: its geometry (custGeom) is not drawn"));
        return;
    };
    let cs: Vec<Color> = cs
        .iter()
        .map(|[r, g, b]| Color::from_rgba8(*r, *g, *b, 255))
        .collect();
    let (x0, y0, w, h) = (c.px(r.x), c.px(r.y), c.px(r.w), c.px(r.h));
    let mut pb = PathBuilder::new();
    for p in paths.iter() {
        // A path's own units span the shape (w = 0: the shape's EMU).
        let sx = if p.w > 0 {
            f64::from(w) / p.w as f64
        } else {
            f64::from(c.s)
        };
        let sy = if p.h > 0 {
            f64::from(h) / p.h as f64
        } else {
            f64::from(c.s)
        };
        let at = |x: i64, y: i64| (x0 + (x as f64 * sx) as f32, y0 + (y as f64 * sy) as f32);
        for cmd in &p.cmds {
            match *cmd {
                PathCmd::Move(x, y) => {
                    let (a, b) = at(x, y);
                    pb.move_to(a, b);
                }
                PathCmd::Line(x, y) => {
                    let (a, b) = at(x, y);
                    pb.line_to(a, b);
                }
                PathCmd::Quad([x1, y1, x, y]) => {
                    let ((a, b), (e, f)) = (at(x1, y1), at(x, y));
                    pb.quad_to(a, b, e, f);
                }
                PathCmd::Cubic([x1, y1, x2, y2, x, y]) => {
                    let ((a, b), (e, f), (g, k)) = (at(x1, y1), at(x2, y2), at(x, y));
                    pb.cubic_to(a, b, e, f, g, k);
                }
                PathCmd::Close => pb.close(),
            }
        }
    }
    let Some(path) = pb.finish() else {
        return;
    };
    let mut p = paint(cs.first().copied().unwrap_or(Color::BLACK));
    if cs.len() > 1 {
        // Top to bottom over the shape, stops evenly spaced (as `fill`).
        let n = (cs.len() - 1) as f32;
        let stops = cs
            .iter()
            .enumerate()
            .map(|(i, col)| GradientStop::new(i as f32 / n, *col))
            .collect();
        if let Some(shader) = LinearGradient::new(
            Point::from_xy(x0, y0),
            Point::from_xy(x0, y0 + h),
            stops,
            SpreadMode::Pad,
            Transform::identity(),
        ) {
            p.shader = shader;
        }
    }
    c.pm.fill_path(
        &path,
        &p,
        tiny_skia::FillRule::Winding,
        Transform::identity(),
        None,
    );
}

/// Fills `r` with `f` as the slide shows it.
fn fill(c: &mut Canvas<'_, '_>, f: &Surface, r: &Rect, what: &str) {
    if let Some(p) = &f.picture {
        c.picture_fill(p, r, what);
        return;
    }
    let pattern = f.pattern;
    match &f.paint {
        Paint::Transparent => {}
        Paint::Unknown => c.undrawn(r, format!("{what}: its fill is not known (a picture?)")),
        Paint::Colors(cs) => {
            let cs: Vec<Color> = cs
                .iter()
                .map(|[r, g, b]| Color::from_rgba8(*r, *g, *b, 255))
                .collect();
            match cs.as_slice() {
                [] => {}
                [one] => c.fill_rect(r, *one),
                [fg, bg] if pattern => {
                    c.fill_rect(r, *bg);
                    c.grid(r, *fg, 8.0);
                }
                stops => c.gradient(r, stops),
            }
        }
    }
}

/// `p` as a pixmap (premultiplied, as tiny-skia draws).
fn pixmap(p: &Pixels) -> Option<Pixmap> {
    let mut data = p.rgba.clone();
    for px in data.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        for ch in &mut px[..3] {
            *ch = ((u16::from(*ch) * a + 127) / 255) as u8;
        }
    }
    Pixmap::from_vec(data, IntSize::from_wh(p.width, p.height)?)
}

impl Canvas<'_, '_> {
    /// A template picture filling `at` (see the module docs); an outline and a note when it
    /// did not decode.
    pub(crate) fn picture_fill(&mut self, f: &PictureFill, at: &Rect, what: &str) {
        let pic = &f.picture;
        let d = match &pic.decoded {
            Ok(d) => d,
            Err(why) => {
                self.undrawn(at, format!("{what}: its picture {} {why}", pic.part));
                return;
            }
        };
        let (Some(place), Some(src)) = (f.placement(at), pixmap(&d.pixels)) else {
            return;
        };
        // What is filled: the fill, and for a stretched picture only where the picture is
        // (a negative crop leaves the rest empty); cut to the pixmap and a pixel around it.
        let (w, h) = (self.pm.width() as f64, self.pm.height() as f64);
        let k = f64::from(self.s);
        let (mut x0, mut y0) = (at.x as f64 * k, at.y as f64 * k);
        let (mut x1, mut y1) = (at.right() as f64 * k, at.bottom() as f64 * k);
        if !place.tiled {
            x0 = x0.max(place.x * k);
            y0 = y0.max(place.y * k);
            x1 = x1.min((place.x + place.w) * k);
            y1 = y1.min((place.y + place.h) * k);
        }
        let (x0, y0) = (x0.max(-1.0), y0.max(-1.0));
        let (x1, y1) = (x1.min(w + 1.0), y1.min(h + 1.0));
        let Some(area) = SkRect::from_ltrb(x0 as f32, y0 as f32, x1 as f32, y1 as f32) else {
            return;
        };
        let sx = (place.w * k) as f32 / d.pixels.width as f32;
        let sy = (place.h * k) as f32 / d.pixels.height as f32;
        let tr = Transform::from_row(sx, 0.0, 0.0, sy, (place.x * k) as f32, (place.y * k) as f32);
        let spread = match (place.tiled, place.flip) {
            (false, _) => SpreadMode::Pad,
            (true, (false, false)) => SpreadMode::Repeat,
            (true, _) => SpreadMode::Reflect,
        };
        let opacity = f.alpha.min(100_000) as f32 / 100_000.0;
        let shader = Pattern::new(src.as_ref(), spread, FilterQuality::Bilinear, opacity, tr);
        let mut p = paint(Color::BLACK);
        p.shader = shader;
        self.pm.fill_rect(area, &p, Transform::identity(), None);
    }

    /// A vertical gradient over `r`, stops evenly spaced.
    pub(crate) fn gradient(&mut self, r: &Rect, stops: &[Color]) {
        let Some(sr) = self.sk_rect(r) else {
            return;
        };
        let n = (stops.len() - 1).max(1) as f32;
        let st: Vec<GradientStop> = stops
            .iter()
            .enumerate()
            .map(|(i, c)| GradientStop::new(i as f32 / n, *c))
            .collect();
        let Some(shader) = LinearGradient::new(
            Point::from_xy(sr.left(), sr.top()),
            Point::from_xy(sr.left(), sr.bottom()),
            st,
            SpreadMode::Pad,
            Transform::identity(),
        ) else {
            self.fill_rect(r, stops[0]);
            return;
        };
        let mut p = paint(stops[0]);
        p.shader = shader;
        self.pm.fill_rect(sr, &p, Transform::identity(), None);
    }

    /// Lines of `c` every `step` px across and down `r` (a pattern fill's foreground). Only the
    /// lines that cross the pixmap are drawn, at the places they have over the whole of `r`: a
    /// shape as wide as OOXML can store (`cx` of 2^63 - 1 EMU) costs at most one line per
    /// `step` px of the pixmap (issue 38), the same pixels as drawing them all.
    pub(crate) fn grid(&mut self, r: &Rect, c: Color, step: f32) {
        let Some(sr) = self.sk_rect(r) else {
            return;
        };
        let (w, h) = (self.pm.width() as f32, self.pm.height() as f32);
        // One pixel past each edge: a 1 px line there still touches the edge pixels.
        let (left, right) = (sr.left().max(-1.0), sr.right().min(w + 1.0));
        let (top, bottom) = (sr.top().max(-1.0), sr.bottom().min(h + 1.0));
        if left >= right || top >= bottom {
            return;
        }
        // The first line at or after `from` of those at `start + step / 2 + k * step`.
        let first = |start: f32, from: f32| {
            let s = f64::from(start) + f64::from(step) / 2.0;
            let k = ((f64::from(from) - s) / f64::from(step)).ceil().max(0.0);
            (s + k * f64::from(step)) as f32
        };
        let mut pb = PathBuilder::new();
        let mut x = first(sr.left(), left);
        while x < right {
            pb.move_to(x, top);
            pb.line_to(x, bottom);
            x += step;
        }
        let mut y = first(sr.top(), top);
        while y < bottom {
            pb.move_to(left, y);
            pb.line_to(right, y);
            y += step;
        }
        if let Some(path) = pb.finish() {
            let st = Stroke {
                width: 1.0,
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
        }
    }

    /// Something of the template the preview cannot draw: a light outline, and a note.
    pub(crate) fn undrawn(&mut self, r: &Rect, note: String) {
        if let Some(sr) = self.sk_rect(r) {
            // A dashed outline costs work in proportion to its length: one far larger than the
            // pixmap is cut to the pixmap and a margin of its size around it (its visible edges
            // are the same; their dashes may start at another place).
            let (w, h) = (self.pm.width() as f32, self.pm.height() as f32);
            let m = w.max(h);
            let sr = SkRect::from_ltrb(
                sr.left().max(-m),
                sr.top().max(-m),
                sr.right().max(sr.left() + 1.0).min(w + m),
                sr.bottom().max(sr.top() + 1.0).min(h + m),
            );
            if let Some(sr) = sr {
                let path = PathBuilder::from_rect(sr);
                let st = Stroke {
                    width: 1.0,
                    dash: tiny_skia::StrokeDash::new(vec![4.0, 3.0], 0.0),
                    ..Stroke::default()
                };
                self.pm.stroke_path(
                    &path,
                    &paint(undrawn_color()),
                    &st,
                    Transform::identity(),
                    None,
                );
            }
        }
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }
}
