//! Shaping and the width cache.
//!
//! Text is shaped with rustybuzz (default features: kerning, ligatures; direction and script
//! guessed from the text) at the face's units per em; a width at any size is that advance
//! scaled linearly, so a font-size search never shapes again (PRODUCT.md §2).
//!
//! Costs measured (release build, this 2-core machine; `tests/timing.rs`):
//! - `rustybuzz::Face::from_slice`: ≈ 20 µs for Carlito, ≈ 140 µs for a Noto Sans CJK face
//!   (it indexes every GSUB/GPOS lookup) — more than shaping a word;
//! - building a shape plan: most of the remaining per-call cost for Carlito (uncached ≈ 16 µs
//!   per word, with a cached plan ≈ 2–5 µs; Noto Sans CJK ≈ 1 µs per short word);
//! - a cache hit: ≈ 0.03–0.1 µs.
//!
//! So [`Measurer`] keeps, per [`FaceId`], one parsed face (borrowed from the book's data for
//! the measurer's lifetime — no self-referential struct, no leaked memory) and its shape plans
//! per (direction, script, language). [`FontBook::shape_units`] (uncached) parses and plans on
//! every call: for tests and one-off questions only.

use crate::{FaceId, FontBook, Segment, SlotFaces};
use std::collections::HashMap;
use std::ops::Range;

/// EMU per point.
const EMU_PER_PT: f64 = 12700.0;

fn advance(glyphs: &rustybuzz::GlyphBuffer) -> i64 {
    glyphs
        .glyph_positions()
        .iter()
        .map(|p| i64::from(p.x_advance))
        .sum()
}

fn shape_with(face: &rustybuzz::Face<'_>, text: &str) -> i64 {
    let mut b = rustybuzz::UnicodeBuffer::new();
    b.push_str(text);
    b.guess_segment_properties();
    advance(&rustybuzz::shape(face, &[], b))
}

/// What a shape plan depends on besides the face (features are always the defaults).
type PlanKey = (
    rustybuzz::Direction,
    rustybuzz::Script,
    Option<rustybuzz::Language>,
);

/// A parsed face and its shape plans (building a plan costs more than shaping a word).
struct Shaper<'a> {
    face: rustybuzz::Face<'a>,
    plans: Vec<(PlanKey, rustybuzz::ShapePlan)>,
}

impl Shaper<'_> {
    fn shape(&mut self, text: &str, buf: &mut Option<rustybuzz::UnicodeBuffer>) -> i64 {
        let mut b = buf.take().unwrap_or_default();
        b.push_str(text);
        b.guess_segment_properties();
        let key: PlanKey = (b.direction(), b.script(), b.language());
        let i = match self.plans.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let plan =
                    rustybuzz::ShapePlan::new(&self.face, key.0, Some(key.1), key.2.as_ref(), &[]);
                self.plans.push((key, plan));
                self.plans.len() - 1
            }
        };
        let glyphs = rustybuzz::shape_with_plan(&self.face, &self.plans[i].1, b);
        let units = advance(&glyphs);
        *buf = Some(glyphs.clear());
        units
    }
}

/// Width estimate when a face's file cannot be read any more (it vanished after loading):
/// one em per character, wide rather than narrow so a box is never called fitting by mistake.
fn estimate(book: &FontBook, face: FaceId, text: &str) -> i64 {
    text.chars().count() as i64 * i64::from(book.face(face).units_per_em)
}

impl FontBook {
    /// Shaped advance of `text` in `face`, in font units (kerning and ligatures applied).
    pub fn shape_units(&self, face: FaceId, text: &str) -> i64 {
        if text.is_empty() {
            return 0;
        }
        match rustybuzz::Face::from_slice(self.shaping_data(face), 0) {
            Some(f) => shape_with(&f, text),
            None => estimate(self, face, text),
        }
    }
}

/// The width cache's map. foldhash (already in the tree through serde_json's indexmap) hashes
/// a short word several times faster than std's SipHash, and a lookup happens for every piece
/// of every paragraph; the fixed seed keeps runs alike (the map is never iterated, so output
/// never depends on it).
type WidthMap = HashMap<Box<str>, i64, foldhash::fast::FixedState>;

/// Per-job width cache: shapes each distinct (face, text) once; widths scale linearly with size.
///
/// Not `Sync`: each worker thread owns one, all borrowing the same [`FontBook`].
pub struct Measurer<'a> {
    pub book: &'a FontBook,
    /// rustybuzz faces and plans, made on first use (outer `None`: not tried yet; inner:
    /// unparsable).
    shapers: Vec<Option<Option<Shaper<'a>>>>,
    /// Per face: text -> advance in font units.
    cache: Vec<WidthMap>,
    /// Per face, for the Basic Multilingual Plane: does the face draw the character
    /// (0 not asked yet, 1 no, 2 yes) — segmentation asks for every character, and a cmap
    /// lookup costs a table parse and a binary search.
    draws: Vec<Option<Box<[u8]>>>,
    buffer: Option<rustybuzz::UnicodeBuffer>,
    hits: u64,
    misses: u64,
}

impl<'a> Measurer<'a> {
    pub fn new(book: &'a FontBook) -> Self {
        let n = book.faces.len();
        Measurer {
            book,
            shapers: (0..n).map(|_| None).collect(),
            cache: (0..n).map(|_| WidthMap::default()).collect(),
            draws: (0..n).map(|_| None).collect(),
            buffer: None,
            hits: 0,
            misses: 0,
        }
    }

    /// [`FontBook::segment`] with this measurer's coverage memo (same segments).
    pub fn segment(&mut self, text: &str, faces: SlotFaces, bold: bool) -> Vec<Segment> {
        let book = self.book;
        let memo = &mut self.draws;
        book.segment_with(text, faces, bold, &mut |face, ch| {
            let cp = ch as usize;
            if cp > 0xFFFF {
                return book.draws(face, ch);
            }
            let table = memo[face.0 as usize].get_or_insert_with(|| vec![0u8; 0x10000].into());
            match table[cp] {
                0 => {
                    let d = book.draws(face, ch);
                    table[cp] = if d { 2 } else { 1 };
                    d
                }
                v => v == 2,
            }
        })
    }

    /// Advance of `text` in `face`, in font units, from the cache or by shaping once.
    pub fn units(&mut self, face: FaceId, text: &str) -> i64 {
        let i = face.0 as usize;
        if text.is_empty() {
            return 0;
        }
        if let Some(&u) = self.cache[i].get(text) {
            self.hits += 1;
            return u;
        }
        self.misses += 1;
        let book = self.book;
        let shaper = self.shapers[i].get_or_insert_with(|| {
            rustybuzz::Face::from_slice(book.shaping_data(face), 0).map(|face| Shaper {
                face,
                plans: Vec::new(),
            })
        });
        let u = match shaper {
            Some(s) => s.shape(text, &mut self.buffer),
            None => estimate(book, face, text),
        };
        self.cache[i].insert(text.into(), u);
        u
    }

    /// Advance of `text` in `face` at 1 pt, in EMU (f64), from the cache or by shaping once.
    pub fn width_per_pt(&mut self, face: FaceId, text: &str) -> f64 {
        let u = self.units(face, text);
        u as f64 * EMU_PER_PT / f64::from(self.book.face(face).units_per_em)
    }

    /// Advance at 1 pt, in EMU, of `text[range]` drawn as `segments` (from
    /// [`FontBook::segment`] of the same `text`) say: each segment's part inside `range` is
    /// measured on its own (no kerning across segment or range ends).
    pub fn width_per_pt_segmented(
        &mut self,
        text: &str,
        segments: &[Segment],
        range: Range<usize>,
    ) -> f64 {
        let mut w = 0.0;
        for s in segments {
            let lo = s.range.start.max(range.start);
            let hi = s.range.end.min(range.end);
            if lo < hi {
                w += self.width_per_pt(s.face, &text[lo..hi]);
            }
        }
        w
    }

    /// (cache hits, shapings) so far.
    pub fn stats(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }
}
