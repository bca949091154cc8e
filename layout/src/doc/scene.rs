//! A document's pages laid out for drawing ([`DocPages`]): the page model's own decision
//! ([`flow::paginate_placed`]: the page, column and top of every line and table row) with each
//! line's glyphs, so the PDF and page images draw exactly the lines and pages QC and the DOCX
//! conformance suite count — nothing is broken or paginated again.
//!
//! - **Lines**: each paragraph's lines as Writer breaks them ([`flow::para_lines_at`]), every
//!   glyph shaped with the face the line was measured with, advanced at the size without a
//!   device grid (Writer's widths) with Writer's autospace between Asian and Latin letters
//!   ([`flow::WRITER_AUTOSPACE_PER_PT`]); right-to-left runs in visual order.
//! - **Vertical**: a line's baseline is its top plus the ascent and line gap of the tallest
//!   face on it at its size ([`flow::metrics_parts`]); what line spacing adds stands below (as
//!   the flow lets it run into the bottom margin).
//! - **Alignment**: a block's `style.align` (justified lines stretch their spaces, the last line
//!   not), a right-to-left paragraph from the right, an attribution right, a picture centred.
//! - **Lists**: the label (bullet or number) hangs in the numbering's indent.
//! - **Tables**: each row where the flow put it, the header row again on every page the table
//!   continues onto, cell text broken as the row heights were measured, the header shaded, thin
//!   rules round every cell.
//! - **Footnotes**: the mark raised after the citing paragraph's last line; the notes at the
//!   foot of the page that line is on, under a separator, each number before its text.
//!
//! Not drawn yet (the PDF notes say so): a template's own headers, footers and page numbers,
//! italic faces (quotes and captions are measured and drawn upright), the complex-script size
//! of a style that sets one apart.

use std::sync::Arc;

use super::flow::{self, Placed, Twips, Unit};
use super::model::{LaidBlock, LaidContent, Page, EMU_PER_TWIP};
use super::{Finished, FlowFonts, LineJob};
use crate::text::glyphs::{has_rtl, visual_order};
use crate::text::TextFonts;
use specrender_fonts::{LineMetrics, Measurer, ScriptClass, Segment, ShapeLang};
use specrender_model::page::{DocPages, PageItem, PageLine, PageScene, Role};
use specrender_model::text::{LineGlyphs, PlacedGlyph};
use specrender_spec::units::{Cpt, EMU_PER_PT};

/// A paragraph's alignment as the document asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Align {
    /// The paragraph's start: left, or right for right-to-left text.
    #[default]
    Auto,
    Left,
    Center,
    Right,
    Justify,
}

impl Align {
    /// A block's `style.align`.
    pub fn of(a: Option<&str>) -> Align {
        match a {
            Some("left") => Align::Left,
            Some("center") => Align::Center,
            Some("right") => Align::Right,
            Some("justify") => Align::Justify,
            _ => Align::Auto,
        }
    }
}

/// What one flow unit is, for drawing: its role, alignment and colour, the job whose lines it
/// has (none: a table, or a picture's line) and the jobs of its footnotes.
#[derive(Debug, Clone)]
pub struct Meta {
    pub role: Role,
    pub align: Align,
    pub color: [u8; 3],
    pub job: Option<usize>,
    pub notes: Vec<usize>,
}

impl Default for Meta {
    fn default() -> Meta {
        Meta {
            role: Role::Body { block: None },
            align: Align::Auto,
            color: [0, 0, 0],
            job: None,
            notes: Vec::new(),
        }
    }
}

/// The footnotes' text size.
pub struct NoteText {
    pub size: Cpt,
}

/// What the pages are drawn with besides the flow.
pub struct Args<'a> {
    pub page: &'a Page,
    pub heights: &'a flow::Heights,
    pub lang: ShapeLang,
    pub language: &'a str,
    pub note: NoteText,
    pub text: [u8; 3],
    /// Table rules and the footnote separator.
    pub rule: [u8; 3],
    pub header_fill: [u8; 3],
    pub header_text: [u8; 3],
    /// The list numbering's indent and hanging (twips).
    pub list_indent: (Twips, Twips),
}

/// Size of a footnote mark and of a footnote's number, of the text's: 58 % (a superscript).
const MARK_SCALE: f64 = 0.58;
/// How far a superscript is raised, of the text's size: a third.
const MARK_RISE: f64 = 0.33;
/// Table rules and the separator: 0.5 pt.
const RULE: f64 = 0.5 * EMU_PER_PT as f64;
/// The footnote separator's length, of the text width: a quarter (Writer's).
const SEPARATOR_SHARE: f64 = 0.25;

const TW: f64 = EMU_PER_TWIP as f64;

/// Builds the pages of a document from its measured flow `done`, placed as `placed`.
pub(crate) fn build(
    m: &mut Measurer<'_>,
    fonts: &FlowFonts,
    a: &Args<'_>,
    done: &Finished<'_>,
    placed: &Placed,
    blocks: &[LaidBlock],
) -> DocPages {
    let page = a.page;
    let mut d = Drawer {
        m,
        a,
        pages: vec![PageScene::default(); placed.pages.max(1) as usize],
        para: 0,
        notes: vec![Vec::new(); placed.pages.max(1) as usize],
        lang: Arc::from(a.language),
    };
    for (i, ((block, _, unit), meta)) in done.out.iter().zip(&done.meta).enumerate() {
        let (from, to) = placed.of[i];
        let at = &placed.at[from..to];
        match (unit, meta.job) {
            (Unit::Table { .. }, _) => {
                if let Some(LaidContent::Table(t)) = block.map(|b| &blocks[b].content) {
                    d.table(fonts, block.unwrap_or_default(), t, at);
                }
            }
            (Unit::Para(p) | Unit::PageBreak(p), Some(j)) => {
                let cites: Vec<u32> = match block {
                    Some(b) if !meta.notes.is_empty() => {
                        blocks[*b].cites.iter().map(|c| c.0).collect()
                    }
                    _ => Vec::new(),
                };
                let para = Para {
                    job: &done.jobs[j],
                    ranges: &done.ranges[j],
                    format: &p.format,
                    meta,
                    cites: &cites,
                };
                let last = d.paragraph(&para, at);
                if let Some(page) = last {
                    for (n, &job) in cites.iter().zip(&meta.notes) {
                        d.notes[page as usize - 1].push((*n, job));
                    }
                }
            }
            (Unit::Para(_) | Unit::PageBreak(_), None) => {
                if let (Some(b), Some(at)) = (*block, at.first()) {
                    if let LaidContent::Figure(f) = &blocks[b].content {
                        if let Ok(image) = &f.image {
                            let (w, h) = (f.extent.0 as f64, f.extent.1 as f64);
                            let avail = page.text_width() as f64;
                            let x = d.left(at.column) + (avail - w) / 2.0;
                            let y = page.margins[0] as f64 + at.y as f64 * TW;
                            let alt = f.alt.clone().filter(|a| !a.trim().is_empty());
                            d.pages[at.page as usize - 1].items.push(PageItem::Picture {
                                rect: [x, y, w, h],
                                image: image.clone(),
                                alt,
                                block: b,
                            });
                        }
                    }
                }
            }
        }
    }
    d.footnotes(fonts, done);
    DocPages {
        width: page.width,
        height: page.height,
        pages: d.pages,
    }
}

/// A paragraph to draw: its measuring job, its lines' byte ranges, format and role.
struct Para<'p, 'f> {
    job: &'p LineJob<'f>,
    ranges: &'p [(usize, usize)],
    format: &'p flow::ParaFormat,
    meta: &'p Meta,
    /// The footnote numbers its last line is marked with.
    cites: &'p [u32],
}

struct Drawer<'a, 'm, 'b> {
    m: &'m mut Measurer<'b>,
    a: &'a Args<'a>,
    pages: Vec<PageScene>,
    /// The running paragraph number.
    para: u32,
    /// Each page's footnotes: (number, the job measuring its text).
    notes: Vec<Vec<(u32, usize)>>,
    lang: Arc<str>,
}

impl Drawer<'_, '_, '_> {
    /// The left edge of column `column` (EMU from the page's left edge).
    fn left(&self, column: u32) -> f64 {
        let p = self.a.page;
        let space = p.columns.map_or(0, |c| c.1);
        (p.margins[3] + p.gutter) as f64 + f64::from(column) * (p.text_width() + space) as f64
    }

    /// The top of the text area (EMU from the page's top edge).
    fn top(&self) -> f64 {
        self.a.page.margins[0] as f64
    }

    /// Draws a paragraph's lines where the flow put them; returns the page its last line is on.
    fn paragraph(&mut self, p: &Para<'_, '_>, at: &[flow::At]) -> Option<u32> {
        let text = p.job.text.as_str();
        let para = self.para;
        self.para += 1;
        if text.trim().is_empty() {
            return at.last().map(|a| a.page);
        }
        let fonts = p.job.fonts;
        let size = p.job.size;
        let shaped: Arc<str> = Arc::from(text);
        let prep = LineText::new(self.m, fonts, text);
        let rtl = specrender_fonts::starts_right_to_left(text);
        let mut last = None;
        let n = p.ranges.len().min(at.len());
        for (l, (&(start, end), at)) in p.ranges.iter().zip(at).enumerate() {
            let mut g = writer_glyphs(self.m, &prep, text, (start, end), size, self.a.lang);
            let avail = p.job.width as f64;
            let visible = visible_width(&g, text);
            let x0 = self.left(at.column) + p.format.indent.0 as f64 * TW;
            let align = match p.meta.align {
                Align::Auto if rtl => Align::Right,
                Align::Auto => Align::Left,
                Align::Justify if l + 1 == n => {
                    if rtl {
                        Align::Right
                    } else {
                        Align::Left
                    }
                }
                a => a,
            };
            let dx = match align {
                Align::Right => avail - visible,
                Align::Center => (avail - visible) / 2.0,
                Align::Justify => {
                    justify(&mut g, text, avail - visible);
                    0.0
                }
                _ => 0.0,
            };
            let border = if l == 0 { p.format.border.0 } else { 0 };
            let above = line_above(self.m, fonts, &g, size);
            let baseline = self.top() + (at.y + border + above) as f64 * TW;
            let x = x0 + dx.max(0.0);
            let end_x = x + visible;
            if l == 0 {
                if let Role::Item { block, item } = p.meta.role {
                    self.label(fonts, p, (block, item), (x0, baseline), rtl, at.page);
                }
            }
            self.pages[at.page as usize - 1]
                .items
                .push(PageItem::Line(PageLine {
                    x,
                    baseline,
                    size,
                    color: p.meta.color,
                    text: shaped.clone(),
                    glyphs: g,
                    para,
                    role: p.meta.role.clone(),
                    lang: self.lang.clone(),
                }));
            if l + 1 == n {
                last = Some(at.page);
                if !p.meta.notes.is_empty() {
                    self.marks(fonts, p, (end_x, baseline), at.page, para);
                }
            }
        }
        last
    }

    /// A list item's label, hanging in the numbering's indent before its first line.
    fn label(
        &mut self,
        fonts: &TextFonts,
        p: &Para<'_, '_>,
        (block, item): (usize, usize),
        (x0, baseline): (f64, f64),
        rtl: bool,
        page: u32,
    ) {
        let ordered = p.format.style == "ListNumber";
        let text = if ordered {
            format!("{}.", item + 1)
        } else {
            "\u{2022}".to_string()
        };
        let size = p.job.size;
        let g = simple_glyphs(self.m, fonts.faces.latin, &text, size);
        let hanging = self.a.list_indent.1 as f64 * TW;
        let x = if rtl {
            x0 + p.job.width as f64 + hanging - g.width
        } else {
            x0 - hanging
        };
        let para = self.para - 1;
        self.pages[page as usize - 1]
            .items
            .push(PageItem::Line(PageLine {
                x,
                baseline,
                size,
                color: p.meta.color,
                text: Arc::from(text.as_str()),
                glyphs: g,
                para,
                role: Role::Label { block, item },
                lang: self.lang.clone(),
            }));
    }

    /// The footnote marks after a paragraph's last line (its block's citations, in order).
    fn marks(
        &mut self,
        fonts: &TextFonts,
        p: &Para<'_, '_>,
        (mut x, baseline): (f64, f64),
        page: u32,
        para: u32,
    ) {
        if !matches!(
            p.meta.role,
            Role::Body { .. }
                | Role::Heading { .. }
                | Role::Item { .. }
                | Role::Quote { .. }
                | Role::Attribution { .. }
                | Role::Caption { .. }
        ) {
            return;
        }
        let size = p.job.size;
        let small = (f64::from(size) * MARK_SCALE).round() as Cpt;
        let rise = f64::from(size) / 100.0 * MARK_RISE * EMU_PER_PT as f64;
        for &number in p.cites {
            let text = number.to_string();
            let g = simple_glyphs(self.m, fonts.faces.latin, &text, small);
            let w = g.width;
            self.pages[page as usize - 1]
                .items
                .push(PageItem::Line(PageLine {
                    x,
                    baseline: baseline - rise,
                    size: small,
                    color: p.meta.color,
                    text: Arc::from(text.as_str()),
                    glyphs: g,
                    para,
                    role: Role::NoteMark { number },
                    lang: self.lang.clone(),
                }));
            x += w;
        }
    }

    /// A table's rows where the flow put them (`at`: the header row and each body row; the
    /// header again on each page it continues onto).
    fn table(
        &mut self,
        fonts: &FlowFonts,
        block: usize,
        t: &super::model::DocTable,
        at: &[flow::At],
    ) {
        let mut body_row = 0;
        let cols: Vec<f64> = t.widths.iter().map(|&w| w as f64).collect();
        let total: f64 = cols.iter().sum();
        let lw: Vec<i64> = t
            .widths
            .iter()
            .map(|&w| (w - 2 * super::table::CELL_MARGIN_LR).max(1))
            .collect();
        let mut segment_top: Option<(u32, u32)> = None;
        let mut headers = 0;
        for place in at {
            if place.header {
                headers += 1;
            }
            let row = if place.header {
                0
            } else {
                body_row += 1;
                body_row
            };
            let Some(&h) = t.row_heights.get(row) else {
                continue;
            };
            let texts: Vec<&str> = if row == 0 {
                t.columns.iter().map(String::as_str).collect()
            } else {
                t.rows[row - 1].iter().map(String::as_str).collect()
            };
            let x0 = self.left(place.column);
            let y = self.top() + place.y as f64 * TW;
            let h_text = (h - flow::TABLE_BORDER) as f64 * TW;
            let items = &mut self.pages[place.page as usize - 1].items;
            let first_on_page = segment_top != Some((place.page, place.column));
            segment_top = Some((place.page, place.column));
            if row == 0 {
                items.push(PageItem::Fill {
                    rect: [x0, y, total, h_text],
                    color: self.a.header_fill,
                });
            }
            if first_on_page {
                let yb = y - flow::TABLE_BORDER as f64 * TW / 2.0;
                items.push(rule((x0, yb), (x0 + total, yb), self.a.rule));
            }
            let yb = y + h_text + flow::TABLE_BORDER as f64 * TW / 2.0;
            let mut x = x0;
            for w in std::iter::once(0.0).chain(cols.iter().copied()) {
                x += w;
                items.push(rule((x, y), (x, yb), self.a.rule));
            }
            items.push(rule((x0, yb), (x0 + total, yb), self.a.rule));
            let f = if row == 0 { &fonts.bold } else { &fonts.body };
            let mut cx = x0;
            for (c, text) in texts.iter().enumerate() {
                let w = cols.get(c).copied().unwrap_or(0.0);
                let align = if row == 0 {
                    t.header_align.get(c)
                } else {
                    t.align.get(row - 1).and_then(|r| r.get(c))
                };
                let color = if row == 0 {
                    self.a.header_text
                } else {
                    self.a.text
                };
                let role = Role::Cell {
                    block,
                    row,
                    column: c,
                    repeat: row == 0 && headers > 1,
                };
                let cell = Cell {
                    text,
                    fonts: f,
                    size: t.size,
                    width: lw.get(c).copied().unwrap_or(1),
                    align: align.copied().unwrap_or(crate::model::Align::Left),
                    color,
                    role,
                };
                self.cell(
                    &cell,
                    cx + super::table::CELL_MARGIN_LR as f64,
                    y,
                    place.page,
                );
                cx += w;
            }
        }
    }

    /// One cell's text from its top left (`x` inside the cell margin, `y` the row's top).
    fn cell(&mut self, c: &Cell<'_>, x: f64, y: f64, page: u32) {
        let para = self.para;
        self.para += 1;
        if c.text.trim().is_empty() {
            return;
        }
        let p = crate::text::prepare(self.m, c.fonts, self.a.lang, c.text, c.size, c.width);
        let broken = flow::writer_lines(
            self.m,
            c.fonts,
            self.a.lang,
            (&p).into(),
            c.size,
            c.size,
            c.width,
        );
        let heights = flow::line_heights(self.m, c.fonts, &p.text, &broken, c.size, &flow::CELL);
        let shaped: Arc<str> = Arc::from(p.text.as_str());
        let prep = LineText::new(self.m, c.fonts, &p.text);
        let rtl = specrender_fonts::starts_right_to_left(&p.text);
        let mut top = y + flow::CELL_MARGIN_TB as f64 * TW;
        for (l, h) in broken.lines.iter().zip(&heights) {
            let g = writer_glyphs(
                self.m,
                &prep,
                &p.text,
                (l.start, l.end),
                c.size,
                self.a.lang,
            );
            let visible = visible_width(&g, &p.text);
            let avail = c.width as f64;
            let dx = match c.align {
                crate::model::Align::Right => avail - visible,
                crate::model::Align::Center => (avail - visible) / 2.0,
                crate::model::Align::Left if rtl => avail - visible,
                crate::model::Align::Left => 0.0,
            };
            let above = line_above(self.m, c.fonts, &g, c.size);
            let baseline = top + above as f64 * TW;
            self.pages[page as usize - 1]
                .items
                .push(PageItem::Line(PageLine {
                    x: x + dx.max(0.0),
                    baseline,
                    size: c.size,
                    color: c.color,
                    text: shaped.clone(),
                    glyphs: g,
                    para,
                    role: c.role.clone(),
                    lang: self.lang.clone(),
                }));
            top += *h as f64 * TW;
        }
    }

    /// Each page's footnotes at the foot of its body, under a separator.
    fn footnotes(&mut self, fonts: &FlowFonts, done: &Finished<'_>) {
        let page = self.a.page;
        for pi in 0..self.notes.len() {
            let notes = std::mem::take(&mut self.notes[pi]);
            if notes.is_empty() {
                continue;
            }
            let pn = pi as u32 + 1;
            let total: Twips = notes.iter().flat_map(|&(_, j)| &done.lines[j]).sum();
            let body = self.a.heights.of(pn);
            let mut y = self.top() + (body - total) as f64 * TW;
            let x0 = self.left(0);
            let sep_y = y - flow::FOOTNOTE_SEPARATOR as f64 * TW / 2.0;
            let sep = page.text_width() as f64 * SEPARATOR_SHARE;
            self.pages[pi]
                .items
                .push(rule((x0, sep_y), (x0 + sep, sep_y), self.a.text));
            for (number, j) in notes {
                let job = &done.jobs[j];
                let text = job.text.as_str();
                let para = self.para;
                self.para += 1;
                let shaped: Arc<str> = Arc::from(text);
                let prep = LineText::new(self.m, job.fonts, text);
                let size = self.a.note.size;
                for (l, (&(start, end), &h)) in
                    done.ranges[j].iter().zip(&done.lines[j]).enumerate()
                {
                    let g = writer_glyphs(self.m, &prep, text, (start, end), size, self.a.lang);
                    let above = line_above(self.m, job.fonts, &g, size);
                    let baseline = y + above as f64 * TW;
                    let mut x = x0;
                    if l == 0 {
                        let small = (f64::from(size) * MARK_SCALE).round() as Cpt;
                        let rise = f64::from(size) / 100.0 * MARK_RISE * EMU_PER_PT as f64;
                        let t = number.to_string();
                        let mg = simple_glyphs(self.m, fonts.body.faces.latin, &t, small);
                        let mark_width = mg.width;
                        self.pages[pi].items.push(PageItem::Line(PageLine {
                            x: x0,
                            baseline: baseline - rise,
                            size: small,
                            color: self.a.text,
                            text: Arc::from(t.as_str()),
                            glyphs: mg,
                            para,
                            role: Role::Footnote { number },
                            lang: self.lang.clone(),
                        }));
                        // The text (a space first) follows its number.
                        x += mark_width;
                    }
                    self.pages[pi].items.push(PageItem::Line(PageLine {
                        x,
                        baseline,
                        size,
                        color: self.a.text,
                        text: shaped.clone(),
                        glyphs: g,
                        para,
                        role: Role::Footnote { number },
                        lang: self.lang.clone(),
                    }));
                    y += h as f64 * TW;
                }
            }
        }
    }
}

/// A table cell's text to draw.
struct Cell<'c> {
    text: &'c str,
    fonts: &'c TextFonts,
    size: Cpt,
    width: i64,
    align: crate::model::Align,
    color: [u8; 3],
    role: Role,
}

fn rule(from: (f64, f64), to: (f64, f64), color: [u8; 3]) -> PageItem {
    PageItem::Rule {
        from,
        to,
        width: RULE,
        color,
    }
}

/// A paragraph's text segmented with its fonts, and its bidirectional levels when it has
/// right-to-left text: what every line of it is cut from.
struct LineText<'t> {
    segs: Vec<Segment>,
    bidi: Option<unicode_bidi::BidiInfo<'t>>,
    rtl: bool,
}

impl<'t> LineText<'t> {
    fn new(m: &mut Measurer<'_>, fonts: &TextFonts, text: &'t str) -> LineText<'t> {
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
fn writer_glyphs(
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
                dx: g.x_offset,
                dy: g.y_offset,
                cluster: (a + g.cluster as usize) as u32,
            });
            x += f64::from(g.x_advance) / upm * pt * EMU_PER_PT as f64;
        }
    }
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
fn simple_glyphs(
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
                dx: g.x_offset,
                dy: g.y_offset,
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
fn blank_glyphs(g: &LineGlyphs, text: &str) -> Vec<bool> {
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
fn visible_width(g: &LineGlyphs, text: &str) -> f64 {
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
fn justify(g: &mut LineGlyphs, text: &str, extra: f64) {
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
fn line_above(m: &mut Measurer<'_>, fonts: &TextFonts, g: &LineGlyphs, size: Cpt) -> Twips {
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
