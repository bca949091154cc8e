//! What `fonts` and `template inspect` print: [`fonts_report`], [`doc_template_inspect`],
//! [`template_layout_map`], [`template_font_warnings`], and [`terminal_safe`] for text.

#[allow(unused_imports)]
use crate::*;

/// The `fonts` command's report: every loaded face, and which face each family resolves to
/// for the deck defaults (Calibri for Latin, Noto Sans CJK KR/JP/SC/TC for East Asian) and for
/// `extra` families (under both the Latin and the East Asian rule).
pub fn fonts_report(book: &FontBook, extra: &[String]) -> Value {
    use specrender_fonts::{MatchKind, ScriptClass};
    let faces: Vec<Value> = book
        .faces()
        .map(|(id, f)| {
            json!({
                "id": id.0,
                "family": f.family,
                "post_script_name": f.post_script_name,
                "path": f.path.display().to_string(),
                "index": f.index,
                "bold": f.bold,
                "italic": f.italic,
            })
        })
        .collect();
    let mut asks: Vec<(String, ScriptClass)> = vec![("Calibri".into(), ScriptClass::Latin)];
    for r in ["KR", "JP", "SC", "TC"] {
        asks.push((format!("Noto Sans CJK {r}"), ScriptClass::EastAsian));
    }
    for f in extra {
        asks.push((f.clone(), ScriptClass::Latin));
        asks.push((f.clone(), ScriptClass::EastAsian));
    }
    let resolved: Vec<Value> = asks
        .iter()
        .map(|(family, class)| {
            let m = book.resolve(family, false, *class);
            let face = book.face(m.face);
            let (how, to) = match &m.kind {
                MatchKind::Exact => ("exact", None),
                MatchKind::Alias { to } => ("alias", Some(to.clone())),
                MatchKind::StandIn { to } => ("stand_in", Some(to.clone())),
                MatchKind::Substituted { to } => ("substituted", Some(to.clone())),
            };
            let mut v = json!({
                "family": family,
                "script": if *class == ScriptClass::Latin { "latin" } else { "east_asian" },
                "how": how,
            });
            if let Some(to) = to {
                v["to"] = json!(to);
            }
            v["face"] = json!({
                "family": face.family,
                "path": face.path.display().to_string(),
                "index": face.index,
                "bold": face.bold,
            });
            v
        })
        .collect();
    json!({ "faces": faces, "resolve": resolved, "scripts": scripts_report(book) })
}

/// For `fonts`: which face draws each script in a deck with the default fonts (Calibri and
/// Noto Sans CJK KR), through which OOXML font slot, and whether it is a per-character
/// fallback (then the run names that face's family in the slot).
fn scripts_report(book: &FontBook) -> Vec<Value> {
    use specrender_fonts::{ScriptClass, SlotFaces};
    let latin = book.resolve("Calibri", false, ScriptClass::Latin).face;
    let slots = SlotFaces {
        latin,
        ea: book
            .resolve("Noto Sans CJK KR", false, ScriptClass::EastAsian)
            .face,
        cs: latin,
    };
    let samples = [
        ("latin", "Aa"),
        ("korean", "가나"),
        ("japanese", "かな漢字"),
        ("chinese", "中文"),
        ("thai", "ภาษาไทย"),
        ("arabic", "العربية"),
        ("hebrew", "עברית"),
        ("devanagari", "हिन्दी"),
        ("emoji", "😀👩\u{200D}💻🇰🇷"),
    ];
    samples
        .iter()
        .map(|(script, sample)| {
            let segs = book.segment(sample, slots, false);
            let s = &segs[0];
            let face = book.face(s.face);
            json!({
                "script": script,
                "sample": sample,
                "slot": match s.class {
                    ScriptClass::EastAsian => "ea",
                    ScriptClass::Complex => "cs",
                    _ => "latin",
                },
                "family": face.family,
                "path": face.path.display().to_string(),
                "fallback": s.fallback,
                "missing": segs.iter().any(|s| s.missing),
            })
        })
        .collect()
}

/// `text` made safe to print on a terminal: every control character but a line feed and a
/// tab (C0, DEL, C1: an escape sequence from a template's layout name would be run by the
/// terminal) and every bidirectional embedding, override or isolate (which reorder what
/// follows on the line) written as its escape, `\u{1b}`. `template inspect --text` prints
/// through it; JSON output escapes control characters itself.
pub fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if (c.is_control() && c != '\n' && c != '\t') || bidi {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `template inspect` of a Word template: its kind, the page of its last section, headers and
/// footers, each of our roles' style (`how`: `name`, `outline` or `added`), the fonts and size
/// `Normal` and `heading 1` resolve to, and how many example blocks are dropped.
pub fn doc_template_inspect(t: &template::DocTemplate) -> Value {
    use specrender_layout::doc::template::{page_of, style_map};
    let page = page_of(t, "en-US");
    let inch = |e: i64| (e as f64 / 914_400.0 * 1000.0).round() / 1000.0;
    let styles: serde_json::Map<String, Value> = style_map(t)
        .into_iter()
        .map(|s| {
            (
                s.role.key(),
                json!({"id": s.id, "how": s.how, "from_template": s.from_template}),
            )
        })
        .collect();
    let font = |role: template::DocRole| {
        let id = t.style_for(role).map(|s| s.id.clone()).unwrap_or_default();
        let (latin, ea) = t.fonts_of(&id, "en-US");
        let size = t.run_props(&id).size_half_pt.map(|h| h as f64 / 2.0);
        json!({"latin": latin, "east_asian": ea, "size_pt": size})
    };
    json!({
        "kind": t.kind,
        "page": {
            "size": page.name,
            "width_in": inch(page.width),
            "height_in": inch(page.height),
            "landscape": t.section.landscape,
            "margins_in": page.margins.map(inch),
            "text_width_in": inch(page.text_width()),
            "columns": page.columns.map(|c| c.0).unwrap_or(1),
            "written": t.section.size.is_some(),
        },
        "headers": t.section.headers.iter().map(|(k, p)| json!({"type": k, "part": p})).collect::<Vec<_>>(),
        "footers": t.section.footers.iter().map(|(k, p)| json!({"type": k, "part": p})).collect::<Vec<_>>(),
        "styles": styles,
        "fonts": {"normal": font(template::DocRole::Normal), "heading1": font(template::DocRole::Heading(1))},
        "example_blocks": t.example_blocks,
        "dropped": t.dropped,
        "warnings": t.warnings,
    })
}

/// The text form of [`doc_template_inspect`].
pub fn doc_template_inspect_text(v: &Value) -> String {
    let mut s = format!(
        "{} template, page {} ({} x {} in, text width {} in)\n",
        v["kind"].as_str().unwrap_or(""),
        v["page"]["size"].as_str().unwrap_or(""),
        v["page"]["width_in"],
        v["page"]["height_in"],
        v["page"]["text_width_in"]
    );
    for (k, u) in v["styles"].as_object().into_iter().flatten() {
        s.push_str(&format!(
            "  {k:<20} {:<24} ({})\n",
            u["id"].as_str().unwrap_or(""),
            u["how"].as_str().unwrap_or("")
        ));
    }
    let dropped: Vec<template::Dropped> =
        serde_json::from_value(v["dropped"].clone()).unwrap_or_default();
    for d in &dropped {
        s.push_str(&template::policy::dropped_line(d));
        s.push('\n');
    }
    for w in v["warnings"].as_array().into_iter().flatten() {
        s.push_str(&format!("warning: {}\n", w.as_str().unwrap_or("")));
    }
    s
}

/// `template inspect`'s layout map: which template layout each layout id goes onto and how
/// ([`template::map_all`]), with where layout takes its slots from (the frame of a deck
/// without brand tokens on `t`).
pub fn template_layout_map(t: &Arc<template::Template>) -> Vec<template::Mapping> {
    let lang = spec::deck::LangFamily::Other;
    let frame = layout::frame::from_template(t, &spec::resolve::default_theme(lang), lang);
    let mut map = template::map_all(t, &|_| None);
    for m in &mut map {
        let l = frame.layouts.iter().find(|l| l.preset.id() == m.layout_id);
        m.slots = l.map(|l| l.template_layout.slots);
    }
    map
}

/// What `template inspect` warns about the template's theme fonts: a family that is neither
/// available nor a metric-compatible alias is measured with a stand-in or a substitute
/// (docs/guide/fonts.md). Heading and body fonts, Latin and the East Asian font of each of ko, ja,
/// zh-CN and zh-TW (an empty `ea` resolves through the theme's script fonts).
pub fn template_font_warnings(book: &FontBook, t: &template::Template) -> Vec<String> {
    use specrender_fonts::{MatchKind, ScriptClass};
    let Some(th) = t.theme() else {
        return Vec::new();
    };
    // (family, class) -> where the theme uses it, in first-use order.
    let mut uses: Vec<((String, ScriptClass), Vec<String>)> = Vec::new();
    let mut add = |family: &str, class: ScriptClass, use_: String| {
        if family.trim().is_empty() {
            return;
        }
        let key = (family.to_string(), class);
        match uses.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => {
                if !v.contains(&use_) {
                    v.push(use_)
                }
            }
            None => uses.push((key, vec![use_])),
        }
    };
    for (set, role) in [(&th.major, "headings"), (&th.minor, "body")] {
        add(&set.latin, ScriptClass::Latin, role.to_string());
        for lang in ["ko", "ja", "zh-CN", "zh-TW"] {
            add(
                set.ea_for(lang),
                ScriptClass::EastAsian,
                format!("{role} in {lang}"),
            );
        }
    }
    uses.into_iter()
        .filter_map(|((family, class), used)| {
            let used = used.join(", ");
            match book.resolve(&family, false, class).kind {
                MatchKind::Exact | MatchKind::Alias { .. } => None,
                MatchKind::StandIn { to } => Some(format!(
                    "font \"{family}\" ({used}) has no free metric-compatible clone: measured with the stand-in \"{to}\" (font_fallback); --fonts with the real files measures it exactly"
                )),
                MatchKind::Substituted { to } => Some(format!(
                    "font \"{family}\" ({used}) is not available: measured with \"{to}\" (font_fallback); pass --fonts with the real files"
                )),
            }
        })
        .collect()
}
