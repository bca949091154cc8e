//! Column widths from measured content. Per column, two widths at the size tried: the
//! narrowest it may be (its longest unbreakable piece — a word, a number, a part number, a
//! URL, a whole Korean word under LibreOffice's rules — so nothing breaks inside) and the
//! width that puts every cell on one line. Then, in the slot's width `w`:
//!
//! - everything on one line fits: each column gets its one-line width, and what is left is
//!   shared in proportion to it (the table fills its slot);
//! - else the narrowest widths fit: each column gets its narrowest width, and what is left is
//!   shared in proportion to how much more each would take to be on one line (the automatic
//!   table layout of HTML), so long text wraps where it has most to gain;
//! - else the columns do not fit: they are scaled down together (words break inside, and the
//!   fit policy shrinks, then reports `table_overflow` naming the columns from the first one
//!   whose narrowest width no longer fits).

use crate::text::grid::{Grid, GRID_SLACK};
use crate::text::Prepared;
use specrender_spec::units::{Cpt, Emu};

/// (narrowest, one-line) width in EMU of a paragraph's text at `size`, as `linebreak::fill`
/// measures lines (the wider of the 600 dpi grid and the nominal advances, under both rule
/// sets), plus the slack a line keeps.
pub fn para_extent(p: &Prepared, size: Cpt) -> (Emu, Emu) {
    #[cfg(test)]
    EXTENTS.with(|n| n.set(n.get() + 1));
    let need = |w: f64| (w + GRID_SLACK).ceil() as Emu + 1;
    if p.over_budget() {
        return (need(0.0), need(0.0));
    }
    let grid = Grid::at(size);
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for pieces in std::iter::once(&p.pieces).chain(p.pieces_libreoffice.as_ref()) {
        let mut line = 0.0f64;
        let mut vis = 0.0f64;
        for piece in pieces {
            let (trim, full) = grid.widths(piece, &p.ems);
            lo = lo.max(trim);
            vis = line + trim;
            line += full;
        }
        hi = hi.max(vis);
    }
    (need(lo), need(hi))
}

#[cfg(test)]
thread_local! {
    /// Paragraph extents measured on this thread: a work counter for tests (a table's
    /// measuring must stay linear in its cells).
    pub static EXTENTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Column widths adding up to `w` from each column's (narrowest, one-line) width, and the
/// first column that does not fit (`None` when every column gets at least its narrowest).
pub fn distribute(needs: &[(Emu, Emu)], w: Emu) -> (Vec<Emu>, Option<usize>) {
    let n = needs.len();
    if n == 0 {
        return (Vec::new(), None);
    }
    let sum_min: Emu = needs.iter().map(|c| c.0).sum();
    let sum_max: Emu = needs.iter().map(|c| c.1).sum();
    let mut widths: Vec<Emu>;
    let mut overflow = None;
    if sum_max <= w {
        widths = share(
            needs.iter().map(|c| c.1),
            w - sum_max,
            needs.iter().map(|c| c.1),
        );
    } else if sum_min <= w {
        let gain = needs.iter().map(|c| c.1 - c.0);
        widths = share(needs.iter().map(|c| c.0), w - sum_min, gain);
    } else {
        widths = needs
            .iter()
            .map(|c| (c.0 as i128 * w as i128 / sum_min as i128) as Emu)
            .collect();
        let mut acc = 0;
        overflow = needs.iter().position(|c| {
            acc += c.0;
            acc > w
        });
    }
    // Integer rounding: the last column takes the remainder, so the widths add up to `w`.
    let sum: Emu = widths.iter().sum();
    widths[n - 1] += w - sum;
    (widths, overflow)
}

/// `base` plus `extra` shared in proportion to `weights` (equally when they are all zero).
fn share(
    base: impl Iterator<Item = Emu>,
    extra: Emu,
    weights: impl Iterator<Item = Emu> + Clone,
) -> Vec<Emu> {
    let total: i128 = weights.clone().map(i128::from).sum();
    let n = weights.clone().count() as i128;
    base.zip(weights)
        .map(|(b, wt)| {
            let add = if total > 0 {
                extra as i128 * wt as i128 / total
            } else {
                extra as i128 / n.max(1)
            };
            b + add as Emu
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_widths_fill_the_slot_in_proportion() {
        let (w, o) = distribute(&[(10, 100), (10, 300)], 800);
        assert_eq!(w, vec![200, 600]);
        assert_eq!(o, None);
    }

    #[test]
    fn wrapping_columns_gain_by_what_they_lack() {
        // Narrowest 100 + 100; column 2 lacks 400 to be one line, column 1 nothing.
        let (w, o) = distribute(&[(100, 100), (100, 500)], 400);
        assert_eq!(w, vec![100, 300]);
        assert_eq!(o, None);
    }

    #[test]
    fn columns_past_the_width_are_named() {
        let (w, o) = distribute(&[(300, 300), (300, 400), (300, 300)], 700);
        assert_eq!(w.iter().sum::<Emu>(), 700);
        assert_eq!(o, Some(2));
        let (_, o) = distribute(&[(800, 800), (10, 10)], 700);
        assert_eq!(o, Some(0));
    }
}
