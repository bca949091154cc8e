//! specrender-preview: one PNG per slide, drawn from the laid-out deck ([`LaidDeck`], a
//! `specrender-model` type) with tiny-skia. Nothing is measured again: every box, line break,
//! line width, size and pitch is layout's, and so is every glyph of the deck's text — its
//! face, id and position ([`specrender_model::text`], placed by layout's
//! `text::glyphs::place_deck`; a deck without them is refused, [`PreviewError::Unplaced`]) —
//! drawn from that face's outlines, and so is a chart's drawing layout with its labels'
//! glyphs (`ChartBox::drawn`). The preview's own labels (placeholder names, the contact
//! sheet's badges) are still shaped here.
//!
//! Drawn: the theme background, text boxes (fill, insets, anchor, alignment, bullets, hanging
//! indents, paragraph spacing, slide-number fields), shapes (`rect`, `roundRect`, `ellipse`;
//! other presets as their bounding rectangle), dividers, tables (header fill, borders, cell
//! text), pictures (decoded, `srcRect` cropped, into their letterboxed frame), grey
//! placeholders, charts (`chart.rs`: columns, stacked columns, lines, areas, pies, gridlines,
//! labels, legend, where layout placed them).
//!
//! With highlights, every QC issue naming an element outlines its box in the severity
//! colour; an overflow hatches the part of the text below the box.
//!
//! Rooms: `slide` (one slide drawn: its boxes in order, the highlights), `canvas` (the pixmap
//! at its scale and the primitives every room draws with), `text` (paragraphs, bullets and
//! labels from their placed glyphs), `chart`, `frame` (the template's look behind the boxes),
//! `ink` (glyph masks), `encode` (PNG bytes), `sheet` (the contact sheet), `page` (document
//! pages); here, the budget, the options and the drawing of a whole deck on threads.

mod canvas;
mod chart;
mod encode;
mod frame;
mod ink;
mod page;
mod sheet;
mod slide;
mod text;

pub use page::{draw_page, page_size, preview_pages};

pub use ink::Ink;

pub use encode::{encode, encode_owned, encode_with, Deflate, RowFilter, PNG_SETTINGS};
pub use sheet::{contact_sheet, draw_sheet, findings_per_slide, SheetOptions};
pub use slide::{draw_slide, draw_slide_with, severity_color};

use canvas::{color, paint, Canvas};
use specrender_fonts::FontBook;
use specrender_model::LaidDeck;
use specrender_qc::QcReport;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
fn size_for(cx: i64, cy: i64, width: u32) -> (u32, u32) {
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

/// Every slide of `deck` as a PNG, in slide order. `qc` is read for highlights.
pub fn preview_deck(
    deck: &LaidDeck,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &PreviewOptions,
) -> Result<Vec<SlidePreview>, PreviewError> {
    preview_deck_threads(deck, book, qc, opts, 1)
}

/// [`preview_deck`] on `threads` threads (each with its own [`Ink`], taking the next slide
/// not yet drawn), results put back in slide order. The bytes are the same whatever the
/// number: a slide's pixels depend on the slide alone (see `ink.rs`).
pub fn preview_deck_threads(
    deck: &LaidDeck,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &PreviewOptions,
    threads: usize,
) -> Result<Vec<SlidePreview>, PreviewError> {
    preview_deck_each(deck, book, qc, opts, threads, |_, p| Ok(p))
}

/// The file name of output slide `i` (from 0) of `deck`: `NNN-<slide id>.png`, known once the
/// deck is laid out, before anything is drawn (so a caller can plan where each PNG goes).
pub fn file_name(deck: &LaidDeck, i: usize) -> String {
    format!("{:03}-{}.png", i + 1, file_safe(&deck.slides[i].id))
}

/// [`preview_deck_threads`] handing each slide's preview to `take` as soon as it is drawn (on
/// the thread that drew it, slides in any order; `i` from 0), keeping only what `take`
/// returns, in slide order: a caller that writes each PNG away holds one PNG per drawing
/// thread, not the whole deck's. The first error (of drawing or of `take`) stops the slides
/// not yet begun and is returned; that of the lowest slide when several fail.
pub fn preview_deck_each<T, E>(
    deck: &LaidDeck,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &PreviewOptions,
    threads: usize,
    take: impl Fn(usize, SlidePreview) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E>
where
    T: Send,
    E: From<PreviewError> + Send,
{
    let one = |ink: &mut Ink<'_>, i: usize| -> Result<T, E> {
        let s = &deck.slides[i];
        let (pixmap, notes) = draw_slide_with(ink, deck, s, i + 1, qc, opts)?;
        let preview = SlidePreview {
            file_name: file_name(deck, i),
            slide_id: s.id.clone(),
            png: encode_owned(pixmap)?,
            notes,
        };
        take(i, preview)
    };
    let n = deck.slides.len();
    let threads = drawing_threads(deck, opts.width, threads);
    if threads == 1 {
        let mut ink = Ink::new(book);
        return (0..n).map(|i| one(&mut ink, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Result<T, E>>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut ink = Ink::new(book);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let r = one(&mut ink, i);
                    if r.is_err() {
                        // No slide not yet begun is drawn after a failure.
                        next.fetch_max(n, Ordering::Relaxed);
                    }
                    done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
                }
            });
        }
    });
    let done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut out = Vec::with_capacity(n);
    let mut missing = false;
    for r in done {
        match r {
            Some(Ok(t)) => out.push(t),
            Some(Err(e)) => return Err(e),
            // Not begun: only after a failure (of a later slide when none before it failed).
            None => missing = true,
        }
    }
    if missing {
        return Err(E::from(PreviewError::Encode(
            "a slide was not drawn".into(),
        )));
    }
    Ok(out)
}

/// A slide id as a file name part: anything but ASCII letters, digits, `-` and `_` becomes `_`.
fn file_safe(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

pub use specrender_model::text::{LineGlyphs, PlacedGlyph};

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
