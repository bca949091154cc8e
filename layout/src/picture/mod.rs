//! Pictures, deck-level: every image asset the deck references is checked and prepared once
//! (before slides are laid out, so parallel slide jobs share the result), then each image
//! element frames and crops it ([`crate::element::picture`]).
//!
//! Rules (docs/concepts/elements.md, pictures; issue 10):
//! - **PNG and JPEG are embedded as they are.** Only their headers are read (the pixel size;
//!   a JPEG's EXIF orientation), plus a walk over the chunk / marker headers that proves the
//!   file is complete: a PNG must reach `IEND`, a JPEG an `EOI` after its scan ([`sniff`]).
//!   A JPEG with an EXIF orientation other than 1 is embedded with that one tag rewritten to
//!   1 (two bytes; everything else as it was) and the rotation or mirror written as the
//!   picture's `a:xfrm` (`rot`, `flipH`): every viewer then shows it upright, whether or not
//!   it reads EXIF.
//! - **GIF, WebP, BMP and TIFF are converted to PNG** with the `image` crate under explicit
//!   [`image::Limits`] ([`convert`]): the header's size is checked before anything is decoded,
//!   so a decompression bomb is refused in microseconds. A GIF's first frame is used.
//! - **SVG** would need a PNG fallback for viewers without SVG support, and so a second
//!   rasteriser: refused (`unsupported_format`) with that reason. Anything else too.
//! - **Limits** for every format: at most [`MAX_SIDE`] pixels a side and [`MAX_PIXELS`] pixels
//!   (viewers decode what we embed: a 100,000 x 100,000 PNG header, or a zlib bomb, which must
//!   declare the size it inflates to, is `too_large`); conversion allocates at most
//!   [`MAX_DECODE_BYTES`].

pub mod convert;
pub mod sniff;

use specrender_spec::deck::{AssetType, Deck, Reason, Refusal};
use std::collections::BTreeMap;
use std::sync::Arc;

pub use specrender_model::picture::{Image, ImageFormat, Orientation};

/// Largest side of a picture, in pixels.
pub const MAX_SIDE: u32 = 20_000;
/// Largest picture, in pixels (64 MP: every current camera's full frame).
pub const MAX_PIXELS: u64 = 64_000_000;
/// Most memory one conversion may allocate (decoded pixels included): 256 MiB.
pub const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// Most decoded pixel bytes all the conversions of one job may make together: 128 MiB (a
/// 32 MP RGBA or 42 MP RGB picture; PNG and JPEG are never decoded). Checked from each
/// image's header before it is decoded ([`DecodeBudget`]).
pub const MAX_JOB_DECODE_BYTES: u64 = 128 * 1024 * 1024;

/// What is left of a job's decoding budget ([`MAX_JOB_DECODE_BYTES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeBudget {
    pub left: u64,
    /// Decoded bytes spent so far.
    pub spent: u64,
}

impl Default for DecodeBudget {
    fn default() -> DecodeBudget {
        DecodeBudget {
            left: MAX_JOB_DECODE_BYTES,
            spent: 0,
        }
    }
}

/// Every image asset of a deck, prepared or refused, by asset id.
pub type Images = BTreeMap<String, Result<Arc<Image>, Refusal>>;

/// Prepares every `image` / `icon` asset the deck loaded (data assets are not pictures).
pub fn prepare_all(deck: &Deck) -> Images {
    let mut job = Pictures::default();
    deck.assets
        .iter()
        .filter(|(_, a)| a.asset_type != AssetType::Data)
        .map(|(id, a)| {
            let r = match &a.loaded {
                Ok(l) => job.prepare(&l.bytes),
                Err(r) => Err(r.clone()),
            };
            (id.clone(), r)
        })
        .collect()
}

/// An image prepared, or why not.
type Prepared = Result<Arc<Image>, Refusal>;

/// The pictures of one job: bytes shared by several assets (the assets loader hands out one
/// [`Arc`] per distinct file) are prepared once, and conversions share one [`DecodeBudget`].
#[derive(Debug, Default)]
pub struct Pictures {
    done: Vec<(Arc<[u8]>, Prepared)>,
    pub budget: DecodeBudget,
}

impl Pictures {
    /// `bytes` prepared (see [`prepare_in`]), or the answer already given for the same bytes.
    pub fn prepare(&mut self, bytes: &Arc<[u8]>) -> Result<Arc<Image>, Refusal> {
        if let Some((_, r)) = self.done.iter().find(|(b, _)| Arc::ptr_eq(b, bytes)) {
            return r.clone();
        }
        let r = prepare_in(bytes, &mut self.budget).map(Arc::new);
        self.done.push((bytes.clone(), r.clone()));
        r
    }
}

/// Checks and prepares one image's bytes on its own budget (see the module docs).
pub fn prepare(bytes: &Arc<[u8]>) -> Result<Image, Refusal> {
    prepare_in(bytes, &mut DecodeBudget::default())
}

/// Checks and prepares one image's bytes, a conversion taking its decoded size from `budget`.
pub fn prepare_in(bytes: &Arc<[u8]>, budget: &mut DecodeBudget) -> Result<Image, Refusal> {
    match sniff::format_of(bytes) {
        sniff::Kind::Png => {
            let (width, height) = sniff::png(bytes)?;
            check_size(width, height)?;
            Ok(Image {
                format: ImageFormat::Png,
                bytes: bytes.clone(),
                width,
                height,
                orientation: Orientation::default(),
                converted_from: None,
            })
        }
        sniff::Kind::Jpeg => {
            let j = sniff::jpeg(bytes)?;
            check_size(j.width, j.height)?;
            let (bytes, orientation) = match j.orientation {
                Some((v, at, le)) if v != 1 => (
                    sniff::upright_exif(bytes, at, le),
                    Orientation::from_exif(v),
                ),
                _ => (bytes.clone(), Orientation::default()),
            };
            Ok(Image {
                format: ImageFormat::Jpeg,
                bytes,
                width: j.width,
                height: j.height,
                orientation,
                converted_from: None,
            })
        }
        sniff::Kind::Convert(name, fmt) => convert::to_png(bytes, fmt, name, budget),
        sniff::Kind::Svg => Err(Refusal::new(
            Reason::UnsupportedFormat,
            "SVG needs a PNG fallback for viewers without SVG, and specrender ships no SVG \
             rasteriser; give a PNG",
        )),
        sniff::Kind::Unknown => Err(Refusal::new(
            Reason::UnsupportedFormat,
            "not a PNG, JPEG, GIF, WebP, BMP or TIFF image",
        )),
    }
}

/// The pixel limits every picture meets.
pub fn check_size(width: u32, height: u32) -> Result<(), Refusal> {
    if width == 0 || height == 0 {
        return Err(Refusal::new(Reason::Undecodable, "the image has no pixels"));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::new(
            Reason::TooLarge,
            format!(
                "{width} x {height} pixels is over the limit ({MAX_SIDE} a side, {} MP)",
                MAX_PIXELS / 1_000_000
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
