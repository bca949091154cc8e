//! Accessibility rules on a Word document, with the kinds and severities of the deck rules
//! (`crate::access`, as Word's Accessibility Checker ranks them): its errors are medium (a
//! picture, chart or diagram without alternative text, `wp:docPr descr`, and not marked
//! decorative; a table of two rows or more without a header row: neither `w:tblHeader` on
//! its first row nor `w:tblLook` firstRow), its warnings low (link text that is a bare URL
//! or says nothing, "click here"; no `w:lang` anywhere: not in the document defaults, the
//! styles nor any run). Everything is looked at: body paragraphs, table cells, text boxes.

use super::findings::{drawing_at, issue, on_drawing, Key};
use super::read::{Block, Graphic, Para};
use super::Doc;
use crate::access::VAGUE;
use serde_json::json;
use specrender_qc::{Issue, IssueKind, Severity};

/// `f` on every paragraph of a block: its own, its cells', its text boxes'.
fn each_para<'b>(b: &'b Block, f: &mut impl FnMut(&'b Para)) {
    fn para<'b>(p: &'b Para, f: &mut impl FnMut(&'b Para), depth: usize) {
        f(p);
        if depth > 8 {
            return;
        }
        for d in &p.drawings {
            for q in d.text.iter().flatten() {
                para(q, f, depth + 1);
            }
        }
    }
    match b {
        Block::Para(p) => para(p, f, 0),
        Block::Table(t) => {
            for c in t.rows.iter().flat_map(|r| &r.cells) {
                for p in &c.paras {
                    para(p, f, 0);
                }
            }
        }
    }
}

fn para_issues(p: &Para, k: &Key, out: &mut Vec<Issue>) {
    for d in &p.drawings {
        let what = match d.graphic {
            Graphic::Picture => "picture",
            Graphic::Chart => "chart",
            Graphic::Diagram => "diagram",
            _ => continue,
        };
        if d.descr.trim().is_empty() && !d.decorative {
            let i = issue(
                Some(k),
                IssueKind::MissingAltText,
                Severity::Medium,
                vec![("graphic", json!(what))],
                format!(
                    "{}: a {what} without alternative text; describe it in its alt text (descr), or mark it decorative.",
                    drawing_at(k, d)
                ),
            );
            out.push(on_drawing(i, d));
        }
    }
    for l in &p.links {
        let plain = l.trim_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace());
        let url = l.contains("://") || l.trim_start().starts_with("www.");
        if url || VAGUE.contains(&plain.to_lowercase().as_str()) {
            out.push(issue(
                Some(k),
                IssueKind::UnclearLinkText,
                Severity::Low,
                vec![("link_text", json!(l))],
                format!(
                    "{}: link text \"{}\" {}; say where the link goes.",
                    k.at,
                    l.chars().take(80).collect::<String>(),
                    if url {
                        "is a bare URL"
                    } else {
                        "says nothing of where it goes"
                    }
                ),
            ));
        }
    }
}

/// The document's accessibility issues, block by block, and `missing_language` last.
pub fn issues(doc: &Doc, keys: &[Key]) -> Vec<Issue> {
    let mut out = Vec::new();
    let mut any_text = false;
    for (b, k) in doc.body.blocks.iter().zip(keys) {
        each_para(b, &mut |p| {
            any_text |= !p.text().trim().is_empty();
            para_issues(p, k, &mut out);
        });
        if let Block::Table(t) = b {
            let header = t.look_first_row || t.rows.first().is_some_and(|r| r.header);
            if t.rows.len() >= 2 && !header {
                out.push(issue(
                    Some(k),
                    IssueKind::TableNoHeader,
                    Severity::Medium,
                    vec![],
                    format!(
                        "{}: a table without a header row; mark its first row as the header (Table Design > Header Row, and Repeat Header Rows), so a screen reader names each column.",
                        k.at
                    ),
                ));
            }
        }
    }
    if any_text && !doc.body.has_lang && !doc.styles_lang {
        out.push(issue(
            None,
            IssueKind::MissingLanguage,
            Severity::Low,
            vec![],
            "no text names its language (w:lang, in the document defaults, a style or a run); set the document's language, so screen readers and spelling use the right one."
                .into(),
        ));
    }
    out
}
