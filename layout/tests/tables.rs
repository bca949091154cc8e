//! Tables end to end with the shipped fonts: widths from content, rows from lines, shrink,
//! pagination by whole rows.

use serde_json::{json, Value};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::model::{Align, BoxContent, LaidDeck, RowKind, TableBox};
use specrender_layout::{layout, LayoutOptions};
use specrender_spec::units::cpt_to_emu;
use specrender_spec::{parse, resolve, Input, ParseOptions};
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static B: OnceLock<FontBook> = OnceLock::new();
    B.get_or_init(|| FontBook::new(&FontOptions::default()).expect("fonts"))
}

fn deck(lang: &str, table: Value) -> LaidDeck {
    let spec = json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "T", "language": lang, "slides": [{
            "slide_id": "s1", "type": "table", "layout": {"layout_id": "table_focus"},
            "elements": [
                {"element_id": "e1", "kind": "text", "content": {"text": "Title"}},
                {"element_id": "e2", "kind": "table", "content": table}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
    });
    let bytes = serde_json::to_vec(&spec).unwrap();
    let (parsed, _) = parse(&bytes, &ParseOptions::default()).expect("valid");
    let Input::Slides(s) = parsed else { panic!() };
    layout(&resolve(&s), book(), &LayoutOptions::default())
}

fn tables(d: &LaidDeck) -> Vec<(&str, &TableBox)> {
    d.slides
        .iter()
        .flat_map(|s| s.boxes.iter().map(move |b| (s.id.as_str(), &b.content)))
        .filter_map(|(id, c)| match c {
            BoxContent::Table(t) => Some((id, t)),
            _ => None,
        })
        .collect()
}

#[test]
fn long_tables_paginate_by_whole_rows_with_the_header_repeated() {
    let rows: Vec<Value> = (0..40)
        .map(|i| json!([format!("Row {i} item"), i * 100, format!("{}.5%", i)]))
        .collect();
    let d = deck(
        "en",
        json!({"title": "Units", "columns": ["Item", "Units", "Share"], "rows": rows}),
    );
    let ts = tables(&d);
    assert!(ts.len() >= 3, "40 rows need several pages: {}", ts.len());
    let ids: Vec<&str> = ts.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids[0], "s1");
    assert_eq!(ids[1], "s1-cont-2");
    let n = ts.len() as u32;
    let mut seen = Vec::new();
    for (k, (_, t)) in ts.iter().enumerate() {
        assert!(t.fits(), "page {k} fits");
        assert_eq!(t.page, (k as u32 + 1, n));
        assert_eq!(t.col_widths, ts[0].1.col_widths, "one set of widths");
        assert_eq!(t.size, ts[0].1.size, "one size");
        assert_eq!(t.rows[0].kind, RowKind::Caption);
        assert_eq!(t.rows[1].kind, RowKind::Header, "header on every page");
        let cap = &t.rows[0].cells[0].paragraphs[0].text;
        assert_eq!(cap, &format!("Units ({}/{n})", k + 1));
        seen.extend(t.body_rows());
    }
    assert_eq!(
        seen,
        (0..40).collect::<Vec<_>>(),
        "every row once, in order"
    );
    // Continuation titles are numbered.
    let title = |i: usize| match &d.slides[i].boxes[0].content {
        BoxContent::Text(t) => t.paragraphs[0].text.clone(),
        _ => panic!(),
    };
    assert_eq!(title(0), "Title");
    assert_eq!(title(1), format!("Title (2/{n})"));
}

#[test]
fn rows_are_margins_plus_lines_times_pitch() {
    let d = deck(
        "ko",
        json!({"columns": ["항목", "매출"], "rows": [["신규 고객 확보와 재계약률 개선", "1,234억 원"], [null, 12.5]]}),
    );
    let (_, t) = tables(&d)[0];
    for r in &t.rows {
        let text = r
            .cells
            .iter()
            .map(|c| {
                c.paragraphs
                    .iter()
                    .map(|p| p.lines.len() as i64 * cpt_to_emu(p.line_pitch))
                    .sum::<i64>()
            })
            .max()
            .unwrap();
        assert_eq!(r.height, t.margins.t + t.margins.b + text);
    }
    // Korean text takes the CJK pitch (1.3 x size); the number column is right-aligned.
    let body = &t.rows[1];
    assert_eq!(body.cells[0].paragraphs[0].line_pitch, t.size * 13 / 10);
    assert_eq!(body.cells[1].align, Align::Right);
    assert_eq!(
        t.rows[0].cells[1].align,
        Align::Right,
        "header of a numeric column"
    );
    assert_eq!(body.cells[0].align, Align::Left);
    // null: an empty cell that still has its paragraph.
    assert_eq!(t.rows[2].cells[0].paragraphs[0].text, "");
}

#[test]
fn unbreakable_tokens_keep_their_column_wide_enough() {
    let token = "SR-2026-11-0042-KR-SEOUL-DC3-RACK17";
    let d = deck(
        "en",
        json!({"columns": ["Part", "Note", "Qty"], "rows": [[token, "Ships from the Seoul data centre after the audit closes", 3]]}),
    );
    let (_, t) = tables(&d)[0];
    assert!(
        t.fits() && t.broken_words.is_empty(),
        "{:?}",
        t.broken_words
    );
    let cell = &t.rows[1].cells[0];
    assert!(
        cell.paragraphs[0].lines.len() <= 2,
        "a token breaks at most at its hyphens"
    );
    assert_eq!(t.width(), t.col_widths.iter().sum::<i64>());
}

#[test]
fn columns_that_cannot_fit_are_named_after_shrinking() {
    let cols: Vec<String> = (0..16)
        .map(|i| format!("Measurement_{i:02}_xxxxxx"))
        .collect();
    let rows: Vec<Value> = (0..2)
        .map(|r| {
            json!((0..16)
                .map(|i| format!("value_{r}_{i}_abcdefghij"))
                .collect::<Vec<_>>())
        })
        .collect();
    let d = deck("en", json!({"columns": cols, "rows": rows}));
    let (_, t) = tables(&d)[0];
    assert_eq!(t.size, 1200, "shrunk to the floor");
    assert!(!t.fits());
    assert!(!t.overflow_columns.is_empty());
    assert_eq!(t.overflow_columns.last().unwrap(), "Measurement_15_xxxxxx");
}

#[test]
fn a_row_taller_than_the_slot_is_reported_not_split() {
    let long = "word ".repeat(700);
    let d = deck(
        "en",
        json!({"columns": ["A", "B"], "rows": [["x", 1], [long, 2], ["y", 3]]}),
    );
    let ts = tables(&d);
    let tall = ts
        .iter()
        .find(|(_, t)| t.body_rows() == vec![1])
        .expect("a page of its own");
    assert!(!tall.1.fits());
    let all: Vec<usize> = ts.iter().flat_map(|(_, t)| t.body_rows()).collect();
    assert_eq!(all, vec![0, 1, 2]);
}

#[test]
fn table_focus_keeps_a_caption_band_only_for_a_caption() {
    let table = json!({"columns": ["A", "B"], "rows": [["x", 1]]});
    let plain = deck("en", table.clone());
    let spec = json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "T", "language": "en", "slides": [{
            "slide_id": "s1", "type": "table", "layout": {"layout_id": "table_focus"},
            "elements": [
                {"element_id": "e1", "kind": "text", "content": {"text": "Title"}},
                {"element_id": "e2", "kind": "table", "content": table},
                {"element_id": "e3", "kind": "text", "role": "caption", "content": {"text": "Source: finance"}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
    });
    let bytes = serde_json::to_vec(&spec).unwrap();
    let (parsed, _) = parse(&bytes, &ParseOptions::default()).expect("valid");
    let Input::Slides(s) = parsed else { panic!() };
    let with = layout(&resolve(&s), book(), &LayoutOptions::default());
    let (t0, t1) = (plain.slides[0].boxes[1].rect, with.slides[0].boxes[1].rect);
    let cap = with.slides[0].boxes[2].rect;
    assert!(t1.h < t0.h, "the band is taken from the table area");
    assert_eq!(
        t0.bottom(),
        cap.bottom(),
        "without a caption the table reaches the band's foot"
    );
    assert!(cap.y >= t1.bottom());
}

/// A `one_column` slide: a title, a paragraph, then `table` in the same body slot.
fn stacked(lang: &str, text: &str, table: Value) -> LaidDeck {
    let spec = json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "T", "language": lang, "slides": [{
            "slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
            "elements": [
                {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Title"}},
                {"element_id": "e1", "kind": "text", "content": {"text": text}},
                {"element_id": "e2", "kind": "table", "content": table}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
    });
    let bytes = serde_json::to_vec(&spec).unwrap();
    let (parsed, _) = parse(&bytes, &ParseOptions::default()).expect("valid");
    let Input::Slides(s) = parsed else { panic!() };
    layout(&resolve(&s), book(), &LayoutOptions::default())
}

#[test]
fn a_table_stacked_below_text_starts_in_the_room_left_and_continues_by_whole_rows() {
    let rows: Vec<Value> = (0..30)
        .map(|i| {
            json!([
                format!("Region {i} accounts"),
                i * 1000 + 7,
                format!("{}.2%", i)
            ])
        })
        .collect();
    let text = "Revenue grew in every region this quarter; the table lists each account group.";
    let d = stacked(
        "en",
        text,
        json!({"title": "Accounts", "columns": ["Group", "Revenue", "Growth"], "rows": rows}),
    );
    let ts = tables(&d);
    let n = ts.len() as u32;
    assert!(n >= 2, "30 rows below a paragraph need more than one page");
    // The first page shares the slide with the paragraph, below it and inside the slot.
    assert_eq!(ts[0].0, "s1");
    let s1 = &d.slides[0];
    let (para, tbl) = (&s1.boxes[1], &s1.boxes[2]);
    assert_eq!(
        (para.element_id.as_str(), tbl.element_id.as_str()),
        ("e1", "e2")
    );
    assert!(
        tbl.rect.y >= para.rect.bottom(),
        "the table is below the paragraph"
    );
    let mut seen = Vec::new();
    for (k, (id, t)) in ts.iter().enumerate() {
        let want = if k == 0 {
            "s1".to_string()
        } else {
            format!("s1-cont-{}", k + 1)
        };
        assert_eq!(*id, want, "stable ids");
        assert!(t.fits(), "page {k} fits its box");
        assert_eq!(t.page, (k as u32 + 1, n));
        assert_eq!(t.rows[1].kind, RowKind::Header, "header on every page");
        let cap = &t.rows[0].cells[0].paragraphs[0].text;
        assert_eq!(cap, &format!("Accounts ({}/{n})", k + 1));
        assert_eq!(t.col_widths, ts[0].1.col_widths);
        assert!(!t.body_rows().is_empty());
        seen.extend(t.body_rows());
    }
    assert_eq!(
        seen,
        (0..30).collect::<Vec<_>>(),
        "every row once, in order"
    );
    // The paragraph stays on the first slide and is not repeated.
    let paras = d
        .slides
        .iter()
        .flat_map(|s| &s.boxes)
        .filter(|b| b.element_id == "e1")
        .count();
    assert_eq!(paras, 1);
    let title = |i: usize| match &d.slides[i].boxes[0].content {
        BoxContent::Text(t) => t.paragraphs[0].text.clone(),
        _ => panic!(),
    };
    assert_eq!(title(1), format!("Title (2/{n})"));
}

#[test]
fn a_stacked_table_whose_first_row_does_not_fit_the_room_left_moves_whole() {
    // The paragraph leaves less than a caption, header and one row: the table starts on the
    // next slide and is paginated there.
    let text = "A long opening paragraph that fills most of the slot. ".repeat(24);
    let rows: Vec<Value> = (0..30).map(|i| json!([format!("Row {i}"), i])).collect();
    let d = stacked(
        "en",
        &text,
        json!({"title": "Rows", "columns": ["Name", "Value"], "rows": rows}),
    );
    let ts = tables(&d);
    assert!(
        ts.iter().all(|(id, _)| *id != "s1"),
        "{:?}",
        ts.iter().map(|t| t.0).collect::<Vec<_>>()
    );
    let seen: Vec<usize> = ts.iter().flat_map(|(_, t)| t.body_rows()).collect();
    assert_eq!(seen, (0..30).collect::<Vec<_>>());
}
