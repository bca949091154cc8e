//! Which template layout a SlideSpec `layout_id` goes onto, and why — in this order: an
//! explicit map (`theme.brand.tokens.layouts`), the layout's name (the standard Office names in
//! English, Korean, Japanese, Chinese, French and German), its `type`, the placeholder
//! signature (a title and two bodies is a two-column layout). None fits: our own slot rules
//! inside the master's title and body areas (`fallback`).

use crate::model::{Layout, Template};
use serde::Serialize;

/// The SlideSpec layout ids (the built-in presets).
pub const LAYOUT_IDS: [&str; 10] = [
    "title_center",
    "section_header",
    "one_column",
    "two_column",
    "chart_focus",
    "table_focus",
    "image_full_bleed",
    "quote_center",
    "closing",
    "blank",
];

/// The decision for one `layout_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mapping {
    pub layout_id: String,
    /// Index into [`Template::layouts`]; `None`: fallback.
    #[serde(skip)]
    pub layout: Option<usize>,
    /// The layout's name, when one was chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout_name: Option<String>,
    /// `explicit`, `name`, `type`, `signature` or `fallback`.
    pub how: &'static str,
    /// Where layout takes the slots from (`layout`, `layout title`, `master` or `presets`:
    /// docs/guide/templates.md), when the caller asked layout (`template inspect` does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slots: Option<&'static str>,
}

/// Standard Office layout names per `layout_id`, lower-cased, in the languages Office ships
/// its default template in (en, ko, ja, zh-CN, zh-TW, fr, de), best first.
fn names(layout_id: &str) -> &'static [&'static str] {
    match layout_id {
        "title_center" | "closing" => &[
            "title slide",
            "제목 슬라이드",
            "タイトル スライド",
            "标题幻灯片",
            "標題投影片",
            "diapositive de titre",
            "titelfolie",
        ],
        "section_header" => &[
            "section header",
            "구역 머리글",
            "セクション見出し",
            "节标题",
            "章節標題",
            "en-tête de section",
            "abschnittsüberschrift",
            "abschnitts-überschrift",
        ],
        "one_column" | "chart_focus" | "table_focus" => &[
            "title and content",
            "title, content",
            "제목 및 내용",
            "タイトルとコンテンツ",
            "标题和内容",
            "標題及內容",
            "titre et contenu",
            "titel und inhalt",
        ],
        "two_column" => &[
            "two content",
            "comparison",
            "title, 2 content",
            "콘텐츠 2개",
            "비교",
            "2 つのコンテンツ",
            "比較",
            "两栏内容",
            "比较",
            "兩項物件",
            "deux contenus",
            "comparaison",
            "zwei inhalte",
            "vergleich",
        ],
        "image_full_bleed" => &[
            "picture with caption",
            "캡션 있는 그림",
            "タイトル付きの図",
            "图片与标题",
            "含標題的圖片",
            "image avec légende",
            "bild mit überschrift",
        ],
        "quote_center" => &[
            "title only",
            "제목만",
            "タイトルのみ",
            "仅标题",
            "只有標題",
            "titre seul",
            "nur titel",
        ],
        "blank" => &[
            "blank",
            "blank slide",
            "빈 화면",
            "白紙",
            "空白",
            "vide",
            "leer",
        ],
        _ => &[],
    }
}

/// The short English name a template made for specrender gives the layout of `layout_id`
/// (the built-in themes do): names no Office template uses for another layout.
fn short_name(layout_id: &str) -> &'static str {
    match layout_id {
        "chart_focus" => "chart",
        "table_focus" => "table",
        "image_full_bleed" => "picture",
        "quote_center" => "quote",
        "closing" => "closing",
        _ => "",
    }
}

/// ST_SlideLayoutType values per `layout_id`, best first.
fn types(layout_id: &str) -> &'static [&'static str] {
    match layout_id {
        "title_center" | "closing" => &["title"],
        "section_header" => &["secHead"],
        "one_column" => &["obj", "tx"],
        "two_column" => &["twoObj", "twoTxTwoObj", "txAndObj", "objAndTx"],
        "chart_focus" => &["chart", "txAndChart", "chartAndTx", "obj"],
        "table_focus" => &["tbl", "obj"],
        "image_full_bleed" => &["picTx"],
        "quote_center" => &["titleOnly", "objTx"],
        "blank" => &["blank"],
        _ => &[],
    }
}

/// Does a layout's placeholder set suit the `layout_id`?
fn signature(layout_id: &str, l: &Layout) -> bool {
    let (title, sub, body, pic) = (
        l.count("title"),
        l.count("subtitle"),
        l.count("body"),
        l.count("picture"),
    );
    match layout_id {
        "title_center" | "closing" => title == 1 && sub == 1 && body == 0,
        "section_header" => title == 1 && (sub == 1 || body == 1) && body <= 1,
        "one_column" | "chart_focus" | "table_focus" => title == 1 && body == 1 && pic == 0,
        "two_column" => title == 1 && body == 2,
        "image_full_bleed" => pic >= 1,
        "quote_center" => title == 1 && body == 0 && sub == 0 && pic == 0,
        "blank" => l.placeholders.iter().all(|p| p.class() == "footer"),
        _ => false,
    }
}

/// The layout for `layout_id`; `explicit`: the name given in `theme.brand.tokens.layouts`.
pub fn map_layout(t: &Template, layout_id: &str, explicit: Option<&str>) -> Mapping {
    let pick = |i: usize, how| Mapping {
        layout_id: layout_id.to_string(),
        layout: Some(i),
        layout_name: Some(t.layouts[i].name.clone()),
        how,
        slots: None,
    };
    let by_name = |name: &str| {
        let n = name.trim().to_lowercase();
        t.layouts
            .iter()
            .position(|l| l.name.trim().to_lowercase() == n)
    };
    if let Some(i) = explicit.and_then(by_name) {
        return pick(i, "explicit");
    }
    // A layout named for the layout id (specrender's own themes, templates made for it), then
    // the standard names.
    let own = [layout_id, short_name(layout_id)];
    for n in own.iter().filter(|n| !n.is_empty()).chain(names(layout_id)) {
        if let Some(i) = by_name(n) {
            return pick(i, "name");
        }
    }
    for ty in types(layout_id) {
        if let Some(i) = t.layouts.iter().position(|l| l.ty == *ty) {
            return pick(i, "type");
        }
    }
    if let Some(i) = t.layouts.iter().position(|l| signature(layout_id, l)) {
        return pick(i, "signature");
    }
    Mapping {
        layout_id: layout_id.to_string(),
        layout: None,
        layout_name: None,
        how: "fallback",
        slots: None,
    }
}

/// [`map_layout`] for every SlideSpec layout id.
pub fn map_all(t: &Template, explicit: &dyn Fn(&str) -> Option<String>) -> Vec<Mapping> {
    LAYOUT_IDS
        .iter()
        .map(|id| map_layout(t, id, explicit(id).as_deref()))
        .collect()
}
