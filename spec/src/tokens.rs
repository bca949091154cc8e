//! Readers for the free-form parts the engine gives meaning to: `style.box` and
//! `theme.brand.tokens` (docs/guide/input.md, brand tokens). Shared by the semantic pass (which reports) and
//! [`crate::resolve()`] (which converts).

use serde_json::Value;

/// One `style.box` coordinate: inches, or a percent of the slide width (x, w) / height (y, h).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BoxLen {
    Inches(f64),
    Percent(f64),
}

pub const BOX_KEYS: [&str; 4] = ["x", "y", "w", "h"];

/// Parse a percent string such as `"12.5%"` (optional `-`, digits, optional fraction).
fn parse_percent(s: &str) -> Option<f64> {
    let body = s.strip_suffix('%')?;
    let digits = body.strip_prefix('-').unwrap_or(body);
    let ok = !digits.is_empty()
        && !digits.starts_with('.')
        && !digits.ends_with('.')
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1;
    if !ok {
        return None;
    }
    body.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// What [`parse_box`] made of a `style.box`.
#[derive(Debug, Clone, PartialEq)]
pub enum BoxRead {
    /// A box to place the element in. `w`/`h` may still be zero or negative: such a box is
    /// not drawn (layout reports it as a high `invalid_box`).
    Box([BoxLen; 4]),
    /// Not usable as a box (not an object; `x` or `y` missing or not a number or percent):
    /// ignored with a warning, the element goes to its layout slot.
    Unusable(String),
}

/// Rule (lenient: `style` is free-form in the schema, docs/guide/input.md): `style.box` is an object
/// `{x, y, w, h}`, each a number (inches) or a percent string (`"12.5%"`) of the slide width
/// (x, w) or height (y, h). Returns the box and a warning per unknown key. A `w` or `h` that is
/// missing, not a number or percent, or not a positive finite number reads as 0 (so the box is
/// not drawn and layout reports it); `x`/`y` that cannot be read make the box unusable.
/// Coordinates may be negative or beyond the slide: QC reports `out_of_bounds`.
pub fn parse_box(v: &Value) -> (BoxRead, Vec<String>) {
    let Some(obj) = v.as_object() else {
        let why = format!(
            "`box` must be an object {{\"x\",\"y\",\"w\",\"h\"}} (inches or \"NN%\" strings), got {}",
            crate::validate::show(v)
        );
        return (BoxRead::Unusable(why), Vec::new());
    };
    let warnings = obj
        .keys()
        .filter(|k| !BOX_KEYS.contains(&k.as_str()))
        .map(|k| format!("unknown key `{k}` in `box` ignored (known: x, y, w, h)"))
        .collect();
    let mut out = [BoxLen::Inches(0.0); 4];
    let mut problems = Vec::new();
    for (i, key) in BOX_KEYS.iter().enumerate() {
        let parsed = match obj.get(*key) {
            Some(Value::Number(n)) => n.as_f64().filter(|f| f.is_finite()).map(BoxLen::Inches),
            Some(Value::String(s)) => parse_percent(s).map(BoxLen::Percent),
            _ => None,
        };
        match parsed {
            Some(len) => out[i] = len,
            // An extent that is not a positive number: 0, not drawn (layout reports it).
            None if i >= 2 => out[i] = BoxLen::Inches(0.0),
            None => problems.push(match obj.get(*key) {
                None => format!("`{key}` is missing"),
                Some(v) => format!(
                    "`{key}` is {}; use a number of inches or a percent string like \"12.5%\"",
                    crate::validate::show(v)
                ),
            }),
        }
    }
    if problems.is_empty() {
        (BoxRead::Box(out), warnings)
    } else {
        let why = format!("unusable `box`: {}", problems.join("; "));
        (BoxRead::Unusable(why), warnings)
    }
}

/// A colour token (lenient, docs/guide/input.md): any fully opaque CSS colour — `#RRGGBB`,
/// `RRGGBB`, `#RGB`, the CSS named colours (`navy`, `teal`, case-insensitive), `rgb(…)`,
/// `hsl(…)` — read by the `csscolorparser` crate. A colour with transparency (`transparent`,
/// `#RRGGBBAA` below FF) is not usable: slide text and fills are opaque.
pub fn parse_color(s: &str) -> Option<(u8, u8, u8)> {
    let c = csscolorparser::parse(s.trim()).ok()?;
    match c.to_rgba8() {
        [r, g, b, 255] => Some((r, g, b)),
        _ => None,
    }
}

pub const COLOR_KEYS: [&str; 6] = [
    "primary",
    "secondary",
    "accent",
    "text",
    "background",
    "muted",
];
pub const FONT_KEYS: [&str; 5] = ["heading", "body", "heading_ea", "body_ea", "mono"];
pub const SIZE_KEYS: [&str; 4] = ["title", "subtitle", "body", "caption"];
/// `tokens.layouts` keys: the SlideSpec layout ids (each maps to a template layout's name).
pub const LAYOUT_KEYS: [&str; 10] = [
    "title_center",
    "section_header",
    "one_column",
    "two_column",
    "chart_focus",
    "table_focus",
    "image_full_bleed",
    "quote_center",
    "closing",
    "blank",
];
pub const GROUP_KEYS: [&str; 5] = ["colors", "fonts", "sizes", "layouts", "logo"];

/// The corners a `tokens.logo` may name.
pub const LOGO_CORNERS: [&str; 4] = ["top_right", "top_left", "bottom_right", "bottom_left"];
/// A logo's height: 0.45 in unless set, within 0.2..=1.5 in.
pub const LOGO_HEIGHT_IN: (f64, f64, f64) = (0.45, 0.2, 1.5);

/// A `tokens.logo`: an image asset placed on the master.
#[derive(Debug, Clone, PartialEq)]
pub struct LogoRead {
    pub asset_id: String,
    pub corner: &'static str,
    /// Inches, clamped.
    pub height: f64,
}

/// Rule (lenient): `tokens.logo` is an asset id, or `{"asset_id", "corner", "height"}` with a
/// corner of [`LOGO_CORNERS`] (default `top_right`) and a height in inches (default 0.45,
/// clamped to 0.2..=1.5). `Err`: why it cannot be used.
pub fn parse_logo(v: &Value) -> Result<LogoRead, String> {
    let (def, lo, hi) = LOGO_HEIGHT_IN;
    match v {
        Value::String(id) if !id.trim().is_empty() => Ok(LogoRead {
            asset_id: id.trim().to_string(),
            corner: LOGO_CORNERS[0],
            height: def,
        }),
        Value::Object(o) => {
            let asset_id = o
                .get("asset_id")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .ok_or("`asset_id` (an image asset's id) is missing")?
                .to_string();
            let corner = match o.get("corner") {
                None => LOGO_CORNERS[0],
                Some(c) => *LOGO_CORNERS
                    .iter()
                    .find(|k| c.as_str() == Some(k))
                    .ok_or_else(|| {
                        format!(
                            "`corner` is {}; use one of {}",
                            crate::validate::show(c),
                            LOGO_CORNERS.join(", ")
                        )
                    })?,
            };
            let height = match o.get("height") {
                None => def,
                Some(h) => h
                    .as_f64()
                    .filter(|f| f.is_finite())
                    .ok_or_else(|| format!("`height` is {}; use inches", crate::validate::show(h)))?
                    .clamp(lo, hi),
            };
            Ok(LogoRead {
                asset_id,
                corner,
                height,
            })
        }
        other => Err(format!(
            "`logo` is {}; use an image asset id or {{\"asset_id\", \"corner\", \"height\"}}",
            crate::validate::show(other)
        )),
    }
}

/// A `tokens.layouts` value: the name of a template layout (a non-empty string, trimmed).
pub fn parse_layout_name(v: &Value) -> Option<&str> {
    v.as_str().map(str::trim).filter(|s| !s.is_empty())
}

/// Token font sizes are clamped to this range (pt).
pub const SIZE_MIN_PT: f64 = 6.0;
pub const SIZE_MAX_PT: f64 = 200.0;

/// What [`parse_size`] made of a size token.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SizeRead {
    /// Points, within range.
    Ok(f64),
    /// Points, clamped into [`SIZE_MIN_PT`]..=[`SIZE_MAX_PT`] from the value given.
    Clamped(f64),
    /// Not a number of points.
    Unusable,
}

/// A size token (lenient, docs/guide/input.md): a number, or a numeric string with an optional `pt`
/// suffix (`"12pt"`, `"12.5 pt"`, `"12"`); out of range it is clamped to 6..=200 pt.
pub fn parse_size(v: &Value) -> SizeRead {
    let pt = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let t = s.trim();
            let lower = t.to_ascii_lowercase();
            let num = lower.strip_suffix("pt").unwrap_or(&lower).trim_end();
            let plain = !num.is_empty()
                && num
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+'));
            plain.then(|| num.parse::<f64>().ok()).flatten()
        }
        _ => None,
    };
    match pt.filter(|f| f.is_finite()) {
        None => SizeRead::Unusable,
        Some(f) if (SIZE_MIN_PT..=SIZE_MAX_PT).contains(&f) => SizeRead::Ok(f),
        Some(f) => SizeRead::Clamped(f.clamp(SIZE_MIN_PT, SIZE_MAX_PT)),
    }
}

/// A token font family: a non-empty string.
pub fn parse_font(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lens(v: Value) -> Option<[BoxLen; 4]> {
        match parse_box(&v).0 {
            BoxRead::Box(b) => Some(b),
            BoxRead::Unusable(_) => None,
        }
    }

    #[test]
    fn boxes() {
        assert!(lens(json!({"x": 1, "y": "10%", "w": 2.5, "h": "50%"})).is_some());
        assert!(lens(json!({"x": -1, "y": 0, "w": 1, "h": 1})).is_some());
        // Extents that are not positive numbers read as 0: drawn nowhere, reported by layout.
        let b = lens(json!({"x": 1, "y": 1, "w": 0, "h": "big"})).unwrap();
        assert_eq!((b[2], b[3]), (BoxLen::Inches(0.0), BoxLen::Inches(0.0)));
        assert!(lens(json!({"x": 1, "y": 1, "w": 1})).is_some());
        assert!(lens(json!({"x": "1in", "y": 1, "w": 1, "h": 1})).is_none());
        assert!(lens(json!({"x": "%", "y": 1, "w": 1, "h": 1})).is_none());
        assert!(lens(json!({"y": 1, "w": 1, "h": 1})).is_none());
        assert!(lens(json!([1, 2, 3, 4])).is_none());
        let (b, warn) = parse_box(&json!({"x": 1, "y": 1, "w": 1, "h": 1, "z": 2}));
        assert!(matches!(b, BoxRead::Box(_)));
        assert_eq!(warn.len(), 1);
        assert_eq!(parse_percent("12.5%"), Some(12.5));
        assert_eq!(parse_percent("1e2%"), None);
    }

    #[test]
    fn colors() {
        assert_eq!(parse_color("#1F4e79"), Some((0x1F, 0x4E, 0x79)));
        assert_eq!(parse_color("1F4E79"), Some((0x1F, 0x4E, 0x79)));
        assert_eq!(parse_color("#FFF"), Some((255, 255, 255)));
        assert_eq!(parse_color("navy"), Some((0, 0, 0x80)));
        assert_eq!(parse_color(" Teal "), Some((0, 0x80, 0x80)));
        assert_eq!(parse_color("rgb(255, 0, 0)"), Some((255, 0, 0)));
        assert_eq!(parse_color("#GGGGGG"), None);
        assert_eq!(parse_color("transparent"), None);
        assert_eq!(parse_color("#11223380"), None);
        assert_eq!(parse_color("corporate blue"), None);
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size(&json!(18)), SizeRead::Ok(18.0));
        assert_eq!(parse_size(&json!("12pt")), SizeRead::Ok(12.0));
        assert_eq!(parse_size(&json!(" 12.5 PT ")), SizeRead::Ok(12.5));
        assert_eq!(parse_size(&json!("14")), SizeRead::Ok(14.0));
        assert_eq!(parse_size(&json!(400)), SizeRead::Clamped(200.0));
        assert_eq!(parse_size(&json!("2pt")), SizeRead::Clamped(6.0));
        assert_eq!(parse_size(&json!(-3)), SizeRead::Clamped(6.0));
        assert_eq!(parse_size(&json!("12px")), SizeRead::Unusable);
        assert_eq!(parse_size(&json!("pt")), SizeRead::Unusable);
        assert_eq!(parse_size(&json!("1e999")), SizeRead::Unusable);
        assert_eq!(parse_size(&json!(true)), SizeRead::Unusable);
    }
}

/// A DocSpec block's `style` as specrender reads it (lenient, docs/guide/input.md: `style` is
/// free-form): `align` (`left`, `center`, `right`, `justify`), `bold`, `italic` (booleans),
/// `color` (a colour as for tokens), `size` (points, as for size tokens). Every other key, and
/// every value that cannot be used, is a warning `(key, why)`; the rest applies.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BlockStyleRead {
    pub align: Option<&'static str>,
    pub bold: Option<bool>,
    pub italic: Option<bool>,
    pub color: Option<(u8, u8, u8)>,
    pub size_pt: Option<f64>,
}

pub const BLOCK_STYLE_KEYS: [&str; 5] = ["align", "bold", "italic", "color", "size"];

pub fn parse_block_style(
    style: &serde_json::Map<String, Value>,
) -> (BlockStyleRead, Vec<(String, String)>) {
    let mut out = BlockStyleRead::default();
    let mut bad = Vec::new();
    for (k, v) in style {
        let show = crate::validate::show(v);
        match k.as_str() {
            "align" => match v.as_str() {
                Some(a @ ("left" | "center" | "right" | "justify")) => {
                    out.align = Some(match a {
                        "left" => "left",
                        "center" => "center",
                        "right" => "right",
                        _ => "justify",
                    })
                }
                _ => bad.push((k.clone(), format!("`align` is {show}; use left, center, right or justify"))),
            },
            "bold" | "italic" => match v.as_bool() {
                Some(b) if k == "bold" => out.bold = Some(b),
                Some(b) => out.italic = Some(b),
                None => bad.push((k.clone(), format!("`{k}` is {show}; use true or false"))),
            },
            "color" => match v.as_str().and_then(parse_color) {
                Some(c) => out.color = Some(c),
                None => bad.push((k.clone(), format!("`color` is {show}; not an opaque colour (\"#RRGGBB\", \"#RGB\" or a CSS name)"))),
            },
            "size" => match parse_size(v) {
                SizeRead::Ok(pt) | SizeRead::Clamped(pt) => out.size_pt = Some(pt),
                SizeRead::Unusable => bad.push((k.clone(), format!("`size` is {show}; use a number of points"))),
            },
            _ => bad.push((
                k.clone(),
                format!("unknown style key `{k}` ignored (known: {})", BLOCK_STYLE_KEYS.join(", ")),
            )),
        }
    }
    (out, bad)
}
