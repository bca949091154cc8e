//! Writer's line model: how LibreOffice Writer breaks a paragraph of a DOCX into lines
//! ([`writer_lines`]: UAX #14 with Writer's tailoring, its widths and autospace) and how
//! wide a cell's text must be ([`writer_extent`]).

use super::*;
use crate::text::kinsoku::is_hangul;
use crate::text::linebreak::{self, fill_writer, Broken, Piece};
use crate::text::Prepared;
use specrender_fonts::{ScriptClass, Segment};
use unicode_segmentation::UnicodeSegmentation;

/// What a line may pass the text width by and still hold its last piece in Writer (EMU):
/// 0.1 pt, where our widths and Writer's differ by rounding (lines Writer filled to 451.18
/// and 451.30 pt of 451.30 measure up to 0.05 pt wider here).
pub const WRITER_LINE_TOLERANCE: i64 = 1270;

/// Writer's gap between Asian and Latin letters (autospace), per pt of size: a fifth of the
/// size (measured: 2.23 pt at 11 pt); Impress's is wider (`text::prepare::AUTOSPACE_PER_PT`).
pub const WRITER_AUTOSPACE_PER_PT: f64 = 0.2 * specrender_spec::units::EMU_PER_PT as f64;

/// The lines of a prepared paragraph as Writer breaks them: UAX #14 with Writer's own
/// tailoring (`writer_keeps`: Korean words whole, a number before one breaks from it) —
/// a DOCX is not opened by PowerPoint, so the stricter-of-both count slides use would
/// overcount — and Writer's widths: glyph advances at the size (no 600 dpi grid), an autospace of [`WRITER_AUTOSPACE_PER_PT`] between Asian and Latin
/// letters or digits directly beside each other, none beside punctuation or a space
/// (measured in Writer's PDFs: "다. 신" and "33.7% 초과" have only the space, "5월" has one).
pub fn writer_lines(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    p: Breakable<'_>,
    size: Cpt,
    cs: Cpt,
    width: i64,
) -> Broken {
    let t = p.text;
    let segs = m.segment(t, fonts.faces, fonts.bold);
    // Complex script text is set at its own size (`w:szCs`): its widths at 1 pt of `size`.
    let set = Setting {
        cs: f64::from(cs) / f64::from(size.max(1)),
        ea_space_emu: ea_space_emu(fonts),
    };
    let merged = writer_pieces(m, lang, p, &segs, set, true);
    writer_fill(m, lang, t, &segs, merged, set, size, width)
}

/// [`writer_lines`] of a paragraph whose pieces [`writer_extent_with_pieces`] made (its
/// complex script text at the paragraph's size: `cs` is `size`, as in a table cell): the
/// same lines without making them again.
pub fn writer_lines_from(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    p: &Prepared,
    pieces: WriterPieces,
    size: Cpt,
    width: i64,
) -> Broken {
    let segs = m.segment(&p.text, fonts.faces, fonts.bold);
    let set = Setting {
        cs: 1.0,
        ea_space_emu: ea_space_emu(fonts),
    };
    writer_fill(m, lang, &p.text, &segs, pieces.0, set, size, width)
}

/// Writer's pieces of a paragraph, kept from [`writer_extent_with_pieces`] for
/// [`writer_lines_from`].
#[derive(Debug, Clone)]
pub struct WriterPieces(Vec<Piece>);

/// The second half of [`writer_lines`]: the graphemes of pieces no line holds, and the fill.
#[allow(clippy::too_many_arguments)]
pub(super) fn writer_fill(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    t: &str,
    segs: &[Segment],
    mut merged: Vec<Piece>,
    set: Setting,
    size: Cpt,
    width: i64,
) -> Broken {
    // A word no line holds (a table cell's column squeezed below its words, or one the
    // kerned word just fits: "Revenue" 8 pt bold is 28.96 pt unkerned in 28.0): Writer fills
    // each line with its graphemes up to the room ("Revenu|e"). Measured here, in Writer's
    // widths, for this question only: a paragraph keeps graphemes only of words wider than
    // the width it was prepared for (a table cell: the whole text width), and keeping every
    // cell's (`Prepared::break_every_word`) held a big table's text several times over.
    let room = (width + WRITER_LINE_TOLERANCE) as f64;
    let scale = f64::from(size) / 100.0;
    for pc in &mut merged {
        if pc.w_trim * scale > room && !covers(pc) {
            pc.graphemes = writer_graphemes(m, lang, t, segs, pc.start..pc.trim_end, set);
        }
    }
    // Writer keeps no slack at the line end (the engine's `GRID_SLACK` is Impress's). Its
    // pieces carry no glyph table (`writer_pieces`): the fill reads no advances.
    fill_writer(
        &merged,
        &[],
        size,
        width + GRID_SLACK as i64 + WRITER_LINE_TOLERANCE,
    )
}

/// A paragraph as Writer's line breaking reads it: its text and its pieces under UAX #14 +
/// kinsoku, with the graphemes of those wider than the width they were prepared for (a
/// [`Prepared`]'s, or [`crate::text::prepare::pieces_unmetered`]).
#[derive(Debug, Clone, Copy)]
pub struct Breakable<'a> {
    pub text: &'a str,
    pub pieces: &'a [Piece],
}

impl<'a> From<&'a Prepared> for Breakable<'a> {
    fn from(p: &'a Prepared) -> Breakable<'a> {
        Breakable {
            text: &p.text,
            pieces: &p.pieces,
        }
    }
}

/// How Writer sets a paragraph's text beyond its faces: complex script text `cs` times the
/// size (its `w:szCs` over the paragraph's), and the spaces of East Asian runs at the named
/// East Asian font's advance (em) where only its name is known (`SlotLines::ea_space`:
/// LibreOffice's letters name DejaVu Sans, Noto Sans CJK draws their Hangul).
#[derive(Debug, Clone, Copy)]
pub(super) struct Setting {
    pub(super) cs: f64,
    /// That advance at 1 pt (EMU): multiplied out here, once per paragraph. Multiplied where
    /// it is read, the product was computed ahead of the test for `Some` on every call of
    /// [`unkerned`] (floating point has no side effects), from whatever bits `None` left: a
    /// denormal there took the multiply into a microcode assist, a sixth of a document's
    /// time (perf: the instruction after that `mulsd`).
    pub(super) ea_space_emu: Option<f64>,
}

/// [`Setting::ea_space_emu`] of `fonts`.
pub(super) fn ea_space_emu(fonts: &TextFonts) -> Option<f64> {
    (fonts.lines.ea_space).map(|em| em * specrender_spec::units::EMU_PER_PT as f64)
}

/// A paragraph's pieces as Writer breaks and sets them (at 1 pt, EMU): UAX #14 pieces joined
/// where Writer keeps them together ([`writer_keeps`]) and, with `cut`, cut where LibreOffice
/// breaks and UAX #14 does not ([`linebreak::libreoffice_extra`]); glyph widths unkerned
/// ([`unkerned`]) with Writer's autospaces; no graphemes measured.
pub(super) fn writer_pieces(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    p: Breakable<'_>,
    segs: &[Segment],
    set: Setting,
    cut: bool,
) -> Vec<Piece> {
    let t = p.text;
    // Writer also breaks where UAX #14 does not (`cut`): before a slash after a space, before
    // a digit after a hyphen ("exports/2026-|11-23/...": a path that Writer 7.4 broke there,
    // measured as one unbreakable word, took a fourth line and moved a page of headings).
    let extra = if cut {
        linebreak::libreoffice_extra(t)
    } else {
        Vec::new()
    };
    let mut cuts = extra.into_iter().peekable();
    // Glyph widths without kerning (Writer kerns a DOCX run only when it asks, `w:kern`),
    // per UAX #14 piece, cut at those positions.
    let mut merged: Vec<Piece> = Vec::with_capacity(p.pieces.len());
    let mut at = 0;
    for pc in p.pieces {
        let mut start = pc.start;
        loop {
            while cuts.next_if(|&c| c <= start).is_some() {}
            let (end, trim_end) = match cuts.next_if(|&c| c < pc.trim_end) {
                Some(c) => (c, start + t[start..c].trim_end().len()),
                None => (pc.end, pc.trim_end),
            };
            let glyphs = unkerned(m, lang, t, (segs, &mut at), start..trim_end, set);
            // No trailing spaces (a Hangul syllable before the next, which Writer joins):
            // nothing to measure, and `glyphs + 0.0` is `glyphs`.
            let spaces = if trim_end < end {
                unkerned(m, lang, t, (segs, &mut at), trim_end..end, set)
            } else {
                0.0
            };
            let piece = Piece {
                start,
                end,
                trim_end,
                w_trim: glyphs,
                w_full: glyphs + spaces,
                graphemes: (pc.graphemes.iter())
                    .filter(|g| g.0 >= start && g.1 <= trim_end)
                    .copied()
                    .collect(),
                // No glyph table: the grid measures nominally.
                g: (0, 0, 0),
                auto: (0, 0),
            };
            match merged.last_mut() {
                Some(prev) if prev.trim_end == prev.end && writer_keeps(t, prev.end) => {
                    prev.w_trim = prev.w_full + piece.w_trim;
                    prev.w_full += piece.w_full;
                    prev.trim_end = piece.trim_end;
                    prev.end = piece.end;
                    prev.graphemes.extend(piece.graphemes);
                }
                _ => merged.push(piece),
            }
            if end == pc.end {
                break;
            }
            start = end;
        }
    }
    for pc in &mut merged {
        let visible = &t[pc.start..pc.trim_end];
        let inner = autospaces(visible) * WRITER_AUTOSPACE_PER_PT;
        // At the end: only against the next piece's first letter, with no space between.
        let end = match (visible.chars().next_back(), t[pc.end..].chars().next()) {
            (Some(a), Some(b)) if pc.trim_end == pc.end && autospace_between(a, b) => {
                WRITER_AUTOSPACE_PER_PT
            }
            _ => 0.0,
        };
        let spaces = pc.w_full - pc.w_trim;
        pc.w_trim += inner;
        pc.w_full = pc.w_trim + spaces + end;
    }
    merged
}

/// Writer's (narrowest, one-line) width of a paragraph at 1 pt (EMU), its complex script text
/// at the same size: its widest piece as Writer keeps and sets it (`writer_pieces`), and its
/// visible text on one line. A table column narrower than the first breaks a word inside in
/// Writer ("Revenu|e"), whatever the kerned width said.
pub fn writer_extent(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    p: &Prepared,
) -> (f64, f64) {
    writer_extent_with_pieces(m, fonts, lang, p).0
}

/// [`writer_extent`], and the pieces it measured when they are those [`writer_lines`] makes
/// of the paragraph at its own complex script size (no LibreOffice cut in its text, where
/// only `writer_lines` cuts): a table cell asks both, for its column and for its row.
pub fn writer_extent_with_pieces(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    p: &Prepared,
) -> ((f64, f64), Option<WriterPieces>) {
    if p.text.is_empty() {
        return ((0.0, 0.0), None);
    }
    let segs = m.segment(&p.text, fonts.faces, fonts.bold);
    let set = Setting {
        cs: 1.0,
        ea_space_emu: ea_space_emu(fonts),
    };
    // Without LibreOffice's extra cuts: with them the narrowest columns of the Japanese
    // template's wide tables shrank, widths moved between columns and Writer's header rows
    // took a line more than measured (fast suite 107 -> 92 of 107): left for a probe.
    let pieces = writer_pieces(m, lang, p.into(), &segs, set, false);
    let (mut lo, mut line, mut vis) = (0.0f64, 0.0f64, 0.0f64);
    for pc in &pieces {
        lo = lo.max(pc.w_trim);
        vis = line + pc.w_trim;
        line += pc.w_full;
    }
    let same = linebreak::libreoffice_extra(&p.text).is_empty();
    ((lo, vis), same.then_some(WriterPieces(pieces)))
}

/// Do `pc`'s graphemes cover its visible text, end to end? (A piece merged from UAX #14
/// pieces has those of the parts wider than the width they were prepared for, if any.)
pub(super) fn covers(pc: &Piece) -> bool {
    match (pc.graphemes.first(), pc.graphemes.last()) {
        (Some(a), Some(z)) => {
            a.0 == pc.start
                && z.1 == pc.trim_end
                && pc.graphemes.windows(2).all(|w| w[0].1 == w[1].0)
        }
        _ => false,
    }
}

/// The grapheme clusters of `t[range]` with their widths at 1 pt (EMU) as Writer sets them
/// ([`unkerned`], and an autospace before a grapheme where Writer puts one).
pub(super) fn writer_graphemes(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    t: &str,
    segs: &[Segment],
    range: std::ops::Range<usize>,
    set: Setting,
) -> Vec<(usize, usize, f64)> {
    let mut prev: Option<char> = None;
    let mut at = 0;
    t[range.clone()]
        .grapheme_indices(true)
        .map(|(i, g)| {
            let s = range.start + i;
            let e = s + g.len();
            let mut w = unkerned(m, lang, t, (segs, &mut at), s..e, set);
            if let (Some(a), Some(b)) = (prev, g.chars().next()) {
                if autospace_between(a, b) {
                    w += WRITER_AUTOSPACE_PER_PT;
                }
            }
            prev = g.chars().next_back();
            (s, e, w)
        })
        .collect()
}

/// Width at 1 pt (EMU) of `t[range]` as Writer sets it ([`Setting`]): Latin text glyph by
/// glyph (no pair kerning), East Asian and complex-script text shaped, complex script text
/// `set.cs` times as large (its own size, `w:szCs`, over the paragraph's), an East Asian
/// run's spaces at `set.ea_space_emu` where given. `segs.1` is where the previous range's scan
/// started (ranges asked in text order: 0 before the first).
pub(super) fn unkerned(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    t: &str,
    (segs, at): (&[Segment], &mut usize),
    range: std::ops::Range<usize>,
    set: Setting,
) -> f64 {
    let mut w = 0.0;
    // The segments are in text order, end to end: start at the first that reaches `range`
    // (a paragraph's line questions each walked all of them: 299 M instructions of the 2,000-block
    // document's 1,600 M, callgrind) and stop past its end. Ranges come in text order, so
    // that one is found from where the previous range's was (a binary search per range was
    // a fifth of a document's time here, its loads waiting on each other), the search only
    // should a range come before it.
    debug_assert!(segs.windows(2).all(|p| p[0].range.end <= p[1].range.start));
    if *at > segs.len() || (*at > 0 && segs[*at - 1].range.end > range.start) {
        *at = segs.partition_point(|s| s.range.end <= range.start);
    }
    while segs.get(*at).is_some_and(|s| s.range.end <= range.start) {
        *at += 1;
    }
    let first = *at;
    for s in segs[first..]
        .iter()
        .take_while(|s| s.range.start < range.end)
    {
        let (a, b) = (s.range.start.max(range.start), s.range.end.min(range.end));
        if a >= b {
            continue;
        }
        if s.class == ScriptClass::Complex {
            w += m.width_per_pt_lang(s.face, lang.for_class(s.class), &t[a..b]) * set.cs;
        } else if s.class == ScriptClass::EastAsian {
            let run = &t[a..b];
            w += m.width_per_pt_lang(s.face, lang.for_class(s.class), run);
            // Writer sets the spaces in the named font (it has them), not the face drawing
            // the run's letters (measured: Hangul words 3.47 pt apart at 11 pt named DejaVu
            // Sans, 0.318 em; Noto Sans CJK's space is 0.28 em).
            if let Some(space) = set.ea_space_emu {
                let n = run.chars().filter(|&c| c == ' ' || c == '\u{A0}').count();
                if n > 0 {
                    let own = m.width_per_pt_lang(s.face, lang.for_class(s.class), " ");
                    w += n as f64 * (space - own);
                }
            }
        } else {
            w = m.add_char_widths(s.face, &t[a..b], w);
        }
    }
    w
}

/// Writer does not break at `pos` where UAX #14 would: between two Hangul syllables (Korean
/// words wrap whole; a number before a Hangul word still breaks from it, "75|만 명": seen in
/// Writer's PDFs) and after a slash before a letter or digit (URLs and paths).
pub(super) fn writer_keeps(t: &str, pos: usize) -> bool {
    let (Some(a), Some(b)) = (t[..pos].chars().next_back(), t[pos..].chars().next()) else {
        return false;
    };
    (is_hangul(a) && is_hangul(b)) || (a == '/' && b.is_alphanumeric())
}

/// Writer's autospaces inside `s`: between an Asian letter (Han, kana, Hangul) and a Latin
/// letter or digit directly beside it — not beside punctuation or a space ("다." and "를 3"
/// have none, "5월" has one: measured).
pub(super) fn autospaces(s: &str) -> f64 {
    // No Asian letter, no autospace: most pieces of a document are ASCII words.
    if s.is_ascii() {
        return 0.0;
    }
    let mut n = 0.0;
    let mut prev: Option<char> = None;
    for c in s.chars() {
        if let Some(a) = prev {
            if autospace_between(a, c) {
                n += 1.0;
            }
        }
        prev = Some(c);
    }
    n
}

pub(crate) fn autospace_between(a: char, b: char) -> bool {
    fn asian(c: char) -> bool {
        matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF
            | 0xAC00..=0xD7A3 | 0x1100..=0x11FF | 0x3130..=0x318F)
            && c != '\u{30FC}'
    }
    fn latin(c: char) -> bool {
        // The range first: `is_alphanumeric` on Han, kana or Hangul takes the standard
        // library's slow table path (153 M instructions of the 2,000-block document's
        // 1,423 M, callgrind), and none of them is below U+2000.
        (c as u32) < 0x2000 && c.is_alphanumeric()
    }
    (asian(a) && latin(b)) || (latin(a) && asian(b))
}
