//! The Word template a document is written on, as the writer needs it — resolved once by
//! layout (`specrender_layout::doc::look`) from the parsed template: the parts it carries and
//! rewrites, its last section's page settings, and the numbering our lists use on it. The
//! writer reads this and never the template.

use crate::look::CarriedPart;
use std::sync::Arc;

/// See the module docs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DocLook {
    /// Its styles part (name, bytes as stored): the writer adds the styles of the roles it
    /// lacks and writes the brand's values into it.
    pub styles_part: Option<(String, Arc<[u8]>)>,
    /// Its numbering part (name, bytes as stored): the writer adds our lists' numbering.
    pub numbering_part: Option<(String, Arc<[u8]>)>,
    /// Its theme part, carried (then the writer writes no theme of its own).
    pub theme_part: Option<String>,
    /// The parts carried as they are (the theme, the last section's headers and footers
    /// with what they reach), in walk order, each with its relationships part as written.
    pub carried: Vec<CarriedPart>,
    /// Its last section's settings the document's section keeps.
    pub section: DocSection,
    /// The id of its default character style (`w:type="character" w:default="1"`).
    pub default_character_style: Option<String>,
    /// The numbering our lists use on it.
    pub lists: ListNumbering,
}

/// The template's last section, as the document's section keeps it (the page size and
/// margins are layout's: [`crate::doc::Page`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DocSection {
    /// `w:pgSz w:orient="landscape"`.
    pub landscape: bool,
    /// `w:cols w:space` as written (one column too).
    pub column_space: Option<i64>,
    /// Columns of their own widths (width and the space after, twips); empty: equal columns.
    pub column_widths: Vec<(i64, i64)>,
    /// `w:cols w:sep`: a line between columns.
    pub column_line: bool,
    /// `w:titlePg`: a different first-page header and footer.
    pub title_page: bool,
    /// `w:docGrid` type and line pitch (East Asian templates).
    pub doc_grid: Option<(String, Option<i64>)>,
    /// Header and footer parts by kind (`default`, `first`, `even`).
    pub headers: Vec<(String, String)>,
    pub footers: Vec<(String, String)>,
}

/// Which numbering definitions and instances our lists use on a template.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListNumbering {
    /// Our definitions' and instances' ids count up from these, past the template's own:
    /// one past its largest `w:abstractNumId`, and its largest `w:numId` (0 and 0 when it
    /// has no numbering part).
    pub abstract_base: u32,
    pub num_base: u32,
    /// The numbering instance of the template's own `List Bullet` style, when our bullets use
    /// that style and it applies numbering that has a definition.
    pub bullet: Option<u32>,
    /// The definition of the template's own `List Number` style's numbering (ordered lists
    /// restart it), on the same terms.
    pub number_abstract: Option<u32>,
    /// The level 0 that style's instance overrides its definition with (`w:lvlOverride/w:lvl`,
    /// as written): each restart carries it.
    pub number_lvl: Option<Arc<str>>,
}
