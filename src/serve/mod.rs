//! `serve`: a long-running worker (docs/guide/serve.md). One JSON request per line on its input, one
//! JSON response line per request line on its output — always exactly one, whatever the line
//! holds (a blank line and a line that is not JSON are bad requests; a panic inside a job is
//! an internal error) — until the end of the input.
//!
//! Bounds (docs/guide/limits.md): lines are read by [`lines::LineReader`], so a line
//! over `max_bytes` is answered `too_large` without being held; a request's spec is parsed
//! within the same bounds as the CLI's input and may only lower `max_bytes`; every `render`
//! output is confined to the output root ([`output_root::OutputRoot`]) and every asset to the
//! assets root, both opened once at start. Each job has its own caches, dropped when it ends,
//! so memory stays flat over any number of requests (`tests/serve.rs`,
//! `tools/serve-memory.sh`).

pub mod lines;
pub mod output_root;
pub mod request;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use serde_json::{json, Value};

use crate::{
    panic_message, Error, FontBook, LayoutJson, Outcome, RenderOptions, SpecFailure, Validation,
};
use lines::{Line, LineReader};
use output_root::OutputRoot;
use request::{Op, Request};

/// Options of [`Worker::new`].
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The folder every `render` output is confined to. Default: the working directory.
    pub output_root: PathBuf,
    /// The folder every asset is confined to. Default: the working directory.
    pub assets: PathBuf,
    /// Longest request line, and largest input, in bytes. Default: 32 MiB.
    pub max_bytes: usize,
    /// Where decks' `template_id`s are looked up (`--templates`). Default: `None`.
    pub templates: Option<PathBuf>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            output_root: PathBuf::from("."),
            assets: PathBuf::from("."),
            max_bytes: crate::ParseOptions::default().max_bytes,
            templates: None,
        }
    }
}

/// A worker: fonts, roots and limits fixed at start.
pub struct Worker<'a> {
    book: &'a FontBook,
    out: OutputRoot,
    assets: Arc<crate::spec::AssetRoot>,
    max_bytes: usize,
    /// Templates by id, parsed once and kept for every later job.
    templates: Option<Arc<crate::TemplateStore>>,
}

impl<'a> Worker<'a> {
    /// Open the roots (a folder that cannot be opened is an environment error).
    pub fn new(book: &'a FontBook, opts: &ServeOptions) -> Result<Worker<'a>, Error> {
        let out = OutputRoot::open(&opts.output_root).map_err(|e| {
            Error::Environment(format!(
                "output root {} cannot be opened: {e}",
                opts.output_root.display()
            ))
        })?;
        let assets = crate::open_assets(Some(&opts.assets))?.expect("a root was given");
        Ok(Worker {
            book,
            out,
            assets: Arc::new(assets),
            max_bytes: opts.max_bytes,
            templates: opts
                .templates
                .as_ref()
                .map(|d| Arc::new(crate::TemplateStore::new(d))),
        })
    }

    /// Serve until the end of `input`: 0, or 3 when the input cannot be read or a response
    /// cannot be written (the client went away).
    pub fn run(&self, input: impl BufRead, mut output: impl Write) -> i32 {
        let mut reader = LineReader::new(input, self.max_bytes);
        loop {
            let response = match reader.next_line() {
                Ok(None) => return 0,
                Ok(Some(line)) => self.answer(line),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "error: cannot read stdin: {e}");
                    return 3;
                }
            };
            // Written as it is made: a layout JSON is never held whole (nor as a tree).
            let written = serde_json::to_writer(&mut output, &response)
                .map_err(std::io::Error::from)
                .and_then(|()| output.write_all(b"\n"))
                .and_then(|()| output.flush());
            if written.is_err() {
                return 3;
            }
        }
    }

    /// The response to one line.
    pub fn answer(&self, line: Line<'_>) -> Response {
        let text = match line {
            Line::TooLong(n) => return with_id(Value::Null, self.too_long(n)).into(),
            Line::Text(t) => t,
        };
        if text.iter().all(u8::is_ascii_whitespace) {
            return with_id(
                Value::Null,
                bad_request("empty line: one JSON request per line"),
            )
            .into();
        }
        let (id, req) = request::read(text, self.max_bytes);
        let body = match req {
            Err(m) => bad_request(&m).into(),
            Ok(req) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.job(&req)))
                .unwrap_or_else(|p| {
                    json!({"ok": false, "exit_code": 4,
                           "error": format!("internal: {}", panic_message(&*p))})
                    .into()
                }),
        };
        Response {
            body: with_id(id, body.body),
            layout: body.layout,
        }
    }

    fn too_long(&self, n: u64) -> Value {
        let fail = SpecFailure::TooLarge {
            size: n as usize,
            limit: self.max_bytes,
        };
        let mut v = error_response(&Error::Input(fail));
        v["error"] = json!(format!(
            "request line too large: {n} bytes, the limit is {} bytes (read and skipped, not kept)",
            self.max_bytes
        ));
        v
    }

    fn job(&self, req: &Request) -> Response {
        let opts = RenderOptions {
            layout_json: req.layout,
            assets: Some(self.assets.clone()),
            templates: self.templates.clone(),
            ..req.job.render_options()
        };
        if req.input.len() > opts.parse.max_bytes {
            return error_response(&Error::Input(SpecFailure::TooLarge {
                size: req.input.len(),
                limit: opts.parse.max_bytes,
            }))
            .into();
        }
        match req.op {
            Op::Validate => match crate::validate(&req.input, &opts.parse) {
                Ok(v) => {
                    let mut r = json!({"ok": v.valid, "exit_code": v.exit_code()});
                    merge(&mut r, json!(v));
                    r.into()
                }
                Err(e) => error_response(&e).into(),
            },
            Op::Qc => match crate::run_qc(&req.input, self.book, &opts) {
                Ok(o) => Response {
                    body: outcome_response(&o, None),
                    layout: o.layout,
                },
                Err(e) => error_response(&e).into(),
            },
            Op::Render => {
                let mut layout = None;
                let body = self.render(req, &opts, &mut layout);
                Response { body, layout }
            }
            Op::Preview => {
                let mut layout = None;
                let body = self.preview(req, &opts, &mut layout);
                Response { body, layout }
            }
            Op::Pdf => {
                let mut layout = None;
                let body = self.pdf(req, &opts, &mut layout);
                Response { body, layout }
            }
        }
    }

    /// `pdf`: a deck's or document's PDF written to `output` (under the output root), drawn
    /// from the layout QC read; the answer says whether PDF/UA-1 is declared (`pdf_ua`) and
    /// what could not be drawn (`pdf_notes`).
    fn pdf(&self, req: &Request, opts: &RenderOptions, layout: &mut Option<LayoutJson>) -> Value {
        let out = req.output.as_deref().unwrap_or_default();
        let rel = match self.out.confine(out) {
            Ok(r) => r,
            Err(refusal) => return bad_request(&format!("output {out:?}: {refusal}")),
        };
        if let Some(msg) = crate::outputs::extension_error(Path::new(&rel), "pdf") {
            return bad_request(&msg);
        }
        let parsed = match crate::parse(&req.input, &opts.parse) {
            Ok(p) => p,
            Err(e) => return error_response(&e),
        };
        match crate::render_with_pdf(&parsed, self.book, opts, &mut |_, _, _| {}) {
            Ok((o, pdf)) => {
                if let Err(refusal) = self.out.write(&rel, &pdf.bytes) {
                    return error_response(&Error::Environment(format!(
                        "cannot write {out}: {refusal}"
                    )));
                }
                *layout = o.layout.clone();
                let mut v = outcome_response(&o, Some(&rel));
                v["pdf_ua"] = json!(pdf.ua);
                v["pdf_notes"] = json!(pdf.notes);
                v
            }
            Err(e) => error_response(&e),
        }
    }

    /// `preview`: one PNG per output slide (and the contact sheet with `"sheet": true`),
    /// drawn from the laid-out deck QC read. With `output` (a folder under the output root,
    /// created if missing) each is written there and named by its `path`; without, each comes
    /// back as `png_base64`.
    fn preview(
        &self,
        req: &Request,
        opts: &RenderOptions,
        layout: &mut Option<LayoutJson>,
    ) -> Value {
        let dir = match req.output.as_deref() {
            None => None,
            Some(out) => match self.out.confine(out) {
                Ok(r) => Some(r),
                Err(refusal) => return bad_request(&format!("output {out:?}: {refusal}")),
            },
        };
        let parsed = match crate::parse(&req.input, &opts.parse) {
            Ok(p) => p,
            Err(e) => return error_response(&e),
        };
        if let crate::Input::Doc(_) = parsed.input {
            return bad_request("preview draws slides; a DocSpec has none");
        }
        let popts = specrender_preview::PreviewOptions {
            width: req.preview.width,
            highlight: req.preview.highlight,
        };
        let sheet = req.preview.sheet.then(|| specrender_preview::SheetOptions {
            highlight: req.preview.highlight,
            ..Default::default()
        });
        // What an answer may hold of PNG bytes (base64 in the answer's line): the memory
        // bound of the request (16 x its max_bytes); with an output folder each PNG is
        // written as it is drawn and nothing is held.
        let held_limit = opts.parse.max_bytes.saturating_mul(16);
        let held = std::sync::atomic::AtomicUsize::new(0);
        // One PNG: its path once written under `dir`, else its bytes in base64.
        let put = |name: &str, png: &[u8]| -> Result<Value, Answer> {
            match &dir {
                Some(d) => {
                    let rel = format!("{d}/{name}");
                    self.out.write(&rel, png).map_err(|refusal| {
                        Answer(error_response(&Error::Environment(format!(
                            "cannot write {rel}: {refusal}"
                        ))))
                    })?;
                    Ok(json!({ "path": rel }))
                }
                None => {
                    let total =
                        held.fetch_add(png.len(), std::sync::atomic::Ordering::Relaxed) + png.len();
                    if total > held_limit {
                        return Err(Answer(bad_request(&format!(
                            "the previews pass {held_limit} bytes (16 x max_bytes) in the \
                             answer: give an output folder (\"output\") or a smaller width"
                        ))));
                    }
                    Ok(json!({ "png_base64": BASE64.encode(png) }))
                }
            }
        };
        let to = crate::PreviewsTo {
            plan: |_: &[String]| match &dir {
                Some(d) => self.out.create_dir_all(d).map_err(|refusal| {
                    Answer(error_response(&Error::Environment(format!(
                        "cannot create {d}: {refusal}"
                    ))))
                }),
                None => Ok(()),
            },
            take: |_, p: specrender_preview::SlidePreview| {
                let mut v = json!({"name": p.file_name, "slide_id": p.slide_id, "notes": p.notes});
                merge(&mut v, put(&p.file_name, &p.png)?);
                Ok(v)
            },
        };
        let drawn = match crate::previews_parsed_into(
            &parsed,
            self.book,
            opts,
            &popts,
            sheet.as_ref(),
            crate::Also::default(),
            &mut |_, _, _| {},
            to,
        ) {
            Ok(d) => d,
            Err(Answer(v)) => return v,
        };
        let mut v = outcome_response(&drawn.outcome, None);
        v["previews"] = Value::Array(drawn.slides);
        if let Some(bytes) = &drawn.sheet {
            match put("sheet.png", bytes) {
                Ok(w) => v["sheet"] = w,
                Err(Answer(e)) => return e,
            }
        }
        layout.clone_from(&drawn.outcome.layout);
        v
    }

    fn render(
        &self,
        req: &Request,
        opts: &RenderOptions,
        layout: &mut Option<LayoutJson>,
    ) -> Value {
        let out = req.output.as_deref().unwrap_or_default();
        let rel = match self.out.confine(out) {
            Ok(r) => r,
            Err(refusal) => return bad_request(&format!("output {out:?}: {refusal}")),
        };
        match crate::render(&req.input, self.book, opts) {
            Ok(o) => {
                let ext = if o.docx.is_some() { "docx" } else { "pptx" };
                if let Some(msg) = crate::outputs::extension_error(Path::new(&rel), ext) {
                    return bad_request(&msg);
                }
                let bytes = o.file_bytes().unwrap_or_default();
                if let Err(refusal) = self.out.write(&rel, bytes) {
                    return error_response(&Error::Environment(format!(
                        "cannot write {out}: {refusal}"
                    )));
                }
                *layout = o.layout.clone();
                outcome_response(&o, Some(&rel))
            }
            Err(e) => error_response(&e),
        }
    }
}

/// `{"id": id, ...body}`.
fn with_id(id: Value, body: Value) -> Value {
    let mut resp = json!({ "id": id });
    merge(&mut resp, body);
    resp
}

fn merge(into: &mut Value, from: Value) {
    if let (Some(r), Value::Object(mut b)) = (into.as_object_mut(), from) {
        r.append(&mut b);
    }
}

fn error_response(e: &Error) -> Value {
    let mut v = json!({"ok": false, "exit_code": e.exit_code(), "error": e.to_string()});
    if let Error::Input(fail) = e {
        let val = Validation::from_failure(fail);
        v["errors"] = json!(val.errors);
        v["warnings"] = json!(val.warnings);
        v["error_count"] = json!(val.error_count);
    }
    v
}

/// A request's answer decided before its end (a failure: the answer says why).
struct Answer(Value);

impl From<Error> for Answer {
    fn from(e: Error) -> Self {
        Answer(error_response(&e))
    }
}

fn bad_request(msg: &str) -> Value {
    json!({"ok": false, "exit_code": 2, "error": format!("bad request: {msg}")})
}

/// `ok` is true when the job ran (exit code 0 or 1); whether QC passed is `exit_code` / `qc.pass`.
fn outcome_response(o: &Outcome, output: Option<&str>) -> Value {
    let mut v = json!({"ok": true, "exit_code": o.qc.exit_code()});
    if let Some(out) = output {
        v["output"] = json!(out);
    }
    v["qc"] = o.qc.to_json();
    v["errors"] = json!([]);
    v["warnings"] = json!(o
        .warnings
        .iter()
        .map(crate::Finding::from)
        .collect::<Vec<_>>());
    v
}

/// One response line: its members, then (`"layout": true`) the layout JSON as its last
/// member, serialised from the laid deck straight into the output (no tree of it is built;
/// a table-heavy deck's layout JSON is tens of times its input).
#[derive(Debug)]
pub struct Response {
    pub body: Value,
    pub layout: Option<LayoutJson>,
}

impl From<Value> for Response {
    fn from(body: Value) -> Self {
        Response { body, layout: None }
    }
}

impl serde::Serialize for Response {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let Value::Object(members) = &self.body else {
            return self.body.serialize(s);
        };
        let mut m = s.serialize_map(None)?;
        for (k, v) in members {
            m.serialize_entry(k, v)?;
        }
        if let Some(l) = &self.layout {
            m.serialize_entry("layout", l)?;
        }
        m.end()
    }
}
