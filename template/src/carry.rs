//! What a deck written on the template carries over: the template is kept whole. Its masters,
//! every layout (so a user can add any slide in PowerPoint), their themes, backgrounds, logos
//! and other parts they reach are carried over part for part — found by walking relationships
//! from the masters the presentation lists — with their relationship parts as they are. The
//! template's example slides, their notes, its notes and handout masters and anything reachable
//! only from them are dropped; its presentation part is replaced by ours (so a .potx becomes a
//! presentation). Output stays deterministic: parts in the order the walk finds them.
//!
//! What is followed and what the carried XML keeps is the carry policy's ([`crate::policy`]):
//! no macro project, ActiveX control, OLE object, external relationship, script link or
//! fetching field reaches an output; each one dropped is reported ([`Dropped`]).

use crate::policy::{self, Dropped, Verdict};
use crate::Template;
use specrender_opc::{Package, PackageError, Rel};
use std::collections::BTreeSet;
use std::sync::Arc;

/// One carried part: name, declared content type, bytes, and its `.rels` part as written.
pub use specrender_model::look::CarriedPart as Carried;

impl Template {
    /// The bytes to write for carried part `c`: as stored, except the theme part of a branded
    /// template, whose colour scheme slots and Latin theme fonts are the brand's.
    pub fn part_bytes(&self, c: &Carried) -> Arc<[u8]> {
        match &self.brand {
            Some(b) if b.theme_part == c.name => Arc::from(rebrand(&c.bytes, b)),
            _ => c.bytes.clone(),
        }
    }

    /// Every part the masters reach (`walk_parts`), read and checked when the template was.
    pub fn carried(&self) -> &[Carried] {
        &self.carried
    }

    /// What the carry policy dropped from the parts the masters reach (QC's
    /// `template_content_dropped`).
    pub fn dropped(&self) -> &[Dropped] {
        &self.dropped
    }
}

/// What becomes of one relationship of a carried part (`action`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelAction {
    /// The target part is carried (walked in turn) and the relationship kept.
    Carry,
    /// The relationship is removed from the carried relationships part and its target is
    /// not carried.
    Drop,
}

/// What becomes of relationship `rel` of carried part `from`, as the carry policy
/// ([`policy::judge`]) says; a dropped one the policy reports goes to `dropped`. The walk
/// ([`walk_parts`]) does the rest.
fn action(pkg: &Package, from: &str, rel: &Rel, dropped: &mut Vec<Dropped>) -> RelAction {
    let ct = (!rel.external)
        .then(|| pkg.find(&rel.target).and_then(|n| pkg.content_type(n)))
        .flatten();
    match policy::judge(rel, ct) {
        Verdict::Carry => RelAction::Carry,
        // An allowed relationship whose target is missing: [`walk_parts`] names it.
        Verdict::Drop(policy::DropKind::WrongContentType)
            if !rel.external && pkg.find(&rel.target).is_none() =>
        {
            RelAction::Carry
        }
        Verdict::Silent => RelAction::Drop,
        Verdict::Drop(kind) => {
            dropped.push(Dropped {
                part: policy::safe_text(from),
                kind,
                target: policy::shown_target(rel, kind),
            });
            RelAction::Drop
        }
    }
}

/// Part names a package written on a template writes itself, ASCII letters lower-cased: a
/// name, or a folder (ending in `/`) whose every part is ours. A carried part never takes one
/// (the template is refused, `walk_parts`).
pub const DECK_WRITES: &[&str] = &[
    "[content_types].xml",
    "_rels/.rels",
    "docprops/",
    "ppt/presentation.xml",
    "ppt/_rels/presentation.xml.rels",
    "ppt/presprops.xml",
    "ppt/viewprops.xml",
    "ppt/tablestyles.xml",
    "ppt/slides/",
    "ppt/notesslides/",
    "ppt/notesmasters/",
    "ppt/charts/",
    "ppt/embeddings/",
    "ppt/media/deck/",
];

/// [`DECK_WRITES`] for a document written on a Word template.
pub const DOC_WRITES: &[&str] = &[
    "[content_types].xml",
    "_rels/.rels",
    "docprops/",
    "word/document.xml",
    "word/_rels/document.xml.rels",
    "word/styles.xml",
    "word/numbering.xml",
    "word/settings.xml",
    "word/fonttable.xml",
    "word/footnotes.xml",
    "word/media/doc/",
];

/// Does `writes` ([`DECK_WRITES`], [`DOC_WRITES`]) hold part name `name`, OPC-equivalently?
pub fn written_by_us(writes: &[&str], name: &str) -> bool {
    let key = specrender_opc::read::part_key(name);
    writes.iter().any(|w| {
        if w.ends_with('/') {
            key.starts_with(w)
        } else {
            key == *w
        }
    })
}

/// Every part of `pkg` reachable from `roots` (the roots first), breadth first, each part's
/// relationships in file order, as the carry policy says ([`action`]; a part's XML loses every
/// reference to what it drops, [`policy::clean_part`]): read (under the package's limits) when
/// the template is, so a template that reads writes. A relationship to a part the package
/// lacks, a target outside it, or a carried part whose name one of ours takes (`writes`) is an
/// error naming the part. Also returns what the policy dropped ([`policy::bounded`]).
pub(crate) fn walk_parts(
    pkg: &Package,
    roots: Vec<String>,
    writes: &[&str],
) -> Result<(Vec<Carried>, Vec<Dropped>), PackageError> {
    let mut queue = Vec::new();
    let mut seen = BTreeSet::new();
    for r in roots {
        let name = pkg.find(&r).map(str::to_string).unwrap_or(r);
        if seen.insert(name.clone()) {
            queue.push(name);
        }
    }
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    let mut media = 0u64;
    let mut i = 0;
    while i < queue.len() {
        let name = queue[i].clone();
        i += 1;
        if written_by_us(writes, &name) {
            return Err(PackageError::Xml {
                part: name,
                message: "is carried from the template, but specrender writes a part of that \
                          name"
                    .into(),
            });
        }
        let content_type = pkg
            .content_type(&name)
            .unwrap_or("application/octet-stream")
            .to_string();
        let bytes = if is_xml(&name, &content_type) {
            let xml = pkg.read_xml(&name, None)?;
            specrender_opc::xml::check(&name, &xml)?;
            check_root(&name, &content_type, &xml)?;
            xml
        } else {
            pkg.read(&name, None)?
        };
        check_media(pkg, &name, bytes.len(), &mut media)?;
        let rels = pkg.rels(&name)?;
        let mut actions = Vec::with_capacity(rels.len());
        let mut gone = BTreeSet::new();
        for r in &rels {
            let action = action(pkg, &name, r, &mut dropped);
            if action == RelAction::Drop {
                gone.insert(r.id.clone());
            }
            if action == RelAction::Carry {
                let Some(target) = pkg.find(&r.target) else {
                    return Err(PackageError::Missing {
                        part: r.target.clone(),
                        from: Some(name.clone()),
                    });
                };
                if seen.insert(target.to_string()) {
                    queue.push(target.to_string());
                }
            }
            actions.push(action);
        }
        // An id both carried and dropped (a duplicate) is dropped: nothing may point at it.
        for (r, a) in rels.iter().zip(actions.iter_mut()) {
            if gone.contains(&r.id) {
                *a = RelAction::Drop;
            }
        }
        let bytes = if content_type.ends_with("xml") {
            match policy::clean_part(&name, &bytes, &gone, &mut dropped)? {
                Some(clean) => clean,
                None => bytes,
            }
        } else {
            bytes
        };
        let rels_part = rels_name(&name);
        let rels = match pkg.find(&rels_part) {
            Some(stored) => {
                let stored = stored.to_string();
                let xml = pkg.read_xml(&stored, Some(&name))?;
                specrender_opc::xml::check(&stored, &xml)?;
                check_root(&stored, RELS_TYPE, &xml)?;
                Some((
                    rels_part,
                    Arc::from(rels_as_carried(&name, xml, &rels, &actions)),
                ))
            }
            None => None,
        };
        out.push(Carried {
            name,
            content_type,
            bytes: Arc::from(bytes),
            rels,
        });
    }
    Ok((out, policy::bounded(dropped)))
}

const RELS_TYPE: &str = "application/vnd.openxmlformats-package.relationships+xml";

/// The root element a part of a content type has (the type's last segment, lower-cased), and
/// the namespaces it may be in (transitional, strict): readers pick a part's class by its type
/// and then expect that root (python-pptx: "'_Element' object has no attribute 'spTree'").
const ROOTS: &[(&str, &str, &[&str])] = &[
    ("presentationml.slidemaster+xml", "sldMaster", PML),
    ("presentationml.slidelayout+xml", "sldLayout", PML),
    ("presentationml.tags+xml", "tagLst", PML),
    ("officedocument.theme+xml", "theme", DML),
    ("officedocument.themeoverride+xml", "themeOverride", DML),
    ("drawingml.chart+xml", "chartSpace", CHART),
    ("wordprocessingml.header+xml", "hdr", WML),
    ("wordprocessingml.footer+xml", "ftr", WML),
    ("package.relationships+xml", "Relationships", REL),
];
const PML: &[&str] = &[
    "http://schemas.openxmlformats.org/presentationml/2006/main",
    "http://purl.oclc.org/ooxml/presentationml/main",
];
const DML: &[&str] = &[
    "http://schemas.openxmlformats.org/drawingml/2006/main",
    "http://purl.oclc.org/ooxml/drawingml/main",
];
const CHART: &[&str] = &[
    "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "http://purl.oclc.org/ooxml/drawingml/chart",
];
const WML: &[&str] = &[
    "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "http://purl.oclc.org/ooxml/wordprocessingml/main",
];
const REL: &[&str] = &["http://schemas.openxmlformats.org/package/2006/relationships"];

/// A carried XML part of a content type [`ROOTS`] knows has that type's root element in its
/// namespace, or the template is refused naming the part.
fn check_root(name: &str, content_type: &str, xml: &[u8]) -> Result<(), PackageError> {
    let ct = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let Some((_, local, spaces)) = ROOTS.iter().find(|(t, _, _)| ct.ends_with(t)) else {
        return Ok(());
    };
    let (got, ns) = specrender_opc::xml::root(name, xml)?;
    if got == *local && ns.as_deref().is_some_and(|n| spaces.contains(&n)) {
        return Ok(());
    }
    Err(PackageError::Xml {
        part: name.to_string(),
        message: format!(
            "has content type {content_type}, whose root is <{local}> in {}, but its root is \
             <{got}> in {}",
            spaces[0],
            ns.as_deref().unwrap_or("no namespace")
        ),
    })
}

/// Is a part XML, to be checked before it is carried: an XML content type (`…/xml`,
/// `…+xml`), or a `.xml`, `.rels` or `.vml` name whatever its declared type.
pub fn is_xml(name: &str, content_type: &str) -> bool {
    let ct = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let key = specrender_opc::read::part_key(name);
    ct.ends_with("/xml")
        || ct.ends_with("+xml")
        || ct == "application/vnd.openxmlformats-officedocument.vmldrawing"
        || [".xml", ".rels", ".vml"].iter().any(|e| key.ends_with(e))
}

/// Pictures a deck writes as stored, not deflated (`specrender-opc`'s writer: JPEG, PNG and GIF
/// under a `media` folder), may inflate in all to at most twice the template file plus 1 MiB: a
/// real picture is compressed already and takes about as many bytes in the package as out of it,
/// while 63 MiB of zeros named `image1.png` deflates to 64 KB in the template and was written
/// whole into every deck (a 285 KB template wrote a 264 MB deck; issue 38). `total`: the
/// pictures' bytes so far.
fn check_media(pkg: &Package, name: &str, len: usize, total: &mut u64) -> Result<(), PackageError> {
    let ext = name.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    if !(name.contains("/media/") && matches!(ext.as_str(), "jpeg" | "jpg" | "png" | "gif")) {
        return Ok(());
    }
    let bound = 2 * pkg.file_len() + (1 << 20);
    *total += len as u64;
    if *total > bound {
        return Err(PackageError::Xml {
            part: name.to_string(),
            message: format!(
                "the template's pictures inflate to more than {bound} bytes from a {}-byte file \
                 (compressed pictures do not inflate: a zip bomb?)",
                pkg.file_len()
            ),
        });
    }
    Ok(())
}

fn rels_name(part: &str) -> String {
    match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}

/// The relationships part of carried part `from` as written (`xml`, byte for byte) when every
/// relationship is kept as written; else written anew from `rels`: those [`RelAction::Drop`]
/// removed, and every carried target named by the part's stored name (a target spelled in
/// another letter case or percent-encoding would otherwise name a part the output lacks).
fn rels_as_carried(from: &str, xml: Vec<u8>, rels: &[Rel], actions: &[RelAction]) -> Vec<u8> {
    let dir = from.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    let same =
        |r: &Rel| specrender_opc::read::resolve(dir, &r.written).is_some_and(|t| t == r.target);
    if rels
        .iter()
        .zip(actions)
        .all(|(r, a)| *a != RelAction::Drop && (*a != RelAction::Carry || same(r)))
    {
        return xml;
    }
    let mut w = specrender_opc::write::xml::Xml::new(false);
    let ns = "http://schemas.openxmlformats.org/package/2006/relationships";
    w.start("Relationships", &[("xmlns", &ns)]);
    for (r, a) in rels.iter().zip(actions) {
        let target = match a {
            RelAction::Drop => continue,
            RelAction::Carry => written_target(dir, &r.target),
        };
        let mut attrs: Vec<specrender_opc::write::xml::Attr> =
            vec![("Id", &r.id), ("Type", &r.ty), ("Target", &target)];
        if r.external {
            attrs.push(("TargetMode", &"External"));
        }
        w.empty("Relationship", &attrs);
    }
    w.end("Relationships");
    w.finish()
}

/// The target a part in folder `dir` writes for part `part`: relative to the folder
/// (`../media/image1.png`), each segment as the package stores it, so a reader that looks the
/// target up by its bytes (python-pptx, python-docx) finds the part as well as one that
/// decodes percent-encoding first.
fn written_target(dir: &str, part: &str) -> String {
    let from: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let to: Vec<&str> = part.split('/').collect();
    let common = from
        .iter()
        .zip(&to)
        .take_while(|(a, b)| a == b)
        .count()
        .min(to.len().saturating_sub(1));
    let mut segs: Vec<&str> = vec![".."; from.len() - common];
    segs.extend(&to[common..]);
    segs.join("/")
}

/// A theme part with `b`'s colours in its `a:clrScheme` slots (each slot's colour element
/// replaced by an `a:srgbClr`) and its fonts as the major / minor Latin and East Asian
/// typefaces. Text
/// surgery on the part as written (every other byte is kept); a slot or font the part does
/// not spell as `<a:slot>` / `<a:majorFont>` is left as it is.
fn rebrand(xml: &[u8], b: &crate::Brand) -> Vec<u8> {
    let mut s = String::from_utf8_lossy(xml).into_owned();
    let scheme = |s: &str| -> Option<(usize, usize)> {
        let start = s.find("<a:clrScheme")?;
        let end = start + s[start..].find("</a:clrScheme>")?;
        Some((start, end))
    };
    for (slot, hex) in &b.colors {
        let Some((lo, hi)) = scheme(&s) else { break };
        let open = format!("<a:{slot}>");
        let close = format!("</a:{slot}>");
        let Some(a) = s[lo..hi].find(&open).map(|i| lo + i + open.len()) else {
            continue;
        };
        let Some(z) = s[a..hi].find(&close).map(|i| a + i) else {
            continue;
        };
        s.replace_range(a..z, &format!("<a:srgbClr val=\"{hex}\"/>"));
    }
    for (tag, script, font) in [
        ("majorFont", "latin", &b.major),
        ("minorFont", "latin", &b.minor),
        ("majorFont", "ea", &b.major_ea),
        ("minorFont", "ea", &b.minor_ea),
    ] {
        let Some(font) = font else { continue };
        let Some(at) = s.find(&format!("<a:{tag}>")) else {
            continue;
        };
        let Some(end) = s[at..].find(&format!("</a:{tag}>")).map(|i| at + i) else {
            continue;
        };
        let attr = format!("<a:{script} typeface=\"");
        let Some(l) = s[at..end].find(&attr).map(|i| at + i + attr.len()) else {
            continue;
        };
        let Some(e) = s[l..end].find('"').map(|i| l + i) else {
            continue;
        };
        let escaped = font
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('"', "&quot;");
        s.replace_range(l..e, &escaped);
    }
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkg(files: &[(&str, &[u8])]) -> Package {
        use std::io::Write;
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default();
        let ct = br#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/></Types>"#;
        w.start_file("[Content_Types].xml", opts).unwrap();
        w.write_all(ct).unwrap();
        for (name, data) in files {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
        Package::open(
            w.finish().unwrap().into_inner(),
            specrender_opc::Limits::default(),
        )
        .unwrap()
    }

    const M: &str = "ppt/slideMasters/slideMaster1.xml";
    const M_RELS: &str = "ppt/slideMasters/_rels/slideMaster1.xml.rels";

    fn rel(id: &str, ty: &str, target: &str) -> String {
        format!(
            r#"<Relationship Id="{id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/{ty}" Target="{target}"/>"#
        )
    }

    fn rels(body: &[String]) -> Vec<u8> {
        format!(
            r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{}</Relationships>"#,
            body.concat()
        )
        .into_bytes()
    }

    #[test]
    fn targets_in_another_case_or_encoding_are_one_part_written_once_under_its_name() {
        let r = rels(&[
            rel("rId1", "image", "../media/Image1.PNG"),
            rel("rId2", "image", "../media/image1.png"),
            rel("rId3", "image", "../media/%C3%A9t%C3%A9.png"),
        ]);
        let p = pkg(&[
            (M, b"<m/>"),
            (M_RELS, &r),
            ("ppt/media/image1.png", b"png"),
            ("ppt/media/\u{e9}t\u{e9}.png", b"png2"),
        ]);
        let c = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap().0;
        let names: Vec<&str> = c.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [M, "ppt/media/image1.png", "ppt/media/\u{e9}t\u{e9}.png"]
        );
        // The relationships part is written anew, every target naming the stored part.
        let (name, xml) = c[0].rels.as_ref().unwrap();
        assert_eq!(name, M_RELS);
        let xml = std::str::from_utf8(xml).unwrap();
        assert_eq!(
            xml.matches(r#"Target="../media/image1.png""#).count(),
            2,
            "{xml}"
        );
        assert!(
            xml.contains("Target=\"../media/\u{e9}t\u{e9}.png\""),
            "{xml}"
        );
        assert!(!xml.contains("Image1.PNG"), "{xml}");
    }

    #[test]
    fn relationships_kept_as_written_are_carried_byte_for_byte() {
        let r = rels(&[rel("rId1", "image", "../media/image1.png")]);
        let p = pkg(&[(M, b"<m/>"), (M_RELS, &r), ("ppt/media/image1.png", b"png")]);
        let c = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap().0;
        assert_eq!(&*c[0].rels.as_ref().unwrap().1, &r[..]);
        // A dropped relationship (an example slide) rewrites the part without it.
        let r = rels(&[
            rel("rId1", "image", "../media/image1.png"),
            rel("rId2", "slide", "../slides/slide1.xml"),
        ]);
        let p = pkg(&[(M, b"<m/>"), (M_RELS, &r), ("ppt/media/image1.png", b"png")]);
        let c = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap().0;
        let xml = std::str::from_utf8(&c[0].rels.as_ref().unwrap().1).unwrap();
        assert!(xml.contains("rId1") && !xml.contains("rId2"), "{xml}");
    }

    #[test]
    fn a_missing_part_or_one_named_as_ours_is_an_error_naming_it() {
        let r = rels(&[rel("rId1", "image", "../media/image1.png")]);
        let p = pkg(&[(M, b"<m/>"), (M_RELS, &r)]);
        let e = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("part ppt/media/image1.png is missing (named by {M})")
        );
        for ours in [
            "../slides/image1.png",
            "../embeddings/image1.png",
            "../../docProps/Thumb.png",
            "../Media/Deck/image1.png",
        ] {
            let r = rels(&[rel("rId1", "image", ours)]);
            let stored = specrender_opc::read::resolve("ppt/slideMasters", ours).unwrap();
            let p = pkg(&[(M, b"<m/>"), (M_RELS, &r), (&stored, b"x")]);
            let e = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap_err();
            assert_eq!(e.part(), Some(stored.as_str()), "{ours}: {e}");
            assert!(e.to_string().contains("specrender writes"), "{e}");
        }
        // A picture relationship to an XML part of ours is dropped by the policy (its target
        // is no picture), so nothing collides.
        let r = rels(&[rel("rId1", "image", "../presentation.xml")]);
        let p = pkg(&[
            (M, b"<m/>"),
            (M_RELS, &r),
            ("ppt/presentation.xml", b"<p/>"),
        ]);
        let (c, d) = walk_parts(&p, vec![M.into()], DECK_WRITES).unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(d[0].kind, crate::policy::DropKind::WrongContentType);
        assert!(written_by_us(DECK_WRITES, "/[Content_Types].XML"));
        assert!(written_by_us(DOC_WRITES, "/WORD/document.xml"));
        assert!(!written_by_us(DOC_WRITES, "word/header1.xml"));
    }

    #[test]
    fn rebrand_rewrites_scheme_slots_and_theme_fonts_only() {
        let xml = br#"<a:theme><a:clrScheme name="x"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:accent1><a:srgbClr val="4472C4"/></a:accent1></a:clrScheme><a:fontScheme><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/></a:minorFont></a:fontScheme><a:accent1>keep</a:accent1></a:theme>"#;
        let b = crate::Brand {
            theme_part: "t".into(),
            colors: vec![
                ("accent1".into(), "C00000".into()),
                ("dk1".into(), "222222".into()),
            ],
            major: Some("Arial".into()),
            minor: None,
            major_ea: Some("Noto Sans CJK KR".into()),
            // The minor font spells no `a:ea`: left as it is.
            minor_ea: Some("Noto Sans CJK JP".into()),
        };
        let out = String::from_utf8(rebrand(xml, &b)).unwrap();
        assert_eq!(
            out,
            r#"<a:theme><a:clrScheme name="x"><a:dk1><a:srgbClr val="222222"/></a:dk1><a:accent1><a:srgbClr val="C00000"/></a:accent1></a:clrScheme><a:fontScheme><a:majorFont><a:latin typeface="Arial"/><a:ea typeface="Noto Sans CJK KR"/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/></a:minorFont></a:fontScheme><a:accent1>keep</a:accent1></a:theme>"#
        );
    }
}
