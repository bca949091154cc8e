//! The look a deck is laid out on — a customer's template or a built-in theme's package —
//! resolved once by layout (`specrender_layout::frame::look`): its masters and layouts with
//! their backgrounds and decorations as they show (scheme colours through the master's colour
//! map, theme fill styles, a brand's colours applied), each decoration's geometry, and the
//! parts a deck written on it carries, with the bytes they are written with, and its pictures
//! (picture backgrounds, `p:pic` decorations, shapes filled with a picture), each decoded once
//! ([`crate::blip`]). QC judges contrast and overlaps against it, the writer carries its
//! parts, the preview draws it; none of them reads the template again.

use crate::blip::PictureFill;
use crate::geom::Rect;
use serde::Serialize;
use std::sync::Arc;

/// An sRGB colour.
pub type Rgb3 = [u8; 3];

/// What a fill shows: its colours (one for a solid fill, the stops of a gradient, a pattern's
/// foreground and background), nothing (transparent), or colours that cannot be told (a
/// picture).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Paint {
    Colors(Vec<Rgb3>),
    Transparent,
    Unknown,
}

/// A fill as it shows, and how it is drawn: a pattern (its foreground crossing its
/// background), a solid colour or gradient, or a picture (its paint [`Paint::Unknown`]: its
/// colours are sampled where they are asked for, [`Surface::shown`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Surface {
    pub paint: Paint,
    /// Written as a pattern fill (`a:pattFill`).
    pub pattern: bool,
    /// Written as a picture fill (`a:blipFill`) whose picture the look carries.
    #[serde(skip)]
    pub picture: Option<PictureFill>,
}

impl Surface {
    /// A fill of `paint`, not a pattern, no picture.
    pub fn of(paint: Paint) -> Surface {
        Surface {
            paint,
            pattern: false,
            picture: None,
        }
    }

    /// What it shows of `region` when it fills `at`, and the share of `region` it covers
    /// (its paint at `cover` 1 unless it is a picture): a picture's darkest, lightest and mean
    /// colours there ([`PictureFill::sample`]) — [`Paint::Unknown`] when it did not decode —,
    /// a translucent one's over `beneath` (white when that is not known).
    pub fn shown(&self, at: &Rect, region: &Rect, beneath: &Paint) -> (Paint, f64) {
        let Some(p) = &self.picture else {
            return (self.paint.clone(), 1.0);
        };
        let Some(s) = p.sample(at, region) else {
            // Not decoded, or not over `region`: unknown there, as a picture was before the
            // look carried pictures (opaque, its colours not told).
            return (Paint::Unknown, 1.0);
        };
        if p.alpha >= 100_000 {
            return (Paint::Colors(s.colors), s.cover);
        }
        let under = match beneath {
            Paint::Colors(cs) if !cs.is_empty() => cs.clone(),
            _ => vec![[255, 255, 255]],
        };
        let a = f64::from(p.alpha) / 100_000.0;
        let mut out = Vec::new();
        for c in &s.colors {
            for u in &under {
                let m = [0, 1, 2]
                    .map(|i| (f64::from(c[i]) * a + f64::from(u[i]) * (1.0 - a)).round() as u8);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        (Paint::Colors(out), s.cover)
    }
}

/// A resolved look: see the module docs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Look {
    /// In the template's order; the first is the one a deck uses.
    pub masters: Vec<LookMaster>,
    /// In the template's order (a slide's layout is an index into it).
    pub layouts: Vec<LookLayout>,
    /// The slide's size in EMU (what a background fills).
    pub slide_size: (i64, i64),
    /// The first master's theme part (the presentation relates it).
    pub theme_part: Option<String>,
    /// Every part a deck written on this look carries over, in the template's order, each
    /// with the bytes it is written with (a brand's theme part rewritten).
    pub carried: Vec<CarriedPart>,
}

/// A slide master.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookMaster {
    pub part: String,
    /// `p:sldMasterId id` as the template's presentation wrote it.
    pub id: Option<u32>,
    /// Its background (`p:bg`) as it shows; `None` when it writes none.
    pub background: Option<Surface>,
    /// What its colour map makes `bg1`: what shows where no background is written.
    pub bg1: Option<Rgb3>,
    /// Its shapes that are not placeholders, in drawing order.
    pub decorations: Vec<Decoration>,
}

/// A slide layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookLayout {
    pub part: String,
    pub name: String,
    /// ST_SlideLayoutType as written (`blank`, `obj`, ...).
    pub ty: String,
    /// Index into [`Look::masters`].
    pub master: usize,
    /// `showMasterSp`: its master's decorations show on its slides.
    pub show_master_shapes: bool,
    /// Its own background as it shows; `None`: its master's.
    pub background: Option<Surface>,
    /// Its shapes that are not placeholders, in drawing order (above its master's).
    pub decorations: Vec<Decoration>,
    /// The rectangles of its placeholders that have geometry (their own or the master's).
    pub placeholders: Vec<Rect>,
}

/// A shape of a master or layout that is not a placeholder (a logo, a bar, a line): drawn on
/// every slide that shows it, so content placed over it is an overlap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoration {
    /// As the template names it (may be empty).
    pub name: String,
    /// `sp`, `pic`, `grpSp`, `cxnSp`, `graphicFrame`.
    pub kind: String,
    /// Its `a:xfrm` (a negative extent is kept as written).
    pub rect: Rect,
    /// Its fill as it shows (pictures, groups and frames: unknown; lines: transparent).
    pub fill: Surface,
    /// Its `a:prstGeom prst` (`rect`, `ellipse`...), `custGeom`, or empty (none written).
    pub geometry: String,
    /// Its `a:xfrm rot`, 60000ths of a degree.
    pub rot: i64,
    /// A `custGeom`'s paths when every point is a number; `None` otherwise.
    pub paths: Option<Arc<[Path]>>,
}

/// One `a:path` of a custom geometry: its own coordinate space (`w` x `h`; 0 means the
/// shape's EMU) and its commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub w: i64,
    pub h: i64,
    pub cmds: Vec<PathCmd>,
}

/// A path command, its points in the path's own units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathCmd {
    Move(i64, i64),
    Line(i64, i64),
    Quad([i64; 4]),
    Cubic([i64; 6]),
    Close,
}

/// A part of the template a deck written on it carries, with its relationships part as the
/// template wrote it (the carry policy applied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarriedPart {
    pub name: String,
    pub content_type: String,
    pub bytes: Arc<[u8]>,
    pub rels: Option<(String, Arc<[u8]>)>,
}

/// What lies under a box on a slide of some layout: the paint, and where it comes from
/// (`layout background`, `master background`, or a decoration's name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Backdrop {
    pub paint: Paint,
    pub from: String,
}

impl Look {
    /// The master of layout `layout`, if both exist.
    pub fn master_of(&self, layout: &LookLayout) -> Option<&LookMaster> {
        self.masters.get(layout.master)
    }

    /// What a slide of layout `layout` shows under `rect`: the topmost decoration (the
    /// layout's over the master's, later over earlier) that covers at least half of `rect`
    /// and is not transparent, else the layout's background, else the master's, else the
    /// master's `bg1` (what PowerPoint shows where no background is written). A picture
    /// shows its colours under `rect` ([`Surface::shown`]).
    pub fn backdrop(&self, layout: usize, rect: Rect) -> Option<Backdrop> {
        let l = self.layouts.get(layout)?;
        let m = self.master_of(l)?;
        let covers = |d: &Decoration| {
            let (x0, y0) = (rect.x.max(d.rect.x), rect.y.max(d.rect.y));
            let x1 = (rect.x + rect.w).min(d.rect.x + d.rect.w);
            let y1 = (rect.y + rect.h).min(d.rect.y + d.rect.h);
            let inter = i128::from((x1 - x0).max(0)) * i128::from((y1 - y0).max(0));
            let area = i128::from(rect.w.max(0)) * i128::from(rect.h.max(0));
            area > 0 && inter * 2 >= area
        };
        let master_decos = m.decorations.iter().filter(|_| l.show_master_shapes);
        for d in l.decorations.iter().rev().chain(master_decos.rev()) {
            if covers(d) && d.fill.paint != Paint::Transparent {
                let from = if d.name.is_empty() {
                    format!("a {} of the template", d.kind)
                } else {
                    d.name.clone()
                };
                let beneath = self.background_under(layout, &rect)?.paint;
                return Some(Backdrop {
                    paint: d.fill.shown(&d.rect, &rect, &beneath).0,
                    from,
                });
            }
        }
        self.background_under(layout, &rect)
    }

    /// What a slide of layout `layout` shows where no decoration is: the layout's
    /// background, else the master's, else the master's `bg1`; a picture background by its
    /// colours over the whole slide.
    pub fn background(&self, layout: usize) -> Option<Backdrop> {
        let (w, h) = self.slide_size;
        self.background_under(layout, &Rect { x: 0, y: 0, w, h })
    }

    /// [`Look::background`] under `region` of the slide.
    pub fn background_under(&self, layout: usize, region: &Rect) -> Option<Backdrop> {
        let l = self.layouts.get(layout)?;
        let m = self.master_of(l)?;
        let (w, h) = self.slide_size;
        let slide = Rect { x: 0, y: 0, w, h };
        let white = Paint::Colors(vec![[255, 255, 255]]);
        let (paint, from) = match (&l.background, &m.background) {
            (Some(s), _) => (s.shown(&slide, region, &white).0, "layout background"),
            (None, Some(s)) => (s.shown(&slide, region, &white).0, "master background"),
            (None, None) => (
                m.bg1.map_or(Paint::Unknown, |c| Paint::Colors(vec![c])),
                "master background",
            ),
        };
        Some(Backdrop {
            paint,
            from: from.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(c: Rgb3) -> Surface {
        Surface::of(Paint::Colors(vec![c]))
    }

    fn deco(name: &str, rect: Rect, fill: Surface) -> Decoration {
        Decoration {
            name: name.into(),
            kind: "sp".into(),
            rect,
            fill,
            geometry: "rect".into(),
            rot: 0,
            paths: None,
        }
    }

    fn look(show_master: bool) -> Look {
        let band = Rect {
            x: 0,
            y: 0,
            w: 100,
            h: 20,
        };
        let clear = Surface::of(Paint::Transparent);
        Look {
            masters: vec![LookMaster {
                part: "m".into(),
                id: None,
                background: None,
                bg1: Some([255, 255, 255]),
                decorations: vec![deco("band", band, solid([0, 0, 80]))],
            }],
            layouts: vec![LookLayout {
                part: "l".into(),
                name: "Title".into(),
                ty: "title".into(),
                master: 0,
                show_master_shapes: show_master,
                background: None,
                decorations: vec![deco("frame", band, clear)],
                placeholders: Vec::new(),
            }],
            ..Look::default()
        }
    }

    #[test]
    fn the_backdrop_is_the_topmost_opaque_decoration_covering_half_else_the_background() {
        let on_band = Rect {
            x: 10,
            y: 5,
            w: 20,
            h: 10,
        };
        let b = look(true).backdrop(0, on_band).expect("a layout");
        // The layout's transparent frame is passed over; the master's band shows.
        assert_eq!(b.from, "band");
        assert_eq!(b.paint, Paint::Colors(vec![[0, 0, 80]]));
        // A layout hiding the master's shapes shows bg1 there.
        let b = look(false).backdrop(0, on_band).expect("a layout");
        assert_eq!(
            (b.from.as_str(), b.paint),
            ("master background", Paint::Colors(vec![[255, 255, 255]]))
        );
        // Less than half over the band: the background.
        let below = Rect { y: 16, ..on_band };
        let b = look(true).backdrop(0, below).expect("a layout");
        assert_eq!(b.from, "master background");
        assert!(look(true).backdrop(1, below).is_none());
    }
}
