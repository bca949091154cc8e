//! Speaker notes: `ppt/notesMasters/notesMaster1.xml` (with its own theme part, as PowerPoint
//! requires) and one `ppt/notesSlides/notesSlideN.xml` per slide with notes.
//!
//! The notes master is written only when at least one slide has notes (a deck without notes
//! has no notes parts at all). Notes text is written one `a:p` per line, at the notes style's
//! size, in the deck language.

use super::shapes::{self, PhShape};
use super::NS_P;
use crate::opc::xml::{Attr, AttrValue, Xml, NS_A, NS_R};
use specrender_model::{LaidDeck, Rect};
use specrender_spec::units::EMU_PER_PT;

pub(crate) const NOTES_MASTER_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml";
pub(crate) const NOTES_SLIDE_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml";

/// Notes page: 7.5 x 10 in portrait (what PowerPoint uses; also `p:notesSz`).
pub(crate) const NOTES_CX: i64 = 6_858_000;
pub(crate) const NOTES_CY: i64 = 9_144_000;
const NOTES_TEXT_SIZE: u32 = 1200;

/// Whether a slide's notes produce a notes slide (whitespace-only notes do not).
pub(crate) fn has_notes(notes: &str) -> bool {
    !notes.trim().is_empty()
}

/// The slide image frame: 6 in wide at the slide's aspect ratio, 1.25 in from the top.
fn slide_image_rect(laid: &LaidDeck) -> Rect {
    let (cx, cy) = (laid.slide_size.cx.max(1), laid.slide_size.cy.max(1));
    let w: i64 = 5_486_400;
    let h = (w as i128 * cy as i128 / cx as i128).min(3_840_480) as i64;
    let w = if h == 3_840_480 {
        (h as i128 * cx as i128 / cy as i128) as i64
    } else {
        w
    };
    Rect {
        x: (NOTES_CX - w) / 2,
        y: 685_800,
        w,
        h,
    }
}

fn body_rect() -> Rect {
    Rect {
        x: 685_800,
        y: 4_686_300,
        w: 5_486_400,
        h: 3_771_900,
    }
}

fn slide_image_shape(x: &mut Xml, rect: Option<Rect>, idx: Option<u32>) {
    x.start("p:sp", &[]);
    x.start("p:nvSpPr", &[]);
    x.empty(
        "p:cNvPr",
        &[("id", &2), ("name", &"Slide Image Placeholder 1")],
    );
    x.start("p:cNvSpPr", &[]);
    x.empty(
        "a:spLocks",
        &[("noGrp", &1), ("noRot", &1), ("noChangeAspect", &1)],
    );
    x.end("p:cNvSpPr");
    x.start("p:nvPr", &[]);
    shapes::ph_elem(x, "sldImg", idx);
    x.end("p:nvPr");
    x.end("p:nvSpPr");
    match rect {
        Some(r) => {
            x.start("p:spPr", &[]);
            shapes::xfrm(x, r);
            shapes::prst_rect(x);
            x.empty("a:noFill", &[]);
            x.start("a:ln", &[("w", &EMU_PER_PT)]);
            x.start("a:solidFill", &[]);
            x.empty("a:prstClr", &[("val", &"black")]);
            x.end("a:solidFill");
            x.end("a:ln");
            x.end("p:spPr");
        }
        None => x.empty("p:spPr", &[]),
    }
    x.end("p:sp");
}

pub(crate) fn notes_master_xml(laid: &LaidDeck, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:notesMaster",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    x.start("p:cSld", &[]);
    shapes::background(&mut x, 1001, "bg1");
    shapes::sp_tree_start(&mut x);
    slide_image_shape(&mut x, Some(slide_image_rect(laid)), Some(2));
    shapes::ph_shape(
        &mut x,
        &PhShape {
            id: 3,
            name: "Notes Placeholder 2",
            ty: "body",
            idx: Some(3),
            rect: Some(body_rect()),
            anchor: Some("t"),
            autofit: true,
            prompt: "Click to edit Master text styles",
            lang: "en-US",
        },
    );
    x.end("p:spTree");
    x.end("p:cSld");
    clr_map(&mut x, "p:clrMap", &STANDARD_CLR_MAP);
    x.start("p:notesStyle", &[]);
    shapes::plain_levels(&mut x, NOTES_TEXT_SIZE, laid.frame.ea_line_break);
    x.end("p:notesStyle");
    x.end("p:notesMaster");
    x.finish()
}

pub(crate) fn notes_slide_xml(laid: &LaidDeck, notes: &str, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:notes",
        &[("xmlns:a", &NS_A), ("xmlns:r", &NS_R), ("xmlns:p", &NS_P)],
    );
    x.start("p:cSld", &[]);
    shapes::sp_tree_start(&mut x);
    slide_image_shape(&mut x, None, None);

    x.start("p:sp", &[]);
    x.start("p:nvSpPr", &[]);
    x.empty("p:cNvPr", &[("id", &3), ("name", &"Notes Placeholder 2")]);
    x.start("p:cNvSpPr", &[]);
    x.empty("a:spLocks", &[("noGrp", &1)]);
    x.end("p:cNvSpPr");
    x.start("p:nvPr", &[]);
    shapes::ph_elem(&mut x, "body", Some(1));
    x.end("p:nvPr");
    x.end("p:nvSpPr");
    x.empty("p:spPr", &[]);
    x.start("p:txBody", &[]);
    x.empty("a:bodyPr", &[]);
    x.empty("a:lstStyle", &[]);
    let lang = laid.language.as_str();
    let normalized = notes.replace("\r\n", "\n").replace('\r', "\n");
    for line in normalized.split('\n') {
        x.start("a:p", &[]);
        if !line.is_empty() {
            x.start("a:r", &[]);
            if lang.is_empty() {
                x.empty("a:rPr", &[("dirty", &0)]);
            } else {
                x.empty(
                    "a:rPr",
                    &[("lang", &lang), ("altLang", &"en-US"), ("dirty", &0)],
                );
            }
            x.leaf("a:t", &[], line);
            x.end("a:r");
        }
        if lang.is_empty() {
            x.empty("a:endParaRPr", &[("dirty", &0)]);
        } else {
            x.empty(
                "a:endParaRPr",
                &[("lang", &lang), ("altLang", &"en-US"), ("dirty", &0)],
            );
        }
        x.end("a:p");
    }
    x.end("p:txBody");
    x.end("p:sp");
    x.end("p:spTree");
    x.end("p:cSld");
    shapes::master_clr_mapping(&mut x);
    x.end("p:notes");
    x.finish()
}

/// The standard colour map: background/text slots onto the theme's light/dark colours.
const STANDARD_CLR_MAP: [(&str, &str); 12] = [
    ("bg1", "lt1"),
    ("tx1", "dk1"),
    ("bg2", "lt2"),
    ("tx2", "dk2"),
    ("accent1", "accent1"),
    ("accent2", "accent2"),
    ("accent3", "accent3"),
    ("accent4", "accent4"),
    ("accent5", "accent5"),
    ("accent6", "accent6"),
    ("hlink", "hlink"),
    ("folHlink", "folHlink"),
];

/// `tag` (`p:clrMap`) with the given slot -> theme colour pairs.
fn clr_map(x: &mut Xml, tag: &str, map: &[(&str, &str)]) {
    let attrs: Vec<Attr> = map.iter().map(|(k, v)| (*k, v as &dyn AttrValue)).collect();
    x.empty(tag, &attrs);
}
