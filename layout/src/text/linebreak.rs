//! Line breaking: where a line may end, and greedy filling of lines.
//!
//! Break opportunities are UAX #14 (unicode-linebreak) tailored with the East Asian kinsoku
//! rules (docs/concepts/engine.md, line breaking): no line starts with closing brackets, small kana, the prolonged sound
//! mark or closing punctuation, and none ends with an opening bracket. Korean is counted under
//! two rules because the two viewers differ: LibreOffice keeps Korean words whole (it wraps at
//! spaces whatever `eaLnBrk` says), PowerPoint may break between syllables; LibreOffice also
//! tailors slashes and hyphens before digits (see [`opportunities`]). Where the two rule sets
//! differ, layout keeps the one that needs more lines.
//!
//! Not modelled, on purpose (conformance finding): LibreOffice picks its break iterator by the
//! language of the last character that fits. When that is a Latin-class character (`2.4|초에서`)
//! it uses the Unicode rules, which break inside Korean words; when a Hangul syllable is followed
//! by punctuation that may not start a line (`높였습니|다.`), its CJK iterator steps back one
//! syllable. Both only put more text on a line than whole words do, so layout's count stays an
//! upper bound (a few paragraphs in a thousand).
//!
//! Viewers fill lines greedily and let trailing spaces hang past the right edge, so a line's
//! width is measured without its trailing white space.
use super::grid::{Grid, GRID_SLACK};
use super::kinsoku::{is_hangul, no_line_end, no_line_start};

/// Break opportunities of one paragraph (no mandatory breaks inside: paragraphs are split
/// at newlines before this). Returns byte offsets in `(0, len)` where a line may start.
///
/// `libreoffice` applies LibreOffice's tailoring of the rules (its own ICU rule set and
/// Korean handling, each seen in its PDFs — conformance findings):
/// - a Korean word (with whatever is attached to it) wraps only at spaces;
/// - no break after a slash: `https://docs.example.com/platform` and
///   `/var/lib/specrender/cache` are one word (UAX #14 breaks after every `/`), so a long URL
///   is broken by character where the line ends; but a break between a space and a slash
///   (`open /var/...`), which UAX #14 forbids;
/// - a break after a hyphen before digits: `PN-4471`, `2026-11` (UAX #14 keeps `-` with a
///   following number, for negative numbers; LibreOffice only does so after a space).
pub fn opportunities(text: &str, libreoffice: bool) -> Vec<usize> {
    let (uax, lo) = opportunity_sets(text);
    if libreoffice {
        lo
    } else {
        uax
    }
}

/// Scripts written without spaces between words (UAX #14 line break class SA): Thai, Lao,
/// Myanmar, Khmer, Tai Tham, Tai Viet.
fn is_dictionary_script(ch: char) -> bool {
    matches!(ch as u32,
        0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF | 0x19E0..=0x19FF
        | 0x1A20..=0x1AAF | 0xA9E0..=0xA9FF | 0xAA60..=0xAADF)
}

/// Break opportunities between two words of a script without spaces ([`is_dictionary_script`]),
/// from ICU4X's dictionary segmenter. UAX #14 alone never breaks inside such a run (class
/// SA), and LibreOffice breaks Thai at dictionary word boundaries (ICU's dictionary break
/// iterator, whose word lists ICU4X ships); conformance corpus `script-th` checks it.
fn dictionary_breaks(text: &str) -> Vec<usize> {
    if !text.chars().any(is_dictionary_script) {
        return Vec::new();
    }
    let seg = icu_segmenter::LineSegmenter::new_dictionary(Default::default());
    seg.segment_str(text)
        .filter(|&pos| pos > 0 && pos < text.len())
        .filter(|&pos| {
            let prev = text[..pos].chars().next_back();
            let next = text[pos..].chars().next();
            prev.is_some_and(is_dictionary_script) && next.is_some_and(is_dictionary_script)
        })
        .collect()
}

/// `(opportunities(text, false), opportunities(text, true))` in one pass: UAX #14 runs once
/// and each candidate position's neighbours are looked at once for both rule sets.
pub fn opportunity_sets(text: &str) -> (Vec<usize>, Vec<usize>) {
    let uax = uax_breaks(text);
    let extra = libreoffice_extra(text);
    let mut out_uax = Vec::with_capacity(uax.len());
    let mut out_lo = Vec::with_capacity(uax.len());
    let (mut i, mut j) = (0, 0);
    while i < uax.len() || j < extra.len() {
        // The union of both lists in order, each position once.
        let (pos, in_uax) = match (uax.get(i), extra.get(j)) {
            (Some(&a), Some(&b)) if a == b => {
                i += 1;
                j += 1;
                (a, true)
            }
            (Some(&a), Some(&b)) if b < a => {
                j += 1;
                (b, false)
            }
            (Some(&a), _) => {
                i += 1;
                (a, true)
            }
            (None, Some(&b)) => {
                j += 1;
                (b, false)
            }
            (None, None) => unreachable!("loop condition"),
        };
        let next = text[pos..].chars().next().unwrap_or(' ');
        let prev = text[..pos].chars().next_back().unwrap_or(' ');
        if no_line_start(next) {
            continue;
        }
        // No line ends with an opening bracket (trailing spaces after one are a break).
        if !prev.is_whitespace() && no_line_end(prev) {
            continue;
        }
        if in_uax {
            out_uax.push(pos);
        }
        // LibreOffice: a Korean word (with whatever is attached to it) wraps only at spaces;
        // no break after a slash before a letter or digit.
        let korean =
            !prev.is_whitespace() && !next.is_whitespace() && (is_hangul(prev) || is_hangul(next));
        let slash = prev == '/' && next.is_alphanumeric();
        if !korean && !slash {
            out_lo.push(pos);
        }
    }
    (out_uax, out_lo)
}

/// LibreOffice's break positions UAX #14 forbids, ascending (Impress and Writer alike): before
/// a slash after a space (`17.5%. /srv/...`), and before a digit after a hyphen that follows a
/// letter or digit (`2026-|11-23`, `PN-|4471`; after a space `-5` stays whole). Kinsoku is
/// not applied here.
pub fn libreoffice_extra(text: &str) -> Vec<usize> {
    let mut extra = Vec::new();
    // Both need a slash or a hyphen: most texts have neither.
    if !text.bytes().any(|b| b == b'/' || b == b'-') {
        return extra;
    }
    // The two characters before `c`, carried along (not decoded again backwards).
    let (mut prev, mut before) = (None::<char>, None::<char>);
    for (pos, c) in text.char_indices() {
        if pos > 0 {
            if c == '/' && prev.is_some_and(char::is_whitespace) {
                extra.push(pos);
            }
            if c.is_ascii_digit() && prev == Some('-') && before.is_some_and(char::is_alphanumeric)
            {
                extra.push(pos);
            }
        }
        (before, prev) = (prev, Some(c));
    }
    extra
}

/// UAX #14's opportunities inside `text` with the dictionary breaks, in order, each once
/// (before kinsoku).
fn uax_breaks(text: &str) -> Vec<usize> {
    let mut uax: Vec<usize> = unicode_linebreak::linebreaks(text)
        .map(|(pos, _)| pos)
        .filter(|&pos| pos > 0 && pos < text.len())
        .collect();
    let words = dictionary_breaks(text);
    if !words.is_empty() {
        uax.extend(words);
        uax.sort_unstable();
        uax.dedup();
    }
    uax
}

/// `opportunities(text, false)` ([`opportunity_sets`]'s first set) alone: what Writer's
/// line breaking starts from (`doc::flow`), without LibreOffice's set it never reads.
pub fn uax_opportunities(text: &str) -> Vec<usize> {
    let mut out = uax_breaks(text);
    out.retain(|&pos| {
        let next = text[pos..].chars().next().unwrap_or(' ');
        let prev = text[..pos].chars().next_back().unwrap_or(' ');
        !no_line_start(next) && (prev.is_whitespace() || !no_line_end(prev))
    });
    out
}

/// A piece of text between two adjacent break opportunities, with its widths at 1 pt (EMU).
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub start: usize,
    pub end: usize,
    /// End without trailing white space.
    pub trim_end: usize,
    /// Width of `start..trim_end` at 1 pt.
    pub w_trim: f64,
    /// Width of `start..end` at 1 pt.
    pub w_full: f64,
    /// Grapheme clusters of `start..trim_end` with widths, for breaking a word wider than
    /// the line (filled in only when that can happen).
    pub graphemes: Vec<(usize, usize, f64)>,
    /// Glyph advances (em) of the visible text and of the trailing spaces: indexes
    /// `g.0..g.1` and `g.1..g.2` into the paragraph's glyph table (see [`Grid`]).
    pub g: (u32, u32, u32),
    /// Asian–Latin autospaces inside the visible text, and at the end / in the trailing
    /// spaces.
    pub auto: (u8, u8),
}

/// One laid line: byte range (trailing spaces included) and visible width in EMU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineSpan {
    pub start: usize,
    pub end: usize,
    pub width: i64,
}

/// Result of breaking a paragraph at one size.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Broken {
    pub lines: Vec<LineSpan>,
    /// Byte ranges of words that had to be broken inside (wider than the line).
    pub broken_words: Vec<(usize, usize)>,
}

/// Greedy line filling of `pieces` at `size_cpt` into lines of `max_width` EMU.
/// A piece wider than a whole line is broken by grapheme cluster.
pub fn fill(pieces: &[Piece], ems: &[f32], size_cpt: u32, max_width: i64) -> Broken {
    fill_with(pieces, ems, size_cpt, max_width, false)
}

/// [`fill`] as Writer fills lines: the spaces after a grapheme wider than the whole line do
/// not hang past its end but begin the next line, which the next word shares if it fits there
/// (Writer 7.4, table cells narrower than a letter: "억 원" and "W W" in 5 pt of text width
/// took three lines, the middle one blank; "8 9" and "1 2", each digit fitting, two).
pub fn fill_writer(pieces: &[Piece], ems: &[f32], size_cpt: u32, max_width: i64) -> Broken {
    fill_with(pieces, ems, size_cpt, max_width, true)
}

fn fill_with(
    pieces: &[Piece],
    ems: &[f32],
    size_cpt: u32,
    max_width: i64,
    spaces_wrap: bool,
) -> Broken {
    let grid = Grid::at(size_cpt);
    let scale = grid.pt;
    let max = max_width as f64 - GRID_SLACK;
    let mut out = Broken::default();
    if pieces.is_empty() {
        out.lines.push(LineSpan {
            start: 0,
            end: 0,
            width: 0,
        });
        return out;
    }
    let mut line_start = pieces[0].start;
    let mut line_w_full = 0.0f64; // width of the line so far including trailing spaces
    let mut line_w_vis = 0.0f64; // width without the last piece's trailing spaces
    let mut line_empty = true;
    for (i, p) in pieces.iter().enumerate() {
        let (trim, full) = grid.widths(p, ems);
        if !line_empty && line_w_full + trim > max {
            out.lines.push(LineSpan {
                start: line_start,
                end: p.start,
                width: line_w_vis.round() as i64,
            });
            line_start = p.start;
            line_w_full = 0.0;
            line_empty = true;
        }
        if line_empty && trim > max && !p.graphemes.is_empty() {
            // A single word wider than the line: break by grapheme (reported by the caller).
            out.broken_words.push((p.start, p.trim_end));
            let mut gw = 0.0;
            let mut gstart = p.start;
            for &(s, _e, w) in &p.graphemes {
                let w = w * scale;
                if gw > 0.0 && gw + w > max {
                    out.lines.push(LineSpan {
                        start: gstart,
                        end: s,
                        width: gw.round() as i64,
                    });
                    gstart = s;
                    gw = 0.0;
                }
                gw += w;
            }
            // A last grapheme wider than the line by itself: Writer ends the line there, and
            // its spaces (not an autospace: "4|분기" in a 3.3 pt cell has none) begin the next.
            if spaces_wrap && gw > max && p.end > p.trim_end && i + 1 < pieces.len() {
                out.lines.push(LineSpan {
                    start: gstart,
                    end: p.trim_end,
                    width: gw.round() as i64,
                });
                line_start = p.trim_end;
                line_w_vis = 0.0;
                line_w_full = full - trim;
                line_empty = false;
                continue;
            }
            line_start = gstart;
            line_w_vis = gw;
            line_w_full = gw + (full - trim);
            line_empty = false;
            continue;
        }
        line_w_vis = line_w_full + trim;
        line_w_full += full;
        line_empty = false;
    }
    let end = pieces.last().map(|p| p.end).unwrap_or(0);
    out.lines.push(LineSpan {
        start: line_start,
        end,
        width: line_w_vis.round() as i64,
    });
    out
}

/// `fill(pieces, ems, size_cpt, max_width).lines.len()` without making the lines: the same
/// filling step by step, counted (tables ask it of every cell at every size and width tried).
pub fn count(pieces: &[Piece], ems: &[f32], size_cpt: u32, max_width: i64) -> usize {
    let grid = Grid::at(size_cpt);
    let scale = grid.pt;
    let max = max_width as f64 - GRID_SLACK;
    let mut lines = 1;
    let mut line_w_full = 0.0f64;
    let mut line_empty = true;
    for p in pieces {
        let (trim, full) = grid.widths(p, ems);
        if !line_empty && line_w_full + trim > max {
            lines += 1;
            line_w_full = 0.0;
            line_empty = true;
        }
        if line_empty && trim > max && !p.graphemes.is_empty() {
            let mut gw = 0.0;
            for &(_, _, w) in &p.graphemes {
                let w = w * scale;
                if gw > 0.0 && gw + w > max {
                    lines += 1;
                    gw = 0.0;
                }
                gw += w;
            }
            line_w_full = gw + (full - trim);
            line_empty = false;
            continue;
        }
        line_w_full += full;
        line_empty = false;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`libreoffice_extra`] as it was written first (each position's neighbours decoded
    /// backwards): the reference for the one-pass form.
    fn libreoffice_extra_backwards(text: &str) -> Vec<usize> {
        let mut extra = Vec::new();
        for (pos, c) in text.char_indices().skip(1) {
            if c == '/' && text[..pos].ends_with(char::is_whitespace) {
                extra.push(pos);
            }
            if c.is_ascii_digit() && text[..pos].ends_with('-') {
                let before = text[..pos - 1].chars().next_back();
                if before.is_some_and(char::is_alphanumeric) {
                    extra.push(pos);
                }
            }
        }
        extra
    }

    #[test]
    fn the_uax_set_alone_and_the_extra_cuts_are_those_of_both_sets() {
        for t in [
            "",
            "/",
            "-1",
            "a-1 /b PN-4471 2026-11-23 open /var/lib x -5 가-3 (a) 「引用」。",
            "exports/2026-11-23/report.csv und https://docs.example.com/platform",
            "매출은 33.7% 초과했습니다. 5월 「東京」 ok—fine… \u{A0}/x\u{3000}/y",
            "ภาษาไทย ไม่มี ช่องว่าง-1 /ก",
        ] {
            assert_eq!(uax_opportunities(t), opportunity_sets(t).0, "{t:?}");
            assert_eq!(
                libreoffice_extra(t),
                libreoffice_extra_backwards(t),
                "{t:?}"
            );
        }
    }

    #[test]
    fn writer_wraps_the_spaces_after_a_grapheme_wider_than_the_line() {
        // "억 원" in a line 5.85 pt wide at 8 pt (a Hangul syllable 1 em): Writer 7.4 sets
        // "억", a blank line, "원"; Impress (`fill`) lets the space hang after "억".
        let em = 12_700.0;
        let line = (5.85 * em + GRID_SLACK) as i64;
        let word = |start: usize, end: usize, trim_end: usize, w: f64| Piece {
            w_trim: w,
            w_full: w + if end > trim_end { 0.25 * em } else { 0.0 },
            graphemes: vec![(start, trim_end, w)],
            ..piece(start, end, trim_end, 0.0)
        };
        let lines = |b: &Broken| b.lines.iter().map(|l| (l.start, l.end)).collect::<Vec<_>>();
        let pieces = [word(0, 4, 3, em), word(4, 7, 7, em)];
        let writer = fill_writer(&pieces, &[], 800, line);
        assert_eq!(lines(&writer), vec![(0, 3), (3, 4), (4, 7)]);
        assert_eq!(lines(&fill(&pieces, &[], 800, line)), vec![(0, 4), (4, 7)]);
        // A grapheme that fits ("8 9", digits half an em): the space hangs as ever.
        let pieces = [word(0, 2, 1, 0.5 * em), word(2, 3, 3, 0.5 * em)];
        assert_eq!(
            lines(&fill_writer(&pieces, &[], 800, line)),
            vec![(0, 2), (2, 3)]
        );
        // An autospace after the piece ("4" before "분기") is no space to wrap.
        let four = Piece {
            w_full: 0.7 * em,
            ..word(0, 1, 1, 0.5 * em)
        };
        let pieces = [four, word(1, 4, 4, em)];
        assert_eq!(
            lines(&fill_writer(&pieces, &[], 800, 2 * em as i64)),
            vec![(0, 1), (1, 4)]
        );
    }

    #[test]
    fn thai_breaks_between_dictionary_words() {
        let t = "รายได้เติบโตขึ้นร้อยละสิบแปด";
        let (ops, ops_lo) = opportunity_sets(t);
        assert_eq!(ops, ops_lo);
        let words: Vec<&str> = std::iter::once(0)
            .chain(ops.iter().copied())
            .zip(ops.iter().copied().chain(std::iter::once(t.len())))
            .map(|(a, b)| &t[a..b])
            .collect();
        assert!(words.len() >= 4, "{words:?}");
        assert_eq!(words.concat(), t);
        assert!(
            words.contains(&"เติบโต") && words.contains(&"แปด"),
            "{words:?}"
        );
        // Latin text is untouched by the dictionary.
        assert!(dictionary_breaks("Revenue grew 18 percent").is_empty());
    }

    fn piece(start: usize, end: usize, trim_end: usize, w: f64) -> Piece {
        Piece {
            start,
            end,
            trim_end,
            w_trim: w * (trim_end - start) as f64,
            w_full: w * (end - start) as f64,
            graphemes: vec![],
            g: (0, 0, 0),
            auto: (0, 0),
        }
    }

    /// `fill` with the line width given as what text may use (the grid slack added back).
    fn fill_room(p: &[Piece], size: u32, room: i64) -> Broken {
        fill(p, &[], size, room + GRID_SLACK.ceil() as i64)
    }

    /// The rules as first written, one rule set per call (kept to check the one-pass version).
    fn opportunities_reference(text: &str, libreoffice: bool) -> Vec<usize> {
        let mut uax: Vec<usize> = unicode_linebreak::linebreaks(text)
            .map(|(pos, _)| pos)
            .filter(|&pos| pos > 0 && pos < text.len())
            .collect();
        if libreoffice {
            uax.extend(libreoffice_extra(text));
            uax.sort_unstable();
            uax.dedup();
        }
        let mut out = Vec::new();
        for pos in uax {
            let next = text[pos..].chars().next().unwrap_or(' ');
            let prev_non_space = text[..pos].chars().rev().find(|c| !c.is_whitespace());
            let prev = text[..pos].chars().next_back().unwrap_or(' ');
            if no_line_start(next) {
                continue;
            }
            if prev_non_space.is_some_and(no_line_end) && !prev.is_whitespace() {
                continue;
            }
            if libreoffice
                && !prev.is_whitespace()
                && !next.is_whitespace()
                && (is_hangul(prev) || is_hangul(next))
            {
                continue;
            }
            if libreoffice && prev == '/' && next.is_alphanumeric() {
                continue;
            }
            out.push(pos);
        }
        out
    }

    #[test]
    fn one_pass_opportunities_match_the_rules() {
        use specrender_deckgen::{deck, DeckOptions, Mix};
        let mut texts: Vec<String> = [
            "see https://a.example.com/docs/x or PN-4471-XQ and -5",
            "open /var/lib (「括弧」) 〔x〕 “quote” a- 1 -2 a-3 가-4 //x / y",
            "日本「語」です。コーヒーショップ、한국어 문장은 띄어쓰기 — 中文（测试）。",
            "",
            " ",
            "(((",
            "a  (  b",
        ]
        .map(str::to_string)
        .to_vec();
        for mix in Mix::ALL {
            let v = deck(&DeckOptions {
                slides: 30,
                mix,
                seed: 4,
            });
            let mut stack = vec![&v];
            while let Some(x) = stack.pop() {
                match x {
                    serde_json::Value::String(s) => texts.push(s.clone()),
                    serde_json::Value::Array(a) => stack.extend(a),
                    serde_json::Value::Object(o) => stack.extend(o.values()),
                    _ => {}
                }
            }
        }
        for t in &texts {
            let (a, b) = opportunity_sets(t);
            assert_eq!(a, opportunities_reference(t, false), "{t:?}");
            assert_eq!(b, opportunities_reference(t, true), "{t:?}");
        }
    }

    #[test]
    fn latin_breaks_at_spaces_only() {
        assert_eq!(opportunities("Hello big world", false), vec![6, 10]);
        assert_eq!(opportunities("well-known", false), vec![5]);
    }

    #[test]
    fn kinsoku_no_start_and_no_end() {
        // "日本「語」です。" — no break before 」 or 。, none after 「.
        let t = "日本「語」です。";
        let ops = opportunities(t, false);
        for &p in &ops {
            let next = t[p..].chars().next().unwrap();
            let prev = t[..p].chars().next_back().unwrap();
            assert!(!no_line_start(next), "break before {next}");
            assert!(!no_line_end(prev), "break after {prev}");
        }
        assert!(!ops.is_empty());
        // Small kana and the prolonged sound mark never start a line.
        let t = "コーヒーショップ";
        for p in opportunities(t, false) {
            let next = t[p..].chars().next().unwrap();
            assert!(!matches!(next, 'ー' | 'ョ' | 'ッ'), "{next}");
        }
    }

    #[test]
    fn libreoffice_slashes_and_hyphens() {
        let t = "see https://a.example.com/docs/x or PN-4471-XQ and -5";
        let uax = opportunities(t, false);
        let lo = opportunities(t, true);
        let after = |s: &str| t.find(s).unwrap() + s.len();
        // UAX #14 breaks after a slash; LibreOffice does not.
        assert!(uax.contains(&after("a.example.com/")));
        assert!(!lo.contains(&after("a.example.com/")));
        let t2 = "open /var/lib";
        assert!(!opportunities(t2, false).contains(&5));
        assert!(opportunities(t2, true).contains(&5));
        // LibreOffice breaks after a hyphen before digits, not after a space-hyphen.
        assert!(!uax.contains(&after("PN-")));
        assert!(lo.contains(&after("PN-")));
        assert!(!lo.contains(&after("and -")));
        // Both break after a hyphen before letters.
        assert!(uax.contains(&after("4471-")) && lo.contains(&after("4471-")));
    }

    #[test]
    fn korean_whole_words_vs_syllables() {
        let t = "한국어 문장은 띄어쓰기";
        assert_eq!(
            opportunities(t, true),
            vec!["한국어 ".len(), "한국어 문장은 ".len()]
        );
        assert!(opportunities(t, false).len() > 2);
    }

    #[test]
    fn greedy_fill_hangs_trailing_spaces() {
        // "aaaa bbbb cccc": pieces of 5,5,4 bytes at 10 EMU per byte at 1 pt.
        let p = vec![
            piece(0, 5, 4, 10.0),
            piece(5, 10, 9, 10.0),
            piece(10, 14, 14, 10.0),
        ];
        // At 1 pt, max 90: "aaaa bbbb" is 90 wide visibly (plus a hanging space) -> fits.
        let b = fill_room(&p, 100, 90);
        assert_eq!(b.lines.len(), 2);
        assert_eq!(
            (b.lines[0].start, b.lines[0].end, b.lines[0].width),
            (0, 10, 90)
        );
        let b = fill_room(&p, 100, 89);
        assert_eq!(b.lines.len(), 3);
    }

    #[test]
    fn overlong_word_breaks_by_grapheme() {
        let mut p = piece(0, 6, 6, 10.0);
        p.graphemes = (0..6).map(|i| (i, i + 1, 10.0)).collect();
        let b = fill_room(&[p], 100, 25);
        assert_eq!(
            b.lines.iter().map(|l| (l.start, l.end)).collect::<Vec<_>>(),
            vec![(0, 2), (2, 4), (4, 6)]
        );
        assert_eq!(b.broken_words, vec![(0, 6)]);
    }
}
