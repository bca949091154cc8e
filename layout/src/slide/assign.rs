//! Stage 1, assign: which preset a slide uses and which slot each element goes to.

use crate::ctx::Ctx;
use crate::findings::Finding;
use crate::model::Preset;
use crate::preset::{self, Slot, SlotRole};
use specrender_spec::deck::{ElementKind, Slide};

/// Where an element goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Slot(SlotRole),
    Explicit,
}

/// The preset for a slide: its `layout_id`, else (with a note) the one its type implies.
pub fn choose_preset(ctx: &mut Ctx<'_>, slide: &Slide) -> Preset {
    let p = choose(ctx, slide);
    let tl = &ctx.frame.layout(p).template_layout;
    if let Some(name) = &tl.explicit_missing {
        let finding = Finding::TemplateLayoutMissing {
            layout_id: p.id().to_string(),
            name: name.clone(),
            used: tl.index.map(|_| tl.name.clone()),
        };
        ctx.note(finding, &slide.id, &slide.id, None);
    }
    if tl.index.is_none() {
        let finding = Finding::TemplateLayoutFallback {
            layout_id: p.id().to_string(),
            slots: tl.slots,
        };
        ctx.note(finding, &slide.id, &slide.id, None);
    }
    p
}

fn choose(ctx: &mut Ctx<'_>, slide: &Slide) -> Preset {
    match Preset::from_id(&slide.layout_id) {
        Some(p) => p,
        None => {
            let p = preset::preset_for_kind(slide.kind);
            let finding = Finding::UnknownLayout {
                layout_id: slide.layout_id.clone(),
                used: p,
            };
            ctx.note(finding, &slide.id, &slide.id, None);
            p
        }
    }
}

/// Slot roles that take body content, in fill order, for a preset.
fn body_roles(slots: &[Slot]) -> Vec<SlotRole> {
    let order = [
        SlotRole::Body,
        SlotRole::Left,
        SlotRole::Right,
        SlotRole::Quote,
        SlotRole::Subtitle,
    ];
    let out: Vec<SlotRole> = order
        .into_iter()
        .filter(|r| slots.iter().any(|s| s.role == *r))
        .collect();
    // `image_full_bleed` has no body: text beyond the title goes to the caption on the band.
    if out.is_empty() && slots.iter().any(|s| s.role == SlotRole::Caption) {
        return vec![SlotRole::Caption];
    }
    out
}

/// Slot assignment (docs/concepts/engine.md): `style.box` (or a `custom` slide with a box) places an
/// element where it says; else `role` picks the slot (title, subtitle, body, left, right,
/// quote, caption, attribution, footer); else the order rule: the first `text` element without
/// a role is the title when the layout has a title slot nobody claimed, the rest fill the body
/// slots in order (two columns: the first half left, the rest right, empty columns first).
/// Two rules keep a slot from being stacked with what it cannot hold:
/// - a second `role: "title"` goes to the body slots like an element without a role (a low
///   `second_title` note): a title slot holds one line of title, not two elements;
/// - an unknown role (`headline`, `summary`...) fills the body slots in order, never the title.
pub fn assign(ctx: &mut Ctx<'_>, slide: &Slide, slots: &[Slot]) -> Vec<Target> {
    let has = |r: SlotRole| slots.iter().any(|s| s.role == r);
    let bodies = body_roles(slots);
    let first_body = bodies.first().copied().unwrap_or(SlotRole::Body);
    let last_body = bodies.last().copied().unwrap_or(SlotRole::Body);
    let mut title_seen = false;
    let mut out: Vec<Option<Target>> = Vec::with_capacity(slide.elements.len());
    // Elements that may become the title by the order rule (no role at all).
    let mut may_title: Vec<bool> = Vec::with_capacity(slide.elements.len());
    for el in &slide.elements {
        let pick = |r: SlotRole, alt: SlotRole| Some(Target::Slot(if has(r) { r } else { alt }));
        let role = el.role.as_deref();
        may_title.push(role.is_none() && el.style_box.is_none());
        let t = if el.style_box.is_some() {
            Some(Target::Explicit)
        } else if el.kind == ElementKind::Image && has(SlotRole::Picture) {
            // `image_full_bleed`: pictures cover the slide, whatever their role.
            Some(Target::Slot(SlotRole::Picture))
        } else {
            match role {
                Some("title") if title_seen && has(SlotRole::Title) => {
                    let finding = Finding::SecondTitle {
                        moved_to: first_body,
                    };
                    ctx.note(finding, &slide.id, &slide.id, Some(&el.id));
                    None
                }
                Some("title") => {
                    title_seen = true;
                    pick(SlotRole::Title, first_body)
                }
                Some("subtitle") => pick(SlotRole::Subtitle, first_body),
                Some("body") => Some(Target::Slot(first_body)),
                Some("left") => pick(SlotRole::Left, first_body),
                Some("right") => pick(SlotRole::Right, last_body),
                Some("quote") => pick(SlotRole::Quote, first_body),
                Some("caption") => pick(SlotRole::Caption, last_body),
                Some("attribution") => pick(SlotRole::Attribution, last_body),
                Some("footer") => pick(SlotRole::Footer, last_body),
                _ => None,
            }
        };
        out.push(t);
    }
    let title_taken = out.contains(&Some(Target::Slot(SlotRole::Title)));
    if has(SlotRole::Title) && !title_taken {
        if let Some(i) =
            slide.elements.iter().enumerate().position(|(i, el)| {
                out[i].is_none() && may_title[i] && el.kind == ElementKind::Text
            })
        {
            out[i] = Some(Target::Slot(SlotRole::Title));
        }
    }
    fill_bodies(&mut out, &bodies, first_body);
    out.into_iter()
        .map(|t| t.unwrap_or(Target::Slot(first_body)))
        .collect()
}

/// The order rule for elements still without a slot: the body slots in order (two columns:
/// the first half left, the rest right; a column already claimed by role takes none).
fn fill_bodies(out: &mut [Option<Target>], bodies: &[SlotRole], first_body: SlotRole) {
    let rest: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_none()).collect();
    if bodies.len() >= 2 && bodies.contains(&SlotRole::Left) {
        let used_left = out.contains(&Some(Target::Slot(SlotRole::Left)));
        let used_right = out.contains(&Some(Target::Slot(SlotRole::Right)));
        let n_left = match (used_left, used_right) {
            (false, false) => rest.len().div_ceil(2),
            (false, true) => rest.len(),
            _ => 0,
        };
        for (k, &i) in rest.iter().enumerate() {
            out[i] = Some(Target::Slot(if k < n_left {
                SlotRole::Left
            } else {
                SlotRole::Right
            }));
        }
    } else {
        for &i in &rest {
            out[i] = Some(Target::Slot(first_body));
        }
    }
}
