//! Series (and pie slice) colours from the brand palette: `primary`, `secondary`, `accent`,
//! then the same three again lightened 40% toward white, then darkened 30% toward black, then
//! lightened 70%: twelve distinct colours, more than the schema's 10 series or a pie's 6
//! slices need (past twelve the sequence repeats).

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
