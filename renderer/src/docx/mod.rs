//! WordprocessingML (DOCX) on the [`crate::opc`] layer: [`package`] plans a laid document's
//! package; one module per part. Written with our own XML writer and OPC layer rather than a
//! DOCX crate: the crates we looked at number ids from process-global counters (not
//! deterministic in a long-running worker) and bring second copies of zip and quick-xml; the
//! parts are small, and the OPC layer (relationships, content types, media by hash,
//! deterministic zip) is already ours.
//!
//! Parts, in package order: `docProps/core.xml`, `docProps/app.xml`, `word/document.xml`,
//! `word/styles.xml`, `word/numbering.xml`, `word/settings.xml`, `word/fontTable.xml`,
//! `word/theme/theme1.xml` (the slides' theme writer), `word/footnotes.xml` (footnote mode,
//! when anything is cited), `word/media/imageN.*`. Never `stylesWithEffects.xml` (Word's
//! compatibility check fails on it) and never `w:updateFields` (Word would prompt on open).

mod document;
mod figure;
mod footnotes;
mod numbering;
mod props;
mod settings;
mod styles;
mod table;
mod text;

use crate::opc::media::{ImageType, Media};
use crate::opc::package::{Fixed, Package, Part};
use crate::opc::rels::{RelId, RelType, Rels};
use document::Body;
use specrender_model::doc::{CitationStyle, LaidContent, LaidDoc};
use specrender_model::ImageFormat;

const DOCUMENT: &str = "word/document.xml";
const CORE: &str = "docProps/core.xml";
const APP: &str = "docProps/app.xml";
const STYLES: &str = "word/styles.xml";
const NUMBERING: &str = "word/numbering.xml";
const SETTINGS: &str = "word/settings.xml";
const FONT_TABLE: &str = "word/fontTable.xml";
const THEME: &str = "word/theme/theme1.xml";
const FOOTNOTES: &str = "word/footnotes.xml";

/// Every part of the document's package, in package order, not yet written. On a template
/// (`laid.look`) its styles and numbering are written with ours added, and its theme and
/// the header and footer parts of its last section (with what they reach) are carried over
/// as they are; a .dotx becomes a document.
pub(crate) fn package(laid: &LaidDoc) -> Package<'_> {
    let template = laid.look.as_ref();
    let carried = template.map_or(&[][..], |t| t.carried.as_slice());
    let mut pkg = Package::new();
    pkg.relate(RelType::OfficeDocument, DOCUMENT);
    pkg.relate(RelType::CoreProperties, CORE);
    pkg.relate(RelType::ExtendedProperties, APP);
    pkg.add(
        Part::new(CORE, crate::opc::core_props::CONTENT_TYPE, move |p| {
            props::core_xml(laid, p)
        }),
        Rels::new(),
    );
    pkg.add(
        Part::new(APP, props::APP_CONTENT_TYPE, props::app_xml),
        Rels::new(),
    );
    let footnotes = laid.citations == CitationStyle::Footnotes && laid.footnotes > 0;
    let (mut rels, theme, furniture) = document_rels(laid, footnotes);
    // Our pictures never take a carried picture's name.
    let key = specrender_opc::read::part_key;
    let media_folder = if carried
        .iter()
        .any(|c| key(&c.name).starts_with("word/media/"))
    {
        "word/media/doc"
    } else {
        "word/media"
    };
    let mut media = Media::new(media_folder);
    let images = figure_images(laid, &mut pkg, &mut media, &mut rels);
    let body = Body {
        laid,
        nums: numbering::ListNums::of(laid),
        images,
        furniture,
    };
    let nums = numbering::ListNums::of(laid);
    let styles_nums = numbering::ListNums::of(laid);
    let doc = Part::new(DOCUMENT, document::CONTENT_TYPE, move |p| {
        document::document_xml(&body, p)
    })
    .weighing(8);
    pkg.add(doc, rels);
    let parts = [
        Part::new(STYLES, styles::CONTENT_TYPE, move |p| {
            // The template's part as it is written (never pretty-printed: it is theirs).
            template
                .and_then(|t| {
                    let (_, xml) = t.styles_part.as_ref()?;
                    styles::styles_on(xml, laid, t, &styles_nums, p)
                })
                .unwrap_or_else(|| styles::styles_xml(laid, &styles_nums, p))
        }),
        Part::new(NUMBERING, numbering::CONTENT_TYPE, move |p| {
            template
                .and_then(|t| {
                    let (_, xml) = t.numbering_part.as_ref()?;
                    numbering::numbering_on(xml, &nums, p)
                })
                .unwrap_or_else(|| numbering::numbering_xml(&nums, p))
        }),
        Part::new(SETTINGS, settings::SETTINGS_CONTENT_TYPE, move |p| {
            settings::settings_xml(laid, footnotes, p)
        }),
    ];
    for part in parts {
        pkg.add(part, Rels::new());
    }
    add_font_table(laid, &mut pkg);
    if !carried.iter().any(|c| key(&c.name) == key(&theme)) {
        let part = Part::new(THEME, crate::pptx::theme::CONTENT_TYPE, move |p| {
            crate::pptx::theme::theme_xml(&laid.theme_frame, p)
        });
        pkg.add(part, Rels::new());
    }
    // The template's carried parts (theme, headers, footers, their media).
    for c in carried {
        crate::carried::add(&mut pkg, c);
    }
    if footnotes {
        let part = Part::new(FOOTNOTES, footnotes::CONTENT_TYPE, move |p| {
            footnotes::footnotes_xml(laid, p)
        });
        pkg.add(part, Rels::new());
    }
    for m in media.parts() {
        let bytes = Fixed::Borrowed(m.bytes);
        let part = Part::fixed(m.name.clone(), m.image_type.content_type(), bytes);
        pkg.add(part, Rels::new());
    }
    pkg
}

/// The main document part's relationships (styles, numbering, settings, font table, theme,
/// footnotes when `footnotes`, then the template's section headers and footers), the theme
/// part's name (the template's when it has one, else ours) and the headers and footers as
/// [`Body::furniture`].
fn document_rels(laid: &LaidDoc, footnotes: bool) -> (Rels, String, Vec<(bool, String, RelId)>) {
    let template = laid.look.as_ref();
    let mut rels = Rels::new();
    rels.add(RelType::Styles, STYLES);
    rels.add(RelType::Numbering, NUMBERING);
    rels.add(RelType::Settings, SETTINGS);
    rels.add(RelType::FontTable, FONT_TABLE);
    // The template's theme part when it has one (carried), else ours.
    let theme = template
        .and_then(|t| t.theme_part.clone())
        .unwrap_or_else(|| THEME.to_string());
    rels.add(RelType::Theme, theme.clone());
    if footnotes {
        rels.add(RelType::Footnotes, FOOTNOTES);
    }
    // The section's headers and footers: (kind, relationship) in the order written.
    let mut furniture = Vec::new();
    if let Some(t) = template {
        for (kind, part) in &t.section.headers {
            furniture.push((true, kind.clone(), rels.add(RelType::Header, part.clone())));
        }
        for (kind, part) in &t.section.footers {
            furniture.push((false, kind.clone(), rels.add(RelType::Footer, part.clone())));
        }
    }
    (rels, theme, furniture)
}

/// Per block, the image relationship of its figure: each picture added to `media` (one part
/// per image) with its extension's default content type.
fn figure_images<'a>(
    laid: &'a LaidDoc,
    pkg: &mut Package<'a>,
    media: &mut Media<'a>,
    rels: &mut Rels,
) -> Vec<Option<RelId>> {
    laid.blocks
        .iter()
        .map(|b| match &b.content {
            LaidContent::Figure(f) => f.image.as_ref().ok().map(|img| {
                let ty = match img.format {
                    ImageFormat::Png => ImageType::Png,
                    ImageFormat::Jpeg => ImageType::Jpeg,
                };
                pkg.add_default(ty.extension(), ty.content_type());
                let name = media.add(&img.bytes, ty).to_string();
                rels.add(RelType::Image, name)
            }),
            _ => None,
        })
        .collect()
}

/// The embedded faces, one obfuscated part each, and the font table that relates them.
fn add_font_table<'a>(laid: &'a LaidDoc, pkg: &mut Package<'a>) {
    let mut font_rels = Rels::new();
    let mut embeds = Vec::new();
    for (i, face) in laid.embedding.faces.iter().enumerate() {
        let name = format!("word/fonts/font{}.odttf", i + 1);
        let (guid, key) = crate::fonts::font_key(&face.data);
        let bytes = crate::fonts::obfuscate(&face.data, &key);
        let id = font_rels.add(RelType::Font, name.clone());
        embeds.push(settings::Embed { face, id, guid });
        let part = Part::fixed(
            name,
            crate::fonts::ODTTF_CONTENT_TYPE,
            Fixed::Shared(bytes.into()),
        );
        pkg.add(part, Rels::new());
    }
    let table = Part::new(FONT_TABLE, settings::FONT_TABLE_CONTENT_TYPE, move |p| {
        settings::font_table_xml(laid, &embeds, p)
    });
    pkg.add(table, font_rels);
}
