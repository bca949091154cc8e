//! `specrender check FILE.docx`: the same QC report for a Word document (.docx, .dotx and
//! their macro-enabled kinds) specrender did not make (docs/guide/check.md, documents).
//!
//! Stages, one module each:
//! 1. styles, document defaults, theme fonts, numbering and the last section through the
//!    template crate's reference-document reader (`DocTemplate`, under the caller's limits);
//!    [`read`](mod@read): the body as the file writes it (paragraphs, runs, tables, drawings, text
//!    boxes, every section's page);
//! 2. [`measure`]: paragraphs, rows and text boxes through the shared text engine (Writer's
//!    line model, as our own documents), the body flowed down each section's pages by the
//!    layout's page model: the page of every block and the page count;
//! 3. [`findings`]: `out_of_bounds` (text, tables, pictures outside the text area),
//!    `overflow` (fixed-size text boxes), `heading_skip`, `font_fallback`, `page_count`;
//! 4. [`access`]: `missing_alt_text`, `table_no_header`, `unclear_link_text`,
//!    `missing_language`.

pub mod access;
pub mod findings;
pub mod measure;
pub mod read;

use crate::{CheckError, CheckOptions};
use specrender_fonts::FontBook;
use specrender_opc::xml::{attr_ns, walk};
use specrender_opc::Package;
use specrender_qc::QcReport;
use specrender_template::docx::DocTemplate;
use specrender_template::TemplateError;

/// A document read: its styles and its body.
#[derive(Debug, Clone)]
pub struct Doc {
    pub template: DocTemplate,
    pub body: read::Body,
    /// The styles part names a language (`w:lang` in the defaults or a style).
    pub styles_lang: bool,
    /// Each table style's own `w:tblCellMar` (top, left, bottom, right; twips).
    pub cell_margins: Vec<(String, [Option<i64>; 4])>,
}

impl Doc {
    /// The cell margins of table `t` (top, left, bottom, right; twips): its own, else its
    /// style's through `basedOn`, else the default table style's, else Word's (0, 0.075 in).
    pub fn margins_of(&self, t: &read::Table) -> [i64; 4] {
        let mut m = t.cell_margins;
        let default = self
            .template
            .styles
            .iter()
            .find(|s| s.kind == "table" && s.default)
            .map(|s| s.id.clone());
        let mut at = t.style.clone().or(default.clone());
        for _ in 0..34 {
            let Some(id) = at else { break };
            if let Some((_, own)) = self.cell_margins.iter().find(|(s, _)| *s == id) {
                for (v, o) in m.iter_mut().zip(own) {
                    *v = v.or(*o);
                }
            }
            at = match self.template.style(&id).and_then(|s| s.based_on.clone()) {
                Some(b) => Some(b),
                None if Some(&id) != default.as_ref() => default.clone(),
                None => None,
            };
        }
        [
            m[0].unwrap_or(0),
            m[1].unwrap_or(108),
            m[2].unwrap_or(0),
            m[3].unwrap_or(108),
        ]
    }
}

fn template_error(e: TemplateError) -> CheckError {
    match e {
        TemplateError::Package(p) => CheckError::Package(p),
        TemplateError::NotADocument(m) | TemplateError::NotAPresentation(m) => {
            CheckError::NotAPresentation(m)
        }
    }
}

/// Reads a Word document whose main part is `main`.
pub fn read(
    bytes: Vec<u8>,
    pkg: &Package,
    main: &str,
    opts: &CheckOptions,
) -> Result<Doc, CheckError> {
    let template = DocTemplate::from_bytes_with(bytes, opts.limits).map_err(template_error)?;
    let xml = pkg.read_xml(main, Some("_rels/.rels"))?;
    let body = read::body(main, &xml)?;
    let mut styles_lang = false;
    let mut cell_margins: Vec<(String, [Option<i64>; 4])> = Vec::new();
    if let Some((part, xml)) = &template.styles_part {
        let (mut style, mut in_mar) = (None::<String>, false);
        walk(part, xml, |name, e, end| {
            match (name, end) {
                (b"lang", false) => {
                    styles_lang |= ["val", "eastAsia", "bidi"]
                        .iter()
                        .any(|k| attr_ns(e, k).is_some_and(|v| !v.trim().is_empty()))
                }
                (b"style", false) => {
                    style = (attr_ns(e, "type").as_deref() == Some("table"))
                        .then(|| attr_ns(e, "styleId").unwrap_or_default());
                }
                (b"style", true) => style = None,
                (b"tblCellMar", false) => in_mar = style.is_some(),
                (b"tblCellMar", true) => in_mar = false,
                (_, false) if in_mar => {
                    let id = style.clone().unwrap_or_default();
                    if !cell_margins.iter().any(|(s, _)| *s == id) {
                        cell_margins.push((id.clone(), [None; 4]));
                    }
                    if let Some((_, m)) = cell_margins.iter_mut().find(|(s, _)| *s == id) {
                        read::cell_margin(name, e, m);
                    }
                }
                _ => {}
            }
            Ok(())
        })?;
    }
    Ok(Doc {
        template,
        body,
        styles_lang,
        cell_margins,
    })
}

/// Checks a Word document: its findings as a QC report.
pub fn check(
    bytes: Vec<u8>,
    pkg: &Package,
    main: &str,
    book: &FontBook,
    opts: &CheckOptions,
) -> Result<QcReport, CheckError> {
    let doc = read(bytes, pkg, main, opts)?;
    let _counting = specrender_layout::work::counting(opts.work_budget);
    let measured = measure::doc(&doc, book, opts)?;
    Ok(findings::report(&doc, &measured))
}
