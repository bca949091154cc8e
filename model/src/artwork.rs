//! The template's artwork as obstacles: every opaque decoration a slide of some layout shows
//! (the master's, when the layout shows them, then the layout's own, in drawing order) with
//! its outline as polygons in slide EMU — a rectangle, an ellipse, a preset's outline
//! ([`crate::outline`]), a custom geometry's paths with their curves flattened — turned by its
//! `a:xfrm rot`. QC asks how much of a laid line's ink lies on each (`overlaps_artwork`);
//! the outline is the shape's, not its bounding box, so text beside a triangle's slope is clear.

use crate::geom::Rect;
use crate::look::{Backdrop, Decoration, Look, Paint, PathCmd};
use crate::outline::{self, Seg};
use crate::place::Ink;

/// A point in slide EMU.
type Pt = (f64, f64);

/// Segments each curve is flattened into.
const CURVE_STEPS: usize = 12;
/// Corners of an ellipse's polygon.
const ELLIPSE_STEPS: usize = 64;
/// Points an outline may have; past them (a custom geometry of thousands of curves) the
/// shape is judged at its rectangle, so every line's test stays bounded.
pub const MAX_POINTS: usize = 512;

/// One opaque decoration a slide shows, with its outline.
#[derive(Debug, Clone)]
pub struct Artwork<'a> {
    pub decoration: &'a Decoration,
    /// `master` or `layout`.
    pub of: &'static str,
    /// Its index among its master's or layout's decorations.
    pub index: usize,
    /// Closed polygons in slide EMU (a custom geometry may have several paths).
    pub outline: Vec<Vec<Pt>>,
    /// The rectangle around the outline, whole EMU rounded out.
    pub bounds: Rect,
}

impl Artwork<'_> {
    /// How it is named to a reader: `master shape 3 "Logo" (pic)`, or without the name when
    /// the template gives none (as the preview names what it did not draw).
    pub fn label(&self) -> String {
        let d = self.decoration;
        if d.name.is_empty() {
            format!("{} shape {} ({})", self.of, self.index + 1, d.kind)
        } else {
            format!(
                "{} shape {} \"{}\" ({})",
                self.of,
                self.index + 1,
                d.name,
                d.kind
            )
        }
    }

    /// The area (EMU²) its outline covers.
    pub fn area(&self) -> f64 {
        self.outline
            .iter()
            .map(|p| signed_area(p))
            .sum::<f64>()
            .abs()
    }

    /// The area (EMU²) of `r` its outline covers.
    pub fn area_over(&self, r: &Rect) -> f64 {
        if self.bounds.intersection(r).is_none() {
            return 0.0;
        }
        if r.contains(&self.bounds) {
            return self.area();
        }
        // Signed areas summed: a hole wound against its outline takes itself off. Two
        // buffers the clip passes between, for every polygon.
        let n = self.outline.iter().map(Vec::len).max().unwrap_or(0) * 2 + 8;
        let (mut a, mut b) = (Vec::with_capacity(n), Vec::with_capacity(n));
        self.outline
            .iter()
            .map(|poly| {
                clip(poly, r, &mut a, &mut b);
                signed_area(&a)
            })
            .sum::<f64>()
            .abs()
    }
}

/// A share of a line's ink (1 / N) that counts as under it: 5 %, past an ascender's or a
/// descender's graze of a shape's edge.
pub const INK_SHARE_DENOMINATOR: f64 = 20.0;
/// Artwork covering this share of a box or more is a band under it, where the text is meant
/// to sit (contrast judges it, not overlap): 98 %.
pub const BAND_SHARE: f64 = 0.98;

/// Which of `inks` (the lines of a box at `rect`) lie on which of `art`: for each artwork
/// under 5 % or more of some line's ink, its index and those lines' indices, in order.
/// Artwork under the whole box (a band) is passed over.
pub fn hits(art: &[Artwork<'_>], rect: &Rect, inks: &[Ink]) -> Vec<(usize, Vec<usize>)> {
    let area = rect.area().max(1) as f64;
    let mut out = Vec::new();
    for (ai, a) in art.iter().enumerate() {
        if a.area_over(rect) >= area * BAND_SHARE {
            continue;
        }
        let lines: Vec<usize> = (0..inks.len())
            .filter(|&i| {
                let ink = inks[i].rect.area() as f64;
                ink > 0.0 && a.area_over(&inks[i].rect) * INK_SHARE_DENOMINATOR >= ink
            })
            .collect();
        if !lines.is_empty() {
            out.push((ai, lines));
        }
    }
    out
}

impl Look {
    /// Everything that shows under the ink rectangle `ink` on a slide of layout `layout`
    /// whose artwork is `art` ([`Look::artwork`]): each artwork under 5 % or more of it,
    /// topmost first, and the background unless the artwork above it covers (nearly) all
    /// of the ink. A picture (a decoration's or the background's) shows the colours of its
    /// pixels under the ink ([`crate::look::Surface::shown`]) and covers what its opaque
    /// pixels cover.
    pub fn under(&self, layout: usize, art: &[Artwork<'_>], ink: &Rect) -> Vec<Backdrop> {
        let area = ink.area() as f64;
        let mut out = Vec::new();
        if area <= 0.0 {
            return out;
        }
        let background = self.background_under(layout, ink);
        let beneath = background
            .as_ref()
            .map_or(Paint::Unknown, |b| b.paint.clone());
        let mut covered = 0.0;
        for a in art.iter().rev() {
            let share = a.area_over(ink) / area;
            if share * INK_SHARE_DENOMINATOR < 1.0 {
                continue;
            }
            let d = a.decoration;
            let (paint, cover) = d.fill.shown(&d.rect, ink, &beneath);
            if d.fill.picture.is_some() && cover * INK_SHARE_DENOMINATOR < 1.0 {
                // Its pixels there are (nearly) all transparent: what is under it shows.
                if paint != Paint::Unknown {
                    continue;
                }
            }
            out.push(Backdrop {
                paint,
                from: a.label(),
            });
            covered += share.min(cover);
            if covered >= 0.95 {
                return out;
            }
        }
        out.extend(background);
        out
    }

    /// The opaque decorations a slide of layout `layout` shows, in drawing order (the
    /// master's first, when the layout shows them). A line (`cxnSp`) and a shape without
    /// fill are not obstacles; a picture, a group or a frame is, at its outline's extent.
    pub fn artwork(&self, layout: usize) -> Vec<Artwork<'_>> {
        let Some(l) = self.layouts.get(layout) else {
            return Vec::new();
        };
        let master = self
            .master_of(l)
            .filter(|_| l.show_master_shapes)
            .map(|m| &m.decorations[..])
            .unwrap_or(&[]);
        let mut out = Vec::new();
        for (of, decos) in [("master", master), ("layout", &l.decorations[..])] {
            for (index, d) in decos.iter().enumerate() {
                if d.fill.paint == Paint::Transparent || d.kind == "cxnSp" {
                    continue;
                }
                let outline = outline_of(d);
                let Some(bounds) = bounds(&outline) else {
                    continue;
                };
                out.push(Artwork {
                    decoration: d,
                    of,
                    index,
                    outline,
                    bounds,
                });
            }
        }
        out
    }
}

/// A decoration's outline in slide EMU, turned about its centre.
fn outline_of(d: &Decoration) -> Vec<Vec<Pt>> {
    let r = d.rect;
    if r.w <= 0 || r.h <= 0 {
        return Vec::new();
    }
    let (l, t) = (r.x as f64, r.y as f64);
    let (w, h) = (r.w as f64, r.h as f64);
    let rect = vec![(l, t), (l + w, t), (l + w, t + h), (l, t + h)];
    let polys = match (d.kind.as_str(), d.geometry.as_str()) {
        ("sp", "ellipse") => vec![(0..ELLIPSE_STEPS)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / ELLIPSE_STEPS as f64;
                (l + w / 2.0 * (1.0 + a.cos()), t + h / 2.0 * (1.0 + a.sin()))
            })
            .collect()],
        ("sp", "custGeom") => match &d.paths {
            Some(paths) => paths
                .iter()
                .flat_map(|p| {
                    // A path's own units span the shape (0: the shape's EMU).
                    let sx = if p.w > 0 { w / p.w as f64 } else { 1.0 };
                    let sy = if p.h > 0 { h / p.h as f64 } else { 1.0 };
                    let at = |x: i64, y: i64| (l + x as f64 * sx, t + y as f64 * sy);
                    custom(&p.cmds, at)
                })
                .collect(),
            None => vec![rect.clone()],
        },
        ("sp", prst) => {
            let edges = [l as f32, t as f32, (l + w) as f32, (t + h) as f32];
            match outline::preset(prst, edges) {
                Some(segs) => preset(&segs),
                None => vec![rect.clone()],
            }
        }
        _ => vec![rect.clone()],
    };
    let polys = if polys.iter().map(Vec::len).sum::<usize>() > MAX_POINTS {
        vec![rect]
    } else {
        polys
    };
    let rot = d.rot.rem_euclid(21_600_000);
    if rot == 0 {
        return polys;
    }
    // Clockwise on the slide (y down), about the shape's centre.
    let a = rot as f64 / 60_000.0 * std::f64::consts::PI / 180.0;
    let (s, c) = a.sin_cos();
    let (cx, cy) = (l + w / 2.0, t + h / 2.0);
    polys
        .into_iter()
        .map(|p| {
            p.into_iter()
                .map(|(x, y)| {
                    let (dx, dy) = (x - cx, y - cy);
                    (cx + dx * c - dy * s, cy + dx * s + dy * c)
                })
                .collect()
        })
        .collect()
}

/// A custom geometry's commands as closed polygons (every subpath is filled, closed or not).
fn custom(cmds: &[PathCmd], at: impl Fn(i64, i64) -> Pt) -> Vec<Vec<Pt>> {
    let mut out = Vec::new();
    let mut cur: Vec<Pt> = Vec::new();
    let mut flush = |cur: &mut Vec<Pt>| {
        if cur.len() >= 3 {
            out.push(std::mem::take(cur));
        } else {
            cur.clear();
        }
    };
    for cmd in cmds {
        let last = cur.last().copied().unwrap_or((0.0, 0.0));
        match *cmd {
            PathCmd::Move(x, y) => {
                flush(&mut cur);
                cur.push(at(x, y));
            }
            PathCmd::Line(x, y) => cur.push(at(x, y)),
            PathCmd::Quad([x1, y1, x, y]) => {
                let (c1, e) = (at(x1, y1), at(x, y));
                for i in 1..=CURVE_STEPS {
                    let u = i as f64 / CURVE_STEPS as f64;
                    let v = 1.0 - u;
                    cur.push((
                        v * v * last.0 + 2.0 * v * u * c1.0 + u * u * e.0,
                        v * v * last.1 + 2.0 * v * u * c1.1 + u * u * e.1,
                    ));
                }
            }
            PathCmd::Cubic([x1, y1, x2, y2, x, y]) => {
                cur.extend(cubic(last, at(x1, y1), at(x2, y2), at(x, y)));
            }
            PathCmd::Close => flush(&mut cur),
        }
    }
    flush(&mut cur);
    out
}

/// A preset's outline segments as closed polygons.
fn preset(segs: &[Seg]) -> Vec<Vec<Pt>> {
    let mut out = Vec::new();
    let mut cur: Vec<Pt> = Vec::new();
    for s in segs {
        let last = cur.last().copied().unwrap_or((0.0, 0.0));
        match *s {
            Seg::Move(x, y) => {
                if cur.len() >= 3 {
                    out.push(std::mem::take(&mut cur));
                }
                cur.clear();
                cur.push((f64::from(x), f64::from(y)));
            }
            Seg::Line(x, y) => cur.push((f64::from(x), f64::from(y))),
            Seg::Cubic([a, b, c, d, e, f]) => {
                let p = |x: f32, y: f32| (f64::from(x), f64::from(y));
                cur.extend(cubic(last, p(a, b), p(c, d), p(e, f)));
            }
            Seg::Close => {
                if cur.len() >= 3 {
                    out.push(std::mem::take(&mut cur));
                }
                cur.clear();
            }
        }
    }
    if cur.len() >= 3 {
        out.push(cur);
    }
    out
}

/// The points of a cubic from `p0` (excluded) to `p3`.
fn cubic(p0: Pt, p1: Pt, p2: Pt, p3: Pt) -> impl Iterator<Item = Pt> {
    (1..=CURVE_STEPS).map(move |i| {
        let u = i as f64 / CURVE_STEPS as f64;
        let v = 1.0 - u;
        let (a, b, c, d) = (v * v * v, 3.0 * v * v * u, 3.0 * v * u * u, u * u * u);
        (
            a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
            a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1,
        )
    })
}

/// The rectangle around every point, rounded out to whole EMU.
fn bounds(polys: &[Vec<Pt>]) -> Option<Rect> {
    let mut it = polys.iter().flatten();
    let &(x, y) = it.next()?;
    let (mut x0, mut y0, mut x1, mut y1) = (x, y, x, y);
    for &(x, y) in it {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let (x0, y0) = (x0.floor() as i64, y0.floor() as i64);
    Some(Rect {
        x: x0,
        y: y0,
        w: (x1.ceil() as i64 - x0).max(1),
        h: (y1.ceil() as i64 - y0).max(1),
    })
}

/// `poly` clipped to `r` into `out` (Sutherland–Hodgman: exact for a convex clip, whatever the
/// polygon), `tmp` the other buffer the edges pass between.
fn clip(poly: &[Pt], r: &Rect, out: &mut Vec<Pt>, tmp: &mut Vec<Pt>) {
    let (x0, y0) = (r.x as f64, r.y as f64);
    let (x1, y1) = ((r.x + r.w) as f64, (r.y + r.h) as f64);
    // Each edge: the axis (0: x, 1: y), its value, and whether inside is at or above it.
    let edges = [(0, x0, true), (0, x1, false), (1, y0, true), (1, y1, false)];
    out.clear();
    out.extend_from_slice(poly);
    for (axis, at, above) in edges {
        if out.is_empty() {
            break;
        }
        let coord = |p: Pt| if axis == 0 { p.0 } else { p.1 };
        let inside = |p: Pt| {
            if above {
                coord(p) >= at
            } else {
                coord(p) <= at
            }
        };
        let cross = |a: Pt, b: Pt| {
            let t = (at - coord(a)) / (coord(b) - coord(a));
            if axis == 0 {
                (at, a.1 + t * (b.1 - a.1))
            } else {
                (a.0 + t * (b.0 - a.0), at)
            }
        };
        std::mem::swap(out, tmp);
        out.clear();
        let mut prev = tmp[tmp.len() - 1];
        for &p in tmp.iter() {
            match (inside(p), inside(prev)) {
                (true, true) => out.push(p),
                (true, false) => {
                    out.push(cross(prev, p));
                    out.push(p);
                }
                (false, true) => out.push(cross(prev, p)),
                (false, false) => {}
            }
            prev = p;
        }
    }
}

/// The shoelace area, positive when wound clockwise on the slide (y down).
fn signed_area(poly: &[Pt]) -> f64 {
    if poly.len() < 3 {
        return 0.0;
    }
    let mut s = 0.0;
    let mut prev = poly[poly.len() - 1];
    for &p in poly {
        s += prev.0 * p.1 - p.0 * prev.1;
        prev = p;
    }
    s / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::look::{LookLayout, LookMaster, Path, Surface};
    use std::sync::Arc;

    fn deco(kind: &str, geometry: &str, rect: Rect, paths: Option<Vec<Path>>) -> Decoration {
        Decoration {
            name: String::new(),
            kind: kind.into(),
            rect,
            fill: Surface::of(Paint::Colors(vec![[200, 0, 0]])),
            geometry: geometry.into(),
            rot: 0,
            paths: paths.map(Arc::from),
        }
    }

    fn r(x: i64, y: i64, w: i64, h: i64) -> Rect {
        Rect { x, y, w, h }
    }

    fn look(master: Vec<Decoration>, layout: Vec<Decoration>, shown: bool) -> Look {
        Look {
            masters: vec![LookMaster {
                part: "m".into(),
                id: None,
                background: None,
                bg1: None,
                decorations: master,
            }],
            layouts: vec![LookLayout {
                part: "l".into(),
                name: "l".into(),
                ty: "obj".into(),
                master: 0,
                show_master_shapes: shown,
                background: None,
                decorations: layout,
                placeholders: Vec::new(),
            }],
            ..Look::default()
        }
    }

    #[test]
    fn a_triangle_covers_what_its_slope_covers_not_its_bounding_box() {
        // A right triangle: corners (0,0), (1000,0), (0,1000) in its path's 1000 x 1000.
        let tri = Path {
            w: 1000,
            h: 1000,
            cmds: vec![
                PathCmd::Move(0, 0),
                PathCmd::Line(1000, 0),
                PathCmd::Line(0, 1000),
                PathCmd::Close,
            ],
        };
        let l = look(
            vec![deco("sp", "custGeom", r(0, 0, 2000, 2000), Some(vec![tri]))],
            Vec::new(),
            true,
        );
        let art = l.artwork(0);
        assert_eq!(art.len(), 1);
        assert_eq!(art[0].label(), "master shape 1 (sp)");
        // Scaled to the shape: corners (0, 0), (2000, 0), (0, 2000). Its top-left quarter
        // is all in it; a square across the slope, half.
        let a = art[0].area_over(&r(0, 0, 1000, 1000));
        assert!((a - 1_000_000.0).abs() < 1.0, "{a}");
        let half = art[0].area_over(&r(500, 500, 1000, 1000));
        assert!((half - 500_000.0).abs() < 1.0, "{half}");
        // The bottom-right quarter is beyond the slope: nothing.
        assert_eq!(art[0].area_over(&r(1000, 1000, 1000, 1000)), 0.0);
        // Beside the slope near the right: nothing, though inside the bounding box.
        assert_eq!(art[0].area_over(&r(1500, 600, 400, 100)), 0.0);
    }

    #[test]
    fn ellipses_presets_and_turned_shapes_keep_their_outlines() {
        let l = look(
            Vec::new(),
            vec![
                deco("sp", "ellipse", r(0, 0, 1000, 1000), None),
                deco("sp", "chevron", r(0, 0, 2000, 1000), None),
            ],
            true,
        );
        let art = l.artwork(0);
        assert_eq!(art[0].label(), "layout shape 1 (sp)");
        // The whole circle: π r² within the polygon's error.
        let circle = art[0].area_over(&r(0, 0, 1000, 1000));
        assert!((circle - std::f64::consts::PI * 250_000.0).abs() < 2_000.0);
        // A corner of its square lies outside the circle.
        assert_eq!(art[0].area_over(&r(0, 0, 100, 100)), 0.0);
        // The chevron's notch (left, middle) is empty.
        assert_eq!(art[1].area_over(&r(0, 400, 100, 200)), 0.0);
        // A bar turned a quarter: 2000 x 200 about (1000, 100) stands 200 wide, 2000 tall.
        let mut bar = deco("sp", "rect", r(0, 0, 2000, 200), None);
        bar.rot = 5_400_000;
        let l = look(vec![bar], Vec::new(), true);
        let art = l.artwork(0);
        assert!(art[0].area_over(&r(0, 0, 200, 200)).abs() < 1.0);
        let mid = art[0].area_over(&r(900, -900, 200, 2000));
        assert!((mid - 400_000.0).abs() < 10.0, "{mid}");
    }

    #[test]
    fn lines_unfilled_shapes_and_hidden_master_shapes_are_not_obstacles() {
        let mut clear = deco("sp", "rect", r(0, 0, 100, 100), None);
        clear.fill.paint = Paint::Transparent;
        let l = look(
            vec![deco("sp", "rect", r(0, 0, 100, 100), None)],
            vec![clear, deco("cxnSp", "line", r(0, 0, 100, 100), None)],
            false,
        );
        assert!(l.artwork(0).is_empty());
        assert!(l.artwork(5).is_empty());
        // A custom geometry past MAX_POINTS is judged at its rectangle.
        let many = Path {
            w: 1000,
            h: 1000,
            cmds: std::iter::once(PathCmd::Move(0, 0))
                .chain((0..100).map(|i| PathCmd::Cubic([i, 0, i, 10, i, 20])))
                .chain([PathCmd::Close])
                .collect(),
        };
        let big = deco("sp", "custGeom", r(0, 0, 1000, 1000), Some(vec![many]));
        let l = look(vec![big], Vec::new(), true);
        assert_eq!(
            l.artwork(0)[0].outline,
            vec![vec![
                (0.0, 0.0),
                (1000.0, 0.0),
                (1000.0, 1000.0),
                (0.0, 1000.0)
            ]]
        );
        // A picture counts at its rectangle.
        let l = look(
            vec![deco("pic", "", r(0, 0, 100, 100), None)],
            Vec::new(),
            true,
        );
        assert_eq!(l.artwork(0)[0].area_over(&r(50, 50, 100, 100)), 2_500.0);
    }
}
