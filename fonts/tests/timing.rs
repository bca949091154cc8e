//! Rough timings (not a benchmark suite): `cargo test --release -p specrender-fonts --test
//! timing -- --ignored --nocapture`. Figures are quoted in `shape.rs` and `book.rs`.

mod common;
use common::*;
use specrender_fonts::{FontBook, Measurer};
use std::time::Instant;

fn per_call(n: u32, mut f: impl FnMut(u32)) -> f64 {
    let t = Instant::now();
    for i in 0..n {
        f(i);
    }
    t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
}

#[test]
#[ignore]
fn timings() {
    let t = Instant::now();
    let b = FontBook::new(&shipped_only()).unwrap();
    eprintln!("FontBook::new (shipped, 31 faces): {:?}", t.elapsed());
    let t = Instant::now();
    let _again = FontBook::new(&shipped_only()).unwrap();
    eprintln!("FontBook::new again: {:?}", t.elapsed());
    let (c, k) = (
        b.find_family("Carlito", false).unwrap(),
        b.find_family("Noto Sans CJK KR", false).unwrap(),
    );
    let t = Instant::now();
    b.shape_units(k, "가");
    eprintln!(
        "first CJK shaping (reads its shaping tables): {:?}",
        t.elapsed()
    );
    b.shape_units(c, "a");
    let words: Vec<String> = (0..2000).map(|i| format!("word{i}")).collect();
    let hangul: Vec<String> = (0..2000)
        .map(|i| format!("한국어{}", char::from_u32(0xAC00 + i).unwrap()))
        .collect();
    eprintln!(
        "shape_units (parse face + shape), Carlito: {:.2} µs",
        per_call(2000, |i| {
            b.shape_units(c, &words[i as usize]);
        })
    );
    eprintln!(
        "shape_units (parse face + shape), CJK KR: {:.2} µs",
        per_call(2000, |i| {
            b.shape_units(k, &hangul[i as usize]);
        })
    );
    let mut m = Measurer::new(&b);
    m.width_per_pt(c, "x");
    m.width_per_pt(k, "x");
    eprintln!(
        "Measurer miss (shape only), Carlito: {:.2} µs",
        per_call(2000, |i| {
            m.width_per_pt(c, &words[i as usize]);
        })
    );
    eprintln!(
        "Measurer miss (shape only), CJK KR: {:.2} µs",
        per_call(2000, |i| {
            m.width_per_pt(k, &hangul[i as usize]);
        })
    );
    eprintln!(
        "Measurer hit: {:.3} µs",
        per_call(2000, |i| {
            m.width_per_pt(c, &words[i as usize]);
        })
    );
    let para = "2024년 매출은 전년 대비 12% 증가했으며, AI 기반 서비스가 성장을 이끌었습니다. Revenue grew 12% year over year.";
    let slots = ko_slots(false);
    let us = per_call(2000, |_| {
        b.segment(para, slots, false);
    });
    eprintln!(
        "segment ({} chars mixed ko/en): {us:.2} µs",
        para.chars().count()
    );
    let us = per_call(200, |_| {
        b.segment("a✓b😀c", slots, false);
    });
    eprintln!("segment with a fallback and a missing char: {us:.2} µs");
    let _ = FontBook::shipped_dir();
}
