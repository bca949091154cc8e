//! specrender-qc: `&LaidDeck -> QcReport`. Pure: no fonts, no I/O, no text measurement.
//!
//! QC reads the finished layout — the same one the PPTX writer reads — and turns what it finds
//! into the report of PRODUCT.md §3:
//!
//! - `overflow` (high): a text box whose text needs more height than it may use
//!   (`needed_height > usable_height`), with the numbers an LLM needs to shorten it.
//! - `min_font` (medium): a text box drawn below its floor (`size < min_size`), or a title
//!   (title placeholder) below 20 pt.
//! - `out_of_bounds`: a box (full-bleed images exempt) outside the slide (high), outside the
//!   safe area by more than [`SAFE_AREA_TOLERANCE`] on some side (medium), or by at most that
//!   much on every side (low: within the slide, a hair over the margin).
//! - `overlap` (medium): two boxes of a slide whose intersection is more than 2% of the smaller
//!   box. Pairs with a full-bleed box are exempt (text over a full-bleed picture is the design).
//! - every layout note (`font_fallback`, `unknown_layout`, `missing_asset`, ...) passes through
//!   unchanged; input warnings (see [`check_with_input`]) become low `input_warning` issues.
//!
//! Issues are ordered by slide (output order; deck-level issues first), then element (box
//! order; slide-level issues first), then type. Numbers are rounded with integer arithmetic
//! (points to 2 decimals, inches to 3, ratios to 3), so the JSON never depends on float
//! formatting of intermediate values.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{json, Map, Value};
use specrender_layout::model::{
    BoxContent, Fix, LaidDeck, LaidSlide, Note, PlacedBox, Placeholder, Rect, TextBox,
};
use specrender_spec::deck::{Cpt, Emu, EMU_PER_INCH, EMU_PER_PT};
use specrender_spec::SpecError;
use std::collections::BTreeMap;

pub use specrender_layout::model::Severity;

/// Boxes within the slide that cross the safe area by at most this much on every side are a
/// low-severity finding rather than medium: 0.1 in (a rounding-sized nudge, still well inside
/// what projectors and viewers show).
pub const SAFE_AREA_TOLERANCE: Emu = EMU_PER_INCH / 10;

/// Overlap threshold: intersection / smaller box must exceed 1/50 (2%).
pub const OVERLAP_DENOMINATOR: i128 = 50;

/// Titles are never drawn below 20 pt (PRODUCT.md §2, fit policy).
pub const TITLE_MIN_SIZE: Cpt = 2000;

/// The QC report (PRODUCT.md §3). Serializes in the documented key order; every free-form
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
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub slides_in: usize,
    pub slides_out: usize,
    /// Issue count per type.
    pub issues: BTreeMap<String, usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Issue {
    #[serde(rename = "type")]
    pub kind: String,
    /// The output slide's id (`s3-cont-2` for a continuation); `null` for deck-level issues
    /// (e.g. an ignored theme token).
    pub slide_id: Option<String>,
    /// The input slide the output slide came from; `null` for deck-level issues.
    pub source_slide_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub element_id: Option<String>,
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
    pub action: String,
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

impl From<&Fix> for FixEntry {
    fn from(f: &Fix) -> Self {
        FixEntry {
            slide_id: f.slide_id.clone(),
            element_id: f.element_id.clone(),
            action: f.action.clone(),
            details: sorted_map(&f.details),
        }
    }
}

impl QcReport {
    /// 0 when QC passed, 1 when it found a high or medium issue (PRODUCT.md §5).
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
    for note in &laid.notes {
        issues.push(note_issue(laid, note));
    }
    for w in warnings {
        issues.push(warning_issue(laid, w));
    }
    for slide in &laid.slides {
        for b in &slide.boxes {
            if let BoxContent::Text(t) = &b.content {
                if let Some(i) = overflow(slide, b, t) {
                    issues.push(i);
                }
                if let Some(i) = min_font(slide, b, t) {
                    issues.push(i);
                }
            }
            if let Some(i) = out_of_bounds(laid, slide, b) {
                issues.push(i);
            }
        }
        overlaps(slide, &mut issues);
    }
    sort_issues(laid, &mut issues);

    let mut counts = BTreeMap::new();
    for i in &issues {
        *counts.entry(i.kind.clone()).or_insert(0) += 1;
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
            issues: counts,
        },
        issues,
        fixes: laid.fixes.iter().map(FixEntry::from).collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Checks

fn overflow(slide: &LaidSlide, b: &PlacedBox, t: &TextBox) -> Option<Issue> {
    if t.fits() {
        return None;
    }
    let needed_lines = t.line_count();
    let pitch_emu = dominant_pitch(t) as Emu * EMU_PER_PT / 100;
    let box_lines = if pitch_emu > 0 {
        (t.usable_height.max(0) / pitch_emu) as usize
    } else {
        0
    };
    let excess = t.total_chars.saturating_sub(t.capacity_chars);
    let advice = if excess > 0 {
        format!("shorten by about {excess} characters or split")
    } else {
        "split the text or enlarge the box".to_string()
    };
    let message = format!(
        "{}/{}: {needed_lines} lines needed at {}pt, the box holds {box_lines}; {advice}.",
        slide.id,
        b.element_id,
        fmt_cpt(t.size),
    );
    let mut details = BTreeMap::new();
    details.insert("needed_lines".into(), json!(needed_lines));
    details.insert("box_lines".into(), json!(box_lines));
    details.insert("font_pt".into(), cpt_value(t.size));
    details.insert("needed_height_pt".into(), emu_pt_value(t.needed_height));
    details.insert("box_height_pt".into(), emu_pt_value(t.usable_height));
    details.insert("capacity_chars".into(), json!(t.capacity_chars));
    details.insert("total_chars".into(), json!(t.total_chars));
    details.insert("excess_chars".into(), json!(excess));
    Some(issue(
        "overflow",
        slide,
        Some(b),
        Severity::High,
        details,
        message,
    ))
}

/// The line pitch (centipoints) that covers the most lines; ties go to the larger pitch (the
/// smaller line count). A box without lines uses its first paragraph's pitch, else 1.2 x size.
fn dominant_pitch(t: &TextBox) -> Cpt {
    let mut weight: BTreeMap<Cpt, usize> = BTreeMap::new();
    for p in &t.paragraphs {
        *weight.entry(p.line_pitch).or_insert(0) += p.lines.len();
    }
    let best = weight
        .iter()
        .filter(|(_, w)| **w > 0)
        // BTreeMap iterates ascending, so `max_by_key` (last max wins) picks the larger pitch.
        .max_by_key(|(_, w)| **w)
        .map(|(p, _)| *p);
    best.or_else(|| t.paragraphs.first().map(|p| p.line_pitch))
        .unwrap_or(t.size * 6 / 5)
}

fn is_title(b: &PlacedBox) -> bool {
    matches!(
        b.placeholder,
        Some(Placeholder::Title | Placeholder::CenterTitle)
    )
}

fn min_font(slide: &LaidSlide, b: &PlacedBox, t: &TextBox) -> Option<Issue> {
    let title = is_title(b);
    let floor = if title {
        t.min_size.max(TITLE_MIN_SIZE)
    } else {
        t.min_size
    };
    if t.size >= floor {
        return None;
    }
    let what = if title { "title " } else { "" };
    let message = format!(
        "{}/{}: {what}font {}pt is below the {}pt minimum; shorten the text so it fits at {}pt.",
        slide.id,
        b.element_id,
        fmt_cpt(t.size),
        fmt_cpt(floor),
        fmt_cpt(floor),
    );
    let mut details = BTreeMap::new();
    details.insert("font_pt".into(), cpt_value(t.size));
    details.insert("min_font_pt".into(), cpt_value(floor));
    details.insert("title".into(), json!(title));
    Some(issue(
        "min_font",
        slide,
        Some(b),
        Severity::Medium,
        details,
        message,
    ))
}

fn out_of_bounds(laid: &LaidDeck, slide: &LaidSlide, b: &PlacedBox) -> Option<Issue> {
    let safe = laid.safe_area;
    if b.full_bleed || safe.contains(&b.rect) {
        return None;
    }
    let page = Rect {
        x: 0,
        y: 0,
        w: laid.slide_size.cx,
        h: laid.slide_size.cy,
    };
    let r = b.rect;
    let over = |bound: &Rect| {
        [
            ("left", bound.x - r.x),
            ("top", bound.y - r.y),
            ("right", r.right() - bound.right()),
            ("bottom", r.bottom() - bound.bottom()),
        ]
    };
    let safe_over = over(&safe);
    let outside_slide = !page.contains(&r);
    let worst = safe_over.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let severity = if outside_slide {
        Severity::High
    } else if worst > SAFE_AREA_TOLERANCE {
        Severity::Medium
    } else {
        Severity::Low
    };
    // The message names the bound actually crossed: the slide edge when outside the slide.
    let (crossed, of) = if outside_slide {
        (over(&page), "of the slide")
    } else {
        (safe_over, "of the safe area")
    };
    let sides: Vec<String> = crossed
        .iter()
        .filter(|(_, v)| *v > 0)
        .map(|(side, v)| format!("{} in past the {side}", fmt_in(*v)))
        .collect();
    let message = format!(
        "{}/{}: box reaches {} {of}; move or resize it inside the safe area x {}..{} in, y {}..{} in.",
        slide.id,
        b.element_id,
        sides.join(", "),
        fmt_in(safe.x),
        fmt_in(safe.right()),
        fmt_in(safe.y),
        fmt_in(safe.bottom()),
    );
    let overshoot: Map<String, Value> = safe_over
        .iter()
        .map(|(k, v)| (k.to_string(), inch_value((*v).max(0))))
        .collect();
    let mut details = BTreeMap::new();
    details.insert("rect_in".into(), rect_in(&r));
    details.insert("safe_area_in".into(), rect_in(&safe));
    details.insert("overshoot_in".into(), sort_value(Value::Object(overshoot)));
    details.insert("outside_slide".into(), json!(outside_slide));
    if outside_slide {
        let o: Map<String, Value> = over(&page)
            .iter()
            .map(|(k, v)| (k.to_string(), inch_value((*v).max(0))))
            .collect();
        details.insert("slide_overshoot_in".into(), sort_value(Value::Object(o)));
    }
    Some(issue(
        "out_of_bounds",
        slide,
        Some(b),
        severity,
        details,
        message,
    ))
}

fn overlaps(slide: &LaidSlide, out: &mut Vec<Issue>) {
    for (i, a) in slide.boxes.iter().enumerate() {
        for b in &slide.boxes[i + 1..] {
            if a.full_bleed || b.full_bleed {
                continue;
            }
            let Some(inter) = a.rect.intersection(&b.rect) else {
                continue;
            };
            let smaller = a.rect.area().min(b.rect.area());
            let inter = inter.area();
            // ratio > 2%  <=>  inter * 50 > smaller, exact in integers.
            if smaller <= 0 || inter * OVERLAP_DENOMINATOR <= smaller {
                continue;
            }
            let ratio = ratio_value(inter, smaller);
            let pct = (inter * 100 + smaller / 2) / smaller;
            let message = format!(
                "{}: {} and {} overlap ({pct}% of the smaller box); move or resize one of them.",
                slide.id, a.element_id, b.element_id
            );
            let mut details = BTreeMap::new();
            details.insert("a".into(), json!(a.element_id));
            details.insert("b".into(), json!(b.element_id));
            details.insert("overlap_ratio".into(), ratio);
            out.push(issue(
                "overlap",
                slide,
                Some(a),
                Severity::Medium,
                details,
                message,
            ));
        }
    }
}

fn note_issue(laid: &LaidDeck, n: &Note) -> Issue {
    // A note may name only the output slide; fill in its source from the layout.
    let source = n.source_slide_id.clone().or_else(|| {
        let id = n.slide_id.as_deref()?;
        laid.slides
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.source_id.clone())
    });
    Issue {
        kind: n.kind.clone(),
        slide_id: n.slide_id.clone(),
        source_slide_id: source,
        element_id: n.element_id.clone(),
        severity: n.severity,
        details: sorted_map(&n.details),
        message: n.message.clone(),
    }
}

fn warning_issue(laid: &LaidDeck, w: &SpecError) -> Issue {
    // `/deck/slides/N/...` names the N-th input slide; input slides appear in the layout, in
    // order, as the first slide of each source id.
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
        kind: "input_warning".into(),
        slide_id: slide.clone(),
        source_slide_id: slide,
        element_id: None,
        severity: Severity::Low,
        details,
        message,
    }
}

fn issue(
    kind: &str,
    slide: &LaidSlide,
    b: Option<&PlacedBox>,
    severity: Severity,
    details: BTreeMap<String, Value>,
    message: String,
) -> Issue {
    Issue {
        kind: kind.into(),
        slide_id: Some(slide.id.clone()),
        source_slide_id: Some(slide.source_id.clone()),
        element_id: b.map(|b| b.element_id.clone()),
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
            .then_with(|| x.kind.cmp(&y.kind))
    });
}

// ---------------------------------------------------------------------------------------------
// Deterministic numbers

/// `n / d` rounded half away from zero, in integers.
fn div_round(n: i128, d: i128) -> i128 {
    let q = (2 * n.abs() + d) / (2 * d);
    if n < 0 {
        -q
    } else {
        q
    }
}

/// An integer count of `1/scale` units as a JSON number: an integer when whole (`12`), else
/// the shortest decimal (`12.35`).
fn scaled_value(units: i128, scale: i128) -> Value {
    if units % scale == 0 {
        json!((units / scale) as i64)
    } else {
        json!(units as f64 / scale as f64)
    }
}

fn emu_pt_value(emu: Emu) -> Value {
    scaled_value(div_round(emu as i128 * 100, EMU_PER_PT as i128), 100)
}

fn cpt_value(c: Cpt) -> Value {
    scaled_value(c as i128, 100)
}

fn inch_value(emu: Emu) -> Value {
    scaled_value(div_round(emu as i128 * 1000, EMU_PER_INCH as i128), 1000)
}

fn ratio_value(n: i128, d: i128) -> Value {
    scaled_value(div_round(n * 1000, d), 1000)
}

fn rect_in(r: &Rect) -> Value {
    Value::Array(vec![
        inch_value(r.x),
        inch_value(r.y),
        inch_value(r.w),
        inch_value(r.h),
    ])
}

fn fmt_cpt(c: Cpt) -> String {
    cpt_value(c).to_string()
}

fn fmt_in(emu: Emu) -> String {
    inch_value(emu).to_string()
}

/// Objects with sorted keys all the way down (serde_json here keeps insertion order).
fn sort_value(v: Value) -> Value {
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

fn sorted_map(m: &BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    m.iter()
        .map(|(k, v)| (k.clone(), sort_value(v.clone())))
        .collect()
}

#[cfg(test)]
mod tests;
