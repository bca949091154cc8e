//! `docProps/core.xml` and `docProps/app.xml`: title, subtitle (subject), author (creator),
//! language and the created date — from the input only, never the clock (a `created_date`
//! that is not `YYYY-MM-DD` is left out: W3CDTF needs a date).

use crate::opc::xml::Xml;
use specrender_layout::doc::model::LaidDoc;

pub(crate) const CORE_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-package.core-properties+xml";
pub(crate) const APP_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.extended-properties+xml";

fn iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

pub(crate) fn core_xml(laid: &LaidDoc, pretty: bool) -> Vec<u8> {
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
    x.leaf("dc:title", &[], &laid.title);
    if let Some(s) = &laid.subtitle {
        x.leaf("dc:subject", &[], s);
    }
    x.leaf(
        "dc:creator",
        &[],
        laid.author.as_deref().unwrap_or("specrender"),
    );
    x.leaf("cp:lastModifiedBy", &[], "specrender");
    if let Some(d) = laid.created.as_deref().filter(|d| iso_date(d)) {
        let v = format!("{d}T00:00:00Z");
        x.leaf("dcterms:created", &[("xsi:type", &"dcterms:W3CDTF")], &v);
        x.leaf("dcterms:modified", &[("xsi:type", &"dcterms:W3CDTF")], &v);
    }
    x.leaf("dc:language", &[], &laid.language);
    x.end("cp:coreProperties");
    x.finish()
}

pub(crate) fn app_xml(pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start(
        "Properties",
        &[(
            "xmlns",
            &"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
        )],
    );
    x.leaf("Application", &[], "specrender");
    x.leaf("DocSecurity", &[], "0");
    x.end("Properties");
    x.finish()
}
