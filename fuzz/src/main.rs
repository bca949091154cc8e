//! `specrender-fuzz [--cases N] [--seconds S] [--seed S] [--start N]`: run cases until either
//! bound (default 10,000 cases), printing a progress line every 10,000 and a summary; exit 1
//! on the first failure, after writing the input to `target/fuzz-failures/`. Per case: CPU time
//! (of the case's thread, so a busy machine or `nice` does not count) under 2 s and peak heap under 64 MiB + 16 x the input (an instrumented allocator).
//!
//!     cargo run --release -p specrender-fuzz -- --seconds 60          # what .ci/run does
//!     nice -n 19 cargo run --release -p specrender-fuzz -- --cases 1000000 --seed 7

use std::alloc::System;
use std::time::{Duration, Instant};

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use specrender_fuzz::{case, check, repo_root, Corpus};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

const MAX_CASE_TIME: Duration = Duration::from_secs(2);

struct Args {
    cases: u64,
    seconds: Option<u64>,
    seed: u64,
    start: u64,
}

fn args() -> Args {
    let mut a = Args {
        cases: 10_000,
        seconds: None,
        seed: 1,
        start: 0,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    for pair in v.chunks(2) {
        let n = pair
            .get(1)
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| usage());
        match pair[0].as_str() {
            "--cases" => a.cases = n,
            "--seconds" => {
                a.seconds = Some(n);
                a.cases = u64::MAX;
            }
            "--seed" => a.seed = n,
            "--start" => a.start = n,
            _ => usage(),
        }
    }
    a
}

fn usage() -> ! {
    eprintln!("usage: specrender-fuzz [--cases N] [--seconds S] [--seed S] [--start N]");
    std::process::exit(2)
}

fn main() {
    let a = args();
    let repo = repo_root();
    let corpus = Corpus::load(&repo);
    let templates = specrender_fuzz::template::load(&repo);
    let fonts = specrender::load_fonts(&Default::default()).expect("shipped fonts load");
    let started = Instant::now();
    let deadline = a.seconds.map(|s| started + Duration::from_secs(s));
    let (mut valid, mut rendered, mut twice, mut done) = (0u64, 0u64, 0u64, 0u64);
    let (mut tpl_cases, mut tpl_read) = (0u64, 0u64);
    let (mut slowest, mut heaviest) = (Duration::ZERO, 0usize);
    let mut n = a.start;
    while done < a.cases && deadline.is_none_or(|d| Instant::now() < d) {
        let template_case = n % 8 == 3 && !templates.is_empty();
        let (how, input) = if template_case {
            let mut rng =
                specrender_deckgen::Rng::new(a.seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            specrender_fuzz::template::mutate(&templates, &mut rng)
        } else {
            case(&corpus, a.seed, n)
        };
        GLOBAL.reset_peak_memory();
        let base = GLOBAL.get_peak_memory();
        let t = cpu_time::ThreadTime::now();
        let result = if template_case {
            tpl_cases += 1;
            specrender_fuzz::template::check(input.clone()).map(|ok| {
                tpl_read += ok as u64;
                check::Reached::default()
            })
        } else {
            check::check(&input, &fonts, n % 8 == 0)
        };
        let took = t.elapsed();
        let heap = GLOBAL.get_peak_memory().saturating_sub(base);
        let bound = 64 * 1024 * 1024 + 16 * input.len();
        let result = result.and_then(|r| {
            if took > MAX_CASE_TIME {
                Err(format!("took {took:?} of CPU (bound {MAX_CASE_TIME:?})"))
            } else if heap > bound {
                Err(format!("peak heap {heap} bytes (bound {bound})"))
            } else {
                Ok(r)
            }
        });
        match result {
            Ok(r) => {
                valid += r.valid as u64;
                rendered += r.rendered as u64;
                twice += r.twice as u64;
            }
            Err(e) => fail(a.seed, n, &how, &input, &e),
        }
        slowest = slowest.max(took);
        heaviest = heaviest.max(heap);
        done += 1;
        n += 1;
        if done % 10_000 == 0 {
            println!(
                "{done} cases ({valid} valid, {rendered} rendered, {twice} twice) in {:.0?}",
                started.elapsed()
            );
        }
    }
    println!(
        "fuzz: {done} cases, seed {}, cases {}..{}: {valid} valid, {rendered} rendered (PPTX or DOCX checked), \
         {twice} rendered twice, {tpl_cases} damaged templates ({tpl_read} still readable); no failure; \
         slowest case {slowest:.1?} CPU, largest peak heap {:.1} MiB; {:.1?}",
        a.seed, a.start, n, heaviest as f64 / 1048576.0, started.elapsed()
    );
}

fn fail(seed: u64, n: u64, how: &str, input: &[u8], e: &str) -> ! {
    let dir = repo_root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let ext = if how.starts_with("template") {
        "pptx"
    } else {
        "json"
    };
    let path = dir.join(format!("seed{seed}-case{n}.{ext}"));
    let _ = std::fs::write(&path, input);
    eprintln!(
        "FAIL seed {seed} case {n} ({how}): {e}\n  input: {}",
        path.display()
    );
    std::process::exit(1)
}
