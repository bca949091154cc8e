//! The fit policy end to end on hand-built decks, measured with the shipped fonts.

use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::model::{BoxContent, Finding, FixAction, LaidDeck, Preset, TextBox};
use specrender_layout::{layout, LayoutOptions};
use specrender_spec::deck::*;
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static B: OnceLock<FontBook> = OnceLock::new();
    B.get_or_init(|| FontBook::new(&FontOptions::default()).expect("fonts"))
}

fn theme(lang: LangFamily) -> Theme {
    let ea = match lang {
        LangFamily::Japanese => "Noto Sans CJK JP",
        LangFamily::ChineseSimplified => "Noto Sans CJK SC",
        LangFamily::ChineseTraditional => "Noto Sans CJK TC",
        _ => "Noto Sans CJK KR",
    };
    Theme {
        template_id: "default".into(),
        brand_kit_id: "t".into(),
        colors: ThemeColors {
            primary: Rgb(0x1F, 0x4E, 0x79),
            secondary: Rgb(0, 0, 0),
            accent: Rgb(0, 0, 0),
            text: Rgb(0x22, 0x22, 0x22),
            background: Rgb(255, 255, 255),
            muted: Rgb(0x7F, 0x7F, 0x7F),
            heading: None,
        },
        fonts: ThemeFonts {
            heading: "Calibri".into(),
            body: "Calibri".into(),
            heading_ea: ea.into(),
            body_ea: ea.into(),
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
        set: Default::default(),
        logo: None,
    }
}

fn el(id: &str, content: Content, role: Option<&str>) -> Element {
    let kind = match &content {
        Content::Text { .. } => ElementKind::Text,
        Content::Bullets { .. } => ElementKind::Bullets,
        _ => ElementKind::Image,
    };
    Element {
        id: id.into(),
        kind,
        role: role.map(str::to_string),
        content,
        style_box: None,
        emphasis: Emphasis::None,
        variant: None,
        constraints: Constraints::default(),
        citations: vec![],
    }
}

fn text(id: &str, t: &str) -> Element {
    el(id, Content::Text { text: t.into() }, None)
}

fn bullets(id: &str, items: &[String]) -> Element {
    el(
        id,
        Content::Bullets {
            items: items.to_vec(),
        },
        None,
    )
}

fn deck(lang: LangFamily, language: &str, slides: Vec<Slide>) -> Deck {
    Deck {
        title: "t".into(),
        subtitle: None,
        language: language.into(),
        lang,
        slide_size: SlideSize::WIDESCREEN,
        theme: theme(lang),
        slides,
        notes: vec![],
        assets: Default::default(),
    }
}

fn slide(id: &str, layout_id: &str, elements: Vec<Element>) -> Slide {
    Slide {
        id: id.into(),
        kind: SlideKind::Content,
        layout_id: layout_id.into(),
        elements,
        speaker_notes: None,
        citations: vec![],
    }
}

fn run(d: &Deck) -> LaidDeck {
    layout(d, book(), &LayoutOptions::default())
}

fn text_box<'a>(l: &'a LaidDeck, slide: &str, el: &str) -> &'a TextBox {
    let s = l.slides.iter().find(|s| s.id == slide).expect("slide");
    let b = s.boxes.iter().find(|b| b.element_id == el).expect("box");
    match &b.content {
        BoxContent::Text(t) => t,
        _ => panic!("not text"),
    }
}

#[test]
fn short_content_keeps_requested_sizes_and_fits() {
    let d = deck(
        LangFamily::Other,
        "en",
        vec![slide(
            "s1",
            "one_column",
            vec![
                text("e1", "Title"),
                bullets("e2", &["One".into(), "Two".into()]),
            ],
        )],
    );
    let l = run(&d);
    let t = text_box(&l, "s1", "e2");
    assert_eq!(t.size, 2000);
    assert!(t.fits());
    assert_eq!(t.paragraphs.len(), 2);
    assert!(t
        .paragraphs
        .iter()
        .all(|p| p.lines.len() == 1 && p.line_pitch == 2400));
    assert!(l.fixes.is_empty());
    let title = text_box(&l, "s1", "e1");
    assert_eq!(title.size, 3600);
}

#[test]
fn overflowing_bullets_shrink_to_the_largest_fitting_half_point() {
    let items: Vec<String> = (0..9).map(|i| format!("Item {i}: a sentence long enough to wrap onto a second line at twenty points in the body of a one column slide")).collect();
    let d = deck(
        LangFamily::Other,
        "en",
        vec![slide(
            "s1",
            "one_column",
            vec![text("e1", "Title"), bullets("e2", &items)],
        )],
    );
    let l = run(&d);
    assert_eq!(l.slides.len(), 1);
    let t = text_box(&l, "s1", "e2");
    assert!(t.fits());
    assert!(
        t.size < 2000 && t.size >= 1200 && t.size.is_multiple_of(50),
        "{}",
        t.size
    );
    assert!(l.fixes.iter().any(|f| f.action
        == FixAction::Shrink {
            from: 2000,
            to: t.size
        }));
}

#[test]
fn too_many_bullets_split_onto_continuation_slides_with_stable_ids() {
    let items: Vec<String> = (0..30).map(|i| format!("Action item {i}: follow up with the owning team about the rollout plan and the dates")).collect();
    let d = deck(
        LangFamily::Korean,
        "ko",
        vec![slide(
            "s1",
            "one_column",
            vec![text("e1", "액션 아이템"), bullets("e2", &items)],
        )],
    );
    let l = run(&d);
    assert!(l.slides.len() >= 2, "{}", l.slides.len());
    assert_eq!(l.slides[0].id, "s1");
    assert_eq!(l.slides[1].id, "s1-cont-2");
    assert!(l.slides.iter().all(|s| s.source_id == "s1"));
    // Every item appears exactly once, in order, across the slides.
    let all: Vec<String> = l
        .slides
        .iter()
        .flat_map(|s| {
            match &s
                .boxes
                .iter()
                .find(|b| b.element_id == "e2")
                .unwrap()
                .content
            {
                BoxContent::Text(t) => t
                    .paragraphs
                    .iter()
                    .map(|p| p.text.clone())
                    .collect::<Vec<_>>(),
                _ => vec![],
            }
        })
        .collect();
    assert_eq!(all, items);
    let t2 = text_box(&l, "s1-cont-2", "e1");
    assert!(t2.paragraphs[0].text.ends_with(" (계속)"));
    for s in &l.slides {
        assert!(!s.needs_human_edit);
        assert!(text_box(&l, &s.id, "e2").fits());
    }
}

#[test]
fn korean_paragraphs_ask_for_whole_words_and_use_cjk_pitch() {
    let d = deck(
        LangFamily::Korean,
        "ko",
        vec![slide(
            "s1",
            "one_column",
            vec![
                text("e1", "제목"),
                text("e2", "한국어 문장은 띄어쓰기 단위로 줄을 바꿉니다"),
            ],
        )],
    );
    let l = run(&d);
    let t = text_box(&l, "s1", "e2");
    assert!(!t.paragraphs[0].ea_line_break);
    assert_eq!(t.paragraphs[0].line_pitch, 2600);
    assert_eq!(t.safety_permille, 80);
    let d = deck(
        LangFamily::Japanese,
        "ja",
        vec![slide(
            "s1",
            "one_column",
            vec![text("e1", "題名"), text("e2", "日本語の文章です。")],
        )],
    );
    let l = run(&d);
    assert!(text_box(&l, "s1", "e2").paragraphs[0].ea_line_break);
}

#[test]
fn korean_lines_are_counted_with_whole_words() {
    // A narrow explicit box where syllable breaking would need fewer lines than word breaking.
    let mut e = text(
        "e2",
        "가나다라마바사아자차카타파하 가나다라마바사아자차카타파하 가나다",
    );
    e.style_box = Some(BoxRect {
        x: 914_400,
        y: 914_400,
        w: 4_000_000,
        h: 3_000_000,
    });
    let d = deck(
        LangFamily::Korean,
        "ko",
        vec![Slide {
            kind: SlideKind::Custom,
            ..slide("s1", "blank", vec![e])
        }],
    );
    let l = run(&d);
    let t = text_box(&l, "s1", "e2");
    // Every line ends at a space or the end: no Korean word is cut.
    let p = &t.paragraphs[0];
    for line in &p.lines[..p.lines.len() - 1] {
        assert!(
            p.text[..line.end].ends_with(' '),
            "{:?}",
            &p.text[line.start..line.end]
        );
    }
}

#[test]
fn unknown_layout_falls_back_with_a_note() {
    let d = deck(
        LangFamily::Other,
        "en",
        vec![slide(
            "s1",
            "fancy_grid",
            vec![text("e1", "Title"), text("e2", "Body")],
        )],
    );
    let l = run(&d);
    assert_eq!(l.slides[0].preset.id(), "one_column");
    assert!(l.notes.iter().any(
        |n| matches!(&n.finding, Finding::UnknownLayout { layout_id, used }
            if layout_id == "fancy_grid" && *used == Preset::OneColumn)
            && n.at.slide_id() == Some("s1")
    ));
}

#[test]
fn hopeless_text_is_marked_for_a_human_with_capacity() {
    let long = "word ".repeat(400);
    let mut e = text("e2", long.trim());
    e.style_box = Some(BoxRect {
        x: 914_400,
        y: 914_400,
        w: 2_000_000,
        h: 600_000,
    });
    let d = deck(
        LangFamily::Other,
        "en",
        vec![Slide {
            kind: SlideKind::Custom,
            ..slide("s1", "blank", vec![e])
        }],
    );
    let l = run(&d);
    let t = text_box(&l, "s1", "e2");
    assert!(!t.fits());
    assert_eq!(t.size, 1200);
    assert!(t.capacity_chars > 0 && t.capacity_chars < t.total_chars);
    assert!(l.slides[0].needs_human_edit);
}

#[test]
fn layout_is_deterministic() {
    let items: Vec<String> = (0..20)
        .map(|i| format!("항목 {i}: 반복되는 문장으로 분할을 확인합니다 and some English"))
        .collect();
    let d = deck(
        LangFamily::Korean,
        "ko",
        vec![slide(
            "s1",
            "two_column",
            vec![
                text("e1", "제목"),
                bullets("e2", &items),
                text("e3", "오른쪽"),
            ],
        )],
    );
    assert_eq!(run(&d), run(&d));
}
