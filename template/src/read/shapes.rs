//! The top-level shapes of a master's or layout's `p:spTree`: placeholders (type, index,
//! geometry, body properties, level-1 colours) and decorations (kind, fill, geometry), the
//! `p:cSld/p:bg` background, and the bounds on how many are read and where they may lie.

use crate::model::*;
use crate::paint::{self, BulletColor, Capture, Fill, Node};
use crate::TemplateError;
use specrender_opc::xml::{attr, attr_i64, walk};
use specrender_opc::{PackageError, Rel};

/// Shapes read per master or layout.
const MAX_SHAPES: usize = 2000;
/// Shapes read in all masters and layouts together: 1,024 layouts of 2,000 shapes each held
/// about 2 GiB in `template inspect` (issue 38); real templates have a few hundred.
const MAX_SHAPES_IN_ALL: usize = 20_000;

/// Refuses a template whose masters and layouts, with `tree` (read from `part`), hold more
/// than [`MAX_SHAPES_IN_ALL`] shapes.
pub(super) fn check_shapes_in_all(
    t: &Template,
    tree: &Tree,
    part: &str,
) -> Result<(), TemplateError> {
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

/// What a master's or layout's shape tree holds.
pub(super) struct Tree {
    pub(super) placeholders: Vec<Placeholder>,
    pub(super) decorations: Vec<Decoration>,
    /// `p:cSld/p:bg`.
    pub(super) background: Option<Fill>,
    /// Shapes whose geometry was past what OOXML stores ([`clamp_offset`], [`clamp_extent`]).
    pub(super) clamped: Vec<String>,
}

impl Tree {
    /// Every picture fill's relationship resolved to the part it names through the part's
    /// relationships `rels` (an external or missing one names none).
    pub(super) fn resolve_blips(&mut self, rels: &[Rel]) {
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
pub(super) fn shapes(part: &str, xml: &[u8]) -> Result<Tree, TemplateError> {
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
