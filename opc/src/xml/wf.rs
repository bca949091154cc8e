//! The well-formedness rules [`super::events`] checks, one function each: XML characters and
//! names, the text's encoding, the declaration, attributes (quoted, separated, not repeated,
//! namespace declarations that are URI references) and qualified names' prefixes.

use super::XML_1_0;
use crate::read::PackageError;
use quick_xml::events::BytesStart;

/// XML 1.0 `Char` (surrogates cannot occur in a Rust `str`).
pub(super) fn is_char(c: char) -> bool {
    crate::write::xml::is_xml_char(c)
}

/// XML 1.0 (fifth edition) `NameStartChar` / `NameChar`.
fn is_name_start(c: char) -> bool {
    matches!(c, ':' | 'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}'
        | '\u{F8}'..='\u{2FF}' | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}'
        | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}'
        | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

fn is_name_char(c: char) -> bool {
    is_name_start(c)
        || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

pub(super) fn is_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(is_name_start) && cs.all(is_name_char)
}

/// The part as UTF-8 text, or why it is not.
pub(super) fn utf8_text<'x>(part: &str, xml: &'x [u8]) -> Result<&'x str, PackageError> {
    if xml.starts_with(&[0xFF, 0xFE]) || xml.starts_with(&[0xFE, 0xFF]) {
        return Err(PackageError::xml(
            part,
            "is UTF-16 and was not decoded (read it with Package::read_xml)".into(),
        ));
    }
    let body = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(xml);
    std::str::from_utf8(body).map_err(|e| {
        PackageError::xml(
            part,
            format!("is not UTF-8 (byte {} is not)", e.valid_up_to()),
        )
    })
}

/// The declaration's `encoding`, when it names one.
pub(super) fn check_decl(
    part: &str,
    d: &quick_xml::events::BytesDecl<'_>,
) -> Result<(), PackageError> {
    let bad = |m: String| PackageError::xml(part, format!("bad XML declaration: {m}"));
    // The whole declaration: `xml`, then `version`, `encoding`, `standalone` in that order
    // (the last two optional), each `name="value"` or `name='value'`, and nothing else.
    let raw: &str = d.as_ref();
    let mut rest = raw.strip_prefix("xml").unwrap_or(raw);
    let mut names = Vec::new();
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        if trimmed.is_empty() {
            break;
        }
        if trimmed.len() == rest.len() {
            return Err(bad(format!("{raw:?}")));
        }
        let Some((name, after)) = trimmed.split_once('=') else {
            return Err(bad(format!("{raw:?}")));
        };
        let after = after.trim_start_matches([' ', '\t', '\r', '\n']);
        let q = after.chars().next().filter(|c| *c == '"' || *c == '\'');
        let Some(q) = q else {
            return Err(bad(format!("{raw:?}")));
        };
        let Some(end) = after[1..].find(q) else {
            return Err(bad(format!("{raw:?}")));
        };
        names.push(name.trim_end_matches([' ', '\t', '\r', '\n']).to_string());
        rest = &after[1 + end + 1..];
    }
    let order = ["version", "encoding", "standalone"];
    let mut at = 0;
    for n in &names {
        match order[at.min(3)..].iter().position(|o| o == n) {
            Some(i) => at += i + 1,
            None => return Err(bad(format!("{raw:?}"))),
        }
    }
    if names.first().map(String::as_str) != Some("version") {
        return Err(bad(format!("{raw:?} has no version first")));
    }
    let v = d.version().map_err(|e| bad(e.to_string()))?;
    let digits = v.strip_prefix("1.").unwrap_or("");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(format!("version {v:?}")));
    }
    if let Some(enc) = d.encoding() {
        let enc = enc.map_err(|e| bad(e.to_string()))?;
        let enc = enc.into_owned();
        if !enc.eq_ignore_ascii_case("UTF-8") {
            return Err(bad(format!(
                "encoding {enc:?} (parts are read as UTF-8, or UTF-16 with a byte order mark)"
            )));
        }
    }
    if let Some(sa) = d.standalone() {
        let sa = sa.map_err(|e| bad(e.to_string()))?;
        if !matches!(&*sa, "yes" | "no") {
            return Err(bad(format!("standalone {sa:?}")));
        }
    }
    Ok(())
}

/// Text (or an attribute value) holds only XML characters.
pub(super) fn check_chars(part: &str, s: &str, what: &str) -> Result<(), PackageError> {
    match s.chars().find(|&c| !is_char(c)) {
        Some(c) => Err(PackageError::xml(
            part,
            format!(
                "{what} holds U+{:04X}, a character XML 1.0 does not allow",
                c as u32
            ),
        )),
        None => Ok(()),
    }
}

/// Every attribute of `e` is well-formed: a name, a quoted value without `<`, whose entity
/// and character references are predefined or valid; no name twice. Returns the namespace
/// prefixes `e` declares (`xmlns:p`).
pub(super) fn check_attrs(part: &str, e: &BytesStart<'_>) -> Result<Vec<String>, PackageError> {
    let mut declared = Vec::new();
    let bad = |m: String| PackageError::xml(part, m);
    let tag = e.name().as_ref().to_string();
    if !attrs_separated(e.attributes_raw().as_bytes()) {
        return Err(bad(format!(
            "element <{tag}>: attributes are not separated by white space"
        )));
    }
    for a in e.attributes().with_checks(true) {
        let a = a.map_err(|err| bad(format!("element <{tag}>: {err}")))?;
        let key = a.key.as_ref().to_string();
        if !is_name(&key) {
            return Err(bad(format!(
                "element <{tag}>: {key:?} is not an attribute name"
            )));
        }
        if a.value.contains('<') {
            return Err(bad(format!("element <{tag}>: attribute {key} holds '<'")));
        }
        let v = a
            .normalized_value(XML_1_0)
            .map_err(|err| bad(format!("element <{tag}>: attribute {key}: {err}")))?;
        check_chars(part, &v, &format!("attribute {key} of <{tag}>"))?;
        if (key == "xmlns" || key.starts_with("xmlns:")) && !is_uri_reference(&v) {
            return Err(bad(format!(
                "element <{tag}>: {key} declares {v:?}, which is not a URI"
            )));
        }
        if let Some(p) = key.strip_prefix("xmlns:") {
            if v.is_empty() || p.eq_ignore_ascii_case("xmlns") {
                return Err(bad(format!("element <{tag}>: {key} declares nothing")));
            }
            declared.push(p.to_string());
        }
    }
    Ok(declared)
}

/// Is `v` a namespace name readers take: a URI reference of printable ASCII without the
/// characters RFC 3986 excludes (libxml2, under python-pptx and python-docx, refuses a part
/// whose `xmlns` holds `>` or a space: "is not a valid URI"). OOXML's namespaces are ASCII.
fn is_uri_reference(v: &str) -> bool {
    v.bytes().all(|b| {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
                    | b'['
                    | b']'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
            )
    })
}

/// Every attribute value's closing quote is followed by white space or the tag's end (XML 1.0
/// production 40: `(S Attribute)*`); quick-xml reads `a="1"b="2"` as two attributes.
fn attrs_separated(raw: &[u8]) -> bool {
    let mut quote = None;
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        match quote {
            Some(q) if b == q => {
                quote = None;
                if let Some(&next) = raw.get(i + 1) {
                    if !matches!(next, b' ' | b'\t' | b'\r' | b'\n' | b'/') {
                        return false;
                    }
                }
            }
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None => {}
        }
        i += 1;
    }
    true
}

/// A qualified name's prefix, checked against the prefixes in scope (XML Namespaces 1.0: a
/// name has at most one colon, and its prefix is declared; `xml` always is).
pub(super) fn check_prefix(
    part: &str,
    name: &str,
    scopes: &[Vec<String>],
    what: &str,
) -> Result<(), PackageError> {
    let Some((prefix, local)) = name.split_once(':') else {
        return Ok(());
    };
    if prefix.is_empty() || local.is_empty() || local.contains(':') {
        return Err(PackageError::xml(
            part,
            format!("{what} {name:?} is not a qualified name"),
        ));
    }
    if prefix == "xml"
        || prefix == "xmlns"
        || scopes.iter().rev().any(|s| s.iter().any(|p| p == prefix))
    {
        return Ok(());
    }
    Err(PackageError::xml(
        part,
        format!("{what} {name:?} has the undeclared namespace prefix {prefix:?}"),
    ))
}
