//! A template's picture as the look carries it — a background's or a decoration's
//! `a:blipFill` (`p:bg/p:bgPr`, a master's or layout's `p:pic`, a shape filled with a
//! picture): the stored bytes once per part ([`LookPicture`], shared by every fill that shows
//! it), decoded once by layout into the pixels the preview draws and a coarse colour grid QC
//! samples, and how each fill places it ([`PictureFill`]: `a:srcRect` cropped and stretched,
//! or `a:tile`d, at `a:alphaModFix`). One placement rule ([`PictureFill::placement`]) serves
//! the preview, the PDF and QC, so the colours QC judges under a line are those drawn there.

use crate::color::luminance;
use crate::geom::Rect;
use crate::picture::ImageFormat;
use std::sync::Arc;

/// An sRGB colour.
type Rgb3 = [u8; 3];

/// EMU per pixel of a picture at 96 dpi: the size a tile is drawn at when the picture names
/// none (PowerPoint and LibreOffice tile a picture at its pixel size at 96 dpi, scaled by the
/// tile's `sx` / `sy`).
pub const EMU_PER_PX: f64 = 9_525.0;

/// Straight-alpha RGBA pixels, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Pixels {
    /// The pixel at (x, y), clamped to the picture.
    pub fn at(&self, x: u32, y: u32) -> [u8; 4] {
        let x = x.min(self.width.saturating_sub(1));
        let y = y.min(self.height.saturating_sub(1));
        let i = (y as usize * self.width as usize + x as usize) * 4;
        match self.rgba.get(i..i + 4) {
            Some(p) => [p[0], p[1], p[2], p[3]],
            None => [0; 4],
        }
    }
}

/// A picture decoded: its pixels (the longest side at most what layout keeps) and the grid
/// of their mean colours QC samples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub pixels: Pixels,
    pub grid: Pixels,
}

/// One picture part of the template, as every fill showing it shares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookPicture {
    /// Its part (`ppt/media/image1.png`).
    pub part: String,
    /// Its bytes as stored (the carried part's).
    pub bytes: Arc<[u8]>,
    /// PNG or JPEG, which a PDF embeds as it is; `None`: another format (drawn from its pixels).
    pub format: Option<ImageFormat>,
    /// Its pixel size as stored (a tile's size comes from it); (0, 0) when it did not decode.
    pub stored: (u32, u32),
    /// Its pixels, or why it could not be decoded (a note, as anything else not drawn).
    pub decoded: Result<Decoded, String>,
}

/// Where a tile's first copy is anchored in the filled rectangle (`a:tile algn`): 0 the
/// start, 1 the centre, 2 the end of each axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tile {
    /// `tx`, `ty`: the tiles' offset, EMU.
    pub offset: (i64, i64),
    /// `sx`, `sy`: the tile's scale, 1/1000 % (100,000: its size at 96 dpi).
    pub scale: (i32, i32),
    /// `flip`: every other tile mirrored across x, y.
    pub flip: (bool, bool),
    /// `algn` as (horizontal, vertical), each 0, 1 or 2.
    pub align: (u8, u8),
}

/// A fill showing a picture: which, how cropped, stretched or tiled, and how opaque.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureFill {
    pub picture: Arc<LookPicture>,
    /// `a:srcRect` l, t, r, b: 1/1000 % of the picture cut off each side (negative: added).
    pub src_rect: [i32; 4],
    /// `a:tile`; `None`: stretched over the fill (`a:stretch`, or nothing written).
    pub tile: Option<Tile>,
    /// `a:alphaModFix amt`, 1/1000 % (100,000: opaque).
    pub alpha: u32,
}

/// Where a picture is drawn in a filled rectangle: the rectangle of one whole copy of the
/// picture (uncropped, in slide EMU; a stretched picture's crop lies outside the fill), and
/// whether it repeats (a tile) — everything clipped to the fill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub tiled: bool,
    pub flip: (bool, bool),
}

/// What a picture shows in a region: its darkest, lightest and mean colours there (equal
/// ones once), and the share of the region it covers opaquely (0 to 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub colors: Vec<Rgb3>,
    pub cover: f64,
}

/// Grid cells a sample looks at along one axis, at most: a line across the slide spans the
/// whole grid's width, which is no wider.
const MAX_CELLS: usize = 4096;

impl PictureFill {
    /// Where the picture is drawn when it fills `at` (see [`Placement`]); `None` when it has
    /// no size to draw (an empty fill, a crop that leaves nothing, a picture not decoded).
    pub fn placement(&self, at: &Rect) -> Option<Placement> {
        if at.w <= 0 || at.h <= 0 {
            return None;
        }
        let (sw, sh) = self.picture.stored;
        if sw == 0 || sh == 0 {
            return None;
        }
        match self.tile {
            None => {
                let [l, t, r, b] = self.src_rect.map(|v| f64::from(v) / 100_000.0);
                let (shown_w, shown_h) = (1.0 - l - r, 1.0 - t - b);
                if shown_w <= 1e-6 || shown_h <= 1e-6 {
                    return None;
                }
                let (w, h) = (at.w as f64 / shown_w, at.h as f64 / shown_h);
                Some(Placement {
                    x: at.x as f64 - w * l,
                    y: at.y as f64 - h * t,
                    w,
                    h,
                    tiled: false,
                    flip: (false, false),
                })
            }
            Some(t) => {
                let w = f64::from(sw) * EMU_PER_PX * f64::from(t.scale.0) / 100_000.0;
                let h = f64::from(sh) * EMU_PER_PX * f64::from(t.scale.1) / 100_000.0;
                if w.abs() < 1.0 || h.abs() < 1.0 {
                    return None;
                }
                let (w, h) = (w.abs(), h.abs());
                // The anchor: the fill's start, centre or end on each axis, the tile's
                // same point on it.
                let anchor = |start: i64, len: i64, size: f64, a: u8| {
                    start as f64 + (len as f64 - size) * f64::from(a.min(2)) / 2.0
                };
                Some(Placement {
                    x: anchor(at.x, at.w, w, t.align.0) + t.offset.0 as f64,
                    y: anchor(at.y, at.h, h, t.align.1) + t.offset.1 as f64,
                    w,
                    h,
                    tiled: true,
                    flip: t.flip,
                })
            }
        }
    }

    /// What the picture shows of `region` when it fills `at`, from its colour grid (see
    /// [`Sample`]); `None` when none of it is there or it was not decoded. A translucent
    /// fill (`alpha`) covers nothing: what is under it shows through.
    pub fn sample(&self, at: &Rect, region: &Rect) -> Option<Sample> {
        let grid = &self.picture.decoded.as_ref().ok()?.grid;
        let p = self.placement(at)?;
        let i = region.intersection(at)?;
        let (gw, gh) = (grid.width as usize, grid.height as usize);
        if gw == 0 || gh == 0 {
            return None;
        }
        let xs = cells(
            i.x as f64,
            i.right() as f64,
            p.x,
            p.w,
            gw,
            p.tiled,
            p.flip.0,
        );
        let ys = cells(
            i.y as f64,
            i.bottom() as f64,
            p.y,
            p.h,
            gh,
            p.tiled,
            p.flip.1,
        );
        let (mut darkest, mut lightest) = (None::<(f64, Rgb3)>, None::<(f64, Rgb3)>);
        let (mut sum, mut opaque, mut total) = ([0u64; 3], 0u64, 0u64);
        for &y in &ys {
            for &x in &xs {
                total += 1;
                let [r, g, b, a] = grid.at(x as u32, y as u32);
                if a < 128 {
                    continue;
                }
                opaque += 1;
                let c = [r, g, b];
                for k in 0..3 {
                    sum[k] += u64::from(c[k]);
                }
                let l = luminance(c);
                if darkest.is_none_or(|(d, _)| l < d) {
                    darkest = Some((l, c));
                }
                if lightest.is_none_or(|(d, _)| l > d) {
                    lightest = Some((l, c));
                }
            }
        }
        let (Some((_, dark)), Some((_, light))) = (darkest, lightest) else {
            return None;
        };
        let mean = sum.map(|s| ((s + opaque / 2) / opaque) as u8);
        let mut colors = vec![dark];
        for c in [light, mean] {
            if !colors.contains(&c) {
                colors.push(c);
            }
        }
        let area = region.area().max(1) as f64;
        let opaque_share = opaque as f64 / total.max(1) as f64;
        let cover = if self.alpha >= 100_000 {
            i.area() as f64 / area * opaque_share
        } else {
            0.0
        };
        Some(Sample { colors, cover })
    }
}

/// The grid cells (of `n` over one copy `size` EMU long starting at `origin`) that the span
/// `lo..hi` (EMU) touches, in order, each once; a tiled picture repeats (every other copy
/// mirrored when `flip`).
fn cells(
    lo: f64,
    hi: f64,
    origin: f64,
    size: f64,
    n: usize,
    tiled: bool,
    flip: bool,
) -> Vec<usize> {
    let mut hit = vec![false; n];
    let mut mark = |from: f64, to: f64, mirrored: bool| {
        // `from`..`to` within one copy, 0..=size.
        let a = ((from / size) * n as f64).floor().max(0.0) as usize;
        let b = (((to / size) * n as f64).ceil() as usize).min(n);
        for k in a..b.max(a + 1).min(n) {
            hit[if mirrored { n - 1 - k } else { k }] = true;
        }
    };
    if !tiled {
        let (from, to) = ((lo - origin).max(0.0), (hi - origin).min(size));
        if to > from {
            mark(from, to, false);
        }
    } else if hi - lo >= size {
        hit.iter_mut().for_each(|h| *h = true);
    } else {
        let k0 = ((lo - origin) / size).floor();
        let k1 = ((hi - origin) / size).ceil();
        let mut k = k0;
        // At most two copies: the span is shorter than one.
        while k < k1 {
            let start = origin + k * size;
            let (from, to) = ((lo - start).max(0.0), (hi - start).min(size));
            if to > from {
                mark(from, to, flip && (k as i64).rem_euclid(2) == 1);
            }
            k += 1.0;
        }
    }
    hit.iter()
        .enumerate()
        .filter(|(_, h)| **h)
        .map(|(i, _)| i)
        .take(MAX_CELLS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4 x 2 picture: its left half black, its right half white; its grid the same.
    fn halves(tile: Option<Tile>, src_rect: [i32; 4]) -> PictureFill {
        let mut rgba = Vec::new();
        for _y in 0..2 {
            for x in 0..4 {
                let v = if x < 2 { 0 } else { 255 };
                rgba.extend_from_slice(&[v, v, v, 255]);
            }
        }
        let pixels = Pixels {
            width: 4,
            height: 2,
            rgba,
        };
        PictureFill {
            picture: Arc::new(LookPicture {
                part: "ppt/media/image1.png".into(),
                bytes: Arc::from(Vec::new()),
                format: Some(ImageFormat::Png),
                stored: (4, 2),
                decoded: Ok(Decoded {
                    grid: pixels.clone(),
                    pixels,
                }),
            }),
            src_rect,
            tile,
            alpha: 100_000,
        }
    }

    fn r(x: i64, y: i64, w: i64, h: i64) -> Rect {
        Rect { x, y, w, h }
    }

    #[test]
    fn a_stretched_picture_shows_the_half_under_the_region() {
        let f = halves(None, [0; 4]);
        let at = r(0, 0, 4000, 2000);
        let left = f.sample(&at, &r(100, 100, 1000, 500)).expect("on it");
        assert_eq!(left.colors, vec![[0, 0, 0]]);
        assert!((left.cover - 1.0).abs() < 1e-9);
        let across = f.sample(&at, &r(1000, 0, 2000, 100)).expect("on it");
        assert_eq!(
            across.colors,
            vec![[0, 0, 0], [255, 255, 255], [128, 128, 128]]
        );
        // Half the region is off the fill: it covers half.
        let half = f.sample(&at, &r(3000, 0, 2000, 100)).expect("on it");
        assert_eq!(half.colors, vec![[255, 255, 255]]);
        assert!((half.cover - 0.5).abs() < 1e-9);
        assert!(f.sample(&at, &r(5000, 0, 10, 10)).is_none());
    }

    #[test]
    fn a_crop_moves_what_shows_and_a_tile_repeats_mirrored() {
        // The right half cut off: the black half stretched over all of the fill.
        let f = halves(None, [0, 0, 50_000, 0]);
        let at = r(0, 0, 4000, 2000);
        let p = f.placement(&at).expect("placed");
        assert_eq!((p.x, p.w), (0.0, 8000.0));
        let right = f.sample(&at, &r(3000, 0, 1000, 100)).expect("on it");
        assert_eq!(right.colors, vec![[0, 0, 0]]);
        // Tiled at 96 dpi: each copy 4 x 9525 EMU wide; the second is mirrored, so its
        // first quarter is white.
        let tile = Tile {
            offset: (0, 0),
            scale: (100_000, 100_000),
            flip: (true, false),
            align: (0, 0),
        };
        let f = halves(Some(tile), [0; 4]);
        let at = r(0, 0, 200_000, 100_000);
        let second = f.sample(&at, &r(38_100, 0, 9_000, 100)).expect("on it");
        assert_eq!(second.colors, vec![[255, 255, 255]]);
        let first = f.sample(&at, &r(0, 0, 9_000, 100)).expect("on it");
        assert_eq!(first.colors, vec![[0, 0, 0]]);
    }

    #[test]
    fn a_picture_not_decoded_or_cropped_away_shows_nothing() {
        let mut f = halves(None, [60_000, 0, 60_000, 0]);
        assert!(f.placement(&r(0, 0, 10, 10)).is_none());
        f.src_rect = [0; 4];
        let mut p = (*f.picture).clone();
        p.decoded = Err("not a picture".into());
        f.picture = Arc::new(p);
        assert!(f.sample(&r(0, 0, 10, 10), &r(0, 0, 5, 5)).is_none());
    }
}
