//! SlideSpec → [`Deck`]: schema defaults applied, theme tokens read, `style.box` in EMU.
//!
//! Defaults (schema `default`s and docs/guide/input.md): language `ko`; slide size
//! `widescreen_16_9`; constraints priority 50, allow_shrink true, min font 12 pt; emphasis
//! `none`; image crop `center_crop`.
//!
//! Theme defaults: colours primary #1F4E79, secondary #2E75B6, accent #C55A11, text #222222,
//! background #FFFFFF, muted #7F7F7F; fonts heading/body "Calibri", mono "Consolas", East
//! Asian heading/body "Noto Sans CJK KR/JP/SC/TC" by language family — `Other` languages use
//! the KR face (it covers Hangul, Kana and Han, and non-CJK decks rarely need it at all);
//! sizes title 36, subtitle 24, body 20, caption 14 pt.
//!
//! Resolution never fails. Free-form values it cannot use (a malformed token or `style.box`)
//! fall back to the default silently: validation reports each as a warning with its JSON
//! Pointer (QC lists them as `input_warning`), so they are said once. Unknown token keys and
//! groups, which validation does not look at, leave a [`ResolveNote`] for QC (the tokens are
//! applied in `tokens_apply`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::assets::AssetRoot;
use crate::deck::*;
use crate::slidespec::{
    CellValue, ElementContent, SlideSizeName, SlideSpec, SlideType, SpecCrop, SpecElement,
    SpecElementKind, SpecEmphasis, XValue,
};
use crate::tokens::{self, BoxLen};

mod tokens_apply;

pub(crate) use tokens_apply::apply_tokens;

/// BCP-47 tag → language family. `ko*` Korean, `ja*` Japanese; `zh` with script `Hant` or
/// region TW/HK/MO → Traditional (script wins over region: `zh-Hans-TW` is Simplified), other
/// `zh*` → Simplified; everything else `Other`. Case-insensitive; `_` accepted as separator.
pub fn lang_family(tag: &str) -> LangFamily {
    let lower = tag.trim().to_ascii_lowercase();
    let subtags: Vec<&str> = lower.split(['-', '_']).collect();
    match subtags[0] {
        "ko" => LangFamily::Korean,
        "ja" => LangFamily::Japanese,
        "zh" => {
            let rest = &subtags[1..];
            if rest.contains(&"hant") {
                LangFamily::ChineseTraditional
            } else if rest.contains(&"hans") {
                LangFamily::ChineseSimplified
            } else if rest.iter().any(|t| matches!(*t, "tw" | "hk" | "mo")) {
                LangFamily::ChineseTraditional
            } else {
                LangFamily::ChineseSimplified
            }
        }
        _ => LangFamily::Other,
    }
}

/// Is `tag` a language written right to left (a *right-to-left deck*)? The primary subtag is
/// one of Arabic `ar`, Hebrew `he` (and the old `iw`), Persian `fa`, Urdu `ur`, Yiddish `yi`,
/// Pashto `ps`, Sindhi `sd`, Central Kurdish `ckb`, Dhivehi `dv`, Uyghur `ug`, or the script
/// subtag is `Arab` / `Hebr` / `Thaa` / `Syrc` / `Nkoo` / `Adlm` / `Rohg`. Case-insensitive;
/// `_` accepted as separator. Such a deck's tables are mirrored (first column on the right)
/// and `two_column` puts its first column on the right.
pub fn right_to_left(tag: &str) -> bool {
    let lower = tag.trim().to_ascii_lowercase();
    let mut subtags = lower.split(['-', '_']);
    let primary = subtags.next().unwrap_or("");
    let rtl_script = |t: &str| {
        matches!(
            t,
            "arab" | "hebr" | "thaa" | "syrc" | "nkoo" | "adlm" | "rohg"
        )
    };
    let other_script = |t: &str| t.len() == 4 && !rtl_script(t);
    let rest: Vec<&str> = subtags.collect();
    if rest.iter().any(|t| rtl_script(t)) {
        return true;
    }
    matches!(
        primary,
        "ar" | "he" | "iw" | "fa" | "ur" | "yi" | "ps" | "sd" | "ckb" | "dv" | "ug"
    ) && !rest.iter().any(|t| other_script(t))
}

/// The default East Asian face for a language family.
pub fn default_ea_font(lang: LangFamily) -> &'static str {
    match lang {
        LangFamily::Korean | LangFamily::Other => "Noto Sans CJK KR",
        LangFamily::Japanese => "Noto Sans CJK JP",
        LangFamily::ChineseSimplified => "Noto Sans CJK SC",
        LangFamily::ChineseTraditional => "Noto Sans CJK TC",
    }
}

/// The theme used when no token overrides anything.
pub fn default_theme(lang: LangFamily) -> Theme {
    let ea = default_ea_font(lang).to_string();
    Theme {
        template_id: "default".to_string(),
        brand_kit_id: String::new(),
        colors: ThemeColors {
            primary: Rgb(0x1F, 0x4E, 0x79),
            secondary: Rgb(0x2E, 0x75, 0xB6),
            accent: Rgb(0xC5, 0x5A, 0x11),
            text: Rgb(0x22, 0x22, 0x22),
            background: Rgb(0xFF, 0xFF, 0xFF),
            muted: Rgb(0x7F, 0x7F, 0x7F),
            heading: None,
        },
        fonts: ThemeFonts {
            heading: "Calibri".to_string(),
            body: "Calibri".to_string(),
            heading_ea: ea.clone(),
            body_ea: ea,
            mono: "Consolas".to_string(),
        },
        sizes: ThemeSizes {
            title: 3600,
            subtitle: 2400,
            body: 2000,
            caption: 1400,
        },
        layouts: BTreeMap::new(),
        from_template: Default::default(),
        set: Default::default(),
        logo: None,
    }
}

/// Points → centipoints, rounded to the nearest integer.
pub use crate::units::pt_to_cpt;

/// A chart x value as shown: integral numbers without a trailing `.0`.
pub fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The largest offset magnitude OOXML can store (`ST_Coordinate`): 27,273,042,316,900 EMU.
pub const MAX_COORDINATE: Emu = 27_273_042_316_900;
/// The largest extent written: 2,147,483,647 EMU (about 2,348 in). ECMA-376's
/// `ST_PositiveCoordinate` allows up to [`MAX_COORDINATE`], but PowerPoint (and the Open XML
/// SDK's validator, which `tools/check-readers.sh` runs) refuses an `a:ext` above `i32::MAX`.
pub const MAX_EXTENT: Emu = i32::MAX as Emu;

/// `style.box` → EMU of the slide: inches × 914400, percents of the slide width (x, w) or
/// height (y, h); rounded to the nearest EMU and clamped to what OOXML can store (offsets
/// within ±[`MAX_COORDINATE`], extents within ±[`MAX_EXTENT`]; a non-positive extent stays
/// non-positive so layout can refuse to draw it). The float is clamped before the conversion,
/// so nothing can overflow, and any sum of two coordinates fits an `i64` many times over.
pub fn box_to_emu(b: &[BoxLen; 4], size: SlideSize) -> BoxRect {
    let conv = |len: BoxLen, full: Emu, lim: Emu| -> Emu {
        let f = match len {
            BoxLen::Inches(x) => x * EMU_PER_INCH as f64,
            BoxLen::Percent(p) => p / 100.0 * full as f64,
        };
        let lim = lim as f64;
        if f.is_nan() {
            0
        } else {
            f.round().clamp(-lim, lim) as Emu
        }
    };
    BoxRect {
        x: conv(b[0], size.cx, MAX_COORDINATE),
        y: conv(b[1], size.cy, MAX_COORDINATE),
        w: conv(b[2], size.cx, MAX_EXTENT),
        h: conv(b[3], size.cy, MAX_EXTENT),
    }
}

fn slide_kind(t: SlideType) -> SlideKind {
    match t {
        SlideType::Title => SlideKind::Title,
        SlideType::Section => SlideKind::Section,
        SlideType::Content => SlideKind::Content,
        SlideType::Chart => SlideKind::Chart,
        SlideType::Table => SlideKind::Table,
        SlideType::Image => SlideKind::Image,
        SlideType::Quote => SlideKind::Quote,
        SlideType::Closing => SlideKind::Closing,
        SlideType::Custom => SlideKind::Custom,
    }
}

fn element_kind(k: SpecElementKind) -> ElementKind {
    match k {
        SpecElementKind::Text => ElementKind::Text,
        SpecElementKind::Bullets => ElementKind::Bullets,
        SpecElementKind::Image => ElementKind::Image,
        SpecElementKind::Chart => ElementKind::Chart,
        SpecElementKind::Table => ElementKind::Table,
        SpecElementKind::Shape => ElementKind::Shape,
        SpecElementKind::Divider => ElementKind::Divider,
    }
}

fn content(c: &ElementContent, data_ref: Option<&str>) -> Content {
    match c {
        ElementContent::Text(t) => Content::Text {
            text: t.text.clone(),
        },
        ElementContent::Bullets(b) => Content::Bullets {
            items: b.items.clone(),
        },
        ElementContent::Image(i) => Content::Image {
            asset_id: i.asset_id.clone(),
            alt_text: i.alt_text.clone(),
            crop: match i.crop.unwrap_or(SpecCrop::CenterCrop) {
                SpecCrop::Contain => Crop::Contain,
                SpecCrop::Cover => Crop::Cover,
                SpecCrop::CenterCrop => Crop::CenterCrop,
            },
        },
        ElementContent::Chart(ch) => Content::Chart {
            chart_type: ch.chart_type.as_str().to_string(),
            title: ch.title.clone(),
            x_label: ch.x_label.clone(),
            y_label: ch.y_label.clone(),
            x_numeric: ch
                .series
                .iter()
                .all(|s| s.data.iter().all(|p| matches!(p.x, XValue::Number(_)))),
            notes: ch.notes.clone(),
            data_ref: data_ref.map(str::to_string),
            series: ch
                .series
                .iter()
                .map(|s| ChartSeries {
                    name: s.name.clone(),
                    data: s
                        .data
                        .iter()
                        .map(|p| {
                            let x = match &p.x {
                                XValue::Text(t) => t.clone(),
                                XValue::Number(n) => format_number(*n),
                            };
                            (x, p.y)
                        })
                        .collect(),
                })
                .collect(),
        },
        ElementContent::Table(t) => Content::Table {
            title: t.title.clone(),
            columns: t.columns.clone(),
            rows: t
                .rows
                .iter()
                .map(|r| r.iter().map(CellValue::cell).collect())
                .collect(),
        },
        ElementContent::Shape(m) => {
            let get = |k: &str| {
                m.as_ref()
                    .and_then(|m| m.get(k))
                    .and_then(Value::as_str)
                    .map(str::to_string)
            };
            Content::Shape {
                shape: get("shape"),
                text: get("text").filter(|t| !t.trim().is_empty()),
            }
        }
        ElementContent::Divider(_) => Content::None,
    }
}

fn element(e: &SpecElement, size: SlideSize, refs: Vec<CitationRef>) -> Element {
    let style = e.style.clone().unwrap_or_default();
    // An unusable box is a validation warning; the element goes to its slot.
    let style_box = style
        .box_rect
        .as_ref()
        .and_then(|b| match tokens::parse_box(b).0 {
            tokens::BoxRead::Box(lens) => Some(box_to_emu(&lens, size)),
            tokens::BoxRead::Unusable(_) => None,
        });
    let c = e.constraints.clone().unwrap_or_default();
    let defaults = Constraints::default();
    Element {
        id: e.element_id.clone(),
        kind: element_kind(e.kind()),
        role: e.role.clone(),
        content: content(&e.content, e.data_ref.as_deref()),
        style_box,
        emphasis: match style.emphasis.unwrap_or(SpecEmphasis::None) {
            SpecEmphasis::None => Emphasis::None,
            SpecEmphasis::Low => Emphasis::Low,
            SpecEmphasis::Medium => Emphasis::Medium,
            SpecEmphasis::High => Emphasis::High,
        },
        variant: style.variant.clone(),
        constraints: Constraints {
            priority: c
                .priority
                .map_or(defaults.priority, |p| p.clamp(0, 100) as u8),
            allow_shrink: c.allow_shrink.unwrap_or(defaults.allow_shrink),
            min_font: c.min_font_pt.map_or(defaults.min_font, pt_to_cpt),
        },
        citations: refs,
    }
}

/// Resolve a valid SlideSpec without an assets root: every referenced asset is refused
/// ([`Reason::NotFound`], "no assets root"). See [`resolve_with`].
pub fn resolve(spec: &SlideSpec) -> Deck {
    resolve_with(spec, None)
}

/// Load every `assets[]` entry an element references through `root` (see [`crate::assets`]).
fn load_assets(spec: &SlideSpec, root: Option<&AssetRoot>) -> BTreeMap<String, DeckAsset> {
    let mut wanted: BTreeSet<&str> = BTreeSet::new();
    for e in spec.deck.slides.iter().flat_map(|s| &s.elements) {
        if let ElementContent::Image(i) = &e.content {
            wanted.insert(&i.asset_id);
        }
        if let Some(d) = &e.data_ref {
            wanted.insert(d);
        }
    }
    // The brand's logo.
    let logo = spec
        .theme
        .brand
        .tokens
        .as_ref()
        .and_then(|t| t.get("logo"))
        .and_then(|v| tokens::parse_logo(v).ok());
    if let Some(l) = &logo {
        wanted.insert(&l.asset_id);
    }
    let mut out = BTreeMap::new();
    // One job: a file named by several assets is read once, all of them counted together.
    let mut job = root.map(AssetRoot::job);
    for a in &spec.assets {
        if !wanted.contains(a.asset_id.as_str()) || out.contains_key(&a.asset_id) {
            continue;
        }
        let loaded = match &mut job {
            Some(j) => j.load(a),
            None => Err(Refusal::new(Reason::NotFound, "no assets root was given")),
        };
        out.insert(
            a.asset_id.clone(),
            DeckAsset {
                asset_type: a.asset_type,
                loaded,
            },
        );
    }
    out
}

/// Resolve a valid SlideSpec into the Deck layout consumes (defaults, theme tokens, boxes,
/// the referenced assets loaded through `assets`, the only file access of resolution).
///
/// Citations are numbered deck-wide by first appearance ([`crate::cite`]); each slide
/// carries every citation it shows (its own and those its elements reference, even when
/// defined on another slide), so every slide's footer can be built from that slide alone.
pub fn resolve_with(spec: &SlideSpec, assets: Option<&AssetRoot>) -> Deck {
    let d = &spec.deck;
    let language = d.language.clone().unwrap_or_else(|| "ko".to_string());
    let lang = lang_family(&language);
    let slide_size = match spec
        .theme
        .slide_size
        .unwrap_or(SlideSizeName::Widescreen16x9)
    {
        SlideSizeName::Widescreen16x9 => SlideSize::WIDESCREEN,
        SlideSizeName::Standard4x3 => SlideSize::STANDARD,
    };
    let mut notes = Vec::new();
    let mut theme = default_theme(lang);
    theme.template_id = spec.theme.template_ref.template_id.clone();
    theme.brand_kit_id = spec.theme.brand.brand_kit_id.clone();
    if let Some(tokens) = &spec.theme.brand.tokens {
        apply_tokens(tokens, &mut theme, &mut notes);
    }

    let mut cited = crate::cite::number(&d.slides);
    let slides = d
        .slides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let refs = std::mem::take(&mut cited.refs[i]);
            let elements: Vec<Element> = s
                .elements
                .iter()
                .zip(refs)
                .map(|(e, r)| element(e, slide_size, r))
                .collect();
            let citations = std::mem::take(&mut cited.shown[i]);
            Slide {
                id: s.slide_id.clone(),
                kind: slide_kind(s.slide_type),
                layout_id: s.layout.layout_id.clone(),
                elements,
                speaker_notes: s.speaker_notes.clone(),
                citations,
            }
        })
        .collect();

    Deck {
        title: d.title.clone(),
        subtitle: d.subtitle.clone(),
        language,
        lang,
        slide_size,
        theme,
        slides,
        notes,
        assets: load_assets(spec, assets),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_to_left_languages() {
        for t in [
            "ar", "AR-sa", "he", "he_IL", "fa-IR", "ur", "iw", "az-Arab", "ckb",
        ] {
            assert!(right_to_left(t), "{t}");
        }
        for t in ["en", "ko", "arn", "ha", "az", "ur-Latn", "sd-Deva", "", "-"] {
            assert!(!right_to_left(t), "{t}");
        }
    }
    use serde_json::json;

    fn spec(v: Value) -> SlideSpec {
        serde_json::from_value(v).unwrap()
    }

    fn base() -> Value {
        json!({
            "spec_version": "slidespec_v1",
            "deck": {"title": "T", "slides": [{
                "slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
                "elements": [{"element_id": "e1", "kind": "text", "content": {"text": "hi"}}]
            }]},
            "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}
        })
    }

    #[test]
    fn defaults() {
        let deck = resolve(&spec(base()));
        assert_eq!(deck.language, "ko");
        assert_eq!(deck.lang, LangFamily::Korean);
        assert_eq!(deck.slide_size, SlideSize::WIDESCREEN);
        assert_eq!(
            deck.theme,
            Theme {
                template_id: "default".into(),
                brand_kit_id: "b".into(),
                ..default_theme(LangFamily::Korean)
            }
        );
        assert_eq!(deck.theme.fonts.body_ea, "Noto Sans CJK KR");
        let e = &deck.slides[0].elements[0];
        assert_eq!(
            e.constraints,
            Constraints {
                priority: 50,
                allow_shrink: true,
                min_font: 1200
            }
        );
        assert_eq!(e.emphasis, Emphasis::None);
        assert_eq!(e.style_box, None);
        assert_eq!(e.content, Content::Text { text: "hi".into() });
        assert!(deck.notes.is_empty());
    }

    #[test]
    fn languages() {
        for (tag, fam) in [
            ("ko-KR", LangFamily::Korean),
            ("ja", LangFamily::Japanese),
            ("zh", LangFamily::ChineseSimplified),
            ("zh-CN", LangFamily::ChineseSimplified),
            ("zh-Hans-TW", LangFamily::ChineseSimplified),
            ("zh-Hant", LangFamily::ChineseTraditional),
            ("zh-TW", LangFamily::ChineseTraditional),
            ("zh_HK", LangFamily::ChineseTraditional),
            ("zh-MO", LangFamily::ChineseTraditional),
            ("en-US", LangFamily::Other),
            ("", LangFamily::Other),
        ] {
            assert_eq!(lang_family(tag), fam, "{tag}");
        }
        assert_eq!(
            default_ea_font(LangFamily::ChineseTraditional),
            "Noto Sans CJK TC"
        );
    }

    #[test]
    fn tokens_and_notes() {
        let mut v = base();
        v["deck"]["language"] = json!("ja-JP");
        v["theme"]["slide_size"] = json!("standard_4_3");
        v["theme"]["brand"]["tokens"] = json!({
            "colors": {"primary": "#112233", "shiny": "#000000"},
            "fonts": {"heading": "Inter"},
            "sizes": {"body": 18.555, "huge": 99},
            "spacing": {}
        });
        let deck = resolve(&spec(v));
        assert_eq!(deck.slide_size, SlideSize::STANDARD);
        assert_eq!(deck.theme.colors.primary, Rgb(0x11, 0x22, 0x33));
        assert_eq!(deck.theme.colors.secondary, Rgb(0x2E, 0x75, 0xB6));
        assert_eq!(deck.theme.fonts.heading, "Inter");
        assert_eq!(deck.theme.fonts.heading_ea, "Noto Sans CJK JP");
        assert_eq!(deck.theme.sizes.body, 1856);
        let notes: Vec<(&str, &str)> = deck
            .notes
            .iter()
            .map(|n| (n.path.as_str(), n.code.as_str()))
            .collect();
        assert_eq!(
            notes,
            vec![
                ("/theme/brand/tokens/colors/shiny", "unknown_token"),
                ("/theme/brand/tokens/sizes/huge", "unknown_token"),
                ("/theme/brand/tokens/spacing", "unknown_token"),
            ]
        );
    }

    #[test]
    fn boxes_percent_and_inches() {
        let mut v = base();
        v["deck"]["slides"][0]["elements"][0]["style"] = json!({"box": {"x": "50%", "y": "10%", "w": 2.5, "h": "12.5%"}, "emphasis": "high", "variant": "callout"});
        v["deck"]["slides"][0]["elements"][0]["constraints"] =
            json!({"priority": 80.0, "allow_shrink": false, "min_font_pt": 14.5});
        let deck = resolve(&spec(v.clone()));
        let e = &deck.slides[0].elements[0];
        assert_eq!(
            e.style_box,
            Some(BoxRect {
                x: 6_096_000,
                y: 685_800,
                w: 2_286_000,
                h: 857_250
            })
        );
        assert_eq!(e.emphasis, Emphasis::High);
        assert_eq!(e.variant.as_deref(), Some("callout"));
        assert_eq!(
            e.constraints,
            Constraints {
                priority: 80,
                allow_shrink: false,
                min_font: 1450
            }
        );
        v["theme"]["slide_size"] = json!("standard_4_3");
        let deck = resolve(&spec(v));
        assert_eq!(deck.slides[0].elements[0].style_box.unwrap().x, 4_572_000);
    }

    #[test]
    fn charts_tables_images_citations() {
        let mut v = base();
        v["deck"]["slides"] = json!([
            {"slide_id": "s1", "type": "chart", "layout": {"layout_id": "chart_focus"},
             "citations": [{"id": "c1", "kind": "url", "url": "https://x", "title": "X"}],
             "elements": [
                {"element_id": "e1", "kind": "chart", "content": {"chart_type": "bar", "series": [
                    {"name": "A", "data": [{"x": 2023, "y": 1}, {"x": 2.5, "y": 2}, {"x": "Q3", "y": 3.5}, {"x": 3.0, "y": 0}]}]},
                 "citations": [{"citation_id": "c1", "note": "p. 3"}]},
                {"element_id": "e2", "kind": "table", "content": {"columns": ["a", "b", "c"], "rows": [["x", 1.5, null]]}},
                {"element_id": "e3", "kind": "image", "content": {"asset_id": "img"}},
                {"element_id": "e4", "kind": "divider"}
             ]},
            {"slide_id": "s2", "type": "content", "layout": {"layout_id": "one_column"},
             "elements": [{"element_id": "e1", "kind": "bullets", "content": {"items": ["a"]},
                           "citations": [{"citation_id": "c1"}]}]}
        ]);
        let deck = resolve(&spec(v));
        let s = &deck.slides[0];
        assert_eq!(s.kind, SlideKind::Chart);
        match &s.elements[0].content {
            Content::Chart {
                chart_type, series, ..
            } => {
                assert_eq!(chart_type, "bar");
                let xs: Vec<&str> = series[0].data.iter().map(|d| d.0.as_str()).collect();
                assert_eq!(xs, ["2023", "2.5", "Q3", "3"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            s.elements[1].content,
            Content::Table {
                title: None,
                columns: vec!["a".into(), "b".into(), "c".into()],
                rows: vec![vec![Cell::Text("x".into()), Cell::Number(1.5), Cell::Empty]]
            }
        );
        assert_eq!(
            s.elements[2].content,
            Content::Image {
                asset_id: "img".into(),
                alt_text: None,
                crop: Crop::CenterCrop
            }
        );
        assert_eq!(s.elements[3].content, Content::None);
        assert_eq!(s.elements[0].citations[0].note.as_deref(), Some("p. 3"));
        assert_eq!(s.citations[0].kind, "url");
        // Cross-slide citation copied onto the citing slide.
        assert_eq!(deck.slides[1].citations.len(), 1);
        assert_eq!(deck.slides[1].citations[0].id, "c1");
    }

    #[test]
    fn referenced_assets_are_loaded_through_the_root() {
        let dir = std::env::temp_dir().join(format!("specrender-resolve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.png"), b"A").unwrap();
        std::fs::write(dir.join("unused.png"), b"U").unwrap();
        let mut v = base();
        v["assets"] = json!([
            {"asset_id": "a", "type": "image", "source": {"kind": "file", "file_id": "a.png"}},
            {"asset_id": "u", "type": "image", "source": {"kind": "file", "file_id": "unused.png"}},
            {"asset_id": "d", "type": "data", "source": {"kind": "url", "url": "http://169.254.169.254/"}}
        ]);
        v["deck"]["slides"][0]["elements"] = json!([
            {"element_id": "e1", "kind": "image", "content": {"asset_id": "a"}},
            {"element_id": "e2", "kind": "image", "content": {"asset_id": "zz"}},
            {"element_id": "e3", "kind": "text", "content": {"text": "t"}, "data_ref": "d"}
        ]);
        let root = AssetRoot::open(&dir).unwrap();
        let deck = resolve_with(&spec(v.clone()), Some(&root));
        assert_eq!(deck.assets.keys().collect::<Vec<_>>(), ["a", "d"]);
        let (t, a) = deck.asset("a").unwrap();
        assert_eq!((t, &*a.bytes), (AssetType::Image, &b"A"[..]));
        assert_eq!(deck.asset("d").unwrap_err().reason, Reason::NotFound);
        assert_eq!(deck.asset("zz").unwrap_err().reason, Reason::NotInAssets);
        let deck = resolve(&spec(v));
        assert_eq!(deck.asset("a").unwrap_err().reason, Reason::NotFound);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn number_formatting() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(0.1), "0.1");
        assert_eq!(format_number(1e20), "100000000000000000000");
    }
}
