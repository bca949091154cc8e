//! PresentationML on the [`crate::opc`] layer: one module per package part and [`package`],
//! which plans a deck's package — which parts exist, their names and order, how each relates
//! to the others, and each part's writer with the relationship ids it writes.
//!
//! Part modules: `presentation`, `props` (presProps, viewProps, tableStyles), `theme` (a
//! document's theme; a deck's comes with its template), `slide`, `notes` (notes master and
//! notes slides), `doc_props` (core and app), `chart` (chart parts and their workbooks'
//! cells; `chart_text` their titles and text); `text` (text bodies) and `shapes` (shape tree,
//! placeholders, list levels) are shared by the slide-like parts. Each part module declares
//! its part's content type next to its writer.
//!
//! Package order: `[Content_Types].xml`, `_rels/.rels`, `docProps/*`, `ppt/presentation.xml`,
//! the presentation-level props, the template's masters, layouts and themes (the built-in
//! look's package or a customer's; issue 20), (the notes master and its theme when any slide
//! has notes), slides, charts (each followed by its embedded workbook), notes slides; each
//! part's `.rels` follows it.

mod chart;
mod chart_text;
mod doc_props;
mod notes;
mod picture;
mod presentation;
mod props;
mod shape;
mod shapes;
mod slide;
mod table;
mod text;
pub(crate) mod theme;

use crate::opc::media::{ImageType, Media};
use crate::opc::package::{Fixed, Package, Part};
use crate::opc::rels::{RelId, RelType, Rels};
use presentation::PresentationIds;
use specrender_model::{BoxContent, ChartBox, ImageFormat, LaidDeck};

/// The PresentationML namespace (`p:`), on the root of every PresentationML part.
const NS_P: &str = "http://schemas.openxmlformats.org/presentationml/2006/main";

const CORE: &str = "docProps/core.xml";
const APP: &str = "docProps/app.xml";
const PRESENTATION: &str = "ppt/presentation.xml";
const PRES_PROPS: &str = "ppt/presProps.xml";
const VIEW_PROPS: &str = "ppt/viewProps.xml";
const TABLE_STYLES: &str = "ppt/tableStyles.xml";
const NOTES_MASTER: &str = "ppt/notesMasters/notesMaster1.xml";

/// The first master's id in `sldMasterIdLst` when the template's presentation gives none
/// (ids must be >= 2^31).
const MASTER_ID: u32 = 2_147_483_648;

/// A slide is the most work of any part to write (thread shares in the zip writer).
const SLIDE_WEIGHT: usize = 8;

fn slide_name(n: usize) -> String {
    format!("ppt/slides/slide{n}.xml")
}

fn chart_name(n: usize) -> String {
    format!("ppt/charts/chart{n}.xml")
}

/// PowerPoint's name for a chart's embedded workbook.
fn workbook_name(n: usize) -> String {
    format!("ppt/embeddings/Microsoft_Excel_Worksheet{n}.xlsx")
}

fn notes_slide_name(n: usize) -> String {
    format!("ppt/notesSlides/notesSlide{n}.xml")
}

/// Every part of the deck's package, in package order, not yet written. The look's
/// (`laid.frame.look`: the built-in look's package or a customer's, resolved) masters,
/// layouts and themes are carried over ([`add_carried`]).
pub(crate) fn package(laid: &LaidDeck) -> Result<Package<'_>, crate::RenderError> {
    let look = &laid.frame.look;
    if look.layouts.is_empty() {
        return Err(crate::RenderError::Template(
            "the template has no slide layout".into(),
        ));
    }
    let carried = &look.carried;
    let key = specrender_opc::read::part_key;
    let taken = |n: &str| carried.iter().any(|c| key(&c.name) == key(n));
    // Our own parts never take a carried part's name.
    let notes_theme = (2..)
        .map(|n| format!("ppt/theme/theme{n}.xml"))
        .find(|n| !taken(n))
        .expect("a free theme name");
    let media_folder = if carried
        .iter()
        .any(|c| key(&c.name).starts_with("ppt/media/"))
    {
        "ppt/media/deck"
    } else {
        "ppt/media"
    };
    let notes_of = notes_numbers(laid);
    let notes_count = notes_of.iter().flatten().count();
    let mut pkg = Package::new();
    // Every deck has listed the two image types since before pictures existed; they stay so
    // the output stays the same (a Default that no part uses is valid and ignored).
    for ty in [ImageType::Jpeg, ImageType::Png] {
        pkg.add_default(ty.extension(), ty.content_type());
    }
    pkg.relate(RelType::OfficeDocument, PRESENTATION);
    pkg.relate(RelType::CoreProperties, CORE);
    pkg.relate(RelType::ExtendedProperties, APP);
    add_doc_props(&mut pkg, laid, notes_count);
    add_presentation(&mut pkg, laid, notes_count > 0);
    // The brand's logo: a media part the master shows.
    let logo = laid.frame.logo.as_ref().map(|l| {
        let ext = match l.image.format {
            specrender_model::ImageFormat::Png => ImageType::Png,
            specrender_model::ImageFormat::Jpeg => ImageType::Jpeg,
        };
        let name = format!("{media_folder}/logo1.{}", ext.extension());
        let bytes = Fixed::Shared(l.image.bytes.clone());
        pkg.add(
            Part::fixed(name.clone(), ext.content_type(), bytes),
            Rels::new(),
        );
        name
    });
    let logo = logo.as_deref().zip(laid.frame.logo.as_ref());
    add_carried(&mut pkg, look, logo);
    if notes_count > 0 {
        add_notes_master(&mut pkg, laid, notes_theme);
    }
    let charts = charts(laid);
    if !charts.is_empty() {
        pkg.add_default("xlsx", crate::xlsx::XLSX_CONTENT_TYPE);
    }
    let media = add_slides(&mut pkg, laid, &notes_of, &charts, media_folder);
    add_charts(&mut pkg, &charts);
    add_notes_slides(&mut pkg, laid, &notes_of);
    add_media(&mut pkg, &media);
    Ok(pkg)
}

/// The template's parts, each followed by its relationships part as the template wrote it.
/// Media and other non-XML parts get their extension's `Default` from the template.
/// The relationship id the logo takes in a template's master (none of a template's own ids
/// looks like it).
const LOGO_RID: &str = "rIdSpecrenderLogo";

fn add_carried(
    pkg: &mut Package<'_>,
    look: &specrender_model::Look,
    logo: Option<(&str, &specrender_model::FrameLogo)>,
) {
    let master = look.masters.first().map(|m| m.part.as_str());
    for c in &look.carried {
        if let (Some((part, l)), true) = (logo, master == Some(c.name.as_str())) {
            add_master_with_logo(pkg, c, part, l);
            continue;
        }
        crate::carried::add(pkg, c);
    }
}

/// A template's first master with the brand's logo added to its shape tree, and the
/// relationship to the logo's media part added to its relationships.
fn add_master_with_logo(
    pkg: &mut Package<'_>,
    c: &specrender_model::CarriedPart,
    logo_part: &str,
    l: &specrender_model::FrameLogo,
) {
    let mut xml = String::from_utf8_lossy(&c.bytes).into_owned();
    let mut pic = crate::opc::xml::Xml::new(false);
    // Shape ids are unique per part: past every id a template may have (at most 2,000 shapes).
    shapes::logo_pic(&mut pic, 65_000, l.rect, &LOGO_RID);
    let pic = String::from_utf8(pic.finish()).expect("utf-8");
    // The element alone, without the writer's XML declaration.
    let pic = pic[pic.find("<p:pic").unwrap_or(0)..].to_string();
    if let Some(at) = xml.rfind("</p:spTree>") {
        xml.insert_str(at, &pic);
    }
    if !xml.contains("xmlns:r=") {
        xml = xml.replacen(
            "<p:sldMaster ",
            "<p:sldMaster xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" ",
            1,
        );
    }
    pkg.add(
        Part::new(c.name.clone(), c.content_type.clone(), move |_| {
            xml.clone().into_bytes()
        }),
        Rels::new(),
    );
    // The master lives in ppt/slideMasters/: its targets are relative to that folder.
    let target = format!("../{}", logo_part.trim_start_matches("ppt/"));
    let rel = format!(
        "<Relationship Id=\"{LOGO_RID}\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"{target}\"/>"
    );
    let (name, rels) = match &c.rels {
        Some((name, bytes)) => {
            let mut s = String::from_utf8_lossy(bytes).into_owned();
            match s.rfind("</Relationships>") {
                Some(at) => s.insert_str(at, &rel),
                None => s.push_str(&rel),
            }
            (name.clone(), s)
        }
        None => {
            let (dir, file) = c.name.rsplit_once('/').unwrap_or(("", &c.name));
            (
                format!("{dir}/_rels/{file}.rels"),
                format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">{rel}</Relationships>"),
            )
        }
    };
    pkg.add(
        Part::new(name, crate::opc::content_types::RELS, move |_| {
            rels.clone().into_bytes()
        }),
        Rels::new(),
    );
}

/// The layout part a slide of `preset` relates to: the template layout the frame mapped it to
/// (a layout id no template layout fits goes onto the template's blank layout, else its
/// first; [`package`] refused a template without layouts).
fn layout_target(laid: &LaidDeck, preset: specrender_model::Preset) -> String {
    let i = laid.frame.template_layout_index(preset).unwrap_or(0);
    laid.frame.look.layouts[i].part.clone()
}

/// One part per distinct image, in first-use order (after every slide and notes slide).
fn add_media<'a>(pkg: &mut Package<'a>, media: &Media<'a>) {
    for m in media.parts() {
        let bytes = Fixed::Borrowed(m.bytes);
        let part = Part::fixed(m.name.clone(), m.image_type.content_type(), bytes);
        pkg.add(part, Rels::new());
    }
}

/// The notes slide number of each slide: slides with notes are numbered in slide order.
fn notes_numbers(laid: &LaidDeck) -> Vec<Option<usize>> {
    let mut count = 0;
    laid.slides
        .iter()
        .map(|s| {
            notes::has_notes(&s.notes).then(|| {
                count += 1;
                count
            })
        })
        .collect()
}

fn add_doc_props<'a>(pkg: &mut Package<'a>, laid: &'a LaidDeck, notes_count: usize) {
    let core = Part::new(CORE, crate::opc::core_props::CONTENT_TYPE, move |pretty| {
        doc_props::core_xml(laid, pretty)
    });
    let app = Part::new(APP, doc_props::APP_CONTENT_TYPE, move |pretty| {
        doc_props::app_xml(laid, notes_count, pretty)
    });
    pkg.add(core, Rels::new());
    pkg.add(app, Rels::new());
}

/// `ppt/presentation.xml` and its props. Relationships in PowerPoint's order: the masters,
/// the slides, the notes master, then props, theme and table styles.
fn add_presentation<'a>(pkg: &mut Package<'a>, laid: &'a LaidDeck, any_notes: bool) {
    let look = &laid.frame.look;
    let mut rels = Rels::new();
    let masters: Vec<(u32, RelId)> = look
        .masters
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let id = m.id.unwrap_or(MASTER_ID + 1000 * i as u32);
            (id, rels.add(RelType::SlideMaster, m.part.clone()))
        })
        .collect();
    let ids = PresentationIds {
        masters,
        slides: (1..=laid.slides.len())
            .map(|n| rels.add(RelType::Slide, slide_name(n)))
            .collect(),
        notes_master: any_notes.then(|| rels.add(RelType::NotesMaster, NOTES_MASTER)),
        fonts: Vec::new(),
    };
    rels.add(RelType::PresProps, PRES_PROPS);
    rels.add(RelType::ViewProps, VIEW_PROPS);
    if let Some(part) = &look.theme_part {
        rels.add(RelType::Theme, part.clone());
    }
    rels.add(RelType::TableStyles, TABLE_STYLES);
    // Embedded faces (`--embed-fonts`), as Embedded OpenType parts; never a carried part's name.
    let key = specrender_opc::read::part_key;
    let folder = if look
        .carried
        .iter()
        .any(|c| key(&c.name).starts_with("ppt/fonts/"))
    {
        "ppt/fonts/specrender-font"
    } else {
        "ppt/fonts/font"
    };
    let mut fonts = Vec::new();
    for (i, face) in laid.embedding.faces.iter().enumerate() {
        let name = format!("{folder}{}.fntdata", i + 1);
        fonts.push((face, rels.add(RelType::Font, name.clone())));
        let bytes = crate::fonts::eot(face);
        pkg.add(
            Part::fixed(
                name,
                crate::fonts::FNTDATA_CONTENT_TYPE,
                Fixed::Shared(bytes.into()),
            ),
            Rels::new(),
        );
    }
    let ids = PresentationIds { fonts, ..ids };
    let part = Part::new(PRESENTATION, presentation::CONTENT_TYPE, move |pretty| {
        presentation::presentation_xml(laid, &ids, pretty)
    });
    pkg.add(part, rels);
    let props = [
        Part::new(
            PRES_PROPS,
            props::PRES_PROPS_CONTENT_TYPE,
            props::pres_props_xml,
        ),
        Part::new(
            VIEW_PROPS,
            props::VIEW_PROPS_CONTENT_TYPE,
            props::view_props_xml,
        ),
        Part::new(
            TABLE_STYLES,
            props::TABLE_STYLES_CONTENT_TYPE,
            props::table_styles_xml,
        ),
    ];
    for part in props {
        pkg.add(part, Rels::new());
    }
}

/// The notes master and its theme (theme2, or the first theme name the template leaves free).
fn add_notes_master<'a>(pkg: &mut Package<'a>, laid: &'a LaidDeck, theme: String) {
    let mut rels = Rels::new();
    rels.add(RelType::Theme, theme.clone());
    let part = Part::new(
        NOTES_MASTER,
        notes::NOTES_MASTER_CONTENT_TYPE,
        move |pretty| notes::notes_master_xml(laid, pretty),
    );
    pkg.add(part, rels);
    // The notes master's theme: the brand's colours and fonts on scheme slots.
    let scheme = &laid.theme_frame;
    let part = Part::new(theme, theme::CONTENT_TYPE, move |pretty| {
        theme::theme_xml(scheme, pretty)
    });
    pkg.add(part, Rels::new());
}

/// Every chart of the deck, numbered from 1 in slide and box order: (slide index, chart).
fn charts(laid: &LaidDeck) -> Vec<(usize, &ChartBox)> {
    let mut out = Vec::new();
    for (i, s) in laid.slides.iter().enumerate() {
        for b in &s.boxes {
            if let BoxContent::Chart(c) = &b.content {
                out.push((i, &**c));
            }
        }
    }
    out
}

/// Slides, each related to its preset's layout, to its notes slide if it has one, to its
/// charts, then to the image part of each of its pictures. Returns the deck's media parts.
fn add_slides<'a>(
    pkg: &mut Package<'a>,
    laid: &'a LaidDeck,
    notes_of: &[Option<usize>],
    charts: &[(usize, &ChartBox)],
    media_folder: &'static str,
) -> Media<'a> {
    let mut media = Media::new(media_folder);
    for (i, (s, notes)) in laid.slides.iter().zip(notes_of).enumerate() {
        let mut rels = Rels::new();
        rels.add(RelType::SlideLayout, layout_target(laid, s.preset));
        if let Some(n) = notes {
            rels.add(RelType::NotesSlide, notes_slide_name(*n));
        }
        let chart_ids: Vec<RelId> = (0..charts.len())
            .filter(|&k| charts[k].0 == i)
            .map(|k| rels.add(RelType::Chart, chart_name(k + 1)))
            .collect();
        let embeds: Vec<Option<RelId>> = s
            .boxes
            .iter()
            .map(|b| match &b.content {
                BoxContent::Picture(p) => {
                    let ty = match p.format {
                        ImageFormat::Png => ImageType::Png,
                        ImageFormat::Jpeg => ImageType::Jpeg,
                    };
                    let name = media.add(&p.bytes, ty).to_string();
                    Some(rels.add(RelType::Image, name))
                }
                _ => None,
            })
            .collect();
        let part = Part::new(slide_name(i + 1), slide::CONTENT_TYPE, move |pretty| {
            slide::slide_xml(laid, s, &chart_ids, &embeds, pretty)
        });
        pkg.add(part.weighing(SLIDE_WEIGHT), rels);
    }
    media
}

/// Chart parts, each related to (and followed by) its own embedded workbook: PowerPoint does
/// not let charts share one.
fn add_charts<'a>(pkg: &mut Package<'a>, charts: &[(usize, &'a ChartBox)]) {
    for (k, (_, c)) in charts.iter().enumerate() {
        let c: &'a ChartBox = c;
        let mut rels = Rels::new();
        let wb = rels.add(RelType::Package, workbook_name(k + 1));
        let part = Part::new(chart_name(k + 1), chart::CONTENT_TYPE, move |pretty| {
            chart::chart_xml(c, wb, pretty)
        });
        pkg.add(part.weighing(SLIDE_WEIGHT), rels);
        let book = Part::new(
            workbook_name(k + 1),
            crate::xlsx::XLSX_CONTENT_TYPE,
            move |_| crate::xlsx::workbook(&chart::sheet(c)),
        );
        pkg.add(book.weighing(SLIDE_WEIGHT), Rels::new());
    }
}

/// Notes slides, each related to the notes master and back to its slide.
fn add_notes_slides<'a>(pkg: &mut Package<'a>, laid: &'a LaidDeck, notes_of: &[Option<usize>]) {
    for (i, (s, notes)) in laid.slides.iter().zip(notes_of).enumerate() {
        let Some(n) = notes else { continue };
        let mut rels = Rels::new();
        rels.add(RelType::NotesMaster, NOTES_MASTER);
        rels.add(RelType::Slide, slide_name(i + 1));
        let part = Part::new(
            notes_slide_name(*n),
            notes::NOTES_SLIDE_CONTENT_TYPE,
            move |pretty| notes::notes_slide_xml(laid, &s.notes, pretty),
        );
        pkg.add(part, rels);
    }
}
