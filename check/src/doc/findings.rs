//! Findings on a Word document, as a [`QcReport`] in the `qc` command's format. Every issue
//! is keyed so a program can act on it: `block_id` is `paragraph-N` or `table-N` (N 1-based
//! among the body's paragraphs or tables), details carry `block` (1-based in body order),
//! `paragraph` or `table`, and `page` (the page the flow predicts it starts on); an issue on
//! a drawing has `element_id` its `wp:docPr` id and details `drawing_id`, `drawing_name`.
//! `slide_id` is null. Issues are ordered by block, then type; document-level ones first.

use super::measure::{heading_level, Measured, EMU_PER_TWIP};
use super::read::{Block, Body, Drawing, Graphic, Para};
use super::Doc;
use serde_json::{json, Value};
use specrender_qc::{Issue, IssueKind, QcReport, Severity, Summary};
use std::collections::BTreeMap;

/// How far a table may stand past the text area on either side and still be inside it
/// (twips): its cell margin and a hair (Word's tables stand 0.075 in out to the left so that
/// their text lines up with the paragraphs').
const TABLE_SLACK: i64 = 120;

/// Twips as points, two decimals.
fn pt(twips: i64) -> Value {
    json!((twips * 5) as f64 / 100.0)
}

/// EMU as points, two decimals.
fn pt_emu(emu: i64) -> Value {
    let c = (emu as i128 * 100 + 6350) / 12_700;
    json!(c as f64 / 100.0)
}

/// A block's key: its `block_id`, its details and how a message names it.
pub struct Key {
    pub id: String,
    pub details: BTreeMap<String, Value>,
    pub at: String,
}

/// The keys of every block, in body order.
pub fn keys(body: &Body, m: &Measured) -> Vec<Key> {
    let (mut paras, mut tables) = (0, 0);
    body.blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let (what, n) = match b {
                Block::Para(_) => {
                    paras += 1;
                    ("paragraph", paras)
                }
                Block::Table(_) => {
                    tables += 1;
                    ("table", tables)
                }
            };
            let page = m.pages.get(i).map_or(1, |p| p.0.max(1));
            let details = BTreeMap::from([
                ("block".to_string(), json!(i + 1)),
                (what.to_string(), json!(n)),
                ("page".to_string(), json!(page)),
            ]);
            Key {
                id: format!("{what}-{n}"),
                details,
                at: format!("{what} {n} (page {page})"),
            }
        })
        .collect()
}

pub(crate) fn issue(
    k: Option<&Key>,
    kind: IssueKind,
    severity: Severity,
    extra: Vec<(&str, Value)>,
    message: String,
) -> Issue {
    let mut details = k.map(|k| k.details.clone()).unwrap_or_default();
    for (n, v) in extra {
        details.insert(n.to_string(), v);
    }
    Issue {
        kind,
        slide_id: None,
        source_slide_id: None,
        element_id: None,
        block_id: k.map(|k| k.id.clone()),
        severity,
        details,
        message,
    }
}

pub(crate) fn on_drawing(mut i: Issue, d: &Drawing) -> Issue {
    if let Some(id) = d.id {
        i.element_id = Some(id.to_string());
        i.details.insert("drawing_id".into(), json!(id));
    }
    i.details.insert("drawing_name".into(), json!(d.name));
    i
}

pub(crate) fn drawing_at(k: &Key, d: &Drawing) -> String {
    let id = d.id.map_or_else(String::new, |id| format!(" {id}"));
    format!(
        "{}: drawing{id} \"{}\"",
        k.at,
        d.name.chars().take(60).collect::<String>()
    )
}

/// A picture, chart or shape larger than the text area (`out_of_bounds`: high when larger
/// than the page itself).
fn drawing_bounds(doc: &Doc, k: &Key, block: usize, d: &Drawing, out: &mut Vec<Issue>) {
    let s = doc.body.section_of(block);
    let (tw, th) = (
        s.text_width() * EMU_PER_TWIP,
        s.text_height() * EMU_PER_TWIP,
    );
    if d.cx <= tw && d.cy <= th {
        return;
    }
    let page = d.cx > s.size.0 * EMU_PER_TWIP || d.cy > s.size.1 * EMU_PER_TWIP;
    let what = match d.graphic {
        Graphic::Picture => "picture",
        Graphic::Chart => "chart",
        Graphic::Diagram => "diagram",
        Graphic::Shape if d.text.is_some() => "text box",
        _ => "drawing",
    };
    let i = issue(
        Some(k),
        IssueKind::OutOfBounds,
        if page { Severity::High } else { Severity::Medium },
        vec![
            ("element", json!(what)),
            ("width_pt", pt_emu(d.cx)),
            ("height_pt", pt_emu(d.cy)),
            ("text_width_pt", pt(s.text_width())),
            ("text_height_pt", pt(s.text_height())),
        ],
        format!(
            "{}: a {what} {} x {} pt in a text area of {} x {} pt{}; scale it to fit within the margins.",
            drawing_at(k, d),
            pt_emu(d.cx),
            pt_emu(d.cy),
            pt(s.text_width()),
            pt(s.text_height()),
            if page { ", larger than the page" } else { "" }
        ),
    );
    out.push(on_drawing(i, d));
}

/// A table whose width (`w:tblGrid`, else `w:tblW`) and indent put it outside the text area.
fn table_bounds(doc: &Doc, k: &Key, block: usize, t: &super::read::Table, out: &mut Vec<Issue>) {
    let s = doc.body.section_of(block);
    let grid: i64 = t.grid.iter().sum();
    let width = if grid > 0 { grid } else { t.width.unwrap_or(0) };
    let (left, right) = (t.indent, t.indent + width);
    let tw = s.text_width();
    if left >= -TABLE_SLACK && right <= tw + TABLE_SLACK {
        return;
    }
    let page = left < -s.margins[3] || right > tw + s.margins[1];
    out.push(issue(
        Some(k),
        IssueKind::OutOfBounds,
        if page { Severity::High } else { Severity::Medium },
        vec![
            ("element", json!("table")),
            ("width_pt", pt(width)),
            ("indent_pt", pt(t.indent)),
            ("text_width_pt", pt(tw)),
        ],
        format!(
            "{}: the table is {} pt wide at {} pt from the margin, the text area {} pt{}; narrow its columns.",
            k.at,
            pt(width),
            pt(t.indent),
            pt(tw),
            if page { " (past the page's edge)" } else { "" }
        ),
    ));
}

/// A paragraph indented into the margins (a negative `w:ind`).
fn para_bounds(doc: &Doc, k: &Key, block: usize, p: &Para, out: &mut Vec<Issue>) {
    if p.text().trim().is_empty() {
        return;
    }
    let props = p
        .props
        .over(&doc.template.para_props(p.style.as_deref().unwrap_or("")));
    let (l, r) = (
        props.indent_left.unwrap_or(0),
        props.indent_right.unwrap_or(0),
    );
    if l >= 0 && r >= 0 {
        return;
    }
    let s = doc.body.section_of(block);
    let page = -l > s.margins[3] || -r > s.margins[1];
    out.push(issue(
        Some(k),
        IssueKind::OutOfBounds,
        if page { Severity::High } else { Severity::Medium },
        vec![
            ("element", json!("paragraph")),
            ("indent_left_pt", pt(l)),
            ("indent_right_pt", pt(r)),
        ],
        format!(
            "{}: the text is indented {} pt left and {} pt right, into the margins{}; set the indents to 0 or more.",
            k.at,
            pt(l),
            pt(r),
            if page { " and past the page's edge" } else { "" }
        ),
    ));
}

fn heading_skips(doc: &Doc, keys: &[Key], out: &mut Vec<Issue>) {
    let mut prev = 1u8;
    for (b, k) in doc.body.blocks.iter().zip(keys) {
        let Block::Para(p) = b else { continue };
        let Some(level) = heading_level(&doc.template, p) else {
            continue;
        };
        if level > prev + 1 {
            out.push(issue(
                Some(k),
                IssueKind::HeadingSkip,
                Severity::Medium,
                vec![("level", json!(level)), ("previous_level", json!(prev))],
                format!(
                    "{}: a level {level} heading after a level {prev} one; use level {} (or add the missing level), so the outline reads in order.",
                    k.at,
                    prev + 1
                ),
            ));
        }
        prev = level;
    }
}

fn fits(m: &Measured, keys: &[Key], doc: &Doc, out: &mut Vec<Issue>) {
    for f in &m.boxes {
        if f.needed_height <= f.inner_height {
            continue;
        }
        let Some(Block::Para(p)) = doc.body.blocks.get(f.block) else {
            continue;
        };
        let (k, d) = (&keys[f.block], &p.drawings[f.drawing]);
        let cut = f.needed_lines.saturating_sub(f.box_lines);
        let i = issue(
            Some(k),
            IssueKind::Overflow,
            Severity::High,
            vec![
                ("element", json!("text box")),
                ("needed_lines", json!(f.needed_lines)),
                ("box_lines", json!(f.box_lines)),
                ("lines_to_cut", json!(cut)),
                ("needed_height_pt", pt(f.needed_height)),
                ("box_height_pt", pt(f.inner_height)),
            ],
            format!(
                "{}: the text box needs {} lines ({} pt), it holds {} ({} pt); cut {cut} lines or enlarge the box.",
                drawing_at(k, d),
                f.needed_lines,
                pt(f.needed_height),
                f.box_lines,
                pt(f.inner_height)
            ),
        );
        out.push(on_drawing(i, d));
    }
    for (b, f) in &m.fallbacks {
        let mut extra = vec![
            ("family", json!(f.family)),
            ("measured_with", json!(f.measured_with)),
        ];
        if f.stand_in {
            extra.push(("stand_in", json!(true)));
        }
        out.push(issue(
            keys.get(*b),
            IssueKind::FontFallback,
            Severity::Medium,
            extra,
            format!(
                "{}: font \"{}\" is not available; its text was measured with \"{}\", so lines and pages may break differently. Pass --fonts with the real \"{}\" files.",
                keys.get(*b).map_or("the document", |k| k.at.as_str()),
                f.family,
                f.measured_with,
                f.family
            ),
        ));
    }
}

/// The document's report.
pub fn report(doc: &Doc, m: &Measured) -> QcReport {
    let keys = keys(&doc.body, m);
    let mut issues = Vec::new();
    for (i, (b, k)) in doc.body.blocks.iter().zip(&keys).enumerate() {
        match b {
            Block::Para(p) => {
                para_bounds(doc, k, i, p, &mut issues);
                for d in &p.drawings {
                    drawing_bounds(doc, k, i, d, &mut issues);
                }
            }
            Block::Table(t) => table_bounds(doc, k, i, t, &mut issues),
        }
    }
    heading_skips(doc, &keys, &mut issues);
    fits(m, &keys, doc, &mut issues);
    issues.extend(super::access::issues(doc, &keys));
    issues.push(issue(
        None,
        IssueKind::PageCount,
        Severity::Low,
        vec![("pages", json!(m.page_count))],
        format!(
            "the document is predicted to take {} page{} (its text measured and flowed as Writer lays it out).",
            m.page_count,
            if m.page_count == 1 { "" } else { "s" }
        ),
    ));
    let rank = |i: &Issue| i.details.get("block").and_then(Value::as_u64).unwrap_or(0);
    issues.sort_by(|a, b| {
        rank(a)
            .cmp(&rank(b))
            .then_with(|| a.kind.as_str().cmp(b.kind.as_str()))
    });
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
            blocks_in: Some(doc.body.blocks.len()),
            issues: counts,
        },
        issues,
        fixes: Vec::new(),
        tables: Vec::new(),
        embedded_fonts: Vec::new(),
    }
}
