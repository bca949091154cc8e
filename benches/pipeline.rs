//! criterion benches of the whole pipeline on generated decks (`specrender-deckgen`).
//!
//!     cargo bench --bench pipeline                      # everything (~3 min)
//!     cargo bench --bench pipeline -- end_to_end        # one group
//!
//! Groups:
//! - `end_to_end/{mixed,ko}_200`: bytes in -> PPTX bytes + QC report out (parse, validate,
//!   resolve, layout with fixes, PPTX, QC), on one thread, with the decks' pictures read from an
//!   assets folder (`deckgen::write_pictures`: photo-sized JPEGs) as the CLI reads them;
//!   `end_to_end/{mixed,ko}_200_text`: the same generator's text-only decks (no chart, table
//!   or picture slides), in the same run, to say what those kinds cost;
//! - `stage/*` (mixed, 200 slides): `parse_validate`, `resolve`, `layout`, `pptx`, `qc`, each
//!   alone on the previous stage's output;
//! - `scaling/mixed_{25,50,100,200}`: end to end by deck size (pictures included);
//! - `scaling_typed/mixed_{200,400,800}`: resolve + layout + PPTX + QC from the typed IR
//!   (`deckgen::slidespec`), past the schema's 200-slide cap;
//! - `fonts/load`: building the FontBook (shipped fonts). A worker process does this once and
//!   keeps the book for every deck it renders, so it is outside every other measurement;
//! - `parallel_2_threads/*`: end to end (mixed, ko), layout and PPTX writing on 2 threads
//!   (same bytes as on one);
//! - `pptx_deflate/level_{0,1,3,6,9}`: PPTX writing at each deflate level (sizes on stderr);
//! - `docx_end_to_end/mixed_2000`: the 2,000-block mixed-language DocSpec (`deckgen --doc`:
//!   five languages, every block type, figures read from their assets folder) bytes in -> DOCX
//!   bytes + QC report out, on one thread; `docx_end_to_end/users_2000`: the same for the
//!   2,000-block document as users send them (`deckgen --doc --kind users`: heavier tables
//!   with prose columns, more figures, about 1,000 citations as footnotes);
//! - `docx_scaling/mixed/{250,500,1000,2000}`: the same by document size (linear in blocks);
//! - `preview/{mixed,ko}_200_threads_{1,2}`: every slide of the laid-out deck drawn at 1280 px
//!   and PNG-encoded (`specrender_preview::preview_deck_threads`; the glyphs placed first,
//!   `*_glyphs_threads_N`, layout's `text::glyphs::place_deck`); per slide: over the slide
//!   count printed on stderr. `examples/preview_speed.rs` prints per-slide medians.
//!
//! Decks: `--mix mixed|ko --seed 1`, 200 input slides (the schema's cap).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use specrender::{FontBook, FontOptions, RenderOptions};
use specrender_deckgen::doc::{doc_json, write_figures, DocKind, DocOptions};
use specrender_deckgen::{deck, slidespec, text_only_deck, write_pictures, DeckOptions, Mix};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn book() -> FontBook {
    FontBook::new(&FontOptions::default()).expect("shipped fonts load")
}

fn options(slides: usize, mix: Mix) -> DeckOptions {
    DeckOptions {
        slides,
        mix,
        seed: 1,
    }
}

/// The deck's JSON bytes, its pictures written into [`pictures_dir`].
fn deck_bytes(slides: usize, mix: Mix) -> Vec<u8> {
    let d = deck(&options(slides, mix));
    write_pictures(&d, &pictures_dir()).expect("bench pictures written");
    d.to_string().into_bytes()
}

fn text_only_bytes(slides: usize, mix: Mix) -> Vec<u8> {
    text_only_deck(&options(slides, mix))
        .to_string()
        .into_bytes()
}

/// The assets folder of the bench decks (their `img-N.jpg` pictures).
fn pictures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-pictures")
}

/// One thread, assets read from [`pictures_dir`] (opened on every render, as the CLI does).
fn single_threaded() -> RenderOptions {
    RenderOptions {
        assets_root: Some(pictures_dir()),
        ..RenderOptions::default()
    }
}

fn end_to_end(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let mut g = c.benchmark_group("end_to_end");
    g.sample_size(30).measurement_time(Duration::from_secs(8));
    for mix in [Mix::Mixed, Mix::Ko] {
        let text = text_only_bytes(200, mix);
        let input = deck_bytes(200, mix);
        g.bench_function(format!("{mix}_200_text"), |b| {
            b.iter(|| specrender::render(black_box(&text), &book, &opts).expect("renders"))
        });
        g.bench_function(format!("{mix}_200"), |b| {
            b.iter(|| specrender::render(black_box(&input), &book, &opts).expect("renders"))
        });
    }
    g.finish();
}

fn parallel(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded().with_threads(2);
    let mut g = c.benchmark_group("parallel_2_threads");
    g.sample_size(30).measurement_time(Duration::from_secs(8));
    for mix in [Mix::Mixed, Mix::Ko] {
        let input = deck_bytes(200, mix);
        g.bench_function(format!("end_to_end_{mix}_200"), |b| {
            b.iter(|| specrender::render(black_box(&input), &book, &opts).expect("renders"))
        });
    }
    let input = deck_bytes(200, Mix::Mixed);
    let (parsed, _) = specrender::spec::parse(&input, &opts.parse).expect("valid");
    let specrender::Input::Slides(spec) = &parsed else {
        unreachable!("a SlideSpec")
    };
    let deck = specrender::spec::resolve(spec);
    let laid = specrender::layout::layout(&deck, &book, &opts.layout);
    g.bench_function("layout", |b| {
        b.iter(|| specrender::layout::layout(black_box(&deck), &book, &opts.layout))
    });
    g.bench_function("pptx", |b| {
        b.iter(|| specrender::renderer::pptx_with(black_box(&laid), &opts.pptx).expect("writes"))
    });
    g.finish();
}

/// PPTX writing of the mixed 200-slide deck at several deflate levels (0 = stored); the sizes
/// are printed once.
fn deflate_levels(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let input = deck_bytes(200, Mix::Mixed);
    let (parsed, _) = specrender::spec::parse(&input, &opts.parse).expect("valid");
    let specrender::Input::Slides(spec) = &parsed else {
        unreachable!("a SlideSpec")
    };
    let laid = specrender::layout::layout(&specrender::spec::resolve(spec), &book, &opts.layout);
    let mut g = c.benchmark_group("pptx_deflate");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    for level in [0u8, 1, 3, 6, 9] {
        let o = specrender::PptxOptions {
            deflate_level: level,
            threads: 1,
        };
        let size = specrender::renderer::pptx_with(&laid, &o)
            .expect("writes")
            .len();
        eprintln!("pptx_deflate/level_{level}: {size} bytes");
        g.bench_function(format!("level_{level}"), |b| {
            b.iter(|| specrender::renderer::pptx_with(black_box(&laid), &o).expect("writes"))
        });
    }
    g.finish();
}

fn stages(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let input = deck_bytes(200, Mix::Mixed);
    let (parsed, warnings) =
        specrender::spec::parse(&input, &opts.parse).expect("generated deck is valid");
    let specrender::Input::Slides(spec) = &parsed else {
        unreachable!("a SlideSpec")
    };
    let deck = specrender::spec::resolve(spec);
    let laid = specrender::layout::layout(&deck, &book, &opts.layout);

    let mut g = c.benchmark_group("stage");
    g.sample_size(30).measurement_time(Duration::from_secs(5));
    g.bench_function("parse_validate", |b| {
        b.iter(|| specrender::spec::parse(black_box(&input), &opts.parse).expect("valid"))
    });
    g.bench_function("resolve", |b| {
        b.iter(|| specrender::spec::resolve(black_box(spec)))
    });
    g.bench_function("layout", |b| {
        b.iter(|| specrender::layout::layout(black_box(&deck), &book, &opts.layout))
    });
    g.bench_function("pptx", |b| {
        b.iter(|| specrender::renderer::pptx(black_box(&laid)).expect("writes"))
    });
    g.bench_function("qc", |b| {
        b.iter(|| specrender::qc::check_with_input(black_box(&laid), &warnings))
    });
    // What `render --pdf` adds: every line's glyphs placed, then the PDF written from them.
    g.bench_function("place_glyphs", |b| {
        b.iter_batched(
            || laid.clone(),
            |mut l| specrender::layout::text::glyphs::place_deck(&mut l, &book, 1),
            criterion::BatchSize::LargeInput,
        )
    });
    let mut placed = laid.clone();
    specrender::layout::text::glyphs::place_deck(&mut placed, &book, 1);
    g.bench_function("pdf", |b| {
        b.iter(|| specrender::pdf_bytes(black_box(&placed), &book).expect("writes"))
    });
    g.finish();
}

fn scaling(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let mut g = c.benchmark_group("scaling");
    g.sample_size(30).measurement_time(Duration::from_secs(5));
    for n in [25, 50, 100, 200] {
        let input = deck_bytes(n, Mix::Mixed);
        g.bench_with_input(BenchmarkId::new("mixed", n), &input, |b, input| {
            b.iter(|| specrender::render(black_box(input), &book, &opts).expect("renders"))
        });
    }
    g.finish();
}

/// Past the schema's 200-slide cap: the typed IR from `deckgen::slidespec` (no parse or
/// validation), resolve + layout + PPTX + QC at 200, 400 and 800 input slides.
fn scaling_typed(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let mut g = c.benchmark_group("scaling_typed");
    g.sample_size(10).measurement_time(Duration::from_secs(6));
    for n in [200, 400, 800] {
        let spec = slidespec(&DeckOptions {
            slides: n,
            mix: Mix::Mixed,
            seed: 1,
        });
        g.bench_with_input(BenchmarkId::new("mixed", n), &spec, |b, spec| {
            b.iter(|| {
                let deck = specrender::spec::resolve(black_box(spec));
                let laid = specrender::layout::layout(&deck, &book, &opts.layout);
                let pptx = specrender::renderer::pptx(&laid).expect("writes");
                (specrender::qc::check(&laid), pptx.len())
            })
        });
    }
    g.finish();
}

fn fonts(c: &mut Criterion) {
    let mut g = c.benchmark_group("fonts");
    g.sample_size(20);
    g.bench_function("load", |b| b.iter(book));
    g.finish();
}

/// Render options for generated documents: one thread, figures from a folder written once
/// (`target/bench-doc-assets`), its root opened once as a worker does.
fn doc_options() -> RenderOptions {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-doc-assets");
    write_figures(&dir).expect("figures written");
    let root = specrender::spec::AssetRoot::open(&dir).expect("assets folder opens");
    RenderOptions {
        assets: Some(std::sync::Arc::new(root)),
        ..RenderOptions::default()
    }
}

fn doc_bytes(blocks: usize) -> Vec<u8> {
    doc_json(&DocOptions {
        blocks,
        ..DocOptions::default()
    })
    .into_bytes()
}

/// The 2,000-block document as users send them ([`DocKind::Users`]).
fn users_doc_bytes() -> Vec<u8> {
    doc_json(&DocOptions {
        kind: DocKind::Users,
        ..DocOptions::default()
    })
    .into_bytes()
}

fn docx_end_to_end(c: &mut Criterion) {
    let book = book();
    let opts = doc_options();
    let mut g = c.benchmark_group("docx_end_to_end");
    g.sample_size(30).measurement_time(Duration::from_secs(10));
    for (name, input) in [
        ("mixed_2000", doc_bytes(2000)),
        ("users_2000", users_doc_bytes()),
    ] {
        let out = specrender::render(&input, &book, &opts).expect("renders");
        eprintln!(
            "docx_end_to_end/{name}: input {} bytes, DOCX {} bytes, {} QC issues",
            input.len(),
            out.file_bytes().map_or(0, <[u8]>::len),
            out.qc.issues.len()
        );
        g.bench_function(name, |b| {
            b.iter(|| specrender::render(black_box(&input), &book, &opts).expect("renders"))
        });
    }
    g.finish();
}

fn docx_scaling(c: &mut Criterion) {
    let book = book();
    let opts = doc_options();
    let mut g = c.benchmark_group("docx_scaling");
    g.sample_size(20).measurement_time(Duration::from_secs(6));
    for n in [250, 500, 1000, 2000] {
        let input = doc_bytes(n);
        g.bench_with_input(BenchmarkId::new("mixed", n), &input, |b, input| {
            b.iter(|| specrender::render(black_box(input), &book, &opts).expect("renders"))
        });
    }
    g.finish();
}

/// The corpus templates (tests/fixtures/templates), by file name.
fn templates() -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/templates");
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("template fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pptx" || x == "potx"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    v
}

/// Decks on a template (issue 27's bar: at most 1.2x the same deck on the built-in look, the
/// template parsed once and reused, as `TemplateStore` and `serve` do), and the parse time of
/// each corpus template.
fn on_template(c: &mut Criterion) {
    let book = book();
    let mut g = c.benchmark_group("template");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    for (name, bytes) in templates() {
        g.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| {
                specrender::template::Template::from_bytes(black_box(bytes.clone()))
                    .expect("parses")
            })
        });
    }
    let t = std::sync::Arc::new(
        specrender::template::Template::from_bytes(
            std::fs::read(
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/fixtures/templates/python-pptx-default.pptx"),
            )
            .unwrap(),
        )
        .unwrap(),
    );
    let mut on = single_threaded();
    on.layout.template = Some(t);
    let built_in = single_threaded();
    for mix in [Mix::Mixed, Mix::Ko] {
        let input = deck_bytes(200, mix);
        g.bench_function(format!("{mix}_200_built_in"), |b| {
            b.iter(|| specrender::render(black_box(&input), &book, &built_in).expect("renders"))
        });
        g.bench_function(format!("{mix}_200_on_python_pptx_default"), |b| {
            b.iter(|| specrender::render(black_box(&input), &book, &on).expect("renders"))
        });
    }
    g.finish();
}

/// Previews (issue 22): every output slide of the 200-slide decks drawn at 1280 px and
/// encoded as PNG, on one thread and on two, from an already laid-out deck (the time per slide
/// is the figure over the slide count, printed once).
fn previews(c: &mut Criterion) {
    let book = book();
    let opts = single_threaded();
    let mut g = c.benchmark_group("preview");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let popts = specrender_preview::PreviewOptions::default();
    for mix in [Mix::Mixed, Mix::Ko] {
        let input = deck_bytes(200, mix);
        let parsed = specrender::parse(&input, &opts.parse).expect("valid");
        let plain =
            specrender::lay_out(&parsed, &book, &opts, &mut |_, _, _| {}).expect("lays out");
        eprintln!("preview/{mix}_200: {} output slides", plain.slides.len());
        // Placing the glyphs (layout's text::glyphs), which drawing reads; measured apart.
        for threads in [1, 2] {
            g.bench_function(format!("{mix}_200_glyphs_threads_{threads}"), |b| {
                b.iter_batched(
                    || plain.clone(),
                    |mut d| specrender_layout::text::glyphs::place_deck(&mut d, &book, threads),
                    criterion::BatchSize::LargeInput,
                )
            });
        }
        let mut laid = plain;
        specrender_layout::text::glyphs::place_deck(&mut laid, &book, 1);
        for threads in [1, 2] {
            g.bench_function(format!("{mix}_200_threads_{threads}"), |b| {
                b.iter(|| {
                    specrender_preview::preview_deck_threads(
                        black_box(&laid),
                        &book,
                        None,
                        &popts,
                        threads,
                    )
                    .expect("draws")
                })
            });
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    end_to_end,
    on_template,
    stages,
    scaling,
    scaling_typed,
    fonts,
    parallel,
    deflate_levels,
    docx_end_to_end,
    docx_scaling,
    previews
);
criterion_main!(benches);
