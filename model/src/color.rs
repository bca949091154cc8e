//! Colour science the rules share: WCAG 2 luminance and contrast (QC's `low_contrast`, the
//! colours layout chooses to stay legible) and the CIE76 colour difference that keeps chart
//! series apart (layout's palettes, QC's `chart_palette`).

/// WCAG 2 relative luminance of an sRGB colour.
pub fn luminance(c: [u8; 3]) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.039_28 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Colours closer than this (CIE76 ΔE*ab) are too close to tell two chart series apart: about
/// 5 times the just noticeable difference (2.3), what still separates legend swatches at a
/// glance. Chart palettes avoid it; QC's `chart_palette` reports it.
pub const MIN_DELTA_E: f64 = 12.0;

/// sRGB to CIELAB (D65 white).
fn lab(c: [u8; 3]) -> [f64; 3] {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.040_45 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c[0]), lin(c[1]), lin(c[2]));
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 216.0 / 24_389.0 {
            t.cbrt()
        } else {
            (24_389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 colour difference (ΔE*ab) of two sRGB colours. Hand-written: the sRGB -> XYZ -> Lab
/// formulas are a dozen lines, and a colour crate (`palette`) would add its dependency tree
/// for them.
pub fn delta_e(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delta_e_matches_reference_values() {
        // Black and white are 100 apart in L*; pure red is L* 53.24, a* 80.09, b* 67.20.
        assert!((delta_e([0, 0, 0], [255, 255, 255]) - 100.0).abs() < 0.01);
        let r = lab([255, 0, 0]);
        assert!((r[0] - 53.24).abs() < 0.05, "{r:?}");
        assert!(
            (r[1] - 80.09).abs() < 0.05 && (r[2] - 67.20).abs() < 0.05,
            "{r:?}"
        );
        assert!(delta_e([0x1F, 0x4E, 0x79], [0x1E, 0x4D, 0x78]) < 1.0);
    }

    #[test]
    fn contrast_matches_wcag_reference_values() {
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!((contrast([0x77, 0x77, 0x77], [255, 255, 255]) - 4.48).abs() < 0.01);
        assert!((contrast([0x76, 0x76, 0x76], [255, 255, 255]) - 4.54).abs() < 0.01);
    }
}
