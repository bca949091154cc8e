//! Measure: every resolved text body through the shared text engine
//! (`specrender_layout::text`: segmented by script, shaped once, broken under both viewers'
//! rules, the stricter count kept), with the line heights LibreOffice gives foreign text:
//!
//! - a text box's line is 1.2 x the size, times `a:lnSpc/a:spcPct` (LibreOffice imports
//!   PPTX text boxes with font-independent line heights; checked against 7.4 on Carlito and
//!   Noto Sans CJK: 21.6 pt lines at 18 pt, 24.0 pt at 20 pt Hangul, tests/fixtures/check);
//! - a table cell's line is the face's ascent + descent (1.0 em Carlito, 1.448 em Noto Sans
//!   CJK), times the percentage — as `specrender_layout`'s tables record it
//!   (docs/dev/viewers/impress-table-rows.md);
//! - `a:lnSpc/a:spcPts` is exactly the written pitch;
//! - `normAutofit`: sizes times `fontScale`, percentages less `lnSpcReduction` (what
//!   PowerPoint stored); `spAutoFit`: the box grows to its text.

use crate::read::{Rect, Spacing};
use crate::resolve::{Deck, Frame, Para, What};
use crate::{CheckError, CheckOptions};
use specrender_fonts::{FontBook, MatchKind, Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender_layout::text::{prepare, SlotLines, TextFonts};
use specrender_spec::units::EMU_PER_CPT;

/// A family the file names that is not available: measured with another face.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Fallback {
    pub family: String,
    pub measured_with: String,
    pub stand_in: bool,
}

/// One text body measured.
#[derive(Debug, Clone, Default)]
pub struct Lines {
    pub needed_lines: usize,
    /// Lines whose foot is within the height text may use.
    pub box_lines: usize,
    pub needed_height: i64,
    pub inner_height: i64,
    pub inner_width: i64,
    /// The widest line (EMU), for `wrap="none"`.
    pub widest: i64,
    pub total_chars: usize,
    /// Sizes drawn (centipoints, after `fontScale`): smallest and largest.
    pub min_size: u32,
    pub max_size: u32,
    pub fallbacks: Vec<Fallback>,
    pub missing: Vec<char>,
    pub empty: bool,
}

impl Lines {
    pub fn overflows(&self) -> bool {
        self.needed_height > self.inner_height
    }
}

#[derive(Debug, Clone)]
pub struct CellLines {
    pub row: usize,
    pub col: usize,
    pub lines: Lines,
    /// The row's height as written (`a:tr@h`) and as the cell needs it.
    pub row_height: i64,
    pub needed_row_height: i64,
}

#[derive(Debug, Clone)]
pub enum Measure {
    None,
    Text {
        lines: Lines,
        /// The box as drawn: grown by `spAutoFit`.
        rect: Option<Rect>,
    },
    Table {
        cells: Vec<CellLines>,
        /// Rows as written and as drawn (each as tall as its tallest cell needs).
        height: i64,
        needed_height: i64,
        rect: Option<Rect>,
    },
}

fn spacing_emu(s: Option<Spacing>, size: u32) -> i64 {
    match s {
        Some(Spacing::Pts(v)) => v * EMU_PER_CPT,
        // A share of the line (1.2 x the size).
        Some(Spacing::Pct(p)) => (size as i64 * EMU_PER_CPT * 12 / 10) * p / 100_000,
        None => 0,
    }
}

struct Ctx<'b> {
    m: Measurer<'b>,
    book: &'b FontBook,
}

impl Ctx<'_> {
    fn fonts(&self, p: &Para, out: &mut Vec<Fallback>, cjk: bool) -> TextFonts {
        let mut face = |fam: &str, class: ScriptClass, report: bool| {
            let r = self.book.resolve(fam, p.bold, class);
            if report && !fam.trim().is_empty() {
                let (to, stand_in) = match &r.kind {
                    MatchKind::StandIn { to } => (Some(to), true),
                    MatchKind::Substituted { to } => (Some(to), false),
                    _ => (None, false),
                };
                if let Some(to) = to {
                    let f = Fallback {
                        family: fam.to_string(),
                        measured_with: to.clone(),
                        stand_in,
                    };
                    if !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
            r.face
        };
        let faces = SlotFaces {
            latin: face(&p.latin, ScriptClass::Latin, true),
            ea: face(&p.ea, ScriptClass::EastAsian, cjk),
            cs: face(&p.latin, ScriptClass::Complex, false),
        };
        TextFonts {
            latin: p.latin.as_str().into(),
            ea: p.ea.as_str().into(),
            cs: p.latin.as_str().into(),
            faces,
            bold: p.bold,
            lines: SlotLines::default(),
        }
    }

    /// The face's ascent + descent (em): a table cell's line.
    fn face_height(&self, f: &TextFonts, cjk: bool) -> f64 {
        let face = self.book.face(if cjk { f.faces.ea } else { f.faces.latin });
        let upem = f64::from(face.units_per_em.max(1));
        ((f64::from(face.ascender) - f64::from(face.descender)) / upem).clamp(0.5, 3.0)
    }

    /// A text body in a box `inner_w` x `inner_h` (EMU, insets taken off).
    fn frame(&mut self, f: &Frame, inner_w: i64, inner_h: i64, cell: bool) -> Lines {
        let cols = f.columns.max(1);
        let col_w = (inner_w / cols).max(1);
        let mut out = Lines {
            inner_height: inner_h * cols,
            inner_width: inner_w,
            min_size: u32::MAX,
            empty: f.paras.iter().all(|p| p.text.trim().is_empty()),
            ..Lines::default()
        };
        // Line feet, for the lines that fit.
        let mut y: i64 = 0;
        let n = f.paras.len();
        for (i, p) in f.paras.iter().enumerate() {
            let size =
                ((p.size as i64 * f.font_scale + 50_000) / 100_000).clamp(100, 400_000) as u32;
            let has_cjk = p.text.chars().any(is_cjk);
            let fonts = self.fonts(p, &mut out.fallbacks, has_cjk);
            let lang = ShapeLang::from_tag(&p.lang);
            let width = if f.no_wrap {
                1 << 40
            } else {
                (col_w - p.mar_l - p.indent.max(0)).max(1)
            };
            let pitch = match p.ln_spc {
                Some(Spacing::Pts(v)) => v * EMU_PER_CPT,
                other => {
                    let pct = match other {
                        Some(Spacing::Pct(v)) => v,
                        _ => 100_000,
                    };
                    let pct = (pct - f.ln_reduction).max(10_000);
                    let em = if cell {
                        self.face_height(&fonts, has_cjk)
                    } else {
                        1.2
                    };
                    ((size as f64 * EMU_PER_CPT as f64 * em) * pct as f64 / 100_000.0).round()
                        as i64
                }
            };
            if i > 0 {
                y += spacing_emu(p.spc_bef, size);
            }
            let mut lines = 0usize;
            for piece in p.text.split('\n') {
                out.total_chars += piece.chars().count();
                if piece.is_empty() {
                    lines += 1;
                    continue;
                }
                let prep = prepare(&mut self.m, &fonts, lang, piece, size, width);
                let broken = prep.broken_at(size, width);
                lines += broken.lines.len().max(1);
                let widest = broken.lines.iter().map(|l| l.width).max().unwrap_or(0);
                out.widest = out.widest.max(widest + p.mar_l + p.indent.max(0));
                for c in prep.missing {
                    if !out.missing.contains(&c) {
                        out.missing.push(c);
                    }
                }
            }
            if !p.text.trim().is_empty() {
                out.min_size = out.min_size.min(size);
                out.max_size = out.max_size.max(size);
            }
            for _ in 0..lines {
                y = y.saturating_add(pitch);
                if y <= out.inner_height {
                    out.box_lines += 1;
                }
            }
            out.needed_lines += lines;
            if i + 1 < n {
                y += spacing_emu(p.spc_aft, size);
            }
        }
        if out.min_size == u32::MAX {
            out.min_size = 0;
        }
        out.needed_height = y;
        out
    }
}

/// Every slide's shapes measured, in the deck's order.
pub fn deck(
    deck: &Deck,
    book: &FontBook,
    opts: &CheckOptions,
) -> Result<Vec<Vec<Measure>>, CheckError> {
    let mut cx = Ctx {
        m: Measurer::new(book),
        book,
    };
    let mut out = Vec::with_capacity(deck.slides.len());
    for slide in &deck.slides {
        let mut shapes = Vec::with_capacity(slide.shapes.len());
        for s in &slide.shapes {
            shapes.push(match (&s.what, s.rect) {
                (What::Text(f), Some(r)) => {
                    let inner_w = (r.cx - f.insets[0] - f.insets[2]).max(1);
                    let inner_h = (r.cy - f.insets[1] - f.insets[3]).max(0);
                    let mut lines = cx.frame(f, inner_w, inner_h, false);
                    let mut rect = r;
                    if f.autofit == "shape" {
                        // PowerPoint and LibreOffice size the box to its text.
                        rect.cy = lines.needed_height + f.insets[1] + f.insets[3];
                        lines.inner_height = lines.needed_height;
                        lines.box_lines = lines.needed_lines;
                    }
                    Measure::Text {
                        lines,
                        rect: Some(rect),
                    }
                }
                (What::Table(rows, cols, heights), r) => {
                    let mut cells = Vec::new();
                    let mut needed = 0i64;
                    for (ri, row) in rows.iter().enumerate() {
                        let h = heights.get(ri).copied().unwrap_or(0);
                        let mut row_need = h;
                        for c in row {
                            let w: i64 = cols.iter().skip(c.col).take(c.span).sum();
                            let inner_w = (w - c.margins[0] - c.margins[1]).max(1);
                            let inner_h = (h - c.margins[2] - c.margins[3]).max(0);
                            let lines = cx.frame(&c.body, inner_w, inner_h, true);
                            let need = lines.needed_height + c.margins[2] + c.margins[3];
                            row_need = row_need.max(need);
                            cells.push(CellLines {
                                row: c.row,
                                col: c.col,
                                lines,
                                row_height: h,
                                needed_row_height: need,
                            });
                        }
                        needed = needed.saturating_add(row_need);
                    }
                    Measure::Table {
                        cells,
                        height: heights.iter().sum(),
                        needed_height: needed,
                        rect: r,
                    }
                }
                _ => Measure::None,
            });
        }
        if specrender_layout::work::exhausted() {
            return Err(CheckError::OverBudget {
                slide: slide.number,
                budget: opts.work_budget,
            });
        }
        out.push(shapes);
    }
    Ok(out)
}

fn is_cjk(c: char) -> bool {
    specrender_fonts::script_class(c) == ScriptClass::EastAsian
}
