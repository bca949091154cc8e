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
use crate::text::TextFonts;
use specrender_fonts::{Measurer, ShapeLang};
use specrender_model::page::{DocPages, PageItem, PageLine, PageScene, Role};
use specrender_spec::units::{Cpt, EMU_PER_PT};

mod glyphs;
mod table;

use glyphs::{justify, line_above, simple_glyphs, visible_width, writer_glyphs, LineText};

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

pub(super) const TW: f64 = EMU_PER_TWIP as f64;

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

pub(super) struct Drawer<'a, 'm, 'b> {
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
            // A right-to-left paragraph's indents are mirrored: its start indent on the right.
            let start = if rtl {
                p.format.indent.1
            } else {
                p.format.indent.0
            };
            let x0 = self.left(at.column) + start as f64 * TW;
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

pub(super) fn rule(from: (f64, f64), to: (f64, f64), color: [u8; 3]) -> PageItem {
    PageItem::Rule {
        from,
        to,
        width: RULE,
        color,
    }
}
