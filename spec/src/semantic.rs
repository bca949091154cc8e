//! Semantic checks beyond the schema (docs/guide/input.md; codes: docs/concepts/findings.md). They read the raw JSON defensively, so
//! they also run on input with schema errors and report everything in one go.
//!
//! Rules (severity in brackets):
//! - `duplicate_slide_id` \[error\]: a `slide_id` used by an earlier slide.
//! - `duplicate_element_id` \[error\]: an `element_id` used earlier on the same slide (ids must be
//!   unique per slide; the same id on different slides is fine).
//! - `duplicate_block_id` \[error\]: a `block_id` used by an earlier block.
//! - `duplicate_citation_id` \[error\]: a citation `id` used earlier in the same slide's
//!   `citations`, or earlier in DocSpec `references`.
//! - `duplicate_asset_id` \[error\]: an `asset_id` used by an earlier entry of `assets`
//!   (a reference to it would be ambiguous).
//! - `unresolved_citation` \[error\]: an element's `citations[].citation_id` that names no
//!   citation on any slide (SlideSpec), or a block's that names no entry of `references`
//!   (DocSpec).
//! - `citation_on_other_slide` \[warning\]: an element cites an id that is not on its own slide
//!   but is on another one; [`crate::resolve()`] copies that citation onto the citing slide so
//!   its footer can show it.
//! - `unresolved_asset` \[warning\]: an image element's `content.asset_id` that names no entry of
//!   `assets`. Not an error: rendering puts a placeholder there and QC reports
//!   `missing_asset`. DocSpec has no `assets` array, so figures are not checked here.
//! - `asset_type_mismatch` \[warning\]: an image element pointing at an asset of type `data`.
//! - `unresolved_data_ref` \[warning\]: a `data_ref` that names no asset of type `data`.
//! - `repeated_category` \[warning\]: a chart series whose points repeat a category `x` (as the
//!   chart labels it: `"2024"` and `2024` are the same category). Each point is kept and drawn
//!   as its own category (two bars labelled `Q1`); the warning, at the repeat's `x`, names the
//!   category and every point of it (index and `y`) so a person can merge or rename them.
//! - Free-form places (docs/guide/input.md: lenient where the schema is free-form) never refuse a
//!   deck; a value there that cannot be used is a warning and the default is used:
//!   `invalid_box` \[warning\]: `style.box` that is not an object, whose `x`/`y` is missing or not a
//!   number/percent (the element goes to its layout slot), or with unknown keys (ignored) —
//!   see [`crate::tokens::parse_box`]; a `w`/`h` that is not a positive finite number is no
//!   warning here: layout does not draw the element and QC reports a high `invalid_box`;
//!   `invalid_token` \[warning\]: `theme.brand.tokens.colors` / `fonts` / `sizes` / `layouts`
//!   that is not an object, or a `layouts` value that is not a non-empty layout name; `invalid_color` \[warning\]: a colour token that is no opaque CSS colour
//!   ([`crate::tokens::parse_color`]: `#RRGGBB`, `RRGGBB`, `#RGB`, `navy`, `rgb(…)`…);
//!   `invalid_font_size` \[warning\]: a size token that is not a number or a numeric string with
//!   `pt`, or one outside 6..=200 pt (clamped); `invalid_font` \[warning\]: a font token that is
//!   not a non-empty string. Unknown token keys are not findings here; [`crate::resolve()`]
//!   ignores them with a note.
//! - `invalid_style` \[warning\]: a DocSpec block `style` key or value specrender cannot use
//!   ([`crate::tokens::parse_block_style`]), or a style on a table, figure or page break.
//! - `invalid_date` \[warning\]: DocSpec `created_date` that is not an ISO date `YYYY-MM-DD`
//!   (`format` is annotation-only in Draft 2020-12, so this is not a schema error).

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::tokens::{self, COLOR_KEYS, FONT_KEYS, LAYOUT_KEYS, SIZE_KEYS};
use crate::validate::{pointer, show};
use crate::{Code, ErrorSeverity, SpecError, SpecKind};

struct Sink(Vec<SpecError>);

impl Sink {
    fn push(&mut self, path: String, code: Code, message: String, severity: ErrorSeverity) {
        self.0.push(SpecError {
            path,
            code,
            message,
            severity,
        });
    }
    fn error(&mut self, path: String, code: Code, message: String) {
        self.push(path, code, message, ErrorSeverity::Error);
    }
    fn warn(&mut self, path: String, code: Code, message: String) {
        self.push(path, code, message, ErrorSeverity::Warning);
    }
}

fn arr(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn str_at<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// Run the semantic rules for `kind` over `value`.
pub fn check_semantics(kind: SpecKind, value: &Value) -> Vec<SpecError> {
    let mut sink = Sink(Vec::new());
    if value.is_object() {
        match kind {
            SpecKind::Slides => slides(value, &mut sink),
            SpecKind::Doc => doc(value, &mut sink),
        }
        if let Some(tokens) = value
            .pointer("/theme/brand/tokens")
            .and_then(Value::as_object)
        {
            check_tokens(tokens, &mut sink);
        }
    }
    sink.0
}

/// The SlideSpec rules. Findings come out asset by asset first, then slide by slide; within a
/// slide its id, its citations, then element by element (id, citation refs, image asset,
/// `data_ref`, `style.box`).
fn slides(value: &Value, sink: &mut Sink) {
    let assets = asset_types(value, sink);
    let slides = arr(value.pointer("/deck/slides"));
    let deck_citations = deck_citation_slides(slides);
    let mut slide_ids: HashMap<&str, usize> = HashMap::new();
    for (i, s) in slides.iter().enumerate() {
        let si = i.to_string();
        check_slide_id(s, i, &si, &mut slide_ids, sink);
        let own = slide_citation_ids(s, &si, sink);
        let mut element_ids: HashSet<&str> = HashSet::new();
        for (j, e) in arr(s.get("elements")).iter().enumerate() {
            let sj = j.to_string();
            let at = ElementAt {
                slide: &si,
                element: &sj,
            };
            check_element_id(e, &at, &mut element_ids, sink);
            check_citation_refs(e, &at, &own, &deck_citations, sink);
            check_image_asset(e, &at, &assets, sink);
            check_data_ref(e, &at, &assets, sink);
            check_chart_categories(e, &at, sink);
            check_box(e, &at, sink);
        }
    }
}

/// Where an element sits (`/deck/slides/{slide}/elements/{element}`), for finding paths.
struct ElementAt<'a> {
    slide: &'a str,
    element: &'a str,
}

impl ElementAt<'_> {
    /// The JSON Pointer of `rest` inside the element.
    fn pointer(&self, rest: &[&str]) -> String {
        let mut t: Vec<&str> = vec!["deck", "slides", self.slide, "elements", self.element];
        t.extend_from_slice(rest);
        pointer(&t)
    }
}

/// `duplicate_asset_id`; returns asset id → type (the first entry of an id wins).
fn asset_types<'v>(value: &'v Value, sink: &mut Sink) -> HashMap<&'v str, &'v str> {
    let mut assets: HashMap<&str, &str> = HashMap::new();
    for (k, a) in arr(value.get("assets")).iter().enumerate() {
        if let Some(id) = str_at(a, "asset_id") {
            if assets.contains_key(id) {
                sink.error(
                    pointer(&["assets", &k.to_string(), "asset_id"]),
                    Code::DuplicateAssetId,
                    format!(
                        "asset_id {id:?} is used by an earlier asset; give each asset a unique id"
                    ),
                );
            } else {
                assets.insert(id, str_at(a, "type").unwrap_or(""));
            }
        }
    }
    assets
}

/// Deck-wide citation ids → the first slide index holding them (for `citation_on_other_slide`).
fn deck_citation_slides(slides: &[Value]) -> HashMap<&str, usize> {
    let mut deck_citations: HashMap<&str, usize> = HashMap::new();
    for (i, s) in slides.iter().enumerate() {
        for c in arr(s.get("citations")) {
            if let Some(id) = str_at(c, "id") {
                deck_citations.entry(id).or_insert(i);
            }
        }
    }
    deck_citations
}

/// `duplicate_slide_id`: `slide_ids` maps each id to the first slide using it.
fn check_slide_id<'v>(
    s: &'v Value,
    i: usize,
    si: &str,
    slide_ids: &mut HashMap<&'v str, usize>,
    sink: &mut Sink,
) {
    let Some(id) = str_at(s, "slide_id") else {
        return;
    };
    if let Some(first) = slide_ids.get(id) {
        sink.error(
            pointer(&["deck", "slides", si, "slide_id"]),
            Code::DuplicateSlideId,
            format!("slide_id {id:?} is already used by slide {first}; slide ids must be unique"),
        );
    } else {
        slide_ids.insert(id, i);
    }
}

/// `duplicate_citation_id` within one slide; returns the slide's own citation ids.
fn slide_citation_ids<'v>(s: &'v Value, si: &str, sink: &mut Sink) -> HashSet<&'v str> {
    let mut own: HashSet<&str> = HashSet::new();
    for (k, c) in arr(s.get("citations")).iter().enumerate() {
        if let Some(id) = str_at(c, "id") {
            if !own.insert(id) {
                sink.error(
                    pointer(&["deck", "slides", si, "citations", &k.to_string(), "id"]),
                    Code::DuplicateCitationId,
                    format!("citation id {id:?} appears twice on this slide; citation ids must be unique per slide"),
                );
            }
        }
    }
    own
}

/// `duplicate_element_id`: ids are unique per slide, so `element_ids` is the slide's so far.
fn check_element_id<'v>(
    e: &'v Value,
    at: &ElementAt,
    element_ids: &mut HashSet<&'v str>,
    sink: &mut Sink,
) {
    if let Some(id) = str_at(e, "element_id") {
        if !element_ids.insert(id) {
            sink.error(
                at.pointer(&["element_id"]),
                Code::DuplicateElementId,
                format!("element_id {id:?} is already used on this slide; element ids must be unique within a slide"),
            );
        }
    }
}

/// `citation_on_other_slide` / `unresolved_citation` for an element's `citations[]`; a
/// reference to the slide's own citation is fine.
fn check_citation_refs(
    e: &Value,
    at: &ElementAt,
    own: &HashSet<&str>,
    deck_citations: &HashMap<&str, usize>,
    sink: &mut Sink,
) {
    for (k, r) in arr(e.get("citations")).iter().enumerate() {
        let Some(cid) = str_at(r, "citation_id") else {
            continue;
        };
        if own.contains(cid) {
            continue;
        }
        let p = at.pointer(&["citations", &k.to_string(), "citation_id"]);
        match deck_citations.get(cid) {
            Some(other) => sink.warn(
                p,
                Code::CitationOnOtherSlide,
                format!("citation_id {cid:?} is defined on slide {other}, not on this slide; add it to this slide's `citations`"),
            ),
            None => sink.error(
                p,
                Code::UnresolvedCitation,
                format!("citation_id {cid:?} matches no citation on this slide or any other; add {{\"id\": {cid:?}, ...}} to this slide's `citations` or remove the reference"),
            ),
        }
    }
}

/// `unresolved_asset` / `asset_type_mismatch` for an image element's `content.asset_id`.
fn check_image_asset(e: &Value, at: &ElementAt, assets: &HashMap<&str, &str>, sink: &mut Sink) {
    if str_at(e, "kind") != Some("image") {
        return;
    }
    let Some(aid) = e.pointer("/content/asset_id").and_then(Value::as_str) else {
        return;
    };
    match assets.get(aid) {
        None => sink.warn(
            at.pointer(&["content", "asset_id"]),
            Code::UnresolvedAsset,
            format!("asset_id {aid:?} is not in `assets`; a placeholder will be rendered"),
        ),
        Some(&"data") => sink.warn(
            at.pointer(&["content", "asset_id"]),
            Code::AssetTypeMismatch,
            format!(
                "asset_id {aid:?} is a `data` asset, not an image; a placeholder will be rendered"
            ),
        ),
        Some(_) => {}
    }
}

/// `unresolved_data_ref`: a `data_ref` must name an asset of type `data`.
fn check_data_ref(e: &Value, at: &ElementAt, assets: &HashMap<&str, &str>, sink: &mut Sink) {
    let Some(dr) = str_at(e, "data_ref") else {
        return;
    };
    if assets.get(dr) != Some(&"data") {
        let why = if assets.contains_key(dr) {
            "is not of type `data`"
        } else {
            "is not in `assets`"
        };
        sink.warn(
            at.pointer(&["data_ref"]),
            Code::UnresolvedDataRef,
            format!("data_ref {dr:?} {why}; it refers to nothing the engine can read"),
        );
    }
}

/// Points listed in a `repeated_category` warning (the rest are counted).
const LISTED_POINTS: usize = 5;

/// A category label and its points: (point index, `x` as written, `y`), in input order.
type CategoryPoints<'v> = (String, Vec<(usize, &'v Value, Option<f64>)>);

/// `repeated_category`: one warning per series and repeated category, at the second point's `x`.
fn check_chart_categories(e: &Value, at: &ElementAt, sink: &mut Sink) {
    if str_at(e, "kind") != Some("chart") {
        return;
    }
    let content = e.get("content");
    for (si, s) in arr(content.and_then(|c| c.get("series")))
        .iter()
        .enumerate()
    {
        let mut groups: Vec<CategoryPoints> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        for (pi, p) in arr(s.get("data")).iter().enumerate() {
            let Some(x) = p.get("x") else { continue };
            let label = match x {
                Value::String(t) => t.clone(),
                Value::Number(n) => match n.as_f64() {
                    Some(f) => crate::resolve::format_number(f),
                    None => continue,
                },
                _ => continue,
            };
            let y = p.get("y").and_then(Value::as_f64);
            let g = *index.entry(label.clone()).or_insert_with(|| {
                groups.push((label, Vec::new()));
                groups.len() - 1
            });
            groups[g].1.push((pi, x, y));
        }
        let name = str_at(s, "name").unwrap_or("");
        for (label, points) in groups.iter().filter(|g| g.1.len() > 1) {
            let listed: Vec<String> = points
                .iter()
                .take(LISTED_POINTS)
                .map(|(pi, x, y)| {
                    let y = y.map_or("no y".to_string(), crate::resolve::format_number);
                    format!("point {pi} (x {x}, y {y})")
                })
                .collect();
            let more = match points.len().saturating_sub(LISTED_POINTS) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            let second = points[1].0.to_string();
            sink.warn(
                at.pointer(&["content", "series", &si.to_string(), "data", &second, "x"]),
                Code::RepeatedCategory,
                format!(
                    "series {name:?} has category {label:?} {} times: {}{more}; each point is \
                     drawn as its own category labelled {label:?} (none merged or dropped) — \
                     merge them or give each its own x if that is not meant",
                    points.len(),
                    listed.join(", ")
                ),
            );
        }
    }
}

/// `invalid_box` warnings: `style.box` as [`tokens::parse_box`] reads it.
fn check_box(e: &Value, at: &ElementAt, sink: &mut Sink) {
    if let Some(b) = e.get("style").and_then(|s| s.get("box")) {
        let (read, warnings) = tokens::parse_box(b);
        let path = at.pointer(&["style", "box"]);
        for w in warnings {
            sink.warn(path.clone(), Code::InvalidBox, w);
        }
        if let tokens::BoxRead::Unusable(why) = read {
            let msg = format!("{why}; ignored, the element is placed by its layout slot");
            sink.warn(path, Code::InvalidBox, msg);
        }
    }
}

fn doc(value: &Value, sink: &mut Sink) {
    let mut refs: HashSet<&str> = HashSet::new();
    for (k, c) in arr(value.get("references")).iter().enumerate() {
        if let Some(id) = str_at(c, "id") {
            if !refs.insert(id) {
                sink.error(
                    pointer(&["references", &k.to_string(), "id"]),
                    Code::DuplicateCitationId,
                    format!(
                        "reference id {id:?} appears twice in `references`; ids must be unique"
                    ),
                );
            }
        }
    }
    if let Some(d) = value.pointer("/doc/created_date").and_then(Value::as_str) {
        if !is_iso_date(d) {
            sink.warn(
                "/doc/created_date".to_string(),
                Code::InvalidDate,
                format!("created_date {d:?} is not an ISO date (YYYY-MM-DD); it will be written as given"),
            );
        }
    }
    let mut block_ids: HashMap<&str, usize> = HashMap::new();
    for (i, b) in arr(value.pointer("/doc/blocks")).iter().enumerate() {
        let si = i.to_string();
        if let Some(id) = str_at(b, "block_id") {
            if let Some(first) = block_ids.get(id) {
                sink.error(
                    pointer(&["doc", "blocks", &si, "block_id"]),
                    Code::DuplicateBlockId,
                    format!("block_id {id:?} is already used by block {first}; block ids must be unique"),
                );
            } else {
                block_ids.insert(id, i);
            }
        }
        if let Some(st) = b.get("style").and_then(Value::as_object) {
            let text_block = matches!(
                str_at(b, "type"),
                Some("heading" | "paragraph" | "list" | "quote")
            );
            if !text_block && !st.is_empty() {
                sink.warn(
                    pointer(&["doc", "blocks", &si, "style"]),
                    Code::InvalidStyle,
                    format!(
                        "`style` applies to heading, paragraph, list and quote blocks; ignored on a {} block",
                        str_at(b, "type").unwrap_or("?")
                    ),
                );
            } else {
                for (k, why) in tokens::parse_block_style(st).1 {
                    sink.warn(
                        pointer(&["doc", "blocks", &si, "style", &k]),
                        Code::InvalidStyle,
                        format!("{why}; ignored"),
                    );
                }
            }
        }
        for (k, r) in arr(b.get("citations")).iter().enumerate() {
            let Some(cid) = str_at(r, "citation_id") else {
                continue;
            };
            if !refs.contains(cid) {
                sink.error(
                    pointer(&["doc", "blocks", &si, "citations", &k.to_string(), "citation_id"]),
                    Code::UnresolvedCitation,
                    format!("citation_id {cid:?} matches no entry of `references`; add it there or remove the reference"),
                );
            }
        }
    }
}

/// Warnings for theme tokens that cannot be used (the default is kept) or are clamped.
fn check_tokens(tokens: &Map<String, Value>, sink: &mut Sink) {
    let base = "/theme/brand/tokens";
    if let Some(v) = tokens.get("logo") {
        if let Err(why) = tokens::parse_logo(v) {
            sink.warn(
                format!("{base}/logo"),
                Code::InvalidToken,
                format!("{why}; no logo is placed"),
            );
        }
    }
    for (group, keys) in [
        ("colors", &COLOR_KEYS[..]),
        ("fonts", &FONT_KEYS[..]),
        ("sizes", &SIZE_KEYS[..]),
        ("layouts", &LAYOUT_KEYS[..]),
    ] {
        let Some(g) = tokens.get(group) else { continue };
        let Some(obj) = g.as_object() else {
            let msg = format!(
                "tokens.{group} must be an object with keys {}, got {}; ignored, defaults used",
                keys.join(", "),
                show(g)
            );
            sink.warn(format!("{base}/{group}"), Code::InvalidToken, msg);
            continue;
        };
        for (k, v) in obj {
            if !keys.contains(&k.as_str()) {
                continue; // unknown keys: a note from resolve, not a finding
            }
            let mut p = base.to_string();
            crate::validate::push_token(&mut p, group);
            crate::validate::push_token(&mut p, k);
            if let Some((code, msg)) = token_problem(group, k, v) {
                sink.warn(p, code, msg);
            }
        }
    }
}

/// What is wrong with token `group.k` = `v`, if anything.
fn token_problem(group: &str, k: &str, v: &Value) -> Option<(Code, String)> {
    match group {
        "layouts" => tokens::parse_layout_name(v).is_none().then(|| {
            let msg = format!(
                "layout token `{k}` is {}; use the name of a layout of the template; ignored",
                show(v)
            );
            (Code::InvalidToken, msg)
        }),
        "colors" => v.as_str().and_then(tokens::parse_color).is_none().then(|| {
            let msg = format!(
                "colour token `{k}` is {}; not an opaque colour (use \"#RRGGBB\", \"#RGB\" or a CSS name); default kept",
                show(v)
            );
            (Code::InvalidColor, msg)
        }),
        "fonts" => tokens::parse_font(v).is_none().then(|| {
            let msg = format!(
                "font token `{k}` is {}; use a font family name string; default kept",
                show(v)
            );
            (Code::InvalidFont, msg)
        }),
        _ => {
            let (lo, hi) = (tokens::SIZE_MIN_PT, tokens::SIZE_MAX_PT);
            let msg = match tokens::parse_size(v) {
                tokens::SizeRead::Ok(_) => return None,
                tokens::SizeRead::Clamped(pt) => format!(
                    "size token `{k}` is {}, outside {lo}..{hi} pt; clamped to {pt} pt",
                    show(v)
                ),
                tokens::SizeRead::Unusable => format!(
                    "size token `{k}` is {}; use a number of points (or \"12pt\"); default kept",
                    show(v)
                ),
            };
            Some((Code::InvalidFontSize, msg))
        }
    }
}

/// `YYYY-MM-DD` with a real month and day (leap years included), as RFC 3339 `full-date`.
pub(crate) fn is_iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        s.get(r.clone())
            .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|t| t.parse().ok())
    };
    let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_dates() {
        assert!(is_iso_date("2024-02-29"));
        assert!(!is_iso_date("2023-02-29"));
        assert!(!is_iso_date("2024-13-01"));
        assert!(!is_iso_date("24-01-01"));
        assert!(!is_iso_date("2024/01/01"));
    }
}
