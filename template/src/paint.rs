//! Fills and colours as a template writes them (`a:solidFill`, `a:gradFill`, `p:bgRef`,
//! `a:fillRef`, `a:schemeClr` with `lumMod` / `tint` ...), and what they resolve to through a
//! master's colour map and theme: the colours a slide shows behind a box, so QC can judge the
//! contrast of the text we place there.
//!
//! Reading keeps a fill as written ([`Fill`], [`Color`]); [`crate::Template::paint`] resolves it.
//! Pictures, patterns and anything else whose colours cannot be told are [`Paint::Unknown`].

use serde::Serialize;
use specrender_opc::xml::{attr, attr_ns};

/// An element of a captured XML subtree: local name, attributes, children.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Node {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
}

impl Node {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.as_str())
    }

    fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }
}

/// Collects the subtree of one element from [`specrender_opc::xml::walk`] events.
#[derive(Debug, Default)]
pub(crate) struct Capture {
    stack: Vec<Node>,
    /// Elements captured so far.
    count: usize,
}

/// At most this many elements are captured per subtree (a fill is a handful); past them the
/// subtree's elements are passed over, so a captured tree is small and shallow whatever the
/// part holds (its depth is bounded by the reader too, `specrender_opc::xml::MAX_DEPTH`).
const MAX_NODES: usize = 256;

impl Capture {
    /// Starts capturing at element `e` (its start event).
    pub fn start(name: &[u8], e: &specrender_opc::xml::BytesStart<'_>) -> Capture {
        Capture {
            stack: vec![node(name, e)],
            count: 1,
        }
    }

    /// Feeds the next event; returns the root when its end arrives.
    pub fn event(
        &mut self,
        name: &[u8],
        e: &specrender_opc::xml::BytesStart<'_>,
        end: bool,
    ) -> Option<Node> {
        if end {
            let done = self.stack.pop()?;
            match self.stack.last_mut() {
                Some(parent) => {
                    // An element past the bound is a placeholder that keeps the nesting.
                    if !done.name.is_empty() {
                        parent.children.push(done);
                    }
                    None
                }
                None => Some(done),
            }
        } else {
            self.count += 1;
            self.stack.push(if self.count <= MAX_NODES {
                node(name, e)
            } else {
                Node::default()
            });
            None
        }
    }
}

/// The attributes a captured element keeps: colours and stops, and a picture fill's
/// (`a:srcRect` l t r b, `a:alphaModFix amt`, `a:tile` tx ty sx sy flip algn).
const KEPT: [&str; 15] = [
    "val", "idx", "lastClr", "pos", "l", "t", "r", "b", "amt", "tx", "ty", "sx", "sy", "flip",
    "algn",
];

fn node(name: &[u8], e: &specrender_opc::xml::BytesStart<'_>) -> Node {
    let mut attrs: Vec<(String, String)> = KEPT
        .iter()
        .filter_map(|k| attr(e, k).map(|v| (k.to_string(), v)))
        .collect();
    // `a:blip r:embed`: the picture's relationship.
    if name == b"blip" {
        if let Some(v) = attr_ns(e, "embed") {
            attrs.push(("r:embed".into(), v));
        }
    }
    Node {
        name: String::from_utf8_lossy(name).into_owned(),
        attrs,
        children: Vec::new(),
    }
}

/// A colour as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorBase {
    /// `a:srgbClr` / `a:sysClr lastClr` / `a:prstClr` (a known name).
    Rgb([u8; 3]),
    /// `a:schemeClr val` (`tx1`, `bg1`, `accent1`, `dk2`...).
    Scheme(String),
    /// `a:schemeClr val="phClr"`: the colour of the `bgRef` / `fillRef` using the style.
    Placeholder,
}

/// A colour and its modifiers in document order (`lumMod`, `lumOff`, `tint`, `shade`, in
/// 1/1000 %; others are kept and ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Color {
    pub base: ColorBase,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mods: Vec<(String, i64)>,
}

/// A bullet's colour as written: `a:buClr` (a colour) or `a:buClrTx` (the text's colour).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BulletColor {
    /// `a:buClrTx`: the bullet takes the colour of the paragraph's first run.
    Text,
    /// `a:buClr`.
    Color(Color),
}

/// A fill as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// `a:noFill`, or a shape with no fill of its own and no style (transparent).
    None,
    Solid(Color),
    /// `a:gradFill`: its stops' colours.
    Gradient(Vec<Color>),
    /// `a:pattFill`: its foreground and background colours.
    Pattern(Vec<Color>),
    /// `p:bgRef idx` (1001+: the theme's background fill styles) or `a:fillRef idx` (1..:
    /// its fill styles), in `color` (for `phClr`).
    Ref {
        idx: u32,
        color: Option<Color>,
    },
    /// `a:blipFill` with an embedded picture (`a:blip r:embed`).
    Picture(Blip),
    /// A group fill, a linked picture or anything else whose colours cannot be told.
    Unknown,
}

/// A picture fill as written: its relationship and the part it names, its crop, tiling and
/// opacity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Blip {
    /// `a:blip r:embed`.
    pub rel: String,
    /// The part the relationship names, resolved when the part holding it was read;
    /// `None`: no such internal relationship.
    pub target: Option<String>,
    /// `a:srcRect` l, t, r, b in 1/1000 %.
    pub src_rect: [i32; 4],
    /// `a:tile`: tx, ty (EMU), sx, sy (1/1000 %), flip (`none`, `x`, `y`, `xy`), algn.
    pub tile: Option<BlipTile>,
    /// `a:alphaModFix amt`, 1/1000 % (100,000 when none is written).
    pub alpha: u32,
}

/// `a:tile` as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlipTile {
    pub tx: i64,
    pub ty: i64,
    pub sx: i32,
    pub sy: i32,
    pub flip: String,
    pub algn: String,
}

/// What a fill shows ([`Template::paint`](crate::Template::paint)): the model's type.
pub use specrender_model::look::Paint;

const COLOR_NAMES: [&str; 6] = [
    "srgbClr",
    "schemeClr",
    "sysClr",
    "prstClr",
    "scrgbClr",
    "hslClr",
];

fn hex(s: &str) -> Option<[u8; 3]> {
    let v = u32::from_str_radix(s, 16).ok().filter(|_| s.len() == 6)?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The first colour element among `n`'s children.
pub(crate) fn color_in(n: &Node) -> Option<Color> {
    let c = n
        .children
        .iter()
        .find(|c| COLOR_NAMES.contains(&c.name.as_str()))?;
    let base = match c.name.as_str() {
        "srgbClr" => ColorBase::Rgb(hex(c.attr("val")?)?),
        "sysClr" => ColorBase::Rgb(hex(c.attr("lastClr")?)?),
        "schemeClr" => match c.attr("val")? {
            "phClr" => ColorBase::Placeholder,
            v => ColorBase::Scheme(v.to_string()),
        },
        "prstClr" => ColorBase::Rgb(match c.attr("val")? {
            "black" => [0, 0, 0],
            "white" => [255, 255, 255],
            "red" => [255, 0, 0],
            "green" => [0, 128, 0],
            "blue" => [0, 0, 255],
            "yellow" => [255, 255, 0],
            "gray" | "grey" => [128, 128, 128],
            _ => return None,
        }),
        _ => return None,
    };
    let mods = c
        .children
        .iter()
        .filter_map(|m| Some((m.name.clone(), m.attr("val")?.parse().ok()?)))
        .collect();
    Some(Color { base, mods })
}

/// The fill of a fill element (`a:solidFill`, `a:gradFill`, `a:noFill`, ...).
pub(crate) fn fill_element(n: &Node) -> Option<Fill> {
    Some(match n.name.as_str() {
        "noFill" => Fill::None,
        "solidFill" => Fill::Solid(color_in(n)?),
        "gradFill" => {
            let stops: Vec<Color> = n
                .child("gsLst")
                .map(|l| l.children.iter().filter_map(color_in).collect())
                .unwrap_or_default();
            if stops.is_empty() {
                Fill::Unknown
            } else {
                Fill::Gradient(stops)
            }
        }
        "pattFill" => {
            let fg = n.child("fgClr").and_then(color_in);
            let bg = n.child("bgClr").and_then(color_in);
            match (fg, bg) {
                (Some(f), Some(b)) => Fill::Pattern(vec![f, b]),
                _ => Fill::Unknown,
            }
        }
        "blipFill" => blip_fill(n).map_or(Fill::Unknown, Fill::Picture),
        "grpFill" => Fill::Unknown,
        _ => return None,
    })
}

/// A `blipFill` (`a:` in a shape's or background's properties, `p:` in a `p:pic`): its
/// embedded picture; `None` when it names none (a linked picture).
pub(crate) fn blip_fill(n: &Node) -> Option<Blip> {
    let blip = n.child("blip")?;
    let rel = blip.attr("r:embed")?.to_string();
    let pct = |node: Option<&Node>, k: &str, d: i64| {
        node.and_then(|c| c.attr(k))
            .and_then(|v| v.trim().parse::<i64>().ok())
            .unwrap_or(d)
    };
    let src = n.child("srcRect");
    // A crop is kept within ±1,000 % (a crop past that shows nothing any viewer draws).
    let crop = |k| pct(src, k, 0).clamp(-1_000_000, 1_000_000) as i32;
    let alpha = pct(blip.child("alphaModFix"), "amt", 100_000).clamp(0, 100_000) as u32;
    let tile = n.child("tile").map(|t| BlipTile {
        tx: pct(Some(t), "tx", 0).clamp(-MAX_TILE_OFFSET, MAX_TILE_OFFSET),
        ty: pct(Some(t), "ty", 0).clamp(-MAX_TILE_OFFSET, MAX_TILE_OFFSET),
        sx: pct(Some(t), "sx", 100_000).clamp(-MAX_TILE_SCALE, MAX_TILE_SCALE) as i32,
        sy: pct(Some(t), "sy", 100_000).clamp(-MAX_TILE_SCALE, MAX_TILE_SCALE) as i32,
        flip: t.attr("flip").unwrap_or("none").to_string(),
        algn: t.attr("algn").unwrap_or("tl").to_string(),
    });
    Some(Blip {
        rel,
        target: None,
        src_rect: [crop("l"), crop("t"), crop("r"), crop("b")],
        tile,
        alpha,
    })
}

/// A tile's offset is kept within ±2^31 EMU (2,348 in, past any slide).
const MAX_TILE_OFFSET: i64 = i32::MAX as i64;
/// A tile's scale is kept within ±10,000 % (`ST_Percentage` is unbounded).
const MAX_TILE_SCALE: i64 = 10_000_000;

/// The first fill element among `n`'s children.
pub(crate) fn fill_in(n: &Node) -> Option<Fill> {
    n.children.iter().find_map(fill_element)
}

/// A shape's fill from its `p:spPr` and `p:style`: its own fill, else its style's
/// `a:fillRef` (idx 0: none), else none.
pub(crate) fn shape_fill(sp_pr: Option<&Node>, style: Option<&Node>) -> Fill {
    if let Some(f) = sp_pr.and_then(fill_in) {
        return f;
    }
    if let Some(r) = style.and_then(|s| s.child("fillRef")) {
        let idx: u32 = r.attr("idx").and_then(|v| v.parse().ok()).unwrap_or(0);
        if idx == 0 {
            return Fill::None;
        }
        return Fill::Ref {
            idx,
            color: color_in(r),
        };
    }
    Fill::None
}

/// A shape's geometry from its `p:spPr`: the `a:prstGeom prst` (`rect`, `ellipse`...),
/// `custGeom`, or empty when none is written; and its `a:xfrm rot` (60000ths of a degree).
pub(crate) fn geometry(sp_pr: Option<&Node>) -> (String, i64) {
    let Some(sp) = sp_pr else {
        return (String::new(), 0);
    };
    let geom = if let Some(p) = sp.child("prstGeom") {
        p.attr("prst").unwrap_or("").to_string()
    } else if sp.child("custGeom").is_some() {
        "custGeom".to_string()
    } else {
        String::new()
    };
    let rot = sp
        .child("xfrm")
        .and_then(|x| x.attr("rot"))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    (geom, rot)
}

/// A `p:bg`: `p:bgPr` with a fill, or `p:bgRef idx` with a colour.
pub(crate) fn background(bg: &Node) -> Option<Fill> {
    if let Some(pr) = bg.child("bgPr") {
        return fill_in(pr);
    }
    let r = bg.child("bgRef")?;
    Some(Fill::Ref {
        idx: r.attr("idx")?.parse().ok()?,
        color: color_in(r),
    })
}

/// A theme's `a:fillStyleLst` / `a:bgFillStyleLst`: each child fill in order.
pub(crate) fn style_list(n: &Node) -> Vec<Fill> {
    n.children
        .iter()
        .map(|c| fill_element(c).unwrap_or(Fill::Unknown))
        .collect()
}

/// sRGB → HSL (h in 0..1).
fn to_hsl([r, g, b]: [f64; 3]) -> [f64; 3] {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let l = (max + min) / 2.0;
    if (max - min).abs() < 1e-12 {
        return [0.0, 0.0, l];
    }
    let d = max - min;
    let s = if l > 0.5 {
        d / (2.0 - max - min)
    } else {
        d / (max + min)
    };
    let h = if max == r {
        (g - b) / d + if g < b { 6.0 } else { 0.0 }
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    [h / 6.0, s, l]
}

fn from_hsl([h, s, l]: [f64; 3]) -> [f64; 3] {
    if s == 0.0 {
        return [l, l, l];
    }
    let q = if l < 0.5 {
        l * (1.0 + s)
    } else {
        l + s - l * s
    };
    let p = 2.0 * l - q;
    let hue = |mut t: f64| {
        if t < 0.0 {
            t += 1.0;
        }
        if t > 1.0 {
            t -= 1.0;
        }
        if t < 1.0 / 6.0 {
            p + (q - p) * 6.0 * t
        } else if t < 0.5 {
            q
        } else if t < 2.0 / 3.0 {
            p + (q - p) * (2.0 / 3.0 - t) * 6.0
        } else {
            p
        }
    };
    [hue(h + 1.0 / 3.0), hue(h), hue(h - 1.0 / 3.0)]
}

/// Applies `lumMod` / `lumOff` (HSL luminance), `tint` (toward white) and `shade` (toward
/// black), in order, as Office does; other modifiers (alpha, saturation...) are ignored.
pub(crate) fn apply_mods(rgb: [u8; 3], mods: &[(String, i64)]) -> [u8; 3] {
    let mut c = rgb.map(|v| f64::from(v) / 255.0);
    for (m, v) in mods {
        let f = *v as f64 / 100_000.0;
        match m.as_str() {
            "lumMod" | "lumOff" => {
                let mut hsl = to_hsl(c);
                hsl[2] = if m == "lumMod" {
                    hsl[2] * f
                } else {
                    hsl[2] + f
                }
                .clamp(0.0, 1.0);
                c = from_hsl(hsl);
            }
            "tint" => c = c.map(|x| 1.0 - (1.0 - x) * f.clamp(0.0, 1.0)),
            "shade" => c = c.map(|x| x * f.clamp(0.0, 1.0)),
            _ => {}
        }
    }
    c.map(|x| (x.clamp(0.0, 1.0) * 255.0).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_follow_office() {
        // Office's "White, Background 1, Darker 50%" is lt1 with lumMod 50000: #7F7F7F.
        let m = vec![("lumMod".to_string(), 50_000)];
        assert_eq!(apply_mods([255, 255, 255], &m), [128, 128, 128]);
        // "Blue, Accent 1, Lighter 40%" on 4472C4: lumMod 60000 lumOff 40000 -> 8FAADC.
        let m = vec![
            ("lumMod".to_string(), 60_000),
            ("lumOff".to_string(), 40_000),
        ];
        let c = apply_mods([0x44, 0x72, 0xC4], &m);
        assert!(
            c.iter()
                .zip([0x8F, 0xAA, 0xDC])
                .all(|(a, b)| a.abs_diff(b) <= 1),
            "{c:?}"
        );
        assert_eq!(
            apply_mods([200, 100, 0], &[("shade".into(), 50_000)]),
            [100, 50, 0]
        );
        assert_eq!(
            apply_mods([0, 0, 0], &[("tint".into(), 50_000)]),
            [128, 128, 128]
        );
    }
}
