//! `preview` (and `render --preview`): PNGs written as they are drawn, and a document's pages.

#[allow(unused_imports)]
use crate::*;

/// One slide's preview once drawn: its PNG staged beside its target (written and synced now,
/// renamed into place with the run's other outputs), or held when its target cannot be
/// staged (written in place, or to stdout, only once the run has succeeded).
pub(crate) struct DrawnPng {
    pub(crate) slide_id: String,
    pub(crate) notes: Vec<String>,
    pub(crate) png: Png,
}

pub(crate) enum Png {
    Staged(specrender::outputs::Staged),
    Held(Vec<u8>),
}

/// The PNG outputs of `render --preview DIR` and `preview -o DIR`, planned once the deck is
/// laid out (the file names come from its slides) and before anything is drawn: each PNG —
/// and `--sheet` — an output of the run, planned with its other outputs, so none may name the
/// input or another output. Each PNG is staged as it is drawn (memory holds one PNG per
/// drawing thread, not the deck's), and all of them are renamed into place with the run's
/// other outputs (all or nothing).
pub(crate) struct PngOutputs<'a> {
    pub(crate) args: &'a InputArgs,
    pub(crate) fixed: &'a Planned,
    pub(crate) dir: &'a Path,
    pub(crate) sheet: Option<&'a Path>,
    /// The slides' targets in slide order, then the sheet's; set by [`PngOutputs::plan`].
    pub(crate) targets: std::sync::OnceLock<Vec<Target>>,
    /// The folder did not exist and was made here (removed again if the run fails: a failed
    /// run leaves nothing new).
    pub(crate) made: std::sync::atomic::AtomicBool,
}

impl<'a> PngOutputs<'a> {
    pub(super) fn new(
        args: &'a InputArgs,
        fixed: &'a Planned,
        dir: &'a Path,
        sheet: Option<&'a Path>,
    ) -> Self {
        PngOutputs {
            args,
            fixed,
            dir,
            sheet,
            targets: std::sync::OnceLock::new(),
            made: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The folder made and each PNG planned (`names` in slide order). A conflict is exit 2, a
    /// folder that cannot be made or read exit 3 (reported here).
    fn plan(&self, names: &[String]) -> Result<(), Stop> {
        let dir = self.dir;
        let made = !dir.exists();
        if let Err(e) = std::fs::create_dir_all(dir) {
            say!("error: environment: cannot create {}: {e}", dir.display());
            return Err(Stop::Code(3));
        }
        self.made.store(made, std::sync::atomic::Ordering::Relaxed);
        let paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
        let mut named: Vec<&Path> = Vec::new();
        let t = self.fixed;
        for t in [t.pptx.as_ref(), t.layout.as_ref(), Some(&t.qc)]
            .into_iter()
            .flatten()
        {
            if let Target::Replace { path } | Target::InPlace { path } = t {
                named.push(path);
            }
        }
        let fixed = named.len();
        named.extend(paths.iter().map(PathBuf::as_path));
        named.extend(self.sheet);
        match specrender::outputs::plan(&self.args.input, &named, false) {
            Ok(planned) => {
                let _ = self.targets.set(planned.into_iter().skip(fixed).collect());
                Ok(())
            }
            Err(e) => {
                self.undo();
                say!("error: preview: {e}");
                Err(Stop::Code(match e {
                    OutputError::Conflict(_) => 2,
                    OutputError::Io(_) => 3,
                }))
            }
        }
    }

    /// Slide `i`'s preview staged beside its target (on the thread that drew it).
    fn take(&self, i: usize, p: specrender_preview::SlidePreview) -> Result<DrawnPng, Stop> {
        let target = self
            .targets
            .get()
            .and_then(|t| t.get(i))
            .ok_or_else(|| Error::Internal(format!("preview {i} was not planned")))?;
        let png = match specrender::outputs::stage(target, &p.png) {
            Some(Ok(s)) => Png::Staged(s),
            Some(Err(e)) => return Err(Stop::Err(Error::Environment(e.to_string()))),
            None => Png::Held(p.png),
        };
        Ok(DrawnPng {
            slide_id: p.slide_id,
            notes: p.notes,
            png,
        })
    }

    /// The PNGs (and the sheet's bytes) as outputs to commit with the run's others; the notes
    /// on what could not be drawn go to stderr, in slide order.
    pub(super) fn contents<'b>(
        &self,
        drawn: &'b mut [DrawnPng],
        sheet: Option<&'b [u8]>,
    ) -> Vec<(Target, Content<'b>)> {
        let targets = self.targets.get().map(Vec::as_slice).unwrap_or_default();
        let n = drawn.len();
        let mut out = Vec::with_capacity(n + 1);
        for (d, t) in drawn.iter_mut().zip(targets) {
            for n in &d.notes {
                say!("preview: {}: not drawn, outlined: {n}", d.slide_id);
            }
            let content = match &mut d.png {
                Png::Held(b) => Content::Bytes(b.as_slice()),
                staged @ Png::Staged(_) => match std::mem::replace(staged, Png::Held(Vec::new())) {
                    Png::Staged(s) => Content::Staged(s),
                    Png::Held(_) => unreachable!("matched above"),
                },
            };
            out.push((t.clone(), content));
        }
        if let (Some(b), Some(t)) = (sheet, targets.get(n)) {
            out.push((t.clone(), Content::Bytes(b)));
        }
        out
    }

    /// After a failure: the folder removed when this run made it (the staged files are
    /// removed when dropped).
    pub(super) fn undo(&self) {
        if self.made.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = std::fs::remove_dir(self.dir);
        }
    }

    /// After the run's outputs are in place: the slide PNGs of an earlier run left in the
    /// folder — files named as ours (`NNN-<slide id>.png`,
    /// [`specrender::outputs::is_slide_png_name`]) that this run did not write — are removed,
    /// so the folder shows this deck alone. Nothing else in it is touched (a failure to remove
    /// one is a warning).
    pub(super) fn remove_stale(&self) {
        let targets = self.targets.get().map(Vec::as_slice).unwrap_or_default();
        let ours: Vec<&Path> = targets
            .iter()
            .filter_map(|t| match t {
                Target::Replace { path } | Target::InPlace { path } => Some(path.as_path()),
                Target::Stdout => None,
            })
            .collect();
        for stale in specrender::outputs::stale_slide_pngs(self.dir, &ours) {
            if let Err(e) = std::fs::remove_file(&stale) {
                say!(
                    "warning: could not remove the earlier preview {}: {e}",
                    stale.display()
                );
            }
        }
    }

    /// Lay out, check and draw (`previews_parsed_into`) as `p` asks (its contact sheet
    /// too), each PNG staged as it is drawn; a failure undoes the folder.
    pub(super) fn draw(
        &self,
        parsed: &Parsed,
        fonts: &specrender::FontBook,
        opts: &RenderOptions,
        p: &PreviewArgs,
        also: specrender::Also,
        progress: Progress<'_>,
    ) -> Result<specrender::Previews<DrawnPng>, Stop> {
        let to = specrender::PreviewsTo {
            plan: |names: &[String]| self.plan(names),
            take: |i, p| self.take(i, p),
        };
        let (preview, sheet) = (p.options(), p.sheet_options());
        let r = specrender::previews_parsed_into(
            parsed,
            fonts,
            opts,
            &preview,
            sheet.as_ref(),
            also,
            progress,
            to,
        );
        if r.is_err() {
            self.undo();
        }
        r
    }
}

/// `preview`: lay out, check, draw; write the PNGs into `dir` (and the contact sheet), print
/// the QC report.
pub(crate) fn cmd_preview(args: &InputArgs, run: &RunArgs, p: &PreviewArgs) -> i32 {
    if !p.width_ok("--width") {
        return 2;
    }
    let dir = p.dir.as_path();
    // `--sheet` naming the input, or in a missing folder, is refused before any work (the
    // slides' names are known once the deck is laid out: they are planned with it below).
    // A sheet inside the PNGs' folder, not made yet, is planned with them.
    let later = |s: &Path| s.parent().is_some_and(|f| f == dir && !f.exists());
    if let Some(sheet) = p.sheet.as_ref().filter(|s| !later(s)) {
        if let Err(e) = specrender::outputs::plan(&args.input, &[sheet.as_path()], true) {
            say!("error: --sheet: {e}");
            return match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            };
        }
    }
    let result = (|| -> Result<i32, Error> {
        let mut progress = progress_printer(run.progress);
        let parse_opts = args.parse_options();
        let mut parsed = parse_input(args, &parse_opts, run, &mut progress)?;
        if let Err(code) = apply_theme(run, &mut parsed) {
            return Ok(code);
        }
        if let specrender::Input::Doc(_) = parsed.input {
            return doc_preview(args, run, p, &parsed, parse_opts, &mut progress);
        }
        let assets_root = assets_root(args, run)?;
        let template = match load_run_template(run) {
            Ok(t) => t,
            Err(code) => return Ok(code),
        };
        if let Err(code) = template_fits(&parsed.input, &template, run) {
            return Ok(code);
        }
        let fonts = specrender::load_fonts(&run.fonts.options())?;
        let opts = render_options(run, parse_opts, false, assets_root, template);
        // Every PNG, the sheet and the report are outputs of the run (as `render`'s):
        // planned together, written together, none naming the input or another output.
        let planned = Planned {
            pptx: None,
            qc: Target::Stdout,
            layout: None,
            pdf: None,
        };
        let to = PngOutputs::new(args, &planned, dir, p.sheet.as_deref());
        let mut drawn = match to.draw(
            &parsed,
            &fonts,
            &opts,
            p,
            specrender::Also::default(),
            &mut progress,
        ) {
            Ok(d) => d,
            Err(Stop::Code(code)) => return Ok(code),
            Err(Stop::Err(e)) => return Err(e),
        };
        let files = to.contents(&mut drawn.slides, drawn.sheet.as_deref());
        if let Err(e) = write_outputs(&drawn.outcome, &planned, files, None, &mut progress) {
            to.undo();
            return Err(e);
        }
        to.remove_stale();
        let qc = drawn.outcome.qc;
        report_qc_summary(&qc);
        Ok(qc.exit_code())
    })();
    match result {
        Ok(code) => code,
        Err(e) => {
            report_error(&e);
            e.exit_code()
        }
    }
}

/// `preview` of a DocSpec: one PNG per page, `page-1.png`, `page-2.png`, ... in the folder,
/// and the QC report on stdout, written together. `--sheet` and `--highlight` draw slides only.
pub(crate) fn doc_preview(
    args: &InputArgs,
    run: &RunArgs,
    p: &PreviewArgs,
    parsed: &specrender::Parsed,
    parse_opts: specrender::ParseOptions,
    progress: &mut dyn FnMut(specrender::Stage, usize, usize),
) -> Result<i32, Error> {
    if p.sheet.is_some() || p.highlight {
        say!(
            "error: --sheet and --highlight draw slides; a DocSpec's pages are drawn without them"
        );
        return Ok(2);
    }
    let assets_root = assets_root(args, run)?;
    let template = match load_run_template(run) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    if let Err(code) = template_fits(&parsed.input, &template, run) {
        return Ok(code);
    }
    let fonts = specrender::load_fonts(&run.fonts.options())?;
    let opts = render_options(run, parse_opts, false, assets_root, template);
    let (outcome, pngs) = specrender::doc_previews(parsed, &fonts, &opts, p.width, progress)?;
    std::fs::create_dir_all(&p.dir)
        .map_err(|e| Error::Environment(format!("cannot create {}: {e}", p.dir.display())))?;
    let paths: Vec<PathBuf> = (1..=pngs.len())
        .map(|i| p.dir.join(format!("page-{i}.png")))
        .collect();
    let refs: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let targets = match specrender::outputs::plan(&args.input, &refs, true) {
        Ok(t) => t,
        Err(e) => {
            say!("error: {e}");
            return Ok(match e {
                OutputError::Conflict(_) => 2,
                OutputError::Io(_) => 3,
            });
        }
    };
    let planned = Planned {
        pptx: None,
        qc: Target::Stdout,
        layout: None,
        pdf: None,
    };
    let files = targets
        .into_iter()
        .zip(&pngs)
        .map(|(t, b)| (t, Content::Bytes(b)))
        .collect();
    write_outputs(&outcome, &planned, files, None, progress)?;
    report_qc_summary(&outcome.qc);
    Ok(outcome.qc.exit_code())
}
