//! Embedded fonts (`--embed-fonts`): each family the file names with text that was not
//! embedded is a low `font_not_embedded`, keyed by family, saying why (its licence, its
//! outlines, or that it was measured with another design); the faces embedded are listed in
//! the report's `embedded_fonts` with the bytes each adds.

use crate::{Issue, IssueKind, Severity};
use serde_json::json;
use specrender_model::embed::Embedding;

/// One `font_not_embedded` per family and face not embedded.
pub(crate) fn not_embedded(e: &Embedding) -> Vec<Issue> {
    e.refused
        .iter()
        .map(|r| Issue {
            kind: IssueKind::FontNotEmbedded,
            slide_id: None,
            source_slide_id: None,
            element_id: None,
            block_id: None,
            severity: Severity::Low,
            details: [
                ("family".to_string(), json!(r.family)),
                ("measured_with".to_string(), json!(r.face)),
                ("reason".to_string(), json!(r.reason)),
            ]
            .into_iter()
            .collect(),
            message: format!(
                "Font \"{}\" is not embedded: {}. Viewers without it substitute another face, \
                 and lines may break differently there.",
                r.family, r.why
            ),
        })
        .collect()
}
