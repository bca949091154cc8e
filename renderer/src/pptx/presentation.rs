//! `ppt/presentation.xml`: master, notes master and slide id lists, slide and notes sizes, and
//! embedded fonts (`p:embeddedFontLst`), the default text style (theme minor fonts, deck
//! language).

use super::notes::{NOTES_CX, NOTES_CY};
use super::shapes;
use super::NS_P;
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_model::embed::{EmbeddedFace, FaceStyle};
use specrender_model::LaidDeck;
use specrender_spec::deck::SlideSize;

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml";

/// First slide id (`ST_SlideId`: 256 ..= 2147483647).
pub(crate) const FIRST_SLIDE_ID: usize = 256;

/// The relationship ids the presentation part writes, as its `Rels` assigned them.
pub(crate) struct PresentationIds<'a> {
    /// Each master's `p:sldMasterId` id and relationship id (the built-in look: one master; a
    /// template: its masters with the ids it gave them, which its layouts' ids do not repeat).
    pub masters: Vec<(u32, RelId)>,
    /// The notes master's, when any slide has notes.
    pub notes_master: Option<RelId>,
    /// One per slide, in slide order.
    pub slides: Vec<RelId>,
    /// Each embedded face with its part's relationship id, in the model's order.
    pub fonts: Vec<(&'a EmbeddedFace, RelId)>,
}

/// `p:embeddedFontLst` (after `p:notesSz`): per family its `p:font` and one element per
/// embedded face in CT_EmbeddedFontListEntry's order (regular, bold, italic, bold italic).
fn embedded_fonts(x: &mut Xml, fonts: &[(&EmbeddedFace, RelId)]) {
    if fonts.is_empty() {
        return;
    }
    x.start("p:embeddedFontLst", &[]);
    let mut families: Vec<&str> = Vec::new();
    for (f, _) in fonts {
        if !families.contains(&f.family.as_str()) {
            families.push(&f.family);
        }
    }
    for family in families {
        x.start("p:embeddedFont", &[]);
        x.empty("p:font", &[("typeface", &family)]);
        let mut faces: Vec<&(&EmbeddedFace, RelId)> =
            fonts.iter().filter(|(f, _)| f.family == family).collect();
        faces.sort_by_key(|(f, _)| f.style);
        for (f, rid) in faces {
            let tag = match f.style {
                FaceStyle::Regular => "p:regular",
                FaceStyle::Bold => "p:bold",
                FaceStyle::Italic => "p:italic",
                FaceStyle::BoldItalic => "p:boldItalic",
            };
            x.empty(tag, &[("r:id", rid)]);
        }
        x.end("p:embeddedFont");
    }
    x.end("p:embeddedFontLst");
}

/// `p:sldSz type`: the enumerated size when the deck has one PowerPoint names; widescreen is
/// written without a type (`custom`, the default), as PowerPoint itself does.
fn slide_size_type(size: SlideSize) -> Option<&'static str> {
    (size == SlideSize::STANDARD).then_some("screen4x3")
}

pub(crate) fn presentation_xml(
    laid: &LaidDeck,
    ids: &PresentationIds<'_>,
    pretty: bool,
) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    let attrs: &[crate::opc::xml::Attr] = &[
        ("xmlns:a", &NS_A),
        ("xmlns:r", &NS_R),
        ("xmlns:p", &NS_P),
        ("embedTrueTypeFonts", &1),
        ("saveSubsetFonts", &1),
    ];
    if ids.fonts.is_empty() {
        x.start("p:presentation", &[attrs[0], attrs[1], attrs[2], attrs[4]]);
    } else {
        x.start("p:presentation", attrs);
    }
    x.start("p:sldMasterIdLst", &[]);
    for (id, rid) in &ids.masters {
        x.empty("p:sldMasterId", &[("id", id), ("r:id", rid)]);
    }
    x.end("p:sldMasterIdLst");
    if let Some(rid) = &ids.notes_master {
        x.start("p:notesMasterIdLst", &[]);
        x.empty("p:notesMasterId", &[("r:id", rid)]);
        x.end("p:notesMasterIdLst");
    }
    if !ids.slides.is_empty() {
        x.start("p:sldIdLst", &[]);
        for (i, rid) in ids.slides.iter().enumerate() {
            let id = FIRST_SLIDE_ID + i;
            x.empty("p:sldId", &[("id", &id), ("r:id", rid)]);
        }
        x.end("p:sldIdLst");
    }
    let (cx, cy) = (laid.slide_size.cx, laid.slide_size.cy);
    match slide_size_type(laid.slide_size) {
        Some(t) => x.empty("p:sldSz", &[("cx", &cx), ("cy", &cy), ("type", &t)]),
        None => x.empty("p:sldSz", &[("cx", &cx), ("cy", &cy)]),
    }
    x.empty("p:notesSz", &[("cx", &NOTES_CX), ("cy", &NOTES_CY)]);
    embedded_fonts(&mut x, &ids.fonts);
    x.start("p:defaultTextStyle", &[]);
    x.start("a:defPPr", &[]);
    x.empty("a:defRPr", &[("lang", &laid.language)]);
    x.end("a:defPPr");
    shapes::plain_levels(&mut x, 1800, laid.frame.ea_line_break);
    x.end("p:defaultTextStyle");
    x.end("p:presentation");
    x.finish()
}
