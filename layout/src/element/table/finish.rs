//! The laid-out table ([`TableBox`]) at the item's size in its box: caption, header and body
//! rows with their heights (clamped to what OOXML readers take), every cell's lines, the
//! header's readable text colour, and the characters no font has.

use super::{usable, CellItem, TableItem, CELL_MARGINS};
use crate::model::{Align, Line, Paragraph, Rect, RowKind, TableBox, TableCell, TableRow};
use crate::text::height::pitch;
use crate::text::Prepared;
use specrender_spec::deck::Rgb;
use specrender_spec::resolve::MAX_EXTENT;
use specrender_spec::units::Emu;

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
    pub(super) fn table_box(&self, rect: Rect) -> TableBox {
        let m = self.measure(self.size, rect.w);
        let mut broken = Vec::new();
        let mut rows = Vec::with_capacity(self.range.len() + 2);
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
        add(RowKind::Header, &self.cells.header, true, m.header);
        for ((r, id), &h) in self.rows().iter().zip(self.range.clone()).zip(&m.rows) {
            add(RowKind::Body(id), r, false, h);
        }
        let height_clamped = clamp_rows(&mut rows);
        let overflow_columns = m
            .cols
            .overflow
            .iter()
            .filter_map(|&i| self.columns.get(i).cloned())
            .collect();
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
                    glyphs: None,
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
    pub(super) fn missing_chars(&self) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        let cells = self.cells.header.iter().chain(self.rows().iter().flatten());
        let paras = cells
            .flat_map(|c| c.paras.iter())
            .chain(self.caption.iter().flat_map(|c| c.iter()));
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
    let c = |x: Rgb| specrender_model::color::contrast([fill.0, fill.1, fill.2], [x.0, x.1, x.2]);
    [text, background].into_iter().fold(
        Rgb(255, 255, 255),
        |best, x| if c(x) > c(best) { x } else { best },
    )
}
