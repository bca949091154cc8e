//! What elements and blocks hold: pictures and figures whose asset is missing, charts
//! (`chart_labels_crowded`, `chart_data_mismatch`), shapes, placeholder kinds, boxes and
//! titles the input got wrong, citations that do not fit the footer, and what the PDF could
//! not claim (`pdf_not_accessible`).

use super::{details, short, Described};
use crate::numbers::{fmt_in, inch_value, rect_in};
use crate::{IssueKind, Severity};
use serde_json::json;
use specrender_model::{ChartDataProblem, Location, PdfMissing, Rect, SlotRole};
use specrender_spec::deck::ElementKind;
use specrender_spec::units::Emu;
use specrender_spec::{Code, Reason};
use std::collections::BTreeMap;

/// What PDF/UA-1 requires that the deck or document did not give.
pub(super) fn pdf_not_accessible(at: &Location, label: &str, missing: &PdfMissing) -> Described {
    let (what, message) = match missing {
        PdfMissing::Title if at.in_document() => (
            "title",
            "the PDF does not declare PDF/UA-1: the document has no title (doc.title).".to_string(),
        ),
        PdfMissing::Title => (
            "title",
            "the PDF does not declare PDF/UA-1: the deck has no title (deck.title).".to_string(),
        ),
        PdfMissing::AltText => (
            "alt_text",
            format!(
                "{label}: the PDF does not declare PDF/UA-1: this {} has no alt_text; give it one (a sentence saying what it shows).",
                if at.in_document() { "figure" } else { "picture" }
            ),
        ),
        PdfMissing::Other(e) => (
            "other",
            format!(
                "the PDF does not declare PDF/UA-1: its validation found {}.",
                e.chars().take(200).collect::<String>()
            ),
        ),
    };
    (
        IssueKind::PdfNotAccessible,
        Severity::Low,
        details(vec![("missing", json!(what))]),
        message,
    )
}

/// A shape name that is not a preset.
pub(super) fn unknown_shape(label: &str, name: &str) -> Described {
    (
        IssueKind::UnknownShape,
        Severity::Low,
        details(vec![("shape", json!(name))]),
        format!("{label}: shape \"{}\" is not one of rect, rounded_rect, ellipse, chevron, pentagon, arrow_right; drawn as a rectangle.", short(name)),
    )
}

/// An element kind drawn as a labelled placeholder box.
pub(super) fn placeholder_element(label: &str, kind: ElementKind) -> Described {
    (
        IssueKind::PlaceholderElement,
        Severity::Low,
        details(vec![("kind", json!(kind.as_str()))]),
        format!("{label}: {} elements are drawn as a labelled placeholder box by this version of specrender.", kind.as_str()),
    )
}

/// A `style.box` that is not a positive size: the element is not drawn.
pub(super) fn invalid_box(label: &str, [x, y, w, h]: [Emu; 4]) -> Described {
    (
        IssueKind::Input(Code::InvalidBox),
        Severity::High,
        details(vec![("rect_in", rect_in(&Rect { x, y, w, h }))]),
        format!("{label}: style.box is {} x {} in; its width and height must be positive numbers, so the element is not drawn. Give it a positive w and h, or remove the box to use the layout slot.", fmt_in(w), fmt_in(h)),
    )
}

/// A second `role: "title"`, moved to a body slot.
pub(super) fn second_title(label: &str, moved_to: SlotRole) -> Described {
    (
        IssueKind::Input(Code::SecondTitle),
        Severity::Low,
        details(vec![("moved_to", json!(moved_to.as_str()))]),
        format!("{label}: a second element with role \"title\"; the slide has one title, so it was placed in the {} slot. Give it another role (e.g. \"subtitle\" or \"body\").", moved_to.as_str()),
    )
}

/// A chart's category labels overlap even thinned.
pub(super) fn labels_crowded(label: &str, widest: Emu, slot: Emu, skip: u32) -> Described {
    (
        IssueKind::ChartLabelsCrowded,
        Severity::Medium,
        details(vec![
            ("widest_label_in", inch_value(widest)),
            ("category_width_in", inch_value(slot)),
            ("label_every", json!(skip)),
        ]),
        format!("{label}: category labels overlap even when thinned (widest label {} in, {} in per category); shorten the category names, use fewer categories, or give the chart more width.", fmt_in(widest), fmt_in(slot)),
    )
}

/// `chart_data_mismatch`: where a chart's `data_ref` CSV and its series disagree.
pub(super) fn chart_data(label: &str, data_ref: &str, problem: &ChartDataProblem) -> Described {
    let mut details = BTreeMap::new();
    details.insert("data_ref".to_string(), json!(data_ref));
    let message = match problem {
        ChartDataProblem::Unreadable { reason } => {
            details.insert("reason".into(), json!(reason));
            format!("{label}: data_ref \"{data_ref}\" could not be read ({reason}); the chart draws its own series.")
        }
        ChartDataProblem::Disagrees { count, listed } => {
            details.insert("differences".into(), json!(count));
            details.insert("listed".into(), json!(listed));
            let more = match count.saturating_sub(listed.len()) {
                0 => String::new(),
                n => format!(" (and {n} more)"),
            };
            format!("{label}: the series disagree with data_ref \"{data_ref}\": {}{more}; the chart draws its own series — correct whichever is wrong.", listed.join("; "))
        }
    };
    (
        IssueKind::ChartDataMismatch,
        Severity::Low,
        details,
        message,
    )
}

/// A picture's (deck) or figure's (document) asset that is missing, refused or undecodable.
pub(super) fn missing_asset(
    at: &Location,
    label: &str,
    asset_id: &str,
    reason: Reason,
    detail: &str,
) -> Described {
    let message = if at.in_document() {
        format!(
            "{label}: figure asset {asset_id:?} cannot be used ({reason}: {detail}); a bracketed placeholder line was written. \
             Put a PNG or JPEG named {asset_id:?} (or {asset_id}.png) in the assets folder, or remove the figure."
        )
    } else {
        format!("{label}: asset \"{asset_id}\" was not drawn ({}: {detail}); a grey placeholder with the alt text stands in. {}", reason.as_str(), asset_advice(reason))
    };
    (
        IssueKind::MissingAsset,
        Severity::High,
        details(vec![
            ("asset_id", json!(asset_id)),
            ("reason", json!(reason.as_str())),
            ("detail", json!(detail)),
        ]),
        message,
    )
}

/// What an agent can do about a refused asset.
fn asset_advice(r: Reason) -> &'static str {
    match r {
        Reason::NotInAssets => "Add an entry with this asset_id to `assets`, or fix the id.",
        Reason::NotFound => "Put the file in the assets folder (--assets) or fix file_id; URLs are never fetched.",
        Reason::OutsideRoot => "Give a path relative to the assets folder, without `..`, absolute paths or links out of it.",
        Reason::NotAFile => "Point file_id at a regular file.",
        Reason::TooLarge => "Give a smaller image (at most 20,000 px a side, 64 MP, 50 MiB).",
        Reason::Undecodable => "The file is damaged or truncated; export it again.",
        Reason::UnsupportedFormat => "Give a PNG or JPEG (GIF, WebP, BMP and TIFF are converted).",
        Reason::Unreadable => "Check the file's permissions.",
    }
}

/// `citations_overflow`: how many footer entries fit, which are left out, what to do.
pub(super) fn citations_overflow(
    label: &str,
    total: usize,
    shown: usize,
    left_out: &[(u32, String)],
    no_band: bool,
) -> Described {
    let list: Vec<_> = left_out
        .iter()
        .map(|(n, id)| json!({"number": n, "citation_id": id}))
        .collect();
    let named: Vec<String> = left_out
        .iter()
        .take(10)
        .map(|(n, id)| format!("[{n}] \"{}\"", short(id)))
        .collect();
    let more = match left_out.len().saturating_sub(named.len()) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let why = if no_band {
        "this layout has no footer band (image_full_bleed), so none is shown on the slide"
            .to_string()
    } else {
        format!("the footer band holds {shown} of {total} entries at the 8pt minimum")
    };
    let message = format!("{label}: {why}; left out of the footer: {}{more} (their details are in the speaker notes). Cite fewer sources on this slide, shorten the citation titles, or move some content and its citations to another slide.", named.join(", "));
    (
        IssueKind::CitationsOverflow,
        Severity::Medium,
        details(vec![
            ("total", json!(total)),
            ("shown", json!(shown)),
            ("left_out", json!(list)),
            ("no_band", json!(no_band)),
        ]),
        message,
    )
}
