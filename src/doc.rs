//! A DocSpec's run: [`lay_out_doc`], its PDF ([`doc_pdf_bytes`]) and page images
//! ([`doc_previews`]), and the DOCX with its QC report.

#[allow(unused_imports)]
use crate::*;

/// Lay out a DocSpec: resolve (assets through the run's assets root), then document layout.
pub fn lay_out_doc(
    spec: &spec::DocSpec,
    fonts: &FontBook,
    opts: &RenderOptions,
) -> Result<specrender_layout::doc::model::LaidDoc, Error> {
    let opened = match &opts.assets {
        Some(_) => None,
        None => open_assets(opts.assets_root.as_deref())?,
    };
    let root = opts.assets.as_deref().or(opened.as_ref());
    guard(|| {
        let doc = specrender_spec::resolve_doc(spec, root);
        let mut doc_opts = opts.doc.clone();
        let mut unknown = None;
        if doc_opts.template.is_none() {
            if let Some(store) = &opts.templates {
                match store.resolve_doc(&doc.theme.template_id)? {
                    ResolvedDocTemplate::BuiltIn => {}
                    ResolvedDocTemplate::Found(t) => doc_opts.template = Some(t),
                    ResolvedDocTemplate::Unknown(id) => unknown = Some(id),
                }
            } else if !template::themes::is_default(&doc.theme.template_id) {
                // Not silently: the document asked for a template it does not get.
                unknown = Some(doc.theme.template_id.trim().to_string());
            }
        }
        let folder = opts.templates.is_some();
        let budget = opts.layout.work_budget;
        let threads = opts.layout.threads;
        let mut laid =
            specrender_layout::doc::try_layout_doc_on(&doc, fonts, &doc_opts, budget, threads)
                .map_err(|over| {
                    let block = over
                        .element
                        .as_deref()
                        .and_then(|id| spec.doc.blocks.iter().position(|b| b.block_id == id));
                    let path = match block {
                        Some(j) => format!("/doc/blocks/{j}"),
                        None => "/doc".to_string(),
                    };
                    over_budget(&over, path)
                })?;
        if let Some(template_id) = unknown {
            let finding = specrender_model::Finding::UnknownTemplate {
                template_id,
                built_in: Vec::new(),
                folder,
            };
            let at = specrender_model::Location::Document;
            laid.notes.push(specrender_model::Note::new(finding, at));
        }
        laid.embedding =
            specrender_layout::embed::doc(&laid, fonts, opts.embed_fonts, opts.layout.threads);
        Ok(laid)
    })
}

/// The PDF of a document laid out for drawing (`DocOptions::draw`): its pages as layout
/// predicted them, drawn by `specrender-pdf`, tagged, PDF/A-2b, PDF/UA-1 when it allows.
pub fn doc_pdf_bytes(
    laid: &specrender_layout::doc::model::LaidDoc,
    fonts: &FontBook,
) -> Result<specrender_pdf::Pdf, Error> {
    guard(|| {
        specrender_pdf::doc_pdf(laid, fonts, &specrender_pdf::PdfOptions::default())
            .map_err(|e| Error::Internal(format!("writing PDF: {e}")))
    })
}

/// A document's pages as PNGs, `width` px wide (`preview` on a DocSpec): laid out once for
/// drawing, each page drawn from the pages the PDF draws; with the QC report.
pub fn doc_previews(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    width: u32,
    progress: Progress<'_>,
) -> Result<(Outcome, Vec<Vec<u8>>), Error> {
    let Input::Doc(spec) = &parsed.input else {
        return Err(Error::Internal("doc_previews takes a DocSpec".into()));
    };
    let mut drawing = opts.clone();
    drawing.doc.draw = true;
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, &drawing)?);
    progress(Stage::Layout, n, n);
    let outcome = doc_finish(&laid, parsed, opts, false, progress)?;
    let pngs = guard(|| {
        let pages = laid
            .scene
            .as_deref()
            .ok_or_else(|| Error::Internal("the document was not laid out for drawing".into()))?;
        specrender_preview::preview_pages(pages, fonts, width).map_err(preview_error)
    })?;
    Ok((outcome, pngs))
}

/// [`render_with_pdf`] of a DocSpec: laid out once for drawing; the DOCX and QC on this
/// thread, the PDF on another (same bytes either way).
pub(crate) fn doc_with_pdf(
    spec: &spec::DocSpec,
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    progress: Progress<'_>,
) -> Result<(Outcome, specrender_pdf::Pdf), Error> {
    let mut drawing = opts.clone();
    drawing.doc.draw = true;
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, &drawing)?);
    progress(Stage::Layout, n, n);
    let (outcome, pdf) = if opts.layout.threads == 1 {
        let pdf = doc_pdf_bytes(&laid, fonts)?;
        (doc_finish(&laid, parsed, opts, true, progress)?, pdf)
    } else {
        std::thread::scope(|s| {
            let writing = s.spawn(|| doc_pdf_bytes(&laid, fonts));
            let rest = doc_finish(&laid, parsed, opts, true, progress);
            let pdf = writing
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("the PDF writer's thread failed".into())));
            Ok::<_, Error>((rest?, pdf?))
        })?
    };
    let mut outcome = outcome;
    outcome.qc.add_doc_notes(&laid, &pdf.ua_gaps);
    Ok((outcome, pdf))
}

/// The DocSpec pipeline: layout, QC, and (when `write`) the DOCX bytes.
pub(crate) fn doc_outcome(
    spec: &spec::DocSpec,
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    write: bool,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    let n = spec.doc.blocks.len();
    progress(Stage::Layout, 0, n);
    let laid = Arc::new(lay_out_doc(spec, fonts, opts)?);
    progress(Stage::Layout, n, n);
    doc_finish(&laid, parsed, opts, write, progress)
}

/// The end of the DocSpec pipeline: the DOCX bytes (when `write`) and QC of `laid`.
fn doc_finish(
    laid: &Arc<specrender_layout::doc::model::LaidDoc>,
    parsed: &Parsed,
    opts: &RenderOptions,
    write: bool,
    progress: Progress<'_>,
) -> Result<Outcome, Error> {
    let n = laid.blocks.len();
    let docx = if write {
        progress(Stage::Write, 0, 1);
        let bytes = guard(|| {
            specrender_renderer::docx_with(laid, &opts.pptx)
                .map_err(|e| Error::Internal(format!("writing DOCX: {e}")))
        })?;
        Some(bytes)
    } else {
        None
    };
    guard(|| {
        progress(Stage::Qc, 0, n);
        let qc = specrender_qc::doc::check_doc(laid, &parsed.warnings);
        progress(Stage::Qc, n, n);
        Ok(Outcome {
            pptx: None,
            docx,
            qc,
            layout: opts.layout_json.then(|| LayoutJson::Doc(laid.clone())),
            warnings: parsed.warnings.list.clone(),
        })
    })
}
