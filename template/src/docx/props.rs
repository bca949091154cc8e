//! Run and paragraph properties as a style, the document defaults or a paragraph's direct
//! formatting write them (`w:rPr`, `w:pPr`), and how one set lies over another.

use serde::Serialize;
use specrender_opc::xml::attr_ns;

/// Run properties as a style or the document defaults write them (`None`: not said here).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RunProps {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ascii: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub east_asia: Option<String>,
    /// `w:asciiTheme` (`minorHAnsi`, `majorHAnsi`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ascii_theme: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub east_asia_theme: Option<String>,
    /// `w:sz`, half-points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_half_pt: Option<u32>,
    /// `w:szCs`, half-points: complex script text (Arabic, Hebrew, ...) and, in a
    /// right-to-left paragraph, its list label.
    #[serde(skip)]
    pub size_cs_half_pt: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bold: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub italic: Option<bool>,
    /// `w:color w:val` (RRGGBB), when not `auto`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

impl RunProps {
    /// `self` over `base`: what `self` says wins.
    pub fn over(&self, base: &RunProps) -> RunProps {
        // A style naming a font directly overrides a theme font its base names, and back.
        let (ascii, ascii_theme) = if self.ascii.is_some() || self.ascii_theme.is_some() {
            (self.ascii.clone(), self.ascii_theme.clone())
        } else {
            (base.ascii.clone(), base.ascii_theme.clone())
        };
        let (east_asia, east_asia_theme) =
            if self.east_asia.is_some() || self.east_asia_theme.is_some() {
                (self.east_asia.clone(), self.east_asia_theme.clone())
            } else {
                (base.east_asia.clone(), base.east_asia_theme.clone())
            };
        RunProps {
            ascii,
            east_asia,
            ascii_theme,
            east_asia_theme,
            size_half_pt: self.size_half_pt.or(base.size_half_pt),
            size_cs_half_pt: self.size_cs_half_pt.or(base.size_cs_half_pt),
            bold: self.bold.or(base.bold),
            italic: self.italic.or(base.italic),
            color: self.color.clone().or_else(|| base.color.clone()),
        }
    }
}

/// Paragraph properties that move text down a page, as a style or the paragraph defaults
/// (`w:pPrDefault`) write them (`None`: not said here). Twips.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ParaProps {
    /// `w:spacing w:before` / `w:after`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<i64>,
    /// `w:spacing w:beforeAutospacing` / `w:afterAutospacing`: HTML-like automatic spacing
    /// (Word and Writer: 14 pt), which wins over the number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before_auto: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_auto: Option<bool>,
    /// `w:spacing w:line` and `w:lineRule` (`auto`: 240ths of a line; `exact`, `atLeast`:
    /// twips).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_rule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contextual: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep_next: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep_lines: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub widow_control: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_break_before: Option<bool>,
    /// `w:ind w:left` (or `w:start`) / `w:right` (or `w:end`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub indent_left: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub indent_right: Option<i64>,
    /// `w:pBdr w:top` / `w:bottom`: what the border adds to the paragraph's height, twips
    /// (its `w:space` in points and its line, `w:sz` in eighths of a point; 0: `none`/`nil`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub border_top: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub border_bottom: Option<i64>,
}

impl ParaProps {
    /// `self` over `base`: what `self` says wins, property by property.
    pub fn over(&self, base: &ParaProps) -> ParaProps {
        ParaProps {
            before: self.before.or(base.before),
            after: self.after.or(base.after),
            before_auto: self.before_auto.or(base.before_auto),
            after_auto: self.after_auto.or(base.after_auto),
            line: self.line.or(base.line),
            // The rule goes with the line it was written with.
            line_rule: if self.line.is_some() || self.line_rule.is_some() {
                self.line_rule.clone()
            } else {
                base.line_rule.clone()
            },
            contextual: self.contextual.or(base.contextual),
            keep_next: self.keep_next.or(base.keep_next),
            keep_lines: self.keep_lines.or(base.keep_lines),
            widow_control: self.widow_control.or(base.widow_control),
            page_break_before: self.page_break_before.or(base.page_break_before),
            indent_left: self.indent_left.or(base.indent_left),
            indent_right: self.indent_right.or(base.indent_right),
            border_top: self.border_top.or(base.border_top),
            border_bottom: self.border_bottom.or(base.border_bottom),
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == ParaProps::default()
    }
}

/// Reads one child of a `w:pPr` (`in_pbdr`: of its `w:pBdr`) into `p`: spacing, keeps,
/// indents, borders (what styles and a paragraph's direct formatting write alike).
pub fn para_props(
    name: &[u8],
    e: &specrender_opc::xml::BytesStart<'_>,
    p: &mut ParaProps,
    in_pbdr: bool,
) {
    let twips = |k: &str| {
        attr_ns(e, k)
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
            .map(|v| (v as i64).clamp(-31_680, 31_680))
    };
    match name {
        b"top" | b"bottom" if in_pbdr => {
            let v = border_twips(e);
            if name == b"top" {
                p.border_top = Some(v);
            } else {
                p.border_bottom = Some(v);
            }
        }
        _ if in_pbdr => {}
        b"spacing" => {
            if let Some(v) = twips("before") {
                p.before = Some(v.max(0));
            }
            if let Some(v) = twips("after") {
                p.after = Some(v.max(0));
            }
            if let Some(v) = attr_ns(e, "beforeAutospacing") {
                p.before_auto = Some(!matches!(v.as_str(), "0" | "false" | "off"));
            }
            if let Some(v) = attr_ns(e, "afterAutospacing") {
                p.after_auto = Some(!matches!(v.as_str(), "0" | "false" | "off"));
            }
            if let Some(v) = twips("line") {
                p.line = Some(v);
                p.line_rule = Some(attr_ns(e, "lineRule").unwrap_or_else(|| "auto".into()));
            }
        }
        b"contextualSpacing" => p.contextual = Some(on(e)),
        b"keepNext" => p.keep_next = Some(on(e)),
        b"keepLines" => p.keep_lines = Some(on(e)),
        b"widowControl" => p.widow_control = Some(on(e)),
        b"pageBreakBefore" => p.page_break_before = Some(on(e)),
        b"ind" => {
            if let Some(v) = twips("left").or_else(|| twips("start")) {
                p.indent_left = Some(v);
            }
            if let Some(v) = twips("right").or_else(|| twips("end")) {
                p.indent_right = Some(v);
            }
        }
        _ => {}
    }
}

/// What a `w:pBdr` side adds to a paragraph's height (twips): its space (`w:space`, points,
/// 0-31) and its line (`w:sz`, eighths of a point, 2-96; missing: Word's 2), as Word and
/// Writer add them (measured in Writer 7.4: a 1 pt line 4 pt below the text moves what follows
/// down 5.0 pt; a 1.5 pt line 6 pt above moves the paragraph down 7.5 pt). `none` and `nil`:
/// no border, 0.
fn border_twips(e: &specrender_opc::xml::BytesStart<'_>) -> i64 {
    let val = attr_ns(e, "val").unwrap_or_default();
    if matches!(val.trim(), "" | "none" | "nil") {
        return 0;
    }
    let num = |k: &str| {
        attr_ns(e, k)
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
    };
    let sz = num("sz").unwrap_or(2.0).clamp(2.0, 96.0);
    let space = num("space").unwrap_or(0.0).clamp(0.0, 31.0);
    (space * 20.0 + sz * 2.5).round() as i64
}

/// Reads one child of a `w:rPr` into `r`: fonts, sizes, bold, italic, colour.
pub fn run_props(name: &[u8], e: &specrender_opc::xml::BytesStart<'_>, r: &mut RunProps) {
    match name {
        b"rFonts" => {
            if let Some(v) = attr_ns(e, "ascii") {
                r.ascii = Some(v);
            }
            if let Some(v) = attr_ns(e, "eastAsia") {
                r.east_asia = Some(v);
            }
            if let Some(v) = attr_ns(e, "asciiTheme") {
                r.ascii_theme = Some(v);
            }
            if let Some(v) = attr_ns(e, "eastAsiaTheme") {
                r.east_asia_theme = Some(v);
            }
        }
        b"sz" | b"szCs" => {
            let v = attr_ns(e, "val")
                .and_then(|v| v.trim().parse().ok())
                .filter(|&v| (2..=3276).contains(&v));
            if name == b"sz" {
                r.size_half_pt = v;
            } else {
                r.size_cs_half_pt = v;
            }
        }
        b"b" => r.bold = Some(on(e)),
        b"i" => r.italic = Some(on(e)),
        b"color" => {
            r.color = attr_ns(e, "val")
                .filter(|v| v.len() == 6 && v.chars().all(|c| c.is_ascii_hexdigit()))
                .map(|v| v.to_ascii_uppercase());
        }
        _ => {}
    }
}

/// A toggle property (`w:b`, `w:keepNext`, ...): on unless its `w:val` says off.
pub(super) fn on(e: &specrender_opc::xml::BytesStart<'_>) -> bool {
    !matches!(
        attr_ns(e, "val").as_deref(),
        Some("0" | "false" | "off" | "none")
    )
}
