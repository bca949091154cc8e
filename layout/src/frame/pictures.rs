//! The template's pictures, for the look: each picture part a background or decoration fills
//! with (`a:blipFill`) decoded once — from the carried part's bytes, so what is drawn is what
//! a deck on the template shows — under the limits every picture meets
//! ([`crate::picture::check_size`], the conversion's [`image::Limits`], one job's
//! [`DecodeBudget`]), and kept at most [`MAX_KEPT_SIDE`] pixels a side with a colour grid
//! at most [`GRID_SIDE`] cells a side (`specrender_model::blip`). A picture that does not
//! decode keeps why: the preview and the PDF name it as not drawn, QC passes over it. What
//! one look build decoded is kept in the template (`Template::pictures`): a worker rendering
//! many decks on one parsed template decodes its pictures once.

use crate::picture::{check_size, convert, sniff, DecodeBudget};
use image::{ImageDecoder, ImageReader};
use specrender_model::blip::{Decoded, LookPicture, PictureFill, Pixels, Tile};
use specrender_model::ImageFormat;
use specrender_template::{Blip, Template};
use std::collections::BTreeMap;
use std::io::Cursor;
use std::sync::Arc;

/// The longest side a template picture is kept at: a full-slide background drawn 1,600 px
/// wide (more than the preview's default 1,280) is sharp; 10 MB of pixels at most each.
pub const MAX_KEPT_SIDE: u32 = 1_600;
/// The longest side of a picture's colour grid, what QC samples under a line: 256 cells
/// across a 13.33 in slide are 0.05 in (3.75 pt) each.
pub const GRID_SIDE: u32 = 256;

/// The pictures of one look, by part name (each decoded once), and what is left of the
/// job's decoding budget.
pub(crate) struct Pictures<'t> {
    t: &'t Template,
    done: BTreeMap<String, Option<Arc<LookPicture>>>,
    budget: DecodeBudget,
}

impl<'t> Pictures<'t> {
    /// The pictures of `t`'s look: those decoded by an earlier look build of `t` (or of a
    /// clone of it: `Template::pictures`), else none yet.
    pub(crate) fn new(t: &'t Template) -> Pictures<'t> {
        Pictures {
            t,
            done: t.pictures.get().cloned().unwrap_or_default(),
            budget: DecodeBudget::default(),
        }
    }

    /// Keeps what this look build decoded in the template, for the next.
    pub(crate) fn keep(self) {
        if self.t.pictures.get().is_none() {
            self.t.pictures.keep(self.done);
        }
    }

    /// The look's fill for picture fill `b`: `None` when its part is not carried (an external
    /// or missing relationship, or one the carry policy dropped: a deck on the template does
    /// not show it either).
    pub(crate) fn fill(&mut self, b: &Blip) -> Option<PictureFill> {
        let part = b.target.as_deref()?;
        if !self.done.contains_key(part) {
            let p = self.load(part).map(Arc::new);
            self.done.insert(part.to_string(), p);
        }
        let picture = self.done.get(part).cloned().flatten()?;
        let tile = b.tile.as_ref().map(|t| Tile {
            offset: (t.tx, t.ty),
            scale: (t.sx, t.sy),
            flip: (t.flip.contains('x'), t.flip.contains('y')),
            align: align(&t.algn),
        });
        Some(PictureFill {
            picture,
            src_rect: b.src_rect,
            tile,
            alpha: b.alpha,
        })
    }

    fn load(&mut self, part: &str) -> Option<LookPicture> {
        let c = self.t.carried().iter().find(|c| c.name == part)?;
        let bytes = c.bytes.clone();
        let format = match sniff::format_of(&bytes) {
            sniff::Kind::Png => Some(ImageFormat::Png),
            sniff::Kind::Jpeg => Some(ImageFormat::Jpeg),
            _ => None,
        };
        let (stored, decoded) = match decode(&bytes, &mut self.budget) {
            Ok((stored, d)) => (stored, Ok(d)),
            Err(why) => ((0, 0), Err(why)),
        };
        Some(LookPicture {
            part: part.to_string(),
            bytes,
            format,
            stored,
            decoded,
        })
    }
}

/// `a:tile algn` (`tl`, `t`, `tr`, `l`, `ctr`, `r`, `bl`, `b`, `br`) as (horizontal,
/// vertical) anchors: 0 start, 1 centre, 2 end.
fn align(a: &str) -> (u8, u8) {
    match a {
        "t" => (1, 0),
        "tr" => (2, 0),
        "l" => (0, 1),
        "ctr" => (1, 1),
        "r" => (2, 1),
        "bl" => (0, 2),
        "b" => (1, 2),
        "br" => (2, 2),
        _ => (0, 0),
    }
}

/// `bytes` decoded (any format the `image` crate reads here), its size checked from the
/// header and its decoded bytes taken from `budget` before anything is decoded; its stored
/// size and its pixels and grid as kept, or why not.
pub(crate) fn decode(
    bytes: &[u8],
    budget: &mut DecodeBudget,
) -> Result<((u32, u32), Decoded), String> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| format!("could not be read: {e}"))?;
    if reader.format().is_none() {
        return Err("is not a PNG, JPEG, GIF, WebP, BMP or TIFF picture (not decoded)".into());
    }
    let mut reader = reader;
    reader.limits(convert::limits());
    let decoder = reader
        .into_decoder()
        .map_err(|e| format!("could not be decoded: {e}"))?;
    let (w, h) = decoder.dimensions();
    check_size(w, h).map_err(|r| r.to_string())?;
    let need = decoder.total_bytes();
    if need > budget.left {
        return Err(format!(
            "decodes to {need} bytes, past what is left ({} bytes) of the budget a job's \
             pictures decode in",
            budget.left
        ));
    }
    budget.left -= need;
    budget.spent += need;
    let img = image::DynamicImage::from_decoder(decoder)
        .map_err(|e| format!("could not be decoded: {e}"))?
        .into_rgba8();
    let full = Pixels {
        width: w,
        height: h,
        rgba: img.into_raw(),
    };
    let pixels = shrink(&full, MAX_KEPT_SIDE);
    let grid = shrink(&pixels, GRID_SIDE);
    Ok(((w, h), Decoded { pixels, grid }))
}

/// `p` averaged down (each kept pixel the alpha-weighted mean of the pixels it covers, in
/// integers: the same bytes on every machine) to at most `side` pixels a side; as it is when
/// it is no larger.
pub(crate) fn shrink(p: &Pixels, side: u32) -> Pixels {
    let (w, h) = (p.width, p.height);
    if w <= side && h <= side || w == 0 || h == 0 {
        return p.clone();
    }
    let k = f64::from(side) / f64::from(w.max(h));
    let tw = ((f64::from(w) * k).round() as u32).clamp(1, side);
    let th = ((f64::from(h) * k).round() as u32).clamp(1, side);
    let span = |i: u32, n: u32, t: u32| {
        let a = u64::from(i) * u64::from(n) / u64::from(t);
        let b = (u64::from(i + 1) * u64::from(n) / u64::from(t)).max(a + 1);
        (a as usize, b.min(u64::from(n)) as usize)
    };
    let mut out = Vec::with_capacity(tw as usize * th as usize * 4);
    for ty in 0..th {
        let (y0, y1) = span(ty, h, th);
        for tx in 0..tw {
            let (x0, x1) = span(tx, w, tw);
            let (mut c, mut a, mut n) = ([0u64; 3], 0u64, 0u64);
            for y in y0..y1 {
                let row = y * w as usize * 4;
                for x in x0..x1 {
                    let px = &p.rgba[row + x * 4..row + x * 4 + 4];
                    let al = u64::from(px[3]);
                    for i in 0..3 {
                        c[i] += u64::from(px[i]) * al;
                    }
                    a += al;
                    n += 1;
                }
            }
            let col = c.map(|v| (v + a / 2).checked_div(a).unwrap_or(0) as u8);
            out.extend_from_slice(&[col[0], col[1], col[2], ((a + n / 2) / n.max(1)) as u8]);
        }
    }
    Pixels {
        width: tw,
        height: th,
        rgba: out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_kept_averaged_down_and_a_bad_one_says_why() {
        // 4 x 2: a black and a white column pair; averaged to 2 x 1.
        let mut rgba = Vec::new();
        for _ in 0..2 {
            for v in [0u8, 0, 255, 255] {
                rgba.extend_from_slice(&[v, v, v, 255]);
            }
        }
        let p = Pixels {
            width: 4,
            height: 2,
            rgba,
        };
        let s = shrink(&p, 2);
        assert_eq!((s.width, s.height), (2, 1));
        assert_eq!(s.rgba, vec![0, 0, 0, 255, 255, 255, 255, 255]);
        // A transparent pixel does not darken the mean.
        let q = Pixels {
            width: 2,
            height: 1,
            rgba: vec![0, 0, 0, 0, 200, 100, 50, 255],
        };
        assert_eq!(shrink(&q, 1).rgba, vec![200, 100, 50, 128]);
        let mut budget = DecodeBudget::default();
        let e = decode(b"not a picture", &mut budget).expect_err("not a picture");
        assert!(e.contains("not a PNG"), "{e}");
        // A PNG header of 100,000 x 100,000 pixels is refused before decoding.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&100_000u32.to_be_bytes());
        png.extend_from_slice(&100_000u32.to_be_bytes());
        png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        assert!(decode(&png, &mut budget).is_err());
        assert_eq!(budget.spent, 0);
    }
}
