//! Charts, drawn from the chart model (`ChartBox`): columns (clustered or stacked), lines,
//! areas and pies, with value gridlines, axis labels, title and legend.
//!
//! The chart's inner geometry (plot area, label bands) is the viewer's automatic layout, which
//! the laid-out deck does not hold; it is approximated here (title band on top, legend band
//! below, value labels left, category labels under the plot), so a chart is not yet within
//! LibreOffice's pixels.

use crate::Canvas;
use specrender_fonts::{ScriptClass, ShapeLang, SlotFaces};
use specrender_layout::model::{ChartBox, ChartKind, Rect};
use specrender_spec::units::{Emu, EMU_PER_CPT};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Stroke, Transform};

fn rgb(c: specrender_spec::deck::Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

/// A "nice" axis: (min, max, step) covering `lo..=hi` with about five steps.
pub(crate) fn nice_axis(lo: f64, hi: f64) -> (f64, f64, f64) {
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let min = (lo / step).floor() * step;
    let max = ((hi / step).ceil() * step).max(min + step);
    (min, max, step)
}

fn label(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl Canvas<'_, '_> {
    /// Text in the chart's fonts at `size` (cpt), placed by its box: `ax` 0 left, 0.5 centre,
    /// 1 right of `x`; `y` is the top of the text (px). Returns the width in px.
    fn chart_text(&mut self, c: &ChartBox, text: &str, size: u32, x: f32, ax: f32, y: f32) -> f32 {
        let book = self.book;
        let faces = SlotFaces {
            latin: book.resolve(&c.fonts.latin, false, ScriptClass::Latin).face,
            ea: book
                .resolve(&c.fonts.ea, false, ScriptClass::EastAsian)
                .face,
            cs: book.resolve(&c.fonts.cs, false, ScriptClass::Complex).face,
        };
        let lang = ShapeLang::from_tag(&c.lang);
        let size_emu = Emu::from(size) * EMU_PER_CPT;
        let segs = self.ink.m.segment(text, faces, false);
        let upm_w = |f| f32::from(book.face(f).units_per_em.max(1));
        let k_of = |f| size_emu as f32 * self.s / upm_w(f);
        let width: f32 = segs
            .iter()
            .map(|s| {
                let u: i32 = self
                    .ink
                    .m
                    .shape_glyphs(s.face, lang.for_class(s.class), &text[s.range.clone()])
                    .iter()
                    .map(|g| g.x_advance)
                    .sum();
                u as f32 * k_of(s.face)
            })
            .sum();
        let base = y + size_emu as f32 * self.s * 0.95;
        let mut pen = x - ax * width;
        let color = rgb(c.text_color);
        for s in segs {
            pen += self.glyphs(
                s.face,
                lang.for_class(s.class),
                &text[s.range.clone()],
                pen,
                base,
                size_emu,
                color,
            );
        }
        width
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
        let (x0, y0) = (self.px(r.x), self.px(r.y));
        let (w, h) = (self.px(r.w), self.px(r.h));
        if w < 8.0 || h < 8.0 {
            return;
        }
        let pt = |cpt: u32| Emu::from(cpt) * EMU_PER_CPT;
        let lab_h = self.px(pt(c.sizes.label)) * 1.2;
        let mut top = y0 + h * 0.03;
        if let Some(t) = &c.title {
            self.chart_text(c, t, c.sizes.title, x0 + w / 2.0, 0.5, top);
            top += self.px(pt(c.sizes.title)) * 1.4;
        }
        let mut bottom = y0 + h * 0.97;
        let names: Vec<String> = if c.kind == ChartKind::Pie {
            c.categories.clone()
        } else {
            c.series.iter().map(|s| s.name.clone()).collect()
        };
        if c.legend {
            bottom -= lab_h * 1.3;
            // Legend: a swatch and a name per entry, centred under the plot.
            let colors: Vec<Color> = if c.kind == ChartKind::Pie {
                c.point_colors.iter().map(|&p| rgb(p)).collect()
            } else {
                c.series.iter().map(|s| rgb(s.color)).collect()
            };
            let sw = lab_h * 0.6;
            let slot = (w / names.len().max(1) as f32).min(w * 0.3);
            let mut x = x0 + (w - slot * names.len() as f32) / 2.0;
            for (n, col) in names.iter().zip(colors) {
                let ly = bottom + lab_h * 0.3;
                let mut pb = PathBuilder::new();
                if let Some(rr) = tiny_skia::Rect::from_xywh(x, ly + (lab_h - sw) / 2.0, sw, sw) {
                    pb.push_rect(rr);
                }
                self.fill(pb, col);
                self.chart_text(c, n, c.sizes.label, x + sw * 1.5, 0.0, ly);
                x += slot;
            }
        }
        if c.kind == ChartKind::Pie {
            self.pie(c, x0, top, w, bottom - top);
            return;
        }
        // Value axis.
        let vals = c
            .series
            .iter()
            .flat_map(|s| s.values.iter().flatten().copied());
        let (lo, hi) = if c.kind == ChartKind::StackedBar {
            let n = c.categories.len();
            let (mut lo, mut hi) = (0.0f64, 0.0f64);
            for i in 0..n {
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
            vals.fold((0.0f64, 0.0f64), |(l, h), v| (l.min(v), h.max(v)))
        };
        let (amin, amax, step) = nice_axis(lo, hi);
        let ticks: Vec<f64> = (0..=((amax - amin) / step).round() as i64)
            .map(|i| amin + step * i as f64)
            .collect();
        let widest = ticks
            .iter()
            .map(|t| label(*t).len() as f32 * self.px(pt(c.sizes.label)) * 0.55)
            .fold(0.0f32, f32::max);
        let plot_l = x0 + widest + lab_h * 0.8;
        let plot_r = x0 + w * 0.98;
        let plot_b = bottom - lab_h * 1.4;
        let plot_t = top + lab_h * 0.5;
        if plot_r - plot_l < 4.0 || plot_b - plot_t < 4.0 {
            return;
        }
        let yv = |v: f64| plot_b - ((v - amin) / (amax - amin)) as f32 * (plot_b - plot_t);
        let line = rgb(c.line_color);
        for t in &ticks {
            let y = yv(*t);
            let mut pb = PathBuilder::new();
            pb.move_to(plot_l, y);
            pb.line_to(plot_r, y);
            self.stroke(pb, line, 1.0);
            self.chart_text(
                c,
                &label(*t),
                c.sizes.label,
                plot_l - lab_h * 0.4,
                1.0,
                y - lab_h / 2.0,
            );
        }
        // Categories.
        let n = c.categories.len().max(1);
        let slot = (plot_r - plot_l) / n as f32;
        let skip = c.label_skip().max(1) as usize;
        for (i, cat) in c.categories.iter().enumerate() {
            if i % skip == 0 {
                let cx = plot_l + slot * (i as f32 + 0.5);
                self.chart_text(c, cat, c.sizes.label, cx, 0.5, plot_b + lab_h * 0.2);
            }
        }
        let zero = yv(0.0);
        match c.kind {
            ChartKind::Bar | ChartKind::StackedBar => {
                let stacked = c.kind == ChartKind::StackedBar;
                let k = if stacked { 1 } else { c.series.len().max(1) };
                // Gap width 150 %: the bars take slot / (k + 1.5) each.
                let bw = slot / (k as f32 + 1.5);
                for i in 0..c.categories.len() {
                    let (mut pos, mut neg) = (0.0, 0.0);
                    for (si, s) in c.series.iter().enumerate() {
                        let Some(v) = s.values.get(i).copied().flatten() else {
                            continue;
                        };
                        let bx = plot_l
                            + slot * i as f32
                            + bw * 0.75
                            + if stacked { 0.0 } else { bw * si as f32 };
                        let (from, to) = if stacked {
                            let acc = if v < 0.0 { &mut neg } else { &mut pos };
                            let f = *acc;
                            *acc += v;
                            (f, *acc)
                        } else {
                            (0.0, v)
                        };
                        let (ya, yb) = (yv(from), yv(to));
                        let mut pb = PathBuilder::new();
                        if let Some(rr) = tiny_skia::Rect::from_ltrb(
                            bx,
                            ya.min(yb),
                            bx + bw,
                            ya.max(yb).max(ya.min(yb) + 0.5),
                        ) {
                            pb.push_rect(rr);
                        }
                        self.fill(pb, rgb(s.color));
                    }
                }
            }
            ChartKind::Line | ChartKind::Area => {
                for s in &c.series {
                    let pts: Vec<(f32, f32)> = s
                        .values
                        .iter()
                        .enumerate()
                        .filter_map(|(i, v)| v.map(|v| (plot_l + slot * (i as f32 + 0.5), yv(v))))
                        .collect();
                    if pts.is_empty() {
                        continue;
                    }
                    let mut pb = PathBuilder::new();
                    pb.move_to(pts[0].0, pts[0].1);
                    for p in &pts[1..] {
                        pb.line_to(p.0, p.1);
                    }
                    if c.kind == ChartKind::Area {
                        let mut area = pb.clone();
                        area.line_to(pts[pts.len() - 1].0, zero);
                        area.line_to(pts[0].0, zero);
                        area.close();
                        let mut col = rgb(s.color);
                        col.set_alpha(0.6);
                        self.fill(area, col);
                    }
                    self.stroke(pb, rgb(s.color), 2.25 * self.px(12_700).max(0.5) / 1.0);
                }
            }
            ChartKind::Pie => {}
        }
        // Axis lines.
        let mut pb = PathBuilder::new();
        pb.move_to(plot_l, zero);
        pb.line_to(plot_r, zero);
        self.stroke(pb, line, 1.0);
    }

    fn pie(&mut self, c: &ChartBox, x0: f32, top: f32, w: f32, h: f32) {
        let Some(s) = c.series.first() else {
            return;
        };
        let vals: Vec<f64> = s.values.iter().map(|v| v.unwrap_or(0.0).max(0.0)).collect();
        let total: f64 = vals.iter().sum();
        if total <= 0.0 {
            return;
        }
        let rad = (w.min(h) / 2.0) * 0.9;
        let (cx, cy) = (x0 + w / 2.0, top + h / 2.0);
        // From 12 o'clock, clockwise.
        let mut a = -std::f64::consts::FRAC_PI_2;
        for (i, v) in vals.iter().enumerate() {
            let sweep = v / total * std::f64::consts::TAU;
            let steps = ((sweep / 0.05).ceil() as usize).max(1);
            let mut pb = PathBuilder::new();
            pb.move_to(cx, cy);
            for k in 0..=steps {
                let t = a + sweep * k as f64 / steps as f64;
                pb.line_to(cx + rad * t.cos() as f32, cy + rad * t.sin() as f32);
            }
            pb.close();
            let col = c
                .point_colors
                .get(i)
                .map(|&p| rgb(p))
                .unwrap_or_else(|| rgb(s.color));
            self.fill(pb, col);
            a += sweep;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nice_axis;

    #[test]
    fn nice_axes_cover_the_values_in_round_steps() {
        assert_eq!(nice_axis(0.0, 21.0), (0.0, 25.0, 5.0));
        assert_eq!(nice_axis(-3.0, 9.0), (-5.0, 10.0, 2.5));
        let (lo, hi, step) = nice_axis(0.0, 0.0);
        assert!(lo == 0.0 && hi > lo && step > 0.0);
    }
}
