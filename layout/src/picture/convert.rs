//! GIF, WebP, BMP and TIFF to PNG with the `image` crate, under explicit [`image::Limits`]:
//! the decoder checks the header's size against them before decoding anything, so a
//! decompression bomb costs a header read. The PNG is encoded by the `image` crate's encoder
//! (deterministic: same pixels, same bytes).

use super::{check_size, Image, ImageFormat, Orientation, MAX_DECODE_BYTES, MAX_SIDE};
use image::{ImageReader, Limits};
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

/// Decode `bytes` (a `format` image, `name` for messages) and encode it as PNG.
pub fn to_png(
    bytes: &[u8],
    format: image::ImageFormat,
    name: &'static str,
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
    let (w, h) = reader.into_dimensions().map_err(refuse)?;
    check_size(w, h)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits());
    let img = reader.decode().map_err(refuse)?;
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
