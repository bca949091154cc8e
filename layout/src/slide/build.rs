//! Stage 2, build: an item per element — its slot rectangle (or explicit box), the layout
//! placeholder it fills, and its body prepared for measurement (text measured once here).

use super::assign::Target;
use super::Item;
use crate::ctx::Ctx;
use crate::element::Body;
use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{Slot, SlotRole};
use crate::style::{on_band, style_for};
use specrender_spec::deck::{ElementKind, Emphasis, Slide, SlideKind};

/// The items of `slide`, one per element in input order. The first text element in a slot
/// fills the slot's layout placeholder (titles stay titles in outline view); further ones in
/// the same slot, elements with an explicit box, every element of a `custom` slide and every
/// element on the `blank` layout (which has no placeholders) are free shapes.
#[allow(clippy::too_many_arguments)]
pub fn items(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    preset: Preset,
    slots: &[Slot],
    targets: &[Target],
    centered: bool,
    band: bool,
) -> Vec<Item> {
    let mut seen_slot: Vec<SlotRole> = Vec::new();
    let mut graphic_taken: Vec<u32> = Vec::new();
    slide
        .elements
        .iter()
        .zip(targets)
        .map(|(el, &target)| {
            let (rect, role, placeholder) = match target {
                Target::Explicit => {
                    let b = el.style_box.expect("explicit target has a box");
                    let role = if el.role.as_deref() == Some("title") {
                        SlotRole::Title
                    } else {
                        SlotRole::Body
                    };
                    let rect = Rect {
                        x: b.x,
                        y: b.y,
                        w: b.w,
                        h: b.h,
                    };
                    (rect, role, None)
                }
                Target::Slot(r) => {
                    let slot = slots
                        .iter()
                        .find(|s| s.role == r)
                        .copied()
                        .expect("assigned slot exists");
                    let is_text = matches!(el.kind, ElementKind::Text | ElementKind::Bullets);
                    let first = !seen_slot.contains(&r);
                    let graphic = match el.kind {
                        ElementKind::Image => Some("pic"),
                        ElementKind::Chart => Some("chart"),
                        ElementKind::Table => Some("tbl"),
                        _ => None,
                    };
                    let ph = if !first || slide.kind == SlideKind::Custom || preset == Preset::Blank
                    {
                        None
                    } else if is_text {
                        slot.placeholder
                    } else if let Some(kind) = graphic {
                        // On a template, a picture, chart or table fills its layout's
                        // placeholder of that kind (or a content one) where it lands.
                        let taken: Vec<u32> = slots
                            .iter()
                            .filter(|s| seen_slot.contains(&s.role))
                            .filter_map(|s| s.placeholder.and_then(|p| p.ooxml().1))
                            .chain(graphic_taken.iter().copied())
                            .collect();
                        let p = crate::frame::graphic_placeholder(
                            ctx.template,
                            ctx.frame,
                            preset,
                            slot.rect,
                            kind,
                            &taken,
                        );
                        if let Some(Placeholder::Graphic(_, i)) = p {
                            graphic_taken.push(i);
                        }
                        p
                    } else {
                        None
                    };
                    if ph.is_some() || (is_text && first) {
                        seen_slot.push(r);
                    }
                    (slot.rect, r, ph)
                }
            };
            let bold = matches!(el.emphasis, Emphasis::High);
            let style = |ctx: &Ctx<'_>| {
                let (h, b) = ctx.fonts.for_weight(bold);
                let mut s = style_for(role, el, ctx.theme, &h, &b, centered);
                if band && matches!(role, SlotRole::Title | SlotRole::Caption) {
                    return on_band(s, ctx.theme);
                }
                // Colours specrender picks (captions, attributions) or took from the template
                // (titles, text) must read on what the layout shows there: a template's title
                // slide on its accent colour, a dark section header.
                let th = ctx.theme;
                let chosen = match role {
                    SlotRole::Caption | SlotRole::Attribution => true,
                    SlotRole::Title => th.from_template.contains("heading"),
                    _ => th.from_template.contains("text"),
                };
                if chosen {
                    let c = &th.colors;
                    let fallback = if s.color == c.text {
                        c.background
                    } else {
                        c.text
                    };
                    s.color = crate::frame::legible(ctx.frame, preset, rect, s.color, fallback);
                }
                s
            };
            // The citation key is part of the text from here on: measured, shrunk and split
            // like the rest of it.
            let el = crate::element::cite::keyed(el);
            crate::work::enter(&el.id);
            let body = Body::new(ctx, &el, style, rect.w);
            Item {
                element_id: el.id.clone(),
                kind: el.kind,
                target,
                rect,
                placeholder,
                body,
            }
        })
        .collect()
}
