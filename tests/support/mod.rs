//! Helpers shared by the robustness tests (`tests/robust.rs`, `tests/serve.rs`): run the
//! binary, fresh folders, the example deck.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub wall: Duration,
    /// Peak RSS in KiB when `/usr/bin/time` was available to measure it.
    pub peak_kib: Option<u64>,
}

impl Run {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout not JSON ({e}): {self:?}"))
    }
    pub fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let out = String::from_utf8_lossy(&self.stdout);
        let cut: String = out.chars().take(3000).collect();
        write!(
            f,
            "exit {} in {:?}\n--- stdout\n{cut}\n--- stderr\n{}",
            self.code, self.wall, self.stderr
        )
    }
}

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_specrender")
}

/// Run the binary; `stdin` bytes are fed from a thread. With `measure`, the run goes through
/// `/usr/bin/time -f %M` (when present) for its peak RSS.
pub fn run_with(args: &[&str], stdin: Option<&[u8]>, cwd: Option<&Path>, measure: bool) -> Run {
    let time = Path::new("/usr/bin/time");
    let measured = measure && time.exists();
    let mut cmd = if measured {
        let mut c = Command::new(time);
        c.args(["-f", "peak-rss-kib=%M", bin()]);
        c
    } else {
        Command::new(bin())
    };
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
    let start = Instant::now();
    let mut child = cmd.spawn().expect("run specrender");
    let feeder = stdin.map(|bytes| {
        let mut si = child.stdin.take().unwrap();
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = si.write_all(&bytes);
        })
    });
    let out = child.wait_with_output().unwrap();
    let wall = start.elapsed();
    if let Some(f) = feeder {
        f.join().unwrap();
    }
    let mut stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let mut peak_kib = None;
    if measured {
        if let Some(i) = stderr.rfind("peak-rss-kib=") {
            peak_kib = stderr[i + 13..].trim().parse().ok();
            stderr.truncate(i);
        }
    }
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr,
        wall,
        peak_kib,
    }
}

pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_with(args, stdin, None, false)
}

/// A fresh, empty folder for one test.
pub fn workdir(group: &str, name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// File names in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The shipped example deck.
pub fn example() -> Value {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/quarterly-review.json");
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

/// A small valid English deck (two slides).
pub fn small_deck() -> Value {
    serde_json::json!({
        "spec_version": "slidespec_v1",
        "deck": {"title": "Demo", "language": "en", "slides": [
            {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"},
             "elements": [
                {"element_id": "t", "kind": "text", "role": "title", "content": {"text": "Highlights"}},
                {"element_id": "b", "kind": "bullets", "role": "body",
                 "content": {"items": ["Revenue up 12%", "Two new markets"]}}]}]},
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "t"}}
    })
}

/// The entries of a zip package (name, bytes), in order.
pub fn zip_entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    use std::io::Read;
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index(i).unwrap();
            let mut v = Vec::new();
            f.read_to_end(&mut v).unwrap();
            (f.name().unwrap().to_string(), v)
        })
        .collect()
}

/// A copy of the TrueType font `font` with OS/2 `fsType` set to `fs_type` (2: its licence
/// forbids embedding).
pub fn with_fs_type(font: &[u8], fs_type: u16) -> Vec<u8> {
    let mut out = font.to_vec();
    let raw = ttf_parser::RawFace::parse(font, 0).unwrap();
    let os2 = raw
        .table_records
        .into_iter()
        .find(|r| &r.tag.to_bytes() == b"OS/2")
        .unwrap()
        .offset as usize;
    out[os2 + 8..os2 + 10].copy_from_slice(&fs_type.to_be_bytes());
    out
}
