//! One slide drawn: the template's look (`frame`), every box in order (text, shapes,
//! dividers, placeholders, pictures, tables, charts), then the QC highlights.

use crate::preview_size;
use crate::text::TextStyle;
use crate::{
    color, frame, paint, Canvas, Ink, PreviewError, PreviewOptions, MAX_WIDTH, PIXEL_BUDGET,
};
use specrender_fonts::FontBook;
use specrender_model::outline::{self, Seg};
use specrender_model::{
    BoxContent, LaidDeck, LaidSlide, Paragraph, PictureBox, PlacedBox, Rect, TableBox,
};
use specrender_qc::{QcReport, Severity};
use specrender_spec::units::{Cpt, Emu, EMU_PER_PT};
use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, PixmapPaint, Stroke, Transform};

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

/// How wide LibreOffice draws the writer's 0.75 pt table rules: 0.6525 pt (EMU).
const BORDER_DRAWN_EMU: Emu = 8287;

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

    fn picture(&mut self, p: &PictureBox) {
        self.image(&p.bytes, p.src_rect, p.rot, p.flip_h, &p.frame);
    }

    /// Encoded image `bytes`, flipped, turned (`rot`, 60000ths of a degree, quarter turns) and
    /// cropped (`src_rect`, 1/1000 % off each side) as written, stretched over `frame`.
    pub(crate) fn image(
        &mut self,
        bytes: &[u8],
        src_rect: [i32; 4],
        rot: i32,
        flip_h: bool,
        frame: &Rect,
    ) {
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
