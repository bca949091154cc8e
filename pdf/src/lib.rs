//! specrender-pdf: a PDF drawn from the laid-out deck — the model only, as the PPTX writer
//! and the preview read it: nothing is measured or decided here. Every glyph is drawn where
//! layout placed it (`Paragraph::glyphs`, placed by `specrender_layout::text::glyphs`), in
//! the face layout measured with, embedded as a subset with its Unicode map (krilla, the PDF
//! backend of typst, writes the file).
//!
//! What a page holds (`deck.rs`): one page per output slide at the slide's size; the look
//! under the boxes (backgrounds solid, gradient or pattern, the master's and layout's
//! decorations with their custom geometry, the brand's logo); then every box in slide order:
//! text with bullets, shapes, dividers, pictures cropped and turned as written, tables.
//!
//! What the file claims: PDF/A-2b always, validated by krilla as it writes; tagged in reading
//! order (a slide's title as its heading, paragraphs, lists with labels, tables with header
//! cells, figures with their alt text; the look, shapes' geometry, dividers and slide numbers
//! as artifacts; every span of text with its language); PDF/UA-1 declared only when the deck
//! gives what it requires (a title, alt text on every picture), otherwise [`Pdf::ua_gaps`]
//! says what was missing. One outline entry per slide (its title), the deck's title and
//! language as metadata; no clock: the same deck gives the same bytes.
//!
//! Charts (`chart.rs`) are drawn from how layout laid them out for drawing (`ChartBox::drawn`)
//! and the model's series geometry. Not drawn yet (named in [`Pdf::notes`]): the label of a
//! placeholder box, template pictures and turned or preset-geometry decorations (as in the
//! preview).

mod chart;
mod deck;
mod doc;
mod draw;
mod fonts;
mod tags;

use krilla::action::{Action, LinkAction};
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::configure::{Accessibility, Archival, ConfigurationBuilder, ValidationError};
use krilla::destination::XyzDestination;
use krilla::geom::Point;
use krilla::metadata::{DateTime, Metadata};
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::tagging::{Tag, TagGroup, TagTree};
use krilla::{Document, SerializeSettings};
use specrender_fonts::FontBook;
use specrender_model::doc::{LaidContent, LaidDoc};
use specrender_model::{
    BoxContent, Finding, LaidDeck, LaidSlide, Location, Note, PdfMissing, Placeholder,
};

/// How the PDF is written.
#[derive(Debug, Clone, Default)]
pub struct PdfOptions {
    /// Content streams uncompressed and the file pretty-printed, for goldens a person reads.
    pub readable: bool,
    /// The document's date (PDF/A requires one). `None`: 1980-01-01 00:00 UTC, the date our
    /// packages' zip entries carry — never the clock, so the same deck gives the same bytes.
    pub date: Option<PdfDate>,
}

/// A date and time in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdfDate {
    pub year: u16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl PdfDate {
    /// The date written when none is given (see [`PdfOptions::date`]).
    pub const FIXED: PdfDate = PdfDate {
        year: 1980,
        month: 1,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
    };
}

/// A written PDF and what it could not claim or draw.
#[derive(Debug, Clone)]
pub struct Pdf {
    pub bytes: Vec<u8>,
    /// PDF/UA-1 is declared.
    pub ua: bool,
    /// Why PDF/UA-1 is not declared: what the deck lacks (a title, a picture's alt text), as
    /// findings keyed by slide and element (QC words them: `pdf_not_accessible`).
    pub ua_gaps: Vec<Note>,
    /// What could not be drawn, one line each.
    pub notes: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("slide {0}: the glyphs of element {1} were not placed (lay the deck out for drawing)")]
    Unplaced(String, String),
    #[error("the document was not laid out for drawing (lay it out with `DocOptions::draw`)")]
    NotDrawn,
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

/// The slide's title as its outline entry reads: its title box's text, else its id.
fn slide_title(s: &LaidSlide) -> String {
    s.boxes
        .iter()
        .find(|b| {
            matches!(
                b.placeholder,
                Some(Placeholder::Title | Placeholder::CenterTitle)
            )
        })
        .and_then(|b| b.content.text())
        .map(|t| {
            t.paragraphs
                .iter()
                .map(|p| p.text.trim())
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| s.id.clone())
}

fn gap(missing: PdfMissing, at: Location) -> Note {
    Note::new(Finding::PdfNotAccessible { missing }, at)
}

/// What the deck lacks for PDF/UA-1.
fn ua_gaps(deck: &LaidDeck) -> Vec<Note> {
    let mut gaps = Vec::new();
    if deck.title.trim().is_empty() {
        gaps.push(gap(PdfMissing::Title, Location::Deck));
    }
    for s in &deck.slides {
        for b in &s.boxes {
            if let BoxContent::Picture(p) = &b.content {
                if p.descr.as_deref().is_none_or(|d| d.trim().is_empty()) {
                    let at = Location::slide(&s.id, &s.source_id, Some(&b.element_id));
                    gaps.push(gap(PdfMissing::AltText, at));
                }
            }
        }
    }
    gaps
}

/// The first box of `deck` whose paragraphs' glyphs were not placed.
fn unplaced(deck: &LaidDeck) -> Option<(String, String)> {
    let missing = |ps: &[specrender_model::Paragraph]| {
        ps.iter().any(|p| {
            p.glyphs
                .as_ref()
                .is_none_or(|g| g.lines.len() != p.lines.len())
        })
    };
    deck.slides.iter().find_map(|s| {
        s.boxes.iter().find_map(|b| {
            let bad = match &b.content {
                BoxContent::Text(t) => missing(&t.paragraphs),
                BoxContent::Shape(sh) => sh.text.as_ref().is_some_and(|t| missing(&t.paragraphs)),
                BoxContent::Table(t) => t
                    .rows
                    .iter()
                    .any(|r| r.cells.iter().any(|c| missing(&c.paragraphs))),
                _ => false,
            };
            bad.then(|| (s.id.clone(), b.element_id.clone()))
        })
    })
}

/// The PDF of a laid-out deck whose glyphs were placed (`specrender::lay_out_for_drawing`).
pub fn deck_pdf(deck: &LaidDeck, book: &FontBook, opts: &PdfOptions) -> Result<Pdf, PdfError> {
    if let Some((s, e)) = unplaced(deck) {
        return Err(PdfError::Unplaced(s, e));
    }
    with_ua(ua_gaps(deck), Location::Deck, |ua| {
        write(deck, book, opts, ua)
    })
}

/// The PDF of a document laid out for drawing (`DocOptions::draw`: [`LaidDoc::scene`]).
pub fn doc_pdf(laid: &LaidDoc, book: &FontBook, opts: &PdfOptions) -> Result<Pdf, PdfError> {
    if laid.scene.is_none() {
        return Err(PdfError::NotDrawn);
    }
    with_ua(doc_ua_gaps(laid), Location::Document, |ua| {
        write_doc(laid, book, opts, ua)
    })
}

/// What a document lacks for PDF/UA-1: a title, a figure's alt text (keyed by block id).
fn doc_ua_gaps(laid: &LaidDoc) -> Vec<Note> {
    let mut gaps = Vec::new();
    if laid.title.trim().is_empty() {
        gaps.push(gap(PdfMissing::Title, Location::Document));
    }
    for b in &laid.blocks {
        if let LaidContent::Figure(f) = &b.content {
            if f.alt.as_deref().is_none_or(|a| a.trim().is_empty()) && f.image.is_ok() {
                let at = Location::Block {
                    block_id: b.id.clone(),
                    page: Some(b.pages.0),
                };
                gaps.push(gap(PdfMissing::AltText, at));
            }
        }
    }
    gaps
}

/// Writes with PDF/UA-1 declared when `gaps` is empty and krilla validates it, else without
/// (the gaps, and what the validator found — about `whole`, the deck or the document — in
/// [`Pdf::ua_gaps`]).
fn with_ua(
    mut gaps: Vec<Note>,
    whole: Location,
    write: impl Fn(bool) -> Result<(Vec<u8>, Vec<String>), Failure>,
) -> Result<Pdf, PdfError> {
    if gaps.is_empty() {
        match write(true) {
            Ok((bytes, notes)) => {
                return Ok(Pdf {
                    bytes,
                    ua: true,
                    ua_gaps: Vec::new(),
                    notes,
                })
            }
            Err(Failure::Validation(errs)) => gaps.extend(
                errs.into_iter()
                    .map(|e| gap(PdfMissing::Other(format!("{e:?}")), whole.clone())),
            ),
            Err(Failure::Other(e)) => return Err(PdfError::Write(e)),
        }
    }
    match write(false) {
        Ok((bytes, notes)) => Ok(Pdf {
            bytes,
            ua: false,
            ua_gaps: gaps,
            notes,
        }),
        Err(Failure::Validation(errs)) => Err(PdfError::Write(format!(
            "PDF/A-2b validation failed: {errs:?}"
        ))),
        Err(Failure::Other(e)) => Err(PdfError::Write(e)),
    }
}

enum Failure {
    Validation(Vec<ValidationError>),
    Other(String),
}

fn write(
    deck: &LaidDeck,
    book: &FontBook,
    opts: &PdfOptions,
    ua: bool,
) -> Result<(Vec<u8>, Vec<String>), Failure> {
    let mut doc = Document::new_with(settings(opts, ua)?);
    let mut faces = fonts::Faces::new(book);
    let mut images = draw::Images::new();
    let mut notes = Vec::new();
    let mut tree = TagTree::new().with_lang(Some(deck.language.clone()));
    let mut outline = Outline::new();
    let (w, h) = (draw::pt(deck.slide_size.cx), draw::pt(deck.slide_size.cy));
    for (i, s) in deck.slides.iter().enumerate() {
        let settings = PageSettings::from_wh(w, h)
            .ok_or_else(|| Failure::Other(format!("slide size {w} x {h} pt")))?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        let mut tags = tags::Tags::default();
        let links = {
            let mut p = draw::Painter {
                s: &mut surface,
                faces: &mut faces,
                notes: &mut notes,
                page: (w, h),
                links: Vec::new(),
                images: &mut images,
            };
            deck::slide(&mut p, &mut tags, deck, s);
            std::mem::take(&mut p.links)
        };
        surface.finish();
        // A citation's link, tagged as a link (after the slide's content: its footer is last).
        for (rect, url, text) in links {
            let target = Target::Action(Action::Link(LinkAction::new(url)));
            let annot = Annotation::new_link(LinkAnnotation::new(rect, target), Some(text));
            let id = page.add_tagged_annotation(annot);
            let mut link = TagGroup::new(Tag::Link);
            link.push(id);
            tags.push(link);
        }
        page.finish();
        let mut section = TagGroup::new(Tag::Section);
        for n in tags.nodes {
            section.push(n);
        }
        tree.push(section);
        outline.push_child(OutlineNode::new(
            slide_title(s),
            XyzDestination::new(i, Point::from_xy(0.0, 0.0)),
        ));
    }
    doc.set_tag_tree(tree);
    doc.set_outline(outline);
    doc.set_metadata(metadata(opts, &deck.language, &deck.title, None));
    finish(doc, notes)
}

/// The writer's settings: PDF/A-2b always, PDF/UA-1 when `ua`, tagged.
fn settings(opts: &PdfOptions, ua: bool) -> Result<SerializeSettings, Failure> {
    let mut cfg = ConfigurationBuilder::new().with_archival_validator(Archival::A2_B);
    if ua {
        cfg = cfg.with_accessibility_validator(Accessibility::UA1);
    }
    let configuration = cfg.finish().map_err(|e| Failure::Other(format!("{e:?}")))?;
    Ok(SerializeSettings {
        configuration,
        enable_tagging: true,
        compress_content_streams: !opts.readable,
        pretty: opts.readable,
        ..SerializeSettings::default()
    })
}

/// The document's metadata: its language, title and author, and the date (never the clock).
fn metadata(opts: &PdfOptions, language: &str, title: &str, author: Option<&str>) -> Metadata {
    let d = opts.date.unwrap_or(PdfDate::FIXED);
    let date = DateTime::new(d.year)
        .month(d.month)
        .day(d.day)
        .hour(d.hour)
        .minute(d.minute)
        .second(d.second)
        .utc_offset_hour(0)
        .utc_offset_minute(0);
    let mut meta = Metadata::new()
        .language(language.to_string())
        .creator("specrender".into())
        .creation_date(date);
    if !title.trim().is_empty() {
        meta = meta.title(title.to_string());
    }
    if let Some(a) = author.filter(|a| !a.trim().is_empty()) {
        meta = meta.authors(vec![a.to_string()]);
    }
    meta
}

/// The file's bytes, or what the validators found.
fn finish(doc: Document, notes: Vec<String>) -> Result<(Vec<u8>, Vec<String>), Failure> {
    match doc.finish() {
        Ok(bytes) => Ok((bytes, notes)),
        Err(krilla::error::KrillaError::Validation(errs)) => Err(Failure::Validation(
            errs.into_iter().map(|(e, _)| e).collect(),
        )),
        Err(e) => Err(Failure::Other(format!("{e:?}"))),
    }
}

/// A document's pages, its structure and outline (headings, nested by level).
fn write_doc(
    laid: &LaidDoc,
    book: &FontBook,
    opts: &PdfOptions,
    ua: bool,
) -> Result<(Vec<u8>, Vec<String>), Failure> {
    let Some(scene) = laid.scene.as_deref() else {
        return Err(Failure::Other(
            "the document was not laid out for drawing".into(),
        ));
    };
    let mut doc = Document::new_with(settings(opts, ua)?);
    let mut faces = fonts::Faces::new(book);
    let mut images = draw::Images::new();
    let mut notes = Vec::new();
    let mut structure = doc::Structure::default();
    let (w, h) = (draw::pt(scene.width), draw::pt(scene.height));
    let mut headings: Vec<(u8, String, usize, f32)> = Vec::new();
    for (i, pg) in scene.pages.iter().enumerate() {
        let settings = PageSettings::from_wh(w, h)
            .ok_or_else(|| Failure::Other(format!("page size {w} x {h} pt")))?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        let mut tags = tags::Tags::default();
        {
            let mut p = draw::Painter {
                s: &mut surface,
                faces: &mut faces,
                notes: &mut notes,
                page: (w, h),
                links: Vec::new(),
                images: &mut images,
            };
            doc::page(&mut p, &mut tags, &mut structure, laid, pg);
        }
        surface.finish();
        page.finish();
        for n in tags.nodes {
            structure.nodes.push(n);
        }
        headings.extend(doc::headings(laid, pg, i));
    }
    let mut tree = TagTree::new().with_lang(Some(laid.language.clone()));
    for n in structure.finish() {
        tree.push(n);
    }
    doc.set_tag_tree(tree);
    doc.set_outline(outline_of(&headings));
    doc.set_metadata(metadata(
        opts,
        &laid.language,
        &laid.title,
        laid.author.as_deref(),
    ));
    finish(doc, notes)
}

/// The outline of `headings` (level, text, page index, top in points): each heading under
/// the last one of a higher level before it.
fn outline_of(headings: &[(u8, String, usize, f32)]) -> Outline {
    fn node(h: &(u8, String, usize, f32)) -> OutlineNode {
        OutlineNode::new(
            h.1.clone(),
            XyzDestination::new(h.2, Point::from_xy(0.0, h.3)),
        )
    }
    // A stack of open entries (level, node); an entry is put under its parent once closed.
    let mut outline = Outline::new();
    let mut stack: Vec<(u8, OutlineNode)> = Vec::new();
    let close = |stack: &mut Vec<(u8, OutlineNode)>, outline: &mut Outline, level: u8| {
        while stack.last().is_some_and(|(l, _)| *l >= level) {
            let (_, n) = stack.pop().expect("checked");
            match stack.last_mut() {
                Some((_, parent)) => parent.push_child(n),
                None => outline.push_child(n),
            }
        }
    };
    for h in headings {
        close(&mut stack, &mut outline, h.0);
        stack.push((h.0, node(h)));
    }
    close(&mut stack, &mut outline, 0);
    outline
}
