//! Docs that cannot rot (issue 42): every field of both input schemas has an entry in
//! docs/guide/input.md, every QC finding type and every input code has one in
//! docs/concepts/findings.md, every relative link and `#anchor` in README.md, docs/ and the
//! reports resolves, no file of the repository cites a file outside it, and the README stays
//! short and keeps the commands `.ci/run` relies on, with inline examples equal to the files
//! it names.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

// ---------------------------------------------------------------- the input schemas

/// Every property path of a schema, `[]` for an array's items: `deck.slides[].slide_id`. Follows
/// `$ref` into `$defs`, `allOf` / `anyOf` / `oneOf` and `then` (the per-kind content rules), and
/// `items`.
fn schema_paths(schema: &Value) -> BTreeSet<String> {
    fn walk(node: &Value, root: &Value, path: &str, out: &mut BTreeSet<String>, depth: usize) {
        assert!(depth < 64, "schema nesting too deep at {path}");
        if let Some(r) = node.get("$ref").and_then(Value::as_str) {
            let name = r.strip_prefix("#/$defs/").expect("local $ref");
            walk(&root["$defs"][name], root, path, out, depth + 1);
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            for sub in node
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                walk(sub, root, path, out, depth + 1);
            }
        }
        if let Some(then) = node.get("then") {
            walk(then, root, path, out, depth + 1);
        }
        if let Some(props) = node.get("properties").and_then(Value::as_object) {
            for (name, p) in props {
                let full = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path}.{name}")
                };
                out.insert(full.clone());
                walk(p, root, &full, out, depth + 1);
            }
        }
        if let Some(items) = node.get("items").filter(|i| i.is_object()) {
            walk(items, root, &format!("{path}[]"), out, depth + 1);
        }
    }
    let mut out = BTreeSet::new();
    walk(schema, schema, "", &mut out, 0);
    out
}

/// The fields a guide documents: the first cell of every table row, when it is one code span
/// (`` | `deck.title` | ``).
fn table_entries(md: &str) -> BTreeSet<String> {
    md.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once("` |").map(|(name, _)| name.to_string()))
        .collect()
}

#[test]
fn every_schema_field_has_an_entry_in_the_input_guide() {
    let guide = table_entries(&read("docs/guide/input.md"));
    let mut missing = Vec::new();
    let mut total = 0;
    for schema in [
        "spec/schema/slidespec-v1.schema.json",
        "spec/schema/docspec-v1.schema.json",
    ] {
        let v: Value = serde_json::from_str(&read(schema)).unwrap();
        let paths = schema_paths(&v);
        assert!(
            paths.len() > 30,
            "{schema}: only {} fields found",
            paths.len()
        );
        total += paths.len();
        missing.extend(
            paths
                .into_iter()
                .filter(|p| !guide.contains(p))
                .map(|p| format!("{schema}: {p}")),
        );
    }
    assert!(
        missing.is_empty(),
        "docs/guide/input.md has no table row `| `FIELD` |` for {} of {total} schema fields:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_input_guide_documents_no_field_the_schemas_lack() {
    let mut known = BTreeSet::new();
    for schema in [
        "spec/schema/slidespec-v1.schema.json",
        "spec/schema/docspec-v1.schema.json",
    ] {
        let v: Value = serde_json::from_str(&read(schema)).unwrap();
        known.extend(schema_paths(&v));
    }
    let stale: Vec<String> = table_entries(&read("docs/guide/input.md"))
        .into_iter()
        .filter(|f| !known.contains(f))
        .collect();
    assert!(
        stale.is_empty(),
        "docs/guide/input.md documents fields no schema has: {stale:?}"
    );
}

// ---------------------------------------------------------------- QC findings

/// Every issue `type` the QC report can carry as its own variant: the strings of
/// `IssueKind::as_str` (qc/src/kind.rs), read from the source since the enum has no list.
fn issue_types() -> BTreeSet<String> {
    let src = read("qc/src/kind.rs");
    let body = src
        .split("pub fn as_str(self)")
        .nth(1)
        .expect("qc/src/kind.rs: IssueKind::as_str");
    let body = &body[..body.find("\n    }\n").expect("end of as_str")];
    let types: BTreeSet<String> = body
        .lines()
        .filter_map(|l| l.split_once("=> \"").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('"').map(|(s, _)| s.to_string()))
        .collect();
    assert!(
        types.len() >= 20 && types.contains("overflow") && types.contains("heading_skip"),
        "qc/src/kind.rs was not read as expected: {types:?}"
    );
    types
}

/// `### `type`` headings of docs/concepts/findings.md.
fn finding_headings(md: &str) -> BTreeSet<String> {
    md.lines()
        .filter_map(|l| l.strip_prefix("### `"))
        .filter_map(|l| l.strip_suffix('`'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_qc_finding_type_has_an_entry_in_the_findings_page() {
    let md = read("docs/concepts/findings.md");
    let headings = finding_headings(&md);
    let types = issue_types();
    let missing: Vec<&String> = types.iter().filter(|t| !headings.contains(*t)).collect();
    assert!(
        missing.is_empty(),
        "docs/concepts/findings.md has no `### `TYPE`` section for the QC issue types {missing:?}"
    );
    let stale: Vec<&String> = headings.iter().filter(|h| !types.contains(*h)).collect();
    assert!(
        stale.is_empty(),
        "docs/concepts/findings.md has sections for types QC does not emit: {stale:?}"
    );
}

#[test]
fn every_input_code_has_an_entry_in_the_findings_page() {
    // Codes are validation errors and warnings, and (`IssueKind::Input`) QC issue types of
    // their own: every one is in the table of input codes.
    let rows = table_entries(&read("docs/concepts/findings.md"));
    let missing: Vec<&str> = specrender_spec::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !rows.contains(*c))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/concepts/findings.md has no `| `CODE` |` row for the input codes {missing:?}"
    );
}

// ---------------------------------------------------------------- links

/// The Markdown files whose links must resolve.
fn doc_files() -> Vec<PathBuf> {
    fn md_under(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                md_under(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut out: Vec<PathBuf> = [
        "README.md",
        "CHANGELOG.md",
        "benches/README.md",
        "fuzz/README.md",
        "python/README.md",
    ]
    .iter()
    .map(|f| root().join(f))
    .filter(|p| p.exists())
    .collect();
    for dir in [
        "docs",
        "benches/reports",
        "conformance/reports",
        "fuzz/reports",
    ] {
        md_under(&root().join(dir), &mut out);
    }
    out.sort();
    out
}

/// GitHub's anchor for a heading: lower case, everything but letters, digits, spaces, `-` and
/// `_` dropped, spaces as `-`.
fn slug(text: &str) -> String {
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A page's anchors (a repeated heading gets `-1`, `-2`… as on GitHub) and its links with the
/// line they are on.
fn parse(md: &str) -> (BTreeSet<String>, Vec<(usize, String)>) {
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut links = Vec::new();
    let mut heading: Option<String> = None;
    for (event, range) in Parser::new(md).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let s = slug(&heading.take().unwrap_or_default());
                let n = seen.entry(s.clone()).or_insert(0);
                anchors.insert(if *n == 0 {
                    s.clone()
                } else {
                    format!("{s}-{n}")
                });
                *n += 1;
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                let line = md[..range.start].matches('\n').count() + 1;
                links.push((line, dest_url.to_string()));
            }
            _ => {}
        }
    }
    (anchors, links)
}

/// `a/b/../c` without touching the file system; `None` when it climbs above the repository.
fn normalise(p: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

#[test]
fn every_relative_link_and_anchor_in_the_docs_resolves() {
    let files = doc_files();
    assert!(
        files.len() > 20,
        "only {} Markdown files found",
        files.len()
    );
    let mut anchors_of: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut links_of = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap().to_path_buf();
        let (anchors, links) = parse(&fs::read_to_string(f).unwrap());
        anchors_of.insert(rel.clone(), anchors);
        links_of.push((rel, links));
    }
    let mut bad = Vec::new();
    for (file, links) in &links_of {
        for (line, url) in links {
            if url.contains("://") || url.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = url.split_once('#').unwrap_or((url, ""));
            let target = if path.is_empty() {
                Some(file.clone())
            } else if path.starts_with('/') {
                None
            } else {
                normalise(&file.parent().unwrap().join(path))
            };
            let Some(target) = target else {
                bad.push(format!(
                    "{}:{line}: {url}: outside the repository",
                    file.display()
                ));
                continue;
            };
            if !root().join(&target).exists() {
                bad.push(format!("{}:{line}: {url}: no such file", file.display()));
                continue;
            }
            if anchor.is_empty() {
                continue;
            }
            match anchors_of.get(&target) {
                Some(a) if a.contains(anchor) => {}
                Some(_) => bad.push(format!(
                    "{}:{line}: {url}: no heading #{anchor}",
                    file.display()
                )),
                None => bad.push(format!(
                    "{}:{line}: {url}: an anchor into a file the check does not read",
                    file.display()
                )),
            }
        }
    }
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(slug("The `serve` protocol"), "the-serve-protocol");
    assert_eq!(
        slug("Documents (DOCX) in LibreOffice Writer"),
        "documents-docx-in-libreoffice-writer"
    );
    assert_eq!(slug("Asian–Latin autospace"), "asianlatin-autospace");
    assert_eq!(slug("Charts: what they cost"), "charts-what-they-cost");
    let (anchors, links) = parse("# A\n\n## A\n\n[x](b.md#a-1) `[y](z)`\n");
    assert_eq!(
        anchors,
        BTreeSet::from(["a".to_string(), "a-1".to_string()])
    );
    assert_eq!(links, vec![(5, "b.md#a-1".to_string())]);
}

// ---------------------------------------------------------------- nothing cited from outside

#[test]
fn no_file_cites_a_file_outside_the_repository() {
    // The product specification and style guide the project started from live outside the
    // repository; what the project relies on is stated in docs/ (issue 42).
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            let name = e.file_name();
            let name = name.to_string_lossy();
            if p.is_dir() {
                if !matches!(name.as_ref(), "target" | ".git" | "fixtures" | "data") {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|x| {
                matches!(x.to_str(), Some("rs" | "md" | "py" | "sh" | "toml" | "pyi"))
            }) || name == "run"
            {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(root(), &mut files);
    assert!(files.len() > 100, "only {} files found", files.len());
    // Spelled in pieces so this file does not cite them itself.
    let cited = [
        ["PRODUCT", ".md"].concat(),
        ["STYLE", ".md"].concat(),
        ["seeds", "/"].concat(),
        ["platform-design", "-ko"].concat(),
        ["../", "shared/"].concat(),
    ];
    let mut bad = Vec::new();
    for f in &files {
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if let Some(c) = cited.iter().find(|c| line.contains(c.as_str())) {
                bad.push(format!(
                    "{}:{}: cites {c}",
                    f.strip_prefix(root()).unwrap().display(),
                    n + 1
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "files citing files outside the repository (cite the docs/ page that states the rule):\n{}",
        bad.join("\n")
    );
}

// ---------------------------------------------------------------- the README

#[test]
fn the_readme_is_short_and_keeps_its_commands() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 200, "README.md has {lines} lines (at most 200)");
    assert!(
        readme.len() <= 12 * 1024,
        "README.md has {} bytes (at most 12 KB)",
        readme.len()
    );
    // The two fresh-machine commands: the example rendered (PPTX + QC JSON), the tests run;
    // `.ci/run` runs the same test command.
    let render = "cargo run --release -- render examples/quarterly-review.json -o target/quarterly-review.pptx --qc target/quarterly-review.qc.json";
    assert!(
        readme.contains(render),
        "README.md lost its render command: {render}"
    );
    assert!(
        readme.contains("cargo test --workspace"),
        "README.md lost its test command"
    );
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == "cargo test --workspace"),
        ".ci/run no longer runs the README's test command"
    );
}

/// The ```json blocks of a Markdown text, in order.
fn json_blocks(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in md.lines() {
        match (&mut current, line.trim()) {
            (None, "```json") => current = Some(String::new()),
            (Some(_), "```") => out.push(current.take().unwrap()),
            (Some(c), _) => {
                c.push_str(line);
                c.push('\n');
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_readmes_minimal_inputs_are_the_example_files_and_valid() {
    let blocks = json_blocks(&read("README.md"));
    for (file, version) in [
        ("examples/hello-deck.json", "slidespec_v1"),
        ("examples/hello-doc.json", "docspec_v1"),
    ] {
        let on_disk: Value = serde_json::from_str(&read(file)).unwrap();
        let inline = blocks
            .iter()
            .filter_map(|b| serde_json::from_str::<Value>(b).ok())
            .find(|v| v["spec_version"] == version)
            .unwrap_or_else(|| panic!("README.md shows no {version} input"));
        assert_eq!(
            inline, on_disk,
            "README.md's {version} example differs from {file}"
        );
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_specrender"))
            .args(["validate", file])
            .current_dir(root())
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}: {report}");
        assert_eq!(report["warning_count"], 0, "{file}: {report}");
    }
}
