//! `ppt/slideLayouts/slideLayoutN.xml`: one layout per frame layout, in the frame's order
//! (`Frame::layouts`; the built-in frame: `Preset::ALL` order, so layout N is always the same
//! preset, and a user can add any preset's slide in PowerPoint), named and typed as the frame
//! says.
//!
//! The placeholders and their frames are the frame's ([`LayoutFrame::placeholders`]): the same
//! geometry the slides were laid out in, so a slide placeholder always has the layout
//! placeholder it inherits from, where it is, with the prompt text and the defaults a user sees
//! in a new slide. Titles share idx 0.

use super::shapes::{self, PhShape};
use super::NS_P;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_layout::frame::LayoutFrame;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml";

pub(crate) fn slide_layout_xml(plan: &LayoutFrame, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:sldLayout",
        &[
            ("xmlns:a", &NS_A),
            ("xmlns:r", &NS_R),
            ("xmlns:p", &NS_P),
            ("type", &plan.ooxml_type),
            ("preserve", &1),
        ],
    );
    x.start("p:cSld", &[("name", &plan.name.as_str())]);
    shapes::sp_tree_start(&mut x);
    for (i, lp) in plan.placeholders.iter().enumerate() {
        let (ty, idx) = lp.placeholder.ooxml();
        shapes::ph_shape(
            &mut x,
            &PhShape {
                id: i as u32 + 2,
                name: &lp.name,
                ty,
                idx,
                rect: Some(lp.rect),
                center: lp.centered,
                no_bullet: lp.no_bullet,
                anchor: lp.anchor,
                autofit: lp.autofit,
                prompt: lp.prompt,
                lang: "en-US",
            },
        );
    }
    x.end("p:spTree");
    x.end("p:cSld");
    shapes::master_clr_mapping(&mut x);
    x.end("p:sldLayout");
    x.finish()
}
