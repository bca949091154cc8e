//! The deck's floor (issue 43 item 3): what a given PPTX cannot be made in less than, timed
//! against the whole pipeline in the same process, rounds alternating the order.
//!
//! - **floor**: the input read and parsed into the typed SlideSpec (not validated); the
//!   pictures read from the assets folder; every paragraph measured once at the size the
//!   engine finally chose, as layout measures text (`layout::text::prepare`: segmented, its
//!   pieces shaped or taken from the measurer's width cache) and broken into lines once, on
//!   the laid deck, which was laid out beforehand, outside every timed part; the same parts
//!   written and zipped with the same settings (the real writer on that laid deck); the
//!   package written and synced.
//! - **whole**: what `specrender render IN -o OUT --qc QC` does once its fonts are loaded:
//!   the input read, parsed and validated; resolved (pictures read) and laid out with the fit
//!   search; the PPTX written and zipped; QC and its report; both files written and synced.
//!
//! Both run on `--threads` threads (the CLI's default is one per core) with the fonts and the
//! built-in look loaded once, as a worker keeps them. Each round writes over the previous
//! round's files; the two paths must write the same PPTX bytes. Each round also times, on
//! their own, what splits the stages further: resolving alone (the pictures read), the parts
//! written without the zip (one thread), and glyph placement (every line shaped in full with
//! rustybuzz, what a drawing reads and a PPTX does not need).
//!
//!     cargo bench --bench floor -- [--rounds 31] [--threads 2] [--input IN --assets DIR]
//!     cargo bench --bench floor -- --once floor|whole|none [--threads 1]
//!
//! Default input: `target/bench-process/deck.json` and `deck-assets/` (the 200-slide mixed
//! deck `tools/bench-process.py` generates; made here when missing). `--once`: the fonts loaded and the deck laid out
//! beforehand, then one run of that path (`none`: nothing), printing the preparation's wall
//! time (`prepare_ms`) and the part of it that laid the deck out (`precompute_ms`, after the
//! fonts): for `valgrind --tool=callgrind --toggle-collect='*floor::run_*'`, which counts
//! only the path's instructions, and for `tools/bench-process.py --deck-floor`, which times
//! the process and subtracts the precomputed layout (the fonts' loading stays in: the floor
//! shapes with them).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use cpu_time::ProcessTime;
use specrender::fonts::{Measurer, ScriptClass, ShapeLang, SlotFaces};
use specrender::spec::units::Cpt;
use specrender::{FontBook, FontOptions, LaidDeck, RenderOptions};
use specrender_layout::model::{BoxContent, LaidSlide, Paragraph, Run};
use specrender_layout::text::glyphs::place_paragraph;
use specrender_layout::text::prepare::prepare_unmetered;
use specrender_layout::text::{SlotLines, TextFonts};

struct Args {
    rounds: usize,
    threads: usize,
    input: PathBuf,
    assets: PathBuf,
    out: PathBuf,
    once: Option<String>,
}

fn args() -> Args {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-process");
    let mut a = Args {
        rounds: 31,
        threads: 0,
        input: root.join("deck.json"),
        assets: root.join("deck-assets"),
        out: root.join("out"),
        once: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().unwrap_or_else(|| panic!("{k} needs a value"));
        match k.as_str() {
            "--rounds" => a.rounds = v().parse().expect("--rounds N"),
            "--threads" => a.threads = v().parse().expect("--threads N"),
            "--input" => a.input = v().into(),
            "--assets" => a.assets = v().into(),
            "--out" => a.out = v().into(),
            "--once" => a.once = Some(v()),
            // `cargo bench` passes `--bench`.
            _ => {}
        }
    }
    if a.input == root.join("deck.json") && !a.input.exists() {
        // The deck tools/bench-process.py would make (`specrender-deckgen --slides 200 --mix
        // mixed --seed 1 --assets deck-assets`), so the bench also runs on its own.
        let d = specrender_deckgen::deck(&specrender_deckgen::DeckOptions {
            slides: 200,
            mix: specrender_deckgen::Mix::Mixed,
            seed: 1,
        });
        specrender_deckgen::write_pictures(&d, &a.assets).expect("bench pictures written");
        std::fs::create_dir_all(&root).expect("bench folder");
        std::fs::write(&a.input, d.to_string() + "\n").expect("bench deck written");
    }
    a
}

/// The stages of one run and their wall time.
type Stages = Vec<(&'static str, Duration)>;

/// Times `f` as stage `name`.
fn stage<T>(stages: &mut Stages, name: &'static str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let v = f();
    stages.push((name, t.elapsed()));
    v
}

/// Writes each file as the CLI does: a temporary file beside it, written and synced, renamed
/// over it; then their folder synced once.
fn write_synced(files: &[(&Path, &[&[u8]])]) {
    use std::io::Write;
    for (path, pieces) in files {
        let tmp = path.with_extension("tmp");
        let mut f = std::fs::File::create(&tmp).expect("output file");
        for p in *pieces {
            f.write_all(p).expect("written");
        }
        f.sync_all().expect("synced");
        std::fs::rename(&tmp, path).expect("renamed");
    }
    let dir = files[0].0.parent().expect("a folder");
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .expect("folder synced");
}

/// What both paths share: the fonts, the options, and the deck laid out beforehand.
struct Prepared {
    book: FontBook,
    opts: RenderOptions,
    laid: LaidDeck,
    threads: usize,
    /// Wall time of laying the deck out beforehand (parse and layout, after the fonts).
    precompute: Duration,
}

fn prepare(a: &Args) -> Prepared {
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts load");
    let opts = RenderOptions {
        assets_root: Some(a.assets.clone()),
        ..RenderOptions::default()
    }
    .with_threads(a.threads);
    let t = Instant::now();
    let input = std::fs::read(&a.input).expect("the bench deck (tools/bench-process.py makes it)");
    let parsed = specrender::parse(&input, &opts.parse).expect("valid");
    let laid = specrender::lay_out(&parsed, &book, &opts, &mut |_, _, _| {}).expect("lays out");
    let threads = opts.layout.threads.max(1);
    Prepared {
        book,
        opts,
        laid,
        threads,
        precompute: t.elapsed(),
    }
}

/// The whole pipeline, as `specrender render` runs it once its fonts are loaded.
#[inline(never)]
fn run_whole(p: &Prepared, a: &Args, stages: &mut Stages) {
    let opts = &p.opts;
    let input = stage(stages, "read", || std::fs::read(&a.input).expect("input"));
    let parsed = stage(stages, "parse + validate", || {
        if p.threads > 1 {
            specrender::parse_warming(&input, &opts.parse, false, drop)
        } else {
            specrender::parse(&input, &opts.parse)
        }
        .expect("valid")
    });
    let laid = stage(stages, "resolve + layout (fit search)", || {
        specrender::lay_out(&parsed, &p.book, opts, &mut |_, _, _| {}).expect("lays out")
    });
    let pptx = stage(stages, "parts written + zipped", || {
        specrender::pptx_pieces(&laid, opts).expect("writes")
    });
    let qc = stage(stages, "QC + its report", || {
        specrender::qc::check_with_input(&laid, &parsed.warnings).to_json_pretty() + "\n"
    });
    stage(stages, "files written + synced", || {
        write_synced(&[
            (&a.out.join("whole.pptx"), &pptx.slices()),
            (&a.out.join("whole.json"), &[qc.as_bytes()]),
        ])
    });
}

/// The floor: only what this output cannot be made without.
#[inline(never)]
fn run_floor(p: &Prepared, a: &Args, stages: &mut Stages) {
    let input = stage(stages, "read", || std::fs::read(&a.input).expect("input"));
    let spec = stage(stages, "parse", || {
        serde_json::from_slice::<specrender::spec::SlideSpec>(&input).expect("a SlideSpec")
    });
    std::hint::black_box(&spec);
    let pictures = stage(stages, "pictures read", || read_pictures(&a.assets));
    std::hint::black_box(&pictures);
    stage(stages, "runs measured once", || measure_deck(p));
    let pptx = stage(stages, "parts written + zipped", || {
        specrender::pptx_pieces(&p.laid, &p.opts).expect("writes")
    });
    stage(stages, "files written + synced", || {
        write_synced(&[(&a.out.join("floor.pptx"), &pptx.slices())])
    });
}

/// Every file of the assets folder read (the bench decks' folders hold their pictures only).
fn read_pictures(dir: &Path) -> Vec<Vec<u8>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("assets folder")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|f| std::fs::read(f).expect("picture"))
        .collect()
}

/// Calls `f` with every paragraph of `slide` (text boxes, shapes' text, table cells), its
/// weight, its box's final size and the width its lines are broken in (a text box's inner
/// width; a cell's column less its margins; a shape's text: its widest laid line).
fn paragraphs(slide: &LaidSlide, mut f: impl FnMut(&Paragraph, bool, Cpt, i64)) {
    let widest = |p: &Paragraph| p.lines.iter().map(|l| l.width).max().unwrap_or(0);
    for b in &slide.boxes {
        match &b.content {
            BoxContent::Text(t) => {
                let inner = b.rect.w - t.insets.l - t.insets.r;
                for p in &t.paragraphs {
                    f(p, t.bold, t.size, inner - p.margin_left);
                }
            }
            BoxContent::Shape(sh) => {
                if let Some(t) = &sh.text {
                    for p in &t.paragraphs {
                        f(p, t.bold, t.size, widest(p));
                    }
                }
            }
            BoxContent::Table(t) => {
                for row in &t.rows {
                    for (cell, w) in row.cells.iter().zip(&t.col_widths) {
                        for p in &cell.paragraphs {
                            f(p, cell.bold, t.size, w - t.margins.l - t.margins.r);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Runs `work` on every slide of the laid deck, slides taken in turn on the run's threads,
/// each thread with its own measurer (cold, as each layout thread's is); the sum of what
/// `work` returned.
fn each_slide(p: &Prepared, work: impl Fn(&mut Measurer<'_>, &LaidSlide) -> usize + Sync) -> usize {
    let slides = &p.laid.slides;
    let next = AtomicUsize::new(0);
    let run = || {
        let mut m = Measurer::new(&p.book);
        let mut n = 0;
        while let Some(s) = slides.get(next.fetch_add(1, Ordering::Relaxed)) {
            n += work(&mut m, s);
        }
        n
    };
    if p.threads == 1 {
        return run();
    }
    std::thread::scope(|s| {
        let others: Vec<_> = (1..p.threads).map(|_| s.spawn(run)).collect();
        run()
            + others
                .into_iter()
                .map(|h| h.join().expect("measured"))
                .sum::<usize>()
    })
}

/// Every paragraph measured once at its box's final size, as layout measures text: segmented
/// with its slot faces, its pieces' widths from the measurer's cache or shaped once
/// (`text::prepare`), and broken into lines once at that size. Returns the number of lines.
fn measure_deck(p: &Prepared) -> usize {
    each_slide(p, |m, s| {
        let mut lines = 0;
        paragraphs(s, |para, bold, size, width| {
            let fonts = text_fonts(&p.book, para, bold);
            let lang = ShapeLang::from_tag(&para.lang);
            let prepared = prepare_unmetered(m, &fonts, lang, &para.text, size, width, 0);
            lines += prepared.break_at(size, width).lines.len();
        });
        lines
    })
}

/// Every paragraph's glyphs placed (`text::glyphs::place_paragraph`: every line shaped in
/// full, what a drawing reads; a PPTX needs none). Returns the number of glyphs.
fn place_glyphs(p: &Prepared) -> usize {
    each_slide(p, |m, s| {
        let mut glyphs = 0;
        paragraphs(s, |para, bold, size, _| {
            let g = place_paragraph(m, para, bold, size);
            glyphs += g.lines.iter().map(|l| l.glyphs.len()).sum::<usize>();
        });
        glyphs
    })
}

/// The fonts `para` was laid out with: each slot's family from its first run that does not
/// replace that slot with a fallback face.
fn text_fonts(book: &FontBook, para: &Paragraph, bold: bool) -> TextFonts {
    let pick = |class: ScriptClass, fam: fn(&Run) -> &Arc<str>| -> Arc<str> {
        para.runs
            .iter()
            .find(|r| r.fallback != Some(class))
            .or(para.runs.first())
            .map_or_else(|| Arc::from(""), |r| fam(r).clone())
    };
    let (latin, ea, cs) = (
        pick(ScriptClass::Latin, |r| &r.latin),
        pick(ScriptClass::EastAsian, |r| &r.ea),
        pick(ScriptClass::Complex, |r| &r.cs),
    );
    let faces = SlotFaces {
        latin: book.resolve(&latin, bold, ScriptClass::Latin).face,
        ea: book.resolve(&ea, bold, ScriptClass::EastAsian).face,
        cs: book.resolve(&cs, bold, ScriptClass::Complex).face,
    };
    TextFonts {
        latin,
        ea,
        cs,
        faces,
        bold,
        lines: SlotLines::default(),
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let a = args();
    std::fs::create_dir_all(&a.out).expect("output folder");
    let t = Instant::now();
    let p = prepare(&a);
    let prepare_ms = ms(t.elapsed());
    if let Some(path) = &a.once {
        let mut stages = Stages::new();
        match path.as_str() {
            "whole" => run_whole(&p, &a, &mut stages),
            "floor" => run_floor(&p, &a, &mut stages),
            _ => {}
        }
        println!(
            "prepare_ms={prepare_ms:.3} precompute_ms={:.3}",
            ms(p.precompute)
        );
        // As the CLI: the process ends here and the system takes its memory back whole.
        std::mem::forget(p);
        return;
    }
    // The engine's own bytes, to hold both paths to.
    let input = std::fs::read(&a.input).expect("input");
    let expected = specrender::render(&input, &p.book, &p.opts)
        .expect("renders")
        .pptx
        .expect("a PPTX");
    let names = ["whole", "floor"];
    let mut walls: [Vec<f64>; 2] = Default::default();
    let mut cpus: [Vec<f64>; 2] = Default::default();
    let mut stage_ms: [Vec<(&'static str, Vec<f64>)>; 2] = Default::default();
    let mut extra_ms: Vec<(&'static str, Vec<f64>)> = Vec::new();
    let parsed = specrender::parse(&input, &p.opts.parse).expect("valid");
    let specrender::Input::Slides(spec) = &parsed.input else {
        panic!("a SlideSpec")
    };
    let root = specrender::open_assets(Some(&a.assets)).expect("assets folder");
    for r in 0..a.rounds {
        let order = if r % 2 == 0 { [0, 1] } else { [1, 0] };
        for k in order {
            let mut stages = Stages::new();
            let (t, c) = (Instant::now(), ProcessTime::now());
            if k == 0 {
                run_whole(&p, &a, &mut stages)
            } else {
                run_floor(&p, &a, &mut stages)
            }
            walls[k].push(ms(t.elapsed()));
            cpus[k].push(ms(c.elapsed()));
            // Read back from the file, outside the timed part.
            let written = std::fs::read(a.out.join(format!("{}.pptx", names[k]))).expect("written");
            assert!(
                written == expected,
                "{}: not the engine's PPTX bytes",
                names[k]
            );
            record(&mut stage_ms[k], &stages);
        }
        let mut extras = Stages::new();
        stage(&mut extras, "resolve alone (pictures read)", || {
            std::hint::black_box(specrender::spec::resolve_with(spec, root.as_ref()))
        });
        stage(&mut extras, "parts alone, no zip (1 thread)", || {
            specrender::renderer::pptx_parts(&p.laid, false).expect("writes")
        });
        stage(&mut extras, "glyph placement (not in either)", || {
            place_glyphs(&p)
        });
        record(&mut extra_ms, &extras);
    }
    println!(
        "{} paired rounds, {} thread(s), {} output slides, same PPTX bytes as specrender::render: \
         true (prepared in {prepare_ms:.0} ms), load average {}",
        a.rounds,
        p.threads,
        p.laid.slides.len(),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let wall = [median(&mut walls[0]), median(&mut walls[1])];
    let cpu = [median(&mut cpus[0]), median(&mut cpus[1])];
    for k in 0..2 {
        println!(
            "  {:5} wall {:7.2} ms  CPU {:7.2} ms   (medians)",
            names[k], wall[k], cpu[k]
        );
        for (n, v) in &mut stage_ms[k] {
            println!("    {n:34} {:7.2} ms", median(v));
        }
    }
    println!("  timed on their own:");
    for (n, v) in &mut extra_ms {
        println!("    {n:34} {:7.2} ms", median(v));
    }
    println!(
        "  whole / floor: wall {:.2}x  CPU {:.2}x",
        wall[0] / wall[1],
        cpu[0] / cpu[1]
    );
}

/// Appends one run's stage times to the lists by stage.
fn record(lists: &mut Vec<(&'static str, Vec<f64>)>, stages: &Stages) {
    if lists.is_empty() {
        *lists = stages.iter().map(|(n, _)| (*n, Vec::new())).collect();
    }
    for ((_, v), (_, d)) in lists.iter_mut().zip(stages) {
        v.push(ms(*d));
    }
}
