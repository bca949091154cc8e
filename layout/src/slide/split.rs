//! Step 5, split: the body slots whose elements still overflow flow onto continuation slides
//! ([`super::flow`]: whole elements move in order, an element is cut by its kind,
//! [`crate::element::Fit::split`] / [`crate::element::Fit::split_into`]). The first output
//! slide keeps everything else (title, other slots, boxes placed by `style.box`, which never
//! move); continuation slides `s3-cont-2`, `s3-cont-3`… carry the title (with " (계속)" /
//! " (続き)" / " (续)" / " (續)" / " (cont.)" by the deck's language, or " (2/3)" when a kind
//! that numbers its pages was cut, as tables are) and the slots' pages.
//!
//! Running out of room is a value here: a kind answers with its pieces (or `None`, nothing
//! to cut), and the pages are made from them in flat loops.

use super::assign::Target;
use super::flow::{self, Event};
use super::{Item, Page};
use crate::ctx::Ctx;
use crate::element::{Body, Fit, TextItem};
use crate::findings::FixAction;
use crate::preset::{Slot, SlotRole};
use specrender_spec::deck::{LangFamily, Slide};

/// The localised suffix of a continuation slide's title.
pub fn continuation_suffix(lang: LangFamily) -> &'static str {
    match lang {
        LangFamily::Korean => " (계속)",
        LangFamily::Japanese => " (続き)",
        LangFamily::ChineseSimplified => " (续)",
        LangFamily::ChineseTraditional => " (續)",
        LangFamily::Other => " (cont.)",
    }
}

/// Is `role` a body slot (body, left or right column), whose elements may flow?
pub fn is_body(role: SlotRole) -> bool {
    matches!(role, SlotRole::Body | SlotRole::Left | SlotRole::Right)
}

/// The pages of `slide`: one when no body slot overflows, else one per page of the longest
/// flow (the split and moved elements recorded as fixes).
pub fn pages(ctx: &mut Ctx<'_>, slide: &Slide, items: Vec<Item>, slots: &[Slot]) -> Vec<Page> {
    let flowing: Vec<Slot> = slots
        .iter()
        .filter(|s| {
            let t = Target::Slot(s.role);
            is_body(s.role) && items.iter().any(|it| it.target == t && it.overflows())
        })
        .copied()
        .collect();
    if flowing.is_empty() {
        return vec![single(slide, items)];
    }
    let mut fixed: Vec<(usize, Item)> = Vec::new();
    let mut per_slot: Vec<Vec<(usize, Item)>> = vec![Vec::new(); flowing.len()];
    for (i, it) in items.into_iter().enumerate() {
        match flowing
            .iter()
            .position(|s| it.target == Target::Slot(s.role))
        {
            Some(k) => per_slot[k].push((i, it)),
            None => fixed.push((i, it)),
        }
    }
    let flows: Vec<flow::Flow> = flowing
        .iter()
        .zip(per_slot)
        .map(|(s, its)| flow::flow(ctx, its, s.rect))
        .collect();
    let n = flows.iter().map(|f| f.pages.len()).max().unwrap_or(1);
    if n == 1 {
        // Nothing moved or was cut: the slide as it is, overflow reported by step 6.
        let mut all: Vec<(usize, Item)> = fixed;
        all.extend(flows.into_iter().flat_map(|f| f.pages).flatten());
        all.sort_by_key(|(i, _)| *i);
        return vec![single(slide, all.into_iter().map(|(_, it)| it).collect())];
    }
    let ids: Vec<String> = (0..n)
        .map(|k| match k {
            0 => slide.id.clone(),
            _ => ctx.continuation_id(&slide.id, k as u32 + 1),
        })
        .collect();
    record(ctx, slide, &flows, &ids);
    let titles = titles(ctx, slide, &fixed, &flows, n);
    assemble(slide, fixed, flows, ids, titles)
}

/// The title item of each page (none on page 0): the localised "(cont.)" on every
/// continuation, or the page number `(k/n)` when a kind that numbers its pages was cut.
fn titles(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    fixed: &[(usize, Item)],
    flows: &[flow::Flow],
    n: usize,
) -> Vec<Option<Item>> {
    let title = fixed
        .iter()
        .map(|(_, it)| it)
        .find(|it| it.target == Target::Slot(SlotRole::Title));
    let numbered = flows.iter().flat_map(|f| &f.events).any(|e| {
        matches!(
            e,
            Event::Split {
                page_titles: true,
                ..
            }
        )
    });
    if !numbered {
        let t = continuation_title(ctx, slide, title, continuation_suffix(ctx.deck.lang));
        return (0..n)
            .map(|k| if k == 0 { None } else { t.clone() })
            .collect();
    }
    (0..n)
        .map(|k| match k {
            0 => None,
            _ => continuation_title(ctx, slide, title, &format!(" ({}/{n})", k + 1)),
        })
        .collect()
}

fn single(slide: &Slide, items: Vec<Item>) -> Page {
    Page {
        id: slide.id.clone(),
        items,
        continuation: 0,
    }
}

/// The fixes of the flows: every cut first (in slot order), then every move.
fn record(ctx: &mut Ctx<'_>, slide: &Slide, flows: &[flow::Flow], ids: &[String]) {
    let events = || flows.iter().flat_map(|f| f.events.iter());
    for e in events() {
        if let Event::Split {
            element_id,
            pages,
            units,
            ..
        } = e
        {
            let slides = pages.iter().map(|&p| ids[p].clone()).collect();
            let action = FixAction::Split {
                slides,
                units: *units,
            };
            ctx.fix(&slide.id, Some(element_id), action);
        }
    }
    for e in events() {
        if let Event::Moved { element_id, page } = e {
            let action = FixAction::Move {
                to: ids[*page].clone(),
            };
            ctx.fix(&slide.id, Some(element_id), action);
        }
    }
}

/// Page 0: every item that stayed, in input order; page k: the continuation title and each
/// flowing slot's page k.
fn assemble(
    slide: &Slide,
    fixed: Vec<(usize, Item)>,
    flows: Vec<flow::Flow>,
    ids: Vec<String>,
    titles: Vec<Option<Item>>,
) -> Vec<Page> {
    let mut per_page: Vec<Vec<(usize, Item)>> = vec![Vec::new(); ids.len()];
    per_page[0] = fixed;
    for f in flows {
        for (k, page) in f.pages.into_iter().enumerate() {
            per_page[k].extend(page);
        }
    }
    ids.into_iter()
        .zip(per_page)
        .enumerate()
        .map(|(k, (id, mut its))| {
            its.sort_by_key(|(i, _)| *i);
            let body = its.into_iter().map(|(_, it)| it);
            let items = match k {
                0 => body.collect(),
                _ => titles[k].iter().cloned().chain(body).collect(),
            };
            debug_assert!(slide.id == id || k > 0);
            Page {
                id,
                items,
                continuation: k as u32,
            }
        })
        .collect()
}

/// The title item of continuation slides: the slide's title with `suffix`, measured and
/// fitted again in the title slot.
fn continuation_title(
    ctx: &mut Ctx<'_>,
    slide: &Slide,
    title: Option<&Item>,
    suffix: &str,
) -> Option<Item> {
    let mut ti = title?.clone();
    if let Some(tt) = ti.body.as_text() {
        let el = slide
            .elements
            .iter()
            .find(|e| e.id == ti.element_id)
            .expect("title element");
        let mut texts: Vec<String> = tt.paras.iter().map(|p| p.text.clone()).collect();
        if let Some(last) = texts.last_mut() {
            // "Title (cont.) [1]": the suffix goes before the title's citation key.
            match crate::element::cite::glued_key(el)
                .and_then(|k| last.strip_suffix(k.as_str()).map(|t| (t.to_string(), k)))
            {
                Some((text, k)) => *last = format!("{text}{suffix}{k}"),
                None => last.push_str(suffix),
            }
        }
        let style = tt.style.clone();
        let mut nt = TextItem::new(ctx, style, &texts, tt.bullets, el, ti.rect.w);
        nt.fit_alone(ti.rect);
        ti.body = Body::Text(nt);
    }
    Some(ti)
}
