//! Findings: the measured deck judged and written as a [`QcReport`] in the `qc` command's
//! format (docs/concepts/findings.md). Every issue is keyed so a program can act on it:
//! `slide_id` is `slide-N` (N the 1-based slide number in the presentation's order),
//! `source_slide_id` the slide's part, `element_id` the shape id; details carry `slide`,
//! `shape_id`, `shape_name` and `creation_id` (`a16:creationId`, when the file has one).
//! Issues are ordered by slide, then shape (document order), then type.

use crate::measure::{CellLines, Fallback, Lines, Measure};
use crate::read::Rect;
use crate::resolve::{Deck, Frame, Resolved, Slide, What};
use crate::CheckOptions;
use serde_json::{json, Value};
use specrender_qc::{Issue, IssueKind, QcReport, Severity, Summary, OVERLAP_DENOMINATOR};
use std::collections::BTreeMap;

/// EMU as points, two decimals (integer rounding).
fn pt(emu: i64) -> Value {
    let c = (emu as i128 * 100 + if emu >= 0 { 6350 } else { -6350 }) / 12_700;
    json!(c as f64 / 100.0)
}

/// Centipoints as points.
fn cpt(v: u32) -> Value {
    json!(f64::from(v) / 100.0)
}

pub(crate) fn key(slide: &Slide, s: &Resolved) -> BTreeMap<String, Value> {
    let mut d = BTreeMap::new();
    d.insert("slide".into(), json!(slide.number));
    d.insert("shape_id".into(), json!(s.id));
    d.insert("shape_name".into(), json!(s.name));
    if let Some(c) = &s.creation_id {
        d.insert("creation_id".into(), json!(c));
    }
    if let Some(p) = &s.ph {
        d.insert("placeholder".into(), json!(p));
    }
    d
}

pub(crate) fn at(slide: &Slide, s: &Resolved) -> String {
    format!(
        "slide {} shape {} \"{}\"",
        slide.number,
        s.id,
        short(&s.name)
    )
}

fn short(s: &str) -> String {
    let t: String = s.chars().filter(|c| !c.is_control()).take(60).collect();
    if s.chars().count() > 60 {
        format!("{t}…")
    } else {
        t
    }
}

struct Out<'d> {
    slide: &'d Slide,
    issues: Vec<(usize, Issue)>,
}

impl Out<'_> {
    fn push(
        &mut self,
        order: usize,
        s: Option<&Resolved>,
        kind: IssueKind,
        severity: Severity,
        extra: Vec<(&str, Value)>,
        message: String,
    ) {
        let mut details = s.map(|s| key(self.slide, s)).unwrap_or_else(|| {
            let mut d = BTreeMap::new();
            d.insert("slide".into(), json!(self.slide.number));
            d
        });
        for (k, v) in extra {
            details.insert(k.to_string(), v);
        }
        self.issues.push((
            order,
            Issue {
                kind,
                slide_id: Some(format!("slide-{}", self.slide.number)),
                source_slide_id: Some(self.slide.part.clone()),
                element_id: s.map(|s| s.id.to_string()),
                block_id: None,
                severity,
                details,
                message,
            },
        ));
    }
}

fn overflow_issue(out: &mut Out<'_>, i: usize, s: &Resolved, l: &Lines, f: &Frame) {
    let (autofit, no_wrap) = (f.autofit, f.no_wrap);
    let slide = out.slide;
    if no_wrap && l.widest > l.inner_width {
        {
            out.push(
                i,
                Some(s),
                IssueKind::Overflow,
                Severity::High,
                vec![
                    ("wrap", json!("none")),
                    ("widest_line_pt", pt(l.widest)),
                    ("box_width_pt", pt(l.inner_width)),
                ],
                format!(
                    "{}: wrap=\"none\" and the widest line is {} pt in a box {} pt wide; shorten it or let it wrap.",
                    at(slide, s),
                    pt(l.widest),
                    pt(l.inner_width)
                ),
            );
        }
    }
    if !l.overflows() {
        return;
    }
    let capacity = (l.total_chars * l.box_lines)
        .checked_div(l.needed_lines)
        .unwrap_or(0);
    let excess = l.total_chars.saturating_sub(capacity);
    let cut = l.needed_lines.saturating_sub(l.box_lines);
    let mut extra = vec![
        ("needed_lines", json!(l.needed_lines)),
        ("box_lines", json!(l.box_lines)),
        ("lines_to_cut", json!(cut)),
        ("font_pt", cpt(l.max_size)),
        ("needed_height_pt", pt(l.needed_height)),
        ("box_height_pt", pt(l.inner_height)),
        ("capacity_chars", json!(capacity)),
        ("total_chars", json!(l.total_chars)),
        ("excess_chars", json!(excess)),
        ("autofit", json!(autofit)),
    ];
    let mut note = String::new();
    if f.own_norm_autofit {
        // Where the viewers disagree: LibreOffice shrinks normAutofit text itself; PowerPoint
        // draws the scale the file stores until the text is edited.
        extra.push((
            "viewers",
            json!({"powerpoint": "overflows at the stored fontScale", "libreoffice": "shrinks the text to fit"}),
        ));
        note = " (at the stored autofit scale; LibreOffice shrinks it further)".into();
    }
    out.push(
        i,
        Some(s),
        IssueKind::Overflow,
        Severity::High,
        extra,
        format!(
            "{}: {} lines needed at {} pt, the box holds {}{note}; cut {cut} lines (about {excess} characters) or enlarge the box.",
            at(slide, s),
            l.needed_lines,
            cpt(l.max_size),
            l.box_lines
        ),
    );
}

fn fonts(out: &mut Out<'_>, i: usize, s: &Resolved, l: &Lines, seen: &mut Vec<Fallback>) {
    let slide = out.slide;
    for f in &l.fallbacks {
        // One finding per family in the deck: at the first shape that names it.
        if seen.contains(f) {
            continue;
        }
        seen.push(f.clone());
        let mut extra = vec![
            ("family", json!(f.family)),
            ("measured_with", json!(f.measured_with)),
        ];
        if f.stand_in {
            extra.push(("stand_in", json!(true)));
        }
        out.push(
            i,
            Some(s),
            IssueKind::FontFallback,
            Severity::Medium,
            extra,
            format!(
                "{}: font \"{}\" is not available; its text was measured with \"{}\", so lines may break differently. Pass --fonts with the real \"{}\" files.",
                at(slide, s),
                short(&f.family),
                f.measured_with,
                short(&f.family)
            ),
        );
    }
    if !l.missing.is_empty() {
        let shown: Vec<String> = l.missing.iter().take(20).map(char::to_string).collect();
        let points: Vec<String> = l
            .missing
            .iter()
            .take(20)
            .map(|c| format!("U+{:04X}", *c as u32))
            .collect();
        out.push(
            i,
            Some(s),
            IssueKind::FontFallback,
            Severity::Medium,
            vec![
                ("missing_chars", json!(shown)),
                ("codepoints", json!(points)),
            ],
            format!(
                "{}: no available font has {}; they will show as empty boxes.",
                at(slide, s),
                points.join(", ")
            ),
        );
    }
}

fn min_font(
    out: &mut Out<'_>,
    i: usize,
    s: &Resolved,
    l: &Lines,
    title: bool,
    opts: &CheckOptions,
) {
    if l.empty || l.min_size == 0 {
        return;
    }
    let floor = if title {
        opts.min_title_font
    } else {
        opts.min_font
    };
    if l.min_size < floor {
        let slide = out.slide;
        out.push(
            i,
            Some(s),
            IssueKind::MinFont,
            Severity::Medium,
            vec![("font_pt", cpt(l.min_size)), ("min_pt", cpt(floor))],
            format!(
                "{}: text at {} pt, below the {} pt floor{}; enlarge it or shorten the text.",
                at(slide, s),
                cpt(l.min_size),
                cpt(floor),
                if title { " for titles" } else { "" }
            ),
        );
    }
}

fn intersect(a: &Rect, b: &Rect) -> i128 {
    let w = (a.right().min(b.right()) - a.x.max(b.x)).max(0) as i128;
    let h = (a.bottom().min(b.bottom()) - a.y.max(b.y)).max(0) as i128;
    w * h
}

fn area(r: &Rect) -> i128 {
    r.cx as i128 * r.cy as i128
}

fn is_prompt(text: &str, prompt: Option<&str>) -> bool {
    let t = text.trim();
    if t.is_empty() {
        return false;
    }
    let lc = t.to_lowercase();
    // PowerPoint's own prompts (and those of python-pptx's and LibreOffice's templates).
    lc.starts_with("click to add ")
        || lc.starts_with("click to edit ")
        || lc.starts_with("click icon to add ")
        || prompt.is_some_and(|p| !p.trim().is_empty() && p.trim() == t)
}

/// The report of a measured deck.
pub fn report(deck: &Deck, measured: &[Vec<Measure>], opts: &CheckOptions) -> QcReport {
    let mut all: Vec<Issue> = Vec::new();
    let mut seen: Vec<Fallback> = Vec::new();
    let access = crate::access::issues(deck);
    for ((slide, ms), a) in deck.slides.iter().zip(measured).zip(access) {
        all.extend(slide_issues(deck.slide_size, slide, ms, opts, &mut seen));
        all.extend(a);
    }
    qc_report(deck, all)
}

/// One slide's issues, in the order of [the module](self); `seen` carries the font
/// fallbacks already reported on earlier slides.
fn slide_issues(
    slide_size: (i64, i64),
    slide: &Slide,
    ms: &[Measure],
    opts: &CheckOptions,
    seen: &mut Vec<Fallback>,
) -> Vec<Issue> {
    let mut out = Out {
        slide,
        issues: Vec::new(),
    };
    // Text-bearing boxes as drawn, for overlaps.
    let mut texts: Vec<(usize, Rect)> = Vec::new();
    for (i, (s, m)) in slide.shapes.iter().zip(ms).enumerate() {
        let drawn = match m {
            Measure::Text { rect, .. } | Measure::Table { rect, .. } => *rect,
            Measure::None => s.rect,
        };
        match (&s.what, m) {
            (What::Text(f), Measure::Text { lines, .. }) => {
                text_issues(&mut out, i, s, f, lines, opts, seen);
                if !lines.empty {
                    if let Some(r) = drawn {
                        texts.push((i, r));
                    }
                }
            }
            (
                What::Table(..),
                Measure::Table {
                    cells,
                    height,
                    needed_height,
                    ..
                },
            ) => {
                table_issues(&mut out, i, s, cells, (*height, *needed_height), opts, seen);
                if let Some(mut r) = drawn {
                    r.cy = r.cy.max(*needed_height);
                    texts.push((i, r));
                }
            }
            (What::NotMeasured(why), _) => {
                out.push(
                    i,
                    Some(s),
                    IssueKind::NotMeasured,
                    Severity::Low,
                    vec![("reason", json!(why))],
                    format!(
                        "{}: {why} is not measured; check it by eye in PowerPoint.",
                        at(slide, s)
                    ),
                );
            }
            _ => {}
        }
        // Out of bounds: anything drawn past the slide's edges (tables as grown).
        let drawn = match (m, drawn) {
            (Measure::Table { needed_height, .. }, Some(mut r)) => {
                r.cy = r.cy.max(*needed_height);
                Some(r)
            }
            (_, r) => r,
        };
        if let Some(r) = drawn {
            out_of_bounds(&mut out, i, s, r, slide_size);
        }
    }
    overlaps(&mut out, &texts);
    out.issues.sort_by(|(oa, a), (ob, b)| {
        oa.cmp(ob)
            .then_with(|| a.kind.as_str().cmp(b.kind.as_str()))
    });
    out.issues.into_iter().map(|(_, i)| i).collect()
}

/// A text shape's issues: its placeholder prompt or emptiness, and, when it has text, its
/// overflow, small fonts and font fallbacks.
fn text_issues(
    out: &mut Out<'_>,
    i: usize,
    s: &Resolved,
    f: &Frame,
    lines: &Lines,
    opts: &CheckOptions,
    seen: &mut Vec<Fallback>,
) {
    let slide = out.slide;
    let is_ph = s.ph.is_some();
    let text = f.text();
    if is_ph && is_prompt(&text, s.prompt.as_deref()) {
        out.push(
            i,
            Some(s),
            IssueKind::PlaceholderPrompt,
            Severity::Medium,
            vec![("text", json!(short(text.trim())))],
            format!(
                "{}: the placeholder still holds its prompt \"{}\"; replace it with content or delete the placeholder.",
                at(slide, s),
                short(text.trim())
            ),
        );
    } else if is_ph && lines.empty {
        out.push(
            i,
            Some(s),
            IssueKind::EmptyPlaceholder,
            Severity::Low,
            vec![],
            format!(
                "{}: an empty placeholder (it shows its prompt while editing, nothing in a show); fill it or delete it.",
                at(slide, s)
            ),
        );
    }
    if !lines.empty {
        overflow_issue(out, i, s, lines, f);
        min_font(out, i, s, lines, f.title, opts);
        fonts(out, i, s, lines, seen);
    }
}

/// A table's issues: each cell's font fallbacks and small fonts, and the cells that need
/// more height than their row (`heights`: the table's as written and as drawn).
fn table_issues(
    out: &mut Out<'_>,
    i: usize,
    s: &Resolved,
    cells: &[CellLines],
    heights: (i64, i64),
    opts: &CheckOptions,
    seen: &mut Vec<Fallback>,
) {
    let (height, needed_height) = heights;
    for c in cells {
        fonts(out, i, s, &c.lines, seen);
        if !c.lines.empty {
            min_font(out, i, s, &c.lines, false, opts);
        }
    }
    let over: Vec<Value> = cells
        .iter()
        .filter(|c| c.needed_row_height > c.row_height)
        .map(|c| {
            json!({
                "row": c.row,
                "column": c.col,
                "needed_lines": c.lines.needed_lines,
                "box_lines": c.lines.box_lines,
                "needed_height_pt": pt(c.needed_row_height),
                "row_height_pt": pt(c.row_height),
            })
        })
        .collect();
    if over.is_empty() {
        return;
    }
    let first = &over[0];
    let slide = out.slide;
    out.push(
        i,
        Some(s),
        IssueKind::TableOverflow,
        Severity::High,
        vec![
            ("cells", json!(over.clone())),
            ("needed_height_pt", pt(needed_height)),
            ("box_height_pt", pt(height)),
        ],
        format!(
            "{}: {} cell(s) need more height than their row (row {}, column {}: {} lines, the row holds {}); the table grows from {} pt to {} pt. Shorten the cells or give the rows room.",
            at(slide, s),
            over.len(),
            first["row"],
            first["column"],
            first["needed_lines"],
            first["box_lines"],
            pt(height),
            pt(needed_height)
        ),
    );
}

/// `out_of_bounds` when the shape, drawn at `r`, reaches past the slide's edges (a
/// placeholder with nothing measured aside).
fn out_of_bounds(out: &mut Out<'_>, i: usize, s: &Resolved, r: Rect, slide_size: (i64, i64)) {
    let (sw, sh) = slide_size;
    let counted = !matches!(s.what, What::Other) || s.ph.is_none();
    if !(counted
        && r.cx > 0
        && r.cy > 0
        && (r.x < 0 || r.y < 0 || r.right() > sw || r.bottom() > sh))
    {
        return;
    }
    let slide = out.slide;
    out.push(
        i,
        Some(s),
        IssueKind::OutOfBounds,
        Severity::High,
        vec![
            ("rect_emu", json!([r.x, r.y, r.cx, r.cy])),
            ("slide_emu", json!([sw, sh])),
            ("left_in", json!(edge(-r.x))),
            ("top_in", json!(edge(-r.y))),
            ("right_in", json!(edge(r.right() - sw))),
            ("bottom_in", json!(edge(r.bottom() - sh))),
        ],
        format!(
            "{}: the shape reaches outside the slide; move or shrink it to within {} x {} in.",
            at(slide, s),
            inch(sw),
            inch(sh)
        ),
    );
}

/// `overlap` for each pair of the slide's text-bearing boxes (`texts`: shape index and box
/// as drawn) overlapping by more than 2 % of the smaller.
fn overlaps(out: &mut Out<'_>, texts: &[(usize, Rect)]) {
    let slide = out.slide;
    for (a, &(ia, ra)) in texts.iter().enumerate() {
        for &(ib, rb) in &texts[a + 1..] {
            let inter = intersect(&ra, &rb);
            let small = area(&ra).min(area(&rb));
            if small > 0 && inter * OVERLAP_DENOMINATOR > small {
                let (sa, sb) = (&slide.shapes[ia], &slide.shapes[ib]);
                out.push(
                    ib,
                    Some(sb),
                    IssueKind::Overlap,
                    Severity::Medium,
                    vec![
                        ("other_shape_id", json!(sa.id)),
                        ("other_shape_name", json!(sa.name)),
                        (
                            "overlap_ratio",
                            json!(((inter * 1000 / small) as f64) / 1000.0),
                        ),
                    ],
                    format!(
                        "{} overlaps shape {} \"{}\" ({}% of the smaller); move one of them.",
                        at(slide, sb),
                        sa.id,
                        short(&sa.name),
                        inter * 100 / small
                    ),
                );
            }
        }
    }
}

/// The deck's issues as a [`QcReport`]: counts by type, and a pass when none is high or
/// medium.
fn qc_report(deck: &Deck, all: Vec<Issue>) -> QcReport {
    let mut counts = BTreeMap::new();
    for i in &all {
        *counts.entry(i.kind.to_string()).or_insert(0) += 1;
    }
    let pass = !all
        .iter()
        .any(|i| matches!(i.severity, Severity::High | Severity::Medium));
    QcReport {
        pass,
        needs_human_edit: Vec::new(),
        summary: Summary {
            slides_in: deck.slides.len(),
            slides_out: deck.slides.len(),
            blocks_in: None,
            issues: counts,
        },
        issues: all,
        fixes: Vec::new(),
        tables: Vec::new(),
        embedded_fonts: Vec::new(),
    }
}

/// How far past an edge (inches, 3 decimals; 0 when inside).
fn edge(emu: i64) -> f64 {
    (emu.max(0) as i128 * 1000 / 914_400) as f64 / 1000.0
}

fn inch(emu: i64) -> f64 {
    (emu as i128 * 1000 / 914_400) as f64 / 1000.0
}
