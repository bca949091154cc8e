//! Tables: `table_overflow` (high) for a table whose rows pass what its box may use or whose
//! columns do not fit its width even at the floor, and the report's per-table details
//! (`tables`): rows placed on each page, rows moved to continuation slides, the size chosen,
//! the columns that do not fit. Read from the laid-out [`TableBox`]es; nothing is measured.

use crate::numbers::{cpt_value, emu_pt_value, fmt_cpt};
use crate::{issue, Issue, IssueKind, Severity};
use serde::Serialize;
use serde_json::{json, Value};
use specrender_model::{BoxContent, LaidDeck, LaidSlide, PlacedBox, TableBox};
use std::collections::BTreeMap;

pub(crate) fn overflow(slide: &LaidSlide, b: &PlacedBox, t: &TableBox) -> Option<Issue> {
    if t.fits() {
        return None;
    }
    let rows = t.body_rows();
    let at = format!("{}/{}", slide.id, b.element_id);
    let size = fmt_cpt(t.size);
    let message = if !t.overflow_columns.is_empty() {
        let cols: Vec<String> = t
            .overflow_columns
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect();
        format!("{at}: columns {} do not fit the table's width even at {size}pt; drop or merge columns, shorten their longest words, or give the table a wider box.", cols.join(", "))
    } else if rows.len() <= 1 {
        let which = rows
            .first()
            .map_or("the header".to_string(), |r| format!("row {}", r + 1));
        format!("{at}: {which} alone is taller than the box at {size}pt; shorten its cells.")
    } else {
        format!("{at}: {} rows need {}pt at {size}pt, the box holds {}pt; cut rows or move them to an appendix slide.", rows.len(), pt(t.needed_height), pt(t.usable_height))
    };
    let message = if t.height_clamped {
        format!("{message} The rows need more than the 2,147,483,647 EMU (about 2,348 in) a frame may be, so the table's frame was cut to that height.")
    } else {
        message
    };
    let mut details = BTreeMap::new();
    if t.height_clamped {
        details.insert("height_clamped".into(), json!(true));
    }
    details.insert("font_pt".into(), cpt_value(t.size));
    details.insert("needed_height_pt".into(), emu_pt_value(t.needed_height));
    details.insert("box_height_pt".into(), emu_pt_value(t.usable_height));
    details.insert("columns_not_fitting".into(), json!(t.overflow_columns));
    details.insert("rows_on_slide".into(), json!(rows.len()));
    details.insert("rows_total".into(), json!(t.rows_total));
    Some(issue(
        IssueKind::TableOverflow,
        slide,
        Some(b),
        Severity::High,
        details,
        message,
    ))
}

fn pt(emu: i64) -> String {
    match emu_pt_value(emu) {
        Value::Number(n) => n.to_string(),
        v => v.to_string(),
    }
}

/// One table of the input, over the slides it was paginated onto.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableDetails {
    pub source_slide_id: String,
    pub element_id: String,
    pub rows_total: usize,
    pub columns: usize,
    /// Per output slide: its id and the body rows on it (1-based, first and last).
    pub pages: Vec<TablePage>,
    /// Body rows placed on continuation slides.
    pub rows_moved: usize,
    pub font_pt: Value,
    pub requested_pt: Value,
    pub columns_not_fitting: Vec<String>,
    pub fits: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TablePage {
    pub slide_id: String,
    pub rows: usize,
    pub first_row: Option<usize>,
    pub last_row: Option<usize>,
}

/// The per-table details of the report, in slide order.
pub(crate) fn details(laid: &LaidDeck) -> Vec<TableDetails> {
    let mut out: Vec<TableDetails> = Vec::new();
    for slide in &laid.slides {
        for b in &slide.boxes {
            let BoxContent::Table(t) = &b.content else {
                continue;
            };
            let rows = t.body_rows();
            let page = TablePage {
                slide_id: slide.id.clone(),
                rows: rows.len(),
                first_row: rows.first().map(|r| r + 1),
                last_row: rows.last().map(|r| r + 1),
            };
            let same = |d: &TableDetails| {
                d.source_slide_id == slide.source_id && d.element_id == b.element_id
            };
            match out.iter_mut().find(|d| same(d)) {
                Some(d) => {
                    d.rows_moved += rows.len();
                    d.fits &= t.fits();
                    d.pages.push(page);
                }
                None => out.push(TableDetails {
                    source_slide_id: slide.source_id.clone(),
                    element_id: b.element_id.clone(),
                    rows_total: t.rows_total,
                    columns: t.columns.len(),
                    pages: vec![page],
                    rows_moved: 0,
                    font_pt: cpt_value(t.size),
                    requested_pt: cpt_value(t.requested_size),
                    columns_not_fitting: t.overflow_columns.clone(),
                    fits: t.fits(),
                }),
            }
        }
    }
    out
}
