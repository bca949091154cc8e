//! Fonts: a family substituted (`font_fallback`), characters no font has (`font_fallback`),
//! words broken inside (`broken_word`), faces a file could not embed (`font_not_embedded`).

use super::{details, short, Described};
use crate::{Issue, IssueKind, Severity};
use serde_json::json;
use specrender_model::embed::Embedding;
use specrender_model::Location;

/// A requested family measured with another (a documented stand-in, or the default).
pub(super) fn substituted(family: &str, measured_with: &str, stand_in: bool) -> Described {
    if stand_in {
        (
            IssueKind::FontFallback,
            Severity::Medium,
            details(vec![
                ("family", json!(family)),
                ("measured_with", json!(measured_with)),
                ("stand_in", json!(true)),
            ]),
            format!("Font \"{family}\" has no free metric-compatible clone; text was measured with the stand-in \"{measured_with}\", chosen to be at least as wide, so lines may break earlier than needed. Pass --fonts with the real \"{family}\" files to measure exactly."),
        )
    } else {
        (
            IssueKind::FontFallback,
            Severity::Medium,
            details(vec![("family", json!(family)), ("measured_with", json!(measured_with))]),
            format!("Font \"{family}\" is not available; text was measured with \"{measured_with}\", so viewers without \"{family}\" may wrap differently. Use a shipped family (Calibri, Noto Sans CJK) or pass --fonts."),
        )
    }
}

/// Characters no available font has; a document's own (`Location::Document`) are its title's
/// or subtitle's.
pub(super) fn missing_glyphs(at: &Location, label: &str, chars: &[char]) -> Described {
    let shown: Vec<String> = chars.iter().map(char::to_string).collect();
    let points: Vec<String> = chars
        .iter()
        .map(|c| format!("U+{:04X}", *c as u32))
        .collect();
    let label = match at {
        Location::Document => "title",
        _ => label,
    };
    let message = format!("{label}: no available font has {} ({}); they will show as empty boxes. Remove them or pass --fonts with a font that has them.", shown.join(" "), points.join(", "));
    (
        IssueKind::FontFallback,
        Severity::Medium,
        details(vec![
            ("missing_chars", json!(shown)),
            ("codepoints", json!(points)),
        ]),
        message,
    )
}

/// Words wider than their box, broken inside.
pub(super) fn broken_words(label: &str, words: &[String]) -> Described {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{}\"", short(w))).collect();
    (
        IssueKind::BrokenWord,
        Severity::Low,
        details(vec![("words", json!(words))]),
        format!("{label}: {} wider than the box and broken inside; shorten it or allow a break (e.g. a space).", quoted.join(", ")),
    )
}

/// One low `font_not_embedded` per family and face the file names but does not embed
/// (`--embed-fonts`), keyed by family, saying why (its licence, its outlines, or that it was
/// measured with another design).
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
            details: details(vec![
                ("family", json!(r.family)),
                ("measured_with", json!(r.face)),
                ("reason", json!(r.reason)),
            ]),
            message: format!(
                "Font \"{}\" is not embedded: {}. Viewers without it substitute another face, \
                 and lines may break differently there.",
                r.family, r.why
            ),
        })
        .collect()
}
