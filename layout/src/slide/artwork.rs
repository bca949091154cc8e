//! Artwork as an obstacle (issue 45, docs/concepts/fit-policy.md): a laid line whose ink lands
//! on the template's artwork (an opaque decoration of the slide's master or layout, at its
//! outline: [`specrender_model::artwork`]) does not fit. When a slide's first layout has such
//! lines, each slot they are in is narrowed to the largest part of it clear of the artwork
//! ([`free_part`]) and the slide is laid out again from its slots — the fit steps then shrink,
//! reflow and split into the smaller slot as for any overflow. The second layout is kept when
//! it leaves fewer lines on artwork and no more boxes overflowing; what is left, QC reports (`overlaps_artwork`). Artwork
//! under a whole box is a band the text is meant to sit on and is no obstacle; a slot whose
//! clear part is too small (under 40 % of its width, height or area) is left as it is.

use specrender_model::artwork::{hits, Artwork, BAND_SHARE};
use specrender_model::{LaidSlide, Preset, Rect};
use specrender_spec::units::{Emu, EMU_PER_INCH};

use super::assign::Target;
use crate::ctx::Ctx;
use crate::preset::{Slot, SlotRole, GAP};
use specrender_spec::deck::Slide;

/// Cells per side of the grid a slot's clear part is found on.
pub const GRID: usize = 32;
/// A cell is blocked when artwork covers more than this share of it (1 / N): 2 %.
pub const CELL_DENOMINATOR: f64 = 50.0;
/// A clear part smaller than this share of the slot's width, height or area (40 %) is no
/// place for its text: the slot stays, and QC reports the lines.
pub const MIN_SHARE: f64 = 0.4;
/// Nor is one under 1 in wide or 0.4 in tall.
pub const MIN_W: Emu = EMU_PER_INCH;
pub const MIN_H: Emu = EMU_PER_INCH * 2 / 5;

/// How many laid lines of `slides` lie on artwork, and the slots (of the slides that went onto
/// `preset`) whose elements they belong to, by the elements' `targets`.
pub fn lines_on_artwork(
    ctx: &Ctx<'_>,
    source: &Slide,
    targets: &[Target],
    preset: Preset,
    slides: &[LaidSlide],
) -> (usize, Vec<SlotRole>) {
    let frame = ctx.frame;
    let mut count = 0;
    let mut roles = Vec::new();
    for ls in slides {
        let Some(index) = frame.template_layout_index(ls.preset) else {
            continue;
        };
        let art = frame.look.artwork(index);
        if art.is_empty() {
            continue;
        }
        for b in &ls.boxes {
            let inks = b.inks();
            if inks.is_empty() {
                continue;
            }
            let mut on: Vec<usize> = hits(&art, &b.rect, &inks)
                .into_iter()
                .flat_map(|(_, lines)| lines)
                .collect();
            on.sort_unstable();
            on.dedup();
            if on.is_empty() {
                continue;
            }
            count += on.len();
            let target = source
                .elements
                .iter()
                .position(|e| e.id == b.element_id)
                .and_then(|i| targets.get(i));
            if let (Some(Target::Slot(role)), true) = (target, ls.preset == preset) {
                if !roles.contains(role) {
                    roles.push(*role);
                }
            }
        }
    }
    (count, roles)
}

/// `slots` with each slot of `roles` narrowed to its part clear of the artwork of `preset`'s
/// template layout; `None` when no slot changes.
pub fn cleared(
    ctx: &mut Ctx<'_>,
    preset: Preset,
    slots: &[Slot],
    roles: &[SlotRole],
) -> Option<Vec<(SlotRole, Rect, Rect)>> {
    let frame = ctx.frame;
    let index = frame.template_layout_index(preset)?;
    let mut art = None;
    let mut changed: Vec<(SlotRole, Rect, Rect)> = Vec::new();
    for s in slots.iter().filter(|s| roles.contains(&s.role)) {
        // The same slot on the same layout has the same clear part: found once per job.
        let r = s.rect;
        let key = (index, [r.x, r.y, r.w, r.h]);
        let free = match ctx.clear_parts.get(&key) {
            Some(f) => *f,
            None => {
                let art = art.get_or_insert_with(|| frame.look.artwork(index));
                let f = free_part(art, r);
                ctx.clear_parts.insert(key, f);
                f
            }
        };
        if let Some(free) = free.filter(|f| *f != r) {
            changed.push((s.role, r, free));
        }
    }
    (!changed.is_empty()).then_some(changed)
}

/// The largest rectangle of `rect` clear of `art` (artwork under the whole of `rect` aside),
/// found on a [`GRID`] x [`GRID`] grid of its cells and kept [`GAP`] from the artwork; `None`
/// when nothing is in the way or the clear part is too small to hold text ([`MIN_SHARE`], [`MIN_W`], [`MIN_H`]).
pub fn free_part(art: &[Artwork<'_>], rect: Rect) -> Option<Rect> {
    if rect.w <= 0 || rect.h <= 0 {
        return None;
    }
    let area = rect.area() as f64;
    let obstacles: Vec<&Artwork<'_>> = art
        .iter()
        .filter(|a| {
            let over = a.area_over(&rect);
            over > 0.0 && over < area * BAND_SHARE
        })
        .collect();
    if obstacles.is_empty() {
        return None;
    }
    // Cell edges: exact at the slot's edges.
    let xs: Vec<Emu> = (0..=GRID)
        .map(|i| rect.x + (i128::from(rect.w) * i as i128 / GRID as i128) as Emu)
        .collect();
    let ys: Vec<Emu> = (0..=GRID)
        .map(|i| rect.y + (i128::from(rect.h) * i as i128 / GRID as i128) as Emu)
        .collect();
    let mut free = [[false; GRID]; GRID];
    for (r, row) in free.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let cr = Rect {
                x: xs[c],
                y: ys[r],
                w: xs[c + 1] - xs[c],
                h: ys[r + 1] - ys[r],
            };
            let limit = cr.area() as f64 / CELL_DENOMINATOR;
            *cell = !obstacles.iter().any(|a| a.area_over(&cr) > limit);
        }
    }
    let (r0, c0, r1, c1) = largest(&free)?;
    // A gap from the artwork on every side that is not the slot's own.
    let inset = |at: usize, edge: usize, e: Emu| if at == edge { 0 } else { e };
    let (x0, y0) = (xs[c0] + inset(c0, 0, GAP), ys[r0] + inset(r0, 0, GAP));
    let (x1, y1) = (xs[c1] - inset(c1, GRID, GAP), ys[r1] - inset(r1, GRID, GAP));
    let found = Rect {
        x: x0,
        y: y0,
        w: (x1 - x0).max(0),
        h: (y1 - y0).max(0),
    };
    let enough = found.w as f64 >= rect.w as f64 * MIN_SHARE
        && found.h as f64 >= rect.h as f64 * MIN_SHARE
        && found.area() as f64 >= area * MIN_SHARE
        && found.w >= MIN_W.min(rect.w)
        && found.h >= MIN_H.min(rect.h);
    enough.then_some(found)
}

/// The largest all-true rectangle of `grid` as (top row, left column, bottom row, right
/// column), ends exclusive: each row's column heights, and the widest span under each height
/// (a stack of rising heights). Ties go to the first found, top to bottom, left to right.
fn largest(grid: &[[bool; GRID]; GRID]) -> Option<(usize, usize, usize, usize)> {
    let mut heights = [0usize; GRID];
    let mut best: Option<(usize, (usize, usize, usize, usize))> = None;
    for (r, row) in grid.iter().enumerate() {
        for (h, &open) in heights.iter_mut().zip(row) {
            *h = if open { *h + 1 } else { 0 };
        }
        // (start column, height)
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for (c, &h) in heights.iter().chain(std::iter::once(&0)).enumerate() {
            let mut start = c;
            while let Some(&(s, sh)) = stack.last() {
                if sh < h {
                    break;
                }
                stack.pop();
                let a = sh * (c - s);
                if sh > 0 && best.is_none_or(|(b, _)| a > b) {
                    best = Some((a, (r + 1 - sh, s, r + 1, c)));
                }
                start = s;
            }
            if h > 0 {
                stack.push((start, h));
            }
        }
    }
    best.map(|(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_clear_rectangle_of_a_grid() {
        let mut g = [[true; GRID]; GRID];
        // Block the left third of the top half.
        for row in g.iter_mut().take(GRID / 2) {
            for cell in row.iter_mut().take(GRID / 3) {
                *cell = false;
            }
        }
        // The right two thirds, full height (22 x 32), beat the full width of the bottom
        // half (32 x 16).
        assert_eq!(largest(&g), Some((0, GRID / 3, GRID, GRID)));
        let none = [[false; GRID]; GRID];
        assert_eq!(largest(&none), None);
        let all = [[true; GRID]; GRID];
        assert_eq!(largest(&all), Some((0, 0, GRID, GRID)));
    }
}
