//! Customer templates as untrusted input (issue 38): previews, their outputs, `serve`'s
//! template cache and the template reader stay within their bounds (docs/guide/limits.md,
//! "Customer templates" and "Previews"). Every template here is generated from a fixture
//! by the test itself.

mod support;

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{bin, s, workdir, Run};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/templates")
        .join(name)
}

/// The parts of a zip package, in order.
fn parts(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    support::zip_entries(bytes)
}

/// A zip package of `parts` (stored: deflating megabytes in a debug build takes seconds).
fn zip_of(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let o =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (n, b) in parts {
        w.start_file(n.as_str(), o).unwrap();
        w.write_all(b).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// python-pptx's default template with `edit` applied to its parts.
fn template_with(edit: impl FnOnce(&mut Vec<(String, Vec<u8>)>)) -> Vec<u8> {
    let mut p = parts(&std::fs::read(fixture("python-pptx-default.pptx")).unwrap());
    edit(&mut p);
    zip_of(&p)
}

/// `shape` (a `p:sp`) added to the master's shape tree.
fn with_master_shape(p: &mut [(String, Vec<u8>)], shape: &str) {
    let (_, b) = p
        .iter_mut()
        .find(|(n, _)| n == "ppt/slideMasters/slideMaster1.xml")
        .unwrap();
    let s = String::from_utf8(b.clone()).unwrap();
    let k = s.find("</p:spTree>").unwrap();
    *b = format!("{}{shape}{}", &s[..k], &s[k..]).into_bytes();
}

/// Runs the binary with its address space capped at `cap` bytes (`prlimit`) and its peak RSS
/// measured (`/usr/bin/time`), so a regression fails instead of taking the machine's memory.
fn run_capped(args: &[&str], cap: u64) -> Run {
    let start = std::time::Instant::now();
    let out = Command::new("prlimit")
        .arg(format!("--as={cap}"))
        .args(["--", "/usr/bin/time", "-f", "peak-rss-kib=%M", bin()])
        .args(args)
        .env_remove("SPECRENDER_FONTS")
        .output()
        .expect("prlimit and /usr/bin/time run");
    let mut stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let i = stderr.rfind("peak-rss-kib=").expect("time's line");
    let peak_kib = stderr[i + 13..].trim().parse().ok();
    stderr.truncate(i);
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr,
        wall: start.elapsed(),
        peak_kib,
    }
}

fn example_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json")
}

const GIB: u64 = 1 << 30;

#[test]
fn a_pattern_fill_as_wide_as_ooxml_stores_is_drawn_in_bounded_work() {
    let d = workdir("template-bounds", "wide-pattern");
    // A master rectangle 2^63 - 1 EMU wide with a pattern fill (the probe's case: 4.6 GiB in
    // 1.8 s before its cap, the grid's x += 8 px never passing a right edge of 10^17 px).
    let t = template_with(|p| {
        with_master_shape(
            p,
            r#"<p:sp><p:nvSpPr><p:cNvPr id="99" name="Wide"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="9223372036854775807" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:pattFill prst="dkDnDiag"><a:fgClr><a:srgbClr val="FF0000"/></a:fgClr><a:bgClr><a:srgbClr val="FFFFFF"/></a:bgClr></a:pattFill></p:spPr></p:sp>
<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="98" name="Far"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr><p:spPr><a:xfrm><a:off x="-9223372036854775807" y="-9223372036854775807"/><a:ext cx="9223372036854775807" cy="9223372036854775807"/></a:xfrm><a:prstGeom prst="line"><a:avLst/></a:prstGeom></p:spPr></p:cxnSp>"#,
        )
    });
    let tp = d.join("wide.pptx");
    std::fs::write(&tp, t).unwrap();
    let out = d.join("png");
    let r = run_capped(
        &[
            "preview",
            s(&example_path()),
            "--template",
            s(&tp),
            "-o",
            s(&out),
            "--threads",
            "1",
        ],
        2 * GIB,
    );
    assert!(r.code <= 1, "{r:?}");
    let kib = r.peak_kib.unwrap();
    assert!(kib < 400 * 1024, "peak {kib} KiB: {r:?}");
    // The pattern's lines are drawn where the slide shows them: red over the top band.
    let png = std::fs::read(out.join("001-s1.png")).unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    let reddish = |y: u32| {
        (0..img.width())
            .filter(|&x| {
                let p = img.get_pixel(x, y);
                p[0] > 200 && p[1] < 200 && p[2] < 200
            })
            .count()
    };
    // Every 8 px a line across (rows 19-20 around the line at y = 20), and one down.
    let (across, down) = (reddish(20), reddish(23));
    assert!(across > 1200, "{across} reddish pixels on row 20");
    assert!(
        (100..400).contains(&down),
        "{down} reddish pixels on row 23"
    );
    // A connector as large is an outline and a note (its dashes cut to the slide's
    // surroundings).
    assert!(r.stderr.contains("\"Far\""), "{r:?}");
}

/// The small two-slide deck (`support::small_deck`) in `d`, as a file.
fn small_input(d: &Path) -> PathBuf {
    let input = d.join("deck.json");
    let mut deck = support::small_deck();
    let slides = deck["deck"]["slides"].as_array_mut().unwrap();
    let mut second = slides[0].clone();
    second["slide_id"] = "s2".into();
    slides.push(second);
    std::fs::write(&input, deck.to_string()).unwrap();
    input
}

#[test]
fn preview_outputs_never_name_the_input_or_each_other_and_are_all_or_nothing() {
    let d = workdir("template-bounds", "preview-outputs");
    let input = small_input(&d);
    let before = std::fs::read(&input).unwrap();
    let out = d.join("png");
    let run = |sheet: &Path| {
        support::run(
            &["preview", s(&input), "-o", s(&out), "--sheet", s(sheet)],
            None,
        )
    };
    // The sheet naming the input: refused before any work, the deck untouched, no folder.
    let r = run(&input);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("is the input"), "{r:?}");
    assert_eq!(std::fs::read(&input).unwrap(), before);
    assert!(!out.exists());
    // Naming a slide's PNG: refused once the slides are named, nothing written.
    let r = run(&out.join("001-s1.png"));
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("same file as"), "{r:?}");
    assert!(!out.exists(), "{:?}", support::names(&out));
    assert!(r.stdout.is_empty(), "{r:?}");
    // A sheet that cannot be written (a folder no one can create a file in): exit 3 and no
    // slide PNG left behind, the folder made for them removed again.
    let r = run(Path::new("/proc/self/sheet.png"));
    assert_eq!(r.code, 3, "{r:?}");
    assert!(!out.exists(), "{:?}", support::names(&out));
    assert!(r.stdout.is_empty(), "{r:?}");
    // A sheet in a folder that does not exist: refused before any work.
    let r = run(&d.join("missing/sheet.png"));
    assert_eq!(r.code, 3, "{r:?}");
    assert!(!out.exists());
    // And it works: every PNG, the sheet and the report.
    let sheet = d.join("sheet.png");
    let r = run(&sheet);
    assert!(r.code <= 1, "{r:?}");
    assert_eq!(support::names(&out), ["001-s1.png", "002-s2.png"]);
    assert!(std::fs::read(&sheet).unwrap().starts_with(b"\x89PNG"));
    assert!(r.json()["issues"].is_array());
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

#[test]
fn a_reused_preview_folder_keeps_only_this_decks_slide_pngs() {
    let d = workdir("template-bounds", "stale-pngs");
    small_input(&d);
    let out = d.join("png");
    std::fs::create_dir_all(out.join("005-sub.png")).unwrap();
    for (name, body) in [
        ("001-s1.png", &b"old"[..]),
        ("003-s3.png", b"an earlier run's"),
        ("004-closing_1.png", b"an earlier run's"),
        ("12-x.png", b"not ours: two digits"),
        ("003-s3.PNG", b"not ours: the case"),
        ("notes.txt", b"not ours"),
    ] {
        std::fs::write(out.join(name), body).unwrap();
    }
    std::os::unix::fs::symlink(d.join("deck.json"), out.join("006-link.png")).unwrap();
    // Relative paths, as a user types them (a planned target's path is canonical: the PNGs
    // this run wrote must not look stale).
    let r = support::run_with(
        &["preview", "deck.json", "-o", "png"],
        None,
        Some(&d),
        false,
    );
    assert!(r.code <= 1, "{r:?}");
    // Ours from before (regular files named NNN-<id>.png) are gone; everything else stays.
    assert_eq!(
        support::names(&out),
        [
            "001-s1.png",
            "002-s2.png",
            "003-s3.PNG",
            "005-sub.png",
            "006-link.png",
            "12-x.png",
            "notes.txt"
        ]
    );
    assert!(std::fs::read(out.join("001-s1.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));
    // render --preview follows the same rules.
    std::fs::write(out.join("007-s7.png"), b"old").unwrap();
    let pptx = d.join("out.pptx");
    let r = support::run_with(
        &["render", "deck.json", "-o", s(&pptx), "--preview", "./png/"],
        None,
        Some(&d),
        false,
    );
    assert!(r.code <= 1, "{r:?}");
    assert!(!out.join("007-s7.png").exists());
    assert!(
        out.join("001-s1.png").exists(),
        "{:?}",
        support::names(&out)
    );
    assert!(out.join("002-s2.png").exists() && out.join("notes.txt").exists());
}

/// `serve` with `args`, each request a line; the answers.
fn serve(args: &[&str], requests: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let mut child = Command::new(bin())
        .arg("serve")
        .args(args)
        .env_remove("SPECRENDER_FONTS")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for r in requests {
            writeln!(stdin, "{r}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The small deck naming template `id`.
fn deck_on(id: &str) -> serde_json::Value {
    let mut deck = support::small_deck();
    deck["theme"]["template_ref"]["template_id"] = id.into();
    deck
}

#[test]
fn a_broken_customer_template_is_invalid_input_naming_the_part_never_the_servers_path() {
    let d = workdir("template-bounds", "broken-template");
    let dir = d.join("templates");
    std::fs::create_dir_all(&dir).unwrap();
    // A master that is not XML, a template whose file leads out of the folder, a FIFO.
    let broken = template_with(|p| {
        let (_, b) = p
            .iter_mut()
            .find(|(n, _)| n == "ppt/slideMasters/slideMaster1.xml")
            .unwrap();
        b.truncate(b.len() / 2);
        b.extend_from_slice(b"<p:unclosed");
    });
    std::fs::write(dir.join("broken.pptx"), broken).unwrap();
    let outside = d.join("outside.pptx");
    std::fs::copy(fixture("python-pptx-default.pptx"), &outside).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("escape.pptx")).unwrap();
    let fifo = dir.join("pipe.pptx");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let dir_s = dir.display().to_string();
    let cases = [
        ("broken", "ppt/slideMasters/slideMaster1.xml"),
        ("escape", "outside the templates folder"),
        ("pipe", "not a regular file"),
    ];
    for (id, says) in cases {
        // --templates: exit 2, bad_template at the template id, the part named.
        let input = d.join(format!("{id}.json"));
        std::fs::write(&input, deck_on(id).to_string()).unwrap();
        let r = support::run(&["qc", s(&input), "--templates", &dir_s], None);
        assert_eq!(r.code, 2, "{id}: {r:?}");
        assert!(r.stderr.contains(says), "{id}: {r:?}");
        assert!(!r.stderr.contains(&dir_s), "{id}: {r:?}");
        let v = r.json();
        assert_eq!(v["errors"][0]["code"], "bad_template", "{id}: {v}");
        assert_eq!(v["errors"][0]["path"], "/theme/template_ref/template_id");
    }
    // serve: the same answer, the worker alive for the next request.
    let reqs: Vec<serde_json::Value> = cases
        .iter()
        .map(|(id, _)| serde_json::json!({"id": id, "op": "qc", "spec": deck_on(id)}))
        .chain([serde_json::json!({"id": "ok", "op": "qc", "spec": support::small_deck()})])
        .collect();
    let answers = serve(
        &[
            "--templates",
            &dir_s,
            "--output-root",
            s(&d),
            "--assets",
            s(&d),
        ],
        &reqs,
    );
    assert_eq!(answers.len(), 4, "{answers:?}");
    for (a, (id, says)) in answers.iter().zip(cases) {
        assert_eq!(a["exit_code"], 2, "{id}: {a}");
        let text = a.to_string();
        assert!(text.contains(says), "{id}: {a}");
        assert!(!text.contains(&dir_s), "{id}: {a}");
    }
    assert!(
        answers[3]["exit_code"].as_i64().unwrap() <= 1,
        "{}",
        answers[3]
    );
    // --template on a FIFO: refused at once (no writer ever opens it), exit 2.
    let input = d.join("plain.json");
    std::fs::write(&input, support::small_deck().to_string()).unwrap();
    let r = support::run(&["qc", s(&input), "--template", s(&fifo)], None);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("not a regular file"), "{r:?}");
    assert!(r.wall < std::time::Duration::from_secs(20), "{r:?}");
}

#[test]
fn an_encrypted_template_is_named_and_inspect_text_escapes_control_characters() {
    let d = workdir("template-bounds", "encrypted-and-escapes");
    // An OLE2 compound file (what Office writes for a password-protected .pptx).
    let mut cfb = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    cfb.resize(8192, 0);
    let enc = d.join("protected.pptx");
    std::fs::write(&enc, cfb).unwrap();
    let r = support::run(&["template", "inspect", s(&enc)], None);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr
            .contains("an encrypted or legacy binary Office file"),
        "{r:?}"
    );
    assert!(!r.stderr.contains("EOCD"), "{r:?}");
    // A layout named with a CSI (U+009B, a terminal's escape) and a right-to-left override.
    let t = template_with(|p| {
        let (_, b) = p
            .iter_mut()
            .find(|(n, _)| n == "ppt/slideLayouts/slideLayout1.xml")
            .unwrap();
        let s = String::from_utf8(b.clone()).unwrap();
        let k = s.find("<p:cSld name=\"").unwrap() + "<p:cSld name=\"".len();
        *b = format!("{}Evil\u{9b}2J\u{202e}txt{}", &s[..k], &s[k..]).into_bytes();
    });
    let tp = d.join("names.pptx");
    std::fs::write(&tp, t).unwrap();
    let r = support::run(&["template", "inspect", "--text", s(&tp)], None);
    assert_eq!(r.code, 0, "{r:?}");
    let out = r.out();
    assert!(
        !out.contains('\u{9b}') && !out.contains('\u{202e}'),
        "{out}"
    );
    assert!(out.contains("Evil\\u{9b}2J\\u{202e}txt"), "{out}");
}

/// Variant `n` of python-pptx's template: its master padded with a comment of `pad` random
/// letters (every variant a different file, parsed and kept on its own).
fn variant(n: u64, pad: usize) -> Vec<u8> {
    let mut x = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let text: String = (0..pad)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (b'a' + (x >> 59) as u8 % 26) as char
        })
        .collect();
    template_with(|p| {
        let (_, b) = p
            .iter_mut()
            .find(|(n, _)| n == "ppt/slideMasters/slideMaster1.xml")
            .unwrap();
        let s = String::from_utf8(b.clone()).unwrap();
        let k = s.find("<p:cSld").unwrap();
        *b = format!("{}<!--{text}-->{}", &s[..k], &s[k..]).into_bytes();
    })
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[test]
fn serves_memory_stays_flat_over_many_template_variants() {
    use std::io::BufRead;
    let d = workdir("template-bounds", "serve-variants");
    let dir = d.join("templates");
    std::fs::create_dir_all(&dir).unwrap();
    let n = 60;
    for i in 0..n {
        std::fs::write(dir.join(format!("v{i}.pptx")), variant(i, 2 << 20)).unwrap();
    }
    let mut child = Command::new(bin())
        .args([
            "serve",
            "--templates",
            s(&dir),
            "--output-root",
            s(&d),
            "--assets",
            s(&d),
        ])
        .env_remove("SPECRENDER_FONTS")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut samples = Vec::new();
    for i in 0..n {
        let req = serde_json::json!({"id": i, "op": "qc", "spec": deck_on(&format!("v{i}"))});
        writeln!(stdin, "{req}").unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let a: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert!(a["exit_code"].as_i64().unwrap() <= 1, "{a}");
        if i == 19 || i == n - 1 {
            samples.push(rss_kib(pid));
        }
    }
    drop(stdin);
    child.wait().unwrap();
    // Each variant holds about 4 MiB (its 2 MiB package, its 2 MiB master carried): kept
    // without bound, 40 more variants took 160 MiB more; the cache keeps 16.
    let growth = samples[1] as i64 - samples[0] as i64;
    assert!(
        growth < 48 * 1024,
        "RSS after 20 and {n} variants: {samples:?} KiB"
    );
}

#[test]
fn the_template_cache_drops_the_least_recently_used_by_entries_and_bytes() {
    let d = workdir("template-bounds", "cache-bounds");
    for i in 0..4 {
        std::fs::write(d.join(format!("v{i}.pptx")), variant(i, 1 << 20)).unwrap();
    }
    let found = |store: &specrender::TemplateStore, id: &str| {
        matches!(
            store.resolve(id).unwrap(),
            specrender::ResolvedTemplate::Found(_)
        )
    };
    // Two entries at most.
    let store = specrender::TemplateStore::with_bounds(&d, 2, u64::MAX);
    for id in ["v0", "v1", "v2", "v1", "v3"] {
        assert!(found(&store, id));
    }
    let (decks, docs, bytes) = store.cached();
    assert_eq!((decks, docs), (2, 0));
    // Each variant's estimate covers its package and its carried master (1 MiB each).
    assert!(bytes > 4 << 20, "{bytes}");
    // By bytes: room for one variant, not two; one larger than the bound is not kept.
    let store = specrender::TemplateStore::with_bounds(&d, 16, (bytes / 2) * 3 / 2);
    for id in ["v0", "v1", "v2"] {
        assert!(found(&store, id));
    }
    assert_eq!(store.cached().0, 1);
    let store = specrender::TemplateStore::with_bounds(&d, 16, 1 << 20);
    assert!(found(&store, "v0"));
    assert_eq!(store.cached(), (0, 0, 0));
}

#[test]
fn a_template_within_the_package_limits_stays_within_the_memory_bound() {
    let d = workdir("template-bounds", "template-memory");
    let input = d.join("deck.json");
    std::fs::write(&input, support::small_deck().to_string()).unwrap();
    // Three 63 MiB "pictures" of zeros related from the master: each within the part limit,
    // 64 KB deflated. They were written whole, stored, into every deck (a 200 MB deck from a
    // 220 KB template, 400 MiB peak).
    let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
    big.resize(63 << 20, 0);
    let deflated = {
        let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(1));
        let mut p = parts(&std::fs::read(fixture("python-pptx-default.pptx")).unwrap());
        for (n, b) in p.iter_mut() {
            if n == "ppt/slideMasters/_rels/slideMaster1.xml.rels" {
                let s = String::from_utf8(b.clone()).unwrap();
                let rels: String = (0..3)
                    .map(|j| format!("<Relationship Id=\"rIdM{j}\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"../media/big{j}.png\"/>"))
                    .collect();
                *b = s
                    .replace("</Relationships>", &format!("{rels}</Relationships>"))
                    .into_bytes();
            }
            if n == "[Content_Types].xml" {
                let s = String::from_utf8(b.clone()).unwrap();
                if !s.contains("Extension=\"png\"") {
                    *b = s
                        .replace(
                            "</Types>",
                            "<Default Extension=\"png\" ContentType=\"image/png\"/></Types>",
                        )
                        .into_bytes();
                }
            }
        }
        for j in 0..3 {
            p.push((format!("ppt/media/big{j}.png"), big.clone()));
        }
        for (n, b) in &p {
            w.start_file(n.as_str(), o).unwrap();
            w.write_all(b).unwrap();
        }
        w.finish().unwrap().into_inner()
    };
    assert!(deflated.len() < 4 << 20, "{}", deflated.len());
    let tp = d.join("media.pptx");
    std::fs::write(&tp, deflated).unwrap();
    let out = d.join("out.pptx");
    let r = run_capped(
        &["render", s(&input), "--template", s(&tp), "-o", s(&out)],
        3 * GIB,
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("ppt/media/big0.png") && r.stderr.contains("zip bomb"),
        "{r:?}"
    );
    assert!(!out.exists());
    let kib = r.peak_kib.unwrap();
    assert!(kib < 250 * 1024, "peak {kib} KiB: {r:?}");

    // 11 layouts of about 1,990 shapes each: within the per-part bound, over the template's.
    let many = template_with(|p| {
        let shapes: String = (0..1990)
            .map(|i| format!("<p:sp><p:nvSpPr><p:cNvPr id=\"{}\" name=\"S\"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x=\"1\" y=\"1\"/><a:ext cx=\"9\" cy=\"9\"/></a:xfrm></p:spPr></p:sp>", i + 10))
            .collect();
        for (n, b) in p.iter_mut() {
            if n.starts_with("ppt/slideLayouts/slideLayout") && n.ends_with(".xml") {
                let s = String::from_utf8(b.clone()).unwrap();
                let k = s.find("</p:spTree>").unwrap();
                *b = format!("{}{shapes}{}", &s[..k], &s[k..]).into_bytes();
            }
        }
    });
    let tp = d.join("many.pptx");
    std::fs::write(&tp, many).unwrap();
    let r = support::run(&["template", "inspect", s(&tp)], None);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("more than 20000 shapes in all"), "{r:?}");
}

#[test]
fn a_preview_over_the_pixel_budget_is_refused_before_it_is_drawn() {
    let d = workdir("template-bounds", "pixel-budget");
    // A portrait template (7.5 x 13.33 in): at 8192 px wide its previews would be 8192 x
    // 14563, clamped to 8192 x 8192: 67 M pixels, over the 50 M a preview may have.
    let t = template_with(|p| {
        let (_, b) = p
            .iter_mut()
            .find(|(n, _)| n == "ppt/presentation.xml")
            .unwrap();
        let s = String::from_utf8(b.clone()).unwrap();
        let i = s.find("<p:sldSz").unwrap();
        let j = i + s[i..].find("/>").unwrap();
        *b = format!(
            "{}<p:sldSz cx=\"6858000\" cy=\"12192000\"{}",
            &s[..i],
            &s[j..]
        )
        .into_bytes();
    });
    let tp = d.join("portrait.pptx");
    std::fs::write(&tp, t).unwrap();
    let input = small_input(&d);
    let out = d.join("png");
    let r = support::run(
        &[
            "preview",
            s(&input),
            "--template",
            s(&tp),
            "-o",
            s(&out),
            "--width",
            "8192",
        ],
        None,
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("over the limit of 50331648 pixels"),
        "{r:?}"
    );
    assert!(!out.exists());
    // Narrower it is drawn.
    let r = support::run(
        &[
            "preview",
            s(&input),
            "--template",
            s(&tp),
            "-o",
            s(&out),
            "--width",
            "320",
        ],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    assert_eq!(support::names(&out), ["001-s1.png", "002-s2.png"]);
}

/// A deck of `n` slides, each a full-slide photograph-like picture (noise: PNG cannot
/// compress it), with its picture written to `root`.
fn photo_deck(root: &Path, n: usize) -> PathBuf {
    let (w, h) = (640u32, 360u32);
    let mut x = 0x2545_f491_u32;
    let img = image::RgbImage::from_fn(w, h, |_, _| {
        // xorshift32: the same picture every run.
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let [r, g, b, _] = x.to_le_bytes();
        image::Rgb([r, g, b])
    });
    img.save(root.join("noise.png")).unwrap();
    let slides: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            serde_json::json!({"slide_id": format!("p{i}"), "type": "custom",
                "layout": {"layout_id": "blank"},
                "elements": [{"element_id": "pic", "kind": "image",
                    "content": {"asset_id": "noise", "alt_text": "noise", "crop": "cover"},
                    "style": {"box": {"x": 0.0, "y": 0.0, "w": 13.333, "h": 7.5}}}]})
        })
        .collect();
    let deck = serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Photos", "language": "en", "slides": slides},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
        "assets": [{"asset_id": "noise", "type": "image",
                    "source": {"kind": "file", "file_id": "noise.png"}}]
    });
    let p = root.join(format!("photos-{n}.json"));
    std::fs::write(&p, serde_json::to_vec(&deck).unwrap()).unwrap();
    p
}

#[test]
fn a_previews_memory_does_not_grow_with_the_pngs_it_writes() {
    // Each PNG is staged beside its target as it is drawn, not held until the run commits:
    // five times the slides (and the PNG bytes) cost about the same peak.
    let d = workdir("template-bounds", "preview-memory");
    let peak = |n: usize| {
        let input = photo_deck(&d, n);
        let out = d.join(format!("png-{n}"));
        let r = run_capped(
            &[
                "preview",
                s(&input),
                "--assets",
                s(&d),
                "-o",
                s(&out),
                "--width",
                "2048",
                "--threads",
                "1",
            ],
            4 * GIB,
        );
        assert!(r.code <= 1, "{r:?}");
        let bytes: u64 = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum();
        assert_eq!(support::names(&out).len(), n);
        (r.peak_kib.unwrap() * 1024, bytes)
    };
    let (few, few_bytes) = peak(1);
    let (many, many_bytes) = peak(5);
    // Four more slides of noise at 2048 px: about 7 MB of PNG each (measured: the peak was
    // 58 MB for 2 slides and for 12, 14 and 85 MB of PNG).
    assert!(
        many_bytes - few_bytes > 20_000_000,
        "{few_bytes} -> {many_bytes} bytes"
    );
    // Held, they would add their bytes to the peak; staged, at most two of them.
    assert!(
        many < few + (many_bytes - few_bytes) / 2,
        "peak {few} -> {many} bytes for {few_bytes} -> {many_bytes} bytes of PNG"
    );
}
