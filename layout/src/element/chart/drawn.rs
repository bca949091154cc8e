//! How a chart is drawn ([`ChartLayout`], into [`ChartBox::drawn`]): where LibreOffice draws
//! the chart part the writer writes (`renderer/src/pptx/chart.rs`: no manual layout, title on
//! top, legend at the bottom, value axis left, category axis below with outward ticks, labels
//! "low"), with the glyphs of every piece of text placed. Decided once the deck is fitted,
//! only when something draws it (`text::glyphs::place_deck`, as a paragraph's glyphs): a PPTX
//! needs none of it, and the preview and the PDF draw from the same numbers.
//!
//! The layout follows LibreOffice chart2's automatic one (`ChartView.cxx`, `VLegend.cxx`,
//! `ShapeFactory.cxx`, `ViewDefines.hxx`), in the chart frame, top to bottom:
//!
//! - the main title's shape sits 2 % of the height + 135/100 mm down; a title shape is its
//!   text (ascent + descent, no line gap) plus 0.3 em above and below (0.18 em each side);
//! - the legend's entries stand on a line 185/100 mm above the bottom and take their height +
//!   185/100 mm off the space left: a 0.6 em square per entry (a 800/100 mm line for a line
//!   chart), 100/100 mm to its name, entries 7.85 pt apart, the row centred;
//! - an axis title takes its shape + 420/100 mm (category) or 450/100 mm (value) off the
//!   space, then 2 % of the frame comes off each side: what is left is the diagram with its
//!   axis labels; the titles are then placed 2 % outside it;
//! - the plot area is that less the widest value label + 250/100 mm (tick 150 + gap 100) on
//!   the left, half a value label on top, a category label + 250/100 mm below; a pie fills
//!   the square in it;
//! - the value axis ([`nice_axis`]): at most 10 intervals (fewer when its labels would not
//!   fit), the step 1, 2 or 5 x 10^n, the ends rounded out to steps and zero included, and one
//!   step more where the data come within 1/20 of the span of an end.
//!
//! Measured against LibreOffice 7.4's PDFs of the 20 charts in the fidelity suite
//! (conformance/preview_fidelity.py): the pieces above agree within 0.3 pt; the legend's own
//! height (1.04 em of its text) is measured, not derived.
//!
//! Lengths are EMU as `f32` from the frame's top-left, summed in the order the preview summed
//! its pixels when it decided this itself (its previews stay the same pixels). The PPTX keeps
//! its automatic axis (no `c:min`/`c:max`): this is LibreOffice's automatic rule, so what the
//! viewers draw and what we draw agree.

use specrender_fonts::{Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender_model::chart::{
    CategoryAxis, ChartLayout, ChartText, Diagram, Edges, LegendEntry, LegendKey, PlotArea,
    ValueAxis, ValueTick,
};
use specrender_model::text::PlacedGlyph;
use specrender_model::{ChartBox, ChartKind, Rect};
use specrender_spec::deck::Rgb;
use specrender_spec::units::{Cpt, Emu, EMU_PER_CPT, EMU_PER_PT};

/// 1/100 mm in points.
const HMM: f32 = 72.0 / 2540.0;
/// A major tick's length and the gap to its label (`AXIS2D_TICKLENGTH`,
/// `AXIS2D_TICKLABELSPACING`).
const TICK: f32 = 150.0 * HMM;
const TICK_GAP: f32 = 100.0 * HMM;
/// Most intervals the value axis takes (LibreOffice's first pass).
const MAX_INTERVALS: f64 = 10.0;

/// Points in EMU.
fn pt(v: f32) -> f32 {
    v * EMU_PER_PT as f32
}

/// A centipoint size in points.
fn em(cpt: Cpt) -> f32 {
    cpt as f32 / 100.0
}

/// How `c` is drawn in a frame `frame.w` x `frame.h`.
pub fn lay_out(m: &mut Measurer<'_>, c: &ChartBox, frame: &Rect) -> ChartLayout {
    let mut t = Texts::new(m, c);
    let (fw, fh) = (frame.w as f32, frame.h as f32);
    let (ts, xs) = (em(c.sizes.title), em(c.sizes.axis_title));
    // The space left for the diagram, narrowed as LibreOffice places the pieces.
    let (mut left, mut top, mut right, mut bottom) = (0.0f32, 0.0f32, fw, fh);
    let title = c.title.as_ref().map(|s| {
        let mut sh = t.shape(s, c.sizes.title, true);
        let shape_top = fh * 0.02 + pt(135.0 * HMM);
        sh.text.y = shape_top + pt(0.3 * ts + sh.ascent * ts);
        sh.text.x = (fw - sh.text.width) / 2.0;
        top = shape_top + pt((sh.ascent + sh.descent + 0.6) * ts);
        sh.text
    });
    let mut legend_entries = Vec::new();
    if c.legend {
        let (entries, h) = legend(&mut t, c, fw, fh);
        legend_entries = entries;
        bottom -= h;
    }
    let axes = c.kind.has_axes();
    let x_title = c.x_title.as_ref().filter(|_| axes).map(|s| {
        let sh = t.shape(s, c.sizes.axis_title, false);
        bottom -= pt((sh.ascent + sh.descent + 0.6) * xs + 420.0 * HMM);
        sh
    });
    let y_title = c.y_title.as_ref().filter(|_| axes).map(|s| {
        let sh = t.shape(s, c.sizes.axis_title, false);
        left += pt((sh.ascent + sh.descent + 0.6) * xs + 450.0 * HMM);
        sh
    });
    left += fw * 0.02;
    right -= fw * 0.02;
    top += fh * 0.02;
    bottom -= fh * 0.02;
    let space = Edges {
        left,
        top,
        right,
        bottom,
    };
    let diagram = if right - left <= 0.0 || bottom - top <= 0.0 {
        Diagram::None
    } else if c.kind == ChartKind::Pie {
        let d = (right - left).min(bottom - top);
        Diagram::Pie {
            cx: (left + right) / 2.0,
            cy: (top + bottom) / 2.0,
            r: d / 2.0,
        }
    } else {
        match plot(&mut t, c, space, (fw, fh), (x_title, y_title)) {
            Some(p) => Diagram::Plot(Box::new(p)),
            None => Diagram::None,
        }
    };
    ChartLayout {
        title,
        legend: legend_entries,
        space,
        diagram,
    }
}

/// The legend row at the bottom of a frame `fw` x `fh`: its entries and the height it takes
/// off the space above.
fn legend(t: &mut Texts<'_, '_>, c: &ChartBox, fw: f32, fh: f32) -> (Vec<LegendEntry>, f32) {
    let ls = em(c.sizes.label);
    let (names, colors): (Vec<&String>, Vec<Rgb>) = if c.kind == ChartKind::Pie {
        (c.categories.iter().collect(), c.point_colors.clone())
    } else {
        (
            c.series.iter().map(|s| &s.name).collect(),
            c.series.iter().map(|s| s.color).collect(),
        )
    };
    let line_key = c.kind == ChartKind::Line;
    let key_w = if line_key {
        pt(800.0 * HMM)
    } else {
        pt(0.6 * ls)
    };
    let shaped: Vec<Shaped> = names
        .iter()
        .map(|n| t.shape(n, c.sizes.label, false))
        .collect();
    let (key_gap, entry_gap) = (pt(TICK_GAP), pt(7.85));
    let total: f32 = shaped
        .iter()
        .map(|s| key_w + key_gap + s.text.width)
        .sum::<f32>()
        + entry_gap * shaped.len().saturating_sub(1) as f32;
    let key_bottom = fh - pt(185.0 * HMM);
    let key_side = pt(0.6 * ls);
    let base = key_bottom - pt(0.05 * ls);
    let mut x = (fw - total) / 2.0;
    let mut entries = Vec::with_capacity(shaped.len());
    for (sh, color) in shaped.into_iter().zip(colors) {
        let key = if line_key {
            LegendKey::Line {
                x0: x,
                x1: x + key_w,
                y: key_bottom - key_side / 2.0,
            }
        } else {
            LegendKey::Square {
                x,
                y: key_bottom - key_side,
                w: key_w,
                h: key_side,
            }
        };
        x += key_w + key_gap;
        let mut label = sh.text;
        (label.x, label.y) = (x, base);
        x += label.width + entry_gap;
        entries.push(LegendEntry { key, color, label });
    }
    (entries, pt(2.0 * 185.0 * HMM + 1.0417 * ls))
}

/// The plot area in `space` (a frame `fw` x `fh`) with its axes and the axis titles (shaped,
/// placed here); `None` when nothing is left for it.
fn plot(
    t: &mut Texts<'_, '_>,
    c: &ChartBox,
    space: Edges,
    (fw, fh): (f32, f32),
    (x_title, y_title): (Option<Shaped>, Option<Shaped>),
) -> Option<PlotArea> {
    let Edges {
        left,
        top,
        right,
        bottom,
    } = space;
    let (ls, xs) = (em(c.sizes.label), em(c.sizes.axis_title));
    // Category labels: the tallest one's line.
    let cats: Vec<Shaped> = c
        .categories
        .iter()
        .map(|s| t.shape(s, c.sizes.label, false))
        .collect();
    let cat_asc = cats.iter().map(|s| s.ascent).fold(0.0f32, f32::max);
    let cat_h = cats
        .iter()
        .map(|s| s.ascent + s.descent)
        .fold(0.0f32, f32::max)
        .max(1.0);
    let plot_b = bottom - pt(cat_h * ls + TICK + TICK_GAP);
    // Value axis: its labels' height decides how many intervals fit.
    let probe = t.shape("0", c.sizes.label, false);
    let val_h = pt((probe.ascent + probe.descent) * ls);
    let plot_t = top + val_h / 2.0;
    let fit = ((plot_b - plot_t) / val_h).floor().max(1.0) as f64;
    let ((amin, amax, step), labels) = value_scale(t, c, fit);
    let widest = labels
        .iter()
        .map(|(_, s)| s.text.width)
        .fold(0.0f32, f32::max);
    let n = c.categories.len().max(1);
    let mid_cat = c.kind == ChartKind::Area;
    let skip = c.label_skip().max(1) as usize;
    let (plot_l, plot_r) = narrowed(&cats, mid_cat, skip, (left, right), widest);
    if plot_r - plot_l <= 0.0 || plot_b - plot_t <= 0.0 {
        return None;
    }
    let yv = |v: f64| plot_b - ((v - amin) / (amax - amin)) as f32 * (plot_b - plot_t);
    let ticks = labels
        .into_iter()
        .map(|(value, sh)| {
            let y = yv(value);
            let mut label = sh.text;
            label.x = plot_l - pt(TICK + TICK_GAP) - label.width;
            label.y = y - val_h / 2.0 + pt(sh.ascent * ls);
            ValueTick { value, y, label }
        })
        .collect();
    // Category axis: slots (points, for an area), outward ticks, labels below.
    let (slot, at) = if mid_cat {
        ((plot_r - plot_l) / (n.max(2) - 1) as f32, 0.0)
    } else {
        ((plot_r - plot_l) / n as f32, 0.5)
    };
    let ticks_n = if mid_cat { n } else { n + 1 };
    let cat_base = plot_b + pt(TICK + TICK_GAP + cat_asc * ls);
    let cat_labels = cats
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % skip == 0)
        .map(|(i, sh)| {
            let mut label = sh.text;
            let cx = plot_l + slot * (i as f32 + at);
            (label.x, label.y) = (cx - label.width / 2.0, cat_base);
            (i, label)
        })
        .collect();
    let (x_title, y_title) = axis_titles(space, (fw, fh), xs, x_title, y_title);
    Some(PlotArea {
        rect: Edges {
            left: plot_l,
            top: plot_t,
            right: plot_r,
            bottom: plot_b,
        },
        values: ValueAxis {
            min: amin,
            max: amax,
            step,
            ticks,
        },
        categories: CategoryAxis {
            slot,
            at,
            // Zero, or the nearer end (never NaN-unsafe: no `clamp`).
            y: yv(0.0f64.max(amin).min(amax)),
            ticks: (0..ticks_n).map(|i| plot_l + slot * i as f32).collect(),
            tick: pt(TICK),
            labels: cat_labels,
        },
        x_title,
        y_title,
    })
}

/// The value axis for at most `fit` intervals (and [`MAX_INTERVALS`]) and its labels, shaped.
fn value_scale(
    t: &mut Texts<'_, '_>,
    c: &ChartBox,
    fit: f64,
) -> ((f64, f64, f64), Vec<(f64, Shaped)>) {
    let (lo, hi) = value_range(c);
    let (amin, amax, step) = nice_axis(lo, hi, fit.min(MAX_INTERVALS));
    let labels = (0..=((amax - amin) / step).round() as i64)
        .map(|i| amin + step * i as f64)
        .map(|v| (v, t.shape(&label(v), c.sizes.label, false)))
        .collect();
    ((amin, amax, step), labels)
}

/// The plot's left and right edges between `left` and `right`: right of the value labels
/// (`widest`) and a tick, and narrowed so the category labels centred on the ends stay inside.
fn narrowed(
    cats: &[Shaped],
    mid_cat: bool,
    skip: usize,
    (left, right): (f32, f32),
    widest: f32,
) -> (f32, f32) {
    let mut plot_l = left + widest + pt(TICK + TICK_GAP);
    let mut plot_r = right;
    let n = cats.len().max(1);
    // An area chart's points stand on the categories' ticks (`crossBetween midCat`): the
    // plot narrows so the first and last labels, centred on its ends, stay inside.
    if mid_cat {
        if let Some(f) = cats.first() {
            plot_l = plot_l.max(left + f.text.width / 2.0);
        }
    }
    // The last label shown, centred on its category, stays inside too (LibreOffice narrows
    // the plot area for it: the 200-point line chart's ends 17 px short at 1280 px).
    if let Some(last) = (0..cats.len()).rev().find(|i| i % skip == 0) {
        let slots = if mid_cat { n.max(2) - 1 } else { n } as f32;
        let f = (last as f32 + if mid_cat { 0.0 } else { 0.5 }) / slots;
        if f > 0.0 {
            let edge = right - cats[last].text.width / 2.0;
            plot_r = plot_r.min(plot_l + (edge - plot_l) / f);
        }
    }
    (plot_l, plot_r)
}

/// The axis titles placed, 2 % outside the diagram and its labels (`space`, in a frame `fw` x
/// `fh`; `xs` their size in points): the category axis' below, the value axis' turned, left.
fn axis_titles(
    space: Edges,
    (fw, fh): (f32, f32),
    xs: f32,
    x_title: Option<Shaped>,
    y_title: Option<Shaped>,
) -> (Option<ChartText>, Option<ChartText>) {
    let Edges {
        left,
        top,
        right,
        bottom,
    } = space;
    let x_title = x_title.map(|sh| {
        let mut text = sh.text;
        text.y = bottom + fh * 0.02 + pt(0.3 * xs + sh.ascent * xs);
        text.x = (left + right) / 2.0 - text.width / 2.0;
        text
    });
    let y_title = y_title.map(|sh| {
        let w = pt((sh.ascent + sh.descent + 0.6) * xs);
        let cx = left - fw * 0.02 - w / 2.0;
        let line_left = cx - pt((sh.ascent + sh.descent) * xs) / 2.0;
        let mut text = sh.text;
        text.x = line_left + pt(sh.ascent * xs);
        text.y = (top + bottom) / 2.0 + text.width / 2.0;
        text.turned = true;
        text
    });
    (x_title, y_title)
}

/// An automatic value axis: (min, max, step) covering `lo..=hi` and zero, with at most
/// `max_intervals` steps of 1, 2 or 5 x 10^n, extended by a step where the data come within
/// 1/20 of the span of an end (LibreOffice's automatic scaling, see the module docs).
pub fn nice_axis(lo: f64, hi: f64, max_intervals: f64) -> (f64, f64, f64) {
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let n = max_intervals.max(1.0);
    let mag = 10f64.powf((span / n).log10().floor());
    let axis = |step: f64| {
        let mut min = (lo / step + 1e-9).floor() * step;
        let mut max = ((hi / step - 1e-9).ceil() * step).max(min + step);
        let full = max - min;
        if hi > 0.0 && (max - hi) / full < 0.05 {
            max += step;
        }
        if lo < 0.0 && (lo - min) / full < 0.05 {
            min -= step;
        }
        (min, max, step)
    };
    // The first step whose axis, extended, has at most `n` intervals (LibreOffice counts
    // them after the extension: 0..99 in steps of 10 would end at 110, so it takes 20).
    [1.0, 2.0, 5.0, 10.0, 20.0, 50.0]
        .iter()
        .map(|m| axis(m * mag))
        .find(|(min, max, step)| ((max - min) / step).round() <= n)
        .unwrap_or_else(|| axis(100.0 * mag))
}

/// A value axis label: a whole number as one, else at most two decimals, trailing zeros cut.
fn label(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The value range the axis covers: each series' values, or each category's stacked sums.
fn value_range(c: &ChartBox) -> (f64, f64) {
    if c.kind == ChartKind::StackedBar {
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        for i in 0..c.categories.len() {
            let (mut neg, mut pos) = (0.0, 0.0);
            for s in &c.series {
                match s.values.get(i).copied().flatten() {
                    Some(v) if v < 0.0 => neg += v,
                    Some(v) => pos += v,
                    None => {}
                }
            }
            lo = lo.min(neg);
            hi = hi.max(pos);
        }
        (lo, hi)
    } else {
        c.series
            .iter()
            .flat_map(|s| s.values.iter().flatten().copied())
            .fold((0.0f64, 0.0f64), |(l, h), v| (l.min(v), h.max(v)))
    }
}

/// A piece of chart text, shaped (placed at the origin until its position is decided), and
/// its ascent and descent (em: the tallest of its faces').
struct Shaped {
    text: ChartText,
    ascent: f32,
    descent: f32,
}

/// Chart text shaping: the chart's faces (regular and bold) and language.
struct Texts<'m, 'b> {
    m: &'m mut Measurer<'b>,
    faces: [SlotFaces; 2],
    lang: ShapeLang,
}

impl<'m, 'b> Texts<'m, 'b> {
    fn new(m: &'m mut Measurer<'b>, c: &ChartBox) -> Self {
        let book = m.book;
        let faces = |bold| SlotFaces {
            latin: book.resolve(&c.fonts.latin, bold, ScriptClass::Latin).face,
            ea: book.resolve(&c.fonts.ea, bold, ScriptClass::EastAsian).face,
            cs: book.resolve(&c.fonts.cs, bold, ScriptClass::Complex).face,
        };
        Texts {
            faces: [faces(false), faces(true)],
            lang: ShapeLang::from_tag(&c.lang),
            m,
        }
    }

    /// `text` at `size`, `bold` or not: segmented with the chart's faces, each segment
    /// shaped in its face and language, advances unrounded (chart text is not on the 600
    /// dpi grid of LibreOffice's text boxes).
    fn shape(&mut self, text: &str, size: Cpt, bold: bool) -> Shaped {
        let book = self.m.book;
        let size_emu = Emu::from(size) * EMU_PER_CPT;
        let mut glyphs = Vec::new();
        let (mut width, mut x) = (0.0f32, 0.0f64);
        let (mut ascent, mut descent) = (0.0f32, 0.0f32);
        let segs = self.m.segment(text, self.faces[usize::from(bold)], bold);
        for s in &segs {
            let lang = self.lang.for_class(s.class);
            let info = book.face(s.face);
            let upm = f32::from(info.units_per_em.max(1));
            let shaped = self.m.shape_glyphs(s.face, lang, &text[s.range.clone()]);
            let adv: i32 = shaped.iter().map(|g| g.x_advance).sum();
            width += adv as f32 * size_emu as f32 / upm;
            ascent = ascent.max(f32::from(info.ascender) / upm);
            descent = descent.max(-f32::from(info.descender) / upm);
            for g in shaped {
                glyphs.push(PlacedGlyph {
                    face: s.face,
                    id: g.id,
                    x,
                    dx: PlacedGlyph::offset(g.x_offset),
                    dy: PlacedGlyph::offset(g.y_offset),
                    cluster: (s.range.start + g.cluster as usize) as u32,
                });
                x += f64::from(g.x_advance) * size_emu as f64 / f64::from(upm);
            }
        }
        if segs.is_empty() {
            (ascent, descent) = (0.75, 0.25);
        }
        Shaped {
            text: ChartText {
                text: text.to_string(),
                size,
                x: 0.0,
                y: 0.0,
                turned: false,
                width,
                glyphs,
            },
            ascent,
            descent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{lay_out, nice_axis};
    use specrender_fonts::{FontBook, FontOptions, Measurer};
    use specrender_model::chart::{Diagram, LegendKey};
    use specrender_model::{ChartBox, ChartFonts, ChartKind, ChartSeriesBox, ChartSizes, Rect};
    use specrender_spec::deck::Rgb;

    fn chart(kind: ChartKind, cats: &[&str], series: &[&[Option<f64>]]) -> ChartBox {
        ChartBox {
            kind,
            title: Some("Revenue".into()),
            x_title: Some("Region".into()),
            y_title: Some("USD m".into()),
            categories: cats.iter().map(|c| c.to_string()).collect(),
            ordered: false,
            series: series
                .iter()
                .enumerate()
                .map(|(i, v)| ChartSeriesBox {
                    name: format!("S{i}"),
                    values: v.to_vec(),
                    color: Rgb(10, 20, 30),
                })
                .collect(),
            point_colors: if kind == ChartKind::Pie {
                vec![Rgb(1, 2, 3); cats.len()]
            } else {
                Vec::new()
            },
            legend: true,
            fonts: ChartFonts {
                latin: "Carlito".into(),
                ea: "Noto Sans CJK JP".into(),
                cs: "Carlito".into(),
            },
            lang: "en-US".into(),
            text_color: Rgb(0, 0, 0),
            line_color: Rgb(128, 128, 128),
            sizes: ChartSizes {
                title: 1800,
                axis_title: 1400,
                label: 1200,
            },
            axis: None,
            drawn: None,
        }
    }

    const FRAME: Rect = Rect {
        x: 0,
        y: 0,
        w: 8_000_000,
        h: 4_500_000,
    };

    /// Odd data lays out without a panic: an axis with zero in it, a positive step, labels
    /// with glyphs, everything inside the frame; the same numbers every time.
    #[test]
    fn odd_data_lays_out_inside_the_frame() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let cases = [
            chart(ChartKind::Bar, &["A", "B"], &[&[Some(0.0), Some(0.0)]]),
            chart(ChartKind::Bar, &["A", "B"], &[&[Some(-3.0), Some(-250.5)]]),
            chart(
                ChartKind::StackedBar,
                &["A"],
                &[&[Some(-1.0)], &[Some(2.0)]],
            ),
            chart(ChartKind::Line, &["A", "B", "C"], &[&[None, None, None]]),
            chart(ChartKind::Area, &["A"], &[&[Some(1e9)]]),
            chart(ChartKind::Bar, &[], &[]),
            chart(ChartKind::Line, &["", ""], &[&[Some(0.001), Some(0.002)]]),
        ];
        for c in &cases {
            let d = lay_out(&mut m, c, &FRAME);
            assert_eq!(d, lay_out(&mut m, c, &FRAME), "{:?}", c.kind);
            let Diagram::Plot(p) = &d.diagram else {
                panic!("{:?}: no plot", c.kind);
            };
            let v = &p.values;
            assert!(v.min <= 0.0 && 0.0 <= v.max && v.step > 0.0, "{v:?}");
            assert!(
                v.ticks.len() >= 2 && v.ticks.len() <= 12,
                "{:?}",
                v.ticks.len()
            );
            let r = p.rect;
            assert!(0.0 < r.left && r.left < r.right && r.right <= FRAME.w as f32);
            assert!(0.0 < r.top && r.top < r.bottom && r.bottom <= FRAME.h as f32);
            for t in &v.ticks {
                assert!(r.top - 1.0 <= t.y && t.y <= r.bottom + 1.0);
                assert!(!t.label.glyphs.is_empty() && t.label.x >= 0.0);
            }
            assert!(p.y_title.as_ref().is_some_and(|t| t.turned));
            assert_eq!(p.categories.labels.len(), c.categories.len());
        }
    }

    /// A pie fills the square in its space; its legend names every slice with a square key,
    /// a line chart's legend keys are lines; with no room left nothing is drawn but the text.
    #[test]
    fn pies_legends_and_no_room() {
        let book = FontBook::new(&FontOptions::default()).unwrap();
        let mut m = Measurer::new(&book);
        let pie = chart(
            ChartKind::Pie,
            &["A", "B", "C"],
            &[&[Some(1.0), Some(0.0), None]],
        );
        let d = lay_out(&mut m, &pie, &FRAME);
        let Diagram::Pie { r, .. } = d.diagram else {
            panic!("no pie")
        };
        assert!(r > 0.0 && 2.0 * r <= d.space.bottom - d.space.top + 0.5);
        assert_eq!(d.legend.len(), 3);
        assert!(d
            .legend
            .iter()
            .all(|e| matches!(e.key, LegendKey::Square { .. })));
        let line = chart(ChartKind::Line, &["A"], &[&[Some(1.0)], &[Some(2.0)]]);
        let d = lay_out(&mut m, &line, &FRAME);
        assert!(d
            .legend
            .iter()
            .all(|e| matches!(e.key, LegendKey::Line { .. })));
        let tiny = Rect {
            w: 100,
            h: 100,
            ..FRAME
        };
        let d = lay_out(&mut m, &line, &tiny);
        assert_eq!(d.diagram, Diagram::None);
        assert!(d.title.is_some());
    }

    #[test]
    fn axes_as_libreoffice_scales_them() {
        // The fidelity suite's charts, as LibreOffice 7.4 drew them.
        assert_eq!(nice_axis(44.0, 130.0, 10.0), (0.0, 140.0, 20.0));
        assert_eq!(nice_axis(0.0, 92.0, 10.0), (0.0, 100.0, 10.0));
        assert_eq!(nice_axis(90.0, 162.0, 10.0), (0.0, 180.0, 20.0));
        assert_eq!(nice_axis(3.0, 15.0, 10.0), (0.0, 16.0, 2.0));
        // The data on a step, or within 1/20 of the span of it: one step more.
        assert_eq!(nice_axis(1.2, 6.0, 10.0), (0.0, 7.0, 1.0));
        assert_eq!(nice_axis(-12.5, 9.0, 10.0), (-15.0, 15.0, 5.0));
        assert_eq!(nice_axis(0.0, 99.0, 10.0), (0.0, 120.0, 20.0));
        // Fewer intervals when the labels do not fit.
        assert_eq!(nice_axis(0.0, 130.0, 3.0), (0.0, 150.0, 50.0));
        let (lo, hi, step) = nice_axis(0.0, 0.0, 10.0);
        assert!(lo == 0.0 && hi > lo && step > 0.0);
    }
}
