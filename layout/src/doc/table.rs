//! Document tables: column widths from measured content with the shared text engine and the
//! slides' own width rule (`crate::element::table::widths`: narrowest = longest unbreakable
//! piece, so no word, number or URL breaks inside where the text width allows; the rest shared
//! by what each column lacks to be on one line), each width the wider of the engine's (kerned)
//! and Writer's (unkerned, [`flow::writer_extent`], with `WRITER_ROOM`). Numbers are right-aligned by the slides'
//! numeric detection (`crate::element::table::cells`).
//!
//! Size: the body size less 1 pt (10 pt on the default theme); when the columns' narrowest
//! widths do not fit the text width, the table shrinks in 0.5 pt steps down to [`TABLE_FLOOR`]
//! (8 pt). Still too wide: the widest columns are cut to one common width while the others keep
//! their narrowest (`widths::distribute`: the identifiers break, the numbers beside them stay
//! whole) and QC reports `table_overflow` naming the cut columns and each `unbreakable_text`
//! cell. Widths are whole twips.

use super::flow;
use super::model::DocTable;
use super::page::EMU_PER_TWIP;
use crate::element::table::{cells, widths};
use crate::model::Align;
use crate::text::{prepare, Prepared, TextFonts};
use specrender_fonts::{Measurer, ShapeLang};
use specrender_model::findings::{Finding, Location, Note};
use specrender_spec::deck::Cell;
use specrender_spec::units::{Cpt, Emu, EMU_PER_PT};

/// Smallest size a document table may shrink to: 8 pt.
pub const TABLE_FLOOR: Cpt = 800;
/// A table starts this much below the body size: 1 pt.
const BELOW_BODY: Cpt = 100;
/// Cell margins written on every table (`w:tblCellMar`): 6 pt left and right.
pub const CELL_MARGIN_LR: Emu = 6 * EMU_PER_PT;
/// What a table cell's text area keeps beyond Writer's unkerned width of its widest word: one
/// twip. Writer 7.4 fits a word in a cell by its own rounding of the advances, within a twip of
/// the exact sum: of 1,281 single words (Caladea, Carlito and Liberation Sans, 8-14 pt, 4-16
/// letters and digits) in fixed-width cells, words broke with up to 0.36 twip to spare
/// ("Growth", bold Caladea 13 pt, 861.64 twips, in 862) and held with up to 1.45 twips too
/// little; none broke with a twip to spare.
const WRITER_ROOM: Emu = EMU_PER_TWIP;
/// Most `unbreakable_text` findings per table (the first ones in row order).
const MAX_UNBREAKABLE: usize = 20;
/// The most cell text (bytes) of a table whose cells' Writer pieces are kept from its
/// columns' widths for its rows' lines: 64 KiB (a report's tables hold a few KB). Pieces take
/// about 15 bytes per byte of text; kept for a 30-column table of 400-character cells, they
/// took the heap at the peak from 21 to 34 bytes per byte of cell text
/// (`tests/doc_table_memory.rs`). Kept or made again, the lines are the same.
const KEEP_PIECES_BYTES: usize = 64 << 10;

/// The texts a table is made of, as the input gave them.
pub struct TableInput<'a> {
    pub block: &'a str,
    pub title: Option<&'a String>,
    pub columns: &'a [String],
    pub rows: &'a [Vec<Cell>],
    /// The cells' paragraph format (line spacing).
    pub cell: flow::ParaFormat,
}

/// Prepared cells: the header row then the body rows.
struct Measured {
    cells: Vec<Vec<Prepared>>,
    /// Per column, Writer's widths at 1 pt (EMU) over its cells ([`flow::writer_extent`]): the
    /// widest piece, the row holding it, and the widest one-line text. Linear in the size, so
    /// measured once for every size the table tries.
    writer: Vec<WriterColumn>,
    /// Per column, each cell's widest piece in Writer's widths at 1 pt (EMU), header first:
    /// what the cells need when the columns do not fit ([`Measured::cell_needs`]).
    writer_cells: Vec<Vec<f32>>,
}

/// A column's widths as Writer sets its cells, at 1 pt (EMU).
#[derive(Clone, Copy, Default)]
struct WriterColumn {
    lo: f64,
    lo_row: usize,
    hi: f64,
}

impl WriterColumn {
    /// (narrowest, one-line) width of the column's text at `size` (EMU), with [`WRITER_ROOM`]
    /// to spare.
    fn at(&self, size: Cpt) -> (Emu, Emu) {
        (writer_need(self.lo, size), writer_need(self.hi, size))
    }
}

/// A width in Writer's widths at 1 pt (EMU) at `size`, with [`WRITER_ROOM`] to spare.
fn writer_need(w: f64, size: Cpt) -> Emu {
    if w > 0.0 {
        (w * f64::from(size) / 100.0).ceil() as Emu + WRITER_ROOM
    } else {
        0
    }
}

impl Measured {
    /// Per column (narrowest, one-line) width at `size`, margins included, in twips: the
    /// wider of the engine's widths (kerned, on the 600 dpi grid) and Writer's (unkerned), so
    /// a column at its narrowest breaks no word inside in Writer either.
    fn needs(&self, n: usize, size: Cpt) -> Vec<(Emu, Emu)> {
        (0..n)
            .map(|c| {
                let (lo, hi) = self
                    .cells
                    .iter()
                    .map(|r| widths::para_extent(&r[c], size))
                    .fold(self.writer[c].at(size), |a, b| (a.0.max(b.0), a.1.max(b.1)));
                let m = 2 * CELL_MARGIN_LR;
                (twips_up(lo + m), twips_up(hi + m))
            })
            .collect()
    }

    /// Per column, each cell's narrowest width at `size` in twips, margins included, as
    /// [`Measured::needs`] takes the column's.
    fn cell_needs(&self, n: usize, size: Cpt) -> Vec<Vec<Emu>> {
        (0..n)
            .map(|c| {
                self.cells
                    .iter()
                    .zip(&self.writer_cells[c])
                    .map(|(r, &writer)| {
                        let lo = widths::para_extent(&r[c], size)
                            .0
                            .max(writer_need(f64::from(writer), size));
                        twips_up(lo + 2 * CELL_MARGIN_LR)
                    })
                    .collect()
            })
            .collect()
    }
}

impl Measured {
    /// Each row's height (header first, twips) at `size` in columns `widths` (EMU): its
    /// tallest cell's lines (single spacing) with the cell margins above and below, and the
    /// border under it ([`flow`]); a blank line as tall as a line of the body style (`body`).
    /// Cells Writer breaks a word inside go to `broken` (row, column).
    #[allow(clippy::too_many_arguments)]
    fn row_heights(
        &self,
        m: &mut Measurer<'_>,
        fonts: &TextFonts,
        bold: &TextFonts,
        lang: ShapeLang,
        (size, body): (Cpt, Cpt),
        widths: &[Emu],
        cell: &flow::ParaFormat,
        broken_cells: &mut Vec<(usize, usize)>,
        mut pieces: Vec<Vec<Option<flow::WriterPieces>>>,
    ) -> Vec<flow::Twips> {
        // The blank line Writer makes of the spaces after a letter wider than its column
        // (`linebreak::fill_writer`) is as tall as a line of the paragraph's style, whatever
        // the run's or the mark's size: Writer 7.4, 8 pt cells on the two-column template
        // (Normal: Caladea 11 pt, 12.65 pt), "W W" 5 pt wide in lines 9.2, 12.6 and 9.2 pt
        // apart, with the mark at 8 pt the same; "89,461억 원" rows 252-254 twips taller than
        // counted without the blank line.
        let empty = crate::text::linebreak::Broken::default();
        let blank = flow::line_heights(m, fonts, "", &empty, body, cell)[0];
        self.cells
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let f = if r == 0 { bold } else { fonts };
                let text = row
                    .iter()
                    .zip(widths)
                    .enumerate()
                    .map(|(c, (p, &w))| {
                        let lw = (w - 2 * CELL_MARGIN_LR).max(1);
                        // A cell's runs write their size as `w:sz` and `w:szCs` both: complex
                        // script text at the table's size.
                        let broken = match pieces[r][c].take() {
                            Some(made) => flow::writer_lines_from(m, f, lang, p, made, size, lw),
                            None => flow::writer_lines(m, f, lang, p.into(), size, size, lw),
                        };
                        // A word broken inside had its graphemes measured for this question
                        // (`flow::writer_lines`): charged as Writer's lines are, per byte.
                        let inside: usize = broken.broken_words.iter().map(|(a, b)| b - a).sum();
                        if inside > 0 {
                            broken_cells.push((r, c));
                        }
                        crate::work::spend(
                            crate::work::current(),
                            crate::work::WRITER_LINES * inside as u64,
                        );
                        let heights = flow::line_heights(m, f, &p.text, &broken, size, cell);
                        let lines = broken.lines.iter().map(|l| p.text[l.start..l.end].trim());
                        (heights.iter().zip(lines))
                            .map(|(&h, t)| {
                                if t.is_empty() && !p.text.is_empty() {
                                    blank
                                } else {
                                    h
                                }
                            })
                            .sum::<flow::Twips>()
                    })
                    .max()
                    .unwrap_or(0);
                text + 2 * flow::CELL_MARGIN_TB + flow::TABLE_BORDER
            })
            .collect()
    }
}

/// `x` (an `f32` near `exact`) moved up to at least `exact`.
fn next_up(x: f32, exact: f64) -> f32 {
    if f64::from(x) >= exact {
        x
    } else {
        f32::from_bits(x.to_bits() + 1)
    }
}

fn twips_up(e: Emu) -> Emu {
    (e + EMU_PER_TWIP - 1) / EMU_PER_TWIP
}

/// Lays out one table in a text width `width` (EMU); findings go to `findings`.
#[allow(clippy::too_many_arguments)]
pub fn table(
    m: &mut Measurer<'_>,
    fonts: &TextFonts,
    bold: &TextFonts,
    lang: ShapeLang,
    body: Cpt,
    t: &TableInput<'_>,
    width: Emu,
    (number, numbered): (u32, bool),
    findings: &mut Vec<Note>,
) -> DocTable {
    let n = t.columns.len().max(1);
    let (rows, ragged) = cells::normalize_rows(t.rows, n);
    if !ragged.is_empty() {
        let finding = Finding::TableRaggedRows {
            rows: ragged,
            columns: n,
        };
        findings.push(Note::new(finding, Location::block(t.block)));
    }
    let numeric = cells::numeric_columns(&rows, n);
    let start = body.saturating_sub(BELOW_BODY).max(TABLE_FLOOR);
    let texts: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(cells::cell_text).collect())
        .collect();
    let lw = width - 2 * CELL_MARGIN_LR;
    let cells_p = prepared(m, (fonts, bold), lang, (t.columns, &texts), start, lw);
    let (measured, pieces) = measured(m, (fonts, bold), lang, cells_p, n);
    let w_tw = width / EMU_PER_TWIP;
    let mut size = start;
    let mut needs = measured.needs(n, size);
    while size > TABLE_FLOOR && needs.iter().map(|c| c.0).sum::<Emu>() > w_tw {
        size -= 50;
        needs = measured.needs(n, size);
    }
    let (tw, overflow) = widths::distribute(&needs, w_tw, || measured.cell_needs(n, size));
    let widths: Vec<Emu> = tw.iter().map(|w| w * EMU_PER_TWIP).collect();
    if !overflow.is_empty() {
        let finding = Finding::TableTooWide {
            needed: needs.iter().map(|c| c.0).sum::<Emu>() * EMU_PER_TWIP,
            width,
            columns: overflow
                .iter()
                .map(|&c| t.columns.get(c).cloned().unwrap_or_default())
                .collect(),
            size,
        };
        findings.push(Note::new(finding, Location::block(t.block)));
        unbreakable(&measured, &needs, &widths, t.block, findings);
    }
    let mut broken = Vec::new();
    let row_heights = measured.row_heights(
        m,
        fonts,
        bold,
        lang,
        (size, body),
        &widths,
        &t.cell,
        &mut broken,
        pieces,
    );
    if overflow.is_empty() {
        let at = (t.block, &widths[..], size);
        still_broken(m, (fonts, bold), lang, &measured, &broken, at, findings);
    }
    let header_align = numeric
        .iter()
        .map(|&num| if num { Align::Right } else { Align::Left })
        .collect();
    let align = rows
        .iter()
        .map(|r| {
            r.iter()
                .zip(&numeric)
                .map(|(c, &num)| cells::align_for(c, num))
                .collect()
        })
        .collect();
    DocTable {
        title: t.title.cloned(),
        number,
        numbered,
        columns: t.columns.to_vec(),
        header_align,
        rows: texts,
        align,
        numeric,
        widths,
        size,
        overflow,
        row_heights,
    }
}

/// Every cell prepared at the starting size `size` in lines `lw` wide: the header row in
/// `bold`, the body rows in `fonts`.
fn prepared(
    m: &mut Measurer<'_>,
    (fonts, bold): (&TextFonts, &TextFonts),
    lang: ShapeLang,
    (columns, texts): (&[String], &[Vec<String>]),
    size: Cpt,
    lw: Emu,
) -> Vec<Vec<Prepared>> {
    let mut cells_p = vec![columns
        .iter()
        .map(|c| prepare(m, bold, lang, c, size, lw))
        .collect::<Vec<_>>()];
    for r in texts {
        // Kept prepared until the table is laid out: its bytes count for their memory.
        let bytes: usize = r.iter().map(String::len).sum();
        crate::work::spend(
            crate::work::current(),
            crate::work::TABLE_BYTE * bytes as u64,
        );
        cells_p.push(
            r.iter()
                .map(|c| {
                    let p = prepare(m, fonts, lang, c, size, lw);
                    crate::work::table_cell(std::slice::from_ref(&p));
                    p
                })
                .collect(),
        );
    }
    cells_p
}

/// The cells' and columns' extents as Writer measures them, and each cell's Writer pieces
/// where its row's lines are made of the same ones (taken by `row_heights`), in a table of
/// at most `KEEP_PIECES_BYTES` of text.
fn measured(
    m: &mut Measurer<'_>,
    (fonts, bold): (&TextFonts, &TextFonts),
    lang: ShapeLang,
    cells_p: Vec<Vec<Prepared>>,
    n: usize,
) -> (Measured, Vec<Vec<Option<flow::WriterPieces>>>) {
    let mut writer_cells = vec![Vec::with_capacity(cells_p.len()); n];
    let keep = cells_p
        .iter()
        .flatten()
        .map(|p| p.text.len())
        .sum::<usize>()
        <= KEEP_PIECES_BYTES;
    let mut pieces: Vec<Vec<Option<flow::WriterPieces>>> = vec![vec![None; n]; cells_p.len()];
    let writer = (0..n)
        .map(|c| {
            let mut col = WriterColumn::default();
            for (r, row) in cells_p.iter().enumerate() {
                let f = if r == 0 { bold } else { fonts };
                let ((lo, hi), made) = flow::writer_extent_with_pieces(m, f, lang, &row[c]);
                if keep {
                    pieces[r][c] = made;
                }
                if lo > col.lo {
                    (col.lo, col.lo_row) = (lo, r);
                }
                col.hi = col.hi.max(hi);
                // Rounded up: a cell's need is never below what the column's says.
                writer_cells[c].push(next_up(lo as f32, lo));
            }
            col
        })
        .collect();
    let measured = Measured {
        cells: cells_p,
        writer,
        writer_cells,
    };
    (measured, pieces)
}

/// Columns at least their narrowest in Writer's widths break no word: should one still be
/// broken (a rounding this model does not know: `broken`, row and column), QC says so rather
/// than nothing (the first [`MAX_UNBREAKABLE`]).
fn still_broken(
    m: &mut Measurer<'_>,
    (fonts, bold): (&TextFonts, &TextFonts),
    lang: ShapeLang,
    measured: &Measured,
    broken: &[(usize, usize)],
    (block, widths, size): (&str, &[Emu], Cpt),
    findings: &mut Vec<Note>,
) {
    for &(r, c) in broken.iter().take(MAX_UNBREAKABLE) {
        let p = &measured.cells[r][c];
        let f = if r == 0 { bold } else { fonts };
        let lo = flow::writer_extent(m, f, lang, p).0 * f64::from(size) / 100.0;
        let finding = Finding::UnbreakableText {
            row: r.checked_sub(1),
            column: c,
            text: p.text.clone(),
            needed: lo.ceil() as Emu + 2 * CELL_MARGIN_LR,
            width: widths[c],
        };
        findings.push(Note::new(finding, Location::block(block)));
    }
}

/// One finding per cell (first [`MAX_UNBREAKABLE`]) whose narrowest width passes its column.
fn unbreakable(
    ms: &Measured,
    needs: &[(Emu, Emu)],
    widths: &[Emu],
    block: &str,
    findings: &mut Vec<Note>,
) {
    // Only the cells that set their column's narrowest width are named: one per column, found
    // in one pass over the column (asked per cell, this was quadratic in the rows).
    let mut count = 0;
    let widest: Vec<Option<usize>> = (0..needs.len())
        .map(|c| {
            let size_needs = needs[c].0 * EMU_PER_TWIP;
            (size_needs > widths[c]).then(|| widest_row(ms, c))
        })
        .collect();
    for (r, row) in ms.cells.iter().enumerate() {
        for (c, p) in row.iter().enumerate() {
            let size_needs = needs[c].0 * EMU_PER_TWIP;
            if size_needs <= widths[c] || count >= MAX_UNBREAKABLE {
                continue;
            }
            if widest[c] != Some(r) {
                continue;
            }
            let finding = Finding::UnbreakableText {
                row: r.checked_sub(1),
                column: c,
                text: p.text.clone(),
                needed: size_needs,
                width: widths[c],
            };
            findings.push(Note::new(finding, Location::block(block)));
            count += 1;
        }
    }
}

/// The first row holding column `c`'s longest unbreakable piece (in ems), in the engine's
/// widths or Writer's, whichever is wider.
fn widest_row(ms: &Measured, c: usize) -> usize {
    let lo = |p: &Prepared| widths::para_extent(p, 1000).0;
    let mut best = (0, None);
    for (r, row) in ms.cells.iter().enumerate() {
        let w = lo(&row[c]);
        if best.1.is_none() || w > best.0 {
            best = (w, Some(r));
        }
    }
    let writer = ms.writer[c];
    if writer.at(1000).0 > best.0 {
        return writer.lo_row;
    }
    best.1.unwrap_or(0)
}
