//! The package walk: `_rels/.rels` -> the main document part (by its content type) -> the
//! styles, numbering, theme and settings it names, its body, and the header and footer parts
//! its last section names with everything they reach (carried, under the carry policy).

use super::body::read_body;
use super::furniture::read_furniture;
use super::numbering::read_numbering;
use super::props::on;
use super::styles::read_styles;
use super::DocTemplate;
use crate::TemplateError;
use specrender_opc::xml::walk;
use specrender_opc::{Limits, Package, PackageError};
use std::sync::Arc;

impl DocTemplate {
    /// Parses a .docx / .dotx from its bytes, under the default limits.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<DocTemplate, TemplateError> {
        read(bytes, Limits::default())
    }

    /// [`DocTemplate::from_bytes`] under `limits` (`specrender check` reads foreign files
    /// under the caller's).
    pub fn from_bytes_with(bytes: Vec<u8>, limits: Limits) -> Result<DocTemplate, TemplateError> {
        read(bytes, limits)
    }
}

const MAIN_TYPES: &[(&str, &str)] = &[
    (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        "docx",
    ),
    (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
        "dotx",
    ),
    (
        "application/vnd.ms-word.document.macroEnabled.main+xml",
        "docm",
    ),
    (
        "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
        "dotm",
    ),
];

pub(super) fn read(bytes: Vec<u8>, limits: Limits) -> Result<DocTemplate, TemplateError> {
    let pkg = Package::open(bytes, limits)?;
    let (doc_part, kind) = crate::read::main_part(&pkg, MAIN_TYPES, TemplateError::NotADocument)?;
    let rels = pkg.rels(&doc_part)?;
    let find = |name: &str| rels.iter().find(|r| !r.external && r.is(name));
    let mut t = DocTemplate {
        kind,
        ..DocTemplate::default()
    };
    if let Some(r) = find("styles") {
        let xml = pkg.read_xml(&r.target, Some(&doc_part))?;
        read_styles(&r.target, &xml, &mut t)?;
        t.styles_part = Some((r.target.clone(), Arc::from(xml)));
    } else {
        t.warnings
            .push("the template has no styles part: every style is specrender's".into());
    }
    if let Some(r) = find("numbering") {
        let xml = pkg.read_xml(&r.target, Some(&doc_part))?;
        read_numbering(&r.target, &xml, &mut t)?;
        t.numbering_part = Some((r.target.clone(), Arc::from(xml)));
    }
    if let Some(r) = find("theme") {
        t.theme = Some(crate::read::read_theme(&pkg, &r.target, &doc_part)?);
        t.theme_part = Some(r.target.clone());
    }
    if let Some(r) = find("settings") {
        let xml = pkg.read_xml(&r.target, Some(&doc_part))?;
        walk(&r.target, &xml, |name, e, end| {
            if !end && name == b"evenAndOddHeaders" {
                t.even_and_odd_headers = on(e);
            }
            Ok(())
        })?;
    }
    let xml = pkg.read_xml(&doc_part, Some("_rels/.rels"))?;
    read_body(&doc_part, &xml, &rels, &mut t)?;
    let mut roots: Vec<String> = t.theme_part.iter().cloned().collect();
    roots.extend(
        t.section
            .headers
            .iter()
            .chain(&t.section.footers)
            .map(|(_, p)| p.clone()),
    );
    // Headers, footers and the theme are carried as roots whatever their content types, but
    // readers pick a part's class by its type (python-docx read a header typed as a slide as
    // a plain part and failed): each must have its own.
    let typed = |list: &[(String, String)], ty: &'static str, what: &'static str| {
        list.iter()
            .map(move |(_, p)| (p.clone(), ty, what))
            .collect::<Vec<_>>()
    };
    let mut expected = typed(&t.section.headers, "wordprocessingml.header+xml", "header");
    expected.extend(typed(
        &t.section.footers,
        "wordprocessingml.footer+xml",
        "footer",
    ));
    expected.extend(
        t.theme_part
            .iter()
            .map(|p| (p.clone(), "officedocument.theme+xml", "theme")),
    );
    for (part, ty, what) in expected {
        let ct = pkg.content_type(&part).unwrap_or("not declared");
        if !ct.trim().to_ascii_lowercase().ends_with(ty) {
            return Err(PackageError::Xml {
                part,
                message: format!("is the document's {what}, but its content type is {ct}"),
            }
            .into());
        }
    }
    let (carried, dropped) = crate::carry::walk_parts(&pkg, roots, crate::carry::DOC_WRITES)?;
    t.carried = Arc::new(carried);
    t.dropped = dropped;
    let parts: Vec<String> = t
        .section
        .headers
        .iter()
        .chain(&t.section.footers)
        .map(|(_, p)| p.clone())
        .collect();
    for part in parts {
        if t.furniture.iter().any(|(p, _)| *p == part) {
            continue;
        }
        let Some(c) = t.carried.iter().find(|c| c.name == part) else {
            continue;
        };
        let paras = read_furniture(&part, &c.bytes)?;
        t.furniture.push((part, paras));
    }
    Ok(t)
}
