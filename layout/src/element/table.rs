//! Native tables, measured row by row. Every cell's text goes through the shared text engine
//! (`text/`): prepared once, broken into lines at whatever size and column width the fit
//! policy tries. Column widths come from the measured content ([`widths`]); a row is as tall
//! as its tallest cell: `marT + marB + Σ lines x pitch`, with the pitch written explicitly
//! on every cell paragraph, as text boxes do.
//!
//! Why that is the row LibreOffice draws (checked against LibreOffice 7.4.7 with hand-made
//! tables, see the README's Fit accuracy section): a row is `max(a:tr@h, marT + marB +
//! content)` — `a:tr@h` is a minimum and the frame's `a:ext cy` never stretches or shrinks
//! rows; without `a:lnSpc` a cell line is the font's ascent + descent (1.0 em Carlito, 1.45
//! em Noto Sans CJK, one Hangul character making the whole line 1.45 em), with
//! `a:lnSpc/a:spcPts` it is exactly the written pitch (within LibreOffice's 1/100 mm: +0.02 to
//! +0.1 pt per row); the first paragraph's space before and the last one's space after are
//! dropped (cells here have none); margins are honoured as written. An empty paragraph
//! ignores `a:lnSpc` and takes the font's own height at its `a:endParaRPr sz` (1.0 em for
//! Carlito): less than our pitch, so it never decides a row whose `a:tr@h` is ours.
//!
//! Fit (PRODUCT.md §2): step 1 shrinks the table's font (0.5 pt steps, never below the
//! element's floor, default 12 pt) until the columns and the rows fit; step 5 paginates by
//! whole rows onto continuation slides ([`paginate`]), the header row repeated, the first
//! page in the room other elements leave above it in a shared slot. What still
//! does not fit (columns wider than the slot, one row taller than it) is reported by QC as
//! `table_overflow`.

pub(crate) mod cells;
mod paginate;
pub(crate) mod widths;

use super::{Fit, Split};
use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{Align, BoxContent, Insets, Line, Paragraph, Rect, RowKind, TableBox};
use crate::model::{TableCell, TableRow};
use crate::shrink::{largest_fitting, size_steps, STEP};
use crate::style::Style;
use crate::text::height::pitch;
use crate::text::{prepare, Prepared, TextFonts};
use specrender_spec::deck::{Cell, Content, Element, Rgb};
use specrender_spec::resolve::MAX_EXTENT;
use specrender_spec::units::{cpt_to_emu, Cpt, Emu, EMU_PER_PT};

/// Cell margins, written on every cell: 6 pt left and right (the seed's fixed cell padding),
/// 4 pt top and bottom.
pub const CELL_MARGINS: Insets = Insets {
    l: 6 * EMU_PER_PT,
    t: 4 * EMU_PER_PT,
    r: 6 * EMU_PER_PT,
    b: 4 * EMU_PER_PT,
};

/// Arabic cell text (Noto Sans Arabic, the shipped face) stands higher than its line: with the
/// exact pitch written, LibreOffice keeps the font's descent (0.738 em) at the foot of the line,
/// so the baseline sits `pitch - 0.738 em` below the line's top and a hamza-alef (ink 0.94 em
/// above the baseline) reaches `0.738 + 0.94 - pitch` em above it: 7.6 pt at 16 pt (pitch 1.2
/// em), through the 4 pt top margin and over the cell's top border (measured: LibreOffice 7.4,
/// the Arabic baseline 7.7 pt above the Latin one in the same row). A row whose cells start
/// with Arabic text gets that overshoot, less the top margin, plus 1 pt of air, as extra top
/// margin ([`TableRow::pad_top`](crate::model::TableRow)); the row is that much taller.
/// Hebrew (descent 0.292 em, ink up to 0.82 em) stays inside and gets none.
const ARABIC_INK_PERMILLE: i64 = 738 + 940;

/// Arabic script (the Arabic blocks and presentation forms), drawn by Noto Sans Arabic.
fn is_arabic(c: char) -> bool {
    matches!(c as u32, 0x0600..=0x06FF | 0x0750..=0x077F | 0x0870..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF)
}

/// Share of the slot's height a table leaves free (per mille): LibreOffice's rows come out up
/// to 0.1 pt taller than written (1/100 mm rounding), so a table filling its slot to the
/// EMU would pass it by a point or two after a dozen rows.
pub const TABLE_SAFETY_PERMILLE: i64 = 20;

/// A table's text starts 4 pt below the slot's body size (16 pt on the default theme), never
/// below the caption size.
const SIZE_BELOW_BODY: Cpt = 400;

/// Thin cell borders: 0.75 pt.
pub const BORDER_EMU: Emu = EMU_PER_PT * 3 / 4;

/// One cell: its paragraphs (a newline starts another) and alignment.
#[derive(Debug, Clone)]
pub struct CellItem {
    pub paras: Vec<Prepared>,
    pub align: Align,
}

/// Column widths decided for the whole table, kept by its pages.
#[derive(Debug, Clone, PartialEq)]
struct Columns {
    widths: Vec<Emu>,
    overflow: Option<usize>,
}

/// A table at one size in one width: column widths and row heights.
#[derive(Debug, Clone)]
struct Measured {
    cols: Columns,
    caption: Option<Emu>,
    header: Emu,
    rows: Vec<Emu>,
}

impl Measured {
    fn total(&self) -> Emu {
        self.caption.unwrap_or(0) + self.header + self.rows.iter().sum::<Emu>()
    }
}

#[derive(Debug, Clone)]
pub struct TableItem {
    pub fonts: TextFonts,
    pub bold_fonts: TextFonts,
    pub color: Rgb,
    pub header_fill: Rgb,
    pub border: Rgb,
    /// The slide background colour (a candidate for the header's text on a dark look).
    pub background: Rgb,
    pub title: Option<String>,
    caption: Option<Vec<Prepared>>,
    pub columns: Vec<String>,
    header: Vec<CellItem>,
    rows: Vec<Vec<CellItem>>,
    /// Input index of each body row.
    row_ids: Vec<usize>,
    pub rows_total: usize,
    /// Ragged input rows: (row, cells it had).
    pub ragged: Vec<(usize, usize)>,
    pub size: Cpt,
    pub requested: Cpt,
    pub min: Cpt,
    pub allow_shrink: bool,
    pub priority: u8,
    pub cjk_permille: u32,
    /// (page, pages) once paginated.
    page: (u32, u32),
    /// Column widths of the whole table, for its pages. A page keeps them and its size: the
    /// policy may refit what follows it, never a page (its widths were made for that size).
    fixed: Option<Columns>,
    lang: String,
}

/// A table element's content: its title, column names and rows.
pub type TableContent<'e> = (&'e Option<String>, &'e [String], &'e [Vec<Cell>]);

/// The texts of a table element: (title, columns, rows), or `None` for other kinds.
pub fn table_content(el: &Element) -> Option<TableContent<'_>> {
    match &el.content {
        Content::Table {
            title,
            columns,
            rows,
        } => Some((title, columns, rows)),
        _ => None,
    }
}

/// A cell's paragraphs: its text split at newlines.
fn split_paras(text: &str) -> Vec<String> {
    text.split('\n')
        .map(|s| s.trim_end_matches('\r').to_string())
        .collect()
}

impl TableItem {
    /// The table of `el` for a slot `width` EMU wide; `style` is the slot's text style (its
    /// fonts, colour and floor; the table starts [`SIZE_BELOW_BODY`] below its size).
    pub fn new(ctx: &mut Ctx<'_>, el: &Element, style: Style, width: Emu) -> Option<TableItem> {
        let (title, columns, rows) = table_content(el)?;
        let n = columns.len().max(1);
        let (rows, ragged) = cells::normalize_rows(rows, n);
        let numeric = cells::numeric_columns(&rows, n);
        let theme = &ctx.deck.theme;
        let size = style
            .size
            .saturating_sub(SIZE_BELOW_BODY)
            .max(theme.sizes.caption.min(style.size));
        let bold_fonts = ctx.fonts.for_weight(true).1;
        let lang = super::text::run_lang(&ctx.deck.language);
        let mut t = TableItem {
            fonts: style.fonts.clone(),
            bold_fonts,
            color: theme.colors.text,
            header_fill: theme.colors.primary,
            border: theme.colors.muted,
            background: theme.colors.background,
            title: title.clone(),
            caption: None,
            columns: columns.to_vec(),
            header: Vec::new(),
            rows: Vec::new(),
            row_ids: (0..rows.len()).collect(),
            rows_total: rows.len(),
            ragged,
            size,
            requested: size,
            min: style.min.min(size),
            allow_shrink: el.constraints.allow_shrink,
            priority: el.constraints.priority,
            cjk_permille: ctx.opts.cjk_line_permille,
            page: (1, 1),
            fixed: None,
            lang,
        };
        t.prepare_cells(ctx, &rows, &numeric, width, 0);
        if t.columns_at(t.floor(), width).overflow.is_some() {
            // Columns will be narrower than some words: measure their graphemes too, so such
            // words break inside (and are reported) instead of running past the cell.
            t.prepare_cells(ctx, &rows, &numeric, width, 1);
        }
        Some(t)
    }

    /// Prepares every cell for lines up to `lw` EMU (`lw` 1: every word breakable).
    fn prepare_cells(
        &mut self,
        ctx: &mut Ctx<'_>,
        rows: &[Vec<Cell>],
        numeric: &[bool],
        width: Emu,
        lw: Emu,
    ) {
        let lw = if lw > 0 { lw } else { width.max(1) };
        let lang = ctx.shape_lang();
        let size = self.size;
        let cell = |ctx: &mut Ctx<'_>, text: &str, fonts: &TextFonts, align| CellItem {
            paras: split_paras(text)
                .iter()
                .map(|p| prepare(&mut ctx.m, fonts, lang, p, size, lw))
                .collect(),
            align,
        };
        let bold = self.bold_fonts.clone();
        self.caption = self
            .title
            .as_ref()
            .map(|t| cell(ctx, t, &bold, Align::Left).paras);
        self.header = self
            .columns
            .iter()
            .zip(numeric)
            .map(|(c, &num)| {
                let align = if num { Align::Right } else { Align::Left };
                cell(ctx, c, &bold, align)
            })
            .collect();
        let fonts = self.fonts.clone();
        self.rows = rows
            .iter()
            .map(|r| {
                r.iter()
                    .zip(numeric)
                    .map(|(c, &num)| {
                        cell(ctx, &cells::cell_text(c), &fonts, cells::align_for(c, num))
                    })
                    .collect()
            })
            .collect();
    }

    /// The smallest size step 1 may reach.
    pub fn floor(&self) -> Cpt {
        if self.allow_shrink {
            self.min
        } else {
            self.requested
        }
    }

    /// Height of a cell's text (lines x pitch) at `size` in a column `col_w` wide.
    fn text_height(&self, paras: &[Prepared], size: Cpt, col_w: Emu) -> Emu {
        let lw = (col_w - CELL_MARGINS.l - CELL_MARGINS.r).max(1);
        paras
            .iter()
            .map(|p| {
                let pt = pitch(size, p.has_cjk, self.cjk_permille);
                p.line_count(size, lw) as Emu * cpt_to_emu(pt)
            })
            .sum()
    }

    /// Height of a row of cells at `size` with column widths `widths`.
    fn row_height(&self, row: &[CellItem], size: Cpt, widths: &[Emu]) -> Emu {
        let text = row
            .iter()
            .zip(widths)
            .map(|(c, &w)| self.text_height(&c.paras, size, w))
            .max()
            .unwrap_or(0);
        CELL_MARGINS.t + CELL_MARGINS.b + self.row_pad_top(row, size) + text
    }

    /// Extra top margin of a row whose cells start with Arabic text ([`ARABIC_INK_PERMILLE`]).
    fn row_pad_top(&self, row: &[CellItem], size: Cpt) -> Emu {
        row.iter()
            .map(|c| self.pad_top(&c.paras, size))
            .max()
            .unwrap_or(0)
    }

    /// Extra top margin for a cell's paragraphs: none unless the first one has Arabic script.
    fn pad_top(&self, paras: &[Prepared], size: Cpt) -> Emu {
        let Some(first) = paras.first() else {
            return 0;
        };
        if !first.text.chars().any(is_arabic) {
            return 0;
        }
        let pt = pitch(size, first.has_cjk, self.cjk_permille) as i64;
        let over = (size as i64 * ARABIC_INK_PERMILLE + 500) / 1000 - pt;
        if over <= 0 {
            return 0;
        }
        (cpt_to_emu(over as Cpt) - CELL_MARGINS.t + EMU_PER_PT).max(0)
    }

    /// Column widths at `size` in a table `w` wide (the whole table's, once paginated).
    fn columns_at(&self, size: Cpt, w: Emu) -> Columns {
        if let Some(f) = &self.fixed {
            return f.clone();
        }
        let margins = CELL_MARGINS.l + CELL_MARGINS.r;
        let needs: Vec<(Emu, Emu)> = (0..self.header.len())
            .map(|c| {
                let cells = std::iter::once(&self.header[c]).chain(self.rows.iter().map(|r| &r[c]));
                let (lo, hi) = cells
                    .flat_map(|cell| cell.paras.iter())
                    .map(|p| widths::para_extent(p, size))
                    .fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1)));
                (lo + margins, hi + margins)
            })
            .collect();
        let (widths, overflow) = widths::distribute(&needs, w);
        Columns { widths, overflow }
    }

    fn measure(&self, size: Cpt, w: Emu) -> Measured {
        let cols = self.columns_at(size, w);
        let caption = self.caption.as_ref().map(|c| {
            CELL_MARGINS.t
                + CELL_MARGINS.b
                + self.pad_top(c, size)
                + self.text_height(c, size, cols.widths.iter().sum())
        });
        let header = self.row_height(&self.header, size, &cols.widths);
        let rows = self
            .rows
            .iter()
            .map(|r| self.row_height(r, size, &cols.widths))
            .collect();
        Measured {
            cols,
            caption,
            header,
            rows,
        }
    }

    fn fits(&self, size: Cpt, rect: Rect) -> bool {
        let m = self.measure(size, rect.w);
        m.cols.overflow.is_none() && m.total() <= usable(rect.h)
    }
}

/// What a table's rows may use of a box `h` tall.
pub fn usable(h: Emu) -> Emu {
    h.max(0) * (1000 - TABLE_SAFETY_PERMILLE) / 1000
}

impl Fit for TableItem {
    fn needed_height(&self, w: Emu) -> Option<Emu> {
        let total = self.measure(self.size, w).total();
        let keep = 1000 - TABLE_SAFETY_PERMILLE;
        Some((total * 1000 + keep - 1) / keep)
    }

    fn overflows(&self, rect: Rect) -> bool {
        !self.fits(self.size, rect)
    }

    fn fit_alone(&mut self, rect: Rect) {
        if self.fixed.is_some() || self.fits(self.size, rect) {
            return;
        }
        let sizes = size_steps(self.size, self.floor().min(self.size));
        self.size = largest_fitting(&sizes, |s| self.fits(s, rect)).unwrap_or(self.floor());
    }

    fn priority(&self) -> u8 {
        self.priority
    }

    fn can_shrink(&self) -> bool {
        self.fixed.is_none() && self.allow_shrink && self.size > self.min
    }

    fn shrink_step(&mut self) {
        if self.fixed.is_none() {
            self.size = self.size.saturating_sub(STEP).max(self.min);
        }
    }

    fn reduce_spacing(&mut self) -> bool {
        false
    }

    fn reset(&mut self) {
        if self.fixed.is_none() {
            self.size = self.requested;
        }
    }

    fn split(&self, ctx: &mut Ctx<'_>, rect: Rect) -> Option<Split> {
        paginate::split(ctx, self, rect)
    }

    fn split_into(&self, ctx: &mut Ctx<'_>, first: Rect, rest: Rect) -> Option<Split> {
        paginate::split_into(ctx, self, first, rest)
    }

    fn fixes(&self) -> Vec<FixAction> {
        if self.size < self.requested {
            vec![FixAction::Shrink {
                from: self.requested,
                to: self.size,
            }]
        } else {
            Vec::new()
        }
    }

    fn finish(&self, _ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>) {
        let tb = self.table_box(rect);
        let mut findings = Vec::new();
        let chars = self.missing_chars();
        if !chars.is_empty() {
            findings.push(Finding::MissingGlyphs { chars });
        }
        // Columns that do not fit are `table_overflow`; the words broken in them say it again.
        if !tb.broken_words.is_empty() && tb.overflow_columns.is_empty() {
            findings.push(Finding::BrokenWords {
                words: tb.broken_words.clone(),
            });
        }
        if !self.ragged.is_empty() && self.page.0 == 1 {
            findings.push(Finding::TableRaggedRows {
                rows: self.ragged.clone(),
                columns: self.columns.len(),
            });
        }
        (BoxContent::Table(tb), findings)
    }
}

/// Cut row heights from the first row that passes it so the rows add up to at most
/// [`MAX_EXTENT`], the tallest frame OOXML readers take (a 100,000-character cell in a narrow
/// column measures over 7,000,000,000 EMU). True when any row was cut; the table is then far
/// taller than any box, so QC's `table_overflow` reports it with `height_clamped`.
fn clamp_rows(rows: &mut [TableRow]) -> bool {
    let mut left = MAX_EXTENT;
    let mut clamped = false;
    for r in rows {
        if r.height > left {
            r.height = left;
            clamped = true;
        }
        left -= r.height.max(0);
    }
    clamped
}

impl TableItem {
    /// The laid-out table at the current size in `rect`.
    fn table_box(&self, rect: Rect) -> TableBox {
        let m = self.measure(self.size, rect.w);
        let mut broken = Vec::new();
        let mut rows = Vec::with_capacity(self.rows.len() + 2);
        let full: Emu = m.cols.widths.iter().sum();
        if let (Some(c), Some(h)) = (&self.caption, m.caption) {
            let cell = self.cell(c, Align::Left, true, full, &mut broken);
            let span = m.cols.widths.len() as u32;
            rows.push(TableRow {
                kind: RowKind::Caption,
                height: h,
                pad_top: self.pad_top(c, self.size),
                cells: vec![TableCell { span, ..cell }],
            });
        }
        let mut add = |kind, row: &[CellItem], bold, height| {
            let cells = row
                .iter()
                .zip(&m.cols.widths)
                .map(|(c, &w)| self.cell(&c.paras, c.align, bold, w, &mut broken))
                .collect();
            rows.push(TableRow {
                kind,
                height,
                pad_top: self.row_pad_top(row, self.size),
                cells,
            });
        };
        add(RowKind::Header, &self.header, true, m.header);
        for ((r, &id), &h) in self.rows.iter().zip(&self.row_ids).zip(&m.rows) {
            add(RowKind::Body(id), r, false, h);
        }
        let height_clamped = clamp_rows(&mut rows);
        let overflow_columns = match m.cols.overflow {
            Some(i) => self.columns[i.min(self.columns.len())..].to_vec(),
            None => Vec::new(),
        };
        TableBox {
            size: self.size,
            requested_size: self.requested,
            min_size: self.min,
            col_widths: m.cols.widths.clone(),
            columns: self.columns.clone(),
            rows,
            margins: CELL_MARGINS,
            color: self.color,
            header_fill: self.header_fill,
            header_color: readable_on(self.header_fill, self.color, self.background),
            border: self.border,
            needed_height: m.total(),
            usable_height: usable(rect.h),
            overflow_columns,
            rows_total: self.rows_total,
            page: self.page,
            broken_words: broken,
            height_clamped,
            rtl: specrender_spec::resolve::right_to_left(&self.lang),
        }
    }

    /// One laid cell: its paragraphs broken into lines in a column `col_w` wide.
    fn cell(
        &self,
        paras: &[Prepared],
        align: Align,
        bold: bool,
        col_w: Emu,
        broken: &mut Vec<String>,
    ) -> TableCell {
        let lw = (col_w - CELL_MARGINS.l - CELL_MARGINS.r).max(1);
        let paragraphs = paras
            .iter()
            .map(|p| {
                let b = p.broken_at(self.size, lw);
                for w in p.broken_words(&b) {
                    if !broken.contains(&w) {
                        broken.push(w);
                    }
                }
                Paragraph {
                    text: p.text.clone(),
                    bullet: None,
                    lang: self.lang.clone(),
                    ea_line_break: !p.korean,
                    rtl: p.rtl,
                    line_pitch: pitch(self.size, p.has_cjk, self.cjk_permille),
                    space_before: 0,
                    space_after: 0,
                    margin_left: 0,
                    indent: 0,
                    lines: b
                        .lines
                        .iter()
                        .map(|l| Line {
                            start: l.start,
                            end: l.end,
                            width: l.width,
                        })
                        .collect(),
                    runs: p.runs.clone(),
                }
            })
            .collect();
        TableCell {
            paragraphs,
            align,
            bold,
            span: 1,
            text_height: self.text_height(paras, self.size, col_w),
        }
    }

    /// Characters no font has, in order of appearance.
    fn missing_chars(&self) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        let cells = self.header.iter().chain(self.rows.iter().flatten());
        let paras = cells
            .flat_map(|c| c.paras.iter())
            .chain(self.caption.iter().flatten());
        for &c in paras.flat_map(|p| p.missing.iter()) {
            if !missing.contains(&c) && !c.is_whitespace() && !c.is_control() {
                missing.push(c);
            }
        }
        missing
    }
}

/// The text colour for a fill: white, the theme's text colour, or its background colour,
/// whichever contrasts most (WCAG 2 contrast; white on a tie). The background is the dark
/// choice on a dark look, where both white and the text colour are light.
pub fn readable_on(fill: Rgb, text: Rgb, background: Rgb) -> Rgb {
    let c = |x: Rgb| specrender_template::contrast([fill.0, fill.1, fill.2], [x.0, x.1, x.2]);
    [text, background].into_iter().fold(
        Rgb(255, 255, 255),
        |best, x| if c(x) > c(best) { x } else { best },
    )
}
