//! Preview speed per slide on the bench decks (issue 22): draws every slide of a generated
//! deck (`specrender-deckgen`, seed 1, pictures read from an assets folder as the CLI reads
//! them) on one thread with one [`Ink`] (as `preview` does), encodes each with the chosen PNG
//! settings, and prints the per-slide median, mean and 90th percentile of drawing and of
//! encoding, with the total PNG bytes of each setting.
//!
//!     cargo run --release --example preview_speed -- [--mix mixed|ko] [--slides 200]
//!         [--width 1280] [--png fdeflate-up,zlib1-adaptive,...|all] [--emoji]
//!
//! `--emoji` puts colour emoji into the deck first (drawn from the emoji face's bitmaps): one
//! before every title and text, one before and one after every bullet (of at most 280 characters), one before every table
//! cell, cycling through [`EMOJI`] (single emoji, ZWJ sequences, skin tones, flags, keycaps).
//!
//! Wall-clock figures on a loaded machine are not a measure; compare settings with
//! `valgrind --tool=callgrind --toggle-collect='specrender_preview::encode_with'` (one setting
//! per run) or `--toggle-collect='specrender_preview::draw_slide_with'`.

use specrender::{FontBook, FontOptions, RenderOptions};
use specrender_deckgen::{deck, write_pictures, DeckOptions, Mix};
use specrender_preview::{draw_slide_with, encode_with, Deflate, Ink, PreviewOptions, RowFilter};
use std::time::Instant;

fn setting(name: &str) -> (Deflate, RowFilter) {
    let (d, f) = name
        .split_once('-')
        .expect("DEFLATE-FILTER, e.g. fdeflate-up");
    let d = match d {
        "stored" => Deflate::Stored,
        "fdeflate" => Deflate::Fdeflate,
        z => Deflate::Zlib(
            z.strip_prefix("zlib")
                .and_then(|l| l.parse().ok())
                .expect("stored, fdeflate or zlib1..zlib9"),
        ),
    };
    let f = match f {
        "none" => RowFilter::None,
        "sub" => RowFilter::Sub,
        "up" => RowFilter::Up,
        "paeth" => RowFilter::Paeth,
        "adaptive" => RowFilter::Adaptive,
        other => panic!("unknown filter {other}"),
    };
    (d, f)
}

const ALL: &[&str] = &[
    "stored-none",
    "fdeflate-none",
    "fdeflate-sub",
    "fdeflate-up",
    "fdeflate-paeth",
    "fdeflate-adaptive",
    "zlib1-up",
    "zlib1-adaptive",
    "zlib6-adaptive",
];

/// (median, mean, p90) in ms.
fn summary(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let n = v.len().max(1);
    let mean = v.iter().sum::<f64>() / n as f64;
    (v[n / 2], mean, v[(n * 9 / 10).min(n - 1)])
}

/// What `--emoji` puts in, in turn.
const EMOJI: &[&str] = &[
    "📊",
    "✅",
    "🚀",
    "👩\u{200d}💻",
    "👨🏽\u{200d}💻",
    "🇰🇷",
    "🇯🇵",
    "🇺🇸",
    "🎉",
    "⚠\u{fe0f}",
    "1\u{fe0f}\u{20e3}",
    "🏳\u{fe0f}\u{200d}🌈",
    "👍🏿",
    "📈",
    "🔧",
    "💡",
];

/// Emoji into every text, bullet and table cell of `deck` (`--emoji`); how many.
fn add_emoji(deck: &mut serde_json::Value) -> usize {
    let mut n = 0usize;
    let mut next = || {
        n += 1;
        EMOJI[n % EMOJI.len()]
    };
    let Some(slides) = deck["deck"]["slides"].as_array_mut() else {
        return 0;
    };
    for el in slides
        .iter_mut()
        .filter_map(|s| s["elements"].as_array_mut())
        .flatten()
    {
        // get_mut, not [] (which would add the missing keys as null).
        let Some(c) = el.get_mut("content") else {
            continue;
        };
        if let Some(t) = c.get("text").and_then(|t| t.as_str()) {
            c["text"] = format!("{} {t}", next()).into();
        }
        for it in c
            .get_mut("items")
            .and_then(|v| v.as_array_mut())
            .into_iter()
            .flatten()
        {
            // The schema's 300 characters a bullet.
            if let Some(t) = it.as_str().filter(|t| t.chars().count() <= 280) {
                *it = format!("{} {t} {}", next(), next()).into();
            }
        }
        for cell in c
            .get_mut("rows")
            .and_then(|v| v.as_array_mut())
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_array_mut())
            .flatten()
        {
            if let Some(t) = cell.as_str() {
                *cell = format!("{} {t}", next()).into();
            }
        }
    }
    n
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut mix, mut slides, mut width) = (Mix::Mixed, 200usize, 1280u32);
    let mut emoji = false;
    let mut png = "fdeflate-up".to_string();
    while let Some(a) = args.next() {
        let mut val = || args.next().expect("a value");
        match a.as_str() {
            "--mix" => mix = if val() == "ko" { Mix::Ko } else { Mix::Mixed },
            "--slides" => slides = val().parse().expect("a number"),
            "--width" => width = val().parse().expect("a number"),
            "--png" => png = val(),
            "--emoji" => emoji = true,
            other => panic!("unknown argument {other}"),
        }
    }
    let settings: Vec<&str> = if png == "all" {
        ALL.to_vec()
    } else {
        png.split(',').collect()
    };
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts load");
    let dir = std::env::temp_dir().join("specrender-preview-speed");
    let mut d = deck(&DeckOptions {
        slides,
        mix,
        seed: 1,
    });
    write_pictures(&d, &dir).expect("pictures written");
    let emoji = emoji.then(|| add_emoji(&mut d));
    let opts = RenderOptions {
        assets_root: Some(dir),
        ..RenderOptions::default()
    };
    let parsed = specrender::parse(d.to_string().as_bytes(), &opts.parse).expect("valid");
    let laid = specrender::lay_out_for_drawing(&parsed, &book, &opts, &mut |_, _, _| {})
        .expect("lays out");
    let popts = PreviewOptions {
        width,
        highlight: false,
    };
    let mut ink = Ink::new(&book);
    let mut draw = Vec::new();
    let mut enc: Vec<(Vec<f64>, usize)> = settings.iter().map(|_| (Vec::new(), 0)).collect();
    for (i, s) in laid.slides.iter().enumerate() {
        let t = Instant::now();
        let (pm, _) = draw_slide_with(&mut ink, &laid, s, i + 1, None, &popts).expect("draws");
        draw.push(t.elapsed().as_secs_f64() * 1e3);
        for (name, (times, bytes)) in settings.iter().zip(&mut enc) {
            let (d, f) = setting(name);
            let t = Instant::now();
            let png = encode_with(&pm, d, f).expect("encodes");
            times.push(t.elapsed().as_secs_f64() * 1e3);
            *bytes += png.len();
        }
    }
    let n = laid.slides.len();
    let (hits, misses) = ink.stats();
    let with = emoji.map_or(String::new(), |n| format!(" with {n} emoji"));
    println!("{mix} deck{with}, {n} output slides at {width} px, one thread");
    println!("glyph masks: {hits} drawn from the cache, {misses} rasterised");
    let (m, a, p) = summary(draw);
    println!("draw:   median {m:.2} ms, mean {a:.2} ms, p90 {p:.2} ms per slide");
    for (name, (times, bytes)) in settings.iter().zip(enc) {
        let (m, a, p) = summary(times);
        println!(
            "encode {name:<18} median {m:.2} ms, mean {a:.2} ms, p90 {p:.2} ms per slide; {:.1} KB per slide",
            bytes as f64 / n as f64 / 1000.0
        );
    }
}
