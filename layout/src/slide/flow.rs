//! Step 5 for one slot whose elements do not fit it: they flow onto continuation slides, in
//! order (reading order is the author's; `constraints.priority` decides who shrinks first in
//! step 1, not who is read first). Each slide takes the longest run of whole elements that
//! fits stacked (steps 1–2 again on that run); the next element either starts in the room
//! left, cut by its kind ([`crate::element::Fit::split_into`]), or moves whole to the next
//! slide. An element too tall for a slide of its own is cut there ([`crate::element::Fit::split`]),
//! each piece on its own slide, the last one sharing its slide with the elements after it.
//! A piece is never cut again: what does not fit then is reported (step 6).

use super::{stack, Item};
use crate::ctx::Ctx;
use crate::element::{Body, Split, MAX_CONTINUATIONS};
use crate::model::Rect;
use std::collections::VecDeque;

/// What happened to an element on the way, for the fixes log (page indices, 0 = the slide
/// itself).
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Moved whole to this page.
    Moved { element_id: String, page: usize },
    /// Cut into pieces on these pages, between this many units.
    Split {
        element_id: String,
        pages: Vec<usize>,
        units: usize,
        /// The kind numbers its pages (tables: continuation titles `… (2/3)`).
        page_titles: bool,
    },
}

/// One slot's elements, page by page: `(input index, item)` fitted and placed in the slot.
pub struct Flow {
    pub pages: Vec<Vec<(usize, Item)>>,
    pub events: Vec<Event>,
}

/// An element waiting for a page: its input index, and whether it is a piece already.
struct Queued {
    orig: usize,
    item: Item,
    piece: bool,
}

/// The pages of the elements `items` (input index, item) of one slot `rect`.
pub fn flow(ctx: &mut Ctx<'_>, items: Vec<(usize, Item)>, rect: Rect) -> Flow {
    let mut queue: VecDeque<Queued> = items
        .into_iter()
        .map(|(orig, item)| Queued {
            orig,
            item,
            piece: false,
        })
        .collect();
    let mut f = Flow {
        pages: Vec::new(),
        events: Vec::new(),
    };
    while !queue.is_empty() {
        let page = take_fitting(&mut queue, rect);
        let Some(next) = queue.pop_front() else {
            f.push_page(page);
            break;
        };
        if page.is_empty() {
            alone(ctx, &mut f, &mut queue, next, rect);
        } else {
            below(ctx, &mut f, &mut queue, page, next, rect);
        }
    }
    cap(&mut f, rect);
    f
}

impl Flow {
    /// Adds a page, noting the whole elements that moved to it.
    fn push_page(&mut self, page: Vec<Queued>) {
        let n = self.pages.len();
        for q in &page {
            if n > 0 && !q.piece {
                self.events.push(Event::Moved {
                    element_id: q.item.element_id.clone(),
                    page: n,
                });
            }
        }
        self.pages
            .push(page.into_iter().map(|q| (q.orig, q.item)).collect());
    }
}

/// The longest run of queued elements that fits the slot stacked (steps 1–2 from the sizes
/// asked for), taken off the queue.
fn take_fitting(queue: &mut VecDeque<Queued>, rect: Rect) -> Vec<Queued> {
    let mut page: Vec<Queued> = Vec::new();
    while let Some(q) = queue.front() {
        let mut trial: Vec<Item> = page.iter().map(|p| p.item.clone()).collect();
        trial.push(q.item.clone());
        for it in &mut trial {
            it.body.fit_mut().reset();
        }
        stack::fit_stack(&mut trial, rect);
        if trial.iter().any(Item::overflows) {
            break;
        }
        let q = queue.pop_front().expect("front");
        page.push(q);
        for (p, it) in page.iter_mut().zip(trial) {
            p.item = it;
        }
    }
    page
}

/// `next` does not fit the slot even alone: cut it (pieces on pages of their own, the last
/// back in the queue), or, when it cannot be cut, give it a page where it overflows.
fn alone(
    ctx: &mut Ctx<'_>,
    f: &mut Flow,
    queue: &mut VecDeque<Queued>,
    mut next: Queued,
    rect: Rect,
) {
    crate::work::enter(&next.item.element_id);
    let split = match next.piece {
        false => next.item.body.fit().split(ctx, rect),
        true => None,
    };
    let Some(split) = split else {
        next.item.body.fit_mut().reset();
        stack::fit_stack(std::slice::from_mut(&mut next.item), rect);
        f.push_page(vec![next]);
        return;
    };
    let first = f.pages.len();
    place_pieces(f, queue, &next, split, first, rect);
}

/// `next` does not fit below the elements of `page`: its first piece goes in the room left
/// if its kind can cut it so; else it moves whole to the next page.
fn below(
    ctx: &mut Ctx<'_>,
    f: &mut Flow,
    queue: &mut VecDeque<Queued>,
    mut page: Vec<Queued>,
    next: Queued,
    rect: Rect,
) {
    let items: Vec<Item> = page.iter().map(|q| q.item.clone()).collect();
    crate::work::enter(&next.item.element_id);
    let split = match (next.piece, stack::room_below(&items, rect)) {
        (false, Some(room)) => next.item.body.fit().split_into(ctx, room, rect),
        _ => None,
    };
    let Some(mut split) = split else {
        f.push_page(page);
        queue.push_front(next);
        return;
    };
    let first = split.pieces.remove(0);
    let n = f.pages.len();
    let mut head = piece(&next, first);
    head.item.rect = rect;
    page.push(head);
    let mut stacked: Vec<Item> = page.iter().map(|q| q.item.clone()).collect();
    stack::fit_stack(&mut stacked, rect);
    for (q, it) in page.iter_mut().zip(stacked) {
        q.item = it;
    }
    f.push_page(page);
    place_pieces(f, queue, &next, split, n + 1, rect);
    // The first piece is on page n.
    if let Some(Event::Split { pages, .. }) = f.events.last_mut() {
        pages.insert(0, n);
    }
}

/// The pieces of `split` from page `first` on: every piece but the last on a page of its own,
/// the last back at the front of the queue (it may share its page with what follows).
fn place_pieces(
    f: &mut Flow,
    queue: &mut VecDeque<Queued>,
    from: &Queued,
    split: Split,
    first: usize,
    rect: Rect,
) {
    let n = split.pieces.len();
    let pages: Vec<usize> = (first..first + n).collect();
    for (k, body) in split.pieces.into_iter().enumerate() {
        let mut q = piece(from, body);
        if k + 1 == n {
            queue.push_front(q);
        } else {
            q.item.rect = rect;
            f.push_page(vec![q]);
        }
    }
    f.events.push(Event::Split {
        element_id: from.item.element_id.clone(),
        pages,
        units: split.units,
        page_titles: split.page_titles,
    });
}

fn piece(from: &Queued, body: Body) -> Queued {
    let mut item = from.item.clone();
    item.body = body;
    Queued {
        orig: from.orig,
        item,
        piece: true,
    }
}

/// At most [`MAX_CONTINUATIONS`] continuation slides: whatever would go further shares the
/// last one (and is reported by step 6).
fn cap(f: &mut Flow, rect: Rect) {
    if f.pages.len() <= MAX_CONTINUATIONS + 1 {
        return;
    }
    let tail: Vec<(usize, Item)> = f.pages.drain(MAX_CONTINUATIONS..).flatten().collect();
    let (origs, mut items): (Vec<usize>, Vec<Item>) = tail.into_iter().unzip();
    stack::fit_stack(&mut items, rect);
    f.pages.push(origs.into_iter().zip(items).collect());
    for e in &mut f.events {
        match e {
            Event::Moved { page, .. } => *page = (*page).min(MAX_CONTINUATIONS),
            Event::Split { pages, .. } => {
                for p in pages.iter_mut() {
                    *p = (*p).min(MAX_CONTINUATIONS);
                }
                pages.dedup();
            }
        }
    }
}
