//! What laying out a big squeezed table holds at its peak: Writer's word breaks are
//! measured one cell at a time and dropped, never kept for every cell (the first try kept
//! every cell's graphemes: the limits check's 250-row table of 400-character cells went
//! from 72 to 156 MiB of heap).

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::doc::model::LaidContent;
use specrender_layout::doc::{layout_doc, DocOptions};
use specrender_spec::doc::resolve_doc;
use specrender_spec::docspec::DocSpec;
use std::alloc::System;

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A 30-column table of `rows` rows of 400-character cells (the limits check's
/// doc-long-cells): (peak heap while laying it out, bytes of cell text, words broken).
fn peak(rows: usize, book: &FontBook) -> (usize, usize, bool) {
    let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore";
    let words: Vec<&str> = words.split(' ').collect();
    let cell: String = (0..80)
        .map(|i| words[i % words.len()])
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(400)
        .collect();
    let columns: Vec<String> = (0..30).map(|c| format!("C{c}")).collect();
    let spec: DocSpec = serde_json::from_value(serde_json::json!({
        "spec_version": "docspec_v1",
        "doc": {"title": "Long cells", "language": "en-US", "blocks": [{
            "block_id": "t1", "type": "table",
            "content": {"columns": columns, "rows": vec![vec![cell.clone(); 30]; rows]}}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t", "tokens": {}}}
    }))
    .unwrap_or_else(|e| panic!("a DocSpec: {e}"));
    let doc = resolve_doc(&spec, None);
    GLOBAL.reset_peak_memory();
    let base = GLOBAL.get_peak_memory();
    let laid = layout_doc(&doc, book, &DocOptions::default());
    let peak = GLOBAL.get_peak_memory() - base;
    let LaidContent::Table(t) = &laid.blocks[0].content else {
        panic!("a table")
    };
    // Its columns are squeezed to about 3 pt of room, so Writer sets every word a grapheme or
    // two a line: at least 200 lines of 8 pt (words kept whole: 80 lines, 12,180 twips).
    let broken = !t.overflow.is_empty() && t.row_heights[1] > 200 * 160;
    (peak, rows * 30 * cell.len(), broken)
}

#[test]
fn a_big_squeezed_table_holds_no_graphemes_per_cell() {
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts");
    peak(2, &book);
    let (p10, b10, _) = peak(10, &book);
    let (p40, b40, broken) = peak(40, &book);
    assert!(broken, "the squeezed columns break words inside");
    let per_byte = (p40 - p10) as f64 / (b40 - b10) as f64;
    eprintln!("{per_byte:.1} bytes of heap per byte of cell text at the peak");
    // Measured: 21.4 (the prepared cells the table keeps until it is laid out); 50.9 with
    // every squeezed cell's graphemes kept (`Prepared::break_every_word`).
    assert!(per_byte < 30.0, "{per_byte:.1} bytes per byte of cell text");
}
