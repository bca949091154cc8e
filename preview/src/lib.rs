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
//! pages), `options` (what a preview is asked for, the pixel budget, the errors); here, a whole
//! deck drawn on threads.

mod canvas;
mod chart;
mod encode;
mod frame;
mod ink;
mod options;
mod page;
mod sheet;
mod slide;
mod text;

pub use page::{draw_page, page_size, preview_pages};

pub use ink::Ink;

pub use options::{
    drawing_threads, preview_size, PreviewError, PreviewOptions, SlidePreview, DEFAULT_WIDTH,
    MAX_WIDTH, PIXEL_BUDGET,
};

pub use encode::{encode, encode_owned, encode_with, Deflate, RowFilter, PNG_SETTINGS};
pub use sheet::{contact_sheet, draw_sheet, findings_per_slide, SheetOptions};
pub use slide::{draw_slide, draw_slide_with, severity_color};

use canvas::{color, paint, Canvas};
use options::size_for;
use specrender_fonts::FontBook;
use specrender_model::LaidDeck;
use specrender_qc::QcReport;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
