//! Prepare: a paragraph's text is segmented by script and font once, split into pieces
//! between break opportunities, and each piece is measured once at 1 pt. Trying another
//! font size scales those widths; nothing is shaped again (docs/concepts/engine.md, measurement). A prepared
//! paragraph answers "lines at this size in this width" and remembers its answers.

use super::kinsoku::is_hangul;
use super::linebreak::{self, Broken, Piece};
use super::TextFonts;
use crate::model::Run;
use crate::work;
use specrender_fonts::{never_missing, FontBook, Measurer, ScriptClass, Segment, ShapeLang};
use specrender_spec::units::EMU_PER_PT;
use std::cell::RefCell;
use std::sync::Arc;
use unicode_segmentation::UnicodeSegmentation;

/// A paragraph measured once, ready to be broken at any size and width.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub text: String,
    /// Contains Han, Kana or Hangul: CJK line pitch and safety margin.
    pub has_cjk: bool,
    /// Contains Hangul: counted under both viewers' rules, written with `eaLnBrk="0"`.
    pub korean: bool,
    /// Its first strong character is right-to-left (UAX #9 P2/P3): written `rtl="1"`.
    pub rtl: bool,
    /// Pieces under UAX #14 + kinsoku (PowerPoint; Japanese and Chinese everywhere).
    pub pieces: Vec<Piece>,
    /// Pieces under LibreOffice's rules (Korean words whole, no break after `/`, breaks
    /// after `-` before digits), when they differ from `pieces`.
    pub pieces_libreoffice: Option<Vec<Piece>>,
    /// Glyph advances (em) the pieces index (see [`super::grid::Grid`]).
    pub ems: Vec<f32>,
    pub runs: Arc<[Run]>,
    /// Characters no loaded font covers (measured as .notdef).
    pub missing: Vec<char>,
    /// Families used as per-character fallback.
    pub fallback_families: Vec<String>,
    pub chars: u32,
    /// Lines already computed, by (size, width).
    memo: RefCell<BreakMemo>,
    /// Who pays for measuring it ([`crate::work`]): the element (block) it was prepared for.
    owner: u32,
    /// Work units of one measuring at a size and width: its pieces under both rule sets and
    /// the graphemes of its words that may be broken inside.
    cost: u64,
}

/// Lines already computed for one paragraph, by (size, width): the fit policy asks the same
/// question many times (each shrink step, each stacking round, each overflow check, the
/// final box). A handful of entries are live at once, so a short list scanned linearly beats
/// hashing; it is capped so that a search over many widths (table columns) stays linear:
/// past [`BreakMemo::CAP`] entries the oldest answer is replaced.
#[derive(Debug, Clone, Default)]
struct BreakMemo {
    entries: Vec<(u32, i64, Broken)>,
    /// The entry the next insertion replaces once the memo is full.
    next: usize,
}

impl BreakMemo {
    const CAP: usize = 32;

    fn get(&self, size_cpt: u32, width: i64) -> Option<&Broken> {
        self.entries
            .iter()
            .find(|(s, w, _)| *s == size_cpt && *w == width)
            .map(|(_, _, b)| b)
    }

    fn insert(&mut self, size_cpt: u32, width: i64, b: Broken) {
        if self.entries.len() < Self::CAP {
            self.entries.push((size_cpt, width, b));
        } else {
            self.entries[self.next] = (size_cpt, width, b);
            self.next = (self.next + 1) % Self::CAP;
        }
    }
}

/// LibreOffice's Asian–Latin autospacing, per pt of size (EMU): where the script type
/// changes and one side is Asian, editeng widens the portion before the change by a fifth of
/// its text height ("ScriptSpace", on by default in Impress). PPTX text boxes use
/// font-independent line heights there (1.2 x size), so the extra is 0.24 em whatever the
/// font: "2026년" and "목표 : 15%" are wider than their glyphs (conformance finding:
/// mixed Korean/Latin lines were 2–7% wider in LibreOffice than measured). PowerPoint adds a
/// similar gap between Asian and Latin text; counting it keeps us the stricter viewer.
pub const AUTOSPACE_PER_PT: f64 = 0.24 * EMU_PER_PT as f64;

/// Byte positions where the resolved script class changes between Asian and non-Asian.
pub(super) fn script_changes(segs: &[Segment]) -> Vec<usize> {
    segs.windows(2)
        .filter(|w| {
            w[0].class != w[1].class
                && (w[0].class == ScriptClass::EastAsian || w[1].class == ScriptClass::EastAsian)
        })
        .map(|w| w[1].range.start)
        .collect()
}

pub(super) fn make_pieces(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    text: &str,
    segs: &[Segment],
    breaks: &[usize],
    mut ems: Option<&mut Vec<f32>>,
) -> Vec<Piece> {
    let mut bounds = Vec::with_capacity(breaks.len() + 2);
    bounds.push(0);
    bounds.extend_from_slice(breaks);
    bounds.push(text.len());
    let mut k = 0;
    let mut pieces: Vec<Piece> = bounds
        .windows(2)
        .map(|w| {
            let (start, end) = (w[0], w[1]);
            let trim_end = start + text[start..end].trim_end().len();
            let at = |ems: &Option<&mut Vec<f32>>| ems.as_ref().map_or(0, |e| e.len() as u32);
            let g0 = at(&ems);
            let w_trim = range_glyphs(
                m,
                lang,
                text,
                segs,
                &mut k,
                start,
                trim_end,
                ems.as_deref_mut(),
            );
            let g1 = at(&ems);
            // No trailing spaces (a Hangul syllable before the next): nothing to measure, and
            // `w_trim + 0.0` is `w_trim` (a sum from +0.0 is never -0.0).
            let w_full = if trim_end < end {
                w_trim
                    + range_glyphs(
                        m,
                        lang,
                        text,
                        segs,
                        &mut k,
                        trim_end,
                        end,
                        ems.as_deref_mut(),
                    )
            } else {
                w_trim
            };
            Piece {
                start,
                end,
                trim_end,
                w_trim,
                w_full,
                graphemes: Vec::new(),
                g: (g0, g1, at(&ems)),
                auto: (0, 0),
            }
        })
        .collect();
    // The autospace belongs to the text before the change: inside a piece's visible text it
    // widens the piece; at its end (or in its trailing spaces) it behaves like a trailing
    // space, which may hang past the line end.
    for b in script_changes(segs) {
        let i = pieces.partition_point(|p| p.end < b);
        if let Some(p) = pieces.get_mut(i) {
            if b < p.trim_end {
                p.w_trim += AUTOSPACE_PER_PT;
                p.auto.0 += 1;
            } else {
                p.auto.1 += 1;
            }
            p.w_full += AUTOSPACE_PER_PT;
        }
    }
    pieces
}

/// Width at 1 pt (EMU) of `text[a..b]` as [`Measurer::width_per_pt_segmented`] measures it,
/// also appending each glyph's advance (em) to `ems` where given (the same width without:
/// [`Measurer::width_per_pt_lang`] is the same sum of the same advances). Ranges come in text
/// order: the scan starts at segment `*k`, where the previous range's scan started, instead of
/// at the first (a paragraph's pieces would otherwise cost pieces x segments); the same widths
/// are added in the same order.
#[allow(clippy::too_many_arguments)]
pub(super) fn range_glyphs(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    text: &str,
    segs: &[Segment],
    k: &mut usize,
    a: usize,
    b: usize,
    mut ems: Option<&mut Vec<f32>>,
) -> f64 {
    while *k < segs.len() && segs[*k].range.end <= a {
        *k += 1;
    }
    let mut w = 0.0;
    for s in segs[*k..].iter().take_while(|s| s.range.start < b) {
        let lo = s.range.start.max(a);
        let hi = s.range.end.min(b);
        if lo < hi {
            let (face, lang, run) = (s.face, lang.for_class(s.class), &text[lo..hi]);
            w += match ems.as_deref_mut() {
                Some(ems) => m.glyph_ems_lang(face, lang, run, ems),
                None => m.width_per_pt_lang(face, lang, run),
            };
        }
    }
    w
}

/// Fill in grapheme widths for pieces that could be wider than a line at `max_size_cpt`.
pub(super) fn attach_graphemes(
    m: &mut Measurer<'_>,
    lang: ShapeLang,
    text: &str,
    segs: &[Segment],
    pieces: &mut [Piece],
    max_size_cpt: u32,
    line_width: i64,
) {
    let scale = max_size_cpt as f64 / 100.0;
    for p in pieces.iter_mut() {
        if p.w_trim * scale <= line_width as f64 {
            continue;
        }
        p.graphemes = text[p.start..p.trim_end]
            .grapheme_indices(true)
            .map(|(i, g)| {
                let s = p.start + i;
                let e = s + g.len();
                (s, e, m.width_per_pt_segmented(text, segs, lang, s..e))
            })
            .collect();
    }
}

fn runs_from_segments(
    book: &FontBook,
    fonts: &TextFonts,
    segs: &[Segment],
    len: usize,
) -> Arc<[Run]> {
    let mut runs: Vec<Run> = Vec::new();
    for s in segs {
        // Borrowed until a run is made: most segments extend the previous run.
        let (mut latin, mut ea, mut cs) = (&*fonts.latin, &*fonts.ea, &*fonts.cs);
        let mut slot = None;
        if s.fallback {
            let fam = book.face(s.face).family.as_str();
            slot = Some(match s.class {
                ScriptClass::EastAsian => {
                    ea = fam;
                    ScriptClass::EastAsian
                }
                ScriptClass::Complex => {
                    cs = fam;
                    ScriptClass::Complex
                }
                _ => {
                    latin = fam;
                    ScriptClass::Latin
                }
            });
        }
        match runs.last_mut() {
            Some(r)
                if *r.latin == *latin && *r.ea == *ea && *r.cs == *cs && r.end == s.range.start =>
            {
                r.end = s.range.end
            }
            _ => runs.push(Run {
                start: s.range.start,
                end: s.range.end,
                latin: crate::text::shared(latin),
                ea: crate::text::shared(ea),
                cs: crate::text::shared(cs),
                fallback: slot,
            }),
        }
    }
    if runs.is_empty() {
        runs.push(Run {
            start: 0,
            end: len,
            latin: fonts.latin.clone(),
            ea: fonts.ea.clone(),
            cs: fonts.cs.clone(),
            fallback: None,
        });
    }
    runs.into()
}

pub use specrender_fonts::starts_right_to_left;

pub use super::unmetered::pieces_unmetered;

/// Measure one paragraph for lines up to `line_width` EMU at sizes up to `max_size_cpt`.
pub fn prepare(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    text: &str,
    max_size_cpt: u32,
    line_width: i64,
) -> Prepared {
    let owner = work::current();
    // Past the job's budget the job is refused: the text is not measured any more.
    let text = if charge(owner, text) { "" } else { text };
    prepare_unmetered(m, fonts, lang, text, max_size_cpt, line_width, owner)
}

/// Charges preparing `text` to `owner` ([`work::PREPARE`], one unit per byte and
/// [`work::NEW_WORD`] per word the slide or document had not met), as
/// [`prepare`] does; true when the job's budget is then spent (the text is not to be
/// measured: the job is refused).
pub fn charge(owner: u32, text: &str) -> bool {
    work::spend(owner, work::PREPARE + text.len() as u64);
    work::new_words(owner, text);
    work::exhausted()
}

/// [`prepare`] without charging the work ([`charge`] did, maybe on another thread: a
/// document's paragraphs are charged in order and measured on the job's threads); `owner`
/// is what the paragraph's later measuring is charged to.
pub fn prepare_unmetered(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    text: &str,
    max_size_cpt: u32,
    line_width: i64,
    owner: u32,
) -> Prepared {
    let book = m.book;
    let segs = m.segment(text, fonts.faces, fonts.bold);
    let has_cjk = segs.iter().any(|s| s.class == ScriptClass::EastAsian);
    let korean = text.chars().any(is_hangul);
    let rtl = starts_right_to_left(text);
    let mut ems = Vec::new();
    let (ops, ops_lo) = linebreak::opportunity_sets(text);
    let mut pieces = make_pieces(m, lang, text, &segs, &ops, Some(&mut ems));
    attach_graphemes(m, lang, text, &segs, &mut pieces, max_size_cpt, line_width);
    let pieces_libreoffice = (ops_lo != ops).then(|| {
        let mut p = make_pieces(m, lang, text, &segs, &ops_lo, Some(&mut ems));
        attach_graphemes(m, lang, text, &segs, &mut p, max_size_cpt, line_width);
        p
    });
    let mut missing: Vec<char> = Vec::new();
    let mut fallback_families: Vec<String> = Vec::new();
    for s in &segs {
        if s.missing {
            // Format characters (ZWJ, variation selectors, marks of direction) ride along with
            // a missing character but are never reported themselves.
            for c in text[s.range.clone()].chars().filter(|&c| !never_missing(c)) {
                if !missing.contains(&c) {
                    missing.push(c);
                }
            }
        } else if s.fallback {
            let fam = &book.face(s.face).family;
            if !fallback_families.contains(fam) {
                fallback_families.push(fam.clone());
            }
        }
    }
    let cost = cost(&pieces, pieces_libreoffice.as_ref());
    Prepared {
        text: text.to_string(),
        has_cjk,
        korean,
        rtl,
        pieces,
        pieces_libreoffice,
        ems,
        runs: runs_from_segments(book, fonts, &segs, text.len()),
        missing,
        fallback_families,
        chars: grapheme_count(text),
        memo: Default::default(),
        owner,
        cost,
    }
}

/// Work units of measuring `pieces` (and the LibreOffice pieces) once: one per piece and one
/// per grapheme of a word that may break inside.
fn cost(pieces: &[Piece], libreoffice: Option<&Vec<Piece>>) -> u64 {
    std::iter::once(pieces)
        .chain(libreoffice.map(|p| p.as_slice()))
        .flatten()
        .map(|p| 1 + p.graphemes.len() as u64)
        .sum()
}

impl Prepared {
    /// Lines at `size_cpt` in `width` EMU under the stricter of the viewers' rules.
    pub fn break_at(&self, size_cpt: u32, width: i64) -> Broken {
        if self.over_budget() {
            return Broken {
                lines: vec![linebreak::LineSpan {
                    start: 0,
                    end: self.text.len(),
                    width: 0,
                }],
                broken_words: Vec::new(),
            };
        }
        let a = linebreak::fill(&self.pieces, &self.ems, size_cpt, width);
        match &self.pieces_libreoffice {
            Some(p) => {
                let b = linebreak::fill(p, &self.ems, size_cpt, width);
                if b.lines.len() >= a.lines.len() {
                    b
                } else {
                    a
                }
            }
            None => a,
        }
    }
    /// [`Prepared::break_at`], remembered.
    pub fn broken_at(&self, size_cpt: u32, width: i64) -> Broken {
        #[cfg(test)]
        QUESTIONS.with(|n| n.set(n.get() + 1));
        if let Some(b) = self.memo.borrow().get(size_cpt, width) {
            return b.clone();
        }
        let b = self.break_at(size_cpt, width);
        self.memo.borrow_mut().insert(size_cpt, width, b.clone());
        b
    }

    /// `break_at(size_cpt, width).lines.len()`, remembered.
    pub fn line_count(&self, size_cpt: u32, width: i64) -> usize {
        #[cfg(test)]
        QUESTIONS.with(|n| n.set(n.get() + 1));
        if let Some(b) = self.memo.borrow().get(size_cpt, width) {
            return b.lines.len();
        }
        let b = self.break_at(size_cpt, width);
        let n = b.lines.len();
        self.memo.borrow_mut().insert(size_cpt, width, b);
        n
    }

    /// `break_at(size_cpt, width).lines.len()`: remembered if it was asked before, else
    /// counted without making (or remembering) the lines. For callers that remember the
    /// answers themselves (tables, per size and column widths).
    pub fn count_lines(&self, size_cpt: u32, width: i64) -> usize {
        #[cfg(test)]
        QUESTIONS.with(|n| n.set(n.get() + 1));
        if let Some(b) = self.memo.borrow().get(size_cpt, width) {
            return b.lines.len();
        }
        if self.over_budget() {
            return 1;
        }
        let a = linebreak::count(&self.pieces, &self.ems, size_cpt, width);
        match &self.pieces_libreoffice {
            Some(p) => a.max(linebreak::count(p, &self.ems, size_cpt, width)),
            None => a,
        }
    }

    /// `self` as [`prepare`] with `line_width` 1 makes it (every word may break inside, its
    /// graphemes measured), from `self` prepared with `max_size_cpt`, `fonts` and `lang` for
    /// any width: the same pieces, so only the graphemes are measured.
    pub fn break_every_word(
        &mut self,
        m: &mut Measurer<'_>,
        fonts: &TextFonts,
        lang: ShapeLang,
        max_size_cpt: u32,
    ) {
        work::spend(self.owner, self.text.len() as u64);
        let segs = m.segment(&self.text, fonts.faces, fonts.bold);
        let text = self.text.as_str();
        attach_graphemes(m, lang, text, &segs, &mut self.pieces, max_size_cpt, 1);
        if let Some(p) = &mut self.pieces_libreoffice {
            attach_graphemes(m, lang, text, &segs, p, max_size_cpt, 1);
        }
        self.cost = cost(&self.pieces, self.pieces_libreoffice.as_ref());
        self.memo = Default::default();
    }

    /// Charges one measuring to the owner; true when the job's budget is spent (the
    /// answer does not matter any more: the job is refused).
    pub fn over_budget(&self) -> bool {
        work::spend(self.owner, self.cost);
        work::exhausted()
    }

    /// Words that were broken inside in `broken` (for the report).
    pub fn broken_words(&self, broken: &Broken) -> Vec<String> {
        broken
            .broken_words
            .iter()
            .map(|&(a, b)| self.text[a..b].to_string())
            .collect()
    }
}

#[cfg(test)]
thread_local! {
    /// Line questions asked of paragraphs on this thread (remembered or not): a work counter
    /// for tests (a table must not ask each cell again for every copy or page of it).
    pub static QUESTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Extended grapheme clusters in `s` (UAX #29).
pub fn grapheme_count(s: &str) -> u32 {
    // Most text is made only of characters that are a cluster each whatever surrounds them;
    // count those without running the segmentation state machine.
    if s.chars().all(stands_alone) {
        return s.chars().count() as u32;
    }
    s.graphemes(true).count() as u32
}

/// Characters that never join a neighbour into one grapheme cluster (UAX #29: not CR or LF,
/// not Extend / SpacingMark / Prepend / ZWJ / Regional_Indicator, not a Hangul jamo; a
/// precomposed Hangul syllable only joins jamo, which are excluded). Printable ASCII and
/// Latin-1, Latin Extended, spacing modifiers, general punctuation (no joiners), CJK
/// punctuation (no combining tone marks), kana (no combining voiced marks), CJK ideographs,
/// Hangul syllables, full-width forms (no half-width voiced marks).
fn stands_alone(c: char) -> bool {
    matches!(c as u32,
        0x20..=0x7E
        | 0xA0..=0xAC
        | 0xAE..=0x2FF
        | 0x2010..=0x2027
        | 0x2030..=0x205E
        | 0x3000..=0x3029
        | 0x3030..=0x3096
        | 0x309B..=0x30FF
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3
        | 0xFF01..=0xFF9D)
}

#[cfg(test)]
mod tests {
    use super::*;
    use specrender_fonts::{FontOptions, SlotFaces};

    fn fonts(book: &FontBook) -> TextFonts {
        let latin = book.find_family("Carlito", false).unwrap();
        let ea = book.find_family("Noto Sans CJK KR", false).unwrap();
        TextFonts {
            latin: "Calibri".into(),
            ea: "Noto Sans CJK KR".into(),
            cs: "Calibri".into(),
            faces: SlotFaces {
                latin,
                ea,
                cs: latin,
            },
            bold: false,
            lines: Default::default(),
        }
    }

    #[test]
    fn fast_grapheme_count_agrees_with_uax29() {
        // Each such character is a cluster of its own next to itself, an ordinary letter and a
        // Hangul syllable, on either side (UAX #29 joins by pairs of properties; the sequences
        // that look further — emoji ZWJ, regional indicator pairs, Indic conjuncts — need a
        // character outside the set).
        for c in (0..=0x10FFFF_u32)
            .filter_map(char::from_u32)
            .filter(|&c| stands_alone(c))
        {
            for n in [c, 'a', '가'] {
                for s in [format!("{c}{n}"), format!("{n}{c}")] {
                    assert_eq!(s.graphemes(true).count(), 2, "{s:?}");
                    assert_eq!(grapheme_count(&s), 2, "{s:?}");
                }
            }
        }
        for s in [
            "가나다 abc",
            "e\u{301}",
            "🇰🇷🇯🇵",
            "한\u{11A8}",
            "か\u{3099}",
            "a\r\nb",
            "",
        ] {
            assert_eq!(grapheme_count(s), s.graphemes(true).count() as u32, "{s:?}");
        }
    }

    #[test]
    fn counted_lines_are_the_lines_filled() {
        // count_lines (tables) must say what break_at's lines say, for every script, size and
        // width, words broken by grapheme included.
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let f = fonts(&book);
        let texts = [
            "",
            "r12c3",
            "Revenue grew 12% in Q3 while https://docs.example.com/platform/a/b stayed flat",
            "목표 2026년 매출 1,234억 원을 달성하기 위한 전략",
            "東京都の売上は前年比で一二パーセント増加しました。",
            "  leading and trailing  ",
            "Supercalifragilisticexpialidocious antidisestablishmentarianism",
        ];
        let mut checked = 0;
        for text in texts {
            for lw in [1, 1 << 40] {
                let p = prepare(&mut m, &f, ShapeLang::Korean, text, 4000, lw);
                for size in [600, 1200, 1650, 2400, 4000] {
                    for width in [1, 5_000, 60_000, 150_000, 400_000, 1_000_000, 10_000_000] {
                        let want = p.break_at(size, width).lines.len();
                        assert_eq!(p.count_lines(size, width), want, "{text:?} {size} {width}");
                        checked += usize::from(want > 1);
                    }
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn every_word_made_breakable_is_prepared_for_width_one() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let f = fonts(&book);
        for text in [
            "r12c3",
            "Supercalifragilistic https://docs.example.com/platform 목표 2026년",
            "東京都の売上は前年比で増加しました。",
            "",
        ] {
            let want = prepare(&mut m, &f, ShapeLang::Korean, text, 1600, 1);
            let mut p = prepare(&mut m, &f, ShapeLang::Korean, text, 1600, 1 << 40);
            // Asked before: the memo must not keep lines made without graphemes.
            p.line_count(1600, 1);
            p.break_every_word(&mut m, &f, ShapeLang::Korean, 1600);
            let dump =
                |p: &Prepared| format!("{:?} {:?} {:?}", p.pieces, p.pieces_libreoffice, p.ems);
            assert_eq!(dump(&p), dump(&want), "{text:?}");
            assert_eq!(p.cost, want.cost);
            assert_eq!(p.break_at(1600, 1), want.break_at(1600, 1));
            assert_eq!(p.line_count(1600, 1), want.line_count(1600, 1));
        }
    }

    #[test]
    fn autospace_between_asian_and_latin_text() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let f = fonts(&book);
        let p = prepare(&mut m, &f, ShapeLang::Korean, "목표 2026년", 2000, 1 << 40);
        let plain = |m: &mut Measurer<'_>, t: &str, face, lang| m.width_per_pt_lang(face, lang, t);
        let (lat, ea) = (f.faces.latin, f.faces.ea);
        // UAX #14 pieces: "목표 " | "2026" | "년" (whole words: "목표 " | "2026년").
        let w = p.pieces_libreoffice.as_ref().unwrap();
        assert_eq!(w.len(), 2);
        // "목표 " then Latin: the autospace sits at the piece end, like a trailing space.
        let want = plain(&mut m, "목표", ea, ShapeLang::Korean);
        assert!((w[0].w_trim - want).abs() < 1e-6);
        let sp = plain(&mut m, " ", ea, ShapeLang::Korean);
        assert!((w[0].w_full - (want + sp + AUTOSPACE_PER_PT)).abs() < 1e-6);
        assert_eq!(w[0].auto, (0, 1));
        // "2026년": the change from digits to Hangul is inside the visible text.
        let want = plain(&mut m, "2026", lat, ShapeLang::Default)
            + plain(&mut m, "년", ea, ShapeLang::Korean)
            + AUTOSPACE_PER_PT;
        assert!((w[1].w_trim - want).abs() < 1e-6);
        assert_eq!(w[1].auto, (1, 0));
        // The Korean word space is Noto Sans CJK's Korean one (0.28 em).
        assert!((sp - 0.28 * 12_700.0).abs() < 1e-6);
    }
}
