//! Charts, drawn from the chart model (`ChartBox`) where LibreOffice draws the chart part the
//! writer writes (`renderer/src/pptx/chart.rs`: no manual layout, title on top, legend at the
//! bottom, value axis left, category axis below with outward ticks, labels "low").
//!
//! The layout follows LibreOffice chart2's automatic one (`ChartView.cxx`, `VLegend.cxx`,
//! `ShapeFactory.cxx`, `ViewDefines.hxx`), in points of the chart frame, top to bottom:
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
//! - the value axis: at most 10 intervals (fewer when its labels would not fit), the step
//!   1, 2 or 5 x 10^n, the ends rounded out to steps and zero included, and one step more
//!   where the data come within 1/20 of the span of an end.
//!
//! Measured against LibreOffice 7.4's PDFs of the 20 charts in the fidelity suite
//! (conformance/preview_fidelity.py): the pieces above agree within 0.3 pt; the legend's own
//! height (1.04 em of its text) is measured, not derived.

use crate::Canvas;
use specrender_fonts::{FaceId, ScriptClass, ShapeLang, SlotFaces};
use specrender_model::{ChartBox, ChartKind, Rect};
use specrender_spec::units::{Emu, EMU_PER_CPT, EMU_PER_PT};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Stroke, Transform};

fn rgb(c: specrender_spec::deck::Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

/// 1/100 mm in points.
const HMM: f32 = 72.0 / 2540.0;
/// A major tick's length and the gap to its label (`AXIS2D_TICKLENGTH`,
/// `AXIS2D_TICKLABELSPACING`).
const TICK: f32 = 150.0 * HMM;
const TICK_GAP: f32 = 100.0 * HMM;
/// Most intervals the value axis takes (LibreOffice's first pass).
const MAX_INTERVALS: f64 = 10.0;

/// An automatic value axis: (min, max, step) covering `lo..=hi` and zero, with at most
/// `max_intervals` steps of 1, 2 or 5 x 10^n, extended by a step where the data come within
/// 1/20 of the span of an end.
pub(crate) fn nice_axis(lo: f64, hi: f64, max_intervals: f64) -> (f64, f64, f64) {
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

fn label(v: f64) -> String {
    if v.fract().abs() < 1e-9 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A piece of chart text, shaped: its segments, width (px), ascent and descent (em).
struct Shaped {
    segs: Vec<(FaceId, ShapeLang, std::ops::Range<usize>)>,
    width: f32,
    ascent: f32,
    descent: f32,
}

impl Canvas<'_, '_> {
    fn pt(&self, v: f32) -> f32 {
        v * EMU_PER_PT as f32 * self.s
    }

    fn shape_chart(&mut self, c: &ChartBox, text: &str, size: u32, bold: bool) -> Shaped {
        let book = self.book;
        let faces = SlotFaces {
            latin: book.resolve(&c.fonts.latin, bold, ScriptClass::Latin).face,
            ea: book.resolve(&c.fonts.ea, bold, ScriptClass::EastAsian).face,
            cs: book.resolve(&c.fonts.cs, bold, ScriptClass::Complex).face,
        };
        let lang = ShapeLang::from_tag(&c.lang);
        let size_emu = Emu::from(size) * EMU_PER_CPT;
        let mut out = Shaped {
            segs: Vec::new(),
            width: 0.0,
            ascent: 0.0,
            descent: 0.0,
        };
        for s in self.ink.m.segment(text, faces, bold) {
            let l = lang.for_class(s.class);
            let info = book.face(s.face);
            let upm = f32::from(info.units_per_em.max(1));
            let adv: i32 = self
                .ink
                .m
                .shape_glyphs(s.face, l, &text[s.range.clone()])
                .iter()
                .map(|g| g.x_advance)
                .sum();
            out.width += adv as f32 * size_emu as f32 * self.s / upm;
            out.ascent = out.ascent.max(f32::from(info.ascender) / upm);
            out.descent = out.descent.max(-f32::from(info.descender) / upm);
            out.segs.push((s.face, l, s.range));
        }
        if out.segs.is_empty() {
            (out.ascent, out.descent) = (0.75, 0.25);
        }
        out
    }

    /// Draws shaped `text` with its baseline's start at (`x`, `base`) px.
    fn draw_shaped(&mut self, c: &ChartBox, text: &str, sh: &Shaped, size: u32, x: f32, base: f32) {
        let size_emu = Emu::from(size) * EMU_PER_CPT;
        let color = rgb(c.text_color);
        let mut pen = x;
        for (face, lang, range) in &sh.segs {
            pen += self.glyphs(
                *face,
                *lang,
                &text[range.clone()],
                pen,
                base,
                size_emu,
                color,
            );
        }
    }

    /// `text` turned a quarter left (reading upwards), its baseline's start at (`x`, `y`) px.
    fn draw_turned(&mut self, c: &ChartBox, text: &str, sh: &Shaped, size: u32, x: f32, y: f32) {
        let size_emu = (Emu::from(size) * EMU_PER_CPT) as f32;
        let mut pb = PathBuilder::new();
        let mut pen = 0.0f32;
        for (face, lang, range) in &sh.segs {
            let upm = f32::from(self.book.face(*face).units_per_em.max(1));
            let k = size_emu * self.s / upm;
            for g in self.ink.m.shape_glyphs(*face, *lang, &text[range.clone()]) {
                let mut sink = TurnedSink {
                    pb: std::mem::take(&mut pb),
                    k,
                    x,
                    y: y - pen - g.x_offset as f32 * k,
                    dy: g.y_offset as f32 * k,
                };
                self.book.outline(*face, g.id, &mut sink);
                pb = sink.pb;
                pen += g.x_advance as f32 * k;
            }
        }
        self.fill(pb, rgb(c.text_color));
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
        if fw < 8.0 || fh < 8.0 {
            return;
        }
        let em = |cpt: u32| cpt as f32 / 100.0;
        let (ls, ts, xs) = (em(c.sizes.label), em(c.sizes.title), em(c.sizes.axis_title));
        // The space left for the diagram (px), narrowed as LibreOffice places the pieces.
        let (mut left, mut top, mut right, mut bottom) = (fx, fy, fx + fw, fy + fh);
        if let Some(t) = &c.title {
            let sh = self.shape_chart(c, t, c.sizes.title, true);
            let shape_top = fy + fh * 0.02 + self.pt(135.0 * HMM);
            let base = shape_top + self.pt(0.3 * ts + sh.ascent * ts);
            self.draw_shaped(c, t, &sh, c.sizes.title, fx + (fw - sh.width) / 2.0, base);
            top = shape_top + self.pt((sh.ascent + sh.descent + 0.6) * ts);
        }
        if c.legend {
            bottom -= self.legend(c, fx, fw, fy + fh, ls);
        }
        let x_title = c.x_title.as_ref().filter(|_| c.kind.has_axes());
        let y_title = c.y_title.as_ref().filter(|_| c.kind.has_axes());
        let xt = x_title.map(|t| {
            let sh = self.shape_chart(c, t, c.sizes.axis_title, false);
            bottom -= self.pt((sh.ascent + sh.descent + 0.6) * xs + 420.0 * HMM);
            sh
        });
        let yt = y_title.map(|t| {
            let sh = self.shape_chart(c, t, c.sizes.axis_title, false);
            left += self.pt((sh.ascent + sh.descent + 0.6) * xs + 450.0 * HMM);
            sh
        });
        left += fw * 0.02;
        right -= fw * 0.02;
        top += fh * 0.02;
        bottom -= fh * 0.02;
        if right - left < 4.0 || bottom - top < 4.0 {
            return;
        }
        if c.kind == ChartKind::Pie {
            let d = (right - left).min(bottom - top);
            self.pie(c, (left + right) / 2.0, (top + bottom) / 2.0, d / 2.0);
            return;
        }
        // Category labels: the tallest one's line.
        let cats: Vec<Shaped> = c
            .categories
            .iter()
            .map(|t| self.shape_chart(c, t, c.sizes.label, false))
            .collect();
        let cat_asc = cats.iter().map(|s| s.ascent).fold(0.0f32, f32::max);
        let cat_h = cats
            .iter()
            .map(|s| s.ascent + s.descent)
            .fold(0.0f32, f32::max)
            .max(1.0);
        let plot_b = bottom - self.pt(cat_h * ls + TICK + TICK_GAP);
        // Value axis: its labels' height decides how many intervals fit.
        let (lo, hi) = value_range(c);
        let probe = self.shape_chart(c, "0", c.sizes.label, false);
        let val_h = self.pt((probe.ascent + probe.descent) * ls);
        let plot_t = top + val_h / 2.0;
        let fit = ((plot_b - plot_t) / val_h).floor().max(1.0) as f64;
        let (amin, amax, step) = nice_axis(lo, hi, fit.min(MAX_INTERVALS));
        let ticks: Vec<f64> = (0..=((amax - amin) / step).round() as i64)
            .map(|i| amin + step * i as f64)
            .collect();
        let labels: Vec<(String, Shaped)> = ticks
            .iter()
            .map(|t| {
                let s = label(*t);
                let sh = self.shape_chart(c, &s, c.sizes.label, false);
                (s, sh)
            })
            .collect();
        let widest = labels.iter().map(|(_, s)| s.width).fold(0.0f32, f32::max);
        let mut plot_l = left + widest + self.pt(TICK + TICK_GAP);
        let mut plot_r = right;
        let n = c.categories.len().max(1);
        // An area chart's points stand on the categories' ticks (`crossBetween midCat`): the
        // plot narrows so the first and last labels, centred on its ends, stay inside.
        let mid_cat = c.kind == ChartKind::Area;
        let skip = c.label_skip().max(1) as usize;
        if mid_cat {
            if let Some(f) = cats.first() {
                plot_l = plot_l.max(left + f.width / 2.0);
            }
        }
        // The last label shown, centred on its category, stays inside too (LibreOffice
        // narrows the plot area for it: the 200-point line chart's ends 17 px short).
        if let Some(last) = (0..cats.len()).rev().find(|i| i % skip == 0) {
            let slots = if mid_cat { n.max(2) - 1 } else { n } as f32;
            let f = (last as f32 + if mid_cat { 0.0 } else { 0.5 }) / slots;
            if f > 0.0 {
                let edge = right - cats[last].width / 2.0;
                plot_r = plot_r.min(plot_l + (edge - plot_l) / f);
            }
        }
        if plot_r - plot_l < 4.0 || plot_b - plot_t < 4.0 {
            return;
        }
        let yv = |v: f64| plot_b - ((v - amin) / (amax - amin)) as f32 * (plot_b - plot_t);
        let line = rgb(c.line_color);
        let rule = self.pt(0.75);
        for (t, (s, sh)) in ticks.iter().zip(&labels) {
            let y = yv(*t);
            let mut pb = PathBuilder::new();
            pb.move_to(plot_l, y);
            pb.line_to(plot_r, y);
            self.stroke(pb, line, rule);
            let x = plot_l - self.pt(TICK + TICK_GAP) - sh.width;
            let base = y - val_h / 2.0 + self.pt(sh.ascent * ls);
            self.draw_shaped(c, s, sh, c.sizes.label, x, base);
        }
        // Category axis: slots (points, for an area), outward ticks, labels below.
        let (slot, at) = if mid_cat {
            let slot = (plot_r - plot_l) / (n.max(2) - 1) as f32;
            (slot, 0.0)
        } else {
            ((plot_r - plot_l) / n as f32, 0.5)
        };
        let zero = yv(0.0_f64.clamp(amin, amax));
        let ticks_n = if mid_cat { n } else { n + 1 };
        let mut pb = PathBuilder::new();
        for i in 0..ticks_n {
            let x = plot_l + slot * i as f32;
            pb.move_to(x, zero);
            pb.line_to(x, zero + self.pt(TICK));
        }
        pb.move_to(plot_l, zero);
        pb.line_to(plot_r, zero);
        self.stroke(pb, line, rule);
        let cat_base = plot_b + self.pt(TICK + TICK_GAP + cat_asc * ls);
        for (i, (cat, sh)) in c.categories.iter().zip(&cats).enumerate() {
            if i % skip == 0 {
                let cx = plot_l + slot * (i as f32 + at);
                self.draw_shaped(c, cat, sh, c.sizes.label, cx - sh.width / 2.0, cat_base);
            }
        }
        // Axis titles, 2 % outside the diagram and its labels.
        if let (Some(t), Some(sh)) = (x_title, &xt) {
            let base = bottom + fh * 0.02 + self.pt(0.3 * xs + sh.ascent * xs);
            let cx = (left + right) / 2.0;
            self.draw_shaped(c, t, sh, c.sizes.axis_title, cx - sh.width / 2.0, base);
        }
        if let (Some(t), Some(sh)) = (y_title, &yt) {
            let w = self.pt((sh.ascent + sh.descent + 0.6) * xs);
            let cx = left - fw * 0.02 - w / 2.0;
            let line_left = cx - self.pt((sh.ascent + sh.descent) * xs) / 2.0;
            let base_x = line_left + self.pt(sh.ascent * xs);
            let cy = (top + bottom) / 2.0;
            self.draw_turned(c, t, sh, c.sizes.axis_title, base_x, cy + sh.width / 2.0);
        }
        match c.kind {
            ChartKind::Bar | ChartKind::StackedBar => self.bars(c, plot_l, slot, &yv),
            ChartKind::Line | ChartKind::Area => self.lines(c, plot_l, slot, at, zero, &yv),
            ChartKind::Pie => {}
        }
    }

    /// The legend row at the bottom of a frame ending at `bottom` px; returns the height it
    /// takes off the space above (px).
    fn legend(&mut self, c: &ChartBox, fx: f32, fw: f32, bottom: f32, ls: f32) -> f32 {
        let (names, colors): (Vec<&String>, Vec<Color>) = if c.kind == ChartKind::Pie {
            (
                c.categories.iter().collect(),
                c.point_colors.iter().map(|&p| rgb(p)).collect(),
            )
        } else {
            (
                c.series.iter().map(|s| &s.name).collect(),
                c.series.iter().map(|s| rgb(s.color)).collect(),
            )
        };
        let line_key = c.kind == ChartKind::Line;
        let key_w = if line_key {
            self.pt(800.0 * HMM)
        } else {
            self.pt(0.6 * ls)
        };
        let shaped: Vec<Shaped> = names
            .iter()
            .map(|n| self.shape_chart(c, n, c.sizes.label, false))
            .collect();
        let (key_gap, entry_gap) = (self.pt(TICK_GAP), self.pt(7.85));
        let total: f32 = shaped
            .iter()
            .map(|s| key_w + key_gap + s.width)
            .sum::<f32>()
            + entry_gap * shaped.len().saturating_sub(1) as f32;
        let key_bottom = bottom - self.pt(185.0 * HMM);
        let key_side = self.pt(0.6 * ls);
        let base = key_bottom - self.pt(0.05 * ls);
        let mut x = fx + (fw - total) / 2.0;
        for ((name, sh), col) in names.iter().zip(&shaped).zip(colors) {
            if line_key {
                let y = key_bottom - key_side / 2.0;
                let mut pb = PathBuilder::new();
                pb.move_to(x, y);
                pb.line_to(x + key_w, y);
                self.stroke(pb, col, self.pt(2.25));
            } else {
                let mut pb = PathBuilder::new();
                if let Some(rr) =
                    tiny_skia::Rect::from_xywh(x, key_bottom - key_side, key_w, key_side)
                {
                    pb.push_rect(rr);
                }
                self.fill(pb, col);
            }
            x += key_w + key_gap;
            self.draw_shaped(c, name, sh, c.sizes.label, x, base);
            x += sh.width + entry_gap;
        }
        self.pt(2.0 * 185.0 * HMM + 1.0417 * ls)
    }

    fn bars(&mut self, c: &ChartBox, plot_l: f32, slot: f32, yv: &dyn Fn(f64) -> f32) {
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

    fn lines(
        &mut self,
        c: &ChartBox,
        plot_l: f32,
        slot: f32,
        at: f32,
        zero: f32,
        yv: &dyn Fn(f64) -> f32,
    ) {
        // Markers (5 pt circles) up to 20 categories, as the writer writes them.
        let markers = c.kind == ChartKind::Line && c.categories.len() <= 20;
        for s in &c.series {
            let pts: Vec<(f32, f32)> = s
                .values
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (plot_l + slot * (i as f32 + at), yv(v))))
                .collect();
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
                self.fill(area, rgb(s.color));
                continue;
            }
            // A missing point is a gap (`c:dispBlanksAs gap`): the line breaks there.
            let mut pb = PathBuilder::new();
            let mut prev = false;
            for (i, v) in s.values.iter().enumerate() {
                match v {
                    Some(v) => {
                        let (x, y) = (plot_l + slot * (i as f32 + at), yv(*v));
                        if prev {
                            pb.line_to(x, y);
                        } else {
                            pb.move_to(x, y);
                        }
                        prev = true;
                    }
                    None => prev = false,
                }
            }
            self.stroke(pb, rgb(s.color), self.pt(2.25));
            if markers {
                let r = self.pt(2.5);
                for &(x, y) in &pts {
                    let mut pb = PathBuilder::new();
                    pb.push_circle(x, y, r);
                    self.fill(pb, rgb(s.color));
                }
            }
        }
    }

    /// A pie of radius `rad` px about (`cx`, `cy`): slices from 12 o'clock clockwise, with
    /// the writer's 1.5 pt white outlines.
    fn pie(&mut self, c: &ChartBox, cx: f32, cy: f32, rad: f32) {
        let Some(s) = c.series.first() else {
            return;
        };
        let vals: Vec<f64> = s.values.iter().map(|v| v.unwrap_or(0.0).max(0.0)).collect();
        let total: f64 = vals.iter().sum();
        if total <= 0.0 {
            return;
        }
        let mut a = -std::f64::consts::FRAC_PI_2;
        let mut outlines = PathBuilder::new();
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
            outlines.move_to(cx, cy);
            outlines.line_to(cx + rad * a.cos() as f32, cy + rad * a.sin() as f32);
            let col = c
                .point_colors
                .get(i)
                .map(|&p| rgb(p))
                .unwrap_or_else(|| rgb(s.color));
            self.fill(pb, col);
            a += sweep;
        }
        outlines.push_circle(cx, cy, rad);
        self.stroke(outlines, Color::WHITE, self.pt(1.5));
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

#[cfg(test)]
mod tests {
    use super::nice_axis;

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
