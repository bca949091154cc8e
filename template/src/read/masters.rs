//! A master (its layouts' relationship ids, colour map and `p:txStyles`, read one event at a
//! time) and each of its layouts (name, type, `showMasterSp`), with their shapes.

use super::shapes::{check_shapes_in_all, shapes};
use super::theme::read_theme;
use crate::model::*;
use crate::paint::{self, BulletColor, Capture, Fill, Node};
use crate::TemplateError;
use specrender_opc::xml::{attr, attr_i64, attr_ns, walk};
use specrender_opc::{Package, PackageError, Rel};

/// At most this many layouts are read (real templates: 11-60).
const MAX_LAYOUTS: usize = 1024;

/// The error for a part that lists more than `max` of `what`.
pub(super) fn too_many(part: &str, what: &str, max: usize) -> TemplateError {
    PackageError::Xml {
        part: part.to_string(),
        message: format!("more than {max} {what}"),
    }
    .into()
}

/// The internal relationship `id` of `part` (`rels`), or the error naming it.
pub(super) fn target<'r>(rels: &'r [Rel], id: &str, part: &str) -> Result<&'r Rel, TemplateError> {
    rels.iter()
        .find(|r| r.id == id && !r.external)
        .ok_or_else(|| {
            PackageError::Xml {
                part: part.to_string(),
                message: format!("relationship {id} is not defined"),
            }
            .into()
        })
}

/// Reads master `part` and its layouts into `t`; `kept` counts the custom-geometry path
/// commands the template holds ([`crate::geom::MAX_CMDS`]).
pub(super) fn read_master(
    pkg: &Package,
    part: &str,
    from: &str,
    id: Option<u32>,
    t: &mut Template,
    kept: &mut usize,
) -> Result<(), TemplateError> {
    if t.masters.iter().any(|m| m.part == part) {
        return Ok(()); // listed twice
    }
    let xml = pkg.read_xml(part, Some(from))?;
    let rels = pkg.rels(part)?;
    let mut tree = shapes(part, &xml)?;
    tree.resolve_blips(&rels);
    check_shapes_in_all(t, &tree, part)?;
    crate::geom::attach(part, &xml, &mut tree.decorations, kept);
    t.clamped.extend(tree.clamped.iter().cloned());
    let mut m = MasterRead::default();
    walk(part, &xml, |name, e, end| {
        m.event(name, e, end);
        Ok(())
    })?;
    let theme = match rels.iter().find(|r| !r.external && r.is("theme")) {
        Some(r) => {
            if let Some(i) = t.themes.iter().position(|th| th.part == r.target) {
                Some(i)
            } else {
                t.themes.push(read_theme(pkg, &r.target, part)?);
                Some(t.themes.len() - 1)
            }
        }
        None => None,
    };
    let master = t.masters.len();
    t.masters.push(Master {
        part: part.to_string(),
        id,
        placeholders: tree.placeholders,
        decorations: tree.decorations,
        text_styles: m.styles,
        color_map: m.color_map,
        theme,
        background: tree.background,
    });
    for id in &m.layout_ids {
        let rel = target(&rels, id, part)?;
        if t.layouts.len() >= MAX_LAYOUTS {
            return Err(too_many(part, "layouts", MAX_LAYOUTS));
        }
        if t.layouts.iter().any(|l| l.part == rel.target) {
            continue;
        }
        read_layout(pkg, &rel.target, part, master, t, kept)?;
    }
    Ok(())
}

/// What a master's own elements say: its layouts' relationship ids, its colour map and its
/// `p:txStyles`, read one event at a time.
#[derive(Default)]
struct MasterRead {
    layout_ids: Vec<String>,
    color_map: Vec<(String, String)>,
    styles: TextStyles,
    /// The text style being read: 0 title, 1 body, 2 other.
    which: Option<u8>,
    /// The level of it being read.
    level: Option<usize>,
    /// The subtree being captured, and whether it is `a:buClr` (else `a:defRPr`).
    capture: Option<(Capture, bool)>,
}

impl MasterRead {
    /// One start (`end` false) or end event of the master's XML.
    fn event(&mut self, name: &[u8], e: &specrender_opc::xml::BytesStart<'_>, end: bool) {
        if let Some((cap, bullet)) = self.capture.as_mut() {
            if let Some(n) = cap.event(name, e, end) {
                let bullet = *bullet;
                self.captured(&n, bullet);
                self.capture = None;
            }
        }
        match (name, end) {
            (b"sldLayoutId", false) => {
                if let Some(id) = attr_ns(e, "id") {
                    self.layout_ids.push(id);
                }
            }
            (b"clrMap", false) => {
                for a in e.attributes().flatten() {
                    if let Ok(v) = a.normalized_value(specrender_opc::xml::XML_1_0) {
                        self.color_map.push((
                            String::from_utf8_lossy(a.key.local_name().into_inner().as_bytes())
                                .into_owned(),
                            v.into_owned(),
                        ));
                    }
                }
            }
            (b"titleStyle", false) => self.which = Some(0),
            (b"bodyStyle", false) => self.which = Some(1),
            (b"otherStyle", false) => self.which = Some(2),
            (b"titleStyle" | b"bodyStyle" | b"otherStyle", true) => self.which = None,
            (n, false) if self.which.is_some() && lvl(n).is_some() => {
                self.open_level(lvl(n).unwrap_or(0), e)
            }
            (n, true) if lvl(n).is_some() => self.level = None,
            _ => self.level_prop(name, e, end),
        }
    }

    /// A captured `a:defRPr` (its fill: the level's colour) or `a:buClr` (the bullet's).
    fn captured(&mut self, n: &Node, bullet: bool) {
        let Some(i) = self.level else {
            return;
        };
        let v = &mut style_vec(&mut self.styles, self.which)[i];
        if bullet {
            if let Some(c) = paint::color_in(n) {
                v.bullet_color = Some(BulletColor::Color(c));
            }
        } else if let Some(Fill::Solid(c)) = paint::fill_in(n) {
            v.color = Some(c);
        }
    }

    /// Opens level `i` (`a:lvlNpPr`) of the text style being read.
    fn open_level(&mut self, i: usize, e: &specrender_opc::xml::BytesStart<'_>) {
        self.level = Some(i);
        let v = style_vec(&mut self.styles, self.which);
        if v.len() <= i {
            v.resize(i + 1, LevelStyle::default());
        }
        v[i].mar_l = attr_i64(e, "marL");
        v[i].indent = attr_i64(e, "indent");
        v[i].align = attr(e, "algn");
    }

    /// What an open level holds: its run properties (size; colour captured), bullet colour,
    /// Latin typeface and bullet character.
    fn level_prop(&mut self, name: &[u8], e: &specrender_opc::xml::BytesStart<'_>, end: bool) {
        if end {
            return;
        }
        match name {
            b"defRPr" => {
                if let Some(i) = self.level {
                    style_vec(&mut self.styles, self.which)[i].size_hundredths_pt =
                        attr_i64(e, "sz").and_then(|s| u32::try_from(s).ok());
                    self.capture = Some((Capture::start(name, e), false));
                }
            }
            b"buClr" if self.level.is_some() => {
                self.capture = Some((Capture::start(name, e), true));
            }
            b"buClrTx" => {
                if let Some(i) = self.level {
                    style_vec(&mut self.styles, self.which)[i].bullet_color =
                        Some(BulletColor::Text);
                }
            }
            b"latin" => {
                if let Some(i) = self.level {
                    style_vec(&mut self.styles, self.which)[i].latin = attr(e, "typeface");
                }
            }
            b"buChar" => {
                if let Some(i) = self.level {
                    style_vec(&mut self.styles, self.which)[i].bullet = attr(e, "char");
                }
            }
            _ => {}
        }
    }
}

/// Reads layout `part` (of master number `master`, named by `from`) into `t`.
fn read_layout(
    pkg: &Package,
    part: &str,
    from: &str,
    master: usize,
    t: &mut Template,
    kept: &mut usize,
) -> Result<(), TemplateError> {
    let xml = pkg.read_xml(part, Some(from))?;
    let mut tree = shapes(part, &xml)?;
    tree.resolve_blips(&pkg.rels(part)?);
    check_shapes_in_all(t, &tree, part)?;
    crate::geom::attach(part, &xml, &mut tree.decorations, kept);
    t.clamped.extend(tree.clamped.iter().cloned());
    let (mut name, mut ty, mut show) = (String::new(), "cust".to_string(), true);
    walk(part, &xml, |n, e, end| {
        if !end {
            match n {
                b"sldLayout" => {
                    if let Some(v) = attr(e, "type") {
                        ty = v;
                    }
                    show = attr(e, "showMasterSp").is_none_or(|v| v != "0" && v != "false");
                }
                b"cSld" => name = attr(e, "name").unwrap_or_default(),
                _ => {}
            }
        }
        Ok(())
    })?;
    t.layouts.push(Layout {
        part: part.to_string(),
        name,
        ty,
        master,
        placeholders: tree.placeholders,
        decorations: tree.decorations,
        show_master_shapes: show,
        background: tree.background,
    });
    Ok(())
}

fn lvl(name: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(name).ok()?;
    let n: usize = s.strip_prefix("lvl")?.strip_suffix("pPr")?.parse().ok()?;
    (1..=9).contains(&n).then(|| n - 1)
}

fn style_vec(s: &mut TextStyles, which: Option<u8>) -> &mut Vec<LevelStyle> {
    match which {
        Some(0) => &mut s.title,
        Some(1) => &mut s.body,
        _ => &mut s.other,
    }
}
