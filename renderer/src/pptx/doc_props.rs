//! `docProps/core.xml` and `docProps/app.xml`. No dates: output must not depend on the clock
//! (deterministic bytes: docs/dev/architecture.md); readers treat missing dates as unknown.

use crate::opc::core_props::{self, CoreProps};
use crate::opc::xml::Xml;
use specrender_model::LaidDeck;
use specrender_spec::deck::SlideSize;

pub(crate) const APP_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.extended-properties+xml";

const APPLICATION: &str = "specrender";

pub(crate) fn core_xml(laid: &LaidDeck, pretty: bool) -> Vec<u8> {
    let props = CoreProps {
        title: &laid.title,
        subject: laid.subtitle.as_deref(),
        creator: APPLICATION,
        last_modified_by: APPLICATION,
        created: None,
        language: &laid.language,
    };
    core_props::core_xml(&props, pretty)
}

pub(crate) fn app_xml(laid: &LaidDeck, notes: usize, pretty: bool) -> Vec<u8> {
    let format = match laid.slide_size {
        SlideSize::WIDESCREEN => "Widescreen",
        SlideSize::STANDARD => "On-screen Show (4:3)",
        _ => "Custom",
    };
    let paragraphs: usize =
        laid.slides
            .iter()
            .flat_map(|s| &s.boxes)
            .map(|b| match &b.content {
                specrender_model::BoxContent::Text(t) => t.paragraphs.len(),
                specrender_model::BoxContent::Placeholder(_) => 1,
                specrender_model::BoxContent::Chart(_) => 0,
                specrender_model::BoxContent::Shape(s) => {
                    s.text.as_ref().map_or(0, |t| t.paragraphs.len())
                }
                specrender_model::BoxContent::Picture(_)
                | specrender_model::BoxContent::Divider(_) => 0,
                specrender_model::BoxContent::Table(t) => t
                    .rows
                    .iter()
                    .flat_map(|r| &r.cells)
                    .map(|c| c.paragraphs.len())
                    .sum(),
            })
            .sum();
    let mut x = Xml::new(pretty);
    x.start(
        "Properties",
        &[
            (
                "xmlns",
                &"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
            ),
            (
                "xmlns:vt",
                &"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes",
            ),
        ],
    );
    x.leaf("TotalTime", &[], "0");
    x.leaf("Application", &[], APPLICATION);
    x.leaf("PresentationFormat", &[], format);
    x.leaf("Paragraphs", &[], &paragraphs.to_string());
    x.leaf("Slides", &[], &laid.slides.len().to_string());
    x.leaf("Notes", &[], &notes.to_string());
    x.leaf("HiddenSlides", &[], "0");
    x.leaf("MMClips", &[], "0");
    x.leaf("ScaleCrop", &[], "false");
    x.leaf("LinksUpToDate", &[], "false");
    x.leaf("SharedDoc", &[], "false");
    x.leaf("HyperlinksChanged", &[], "false");
    x.end("Properties");
    x.finish()
}
