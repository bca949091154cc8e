//! Units, in one place: every conversion between EMU, points, centipoints, inches and
//! LibreOffice's 600 dpi device pixels that the crates make.
//!
//! Geometry is integer EMU (English Metric Units, the unit of DrawingML: 914400 per inch,
//! 12700 per point) and font sizes integer centipoints (hundredths of a point, the unit of
//! `a:rPr sz`), so output never shifts with float formatting. Numbers shown to people and
//! agents (QC details, the fixes log) are rounded with integer arithmetic and written without
//! a trailing `.0` (`20`, `15.5`, `0.243`).

/// English Metric Units: 914400 per inch, 12700 per point.
pub type Emu = i64;
/// Font sizes and point quantities in hundredths of a point.
pub type Cpt = u32;

pub const EMU_PER_INCH: Emu = 914_400;
pub const EMU_PER_PT: Emu = 12_700;
/// One centipoint: 127 EMU, exactly.
pub const EMU_PER_CPT: Emu = EMU_PER_PT / 100;
/// EMU per device pixel of LibreOffice's 600 dpi reference device.
pub const EMU_PER_PX_600DPI: f64 = EMU_PER_INCH as f64 / 600.0;

/// Centipoints to EMU (exact).
pub const fn cpt_to_emu(c: Cpt) -> Emu {
    c as Emu * EMU_PER_CPT
}

/// Points (as given in an input) to centipoints, rounded and clamped to the type's range.
pub fn pt_to_cpt(pt: f64) -> Cpt {
    (pt * 100.0).round().clamp(0.0, u32::MAX as f64) as Cpt
}

/// Centipoints as points (for display and measurement in floating point).
pub fn cpt_to_pt(c: Cpt) -> f64 {
    f64::from(c) / 100.0
}

/// `n / d` rounded half away from zero, in integers (`d > 0`).
pub fn div_round(n: i128, d: i128) -> i128 {
    let q = (2 * n.abs() + d) / (2 * d);
    if n < 0 {
        -q
    } else {
        q
    }
}

/// A quantity in `1/scale` units, for display: whole numbers without a fraction (`20`),
/// others as the shortest decimal (`15.5`, `0.243`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scaled {
    pub units: i128,
    pub scale: i128,
}

impl Scaled {
    /// Centipoints as points, to 2 decimals.
    pub fn pt(c: Cpt) -> Scaled {
        Scaled {
            units: i128::from(c),
            scale: 100,
        }
    }

    /// EMU as points, rounded to 2 decimals.
    pub fn emu_as_pt(emu: Emu) -> Scaled {
        Scaled {
            units: div_round(i128::from(emu) * 100, i128::from(EMU_PER_PT)),
            scale: 100,
        }
    }

    /// EMU as inches, rounded to 3 decimals.
    pub fn emu_as_in(emu: Emu) -> Scaled {
        Scaled {
            units: div_round(i128::from(emu) * 1000, i128::from(EMU_PER_INCH)),
            scale: 1000,
        }
    }

    /// `n / d` rounded to 3 decimals.
    pub fn ratio(n: i128, d: i128) -> Scaled {
        Scaled {
            units: div_round(n * 1000, d),
            scale: 1000,
        }
    }

    pub fn is_whole(self) -> bool {
        self.units % self.scale == 0
    }

    /// The whole number, when [`Scaled::is_whole`].
    pub fn whole(self) -> i64 {
        (self.units / self.scale) as i64
    }

    pub fn to_f64(self) -> f64 {
        self.units as f64 / self.scale as f64
    }
}

impl std::fmt::Display for Scaled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_whole() {
            write!(f, "{}", self.whole())
        } else {
            // The shortest decimal that reads back as the same f64 (what JSON shows).
            write!(f, "{}", self.to_f64())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(cpt_to_emu(2000), 20 * EMU_PER_PT);
        assert_eq!(pt_to_cpt(15.5), 1550);
        assert_eq!(pt_to_cpt(-3.0), 0);
        assert_eq!(EMU_PER_CPT, 127);
    }

    #[test]
    fn scaled_shows_whole_numbers_without_a_fraction() {
        assert_eq!(Scaled::pt(2000).to_string(), "20");
        assert_eq!(Scaled::pt(1550).to_string(), "15.5");
        assert_eq!(Scaled::emu_as_in(222_250).to_string(), "0.243");
        assert_eq!(Scaled::emu_as_in(EMU_PER_INCH).to_string(), "1");
        assert_eq!(Scaled::emu_as_pt(-127).to_string(), "-0.01");
        assert_eq!(Scaled::ratio(7, 100).to_string(), "0.07");
    }

    #[test]
    fn div_round_is_half_away_from_zero() {
        assert_eq!(div_round(5, 10), 1);
        assert_eq!(div_round(-5, 10), -1);
        assert_eq!(div_round(4, 10), 0);
    }
}
