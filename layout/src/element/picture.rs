//! Image elements: the prepared picture ([`crate::picture`]) framed in its box.
//!
//! - `center_crop` and `cover` fill the box and crop the picture's overflow equally from both
//!   sides (`a:srcRect`, 1/1000 % of the image); the two names mean the same here.
//! - `contain` (and every `icon` asset) letterboxes: the largest frame of the picture's aspect
//!   ratio that fits the box, centred in it.
//! - Either way the aspect ratio is kept, counted as shown (after the EXIF turn), to the
//!   precision `a:srcRect` has (1/1000 %: the visible share is exact to one unit, so a crop
//!   that shows 1 % of the picture keeps its aspect to 0.1 %).
//!
//! A picture has no height of its own: alone it is its slot, stacked it takes a share of what
//! the text leaves (like the placeholder it replaces). It never shrinks or splits. A missing,
//! refused or undecodable asset is a grey placeholder labelled with the alt text, and a
//! `missing_asset` finding with the reason.

use super::Fit;
use crate::ctx::Ctx;
use crate::findings::Finding;
use crate::model::{BoxContent, Crop, PictureBox, PlaceholderBox, Rect};
use crate::picture::{Image, Orientation};
use specrender_spec::deck::{AssetType, Content, Element, ElementKind, Reason, Refusal};
use specrender_spec::units::Emu;
use std::sync::Arc;

/// 100 % in `a:srcRect` units (1/1000 %).
pub const FULL: i64 = 100_000;

#[derive(Debug, Clone)]
pub struct PictureItem {
    asset_id: String,
    alt: Option<String>,
    mode: Crop,
    image: Result<Arc<Image>, Refusal>,
}

impl PictureItem {
    pub fn new(ctx: &Ctx<'_>, el: &Element) -> Self {
        let (asset_id, alt, crop) = match &el.content {
            Content::Image {
                asset_id,
                alt_text,
                crop,
            } => (asset_id.clone(), alt_text.clone(), crop.clone()),
            _ => (String::new(), None, Crop::Contain),
        };
        let image =
            match ctx.deck.asset(&asset_id) {
                Err(r) => Err(r),
                Ok((AssetType::Data, _)) => Err(Refusal::new(
                    Reason::UnsupportedFormat,
                    format!("asset {asset_id:?} is a `data` asset, not an image"),
                )),
                Ok(_) => ctx.images.get(&asset_id).cloned().unwrap_or_else(|| {
                    Err(Refusal::new(Reason::NotFound, "asset was not prepared"))
                }),
            };
        let icon = matches!(ctx.deck.asset(&asset_id), Ok((AssetType::Icon, _)));
        PictureItem {
            asset_id,
            alt,
            mode: if icon { Crop::Contain } else { crop },
            image,
        }
    }

    fn placeholder(&self, r: &Refusal) -> (BoxContent, Vec<Finding>) {
        let label = match &self.alt {
            Some(a) if !a.trim().is_empty() => a.clone(),
            _ => format!("[image: {}]", self.asset_id),
        };
        let content = BoxContent::Placeholder(PlaceholderBox {
            kind: ElementKind::Image,
            label,
            insets: crate::style::INSETS,
        });
        let finding = Finding::MissingAsset {
            asset_id: self.asset_id.clone(),
            reason: r.reason,
            detail: r.detail.clone(),
        };
        (content, vec![finding])
    }
}

/// The frame a picture of `shown` pixels takes in `slot`, and the crop of each side in
/// 1/1000 % of the picture as shown: (horizontal, vertical), each side cropping that much.
pub fn frame(slot: Rect, shown: (u32, u32), mode: &Crop) -> (Rect, (i64, i64)) {
    let (pw, ph) = (i128::from(shown.0), i128::from(shown.1));
    let (sw, sh) = (i128::from(slot.w.max(1)), i128::from(slot.h.max(1)));
    // Picture wider than the slot (as ratios): pw/ph > sw/sh.
    let wider = pw * sh > ph * sw;
    match mode {
        Crop::Contain => {
            let (w, h) = if wider {
                (sw, (sw * ph + pw / 2) / pw)
            } else {
                ((sh * pw + ph / 2) / ph, sh)
            };
            let (w, h) = (w.max(1) as Emu, h.max(1) as Emu);
            let r = Rect {
                x: slot.x + (slot.w - w) / 2,
                y: slot.y + (slot.h - h) / 2,
                w,
                h,
            };
            (r.in_coordinates(), (0, 0))
        }
        Crop::Cover | Crop::CenterCrop => {
            // The visible share of the cropped dimension, in 1/1000 %.
            let crop = |num: i128, den: i128| -> i64 {
                let visible = (i128::from(FULL) * num + den / 2) / den;
                ((i128::from(FULL) - visible) / 2) as i64
            };
            let c = if wider {
                (crop(sw * ph, sh * pw), 0)
            } else {
                (0, crop(sh * pw, sw * ph))
            };
            (slot, c)
        }
    }
}

/// `a:xfrm` for a picture drawn in `frame` after `o`'s turn: quarter turns swap the written
/// width and height around the same centre.
pub fn xfrm(frame: Rect, o: Orientation) -> Rect {
    if !o.swaps() {
        return frame;
    }
    Rect {
        x: frame.x + (frame.w - frame.h) / 2,
        y: frame.y + (frame.h - frame.w) / 2,
        w: frame.h,
        h: frame.w,
    }
    .in_coordinates()
}

impl Fit for PictureItem {
    fn finish(&self, _ctx: &Ctx<'_>, rect: Rect) -> (BoxContent, Vec<Finding>) {
        let img = match &self.image {
            Ok(i) => i,
            Err(r) => return self.placeholder(r),
        };
        let (frame, (ch, cv)) = frame(rect, img.shown_size(), &self.mode);
        let o = img.orientation;
        // The crop as stored: a quarter turn swaps the horizontal and vertical crops (they
        // are equal on both sides, so a mirror changes nothing).
        let (sh, sv) = if o.swaps() { (cv, ch) } else { (ch, cv) };
        let (sh, sv) = (sh as i32, sv as i32);
        let content = BoxContent::Picture(PictureBox {
            asset_id: self.asset_id.clone(),
            format: img.format,
            bytes: img.bytes.clone(),
            pixels: (img.width, img.height),
            mode: self.mode.clone(),
            frame,
            xfrm: xfrm(frame, o),
            rot: i32::from(o.quarter_turns) * 90 * 60_000,
            flip_h: o.flip_h,
            src_rect: [sh, sv, sh, sv],
            descr: self.alt.clone().filter(|a| !a.is_empty()),
        });
        (content, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SLOT: Rect = Rect {
        x: 1000,
        y: 2000,
        w: 1_600_000,
        h: 900_000,
    };

    /// The shown aspect of the cropped picture in its frame equals the frame's.
    fn kept(shown: (u32, u32), f: Rect, (ch, cv): (i64, i64)) -> f64 {
        let vw = f64::from(shown.0) * (FULL - 2 * ch) as f64;
        let vh = f64::from(shown.1) * (FULL - 2 * cv) as f64;
        (vw / vh) / (f.w as f64 / f.h as f64) - 1.0
    }

    #[test]
    fn cover_crops_the_overflow_and_keeps_the_aspect() {
        for shown in [
            (4000, 1000),
            (1000, 4000),
            (1600, 900),
            (1, 10_000),
            (20_000, 1),
        ] {
            for mode in [Crop::Cover, Crop::CenterCrop] {
                let (f, c) = frame(SLOT, shown, &mode);
                assert_eq!(f, SLOT);
                // srcRect counts in 1/1000 %: the visible share is exact to one unit.
                let visible = (FULL - 2 * c.0.max(c.1)) as f64;
                assert!(kept(shown, f, c).abs() <= 2.0 / visible, "{shown:?} {c:?}");
            }
        }
        // 4:1 in 16:9: 16/9 / 4 = 44.4 % visible, 27.778 % off each side.
        assert_eq!(frame(SLOT, (4000, 1000), &Crop::Cover).1, (27_778, 0));
        assert_eq!(frame(SLOT, (1600, 900), &Crop::Cover).1, (0, 0));
    }

    #[test]
    fn contain_letterboxes_centred() {
        let (f, c) = frame(SLOT, (1000, 1000), &Crop::Contain);
        assert_eq!(c, (0, 0));
        assert_eq!((f.w, f.h), (900_000, 900_000));
        assert_eq!(f.x, SLOT.x + 350_000);
        let (f, _) = frame(SLOT, (4000, 1000), &Crop::Contain);
        assert_eq!((f.w, f.h, f.y), (1_600_000, 400_000, SLOT.y + 250_000));
        assert!(SLOT.contains(&f));
        // Extreme ratios keep at least one EMU.
        let (f, _) = frame(SLOT, (1, 20_000), &Crop::Contain);
        assert_eq!((f.w, f.h), (45, 900_000));
    }

    #[test]
    fn quarter_turns_swap_the_written_box_around_the_centre() {
        let f = Rect {
            x: 100,
            y: 200,
            w: 400,
            h: 100,
        };
        let o = Orientation::from_exif(6);
        assert_eq!(o.quarter_turns, 1);
        let x = xfrm(f, o);
        assert_eq!(
            x,
            Rect {
                x: 250,
                y: 50,
                w: 100,
                h: 400
            }
        );
        assert_eq!(xfrm(f, Orientation::from_exif(3)), f);
    }
}
