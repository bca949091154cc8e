//! Small, safe XML reading helpers over quick-xml: a part's events with DTDs refused (no
//! entity can be declared, so none can expand), attributes by local name.

use crate::read::PackageError;
pub use quick_xml::events::BytesStart;
use quick_xml::events::Event;
use quick_xml::Reader;

/// The XML version attribute values are normalised for (OOXML parts are XML 1.0).
pub const XML_1_0: quick_xml::XmlVersion = quick_xml::XmlVersion::Implicit1_0;

/// Calls `f` for every start (or empty) element of `xml` with its local name and the element,
/// and for every end element with `end == true`. A `<!DOCTYPE>` is an error: OOXML parts never
/// have one, and refusing it refuses every entity declaration (billion laughs, external
/// entities) before anything expands.
pub fn walk(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(&[u8], &BytesStart<'_>, bool) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    let mut r = Reader::from_reader(xml);
    r.config_mut().check_end_names = true;
    let mut buf = Vec::new();
    loop {
        let ev = r
            .read_event_into(&mut buf)
            .map_err(|e| PackageError::xml(part, e.to_string()))?;
        match ev {
            Event::Start(e) => {
                f(e.local_name().into_inner().as_bytes(), &e, false)?;
            }
            Event::Empty(e) => {
                f(e.local_name().into_inner().as_bytes(), &e, false)?;
                f(e.local_name().into_inner().as_bytes(), &e, true)?;
            }
            Event::End(e) => {
                let s = BytesStart::new(e.local_name().into_inner().to_string());
                f(e.local_name().into_inner().as_bytes(), &s, true)?;
            }
            Event::DocType(_) => {
                return Err(PackageError::xml(
                    part,
                    "a DOCTYPE (DTD) is not allowed in a package part".to_string(),
                ))
            }
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}

/// An attribute without a namespace prefix by local name (`id`, `type`, `name`).
pub fn attr(e: &BytesStart<'_>, local: &str) -> Option<String> {
    e.attributes().flatten().find_map(|a| {
        let key = a.key;
        (key.prefix().is_none() && key.local_name().into_inner().as_bytes() == local.as_bytes())
            .then(|| {
                a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .ok()
                    .map(|v| v.into_owned())
            })
            .flatten()
    })
}

/// An attribute in a namespace (any prefix) by local name: `r:id`, `r:embed`.
pub fn attr_ns(e: &BytesStart<'_>, local: &str) -> Option<String> {
    e.attributes().flatten().find_map(|a| {
        let key = a.key;
        (key.prefix().is_some() && key.local_name().into_inner().as_bytes() == local.as_bytes())
            .then(|| {
                a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .ok()
                    .map(|v| v.into_owned())
            })
            .flatten()
    })
}

/// An integer attribute; absent or unparsable: `None`.
pub fn attr_i64(e: &BytesStart<'_>, local: &str) -> Option<i64> {
    attr(e, local).and_then(|v| v.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_doctype_is_refused_before_any_entity_expands() {
        let bomb = br#"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]><p>&b;</p>"#;
        let err = walk("ppt/x.xml", bomb, |_, _, _| Ok(())).unwrap_err();
        assert!(err.to_string().contains("ppt/x.xml"), "{err}");
        assert!(err.to_string().contains("DOCTYPE"), "{err}");
    }

    #[test]
    fn attributes_by_local_name_and_namespace() {
        let xml = br#"<p:sldLayoutId xmlns:r="urn:r" id="2147483649" r:id="rId7"/>"#;
        let mut seen = None;
        walk("p", xml, |name, e, end| {
            if !end && name == b"sldLayoutId" {
                seen = Some((attr(e, "id"), attr_ns(e, "id"), attr_i64(e, "id")));
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(
            seen,
            Some((
                Some("2147483649".into()),
                Some("rId7".into()),
                Some(2147483649)
            ))
        );
    }

    #[test]
    fn malformed_xml_names_the_part() {
        let err = walk(
            "ppt/slideMasters/slideMaster1.xml",
            b"<a><b></a>",
            |_, _, _| Ok(()),
        )
        .unwrap_err();
        assert!(err.to_string().contains("slideMaster1.xml"), "{err}");
    }
}
