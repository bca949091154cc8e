//! The fit policy (PRODUCT.md §2), deterministic, in this order:
//!
//! 1. **shrink** each element to the largest size that fits, in 0.5 pt steps, never below its
//!    floor; stacked elements give up size by priority ([`stack`], [`crate::element::Fit`]);
//! 2. **reduce paragraph spacing** where shrinking alone is not enough (same place);
//! 3. **re-slot**: the title keeps only the height it needs and gives the rest to the body
//!    slots, then steps 1–2 run again on the body (`reslot`);
//! 4. **change layout** (two columns, `two_column` → `one_column`): not done yet;
//! 5. **split**: the elements of a body slot that still overflows flow onto continuation
//!    slides — whole elements move in order, an element that does not fit is cut by its kind
//!    at paragraph, then sentence boundaries (bullets: whole items) — ([`super::split`],
//!    [`super::flow`]); boxes placed by `style.box` never move: they shrink, then report;
//! 6. **report**: slides that still overflow are marked `needs_human_edit` ([`report`]).
//!
//! Every action is recorded as a [`FixAction`] in the order taken.

use super::assign::Target;
use super::{split, stack, Item, Page};
use crate::ctx::Ctx;
use crate::findings::FixAction;
use crate::model::LaidSlide;
use crate::preset::{Slot, SlotRole, GAP};
use crate::shrink::STEP;
use specrender_spec::deck::Slide;
use specrender_spec::units::{cpt_to_emu, Emu};

/// Steps 1–5 on one input slide: its items fitted and placed, on one page or several.
pub fn run(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    mut items: Vec<Item>,
    slots: &mut [Slot],
) -> Vec<Page> {
    // Steps 1–2.
    stack::fit_all(&mut items, slots);
    // Step 3.
    if items.iter().any(|it| in_body(it) && it.overflows()) {
        if let Some(moved) = reslot(&items, slots) {
            ctx.fix(&slide.id, None, FixAction::Reslot { moved });
            for it in items.iter_mut().filter(|it| in_body(it)) {
                it.body.fit_mut().reset();
            }
            stack::fit_all(&mut items, slots);
        }
    }
    // Step 5.
    let pages = split::pages(ctx, slide, items, slots);
    for page in &pages {
        record_fixes(ctx, page);
    }
    pages
}

/// Step 6: every output slide that still has an overflowing box needs a human (or an agent
/// with QC's `capacity_chars`) to shorten it.
pub fn report(ctx: &mut Ctx<'_>, slides: &mut [LaidSlide]) {
    for ls in slides {
        if ls.boxes.iter().any(|b| !b.content.fits()) {
            ls.needs_human_edit = true;
            ctx.fix(&ls.id, None, FixAction::NeedsHumanEdit);
        }
    }
}

/// Is the item in a body slot (body, left or right column)?
fn in_body(it: &Item) -> bool {
    matches!(it.target, Target::Slot(r) if split::is_body(r))
}

/// Step 3, re-slot: the title slot keeps only the height its text needs and gives the rest
/// to the body slots below it (all of it when the slide has no title). Returns the height
/// moved, if any worth moving (more than 0.5 pt).
fn reslot(items: &[Item], slots: &mut [Slot]) -> Option<Emu> {
    let title_i = slots.iter().position(|s| s.role == SlotRole::Title)?;
    let title_rect = slots[title_i].rect;
    let below: Vec<usize> = (0..slots.len())
        .filter(|&i| {
            matches!(
                slots[i].role,
                SlotRole::Body | SlotRole::Left | SlotRole::Right
            )
        })
        .collect();
    if below.is_empty() {
        return None;
    }
    let in_title: Vec<&Item> = items
        .iter()
        .filter(|it| it.target == Target::Slot(SlotRole::Title))
        .collect();
    let need = match in_title.as_slice() {
        [] => -GAP,
        [it] => it.body.fit().needed_height(title_rect.w)?,
        _ => return None,
    };
    let delta = title_rect.h - need;
    if delta <= cpt_to_emu(STEP) {
        return None;
    }
    slots[title_i].rect.h = need.max(0);
    for i in below {
        slots[i].rect.y -= delta;
        slots[i].rect.h += delta;
    }
    Some(delta)
}

/// Steps 1–2 as they ended on a page: each element's shrink and spacing, in box order.
fn record_fixes(ctx: &mut Ctx<'_>, page: &Page) {
    for it in &page.items {
        for action in it.body.fit().fixes() {
            ctx.fix(&page.id, Some(&it.element_id), action);
        }
    }
}
