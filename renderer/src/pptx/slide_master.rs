//! `ppt/slideMasters/slideMaster1.xml`: one master with a title placeholder (`type="title"`)
//! and a body placeholder (`type="body" idx="1"`), the colour map, the layout id list and text
//! styles whose fonts are the theme's (`+mj-*` for titles, `+mn-*` for body and other text).

use super::shapes::{self, FontRole, Level, PhShape};
use super::NS_P;
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_layout::model::{LaidDeck, Placeholder};
use specrender_spec::deck::{LangFamily, EMU_PER_INCH};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml";

/// The master's id in `sldMasterIdLst`; layout ids follow it (ids share one space that must
/// be >= 2^31).
pub(crate) const MASTER_ID: u32 = 2_147_483_648;

/// The standard colour map: background/text slots onto the theme's light/dark colours.
pub(crate) fn clr_map(x: &mut Xml, tag: &str) {
    x.empty(
        tag,
        &[
            ("bg1", &"lt1"),
            ("tx1", &"dk1"),
            ("bg2", &"lt2"),
            ("tx2", &"dk2"),
            ("accent1", &"accent1"),
            ("accent2", &"accent2"),
            ("accent3", &"accent3"),
            ("accent4", &"accent4"),
            ("accent5", &"accent5"),
            ("accent6", &"accent6"),
            ("hlink", &"hlink"),
            ("folHlink", &"folHlink"),
        ],
    );
}

/// Korean keeps words whole (`eaLnBrk="0"`, PRODUCT.md §2); other languages use the default.
pub(crate) fn default_ea_ln_brk(laid: &LaidDeck) -> bool {
    laid.lang != LangFamily::Korean
}

/// The master, with one `p:sldLayoutId` per layout relationship (`layouts`, in layout order:
/// ids from the master's `Rels`).
pub(crate) fn slide_master_xml(laid: &LaidDeck, layouts: &[RelId], pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:sldMaster",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    c_sld(&mut x, laid);
    clr_map(&mut x, "p:clrMap");
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

/// Background and the title and body placeholders.
fn c_sld(x: &mut Xml, laid: &LaidDeck) {
    // The master's title and body sit where layout's one-column slots are.
    let frame = |ph: Placeholder| {
        laid.master
            .iter()
            .find(|p| p.placeholder == ph)
            .map(|p| p.rect)
    };
    x.start("p:cSld", &[]);
    shapes::background(x);
    shapes::sp_tree_start(x);
    let base = PhShape {
        id: 2,
        name: "Title Placeholder 1",
        ty: "title",
        idx: None,
        rect: frame(Placeholder::Title),
        center: false,
        no_bullet: false,
        anchor: Some("b"),
        prompt: "Click to edit Master title style",
        lang: "en-US",
    };
    shapes::ph_shape(x, &base);
    shapes::ph_shape(
        x,
        &PhShape {
            id: 3,
            name: "Text Placeholder 2",
            ty: "body",
            idx: Some(1),
            rect: frame(Placeholder::Body(1)),
            anchor: Some("t"),
            prompt: "Click to edit Master text styles",
            ..base
        },
    );
    x.end("p:spTree");
    x.end("p:cSld");
}

fn title_style(x: &mut Xml, laid: &LaidDeck) {
    x.start("p:titleStyle", &[]);
    shapes::level(
        x,
        "a:lvl1pPr",
        &Level {
            mar_l: 0,
            indent: 0,
            algn: "l",
            ea_ln_brk: default_ea_ln_brk(laid),
            ln_spc_pct: 90_000,
            spc_bef: 0,
            bullet: None,
            size: laid.theme.sizes.title,
            fonts: FontRole::Major,
        },
    );
    x.end("p:titleStyle");
}

fn body_style(x: &mut Xml, laid: &LaidDeck) {
    let sizes = &laid.theme.sizes;
    x.start("p:bodyStyle", &[]);
    let hang = EMU_PER_INCH / 4;
    for n in 1..=9i64 {
        let tag = format!("a:lvl{n}pPr");
        // Level 1 at the body size, deeper levels 2 pt smaller, never below the caption size.
        let size = if n == 1 {
            sizes.body
        } else {
            sizes.body.saturating_sub(200).max(sizes.caption)
        };
        shapes::level(
            x,
            &tag,
            &Level {
                mar_l: hang + (n - 1) * EMU_PER_INCH / 2,
                indent: -hang,
                algn: "l",
                ea_ln_brk: default_ea_ln_brk(laid),
                ln_spc_pct: 100_000,
                spc_bef: 1000,
                bullet: Some(("Arial", '•')),
                size,
                fonts: FontRole::Minor,
            },
        );
    }
    x.end("p:bodyStyle");
}

fn other_style(x: &mut Xml, laid: &LaidDeck) {
    x.start("p:otherStyle", &[]);
    x.start("a:defPPr", &[]);
    x.empty("a:defRPr", &[("lang", &laid.language)]);
    x.end("a:defPPr");
    shapes::plain_levels(x, 1800, default_ea_ln_brk(laid));
    x.end("p:otherStyle");
}
