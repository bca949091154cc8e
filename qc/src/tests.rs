//! Hand-built layouts: each check fires, and stays quiet at its boundary.

use super::*;
use serde_json::json;
use specrender_model::BoxContent;
use specrender_model::{
    Align, Anchor, Autofit, Finding, Fix, FixAction, Insets, Line, Note, Paragraph, Placeholder,
    PlaceholderBox, Preset, TextBox,
};
use specrender_spec::deck::{
    ElementKind, LangFamily, ResolveNote, Rgb, SlideSize, Theme, ThemeColors, ThemeFonts,
    ThemeSizes,
};
use specrender_spec::units::{Cpt, Emu};
use specrender_spec::ErrorSeverity;

const IN: Emu = EMU_PER_INCH;

fn theme() -> Theme {
    let c = Rgb(0, 0, 0);
    Theme {
        template_id: "default".into(),
        brand_kit_id: "b".into(),
        // Black on white: the contrast check has nothing to say unless a test asks it to.
        colors: ThemeColors {
            primary: c,
            secondary: c,
            accent: c,
            text: c,
            background: Rgb(255, 255, 255),
            muted: c,
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
            body: 1800,
            caption: 1200,
        },
        layouts: Default::default(),
        from_template: Default::default(),
        set: Default::default(),
        logo: None,
    }
}

fn deck(slides: Vec<LaidSlide>) -> LaidDeck {
    let size = SlideSize::WIDESCREEN;
    LaidDeck {
        title: "T".into(),
        subtitle: None,
        language: "en".into(),
        lang: LangFamily::Other,
        slide_size: size,
        theme: theme(),
        theme_frame: specrender_layout::frame::theme_frame(&theme()),
        slides_in: slides.iter().filter(|s| s.continuation == 0).count(),
        slides,
        frame: std::sync::Arc::new(specrender_layout::frame::default_look(
            size,
            &theme(),
            LangFamily::Other,
        )),
        fixes: vec![],
        notes: vec![],
        autofit: Autofit::Shrink,
        embedding: Default::default(),
    }
}

fn slide(id: &str, boxes: Vec<PlacedBox>) -> LaidSlide {
    LaidSlide {
        id: id.into(),
        source_id: id.split("-cont-").next().unwrap().into(),
        preset: Preset::OneColumn,
        continuation: id.split("-cont-").nth(1).map_or(0, |n| n.parse().unwrap()),
        boxes,
        notes: String::new(),
        needs_human_edit: false,
    }
}

fn rect(x: Emu, y: Emu, w: Emu, h: Emu) -> Rect {
    Rect { x, y, w, h }
}

fn shape(id: &str, r: Rect) -> PlacedBox {
    PlacedBox {
        element_id: id.into(),
        kind: ElementKind::Shape,
        rect: r,
        placeholder: None,
        explicit: true,
        full_bleed: false,
        content: BoxContent::Placeholder(PlaceholderBox {
            kind: ElementKind::Shape,
            label: id.into(),
            insets: specrender_layout::style::INSETS,
        }),
    }
}

fn para(lines: usize, pitch: Cpt) -> Paragraph {
    Paragraph {
        text: "x".repeat(lines),
        bullet: None,
        lang: "en".into(),
        ea_line_break: true,
        rtl: false,
        line_pitch: pitch,
        space_before: 0,
        space_after: 0,
        margin_left: 0,
        indent: 0,
        lines: (0..lines)
            .map(|i| Line {
                start: i,
                end: i + 1,
                width: 0,
            })
            .collect(),
        runs: vec![].into(),
        glyphs: None,
    }
}

/// A text box at `size` with `lines` lines at 1.2 x size, usable height `usable`.
fn text(id: &str, r: Rect, size: Cpt, lines: usize, usable: Emu) -> PlacedBox {
    let pitch = size * 6 / 5;
    PlacedBox {
        element_id: id.into(),
        kind: ElementKind::Text,
        rect: r,
        placeholder: None,
        explicit: false,
        full_bleed: false,
        content: BoxContent::Text(TextBox {
            fill: None,
            size,
            requested_size: size,
            min_size: 1200,
            bold: false,
            color: Rgb(0, 0, 0),
            align: Align::Left,
            anchor: Anchor::Top,
            insets: Insets {
                l: 0,
                t: 0,
                r: 0,
                b: 0,
            },
            paragraphs: vec![para(lines, pitch)],
            needed_height: lines as Emu * pitch as Emu * 127,
            usable_height: usable,
            safety_permille: 50,
            total_chars: 420,
            capacity_chars: 290,
            broken_words: vec![],
            columns: 1,
            column_gap: 0,
            field: None,
            links: Vec::new(),
        }),
    }
}

fn inside() -> Rect {
    rect(IN, IN, 4 * IN, 2 * IN)
}

fn kinds(r: &QcReport) -> Vec<&str> {
    r.issues.iter().map(|i| i.kind.as_str()).collect()
}

#[test]
fn clean_deck_passes() {
    let d = deck(vec![slide("s1", vec![text("e1", inside(), 1800, 2, IN)])]);
    let r = check(&d);
    assert!(r.pass);
    assert_eq!(r.exit_code(), 0);
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    assert_eq!(r.summary.slides_in, 1);
    assert_eq!(r.summary.slides_out, 1);
}

#[test]
fn overflow_fires_with_numbers() {
    // 12 pt, pitch 14.4 pt = 182880 EMU; 12 lines need 2194560 EMU = 172.8 pt.
    // Usable 8.5 pitches: the box holds 8 lines.
    let usable = 182_880 * 17 / 2;
    let d = deck(vec![slide(
        "s7",
        vec![text("e2", inside(), 1200, 12, usable)],
    )]);
    let r = check(&d);
    assert!(!r.pass);
    assert_eq!(r.exit_code(), 1);
    let i = &r.issues[0];
    assert_eq!(i.kind, "overflow");
    assert_eq!(i.severity, Severity::High);
    assert_eq!(i.element_id.as_deref(), Some("e2"));
    assert_eq!(i.source_slide_id.as_deref(), Some("s7"));
    assert_eq!(i.details["needed_lines"], json!(12));
    assert_eq!(i.details["box_lines"], json!(8));
    assert_eq!(i.details["font_pt"], json!(12));
    assert_eq!(i.details["needed_height_pt"], json!(172.8));
    assert_eq!(i.details["box_height_pt"], json!(122.4));
    assert_eq!(i.details["capacity_chars"], json!(290));
    assert_eq!(i.details["excess_chars"], json!(130));
    assert_eq!(
        i.message,
        "s7/e2: 12 lines needed at 12pt, the box holds 8; shorten by about 130 characters or split."
    );
    assert_eq!(r.summary.issues.get("overflow"), Some(&1));
}

#[test]
fn overflow_boundary_exact_fit_is_quiet() {
    let needed = 3 * 1800 * 6 / 5 * 127;
    let d = deck(vec![slide(
        "s1",
        vec![text("e1", inside(), 1800, 3, needed as Emu)],
    )]);
    assert!(check(&d).issues.is_empty());
    let d = deck(vec![slide(
        "s1",
        vec![text("e1", inside(), 1800, 3, needed as Emu - 1)],
    )]);
    assert_eq!(kinds(&check(&d)), ["overflow"]);
}

#[test]
fn overflow_points_round_to_two_decimals() {
    // 1 EMU short of the need: needed 3 lines of 10.5 pt x 1.2 = 12.6 pt pitch.
    let mut b = text("e1", inside(), 1050, 3, 0);
    if let BoxContent::Text(t) = &mut b.content {
        t.usable_height = 12_345; // 0.97204... pt
        t.needed_height = 480_061; // 37.8001 pt
        t.min_size = 800;
    }
    let r = check(&deck(vec![slide("s1", vec![b])]));
    let i = &r.issues[0];
    assert_eq!(i.details["box_height_pt"], json!(0.97));
    assert_eq!(i.details["needed_height_pt"], json!(37.8));
    assert_eq!(i.details["font_pt"], json!(10.5));
    assert_eq!(i.details["box_lines"], json!(0));
    assert!(i.message.contains("at 10.5pt"), "{}", i.message);
}

#[test]
fn dominant_pitch_is_the_one_with_most_lines() {
    let mut b = text("e1", inside(), 1200, 1, 0);
    if let BoxContent::Text(t) = &mut b.content {
        t.paragraphs = vec![para(1, 2400), para(3, 1440), para(1, 2000)];
    }
    let BoxContent::Text(t) = &b.content else {
        unreachable!()
    };
    assert_eq!(checks::dominant_pitch(t), 1440);
    let mut t = t.clone();
    t.paragraphs = vec![para(2, 2400), para(2, 1440)];
    assert_eq!(
        checks::dominant_pitch(&t),
        2400,
        "ties go to the larger pitch"
    );
    t.paragraphs = vec![];
    assert_eq!(
        checks::dominant_pitch(&t),
        1440,
        "no paragraphs: 1.2 x size"
    );
}

#[test]
fn min_font_below_floor_and_titles_below_20() {
    let mut small = text("e1", inside(), 1100, 1, IN);
    let mut title = text("t", rect(IN, 5 * IN, 4 * IN, IN), 1900, 1, IN);
    title.placeholder = Some(Placeholder::Title);
    let mut at_floor = text("e2", rect(6 * IN, IN, 4 * IN, IN), 1200, 1, IN);
    let mut title20 = text("t2", rect(6 * IN, 3 * IN, 4 * IN, IN), 2000, 1, IN);
    title20.placeholder = Some(Placeholder::CenterTitle);
    if let BoxContent::Text(t) = &mut small.content {
        t.min_size = 1200;
    }
    if let BoxContent::Text(t) = &mut at_floor.content {
        t.min_size = 1200;
    }
    let r = check(&deck(vec![slide(
        "s1",
        vec![small, title, at_floor, title20],
    )]));
    assert_eq!(kinds(&r), ["min_font", "min_font"]);
    assert_eq!(r.issues[0].element_id.as_deref(), Some("e1"));
    assert_eq!(r.issues[0].severity, Severity::Medium);
    assert_eq!(r.issues[0].details["min_font_pt"], json!(12));
    assert_eq!(r.issues[1].element_id.as_deref(), Some("t"));
    assert_eq!(r.issues[1].details["min_font_pt"], json!(20));
    assert_eq!(r.issues[1].details["title"], json!(true));
    assert!(!r.pass);
}

#[test]
fn out_of_bounds_touching_the_safe_edge_is_quiet() {
    let d = deck(vec![]);
    let s = d.frame.safe_area;
    let d = deck(vec![slide(
        "s1",
        vec![shape("e1", s), shape("e2", rect(s.x, s.y, 1, 1))],
    )]);
    // e1 == safe area; e2 inside e1 (overlap is not part of this test).
    let r = check(&d);
    assert!(!kinds(&r).contains(&"out_of_bounds"));
}

#[test]
fn out_of_bounds_severity_by_distance() {
    let d0 = deck(vec![]);
    let s = d0.frame.safe_area;
    let tol = SAFE_AREA_TOLERANCE;
    let boxes = vec![
        // 0.1 in past the left margin: within tolerance -> low.
        shape("low", rect(s.x - tol, 2 * IN, IN, IN / 2)),
        // 0.1 in + 1 EMU past the bottom -> medium.
        shape("med", rect(4 * IN, s.bottom() - IN + tol + 1, IN, IN)),
        // past the right edge of the slide -> high.
        shape("high", rect(d0.slide_size.cx - IN / 2, 3 * IN, IN, IN / 2)),
    ];
    let r = check(&deck(vec![slide("s1", boxes)]));
    let sev: Vec<_> = r
        .issues
        .iter()
        .map(|i| (i.element_id.clone().unwrap(), i.severity))
        .collect();
    assert_eq!(
        sev,
        [
            ("low".to_string(), Severity::Low),
            ("med".to_string(), Severity::Medium),
            ("high".to_string(), Severity::High)
        ]
    );
    let high = &r.issues[2];
    assert_eq!(high.details["outside_slide"], json!(true));
    assert_eq!(high.details["rect_in"], json!([12.833, 3, 1, 0.5]));
    assert_eq!(high.details["safe_area_in"], json!([0.5, 0.5, 12.333, 6.5]));
    assert_eq!(high.details["overshoot_in"]["right"], json!(1));
    assert_eq!(high.details["overshoot_in"]["left"], json!(0));
    assert_eq!(high.details["slide_overshoot_in"]["right"], json!(0.5));
    assert!(
        high.message.contains("0.5 in past the right of the slide"),
        "{}",
        high.message
    );
    let low = &r.issues[0];
    assert_eq!(low.details["overshoot_in"]["left"], json!(0.1));
    assert!(
        low.message
            .contains("0.1 in past the left of the safe area"),
        "{}",
        low.message
    );
}

#[test]
fn full_bleed_is_exempt_from_bounds_and_overlap() {
    let d0 = deck(vec![]);
    let mut bg = shape("bg", rect(0, 0, d0.slide_size.cx, d0.slide_size.cy));
    bg.full_bleed = true;
    let r = check(&deck(vec![slide("s1", vec![bg, shape("e1", inside())])]));
    assert!(r.issues.is_empty(), "{:?}", r.issues);
}

#[test]
fn overlap_two_percent_exactly_is_quiet() {
    // smaller box 1 in x 1 in; intersection 0.02 in x 1 in = exactly 2%.
    let a = shape("a", rect(IN, IN, IN, IN));
    let b = shape("b", rect(2 * IN - IN / 50, IN, 3 * IN, 3 * IN));
    let r = check(&deck(vec![slide("s1", vec![a.clone(), b])]));
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    // One more EMU of width: over 2%.
    let b = shape("b", rect(2 * IN - IN / 50 - 1, IN, 3 * IN, 3 * IN));
    let r = check(&deck(vec![slide("s1", vec![a, b])]));
    assert_eq!(kinds(&r), ["overlap"]);
    let i = &r.issues[0];
    assert_eq!(i.severity, Severity::Medium);
    assert_eq!(i.element_id.as_deref(), Some("a"));
    assert_eq!(i.details["a"], json!("a"));
    assert_eq!(i.details["b"], json!("b"));
    assert_eq!(i.details["overlap_ratio"], json!(0.02));
    assert!(!r.pass);
}

#[test]
fn overlap_ratio_three_decimals() {
    let a = shape("a", rect(IN, IN, 2 * IN, 2 * IN));
    let b = shape("b", rect(2 * IN, 2 * IN, 3 * IN, 3 * IN));
    let r = check(&deck(vec![slide("s1", vec![a, b])]));
    assert_eq!(r.issues[0].details["overlap_ratio"], json!(0.25));
    assert_eq!(
        r.issues[0].message,
        "s1: a and b overlap (25% of the smaller box); move or resize one of them."
    );
}

#[test]
fn touching_boxes_do_not_overlap() {
    let a = shape("a", rect(IN, IN, IN, IN));
    let b = shape("b", rect(2 * IN, IN, IN, IN));
    assert!(check(&deck(vec![slide("s1", vec![a, b])]))
        .issues
        .is_empty());
}

fn note(finding: Finding, slide: Option<&str>, el: Option<&str>) -> Note {
    // A continuation slide `s1-cont-1` comes from `s1`.
    let at = match slide {
        Some(s) => Location::slide(s, s.split("-cont").next().unwrap_or(s), el),
        None => Location::Deck,
    };
    Note::new(finding, at)
}

fn unknown_layout() -> Finding {
    Finding::UnknownLayout {
        layout_id: "fancy".into(),
        used: Preset::OneColumn,
    }
}

fn ignored_token() -> Finding {
    Finding::Input(ResolveNote {
        path: "/theme/brand/tokens/sparkle".into(),
        code: specrender_spec::Code::UnknownToken,
        message: "unknown token `sparkle` ignored".into(),
    })
}

#[test]
fn low_notes_pass_through_and_pass_holds() {
    let mut d = deck(vec![slide("s1", vec![text("e1", inside(), 1800, 1, IN)])]);
    d.notes.push(note(unknown_layout(), Some("s1"), None));
    d.notes.push(note(ignored_token(), None, None));
    let r = check(&d);
    assert!(r.pass);
    assert_eq!(
        kinds(&r),
        ["unknown_token", "unknown_layout"],
        "deck-level first"
    );
    let ul = &r.issues[1];
    assert_eq!(
        ul.source_slide_id.as_deref(),
        Some("s1"),
        "source filled from the layout"
    );
    assert_eq!(ul.severity, Severity::Low);
    assert_eq!(
        ul.message,
        "s1: layout_id \"fancy\" is not a preset; used \"one_column\" from the slide type. Use one of: title_center, section_header, one_column, two_column, chart_focus, table_focus, image_full_bleed, quote_center, closing, blank."
    );
    assert_eq!(ul.details["layout_id"], json!("fancy"));
    assert_eq!(ul.details["used"], json!("one_column"));
    let tok = &r.issues[0];
    assert_eq!(tok.details["path"], json!("/theme/brand/tokens/sparkle"));
    assert_eq!(tok.message, "unknown token `sparkle` ignored");
    let v = r.to_json();
    assert_eq!(v["issues"][0]["slide_id"], Value::Null);
    assert!(v["issues"][0].get("element_id").is_none());
}

#[test]
fn findings_get_their_words_in_qc() {
    let mut d = deck(vec![slide("s1", vec![])]);
    let font = Finding::FontSubstituted {
        stand_in: false,
        family: "Fancy Sans".into(),
        measured_with: "Carlito".into(),
    };
    d.notes.push(note(font, Some("s1"), None));
    let glyphs = Finding::MissingGlyphs {
        chars: vec!['\u{1F600}', '\u{E000}'],
    };
    d.notes.push(note(glyphs, Some("s1"), Some("e2")));
    let words = Finding::BrokenWords {
        words: vec!["x".repeat(50)],
    };
    d.notes.push(note(words, Some("s1"), Some("e3")));
    let ph = Finding::PlaceholderElement {
        kind: ElementKind::Table,
    };
    d.notes.push(note(ph, Some("s1"), Some("e4")));
    let r = check(&d);
    let got: Vec<(&str, Severity)> = r
        .issues
        .iter()
        .map(|i| (i.kind.as_str(), i.severity))
        .collect();
    assert_eq!(
        got,
        [
            ("font_fallback", Severity::Medium),
            ("font_fallback", Severity::Medium),
            ("broken_word", Severity::Low),
            ("placeholder_element", Severity::Low)
        ]
    );
    assert_eq!(r.issues[0].message, "Font \"Fancy Sans\" is not available; text was measured with \"Carlito\", so viewers without \"Fancy Sans\" may wrap differently. Use a shipped family (Calibri, Noto Sans CJK) or pass --fonts.");
    assert_eq!(
        r.issues[1].details["codepoints"],
        json!(["U+1F600", "U+E000"])
    );
    assert!(r.issues[1]
        .message
        .starts_with("s1/e2: no available font has \u{1F600} \u{E000} (U+1F600, U+E000);"));
    assert!(r.issues[2].message.starts_with(&format!(
        "s1/e3: \"{}…\" wider than the box",
        "x".repeat(39)
    )));
    assert_eq!(r.issues[3].details["kind"], json!("table"));
    assert_eq!(r.issues[3].message, "s1/e4: table elements are drawn as a labelled placeholder box by this version of specrender.");
    assert!(!r.pass);
}

#[test]
fn ordering_is_slide_then_element_then_type() {
    let usable = 100;
    let mut s1 = slide(
        "s1",
        vec![
            text("e1", rect(IN, IN, 4 * IN, 2 * IN), 1100, 3, usable), // overflow + min_font
            shape("e2", rect(2 * IN, 2 * IN, 4 * IN, 2 * IN)),         // overlaps e1
        ],
    );
    s1.needs_human_edit = true;
    let s2 = slide("s1-cont-1", vec![shape("x", rect(-IN, IN, IN, IN))]);
    let s0 = slide("s0", vec![text("t", inside(), 1800, 1, IN)]);
    let mut d = deck(vec![s0, s1, s2]);
    let glyphs = Finding::MissingGlyphs {
        chars: vec!['\u{E000}'],
    };
    d.notes.push(note(glyphs, Some("s1-cont-1"), Some("x")));
    d.notes.push(note(unknown_layout(), Some("s1"), None));
    let words = Finding::BrokenWords {
        words: vec!["w".into()],
    };
    d.notes.push(note(words, Some("s1"), Some("e2")));
    let r = check(&d);
    let got: Vec<(String, String, String)> = r
        .issues
        .iter()
        .map(|i| {
            (
                i.slide_id.clone().unwrap(),
                i.element_id.clone().unwrap_or_default(),
                i.kind.to_string(),
            )
        })
        .collect();
    let want = [
        ("s1", "", "unknown_layout"),
        ("s1", "e1", "min_font"),
        ("s1", "e1", "overflow"),
        ("s1", "e1", "overlap"),
        ("s1", "e2", "broken_word"),
        ("s1-cont-1", "x", "font_fallback"),
        ("s1-cont-1", "x", "out_of_bounds"),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, want);
    assert_eq!(r.needs_human_edit, ["s1"]);
    assert_eq!(r.summary.slides_in, 2);
    assert_eq!(r.summary.slides_out, 3);
    let keys: Vec<_> = r.summary.issues.keys().cloned().collect();
    assert_eq!(
        keys,
        [
            "broken_word",
            "font_fallback",
            "min_font",
            "out_of_bounds",
            "overflow",
            "overlap",
            "unknown_layout"
        ]
    );
    assert_eq!(r.issues[6].source_slide_id.as_deref(), Some("s1"));
    assert_eq!(r.issues[6].severity, Severity::High);
}

#[test]
fn fixes_are_flattened() {
    let mut d = deck(vec![slide("s3", vec![])]);
    let fix = |element_id: Option<&str>, action| Fix {
        slide_id: "s3".into(),
        element_id: element_id.map(Into::into),
        action,
    };
    d.fixes.push(fix(
        Some("e2"),
        FixAction::Shrink {
            from: 2000,
            to: 1550,
        },
    ));
    let slides = vec!["s3".to_string(), "s3-cont-2".to_string()];
    d.fixes
        .push(fix(Some("e2"), FixAction::Split { slides, units: 7 }));
    d.fixes
        .push(fix(None, FixAction::Reslot { moved: 222_250 }));
    d.fixes.push(fix(None, FixAction::NeedsHumanEdit));
    let r = check(&d);
    let v = r.to_json();
    assert_eq!(
        v["fixes"],
        json!([
            {"slide_id": "s3", "element_id": "e2", "action": "shrink", "from_pt": 20, "to_pt": 15.5},
            {"slide_id": "s3", "element_id": "e2", "action": "split", "slides": ["s3", "s3-cont-2"], "units": 7},
            {"slide_id": "s3", "action": "reslot", "moved_height_in": 0.243},
            {"slide_id": "s3", "action": "needs_human_edit"}
        ])
    );
    let s = serde_json::to_string(&r.fixes[0]).unwrap();
    assert_eq!(
        s,
        r#"{"slide_id":"s3","element_id":"e2","action":"shrink","from_pt":20,"to_pt":15.5}"#
    );
}

#[test]
fn report_shape_and_key_order() {
    let d = deck(vec![slide(
        "s7",
        vec![text("e2", inside(), 1200, 12, 1000)],
    )]);
    let s = check(&d).to_json_pretty();
    let order = [
        "\"pass\"",
        "\"needs_human_edit\"",
        "\"summary\"",
        "\"slides_in\"",
        "\"slides_out\"",
        "\"issues\"",
        "\"type\"",
        "\"slide_id\"",
        "\"source_slide_id\"",
        "\"element_id\"",
        "\"severity\"",
        "\"details\"",
        "\"box_height_pt\"",
        "\"box_lines\"",
        "\"message\"",
        "\"fixes\"",
    ];
    let mut at = 0;
    for k in order {
        let p = s[at..]
            .find(k)
            .unwrap_or_else(|| panic!("{k} after {at} in {s}"));
        at += p;
    }
    assert_eq!(check(&d).to_json_pretty(), s, "deterministic");
}

#[test]
fn input_warnings_become_low_issues() {
    let d = deck(vec![
        slide("a", vec![]),
        slide("b", vec![]),
        slide("b-cont-1", vec![]),
    ]);
    let w = |path: &str| SpecError {
        path: path.into(),
        code: specrender_spec::Code::UnresolvedCitation,
        message: "citation c9 is not defined".into(),
        severity: ErrorSeverity::Warning,
    };
    let r = check_with_input(
        &d,
        &[w("/deck/slides/1/elements/0/citations/0"), w("/assets/0")],
    );
    assert!(r.pass);
    assert_eq!(r.issues.len(), 2);
    assert_eq!(r.issues[0].slide_id, None);
    assert_eq!(r.issues[1].slide_id.as_deref(), Some("b"));
    assert_eq!(r.issues[1].kind, "input_warning");
    assert_eq!(r.issues[1].details["code"], json!("unresolved_citation"));
    assert_eq!(
        r.issues[1].message,
        "/deck/slides/1/elements/0/citations/0: citation c9 is not defined"
    );
}
