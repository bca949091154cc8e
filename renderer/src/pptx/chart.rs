//! `ppt/charts/chartN.xml`: a native chart (`c:chartSpace`) drawn from the laid-out
//! [`ChartBox`], and the data its embedded workbook holds ([`sheet`]).
//!
//! The chart and the workbook are written from the same [`ChartBox`]: row 1 holds the series
//! names (from B1), column A the categories (from A2), each series' values the column below its
//! name, and every `c:f` formula names exactly those cells, whose values the `c:strCache` /
//! `c:numCache` repeat (viewers draw from the caches; "Edit Data" opens the workbook). A gap
//! (a missing point) is an absent `c:pt` and an empty cell, drawn as a gap
//! (`c:dispBlanksAs val="gap"`).
//!
//! Validity (what peers got wrong): axis ids are small positive constants (`ST_AxisId` is
//! unsigned), exactly the two axes the plot declares are written, each `c:crossAx` naming
//! the other. `c:autoTitleDeleted val="1"` unless there is a title (LibreOffice otherwise draws
//! a lone series' name as one), `c:roundedCorners val="0"`, and `c:externalData` with
//! `c:autoUpdate val="0"` relates the workbook.
//!
//! `bar` = clustered columns, `stacked_bar` = stacked columns (`c:overlap val="100"`); line
//! series have markers only up to 20 categories.
//!
//! Thinning a crowded category axis: layout's interval is written as `c:tickLblSkip` and
//! `c:tickMarkSkip` (PowerPoint shows every n-th label and tick). LibreOffice 7.4 ignores both
//! (checked: a 200-point line chart with `tickLblSkip val="15"` drew all 200 labels over each
//! other); what it honours is its own automatic thinning, which it applies only when the
//! labels' rotation is left automatic — so the category axis' `a:bodyPr` carries no `rot`.
//! With that, the same chart shows every 15th label in LibreOffice too (the interval layout
//! computed from our measured widths); on a less crowded axis (43 monthly labels, interval 3)
//! it turns the labels 45 degrees instead and shows them all. Categories are never touched.

use super::chart_text::{self, TextLook};
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_A, NS_R};
use crate::xlsx::{col_name, Cell, Sheet, SHEET_NAME};
use specrender_model::chart::{GAP_WIDTH, MARKER_SIZE, RULE, SERIES_LINE, SLICE_OUTLINE};
use specrender_model::{ChartBox, ChartKind, ChartSeriesBox};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.drawingml.chart+xml";
pub(crate) const NS_C: &str = "http://schemas.openxmlformats.org/drawingml/2006/chart";

/// The category and value axes' ids.
const CAT_AX: u32 = 500_100;
const VAL_AX: u32 = 500_200;

/// The workbook's cells for `c`.
pub(crate) fn sheet(c: &ChartBox) -> Sheet<'_> {
    let mut rows = Vec::with_capacity(c.categories.len() + 1);
    let mut head = vec![Cell::Empty];
    head.extend(c.series.iter().map(|s| Cell::Text(&s.name)));
    rows.push(head);
    for (i, cat) in c.categories.iter().enumerate() {
        let mut row = vec![Cell::Text(cat.as_str())];
        row.extend(
            c.series
                .iter()
                .map(|s| s.values[i].map_or(Cell::Empty, Cell::Number)),
        );
        rows.push(row);
    }
    Sheet { rows }
}

/// `Sheet1!$A$2:$A$7`-style ranges of series `i` (0-based) over `n` categories.
fn range(col: usize, first_row: usize, last_row: usize) -> String {
    let c = col_name(col);
    if first_row == last_row {
        format!("{SHEET_NAME}!${c}${first_row}")
    } else {
        format!("{SHEET_NAME}!${c}${first_row}:${c}${last_row}")
    }
}

pub(crate) fn chart_xml(c: &ChartBox, workbook: RelId, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "c:chartSpace",
        &[("xmlns:c", &NS_C), ("xmlns:a", &NS_A), ("xmlns:r", &NS_R)],
    );
    x.empty("c:date1904", &[("val", &0)]);
    x.empty("c:roundedCorners", &[("val", &0)]);
    x.start("c:chart", &[]);
    match &c.title {
        Some(t) => {
            let look = TextLook {
                chart: c,
                size: c.sizes.title,
                bold: true,
                rot: Some(0),
            };
            chart_text::title(&mut x, t, &look);
            x.empty("c:autoTitleDeleted", &[("val", &0)]);
        }
        None => x.empty("c:autoTitleDeleted", &[("val", &1)]),
    }
    x.start("c:plotArea", &[]);
    x.empty("c:layout", &[]);
    plot(&mut x, c);
    if c.kind.has_axes() {
        cat_ax(&mut x, c);
        val_ax(&mut x, c);
    }
    x.end("c:plotArea");
    if c.legend {
        legend(&mut x, c);
    }
    x.empty("c:plotVisOnly", &[("val", &1)]);
    x.empty("c:dispBlanksAs", &[("val", &"gap")]);
    x.end("c:chart");
    // The chart area: no fill, no border (the slide shows through).
    x.start("c:spPr", &[]);
    x.empty("a:noFill", &[]);
    x.start("a:ln", &[]);
    x.empty("a:noFill", &[]);
    x.end("a:ln");
    x.end("c:spPr");
    let look = TextLook {
        chart: c,
        size: c.sizes.label,
        bold: false,
        rot: Some(0),
    };
    chart_text::tx_pr(&mut x, &look);
    x.start("c:externalData", &[("r:id", &workbook)]);
    x.empty("c:autoUpdate", &[("val", &0)]);
    x.end("c:externalData");
    x.end("c:chartSpace");
    x.finish()
}

/// The plot: one chart-type element with every series.
fn plot(x: &mut Xml, c: &ChartBox) {
    let tag = match c.kind {
        ChartKind::Bar | ChartKind::StackedBar => "c:barChart",
        ChartKind::Line => "c:lineChart",
        ChartKind::Area => "c:areaChart",
        ChartKind::Pie => "c:pieChart",
    };
    x.start(tag, &[]);
    match c.kind {
        ChartKind::Bar | ChartKind::StackedBar => {
            x.empty("c:barDir", &[("val", &"col")]);
            let grouping = if c.kind == ChartKind::Bar {
                "clustered"
            } else {
                "stacked"
            };
            x.empty("c:grouping", &[("val", &grouping)]);
        }
        ChartKind::Line | ChartKind::Area => x.empty("c:grouping", &[("val", &"standard")]),
        ChartKind::Pie => {}
    }
    let vary = u8::from(c.kind == ChartKind::Pie);
    x.empty("c:varyColors", &[("val", &vary)]);
    for (i, s) in c.series.iter().enumerate() {
        series(x, c, i, s);
    }
    match c.kind {
        ChartKind::Bar => x.empty("c:gapWidth", &[("val", &GAP_WIDTH)]),
        ChartKind::StackedBar => {
            x.empty("c:gapWidth", &[("val", &GAP_WIDTH)]);
            x.empty("c:overlap", &[("val", &100)]);
        }
        ChartKind::Line => x.empty("c:marker", &[("val", &1)]),
        ChartKind::Pie => x.empty("c:firstSliceAng", &[("val", &0)]),
        ChartKind::Area => {}
    }
    if c.kind.has_axes() {
        x.empty("c:axId", &[("val", &CAT_AX)]);
        x.empty("c:axId", &[("val", &VAL_AX)]);
    }
    x.end(tag);
}

fn series(x: &mut Xml, c: &ChartBox, i: usize, s: &ChartSeriesBox) {
    let n = c.categories.len();
    x.start("c:ser", &[]);
    x.empty("c:idx", &[("val", &i)]);
    x.empty("c:order", &[("val", &i)]);
    x.start("c:tx", &[]);
    x.start("c:strRef", &[]);
    x.leaf("c:f", &[], &range(i + 1, 1, 1));
    str_cache(x, std::iter::once(s.name.as_str()), 1);
    x.end("c:strRef");
    x.end("c:tx");
    series_shape(x, c, s);
    if c.kind == ChartKind::Pie {
        for (p, color) in c.point_colors.iter().enumerate() {
            x.start("c:dPt", &[]);
            x.empty("c:idx", &[("val", &p)]);
            x.empty("c:bubble3D", &[("val", &0)]);
            x.start("c:spPr", &[]);
            x.solid_fill(&color.hex());
            x.start("a:ln", &[("w", &SLICE_OUTLINE)]);
            x.solid_fill("FFFFFF");
            x.end("a:ln");
            x.end("c:spPr");
            x.end("c:dPt");
        }
    }
    x.start("c:cat", &[]);
    x.start("c:strRef", &[]);
    x.leaf("c:f", &[], &range(0, 2, n + 1));
    str_cache(x, c.categories.iter().map(String::as_str), n);
    x.end("c:strRef");
    x.end("c:cat");
    x.start("c:val", &[]);
    x.start("c:numRef", &[]);
    x.leaf("c:f", &[], &range(i + 1, 2, n + 1));
    x.start("c:numCache", &[]);
    x.leaf("c:formatCode", &[], "General");
    x.empty("c:ptCount", &[("val", &n)]);
    for (p, v) in s.values.iter().enumerate() {
        if let Some(v) = v {
            x.start("c:pt", &[("idx", &p)]);
            x.leaf("c:v", &[], &crate::xlsx::number_text(*v));
            x.end("c:pt");
        }
    }
    x.end("c:numCache");
    x.end("c:numRef");
    x.end("c:val");
    if c.kind == ChartKind::Line {
        x.empty("c:smooth", &[("val", &0)]);
    }
    x.end("c:ser");
}

/// The series' fill or line (and line markers), in its colour.
fn series_shape(x: &mut Xml, c: &ChartBox, s: &ChartSeriesBox) {
    let hex = s.color.hex();
    match c.kind {
        ChartKind::Line => {
            x.start("c:spPr", &[]);
            x.start("a:ln", &[("w", &SERIES_LINE), ("cap", &"rnd")]);
            x.solid_fill(&hex);
            x.empty("a:round", &[]);
            x.end("a:ln");
            x.end("c:spPr");
            x.start("c:marker", &[]);
            if c.markers() {
                x.empty("c:symbol", &[("val", &"circle")]);
                x.empty("c:size", &[("val", &MARKER_SIZE)]);
                x.start("c:spPr", &[]);
                x.solid_fill(&hex);
                x.start("a:ln", &[]);
                x.solid_fill(&hex);
                x.end("a:ln");
                x.end("c:spPr");
            } else {
                x.empty("c:symbol", &[("val", &"none")]);
            }
            x.end("c:marker");
        }
        ChartKind::Pie => {}
        ChartKind::Bar | ChartKind::StackedBar | ChartKind::Area => {
            x.start("c:spPr", &[]);
            x.solid_fill(&hex);
            x.end("c:spPr");
            if c.kind != ChartKind::Area {
                x.empty("c:invertIfNegative", &[("val", &0)]);
            }
        }
    }
}

fn str_cache<'a>(x: &mut Xml, values: impl Iterator<Item = &'a str>, n: usize) {
    x.start("c:strCache", &[]);
    x.empty("c:ptCount", &[("val", &n)]);
    for (i, v) in values.enumerate() {
        x.start("c:pt", &[("idx", &i)]);
        x.leaf("c:v", &[], v);
        x.end("c:pt");
    }
    x.end("c:strCache");
}

/// A thin axis or gridline in the chart's line colour.
fn line(x: &mut Xml, c: &ChartBox) {
    x.start("c:spPr", &[]);
    x.start("a:ln", &[("w", &RULE)]);
    x.solid_fill(&c.line_color.hex());
    x.end("a:ln");
    x.end("c:spPr");
}

fn axis_start(x: &mut Xml, tag: &str, id: u32, pos: &str) {
    x.start(tag, &[]);
    x.empty("c:axId", &[("val", &id)]);
    x.start("c:scaling", &[]);
    x.empty("c:orientation", &[("val", &"minMax")]);
    x.end("c:scaling");
    x.empty("c:delete", &[("val", &0)]);
    x.empty("c:axPos", &[("val", &pos)]);
}

fn cat_ax(x: &mut Xml, c: &ChartBox) {
    axis_start(x, "c:catAx", CAT_AX, "b");
    if let Some(t) = &c.x_title {
        let look = TextLook {
            chart: c,
            size: c.sizes.axis_title,
            bold: false,
            rot: Some(0),
        };
        chart_text::title(x, t, &look);
    }
    x.empty(
        "c:numFmt",
        &[("formatCode", &"General"), ("sourceLinked", &1)],
    );
    x.empty("c:majorTickMark", &[("val", &"out")]);
    x.empty("c:minorTickMark", &[("val", &"none")]);
    // Below the plot even where values are negative.
    x.empty("c:tickLblPos", &[("val", &"low")]);
    line(x, c);
    // No `rot`: a fixed rotation (even 0) makes LibreOffice draw every label, overlapping;
    // left automatic, it thins crowded labels itself (it ignores `c:tickLblSkip`).
    let look = TextLook {
        chart: c,
        size: c.sizes.label,
        bold: false,
        rot: None,
    };
    chart_text::tx_pr(x, &look);
    x.empty("c:crossAx", &[("val", &VAL_AX)]);
    x.empty("c:crosses", &[("val", &"autoZero")]);
    x.empty("c:auto", &[("val", &1)]);
    x.empty("c:lblAlgn", &[("val", &"ctr")]);
    x.empty("c:lblOffset", &[("val", &100)]);
    let skip = c.label_skip();
    if skip > 1 {
        x.empty("c:tickLblSkip", &[("val", &skip)]);
        x.empty("c:tickMarkSkip", &[("val", &skip)]);
    }
    x.empty("c:noMultiLvlLbl", &[("val", &0)]);
    x.end("c:catAx");
}

fn val_ax(x: &mut Xml, c: &ChartBox) {
    axis_start(x, "c:valAx", VAL_AX, "l");
    x.start("c:majorGridlines", &[]);
    line(x, c);
    x.end("c:majorGridlines");
    if let Some(t) = &c.y_title {
        let look = TextLook {
            chart: c,
            size: c.sizes.axis_title,
            bold: false,
            rot: Some(-5_400_000),
        };
        chart_text::title(x, t, &look);
    }
    x.empty(
        "c:numFmt",
        &[("formatCode", &"General"), ("sourceLinked", &1)],
    );
    x.empty("c:majorTickMark", &[("val", &"out")]);
    x.empty("c:minorTickMark", &[("val", &"none")]);
    x.empty("c:tickLblPos", &[("val", &"nextTo")]);
    x.start("c:spPr", &[]);
    x.start("a:ln", &[]);
    x.empty("a:noFill", &[]);
    x.end("a:ln");
    x.end("c:spPr");
    let look = TextLook {
        chart: c,
        size: c.sizes.label,
        bold: false,
        rot: Some(0),
    };
    chart_text::tx_pr(x, &look);
    x.empty("c:crossAx", &[("val", &CAT_AX)]);
    x.empty("c:crosses", &[("val", &"autoZero")]);
    let between = if c.kind == ChartKind::Area {
        "midCat"
    } else {
        "between"
    };
    x.empty("c:crossBetween", &[("val", &between)]);
    x.end("c:valAx");
}

fn legend(x: &mut Xml, c: &ChartBox) {
    x.start("c:legend", &[]);
    x.empty("c:legendPos", &[("val", &"b")]);
    x.empty("c:overlay", &[("val", &0)]);
    let look = TextLook {
        chart: c,
        size: c.sizes.label,
        bold: false,
        rot: Some(0),
    };
    chart_text::tx_pr(x, &look);
    x.end("c:legend");
}
