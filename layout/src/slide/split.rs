//! Step 5, split: one element is cut into pieces by its kind ([`Fit::split`]); each piece
//! goes on its own output slide. The first keeps the whole slide; continuation slides
//! `s3-cont-2`, `s3-cont-3`… carry the title (with " (계속)" / " (続き)" / " (续)" /
//! " (續)" / " (cont.)" by the deck's language) and the piece.
//!
//! Running out of room is a value here: the kind answers with its pieces (or `None`, nothing
//! to cut), and the pages are made from them in one flat loop.

use super::assign::Target;
use super::{Item, Page};
use crate::ctx::Ctx;
use crate::element::{Body, Fit, TextItem};
use crate::findings::FixAction;
use crate::preset::SlotRole;
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

/// The pages of `slide` when item `ci` overflows: one page if it cannot be cut, else one per
/// piece (the split recorded as a fix).
pub fn pages(ctx: &mut Ctx<'_>, slide: &Slide, items: Vec<Item>, ci: usize) -> Vec<Page> {
    let rect = items[ci].rect;
    let Some(split) = items[ci].body.fit().split(ctx, rect) else {
        return vec![Page {
            id: slide.id.clone(),
            items,
            continuation: 0,
        }];
    };
    let ids: Vec<String> = (0..split.pieces.len())
        .map(|k| match k {
            0 => slide.id.clone(),
            _ => ctx.continuation_id(&slide.id, k as u32 + 1),
        })
        .collect();
    let action = FixAction::Split {
        slides: ids.clone(),
        units: split.units,
    };
    ctx.fix(&slide.id, Some(&items[ci].element_id), action);
    let title = continuation_title(ctx, slide, &items);
    let mut pages = Vec::with_capacity(ids.len());
    for (k, (id, piece)) in ids.into_iter().zip(split.pieces).enumerate() {
        let mut body_item = items[ci].clone();
        body_item.body = piece;
        let page_items = if k == 0 {
            let mut v = items.clone();
            v[ci] = body_item;
            v
        } else {
            title.iter().cloned().chain([body_item]).collect()
        };
        pages.push(Page {
            id,
            items: page_items,
            continuation: k as u32,
        });
    }
    pages
}

/// The title item of continuation slides: the slide's title with the localised suffix,
/// measured and fitted again in the title slot.
fn continuation_title(ctx: &mut Ctx<'_>, slide: &Slide, items: &[Item]) -> Option<Item> {
    let mut ti = items
        .iter()
        .find(|it| it.target == Target::Slot(SlotRole::Title))?
        .clone();
    if let Some(tt) = ti.body.as_text() {
        let mut texts: Vec<String> = tt.paras.iter().map(|p| p.text.clone()).collect();
        if let Some(last) = texts.last_mut() {
            last.push_str(continuation_suffix(ctx.deck.lang));
        }
        let el = slide
            .elements
            .iter()
            .find(|e| e.id == ti.element_id)
            .expect("title element");
        let style = tt.style.clone();
        let mut nt = TextItem::new(ctx, style, &texts, tt.bullets, el, ti.rect.w);
        nt.fit_alone(ti.rect);
        ti.body = Body::Text(nt);
    }
    Some(ti)
}
