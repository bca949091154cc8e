//! `shape` and `divider` elements: a `p:sp` with the preset geometry, its fill and outline as
//! layout chose them (brand colours) and its fitted text; a divider is a `p:cxnSp` straight
//! line. Both are named after their `element_id`.

use super::text;
use crate::opc::xml::Xml;
use specrender_model::{Autofit, LineBox, PlacedBox, ShapeBox};

fn nv(x: &mut Xml, tag: &str, inner: &str, b: &PlacedBox, id: u32) {
    x.start(tag, &[]);
    x.empty("p:cNvPr", &[("id", &id), ("name", &b.element_id)]);
    x.empty(inner, &[]);
    x.empty("p:nvPr", &[]);
    x.end(tag);
}

fn outline(x: &mut Xml, color: &str, width: i64) {
    x.start("a:ln", &[("w", &width)]);
    x.solid_fill(color);
    x.end("a:ln");
}

pub(crate) fn shape(
    x: &mut Xml,
    b: &PlacedBox,
    s: &ShapeBox,
    id: u32,
    autofit: Autofit,
    lang: &str,
) {
    x.start("p:sp", &[]);
    nv(x, "p:nvSpPr", "p:cNvSpPr", b, id);
    x.start("p:spPr", &[]);
    super::shapes::xfrm(x, b.rect);
    x.start("a:prstGeom", &[("prst", &s.prst)]);
    x.empty("a:avLst", &[]);
    x.end("a:prstGeom");
    match s.fill {
        Some(c) => x.solid_fill(&c.hex()),
        None => x.empty("a:noFill", &[]),
    }
    match s.line {
        Some((c, w)) => outline(x, &c.hex(), w),
        None => {
            x.start("a:ln", &[]);
            x.empty("a:noFill", &[]);
            x.end("a:ln");
        }
    }
    x.end("p:spPr");
    if let Some(tb) = &s.text {
        text::text_body(x, tb, autofit, lang);
    }
    x.end("p:sp");
}

pub(crate) fn divider(x: &mut Xml, b: &PlacedBox, d: &LineBox, id: u32) {
    x.start("p:cxnSp", &[]);
    nv(x, "p:nvCxnSpPr", "p:cNvCxnSpPr", b, id);
    x.start("p:spPr", &[]);
    super::shapes::xfrm(x, d.line);
    x.start("a:prstGeom", &[("prst", &"line")]);
    x.empty("a:avLst", &[]);
    x.end("a:prstGeom");
    outline(x, &d.color.hex(), d.width);
    x.end("p:spPr");
    x.end("p:cxnSp");
}
