//! The laid-out chart ([`ChartBox`]): what the PPTX writer draws and QC reads, every rule
//! already applied. Categories and values are the ones in the chart's caches and its
//! workbook alike; thinning is an axis property ([`ChartBox::label_skip`]) and never removes
//! a category.
//!
//! How the chart is drawn ([`ChartLayout`], in [`ChartBox::drawn`]) is decided by layout too,
//! only when something draws it (previews; next the PDF): every position, the value axis and
//! the placed glyphs of every label, so a consumer draws it without measuring anything.

use std::sync::Arc;

use serde::Serialize;
use specrender_spec::deck::Rgb;
use specrender_spec::units::{Cpt, Emu};

use crate::text::PlacedGlyph;

/// The chart kinds drawn. `bar` is clustered columns and `stacked_bar` stacked columns
/// (vertical bars: categories along the bottom, as the seed's examples read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartKind {
    Bar,
    StackedBar,
    Line,
    Pie,
    Area,
}

impl ChartKind {
    pub fn from_name(name: &str) -> ChartKind {
        match name {
            "stacked_bar" => ChartKind::StackedBar,
            "line" => ChartKind::Line,
            "pie" => ChartKind::Pie,
            "area" => ChartKind::Area,
            _ => ChartKind::Bar,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ChartKind::Bar => "bar",
            ChartKind::StackedBar => "stacked_bar",
            ChartKind::Line => "line",
            ChartKind::Pie => "pie",
            ChartKind::Area => "area",
        }
    }
    /// Has a category and a value axis (every kind but pie).
    pub fn has_axes(self) -> bool {
        self != ChartKind::Pie
    }
}

/// One series as drawn: a value per category (`None`: a gap), its colour.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartSeriesBox {
    pub name: String,
    pub values: Vec<Option<f64>>,
    pub color: Rgb,
}

/// Text sizes of a chart's parts (centipoints).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ChartSizes {
    pub title: Cpt,
    pub axis_title: Cpt,
    /// Tick labels and the legend.
    pub label: Cpt,
}

/// Family names the chart's text is written with (`a:latin`, `a:ea`, `a:cs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChartFonts {
    pub latin: String,
    pub ea: String,
    pub cs: String,
}

/// How crowded the category axis is, as layout measured it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AxisFit {
    /// The widest category label at the label size (EMU).
    pub widest_label: Emu,
    /// The width each category gets along the axis (EMU, estimated plot width / categories).
    pub slot: Emu,
    /// Show every n-th label (1 = all).
    pub skip: u32,
    /// Even thinned (or, for nominal categories, wrapped on two lines), labels overlap.
    pub crowded: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartBox {
    /// The kind drawn (after the pie → bar rule).
    pub kind: ChartKind,
    pub title: Option<String>,
    pub x_title: Option<String>,
    pub y_title: Option<String>,
    pub categories: Vec<String>,
    /// Ordered categories (numbers, dates, months, quarters, years): never aggregated.
    pub ordered: bool,
    pub series: Vec<ChartSeriesBox>,
    /// Pie slices' colours, one per category (pie only; empty otherwise).
    pub point_colors: Vec<Rgb>,
    /// A legend (below the plot) when there is more than one series, and on pies.
    pub legend: bool,
    pub fonts: ChartFonts,
    /// `lang` of the chart's text runs.
    pub lang: String,
    pub text_color: Rgb,
    /// Gridline and axis line colour.
    pub line_color: Rgb,
    pub sizes: ChartSizes,
    /// The category axis as measured; `None` on pies.
    pub axis: Option<AxisFit>,
    /// How it is drawn, once layout's chart drawing layout ran (previews; not written, not
    /// in `--layout`).
    #[serde(skip)]
    pub drawn: Option<Arc<ChartLayout>>,
}

/// How the writer writes a chart's series and rules, which every drawer draws the same.
///
/// The gap between bar groups, in percent of one bar's width (`c:gapWidth`).
pub const GAP_WIDTH: u32 = 150;
/// A line series' stroke (`a:ln w`, EMU: 2.25 pt); a line chart's legend keys are drawn as wide.
pub const SERIES_LINE: Emu = 28_575;
/// A pie slice's white outline (EMU: 1.5 pt).
pub const SLICE_OUTLINE: Emu = 19_050;
/// Axis lines, tick marks and gridlines (EMU: 0.75 pt).
pub const RULE: Emu = 9_525;
/// A line series' markers: circles this wide (points, `c:size`), on charts of at most
/// [`MARKERS_UP_TO`] categories ([`ChartBox::markers`]).
pub const MARKER_SIZE: u32 = 5;
pub const MARKERS_UP_TO: usize = 20;

impl ChartBox {
    /// Whether its line series carry markers (a line chart of at most [`MARKERS_UP_TO`]
    /// categories).
    pub fn markers(&self) -> bool {
        self.kind == ChartKind::Line && self.categories.len() <= MARKERS_UP_TO
    }

    /// Every category shown: every n-th label, the n-th tick mark (`c:tickLblSkip`,
    /// `c:tickMarkSkip`), 1 when nothing is thinned.
    pub fn label_skip(&self) -> u32 {
        self.axis.map_or(1, |a| a.skip)
    }
}

/// A chart as drawn: LibreOffice's automatic layout of the chart part the writer writes,
/// decided by layout (`specrender_layout::element::chart::drawn`). Every position and length
/// is in EMU (as `f32`) from the chart frame's top-left corner, y down; a text's glyphs are
/// [`PlacedGlyph`]s with `x` in EMU from the text's start. Pieces are drawn in this order:
/// title, legend, then, when there is room ([`ChartLayout::space`]), the pie, or the plot
/// area's gridlines and value labels, the category axis and its labels, the axis titles and
/// the series.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartLayout {
    pub title: Option<ChartText>,
    /// The legend row's entries, left to right (empty without a legend).
    pub legend: Vec<LegendEntry>,
    /// What the titles and the legend leave for the diagram and its axis labels.
    pub space: Edges,
    pub diagram: Diagram,
}

/// A rectangle by its edges (EMU from the chart frame's top-left, as `f32`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edges {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

/// What fills the space: nothing (no room), a pie, or a plot area with its axes.
#[derive(Debug, Clone, PartialEq)]
pub enum Diagram {
    None,
    /// The pie's centre and radius, the largest circle in the space.
    Pie {
        cx: f32,
        cy: f32,
        r: f32,
    },
    Plot(Box<PlotArea>),
}

/// The plot area of a chart with axes, its axes and their titles. The series are drawn
/// through it: value `v` at `bottom - (v - min) / (max - min) * (bottom - top)`, category `i`
/// at [`CategoryAxis::slot`] and [`CategoryAxis::at`]; bars [`GAP_WIDTH`] apart, lines
/// [`SERIES_LINE`] wide.
#[derive(Debug, Clone, PartialEq)]
pub struct PlotArea {
    /// The plot rectangle: gridlines run across it, values map onto its height.
    pub rect: Edges,
    pub values: ValueAxis,
    pub categories: CategoryAxis,
    /// The category axis' title, below the labels.
    pub x_title: Option<ChartText>,
    /// The value axis' title, turned to read upwards, left of the labels.
    pub y_title: Option<ChartText>,
}

/// The value axis: `min..=max` in steps of `step`, a tick (and gridline) at each.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueAxis {
    pub min: f64,
    pub max: f64,
    pub step: f64,
    /// From `min` up: the value, its gridline's y and its label.
    pub ticks: Vec<ValueTick>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValueTick {
    pub value: f64,
    pub y: f32,
    pub label: ChartText,
}

/// The category axis along the bottom of the plot.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryAxis {
    /// Each category's width along the axis; category `i`'s point (or bar group) starts at
    /// `rect.left + slot * i` and stands at `rect.left + slot * (i + at)`.
    pub slot: f32,
    /// 0.5 (between tick marks), or 0 for an area (on them, `crossBetween midCat`).
    pub at: f32,
    /// The axis line's y: where the value 0 is, or the nearer end of the axis.
    pub y: f32,
    /// The tick marks' x, each `tick` long below the axis line.
    pub ticks: Vec<f32>,
    pub tick: f32,
    /// The labels shown (every [`ChartBox::label_skip`]-th): category index and label.
    pub labels: Vec<(usize, ChartText)>,
}

/// One legend entry: its key and its name.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    pub key: LegendKey,
    pub color: Rgb,
    pub label: ChartText,
}

/// A legend key: a filled square, or a line chart's stroke.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LegendKey {
    Square { x: f32, y: f32, w: f32, h: f32 },
    Line { x0: f32, x1: f32, y: f32 },
}

/// A piece of chart text, placed: its glyphs from (`x`, `y`), where its baseline starts, at
/// `size`; `turned` text reads upwards (its baseline runs up from there, the glyphs' tops
/// face left). Glyph offsets are in font units (`size` over the face's units per em).
#[derive(Debug, Clone, PartialEq)]
pub struct ChartText {
    pub text: String,
    pub size: Cpt,
    pub x: f32,
    pub y: f32,
    pub turned: bool,
    /// Its advance (EMU).
    pub width: f32,
    /// In drawing order; `cluster` is a byte offset in `text`.
    pub glyphs: Vec<PlacedGlyph>,
}
