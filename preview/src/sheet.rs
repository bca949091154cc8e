//! The contact sheet (`--sheet FILE.png`): every slide of the deck as a thumbnail on one PNG,
//! in rows of [`SheetOptions::columns`], each with its number and slide id below it and one
//! badge per QC finding on that slide (a dot in the finding's severity colour, worst first);
//! a slide with findings is framed in the colour of its worst one, so a failing slide stands
//! out at a glance. Thumbnails are drawn from the laid-out deck at their own width (not
//! scaled down from the full previews), with highlights when asked for.

use crate::{draw_slide_with, paint, severity_color, Canvas, PreviewError, PreviewOptions};
use specrender_fonts::{FontBook, ScriptClass, ShapeLang, SlotFaces};
use specrender_model::LaidDeck;
use specrender_qc::{QcReport, Severity};
use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, PixmapPaint, Rect as SkRect, Transform};

/// Layout of the contact sheet.
#[derive(Debug, Clone)]
pub struct SheetOptions {
    /// Width of each thumbnail in pixels (16..=1024).
    pub thumb_width: u32,
    /// Thumbnails per row (1..=32).
    pub columns: u32,
    /// Draw every QC finding on the thumbnails too (as `--highlight` does on the previews).
    pub highlight: bool,
}

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            thumb_width: 320,
            columns: 4,
            highlight: false,
        }
    }
}

/// Space around and between thumbnails, in px.
const GAP: u32 = 16;
/// The band under each thumbnail holding its label and badges, in px.
const LABEL: u32 = 26;
/// Label text size, in px.
const TEXT_PX: i64 = 13;
/// Badge dot radius and spacing, in px.
const BADGE_R: f32 = 5.5;
const BADGE_STEP: f32 = 14.0;
/// Badges drawn per slide; more are counted as `+n`.
const MAX_BADGES: usize = 8;

/// The severities of the findings on each output slide, worst first.
pub fn findings_per_slide(deck: &LaidDeck, qc: Option<&QcReport>) -> Vec<Vec<Severity>> {
    deck.slides
        .iter()
        .map(|s| {
            let mut v: Vec<Severity> = qc
                .map(|q| {
                    q.issues
                        .iter()
                        .filter(|i| i.slide_id.as_deref() == Some(s.id.as_str()))
                        .map(|i| i.severity)
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            v
        })
        .collect()
}

/// The contact sheet of `deck` as PNG bytes.
pub fn contact_sheet(
    deck: &LaidDeck,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &SheetOptions,
) -> Result<Vec<u8>, PreviewError> {
    let pm = draw_sheet(deck, book, qc, opts)?;
    crate::encode_owned(pm)
}

/// The contact sheet of `deck`, drawn.
pub fn draw_sheet(
    deck: &LaidDeck,
    book: &FontBook,
    qc: Option<&QcReport>,
    opts: &SheetOptions,
) -> Result<Pixmap, PreviewError> {
    if !(16..=1024).contains(&opts.thumb_width) {
        return Err(PreviewError::Width(opts.thumb_width));
    }
    let n = deck.slides.len().max(1) as u32;
    let cols = opts.columns.clamp(1, 32).min(n);
    let rows = n.div_ceil(cols);
    let tw = opts.thumb_width;
    let th =
        ((deck.slide_size.cy as f64 / deck.slide_size.cx.max(1) as f64 * f64::from(tw)).round()
            as u32)
            .clamp(1, 4 * tw);
    let w = GAP + cols * (tw + GAP);
    let h = GAP + rows * (th + LABEL + GAP);
    let too_big = || PreviewError::Sheet(format!("{w} x {h} px is over the limit"));
    if u64::from(w) * u64::from(h) > crate::PIXEL_BUDGET {
        return Err(too_big());
    }
    let mut pm = Pixmap::new(w, h).ok_or_else(too_big)?;
    pm.fill(Color::from_rgba8(0xF2, 0xF2, 0xF2, 255));
    let thumb_opts = PreviewOptions {
        width: tw,
        highlight: opts.highlight,
    };
    let findings = findings_per_slide(deck, qc);
    let label_faces = SlotFaces {
        latin: book
            .resolve(&deck.theme.fonts.body, false, ScriptClass::Latin)
            .face,
        ea: book
            .resolve(&deck.theme.fonts.body_ea, false, ScriptClass::EastAsian)
            .face,
        cs: book
            .resolve(&deck.theme.fonts.body, false, ScriptClass::Complex)
            .face,
    };
    let mut ink = crate::Ink::new(book);
    let mut c = Canvas {
        pm,
        s: 1.0,
        book,
        ink: &mut ink,
        notes: Vec::new(),
        body: [
            deck.theme.fonts.body.clone(),
            deck.theme.fonts.body_ea.clone(),
        ],
    };
    for (i, slide) in deck.slides.iter().enumerate() {
        let (thumb, _) = draw_slide_with(c.ink, deck, slide, i + 1, qc, &thumb_opts)?;
        let (col, row) = (i as u32 % cols, i as u32 / cols);
        let x = GAP + col * (tw + GAP);
        let y = GAP + row * (th + LABEL + GAP);
        c.pm.draw_pixmap(
            x as i32,
            y as i32,
            thumb.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        let label = format!("{}  {}", i + 1, slide.id);
        label_thumb(&mut c, (x, y), (tw, th), &label, &findings[i], label_faces);
    }
    Ok(c.pm)
}

/// Thumbnail frame, label and badges at (`x`, `y`), `tw` x `th` px: a frame in the colour of
/// the worst finding `sev` names (grey when none), the `label` under it and a dot per finding
/// right-aligned in the band, worst first, with "+n" before them past [`MAX_BADGES`].
fn label_thumb(
    c: &mut Canvas<'_, '_>,
    (x, y): (u32, u32),
    (tw, th): (u32, u32),
    label: &str,
    sev: &[Severity],
    label_faces: SlotFaces,
) {
    let (frame_c, frame_w) = match sev.first() {
        Some(&worst) => (severity_color(worst), 3.0),
        None => (Color::from_rgba8(0xBF, 0xBF, 0xBF, 255), 1.0),
    };
    let half = frame_w / 2.0;
    if let Some(r) = SkRect::from_xywh(
        x as f32 - half,
        y as f32 - half,
        tw as f32 + frame_w,
        th as f32 + frame_w,
    ) {
        c.stroke_sk(r, frame_c, frame_w);
    }
    // Label: "3  s3-cont-2", then the badges right-aligned in the band.
    let base = (y + th + LABEL - 8) as f32;
    let ink = Color::from_rgba8(0x40, 0x40, 0x40, 255);
    let mut pen = x as f32;
    for seg in c.ink.m.segment(label, label_faces, false) {
        pen += c.glyphs(
            seg.face,
            ShapeLang::Default,
            &label[seg.range.clone()],
            pen,
            base,
            TEXT_PX,
            ink,
        );
    }
    let right = (x + tw) as f32 - BADGE_R;
    let cy = base - 4.5;
    let shown = sev.len().min(MAX_BADGES);
    let mut bx = right - (shown as f32 - 1.0) * BADGE_STEP;
    if sev.len() > MAX_BADGES {
        // "+n" before the dots.
        let more = format!("+{}", sev.len() - MAX_BADGES);
        let face = label_faces.latin;
        let wpx = c.text_width(face, &more, TEXT_PX);
        c.glyphs(
            face,
            ShapeLang::Default,
            &more,
            bx - BADGE_R - 4.0 - wpx,
            base,
            TEXT_PX,
            ink,
        );
    }
    // Worst first, from the left.
    for s in sev.iter().take(shown) {
        if let Some(p) = PathBuilder::from_circle(bx, cy, BADGE_R) {
            c.pm.fill_path(
                &p,
                &paint(severity_color(*s)),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        bx += BADGE_STEP;
    }
}
