//! Memory of laid tables (issue 25): what a laid slide-table cell keeps, and what laying a
//! table out holds at its peak, counted by a counting allocator (this test binary's own).

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use serde_json::{json, Value};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::model::{BoxContent, LaidDeck};
use specrender_layout::{layout, LayoutOptions};
use specrender_spec::{parse, resolve, Input, ParseOptions};
use std::alloc::System;
use std::sync::Mutex;

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// One test at a time measures (the counts are the process's).
static ONE: Mutex<()> = Mutex::new(());

fn spec(tables: usize, table: Value) -> Vec<u8> {
    let slides: Vec<Value> = (0..tables)
        .map(|i| {
            json!({"slide_id": format!("s{i}"), "type": "table", "layout": {"layout_id": "table_focus"},
                "elements": [
                    {"element_id": "t", "kind": "text", "content": {"text": format!("Table {i}")}},
                    {"element_id": "tb", "kind": "table", "content": table}]})
        })
        .collect();
    serde_json::to_vec(&json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "T", "language": "en-US", "slides": slides},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
    }))
    .unwrap()
}

fn cells(d: &LaidDeck) -> usize {
    d.slides
        .iter()
        .flat_map(|s| &s.boxes)
        .map(|b| match &b.content {
            BoxContent::Table(t) => t.rows.iter().map(|r| r.cells.len()).sum(),
            _ => 0,
        })
        .sum()
}

/// (laid cells, bytes the laid deck keeps, peak bytes while laying out), all past what the
/// fonts and the parsed deck hold.
fn measure(bytes: &[u8], book: &FontBook) -> (usize, usize, usize) {
    let (parsed, _) = parse(bytes, &ParseOptions::default()).expect("valid");
    let Input::Slides(s) = parsed else { panic!() };
    let deck = resolve(&s);
    GLOBAL.reset_peak_memory();
    let laid = layout(&deck, book, &LayoutOptions::default());
    let peak = GLOBAL.get_peak_memory();
    let n = cells(&laid);
    // The allocator counts from its last reset and tells only the peak: what the laid deck
    // keeps is what a reservation (address space only, never touched) no longer reaches
    // above zero once the deck is freed.
    GLOBAL.reset_peak_memory();
    drop(laid);
    const PROBE: usize = 1 << 32;
    let probe: Vec<u8> = Vec::with_capacity(PROBE);
    let kept = PROBE - GLOBAL.get_peak_memory();
    drop(probe);
    (n, kept, peak)
}

#[test]
fn a_laid_table_cell_keeps_little() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let book = FontBook::new(&FontOptions::default()).expect("fonts");
    let table = json!({"title": "Short strings",
        "columns": (0..20).map(|c| format!("C{c}")).collect::<Vec<_>>(),
        "rows": (0..200).map(|r| (0..20).map(|c| format!("r{r}c{c}")).collect::<Vec<_>>()).collect::<Vec<_>>()});
    // Warm up (the measurer's face tables, the template): then two tables, so what one
    // more table costs is what is measured.
    measure(&spec(1, table.clone()), &book);
    let (n1, kept1, peak1) = measure(&spec(1, table.clone()), &book);
    let (n3, kept3, peak3) = measure(&spec(3, table), &book);
    let cells = n3 - n1;
    let per_cell = (kept3 - kept1) / cells;
    let peak_per_cell = peak3.saturating_sub(peak1) / cells;
    eprintln!("{cells} cells: {per_cell} bytes kept per laid cell, {peak_per_cell} at the peak");
    // 395 bytes when every paragraph and run owned its font names and language (three
    // family strings per run, one language per paragraph) and its runs: 323 with the names
    // shared and the runs shared with the prepared text; 341 with the slot for the glyphs
    // placed for drawing (`Paragraph::glyphs`, 8 bytes, empty until placement runs: the
    // paragraph's allocation grows a size class).
    assert!(per_cell <= 350, "{per_cell} bytes per laid cell");
    // Preparing a short cell's text holds little past what the laid cell keeps.
    assert!(
        peak_per_cell <= per_cell + 64,
        "{peak_per_cell} bytes per cell at the peak"
    );
}

/// Bytes written and dropped (where the CLI's file is).
struct Count(usize);

impl std::io::Write for Count {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0 += b.len();
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_layout_json_is_written_without_holding_it() {
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let book = FontBook::new(&FontOptions::default()).expect("fonts");
    let table = json!({"title": "Short strings",
        "columns": (0..20).map(|c| format!("C{c}")).collect::<Vec<_>>(),
        "rows": (0..200).map(|r| (0..20).map(|c| format!("r{r}c{c}")).collect::<Vec<_>>()).collect::<Vec<_>>()});
    let (parsed, _) = parse(&spec(2, table), &ParseOptions::default()).expect("valid");
    let Input::Slides(s) = parsed else { panic!() };
    let laid = std::sync::Arc::new(layout(&resolve(&s), &book, &LayoutOptions::default()));
    let json = specrender_layout::LayoutJson::Deck(laid);
    GLOBAL.reset_peak_memory();
    let mut out = Count(0);
    json.write_pretty(std::io::BufWriter::new(&mut out))
        .expect("written");
    let held = GLOBAL.get_peak_memory();
    eprintln!(
        "{} bytes of layout JSON written holding {held} bytes",
        out.0
    );
    // About 470 bytes of JSON per cell: 8,000 cells.
    assert!(out.0 > 3_000_000, "{} bytes", out.0);
    // Written as made: the writer's buffer, not the JSON (a serde_json::Value tree of it, as
    // built before, held 3 to 9 times the JSON's bytes).
    assert!(held < 64 * 1024, "{held} bytes held while writing");
    // The same bytes as the tree it replaced would print.
    let pretty = json.to_pretty();
    assert_eq!(pretty.len(), out.0);
    assert_eq!(
        serde_json::to_string_pretty(&json.to_value()).unwrap(),
        pretty
    );
}
