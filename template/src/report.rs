//! `specrender template inspect`: the template as JSON (and as text for people).

use crate::map::Mapping;
use crate::model::Template;
use crate::paint::Paint;
use serde_json::{json, Value};

/// The inspect JSON: slide size, masters, layouts with placeholders, theme, layout mapping and
/// warnings. `extra_warnings` (font substitutions, decided by the caller who has the fonts)
/// are appended.
pub fn inspect_json(t: &Template, mappings: &[Mapping], extra_warnings: &[String]) -> Value {
    let theme = t.theme().map(|th| {
        json!({
            "part": th.part,
            "name": th.name,
            "fonts": {
                "major": {"latin": th.major.latin, "ea": th.major.ea, "cs": th.major.cs,
                          "scripts": th.major.scripts.iter().map(|(s, f)| json!({"script": s, "typeface": f})).collect::<Vec<_>>()},
                "minor": {"latin": th.minor.latin, "ea": th.minor.ea, "cs": th.minor.cs,
                          "scripts": th.minor.scripts.iter().map(|(s, f)| json!({"script": s, "typeface": f})).collect::<Vec<_>>()},
            },
            "colors": th.colors.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
        })
    });
    let mut warnings = t.warnings.clone();
    warnings.extend(extra_warnings.iter().cloned());
    json!({
        "kind": t.kind,
        "slide_size_emu": [t.slide_size.0, t.slide_size.1],
        "example_slides": t.example_slides,
        "masters": t.masters.iter().enumerate().map(|(i, m)| json!({
            "part": m.part,
            "placeholders": m.placeholders,
            "decorations": decorations(t, i, &m.decorations),
            "background": m.background.as_ref().map(|f| fill_json(t, i, f)),
            "text_styles": m.text_styles,
        })).collect::<Vec<_>>(),
        "layouts": t.layouts.iter().map(|l| json!({
            "name": l.name,
            "type": l.ty,
            "part": l.part,
            "master": l.master,
            "show_master_shapes": l.show_master_shapes,
            "placeholders": l.placeholders,
            "decorations": decorations(t, l.master, &l.decorations),
            "background": l.background.as_ref().map(|f| fill_json(t, l.master, f)),
        })).collect::<Vec<_>>(),
        "theme": theme,
        "layout_map": mappings,
        "dropped": t.dropped(),
        "warnings": warnings,
    })
}

/// A fill as `template inspect` shows it: a picture as `{"picture": PART}` (the part its
/// relationship names; `null` when it names none), tiled or not; any other fill resolved on
/// master `master` ([`paint_json`]).
fn fill_json(t: &Template, master: usize, f: &crate::Fill) -> Value {
    match f {
        crate::Fill::Picture(b) => json!({
            "picture": b.target,
            "tiled": b.tile.is_some(),
        }),
        _ => paint_json(&t.paint(master, f)),
    }
}

/// A resolved paint: `["#RRGGBB", ...]`, `"transparent"` or `"unknown"` (a fill not resolved
/// to colours).
fn paint_json(p: &Paint) -> Value {
    match p {
        Paint::Colors(cs) => json!(cs
            .iter()
            .map(|c| format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2]))
            .collect::<Vec<_>>()),
        Paint::Transparent => json!("transparent"),
        Paint::Unknown => json!("unknown"),
    }
}

/// Decorations with what their fill resolves to on master `master`.
fn decorations(t: &Template, master: usize, ds: &[crate::Decoration]) -> Vec<Value> {
    ds.iter()
        .map(|d| {
            json!({
                "name": d.name,
                "kind": d.kind,
                "rect_emu": d.rect,
                "paint": fill_json(t, master, &d.fill),
            })
        })
        .collect()
}

fn inches(emu: i64) -> String {
    format!("{:.2}", emu as f64 / 914_400.0)
}

/// The same, for people.
pub fn inspect_text(t: &Template, mappings: &[Mapping], extra_warnings: &[String]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let (w, h) = t.slide_size;
    let _ = writeln!(
        s,
        "{} template, slide {} x {} in, {} master(s), {} layout(s), {} example slide(s)",
        t.kind,
        inches(w),
        inches(h),
        t.masters.len(),
        t.layouts.len(),
        t.example_slides
    );
    if let Some(th) = t.theme() {
        let _ = writeln!(
            s,
            "theme \"{}\": headings {} (ea {:?}), body {} (ea {:?})",
            th.name, th.major.latin, th.major.ea, th.minor.latin, th.minor.ea
        );
    }
    for l in &t.layouts {
        let _ = writeln!(s, "layout \"{}\" [{}]", l.name, l.ty);
        for p in &l.placeholders {
            let geo = match p.rect {
                Some(r) => format!(
                    "{}, {} {} x {} in{}",
                    inches(r.x),
                    inches(r.y),
                    inches(r.cx),
                    inches(r.cy),
                    if p.inherited { " (from master)" } else { "" }
                ),
                None => "no geometry".into(),
            };
            let idx = p.idx.map(|i| format!(" idx {i}")).unwrap_or_default();
            let _ = writeln!(s, "  {}{idx} \"{}\": {geo}", p.ty, p.name);
        }
    }
    let _ = writeln!(s, "layout ids:");
    for m in mappings {
        let slots = match m.slots {
            Some("layout") | None => String::new(),
            Some("layout title") => "; its title placeholder, our slots below it".into(),
            Some("master") => "; our slots in the master's title and body areas".into(),
            Some("presets") => "; no title or body area on the master: our preset slots on the \
                                 slide's safe area"
                .into(),
            Some(other) => format!("; slots: {other}"),
        };
        let onto = match (&m.layout_name, m.slots) {
            (Some(n), _) => format!("\"{n}\""),
            (None, Some(_)) => "the blank or first layout".into(),
            (None, None) => "our own slots in the master's areas".into(),
        };
        let _ = writeln!(s, "  {:<17} -> {onto} ({}{slots})", m.layout_id, m.how);
    }
    for d in t.dropped().iter() {
        let _ = writeln!(s, "{}", crate::policy::dropped_line(d));
    }
    for w in t.warnings.iter().chain(extra_warnings) {
        let _ = writeln!(s, "warning: {w}");
    }
    s
}
