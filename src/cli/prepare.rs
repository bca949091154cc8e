//! A run's inputs and outputs: the paths planned, INPUT parsed, the library's options built
//! from the flags, the template checked, and the files written together.

#[allow(unused_imports)]
use crate::*;

/// Where the PPTX or DOCX goes (`None` for `qc`), decided before any work so a usage mistake costs
/// nothing. A usage mistake is reported here and comes back as `Err(exit code)`.
pub(crate) fn output_path(
    args: &InputArgs,
    output: Option<Option<PathBuf>>,
    ext: &str,
) -> Result<Option<PathBuf>, i32> {
    let out_path = match output {
        None => None,
        Some(Some(o)) => Some(o),
        Some(None) if args.input == "-" => {
            say!("error: reading from stdin (`-`) needs -o OUT");
            return Err(2);
        }
        Some(None) => Some(Path::new(&args.input).with_extension(ext)),
    };
    if let Some(msg) = out_path
        .as_deref()
        .and_then(|p| specrender::outputs::extension_error_for_target(p, ext))
    {
        say!("error: {msg}");
        return Err(2);
    }
    Ok(out_path)
}

/// Where each output goes, settled before any work ([`specrender::outputs::plan`]): an output
/// naming the input or another output is refused (exit 2), a folder or a missing folder is an
/// environment error (exit 3). The QC report goes to stdout unless `--qc` names a file.
pub(crate) struct Planned {
    pub(crate) pptx: Option<Target>,
    pub(crate) qc: Target,
    pub(crate) layout: Option<Target>,
    pub(crate) pdf: Option<Target>,
}

pub(crate) fn plan_outputs(
    args: &InputArgs,
    pptx: Option<&Path>,
    qc: Option<&Path>,
    layout: Option<&Path>,
    pdf: Option<&Path>,
) -> Result<Planned, i32> {
    let named: Vec<&Path> = [pptx, qc, layout, pdf].into_iter().flatten().collect();
    let mut targets = match specrender::outputs::plan(&args.input, &named, qc.is_none()) {
        Ok(t) => t.into_iter(),
        Err(e) => {
            say!("error: {e}");
            return Err(match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            });
        }
    };
    let mut next = |named: Option<&Path>| named.and_then(|_| targets.next());
    Ok(Planned {
        pptx: next(pptx),
        qc: next(qc).unwrap_or(Target::Stdout),
        layout: next(layout),
        pdf: next(pdf),
    })
}

/// What the PDF could not claim or draw, on stderr.
pub(crate) fn report_pdf(pdf: &specrender_pdf::Pdf) {
    if !pdf.ua {
        say!(
            "pdf: PDF/UA-1 not declared ({} pdf_not_accessible finding(s) in the QC report)",
            pdf.ua_gaps.len()
        );
    }
    for n in &pdf.notes {
        say!("pdf: {n}");
    }
}

/// Read and parse the input (the parse stage's progress events around it); its warnings go to
/// stderr.
pub(crate) fn parse_input(
    args: &InputArgs,
    parse_opts: &ParseOptions,
    run: &RunArgs,
    progress: Progress<'_>,
) -> Result<Parsed, Error> {
    progress(Stage::Parse, 0, 1);
    let bytes = read_input(&args.input, parse_opts.max_bytes)?;
    // A deck on a built-in look has it warmed on another thread while the input is validated
    // (`--template` replaces the look; `--templates` may resolve its id to a file; `--theme`
    // names the look, warmed here; `--threads 1` keeps the run on one thread). The JSON value
    // is not freed: the process exits after the run (freeing it on another thread held the
    // allocator's lock against this one).
    if let (Some(name), false) = (&run.theme, run.job.threads == 1) {
        let name = name.clone();
        // Detached: a run that fails before it needs the look does not wait for it.
        let _ = std::thread::Builder::new().spawn(move || {
            if let Some(t) = specrender::template::themes::builtin(&name) {
                let _ = t.carried();
            }
        });
    }
    let parsed: Parsed = if run.template.is_none() && run.theme.is_none() && run.job.threads != 1 {
        specrender::parse_warming(
            &bytes,
            parse_opts,
            run.templates.is_some(),
            std::mem::forget,
        )
    } else {
        specrender::parse(&bytes, parse_opts)
    }
    .map_err(|e| hint_llm_reply(e, &bytes, parse_opts))?;
    drop(bytes);
    progress(Stage::Parse, 1, 1);
    report_warnings(&parsed.warnings);
    Ok(parsed)
}

/// A `malformed_json` failure of an input that looks like an LLM reply, read without
/// `--extract-json`, with a hint to that flag in its message (one line, on stderr and in the
/// JSON errors); any other error unchanged.
pub(crate) fn hint_llm_reply(e: Error, bytes: &[u8], opts: &ParseOptions) -> Error {
    match e {
        Error::Input(fail @ SpecFailure::Malformed { .. })
            if !opts.extract_json && specrender::looks_like_llm_reply(bytes) =>
        {
            Error::Input(specrender::with_hint(
                fail,
                "the input looks like an LLM reply (text or a ```json fence around the JSON): \
                 --extract-json reads the JSON out of it",
            ))
        }
        e => e,
    }
}

/// The root for `file` assets: `--assets` (which must be a folder), else the input file's
/// folder, else (stdin) the working directory.
pub(crate) fn assets_root(args: &InputArgs, run: &RunArgs) -> Result<Option<PathBuf>, Error> {
    Ok(match &run.assets {
        Some(dir) => {
            if !dir.is_dir() {
                return Err(Error::Environment(format!(
                    "assets folder {} cannot be read",
                    dir.display()
                )));
            }
            Some(dir.clone())
        }
        None if args.input == "-" => std::env::current_dir().ok(),
        None => Some(
            Path::new(&args.input)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf(),
        ),
    })
}

/// The library's options from the command line: the job's ([`JobOptions::render_options`])
/// with INPUT's parsing flags, and where assets and templates are.
pub(crate) fn render_options(
    run: &RunArgs,
    parse: ParseOptions,
    layout_json: bool,
    assets_root: Option<PathBuf>,
    template: Option<specrender::template::AnyTemplate>,
) -> RenderOptions {
    RenderOptions {
        parse,
        layout_json,
        assets_root,
        templates: run
            .templates
            .as_ref()
            .map(|d| std::sync::Arc::new(specrender::TemplateStore::new(d))),
        ..run.job.render_options()
    }
    .with_template(template)
}

/// `--template FILE`, read and parsed (a problem is reported and comes back as the exit code).
pub(crate) fn load_run_template(
    run: &RunArgs,
) -> Result<Option<specrender::template::AnyTemplate>, i32> {
    run.template.as_ref().map(|p| load_template(p)).transpose()
}

/// A `--template` of the other kind than the input (a Word template for a deck, a
/// presentation for a document) is refused: exit 2, nothing written
/// ([`specrender::template_fits`]).
pub(crate) fn template_fits(
    input: &specrender::Input,
    template: &Option<specrender::template::AnyTemplate>,
    run: &RunArgs,
) -> Result<(), i32> {
    let file = run.template.as_deref().unwrap_or(Path::new("")).display();
    specrender::template_fits(input, template.as_ref(), &file.to_string()).map_err(|m| {
        say!("error: {m}");
        2
    })
}

/// Write the PPTX, the QC report (`--qc` or stdout) and `--layout` together
/// ([`specrender::outputs::commit`]: all or nothing), with the write stage's progress events.
/// `pptx` is the package when the outcome does not hold it ([`render_deck`]: its bytes, or its
/// temporary file being written on another thread).
pub(crate) fn write_outputs<'a>(
    outcome: &'a Outcome,
    to: &Planned,
    pngs: Vec<(Target, Content<'a>)>,
    pptx: Option<Content<'a>>,
    progress: Progress<'_>,
) -> Result<(), Error> {
    let qc_json = outcome.qc.to_json_pretty() + "\n";
    // The layout JSON is written into its file as it is made (it can be tens of times the
    // input: about 470 bytes per table cell), never held whole.
    let layout_json = outcome.layout.as_ref().map(|l| {
        move |w: &mut dyn std::io::Write| -> std::io::Result<()> {
            l.write_pretty(&mut *w)?;
            w.write_all(b"\n")
        }
    });
    let mut files: Vec<(Target, Content<'_>)> = Vec::new();
    if let Some(t) = &to.pptx {
        match (pptx, outcome.file_bytes()) {
            (Some(c), _) => files.push((t.clone(), c)),
            (None, Some(bytes)) => files.push((t.clone(), Content::Bytes(bytes))),
            (None, None) => {}
        }
    }
    files.push((to.qc.clone(), Content::Bytes(qc_json.as_bytes())));
    if let (Some(t), Some(j)) = (&to.layout, &layout_json) {
        files.push((t.clone(), Content::Stream(j)));
    }
    files.extend(pngs);
    let n = files.len();
    progress(Stage::Write, 0, n);
    specrender::outputs::commit_with(files).map_err(|e| Error::Environment(e.to_string()))?;
    progress(Stage::Write, n, n);
    Ok(())
}

/// The QC issues saying the output is not what the input asked for — a `layout_id` that is
/// not a preset, a template with no layout for a layout id or without the layout the brand
/// names, a `template_id` that names no template — and what was used instead.
pub(crate) const OUTPUT_NOTES: [specrender::qc::IssueKind; 4] = {
    use specrender::qc::IssueKind as K;
    [
        K::UnknownLayout,
        K::TemplateLayoutFallback,
        K::TemplateLayoutMissing,
        K::UnknownTemplate,
    ]
};

/// One stderr line per issue of [`OUTPUT_NOTES`] (`note: <message>`; also in the report), then
/// one line counting the issues when QC did not pass.
pub(crate) fn report_qc_summary(qc: &specrender::QcReport) {
    for i in qc.issues.iter().filter(|i| OUTPUT_NOTES.contains(&i.kind)) {
        say!("note: {}", i.message.replace('\n', " "));
    }
    if !qc.pass {
        say!(
            "qc: {} issue(s): {} high, {} medium, {} low",
            qc.issues.len(),
            qc.count(specrender::Severity::High),
            qc.count(specrender::Severity::Medium),
            qc.count(specrender::Severity::Low),
        );
    }
}
