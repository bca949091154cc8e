//! A figure block: an inline picture (`wp:inline`, its `wp:docPr` id the figure's number, so
//! ids are unique across the document; `descr` the alt text, else the caption) centred and
//! kept with its caption, then the numbered caption (`Figure n` with a `SEQ Figure` field
//! holding its value). A missing image is a bracketed line naming it, so the caption and
//! numbering stay.

use super::document::{citations, labels, Body};
use super::text::{field, runs, RunProps};
use crate::opc::rels::RelId;
use crate::opc::xml::Xml;
use specrender_model::doc::{DocFigure, LaidBlock};

fn inline(x: &mut Xml, f: &DocFigure, rel: RelId) {
    let (cx, cy) = f.extent;
    let name = format!("Figure {}", f.number);
    let descr = f.alt.as_deref().unwrap_or(&f.caption);
    let img = f.image.as_ref().ok();
    let o = img.map(|i| i.orientation).unwrap_or_default();
    // The stored picture's frame: the shown extent, turned back when a quarter turn swaps it.
    let (fx, fy) = if o.swaps() { (cy, cx) } else { (cx, cy) };
    x.start("w:drawing", &[]);
    x.start(
        "wp:inline",
        &[
            ("distT", &"0"),
            ("distB", &"0"),
            ("distL", &"0"),
            ("distR", &"0"),
        ],
    );
    x.empty("wp:extent", &[("cx", &cx), ("cy", &cy)]);
    x.empty(
        "wp:effectExtent",
        &[("l", &"0"), ("t", &"0"), ("r", &"0"), ("b", &"0")],
    );
    x.empty(
        "wp:docPr",
        &[("id", &f.number), ("name", &name), ("descr", &descr)],
    );
    x.start("wp:cNvGraphicFramePr", &[]);
    x.empty("a:graphicFrameLocks", &[("noChangeAspect", &"1")]);
    x.end("wp:cNvGraphicFramePr");
    x.start("a:graphic", &[]);
    x.start(
        "a:graphicData",
        &[(
            "uri",
            &"http://schemas.openxmlformats.org/drawingml/2006/picture",
        )],
    );
    x.start("pic:pic", &[]);
    x.start("pic:nvPicPr", &[]);
    x.empty(
        "pic:cNvPr",
        &[("id", &"0"), ("name", &name), ("descr", &descr)],
    );
    x.empty("pic:cNvPicPr", &[]);
    x.end("pic:nvPicPr");
    x.start("pic:blipFill", &[]);
    x.empty("a:blip", &[("r:embed", &rel)]);
    x.start("a:stretch", &[]);
    x.empty("a:fillRect", &[]);
    x.end("a:stretch");
    x.end("pic:blipFill");
    x.start("pic:spPr", &[]);
    let rot = u32::from(o.quarter_turns) * 5_400_000;
    match (rot, o.flip_h) {
        (0, false) => x.start("a:xfrm", &[]),
        (0, true) => x.start("a:xfrm", &[("flipH", &"1")]),
        (r, false) => x.start("a:xfrm", &[("rot", &r)]),
        (r, true) => x.start("a:xfrm", &[("rot", &r), ("flipH", &"1")]),
    }
    x.empty("a:off", &[("x", &((cx - fx) / 2)), ("y", &((cy - fy) / 2))]);
    x.empty("a:ext", &[("cx", &fx), ("cy", &fy)]);
    x.end("a:xfrm");
    x.start("a:prstGeom", &[("prst", &"rect")]);
    x.empty("a:avLst", &[]);
    x.end("a:prstGeom");
    x.end("pic:spPr");
    x.end("pic:pic");
    x.end("a:graphicData");
    x.end("a:graphic");
    x.end("wp:inline");
    x.end("w:drawing");
}

pub(crate) fn figure(
    x: &mut Xml,
    body: &Body<'_>,
    b: &LaidBlock,
    f: &DocFigure,
    rel: Option<RelId>,
) {
    x.start("w:p", &[]);
    let mut p = body.para(None, "");
    p.keep_next = true;
    p.jc = Some("center");
    p.write(x);
    match rel {
        Some(rel) => {
            x.start("w:r", &[]);
            inline(x, f, rel);
            x.end("w:r");
        }
        None => {
            let what = f.alt.as_deref().unwrap_or(&f.asset_id);
            runs(x, &format!("[{what}]"), &RunProps::default());
        }
    }
    x.end("w:p");
    let (label, _, _, sep) = labels(body.laid.lang);
    x.start("w:p", &[]);
    body.para(Some("Caption"), &f.caption).write(x);
    let plain = RunProps::default();
    runs(x, &format!("{label} "), &plain);
    field(x, " SEQ Figure \\* ARABIC ", &f.number.to_string(), &plain);
    if !f.caption.is_empty() {
        runs(x, &format!("{sep}{}", f.caption), &plain);
    }
    citations(x, body, b);
    x.end("w:p");
}
