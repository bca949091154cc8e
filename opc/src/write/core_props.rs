//! `docProps/core.xml`, the package's core properties (ECMA-376 Part 2 §11), for every format.
//! Only what the input says is written: no clock, so the same input gives the same bytes.

use super::xml::Xml;

pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-package.core-properties+xml";

/// What a format knows about its document; empty or absent values are left out.
pub struct CoreProps<'a> {
    pub title: &'a str,
    pub subject: Option<&'a str>,
    pub creator: &'a str,
    pub last_modified_by: &'a str,
    /// A W3CDTF date-time written as both `dcterms:created` and `dcterms:modified`.
    pub created: Option<&'a str>,
    pub language: &'a str,
}

pub fn core_xml(p: &CoreProps<'_>, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "cp:coreProperties",
        &[
            (
                "xmlns:cp",
                &"http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
            ),
            ("xmlns:dc", &"http://purl.org/dc/elements/1.1/"),
            ("xmlns:dcterms", &"http://purl.org/dc/terms/"),
            ("xmlns:dcmitype", &"http://purl.org/dc/dcmitype/"),
            ("xmlns:xsi", &"http://www.w3.org/2001/XMLSchema-instance"),
        ],
    );
    x.leaf("dc:title", &[], p.title);
    if let Some(sub) = p.subject.filter(|s| !s.is_empty()) {
        x.leaf("dc:subject", &[], sub);
    }
    x.leaf("dc:creator", &[], p.creator);
    x.leaf("cp:lastModifiedBy", &[], p.last_modified_by);
    if let Some(v) = p.created {
        x.leaf("dcterms:created", &[("xsi:type", &"dcterms:W3CDTF")], v);
        x.leaf("dcterms:modified", &[("xsi:type", &"dcterms:W3CDTF")], v);
    }
    if !p.language.is_empty() {
        x.leaf("dc:language", &[], p.language);
    }
    x.end("cp:coreProperties");
    x.finish()
}
