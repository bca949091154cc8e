//! Native tables, measured row by row. Every cell's text goes through the shared text engine
//! (`text/`): prepared once, broken into lines at whatever size and column width the fit
//! policy tries. Column widths come from the measured content (`widths`); a row is as tall
//! as its tallest cell: `marT + marB + Σ lines x pitch`, with the pitch written explicitly
//! on every cell paragraph, as text boxes do.
//!
//! Why that is the row LibreOffice draws (checked against LibreOffice 7.4.7 with hand-made
//! tables, see docs/dev/viewers/impress-table-rows.md): a row is `max(a:tr@h, marT + marB +
//! content)` — `a:tr@h` is a minimum and the frame's `a:ext cy` never stretches or shrinks
//! rows; without `a:lnSpc` a cell line is the font's ascent + descent (1.0 em Carlito, 1.45
//! em Noto Sans CJK, one Hangul character making the whole line 1.45 em), with
//! `a:lnSpc/a:spcPts` it is exactly the written pitch (within LibreOffice's 1/100 mm: +0.02 to
//! +0.1 pt per row); the first paragraph's space before and the last one's space after are
//! dropped (cells here have none); margins are honoured as written. An empty paragraph
//! ignores `a:lnSpc` and takes the font's own height at its `a:endParaRPr sz` (1.0 em for
//! Carlito): less than our pitch, so it never decides a row whose `a:tr@h` is ours.
//!
//! Fit (docs/concepts/fit-policy.md; tables: docs/concepts/elements.md): step 1 shrinks the table's font (0.5 pt steps, never below the
//! element's floor, default 12 pt) until the columns and the rows fit; step 5 paginates by
//! whole rows onto continuation slides (`paginate`), the header row repeated, the first
//! page in the room other elements leave above it in a shared slot. What still
//! does not fit (columns wider than the slot, one row taller than it) is reported by QC as
//! `table_overflow`.
//!
//! Rooms: `cells` (what a cell says, its alignment), `measure` (column widths and row
//! heights at a size, remembered for the whole table and its pages), `widths` (distributing
//! the slot's width), `paginate` (step 5), `finish` (the laid-out [`TableBox`](crate::model::TableBox)); here, the
//! table item, its cells prepared, and what it answers the fit policy.

pub(crate) mod cells;
mod finish;
mod measure;
mod paginate;
pub(crate) mod widths;

pub use finish::readable_on;

use super::{Fit, Split};
use crate::ctx::Ctx;
use crate::findings::{Finding, FixAction};
use crate::model::{Align, BoxContent, Insets, Rect};
use crate::shrink::{largest_fitting, size_steps, STEP};
use crate::style::Style;
use crate::text::{prepare, Prepared, TextFonts};
use measure::{Cells, Columns, Measured};
use specrender_spec::deck::{Cell, Content, Element, Rgb};
use specrender_spec::units::{Cpt, Emu, EMU_PER_PT};
use std::ops::Range;
use std::rc::Rc;

/// Cell margins, written on every cell: 6 pt left and right (the seed's fixed cell padding),
/// 4 pt top and bottom.
pub const CELL_MARGINS: Insets = Insets {
    l: 6 * EMU_PER_PT,
    t: 4 * EMU_PER_PT,
    r: 6 * EMU_PER_PT,
    b: 4 * EMU_PER_PT,
};

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
    caption: Option<Rc<Vec<Prepared>>>,
    pub columns: Vec<String>,
    /// Every cell of the whole table, shared by every copy the fit policy makes and by
    /// every page: copying a table costs a pointer, not its cells.
    cells: Rc<Cells>,
    /// The body rows of this item (input indices): all of them, or one page's.
    range: Range<usize>,
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
    lang: std::sync::Arc<str>,
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
    /// fonts, colour and floor; the table starts `SIZE_BELOW_BODY` below its size).
    pub fn new(ctx: &mut Ctx<'_>, el: &Element, style: Style, width: Emu) -> Option<TableItem> {
        let (title, columns, rows) = table_content(el)?;
        let n = columns.len().max(1);
        let (rows, ragged) = cells::normalize_rows(rows, n);
        let numeric = cells::numeric_columns(&rows, n);
        let theme = ctx.theme;
        let size = style
            .size
            .saturating_sub(SIZE_BELOW_BODY)
            .max(theme.sizes.caption.min(style.size));
        let bold_fonts = ctx.fonts.for_weight(true).1;
        let lang = crate::text::shared(&super::text::run_lang(&ctx.deck.language));
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
            cells: Rc::default(),
            range: 0..rows.len(),
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
        if !t.columns_at(t.floor(), width).overflow.is_empty() {
            // Columns will be narrower than some words: measure their graphemes too, so such
            // words break inside (and are reported) instead of running past the cell.
            t.break_every_word(ctx, &rows, &numeric, width);
        }
        Some(t)
    }

    /// Every cell made breakable inside its words, as [`TableItem::prepare_cells`] with `lw`
    /// 1 prepares them: the pieces are the same, so only their graphemes are measured (the
    /// cells are not prepared again).
    fn break_every_word(
        &mut self,
        ctx: &mut Ctx<'_>,
        rows: &[Vec<Cell>],
        numeric: &[bool],
        width: Emu,
    ) {
        let Some(cells) = Rc::get_mut(&mut self.cells) else {
            // Shared already (never, while the table is made): prepare again.
            return self.prepare_cells(ctx, rows, numeric, width, 1);
        };
        let lang = ctx.shape_lang();
        let size = self.size;
        let (fonts, bold) = (&self.fonts, &self.bold_fonts);
        let mut each = |paras: &mut [Prepared], fonts: &TextFonts| {
            for p in paras {
                p.break_every_word(&mut ctx.m, fonts, lang, size);
            }
        };
        if let Some(c) = &mut self.caption {
            each(Rc::make_mut(c).as_mut_slice(), bold);
        }
        for c in &mut cells.header {
            each(&mut c.paras, bold);
        }
        for c in cells.rows.iter_mut().flatten() {
            each(&mut c.paras, fonts);
        }
        cells.needs.get_mut().clear();
        cells.heights.get_mut().clear();
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
        let cell = |ctx: &mut Ctx<'_>, text: &str, fonts: &TextFonts, align| {
            // Kept prepared until the table is laid out: its bytes count for their memory.
            crate::work::spend(
                crate::work::current(),
                crate::work::TABLE_BYTE * text.len() as u64,
            );
            let paras: Vec<Prepared> = split_paras(text)
                .iter()
                .map(|p| prepare(&mut ctx.m, fonts, lang, p, size, lw))
                .collect();
            crate::work::table_cell(&paras);
            CellItem { paras, align }
        };
        let bold = self.bold_fonts.clone();
        self.caption = self
            .title
            .as_ref()
            .map(|t| Rc::new(cell(ctx, t, &bold, Align::Left).paras));
        let header = self
            .columns
            .iter()
            .zip(numeric)
            .map(|(c, &num)| {
                let align = if num { Align::Right } else { Align::Left };
                cell(ctx, c, &bold, align)
            })
            .collect();
        let fonts = self.fonts.clone();
        let body = rows
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
        self.cells = Rc::new(Cells::new(header, body));
    }

    /// This item's body rows.
    fn rows(&self) -> &[Vec<CellItem>] {
        &self.cells.rows[self.range.clone()]
    }

    /// The smallest size step 1 may reach.
    pub fn floor(&self) -> Cpt {
        if self.allow_shrink {
            self.min
        } else {
            self.requested
        }
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

#[cfg(test)]
mod tests {
    use crate::model::BoxContent;
    use crate::text::prepare::QUESTIONS;
    use crate::{layout, LayoutOptions};
    use specrender_fonts::{FontBook, FontOptions};
    use specrender_spec::{parse, resolve, Input, ParseOptions};

    /// A deck of one slide per table.
    fn deck(tables: &[serde_json::Value]) -> specrender_spec::deck::Deck {
        let slides: Vec<_> = tables
            .iter()
            .enumerate()
            .map(|(i, t)| serde_json::json!({
                "slide_id": format!("s{i}"), "type": "table", "layout": {"layout_id": "table_focus"},
                "elements": [
                    {"element_id": "t", "kind": "text", "content": {"text": format!("Table {i}")}},
                    {"element_id": "tb", "kind": "table", "content": t}]}))
            .collect();
        let spec = serde_json::json!({
            "spec_version": "slidespec_v1",
            "deck": {"title": "T", "language": "en-US", "slides": slides},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
        });
        let (parsed, _) = parse(
            &serde_json::to_vec(&spec).unwrap(),
            &ParseOptions::default(),
        )
        .expect("valid");
        let Input::Slides(s) = parsed else { panic!() };
        resolve(&s)
    }

    /// 20 columns x 200 rows of short strings: the table (0.4 s each, then 0.12 s).
    fn short_strings() -> serde_json::Value {
        let rows: Vec<Vec<String>> = (0..200)
            .map(|r| (0..20).map(|c| format!("r{r}c{c}")).collect())
            .collect();
        let columns: Vec<String> = (0..20).map(|c| format!("C{c}")).collect();
        serde_json::json!({"title": "Short strings", "columns": columns, "rows": rows})
    }

    #[test]
    fn a_table_is_measured_once_per_size_and_widths_not_per_copy_or_page() {
        // The fit policy copies a table for every trial (stacking, flowing) and every page;
        // each copy measured every cell again at every question (and copied every cell's
        // prepared text: 81 s for 200 such tables). Now the copies share the cells, and each
        // (size, column widths) is measured once for the whole table.
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let d = deck(&[short_strings()]);
        let before = QUESTIONS.with(|n| n.get());
        let laid = layout(&d, &book, &LayoutOptions::default());
        let asked = QUESTIONS.with(|n| n.get()) - before;
        let pages: Vec<_> = laid
            .slides
            .iter()
            .flat_map(|s| &s.boxes)
            .filter_map(|b| match &b.content {
                BoxContent::Table(t) => Some(t),
                _ => None,
            })
            .collect();
        assert!(pages.len() >= 4, "{} pages", pages.len());
        let rows: usize = pages.iter().map(|t| t.rows.len() - 2).sum();
        assert_eq!(rows, 200);
        let cells = 201 * 20;
        // 11 per cell now (one per size the policy tries, one per page, the final box);
        // 47 when every copy measured the table again.
        assert!(
            asked <= 16 * cells,
            "{asked} line questions for {cells} cells"
        );
    }

    #[test]
    fn a_table_is_charged_for_its_cells_and_pieces() {
        // Issue 25: 70 tables of 20 x 200 short strings were accepted (3.4 s of CPU, 155 MiB
        // of heap for 2.6 MB): measuring was counted, what the laid cells hold and write was
        // not. Now each cell costs work::TABLE_CELL and each piece work::TABLE_PIECE.
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let d = deck(&[short_strings()]);
        // 4,000 cells, 20 column heads and the title, one piece each: a budget of what they
        // are charged alone refuses the table (it was taken, with 1.4 M units of measuring).
        let cells = 4_021;
        let floor = cells * (crate::work::TABLE_CELL + crate::work::TABLE_PIECE);
        let opts = LayoutOptions {
            work_budget: floor,
            ..Default::default()
        };
        let over = crate::try_layout(&d, &book, &opts).unwrap_err();
        assert_eq!((over.slide, over.element.as_deref()), (0, Some("tb")));
    }

    #[test]
    fn the_work_budget_stops_a_deck_at_the_table_that_passes_it() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let d = deck(&[short_strings(), short_strings(), short_strings()]);
        for threads in [1, 3] {
            let opts = |budget| LayoutOptions {
                threads,
                work_budget: budget,
                ..Default::default()
            };
            let full = crate::try_layout(&d, &book, &opts(u64::MAX)).unwrap();
            assert_eq!(full.slides_in, 3);
            // About 4.6 M units a table (1.4 M of measuring, 2.9 M for what its 4,221 laid
            // cells hold and write: work::TABLE_CELL, TABLE_PIECE; 0.3 M for the words its
            // slide meets first: work::NEW_WORD): a budget of 6 M passes in the second table.
            let over = crate::try_layout(&d, &book, &opts(6_000_000)).unwrap_err();
            assert_eq!(over.slide, 1, "{over:?}");
            assert_eq!(over.element.as_deref(), Some("tb"));
            assert!(
                over.spent > 6_000_000 && over.spent < 10_000_000,
                "{over:?}"
            );
            // A budget one table cannot hold: refused at the first, which stopped measuring
            // once past it (what it counted after is the cells' cheap, empty preparing).
            let over = crate::try_layout(&d, &book, &opts(1_500_000)).unwrap_err();
            assert_eq!((over.slide, over.element.as_deref()), (0, Some("tb")));
            assert!(over.spent < 2_500_000, "{over:?}");
        }
    }
}
