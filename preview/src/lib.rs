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

mod chart;
mod frame;
mod ink;
mod page;
mod sheet;

pub use page::{draw_page, page_size, preview_pages};

pub use ink::Ink;

pub use sheet::{contact_sheet, draw_sheet, findings_per_slide, SheetOptions};

use specrender_fonts::{FaceId, FontBook, ScriptClass, ShapeLang, SlotFaces};
use specrender_model::outline::{self, Seg};
use specrender_model::place::{self, BulletAt};
use specrender_model::{
    Align, BoxContent, LaidDeck, LaidSlide, Paragraph, PictureBox, PlacedBox, Rect, TableBox,
    TextBox,
};
use specrender_qc::{QcReport, Severity};
use specrender_spec::deck::Rgb;
use specrender_spec::units::{Cpt, Emu, EMU_PER_CPT, EMU_PER_PT};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tiny_skia::{
    Color, FillRule, Paint, PathBuilder, Pixmap, PixmapPaint, Rect as SkRect, Stroke, Transform,
};

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

/// PNG deflate settings (see [`encode_with`]; the benches measure each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deflate {
    /// Stored blocks: no compression.
    Stored,
    /// fdeflate's PNG-tuned single pass (png's `Compression::Fast`).
    Fdeflate,
    /// zlib (flate2) at this level, 1..=9.
    Zlib(u8),
}

/// PNG row filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowFilter {
    None,
    Sub,
    Up,
    Paeth,
    /// The best of the five per row (png's default).
    Adaptive,
}

/// What [`encode`] uses: fdeflate with the `Up` filter (png's `Compression::Fastest`), the
/// cheapest setting that compresses (`examples/preview_speed.rs`, benches/reports/2026-11-26-preview-speed.md): on the
/// mixed bench deck at 1280 px, about 21 M instructions and 262 KB per slide, against 29 M and
/// 186 KB with png's adaptive filter and 29 M and 141 KB with zlib level 1 and `Up` (zlib
/// runs 2-3x longer on the clock than its instruction count says).
pub const PNG_SETTINGS: (Deflate, RowFilter) = (Deflate::Fdeflate, RowFilter::Up);

/// A drawn pixmap as PNG bytes ([`PNG_SETTINGS`]).
pub fn encode(pm: &Pixmap) -> Result<Vec<u8>, PreviewError> {
    encode_with(pm, PNG_SETTINGS.0, PNG_SETTINGS.1)
}

/// [`encode`] of a pixmap no longer needed: an opaque one is turned into its RGB rows in its
/// own buffer (no second copy of the image: 3 bytes a pixel less held while encoding), the
/// same bytes as [`encode`].
pub fn encode_owned(pm: Pixmap) -> Result<Vec<u8>, PreviewError> {
    let opaque = pm.data().chunks_exact(4).fold(255u8, |a, p| a & p[3]) == 255;
    if !opaque {
        return encode(&pm);
    }
    let (w, h) = (pm.width(), pm.height());
    let mut data = pm.take();
    // Pixel i moves from 4i to 3i: every write lands at or before the bytes still to be read.
    let n = data.len() / 4;
    for i in 0..n {
        let (r, g, b) = (data[4 * i], data[4 * i + 1], data[4 * i + 2]);
        data[3 * i] = r;
        data[3 * i + 1] = g;
        data[3 * i + 2] = b;
    }
    data.truncate(3 * n);
    encode_rgb(w, h, &data, PNG_SETTINGS.0, PNG_SETTINGS.1)
}

/// A drawn pixmap as PNG bytes with the given settings: 8-bit RGB when every pixel is opaque
/// (a slide always is: its background is filled first), else RGBA with alpha divided out.
pub fn encode_with(
    pm: &Pixmap,
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    let data = pm.data();
    let opaque = data.chunks_exact(4).fold(255u8, |a, p| a & p[3]) == 255;
    let (color, pixels) = if opaque {
        let mut rgb = vec![0u8; data.len() / 4 * 3];
        for (d, p) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
            d.copy_from_slice(&p[..3]);
        }
        (png::ColorType::Rgb, rgb)
    } else {
        let mut rgba = Vec::with_capacity(data.len());
        for p in pm.pixels() {
            let c = p.demultiply();
            rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        (png::ColorType::Rgba, rgba)
    };
    encode_pixels(pm.width(), pm.height(), color, &pixels, deflate, filter)
}

/// Opaque RGB rows (`w` x `h`, 3 bytes a pixel) as PNG bytes.
fn encode_rgb(
    w: u32,
    h: u32,
    rgb: &[u8],
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    encode_pixels(w, h, png::ColorType::Rgb, rgb, deflate, filter)
}

fn encode_pixels(
    w: u32,
    h: u32,
    color: png::ColorType,
    pixels: &[u8],
    deflate: Deflate,
    filter: RowFilter,
) -> Result<Vec<u8>, PreviewError> {
    let mut out = Vec::with_capacity(pixels.len() / 8);
    let err = |e: png::EncodingError| PreviewError::Encode(e.to_string());
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(color);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(match deflate {
            Deflate::Stored => png::DeflateCompression::NoCompression,
            Deflate::Fdeflate => png::DeflateCompression::FdeflateUltraFast,
            Deflate::Zlib(l) => png::DeflateCompression::Level(l.clamp(1, 9)),
        });
        enc.set_filter(match filter {
            RowFilter::None => png::Filter::NoFilter,
            RowFilter::Sub => png::Filter::Sub,
            RowFilter::Up => png::Filter::Up,
            RowFilter::Paeth => png::Filter::Paeth,
            RowFilter::Adaptive => png::Filter::Adaptive,
        });
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(pixels).map_err(err)?;
        w.finish().map_err(err)?;
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

/// The first paragraph of `slide` whose glyphs were not placed, or chart not laid out for
/// drawing (layout's `text::glyphs::place_deck` does both; the preview shapes nothing
/// itself): its box's id.
fn unplaced(slide: &LaidSlide) -> Option<&str> {
    let missing = |ps: &[Paragraph], size: Cpt, bold: bool| {
        ps.iter().any(|p| {
            p.glyphs
                .as_ref()
                .is_none_or(|g| g.size != size || g.bold != bold || g.lines.len() != p.lines.len())
        })
    };
    slide.boxes.iter().find_map(|b| {
        let bad = match &b.content {
            BoxContent::Text(t) => missing(&t.paragraphs, t.size, t.bold),
            BoxContent::Shape(sh) => sh
                .text
                .as_ref()
                .is_some_and(|t| missing(&t.paragraphs, t.size, t.bold)),
            BoxContent::Table(t) => t.rows.iter().any(|r| {
                r.cells
                    .iter()
                    .any(|c| missing(&c.paragraphs, t.size, c.bold))
            }),
            BoxContent::Chart(c) => c.drawn.is_none(),
            _ => false,
        };
        bad.then_some(b.element_id.as_str())
    })
}

/// Pixels per EMU and the pixmap.
struct Canvas<'a, 'i> {
    pm: Pixmap,
    s: f32,
    book: &'a FontBook,
    /// The thread's shaping faces and glyph masks.
    ink: &'i mut Ink<'a>,
    /// What could not be drawn (see `frame.rs`).
    notes: Vec<String>,
    /// The theme's body faces (Latin, East Asian): a placeholder's label is set in them.
    body: [String; 2],
}

/// How wide LibreOffice draws the writer's 0.75 pt table rules: 0.6525 pt (EMU).
const BORDER_DRAWN_EMU: Emu = 8287;

fn color(c: Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

/// Draw one slide (`number` is its 1-based output position): the pixmap and the notes on what
/// of the template's look could not be drawn.
pub fn draw_slide(
    deck: &LaidDeck,
    slide: &LaidSlide,
    number: usize,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &PreviewOptions,
) -> Result<(Pixmap, Vec<String>), PreviewError> {
    draw_slide_with(&mut Ink::new(book), deck, slide, number, qc, opts)
}

/// [`draw_slide`] with a thread's [`Ink`] (kept across the slides it draws).
pub fn draw_slide_with(
    ink: &mut Ink<'_>,
    deck: &LaidDeck,
    slide: &LaidSlide,
    number: usize,
    qc: Option<&QcReport>,
    opts: &PreviewOptions,
) -> Result<(Pixmap, Vec<String>), PreviewError> {
    let _ = number;
    let book = ink.m.book;
    if !(16..=MAX_WIDTH).contains(&opts.width) {
        return Err(PreviewError::Width(opts.width));
    }
    let s = opts.width as f32 / deck.slide_size.cx.max(1) as f32;
    let (_, h) = preview_size(deck, opts.width);
    if u64::from(opts.width) * u64::from(h) > PIXEL_BUDGET {
        return Err(PreviewError::Pixels(opts.width, h));
    }
    if let Some(id) = unplaced(slide) {
        return Err(PreviewError::Unplaced(slide.id.clone(), id.to_string()));
    }
    let pm = Pixmap::new(opts.width, h).ok_or(PreviewError::Width(opts.width))?;
    let mut c = Canvas {
        pm,
        s,
        book,
        ink,
        notes: Vec::new(),
        body: [
            deck.theme.fonts.body.clone(),
            deck.theme.fonts.body_ea.clone(),
        ],
    };
    frame::draw_frame(&mut c, deck, slide);
    for b in &slide.boxes {
        c.placed(b);
    }
    if opts.highlight {
        if let Some(qc) = qc {
            c.highlights(slide, qc);
        }
    }
    Ok((c.pm, c.notes))
}

impl Canvas<'_, '_> {
    fn px(&self, v: Emu) -> f32 {
        v as f32 * self.s
    }

    fn sk_rect(&self, r: &Rect) -> Option<SkRect> {
        SkRect::from_xywh(
            self.px(r.x),
            self.px(r.y),
            self.px(r.w).max(0.5),
            self.px(r.h).max(0.5),
        )
    }

    fn fill_rect(&mut self, r: &Rect, c: Color) {
        if let Some(sr) = self.sk_rect(r) {
            self.pm
                .fill_rect(sr, &paint(c), Transform::identity(), None);
        }
    }

    fn stroke_rect(&mut self, r: &Rect, c: Color, width_px: f32) {
        if let Some(sr) = self.sk_rect(r) {
            self.stroke_sk(sr, c, width_px);
        }
    }

    fn stroke_sk(&mut self, sr: SkRect, c: Color, width_px: f32) {
        let path = PathBuilder::from_rect(sr);
        let st = Stroke {
            width: width_px,
            ..Stroke::default()
        };
        self.pm
            .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
    }

    /// The advance of `text` shaped in `face` at `size_emu`, in px.
    fn text_width(&mut self, face: FaceId, text: &str, size_emu: Emu) -> f32 {
        let upm = f32::from(self.book.face(face).units_per_em.max(1));
        let k = size_emu as f32 * self.s / upm;
        self.ink
            .m
            .shape_glyphs(face, ShapeLang::Default, text)
            .iter()
            .map(|g| g.x_advance as f32 * k)
            .sum()
    }

    fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Color, width_px: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
        if let Some(path) = pb.finish() {
            let st = Stroke {
                width: width_px.max(0.5),
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
        }
    }

    fn placed(&mut self, b: &PlacedBox) {
        match &b.content {
            BoxContent::Text(t) => self.text_box(t, &b.rect),
            BoxContent::Shape(sh) => {
                if let Some(sr) = self.sk_rect(&b.rect) {
                    let edges = [sr.left(), sr.top(), sr.right(), sr.bottom()];
                    let path = match (sh.prst, outline::preset(sh.prst, edges)) {
                        ("ellipse", _) => PathBuilder::from_oval(sr),
                        (_, Some(segs)) => outline_path(&segs),
                        (_, None) => Some(PathBuilder::from_rect(sr)),
                    };
                    if let Some(path) = path {
                        if let Some(f) = sh.fill {
                            self.pm.fill_path(
                                &path,
                                &paint(color(f)),
                                FillRule::Winding,
                                Transform::identity(),
                                None,
                            );
                        }
                        if let Some((c, w)) = sh.line {
                            let st = Stroke {
                                width: self.px(w).max(0.5),
                                ..Stroke::default()
                            };
                            self.pm.stroke_path(
                                &path,
                                &paint(color(c)),
                                &st,
                                Transform::identity(),
                                None,
                            );
                        }
                    }
                }
                if let Some(t) = &sh.text {
                    self.text_box(t, &sh.text_rect);
                }
            }
            BoxContent::Divider(l) => {
                let (x0, y0) = (self.px(l.line.x), self.px(l.line.y));
                let (x1, y1) = (self.px(l.line.right()), self.px(l.line.bottom()));
                let w = self.px(l.width);
                self.line(x0, y0, x1, y1, color(l.color), w);
            }
            BoxContent::Placeholder(p) => {
                // As the writer's label shape (renderer's slide.rs): D9D9D9, a 0.75 pt A6A6A6
                // rule, the label centred in 14 pt 404040 in the body face.
                self.fill_rect(&b.rect, Color::from_rgba8(0xD9, 0xD9, 0xD9, 255));
                let w = self.px(EMU_PER_PT * 3 / 4);
                self.stroke_rect(&b.rect, Color::from_rgba8(0xA6, 0xA6, 0xA6, 255), w);
                self.label(&p.label, &b.rect);
            }
            BoxContent::Picture(p) => self.picture(p),
            BoxContent::Table(t) => self.table(t, &b.rect),
            BoxContent::Chart(c) => self.chart(c, &b.rect),
        }
    }

    /// A placeholder's label: one line, centred, 14 pt. LibreOffice sets it at its default
    /// single spacing, a 1.2 em line with the baseline 0.2 em above its bottom (as fixed
    /// pitches, `paragraphs`), centred in the box: the baseline 0.4 em below the box's middle
    /// (its PDFs: 11 labels of the fidelity suite, all within 0.001 em).
    fn label(&mut self, text: &str, r: &Rect) {
        let size_emu = 14 * EMU_PER_PT;
        let book = self.book;
        let faces = SlotFaces {
            latin: book.resolve(&self.body[0], false, ScriptClass::Latin).face,
            ea: book
                .resolve(&self.body[1], false, ScriptClass::EastAsian)
                .face,
            cs: book
                .resolve(&self.body[0], false, ScriptClass::Complex)
                .face,
        };
        let segs = self.ink.m.segment(text, faces, false);
        let width: f32 = segs
            .iter()
            .map(|g| self.text_width(g.face, &text[g.range.clone()], size_emu))
            .sum();
        let mut x = self.px(r.x + r.w / 2) - width / 2.0;
        let base = self.px(r.y + r.h / 2 + size_emu * 2 / 5);
        let c = Color::from_rgba8(0x40, 0x40, 0x40, 255);
        for g in segs {
            x += self.glyphs(
                g.face,
                ShapeLang::Default,
                &text[g.range],
                x,
                base,
                size_emu,
                c,
            );
        }
    }

    fn text_box(&mut self, t: &TextBox, rect: &Rect) {
        if let Some(f) = t.fill {
            let mut c = color(f.color);
            c.set_alpha((f.alpha.min(100_000) as f32) / 100_000.0);
            self.fill_rect(rect, c);
        }
        let style = TextStyle {
            size: t.size,
            color: color(t.color),
            align: t.align,
        };
        let area = t.area(rect);
        self.paragraphs(
            &t.paragraphs,
            &area.first,
            area.second.as_ref(),
            area.top,
            &style,
        );
    }

    /// Paragraphs from `top` down, in `col` (and on into `next` once a line would pass the
    /// column's bottom): each line where the model's walk puts it (`place::lines`).
    fn paragraphs(
        &mut self,
        paras: &[Paragraph],
        col: &Rect,
        next: Option<&Rect>,
        top: Emu,
        st: &TextStyle,
    ) {
        let size_emu = Emu::from(st.size) * EMU_PER_CPT;
        place::lines(paras, col, next, top, st.size, st.align, |l| {
            if let Some(b) = l.bullet {
                let bg = b.glyphs;
                let upm = f32::from(self.book.face(bg.face).units_per_em.max(1));
                let k = size_emu as f32 * self.s / upm;
                let bx = match b.at {
                    BulletAt::End(end) => {
                        let w: f32 = bg.glyphs.iter().map(|g| g.1 as f32 * k).sum();
                        self.px(end) - w
                    }
                    BulletAt::Start(x) => self.px(x),
                };
                // The colour the template gives the placeholder's bullets (`a:buClr`), else
                // the text's.
                let c = b.bullet.color.map_or(st.color, color);
                let by = self.px(l.baseline);
                let mut pen = 0.0f32;
                for &(id, adv, dx, dy) in &bg.glyphs {
                    let gx = bx + pen + dx as f32 * k;
                    let gy = by - dy as f32 * k;
                    self.ink.glyph(&mut self.pm, bg.face, id, gx, gy, k, c);
                    pen += adv as f32 * k;
                }
            }
            self.line_text(l.glyphs, l.x, l.baseline, size_emu, st);
        });
    }

    fn line_text(
        &mut self,
        line: &LineGlyphs,
        x: Emu,
        baseline: Emu,
        size_emu: Emu,
        st: &TextStyle,
    ) {
        let by = self.px(baseline);
        let x0 = self.px(x);
        for g in &line.glyphs {
            let upm = f32::from(self.book.face(g.face).units_per_em.max(1));
            let k = size_emu as f32 * self.s / upm;
            let gx = x0 + (g.x * f64::from(self.s)) as f32 + g.dx as f32 * k;
            let gy = by - g.dy as f32 * k;
            self.ink
                .glyph(&mut self.pm, g.face, g.id, gx, gy, k, st.color);
        }
    }

    /// Draws `text` shaped in `face` with its origin at (x, y) px; returns the advance in px.
    #[allow(clippy::too_many_arguments)]
    fn glyphs(
        &mut self,
        face: FaceId,
        lang: ShapeLang,
        text: &str,
        x: f32,
        y: f32,
        size_emu: Emu,
        c: Color,
    ) -> f32 {
        let upm = f32::from(self.book.face(face).units_per_em.max(1));
        let k = size_emu as f32 * self.s / upm;
        let mut pen = 0.0f32;
        for g in self.ink.m.shape_glyphs(face, lang, text) {
            let gx = x + pen + g.x_offset as f32 * k;
            let gy = y - g.y_offset as f32 * k;
            self.ink.glyph(&mut self.pm, face, g.id, gx, gy, k, c);
            pen += g.x_advance as f32 * k;
        }
        pen
    }

    fn picture(&mut self, p: &PictureBox) {
        self.image(&p.bytes, p.src_rect, p.rot, p.flip_h, &p.frame);
    }

    /// Encoded image `bytes`, flipped, turned (`rot`, 60000ths of a degree, quarter turns) and
    /// cropped (`src_rect`, 1/1000 % off each side) as written, stretched over `frame`.
    fn image(&mut self, bytes: &[u8], src_rect: [i32; 4], rot: i32, flip_h: bool, frame: &Rect) {
        let Ok(img) = image::load_from_memory(bytes) else {
            self.fill_rect(frame, Color::from_rgba8(0xD9, 0xD9, 0xD9, 255));
            return;
        };
        let mut img = img.to_rgba8();
        if flip_h {
            image::imageops::flip_horizontal_in_place(&mut img);
        }
        img = match rot.rem_euclid(21_600_000) {
            5_400_000 => image::imageops::rotate90(&img),
            10_800_000 => image::imageops::rotate180(&img),
            16_200_000 => image::imageops::rotate270(&img),
            _ => img,
        };
        // srcRect is in 1/1000 % of the stored image, as seen after the turn.
        let (w, h) = img.dimensions();
        let [l, t, r, b] = src_rect;
        let cx0 = (w as f64 * f64::from(l) / 100_000.0).round().max(0.0) as u32;
        let cy0 = (h as f64 * f64::from(t) / 100_000.0).round().max(0.0) as u32;
        let cx1 = (w as f64 * (1.0 - f64::from(r) / 100_000.0)).round() as u32;
        let cy1 = (h as f64 * (1.0 - f64::from(b) / 100_000.0)).round() as u32;
        let (cx1, cy1) = (
            cx1.clamp(cx0 + 1, w.max(cx0 + 1)),
            cy1.clamp(cy0 + 1, h.max(cy0 + 1)),
        );
        let view = image::imageops::crop_imm(&img, cx0, cy0, cx1 - cx0, cy1 - cy0).to_image();
        let (vw, vh) = view.dimensions();
        let mut data = view.into_raw();
        for px in data.chunks_exact_mut(4) {
            let a = u16::from(px[3]);
            for ch in &mut px[..3] {
                *ch = ((u16::from(*ch) * a + 127) / 255) as u8;
            }
        }
        let Some(src) = tiny_skia::IntSize::from_wh(vw, vh).and_then(|s| Pixmap::from_vec(data, s))
        else {
            return;
        };
        let sx = self.px(frame.w) / vw as f32;
        let sy = self.px(frame.h) / vh as f32;
        let paint = PixmapPaint {
            quality: tiny_skia::FilterQuality::Bilinear,
            ..PixmapPaint::default()
        };
        let tr = Transform::from_row(sx, 0.0, 0.0, sy, self.px(frame.x), self.px(frame.y));
        self.pm.draw_pixmap(0, 0, src.as_ref(), &paint, tr, None);
    }

    fn table(&mut self, t: &TableBox, rect: &Rect) {
        let border = color(t.border);
        for c in t.cells(rect) {
            let header = c.kind == specrender_model::RowKind::Header;
            if header {
                self.fill_rect(&c.rect, color(t.header_fill));
            }
            let st = TextStyle {
                size: t.size,
                color: color(if header { t.header_color } else { t.color }),
                align: c.cell.align,
            };
            self.paragraphs(&c.cell.paragraphs, &c.inner, None, c.inner.y, &st);
            // The caption row has no borders (renderer's table.rs writes none on it). The
            // others: the writer's 0.75 pt rules, which LibreOffice draws 0.65 pt wide (0.87
            // px at 1280, its PDF of golden/slides/table_english), centred on the cells'
            // edges; drawn 1 px wide they put ink a pixel outside its table.
            if c.kind != specrender_model::RowKind::Caption {
                let w = self.px(BORDER_DRAWN_EMU);
                self.stroke_rect(&c.rect, border, w);
            }
        }
    }

    fn highlights(&mut self, slide: &LaidSlide, qc: &QcReport) {
        for issue in &qc.issues {
            if issue.slide_id.as_deref() != Some(slide.id.as_str()) {
                continue;
            }
            let Some(el) = &issue.element_id else {
                continue;
            };
            let Some(b) = slide.boxes.iter().find(|b| &b.element_id == el) else {
                continue;
            };
            let c = severity_color(issue.severity);
            let r = b.content.drawn_rect().unwrap_or(b.rect);
            self.stroke_rect(&r, c, 3.0);
            if let Some(t) = b.content.text() {
                if !t.fits() {
                    // The part of the text past what the box may use, hatched below the box.
                    let over = t.needed_height - t.usable_height;
                    let band = Rect {
                        x: r.x,
                        y: r.bottom(),
                        w: r.w,
                        h: over,
                    };
                    self.hatch(&band, c);
                }
            }
        }
    }

    fn hatch(&mut self, r: &Rect, c: Color) {
        let (x0, y0) = (self.px(r.x), self.px(r.y));
        let (w, h) = (self.px(r.w), self.px(r.h));
        if w <= 0.0 || h <= 0.0 {
            return;
        }
        let mut fill = c;
        fill.set_alpha(0.15);
        self.fill_rect(r, fill);
        let step = 8.0;
        let mut pb = PathBuilder::new();
        let mut d = 0.0;
        while d < w + h {
            // A 45° stroke from the top edge (or left edge) to the bottom (or right) edge.
            let (sx, sy) = if d <= w {
                (x0 + d, y0)
            } else {
                (x0 + w, y0 + d - w)
            };
            let (ex, ey) = if d <= h {
                (x0, y0 + d)
            } else {
                (x0 + d - h, y0 + h)
            };
            pb.move_to(sx, sy);
            pb.line_to(ex, ey);
            d += step;
        }
        if let Some(path) = pb.finish() {
            let st = Stroke {
                width: 1.5,
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&path, &paint(c), &st, Transform::identity(), None);
        }
        self.stroke_rect(r, c, 1.0);
    }
}

/// Highlight colours: high red, medium orange, low blue.
pub fn severity_color(s: Severity) -> Color {
    match s {
        Severity::High => Color::from_rgba8(0xE0, 0x1E, 0x1E, 255),
        Severity::Medium => Color::from_rgba8(0xF0, 0x8C, 0x00, 255),
        Severity::Low => Color::from_rgba8(0x1E, 0x78, 0xE0, 255),
    }
}

struct TextStyle {
    size: Cpt,
    color: Color,
    align: Align,
}

/// A preset's outline ([`outline::preset`], the model's geometry) as a tiny-skia path.
fn outline_path(segs: &[Seg]) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    for s in segs {
        match *s {
            Seg::Move(x, y) => pb.move_to(x, y),
            Seg::Line(x, y) => pb.line_to(x, y),
            Seg::Cubic([a, b, c, d, e, f]) => pb.cubic_to(a, b, c, d, e, f),
            Seg::Close => pb.close(),
        }
    }
    pb.finish()
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

    #[test]
    fn an_owned_pixmap_encodes_to_the_same_bytes() {
        let mut pm = Pixmap::new(37, 23).unwrap();
        pm.fill(Color::from_rgba8(10, 200, 30, 255));
        let mut p = tiny_skia::Paint::default();
        p.set_color(Color::from_rgba8(250, 5, 90, 255));
        let r = SkRect::from_xywh(3.5, 2.0, 20.0, 11.3).unwrap();
        pm.fill_rect(r, &p, Transform::identity(), None);
        let a = encode(&pm).unwrap();
        assert_eq!(encode_owned(pm).unwrap(), a);
    }
}
