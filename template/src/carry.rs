//! What a deck written on the template carries over: the template is kept whole. Its masters,
//! every layout (so a user can add any slide in PowerPoint), their themes, backgrounds, logos
//! and other parts they reach are carried over part for part — found by walking relationships
//! from the masters the presentation lists — with their relationship parts as they are. The
//! template's example slides, their notes, its notes and handout masters and anything reachable
//! only from them are dropped; its presentation part is replaced by ours (so a .potx becomes a
//! presentation). Output stays deterministic: parts in the order the walk finds them.

use crate::Template;
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

/// One carried part: name, declared content type, bytes, and its `.rels` part as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    pub name: String,
    pub content_type: String,
    pub bytes: Arc<[u8]>,
    pub rels: Option<(String, Arc<[u8]>)>,
}

/// The carried parts of a template, read once on first use and shared by every deck written
/// on it (a worker renders many decks on one parsed template).
#[derive(Debug, Clone, Default)]
pub struct CarriedCache(OnceLock<Result<Arc<Vec<Carried>>, String>>);

// A cache is no part of what a template is: two templates are equal whatever they cached.
impl PartialEq for CarriedCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for CarriedCache {}

impl Template {
    /// The bytes to write for carried part `c`: as stored, except the theme part of a branded
    /// template, whose colour scheme slots and Latin theme fonts are the brand's.
    pub fn part_bytes(&self, c: &Carried) -> Arc<[u8]> {
        match &self.brand {
            Some(b) if b.theme_part == c.name => Arc::from(rebrand(&c.bytes, b)),
            _ => c.bytes.clone(),
        }
    }

    /// Every part the masters reach ([`carried`]), read on the first call and cached.
    pub fn carried(&self) -> Result<Arc<Vec<Carried>>, String> {
        self.carried
            .0
            .get_or_init(|| carried(self).map(Arc::new))
            .clone()
    }
}

/// Relationship types whose targets are not carried (ECMA-376 names, last path segment).
const DROPPED: &[&str] = &[
    "slide",
    "notesSlide",
    "notesMaster",
    "handoutMaster",
    "comments",
];

/// Every part the masters reach, in walk order (breadth first from the masters, each part's
/// relationships in file order).
fn carried(t: &Template) -> Result<Vec<Carried>, String> {
    let pkg = specrender_opc::Package::open(t.bytes.to_vec(), specrender_opc::Limits::default())
        .map_err(|e| e.to_string())?;
    walk_parts(&pkg, t.masters.iter().map(|m| m.part.clone()).collect())
}

/// Every part reachable from `roots` (the roots first), breadth first, each part's
/// relationships in file order; relationships to [`DROPPED`] types are neither followed nor
/// kept.
pub(crate) fn walk_parts(
    pkg: &specrender_opc::Package,
    roots: Vec<String>,
) -> Result<Vec<Carried>, String> {
    let mut queue = roots;
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let name = queue[i].clone();
        i += 1;
        let bytes = pkg.read(&name, None).map_err(|e| e.to_string())?;
        let content_type = pkg
            .content_type(&name)
            .unwrap_or("application/octet-stream")
            .to_string();
        let rels = pkg.rels(&name).map_err(|e| e.to_string())?;
        for r in &rels {
            if r.external || DROPPED.iter().any(|d| r.is(d)) {
                continue;
            }
            if pkg.find(&r.target).is_none() {
                return Err(format!("part {} is missing (named by {name})", r.target));
            }
            if seen.insert(r.target.clone()) {
                queue.push(r.target.clone());
            }
        }
        let rels_part = rels_name(&name);
        let rels = match pkg.find(&rels_part) {
            Some(stored) => {
                let stored = stored.to_string();
                let xml = pkg.read(&stored, Some(&name)).map_err(|e| e.to_string())?;
                Some((rels_part, Arc::from(drop_rels(&xml, &rels))))
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
    Ok(out)
}

fn rels_name(part: &str) -> String {
    match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}

/// The relationships part as written, except relationships to dropped parts (a master never
/// has them; a part that did would otherwise point at nothing).
fn drop_rels(xml: &[u8], rels: &[specrender_opc::Rel]) -> Vec<u8> {
    let dropped: Vec<&str> = rels
        .iter()
        .filter(|r| !r.external && DROPPED.iter().any(|d| r.is(d)))
        .map(|r| r.id.as_str())
        .collect();
    if dropped.is_empty() {
        return xml.to_vec();
    }
    let mut s = String::from_utf8_lossy(xml).into_owned();
    for id in dropped {
        let key = format!("Id=\"{id}\"");
        if let Some(at) = s.find(&key) {
            let start = s[..at].rfind("<Relationship ").unwrap_or(at);
            let end = s[at..].find("/>").map(|e| at + e + 2).unwrap_or(at);
            s.replace_range(start..end, "");
        }
    }
    s.into_bytes()
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
