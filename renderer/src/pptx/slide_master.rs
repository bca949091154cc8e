//! `ppt/slideMasters/slideMaster1.xml`: the frame's master — its placeholders (built in: a
//! title, `type="title"`, and a body, `type="body" idx="1"`), the colour map, the layout id
//! list and the frame's text styles, whose fonts are the theme's (`+mj-*` / `+mn-*`).

use super::shapes::{self, FontRole, Level, PhShape};
use super::NS_P;
use crate::opc::rels::RelId;
use crate::opc::xml::{Attr, AttrValue, Xml, NS_A, NS_R};
use specrender_layout::frame::LevelStyle;
use specrender_layout::model::LaidDeck;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml";

/// The master's id in `sldMasterIdLst`; layout ids follow it (ids share one space that must
/// be >= 2^31).
pub(crate) const MASTER_ID: u32 = 2_147_483_648;

/// `tag` (`p:clrMap`) with the given slot -> theme colour pairs.
pub(crate) fn clr_map(x: &mut Xml, tag: &str, map: &[(&str, &str)]) {
    let attrs: Vec<Attr> = map.iter().map(|(k, v)| (*k, v as &dyn AttrValue)).collect();
    x.empty(tag, &attrs);
}

/// The master, with one `p:sldLayoutId` per layout relationship (`layouts`, in layout order:
/// ids from the master's `Rels`).
pub(crate) fn slide_master_xml(
    laid: &LaidDeck,
    layouts: &[RelId],
    logo: Option<&RelId>,
    pretty: bool,
) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:sldMaster",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    c_sld(&mut x, laid, logo);
    clr_map(&mut x, "p:clrMap", &laid.frame.master.clr_map);
    x.start("p:sldLayoutIdLst", &[]);
    for (i, rid) in layouts.iter().enumerate() {
        let id = MASTER_ID as usize + 1 + i;
        x.empty("p:sldLayoutId", &[("id", &id), ("r:id", rid)]);
    }
    x.end("p:sldLayoutIdLst");
    x.start("p:txStyles", &[]);
    title_style(&mut x, laid);
    body_style(&mut x, laid);
    other_style(&mut x, laid);
    x.end("p:txStyles");
    x.end("p:sldMaster");
    x.finish()
}

/// Background and the frame's master placeholders (the built-in frame: title and body where
/// `one_column`'s slots are).
fn c_sld(x: &mut Xml, laid: &LaidDeck, logo: Option<&RelId>) {
    x.start("p:cSld", &[]);
    let (idx, colour) = laid.frame.master.background;
    shapes::background(x, idx, colour);
    shapes::sp_tree_start(x);
    for (i, p) in laid.frame.master.placeholders.iter().enumerate() {
        let (ty, idx) = p.placeholder.ooxml();
        shapes::ph_shape(
            x,
            &PhShape {
                id: i as u32 + 2,
                name: &p.name,
                ty,
                // The master's title has no idx; its body keeps the layouts' idx.
                idx,
                rect: Some(p.rect),
                center: p.centered,
                no_bullet: p.no_bullet,
                anchor: p.anchor,
                autofit: p.autofit,
                prompt: p.prompt,
                lang: "en-US",
            },
        );
    }
    if let (Some(rid), Some(l)) = (logo, &laid.frame.logo) {
        let id = laid.frame.master.placeholders.len() as u32 + 2;
        shapes::logo_pic(x, id, l.rect, rid);
    }
    x.end("p:spTree");
    x.end("p:cSld");
}

fn write_levels(x: &mut Xml, levels: &[LevelStyle], ea_ln_brk: bool) {
    for (n, l) in levels.iter().enumerate() {
        shapes::level(
            x,
            &format!("a:lvl{}pPr", n + 1),
            &Level {
                mar_l: l.mar_l,
                indent: l.indent,
                algn: l.align,
                ea_ln_brk,
                ln_spc_pct: l.line_spacing_pct,
                spc_bef: l.space_before,
                bullet: l.bullet,
                size: l.size,
                fonts: if l.major {
                    FontRole::Major
                } else {
                    FontRole::Minor
                },
            },
        );
    }
}

fn title_style(x: &mut Xml, laid: &LaidDeck) {
    let m = &laid.frame.master;
    x.start("p:titleStyle", &[]);
    write_levels(x, &m.title_levels, m.ea_line_break);
    x.end("p:titleStyle");
}

fn body_style(x: &mut Xml, laid: &LaidDeck) {
    let m = &laid.frame.master;
    x.start("p:bodyStyle", &[]);
    write_levels(x, &m.body_levels, m.ea_line_break);
    x.end("p:bodyStyle");
}

fn other_style(x: &mut Xml, laid: &LaidDeck) {
    let m = &laid.frame.master;
    x.start("p:otherStyle", &[]);
    x.start("a:defPPr", &[]);
    x.empty("a:defRPr", &[("lang", &laid.language)]);
    x.end("a:defPPr");
    shapes::plain_levels(x, m.other_size, m.ea_line_break);
    x.end("p:otherStyle");
}
