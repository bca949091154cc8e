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

use crate::{wording, Issue, QcReport, Severity, Summary};
use specrender_model::doc::{LaidContent, LaidDoc};
use specrender_model::{Location, Note};
use specrender_spec::Findings;
use std::collections::BTreeMap;

/// Headings that skip levels.
fn heading_skips(laid: &LaidDoc, out: &mut Vec<Issue>) {
    let mut prev = 1u8;
    for b in &laid.blocks {
        if let LaidContent::Heading { level, .. } = b.content {
            if level > prev + 1 {
                let at = Location::Block {
                    block_id: b.id.clone(),
                    page: Some(b.pages.0),
                };
                out.push(wording::located(
                    &at,
                    wording::heading_skip(&b.id, prev, level),
                ));
            }
            prev = level;
        }
    }
}

/// The QC report of a laid-out document; `warnings` are the input's validation warnings.
pub fn check_doc(laid: &LaidDoc, warnings: &Findings) -> QcReport {
    let mut issues: Vec<Issue> = laid.notes.iter().map(wording::note_issue).collect();
    heading_skips(laid, &mut issues);
    for w in warnings.iter() {
        issues.push(wording::warning_issue(w, &Location::Document));
    }
    issues.extend(wording::not_embedded(&laid.embedding));
    sort_doc_issues(laid, &mut issues);
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

/// Block order, then type (document-level issues first); stable.
fn sort_doc_issues(laid: &LaidDoc, issues: &mut [Issue]) {
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
}

impl QcReport {
    /// Adds what a document's PDF could not claim (`pdf_not_accessible`, keyed by block):
    /// `specrender_pdf::Pdf::ua_gaps` of the document's PDF, in the report's order.
    pub fn add_doc_notes(&mut self, laid: &LaidDoc, notes: &[Note]) {
        self.push_notes(notes);
        sort_doc_issues(laid, &mut self.issues);
    }
}
