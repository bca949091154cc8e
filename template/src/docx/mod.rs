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
//!
//! Rooms: `read` (the package: main part, the parts it names, their content types, what is
//! carried), `styles` (`w:styles`: styles and document defaults), `numbering`
//! (`w:numbering`: instances, level-0 indents, overrides), `body` (the example blocks
//! counted, the last section's page), `furniture` (header and footer paragraphs, for their
//! height) and `props` (run and paragraph properties as styles and paragraphs write them);
//! here, the [`DocTemplate`] they fill and its queries.

mod body;
mod furniture;
mod numbering;
mod props;
mod read;
mod styles;

use crate::carry::Carried;
use crate::model::{FontSet, Theme};
use serde::Serialize;
use std::sync::Arc;

pub use furniture::{Furniture, FurnitureRun, MAX_FURNITURE_TEXT};
pub use props::{para_props, run_props, ParaProps, RunProps};
pub use specrender_model::doc::DocRole;

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

impl DocTemplate {
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
}
