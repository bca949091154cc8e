//! A document's pages as images: drawn from the pages layout laid out for drawing
//! ([`DocPages`]) — the same lines, rules, fills and pictures the PDF draws — on white paper.

use crate::ink::Ink;
use crate::{encode_owned, size_for, Canvas, PreviewError, MAX_WIDTH, PIXEL_BUDGET};
use specrender_model::page::{DocPages, PageItem};
use specrender_model::Rect;
use specrender_spec::units::EMU_PER_CPT;
use tiny_skia::{Color, Pixmap};

/// The pixel size of a page drawn `width` px wide.
pub fn page_size(pages: &DocPages, width: u32) -> (u32, u32) {
    size_for(pages.width, pages.height, width)
}

/// Draws page `index` (0-based) of `pages`, `width` px wide.
pub fn draw_page(
    ink: &mut Ink<'_>,
    pages: &DocPages,
    index: usize,
    width: u32,
) -> Result<Pixmap, PreviewError> {
    if !(16..=MAX_WIDTH).contains(&width) {
        return Err(PreviewError::Width(width));
    }
    let (w, h) = page_size(pages, width);
    if u64::from(w) * u64::from(h) > PIXEL_BUDGET {
        return Err(PreviewError::Pixels(w, h));
    }
    let mut pm = Pixmap::new(w, h).ok_or(PreviewError::Width(width))?;
    pm.fill(Color::WHITE);
    let book = ink.m.book;
    let mut c = Canvas {
        pm,
        s: w as f32 / pages.width.max(1) as f32,
        book,
        ink,
        notes: Vec::new(),
        body: [String::new(), String::new()],
    };
    let Some(page) = pages.pages.get(index) else {
        return Ok(c.pm);
    };
    let rgb = |[r, g, b]: [u8; 3]| Color::from_rgba8(r, g, b, 255);
    for item in &page.items {
        match item {
            PageItem::Line(l) => {
                let size_emu = l.size as f32 * EMU_PER_CPT as f32;
                let (x, y) = (l.x as f32 * c.s, l.baseline as f32 * c.s);
                for g in &l.glyphs.glyphs {
                    let upm = f32::from(c.book.face(g.face).units_per_em.max(1));
                    let k = size_emu * c.s / upm;
                    let gx = x + g.x as f32 * c.s + g.dx as f32 * k;
                    let gy = y - g.dy as f32 * k;
                    c.ink
                        .glyph(&mut c.pm, g.face, g.id, gx, gy, k, rgb(l.color));
                }
            }
            PageItem::Rule {
                from,
                to,
                width,
                color,
            } => {
                let s = c.s;
                let px = (*width as f32 * s).max(1.0);
                c.line(
                    from.0 as f32 * s,
                    from.1 as f32 * s,
                    to.0 as f32 * s,
                    to.1 as f32 * s,
                    rgb(*color),
                    px,
                );
            }
            PageItem::Fill { rect, color } => c.fill_rect(&rect_of(rect), rgb(*color)),
            PageItem::Picture { rect, image, .. } => {
                let o = image.orientation;
                let rot = i32::from(o.quarter_turns) * 5_400_000;
                c.image(&image.bytes, [0; 4], rot, o.flip_h, &rect_of(rect));
            }
        }
    }
    Ok(c.pm)
}

/// Every page of `pages` as a PNG, `width` px wide, in page order.
pub fn preview_pages(
    pages: &DocPages,
    book: &specrender_fonts::FontBook,
    width: u32,
) -> Result<Vec<Vec<u8>>, PreviewError> {
    let mut ink = Ink::new(book);
    (0..pages.pages.len())
        .map(|i| encode_owned(draw_page(&mut ink, pages, i, width)?))
        .collect()
}

fn rect_of(r: &[f64; 4]) -> Rect {
    Rect {
        x: r[0].round() as i64,
        y: r[1].round() as i64,
        w: r[2].round() as i64,
        h: r[3].round() as i64,
    }
}
