//! Measurement: a paragraph's text is segmented by script and font once, split into pieces
//! between break opportunities, and each piece is measured once at 1 pt. Trying another
//! font size scales those widths; nothing is shaped again (PRODUCT.md §2).

use crate::linebreak::{self, Piece};
use crate::model::Run;
use specrender_fonts::{FontBook, Measurer, ScriptClass, Segment, SlotFaces};
use unicode_segmentation::UnicodeSegmentation;

/// The fonts a text box asks for (family names as written into the file) and the faces that
/// measure them.
#[derive(Debug, Clone, PartialEq)]
pub struct TextFonts {
    pub latin: String,
    pub ea: String,
    pub cs: String,
    pub faces: SlotFaces,
    pub bold: bool,
}

/// A paragraph measured once, ready to be broken at any size and width.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub text: String,
    /// Contains Han, Kana or Hangul: CJK line pitch and safety margin.
    pub has_cjk: bool,
    /// Contains Hangul: counted under both viewers' rules, written with `eaLnBrk="0"`.
    pub korean: bool,
    /// Pieces under UAX #14 + kinsoku (PowerPoint; Japanese and Chinese everywhere).
    pub pieces: Vec<Piece>,
    /// Korean only: pieces with Korean words kept whole (LibreOffice).
    pub pieces_whole_words: Option<Vec<Piece>>,
    pub runs: Vec<Run>,
    /// Characters no loaded font covers (measured as .notdef).
    pub missing: Vec<char>,
    /// Families used as per-character fallback.
    pub fallback_families: Vec<String>,
    pub chars: u32,
}

fn range_width(m: &mut Measurer<'_>, text: &str, segs: &[Segment], a: usize, b: usize) -> f64 {
    let mut w = 0.0;
    for s in segs {
        let lo = s.range.start.max(a);
        let hi = s.range.end.min(b);
        if lo < hi {
            w += m.width_per_pt(s.face, &text[lo..hi]);
        }
    }
    w
}

/// [`range_width`] for ranges that come in text order: the scan starts at segment `*k`, where
/// the previous range's scan started, instead of at the first (a paragraph's pieces would
/// otherwise cost pieces x segments). Adds the same widths in the same order.
fn range_width_from(
    m: &mut Measurer<'_>,
    text: &str,
    segs: &[Segment],
    k: &mut usize,
    a: usize,
    b: usize,
) -> f64 {
    while *k < segs.len() && segs[*k].range.end <= a {
        *k += 1;
    }
    let mut w = 0.0;
    for s in segs[*k..].iter().take_while(|s| s.range.start < b) {
        let lo = s.range.start.max(a);
        let hi = s.range.end.min(b);
        if lo < hi {
            w += m.width_per_pt(s.face, &text[lo..hi]);
        }
    }
    w
}

fn make_pieces(m: &mut Measurer<'_>, text: &str, segs: &[Segment], breaks: &[usize]) -> Vec<Piece> {
    let mut bounds = Vec::with_capacity(breaks.len() + 2);
    bounds.push(0);
    bounds.extend_from_slice(breaks);
    bounds.push(text.len());
    let mut k = 0;
    bounds
        .windows(2)
        .map(|w| {
            let (start, end) = (w[0], w[1]);
            let trim_end = start + text[start..end].trim_end().len();
            let w_trim = range_width_from(m, text, segs, &mut k, start, trim_end);
            let w_full = w_trim + range_width_from(m, text, segs, &mut k, trim_end, end);
            Piece {
                start,
                end,
                trim_end,
                w_trim,
                w_full,
                graphemes: Vec::new(),
            }
        })
        .collect()
}

/// Fill in grapheme widths for pieces that could be wider than a line at `max_size_cpt`.
fn attach_graphemes(
    m: &mut Measurer<'_>,
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
                (s, e, range_width(m, text, segs, s, e))
            })
            .collect();
    }
}

fn runs_from_segments(
    book: &FontBook,
    fonts: &TextFonts,
    segs: &[Segment],
    len: usize,
) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for s in segs {
        let (mut latin, mut ea, mut cs) = (fonts.latin.clone(), fonts.ea.clone(), fonts.cs.clone());
        if s.fallback {
            let fam = book.face(s.face).family.clone();
            match s.class {
                ScriptClass::EastAsian => ea = fam,
                ScriptClass::Complex => cs = fam,
                _ => latin = fam,
            }
        }
        match runs.last_mut() {
            Some(r) if r.latin == latin && r.ea == ea && r.cs == cs && r.end == s.range.start => {
                r.end = s.range.end
            }
            _ => runs.push(Run {
                start: s.range.start,
                end: s.range.end,
                latin,
                ea,
                cs,
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
        });
    }
    runs
}

/// Measure one paragraph for lines up to `line_width` EMU at sizes up to `max_size_cpt`.
pub fn prepare(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    text: &str,
    max_size_cpt: u32,
    line_width: i64,
) -> Prepared {
    let book = m.book;
    let segs = m.segment(text, fonts.faces, fonts.bold);
    let has_cjk = segs.iter().any(|s| s.class == ScriptClass::EastAsian);
    let korean = text.chars().any(linebreak::is_hangul);
    let mut pieces = make_pieces(m, text, &segs, &linebreak::opportunities(text, false));
    attach_graphemes(m, text, &segs, &mut pieces, max_size_cpt, line_width);
    let pieces_whole_words = korean.then(|| {
        let mut p = make_pieces(m, text, &segs, &linebreak::opportunities(text, true));
        attach_graphemes(m, text, &segs, &mut p, max_size_cpt, line_width);
        p
    });
    let mut missing: Vec<char> = Vec::new();
    let mut fallback_families: Vec<String> = Vec::new();
    for s in &segs {
        if s.missing {
            for c in text[s.range.clone()].chars() {
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
    Prepared {
        text: text.to_string(),
        has_cjk,
        korean,
        pieces,
        pieces_whole_words,
        runs: runs_from_segments(book, fonts, &segs, text.len()),
        missing,
        fallback_families,
        chars: grapheme_count(text),
    }
}

impl Prepared {
    /// Lines at `size_cpt` in `width` EMU under the stricter of the viewers' rules.
    pub fn break_at(&self, size_cpt: u32, width: i64) -> linebreak::Broken {
        let a = linebreak::fill(&self.pieces, size_cpt, width);
        match &self.pieces_whole_words {
            Some(p) => {
                let b = linebreak::fill(p, size_cpt, width);
                if b.lines.len() >= a.lines.len() {
                    b
                } else {
                    a
                }
            }
            None => a,
        }
    }
    /// Words that were broken inside in `broken` (for the report).
    pub fn broken_words(&self, broken: &linebreak::Broken) -> Vec<String> {
        broken
            .broken_words
            .iter()
            .map(|&(a, b)| self.text[a..b].to_string())
            .collect()
    }
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
}
