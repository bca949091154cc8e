//! What a preview is asked for and what it may cost: the options, the width and pixel bounds,
//! how many threads the pixel budget lets draw at once, and the errors.

use specrender_model::LaidDeck;

/// Default preview width in pixels.
pub const DEFAULT_WIDTH: u32 = 1280;
/// Widest preview accepted (bounded memory: 8192 x 4608 x 4 bytes ≈ 150 MB).
pub const MAX_WIDTH: u32 = 8192;

/// Pixels one preview may have, and all the previews being drawn at once together (each
/// drawing thread holds one pixmap of 4 bytes a pixel): 8192 x 6144, a 4:3 slide at
/// [`MAX_WIDTH`], 201 MB of pixmap. A larger preview is refused ([`PreviewError::Pixels`]);
/// previews are drawn on fewer threads than asked when that many would pass it together.
pub const PIXEL_BUDGET: u64 = 8192 * 6144;

/// The size in pixels of `deck`'s previews `width` wide (the height follows the slide size).
pub fn preview_size(deck: &LaidDeck, width: u32) -> (u32, u32) {
    size_for(deck.slide_size.cx, deck.slide_size.cy, width)
}

/// The size of a preview `width` wide of a slide `cx` x `cy` EMU.
pub(crate) fn size_for(cx: i64, cy: i64, width: u32) -> (u32, u32) {
    let s = width as f32 / cx.max(1) as f32;
    let h = ((cy as f32 * s).round() as u32).clamp(1, MAX_WIDTH);
    (width, h)
}

/// How many threads draw `deck`'s previews `width` wide when `threads` are asked for: no more
/// than there are slides, nor than [`PIXEL_BUDGET`] holds pixmaps of that size (at least one).
pub fn drawing_threads(deck: &LaidDeck, width: u32, threads: usize) -> usize {
    let (cx, cy) = (deck.slide_size.cx, deck.slide_size.cy);
    threads_for(size_for(cx, cy, width), deck.slides.len(), threads)
}

fn threads_for((w, h): (u32, u32), slides: usize, threads: usize) -> usize {
    let fit = (PIXEL_BUDGET / (u64::from(w) * u64::from(h)).max(1)).max(1);
    threads
        .clamp(1, slides.max(1))
        .min(usize::try_from(fit).unwrap_or(usize::MAX))
}

#[derive(Debug, Clone)]
pub struct PreviewOptions {
    /// Width of each PNG in pixels (height follows the slide's aspect ratio).
    pub width: u32,
    /// Draw every QC issue that names an element.
    pub highlight: bool,
}

impl Default for PreviewOptions {
    fn default() -> Self {
        PreviewOptions {
            width: DEFAULT_WIDTH,
            highlight: false,
        }
    }
}

/// One slide's preview.
#[derive(Debug, Clone)]
pub struct SlidePreview {
    /// `NNN-<slide_id>.png` (1-based output slide number).
    pub file_name: String,
    pub slide_id: String,
    pub png: Vec<u8>,
    /// What of the slide's look the preview could not draw (drawn as a light outline).
    pub notes: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    #[error("preview width {0} px is outside 16..={MAX_WIDTH}")]
    Width(u32),
    #[error("a {0} x {1} px preview is over the limit of {PIXEL_BUDGET} pixels; draw it narrower")]
    Pixels(u32, u32),
    #[error("PNG encoding failed: {0}")]
    Encode(String),
    #[error("contact sheet: {0}")]
    Sheet(String),
    /// A paragraph without the glyphs layout places for drawing, or a chart without its
    /// drawing layout (a caller's mistake).
    #[error("slide {0}: the glyphs of box {1} were not placed (run layout's text::glyphs::place_deck first)")]
    Unplaced(String, String),
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    #[test]
    fn previews_are_drawn_on_as_many_threads_as_the_pixel_budget_holds() {
        // 16:9 (12,192,000 x 6,858,000 EMU) and 4:3 slides.
        let wide = size_for(12_192_000, 6_858_000, 8192);
        assert_eq!(wide, (8192, 4608));
        assert_eq!(threads_for(wide, 200, 8), 1);
        assert_eq!(size_for(9_144_000, 6_858_000, 8192), (8192, 6144));
        assert_eq!(threads_for((8192, 6144), 200, 8), 1);
        // 1280 px: 921,600 px each, 54 fit; never more threads than slides, at least one.
        let small = size_for(12_192_000, 6_858_000, 1280);
        assert_eq!(threads_for(small, 200, 64), 54);
        assert_eq!(threads_for(small, 3, 8), 3);
        assert_eq!(threads_for(small, 0, 0), 1);
        // A portrait slide at 8192 px is clamped to 8192 high: over the budget alone.
        let tall = size_for(6_858_000, 12_192_000, 8192);
        assert_eq!(tall, (8192, 8192));
        assert!(u64::from(tall.0) * u64::from(tall.1) > PIXEL_BUDGET);
        assert_eq!(threads_for(tall, 10, 4), 1);
    }
}
