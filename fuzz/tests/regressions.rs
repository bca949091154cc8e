//! Replays every input in `fuzz/regressions/` through the fuzz checks, then a short fuzz run
//! (the long runs: `cargo run --release -p specrender-fuzz`, see `src/main.rs`).

use specrender_fuzz::{case, check, repo_root, Corpus};

fn fonts() -> specrender::FontBook {
    specrender::load_fonts(&Default::default()).expect("shipped fonts load")
}

#[test]
fn every_input_that_ever_failed_passes() {
    let fonts = fonts();
    let dir = repo_root().join("fuzz/regressions");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let input = std::fs::read(&p).unwrap();
        let r = check::check(&input, &fonts, true);
        assert!(r.is_ok(), "{}: {}", p.display(), r.unwrap_err());
        n += 1;
    }
    assert!(n >= 1, "no regression inputs in {}", dir.display());
}

#[test]
fn style_box_1e300_renders_within_ooxml_ranges() {
    let fonts = fonts();
    let input = std::fs::read(repo_root().join("fuzz/regressions/style-box-1e300.json")).unwrap();
    let r = check::check(&input, &fonts, false).unwrap();
    assert!(r.valid && r.rendered, "{r:?}");
}

#[test]
fn a_short_run_passes() {
    let fonts = fonts();
    let corpus = Corpus::load(&repo_root());
    assert!(corpus.seeds.len() > 30, "{}", corpus.seeds.len());
    for n in 0..150 {
        let (how, input) = case(&corpus, 42, n);
        if let Err(e) = check::check(&input, &fonts, n % 16 == 0) {
            panic!("case {n} ({how}): {e}\n{}", String::from_utf8_lossy(&input));
        }
    }
}

#[test]
fn every_foreign_file_checks_and_a_short_foreign_run_passes() {
    let fonts = fonts();
    let files = specrender_fuzz::foreign::load(&repo_root());
    assert!(files.len() >= 6, "{} foreign files", files.len());
    for (name, bytes) in &files {
        let r = specrender_fuzz::foreign::check(bytes.clone(), &fonts, true);
        assert!(r.as_ref().is_ok_and(|r| r.checked), "{name}: {r:?}");
    }
    for n in 0..40 {
        let mut rng = specrender_deckgen::Rng::new(42 ^ n);
        let (how, input) = specrender_fuzz::foreign::mutate(&files, &mut rng);
        if let Err(e) = specrender_fuzz::foreign::check(input, &fonts, n % 8 == 0) {
            panic!("foreign case {n} ({how}): {e}");
        }
    }
}
