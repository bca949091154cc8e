//! A document paragraph's pieces for Writer's line breaking ([`pieces_unmetered`]): where
//! they start and end, and the graphemes of those that may be wider than a line. Writer's
//! widths are measured again by `doc::flow::writer_pieces`; the kerned widths a
//! [`Prepared`](super::Prepared) keeps are measured here only where they decide a piece's
//! graphemes.

use super::linebreak::{self, Piece};
use super::prepare::{attach_graphemes, range_glyphs, script_changes, AUTOSPACE_PER_PT};
use super::TextFonts;
use specrender_fonts::{Measurer, ScriptClass, ShapeLang};
use specrender_spec::units::EMU_PER_PT;

/// What a piece's visible text may take per byte of its UTF-8 (em), kerning and autospace
/// included, outside complex scripts: twice what the faces set (the widest, per byte, of
/// every bundled face's Latin and East Asian letters, punctuation and emoji is 1.25 em: a
/// Latin letter takes one byte and at most about an em, a Han, kana or Hangul letter three
/// bytes and an em). A piece narrower than this allows at the line's largest size cannot
/// be wider than the line, so its kerned width need not be measured to know it keeps no
/// graphemes. Complex scripts have ligatures far wider (Noto Sans Arabic's U+FDFD: 7.9 em
/// in three bytes): a paragraph with any is measured piece by piece, as before.
const MAX_EM_PER_BYTE: f64 = 2.0;

/// Only the pieces of [`super::prepare::prepare_unmetered`] under UAX #14 + kinsoku, with
/// the graphemes of those wider than `line_width` at `max_size_cpt`: all that breaking a
/// document paragraph into Writer's lines reads of its preparation (`doc::flow::para_lines`,
/// which measures each paragraph once and keeps nothing). The LibreOffice pieces, runs,
/// missing characters and glyph advances a `Prepared` keeps are not made; nothing is
/// charged. Widths (`w_trim`, `w_full`) are those of `prepare` only for pieces that may be
/// wider than the line (`MAX_EM_PER_BYTE`), the others' are 0: Writer's lines measure
/// their own (shaping every word with kerning here, only to compare it with the line, was
/// 7% of a document's time).
pub fn pieces_unmetered(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    text: &str,
    max_size_cpt: u32,
    line_width: i64,
) -> Vec<Piece> {
    let segs = m.segment(text, fonts.faces, fonts.bold);
    let ops = linebreak::uax_opportunities(text);
    let changes = script_changes(&segs);
    // The bytes of visible text that may pass the line at the largest size.
    let scale = f64::from(max_size_cpt) / 100.0;
    let room = if segs.iter().any(|s| s.class == ScriptClass::Complex) {
        -1.0
    } else {
        line_width as f64 / (MAX_EM_PER_BYTE * EMU_PER_PT as f64 * scale)
    };
    let (mut k, mut c) = (0, 0);
    let mut starts = std::iter::once(0).chain(ops.iter().copied()).peekable();
    let mut pieces = Vec::with_capacity(ops.len() + 1);
    while let Some(start) = starts.next() {
        let end = starts.peek().copied().unwrap_or(text.len());
        let trim_end = start + text[start..end].trim_end().len();
        let mut w_trim = 0.0;
        if (trim_end - start) as f64 > room {
            // As `make_pieces` measures it: the visible text, then each autospace inside.
            w_trim = range_glyphs(m, lang, text, &segs, &mut k, start, trim_end, None);
            while changes.get(c).is_some_and(|&b| b <= start) {
                c += 1;
            }
            for _ in changes[c..].iter().take_while(|&&b| b < trim_end) {
                w_trim += AUTOSPACE_PER_PT;
            }
        }
        pieces.push(Piece {
            start,
            end,
            trim_end,
            w_trim,
            w_full: w_trim,
            graphemes: Vec::new(),
            g: (0, 0, 0),
            auto: (0, 0),
        });
    }
    attach_graphemes(m, lang, text, &segs, &mut pieces, max_size_cpt, line_width);
    pieces
}

#[cfg(test)]
mod tests {
    use super::super::prepare::make_pieces;
    use super::*;
    use specrender_fonts::{FontBook, FontOptions, SlotFaces};

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

    /// Every piece starts, ends and keeps the graphemes it did when each was measured.
    #[test]
    fn pieces_and_graphemes_are_those_of_every_piece_measured() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let fonts = fonts(&book);
        let texts = [
            "Supercalifragilisticexpialidocious words beside short ones, https://example.com/a/very/long/path/that/never/breaks/anywhere/at/all",
            "한국어 문장과 English가 섞인 2026년 보고서입니다. 아주긴한국어단어가줄보다넓을수있습니다아주긴한국어단어가줄보다넓을수있습니다",
            "日本語の文章とEnglishの混ざった段落です。",
            "\u{FDFD}\u{FDFD}\u{FDFD}\u{FDFD}\u{FDFD}\u{FDFD} بسم الله",
            "",
            "   ",
        ];
        for text in texts {
            for (size, width) in [(1100, 5_727_700), (2400, 900_000), (800, 127_000)] {
                let mut m = Measurer::new(&book);
                let lang = ShapeLang::Default;
                let fast = pieces_unmetered(&mut m, &fonts, lang, text, size, width);
                let segs = m.segment(text, fonts.faces, fonts.bold);
                let ops = linebreak::uax_opportunities(text);
                let mut all = make_pieces(&mut m, lang, text, &segs, &ops, None);
                attach_graphemes(&mut m, lang, text, &segs, &mut all, size, width);
                let at = |p: &[Piece]| -> Vec<_> {
                    p.iter()
                        .map(|p| (p.start, p.end, p.trim_end, p.graphemes.clone()))
                        .collect()
                };
                assert_eq!(at(&fast), at(&all), "{text:?} at {size}, {width}");
                let some = all.iter().any(|p| !p.graphemes.is_empty());
                assert!(
                    width > 200_000 || text.trim().is_empty() || some,
                    "{text:?}"
                );
            }
        }
    }
}
