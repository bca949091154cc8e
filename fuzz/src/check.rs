//! The invariants every input must keep (issue 14): no panic (a caught panic is an internal
//! error, exit 4), every finding located by a well-formed JSON Pointer that names a place in
//! the input, the same bytes on a second run, a PPTX that is a zip whose every part is
//! well-formed XML, every shape offset and extent within OOXML's ranges, and the time and heap
//! a case takes within bounds (measured by the caller).

use std::io::Read;

use specrender::spec::Code;
use specrender::{Error, FontBook, Outcome, ParseOptions, RenderOptions};

/// How a render refused for the job's work budget is reported (a failure of a fuzz case;
/// an answer at the schemas' limits, [`limits`]).
const OVER_BUDGET: &str = "refused over the work budget (work_budget, exit 2)";

/// What one input went through.
#[derive(Debug, Default, Clone)]
pub struct Reached {
    pub valid: bool,
    pub rendered: bool,
    pub twice: bool,
    /// Refused by a bound of the JSON reader (`too_many_values`, `too_deep`): (code, JSON
    /// Pointer).
    pub read_limit: Option<(String, String)>,
}

/// ST_Coordinate (a:off) and ST_PositiveCoordinate (a:ext) bounds, ECMA-376 Part 1 §20.1.10.
const COORD_MIN: i64 = -27_273_042_329_600;
const COORD_MAX: i64 = 27_273_042_316_900;

/// Findings that describe the whole input (their path may be empty or name nothing).
const WHOLE: &[&str] = &[
    "too_large",
    "malformed_json",
    "no_json_found",
    "too_deep",
    "too_many_values",
];

/// Run `input` through validate, and (a valid SlideSpec or DocSpec) qc and render; `twice` renders again
/// for determinism.
pub fn check(input: &[u8], fonts: &FontBook, twice: bool) -> Result<Reached, String> {
    check_with(input, fonts, twice, None, true)
}

/// [`check`] with the assets read from `assets` (default: none, so every file asset is
/// missing), and the layout JSON built or not: how `--limits` runs an input at the schemas'
/// limits.
pub fn check_with(
    input: &[u8],
    fonts: &FontBook,
    twice: bool,
    assets: Option<&std::path::Path>,
    layout_json: bool,
) -> Result<Reached, String> {
    let parse = ParseOptions::default();
    let v = specrender::validate(input, &parse).map_err(|e| format!("validate: {e}"))?;
    // The findings' pointers are looked up in the input's text, in one pass that keeps only
    // what it looks for: the heap a case is measured for is the engine's, not the harness's
    // (a serde_json tree of the input was 240 MiB for 4 MB of one-key objects, and held
    // through render about 90 MiB of a dense 3.3 MB deck's peak).
    let known = {
        let findings: Vec<_> = v.errors.iter().chain(&v.warnings).collect();
        for f in &findings {
            pointer_syntax(&f.path, f.code.as_str())?;
        }
        let wanted: Vec<&str> = findings
            .iter()
            .filter(|f| !WHOLE.contains(&f.code.as_str()))
            .map(|f| f.path.as_str())
            .collect();
        let (found, version) = look_up(input, &wanted).unwrap_or((vec![true; wanted.len()], None));
        if let Some(i) = found.iter().position(|ok| !ok) {
            let f = findings
                .iter()
                .filter(|f| !WHOLE.contains(&f.code.as_str()))
                .nth(i)
                .expect("one finding per pointer looked up");
            return Err(format!(
                "finding {} points at {:?}, which is not in the input",
                f.code.as_str(),
                f.path
            ));
        }
        // Both formats render: SlideSpec to PPTX, DocSpec to DOCX.
        version.is_some_and(|s| s == "slidespec_v1" || s == "docspec_v1")
    };
    let mut r = Reached {
        valid: v.valid,
        read_limit: v
            .errors
            .first()
            .filter(|e| matches!(e.code, Code::TooManyValues | Code::TooDeep))
            .map(|e| (e.code.as_str().to_string(), e.path.clone())),
        ..Default::default()
    };
    if !v.valid || !known {
        return Ok(r);
    }
    let opts = RenderOptions {
        layout_json,
        assets_root: assets.map(|a| a.to_path_buf()),
        ..Default::default()
    };
    let a = render(input, fonts, &opts)?;
    r.rendered = true;
    let pptx = a.file_bytes().ok_or("render gave no PPTX or DOCX")?;
    check_package(pptx)?;
    let layout_a = layout_digest(&a)?;
    if twice {
        let b = render(input, fonts, &opts)?;
        if a.pptx != b.pptx || a.docx != b.docx {
            return Err("PPTX or DOCX bytes differ between two runs".into());
        }
        if a.qc.to_json() != b.qc.to_json() || layout_a != layout_digest(&b)? {
            return Err("QC or layout JSON differ between two runs".into());
        }
        let q = specrender::run_qc(input, fonts, &opts).map_err(|e| format!("qc: {e}"))?;
        if q.qc.to_json() != a.qc.to_json() {
            return Err("qc and render disagree on the QC report".into());
        }
        r.twice = true;
    }
    Ok(r)
}

/// The layout JSON written as the CLI writes it (streamed, never held: into a sink that keeps
/// its length and a hash of its bytes), checked to be one JSON value; `None` without it.
fn layout_digest(o: &Outcome) -> Result<Option<(u64, u64)>, String> {
    use std::hash::Hasher;
    struct Digest(
        std::collections::hash_map::DefaultHasher,
        u64,
        Option<u8>,
        Option<u8>,
    );
    impl std::io::Write for Digest {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.write(b);
            self.1 += b.len() as u64;
            self.2 = self.2.or(b.first().copied());
            self.3 = b.last().copied().or(self.3);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let Some(l) = &o.layout else {
        return Ok(None);
    };
    let mut d = Digest(Default::default(), 0, None, None);
    l.write_pretty(std::io::BufWriter::new(&mut d))
        .map_err(|e| format!("writing the layout JSON: {e}"))?;
    if (d.2, d.3) != (Some(b'{'), Some(b'}')) {
        return Err("the layout JSON is not one object".into());
    }
    Ok(Some((d.0.finish(), d.1)))
}

fn render(input: &[u8], fonts: &FontBook, opts: &RenderOptions) -> Result<Outcome, String> {
    match specrender::render(input, fonts, opts) {
        Ok(o) => Ok(o),
        Err(Error::Internal(m)) => Err(format!("internal error (exit 4): {m}")),
        Err(Error::Input(specrender::spec::SpecFailure::Invalid(f)))
            if f.list.iter().any(|e| e.code == Code::WorkBudget) =>
        {
            Err(format!(
                "{OVER_BUDGET} at {}: {}",
                f.list[0].path, f.list[0].message
            ))
        }
        Err(e) => Err(format!("a valid input failed to render: {e}")),
    }
}

/// RFC 6901 syntax.
fn pointer_syntax(path: &str, code: &str) -> Result<(), String> {
    let syntax = path.is_empty()
        || (path.starts_with('/')
            && path
                .match_indices('~')
                .all(|(i, _)| matches!(path.as_bytes().get(i + 1), Some(b'0' | b'1'))));
    if !syntax {
        return Err(format!(
            "finding {code} has a malformed JSON Pointer {path:?}"
        ));
    }
    Ok(())
}

/// Which of `pointers` name a place in `input`, and the top level's
/// `spec_version` when it is a string (the last one given, as readers keep it); `None` when
/// `input` is not JSON. One pass over the text that descends only where a pointer leads.
pub fn look_up(input: &[u8], pointers: &[&str]) -> Option<(Vec<bool>, Option<String>)> {
    use serde::de::DeserializeSeed;
    let tokens: Vec<Vec<String>> = pointers
        .iter()
        .map(|p| {
            if p.is_empty() {
                Vec::new()
            } else {
                p[1..]
                    .split('/')
                    .map(|t| t.replace("~1", "/").replace("~0", "~"))
                    .collect()
            }
        })
        .collect();
    let mut found = vec![false; pointers.len()];
    let mut version = None;
    let mut de = serde_json::Deserializer::from_slice(input);
    Walk {
        tokens: &tokens,
        live: (0..tokens.len()).map(|i| (i, 0)).collect(),
        found: &mut found,
        version: Some(&mut version),
    }
    .deserialize(&mut de)
    .ok()?;
    de.end().ok()?;
    Some((found, version))
}

/// One value of [`look_up`]'s pass: `live` are (pointer, tokens matched so far) that lead here;
/// `version` is set at the top level only.
struct Walk<'a> {
    tokens: &'a [Vec<String>],
    live: Vec<(usize, usize)>,
    found: &'a mut Vec<bool>,
    version: Option<&'a mut Option<String>>,
}

impl<'de> serde::de::DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(mut self, d: D) -> Result<(), D::Error> {
        let tokens = self.tokens;
        self.live.retain(|&(i, at)| {
            if at == tokens[i].len() {
                self.found[i] = true;
                return false;
            }
            true
        });
        if self.live.is_empty() && self.version.is_none() {
            <serde::de::IgnoredAny as serde::Deserialize>::deserialize(d)?;
            return Ok(());
        }
        d.deserialize_any(self)
    }
}

impl Walk<'_> {
    fn child(&mut self, token: &str) -> Vec<(usize, usize)> {
        self.live
            .iter()
            .filter(|&&(i, at)| self.tokens[i][at] == token)
            .map(|&(i, at)| (i, at + 1))
            .collect()
    }
}

impl<'de> serde::de::Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut n = 0usize;
        loop {
            let live = self.child(&n.to_string());
            let more = if live.is_empty() {
                seq.next_element::<serde::de::IgnoredAny>()?.is_some()
            } else {
                seq.next_element_seed(Walk {
                    tokens: self.tokens,
                    live,
                    found: &mut *self.found,
                    version: None,
                })?
                .is_some()
            };
            if !more {
                return Ok(());
            }
            n += 1;
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            let live = self.child(&key);
            if key == "spec_version" && self.version.is_some() {
                let raw = map.next_value::<&serde_json::value::RawValue>()?;
                if let Some(v) = self.version.as_deref_mut() {
                    *v = serde_json::from_str::<String>(raw.get()).ok();
                }
                let mut de = serde_json::Deserializer::from_str(raw.get());
                serde::de::DeserializeSeed::deserialize(
                    Walk {
                        tokens: self.tokens,
                        live,
                        found: &mut *self.found,
                        version: None,
                    },
                    &mut de,
                )
                .map_err(serde::de::Error::custom)?;
                continue;
            }
            if live.is_empty() {
                map.next_value::<serde::de::IgnoredAny>()?;
            } else {
                map.next_value_seed(Walk {
                    tokens: self.tokens,
                    live,
                    found: &mut *self.found,
                    version: None,
                })?;
            }
        }
        Ok(())
    }
}

/// The package opens as a zip; every XML part is well-formed; every `a:off` / `a:ext` is within
/// OOXML's coordinate ranges.
pub fn check_package(pptx: &[u8]) -> Result<(), String> {
    let mut zip =
        zip::ZipArchive::new(std::io::Cursor::new(pptx)).map_err(|e| format!("zip: {e}"))?;
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).map_err(|e| format!("zip entry {i}: {e}"))?;
        let name = f
            .name()
            .map_err(|e| format!("zip entry {i}: {e}"))?
            .to_string();
        if !(name.ends_with(".xml") || name.ends_with(".rels")) {
            continue;
        }
        let mut text = Vec::new();
        f.read_to_end(&mut text)
            .map_err(|e| format!("{name}: {e}"))?;
        xml_ok(&name, &text)?;
    }
    Ok(())
}

fn xml_ok(name: &str, text: &[u8]) -> Result<(), String> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_reader(text);
    let mut buf = Vec::new();
    let mut depth: i64 = 0;
    loop {
        match r.read_event_into(&mut buf) {
            Ok(Event::Eof) => break,
            Ok(Event::Start(e)) => {
                depth += 1;
                coords(name, &e)?;
            }
            Ok(Event::Empty(e)) => coords(name, &e)?,
            Ok(Event::End(_)) => depth -= 1,
            Ok(_) => {}
            Err(e) => return Err(format!("{name}: not well-formed XML: {e}")),
        }
        buf.clear();
    }
    if depth != 0 {
        return Err(format!("{name}: unbalanced elements"));
    }
    Ok(())
}

fn coords(name: &str, e: &quick_xml::events::BytesStart) -> Result<(), String> {
    let tag = e.name().as_ref().to_string();
    let (keys, min): (&[&str], i64) = match tag.as_str() {
        "a:off" | "a:chOff" => (&["x", "y"], COORD_MIN),
        "a:ext" | "a:chExt" => (&["cx", "cy"], 0),
        _ => return Ok(()),
    };
    for a in e.attributes().flatten() {
        let key = a.key.as_ref().to_string();
        if !keys.contains(&key.as_str()) {
            continue;
        }
        let v: &str = &a.value;
        let n: i64 = v
            .parse()
            .map_err(|_| format!("{name}: {tag} {key}={v:?} is not an integer"))?;
        if n < min || n > COORD_MAX {
            return Err(format!("{name}: {tag} {key}={n} is outside OOXML's range"));
        }
    }
    Ok(())
}

/// What `--limits` saw of one input at the schemas' limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Limited {
    /// Written: validated, rendered (PPTX or DOCX, QC), the package checked.
    Written,
    /// Refused as designed: over the job's work budget (`work_budget`, exit 2), at this JSON
    /// Pointer.
    OverBudget(String),
    /// Refused as designed by a bound of the JSON reader (exit 2): (code, JSON Pointer).
    ReadLimit(String, String),
    /// Refused by validation (exit 2): an input made to be refused.
    Invalid,
}

/// One input at the schemas' limits through validate and render with its assets (`assets`:
/// the folder its files are read from), as [`check`] runs a fuzz case but rendered once (a
/// second run would measure the harness keeping two outputs, not the engine) and as `render`
/// and `render --layout` runs: with the layout JSON, written as the CLI writes it into its file
/// (streamed from the laid deck, never held whole). A refusal for the work budget is an
/// answer, not a failure.
pub fn limits(input: &[u8], fonts: &FontBook, assets: &std::path::Path) -> Result<Limited, String> {
    match check_with(input, fonts, false, Some(assets), true) {
        Ok(r) if r.rendered => Ok(Limited::Written),
        Ok(Reached {
            read_limit: Some((code, at)),
            ..
        }) => Ok(Limited::ReadLimit(code, at)),
        Ok(Reached { valid: false, .. }) => Ok(Limited::Invalid),
        Ok(_) => Err("not a valid SlideSpec or DocSpec".into()),
        Err(e) if e.starts_with(OVER_BUDGET) => {
            let at = e[OVER_BUDGET.len()..].trim_start_matches(" at ");
            Ok(Limited::OverBudget(
                at.split(':').next().unwrap_or("").to_string(),
            ))
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::look_up;

    #[test]
    fn pointers_are_looked_up_in_the_text_without_a_tree() {
        let input =
            br#"{"spec_version": 1, "a": [{"b/c": {"~d": 1}}, 2], "spec_version": "slidespec_v1"}"#;
        let (found, version) = look_up(
            input,
            &[
                "",
                "/a",
                "/a/0/b~1c/~0d",
                "/a/1",
                "/a/2",
                "/x",
                "/a/0/b~1c/d",
                "/spec_version",
            ],
        )
        .unwrap();
        assert_eq!(found, [true, true, true, true, false, false, false, true]);
        // The last `spec_version`, as readers keep it.
        assert_eq!(version.as_deref(), Some("slidespec_v1"));
        assert!(look_up(b"{} x", &[]).is_none());
    }
}
