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
//! - else the columns do not fit and words must break inside. Of two ways to cut them, the
//!   one that breaks fewer cells: the widest columns cut down to one common width (the
//!   largest that fits, at least the slot's average) with the others at their narrowest — a
//!   column of long identifiers breaks while the numbers beside it stay whole, where scaling
//!   broke "54110" into "5411 / 0" beside a 44-letter file name; or every column scaled down
//!   together — better when all columns are about as wide as the slot allows, since it keeps
//!   their proportions. The fit policy shrinks, then reports `table_overflow` naming exactly
//!   the columns cut.

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
/// columns given less than their narrowest, in order (empty when every column gets at least
/// its narrowest). `cells` gives, per column, each of its cells' narrowest width (margins
/// included, any order); it is asked only when the narrowest widths do not fit, to count
/// the cells each way of cutting breaks.
pub fn distribute<C>(
    needs: &[(Emu, Emu)],
    w: Emu,
    cells: impl FnOnce() -> C,
) -> (Vec<Emu>, Vec<usize>)
where
    C: std::ops::Deref<Target = [Vec<Emu>]>,
{
    let n = needs.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    let sum_min: Emu = needs.iter().map(|c| c.0).sum();
    let sum_max: Emu = needs.iter().map(|c| c.1).sum();
    let mut widths: Vec<Emu>;
    let mut narrowed = Vec::new();
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
        let (capped, scaled) = (capped(needs, w), scaled(needs, w));
        let cells = cells();
        let broken = |ws: &[Emu]| -> usize {
            ws.iter()
                .zip(cells.iter())
                .map(|(&x, c)| c.iter().filter(|&&need| need > x).count())
                .sum()
        };
        widths = if broken(&scaled) < broken(&capped) {
            scaled
        } else {
            capped
        };
        narrowed = (0..n).filter(|&i| widths[i] < needs[i].0).collect();
        return (widths, narrowed);
    }
    // Integer rounding: the last column takes the remainder, so the widths add up to `w`.
    let sum: Emu = widths.iter().sum();
    widths[n - 1] += w - sum;
    (widths, narrowed)
}

/// The columns wider than one common width cut to it, the others at their narrowest
/// ([`common_cap`]); what the cap leaves (less than one EMU per cut column) goes to the cut
/// columns.
fn capped(needs: &[(Emu, Emu)], w: Emu) -> Vec<Emu> {
    let cap = common_cap(needs.iter().map(|c| c.0), w);
    let mut widths: Vec<Emu> = needs.iter().map(|c| c.0.min(cap)).collect();
    let left = (w - widths.iter().sum::<Emu>()).max(0) as usize;
    for i in (0..needs.len()).filter(|&i| needs[i].0 > cap).take(left) {
        widths[i] += 1;
    }
    widths
}

/// Every column's narrowest width scaled down by one factor; the last column takes the
/// rounding.
fn scaled(needs: &[(Emu, Emu)], w: Emu) -> Vec<Emu> {
    let sum_min: i128 = needs.iter().map(|c| i128::from(c.0)).sum();
    let mut widths: Vec<Emu> = needs
        .iter()
        .map(|c| (i128::from(c.0) * i128::from(w) / sum_min.max(1)) as Emu)
        .collect();
    let sum: Emu = widths.iter().sum();
    if let Some(last) = widths.last_mut() {
        *last += w - sum;
    }
    widths
}

/// The largest width `c` with `sum(min(narrowest, c)) <= w`: columns narrower than `c` keep
/// their width, the others are cut to `c`. Never less than `w / n` (then every column's
/// `min` is at most the average).
fn common_cap(narrowest: impl Iterator<Item = Emu>, w: Emu) -> Emu {
    let mut sorted: Vec<Emu> = narrowest.collect();
    sorted.sort_unstable();
    let n = sorted.len() as Emu;
    let mut below = 0; // sum of the columns kept whole
    for (k, &x) in sorted.iter().enumerate() {
        let rest = n - k as Emu; // columns from here on, all at least `x`
        if below + x * rest > w {
            // Cutting these `rest` columns to one width: what is left shared among them.
            return (w - below).max(0) / rest;
        }
        below += x;
    }
    sorted.last().copied().unwrap_or(0)
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

    /// `distribute` for a table that fits: the cells are never asked for.
    fn fitting(needs: &[(Emu, Emu)], w: Emu) -> (Vec<Emu>, Vec<usize>) {
        distribute(needs, w, || -> Vec<Vec<Emu>> {
            panic!("cells asked for a table whose narrowest widths fit")
        })
    }

    /// Each column's cells: `k` cells as wide as the column's narrowest, `k` half as wide.
    fn cells_of(needs: &[(Emu, Emu)], k: usize) -> Vec<Vec<Emu>> {
        needs
            .iter()
            .map(|c| [vec![c.0; k], vec![c.0 / 2; k]].concat())
            .collect()
    }

    #[test]
    fn one_line_widths_fill_the_slot_in_proportion() {
        let (w, o) = fitting(&[(10, 100), (10, 300)], 800);
        assert_eq!(w, vec![200, 600]);
        assert!(o.is_empty());
    }

    #[test]
    fn wrapping_columns_gain_by_what_they_lack() {
        // Narrowest 100 + 100; column 2 lacks 400 to be one line, column 1 nothing.
        let (w, o) = fitting(&[(100, 100), (100, 500)], 400);
        assert_eq!(w, vec![100, 300]);
        assert!(o.is_empty());
    }

    #[test]
    fn columns_past_the_width_are_cut_and_named() {
        let needs = [(300, 300), (300, 400), (300, 300)];
        let (w, o) = distribute(&needs, 700, || cells_of(&needs, 1));
        assert_eq!(w, vec![234, 233, 233]);
        assert_eq!(o, vec![0, 1, 2]);
        let needs = [(800, 800), (10, 10)];
        let (w, o) = distribute(&needs, 700, || cells_of(&needs, 1));
        assert_eq!(w, vec![690, 10]);
        assert_eq!(o, vec![0]);
    }

    #[test]
    fn a_column_of_long_words_is_cut_and_the_numbers_beside_it_stay_whole() {
        // Five number columns 900 wide, one identifier column 8,000, ten rows: in 9,638 the
        // numbers keep 900 each and the identifiers take the rest (10 cells broken; scaling
        // them all down broke every number too: 60).
        let mut needs = vec![(900, 1200); 5];
        needs.push((8000, 20000));
        let cells: Vec<Vec<Emu>> = needs.iter().map(|c| vec![c.0; 10]).collect();
        let (w, o) = distribute(&needs, 9638, || cells);
        assert_eq!(&w[..5], &[900; 5]);
        assert_eq!(w[5], 9638 - 4500);
        assert_eq!(o, vec![5]);
    }

    #[test]
    fn columns_alike_are_scaled_together_when_that_breaks_fewer_cells() {
        // Twenty columns, ten of them a little wider, none fitting the slot's average: one
        // common width breaks the wider columns' shorter cells too; scaling keeps the
        // proportions (as the cells' own widths vary like the columns').
        let mut needs = vec![(583, 583); 10];
        needs.extend(vec![(661, 661); 10]);
        let cells: Vec<Vec<Emu>> = needs
            .iter()
            .map(|c| vec![c.0, c.0 - 60, c.0 - 60, c.0 - 60])
            .collect();
        let (w, o) = distribute(&needs, 11_278, || cells.clone());
        assert_eq!(w, scaled(&needs, 11_278));
        assert_eq!(o.len(), 20);
        let broken = |ws: &[Emu]| -> usize {
            ws.iter()
                .zip(&cells)
                .map(|(&x, c)| c.iter().filter(|&&n| n > x).count())
                .sum()
        };
        assert!(broken(&w) < broken(&capped(&needs, 11_278)));
    }

    #[test]
    fn the_common_width_is_at_least_the_average() {
        // Two wide columns over a narrow slot: each gets half, the narrow one its own.
        let needs = [(5000, 5000), (100, 100), (6000, 6000)];
        assert_eq!(capped(&needs, 3100), vec![1500, 100, 1500]);
        for (needs, slot) in [
            (vec![(7, 7), (9, 9), (4000, 4000)], 30),
            (vec![(50, 60); 4], 199),
        ] {
            let w = capped(&needs, slot);
            assert_eq!(w.iter().sum::<Emu>(), slot);
            let avg = slot / needs.len() as Emu;
            for (i, &x) in w.iter().enumerate() {
                assert!(x >= needs[i].0.min(avg));
            }
        }
    }
}
