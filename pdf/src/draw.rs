//! Drawing on a krilla surface in the model's units: rectangles and paths in EMU (turned
//! into points), fills of every kind the look resolves (solid, gradient, pattern), strokes,
//! pictures cropped as written, and lines of placed glyphs.

use crate::fonts::Faces;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Size, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, LinearGradient, SpreadMethod, Stop, Stroke};
use krilla::surface::Surface;
use krilla::text::{GlyphId, KrillaGlyph};
use specrender_model::place::{BulletAt, LinePlace};
use specrender_model::{ImageFormat, Rect};
use specrender_spec::deck::Rgb;
use specrender_spec::units::{Emu, EMU_PER_PT};

/// EMU to points.
pub(crate) fn pt(v: Emu) -> f32 {
    (v as f64 / EMU_PER_PT as f64) as f32
}

pub(crate) fn color(c: Rgb) -> rgb::Color {
    rgb::Color::new(c.0, c.1, c.2)
}

pub(crate) fn color3([r, g, b]: [u8; 3]) -> rgb::Color {
    rgb::Color::new(r, g, b)
}

fn solid(c: rgb::Color, opacity: f32) -> Fill {
    Fill {
        paint: c.into(),
        opacity: NormalizedF32::new(opacity.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE),
        rule: FillRule::NonZero,
    }
}

/// The rectangle as a path (points); `None` when it has no area to draw.
pub(crate) fn rect_path(r: &Rect) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.push_rect(krilla::geom::Rect::from_xywh(
        pt(r.x),
        pt(r.y),
        pt(r.w).max(0.01),
        pt(r.h).max(0.01),
    )?);
    pb.finish()
}

/// An ellipse inscribed in `r` (four cubics).
pub(crate) fn oval_path(r: &Rect) -> Option<Path> {
    let (x, y, w, h) = (pt(r.x), pt(r.y), pt(r.w), pt(r.h));
    let (rx, ry) = (w / 2.0, h / 2.0);
    let (cx, cy) = (x + rx, y + ry);
    let (kx, ky) = (rx * 0.552_285, ry * 0.552_285);
    let mut pb = PathBuilder::new();
    pb.move_to(cx + rx, cy);
    pb.cubic_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry);
    pb.cubic_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy);
    pb.cubic_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry);
    pb.cubic_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy);
    pb.close();
    pb.finish()
}

/// The slide drawn on: the surface, the faces, and the notes on what could not be drawn.
pub(crate) struct Painter<'s, 'p, 'f> {
    pub(crate) s: &'s mut Surface<'p>,
    pub(crate) faces: &'s mut Faces<'f>,
    pub(crate) notes: &'s mut Vec<String>,
    /// The page's size in points (what a far larger shape is cut to).
    pub(crate) page: (f32, f32),
    /// Links to make on the page once it is drawn: where (points), the URL, the linked text.
    pub(crate) links: Vec<(krilla::geom::Rect, String, String)>,
    /// Images decoded so far, by their bytes' address and length, turn and mirroring: a
    /// picture shown many times (a document's figure, a logo) is decoded once.
    pub(crate) images: &'s mut Images,
}

/// Decoded images ([`Painter::images`]); `None`: it did not decode.
pub(crate) type Images =
    std::collections::HashMap<(usize, usize, i32, bool), Option<krilla::image::Image>>;

impl Painter<'_, '_, '_> {
    pub(crate) fn fill_path(&mut self, path: &Path, c: rgb::Color, opacity: f32) {
        self.s.set_stroke(None);
        self.s.set_fill(Some(solid(c, opacity)));
        self.s.draw_path(path);
    }

    pub(crate) fn fill_rect(&mut self, r: &Rect, c: rgb::Color, opacity: f32) {
        if let Some(p) = rect_path(&self.visible(r)) {
            self.fill_path(&p, c, opacity);
        }
    }

    pub(crate) fn stroke_path(&mut self, path: &Path, c: rgb::Color, width_pt: f32) {
        self.s.set_fill(None);
        self.s.set_stroke(Some(Stroke {
            paint: c.into(),
            width: width_pt.max(0.1),
            ..Stroke::default()
        }));
        self.s.draw_path(path);
        self.s.set_stroke(None);
    }

    pub(crate) fn line(&mut self, from: (f32, f32), to: (f32, f32), c: rgb::Color, width_pt: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(p) = pb.finish() {
            self.stroke_path(&p, c, width_pt);
        }
    }

    /// `r` cut to the page and a margin of its size around it: a shape as wide as OOXML can
    /// store (`cx` of 2^63 - 1 EMU) shows the same and stays a number a reader can hold.
    pub(crate) fn visible(&self, r: &Rect) -> Rect {
        let m = (f64::from(self.page.0.max(self.page.1)) * EMU_PER_PT as f64) as Emu;
        let (w, h) = (
            (f64::from(self.page.0) * EMU_PER_PT as f64) as Emu,
            (f64::from(self.page.1) * EMU_PER_PT as f64) as Emu,
        );
        let x0 = r.x.max(-m);
        let y0 = r.y.max(-m);
        let x1 = r.x.saturating_add(r.w).min(w + m).max(x0);
        let y1 = r.y.saturating_add(r.h).min(h + m).max(y0);
        Rect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    }

    /// A vertical gradient over `r`, its stops evenly spaced (what the look keeps of one).
    pub(crate) fn gradient(&mut self, r: &Rect, stops: &[rgb::Color]) {
        let r = self.visible(r);
        let Some(path) = rect_path(&r) else { return };
        let n = (stops.len().max(2) - 1) as f32;
        let stops = stops
            .iter()
            .enumerate()
            .map(|(i, c)| Stop {
                offset: NormalizedF32::new(i as f32 / n).unwrap_or(NormalizedF32::ZERO),
                color: (*c).into(),
                opacity: NormalizedF32::ONE,
            })
            .collect();
        let lg = LinearGradient {
            x1: pt(r.x),
            y1: pt(r.y),
            x2: pt(r.x),
            y2: pt(r.bottom()),
            transform: Transform::identity(),
            spread_method: SpreadMethod::Pad,
            stops,
            anti_alias: false,
        };
        self.s.set_stroke(None);
        self.s.set_fill(Some(Fill {
            paint: lg.into(),
            opacity: NormalizedF32::ONE,
            rule: FillRule::NonZero,
        }));
        self.s.draw_path(&path);
    }

    /// A pattern's foreground: lines of `c` every `step` points across and down `r`, only
    /// those that cross the page.
    pub(crate) fn grid(&mut self, r: &Rect, c: rgb::Color, step: f32) {
        let (x0, y0) = (pt(r.x), pt(r.y));
        let (x1, y1) = (pt(r.x.saturating_add(r.w)), pt(r.y.saturating_add(r.h)));
        let (left, right) = (x0.max(0.0), x1.min(self.page.0));
        let (top, bottom) = (y0.max(0.0), y1.min(self.page.1));
        if left >= right || top >= bottom {
            return;
        }
        let first = |start: f32, from: f32| {
            let s = f64::from(start) + f64::from(step) / 2.0;
            let k = ((f64::from(from) - s) / f64::from(step)).ceil().max(0.0);
            (s + k * f64::from(step)) as f32
        };
        let mut pb = PathBuilder::new();
        let mut x = first(x0, left);
        while x < right {
            pb.move_to(x, top);
            pb.line_to(x, bottom);
            x += step;
        }
        let mut y = first(y0, top);
        while y < bottom {
            pb.move_to(left, y);
            pb.line_to(right, y);
            y += step;
        }
        if let Some(p) = pb.finish() {
            self.stroke_path(&p, c, 0.75);
        }
    }

    /// The text of line `g` (of `text`) when a face of its glyphs forbids embedding (it is
    /// drawn as outlines: the span carries the text as `ActualText`), else `None`.
    pub(crate) fn outlined(
        &mut self,
        g: &specrender_model::text::LineGlyphs,
        text: &str,
    ) -> Option<String> {
        let mut faces: Vec<specrender_fonts::FaceId> = g.glyphs.iter().map(|g| g.face).collect();
        faces.dedup();
        faces
            .into_iter()
            .any(|f| self.faces.forbidden(f).is_some())
            .then(|| text.get(g.start..g.end).unwrap_or(text).to_string())
    }

    /// Draws `glyphs` of a face whose licence forbids embedding as filled outlines (font
    /// units scaled to `size`, y turned down), from `start`, in `c`.
    fn outlines(
        &mut self,
        face: specrender_fonts::FaceId,
        glyphs: &[KrillaGlyph],
        start: Point,
        size: f32,
        c: rgb::Color,
    ) {
        struct Sink<'p> {
            pb: &'p mut PathBuilder,
            x: f32,
            y: f32,
            k: f32,
        }
        impl specrender_fonts::OutlineSink for Sink<'_> {
            fn move_to(&mut self, x: f32, y: f32) {
                self.pb.move_to(self.x + x * self.k, self.y - y * self.k);
            }
            fn line_to(&mut self, x: f32, y: f32) {
                self.pb.line_to(self.x + x * self.k, self.y - y * self.k);
            }
            fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
                let (a, b) = (self.x + x1 * self.k, self.y - y1 * self.k);
                self.pb
                    .quad_to(a, b, self.x + x * self.k, self.y - y * self.k);
            }
            fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
                let (a, b) = (self.x + x1 * self.k, self.y - y1 * self.k);
                let (d, e) = (self.x + x2 * self.k, self.y - y2 * self.k);
                self.pb
                    .cubic_to(a, b, d, e, self.x + x * self.k, self.y - y * self.k);
            }
            fn close(&mut self) {
                self.pb.close();
            }
        }
        let k = size / self.faces.upm(face);
        let mut pb = PathBuilder::new();
        let mut x = start.x;
        for g in glyphs {
            let mut sink = Sink {
                pb: &mut pb,
                x: x + g.x_offset * size,
                y: start.y - g.y_offset * size,
                k,
            };
            self.faces
                .book
                .outline(face, g.glyph_id.to_u32() as u16, &mut sink);
            x += g.x_advance * size;
        }
        if let Some(path) = pb.finish() {
            self.s.set_stroke(None);
            self.s.set_fill(Some(solid(c, 1.0)));
            self.s.draw_path(&path);
        }
    }

    /// Draws `glyphs` (one face) from `start`, advances and offsets in em, in `c`.
    fn run(
        &mut self,
        face: specrender_fonts::FaceId,
        glyphs: &[KrillaGlyph],
        start: Point,
        text: &str,
        size: f32,
        c: rgb::Color,
    ) {
        if let Some(why) = self.faces.forbidden(face) {
            let note = format!(
                "the face {} is not embedded: {why}; its text is drawn as outlines (read back \
                 through ActualText)",
                self.faces.book.face(face).post_script_name
            );
            if !self.notes.contains(&note) {
                self.notes.push(note);
            }
            return self.outlines(face, glyphs, start, size, c);
        }
        let Some(font) = self.faces.font(face) else {
            let note = format!(
                "the face {} could not be embedded: its text is not drawn",
                self.faces.book.face(face).post_script_name
            );
            if !self.notes.contains(&note) {
                self.notes.push(note);
            }
            return;
        };
        self.s.set_stroke(None);
        self.s.set_fill(Some(solid(c, 1.0)));
        self.s.draw_glyphs(start, glyphs, font, text, size, false);
    }

    /// One placed line of a paragraph at text size `size_pt`, its bullet first, in `c` (a
    /// bullet in its own colour when the template gives one).
    pub(crate) fn line_glyphs(&mut self, l: &LinePlace<'_>, size_pt: f32, c: rgb::Color) {
        let text = l.paragraph.text.as_str();
        let baseline = pt(l.baseline);
        if let Some(b) = l.bullet {
            let bg = b.glyphs;
            let upm = self.faces.upm(bg.face);
            let adv: f32 = bg.glyphs.iter().map(|g| g.1 as f32 / upm * size_pt).sum();
            let x = match b.at {
                BulletAt::Start(x) => pt(x),
                BulletAt::End(end) => pt(end) - adv,
            };
            let s = b.bullet.char.to_string();
            let glyphs: Vec<KrillaGlyph> = bg
                .glyphs
                .iter()
                .map(|&(id, a, dx, dy)| KrillaGlyph {
                    glyph_id: GlyphId::new(u32::from(id)),
                    text_range: 0..s.len(),
                    x_advance: a as f32 / upm,
                    x_offset: dx as f32 / upm,
                    y_offset: dy as f32 / upm,
                    y_advance: 0.0,
                    location: None,
                })
                .collect();
            let bc = b.bullet.color.map_or(c, color);
            let glyphs: Vec<KrillaGlyph> = glyphs
                .into_iter()
                .filter(|g| g.glyph_id.to_u32() != 0)
                .collect();
            self.run(
                bg.face,
                &glyphs,
                Point::from_xy(x, baseline),
                &s,
                size_pt,
                bc,
            );
        }
        let line = l.glyphs;
        let origin = Point::from_xy(pt(l.x), baseline);
        self.glyphs_at(&line.glyphs, text, line.end, line.width, origin, size_pt, c);
    }

    /// A chart label's glyphs (their source is the label's text) from `origin`.
    pub(crate) fn chart_glyphs(
        &mut self,
        gs: &[specrender_model::PlacedGlyph],
        text: &str,
        width: f32,
        origin: Point,
        size_pt: f32,
        c: rgb::Color,
    ) {
        self.glyphs_at(gs, text, text.len(), f64::from(width), origin, size_pt, c);
    }

    /// Placed glyphs (`x` in EMU from `origin`, which is on the baseline) in runs of one face;
    /// `end` is where the last glyph's source text ends, `width` where its advance ends (EMU).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn glyphs_at(
        &mut self,
        gs: &[specrender_model::PlacedGlyph],
        text: &str,
        end: usize,
        width: f64,
        origin: Point,
        size_pt: f32,
        c: rgb::Color,
    ) {
        if gs.is_empty() {
            return;
        }
        // Each glyph's source text: its cluster to the next larger cluster of the line (or
        // the line's end), as `LineGlyphs::source` defines it, for all glyphs at once.
        // A glyph no face has is not drawn (below): its cluster is left out here, so its text
        // goes with the glyph before it and still reads back.
        let mut clusters: Vec<usize> = gs
            .iter()
            .filter(|g| g.id != 0)
            .map(|g| g.cluster as usize)
            .collect();
        clusters.sort_unstable();
        clusters.dedup();
        let source = |c: usize| {
            let i = clusters.partition_point(|&x| x <= c);
            let end = clusters.get(i).copied().unwrap_or(end).max(c);
            c.min(text.len())..end.min(text.len())
        };
        let mut i = 0;
        while i < gs.len() {
            // A character no face has (glyph 0, `.notdef`) is not drawn: PDF/A forbids
            // showing it; QC reports the character (`font_fallback`), and the glyphs after it
            // keep their places (a run starts at its own glyph's position).
            if gs[i].id == 0 {
                i += 1;
                continue;
            }
            let face = gs[i].face;
            let upm = self.faces.upm(face);
            let mut j = i;
            let mut run = Vec::new();
            while j < gs.len() && gs[j].face == face && gs[j].id != 0 {
                let g = &gs[j];
                let next_x = gs.get(j + 1).map_or(width.max(g.x), |n| n.x);
                run.push(KrillaGlyph {
                    glyph_id: GlyphId::new(u32::from(g.id)),
                    text_range: source(g.cluster as usize),
                    x_advance: ((next_x - g.x) / EMU_PER_PT as f64) as f32 / size_pt,
                    x_offset: g.dx as f32 / upm,
                    y_offset: g.dy as f32 / upm,
                    y_advance: 0.0,
                    location: None,
                });
                j += 1;
            }
            let start = Point::from_xy(origin.x + (gs[i].x / EMU_PER_PT as f64) as f32, origin.y);
            self.run(face, &run, start, text, size_pt, c);
            i = j;
        }
    }

    /// Encoded image `bytes`, turned and mirrored (`rot`: 60000ths of a degree in quarter
    /// turns; mirror first) and cropped (`src_rect`: 1/1000 % off each side of the image as
    /// seen) as the writer writes it, stretched over `frame`. False when it does not decode.
    pub(crate) fn image(
        &mut self,
        bytes: &[u8],
        format: ImageFormat,
        src_rect: [i32; 4],
        rot: i32,
        flip_h: bool,
        frame: &Rect,
    ) -> bool {
        let turn = rot.rem_euclid(21_600_000);
        let key = (bytes.as_ptr() as usize, bytes.len(), turn, flip_h);
        let image = self
            .images
            .entry(key)
            .or_insert_with(|| {
                if turn == 0 && !flip_h {
                    let data: krilla::Data = bytes.to_vec().into();
                    match format {
                        ImageFormat::Png => krilla::image::Image::from_png(data, false),
                        ImageFormat::Jpeg => krilla::image::Image::from_jpeg(data, false),
                    }
                    .ok()
                } else {
                    turned(bytes, turn, flip_h)
                }
            })
            .clone();
        let Some(image) = image else {
            return false;
        };
        let [l, t, r, b] = src_rect.map(|v| f64::from(v) / 100_000.0);
        let shown_w = (1.0 - l - r).max(1e-6);
        let shown_h = (1.0 - t - b).max(1e-6);
        let (fw, fh) = (frame.w as f64 / shown_w, frame.h as f64 / shown_h);
        let (fx, fy) = (frame.x as f64 - fw * l, frame.y as f64 - fh * t);
        let k = 1.0 / EMU_PER_PT as f64;
        let Some(size) = Size::from_wh((fw * k) as f32, (fh * k) as f32) else {
            return true;
        };
        let cropped = src_rect != [0; 4];
        if cropped {
            let Some(clip) = rect_path(frame) else {
                return true;
            };
            self.s.push_clip_path(&clip, &FillRule::NonZero);
        }
        self.s
            .push_transform(&Transform::from_translate((fx * k) as f32, (fy * k) as f32));
        self.s.draw_image(image, size);
        self.s.pop();
        if cropped {
            self.s.pop();
        }
        true
    }
}

/// An image decoded, mirrored and turned as shown (a picture with an EXIF orientation), as
/// RGBA pixels.
fn turned(bytes: &[u8], turn: i32, flip_h: bool) -> Option<krilla::image::Image> {
    let mut img = image::load_from_memory(bytes).ok()?.to_rgba8();
    if flip_h {
        image::imageops::flip_horizontal_in_place(&mut img);
    }
    img = match turn {
        5_400_000 => image::imageops::rotate90(&img),
        10_800_000 => image::imageops::rotate180(&img),
        16_200_000 => image::imageops::rotate270(&img),
        _ => img,
    };
    let (w, h) = img.dimensions();
    Some(krilla::image::Image::from_rgba8(img.into_raw(), w, h))
}

/// Copies of a tiled template picture drawn on one page, at most: past them (a 1-pixel
/// picture tiled over a slide) the fill is named as not drawn.
pub(crate) const MAX_TILES: u64 = 4_096;

impl Painter<'_, '_, '_> {
    /// A template picture filling `at`, cropped and stretched or tiled, at its opacity (as
    /// the preview draws it, placed by the model's one rule): a PNG or JPEG embedded as
    /// stored, another format from the look's kept pixels. `Err`: why it is not drawn.
    pub(crate) fn picture_fill(
        &mut self,
        f: &specrender_model::blip::PictureFill,
        at: &Rect,
    ) -> Result<(), String> {
        let pic = &f.picture;
        let d = pic
            .decoded
            .as_ref()
            .map_err(|why| format!("its picture {} {why}", pic.part))?;
        let Some(place) = f.placement(at) else {
            return Ok(());
        };
        let key = (pic.bytes.as_ptr() as usize, pic.bytes.len(), -1, false);
        let image = self
            .images
            .entry(key)
            .or_insert_with(|| {
                let data = || -> krilla::Data { pic.bytes.to_vec().into() };
                match pic.format {
                    Some(ImageFormat::Png) => krilla::image::Image::from_png(data(), false).ok(),
                    Some(ImageFormat::Jpeg) => krilla::image::Image::from_jpeg(data(), false).ok(),
                    None => Some(krilla::image::Image::from_rgba8(
                        d.pixels.rgba.clone(),
                        d.pixels.width,
                        d.pixels.height,
                    )),
                }
            })
            .clone()
            .ok_or_else(|| format!("its picture {} could not be embedded", pic.part))?;
        let vis = self.visible(at);
        let (x0, y0) = (vis.x as f64, vis.y as f64);
        let (x1, y1) = (vis.right() as f64, vis.bottom() as f64);
        // The copies over the visible fill: one when stretched.
        let (cols, rows) = if place.tiled {
            let first = |from: f64, o: f64, s: f64| ((from - o) / s).floor();
            let (c0, r0) = (first(x0, place.x, place.w), first(y0, place.y, place.h));
            let (c1, r1) = (first(x1, place.x, place.w), first(y1, place.y, place.h));
            let n = (c1 - c0 + 1.0).max(0.0) * (r1 - r0 + 1.0).max(0.0);
            if n > MAX_TILES as f64 {
                return Err(format!(
                    "its picture {} is tiled {n} times (more than {MAX_TILES}); not drawn",
                    pic.part
                ));
            }
            ((c0 as i64, c1 as i64), (r0 as i64, r1 as i64))
        } else {
            ((0, 0), (0, 0))
        };
        let k = 1.0 / EMU_PER_PT as f64;
        let Some(size) = Size::from_wh((place.w * k) as f32, (place.h * k) as f32) else {
            return Ok(());
        };
        let Some(clip) = rect_path(&vis) else {
            return Ok(());
        };
        self.s.push_clip_path(&clip, &FillRule::NonZero);
        let opacity = NormalizedF32::new(f.alpha.min(100_000) as f32 / 100_000.0)
            .unwrap_or(NormalizedF32::ONE);
        self.s.push_opacity(opacity);
        for r in rows.0..=rows.1 {
            for c in cols.0..=cols.1 {
                let x = place.x + c as f64 * place.w;
                let y = place.y + r as f64 * place.h;
                // Every other copy mirrored on a flipped axis.
                let mx = place.flip.0 && c.rem_euclid(2) == 1;
                let my = place.flip.1 && r.rem_euclid(2) == 1;
                let (a, tx) = if mx { (-1.0, x + place.w) } else { (1.0, x) };
                let (dd, ty) = if my { (-1.0, y + place.h) } else { (1.0, y) };
                self.s.push_transform(&Transform::from_row(
                    a,
                    0.0,
                    0.0,
                    dd,
                    (tx * k) as f32,
                    (ty * k) as f32,
                ));
                self.s.draw_image(image.clone(), size);
                self.s.pop();
            }
        }
        self.s.pop();
        self.s.pop();
        Ok(())
    }
}
