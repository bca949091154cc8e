//! A chart's series as drawn through its plot area ([`crate::chart::PlotArea`]): each bar's
//! edges, each line's points, each pie slice's angles — one geometry for every drawer (the
//! preview in pixels, the PDF in points), computed in the drawer's own unit from the plot
//! area's left edge, a category's width and the value-to-y mapping it gives, as
//! [`crate::outline`] does for shapes.

use crate::chart::{ChartBox, ChartKind, GAP_WIDTH};
use specrender_spec::deck::Rgb;

/// One bar: its left and right edges, the y of the value it starts from and of the one it
/// reaches (either may be the higher), its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    pub left: f32,
    pub right: f32,
    pub from: f32,
    pub to: f32,
    pub color: Rgb,
}

/// The bars of a column chart (clustered or stacked): groups `GAP_WIDTH` % of a bar apart,
/// half of it each side; stacked bars pile positive and negative values apart.
pub fn bars(c: &ChartBox, plot_l: f32, slot: f32, yv: &dyn Fn(f64) -> f32) -> Vec<Bar> {
    let stacked = c.kind == ChartKind::StackedBar;
    let k = if stacked { 1 } else { c.series.len().max(1) };
    // 150: a bar takes slot / (k + 1.5).
    let gap = GAP_WIDTH as f32 / 100.0;
    let bw = slot / (k as f32 + gap);
    let mut out = Vec::new();
    for i in 0..c.categories.len() {
        let (mut pos, mut neg) = (0.0, 0.0);
        for (si, s) in c.series.iter().enumerate() {
            let Some(v) = s.values.get(i).copied().flatten() else {
                continue;
            };
            let bx = plot_l
                + slot * i as f32
                + bw * (gap / 2.0)
                + if stacked { 0.0 } else { bw * si as f32 };
            let (from, to) = if stacked {
                let acc = if v < 0.0 { &mut neg } else { &mut pos };
                let f = *acc;
                *acc += v;
                (f, *acc)
            } else {
                (0.0, v)
            };
            out.push(Bar {
                left: bx,
                right: bx + bw,
                from: yv(from),
                to: yv(to),
                color: s.color,
            });
        }
    }
    out
}

/// One line (or area) series: its points in category order, and the runs of consecutive
/// points a line joins (a missing value breaks the line: `c:dispBlanksAs gap`).
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesLine {
    pub color: Rgb,
    pub points: Vec<(f32, f32)>,
    pub runs: Vec<Vec<(f32, f32)>>,
}

/// The series of a line or area chart, category `i` at `plot_l + slot * (i + at)`.
pub fn lines(
    c: &ChartBox,
    plot_l: f32,
    slot: f32,
    at: f32,
    yv: &dyn Fn(f64) -> f32,
) -> Vec<SeriesLine> {
    c.series
        .iter()
        .map(|s| {
            let mut points = Vec::new();
            let mut runs: Vec<Vec<(f32, f32)>> = Vec::new();
            let mut prev = false;
            for (i, v) in s.values.iter().enumerate() {
                match v {
                    Some(v) => {
                        let p = (plot_l + slot * (i as f32 + at), yv(*v));
                        points.push(p);
                        if !prev {
                            runs.push(Vec::new());
                        }
                        if let Some(r) = runs.last_mut() {
                            r.push(p);
                        }
                        prev = true;
                    }
                    None => prev = false,
                }
            }
            SeriesLine {
                color: s.color,
                points,
                runs,
            }
        })
        .collect()
}

/// One pie slice: from angle `start` (radians, clockwise from 3 o'clock, y down) through
/// `sweep`, in `color`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slice {
    pub start: f64,
    pub sweep: f64,
    pub color: Rgb,
}

/// A pie's slices from 12 o'clock clockwise, one per category of the first series (missing
/// and negative values count 0); none when nothing is positive.
pub fn slices(c: &ChartBox) -> Vec<Slice> {
    let Some(s) = c.series.first() else {
        return Vec::new();
    };
    let vals: Vec<f64> = s.values.iter().map(|v| v.unwrap_or(0.0).max(0.0)).collect();
    let total: f64 = vals.iter().sum();
    if total <= 0.0 {
        return Vec::new();
    }
    let mut a = -std::f64::consts::FRAC_PI_2;
    vals.iter()
        .enumerate()
        .map(|(i, v)| {
            let sweep = v / total * std::f64::consts::TAU;
            let slice = Slice {
                start: a,
                sweep,
                color: c.point_colors.get(i).copied().unwrap_or(s.color),
            };
            a += sweep;
            slice
        })
        .collect()
}
