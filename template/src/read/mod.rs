//! Reading a template at the package level: `_rels/.rels` -> the presentation part (by
//! relationship type, whatever its name; a .potx's `template.main+xml` as well as a .pptx's),
//! -> its masters in `p:sldMasterIdLst` order -> each master's layouts in `p:sldLayoutIdLst`
//! order and its theme. Example slides are counted, never read.
//!
//! Rooms: `masters` (each master with its colour map, text styles and layouts), `shapes` (a
//! master's or layout's `p:spTree`: placeholders, decorations, background; geometry clamped
//! to what OOXML stores), `theme` (colours, fonts, fill styles); here, the package walk and
//! what is resolved once all is read (layout placeholders' geometry, the warnings).

mod masters;
mod shapes;
mod theme;

use crate::model::*;
use crate::TemplateError;
use masters::{read_master, target, too_many};
use specrender_opc::xml::{attr_i64, attr_ns, walk};
use specrender_opc::{Limits, Package, PackageError};

pub use theme::read_theme;

const MAIN_TYPES: &[(&str, &str)] = &[
    (
        "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        "pptx",
    ),
    (
        "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
        "potx",
    ),
    (
        "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
        "ppsx",
    ),
    (
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
        "pptm",
    ),
    (
        "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
        "potm",
    ),
];

/// At most this many masters are read (real templates: 1-5; layouts: `masters.rs`).
const MAX_MASTERS: usize = 64;

/// The package's main part (`_rels/.rels`' officeDocument) and its kind: the extension
/// `types` gives its content type. `not_it` makes the error for a package of another kind.
pub(crate) fn main_part(
    pkg: &Package,
    types: &[(&str, &str)],
    not_it: fn(String) -> TemplateError,
) -> Result<(String, String), TemplateError> {
    let root = pkg.rels("")?;
    let main = root
        .iter()
        .find(|r| !r.external && r.is("officeDocument"))
        .ok_or_else(|| not_it("_rels/.rels names no officeDocument part".into()))?;
    let ct = pkg.content_type(&main.target).unwrap_or("");
    let kind = types
        .iter()
        .find(|(t, _)| *t == ct)
        .map(|(_, k)| k.to_string())
        .ok_or_else(|| {
            not_it(format!(
                "the main part {} is {}",
                main.target,
                if ct.is_empty() {
                    "of no declared content type"
                } else {
                    ct
                }
            ))
        })?;
    Ok((main.target.clone(), kind))
}

pub(crate) fn read(bytes: Vec<u8>, limits: Limits) -> Result<Template, TemplateError> {
    let keep = std::sync::Arc::new(bytes.clone());
    let pkg = Package::open(bytes, limits)?;
    let (pres_part, kind) = main_part(&pkg, MAIN_TYPES, TemplateError::NotAPresentation)?;
    let pres_rels = pkg.rels(&pres_part)?;
    let xml = pkg.read_xml(&pres_part, Some("_rels/.rels"))?;
    let (mut master_ids, mut slide_count, mut size) = (Vec::new(), 0usize, None);
    walk(&pres_part, &xml, |name, e, end| {
        if end {
            return Ok(());
        }
        match name {
            b"sldMasterId" => {
                if let Some(rid) = attr_ns(e, "id") {
                    let id = attr_i64(e, "id").and_then(|i| u32::try_from(i).ok());
                    master_ids.push((rid, id));
                }
            }
            b"sldId" => slide_count += 1,
            b"sldSz" => size = attr_i64(e, "cx").zip(attr_i64(e, "cy")),
            _ => {}
        }
        Ok(())
    })?;
    let (cx, cy) = size.ok_or_else(|| PackageError::Xml {
        part: pres_part.clone(),
        message: "p:sldSz is missing".into(),
    })?;
    let side = |v: i64| v.clamp(*SLIDE_SIDE.start(), *SLIDE_SIDE.end());
    let slide_size = (side(cx), side(cy));
    let mut clamped = Vec::new();
    if slide_size != (cx, cy) {
        clamped.push(format!(
            "{pres_part}: the slide size {cx} x {cy} EMU is outside the 1-56 in PowerPoint takes; clamped to {} x {} EMU",
            slide_size.0, slide_size.1
        ));
    }
    if master_ids.len() > MAX_MASTERS {
        return Err(too_many(&pres_part, "masters", MAX_MASTERS));
    }
    let mut t = Template {
        kind,
        slide_size,
        masters: Vec::new(),
        layouts: Vec::new(),
        themes: Vec::new(),
        example_slides: slide_count,
        warnings: Vec::new(),
        bytes: keep,
        carried: Default::default(),
        dropped: Vec::new(),
        clamped,
        brand: None,
        pictures: Default::default(),
    };
    let mut kept = 0;
    for (rid, id) in &master_ids {
        let rel = target(&pres_rels, rid, &pres_part)?;
        read_master(&pkg, &rel.target, &pres_part, *id, &mut t, &mut kept)?;
    }
    if t.masters.is_empty() {
        return Err(TemplateError::NotAPresentation(format!(
            "{pres_part} lists no slide master"
        )));
    }
    // A slide is always written on a layout: a master without one is no deck template.
    if t.layouts.is_empty() {
        return Err(PackageError::Xml {
            part: t.masters[0].part.clone(),
            message: "lists no slide layout (a slide is always written on one)".into(),
        }
        .into());
    }
    let roots = t.masters.iter().map(|m| m.part.clone()).collect();
    let (carried, dropped) = crate::carry::walk_parts(&pkg, roots, crate::carry::DECK_WRITES)?;
    // Every master and layout a deck may be written on is carried: one the carry policy
    // dropped (a layout part of another content type) refuses the template, so a template
    // that reads writes. A master is carried as a root whatever its content type, but readers
    // find parts by their types (python-pptx reads a layout's master through it): a master of
    // another type refuses the template too.
    const PML: &str = "application/vnd.openxmlformats-officedocument.presentationml.";
    let listed = t
        .masters
        .iter()
        .map(|m| (&m.part, "slide master", "slideMaster+xml"));
    let layouts = t
        .layouts
        .iter()
        .map(|l| (&l.part, "slide layout", "slideLayout+xml"));
    let themes = t.themes.iter().map(|th| (&th.part, "master's theme", ""));
    for (part, what, ty) in listed.chain(layouts).chain(themes) {
        let wrong_type = !ty.is_empty()
            && pkg
                .content_type(part)
                .is_none_or(|c| c.strip_prefix(PML) != Some(ty));
        if wrong_type || !carried.iter().any(|c| &c.name == part) {
            let ct = pkg.content_type(part).unwrap_or("not declared");
            return Err(PackageError::Xml {
                part: part.clone(),
                message: if wrong_type {
                    format!("is a {what} of the template, but its content type is {ct}")
                } else {
                    format!("is a {what} of the template, but is not carried (its content type is {ct})")
                },
            }
            .into());
        }
    }
    t.carried = std::sync::Arc::new(carried);
    t.dropped = dropped;
    resolve_geometry(&mut t);
    warnings(&mut t);
    Ok(t)
}

/// The slide sizes PowerPoint accepts (`p:sldSz`): 1 to 56 in on each side.
pub const SLIDE_SIDE: std::ops::RangeInclusive<i64> = 914_400..=51_206_400;

/// Layout placeholders without their own `a:xfrm` take the master's (matched by `idx` and
/// class, then by class), and every placeholder's `bodyPr` inherits the master's.
fn resolve_geometry(t: &mut Template) {
    for l in &mut t.layouts {
        let master = &t.masters[l.master];
        for p in &mut l.placeholders {
            let class = p.class();
            let compatible = |m: &&Placeholder| {
                let mc = m.class();
                mc == class
                    || (mc == "body" && !matches!(class, "title" | "footer"))
                    || (m.ty == p.ty)
            };
            let by_type = |m: &&Placeholder| match class {
                "footer" => m.ty == p.ty,
                "title" => m.class() == "title",
                _ => m.class() == "body",
            };
            let from = master
                .placeholders
                .iter()
                .find(|m| p.idx.is_some() && m.idx == p.idx && compatible(m))
                .or_else(|| master.placeholders.iter().find(by_type));
            if let Some(m) = from {
                if p.rect.is_none() && m.rect.is_some() {
                    p.rect = m.rect;
                    p.inherited = true;
                }
                p.body.inherit(&m.body);
            }
        }
    }
}

fn warnings(t: &mut Template) {
    let mut w = Vec::new();
    if t.example_slides > 0 {
        w.push(format!(
            "{} example slide(s) in the template are dropped when a deck is rendered on it",
            t.example_slides
        ));
    }
    for m in &t.masters {
        if !m.placeholders.iter().any(|p| p.class() == "title") {
            w.push(format!("master {} has no title placeholder", m.part));
        }
        if m.theme.is_none() {
            w.push(format!("master {} has no theme", m.part));
        }
    }
    for l in &t.layouts {
        for p in &l.placeholders {
            if p.rect.is_none() {
                w.push(format!(
                    "layout \"{}\": placeholder \"{}\" ({}) has no geometry, nor has its master's",
                    l.name, p.name, p.ty
                ));
            }
        }
    }
    if !t.layouts.iter().any(|l| l.count("body") > 0) {
        w.push("no layout has a body placeholder: content is placed by our own rules".into());
    }
    t.warnings = w;
}
