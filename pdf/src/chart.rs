//! A native chart, drawn as vectors from how layout decided it is drawn
//! ([`ChartBox::drawn`]: positions, the value axis, every label's glyphs) and the model's
//! series geometry ([`specrender_model::series`]), with the writer's widths — the numbers the
//! preview draws, so both pictures of a chart agree. Tagged as one figure whose alternative
//! text says what it shows (the input has no alt text for charts): its kind, title, series
//! and categories; its labels are the figure's content.

use crate::draw::{color, Painter};
use crate::tags::Tags;
use krilla::geom::{PathBuilder, Point, Transform};
use specrender_model::chart::{
    ChartText, Diagram, LegendKey, MARKER_SIZE, RULE, SERIES_LINE, SLICE_OUTLINE,
};
use specrender_model::{series, ChartBox, ChartKind, Rect};
use specrender_spec::units::{Emu, EMU_PER_CPT, EMU_PER_PT};

const K: f32 = 1.0 / EMU_PER_PT as f32;

/// Chart-frame EMU to page points.
#[derive(Clone, Copy)]
struct At {
    fx: f32,
    fy: f32,
}

impl At {
    fn x(self, v: f32) -> f32 {
        self.fx + v * K
    }
    fn y(self, v: f32) -> f32 {
        self.fy + v * K
    }
}

/// What the chart shows, in words: its alternative text.
pub(crate) fn alt(c: &ChartBox) -> String {
    let kind = match c.kind {
        ChartKind::Bar => "Column chart",
        ChartKind::StackedBar => "Stacked column chart",
        ChartKind::Line => "Line chart",
        ChartKind::Area => "Area chart",
        ChartKind::Pie => "Pie chart",
    };
    let mut s = match c.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => format!("{kind}: {t}."),
        None => format!("{kind}."),
    };
    let names: Vec<&str> = c.series.iter().map(|s| s.name.as_str()).collect();
    if !names.is_empty() && c.kind != ChartKind::Pie {
        s.push_str(&format!(" Series: {}.", names.join(", ")));
    }
    if !c.categories.is_empty() {
        s.push_str(&format!(" Categories: {}.", c.categories.join(", ")));
    }
    s
}

fn path_of(f: impl FnOnce(&mut PathBuilder)) -> Option<krilla::geom::Path> {
    let mut pb = PathBuilder::new();
    f(&mut pb);
    pb.finish()
}

/// Draws chart `c` in `r` (tagged as a figure).
pub(crate) fn chart(p: &mut Painter<'_, '_, '_>, tags: &mut Tags, c: &ChartBox, r: &Rect) {
    let Some(d) = c.drawn.clone() else {
        let note = "a chart was not laid out for drawing: it is not drawn".to_string();
        if !p.notes.contains(&note) {
            p.notes.push(note);
        }
        return;
    };
    let at = At {
        fx: crate::draw::pt(r.x),
        fy: crate::draw::pt(r.y),
    };
    tags.figure(p, Some(alt(c)), |p| {
        if let Some(t) = &d.title {
            text(p, c, t, at);
        }
        for e in &d.legend {
            legend_key(p, e.key, color(e.color), at);
            text(p, c, &e.label, at);
        }
        match &d.diagram {
            Diagram::None => {}
            Diagram::Pie { cx, cy, r } => pie(p, c, at.x(*cx), at.y(*cy), r * K),
            Diagram::Plot(plot) => {
                let (l, t) = (at.x(plot.rect.left), at.y(plot.rect.top));
                let (rt, b) = (at.x(plot.rect.right), at.y(plot.rect.bottom));
                let (amin, amax) = (plot.values.min, plot.values.max);
                let span = if amax > amin { amax - amin } else { 1.0 };
                let yv = |v: f64| b - ((v - amin) / span) as f32 * (b - t);
                let line = color(c.line_color);
                let rule = RULE as f32 * K;
                for tick in &plot.values.ticks {
                    let y = at.y(tick.y);
                    if let Some(path) = path_of(|pb| {
                        pb.move_to(l, y);
                        pb.line_to(rt, y);
                    }) {
                        p.stroke_path(&path, line, rule);
                    }
                    text(p, c, &tick.label, at);
                }
                let cat = &plot.categories;
                let zero = at.y(cat.y);
                if let Some(path) = path_of(|pb| {
                    for &x in &cat.ticks {
                        pb.move_to(at.x(x), zero);
                        pb.line_to(at.x(x), zero + cat.tick * K);
                    }
                    pb.move_to(l, zero);
                    pb.line_to(rt, zero);
                }) {
                    p.stroke_path(&path, line, rule);
                }
                for (_, label) in &cat.labels {
                    text(p, c, label, at);
                }
                for title in plot.x_title.iter().chain(&plot.y_title) {
                    text(p, c, title, at);
                }
                let slot = cat.slot * K;
                match c.kind {
                    ChartKind::Bar | ChartKind::StackedBar => {
                        for bar in series::bars(c, l, slot, &yv) {
                            let (top, bottom) = (bar.from.min(bar.to), bar.from.max(bar.to));
                            if let Some(path) = path_of(|pb| {
                                if let Some(rr) = krilla::geom::Rect::from_ltrb(
                                    bar.left,
                                    top,
                                    bar.right,
                                    bottom.max(top + 0.1),
                                ) {
                                    pb.push_rect(rr);
                                }
                            }) {
                                p.fill_path(&path, color(bar.color), 1.0);
                            }
                        }
                    }
                    ChartKind::Line | ChartKind::Area => lines(p, c, l, slot, cat.at, zero, &yv),
                    ChartKind::Pie => {}
                }
            }
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn lines(
    p: &mut Painter<'_, '_, '_>,
    c: &ChartBox,
    l: f32,
    slot: f32,
    at: f32,
    zero: f32,
    yv: &dyn Fn(f64) -> f32,
) {
    let markers = c.markers();
    for s in series::lines(c, l, slot, at, yv) {
        let pts = &s.points;
        let (Some(first), Some(last)) = (pts.first(), pts.last()) else {
            continue;
        };
        if c.kind == ChartKind::Area {
            if let Some(path) = path_of(|pb| {
                pb.move_to(first.0, first.1);
                for q in &pts[1..] {
                    pb.line_to(q.0, q.1);
                }
                pb.line_to(last.0, zero);
                pb.line_to(first.0, zero);
                pb.close();
            }) {
                p.fill_path(&path, color(s.color), 1.0);
            }
            continue;
        }
        if let Some(path) = path_of(|pb| {
            for run in s.runs.iter().filter(|r| r.len() > 1) {
                pb.move_to(run[0].0, run[0].1);
                for q in &run[1..] {
                    pb.line_to(q.0, q.1);
                }
            }
        }) {
            p.stroke_path(&path, color(s.color), SERIES_LINE as f32 * K);
        }
        if markers {
            let r = MARKER_SIZE as f32 / 2.0;
            for &(x, y) in pts {
                let rect = Rect {
                    x: ((x - r) * EMU_PER_PT as f32) as Emu,
                    y: ((y - r) * EMU_PER_PT as f32) as Emu,
                    w: (2.0 * r * EMU_PER_PT as f32) as Emu,
                    h: (2.0 * r * EMU_PER_PT as f32) as Emu,
                };
                if let Some(path) = crate::draw::oval_path(&rect) {
                    p.fill_path(&path, color(s.color), 1.0);
                }
            }
        }
    }
}

/// The pie's slices (arcs of at most a quarter turn each, as cubics) with the writer's
/// white outlines.
fn pie(p: &mut Painter<'_, '_, '_>, c: &ChartBox, cx: f32, cy: f32, rad: f32) {
    let slices = series::slices(c);
    let at = |t: f64| (cx + rad * t.cos() as f32, cy + rad * t.sin() as f32);
    let arc = |pb: &mut PathBuilder, a: f64, sweep: f64| {
        let n = ((sweep / std::f64::consts::FRAC_PI_2).ceil() as usize).max(1);
        let step = sweep / n as f64;
        let k = (4.0 / 3.0 * (step / 4.0).tan()) as f32;
        for i in 0..n {
            let (t0, t1) = (a + step * i as f64, a + step * (i + 1) as f64);
            let (x0, y0) = at(t0);
            let (x1, y1) = at(t1);
            let (d0x, d0y) = (-(t0.sin() as f32) * rad * k, t0.cos() as f32 * rad * k);
            let (d1x, d1y) = (-(t1.sin() as f32) * rad * k, t1.cos() as f32 * rad * k);
            pb.cubic_to(x0 + d0x, y0 + d0y, x1 - d1x, y1 - d1y, x1, y1);
        }
    };
    for sl in &slices {
        if sl.sweep <= 0.0 {
            continue;
        }
        if let Some(path) = path_of(|pb| {
            pb.move_to(cx, cy);
            let (x, y) = at(sl.start);
            pb.line_to(x, y);
            arc(pb, sl.start, sl.sweep);
            pb.close();
        }) {
            p.fill_path(&path, color(sl.color), 1.0);
        }
    }
    let white = krilla::color::rgb::Color::new(255, 255, 255);
    if let Some(path) = path_of(|pb| {
        for sl in &slices {
            let (x, y) = at(sl.start);
            pb.move_to(cx, cy);
            pb.line_to(x, y);
        }
        let (x, y) = at(0.0);
        pb.move_to(x, y);
        arc(pb, 0.0, std::f64::consts::TAU);
        pb.close();
    }) {
        p.stroke_path(&path, white, SLICE_OUTLINE as f32 * K);
    }
}

fn legend_key(p: &mut Painter<'_, '_, '_>, key: LegendKey, col: krilla::color::rgb::Color, at: At) {
    match key {
        LegendKey::Line { x0, x1, y } => p.line(
            (at.x(x0), at.y(y)),
            (at.x(x1), at.y(y)),
            col,
            SERIES_LINE as f32 * K,
        ),
        LegendKey::Square { x, y, w, h } => {
            if let Some(path) = path_of(|pb| {
                if let Some(r) = krilla::geom::Rect::from_xywh(at.x(x), at.y(y), w * K, h * K) {
                    pb.push_rect(r);
                }
            }) {
                p.fill_path(&path, col, 1.0);
            }
        }
    }
}

/// A piece of chart text where the model placed it (turned: reading upwards).
fn text(p: &mut Painter<'_, '_, '_>, c: &ChartBox, t: &ChartText, at: At) {
    let size = (Emu::from(t.size) * EMU_PER_CPT) as f32 * K;
    let (x, y) = (at.x(t.x), at.y(t.y));
    let col = color(c.text_color);
    if t.turned {
        // Local (u along the baseline, v down) to the page: x = X + v, y = Y - u.
        p.s.push_transform(&Transform::from_row(0.0, -1.0, 1.0, 0.0, x, y));
        p.chart_glyphs(
            &t.glyphs,
            &t.text,
            t.width,
            Point::from_xy(0.0, 0.0),
            size,
            col,
        );
        p.s.pop();
    } else {
        p.chart_glyphs(&t.glyphs, &t.text, t.width, Point::from_xy(x, y), size, col);
    }
}
