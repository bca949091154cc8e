//! A customer's reference document (.docx / .dotx, what pandoc calls `--reference-doc`) read
//! at the package level: `_rels/.rels` -> the main document part (by relationship type, a
//! .dotx's `template.main+xml` as well as a .docx's) -> its styles (ids, built-in names,
//! `basedOn`, outline levels, run properties), document defaults, numbering instances, theme
//! fonts and the page of its last section (size, margins, columns, headers and footers).
//! The example body content is counted, never read.
//!
//! Styles are found by meaning ([`DocTemplate::style_for`]): a role's built-in name as Word
//! stores it (`heading 1`, whatever the id: `Titre1`, `1`, `berschrift1`), then for headings a
//! paragraph style with the role's outline level. What a document written on the template
//! carries over ([`DocTemplate::carried`]): its styles and numbering (with ours added), theme,
//! and the header and footer parts its last section names, with what they reach.

use crate::carry::Carried;
use crate::model::{FontSet, Theme};
use crate::TemplateError;
use serde::Serialize;
use specrender_opc::xml::{attr_ns, walk};
use specrender_opc::{Limits, Package, PackageError};
use std::sync::Arc;

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

/// Styles read (real templates: 30-400).
const MAX_STYLES: usize = 10_000;

pub use specrender_model::doc::DocRole;

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

/// One `w:style`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DocStyle {
    pub id: String,
    pub name: String,
    /// `paragraph`, `character`, `table` or `numbering`.
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub based_on: Option<String>,
    /// `w:default="1"`: the default style of its kind.
    pub default: bool,
    /// `w:pPr/w:outlineLvl` (0 = heading 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outline: Option<u8>,
    /// `w:pPr/w:numPr/w:numId`: the list numbering the style applies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub num_id: Option<u32>,
    pub run: RunProps,
    /// `w:pPr`: spacing, line rule, keeps, indents.
    #[serde(skip_serializing_if = "ParaProps::is_empty")]
    pub para: ParaProps,
}

/// The page of the template's last section, in twips as written (`None`: not written).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Section {
    /// `w:pgSz w:w / w:h`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<(i64, i64)>,
    pub landscape: bool,
    /// `w:pgMar` top, right, bottom, left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margins: Option<[i64; 4]>,
    /// `w:pgMar w:header / w:footer / w:gutter`.
    pub header: Option<i64>,
    pub footer: Option<i64>,
    pub gutter: i64,
    /// `w:cols w:num / w:space` (one column: `None`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<(u32, i64)>,
    /// `w:cols w:space` as written (one column too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_space: Option<i64>,
    /// Columns of their own widths (`w:cols w:equalWidth="0"` with its `w:col` children:
    /// width and the space after, twips); empty: equal columns.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub column_widths: Vec<(i64, i64)>,
    /// `w:cols w:sep`: a line between columns.
    pub column_line: bool,
    /// `w:titlePg`: a different first-page header and footer.
    pub title_page: bool,
    /// `w:docGrid` type and line pitch (East Asian templates).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc_grid: Option<(String, Option<i64>)>,
    /// Header and footer parts by kind (`default`, `first`, `even`).
    pub headers: Vec<(String, String)>,
    pub footers: Vec<(String, String)>,
}

/// A parsed reference document.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DocTemplate {
    /// `docx`, `dotx`, `docm` or `dotm`.
    pub kind: String,
    pub styles: Vec<DocStyle>,
    /// `w:docDefaults/w:rPrDefault`.
    pub defaults: RunProps,
    /// `w:docDefaults/w:pPrDefault`.
    #[serde(skip_serializing_if = "ParaProps::is_empty")]
    pub para_defaults: ParaProps,
    /// The document's theme (fonts and colours).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<Theme>,
    pub section: Section,
    /// `w:settings/w:evenAndOddHeaders`.
    pub even_and_odd_headers: bool,
    /// Body paragraphs and tables of the template (dropped).
    pub example_blocks: usize,
    /// Numbering instances: (`w:numId`, `w:abstractNumId`), and the largest ids used.
    #[serde(skip)]
    pub nums: Vec<(u32, u32)>,
    #[serde(skip)]
    pub max_abstract: u32,
    /// Level 0 of each abstract numbering: (`w:abstractNumId`, left indent, where its number
    /// is set: the left indent less the hanging one, or plus the first line's; twips).
    #[serde(skip)]
    pub list_indents: Vec<(u32, i64, i64)>,
    /// Numbering instances that override their level 0 (`w:lvlOverride w:ilvl="0"`).
    #[serde(skip)]
    pub num_overrides: Vec<NumOverride>,
    pub warnings: Vec<String>,
    /// Parts as stored: styles, numbering and theme (name, bytes).
    #[serde(skip)]
    pub styles_part: Option<(String, Arc<[u8]>)>,
    #[serde(skip)]
    pub numbering_part: Option<(String, Arc<[u8]>)>,
    #[serde(skip)]
    pub theme_part: Option<String>,
    #[serde(skip)]
    carried: Arc<Vec<Carried>>,
    /// What the carry policy dropped from the carried parts ([`crate::policy`]; QC's
    /// `template_content_dropped`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<crate::policy::Dropped>,
    /// What each header and footer part of the last section holds, by part name: the
    /// paragraphs whose height may push the body down from the top margin or up from the
    /// bottom one ([`Furniture`]).
    #[serde(skip)]
    pub furniture: Vec<(String, Vec<Furniture>)>,
}

/// A numbering instance's override of its level 0 (`w:num/w:lvlOverride w:ilvl="0"`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NumOverride {
    pub num: u32,
    /// `w:startOverride`.
    pub start: Option<u32>,
    /// The override's own level (`w:lvl`): its indents (left, where the number is set;
    /// twips, as [`DocTemplate::list_indent`]), and the level as written (`w:` prefixed
    /// WordprocessingML, namespace declared by the part's root), which a list restarting the
    /// instance's definition carries so it looks as the instance does.
    pub indent: Option<(i64, i64)>,
    pub lvl_xml: Option<Arc<str>>,
}

/// A paragraph of a header or footer part, as far as its height goes: Word and Writer start
/// the body below the header when the header's distance from the edge plus its height passes
/// the top margin (and end it above the footer likewise).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Furniture {
    /// `w:pStyle` (`None`: the default paragraph style).
    pub style: Option<String>,
    /// The paragraph's own `w:pPr` (spacing, line rule, borders, indents).
    pub para: ParaProps,
    /// Each run with text, in order: its own run properties (fonts, `w:sz`, `w:szCs` as the
    /// run writes them) and its text (`w:t`; a tab as `\t`, a line break as `\n`); a
    /// paragraph with no text has one run, its mark's properties and no text. At most
    /// [`MAX_FURNITURE_TEXT`] bytes of text per part are kept.
    pub runs: Vec<FurnitureRun>,
    /// The tallest inline picture (`wp:inline` `wp:extent cy`, EMU; 0: none). Anchored
    /// drawings and text boxes take no room.
    pub picture: i64,
    /// In a table: (row, cell) of the part's top-level tables, rows counted over the part
    /// (a row is as tall as its tallest cell; a cell's paragraphs stack).
    pub cell: Option<(u32, u32)>,
}

/// A run of a header or footer paragraph ([`Furniture`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FurnitureRun {
    /// What the run's `w:rPr` says (the paragraph mark's `w:rPr` for a paragraph without
    /// text); the style's and the defaults' are under it.
    pub props: RunProps,
    pub text: String,
}

impl Furniture {
    /// The paragraph's text, its runs' joined.
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

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

    pub fn style(&self, id: &str) -> Option<&DocStyle> {
        self.styles.iter().find(|s| s.id == id)
    }

    /// The template's style for `role`: by Word's built-in name (case and spaces ignored),
    /// then, for a heading, the paragraph style whose own outline level is the heading's
    /// (the first in file order); `None` when the template has neither.
    pub fn style_for(&self, role: DocRole) -> Option<&DocStyle> {
        let norm = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let want = norm(&role.builtin_name());
        let kind = role.kind();
        if role == DocRole::Normal {
            if let Some(s) = self
                .styles
                .iter()
                .find(|s| s.kind == "paragraph" && s.default)
            {
                return Some(s);
            }
        }
        if let Some(s) = self
            .styles
            .iter()
            .find(|s| s.kind == kind && norm(&s.name) == want)
        {
            return Some(s);
        }
        if let DocRole::Heading(n) = role {
            return self
                .styles
                .iter()
                .find(|s| s.kind == "paragraph" && s.outline == Some(n - 1));
        }
        None
    }

    /// Style `id` and the styles it is based on, nearest first (a loop or a chain past 32 styles
    /// ends it).
    fn based_on_chain(&self, id: &str) -> Vec<&DocStyle> {
        let mut chain: Vec<&DocStyle> = Vec::new();
        let mut at = self.style(id);
        while let Some(s) = at {
            if chain.len() > 32 || chain.iter().any(|c| c.id == s.id) {
                break;
            }
            chain.push(s);
            at = s.based_on.as_deref().and_then(|b| self.style(b));
        }
        chain
    }

    /// A style's run properties through its `basedOn` chain, over the document defaults.
    pub fn run_props(&self, id: &str) -> RunProps {
        self.based_on_chain(id)
            .iter()
            .rev()
            .fold(self.defaults.clone(), |acc, s| s.run.over(&acc))
    }

    /// A style's paragraph properties through its `basedOn` chain, over the paragraph
    /// defaults (`id` empty or unknown: the defaults alone).
    pub fn para_props(&self, id: &str) -> ParaProps {
        self.style_para(id).over(&self.para_defaults)
    }

    /// A style's own paragraph properties through its `basedOn` chain, without the paragraph
    /// defaults.
    pub fn style_para(&self, id: &str) -> ParaProps {
        self.based_on_chain(id)
            .iter()
            .rev()
            .fold(ParaProps::default(), |acc, s| s.para.over(&acc))
    }

    /// The override of level 0 of numbering instance `num_id`, if it has one.
    pub fn num_override(&self, num_id: u32) -> Option<&NumOverride> {
        self.num_overrides.iter().find(|o| o.num == num_id)
    }

    /// The left indent of level 0 of the list numbering instance `num_id` (twips): the
    /// instance's own level (`w:lvlOverride`) where it has one, else its definition's
    /// (Writer 7.4 draws the override's).
    pub fn list_indent(&self, num_id: u32) -> Option<i64> {
        if let Some((l, _)) = self.num_override(num_id).and_then(|o| o.indent) {
            return Some(l);
        }
        let a = self.abstract_of(num_id)?;
        self.list_indents
            .iter()
            .find(|(id, ..)| *id == a)
            .map(|&(_, v, _)| v)
    }

    /// Where level 0 of the list numbering instance `num_id` sets its number: twips from the
    /// start margin (`w:ind` left less hanging; the left indent when neither hanging nor
    /// first line is given).
    pub fn list_number_pos(&self, num_id: u32) -> Option<i64> {
        if let Some((_, n)) = self.num_override(num_id).and_then(|o| o.indent) {
            return Some(n);
        }
        let a = self.abstract_of(num_id)?;
        self.list_indents
            .iter()
            .find(|(id, ..)| *id == a)
            .map(|&(.., n)| n)
    }

    /// The families a style's text is set in: (Latin, East Asian for `language`), theme fonts
    /// resolved; empty when neither the style nor the defaults name one.
    pub fn fonts_of(&self, id: &str, language: &str) -> (String, String) {
        self.fonts_in(&self.run_props(id), language)
    }

    /// The families run properties `r` (resolved: a style's, or a run's over its style's)
    /// set text in: (Latin, East Asian for `language`), theme fonts resolved.
    pub fn fonts_in(&self, r: &RunProps, language: &str) -> (String, String) {
        let empty = FontSet::default();
        let theme_font = |name: &str| -> String {
            let Some(th) = &self.theme else {
                return String::new();
            };
            let set = if name.starts_with("major") {
                &th.major
            } else if name.starts_with("minor") {
                &th.minor
            } else {
                &empty
            };
            if name.ends_with("EastAsia") {
                set.ea_for(language).to_string()
            } else if name.ends_with("Bidi") {
                set.cs.clone()
            } else {
                set.latin.clone()
            }
        };
        let latin = match (&r.ascii_theme, &r.ascii) {
            (Some(t), _) => theme_font(t),
            (None, Some(f)) => f.clone(),
            (None, None) => String::new(),
        };
        let ea = match (&r.east_asia_theme, &r.east_asia) {
            (Some(t), _) => theme_font(t),
            (None, Some(f)) => f.clone(),
            (None, None) => String::new(),
        };
        (latin, ea)
    }

    /// The abstract numbering a numbering instance uses.
    pub fn abstract_of(&self, num_id: u32) -> Option<u32> {
        self.nums
            .iter()
            .find(|(n, _)| *n == num_id)
            .map(|&(_, a)| a)
    }

    /// The largest `w:numId` the template uses (0: none).
    pub fn max_num(&self) -> u32 {
        self.nums.iter().map(|&(n, _)| n).max().unwrap_or(0)
    }

    /// The parts a document written on the template carries as they are: the theme, and the
    /// header and footer parts of its last section with everything they reach (pictures),
    /// in walk order, each with its relationships part as written.
    pub fn carried(&self) -> &[Carried] {
        &self.carried
    }
}

fn on(e: &specrender_opc::xml::BytesStart<'_>) -> bool {
    !matches!(
        attr_ns(e, "val").as_deref(),
        Some("0" | "false" | "off" | "none")
    )
}

fn read(bytes: Vec<u8>, limits: Limits) -> Result<DocTemplate, TemplateError> {
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

/// Most paragraphs read from one header or footer part (what is past them is not counted).
const MAX_FURNITURE_PARAS: usize = 1000;

/// Most text (bytes) kept from one header or footer part: far more than a page of header
/// holds, and a bound on what measuring it costs every document written on the template.
pub const MAX_FURNITURE_TEXT: usize = 16 * 1024;

/// The paragraphs of a header or footer part ([`Furniture`]): those in the part's flow and in
/// its tables, not those in text boxes (drawn over the page, they take no room). Field codes
/// (`w:instrText`) and deleted text are not text; a field's result is.
fn read_furniture(part: &str, xml: &[u8]) -> Result<Vec<Furniture>, TemplateError> {
    use specrender_opc::xml::{walk_text, Node};
    let mut out: Vec<Furniture> = Vec::new();
    let mut cur: Option<Furniture> = None;
    let (mut in_ppr, mut in_pbdr, mut in_mark, mut in_run, mut in_rpr, mut in_t) =
        (false, false, false, false, false, false);
    let mut run = FurnitureRun::default();
    let mut mark = RunProps::default();
    let (mut boxes, mut tables, mut in_inline) = (0usize, 0usize, false);
    let (mut row, mut cell) = (0u32, 0u32);
    let mut kept = 0usize;
    let mut keep = |text: &mut String, s: &str| {
        let room = MAX_FURNITURE_TEXT.saturating_sub(kept);
        let mut end = s.len().min(room);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        text.push_str(&s[..end]);
        kept += end;
    };
    walk_text(part, xml, |node| {
        let (name, e) = match node {
            Node::Text(s) => {
                if in_t && boxes == 0 && cur.is_some() {
                    keep(&mut run.text, s);
                }
                return Ok(());
            }
            Node::End(name) => {
                match name {
                    b"txbxContent" => boxes = boxes.saturating_sub(1),
                    _ if boxes > 0 => {}
                    b"tbl" => tables = tables.saturating_sub(1),
                    b"tc" if tables == 1 => cell += 1,
                    b"pPr" => in_ppr = false,
                    b"pBdr" => in_pbdr = false,
                    b"rPr" if in_run => in_rpr = false,
                    b"rPr" => in_mark = false,
                    b"t" => in_t = false,
                    b"inline" => in_inline = false,
                    b"r" => {
                        let r = std::mem::take(&mut run);
                        if let (Some(p), false) = (cur.as_mut(), r.text.is_empty()) {
                            p.runs.push(r);
                        }
                        in_run = false;
                    }
                    b"p" => {
                        if let Some(p) = cur.take() {
                            close_furniture_para(p, &mut mark, &mut out);
                        }
                    }
                    _ => {}
                }
                return Ok(());
            }
            Node::Start(name, e) => (name, e),
        };
        if name == b"txbxContent" {
            boxes += 1;
        }
        if boxes > 0 {
            return Ok(());
        }
        match name {
            b"tbl" => {
                tables += 1;
            }
            b"tr" if tables == 1 => {
                row += 1;
                cell = 0;
            }
            b"p" => {
                cur = Some(Furniture {
                    cell: (tables > 0).then_some((row, cell)),
                    ..Furniture::default()
                });
                mark = RunProps::default();
            }
            b"pPr" => in_ppr = true,
            b"r" => {
                in_run = true;
                run = FurnitureRun::default();
            }
            b"rPr" if in_run => in_rpr = true,
            b"rPr" if in_ppr => in_mark = true,
            _ if in_rpr => run_props(name, e, &mut run.props),
            _ if in_mark => run_props(name, e, &mut mark),
            b"t" if in_run => in_t = true,
            b"tab" if in_run => keep(&mut run.text, "\t"),
            b"br" | b"cr" if in_run => keep(&mut run.text, "\n"),
            b"noBreakHyphen" if in_run => keep(&mut run.text, "\u{2011}"),
            // A symbol font's character (`w:char`, private use): one letter of room.
            b"sym" if in_run => keep(&mut run.text, "M"),
            b"inline" => in_inline = true,
            b"extent" if in_inline => {
                let cy = specrender_opc::xml::attr_i64(e, "cy")
                    .unwrap_or(0)
                    .clamp(0, 51_206_400);
                if let Some(p) = cur.as_mut() {
                    p.picture = p.picture.max(cy);
                }
            }
            b"pStyle" if in_ppr => {
                if let Some(p) = cur.as_mut() {
                    p.style = attr_ns(e, "val");
                }
            }
            b"pBdr" if in_ppr => in_pbdr = true,
            _ if in_ppr => {
                if let Some(p) = cur.as_mut() {
                    para_props(name, e, &mut p.para, in_pbdr);
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(out)
}

/// A header's or footer's paragraph `p` at its end, onto `out` (at most
/// [`MAX_FURNITURE_PARAS`]): one without runs keeps a run of its mark's properties, so its
/// line has a size.
fn close_furniture_para(mut p: Furniture, mark: &mut RunProps, out: &mut Vec<Furniture>) {
    if p.runs.is_empty() {
        p.runs.push(FurnitureRun {
            props: std::mem::take(mark),
            text: String::new(),
        });
    }
    if out.len() < MAX_FURNITURE_PARAS {
        out.push(p);
    }
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

fn read_styles(part: &str, xml: &[u8], t: &mut DocTemplate) -> Result<(), TemplateError> {
    let mut cur: Option<DocStyle> = None;
    let (mut in_defaults, mut in_rpr, mut in_numpr) = (false, false, false);
    let (mut in_pdefaults, mut in_ppr, mut in_pbdr) = (false, false, false);
    let mut depth_other = 0usize;
    walk(part, xml, |name, e, end| {
        if end {
            match name {
                b"style" => {
                    if let Some(s) = cur.take() {
                        if t.styles.len() >= MAX_STYLES {
                            return Err(PackageError::Xml {
                                part: part.to_string(),
                                message: format!("more than {MAX_STYLES} styles"),
                            });
                        }
                        t.styles.push(s);
                    }
                }
                b"rPrDefault" => in_defaults = false,
                b"pPrDefault" => in_pdefaults = false,
                b"pPr" => in_ppr = false,
                b"pBdr" => in_pbdr = false,
                b"rPr" => in_rpr = false,
                b"numPr" => in_numpr = false,
                b"tblStylePr" | b"rPrChange" | b"pPrChange" => {
                    depth_other = depth_other.saturating_sub(1)
                }
                _ => {}
            }
            return Ok(());
        }
        // Conditional table formatting and tracked changes are not the style's own.
        if matches!(name, b"tblStylePr" | b"rPrChange" | b"pPrChange") {
            depth_other += 1;
            return Ok(());
        }
        if depth_other > 0 {
            return Ok(());
        }
        match name {
            b"rPrDefault" => in_defaults = true,
            b"pPrDefault" => in_pdefaults = true,
            b"pPr" => in_ppr = true,
            b"pBdr" if in_ppr => in_pbdr = true,
            b"style" => {
                cur = Some(DocStyle {
                    id: attr_ns(e, "styleId").unwrap_or_default(),
                    name: String::new(),
                    kind: attr_ns(e, "type").unwrap_or_else(|| "paragraph".into()),
                    based_on: None,
                    default: attr_ns(e, "default").is_some_and(|v| v == "1" || v == "true"),
                    outline: None,
                    num_id: None,
                    run: RunProps::default(),
                    para: ParaProps::default(),
                })
            }
            b"rPr" => in_rpr = true,
            b"numPr" => in_numpr = true,
            _ => match cur.as_mut() {
                Some(s) => match name {
                    b"name" => s.name = attr_ns(e, "val").unwrap_or_default(),
                    b"basedOn" => s.based_on = attr_ns(e, "val"),
                    b"outlineLvl" => {
                        s.outline = attr_ns(e, "val")
                            .and_then(|v| v.trim().parse().ok())
                            .filter(|&v: &u8| v < 9)
                    }
                    b"numId" if in_numpr => {
                        s.num_id = attr_ns(e, "val").and_then(|v| v.trim().parse().ok())
                    }
                    _ if in_rpr => run_props(name, e, &mut s.run),
                    _ if in_ppr => para_props(name, e, &mut s.para, in_pbdr),
                    _ => {}
                },
                None if in_defaults && in_rpr => run_props(name, e, &mut t.defaults),
                None if in_pdefaults && in_ppr && !in_rpr => {
                    para_props(name, e, &mut t.para_defaults, in_pbdr)
                }
                None => {}
            },
        }
        Ok(())
    })?;
    Ok(())
}

fn read_numbering(part: &str, xml: &[u8], t: &mut DocTemplate) -> Result<(), TemplateError> {
    let mut num: Option<u32> = None;
    // The abstract numbering being read and whether its level 0 is.
    let (mut abs, mut level0): (Option<u32>, bool) = (None, false);
    // In a `w:num`: its override of level 0 being read.
    let mut over: Option<NumOverride> = None;
    // `w:ind`: (left, where the number is set), twips.
    let indents = |e: &specrender_opc::xml::BytesStart<'_>| {
        let twips = |k: &str| attr_ns(e, k).and_then(|v| v.trim().parse::<i64>().ok());
        let l = twips("left").or_else(|| twips("start"))?.clamp(0, 31_680);
        // A hanging indent wins over a first line one (ECMA-376 §17.3.1.12).
        let number = match (twips("hanging"), twips("firstLine")) {
            (Some(h), _) => l - h.clamp(0, 31_680),
            (None, Some(f)) => l + f.clamp(0, 31_680),
            (None, None) => l,
        };
        Some((l, number))
    };
    walk(part, xml, |name, e, end| {
        let id = |k: &str| attr_ns(e, k).and_then(|v| v.trim().parse::<u32>().ok());
        match (name, end) {
            (b"abstractNum", false) => {
                abs = id("abstractNumId");
                if let Some(a) = abs {
                    t.max_abstract = t.max_abstract.max(a);
                }
            }
            (b"abstractNum", true) => abs = None,
            (b"lvl", false) => level0 = id("ilvl") == Some(0),
            (b"lvl", true) => level0 = false,
            (b"ind", false) if level0 => match (over.as_mut(), abs, indents(e)) {
                (Some(o), _, Some(i)) => o.indent = Some(i),
                (None, Some(a), Some((l, n))) if !t.list_indents.iter().any(|(x, ..)| *x == a) => {
                    t.list_indents.push((a, l, n));
                }
                _ => {}
            },
            (b"num", false) => num = id("numId"),
            (b"num", true) => num = None,
            (b"lvlOverride", false) => {
                over = match (num, id("ilvl")) {
                    (Some(n), Some(0)) => Some(NumOverride {
                        num: n,
                        ..NumOverride::default()
                    }),
                    _ => None,
                }
            }
            (b"lvlOverride", true) => {
                if let Some(o) = over.take() {
                    if !t.num_overrides.iter().any(|x| x.num == o.num) {
                        t.num_overrides.push(o);
                    }
                }
            }
            (b"startOverride", false) => {
                if let Some(o) = over.as_mut() {
                    o.start = id("val");
                }
            }
            (b"abstractNumId", false) => {
                if let (Some(n), Some(a)) = (num, id("val")) {
                    t.nums.push((n, a));
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    // The overriding levels as written, for lists that restart the instance's definition.
    for (n, lvl) in override_levels(xml) {
        if let Some(o) = t.num_overrides.iter_mut().find(|o| o.num == n) {
            o.lvl_xml = Some(Arc::from(lvl));
        }
    }
    Ok(())
}

/// The `w:lvl` of each `w:num/w:lvlOverride w:ilvl="0"` as written: (numId, the element's
/// text). Only in a part whose elements use the `w:` prefix (the text is carried into ours,
/// which declares `w:`); none from XML that does not read.
fn override_levels(xml: &[u8]) -> Vec<(u32, String)> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_reader(xml);
    let mut out = Vec::new();
    let (mut num, mut in_over, mut start) = (None::<u32>, false, None::<usize>);
    loop {
        let at = r.buffer_position() as usize;
        let ev = match r.read_event() {
            Ok(Event::Eof) | Err(_) => break,
            Ok(ev) => ev,
        };
        match ev {
            Event::Start(e) => {
                let val = |k: &str| attr_ns(&e, k).and_then(|v| v.trim().parse::<u32>().ok());
                match e.name().as_ref() {
                    "w:num" => num = val("numId"),
                    "w:lvlOverride" => in_over = num.is_some() && val("ilvl") == Some(0),
                    "w:lvl" if in_over => start = Some(at),
                    _ => {}
                }
            }
            Event::End(e) => match e.name().as_ref() {
                "w:num" => num = None,
                "w:lvlOverride" => in_over = false,
                "w:lvl" => {
                    if let (Some(s), Some(n)) = (start.take(), num) {
                        let end = r.buffer_position() as usize;
                        if let Some(text) =
                            xml.get(s..end).and_then(|b| std::str::from_utf8(b).ok())
                        {
                            out.push((n, text.to_string()));
                        }
                    }
                }
                _ => {}
            },
            Event::DocType(_) => return Vec::new(),
            _ => {}
        }
    }
    out
}

/// A twips attribute (`w:` namespace), read as a number and truncated.
fn twips_attr(e: &specrender_opc::xml::BytesStart<'_>, k: &str) -> Option<i64> {
    attr_ns(e, k)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map(|v| v as i64)
}

/// A section's `w:cols`: the number of columns, their space and separator line. True when
/// it says `w:equalWidth="0"` (its `w:col` children are then read).
fn section_cols(sect: &mut Section, e: &specrender_opc::xml::BytesStart<'_>) -> bool {
    let n = attr_ns(e, "num")
        .and_then(|v| v.trim().parse::<u32>().ok())
        .unwrap_or(1);
    sect.column_space = twips_attr(e, "space").filter(|&v| (0..=31_680).contains(&v));
    if n > 1 {
        sect.columns = Some((n.min(45), sect.column_space.unwrap_or(720)));
    }
    let flag = |k: &str| attr_ns(e, k).map(|v| !matches!(v.trim(), "0" | "false" | "off"));
    sect.column_line = flag("sep") == Some(true);
    flag("equalWidth") == Some(false)
}

/// A section's `w:headerReference` or `w:footerReference` (`name`): its part, by the body's
/// relationships `rels`, listed once per kind. `Err`: the relationship id it names is not an
/// internal one of the body's.
fn section_reference(
    sect: &mut Section,
    name: &[u8],
    e: &specrender_opc::xml::BytesStart<'_>,
    rels: &[specrender_opc::Rel],
) -> Result<(), String> {
    let kind = attr_ns(e, "type").unwrap_or_else(|| "default".into());
    let rid = attr_ns(e, "id").unwrap_or_default();
    let Some(r) = rels.iter().find(|r| r.id == rid && !r.external) else {
        return Err(rid);
    };
    let list = if name == b"headerReference" {
        &mut sect.headers
    } else {
        &mut sect.footers
    };
    if !list.iter().any(|(k, _)| *k == kind) {
        list.push((kind, r.target.clone()));
    }
    Ok(())
}

/// The body: its top-level blocks counted, and the last `w:sectPr` (the body's own, after the
/// last block) read.
fn read_body(
    part: &str,
    xml: &[u8],
    rels: &[specrender_opc::Rel],
    t: &mut DocTemplate,
) -> Result<(), TemplateError> {
    let mut depth = 0usize;
    let mut body_depth = None;
    let mut sect = Section::default();
    let mut in_sect = false;
    // The section's `w:cols` says `w:equalWidth="0"`: its `w:col` children are read.
    let mut unequal = false;
    let mut missing = Vec::new();
    walk(part, xml, |name, e, end| {
        if end {
            depth = depth.saturating_sub(1);
            if name == b"sectPr" {
                in_sect = false;
            }
            return Ok(());
        }
        depth += 1;
        if name == b"body" {
            body_depth = Some(depth);
            return Ok(());
        }
        let top = body_depth.is_some_and(|b| depth == b + 1);
        if top && matches!(name, b"p" | b"tbl" | b"sdt") {
            t.example_blocks += 1;
        }
        if name == b"sectPr" {
            // Every section's properties: the last one read is the body's own.
            in_sect = true;
            sect = Section::default();
            unequal = false;
            return Ok(());
        }
        if !in_sect {
            return Ok(());
        }
        let twips = |k: &str| twips_attr(e, k);
        match name {
            b"pgSz" => {
                sect.size = twips("w").zip(twips("h"));
                sect.landscape = attr_ns(e, "orient").as_deref() == Some("landscape");
            }
            b"pgMar" => {
                if let (Some(a), Some(b), Some(c), Some(d)) =
                    (twips("top"), twips("right"), twips("bottom"), twips("left"))
                {
                    sect.margins = Some([a, b, c, d]);
                }
                sect.header = twips("header");
                sect.footer = twips("footer");
                sect.gutter = twips("gutter").unwrap_or(0).max(0);
            }
            b"cols" => unequal = section_cols(&mut sect, e),
            // Word and Writer take the columns' own widths when `w:equalWidth` is off, with
            // or without `w:num` (Writer 7.4: 3000 and 5918 twips, the second column 186 pt
            // in on A4 with 1134 margins).
            b"col" if unequal && sect.column_widths.len() < 45 => {
                let w = twips("w").unwrap_or(0).clamp(0, 31_680);
                let space = twips("space").unwrap_or(0).clamp(0, 31_680);
                sect.column_widths.push((w, space));
                if sect.column_widths.len() > 1 {
                    let n = sect.column_widths.len() as u32;
                    let space = sect.column_widths[0].1;
                    sect.columns = Some((n, space));
                }
            }
            b"titlePg" => sect.title_page = on(e),
            b"docGrid" => {
                sect.doc_grid = Some((
                    attr_ns(e, "type").unwrap_or_else(|| "default".into()),
                    twips("linePitch"),
                ))
            }
            b"headerReference" | b"footerReference" => {
                if let Err(rid) = section_reference(&mut sect, name, e, rels) {
                    missing.push(rid);
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    for rid in missing {
        t.warnings.push(format!(
            "the last section names header/footer relationship {rid:?}, which {part} does not have: left out"
        ));
    }
    t.section = sect;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_ids_are_words_own() {
        let ids: Vec<String> = DocRole::ALL.iter().map(|r| r.our_id()).collect();
        assert_eq!(
            ids,
            [
                "Normal",
                "Title",
                "Subtitle",
                "Heading1",
                "Heading2",
                "Heading3",
                "Heading4",
                "Heading5",
                "Heading6",
                "ListBullet",
                "ListNumber",
                "Quote",
                "Caption",
                "FootnoteText",
                "FootnoteReference"
            ]
        );
    }
    #[test]
    fn header_and_footer_paragraphs_are_read_for_their_height() {
        // LibreOffice's letter: one centred page-number paragraph (fields, one text run).
        let xml = br#"<w:ftr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/><w:rPr></w:rPr></w:pPr><w:r><w:fldChar w:fldCharType="begin"></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:rPr><w:sz w:val="16"/></w:rPr><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>0</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:ftr>"#;
        let f = read_furniture("word/footer1.xml", xml).unwrap();
        // The field's result is its text; its code is not.
        assert_eq!(
            f,
            vec![Furniture {
                style: Some("Footer".into()),
                runs: vec![FurnitureRun {
                    props: RunProps::default(),
                    text: "0".into()
                }],
                ..Furniture::default()
            }]
        );
        // A text box's paragraphs take no room; a table's are placed by row and cell; an
        // empty paragraph is its mark's properties; an inline picture's height is kept.
        let xml = br#"<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:p><w:pPr><w:spacing w:before="120" w:after="60"/><w:ind w:left="720" w:right="360"/><w:rPr><w:sz w:val="28"/></w:rPr></w:pPr><w:r><w:pict><w:txbxContent><w:p><w:r><w:t>boxed</w:t></w:r></w:p></w:txbxContent></w:pict></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:rPr><w:rFonts w:eastAsia="MS Mincho"/><w:sz w:val="24"/><w:szCs w:val="32"/></w:rPr><w:t>a &amp; </w:t></w:r><w:r><w:tab/><w:t>b</w:t><w:br/><w:t xml:space="preserve">c</w:t></w:r></w:p><w:p/></w:tc><w:tc><w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="228600"/></wp:inline></w:drawing></w:r></w:p></w:tc></w:tr></w:tbl></w:hdr>"#;
        let f = read_furniture("word/header1.xml", xml).unwrap();
        assert_eq!(f.len(), 4, "{f:?}");
        assert_eq!(f[0].runs.len(), 1);
        assert_eq!(
            (f[0].runs[0].props.size_half_pt, f[0].text()),
            (Some(28), String::new())
        );
        assert_eq!((f[0].para.before, f[0].para.after), (Some(120), Some(60)));
        assert_eq!(
            (f[0].para.indent_left, f[0].para.indent_right),
            (Some(720), Some(360))
        );
        assert_eq!(f[0].cell, None);
        let r = &f[1].runs;
        assert_eq!((r.len(), f[1].cell), (2, Some((1, 0))));
        assert_eq!(
            (
                r[0].props.size_half_pt,
                r[0].props.size_cs_half_pt,
                r[0].props.east_asia.as_deref()
            ),
            (Some(24), Some(32), Some("MS Mincho"))
        );
        assert_eq!(
            (r[1].props.size_half_pt, f[1].text()),
            (None, "a & \tb\nc".into())
        );
        assert_eq!((f[2].text(), f[2].cell), (String::new(), Some((1, 0))));
        assert_eq!((f[3].picture, f[3].cell), (228_600, Some((1, 1))));
        // Text past MAX_FURNITURE_TEXT is not kept (whole characters).
        let long = "é".repeat(MAX_FURNITURE_TEXT);
        let xml = format!(
            r#"<w:hdr xmlns:w="urn:w"><w:p><w:r><w:t>{long}</w:t></w:r></w:p><w:p><w:r><w:t>more</w:t></w:r></w:p></w:hdr>"#
        );
        let f = read_furniture("word/header2.xml", xml.as_bytes()).unwrap();
        assert_eq!(f[0].text().len(), MAX_FURNITURE_TEXT);
        assert_eq!(f[1].text(), "");
        // Read from the fixture: the letter's one footer.
        let bytes = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../tests/fixtures/doc-templates/libreoffice-letter.docx"),
        )
        .unwrap();
        let t = DocTemplate::from_bytes(bytes).unwrap();
        assert_eq!(t.furniture.len(), 1);
        assert_eq!(t.furniture[0].1.len(), 1);
    }

    #[test]
    fn paragraph_properties_resolve_through_based_on_over_the_defaults() {
        let xml = br#"<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:pPrDefault><w:pPr><w:spacing w:after="200" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:pPr><w:widowControl w:val="0"/></w:pPr><w:rPr><w:spacing w:val="20"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Titre1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>
<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="480" w:after="0"/><w:ind w:start="360"/><w:outlineLvl w:val="0"/><w:rPr><w:b/></w:rPr></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Exact"><w:name w:val="Exact"/><w:basedOn w:val="Titre1"/>
<w:pPr><w:spacing w:line="300" w:lineRule="exact" w:beforeAutospacing="1"/><w:pageBreakBefore/><w:contextualSpacing w:val="false"/></w:pPr></w:style>
</w:styles>"#;
        let mut t = read_styles_only(xml);
        let n = t.para_props("Normal");
        assert_eq!(
            (n.after, n.line, n.line_rule.as_deref()),
            (Some(200), Some(276), Some("auto"))
        );
        assert_eq!(n.widow_control, Some(false));
        // The run's character spacing (w:rPr/w:spacing) is not the paragraph's.
        assert_eq!(n.before, None);
        let h = t.para_props("Titre1");
        assert_eq!((h.before, h.after, h.line), (Some(480), Some(0), Some(276)));
        assert_eq!(
            (h.keep_next, h.keep_lines, h.indent_left),
            (Some(true), Some(true), Some(360))
        );
        assert_eq!(h.widow_control, Some(false), "through basedOn");
        let e = t.para_props("Exact");
        assert_eq!((e.line, e.line_rule.as_deref()), (Some(300), Some("exact")));
        assert_eq!(
            (e.before_auto, e.page_break_before, e.contextual),
            (Some(true), Some(true), Some(false))
        );
        // Without the style's own chain, the defaults alone.
        assert_eq!(t.style_para("Normal").after, None);
        assert_eq!(t.para_props("nope").after, Some(200));
        t.para_defaults = ParaProps::default();
        assert_eq!(t.para_props("Titre1").line, None);
    }

    #[test]
    fn paragraph_borders_add_space_and_line_through_based_on() {
        let xml = br#"<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:pPrDefault><w:pPr><w:pBdr><w:top w:val="single" w:sz="4" w:space="1"/></w:pBdr></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:bdr w:val="single" w:sz="24" w:space="9"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Titre"><w:name w:val="Title"/><w:basedOn w:val="Normal"/>
<w:pPr><w:pBdr><w:bottom w:val="single" w:sz="8" w:space="4" w:color="4F81BD"/></w:pBdr><w:spacing w:after="300"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/><w:basedOn w:val="Titre"/>
<w:pPr><w:pBdr><w:top w:val="nil"/><w:bottom w:val="double" w:sz="12" w:space="6"/></w:pBdr></w:pPr></w:style>
<w:style w:type="table" w:styleId="Grid"><w:name w:val="Grid"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0"/></w:tblBorders></w:tblPr></w:style>
</w:styles>"#;
        let t = read_styles_only(xml);
        // pPrDefault's top border (0.5 pt line, 1 pt space: 30 twips); a run border is not
        // the paragraph's.
        let n = t.para_props("Normal");
        assert_eq!((n.border_top, n.border_bottom), (Some(30), None));
        // The French template's Title: a 1 pt line 4 pt below, 100 twips (Writer: 5.0 pt).
        let ti = t.para_props("Titre");
        assert_eq!((ti.border_top, ti.border_bottom), (Some(30), Some(100)));
        assert_eq!(
            ti.after,
            Some(300),
            "spacing after the border is still read"
        );
        // A side said `nil` removes the inherited one; the other side is the style's own.
        let p = t.para_props("Plain");
        assert_eq!((p.border_top, p.border_bottom), (Some(0), Some(150)));
        // Table borders are not paragraph borders.
        assert_eq!(t.para_props("Grid").border_top, Some(30));
        assert_eq!(t.style_para("Grid").border_top, None);
    }

    fn read_styles_only(xml: &[u8]) -> DocTemplate {
        let mut t = DocTemplate {
            kind: "docx".into(),
            ..DocTemplate::default()
        };
        read_styles("word/styles.xml", xml, &mut t).unwrap();
        t
    }

    #[test]
    fn list_indents_come_from_level_0_of_the_abstract_numbering() {
        let xml = br#"<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:pPr><w:ind w:left="360" w:hanging="360"/></w:pPr></w:lvl>
<w:lvl w:ilvl="1"><w:pPr><w:ind w:left="1080" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num></w:numbering>"#;
        let mut t = read_styles_only(
            b"<w:styles xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"/>",
        );
        read_numbering("word/numbering.xml", xml, &mut t).unwrap();
        assert_eq!(t.list_indent(7), Some(360));
        assert_eq!(t.list_indent(8), None);
        // left 360, hanging 360: the number on the margin.
        assert_eq!(t.list_number_pos(7), Some(0));
        assert_eq!(t.list_number_pos(8), None);
    }

    #[test]
    fn the_last_sections_columns_and_orientation_read_as_written() {
        let body = |sect: &str| {
            let xml = format!(
                r#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/><w:sectPr>{sect}</w:sectPr></w:body></w:document>"#
            );
            let mut t = DocTemplate::default();
            read_body("word/document.xml", xml.as_bytes(), &[], &mut t).unwrap();
            t.section
        };
        let s = body(r#"<w:cols w:num="2" w:space="360"/>"#);
        assert_eq!(
            (s.columns, s.column_widths.len(), s.column_line),
            (Some((2, 360)), 0, false)
        );
        // Own widths (Writer 7.4 draws them with or without w:num), a line between.
        let s = body(
            r#"<w:cols w:space="720" w:equalWidth="0" w:sep="1"><w:col w:w="3000" w:space="720"/><w:col w:w="5918"/></w:cols>"#,
        );
        assert_eq!(s.columns, Some((2, 720)));
        assert_eq!(s.column_widths, vec![(3000, 720), (5918, 0)]);
        assert!(s.column_line);
        // `w:col` children of equal columns are not widths.
        let s = body(
            r#"<w:cols w:num="2" w:space="720"><w:col w:w="3000"/><w:col w:w="5918"/></w:cols>"#,
        );
        assert_eq!((s.columns, s.column_widths.len()), (Some((2, 720)), 0));
        // Landscape said, width and height not swapped: read as written (Writer 7.4 draws
        // a portrait page, 595 x 842 pt).
        let s = body(r#"<w:pgSz w:w="11906" w:h="16838" w:orient="landscape"/>"#);
        assert_eq!((s.size, s.landscape), (Some((11_906, 16_838)), true));
    }

    #[test]
    fn an_instance_overriding_its_level_0_has_that_levels_indents() {
        // Writer 7.4 (python-docx's default with numId 1 and 5 overriding level 0: start 3,
        // left 2880 hanging 360): the items' text at 2880, the number at 2520, "3.".
        let xml = br#"<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:pPr><w:ind w:left="360" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num>
<w:num w:numId="8"><w:abstractNumId w:val="3"/><w:lvlOverride w:ilvl="1"><w:lvl w:ilvl="1"><w:pPr><w:ind w:left="5000"/></w:pPr></w:lvl></w:lvlOverride><w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"/><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:pPr><w:ind w:left="2880" w:hanging="360"/></w:pPr></w:lvl></w:lvlOverride></w:num>
<w:num w:numId="9"><w:abstractNumId w:val="3"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num></w:numbering>"#;
        let mut t = read_styles_only(
            b"<w:styles xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"/>",
        );
        read_numbering("word/numbering.xml", xml, &mut t).unwrap();
        assert_eq!(
            (t.list_indent(7), t.list_number_pos(7)),
            (Some(360), Some(0))
        );
        assert_eq!(
            (t.list_indent(8), t.list_number_pos(8)),
            (Some(2880), Some(2520))
        );
        let o = t.num_override(8).unwrap();
        assert_eq!((o.start, o.indent), (Some(3), Some((2880, 2520))));
        let lvl = o.lvl_xml.as_deref().unwrap();
        assert!(
            lvl.starts_with(r#"<w:lvl w:ilvl="0"><w:start w:val="3"/>"#),
            "{lvl}"
        );
        assert!(lvl.ends_with("</w:pPr></w:lvl>"), "{lvl}");
        // A start override alone: the definition's indents.
        let o = t.num_override(9).unwrap();
        assert_eq!(
            (o.start, o.indent, o.lvl_xml.is_none()),
            (Some(5), None, true)
        );
        assert_eq!(t.list_indent(9), Some(360));
    }
}
