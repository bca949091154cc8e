//! Preview goldens (issue 22): every golden slide case (`golden/slides/<case>`, with its
//! `options.json`) is drawn at 320 px with its QC findings highlighted.
//!
//! - A handful of reference PNGs, `golden/previews/<case>-<NNN-slide>.png` at 480 px, are
//!   compared with a tolerance, not bytes: a pixel differs when a channel is off by more than
//!   [`CHANNEL_TOLERANCE`], and at most [`MAX_DIFFERING`] of the pixels may differ. They are
//!   small pictures a person can open to see what the preview draws.
//! - Every other slide is compared by the SHA-256 of its decoded pixels (RGB, so a change of
//!   PNG encoder settings alone does not matter) against `golden/previews/hashes.txt`, one
//!   `<case>/<NNN-slide>.png <sha256>` a line.
//!
//! A mismatch writes the drawn PNG to `target/preview-actual/` and names it. Re-bless with
//! `SPECRENDER_BLESS=1 cargo test --test preview_golden`, then look at the changed PNGs.

use sha2::{Digest, Sha256};
use specrender::{
    lay_out_for_drawing as lay_out, parse, qc_parsed, FontBook, FontOptions, RenderOptions,
};
use specrender_preview::{preview_deck_threads, PreviewOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The slides kept as reference PNGs: (case, file name of the slide's preview).
const REFERENCES: &[(&str, &str)] = &[
    ("explicit_overlap", "001-s1.png"),
    ("korean", "002-s2.png"),
    ("charts", "001-s1.png"),
    ("table_japanese", "001-s1.png"),
    ("template_lo_vivid_potx", "002-s2.png"),
    ("script_arabic", "001-s1.png"),
    ("script_emoji", "001-s1.png"),
];
const REFERENCE_WIDTH: u32 = 480;
const HASH_WIDTH: u32 = 320;
/// Largest per-channel difference that still counts as the same pixel.
const CHANNEL_TOLERANCE: u8 = 48;
/// Largest fraction of differing pixels.
const MAX_DIFFERING: f64 = 0.005;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The case's PNGs at `width`, drawn with highlights.
fn previews(book: &FontBook, folder: &Path, width: u32) -> Vec<(String, Vec<u8>)> {
    let mut opts = RenderOptions {
        assets_root: Some(folder.to_path_buf()),
        ..RenderOptions::default()
    };
    if let Ok(bytes) = std::fs::read(folder.join("options.json")) {
        let v: serde_json::Value = serde_json::from_slice(&bytes).expect("options.json parses");
        if let Some(b) = v.get("slide_numbers").and_then(serde_json::Value::as_bool) {
            opts.layout.slide_numbers = b;
        }
        if let Some(name) = v.get("template").and_then(serde_json::Value::as_str) {
            let path = root().join("tests/fixtures/templates").join(name);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let t = specrender::template::Template::from_bytes(bytes).expect("template");
            opts.layout.template = Some(std::sync::Arc::new(t));
        }
    }
    let input = std::fs::read(folder.join("input.json")).expect("input");
    let parsed = parse(&input, &opts.parse).expect("golden input parses");
    let deck = lay_out(&parsed, book, &opts, &mut |_, _, _| {}).expect("lays out");
    let qc = qc_parsed(&parsed, book, &opts, &mut |_, _, _| {})
        .expect("checks")
        .qc;
    let o = PreviewOptions {
        width,
        highlight: true,
    };
    preview_deck_threads(&deck, book, Some(&qc), &o, 2)
        .expect("draws")
        .into_iter()
        .map(|p| (p.file_name, p.png))
        .collect()
}

fn rgb(png: &[u8]) -> image::RgbImage {
    image::load_from_memory(png).expect("a PNG").to_rgb8()
}

fn pixel_hash(png: &[u8]) -> String {
    let img = rgb(png);
    let mut h = Sha256::new();
    h.update(img.width().to_le_bytes());
    h.update(img.height().to_le_bytes());
    h.update(img.as_raw());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// `None` when `actual` is within the tolerance of `expected`, else why not.
fn compare(expected: &[u8], actual: &[u8]) -> Option<String> {
    let (e, a) = (rgb(expected), rgb(actual));
    if e.dimensions() != a.dimensions() {
        return Some(format!(
            "size {:?}, expected {:?}",
            a.dimensions(),
            e.dimensions()
        ));
    }
    let differing = e
        .pixels()
        .zip(a.pixels())
        .filter(|(p, q)| {
            p.0.iter()
                .zip(q.0)
                .any(|(x, y)| x.abs_diff(y) > CHANNEL_TOLERANCE)
        })
        .count();
    let frac = differing as f64 / f64::from(e.width() * e.height());
    (frac > MAX_DIFFERING).then(|| {
        format!(
            "{differing} pixels ({:.2} %) differ by more than {CHANNEL_TOLERANCE}, at most {:.2} % may",
            frac * 100.0,
            MAX_DIFFERING * 100.0
        )
    })
}

#[test]
fn previews_match_the_references_and_hashes() {
    let book = FontBook::new(&FontOptions::default()).expect("shipped fonts load");
    let golden = root().join("golden/previews");
    let actual_dir = root().join("target/preview-actual");
    let bless = std::env::var_os("SPECRENDER_BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root().join("golden/slides"))
        .expect("golden/slides")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("input.json").is_file())
        .collect();
    cases.sort();
    assert!(cases.len() > 30);
    let expected: BTreeMap<String, String> = std::fs::read_to_string(golden.join("hashes.txt"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut hashes = BTreeMap::new();
    let mut failures = Vec::new();
    let save = |name: &str, png: &[u8]| {
        std::fs::create_dir_all(&actual_dir).expect("actual dir");
        let p = actual_dir.join(name.replace('/', "-"));
        std::fs::write(&p, png).expect("actual written");
        p.display().to_string()
    };
    for folder in &cases {
        let case = folder.file_name().unwrap().to_string_lossy().into_owned();
        for (name, png) in previews(&book, folder, HASH_WIDTH) {
            if REFERENCES.contains(&(case.as_str(), name.as_str())) {
                continue;
            }
            let key = format!("{case}/{name}");
            let h = pixel_hash(&png);
            if expected.get(&key) != Some(&h) && !bless {
                let at = save(&key, &png);
                failures.push(format!(
                    "{key}: pixels differ from hashes.txt (drawn: {at})"
                ));
            }
            hashes.insert(key, h);
        }
        for (name, png) in previews(&book, folder, REFERENCE_WIDTH)
            .into_iter()
            .filter(|(n, _)| REFERENCES.contains(&(case.as_str(), n.as_str())))
        {
            let file = golden.join(format!("{case}-{name}"));
            let why = match std::fs::read(&file) {
                Ok(exp) => compare(&exp, &png),
                Err(e) => Some(format!("no reference ({e})")),
            };
            // Blessing rewrites only the references past the tolerance: one within it keeps
            // its bytes, so `git diff golden/previews` shows exactly the pictures that moved.
            if bless {
                if why.is_some() {
                    std::fs::create_dir_all(&golden).expect("golden/previews");
                    std::fs::write(&file, &png).expect("reference written");
                }
                continue;
            }
            if let Some(why) = why {
                let at = save(&format!("{case}/{name}"), &png);
                failures.push(format!("{}: {why} (drawn: {at})", file.display()));
            }
        }
    }
    for (case, name) in REFERENCES {
        assert!(
            cases.iter().any(|c| c.ends_with(case)),
            "reference case {case} ({name}) is not a golden case"
        );
    }
    let stale: Vec<_> = expected
        .keys()
        .filter(|k| !hashes.contains_key(*k))
        .collect();
    if bless {
        let text: String = hashes.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
        std::fs::create_dir_all(&golden).expect("golden/previews");
        std::fs::write(golden.join("hashes.txt"), text).expect("hashes written");
        return;
    }
    if !stale.is_empty() {
        failures.push(format!("in hashes.txt but not drawn: {stale:?}"));
    }
    assert!(
        failures.is_empty(),
        "previews differ (re-bless with SPECRENDER_BLESS=1 cargo test --test preview_golden \
         after looking at them):\n{}",
        failures.join("\n")
    );
}

/// The tolerance is real: a reference differs from a copy with a box painted over it.
#[test]
fn the_tolerance_catches_a_changed_picture() {
    let (case, name) = REFERENCES[0];
    let file = root()
        .join("golden/previews")
        .join(format!("{case}-{name}"));
    let png = std::fs::read(&file).expect("reference PNG");
    assert_eq!(compare(&png, &png), None);
    let mut img = rgb(&png);
    // Slightly off everywhere: within the tolerance.
    for p in img.pixels_mut() {
        p.0[0] = p.0[0].saturating_add(10);
    }
    let mut buf = std::io::Cursor::new(Vec::new());
    img.write_to(&mut buf, image::ImageFormat::Png).unwrap();
    assert_eq!(compare(&png, buf.get_ref()), None);
    // A 40 x 20 black box: 800 px of 480 x 270, over the 0.5 %.
    for y in 100..120 {
        for x in 200..240 {
            img.put_pixel(x, y, image::Rgb([0, 0, 0]));
        }
    }
    let mut buf = std::io::Cursor::new(Vec::new());
    img.write_to(&mut buf, image::ImageFormat::Png).unwrap();
    assert!(compare(&png, buf.get_ref()).is_some());
}
