//! A SlideSpec's run: [`lay_out`] (the deck laid out and fitted), [`lay_out_for_drawing`]
//! (its glyphs placed for the preview and the PDF), [`pdf_bytes`] and [`render_with_pdf`], and
//! the error of a deck over its work budget.

#[allow(unused_imports)]
use crate::*;

/// Lay out a parsed SlideSpec.
pub fn lay_out(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<LaidDeck, Error> {
    let Input::Slides(spec) = &parsed.input else {
        return Err(Error::Internal(NOT_SLIDES.into()));
    };
    let opened = match &opts.assets {
        Some(_) => None,
        None => open_assets(opts.assets_root.as_deref())?,
    };
    let root = opts.assets.as_deref().or(opened.as_ref());
    guard(|| {
        let deck = specrender_spec::resolve_with(spec, root);
        let mut layout_opts = opts.layout.clone();
        if layout_opts.template.is_none() {
            let id = &deck.theme.template_id;
            layout_opts.templates_folder = opts.templates.is_some();
            if let Some(t) = template::themes::builtin(id) {
                layout_opts.template = Some(t);
            } else if let Some(store) = &opts.templates {
                match store.resolve(id)? {
                    ResolvedTemplate::BuiltIn => {}
                    ResolvedTemplate::Found(t) => layout_opts.template = Some(t),
                    ResolvedTemplate::Unknown(id) => layout_opts.unknown_template = Some(id),
                }
            } else if !template::themes::is_default(id) {
                // Not silently: the deck asked for a look it does not get.
                layout_opts.unknown_template = Some(id.trim().to_string());
            }
        }
        let n = deck.slides.len();
        progress(Stage::Layout, 0, n);
        let mut laid = specrender_layout::try_layout(&deck, fonts, &layout_opts)
            .map_err(|over| over_budget(&over, slide_pointer(spec, &over)))?;
        laid.embedding =
            specrender_layout::embed::deck(&laid, fonts, opts.embed_fonts, opts.layout.threads);
        progress(Stage::Layout, n, n);
        Ok(laid)
    })
}

/// [`lay_out`] for drawing: the deck laid out and fitted, then every paragraph's glyphs placed
/// and every chart's drawing layout decided (`specrender_layout::text::glyphs`, on
/// [`LayoutOptions::threads`] threads) for the preview to draw from. A PPTX needs none:
/// `render` without previews does not pay for them.
pub fn lay_out_for_drawing(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<LaidDeck, Error> {
    let mut laid = lay_out(parsed, fonts, opts, progress)?;
    guard(|| {
        specrender_layout::text::glyphs::place_deck(&mut laid, fonts, opts.layout.threads.max(1));
        Ok(())
    })?;
    Ok(laid)
}

/// The PDF of a deck laid out for drawing ([`lay_out_for_drawing`]): drawn from the model by
/// `specrender-pdf`, tagged, PDF/A-2b, PDF/UA-1 when the deck allows it.
pub fn pdf_bytes(laid: &LaidDeck, fonts: &FontBook) -> Result<specrender_pdf::Pdf, Error> {
    guard(|| {
        specrender_pdf::deck_pdf(laid, fonts, &specrender_pdf::PdfOptions::default())
            .map_err(|e| Error::Internal(format!("writing PDF: {e}")))
    })
}

/// `render --pdf`: a parsed SlideSpec or DocSpec laid out once for drawing, its PPTX or DOCX,
/// its PDF (from the same layout) and the QC report.
pub fn render_with_pdf(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<(Outcome, specrender_pdf::Pdf), Error> {
    if let Input::Doc(spec) = &parsed.input {
        return doc_with_pdf(spec, parsed, fonts, opts, progress);
    }
    let laid = Arc::new(lay_out_for_drawing(parsed, fonts, opts, progress)?);
    // The PDF is written on a thread of its own while this one writes the PPTX and checks
    // the deck (same bytes either way); `threads: 1` keeps the run on one thread.
    let (outcome, pdf) = if opts.layout.threads == 1 {
        let pdf = pdf_bytes(&laid, fonts)?;
        let pptx = pptx_bytes(&laid, opts)?;
        (
            check_deck(parsed, laid.clone(), opts, Some(pptx), progress)?,
            pdf,
        )
    } else {
        std::thread::scope(|s| {
            let writing = s.spawn(|| pdf_bytes(&laid, fonts));
            let rest = pptx_bytes(&laid, opts)
                .and_then(|pptx| check_deck(parsed, laid.clone(), opts, Some(pptx), progress));
            let pdf = writing
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("the PDF writer's thread failed".into())));
            Ok::<_, Error>((rest?, pdf?))
        })?
    };
    let mut outcome = outcome;
    outcome.qc.add_notes(&laid, &pdf.ua_gaps);
    Ok((outcome, pdf))
}

/// The JSON Pointer of the element (else the slide) where a deck passed its work budget.
pub(crate) fn slide_pointer(
    spec: &spec::SlideSpec,
    over: &specrender_layout::work::OverBudget,
) -> String {
    let slide = format!("/deck/slides/{}", over.slide);
    let element = over.element.as_deref().and_then(|id| {
        let s = spec.deck.slides.get(over.slide)?;
        s.elements.iter().position(|e| e.element_id == id)
    });
    match element {
        Some(j) => format!("{slide}/elements/{j}"),
        None => slide,
    }
}

/// A job over its work budget ([`specrender_layout::work`]): invalid input (exit code 2,
/// nothing written), `work_budget` at `path`.
pub(crate) fn over_budget(over: &specrender_layout::work::OverBudget, path: String) -> Error {
    let at = match &over.element {
        Some(id) => format!(" at {id:?}"),
        None => String::new(),
    };
    let message = format!(
        "laying this input out needs more work than a job may spend: past the budget of {} \
         work units{at} ({} by then; docs/guide/limits.md, \"The work budget\"); split it into smaller jobs \
         or shorten its largest tables and texts",
        over.budget, over.spent
    );
    Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
        path,
        code: Code::WorkBudget,
        message,
        severity: ErrorSeverity::Error,
    })))
}
