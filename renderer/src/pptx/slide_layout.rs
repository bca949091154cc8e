//! `ppt/slideLayouts/slideLayoutN.xml`: one layout per preset, all ten in `Preset::ALL` order
//! (so layout N is always the same preset and a user can add any preset's slide in PowerPoint),
//! named after `Preset::id()`.
//!
//! Layout placeholders sit at default frames inside the safe area ([`Frames`]); the slides'
//! shapes carry their own exact `a:xfrm`, so these frames only matter for slides a user adds.
//! Each preset has a conventional placeholder set; a placeholder the deck's slides of that
//! preset use beyond it is added (first use first, skipped if its idx is taken), so every slide
//! placeholder has a layout placeholder to inherit from. Titles share idx 0.

use super::shapes::{self, Frames, PhShape};
use super::NS_P;
use crate::opc::xml::{Xml, NS_A, NS_R};
use specrender_layout::model::{BoxContent, LaidDeck, Placeholder, Preset, Rect};

pub(crate) const CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml";

#[derive(Debug, Clone)]
pub(crate) struct LayoutPlan {
    pub preset: Preset,
    pub placeholders: Vec<(Placeholder, Rect)>,
}

fn conventional(preset: Preset, f: &Frames) -> Vec<(Placeholder, Rect)> {
    use Placeholder::*;
    match preset {
        Preset::TitleCenter | Preset::SectionHeader | Preset::Closing => {
            vec![(CenterTitle, f.ctr_title), (Subtitle, f.subtitle)]
        }
        Preset::OneColumn | Preset::ChartFocus | Preset::TableFocus => {
            vec![(Title, f.title), (Body(1), f.body)]
        }
        Preset::TwoColumn => vec![(Title, f.title), (Body(1), f.left), (Body(2), f.right)],
        Preset::ImageFullBleed => vec![(Title, f.title)],
        Preset::QuoteCenter => vec![(Body(1), f.quote)],
        Preset::Blank => vec![],
    }
}

/// The layouts of a deck, in part order (`slideLayout1` = `Preset::ALL[0]`, ...).
pub(crate) fn layout_plans(laid: &LaidDeck) -> Vec<LayoutPlan> {
    let frames = Frames::new(laid.safe_area);
    Preset::ALL
        .into_iter()
        .map(|preset| {
            let mut placeholders = conventional(preset, &frames);
            let used = laid
                .slides
                .iter()
                .filter(|s| s.preset == preset)
                .flat_map(|s| &s.boxes)
                .filter(|b| matches!(b.content, BoxContent::Text(_)))
                .filter_map(|b| b.placeholder);
            for ph in used {
                let idx = shapes::ph_idx(ph);
                if !placeholders.iter().any(|(p, _)| shapes::ph_idx(*p) == idx) {
                    placeholders.push((ph, frames.for_placeholder(ph)));
                }
            }
            LayoutPlan {
                preset,
                placeholders,
            }
        })
        .collect()
}

/// The layout index (1-based part number) of a preset.
pub(crate) fn layout_number(preset: Preset) -> usize {
    Preset::ALL.iter().position(|p| *p == preset).unwrap_or(0) + 1
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

pub(crate) fn slide_layout_xml(plan: &LayoutPlan, pretty: bool) -> Vec<u8> {
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
    for (i, (ph, rect)) in plan.placeholders.iter().enumerate() {
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
        shapes::ph_shape(
            &mut x,
            &PhShape {
                id,
                name: &name,
                ty,
                idx,
                rect: Some(*rect),
                center: centered,
                no_bullet: matches!(ph, Placeholder::Subtitle)
                    || plan.preset == Preset::QuoteCenter,
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
    x.start("p:clrMapOvr", &[]);
    x.empty("a:masterClrMapping", &[]);
    x.end("p:clrMapOvr");
    x.end("p:sldLayout");
    x.finish()
}
