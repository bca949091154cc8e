//! Where the drawn pieces of a laid box go: the walks every drawing consumer (the preview,
//! the PDF) takes over a box's text and a table's cells, so both draw each line at the same
//! place. They read the model and decide nothing new: the rules (LibreOffice's baseline in a
//! fixed pitch, the bullet's hang, a second column, a table's rows) were measured for the
//! preview against LibreOffice's PDFs (conformance/preview_fidelity.py) and live here once.

use crate::deck::{
    Align, Anchor, BoxContent, Bullet, Paragraph, PlacedBox, RowKind, TableBox, TableCell, TextBox,
};
use crate::geom::Rect;
use crate::text::{BulletGlyphs, LineGlyphs};
use specrender_spec::units::{Cpt, Emu, EMU_PER_CPT};

/// The columns a text box's lines go into and where the first line starts: the box less its
/// insets, split in two for two columns (lines fill the first to the usable height, then the
/// second), the top moved by the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextArea {
    pub first: Rect,
    pub second: Option<Rect>,
    pub top: Emu,
}

impl TextBox {
    /// Where this box's text goes inside `rect` (the box's, or a shape's text rectangle).
    pub fn area(&self, rect: &Rect) -> TextArea {
        let inner = Rect {
            x: rect.x + self.insets.l,
            y: rect.y + self.insets.t,
            w: rect.w - self.insets.l - self.insets.r,
            h: rect.h - self.insets.t - self.insets.b,
        };
        let top = match self.anchor {
            Anchor::Top => inner.y,
            Anchor::Middle => inner.y + (inner.h - self.needed_height) / 2,
            Anchor::Bottom => inner.bottom() - self.needed_height,
        };
        if self.columns > 1 {
            let col_w = (inner.w - self.column_gap) / 2;
            TextArea {
                first: Rect { w: col_w, ..inner },
                second: Some(Rect {
                    x: inner.x + col_w + self.column_gap,
                    w: col_w,
                    ..inner
                }),
                top,
            }
        } else {
            TextArea {
                first: inner,
                second: None,
                top,
            }
        }
    }
}

/// Where a bullet goes: from its left edge, or (right to left) ending at its right edge (the
/// drawer adds its glyphs' advances).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BulletAt {
    Start(Emu),
    End(Emu),
}

/// A bullet as drawn on its paragraph's first line.
#[derive(Debug, Clone, Copy)]
pub struct BulletPlace<'a> {
    pub bullet: &'a Bullet,
    pub glyphs: &'a BulletGlyphs,
    pub at: BulletAt,
}

/// One line as drawn: its glyphs start at `x` on `baseline` (EMU on the slide).
#[derive(Debug, Clone, Copy)]
pub struct LinePlace<'a> {
    /// Index of the paragraph in the walked slice, and of the line in it.
    pub para: usize,
    pub line: usize,
    pub paragraph: &'a Paragraph,
    pub glyphs: &'a LineGlyphs,
    pub x: Emu,
    pub baseline: Emu,
    /// The paragraph's bullet, on its first line.
    pub bullet: Option<BulletPlace<'a>>,
}

/// One line of a walk, where it goes whether or not its glyphs were placed: its text starts
/// at `x` and is `width` wide, in the pitch from `top` (`pitch` tall), on `baseline` (EMU on
/// the slide).
#[derive(Debug, Clone, Copy)]
pub struct LineAt<'a> {
    /// Index of the paragraph in the walked slice, and of the line in it.
    pub para: usize,
    pub line: usize,
    pub paragraph: &'a Paragraph,
    pub x: Emu,
    pub width: Emu,
    pub top: Emu,
    pub pitch: Emu,
    pub baseline: Emu,
    /// Where the paragraph's bullet goes, on its first line.
    pub bullet_at: Option<BulletAt>,
}

impl LineAt<'_> {
    /// The rectangle its ink takes at text size `size`: from 0.8 em above the baseline to
    /// 0.2 em below it (ascenders and descenders of the faces layout measures with), across
    /// its text and its bullet's hang.
    pub fn ink(&self, size: Cpt) -> Rect {
        let em = Emu::from(size) * EMU_PER_CPT;
        let (mut x0, mut x1) = (self.x, self.x + self.width.max(0));
        match self.bullet_at {
            Some(BulletAt::Start(b)) => x0 = x0.min(b),
            Some(BulletAt::End(b)) => x1 = x1.max(b),
            None => {}
        }
        let top = self.baseline - em * 4 / 5;
        Rect {
            x: x0,
            y: top,
            w: x1 - x0,
            h: em,
        }
    }
}

/// Calls `each` with every line of `paras`, from `top` down in `col` (and on into `next` once
/// a line would pass the column's bottom), at text size `size` aligned `align`: where each
/// goes, glyphs placed or not (QC judges lines before anything draws them).
pub fn line_walk<'a>(
    paras: &'a [Paragraph],
    col: &Rect,
    mut next: Option<&Rect>,
    top: Emu,
    size: Cpt,
    align: Align,
    mut each: impl FnMut(LineAt<'a>),
) {
    let mut col = *col;
    let mut y = top;
    let size_emu = Emu::from(size) * EMU_PER_CPT;
    for (pi, p) in paras.iter().enumerate() {
        if pi > 0 || y != top {
            y += Emu::from(p.space_before) * EMU_PER_CPT;
        }
        let pitch = Emu::from(p.line_pitch) * EMU_PER_CPT;
        for (li, line) in p.lines.iter().enumerate() {
            if let Some(n) = next {
                if y + pitch > col.bottom() && y > col.y {
                    col = *n;
                    y = col.y;
                    next = None;
                }
            }
            let first = li == 0;
            // A bullet hangs at marL + indent and its line's text starts at marL; without a
            // bullet the first line starts at marL + indent. Right to left, the margins are
            // measured from the right edge.
            let hang = first && p.bullet.is_none();
            let inset = p.margin_left + if hang { p.indent } else { 0 };
            let (left, right) = if p.rtl {
                (col.x, col.right() - inset)
            } else {
                (col.x + inset, col.right())
            };
            let x = match (align, p.rtl) {
                (Align::Left, false) | (Align::Right, true) => left,
                (Align::Center, _) => left + (right - left - line.width) / 2,
                (Align::Right, false) | (Align::Left, true) => right - line.width,
            };
            // Baseline: LibreOffice draws a line of fixed pitch (`a:spcPts`, which layout
            // writes on every paragraph) with its baseline 0.2 em above the pitch's bottom,
            // whatever the faces' ascent and descent: measured in its PDFs, 297 one-line
            // boxes of the fidelity suite (Carlito, Noto Sans CJK, Arabic, Thai, Devanagari;
            // pitches 1.2 and 1.3 em) all within 0.012 em of it. Centring the faces' natural
            // height in the pitch put Carlito 0.04 em high and Devanagari 0.16 em.
            let baseline = y + pitch - size_emu / 5;
            let bullet_at = (first && p.bullet.is_some()).then(|| {
                if p.rtl {
                    BulletAt::End(col.right() - p.margin_left - p.indent)
                } else {
                    BulletAt::Start(col.x + p.margin_left + p.indent)
                }
            });
            each(LineAt {
                para: pi,
                line: li,
                paragraph: p,
                x,
                width: line.width,
                top: y,
                pitch,
                baseline,
                bullet_at,
            });
            y += pitch;
        }
        y += Emu::from(p.space_after) * EMU_PER_CPT;
    }
}

/// Calls `each` with every placed line of `paras` as [`line_walk`] puts it, with its glyphs.
/// Paragraphs whose glyphs were not placed (`Paragraph::glyphs`) are passed over.
pub fn lines<'a>(
    paras: &'a [Paragraph],
    col: &Rect,
    next: Option<&Rect>,
    top: Emu,
    size: Cpt,
    align: Align,
    mut each: impl FnMut(LinePlace<'a>),
) {
    line_walk(paras, col, next, top, size, align, |l| {
        let p = l.paragraph;
        let Some(placed) = p.glyphs.as_deref() else {
            return;
        };
        let Some(glyphs) = placed.lines.get(l.line) else {
            return;
        };
        let bullet = match (l.bullet_at, &p.bullet, &placed.bullet) {
            (Some(at), Some(bullet), Some(glyphs)) => Some(BulletPlace { bullet, glyphs, at }),
            _ => None,
        };
        each(LinePlace {
            para: l.para,
            line: l.line,
            paragraph: p,
            glyphs,
            x: l.x,
            baseline: l.baseline,
            bullet,
        });
    });
}

/// A table cell as drawn: its rectangle, where its text goes, and what kind of row it is in.
#[derive(Debug, Clone, Copy)]
pub struct CellPlace<'a> {
    pub row: usize,
    /// Index of the cell in its row (logical order: the first column first).
    pub col: usize,
    pub kind: RowKind,
    pub cell: &'a TableCell,
    pub rect: Rect,
    /// The cell less its margins and the row's extra top margin: its text's column.
    pub inner: Rect,
}

impl TableBox {
    /// Every cell of the table laid at `rect`, row by row, left to right (cells spanning
    /// columns take their widths).
    pub fn cells(&self, rect: &Rect) -> Vec<CellPlace<'_>> {
        let mut out = Vec::new();
        let mut y = rect.y;
        for (ri, row) in self.rows.iter().enumerate() {
            let mut x = rect.x;
            let mut col = 0usize;
            for (ci, cell) in row.cells.iter().enumerate() {
                let span = cell.span.max(1) as usize;
                let w: Emu = self.col_widths.iter().skip(col).take(span).sum();
                let r = Rect {
                    x,
                    y,
                    w,
                    h: row.height,
                };
                let m = &self.margins;
                out.push(CellPlace {
                    row: ri,
                    col: ci,
                    kind: row.kind,
                    cell,
                    rect: r,
                    inner: Rect {
                        x: r.x + m.l,
                        y: r.y + m.t + row.pad_top,
                        w: r.w - m.l - m.r,
                        h: r.h - m.t - row.pad_top - m.b,
                    },
                });
                x += w;
                col += span;
            }
            y += row.height;
        }
        out
    }
}

/// One laid line's ink: which paragraph and line (of which cell, in a header row or not), and
/// the rectangle its ink takes ([`LineAt::ink`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    /// (row, column) of its table cell, from 0.
    pub cell: Option<(usize, usize)>,
    pub header: bool,
    pub para: usize,
    pub line: usize,
    pub rect: Rect,
}

impl PlacedBox {
    /// Every laid line of the box's text (a text box, a shape's text, a table's cells) with
    /// its ink, where the drawers put it; blank lines have none. A chart is one ink, its box.
    pub fn inks(&self) -> Vec<Ink> {
        let text = |t: &TextBox, rect: &Rect| {
            let area = t.area(rect);
            let (col, next) = (&area.first, area.second.as_ref());
            inked(&t.paragraphs, col, next, area.top, t.size, t.align)
        };
        match &self.content {
            BoxContent::Text(t) => text(t, &self.rect),
            BoxContent::Shape(sh) => sh
                .text
                .as_ref()
                .map_or_else(Vec::new, |t| text(t, &sh.text_rect)),
            BoxContent::Table(t) => t
                .cells(&self.rect)
                .into_iter()
                .flat_map(|c| {
                    let paras = &c.cell.paragraphs;
                    let mut ls = inked(paras, &c.inner, None, c.inner.y, t.size, c.cell.align);
                    for l in &mut ls {
                        l.cell = Some((c.row, c.col));
                        l.header = c.kind == RowKind::Header;
                    }
                    ls
                })
                .collect(),
            // A chart draws across its box: its plot, axes and labels are one ink.
            BoxContent::Chart(_) => vec![Ink {
                cell: None,
                header: false,
                para: 0,
                line: 0,
                rect: self.rect,
            }],
            _ => Vec::new(),
        }
    }
}

/// The inked lines of `paras` as [`line_walk`] places them.
fn inked(
    paras: &[Paragraph],
    col: &Rect,
    next: Option<&Rect>,
    top: Emu,
    size: Cpt,
    align: Align,
) -> Vec<Ink> {
    let mut out = Vec::new();
    line_walk(paras, col, next, top, size, align, |l| {
        if l.paragraph.text.trim().is_empty() || l.width <= 0 {
            return;
        }
        out.push(Ink {
            cell: None,
            header: false,
            para: l.para,
            line: l.line,
            rect: l.ink(size),
        });
    });
    out
}
