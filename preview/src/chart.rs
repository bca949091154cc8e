//! Charts, drawn from the chart model: how layout decided a chart is drawn
//! ([`ChartBox::drawn`]: LibreOffice's automatic chart layout, `specrender_layout`'s
//! `element::chart::drawn`) and the chart's data. Nothing is measured or decided here: every
//! piece of text is its placed glyphs, every position the model's (EMU from the chart frame,
//! times the pixel scale); the series are drawn through the plot area and value axis it gives,
//! with the writer's widths (`specrender_model::chart`'s constants). Pieces under 4 px (8 px
//! for the frame) are not drawn.

use crate::Canvas;
use specrender_model::chart::{
    ChartText, Diagram, LegendKey, MARKER_SIZE, RULE, SERIES_LINE, SLICE_OUTLINE,
};
use specrender_model::series;
use specrender_model::{ChartBox, ChartKind, Rect};
use specrender_spec::units::{Emu, EMU_PER_CPT, EMU_PER_PT};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Stroke, Transform};

fn rgb(c: specrender_spec::deck::Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

/// Chart-frame EMU to pixels: a frame at (`fx`, `fy`) px, `s` px per EMU.
#[derive(Clone, Copy)]
struct At {
    fx: f32,
    fy: f32,
    s: f32,
}

impl At {
    fn x(self, v: f32) -> f32 {
        self.fx + v * self.s
    }
    fn y(self, v: f32) -> f32 {
        self.fy + v * self.s
    }
}

impl Canvas<'_, '_> {
    fn pt(&self, v: f32) -> f32 {
        v * EMU_PER_PT as f32 * self.s
    }

    /// A width in EMU, in px (as `pt`: the EMU as `f32`, times the scale).
    fn emu(&self, v: Emu) -> f32 {
        v as f32 * self.s
    }

    /// Draws a piece of chart text where the model placed it.
    fn chart_text(&mut self, c: &ChartBox, t: &ChartText, at: At) {
        let size_emu = (Emu::from(t.size) * EMU_PER_CPT) as f32;
        let (x, y) = (at.x(t.x), at.y(t.y));
        let color = rgb(c.text_color);
        if t.turned {
            return self.turned(t, x, y, size_emu, color);
        }
        for g in &t.glyphs {
            let upm = f32::from(self.book.face(g.face).units_per_em.max(1));
            let k = size_emu * self.s / upm;
            let gx = x + (g.x * f64::from(self.s)) as f32 + g.dx as f32 * k;
            let gy = y - g.dy as f32 * k;
            self.ink.glyph(&mut self.pm, g.face, g.id, gx, gy, k, color);
        }
    }

    /// `t` turned a quarter left (reading upwards), its baseline's start at (`x`, `y`) px.
    fn turned(&mut self, t: &ChartText, x: f32, y: f32, size_emu: f32, color: Color) {
        let mut pb = PathBuilder::new();
        for g in &t.glyphs {
            let upm = f32::from(self.book.face(g.face).units_per_em.max(1));
            let k = size_emu * self.s / upm;
            let mut sink = TurnedSink {
                pb: std::mem::take(&mut pb),
                k,
                x,
                y: y - (g.x * f64::from(self.s)) as f32 - g.dx as f32 * k,
                dy: g.dy as f32 * k,
            };
            self.book.outline(g.face, g.id, &mut sink);
            pb = sink.pb;
        }
        self.fill(pb, color);
    }

    fn fill(&mut self, pb: PathBuilder, c: Color) {
        if let Some(p) = pb.finish() {
            let mut paint = Paint::default();
            paint.set_color(c);
            paint.anti_alias = true;
            self.pm
                .fill_path(&p, &paint, FillRule::Winding, Transform::identity(), None);
        }
    }

    fn stroke(&mut self, pb: PathBuilder, c: Color, w: f32) {
        if let Some(p) = pb.finish() {
            let mut paint = Paint::default();
            paint.set_color(c);
            paint.anti_alias = true;
            let st = Stroke {
                width: w,
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&p, &paint, &st, Transform::identity(), None);
        }
    }

    pub(crate) fn chart(&mut self, c: &ChartBox, r: &Rect) {
        let (fx, fy) = (self.px(r.x), self.px(r.y));
        let (fw, fh) = (self.px(r.w), self.px(r.h));
        // `draw_slide` refuses a chart laid out for no drawing.
        let Some(d) = c.drawn.clone() else { return };
        if fw < 8.0 || fh < 8.0 {
            return;
        }
        let at = At { fx, fy, s: self.s };
        if let Some(t) = &d.title {
            self.chart_text(c, t, at);
        }
        for e in &d.legend {
            self.legend_key(e.key, rgb(e.color), at);
            self.chart_text(c, &e.label, at);
        }
        let sp = d.space;
        if at.x(sp.right) - at.x(sp.left) < 4.0 || at.y(sp.bottom) - at.y(sp.top) < 4.0 {
            return;
        }
        let p = match &d.diagram {
            Diagram::None => return,
            Diagram::Pie { cx, cy, r } => return self.pie(c, at.x(*cx), at.y(*cy), r * self.s),
            Diagram::Plot(p) => p,
        };
        let (plot_l, plot_t) = (at.x(p.rect.left), at.y(p.rect.top));
        let (plot_r, plot_b) = (at.x(p.rect.right), at.y(p.rect.bottom));
        if plot_r - plot_l < 4.0 || plot_b - plot_t < 4.0 {
            return;
        }
        let (amin, amax) = (p.values.min, p.values.max);
        let yv = |v: f64| plot_b - ((v - amin) / (amax - amin)) as f32 * (plot_b - plot_t);
        let line = rgb(c.line_color);
        let rule = self.emu(RULE);
        for t in &p.values.ticks {
            let y = at.y(t.y);
            let mut pb = PathBuilder::new();
            pb.move_to(plot_l, y);
            pb.line_to(plot_r, y);
            self.stroke(pb, line, rule);
            self.chart_text(c, &t.label, at);
        }
        // Category axis: outward ticks, the axis line, labels below.
        let cat = &p.categories;
        let zero = at.y(cat.y);
        let mut pb = PathBuilder::new();
        for &x in &cat.ticks {
            let x = at.x(x);
            pb.move_to(x, zero);
            pb.line_to(x, zero + cat.tick * self.s);
        }
        pb.move_to(plot_l, zero);
        pb.line_to(plot_r, zero);
        self.stroke(pb, line, rule);
        for (_, t) in &cat.labels {
            self.chart_text(c, t, at);
        }
        for t in p.x_title.iter().chain(&p.y_title) {
            self.chart_text(c, t, at);
        }
        let slot = cat.slot * self.s;
        match c.kind {
            ChartKind::Bar | ChartKind::StackedBar => self.bars(c, plot_l, slot, &yv),
            ChartKind::Line | ChartKind::Area => self.lines(c, plot_l, slot, cat.at, zero, &yv),
            ChartKind::Pie => {}
        }
    }

    /// A legend entry's key: a filled square, or a line chart's 2.25 pt stroke.
    fn legend_key(&mut self, key: LegendKey, col: Color, at: At) {
        match key {
            LegendKey::Line { x0, x1, y } => {
                let mut pb = PathBuilder::new();
                pb.move_to(at.x(x0), at.y(y));
                pb.line_to(at.x(x1), at.y(y));
                self.stroke(pb, col, self.emu(SERIES_LINE));
            }
            LegendKey::Square { x, y, w, h } => {
                let mut pb = PathBuilder::new();
                let s = self.s;
                if let Some(rr) = tiny_skia::Rect::from_xywh(at.x(x), at.y(y), w * s, h * s) {
                    pb.push_rect(rr);
                }
                self.fill(pb, col);
            }
        }
    }

    fn bars(&mut self, c: &ChartBox, plot_l: f32, slot: f32, yv: &dyn Fn(f64) -> f32) {
        for bar in series::bars(c, plot_l, slot, yv) {
            let (ya, yb) = (bar.from, bar.to);
            let mut pb = PathBuilder::new();
            if let Some(rr) = tiny_skia::Rect::from_ltrb(
                bar.left,
                ya.min(yb),
                bar.right,
                ya.max(yb).max(ya.min(yb) + 0.5),
            ) {
                pb.push_rect(rr);
            }
            self.fill(pb, rgb(bar.color));
        }
    }

    fn lines(
        &mut self,
        c: &ChartBox,
        plot_l: f32,
        slot: f32,
        at: f32,
        zero: f32,
        yv: &dyn Fn(f64) -> f32,
    ) {
        // Markers (`MARKER_SIZE` pt circles) up to `MARKERS_UP_TO` categories, as written.
        let markers = c.markers();
        for line in series::lines(c, plot_l, slot, at, yv) {
            let pts = &line.points;
            if pts.is_empty() {
                continue;
            }
            if c.kind == ChartKind::Area {
                let mut area = PathBuilder::new();
                area.move_to(pts[0].0, pts[0].1);
                for p in &pts[1..] {
                    area.line_to(p.0, p.1);
                }
                area.line_to(pts[pts.len() - 1].0, zero);
                area.line_to(pts[0].0, zero);
                area.close();
                self.fill(area, rgb(line.color));
                continue;
            }
            let mut pb = PathBuilder::new();
            for run in &line.runs {
                for (i, &(x, y)) in run.iter().enumerate() {
                    if i == 0 {
                        pb.move_to(x, y);
                    } else {
                        pb.line_to(x, y);
                    }
                }
            }
            self.stroke(pb, rgb(line.color), self.emu(SERIES_LINE));
            if markers {
                let r = self.pt(MARKER_SIZE as f32 / 2.0);
                for &(x, y) in pts {
                    let mut pb = PathBuilder::new();
                    pb.push_circle(x, y, r);
                    self.fill(pb, rgb(line.color));
                }
            }
        }
    }

    /// A pie of radius `rad` px about (`cx`, `cy`): the model's slices, each a polygon of
    /// 0.05 rad steps, with the writer's 1.5 pt white outlines.
    fn pie(&mut self, c: &ChartBox, cx: f32, cy: f32, rad: f32) {
        let slices = series::slices(c);
        if slices.is_empty() {
            return;
        }
        let mut outlines = PathBuilder::new();
        for sl in &slices {
            let (a, sweep) = (sl.start, sl.sweep);
            let steps = ((sweep / 0.05).ceil() as usize).max(1);
            let mut pb = PathBuilder::new();
            pb.move_to(cx, cy);
            for k in 0..=steps {
                let t = a + sweep * k as f64 / steps as f64;
                pb.line_to(cx + rad * t.cos() as f32, cy + rad * t.sin() as f32);
            }
            pb.close();
            outlines.move_to(cx, cy);
            outlines.line_to(cx + rad * a.cos() as f32, cy + rad * a.sin() as f32);
            self.fill(pb, rgb(sl.color));
        }
        outlines.push_circle(cx, cy, rad);
        self.stroke(outlines, Color::WHITE, self.emu(SLICE_OUTLINE));
    }
}

/// Glyph outline (font units, y up) turned a quarter left: the advance runs up the page from
/// (x, y) px, the glyph's up points left.
struct TurnedSink {
    pb: PathBuilder,
    k: f32,
    x: f32,
    y: f32,
    dy: f32,
}

impl TurnedSink {
    fn p(&self, gx: f32, gy: f32) -> (f32, f32) {
        (self.x - gy * self.k - self.dy, self.y - gx * self.k)
    }
}

impl specrender_fonts::OutlineSink for TurnedSink {
    fn move_to(&mut self, x: f32, y: f32) {
        let (a, b) = self.p(x, y);
        self.pb.move_to(a, b);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (a, b) = self.p(x, y);
        self.pb.line_to(a, b);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (a, b) = self.p(x1, y1);
        let (c, d) = self.p(x, y);
        self.pb.quad_to(a, b, c, d);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (a, b) = self.p(x1, y1);
        let (c, d) = self.p(x2, y2);
        let (e, f) = self.p(x, y);
        self.pb.cubic_to(a, b, c, d, e, f);
    }
    fn close(&mut self) {
        self.pb.close();
    }
}
