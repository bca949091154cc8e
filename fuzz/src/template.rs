//! Templates are untrusted input too (issues 27 and 38): each template case takes a real
//! template — a fixture deck template (`tests/fixtures/templates/`, .pptx / .potx) or Word one
//! (`tests/fixtures/doc-templates/`, .docx / .dotx) — and damages it, at the XML level (deep
//! nesting, entities, DOCTYPEs, forbidden characters, extreme attribute values, relationship
//! targets in another letter case, percent-encoded, external or outside the package, content
//! types changed, parts duplicated under case variants, a part's XML cut or repeated) or the zip
//! level (bytes flipped, entries dropped or duplicated, a deflate bomb). Every mutant is read;
//! every readable one has a small deck or document rendered on it in-process, as the CLI does,
//! and its output checked ([`check_output`]). The invariants: no panic, no internal error, a
//! template that reads writes; the output is a zip whose every XML part is well-formed without
//! DOCTYPE (by roxmltree, a parser independent of the reader under test), whose every part
//! has a content type and is named once, and whose every internal relationship names a part of
//! the package by its stored name; CPU time and heap (measured by the caller) within bounds.

use std::io::{Cursor, Read};
use std::path::Path;

mod damage;
pub(crate) mod zipped;

pub use damage::mutate;

/// A small deck rendered on every readable deck template.
pub const DECK: &str = r#"{"spec_version": "slidespec_v1", "deck": {"title": "Team update", "language": "en-US", "slides": [
 {"slide_id": "s1", "type": "title", "layout": {"layout_id": "title_center"}, "elements": [
  {"element_id": "e1", "kind": "text", "role": "title", "content": {"text": "Team update"}},
  {"element_id": "e2", "kind": "text", "role": "subtitle", "content": {"text": "December 2026"}}]},
 {"slide_id": "s2", "type": "content", "layout": {"layout_id": "one_column"}, "elements": [
  {"element_id": "e1", "kind": "text", "role": "title", "content": {"text": "What we shipped"}},
  {"element_id": "e2", "kind": "bullets", "role": "body", "content": {"items": ["Faster renders", "A new theme"]}}]},
 {"slide_id": "s3", "type": "content", "layout": {"layout_id": "two_column"}, "elements": [
  {"element_id": "e1", "kind": "text", "role": "title", "content": {"text": "Two sides"}},
  {"element_id": "e2", "kind": "bullets", "role": "body", "content": {"items": ["Left"]}},
  {"element_id": "e3", "kind": "bullets", "role": "body", "content": {"items": ["Right"]}}]}]},
 "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "default"}}}"#;

/// A small document rendered on every readable Word template.
pub const DOC: &str = r#"{"spec_version": "docspec_v1", "doc": {"title": "Team update", "language": "en-US", "blocks": [
 {"block_id": "h1", "type": "heading", "content": {"level": 1, "text": "What we shipped"}},
 {"block_id": "p1", "type": "paragraph", "content": {"text": "Renders got faster and we added a theme."}},
 {"block_id": "l1", "type": "list", "content": {"ordered": true, "items": ["Faster renders", "A new theme"]}}]},
 "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "default"}}}"#;

/// The fixture templates' bytes (decks, then Word templates), each in name order.
pub fn load(repo: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all = Vec::new();
    for (dir, exts) in [
        ("tests/fixtures/templates", ["pptx", "potx"]),
        ("tests/fixtures/doc-templates", ["docx", "dotx"]),
    ] {
        let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(repo.join(dir))
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
                    .filter_map(|p| {
                        Some((
                            p.file_name()?.to_string_lossy().into_owned(),
                            std::fs::read(&p).ok()?,
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        all.extend(out);
    }
    all
}

pub(crate) fn is_xml_name(n: &str) -> bool {
    let l = n.to_ascii_lowercase();
    l.ends_with(".xml") || l.ends_with(".rels") || l.ends_with(".vml")
}

/// What a template case reached.
#[derive(Debug, Default, Clone)]
pub struct Reached {
    pub readable: bool,
    pub rendered: bool,
    /// The output rendered on the template (PPTX or DOCX bytes) and its extension.
    pub output: Option<(&'static str, Vec<u8>)>,
}

/// Read; when readable, render a small deck (or document) on it and check the output; a
/// panic, an internal error or an output that breaks a rule is the failure.
pub fn check(bytes: Vec<u8>, fonts: &specrender::FontBook) -> Result<Reached, String> {
    use specrender::template::AnyTemplate;
    let run = move || -> Result<Reached, String> {
        let t = match AnyTemplate::from_bytes(bytes) {
            Ok(t) => t,
            Err(e) => {
                if e.to_string().is_empty() {
                    return Err("a template error without a message".into());
                }
                return Ok(Reached::default());
            }
        };
        let mut opts = specrender::RenderOptions::default();
        let input = match &t {
            AnyTemplate::Deck(d) => {
                // The inspect report too, as `template inspect` builds it.
                let map = specrender::template::map_all(d, &|_| None);
                let v = specrender::template::report::inspect_json(d, &map, &[]);
                let _ = specrender::template::report::inspect_text(d, &map, &[]);
                if !v["layouts"].is_array() {
                    return Err("inspect: no layouts array".into());
                }
                opts.layout.template = Some(d.clone());
                DECK
            }
            AnyTemplate::Doc(d) => {
                let _ = specrender::doc_template_inspect(d);
                opts.doc.template = Some(d.clone());
                DOC
            }
        };
        let out = match specrender::render(input.as_bytes(), fonts, &opts) {
            Ok(o) => o,
            Err(e) if e.exit_code() == 4 => return Err(format!("render: internal error: {e}")),
            Err(e) => {
                return Err(format!(
                    "render of a template that reads: exit {}: {e}",
                    e.exit_code()
                ))
            }
        };
        let (ext, pkg) = match (out.pptx, out.docx) {
            (Some(p), _) => ("pptx", p),
            (None, Some(d)) => ("docx", d),
            (None, None) => return Err("render wrote nothing".into()),
        };
        check_output(&pkg)?;
        Ok(Reached {
            readable: true,
            rendered: true,
            output: Some((ext, pkg)),
        })
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
        .map_err(|p| format!("template case panicked: {}", specrender::panic_message(&*p)))?
}

/// The rules every output of a template obeys: a zip whose entries are named once (OPC
/// equivalence: ASCII case and percent-encoding ignored), every part with a content type,
/// every XML part well-formed without a DOCTYPE (roxmltree), every internal relationship
/// naming a part of the package exactly (readers look parts up by their bytes), and
/// [`carry_policy`].
pub fn check_output(pkg: &[u8]) -> Result<(), String> {
    let mut z =
        zip::ZipArchive::new(Cursor::new(pkg)).map_err(|e| format!("output is not a zip: {e}"))?;
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..z.len() {
        let mut f = z
            .by_index(i)
            .map_err(|e| format!("output entry {i}: {e}"))?;
        let name = f
            .name()
            .map_err(|e| format!("output entry {i}: {e}"))?
            .to_string();
        let mut v = Vec::new();
        f.read_to_end(&mut v).map_err(|e| format!("{name}: {e}"))?;
        parts.push((name, v));
    }
    let key = specrender::template::part_key;
    let mut keys = std::collections::BTreeMap::new();
    for (n, _) in &parts {
        if let Some(first) = keys.insert(key(n), n.clone()) {
            return Err(format!("output parts {first} and {n} have one name"));
        }
    }
    let names: std::collections::BTreeSet<&str> = parts.iter().map(|(n, _)| n.as_str()).collect();
    // Content types.
    let ct = parts
        .iter()
        .find(|(n, _)| n == "[Content_Types].xml")
        .ok_or("output has no [Content_Types].xml")?;
    let ct_doc = xml_doc("[Content_Types].xml", &ct.1)?;
    let mut defaults = std::collections::BTreeSet::new();
    let mut overrides = std::collections::BTreeSet::new();
    for n in ct_doc.descendants().filter(|n| n.is_element()) {
        match n.tag_name().name() {
            "Default" => {
                defaults.insert(n.attribute("Extension").unwrap_or("").to_ascii_lowercase());
            }
            "Override" => {
                let p = n.attribute("PartName").unwrap_or("");
                overrides.insert(key(p));
                if !names.contains(p.trim_start_matches('/')) {
                    return Err(format!(
                        "[Content_Types].xml names {p}, which is not in the output"
                    ));
                }
            }
            _ => {}
        }
    }
    for (n, bytes) in &parts {
        if n == "[Content_Types].xml" {
            continue;
        }
        let ext = n
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        if !overrides.contains(&key(n)) && !defaults.contains(&ext) {
            return Err(format!("output part {n} has no content type"));
        }
        if is_xml_name(n) {
            let doc = xml_doc(n, bytes)?;
            if n.ends_with(".rels") {
                rels_resolve(n, &doc, &names)?;
            }
        }
    }
    carry_policy(&parts)
}

fn xml_doc<'a>(name: &str, bytes: &'a [u8]) -> Result<roxmltree::Document<'a>, String> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
        .map_err(|e| format!("output part {name} is not UTF-8: {e}"))?;
    if text.contains("<!DOCTYPE") {
        return Err(format!("output part {name} has a DOCTYPE"));
    }
    // No DTD is allowed (roxmltree's default): a DOCTYPE is an error too.
    roxmltree::Document::parse(text)
        .map_err(|e| format!("output part {name} is not well-formed XML: {e}"))
}

/// Every internal relationship of relationships part `rels` names a part of the output.
fn rels_resolve(
    rels: &str,
    doc: &roxmltree::Document<'_>,
    names: &std::collections::BTreeSet<&str>,
) -> Result<(), String> {
    // `a/b/_rels/c.xml.rels` is about `a/b/c.xml`; its targets are relative to `a/b`.
    let dir = rels
        .rsplit_once("_rels/")
        .map(|(d, _)| d.trim_end_matches('/'))
        .unwrap_or("");
    for r in doc.descendants().filter(|n| n.has_tag_name("Relationship")) {
        if r.attribute("TargetMode") == Some("External") {
            continue;
        }
        let target = r.attribute("Target").unwrap_or("");
        let resolved = specrender::template::resolve_target(dir, target);
        match resolved {
            Some(p) if names.contains(p.as_str()) => {}
            _ => {
                return Err(format!(
                "output part {rels}: relationship {} names {target:?}, which is not in the output",
                r.attribute("Id").unwrap_or("?")
            ))
            }
        }
    }
    Ok(())
}

/// Relationship types no output may have (macro projects, ActiveX, OLE, documents pulled in):
/// the carry policy's (`template/src/policy/`, docs/guide/carry-policy.md).
const FORBIDDEN_RELS: &[&str] = &[
    "vbaProject",
    "vbaData",
    "wordVbaData",
    "vbaProjectSignature",
    "keyMapCustomizations",
    "attachedToolbars",
    "control",
    "activeXControlBinary",
    "oleObject",
    "attachedTemplate",
    "subDocument",
    "frame",
    "aFChunk",
];

/// The carry policy checked on every output: no macro project, ActiveX or OLE part (by name
/// or content type), no relationship of a forbidden type, no external relationship (the
/// fuzzer's deck and document have no links of their own), no embedded package but our
/// charts' workbooks.
pub fn carry_policy(parts: &[(String, Vec<u8>)]) -> Result<(), String> {
    for (n, bytes) in parts {
        let l = n.to_ascii_lowercase();
        for bad in ["vbaproject", "activex", "vbadata", "oleobject"] {
            if l.contains(bad) {
                return Err(format!("output carries {n}"));
            }
        }
        if l.contains("embeddings/") && !l.starts_with("ppt/embeddings/microsoft_excel_worksheet") {
            return Err(format!("output carries embedded {n}"));
        }
        if n == "[Content_Types].xml" {
            let ct = String::from_utf8_lossy(bytes).to_ascii_lowercase();
            for bad in [
                "vbaproject",
                "activex",
                "oleobject",
                "macroenabled",
                "vbadata",
            ] {
                if ct.contains(bad) {
                    return Err(format!("output content types name {bad}"));
                }
            }
        }
        if n.ends_with(".rels") {
            let text = std::str::from_utf8(bytes).map_err(|e| format!("{n}: {e}"))?;
            let doc = roxmltree::Document::parse(text).map_err(|e| format!("{n}: {e}"))?;
            for r in doc.descendants().filter(|r| r.has_tag_name("Relationship")) {
                let id = r.attribute("Id").unwrap_or("?");
                if r.attribute("TargetMode") == Some("External") {
                    return Err(format!(
                        "output part {n}: relationship {id} is external ({:?})",
                        r.attribute("Target").unwrap_or("")
                    ));
                }
                let ty = r.attribute("Type").unwrap_or("");
                let last = ty.rsplit('/').next().unwrap_or("");
                if FORBIDDEN_RELS.contains(&last) {
                    return Err(format!("output part {n}: relationship {id} is {last}"));
                }
            }
        }
    }
    Ok(())
}
