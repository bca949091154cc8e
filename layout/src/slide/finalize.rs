//! Stage 4, finalize: fitted items become placed boxes with their content decided to the
//! line ([`crate::element::Fit::finish`]), what the elements noticed becomes findings, and
//! the slide's fixes are appended to its speaker notes.

use super::assign::Target;
use super::Page;
use crate::ctx::Ctx;
use crate::findings::Fix;
use crate::model::{BoxContent, LaidSlide, PlacedBox, Preset};
use crate::preset::SlotRole;
use specrender_spec::deck::Slide;

/// The laid slide of one page, its findings noted in box order.
pub fn slide(ctx: &mut Ctx<'_>, source: &Slide, preset: Preset, page: Page) -> LaidSlide {
    let mut boxes = Vec::with_capacity(page.items.len());
    for it in &page.items {
        let (mut content, findings) = it.body.fit().finish(ctx, it.rect);
        // Bullets of a placeholder take the colour its template gives them (viewers inherit
        // it; the writer writes nothing for it), for the preview to draw them as they show.
        if let (Some(ph), BoxContent::Text(tb)) = (it.placeholder, &mut content) {
            let mut bullets = tb.paragraphs.iter_mut().filter_map(|p| p.bullet.as_mut());
            if let Some(first) = bullets.next() {
                let color = crate::frame::bullet_color(ctx.template, ctx.frame, preset, ph);
                first.color = color;
                bullets.for_each(|b| b.color = color);
            }
        }
        for f in findings {
            ctx.note(f, &page.id, &source.id, Some(&it.element_id));
        }
        boxes.push(PlacedBox {
            element_id: it.element_id.clone(),
            kind: it.kind,
            rect: content.drawn_rect().unwrap_or(it.rect),
            placeholder: it.placeholder,
            explicit: it.target == Target::Explicit,
            full_bleed: it.target == Target::Slot(SlotRole::Picture),
            content,
        });
    }
    // Full-bleed pictures are drawn first, under everything else on the slide.
    boxes.sort_by_key(|b| !b.full_bleed);
    let notes = match page.continuation {
        0 => speaker_notes(source, &page),
        _ => String::new(),
    };
    LaidSlide {
        id: page.id,
        source_id: source.id.clone(),
        preset,
        continuation: page.continuation,
        boxes,
        notes,
        needs_human_edit: false,
    }
}

/// The input's speaker notes, then what each element adds (a chart's `content.notes`), a
/// blank line apart.
fn speaker_notes(source: &Slide, page: &Page) -> String {
    let mut notes = source.speaker_notes.clone().unwrap_or_default();
    for it in &page.items {
        if let Some(n) = it.body.fit().speaker_notes().filter(|n| !n.is_empty()) {
            if !notes.is_empty() {
                notes.push_str("\n\n");
            }
            notes.push_str(n);
        }
    }
    notes
}

/// Appends the fixes log (`[specrender] shrink e2 from_pt=20 to_pt=15.5; …`) to the first
/// output slide's speaker notes.
pub fn log_fixes(slides: &mut [LaidSlide], fixes: &[Fix]) {
    if fixes.is_empty() {
        return;
    }
    let Some(ls) = slides.first_mut() else { return };
    if !ls.notes.is_empty() {
        ls.notes.push_str("\n\n");
    }
    ls.notes.push_str("[specrender] ");
    let log: Vec<String> = fixes.iter().map(Fix::to_string).collect();
    ls.notes.push_str(&log.join("; "));
}
