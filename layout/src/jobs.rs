//! Laying out the deck: deck-level findings first, then every input slide
//! ([`crate::slide::lay`]), on one thread or several, results put back in slide order.

use crate::ctx::Ctx;
use crate::findings::Finding;
use crate::frame::Frame;
use crate::model::LaidDeck;
use crate::picture::{self, Images};
use crate::slide::{self, SlideResult};
use crate::work::{self, OverBudget, Spent};
use crate::LayoutOptions;
use specrender_fonts::FontBook;
use specrender_spec::deck::Deck;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// See [`crate::layout`].
pub(crate) fn layout(
    deck: &Deck,
    fonts: &FontBook,
    opts: &LayoutOptions,
) -> Result<LaidDeck, OverBudget> {
    let images = picture::prepare_all(deck);
    // Every deck goes onto a template: the default look's package when none is given.
    let given = opts.template.clone().unwrap_or_else(|| {
        specrender_template::themes::default_for((deck.slide_size.cx, deck.slide_size.cy))
    });
    let on = crate::frame::on_template(deck, &given);
    let t = &on.template;
    let mut frame = crate::frame::from_template(t, &on.theme, deck.lang);
    if specrender_spec::resolve::right_to_left(&deck.language) {
        crate::frame::mirror_columns(&mut frame);
    }
    let logo_refused = place_logo(deck, &on.theme, &images, &mut frame);
    let frame = Arc::new(frame);
    let mut ctx = Ctx::new(deck, &images, fonts, opts, &frame, &on);
    deck_findings(&mut ctx);
    if let (Some((asset_id, r)), Some(first)) = (logo_refused, deck.slides.first()) {
        let finding = Finding::MissingAsset {
            asset_id,
            reason: r.reason,
            detail: r.detail,
        };
        ctx.note(finding, &first.id, &first.id, None);
    }
    let threads = opts.threads.clamp(1, deck.slides.len().max(1));
    let budget = opts.work_budget;
    let results: Vec<Option<(SlideResult, Spent)>> =
        if threads > 1 && ctx.ids.len() == deck.slides.len() {
            lay_parallel(deck, &images, fonts, opts, (&frame, &on), threads)
        } else {
            let mut total = 0u64;
            deck.slides
                .iter()
                .map(|s| {
                    // Past the budget the job is refused: lay out nothing more.
                    (total <= budget).then(|| {
                        let r = metered(&mut ctx, s, budget);
                        total = total.saturating_add(r.1.total);
                        r
                    })
                })
                .collect()
        };
    // The slides' work added in slide order: the same answer on any number of threads.
    let mut total = 0u64;
    let mut laid = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        // A slide is skipped only once the slides before it passed the budget (never reached).
        let Some((r, spent)) = r else {
            return Err(OverBudget {
                slide: i,
                element: None,
                spent: total,
                budget,
            });
        };
        if let Some(over) = work::add(&mut total, &spent, i, budget) {
            return Err(over);
        }
        laid.push(r);
    }
    let mut slides = Vec::with_capacity(deck.slides.len());
    for r in laid {
        slides.extend(r.slides);
        ctx.fixes.extend(r.fixes);
        ctx.notes.extend(r.notes);
    }
    // Slide numbers are positions in the output deck: known once every slide is laid out.
    slide::footer::number_slides(&mut ctx, &mut slides);
    Ok(LaidDeck {
        title: deck.title.clone(),
        subtitle: deck.subtitle.clone(),
        language: deck.language.clone(),
        lang: deck.lang,
        slide_size: on.slide_size,
        theme: on.theme.clone(),
        theme_frame: crate::frame::theme_frame(&on.theme),
        slides_in: deck.slides.len(),
        slides,
        frame: frame.clone(),
        fixes: ctx.fixes,
        notes: ctx.notes,
        autofit: opts.autofit,
        embedding: Default::default(),
    })
}

/// One slide laid out with its work counted ([`crate::work`]), at most `budget` units.
fn metered(
    ctx: &mut Ctx<'_>,
    s: &specrender_spec::deck::Slide,
    budget: u64,
) -> (SlideResult, Spent) {
    let counting = work::counting(budget);
    let r = slide::lay(ctx, s);
    (r, counting.end())
}

/// Places the brand's logo on the frame when its image is usable; the refusal otherwise
/// (reported as a `missing_asset` on the first slide).
fn place_logo(
    deck: &Deck,
    theme: &specrender_spec::deck::Theme,
    images: &crate::picture::Images,
    frame: &mut Frame,
) -> Option<(String, specrender_spec::Refusal)> {
    let logo = theme.logo.as_ref()?;
    let refused = |r: specrender_spec::Refusal| Some((logo.asset_id.clone(), r));
    match images.get(&logo.asset_id) {
        Some(Ok(img)) => {
            crate::frame::place_logo(frame, &logo.asset_id, logo.corner, logo.height, img.clone());
            None
        }
        Some(Err(r)) => refused(r.clone()),
        None => match deck.asset(&logo.asset_id) {
            Err(r) => refused(r),
            Ok(_) => refused(specrender_spec::Refusal::new(
                specrender_spec::Reason::UnsupportedFormat,
                "a data asset is not an image",
            )),
        },
    }
}

/// Substituted fonts and ignored input values, attributed to the first slide.
fn deck_findings(ctx: &mut Ctx<'_>) {
    let Some(first) = ctx.deck.slides.first().map(|s| s.id.clone()) else {
        return;
    };
    if let Some(id) = &ctx.opts.unknown_template {
        use specrender_template::themes::{DEFAULT_ID, THEMES};
        let finding = Finding::UnknownTemplate {
            template_id: id.clone(),
            built_in: std::iter::once(DEFAULT_ID)
                .chain(THEMES.iter().map(|t| t.id))
                .collect(),
            folder: ctx.opts.templates_folder,
        };
        ctx.note(finding, &first, &first, None);
    }
    for d in ctx.template.dropped() {
        ctx.note(
            Finding::TemplateContentDropped(d.clone()),
            &first,
            &first,
            None,
        );
    }
    for s in std::mem::take(&mut ctx.fonts.substituted) {
        let finding = Finding::FontSubstituted {
            family: s.family,
            measured_with: s.measured_with,
            stand_in: s.stand_in,
        };
        ctx.note(finding, &first, &first, None);
    }
    let template_notes = ctx.on_notes.iter();
    for n in ctx.deck.notes.iter().chain(template_notes) {
        ctx.note(Finding::Input(n.clone()), &first, &first, None);
    }
}

/// Input slides taken one at a time by `threads` threads, each with its own context (width
/// cache, findings); results in slide order, with the work each spent. Once the slides done
/// have spent more than `opts.work_budget` together, no thread takes another: the slides
/// taken are a prefix (taken in order, each finished), so the running total in slide order
/// passes the budget within them, where a single thread would have stopped.
///
/// Nothing one slide decides depends on another: the width cache only remembers answers, and
/// a continuation id `{source}-cont-{n}` (plus any `x`s that keep it apart from the input's
/// ids) can only come from its own source slide, so checking it against the input's ids and
/// the slide's own new ids is checking it against every id. (A deck with duplicate slide ids,
/// which validation refuses, is laid out on one thread so that its ids come out as before.)
fn lay_parallel(
    deck: &Deck,
    images: &Images,
    fonts: &FontBook,
    opts: &LayoutOptions,
    (frame, on): (&Frame, &crate::frame::OnTemplate),
    threads: usize,
) -> Vec<Option<(SlideResult, Spent)>> {
    let next = AtomicUsize::new(0);
    let spent = AtomicU64::new(0);
    let budget = opts.work_budget;
    let done: Mutex<Vec<Option<(SlideResult, Spent)>>> =
        Mutex::new((0..deck.slides.len()).map(|_| None).collect());
    let work = || {
        let mut ctx = Ctx::new(deck, images, fonts, opts, frame, on);
        while spent.load(Ordering::SeqCst) <= budget {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(s) = deck.slides.get(i) else { break };
            let r = metered(&mut ctx, s, budget);
            spent.fetch_add(r.1.total, Ordering::SeqCst);
            done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
        }
    };
    // The calling thread is one of the `threads`: one thread fewer to start, and it does not
    // sleep until the others finish (it only waits for the slide still being laid out).
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    done.into_inner().unwrap_or_else(|p| p.into_inner())
}
