//! The pictures generated slide decks reference: one JPEG per `generated` image asset
//! (`img-1`, `img-2`…), found by the assets loader as `<asset_id>.jpg` in the assets folder.
//! Photo-sized (1600 x 900) with fine-grained texture so the encoded file is the size of a
//! real photo (about 0.2 MB), not of a flat colour: the benches then pay what a deck with real
//! photos costs (reading, EXIF orientation, SHA-256, the media part). Deterministic: the same
//! id gives the same bytes.

use image::{ImageEncoder, Rgb, RgbImage};
use serde_json::Value;
use std::io;
use std::path::Path;

/// Width and height of every picture, pixels.
pub const PICTURE_PX: (u32, u32) = (1600, 900);

/// `(file name, JPEG bytes)` of every `generated` image asset of `deck` (a SlideSpec value).
pub fn picture_assets(deck: &Value) -> Vec<(String, Vec<u8>)> {
    let Some(assets) = deck.get("assets").and_then(Value::as_array) else {
        return Vec::new();
    };
    assets
        .iter()
        .filter(|a| a["type"] == "image" && a["source"]["kind"] == "generated")
        .filter_map(|a| a["asset_id"].as_str())
        .map(|id| (format!("{id}.jpg"), picture_jpeg(id)))
        .collect()
}

/// Writes [`picture_assets`] of `deck` into `dir` (created if missing).
pub fn write_pictures(deck: &Value, dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, bytes) in picture_assets(deck) {
        std::fs::write(dir.join(name), bytes)?;
    }
    Ok(())
}

/// The JPEG (quality 85) of the picture named `id`: a sky-to-ground gradient in hues taken
/// from the id, with a deterministic grain.
pub fn picture_jpeg(id: &str) -> Vec<u8> {
    let seed = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let (w, h) = PICTURE_PX;
    let tint = [
        (seed % 60) as u8,
        (seed >> 8) as u8 % 60,
        (seed >> 16) as u8 % 60,
    ];
    let img = RgbImage::from_fn(w, h, |x, y| {
        let mut s = seed ^ (u64::from(y) << 32 | u64::from(x));
        s = s.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let grain = (s >> 59) as u8; // 0..31
        let sky = y < h * 3 / 5;
        let t = (y * 120 / h) as u8;
        let base = if sky {
            [90 + t, 140 + t / 2, 200]
        } else {
            [70 + t / 2, 110, 60 + t / 3]
        };
        let px = |c: usize| base[c].saturating_add(tint[c]).saturating_add(grain);
        Rgb([px(0), px(1), px(2)])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
        .expect("encoding an in-memory JPEG cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{deck, DeckOptions};

    #[test]
    fn every_generated_image_of_the_bench_deck_gets_a_photo_sized_jpeg() {
        let d = deck(&DeckOptions::default());
        let pics = picture_assets(&d);
        assert!(
            pics.len() >= 4,
            "the 200-slide deck has pictures: {}",
            pics.len()
        );
        for (name, bytes) in &pics {
            assert!(name.starts_with("img-") && name.ends_with(".jpg"));
            let img = image::load_from_memory(bytes).unwrap();
            assert_eq!((img.width(), img.height()), PICTURE_PX);
            assert!(bytes.len() > 100_000, "{name}: {} bytes", bytes.len());
        }
        assert_eq!(pics, picture_assets(&d), "same bytes");
    }
}
