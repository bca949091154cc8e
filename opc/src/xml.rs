//! Small, safe XML reading helpers over quick-xml: a part's events with DTDs refused (no
//! entity can be declared, so none can expand), attributes by local name.

use crate::read::PackageError;
pub use quick_xml::events::BytesStart;
use quick_xml::events::Event;
use quick_xml::Reader;

/// The XML version attribute values are normalised for (OOXML parts are XML 1.0).
pub const XML_1_0: quick_xml::XmlVersion = quick_xml::XmlVersion::Implicit1_0;

/// A reader of a part's XML that checks end names.
fn reader(xml: &[u8]) -> Reader<&[u8]> {
    let mut r = Reader::from_reader(xml);
    r.config_mut().check_end_names = true;
    r
}

/// The error for a `<!DOCTYPE>` in `part` (see [`walk`]).
fn doctype(part: &str) -> PackageError {
    PackageError::xml(
        part,
        "a DOCTYPE (DTD) is not allowed in a package part".to_string(),
    )
}

/// Calls `f` for every start (or empty) element of `xml` with its local name and the element,
/// and for every end element with `end == true`. A `<!DOCTYPE>` is an error: OOXML parts never
/// have one, and refusing it refuses every entity declaration (billion laughs, external
/// entities) before anything expands.
pub fn walk(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(&[u8], &BytesStart<'_>, bool) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    let mut r = reader(xml);
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
            Event::DocType(_) => return Err(doctype(part)),
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}

/// One event of [`walk_text`].
#[derive(Debug)]
pub enum Node<'a> {
    /// A start (or empty) element: its local name and the element.
    Start(&'a [u8], &'a BytesStart<'a>),
    /// An end element (an empty element gets one too), by local name.
    End(&'a [u8]),
    /// Character data: text, CDATA, a predefined entity (`&amp;`) or a character reference,
    /// resolved. An unknown entity or a bad character reference is an error.
    Text(&'a str),
}

/// [`walk`] with the character data between the elements ([`Node`]), under the same rules
/// (a `<!DOCTYPE>` is an error).
pub fn walk_text(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(Node<'_>) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    let mut r = reader(xml);
    let mut buf = Vec::new();
    loop {
        let ev = r
            .read_event_into(&mut buf)
            .map_err(|e| PackageError::xml(part, e.to_string()))?;
        match ev {
            Event::Start(e) => f(Node::Start(e.local_name().into_inner().as_bytes(), &e))?,
            Event::Empty(e) => {
                f(Node::Start(e.local_name().into_inner().as_bytes(), &e))?;
                f(Node::End(e.local_name().into_inner().as_bytes()))?;
            }
            Event::End(e) => f(Node::End(e.local_name().into_inner().as_bytes()))?,
            Event::Text(t) => f(Node::Text(&t.xml10_content()))?,
            Event::CData(t) => f(Node::Text(&t.xml10_content()))?,
            Event::GeneralRef(g) => {
                let bad = |m: String| PackageError::xml(part, m);
                let c = if g.is_char_ref() {
                    g.resolve_char_ref()
                        .map_err(|e| bad(e.to_string()))?
                        .ok_or_else(|| bad("a character reference to nothing".into()))?
                } else {
                    match g.xml10_content().as_ref() {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => return Err(bad(format!("an unknown entity &{other};"))),
                    }
                };
                f(Node::Text(c.encode_utf8(&mut [0; 4])))?
            }
            Event::DocType(_) => return Err(doctype(part)),
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
    fn text_comes_with_entities_and_references_resolved() {
        let xml = br#"<w:p xmlns:w="urn:w"><w:t>A &amp; B&#x20;&#233;<![CDATA[<c>]]></w:t><w:tab/></w:p>"#;
        let mut seen = Vec::new();
        walk_text("word/header1.xml", xml, |n| {
            seen.push(match n {
                Node::Start(name, _) => format!("<{}>", String::from_utf8_lossy(name)),
                Node::End(name) => format!("</{}>", String::from_utf8_lossy(name)),
                Node::Text(t) => t.to_string(),
            });
            Ok(())
        })
        .unwrap();
        assert_eq!(seen.concat(), "<p><t>A & B é<c></t><tab></tab></p>");
        let err = walk_text("x", b"<a>&nope;</a>", |_| Ok(())).unwrap_err();
        assert!(err.to_string().contains("nope"), "{err}");
        let bomb = br#"<!DOCTYPE l [<!ENTITY a "aa">]><p>&a;</p>"#;
        assert!(walk_text("x", bomb, |_| Ok(())).is_err());
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
