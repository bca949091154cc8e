//! One job: the call's options ([`Call`], built from the keyword arguments as a
//! [`JobOptions`]), the engine's loaded state ([`Inner`]: fonts, templates parsed once) and
//! what a job returns before it is handed to Python.

use super::*;

/// The per-call options (everything but the fonts), gathered while holding the GIL.
pub(crate) struct Call {
    pub(crate) spec: SpecIn,
    pub(crate) assets: Option<PathBuf>,
    pub(crate) template: Option<TemplateIn>,
    /// The keyword arguments of the job ([`JobOptions::from_keywords`]).
    pub(crate) job: JobOptions,
    pub(crate) layout: bool,
    /// Also write the deck's PDF (`render(..., pdf=True)`).
    pub(crate) pdf: bool,
}

/// The keyword arguments every call shares besides its words (`autofit`, `citations`,
/// `embed_fonts`: a call without one passes its default word).
pub(crate) struct Common {
    pub(crate) slide_numbers: bool,
    pub(crate) threads: usize,
    pub(crate) extract_json: bool,
    pub(crate) max_bytes: Option<usize>,
    pub(crate) layout: bool,
}

pub(crate) fn call(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    assets: Option<PathBuf>,
    template: Option<&Bound<'_, PyAny>>,
    words: Keywords<'_>,
    c: Common,
) -> PyResult<Call> {
    let spec = spec_in(py, spec)?;
    let template = template_in(template)?;
    let job = JobOptions::from_keywords(
        words,
        c.slide_numbers,
        c.threads,
        c.extract_json,
        c.max_bytes,
    )
    .map_err(PyValueError::new_err)?;
    Ok(Call {
        spec,
        assets,
        template,
        job,
        layout: c.layout,
        pdf: false,
    })
}

/// The words of a call that takes neither `autofit` nor `citations` nor `embed_fonts`.
pub(crate) const NO_WORDS: Keywords<'static> = Keywords {
    autofit: "shrink",
    citations: "footnotes",
    embed_fonts: "none",
};

pub(crate) fn parse_options(extract_json: bool, max_bytes: Option<usize>) -> ParseOptions {
    JobOptions {
        extract_json,
        max_bytes,
        ..JobOptions::default()
    }
    .parse_options()
}

// ---------------------------------------------------------------------------------------------
// The engine

/// Fonts and parsed templates, shared by every call and thread.
pub(crate) struct Inner {
    pub(crate) book: FontBook,
    /// Templates given by path or bytes (either kind), parsed once per content.
    pub(crate) templates: TemplateCache,
    /// `templates=DIR`: decks' `template_id`s resolved there (`--templates`).
    pub(crate) store: Option<Arc<TemplateStore>>,
}

impl Inner {
    pub(crate) fn load(
        dirs: &[PathBuf],
        system: bool,
        templates: Option<PathBuf>,
    ) -> Result<Inner, Error> {
        let book = specrender::load_fonts(&specrender::font_options(dirs, system))?;
        Ok(Inner {
            book,
            templates: TemplateCache::default(),
            store: templates.map(|d| Arc::new(TemplateStore::new(d))),
        })
    }

    /// A template read and parsed as `--template FILE` is (same limits, same errors), or taken
    /// from the cache when the same bytes were parsed before.
    /// Returns the template and the name errors give it (the path, or `(bytes)`).
    pub(crate) fn template(&self, t: TemplateIn) -> Result<(AnyTemplate, String), Fail> {
        let fail = |f| match f {
            TemplateFail::Unusable(m) => Fail::Template(m),
            TemplateFail::Error(e) => Fail::Lib(e),
        };
        match t {
            TemplateIn::File(p) => {
                let t = self.templates.load(&p).map_err(fail)?;
                Ok((t, p.display().to_string()))
            }
            TemplateIn::Bytes(b) => {
                let name = "(bytes)".to_string();
                let t = self.templates.parse(b, &name).map_err(fail)?;
                Ok((t, name))
            }
        }
    }

    /// Parse the input and build the CLI's options for it.
    pub(crate) fn prepare(
        &self,
        c: Call,
        layout_json: bool,
    ) -> Result<(Parsed, RenderOptions), Fail> {
        let parse = c.job.parse_options();
        let text = matches!(c.spec, SpecIn::Text(_));
        let (bytes, dir) = c.spec.load(parse.max_bytes)?;
        let parsed = specrender::parse(&bytes, &parse)
            .map_err(|e| hinted(e, &bytes, text, parse.extract_json))?;
        drop(bytes);
        let assets_root = match c.assets {
            Some(d) => {
                if !d.is_dir() {
                    return Err(Fail::Lib(Error::Environment(format!(
                        "assets folder {} cannot be read",
                        d.display()
                    ))));
                }
                Some(d)
            }
            None => dir,
        };
        let template = c.template.map(|t| self.template(t)).transpose()?;
        // A template of the other kind than the input is refused as the CLI refuses it.
        if let Some((t, name)) = &template {
            specrender::template_fits(&parsed.input, Some(t), name).map_err(Fail::Template)?;
        }
        let opts = RenderOptions {
            layout_json,
            assets_root,
            templates: self.store.clone(),
            ..c.job.render_options()
        }
        .with_template(template.map(|(t, _)| t));
        Ok((parsed, opts))
    }

    pub(crate) fn run(&self, c: Call, write: bool) -> Result<Done, Fail> {
        let (layout, c_pdf) = (c.layout, c.pdf);
        let (parsed, opts) = self.prepare(c, layout)?;
        let format = match parsed.input {
            Input::Doc(_) => "docx",
            Input::Slides(_) => "pptx",
        };
        let mut pdf = None;
        let outcome: Outcome = if write && c_pdf {
            let (o, p) =
                specrender::render_with_pdf(&parsed, &self.book, &opts, &mut |_, _, _| {})?;
            pdf = Some(p.bytes);
            o
        } else if write {
            specrender::render_parsed(&parsed, &self.book, &opts, &mut |_, _, _| {})?
        } else {
            specrender::qc_parsed(&parsed, &self.book, &opts, &mut |_, _, _| {})?
        };
        // Serialised straight from the laid deck (no tree of it is built).
        let layout_json = outcome.layout.as_ref().map(|l| l.to_pretty());
        Ok(Done {
            qc_json: outcome.qc.to_json_pretty(),
            exit_code: outcome.qc.exit_code(),
            data: outcome.pptx.or(outcome.docx),
            format,
            layout_json,
            pdf,
        })
    }

    /// `sheet`: also the contact sheet, drawn as `preview --sheet` draws it.
    pub(crate) fn preview(
        &self,
        c: Call,
        width: u32,
        highlight: bool,
        sheet: bool,
    ) -> Result<Drawn, Fail> {
        let (parsed, opts) = self.prepare(c, false)?;
        if let Input::Doc(_) = parsed.input {
            return Err(Fail::Lib(Error::Internal(
                "preview draws slides; a DocSpec has none".into(),
            )));
        }
        let popts = specrender_preview::PreviewOptions { width, highlight };
        let sopts = sheet.then(|| specrender_preview::SheetOptions {
            highlight,
            ..Default::default()
        });
        let drawn = specrender::previews_parsed(
            &parsed,
            &self.book,
            &opts,
            &popts,
            sopts.as_ref(),
            specrender::Also::default(),
            &mut |_, _, _| {},
        )?;
        let (pngs, qc) = (drawn.slides, drawn.outcome.qc);
        Ok(Drawn {
            names: pngs.iter().map(|p| p.file_name.clone()).collect(),
            slide_ids: pngs.iter().map(|p| p.slide_id.clone()).collect(),
            pngs: pngs.into_iter().map(|p| p.png).collect(),
            sheet: drawn.sheet,
            qc_json: qc.to_json_pretty(),
            exit_code: qc.exit_code(),
        })
    }
}

/// A finished render or QC run, before it becomes a [`Rendered`].
pub(crate) struct Done {
    pub(crate) data: Option<Vec<u8>>,
    pub(crate) pdf: Option<Vec<u8>>,
    pub(crate) format: &'static str,
    pub(crate) qc_json: String,
    pub(crate) exit_code: i32,
    pub(crate) layout_json: Option<String>,
}

pub(crate) struct Drawn {
    pub(crate) names: Vec<String>,
    pub(crate) slide_ids: Vec<String>,
    pub(crate) pngs: Vec<Vec<u8>>,
    pub(crate) sheet: Option<Vec<u8>>,
    pub(crate) qc_json: String,
    pub(crate) exit_code: i32,
}

pub(crate) fn run(py: Python<'_>, inner: &Arc<Inner>, c: Call, write: bool) -> PyResult<Rendered> {
    boundary(py, || {
        let done = py
            .detach(|| guarded(|| inner.run(c, write)))
            .map_err(|f| to_pyerr(py, f))?;
        Ok(Rendered::new(py, done))
    })
}

pub(crate) fn validate_impl(
    py: Python<'_>,
    spec: &Bound<'_, PyAny>,
    extract_json: bool,
    max_bytes: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let spec = spec_in(py, spec)?;
    boundary(py, || {
        let json = py
            .detach(|| {
                guarded(|| {
                    let opts = parse_options(extract_json, max_bytes);
                    let text = matches!(spec, SpecIn::Text(_));
                    let v = match spec.load(opts.max_bytes) {
                        Ok((bytes, _)) => match specrender::parse(&bytes, &opts) {
                            Ok(p) => Validation::ok(&p.warnings),
                            Err(e) => match hinted(e, &bytes, text, opts.extract_json) {
                                Error::Input(fail) => Validation::from_failure(&fail),
                                e => return Err(Fail::Lib(e)),
                            },
                        },
                        Err(Error::Input(fail)) => Validation::from_failure(&fail),
                        Err(e) => return Err(Fail::Lib(e)),
                    };
                    serde_json::to_string(&v).map_err(|e| Fail::Lib(Error::Internal(e.to_string())))
                })
            })
            .map_err(|f| to_pyerr(py, f))?;
        loads(py, &json)
    })
}

// ---------------------------------------------------------------------------------------------
// Module-level functions: one shared engine per font configuration

/// Engines of the module-level functions, by (font folders after `$SPECRENDER_FONTS`, system).
pub(crate) type EngineKey = (Vec<PathBuf>, bool);

pub(crate) fn shared_engine(
    py: Python<'_>,
    fonts: Option<&Bound<'_, PyAny>>,
) -> PyResult<Arc<Inner>> {
    static ENGINES: OnceLock<Mutex<HashMap<EngineKey, Arc<Inner>>>> = OnceLock::new();
    let dirs = font_dirs(fonts)?;
    let key: EngineKey = (specrender::font_options(&dirs, false).dirs, false);
    let engines = ENGINES.get_or_init(Default::default);
    if let Some(e) = engines.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(e.clone());
    }
    // Loaded without the lock (and without the GIL): two threads may both load; one is kept.
    let inner = boundary(py, || {
        py.detach(|| specrender::guard(|| Inner::load(&dirs, false, None)))
            .map_err(|e| to_pyerr(py, Fail::Lib(e)))
    })?;
    let mut map = engines.lock().unwrap_or_else(|p| p.into_inner());
    Ok(map.entry(key).or_insert_with(|| Arc::new(inner)).clone())
}
