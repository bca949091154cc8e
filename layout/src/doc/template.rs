//! A document on a customer's reference .docx / .dotx (issue 21): which of the template's
//! styles each of our roles uses ([`style_map`]), the page of its last section ([`page_of`]),
//! and the fonts and sizes text is measured with ([`theme_on`]). The writer carries the
//! template's styles, numbering, theme, headers and footers; layout decides what they mean
//! for measurement here, once.

use super::page::{Page, EMU_PER_TWIP};
use specrender_spec::deck::{LangFamily, Theme};
use specrender_spec::units::{Cpt, EMU_PER_INCH};
use specrender_template::{DocRole, DocTemplate};

/// One role's style in a document on a template.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StyleUse {
    pub role: DocRole,
    /// Our style id for the role (`Heading1`): what the writer asks for.
    pub ours: String,
    /// The id written: the template's style, or ours (renamed `Spec<id>` when the template
    /// gives our id to a style of another meaning).
    pub id: String,
    /// The template has the role's style (`false`: specrender adds its own, based on the
    /// template's `Normal`).
    pub from_template: bool,
    /// How it was found: `name` (Word's built-in name), `outline` (a heading's outline
    /// level), or `added`.
    pub how: &'static str,
}

/// Every role's style on `t`.
pub fn style_map(t: &DocTemplate) -> Vec<StyleUse> {
    DocRole::ALL
        .iter()
        .map(|&role| {
            let ours = role.our_id();
            match t.style_for(role) {
                Some(s) => {
                    let by_name = norm(&s.name) == norm(&role.builtin_name())
                        || (role == DocRole::Normal && s.default);
                    StyleUse {
                        role,
                        ours,
                        id: s.id.clone(),
                        from_template: true,
                        how: if by_name { "name" } else { "outline" },
                    }
                }
                None => {
                    let id = if t.style(&ours).is_some() {
                        format!("Spec{ours}")
                    } else {
                        ours.clone()
                    };
                    StyleUse {
                        role,
                        ours,
                        id,
                        from_template: false,
                        how: "added",
                    }
                }
            }
        })
        .collect()
}

fn norm(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The page of the template's last section: its size (none written: A4 or Letter by
/// language, as without a template), margins (none written: 1 in), header and footer
/// distances, gutter and columns.
pub fn page_of(t: &DocTemplate, language: &str) -> Page {
    let s = &t.section;
    let base = Page::for_language(language);
    let tw = |v: i64| v.clamp(0, 31_680) * EMU_PER_TWIP;
    let mut page = match s.size {
        Some((w, h)) if w >= 1440 && h >= 1440 => {
            let (w, h) = (tw(w), tw(h));
            let name = if (w, h) == (Page::A4.width, Page::A4.height) {
                "a4"
            } else if (w, h) == (Page::LETTER.width, Page::LETTER.height) {
                "letter"
            } else {
                "template"
            };
            Page {
                name,
                width: w,
                height: h,
                ..base
            }
        }
        _ => base,
    };
    if let Some(m) = s.margins {
        // Word takes a negative top or bottom margin's size (text never runs under a header
        // drawn over it); left and right are never negative.
        page.margins = [tw(m[0].abs()), tw(m[1]), tw(m[2].abs()), tw(m[3])];
    }
    if let Some(h) = s.header {
        page.header = tw(h);
    }
    page.footer = s.footer.map(tw).unwrap_or(page.header);
    page.gutter = tw(s.gutter);
    page.columns = s.columns.map(|(n, space)| (n, tw(space)));
    // A page whose margins leave less than an inch of text keeps our margins: the layout
    // needs room to measure in (the writer still writes the template's page).
    if page.text_width() < EMU_PER_INCH || page.text_height() < EMU_PER_INCH {
        page.margins = base.margins;
        page.gutter = 0;
        page.columns = None;
    }
    page
}

/// The theme a document on `t` is measured with: fonts and sizes from the template's
/// `Normal`, `heading 1`, `Title`, `Subtitle` and `caption` styles (through `basedOn`, the
/// document defaults and the template's theme fonts) wherever the document kept the default.
pub fn theme_on(theme: &Theme, t: &DocTemplate, language: &str, lang: LangFamily) -> Theme {
    let defaults = specrender_spec::resolve::default_theme(lang);
    let mut out = theme.clone();
    let id = |role: DocRole| t.style_for(role).map(|s| s.id.clone());
    let fonts = |role: DocRole| {
        id(role)
            .map(|i| t.fonts_of(&i, language))
            .unwrap_or_else(|| t.fonts_of("", language))
    };
    let take = |slot: &mut String, default: &str, from: &str| {
        if slot == default && !from.trim().is_empty() {
            *slot = from.to_string();
        }
    };
    let (body, body_ea) = fonts(DocRole::Normal);
    let (head, head_ea) = fonts(DocRole::Heading(1));
    let f = &mut out.fonts;
    take(&mut f.body, &defaults.fonts.body, &body);
    take(&mut f.body_ea, &defaults.fonts.body_ea, &body_ea);
    take(&mut f.heading, &defaults.fonts.heading, &head);
    take(&mut f.heading_ea, &defaults.fonts.heading_ea, &head_ea);
    let size = |role: DocRole| -> Option<Cpt> {
        let r = match id(role) {
            Some(i) => t.run_props(&i),
            None if role == DocRole::Normal => t.run_props(""),
            None => return None,
        };
        r.size_half_pt.map(|h| h as Cpt * 50)
    };
    let s = &mut out.sizes;
    for (slot, default, role) in [
        (&mut s.body, defaults.sizes.body, DocRole::Normal),
        (&mut s.title, defaults.sizes.title, DocRole::Title),
        (&mut s.subtitle, defaults.sizes.subtitle, DocRole::Subtitle),
        (&mut s.caption, defaults.sizes.caption, DocRole::Caption),
    ] {
        if *slot == default {
            if let Some(v) = size(role) {
                *slot = v;
            }
        }
    }
    // Word's own default when neither the template nor its defaults give a size: 10 pt.
    if s.body == defaults.sizes.body && size(DocRole::Normal).is_none() {
        s.body = 1000;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> DocTemplate {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/doc-templates")
            .join(name);
        DocTemplate::from_bytes(std::fs::read(p).unwrap()).unwrap()
    }

    #[test]
    fn french_ids_map_by_built_in_name() {
        let t = fixture("edited-fr-ids.docx");
        let m = style_map(&t);
        let get = |r: DocRole| m.iter().find(|s| s.role == r).unwrap();
        assert_eq!(get(DocRole::Heading(1)).id, "Titre1");
        assert_eq!(get(DocRole::Heading(1)).how, "name");
        assert_eq!(get(DocRole::Title).id, "Titre");
        assert_eq!(get(DocRole::ListBullet).id, "Listepuces");
        // python-docx's default has no footnote styles: ours are added.
        assert!(!get(DocRole::FootnoteText).from_template);
        let page = page_of(&t, "en-US");
        assert_eq!(page.name, "a4");
        assert_eq!(page.margins, [1134 * EMU_PER_TWIP; 4]);
        assert_eq!(t.section.headers.len(), 1);
        assert_eq!(t.section.footers.len(), 1);
        assert!(t
            .carried()
            .iter()
            .any(|c| c.name == "word/media/image1.png"));
    }

    #[test]
    fn japanese_names_map_by_outline_level() {
        let t = fixture("edited-ja-names.docx");
        let m = style_map(&t);
        let h1 = m.iter().find(|s| s.role == DocRole::Heading(1)).unwrap();
        assert_eq!((h1.id.as_str(), h1.how), ("1", "outline"));
        let h3 = m.iter().find(|s| s.role == DocRole::Heading(3)).unwrap();
        assert_eq!(h3.id, "3");
        let th = theme_on(
            &specrender_spec::resolve::default_theme(LangFamily::Japanese),
            &t,
            "ja",
            LangFamily::Japanese,
        );
        assert_eq!(th.fonts.body_ea, "MS Mincho");
        assert_eq!(th.sizes.body, 1050);
        assert_eq!(page_of(&t, "ja").margins, [1701 * EMU_PER_TWIP; 4]);
    }

    #[test]
    fn a_dotx_reads_and_letter_styles_resolve_theme_fonts() {
        let t = fixture("libreoffice-letter.dotx");
        assert_eq!(t.kind, "dotx");
        let t = fixture("pandoc-reference.docx");
        let th = theme_on(
            &specrender_spec::resolve::default_theme(LangFamily::Other),
            &t,
            "en-US",
            LangFamily::Other,
        );
        // pandoc's Normal: the theme's minor font at 12 pt; headings the major font.
        assert_eq!(th.fonts.body, t.theme.as_ref().unwrap().minor.latin);
        assert_eq!(th.fonts.heading, t.theme.as_ref().unwrap().major.latin);
        assert_eq!(th.sizes.body, 1200);
        // No page written: Letter for US English.
        assert_eq!(page_of(&t, "en-US").name, "letter");
    }
}
