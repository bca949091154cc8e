//! DocSpec QC (docs/concepts/findings.md): `&LaidDoc -> QcReport`, pure like the deck checks. Issues:
//! `table_overflow` (high: columns wider than the text area even at 8 pt), `unbreakable_text`
//! (medium: a cell's word, number or URL wider than its column), `missing_asset` (high: a
//! figure whose image is missing or refused), `heading_skip` (medium: a heading more than one
//! level below the previous one; the first heading may be level 1 or 2, the document title
//! being above it), `font_fallback` (medium: a substituted family, or characters no font has),
//! `table_ragged_rows` (low: rows with more or fewer cells than columns, as decks report them),
//! `template_content_dropped` (low: what the carry policy dropped from a template part,
//! details `{part, kind, target}`, no `block_id`) and input warnings (low `input_warning`).
//! Citations resolving to nothing never get here: validation refuses them
//! (`unresolved_citation`, exit 2). Every issue names its `block_id`; `slide_id` is null. An
//! issue on a block says the page layout predicted for it (`details.page`, 1-based).

use crate::{wording, Issue, IssueKind, QcReport, Severity, Summary};
use serde_json::{json, Value};
use specrender_model::doc::{LaidContent, LaidDoc};
use specrender_spec::Findings;
use std::collections::BTreeMap;

type Parts = (
    IssueKind,
    Option<String>,
    Severity,
    BTreeMap<String, Value>,
    String,
);

fn issue((kind, block_id, severity, details, message): Parts) -> Issue {
    Issue {
        kind,
        slide_id: None,
        source_slide_id: None,
        element_id: None,
        block_id,
        severity,
        details,
        message,
    }
}

/// Headings that skip levels.
fn heading_skips(laid: &LaidDoc, out: &mut Vec<Issue>) {
    let mut prev = 1u8;
    for b in &laid.blocks {
        if let LaidContent::Heading { level, .. } = b.content {
            if level > prev + 1 {
                out.push(issue(wording::heading_skip(&b.id, prev, level)));
            }
            prev = level;
        }
    }
}

/// The QC report of a laid-out document; `warnings` are the input's validation warnings.
pub fn check_doc(laid: &LaidDoc, warnings: &Findings) -> QcReport {
    let mut issues: Vec<Issue> = laid
        .findings
        .iter()
        .map(|f| issue(wording::doc_finding(f)))
        .collect();
    heading_skips(laid, &mut issues);
    // Where the block lands: the page layout predicted for it (`details.page`).
    for i in &mut issues {
        let page = i
            .block_id
            .as_deref()
            .and_then(|id| laid.blocks.iter().find(|b| b.id == id))
            .map(|b| b.pages.0);
        if let Some(p) = page {
            i.details.insert("page".to_string(), json!(p));
        }
    }
    for n in &laid.notes {
        let mut d = BTreeMap::new();
        d.insert("path".to_string(), json!(n.path));
        issues.push(issue((
            IssueKind::Input(n.code),
            None,
            Severity::Low,
            d,
            format!("{}: {}", n.path, n.message),
        )));
    }
    for w in warnings.iter() {
        let mut d = BTreeMap::new();
        d.insert("path".to_string(), json!(w.path));
        d.insert("code".to_string(), json!(w.code.as_str()));
        issues.push(issue((
            IssueKind::InputWarning,
            None,
            Severity::Low,
            d,
            format!("{}: {}", w.path, w.message),
        )));
    }
    issues.extend(crate::fonts::not_embedded(&laid.embedding));
    // Block order, then type (document-level issues first).
    let rank = |i: &Issue| {
        i.block_id
            .as_deref()
            .and_then(|id| laid.blocks.iter().position(|b| b.id == id))
            .map_or(0, |p| p + 1)
    };
    issues.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then_with(|| a.kind.as_str().cmp(b.kind.as_str()))
    });
    let mut counts = BTreeMap::new();
    for i in &issues {
        *counts.entry(i.kind.to_string()).or_insert(0) += 1;
    }
    QcReport {
        pass: !issues
            .iter()
            .any(|i| matches!(i.severity, Severity::High | Severity::Medium)),
        needs_human_edit: Vec::new(),
        summary: Summary {
            slides_in: 0,
            slides_out: 0,
            blocks_in: Some(laid.blocks.len()),
            issues: counts,
        },
        issues,
        fixes: Vec::new(),
        tables: Vec::new(),
        embedded_fonts: laid.embedding.faces.clone(),
    }
}

impl QcReport {
    /// Adds what a document's PDF could not claim (`pdf_not_accessible`, keyed by block):
    /// `specrender_pdf::Pdf::ua_gaps` of the document's PDF.
    pub fn add_doc_notes(&mut self, laid: &LaidDoc, notes: &[specrender_model::Note]) {
        for n in notes {
            let specrender_model::Finding::PdfNotAccessible { missing } = &n.finding else {
                continue;
            };
            let at = n.element_id.clone().unwrap_or_default();
            let (what, message) = match missing {
                specrender_model::PdfMissing::Title => (
                    "title",
                    "the PDF does not declare PDF/UA-1: the document has no title (doc.title)."
                        .to_string(),
                ),
                specrender_model::PdfMissing::AltText => (
                    "alt_text",
                    format!("{at}: the PDF does not declare PDF/UA-1: this figure has no alt_text; give it one (a sentence saying what it shows)."),
                ),
                specrender_model::PdfMissing::Other(e) => (
                    "other",
                    format!("the PDF does not declare PDF/UA-1: its validation found {}.", e.chars().take(200).collect::<String>()),
                ),
            };
            let mut details = BTreeMap::new();
            details.insert("missing".to_string(), json!(what));
            if let Some(b) = laid
                .blocks
                .iter()
                .find(|b| Some(&b.id) == n.element_id.as_ref())
            {
                details.insert("page".to_string(), json!(b.pages.0));
            }
            let i = issue((
                IssueKind::PdfNotAccessible,
                n.element_id.clone(),
                Severity::Low,
                details,
                message,
            ));
            *self.summary.issues.entry(i.kind.to_string()).or_insert(0) += 1;
            self.issues.push(i);
        }
    }
}
