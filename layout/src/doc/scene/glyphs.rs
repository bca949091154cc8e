//! How a document's lines are set for drawing: each line's glyphs as Writer sets them, a short
//! label's, the visible width alignment places, justification, and the part above the baseline.

use crate::doc::flow::{self, Twips};
use crate::text::glyphs::{has_rtl, visual_order};
use crate::text::TextFonts;
use specrender_fonts::{LineMetrics, Measurer, ScriptClass, Segment, ShapeLang};
use specrender_model::text::{LineGlyphs, PlacedGlyph};
use specrender_spec::units::{Cpt, EMU_PER_PT};

/// A paragraph's text segmented with its fonts, and its bidirectional levels when it has
/// right-to-left text: what every line of it is cut from.
pub(super) struct LineText<'t> {
    segs: Vec<Segment>,
    bidi: Option<unicode_bidi::BidiInfo<'t>>,
    rtl: bool,
}

impl<'t> LineText<'t> {
    pub(super) fn new(m: &mut Measurer<'_>, fonts: &TextFonts, text: &'t str) -> LineText<'t> {
        let segs = m.segment(text, fonts.faces, fonts.bold);
        let rtl = specrender_fonts::starts_right_to_left(text);
        let bidi = (rtl || has_rtl(text)).then(|| {
            let base = if rtl {
                unicode_bidi::Level::rtl()
            } else {
                unicode_bidi::Level::ltr()
            };
            unicode_bidi::BidiInfo::new(text, Some(base))
        });
        LineText { segs, bidi, rtl }
    }
}

/// The glyphs of `text[start..end]` as Writer sets them: each segment shaped with its face,
/// advanced at `size` (no device grid), Writer's autospace between an Asian and a Latin letter
/// side by side, right-to-left runs in visual order.
pub(super) fn writer_glyphs(
    m: &mut Measurer<'_>,
    prep: &LineText<'_>,
    text: &str,
    (start, end): (usize, usize),
    size: Cpt,
    lang: ShapeLang,
) -> LineGlyphs {
    let book = m.book;
    let pt = f64::from(size) / 100.0;
    let mut pieces = Vec::new();
    let segs = &prep.segs;
    let first = segs.partition_point(|s| s.range.end <= start);
    for seg in segs[first..].iter().take_while(|s| s.range.start < end) {
        let (a, b) = (seg.range.start.max(start), seg.range.end.min(end));
        if a < b {
            pieces.push((a, b, seg.face, seg.class));
        }
    }
    let mut out = Vec::new();
    let mut x = 0.0;
    let mut prev: Option<char> = None;
    for (a, b, face, class, rtl) in
        visual_order((text, prep.rtl), prep.bidi.as_ref(), start, end, pieces)
    {
        let piece = &text[a..b];
        if let (Some(p), Some(c)) = (prev, piece.chars().next()) {
            if !rtl && flow::autospace_between(p, c) {
                x += flow::WRITER_AUTOSPACE_PER_PT * pt;
            }
        }
        prev = piece.chars().next_back();
        let upm = f64::from(book.face(face).units_per_em.max(1));
        let shape_lang = match class {
            ScriptClass::Complex | ScriptClass::EastAsian | ScriptClass::Latin => {
                lang.for_class(class)
            }
            ScriptClass::Weak => lang,
        };
        let mut glyphs = m.shape_glyphs(face, shape_lang, piece);
        if rtl && !has_rtl(piece) {
            glyphs.reverse();
        }
        for g in glyphs {
            out.push(PlacedGlyph {
                face,
                id: g.id,
                x,
                dx: PlacedGlyph::offset(g.x_offset),
                dy: PlacedGlyph::offset(g.y_offset),
                cluster: (a + g.cluster as usize) as u32,
            });
            x += f64::from(g.x_advance) / upm * pt * EMU_PER_PT as f64;
        }
    }
    // The pages keep every line's glyphs until the document is drawn: without the room a
    // growing vector leaves (up to as much again).
    out.shrink_to_fit();
    LineGlyphs {
        glyphs: out,
        width: x,
        nominal: x,
        upper: x,
        start,
        end,
    }
}

/// Glyphs of a short text (a label, a number) in one face at `size`.
pub(super) fn simple_glyphs(
    m: &mut Measurer<'_>,
    face: specrender_fonts::FaceId,
    text: &str,
    size: Cpt,
) -> LineGlyphs {
    let upm = f64::from(m.book.face(face).units_per_em.max(1));
    let pt = f64::from(size) / 100.0;
    let mut x = 0.0;
    let glyphs = m
        .shape_glyphs(face, ShapeLang::Default, text)
        .into_iter()
        .map(|g| {
            let p = PlacedGlyph {
                face,
                id: g.id,
                x,
                dx: PlacedGlyph::offset(g.x_offset),
                dy: PlacedGlyph::offset(g.y_offset),
                cluster: g.cluster,
            };
            x += f64::from(g.x_advance) / upm * pt * EMU_PER_PT as f64;
            p
        })
        .collect();
    LineGlyphs {
        glyphs,
        width: x,
        nominal: x,
        upper: x,
        start: 0,
        end: text.len(),
    }
}

/// Each glyph's source text is white space only: the glyphs in order, their clusters'
/// ranges as [`LineGlyphs::source`] gives them (computed in one pass: sorted clusters).
pub(super) fn blank_glyphs(g: &LineGlyphs, text: &str) -> Vec<bool> {
    let mut clusters: Vec<usize> = g.glyphs.iter().map(|x| x.cluster as usize).collect();
    clusters.sort_unstable();
    clusters.dedup();
    g.glyphs
        .iter()
        .map(|x| {
            let c = x.cluster as usize;
            let i = clusters.partition_point(|&k| k <= c);
            let end = clusters.get(i).copied().unwrap_or(g.end).max(c);
            text.get(c..end).is_none_or(|t| t.trim().is_empty())
        })
        .collect()
}

/// The width of a line without the white space at its end (what alignment places).
pub(super) fn visible_width(g: &LineGlyphs, text: &str) -> f64 {
    let blank = blank_glyphs(g, text);
    let mut w = 0.0;
    for (i, pg) in g.glyphs.iter().enumerate() {
        let next = g.glyphs.get(i + 1).map_or(g.width, |n| n.x);
        if !blank[i] {
            w = f64::max(w, next.max(pg.x));
        }
    }
    w
}

/// Justifies a line: `extra` (EMU) shared by its spaces between words.
pub(super) fn justify(g: &mut LineGlyphs, text: &str, extra: f64) {
    if extra <= 0.0 {
        return;
    }
    let blank = blank_glyphs(g, text);
    // Spaces at the line's end do not stretch.
    let Some(last_ink) = blank.iter().rposition(|b| !b) else {
        return;
    };
    let inner: Vec<usize> = (0..last_ink)
        .filter(|&i| blank[i] && text.as_bytes().get(g.glyphs[i].cluster as usize) == Some(&b' '))
        .collect();
    if inner.is_empty() {
        return;
    }
    let each = extra / inner.len() as f64;
    let mut shift = 0.0;
    let mut k = 0;
    for i in 0..g.glyphs.len() {
        g.glyphs[i].x += shift;
        if k < inner.len() && inner[k] == i {
            shift += each;
            k += 1;
        }
    }
    g.width += shift;
}

/// A line's part above the baseline (twips): the tallest ascent and line gap of the faces on
/// it at `size` ([`flow::metrics_parts`]), as the flow sized it.
pub(super) fn line_above(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    g: &LineGlyphs,
    size: Cpt,
) -> Twips {
    let book = m.book;
    let named = fonts.lines.latin;
    let mut faces: Vec<_> = g.glyphs.iter().map(|x| x.face).collect();
    faces.sort_unstable();
    faces.dedup();
    let of_face = faces
        .iter()
        .map(|&f| flow::metrics_parts(LineMetrics::of(book.face(f)), size).0)
        .max();
    let base = match named {
        Some(n) => flow::metrics_parts(n, size).0,
        None => flow::metrics_parts(LineMetrics::of(book.face(fonts.faces.latin)), size).0,
    };
    of_face.map_or(base, |f| f.max(base))
}
