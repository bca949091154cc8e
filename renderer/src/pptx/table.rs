//! Native tables: a `p:graphicFrame` holding an `a:tbl`, written from the laid-out
//! [`TableBox`] with every number layout decided: `a:gridCol w` (column widths), `a:tr h`
//! (row heights: a minimum in every viewer, so the rows are exactly layout's unless a viewer
//! needs more), cell margins on every cell, and on every cell paragraph the explicit line
//! pitch (`a:lnSpc/a:spcPts`), `a:latin`/`a:ea`/`a:cs` and `lang` per run, as text boxes
//! have them (`text.rs`). The look is written on the cells — header fill, text colour and
//! bold, thin borders — so it does not depend on a table style.
//!
//! The caption (the table's title) is the first row: one cell spanning every column
//! (`gridSpan`, the others `hMerge`), without fill or borders but a bottom rule.
//!
//! Element order follows ECMA-376 Part 1: `CT_GraphicalObjectFrame` (nvGraphicFramePr, xfrm,
//! graphic), `CT_Table` (tblPr, tblGrid, tr), `CT_TableCell` (txBody, tcPr),
//! `CT_TableCellProperties` (lnL, lnR, lnT, lnB, fill).

use super::text::{self, RunStyle};
use crate::opc::xml::Xml;
use specrender_model::{PlacedBox, RowKind, TableBox, TableCell, TableRow};
use specrender_spec::deck::Rgb;

const TABLE_URI: &str = "http://schemas.openxmlformats.org/drawingml/2006/table";

/// Thin borders: 0.75 pt.
const BORDER_W: i64 = 9525;

pub(crate) fn table_shape(x: &mut Xml, b: &PlacedBox, t: &TableBox, id: u32, lang: &str) {
    x.start("p:graphicFrame", &[]);
    x.start("p:nvGraphicFramePr", &[]);
    x.empty("p:cNvPr", &[("id", &id), ("name", &b.element_id)]);
    x.start("p:cNvGraphicFramePr", &[]);
    x.empty("a:graphicFrameLocks", &[("noGrp", &1)]);
    x.end("p:cNvGraphicFramePr");
    super::shapes::graphic_nv_pr(x, b.placeholder);
    x.end("p:nvGraphicFramePr");
    x.start("p:xfrm", &[]);
    x.empty("a:off", &[("x", &b.rect.x), ("y", &b.rect.y)]);
    let cy: i64 = t.rows.iter().map(|r| r.height).sum();
    x.empty("a:ext", &[("cx", &t.width().max(0)), ("cy", &cy.max(0))]);
    x.end("p:xfrm");
    x.start("a:graphic", &[]);
    x.start("a:graphicData", &[("uri", &TABLE_URI)]);
    x.start("a:tbl", &[]);
    // A right-to-left deck's table is mirrored: PowerPoint draws the first column on the
    // right. (LibreOffice 7.4 ignores `rtl` and draws it left to right.)
    if t.rtl {
        x.empty("a:tblPr", &[("rtl", &1), ("firstRow", &1), ("bandRow", &0)]);
    } else {
        x.empty("a:tblPr", &[("firstRow", &1), ("bandRow", &0)]);
    }
    x.start("a:tblGrid", &[]);
    for w in &t.col_widths {
        x.empty("a:gridCol", &[("w", &(*w).max(0))]);
    }
    x.end("a:tblGrid");
    for row in &t.rows {
        table_row(x, t, row, lang);
    }
    x.end("a:tbl");
    x.end("a:graphicData");
    x.end("a:graphic");
    x.end("p:graphicFrame");
}

fn table_row(x: &mut Xml, t: &TableBox, row: &TableRow, lang: &str) {
    x.start("a:tr", &[("h", &row.height.max(0))]);
    for cell in &row.cells {
        table_cell(x, t, (row.kind, row.pad_top), cell, lang, &[]);
        // The columns a spanning cell covers are written as merged continuations.
        for _ in 1..cell.span {
            let merged = empty_like(cell);
            table_cell(
                x,
                t,
                (row.kind, row.pad_top),
                &merged,
                lang,
                &[("hMerge", &1)],
            );
        }
    }
    x.end("a:tr");
}

fn empty_like(c: &TableCell) -> TableCell {
    TableCell {
        paragraphs: Vec::new(),
        span: 1,
        ..c.clone()
    }
}

fn table_cell(
    x: &mut Xml,
    t: &TableBox,
    (kind, pad_top): (RowKind, i64),
    cell: &TableCell,
    lang: &str,
    merge: &[crate::opc::xml::Attr],
) {
    let mut attrs: Vec<crate::opc::xml::Attr> = Vec::with_capacity(2);
    if cell.span > 1 {
        attrs.push(("gridSpan", &cell.span));
    }
    attrs.extend_from_slice(merge);
    x.start("a:tc", &attrs);
    let color = match kind {
        RowKind::Header => t.header_color,
        _ => t.color,
    };
    let style = RunStyle {
        size: text::font_size(t.size),
        bold: cell.bold,
        color: color.hex(),
    };
    x.start("a:txBody", &[]);
    x.empty("a:bodyPr", &[]);
    x.empty("a:lstStyle", &[]);
    if cell.paragraphs.is_empty() {
        // CT_TextBody needs a paragraph; an empty one still takes a line at this size.
        x.start("a:p", &[]);
        style.end_para(x, lang);
        x.end("a:p");
    }
    for p in &cell.paragraphs {
        text::paragraph(x, p, cell.align, &style, lang);
    }
    x.end("a:txBody");
    cell_props(x, t, kind, pad_top);
    x.end("a:tc");
}

fn cell_props(x: &mut Xml, t: &TableBox, kind: RowKind, pad_top: i64) {
    let m = t.margins;
    let top = m.t + pad_top;
    x.start(
        "a:tcPr",
        &[
            ("marL", &m.l),
            ("marR", &m.r),
            ("marT", &top),
            ("marB", &m.b),
            ("anchor", &"t"),
        ],
    );
    let border = Some(t.border);
    let (sides, fill) = match kind {
        // The caption: no fill, no side rules, a rule under it only when no header fill follows.
        RowKind::Caption => ([None, None, None, None], None),
        RowKind::Header => ([border; 4], Some(t.header_fill)),
        RowKind::Body(_) => ([border; 4], None),
    };
    for (tag, side) in ["a:lnL", "a:lnR", "a:lnT", "a:lnB"].into_iter().zip(sides) {
        line(x, tag, side);
    }
    match fill {
        Some(c) => x.solid_fill(&c.hex()),
        None => x.empty("a:noFill", &[]),
    }
    x.end("a:tcPr");
}

/// One cell border: a thin solid line, or none.
fn line(x: &mut Xml, tag: &str, color: Option<Rgb>) {
    match color {
        Some(c) => {
            x.start(
                tag,
                &[
                    ("w", &BORDER_W),
                    ("cap", &"flat"),
                    ("cmpd", &"sng"),
                    ("algn", &"ctr"),
                ],
            );
            x.solid_fill(&c.hex());
            x.empty("a:prstDash", &[("val", &"solid")]);
            x.end(tag);
        }
        None => {
            x.start(tag, &[("w", &0)]);
            x.empty("a:noFill", &[]);
            x.end(tag);
        }
    }
}
