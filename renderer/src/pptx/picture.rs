//! `p:pic`: a picture as layout framed it — the image part it embeds (`r:embed`), the crop
//! (`a:srcRect`, omitted when nothing is cropped), the transform (`rot` and `flipH` for an
//! EXIF orientation) and the alt text as `p:cNvPr@descr` (what screen readers and
//! python-pptx's `descr` read). The aspect ratio is locked for people editing the file.

use super::shapes;
use crate::opc::rels::RelId;
use crate::opc::xml::Xml;
use specrender_model::{PictureBox, PlacedBox};

pub(crate) fn pic(x: &mut Xml, b: &PlacedBox, p: &PictureBox, id: u32, embed: RelId) {
    x.start("p:pic", &[]);
    x.start("p:nvPicPr", &[]);
    match &p.descr {
        Some(d) => x.empty(
            "p:cNvPr",
            &[("id", &id), ("name", &b.element_id), ("descr", d)],
        ),
        None => x.empty("p:cNvPr", &[("id", &id), ("name", &b.element_id)]),
    }
    x.start("p:cNvPicPr", &[]);
    x.empty("a:picLocks", &[("noChangeAspect", &1)]);
    x.end("p:cNvPicPr");
    super::shapes::graphic_nv_pr(x, b.placeholder);
    x.end("p:nvPicPr");

    x.start("p:blipFill", &[]);
    x.empty("a:blip", &[("r:embed", &embed)]);
    let [l, t, r, bt] = p.src_rect;
    if p.src_rect != [0; 4] {
        x.empty("a:srcRect", &[("l", &l), ("t", &t), ("r", &r), ("b", &bt)]);
    }
    x.start("a:stretch", &[]);
    x.empty("a:fillRect", &[]);
    x.end("a:stretch");
    x.end("p:blipFill");

    x.start("p:spPr", &[]);
    shapes::xfrm_turned(x, p.xfrm, p.rot, p.flip_h);
    shapes::prst_rect(x);
    x.end("p:spPr");
    x.end("p:pic");
}
