//! Stage 2, build: an item per element — its slot rectangle (or explicit box), the layout
//! placeholder it fills, and its body prepared for measurement (text measured once here).

use super::assign::Target;
use super::Item;
use crate::ctx::Ctx;
use crate::element::Body;
use crate::model::{Placeholder, Preset, Rect};
use crate::preset::{Slot, SlotRole};
use crate::style::{on_band, style_for, Style};
use specrender_spec::deck::{Element, ElementKind, Emphasis, Slide, SlideKind};

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
    let mut claimed = Claimed::default();
    slide
        .elements
        .iter()
        .zip(targets)
        .map(|(el, &target)| {
            let (rect, role, placeholder) = match target {
                Target::Explicit => explicit(el),
                Target::Slot(r) => {
                    let slot = slots
                        .iter()
                        .find(|s| s.role == r)
                        .copied()
                        .expect("assigned slot exists");
                    let ph = claimed.placeholder(ctx, slide, el, preset, slots, slot);
                    (slot.rect, r, ph)
                }
            };
            let bold = matches!(el.emphasis, Emphasis::High);
            let style = |ctx: &Ctx<'_>| {
                let (h, b) = ctx.fonts.for_weight(bold);
                let s = style_for(role, el, ctx.theme, &h, &b, centered);
                if band && matches!(role, SlotRole::Title | SlotRole::Caption) {
                    return on_band(s, ctx.theme);
                }
                legible(ctx, preset, rect, role, s)
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

/// An element with an explicit box: its rectangle, a title's role if it asks for one (a body's
/// otherwise), and no placeholder.
fn explicit(el: &Element) -> (Rect, SlotRole, Option<Placeholder>) {
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

/// What the slide's earlier elements already claimed: the slots whose placeholder (or first
/// text) is taken, and the indices of the graphic placeholders filled.
#[derive(Default)]
struct Claimed {
    slots: Vec<SlotRole>,
    graphics: Vec<u32>,
}

impl Claimed {
    /// The layout placeholder `el` fills in `slot`, claiming it: the slot's own for its first
    /// text; on a template, a picture, chart or table takes its layout's free placeholder of
    /// that kind (or a content one) where it lands; anything else stays a free shape.
    fn placeholder(
        &mut self,
        ctx: &Ctx<'_>,
        slide: &Slide,
        el: &Element,
        preset: Preset,
        slots: &[Slot],
        slot: Slot,
    ) -> Option<Placeholder> {
        let r = slot.role;
        let is_text = matches!(el.kind, ElementKind::Text | ElementKind::Bullets);
        let first = !self.slots.contains(&r);
        let graphic = match el.kind {
            ElementKind::Image => Some("pic"),
            ElementKind::Chart => Some("chart"),
            ElementKind::Table => Some("tbl"),
            _ => None,
        };
        let ph = if !first || slide.kind == SlideKind::Custom || preset == Preset::Blank {
            None
        } else if is_text {
            slot.placeholder
        } else if let Some(kind) = graphic {
            let taken: Vec<u32> = slots
                .iter()
                .filter(|s| self.slots.contains(&s.role))
                .filter_map(|s| s.placeholder.and_then(|p| p.ooxml().1))
                .chain(self.graphics.iter().copied())
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
                self.graphics.push(i);
            }
            p
        } else {
            None
        };
        if ph.is_some() || (is_text && first) {
            self.slots.push(r);
        }
        ph
    }
}

/// `s` with its colour made to read on what the layout shows under `rect`, where specrender
/// picked the colour (captions, attributions) or took it from the template (titles, text): a
/// template's title slide on its accent colour, a dark section header.
fn legible(ctx: &Ctx<'_>, preset: Preset, rect: Rect, role: SlotRole, mut s: Style) -> Style {
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
}
