//! Structured generation: `arbitrary` turns random bytes into a deck *shape* (slides, element
//! kinds, roles, boxes, constraints, tokens, texts drawn from a vocabulary of awkward pieces),
//! written out as SlideSpec or DocSpec JSON — mostly schema-shaped so the cases reach layout and
//! the writer, with deliberate breakage (duplicate ids, wrong kinds, huge and negative numbers,
//! percent strings, unknown keys) mixed in.

use arbitrary::{Arbitrary, Unstructured};
use serde_json::{json, Map, Value};

/// Text pieces: every script the engine measures, break-rule traps, long unbreakable tokens,
/// format and control characters, emoji sequences.
const PIECES: &[&str] = &[
    "Revenue grew 12% year over year",
    "매출이 전년 대비 12% 증가했습니다",
    "売上は前年比12%増加しました。",
    "营收同比增长12%",
    "營收同比成長12%",
    "https://example.com/a/very/long/path/that/never/breaks/anywhere/at/all?x=1",
    "SKU-0000-1111-2222-3333-4444-5555-6666",
    "Supercalifragilisticexpialidocious",
    "（括弧）「かぎ」ー、。",
    "👩‍👩‍👧‍👦 🇰🇷 1️⃣",
    "\u{200b}\u{200d}\u{fe0f}",
    "\u{202e}RTL override\u{202c}",
    "مرحبا بالعالم",
    "שלום",
    "नमस्ते",
    "สวัสดี",
    "\t\n\r",
    "\u{0}\u{1}\u{7f}",
    "a",
    " ",
    "-",
    "/var/lib/specrender/cache/x",
    "€ ∑ ∞ ≈",
    "\u{10ffff}\u{fffd}",
];

#[derive(Arbitrary, Debug)]
pub struct GDeck {
    doc: bool,
    lang: u8,
    four_three: bool,
    slides: Vec<GSlide>,
    tokens: Option<GTokens>,
    assets: Vec<GAsset>,
    junk: Option<GJunk>,
}

#[derive(Arbitrary, Debug)]
struct GSlide {
    ty: u8,
    layout: u8,
    dup_id: bool,
    elements: Vec<GElement>,
    notes: Option<GText>,
    citations: Vec<GText>,
}

#[derive(Arbitrary, Debug)]
struct GElement {
    kind: u8,
    role: Option<u8>,
    text: GText,
    items: Vec<GText>,
    rows: Vec<Vec<GNum>>,
    boxed: Option<GBox>,
    priority: Option<i8>,
    min_font: Option<GNum>,
    font_size: Option<GNum>,
    asset: Option<u8>,
    dup_id: bool,
}

#[derive(Arbitrary, Debug)]
struct GText {
    pieces: Vec<(u8, u8)>,
}

#[derive(Arbitrary, Debug)]
struct GBox {
    x: GNum,
    y: GNum,
    w: GNum,
    h: GNum,
}

#[derive(Arbitrary, Debug)]
enum GNum {
    Small(i16),
    Milli(i32),
    Huge(u8),
    Percent(u8),
    Str(u8),
}

#[derive(Arbitrary, Debug)]
struct GTokens {
    colors: Vec<(u8, GNum)>,
    sizes: Vec<(u8, GNum)>,
    fonts: Vec<(u8, u8)>,
    /// A built-in theme (`template_id`), layout names and a logo.
    theme: u8,
    layouts: Vec<(u8, u8)>,
    logo: Option<(u8, u8, GNum)>,
}

#[derive(Arbitrary, Debug)]
struct GAsset {
    id: u8,
    kind: u8,
    ty: u8,
}

#[derive(Arbitrary, Debug)]
enum GJunk {
    UnknownKey(u8),
    DeepNest(u8),
    WrongVersion,
}

const HUGE: &[f64] = &[
    1e300, -1e300, 1e20, -1e20, 0.0, -0.0, 1e-300, 4e9, -4e9, 2e15,
];
const STRS: &[&str] = &[
    "12pt", "50%", "-5%", "1e400", "", "#FFF", "navy", "nan", "12.5%", "200%",
];

impl GNum {
    fn value(&self) -> Value {
        match self {
            GNum::Small(n) => json!(*n),
            GNum::Milli(n) => json!(f64::from(*n) / 1000.0),
            GNum::Huge(i) => json!(HUGE[*i as usize % HUGE.len()]),
            GNum::Percent(p) => json!(format!("{p}%")),
            GNum::Str(i) => json!(STRS[*i as usize % STRS.len()]),
        }
    }
}

impl GText {
    fn string(&self) -> String {
        let mut s = String::new();
        for (p, n) in self.pieces.iter().take(40) {
            let piece = PIECES[*p as usize % PIECES.len()];
            for _ in 0..(1 + *n as usize % 4) {
                s.push_str(piece);
                s.push(' ');
            }
        }
        if s.trim().is_empty() {
            s = "x".into();
        }
        s
    }
}

const LANGS: &[&str] = &[
    "ko", "en", "ja", "zh", "zh-TW", "en-US", "xx", "", "ar", "he-IL",
];
const TYPES: &[&str] = &["title", "section", "content", "closing", "custom", "bogus"];
const LAYOUTS: &[&str] = &[
    "title_center",
    "section_header",
    "one_column",
    "two_column",
    "quote_center",
    "closing",
    "chart_focus",
    "table_focus",
    "image_full_bleed",
    "blank",
    "nope",
];
const KINDS: &[&str] = &[
    "text", "bullets", "image", "chart", "table", "shape", "video",
];
const ROLES: &[&str] = &[
    "title",
    "subtitle",
    "body",
    "left",
    "right",
    "quote",
    "caption",
    "attribution",
    "footer",
    "x",
];

/// A deck (or document) JSON from `bytes`.
pub fn generate(bytes: &[u8]) -> Value {
    let mut u = Unstructured::new(bytes);
    let g = match GDeck::arbitrary(&mut u) {
        Ok(g) => g,
        Err(_) => return json!({"spec_version": "slidespec_v1"}),
    };
    if g.doc {
        return doc(&g);
    }
    let slides: Vec<Value> = g
        .slides
        .iter()
        .take(12)
        .enumerate()
        .map(|(i, s)| slide(i, s))
        .collect();
    let mut v = json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Fuzz", "language": LANGS[g.lang as usize % LANGS.len()], "slides": slides},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "f"},
                  "slide_size": if g.four_three { "standard_4_3" } else { "widescreen_16_9" }},
    });
    if let Some(t) = &g.tokens {
        v["theme"]["brand"]["tokens"] = tokens(t);
        const THEMES: &[&str] = &["default", "minimal", "bold", "dark", "nope"];
        v["theme"]["template_ref"]["template_id"] = json!(THEMES[t.theme as usize % THEMES.len()]);
    }
    if !g.assets.is_empty() {
        v["assets"] = json!(g.assets.iter().take(6).map(asset).collect::<Vec<_>>());
    }
    if let Some(j) = &g.junk {
        junk(&mut v, j);
    }
    v
}

fn slide(i: usize, s: &GSlide) -> Value {
    let id = if s.dup_id {
        "s0".to_string()
    } else {
        format!("s{i}")
    };
    let els: Vec<Value> = s
        .elements
        .iter()
        .take(8)
        .enumerate()
        .map(|(j, e)| element(j, e))
        .collect();
    let mut v = json!({
        "slide_id": id, "type": TYPES[s.ty as usize % TYPES.len()],
        "layout": {"layout_id": LAYOUTS[s.layout as usize % LAYOUTS.len()]},
        "elements": els,
    });
    if let Some(n) = &s.notes {
        v["speaker_notes"] = json!(n.string());
    }
    if !s.citations.is_empty() {
        let c: Vec<Value> = s.citations.iter().take(4).enumerate()
            .map(|(k, t)| json!({"citation_id": format!("c{k}"), "kind": "web", "title": t.string()}))
            .collect();
        v["citations"] = json!(c);
    }
    v
}

fn element(j: usize, e: &GElement) -> Value {
    let kind = KINDS[e.kind as usize % KINDS.len()];
    let id = if e.dup_id {
        "e0".to_string()
    } else {
        format!("e{j}")
    };
    let content = match kind {
        "bullets" => {
            let mut items: Vec<Value> =
                e.items.iter().take(35).map(|t| json!(t.string())).collect();
            if items.is_empty() {
                items.push(json!(e.text.string()));
            }
            json!({"items": items})
        }
        "table" => {
            let rows: Vec<Value> = e
                .rows
                .iter()
                .take(30)
                .map(|r| json!(r.iter().take(8).map(GNum::value).collect::<Vec<_>>()))
                .collect();
            json!({"columns": ["A", "B", "C"], "rows": rows})
        }
        "chart" => {
            // Points from the element's first row: categories that repeat, as text and as
            // numbers alike (`"a"` twice, `1` beside `"1"`), so every case with a row exercises
            // the repeated-category rule; no row: one point.
            let xs = [json!("a"), json!("b"), json!("a"), json!(1), json!("1")];
            let data: Vec<Value> = match e.rows.first() {
                Some(r) if !r.is_empty() => r
                    .iter()
                    .take(12)
                    .enumerate()
                    .map(|(i, y)| json!({"x": xs[i % xs.len()], "y": y.value()}))
                    .collect(),
                _ => vec![json!({"x": "a", "y": 1})],
            };
            json!({"chart_type": "bar", "series": [{"name": "s", "data": data}]})
        }
        "image" => json!({"asset_id": format!("a{}", e.asset.unwrap_or(0) % 4), "alt_text": "x"}),
        _ => json!({"text": e.text.string()}),
    };
    let mut v = json!({"element_id": id, "kind": kind, "content": content});
    if let Some(r) = e.role {
        v["role"] = json!(ROLES[r as usize % ROLES.len()]);
    }
    let mut style = Map::new();
    if let Some(b) = &e.boxed {
        style.insert(
            "box".into(),
            json!({"x": b.x.value(), "y": b.y.value(), "w": b.w.value(), "h": b.h.value()}),
        );
    }
    if let Some(f) = &e.font_size {
        style.insert("font_size".into(), f.value());
    }
    if !style.is_empty() {
        v["style"] = Value::Object(style);
    }
    let mut c = Map::new();
    if let Some(p) = e.priority {
        c.insert("priority".into(), json!(p));
    }
    if let Some(m) = &e.min_font {
        c.insert("min_font_pt".into(), m.value());
    }
    if !c.is_empty() {
        v["constraints"] = Value::Object(c);
    }
    v
}

fn tokens(t: &GTokens) -> Value {
    const C: &[&str] = &[
        "primary",
        "secondary",
        "accent",
        "text",
        "background",
        "muted",
        "x",
    ];
    const S: &[&str] = &["title", "subtitle", "body", "caption", "x"];
    const F: &[&str] = &["heading", "body", "heading_ea", "body_ea", "mono", "x"];
    const FAMILIES: &[&str] = &["Calibri", "Noto Sans CJK KR", "Nope Sans", "", "Arial"];
    let colors: Map<String, Value> = t
        .colors
        .iter()
        .take(8)
        .map(|(k, v)| (C[*k as usize % C.len()].to_string(), v.value()))
        .collect();
    let sizes: Map<String, Value> = t
        .sizes
        .iter()
        .take(6)
        .map(|(k, v)| (S[*k as usize % S.len()].to_string(), v.value()))
        .collect();
    let fonts: Map<String, Value> = t
        .fonts
        .iter()
        .take(6)
        .map(|(k, f)| {
            (
                F[*k as usize % F.len()].to_string(),
                json!(FAMILIES[*f as usize % FAMILIES.len()]),
            )
        })
        .collect();
    const L: &[&str] = &["two_column", "one_column", "chart_focus", "closing", "x"];
    const N: &[&str] = &["Quote", "two content", "Chart", "", "No Such Layout"];
    let layouts: Map<String, Value> = t
        .layouts
        .iter()
        .take(4)
        .map(|(k, n)| {
            (
                L[*k as usize % L.len()].to_string(),
                json!(N[*n as usize % N.len()]),
            )
        })
        .collect();
    let mut out = json!({"colors": colors, "sizes": sizes, "fonts": fonts, "layouts": layouts});
    if let Some((id, corner, h)) = &t.logo {
        const CORNERS: &[&str] = &["top_right", "bottom_left", "middle", "top_left"];
        out["logo"] = if id % 3 == 0 {
            json!(format!("a{}", id % 4))
        } else {
            json!({"asset_id": format!("a{}", id % 4),
                   "corner": CORNERS[*corner as usize % CORNERS.len()], "height": h.value()})
        };
    }
    out
}

fn asset(a: &GAsset) -> Value {
    const K: &[&str] = &["file", "url", "generated"];
    const T: &[&str] = &["image", "data", "icon"];
    let kind = K[a.kind as usize % K.len()];
    let mut src = json!({"kind": kind});
    if kind == "file" {
        src["file_id"] =
            json!(["../../etc/passwd", "/etc/passwd", "x.png", "a/b.csv"][a.id as usize % 4]);
    }
    json!({"asset_id": format!("a{}", a.id % 4), "type": T[a.ty as usize % T.len()], "source": src})
}

fn junk(v: &mut Value, j: &GJunk) {
    match j {
        GJunk::UnknownKey(k) => v["deck"][format!("k{k}")] = json!(k),
        GJunk::DeepNest(n) => {
            let mut x = json!(1);
            for _ in 0..(*n as usize % 90) {
                x = json!([x]);
            }
            v["extensions"] = json!({ "deep": x });
        }
        GJunk::WrongVersion => v["spec_version"] = json!("slidespec_v2"),
    }
}

fn doc(g: &GDeck) -> Value {
    const BT: &[&str] = &[
        "heading",
        "paragraph",
        "list",
        "table",
        "figure",
        "quote",
        "page_break",
        "x",
    ];
    let mut blocks = Vec::new();
    for (i, s) in g.slides.iter().take(10).enumerate() {
        for (j, e) in s.elements.iter().take(5).enumerate() {
            let ty = BT[e.kind as usize % BT.len()];
            let content = match ty {
                "heading" => json!({"level": 1 + e.kind % 7, "text": e.text.string()}),
                "list" => {
                    json!({"ordered": e.dup_id, "items": e.items.iter().take(5).map(|t| json!(t.string())).collect::<Vec<_>>()})
                }
                _ => json!({"text": e.text.string()}),
            };
            let id = if e.dup_id {
                "b0".to_string()
            } else {
                format!("b{i}_{j}")
            };
            blocks.push(json!({"block_id": id, "type": ty, "content": content}));
        }
    }
    json!({"spec_version": "docspec_v1",
           "doc": {"title": "Fuzz", "language": LANGS[g.lang as usize % LANGS.len()], "blocks": blocks},
           "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "f"}}})
}
