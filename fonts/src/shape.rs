//! Shaping and the width cache.
//!
//! Text is shaped with rustybuzz (default features: kerning, ligatures; direction and script
//! guessed from the text) at the face's units per em; a width at any size is that advance
//! scaled linearly, so a font-size search never shapes again (docs/concepts/engine.md, measurement).
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

use crate::{FaceId, FontBook, Segment, ShapeLang, SlotFaces};
use std::collections::HashMap;
use std::ops::Range;

/// EMU per point (widths are returned in EMU at 1 pt).
const EMU_PER_PT: f64 = specrender_spec::units::EMU_PER_PT as f64;

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

/// rustybuzz language and the script given to text with no script of its own (spaces,
/// punctuation, digits), which LibreOffice shapes inside the Asian portion around it.
fn lang_props(lang: ShapeLang) -> Option<(rustybuzz::Language, rustybuzz::Script)> {
    use rustybuzz::script;
    let (tag, sc) = match lang {
        ShapeLang::Default => return None,
        ShapeLang::Korean => ("ko", script::HANGUL),
        ShapeLang::Japanese => ("ja", script::HAN),
        ShapeLang::ChineseSimplified => ("zh-cn", script::HAN),
        ShapeLang::ChineseTraditional => ("zh-tw", script::HAN),
        ShapeLang::ChineseHongKong => ("zh-hk", script::HAN),
    };
    tag.parse().ok().map(|l| (l, sc))
}

/// `text` into a shaping buffer with its direction, script and language, as measuring does.
pub(crate) fn fill_buffer(b: &mut rustybuzz::UnicodeBuffer, text: &str, lang: ShapeLang) {
    b.push_str(text);
    b.guess_segment_properties();
    if let Some((language, sc)) = lang_props(lang) {
        b.set_language(language);
        let s = b.script();
        if s == rustybuzz::script::COMMON
            || s == rustybuzz::script::INHERITED
            || s == rustybuzz::script::UNKNOWN
        {
            b.set_script(sc);
        }
    }
}

impl Shaper<'_> {
    /// Appends the glyph advances (font units, kerning applied) of `text` to `out`.
    fn shape(
        &mut self,
        text: &str,
        lang: ShapeLang,
        buf: &mut Option<rustybuzz::UnicodeBuffer>,
        out: &mut Vec<i32>,
    ) {
        let mut b = buf.take().unwrap_or_default();
        fill_buffer(&mut b, text, lang);
        let glyphs = self.shape_buffer(b);
        out.extend(glyphs.glyph_positions().iter().map(|p| p.x_advance));
        *buf = Some(glyphs.clear());
    }

    /// Shapes a filled buffer with the plan for its direction, script and language.
    fn shape_buffer(&mut self, b: rustybuzz::UnicodeBuffer) -> rustybuzz::GlyphBuffer {
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
        rustybuzz::shape_with_plan(&self.face, &self.plans[i].1, b)
    }
}

/// Width estimate when a face's file cannot be read any more (it vanished after loading):
/// one em per character, wide rather than narrow so a box is never called fitting by mistake.
fn estimate(book: &FontBook, face: FaceId, text: &str) -> i64 {
    text.chars().count() as i64 * i64::from(book.face(face).units_per_em)
}

fn estimate_glyphs(book: &FontBook, face: FaceId, text: &str, out: &mut Vec<i32>) {
    out.extend(
        text.chars()
            .map(|_| i32::from(book.face(face).units_per_em)),
    );
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

/// The width cache's map: text -> where its glyph advances are in the measurer's arena
/// (start, len). foldhash (already in the tree through serde_json's indexmap) hashes a short
/// word several times faster than std's SipHash, and a lookup happens for every piece of every
/// paragraph; the fixed seed keeps runs alike (the map is never iterated, so output never
/// depends on it).
type GlyphMap = HashMap<Box<str>, (u32, u32), foldhash::fast::FixedState>;

/// The segmentation memo's map (text -> segments), hashed as the width cache is.
type SegmentMap = HashMap<Box<str>, Box<[Segment]>, foldhash::fast::FixedState>;

/// The most the segmentation memo ([`Measurer::segment`]) holds: 8 MiB, about 60,000
/// short texts (a table of 20 x 200 short cells is 4,000). It was unbounded: a table-heavy
/// deck kept an entry for every distinct cell text (+45 MiB on the largest inputs). What it
/// holds never changes an answer or the work counted ([`Measurer::segment`] gives the same
/// segments either way), so the bound changes no output.
pub const MEMO_BYTES: usize = 8 << 20;

/// The most the width cache ([`Measurer`]'s shaped texts and their glyph advances) holds: 16
/// MiB, about 200,000 distinct words. It was unbounded: a 30 MB document of 3,000 paragraphs
/// of distinct five-letter words kept about 4 million entries (639 MiB peak RSS, issue 25).
/// Past the bound it is emptied and refills as texts come again; a width is the same whether
/// remembered or shaped again, and work is counted on the input, never on what a cache held,
/// so the bound changes no output and no work count.
pub const WIDTH_CACHE_BYTES: usize = 16 << 20;

/// What one width-cache entry holds: its text, its glyph advances (4 bytes each), the key's
/// box and the map slot (key, value, control byte) with the map's spare capacity.
fn width_entry_bytes(text: &str, glyphs: usize) -> usize {
    text.len() + 4 * glyphs + 2 * (16 + 8 + 1)
}

/// What one memo entry holds: its text and segments, two boxes, and a map slot (key, value,
/// control byte) with the map's spare capacity (it grows by doubling: about one empty slot
/// per full one).
fn memo_entry_bytes(text: &str, segs: &[Segment]) -> usize {
    text.len() + std::mem::size_of_val(segs) + 2 * (32 + 1)
}

/// Per-job width cache: shapes each distinct (face, text) once; widths scale linearly with size.
///
/// Not `Sync`: each worker thread owns one, all borrowing the same [`FontBook`].
pub struct Measurer<'a> {
    pub book: &'a FontBook,
    /// rustybuzz faces and plans, made on first use (outer `None`: not tried yet; inner:
    /// unparsable).
    shapers: Vec<Option<Option<Shaper<'a>>>>,
    /// Per face and [`ShapeLang`] (index `face * 6 + lang`): text -> glyph advances in font
    /// units (viewers that lay out on a device grid round each glyph: see
    /// [`Measurer::glyph_ems_lang`]).
    cache: Vec<GlyphMap>,
    /// Every cached text's glyph advances, one after the other (one allocation, not one per
    /// word).
    advances: Vec<i32>,
    /// What the width cache holds, in bytes ([`Measurer::width_cache_bytes`]); past
    /// [`WIDTH_CACHE_BYTES`] it is emptied.
    cache_bytes: usize,
    /// The bound [`Measurer::cache_bytes`] keeps under: [`WIDTH_CACHE_BYTES`] (tests set a
    /// smaller one to see it emptied).
    cache_limit: usize,
    /// Per face, for the Basic Multilingual Plane: does the face draw the character
    /// (0 not asked yet, 1 no, 2 yes) — segmentation asks for every character, and a cmap
    /// lookup costs a table parse and a binary search.
    draws: Vec<Option<Box<[u8]>>>,
    /// Segmentations already made, per (slot faces, bold): text -> its segments. A document
    /// asks for the same paragraph's segments several times (missing glyphs, line breaking,
    /// Writer's lines, line heights), each a per-character pass; an answer depends only on
    /// the text, the faces and boldness, so a repeat is a lookup.
    segments: Vec<((SlotFaces, bool), SegmentMap)>,
    /// What the segmentation memo holds, in bytes ([`Measurer::memo_bytes`]); past
    /// [`MEMO_BYTES`] it is emptied.
    segment_bytes: usize,
    /// Per face and [`ShapeLang`] (index as `cache`, made on first use): a Basic Multilingual
    /// Plane character's advance in font units, plus one (see [`Measurer::char_units`]).
    chars: Vec<Option<Box<[i32]>>>,
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
            cache: (0..n * ShapeLang::ALL.len())
                .map(|_| GlyphMap::default())
                .collect(),
            draws: (0..n).map(|_| None).collect(),
            segments: Vec::new(),
            segment_bytes: 0,
            chars: Vec::new(),
            advances: Vec::new(),
            cache_bytes: 0,
            cache_limit: WIDTH_CACHE_BYTES,
            buffer: None,
            hits: 0,
            misses: 0,
        }
    }

    /// [`FontBook::segment`] with this measurer's coverage memo (same segments), each
    /// distinct (text, faces, bold) segmented once.
    pub fn segment(&mut self, text: &str, faces: SlotFaces, bold: bool) -> Vec<Segment> {
        let key = (faces, bold);
        let i = match self.segments.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.segments.push((key, SegmentMap::default()));
                self.segments.len() - 1
            }
        };
        if let Some(segs) = self.segments[i].1.get(text) {
            return segs.to_vec();
        }
        let segs = self.segment_uncached(text, faces, bold);
        let bytes = memo_entry_bytes(text, &segs);
        if self.segment_bytes + bytes > MEMO_BYTES {
            // Full: start again (a memo only saves work; every answer is the same without
            // it). Emptied rather than evicted one by one: a job's texts repeat where they
            // stand together (a paragraph asked again, a table's column), and a map that is
            // only ever emptied keeps no order to maintain.
            for (_, m) in &mut self.segments {
                *m = SegmentMap::default();
            }
            self.segment_bytes = 0;
        }
        self.segment_bytes += bytes;
        self.segments[i]
            .1
            .insert(text.into(), segs.clone().into_boxed_slice());
        segs
    }

    /// Bytes the width cache holds (texts, glyph advances, and the map's slot for each), at
    /// most [`WIDTH_CACHE_BYTES`].
    pub fn width_cache_bytes(&self) -> usize {
        self.cache_bytes
    }

    /// A smaller bound for the width cache than [`WIDTH_CACHE_BYTES`] (tests: filling 16 MiB
    /// takes seconds of shaping in a debug build). Answers are the same whatever it is.
    #[doc(hidden)]
    pub fn set_width_cache_limit(&mut self, bytes: usize) {
        self.cache_limit = bytes.min(WIDTH_CACHE_BYTES);
    }

    /// Bytes the segmentation memo holds (texts, segments, and the map's slot for each), at
    /// most [`MEMO_BYTES`].
    pub fn memo_bytes(&self) -> usize {
        self.segment_bytes
    }

    fn segment_uncached(&mut self, text: &str, faces: SlotFaces, bold: bool) -> Vec<Segment> {
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

    /// [`FontBook::shape_glyphs`] with this measurer's parsed face and shape plans: the same
    /// glyphs (same shaping call, same buffer properties), without parsing the face again on
    /// every call (a preview shapes every line it draws).
    pub fn shape_glyphs(
        &mut self,
        face: FaceId,
        lang: ShapeLang,
        text: &str,
    ) -> Vec<crate::draw::Glyph> {
        if text.is_empty() {
            return Vec::new();
        }
        let book = self.book;
        let shaper = self.shapers[face.0 as usize].get_or_insert_with(|| {
            rustybuzz::Face::from_slice(book.shaping_data(face), 0).map(|face| Shaper {
                face,
                plans: Vec::new(),
            })
        });
        let Some(s) = shaper else {
            return Vec::new();
        };
        let mut b = self.buffer.take().unwrap_or_default();
        fill_buffer(&mut b, text, lang);
        let glyphs = s.shape_buffer(b);
        let out = glyphs
            .glyph_infos()
            .iter()
            .zip(glyphs.glyph_positions())
            .map(|(i, p)| crate::draw::Glyph {
                id: i.glyph_id as u16,
                cluster: i.cluster,
                x_advance: p.x_advance,
                x_offset: p.x_offset,
                y_offset: p.y_offset,
            })
            .collect();
        self.buffer = Some(glyphs.clear());
        out
    }

    /// Advance of `text` in `face`, in font units, from the cache or by shaping once.
    pub fn units(&mut self, face: FaceId, text: &str) -> i64 {
        self.units_lang(face, ShapeLang::Default, text)
    }

    /// Advance of `text` in `face` shaped with language `lang`, in font units.
    pub fn units_lang(&mut self, face: FaceId, lang: ShapeLang, text: &str) -> i64 {
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if (c as u32) < 0x10000 {
                return self.char_units(face, lang, c, text);
            }
        }
        self.glyphs(face, lang, text)
            .iter()
            .map(|&a| i64::from(a))
            .sum()
    }

    /// [`Measurer::units_lang`] of the one Basic Multilingual Plane character `text` (= `c`),
    /// from a per-(face, language) table indexed by the character: measuring text as Writer
    /// sets Latin (glyph by glyph, no pair kerning) asks for every character of a document on
    /// its own, and a table read costs less than hashing the text. The table holds the
    /// advance plus one (0: not measured yet; zeroed memory, so the pages of a 256 KB table
    /// that are never read are never touched); an advance the encoding cannot hold is asked
    /// of the width cache every time.
    fn char_units(&mut self, face: FaceId, lang: ShapeLang, c: char, text: &str) -> i64 {
        let ci = face.0 as usize * ShapeLang::ALL.len() + lang.index();
        if let Some(Some(t)) = self.chars.get(ci) {
            let v = t[c as usize];
            if v != 0 {
                self.hits += 1;
                return i64::from(v) - 1;
            }
        }
        let u: i64 = self
            .glyphs(face, lang, text)
            .iter()
            .map(|&a| i64::from(a))
            .sum();
        if let Ok(v) = i32::try_from(u + 1) {
            if v > 0 {
                if self.chars.len() <= ci {
                    self.chars.resize_with(ci + 1, || None);
                }
                self.chars[ci].get_or_insert_with(|| vec![0; 0x10000].into_boxed_slice())
                    [c as usize] = v;
            }
        }
        u
    }

    /// `w` plus the advance at 1 pt (EMU) of each character of `text` in `face` set on its
    /// own (glyph by glyph, no pair kerning: Writer's Latin), added one at a time in text
    /// order: the same sum, bit for bit, as adding [`Measurer::width_per_pt_lang`] of each
    /// character with [`ShapeLang::Default`], but read from the character table without a
    /// call per character (a document's every Latin letter is asked for this way).
    pub fn add_char_widths(&mut self, face: FaceId, text: &str, mut w: f64) -> f64 {
        let upm = f64::from(self.book.face(face).units_per_em);
        let ci = face.0 as usize * ShapeLang::ALL.len() + ShapeLang::Default.index();
        let mut buf = [0u8; 4];
        for c in text.chars() {
            let known = match self.chars.get(ci) {
                Some(Some(t)) if (c as u32) < 0x10000 => t[c as usize],
                _ => 0,
            };
            let u = if known != 0 {
                self.hits += 1;
                i64::from(known) - 1
            } else {
                self.units_lang(face, ShapeLang::Default, c.encode_utf8(&mut buf))
            };
            w += u as f64 * EMU_PER_PT / upm;
        }
        w
    }

    /// Glyph advances of `text` (font units), from the cache or by shaping once.
    fn glyphs(&mut self, face: FaceId, lang: ShapeLang, text: &str) -> &[i32] {
        let i = face.0 as usize;
        let ci = i * ShapeLang::ALL.len() + lang.index();
        if text.is_empty() {
            return &[];
        }
        let (start, len) = match self.cache[ci].get(text) {
            Some(&at) => {
                self.hits += 1;
                at
            }
            None => {
                self.misses += 1;
                let book = self.book;
                let shaper = self.shapers[i].get_or_insert_with(|| {
                    rustybuzz::Face::from_slice(book.shaping_data(face), 0).map(|face| Shaper {
                        face,
                        plans: Vec::new(),
                    })
                });
                let start = self.advances.len();
                match shaper {
                    Some(s) => s.shape(text, lang, &mut self.buffer, &mut self.advances),
                    None => estimate_glyphs(book, face, text, &mut self.advances),
                }
                let len = self.advances.len() - start;
                let bytes = width_entry_bytes(text, len);
                let start = if self.cache_bytes + bytes > self.cache_limit {
                    // Full: start again, keeping only this text's advances (emptied rather
                    // than evicted one by one, as the segmentation memo: nothing to order).
                    for m in &mut self.cache {
                        *m = GlyphMap::default();
                    }
                    self.advances.drain(..start);
                    self.cache_bytes = 0;
                    0
                } else {
                    start
                };
                self.cache_bytes += bytes;
                let at = (start as u32, len as u32);
                self.cache[ci].insert(text.into(), at);
                at
            }
        };
        &self.advances[start as usize..(start + len) as usize]
    }

    /// Appends the advance of every glyph of `text` in em (font units / units per em) to
    /// `out`, and returns the text's advance at 1 pt in EMU (their sum, as
    /// [`Measurer::width_per_pt_lang`]).
    pub fn glyph_ems_lang(
        &mut self,
        face: FaceId,
        lang: ShapeLang,
        text: &str,
        out: &mut Vec<f32>,
    ) -> f64 {
        let upm = f64::from(self.book.face(face).units_per_em);
        let g = self.glyphs(face, lang, text);
        let mut units = 0i64;
        for &a in g {
            units += i64::from(a);
            out.push((f64::from(a) / upm) as f32);
        }
        units as f64 * EMU_PER_PT / upm
    }

    /// Advance of `text` in `face` at 1 pt, in EMU (f64), from the cache or by shaping once.
    pub fn width_per_pt(&mut self, face: FaceId, text: &str) -> f64 {
        self.width_per_pt_lang(face, ShapeLang::Default, text)
    }

    /// [`Measurer::width_per_pt`] shaped with language `lang`.
    pub fn width_per_pt_lang(&mut self, face: FaceId, lang: ShapeLang, text: &str) -> f64 {
        let u = self.units_lang(face, lang, text);
        u as f64 * EMU_PER_PT / f64::from(self.book.face(face).units_per_em)
    }

    /// Advance at 1 pt, in EMU, of `text[range]` drawn as `segments` (from
    /// [`FontBook::segment`] of the same `text`) say: each segment's part inside `range` is
    /// measured on its own (no kerning across segment or range ends), East Asian segments
    /// shaped with `lang` ([`ShapeLang::for_class`]).
    pub fn width_per_pt_segmented(
        &mut self,
        text: &str,
        segments: &[Segment],
        lang: ShapeLang,
        range: Range<usize>,
    ) -> f64 {
        let mut w = 0.0;
        for s in segments {
            let lo = s.range.start.max(range.start);
            let hi = s.range.end.min(range.end);
            if lo < hi {
                w += self.width_per_pt_lang(s.face, lang.for_class(s.class), &text[lo..hi]);
            }
        }
        w
    }

    /// (cache hits, shapings) so far.
    pub fn stats(&self) -> (u64, u64) {
        (self.hits, self.misses)
    }
}
