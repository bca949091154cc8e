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
use specrender_model::{BoxContent, Finding, LaidDeck, LaidSlide, Note, PdfMissing, Placeholder};

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

fn gap(missing: PdfMissing, slide: Option<&LaidSlide>, element_id: Option<&str>) -> Note {
    Note {
        finding: Finding::PdfNotAccessible { missing },
        slide_id: slide.map(|s| s.id.clone()),
        source_slide_id: slide.map(|s| s.source_id.clone()),
        element_id: element_id.map(str::to_string),
    }
}

/// What the deck lacks for PDF/UA-1.
fn ua_gaps(deck: &LaidDeck) -> Vec<Note> {
    let mut gaps = Vec::new();
    if deck.title.trim().is_empty() {
        gaps.push(gap(PdfMissing::Title, None, None));
    }
    for s in &deck.slides {
        for b in &s.boxes {
            if let BoxContent::Picture(p) = &b.content {
                if p.descr.as_deref().is_none_or(|d| d.trim().is_empty()) {
                    gaps.push(gap(PdfMissing::AltText, Some(s), Some(&b.element_id)));
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
    let mut gaps = ua_gaps(deck);
    if gaps.is_empty() {
        match write(deck, book, opts, true) {
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
                    .map(|e| gap(PdfMissing::Other(format!("{e:?}")), None, None)),
            ),
            Err(Failure::Other(e)) => return Err(PdfError::Write(e)),
        }
    }
    match write(deck, book, opts, false) {
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
    let mut cfg = ConfigurationBuilder::new().with_archival_validator(Archival::A2_B);
    if ua {
        cfg = cfg.with_accessibility_validator(Accessibility::UA1);
    }
    let configuration = cfg.finish().map_err(|e| Failure::Other(format!("{e:?}")))?;
    let settings = SerializeSettings {
        configuration,
        enable_tagging: true,
        compress_content_streams: !opts.readable,
        pretty: opts.readable,
        ..SerializeSettings::default()
    };
    let mut doc = Document::new_with(settings);
    let mut faces = fonts::Faces::new(book);
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
        .language(deck.language.clone())
        .creator("specrender".into())
        .creation_date(date);
    if !deck.title.trim().is_empty() {
        meta = meta.title(deck.title.clone());
    }
    doc.set_metadata(meta);
    match doc.finish() {
        Ok(bytes) => Ok((bytes, notes)),
        Err(krilla::error::KrillaError::Validation(errs)) => Err(Failure::Validation(
            errs.into_iter().map(|(e, _)| e).collect(),
        )),
        Err(e) => Err(Failure::Other(format!("{e:?}"))),
    }
}
