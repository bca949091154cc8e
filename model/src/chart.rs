//! The laid-out chart ([`ChartBox`]): what the PPTX writer draws and QC reads, every rule
//! already applied. Categories and values are the ones in the chart's caches and its
//! workbook alike; thinning is an axis property ([`ChartBox::label_skip`]) and never removes
//! a category.

use serde::Serialize;
use specrender_spec::deck::Rgb;
use specrender_spec::units::{Cpt, Emu};

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
}

impl ChartBox {
    /// Every category shown: every n-th label, the n-th tick mark (`c:tickLblSkip`,
    /// `c:tickMarkSkip`), 1 when nothing is thinned.
    pub fn label_skip(&self) -> u32 {
        self.axis.map_or(1, |a| a.skip)
    }
}
