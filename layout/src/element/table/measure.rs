//! A table measured: each column's narrowest and one-line widths, the column widths at a size
//! in a width, and every row's height — remembered for the whole table (every copy the fit
//! policy makes and every page share the cells and what was measured of them).

use super::{usable, widths, CellItem, TableItem, CELL_MARGINS};
use crate::model::Rect;
use crate::text::height::pitch;
use crate::text::Prepared;
use specrender_spec::units::{cpt_to_emu, Cpt, Emu, EMU_PER_PT};
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;

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

/// Answers remembered per table (every copy and page shares them): the same size and widths
/// are asked for many times over (each shrink step, each stacking round, each overflow check,
/// each page, the final box). Capped; past the cap an answer is dropped and computed again.
const CACHE_CAP: usize = 64;

/// The prepared cells of a whole table and what was measured of them.
#[derive(Debug, Default)]
pub(super) struct Cells {
    pub(super) header: Vec<CellItem>,
    pub(super) rows: Vec<Vec<CellItem>>,
    /// Per size: each column's (narrowest, one-line) width with margins, over all rows.
    pub(super) needs: RefCell<Vec<(Cpt, Needs)>>,
    /// Per size: each column's cells' narrowest widths with margins (asked only of tables
    /// whose columns do not fit).
    pub(super) cell_needs: RefCell<Vec<(Cpt, CellNeeds)>>,
    /// Per (size, column widths): the header's height and every body row's.
    pub(super) heights: RefCell<Vec<HeightsEntry>>,
}

type HeightsEntry = (Cpt, Vec<Emu>, Rc<(Emu, Vec<Emu>)>);

/// Each column's (narrowest, one-line) width.
type Needs = Rc<[(Emu, Emu)]>;

/// Each column's cells' narrowest widths, header first.
type CellNeeds = Rc<[Vec<Emu>]>;

impl Cells {
    pub(super) fn new(header: Vec<CellItem>, rows: Vec<Vec<CellItem>>) -> Cells {
        Cells {
            header,
            rows,
            ..Cells::default()
        }
    }

    /// Each column's (narrowest, one-line) width at `size` over the body rows `range` and
    /// the header, cell margins included; remembered for the whole table.
    fn needs(&self, size: Cpt, range: Range<usize>) -> Needs {
        let margins = CELL_MARGINS.l + CELL_MARGINS.r;
        self.per_size(&self.needs, size, range, |cells| {
            let (lo, hi) = cells
                .flat_map(|cell| cell.paras.iter())
                .map(|p| widths::para_extent(p, size))
                .fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1)));
            (lo + margins, hi + margins)
        })
    }

    /// Each column's cells' narrowest widths at `size` (header, then the body rows `range`),
    /// cell margins included; remembered for the whole table.
    fn cell_needs(&self, size: Cpt, range: Range<usize>) -> CellNeeds {
        let margins = CELL_MARGINS.l + CELL_MARGINS.r;
        self.per_size(&self.cell_needs, size, range, |cells| {
            cells
                .map(|cell| {
                    let widest = cell.paras.iter().map(|p| widths::para_extent(p, size).0);
                    widest.max().unwrap_or(0) + margins
                })
                .collect()
        })
    }

    /// `column` of each column's cells (header, then the body rows `range`) at `size`,
    /// remembered in `cache` for the whole table.
    fn per_size<T, C>(
        &self,
        cache: &RefCell<Vec<(Cpt, C)>>,
        size: Cpt,
        range: Range<usize>,
        column: impl Fn(&mut dyn Iterator<Item = &CellItem>) -> T,
    ) -> C
    where
        C: Clone + FromIterator<T>,
    {
        let whole = range == (0..self.rows.len());
        if whole {
            if let Some((_, n)) = cache.borrow().iter().find(|e| e.0 == size) {
                return n.clone();
            }
        }
        let rows = &self.rows[range];
        let out: C = (0..self.header.len())
            .map(|c| {
                column(&mut std::iter::once(&self.header[c]).chain(rows.iter().map(|r| &r[c])))
            })
            .collect();
        if whole {
            let mut cache = cache.borrow_mut();
            if cache.len() >= CACHE_CAP {
                cache.clear();
            }
            cache.push((size, out.clone()));
        }
        out
    }

    /// The header's height and every body row's at `size` in columns `widths`.
    fn heights(&self, t: &TableItem, size: Cpt, widths: &[Emu]) -> Rc<(Emu, Vec<Emu>)> {
        if let Some((_, _, h)) = self
            .heights
            .borrow()
            .iter()
            .find(|e| e.0 == size && e.1 == widths)
        {
            return h.clone();
        }
        let header = t.row_height(&self.header, size, widths);
        let rows = self
            .rows
            .iter()
            .map(|r| t.row_height(r, size, widths))
            .collect();
        let h = Rc::new((header, rows));
        let mut cache = self.heights.borrow_mut();
        if cache.len() >= CACHE_CAP {
            cache.clear();
        }
        cache.push((size, widths.to_vec(), h.clone()));
        h
    }
}

/// Column widths decided for the whole table, kept by its pages.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Columns {
    pub(super) widths: Vec<Emu>,
    /// The columns given less than their narrowest width ([`widths::distribute`]).
    pub(super) overflow: Vec<usize>,
    /// What those columns lack, added up (EMU): 0 when every column fits.
    pub(super) shortfall: Emu,
}

/// A table at one size in one width: column widths and row heights.
#[derive(Debug, Clone)]
pub(super) struct Measured {
    pub(super) cols: Columns,
    pub(super) caption: Option<Emu>,
    pub(super) header: Emu,
    pub(super) rows: Vec<Emu>,
}

impl Measured {
    pub(super) fn total(&self) -> Emu {
        self.caption.unwrap_or(0) + self.header + self.rows.iter().sum::<Emu>()
    }
}

impl TableItem {
    /// Height of a cell's text (lines x pitch) at `size` in a column `col_w` wide.
    pub(super) fn text_height(&self, paras: &[Prepared], size: Cpt, col_w: Emu) -> Emu {
        let lw = (col_w - CELL_MARGINS.l - CELL_MARGINS.r).max(1);
        paras
            .iter()
            .map(|p| {
                let pt = pitch(size, p.has_cjk, self.cjk_permille);
                p.count_lines(size, lw) as Emu * cpt_to_emu(pt)
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
    pub(super) fn row_pad_top(&self, row: &[CellItem], size: Cpt) -> Emu {
        row.iter()
            .map(|c| self.pad_top(&c.paras, size))
            .max()
            .unwrap_or(0)
    }

    /// Extra top margin for a cell's paragraphs: none unless the first one has Arabic script.
    pub(super) fn pad_top(&self, paras: &[Prepared], size: Cpt) -> Emu {
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
    pub(super) fn columns_at(&self, size: Cpt, w: Emu) -> Columns {
        if let Some(f) = &self.fixed {
            return f.clone();
        }
        let needs = self.cells.needs(size, self.range.clone());
        let (widths, overflow) = widths::distribute(&needs, w, || {
            self.cells.cell_needs(size, self.range.clone())
        });
        let shortfall = overflow.iter().map(|&c| needs[c].0 - widths[c]).sum();
        Columns {
            widths,
            overflow,
            shortfall,
        }
    }

    pub(super) fn measure(&self, size: Cpt, w: Emu) -> Measured {
        let cols = self.columns_at(size, w);
        let caption = self.caption.as_ref().map(|c| {
            CELL_MARGINS.t
                + CELL_MARGINS.b
                + self.pad_top(c, size)
                + self.text_height(c, size, cols.widths.iter().sum())
        });
        let heights = self.cells.heights(self, size, &cols.widths);
        let header = heights.0;
        let rows = heights.1[self.range.clone()].to_vec();
        Measured {
            cols,
            caption,
            header,
            rows,
        }
    }

    pub(super) fn fits(&self, size: Cpt, rect: Rect) -> bool {
        let m = self.measure(size, rect.w);
        m.cols.overflow.is_empty() && m.total() <= usable(rect.h)
    }
}
