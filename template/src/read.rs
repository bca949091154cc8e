//! Reading a template at the package level: `_rels/.rels` -> the presentation part (by
//! relationship type, whatever its name; a .potx's `template.main+xml` as well as a .pptx's),
//! -> its masters in `p:sldMasterIdLst` order -> each master's layouts in `p:sldLayoutIdLst`
//! order and its theme. Example slides are counted, never read.

use crate::model::*;
use crate::paint::{self, BulletColor, Capture, Fill, Node};
use crate::TemplateError;
use specrender_opc::xml::{attr, attr_i64, attr_ns, walk};
use specrender_opc::{Limits, Package, PackageError, Rel};

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

/// At most this many masters and layouts are read (real templates: 1-5 masters, 11-60 layouts).
const MAX_MASTERS: usize = 64;
const MAX_LAYOUTS: usize = 1024;
/// Shapes read per master or layout.
const MAX_SHAPES: usize = 2000;
/// Shapes read in all masters and layouts together: 1,024 layouts of 2,000 shapes each held
/// about 2 GiB in `template inspect` (issue 38); real templates have a few hundred.
const MAX_SHAPES_IN_ALL: usize = 20_000;

/// Refuses a template whose masters and layouts, with `tree` (read from `part`), hold more
/// than [`MAX_SHAPES_IN_ALL`] shapes.
fn check_shapes_in_all(t: &Template, tree: &Tree, part: &str) -> Result<(), TemplateError> {
    let held: usize = t
        .masters
        .iter()
        .map(|m| m.placeholders.len() + m.decorations.len())
        .chain(
            t.layouts
                .iter()
                .map(|l| l.placeholders.len() + l.decorations.len()),
        )
        .sum();
    if held + tree.placeholders.len() + tree.decorations.len() > MAX_SHAPES_IN_ALL {
        return Err(PackageError::Xml {
            part: part.to_string(),
            message: format!(
                "the masters and layouts hold more than {MAX_SHAPES_IN_ALL} shapes in all \
                 (real templates have a few hundred)"
            ),
        }
        .into());
    }
    Ok(())
}

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

fn too_many(part: &str, what: &str, max: usize) -> TemplateError {
    PackageError::Xml {
        part: part.to_string(),
        message: format!("more than {max} {what}"),
    }
    .into()
}

fn target<'r>(rels: &'r [Rel], id: &str, part: &str) -> Result<&'r Rel, TemplateError> {
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
fn read_master(
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

struct Tree {
    placeholders: Vec<Placeholder>,
    decorations: Vec<Decoration>,
    /// `p:cSld/p:bg`.
    background: Option<Fill>,
    /// Shapes whose geometry was past what OOXML stores ([`clamp_offset`], [`clamp_extent`]).
    clamped: Vec<String>,
}

impl Tree {
    /// Every picture fill's relationship resolved to the part it names through the part's
    /// relationships `rels` (an external or missing one names none).
    fn resolve_blips(&mut self, rels: &[Rel]) {
        let fills = self
            .decorations
            .iter_mut()
            .map(|d| &mut d.fill)
            .chain(self.background.as_mut());
        for f in fills {
            if let Fill::Picture(b) = f {
                b.target = rels
                    .iter()
                    .find(|r| r.id == b.rel && !r.external)
                    .map(|r| r.target.clone());
            }
        }
    }
}

/// The largest offset magnitude OOXML stores (`ST_Coordinate`): 27,273,042,316,900 EMU (as
/// `specrender_spec::resolve::MAX_COORDINATE`).
pub const MAX_COORDINATE: i64 = 27_273_042_316_900;
/// The largest extent read: 2,147,483,647 EMU, what PowerPoint takes in an `a:ext` (as
/// `specrender_spec::resolve::MAX_EXTENT`; `ST_PositiveCoordinate` allows more, PowerPoint
/// refuses it).
pub const MAX_EXTENT: i64 = i32::MAX as i64;

/// An `a:off` coordinate within what OOXML stores.
fn clamp_offset(v: i64) -> i64 {
    v.clamp(-MAX_COORDINATE, MAX_COORDINATE)
}

/// An `a:ext` extent within 0 ..= [`MAX_EXTENT`].
fn clamp_extent(v: i64) -> i64 {
    v.clamp(0, MAX_EXTENT)
}

/// The slide sizes PowerPoint accepts (`p:sldSz`): 1 to 56 in on each side.
pub const SLIDE_SIDE: std::ops::RangeInclusive<i64> = 914_400..=51_206_400;

/// Which subtree a [`Capture`] is collecting.
#[derive(Clone, Copy)]
enum Sub {
    Background,
    SpPr,
    Style,
    /// A placeholder's `a:lstStyle/a:lvl1pPr/a:defRPr`.
    Level1,
    /// A placeholder's `a:lstStyle/a:lvl1pPr/a:buClr`.
    Bullet1,
    /// A `p:pic`'s `p:blipFill`.
    BlipFill,
}

/// A top-level shape of a `p:spTree` being read.
struct ShapeCur {
    kind: String,
    depth: usize,
    name: Option<String>,
    ph: Option<(String, Option<u32>)>,
    rect: Option<Rect>,
    in_xfrm: bool,
    xfrm_done: bool,
    body: BodyPr,
    in_body: bool,
    sp_pr: Option<Node>,
    style: Option<Node>,
    /// A `p:pic`'s `p:blipFill`.
    blip: Option<Node>,
    color: Option<paint::Color>,
    bullet_color: Option<BulletColor>,
    /// Its geometry was past what OOXML stores (clamped).
    clamped: bool,
}

/// [`shapes`]' state: the open elements, the shape being read, the subtree being captured
/// and what was read so far.
struct ShapesRead<'a> {
    part: &'a str,
    stack: Vec<Vec<u8>>,
    cur: Option<ShapeCur>,
    out: Tree,
    count: usize,
    capture: Option<(Capture, Sub)>,
}

/// The top-level shapes of a master's or layout's `p:spTree`: placeholders and decorations.
fn shapes(part: &str, xml: &[u8]) -> Result<Tree, TemplateError> {
    let mut r = ShapesRead {
        part,
        stack: Vec::new(),
        cur: None,
        out: Tree {
            placeholders: Vec::new(),
            decorations: Vec::new(),
            background: None,
            clamped: Vec::new(),
        },
        count: 0,
        capture: None,
    };
    walk(part, xml, |name, e, end| {
        if let Some((cap, into)) = r.capture.as_mut() {
            if let Some(n) = cap.event(name, e, end) {
                let into = *into;
                r.captured(into, n);
                r.capture = None;
            }
        } else if !end {
            r.open_capture(name, e);
        }
        if end {
            r.end(name);
            Ok(())
        } else {
            r.start(name, e)
        }
    })?;
    Ok(r.out)
}

impl ShapesRead<'_> {
    /// A captured subtree `n`, to where it was captured for.
    fn captured(&mut self, into: Sub, n: Node) {
        match (into, self.cur.as_mut()) {
            (Sub::Background, _) => self.out.background = paint::background(&n),
            (Sub::SpPr, Some(c)) => c.sp_pr = Some(n),
            (Sub::Style, Some(c)) => c.style = Some(n),
            (Sub::BlipFill, Some(c)) => c.blip = Some(n),
            (Sub::Level1, Some(c)) => {
                if let Some(Fill::Solid(col)) = paint::fill_in(&n) {
                    c.color = Some(col);
                }
            }
            (Sub::Bullet1, Some(c)) => {
                if let Some(col) = paint::color_in(&n) {
                    c.bullet_color = Some(BulletColor::Color(col));
                }
            }
            _ => {}
        }
    }

    /// Starts capturing the subtree `name` opens when it is one read whole: the background,
    /// the shape's `p:spPr` or `p:style`, a placeholder's level-1 run properties or bullet
    /// colour (`a:buClrTx` is noted at once).
    fn open_capture(&mut self, name: &[u8], e: &specrender_opc::xml::BytesStart<'_>) {
        let stack = &self.stack;
        let in_level1 = self.cur.as_ref().is_some_and(|c| c.ph.is_some())
            && stack.len() >= 2
            && stack[stack.len() - 1] == b"lvl1pPr"
            && stack[stack.len() - 2] == b"lstStyle";
        if in_level1 && name == b"buClrTx" {
            if let Some(c) = self.cur.as_mut() {
                c.bullet_color = Some(BulletColor::Text);
            }
        }
        let stack = &self.stack;
        let into = if name == b"bg" && stack.last().is_some_and(|p| p == b"cSld") {
            Some(Sub::Background)
        } else if in_level1 && name == b"defRPr" {
            Some(Sub::Level1)
        } else if in_level1 && name == b"buClr" {
            Some(Sub::Bullet1)
        } else if self
            .cur
            .as_ref()
            .is_some_and(|c| c.depth + 1 == stack.len())
        {
            match name {
                b"spPr" => Some(Sub::SpPr),
                b"style" => Some(Sub::Style),
                b"blipFill" => Some(Sub::BlipFill),
                _ => None,
            }
        } else {
            None
        };
        if let Some(into) = into {
            self.capture = Some((Capture::start(name, e), into));
        }
    }

    /// An end element: out of the shape's `a:xfrm` or `a:bodyPr`, or the shape closes.
    fn end(&mut self, name: &[u8]) {
        self.stack.pop();
        let depth = self.stack.len();
        if let Some(c) = self.cur.as_mut() {
            if name == b"xfrm" {
                c.in_xfrm = false;
                c.xfrm_done = c.xfrm_done || c.rect.is_some();
            }
            if name == b"bodyPr" {
                c.in_body = false;
            }
        }
        if self.cur.as_ref().is_some_and(|c| c.depth == depth) {
            let c = self.cur.take().expect("checked");
            self.close_shape(c);
        }
    }

    /// A closed shape: a placeholder, or a decoration when it has a place; a note when its
    /// geometry was clamped.
    fn close_shape(&mut self, c: ShapeCur) {
        let out = &mut self.out;
        if c.clamped && out.clamped.len() < 20 {
            out.clamped.push(format!(
                "{}: shape \"{}\" has geometry past what OOXML stores (offsets within ±{MAX_COORDINATE}, extents within 0-{MAX_EXTENT} EMU); it was clamped",
                self.part,
                crate::policy::safe_text(c.name.as_deref().unwrap_or(""))
            ));
        }
        match c.ph {
            Some((ty, idx)) => out.placeholders.push(Placeholder {
                ty,
                idx,
                name: c.name.unwrap_or_default(),
                rect: c.rect,
                inherited: false,
                body: c.body,
                color: c.color,
                bullet_color: c.bullet_color,
            }),
            None => {
                if let Some(rect) = c.rect {
                    let fill = match c.kind.as_str() {
                        "sp" => paint::shape_fill(c.sp_pr.as_ref(), c.style.as_ref()),
                        "cxnSp" => Fill::None,
                        "pic" => c
                            .blip
                            .as_ref()
                            .and_then(paint::fill_element)
                            .unwrap_or(Fill::Unknown),
                        _ => Fill::Unknown,
                    };
                    let (geometry, rot) = paint::geometry(c.sp_pr.as_ref());
                    out.decorations.push(Decoration {
                        name: c.name.unwrap_or_default(),
                        kind: c.kind,
                        rect,
                        fill,
                        geometry,
                        rot,
                        paths: None,
                    });
                }
            }
        }
    }

    /// A start element: a top-level shape opens (at most [`MAX_SHAPES`]), or a property of
    /// the open one.
    fn start(
        &mut self,
        name: &[u8],
        e: &specrender_opc::xml::BytesStart<'_>,
    ) -> Result<(), PackageError> {
        let parent_is_tree = self.stack.last().is_some_and(|p| p == b"spTree");
        let depth = self.stack.len();
        self.stack.push(name.to_vec());
        if self.cur.is_none()
            && parent_is_tree
            && matches!(name, b"sp" | b"pic" | b"grpSp" | b"cxnSp" | b"graphicFrame")
        {
            self.count += 1;
            if self.count > MAX_SHAPES {
                return Err(PackageError::Xml {
                    part: self.part.to_string(),
                    message: format!("more than {MAX_SHAPES} shapes"),
                });
            }
            self.cur = Some(ShapeCur {
                kind: String::from_utf8_lossy(name).into_owned(),
                depth,
                name: None,
                ph: None,
                rect: None,
                in_xfrm: false,
                xfrm_done: false,
                body: BodyPr::default(),
                in_body: false,
                sp_pr: None,
                style: None,
                blip: None,
                color: None,
                bullet_color: None,
                clamped: false,
            });
            return Ok(());
        }
        if let Some(c) = self.cur.as_mut() {
            shape_prop(c, name, e);
        }
        Ok(())
    }
}

/// A property of the shape being read: name, placeholder, `a:xfrm` (its first only; clamped
/// to what OOXML stores), `a:bodyPr` and its autofit.
fn shape_prop(c: &mut ShapeCur, name: &[u8], e: &specrender_opc::xml::BytesStart<'_>) {
    let origin = Rect {
        x: 0,
        y: 0,
        cx: 0,
        cy: 0,
    };
    match name {
        b"cNvPr" if c.name.is_none() => c.name = Some(attr(e, "name").unwrap_or_default()),
        b"ph" => {
            let ty = attr(e, "type").unwrap_or_else(|| "obj".into());
            let idx = attr_i64(e, "idx").and_then(|i| u32::try_from(i).ok());
            c.ph = Some((ty, idx));
        }
        b"xfrm" if !c.xfrm_done => c.in_xfrm = true,
        b"off" if c.in_xfrm => {
            let r = c.rect.get_or_insert(origin);
            let (x, y) = (attr_i64(e, "x").unwrap_or(0), attr_i64(e, "y").unwrap_or(0));
            r.x = clamp_offset(x);
            r.y = clamp_offset(y);
            if (r.x, r.y) != (x, y) {
                c.clamped = true;
            }
        }
        b"ext" if c.in_xfrm => {
            let r = c.rect.get_or_insert(origin);
            let (cx, cy) = (
                attr_i64(e, "cx").unwrap_or(0),
                attr_i64(e, "cy").unwrap_or(0),
            );
            r.cx = clamp_extent(cx);
            r.cy = clamp_extent(cy);
            if (r.cx, r.cy) != (cx, cy) {
                c.clamped = true;
            }
        }
        b"bodyPr" => {
            c.in_body = true;
            let ins = ["lIns", "tIns", "rIns", "bIns"].map(|k| attr_i64(e, k));
            if ins.iter().any(Option::is_some) {
                // Unset insets are the defaults: 0.1 in left/right, 0.05 in top/bottom.
                let d = [91_440, 45_720, 91_440, 45_720];
                c.body.insets = Some([0, 1, 2, 3].map(|i| ins[i].unwrap_or(d[i])));
            }
            c.body.anchor = attr(e, "anchor");
            c.body.wrap = attr(e, "wrap");
        }
        b"normAutofit" if c.in_body => c.body.autofit = Some("norm".into()),
        b"spAutoFit" if c.in_body => c.body.autofit = Some("shape".into()),
        b"noAutofit" if c.in_body => c.body.autofit = Some("none".into()),
        _ => {}
    }
}

/// A theme part (`a:theme`): its name, colour scheme, major and minor fonts (by script) and
/// fill styles. `from`: the part that names it, for the error when it is missing.
pub fn read_theme(pkg: &Package, part: &str, from: &str) -> Result<Theme, TemplateError> {
    let xml = pkg.read_xml(part, Some(from))?;
    let mut th = Theme {
        part: part.to_string(),
        ..Theme::default()
    };
    let mut in_colors = false;
    let mut color: Option<String> = None;
    let mut font: Option<bool> = None; // Some(true): major
    let mut capture: Option<Capture> = None;
    walk(part, &xml, |name, e, end| {
        if let Some(cap) = capture.as_mut() {
            if let Some(n) = cap.event(name, e, end) {
                if n.name == "bgFillStyleLst" {
                    th.bg_fill_styles = paint::style_list(&n);
                } else {
                    th.fill_styles = paint::style_list(&n);
                }
                capture = None;
            }
            return Ok(());
        }
        if !end && matches!(name, b"fillStyleLst" | b"bgFillStyleLst") {
            capture = Some(Capture::start(name, e));
            return Ok(());
        }
        match (name, end) {
            (b"theme", false) => th.name = attr(e, "name").unwrap_or_default(),
            (b"clrScheme", false) => in_colors = true,
            (b"clrScheme", true) => in_colors = false,
            (b"srgbClr" | b"sysClr", false) if in_colors => {
                if let Some(c) = color.take() {
                    let v = attr(e, "lastClr")
                        .or_else(|| attr(e, "val"))
                        .unwrap_or_default();
                    th.colors.push((c, v.to_ascii_uppercase()));
                }
            }
            (n, false) if in_colors && n != b"clrScheme" => {
                color = Some(String::from_utf8_lossy(n).into_owned());
            }
            (b"majorFont", false) => font = Some(true),
            (b"minorFont", false) => font = Some(false),
            (b"majorFont" | b"minorFont", true) => font = None,
            (b"latin" | b"ea" | b"cs" | b"font", false) if font.is_some() => {
                let set = if font == Some(true) {
                    &mut th.major
                } else {
                    &mut th.minor
                };
                let face = attr(e, "typeface").unwrap_or_default();
                match name {
                    b"latin" => set.latin = face,
                    b"ea" => set.ea = face,
                    b"cs" => set.cs = face,
                    _ => {
                        if let Some(s) = attr(e, "script") {
                            set.scripts.push((s, face));
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(th)
}

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
