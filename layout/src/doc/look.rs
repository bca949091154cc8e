//! A Word template resolved into the model's [`DocLook`], once per document: what the DOCX
//! writer carries and rewrites, the last section's settings, and the numbering our lists use
//! on it (the template's own `List Bullet` / `List Number` numbering where our roles use
//! those styles).

use specrender_model::doc::StyleUse;
use specrender_model::doc_look::{DocLook, DocSection, ListNumbering};
use specrender_template::DocTemplate;

/// `t` resolved for a document whose roles use `styles`.
pub fn look(t: &DocTemplate, styles: &[StyleUse]) -> DocLook {
    let s = &t.section;
    DocLook {
        styles_part: t.styles_part.clone(),
        numbering_part: t.numbering_part.clone(),
        theme_part: t.theme_part.clone(),
        carried: t.carried().to_vec(),
        section: DocSection {
            landscape: s.landscape,
            column_space: s.column_space,
            column_widths: s.column_widths.clone(),
            column_line: s.column_line,
            title_page: s.title_page,
            doc_grid: s.doc_grid.clone(),
            headers: s.headers.clone(),
            footers: s.footers.clone(),
        },
        default_character_style: t
            .styles
            .iter()
            .find(|s| s.kind == "character" && s.default)
            .map(|s| s.id.clone()),
        lists: lists(t, styles),
    }
}

/// Our lists' numbering on `t`: new definitions and instances past the template's own,
/// except where our bullets or numbers use the template's own list style and that applies
/// numbering with a definition.
fn lists(t: &DocTemplate, styles: &[StyleUse]) -> ListNumbering {
    let (abstract_base, num_base) = match t.numbering_part {
        Some(_) => (t.max_abstract + 1, t.max_num()),
        None => (0, 0),
    };
    // A template style's numbering, when the style is the template's and applies one.
    let styled = |ours: &str| -> Option<u32> {
        let u = styles.iter().find(|s| s.ours == ours && s.from_template)?;
        t.style(&u.id)?
            .num_id
            .filter(|&n| t.abstract_of(n).is_some())
    };
    let number = styled("ListNumber");
    ListNumbering {
        abstract_base,
        num_base,
        bullet: styled("ListBullet"),
        number_abstract: number.and_then(|n| t.abstract_of(n)),
        number_lvl: number.and_then(|n| t.num_override(n)?.lvl_xml.clone()),
    }
}
