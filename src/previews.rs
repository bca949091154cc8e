//! A deck's PNGs drawn from its laid-out deck: [`preview_parsed`], [`previews_parsed`] and
//! [`previews_parsed_into`] (written as they are drawn).

#[allow(unused_imports)]
use crate::*;

/// Slide previews: lay out a parsed SlideSpec, check it, and draw one PNG per output slide
/// from the laid-out deck (specrender-preview; nothing is measured again). Returns the PNGs in
/// slide order and the QC report (its exit code is the command's). A DocSpec has no slides:
/// an input error.
pub fn preview_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    progress: Progress<'_>,
) -> Result<(Vec<specrender_preview::SlidePreview>, QcReport), Error> {
    let p = previews_parsed(
        parsed,
        fonts,
        opts,
        preview,
        None,
        Also::default(),
        progress,
    )?;
    Ok((p.slides, p.outcome.qc))
}

/// What [`previews_parsed`] returns: the run's outcome (with the PPTX when asked for), one PNG
/// per output slide, and the contact sheet when asked for.
#[derive(Debug)]
pub struct Previews<T = specrender_preview::SlidePreview> {
    pub outcome: Outcome,
    /// One per output slide, in slide order: the preview itself, or what
    /// [`previews_parsed_into`]'s `take` kept of it.
    pub slides: Vec<T>,
    /// The contact sheet's PNG bytes.
    pub sheet: Option<Vec<u8>>,
    /// The deck's PDF, when asked for ([`Also::pdf`]).
    pub pdf: Option<specrender_pdf::Pdf>,
}

/// What [`previews_parsed`] makes besides the previews, from the same laid-out deck.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Also {
    /// The PPTX (`render --preview`): in [`Outcome::pptx`].
    pub pptx: bool,
    /// The PDF (`render --preview --pdf`): in [`Previews::pdf`].
    pub pdf: bool,
}

/// Lay a parsed SlideSpec out once, check it, write the PPTX and the PDF when `also` asks
/// (`render --preview [--pdf]`), and draw the previews (and the contact sheet) from that same laid-out deck, on
/// [`LayoutOptions::threads`] threads (same bytes whatever the number). A DocSpec has no
/// slides: refused. Every PNG is held until the call returns; [`previews_parsed_into`] hands
/// each away as it is drawn.
pub fn previews_parsed(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    sheet: Option<&specrender_preview::SheetOptions>,
    also: Also,
    progress: Progress<'_>,
) -> Result<Previews, Error> {
    let to = PreviewsTo {
        plan: |_: &[String]| Ok(()),
        take: |_, p| Ok(p),
    };
    previews_parsed_into(parsed, fonts, opts, preview, sheet, also, progress, to)
}

/// Where [`previews_parsed_into`] sends the previews. `plan` is called once the deck is laid
/// out and checked, before anything is drawn, with each PNG's file name in slide order (its
/// error ends the run there); `take` with each slide's preview as soon as it is drawn, on the
/// thread that drew it, slides in any order (`i` from 0), and what it returns is kept in its
/// place. A `take` that writes the PNG away keeps one PNG per drawing thread in memory.
pub struct PreviewsTo<P, K> {
    pub plan: P,
    pub take: K,
}

/// [`previews_parsed`] with each preview handed to `to.take` as it is drawn. `E` is the
/// caller's error: this function's own errors come back through `From<Error>`.
#[allow(clippy::too_many_arguments)]
pub fn previews_parsed_into<T, E, P, K>(
    parsed: &Parsed,
    fonts: &FontBook,
    opts: &RenderOptions,
    preview: &specrender_preview::PreviewOptions,
    sheet: Option<&specrender_preview::SheetOptions>,
    also: Also,
    progress: Progress<'_>,
    to: PreviewsTo<P, K>,
) -> Result<Previews<T>, E>
where
    T: Send,
    E: From<Error> + Send,
    P: FnOnce(&[String]) -> Result<(), E>,
    K: Fn(usize, specrender_preview::SlidePreview) -> Result<T, E> + Sync,
{
    if let Input::Doc(_) = &parsed.input {
        return Err(E::from(Error::Internal(
            "previews take a SlideSpec; a DocSpec has no slides".into(),
        )));
    }
    let laid = Arc::new(lay_out_for_drawing(parsed, fonts, opts, progress)?);
    let file = if also.pptx {
        Some(pptx_bytes(&laid, opts)?)
    } else {
        None
    };
    let pdf = if also.pdf {
        Some(pdf_bytes(&laid, fonts)?)
    } else {
        None
    };
    let mut outcome = check_deck(parsed, laid.clone(), opts, file, progress)?;
    if let Some(pdf) = &pdf {
        outcome.qc.add_notes(&laid, &pdf.ua_gaps);
    }
    let names: Vec<String> = (0..laid.slides.len())
        .map(|i| specrender_preview::file_name(&laid, i))
        .collect();
    (to.plan)(&names)?;
    let threads = opts.layout.threads;
    let take = &to.take;
    let slides = guard_with(|| {
        specrender_preview::preview_deck_each(
            &laid,
            fonts,
            Some(&outcome.qc),
            preview,
            threads,
            |i, p| take(i, p).map_err(Drawn::Taken),
        )
        .map_err(|e| match e {
            Drawn::Preview(e) => E::from(preview_error(e)),
            Drawn::Taken(e) => e,
        })
    })?;
    let sheet = match sheet {
        Some(so) => Some(guard(|| {
            specrender_preview::contact_sheet(&laid, fonts, Some(&outcome.qc), so)
                .map_err(preview_error)
        })?),
        None => None,
    };
    Ok(Previews {
        outcome,
        slides,
        sheet,
        pdf,
    })
}

/// A drawing's failure, or the caller's `take`'s.
enum Drawn<E> {
    Preview(specrender_preview::PreviewError),
    Taken(E),
}

impl<E> From<specrender_preview::PreviewError> for Drawn<E> {
    fn from(e: specrender_preview::PreviewError) -> Self {
        Drawn::Preview(e)
    }
}

/// A preview's failure as the run's error: more pixels than a preview may have is the input's
/// (or the flags') fault.
pub(crate) fn preview_error(e: specrender_preview::PreviewError) -> Error {
    match e {
        specrender_preview::PreviewError::Pixels(..)
        | specrender_preview::PreviewError::Sheet(_) => {
            Error::Input(SpecFailure::Invalid(Findings::one(SpecError {
                path: "/theme/slide_size".into(),
                code: Code::PreviewTooLarge,
                message: format!("drawing previews: {e}"),
                severity: ErrorSeverity::Error,
            })))
        }
        e => Error::Internal(format!("drawing previews: {e}")),
    }
}
