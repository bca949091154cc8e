//! Fit policy step 5 for tables: paginate by whole rows. The header row is repeated on every
//! page, the caption (the table's title) says `… (2/3)`, and every page keeps the column
//! widths of the whole table. All pages share one size: the largest that cuts the columns no
//! more below their narrowest and needs no more pages than the floor does (so a table whose
//! columns do not fit even at the floor stays at the floor). At most
//! [`MAX_CONTINUATIONS`] continuation slides; the rows left over go on the last page, which
//! then overflows and is reported. A row never splits: one taller than a page gets a page of
//! its own and is reported (`table_overflow`).
//!
//! Stacked below other elements in its slot ([`split_into`]), the first page goes in the room
//! they leave (at least one whole row under the caption and header, else the policy moves the
//! table whole to the next slide) and the others take the whole slot.

use super::{usable, Columns, Measured, TableItem};
use crate::ctx::Ctx;
use crate::element::text_split::MAX_CONTINUATIONS;
use crate::element::{Body, Split};
use crate::model::Rect;
use crate::shrink::size_steps;
use crate::text::prepare;
use specrender_spec::units::Emu;
use std::ops::Range;

/// Greedy pages of body rows: as many whole rows as fit under the caption and header, in
/// `first` of room on the first page and `room` on every other.
fn pages(m: &Measured, first: Emu, room: Emu) -> Vec<Range<usize>> {
    let above = m.caption.unwrap_or(0) + m.header;
    let mut out = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, &h) in m.rows.iter().enumerate() {
        let avail = if out.is_empty() { first } else { room } - above;
        if i > start && used + h > avail {
            out.push(start..i);
            start = i;
            used = 0;
        }
        used += h;
    }
    out.push(start..m.rows.len());
    out
}

/// The pages of `base` (overflowing `rect`), or `None` when it has nothing to cut.
pub(super) fn split(ctx: &mut Ctx<'_>, base: &TableItem, rect: Rect) -> Option<Split> {
    split_from(ctx, base, None, rect)
}

/// The pages of `base` stacked below other elements: the first in `first` (the room they
/// leave), the others in `rest`; `None` when not even one row fits `first` at the floor.
pub(super) fn split_into(
    ctx: &mut Ctx<'_>,
    base: &TableItem,
    first: Rect,
    rest: Rect,
) -> Option<Split> {
    split_from(ctx, base, Some(first), rest)
}

fn split_from(
    ctx: &mut Ctx<'_>,
    base: &TableItem,
    first: Option<Rect>,
    rect: Rect,
) -> Option<Split> {
    if base.range.len() < 2 {
        return None;
    }
    // Pages are measured with the widest page label the caption can get (" (88/88)"), so a
    // label that wraps the caption is counted.
    let probe = &labelled(ctx, base, base.clone(), (88, 88));
    let room = usable(rect.h);
    let head = first.map_or(room, |f| usable(f.h));
    // At `s`: does the first page hold a whole row, and (what the columns cut below their
    // narrowest lack, pages). A table whose columns do not fit even at the floor stays at the
    // floor: every size above cuts its words more.
    let key = |s| {
        let m = probe.measure(s, rect.w);
        let holds = m.caption.unwrap_or(0) + m.header + m.rows[0] <= head;
        let key = (m.cols.shortfall, pages(&m, head, room).len());
        (holds || first.is_none(), key)
    };
    let floor = base.floor().min(base.requested);
    let (holds, best) = key(floor);
    if !holds {
        return None;
    }
    let size = size_steps(base.requested, floor)
        .into_iter()
        .find(|&s| matches!(key(s), (true, k) if k <= best))
        .unwrap_or(floor);
    let m = probe.measure(size, rect.w);
    let mut chunks = pages(&m, head, room);
    if chunks.len() > MAX_CONTINUATIONS + 1 {
        let tail = chunks[MAX_CONTINUATIONS].start..base.range.len();
        chunks.truncate(MAX_CONTINUATIONS);
        chunks.push(tail);
    }
    if chunks.len() <= 1 {
        return None;
    }
    let n = chunks.len() as u32;
    let pieces = chunks
        .into_iter()
        .enumerate()
        .map(|(k, range)| {
            Body::Table(Box::new(piece(
                ctx,
                base,
                &m.cols,
                size,
                range,
                (k as u32 + 1, n),
            )))
        })
        .collect();
    Some(Split {
        pieces,
        units: base.range.len(),
        page_titles: true,
    })
}

/// One page: the rows `range` at `size` with the whole table's columns, its caption
/// labelled with the page.
fn piece(
    ctx: &mut Ctx<'_>,
    base: &TableItem,
    cols: &Columns,
    size: u32,
    range: Range<usize>,
    page: (u32, u32),
) -> TableItem {
    let mut t = base.clone();
    t.range = base.range.start + range.start..base.range.start + range.end;
    t.size = size;
    t.page = page;
    t.fixed = Some(cols.clone());
    labelled(ctx, base, t, page)
}

/// `t` with its caption (the table's title) labelled with `page`: `Revenue (2/3)`.
fn labelled(ctx: &mut Ctx<'_>, base: &TableItem, mut t: TableItem, page: (u32, u32)) -> TableItem {
    if let Some(title) = &base.title {
        let label = format!("{title} ({}/{})", page.0, page.1);
        let lang = ctx.shape_lang();
        t.caption = Some(std::rc::Rc::new(
            super::split_paras(&label)
                .iter()
                .map(|p| {
                    prepare(
                        &mut ctx.m,
                        &base.bold_fonts,
                        lang,
                        p,
                        base.requested,
                        1 << 40,
                    )
                })
                .collect(),
        ));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: Vec<Emu>) -> Measured {
        Measured {
            cols: Columns {
                widths: vec![100],
                overflow: Vec::new(),
                shortfall: 0,
            },
            caption: Some(10),
            header: 20,
            rows,
        }
    }

    #[test]
    fn whole_rows_per_page_under_the_repeated_header() {
        // 100 of room: 70 for body rows on every page.
        assert_eq!(
            pages(&m(vec![30, 30, 30, 30, 30]), 100, 100),
            vec![0..2, 2..4, 4..5]
        );
        // A row taller than a page gets a page of its own.
        assert_eq!(
            pages(&m(vec![30, 90, 30]), 100, 100),
            vec![0..1, 1..2, 2..3]
        );
        assert_eq!(pages(&m(vec![10]), 100, 100), vec![0..1]);
    }

    #[test]
    fn the_first_page_takes_what_the_room_left_holds() {
        // 60 of room below the other elements: one row under the caption and header there,
        // then 70 for body rows on every other page.
        assert_eq!(
            pages(&m(vec![30, 30, 30, 30, 30]), 60, 100),
            vec![0..1, 1..3, 3..5]
        );
    }
}
