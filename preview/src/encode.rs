//! A drawn pixmap as PNG bytes: 8-bit RGB when opaque (a slide always is), with the deflate
//! and row filter settings the benches chose ([`PNG_SETTINGS`]).

use crate::PreviewError;
use tiny_skia::Pixmap;

/// PNG deflate settings (see [`encode_with`]; the benches measure each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deflate {
    /// Stored blocks: no compression.
    Stored,
    /// fdeflate's PNG-tuned single pass (png's `Compression::Fast`).
    Fdeflate,
    /// zlib (flate2) at this level, 1..=9.
    Zlib(u8),
}

/// PNG row filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowFilter {
    None,
    Sub,
    Up,
    Paeth,
    /// The best of the five per row (png's default).
    Adaptive,
}

/// What [`encode`] uses: fdeflate with the `Up` filter (png's `Compression::Fastest`), the
/// cheapest setting that compresses (`examples/preview_speed.rs`, benches/reports/2026-11-26-preview-speed.md): on the
/// mixed bench deck at 1280 px, about 21 M instructions and 262 KB per slide, against 29 M and
/// 186 KB with png's adaptive filter and 29 M and 141 KB with zlib level 1 and `Up` (zlib
/// runs 2-3x longer on the clock than its instruction count says).
pub const PNG_SETTINGS: (Deflate, RowFilter) = (Deflate::Fdeflate, RowFilter::Up);

/// A drawn pixmap as PNG bytes ([`PNG_SETTINGS`]).
pub fn encode(pm: &Pixmap) -> Result<Vec<u8>, PreviewError> {
    encode_with(pm, PNG_SETTINGS.0, PNG_SETTINGS.1)
}

/// [`encode`] of a pixmap no longer needed: an opaque one is turned into its RGB rows in its
/// own buffer (no second copy of the image: 3 bytes a pixel less held while encoding), the
/// same bytes as [`encode`].
pub fn encode_owned(pm: Pixmap) -> Result<Vec<u8>, PreviewError> {
    let opaque = pm.data().chunks_exact(4).fold(255u8, |a, p| a & p[3]) == 255;
    if !opaque {
        return encode(&pm);
    }
    let (w, h) = (pm.width(), pm.height());
    let mut data = pm.take();
    // Pixel i moves from 4i to 3i: every write lands at or before the bytes still to be read.
    let n = data.len() / 4;
    for i in 0..n {
        let (r, g, b) = (data[4 * i], data[4 * i + 1], data[4 * i + 2]);
        data[3 * i] = r;
        data[3 * i + 1] = g;
        data[3 * i + 2] = b;
    }
    data.truncate(3 * n);
    encode_rgb(w, h, &data, PNG_SETTINGS.0, PNG_SETTINGS.1)
}

/// A drawn pixmap as PNG bytes with the given settings: 8-bit RGB when every pixel is opaque
/// (a slide always is: its background is filled first), else RGBA with alpha divided out.
pub fn encode_with(
    pm: &Pixmap,
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    let data = pm.data();
    let opaque = data.chunks_exact(4).fold(255u8, |a, p| a & p[3]) == 255;
    let (color, pixels) = if opaque {
        let mut rgb = vec![0u8; data.len() / 4 * 3];
        for (d, p) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
            d.copy_from_slice(&p[..3]);
        }
        (png::ColorType::Rgb, rgb)
    } else {
        let mut rgba = Vec::with_capacity(data.len());
        for p in pm.pixels() {
            let c = p.demultiply();
            rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        (png::ColorType::Rgba, rgba)
    };
    encode_pixels(pm.width(), pm.height(), color, &pixels, deflate, filter)
}

/// Opaque RGB rows (`w` x `h`, 3 bytes a pixel) as PNG bytes.
fn encode_rgb(
    w: u32,
    h: u32,
    rgb: &[u8],
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    encode_pixels(w, h, png::ColorType::Rgb, rgb, deflate, filter)
}

fn encode_pixels(
    w: u32,
    h: u32,
    color: png::ColorType,
    pixels: &[u8],
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    let mut out = Vec::with_capacity(pixels.len() / 8);
    let err = |e: png::EncodingError| PreviewError::Encode(e.to_string());
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(match deflate {
            Deflate::Stored => png::DeflateCompression::NoCompression,
            Deflate::Fdeflate => png::DeflateCompression::FdeflateUltraFast,
            Deflate::Zlib(l) => png::DeflateCompression::Level(l.clamp(1, 9)),
        });
        enc.set_filter(match filter {
            RowFilter::None => png::Filter::NoFilter,
            RowFilter::Sub => png::Filter::Sub,
            RowFilter::Up => png::Filter::Up,
            RowFilter::Paeth => png::Filter::Paeth,
            RowFilter::Adaptive => png::Filter::Adaptive,
        });
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(pixels).map_err(err)?;
        w.finish().map_err(err)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{Color, Rect as SkRect, Transform};

    #[test]
    fn an_owned_pixmap_encodes_to_the_same_bytes() {
        let mut pm = Pixmap::new(37, 23).unwrap();
        pm.fill(Color::from_rgba8(10, 200, 30, 255));
        let mut p = tiny_skia::Paint::default();
        p.set_color(Color::from_rgba8(250, 5, 90, 255));
        let r = SkRect::from_xywh(3.5, 2.0, 20.0, 11.3).unwrap();
        pm.fill_rect(r, &p, Transform::identity(), None);
        let a = encode(&pm).unwrap();
        assert_eq!(encode_owned(pm).unwrap(), a);
    }
}
