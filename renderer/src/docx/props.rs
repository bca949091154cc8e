//! `docProps/core.xml` and `docProps/app.xml`: title, subtitle (subject), author (creator),
//! language and the created date — from the input only, never the clock (a `created_date`
//! that is not `YYYY-MM-DD` is left out: W3CDTF needs a date).

use crate::opc::core_props::{self, CoreProps};
use crate::opc::xml::Xml;
use specrender_model::doc::LaidDoc;

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
    let created = laid
        .created
        .as_deref()
        .filter(|d| iso_date(d))
        .map(|d| format!("{d}T00:00:00Z"));
    let props = CoreProps {
        title: &laid.title,
        subject: laid.subtitle.as_deref(),
        creator: laid.author.as_deref().unwrap_or("specrender"),
        last_modified_by: "specrender",
        created: created.as_deref(),
        language: &laid.language,
    };
    core_props::core_xml(&props, pretty)
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
