//! The template resolved into the model's [`Look`], once per deck: every background and
//! decoration as it shows on the slides (`Template::paint`: scheme colours through the
//! master's colour map, theme fill styles, the brand applied), each custom geometry's paths,
//! and the carried parts with the bytes they are written with (`Template::part_bytes`); each
//! picture a fill shows decoded once ([`super::pictures`]).

use super::pictures::Pictures;
use specrender_model::look::{Decoration, Look, LookLayout, LookMaster, Surface};
use specrender_model::Rect;
use specrender_template::{Fill, Template};

/// `t` resolved (see the module docs).
pub fn look(t: &Template) -> Look {
    let mut pics = Pictures::new(t);
    let masters = t
        .masters
        .iter()
        .enumerate()
        .map(|(i, m)| LookMaster {
            part: m.part.clone(),
            id: m.id,
            background: m.background.as_ref().map(|f| surface(t, i, f, &mut pics)),
            bg1: t.scheme_color(i, "bg1"),
            decorations: decorations(t, i, &m.decorations, &mut pics),
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
            background: l
                .background
                .as_ref()
                .map(|f| surface(t, l.master, f, &mut pics)),
            decorations: decorations(t, l.master, &l.decorations, &mut pics),
            placeholders: l
                .placeholders
                .iter()
                .filter_map(|p| p.rect.map(rect))
                .collect(),
        })
        .collect();
    pics.keep();
    let carried = t
        .carried()
        .iter()
        .map(|c| specrender_model::CarriedPart {
            bytes: t.part_bytes(c),
            ..c.clone()
        })
        .collect();
    Look {
        masters,
        layouts,
        slide_size: t.slide_size,
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

/// What `f` shows on a slide of master `master`, with its picture when it is one.
fn surface(t: &Template, master: usize, f: &Fill, pics: &mut Pictures<'_>) -> Surface {
    Surface {
        paint: t.paint(master, f),
        pattern: matches!(f, Fill::Pattern(_)),
        picture: match f {
            Fill::Picture(b) => pics.fill(b),
            _ => None,
        },
    }
}

fn decorations(
    t: &Template,
    master: usize,
    ds: &[specrender_template::Decoration],
    pics: &mut Pictures<'_>,
) -> Vec<Decoration> {
    ds.iter()
        .map(|d| Decoration {
            name: d.name.clone(),
            kind: d.kind.clone(),
            rect: rect(d.rect),
            fill: surface(t, master, &d.fill, pics),
            geometry: d.geometry.clone(),
            rot: d.rot,
            paths: d.paths.clone(),
        })
        .collect()
}
