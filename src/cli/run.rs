//! `qc`, `render` and `pdf`: one run from INPUT to its outputs, written together or not at all.

#[allow(unused_imports)]
use crate::*;

/// `preview`'s (and `render --preview`'s) drawing flags.
pub(crate) struct PreviewArgs {
    pub(crate) dir: PathBuf,
    pub(crate) width: u32,
    pub(crate) highlight: bool,
    pub(crate) sheet: Option<PathBuf>,
}

impl PreviewArgs {
    pub(super) fn options(&self) -> specrender_preview::PreviewOptions {
        specrender_preview::PreviewOptions {
            width: self.width,
            highlight: self.highlight,
        }
    }

    pub(super) fn sheet_options(&self) -> Option<specrender_preview::SheetOptions> {
        self.sheet
            .as_ref()
            .map(|_| specrender_preview::SheetOptions {
                highlight: self.highlight,
                ..Default::default()
            })
    }

    /// A width outside 16..=8192 is a usage mistake (reported; `false`).
    pub(super) fn width_ok(&self, flag: &str) -> bool {
        let ok = (16..=specrender_preview::MAX_WIDTH).contains(&self.width);
        if !ok {
            say!(
                "error: {flag} {} is outside 16..={}",
                self.width,
                specrender_preview::MAX_WIDTH
            );
        }
        ok
    }
}

/// The files a `qc`, `render` or `pdf` run writes.
pub(crate) struct Outputs<'a> {
    /// `render`'s `-o` (`Some(None)`: the input's name with the format's extension); `None`
    /// for `qc` and `pdf`.
    pub(crate) file: Option<Option<PathBuf>>,
    pub(crate) qc: Option<&'a Path>,
    pub(crate) layout: Option<&'a Path>,
    pub(crate) pdf: Option<&'a Path>,
}

/// `qc` (no file), `render` (`-o`, with `--preview` or `--pdf`) and `pdf`.
pub(crate) fn cmd_run(
    args: &InputArgs,
    run: &RunArgs,
    outputs: Outputs<'_>,
    preview: Option<PreviewArgs>,
) -> i32 {
    if preview
        .as_ref()
        .is_some_and(|p| !p.width_ok("--preview-width"))
    {
        return 2;
    }
    match run_pipeline(args, run, outputs, preview.as_ref()) {
        Ok(code) => code,
        Err(e) => {
            report_error(&e);
            if let Error::Input(fail) = &e {
                // The machine-readable errors, as `validate` prints them.
                if !print_json(&Validation::from_failure(fail)) {
                    return 3;
                }
            }
            e.exit_code()
        }
    }
}

/// `qc` / `render` as steps: settle the output path, parse, find the assets folder, load
/// fonts, lay out (and write the PPTX), write the outputs, summarise QC on stderr.
pub(crate) fn run_pipeline(
    args: &InputArgs,
    run: &RunArgs,
    outputs: Outputs<'_>,
    preview: Option<&PreviewArgs>,
) -> Result<i32, Error> {
    let Outputs {
        file: output,
        qc: qc_path,
        layout: layout_path,
        pdf: pdf_path,
    } = outputs;
    let mut progress = progress_printer(run.progress);
    let parse_opts = args.parse_options();
    if output == Some(None) && args.input == "-" {
        say!("error: reading from stdin (`-`) needs -o OUT");
        return Ok(2);
    }
    // The fonts are loaded on a thread of their own while the input is read and parsed (the
    // other core is idle while the JSON is read); they are waited for where they were loaded
    // before, so errors come in the same order. A run that fails before does not wait for
    // them. `--threads 1` keeps the run on one thread.
    let font_opts = run.fonts.options();
    let fonts_loading = (run.job.threads != 1)
        .then(|| std::thread::spawn(move || specrender::load_fonts(&font_opts)));
    let mut parsed = parse_input(args, &parse_opts, run, &mut progress)?;
    if let Err(code) = apply_theme(run, &mut parsed) {
        return Ok(code);
    }
    if let (Some(_), specrender::Input::Doc(_)) = (preview, &parsed.input) {
        say!("error: --preview draws slides; a DocSpec has none");
        return Ok(2);
    }
    let ext = match parsed.input {
        specrender::Input::Doc(_) => "docx",
        specrender::Input::Slides(_) => "pptx",
    };
    let out_path = match output_path(args, output, ext) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let targets = match plan_outputs(args, out_path.as_deref(), qc_path, layout_path, pdf_path) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let assets_root = assets_root(args, run)?;
    let template = match load_run_template(run) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Err(code) = template_fits(&parsed.input, &template, run) {
        return Ok(code);
    }
    let fonts = match fonts_loading {
        Some(h) => h
            .join()
            .unwrap_or_else(|_| Err(Error::Internal("the font loading thread failed".into())))?,
        None => specrender::load_fonts(&run.fonts.options())?,
    };
    let opts = render_options(
        run,
        parse_opts,
        layout_path.is_some(),
        assets_root,
        template,
    );
    if let (Some(t), None) = (&targets.pdf, preview) {
        return render_pdf(parsed, fonts, &opts, (&targets, t), &mut progress);
    }
    let png_outputs = preview.map(|p| PngOutputs::new(args, &targets, &p.dir, None));
    let mut pngs: Vec<DrawnPng> = Vec::new();
    let mut pdf_bytes: Option<Vec<u8>> = None;
    let outcome: Outcome = if let (Some(p), Some(to)) = (preview, &png_outputs) {
        let also = specrender::Also {
            pptx: true,
            pdf: targets.pdf.is_some(),
        };
        let drawn = match to.draw(&parsed, &fonts, &opts, p, also, &mut progress) {
            Ok(d) => d,
            Err(Stop::Code(code)) => return Ok(code),
            Err(Stop::Err(e)) => return Err(e),
        };
        pngs = drawn.slides;
        drawn.pdf.iter().for_each(report_pdf);
        pdf_bytes = drawn.pdf.map(|p| p.bytes);
        drawn.outcome
    } else if let (Some(_), specrender::Input::Slides(_)) = (&out_path, &parsed.input) {
        let code = render_deck(&parsed, &fonts, &opts, &targets, &mut progress)?;
        std::mem::forget((parsed, fonts));
        return Ok(code);
    } else if out_path.is_some() {
        specrender::render_parsed(&parsed, &fonts, &opts, &mut progress)?
    } else {
        specrender::qc_parsed(&parsed, &fonts, &opts, &mut progress)?
    };
    let mut files = match &png_outputs {
        Some(to) => to.contents(&mut pngs, None),
        None => Vec::new(),
    };
    if let (Some(t), Some(bytes)) = (&targets.pdf, &pdf_bytes) {
        files.push((t.clone(), Content::Bytes(bytes)));
    }
    if let Err(e) = write_outputs(&outcome, &targets, files, None, &mut progress) {
        if let Some(to) = &png_outputs {
            to.undo();
        }
        return Err(e);
    }
    if let Some(to) = &png_outputs {
        to.remove_stale();
    }
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // The process ends here and the system takes its memory back whole: freeing the outcome,
    // the parsed input and the fonts piece by piece first only costs time (about 1.5 ms of
    // the 200-slide deck's wall time). `serve` and the library free as usual.
    std::mem::forget((outcome, pngs, parsed, fonts));
    Ok(code)
}

/// `render --pdf` (no `--preview`): the PPTX or DOCX, the PDF at `pdf` and the report, written
/// together.
pub(crate) fn render_pdf(
    parsed: Parsed,
    fonts: specrender::FontBook,
    opts: &RenderOptions,
    (targets, pdf_at): (&Planned, &Target),
    progress: Progress<'_>,
) -> Result<i32, Error> {
    let (outcome, pdf) = specrender::render_with_pdf(&parsed, &fonts, opts, progress)?;
    report_pdf(&pdf);
    let files = vec![(pdf_at.clone(), Content::Bytes(&pdf.bytes))];
    write_outputs(&outcome, targets, files, None, progress)?;
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // As run_pipeline: the process ends, the system takes the memory back whole.
    std::mem::forget((outcome, pdf, parsed, fonts));
    Ok(code)
}

/// `render` of a deck: as [`specrender::render_parsed`], but the package's temporary file is
/// written and synced on a thread of its own as soon as the package is made, while this thread
/// checks the deck (QC) and makes the report; then every output is renamed into place together
/// as before (all or nothing: a failure removes the staged file).
pub(crate) fn render_deck(
    parsed: &Parsed,
    fonts: &specrender::FontBook,
    opts: &specrender::RenderOptions,
    targets: &Planned,
    progress: Progress<'_>,
) -> Result<i32, Error> {
    let laid = std::sync::Arc::new(specrender::lay_out(parsed, fonts, opts, progress)?);
    // The package's pictures are lent from the laid deck, not copied into it: the pieces are
    // written to the file in order.
    let pptx = specrender::pptx_pieces(&laid, opts)?;
    let pieces = pptx.slices();
    let outcome = std::thread::scope(|s| {
        let staging = targets
            .pptx
            .as_ref()
            .filter(|t| matches!(t, Target::Replace { .. }))
            .map(|t| s.spawn(|| specrender::outputs::stage_pieces(t, &pieces)));
        // On failure the staging thread is still joined (by the scope) and its file removed.
        let outcome = specrender::check_deck(parsed, laid.clone(), opts, None, progress)?;
        let content = match staging {
            Some(h) => Content::Later(Box::new(move || {
                h.join().ok().flatten().unwrap_or_else(|| {
                    Err(OutputError::Io(
                        "internal: the package's writer thread failed".into(),
                    ))
                })
            })),
            None => Content::Pieces(&pieces),
        };
        write_outputs(&outcome, targets, Vec::new(), Some(content), progress)?;
        Ok::<_, Error>(outcome)
    })?;
    report_qc_summary(&outcome.qc);
    let code = outcome.qc.exit_code();
    // As run_pipeline: the process ends here, the system takes the memory back whole.
    std::mem::forget(pieces);
    std::mem::forget(pptx);
    std::mem::forget((outcome, laid));
    Ok(code)
}

/// Why a preview run stopped: an exit code already reported (a usage or output mistake found
/// when the PNGs were planned), or an error.
pub(crate) enum Stop {
    Code(i32),
    Err(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Err(e)
    }
}
