//! `[Content_Types].xml`: `Default` entries for the extensions every package has, one
//! `Override` per XML part, derived from the part names so no part can miss its type.

use super::xml::Xml;

const NS_CT: &str = "http://schemas.openxmlformats.org/package/2006/content-types";
const PML: &str = "application/vnd.openxmlformats-officedocument.presentationml";

/// Defaults by extension. png/jpeg are listed ahead of the pictures that will use them.
const DEFAULTS: [(&str, &str); 4] = [
    ("jpeg", "image/jpeg"),
    ("png", "image/png"),
    (
        "rels",
        "application/vnd.openxmlformats-package.relationships+xml",
    ),
    ("xml", "application/xml"),
];

/// The content type of a part we write, or `None` for parts the defaults cover (`.rels`).
pub(crate) fn content_type(part: &str) -> Option<String> {
    if part.ends_with(".rels") {
        return None;
    }
    let file = part.rsplit('/').next().unwrap_or(part);
    let stem = file
        .trim_end_matches(".xml")
        .trim_end_matches(|c: char| c.is_ascii_digit());
    let ct = match (part, stem) {
        ("docProps/core.xml", _) => {
            "application/vnd.openxmlformats-package.core-properties+xml".into()
        }
        ("docProps/app.xml", _) => {
            "application/vnd.openxmlformats-officedocument.extended-properties+xml".into()
        }
        ("ppt/presentation.xml", _) => format!("{PML}.presentation.main+xml"),
        (_, "theme") => "application/vnd.openxmlformats-officedocument.theme+xml".into(),
        (_, "slideMaster" | "slideLayout" | "slide" | "notesMaster" | "notesSlide") => {
            format!("{PML}.{stem}+xml")
        }
        (_, "presProps" | "viewProps" | "tableStyles") => format!("{PML}.{stem}+xml"),
        _ => return None,
    };
    Some(ct)
}

/// `[Content_Types].xml` for the given parts (in package order).
pub(crate) fn content_types_xml<'a>(
    parts: impl IntoIterator<Item = &'a str>,
    pretty: bool,
) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("Types", &[("xmlns", &NS_CT)]);
    for (ext, ct) in DEFAULTS {
        x.empty("Default", &[("Extension", &ext), ("ContentType", &ct)]);
    }
    for part in parts {
        if let Some(ct) = content_type(part) {
            let name = format!("/{part}");
            x.empty("Override", &[("PartName", &name), ("ContentType", &ct)]);
        }
    }
    x.end("Types");
    x.finish()
}

#[cfg(test)]
mod tests {
    use super::content_type;

    #[test]
    fn types_by_name() {
        let pml = |s: &str| {
            Some(format!(
                "application/vnd.openxmlformats-officedocument.presentationml.{s}+xml"
            ))
        };
        assert_eq!(content_type("ppt/slides/slide12.xml"), pml("slide"));
        assert_eq!(
            content_type("ppt/slideLayouts/slideLayout3.xml"),
            pml("slideLayout")
        );
        assert_eq!(
            content_type("ppt/notesSlides/notesSlide1.xml"),
            pml("notesSlide")
        );
        assert_eq!(
            content_type("ppt/presentation.xml"),
            pml("presentation.main")
        );
        assert_eq!(content_type("ppt/tableStyles.xml"), pml("tableStyles"));
        assert_eq!(
            content_type("ppt/theme/theme2.xml").as_deref(),
            Some("application/vnd.openxmlformats-officedocument.theme+xml")
        );
        assert_eq!(content_type("ppt/slides/_rels/slide1.xml.rels"), None);
    }
}
