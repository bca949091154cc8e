//! Shared test helpers: a small hand-built `LaidDeck`, a tiny DOM over quick-xml, and package
//! access helpers.
#![allow(dead_code)]

use quick_xml::events::Event;
use quick_xml::Reader;
use specrender_model::*;
use specrender_spec::deck::*;
use std::collections::BTreeMap;

pub fn theme() -> Theme {
    Theme {
        template_id: "default".into(),
        brand_kit_id: "acme".into(),
        colors: ThemeColors {
            primary: Rgb(0x1F, 0x4E, 0x79),
            secondary: Rgb(0x2E, 0x75, 0xB6),
            accent: Rgb(0xED, 0x7D, 0x31),
            text: Rgb(0x22, 0x22, 0x22),
            background: Rgb(0xFF, 0xFF, 0xFF),
            muted: Rgb(0x7F, 0x7F, 0x7F),
            heading: None,
        },
        fonts: ThemeFonts {
            heading: "Calibri".into(),
            body: "Calibri".into(),
            heading_ea: "Noto Sans CJK KR".into(),
            body_ea: "Noto Sans CJK KR".into(),
            mono: "Consolas".into(),
        },
        sizes: ThemeSizes {
            title: 3600,
            subtitle: 2400,
            body: 2000,
            caption: 1400,
        },
        layouts: Default::default(),
        from_template: Default::default(),
        // The brand colours above are the deck's own: set, so they win over a theme's.
        set: [
            "text",
            "background",
            "primary",
            "secondary",
            "accent",
            "muted",
        ]
        .iter()
        .map(|k| format!("colors.{k}"))
        .collect(),
        logo: None,
    }
}

/// Splits text into runs the way layout does: CJK characters take the East Asian font,
/// everything else the Latin font (spaces join the run they follow).
pub fn runs_for(text: &str) -> Vec<Run> {
    let is_cjk = |c: char| matches!(c as u32, 0x1100..=0x11FF | 0x3000..=0x30FF | 0x3130..=0x318F | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xFF00..=0xFFEF);
    let mut runs: Vec<(usize, usize, bool)> = Vec::new();
    for (i, c) in text.char_indices() {
        let cjk = if c == ' ' {
            runs.last().map(|r| r.2).unwrap_or(false)
        } else {
            is_cjk(c)
        };
        match runs.last_mut() {
            Some(r) if r.2 == cjk => r.1 = i + c.len_utf8(),
            _ => runs.push((i, i + c.len_utf8(), cjk)),
        }
    }
    runs.into_iter()
        .map(|(start, end, cjk)| Run {
            start,
            end,
            latin: "Calibri".into(),
            ea: "Noto Sans CJK KR".into(),
            cs: if cjk {
                "Noto Sans CJK KR".into()
            } else {
                "Arial".into()
            },
            fallback: None,
        })
        .collect()
}

pub fn para(text: &str, lang: &str, bullet: bool, size: Cpt, cjk: bool) -> Paragraph {
    let pitch = if cjk { size * 13 / 10 } else { size * 12 / 10 };
    Paragraph {
        text: text.into(),
        bullet: bullet.then(|| Bullet {
            char: '•',
            font: "Arial".into(),
            color: None,
        }),
        lang: lang.into(),
        ea_line_break: lang != "ko-KR",
        rtl: false,
        line_pitch: pitch,
        space_before: if bullet { 600 } else { 0 },
        space_after: 0,
        margin_left: if bullet { 285_750 } else { 0 },
        indent: if bullet { -285_750 } else { 0 },
        lines: vec![Line {
            start: 0,
            end: text.len(),
            width: 1_000_000,
        }],
        runs: runs_for(text).into(),
        glyphs: None,
    }
}

pub fn text_box(
    size: Cpt,
    bold: bool,
    align: Align,
    anchor: Anchor,
    paragraphs: Vec<Paragraph>,
) -> TextBox {
    let chars = paragraphs
        .iter()
        .map(|p| p.text.chars().count() as u32)
        .sum();
    TextBox {
        fill: None,
        size,
        requested_size: size,
        min_size: 1200,
        bold,
        color: Rgb(0x22, 0x22, 0x22),
        align,
        anchor,
        insets: Insets {
            l: 91_440,
            t: 45_720,
            r: 91_440,
            b: 45_720,
        },
        paragraphs,
        needed_height: 500_000,
        usable_height: 600_000,
        safety_permille: 80,
        total_chars: chars,
        capacity_chars: chars,
        broken_words: vec![],
        columns: 1,
        column_gap: 0,
        field: None,
        links: Vec::new(),
    }
}

pub fn placed(
    id: &str,
    kind: &str,
    rect: (i64, i64, i64, i64),
    ph: Option<Placeholder>,
    content: BoxContent,
) -> PlacedBox {
    PlacedBox {
        element_id: id.into(),
        kind: match kind {
            "text" => ElementKind::Text,
            "bullets" => ElementKind::Bullets,
            "chart" => ElementKind::Chart,
            "table" => ElementKind::Table,
            "image" => ElementKind::Image,
            other => panic!("unknown kind {other}"),
        },
        rect: Rect {
            x: rect.0,
            y: rect.1,
            w: rect.2,
            h: rect.3,
        },
        placeholder: ph,
        explicit: ph.is_none(),
        full_bleed: false,
        content,
    }
}

pub fn slide(id: &str, preset: Preset, boxes: Vec<PlacedBox>, notes: &str) -> LaidSlide {
    LaidSlide {
        id: id.into(),
        source_id: id.into(),
        preset,
        continuation: 0,
        boxes,
        notes: notes.into(),
        needs_human_edit: false,
    }
}

pub const KO_TITLE: &str = "분기 실적 & <요약> \"2025\"";
pub const KO_BULLETS: [&str; 3] = [
    "매출은 전년 대비 12% 증가했습니다",
    "Cloud 부문이 성장을 이끌었습니다",
    "다음 분기 목표: 15%",
];
pub const NOTES: &str = "첫 줄 메모\n두 번째 줄 & <끝>";

/// A four-slide deck: title (CenterTitle + Subtitle), one_column (Title + Korean bullets +
/// notes), custom (explicit text boxes + a Placeholder box), two_column (Japanese on the right).
pub fn sample_deck(autofit: Autofit) -> LaidDeck {
    let ko = "ko-KR";
    let s1 = slide(
        "s1",
        Preset::TitleCenter,
        vec![
            placed(
                "e1",
                "text",
                (457_200, 1_714_500, 11_277_600, 1_428_750),
                Some(Placeholder::CenterTitle),
                BoxContent::Text(text_box(
                    4400,
                    true,
                    Align::Center,
                    Anchor::Bottom,
                    vec![para(KO_TITLE, ko, false, 4400, true)],
                )),
            ),
            placed(
                "e2",
                "text",
                (457_200, 3_234_690, 11_277_600, 1_143_000),
                Some(Placeholder::Subtitle),
                BoxContent::Text(text_box(
                    2400,
                    false,
                    Align::Center,
                    Anchor::Top,
                    vec![para("Quarterly review 분기 보고", ko, false, 2400, true)],
                )),
            ),
        ],
        "",
    );
    let s2 = slide(
        "s2",
        Preset::OneColumn,
        vec![
            placed(
                "e1",
                "text",
                (457_200, 457_200, 11_277_600, 857_250),
                Some(Placeholder::Title),
                BoxContent::Text(text_box(
                    3600,
                    true,
                    Align::Left,
                    Anchor::Bottom,
                    vec![para("핵심 지표", ko, false, 3600, true)],
                )),
            ),
            placed(
                "e2",
                "bullets",
                (457_200, 1_405_890, 11_277_600, 4_675_000),
                Some(Placeholder::Body(1)),
                BoxContent::Text(text_box(
                    2000,
                    false,
                    Align::Left,
                    Anchor::Top,
                    KO_BULLETS
                        .iter()
                        .map(|t| para(t, ko, true, 2000, true))
                        .collect(),
                )),
            ),
        ],
        NOTES,
    );
    let s3 = slide(
        "s3",
        Preset::Blank,
        vec![
            placed(
                "t1",
                "text",
                (914_400, 914_400, 5_000_000, 1_000_000),
                None,
                BoxContent::Text(text_box(
                    1800,
                    false,
                    Align::Left,
                    Anchor::Top,
                    vec![para(
                        "Free text box with  two spaces",
                        "en-US",
                        false,
                        1800,
                        false,
                    )],
                )),
            ),
            placed(
                "chart1",
                "chart",
                (914_400, 2_100_000, 5_000_000, 3_000_000),
                None,
                BoxContent::Placeholder(PlaceholderBox {
                    kind: ElementKind::Chart,
                    label: "chart: 매출 추이".into(),
                    insets: specrender_layout::style::INSETS,
                }),
            ),
            placed(
                "t2",
                "text",
                (6_400_000, 5_000_000, 4_800_000, 900_000),
                None,
                BoxContent::Text(text_box(
                    1400,
                    false,
                    Align::Right,
                    Anchor::Bottom,
                    vec![para("출처: 내부 자료", ko, false, 1400, true)],
                )),
            ),
        ],
        "",
    );
    let s4 = slide(
        "s4",
        Preset::TwoColumn,
        vec![
            placed(
                "e1",
                "text",
                (457_200, 457_200, 11_277_600, 857_250),
                Some(Placeholder::Title),
                BoxContent::Text(text_box(
                    3600,
                    true,
                    Align::Left,
                    Anchor::Bottom,
                    vec![para("Compare 比較", "ja-JP", false, 3600, true)],
                )),
            ),
            placed(
                "left",
                "bullets",
                (457_200, 1_405_890, 6_051_000, 4_675_000),
                Some(Placeholder::Body(1)),
                BoxContent::Text(text_box(
                    2000,
                    false,
                    Align::Left,
                    Anchor::Top,
                    vec![para("Left side point", "en-US", true, 2000, false)],
                )),
            ),
            placed(
                "right",
                "text",
                (6_782_000, 1_405_890, 4_952_800, 4_675_000),
                Some(Placeholder::Body(2)),
                BoxContent::Text(text_box(
                    2000,
                    false,
                    Align::Left,
                    Anchor::Top,
                    vec![para("日本語の段落です。", "ja-JP", false, 2000, true)],
                )),
            ),
        ],
        "two column notes",
    );
    LaidDeck {
        title: "분기 실적 & 요약".into(),
        subtitle: Some("Q3".into()),
        language: ko.into(),
        lang: LangFamily::Korean,
        slide_size: SlideSize::WIDESCREEN,
        theme: theme(),
        theme_frame: specrender_layout::frame::theme_frame(&theme()),
        slides_in: 4,
        slides: vec![s1, s2, s3, s4],
        frame: std::sync::Arc::new(specrender_layout::frame::default_look(
            SlideSize::WIDESCREEN,
            &theme(),
            LangFamily::Korean,
        )),
        fixes: vec![],
        notes: vec![],
        autofit,
        embedding: Default::default(),
    }
}

// ---- a tiny DOM ----

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    El(El),
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct El {
    pub name: String,
    pub attrs: BTreeMap<String, String>,
    pub children: Vec<Node>,
}

impl El {
    pub fn attr(&self, k: &str) -> Option<&str> {
        self.attrs.get(k).map(String::as_str)
    }
    pub fn elements(&self) -> impl Iterator<Item = &El> {
        self.children.iter().filter_map(|n| match n {
            Node::El(e) => Some(e),
            Node::Text(_) => None,
        })
    }
    pub fn child(&self, name: &str) -> Option<&El> {
        self.elements().find(|e| e.name == name)
    }
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a El> + 'a {
        self.elements().filter(move |e| e.name == name)
    }
    /// Every descendant (depth first, document order) with this name.
    pub fn find_all(&self, name: &str) -> Vec<&El> {
        let mut out = Vec::new();
        fn walk<'a>(e: &'a El, name: &str, out: &mut Vec<&'a El>) {
            for c in e.elements() {
                if c.name == name {
                    out.push(c);
                }
                walk(c, name, out);
            }
        }
        walk(self, name, &mut out);
        out
    }
    pub fn find(&self, name: &str) -> Option<&El> {
        self.find_all(name).into_iter().next()
    }
    /// Concatenated text content.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for c in &self.children {
            match c {
                Node::Text(t) => s.push_str(t),
                Node::El(e) => s.push_str(&e.text()),
            }
        }
        s
    }
    /// The same tree without whitespace-only text nodes (pretty vs compact comparison).
    pub fn without_blank_text(&self) -> El {
        El {
            name: self.name.clone(),
            attrs: self.attrs.clone(),
            children: self
                .children
                .iter()
                .filter_map(|c| match c {
                    Node::Text(t) if t.trim().is_empty() => None,
                    Node::Text(t) => Some(Node::Text(t.clone())),
                    Node::El(e) => Some(Node::El(e.without_blank_text())),
                })
                .collect(),
        }
    }
}

/// Parses a whole part; panics with the part's problem if it is not well-formed.
pub fn parse(bytes: &[u8]) -> El {
    let text = std::str::from_utf8(bytes).expect("part is UTF-8");
    assert!(text.starts_with(r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#));
    let mut reader = Reader::from_str(text);
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<El> = vec![El {
        name: "#doc".into(),
        attrs: BTreeMap::new(),
        children: vec![],
    }];
    let start = |e: &quick_xml::events::BytesStart| {
        let name = e.name().as_ref().to_string();
        let mut attrs = BTreeMap::new();
        for a in e.attributes() {
            let a = a.expect("well-formed attribute");
            let k = a.key.as_ref().to_string();
            let v = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .expect("attribute value")
                .into_owned();
            assert!(
                attrs.insert(k.clone(), v).is_none(),
                "duplicate attribute {k}"
            );
        }
        El {
            name,
            attrs,
            children: vec![],
        }
    };
    let push_text = |stack: &mut Vec<El>, t: String| {
        let top = stack.last_mut().unwrap();
        if let Some(Node::Text(prev)) = top.children.last_mut() {
            prev.push_str(&t);
        } else {
            top.children.push(Node::Text(t));
        }
    };
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => stack.push(start(&e)),
            Event::Empty(e) => {
                let el = start(&e);
                stack.last_mut().unwrap().children.push(Node::El(el));
            }
            Event::End(_) => {
                let el = stack.pop().unwrap();
                stack
                    .last_mut()
                    .expect("balanced")
                    .children
                    .push(Node::El(el));
            }
            Event::Text(t) => push_text(&mut stack, t.xml10_content().into_owned()),
            Event::GeneralRef(r) => {
                let s = if r.is_char_ref() {
                    r.resolve_char_ref()
                        .expect("char ref")
                        .expect("valid char")
                        .to_string()
                } else {
                    match r.xml10_content().as_ref() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("unknown entity {other}"),
                    }
                    .to_string()
                };
                push_text(&mut stack, s);
            }
            Event::CData(_) | Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {
                panic!("unexpected node kind")
            }
            Event::Decl(_) => {}
            Event::Eof => break,
        }
    }
    assert_eq!(stack.len(), 1, "unclosed elements");
    let doc = stack.pop().unwrap();
    let mut roots = doc.elements();
    let root = roots.next().expect("a root element").clone();
    assert!(roots.next().is_none(), "one root element");
    root
}

pub fn part<'a>(parts: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &parts
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("missing part {name}"))
        .1
}

pub fn part_xml(parts: &[(String, Vec<u8>)], name: &str) -> El {
    parse(part(parts, name))
}
