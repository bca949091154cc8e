//! The fit policy (docs/concepts/fit-policy.md), deterministic, in this order:
//!
//! 1. **shrink** each element to the largest size that fits, in 0.5 pt steps, never below its
//!    floor; stacked elements give up size by priority ([`stack`], [`crate::element::Fit`]);
//! 2. **reduce paragraph spacing** where shrinking alone is not enough (same place);
//! 3. **re-slot**: the title keeps only the height it needs and gives the rest to the body
//!    slots, then steps 1–2 run again on the body (`reslot`);
//! 4. **change layout**: `two_column` → `one_column` when one column overflows and the
//!    other is small, kept if it then fits ([`super::change`]); then bullets alone in an
//!    overflowing slot in two columns when the slot is wide enough and the items short
//!    ([`crate::element::Fit::two_columns`]);
//! 5. **split**: the elements of a body slot that still overflows flow onto continuation
//!    slides — whole elements move in order, an element that does not fit is cut by its kind
//!    at paragraph, then sentence boundaries (bullets: whole items) — ([`super::split`],
//!    [`super::flow`]); boxes placed by `style.box` never move: they shrink, then report;
//! 6. **report**: slides that still overflow are marked `needs_human_edit` ([`report`]).
//!
//! Every action is recorded as a [`FixAction`] in the order taken.

use super::assign::Target;
use super::{change, split, stack, Item, Page};
use crate::ctx::Ctx;
use crate::findings::FixAction;
use crate::model::{LaidSlide, Preset};
use crate::preset::{Slot, SlotRole, GAP};
use crate::shrink::STEP;
use specrender_spec::deck::Slide;
use specrender_spec::units::{cpt_to_emu, Emu};

/// Steps 1–5 on one input slide: its items fitted and placed, on one page or several. Step 4
/// may change the slide's `preset` (and so its `slots`).
pub fn run(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    mut items: Vec<Item>,
    slots: &mut Vec<Slot>,
    preset: &mut Preset,
) -> Vec<Page> {
    // Steps 1–3.
    let mut moved = fit_steps(&mut items, slots);
    // Step 4: two_column -> one_column.
    if *preset == Preset::TwoColumn && body_overflows(&items) {
        if let Some((mut its, mut sl)) = change::one_column(&items, slots, ctx.frame) {
            let m = fit_steps(&mut its, &mut sl);
            if !body_overflows(&its) {
                let action = FixAction::ChangeLayout {
                    from: *preset,
                    to: Preset::OneColumn,
                };
                ctx.fix(&slide.id, None, action);
                (items, *slots, *preset, moved) = (its, sl, Preset::OneColumn, m);
            }
        }
    }
    if let Some(moved) = moved {
        ctx.fix(&slide.id, None, FixAction::Reslot { moved });
    }
    // Step 4: an element alone in its body slot, still overflowing, in two columns if its
    // kind can (bullets, by their measured rule); recorded with its fixes.
    let alone: Vec<usize> = (0..items.len())
        .filter(|&i| {
            let it = &items[i];
            in_body(it)
                && it.overflows()
                && items.iter().filter(|o| o.target == it.target).count() == 1
        })
        .collect();
    for i in alone {
        let rect = items[i].rect;
        items[i].body.fit_mut().two_columns(rect);
    }
    // Step 5.
    let pages = split::pages(ctx, slide, items, slots);
    for page in &pages {
        record_fixes(ctx, page);
    }
    pages
}

/// Steps 1–2 on every slot, then step 3 (re-slot) when a body slot still overflows; the
/// height the re-slot moved, if it did.
fn fit_steps(items: &mut [Item], slots: &mut [Slot]) -> Option<Emu> {
    stack::fit_all(items, slots);
    if !body_overflows(items) {
        return None;
    }
    let moved = reslot(items, slots)?;
    for it in items.iter_mut().filter(|it| in_body(it)) {
        it.body.fit_mut().reset();
    }
    stack::fit_all(items, slots);
    Some(moved)
}

fn body_overflows(items: &[Item]) -> bool {
    items.iter().any(|it| in_body(it) && it.overflows())
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
