//! `ppt/slideLayouts/slideLayoutN.xml`: one layout per preset, in the order layout lists them
//! (`LaidDeck::layouts`, `Preset::ALL` order: layout N is always the same preset, and a user can
//! add any preset's slide in PowerPoint), named after `Preset::id()`.
//!
//! The placeholders and their frames are layout's slots ([`SlideLayout`]): the same geometry
//! the slides were laid out in, so a slide placeholder always has the layout placeholder it
//! inherits from, where it is. The writer only adds the prompt text and the defaults a user
//! sees in a new slide (centred titles, no bullets in subtitles). Titles share idx 0.

use super::shapes::{self, PhShape};
use super::NS_P;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_layout::model::{LaidDeck, Placeholder, Preset, SlideLayout};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml";

/// The layout index (1-based part number) of a preset.
pub(crate) fn layout_number(laid: &LaidDeck, preset: Preset) -> usize {
    laid.layouts
        .iter()
        .position(|l| l.preset == preset)
        .unwrap_or(0)
        + 1
}

/// `p:sldLayout type`: the closest predefined layout kind, which PowerPoint uses when it
/// re-maps slides to another master; `cust` (the default) otherwise.
fn layout_type(preset: Preset) -> &'static str {
    match preset {
        Preset::TitleCenter => "title",
        Preset::SectionHeader => "secHead",
        Preset::OneColumn => "obj",
        Preset::TwoColumn => "twoObj",
        Preset::ImageFullBleed => "titleOnly",
        Preset::Blank => "blank",
        Preset::ChartFocus | Preset::TableFocus | Preset::QuoteCenter | Preset::Closing => "cust",
    }
}

pub(crate) fn slide_layout_xml(plan: &SlideLayout, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "p:sldLayout",
        &[
            ("xmlns:a", &NS_A),
            ("xmlns:r", &NS_R),
            ("xmlns:p", &NS_P),
            ("type", &layout_type(plan.preset)),
            ("preserve", &1),
        ],
    );
    x.start("p:cSld", &[("name", &plan.preset.id())]);
    shapes::sp_tree_start(&mut x);
    for (i, lp) in plan.placeholders.iter().enumerate() {
        let (ph, rect) = (&lp.placeholder, lp.rect);
        let id = i as u32 + 2;
        let (ty, idx) = shapes::ph_type_idx(*ph);
        let (label, prompt) = match ph {
            Placeholder::Title => ("Title", "Click to edit Master title style"),
            Placeholder::CenterTitle => ("Title", "Click to edit Master title style"),
            Placeholder::Subtitle => ("Subtitle", "Click to edit Master subtitle style"),
            Placeholder::Body(_) => ("Text Placeholder", "Click to edit Master text styles"),
        };
        let name = format!("{label} {}", i + 1);
        let centered = matches!(ph, Placeholder::CenterTitle | Placeholder::Subtitle)
            || plan.preset == Preset::QuoteCenter;
        // A section header's body is its subtitle line.
        let no_bullet = matches!(ph, Placeholder::Subtitle)
            || matches!(plan.preset, Preset::QuoteCenter | Preset::SectionHeader);
        shapes::ph_shape(
            &mut x,
            &PhShape {
                id,
                name: &name,
                ty,
                idx,
                rect: Some(rect),
                center: centered,
                no_bullet,
                anchor: match ph {
                    Placeholder::CenterTitle => Some("b"),
                    Placeholder::Subtitle => Some("t"),
                    _ => None,
                },
                prompt,
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
