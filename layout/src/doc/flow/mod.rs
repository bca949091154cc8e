//! Pages predicted (issue 21 item 6): which page every block of a document lands on when a
//! word processor lays the DOCX out. Layout already knows each paragraph's lines at the width
//! it gets; this stage adds the vertical model the writer's styles ask for and flows the lines
//! down pages as LibreOffice Writer does (checked against it by `conformance/documents.py`):
//!
//! - **Line height**: per line, the tallest ascent + line gap and the deepest descent of the
//!   faces on it (as LibreOffice reads a face's vertical metrics: `hhea`,
//!   [`FaceInfo`](specrender_fonts::FaceInfo); the
//!   gap above the line) at the run size, rounded on Writer's 8,640 dpi reference device
//!   ([`metrics_parts`]), times Writer's percentage for the paragraph's `w:line`
//!   (`w:lineRule="auto"`, [`line_percent`]), truncated ([`spaced`]). Carlito 11 pt: 269
//!   twips, at 1.15 309 (15.45 pt); Noto Sans CJK 11 pt: 319, at 1.15 366. A page's last
//!   line fits by its natural height ([`ParaFormat::slack`]).
//! - **Spacing between paragraphs**: the larger of the first one's space after and the second
//!   one's space before (Writer's import of a DOCX does not add them), none between two
//!   paragraphs of one style that asks for contextual spacing (list items); no space before at
//!   the top of a page, except after a page break.
//! - **Keep with next** (headings, captions above tables, figures' pictures): the paragraph
//!   goes to the next page when it and the first piece of what follows (two lines of a
//!   paragraph, all of one of three lines or fewer, the first row of a table) do not fit below
//!   it; **keep lines** (headings): never
//!   split. **Widows and orphans**: a paragraph split across pages leaves at least two lines on
//!   each (Writer's default for a DOCX); a shorter one moves whole.
//! - **Tables**: rows never split (`w:cantSplit`); a row is its tallest cell (lines x line
//!   height + 2 pt cell margins above and below; a word wider than its column broken inside,
//!   by grapheme, as Writer does: [`writer_lines`]) plus the 0.5 pt border under it; a table
//!   continued on a new page repeats its header row (`w:tblHeader`).
//! - **Figures**: the picture's line is its height plus its spacing (on a line grid the whole
//!   pitches the picture needs: [`ParaFormat::picture_line`]); the picture
//!   keeps with its caption.
//! - **Page breaks**: the break's empty paragraph stays on its page; what follows starts the
//!   next page, with its space before.
//! - **Page bodies**: each page's body height ([`Heights`]): the text height less what a
//!   template's header and footer take past the top and bottom margins on that kind of page
//!   (first, odd, even; `doc::template::body_heights`).
//! - **Footnotes**: each citation's footnote takes its lines (footnote text size, single
//!   spacing) from the bottom of the page its paragraph ends on, plus the separator once per
//!   page ([`FOOTNOTE_SEPARATOR`]).
//!
//! Every number the writer writes for these (spacing, line rules, indents, sizes) is a
//! [`ParaFormat`] here; `renderer::docx::styles` writes the same values (a test there checks).

use crate::text::grid::GRID_SLACK;
use crate::text::linebreak::Broken;
use crate::text::TextFonts;
use specrender_fonts::{FaceId, FontBook, LineMetrics, Measurer, ScriptClass, ShapeLang};
use specrender_spec::units::Cpt;

/// Twips (1/20 pt): Word's unit for spacing, and the unit pages are flowed in.
pub type Twips = i64;

/// Space Writer puts between the body text and the first footnote of a page: the separator
/// line and its distances, 6.2 pt. Measured as the capacity question the flow asks: on
/// python-docx's template (Letter, a 12,960-twip body) an exact-height line of X twips, then
/// a 300-twip exact line citing a one-line footnote; Writer 7.4 keeps the cited line on the
/// page up to X = 12,306 and not at 12,307 (10 pt Caladea footnote, 230 twips), up to 12,246
/// and not at 12,247 (Korean text, 290): 12,960 - X - 300 - note = 124 in both. (Until
/// 2026-11-27 128 with 5 twips of tolerance for a page's last line, which exact line
/// heights made unnecessary; before that 80, read from the gaps seen in PDFs.)
pub const FOOTNOTE_SEPARATOR: Twips = 124;

/// Widow and orphan control: a split paragraph keeps at least this many lines on each page.
pub const WIDOW_LINES: usize = 2;

/// How `w:line` is read (`w:lineRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRule {
    /// 240ths of the line's natural height.
    Auto,
    /// Exactly `line` twips.
    Exact,
    /// The natural height, at least `line` twips.
    AtLeast,
}

/// Paragraph properties that move text down a page (what a paragraph style writes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParaFormat {
    /// The style (contextual spacing compares it).
    pub style: &'static str,
    /// `w:spacing w:before` / `w:after`, twips.
    pub before: Twips,
    pub after: Twips,
    /// `w:spacing w:line` (with `w:lineRule="auto"`, 240 = single).
    pub line: Twips,
    pub rule: LineRule,
    /// `w:contextualSpacing`: no space between paragraphs of the same style.
    pub contextual: bool,
    pub keep_next: bool,
    pub keep_lines: bool,
    /// Widow and orphan control (`w:widowControl`; Writer's DOCX default: on).
    pub widows: bool,
    /// `w:pageBreakBefore`.
    pub page_break_before: bool,
    /// Left and right indents, twips (the lines are this much narrower).
    pub indent: (Twips, Twips),
    /// The section's line grid pitch (`w:docGrid w:type="lines"`, twips; 0: none): Writer
    /// sets every line on whole pitches, whatever the line spacing.
    pub grid: Twips,
    /// Paragraph borders above and below (`w:pBdr w:top` / `w:bottom`, twips: space and
    /// line): Word and Writer add the top one above the first line and the bottom one below
    /// the last, inside the spacing before and after.
    pub border: (Twips, Twips),
    /// The complex script size (`w:szCs`, centipoints) where the style gives one other than
    /// its size (`None`: the size): Writer and Word set Arabic, Hebrew, Thai and Devanagari
    /// runs at it (LibreOffice's letter template: 12 pt beside 10 pt Latin, measured).
    pub cs: Option<Cpt>,
}

impl ParaFormat {
    const fn new(style: &'static str, before: Twips, after: Twips, line: Twips) -> ParaFormat {
        ParaFormat {
            style,
            before,
            after,
            line,
            rule: LineRule::Auto,
            contextual: false,
            keep_next: false,
            keep_lines: false,
            widows: true,
            page_break_before: false,
            indent: (0, 0),
            grid: 0,
            border: (0, 0),
            cs: None,
        }
    }

    /// The size complex script text is set at in a paragraph of this format at `size`.
    pub fn cs_size(&self, size: Cpt) -> Cpt {
        self.cs.unwrap_or(size)
    }

    /// `lines` with the paragraph's borders: the top one on the first line, the bottom one
    /// on the last.
    pub fn bordered(&self, mut lines: Vec<Twips>) -> Vec<Twips> {
        if let Some(first) = lines.first_mut() {
            *first += self.border.0;
        }
        if let Some(last) = lines.last_mut() {
            *last += self.border.1;
        }
        lines
    }

    /// What a line of height `h` (as [`ParaFormat::height`] gave it) may stand past the
    /// bottom of the text area as the last line on a page: what proportional spacing added to
    /// its natural height (Writer fits a line by its natural height and lets the spacing below
    /// it run into the margin). Measured in Writer 7.4 (a page filled by an exact line, then a
    /// paragraph): one line of Carlito 11 pt at 1.15 (309 twips, natural 269) stays with 269
    /// twips left and not 268; Noto Sans CJK 11 pt (366) with 319 and not 318; Caladea at
    /// 1.08 (273) with 253 and not 252; of a four-line Carlito paragraph two lines stay with
    /// 578 = 309 + 269 left, three with 887.
    pub fn slack(&self, h: Twips) -> Twips {
        let pct = line_percent(self.line);
        if self.grid > 0 || self.rule != LineRule::Auto || pct <= 100 {
            return 0;
        }
        // The natural height `spaced` took to `h`: the least n with n x pct / 100 >= h.
        h - (h * 100 + pct - 1).div_euclid(pct)
    }

    /// The line (twips) of a paragraph in this format holding only an inline picture `h`
    /// twips tall, whose empty line is `natural` twips (its font at its size): the picture,
    /// plus what proportional spacing adds to the font's line (Writer 7.4: a 576 pt picture
    /// in python-docx's `Normal`, 1.15 of Caladea 11 pt's 253 twips, took 577.9 pt; a 656.5
    /// pt one in LibreOffice's letter, single spacing, exactly 656.5 pt; until 2026-11-27
    /// every picture line was 2.1 pt taller, measured at 1.15 only). On a line grid the whole
    /// pitches the picture itself needs (Writer 7.4 on the Japanese template's 18 pt grid:
    /// pictures 53.15, 90.0, 177.15, 264.55, 425.2 and 599.8 pt tall took lines of 54, 90,
    /// 180, 270, 432 and 612 pt, the caption below each 3.2 pt into its own line after the
    /// 10 pt space). `atLeast`: at least the rule's height; `exact`: the rule's height (Word
    /// and Writer clip the picture).
    pub fn picture_line(&self, h: Twips, natural: Twips) -> Twips {
        if self.grid > 0 {
            return (h.max(1) + self.grid - 1) / self.grid * self.grid;
        }
        match self.rule {
            LineRule::Auto => h + (spaced(natural, self.line) - natural).max(0),
            LineRule::AtLeast => h.max(self.line),
            LineRule::Exact => self.line,
        }
    }

    /// A line's height in this format, from its natural height `h` (twips): on a line grid
    /// the whole pitches it needs (LibreOffice's `CalcRealHeight`), else by the line rule.
    pub fn height(&self, h: Twips) -> Twips {
        if self.grid > 0 {
            return (h.max(1) + self.grid - 1) / self.grid * self.grid;
        }
        match self.rule {
            LineRule::Auto => spaced(h, self.line),
            LineRule::Exact => self.line.max(1),
            LineRule::AtLeast => h.max(self.line),
        }
    }
}

/// Every role's paragraph format, and the sizes a template gives headings and footnotes:
/// our own styles' ([`Formats::default`]) or a template's (`doc::template::formats_on`).
#[derive(Debug, Clone, PartialEq)]
pub struct Formats {
    pub normal: ParaFormat,
    pub title: ParaFormat,
    pub subtitle: ParaFormat,
    pub headings: [ParaFormat; 6],
    pub list_bullet: ParaFormat,
    pub list_number: ParaFormat,
    pub quote: ParaFormat,
    pub caption: ParaFormat,
    pub footnote: ParaFormat,
    /// Paragraphs in table cells.
    pub cell: ParaFormat,
    /// Heading sizes the template's heading styles set (centipoints; `None`: ours).
    pub heading_sizes: [Option<Cpt>; 6],
    /// The footnote text size the template's style sets.
    pub footnote_size: Option<Cpt>,
}

impl Default for Formats {
    fn default() -> Formats {
        Formats {
            normal: NORMAL,
            title: TITLE,
            subtitle: SUBTITLE,
            headings: [1, 2, 3, 4, 5, 6].map(heading),
            list_bullet: ParaFormat {
                style: "ListBullet",
                ..LIST
            },
            list_number: ParaFormat {
                style: "ListNumber",
                ..LIST
            },
            quote: QUOTE,
            caption: CAPTION,
            footnote: FOOTNOTE,
            cell: CELL,
            heading_sizes: [None; 6],
            footnote_size: None,
        }
    }
}

impl Formats {
    pub fn heading(&self, level: u8) -> ParaFormat {
        self.headings[usize::from(level.clamp(1, 6)) - 1]
    }

    /// A heading's size: the template's, or ours ([`heading_size`]).
    pub fn heading_size(&self, level: u8, body: Cpt) -> Cpt {
        self.heading_sizes[usize::from(level.clamp(1, 6)) - 1]
            .unwrap_or_else(|| heading_size(level, body))
    }
}

/// `Normal` (the document defaults: 6 pt after, 1.15 lines).
pub const NORMAL: ParaFormat = ParaFormat::new("Normal", 0, 120, 276);
/// `Title`: 12 pt after.
pub const TITLE: ParaFormat = ParaFormat {
    contextual: true,
    ..ParaFormat::new("Title", 0, 240, 276)
};
/// `Subtitle`: 12 pt after.
pub const SUBTITLE: ParaFormat = ParaFormat::new("Subtitle", 0, 240, 276);
/// `ListBullet` / `ListNumber`: 3 pt after, contextual, indented by the numbering's 0.5 in.
/// The two are different styles (`Formats::default` names each): contextual spacing does not
/// join a numbered list to a bulleted one (Writer 7.4 puts the space after between them).
pub const LIST: ParaFormat = ParaFormat {
    contextual: true,
    indent: (LIST_INDENT, 0),
    ..ParaFormat::new("List", 0, 60, 276)
};
/// The numbering's left indent (`w:ind w:left`, the hanging number inside it).
pub const LIST_INDENT: Twips = 720;
/// `Quote`: 6 pt before and after, indented 0.5 in both sides.
pub const QUOTE: ParaFormat = ParaFormat {
    indent: (720, 720),
    ..ParaFormat::new("Quote", 120, 120, 276)
};
/// `Caption`: 10 pt after, single spacing.
pub const CAPTION: ParaFormat = ParaFormat::new("Caption", 0, 200, 240);
/// `FootnoteText`: single spacing, nothing after.
pub const FOOTNOTE: ParaFormat = ParaFormat::new("FootnoteText", 0, 0, 240);
/// Paragraphs in table cells (`SpecTable`): single spacing, nothing after.
pub const CELL: ParaFormat = ParaFormat::new("Cell", 0, 0, 240);
/// Cell margins above and below the text (`w:tblCellMar` top / bottom): 2 pt.
pub const CELL_MARGIN_TB: Twips = 40;
/// Table borders (`w:sz="4"`: 0.5 pt): one under every row and one above the table.
pub const TABLE_BORDER: Twips = 10;

/// `Heading1`–`Heading6`: 18 pt (level 1) or 12 pt before, 6 pt after, kept with the next
/// paragraph and never split.
pub const fn heading(level: u8) -> ParaFormat {
    ParaFormat {
        keep_next: true,
        keep_lines: true,
        ..ParaFormat::new("Heading", if level == 1 { 360 } else { 240 }, 120, 276)
    }
}

/// Heading sizes (centipoints) by level: 16, 13, 12 pt, then the body size.
pub fn heading_size(level: u8, body: Cpt) -> Cpt {
    match level {
        1 => 1600,
        2 => 1300,
        3 => 1200,
        _ => body,
    }
    .max(body)
}

/// A face's line height at `size` (twips), as Writer builds it ([`metrics_parts`]).
pub fn face_line(book: &FontBook, face: FaceId, size: Cpt) -> Twips {
    metrics_line(LineMetrics::of(book.face(face)), size)
}

/// A line of vertical metrics `f` at `size` (twips), as [`face_line`].
pub fn metrics_line(f: LineMetrics, size: Cpt) -> Twips {
    let (above, below) = metrics_parts(f, size);
    above + below
}

/// Pixels of Writer's reference device per twip: a DOCX is laid out on a virtual device of
/// 6 x 1440 dpi (LibreOffice's `RefDevMode::MSO1`), where a font's metrics are rounded.
pub const REF_PX_PER_TWIP: i64 = 6;

/// The parts of a line of vertical metrics `f` at `size` (twips) above and below the
/// baseline, as Writer 7.4 derives them: the font's height in reference-device pixels
/// ([`REF_PX_PER_TWIP`]); its ascent, descent and line gap (`hhea`, [`FaceInfo`]) scaled to
/// it and each rounded to a pixel; the text height is ascent + descent pixels taken to twips
/// (rounded) and the ascent alone likewise, the line gap (Writer on Linux puts a font's
/// external leading above the line) taken to twips on its own. Above: ascent + gap; below:
/// text height - ascent. Probed in Writer 7.4 (baselines of 16-line paragraphs, single
/// spacing): Carlito, Caladea, Liberation Sans and Serif, DejaVu Sans, Noto Sans CJK, Thai,
/// Arabic, Hebrew and Devanagari at 17 sizes from 9 to 28 pt, 170 of 170 (rounding each
/// metric to twips, the rule until 2026-11-27: 127; Noto Sans CJK 11 pt 319, not 318). A
/// line of runs in several fonts is the tallest part above plus the deepest part below
/// (measured on LibreOffice's serif letter, 11 pt: Hangul named DejaVu Sans, 204 + 52
/// twips, lines 256 apart; Liberation Serif 196 + 9 + 48, 253; Hangul with a Latin letter
/// on every line 257 = 205 + 52, more than either font's own line).
///
/// [`FaceInfo`]: specrender_fonts::FaceInfo
pub fn metrics_parts(f: LineMetrics, size: Cpt) -> (Twips, Twips) {
    let px = i64::from(size) / 5 * REF_PX_PER_TWIP;
    let upm = i64::from(f.units_per_em.max(1));
    // Font units to pixels and pixels to twips, each rounded half up (C++ `round`).
    let pixels = |v: i64| (2 * v.max(0) * px + upm).div_euclid(2 * upm);
    let twips = |p: Twips| (2 * p + REF_PX_PER_TWIP).div_euclid(2 * REF_PX_PER_TWIP);
    let ascent = pixels(i64::from(f.ascender));
    let descent = pixels(-i64::from(f.descender));
    let above = twips(ascent);
    (
        above + twips(pixels(i64::from(f.line_gap))),
        twips(ascent + descent) - above,
    )
}

/// Writer's percentage for proportional line spacing `w:line` (240ths, `w:lineRule="auto"`):
/// its DOCX import takes the value to 1/100 mm (rounded) and divides it by single spacing's
/// 423 (240 twips in 1/100 mm), truncating; below 50 it is 50 (0: 100). 276 -> 115, 288 ->
/// 120, 360 -> 150, 480 -> 200; 259 -> 108 and 246 -> 102 (measured in Writer 7.4, with
/// `w:line` before `w:lineRule` and after it: not 107 nor 103).
pub fn line_percent(line: Twips) -> Twips {
    let mm100 = (line.max(0) * 127 + 36).div_euclid(72);
    match mm100 * 100 / 423 {
        0 => 100,
        p => p.max(50),
    }
}

/// A line of natural height `h` at proportional spacing `line` (240ths), as Writer sizes it:
/// `h` x [`line_percent`] / 100, truncated (Writer 7.4, the same 170 probes at 1.08, 1.15,
/// 1.2, 1.5 and 2: all equal; Caladea 11 pt at 1.15 is 290 twips, Noto Sans CJK 366).
pub fn spaced(h: Twips, line: Twips) -> Twips {
    (h * line_percent(line) / 100).max(1)
}

/// The natural height (twips) of an empty line, or of a line of Latin text, in `fonts` at
/// `size`: the named Latin font's metrics where known, else the face that draws
/// (as [`line_heights`] sizes a run).
pub fn latin_line(book: &FontBook, fonts: &TextFonts, size: Cpt) -> Twips {
    match fonts.lines.latin {
        Some(n) => metrics_line(n, size),
        None => face_line(book, fonts.faces.latin, size),
    }
}

/// Heights (twips) of the lines of `text` as broken in `broken`, set in `fonts` at `size`
/// with the line spacing of `format`: on each line the tallest part above the baseline and
/// the deepest below of its runs ([`metrics_parts`]), a run sized by the font
/// its slot names where that font's metrics are known (`TextFonts::lines`: Writer sizes a
/// Hangul run named DejaVu Sans or Cambria by DejaVu Sans or Caladea though Noto Sans CJK
/// draws it), else by the face that draws it.
pub fn line_heights(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    text: &str,
    broken: &Broken,
    size: Cpt,
    format: &ParaFormat,
) -> Vec<Twips> {
    let book = m.book;
    let named = |class: ScriptClass| match class {
        ScriptClass::EastAsian => fonts.lines.ea,
        ScriptClass::Latin | ScriptClass::Weak => fonts.lines.latin,
        ScriptClass::Complex => None,
    };
    let cs = format.cs_size(size);
    // Each run's parts above and below the baseline ([`metrics_parts`]).
    let run_parts = |class: ScriptClass, face: FaceId| match named(class) {
        Some(n) => metrics_parts(n, size),
        None if class == ScriptClass::Complex => {
            metrics_parts(LineMetrics::of(book.face(face)), cs)
        }
        None => metrics_parts(LineMetrics::of(book.face(face)), size),
    };
    let base = run_parts(ScriptClass::Latin, fonts.faces.latin);
    if text.is_empty() || broken.lines.is_empty() {
        let h = base.0 + base.1;
        return format.bordered(vec![format.height(h); broken.lines.len().max(1)]);
    }
    let segs = m.segment(text, fonts.faces, fonts.bold);
    let parts: Vec<(usize, usize, (Twips, Twips))> = segs
        .iter()
        .filter(|s| !text[s.range.clone()].trim().is_empty())
        .map(|s| (s.range.start, s.range.end, run_parts(s.class, s.face)))
        .collect();
    let lines = broken
        .lines
        .iter()
        .map(|l| {
            // The tallest part above the baseline and the deepest below, of any runs.
            let on = parts
                .iter()
                .filter(|&&(a, b, _)| a < l.end.max(l.start + 1) && b > l.start);
            let h = on
                .clone()
                .map(|&(_, _, p)| p.0)
                .max()
                .zip(on.map(|&(_, _, p)| p.1).max())
                .map_or(base.0 + base.1, |(above, below)| above + below);
            format.height(h)
        })
        .collect();
    format.bordered(lines)
}

/// The heights (twips) of the lines of a paragraph of `text` in `fonts` at `size`, `format`,
/// `width` (EMU) wide, as Writer breaks and sizes them ([`writer_lines`], [`line_heights`]):
/// what the flow measures every paragraph with, body or header.
#[allow(clippy::too_many_arguments)]
pub fn para_lines(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    text: &str,
    size: Cpt,
    format: &ParaFormat,
    width: i64,
) -> Vec<Twips> {
    let pieces = crate::text::prepare::pieces_unmetered(m, fonts, lang, text, size, width);
    let p = Breakable {
        text,
        pieces: &pieces,
    };
    let broken = writer_lines(m, fonts, lang, p, size, format.cs_size(size), width);
    line_heights(m, fonts, text, &broken, size, format)
}

/// [`para_lines`] with where each line starts and ends (byte ranges of `text`).
#[allow(clippy::too_many_arguments)]
pub fn para_lines_at(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    lang: ShapeLang,
    text: &str,
    size: Cpt,
    format: &ParaFormat,
    width: i64,
) -> (Vec<Twips>, Vec<(usize, usize)>) {
    let pieces = crate::text::prepare::pieces_unmetered(m, fonts, lang, text, size, width);
    let p = Breakable {
        text,
        pieces: &pieces,
    };
    let broken = writer_lines(m, fonts, lang, p, size, format.cs_size(size), width);
    let heights = line_heights(m, fonts, text, &broken, size, format);
    let ranges = broken.lines.iter().map(|l| (l.start, l.end)).collect();
    (heights, ranges)
}

mod pages;
mod writer;

pub use pages::*;
pub use writer::*;

#[cfg(test)]
mod tests {
    use super::*;

    fn para(n: usize, h: Twips, format: ParaFormat) -> Unit {
        Unit::Para(ParaUnit {
            lines: vec![h; n],
            format,
            footnotes: (0, 0),
        })
    }

    /// Normal with exact lines `h` high and no spacing.
    fn exact(h: Twips) -> ParaFormat {
        ParaFormat {
            before: 0,
            after: 0,
            line: h,
            rule: LineRule::Exact,
            grid: 0,
            ..NORMAL
        }
    }

    /// A page-break paragraph: its one line `h` high.
    fn page_break(h: Twips, format: ParaFormat) -> Unit {
        Unit::PageBreak(ParaUnit {
            lines: vec![h],
            format,
            footnotes: (0, 0),
        })
    }

    fn pages(units: &[Unit], height: Twips) -> Vec<(u32, u32)> {
        paginate(units, height)
            .0
            .iter()
            .map(|s| (s.first, s.last))
            .collect()
    }

    #[test]
    fn every_line_and_row_is_placed_where_the_flow_put_it() {
        // Six 300-twip lines on 1,000-twip pages: three, then three (widows keep two); then a
        // table of a header and four rows of 300 that continues with its header repeated.
        let units = vec![
            para(6, 300, exact(300)),
            Unit::Table {
                header: 200,
                rows: vec![300; 4],
            },
        ];
        let p = paginate_placed(&units, Heights::uniform(1000));
        let lines: Vec<(u32, Twips)> = p.at[p.of[0].0..p.of[0].1]
            .iter()
            .map(|a| (a.page, a.y))
            .collect();
        assert_eq!(
            lines,
            [(1, 0), (1, 300), (1, 600), (2, 0), (2, 300), (2, 600)]
        );
        let rows: Vec<(u32, Twips, bool)> = p.at[p.of[1].0..p.of[1].1]
            .iter()
            .map(|a| (a.page, a.y, a.header))
            .collect();
        assert_eq!(
            rows,
            [
                (3, TABLE_BORDER, true),
                (3, TABLE_BORDER + 200, false),
                (3, TABLE_BORDER + 500, false),
                (4, TABLE_BORDER, true),
                (4, TABLE_BORDER + 200, false),
                (4, TABLE_BORDER + 500, false),
            ]
        );
        assert_eq!(p.spans, paginate(&units, 1000).0);
    }

    #[test]
    fn spacing_is_the_larger_of_after_and_before_and_none_at_a_page_top() {
        // 100-twip lines, Normal 120 after, heading 360 before: 100 + 360 + 100 = 560.
        let u = [para(1, 100, NORMAL), para(1, 100, heading(1))];
        assert_eq!(pages(&u, 560), vec![(1, 1), (1, 1)]);
        assert_eq!(pages(&u, 559), vec![(1, 1), (2, 2)]);
        // On the new page the heading's space before is dropped: a third paragraph fits
        // right under it.
        let u = [
            para(1, 100, NORMAL),
            para(1, 100, heading(1)),
            para(3, 100, NORMAL),
        ];
        assert_eq!(pages(&u, 520), vec![(1, 1), (2, 2), (2, 2)]);
    }

    #[test]
    fn a_heading_moves_with_a_three_line_paragraph_that_cannot_split() {
        // Widow and orphan control of two: a three-line paragraph cannot leave two lines on
        // each page, so a heading kept with it needs all three below it (Writer 7.4, the
        // Japanese template's page 295). 100-twip lines, heading 100 + paragraph: 400 twips.
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let head = ParaFormat {
            keep_next: true,
            ..single
        };
        let u = [
            para(7, 100, single),
            para(1, 100, head),
            para(3, 100, single),
        ];
        // 700 + 100 + 300 = 1100: in 1000 twips the heading goes with the paragraph.
        assert_eq!(pages(&u, 1000), vec![(1, 1), (2, 2), (2, 2)]);
        // A four-line paragraph may split two and two: the heading stays.
        let u = [
            para(6, 100, single),
            para(1, 100, head),
            para(4, 100, single),
        ];
        assert_eq!(pages(&u, 1000), vec![(1, 1), (1, 1), (1, 2)]);
    }

    #[test]
    fn a_picture_line_on_a_line_grid_takes_the_pitches_the_picture_needs() {
        // Writer 7.4, 18 pt grid: a 177.15 pt picture (3,543 twips) took a 180 pt line, a
        // 90.0 pt one exactly 90; without a grid the picture's height plus 2.1 pt.
        let grid = ParaFormat {
            grid: 360,
            ..NORMAL
        };
        assert_eq!(grid.picture_line(3543, 300), 3600);
        assert_eq!(grid.picture_line(1800, 300), 1800);
    }

    #[test]
    fn on_a_line_grid_text_fills_whole_pitches_and_footnotes_take_the_rest_first() {
        // Writer 7.4 on the Japanese template (13,436 twips on an 18 pt grid): no line ended
        // below 37 pitches; a table ending 12,970 down stayed above a 440-twip footnote.
        let grid = ParaFormat {
            grid: 300,
            ..ParaFormat::new("Normal", 0, 50, 240)
        };
        let u: Vec<Unit> = (0..3).map(|_| para(1, 300, grid)).collect();
        // 300 + 50 + 300 + 50 + 300 = 1000: fits 1000 twips, not the 900 of three pitches.
        assert_eq!(paginate_on(&u, Heights::uniform(1000)).1, 1);
        let h = Heights::uniform(1000).on_grid(300);
        assert_eq!(paginate_on(&u, h).1, 2);
        // A footnote (20 twips and the separator) anchored on the third line of a page whose
        // pitches leave 150 twips over: it fits there.
        let single = ParaFormat {
            grid: 300,
            ..ParaFormat::new("Normal", 0, 0, 240)
        };
        let mut u: Vec<Unit> = (0..3).map(|_| para(1, 300, single)).collect();
        if let Unit::Para(p) = &mut u[2] {
            p.footnotes = (20, 1);
        }
        let h = Heights::uniform(1050).on_grid(300);
        assert_eq!(h.text(1, 20 + FOOTNOTE_SEPARATOR), 900);
        assert_eq!(paginate_on(&u, h).0[2].first, 1);
        // Without the grid's leftover it goes to the next page.
        assert_eq!(paginate_on(&u, Heights::uniform(900)).0[2].first, 2);
    }

    #[test]
    fn a_page_shortened_by_its_footer_holds_less() {
        // LibreOffice's letter in Writer 7.4: page 1 (`w:titlePg`, no first-page footer) has
        // the whole text height, every later page 244 twips less (its footer's line).
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let u: Vec<Unit> = (0..20).map(|_| para(1, 100, single)).collect();
        let last = |h: Heights| paginate_on(&u, h).0.last().copied();
        assert_eq!(
            last(Heights::uniform(1000)),
            Some(Span { first: 2, last: 2 })
        );
        let letter = Heights {
            first: 1000,
            odd: 900,
            even: 900,
            columns: 1,
            grid: 0,
        };
        assert_eq!((letter.of(1), letter.of(2), letter.of(3)), (1000, 900, 900));
        // Ten lines on page 1, nine on page 2: the twentieth starts page 3.
        assert_eq!(last(letter), Some(Span { first: 3, last: 3 }));
        assert_eq!(paginate_on(&u[..19], letter).1, 2);
        // Two columns: ten lines in each of page 1's, nine in each of page 2's.
        let two = letter.in_columns(2);
        assert_eq!(paginate_on(&u, two).1, 1);
        let many: Vec<Unit> = (0..39).map(|_| para(1, 100, single)).collect();
        let (spans, pages) = paginate_on(&many, two);
        assert_eq!(pages, 3);
        assert_eq!(
            (spans[19].first, spans[20].first, spans[37].first),
            (1, 2, 2)
        );
        assert_eq!(spans[38].first, 3);
    }

    #[test]
    fn a_page_break_in_columns_starts_the_next_page() {
        // Writer 7.4 (python-docx probe, A4, two columns of 223 pt): 10 pt lines fill the
        // first column, then the second, then the next page; a page break in the first
        // column starts the next page, leaving the second column empty.
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let h = Heights::uniform(1000).in_columns(2);
        let units = vec![
            para(15, 100, single),
            page_break(100, single),
            para(1, 100, single),
        ];
        let (spans, pages) = paginate_on(&units, h);
        assert_eq!((spans[0].first, spans[0].last), (1, 1));
        assert_eq!((spans[2].first, pages), (2, 2));
        // One column: the 15 lines run onto page 2, the paragraph after the break page 3.
        assert_eq!(paginate_on(&units, Heights::uniform(1000)).1, 3);
    }

    #[test]
    fn after_a_page_break_the_second_column_starts_as_low_as_the_first() {
        // Writer 7.4 (python-docx probe on the two-column template: a page break, a heading
        // 480 twips before, then one-line paragraphs): the heading keeps its space before at
        // the top of the page, and the second column's first line stands 24 pt lower too,
        // its last line where it was: a line fewer in that column.
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let head = ParaFormat {
            keep_next: true,
            ..ParaFormat::new("Heading", 300, 0, 240)
        };
        let h = Heights::uniform(1000).in_columns(2);
        let mut units = vec![
            para(1, 100, single),
            page_break(100, single),
            para(1, 100, head),
        ];
        units.extend((0..14).map(|_| para(1, 100, single)));
        // Page 2: 300 + heading + 6 lines in the first column, 7 lines below 300 in the
        // second (not 10): the 14th line goes to page 3.
        let (spans, pages) = paginate_on(&units, h);
        assert_eq!(spans[2].first, 2);
        assert_eq!((spans[8].first, spans[9].first), (2, 2));
        assert_eq!(spans[15].first, 2);
        assert_eq!((spans[16].first, pages), (3, 3));
        // A page not started by a break: both columns from the top.
        let plain: Vec<Unit> = units[2..].to_vec();
        assert_eq!(paginate_on(&plain, h).1, 1);
    }

    #[test]
    fn a_footnote_takes_room_from_its_own_column_only() {
        // Writer 7.4 (the two-column template, the 2,000-block document's page 8): a
        // footnote anchored in the first column stands under it; the second column's text
        // runs down to the bottom margin.
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let h = Heights::uniform(1000).in_columns(2);
        let mut units: Vec<Unit> = (0..20).map(|_| para(1, 100, single)).collect();
        if let Unit::Para(p) = &mut units[0] {
            p.footnotes = (72, 1);
        }
        // The first column: 1000 - 72 - the separator holds 8 lines; the second all 10.
        let (spans, pages) = paginate_on(&units, h);
        assert_eq!((spans[7].first, spans[8].first), (1, 1));
        assert_eq!(spans[17].first, 1);
        assert_eq!((spans[18].first, pages), (2, 2));
    }

    #[test]
    fn contextual_spacing_drops_space_between_list_items() {
        let items: Vec<Unit> = (0..5).map(|_| para(1, 100, LIST)).collect();
        assert_eq!(pages(&items, 500), vec![(1, 1); 5]);
        // Five Normal paragraphs need 4 x 120 more.
        let normal: Vec<Unit> = (0..5).map(|_| para(1, 100, NORMAL)).collect();
        assert_eq!(pages(&normal, 600).last(), Some(&(2, 2)));
        assert_eq!(pages(&normal, 980).last(), Some(&(1, 1)));
    }

    #[test]
    fn a_numbered_list_after_a_bulleted_one_keeps_the_space_between() {
        // Writer 7.4 (French ids template, Traditional Chinese report): 10 pt, the lists'
        // space after, between the last numbered item and the first bullet.
        let f = Formats::default();
        let u = [
            para(1, 100, f.list_number),
            para(1, 100, f.list_number),
            para(1, 100, f.list_bullet),
        ];
        // 100 + 100 + 60 + 100 (less the 1.15 spacing's 13 the last line may run past).
        assert_eq!(pages(&u, 347).last(), Some(&(1, 1)));
        assert_eq!(pages(&u, 346).last(), Some(&(2, 2)));
        // Three bullets: 300 is enough.
        let u = [
            para(1, 100, f.list_bullet),
            para(1, 100, f.list_bullet),
            para(1, 100, f.list_bullet),
        ];
        assert_eq!(pages(&u, 300).last(), Some(&(1, 1)));
    }

    #[test]
    fn a_border_below_moves_what_follows() {
        // A 1 pt line 4 pt below a 600-twip title (100), 300 after, then a 100 line.
        let title = ParaFormat {
            border: (0, 100),
            ..ParaFormat::new("Title", 0, 300, 240)
        };
        let u = [
            Unit::Para(ParaUnit {
                lines: title.bordered(vec![600]),
                format: title,
                footnotes: (0, 0),
            }),
            para(1, 100, ParaFormat::new("Normal", 0, 0, 240)),
        ];
        assert_eq!(pages(&u, 1100).last(), Some(&(1, 1)));
        assert_eq!(pages(&u, 1099).last(), Some(&(2, 2)));
    }

    #[test]
    fn a_heading_moves_to_the_next_page_with_the_first_lines_of_its_paragraph() {
        // Page 1000: a 700 paragraph, a heading (240 before, 100) and a 5-line paragraph.
        // Heading alone would fit (700 + 240 + 100 = 1040 > 1000? no: use 650).
        let u = [
            para(1, 650, NORMAL),
            para(1, 100, heading(2)),
            para(5, 100, NORMAL),
        ];
        // 650 + 240 + 100 = 990 fits the heading, but not with two lines after it.
        assert_eq!(pages(&u, 1000), vec![(1, 1), (2, 2), (2, 2)]);
        // With room for the heading and two lines (650+240+100+120+200 = 1310), it stays
        // and the paragraph splits 2 + 3.
        assert_eq!(pages(&u, 1310), vec![(1, 1), (1, 1), (1, 2)]);
    }

    #[test]
    fn the_last_line_on_a_page_fits_by_its_natural_height() {
        // 1.15 spacing: a 366-twip line is 319 natural (Noto Sans CJK 11 pt); its 47 of
        // spacing may run past the bottom. Two lines (732) and a third whose natural height
        // ends at 1051 fit a page of 1051, not of 1050.
        assert_eq!(NORMAL.slack(366), 47);
        let u = [para(3, 366, NORMAL)];
        assert_eq!(pages(&u, 1051), vec![(1, 1)]);
        assert_eq!(pages(&u, 1050), vec![(1, 2)]);
        // Writer 7.4's own thresholds (module tests of `slack`): Carlito 11 pt at 1.15 309
        // (269 natural), Caladea 11 pt at 1.08 273 (253).
        assert_eq!(NORMAL.slack(309), 40);
        assert_eq!(ParaFormat::new("Normal", 0, 0, 259).slack(273), 20);
        // Single spacing and exact rules have none.
        assert_eq!(CAPTION.slack(300), 0);
        let exact = ParaFormat {
            rule: LineRule::Exact,
            line: 400,
            ..NORMAL
        };
        assert_eq!(exact.slack(400), 0);
    }

    #[test]
    fn orphans_and_widows_keep_two_lines_on_each_page() {
        // Room for one line after the first paragraph: the 4-line paragraph moves whole.
        let u = [para(1, 780, NORMAL), para(4, 100, NORMAL)];
        assert_eq!(pages(&u, 1000), vec![(1, 1), (2, 2)]);
        // Room for three lines of four: two go, so two follow (no widow).
        let u = [para(1, 580, NORMAL), para(4, 100, NORMAL)];
        assert_eq!(pages(&u, 1000), vec![(1, 1), (1, 2)]);
        // A 3-line paragraph with room for two: it cannot leave two on each side, so moves.
        let u = [para(1, 680, NORMAL), para(3, 100, NORMAL)];
        assert_eq!(pages(&u, 1000), vec![(1, 1), (2, 2)]);
        // A paragraph longer than a page runs over several.
        let u = [para(25, 100, NORMAL)];
        assert_eq!(pages(&u, 1000), vec![(1, 3)]);
    }

    #[test]
    fn table_rows_never_split_and_the_header_repeats() {
        // Header 100, rows 100: 10 + 100 + 8 rows = 910 on page 1 of 1000; then the header
        // again and the rest.
        let t = Unit::Table {
            header: 100,
            rows: vec![100; 20],
        };
        let (spans, n) = paginate(std::slice::from_ref(&t), 1000);
        let brk = page_break(100, NORMAL);
        assert_eq!(
            paginate(&[t.clone(), brk], 1000).1,
            3,
            "a trailing break adds no page"
        );
        assert_eq!(spans[0], Span { first: 1, last: 3 });
        assert_eq!(n, 3);
        // A caption kept with the table moves with its first row.
        let caption = ParaFormat {
            keep_next: true,
            ..CAPTION
        };
        let u = [para(1, 830, NORMAL), para(1, 50, caption), t.clone()];
        assert_eq!(pages(&u, 1000), vec![(1, 1), (2, 2), (2, 4)]);
    }

    #[test]
    fn a_picture_goes_with_its_caption_when_the_caption_footnote_does_not_fit() {
        // LibreOffice's serif letter, the 2,000-block document's page 253: a quote, then a
        // picture (keep with next) and its caption citing a source. Picture and caption fit
        // below the quote; the caption's footnote does not. Writer 7.4 moves picture and
        // caption (and the footnote) to the next page; the flow left the picture and moved
        // the caption alone.
        let picture = Unit::Para(ParaUnit {
            lines: vec![13172],
            format: ParaFormat {
                keep_next: true,
                ..CELL
            },
            footnotes: (0, 0),
        });
        let caption = Unit::Para(ParaUnit {
            lines: vec![210],
            format: CAPTION,
            footnotes: (233, 1),
        });
        let u = [para(1, 633, CELL), picture, caption];
        assert_eq!(pages(&u, 14300), vec![(1, 1), (2, 2), (2, 2)]);
        // With room for the footnote and its separator too, all stay.
        let all = 633 + 13172 + 210 + 233 + FOOTNOTE_SEPARATOR;
        assert_eq!(pages(&u, all), vec![(1, 1), (1, 1), (1, 1)]);
    }

    #[test]
    fn a_heading_kept_with_a_page_break_moves_when_they_only_fit_past_the_bottom() {
        // Writer moves a keep-with-next heading and the page-break paragraph after it to the
        // next page when they pass the bottom margin at all (pandoc's template, the 2,000-block
        // document: they passed it by 4 twips).
        let plain = ParaFormat {
            before: 0,
            after: 0,
            line: 240,
            rule: LineRule::Auto,
            grid: 0,
            ..NORMAL
        };
        let heading = ParaFormat {
            keep_next: true,
            ..plain
        };
        let brk = |h: Twips| page_break(h, plain);
        let u = |h| [para(1, 500, plain), para(1, 200, heading), brk(h)];
        assert_eq!(pages(&u(300), 1000), vec![(1, 1), (1, 1), (1, 1)]);
        assert_eq!(pages(&u(303), 1000), vec![(1, 1), (2, 2), (2, 2)]);
        // Nor may a last line alone (single spacing: no slack; Writer 7.4 fits a line by its
        // natural height, to the twip: `ParaFormat::slack`).
        assert_eq!(
            pages(&[para(1, 500, plain), para(1, 500, plain)], 1000),
            vec![(1, 1), (1, 1)]
        );
        assert_eq!(
            pages(&[para(1, 500, plain), para(1, 501, plain)], 1000),
            vec![(1, 1), (2, 2)]
        );
    }

    #[test]
    fn a_page_break_starts_the_next_block_on_a_new_page_with_its_space_before() {
        let brk = page_break(100, NORMAL);
        let u = [
            para(1, 100, NORMAL),
            brk,
            para(1, 100, heading(1)),
            para(6, 100, NORMAL),
        ];
        // Heading at the top of page 2 keeps its 360 before: 360 + 100 + 120 + 600 = 1180.
        assert_eq!(pages(&u, 1180), vec![(1, 1), (1, 1), (2, 2), (2, 2)]);
        // (The last line's spacing may stand past the bottom: its slack.)
        assert_eq!(pages(&u, 1180 - NORMAL.slack(100))[3], (2, 2));
        assert_eq!(pages(&u, 1179 - NORMAL.slack(100))[3], (2, 3));
    }

    #[test]
    fn a_cited_line_leaves_the_page_where_writer_moved_it() {
        // Writer 7.4 probes (FOOTNOTE_SEPARATOR): a 12,960-twip body, an exact line of X twips,
        // a 300-twip line citing a one-line footnote of `note` twips; the last X that kept the
        // cited line on page 1, per footnote line (X + 1 moved it: 230 and 290 probed).
        for (note, last_x) in [(230, 12_306), (290, 12_246), (244, 12_292)] {
            let cited = |x: Twips| {
                [
                    Unit::Para(ParaUnit {
                        lines: vec![x],
                        format: exact(x),
                        footnotes: (0, 0),
                    }),
                    Unit::Para(ParaUnit {
                        lines: vec![300],
                        format: exact(300),
                        footnotes: (note, 1),
                    }),
                ]
            };
            assert_eq!(
                pages(&cited(last_x), 12_960)[1],
                (1, 1),
                "{note}: {last_x} fits"
            );
            assert_eq!(
                pages(&cited(last_x + 1), 12_960)[1],
                (2, 2),
                "{note}: {last_x} + 1"
            );
        }
    }

    #[test]
    fn below_a_footnote_the_last_line_still_runs_its_spacing_into_the_margin() {
        // Writer 7.4 probes on our styles (12,960-twip body, one-line 244-twip footnote): a
        // 300-twip exact line citing it, an exact line of X twips, then a 1.15 Normal line
        // (309 twips, 40 of them spacing). It stayed on page 1 up to X = 12,020 and went to
        // page 2 from 12,024; with a Heading 2 (240 before, 365, 120 after) kept with it, up to
        // 11,299 and from 11,300; the same Normal line citing the footnote after an exact line
        // of X twips, up to X = 12,322 and from 12,326 (an exact cited line: 12,292, as
        // `a_cited_line_leaves_the_page_where_writer_moved_it`). Without the spacing run into
        // the margin the flow moved them from 11,984, 11,259 and 12,284 (2026-11-27: our
        // English minutes' "Next steps" a page late, the 2,000-block document from page 18).
        let line = |x: Twips, chain: bool| {
            let mut u = vec![
                Unit::Para(ParaUnit {
                    lines: vec![300],
                    format: exact(300),
                    footnotes: (244, 1),
                }),
                para(1, x, exact(x)),
            ];
            if chain {
                u.push(para(1, 365, heading(2)));
            }
            u.push(para(1, 309, NORMAL));
            pages(&u, 12_960).last().copied()
        };
        assert_eq!(NORMAL.slack(309), 40);
        assert_eq!(line(12_020, false), Some((1, 1)));
        assert_eq!(line(12_024, false), Some((2, 2)));
        assert_eq!(line(11_296, true), Some((1, 1)));
        assert_eq!(line(11_300, true), Some((2, 2)));
        let cited = |x: Twips| {
            let u = [
                para(1, x, exact(x)),
                Unit::Para(ParaUnit {
                    lines: vec![309],
                    format: NORMAL,
                    footnotes: (244, 1),
                }),
            ];
            pages(&u, 12_960)[1]
        };
        assert_eq!(cited(12_322), (1, 1));
        assert_eq!(cited(12_326), (2, 2));
    }

    #[test]
    fn a_picture_line_adds_what_proportional_spacing_adds_to_the_font() {
        use specrender_fonts::FontOptions;
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let caladea = book.find_family("Caladea", false).unwrap();
        let natural = face_line(&book, caladea, 1100);
        assert_eq!(natural, 253);
        let auto = |line| ParaFormat {
            line,
            rule: LineRule::Auto,
            grid: 0,
            ..NORMAL
        };
        // Writer 7.4: 576 pt in python-docx's Normal (1.15): 577.9 pt (253 x 115 / 100 =
        // 290: 37 twips more, 577.85 pt); 656.5 pt in LibreOffice's letter (single): 656.5 pt.
        assert_eq!(auto(276).picture_line(11_520, natural), 11_520 + 37);
        assert_eq!(auto(240).picture_line(13_130, natural), 13_130);
        let exact = ParaFormat {
            rule: LineRule::Exact,
            line: 300,
            ..auto(240)
        };
        assert_eq!(exact.picture_line(13_130, natural), 300);
    }

    #[test]
    fn footnotes_take_room_at_the_bottom_of_their_page() {
        let cited = Unit::Para(ParaUnit {
            lines: vec![100],
            format: NORMAL,
            footnotes: (200, 1),
        });
        // 500 + 120 + 100 = 720, and the note with the separator below.
        let u = [para(1, 500, NORMAL), cited, para(2, 100, NORMAL)];
        let need = 720 + 200 + FOOTNOTE_SEPARATOR;
        assert_eq!(pages(&u, need), vec![(1, 1), (1, 1), (2, 2)]);
        // The cited line's spacing runs into the margin.
        let slack = NORMAL.slack(100);
        assert_eq!(pages(&u, need - slack - 1), vec![(1, 1), (2, 2), (2, 2)]);
        // The next two lines need 720 + 120 + 200 = 1040 above the note and separator, the
        // last line's spacing running into the margin as without footnotes.
        let h = 1040 + 200 + FOOTNOTE_SEPARATOR;
        assert_eq!(pages(&u, h - slack), vec![(1, 1), (1, 1), (1, 1)]);
        assert_eq!(pages(&u, h - slack - 1), vec![(1, 1), (1, 1), (2, 2)]);
        let plain = [
            para(1, 500, NORMAL),
            para(1, 100, NORMAL),
            para(2, 100, NORMAL),
        ];
        assert_eq!(pages(&plain, 1100), vec![(1, 1), (1, 1), (1, 1)]);
    }

    #[test]
    fn line_heights_are_writers_at_every_size() {
        // Writer 7.4, single spacing: the baseline pitch (twips) of 16-line paragraphs, one
        // per font and size (9, 10.5, 11, 12, 13, 14, 20 and 28 pt of the 17 probed), read
        // from its PDF with conformance's fonts. Rounding each metric to twips (the rule
        // before) gave 127 of the 170 probed: Noto Sans CJK 318 at 11 pt, 347 at 12.
        use specrender_fonts::FontOptions;
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let sizes = [900, 1050, 1100, 1200, 1300, 1400, 2000, 2800];
        let probed: [(&str, [Twips; 8]); 10] = [
            ("Carlito", [220, 256, 269, 293, 317, 342, 488, 684]),
            ("Caladea", [207, 242, 253, 276, 299, 322, 460, 644]),
            ("Liberation Sans", [207, 242, 253, 276, 300, 322, 460, 644]),
            ("Liberation Serif", [207, 242, 253, 276, 299, 322, 460, 644]),
            ("DejaVu Sans", [210, 245, 256, 280, 303, 326, 466, 652]),
            ("Noto Sans CJK JP", [261, 304, 319, 348, 377, 406, 579, 811]),
            ("Noto Sans Thai", [272, 317, 333, 363, 393, 423, 604, 846]),
            (
                "Noto Sans Arabic",
                [380, 444, 465, 507, 549, 591, 845, 1183],
            ),
            ("Noto Sans Hebrew", [245, 286, 299, 326, 354, 381, 544, 762]),
            (
                "Noto Sans Devanagari",
                [235, 274, 287, 313, 339, 365, 522, 730],
            ),
        ];
        for (family, heights) in probed {
            // DejaVu Sans is not shipped: its metrics are known by name.
            let metrics = book.named_line_metrics(family, false).unwrap_or_else(|| {
                LineMetrics::of(book.face(book.find_family(family, false).unwrap()))
            });
            let ours: Vec<Twips> = sizes.iter().map(|&s| metrics_line(metrics, s)).collect();
            assert_eq!(ours, heights, "{family}");
        }
        // Proportional spacing, 11 pt (Carlito, Caladea, Noto Sans CJK JP, Noto Sans Thai:
        // 269, 253, 319, 333 single) at 1.08, 1.15, 1.2, 1.5 and 2 lines.
        let probed: [(Twips, [Twips; 4]); 5] = [
            (259, [290, 273, 344, 359]),
            (276, [309, 290, 366, 382]),
            (288, [322, 303, 382, 399]),
            (360, [403, 379, 478, 499]),
            (480, [538, 506, 638, 666]),
        ];
        for (line, heights) in probed {
            let ours = [269, 253, 319, 333].map(|h| spaced(h, line));
            assert_eq!(ours, heights, "w:line {line}");
        }
        assert_eq!([259, 246, 276, 240].map(line_percent), [108, 102, 115, 100]);
    }

    #[test]
    fn line_heights_follow_the_tallest_face_on_each_line() {
        use specrender_fonts::FontOptions;
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let latin = book.find_family("Carlito", false).unwrap();
        let ea = book.find_family("Noto Sans CJK KR", false).unwrap();
        // Writer: Carlito 11 pt is 269 twips, at 1.15 309 (15.45 pt); Noto Sans CJK 366.
        assert_eq!(face_line(&book, latin, 1100), 269);
        assert_eq!(spaced(face_line(&book, latin, 1100), 276), 309);
        assert_eq!(spaced(face_line(&book, ea, 1100), 276), 366);
        let fonts = TextFonts {
            latin: "Calibri".into(),
            ea: "Noto Sans CJK KR".into(),
            cs: "Calibri".into(),
            faces: specrender_fonts::SlotFaces {
                latin,
                ea,
                cs: latin,
            },
            bold: false,
            lines: Default::default(),
        };
        let mut m = Measurer::new(&book);
        let text = "plain Latin words 한국어";
        let broken = Broken {
            lines: vec![
                crate::text::linebreak::LineSpan {
                    start: 0,
                    end: 18,
                    width: 0,
                },
                crate::text::linebreak::LineSpan {
                    start: 18,
                    end: text.len(),
                    width: 0,
                },
            ],
            broken_words: vec![],
        };
        assert_eq!(
            line_heights(&mut m, &fonts, text, &broken, 1100, &NORMAL),
            vec![309, 366]
        );
    }
}

#[cfg(test)]
mod writer_width_tests {
    use super::*;

    /// `text` laid as one line.
    fn one_line(text: &str) -> Broken {
        Broken {
            lines: vec![crate::text::linebreak::LineSpan {
                start: 0,
                end: text.len(),
                width: 0,
            }],
            broken_words: vec![],
        }
    }

    #[test]
    fn a_run_is_sized_by_the_font_it_names_where_that_is_known() {
        // pandoc's reference.docx names Cambria for East Asian text: Writer draws Hangul with
        // Noto Sans CJK but sizes the line by Cambria's clone Caladea (11.5 pt at 10 pt,
        // measured), not by Noto Sans CJK (14.5 pt); LibreOffice's letter names DejaVu Sans
        // (11.65 pt measured). A family nothing is known of: the face that draws.
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let latin = book.find_family("Caladea", false).unwrap();
        let mut m = Measurer::new(&book);
        let text = "한국어 문장";
        let broken = one_line(text);
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let mut heights = |ea: &str| {
            let fonts = crate::ctx::resolve_fonts(&book, "Cambria", ea, false, &mut Vec::new());
            assert_eq!(fonts.faces.latin, latin);
            line_heights(&mut m, &fonts, text, &broken, 1000, &single)
        };
        assert_eq!(heights("Cambria"), vec![230]);
        assert_eq!(heights("DejaVu Sans"), vec![233]);
        assert_eq!(heights("Malgun Gothic"), vec![290]);
        assert_eq!(heights("Noto Sans CJK KR"), vec![290]);
    }

    #[test]
    fn a_line_of_two_fonts_takes_the_tallest_ascent_and_the_deepest_descent() {
        // LibreOffice's serif letter: Liberation Serif 11 pt (196 + 48 twips, a 9-twip line
        // gap that Writer puts above the line), Hangul named DejaVu Sans (204 + 52). Writer
        // 7.4 sets lines of Hangul 256 twips apart, of Latin 253, and of Hangul with a Latin
        // letter 257 (205 above + 52 below: taller than either font's own line). Measured
        // over 45 lines each (the 2,000-block document's Korean lines gained 1 twip each).
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let fonts = crate::ctx::resolve_fonts(
            &book,
            "Liberation Serif",
            "DejaVu Sans",
            false,
            &mut Vec::new(),
        );
        let mut m = Measurer::new(&book);
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let mut height =
            |text: &str| line_heights(&mut m, &fonts, text, &one_line(text), 1100, &single);
        assert_eq!(height("한국어 문장"), vec![256]);
        assert_eq!(height("plain words"), vec![253]);
        assert_eq!(height("한국어 A 문장"), vec![257]);
    }

    #[test]
    fn korean_spaces_are_set_in_the_east_asian_font_named() {
        // LibreOffice's serif letter (11 pt Liberation Serif, East Asian text named DejaVu
        // Sans, which has a space but no Hangul): Writer 7.4 sets Korean words 0.318 em apart
        // (DejaVu Sans's space, 3.47 pt in its PDF), Noto Sans CJK drawing the syllables.
        // This paragraph of the 2,000-block document is four lines there ("... 16%" ends
        // the second, 410.0 pt wide with Noto Sans CJK's 0.28 em spaces: three lines).
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let text = "11월에 파트너 포털을 출시합니다. 셀프서비스 전환율이 계획 대비 8.3% \
                    개선되었습니다. 일본과 한국 시장이 절반 이상을 차지했습니다. 영업비용이 \
                    계획 대비 16% 개선되었습니다. 庫存週轉率同比增長40%。\
                    新加坡區域的一次故障解釋了大部分下滑。";
        let lang = ShapeLang::Korean;
        let mut lines = |ea: &str| {
            let fonts =
                crate::ctx::resolve_fonts(&book, "Liberation Serif", ea, false, &mut Vec::new());
            let width = 5_220_335; // A4 less the letter's margins, 411.05 pt
            let p =
                crate::text::prepare::prepare_unmetered(&mut m, &fonts, lang, text, 1100, width, 0);
            let segs = m.segment(text, fonts.faces, false);
            let set = Setting {
                cs: 1.0,
                ea_space_emu: ea_space_emu(&fonts),
            };
            let space = {
                let pc = &writer_pieces(&mut m, lang, (&p).into(), &segs, set, true)[1]; // "월에 "
                (pc.w_full - pc.w_trim) / specrender_spec::units::EMU_PER_PT as f64
            };
            let n = writer_lines(&mut m, &fonts, lang, (&p).into(), 1100, 1100, width)
                .lines
                .len();
            (space, n)
        };
        let (space, n) = lines("DejaVu Sans");
        assert!((space - 651.0 / 2048.0).abs() < 1e-6, "{space}");
        assert_eq!(n, 4);
        // A family the book has measures its own spaces.
        let (space, _) = lines("Noto Sans CJK KR");
        assert!((space - 0.28).abs() < 0.01, "{space}");
    }

    #[test]
    fn writer_autospaces_only_between_asian_and_latin_letters() {
        // "5월": one; "다." (punctuation) and "를 3" (a space): none.
        assert_eq!(autospaces("5월"), 1.0);
        assert_eq!(autospaces("증가했습니다."), 0.0);
        assert_eq!(autospaces("를 33.7%"), 0.0);
        assert_eq!(autospaces("2026年API"), 2.0);
        assert!(!autospace_between('%', '가'));
    }

    #[test]
    fn writer_keeps_korean_words_whole_but_breaks_a_number_from_one() {
        let t = "3월까지 75만 명 https://a.example/b";
        let at = |s: &str| t.find(s).unwrap();
        // Only Hangul beside Hangul is kept; "3월" and "75만" are left to UAX #14.
        assert!(!writer_keeps(t, at("월")));
        assert!(writer_keeps(t, at("까지")));
        assert!(!writer_keeps(t, at("만")), "75|만");
        assert!(writer_keeps(t, at("example/b") + "example/".len()));
    }

    #[test]
    fn writer_widths_have_no_kerning() {
        use specrender_fonts::FontOptions;
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let latin = book.find_family("Carlito", false).unwrap();
        let mut m = Measurer::new(&book);
        let segs = m.segment(
            "AV",
            specrender_fonts::SlotFaces {
                latin,
                ea: latin,
                cs: latin,
            },
            false,
        );
        let set = Setting {
            cs: 1.0,
            ea_space_emu: None,
        };
        let plain = unkerned(&mut m, ShapeLang::Default, "AV", (&segs, &mut 0), 0..2, set);
        let shaped = m.width_per_pt_lang(latin, ShapeLang::Default, "AV");
        let glyphs = m.width_per_pt_lang(latin, ShapeLang::Default, "A")
            + m.width_per_pt_lang(latin, ShapeLang::Default, "V");
        assert_eq!(plain, glyphs);
        assert!(shaped < plain, "Carlito kerns AV: {shaped} < {plain}");
    }

    #[test]
    fn writer_breaks_a_path_after_a_hyphen_before_digits_and_before_a_slash_after_a_space() {
        // Writer 7.4 set this paragraph (python-docx's template, 11 pt, 432 pt wide) in three
        // lines, breaking "…/exports/2026-|11-23/…"; measured as one word from "17.5%." to
        // ".parquet" (UAX #14 keeps "-" with digits and a space with the slash after it), it
        // was broken by grapheme into four.
        let text = "Gross margin outpaced the industry benchmark by 17.5%. \
                    /srv/data/warehouse/exports/2026-11-23/customer_revenue_monthly_partitioned.parquet \
                    Self-serve conversion held steady at $92.0M despite seasonality. \
                    Without the one-off migration credit the number would be lower.";
        let (starts, broken_words) = writers_lines_of(text, ShapeLang::Default, 1100, 5_486_400);
        assert_eq!(starts.len(), 3, "{starts:?}");
        assert!(starts[0].ends_with("/exports/2026-"), "{starts:?}");
        assert!(starts[1].starts_with("11-23/customer"), "{starts:?}");
        assert!(broken_words);
    }

    /// `text`'s lines as Writer sets them at `size` in `width` EMU (Cambria with Noto Sans CJK
    /// KR), and whether no word was broken inside.
    fn writers_lines_of(text: &str, lang: ShapeLang, size: Cpt, width: i64) -> (Vec<&str>, bool) {
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let fonts =
            crate::ctx::resolve_fonts(&book, "Cambria", "Noto Sans CJK KR", false, &mut Vec::new());
        let mut m = Measurer::new(&book);
        let p = crate::text::prepare::prepare_unmetered(&mut m, &fonts, lang, text, size, width, 0);
        let broken = writer_lines(&mut m, &fonts, lang, (&p).into(), size, size, width);
        let lines = broken.lines.iter().map(|l| &text[l.start..l.end]).collect();
        (lines, broken.broken_words.is_empty())
    }

    #[test]
    fn a_cells_pieces_kept_from_its_extent_make_the_lines_writer_lines_makes() {
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let fonts =
            crate::ctx::resolve_fonts(&book, "Cambria", "Noto Sans CJK KR", false, &mut Vec::new());
        let mut m = Measurer::new(&book);
        let lang = ShapeLang::Korean;
        for text in [
            "Revenue",
            "매출 89,461억 원 (전년 대비 12% 증가)",
            "Quarterly revenue grew 12% year over year, 東京 5월",
            "https://docs.example.com/platform/exports",
            "PN-4471 exports /var/lib",
        ] {
            let p = crate::text::prepare::prepare_unmetered(&mut m, &fonts, lang, text, 900, 1, 0);
            let (extent, kept) = writer_extent_with_pieces(&mut m, &fonts, lang, &p);
            assert_eq!(extent, writer_extent(&mut m, &fonts, lang, &p));
            // Kept only where writer_lines would make the same pieces (no LibreOffice cut).
            let cut = !crate::text::linebreak::libreoffice_extra(text).is_empty();
            assert_eq!(kept.is_none(), cut, "{text}");
            let Some(kept) = kept else { continue };
            for width in [1, 200_000, 900_000, 5_000_000] {
                let want = writer_lines(&mut m, &fonts, lang, (&p).into(), 900, 900, width);
                let got = writer_lines_from(&mut m, &fonts, lang, &p, kept.clone(), 900, width);
                assert_eq!(got, want, "{text} in {width}");
            }
        }
    }

    #[test]
    fn writer_wraps_the_space_after_a_syllable_wider_than_a_table_column() {
        // Writer 7.4, an 8 pt cell 357 twips wide (117 inside its margins) on the two-column
        // template: "89,461억 원" in eight lines, "8", "9,", "4", "6", "1", "억", a blank line,
        // "원" (the 2,000-block document's rows 252-254 twips taller than counted in seven).
        let lines = |text, width| -> Vec<&str> {
            let (lines, _) = writers_lines_of(text, ShapeLang::Korean, 800, width);
            lines.into_iter().map(str::trim).collect()
        };
        assert_eq!(
            lines("89,461억 원", 117 * 635),
            ["8", "9,", "4", "6", "1", "억", "", "원"]
        );
        // A header 66 twips inside: "지역 4분기" in six lines, one blank (the digit's autospace
        // before "분" is no space).
        assert_eq!(
            lines("지역 4분기", 66 * 635),
            ["지", "역", "", "4", "분", "기"]
        );
    }

    #[test]
    fn complex_script_text_is_set_at_its_own_size() {
        // LibreOffice's letter template: Latin at 10 pt (`w:sz`), Arabic at 12 pt (`w:szCs`).
        // Writer 7.4 draws this paragraph (A4, 481.9 pt of text width) in five 12 pt lines,
        // 14.0 pt apart (measured in its PDF); at 10 pt it would be four of 11.65 pt.
        let book = FontBook::new(&specrender_fonts::FontOptions::default()).unwrap();
        let fonts =
            crate::ctx::resolve_fonts(&book, "Noto Sans", "DejaVu Sans", false, &mut Vec::new());
        let mut m = Measurer::new(&book);
        let sentence = "ارتفعت الإيرادات في جميع المناطق هذا الربع، وقاد نمو منطقة آسيا والمحيط الهادئ هذا الارتفاع بنسبة كبيرة. ";
        let text = sentence.repeat(4);
        let width = 6_120_130;
        let lang = ShapeLang::Default;
        let single = ParaFormat::new("Normal", 0, 0, 240);
        let lines = |m: &mut Measurer<'_>, format: &ParaFormat| {
            let p = crate::text::prepare::prepare_unmetered(m, &fonts, lang, &text, 1000, width, 0);
            let broken = writer_lines(
                m,
                &fonts,
                lang,
                (&p).into(),
                1000,
                format.cs_size(1000),
                width,
            );
            line_heights(m, &fonts, &text, &broken, 1000, format)
        };
        let at_12 = lines(
            &mut m,
            &ParaFormat {
                cs: Some(1200),
                ..single
            },
        );
        let at_10 = lines(&mut m, &single);
        assert_eq!(at_12.len(), 5);
        assert_eq!(at_10.len(), 4);
    }
}
