//! GIF, WebP, BMP and TIFF to PNG with the `image` crate, under explicit [`image::Limits`]:
//! the decoder checks the header's size against them before decoding anything, so a
//! decompression bomb costs a header read. The PNG is encoded by the `image` crate's encoder
//! (deterministic: same pixels, same bytes).

use super::{
    check_size, DecodeBudget, Image, ImageFormat, Orientation, MAX_DECODE_BYTES,
    MAX_JOB_DECODE_BYTES, MAX_SIDE,
};
use image::{DynamicImage, ImageDecoder, ImageReader, Limits};
use specrender_spec::deck::{Reason, Refusal};
use std::io::Cursor;
use std::sync::Arc;

/// The limits every conversion runs under.
pub fn limits() -> Limits {
    let mut l = Limits::default();
    l.max_image_width = Some(MAX_SIDE);
    l.max_image_height = Some(MAX_SIDE);
    l.max_alloc = Some(MAX_DECODE_BYTES);
    l
}

/// Decode `bytes` (a `format` image, `name` for messages) and encode it as PNG. The decoded
/// size (from the header) is taken from `budget` before anything is decoded; past it the
/// image is refused `too_large`.
pub fn to_png(
    bytes: &[u8],
    format: image::ImageFormat,
    name: &'static str,
    budget: &mut DecodeBudget,
) -> Result<Image, Refusal> {
    let refuse = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => Refusal::new(
            Reason::TooLarge,
            format!(
                "{name} image over the decoding limits ({MAX_SIDE} px a side, {} MiB)",
                MAX_DECODE_BYTES >> 20
            ),
        ),
        image::ImageError::Unsupported(u) => Refusal::new(
            Reason::UnsupportedFormat,
            format!("{name} variant not supported: {u}"),
        ),
        other => Refusal::new(Reason::Undecodable, format!("{name}: {other}")),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits());
    let decoder = reader.into_decoder().map_err(refuse)?;
    let (w, h) = decoder.dimensions();
    check_size(w, h)?;
    let need = decoder.total_bytes();
    if need > budget.left {
        return Err(Refusal::new(
            Reason::TooLarge,
            format!(
                "{name} image of {w} x {h} pixels decodes to {need} bytes, past what is left \
                 ({} bytes) of the {} MiB all conversions of a job may decode together",
                budget.left,
                MAX_JOB_DECODE_BYTES >> 20
            ),
        ));
    }
    budget.left -= need;
    budget.spent += need;
    let img = DynamicImage::from_decoder(decoder).map_err(refuse)?;
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .map_err(|e| Refusal::new(Reason::Undecodable, format!("{name} to PNG: {e}")))?;
    Ok(Image {
        format: ImageFormat::Png,
        bytes: Arc::from(out),
        width: img.width(),
        height: img.height(),
        orientation: Orientation::default(),
        converted_from: Some(name),
    })
}
