//! A document table's rows as Writer sets them: a word wider than its (squeezed) column is
//! broken inside, so its row has the lines Writer gives it.

use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::doc::model::LaidContent;
use specrender_layout::doc::{layout_doc, DocOptions};
use specrender_spec::doc::resolve_doc;
use specrender_spec::docspec::DocSpec;

fn header_height(columns: &[&str]) -> (i64, Option<usize>) {
    let long = "https://intranet.example.com/reports/quarterly/2026/q3/revenue-by-region-and-segment-final-v3.xlsx";
    let row: Vec<serde_json::Value> = columns
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if i + 1 == columns.len() {
                long.into()
            } else {
                "12.5".into()
            }
        })
        .collect();
    let spec: DocSpec = serde_json::from_value(serde_json::json!({
        "spec_version": "docspec_v1",
        "doc": {
            "title": "Tables",
            "language": "en-US",
            "blocks": [{
                "block_id": "t1",
                "type": "table",
                "content": {"columns": columns, "rows": [row.clone(), row]}
            }]
        },
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "acme", "tokens": {}}}
    }))
    .unwrap_or_else(|e| panic!("a DocSpec: {e}"));
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts");
    let laid = layout_doc(&resolve_doc(&spec, None), &book, &DocOptions::default());
    match &laid.blocks[0].content {
        LaidContent::Table(t) => (t.row_heights[0], t.overflow),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_header_word_wider_than_its_squeezed_column_takes_two_lines() {
    // Twelve columns and an unbreakable URL: the table overflows at its smallest size and
    // its columns are squeezed below their words.
    let short: Vec<&str> = vec!["A"; 12];
    let (one_line, overflow) = header_height(&short);
    assert!(overflow.is_some(), "the table overflows");
    let mut long = short.clone();
    long[1] = "Internationalization";
    let (broken, _) = header_height(&long);
    assert!(
        broken > one_line,
        "{broken} > {one_line}: the word is broken inside, as Writer does"
    );
}
