//! The adversarial assets folder (issue 10, "Done when"): paths out of the root, links out of
//! the root, `/proc`, absolute paths, a 100,000 x 100,000 PNG header, a zlib bomb, a truncated
//! JPEG, a FIFO, a `url` at a link-local address. The deck renders with exit 1, each such
//! image a placeholder with its reason, in bounded time; one good picture is drawn.
//!
//! With `strace` on the machine, the same run is traced (`strace -f`) and the trace must show
//! no file-system call naming anything outside the root that the deck pointed at, and no
//! network call at all (no `socket`/`connect`). Without `strace` that half is skipped (it
//! says so): run `cargo test --test assets_adversarial` on a machine with strace.

use serde_json::{json, Value};
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/adversarial-assets"
);

/// Files outside the root the deck tries to reach (their names must never show in a trace).
const SECRET: &str = "secret-outside-root.png";

/// `base/root` (the assets root, with the fixtures, links and a FIFO) and `base/SECRET`.
fn folder(name: &str) -> (PathBuf, PathBuf) {
    let base = std::env::temp_dir().join(format!("specrender-adv-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let root = base.join("root");
    std::fs::create_dir_all(&root).unwrap();
    for f in std::fs::read_dir(FIXTURES).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), root.join(f.file_name())).unwrap();
    }
    std::fs::copy(root.join("good.jpg"), base.join(SECRET)).unwrap();
    symlink(format!("../{SECRET}"), root.join("link-out.png")).unwrap();
    symlink(base.join(SECRET), root.join("abs-link.png")).unwrap();
    symlink("/proc/self/environ", root.join("proc-link.png")).unwrap();
    let ok = Command::new("mkfifo").arg(root.join("fifo.png")).status();
    assert!(ok.unwrap().success(), "mkfifo");
    (base, root)
}

fn deck() -> Value {
    let file = |id: &str, f: &str| json!({"asset_id": id, "type": "image", "source": {"kind": "file", "file_id": f}});
    let assets = vec![
        file("good", "good.jpg"),
        file("dotdot", &format!("../{SECRET}")),
        file("deep", &format!("a/../../{SECRET}")),
        file("abs", "/etc/hostname"),
        file("proc", "/proc/self/environ"),
        file("link_out", "link-out.png"),
        file("abs_link", "abs-link.png"),
        file("proc_link", "proc-link.png"),
        file("fifo", "fifo.png"),
        file("huge", "huge-header.png"),
        file("bomb", "bomb.png"),
        file("trunc", "truncated.jpg"),
        json!({"asset_id": "meta", "type": "image",
               "source": {"kind": "url", "url": "http://169.254.169.254/latest/meta-data/iam"}}),
    ];
    let elements: Vec<Value> = assets
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let (col, row) = (i % 5, i / 5);
            json!({"element_id": format!("e{}", i + 1), "kind": "image",
                   "content": {"asset_id": a["asset_id"], "alt_text": format!("picture {}", a["asset_id"].as_str().unwrap())},
                   "style": {"box": {"x": 0.6 + col as f64 * 2.45, "y": 0.6 + row as f64 * 2.1, "w": 2.3, "h": 1.9}}})
        })
        .collect();
    json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Adversarial", "language": "en", "slides": [
            {"slide_id": "s1", "type": "custom", "layout": {"layout_id": "blank"}, "elements": elements}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "b"}},
        "assets": assets
    })
}

const EXPECTED: &[(&str, &str)] = &[
    ("dotdot", "outside_root"),
    ("deep", "outside_root"),
    ("abs", "outside_root"),
    ("proc", "outside_root"),
    ("link_out", "outside_root"),
    ("abs_link", "outside_root"),
    ("proc_link", "outside_root"),
    ("fifo", "not_a_file"),
    ("huge", "too_large"),
    ("bomb", "too_large"),
    ("trunc", "undecodable"),
    ("meta", "not_found"),
];

fn render(base: &Path, root: &Path, wrap: Option<&Path>) -> (i32, Value) {
    let input = base.join("deck.json");
    std::fs::write(&input, serde_json::to_vec(&deck()).unwrap()).unwrap();
    let out = base.join("out.pptx");
    let qc = base.join("qc.json");
    let bin = env!("CARGO_BIN_EXE_specrender");
    let args = [
        "render",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--qc",
        qc.to_str().unwrap(),
        "--assets",
        root.to_str().unwrap(),
        "--threads",
        "1",
    ];
    let status = match wrap {
        Some(log) => {
            Command::new("strace")
                .args(["-f", "-qq", "-e", "trace=%file,%network", "-o"])
                .arg(log)
                .arg(bin)
                .args(args)
                .env_remove("SPECRENDER_FONTS")
                .output()
                .unwrap()
                .status
        }
        None => {
            Command::new(bin)
                .args(args)
                .env_remove("SPECRENDER_FONTS")
                .output()
                .unwrap()
                .status
        }
    };
    let qc: Value = serde_json::from_slice(&std::fs::read(&qc).unwrap()).unwrap();
    (status.code().unwrap_or(-1), qc)
}

#[test]
fn every_hostile_asset_is_a_placeholder_with_its_reason() {
    let (base, root) = folder("render");
    let t = Instant::now();
    let (code, qc) = render(&base, &root, None);
    assert!(
        t.elapsed() < Duration::from_secs(20),
        "took {:?}",
        t.elapsed()
    );
    assert_eq!(code, 1, "{qc:#}");
    let missing: Vec<(String, String)> = qc["issues"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["type"] == "missing_asset")
        .map(|i| {
            let d = &i["details"];
            (
                d["asset_id"].as_str().unwrap().to_string(),
                d["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: Vec<(String, String)> = EXPECTED
        .iter()
        .map(|(a, r)| (a.to_string(), r.to_string()))
        .collect();
    assert_eq!(missing, want);
    // The one good picture is drawn; every refused one is a grey placeholder with its alt text.
    let pptx = std::fs::read(base.join("out.pptx")).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(pptx)).unwrap();
    let media: Vec<String> = (0..zip.len())
        .map(|i| zip.by_index(i).unwrap().name().unwrap().to_string())
        .filter(|n| n.starts_with("ppt/media/"))
        .collect();
    assert_eq!(media, ["ppt/media/image1.jpeg"]);
    let mut slide = String::new();
    std::io::Read::read_to_string(
        &mut zip.by_name("ppt/slides/slide1.xml").unwrap(),
        &mut slide,
    )
    .unwrap();
    assert_eq!(slide.matches("<p:pic>").count(), 1);
    for (id, _) in EXPECTED {
        assert!(slide.contains(&format!("<a:t>picture {id}</a:t>")), "{id}");
    }
    std::fs::remove_dir_all(&base).unwrap();
}

/// The path argument of a traced file call, if the line is one.
fn traced_path(line: &str) -> Option<&str> {
    let start = line.find('"')? + 1;
    let end = start + line[start..].find('"')?;
    Some(&line[start..end])
}

#[test]
fn strace_shows_nothing_outside_the_root_and_no_network() {
    if Command::new("strace").arg("-V").output().is_err() {
        eprintln!("strace not installed: the trace half of the adversarial test is skipped");
        return;
    }
    let (base, root) = folder("strace");
    let log = base.join("trace.log");
    let (code, _) = render(&base, &root, Some(&log));
    assert_eq!(code, 1);
    let trace = std::fs::read_to_string(&log).unwrap();
    let mut file_calls = 0;
    for line in trace.lines() {
        for net in ["socket(", "connect(", "sendto(", "bind("] {
            assert!(!line.contains(net), "network call: {line}");
        }
        let Some(p) = traced_path(line) else { continue };
        file_calls += 1;
        for bad in [
            SECRET,
            "/etc/hostname",
            "/proc/self/environ",
            "fifo.png",
            "169.254",
        ] {
            // The FIFO may be stat-ed inside the root (relative to its handle), never opened by
            // an absolute path; the others must not appear at all.
            if bad == "fifo.png" {
                assert!(!(p.starts_with('/') && p.ends_with(bad)), "{line}");
            } else {
                assert!(!p.contains(bad), "outside the root: {line}");
            }
        }
    }
    assert!(file_calls > 10, "the trace recorded file calls:\n{trace}");
    std::fs::remove_dir_all(&base).unwrap();
}
