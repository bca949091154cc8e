//! A table block: its numbered caption above it (`Table n` with a `SEQ Table` field holding
//! its value), then `w:tbl` with the measured `w:tblGrid` (every column in twips), a fixed
//! layout (Word and Writer keep the widths), a header row that repeats on every page
//! (`w:tblHeader`) and rows that never split across pages (`w:cantSplit`), the header row
//! kept with the first body row (`w:keepNext` on its paragraphs: Word and Writer then move a
//! header row that would end a page to the next one with the table, as `layout::doc::flow`
//! predicts; without it Writer 7.4 may lose the body rows, `conformance/writer-bugs/`);
//! numbers right-aligned as layout decided; at least one paragraph in every cell, an empty
//! one with its mark at the cell's size (the line layout measured).

use super::document::{citations, labels, Body};
use super::text::{field, runs, ParaProps, RunProps};
use crate::opc::xml::Xml;
use specrender_model::doc::EMU_PER_TWIP;
use specrender_model::doc::{DocTable, LaidBlock};
use specrender_model::Align;

fn jc(a: Align) -> Option<&'static str> {
    match a {
        Align::Left => None,
        Align::Center => Some("center"),
        Align::Right => Some("right"),
    }
}

fn caption(x: &mut Xml, body: &Body<'_>, b: &LaidBlock, t: &DocTable, title: &str) {
    let (_, label, _, sep) = labels(body.laid.lang);
    x.start("w:p", &[]);
    let mut p = body.para(Some("Caption"), title);
    p.keep_next = true;
    p.write(x);
    let plain = RunProps::default();
    runs(x, &format!("{label} "), &plain);
    field(x, " SEQ Table \\* ARABIC ", &t.number.to_string(), &plain);
    if !title.is_empty() {
        runs(x, &format!("{sep}{title}"), &plain);
    }
    citations(x, body, b);
    x.end("w:p");
}

#[allow(clippy::too_many_arguments)]
fn cell(
    x: &mut Xml,
    body: &Body<'_>,
    text: &str,
    w: i64,
    align: Align,
    props: &RunProps<'_>,
    fill: Option<&str>,
    keep_next: bool,
) {
    x.start("w:tc", &[]);
    x.start("w:tcPr", &[]);
    x.empty("w:tcW", &[("w:w", &w), ("w:type", &"dxa")]);
    if let Some(f) = fill {
        x.empty(
            "w:shd",
            &[("w:val", &"clear"), ("w:color", &"auto"), ("w:fill", &f)],
        );
    }
    x.end("w:tcPr");
    x.start("w:p", &[]);
    let mut p = body.para(None, text);
    p.jc = jc(align);
    p.keep_next = keep_next;
    if text.is_empty() {
        p.mark = Some(props.clone());
    }
    p.write(x);
    runs(x, text, props);
    x.end("w:p");
    x.end("w:tc");
}

pub(crate) fn table(x: &mut Xml, body: &Body<'_>, b: &LaidBlock, t: &DocTable) {
    match &t.title {
        Some(title) => caption(x, body, b, t, title),
        // The document numbers its tables: an untitled one gets its number alone.
        None if t.numbered => caption(x, body, b, t, ""),
        None if !b.cites.is_empty() => {
            // Citations of an untitled table go on an empty caption-styled line above it.
            x.start("w:p", &[]);
            ParaProps {
                style: Some(body.laid.style_id("Caption")),
                keep_next: true,
                ..Default::default()
            }
            .write(x);
            citations(x, body, b);
            x.end("w:p");
        }
        None => {}
    }
    let widths: Vec<i64> = t.widths.iter().map(|w| w / EMU_PER_TWIP).collect();
    let total: i64 = widths.iter().sum();
    x.start("w:tbl", &[]);
    x.start("w:tblPr", &[]);
    x.empty("w:tblStyle", &[("w:val", &body.laid.style_id("SpecTable"))]);
    // A right-to-left document's tables read from the right: first column on the right.
    if right_to_left_language(&body.laid.language) {
        x.empty("w:bidiVisual", &[]);
    }
    x.empty("w:tblW", &[("w:w", &total), ("w:type", &"dxa")]);
    x.empty("w:tblLayout", &[("w:type", &"fixed")]);
    x.empty(
        "w:tblLook",
        &[
            ("w:val", &"04A0"),
            ("w:firstRow", &"1"),
            ("w:lastRow", &"0"),
            ("w:firstColumn", &"0"),
            ("w:lastColumn", &"0"),
            ("w:noHBand", &"1"),
            ("w:noVBand", &"1"),
        ],
    );
    x.end("w:tblPr");
    x.start("w:tblGrid", &[]);
    for w in &widths {
        x.empty("w:gridCol", &[("w:w", w)]);
    }
    x.end("w:tblGrid");
    let th = &body.laid.theme;
    let fill = th.colors.primary.hex();
    let head = RunProps {
        bold: true,
        color: Some(th.colors.background.hex()),
        size: Some(t.size),
        ..Default::default()
    };
    x.start("w:tr", &[]);
    x.start("w:trPr", &[]);
    x.empty("w:cantSplit", &[]);
    x.empty("w:tblHeader", &[]);
    x.end("w:trPr");
    for (c, name) in t.columns.iter().enumerate() {
        cell(
            x,
            body,
            name,
            widths[c],
            t.header_align[c],
            &head,
            Some(&fill),
            !t.rows.is_empty(),
        );
    }
    x.end("w:tr");
    let plain = RunProps {
        size: Some(t.size),
        ..Default::default()
    };
    for (r, row) in t.rows.iter().enumerate() {
        x.start("w:tr", &[]);
        x.start("w:trPr", &[]);
        x.empty("w:cantSplit", &[]);
        x.end("w:trPr");
        for (c, text) in row.iter().enumerate() {
            cell(x, body, text, widths[c], t.align[r][c], &plain, None, false);
        }
        x.end("w:tr");
    }
    x.end("w:tbl");
    // A paragraph after every table: two tables in a row would otherwise merge.
    x.start("w:p", &[]);
    ParaProps {
        spacing_after: Some(0),
        ..Default::default()
    }
    .write(x);
    x.end("w:p");
}

pub(crate) use specrender_spec::doc::right_to_left_language;
