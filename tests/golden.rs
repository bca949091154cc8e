//! Golden tests: every `golden/slides/<case>/input.json` is laid out, checked and written; its
//! output (the pretty-printed XML of every package part, a manifest, one line per box and the QC
//! report) is compared with the expected files. Layout of `golden/slides/`:
//!
//! ```text
//! _shared/parts/<part>          parts identical in two or more cases, stored once
//! <case>/input.json             the deck; a folder is a case iff it has one (`_shared` never is)
//! <case>/options.json           optional layout options (`{"slide_numbers": false}`,
//!                               `{"template": "<file in tests/fixtures/templates>"}`)
//! <case>/expected/manifest.txt  zip entry order, one part a line (binary parts, and parts
//!                               carried unchanged from the case's template, with sha256=)
//! <case>/expected/layout.txt    one line per box
//! <case>/expected/qc.json       the QC report
//! <case>/expected/parts/<part>  only the parts that differ from `_shared/` or are not in it
//! ```
//!
//! Every XML part named in a case's `manifest.txt` is compared with the case's own file if it
//! has one, else with the shared one; a part in neither, a case file the output lacks and a
//! shared file no case uses all fail. A mismatch writes the case's complete actual output (all
//! parts) to `target/golden-actual/<case>/` and names the expected file (case or shared) that
//! differed.
//!
//! Re-bless with `SPECRENDER_BLESS=1 cargo test --test golden`, then review `git diff golden/`.
//! Blessing recomputes `_shared/` from all cases' outputs: per part, the content most cases have
//! is shared if at least two have it (a tie goes to the content of the alphabetically first case
//! holding it); each case keeps only the parts that differ from it, and stale files are removed.
//! So a change to the slide master is one diff in `_shared/`, not one per case. A new case (no
//! `expected/`) fails once, writing its files for review.

use sha2::{Digest, Sha256};
use specrender_fonts::{FontBook, FontOptions};
use specrender_layout::model::{BoxContent, LaidDeck, PlaceholderBox, RowKind, TableBox};
use specrender_layout::{layout, LayoutOptions};
use specrender_spec::{parse, resolve_with, Input, ParseOptions};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn book() -> &'static FontBook {
    static BOOK: OnceLock<FontBook> = OnceLock::new();
    BOOK.get_or_init(|| FontBook::new(&FontOptions::default()).expect("shipped fonts load"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The case's laid deck and the package of the template it is on (the built-in look's when
/// the case names none, as layout chooses it).
fn laid_from(input: &Path) -> (LaidDeck, std::sync::Arc<Vec<u8>>) {
    let bytes = std::fs::read(input).expect("read input");
    let (parsed, _warnings) = parse(&bytes, &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", input.display()));
    let Input::Slides(spec) = parsed else {
        panic!("golden slides case is not a SlideSpec")
    };
    // Assets (a chart's data_ref CSV, pictures) from the case's own folder, as the CLI does.
    let folder = input.parent().expect("input in a case folder");
    let root = specrender_spec::AssetRoot::open(folder).expect("case folder opens");
    let deck = resolve_with(&spec, Some(&root));
    let mut opts = case_options(folder);
    let size = (deck.slide_size.cx, deck.slide_size.cy);
    let t = opts
        .template
        .clone()
        .unwrap_or_else(|| specrender_layout::template::themes::default_for(size));
    opts.template = Some(t.clone());
    (layout(&deck, book(), &opts), t.bytes.clone())
}

/// A case's layout options: the defaults, or what its `options.json` says
/// (`{"slide_numbers": false}`).
fn case_options(folder: &Path) -> LayoutOptions {
    let mut opts = LayoutOptions::default();
    if let Ok(bytes) = std::fs::read(folder.join("options.json")) {
        let v: serde_json::Value = serde_json::from_slice(&bytes).expect("options.json parses");
        if let Some(b) = v.get("slide_numbers").and_then(serde_json::Value::as_bool) {
            opts.slide_numbers = b;
        }
        if let Some(name) = v.get("template").and_then(serde_json::Value::as_str) {
            let path = root().join("tests/fixtures/templates").join(name);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let t = specrender_layout::template::Template::from_bytes(bytes).expect("template");
            opts.template = Some(std::sync::Arc::new(t));
        }
    }
    opts
}

/// One line per box: `s3/e2 x y w h 18.00pt 4L [2,1,1] fits`.
pub fn layout_txt(laid: &LaidDeck) -> String {
    let mut out = String::new();
    for s in &laid.slides {
        out.push_str(&format!(
            "# {} (source {}, {}{})\n",
            s.id,
            s.source_id,
            s.preset.id(),
            if s.needs_human_edit {
                ", needs_human_edit"
            } else {
                ""
            }
        ));
        for b in &s.boxes {
            let r = b.rect;
            out.push_str(&format!(
                "{}/{} {} {} {} {}",
                s.id, b.element_id, r.x, r.y, r.w, r.h
            ));
            match &b.content {
                BoxContent::Text(t) => {
                    let per: Vec<String> = t
                        .paragraphs
                        .iter()
                        .map(|p| p.lines.len().to_string())
                        .collect();
                    out.push_str(&format!(
                        " {:.2}pt {}L [{}] need={} usable={} {}\n",
                        t.size as f64 / 100.0,
                        t.line_count(),
                        per.join(","),
                        t.needed_height,
                        t.usable_height,
                        if t.fits() { "fits" } else { "OVERFLOW" }
                    ));
                }
                BoxContent::Chart(c) => {
                    let values: Vec<String> = c
                        .series
                        .iter()
                        .map(|s| {
                            let v: Vec<String> = s
                                .values
                                .iter()
                                .map(|v| v.map_or("-".into(), |v| v.to_string()))
                                .collect();
                            format!("{}=[{}]", s.name, v.join(","))
                        })
                        .collect();
                    out.push_str(&format!(
                        " chart {} {} categories [{}] skip={}{} {}\n",
                        c.kind.as_str(),
                        c.categories.len(),
                        c.categories.join("|"),
                        c.label_skip(),
                        if c.axis.is_some_and(|a| a.crowded) {
                            " CROWDED"
                        } else {
                            ""
                        },
                        values.join(" ")
                    ));
                }
                BoxContent::Table(t) => out.push_str(&table_txt(t)),
                BoxContent::Placeholder(PlaceholderBox { label, .. }) => {
                    out.push_str(&format!(" placeholder {label:?}\n"))
                }
                BoxContent::Shape(s) => {
                    let r = s.text_rect;
                    let text = match &s.text {
                        Some(t) => format!(
                            " {:.2}pt {}L need={} usable={} {}",
                            t.size as f64 / 100.0,
                            t.line_count(),
                            t.needed_height,
                            t.usable_height,
                            if t.fits() { "fits" } else { "OVERFLOW" }
                        ),
                        None => String::new(),
                    };
                    out.push_str(&format!(
                        " shape {} text_rect=[{} {} {} {}]{text}\n",
                        s.prst, r.x, r.y, r.w, r.h
                    ));
                }
                BoxContent::Divider(d) => {
                    let l = d.line;
                    out.push_str(&format!(" divider [{} {} {} {}]\n", l.x, l.y, l.w, l.h));
                }
                BoxContent::Picture(p) => {
                    let x = p.xfrm;
                    out.push_str(&format!(
                        " picture {} {:?} {}x{}px srcRect={:?} xfrm=[{} {} {} {}] rot={}{}\n",
                        p.asset_id,
                        p.mode,
                        p.pixels.0,
                        p.pixels.1,
                        p.src_rect,
                        x.x,
                        x.y,
                        x.w,
                        x.h,
                        p.rot,
                        if p.flip_h { " flipH" } else { "" }
                    ));
                }
            }
        }
    }
    out
}

/// The case's `qc.json` as the CLI writes it: with the input's validation warnings as
/// `input_warning` issues.
fn with_warnings(mut files: BTreeMap<String, Vec<u8>>, input: &Path) -> BTreeMap<String, Vec<u8>> {
    let bytes = std::fs::read(input).expect("read input");
    let (_, warnings) = parse(&bytes, &ParseOptions::default()).expect("valid");
    if warnings.is_empty() {
        return files;
    }
    let qc = specrender_qc::check_with_input(&laid_from(input).0, &warnings);
    let mut qc_json =
        serde_json::to_string_pretty(&sorted(serde_json::to_value(&qc).expect("qc serializes")))
            .expect("json");
    qc_json.push('\n');
    files.insert("qc.json".into(), qc_json.into_bytes());
    files
}

/// A table's line of `layout.txt`, then one indented line per row: its height (EMU) and
/// each cell's line count.
fn table_txt(t: &TableBox) -> String {
    let mut out = format!(
        " table {:.2}pt page {}/{} cols={:?} need={} usable={} {}\n",
        t.size as f64 / 100.0,
        t.page.0,
        t.page.1,
        t.col_widths,
        t.needed_height,
        t.usable_height,
        if t.fits() { "fits" } else { "OVERFLOW" }
    );
    for r in &t.rows {
        let kind = match r.kind {
            RowKind::Caption => "caption".to_string(),
            RowKind::Header => "header".to_string(),
            RowKind::Body(i) => format!("row{}", i + 1),
        };
        let lines: Vec<String> = r
            .cells
            .iter()
            .map(|c| {
                let n: usize = c.paragraphs.iter().map(|p| p.lines.len()).sum();
                n.to_string()
            })
            .collect();
        out.push_str(&format!(
            "    {kind} h={} [{}]\n",
            r.height,
            lines.join(",")
        ));
    }
    out
}

fn outputs((laid, template): (LaidDeck, std::sync::Arc<Vec<u8>>)) -> BTreeMap<String, Vec<u8>> {
    let laid = &laid;
    let mut files = BTreeMap::new();
    let parts = specrender_renderer::pptx_parts(laid, true).expect("parts");
    // Parts carried from the template byte for byte are pinned by hash: the case's files are
    // what specrender writes.
    let carried: BTreeMap<String, Vec<u8>> = unzip_raw(&template);
    let mut manifest = String::new();
    for (name, bytes) in &parts {
        if carried.get(name) == Some(bytes) {
            let hex: String = Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            manifest.push_str(&format!("{name} sha256={hex} (template)\n"));
        } else if name.ends_with(".xml") || name.ends_with(".rels") {
            files.insert(format!("parts/{name}"), bytes.clone());
            manifest.push_str(&format!("{name}\n"));
        } else if name.ends_with(".xlsx") {
            // An embedded workbook: its entries, pretty-printed, so its cells diff like parts.
            manifest.push_str(&format!("{name}\n"));
            for (inner, xml) in unzip_pretty(bytes) {
                files.insert(format!("parts/{name}/{inner}"), xml);
                manifest.push_str(&format!("  {inner}\n"));
            }
        } else {
            let hex: String = Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            manifest.push_str(&format!("{name} sha256={hex}\n"));
        }
    }
    files.insert("manifest.txt".into(), manifest.into_bytes());
    files.insert("layout.txt".into(), layout_txt(laid).into_bytes());
    let qc = specrender_qc::check(laid);
    let mut qc_json =
        serde_json::to_string_pretty(&sorted(serde_json::to_value(&qc).expect("qc serializes")))
            .expect("json");
    qc_json.push('\n');
    files.insert("qc.json".into(), qc_json.into_bytes());
    files
}

/// The entries of a zip by name, as stored.
fn unzip_raw(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("template zip");
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).expect("entry");
            let mut v = Vec::new();
            f.read_to_end(&mut v).expect("entry reads");
            (f.name().expect("name").to_string(), v)
        })
        .collect()
}

/// The entries of a zip (an embedded workbook), each XML entry re-indented two spaces per
/// level, in zip order.
fn unzip_pretty(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("embedded zip");
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).expect("zip entry");
            let mut raw = Vec::new();
            f.read_to_end(&mut raw).expect("zip entry reads");
            (f.name().expect("entry name").to_string(), reindent(&raw))
        })
        .collect()
}

fn reindent(xml: &[u8]) -> Vec<u8> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    reader.config_mut().trim_text(true);
    let mut writer = quick_xml::Writer::new_with_indent(Vec::new(), b' ', 2);
    loop {
        match reader.read_event().expect("embedded XML parses") {
            quick_xml::events::Event::Eof => break,
            e => writer.write_event(e).expect("write XML"),
        }
    }
    let mut out = writer.into_inner();
    out.push(b'\n');
    out
}

fn sorted(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => {
            let b: BTreeMap<String, serde_json::Value> =
                m.into_iter().map(|(k, v)| (k, sorted(v))).collect();
            serde_json::Value::Object(b.into_iter().collect())
        }
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.into_iter().map(sorted).collect())
        }
        other => other,
    }
}

/// Output or expected files by name relative to `expected/` (`manifest.txt`, `parts/ppt/...`).
type Files = BTreeMap<String, Vec<u8>>;

/// The folder of shared parts inside `golden/slides/`; no case may have this name.
const SHARED: &str = "_shared";

fn cases_dir() -> PathBuf {
    root().join("golden/slides")
}

fn shared_dir() -> PathBuf {
    cases_dir().join(SHARED)
}

/// A path as the failure messages show it: relative to the repository root.
fn shown(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

struct Case {
    name: String,
    dir: PathBuf,
    actual: Files,
}

impl Case {
    fn expected_dir(&self) -> PathBuf {
        self.dir.join("expected")
    }
}

/// Every case (a folder with an `input.json`, except `_shared`), by name, with its output.
fn render_cases() -> Vec<Case> {
    assert!(
        !shared_dir().join("input.json").exists(),
        "golden/slides/{SHARED} holds the shared parts and cannot be a case"
    );
    let mut cases: Vec<Case> = std::fs::read_dir(cases_dir())
        .expect("golden/slides")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("input.json").exists() && !p.ends_with(SHARED))
        .map(|dir| Case {
            name: dir
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned(),
            actual: with_warnings(
                outputs(laid_from(&dir.join("input.json"))),
                &dir.join("input.json"),
            ),
            dir,
        })
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

/// Names of all files under `dir`, relative to it, with `/` separators; sorted.
fn relative_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for p in rd.flatten().map(|e| e.path()) {
            if p.is_dir() {
                walk(&p, base, out);
            } else {
                let rel = p.strip_prefix(base).expect("under base");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn read_files(dir: &Path) -> Files {
    relative_files(dir)
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).expect("read");
            (name, bytes)
        })
        .collect()
}

/// Replaces `dir` with exactly `files` (removes `dir` when there are none).
fn write_all(dir: &Path, files: &Files) {
    let _ = std::fs::remove_dir_all(dir);
    for (name, bytes) in files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, bytes).expect("write");
    }
}

fn is_part(name: &str) -> bool {
    name.starts_with("parts/")
}

/// The XML parts a manifest names, as file names (`parts/<part>`); binary parts carry a hash
/// in the manifest and have no file; an embedded workbook (`.xlsx`) is listed with its
/// entries indented below it, each a file `parts/<workbook>/<entry>`.
fn manifest_parts(manifest: &str) -> impl Iterator<Item = String> + '_ {
    let mut container = "";
    manifest.lines().filter_map(move |line| {
        if let Some(inner) = line.strip_prefix("  ") {
            return Some(format!("parts/{container}/{inner}"));
        }
        if line.ends_with(".xlsx") {
            container = line;
            return None;
        }
        (!line.is_empty() && !line.contains(" sha256=")).then(|| format!("parts/{line}"))
    })
}

/// Per part, the content most cases have, if at least two have it; on a tie, the content of
/// the alphabetically first case holding it (`cases` is sorted by name).
fn choose_shared(cases: &[Case]) -> Files {
    let mut holders: BTreeMap<&str, BTreeMap<&[u8], Vec<&str>>> = BTreeMap::new();
    for case in cases {
        for (name, bytes) in case.actual.iter().filter(|(n, _)| is_part(n)) {
            let by_content = holders.entry(name.as_str()).or_default();
            by_content
                .entry(bytes.as_slice())
                .or_default()
                .push(&case.name);
        }
    }
    let mut shared = Files::new();
    for (name, by_content) in holders {
        let best = by_content
            .into_iter()
            .max_by(|(_, a), (_, b)| a.len().cmp(&b.len()).then_with(|| b[0].cmp(a[0])));
        if let Some((bytes, _)) = best.filter(|(_, holders)| holders.len() >= 2) {
            shared.insert(name.to_string(), bytes.to_vec());
        }
    }
    shared
}

/// What a case stores: its output minus the parts equal to the shared version.
fn overrides(actual: &Files, shared: &Files) -> Files {
    actual
        .iter()
        .filter(|(name, bytes)| shared.get(*name) != Some(*bytes))
        .map(|(name, bytes)| (name.clone(), bytes.clone()))
        .collect()
}

/// Rewrites `_shared/` and every case's `expected/` from the actual outputs.
fn bless(cases: &[Case]) {
    let shared = choose_shared(cases);
    write_all(&shared_dir(), &shared);
    for case in cases {
        write_all(&case.expected_dir(), &overrides(&case.actual, &shared));
    }
}

/// Where one expected file of a case lives.
enum Source {
    Case(PathBuf),
    Shared(PathBuf),
    /// Named in the case's manifest, but neither the case nor `_shared/` has it.
    Missing,
}

impl Source {
    fn describe(&self) -> String {
        match self {
            Source::Case(p) => format!("case file {}", shown(p)),
            Source::Shared(p) => format!("shared file {}", shown(p)),
            Source::Missing => format!("neither the case nor golden/slides/{SHARED}/"),
        }
    }
}

/// The complete expected output of a case: its own files, plus the shared file for every XML
/// part its `manifest.txt` names that it does not override.
fn expected_sources(expected_dir: &Path) -> BTreeMap<String, Source> {
    let mut sources: BTreeMap<String, Source> = relative_files(expected_dir)
        .into_iter()
        .map(|name| {
            let path = expected_dir.join(&name);
            (name, Source::Case(path))
        })
        .collect();
    let manifest = std::fs::read_to_string(expected_dir.join("manifest.txt")).unwrap_or_default();
    for part in manifest_parts(&manifest) {
        let shared = shared_dir().join(&part);
        sources.entry(part).or_insert(if shared.is_file() {
            Source::Shared(shared)
        } else {
            Source::Missing
        });
    }
    sources
}

/// One line per expected file that is missing, stray or different.
fn compare(actual: &Files, expected: &BTreeMap<String, Source>) -> Vec<String> {
    let mut diffs = Vec::new();
    for (name, source) in expected {
        match (source, actual.get(name)) {
            (Source::Missing, _) => diffs.push(format!(
                "{name}: named in the expected manifest.txt, but in {}",
                source.describe()
            )),
            (Source::Case(_), None) => {
                diffs.push(format!("{}: not in the output", source.describe()))
            }
            (Source::Shared(_), None) => diffs.push(format!(
                "{name}: expected ({}), not in the output",
                source.describe()
            )),
            (Source::Case(p) | Source::Shared(p), Some(bytes)) => {
                if std::fs::read(p).ok().as_ref() != Some(bytes) {
                    diffs.push(format!("{name} differs from {}", source.describe()));
                }
            }
        }
    }
    for name in actual.keys().filter(|n| !expected.contains_key(*n)) {
        diffs.push(format!(
            "{name}: in the output, but neither expected/ nor its manifest.txt has it"
        ));
    }
    diffs
}

/// Writes a new case's files (relative to the shared parts now on disk) for review.
fn write_new_case(case: &Case) -> String {
    let shared = read_files(&shared_dir());
    write_all(&case.expected_dir(), &overrides(&case.actual, &shared));
    format!(
        "{}: new golden case written to {}; review and commit it",
        case.name,
        shown(&case.expected_dir())
    )
}

/// Shared files that no case's expected output refers to.
fn unused_shared(used: &BTreeSet<PathBuf>) -> Vec<String> {
    relative_files(&shared_dir())
        .into_iter()
        .map(|name| shared_dir().join(name))
        .filter(|p| !used.contains(p))
        .map(|p| format!("{}: used by no case (re-bless to remove it)", shown(&p)))
        .collect()
}

#[test]
fn golden_slides() {
    let cases = render_cases();
    assert!(cases.len() >= 12, "at least 12 golden cases");
    if std::env::var_os("SPECRENDER_BLESS").is_some() {
        bless(&cases);
        return;
    }
    let mut failures = Vec::new();
    let mut used = BTreeSet::new();
    for case in &cases {
        if !case.expected_dir().exists() {
            failures.push(write_new_case(case));
        }
        let expected = expected_sources(&case.expected_dir());
        used.extend(expected.values().filter_map(|s| match s {
            Source::Shared(p) => Some(p.clone()),
            _ => None,
        }));
        let diffs = compare(&case.actual, &expected);
        if !diffs.is_empty() {
            let actual_dir = root().join("target/golden-actual").join(&case.name);
            write_all(&actual_dir, &case.actual);
            failures.push(format!(
                "{} (complete actual output in {}):\n    {}",
                case.name,
                shown(&actual_dir),
                diffs.join("\n    ")
            ));
        }
    }
    failures.extend(unused_shared(&used));
    assert!(
        failures.is_empty(),
        "golden mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn rendering_twice_gives_identical_bytes() {
    let cases_dir = root().join("golden/slides");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path().join("input.json"))
        .filter(|p| p.exists())
        .collect();
    inputs.push(root().join("examples/quarterly-review.json"));
    inputs.sort();
    for input in inputs {
        let a = specrender_renderer::pptx(&laid_from(&input).0).expect("render");
        let b = specrender_renderer::pptx(&laid_from(&input).0).expect("render");
        assert!(a == b, "{}: two renders differ", input.display());
    }
}
