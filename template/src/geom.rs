//! A decoration's custom geometry (`a:custGeom`), read with the master or layout part that
//! has it (LibreOffice "Focus" draws its masters' coloured triangles with it). Paths whose
//! points are all numbers (`moveTo`, `lnTo`, `quadBezTo`, `cubicBezTo`, `close`) are kept on
//! the decoration ([`crate::Decoration::paths`]); a path with a guide name or an `arcTo` is
//! not, and the decoration has none (the preview draws an outline and a note).

use specrender_opc::xml::{attr, attr_i64, walk};
use std::sync::Arc;

/// One `a:path` and its commands: the model's types.
pub use specrender_model::look::{Path as CustPath, PathCmd as Cmd};

/// A top-level shape of a part with a custom geometry: its name, its `a:xfrm` rectangle
/// (x, y, cx, cy) and its paths (`None` when one could not be read).
pub(crate) type Shapes = Vec<(String, [i64; 4], Option<Arc<[CustPath]>>)>;

/// Gives each `custGeom` decoration of `decorations` (read from `part`, whose XML is `xml`)
/// the paths of the first custom-geometry shape of the same name and `a:xfrm`; `kept`
/// counts the commands the template holds so far ([`MAX_CMDS`]).
pub(crate) fn attach(
    part: &str,
    xml: &[u8],
    decorations: &mut [crate::Decoration],
    kept: &mut usize,
) {
    if !decorations.iter().any(|d| d.geometry == "custGeom") {
        return;
    }
    let shapes = parse(part, xml, kept);
    for d in decorations.iter_mut().filter(|d| d.geometry == "custGeom") {
        let key = [d.rect.x, d.rect.y, d.rect.cx, d.rect.cy];
        d.paths = shapes
            .iter()
            .find(|(n, r, _)| *n == d.name && *r == key)
            .and_then(|(_, _, p)| p.clone());
    }
}

/// Path commands a template keeps: a shape whose commands would take the template past it is
/// not read (an outline and a note, as a guide name), so a template of millions of points
/// holds at most this many (56 bytes each) for as long as it is cached (issue 38).
pub const MAX_CMDS: usize = 100_000;

/// A top-level `p:sp` being read for its custom geometry.
struct GeomCur {
    depth: usize,
    name: String,
    off: Option<(i64, i64)>,
    ext: Option<(i64, i64)>,
    in_xfrm: bool,
    geom: bool,
    ok: bool,
    paths: Vec<CustPath>,
    /// The command being read and the points it has so far.
    cmd: Option<(Vec<u8>, Vec<i64>)>,
}

/// The custom-geometry shapes of a master or layout part's XML.
pub(crate) fn parse(part: &str, xml: &[u8], kept: &mut usize) -> Shapes {
    let mut out = Vec::new();
    let mut stack: Vec<Vec<u8>> = Vec::new();
    let mut cur: Option<GeomCur> = None;
    let _ = walk(part, xml, |name, e, end| {
        if end {
            stack.pop();
            let depth = stack.len();
            if let Some(c) = cur.as_mut() {
                match name {
                    b"xfrm" => c.in_xfrm = false,
                    b"moveTo" | b"lnTo" | b"quadBezTo" | b"cubicBezTo" => end_cmd(c, kept),
                    _ => {}
                }
                if c.depth == depth {
                    let c = cur.take().expect("checked");
                    if c.geom {
                        if let (Some((x, y)), Some((cx, cy))) = (c.off, c.ext) {
                            let paths = (c.ok && !c.paths.is_empty()).then(|| Arc::from(c.paths));
                            out.push((c.name, [x, y, cx, cy], paths));
                        }
                    }
                }
            }
            return Ok(());
        }
        let parent_is_tree = stack.last().is_some_and(|p| p == b"spTree");
        let depth = stack.len();
        stack.push(name.to_vec());
        match cur.as_mut() {
            Some(c) => geom_prop(c, name, e, kept),
            None if parent_is_tree && name == b"sp" => {
                cur = Some(GeomCur {
                    depth,
                    name: String::new(),
                    off: None,
                    ext: None,
                    in_xfrm: false,
                    geom: false,
                    ok: true,
                    paths: Vec::new(),
                    cmd: None,
                });
            }
            None => {}
        }
        Ok(())
    });
    out
}

/// The end of a path command: kept in the current path when its points make one and the
/// template's [`MAX_CMDS`] allow it (else the shape's paths are not kept).
fn end_cmd(c: &mut GeomCur, kept: &mut usize) {
    let (Some((cmd, pts)), Some(p)) = (c.cmd.take(), c.paths.last_mut()) else {
        return;
    };
    let ok = match (cmd.as_slice(), pts.as_slice()) {
        (b"moveTo", [x, y]) => Some(Cmd::Move(*x, *y)),
        (b"lnTo", [x, y]) => Some(Cmd::Line(*x, *y)),
        (b"quadBezTo", [a, b, x, y]) => Some(Cmd::Quad([*a, *b, *x, *y])),
        (b"cubicBezTo", [a, b, d, e, x, y]) => Some(Cmd::Cubic([*a, *b, *d, *e, *x, *y])),
        _ => None,
    };
    match ok {
        Some(_) if *kept >= MAX_CMDS => {
            c.ok = false;
            p.cmds.clear();
        }
        Some(k) if c.ok => {
            *kept += 1;
            p.cmds.push(k);
        }
        Some(_) => {}
        None => c.ok = false,
    }
}

/// An element inside the shape: its name, its `a:xfrm` (flipped or turned: not drawn),
/// `a:custGeom` and its paths, commands and points (a guide name, an arc: not drawn).
fn geom_prop(
    c: &mut GeomCur,
    name: &[u8],
    e: &specrender_opc::xml::BytesStart<'_>,
    kept: &mut usize,
) {
    match name {
        b"cNvPr" if c.name.is_empty() => c.name = attr(e, "name").unwrap_or_default(),
        b"xfrm" if c.off.is_none() => {
            c.in_xfrm = true;
            // Flipped or turned: not drawn (the frame draws no transforms).
            let set = |k: &str| attr(e, k).is_some_and(|v| v == "1" || v == "true");
            if set("flipH") || set("flipV") || attr_i64(e, "rot").is_some_and(|r| r != 0) {
                c.ok = false;
            }
        }
        b"off" if c.in_xfrm => c.off = attr_i64(e, "x").zip(attr_i64(e, "y")),
        b"ext" if c.in_xfrm => c.ext = attr_i64(e, "cx").zip(attr_i64(e, "cy")),
        b"custGeom" => c.geom = true,
        b"path" if c.geom => c.paths.push(CustPath {
            w: attr_i64(e, "w").unwrap_or(0),
            h: attr_i64(e, "h").unwrap_or(0),
            cmds: Vec::new(),
        }),
        b"moveTo" | b"lnTo" | b"quadBezTo" | b"cubicBezTo" if c.geom => {
            c.cmd = Some((name.to_vec(), Vec::new()));
        }
        b"pt" if c.geom => match (c.cmd.as_mut(), attr_i64(e, "x"), attr_i64(e, "y")) {
            (Some((_, pts)), Some(x), Some(y)) => pts.extend([x, y]),
            // A guide name instead of a number.
            _ => c.ok = false,
        },
        b"close" if c.geom && c.ok => {
            if let Some(p) = c.paths.last_mut() {
                if *kept < MAX_CMDS {
                    *kept += 1;
                    p.cmds.push(Cmd::Close);
                } else {
                    c.ok = false;
                }
            }
        }
        b"arcTo" if c.geom => c.ok = false,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, Cmd};

    #[test]
    fn reads_numeric_paths_of_top_level_shapes_and_refuses_guides() {
        let xml = br#"<p:sldMaster xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Tri"/></p:nvSpPr><p:spPr><a:xfrm><a:off x="10" y="20"/><a:ext cx="300" cy="400"/></a:xfrm>
<a:custGeom><a:pathLst><a:path w="100" h="50"><a:moveTo><a:pt x="0" y="0"/></a:moveTo><a:lnTo><a:pt x="100" y="50"/></a:lnTo><a:close/></a:path></a:pathLst></a:custGeom></p:spPr></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="3" name="Guided"/></p:nvSpPr><p:spPr><a:xfrm><a:off x="1" y="2"/><a:ext cx="3" cy="4"/></a:xfrm>
<a:custGeom><a:pathLst><a:path><a:moveTo><a:pt x="0" y="b"/></a:moveTo></a:path></a:pathLst></a:custGeom></p:spPr></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="4" name="Box"/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="5" cy="5"/></a:xfrm><a:prstGeom prst="rect"/></p:spPr></p:sp>
</p:spTree></p:cSld></p:sldMaster>"#;
        let shapes = parse("ppt/slideMasters/slideMaster1.xml", xml, &mut 0);
        assert_eq!(shapes.len(), 2);
        assert_eq!(shapes[0].0, "Tri");
        assert_eq!(shapes[0].1, [10, 20, 300, 400]);
        let p = &shapes[0].2.as_ref().expect("numeric path")[0];
        assert_eq!((p.w, p.h), (100, 50));
        assert_eq!(
            p.cmds,
            vec![Cmd::Move(0, 0), Cmd::Line(100, 50), Cmd::Close]
        );
        assert_eq!(shapes[1].0, "Guided");
        assert!(shapes[1].2.is_none());
    }

    #[test]
    fn a_template_of_too_many_points_keeps_at_most_the_bound() {
        let shape = |name: &str, n: usize| {
            let pts: String = (0..n)
                .map(|i| format!("<a:lnTo><a:pt x=\"{i}\" y=\"1\"/></a:lnTo>"))
                .collect();
            format!(
                "<p:sp><p:nvSpPr><p:cNvPr id=\"2\" name=\"{name}\"/></p:nvSpPr><p:spPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"9\" cy=\"9\"/></a:xfrm><a:custGeom><a:pathLst><a:path><a:moveTo><a:pt x=\"0\" y=\"0\"/></a:moveTo>{pts}<a:close/></a:path></a:pathLst></a:custGeom></p:spPr></p:sp>"
            )
        };
        let xml = format!(
            "<p:sldMaster xmlns:p=\"p\" xmlns:a=\"a\"><p:cSld><p:spTree>{}{}{}</p:spTree></p:cSld></p:sldMaster>",
            shape("Small", 3),
            shape("Huge", super::MAX_CMDS),
            shape("After", 3)
        );
        let mut kept = 0;
        let shapes = parse("m.xml", xml.as_bytes(), &mut kept);
        let names: Vec<(&str, bool)> = shapes
            .iter()
            .map(|(n, _, p)| (n.as_str(), p.is_some()))
            .collect();
        // The small shape before is read; the huge one and everything past the bound is not.
        assert_eq!(names, [("Small", true), ("Huge", false), ("After", false)]);
        assert_eq!(shapes[0].2.as_ref().unwrap()[0].cmds.len(), 5);
        // The count goes on into the template's next part: a small shape there is not read.
        let next = parse("l.xml", xml.replace("Huge", "Other").as_bytes(), &mut kept);
        assert!(next.iter().all(|(_, _, p)| p.is_none()), "{next:?}");
    }
}
