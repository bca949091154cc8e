//! PDF speed on the bench deck (issue 40): lays a generated deck out for drawing once
//! (`specrender-deckgen`, seed 1, pictures read from an assets folder as the CLI reads them),
//! then times glyph placement and the PDF writer, each `--runs` times on one thread, and prints
//! their medians and the PDF's size.
//!
//!     cargo run --release --example pdf_speed -- [--slides 200] [--runs 5] [--only pdf|place]
//!
//! `--only` loops one step, for a profiler (`perf record`, `valgrind --tool=callgrind`).
//! Wall-clock figures on a loaded machine are not a measure: compare in one paired run.

use specrender::{FontBook, FontOptions, RenderOptions};
use specrender_deckgen::{deck, write_pictures, DeckOptions, Mix};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let (mut slides, mut runs, mut only) = (200usize, 5usize, String::new());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().expect("a value");
        match a.as_str() {
            "--slides" => slides = val().parse().expect("a number"),
            "--runs" => runs = val().parse().expect("a number"),
            "--only" => only = val(),
            other => panic!("unknown argument {other}"),
        }
    }
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts load");
    let dir = std::env::temp_dir().join("specrender-pdf-speed");
    let d = deck(&DeckOptions {
        slides,
        mix: Mix::Mixed,
        seed: 1,
    });
    write_pictures(&d, &dir).expect("pictures written");
    let mut opts = RenderOptions {
        assets_root: Some(dir),
        ..RenderOptions::default()
    };
    opts.layout.threads = 1;
    let parsed = specrender::parse(d.to_string().as_bytes(), &opts.parse).expect("valid");
    let laid = specrender::lay_out(&parsed, &book, &opts, &mut |_, _, _| {}).expect("lays out");
    let mut placed = laid.clone();
    specrender::layout::text::glyphs::place_deck(&mut placed, &book, 1);
    let (mut place, mut write) = (Vec::new(), Vec::new());
    let mut size = 0;
    for _ in 0..runs {
        if only != "pdf" {
            let mut l = laid.clone();
            let t = Instant::now();
            specrender::layout::text::glyphs::place_deck(&mut l, &book, 1);
            place.push(t.elapsed().as_secs_f64() * 1e3);
        }
        if only != "place" {
            let t = Instant::now();
            let pdf = specrender::pdf_bytes(&placed, &book).expect("writes");
            write.push(t.elapsed().as_secs_f64() * 1e3);
            size = pdf.bytes.len();
        }
    }
    if !place.is_empty() {
        println!("place glyphs: median {:.1} ms over {runs}", median(place));
    }
    if !write.is_empty() {
        println!(
            "write PDF:    median {:.1} ms over {runs}, {size} bytes",
            median(write)
        );
    }
}
