//! Reading an untrusted package: the zip's entries as parts, `[Content_Types].xml`, and
//! relationships resolved against their source part (ECMA-376 Part 2 §9.3).
//!
//! Bounded: the file's size, the number of entries, the bytes one part may inflate to and the
//! bytes all reads of a package may inflate to together ([`Limits`]). A declared size is not
//! trusted — reading stops one byte past the limit — so a zip bomb costs at most the limit.
//! Relationship targets are resolved to part names inside the package; a target that climbs
//! out of it, or names a part that does not exist, is an error naming both parts (external
//! targets, such as hyperlinks, are kept as they are and marked external).

use crate::xml::{attr, walk};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::{Cursor, Read};

/// Bounds on an untrusted package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The package file itself. Default: 64 MiB.
    pub max_file_bytes: u64,
    /// Zip entries. Default: 4,000.
    pub max_parts: usize,
    /// Bytes one part may inflate to. Default: 64 MiB.
    pub max_part_bytes: u64,
    /// Bytes all reads of the package may inflate to together. Default: 256 MiB.
    pub max_total_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 64 << 20,
            max_parts: 4000,
            max_part_bytes: 64 << 20,
            max_total_bytes: 256 << 20,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackageError {
    #[error("not a readable zip package: {0}")]
    Zip(String),
    #[error("the package is {size} bytes; at most {max} are read")]
    FileTooLarge { size: u64, max: u64 },
    #[error("the package has {count} entries; at most {max} are read")]
    TooManyParts { count: usize, max: usize },
    #[error("part {part} inflates past {max} bytes (a zip bomb?)")]
    PartTooLarge { part: String, max: u64 },
    #[error("reading part {part} takes the package past {max} inflated bytes in all")]
    TotalTooLarge { part: String, max: u64 },
    #[error("part {part} is missing{}", from.as_ref().map(|f| format!(" (named by {f})")).unwrap_or_default())]
    Missing { part: String, from: Option<String> },
    #[error("part {from}: relationship target {target:?} points outside the package")]
    OutsidePackage { from: String, target: String },
    #[error("part {part}: {message}")]
    Xml { part: String, message: String },
}

impl PackageError {
    pub(crate) fn xml(part: &str, message: String) -> PackageError {
        PackageError::Xml {
            part: part.to_string(),
            message,
        }
    }

    /// The part the error is about, when there is one.
    pub fn part(&self) -> Option<&str> {
        match self {
            PackageError::PartTooLarge { part, .. }
            | PackageError::TotalTooLarge { part, .. }
            | PackageError::Missing { part, .. }
            | PackageError::Xml { part, .. } => Some(part),
            PackageError::OutsidePackage { from, .. } => Some(from),
            _ => None,
        }
    }
}

/// One relationship of a part: its id, type URI and target (a part name without the leading
/// `/`, or the target as written when `external`). An internal target that names a part of
/// the package is that part's name as the package stores it ([`Package::find`]), whatever
/// letter case or percent-encoding the relationship spelled it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rel {
    pub id: String,
    pub ty: String,
    pub target: String,
    pub external: bool,
    /// The `Target` attribute as written.
    pub written: String,
}

impl Rel {
    /// Does the type URI end with `/name` (`slideLayout`, `theme`, `image`)? Transitional and
    /// strict namespaces differ only before it.
    pub fn is(&self, name: &str) -> bool {
        self.ty.rsplit('/').next() == Some(name)
    }
}

/// An opened package: its entries by part name, content types, read on demand.
pub struct Package {
    zip: std::cell::RefCell<zip::ZipArchive<Cursor<Vec<u8>>>>,
    /// Part name (no leading `/`, as the zip names it) -> entry index.
    entries: BTreeMap<String, usize>,
    /// [`part_key`] -> part name (part names compare as OPC does).
    folded: BTreeMap<String, String>,
    defaults: BTreeMap<String, String>,
    overrides: BTreeMap<String, String>,
    limits: Limits,
    read_total: Cell<u64>,
    file_len: u64,
}

impl Package {
    /// The package file's size in bytes.
    pub fn file_len(&self) -> u64 {
        self.file_len
    }
}

impl std::fmt::Debug for Package {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Package")
            .field("parts", &self.entries.len())
            .finish()
    }
}

const CONTENT_TYPES: &str = "[Content_Types].xml";

/// The first bytes of an OLE2 compound file (MS-CFB 2.2).
const OLE2_SIGNATURE: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

impl Package {
    /// Opens a package from its bytes and reads its content types.
    pub fn open(bytes: Vec<u8>, limits: Limits) -> Result<Package, PackageError> {
        let size = bytes.len() as u64;
        if size > limits.max_file_bytes {
            return Err(PackageError::FileTooLarge {
                size,
                max: limits.max_file_bytes,
            });
        }
        // An OLE2 compound file: what Office writes for a password-protected (encrypted)
        // document, and the legacy binary formats (.ppt, .doc, .pot, .dot).
        if bytes.starts_with(&OLE2_SIGNATURE) {
            return Err(PackageError::Zip(
                "an encrypted or legacy binary Office file (an OLE2 compound file), not an OOXML \
                 package: save it unprotected as .pptx / .potx / .docx / .dotx"
                    .into(),
            ));
        }
        let zip = zip::ZipArchive::new(Cursor::new(bytes))
            .map_err(|e| PackageError::Zip(e.to_string()))?;
        if zip.len() > limits.max_parts {
            return Err(PackageError::TooManyParts {
                count: zip.len(),
                max: limits.max_parts,
            });
        }
        let mut entries = BTreeMap::new();
        let mut folded = BTreeMap::new();
        for (i, name) in zip.file_names().enumerate() {
            let Ok(name) = name else { continue };
            if name.ends_with('/') {
                continue;
            }
            let name = name.trim_start_matches('/').to_string();
            if let Some(first) = folded.insert(part_key(&name), name.clone()) {
                return Err(PackageError::xml(
                    &name,
                    format!(
                        "has the name of part {first} (part names are equal ignoring ASCII \
                         letter case and percent-encoding, ECMA-376 Part 2 §9.1.1.4)"
                    ),
                ));
            }
            entries.insert(name, i);
        }
        let mut p = Package {
            zip: std::cell::RefCell::new(zip),
            entries,
            folded,
            defaults: BTreeMap::new(),
            overrides: BTreeMap::new(),
            limits,
            read_total: Cell::new(0),
            file_len: size,
        };
        let ct = p.read_xml(CONTENT_TYPES, None)?;
        let (mut defaults, mut overrides) = (BTreeMap::new(), BTreeMap::new());
        walk(CONTENT_TYPES, &ct, |name, e, end| {
            if end {
                return Ok(());
            }
            match name {
                b"Default" => {
                    if let (Some(ext), Some(ty)) = (attr(e, "Extension"), attr(e, "ContentType")) {
                        defaults.insert(ext.to_ascii_lowercase(), ty);
                    }
                }
                b"Override" => {
                    if let (Some(part), Some(ty)) = (attr(e, "PartName"), attr(e, "ContentType")) {
                        overrides.insert(part_key(&part), ty);
                    }
                }
                _ => {}
            }
            Ok(())
        })?;
        p.defaults = defaults;
        p.overrides = overrides;
        Ok(p)
    }

    /// Part names in name order.
    pub fn parts(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The stored name of a part, matched as OPC matches part names ([`part_key`]: ASCII
    /// letter case ignored, percent-encoding decoded).
    pub fn find(&self, part: &str) -> Option<&str> {
        let part = part.trim_start_matches('/');
        if let Some((k, _)) = self.entries.get_key_value(part) {
            return Some(k);
        }
        self.folded.get(&part_key(part)).map(String::as_str)
    }

    /// The content type a part declares (an `Override`, else the `Default` of its extension).
    pub fn content_type(&self, part: &str) -> Option<&str> {
        let lc = part_key(part);
        if let Some(t) = self.overrides.get(&lc) {
            return Some(t);
        }
        let ext = lc.rsplit_once('.').map(|(_, e)| e)?;
        self.defaults.get(ext).map(String::as_str)
    }

    /// The bytes of a part, inflated under the limits. `from`: the part that named it, for
    /// the error when it is missing.
    pub fn read(&self, part: &str, from: Option<&str>) -> Result<Vec<u8>, PackageError> {
        let missing = || PackageError::Missing {
            part: part.trim_start_matches('/').to_string(),
            from: from.map(str::to_string),
        };
        let name = self.find(part).ok_or_else(missing)?;
        let index = self.entries[name];
        let mut zip = self.zip.borrow_mut();
        let file = zip
            .by_index(index)
            .map_err(|e| PackageError::xml(name, format!("cannot be read: {e}")))?;
        let max = self.limits.max_part_bytes;
        let mut out = Vec::new();
        file.take(max + 1)
            .read_to_end(&mut out)
            .map_err(|e| PackageError::xml(name, format!("cannot be inflated: {e}")))?;
        if out.len() as u64 > max {
            return Err(PackageError::PartTooLarge {
                part: name.to_string(),
                max,
            });
        }
        let total = self.read_total.get() + out.len() as u64;
        if total > self.limits.max_total_bytes {
            return Err(PackageError::TotalTooLarge {
                part: name.to_string(),
                max: self.limits.max_total_bytes,
            });
        }
        self.read_total.set(total);
        Ok(out)
    }

    /// The bytes of an XML part ([`Package::read`]) as UTF-8: a UTF-16 part decoded
    /// ([`crate::xml::to_utf8`]).
    pub fn read_xml(&self, part: &str, from: Option<&str>) -> Result<Vec<u8>, PackageError> {
        let bytes = self.read(part, from)?;
        let name = self.find(part).unwrap_or(part);
        Ok(match crate::xml::to_utf8(name, &bytes)? {
            std::borrow::Cow::Owned(v) => v,
            std::borrow::Cow::Borrowed(_) => bytes,
        })
    }

    /// The relationships of `part` (`""`: the package's own, `_rels/.rels`), targets resolved
    /// to part names. A part without a relationships part has none.
    pub fn rels(&self, part: &str) -> Result<Vec<Rel>, PackageError> {
        let part = part.trim_start_matches('/');
        let (dir, file) = part.rsplit_once('/').unwrap_or(("", part));
        let rels_name = if dir.is_empty() {
            format!("_rels/{file}.rels")
        } else {
            format!("{dir}/_rels/{file}.rels")
        };
        if self.find(&rels_name).is_none() {
            return Ok(Vec::new());
        }
        let xml = self.read_xml(&rels_name, Some(part))?;
        let mut rels = Vec::new();
        let mut bad = None;
        walk(&rels_name, &xml, |name, e, end| {
            if end || name != b"Relationship" {
                return Ok(());
            }
            let (Some(id), Some(ty), Some(target)) =
                (attr(e, "Id"), attr(e, "Type"), attr(e, "Target"))
            else {
                // OPC requires all three (ECMA-376 Part 2 §9.3.2.2): a relationship without
                // one would be carried pointing nowhere.
                return Err(PackageError::xml(
                    &rels_name,
                    "has a Relationship without an Id, Type or Target".into(),
                ));
            };
            let external = attr(e, "TargetMode").is_some_and(|m| m == "External");
            let written = target.clone();
            let target = if external {
                target
            } else {
                match resolve(dir, &target) {
                    Some(t) => self.find(&t).map(str::to_string).unwrap_or(t),
                    None => {
                        bad.get_or_insert(target);
                        return Ok(());
                    }
                }
            };
            rels.push(Rel {
                id,
                ty,
                target,
                external,
                written,
            });
            Ok(())
        })?;
        if let Some(target) = bad {
            return Err(PackageError::OutsidePackage {
                from: part.to_string(),
                target,
            });
        }
        Ok(rels)
    }
}

/// The key part names are compared by (ECMA-376 Part 2 §9.1.1.4: part names are equal when
/// they are equal ignoring ASCII letter case; a part name is a URI, so `%C3%A9` and `é`, or
/// `%20` and a space, name the same part): no leading `/`, percent-encoded UTF-8 decoded
/// (a sequence that does not decode to UTF-8 is kept as written), ASCII letters lower-cased.
/// Letters outside ASCII keep their case, as the standard says.
pub fn part_key(name: &str) -> String {
    let name = name.trim_start_matches('/');
    let b = name.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    let decoded = String::from_utf8(out).unwrap_or_else(|_| name.to_string());
    decoded.to_ascii_lowercase()
}

/// A relative (or `/`-absolute) target resolved against the source part's folder; `None` when
/// it climbs above the package root. Percent-encoding is left as written ([`part_key`]
/// decodes it when the part is looked up).
pub fn resolve(dir: &str, target: &str) -> Option<String> {
    let target = target.split('#').next().unwrap_or("");
    let mut parts: Vec<&str> = if target.starts_with('/') || dir.is_empty() {
        Vec::new()
    } else {
        dir.split('/').collect()
    };
    for seg in target.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    pub(crate) fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, data) in files {
            w.start_file(*name, opts).unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    const CT: &[u8] = br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"/></Types>"#;

    #[test]
    fn an_ole2_compound_file_is_named_as_encrypted_or_legacy() {
        let mut cfb = OLE2_SIGNATURE.to_vec();
        cfb.resize(4096, 0);
        let e = Package::open(cfb, Limits::default()).unwrap_err();
        let m = e.to_string();
        assert!(
            m.contains("an encrypted or legacy binary Office file"),
            "{m}"
        );
        assert!(!m.contains("EOCD"), "{m}");
    }

    #[test]
    fn targets_resolve_against_their_source_part() {
        assert_eq!(
            resolve("ppt/slideLayouts", "../slideMasters/slideMaster1.xml").as_deref(),
            Some("ppt/slideMasters/slideMaster1.xml")
        );
        assert_eq!(
            resolve("ppt", "/ppt/theme/theme1.xml").as_deref(),
            Some("ppt/theme/theme1.xml")
        );
        assert_eq!(
            resolve("", "ppt/presentation.xml").as_deref(),
            Some("ppt/presentation.xml")
        );
        assert_eq!(resolve("ppt", "../../etc/passwd"), None);
    }

    #[test]
    fn content_types_and_rels_are_read() {
        let rels = br#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>"#;
        let pres_rels = br#"<Relationships><Relationship Id="rId1" Type="http://x/slideMaster" Target="slideMasters/slideMaster1.xml"/><Relationship Id="rId9" Type="http://x/hyperlink" Target="https://example.com" TargetMode="External"/></Relationships>"#;
        let p = Package::open(
            zip_of(&[
                ("[Content_Types].xml", CT),
                ("_rels/.rels", rels),
                ("ppt/presentation.xml", b"<p/>"),
                ("ppt/_rels/presentation.xml.rels", pres_rels),
            ]),
            Limits::default(),
        )
        .unwrap();
        assert_eq!(
            p.content_type("/ppt/presentation.xml"),
            Some("application/vnd.openxmlformats-officedocument.presentationml.template.main+xml")
        );
        assert_eq!(p.content_type("ppt/x.xml"), Some("application/xml"));
        let root = p.rels("").unwrap();
        assert!(root[0].is("officeDocument"));
        assert_eq!(root[0].target, "ppt/presentation.xml");
        let r = p.rels("ppt/presentation.xml").unwrap();
        assert_eq!(r[0].target, "ppt/slideMasters/slideMaster1.xml");
        assert!(r[1].external && r[1].target == "https://example.com");
        // Case-insensitive part names.
        assert_eq!(
            p.find("/PPT/Presentation.XML"),
            Some("ppt/presentation.xml")
        );
        let e = p.read(
            "ppt/slideMasters/slideMaster1.xml",
            Some("ppt/presentation.xml"),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "part ppt/slideMasters/slideMaster1.xml is missing (named by ppt/presentation.xml)"
        );
    }

    #[test]
    fn a_zip_bomb_stops_at_the_part_limit() {
        let big = vec![b'a'; 3 << 20];
        let bytes = zip_of(&[("[Content_Types].xml", CT), ("ppt/big.xml", &big)]);
        assert!(bytes.len() < 64 << 10, "compresses well: {}", bytes.len());
        let limits = Limits {
            max_part_bytes: 1 << 20,
            ..Limits::default()
        };
        let p = Package::open(bytes, limits).unwrap();
        assert_eq!(
            p.read("ppt/big.xml", None).unwrap_err(),
            PackageError::PartTooLarge {
                part: "ppt/big.xml".into(),
                max: 1 << 20
            }
        );
        let limits = Limits {
            max_total_bytes: (2 << 20) + 4096, // two parts and the content types
            ..Limits::default()
        };
        let p = Package::open(
            zip_of(&[
                ("[Content_Types].xml", CT),
                ("a.xml", &big[..1 << 20]),
                ("b.xml", &big[..1 << 20]),
                ("c.xml", &big[..1 << 20]),
            ]),
            limits,
        )
        .unwrap();
        p.read("a.xml", None).unwrap();
        p.read("b.xml", None).unwrap();
        assert!(matches!(
            p.read("c.xml", None),
            Err(PackageError::TotalTooLarge { .. })
        ));
    }

    #[test]
    fn a_target_outside_the_package_is_refused() {
        let rels = br#"<Relationships><Relationship Id="rId1" Type="http://x/image" Target="../../../etc/passwd"/></Relationships>"#;
        let p = Package::open(
            zip_of(&[
                ("[Content_Types].xml", CT),
                ("ppt/_rels/presentation.xml.rels", rels),
                ("ppt/presentation.xml", b"<p/>"),
            ]),
            Limits::default(),
        )
        .unwrap();
        let e = p.rels("ppt/presentation.xml").unwrap_err();
        assert!(matches!(e, PackageError::OutsidePackage { .. }), "{e}");
        assert_eq!(e.part(), Some("ppt/presentation.xml"));
    }

    #[test]
    fn part_names_compare_as_opc_does() {
        assert_eq!(
            part_key("/PPT/Media/%C3%A9%20x.PNG"),
            "ppt/media/\u{e9} x.png"
        );
        // Letters outside ASCII keep their case; a bad escape is kept as written.
        assert_eq!(part_key("ppt/\u{c9}.xml"), "ppt/\u{c9}.xml");
        assert_eq!(part_key("a%zz%C3"), "a%zz%c3");
        let rels = br#"<Relationships><Relationship Id="rId1" Type="http://x/image" Target="MEDIA/%C3%A9.png"/></Relationships>"#;
        let p = Package::open(
            zip_of(&[
                ("[Content_Types].xml", CT),
                ("ppt/_rels/presentation.xml.rels", rels),
                ("ppt/presentation.xml", b"<p/>"),
                ("ppt/media/\u{e9}.png", b"x"),
            ]),
            Limits::default(),
        )
        .unwrap();
        let r = p.rels("ppt/presentation.xml").unwrap();
        assert_eq!(r[0].target, "ppt/media/\u{e9}.png");
        assert_eq!(r[0].written, "MEDIA/%C3%A9.png");
        // Two entries whose names are equivalent: the package is refused, naming both.
        let e = Package::open(
            zip_of(&[
                ("[Content_Types].xml", CT),
                ("ppt/presentation.xml", b"<p/>"),
                ("ppt/Presentation.xml", b"<p/>"),
            ]),
            Limits::default(),
        )
        .unwrap_err();
        assert_eq!(e.part(), Some("ppt/Presentation.xml"), "{e}");
        assert!(e.to_string().contains("ppt/presentation.xml"), "{e}");
    }

    #[test]
    fn not_a_zip_and_too_many_parts_are_errors() {
        assert!(matches!(
            Package::open(b"PK\x03\x04 nope".to_vec(), Limits::default()),
            Err(PackageError::Zip(_))
        ));
        let files: Vec<(String, Vec<u8>)> = (0..20)
            .map(|i| (format!("p{i}.xml"), b"<a/>".to_vec()))
            .collect();
        let refs: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, d)| (n.as_str(), d.as_slice()))
            .collect();
        let limits = Limits {
            max_parts: 10,
            ..Limits::default()
        };
        assert!(matches!(
            Package::open(zip_of(&refs), limits),
            Err(PackageError::TooManyParts { count: 20, max: 10 })
        ));
    }
}
