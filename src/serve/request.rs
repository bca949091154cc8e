//! One `serve` request line, read without building its `spec` (serde_json `RawValue`: the
//! spec's bytes go to [`crate::parse`] as they are, within its bounds), and checked strictly:
//! an unknown member or option, a value of the wrong type, or a `max_bytes` that is not a whole
//! number from 1 to the worker's own limit is a bad request (a request may lower the worker's
//! limits, never raise them).

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::JobOptions;

/// The members of a request line, each still raw JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    #[serde(default, borrow)]
    id: Option<&'a RawValue>,
    #[serde(default, borrow)]
    op: Option<&'a RawValue>,
    #[serde(default, borrow)]
    spec: Option<&'a RawValue>,
    #[serde(default, borrow)]
    options: Option<&'a RawValue>,
    #[serde(default, borrow)]
    output: Option<&'a RawValue>,
    #[serde(default, borrow)]
    layout: Option<&'a RawValue>,
}

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Validate,
    Qc,
    Render,
    Preview,
    /// A deck's PDF (`output`: the .pdf path), drawn from the laid-out deck.
    Pdf,
}

/// `preview`'s options: `width` (16..=8192 px), `highlight` (bool), `sheet` (bool: also the
/// contact sheet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewRequest {
    pub width: u32,
    pub highlight: bool,
    pub sheet: bool,
}

impl Default for PreviewRequest {
    fn default() -> Self {
        PreviewRequest {
            width: specrender_preview::DEFAULT_WIDTH,
            highlight: false,
            sheet: false,
        }
    }
}

/// A checked request.
#[derive(Debug)]
pub struct Request {
    pub op: Op,
    /// The input bytes: the spec object's JSON text, or the string's contents.
    pub input: Vec<u8>,
    /// The job's options (`options`; `max_bytes` the worker's limit unless lowered, one
    /// thread).
    pub job: JobOptions,
    pub layout: bool,
    /// `render`: the output path as given; `preview`: the folder to write the PNGs into
    /// (none: the PNGs come back base64-encoded in the response).
    pub output: Option<String>,
    /// `preview` only: its options.
    pub preview: PreviewRequest,
}

/// Longest `id` string echoed back, in bytes.
const MAX_ID: usize = 1024;
/// Longest `options` object, in bytes.
const MAX_OPTIONS: usize = 64 * 1024;

/// The request's `id`, to echo (`null` when there is none or it is not a short scalar), and
/// the request or why it is bad.
pub fn read(line: &[u8], max_bytes: usize) -> (Value, Result<Request, String>) {
    let env: Envelope = match serde_json::from_slice(line) {
        Ok(e) => e,
        Err(e) => return (Value::Null, Err(e.to_string())),
    };
    let id = match env.id.map(id_value).transpose() {
        Ok(id) => id.unwrap_or(Value::Null),
        Err(e) => return (Value::Null, Err(e)),
    };
    (id, check(&env, max_bytes))
}

fn id_value(raw: &RawValue) -> Result<Value, String> {
    let t = raw.get();
    let ok = t.len() <= MAX_ID
        && (t.starts_with('"')
            || t.starts_with('-')
            || t.starts_with(|c: char| c.is_ascii_digit()));
    if !ok {
        return Err(format!(
            "\"id\" must be a string (at most {MAX_ID} bytes) or a number"
        ));
    }
    serde_json::from_str(t).map_err(|e| format!("\"id\": {e}"))
}

fn check(env: &Envelope, max_bytes: usize) -> Result<Request, String> {
    let op = match env.op.map(|r| serde_json::from_str::<&str>(r.get())) {
        Some(Ok("validate")) => Op::Validate,
        Some(Ok("qc")) => Op::Qc,
        Some(Ok("render")) => Op::Render,
        Some(Ok("preview")) => Op::Preview,
        Some(Ok("pdf")) => Op::Pdf,
        Some(Ok(other)) => {
            return Err(format!(
                "unknown op {other:?} (validate|qc|render|preview|pdf)"
            ))
        }
        _ => {
            return Err(
                "\"op\" must be \"validate\", \"qc\", \"render\", \"preview\" or \"pdf\"".into(),
            )
        }
    };
    let input = spec_bytes(env.spec)?;
    let (job, preview) = options(env.options, max_bytes)?;
    if op != Op::Preview && preview != PreviewRequest::default() {
        return Err("\"width\", \"highlight\" and \"sheet\" are options of preview only".into());
    }
    let layout = match env.layout {
        None => false,
        Some(r) => serde_json::from_str::<bool>(r.get())
            .map_err(|_| "\"layout\" must be true or false".to_string())?,
    };
    let output = match (op, env.output) {
        (Op::Render, Some(r)) => Some(
            serde_json::from_str::<String>(r.get())
                .map_err(|_| "\"output\" must be a path (a string)".to_string())?,
        ),
        (Op::Render, None) => return Err("render needs \"output\": the PPTX path to write".into()),
        (Op::Pdf, Some(r)) => Some(
            serde_json::from_str::<String>(r.get())
                .map_err(|_| "\"output\" must be a path (a string)".to_string())?,
        ),
        (Op::Pdf, None) => return Err("pdf needs \"output\": the PDF path to write".into()),
        (Op::Preview, Some(r)) => Some(
            serde_json::from_str::<String>(r.get())
                .map_err(|_| "\"output\" must be a folder path (a string)".to_string())?,
        ),
        (_, Some(_)) => return Err("\"output\" is for render, preview and pdf only".into()),
        (_, None) => None,
    };
    Ok(Request {
        op,
        input,
        job,
        layout,
        output,
        preview,
    })
}

fn spec_bytes(spec: Option<&RawValue>) -> Result<Vec<u8>, String> {
    let Some(raw) = spec else {
        return Err("\"spec\" is missing: the SlideSpec object (or a string to parse)".into());
    };
    let t = raw.get();
    if t.starts_with('{') {
        Ok(t.as_bytes().to_vec())
    } else if t.starts_with('"') {
        serde_json::from_str::<String>(t)
            .map(String::into_bytes)
            .map_err(|e| format!("\"spec\": {e}"))
    } else {
        Err("\"spec\" must be the SlideSpec object (or a string to parse)".into())
    }
}

/// `options`: the job's ([`JobOptions::set_json`]: `autofit`, `slide_numbers`, `citations`,
/// `embed_fonts`, `extract_json`, `max_bytes` from 1 to the worker's limit) and preview's
/// (`width`, `highlight`, `sheet`).
fn options(
    raw: Option<&RawValue>,
    max_bytes: usize,
) -> Result<(JobOptions, PreviewRequest), String> {
    let mut job = JobOptions {
        max_bytes: Some(max_bytes),
        // One thread per job: a worker pool runs several workers side by side.
        threads: 1,
        ..JobOptions::default()
    };
    let mut preview = PreviewRequest::default();
    let Some(raw) = raw else {
        return Ok((job, preview));
    };
    if raw.get().len() > MAX_OPTIONS {
        return Err(format!("\"options\" is over {MAX_OPTIONS} bytes"));
    }
    let map: serde_json::Map<String, Value> =
        serde_json::from_str(raw.get()).map_err(|_| "\"options\" must be an object".to_string())?;
    for (k, v) in &map {
        if job.set_json(k, v, max_bytes)? {
            continue;
        }
        match (k.as_str(), v) {
            ("width", v) => {
                let max = specrender_preview::MAX_WIDTH;
                preview.width = match v.as_u64() {
                    Some(n) if (16..=u64::from(max)).contains(&n) => n as u32,
                    _ => {
                        return Err(format!(
                            "\"width\" must be a whole number of pixels from 16 to {max}, got {v}"
                        ))
                    }
                }
            }
            ("highlight", Value::Bool(b)) => preview.highlight = *b,
            ("highlight", _) => return Err("\"highlight\" must be true or false".into()),
            ("sheet", Value::Bool(b)) => preview.sheet = *b,
            ("sheet", _) => return Err("\"sheet\" must be true or false".into()),
            (other, _) => {
                return Err(format!(
                    "unknown option {other:?} (autofit, slide_numbers, citations, embed_fonts, extract_json, max_bytes; preview: width, highlight, sheet)"
                ))
            }
        }
    }
    Ok((job, preview))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::model::CitationStyle;
    use crate::{Autofit, EmbedFonts};

    fn bad(line: &str) -> String {
        read(line.as_bytes(), 1000).1.unwrap_err()
    }

    #[test]
    fn good_requests() {
        let (id, r) = read(
            br#"{"id": 7, "op": "render", "spec": {"a": [1]}, "output": "x.pptx",
                 "options": {"autofit": "none", "max_bytes": 500}, "layout": true}"#,
            1000,
        );
        let r = r.unwrap();
        assert_eq!(id, serde_json::json!(7));
        assert_eq!(
            (r.op, r.layout, r.job.max_bytes),
            (Op::Render, true, Some(500))
        );
        assert_eq!(r.input, br#"{"a": [1]}"#);
        assert_eq!(r.job.autofit, Autofit::None);
        assert!(
            r.job.slide_numbers,
            "slide numbers are on unless a request turns them off"
        );
        let (_, r) = read(
            br#"{"op": "qc", "spec": {}, "options": {"slide_numbers": false}}"#,
            1000,
        );
        assert!(!r.unwrap().job.slide_numbers);
        let (_, r) = read(br#"{"op": "qc", "spec": "reply {\"a\": 1}"}"#, 1000);
        assert_eq!(r.unwrap().input, br#"reply {"a": 1}"#);
        let (_, r) = read(
            br#"{"op": "qc", "spec": {}, "options": {"citations": "list"}}"#,
            1000,
        );
        assert_eq!(r.unwrap().job.citations, CitationStyle::List);
        let (_, r) = read(
            br#"{"op": "render", "spec": {}, "output": "x.docx", "options": {"embed_fonts": "used"}}"#,
            1000,
        );
        assert_eq!(r.unwrap().job.embed_fonts, EmbedFonts::Used);
        let (_, r) = read(br#"{"op": "qc", "spec": {}}"#, 1000);
        assert_eq!(r.unwrap().job.embed_fonts, EmbedFonts::None);
        let (_, r) = read(
            br#"{"op": "render", "spec": {}, "output": "x.docx", "options": {"embed_fonts": "x"}}"#,
            1000,
        );
        assert!(r.unwrap_err().contains("embed_fonts"));
        let (_, r) = read(
            br#"{"op": "preview", "spec": {}, "output": "p",
                 "options": {"width": 320, "highlight": true, "sheet": true}}"#,
            1000,
        );
        let r = r.unwrap();
        assert_eq!((r.op, r.output.as_deref()), (Op::Preview, Some("p")));
        assert_eq!(
            r.preview,
            PreviewRequest {
                width: 320,
                highlight: true,
                sheet: true
            }
        );
        let (_, r) = read(br#"{"op": "preview", "spec": {}}"#, 1000);
        let r = r.unwrap();
        assert_eq!((r.output, r.preview), (None, PreviewRequest::default()));
        assert!(
            bad(r#"{"op": "qc", "spec": {}, "options": {"citations": "x"}}"#).contains("citations")
        );
    }

    /// docs/guide/limits.md, "Inputs": an `id` string of at most 1 KiB is echoed, an
    /// `options` object of at most 64 KiB is read; past either the request is bad.
    #[test]
    fn ids_past_1_kib_and_options_past_64_kib_are_bad_requests() {
        let with_id = |n: usize| {
            let line = format!(r#"{{"id": "{}", "op": "qc", "spec": {{}}}}"#, "i".repeat(n));
            read(line.as_bytes(), 1000)
        };
        let (id, r) = with_id(MAX_ID - 2);
        assert_eq!(id, serde_json::json!("i".repeat(MAX_ID - 2)));
        assert!(r.is_ok());
        let (id, r) = with_id(MAX_ID - 1);
        assert_eq!(id, Value::Null);
        assert!(r.unwrap_err().contains("at most 1024 bytes"));

        let with_options = |n: usize| {
            // `{"autofit": "shrink", "x": ""}` is 30 bytes besides the padding.
            let line = format!(
                r#"{{"op": "qc", "spec": {{}}, "options": {{"autofit": "shrink", "x": "{}"}}}}"#,
                " ".repeat(n)
            );
            read(line.as_bytes(), 1000).1
        };
        // At the bound the object is read (and its unknown member refused as such).
        let m = with_options(MAX_OPTIONS - 30).unwrap_err();
        assert!(m.contains("unknown option \"x\""), "{m}");
        let m = with_options(MAX_OPTIONS - 29).unwrap_err();
        assert!(m.contains("over 65536 bytes"), "{m}");
    }

    #[test]
    fn malformed_options_are_bad_requests() {
        for opt in [r#"-5"#, r#""100""#, "1.5", "0", "1001", "null"] {
            let m = bad(&format!(
                r#"{{"id": 1, "op": "qc", "spec": {{}}, "options": {{"max_bytes": {opt}}}}}"#
            ));
            assert!(m.contains("max_bytes"), "{opt}: {m}");
        }
        assert!(bad(r#"{"op": "qc", "spec": {}, "options": {"threads": 4}}"#).contains("threads"));
        assert!(bad(r#"{"op": "qc", "spec": {}, "options": {"autofit": 1}}"#).contains("autofit"));
        assert!(
            bad(r#"{"op": "qc", "spec": {}, "options": {"slide_numbers": 1}}"#)
                .contains("slide_numbers")
        );
        assert!(bad(r#"{"op": "qc", "spec": {}, "layout": "yes"}"#).contains("layout"));
        assert!(bad(r#"{"op": "qc", "spec": {}, "extra": 1}"#).contains("extra"));
        assert!(bad(r#"{"op": "qc", "spec": [1]}"#).contains("spec"));
        assert!(bad(r#"{"op": "render", "spec": {}}"#).contains("output"));
        assert!(
            bad(r#"{"op": "qc", "spec": {}, "output": "x"}"#).contains("render, preview and pdf")
        );
        assert!(
            bad(r#"{"op": "qc", "spec": {}, "options": {"width": 640}}"#).contains("preview only")
        );
        for w in ["8", "9000", "64.5", "\"640\""] {
            let m = bad(&format!(
                r#"{{"op": "preview", "spec": {{}}, "options": {{"width": {w}}}}}"#
            ));
            assert!(m.contains("width"), "{w}: {m}");
        }
        assert!(
            bad(r#"{"op": "preview", "spec": {}, "options": {"sheet": "yes"}}"#).contains("sheet")
        );
        let (id, r) = read(br#"{"id": "x", "op": "nope", "spec": {}}"#, 1000);
        assert_eq!(id, serde_json::json!("x"));
        assert!(r.is_err());
        assert!(bad(r#"{"id": {"a": 1}, "op": "qc", "spec": {}}"#).contains("id"));
    }
}
