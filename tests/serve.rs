//! `serve` as an attacker and a careless caller use it (issue 14): outputs confined to the
//! output root, limits a request can lower but not raise, malformed options refused, a line over
//! the limit answered without being held, one response line per request line, memory flat over
//! many requests.

mod support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use support::*;

fn lines_of(r: &Run) -> Vec<Value> {
    r.out()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn serve(root: &Path, extra: &[&str], input: &[u8]) -> Vec<Value> {
    let mut args = vec!["serve", "--output-root", s(root), "--assets", s(root)];
    args.extend_from_slice(extra);
    let r = run_with(&args, Some(input), Some(root), false);
    assert_eq!(r.code, 0, "{r:?}");
    lines_of(&r)
}

fn render_to(id: u32, output: &str) -> String {
    json!({"id": id, "op": "render", "spec": small_deck(), "output": output}).to_string()
}

/// Found: a request's `output` could name any path (`../elsewhere`, an absolute path, an
/// unrelated existing file, which was replaced).
#[test]
fn outputs_are_confined_to_the_output_root() {
    let top = workdir("serve", "confined");
    let root = top.join("root");
    let elsewhere = top.join("elsewhere");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let victim = elsewhere.join("victim.pptx");
    std::fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&elsewhere, root.join("escape")).unwrap();
    let inside_abs = root.join("sub/abs.pptx");
    let reqs = [
        render_to(1, "../elsewhere/victim.pptx"),
        render_to(2, s(&victim)),
        render_to(3, "escape/victim.pptx"),
        render_to(4, "sub/../../elsewhere/x.pptx"),
        render_to(5, "sub/ok.pptx"),
        render_to(6, s(&inside_abs)),
        render_to(7, "escape"),
    ];
    let resp = serve(&root, &[], (reqs.join("\n") + "\n").as_bytes());
    assert_eq!(resp.len(), reqs.len());
    for r in &resp[..4] {
        assert_eq!(r["ok"], false, "{r}");
        assert!(r["error"].as_str().unwrap().contains("outside"), "{r}");
    }
    assert_eq!(resp[4]["ok"], true, "{}", resp[4]);
    assert_eq!(resp[4]["output"], "sub/ok.pptx");
    assert_eq!(resp[5]["ok"], true, "{}", resp[5]);
    assert_eq!(resp[6]["ok"], false, "{}", resp[6]);
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert_eq!(names(&elsewhere), ["victim.pptx"]);
    assert_eq!(names(&root.join("sub")), ["abs.pptx", "ok.pptx"]);
}

/// Found: `options.max_bytes` could raise the worker's limit; a negative, string or fractional
/// value was silently ignored.
#[test]
fn options_may_lower_limits_and_malformed_ones_are_bad_requests() {
    let root = workdir("serve", "options");
    let deck = small_deck();
    let size = serde_json::to_vec(&deck).unwrap().len();
    let req = |id: u32, max: Value| {
        json!({"id": id, "op": "validate", "spec": deck, "options": {"max_bytes": max}}).to_string()
    };
    let reqs = [
        req(1, json!(100_000_000)),
        req(2, json!(-5)),
        req(3, json!("1000")),
        req(4, json!(1.5)),
        req(5, json!(size - 1)),
        req(6, json!(size + 10)),
        json!({"id": 7, "op": "validate", "spec": deck, "options": {"autofit": "tiny"}})
            .to_string(),
        json!({"id": 8, "op": "validate", "spec": deck, "options": {"threads": 64}}).to_string(),
    ];
    let resp = serve(
        &root,
        &["--max-bytes", "100000"],
        (reqs.join("\n") + "\n").as_bytes(),
    );
    assert_eq!(resp.len(), reqs.len());
    for (i, r) in resp.iter().enumerate() {
        assert_eq!(r["id"], json!(i + 1), "{r}");
    }
    for r in [&resp[0], &resp[1], &resp[2], &resp[3], &resp[6], &resp[7]] {
        assert_eq!(
            (r["ok"].clone(), r["exit_code"].clone()),
            (json!(false), json!(2)),
            "{r}"
        );
        assert!(
            r["error"].as_str().unwrap().starts_with("bad request"),
            "{r}"
        );
    }
    assert!(
        resp[0]["error"].as_str().unwrap().contains("not raise"),
        "{}",
        resp[0]
    );
    assert_eq!(resp[4]["errors"][0]["code"], "too_large", "{}", resp[4]);
    assert_eq!(resp[5]["ok"], true, "{}", resp[5]);
}

/// Found: a 700 MiB line was buffered and parsed whole (2.1 GB) before `too_large`.
#[test]
fn a_line_over_the_limit_is_answered_without_being_held() {
    let root = workdir("serve", "long-line");
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"id\": 1, \"op\": \"validate\", \"spec\": \"");
    input.extend(std::iter::repeat_n(b'x', 64 * 1024 * 1024));
    input.extend_from_slice(b"\"}\n");
    input.extend_from_slice(
        json!({"id": 2, "op": "validate", "spec": small_deck()})
            .to_string()
            .as_bytes(),
    );
    input.push(b'\n');
    let args = ["serve", "--output-root", s(&root), "--max-bytes", "1048576"];
    let r = run_with(&args, Some(&input), Some(&root), true);
    assert_eq!(r.code, 0, "{r:?}");
    let resp = lines_of(&r);
    assert_eq!(resp.len(), 2);
    assert_eq!(resp[0]["id"], Value::Null);
    assert_eq!(resp[0]["errors"][0]["code"], "too_large", "{}", resp[0]);
    let first_len = input.iter().position(|&b| b == b'\n').unwrap();
    let msg = resp[0]["error"].as_str().unwrap();
    assert!(msg.contains(&format!("{first_len} bytes")), "{}", resp[0]);
    assert_eq!(resp[1]["ok"], true, "{}", resp[1]);
    if let Some(kib) = r.peak_kib {
        assert!(kib < 48 * 1024, "peak {kib} KiB for a 64 MiB line");
    }
}

#[test]
fn one_response_line_per_request_line_always() {
    let root = workdir("serve", "one-per-line");
    let input = format!(
        "\n{{not json\n   \n{}\n[1,2]\n\"str\"\n{{\"id\": 9, \"op\": \"qc\"}}\n{}",
        json!({"id": 1, "op": "validate", "spec": small_deck()}),
        // The last line has no newline: it is still answered.
        json!({"id": 2, "op": "qc", "spec": small_deck()})
    );
    let resp = serve(&root, &[], input.as_bytes());
    assert_eq!(resp.len(), 8, "{resp:#?}");
    let ok: Vec<bool> = resp.iter().map(|r| r["ok"] == true).collect();
    assert_eq!(
        ok,
        [false, false, false, true, false, false, false, true],
        "{resp:#?}"
    );
    assert_eq!(resp[6]["id"], 9);
    assert!(resp.iter().all(|r| r.get("exit_code").is_some()));
}

/// Memory stays flat: resident memory after 1,000 requests is within a few MiB of what it was
/// after 200 (`tools/serve-memory.sh` runs 10,000 with the release binary).
#[test]
fn memory_is_flat_over_many_requests() {
    let root = workdir("serve", "flat");
    let mut child = Command::new(bin())
        .args(["serve", "--output-root", s(&root), "--assets", s(&root)])
        .current_dir(&root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let deck = small_deck();
    let mut rss_at = Vec::new();
    let mut line = String::new();
    for i in 0..1_000u32 {
        // Every request different (new text each time), a mix of operations.
        let mut d = deck.clone();
        d["deck"]["slides"][0]["elements"][1]["content"]["items"][0] =
            json!(format!("Item number {i} of many"));
        let req = match i % 10 {
            0 => {
                json!({"id": i, "op": "render", "spec": d, "output": format!("out-{}.pptx", i % 3)})
            }
            1..=3 => json!({"id": i, "op": "qc", "spec": d, "layout": true}),
            4 => json!({"id": i, "op": "validate", "spec": {"spec_version": "slidespec_v1"}}),
            _ => json!({"id": i, "op": "validate", "spec": d}),
        };
        writeln!(stdin, "{req}").unwrap();
        line.clear();
        stdout.read_line(&mut line).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["id"], json!(i), "{v}");
        if i == 199 || i == 999 {
            rss_at.push(rss_kib(pid));
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let (early, late) = (rss_at[0], rss_at[1]);
    assert!(
        late <= early + 4 * 1024,
        "RSS grew from {early} KiB to {late} KiB"
    );
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Issue 25.5: a deck rendered to `ok.json` was written; the output's extension must say the
/// format (.pptx for a SlideSpec, .docx for a DocSpec): a bad request, nothing written.
#[test]
fn an_output_extension_that_does_not_match_the_format_is_a_bad_request() {
    let root = workdir("serve", "extension");
    let doc = json!({"spec_version": "docspec_v1",
        "doc": {"title": "T", "blocks": [
            {"block_id": "p", "type": "paragraph", "content": {"text": "Hello."}}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}}});
    let reqs = [
        render_to(1, "ok.json"),
        render_to(2, "deck.docx"),
        json!({"id": 3, "op": "render", "spec": doc, "output": "doc.pptx"}).to_string(),
        render_to(4, "deck.PPTX"),
        json!({"id": 5, "op": "render", "spec": doc, "output": "doc.docx"}).to_string(),
    ];
    let resp = serve(&root, &[], (reqs.join("\n") + "\n").as_bytes());
    for r in &resp[..3] {
        assert_eq!(
            (r["ok"].clone(), r["exit_code"].clone()),
            (json!(false), json!(2)),
            "{r}"
        );
        assert!(
            r["error"].as_str().unwrap().contains("must end in ."),
            "{r}"
        );
    }
    assert_eq!(resp[3]["ok"], true, "{}", resp[3]);
    assert_eq!(resp[4]["ok"], true, "{}", resp[4]);
    assert_eq!(names(&root), ["deck.PPTX", "doc.docx"]);
}

/// The `preview` op: PNGs inline (base64) without `output`, written under the output root
/// (folder created) with it; a folder leading out of the root is refused; preview options on
/// another op are a bad request.
#[test]
fn the_preview_op_returns_pngs_or_writes_them_under_the_output_root() {
    use base64::Engine as _;
    let top = workdir("serve", "preview");
    let root = top.join("root");
    let elsewhere = top.join("elsewhere");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, root.join("escape")).unwrap();
    let deck = small_deck();
    let reqs = [
        json!({"id": 1, "op": "preview", "spec": deck, "options": {"width": 320}}),
        json!({"id": 2, "op": "preview", "spec": deck, "output": "p/q",
               "options": {"width": 320, "highlight": true, "sheet": true}}),
        json!({"id": 3, "op": "preview", "spec": deck, "output": "escape/p"}),
        json!({"id": 4, "op": "qc", "spec": deck, "options": {"highlight": true}}),
    ]
    .map(|v| v.to_string());
    let resp = serve(&root, &[], (reqs.join("\n") + "\n").as_bytes());
    let r = &resp[0];
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["qc"]["pass"], true, "{r}");
    let p = &r["previews"][0];
    assert_eq!(
        (&p["name"], &p["slide_id"]),
        (&json!("001-s1.png"), &json!("s1"))
    );
    let png = base64::engine::general_purpose::STANDARD
        .decode(p["png_base64"].as_str().unwrap())
        .unwrap();
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!((img.width(), img.height()), (320, 180));
    assert!(r.get("sheet").is_none());
    let r = &resp[1];
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["previews"][0]["path"], "p/q/001-s1.png");
    assert!(r["previews"][0].get("png_base64").is_none());
    assert_eq!(r["sheet"]["path"], "p/q/sheet.png");
    assert_eq!(names(&root.join("p/q")), ["001-s1.png", "sheet.png"]);
    assert_eq!(std::fs::read(root.join("p/q/001-s1.png")).unwrap(), png);
    assert_eq!(resp[2]["ok"], false, "{}", resp[2]);
    assert!(names(&elsewhere).is_empty());
    assert_eq!(resp[3]["exit_code"], 2, "{}", resp[3]);
    assert!(resp[3]["error"].as_str().unwrap().contains("preview only"));
}

/// An answer holds at most 16 x the request's `max_bytes` of PNG (the memory bound): over it,
/// the preview is refused, naming the way out (an output folder, where each PNG is written as
/// it is drawn and none is held).
#[test]
fn a_preview_answer_holds_at_most_the_memory_bound_of_png() {
    let top = workdir("serve", "preview-bound");
    let root = top.join("root");
    std::fs::create_dir_all(&root).unwrap();
    let deck = small_deck();
    // The spec's own size: 16 x it is a few KB, less than one 1280-px PNG (about 33 KB).
    let max = deck.to_string().len() + 16;
    let reqs = [
        json!({"id": 1, "op": "preview", "spec": deck, "options": {"width": 1280, "max_bytes": max}}),
        json!({"id": 2, "op": "preview", "spec": deck, "output": "big",
               "options": {"width": 1280, "max_bytes": max}}),
    ]
    .map(|v| v.to_string());
    let resp = serve(&root, &[], (reqs.join("\n") + "\n").as_bytes());
    let r = &resp[0];
    assert_eq!(
        (&r["ok"], &r["exit_code"]),
        (&json!(false), &json!(2)),
        "{r}"
    );
    let msg = r["error"].as_str().unwrap();
    assert!(msg.contains(&format!("pass {} bytes", 16 * max)), "{msg}");
    assert!(msg.contains("output folder"), "{msg}");
    let r = &resp[1];
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(names(&root.join("big")), ["001-s1.png"]);
    let png = std::fs::metadata(root.join("big/001-s1.png"))
        .unwrap()
        .len();
    assert!(png > 16 * max as u64, "{png} bytes");
}

/// The `pdf` op writes a deck's PDF under the output root (and nowhere else), says whether
/// PDF/UA-1 is declared, and refuses a DocSpec and a name that is not `.pdf`.
#[test]
fn the_pdf_op_writes_a_deck_or_document_pdf_confined_to_the_output_root() {
    let top = workdir("serve", "pdf");
    let root = top.join("root");
    std::fs::create_dir_all(&root).unwrap();
    let pdf = |id: u32, spec: Value, output: &str| {
        json!({"id": id, "op": "pdf", "spec": spec, "output": output}).to_string()
    };
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hello-doc.json");
    let doc: Value = serde_json::from_slice(&std::fs::read(doc_path).unwrap()).unwrap();
    let reqs = [
        pdf(1, small_deck(), "deck.pdf"),
        pdf(2, small_deck(), "../outside.pdf"),
        pdf(3, small_deck(), "deck.pptx"),
        pdf(4, doc, "doc.pdf"),
    ];
    let resp = serve(&root, &[], (reqs.join("\n") + "\n").as_bytes());
    assert_eq!(resp[0]["ok"], true, "{}", resp[0]);
    assert_eq!(resp[0]["output"], "deck.pdf");
    assert!(resp[0]["pdf_ua"].is_boolean(), "{}", resp[0]);
    let bytes = std::fs::read(root.join("deck.pdf")).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    for r in &resp[1..3] {
        assert_eq!(r["ok"], false, "{r}");
    }
    // A document's PDF: its pages as layout predicted them.
    assert_eq!(resp[3]["ok"], true, "{}", resp[3]);
    assert_eq!(resp[3]["output"], "doc.pdf");
    assert!(std::fs::read(root.join("doc.pdf"))
        .unwrap()
        .starts_with(b"%PDF-"));
    assert_eq!(names(&root), ["deck.pdf", "doc.pdf"]);
    assert!(!top.join("outside.pdf").exists());
}
