//! Measure: every body paragraph, table row and text box through the document half of the
//! shared text engine — `specrender_layout::doc::flow::para_lines` (Writer's line breaking
//! and line heights, the ones our own documents are paginated with) — and the body flowed
//! down each section's pages by the layout's own page model (`flow::paginate_on`: spacing,
//! keeps, widows and orphans, repeated header rows).
//!
//! Styles are resolved the way Word inherits them: the run's own `w:rPr` over its character
//! style over the paragraph style's `basedOn` chain over `w:docDefaults`, theme fonts
//! (`minorHAnsi`, `majorEastAsia`) through the document's theme; paragraph properties the
//! same way (direct over style chain over `w:pPrDefault`). A paragraph is measured in its
//! first text run's fonts at its largest run size (an estimate that errs to more lines).
//! Unset, Word's own defaults apply: 10 pt Times New Roman, single spacing.

use super::read::{Block, Body, Drawing, Graphic, Para, Sect, Table};
use super::Doc;
use crate::measure::Fallback;
use crate::{CheckError, CheckOptions};
use specrender_fonts::{FontBook, MatchKind, Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender_layout::doc::flow::{self, Heights, ParaFormat, ParaUnit, Twips, Unit};
use specrender_layout::doc::template::format_of;
use specrender_layout::text::{SlotLines, TextFonts};
use specrender_layout::work;
use specrender_template::docx::{DocTemplate, RunProps};

/// EMU per twip.
pub const EMU_PER_TWIP: i64 = 635;

/// A heading's level (1-9) from its style or outline level; `None`: not a heading.
pub fn heading_level(t: &DocTemplate, p: &Para) -> Option<u8> {
    if let Some(o) = p.outline {
        return Some(o + 1);
    }
    let id = p.style.as_deref()?;
    let mut at = t.style(id);
    for _ in 0..32 {
        let s = at?;
        let name: String = s
            .name
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        if let Some(n) = name
            .strip_prefix("heading")
            .and_then(|n| n.parse::<u8>().ok())
        {
            return (1..=9).contains(&n).then_some(n);
        }
        if let Some(o) = s.outline.filter(|&o| o < 9) {
            return Some(o + 1);
        }
        at = s.based_on.as_deref().and_then(|b| t.style(b));
    }
    None
}

/// The paragraph's style: its `w:pStyle`, else the default paragraph style.
pub fn style_id(t: &DocTemplate, p: &Para) -> String {
    match &p.style {
        Some(s) => s.clone(),
        None => t
            .styles
            .iter()
            .find(|s| s.kind == "paragraph" && s.default)
            .map_or_else(String::new, |s| s.id.clone()),
    }
}

/// One text box measured (a drawing with `w:txbxContent` and a fixed extent).
#[derive(Debug, Clone)]
pub struct BoxFit {
    pub block: usize,
    pub drawing: usize,
    pub needed_lines: usize,
    pub box_lines: usize,
    pub needed_height: Twips,
    pub inner_height: Twips,
}

#[derive(Debug, Clone, Default)]
pub struct Measured {
    /// Each block's first and last page (1-based).
    pub pages: Vec<(u32, u32)>,
    pub page_count: u32,
    pub boxes: Vec<BoxFit>,
    /// Families not available, at the first block naming each.
    pub fallbacks: Vec<(usize, Fallback)>,
}

struct Ctx<'b> {
    m: Measurer<'b>,
    book: &'b FontBook,
    t: &'b DocTemplate,
    fallbacks: Vec<(usize, Fallback)>,
    block: usize,
    /// The style of the table whose cells are being measured (`w:tblStyle`).
    table_style: Option<String>,
}

impl Ctx<'_> {
    /// The run properties of `p`'s first text run, resolved; and its largest size (cpt).
    fn run_props(&self, p: &Para) -> (RunProps, u32) {
        let style = self.t.run_props(&style_id(self.t, p));
        let resolve = |r: &super::read::Run| {
            let ch = r
                .style
                .as_deref()
                .and_then(|id| self.t.style(id))
                .map(|s| s.run.over(&style))
                .unwrap_or_else(|| style.clone());
            r.props.over(&ch)
        };
        let first = p
            .runs
            .iter()
            .find(|r| !r.text.trim().is_empty())
            .map(resolve)
            .unwrap_or_else(|| style.clone());
        let size = p
            .runs
            .iter()
            .filter(|r| !r.text.trim().is_empty())
            .map(|r| resolve(r).size_half_pt.unwrap_or(20))
            .max()
            .unwrap_or(first.size_half_pt.unwrap_or(20));
        (first, size.clamp(2, 3276) * 50)
    }

    fn fonts(&mut self, r: &RunProps, cjk: bool) -> TextFonts {
        let (latin, ea) = self.t.fonts_in(r, "");
        let latin = if latin.trim().is_empty() {
            "Times New Roman".to_string()
        } else {
            latin
        };
        let bold = r.bold.unwrap_or(false);
        let mut face = |fam: &str, class: ScriptClass, report: bool| {
            let m = self.book.resolve(fam, bold, class);
            let to = match &m.kind {
                MatchKind::StandIn { to } => Some((to.clone(), true)),
                MatchKind::Substituted { to } => Some((to.clone(), false)),
                _ => None,
            };
            if let (true, Some((to, stand_in))) = (report && !fam.trim().is_empty(), to) {
                let f = Fallback {
                    family: fam.to_string(),
                    measured_with: to,
                    stand_in,
                };
                if !self.fallbacks.iter().any(|(_, g)| *g == f) {
                    self.fallbacks.push((self.block, f));
                }
            }
            m.face
        };
        let faces = SlotFaces {
            latin: face(&latin, ScriptClass::Latin, true),
            ea: face(&ea, ScriptClass::EastAsian, cjk),
            cs: face(&latin, ScriptClass::Complex, false),
        };
        TextFonts {
            latin: latin.as_str().into(),
            ea: ea.as_str().into(),
            cs: latin.as_str().into(),
            faces,
            bold,
            lines: SlotLines::default(),
        }
    }

    /// The paragraph's format (style chain, then its own properties) and its left and
    /// right indents.
    fn format(&self, p: &Para, heading: bool) -> ParaFormat {
        // Direct, then the paragraph style's chain, then (in a table) the table style's,
        // then the document defaults: python-docx's "Table Grid" sets single spacing and no
        // space after that its cells' Normal paragraphs take.
        let mut base = self.t.para_defaults.clone();
        if let Some(ts) = &self.table_style {
            base = self.t.style_para(ts).over(&base);
        }
        let style = self.t.style_para(&style_id(self.t, p));
        let mut props = p.props.over(&style.over(&base));
        if let (Some((num, lvl)), None) = (p.num, p.props.indent_left) {
            if let Some(ind) = self.t.list_indent(num) {
                props.indent_left = Some(ind + 360 * i64::from(lvl));
            }
        }
        let style = if heading {
            "Heading"
        } else if p.num.is_some() {
            "List"
        } else {
            "Normal"
        };
        format_of(style, &props)
    }

    /// The heights (twips) of `p`'s lines in a column `width` twips wide.
    fn para(&mut self, p: &Para, width: Twips, heading: bool) -> (Vec<Twips>, ParaFormat) {
        let format = self.format(p, heading);
        let text = p.text();
        let (props, size) = self.run_props(p);
        let cjk = text
            .chars()
            .any(|c| specrender_fonts::script_class(c) == ScriptClass::EastAsian);
        let fonts = self.fonts(&props, cjk);
        let w = (width - format.indent.0.max(0) - format.indent.1.max(0)).max(20) * EMU_PER_TWIP;
        let mut lines = Vec::new();
        for piece in text.split('\n') {
            work::spend(
                work::current(),
                work::PREPARE + piece.len() as u64 * (1 + work::WRITER_LINES),
            );
            work::new_words(work::current(), piece);
            if piece.trim().is_empty() && !lines.is_empty() {
                lines.push(flow::latin_line(self.book, &fonts, size));
                continue;
            }
            lines.extend(flow::para_lines(
                &mut self.m,
                &fonts,
                ShapeLang::from_tag(""),
                piece,
                size,
                &format,
                w,
            ));
        }
        let natural = flow::latin_line(self.book, &fonts, size);
        let inline: Vec<&Drawing> = p.drawings.iter().filter(|d| d.inline).collect();
        if !inline.is_empty() {
            let tall = inline
                .iter()
                .map(|d| d.cy / EMU_PER_TWIP)
                .max()
                .unwrap_or(0);
            let line = format.picture_line(tall, natural);
            if text.trim().is_empty() {
                lines = vec![line];
            } else {
                lines.push(line);
            }
        }
        (lines, format)
    }

    /// A text box's fit: its paragraphs at its inner width against its inner height.
    fn text_box(&mut self, d: &Drawing, paras: &[Para], at: (usize, usize)) -> Option<BoxFit> {
        if d.auto_fit || d.cx == 0 || d.cy == 0 {
            return None;
        }
        let inner_w = (d.cx - d.insets[0] - d.insets[2]) / EMU_PER_TWIP;
        let inner_h = (d.cy - d.insets[1] - d.insets[3]).max(0) / EMU_PER_TWIP;
        let (mut y, mut n, mut fit) = (0, 0, 0);
        for (i, p) in paras.iter().enumerate() {
            let (lines, f) = self.para(p, inner_w.max(1), false);
            if i > 0 {
                y += f.before;
            }
            for l in lines {
                y += l;
                n += 1;
                if y <= inner_h {
                    fit += 1;
                }
            }
            y += f.after;
        }
        Some(BoxFit {
            block: at.0,
            drawing: at.1,
            needed_lines: n,
            box_lines: fit,
            needed_height: y,
            inner_height: inner_h,
        })
    }

    /// A table as the flow takes it: its header row's height and its body rows'.
    fn table(&mut self, t: &Table, text_width: Twips, margins: [Twips; 4]) -> Unit {
        self.table_style = t.style.clone();
        let unit = self.rows(t, text_width, margins);
        self.table_style = None;
        unit
    }

    /// Each row as tall as its tallest cell needs (`margins`: the cells' top, left, bottom,
    /// right), or as `w:trHeight` says, with the border under it.
    fn rows(&mut self, t: &Table, text_width: Twips, margins: [Twips; 4]) -> Unit {
        let mut heights = Vec::with_capacity(t.rows.len());
        for r in &t.rows {
            let mut col = 0usize;
            let mut need: Twips = 0;
            for c in &r.cells {
                let w: Twips = t.grid.iter().skip(col).take(c.span).sum();
                let w = if w > 0 {
                    w
                } else {
                    text_width / r.cells.len().max(1) as i64
                };
                col += c.span;
                if c.merged {
                    continue;
                }
                let mut h = 0;
                for (i, p) in c.paras.iter().enumerate() {
                    let (lines, f) = self.para(p, (w - margins[1] - margins[3]).max(1), false);
                    h += lines.iter().sum::<Twips>() + f.after + if i > 0 { f.before } else { 0 };
                }
                need = need.max(h + margins[0] + margins[2]);
            }
            let h = match r.height {
                Some((v, true)) => v,
                Some((v, false)) => need.max(v),
                None => need,
            } + flow::TABLE_BORDER;
            heights.push(h);
        }
        let header = t.rows.first().is_some_and(|r| r.header) && !heights.is_empty();
        let first = if header { heights.remove(0) } else { 0 };
        Unit::Table {
            header: first,
            rows: heights,
        }
    }
}

/// The document's body measured and flowed down its sections' pages.
pub fn doc(d: &Doc, book: &FontBook, opts: &CheckOptions) -> Result<Measured, CheckError> {
    let (t, body) = (&d.template, &d.body);
    let mut cx = Ctx {
        m: Measurer::new(book),
        book,
        t,
        fallbacks: Vec::new(),
        block: 0,
        table_style: None,
    };
    let mut out = Measured {
        pages: vec![(0, 0); body.blocks.len()],
        ..Measured::default()
    };
    // What flows, each unit with the block it belongs to.
    let mut units: Vec<(usize, Unit)> = Vec::new();
    let mut sect: Option<Sect> = None;
    for (i, b) in body.blocks.iter().enumerate() {
        cx.block = i;
        let s = body.section_of(i);
        if sect.is_some_and(|prev| prev != s) || (sect.is_some() && starts_section(body, i)) {
            flush(&mut units, sect.unwrap_or_default(), &mut out);
        }
        sect = Some(s);
        let width = s.text_width();
        match b {
            Block::Para(p) => {
                let (lines, format) = cx.para(p, width, heading_level(t, p).is_some());
                for (k, d) in p.drawings.iter().enumerate() {
                    if let (Graphic::Shape, Some(text)) = (d.graphic, &d.text) {
                        out.boxes.extend(cx.text_box(d, text, (i, k)));
                    }
                }
                let unit = ParaUnit {
                    lines,
                    format,
                    footnotes: (0, 0),
                };
                if p.page_break && p.text().trim().is_empty() {
                    units.push((i, Unit::PageBreak(unit)));
                } else {
                    let brk = p.page_break.then(|| ParaUnit {
                        lines: vec![unit.lines.last().copied().unwrap_or(1)],
                        ..unit.clone()
                    });
                    units.push((i, Unit::Para(unit)));
                    // Text before a page break: what follows starts the next page.
                    units.extend(brk.map(|u| (i, Unit::PageBreak(u))));
                }
            }
            Block::Table(tb) => units.push((i, cx.table(tb, width, d.margins_of(tb)))),
        }
        if work::exhausted() {
            return Err(CheckError::DocOverBudget {
                block: i + 1,
                budget: opts.work_budget,
            });
        }
    }
    flush(&mut units, sect.unwrap_or_default(), &mut out);
    out.fallbacks = cx.fallbacks;
    Ok(out)
}

/// Does block `i` start a new section (the one before it ended one)?
fn starts_section(body: &Body, i: usize) -> bool {
    body.sections.iter().any(|(end, _)| *end == i)
}

/// Flows one section's units onto new pages after those counted so far.
fn flush(units: &mut Vec<(usize, Unit)>, s: Sect, out: &mut Measured) {
    if units.is_empty() {
        return;
    }
    let flowing: Vec<Unit> = units.iter().map(|(_, u)| u.clone()).collect();
    let (spans, pages) = flow::paginate_on(&flowing, Heights::uniform(s.text_height()));
    let base = out.page_count;
    for ((block, _), sp) in units.iter().zip(&spans) {
        let (first, last) = (base + sp.first.max(1), base + sp.last.max(1));
        if let Some(p) = out.pages.get_mut(*block) {
            *p = if p.0 == 0 { (first, last) } else { (p.0, last) };
        }
    }
    out.page_count = base + pages.max(1);
    units.clear();
}
