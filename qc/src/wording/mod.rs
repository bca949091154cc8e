//! The words an agent reads: every finding layout made and every fix it took, turned into the
//! report's issues (type, severity, details, one-line message) and fix entries — for decks and
//! documents alike. Layout records what happened as data (a [`Finding`] at a [`Location`]);
//! this module is the one place that says it. Where a deck and a document differ in what was
//! done (a picture's grey box, a figure's placeholder line), the words follow the location.
//!
//! One file per family of findings: `fonts` (substitutes, missing glyphs, broken words, faces
//! not embedded), `look` (layouts and templates), `content` (charts, pictures, shapes,
//! citations, the PDF), `tables` (ragged rows, tables too wide, unbreakable cells, heading
//! skips), `input` (values resolve could not use, validation warnings), `fixes` (the fit
//! policy's actions).

mod content;
mod fonts;
mod input;
mod look;
mod tables;

pub(crate) mod fixes;

pub(crate) use fixes::fix_entry;
pub(crate) use fonts::not_embedded;
pub(crate) use input::warning_issue;
pub(crate) use tables::heading_skip;

use crate::{Issue, IssueKind, Severity};
use serde_json::{json, Value};
use specrender_model::{Finding, Location, Note};
use std::collections::BTreeMap;

/// What an issue says: its type, severity, details and message.
pub(crate) type Described = (IssueKind, Severity, BTreeMap<String, Value>, String);

/// A layout finding as an issue at its location.
pub(crate) fn note_issue(n: &Note) -> Issue {
    located(&n.at, describe(&n.finding, &n.at))
}

/// An issue at `at`: the slide, source slide and element (decks), or the block and the page
/// it starts on (`details.page`, documents).
pub(crate) fn located(at: &Location, (kind, severity, mut details, message): Described) -> Issue {
    let mut issue = Issue {
        kind,
        slide_id: None,
        source_slide_id: None,
        element_id: None,
        block_id: None,
        severity,
        details: BTreeMap::new(),
        message,
    };
    match at {
        Location::Slide {
            slide_id,
            source_slide_id,
            element_id,
        } => {
            issue.slide_id = Some(slide_id.clone());
            issue.source_slide_id = Some(source_slide_id.clone());
            issue.element_id = element_id.clone();
        }
        Location::Block { block_id, page } => {
            issue.block_id = Some(block_id.clone());
            if let Some(p) = page {
                details.insert("page".to_string(), json!(p));
            }
        }
        Location::Deck | Location::Document => {}
    }
    issue.details = details;
    issue
}

/// How a message names where it is: `s3/e2`, `s3`, a block id; empty for the deck or the
/// document as a whole.
fn label(at: &Location) -> String {
    match at {
        Location::Slide {
            slide_id,
            element_id: Some(e),
            ..
        } => format!("{slide_id}/{e}"),
        Location::Slide { slide_id, .. } => slide_id.clone(),
        Location::Block { block_id, .. } => block_id.clone(),
        Location::Deck | Location::Document => String::new(),
    }
}

/// Type, severity, details and message of a finding made at `at`.
fn describe(f: &Finding, at: &Location) -> Described {
    let label = label(at);
    match f {
        Finding::FontSubstituted {
            family,
            measured_with,
            stand_in,
        } => fonts::substituted(family, measured_with, *stand_in),
        Finding::MissingGlyphs { chars } => fonts::missing_glyphs(at, &label, chars),
        Finding::BrokenWords { words } => fonts::broken_words(&label, words),
        Finding::UnknownLayout { layout_id, used } => {
            look::unknown_layout(&label, layout_id, *used)
        }
        Finding::TemplateLayoutFallback { layout_id, slots } => {
            look::layout_fallback(&label, layout_id, slots)
        }
        Finding::TemplateLayoutMissing {
            layout_id,
            name,
            used,
        } => look::layout_missing(&label, layout_id, name, used.as_deref()),
        Finding::UnknownTemplate {
            template_id,
            built_in,
            folder,
        } => look::unknown_template(at, template_id, built_in, *folder),
        Finding::TemplateContentDropped(d) => {
            let (details, message) = look::dropped_words(d);
            (
                IssueKind::TemplateContentDropped,
                Severity::Low,
                details,
                message,
            )
        }
        Finding::PdfNotAccessible { missing } => content::pdf_not_accessible(at, &label, missing),
        Finding::UnknownShape { name } => content::unknown_shape(&label, name),
        Finding::PlaceholderElement { kind } => content::placeholder_element(&label, *kind),
        Finding::InvalidBox { x, y, w, h } => content::invalid_box(&label, [*x, *y, *w, *h]),
        Finding::SecondTitle { moved_to } => content::second_title(&label, *moved_to),
        Finding::ChartLabelsCrowded {
            widest_label,
            slot,
            skip,
        } => content::labels_crowded(&label, *widest_label, *slot, *skip),
        Finding::ChartData { data_ref, problem } => content::chart_data(&label, data_ref, problem),
        Finding::MissingAsset {
            asset_id,
            reason,
            detail,
        } => content::missing_asset(at, &label, asset_id, *reason, detail),
        Finding::CitationsOverflow {
            total,
            shown,
            left_out,
            no_band,
        } => content::citations_overflow(&label, *total, *shown, left_out, *no_band),
        Finding::TableRaggedRows { rows, columns } => {
            let (d, message) = tables::ragged_rows(&label, rows, *columns);
            (IssueKind::TableRaggedRows, Severity::Low, d, message)
        }
        Finding::TableTooWide {
            needed,
            width,
            columns,
            size,
        } => tables::too_wide(&label, *needed, *width, columns, *size),
        Finding::UnbreakableText {
            row,
            column,
            text,
            needed,
            width,
        } => tables::unbreakable(&label, (*row, *column), text, *needed, *width),
        Finding::Input(n) => input::resolve_note(at, n),
    }
}

/// Details from `(key, value)` pairs.
fn details(pairs: Vec<(&str, Value)>) -> BTreeMap<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// A word as quoted in a message: at most 40 characters.
fn short(w: &str) -> String {
    if w.chars().count() <= 40 {
        w.to_string()
    } else {
        format!("{}…", w.chars().take(39).collect::<String>())
    }
}
