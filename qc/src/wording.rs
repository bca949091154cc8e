//! The words an agent reads: every finding layout made and every fix it took, turned into the
//! report's issues (type, severity, details, one-line message) and fix entries. Layout records
//! what happened as data; this module is the one place that says it.

use crate::numbers::{cpt_value, fmt_cpt, fmt_in, inch_value, rect_in};
use crate::{FixEntry, Issue, IssueKind, Severity};
use serde_json::{json, Value};
use specrender_model::doc::DocFinding;
use specrender_model::{
    ChartDataProblem, Finding, Fix, FixAction, LaidDeck, Note, PdfMissing, Rect,
};
use specrender_spec::{Code, Reason, SpecError};
use std::collections::BTreeMap;

/// The presets a `layout_id` may name, as the `unknown_layout` message lists them.
const PRESETS: &str = "title_center, section_header, one_column, two_column, chart_focus, table_focus, image_full_bleed, quote_center, closing, blank";

/// A layout finding as an issue.
pub(crate) fn note_issue(laid: &LaidDeck, n: &Note) -> Issue {
    // A note may name only the output slide; fill in its source from the layout.
    let source = n.source_slide_id.clone().or_else(|| {
        let id = n.slide_id.as_deref()?;
        laid.slides
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.source_id.clone())
    });
    let at = match (&n.slide_id, &n.element_id) {
        (Some(s), Some(e)) => format!("{s}/{e}"),
        (Some(s), None) => s.clone(),
        (None, Some(e)) => e.clone(),
        (None, None) => String::new(),
    };
    let (kind, severity, details, message) = describe(&n.finding, &at);
    Issue {
        kind,
        slide_id: n.slide_id.clone(),
        source_slide_id: source,
        element_id: n.element_id.clone(),
        block_id: None,
        severity,
        details,
        message,
    }
}

type Described = (IssueKind, Severity, BTreeMap<String, Value>, String);

/// Type, severity, details and message of a finding made at `at` (`s3/e2`, or `s3`).
fn describe(f: &Finding, at: &str) -> Described {
    let details = |pairs: Vec<(&str, Value)>| -> BTreeMap<String, Value> {
        pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    };
    match f {
        Finding::FontSubstituted {
            family,
            measured_with,
            stand_in: false,
        } => (
            IssueKind::FontFallback,
            Severity::Medium,
            details(vec![("family", json!(family)), ("measured_with", json!(measured_with))]),
            format!("Font \"{family}\" is not available; text was measured with \"{measured_with}\", so viewers without \"{family}\" may wrap differently. Use a shipped family (Calibri, Noto Sans CJK) or pass --fonts."),
        ),
        Finding::FontSubstituted {
            family,
            measured_with,
            stand_in: true,
        } => (
            IssueKind::FontFallback,
            Severity::Medium,
            details(vec![
                ("family", json!(family)),
                ("measured_with", json!(measured_with)),
                ("stand_in", json!(true)),
            ]),
            format!("Font \"{family}\" has no free metric-compatible clone; text was measured with the stand-in \"{measured_with}\", chosen to be at least as wide, so lines may break earlier than needed. Pass --fonts with the real \"{family}\" files to measure exactly."),
        ),
        Finding::MissingGlyphs { chars } => {
            let shown: Vec<String> = chars.iter().map(char::to_string).collect();
            let points: Vec<String> = chars.iter().map(|c| format!("U+{:04X}", *c as u32)).collect();
            let message = format!("{at}: no available font has {} ({}); they will show as empty boxes. Remove them or pass --fonts with a font that has them.", shown.join(" "), points.join(", "));
            (
                IssueKind::FontFallback,
                Severity::Medium,
                details(vec![("missing_chars", json!(shown)), ("codepoints", json!(points))]),
                message,
            )
        }
        Finding::BrokenWords { words } => {
            let quoted: Vec<String> = words.iter().map(|w| format!("\"{}\"", short(w))).collect();
            (
                IssueKind::BrokenWord,
                Severity::Low,
                details(vec![("words", json!(words))]),
                format!("{at}: {} wider than the box and broken inside; shorten it or allow a break (e.g. a space).", quoted.join(", ")),
            )
        }
        Finding::UnknownLayout { layout_id, used } => (
            IssueKind::UnknownLayout,
            Severity::Low,
            details(vec![("layout_id", json!(layout_id)), ("used", json!(used.id()))]),
            format!("{at}: layout_id \"{layout_id}\" is not a preset; used \"{}\" from the slide type. Use one of: {PRESETS}.", used.id()),
        ),
        Finding::TemplateLayoutFallback { layout_id, slots } => (
            IssueKind::TemplateLayoutFallback,
            Severity::Low,
            details(vec![("layout_id", json!(layout_id))]),
            format!(
                "{at}: the template has no layout for \"{layout_id}\" (by name, type or placeholders); the slide is placed by specrender's own slots {}. Add such a layout to the template for its own look.",
                match *slots {
                    "presets" => "on the slide's safe area (the master has no title or body area)",
                    "layout title" => "below the title placeholder of the layout it goes onto",
                    _ => "inside the master's title and body areas",
                }
            ),
        ),
        Finding::TemplateLayoutMissing { layout_id, name, used } => (
            IssueKind::TemplateLayoutMissing,
            Severity::Low,
            details(vec![
                ("layout_id", json!(layout_id)),
                ("name", json!(name)),
                ("used", json!(used)),
            ]),
            format!(
                "{at}: theme.brand.tokens.layouts maps \"{layout_id}\" to \"{}\", which is not a layout of the template; {}. Use one of the names `specrender template inspect` lists.",
                short(name),
                match used {
                    Some(u) => format!("used \"{}\" instead", short(u)),
                    None => "placed by specrender's own slots instead".to_string(),
                }
            ),
        ),
        Finding::UnknownTemplate {
            template_id,
            built_in,
            folder,
        } => (
            IssueKind::UnknownTemplate,
            Severity::Medium,
            details(vec![("template_id", json!(template_id))]),
            if *folder {
                format!("theme.template_ref.template_id \"{}\" is neither a built-in look ({}) nor a template in the templates folder (<id>.pptx or <id>.potx); the deck was laid out on the built-in look.", short(template_id), built_in.join(", "))
            } else {
                format!("theme.template_ref.template_id \"{}\" is not a built-in look ({}), and no templates folder was given to find <id>.pptx or <id>.potx in (--templates DIR); the deck was laid out on the built-in look.", short(template_id), built_in.join(", "))
            },
        ),
        Finding::TemplateContentDropped(d) => {
            let (details, message) = dropped_words(d);
            (IssueKind::TemplateContentDropped, Severity::Low, details, message)
        }
        Finding::PdfNotAccessible { missing } => {
            let (what, message) = match missing {
                PdfMissing::Title => (
                    "title".to_string(),
                    "the PDF does not declare PDF/UA-1: the deck has no title (deck.title).".to_string(),
                ),
                PdfMissing::AltText => (
                    "alt_text".to_string(),
                    format!("{at}: the PDF does not declare PDF/UA-1: this picture has no alt_text; give it one (a sentence saying what it shows)."),
                ),
                PdfMissing::Other(e) => (
                    "other".to_string(),
                    format!("the PDF does not declare PDF/UA-1: its validation found {}.", short(e)),
                ),
            };
            (
                IssueKind::PdfNotAccessible,
                Severity::Low,
                details(vec![("missing", json!(what))]),
                message,
            )
        }
        Finding::UnknownShape { name } => (
            IssueKind::UnknownShape,
            Severity::Low,
            details(vec![("shape", json!(name))]),
            format!("{at}: shape \"{}\" is not one of rect, rounded_rect, ellipse, chevron, pentagon, arrow_right; drawn as a rectangle.", short(name)),
        ),
        Finding::PlaceholderElement { kind } => (
            IssueKind::PlaceholderElement,
            Severity::Low,
            details(vec![("kind", json!(kind.as_str()))]),
            format!("{at}: {} elements are drawn as a labelled placeholder box by this version of specrender.", kind.as_str()),
        ),
        Finding::InvalidBox { x, y, w, h } => (
            IssueKind::Input(Code::InvalidBox),
            Severity::High,
            details(vec![("rect_in", rect_in(&Rect { x: *x, y: *y, w: *w, h: *h }))]),
            format!("{at}: style.box is {} x {} in; its width and height must be positive numbers, so the element is not drawn. Give it a positive w and h, or remove the box to use the layout slot.", fmt_in(*w), fmt_in(*h)),
        ),
        Finding::SecondTitle { moved_to } => (
            IssueKind::Input(Code::SecondTitle),
            Severity::Low,
            details(vec![("moved_to", json!(moved_to.as_str()))]),
            format!("{at}: a second element with role \"title\"; the slide has one title, so it was placed in the {} slot. Give it another role (e.g. \"subtitle\" or \"body\").", moved_to.as_str()),
        ),
        Finding::ChartLabelsCrowded {
            widest_label,
            slot,
            skip,
        } => (
            IssueKind::ChartLabelsCrowded,
            Severity::Medium,
            details(vec![
                ("widest_label_in", inch_value(*widest_label)),
                ("category_width_in", inch_value(*slot)),
                ("label_every", json!(skip)),
            ]),
            format!("{at}: category labels overlap even when thinned (widest label {} in, {} in per category); shorten the category names, use fewer categories, or give the chart more width.", fmt_in(*widest_label), fmt_in(*slot)),
        ),
        Finding::ChartData { data_ref, problem } => chart_data(at, data_ref, problem),
        Finding::MissingAsset {
            asset_id,
            reason,
            detail,
        } => (
            IssueKind::MissingAsset,
            Severity::High,
            details(vec![
                ("asset_id", json!(asset_id)),
                ("reason", json!(reason.as_str())),
                ("detail", json!(detail)),
            ]),
            format!("{at}: asset \"{asset_id}\" was not drawn ({}: {detail}); a grey placeholder with the alt text stands in. {}", reason.as_str(), asset_advice(*reason)),
        ),
        Finding::CitationsOverflow {
            total,
            shown,
            left_out,
            no_band,
        } => citations_overflow(at, *total, *shown, left_out, *no_band),
        Finding::TableRaggedRows { rows, columns } => {
            let (d, message) = ragged_rows(at, rows, *columns);
            (IssueKind::TableRaggedRows, Severity::Low, d, message)
        }
        Finding::Input(n) => (
            IssueKind::Input(n.code),
            Severity::Low,
            details(vec![("path", json!(n.path))]),
            n.message.clone(),
        ),
    }
}

/// `chart_data_mismatch`: where a chart's `data_ref` CSV and its series disagree.
fn chart_data(at: &str, data_ref: &str, problem: &ChartDataProblem) -> Described {
    let mut details = BTreeMap::new();
    details.insert("data_ref".to_string(), json!(data_ref));
    let message = match problem {
        ChartDataProblem::Unreadable { reason } => {
            details.insert("reason".into(), json!(reason));
            format!("{at}: data_ref \"{data_ref}\" could not be read ({reason}); the chart draws its own series.")
        }
        ChartDataProblem::Disagrees { count, listed } => {
            details.insert("differences".into(), json!(count));
            details.insert("listed".into(), json!(listed));
            let more = match count.saturating_sub(listed.len()) {
                0 => String::new(),
                n => format!(" (and {n} more)"),
            };
            format!("{at}: the series disagree with data_ref \"{data_ref}\": {}{more}; the chart draws its own series — correct whichever is wrong.", listed.join("; "))
        }
    };
    (
        IssueKind::ChartDataMismatch,
        Severity::Low,
        details,
        message,
    )
}

/// `citations_overflow`: how many footer entries fit, which are left out, what to do.
fn citations_overflow(
    at: &str,
    total: usize,
    shown: usize,
    left_out: &[(u32, String)],
    no_band: bool,
) -> Described {
    let list: Vec<Value> = left_out
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
    let message = format!("{at}: {why}; left out of the footer: {}{more} (their details are in the speaker notes). Cite fewer sources on this slide, shorten the citation titles, or move some content and its citations to another slide.", named.join(", "));
    let details = [
        ("total".to_string(), json!(total)),
        ("shown".to_string(), json!(shown)),
        ("left_out".to_string(), json!(list)),
        ("no_band".to_string(), json!(no_band)),
    ]
    .into_iter()
    .collect();
    (
        IssueKind::CitationsOverflow,
        Severity::Medium,
        details,
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

/// A word as quoted in a message: at most 40 characters.
/// The details and message of a `template_content_dropped` finding.
fn dropped_words(d: &specrender_model::findings::Dropped) -> (BTreeMap<String, Value>, String) {
    use specrender_model::findings::DropKind as K;
    let mut details = BTreeMap::new();
    details.insert("part".to_string(), json!(d.part));
    details.insert("kind".to_string(), json!(d.kind.as_str()));
    if let Some(t) = &d.target {
        details.insert("target".to_string(), json!(t));
    }
    let what = match d.kind {
        K::MacroProject => "a macro project",
        K::ActiveX => "an ActiveX control",
        K::OleObject => "an OLE object",
        K::ExternalLink => "an external link",
        K::FileLink => "a link to a file or network share",
        K::ScriptLink => "a script link or action",
        K::FetchingField => "a field that fetches or runs something (its cached result is kept)",
        K::SvgImage => "an SVG picture (its raster copy is kept)",
        K::UnlistedPart => "a part of a kind templates do not carry",
        K::WrongContentType => "a part whose content type does not fit its relationship",
    };
    let target = d
        .target
        .as_deref()
        .map(|t| format!(" ({})", short(t)))
        .unwrap_or_default();
    let message = format!(
        "template part {}: {what}{target} was not carried into the output (specrender never carries macros, ActiveX, OLE objects, external or script links, or fetching fields); the rest of the part is. Remove it from the template to silence this.",
        short(&d.part)
    );
    (details, message)
}

fn short(w: &str) -> String {
    if w.chars().count() <= 40 {
        w.to_string()
    } else {
        format!("{}…", w.chars().take(39).collect::<String>())
    }
}

/// A validation warning as a low `input_warning` issue. A warning under `/deck/slides/N` is
/// attributed to the N-th input slide.
pub(crate) fn warning_issue(laid: &LaidDeck, w: &SpecError) -> Issue {
    // Input slides appear in the layout, in order, as the first slide of each source id.
    let slide = w
        .path
        .strip_prefix("/deck/slides/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| {
            let mut sources: Vec<&str> = Vec::new();
            for s in &laid.slides {
                if !sources.contains(&s.source_id.as_str()) {
                    sources.push(&s.source_id);
                }
            }
            (sources.len() == laid.slides_in).then(|| sources.get(n).map(|s| s.to_string()))?
        });
    let mut details = BTreeMap::new();
    details.insert("path".into(), json!(w.path));
    details.insert("code".into(), json!(w.code));
    let message = if w.path.is_empty() {
        w.message.clone()
    } else {
        format!("{}: {}", w.path, w.message)
    };
    Issue {
        kind: IssueKind::InputWarning,
        slide_id: slide.clone(),
        source_slide_id: slide,
        element_id: None,
        block_id: None,
        severity: Severity::Low,
        details,
        message,
    }
}

/// A fix as the report lists it: `{slide_id, element_id?, action, ...details}`.
pub(crate) fn fix_entry(f: &Fix) -> FixEntry {
    let mut details = BTreeMap::new();
    match &f.action {
        FixAction::Shrink { from, to } => {
            details.insert("from_pt".into(), cpt_value(*from));
            details.insert("to_pt".into(), cpt_value(*to));
        }
        FixAction::Reslot { moved } => {
            details.insert("moved_height_in".into(), inch_value(*moved));
        }
        FixAction::ClearArtwork { role, from, to } => {
            details.insert("slot".into(), json!(role));
            details.insert("from_in".into(), rect_in(from));
            details.insert("to_in".into(), rect_in(to));
        }
        FixAction::Split { slides, units } => {
            details.insert("slides".into(), json!(slides));
            details.insert("units".into(), json!(units));
        }
        FixAction::ChartType { from, to, reason } => {
            details.insert("from".into(), json!(from));
            details.insert("to".into(), json!(to));
            details.insert("reason".into(), json!(reason));
        }
        FixAction::TopN {
            categories,
            kept,
            merged,
            other_capped,
        } => {
            details.insert("categories".into(), json!(categories));
            details.insert("kept".into(), json!(kept));
            details.insert("merged".into(), json!(merged));
            if *other_capped {
                details.insert("other_capped".into(), json!(true));
            }
        }
        FixAction::ThinLabels { every } => {
            details.insert("label_every".into(), json!(every));
        }
        FixAction::Move { to } => {
            details.insert("to_slide".into(), json!(to));
        }
        FixAction::ChangeLayout { from, to } => {
            details.insert("from_layout".into(), json!(from.id()));
            details.insert("to_layout".into(), json!(to.id()));
        }
        FixAction::TwoColumns => {
            details.insert("columns".into(), json!(2));
        }
        FixAction::ReduceSpacing | FixAction::NeedsHumanEdit => {}
    }
    FixEntry {
        slide_id: f.slide_id.clone(),
        element_id: f.element_id.clone(),
        action: f.action.name(),
        details,
    }
}

// ---- DocSpec (documents): the words of every document issue. ----

/// `table_ragged_rows` of a deck's or a document's table: details and message.
fn ragged_rows(
    at: &str,
    rows: &[(usize, usize)],
    columns: usize,
) -> (BTreeMap<String, Value>, String) {
    let list: Vec<Value> = rows
        .iter()
        .map(|(r, n)| json!({"row": r + 1, "cells": n}))
        .collect();
    let shown: Vec<String> = rows
        .iter()
        .take(5)
        .map(|(r, n)| format!("row {} has {n}", r + 1))
        .collect();
    let more = if rows.len() > 5 {
        format!(" and {} more", rows.len() - 5)
    } else {
        String::new()
    };
    (
        BTreeMap::from([
            ("rows".to_string(), json!(list)),
            ("columns".to_string(), json!(columns)),
        ]),
        format!("{at}: the table has {columns} columns but {}{more}; short rows were padded with empty cells and long rows cut. Give every row {columns} cells (null for an empty one).", shown.join(", ")),
    )
}

/// A document finding: (kind, block id, severity, details, message).
pub(crate) fn doc_finding(
    f: &DocFinding,
) -> (
    IssueKind,
    Option<String>,
    Severity,
    BTreeMap<String, Value>,
    String,
) {
    let mut d = BTreeMap::new();
    match f {
        DocFinding::UnknownTemplate {
            template_id,
            folder,
        } => {
            d.insert("template_id".into(), json!(template_id));
            let message = if *folder {
                format!("theme.template_ref.template_id \"{}\" is neither default nor a document template in the templates folder (<id>.docx or <id>.dotx); the document was written in specrender's own styles.", short(template_id))
            } else {
                format!("theme.template_ref.template_id \"{}\" is not default, and no templates folder was given to find <id>.docx or <id>.dotx in (--templates DIR); the document was written in specrender's own styles.", short(template_id))
            };
            (
                IssueKind::UnknownTemplate,
                None,
                Severity::Medium,
                d,
                message,
            )
        }
        DocFinding::TemplateContentDropped(dropped) => {
            let (details, message) = dropped_words(dropped);
            (
                IssueKind::TemplateContentDropped,
                None,
                Severity::Low,
                details,
                message,
            )
        }
        DocFinding::TableOverflow {
            block,
            needed,
            width,
            columns,
            size,
        } => {
            d.insert("needed_width_in".into(), inch_value(*needed));
            d.insert("text_width_in".into(), inch_value(*width));
            d.insert("columns_not_fitting".into(), json!(columns));
            d.insert("font_pt".into(), cpt_value(*size));
            let names: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
            let msg = format!(
                "{block}: the table's columns need {} in even at {} pt, the text area is {} in wide, so \
                 words break inside columns {}; drop or merge columns, shorten their long words, numbers or URLs, or split the table.",
                fmt_in(*needed), fmt_cpt(*size), fmt_in(*width), names.join(", ")
            );
            (
                IssueKind::TableOverflow,
                Some(block.clone()),
                Severity::High,
                d,
                msg,
            )
        }
        DocFinding::UnbreakableText {
            block,
            row,
            column,
            text,
            needed,
            width,
        } => {
            d.insert("row".into(), json!(row));
            d.insert("column".into(), json!(column));
            d.insert("text".into(), json!(text));
            d.insert("needed_width_in".into(), inch_value(*needed));
            d.insert("column_width_in".into(), inch_value(*width));
            let at = match row {
                Some(r) => format!("row {}, column {}", r + 1, column + 1),
                None => format!("the header of column {}", column + 1),
            };
            let msg = format!(
                "{block}: {at} holds {text:?}, which cannot break and needs {} in; its column is {} in, \
                 so it will break inside a word. Shorten it or add spaces.",
                fmt_in(*needed), fmt_in(*width)
            );
            (
                IssueKind::UnbreakableText,
                Some(block.clone()),
                Severity::Medium,
                d,
                msg,
            )
        }
        DocFinding::TableRaggedRows {
            block,
            rows,
            columns,
        } => {
            let (d, msg) = ragged_rows(block, rows, *columns);
            (
                IssueKind::TableRaggedRows,
                Some(block.clone()),
                Severity::Low,
                d,
                msg,
            )
        }
        DocFinding::MissingAsset {
            block,
            asset_id,
            refusal,
        } => {
            d.insert("asset_id".into(), json!(asset_id));
            d.insert("reason".into(), json!(refusal.reason.as_str()));
            d.insert("detail".into(), json!(refusal.detail));
            let msg = format!(
                "{block}: figure asset {asset_id:?} cannot be used ({}: {}); a bracketed placeholder line was written. \
                 Put a PNG or JPEG named {asset_id:?} (or {asset_id}.png) in the assets folder, or remove the figure.",
                refusal.reason, refusal.detail
            );
            (
                IssueKind::MissingAsset,
                Some(block.clone()),
                Severity::High,
                d,
                msg,
            )
        }
        DocFinding::FontSubstituted {
            requested,
            used,
            stand_in,
        } => {
            d.insert("requested".into(), json!(requested));
            d.insert("used".into(), json!(used));
            let msg = if *stand_in {
                d.insert("stand_in".into(), json!(true));
                format!(
                    "font {requested:?} has no free metric-compatible clone; text was measured \
                     with the stand-in {used:?}, chosen to be at least as wide. Pass --fonts \
                     with the real font files to measure exactly."
                )
            } else {
                format!(
                    "font {requested:?} is not available; text was measured with {used:?}. \
                     Use an installed family or ship the font with --fonts."
                )
            };
            (IssueKind::FontFallback, None, Severity::Medium, d, msg)
        }
        DocFinding::MissingGlyphs { block, chars } => {
            let shown: Vec<String> = chars.iter().map(char::to_string).collect();
            let points: Vec<String> = chars
                .iter()
                .map(|c| format!("U+{:04X}", *c as u32))
                .collect();
            d.insert("missing_chars".into(), json!(shown));
            d.insert("codepoints".into(), json!(points));
            let at = block.as_deref().unwrap_or("title");
            let msg = format!(
                "{at}: no available font has {} ({}); they will show as empty boxes. Remove them or pass --fonts with a font that has them.",
                shown.join(" "),
                points.join(", ")
            );
            (
                IssueKind::FontFallback,
                block.clone(),
                Severity::Medium,
                d,
                msg,
            )
        }
    }
}

/// A heading that skips levels (`h1` then `h3`).
pub(crate) fn heading_skip(
    block: &str,
    from: u8,
    to: u8,
) -> (
    IssueKind,
    Option<String>,
    Severity,
    BTreeMap<String, Value>,
    String,
) {
    let mut d = BTreeMap::new();
    d.insert("previous_level".into(), json!(from));
    d.insert("level".into(), json!(to));
    let msg = format!(
        "{block}: heading level {to} follows level {from}; make it level {} (or add the missing level), \
         so navigation and a table of contents nest correctly.",
        from + 1
    );
    (
        IssueKind::HeadingSkip,
        Some(block.to_string()),
        Severity::Medium,
        d,
        msg,
    )
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn long_words_are_cut_at_40_characters() {
        assert_eq!(short("abc"), "abc");
        let w = "x".repeat(45);
        assert_eq!(short(&w).chars().count(), 40);
        assert!(short(&w).ends_with('…'));
    }
}
