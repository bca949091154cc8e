//! LibreOffice's 600 dpi layout grid: glyph advances rounded to device pixels at one font
//! size, and the slack a line keeps for what the grid model does not capture.

use super::linebreak::Piece;
pub use specrender_spec::units::EMU_PER_PX_600DPI as EMU_PER_PX;

/// LibreOffice's 600 dpi layout grid, at one font size.
///
/// Impress formats text on a 600 dpi reference device: the font height is kept in 1/100 mm
/// and the font is instantiated at a whole number of device pixels, and every glyph advance is
/// rounded to whole pixels. So a 20 pt Hangul syllable (0.92 em) is 154 px = 18.48 pt, not
/// 18.4 pt, and a 16 pt one 122 px = 14.64 pt, not 14.72 (conformance finding: measured to
/// the pixel in LibreOffice 7.4's PDFs for 12–40 pt). Lines are measured both this way and
/// nominally (advances x size, as PowerPoint does); the wider of the two decides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Font size in device pixels.
    pub px: f64,
    /// Nominal size in pt.
    pub pt: f64,
    /// One Asian–Latin autospace in EMU (a fifth of 1.2 x the font height, in 1/100 mm).
    pub autospace: f64,
}

impl Grid {
    pub fn at(size_cpt: u32) -> Grid {
        let pt = size_cpt as f64 / 100.0;
        let hmm = (pt * 2540.0 / 72.0).round();
        let px = (hmm * 600.0 / 2540.0).round();
        let autospace = ((hmm * 1.2).floor() / 5.0).floor() * 360.0;
        Grid { px, pt, autospace }
    }

    /// (visible width, width with trailing spaces) of `p` in EMU: the wider of the grid and
    /// the nominal measure.
    pub fn widths(&self, p: &Piece, ems: &[f32]) -> (f64, f64) {
        let nominal = (p.w_trim * self.pt, p.w_full * self.pt);
        if p.g.2 == p.g.0 {
            return nominal;
        }
        // Each glyph is a whole number of pixels, so the sum is exact in integers: adding
        // them as i64 (no f64 add chain, no branch on the rounding) gives the same f64.
        let px = |r: std::ops::Range<u32>| -> f64 {
            ems[r.start as usize..r.end as usize]
                .iter()
                .map(|&e| round_px(f64::from(e) * self.px))
                .sum::<i64>() as f64
        };
        let trim = px(p.g.0..p.g.1) * EMU_PER_PX + f64::from(p.auto.0) * self.autospace;
        let full = trim + px(p.g.1..p.g.2) * EMU_PER_PX + f64::from(p.auto.1) * self.autospace;
        (trim.max(nominal.0), full.max(nominal.1))
    }
}

/// `x.round()` (half away from zero), without the libm call `f64::round` becomes on the
/// x86-64 baseline (no SSE4.1): every glyph of every piece is rounded at every size tried.
/// For 0 < x < 2^53 the truncation is exact and so is `x - t` (Sterbenz), so the result is
/// exactly `x.round()`; anything else takes `round` itself.
#[inline]
pub fn round_half_away(x: f64) -> f64 {
    if x > 0.0 && x < 9.0e15 {
        let t = x as i64 as f64;
        if x - t >= 0.5 {
            t + 1.0
        } else {
            t
        }
    } else {
        x.round()
    }
}

/// [`round_half_away`] as an integer, without a branch on the fraction (a glyph advance in
/// pixels is as often below .5 as above, so that branch is mispredicted half the time). Equal
/// to `round_half_away(x) as i64` for every finite `x` whose rounding fits an i64.
#[inline]
fn round_px(x: f64) -> i64 {
    if x > 0.0 && x < 9.0e15 {
        let t = x as i64;
        t + i64::from(x - t as f64 >= 0.5)
    } else {
        x.round() as i64
    }
}

/// A line must leave this much room (EMU): 2 px at 600 dpi, for where the grid model is not
/// exact (kerning rounded with its glyph, positions rounded per text portion).
pub const GRID_SLACK: f64 = 2.0 * EMU_PER_PX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_half_away_is_round() {
        let mut xs = vec![
            0.0,
            0.5,
            1.5,
            2.5,
            0.49999999999999994,
            4503599627370495.5,
            4503599627370497.0,
            -0.5,
            -2.5,
            1e300,
            f64::NAN,
            f64::INFINITY,
            -0.0,
        ];
        // Glyph advances (em, as f32) times device pixel sizes, as the grid computes them.
        for a in 0..=2048 {
            for px in [40.0, 83.0, 112.0, 163.0, 167.0, 233.0, 300.0] {
                xs.push(f64::from((f64::from(a) / 2048.0) as f32) * px);
                xs.push(f64::from((f64::from(a) / 1000.0) as f32) * px);
            }
        }
        for x in xs {
            let (a, b) = (round_half_away(x), x.round());
            assert!(
                a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                "{x}: {a} vs {b}"
            );
        }
    }

    #[test]
    fn round_px_is_round_half_away() {
        let mut xs = vec![
            0.0,
            0.5,
            1.5,
            2.5,
            0.49999999999999994,
            -0.5,
            -2.5,
            -0.0,
            1e15,
        ];
        for a in 0..=4096 {
            for px in [40.0, 83.0, 112.0, 163.0, 167.0, 233.0, 300.0, 1200.0] {
                xs.push(f64::from((f64::from(a) / 2048.0) as f32) * px);
                xs.push(f64::from((f64::from(a) / 1000.0) as f32) * px);
                xs.push(-f64::from((f64::from(a) / 1000.0) as f32) * px);
            }
        }
        for x in xs {
            assert_eq!(round_px(x) as f64, round_half_away(x), "{x}");
        }
    }

    #[test]
    fn grid_rounds_each_glyph_to_600_dpi_pixels() {
        // 20 pt: 705.56 -> 706 (1/100 mm) -> 166.77 -> 167 px; 28 pt: 233 px; 36 pt: 300 px.
        assert_eq!(Grid::at(2000).px, 167.0);
        assert_eq!(Grid::at(2800).px, 233.0);
        assert_eq!(Grid::at(3600).px, 300.0);
        assert_eq!(Grid::at(1350).px, 112.0);
        assert_eq!(Grid::at(1950).px, 163.0);
        // Autospace at 20 pt: floor(floor(706 x 1.2) / 5) = 169 (1/100 mm).
        assert_eq!(Grid::at(2000).autospace, 169.0 * 360.0);
        // Three Hangul syllables (0.92 em) at 20 pt: 3 x round(153.64) = 462 px, wider than
        // the nominal 3 x 0.92 x 20 pt.
        let ems = [0.92f32; 3];
        let p = Piece {
            start: 0,
            end: 9,
            trim_end: 9,
            w_trim: 3.0 * 0.92 * 12_700.0,
            w_full: 3.0 * 0.92 * 12_700.0,
            graphemes: vec![],
            g: (0, 3, 3),
            auto: (0, 0),
        };
        let (t, f) = Grid::at(2000).widths(&p, &ems);
        assert_eq!((t, f), (462.0 * EMU_PER_PX, 462.0 * EMU_PER_PX));
        // At 16 pt the grid is narrower (3 x 122 px) than nominal: nominal wins.
        let (t, _) = Grid::at(1600).widths(&p, &ems);
        assert!((t - 3.0 * 0.92 * 16.0 * 12_700.0).abs() < 1e-6);
    }
}
