//! Glyph placement: every line of a laid paragraph as the glyphs that draw it — each run
//! segmented with its slot faces, each segment shaped with the face and language layout
//! measured it with, every advance rounded to LibreOffice's 600 dpi grid, and an Asian–Latin
//! autospace after the text before each change between Asian and other script — put into
//! [`Paragraph::glyphs`] for every consumer that draws (the preview; next the PDF), and each
//! chart's drawing layout with its labels' glyphs (`element::chart::drawn`, into
//! `ChartBox::drawn`). Run once the deck is fitted, only when something will draw it
//! ([`place_deck`]): a PPTX needs none.

use std::sync::{Arc, Mutex};

use specrender_fonts::{FaceId, FontBook, Measurer, ScriptClass, Segment, ShapeLang, SlotFaces};
use specrender_model::text::{BulletGlyphs, LineGlyphs, ParaGlyphs, PlacedGlyph};
use specrender_model::{BoxContent, LaidDeck, LaidSlide, Paragraph, Run};
use specrender_spec::units::{Cpt, EMU_PER_PT, EMU_PER_PX_600DPI};

use super::grid::{round_half_away, Grid};
use super::prepare::AUTOSPACE_PER_PT;

/// Places the glyphs of every paragraph of `deck` (text boxes, shapes' text, table cells),
/// on `threads` threads (slides taken in turn; the same glyphs whatever the number: a
/// paragraph's glyphs depend on the paragraph alone).
pub fn place_deck(deck: &mut LaidDeck, book: &FontBook, threads: usize) {
    let n = deck.slides.len();
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        let mut m = Measurer::new(book);
        for s in &mut deck.slides {
            place_slide(&mut m, s);
        }
        return;
    }
    // Each thread takes the next slide not yet placed.
    let slides = Mutex::new(deck.slides.iter_mut());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut m = Measurer::new(book);
                loop {
                    let next = slides.lock().unwrap_or_else(|p| p.into_inner()).next();
                    let Some(s) = next else { break };
                    place_slide(&mut m, s);
                }
            });
        }
    });
}

/// Places the glyphs of every paragraph of one slide, and lays out how its charts are drawn
/// (`element::chart::drawn`: their labels are glyphs too).
pub fn place_slide(m: &mut Measurer<'_>, slide: &mut LaidSlide) {
    for b in &mut slide.boxes {
        match &mut b.content {
            BoxContent::Text(t) => place_all(m, &mut t.paragraphs, t.bold, t.size),
            BoxContent::Shape(sh) => {
                if let Some(t) = &mut sh.text {
                    place_all(m, &mut t.paragraphs, t.bold, t.size);
                }
            }
            BoxContent::Table(t) => {
                let size = t.size;
                for row in &mut t.rows {
                    for cell in &mut row.cells {
                        place_all(m, &mut cell.paragraphs, cell.bold, size);
                    }
                }
            }
            BoxContent::Chart(c) => {
                let drawn = crate::element::chart::drawn::lay_out(m, c, &b.rect);
                c.drawn = Some(Arc::new(drawn));
            }
            BoxContent::Placeholder(_) | BoxContent::Picture(_) | BoxContent::Divider(_) => {}
        }
    }
}

fn place_all(m: &mut Measurer<'_>, paras: &mut [Paragraph], bold: bool, size: Cpt) {
    for p in paras {
        let g = place_paragraph(m, p, bold, size);
        p.glyphs = Some(Arc::new(g));
    }
}

/// A paragraph's glyphs at `size` (centipoints), `bold` or not: its bullet (shaped in the
/// bullet's face) and each of its lines.
pub fn place_paragraph(m: &mut Measurer<'_>, p: &Paragraph, bold: bool, size: Cpt) -> ParaGlyphs {
    let bullet = p.bullet.as_ref().map(|b| {
        let face = m.book.resolve(&b.font, bold, ScriptClass::Latin).face;
        let mut buf = [0u8; 4];
        let text = b.char.encode_utf8(&mut buf);
        let glyphs = m
            .shape_glyphs(face, ShapeLang::Default, text)
            .into_iter()
            .map(|g| (g.id, g.x_advance, g.x_offset, g.y_offset))
            .collect();
        BulletGlyphs { face, glyphs }
    });
    let prep = ParaText::new(m, p, bold);
    let lines = p
        .lines
        .iter()
        .map(|l| line_glyphs_with(m, p, &prep, l.start, l.end, size))
        .collect();
    ParaGlyphs {
        size,
        bold,
        bullet,
        lines,
    }
}

/// The glyphs of `p.text[start..end]` placed as LibreOffice places them and as layout measured
/// them (`text/grid.rs`): each run segmented with its slot faces, each segment shaped with the
/// face and language layout measured it with, every advance rounded to LibreOffice's 600 dpi
/// grid, and an Asian–Latin autospace after the text before each change between Asian and
/// other script.
pub fn line_glyphs(
    book: &FontBook,
    p: &Paragraph,
    start: usize,
    end: usize,
    bold: bool,
    size: Cpt,
) -> LineGlyphs {
    let mut m = Measurer::new(book);
    let prep = ParaText::new(&mut m, p, bold);
    line_glyphs_with(&mut m, p, &prep, start, end, size)
}

/// What every line of a paragraph is cut from, made once a paragraph: its text segmented
/// whole with its own fonts ([`paragraph_faces`]), as layout segmented and measured it, and
/// its bidirectional levels when it has right-to-left text (built per line before, over the
/// whole paragraph each time: quadratic in a long right-to-left paragraph).
struct ParaText<'p> {
    segs: Vec<Segment>,
    bidi: Option<unicode_bidi::BidiInfo<'p>>,
}

impl<'p> ParaText<'p> {
    fn new(m: &mut Measurer<'_>, p: &'p Paragraph, bold: bool) -> Self {
        let faces = paragraph_faces(m.book, p, bold);
        let segs = m.segment(&p.text, faces, bold);
        let bidi = (p.rtl || has_rtl(&p.text)).then(|| {
            let base = if p.rtl {
                unicode_bidi::Level::rtl()
            } else {
                unicode_bidi::Level::ltr()
            };
            unicode_bidi::BidiInfo::new(&p.text, Some(base))
        });
        ParaText { segs, bidi }
    }
}

/// [`line_glyphs`] with a measurer's parsed faces and memo (same glyphs).
fn line_glyphs_with(
    m: &mut Measurer<'_>,
    p: &Paragraph,
    prep: &ParaText<'_>,
    start: usize,
    end: usize,
    size: Cpt,
) -> LineGlyphs {
    let book = m.book;
    let grid = Grid::at(size);
    let lang = ShapeLang::from_tag(&p.lang);
    let mut out = Vec::new();
    let mut x = 0.0;
    let pt = f64::from(size) / 100.0;
    let (mut nominal, mut upper) = (0.0, 0.0);
    let mut prev: Option<ScriptClass> = None;
    // The line's pieces in logical order: (start, end, face, class), cut from the
    // paragraph's segments ([`paragraph_segments`]): its runs only name the faces
    // segmentation fell back to (an emoji's run names the emoji face), and a run segmented
    // alone would resolve its weak text without the text around it (an emoji after Korean
    // would be Latin, with an autospace layout never measured).
    let mut pieces = Vec::new();
    let segs = &prep.segs;
    let first = segs.partition_point(|s| s.range.end <= start);
    for seg in segs[first..].iter().take_while(|s| s.range.start < end) {
        let (a, b) = (seg.range.start.max(start), seg.range.end.min(end));
        if a < b {
            pieces.push((a, b, seg.face, seg.class));
        }
    }
    for (a, b, face, class, rtl) in
        visual_order((&p.text, p.rtl), prep.bidi.as_ref(), start, end, pieces)
    {
        if let Some(pc) = prev {
            let asian = |c| c == ScriptClass::EastAsian;
            if pc != class && (asian(pc) || asian(class)) {
                x += grid.autospace;
                nominal += AUTOSPACE_PER_PT * pt;
                upper += grid.autospace.max(AUTOSPACE_PER_PT * pt);
            }
        }
        prev = Some(class);
        let upm = f64::from(book.face(face).units_per_em.max(1));
        let mut glyphs = m.shape_glyphs(face, lang.for_class(class), &p.text[a..b]);
        if rtl && !has_rtl(&p.text[a..b]) {
            // Neutrals (spaces, punctuation) inside right-to-left text: rustybuzz guesses
            // left to right for them alone; their glyphs run right to left here.
            glyphs.reverse();
        }
        for g in glyphs {
            out.push(PlacedGlyph {
                face,
                id: g.id,
                x,
                dx: PlacedGlyph::offset(g.x_offset),
                dy: PlacedGlyph::offset(g.y_offset),
                cluster: (a + g.cluster as usize) as u32,
            });
            let em = f64::from(g.x_advance) / upm;
            let on_grid = round_half_away(em * grid.px) * EMU_PER_PX_600DPI;
            let nom = em * pt * EMU_PER_PT as f64;
            x += on_grid;
            nominal += nom;
            upper += on_grid.max(nom);
        }
    }
    LineGlyphs {
        glyphs: out,
        width: x,
        nominal,
        upper,
        start,
        end,
    }
}

/// The faces of `p`'s own fonts, per slot: the family of the first run that does not replace
/// that slot with a fallback face ([`Run::fallback`]: an emoji's run names the emoji face).
fn paragraph_faces(book: &FontBook, p: &Paragraph, bold: bool) -> SlotFaces {
    let pick = |class: ScriptClass, fam: fn(&Run) -> &str| -> &str {
        p.runs
            .iter()
            .find(|r| r.fallback != Some(class))
            .or(p.runs.first())
            .map_or("", fam)
    };
    SlotFaces {
        latin: book
            .resolve(
                pick(ScriptClass::Latin, |r| &r.latin),
                bold,
                ScriptClass::Latin,
            )
            .face,
        ea: book
            .resolve(
                pick(ScriptClass::EastAsian, |r| &r.ea),
                bold,
                ScriptClass::EastAsian,
            )
            .face,
        cs: book
            .resolve(
                pick(ScriptClass::Complex, |r| &r.cs),
                bold,
                ScriptClass::Complex,
            )
            .face,
    }
}

/// Does `text` hold a right-to-left character (Hebrew, Arabic, Syriac, Thaana, N'Ko, their
/// presentation forms and the supplementary RTL blocks)?
pub(crate) fn has_rtl(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF
            | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
    })
}

/// A line's pieces (logical order) in the order they are drawn left to right, each marked
/// when it lies in a right-to-left run: the Unicode
/// bidirectional algorithm's visual runs of `start..end` (unicode-bidi, the paragraph's base
/// direction from `Paragraph::rtl`), the pieces of a right-to-left run reversed (each piece is
/// shaped right to left by rustybuzz, which returns its glyphs in visual order). A line with
/// no right-to-left text in a left-to-right paragraph is as it was.
pub(crate) fn visual_order(
    (text, rtl): (&str, bool),
    bidi: Option<&unicode_bidi::BidiInfo<'_>>,
    start: usize,
    end: usize,
    pieces: Vec<(usize, usize, FaceId, ScriptClass)>,
) -> Vec<(usize, usize, FaceId, ScriptClass, bool)> {
    let ltr = |v: Vec<(usize, usize, FaceId, ScriptClass)>| {
        v.into_iter()
            .map(|(a, b, f, c)| (a, b, f, c, false))
            .collect()
    };
    let Some(info) = bidi.filter(|_| rtl || has_rtl(&text[start..end])) else {
        return ltr(pieces);
    };
    let Some(para) = info
        .paragraphs
        .iter()
        .find(|pa| pa.range.start <= start && end <= pa.range.end)
    else {
        return ltr(pieces);
    };
    let (levels, runs) = info.visual_runs(para, start..end);
    let mut out = Vec::with_capacity(pieces.len());
    for run in runs {
        let rtl = levels[run.start].is_rtl();
        let mut part: Vec<_> = pieces
            .iter()
            .filter(|(a, b, ..)| *a < run.end && *b > run.start)
            .map(|&(a, b, f, c)| (a.max(run.start), b.min(run.end), f, c, rtl))
            .collect();
        if rtl {
            part.reverse();
        }
        out.extend(part);
    }
    out
}
