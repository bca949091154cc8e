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

use std::io::{Cursor, Read, Write};
use std::path::Path;
use std::sync::OnceLock;

use specrender_deckgen::Rng;

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

fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).expect("fixture is a zip");
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).expect("entry");
            let mut v = Vec::new();
            f.read_to_end(&mut v).expect("inflates");
            (f.name().expect("utf-8 name").to_string(), v)
        })
        .collect()
}

/// The parts zipped in order. Two entries of one name (which the zip writer refuses) are
/// written under a stand-in name of the same length and renamed in the archive's bytes.
fn rezip(parts: &[(String, Vec<u8>)], bomb: bool) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    let mut seen = std::collections::BTreeSet::new();
    let mut renames = Vec::new();
    for (name, data) in parts {
        let stored = if seen.insert(name.clone()) {
            name.clone()
        } else {
            let stand_in: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { 'Q' } else { c })
                .collect();
            renames.push((stand_in.clone(), name.clone()));
            stand_in
        };
        if w.start_file(stored.as_str(), opts).is_err() {
            continue;
        }
        w.write_all(data).expect("write");
    }
    if bomb {
        let archive = bomb_archive();
        let mut z = zip::ZipArchive::new(Cursor::new(archive)).expect("bomb zip");
        let f = z.by_index_raw(0).expect("bomb entry");
        // The bomb takes a media part's place when the template has one related.
        let name = parts
            .iter()
            .map(|(n, _)| n.as_str())
            .find(|n| n.contains("/media/"))
            .unwrap_or("ppt/media/bomb.png")
            .to_string();
        if !seen.contains(&name) {
            let _ = w.raw_copy_file_rename(f, name);
        } else {
            let stand_in: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { 'Z' } else { c })
                .collect();
            if w.raw_copy_file_rename(f, stand_in.clone()).is_ok() {
                renames.push((stand_in, name));
            }
        }
    }
    let mut bytes = w.finish().expect("zip").into_inner();
    for (from, to) in renames {
        let (f, t) = (from.as_bytes(), to.as_bytes());
        let mut i = 0;
        while i + f.len() <= bytes.len() {
            if &bytes[i..i + f.len()] == f {
                bytes[i..i + f.len()].copy_from_slice(t);
                i += f.len();
            } else {
                i += 1;
            }
        }
    }
    bytes
}

/// A zip of one entry that inflates to 80 MiB of zeros (about 80 KB deflated), made once.
fn bomb_archive() -> Vec<u8> {
    static BOMB: OnceLock<Vec<u8>> = OnceLock::new();
    BOMB.get_or_init(|| {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(9))
            .large_file(false);
        w.start_file("bomb", opts).expect("entry");
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..80 {
            w.write_all(&zeros).expect("write");
        }
        w.finish().expect("zip").into_inner()
    })
    .clone()
}

fn is_xml_name(n: &str) -> bool {
    let l = n.to_ascii_lowercase();
    l.ends_with(".xml") || l.ends_with(".rels") || l.ends_with(".vml")
}

/// Inserts `piece` into XML `data` just inside its root's last end tag (or at its end).
fn insert_before_last_end(data: &mut Vec<u8>, piece: &[u8]) {
    let at = data
        .windows(2)
        .rposition(|w| w == b"</")
        .unwrap_or(data.len());
    data.splice(at..at, piece.iter().copied());
}

/// Inserts `piece` after the first start tag's `>` past the declaration (inside the root).
fn insert_inside_root(data: &mut Vec<u8>, piece: &[u8]) {
    let start = data
        .windows(2)
        .position(|w| w == b"?>")
        .map(|p| p + 2)
        .unwrap_or(0);
    let at = data[start..]
        .iter()
        .position(|&b| b == b'>')
        .map(|p| start + p + 1)
        .unwrap_or(data.len());
    data.splice(at..at, piece.iter().copied());
}

/// One damaged template from the fixtures.
pub fn mutate(fixtures: &[(String, Vec<u8>)], rng: &mut Rng) -> (String, Vec<u8>) {
    let (name, bytes) = &fixtures[rng.range(0, fixtures.len() as u64) as usize];
    if rng.chance(8) {
        // Flip a few bytes of the zip itself.
        let mut b = bytes.clone();
        for _ in 0..rng.range(1, 8) {
            let i = rng.range(0, b.len() as u64) as usize;
            b[i] ^= rng.next_u64() as u8 | 1;
        }
        return (format!("template {name}: zip bytes flipped"), b);
    }
    let mut parts = unzip(bytes);
    let mut how = Vec::new();
    let mut bomb = false;
    for _ in 0..rng.range(1, 4) {
        if parts.is_empty() {
            break;
        }
        // XML-level mutations pick an XML part most of the time.
        let xml: Vec<usize> = (0..parts.len())
            .filter(|&i| is_xml_name(&parts[i].0))
            .collect();
        let i = if !xml.is_empty() && rng.chance(85) {
            xml[rng.range(0, xml.len() as u64) as usize]
        } else {
            rng.range(0, parts.len() as u64) as usize
        };
        let part = parts[i].0.clone();
        let op = rng.range(0, 20);
        let data = &mut parts[i].1;
        match op {
            0 => {
                // Cut a range out.
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                let b = (a + rng.range(0, 400) as usize).min(data.len());
                data.drain(a..b);
                how.push(format!("cut {part}"));
            }
            1 => {
                // Repeat a range many times.
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                let b = (a + rng.range(0, 200) as usize).min(data.len());
                let piece = data[a..b].to_vec();
                for _ in 0..rng.range(1, 50) {
                    data.splice(a..a, piece.iter().copied());
                }
                how.push(format!("repeat in {part}"));
            }
            2 => {
                // Extreme numbers in attributes.
                let text = String::from_utf8_lossy(data).into_owned();
                let big = rng.pick(&[
                    "99999999999999999999",
                    "-9223372036854775808",
                    "9223372036854775807",
                    "0",
                    "-1",
                    "2147483648",
                    "1e308",
                ]);
                let mut out = String::with_capacity(text.len());
                let mut in_num = false;
                for ch in text.chars() {
                    if ch.is_ascii_digit() && rng.chance(3) && !in_num {
                        out.push_str(big);
                        in_num = true;
                    } else if !ch.is_ascii_digit() || !in_num {
                        in_num = in_num && ch.is_ascii_digit();
                        out.push(ch);
                    }
                }
                *data = out.into_bytes();
                how.push(format!("numbers in {part}"));
            }
            3 => {
                let dtd: &[u8] = rng.pick(&[
                    &b"<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>"[..],
                    &b"<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"[..],
                    &b"<!DOCTYPE x SYSTEM \"http://example.com/x.dtd\">"[..],
                ]);
                let at = data
                    .windows(2)
                    .position(|w| w == b"?>")
                    .map(|p| p + 2)
                    .unwrap_or(0);
                data.splice(at..at, dtd.iter().copied());
                if rng.chance(50) {
                    insert_inside_root(data, b"&e;");
                }
                how.push(format!("DOCTYPE in {part}"));
            }
            4 => {
                let text = String::from_utf8_lossy(data).into_owned();
                let t = rng.pick(&[
                    "../../../../etc/passwd",
                    "missing/part.xml",
                    "/../x.xml",
                    "file:///etc/passwd",
                ]);
                *data = text
                    .replacen("Target=\"", &format!("Target=\"{t}#"), 1)
                    .into_bytes();
                how.push(format!("target {t} in {part}"));
            }
            5 => {
                parts.remove(i);
                how.push(format!("dropped {part}"));
            }
            6 => {
                // Point a relationship at its own part (a cycle) or a layout at a master.
                let text = String::from_utf8_lossy(data).into_owned();
                *data = text
                    .replace(
                        "slideLayouts/slideLayout1.xml",
                        "slideMasters/slideMaster1.xml",
                    )
                    .into_bytes();
                how.push(format!("cycle in {part}"));
            }
            7 => {
                // Deep nesting: past the reader's bound, at it, or far past it.
                let n = rng.pick(&[255usize, 256, 257, 300, 150_000]);
                let mut piece = b"<a:x>".repeat(n);
                piece.extend(b"</a:x>".repeat(n));
                insert_before_last_end(data, &piece);
                how.push(format!("{n} nested in {part}"));
            }
            8 => {
                let e: &[u8] = rng.pick(&[
                    &b"&nope;"[..],
                    &b"&#1;"[..],
                    &b"&#x0;"[..],
                    &b"&#xFFFE;"[..],
                    &b"&amp"[..],
                    &b"&#99999999;"[..],
                    &b"&lt;&#x1F600;"[..],
                ]);
                insert_inside_root(data, e);
                how.push(format!("entity {} in {part}", String::from_utf8_lossy(e)));
            }
            9 => {
                // A character XML forbids, raw, in text or in an attribute value.
                let c: &[u8] = rng.pick(&[
                    &b"\x01"[..],
                    &b"\x0b"[..],
                    &b"\xef\xbf\xbe"[..],
                    &b"\xff"[..],
                    &b"\xc3"[..],
                ]);
                let text = data.clone();
                let at = if rng.chance(50) {
                    text.windows(2).position(|w| w == b"=\"").map(|p| p + 2)
                } else {
                    text.windows(2).rposition(|w| w == b"</")
                };
                let at = at.unwrap_or(text.len());
                data.splice(at..at, c.iter().copied());
                how.push(format!("character {c:?} in {part}"));
            }
            10 => {
                // A bad or misplaced declaration.
                let d: &[u8] = rng.pick(&[
                    &b"<?xml version=\"2.0\"?>"[..],
                    &b"<?xml encoding=\"UTF-8\"?>"[..],
                    &b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"[..],
                    &b"<?xml version=\"1.0\" standalone=\"maybe\"?>"[..],
                    &b" <?xml version=\"1.0\"?>"[..],
                ]);
                let end = data
                    .windows(2)
                    .position(|w| w == b"?>")
                    .filter(|_| data.starts_with(b"<?xml"))
                    .map(|p| p + 2)
                    .unwrap_or(0);
                data.splice(0..end, d.iter().copied());
                how.push(format!("declaration in {part}"));
            }
            11 => {
                // An extreme attribute value: very long, or full of markup characters.
                let text = String::from_utf8_lossy(data).into_owned();
                let v = if rng.chance(50) {
                    "W".repeat(rng.range(1000, 200_000) as usize)
                } else {
                    "&quot;&lt;&gt;&amp;&#9;&#10;".repeat(50)
                };
                *data = text
                    .replacen("name=\"", &format!("name=\"{v}"), 1)
                    .replacen("val=\"", &format!("val=\"{v}"), 1)
                    .into_bytes();
                how.push(format!("long value in {part}"));
            }
            12 | 13 => {
                // A relationship target changed: letter case, percent-encoding, external.
                let text = String::from_utf8_lossy(data).into_owned();
                let targets: Vec<usize> = text
                    .match_indices("Target=\"")
                    .map(|(p, _)| p + 8)
                    .collect();
                if targets.is_empty() {
                    how.push(format!("no target in {part}"));
                    continue;
                }
                let at = targets[rng.range(0, targets.len() as u64) as usize];
                let end = text[at..].find('"').map(|e| at + e).unwrap_or(at);
                let t = &text[at..end];
                let (new, what) = match rng.range(0, 4) {
                    0 => (t.to_ascii_uppercase(), "upper case"),
                    1 => (
                        t.chars()
                            .map(|c| {
                                if c.is_ascii_alphabetic() && rng.chance(30) {
                                    format!("%{:02X}", c as u32)
                                } else {
                                    c.to_string()
                                }
                            })
                            .collect(),
                        "percent-encoded",
                    ),
                    2 => (format!("{t}\" TargetMode=\"External"), "external"),
                    _ => (
                        rng.pick(&[
                            "../slides/slide1.xml",
                            "../../docProps/app.xml",
                            "../presentation.xml",
                            "document.xml",
                            "/[Content_Types].xml",
                            "../../word/styles.xml",
                        ])
                        .to_string(),
                        "to a part of ours",
                    ),
                };
                let mut text = text.clone();
                text.replace_range(at..end, &new);
                *data = text.into_bytes();
                how.push(format!("target {what} in {part}"));
            }
            14 => {
                // A content type changed.
                let ct = "[Content_Types].xml";
                if let Some(c) = parts.iter_mut().find(|(n, _)| n == ct) {
                    let text = String::from_utf8_lossy(&c.1).into_owned();
                    let types: Vec<usize> = text
                        .match_indices("ContentType=\"")
                        .map(|(p, _)| p + 13)
                        .collect();
                    if !types.is_empty() {
                        let at = types[rng.range(0, types.len() as u64) as usize];
                        let end = text[at..].find('"').map(|e| at + e).unwrap_or(at);
                        let mut text = text.clone();
                        text.replace_range(
                            at..end,
                            rng.pick(&[
                                "application/octet-stream",
                                "application/xml",
                                "application/vnd.openxmlformats-officedocument.presentationml.slide+xml",
                                "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                                "image/png",
                                "",
                            ]),
                        );
                        c.1 = text.into_bytes();
                    }
                }
                how.push("content type changed".into());
            }
            15 => {
                // The part again under another letter case, or a second entry of its name.
                let copy = parts[i].1.clone();
                let variant = if rng.chance(50) {
                    part.to_ascii_uppercase()
                } else {
                    part.clone()
                };
                parts.push((variant, copy));
                how.push(format!("{part} duplicated"));
            }
            16 => {
                bomb = true;
                how.push("a deflate bomb".into());
            }
            17 => {
                // Random bytes of markup.
                let a = rng.range(0, data.len() as u64 + 1) as usize;
                data.insert(
                    a.min(data.len()),
                    rng.pick(&[b'<', b'>', b'&', b'"', 0u8, 0xFF]),
                );
                how.push(format!("byte in {part}"));
            }
            18 => {
                // Mismatched or unclosed tags.
                if rng.chance(50) {
                    insert_inside_root(data, b"<a:q><a:r></a:q></a:r>");
                } else {
                    insert_inside_root(data, b"<a:open>");
                }
                how.push(format!("tags in {part}"));
            }
            _ => {
                // UTF-16 (decoded by the reader), with or without a declaration saying so.
                let text = String::from_utf8_lossy(data).replacen(
                    "encoding=\"UTF-8\"",
                    "encoding=\"UTF-16\"",
                    1,
                );
                let le = rng.chance(50);
                let mut out = if le {
                    vec![0xFF, 0xFE]
                } else {
                    vec![0xFE, 0xFF]
                };
                for u in text.encode_utf16() {
                    out.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
                }
                *data = out;
                how.push(format!("UTF-16 {part}"));
            }
        }
    }
    (
        format!("template {name}: {}", how.join(", ")),
        rezip(&parts, bomb),
    )
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
/// the carry policy's (`template/src/policy.rs`, docs/guide/carry-policy.md).
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
