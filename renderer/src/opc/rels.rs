//! Relationship parts (`_rels/*.rels`): ids are `rId1..` in the order given, so every writer
//! that points at a relationship knows its id from the position it listed it at.

use super::xml::Xml;

const NS_PKG_RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// Relationship types, named by their last path segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RelType {
    OfficeDocument,
    CoreProperties,
    ExtendedProperties,
    SlideMaster,
    SlideLayout,
    Slide,
    NotesMaster,
    NotesSlide,
    Theme,
    PresProps,
    ViewProps,
    TableStyles,
}

impl RelType {
    fn uri(self) -> String {
        let tail = match self {
            // The one type outside the officeDocument namespace.
            RelType::CoreProperties => {
                return "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
                    .to_string()
            }
            RelType::OfficeDocument => "officeDocument",
            RelType::ExtendedProperties => "extended-properties",
            RelType::SlideMaster => "slideMaster",
            RelType::SlideLayout => "slideLayout",
            RelType::Slide => "slide",
            RelType::NotesMaster => "notesMaster",
            RelType::NotesSlide => "notesSlide",
            RelType::Theme => "theme",
            RelType::PresProps => "presProps",
            RelType::ViewProps => "viewProps",
            RelType::TableStyles => "tableStyles",
        };
        format!("{OFFICE}/{tail}")
    }
}

/// The `.rels` part for `rels` (type, target relative to the source part's folder).
pub(crate) fn rels_xml(rels: &[(RelType, String)], pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("Relationships", &[("xmlns", &NS_PKG_RELS)]);
    for (i, (ty, target)) in rels.iter().enumerate() {
        let id = format!("rId{}", i + 1);
        x.empty(
            "Relationship",
            &[("Id", &id), ("Type", &ty.uri()), ("Target", target)],
        );
    }
    x.end("Relationships");
    x.finish()
}

/// The `.rels` part name for a part: `ppt/slides/slide1.xml` -> `ppt/slides/_rels/slide1.xml.rels`.
pub(crate) fn rels_part_name(part: &str) -> String {
    match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}
