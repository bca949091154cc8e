//! The figures generated documents reference: small PNGs drawn here (a light background and a
//! few bars, so a viewer's page shows a picture, not a blank), in the shapes that stress
//! layout — wide, tall (taller than a page's text area at the text width), square, smaller
//! than the text width, a banner. An `asset_id` is the file's stem: `fig-wide` is
//! `fig-wide.png` in the assets folder.

use image::{ImageEncoder, Rgb, RgbImage};
use std::io;
use std::path::Path;

/// `(asset_id, width px, height px)`.
pub const FIGURES: [(&str, u32, u32); 6] = [
    ("fig-wide", 1200, 500),
    ("fig-chart", 900, 560),
    ("fig-square", 600, 600),
    ("fig-tall", 360, 1500),
    ("fig-small", 160, 120),
    ("fig-banner", 2400, 300),
];

/// The PNG bytes of a figure of [`FIGURES`], or `None` for another id.
pub fn figure_png(asset_id: &str) -> Option<Vec<u8>> {
    let (i, &(_, w, h)) = FIGURES.iter().enumerate().find(|(_, f)| f.0 == asset_id)?;
    let img = draw(w, h, i as u32);
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
        .expect("encoding an in-memory PNG cannot fail");
    Some(out)
}

/// Writes every figure of [`FIGURES`] as `DIR/<asset_id>.png`.
pub fn write_figures(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (id, ..) in FIGURES {
        let png = figure_png(id).expect("a listed figure");
        std::fs::write(dir.join(format!("{id}.png")), png)?;
    }
    Ok(())
}

fn draw(w: u32, h: u32, hue: u32) -> RgbImage {
    let base = [(31, 56, 100), (192, 0, 0), (84, 130, 53), (191, 143, 0)];
    let (r, g, b) = base[hue as usize % base.len()];
    let mut img = RgbImage::from_fn(w, h, |x, y| {
        let t = (x * 40 / w.max(1) + y * 20 / h.max(1)) as u8;
        Rgb([235 - t, 240 - t / 2, 248 - t / 3])
    });
    // Bars along the long side, heights from a fixed pattern.
    let bars = 7u32;
    let heights = [55u32, 80, 40, 95, 65, 30, 75];
    let vertical = w >= h;
    let (long, short) = if vertical { (w, h) } else { (h, w) };
    let slot = long / (bars + 1);
    for k in 0..bars {
        let len = short * heights[k as usize] / 100;
        let start = slot / 2 + k * slot + slot / 6;
        let end = start + slot * 2 / 3;
        for a in start..end.min(long) {
            for c in short - len..short {
                let (x, y) = if vertical { (a, c) } else { (c, a) };
                let shade = if k % 2 == 0 { 0 } else { 40 };
                img.put_pixel(x, y, Rgb([r + shade, g + shade, b + shade]));
            }
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_decode_at_their_size_and_repeat_bytes() {
        for (id, w, h) in FIGURES {
            let png = figure_png(id).unwrap();
            assert_eq!(png, figure_png(id).unwrap());
            let img = image::load_from_memory(&png).unwrap();
            assert_eq!((img.width(), img.height()), (w, h), "{id}");
        }
        assert!(figure_png("nope").is_none());
    }
}
