//! Pieces every slide-like part shares: the shape tree header, transforms, the notes master's
//! placeholder shapes, and the plain list-style levels (`a:lvlNpPr`) of the text styles
//! specrender writes itself.

use crate::opc::xml::Xml;
use specrender_model::Rect;
use specrender_spec::deck::{Cpt, EMU_PER_INCH};

/// `p:bg` as a reference to the theme's background fill style `idx` in scheme colour `colour`.
pub(crate) fn background(x: &mut Xml, idx: u32, colour: &str) {
    x.start("p:bg", &[]);
    x.start("p:bgRef", &[("idx", &idx)]);
    x.empty("a:schemeClr", &[("val", &colour)]);
    x.end("p:bgRef");
    x.end("p:bg");
}

/// `p:clrMapOvr` keeping the master's colour map (slides, layouts, notes slides).
pub(crate) fn master_clr_mapping(x: &mut Xml) {
    x.start("p:clrMapOvr", &[]);
    x.empty("a:masterClrMapping", &[]);
    x.end("p:clrMapOvr");
}

/// `p:nvGrpSpPr` + `p:grpSpPr` that open every `p:spTree`.
pub(crate) fn sp_tree_start(x: &mut Xml) {
    x.start("p:spTree", &[]);
    x.start("p:nvGrpSpPr", &[]);
    x.empty("p:cNvPr", &[("id", &1), ("name", &"")]);
    x.empty("p:cNvGrpSpPr", &[]);
    x.empty("p:nvPr", &[]);
    x.end("p:nvGrpSpPr");
    x.start("p:grpSpPr", &[]);
    x.start("a:xfrm", &[]);
    x.empty("a:off", &[("x", &0), ("y", &0)]);
    x.empty("a:ext", &[("cx", &0), ("cy", &0)]);
    x.empty("a:chOff", &[("x", &0), ("y", &0)]);
    x.empty("a:chExt", &[("cx", &0), ("cy", &0)]);
    x.end("a:xfrm");
    x.end("p:grpSpPr");
}

/// `a:xfrm` for a rectangle; negative extents (never produced by layout) are clamped to 0
/// because `ST_PositiveCoordinate` forbids them.
pub(crate) fn xfrm(x: &mut Xml, r: Rect) {
    x.start("a:xfrm", &[]);
    x.empty("a:off", &[("x", &r.x), ("y", &r.y)]);
    x.empty("a:ext", &[("cx", &r.w.max(0)), ("cy", &r.h.max(0))]);
    x.end("a:xfrm");
}

/// `a:xfrm` with a clockwise rotation (60,000ths of a degree) and a horizontal mirror, each
/// written only when set.
pub(crate) fn xfrm_turned(x: &mut Xml, r: Rect, rot: i32, flip_h: bool) {
    match (rot, flip_h) {
        (0, false) => x.start("a:xfrm", &[]),
        (0, true) => x.start("a:xfrm", &[("flipH", &1)]),
        (_, false) => x.start("a:xfrm", &[("rot", &rot)]),
        (_, true) => x.start("a:xfrm", &[("rot", &rot), ("flipH", &1)]),
    }
    x.empty("a:off", &[("x", &r.x), ("y", &r.y)]);
    x.empty("a:ext", &[("cx", &r.w.max(0)), ("cy", &r.h.max(0))]);
    x.end("a:xfrm");
}

pub(crate) fn prst_rect(x: &mut Xml) {
    x.start("a:prstGeom", &[("prst", &"rect")]);
    x.empty("a:avLst", &[]);
    x.end("a:prstGeom");
}

/// `p:nvPr` of a picture or graphic frame: empty, or naming the layout placeholder the box
/// fills ([`specrender_model::Placeholder::Graphic`]).
pub(crate) fn graphic_nv_pr(x: &mut Xml, ph: Option<specrender_model::Placeholder>) {
    match ph {
        Some(p @ specrender_model::Placeholder::Graphic(..)) => {
            x.start("p:nvPr", &[]);
            let (ty, idx) = p.ooxml();
            ph_elem(x, ty, idx);
            x.end("p:nvPr");
        }
        _ => x.empty("p:nvPr", &[]),
    }
}

pub(crate) fn ph_elem(x: &mut Xml, ty: &str, idx: Option<u32>) {
    match idx {
        Some(i) => x.empty("p:ph", &[("type", &ty), ("idx", &i)]),
        None => x.empty("p:ph", &[("type", &ty)]),
    }
}

/// A placeholder shape of the notes master, with prompt text.
pub(crate) struct PhShape<'a> {
    pub id: u32,
    pub name: &'a str,
    pub ty: &'a str,
    pub idx: Option<u32>,
    pub rect: Option<Rect>,
    pub anchor: Option<&'a str>,
    /// `a:normAutofit` inside an anchored `a:bodyPr`.
    pub autofit: bool,
    pub prompt: &'a str,
    pub lang: &'a str,
}

pub(crate) fn ph_shape(x: &mut Xml, s: &PhShape) {
    x.start("p:sp", &[]);
    x.start("p:nvSpPr", &[]);
    x.empty("p:cNvPr", &[("id", &s.id), ("name", &s.name)]);
    x.start("p:cNvSpPr", &[]);
    x.empty("a:spLocks", &[("noGrp", &1)]);
    x.end("p:cNvSpPr");
    x.start("p:nvPr", &[]);
    ph_elem(x, s.ty, s.idx);
    x.end("p:nvPr");
    x.end("p:nvSpPr");
    match s.rect {
        Some(r) => {
            x.start("p:spPr", &[]);
            xfrm(x, r);
            prst_rect(x);
            x.end("p:spPr");
        }
        None => x.empty("p:spPr", &[]),
    }
    x.start("p:txBody", &[]);
    match s.anchor {
        Some(a) => {
            x.start(
                "a:bodyPr",
                &[("vert", &"horz"), ("rtlCol", &0), ("anchor", &a)],
            );
            if s.autofit {
                x.empty("a:normAutofit", &[]);
            }
            x.end("a:bodyPr");
        }
        None => x.empty("a:bodyPr", &[]),
    }
    x.empty("a:lstStyle", &[]);
    x.start("a:p", &[]);
    x.start("a:r", &[]);
    x.empty("a:rPr", &[("lang", &s.lang)]);
    x.leaf("a:t", &[], s.prompt);
    x.end("a:r");
    x.empty("a:endParaRPr", &[("lang", &s.lang)]);
    x.end("a:p");
    x.end("p:txBody");
    x.end("p:sp");
}

/// Nine plain levels (no bullets), `marL` stepping by 0.5 in, in the theme's body fonts: the
/// presentation's default text style and the notes style.
pub(crate) fn plain_levels(x: &mut Xml, size: Cpt, ea_ln_brk: bool) {
    let ea = if ea_ln_brk { "1" } else { "0" };
    for n in 1..=9i64 {
        let tag = format!("a:lvl{n}pPr");
        x.start(
            &tag,
            &[
                ("marL", &((n - 1) * EMU_PER_INCH / 2)),
                ("indent", &0),
                ("algn", &"l"),
                ("defTabSz", &EMU_PER_INCH),
                ("rtl", &0),
                ("eaLnBrk", &ea),
                ("latinLnBrk", &0),
                ("hangingPunct", &0),
            ],
        );
        x.start("a:lnSpc", &[]);
        x.empty("a:spcPct", &[("val", &100_000)]);
        x.end("a:lnSpc");
        x.start("a:spcBef", &[]);
        x.empty("a:spcPts", &[("val", &0)]);
        x.end("a:spcBef");
        x.empty("a:buNone", &[]);
        x.start("a:defRPr", &[("sz", &size), ("kern", &1200)]);
        x.start("a:solidFill", &[]);
        x.empty("a:schemeClr", &[("val", &"tx1")]);
        x.end("a:solidFill");
        x.empty("a:latin", &[("typeface", &"+mn-lt")]);
        x.empty("a:ea", &[("typeface", &"+mn-ea")]);
        x.empty("a:cs", &[("typeface", &"+mn-cs")]);
        x.end("a:defRPr");
        x.end(&tag);
    }
}

/// The brand's logo on a master: a picture named "Logo" showing `embed`, drawn where the frame
/// placed it (`id`: unique in the master's shape tree).
pub(crate) fn logo_pic(
    x: &mut Xml,
    id: u32,
    rect: specrender_model::Rect,
    embed: &dyn crate::opc::xml::AttrValue,
) {
    x.start("p:pic", &[]);
    x.start("p:nvPicPr", &[]);
    x.empty(
        "p:cNvPr",
        &[("id", &id), ("name", &"Logo"), ("descr", &"Logo")],
    );
    x.start("p:cNvPicPr", &[]);
    x.empty("a:picLocks", &[("noChangeAspect", &1)]);
    x.end("p:cNvPicPr");
    x.empty("p:nvPr", &[("userDrawn", &1)]);
    x.end("p:nvPicPr");
    x.start("p:blipFill", &[]);
    x.empty("a:blip", &[("r:embed", embed)]);
    x.start("a:stretch", &[]);
    x.empty("a:fillRect", &[]);
    x.end("a:stretch");
    x.end("p:blipFill");
    x.start("p:spPr", &[]);
    xfrm(x, rect);
    prst_rect(x);
    x.end("p:spPr");
    x.end("p:pic");
}
