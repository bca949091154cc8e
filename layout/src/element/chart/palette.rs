//! Series (and pie slice) colours from the brand palette: `primary`, `secondary`, `accent`,
//! then the same three again lightened 40% toward white, then darkened 30% toward black, then
//! lightened 70% (past twelve the sequence repeats). [`colors`] keeps a chart's colours apart:
//! one closer than ΔE 12 to an earlier one (the default brand's secondary darkened is its
//! primary again) is replaced by the first further variant that is not.

use specrender_spec::deck::{Rgb, ThemeColors};

/// The i-th colour of the sequence.
pub fn color(c: &ThemeColors, i: usize) -> Rgb {
    let base = [c.primary, c.secondary, c.accent][i % 3];
    match (i / 3) % 4 {
        0 => base,
        1 => mix(base, Rgb(255, 255, 255), 400),
        2 => mix(base, Rgb(0, 0, 0), 300),
        _ => mix(base, Rgb(255, 255, 255), 700),
    }
}

/// Variants tried, in order, for a colour too close to an earlier one: each brand colour
/// lightened 20% and 55%, darkened 15% and 50%.
fn extra(c: &ThemeColors, k: usize) -> Rgb {
    let base = [c.primary, c.secondary, c.accent][k % 3];
    match (k / 3) % 4 {
        0 => mix(base, Rgb(255, 255, 255), 200),
        1 => mix(base, Rgb(0, 0, 0), 150),
        2 => mix(base, Rgb(255, 255, 255), 550),
        _ => mix(base, Rgb(0, 0, 0), 500),
    }
}

/// The first `n` colours of a chart: [`color`] in order, except that one within
/// [`MIN_DELTA_E`](specrender_model::color::MIN_DELTA_E) of an earlier one is replaced by
/// the first variant ([`color`] past `n`, then `extra`) that is not (none: the colour as it
/// was).
pub fn colors(c: &ThemeColors, n: usize) -> Vec<Rgb> {
    use specrender_model::color::MIN_DELTA_E;
    let far = |x: Rgb, chosen: &[Rgb]| {
        chosen.iter().all(|y| {
            specrender_model::color::delta_e([x.0, x.1, x.2], [y.0, y.1, y.2]) >= MIN_DELTA_E
        })
    };
    let mut out: Vec<Rgb> = Vec::with_capacity(n);
    for i in 0..n {
        let own = color(c, i);
        let pick = if far(own, &out) {
            own
        } else {
            (n..12)
                .map(|k| color(c, k))
                .chain((0..12).map(|k| extra(c, k)))
                .find(|x| !out.contains(x) && far(*x, &out))
                .unwrap_or(own)
        };
        out.push(pick);
    }
    out
}

/// `a` moved `permille`/1000 of the way toward `b`, each channel rounded.
fn mix(a: Rgb, b: Rgb, permille: u32) -> Rgb {
    let ch = |x: u8, y: u8| -> u8 {
        let (x, y) = (u32::from(x), u32::from(y));
        ((x * (1000 - permille) + y * permille + 500) / 1000) as u8
    };
    Rgb(ch(a.0, b.0), ch(a.1, b.1), ch(a.2, b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charts_colours_stay_apart() {
        let c = ThemeColors {
            primary: Rgb(0x1F, 0x4E, 0x79),
            secondary: Rgb(0x2E, 0x75, 0xB6),
            accent: Rgb(0xC5, 0x5A, 0x11),
            text: Rgb(0x22, 0x22, 0x22),
            background: Rgb(255, 255, 255),
            muted: Rgb(0x7F, 0x7F, 0x7F),
            heading: None,
        };
        // The sequence alone repeats itself: the 8th colour (secondary darkened) is within
        // ΔE 2 of the primary, the 5th within 11.2 of the 4th.
        let d = |a: Rgb, b: Rgb| specrender_model::color::delta_e([a.0, a.1, a.2], [b.0, b.1, b.2]);
        assert!(d(color(&c, 0), color(&c, 7)) < 3.0);
        for n in 1..=10 {
            let v = colors(&c, n);
            for i in 0..n {
                for j in i + 1..n {
                    assert!(
                        d(v[i], v[j]) >= 12.0,
                        "n={n}: {i} {j} {:?} {:?}",
                        v[i],
                        v[j]
                    );
                }
            }
        }
        // Where the sequence is already apart, it is kept.
        assert_eq!(
            colors(&c, 4),
            (0..4).map(|i| color(&c, i)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn brand_first_then_derived() {
        let c = ThemeColors {
            primary: Rgb(0x1F, 0x4E, 0x79),
            secondary: Rgb(0x2E, 0x75, 0xB6),
            accent: Rgb(0xED, 0x7D, 0x31),
            text: Rgb(0, 0, 0),
            background: Rgb(255, 255, 255),
            muted: Rgb(128, 128, 128),
            heading: None,
        };
        assert_eq!(color(&c, 0), c.primary);
        assert_eq!(color(&c, 2), c.accent);
        assert_eq!(color(&c, 3), mix(c.primary, Rgb(255, 255, 255), 400));
        assert_eq!(color(&c, 6), mix(c.primary, Rgb(0, 0, 0), 300));
        let all: std::collections::HashSet<String> = (0..12).map(|i| color(&c, i).hex()).collect();
        assert_eq!(all.len(), 12);
    }
}
