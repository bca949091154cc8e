//! specrender-qc: `&LaidDeck -> QcReport` (and `&LaidDoc`, in `doc`). Pure: no fonts, no I/O,
//! no text measurement. The laid deck and document are `specrender-model`'s types, the look
//! they are drawn on included (`Look`: backgrounds and decorations, for contrast and
//! overlaps); QC depends on neither layout nor the template reader.
//!
//! QC reads the finished layout — the same one the PPTX writer reads — and turns what it finds
//! into the report of docs/concepts/findings.md:
//!
//! - `overflow` (high): a text box whose text needs more height than it may use
//!   (`needed_height > usable_height`), with the numbers an LLM needs to shorten it.
//! - `min_font` (medium): a text box drawn below its floor (`size < min_size`), or a title
//!   (title placeholder) below 20 pt.
//! - `out_of_bounds`: a box (full-bleed images exempt) outside the slide (high), outside the
//!   safe area by more than [`SAFE_AREA_TOLERANCE`] on some side (medium), or by at most that
//!   much on every side (low: within the slide, a hair over the margin).
//! - `table_overflow` (high): a table whose rows need more height than its box may use, or
//!   whose columns do not fit its width even at the floor (`tables`, which also writes the
//!   report's per-table details).
//! - `overlap` (medium): two boxes of a slide whose intersection is more than 2% of the smaller
//!   box. Pairs with a full-bleed box are exempt (text over a full-bleed picture is the design).
//! - `citations_overflow` (medium): citations a slide lists that do not fit its footer band
//!   at the 8 pt floor (or a slide with no band, `image_full_bleed`): how many fit, which
//!   are left out (they are always in the speaker notes).
//! - every layout finding (a substituted font or missing glyphs: `font_fallback`;
//!   `unknown_layout`, `broken_word`, `placeholder_element`, ignored input values) becomes an
//!   issue; input warnings (see [`check_with_input`]) become low `input_warning` issues.
//! - `template_content_dropped` (low, deck-level): what the carry policy dropped from a
//!   template part (the template reader's carry policy), details `{part, kind, target}`.
//!
//! Modules: [`kind`] (issue types and severities), `checks` (the geometric and fit checks),
//! `wording` (every message and the fix entries: the one place the report's words are
//! written), `numbers` (deterministic rounding).
//!
//! Issues are ordered by slide (output order; deck-level issues first), then element (box
//! order; slide-level issues first), then type. Numbers are rounded with integer arithmetic
//! (points to 2 decimals, inches to 3, ratios to 3), so the JSON never depends on float
//! formatting of intermediate values.

mod artwork;
mod checks;
mod contrast;
pub mod doc;
pub mod kind;
mod numbers;
mod palette;
mod tables;
mod wording;

pub use tables::{TableDetails, TablePage};

pub use kind::{IssueKind, Severity};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::Value;
use specrender_model::{BoxContent, LaidDeck, LaidSlide, Location, Note, PlacedBox, Rect};
use specrender_spec::units::{Emu, EMU_PER_INCH};
use specrender_spec::SpecError;
use std::collections::BTreeMap;

/// Boxes within the slide that cross the safe area by at most this much on every side are a
/// low-severity finding rather than medium: 0.1 in (a rounding-sized nudge, still well inside
/// what projectors and viewers show).
pub const SAFE_AREA_TOLERANCE: Emu = EMU_PER_INCH / 10;

/// Overlap threshold: intersection / smaller box must exceed 1/50 (2%).
pub const OVERLAP_DENOMINATOR: i128 = 50;

/// The QC report (docs/concepts/findings.md). Serializes in the documented key order; every free-form
/// object inside (details, fix details) has sorted keys.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QcReport {
    /// No high or medium issue.
    pub pass: bool,
    /// Output slide ids marked `needs_human_edit` by the fit policy, in slide order.
    pub needs_human_edit: Vec<String>,
    pub summary: Summary,
    pub issues: Vec<Issue>,
    pub fixes: Vec<FixEntry>,
    /// Per table: rows per page, rows moved to continuations, the size chosen, columns that
    /// do not fit (absent when the deck has no table).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<TableDetails>,
    /// The faces the file embeds (`--embed-fonts`), each with the bytes it adds before the
    /// package's compression (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub embedded_fonts: Vec<specrender_model::embed::EmbeddedFace>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub slides_in: usize,
    pub slides_out: usize,
    /// Blocks in the input (document reports only; `slides_in`/`slides_out` are then 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocks_in: Option<usize>,
    /// Issue count per type.
    pub issues: BTreeMap<String, usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Issue {
    #[serde(rename = "type")]
    pub kind: IssueKind,
    /// The output slide's id (`s3-cont-2` for a continuation); `null` for deck-level issues
    /// (e.g. an ignored theme token).
    pub slide_id: Option<String>,
    /// The input slide the output slide came from; `null` for deck-level issues.
    pub source_slide_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_id: Option<String>,
    /// The DocSpec block the issue is about (document reports only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_id: Option<String>,
    pub severity: Severity,
    pub details: BTreeMap<String, Value>,
    /// One line an LLM can act on.
    pub message: String,
}

/// One fit-policy action, serialized flat: `{slide_id, element_id?, action, ...details}`.
#[derive(Debug, Clone, PartialEq)]
pub struct FixEntry {
    pub slide_id: String,
    pub element_id: Option<String>,
    pub action: &'static str,
    pub details: BTreeMap<String, Value>,
}

impl Serialize for FixEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("slide_id", &self.slide_id)?;
        if let Some(e) = &self.element_id {
            m.serialize_entry("element_id", e)?;
        }
        m.serialize_entry("action", &self.action)?;
        for (k, v) in &self.details {
            // The fixed fields win over a detail of the same name.
            if !matches!(k.as_str(), "slide_id" | "element_id" | "action") {
                m.serialize_entry(k, v)?;
            }
        }
        m.end()
    }
}

impl QcReport {
    /// 0 when QC passed, 1 when it found a high or medium issue (docs/guide/cli.md, exit codes).
    pub fn exit_code(&self) -> i32 {
        if self.pass {
            0
        } else {
            1
        }
    }

    /// Number of issues of the given severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.issues
            .iter()
            .filter(|i| i.severity == severity)
            .count()
    }

    /// The report as a JSON value (stable key order).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("QC report serializes")
    }

    /// The report as pretty JSON (stable key order, trailing newline not included).
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("QC report serializes")
    }
}

/// Check a laid-out deck.
pub fn check(laid: &LaidDeck) -> QcReport {
    check_with_input(laid, &[])
}

/// Check a laid-out deck and report the input's validation warnings (semantic findings that
/// were not errors) as low `input_warning` issues, so they are never silently dropped.
/// A warning under `/deck/slides/N` is attributed to the N-th input slide.
pub fn check_with_input(laid: &LaidDeck, warnings: &[SpecError]) -> QcReport {
    let mut issues = Vec::new();
    issues.extend(laid.notes.iter().map(wording::note_issue));
    for w in warnings {
        issues.push(wording::warning_issue(w, &warning_location(laid, &w.path)));
    }
    issues.extend(wording::not_embedded(&laid.embedding));
    for slide in &laid.slides {
        for b in &slide.boxes {
            if let Some(t) = b.content.text() {
                issues.extend(checks::overflow(slide, b, t));
                issues.extend(checks::min_font(slide, b, t));
            }
            if let BoxContent::Table(t) = &b.content {
                issues.extend(tables::overflow(slide, b, t));
            }
            if let BoxContent::Chart(c) = &b.content {
                issues.extend(palette::check(slide, b, c));
            }
            issues.extend(checks::out_of_bounds(laid, slide, b));
        }
        checks::overlaps(slide, &mut issues);
        checks::decorations(laid, slide, &mut issues);
        checks::logo(laid, slide, &mut issues);
        // The look's artwork under this slide, outlines made once for both checks.
        let art = laid
            .frame
            .template_layout_index(slide.preset)
            .map(|i| (i, laid.frame.look.artwork(i)));
        let art = art.as_ref().map(|(i, a)| (*i, &a[..]));
        contrast::contrast(laid, slide, art, &mut issues);
        artwork::overlaps_artwork(laid, slide, art, &mut issues);
    }
    sort_issues(laid, &mut issues);

    let mut counts = BTreeMap::new();
    for i in &issues {
        *counts.entry(i.kind.to_string()).or_insert(0) += 1;
    }
    let pass = !issues
        .iter()
        .any(|i| matches!(i.severity, Severity::High | Severity::Medium));
    QcReport {
        pass,
        needs_human_edit: laid
            .slides
            .iter()
            .filter(|s| s.needs_human_edit)
            .map(|s| s.id.clone())
            .collect(),
        summary: Summary {
            slides_in: laid.slides_in,
            slides_out: laid.slides.len(),
            blocks_in: None,
            issues: counts,
        },
        issues,
        fixes: laid.fixes.iter().map(wording::fix_entry).collect(),
        tables: tables::details(laid),
        embedded_fonts: laid.embedding.faces.clone(),
    }
}

impl QcReport {
    /// Adds the findings of a step after layout (the PDF's `pdf_not_accessible`), in the
    /// report's order, and counts them.
    pub fn add_notes(&mut self, laid: &LaidDeck, notes: &[Note]) {
        self.push_notes(notes);
        sort_issues(laid, &mut self.issues);
    }

    /// Adds and counts the issues of `notes`, unsorted.
    pub(crate) fn push_notes(&mut self, notes: &[Note]) {
        for n in notes {
            let i = wording::note_issue(n);
            *self.summary.issues.entry(i.kind.to_string()).or_insert(0) += 1;
            if matches!(i.severity, Severity::High | Severity::Medium) {
                self.pass = false;
            }
            self.issues.push(i);
        }
    }
}

/// Where a validation warning is: under `/deck/slides/N`, the N-th input slide (its first
/// output slide); else the deck.
fn warning_location(laid: &LaidDeck, path: &str) -> Location {
    // Input slides appear in the layout, in order, as the first slide of each source id.
    let slide = path
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
            (sources.len() == laid.slides_in).then(|| sources.get(n).copied())?
        });
    match slide {
        Some(s) => Location::slide(s, s, None),
        None => Location::Deck,
    }
}

pub(crate) fn issue(
    kind: IssueKind,
    slide: &LaidSlide,
    b: Option<&PlacedBox>,
    severity: Severity,
    details: BTreeMap<String, Value>,
    message: String,
) -> Issue {
    Issue {
        kind,
        slide_id: Some(slide.id.clone()),
        source_slide_id: Some(slide.source_id.clone()),
        element_id: b.map(|b| b.element_id.clone()),
        block_id: None,
        severity,
        details,
        message,
    }
}

/// Slide output order (deck-level first, unknown slides last), then box order (slide-level
/// first, unknown elements last), then type; the sort is stable, so equal keys keep the order
/// the checks produced them in (overlap pairs by their second box).
fn sort_issues(laid: &LaidDeck, issues: &mut [Issue]) {
    let slide_rank = |i: &Issue| -> (usize, usize) {
        let Some(sid) = i.slide_id.as_deref() else {
            return (0, 0);
        };
        let Some(si) = laid.slides.iter().position(|s| s.id == sid) else {
            return (laid.slides.len() + 1, 0);
        };
        let er = match i.element_id.as_deref() {
            None => 0,
            Some(e) => laid.slides[si]
                .boxes
                .iter()
                .position(|b| b.element_id == e)
                .map_or(usize::MAX, |p| p + 1),
        };
        (si + 1, er)
    };
    issues.sort_by(|x, y| {
        let (sx, ex) = slide_rank(x);
        let (sy, ey) = slide_rank(y);
        sx.cmp(&sy)
            .then_with(|| x.slide_id.cmp(&y.slide_id))
            .then(ex.cmp(&ey))
            .then_with(|| x.element_id.cmp(&y.element_id))
            .then_with(|| x.kind.as_str().cmp(y.kind.as_str()))
    });
}

/// Objects with sorted keys all the way down (serde_json here keeps insertion order).
pub(crate) fn sort_value(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let sorted: BTreeMap<String, Value> =
                m.into_iter().map(|(k, v)| (k, sort_value(v))).collect();
            Value::Object(sorted.into_iter().collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sort_value).collect()),
        v => v,
    }
}

#[cfg(test)]
mod tests;
