//! One input slide -> one or more laid slides, in stages (one module each, in order):
//!
//! 1. [`assign`]: the preset, and the slot each element goes to (role, order rule, or an
//!    explicit `style.box`);
//! 2. [`build`]: an [`Item`] per element — its rectangle, placeholder and measured body;
//! 3. [`policy`]: the fit steps, numbered as docs/concepts/fit-policy.md numbers them — [`stack`] fits the
//!    elements sharing a slot (steps 1–2), re-slot (3), [`split`] and [`flow`] onto
//!    continuation slides (5) — giving one [`Page`] per output slide;
//! 4. [`finalize`]: pages become laid slides with placed boxes; then step 6 (report);
//! 5. [`footer`]: each output slide's citations in its footer band and speaker notes; then the
//!    fixes log in speaker notes.
//!
//! Lines left on the template's artwork lay the slide out again, once, in the parts of their
//! slots clear of it ([`artwork`]).
//!
//! What each element kind can do (measure, shrink, split, finish) is asked through
//! [`crate::element::Fit`]; nothing here matches on kinds.

pub mod artwork;
pub mod assign;
pub mod build;
pub mod change;
pub mod finalize;
pub mod flow;
pub mod footer;
pub mod policy;
pub mod split;
pub mod stack;

use crate::ctx::Ctx;
use crate::element::Body;
use crate::findings::{Finding, Fix, FixAction, Note};
use crate::model::{LaidSlide, Placeholder, Preset, Rect};
use crate::preset;
use assign::Target;
use specrender_spec::deck::{ElementKind, Slide};
use std::borrow::Cow;

/// An element on its way through the stages.
#[derive(Debug, Clone)]
pub struct Item {
    pub element_id: String,
    pub kind: ElementKind,
    pub target: Target,
    pub rect: Rect,
    pub placeholder: Option<Placeholder>,
    pub body: Body,
}

impl Item {
    /// Does the item overflow its rectangle at its current size?
    pub fn overflows(&self) -> bool {
        self.body.fit().overflows(self.rect)
    }
}

/// The items of one output slide, fitted and placed.
pub struct Page {
    pub id: String,
    pub items: Vec<Item>,
    /// 0 for the source slide itself, n for its n-th continuation.
    pub continuation: u32,
}

/// What one input slide became: its output slides, and the fixes and notes made on the way.
pub struct SlideResult {
    pub slides: Vec<LaidSlide>,
    pub fixes: Vec<Fix>,
    pub notes: Vec<Note>,
}

/// Lays out one input slide (every stage), taking the fixes and notes it made out of `ctx`.
/// Lines left on the template's artwork lay the slide out again once in the slots' parts
/// clear of it ([`artwork`]), kept when fewer lines are left there and no more boxes overflow.
pub fn lay(ctx: &mut Ctx<'_>, s: &Slide) -> SlideResult {
    let notes_before = ctx.notes.len();
    let fixes_before = ctx.fixes.len();
    let drawn = drop_invalid_boxes(ctx, s);
    let s = drawn.as_ref();
    let preset = assign::choose_preset(ctx, s);
    let slots = ctx.frame.layout(preset).slots.clone();
    let mark = Mark::of(ctx);
    let (mut slides, targets) = attempt(ctx, s, preset, slots.clone(), mark.fixes);
    let (on_art, roles) = artwork::lines_on_artwork(ctx, s, &targets, preset, &slides);
    if on_art > 0 {
        if let Some(changed) = artwork::cleared(ctx, preset, &slots, &roles) {
            let first = mark.take(ctx);
            let mut clear = slots;
            for (role, from, to) in changed {
                if let Some(slot) = clear.iter_mut().find(|x| x.role == role) {
                    slot.rect = to;
                }
                let action = FixAction::ClearArtwork {
                    role: role.as_str(),
                    from,
                    to,
                };
                ctx.fix(&s.id, None, action);
            }
            let (again, targets) = attempt(ctx, s, preset, clear, mark.fixes);
            let (left, _) = artwork::lines_on_artwork(ctx, s, &targets, preset, &again);
            // Kept when fewer lines are on artwork and no more boxes overflow.
            if left < on_art && unfit(&again) <= unfit(&slides) {
                slides = again;
            } else {
                mark.take(ctx);
                first.restore(ctx);
            }
        }
    }
    SlideResult {
        slides,
        fixes: ctx.fixes.split_off(fixes_before),
        notes: ctx.notes.split_off(notes_before),
    }
}

/// The boxes of `slides` whose content does not fit.
fn unfit(slides: &[LaidSlide]) -> usize {
    slides
        .iter()
        .flat_map(|ls| &ls.boxes)
        .filter(|b| !b.content.fits())
        .count()
}

/// Stages 1–5 on `slots` of `preset`: the slide's output slides (the fixes from
/// `fixes_before` on logged in their notes), and each element's target.
fn attempt(
    ctx: &mut Ctx<'_>,
    s: &Slide,
    mut preset: Preset,
    mut slots: Vec<crate::preset::Slot>,
    fixes_before: usize,
) -> (Vec<LaidSlide>, Vec<Target>) {
    let layout = ctx.frame.layout(preset);
    let (centered, band, releases_caption) =
        (layout.centered, layout.band, layout.releases_caption);
    footer::reserve_number(ctx.frame, preset, ctx.opts.slide_numbers, &mut slots);
    let targets = assign::assign(ctx, s, &slots);
    if releases_caption {
        preset::release_unused_caption(&mut slots, |r| targets.contains(&Target::Slot(r)));
    }
    let items = build::items(ctx, s, preset, &slots, &targets, centered, band);
    let pages = policy::run(ctx, s, items, &mut slots, &mut preset);
    // What follows (footers, citations) is the slide's own work.
    crate::work::leave();
    let mut slides: Vec<LaidSlide> = pages
        .into_iter()
        .map(|page| finalize::slide(ctx, s, preset, page))
        .collect();
    policy::report(ctx, &mut slides);
    footer::reserve_number(ctx.frame, preset, ctx.opts.slide_numbers, &mut slots);
    let band = footer::band(ctx.frame, preset, &slots);
    footer::add(ctx, s, &mut slides, band);
    if ctx.opts.fixes_in_notes {
        finalize::log_fixes(&mut slides, &ctx.fixes[fixes_before..]);
    }
    (slides, targets)
}

/// Where a slide's layout began in `ctx`'s notes, fixes and continuation ids, to take back
/// what one attempt added.
#[derive(Clone, Copy)]
struct Mark {
    notes: usize,
    fixes: usize,
    ids: usize,
}

/// What one attempt added to `ctx`, taken out.
struct Taken {
    notes: Vec<Note>,
    fixes: Vec<Fix>,
    ids: Vec<String>,
}

impl Mark {
    fn of(ctx: &Ctx<'_>) -> Mark {
        Mark {
            notes: ctx.notes.len(),
            fixes: ctx.fixes.len(),
            ids: ctx.id_log.len(),
        }
    }

    fn take(self, ctx: &mut Ctx<'_>) -> Taken {
        let ids = ctx.id_log.split_off(self.ids);
        for id in &ids {
            ctx.ids.remove(id);
        }
        Taken {
            notes: ctx.notes.split_off(self.notes),
            fixes: ctx.fixes.split_off(self.fixes),
            ids,
        }
    }
}

impl Taken {
    fn restore(self, ctx: &mut Ctx<'_>) {
        ctx.notes.extend(self.notes);
        ctx.fixes.extend(self.fixes);
        for id in self.ids {
            ctx.ids.insert(id.clone());
            ctx.id_log.push(id);
        }
    }
}

/// docs/guide/input.md (`style.box`): an element whose `style.box` has a width or height that is not a positive
/// finite number is not drawn; each is a finding (QC: high `invalid_box`).
fn drop_invalid_boxes<'s>(ctx: &mut Ctx<'_>, s: &'s Slide) -> Cow<'s, Slide> {
    let invalid =
        |el: &specrender_spec::deck::Element| el.style_box.is_some_and(|b| b.w <= 0 || b.h <= 0);
    if !s.elements.iter().any(invalid) {
        return Cow::Borrowed(s);
    }
    let mut kept = s.clone();
    kept.elements.retain(|el| {
        let Some(b) = el.style_box.filter(|_| invalid(el)) else {
            return true;
        };
        let finding = Finding::InvalidBox {
            x: b.x,
            y: b.y,
            w: b.w,
            h: b.h,
        };
        ctx.note(finding, &s.id, &s.id, Some(&el.id));
        false
    });
    Cow::Owned(kept)
}
