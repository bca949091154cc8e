//! Regression tests for issue 14 (a worker nobody can break), each finding reproduced through
//! the `specrender` binary: bounded work (validation linear, errors capped, memory bounded by
//! the byte limit), `--extract-json`, and safe outputs. `serve` is in `tests/serve.rs`.
//!
//! Time bounds here are loose (debug build, shared machine): they catch the quadratic and
//! unbounded behaviours (tens of seconds, gigabytes), not small regressions.
//! `tools/limits-check.sh` measures the release binary against the documented bounds.

mod support;

use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;
use support::*;

const MIB: usize = 1024 * 1024;

fn deck_with(f: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut d = example();
    f(&mut d);
    serde_json::to_vec(&d).unwrap()
}

fn write_bytes(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

// ---------------------------------------------------------------------------------------------
// Bounded work

/// Issue 25.1: a valid deck of big tables kept a worker for minutes (200 tables of 20 x 200:
/// 81 s). Now every job has a work budget, counted in units that depend on the input alone:
/// past it the job is refused (exit 2, `work_budget` at the element where the running total
/// of the slides' work, in slide order, passed it; the same answer on 1 or 3 threads) and
/// nothing is written. Documents too, at the block.
#[test]
fn a_job_past_its_work_budget_is_refused_where_it_passed_it() {
    let d = workdir("robust", "work-budget");
    let rows: Vec<Vec<String>> = (0..60)
        .map(|r| (0..20).map(|c| format!("r{r}c{c}")).collect())
        .collect();
    let columns: Vec<String> = (0..20).map(|c| format!("C{c}")).collect();
    let table = json!({"title": "T", "columns": columns, "rows": rows});
    let slides: Vec<Value> = (0..3)
        .map(|i| {
            json!({"slide_id": format!("s{i}"), "type": "table",
                   "layout": {"layout_id": "table_focus"},
                   "elements": [
                       {"element_id": "t", "kind": "text", "content": {"text": format!("Table {i}")}},
                       {"element_id": "tb", "kind": "table", "content": table}]})
        })
        .collect();
    let deck = json!({"spec_version": "slidespec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
        "deck": {"title": "Budget", "language": "en-US", "slides": slides}});
    let input = write_bytes(&d, "deck.json", &serde_json::to_vec(&deck).unwrap());
    let (out, qc) = (d.join("out.pptx"), d.join("qc.json"));
    // Each slide spends about 1.1 M units (275,000 of measuring, 855,000 for what its 1,221
    // laid cells hold and write): a budget of 1.5 M is passed in slide 1's table, one of 1
    // by the first text prepared.
    for (budget, path) in [
        ("1500000", "/deck/slides/1/elements/1"),
        ("1", "/deck/slides/0/elements/0"),
    ] {
        let mut seen = Vec::new();
        for threads in ["1", "3"] {
            let args = [
                "render",
                &input,
                "-o",
                s(&out),
                "--qc",
                s(&qc),
                "--threads",
                threads,
                "--work-budget",
                budget,
            ];
            let r = run(&args, None);
            assert_eq!(r.code, 2, "{args:?}: {r:?}");
            let v: Value = serde_json::from_slice(&r.stdout).unwrap();
            assert_eq!(v["valid"], false, "{v}");
            assert_eq!(v["errors"][0]["code"], "work_budget", "{v}");
            assert_eq!(v["errors"][0]["path"], path, "{v}");
            assert_eq!(names(&d), ["deck.json"], "{args:?}");
            seen.push(r.stdout);
        }
        assert_eq!(seen[0], seen[1], "the same answer on 1 and 3 threads");
    }
    // Within the default budget: rendered.
    let r = run(&["render", &input, "-o", s(&out)], None);
    assert!(r.code <= 1, "{r:?}");
    assert!(out.exists());

    let doc = json!({"spec_version": "docspec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
        "doc": {"title": "Budget", "language": "en-US", "blocks": [
            {"block_id": "p0", "type": "paragraph", "content": {"text": "Before the table."}},
            {"block_id": "t1", "type": "table", "content": {"columns": columns, "rows": rows}},
            {"block_id": "p2", "type": "paragraph", "content": {"text": "After."}}]}});
    let input = write_bytes(&d, "doc.json", &serde_json::to_vec(&doc).unwrap());
    let docx = d.join("out.docx");
    for (budget, path) in [("1000", "/doc/blocks/1"), ("1", "/doc/blocks/0")] {
        let args = ["render", &input, "-o", s(&docx), "--work-budget", budget];
        let r = run(&args, None);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        let v: Value = serde_json::from_slice(&r.stdout).unwrap();
        assert_eq!(v["errors"][0]["code"], "work_budget", "{v}");
        assert_eq!(v["errors"][0]["path"], path, "{v}");
        assert!(!docx.exists());
    }
    let r = run(&["render", &input, "-o", s(&docx)], None);
    assert!(r.code <= 1, "{r:?}");
}

/// Found: 100,000 unknown keys in one object took 23 s (a scan per finding to sort them).
#[test]
fn unknown_keys_validate_in_linear_time_and_the_list_is_capped() {
    let input = deck_with(|d| {
        let deck = d["deck"].as_object_mut().unwrap();
        for i in 0..100_000 {
            deck.insert(format!("k{i}"), json!(0));
        }
    });
    let r = run(&["validate", "-"], Some(&input));
    assert_eq!(r.code, 2, "{r:?}");
    let v = r.json();
    assert_eq!(v["error_count"], 100_000);
    assert_eq!(v["max_listed"], 100);
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 100);
    // The first ones in document order.
    assert_eq!(errors[0]["path"], "/deck/k0");
    assert_eq!(errors[99]["path"], "/deck/k99");
    assert!(r.stdout.len() < 100_000, "{} bytes", r.stdout.len());
    assert!(r.wall < Duration::from_secs(20), "{:?}", r.wall);
}

/// Found: millions of schema errors took ~50 s and 3 GB (each collected and printed).
#[test]
fn a_flood_of_errors_is_counted_not_kept() {
    // 40 bullet lists of 4,999 booleans (each a type error, each list a max_items error).
    let input = deck_with(|d| {
        let items = json!(vec![true; 4_999]);
        let slide = d["deck"]["slides"][2].clone();
        let mut slides = Vec::new();
        for s in 0..10 {
            let mut sl = slide.clone();
            sl["slide_id"] = json!(format!("s{s}"));
            let els: Vec<Value> = (0..4)
                .map(|e| {
                    json!({"element_id": format!("b{e}"), "kind": "bullets",
                       "content": {"items": items.clone()}})
                })
                .collect();
            sl["elements"] = json!(els);
            slides.push(sl);
        }
        d["deck"]["slides"] = json!(slides);
    });
    let r = run_with(&["validate", "-"], Some(&input), None, true);
    assert_eq!(r.code, 2, "{r:?}");
    let v = r.json();
    assert_eq!(v["error_count"], 40 * 4_999 + 40, "{}", v["errors"][0]);
    assert_eq!(v["errors"].as_array().unwrap().len(), 100);
    assert_eq!(v["errors"][0]["code"], "max_items");
    assert_eq!(
        v["errors"][0]["path"],
        "/deck/slides/0/elements/0/content/items"
    );
    if let Some(kib) = r.peak_kib {
        assert!(kib < 256 * 1024, "peak {kib} KiB");
    }
}

/// docs/guide/limits.md, "Inputs": a deck holds at most 200 input slides (the schema's
/// `maxItems`), and one input slide makes at most 10 continuation slides
/// (`MAX_CONTINUATIONS`): what still does not fit stays on the last one, which QC names as
/// needing a human.
#[test]
fn slides_in_and_continuation_slides_out_are_bounded() {
    let input = deck_with(|d| {
        let slide = d["deck"]["slides"][2].clone();
        let slides: Vec<Value> = (0..201)
            .map(|i| {
                let mut s = slide.clone();
                s["slide_id"] = json!(format!("s{i}"));
                s
            })
            .collect();
        d["deck"]["slides"] = json!(slides);
    });
    let r = run(&["validate", "-"], Some(&input));
    assert_eq!(r.code, 2, "{r:?}");
    let e = &r.json()["errors"][0];
    assert_eq!(
        (e["path"].as_str(), e["code"].as_str()),
        (Some("/deck/slides"), Some("max_items")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("201 items"), "{e}");

    // 49 texts of 1,979 characters on one slide: more than 11 slides hold at the floor size.
    let text = "A sentence of several words to fill the box. ".repeat(44);
    let text = text.trim();
    let input = deck_with(|d| {
        let mut els = vec![json!({"element_id": "t", "kind": "text", "role": "title",
                                  "content": {"text": "Long"}})];
        els.extend((0..49).map(
            |i| json!({"element_id": format!("e{i}"), "kind": "text", "content": {"text": text}}),
        ));
        d["deck"]["slides"] = json!([{"slide_id": "s1", "type": "content",
            "layout": {"layout_id": "one_column"}, "elements": els}]);
    });
    let r = run(&["qc", "-"], Some(&input));
    assert_eq!(r.code, 1, "{r:?}");
    let qc = r.json();
    assert_eq!(qc["summary"]["slides_in"], 1, "{}", qc["summary"]);
    assert_eq!(qc["summary"]["slides_out"], 11, "{}", qc["summary"]);
    assert_eq!(
        qc["needs_human_edit"],
        json!(["s1-cont-11"]),
        "{}",
        qc["summary"]
    );
    assert!(
        qc["issues"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["type"] == "overflow"),
        "{}",
        qc["summary"]
    );
}

/// Found: a 32 MiB array of numbers peaked at 2.3 GiB. An array longer than any the schema
/// allows keeps 5,000 items; the error carries the real count.
#[test]
fn a_huge_array_is_refused_with_its_real_length_without_being_held() {
    let n = 3_000_000;
    let mut input = deck_with(|d| {
        d["deck"]["slides"][2]["elements"][1]["content"]["items"] = json!("HOLE");
    });
    let hole = b"\"HOLE\"";
    let at = input.windows(hole.len()).position(|w| w == hole).unwrap();
    let mut arr = Vec::with_capacity(2 * n + 2);
    arr.push(b'[');
    for i in 0..n {
        if i > 0 {
            arr.push(b',');
        }
        arr.push(b'1');
    }
    arr.push(b']');
    input.splice(at..at + hole.len(), arr);
    let r = run_with(&["validate", "-"], Some(&input), None, true);
    assert_eq!(r.code, 2, "{r:?}");
    let v = r.json();
    let e = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["code"] == "max_items")
        .unwrap_or_else(|| panic!("{v:#}"));
    assert_eq!(e["path"], "/deck/slides/2/elements/1/content/items");
    assert!(
        e["message"].as_str().unwrap().contains("3000000 items"),
        "{e}"
    );
    if let Some(kib) = r.peak_kib {
        // 6 MB of input; the whole array as a tree would be ~250 MB.
        assert!(kib < 96 * 1024, "peak {kib} KiB");
    }
}

#[test]
fn nesting_is_bounded_and_located() {
    let mut s = String::from(r#"{"spec_version": "slidespec_v1", "extensions": {"x": "#);
    s.push_str(&"[".repeat(100));
    s.push_str(&"]".repeat(100));
    s.push_str("}}");
    let r = run(&["validate", "-"], Some(s.as_bytes()));
    assert_eq!(r.code, 2, "{r:?}");
    let e = &r.json()["errors"][0];
    assert_eq!(e["code"], "too_deep", "{e}");
    assert!(
        e["path"]
            .as_str()
            .unwrap()
            .starts_with("/extensions/x/0/0/"),
        "{e}"
    );
    assert_eq!(e["line"], 1);
    // The same through qc: exit 2, the JSON errors on stdout.
    let r = run(&["qc", "-"], Some(s.as_bytes()));
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.json()["errors"][0]["code"], "too_deep");
}

#[test]
fn the_value_budget_follows_the_byte_limit() {
    // 1 MiB limit -> 65,536 values at least; 100,000 small values are refused.
    let input = deck_with(|d| {
        let many: serde_json::Map<String, Value> = (0..40_000)
            .map(|i| (format!("k{i}"), json!([0, 0])))
            .collect();
        d["extensions"] = json!({ "many": many });
    });
    let r = run(
        &["validate", "-", "--max-bytes", &MIB.to_string()],
        Some(&input),
    );
    assert_eq!(r.code, 2, "{r:?}");
    let e = &r.json()["errors"][0];
    assert_eq!(e["code"], "too_many_values", "{e}");
    assert!(
        e["path"].as_str().unwrap().starts_with("/extensions/many/"),
        "{e}"
    );
    // Under the default limit the same input is valid (free-form `extensions`).
    let r = run(&["validate", "-"], Some(&input));
    assert_eq!(r.code, 0, "{r:?}");
}

#[test]
fn a_long_array_in_a_free_form_place_is_a_warning() {
    let input = deck_with(|d| {
        d["extensions"] = json!({"log": vec![1; 6_000]});
    });
    let r = run(&["validate", "-"], Some(&input));
    assert_eq!(r.code, 0, "{r:?}");
    let w = &r.json()["warnings"][0];
    assert_eq!(
        (w["code"].as_str(), w["path"].as_str()),
        (Some("long_array"), Some("/extensions/log"))
    );
}

/// Found: for stdin, `too_large` reported the limit + 1 as the input's size.
#[test]
fn stdin_too_large_reports_the_real_size() {
    let input = vec![b' '; 3000];
    let r = run(&["validate", "-", "--max-bytes", "1000"], Some(&input));
    assert_eq!(r.code, 2, "{r:?}");
    let e = &r.json()["errors"][0];
    assert_eq!(e["code"], "too_large");
    let m = e["message"].as_str().unwrap();
    assert!(m.contains("3000 bytes") && m.contains("1000 bytes"), "{m}");
}

// ---------------------------------------------------------------------------------------------
// --extract-json

/// Found: a stray `{` in the prose before the real object made extraction give up.
#[test]
fn extract_json_tries_the_next_candidate_after_a_stray_brace() {
    let deck = serde_json::to_string(&small_deck()).unwrap();
    let reply =
        format!("Use {{ and }} carefully. Also {{broken: {{ here.\nThe deck: {deck}\nDone.");
    let r = run(&["validate", "-", "--extract-json"], Some(reply.as_bytes()));
    assert_eq!(r.code, 0, "{r:?}");
    // A fenced block that is not JSON, then a good bare object.
    let reply = format!("```json\n{{ not json }}\n```\nOr rather: {deck}");
    let r = run(&["validate", "-", "--extract-json"], Some(reply.as_bytes()));
    assert_eq!(r.code, 0, "{r:?}");
}

#[test]
fn extract_json_says_what_it_tried() {
    let reply = "```json\n{ not json }\n```\nand {also: not} and { never closed";
    let r = run(&["validate", "-", "--extract-json"], Some(reply.as_bytes()));
    assert_eq!(r.code, 2, "{r:?}");
    let e = &r.json()["errors"][0];
    let m = e["message"].as_str().unwrap();
    assert!(m.contains("tried 3 candidates"), "{e}");
    assert!(m.contains("line 2") && m.contains("line 4"), "{e}");
}

/// Found: a reply made of newlines kept a record per line (32 MiB -> 800 MB).
#[test]
fn extract_json_is_linear_in_time_and_memory() {
    let mut reply = vec![b'\n'; 8 * MIB];
    reply.extend_from_slice(b"{\"a\": ");
    reply.extend(std::iter::repeat_n(b'{', 200_000));
    let r = run_with(
        &["validate", "-", "--extract-json"],
        Some(&reply),
        None,
        true,
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.wall < Duration::from_secs(20), "{:?}", r.wall);
    if let Some(kib) = r.peak_kib {
        assert!(kib < 96 * 1024, "peak {kib} KiB");
    }
}

// ---------------------------------------------------------------------------------------------
// Safe outputs

fn setup(name: &str) -> (std::path::PathBuf, String, Vec<u8>) {
    let d = workdir("robust", name);
    let bytes = serde_json::to_vec_pretty(&small_deck()).unwrap();
    let input = write_bytes(&d, "deck.json", &bytes);
    (d, input, bytes)
}

/// Found: `--qc` or `--layout` naming the input overwrote the input.
#[test]
fn an_output_naming_the_input_is_refused_and_nothing_is_written() {
    let (d, input, bytes) = setup("names-input");
    let out = d.join("out.pptx");
    for args in [
        vec!["render", &input, "-o", s(&out), "--qc", &input],
        vec!["render", &input, "-o", s(&out), "--layout", &input],
        vec!["qc", &input, "--layout", &input],
        vec!["render", &input, "-o", &input],
    ] {
        let r = run(&args, None);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        assert!(r.stderr.contains("input"), "{r:?}");
        assert_eq!(std::fs::read(&input).unwrap(), bytes);
        assert_eq!(names(&d), ["deck.json"], "{args:?}");
    }
    // Through another spelling of the same file and through a link.
    let other = format!("{}/./deck.json", d.display());
    let r = run(&["render", &input, "-o", s(&out), "--qc", &other], None);
    assert_eq!(r.code, 2, "{r:?}");
    std::os::unix::fs::symlink(&input, d.join("link.json")).unwrap();
    let r = run(
        &[
            "render",
            &input,
            "-o",
            s(&out),
            "--qc",
            s(&d.join("link.json")),
        ],
        None,
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(std::fs::read(&input).unwrap(), bytes);
}

/// Found: `-o` and `--qc` naming the same path left a file holding the QC JSON.
#[test]
fn two_outputs_naming_one_file_are_refused() {
    let (d, input, _) = setup("same-output");
    let out = d.join("out.pptx");
    let r = run(&["render", &input, "-o", s(&out), "--qc", s(&out)], None);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(names(&d), ["deck.json"]);
    // The PPTX to stdout while the QC report goes there too.
    let r = run(&["render", &input, "-o", "/dev/stdout"], None);
    assert_eq!(r.code, 2, "{r:?}");
}

/// Found: a failure after the PPTX was renamed (QC path a folder) exited 3 but left the PPTX.
#[test]
fn a_failed_run_leaves_no_new_or_changed_file() {
    let (d, input, _) = setup("failed-run");
    std::fs::create_dir(d.join("qc.json")).unwrap();
    let out = d.join("out.pptx");
    let r = run(
        &[
            "render",
            &input,
            "-o",
            s(&out),
            "--qc",
            s(&d.join("qc.json")),
        ],
        None,
    );
    assert_eq!(r.code, 3, "{r:?}");
    assert_eq!(names(&d), ["deck.json", "qc.json"]);
    // An existing output stays as it was.
    std::fs::write(&out, b"old").unwrap();
    let r = run(
        &[
            "render",
            &input,
            "-o",
            s(&out),
            "--layout",
            s(&d.join("nowhere/l.json")),
        ],
        None,
    );
    assert_eq!(r.code, 3, "{r:?}");
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(names(&d), ["deck.json", "out.pptx", "qc.json"]);
}

/// Found: a full stdout exited 3 but left the new PPTX.
#[test]
fn a_full_stdout_fails_the_run_and_writes_nothing() {
    let (d, input, _) = setup("stdout-full");
    let out = d.join("out.pptx");
    let full = std::fs::File::create("/dev/full");
    let Ok(full) = full else { return };
    let r = std::process::Command::new(bin())
        .args(["render", &input, "-o", s(&out)])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(
        r.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(names(&d), ["deck.json"]);
}

/// Found: `validate` exited 0 when its report could not be written to stdout.
#[test]
fn validate_fails_when_its_report_cannot_be_written() {
    let (_d, input, _) = setup("validate-full");
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return;
    };
    for cmd in ["validate", "qc"] {
        let r = std::process::Command::new(bin())
            .args([cmd, &input])
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(
            r.status.code(),
            Some(3),
            "{cmd}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
}

/// Found: an existing FIFO, device or symlink target was replaced by a regular file.
#[test]
fn special_targets_are_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let (d, input, _) = setup("special");
    let out = d.join("out.pptx");
    // A link to /dev/null: the link stays a link, the device a device.
    let null_link = d.join("null.json");
    std::os::unix::fs::symlink("/dev/null", &null_link).unwrap();
    let r = run(
        &["render", &input, "-o", s(&out), "--qc", s(&null_link)],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    assert!(std::fs::symlink_metadata(&null_link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    // --qc /dev/stdout: the report arrives on stdout (a pipe here).
    let r = run(
        &["render", &input, "-o", s(&out), "--qc", "/dev/stdout"],
        None,
    );
    assert!(r.code <= 1, "{r:?}");
    assert_eq!(r.json()["pass"], true);
    // A FIFO is written in place.
    let fifo = d.join("qc.fifo");
    let ok = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if ok {
        let f2 = fifo.clone();
        let reader = std::thread::spawn(move || std::fs::read(&f2).unwrap());
        let r = run(&["render", &input, "-o", s(&out), "--qc", s(&fifo)], None);
        assert!(r.code <= 1, "{r:?}");
        let got: Value = serde_json::from_slice(&reader.join().unwrap()).unwrap();
        assert_eq!(got["pass"], true);
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
    }
    // A link to a regular file: the file is replaced, the link stays.
    let real = d.join("real.json");
    std::fs::write(&real, b"old").unwrap();
    let link = d.join("qc-link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let r = run(&["render", &input, "-o", s(&out), "--qc", s(&link)], None);
    assert!(r.code <= 1, "{r:?}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let got: Value = serde_json::from_slice(&std::fs::read(&real).unwrap()).unwrap();
    assert_eq!(got["pass"], true);
}

/// Issue 25.5: `render doc.json -o out.pptx` wrote a DOCX named .pptx. The extension must say
/// the format (.pptx for a SlideSpec, .docx for a DocSpec, any case): a usage error (exit 2)
/// before any work, nothing written.
#[test]
fn an_output_extension_that_does_not_match_the_format_is_refused() {
    let (d, input, _) = setup("extension");
    let doc = json!({"spec_version": "docspec_v1",
        "doc": {"title": "T", "blocks": [
            {"block_id": "p", "type": "paragraph", "content": {"text": "Hello."}}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}});
    let doc_in = write_bytes(&d, "doc.json", &serde_json::to_vec(&doc).unwrap());
    for (inp, out) in [
        (&doc_in, "out.pptx"),
        (&input, "out.docx"),
        (&input, "out.json"),
        (&input, "out"),
    ] {
        let r = run(
            &[
                "render",
                inp,
                "-o",
                s(&d.join(out)),
                "--qc",
                s(&d.join("qc.json")),
            ],
            None,
        );
        assert_eq!(r.code, 2, "{inp} -o {out}: {r:?}");
        assert!(r.stderr.contains("must end in ."), "{r:?}");
        assert_eq!(names(&d), ["deck.json", "doc.json"], "{out}");
    }
    for (inp, out) in [(&doc_in, "out.DOCX"), (&input, "out.pptx")] {
        let r = run(
            &[
                "render",
                inp,
                "-o",
                s(&d.join(out)),
                "--qc",
                s(&d.join("qc.json")),
            ],
            None,
        );
        assert!(r.code <= 1, "{inp} -o {out}: {r:?}");
        std::fs::remove_file(d.join(out)).unwrap();
    }
}

/// Issue 25.5: with stdout closed, `render` without `--qc` exited 0 and the QC report was lost.
/// Now it is an environment error (exit 3) and nothing is written; `validate` and `qc` too.
#[test]
fn a_closed_stdout_fails_the_run_and_writes_nothing() {
    let (d, input, _) = setup("stdout-closed");
    let out = d.join("out.pptx");
    let closed = |args: &[&str]| {
        let r = std::process::Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(bin())
            .args(args)
            .output()
            .unwrap();
        (
            r.status.code(),
            String::from_utf8_lossy(&r.stderr).into_owned(),
        )
    };
    let (code, err) = closed(&["render", &input, "-o", s(&out)]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("stdout is closed"), "{err}");
    assert_eq!(names(&d), ["deck.json"]);
    for cmd in ["validate", "qc"] {
        let (code, err) = closed(&[cmd, &input]);
        assert_eq!(code, Some(3), "{cmd}: {err}");
    }
    // `>/dev/null` is the caller's choice, not a closed stdout.
    let r = std::process::Command::new(bin())
        .args(["render", &input, "-o", s(&out)])
        .stdout(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(names(&d), ["deck.json", "out.pptx"]);
}
