//! Fit policy step 1's arithmetic, shared by every element kind: sizes go down in 0.5 pt
//! steps, and the largest size that fits is found by binary search.

use specrender_spec::units::Cpt;

/// Shrink step: 0.5 pt.
pub const STEP: Cpt = 50;

/// Sizes from `from` down to `to` in 0.5 pt steps, `to` always last.
pub fn size_steps(from: Cpt, to: Cpt) -> Vec<Cpt> {
    let mut v = Vec::new();
    let mut s = from;
    while s > to {
        v.push(s);
        s = s.saturating_sub(STEP);
    }
    v.push(to.min(from));
    v
}

/// The first (largest) of `sizes` (descending) at which `fits` holds, found by binary search:
/// the same size a scan from the top finds, because fitting is monotone in the size. At a
/// smaller size every piece is narrower by the same factor (widths scale linearly; IEEE
/// multiplication and addition are monotone), so greedy filling — a line takes a piece
/// whenever the line so far plus the piece fits — never needs more lines (a shorter run of
/// pieces always fits where a longer one did; a word broken by grapheme needs no more lines
/// either); Korean counts the larger of two such fillings; pitch and paragraph spacing grow
/// with the size while the usable height does not depend on it. `tests/monotone.rs` checks
/// the line counts on generated decks.
pub fn largest_fitting(sizes: &[Cpt], mut fits: impl FnMut(Cpt) -> bool) -> Option<Cpt> {
    sizes.get(sizes.partition_point(|&s| !fits(s))).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_end_at_the_floor() {
        assert_eq!(size_steps(2000, 1850), vec![2000, 1950, 1900, 1850]);
        assert_eq!(size_steps(2000, 1875), vec![2000, 1950, 1900, 1875]);
        assert_eq!(size_steps(1200, 2000), vec![1200]);
    }

    #[test]
    fn largest_fitting_finds_the_first_that_fits() {
        let sizes = size_steps(2000, 1200);
        assert_eq!(largest_fitting(&sizes, |s| s <= 1650), Some(1650));
        assert_eq!(largest_fitting(&sizes, |_| false), None);
        assert_eq!(largest_fitting(&sizes, |_| true), Some(2000));
    }
}
