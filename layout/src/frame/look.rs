//! The template resolved into the model's [`Look`], once per deck: every background and
//! decoration as it shows on the slides (`Template::paint`: scheme colours through the
//! master's colour map, theme fill styles, the brand applied), each custom geometry's paths,
//! and the carried parts with the bytes they are written with (`Template::part_bytes`).

use specrender_model::look::{
    CarriedPart, Decoration, Look, LookLayout, LookMaster, Paint, Path, PathCmd, Surface,
};
use specrender_model::Rect;
use specrender_template::geom::{Cmd, CustPath};
use specrender_template::{Fill, Template};
use std::sync::Arc;

/// `t` resolved (see the module docs).
pub fn look(t: &Template) -> Look {
    let masters = t
        .masters
        .iter()
        .enumerate()
        .map(|(i, m)| LookMaster {
            part: m.part.clone(),
            id: m.id,
            background: m.background.as_ref().map(|f| surface(t, i, f)),
            bg1: t.scheme_color(i, "bg1"),
            decorations: decorations(t, i, &m.decorations),
        })
        .collect();
    let layouts = t
        .layouts
        .iter()
        .map(|l| LookLayout {
            part: l.part.clone(),
            name: l.name.clone(),
            ty: l.ty.clone(),
            master: l.master,
            show_master_shapes: l.show_master_shapes,
            background: l.background.as_ref().map(|f| surface(t, l.master, f)),
            decorations: decorations(t, l.master, &l.decorations),
            placeholders: l
                .placeholders
                .iter()
                .filter_map(|p| p.rect.map(rect))
                .collect(),
        })
        .collect();
    let carried = t
        .carried()
        .iter()
        .map(|c| CarriedPart {
            name: c.name.clone(),
            content_type: c.content_type.clone(),
            bytes: t.part_bytes(c),
            rels: c.rels.clone(),
        })
        .collect();
    Look {
        masters,
        layouts,
        theme_part: t.theme().map(|th| th.part.clone()),
        carried,
    }
}

/// A template rectangle as the model's (extents as written, negative ones too).
pub(crate) fn rect(r: specrender_template::Rect) -> Rect {
    Rect {
        x: r.x,
        y: r.y,
        w: r.cx,
        h: r.cy,
    }
}

/// What `f` shows on a slide of master `master`.
fn surface(t: &Template, master: usize, f: &Fill) -> Surface {
    Surface {
        paint: paint(t.paint(master, f)),
        pattern: matches!(f, Fill::Pattern(_)),
    }
}

fn paint(p: specrender_template::Paint) -> Paint {
    match p {
        specrender_template::Paint::Colors(cs) => Paint::Colors(cs),
        specrender_template::Paint::Transparent => Paint::Transparent,
        specrender_template::Paint::Unknown => Paint::Unknown,
    }
}

fn decorations(
    t: &Template,
    master: usize,
    ds: &[specrender_template::Decoration],
) -> Vec<Decoration> {
    ds.iter()
        .map(|d| Decoration {
            name: d.name.clone(),
            kind: d.kind.clone(),
            rect: rect(d.rect),
            fill: surface(t, master, &d.fill),
            geometry: d.geometry.clone(),
            rot: d.rot,
            paths: d.paths.as_deref().map(paths),
        })
        .collect()
}

fn paths(ps: &[CustPath]) -> Arc<[Path]> {
    ps.iter()
        .map(|p| Path {
            w: p.w,
            h: p.h,
            cmds: p
                .cmds
                .iter()
                .map(|c| match *c {
                    Cmd::Move(x, y) => PathCmd::Move(x, y),
                    Cmd::Line(x, y) => PathCmd::Line(x, y),
                    Cmd::Quad(q) => PathCmd::Quad(q),
                    Cmd::Cubic(q) => PathCmd::Cubic(q),
                    Cmd::Close => PathCmd::Close,
                })
                .collect(),
        })
        .collect()
}
