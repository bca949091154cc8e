//! Readers for the free-form parts the engine gives meaning to: `style.box` and
//! `theme.brand.tokens` (PRODUCT.md §1). Shared by the semantic pass (which reports) and
//! [`crate::resolve`] (which converts).

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

/// Rule: `style.box` is an object with exactly the keys `x`, `y`, `w`, `h`; each a number
/// (inches) or a percent string (`"12.5%"`); `w` and `h` strictly positive. `x`/`y` may be
/// negative or beyond the slide: placing there is allowed and QC reports `out_of_bounds`.
pub fn parse_box(v: &Value) -> Result<[BoxLen; 4], String> {
    let Some(obj) = v.as_object() else {
        return Err(format!(
            "`box` must be an object {{\"x\",\"y\",\"w\",\"h\"}} (inches or \"NN%\" strings), got {}",
            crate::validate::show(v)
        ));
    };
    let mut problems = Vec::new();
    for k in obj.keys() {
        if !BOX_KEYS.contains(&k.as_str()) {
            problems.push(format!("unknown key `{k}`"));
        }
    }
    let mut out = [BoxLen::Inches(0.0); 4];
    for (i, key) in BOX_KEYS.iter().enumerate() {
        let parsed = match obj.get(*key) {
            None => {
                problems.push(format!("`{key}` is missing"));
                continue;
            }
            Some(Value::Number(n)) => n.as_f64().filter(|f| f.is_finite()).map(BoxLen::Inches),
            Some(Value::String(s)) => parse_percent(s).map(BoxLen::Percent),
            Some(_) => None,
        };
        match parsed {
            None => problems.push(format!(
                "`{key}` is {}; use a number of inches or a percent string like \"12.5%\"",
                crate::validate::show(&obj[*key])
            )),
            Some(len) => {
                let x = match len {
                    BoxLen::Inches(x) | BoxLen::Percent(x) => x,
                };
                if i >= 2 && x <= 0.0 {
                    problems.push(format!("`{key}` must be greater than 0, got {}", obj[*key]));
                }
                out[i] = len;
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(format!("invalid `box`: {}", problems.join("; ")))
    }
}

/// `#RRGGBB` → bytes.
pub fn parse_color(s: &str) -> Option<(u8, u8, u8)> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some((byte(0)?, byte(2)?, byte(4)?))
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
pub const GROUP_KEYS: [&str; 3] = ["colors", "fonts", "sizes"];

/// Token font sizes must lie in this range (pt).
pub const SIZE_MIN_PT: f64 = 6.0;
pub const SIZE_MAX_PT: f64 = 200.0;

/// A token size in pt, if it is a number within [`SIZE_MIN_PT`]..=[`SIZE_MAX_PT`].
pub fn parse_size(v: &Value) -> Option<f64> {
    v.as_f64()
        .filter(|f| (SIZE_MIN_PT..=SIZE_MAX_PT).contains(f))
}

/// A token font family: a non-empty string.
pub fn parse_font(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| !s.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn boxes() {
        assert!(parse_box(&json!({"x": 1, "y": "10%", "w": 2.5, "h": "50%"})).is_ok());
        assert!(parse_box(&json!({"x": -1, "y": 0, "w": 1, "h": 1})).is_ok());
        assert!(parse_box(&json!({"x": 1, "y": 1, "w": 0, "h": 1})).is_err());
        assert!(parse_box(&json!({"x": 1, "y": 1, "w": 1})).is_err());
        assert!(parse_box(&json!({"x": "1in", "y": 1, "w": 1, "h": 1})).is_err());
        assert!(parse_box(&json!({"x": "%", "y": 1, "w": 1, "h": 1})).is_err());
        assert!(parse_box(&json!({"x": 1, "y": 1, "w": 1, "h": 1, "z": 2})).is_err());
        assert!(parse_box(&json!([1, 2, 3, 4])).is_err());
        assert_eq!(parse_percent("12.5%"), Some(12.5));
        assert_eq!(parse_percent("1e2%"), None);
    }

    #[test]
    fn colors() {
        assert_eq!(parse_color("#1F4e79"), Some((0x1F, 0x4E, 0x79)));
        assert_eq!(parse_color("1F4E79"), None);
        assert_eq!(parse_color("#FFF"), None);
        assert_eq!(parse_color("#GGGGGG"), None);
    }
}
