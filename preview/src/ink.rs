//! Glyph drawing state kept across the slides one thread draws: the fonts crate's
//! [`Measurer`] (parsed faces and shape plans, segmentation memo: parsing a Noto Sans CJK face
//! for shaping costs more than drawing a line) and a cache of glyph coverage masks.
//!
//! A glyph is rasterised once per (face, glyph, scale, quarter-pixel position) into an 8-bit
//! coverage mask (tiny-skia's anti-aliased path filler, the same one that draws every other
//! path), then composited onto the slide in its colour (source-over, premultiplied). Text
//! repeats the same few hundred glyphs across a deck, so most glyphs are a copy instead of a
//! path fill. A glyph's origin is placed as poppler's Splash rasteriser places it (pdftoppm,
//! how the fidelity harness sees LibreOffice's pages; `Splash::fillChar`,
//! `SplashFont::getGlyph`, `SplashFTFont::makeGlyph`): the baseline on the whole pixel above
//! it (rounded down: Splash renders no vertical fraction), across on the quarter pixel to its
//! left, or on the whole pixel when the face's bounding box is over 50 px tall at that size
//! (Splash's "no fractional coordinates for large glyphs"). Rounding to the nearest quarter
//! instead left our ink 0.28 px right of and 0.25 px below LibreOffice's, median over 364
//! text boxes (conformance/preview_fidelity.py). The output does not depend on what the cache
//! held before: a mask is a function of its key alone, so bytes are the same on any number of
//! threads and in any order.
//!
//! Compositing by hand (not `fill_rect` with a `Mask`: tiny-skia's masks cover the whole
//! pixmap, so a per-glyph mask would mean a slide-sized buffer per glyph).
//!
//! Colour emoji (the emoji face's glyphs have no outlines, only `CBDT` PNG strikes) are drawn
//! from their bitmaps: the strike nearest the pixel size at or above it (Noto Color Emoji has
//! one, 109 px per em), the PNG decoded, premultiplied and scaled to the glyph's size (strike
//! em to the text's em) by a Catmull-Rom filter (image's resampler, its support widened when
//! shrinking, so a 136 px bitmap shrunk to 40 px is averaged, not sampled), then composited
//! source-over with its top-left on the nearest whole pixel. Cached per (face, glyph, size) in
//! the same budget as the masks; the advance stays the shaper's, as layout measured it.

use ab_glyph_rasterizer::{point, Point, Rasterizer};
use image::imageops::FilterType;
use specrender_fonts::{FaceId, FontBook, Measurer, OutlineSink};
use std::collections::HashMap;
use tiny_skia::{Color, Pixmap};

/// Sub-pixel positions per pixel (each axis).
const SUBPIX: f32 = 4.0;
/// Mask bytes kept before the cache is emptied (bounded memory on a huge `--width`).
const MAX_CACHE_BYTES: usize = 48 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    face: FaceId,
    id: u16,
    /// The scale (px per font unit) as its bits: the same size at the same width is the same
    /// number.
    k: u32,
    fx: u8,
}

/// A glyph's coverage: `w` x `h` bytes, its top-left `(left, top)` px from the glyph's origin
/// rounded down to the pixel.
struct GlyphMask {
    left: i32,
    top: i32,
    w: u32,
    h: u32,
    data: Vec<u8>,
}

/// A colour glyph's bitmap scaled to its size: `w` x `h` premultiplied RGBA pixels, its
/// top-left (`left`, `top`) px from the glyph's origin (y down), unrounded.
struct ColorGlyph {
    left: f32,
    top: f32,
    w: u32,
    h: u32,
    data: Vec<u8>,
}

/// One thread's drawing state (see the module docs).
pub struct Ink<'a> {
    pub(crate) m: Measurer<'a>,
    masks: HashMap<Key, Option<GlyphMask>, foldhash::fast::FixedState>,
    /// Colour glyphs by (face, glyph, scale); `fx` is always 0 (placed on whole pixels).
    colors: HashMap<Key, Option<ColorGlyph>, foldhash::fast::FixedState>,
    bytes: usize,
    hits: u64,
    misses: u64,
}

impl<'a> Ink<'a> {
    pub fn new(book: &'a FontBook) -> Self {
        Ink {
            m: Measurer::new(book),
            masks: HashMap::default(),
            colors: HashMap::default(),
            bytes: 0,
            hits: 0,
            misses: 0,
        }
    }

    /// Glyphs drawn from a cached mask, and glyphs rasterised.
    pub fn stats(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }

    /// Draws glyph `id` of `face` with its origin at (`x`, `y`) px, `k` px per font unit, in
    /// colour `c` onto `pm`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn glyph(
        &mut self,
        pm: &mut Pixmap,
        face: FaceId,
        id: u16,
        x: f32,
        y: f32,
        k: f32,
        c: Color,
    ) {
        if !(x.is_finite() && y.is_finite() && k.is_finite()) || k <= 0.0 {
            return;
        }
        if self.m.book.is_color(face) && self.color_glyph(pm, face, id, x, y, k) {
            return;
        }
        let info = self.m.book.face(face);
        let (ix, fx) = split(x, tall(info.bbox_y, k));
        let iy = y.floor() as i32;
        let key = Key {
            face,
            id,
            k: k.to_bits(),
            fx,
        };
        if self.masks.contains_key(&key) {
            self.hits += 1;
        } else {
            self.misses += 1;
            let mask = rasterize(self.m.book, face, id, k, fx);
            let n = mask.as_ref().map_or(0, |m| m.data.len());
            if self.bytes + n > MAX_CACHE_BYTES {
                self.masks.clear();
                self.bytes = 0;
            }
            self.bytes += n;
            self.masks.insert(key, mask);
        }
        if let Some(Some(m)) = self.masks.get(&key) {
            composite(pm, m, ix + m.left, iy + m.top, c);
        }
    }

    /// Draws glyph `id` of colour face `face` from its bitmap with its origin at (`x`, `y`)
    /// px; false when the glyph has no PNG bitmap (then its outline is drawn, if any).
    #[allow(clippy::too_many_arguments)]
    fn color_glyph(
        &mut self,
        pm: &mut Pixmap,
        face: FaceId,
        id: u16,
        x: f32,
        y: f32,
        k: f32,
    ) -> bool {
        let key = Key {
            face,
            id,
            k: k.to_bits(),
            fx: 0,
        };
        if self.colors.contains_key(&key) {
            self.hits += 1;
        } else {
            self.misses += 1;
            let g = scale_color(self.m.book, face, id, k);
            let n = g.as_ref().map_or(0, |g| g.data.len());
            if self.bytes + n > MAX_CACHE_BYTES {
                self.masks.clear();
                self.colors.clear();
                self.bytes = 0;
            }
            self.bytes += n;
            self.colors.insert(key, g);
        }
        match self.colors.get(&key) {
            Some(Some(g)) => {
                let x0 = (x + g.left).round() as i32;
                let y0 = (y + g.top).round() as i32;
                composite_rgba(pm, g, x0, y0);
                true
            }
            _ => false,
        }
    }
}

/// Glyph `id`'s colour bitmap at `k` px per font unit (module docs): `None` when it has none
/// or its PNG does not decode.
fn scale_color(book: &FontBook, face: FaceId, id: u16, k: f32) -> Option<ColorGlyph> {
    let ppem = k * f32::from(book.face(face).units_per_em.max(1));
    let r = book.raster_png(face, id, ppem.ceil().clamp(1.0, f32::from(u16::MAX)) as u16)?;
    let img = image::load_from_memory_with_format(r.png, image::ImageFormat::Png).ok()?;
    let mut img = img.to_rgba8();
    for px in img.pixels_mut() {
        let a = u16::from(px[3]);
        for ch in &mut px.0[..3] {
            *ch = ((u16::from(*ch) * a + 127) / 255) as u8;
        }
    }
    let s = ppem / f32::from(r.pixels_per_em.max(1));
    let (iw, ih) = img.dimensions();
    let w = (iw as f32 * s).round().max(1.0) as u32;
    let h = (ih as f32 * s).round().max(1.0) as u32;
    if u64::from(w) * u64::from(h) > 16 << 20 {
        return None;
    }
    let mut out = if (w, h) == (iw, ih) {
        img
    } else {
        image::imageops::resize(&img, w, h, FilterType::CatmullRom)
    };
    // The filter's negative lobes can leave a channel above its alpha: not premultiplied.
    for px in out.pixels_mut() {
        let a = px[3];
        for ch in &mut px.0[..3] {
            *ch = (*ch).min(a);
        }
    }
    Some(ColorGlyph {
        left: f32::from(r.x) * s,
        top: -(f32::from(r.y) + f32::from(r.height)) * s,
        w,
        h,
        data: out.into_raw(),
    })
}

/// Source-over of premultiplied `g` with its top-left at (`x0`, `y0`) px, clipped to `pm`.
fn composite_rgba(pm: &mut Pixmap, g: &ColorGlyph, x0: i32, y0: i32) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let data = pm.data_mut();
    for row in 0..g.h as i32 {
        let y = y0 + row;
        if y < 0 || y >= ph {
            continue;
        }
        let cols = (0.max(-x0))..(g.w as i32).min(pw - x0);
        let grow = &g.data[(row as u32 * g.w * 4) as usize..][..(g.w * 4) as usize];
        for col in cols {
            let src = &grow[col as usize * 4..][..4];
            let a = u32::from(src[3]);
            if a == 0 {
                continue;
            }
            let at = ((y * pw + x0 + col) * 4) as usize;
            let px = &mut data[at..at + 4];
            let inv = 255 - a;
            for ch in 0..4 {
                px[ch] =
                    (u32::from(src[ch]) + (u32::from(px[ch]) * inv + 127) / 255).min(255) as u8;
            }
        }
    }
}

/// Does a face whose `head` box spans `bbox_y` (font units) stand over 50 px tall at `k` px
/// per unit, as Splash sizes its glyph cache (`glyphH = yMax - yMin + 3`, each end truncated
/// to the pixel)? Splash places such glyphs on whole pixels.
fn tall(bbox_y: (i16, i16), k: f32) -> bool {
    let (lo, hi) = (
        f64::from(bbox_y.0) * f64::from(k),
        f64::from(bbox_y.1) * f64::from(k),
    );
    (hi.trunc() - lo.trunc()) as i64 + 3 > 50
}

/// An x coordinate as its whole pixel and quarter-pixel step (0..4), both rounded down (the
/// step 0 when `whole`).
fn split(v: f32, whole: bool) -> (i32, u8) {
    if whole {
        return (v.floor() as i32, 0);
    }
    let q = (f64::from(v) * f64::from(SUBPIX)).floor() as i64;
    let s = SUBPIX as i64;
    (q.div_euclid(s) as i32, q.rem_euclid(s) as u8)
}

/// A glyph outline in pixel space (font units, y up, scaled by `k`, shifted by `x`): its
/// segments as lines and curves, closed contour by contour, and their bounds.
struct Outline {
    k: f32,
    x: f32,
    segs: Vec<Seg>,
    start: Option<Point>,
    last: Point,
    min: (f32, f32),
    max: (f32, f32),
}

enum Seg {
    Line(Point, Point),
    Quad(Point, Point, Point),
    Cubic(Point, Point, Point, Point),
}

impl Outline {
    fn p(&mut self, x: f32, y: f32) -> Point {
        let p = point(self.x + x * self.k, -y * self.k);
        self.min = (self.min.0.min(p.x), self.min.1.min(p.y));
        self.max = (self.max.0.max(p.x), self.max.1.max(p.y));
        p
    }

    /// Closes the open contour back to its start.
    fn end_contour(&mut self) {
        if let Some(s) = self.start.take() {
            if (s.x, s.y) != (self.last.x, self.last.y) {
                self.segs.push(Seg::Line(self.last, s));
            }
        }
    }
}

impl OutlineSink for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.end_contour();
        let p = self.p(x, y);
        self.start = Some(p);
        self.last = p;
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.p(x, y);
        self.segs.push(Seg::Line(self.last, p));
        self.last = p;
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (c, p) = (self.p(x1, y1), self.p(x, y));
        self.segs.push(Seg::Quad(self.last, c, p));
        self.last = p;
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (c1, c2, p) = (self.p(x1, y1), self.p(x2, y2), self.p(x, y));
        self.segs.push(Seg::Cubic(self.last, c1, c2, p));
        self.last = p;
    }
    fn close(&mut self) {
        self.end_contour();
    }
}

fn rasterize(book: &FontBook, face: FaceId, id: u16, k: f32, fx: u8) -> Option<GlyphMask> {
    let mut o = Outline {
        k,
        x: f32::from(fx) / SUBPIX,
        segs: Vec::new(),
        start: None,
        last: point(0.0, 0.0),
        min: (f32::MAX, f32::MAX),
        max: (f32::MIN, f32::MIN),
    };
    if !book.outline(face, id, &mut o) {
        return None;
    }
    o.end_contour();
    if o.segs.is_empty() || !(o.min.0.is_finite() && o.max.1.is_finite()) {
        return None;
    }
    let left = o.min.0.floor() as i32;
    let top = o.min.1.floor() as i32;
    let w = (o.max.0.ceil() as i32 - left + 1).max(1) as u32;
    let h = (o.max.1.ceil() as i32 - top + 1).max(1) as u32;
    if u64::from(w) * u64::from(h) > 64 << 20 {
        return None;
    }
    let (dx, dy) = (-left as f32, -top as f32);
    let at = |p: Point| point(p.x + dx, p.y + dy);
    let mut r = Rasterizer::new(w as usize, h as usize);
    for s in &o.segs {
        match *s {
            Seg::Line(a, b) => r.draw_line(at(a), at(b)),
            Seg::Quad(a, b, c) => r.draw_quad(at(a), at(b), at(c)),
            Seg::Cubic(a, b, c, d) => r.draw_cubic(at(a), at(b), at(c), at(d)),
        }
    }
    let mut data = vec![0u8; (w * h) as usize];
    r.for_each_pixel(|i, a| data[i] = (a.clamp(0.0, 1.0) * 255.0).round() as u8);
    Some(GlyphMask {
        left,
        top,
        w,
        h,
        data,
    })
}

/// Source-over of colour `c` through `m`'s coverage at (`x0`, `y0`) px, clipped to `pm`.
fn composite(pm: &mut Pixmap, m: &GlyphMask, x0: i32, y0: i32, c: Color) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let cu = c.to_color_u8();
    let ca = u32::from(cu.alpha());
    let src = [
        u32::from(cu.red()),
        u32::from(cu.green()),
        u32::from(cu.blue()),
    ];
    let data = pm.data_mut();
    for row in 0..m.h as i32 {
        let y = y0 + row;
        if y < 0 || y >= ph {
            continue;
        }
        let cols = (0.max(-x0))..(m.w as i32).min(pw - x0);
        let mrow = &m.data[(row as u32 * m.w) as usize..][..m.w as usize];
        for col in cols {
            let cov = u32::from(mrow[col as usize]);
            if cov == 0 {
                continue;
            }
            let a = (cov * ca + 127) / 255;
            let at = ((y * pw + x0 + col) * 4) as usize;
            let px = &mut data[at..at + 4];
            let inv = 255 - a;
            for ch in 0..3 {
                px[ch] = ((src[ch] * a + u32::from(px[ch]) * inv + 127) / 255) as u8;
            }
            px[3] = (a + (u32::from(px[3]) * inv + 127) / 255) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{split, tall, Ink};
    use specrender_fonts::{FontBook, FontOptions, ShapeLang};
    use tiny_skia::{Color, Pixmap};

    /// Colour emoji are drawn from their bitmaps: coloured pixels inside the glyph's advance
    /// and its em box, for a single emoji, a ZWJ sequence with a skin tone and a flag (each one
    /// glyph from the shaper); the second draw comes from the cache and is the same pixels.
    #[test]
    fn colour_emoji_are_drawn_from_their_bitmaps_inside_their_advance() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let face = book.emoji_face(false).unwrap();
        let upm = f32::from(book.face(face).units_per_em);
        let em = 40.0f32;
        let k = em / upm;
        let mut ink = Ink::new(&book);
        for text in ["📊", "👨🏽\u{200d}💻", "🇰🇷"] {
            let glyphs = book.shape_glyphs(face, ShapeLang::Default, text);
            assert_eq!(glyphs.len(), 1, "{text}: one glyph per cluster");
            let g = glyphs[0];
            let draw = |ink: &mut Ink<'_>| {
                let mut pm = Pixmap::new(120, 100).unwrap();
                pm.fill(Color::WHITE);
                ink.glyph(&mut pm, face, g.id, 20.0, 70.0, k, Color::BLACK);
                pm
            };
            let before = ink.stats();
            let pm = draw(&mut ink);
            let (x0, x1) = (20.0, 20.0 + g.x_advance as f32 * k);
            let (mut colour, mut outside) = (0, 0);
            let (mut left, mut right) = (u32::MAX, 0);
            for (i, px) in pm.pixels().iter().enumerate() {
                let (x, y) = ((i % 120) as u32, (i / 120) as u32);
                let (r, gr, b) = (px.red(), px.green(), px.blue());
                if (r, gr, b) == (255, 255, 255) {
                    continue;
                }
                let (xf, yf) = (x as f32, y as f32);
                // The advance across; ascent 1 em above the baseline (70), descent 0.3 em.
                if xf < x0 - 1.0 || xf > x1 + 1.0 || yf < 70.0 - em || yf > 70.0 + 0.3 * em {
                    outside += 1;
                }
                if r.max(gr).max(b) - r.min(gr).min(b) > 60 {
                    colour += 1;
                }
                left = left.min(x);
                right = right.max(x);
            }
            assert_eq!(outside, 0, "{text}: ink outside the advance and em box");
            assert!(colour > 100, "{text}: {colour} coloured pixels");
            // The bitmap fills its advance (Noto Color Emoji: 136 px images, 1.25 em advance).
            assert!(
                (right - left) as f32 > 0.8 * (x1 - x0),
                "{text}: ink {left}..{right}, advance {x0}..{x1}"
            );
            assert_eq!(ink.stats().1, before.1 + 1, "{text}: rasterised once");
            let again = draw(&mut ink);
            assert_eq!(ink.stats().1, before.1 + 1, "{text}: then from the cache");
            assert_eq!(pm.data(), again.data(), "{text}");
        }
    }

    #[test]
    fn positions_round_down_to_quarter_or_whole_pixels() {
        assert_eq!(split(10.0, false), (10, 0));
        assert_eq!(split(10.3, false), (10, 1));
        assert_eq!(split(10.9, false), (10, 3));
        assert_eq!(split(-0.1, false), (-1, 3));
        assert_eq!(split(10.9, true), (10, 0));
        assert_eq!(split(-0.1, true), (-1, 0));
    }

    #[test]
    fn tall_faces_by_their_box_at_the_size() {
        // Carlito's head box: -529..2078 of 2048 units (1.27 em). 24 pt at 1280 px across a
        // 960 pt slide is 32 px: 8 + 32 + 3 = 43, fractional; 28 pt (37.3 px): 9 + 37 + 3 =
        // 49, still fractional; 36 pt (48 px): 12 + 48 + 3 = 63, whole pixels.
        let k = |pt: f32| pt * 4.0 / 3.0 / 2048.0;
        assert!(!tall((-529, 2078), k(24.0)));
        assert!(!tall((-529, 2078), k(28.0)));
        assert!(tall((-529, 2078), k(36.0)));
    }
}
