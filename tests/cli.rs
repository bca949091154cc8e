//! The `specrender` binary end to end: exit codes, JSON on stdout, human errors on stderr,
//! atomic writes, stdin input, `serve`. Inputs are small inline SlideSpec / DocSpec JSON.

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

fn specrender(args: &[&str], stdin: Option<&[u8]>, cwd: Option<&Path>) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_specrender"));
    cmd.args(args)
        .env_remove("SPECRENDER_FONTS")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = cwd {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("run specrender");
    // Feed stdin from a thread (no deadlock against a full stdout pipe); the binary may exit
    // without reading it all (e.g. a usage error), so a broken pipe is fine.
    let feeder = stdin.map(|bytes| {
        let mut si = child.stdin.take().unwrap();
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = si.write_all(&bytes);
        })
    });
    let out = child.wait_with_output().unwrap();
    if let Some(f) = feeder {
        f.join().unwrap();
    }
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A fresh, empty folder for one test.
fn workdir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn write(dir: &Path, name: &str, v: &Value) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_vec_pretty(v).unwrap()).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn theme() -> Value {
    json!({"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "test"}})
}

/// Two short slides that fit.
fn deck() -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {
            "title": "Demo",
            "language": "en",
            "slides": [
                {"slide_id": "s1", "type": "title", "layout": {"layout_id": "title_center"},
                 "elements": [{"element_id": "e1", "kind": "text", "role": "title",
                               "content": {"text": "Quarterly review"}}]},
                {"slide_id": "s2", "type": "content", "layout": {"layout_id": "one_column"},
                 "elements": [
                    {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Highlights"}},
                    {"element_id": "b", "kind": "bullets", "role": "body",
                     "content": {"items": ["Revenue up 12%", "Two new markets"]}}]}
            ]
        },
        "theme": theme()
    })
}

/// A custom slide with two boxes placed on top of each other: QC must report `overlap`.
fn overlapping_deck() -> Value {
    json!({
        "spec_version": "slidespec_v1",
        "deck": {
            "title": "Overlap",
            "language": "en",
            "slides": [
                {"slide_id": "s1", "type": "custom", "layout": {"layout_id": "blank"},
                 "elements": [
                    {"element_id": "a", "kind": "text", "content": {"text": "First box"},
                     "style": {"box": {"x": 1, "y": 1, "w": 4, "h": 2}}},
                    {"element_id": "b", "kind": "text", "content": {"text": "Second box"},
                     "style": {"box": {"x": 2, "y": 1.5, "w": 4, "h": 2}}}]}
            ]
        },
        "theme": theme()
    })
}

/// Invalid: the first element of the first slide has no content, and the title is empty.
fn invalid_deck() -> Value {
    let mut d = deck();
    d["deck"]["title"] = json!("");
    d["deck"]["slides"][0]["elements"][0]
        .as_object_mut()
        .unwrap()
        .remove("content");
    d
}

fn docspec() -> Value {
    json!({
        "spec_version": "docspec_v1",
        "doc": {
            "title": "Report",
            "language": "en",
            "blocks": [
                {"block_id": "h1", "type": "heading", "content": {"level": 1, "text": "Intro"}},
                {"block_id": "p1", "type": "paragraph", "content": {"text": "Hello."}}
            ]
        },
        "theme": theme()
    })
}

// ---------------------------------------------------------------------------------------------
// validate

#[test]
fn validate_valid_input_exits_0() {
    let d = workdir("validate_valid");
    let input = write(&d, "deck.json", &deck());
    let r = specrender(&["validate", s(&input)], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["valid"], json!(true), "{r:?}");
    assert_eq!(v["errors"], json!([]));
    assert!(v["warnings"].is_array());
}

#[test]
fn validate_invalid_input_exits_2_with_json_pointers() {
    let d = workdir("validate_invalid");
    let input = write(&d, "deck.json", &invalid_deck());
    let r = specrender(&["validate", s(&input)], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    let v = r.json();
    assert_eq!(v["valid"], json!(false));
    let errors = v["errors"].as_array().unwrap();
    assert!(errors.len() >= 2, "every error at once: {r:?}");
    let paths: Vec<&str> = errors.iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert!(paths.contains(&"/deck/title"), "{paths:?}");
    assert!(
        paths
            .iter()
            .any(|p| p.starts_with("/deck/slides/0/elements/0")),
        "{paths:?}"
    );
    for e in errors {
        assert!(e["code"].is_string() && e["message"].is_string(), "{e}");
    }
    assert!(r.stderr.contains("error: input invalid"), "{r:?}");
    assert!(r.stderr.contains("/deck/slides/0/elements/0"), "{r:?}");
    assert!(r.stderr.contains("/deck/title"), "{r:?}");
}

#[test]
fn validate_malformed_json_reports_line_and_column() {
    let text = "{\n  \"spec_version\": \"slidespec_v1\",\n  \"deck\": oops\n}\n";
    let r = specrender(&["validate", "-"], Some(text.as_bytes()), None);
    assert_eq!(r.code, 2, "{r:?}");
    let v = r.json();
    assert_eq!(v["valid"], json!(false));
    let e = &v["errors"][0];
    assert_eq!(e["code"], json!("malformed_json"), "{r:?}");
    assert_eq!(e["path"], json!(""));
    assert_eq!(e["line"], json!(3), "{r:?}");
    assert!(e["column"].as_u64().unwrap() >= 11, "{r:?}");
    assert!(e["message"].as_str().unwrap().contains("line 3"), "{r:?}");
    assert!(r.stderr.contains("line 3"), "{r:?}");
}

#[test]
fn validate_reads_stdin_dash() {
    let bytes = serde_json::to_vec(&deck()).unwrap();
    let r = specrender(&["validate", "-"], Some(&bytes), None);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.json()["valid"], json!(true));
    let bytes = serde_json::to_vec(&invalid_deck()).unwrap();
    let r = specrender(&["validate", "-"], Some(&bytes), None);
    assert_eq!(r.code, 2, "{r:?}");
}

#[test]
fn validate_refuses_too_large_input() {
    let bytes = serde_json::to_vec(&deck()).unwrap();
    let r = specrender(&["validate", "-", "--max-bytes", "100"], Some(&bytes), None);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.json()["errors"][0]["code"], json!("too_large"));
    let d = workdir("validate_too_large");
    let input = write(&d, "deck.json", &deck());
    let r = specrender(&["validate", s(&input), "--max-bytes", "100"], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.json()["errors"][0]["code"], json!("too_large"));
}

#[test]
fn validate_extracts_json_from_an_llm_reply() {
    let reply = format!(
        "Sure! Here is the deck:\n\n```json\n{}\n```\nLet me know if you want changes.",
        serde_json::to_string_pretty(&deck()).unwrap()
    );
    let r = specrender(
        &["validate", "-", "--extract-json"],
        Some(reply.as_bytes()),
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let r = specrender(&["validate", "-"], Some(reply.as_bytes()), None);
    assert_eq!(
        r.code, 2,
        "without --extract-json the reply is malformed JSON: {r:?}"
    );
    assert_eq!(r.json()["errors"][0]["code"], json!("malformed_json"));
}

#[test]
fn validate_supports_docspec() {
    let bytes = serde_json::to_vec(&docspec()).unwrap();
    let r = specrender(&["validate", "-"], Some(&bytes), None);
    assert_eq!(r.code, 0, "{r:?}");
    let mut bad = docspec();
    bad["doc"]["blocks"][0]["content"]["level"] = json!(9);
    let r = specrender(
        &["validate", "-"],
        Some(&serde_json::to_vec(&bad).unwrap()),
        None,
    );
    assert_eq!(r.code, 2, "{r:?}");
    let paths: Vec<String> = r.json()["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap().to_string())
        .collect();
    assert!(
        paths.iter().any(|p| p.starts_with("/doc/blocks/0")),
        "{paths:?}"
    );
}

#[test]
fn missing_input_file_is_an_environment_error() {
    let d = workdir("missing_input");
    let r = specrender(&["validate", s(&d.join("nope.json"))], None, None);
    assert_eq!(r.code, 3, "{r:?}");
    assert!(r.stderr.contains("nope.json"), "{r:?}");
    let r = specrender(&["qc", s(&d.join("nope.json"))], None, None);
    assert_eq!(r.code, 3, "{r:?}");
}

#[test]
fn usage_errors_exit_2() {
    let r = specrender(&["render", "x.json", "--autofit", "sometimes"], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    let r = specrender(&["frobnicate"], None, None);
    assert_eq!(r.code, 2, "{r:?}");
}

// ---------------------------------------------------------------------------------------------
// render

#[test]
fn render_invalid_input_writes_nothing() {
    let d = workdir("render_invalid");
    let input = write(&d, "deck.json", &invalid_deck());
    let out = d.join("out.pptx");
    let qc = d.join("qc.json");
    let r = specrender(
        &["render", s(&input), "-o", s(&out), "--qc", s(&qc)],
        None,
        None,
    );
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(names(&d), ["deck.json"], "nothing written, no temp files");
    assert!(
        r.stderr.contains("/deck/slides/0/elements/0"),
        "a JSON Pointer on stderr: {r:?}"
    );
    assert!(r.stderr.contains("error: input invalid"), "{r:?}");
}

#[test]
fn render_writes_pptx_and_qc_atomically() {
    let d = workdir("render_ok");
    let input = write(&d, "deck.json", &deck());
    let out = d.join("out.pptx");
    let qc = d.join("qc.json");
    let r = specrender(
        &[
            "render",
            s(&input),
            "-o",
            s(&out),
            "--qc",
            s(&qc),
            "--autofit",
            "none",
        ],
        None,
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        names(&d),
        ["deck.json", "out.pptx", "qc.json"],
        "no temp files left"
    );
    let pptx = std::fs::read(&out).unwrap();
    assert_eq!(&pptx[..2], b"PK", "a zip package");
    let report: Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    assert_eq!(report["pass"], json!(true), "{report:#}");
    assert_eq!(report["summary"]["slides_in"], json!(2));
    assert!(report["issues"].is_array() && report["fixes"].is_array());
    assert!(
        r.stdout.trim().is_empty(),
        "QC went to the file, not stdout: {r:?}"
    );
}

#[test]
fn render_defaults_output_name_and_prints_qc() {
    let d = workdir("render_default_name");
    let input = write(&d, "talk.json", &deck());
    let r = specrender(&["render", s(&input)], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(names(&d), ["talk.json", "talk.pptx"]);
    let v = r.json();
    assert_eq!(v["pass"], json!(true));
    assert!(v["summary"]["issues"].is_object());
}

#[test]
fn render_from_stdin_needs_o() {
    let d = workdir("render_stdin");
    let bytes = serde_json::to_vec(&deck()).unwrap();
    let r = specrender(&["render", "-"], Some(&bytes), Some(&d));
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("-o"), "{r:?}");
    assert!(names(&d).is_empty());
    let r = specrender(
        &["render", "-", "-o", "from-stdin.pptx"],
        Some(&bytes),
        Some(&d),
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(names(&d), ["from-stdin.pptx"]);
}

#[test]
fn render_reports_overlap_with_exit_1() {
    let d = workdir("render_overlap");
    let input = write(&d, "deck.json", &overlapping_deck());
    let out = d.join("deck.pptx");
    let r = specrender(&["render", s(&input), "-o", s(&out)], None, None);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(out.exists(), "written even though QC failed");
    let v = r.json();
    assert_eq!(v["pass"], json!(false));
    let overlap = v["issues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["type"] == "overlap")
        .unwrap_or_else(|| panic!("no overlap issue: {v:#}"));
    assert_eq!(overlap["slide_id"], json!("s1"));
    assert_eq!(overlap["source_slide_id"], json!("s1"));
    assert_eq!(overlap["severity"], json!("medium"));
    assert_eq!(overlap["details"]["a"], json!("a"));
    assert_eq!(overlap["details"]["b"], json!("b"));
    assert!(overlap["message"].as_str().unwrap().contains("overlap"));
    assert_eq!(v["summary"]["issues"]["overlap"], json!(1));
}

#[test]
fn render_to_an_unwritable_place_is_an_environment_error() {
    let d = workdir("render_unwritable");
    let input = write(&d, "deck.json", &deck());
    let out = d.join("no-such-folder").join("out.pptx");
    let r = specrender(&["render", s(&input), "-o", s(&out)], None, None);
    assert_eq!(r.code, 3, "{r:?}");
    assert!(r.stderr.contains("out.pptx"), "{r:?}");
    assert_eq!(names(&d), ["deck.json"]);
}

#[test]
fn unreadable_font_folder_is_an_environment_error() {
    let d = workdir("bad_fonts");
    let input = write(&d, "deck.json", &deck());
    let r = specrender(
        &["qc", s(&input), "--fonts", s(&d.join("no-fonts-here"))],
        None,
        None,
    );
    assert_eq!(r.code, 3, "{r:?}");
    assert!(r.stderr.contains("no-fonts-here"), "{r:?}");
}

#[test]
fn render_is_deterministic() {
    let d = workdir("render_determinism");
    let input = write(&d, "deck.json", &deck());
    let a = d.join("a.pptx");
    let b = d.join("b.pptx");
    assert_eq!(
        specrender(&["render", s(&input), "-o", s(&a)], None, None).code,
        0
    );
    assert_eq!(
        specrender(&["render", s(&input), "-o", s(&b)], None, None).code,
        0
    );
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn render_docspec_writes_a_docx_named_after_the_input() {
    let d = workdir("render_docspec");
    let input = write(&d, "doc.json", &docspec());
    let r = specrender(&["render", s(&input)], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.json()["summary"]["blocks_in"], json!(2));
    assert_eq!(names(&d), ["doc.docx", "doc.json"]);
    assert_eq!(&std::fs::read(d.join("doc.docx")).unwrap()[..2], b"PK");
}

// ---------------------------------------------------------------------------------------------
// qc

#[test]
fn qc_prints_report_and_writes_layout() {
    let d = workdir("qc_layout");
    let input = write(&d, "deck.json", &deck());
    let layout = d.join("layout.json");
    let r = specrender(&["qc", s(&input), "--layout", s(&layout)], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    for k in ["pass", "needs_human_edit", "summary", "issues", "fixes"] {
        assert!(v.get(k).is_some(), "{k} missing: {v:#}");
    }
    assert_eq!(names(&d), ["deck.json", "layout.json"], "qc writes no PPTX");
    let l: Value = serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
    let slides = l["slides"].as_array().unwrap();
    assert_eq!(slides[0]["id"], json!("s1"));
    assert_eq!(slides[1]["source_id"], json!("s2"));
    let b = &slides[1]["boxes"].as_array().unwrap()[1];
    assert_eq!(b["element_id"], json!("b"));
    assert_eq!(b["rect_emu"].as_array().unwrap().len(), 4);
    assert_eq!(
        b["paragraph_lines"].as_array().unwrap().len(),
        2,
        "one per bullet item"
    );
}

#[test]
fn qc_invalid_input_prints_errors_json() {
    let bytes = serde_json::to_vec(&invalid_deck()).unwrap();
    let r = specrender(&["qc", "-"], Some(&bytes), None);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.json()["valid"], json!(false));
    assert!(r.stderr.contains("/deck/title"), "{r:?}");
}

#[test]
fn progress_events_on_stderr() {
    let bytes = serde_json::to_vec(&deck()).unwrap();
    let r = specrender(&["qc", "-", "--progress"], Some(&bytes), None);
    assert_eq!(r.code, 0, "{r:?}");
    let events: Vec<Value> = r
        .stderr
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["event"] == "progress")
        .collect();
    let stages: Vec<&str> = events
        .iter()
        .map(|e| e["stage"].as_str().unwrap())
        .collect();
    for st in ["parse", "layout", "qc"] {
        assert!(stages.contains(&st), "{st} missing: {r:?}");
    }
    let last_layout = events.iter().rfind(|e| e["stage"] == "layout").unwrap();
    assert_eq!(last_layout["done"], last_layout["total"]);
    r.json(); // stdout is still only the report
}

// ---------------------------------------------------------------------------------------------
// fonts, serve

#[test]
fn fonts_lists_faces_and_resolutions() {
    let r = specrender(
        &["fonts", "--family", "Arial", "--family", "Aptos"],
        None,
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    let faces = v["faces"].as_array().unwrap();
    assert!(faces.iter().any(|f| f["family"] == "Carlito"), "{v:#}");
    let resolve = v["resolve"].as_array().unwrap();
    let calibri = resolve.iter().find(|x| x["family"] == "Calibri").unwrap();
    assert_eq!(calibri["how"], json!("alias"), "{calibri}");
    assert_eq!(calibri["face"]["family"], json!("Carlito"));
    let kr = resolve
        .iter()
        .find(|x| x["family"] == "Noto Sans CJK KR")
        .unwrap();
    assert!(kr["face"]["path"].is_string());
    let arial = resolve.iter().find(|x| x["family"] == "Arial").unwrap();
    assert_eq!(
        (&arial["how"], &arial["to"]),
        (&json!("alias"), &json!("Liberation Sans"))
    );
    let aptos = resolve.iter().find(|x| x["family"] == "Aptos").unwrap();
    assert_eq!(
        (&aptos["how"], &aptos["to"]),
        (&json!("stand_in"), &json!("Liberation Sans"))
    );
    // Every script has a shipped face: nothing is missing.
    let scripts = v["scripts"].as_array().unwrap();
    for (script, slot, family) in [
        ("thai", "cs", "Noto Sans Thai"),
        ("arabic", "cs", "Noto Sans Arabic"),
        ("hebrew", "cs", "Noto Sans Hebrew"),
        ("devanagari", "cs", "Noto Sans Devanagari"),
        ("emoji", "latin", "Noto Color Emoji"),
        ("korean", "ea", "Noto Sans CJK KR"),
    ] {
        let s = scripts.iter().find(|x| x["script"] == script).unwrap();
        assert_eq!(
            (s["slot"].as_str(), s["family"].as_str()),
            (Some(slot), Some(family)),
            "{s}"
        );
        assert_eq!(s["missing"], json!(false), "{s}");
    }
}

/// Arial is measured with its shipped metric clone (Liberation Sans: no fallback, Arial's
/// widths), Aptos (no free clone) with its documented stand-in, reported as such.
#[test]
fn office_fonts_are_measured_with_clones_and_stand_ins() {
    let d = workdir("office-fonts");
    let mut v = deck();
    v["theme"]["brand"]["tokens"] = json!({"fonts": {"heading": "Aptos", "body": "Arial"}});
    v["deck"]["slides"][1]["elements"][1]["content"]["items"] =
        json!(["The quick brown fox jumps over the lazy dog"]);
    let input = d.join("fonts.json");
    std::fs::write(&input, v.to_string()).unwrap();
    let layout = d.join("fonts.layout.json");
    let r = specrender(
        &[
            "qc",
            input.to_str().unwrap(),
            "--layout",
            layout.to_str().unwrap(),
        ],
        None,
        None,
    );
    assert_eq!(r.code, 1, "{r:?}");
    let issues = r.json()["issues"].as_array().unwrap().clone();
    let fallbacks: Vec<&Value> = issues
        .iter()
        .filter(|i| i["type"] == "font_fallback")
        .collect();
    assert_eq!(fallbacks.len(), 1, "{issues:#?}");
    assert_eq!(
        fallbacks[0]["details"],
        json!({"family": "Aptos", "measured_with": "Liberation Sans", "stand_in": true})
    );
    assert_eq!(fallbacks[0]["severity"], "medium");
    // 20 pt Arial: this pangram is 19.84 em wide (Calibri, measured with Carlito: 18.09 em).
    let l: Value = serde_json::from_str(&std::fs::read_to_string(&layout).unwrap()).unwrap();
    let body = l["slides"][1]["boxes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["element_id"] == "b")
        .unwrap();
    assert_eq!(body["paragraphs"][0]["line_widths_pt"], json!([396.84]));
}

#[test]
fn serve_answers_each_line_and_survives_bad_requests() {
    let d = workdir("serve");
    let out = d.join("served.pptx");
    let lines = [
        json!({"id": 1, "op": "validate", "spec": deck()}).to_string(),
        "{not json".to_string(),
        json!({"id": "two", "op": "qc", "spec": deck(), "layout": true}).to_string(),
        json!({"id": 3, "op": "validate", "spec": invalid_deck()}).to_string(),
        json!({"id": 4, "op": "explode", "spec": deck()}).to_string(),
        json!({"id": 5, "op": "render", "spec": deck(), "options": {"autofit": "none"},
               "output": s(&out)})
        .to_string(),
        json!({"id": 6, "op": "render", "spec": docspec(), "output": s(&d.join("doc.docx"))})
            .to_string(),
    ];
    let input = lines.join("\n") + "\n";
    let r = specrender(
        &["serve", "--output-root", s(&d)],
        Some(input.as_bytes()),
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
    let resp: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(resp.len(), lines.len(), "{r:?}");

    assert_eq!(resp[0]["id"], json!(1));
    assert_eq!(resp[0]["ok"], json!(true));
    assert_eq!(resp[0]["exit_code"], json!(0));

    assert_eq!(resp[1]["ok"], json!(false));
    assert_eq!(resp[1]["exit_code"], json!(2));

    assert_eq!(resp[2]["id"], json!("two"));
    assert_eq!(resp[2]["exit_code"], json!(0), "{:#}", resp[2]);
    assert_eq!(resp[2]["qc"]["pass"], json!(true));
    assert!(resp[2]["layout"]["slides"].is_array());

    assert_eq!(resp[3]["exit_code"], json!(2));
    assert!(resp[3]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["path"] == "/deck/title"));

    assert_eq!(resp[4]["exit_code"], json!(2));

    assert_eq!(resp[5]["id"], json!(5));
    assert_eq!(resp[5]["ok"], json!(true), "{:#}", resp[5]);
    assert_eq!(resp[5]["qc"]["pass"], json!(true));
    assert_eq!(&std::fs::read(&out).unwrap()[..2], b"PK");

    assert_eq!(resp[6]["exit_code"], json!(0), "{:#}", resp[6]);
    assert_eq!(resp[6]["ok"], json!(true));
    assert_eq!(names(&d), ["doc.docx", "served.pptx"]);
}

/// Content slides carry a slide-number box by default; `--no-slide-numbers` leaves it out.
#[test]
fn slide_numbers_on_by_default_off_by_flag() {
    let d = workdir("slide_numbers");
    let input = write(&d, "deck.json", &deck());
    let ids = |extra: &[&str]| -> Vec<Vec<String>> {
        let layout = d.join("layout.json");
        let mut args = vec!["qc", s(&input), "--layout", s(&layout)];
        args.extend_from_slice(extra);
        let r = specrender(&args, None, None);
        assert_eq!(r.code, 0, "{r:?}");
        let l: Value = serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
        l["slides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let boxes = s["boxes"].as_array().unwrap();
                boxes
                    .iter()
                    .map(|b| b["element_id"].as_str().unwrap().to_string())
                    .collect()
            })
            .collect()
    };
    // The title slide has none; the content slide has one.
    assert_eq!(ids(&[]), [vec!["e1"], vec!["t", "b", "_slide_number"]]);
    assert_eq!(ids(&["--no-slide-numbers"]), [vec!["e1"], vec!["t", "b"]]);
}

// ---------------------------------------------------------------------------------------------
// Issue 42: the CLI explains itself

/// `specrender ARGS` with stdout a pipe whose reader is gone before it starts (as `| head -1`
/// once head has left): `sh` waits for a line on stdin, which comes only after the test closed
/// its (the only) read end of the pipe, then becomes specrender.
fn with_stdout_gone(args: &[&str], cwd: &Path, stdin_rest: &[u8]) -> Run {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("read go; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_specrender"))
        .args(args)
        .env_remove("SPECRENDER_FONTS")
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"go\n").unwrap();
    let _ = stdin.write_all(stdin_rest);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::new(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `specrender themes --json | head -1` panicked on the closed pipe (exit 101). Every command
/// that prints now ends quietly with 141 when its reader is gone, and a run whose report could
/// not be delivered writes nothing.
#[test]
fn a_stdout_whose_reader_left_ends_quietly() {
    let d = workdir("stdout_gone");
    let input = write(&d, "deck.json", &deck());
    let out = d.join("out.pptx");
    let template = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/doc-templates/pandoc-reference.docx");
    let template = s(&template);
    for args in [
        vec!["template", "inspect", template],
        vec!["template", "inspect", "--text", template],
        vec!["themes"],
        vec!["themes", "--json"],
        vec!["fonts"],
        vec!["validate", s(&input)],
        vec!["qc", s(&input)],
        vec!["render", s(&input), "-o", s(&out)],
    ] {
        let r = with_stdout_gone(&args, &d, b"");
        assert_eq!(r.code, 141, "{args:?}: {r:?}");
        assert_eq!(r.stderr, "", "{args:?}");
    }
    // `serve`: the client stopped reading its answers.
    let request = json!({"id": 1, "op": "validate", "spec": deck()}).to_string() + "\n";
    let r = with_stdout_gone(&["serve"], &d, request.as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (141, ""), "serve");
    assert_eq!(names(&d), ["deck.json"], "the render wrote nothing");
}

/// `blank` was listed as a layout of every theme but refused as a `layout_id` (it fell back to
/// `one_column` with an `unknown_layout` note) unless the slide was `custom`. The schema's
/// `layout_id` is a free string; every id `themes --json` lists for the built-in look is now
/// accepted on a content slide, `blank` putting the slide on the layout without placeholders.
#[test]
fn every_listed_layout_id_is_accepted() {
    let d = workdir("layout_ids");
    let themes = specrender(&["themes", "--json"], None, None);
    assert_eq!(themes.code, 0, "{themes:?}");
    let listed: Vec<String> = themes.json()[0]["layouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect();
    assert!(listed.iter().any(|l| l == "blank"), "{listed:?}");
    for id in &listed {
        let mut spec = deck();
        spec["deck"]["slides"][1]["layout"]["layout_id"] = json!(id);
        let input = write(&d, "deck.json", &spec);
        let layout = d.join("layout.json");
        let r = specrender(&["qc", s(&input), "--layout", s(&layout)], None, None);
        assert!(r.code <= 1, "{id}: {r:?}");
        let issues = r.json()["issues"].clone();
        assert!(
            !issues
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["type"] == "unknown_layout"),
            "{id}: {issues:#}"
        );
        let l: Value = serde_json::from_slice(&std::fs::read(&layout).unwrap()).unwrap();
        assert_eq!(l["slides"][1]["layout"], json!(id));
        assert_eq!(l["slides"][1]["template_layout"], json!(id));
    }
}

/// An LLM reply given without `--extract-json` failed with "malformed JSON at line 1, column 1"
/// and no word of the flag. Now the error (stderr and the JSON errors) ends with a hint to it,
/// still exit 2 and nothing written; JSON broken inside gets no such hint.
#[test]
fn an_llm_reply_without_extract_json_gets_a_hint() {
    let d = workdir("llm_hint");
    let body = serde_json::to_string_pretty(&deck()).unwrap();
    let replies = [
        format!("Sure! Here is the deck:\n\n```json\n{body}\n```\nAnything else?"),
        format!("Here is the deck: {body}"),
        format!("{body}\n\nI kept the titles short."),
    ];
    for (i, reply) in replies.iter().enumerate() {
        let input = d.join(format!("reply{i}.txt"));
        std::fs::write(&input, reply).unwrap();
        let out = d.join("out.pptx");
        for cmd in ["validate", "qc", "render"] {
            let mut args = vec![cmd, s(&input)];
            if cmd == "render" {
                args.extend(["-o", s(&out)]);
            }
            let r = specrender(&args, None, None);
            assert_eq!(r.code, 2, "{cmd} reply {i}: {r:?}");
            let e = &r.json()["errors"][0];
            assert_eq!(e["code"], "malformed_json", "{cmd} reply {i}: {r:?}");
            for text in [e["message"].as_str().unwrap(), r.stderr.as_str()] {
                assert!(text.contains("--extract-json"), "{cmd} reply {i}: {r:?}");
            }
            assert!(!out.exists());
        }
        let r = specrender(&["validate", "--extract-json", s(&input)], None, None);
        assert_eq!(r.code, 0, "reply {i}: {r:?}");
    }
    // JSON that breaks inside (a nested object would parse) is not a reply.
    let broken = d.join("broken.json");
    std::fs::write(&broken, format!("{},,", &body[..body.len() - 1])).unwrap();
    let r = specrender(&["qc", s(&broken)], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(!r.stderr.contains("--extract-json"), "{r:?}");
}

/// An unknown `layout_id` exited 0 and said so only inside the JSON on stdout. The notes that
/// change the output (a layout id that is not a preset, a template id that names no template;
/// the template layout fallbacks likewise) are now one stderr line each as well; a run without
/// them keeps stderr empty.
#[test]
fn notes_that_change_the_output_are_on_stderr() {
    let d = workdir("notes_stderr");
    let templates = d.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let quiet = write(&d, "quiet.json", &deck());
    let r = specrender(&["qc", s(&quiet)], None, None);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");

    let mut spec = deck();
    spec["deck"]["slides"][1]["layout"]["layout_id"] = json!("fancy");
    spec["theme"]["template_ref"]["template_id"] = json!("acme");
    spec["theme"]["brand"]["tokens"] = json!({"layouts": {"title_center": "Nope"}});
    let input = write(&d, "deck.json", &spec);
    let out = d.join("deck.pptx");
    for args in [
        vec!["qc", s(&input), "--templates", s(&templates)],
        vec![
            "render",
            s(&input),
            "-o",
            s(&out),
            "--templates",
            s(&templates),
        ],
        vec![
            "preview",
            s(&input),
            "-o",
            s(&d),
            "--templates",
            s(&templates),
        ],
    ] {
        let r = specrender(&args, None, None);
        assert_eq!(r.code, 1, "{args:?}: {r:?}");
        // One line per note, with the report's message, in the report's order.
        let notes: Vec<&str> = r
            .stderr
            .lines()
            .filter(|l| l.starts_with("note: "))
            .collect();
        let issues = r.json()["issues"].as_array().unwrap().clone();
        let messages: Vec<String> = issues
            .iter()
            .map(|i| format!("note: {}", i["message"].as_str().unwrap()))
            .collect();
        assert_eq!(notes, messages, "{args:?}: {r:?}");
        let mut types: Vec<&str> = issues.iter().map(|i| i["type"].as_str().unwrap()).collect();
        types.sort();
        assert_eq!(
            types,
            [
                "template_layout_missing",
                "unknown_layout",
                "unknown_template"
            ],
            "{args:?}"
        );
    }
    // A document's unknown template too.
    let mut doc = docspec();
    doc["theme"]["template_ref"]["template_id"] = json!("acme");
    let input = write(&d, "doc.json", &doc);
    let r = specrender(&["qc", s(&input), "--templates", s(&templates)], None, None);
    let notes: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("note: "))
        .collect();
    assert_eq!(notes.len(), 1, "{r:?}");
    assert!(notes[0].contains("\"acme\""), "{r:?}");
}

/// `preview --help` offered `--citations` (and `--autofit`), which did nothing there, and
/// `qc` took `--autofit`, which changes only the PPTX's XML. Each flag is now offered only by
/// the commands it acts in; elsewhere it is a usage error (exit 2).
#[test]
fn each_flag_is_offered_only_where_it_acts() {
    let d = workdir("flags_act");
    let input = write(&d, "deck.json", &deck());
    let doc = write(&d, "doc.json", &docspec());
    let help = |cmd: &str| specrender(&[cmd, "--help"], None, None).stdout;
    for (cmd, flag, offered) in [
        ("preview", "--citations", false),
        ("preview", "--autofit", false),
        ("qc", "--autofit", false),
        ("qc", "--citations", true),
        ("render", "--autofit", true),
        ("render", "--citations", true),
    ] {
        assert_eq!(help(cmd).contains(flag), offered, "{cmd} --help, {flag}");
    }
    let r = specrender(
        &["preview", s(&input), "-o", s(&d), "--citations", "list"],
        None,
        None,
    );
    assert_eq!(r.code, 2, "{r:?}");
    let r = specrender(&["qc", s(&input), "--autofit", "none"], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    let r = specrender(&["qc", s(&doc), "--citations", "list"], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    let out = d.join("a.pptx");
    let r = specrender(
        &["render", s(&input), "-o", s(&out), "--autofit", "none"],
        None,
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");
}

/// `--theme NAME` picks a built-in look from the command line: the same bytes as the deck
/// naming it in `theme.template_ref.template_id`, whatever the deck names; not with
/// `--template`; an unknown name, or a deck look for a DocSpec, is a usage error.
#[test]
fn theme_flag_picks_a_built_in_look() {
    let d = workdir("theme_flag");
    let mut named = deck();
    named["theme"]["template_ref"]["template_id"] = json!("bold");
    let named = write(&d, "named.json", &named);
    let mut other = deck();
    other["theme"]["template_ref"]["template_id"] = json!("dark");
    let other = write(&d, "other.json", &other);
    let render = |input: &Path, out: &str, extra: &[&str]| {
        let out = d.join(out);
        let mut args = vec!["render", s(input), "-o", s(&out), "--qc", "/dev/null"];
        args.extend_from_slice(extra);
        let r = specrender(&args, None, None);
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        std::fs::read(out).unwrap()
    };
    let want = render(&named, "named.pptx", &[]);
    assert_eq!(render(&other, "flag.pptx", &["--theme", "bold"]), want);
    let dark = render(&other, "dark.pptx", &[]);
    assert_ne!(dark, want);
    // With --threads 1 (no warming) and with --templates (the id is not looked up): the same.
    assert_eq!(
        render(&other, "one.pptx", &["--theme", "bold", "--threads", "1"]),
        want
    );
    let templates = d.join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let args = ["--theme", "bold", "--templates", s(&templates)];
    assert_eq!(render(&other, "store.pptx", &args), want);
    // qc and preview take it too.
    let r = specrender(&["qc", s(&other), "--theme", "bold"], None, None);
    assert_eq!(r.code, 0, "{r:?}");
    let pngs = d.join("png");
    let r = specrender(
        &["preview", s(&other), "-o", s(&pngs), "--theme", "minimal"],
        None,
        None,
    );
    assert_eq!(r.code, 0, "{r:?}");

    let template = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/minimal.potx");
    for bad in [
        vec!["qc", s(&other), "--theme", "nope"],
        vec![
            "qc",
            s(&other),
            "--theme",
            "bold",
            "--template",
            s(&template),
        ],
    ] {
        let r = specrender(&bad, None, None);
        assert_eq!(r.code, 2, "{bad:?}: {r:?}");
    }
    let doc = write(&d, "doc.json", &docspec());
    let r = specrender(&["qc", s(&doc), "--theme", "bold"], None, None);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("--theme default"), "{r:?}");
    let r = specrender(&["qc", s(&doc), "--theme", "default"], None, None);
    assert_eq!(r.code, 0, "{r:?}");
}

/// `--help` described a PPTX-only tool with no exit codes and no example. Every command's help
/// now names both inputs (SlideSpec/DocSpec or their files), lists its exit codes and shows one
/// example, and that example runs as shown (from a folder holding the repository's `examples`
/// and `themes`) with exit 0.
#[test]
fn every_commands_help_explains_it_and_its_example_runs() {
    let d = workdir("help_examples");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["examples", "themes"] {
        std::os::unix::fs::symlink(root.join(dir), d.join(dir)).unwrap();
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_specrender"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for cmd in [
        vec![],
        vec!["validate"],
        vec!["qc"],
        vec!["render"],
        vec!["preview"],
        vec!["template", "inspect"],
        vec!["themes"],
        vec!["fonts"],
        vec!["serve"],
    ] {
        let mut args = cmd.clone();
        args.push("--help");
        let r = specrender(&args, None, None);
        assert_eq!(r.code, 0, "{cmd:?}: {r:?}");
        let help = &r.stdout;
        for want in [
            "Exit codes:\n  0 ",
            "\n  2 ",
            "\n  3 ",
            "\n  141 ",
            "Example:\n",
        ] {
            assert!(
                help.contains(want),
                "{cmd:?} --help lacks {want:?}:\n{help}"
            );
        }
        assert!(
            ["DocSpec", ".docx", "documents"]
                .iter()
                .any(|w| help.contains(w)),
            "{cmd:?} --help says nothing of documents:\n{help}"
        );
        let example = help
            .split("Example:\n")
            .nth(1)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .trim();
        assert!(example.contains("specrender "), "{cmd:?}: {example}");
        let r = Command::new("sh")
            .args(["-c", example])
            .current_dir(&d)
            .env("PATH", &path)
            .env_remove("SPECRENDER_FONTS")
            .output()
            .unwrap();
        assert_eq!(
            r.status.code(),
            Some(0),
            "{cmd:?}: {example}\n{}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
}

/// A stdout closed at start (`>&-`) is exit 3 for every command that prints, not only for the
/// QC report of render/qc/validate (tests/robust.rs): `themes` and `template inspect --text`
/// printed into the void with exit 0, `serve` answered into it.
#[test]
fn every_printing_command_refuses_a_stdout_closed_at_start() {
    let template = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/minimal.potx");
    for args in [
        vec!["themes"],
        vec!["themes", "--json"],
        vec!["fonts"],
        vec!["template", "inspect", "--text", s(&template)],
        vec!["serve"],
    ] {
        let r = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&- </dev/null")
            .arg(env!("CARGO_BIN_EXE_specrender"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("stdout is closed"), "{args:?}: {err}");
    }
}

/// `render --pdf` writes the PPTX, the PDF and the report together; `pdf` writes the PDF and
/// the report only; a DocSpec's PDF is refused (exit 2) and nothing is written.
#[test]
fn render_pdf_and_pdf_write_every_output_together() {
    let dir = workdir("pdf-outputs");
    let input = write(&dir, "deck.json", &deck());
    let r = specrender(
        &[
            "render",
            s(&input),
            "-o",
            "d.pptx",
            "--pdf",
            "d.pdf",
            "--qc",
            "d.qc.json",
        ],
        None,
        Some(&dir),
    );
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    assert_eq!(names(&dir), ["d.pdf", "d.pptx", "d.qc.json", "deck.json"]);
    let pdf = std::fs::read(dir.join("d.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-1.7"));
    let r = specrender(&["pdf", s(&input), "-o", "only.pdf"], None, Some(&dir));
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    // The report went to stdout; the PDF is the same bytes as render's.
    assert!(r.json()["summary"].is_object());
    assert_eq!(std::fs::read(dir.join("only.pdf")).unwrap(), pdf);
    let doc = write(&dir, "doc.json", &docspec());
    // A document's PDF beside its DOCX, from the same layout; `pdf` writes the same bytes.
    let r = specrender(
        &["render", s(&doc), "-o", "doc.docx", "--pdf", "doc.pdf"],
        None,
        Some(&dir),
    );
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    let doc_pdf = std::fs::read(dir.join("doc.pdf")).unwrap();
    assert!(doc_pdf.starts_with(b"%PDF-1.7"));
    assert!(dir.join("doc.docx").exists());
    let r = specrender(&["pdf", s(&doc), "-o", "doc-only.pdf"], None, Some(&dir));
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    assert_eq!(std::fs::read(dir.join("doc-only.pdf")).unwrap(), doc_pdf);
    // With --preview too: the PPTX, the PDF, the PNGs and the report from one layout — the
    // same PDF and PPTX bytes as without the PNGs.
    let r = specrender(
        &[
            "render",
            s(&input),
            "-o",
            "all.pptx",
            "--pdf",
            "all.pdf",
            "--preview",
            "png",
            "--qc",
            "all.qc.json",
        ],
        None,
        Some(&dir),
    );
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    assert_eq!(std::fs::read(dir.join("all.pdf")).unwrap(), pdf);
    assert_eq!(
        std::fs::read(dir.join("all.pptx")).unwrap(),
        std::fs::read(dir.join("d.pptx")).unwrap()
    );
    assert!(!names(&dir.join("png")).is_empty());
    assert_eq!(
        std::fs::read(dir.join("all.qc.json")).unwrap(),
        std::fs::read(dir.join("d.qc.json")).unwrap()
    );
}
