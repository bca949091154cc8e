//! Drawing support for previews: the glyphs a piece of text is shaped into (the same shaping
//! call measuring makes, so the advances add up to the measured width) and glyph outlines from
//! the same font file. ttf-parser and rustybuzz stay behind this API (docs/dev/architecture.md).

use crate::shape::fill_buffer;
use crate::{FaceId, FontBook, ShapeLang};

/// One shaped glyph, in font units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glyph {
    pub id: u16,
    /// Byte offset of the glyph's cluster in the shaped text.
    pub cluster: u32,
    pub x_advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
}

/// Receives a glyph outline in font units (y up).
pub trait OutlineSink {
    fn move_to(&mut self, x: f32, y: f32);
    fn line_to(&mut self, x: f32, y: f32);
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32);
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32);
    fn close(&mut self);
}

struct Adapter<'a>(&'a mut dyn OutlineSink);

impl ttf_parser::OutlineBuilder for Adapter<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y)
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y)
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y)
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.curve_to(x1, y1, x2, y2, x, y)
    }
    fn close(&mut self) {
        self.0.close()
    }
}

impl FontBook {
    /// The glyphs of `text` in `face`, shaped as [`crate::Measurer::units_lang`] shapes it:
    /// their advances add up to the width measuring gives. Uncached (a preview shapes each
    /// line once). Empty when the face's file cannot be read any more.
    pub fn shape_glyphs(&self, face: FaceId, lang: ShapeLang, text: &str) -> Vec<Glyph> {
        if text.is_empty() {
            return Vec::new();
        }
        let Some(f) = rustybuzz::Face::from_slice(self.shaping_data(face), 0) else {
            return Vec::new();
        };
        let mut b = rustybuzz::UnicodeBuffer::new();
        fill_buffer(&mut b, text, lang);
        let out = rustybuzz::shape(&f, &[], b);
        out.glyph_infos()
            .iter()
            .zip(out.glyph_positions())
            .map(|(i, p)| Glyph {
                id: i.glyph_id as u16,
                cluster: i.cluster,
                x_advance: p.x_advance,
                x_offset: p.x_offset,
                y_offset: p.y_offset,
            })
            .collect()
    }

    /// Sends the outline of glyph `id` of `face` to `sink`; false when the glyph has no
    /// outline (a space, a bitmap-only emoji glyph) or the file cannot be read.
    pub fn outline(&self, face: FaceId, id: u16, sink: &mut dyn OutlineSink) -> bool {
        let data = self.full_data(face);
        let Ok(f) = ttf_parser::Face::parse(data, self.face(face).index) else {
            return false;
        };
        f.outline_glyph(ttf_parser::GlyphId(id), &mut Adapter(sink))
            .is_some()
    }

    /// The colour bitmap of glyph `id` of `face` from the strike nearest `pixels_per_em` at or
    /// above it (else the largest; `CBDT`/`CBLC` or `sbix`, as ttf-parser picks), when it is
    /// stored as a PNG: a colour emoji glyph. `None` for outline glyphs and other formats.
    pub fn raster_png(&self, face: FaceId, id: u16, pixels_per_em: u16) -> Option<RasterPng<'_>> {
        let data = self.full_data(face);
        let f = ttf_parser::Face::parse(data, self.face(face).index).ok()?;
        let img = f.glyph_raster_image(ttf_parser::GlyphId(id), pixels_per_em)?;
        if img.format != ttf_parser::RasterImageFormat::PNG {
            return None;
        }
        // The image borrows the parsed face; the bytes are the file's, so slice the file.
        let at = (img.data.as_ptr() as usize).checked_sub(data.as_ptr() as usize)?;
        Some(RasterPng {
            x: img.x,
            y: img.y,
            width: img.width,
            height: img.height,
            pixels_per_em: img.pixels_per_em,
            png: data.get(at..at + img.data.len())?,
        })
    }
}

/// A glyph's colour bitmap as the font stores it ([`FontBook::raster_png`]): in the strike's
/// pixels, the image's bottom-left corner at (`x`, `y`) from the glyph's origin (y up).
#[derive(Debug, Clone, Copy)]
pub struct RasterPng<'a> {
    pub x: i16,
    pub y: i16,
    pub width: u16,
    pub height: u16,
    /// The strike's size: `pixels_per_em` image pixels make one em.
    pub pixels_per_em: u16,
    /// The encoded PNG.
    pub png: &'a [u8],
}

#[cfg(test)]
mod tests {
    use crate::{FontBook, FontOptions, ShapeLang};

    struct Count(usize);
    impl super::OutlineSink for Count {
        fn move_to(&mut self, _: f32, _: f32) {
            self.0 += 1
        }
        fn line_to(&mut self, _: f32, _: f32) {
            self.0 += 1
        }
        fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {
            self.0 += 1
        }
        fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {
            self.0 += 1
        }
        fn close(&mut self) {}
    }

    #[test]
    fn glyph_advances_add_up_to_the_measured_width_and_have_outlines() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        for (fam, text, lang) in [
            (
                "Carlito",
                "Quarterly revenue, AVAWAY office",
                ShapeLang::Default,
            ),
            (
                "Noto Sans CJK KR",
                "분기별 매출 보고서 (2024)",
                ShapeLang::Korean,
            ),
        ] {
            let face = book.find_family(fam, false).unwrap();
            let glyphs = book.shape_glyphs(face, lang, text);
            let sum: i64 = glyphs.iter().map(|g| i64::from(g.x_advance)).sum();
            let mut m = crate::Measurer::new(&book);
            assert_eq!(m.shape_glyphs(face, lang, text), glyphs, "{text}");
            assert_eq!(sum, m.units_lang(face, lang, text), "{text}");
            let mut c = Count(0);
            assert!(book.outline(face, glyphs[0].id, &mut c));
            assert!(c.0 > 3);
            assert!(book.raster_png(face, glyphs[0].id, 32).is_none());
        }
    }

    #[test]
    fn emoji_glyphs_have_png_bitmaps_and_no_outlines() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let face = book.emoji_face(false).unwrap();
        // A ZWJ sequence (woman technologist) shapes to one glyph, with its own bitmap.
        for text in ["📊", "👩\u{200d}💻", "🇰🇷"] {
            let glyphs = book.shape_glyphs(face, ShapeLang::Default, text);
            assert_eq!(glyphs.len(), 1, "{text}");
            let mut c = Count(0);
            assert!(!book.outline(face, glyphs[0].id, &mut c));
            let r = book.raster_png(face, glyphs[0].id, 40).unwrap();
            // Noto Color Emoji: one strike of 109 px per em, 136 x 128 images.
            assert_eq!(r.pixels_per_em, 109);
            assert!(r.width > 100 && r.height > 100, "{text}: {r:?}");
            assert!(r.y < 0 && r.y + r.height as i16 > 80, "{text}: {r:?}");
            assert_eq!(&r.png[1..4], b"PNG");
        }
    }
}
