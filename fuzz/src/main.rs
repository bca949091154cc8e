//! `specrender-fuzz [--cases N] [--seconds S] [--seed S] [--start N] [--template-every N]
//! [--foreign-every N] [--keep DIR [--keep-every K]]`: run
//! cases until either bound (default 10,000 cases), printing a progress line every 10,000 and a
//! summary; exit 1 on the first failure, after writing the input to `target/fuzz-failures/`.
//! Per case: CPU time (of the case's thread, so a busy machine or `nice` does not count) under
//! 2 s and peak heap under 64 MiB + 16 x the input (an instrumented allocator); a template case
//! (one in eight, or one in N: `--template-every 1` fuzzes templates only) may add one part
//! read to the package's part limit (64 MiB: a deflate bomb stops one byte past it).
//! `--foreign-every N` makes one case in N (1: every case) a damaged foreign file — a deck or
//! document python-pptx, PptxGenJS, LibreOffice or python-docx wrote (`fuzz/foreign/`) — run
//! through `specrender check` ([`specrender_fuzz::foreign`]), under the template cases' heap
//! bound and 6 s of CPU;
//! default none, so a seed's other cases stay what they were. A case still running after a
//! minute of wall time is a hang: a watchdog writes its input and fails the run.
//!
//!     cargo run --release -p specrender-fuzz -- --cases 40000 --seed 1   # what .ci/run does
//!     nice -n 19 cargo run --release -p specrender-fuzz -- --cases 1000000 --seed 7
//!     cargo run --release -p specrender-fuzz -- --foreign-every 1 --cases 3000 --seed 3
//!
//! `--keep DIR` writes every K-th output rendered on a damaged template (`--keep-every K`,
//! default 20) to DIR as `case<N>.pptx` / `case<N>.docx`, for readers outside the process
//! (`tools/open-outputs.py` opens each with python-pptx or python-docx).
//!
//! `specrender-fuzz --limits [--max-cpu-ms N] FILE...` runs given inputs (the table- and
//! asset-heavy ones `tools/limits-check.sh` makes at the schemas' limits) under the same
//! bounds, each with the files of its folder as assets: CPU under 2 s (`--max-cpu-ms`), peak
//! heap under 64 MiB + 16 x the input's bytes + 2 x the distinct asset bytes it may read.
//! Assets are input too: each distinct file is held once as read, and once more inside the
//! package that carries it. (A term of 128 bytes per JSON value is gone: the dense decks that
//! needed it measured the harness's own tree of the input, held through render.) A refusal for the work budget is
//! an answer; exit 1 when a bound is missed.

use std::alloc::System;
use std::time::{Duration, Instant};

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use specrender_fuzz::{case, check, repo_root, Corpus};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

const MAX_CASE_TIME: Duration = Duration::from_secs(2);

/// A foreign file's bound: `check` charges its measuring to the same work budget as a render
/// (100 M units, about 5 s of CPU here), and a file is not capped by a schema: 2,000
/// paragraphs of one 10,000-letter word (20 M pieces, within the budget) took 2.2 s.
const MAX_FOREIGN_TIME: Duration = Duration::from_secs(6);

/// One case in this many is a damaged template (read, then rendered on when it reads), unless
/// `--template-every N` says otherwise (1: every case; a template campaign).
const TEMPLATE_EVERY: u64 = 8;

struct Args {
    cases: u64,
    seconds: Option<u64>,
    seed: u64,
    start: u64,
    template_every: u64,
    /// One case in this many is a damaged foreign file checked (0: none).
    foreign_every: u64,
    keep: Option<std::path::PathBuf>,
    keep_every: u64,
}

fn args() -> Args {
    let mut a = Args {
        cases: 10_000,
        seconds: None,
        seed: 1,
        start: 0,
        template_every: TEMPLATE_EVERY,
        foreign_every: 0,
        keep: None,
        keep_every: 20,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    for pair in v.chunks(2) {
        if pair[0] == "--keep" && pair.len() == 2 {
            a.keep = Some(pair[1].clone().into());
            continue;
        }
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
            "--template-every" if n > 0 => a.template_every = n,
            "--foreign-every" => a.foreign_every = n,
            "--keep-every" if n > 0 => a.keep_every = n,
            _ => usage(),
        }
    }
    a
}

fn usage() -> ! {
    eprintln!(
        "usage: specrender-fuzz [--cases N] [--seconds S] [--seed S] [--start N] [--template-every N]\n       \
         [--foreign-every N] [--keep DIR [--keep-every K]]\n       \
         specrender-fuzz --limits [--max-cpu-ms N] FILE..."
    );
    std::process::exit(2)
}

/// What a run has reached so far.
#[derive(Default)]
struct Counts {
    valid: u64,
    rendered: u64,
    twice: u64,
    tpl_cases: u64,
    tpl_read: u64,
    tpl_rendered: u64,
    foreign_cases: u64,
    foreign_checked: u64,
}

/// What a case is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A SlideSpec or DocSpec (generated or mutated).
    Spec,
    /// A damaged template, read and rendered on.
    Template,
    /// A damaged foreign file, checked (`specrender check`).
    Foreign,
}

/// The inputs cases are made from.
struct Inputs {
    corpus: Corpus,
    templates: Vec<(String, Vec<u8>)>,
    foreign: Vec<(String, Vec<u8>)>,
}

/// Case `n`'s kind and input.
fn make_case(a: &Args, inputs: &Inputs, n: u64) -> (Kind, String, Vec<u8>) {
    let rng = || specrender_deckgen::Rng::new(a.seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    if a.foreign_every > 0
        && n % a.foreign_every == 5 % a.foreign_every
        && !inputs.foreign.is_empty()
    {
        let (how, input) = specrender_fuzz::foreign::mutate(&inputs.foreign, &mut rng());
        return (Kind::Foreign, how, input);
    }
    if n % a.template_every == 3 % a.template_every && !inputs.templates.is_empty() {
        let (how, input) = specrender_fuzz::template::mutate(&inputs.templates, &mut rng());
        return (Kind::Template, how, input);
    }
    let (how, input) = case(&inputs.corpus, a.seed, n);
    (Kind::Spec, how, input)
}

/// Runs case `n` (its checks; the caller bounds its time and heap).
fn run_case(
    a: &Args,
    kind: Kind,
    n: u64,
    input: &[u8],
    fonts: &specrender::FontBook,
    c: &mut Counts,
) -> Result<check::Reached, String> {
    match kind {
        Kind::Spec => check::check(input, fonts, n.is_multiple_of(8)),
        Kind::Foreign => {
            c.foreign_cases += 1;
            specrender_fuzz::foreign::check(input.to_vec(), fonts, n.is_multiple_of(8)).map(|r| {
                c.foreign_checked += r.checked as u64;
                check::Reached::default()
            })
        }
        Kind::Template => {
            c.tpl_cases += 1;
            specrender_fuzz::template::check(input.to_vec(), fonts).map(|r| {
                c.tpl_read += r.readable as u64;
                c.tpl_rendered += r.rendered as u64;
                if let (Some(dir), Some((ext, pkg))) = (&a.keep, &r.output) {
                    if c.tpl_rendered.is_multiple_of(a.keep_every) {
                        let _ = std::fs::create_dir_all(dir);
                        let to = dir.join(format!("case{n}.{ext}"));
                        if let Err(e) = std::fs::write(&to, pkg) {
                            eprintln!("--keep: {}: {e}", to.display());
                            std::process::exit(3);
                        }
                    }
                }
                check::Reached::default()
            })
        }
    }
}

/// A case still running this long (wall time: far past the CPU bound even on a loaded
/// machine) is a hang: the watchdog writes its input and fails the run.
const HANG: Duration = Duration::from_secs(60);

/// The case being run, for the watchdog: (seed, case, how made, input, started).
type Running = std::sync::Mutex<Option<(u64, u64, String, std::sync::Arc<Vec<u8>>, Instant)>>;

fn watchdog(running: &'static Running) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        let guard = running.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((seed, n, how, input, started)) = &*guard {
            if started.elapsed() > HANG {
                fail(
                    *seed,
                    *n,
                    how,
                    input,
                    &format!("still running after {HANG:?} (a hang)"),
                );
            }
        }
    });
}

fn main() {
    let v: Vec<String> = std::env::args().skip(1).collect();
    if v.first().is_some_and(|a| a == "--limits") {
        limits(&v[1..]);
    }
    let a = args();
    let repo = repo_root();
    let inputs = Inputs {
        corpus: Corpus::load(&repo),
        templates: specrender_fuzz::template::load(&repo),
        foreign: specrender_fuzz::foreign::load(&repo),
    };
    let fonts = specrender::load_fonts(&Default::default()).expect("shipped fonts load");
    static RUNNING: Running = std::sync::Mutex::new(None);
    watchdog(&RUNNING);
    let started = Instant::now();
    let deadline = a.seconds.map(|s| started + Duration::from_secs(s));
    let mut c = Counts::default();
    let (mut slowest, mut heaviest, mut done) = (Duration::ZERO, 0usize, 0u64);
    let mut n = a.start;
    while done < a.cases && deadline.is_none_or(|d| Instant::now() < d) {
        let (kind, how, input) = make_case(&a, &inputs, n);
        let input = std::sync::Arc::new(input);
        *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((a.seed, n, how.clone(), input.clone(), Instant::now()));
        GLOBAL.reset_peak_memory();
        let base = GLOBAL.get_peak_memory();
        let t = cpu_time::ThreadTime::now();
        let result = run_case(&a, kind, n, &input, &fonts, &mut c);
        let took = t.elapsed();
        let heap = GLOBAL.get_peak_memory().saturating_sub(base);
        *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = None;
        // A template or foreign case may read one part up to the package limit (a deflate
        // bomb stops one byte past it) besides what a deck costs.
        let bound = 64 * 1024 * 1024
            + 16 * input.len()
            + if kind == Kind::Spec {
                0
            } else {
                specrender::template::Limits::default().max_part_bytes as usize
            };
        let max_time = if kind == Kind::Foreign {
            MAX_FOREIGN_TIME
        } else {
            MAX_CASE_TIME
        };
        let result = result.and_then(|r| {
            if took > max_time {
                Err(format!("took {took:?} of CPU (bound {max_time:?})"))
            } else if heap > bound {
                Err(format!("peak heap {heap} bytes (bound {bound})"))
            } else {
                Ok(r)
            }
        });
        match result {
            Ok(r) => {
                c.valid += r.valid as u64;
                c.rendered += r.rendered as u64;
                c.twice += r.twice as u64;
            }
            Err(e) => fail(a.seed, n, &how, &input, &e),
        }
        slowest = slowest.max(took);
        heaviest = heaviest.max(heap);
        done += 1;
        n += 1;
        if done % 10_000 == 0 {
            println!(
                "{done} cases ({} valid, {} rendered, {} twice) in {:.0?}",
                c.valid,
                c.rendered,
                c.twice,
                started.elapsed()
            );
        }
    }
    println!(
        "fuzz: {done} cases, seed {}, cases {}..{n}: {} valid, {} rendered (PPTX or DOCX checked), \
         {} rendered twice, {} damaged templates ({} still readable, {} rendered on and checked), \
         {} damaged foreign files ({} checked, the rest refused); no failure; \
         slowest case {slowest:.1?} CPU, largest peak heap {:.1} MiB; {:.1?}",
        a.seed,
        a.start,
        c.valid,
        c.rendered,
        c.twice,
        c.tpl_cases,
        c.tpl_read,
        c.tpl_rendered,
        c.foreign_cases,
        c.foreign_checked,
        heaviest as f64 / 1048576.0,
        started.elapsed()
    );
}

fn fail(seed: u64, n: u64, how: &str, input: &[u8], e: &str) -> ! {
    let dir = repo_root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let ext = match how
        .strip_prefix("template ")
        .or_else(|| how.strip_prefix("foreign "))
    {
        Some(t) if t.contains(".docx") || t.contains(".dotx") => "docx",
        Some(_) => "pptx",
        None => "json",
    };
    let path = dir.join(format!("seed{seed}-case{n}.{ext}"));
    let _ = std::fs::write(&path, input);
    eprintln!(
        "FAIL seed {seed} case {n} ({how}): {e}\n  input: {}",
        path.display()
    );
    std::process::exit(1)
}

/// Bytes of the distinct files (device + inode) that `input` names by a `file_id` or an
/// `asset_id` in `root`, each at most the per-file limit and all at most the job's (the
/// loader reads no more): an upper bound of the asset bytes a job holds.
fn asset_bytes(input: &[u8], root: &std::path::Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    match x {
                        serde_json::Value::String(s) if k == "file_id" || k == "asset_id" => {
                            out.push(s.clone())
                        }
                        _ => walk(x, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(input) else {
        return 0;
    };
    let mut names = Vec::new();
    walk(&doc, &mut names);
    let mut seen = std::collections::BTreeSet::new();
    let mut total = 0u64;
    for n in names {
        let p = std::path::Path::new(&n);
        if p.is_absolute() || n.contains("..") {
            continue;
        }
        let Ok(m) = std::fs::metadata(root.join(p)) else {
            continue;
        };
        if m.is_file() && seen.insert((m.dev(), m.ino())) {
            total += m
                .len()
                .min(specrender::spec::assets::DEFAULT_MAX_ASSET_BYTES);
        }
    }
    total.min(specrender::spec::assets::DEFAULT_MAX_JOB_ASSET_BYTES)
}

/// How many JSON values `input` holds (0 when it is not JSON; printed, not bounded).
fn json_values(input: &[u8]) -> u64 {
    fn count(v: &serde_json::Value) -> u64 {
        1 + match v {
            serde_json::Value::Array(a) => a.iter().map(count).sum(),
            serde_json::Value::Object(m) => m.values().map(count).sum(),
            _ => 0,
        }
    }
    serde_json::from_slice::<serde_json::Value>(input).map_or(0, |v| count(&v))
}

/// A deck refused at `/deck/slides/K[/...]` cut to its first K slides (none when K is 0 or
/// the input is not a deck).
fn slides_before(input: &[u8], at: &str) -> Option<Vec<u8>> {
    let k: usize = at
        .strip_prefix("/deck/slides/")?
        .split('/')
        .next()?
        .parse()
        .ok()?;
    let mut doc: serde_json::Value = serde_json::from_slice(input).ok()?;
    let slides = doc.pointer_mut("/deck/slides")?.as_array_mut()?;
    if k == 0 || k >= slides.len() {
        return None;
    }
    slides.truncate(k);
    serde_json::to_vec(&doc).ok()
}

/// A document refused at `/doc/blocks/N[/...]` cut to its first N blocks (none when N is 0 or
/// the input is not a document).
fn blocks_before(input: &[u8], at: &str) -> Option<Vec<u8>> {
    let k: usize = at
        .strip_prefix("/doc/blocks/")?
        .split('/')
        .next()?
        .parse()
        .ok()?;
    let mut doc: serde_json::Value = serde_json::from_slice(input).ok()?;
    let blocks = doc.pointer_mut("/doc/blocks")?.as_array_mut()?;
    if k == 0 || k >= blocks.len() {
        return None;
    }
    blocks.truncate(k);
    serde_json::to_vec(&doc).ok()
}

/// A document refused at `/doc/blocks/N`, a table, with half of that table's rows (and how
/// many are left): run until one is taken, within half of the most rows the budget takes.
fn table_halved(input: &[u8], at: &str) -> Option<(Vec<u8>, usize)> {
    let n: usize = at.strip_prefix("/doc/blocks/")?.parse().ok()?;
    let mut doc: serde_json::Value = serde_json::from_slice(input).ok()?;
    let rows = doc
        .pointer_mut(&format!("/doc/blocks/{n}/content/rows"))?
        .as_array_mut()?;
    if rows.len() < 2 {
        return None;
    }
    rows.truncate(rows.len() / 2);
    let left = rows.len();
    Some((serde_json::to_vec(&doc).ok()?, left))
}

/// `--limits [--max-cpu-ms N] FILE...`: each input once under the fuzzer's bounds; a deck
/// refused for the work budget, again cut to the slides the budget takes.
fn limits(v: &[String]) -> ! {
    let (max_cpu, files) = match v {
        [flag, n, rest @ ..] if flag == "--max-cpu-ms" => (
            Duration::from_millis(n.parse().unwrap_or_else(|_| usage())),
            rest,
        ),
        rest => (MAX_CASE_TIME, rest),
    };
    if files.is_empty() {
        usage();
    }
    let fonts = specrender::load_fonts(&Default::default()).expect("shipped fonts load");
    let mut failed = 0;
    let mut queue: Vec<(String, Vec<u8>)> = Vec::new();
    for f in files {
        let input = std::fs::read(f).unwrap_or_else(|e| {
            eprintln!("{f}: {e}");
            std::process::exit(2)
        });
        queue.push((f.clone(), input));
    }
    queue.reverse();
    while let Some((f, input)) = queue.pop() {
        let name = f.split('[').next().unwrap_or(&f).to_string();
        let path = std::path::Path::new(&name);
        let root = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("."));
        let assets = asset_bytes(&input, root);
        GLOBAL.reset_peak_memory();
        let base = GLOBAL.get_peak_memory();
        let t = cpu_time::ThreadTime::now();
        let result = check::limits(&input, &fonts, root);
        let took = t.elapsed();
        let heap = GLOBAL.get_peak_memory().saturating_sub(base) as u64;
        let values = json_values(&input);
        let bound = 64 * 1024 * 1024 + 16 * input.len() as u64 + 2 * assets;
        let mib = |b: u64| b as f64 / 1048576.0;
        let what = match &result {
            Ok(check::Limited::Written) => "written".to_string(),
            Ok(check::Limited::OverBudget(at)) => {
                // The most of this deck the budget takes: its slides before the one where the
                // total passed the budget (work adds up in slide order), run next.
                if let Some(most) = slides_before(&input, at).or_else(|| blocks_before(&input, at))
                {
                    queue.push((format!("{name}[before {at}]"), most));
                } else if let Some((half, rows)) = table_halved(&input, at) {
                    queue.push((format!("{name}[{rows} rows]"), half));
                }
                format!("refused: work_budget at {at}")
            }
            Ok(check::Limited::ReadLimit(code, at)) => {
                // The most the reader takes of a deck or document: its slides (blocks)
                // before the one where reading stopped.
                if let Some(most) = slides_before(&input, at).or_else(|| blocks_before(&input, at))
                {
                    queue.push((format!("{name}[before {at}]"), most));
                }
                format!("refused: {code} at {at}")
            }
            Ok(check::Limited::Invalid) => "refused: invalid (schema errors)".to_string(),
            Err(e) => format!("FAIL ({e})"),
        };
        let mut verdict = Vec::new();
        if result.is_err() {
            verdict.push("failed".to_string());
        }
        if took > max_cpu {
            verdict.push(format!("CPU over {max_cpu:?}"));
        }
        if heap > bound {
            verdict.push("heap over its bound".to_string());
        }
        failed += !verdict.is_empty() as u32;
        println!(
            "{f} ({} bytes, {values} JSON values, {:.1} MiB of assets): {what}; {:.2} s CPU \
             (bound {:.1}), peak heap {:.1} MiB (bound {:.1} MiB = 64 + 16 x bytes + \
             2 x assets): {}",
            input.len(),
            mib(assets),
            took.as_secs_f64(),
            max_cpu.as_secs_f64(),
            mib(heap),
            mib(bound),
            if verdict.is_empty() {
                "ok".to_string()
            } else {
                format!("FAIL: {}", verdict.join(", "))
            }
        );
    }
    std::process::exit(i32::from(failed > 0))
}
