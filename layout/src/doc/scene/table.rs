//! A document table's rows where the flow put them: the header shaded, thin rules round every
//! cell, each cell's text broken as the row heights were measured, the header row again (a
//! repeat) on each page the table continues onto.

use super::glyphs::{line_above, visible_width, writer_glyphs, LineText};
use super::{rule, Drawer, TW};
use crate::doc::flow;
use crate::doc::model::DocTable;
use crate::doc::FlowFonts;
use crate::text::TextFonts;
use specrender_model::page::{PageItem, PageLine, Role};
use specrender_spec::units::Cpt;
use std::sync::Arc;

impl Drawer<'_, '_, '_> {
    /// A table's rows where the flow put them (`at`: the header row and each body row; the
    /// header again on each page it continues onto).
    pub(super) fn table(&mut self, fonts: &FlowFonts, block: usize, t: &DocTable, at: &[flow::At]) {
        let mut body_row = 0;
        let cols: Vec<f64> = t.widths.iter().map(|&w| w as f64).collect();
        let total: f64 = cols.iter().sum();
        let lw: Vec<i64> = t
            .widths
            .iter()
            .map(|&w| (w - 2 * crate::doc::table::CELL_MARGIN_LR).max(1))
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
            // A right-to-left document's table reads from the right (`w:bidiVisual`): it
            // stands at the right margin, its first column rightmost.
            let rtl = specrender_spec::doc::right_to_left_language(self.a.language);
            let x0 = if rtl {
                self.left(place.column) + self.a.page.text_width() as f64 - total
            } else {
                self.left(place.column)
            };
            let starts: Vec<f64> = (0..cols.len())
                .map(|c| {
                    let before: f64 = cols[..c].iter().sum();
                    if rtl {
                        x0 + total - before - cols[c]
                    } else {
                        x0 + before
                    }
                })
                .collect();
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
            let mut edges: Vec<f64> = starts.iter().copied().chain([x0, x0 + total]).collect();
            edges.sort_by(f64::total_cmp);
            edges.dedup_by(|a, b| (*a - *b).abs() < 1.0);
            for x in edges {
                items.push(rule((x, y), (x, yb), self.a.rule));
            }
            items.push(rule((x0, yb), (x0 + total, yb), self.a.rule));
            let f = if row == 0 { &fonts.bold } else { &fonts.body };
            for (c, text) in texts.iter().enumerate() {
                let Some(&cx) = starts.get(c) else { break };
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
                    cx + crate::doc::table::CELL_MARGIN_LR as f64,
                    y,
                    place.page,
                );
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
}

/// A table cell's text to draw.
pub(super) struct Cell<'c> {
    text: &'c str,
    fonts: &'c TextFonts,
    size: Cpt,
    width: i64,
    align: crate::model::Align,
    color: [u8; 3],
    role: Role,
}
