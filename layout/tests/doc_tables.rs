//! A document table's rows as Writer sets them: a word wider than its (squeezed) column is
//! broken inside, so its row has the lines Writer gives it.

use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::doc::model::LaidContent;
use specrender_layout::doc::{layout_doc, DocOptions};
use specrender_spec::doc::resolve_doc;
use specrender_spec::docspec::DocSpec;

/// The header row's height and the columns cut below their narrowest, for a table of two rows
/// whose cells are "12.5" except an unbreakable URL in the last column (or in every column).
fn header_height(columns: &[&str], urls_everywhere: bool) -> (i64, Vec<usize>) {
    let long = "https://intranet.example.com/reports/quarterly/2026/q3/revenue-by-region-and-segment-final-v3.xlsx";
    let row: Vec<serde_json::Value> = columns
        .iter()
        .enumerate()
        .map(|(i, _)| {
            if urls_everywhere || i + 1 == columns.len() {
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
        LaidContent::Table(t) => (t.row_heights[0], t.overflow.clone()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_header_word_wider_than_its_squeezed_column_takes_two_lines() {
    // Twelve columns of unbreakable URLs: the table overflows at its smallest size and every
    // column is cut to a twelfth of the text width, below the header's word.
    let short: Vec<&str> = vec!["A"; 12];
    let (one_line, overflow) = header_height(&short, true);
    assert_eq!(overflow, (0..12).collect::<Vec<_>>(), "every column is cut");
    let mut long = short.clone();
    long[1] = "Internationalization";
    let (broken, _) = header_height(&long, true);
    assert!(
        broken > one_line,
        "{broken} > {one_line}: the word is broken inside, as Writer does"
    );
}

#[test]
fn only_the_column_of_urls_is_cut_and_the_words_beside_it_stay_whole() {
    // One column of URLs overflows the table: it alone is cut; the other columns keep their
    // narrowest widths, so a long header word beside it is not broken (scaling every column
    // down together broke it).
    let short: Vec<&str> = vec!["A"; 12];
    let (one_line, overflow) = header_height(&short, false);
    assert_eq!(overflow, vec![11], "the URL column alone is cut");
    let mut long = short.clone();
    long[1] = "Internationalization";
    let (whole, overflow) = header_height(&long, false);
    assert_eq!(overflow, vec![11]);
    assert_eq!(whole, one_line, "the header word keeps its line");
}
