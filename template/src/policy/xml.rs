//! The part's XML as both passes read it: namespaces resolved (transitional and strict URIs
//! alike, whatever the prefix), the elements the rules name, attributes resolved.

use specrender_opc::PackageError;

/// The namespaces the policy looks at (transitional and strict URIs alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ns {
    P,
    A,
    W,
    R,
    V,
    O,
    Mc,
    C,
    Pic,
    P14,
    Other,
}

fn ns_of(uri: &[u8]) -> Ns {
    match uri {
        b"http://schemas.openxmlformats.org/presentationml/2006/main"
        | b"http://purl.oclc.org/ooxml/presentationml/main" => Ns::P,
        b"http://schemas.openxmlformats.org/drawingml/2006/main"
        | b"http://purl.oclc.org/ooxml/drawingml/main" => Ns::A,
        b"http://schemas.openxmlformats.org/wordprocessingml/2006/main"
        | b"http://purl.oclc.org/ooxml/wordprocessingml/main" => Ns::W,
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        | b"http://purl.oclc.org/ooxml/officeDocument/relationships" => Ns::R,
        b"urn:schemas-microsoft-com:vml" => Ns::V,
        b"urn:schemas-microsoft-com:office:office" => Ns::O,
        b"http://schemas.openxmlformats.org/markup-compatibility/2006" => Ns::Mc,
        b"http://schemas.openxmlformats.org/drawingml/2006/chart"
        | b"http://purl.oclc.org/ooxml/drawingml/chart" => Ns::C,
        b"http://schemas.openxmlformats.org/drawingml/2006/picture"
        | b"http://purl.oclc.org/ooxml/drawingml/picture" => Ns::Pic,
        b"http://schemas.microsoft.com/office/powerpoint/2010/main" => Ns::P14,
        _ => Ns::Other,
    }
}

/// The elements the rules name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum El {
    PPic,
    PBg,
    PGraphicFrame,
    PControls,
    POleObj,
    WDrawing,
    WPict,
    WObject,
    WR,
    WInstrText,
    ABlipFill,
    McChoice,
    McFallback,
    McAlternate,
    Other,
}

pub(super) fn el_of(ns: Ns, local: &[u8]) -> El {
    match (ns, local) {
        (Ns::P, b"pic") => El::PPic,
        (Ns::P, b"bg") => El::PBg,
        (Ns::P, b"graphicFrame") => El::PGraphicFrame,
        (Ns::P, b"controls") => El::PControls,
        (Ns::P, b"oleObj") => El::POleObj,
        (Ns::W, b"drawing") => El::WDrawing,
        (Ns::W, b"pict") => El::WPict,
        (Ns::W, b"object") => El::WObject,
        (Ns::W, b"r") => El::WR,
        (Ns::W, b"instrText") => El::WInstrText,
        (Ns::A, b"blipFill") => El::ABlipFill,
        (Ns::Mc, b"Choice") => El::McChoice,
        (Ns::Mc, b"Fallback") => El::McFallback,
        (Ns::Mc, b"AlternateContent") => El::McAlternate,
        _ => El::Other,
    }
}

pub(super) fn reader(xml: &[u8]) -> quick_xml::NsReader<&[u8]> {
    let mut r = quick_xml::NsReader::from_reader(xml);
    r.config_mut().check_end_names = true;
    r
}

pub(super) fn xml_error(part: &str, e: impl std::fmt::Display) -> PackageError {
    PackageError::Xml {
        part: part.to_string(),
        message: e.to_string(),
    }
}

/// An element's attribute, resolved: raw key, namespace, local name, value.
pub(super) type Attr = (Vec<u8>, Ns, Vec<u8>, String);

/// The namespace an element or attribute name resolved to.
pub(super) fn resolved_ns(res: quick_xml::name::ResolveResult<'_>) -> Ns {
    match res {
        quick_xml::name::ResolveResult::Bound(n) => ns_of(n.into_inner().as_bytes()),
        _ => Ns::Other,
    }
}

/// The element's attributes, resolved against the reader's namespace scope.
pub(super) fn attrs_of(
    r: &quick_xml::NsReader<&[u8]>,
    e: &quick_xml::events::BytesStart<'_>,
) -> Vec<Attr> {
    let mut attrs = Vec::new();
    for a in e.attributes().with_checks(false).flatten() {
        let (ares, alocal) = r.resolver().resolve_attribute(a.key);
        let value = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.into_owned())
            .unwrap_or_default();
        attrs.push((
            a.key.into_inner().as_bytes().to_vec(),
            resolved_ns(ares),
            alocal.into_inner().as_bytes().to_vec(),
            value,
        ));
    }
    attrs
}

/// The value of the attribute in `ns` named `local` ("" when absent).
pub(super) fn attr_value<'v>(attrs: &'v [Attr], ns: Ns, local: &[u8]) -> &'v str {
    attrs
        .iter()
        .find(|(_, ans, al, _)| *ans == ns && al == local)
        .map(|(.., v)| v.as_str())
        .unwrap_or("")
}
