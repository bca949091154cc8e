//! specrender-fuzz: fuzzing on stable Rust (no nightly, no libFuzzer). Each case is one input
//! — made by structured generation ([`gen`], `arbitrary` over random bytes) or by mutating a
//! real input ([`mutate`]: the example, the golden cases, the spec fixtures, small generated
//! decks) — driven through validate, qc and render in-process and checked by [`check`].
//! Case `n` of seed `s` is always the same input, so a failure is replayed by its numbers; the
//! runner (`src/main.rs`) also writes each failing input to `target/fuzz-failures/`, and every
//! input that ever failed is kept in `fuzz/regressions/` and replayed by `cargo test`.
//! One case in eight is a damaged template instead ([`template`]).

pub mod check;
pub mod foreign;
pub mod gen;
pub mod mutate;
pub mod template;

use std::path::{Path, PathBuf};

use serde_json::Value;
use specrender_deckgen::{DeckOptions, Mix, Rng};

/// The real inputs mutation starts from.
pub struct Corpus {
    pub seeds: Vec<(String, Value)>,
}

impl Corpus {
    /// The example, every golden input, every spec fixture, and 10 small generated decks.
    pub fn load(repo: &Path) -> Corpus {
        let mut files: Vec<PathBuf> = Vec::new();
        for dir in [
            "examples",
            "spec/tests/fixtures/valid",
            "spec/tests/fixtures/invalid",
        ] {
            files.extend(json_files(&repo.join(dir)));
        }
        if let Ok(rd) = std::fs::read_dir(repo.join("golden/slides")) {
            for e in rd.flatten() {
                files.push(e.path().join("input.json"));
            }
        }
        files.sort();
        let mut seeds: Vec<(String, Value)> = files
            .iter()
            .filter(|p| !p.to_string_lossy().ends_with(".expect.json"))
            .filter_map(|p| {
                let v: Value = serde_json::from_slice(&std::fs::read(p).ok()?).ok()?;
                Some((p.strip_prefix(repo).unwrap_or(p).display().to_string(), v))
            })
            .collect();
        for (i, mix) in Mix::ALL.into_iter().cycle().take(10).enumerate() {
            let d = specrender_deckgen::deck(&DeckOptions {
                slides: 2 + i % 5,
                mix,
                seed: i as u64,
            });
            seeds.push((format!("deckgen {mix} {i}"), d));
        }
        Corpus { seeds }
    }
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default()
}

/// Case `n` of run `seed`: (how it was made, input bytes).
pub fn case(corpus: &Corpus, seed: u64, n: u64) -> (String, Vec<u8>) {
    let mut rng = Rng::new(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    if rng.chance(40) {
        let len = rng.range(16, 2048) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let v = gen::generate(&bytes);
        (
            "generated".into(),
            serde_json::to_vec(&v).expect("serialises"),
        )
    } else {
        let i = rng.range(0, corpus.seeds.len() as u64) as usize;
        let (name, v) = &corpus.seeds[i];
        (format!("mutated {name}"), mutate::mutate(v, &mut rng))
    }
}

/// The repository root (this crate's parent folder).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ has a parent")
        .to_path_buf()
}
