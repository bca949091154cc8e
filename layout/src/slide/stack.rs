//! Several elements in one slot: they stack top to bottom by measured height, a 0.1 in gap
//! apart. While the stack is too tall, the element with the lowest `constraints.priority`
//! (the later one on ties) gives up 0.5 pt (step 1); when none can shrink, paragraph spacing
//! goes (step 2). Elements without a height of their own (placeholders) share what is left,
//! at least a quarter of the slot each. An element alone in its slot is simply fitted to it.

use super::assign::Target;
use super::Item;
use crate::model::Rect;
use crate::preset::{Slot, GAP};
use specrender_spec::units::Emu;
use std::cmp::Reverse;

/// Steps 1–2 for every slot of the slide (and every explicitly placed element alone).
pub fn fit_all(items: &mut [Item], slots: &[Slot]) {
    for (rect, idx) in groups(items, slots) {
        fit_slot(items, &idx, rect);
    }
}

/// Steps 1–2 for `items` stacked in one slot `rect` (in order).
pub fn fit_stack(items: &mut [Item], rect: Rect) {
    let idx: Vec<usize> = (0..items.len()).collect();
    fit_slot(items, &idx, rect);
}

/// The part of `rect` below `items` as they are stacked at their current sizes (a gap below
/// the last), or `None` when one of them takes whatever height is left.
pub fn room_below(items: &[Item], rect: Rect) -> Option<Rect> {
    let mut used: Emu = 0;
    for it in items {
        used += it.body.fit().needed_height(rect.w)? + GAP;
    }
    let h = rect.h - used;
    (h > 0).then_some(Rect {
        y: rect.y + used,
        h,
        ..rect
    })
}

/// Groups of item indices per slot role, in slot order; explicit items alone.
fn groups(items: &[Item], slots: &[Slot]) -> Vec<(Rect, Vec<usize>)> {
    let mut out = Vec::new();
    for s in slots {
        let idx: Vec<usize> = (0..items.len())
            .filter(|&i| items[i].target == Target::Slot(s.role))
            .collect();
        if !idx.is_empty() {
            out.push((s.rect, idx));
        }
    }
    for (i, it) in items.iter().enumerate() {
        if it.target == Target::Explicit {
            out.push((it.rect, vec![i]));
        }
    }
    out
}

/// Lays out the items `idx` of one slot `rect`.
fn fit_slot(items: &mut [Item], idx: &[usize], rect: Rect) {
    if let [i] = idx {
        let it = &mut items[*i];
        it.rect = rect;
        it.body.fit_mut().fit_alone(rect);
        return;
    }
    let avail = rect.h - GAP * (idx.len() as Emu - 1);
    let flex_min = rect.h / 4;
    let heights = |items: &[Item]| -> Vec<Option<Emu>> {
        idx.iter()
            .map(|&i| items[i].body.fit().needed_height(rect.w))
            .collect()
    };
    let mut hs = heights(items);
    let n_flex = hs.iter().filter(|h| h.is_none()).count() as Emu;
    let total = |hs: &[Option<Emu>]| hs.iter().flatten().sum::<Emu>() + n_flex * flex_min;
    while total(&hs) > avail {
        // The lowest priority element that can shrink (the later one on ties) gives up 0.5 pt.
        let pick = idx
            .iter()
            .enumerate()
            .filter(|&(_, &i)| items[i].body.fit().can_shrink())
            .map(|(k, &i)| (items[i].body.fit().priority(), Reverse(k), k))
            .min()
            .map(|(_, _, k)| k);
        if let Some(k) = pick {
            let f = items[idx[k]].body.fit_mut();
            f.shrink_step();
            hs[k] = f.needed_height(rect.w);
            continue;
        }
        let mut changed = false;
        for &i in idx {
            changed |= items[i].body.fit_mut().reduce_spacing();
        }
        if !changed {
            break;
        }
        hs = heights(items);
    }
    place(items, idx, rect, &allocate(&hs, avail, flex_min));
}

/// Heights of the stacked boxes: measured heights, the room left shared among the flexible
/// ones (or given to the last box); when still too tall, the slot shared in proportion to
/// need (QC then reports the overflow).
fn allocate(hs: &[Option<Emu>], avail: Emu, flex_min: Emu) -> Vec<Emu> {
    let n_flex = hs.iter().filter(|h| h.is_none()).count() as Emu;
    let text_total: Emu = hs.iter().flatten().sum();
    let mut alloc: Vec<Emu> = hs.iter().map(|h| h.unwrap_or(0)).collect();
    if text_total + n_flex * flex_min <= avail {
        let extra = avail - text_total;
        if n_flex > 0 {
            let each = extra / n_flex;
            for (a, h) in alloc.iter_mut().zip(hs) {
                if h.is_none() {
                    *a = each;
                }
            }
        } else if let Some(last) = alloc.last_mut() {
            *last += extra;
        }
    } else {
        let denom = (text_total + n_flex * flex_min).max(1);
        for (a, h) in alloc.iter_mut().zip(hs) {
            let need = h.unwrap_or(flex_min);
            *a = (avail as i128 * need as i128 / denom as i128) as Emu;
        }
    }
    alloc
}

/// Puts the stacked boxes top to bottom, a gap apart.
fn place(items: &mut [Item], idx: &[usize], rect: Rect, heights: &[Emu]) {
    let mut y = rect.y;
    for (&i, &h) in idx.iter().zip(heights) {
        items[i].rect = Rect {
            x: rect.x,
            y,
            w: rect.w,
            h,
        };
        y += h + GAP;
    }
}

#[cfg(test)]
mod tests {
    use super::allocate;

    #[test]
    fn room_left_goes_to_flexible_boxes_or_the_last() {
        assert_eq!(allocate(&[Some(10), None, None], 50, 5), vec![10, 20, 20]);
        assert_eq!(allocate(&[Some(10), Some(5)], 50, 5), vec![10, 40]);
    }

    #[test]
    fn too_tall_stacks_share_in_proportion() {
        assert_eq!(allocate(&[Some(60), Some(40)], 50, 5), vec![30, 20]);
        assert_eq!(allocate(&[Some(90), None], 50, 10), vec![45, 5]);
    }
}
