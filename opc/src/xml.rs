//! The one XML reader of untrusted parts (templates, carried parts, checked files), over
//! quick-xml: iterative, with the nesting depth bounded ([`MAX_DEPTH`]), and strict — a part is
//! read only when it is well-formed XML 1.0 without a DTD ([`check`] says what is checked).
//! [`walk`] and [`walk_text`] give its events; attributes by local name. The rules themselves
//! (characters, names, the declaration, attributes, prefixes) are in `wf`.

use crate::read::PackageError;
pub use quick_xml::events::BytesStart;
use quick_xml::events::Event;
use quick_xml::Reader;
use std::borrow::Cow;
use wf::{check_attrs, check_chars, check_decl, check_prefix, is_char, is_name, utf8_text};

mod wf;

/// The XML version attribute values are normalised for (OOXML parts are XML 1.0).
pub const XML_1_0: quick_xml::XmlVersion = quick_xml::XmlVersion::Implicit1_0;

/// The deepest element nesting a part may have: 256 levels, the bound libxml2 applies unless
/// told `XML_PARSE_HUGE` (lxml, and so python-pptx and python-docx, refuse a part one level
/// deeper: "Excessive depth in document: 256"). Office's own parts nest a few dozen levels
/// (the fixture templates at most 17); the bound keeps every tree built from a part (a
/// captured fill, a group of shapes) shallow enough that walking or dropping it recursively
/// cannot overflow a thread's stack.
pub const MAX_DEPTH: usize = 256;

/// A reader of a part's XML that checks end names and comments.
fn reader(xml: &[u8]) -> Reader<&[u8]> {
    let mut r = Reader::from_reader(xml);
    let c = r.config_mut();
    c.check_end_names = true;
    c.check_comments = true;
    r
}

/// The error for a `<!DOCTYPE>` in `part` (see [`walk`]).
fn doctype(part: &str) -> PackageError {
    PackageError::xml(
        part,
        "a DOCTYPE (DTD) is not allowed in a package part".to_string(),
    )
}

/// One event of the reader: what [`walk`] and [`walk_text`] are made of.
enum Ev<'a, 'b> {
    Start(&'b BytesStart<'a>),
    End(&'b [u8]),
    Text(&'b str),
}

/// The root element of a part that is well-formed ([`check`] first): its local name and the
/// namespace its prefix (or the default) is bound to on the root itself, where every OOXML
/// part declares it. Reads only up to the root's start tag.
pub fn root(part: &str, xml: &[u8]) -> Result<(String, Option<String>), PackageError> {
    let mut r = reader(xml);
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => {
                let name = e.name().as_ref().to_string();
                let (prefix, local) = match name.split_once(':') {
                    Some((p, l)) => (Some(p.to_string()), l.to_string()),
                    None => (None, name.clone()),
                };
                let key = match &prefix {
                    Some(p) => format!("xmlns:{p}"),
                    None => "xmlns".to_string(),
                };
                let ns = e
                    .attributes()
                    .flatten()
                    .find_map(|a| (a.key.as_ref() == key.as_str()).then(|| a.value.to_string()));
                return Ok((local, ns));
            }
            Ok(Event::Eof) => return Err(PackageError::xml(part, "has no root element".into())),
            Ok(_) => {}
            Err(e) => return Err(PackageError::xml(part, e.to_string())),
        }
    }
}

/// The events of `xml` (UTF-8) to `f`, checked: the part is well-formed XML 1.0 — one root
/// element, tags matched, nesting at most [`MAX_DEPTH`] deep, names that are XML names,
/// attributes quoted and not repeated, only XML characters, no reference to an entity other
/// than the five predefined ones, a declaration (first, if there is one) of version 1.x in
/// UTF-8, comments without `--`, no `]]>` in text, only white space, comments and processing
/// instructions outside the root — and has no `<!DOCTYPE>`: OOXML parts never have one, and
/// refusing it refuses every entity declaration (billion laughs, external entities) before
/// anything expands. Iterative: the depth of the part costs no stack.
fn events(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(Ev<'_, '_>) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    let text = utf8_text(part, xml)?;
    let mut r = reader(text.as_bytes());
    let mut buf = Vec::new();
    let mut open = Open::default();
    let mut first = true;
    loop {
        let ev = r.read_event_into(&mut buf).map_err(|e| {
            PackageError::xml(
                part,
                format!("is not well-formed XML at byte {}: {e}", r.error_position()),
            )
        })?;
        let was_first = std::mem::replace(&mut first, false);
        let outside = open.depth == 0;
        let at = r.buffer_position();
        match ev {
            Event::Start(e) => {
                open.start(part, &e, at)?;
                open.depth += 1;
                f(Ev::Start(&e))?;
            }
            Event::Empty(e) => {
                open.start(part, &e, at)?;
                open.scopes.pop();
                f(Ev::Start(&e))?;
                f(Ev::End(e.local_name().into_inner().as_bytes()))?;
            }
            Event::End(e) => {
                open.scopes.pop();
                open.depth = open.depth.saturating_sub(1);
                f(Ev::End(e.local_name().into_inner().as_bytes()))?;
            }
            Event::Text(t) => {
                let raw: &str = t.as_ref();
                if outside {
                    if !raw.chars().all(|c| matches!(c, ' ' | '\t' | '\r' | '\n')) {
                        return Err(PackageError::xml(
                            part,
                            format!("has text outside its root element at byte {at}"),
                        ));
                    }
                    continue;
                }
                if raw.contains("]]>") {
                    return Err(PackageError::xml(part, "text holds ']]>'".into()));
                }
                check_chars(part, raw, "text")?;
                f(Ev::Text(&t.xml10_content()))?;
            }
            Event::CData(t) => {
                if outside {
                    return Err(PackageError::xml(part, "has CDATA outside its root".into()));
                }
                check_chars(part, t.as_ref(), "CDATA")?;
                f(Ev::Text(&t.xml10_content()))?;
            }
            Event::GeneralRef(g) => {
                let c = general_ref(part, &g, outside)?;
                f(Ev::Text(c.encode_utf8(&mut [0; 4])))?
            }
            Event::Decl(d) => {
                if !was_first {
                    return Err(PackageError::xml(
                        part,
                        "has an XML declaration that is not at its start".into(),
                    ));
                }
                check_decl(part, &d)?;
            }
            Event::PI(p) => check_pi(part, &p)?,
            Event::Comment(c) => check_chars(part, c.as_ref(), "a comment")?,
            Event::DocType(_) => return Err(doctype(part)),
            Event::Eof => return open.eof(part),
        }
        buf.clear();
    }
}

/// What [`events`] knows of the elements read so far: how deep the open ones nest, the root
/// elements seen, and the namespace prefixes each open element declares.
#[derive(Default)]
struct Open {
    depth: usize,
    roots: usize,
    scopes: Vec<Vec<String>>,
}

impl Open {
    /// A start (or empty) element at byte `at`, checked: the only root, an XML name, nested
    /// at most [`MAX_DEPTH`] deep, its attributes and its own and its attributes' prefixes.
    /// Its namespace scope is opened (the caller closes an empty element's).
    fn start(&mut self, part: &str, e: &BytesStart<'_>, at: u64) -> Result<(), PackageError> {
        if self.depth == 0 {
            self.roots += 1;
            if self.roots > 1 {
                return Err(PackageError::xml(
                    part,
                    format!("has a second root element at byte {at}"),
                ));
            }
        }
        let name = e.name().as_ref().to_string();
        if !is_name(&name) {
            return Err(PackageError::xml(
                part,
                format!("{name:?} at byte {at} is not an element name"),
            ));
        }
        if self.depth >= MAX_DEPTH {
            return Err(PackageError::xml(
                part,
                format!("elements nest more than {MAX_DEPTH} levels deep"),
            ));
        }
        self.scopes.push(check_attrs(part, e)?);
        check_prefix(part, &name, &self.scopes, "element")?;
        for a in e.attributes().flatten() {
            let key = a.key.as_ref();
            if !key.starts_with("xmlns") {
                check_prefix(part, key, &self.scopes, "attribute")?;
            }
        }
        Ok(())
    }

    /// The end of the part: it had a root element, and closed it.
    fn eof(&self, part: &str) -> Result<(), PackageError> {
        if self.roots == 0 {
            return Err(PackageError::xml(part, "has no root element".into()));
        }
        if self.depth > 0 {
            return Err(PackageError::xml(
                part,
                "ends before its elements are closed".into(),
            ));
        }
        Ok(())
    }
}

/// The character a reference stands for: a character reference to an XML character, or one
/// of the five predefined entities; inside the root only.
fn general_ref(
    part: &str,
    g: &quick_xml::events::BytesRef<'_>,
    outside: bool,
) -> Result<char, PackageError> {
    let bad = |m: String| PackageError::xml(part, m);
    if outside {
        return Err(bad("has a reference outside its root element".into()));
    }
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
    if !is_char(c) {
        return Err(bad(format!(
            "a character reference to U+{:04X}, which XML 1.0 does not allow",
            c as u32
        )));
    }
    Ok(c)
}

/// A processing instruction: named by an XML name other than `xml`, of XML characters.
fn check_pi(part: &str, p: &quick_xml::events::BytesPI<'_>) -> Result<(), PackageError> {
    let target = p.target().to_string();
    if !is_name(&target) || target.eq_ignore_ascii_case("xml") {
        return Err(PackageError::xml(
            part,
            format!("has a processing instruction named {target:?}"),
        ));
    }
    let content: &str = p.content();
    check_chars(part, content, "a processing instruction")
}

/// Checks that `xml` is a part specrender reads: well-formed, without a DTD, nested at most
/// [`MAX_DEPTH`] deep (the private `events` lists the rules). The error names `part`.
pub fn check(part: &str, xml: &[u8]) -> Result<(), PackageError> {
    events(part, xml, |_| Ok(()))
}

/// A part's bytes as UTF-8: as they are when they are UTF-8; decoded when they start with a
/// UTF-16 byte order mark (little or big endian), and the declaration's `encoding` then says
/// `UTF-8`. OOXML parts may be either (ECMA-376 Part 2 §8.1.4 allows UTF-8 and UTF-16); every
/// reader and writer here works in UTF-8.
pub fn to_utf8<'x>(part: &str, xml: &'x [u8]) -> Result<Cow<'x, [u8]>, PackageError> {
    let le = xml.starts_with(&[0xFF, 0xFE]);
    if !le && !xml.starts_with(&[0xFE, 0xFF]) {
        return Ok(Cow::Borrowed(xml));
    }
    let units = xml[2..].chunks(2).map(|c| {
        let pair = [c[0], *c.get(1).unwrap_or(&0)];
        if le {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    if !xml.len().is_multiple_of(2) {
        return Err(PackageError::xml(part, "is UTF-16 of an odd length".into()));
    }
    let mut s = String::with_capacity(xml.len() / 2);
    for c in char::decode_utf16(units) {
        s.push(c.map_err(|e| {
            PackageError::xml(
                part,
                format!(
                    "is UTF-16 with an unpaired surrogate {:04X}",
                    e.unpaired_surrogate()
                ),
            )
        })?);
    }
    // The declaration's encoding now says UTF-8.
    if s.starts_with("<?xml") {
        if let Some(end) = s.find("?>") {
            let decl = &s[..end];
            if let Some(at) = decl.find("encoding") {
                let rest = &decl[at + "encoding".len()..];
                let q = rest.find(['"', '\'']);
                if let Some(q) = q {
                    let quote = rest.as_bytes()[q];
                    let vstart = at + "encoding".len() + q + 1;
                    if let Some(len) = s[vstart..end].find(quote as char) {
                        let enc = &s[vstart..vstart + len];
                        if !enc.eq_ignore_ascii_case("UTF-16") {
                            return Err(PackageError::xml(
                                part,
                                format!("is UTF-16 but declares encoding {enc:?}"),
                            ));
                        }
                        s.replace_range(vstart..vstart + len, "UTF-8");
                    }
                }
            }
        }
    }
    Ok(Cow::Owned(s.into_bytes()))
}

/// Calls `f` for every start (or empty) element of `xml` with its local name and the element,
/// and for every end element with `end == true`, after the part's checks ([`check`]: a part
/// that is not well-formed, has a `<!DOCTYPE>` or nests deeper than [`MAX_DEPTH`] is an error
/// naming `part`).
pub fn walk(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(&[u8], &BytesStart<'_>, bool) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    events(part, xml, |ev| match ev {
        Ev::Start(e) => f(e.local_name().into_inner().as_bytes(), e, false),
        Ev::End(name) => {
            let s = BytesStart::new(String::from_utf8_lossy(name).into_owned());
            f(name, &s, true)
        }
        Ev::Text(_) => Ok(()),
    })
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

/// [`walk`] with the character data between the elements ([`Node`]), under the same rules.
pub fn walk_text(
    part: &str,
    xml: &[u8],
    mut f: impl FnMut(Node<'_>) -> Result<(), PackageError>,
) -> Result<(), PackageError> {
    events(part, xml, |ev| match ev {
        Ev::Start(e) => f(Node::Start(e.local_name().into_inner().as_bytes(), e)),
        Ev::End(name) => f(Node::End(name)),
        Ev::Text(t) => f(Node::Text(t)),
    })
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
        let xml =
            br#"<p:sldLayoutId xmlns:p="urn:p" xmlns:r="urn:r" id="2147483649" r:id="rId7"/>"#;
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
    fn nesting_past_max_depth_is_refused_without_recursion() {
        let deep = |n: usize| format!("{}{}", "<a>".repeat(n), "</a>".repeat(n));
        check("p", deep(MAX_DEPTH).as_bytes()).unwrap();
        let e = check("ppt/theme/theme1.xml", deep(MAX_DEPTH + 1).as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "part ppt/theme/theme1.xml: elements nest more than 256 levels deep"
        );
        // 150,000 levels (the probe's 30 KB template): an error, not a stack overflow.
        let e = walk_text("x", deep(150_000).as_bytes(), |_| Ok(())).unwrap_err();
        assert!(e.to_string().contains("256 levels"), "{e}");
    }

    #[test]
    fn parts_that_are_not_well_formed_are_refused_naming_the_part() {
        let bad: &[(&str, &[u8])] = &[
            ("unknown entity", b"<a>&nope;</a>"),
            ("entity in an attribute", b"<a b=\"&nope;\"/>"),
            ("forbidden character", b"<a>\x01</a>"),
            ("forbidden character reference", b"<a>&#1;</a>"),
            ("reference to U+0000", b"<a b=\"&#0;\"/>"),
            ("forbidden character in an attribute", b"<a b=\"\x0b\"/>"),
            ("U+FFFE", "<a>\u{FFFE}</a>".as_bytes()),
            ("bad version", b"<?xml version=\"2.0\"?><a/>"),
            ("no version", b"<?xml encoding=\"UTF-8\"?><a/>"),
            (
                "another encoding",
                b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>",
            ),
            (
                "bad standalone",
                b"<?xml version=\"1.0\" standalone=\"maybe\"?><a/>",
            ),
            ("late declaration", b" <?xml version=\"1.0\"?><a/>"),
            (
                "broken declaration",
                b"<?xml version=\"1.0\" standalon<e=\"yes\"?><a/>",
            ),
            (
                "unknown pseudo-attribute",
                b"<?xml version=\"1.0\" x=\"y\"?><a/>",
            ),
            (
                "out of order",
                b"<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><a/>",
            ),
            ("reserved PI", b"<a><?XML x?></a>"),
            ("mismatched tags", b"<a><b></a></b>"),
            ("unclosed", b"<a><b></b>"),
            ("no root", b"<?xml version=\"1.0\"?>"),
            ("two roots", b"<a/><b/>"),
            ("text outside", b"<a/>x"),
            ("duplicate attribute", b"<a b=\"1\" b=\"2\"/>"),
            ("unquoted attribute", b"<a b=1/>"),
            ("attributes run together", b"<a b=\"1\"c=\"2\"/>"),
            (
                "attributes run together, apostrophes",
                b"<a b='1'c='2'></a>",
            ),
            ("< in attribute", b"<a b=\"<\"/>"),
            ("bad name", b"<1a/>"),
            ("-- in comment", b"<a><!-- x -- y --></a>"),
            ("]]> in text", b"<a>]]></a>"),
            ("not UTF-8", b"<a>\xff</a>"),
            ("DOCTYPE", b"<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a/>"),
            ("undeclared prefix", b"<p1e308:a/>"),
            (
                "undeclared attribute prefix",
                b"<a xmlns:b=\"u\"><c b:d=\"1\" e:f=\"2\"/></a>",
            ),
            ("prefix out of scope", b"<a><b xmlns:p=\"u\"/><p:c/></a>"),
            ("two colons", b"<a:b:c xmlns:a=\"u\"/>"),
            ("empty declaration", b"<a:b xmlns:a=\"\"/>"),
            ("namespace with >", b"<a:b xmlns:a=\"http://x.org/a>b\"/>"),
            (
                "default namespace with a space",
                b"<b xmlns=\"http://x.org/a b\"/>",
            ),
        ];
        for (what, xml) in bad {
            let e = check("ppt/x.xml", xml).expect_err(what);
            assert!(e.to_string().starts_with("part ppt/x.xml: "), "{what}: {e}");
        }
        let good: &[&[u8]] = &[
            b"<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\r\n<a:b xmlns:a=\"u\" c=\"&amp;&#x20;\">t&lt;<!-- c --><?mso x?><![CDATA[<]]></a:b>\n",
            b"\xEF\xBB\xBF<a>\xc3\xa9</a>",
            b"<a b=\"1\"\tc='2'\nd=\"'\"/>",
            b"<a b=\"1\"/>",
        ];
        for xml in good {
            check("p", xml).unwrap();
        }
    }

    #[test]
    fn utf16_parts_are_decoded() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a b=\"\u{e9}\">\u{1F600}</a>";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        let want = text.replace("UTF-16", "UTF-8");
        for bytes in [le, be] {
            let utf8 = to_utf8("p", &bytes).unwrap();
            assert_eq!(std::str::from_utf8(&utf8).unwrap(), want);
            check("p", &utf8).unwrap();
            // Undecoded, the reader says what it is.
            let e = check("p", &bytes).unwrap_err();
            assert!(e.to_string().contains("UTF-16"), "{e}");
        }
        // An unpaired surrogate.
        let e = to_utf8("p", &[0xFF, 0xFE, 0x00, 0xD8, b'a', 0]).unwrap_err();
        assert!(e.to_string().contains("surrogate"), "{e}");
        assert!(matches!(to_utf8("p", b"<a/>"), Ok(Cow::Borrowed(_))));
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
